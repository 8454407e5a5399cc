"""The unit panel: everything about the selected unit, with each estimated value
marked and its reason in a tooltip.

The rules documents print only a counter's full values and type; the reduced side,
the Leg/Mech MA colour, the exploit banner, the number of steps and formation colours
were filled in by stated rules.  The panel never lets an estimated value pass for a
printed one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.counter_art import counter_image

ESTIMATED_MARK = "\u2248 estimated"
ESTIMATED_STYLE = "color: #b26a00; font-weight: bold;"
PORTRAIT_PIXELS = 96

# Panel rows: (label, the provenance field behind the value, how to show the value).
ROWS = (
    ("Name", "", lambda u, face, schema: u.name),
    ("Id", "", lambda u, face, schema: u.id),
    ("Formation", "", lambda u, face, schema: u.formation_name),
    ("Band colour", "colour", lambda u, face, schema: _swatch(face.band_colour)),
    ("Side", "", lambda u, face, schema: f"{u.side} ({u.nationality})"),
    ("Type", "", lambda u, face, schema: f"{u.unit_type} — {face.symbol.words}"),
    ("Showing", "", lambda u, face, schema: f"{u.values}{' (reduced side)' if u.reduced else ''}"),
    ("Full side", "full", lambda u, face, schema: u.full_values),
    ("Reduced side", "reduced", lambda u, face, schema: u.reduced_values or "none (one-step unit)"),
    ("Steps", "steps", lambda u, face, schema: f"{u.steps} of {u.max_steps}"),
    ("Movement", "ma_type", lambda u, face, schema: f"{schema.movement_classes.get(u.ma_type, u.ma_type)} "
                                                    f"({'black' if u.ma_type == 'mech' else 'white'} MA)"),
    ("Exploit", "exploit", lambda u, face, schema: "yes (yellow banner)" if u.exploit else "no"),
    ("Where", "", lambda u, face, schema: u.hex if u.where == "map" else u.where.replace("dead", "dead pile")),
    ("DG", "", lambda u, face, schema: "yes — Disorganized" if u.dg else "no"),
    ("Status", "", lambda u, face, schema: ", ".join(_status_words(schema, s) for s in u.statuses if s != "dg") or "—"),
)
ROWS_FOR = {"Exploit": lambda schema: schema.exploit_banners, "Status": lambda schema: len(schema.statuses) > 1}


def _status_words(schema, status: str) -> str:
    word = schema.status(status)
    return f"{word.label} ({word.rule})" if word is not None and word.rule else (word.label if word else status)


def _swatch(colour: str) -> str:
    return f'<span style="background-color:{colour}">&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</span> {colour}'


class UnitPanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.unit_id: str | None = None
        self.portrait = QLabel()
        self.portrait.setAlignment(Qt.AlignCenter)
        self.hint = QLabel("Click a counter on the map to see its unit here.")
        self.hint.setWordWrap(True)
        self.details = QWidget()  # hidden with no unit shown: a form of empty rows says nothing
        form = QFormLayout(self.details)
        form.setContentsMargins(0, 0, 0, 0)
        form.setLabelAlignment(Qt.AlignRight)
        self.values: dict[str, QLabel] = {}
        self.marks: dict[str, QLabel] = {}
        self.rows: dict[str, QWidget] = {}
        for label, _, _ in ROWS:
            value = QLabel()
            value.setTextInteractionFlags(Qt.TextSelectableByMouse)
            value.setWordWrap(True)
            mark = QLabel(ESTIMATED_MARK)
            mark.setStyleSheet(ESTIMATED_STYLE)
            row = QWidget()
            line = QVBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(0)
            line.addWidget(value)
            line.addWidget(mark)
            form.addRow(label, row)
            self.values[label], self.marks[label], self.rows[label] = value, mark, row
        layout = QVBoxLayout(self)
        layout.addWidget(self.portrait)
        layout.addWidget(self.hint)
        layout.addWidget(self.details)
        layout.addStretch(1)
        self.show_unit(None, None)

    def show_unit(self, session: Session | None, unit_id: str | None, face=None,
                  reasons: dict[str, str] | None = None) -> None:
        """Show ``unit_id`` of ``session`` (None clears the panel); ``face`` is its drawn counter."""
        self.unit_id = unit_id
        unit: UnitView | None = session.unit(unit_id) if session is not None and unit_id else None
        self.hint.setVisible(unit is None)
        self.details.setVisible(unit is not None)
        self.portrait.setPixmap(QPixmap.fromImage(counter_image(face, PORTRAIT_PIXELS)) if unit and face else QPixmap())
        provenance = session.content.counter(unit_id).provenance if unit else {}
        schema = session.system.schema() if session is not None else None
        form = self.details.layout()
        for label, field, show in ROWS:
            value, mark = self.values[label], self.marks[label]
            shown = schema is None or ROWS_FOR.get(label, lambda _s: True)(schema)
            form.setRowVisible(self.rows[label], shown)
            value.setText(show(unit, face, schema) if unit and face and shown else "")
            source = provenance.get(field, "") if field else ""
            estimated = source.startswith("estimated")
            mark.setVisible(estimated)
            why = estimate_tooltip(field, source, reasons or {}) if estimated else ""
            value.setToolTip(why)
            mark.setToolTip(why)


def estimate_tooltip(field: str, source: str, reasons: dict[str, str]) -> str:
    reason = reasons.get(field) or "The rules documents do not print this value; it was filled in by a stated rule."
    detail = source.partition(":")[2].strip()
    return f"Estimated, not printed: {reason}" + (f"\n({detail})" if detail else "")
