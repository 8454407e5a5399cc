"""The counters of one formation as a table: both sides' values, steps, MA type,
exploit, artillery range, nationality and notes, one row per counter.

Every cell says where its value comes from: estimated values carry an amber dot and
tint, values a user changed a blue one, printed values none (the tooltip says which,
in words).  Typing into a cell edits the counter through an undo command; text that
does not make a counter is refused with the reason and nothing changes.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate

from ardennes_qt.core.units import MA_TYPES, NATIONALITIES, Formation
from ardennes_qt.store.editorcounters import counter_fields, edit_counter, shown_value, source_of
from editor.commands import EditCounters
from editor.vocabulary import unit_columns

ESTIMATED_TINT = QColor(255, 179, 0, 60)
USER_TINT = QColor(66, 133, 244, 45)
SOURCE_WORDS = {
    "rule": "As printed in the rules documents",
    "estimated": "Estimated: no document prints this value; it follows a stated rule",
    "user": "Changed in the editor",
    "printed": "As printed in the game",
}
CHOICES = {"ma_type": MA_TYPES, "exploit": ("yes", "no"), "steps": ("1", "2")}


def dot(colour: str, size: int = 10) -> QPixmap:
    """The round mark of a value's provenance, as in the legend."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setPen(Qt.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return pixmap


NO_FORMATION = Formation("", "", "", "", "#d8d8d8")


def formation_of(module, counter) -> Formation:
    """The counter's formation; a game's HQ above the divisions (a corps HQ) has none of its own
    and stands under the formation its values name (its corps), else under none."""
    found = module.formations.get(counter.formation)
    if found is None:
        found = module.formations.get(str(counter.value("corps", "") or ""))
    return found or NO_FORMATION


class CounterTableModel(QAbstractTableModel):
    message = Signal(str)

    def __init__(self, document) -> None:
        super().__init__()
        self.document = document
        self.dots = {"estimated": dot("#ffb300"), "user": dot("#4285f4")}
        self.ids: list[str] = []
        self.formation = ""
        # The game's own counter columns (None: the SCS counter's) and the table's columns.
        self.columns = unit_columns(document.module.system)
        self.fields = counter_fields(self.columns)
        document.changed.connect(self._follow)

    def show_formation(self, code: str) -> None:
        self.beginResetModel()
        self.formation = code
        self.ids = [c.id for c in self.document.module.counters.values() if formation_of(self.document.module, c).code == code]
        self.endResetModel()

    def _follow(self, change) -> None:
        if not change.touches("counters", "formations"):
            return
        ids = [c.id for c in self.document.module.counters.values() if formation_of(self.document.module, c).code == self.formation]
        if ids != self.ids:
            self.show_formation(self.formation)
        elif self.ids:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.ids) - 1, len(self.fields) - 1))

    def counter(self, row: int):
        return self.document.module.counters[self.ids[row]]

    # --- the table ------------------------------------------------------------------------------

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.fields)

    def headerData(self, section: int, orientation, role=Qt.DisplayRole):
        if role != Qt.DisplayRole:
            return None
        return self.fields[section][1] if orientation == Qt.Horizontal else self.ids[section]

    def data(self, index: QModelIndex, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        counter = self.counter(index.row())
        field = self.fields[index.column()][0]
        source = source_of(counter, field, self.columns)
        if role in (Qt.DisplayRole, Qt.EditRole):
            return shown_value(counter, field, self.columns)
        if role == Qt.BackgroundRole:
            return ESTIMATED_TINT if source.startswith("estimated") else USER_TINT if source == "user" else None
        if role == Qt.DecorationRole:
            return self.dots.get(source.split()[0] if source else "")
        if role == Qt.ToolTipRole:
            return SOURCE_WORDS.get(source.split()[0] if source else "rule", source)
        return None

    def flags(self, index: QModelIndex):
        return super().flags(index) | Qt.ItemIsEditable

    def setData(self, index: QModelIndex, value, role=Qt.EditRole) -> bool:
        if role != Qt.EditRole or not index.isValid():
            return False
        counter = self.counter(index.row())
        field, heading = self.fields[index.column()]
        if str(value).strip() == shown_value(counter, field, self.columns):
            return False
        try:
            edited = edit_counter(counter, field, str(value), self.columns)
        except ValueError as exc:
            self.message.emit(f"{counter.name}: {exc}. Nothing changed.")
            return False
        self.document.push(EditCounters(self.document, {"counters": {counter.id: edited}},
                                        f"{heading} of {counter.name}"))
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """A list to pick from for the values that have few choices (MA, exploit, steps, nationality)."""

    def __init__(self, model: CounterTableModel) -> None:
        super().__init__()
        self.model = model

    def _choices(self, index: QModelIndex):
        field = self.model.fields[index.column()][0]
        columns = self.model.columns
        if field == "nationality":
            side = self.model.counter(index.row()).side
            return columns.nationalities.get(side, ()) if columns is not None else NATIONALITIES[side]
        if columns is not None:
            own = next((c for c in columns.counter_values() if c.name == field), None)
            return ("yes", "no", "") if own is not None and own.kind == "yesno" else None
        return CHOICES.get(field)

    def createEditor(self, parent, option, index):
        choices = self._choices(index)
        if choices is None:
            return super().createEditor(parent, option, index)
        box = QComboBox(parent)
        box.addItems(list(choices))
        return box

    def setEditorData(self, editor, index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentText(index.data(Qt.EditRole))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.EditRole)
        else:
            super().setModelData(editor, model, index)
