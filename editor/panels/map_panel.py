"""The map dock: the map's name, which side each map edge is friendly to (1.3), and the
backdrop (import a scan, fade it, hide it, see whether it is calibrated)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.mapdata import EDGES
from ardennes_qt.core.units import SIDES
from editor.backdrop_item import BackdropError, backdrop_from_file
from editor.commands import EditBackdrop, EditMapInfo, SetFriendlyEdge, new_stroke

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg);;All files (*)"


class MapPanel(QWidget):
    def __init__(self, document, report_error) -> None:
        super().__init__()
        self.document = document
        self.report_error = report_error
        self._filling = False
        self._fade_stroke = new_stroke()
        self.title = QLineEdit()
        self.title.editingFinished.connect(self._retitle)
        form = QFormLayout()
        form.addRow("Name", self.title)
        self.edges: dict[str, QComboBox] = {}
        for edge in EDGES:
            box = QComboBox()
            box.addItem("not friendly", "")
            for side in SIDES:
                box.addItem(side, side)
            box.activated.connect(lambda _i, e=edge: self._edge(e))
            self.edges[edge] = box
            form.addRow(f"{edge.capitalize()} edge", box)

        self.backdrop_state = QLabel()
        self.backdrop_state.setWordWrap(True)
        self.opacity = QSlider(Qt.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.sliderPressed.connect(lambda: setattr(self, "_fade_stroke", new_stroke()))
        self.opacity.valueChanged.connect(self._fade)
        self.visible = QCheckBox("Show")
        self.visible.toggled.connect(lambda on: self._backdrop_change("Show backdrop" if on else "Hide backdrop",
                                                                      visible=on))
        load = QPushButton("Import…")
        load.clicked.connect(self.import_dialog)
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove_backdrop)
        buttons = QHBoxLayout()
        buttons.addWidget(load)
        buttons.addWidget(remove)
        box = QGroupBox("Backdrop")
        backdrop_form = QFormLayout(box)
        backdrop_form.addRow(self.backdrop_state)
        backdrop_form.addRow("Opacity", self.opacity)
        backdrop_form.addRow(self.visible)
        backdrop_form.addRow(buttons)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(box)
        layout.addStretch(1)
        document.changed.connect(self._follow)
        self.refresh()

    def _follow(self, change) -> None:
        if change.touches("backdrop", "friendly_edges", "map_info"):
            self.refresh()

    def refresh(self) -> None:
        self._filling = True
        m = self.document.module.map
        self.title.setText(m.title)
        self.title.setCursorPosition(0)  # a long name shows its beginning, not its end
        for edge, box in self.edges.items():
            box.setCurrentIndex(box.findData(m.friendly_edges.get(edge, "")))
        b = self.document.module.backdrop.get("backdrop")
        if b is None:
            self.backdrop_state.setText("No backdrop. Import a scan of the printed map to trace it.")
        else:
            state = "calibrated" if len(b.calibration) == 3 else "not calibrated (use the Calibrate tool)"
            self.backdrop_state.setText(f"{b.name}, {b.width}×{b.height} pixels, {state}.")
        for widget in (self.opacity, self.visible):
            widget.setEnabled(b is not None)
        self.opacity.setValue(round((b.opacity if b else 0.5) * 100))
        self.visible.setChecked(bool(b and b.visible))
        self._filling = False

    def _retitle(self) -> None:
        text = self.title.text().strip()
        if text and text != self.document.module.map.title:
            self.document.push(EditMapInfo(self.document, {"map_info": {"title": text}}, "Rename the map"))

    def _edge(self, edge: str) -> None:
        side = self.edges[edge].currentData() or None
        if self.document.module.map.friendly_edges.get(edge) != side:
            text = f"{edge.capitalize()} edge friendly to {side}" if side else f"{edge.capitalize()} edge not friendly"
            self.document.push(SetFriendlyEdge(self.document, {"friendly_edges": {edge: side}}, text))

    # --- the backdrop --------------------------------------------------------------------------

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a backdrop", "", IMAGE_FILTER)
        if path:
            self.import_file(path)

    def import_file(self, path: str) -> bool:
        try:
            backdrop = backdrop_from_file(path)
        except BackdropError as exc:
            self.report_error("Cannot use this picture", f"{path} cannot be the backdrop.", str(exc))
            return False
        self.document.push(EditBackdrop(self.document, {"backdrop": {"backdrop": backdrop}}, f"Import {backdrop.name}"))
        return True

    def remove_backdrop(self) -> None:
        if self.document.module.backdrop:
            self.document.push(EditBackdrop(self.document, {"backdrop": {"backdrop": None}}, "Remove the backdrop"))

    def _fade(self, value: int) -> None:
        self._backdrop_change("Backdrop opacity", stroke=self._fade_stroke, opacity=value / 100)

    def _backdrop_change(self, text: str, stroke: int | None = None, **values) -> None:
        b = self.document.module.backdrop.get("backdrop")
        if self._filling or b is None or all(getattr(b, k) == v for k, v in values.items()):
            return
        self.document.push(EditBackdrop(self.document, {"backdrop": {"backdrop": replace(b, **values)}}, text, stroke))
