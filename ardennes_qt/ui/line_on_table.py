"""Which line of play is on the table, once the game has more than one: named in the
window's title and at the head of the phase bar, so a what-if branch is never taken for
the game itself.  A game of one line says nothing of lines."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QToolBar

from ardennes_qt.engine.session import Session

BRANCH_STYLE = "background: #fff3c4; color: #6b4e00; border: 1px solid #d9b64a; border-radius: 4px; padding: 1px 6px;"
MAIN_STYLE = "color: #3c4043; padding: 1px 6px;"


def line_name(session: Session | None) -> str:
    """The name of the line on the table; "" while the game has only one."""
    lines = session.lines if session is not None else None
    if lines is None or len(lines.names()) < 2:
        return ""
    return lines.current


def on_main_line(session: Session) -> bool:
    return session.lines is None or session.lines.current == session.lines.main


def badge_words(session: Session) -> str:
    """The phase bar's words for the line on the table: "What-if: Night march", "★ Main line"."""
    name = line_name(session)
    if not name:
        return ""
    return f"★ {name}" if on_main_line(session) else f"What-if: {name}"


class LineBadge:
    """The line on the table, first in the phase bar (hidden for a game of one line)."""

    def __init__(self, bar: QToolBar) -> None:
        self.label = QLabel()
        self.label.setContentsMargins(4, 0, 4, 0)
        first = bar.actions()[0] if bar.actions() else None
        self.action = bar.insertWidget(first, self.label) if first is not None else bar.addWidget(self.label)
        self.action.setVisible(False)

    def show_line(self, session: Session) -> None:
        words = badge_words(session)
        self.label.setText(words)
        self.label.setStyleSheet(MAIN_STYLE if on_main_line(session) else BRANCH_STYLE)
        self.label.setToolTip(f"The line of play on the table: {line_name(session)}" if words else "")
        self.action.setVisible(bool(words))
