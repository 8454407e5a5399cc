"""A scenario's reinforcement schedule as a table: turn, side, the counters, where they
enter as the Orders of Arrival print it ("N or O", "w/i 1 B17.49", "Map A south edge",
"See 5.1", or "Remove"), the die roll a conditional arrival needs, the counters that
arrive with a step loss or DG, and a note.  Typed text goes through editorscenario.py;
what it does not accept is refused with the reason.

A scenario that plays the main Orders of Arrival shows all of them, and an edit there
changes them for every scenario that plays them (each takes the entries of its turns).
Entries stand by side, then turn, as the printed lists have them."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal

from ardennes_qt.core.units import SIDES
from ardennes_qt.store.editorscenario import OOA_SCOPE, arrival_key, arrival_with, ooa_edits, where_text
from editor.commands import EditReinforcements
from editor.panels.counter_table import USER_TINT

COLUMNS = (
    ("turn", "Turn"),
    ("side", "Side"),
    ("counters", "Counters"),
    ("where", "Enters at"),
    ("roll", "Roll"),
    ("step_loss", "Step loss"),
    ("dg", "DG"),
    ("note", "Note"),
)


class ArrivalsModel(QAbstractTableModel):
    message = Signal(str)

    def __init__(self, document) -> None:
        super().__init__()
        self.document = document
        self.scenario_id: str | None = None
        document.changed.connect(lambda change: self.reset() if change.touches("scenarios", "ooa") else None)

    @property
    def scenario(self):
        return self.document.module.scenarios.get(self.scenario_id or "")

    @property
    def uses_ooa(self) -> bool:
        s = self.scenario
        return s is not None and s.options.get("reinforcements", "own") == "ooa"

    @property
    def editable(self) -> bool:
        s = self.scenario
        return s is not None and s.options.get("reinforcements", "own") != "none"

    @property
    def arrivals(self) -> list:
        """The rows: the main Orders of Arrival, or the scenario's own list."""
        s = self.scenario
        if s is None:
            return []
        return list(self.document.module.ooa) if self.uses_ooa else list(s.arrivals)

    @property
    def scope(self) -> str:
        return OOA_SCOPE if self.uses_ooa else self.scenario_id

    def show(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        self.reset()

    def reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.arrivals)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return COLUMNS[section][1]
        return None

    def data(self, index: QModelIndex, role=Qt.DisplayRole):
        if self.scenario is None or not index.isValid():
            return None
        a = self.arrivals[index.row()]
        field = COLUMNS[index.column()][0]
        if role in (Qt.DisplayRole, Qt.EditRole):
            if field == "where":
                return where_text(self.document.module.map, a)
            if field in ("counters", "step_loss", "dg"):
                return ", ".join(getattr(a, field))
            if field == "roll":
                return f"{a.roll}+" if a.roll else ""
            return str(getattr(a, field))
        if role == Qt.BackgroundRole and self.document.module.provenance.get(arrival_key(self.scope, a)) == "user":
            return USER_TINT
        if role == Qt.ToolTipRole and field == "where":
            return 'Entry area letters ("N or O"), a hex ("w/i 1 B17.49"), "Map A south edge", "See 5.1" or "Remove"'
        return None

    def flags(self, index: QModelIndex):
        flags = super().flags(index)
        if self.editable and COLUMNS[index.column()][0] != "side":
            flags |= Qt.ItemIsEditable
        return flags

    def setData(self, index: QModelIndex, value, role=Qt.EditRole) -> bool:
        if role != Qt.EditRole or not self.editable:
            return False
        a = self.arrivals[index.row()]
        field, heading = COLUMNS[index.column()]
        try:
            edited = arrival_with(self.document.module.map, a, field, str(value), self.document.module.counters)
        except ValueError as exc:
            self.message.emit(f"Turn {a.turn}: {exc}. Nothing changed.")
            return False
        if edited == a:
            return False
        self.replace_arrival(index.row(), edited, f"{heading} of a turn {a.turn} arrival")
        return True

    def replace_arrival(self, row: int, arrival, text: str) -> None:
        """Put ``arrival`` in row ``row`` (a new row past the end; None deletes the row)."""
        s = self.scenario
        arrivals = self.arrivals
        old_key = arrival_key(self.scope, arrivals[row]) if row < len(arrivals) else None
        if arrival is None:
            del arrivals[row]
        elif row < len(arrivals):
            arrivals[row] = arrival
        else:
            arrivals.append(arrival)
        arrivals.sort(key=lambda a: (SIDES.index(a.side) if a.side in SIDES else len(SIDES), a.turn))
        provenance = {old_key: None} if old_key else {}
        if arrival is not None:
            provenance[arrival_key(self.scope, arrival)] = "user"
        if self.uses_ooa:
            edits = {**ooa_edits(self.document.module, arrivals), "provenance": provenance}
        else:
            edits = {"scenarios": {s.id: replace(s, arrivals=arrivals)}, "provenance": provenance}
        self.document.push(EditReinforcements(self.document, edits, text))
