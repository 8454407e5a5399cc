"""The scenarios tab: the scenario chosen in the scenario bar, its header (title, turns
and dates, maps in play and play area), its rule options, its printed text (air
strikes, reinforcements, supply, victory, special rules), its reinforcement schedule,
and its supply sources and victory conditions as the rules will read them (those live
in the rule tables: "Edit as a house rule" opens them there, for this scenario)."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.units import SIDES
from ardennes_qt.store.editorscenario import (
    blown_text,
    control_text,
    vp_values_text,
    with_blown_bridges,
    with_initial_control,
    with_turns,
    with_vp_values,
)
from ardennes_qt.store.scenariotext import TEXT_KEYS
from editor.commands import EditReinforcements, EditScenario
from editor.panels.arrivals_table import ArrivalsModel
from editor.panels.counter_table import USER_TINT
from editor.panels.readable import readable
from editor.plugins import editor_plugin, shipped_tables

TEXT_KEPT_AFTER_MS = 800
SOURCES = {"ooa": "the Orders of Arrival", "own": "its own list", "none": "none"}
def text_keys(module) -> list[str]:
    """The printed-text entries a module's scenarios have: the usual ones, then each game's own."""
    own = sorted({key for scenario in module.scenarios.values() for key in scenario.text} - set(TEXT_KEYS))
    usual = [k for k in TEXT_KEYS if any(k in s.text for s in module.scenarios.values())] or list(TEXT_KEYS)
    return usual + own


def option_values(option) -> tuple:
    """What an option may be set to: its choices, yes or no, or a count around its default."""
    if option.choices:
        return tuple(option.choices)
    if isinstance(option.default, bool):
        return (True, False)
    if isinstance(option.default, int):
        return tuple(range(0, max(option.default, *(v for v in option.scenarios.values() if isinstance(v, int))) + 3))
    return (option.default,)


TEXT_NAMES = {"air_strikes": "Air strikes", "reinforcements": "Reinforcements", "supply_allied": "Allied supply",
              "supply_german": "German supply", "victory": "Victory", "special": "Special rules"}


def _span(what: str, low, high) -> str:
    """A play area's columns or rows in words: "rows 11-24", "columns from 33", "rows to 24"."""
    if low is not None and high is not None:
        return f"{what} {low}-{high}"
    if low is not None:
        return f"{what} from {low}"
    return f"{what} to {high}" if high is not None else ""


