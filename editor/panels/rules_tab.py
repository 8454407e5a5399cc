"""The rule tables tab: every table of the rule system (Combat Results Table, Terrain
Effects Chart, barrage, supply sources, victory, the provisional tables...) to read
and to change as house rules.

A house rule is stored with the map (every scenario of the module plays with it) or
with one scenario (it wins over the map's).  Values that differ from the shipped
table are marked in orange with the shipped value beside them; tables the rules
documents do not give in full are marked provisional, with their reason.  Games
played from the module read these tables instead of the shipped ones (the rules'
``tables.table()``).
"""

from __future__ import annotations

import copy
import tomllib

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.store.editormodel import MAP_SCOPE
from ardennes_qt.store.editortoml import dumps, parse_value, value_text
from editor.commands import EditHouseRules
from editor.panels.table_grid import CHANGED, TableGrid, is_grid
from editor.plugins import shipped_tables

PATH = Qt.UserRole


def is_provisional(document) -> bool:
    if isinstance(document, dict):
        return document.get("provisional") is True or any(is_provisional(v) for v in document.values())
    if isinstance(document, list):
        return any(is_provisional(v) for v in document)
    return False


def provisional_reasons(document, where: str = "") -> list[str]:
    """The reasons a table's provisional parts give, with where they stand."""
    out = []
    if isinstance(document, dict):
        if document.get("provisional") is True and document.get("reason"):
            out.append(f"{where or 'the table'}: {' '.join(str(document['reason']).split())}")
        for key, value in document.items():
            out += provisional_reasons(value, f"{where}.{key}" if where else key)
    return out


def value_at(document, path):
    for key in path:
        try:
            document = document[key]
        except (KeyError, IndexError, TypeError):
            return None
    return document


