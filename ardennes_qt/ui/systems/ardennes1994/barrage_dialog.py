"""The barrage dialog of The Ardennes (1994): any number of guns, and in a US Barrage Phase
US Air Points, fire together at one hex (1.10, 1.10bB, 3.2c).

Pick the target (from the list or on the map, where every hex that may be barraged now is
tinted); the guns that may fire at it are listed, each ticked to join, and the Air Points
left are offered beside them.  Before the dice are rolled the dialog shows what each gun
adds, the total and its column on the Barrage Table, every column shift with its reason,
and the chance of each result.  Fire applies the rules' Barrage action; the guns that fired
leave the list, and the dialog stays for the next target.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.decision_words import rule_action
from ardennes_qt.ui.hex_marks import ATTACKER, CHOICE, CHOSEN, add_marks, remove_marks

if TYPE_CHECKING:
    from ardennes_qt.ui.table_plugins import TableContext

RESULTS = {"-": "no effect", "DG": "disorganized (DG)"}
EFFECTS = ("A DG'd stack moves, attacks and defends at less until its side's Clean Up (1.11); a number is "
           "that many steps lost as well, chosen by the owner (1.10b).")


def result_words(result: str) -> str:
    return RESULTS.get(result) or f"{result} step{'s' if result != '1' else ''} lost and DG"


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def rolls(outcomes, result: str) -> str:
    """The two-dice totals that give the result, as runs: "8-11", "2-7, 12"."""
    totals = [t for t, r in outcomes if r == result]
    runs: list[list[int]] = []
    for t in totals:
        if runs and runs[-1][-1] == t - 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def chances_html(chances) -> str:
    """What fires and adds what, the column, the shifts and each result's chance."""
    points = "".join(f"<div><b>{escape(str(p))}</b> from {escape(why)} <i>({escape(rule)})</i></div>" for p, why, rule in chances.points)
    total = f"<div><b>{chances.total} points</b>"
    if chances.first_column is None:
        total += " — under the table's first column"
    total += "</div>"
    if chances.shifts:
        shifts = "".join(f"<div><b>{s:+d}</b> column{'s' if abs(s) != 1 else ''}: {escape(why)} <i>({escape(rule)})</i></div>"
                         for s, why, rule in chances.shifts)
    else:
        shifts = "<div>No column shifts.</div>"
    if chances.column is None:
        column = "<div><b>Shifted off the table: the barrage has no effect.</b></div>"
    else:
        column = f"<div>Barrage Table column <b>{escape(chances.column_name)}</b>; two dice:</div>"
    results = "".join(f"<div>{escape(result_words(r))}: <b>{percent(c)}</b> (rolls {rolls(chances.outcomes, r)})</div>"
                      for r, c in chances.chances if c)
    notes = "".join(f"<div style='color:#8d6e00'>{escape(n)}</div>" for n in chances.notes)
    return points + total + shifts + column + results + notes


