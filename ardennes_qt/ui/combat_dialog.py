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
from PySide6.QtWidgets import (QApplication, QDialog, QFrame, QHBoxLayout, QLabel, QListWidget, QPushButton,
                               QScrollArea, QVBoxLayout, QWidget)

from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.attack_choice import AttackChoice
from ardennes_qt.ui.decision_prompts import DecisionPanel, DecisionPrompt
from ardennes_qt.ui.decision_words import is_combat_decision, rule_action
from ardennes_qt.ui.hex_marks import ATTACKER, DEFENDER, add_marks, remove_marks
from ardennes_qt.ui.odds_panel import OddsPanel
from ardennes_qt.ui.result_chart import LEGEND, ResultChart, result_words

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

WIDTH, PLANNING_HEIGHT, PLAYING_HEIGHT = 580, 820, 900  # the Decisions and the log need room once the combat is made
ROLL = re.compile(r"rolled (\d)\+(\d) = (\d+), (\S+) \(")


def rolled_in(lines) -> tuple[str, str]:
    """(the dice as thrown, the result) from a combat's log lines, once they are thrown."""
    for line in lines:
        m = ROLL.search(line.text)
        if m:
            return f"{m.group(1)} + {m.group(2)} = {m.group(3)}", m.group(4)
    return "", ""