def with_value(document: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(document)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


class RulesTab(QWidget):
    def __init__(self, document, show_message) -> None:
        super().__init__()
        self.document = document
        self.show_message = show_message
        self.scenario_id: str | None = None
        self.shipped = shipped_tables(document.module.system)
        self.names = self.shipped.names()
        self.tables = QListWidget()
        self.tables.currentItemChanged.connect(lambda *_: self.show_table())
        self.scope = QComboBox()
        self.scope.activated.connect(lambda *_: self.refresh())
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Entry", "Value", "Shipped value"])
        self.tree.header().setSectionResizeMode(0, QHeaderView.Interactive)
        self.tree.setColumnWidth(0, 320)
        self.tree.setColumnWidth(1, 360)
        self.tree.itemChanged.connect(self._edited)
        self.grid = TableGrid()
        self.grid.edited.connect(lambda doc: self.set_table(self.table_name, doc, f"House rule: {self.table_name}"))
        self.views = QStackedWidget()
        self.views.addWidget(self.tree)
        self.views.addWidget(self.grid)
        put_back = QPushButton("Put back the shipped table")
        put_back.clicked.connect(self.put_back)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(QLabel("House rules stored"))
        left_layout.addWidget(self.scope)
        left_layout.addWidget(self.tables, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.note)
        right_layout.addWidget(self.views, 1)
        row = QHBoxLayout()
        how = QLabel("Double-click a value to change it (in lists: a number, \"text\", [a, list] or true/false).")
        how.setWordWrap(True)
        row.addWidget(how, 1)
        row.addWidget(put_back)
        right_layout.addLayout(row)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([260, 1000])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._filling = False
        document.changed.connect(lambda change: self.refresh() if change.touches("house_rules") else None)
        self.show_scenario(None)

    # --- which table, for whom -------------------------------------------------------------------

    @property
    def table_name(self) -> str | None:
        item = self.tables.currentItem()
        return item.data(PATH) if item else None

    @property
    def scope_key(self) -> str:
        return self.scope.currentData() or MAP_SCOPE

    def show_scenario(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        current = self.scope_key if self.scope.count() else MAP_SCOPE
        self.scope.clear()
        self.scope.addItem("with the map (every scenario)", MAP_SCOPE)
        if scenario_id is not None:
            self.scope.addItem(f"with scenario {scenario_id} only", scenario_id)
        self.scope.setCurrentIndex(max(self.scope.findData(current), 0))
        self.refresh()

    def open_table(self, name: str, scope: str) -> None:
        self.scope.setCurrentIndex(max(self.scope.findData(scope), 0))
        self.refresh()
        for i in range(self.tables.count()):
            if self.tables.item(i).data(PATH) == name:
                self.tables.setCurrentRow(i)

    def house_text(self, name: str) -> str | None:
        return self.document.module.house_rules.get((self.scope_key, name))

    def effective(self, name: str) -> dict:
        """The table as a game of this scope plays it: its own house rule, the map's, or the shipped one."""
        rules = self.document.module.house_rules
        text = rules.get((self.scope_key, name)) or rules.get((MAP_SCOPE, name))
        return tomllib.loads(text) if text else self.shipped.table(name)

    # --- showing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        wanted = self.table_name or "crt"
        self._filling = True
        self.tables.clear()
        for name in self.names:
            marks = []
            if is_provisional(self.shipped.table(name)):
                marks.append("provisional")
            if self.house_text(name) is not None:
                marks.append("house rule")
            item = QListWidgetItem(name.replace("_", " ") + (f"  ({', '.join(marks)})" if marks else ""))
            item.setData(PATH, name)
            if "house rule" in marks:
                item.setBackground(CHANGED)
            self.tables.addItem(item)
            if name == wanted:
                self.tables.setCurrentItem(item)
        self._filling = False
        self.show_table()

    def show_table(self) -> None:
        if self._filling:
            return
        name = self.table_name
        self._filling = True
        self.tree.clear()
        if name is None:
            self._filling = False
            return
        shipped = self.shipped.table(name)
        doc = self.effective(name)
        if is_grid(doc):
            self.grid.show_document(doc, shipped)
            self.views.setCurrentWidget(self.grid)
        else:
            self._add(self.tree.invisibleRootItem(), doc, shipped, ())
            self.tree.expandToDepth(0)
            self.views.setCurrentWidget(self.tree)
        reasons = provisional_reasons(shipped)
        words = [f"<b>{name.replace('_', ' ')}</b>"]
        if self.house_text(name) is not None:
            words.append(f"a house rule stored {self.scope.currentText()}; orange values differ from the shipped table")
        elif doc != shipped:
            words.append("the map's house rule (this scenario has none of its own)")
        else:
            words.append("as shipped")
        note = " — ".join(words)
        if reasons:
            note += "<br><span style='color:#b26a00'>Provisional: " + "<br>".join(reasons) + "</span>"
        self.note.setText(note)
        self._filling = False

    def _add(self, parent: QTreeWidgetItem, value, shipped, path: tuple) -> None:
        children = value.items() if isinstance(value, dict) else (
            enumerate(value) if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) else None)
        if children is None:
            return
        for key, child in children:
            item = QTreeWidgetItem(parent, [str(key) if not isinstance(key, int) else f"#{key + 1}"])
            item.setData(0, PATH, path + (key,))
            original = value_at(shipped, (key,)) if shipped is not None else None
            if isinstance(child, dict) or (isinstance(child, list) and child and all(isinstance(v, dict) for v in child)):
                self._add(item, child, original, path + (key,))
                if child != original:
                    item.setBackground(0, CHANGED)
                continue
            item.setText(1, value_text(child))
            item.setFlags(item.flags() | Qt.ItemIsEditable)
            if child != original:
                font = QFont(item.font(1))
                font.setBold(True)
                item.setFont(1, font)
                for column in (0, 1, 2):
                    item.setBackground(column, CHANGED)
                item.setText(2, value_text(original) if original is not None else "(not in the shipped table)")
                item.setToolTip(1, f"Shipped: {item.text(2)}")

    # --- changing ---------------------------------------------------------------------------------

    def _edited(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 1:
            return
        name = self.table_name
        path = item.data(0, PATH)
        try:
            value = parse_value(item.text(1))
        except ValueError as exc:
            self.show_message(f"{exc}. The table is unchanged.")
            self.show_table()
            return
        doc = self.effective(name)
        if value_at(doc, path) == value:
            return
        edited = with_value(doc, path, value)
        # After this signal: storing the house rule redraws the tree, and with it this item.
        QTimer.singleShot(0, self, lambda: self.set_table(name, edited, f"House rule: {name} {'.'.join(map(str, path))}"))

    def set_table(self, name: str, doc: dict, text: str) -> None:
        """Store ``doc`` as the house rule of this scope (or none, if it is the shipped table)."""
        rules = self.document.module.house_rules
        inherited = rules.get((MAP_SCOPE, name)) if self.scope_key != MAP_SCOPE else None
        baseline = tomllib.loads(inherited) if inherited else self.shipped.table(name)
        house = None if doc == baseline else dumps(doc)
        if rules.get((self.scope_key, name)) != house:
            self.document.push(EditHouseRules(self.document, {"house_rules": {(self.scope_key, name): house}}, text))

    def put_back(self) -> None:
        name = self.table_name
        if name is not None and self.house_text(name) is not None:
            self.document.push(EditHouseRules(self.document, {"house_rules": {(self.scope_key, name): None}},
                                              f"Shipped {name} again"))