class BarrageDialog(QDialog):
    def __init__(self, window: TableContext, target: str = "", gun: str = "") -> None:
        super().__init__(window.widget)
        self.window = window
        self.setWindowTitle("Barrage")
        self.setModal(False)
        view = window.view
        self.marks = {style: add_marks(view.scene(), view.terrain, style) for style in (CHOICE, ATTACKER, CHOSEN)}
        view.hexClicked.connect(self._map_clicked)
        self.target = QComboBox()
        self.target.setEditable(True)
        self.target.setToolTip("The hex to barrage: pick one, type its id, or click it on the map")
        self.target.currentTextChanged.connect(lambda _t: self._show_target())
        self.guns = QListWidget()
        self.guns.setToolTip("Tick each gun that joins: guns firing together add their strengths (1.10bB)")
        self.guns.itemChanged.connect(lambda _i: self._show_chances())
        self.guns.setMaximumHeight(140)
        self.air = QSpinBox()
        self.air.setSuffix(" Air Point(s)")
        self.air.setToolTip("US Air Points join a barrage at 5 points each, at any range (3.2c)")
        self.air.valueChanged.connect(lambda _v: self._show_chances())
        self.chances = QLabel()
        self.chances.setWordWrap(True)
        self.chances.setTextFormat(Qt.RichText)
        self.effects = QLabel(EFFECTS)
        self.effects.setWordWrap(True)
        self.effects.setStyleSheet("color: gray; font-size: small")
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setStyleSheet("font-size: 12pt; font-weight: bold")
        self.fire = QPushButton("&Fire")
        self.fire.setDefault(True)
        self.fire.clicked.connect(self.fire_now)
        close = QPushButton("&Close")
        close.clicked.connect(self.reject)
        form = QFormLayout()
        for text, field in (("&Target:", self.target), ("&Guns:", self.guns), ("&Air:", self.air)):
            label = QLabel(text)
            label.setBuddy(field)
            form.addRow(label, field)
        buttons = QHBoxLayout()
        buttons.addWidget(self.result, 1)
        buttons.addWidget(self.fire)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.chances)
        layout.addWidget(self.effects)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self._wanted_gun = gun
        self._fill_targets(target)
        self.resize(520, 600)

    @property
    def session(self):
        return self.window.session

    def target_hex(self) -> str:
        return self.target.currentText().split(" ", 1)[0].strip().upper()

    def chosen_guns(self) -> tuple[str, ...]:
        return tuple(self.guns.item(i).data(Qt.UserRole) for i in range(self.guns.count())
                     if self.guns.item(i).checkState() == Qt.Checked)

    # --- choosing ------------------------------------------------------------------------------

    def targets(self) -> list[str]:
        """The hexes that may be barraged now, by the families of legal actions."""
        return [f.hex for f in self.session.choices() if f.kind == "barrage" and f.hex]

    def _fill_targets(self, wanted: str = "") -> None:
        session = self.session
        targets = self.targets()
        if self._wanted_gun:
            targets = [h for h in targets if self._wanted_gun in session.barrage_guns(h)] or targets
        kept = wanted or self.target_hex()
        self.target.blockSignals(True)
        self.target.clear()
        for h in targets:
            self.target.addItem(f"{h} " + ", ".join(u.name for u in session.stack_at(h)))
        self.target.setEditText(kept if kept else (self.target.itemText(0) if targets else ""))
        self.target.blockSignals(False)
        self.marks[CHOICE].show_hexes(targets)
        self._show_target()

    def _map_clicked(self, hex_id: str, unit_id: str, modifiers) -> None:
        if self.isVisible():
            self.target.setEditText(hex_id)

    def _show_target(self) -> None:
        session = self.session
        target = self.target_hex()
        self.result.clear()
        self.guns.blockSignals(True)
        self.guns.clear()
        if not self._known(target):
            self.guns.blockSignals(False)
            self.air.setRange(0, 0)
            self.air.setEnabled(False)
            self.chances.setText("Pick a target hex: from the list, by its id, or on the map." if self.targets()
                                 else "No hex may be barraged now: barrages are fired in a Barrage Phase, at enemy "
                                      "units within a gun's range (1.10).")
            self.fire.setEnabled(False)
            self.marks[CHOSEN].clear()
            self.marks[ATTACKER].clear()
            return
        for uid in session.barrage_guns(target):
            unit = session.unit(uid)
            item = QListWidgetItem(f"{unit.name} ({unit.formation_name}) {unit.values} in {unit.hex}")
            item.setData(Qt.UserRole, uid)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            wanted = not self._wanted_gun or uid == self._wanted_gun
            item.setCheckState(Qt.Checked if wanted else Qt.Unchecked)
            self.guns.addItem(item)
        self.guns.blockSignals(False)
        air = session.barrage_air_points(target)
        self.air.blockSignals(True)
        self.air.setRange(0, air)
        self.air.setValue(0)
        self.air.blockSignals(False)
        self.air.setEnabled(air > 0)
        self.air.setSpecialValueText("none left" if not air else "")
        self.marks[CHOSEN].show_hexes((target,))
        self._show_chances()

    def _show_chances(self) -> None:
        target, guns, air = self.target_hex(), self.chosen_guns(), self.air.value()
        self.marks[ATTACKER].show_hexes(sorted({self.session.unit(g).hex for g in guns}))
        if not guns and not air:
            self.chances.setText("No gun may fire at this hex now." if not self.guns.count() and not self.air.maximum()
                                 else "Tick the guns that fire (or add Air Points).")
            self.fire.setEnabled(False)
            return
        self.chances.setText(chances_html(self.session.chances_together(target, guns, air)))
        self.fire.setEnabled(True)

    def _known(self, hex_id: str) -> bool:
        try:
            return bool(hex_id) and self.session.map.contains(self.session.map.parse(hex_id))
        except ValueError:
            return False

    # --- the roll ------------------------------------------------------------------------------

    def fire_now(self) -> None:
        target = self.target_hex()
        action = rule_action("barrage", system=self.session.content.system, artillery=list(self.chosen_guns()),
                             target=target, air_points=self.air.value())
        try:
            outcome = self.session.apply(action)
        except Refused as refusal:
            self.result.setText(f"<span style='color:#c62828'>Not allowed: {escape(str(refusal))}</span>")
            return
        said = outcome.log[0].text if outcome.log else "Fired."
        self._wanted_gun = ""
        self._fill_targets(target if target in self.targets() else "")
        self.result.setText(escape(said))
        self.result.setToolTip("\n".join(r for line in outcome.log for r in line.reasons))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fill_targets()

    def done(self, code: int) -> None:
        for marks in self.marks.values():
            marks.clear()
        super().done(code)

    def forget_map(self) -> None:
        """The game on the table is another: take the marks off the old map."""
        remove_marks(*self.marks.values())
