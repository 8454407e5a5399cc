"""Where the game stands in its sequence of play, and the Next Phase action.

The rule system says which turn and phase it is, who acts, the weather and the Air
Strikes, what the game waits for and what is left to do; this bar only shows it.  Next
Phase sends the rule system's own "end_phase" action (looked up by kind, so the table
names no rule system): the engine runs the automatic phases that follow, or refuses
with its reason, and the table reports what they did.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolBar, QToolButton, QWidget

from ardennes_qt.core.actions import Action, action_from_dict
from ardennes_qt.engine.line_compare import time_words
from ardennes_qt.engine.phase_todo import left_to_do
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.elided_label import ElidedLabel
from ardennes_qt.ui.map_style import side_colour

END_PHASE = "end_phase"


def end_phase_action(system: str) -> Action | None:
    """The rule system's end-of-phase action, if it has one."""
    try:
        return action_from_dict({"kind": END_PHASE}, system)
    except ValueError:
        return None


def phase_text(info) -> str:
    """The time as the game counts it (``time_words``: its conditions follow on the bar), the
    phase and who acts, the Decisions waited for."""
    when = time_words(info, conditions_shown=True)
    if info.game_over:
        return f"{when}: the game is over" if when else "The game is over"
    where = f"{info.segment}: {info.name}" if info.segment else info.name
    text = f"{when} · {where}" if when else where
    if info.acting:
        text += f" · {info.acting} to act"
    if info.pending:
        # Several Decisions of one kind (three guns' Air Supply rolls) are said once, counted.
        kinds = Counter(f"{d['kind'].replace('_', ' ')}" for d in info.pending)
        rules = {d['kind'].replace('_', ' '): d['rule'] for d in info.pending}
        waits = ", ".join(f"{kind}{f' ×{n}' if n > 1 else ''} ({rules[kind]})" for kind, n in kinds.items())
        text += f" · waiting for: {waits}"
    return text


def conditions_text(info) -> str:
    """What the rules say of the moment besides the phase (Ardennes II: the weather and the
    Air Strikes left, 2.2), in their words."""
    return " · ".join(f"{what}: {value}" for what, value in info.conditions())


class PhaseBar(QToolBar):
    def __init__(self, next_phase, parent: QWidget | None = None) -> None:
        """``next_phase(action)`` plays the end-of-phase action and reports what it did."""
        super().__init__("Turn and phase", parent)
        self.setObjectName("phaseBar")
        self.setToolButtonStyle(Qt.ToolButtonTextOnly)
        # Next Phase first, so it keeps its place whatever the phase says; the words after
        # it give way (cut short, whole in their tooltips) rather than leave the bar.
        self.end_phase = QAction("Next Phase ▸", self)
        self.end_phase.setShortcut(QKeySequence("Ctrl+E"))
        self.end_phase.setToolTip("Finish this phase; the automatic phases after it run until a player "
                                  "must act, and what they did is reported (Ctrl+E)")
        self.end_phase.setStatusTip("Finish this phase and play the automatic phases after it (Ctrl+E)")
        # Looked up once the window is filled (``find_end_phase``): the rule system's action
        # kinds are not loaded for the first frame.  Until then the button shows as it will
        # for a rule system that has one, and the window does nothing with a press.
        self._action: Action | None = None
        self._looked_up = False
        self._game_over = False
        self.end_phase.triggered.connect(lambda: next_phase(self._action))
        self.next_button = QToolButton()
        self.next_button.setDefaultAction(self.end_phase)
        self.next_button.setAutoRaise(True)
        self.side_chip = QLabel()
        self.side_chip.setContentsMargins(4, 0, 0, 0)
        self.label = ElidedLabel(least=220)
        self.label.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
        self.label.setContentsMargins(6, 0, 10, 0)
        self.conditions = ElidedLabel(least=160)
        self.conditions.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)
        self.conditions.setContentsMargins(10, 0, 6, 0)
        self.conditions.setStyleSheet("color: #3c4043;")
        self.todo = ElidedLabel(least=120)  # takes the rest of the bar
        self.todo.setContentsMargins(10, 0, 6, 0)
        self.todo.setStyleSheet("color: #0d3b7a;")
        # One row of the bar's own, not the tool bar's items: those would slip one by one
        # into the tool bar's overflow menu instead of giving way.
        row = QWidget()
        row.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(0)
        for widget, stretch in ((self.next_button, 0), (self.side_chip, 0), (self.label, 0), (self.conditions, 0),
                                (self.todo, 1)):
            line.addWidget(widget, stretch)
        self.addWidget(row)

    def show_phase(self, session: Session) -> None:
        info = session.phase()
        self.label.setText(phase_text(info))
        acting = info.acting if not info.game_over else ""
        self.side_chip.setText(f" {acting} " if acting else "")
        colour = side_colour(acting).name() if acting else "transparent"
        self.side_chip.setStyleSheet(f"background: {colour}; color: white; border-radius: 4px; font-weight: bold;")
        self.side_chip.setVisible(bool(acting))
        self.conditions.setText(conditions_text(info))
        self.end_phase.setEnabled((self._action is not None or not self._looked_up) and not info.game_over)
        self._game_over = info.game_over

    def find_end_phase(self, session: Session) -> None:
        """Look up the rule system's end-of-phase action; the button is disabled without one."""
        self._action, self._looked_up = end_phase_action(session.content.system), True
        self.end_phase.setEnabled(self._action is not None and not self._game_over)

    def show_todo(self, session: Session) -> None:
        """What is left to do in the phase (the engine's families of legal actions, counted)."""
        info = session.phase()
        if info.game_over:
            self.todo.setText("")
            self.todo.setToolTip("")
            return
        words = left_to_do(info, session.choices())
        text = "To do: " + ", ".join(words) if words else "Nothing left to do but Next Phase"
        self.todo.setText(text)
        self.todo.setToolTip("What is left to do in this phase:\n" + "\n".join(words) if words else text)
