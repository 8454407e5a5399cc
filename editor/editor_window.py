"""The editor window: the map (with its tools) and the counters, scenario and rule-table
tabs in the middle; tool options, map and backdrop, layers and validation docked
around; File / Edit / View / Tools menus; a status bar naming the hex under the
pointer.

The window holds one document at a time (document.py).  Opening another file, or a
new map, builds the tabs and docks again around the new document; unsaved edits are
offered to be saved first.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox, QTabWidget, QToolBar

from ardennes_qt.core.mapdata import EntryArea
from ardennes_qt.core.scenario import Placement
from ardennes_qt.store.editoredits import paint_terrain
from ardennes_qt.store.editormodel import CalibrationError
from ardennes_qt.store.editorscenario import placement_of, setup_key, with_placement
from ardennes_qt.store.errors import ContentError
from ardennes_qt.ui.file_drops import dropped_file, take_file_drag
from editor import files
from editor.calibration import calibration_points
from editor.commands import EditBackdrop, EditEntryAreas, EditSetup, PaintTerrain
from editor.document import EditorDocument
from editor.map_canvas import MapCanvas
from editor.new_map_dialog import NewMapDialog
from editor.panels.counters_tab import CountersTab
from editor.panels.layers_panel import LayersPanel
from editor.panels.map_panel import MapPanel
from editor.panels.oob_palette import OrderOfBattle
from editor.panels.rules_tab import RulesTab
from editor.panels.scenario_tab import ScenarioTab
from editor.play import play
from editor.scenario_bar import ScenarioBar
from editor.panels.tool_options import ToolOptions
from editor.panels.validation_panel import ValidationPanel
from editor.tools.base import ToolBox
from editor.tools.hill_tools import BuildingTool, LevelTool, SlopeTool, hill_words
from editor.tools.layer_tool import LayerTool
from editor.tools.line_tools import BridgeTool, HexsideTool, RoadTool
from editor.tools.special_tools import CalibrationTool, EntryAreaTool, PlaceTool
from editor.tools.scenario_tools import PlayAreaTool, SetupTool
from editor.tools.terrain_tools import BrushTool, EyedropperTool, FillTool, SelectTool, terrain_words
from editor.vocabulary import map_vocabulary

MESSAGE_MS = 8000
MAP_DOCKS = ("tool", "map", "layers", "oob")
# Map tools in toolbar order: (class, label, shortcut); those of HILL_TOOLS only for maps with hills
MAP_TOOLS = (
    (BrushTool, "Brush", "B"),
    (FillTool, "Fill", "F"),
    (SelectTool, "Select", "S"),
    (EyedropperTool, "Eyedropper", "I"),
    (LevelTool, "Levels", "L"),
    (BuildingTool, "Building levels", "K"),
    (HexsideTool, "Hexsides", "H"),
    (SlopeTool, "Slopes", "D"),
    (RoadTool, "Roads", "R"),
    (BridgeTool, "Bridges", "G"),
    (LayerTool, "Vector layers", "V"),
    (PlaceTool, "Places", "P"),
    (EntryAreaTool, "Entry areas", "E"),
    (CalibrationTool, "Calibrate", "C"),
    (SetupTool, "Set-up", "U"),
    (PlayAreaTool, "Play area", "A"),
)
HILL_TOOLS = ("level", "building", "slope")


class EditorWindow(QMainWindow):
    def __init__(self, document: EditorDocument) -> None:
        super().__init__()
        self.document: EditorDocument | None = None
        self.scenario_id: str | None = None
        self.table_windows: list = []
        self.play_autosave = True  # games started here autosave as the table's own do
        self.export_report = None  # the last export's report (files.py)
        self.setAcceptDrops(True)  # a module file dropped on the window opens
        self.toolbox = ToolBox()
        self.toolbox.message.connect(self.show_message)
        self.hover_label = QLabel()
        self.statusBar().addPermanentWidget(self.hover_label)
        self.tabs = QTabWidget()
        self.tabs.currentChanged.connect(self._tab_changed)
        self.setCentralWidget(self.tabs)
        self.docks: dict[str, QDockWidget] = {}
        for key, title, area in (("tool", "Tool", Qt.LeftDockWidgetArea), ("map", "Map", Qt.LeftDockWidgetArea),
                                 ("layers", "Layers", Qt.RightDockWidgetArea),
                                 ("oob", "Order of battle", Qt.RightDockWidgetArea),
                                 ("validation", "Validation", Qt.RightDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}Dock")
            self.addDockWidget(area, dock)
            self.docks[key] = dock
        self.tabifyDockWidget(self.docks["layers"], self.docks["oob"])
        self.tool_bar = QToolBar("Tools")
        self.tool_bar.setObjectName("toolsBar")
        self.addToolBar(Qt.LeftToolBarArea, self.tool_bar)
        self.scenario_bar = ScenarioBar(self)
        self.addToolBar(Qt.TopToolBarArea, self.scenario_bar)
        self.tool_actions = QActionGroup(self)
        self.menus = files.build_menus(self)
        self.resize(1500, 950)
        self.set_document(document)

    # --- the document --------------------------------------------------------------------------

    def set_document(self, document: EditorDocument) -> None:
        previous, self.document = self.document, document
        if previous is not None:
            previous.close()
            previous.deleteLater()
        document.stateChanged.connect(self._update_title)
        self.tabs.clear()
        self.canvas = MapCanvas(document)
        self.canvas.hovered.connect(self._hovered)
        self.canvas.message.connect(self.show_message)
        self.tabs.addTab(self.canvas, "Map")
        self.counters_tab = CountersTab(document, self.show_message, self.report_error)
        self.tabs.addTab(self.counters_tab, "Counters")
        self.scenario_tab = ScenarioTab(document, self.show_message)
        self.tabs.addTab(self.scenario_tab, "Scenarios")
        self.rules_tab = RulesTab(document, self.show_message)
        self.tabs.addTab(self.rules_tab, "Rule tables")
        self.scenario_tab.editTable.connect(self.edit_rule_table)
        self.oob = OrderOfBattle(document, self.show_message)
        self.docks["oob"].setWidget(self.oob)
        self.canvas.countersDropped.connect(self.set_up_counters)
        self.canvas.counterPicked.connect(self.oob.pick)
        self.tools = {cls.name: cls(self.canvas, self.toolbox) for cls, _, _ in MAP_TOOLS}
        self.tool_options = ToolOptions(self.toolbox, document, self.apply_calibration, self.act_on_selection)
        self.docks["tool"].setWidget(self.tool_options)
        self.map_panel = MapPanel(document, self.report_error)
        self.docks["map"].setWidget(self.map_panel)
        self.layers_panel = LayersPanel(document, self.canvas)
        self.docks["layers"].setWidget(self.layers_panel)
        self.validation = ValidationPanel(document)
        self.validation.jump.connect(self.jump_to)
        self.docks["validation"].setWidget(self.validation)
        self.toolbox.selectionChanged.connect(lambda: self.canvas.overlay.set_selection(self.toolbox.selection))
        self.toolbox.select([])
        self._build_tool_bar()
        self.menus.follow(document)
        self.scenario_bar.follow(document)
        self.show_scenario(next(iter(document.module.scenarios), None))
        self.choose_tool("brush")
        self._update_title()
        if self.isVisible():
            self.canvas.fit_map()

    def _build_tool_bar(self) -> None:
        self.tool_bar.clear()
        for action in self.tool_actions.actions():
            self.tool_actions.removeAction(action)
        hills = map_vocabulary(self.document.module.system).levels
        for cls, label, key in MAP_TOOLS:
            if cls.name in HILL_TOOLS and not hills:
                continue
            action = QAction(label, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(key))
            action.setToolTip(f"{label} ({key})")
            action.setData(cls.name)
            action.triggered.connect(lambda _checked=False, name=cls.name: self.choose_tool(name))
            self.tool_actions.addAction(action)
            self.tool_bar.addAction(action)

    def choose_tool(self, name: str) -> None:
        self.tabs.setCurrentWidget(self.canvas)
        self.canvas.set_tool(self.tools[name])
        self.tool_options.show_tool(name)
        for action in self.tool_actions.actions():
            action.setChecked(action.data() == name)

    def _tab_changed(self, _index: int) -> None:
        """The map's docks stand beside the map only: the other tabs need the room."""
        on_map = self.tabs.currentWidget() is getattr(self, "canvas", None)
        for key in MAP_DOCKS:
            self.docks[key].setVisible(on_map)
        self.tool_bar.setVisible(on_map)

    def show_tab(self, name: str) -> None:
        widgets = {"map": self.canvas, "counters": self.counters_tab, "scenarios": self.scenario_tab,
                   "rules": self.rules_tab}
        self.tabs.setCurrentWidget(widgets.get(name, self.canvas))

    def show_scenario(self, scenario_id: str | None) -> bool:
        """Work on this scenario: its set-up and play area on the map, its tab, its order of battle."""
        if scenario_id is not None and scenario_id not in self.document.module.scenarios:
            return False
        self.scenario_id = scenario_id
        self.scenario_bar.show_scenario(scenario_id)
        self.canvas.show_scenario(scenario_id)
        self.oob.show_scenario(scenario_id)
        self.scenario_tab.show_scenario(scenario_id)
        self.rules_tab.show_scenario(scenario_id)
        return True

    def edit_rule_table(self, name: str, scope: str) -> None:
        self.rules_tab.open_table(name, scope)
        self.tabs.setCurrentWidget(self.rules_tab)

    def set_up_counters(self, counter_ids, hex_id: str) -> None:
        """Counters dropped from the order of battle: into the scenario's set-up at that hex."""
        s = self.document.module.scenarios.get(self.scenario_id or "")
        if s is None:
            self.show_message("Choose a scenario first (the scenario bar above the map).")
            return
        h = self.document.module.map.parse(hex_id)
        new, provenance = s, {}
        for counter_id in counter_ids:
            old = placement_of(new, counter_id)
            try:
                new = with_placement(new, replace(old, hex=h) if old else Placement(counter_id, h))
            except ValueError as exc:
                self.show_message(f"{exc}.")
                return
            provenance[setup_key(s.id, counter_id)] = "user"
        names = ", ".join(self.document.module.counters[c].name for c in counter_ids)
        self.document.push(EditSetup(self.document, {"scenarios": {s.id: new}, "provenance": provenance},
                                     f"Set up {names} at {hex_id}"))
        self.canvas.pick_counter(counter_ids[-1])

    def play_scenario(self) -> None:
        """Open the table on the scenario as it stands in the editor (a new game of it)."""
        if self.scenario_id is None:
            self.show_message("Choose a scenario to play.")
            return
        try:
            window = play(self.document.module, self.scenario_id, autosave=self.play_autosave)
        except (ContentError, KeyError, ValueError) as exc:
            self.report_error("Cannot play the scenario", f"Scenario {self.scenario_id} cannot be set up.", str(exc))
            return
        self.table_windows.append(window)

    def sheet_content(self):
        """The current scenario as the table would play it, for its setup sheet; None with a
        message when there is no scenario or it cannot be read."""
        if self.scenario_id is None:
            self.show_message("Choose a scenario to print its setup sheet.")
            return None
        try:
            return self.document.module.play_content(self.scenario_id)
        except (ContentError, KeyError, ValueError) as exc:
            self.report_error("Cannot print the setup sheet", f"Scenario {self.scenario_id} cannot be read.", str(exc))
            return None

    def print_sheet(self) -> None:
        from ardennes_qt.ui.printing import print_setup_sheet

        content = self.sheet_content()
        if content is not None:
            self.sheet_dialog = print_setup_sheet(self, content)

    def export_sheet(self) -> None:
        from ardennes_qt.ui.printing import export_pdf_dialog

        content = self.sheet_content()
        if content is not None:
            folder = self.document.path.parent if self.document.path else None
            self.sheet_dialog = export_pdf_dialog(self, content, folder)
            self.sheet_dialog.exported.connect(lambda path: self.show_message(f"Setup sheet written to {path}"))

    def new_map(self) -> None:
        dialog = NewMapDialog(self.document.module, self)
        if dialog.exec() and dialog.module is not None and files.may_close(self):
            self.set_document(EditorDocument(dialog.module))
            self.show_message(f"New map {dialog.module.map.title}: {dialog.module.map.numbering.size} hexes, all open.")

    def _update_title(self) -> None:
        mark = "*" if self.document.dirty else ""
        self.setWindowTitle(f"{mark}{self.document.title} — ardennes-qt editor")

    # --- selection and calibration ----------------------------------------------------------------

    def act_on_selection(self, what: str) -> None:
        hexes = self.toolbox.selection
        if not hexes:
            self.show_message("Select hexes first (Select tool).")
            return
        m = self.document.module.map
        s = self.toolbox.settings
        if what == "entry":
            letter = s.entry_letter
            area = m.entry_areas.get(letter)
            hexes_now = frozenset(area.hexes if area else ()) | set(hexes)
            new = EntryArea(letter, s.entry_side, hexes_now, "user")
            self.document.push(EditEntryAreas(self.document, {"entry_areas": {letter: new}}, f"Entry area {letter}"))
            return
        terrain, mode = (frozenset({"open"}), "set") if what == "open" else (s.terrain, s.paint_mode)
        edits = paint_terrain(m, hexes, terrain, mode)
        if edits:
            self.document.push(PaintTerrain(self.document, edits, f"Paint {len(hexes)} selected hexes"))

    def apply_calibration(self) -> None:
        b = self.document.module.backdrop.get("backdrop")
        s = self.toolbox.settings
        if b is None:
            self.show_message("Import a backdrop first.")
            return
        m = self.document.module.map

        def centre_of(hex_id: str) -> tuple[float, float]:
            return self.canvas.terrain.layout.centre(m.parse(hex_id))

        try:
            calibrated = replace(b, calibration=calibration_points(s.calibration, s.calibration_hexes, m, centre_of))
            calibrated.transform(centre_of)
        except (ValueError, CalibrationError) as exc:
            self.show_message(f"Cannot calibrate: {exc}")
            return
        self.document.push(EditBackdrop(self.document, {"backdrop": {"backdrop": calibrated}}, "Calibrate the backdrop"))
        self.show_message("The backdrop is calibrated to the grid.")

    # --- status ------------------------------------------------------------------------------------

    def _hovered(self, hex_id: str) -> None:
        if not hex_id:
            self.hover_label.setText("")
            return
        m = self.document.module.map
        h = m.parse(hex_id)
        place = m.places.get(h)
        record = m.hexes.get(h)
        source = record.source if record else m.source
        words = [hex_id, f"{terrain_words(m.terrain(h))} ({source})"]
        if place:
            words.append(f"{place.name}" + (f" ({place.vp} VP)" if place.vp else ""))
        if map_vocabulary(self.document.module.system).levels:
            words += hill_words(m, h)
        self.hover_label.setText(" · ".join(words))

    def jump_to(self, hex_id: str) -> None:
        self.tabs.setCurrentWidget(self.canvas)
        self.canvas.jump_to(hex_id)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def report_error(self, title: str, text: str, detail: str) -> None:
        """A warning that does not block; nothing in the document has changed."""
        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, self)
        box.setInformativeText(detail)
        box.open()
        self.message_box = box

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.canvas.fit_map()

    def dragEnterEvent(self, event) -> None:
        take_file_drag(event)  # counters dragged onto the map are the canvas's

    def dropEvent(self, event) -> None:
        path = dropped_file(event)
        if path is not None:
            event.acceptProposedAction()
            files.open_path(self, path)

    def closeEvent(self, event) -> None:
        if files.may_close(self):
            self.document.close()
            event.accept()
        else:
            event.ignore()

    def open_path(self, path: Path) -> bool:
        return files.open_path(self, path)
