"""Both sides' strengths unit by unit with every modifier (DG ½, barrage ½ or ¼), the raw
odds, each column shift with its reason and rule, and the final column - the engine's
odds report, shown as it gives it.  Provisional series rules carry their mark."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.decision_words import ESTIMATED, showing_estimated

PROVISIONAL = "#b26a00"
ATTACK_HEAD = "#c62828"
DEFENSE_HEAD = "#1565c0"


def strength_text(value: Fraction | int) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def factor_text(factor: Fraction) -> str:
    return {Fraction(1, 2): "½", Fraction(1, 4): "¼"}.get(Fraction(factor), str(factor))


def _strength_rows(session: Session, strengths, heading: str, colour: str, total: Fraction) -> str:
    rows = [f"<tr><th align=left style='color:{colour}'>{heading}</th>"
            "<th align=right style='color:gray; font-weight:normal'>counter</th><th align=right>now</th></tr>"]
    for s in strengths:
        unit = session.unit(s.unit)
        mark = f"<span style='color:{PROVISIONAL}'>{ESTIMATED}</span>" if showing_estimated(session, s.unit) else ""
        mods = "<br>".join(f"×{factor_text(f)} {escape(reason)} <i>({escape(rule)})</i>" for f, reason, rule in s.modifiers)
        name = f"{escape(unit.name)} <span style='color:gray'>{escape(unit.values)} · {session.map.hex_id(s.hex)}</span>"
        rows.append(f"<tr><td>{name}{'<br><small>' + mods + '</small>' if mods else ''}</td>"
                    f"<td align=right valign=top>{mark}{s.printed}</td>"
                    f"<td align=right valign=top><b>{strength_text(s.value)}</b></td></tr>")
    rows.append(f"<tr><td align=right><b>Total</b></td><td></td><td align=right><b>{strength_text(total)}</b></td></tr>")
    return "<table cellspacing=0 cellpadding=3 width='100%'>" + "".join(rows) + "</table>"


def note_html(text: str, rule: str) -> str:
    mark = "provisional" in text
    style = f" style='color:{PROVISIONAL}'" if mark else ""
    return f"<div{style}>{'⚠ ' if mark else ''}{escape(text)} <i>({escape(rule)})</i></div>"


def report_html(session: Session, report) -> str:
    """The odds report as the dialog shows it."""
    sides = (
        "<table width='100%' cellspacing=6><tr>"
        f"<td width='50%' valign=top>{_strength_rows(session, report.attackers, 'Attack', ATTACK_HEAD, report.attack)}</td>"
        f"<td width='50%' valign=top>{_strength_rows(session, report.defenders, 'Defense', DEFENSE_HEAD, report.defense)}</td>"
        "</tr></table>"
    )
    raw = f"<p>Raw odds: {strength_text(report.attack)} to {strength_text(report.defense)} = <b>{escape(report.raw)}</b></p>"
    if report.shifts:
        shifts = "".join(f"<li><b>{shift:+d}</b> column{'s' if abs(shift) > 1 else ''}: {escape(reason)} <i>({escape(rule)})</i></li>"
                         for shift, reason, rule in report.shifts)
        shifts = f"<p>Column shifts:</p><ul style='margin-top:0'>{shifts}</ul>"
    else:
        shifts = "<p>No column shifts.</p>"
    if report.allowed:
        final = f"<p style='font-size:15pt'>Combat Table column: <b>{escape(report.column)}</b></p>"
    else:
        final = "<p style='font-size:13pt; color:#c62828'><b>This attack may not be made</b></p>"
    notes = "".join(note_html(text, rule) for text, rule in report.notes)
    units = [s.unit for s in (*report.attackers, *report.defenders)]
    if any(showing_estimated(session, u) for u in units):
        notes += (f"<div style='color:{PROVISIONAL}'>{ESTIMATED} estimated: a reduced side no rules document "
                  "prints (the Unit panel gives the rule that fills it)</div>")
    return sides + raw + shifts + final + f"<div style='font-size:small'>{notes}</div>"


class OddsPanel(QLabel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.RichText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Minimum)
        self.report = None

    def show_report(self, session: Session, report) -> None:
        self.report = report
        self.setText(report_html(session, report))

    def show_refusal(self, reason: str) -> None:
        self.report = None
        self.setText(f"<p style='color:#c62828; font-size:12pt'><b>No attack:</b> {escape(reason)}</p>")
