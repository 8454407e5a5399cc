"""The tool options dock: one page per map tool, each a few fields bound to the
toolbox's settings.  A tool that changes a setting (the eyedropper picks terrain) is
shown here at once; the selection page also acts on the selected hexes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.units import SIDES
from ardennes_qt.store.editoredits import HIGHEST_LEVEL, LOWEST_LEVEL, layer_features
from editor.tools.base import ToolBox
from editor.tools.terrain_tools import feature_label
from editor.vocabulary import map_vocabulary

MODES = {"set": "Paint exactly these", "add": "Add these", "remove": "Take away"}
HELP = {
    "brush": "Drag over hexes to paint. A hex may hold several terrain types.",
    "fill": "Click a hex: every joined hex of the same terrain is painted.",
    "eyedropper": "Click a hex to paint with its terrain.",
    "select": "Drag a rectangle or draw a lasso; Shift adds to the selection.",
    "level": "Drag over hexes to give them this base level. Ctrl+click a hex to take its level.",
    "building": "Drag over building hexes to give them their levels above ground, with a steeple or none.",
    "hexside": "Click or drag along hexsides. Starting on the feature erases it.",
    "slope": "Click a hexside on its Down-Slope side: the hash marks go in that hex. Click the marks again "
             "to take the slope away, the other side to turn it round; drag along a slope to draw it on.",
    "road": "Drag from hex to hex. A link across water gets a bridge.",
    "bridge": "Click a bridge to give it this day and plunger; in plunger mode click a hex.",
    "layer": "Draw: click points, double-click to finish. Edit: drag a point of the selected layer.",
    "place": "Click a hex to name it; an empty name removes the place.",
    "entry": "Drag over edge hexes to add them to the area; start on one to take hexes out.",
    "calibrate": "Click two hex centres far apart on the scan (three if it is stretched), type their ids, "
                 "then Apply.",
    "setup": "Drag a set-up counter to another hex, or click it to pick it (its DG and step loss are in the "
             "Order of battle). Counters come on the map by dragging them from the Order of battle.",
    "play_area": "Drag from one corner hex to the opposite one: the play area on that map.",
}


def _combo(items: dict[str, str] | tuple[str, ...]) -> QComboBox:
    box = QComboBox()
    pairs = items.items() if isinstance(items, dict) else ((i, feature_label(i)) for i in items)
    for value, text in pairs:
        box.addItem(text, value)
    return box


def _set_combo(box: QComboBox, value) -> None:
    index = box.findData(value)
    if index >= 0:
        box.setCurrentIndex(index)


class ToolOptions(QWidget):
    def __init__(self, toolbox: ToolBox, document, apply_calibration, paint_selection) -> None:
        super().__init__()
        self.toolbox = toolbox
        self.document = document
        self.vocabulary = map_vocabulary(document.module.system)  # the terrain the game's rules know
        self.pages = QStackedWidget()
        self.help = QLabel()
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #555;")
        layout = QVBoxLayout(self)
        layout.addWidget(self.help)
        layout.addWidget(self.pages)
        layout.addStretch(1)
        self._page_of: dict[str, QWidget] = {}
        self._updating = False
        self._terrain_boxes: dict[str, QCheckBox] = {}
        self._build_terrain_page()
        self._build_select_page(paint_selection)
        self._build_simple_pages()
        self._build_calibration_page(apply_calibration)
        self._no_options = QWidget()  # a tool with nothing to set shows its help alone, not another tool's fields
        self.pages.addWidget(self._no_options)
        toolbox.settingsChanged.connect(self.refresh)
        toolbox.selectionChanged.connect(self.refresh)
        self.refresh()

    def show_tool(self, name: str) -> None:
        self.pages.setCurrentWidget(self._page_of.get(name, self._no_options))
        self.help.setText(HELP.get(name, ""))

    def _page(self, names: tuple[str, ...]) -> QFormLayout:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)
        self.pages.addWidget(page)
        for name in names:
            self._page_of[name] = page
        return form

    def _bind(self, widget, key: str, convert=lambda v: v) -> None:
        """Write the widget's value to the setting ``key`` whenever the user changes it."""
        def changed(*_):
            if not self._updating:
                self.toolbox.change(**{key: convert(self._value(widget))})
        if isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(changed)
        elif isinstance(widget, QLineEdit):
            widget.textEdited.connect(changed)
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(changed)
        else:
            widget.valueChanged.connect(changed)
        setattr(self, f"w_{key}", widget)

    @staticmethod
    def _value(widget):
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, QLineEdit):
            return widget.text()
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        return widget.value()

    # --- pages ----------------------------------------------------------------------------------

    def _build_terrain_page(self) -> None:
        form = self._page(("brush", "fill", "eyedropper"))
        grid = QGridLayout()
        for i, terrain in enumerate(self.vocabulary.hex_terrain):
            box = QCheckBox(feature_label(terrain))
            box.toggled.connect(self._terrain_toggled)
            grid.addWidget(box, i // 2, i % 2)
            self._terrain_boxes[terrain] = box
        form.addRow(grid)
        mode = _combo(MODES)
        self._bind(mode, "paint_mode")
        form.addRow("Brush", mode)

    def _terrain_toggled(self, _checked: bool) -> None:
        if not self._updating:
            chosen = frozenset(t for t, box in self._terrain_boxes.items() if box.isChecked())
            self.toolbox.change(terrain=chosen or frozenset({"open"}))

    def _build_select_page(self, paint_selection) -> None:
        form = self._page(("select",))
        shape = _combo({"rectangle": "Rectangle", "lasso": "Lasso"})
        self._bind(shape, "select_shape")
        form.addRow("Shape", shape)
        self.selection_count = QLabel()
        form.addRow("Selected", self.selection_count)
        paint = QPushButton("Paint with the brush")
        paint.clicked.connect(lambda: paint_selection("brush"))
        clear = QPushButton("Make open ground")
        clear.clicked.connect(lambda: paint_selection("open"))
        entry = QPushButton("Add to the entry area")
        entry.clicked.connect(lambda: paint_selection("entry"))
        none = QPushButton("Select none")
        none.clicked.connect(lambda: self.toolbox.select([]))
        for button in (paint, clear, entry, none):
            form.addRow(button)

    def _build_simple_pages(self) -> None:
        form = self._page(("level",))
        level = QSpinBox()
        level.setRange(LOWEST_LEVEL, HIGHEST_LEVEL)
        level.setSpecialValueText("-1 (stream bed)")
        self._bind(level, "level")
        form.addRow("Level", level)

        form = self._page(("building",))
        floors = QSpinBox()
        floors.setRange(0, HIGHEST_LEVEL)
        self._bind(floors, "floors")
        form.addRow("Levels above ground", floors)
        steeple = QCheckBox("Steeple (P5.2)")
        self._bind(steeple, "steeple")
        form.addRow(steeple)

        form = self._page(("hexside",))
        feature = _combo(self.vocabulary.hexside_features)
        self._bind(feature, "hexside_feature")
        form.addRow("Feature", feature)
        name = QLineEdit()
        name.setPlaceholderText("e.g. Ourthe (optional)")
        self._bind(name, "hexside_name")
        form.addRow("Name", name)

        form = self._page(("road",))
        kind = _combo(self.vocabulary.road_kinds)
        self._bind(kind, "road_kind")
        form.addRow("Kind", kind)
        erase = QCheckBox("Erase")
        self._bind(erase, "road_erase")
        form.addRow(erase)

        form = self._page(("bridge",))
        mode = _combo({"bridge": "Set bridges", "plunger": "Place or remove plungers"})
        self._bind(mode, "bridge_mode")
        form.addRow("Mode", mode)
        built = QLineEdit()
        built.setPlaceholderText("e.g. 20 Dec 44 (German-built)")
        self._bind(built, "bridge_built")
        form.addRow("Built on", built)
        self.w_plunger = QComboBox()
        self.w_plunger.currentIndexChanged.connect(
            lambda *_: None if self._updating else self.toolbox.change(bridge_plunger=self.w_plunger.currentData()))
        form.addRow("Plunger", self.w_plunger)

        form = self._page(("layer",))
        mode = _combo({"draw": "Draw a new layer", "edit": "Select and reshape"})
        self._bind(mode, "layer_mode")
        form.addRow("Mode", mode)
        shape = _combo({"polyline": "Polyline (river, road)", "polygon": "Polygon (forest)"})
        self._bind(shape, "layer_shape")
        form.addRow("Shape", shape)
        self.w_layer_feature = QComboBox()
        self.w_layer_feature.currentIndexChanged.connect(
            lambda *_: None if self._updating else self.toolbox.change(layer_feature=self.w_layer_feature.currentData()))
        form.addRow("Becomes", self.w_layer_feature)
        share = QDoubleSpinBox()
        share.setRange(0.05, 1.0)
        share.setSingleStep(0.05)
        self._bind(share, "layer_share")
        form.addRow("Hex covered", share)
        label = QLineEdit()
        label.setPlaceholderText("a river's name")
        self._bind(label, "layer_label")
        form.addRow("Name", label)

        form = self._page(("place",))
        place = QLineEdit()
        place.setPlaceholderText("e.g. Bastogne")
        self._bind(place, "place_name")
        form.addRow("Name", place)
        vp = QSpinBox()
        vp.setRange(0, 99)
        self._bind(vp, "place_vp")
        form.addRow("Victory points", vp)

        form = self._page(("entry",))
        letter = QLineEdit()
        letter.setMaxLength(2)
        self._bind(letter, "entry_letter", lambda v: v.strip().upper())
        form.addRow("Letter", letter)
        side = _combo(SIDES)
        self._bind(side, "entry_side")
        form.addRow("Side", side)

    def _build_calibration_page(self, apply_calibration) -> None:
        form = self._page(("calibrate",))
        self.calibration_rows: list[tuple[QLabel, QLineEdit]] = []
        m = self.document.module.map
        example = m.hex_id(next(m.all_hexes()))  # in the map's own numbering
        for row in range(3):
            pixel = QLabel("not clicked")
            hex_id = QLineEdit()
            hex_id.setPlaceholderText(f"hex id, e.g. {example}")
            hex_id.textEdited.connect(lambda text, r=row: self._calibration_hex(r, text))
            form.addRow(f"Point {row + 1}", pixel)
            form.addRow("", hex_id)
            self.calibration_rows.append((pixel, hex_id))
        apply = QPushButton("Apply calibration")
        apply.clicked.connect(apply_calibration)
        form.addRow(apply)

    def _calibration_hex(self, row: int, text: str) -> None:
        hexes = list(self.toolbox.settings.calibration_hexes)
        hexes[row] = text.strip()
        self.toolbox.change(calibration_hexes=hexes)

    # --- showing the settings -------------------------------------------------------------------

    def refresh(self) -> None:
        s = self.toolbox.settings
        self._updating = True
        try:
            for terrain, box in self._terrain_boxes.items():
                box.setChecked(terrain in s.terrain)
            for key in ("paint_mode", "select_shape", "hexside_feature", "road_kind", "bridge_mode", "layer_mode",
                        "layer_shape", "entry_side"):
                _set_combo(getattr(self, f"w_{key}"), getattr(s, key))
            for key in ("hexside_name", "bridge_built", "layer_label", "place_name", "entry_letter"):
                widget = getattr(self, f"w_{key}")
                if widget.text() != getattr(s, key):
                    widget.setText(getattr(s, key))
            self.w_road_erase.setChecked(s.road_erase)
            self.w_level.setValue(s.level)
            self.w_floors.setValue(s.floors)
            self.w_steeple.setChecked(s.steeple)
            self.w_layer_share.setValue(s.layer_share)
            self.w_place_vp.setValue(s.place_vp)
            self._fill(self.w_plunger, {"": "none", **{p: p for p in sorted(self.document.module.map.plungers)}},
                       s.bridge_plunger)
            features = {f: feature_label(f) for f in layer_features(s.layer_shape)}
            if s.layer_feature not in features:
                s.layer_feature = next(iter(features))
            self._fill(self.w_layer_feature, features, s.layer_feature)
            self.selection_count.setText(f"{len(self.toolbox.selection)} hexes")
            for row, (pixel, hex_id) in enumerate(self.calibration_rows):
                point = s.calibration[row]
                current = " ◀" if row == s.calibration_row else ""
                pixel.setText(f"pixel {point[0]:.0f}, {point[1]:.0f}{current}" if point else f"not clicked{current}")
                if hex_id.text() != s.calibration_hexes[row]:
                    hex_id.setText(s.calibration_hexes[row])
        finally:
            self._updating = False

    @staticmethod
    def _fill(box: QComboBox, items: dict[str, str], value: str) -> None:
        if [box.itemData(i) for i in range(box.count())] != list(items):
            box.clear()
            for key, text in items.items():
                box.addItem(text, key)
        _set_combo(box, value)
        box.setEnabled(box.count() > 0)
