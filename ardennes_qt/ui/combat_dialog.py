"""The combat dialog: an attack (3.2) or an overrun (3.3) from the choice of attackers to
the end of the combat.

Before the dice: the attackers (tick or untick each), both sides' strengths with every
modifier, the raw odds, each shift with its reason and rule, the final column and the
exact chance of every result.  The defender's Hold or Retreat follows (or the reasons it
must Hold); then the roll, the losses, the retreat and the advance, each answered in the
dialog's Decision panel or on the map.  Esc cancels until the dice are thrown; after
that "Undo this combat" takes the whole combat back in one step (the dice are in the
game's state, so the same roll comes again).  The dialog asks the engine for everything
and applies every step through ``session.apply``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.decision_prompts import DecisionPanel, DecisionPrompt
from ardennes_qt.ui.decision_words import COMBAT_KINDS, rule_action, unit_label
from ardennes_qt.ui.hex_marks import ATTACKER, DEFENDER, add_marks, remove_marks
from ardennes_qt.ui.odds_panel import OddsPanel
from ardennes_qt.ui.result_chart import LEGEND, ResultChart, result_words

if TYPE_CHECKING:
    from ardennes_qt.ui.table_window import TableWindow

ROLL = re.compile(r"rolled (\d)\+(\d) = (\d+), (\S+) \(")
OVERRUN_AFTER = ("No advance after an Overrun: if the defender's hex is emptied the stack enters it at no "
                 "MP cost, and may move on with what is left of its MA (3.3).")


def attackable_hexes(session) -> list[str]:
    """The hexes the rules open to an attack now: the defenders of their attack families."""
    hexes = set()
    for family in session.choices():
        if family.label.startswith("attack "):
            hexes.update(a.defender for a in family.actions() if a.kind == "attack")
    return sorted(hexes)


def rolled_in(lines) -> tuple[str, str]:
    """(the dice as thrown, the result) from a combat's log lines, once they are thrown."""
    for line in lines:
        m = ROLL.search(line.text)
        if m:
            return f"{m.group(1)} + {m.group(2)} = {m.group(3)}", m.group(4)
    return "", ""