class CombatDialog(QDialog):
    def __init__(self, window: TableFace, prompt: DecisionPrompt, defender_hex: str = "",
                 attackers=(), overrun_units=()) -> None:
        super().__init__(window)
        self.window = window
        self.prompt = prompt
        self.overrun = tuple(overrun_units)
        self.start: int | None = None  # the game's history position before the combat began
        self.log_from = 0
        self.report = None
        self._closed = False
        self.setWindowTitle("Overrun" if self.overrun else "Attack")
        self.setModal(False)

        self.choice = AttackChoice(lambda: self.window.session, attackers, self.overrun)
        self.choice.changed.connect(self.update_odds)
        self.hold = QLabel()
        self.hold.setWordWrap(True)
        self.odds = OddsPanel()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.odds)
        scroll.setMinimumHeight(170)
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
        self.happened.setMaximumHeight(120)
        view = window.view
        self.marks = {style: add_marks(view.scene(), view.terrain, style) for style in (ATTACKER, DEFENDER)}
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828")
        self.notice = QLabel()  # how the combat stands, said calmly: it is no error
        self.notice.setWordWrap(True)
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
        self.choice.fill(defender_hex)
        self.resize(WIDTH, self._height_within(PLANNING_HEIGHT))

    def _height_within(self, wanted: int) -> int:
        """``wanted``, or less so the dialog stays over the map (it opens at the map's top)
        and within the screen."""
        room = [self.window.view.height() - 16]
        screen = self.window.screen() or QApplication.primaryScreen()
        if screen is not None:
            room.append(screen.availableGeometry().height() - 40)  # the title bar
        return max(300, min(wanted, *room))

    def _lay_out(self, scroll: QScrollArea, legend: QLabel) -> None:
        """One narrow column, to stand beside the map rather than over it: the choice, the
        odds and chances, then (once the combat is made) its Decisions and what happened."""
        buttons = QHBoxLayout()
        buttons.addWidget(self.error, 1)
        buttons.addWidget(self.notice, 1)
        for button in (self.commit, self.undo_combat, self.close_button):
            buttons.addWidget(button)
        body = QWidget()
        self.columns = QVBoxLayout(body)
        self.columns.setContentsMargins(0, 0, 0, 0)
        for widget, stretch in ((self.choice, 0), (self.hold, 0), (scroll, 3), (self.dice, 0), (self.chart, 0),
                                (legend, 0), (self.decision, 0), (self.happened, 0)):
            self.columns.addWidget(widget, stretch)
        # On a low screen the column scrolls inside the dialog; the buttons stay in sight.
        self.body = QScrollArea()
        self.body.setWidgetResizable(True)
        self.body.setFrameShape(QFrame.NoFrame)
        self.body.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.body.setWidget(body)
        outer = QVBoxLayout(self)
        outer.addWidget(self.body, 1)
        outer.addLayout(buttons)

    @property
    def session(self):
        return self.window.session

    @property
    def live(self) -> bool:
        return self.start is not None

    def defender_hex(self) -> str:
        return self.choice.defender_hex()

    def chosen_attackers(self) -> tuple[str, ...]:
        return self.choice.chosen_attackers()

    # --- before the combat -----------------------------------------------------------------------

    def update_odds(self) -> None:
        if self.live:
            return
        self.error.clear()
        hex_id, units = self.defender_hex(), self.chosen_attackers()
        launch = self.choice.launch()
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
        self.dice.setText(f"<span style='font-size:11pt; font-weight:normal'>Each result's chance on "
                          f"{self.report.column}, two dice:</span>" if self.report and self.report.allowed else "")
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
            action = rule_action("overrun", system=self.session.content.system, units=list(units), target=hex_id)
        else:
            action = rule_action("attack", system=self.session.content.system, attackers=list(units), defender=hex_id)
        before = self.session.history_position
        self.start, self.log_from = before, before
        try:
            self.session.apply(action)
        except Refused as refusal:
            self.start = None
            self.error.setText(f"Not allowed: {refusal}")

    def _ours(self) -> dict | None:
        """The pending combat Decision if it is this combat's."""
        decision = self.session.decision()
        if not is_combat_decision(decision):
            return None
        battle = decision["data"]["battle"]
        return decision if battle["defender_hex"] == self.defender_hex() and battle["attackers"] == self.chosen_attackers() else None

    def _game_changed(self) -> None:
        if not self.live:
            if self.isVisible():
                self.choice.fill_attackers()
            return
        if self.session.history_position <= self.start:
            self._back_to_planning()
            return
        lines = self.session.log_since(self.log_from)
        self.happened.clear()
        for line in lines:
            self.happened.addItem(line.text)
            self.happened.item(self.happened.count() - 1).setToolTip("\n".join(line.reasons))
        thrown, result = rolled_in(lines)
        column = f" on {self.report.column}" if self.report else ""
        self.dice.setText(f"Rolled {thrown}{column}: {result} — {result_words(result)}" if thrown else "")
        self.chart.show_results(self.report.probabilities if self.report else (), result)
        ours = self._ours()
        survivors = [u for u in self.chosen_attackers() if self.session.unit(u).hex]
        self.marks[ATTACKER].show_hexes(sorted({self.session.unit(u).hex for u in survivors}))
        self.decision.setVisible(ours is not None)
        self.happened.setVisible(True)
        playing = self._height_within(PLAYING_HEIGHT)
        if self.height() < playing:
            self.resize(self.width(), playing)
        self.hold.setVisible(False)  # what the defender did is in the log beside
        cancellable = ours is not None and ours["kind"] == "hold_or_retreat"
        self.undo_combat.setText("Ca&ncel the attack" if cancellable else "&Undo this combat")
        self.undo_combat.setVisible(True)
        self.commit.setVisible(False)
        self.choice.set_live(True)
        self.error.clear()
        self.notice.setText("" if ours else "The combat is over.")
        answers = self.decision.answer_buttons
        (answers[0] if ours and answers else self.decision.picks if ours else self.close_button).setFocus()

    def _back_to_planning(self) -> None:
        self.start = None
        self.notice.clear()
        self.happened.clear()
        self.happened.setVisible(False)
        self.hold.setVisible(True)
        self.decision.setVisible(False)
        self.undo_combat.setVisible(False)
        self.commit.setVisible(True)
        self.choice.set_live(False)
        self.choice.fill(self.defender_hex())

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
        self.choice.attackers.setFocus()

    def done(self, code: int) -> None:
        """Closed: its marks leave the map and stay off whatever the game does next (a combat
        still going on is answered in the Decision dock)."""
        if not self._closed:
            self._closed = True
            self.prompt.changed.disconnect(self._game_changed)
            self.choice.changed.disconnect(self.update_odds)
        for marks in self.marks.values():
            marks.clear()
        super().done(code)

    def forget_map(self) -> None:
        """The game on the table is another: take the marks off the old map."""
        remove_marks(*self.marks.values())


def run_overrun(window: TableFace, units, target: str) -> CombatDialog:
    """Open the combat dialog for an Overrun of ``target`` by the stack ``units`` (3.3): the
    road route, the odds from the hex next to the defender, then the combat as any other."""
    return window.combat.open_overrun(tuple(units), target)
