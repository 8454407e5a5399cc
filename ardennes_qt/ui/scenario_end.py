"""The end of the scenario: the result and the reasons the rules give for it (6.0, the
scenario's victory conditions), each side's losses by formation (steps and units lost
since the set-up), and the chart of German VPs by turn.

It opens by itself when the last turn ends; the Plan menu opens it at any moment, when it
tells the result if play ended now.  ``show_scenario_end(window)`` is the public way in
(the autoplay screenshot uses it).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.engine.losses import SideLosses, losses
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.line_compare_dialog import loss_words
from ardennes_qt.ui.overlay_shapes import hue
from ardennes_qt.ui.vp_chart import BAND, BAND_TEXT, VpChart
from ardennes_qt.ui.vp_track import provisional_note, reason_lines, standing_words

SIDES = ("German", "Allied")
DEFAULT_SIZE = QSize(1600, 1000)
ESTIMATED_NOTE = "≈ counts steps of counters whose number of steps no document prints (estimated)."


def _heading(text: str, pixels: int, bold: bool = True) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setPixelSize(pixels)
    font.setBold(bold)
    label.setFont(font)
    label.setWordWrap(True)
    return label


def banner(words: list[QLabel], winner: str) -> QFrame:
    """The result at the top, on a band tinted in the winner's colour."""
    frame = QFrame()
    frame.setObjectName("resultBanner")
    tint = BAND[winner]
    edge = BAND_TEXT[winner]
    frame.setStyleSheet(
        f"#resultBanner {{ background: rgba({tint.red()}, {tint.green()}, {tint.blue()}, 70); "
        f"border-left: 8px solid {edge.name()}; border-radius: 4px; }}"
    )
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(16, 10, 16, 10)
    for label in words:
        layout.addWidget(label)
    return frame


def losses_table(side: SideLosses) -> QTableWidget:
    """One side's losses: a row per formation that lost anything, most steps first."""
    table = QTableWidget(len(side.formations), 3)
    table.setHorizontalHeaderLabels(["Formation", "Steps lost", "Units lost"])
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.NoEditTriggers)
    table.setAlternatingRowColors(True)
    for r, row in enumerate(side.formations):
        cells = (row.name, ("≈" if row.estimated else "") + str(row.steps), str(row.units))
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c:
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            table.setItem(r, c, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.Stretch)
    header.setSectionResizeMode(1, QHeaderView.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeToContents)
    return table


class ScenarioEndDialog(QDialog):
    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        content = session.content
        scenario = content.scenario
        report = session.victory()
        winner = report.winner if report is not None else ""
        track = session.vp_track()
        final = report is not None and report.final
        self.setWindowTitle(f"{'End of the scenario' if final else 'The scenario so far'} — {scenario.title}")
        info = session.phase()
        when = f"after Turn {info.turn} of {scenario.last_turn}" if final else f"Turn {info.turn} of {scenario.last_turn}, {info.name}"
        date = scenario.dates.get(info.turn, "")
        self.title = _heading(f"{scenario.title} — {when}" + (f" ({date})" if date else ""), 17, bold=False)
        words = report.result if report is not None else "This game gives no result."
        self.result = _heading(words if final else f"If play ended now: {words}", 34)
        self.result.setStyleSheet(f"color: {BAND_TEXT[winner].name()};")
        self.standing = _heading(standing_words(track) if track else "", 15, bold=False)
        if track is not None and track.kind == "vp":
            self.standing.setText(f"{self.standing.text()} · {track.side} VP now: {track.current}")

        self.reasons = QListWidget()
        self.reasons.setAlternatingRowColors(True)
        self.reasons.setWordWrap(True)
        font = QFont(self.reasons.font())
        font.setPixelSize(13)
        self.reasons.setFont(font)
        self.reasons.addItems(reason_lines(track) if track else [])
        self.reasons.setToolTip("Every VP and condition behind the result, each with its rule.")
        self.chart = VpChart()
        if track is not None:
            self.chart.show_track(track, dict(scenario.dates))
        self.chart.setVisible(track is not None)

        lost = losses(content, session.state_at(0), session.state)
        self.loss_tables = {}
        grid = QGridLayout()
        grid.addWidget(_heading(f"{track.side if track else 'German'} VP by turn", 15), 0, 0)
        grid.addWidget(_heading("Why", 15), 0, 1)
        grid.addWidget(self.chart, 1, 0)
        grid.addWidget(self.reasons, 1, 1)
        for column, side in enumerate(SIDES):
            side_losses = lost.get(side)
            if side_losses is None:
                continue
            heading = _heading(f"{side} losses: {loss_words(side_losses)}", 15)
            heading.setStyleSheet(f"color: {hue(side).name()};")
            grid.addWidget(heading, 2, column)
            table = self.loss_tables[side] = losses_table(side_losses)
            grid.addWidget(table, 3, column)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(3, 2)
        provisional, why = provisional_note(track) if track is not None else ("", "")
        notes = ([ESTIMATED_NOTE] if any(s.estimated for s in lost.values()) else []) + ([provisional] if provisional else [])
        note = QLabel("   ".join(notes))
        note.setStyleSheet("color: #5f6368;")
        note.setToolTip(why)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 12)
        layout.addWidget(banner([self.title, self.result, self.standing], winner))
        layout.addSpacing(6)
        layout.addLayout(grid, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)


def show_scenario_end(window) -> ScenarioEndDialog:
    """Open the summary of the game on ``window``'s table, as large as the window (at most
    1600x1000), and return it (``grab()`` gives the screen as an image).  A summary already
    open gives way to this one."""
    for old in window.findChildren(ScenarioEndDialog):
        old.close()
        old.deleteLater()
    dialog = ScenarioEndDialog(window.session, window)
    size = window.size() if window.isVisible() else DEFAULT_SIZE
    dialog.resize(min(size.width(), DEFAULT_SIZE.width()), min(size.height(), DEFAULT_SIZE.height()))
    dialog.open()
    return dialog
