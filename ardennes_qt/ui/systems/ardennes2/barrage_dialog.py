"""The barrage dialog: one artillery unit, or a US Air Strike, fires at one hex (3.5, 2.2).

Pick the firer and the target (from the lists, or by clicking the map, where the gun's
range is outlined, the hexes it may hit are tinted and the spotters marked); before the
die is rolled the dialog shows every requirement met or not, the terrain's Success
Roll, every die roll modifier with its reason, and the chance of a Half and of a Full
marker.  Fire applies the engine's Barrage (or AirStrike) action; the marker it places
shows on the map and the dialog stays for the next gun.  Half markers are reconciled
by the engine when the phase ends; their results are in the phase report.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.units import Values
from ardennes_qt.ui.systems.ardennes2.barrage_chances import ChancesBar, chances_html
from ardennes_qt.ui.decision_words import rule_action
from ardennes_qt.ui.hex_marks import ATTACKER, CHOICE, CHOSEN, REACH, SPOTTER, add_marks, remove_marks

if TYPE_CHECKING:
    from ardennes_qt.ui.table_plugins import TableContext

AIR_STRIKE = ""  # the firer entry of a US Air Strike
MARKER_EFFECTS = ("A Full marker halves the attack and defense of the enemy units in its hex, two or more quarter "
                  "them, and moving in or out costs more (3.5).  Half markers are reconciled when the phase ends: "
                  "two become a Full one, a single one rolls (3.5); the phase report gives the results.")


def artillery_range(session, unit_id: str) -> int:
    return Values.parse(session.unit(unit_id).values).bracket or 0


def firers(session, side: str, target: str = "") -> list[str]:
    """Artillery of ``side`` on the map; with a target, only the guns that may fire at it now."""
    guns = [u.id for u in session.units() if u.artillery and u.where == "map" and u.side == side]
    if target:
        guns = [g for g in guns if session.barrage_allowed(g, target)[0]]
    return guns


class BarrageDialog(QDialog):
    def __init__(self, window: TableContext, artillery: str = "", target: str = "") -> None:
        super().__init__(window.widget)
        self.window = window
        self.setWindowTitle("Barrage")
        self.setModal(False)
        view = window.view
        self.marks = {style: add_marks(view.scene(), view.terrain, style) for style in (REACH, CHOICE, SPOTTER, ATTACKER, CHOSEN)}
        view.hexClicked.connect(self._map_clicked)
        self.firer = QComboBox()
        self.firer.currentIndexChanged.connect(lambda _i: self._firer_changed())
        self.target = QComboBox()
        self.target.setEditable(True)
        self.target.setToolTip("The hex to barrage: pick one, type its id, or click it on the map")
        self.target.currentTextChanged.connect(lambda _t: self._show_target())
        self.spotter = QComboBox()
        self.spotter.setToolTip("Who spots: a unit that spots moves no further this phase (3.5).  Left to the rules, "
                                "the one it costs least spots; a hex's first Air Strike of the phase needs none.")
        self.spotter.currentIndexChanged.connect(lambda _i: self._show_target())
        self.checks = QLabel()
        self.checks.setWordWrap(True)
        self.chances = QLabel()
        self.chances.setWordWrap(True)
        self.effects = QLabel(MARKER_EFFECTS)
        self.effects.setWordWrap(True)
        self.effects.setStyleSheet("color: gray; font-size: small")
        self.bar = ChancesBar()
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setStyleSheet("font-size: 12pt; font-weight: bold")
        self.fire = QPushButton("&Fire")
        self.fire.setDefault(True)
        self.fire.clicked.connect(self.fire_now)
        close = QPushButton("&Close")
        close.clicked.connect(self.reject)
        form = QFormLayout()
        for text, field in (("F&iring:", self.firer), ("&Target:", self.target), ("S&potter:", self.spotter)):
            label = QLabel(text)
            label.setBuddy(field)
            form.addRow(label, field)
        buttons = QHBoxLayout()
        buttons.addWidget(self.result, 1)
        buttons.addWidget(self.fire)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        for widget in (self.checks, self.chances, self.bar, self.effects):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self._fill_firers(artillery, target)
        if target:
            self.target.setEditText(target)
        self.resize(560, 560)

    @property
    def session(self):
        return self.window.session

    def firer_id(self) -> str:
        return self.firer.currentData() if self.firer.count() else AIR_STRIKE

    def target_hex(self) -> str:
        return self.target.currentText().split(" ", 1)[0].strip().upper()

    # --- choosing ----------------------------------------------------------------------------------

    def _fill_firers(self, artillery: str = "", target: str = "") -> None:
        session = self.session
        info = session.phase()
        side = session.unit(artillery).side if artillery else (info.acting or "German")
        guns = firers(session, side, target)
        if target and not guns:  # none may: every gun, each with its reasons
            guns = firers(session, side)
        if artillery and artillery not in guns:
            guns.insert(0, artillery)
        self.firer.blockSignals(True)
        self.firer.clear()
        for uid in guns:
            unit = session.unit(uid)
            self.firer.addItem(f"{unit.name} {unit.values} in {unit.hex}", uid)
        if side == "Allied" and getattr(info, "air_strikes", 0):
            self.firer.addItem(f"US Air Strike ({info.air_strikes} left this turn)", AIR_STRIKE)
        self.firer.setCurrentIndex(max(0, self.firer.findData(artillery)) if artillery else 0)
        self.firer.blockSignals(False)
        if not self.firer.count():
            self.firer.addItem(f"No {side} artillery on the map", AIR_STRIKE)
            self.firer.setEnabled(False)
        self._firer_changed()

    def _firer_changed(self) -> None:
        session = self.session
        gun = self.firer_id()
        side = session.unit(gun).side if gun else "Allied"
        targets = session.barrage_targets(gun) if gun else sorted({u.hex for u in session.units() if u.where == "map"})
        enemy = [h for h in targets if session.stack_at(h) and session.stack_at(h)[0].side != side]
        if not gun:
            targets = enemy
        targets = enemy + [h for h in targets if h not in enemy]  # hexes holding the enemy first
        kept = self.target_hex()
        self.target.blockSignals(True)
        self.target.clear()
        for h in targets:
            stack = session.stack_at(h)
            self.target.addItem(f"{h} " + (", ".join(u.name for u in stack) if stack else "(empty)"))
        self.target.setEditText(kept if kept else (self.target.itemText(0) if targets else ""))
        self.target.blockSignals(False)
        unit = session.unit(gun) if gun else None
        if unit is not None and unit.hex:
            reach = session.map.parse(unit.hex).within(artillery_range(session, gun))
            self.marks[REACH].show_hexes([session.map.hex_id(h) for h in reach if session.map.contains(h)], region=True)
            self.marks[ATTACKER].show_hexes((unit.hex,))
        else:
            self.marks[REACH].clear()
            self.marks[ATTACKER].clear()
        self.marks[CHOICE].show_hexes(enemy)
        self._show_target()

    def _map_clicked(self, hex_id: str, unit_id: str, modifiers) -> None:
        if self.isVisible():
            self.target.setEditText(hex_id)

    # --- before the roll ---------------------------------------------------------------------------

    def _show_target(self) -> None:
        session = self.session
        target, gun = self.target_hex(), self.firer_id() or None
        self.result.clear()
        if not target or not self._known(target):
            self.checks.setText("Pick a target hex: from the list, by its id, or on the map.")
            self.chances.clear()
            self.bar.show_chances(None)
            self.fire.setEnabled(False)
            for style in (SPOTTER, CHOSEN):
                self.marks[style].clear()
            self.effects.hide()
            return
        spotter = self._fill_spotters(target, gun)
        allowed, reasons = session.barrage_allowed(gun, target, spotter)
        self.effects.show()
        mark, colour = ("✓", "#2e7d32") if allowed else ("✗", "#c62828")
        self.checks.setText(f"<b style='color:{colour}'>{'May fire' if allowed else 'May not fire'}</b>"
                            + "".join(f"<div>{mark} {escape(r)}</div>" for r in reasons))
        chances = session.barrage_chances(target, gun)
        self.chances.setText(chances_html(chances))
        self.bar.show_chances(chances)
        self.fire.setEnabled(True)
        self.marks[CHOSEN].show_hexes((target,))

    def _fill_spotters(self, target: str, gun: str | None) -> str:
        """The units that may spot the target, marked on the map; the one chosen ("" for the rules' choice)."""
        session = self.session
        spotters = session.spotters(target, gun)
        kept = self.spotter.currentData() or ""
        self.spotter.blockSignals(True)
        self.spotter.clear()
        self.spotter.addItem("Let the rules choose" if spotters else "No unit within 2 hexes of the target", "")
        for uid in spotters:
            unit = session.unit(uid)
            self.spotter.addItem(f"{unit.name} in {unit.hex}", uid)
        self.spotter.setCurrentIndex(max(0, self.spotter.findData(kept)))
        self.spotter.blockSignals(False)
        self.marks[SPOTTER].show_hexes(sorted({session.unit(u).hex for u in spotters}))
        return self.spotter.currentData() or ""

    def _known(self, hex_id: str) -> bool:
        try:
            return self.session.map.contains(self.session.map.parse(hex_id))
        except ValueError:
            return False

    # --- the roll ----------------------------------------------------------------------------------

    def fire_now(self) -> None:
        gun, target = self.firer_id(), self.target_hex()
        spotted = {"spotter": self.spotter.currentData()} if self.spotter.currentData() else {}
        if gun:
            action = rule_action("barrage", system=self.session.content.system, artillery=gun, target=target, **spotted)
        else:
            action = rule_action("air_strike", system=self.session.content.system, target=target, **spotted)
        try:
            outcome = self.session.apply(action)
        except Refused as refusal:
            self.result.setText(f"<span style='color:#c62828'>Not allowed: {escape(str(refusal))}</span>")
            return
        self.result.setText(escape(outcome.log[0].text) if outcome.log else "Fired.")
        self.result.setToolTip("\n".join(outcome.log[0].reasons) if outcome.log else "")
        shown = self.result.text()
        self._fill_firers("", target)
        self.target.setEditText(target)
        self.result.setText(shown)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._firer_changed()

    def done(self, code: int) -> None:
        for marks in self.marks.values():
            marks.clear()
        super().done(code)

    def forget_map(self) -> None:
        """The game on the table is another: take the marks off the old map."""
        remove_marks(*self.marks.values())