class ScenarioTab(QWidget):
    editTable = Signal(str, str)  # rule table, scope: open it in the rule tables tab

    def __init__(self, document, show_message) -> None:
        super().__init__()
        self.document = document
        self.show_message = show_message
        self.scenario_id: str | None = None
        self._filling = False

        self.title = QLineEdit()
        self.title.editingFinished.connect(lambda: self._change("Rename", title=self.title.text().strip()))
        self.first_turn, self.last_turn = QSpinBox(), QSpinBox()
        for box in (self.first_turn, self.last_turn):
            box.setRange(1, 99)
            box.editingFinished.connect(self._turns)
        self.first_date = QLineEdit()
        self.first_date.setToolTip("The first turn's date; each turn is a day (1.1)")
        self.first_date.editingFinished.connect(self._turns)
        self.maps = QHBoxLayout()
        self.map_boxes: dict[str, QCheckBox] = {}
        for sheet in document.module.map.numbering.sheets:
            box = QCheckBox(f"Map {sheet}")
            box.toggled.connect(lambda _on: self._maps())
            self.map_boxes[sheet] = box
            self.maps.addWidget(box)
        self.bounds = QLabel()
        self.bounds.setWordWrap(True)
        clear_bounds = QPushButton("Whole maps (no play area limits)")
        clear_bounds.clicked.connect(lambda: self._change("Whole maps in play", bounds=()))
        self.source = QComboBox()
        for key, words in SOURCES.items():
            self.source.addItem(words, key)
        self.source.activated.connect(lambda *_: self._reinforcement_source(self.source.currentData()))
        header = QFormLayout()
        header.addRow("Title", self.title)
        header.addRow("First turn", self.first_turn)
        header.addRow("Last turn", self.last_turn)
        header.addRow("First date", self.first_date)
        header.addRow("In play", self.maps)
        header.addRow("Play area", self.bounds)
        header.addRow("", clear_bounds)
        header.addRow("Reinforcements", self.source)
        self.vp_values = QLineEdit()
        self.vp_values.setPlaceholderText("as the map says; e.g. B1.16 7, A17.26 0")
        self.vp_values.setToolTip("This scenario's VP for a hex, over the map's; 0: not a VP hex in this scenario")
        self.vp_values.editingFinished.connect(lambda: self._typed("VP values", with_vp_values, self.vp_values))
        self.control = QLineEdit()
        self.control.setPlaceholderText("e.g. B1.16 Allied, A17.26 German")
        self.control.setToolTip("VP hexes a side controls at the start (6.0); the others as the victory table says")
        self.control.editingFinished.connect(lambda: self._typed("VP hexes held", with_initial_control, self.control))
        self.blown = QLineEdit()
        self.blown.setPlaceholderText("e.g. A37.23, B11.14")
        self.blown.setToolTip("Bridges Blown at the start (3.8): a hex of the bridge's hexside, or its plunger's hex")
        self.blown.editingFinished.connect(lambda: self._typed("Bridges blown", with_blown_bridges, self.blown))
        header.addRow("VP values", self.vp_values)
        header.addRow("VP hexes held", self.control)
        header.addRow("Bridges blown", self.blown)
        header_box = QGroupBox("Scenario")
        header_box.setLayout(header)

        self.options_form = QFormLayout()
        options_box = QGroupBox("Rule options")
        options_box.setLayout(self.options_form)
        self.option_boxes: dict[str, QComboBox] = {}
        self.rule_options = editor_plugin(document.module.system).rule_options()
        self.shipped = shipped_tables(document.module.system)
        for name, option in self.rule_options.items():
            box = QComboBox()
            box.setToolTip(f"Rule {option.rule}")
            box.activated.connect(lambda _i, n=name: self._option(n))
            self.option_boxes[name] = box
            self.options_form.addRow(name.replace("_", " ").capitalize(), box)

        self.texts: dict[str, QPlainTextEdit] = {}
        text_form = QFormLayout()
        for key in text_keys(document.module):
            edit = QPlainTextEdit()
            edit.setFixedHeight(54)
            edit.textChanged.connect(lambda k=key: self._text_changed(k))
            self.texts[key] = edit
            text_form.addRow(TEXT_NAMES.get(key, key.replace("_", " ").capitalize()), edit)
        text_box = QGroupBox("As printed")
        text_box.setLayout(text_form)
        # Typing is kept a moment after it pauses: one undo entry per pause, nothing lost.
        self._text_timer = QTimer(self)
        self._text_timer.setSingleShot(True)
        self._text_timer.setInterval(TEXT_KEPT_AFTER_MS)
        self._text_timer.timeout.connect(self._save_texts)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        for widget in (header_box, options_box, text_box):
            left_layout.addWidget(widget)
        left_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(left)

        self.arrivals = ArrivalsModel(document)
        self.arrivals.message.connect(show_message)
        self.table = QTableView()
        self.table.setModel(self.arrivals)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        for column, width in enumerate((44, 64, 300, 120, 44, 90, 90)):
            self.table.setColumnWidth(column, width)
        self.arrivals_note = QLabel()
        self.arrivals_note.setWordWrap(True)
        add = QPushButton("Add an arrival")
        add.clicked.connect(self.add_arrival)
        remove = QPushButton("Delete the arrival")
        remove.clicked.connect(self.delete_arrival)
        # The game's tables with an entry per scenario, as its rules read them (its editor plug-in says which).
        self.scenario_tables = editor_plugin(document.module.system).scenario_tables()
        self.table_texts: list[QPlainTextEdit] = []
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(QLabel("<b>Reinforcement schedule</b>"))
        right_layout.addWidget(self.arrivals_note)
        right_layout.addWidget(self.table, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        right_layout.addLayout(buttons)
        # The game's own scenario sections (a set-up over two hexes, support pools) in its words.
        self.game_sections = getattr(editor_plugin(document.module.system), "scenario_words", None)
        self.section_text = QPlainTextEdit()
        self.section_text.setReadOnly(True)
        if self.game_sections is not None:
            right_layout.addWidget(QLabel("<b>The game's own set-up</b> (as the rules read it)"))
            right_layout.addWidget(self.section_text, 2)
        for entry in self.scenario_tables:
            text = QPlainTextEdit()
            text.setReadOnly(True)
            self.table_texts.append(text)
            button = QPushButton("Edit as a house rule")
            button.setObjectName(entry.button)
            button.clicked.connect(lambda _=False, t=entry.table: self.editTable.emit(t, self.scenario_id or ""))
            row = QHBoxLayout()
            heading = QLabel(f"<b>{entry.heading}</b> (as the rules read them)")
            heading.setWordWrap(True)
            row.addWidget(heading, 1)
            row.addWidget(button)
            right_layout.addLayout(row)
            right_layout.addWidget(text, 1)

        splitter = QSplitter()
        splitter.addWidget(scroll)
        splitter.addWidget(right)
        splitter.setSizes([430, 900])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        document.changed.connect(lambda change: self.refresh() if change.touches("scenarios", "house_rules") else None)

    @property
    def scenario(self):
        return self.document.module.scenarios.get(self.scenario_id or "")

    def show_scenario(self, scenario_id: str | None) -> None:
        if self._text_timer.isActive():
            self._save_texts()  # typing in the last scenario's text is kept before another is shown
        self.scenario_id = scenario_id
        self.arrivals.show(scenario_id)
        self.refresh()

    # --- showing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        s = self.scenario
        self.setEnabled(s is not None)
        if s is None:
            return
        self._filling = True
        self.title.setText(s.title)
        self.first_turn.setValue(s.first_turn)
        self.last_turn.setValue(s.last_turn)
        self.first_date.setText(s.dates.get(s.first_turn, ""))
        for sheet, box in self.map_boxes.items():
            box.setChecked(sheet in s.maps)
        self.bounds.setText("; ".join(self._bounds_words(b) for b in s.bounds) or "the whole of each map in play "
                            "(draw an area with the Play area tool)")
        self.source.setCurrentIndex(self.source.findData(s.options.get("reinforcements", "own")))
        self.vp_values.setText(vp_values_text(self.document.module.map, s))
        # The scenario's own values are the user's, tinted as user values are elsewhere.
        tint = USER_TINT.getRgb()
        self.vp_values.setStyleSheet(f"background: rgba{tint}" if s.vp_overrides else "")
        self.control.setText(control_text(self.document.module.map, s))
        self.blown.setText(blown_text(self.document.module.map, s))
        for name, box in self.option_boxes.items():
            option = self.rule_options[name]
            printed = option.scenarios.get(s.id, option.default)
            box.clear()
            box.addItem(f"As printed ({self._option_words(option, printed)})", None)
            for value in option_values(option):
                box.addItem(self._option_words(option, value), value)
            box.setCurrentIndex(max(box.findData(s.options[name]), 0) if name in s.options else 0)
        for key, edit in self.texts.items():
            if edit.toPlainText().rstrip() != s.text.get(key, ""):
                edit.setPlainText(s.text.get(key, ""))
        self.arrivals_note.setText(self._arrivals_words(s))
        if self.game_sections is not None:
            self.section_text.setPlainText(self.game_sections(self.document.module, s))
        for entry, text in zip(self.scenario_tables, self.table_texts):
            text.setPlainText(self._entry(entry.table, s.id, lambda doc, e=entry: e.entry(doc, s.id)))
        self._filling = False

    def _arrivals_words(self, s) -> str:
        source = s.options.get("reinforcements", "own")
        if source == "none":
            return "No reinforcements: choose 'its own list' above to give the scenario some."
        if source == "ooa":
            sharing = [sid for sid, other in self.document.module.scenarios.items()
                       if other.options.get("reinforcements", "own") == "ooa"]
            return (f"The main Orders of Arrival, played by {', '.join(sharing)} (each takes the entries of its "
                    f"turns; {s.id} plays turns {s.first_turn}-{s.last_turn}). A change here is a change for each. "
                    "Double-click a cell to change it.")
        return "Double-click a cell to change it."

    def _entry(self, table: str, sid: str, pick) -> str:
        text = self.document.module.house_rules_for(sid).get(table)
        try:
            doc = tomllib.loads(text) if text else self.shipped.table(table)
        except OSError:
            return f"(not known: no installed rule system plays {self.document.module.system})"
        mark = "(house rule)\n" if text else ""
        return mark + readable(pick(doc))

    @staticmethod
    def _bounds_words(b) -> str:
        parts = [_span("columns", b.min_column, b.max_column), _span("rows", b.min_row, b.max_row)]
        return f"Map {b.sheet}: " + ", ".join(p for p in parts if p)

    @staticmethod
    def _option_words(option, value) -> str:
        if option.choices:
            return str(value).replace("_", " ")
        if isinstance(option.default, bool):
            return "yes" if value else "no"
        return str(value)

    # --- changing ---------------------------------------------------------------------------------

    def _change(self, what: str, **values) -> None:
        s = self.scenario
        if self._filling or s is None:
            return
        new = replace(s, **values)
        if new != s:
            self.document.push(EditScenario(self.document, {"scenarios": {s.id: new}}, f"{what} ({s.id})"))

    def _typed(self, what: str, edit, field: QLineEdit) -> None:
        """A header field typed as the rules print it; what does not read is refused with the reason."""
        s = self.scenario
        if self._filling or s is None:
            return
        try:
            new = edit(self.document.module.map, s, field.text())
        except ValueError as exc:
            self.show_message(f"{what}: {exc}. Nothing changed.")
            self.refresh()
            return
        if new != s:
            self.document.push(EditScenario(self.document, {"scenarios": {s.id: new}}, f"{what} in {s.id}"))

    def _turns(self) -> None:
        s = self.scenario
        if self._filling or s is None:
            return
        try:
            new = with_turns(s, self.first_turn.value(), self.last_turn.value(), self.first_date.text())
        except ValueError as exc:
            self.show_message(f"{exc}. The turns are as they were.")
            self.refresh()
            return
        if new != s:
            self.document.push(EditScenario(self.document, {"scenarios": {s.id: new}}, f"Turns of {s.id}"))

    def _maps(self) -> None:
        chosen = tuple(sheet for sheet, box in self.map_boxes.items() if box.isChecked())
        if not chosen:
            self.show_message("A scenario plays on at least one map.")
            self.refresh()
            return
        s = self.scenario
        self._change("Maps in play", maps=chosen, bounds=tuple(b for b in s.bounds if b.sheet in chosen))

    def _option(self, name: str) -> None:
        s = self.scenario
        value = self.option_boxes[name].currentData()
        options = {k: v for k, v in s.options.items() if k != name}
        if value is not None:
            options[name] = value
        self._change(f"Option {name.replace('_', ' ')}", options=options)

    def _text_changed(self, key: str) -> None:
        if not self._filling:
            self._text_timer.start()

    def _save_texts(self) -> None:
        self._text_timer.stop()
        if self.scenario is None:
            return
        text = {k: e.toPlainText().rstrip() for k, e in self.texts.items() if e.toPlainText().strip()}
        self._change("Printed text", text=text)

    def _reinforcement_source(self, source: str) -> None:
        s = self.scenario
        if s is None or s.options.get("reinforcements", "own") == source:
            return
        arrivals = s.arrivals
        if source == "ooa":
            arrivals = [a for a in self.document.module.ooa if s.first_turn <= a.turn <= s.last_turn]
        elif source == "none":
            arrivals = []
        new = replace(s, arrivals=list(arrivals), options={**s.options, "reinforcements": source})
        self.document.push(EditReinforcements(self.document, {"scenarios": {s.id: new}},
                                              f"Reinforcements of {s.id} from {SOURCES[source]}"))

    def add_arrival(self) -> None:
        s = self.scenario
        if s is None or not self.arrivals.editable:
            self.show_message("Choose 'its own list' of reinforcements first.")
            return
        module = self.document.module
        rows = self.arrivals.arrivals
        used = {p.counter for p in s.placements} | {c for a in rows for c in a.counters}
        spare = next((c for c in module.counters.values() if c.id not in used), None)
        if spare is None:
            self.show_message("Every counter already sets up or arrives.")
            return
        side = spare.side if spare.side in SIDES else SIDES[0]
        letters = sorted(a.letter for a in module.map.entry_areas.values() if a.side == side)
        arrival = Arrival(turn=min(s.first_turn + 1, s.last_turn), side=side, counters=(spare.id,),
                          areas=tuple(letters[:1]))
        where = "the Orders of Arrival" if self.arrivals.uses_ooa else s.id
        self.arrivals.replace_arrival(len(rows), arrival, f"New arrival in {where}")

    def delete_arrival(self) -> None:
        index = self.table.currentIndex()
        if index.isValid() and self.arrivals.editable:
            self.arrivals.replace_arrival(index.row(), None, "Delete an arrival")