class CombatDialog(QDialog):
    def __init__(self, window: TableWindow, prompt: DecisionPrompt, defender_hex: str = "",
                 attackers=(), overrun_units=()) -> None:
        super().__init__(window)
        self.window = window
        self.prompt = prompt
        self.overrun = tuple(overrun_units)
        self.wanted = tuple(attackers)
        self.start: int | None = None  # the game's history position before the combat began
        self.log_from = 0
        self.report = None
        self.setWindowTitle("Overrun" if self.overrun else "Attack")
        self.setModal(False)

        self.defender = QComboBox()
        self.defender.setToolTip("The enemy hex to attack: the hexes open to an attack now are listed")
        self.defender.currentTextChanged.connect(self._defender_changed)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.attackers = QListWidget()
        self.attackers.setToolTip("Tick the units that attack (Space ticks the one selected)")
        self.attackers.setWordWrap(True)
        self.attackers.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.attackers.itemChanged.connect(lambda _item: self.update_odds())
        self.route = QLabel()
        self.route.setWordWrap(True)
        self.hold = QLabel()
        self.hold.setWordWrap(True)
        self.odds = OddsPanel()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.odds)
        scroll.setMinimumHeight(220)
        self.dice = QLabel()
        self.dice.setStyleSheet("font-size: 13pt; font-weight: bold; margin-top: 6px")
        self.dice.setWordWrap(True)
        self.chart = ResultChart()
        legend = QLabel(LEGEND)
        legend.setWordWrap(True)
        legend.setStyleSheet("color: gray; font-size: small")
        self.decision = DecisionPanel(prompt)
        self.happened = QListWidget()
        self.happened.setToolTip("What happened, step by step; hover a line for its reasons")
        self.happened.setWordWrap(True)
        self.happened.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        view = window.view
        self.marks = {style: add_marks(view.scene(), view.terrain, style) for style in (ATTACKER, DEFENDER)}
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828")
        self.commit = QPushButton("&Attack")
        self.commit.setDefault(True)
        self.commit.clicked.connect(self.make_combat)
        self.undo_combat = QPushButton("&Undo this combat")
        self.undo_combat.setToolTip("Take the whole combat back; the dice are part of the game, so the same roll comes again")
        self.undo_combat.clicked.connect(self.take_back)
        self.close_button = QPushButton("&Close")
        self.close_button.clicked.connect(self.reject)
        self._lay_out(scroll, legend)

        prompt.changed.connect(self._game_changed)
        self._fill_defenders(defender_hex)
        self.resize(960, 780)

    def _lay_out(self, scroll: QScrollArea, legend: QLabel) -> None:
        left = QVBoxLayout()
        defender_label = QLabel("&Defender:")
        defender_label.setBuddy(self.defender)
        attackers_label = QLabel("Atta&ckers:")
        attackers_label.setBuddy(self.attackers)
        for widget in (defender_label, self.defender, self.heading, attackers_label):
            left.addWidget(widget)
        left.addWidget(self.attackers, 1)
        left.addWidget(self.route)
        left.addWidget(self.hold)
        right = QVBoxLayout()
        right.addWidget(scroll, 1)
        right.addWidget(self.dice)
        right.addWidget(self.chart)
        right.addWidget(legend)
        top = QHBoxLayout()
        left_box = QWidget()
        left_box.setLayout(left)
        left_box.setMinimumWidth(300)
        left_box.setMaximumWidth(360)
        top.addWidget(left_box)
        top.addLayout(right, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.decision, 3)
        bottom.addWidget(self.happened, 2)
        buttons = QHBoxLayout()
        buttons.addWidget(self.error, 1)
        for button in (self.commit, self.undo_combat, self.close_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 3)
        layout.addLayout(bottom, 2)
        layout.addLayout(buttons)

    @property
    def session(self):
        return self.window.session

    @property
    def live(self) -> bool:
        return self.start is not None

    def defender_hex(self) -> str:
        return self.defender.currentText().split(" ", 1)[0]

    # --- before the combat -----------------------------------------------------------------------

    def _fill_defenders(self, wanted: str) -> None:
        """The hexes the rules open to an attack now, and the one asked for in any case."""
        hexes = [] if self.overrun else attackable_hexes(self.session)
        if wanted and wanted not in hexes:
            hexes.insert(0, wanted)
        self.defender.blockSignals(True)
        self.defender.clear()
        for h in hexes:
            self.defender.addItem(f"{h} {self.session.hex_info(h)['name']}".strip())
        self.defender.setCurrentIndex(hexes.index(wanted) if wanted in hexes else 0)
        self.defender.setEnabled(not self.overrun and len(hexes) > 1)
        self.defender.blockSignals(False)
        self._defender_changed()

    def _defender_changed(self, _text: str = "") -> None:
        hex_id = self.defender_hex()
        session = self.session
        stack = session.stack_at(hex_id) if hex_id else []
        terrain = ", ".join(t.replace("_", " ") for t in session.hex_info(hex_id)["terrain"]) if hex_id else ""
        defenders = "; ".join(unit_label(session, u.id) for u in stack) or "nobody"
        self.heading.setText(f"<b>{hex_id}</b> {terrain}<br>{defenders}" if hex_id else "No enemy hex to attack now.")
        self._fill_attackers()

    def _fill_attackers(self) -> None:
        session = self.session
        hex_id = self.defender_hex()
        if self.overrun:
            stacks = {session.unit(self.overrun[0]).hex: self.overrun}
        else:
            stacks = session.attackers(hex_id) if hex_id else {}
        self.attackers.blockSignals(True)
        self.attackers.clear()
        for from_hex, ids in stacks.items():
            for uid in ids:
                item = QListWidgetItem(f"{unit_label(session, uid)} — from {from_hex}")
                item.setData(Qt.UserRole, uid)
                if not self.overrun:
                    item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                    item.setCheckState(Qt.Checked if not self.wanted or uid in self.wanted else Qt.Unchecked)
                self.attackers.addItem(item)
        self.attackers.blockSignals(False)
        if not stacks:
            self.attackers.addItem("No unit may attack this hex now")
        self.update_odds()

    def chosen_attackers(self) -> tuple[str, ...]:
        out = []
        for i in range(self.attackers.count()):
            item = self.attackers.item(i)
            uid = item.data(Qt.UserRole)
            if uid and (self.overrun or item.checkState() == Qt.Checked):
                out.append(uid)
        return tuple(out)

    def _launch(self) -> str | None:
        """An overrun attacks from the last hex of its road route (3.3)."""
        route = self.session.overrun_routes(self.overrun).get(self.defender_hex()) if self.overrun else None
        if not route:
            return None
        self.route.setText(
            "Road route: " + " › ".join(step.hex for step in route[:-1]) + f", then the overrun into {route[-1].hex}: "
            f"{route[-1].mp} MP in all (" + "; ".join(f"+{mp} {reason}, {rule}" for mp, reason, rule in route[-1].reasons)
            + ").  " + OVERRUN_AFTER)
        return route[-2].hex

    def update_odds(self) -> None:
        if self.live:
            return
        self.error.clear()
        hex_id, units = self.defender_hex(), self.chosen_attackers()
        launch = self._launch()
        if self.overrun and launch is None:
            self.route.setText(f"No road route into {hex_id} is open to this stack now: Overrun asks the rules why.")
        try:
            self.report = self.session.odds(units, hex_id, launch) if units and hex_id else None
        except Refused as refusal:
            self.report = None
            self.odds.show_refusal(str(refusal))
        else:
            if self.report is None:
                self.odds.show_refusal("tick at least one attacker")
            else:
                self.odds.show_report(self.session, self.report)
        self.chart.show_results(self.report.probabilities if self.report else ())
        self.dice.setText(f"Each result's chance on {self.report.column}, two dice:" if self.report and self.report.allowed else "")
        self.marks[DEFENDER].show_hexes((hex_id,) if hex_id else ())
        launch = [launch] if launch else []
        self.marks[ATTACKER].show_hexes(launch or sorted({self.session.unit(u).hex for u in units}))
        self._show_hold(hex_id)
        self.commit.setEnabled(bool(units and hex_id))

    def _show_hold(self, hex_id: str) -> None:
        reasons = self.session.mandated_hold(hex_id) if hex_id and self.session.stack_at(hex_id) else ()
        verb = "Overrun" if self.overrun else "Attack"
        if reasons:
            items = "".join(f"<li>{reason} <i>({rule})</i></li>" for reason, rule in reasons)
            self.hold.setText(f"<b>The defender must Hold</b>, so the dice are thrown at once:<ul>{items}</ul>")
            self.commit.setText(f"&{verb} and roll")
        else:
            self.hold.setText("<b>The defender may Hold or Retreat</b> 5 hexes before combat (3.2): it answers "
                              "once the attack is made.")
            self.commit.setText(f"&{verb}")

    # --- the combat --------------------------------------------------------------------------------

    def make_combat(self) -> None:
        units, hex_id = self.chosen_attackers(), self.defender_hex()
        if self.overrun:
            action = rule_action("overrun", units=list(units), target=hex_id)
        else:
            action = rule_action("attack", attackers=list(units), defender=hex_id)
        before, log_from = self.session.history_position, len(self.session.log())
        self.start, self.log_from = before, log_from
        try:
            self.session.apply(action)
        except Refused as refusal:
            self.start = None
            self.error.setText(f"Not allowed: {refusal}")

    def _ours(self) -> dict | None:
        """The pending combat Decision if it is this combat's."""
        decision = self.session.decision()
        if decision is None or decision["kind"] not in COMBAT_KINDS:
            return None
        battle = decision["data"]["battle"]
        return decision if battle["defender_hex"] == self.defender_hex() and battle["attackers"] == self.chosen_attackers() else None

    def _game_changed(self) -> None:
        if not self.live:
            if self.isVisible():
                self._fill_attackers()
            return
        if self.session.history_position <= self.start:
            self._back_to_planning()
            return
        lines = self.session.log()[self.log_from:]
        self.happened.clear()
        for line in lines:
            self.happened.addItem(line.text)
            self.happened.item(self.happened.count() - 1).setToolTip("\n".join(line.reasons))
        thrown, result = rolled_in(lines)
        self.dice.setText(f"Rolled {thrown}: {result} — {result_words(result)}" if thrown else "")
        self.chart.show_results(self.report.probabilities if self.report else (), result)
        ours = self._ours()
        survivors = [u for u in self.chosen_attackers() if self.session.unit(u).hex]
        self.marks[ATTACKER].show_hexes(sorted({self.session.unit(u).hex for u in survivors}))
        self.decision.setVisible(ours is not None)
        self.happened.setVisible(True)
        self.hold.setVisible(False)  # what the defender did is in the log beside
        cancellable = ours is not None and ours["kind"] == "hold_or_retreat"
        self.undo_combat.setText("&Cancel the attack" if cancellable else "&Undo this combat")
        self.undo_combat.setVisible(True)
        self.commit.setVisible(False)
        self.attackers.setEnabled(False)
        self.defender.setEnabled(False)
        self.error.setText("" if ours else "The combat is over.")

    def _back_to_planning(self) -> None:
        self.start = None
        self.happened.clear()
        self.happened.setVisible(False)
        self.hold.setVisible(True)
        self.decision.setVisible(False)
        self.undo_combat.setVisible(False)
        self.commit.setVisible(True)
        self.attackers.setEnabled(True)
        self._fill_defenders(self.defender_hex())

    def take_back(self) -> None:
        """Undo every step of this combat: the game as it was before the attack."""
        start = self.start
        while start is not None and self.session.history_position > start and self.session.can_undo:
            self.session.undo()

    def reject(self) -> None:
        """Esc and Close: before the dice an attack made is taken back; after them the combat
        goes on in the Decision panel."""
        ours = self._ours() if self.live else None
        if ours is not None and ours["kind"] == "hold_or_retreat":
            self.take_back()
        super().reject()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self.live:
            for widget in (self.decision, self.happened, self.undo_combat):
                widget.setVisible(False)
        self.attackers.setFocus()

    def done(self, code: int) -> None:
        for marks in self.marks.values():
            marks.clear()
        super().done(code)

    def forget_map(self) -> None:
        """The game on the table is another: take the marks off the old map."""
        remove_marks(*self.marks.values())


def open_attack(window: TableWindow, defender_hex: str = "", attackers=()) -> CombatDialog:
    """Open the combat dialog on an enemy hex, with these attackers ticked (all that may, if none)."""
    return window.combat.open_attack(defender_hex, tuple(attackers))


def run_overrun(window: TableWindow, units, target: str) -> CombatDialog:
    """Open the combat dialog for an Overrun of ``target`` by the stack ``units`` (3.3): the
    road route, the odds from the hex next to the defender, then the combat as any other."""
    return window.combat.open_overrun(tuple(units), target)
