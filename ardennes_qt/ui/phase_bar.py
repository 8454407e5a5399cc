"""Where the game stands in its sequence of play, and the End Phase action.

The rule system says which turn and phase it is, who acts and what the game waits
for; this bar only shows it.  End Phase sends the rule system's own "end_phase"
action (looked up by kind, so the table names no rule system): the engine runs the
automatic phases that follow, or refuses with its reason.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar, QWidget

from ardennes_qt.core.actions import Action, action_from_dict
from ardennes_qt.engine.session import Session

END_PHASE = "end_phase"


def end_phase_action() -> Action | None:
    """The registered end-of-phase action, if the loaded rule systems have one."""
    try:
        return action_from_dict({"kind": END_PHASE})
    except ValueError:
        return None


def phase_text(info) -> str:
    if info.game_over:
        return f"Turn {info.turn}: the game is over"
    date = f" ({info.date})" if info.date else ""
    where = f"{info.segment}: {info.name}" if info.segment else info.name
    text = f"Turn {info.turn}{date} · {where}"
    if info.acting:
        text += f" · {info.acting} to act"
    if info.pending:
        waits = ", ".join(f"{d['kind'].replace('_', ' ')} ({d['rule']})" for d in info.pending)
        text += f" · waiting for: {waits}"
    return text


class PhaseBar(QToolBar):
    def __init__(self, apply, parent: QWidget | None = None) -> None:
        super().__init__("Turn and phase", parent)
        self.setObjectName("phaseBar")
        self.label = QLabel()
        self.label.setContentsMargins(6, 0, 10, 0)
        self.addWidget(self.label)
        self.end_phase = QAction("End Phase", self)
        self.end_phase.setShortcut(QKeySequence("Ctrl+E"))
        self.end_phase.setToolTip("Finish this phase; the automatic phases after it run until a player "
                                  "must act (Ctrl+E)")
        self._action = end_phase_action()
        self.end_phase.triggered.connect(lambda: apply(self._action))
        self.addAction(self.end_phase)

    def show_phase(self, session: Session) -> None:
        info = session.phase()
        self.label.setText(phase_text(info))
        self.end_phase.setEnabled(self._action is not None and not info.game_over)
