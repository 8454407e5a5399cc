"""The game log as a dock: every action taken, the lines it wrote and, under each line,
every modifier and its reason with its rule.  Actions that rolled dice carry a die and
how many; the rolls are in the lines ("rolled 4").

A search box keeps the entries with a matching line or reason (and shows where they
match); "Rolls only" keeps the actions that rolled dice.  The log follows the engine's
history: an undo takes its entry away, a redo brings it back with the same roll.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRectF, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QTreeView, QVBoxLayout, QWidget

from ardennes_qt.core.outcome import Changes
from ardennes_qt.engine.session import LogEntry, Session
from ardennes_qt.ui.player_words import named

DICE_ROLE = Qt.UserRole + 1
REASON_INK = QColor("#5f6368")
ICON_PIXELS = 14


def die_icon() -> QIcon:
    """A small white die showing five."""
    pixmap = QPixmap(ICON_PIXELS * 2, ICON_PIXELS * 2)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing, True)
    side = ICON_PIXELS * 2 - 2
    painter.setPen(QPen(QColor("#222222"), 2))
    painter.setBrush(QColor("#ffffff"))
    painter.drawRoundedRect(QRectF(1, 1, side, side), 6, 6)
    painter.setBrush(QColor("#222222"))
    painter.setPen(Qt.NoPen)
    for fx, fy in ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)):
        painter.drawEllipse(QRectF(1 + side * fx - 2.6, 1 + side * fy - 2.6, 5.2, 5.2))
    painter.end()
    return QIcon(pixmap)


def entry_rows(entry: LogEntry, icon: QIcon, session: Session) -> list[QStandardItem]:
    """The rows of one action: the action (its units named as on their counters), its lines
    under it, each line's reasons under that."""
    what = QStandardItem(f"Turn {entry.turn} · {entry.phase}: {named(session, entry.action.describe())}")
    what.setToolTip(what.text())
    dice = QStandardItem("")
    if entry.dice:
        dice.setIcon(icon)
        dice.setText(str(entry.dice))
        dice.setToolTip(f"{entry.dice} {'die' if entry.dice == 1 else 'dice'} rolled from the game's seeded dice")
    what.setData(entry.dice, DICE_ROLE)
    for line in entry.lines:
        row = QStandardItem(line.text)
        row.setToolTip("\n".join([line.text, *line.reasons]))
        for reason in line.reasons:
            why = QStandardItem(reason)
            why.setForeground(REASON_INK)
            row.appendRow([why, QStandardItem("")])
        what.appendRow([row, QStandardItem("")])
    for item in (what, dice):
        item.setEditable(False)
    return [what, dice]


class LogFilter(QSortFilterProxyModel):
    """Rows matching the search (with their entry and line), and only dice when asked."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rolls_only = False
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseInsensitive)

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        index = self.sourceModel().index(row, 0, parent)
        top = index
        while top.parent().isValid():
            top = top.parent()
        if self.rolls_only and not top.data(DICE_ROLE):
            return False
        return super().filterAcceptsRow(row, parent)

    def set_rolls_only(self, on: bool) -> None:
        self.beginFilterChange()
        self.rolls_only = on
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)


CHECKING = "Checking the game's log: it shows in a moment…"


class LogPanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.model = QStandardItemModel(0, 2, self)
        self.model.setHorizontalHeaderLabels(["What happened", "Dice"])
        self.filter = LogFilter(self)
        self.filter.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the log (a unit, a hex, a rule…)")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Keep the actions with a line or reason containing these words")
        self.search.textChanged.connect(self._search)
        self.rolls = QCheckBox("&Rolls only")
        self.rolls.setToolTip("Keep the actions that rolled dice")
        self.rolls.toggled.connect(self._rolls_only)
        self.tree = QTreeView()
        self.tree.setModel(self.filter)
        self.tree.setUniformRowHeights(True)
        self.tree.setWordWrap(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, self.tree.header().ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, self.tree.header().ResizeMode.ResizeToContents)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.rolls)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.tree)
        self._die = die_icon()

    def follow(self, session: Session) -> None:
        self.session = session
        self.model.removeRows(0, self.model.rowCount())
        self.sync(Changes(everything=True))

    def sync(self, changes: Changes | None = None) -> None:
        """Bring the log in line with the engine's history (after an action, undo or redo)."""
        if self.session.history_pending:  # a game opened at its position: its log shows once replayed
            self.model.removeRows(0, self.model.rowCount())
            self.model.appendRow([QStandardItem(CHECKING), QStandardItem("")])
            return
        if (changes is not None and changes.everything) or self._checking():
            self.model.removeRows(0, self.model.rowCount())
        shown = self.model.rowCount()
        position = self.session.history_position
        if position < shown:
            self.model.removeRows(position, shown - position)
            return
        for entry in self.session.log_entries(shown):
            self.model.appendRow(entry_rows(entry, self._die, self.session))
        if position > shown:
            last = self.filter.mapFromSource(self.model.index(self.model.rowCount() - 1, 0))
            if last.isValid():
                self.tree.expand(last)
                self.tree.scrollTo(last, QTreeView.PositionAtTop)

    def _checking(self) -> bool:
        """Is the only row the word that the log is being checked?"""
        return self.model.rowCount() == 1 and self.model.item(0, 0).text() == CHECKING

    def lines_shown(self) -> list[str]:
        """The texts of the rows shown at the top level and just under (for a quick look)."""
        out = []
        for r in range(self.filter.rowCount()):
            top = self.filter.index(r, 0)
            out.append(top.data())
            out += [self.filter.index(k, 0, top).data() for k in range(self.filter.rowCount(top))]
        return out

    def _search(self, text: str) -> None:
        self.filter.setFilterFixedString(text)
        if text:
            self.tree.expandAll()

    def _rolls_only(self, on: bool) -> None:
        self.filter.set_rolls_only(on)
