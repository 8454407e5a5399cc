"""What Next Phase did, said without stopping play: a note over the map's top right corner
listing the phases that began and what their automatic steps did (reconciliation, supply,
DG checks, rolls...), as the engine logged them.  It goes by itself after a while (not
while the pointer is on it), with Esc, or with its close button; the whole log is in
the log panel, which "Show in Log" opens.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from ardennes_qt.core.outcome import LogLine

SHOWN_MS = 12000
MOST_LINES = 14
WIDTH = 430  # at most: a short report is as wide as its words
LEAST_WIDTH = 260
STYLE = """
QFrame#phaseReport { background: rgba(252, 251, 246, 246); border: 1px solid #8c8676; border-radius: 7px; }
QLabel { color: #1c1c1c; }
"""


def report_html(lines: tuple[LogLine, ...]) -> str:
    """The log lines as a short list: each phase that began as a heading (without the turn,
    which the title gives), each step under it (its reasons are in the tooltip and the log)."""
    rows = []
    for line in lines[:MOST_LINES]:
        if line.text.startswith("Turn ") and ", " in line.text:
            rows.append(f"<b>{html.escape(line.text.partition(', ')[2])}</b>")
        else:
            rows.append(f"&nbsp;&nbsp;• {html.escape(line.text)}")
    if len(lines) > MOST_LINES:
        rows.append(f"<i>… and {len(lines) - MOST_LINES} more lines in the log</i>")
    return "<br>".join(rows)


class PhaseReport(QFrame):
    def __init__(self, parent: QWidget, show_log) -> None:
        super().__init__(parent)
        self.setObjectName("phaseReport")
        self.setStyleSheet(STYLE)
        self.title = QLabel("Next Phase")
        self.title.setStyleSheet("font-weight: bold; color: #0d3b7a;")
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip("Close (Esc)")
        close.clicked.connect(self.hide)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(close)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.RichText)
        self.body.setTextInteractionFlags(Qt.TextSelectableByMouse)
        log_button = QPushButton("Show in &Log")
        log_button.setToolTip("Open the game log at these lines")
        log_button.clicked.connect(show_log)
        log_button.clicked.connect(self.hide)
        foot = QHBoxLayout()
        foot.addStretch(1)
        foot.addWidget(log_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.addLayout(head)
        layout.addWidget(self.body)
        layout.addLayout(foot)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SHOWN_MS)
        self._timer.timeout.connect(self._expire)
        parent.installEventFilter(self)
        self.hide()

    def show_report(self, lines: tuple[LogLine, ...], title: str) -> None:
        """Show what the phases played did; ``title`` names where play stopped."""
        self.title.setText(title)
        self.body.setText(report_html(lines) if lines else "Nothing happened on the way.")
        self.body.setToolTip("\n".join(f"{line.text} ({'; '.join(line.reasons)})" if line.reasons else line.text
                                        for line in lines[:MOST_LINES]))
        self._fit()
        self._place()
        self.show()
        self.raise_()
        self._timer.start()

    def _fit(self) -> None:
        """As wide as the longest line (up to ``WIDTH``, then wrapped) and as tall as the lines."""
        margins = self.layout().contentsMargins()
        sides = margins.left() + margins.right()
        words = QTextDocument()
        words.setDefaultFont(self.body.font())
        words.setHtml(self.body.text())
        head = self.title.fontMetrics().horizontalAdvance(self.title.text()) + 40  # and the close button
        width = min(WIDTH, max(LEAST_WIDTH, head + sides, round(words.idealWidth()) + 8 + sides))
        self.body.setMinimumHeight(0)  # the last report's height is not this one's
        self.body.setMaximumHeight(16777215)
        self.body.setFixedHeight(self.body.heightForWidth(width - sides))
        self.setFixedWidth(width)
        self.layout().activate()
        self.setFixedHeight(self.layout().sizeHint().height())

    def _expire(self) -> None:
        if self.underMouse():
            self._timer.start()
        else:
            self.hide()

    def _place(self) -> None:
        """Over the top right corner of the map, clear of the docks."""
        window = self.parentWidget()
        central = window.centralWidget() if hasattr(window, "centralWidget") else None
        area = central.geometry() if central is not None else window.rect()
        self.move(area.right() - self.width() - 12, area.top() + 12)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Resize and self.isVisible():
            self._place()
        return False

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(event)
