"""The layers dock: the vector layers of the module, each shown or hidden with its
check box; the selected one's feature, share and name can be changed (it rasterizes
again), it can be drawn again onto the map after hand edits, or removed (its hexes
and hexsides go with it)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.store.editoredits import layer_features
from editor.commands import EditLayer
from editor.document import ORDER
from editor.tools.layer_tool import layer_change
from editor.tools.terrain_tools import feature_label


class LayersPanel(QWidget):
    def __init__(self, document, canvas) -> None:
        super().__init__()
        self.document = document
        self.canvas = canvas
        self.list = QListWidget()
        self.list.currentItemChanged.connect(lambda *_: self._chosen())
        self.list.itemChanged.connect(self._checked)
        self.feature = QComboBox()
        self.feature.activated.connect(lambda *_: self._set(feature=self.feature.currentData()))
        self.share = QDoubleSpinBox()
        self.share.setRange(0.05, 1.0)
        self.share.setSingleStep(0.05)
        self.share.editingFinished.connect(lambda: self._set(share=round(self.share.value(), 2)))
        self.label = QLineEdit()
        self.label.editingFinished.connect(lambda: self._set(label=self.label.text().strip()))
        again = QPushButton("Rasterize again")
        again.setToolTip("Draw the layer onto the map again (after hand edits over it)")
        again.clicked.connect(self.rasterize_again)
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove)
        form = QFormLayout()
        form.addRow("Becomes", self.feature)
        form.addRow("Hex covered", self.share)
        form.addRow("Name", self.label)
        buttons = QHBoxLayout()
        buttons.addWidget(again)
        buttons.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self._filling = False
        self._shown = None  # what the fields show: (shape, feature, share, label) of the current layer
        document.changed.connect(self._follow)
        self.refresh()

    def _follow(self, change) -> None:
        if not change.touches("layers"):
            return
        names = [self.list.item(i).data(Qt.UserRole) for i in range(self.list.count())]
        if names != list(self.document.module.layers):
            self.refresh()
            return
        # The same layers (a point dragged, a layer shown or hidden): their lines change in place.
        self._filling = True
        for i, name in enumerate(names):
            if name in change.keys("layers"):
                self._describe(self.list.item(i), self.document.module.layers[name])
        self._filling = False
        layer = self.current
        if layer is not None and (layer.shape, layer.feature, layer.share, layer.label) != self._shown:
            self._show(layer)

    @property
    def current(self):
        item = self.list.currentItem()
        return self.document.module.layers.get(item.data(Qt.UserRole)) if item else None

    def refresh(self) -> None:
        self._filling = True
        wanted = self.canvas.layers.selected
        self.list.clear()
        for layer in self.document.module.layers.values():
            item = QListWidgetItem()
            item.setData(Qt.UserRole, layer.name)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            self._describe(item, layer)
            self.list.addItem(item)
            if layer.name == wanted:
                self.list.setCurrentItem(item)
        self._filling = False
        self._show(self.current)

    @staticmethod
    def _describe(item: QListWidgetItem, layer) -> None:
        item.setText(f"{layer.name} — {layer.shape}, {len(layer.output)} written")
        item.setCheckState(Qt.Checked if layer.visible else Qt.Unchecked)

    def _chosen(self) -> None:
        if self._filling:
            return
        layer = self.current
        self.canvas.layers.select(layer.name if layer else "")
        self._show(layer)

    def _show(self, layer) -> None:
        for widget in (self.feature, self.share, self.label):
            widget.setEnabled(layer is not None)
        self._shown = (layer.shape, layer.feature, layer.share, layer.label) if layer is not None else None
        if layer is None:
            return
        self.feature.clear()
        for feature in layer_features(layer.shape):
            self.feature.addItem(feature_label(feature), feature)
        self.feature.setCurrentIndex(self.feature.findData(layer.feature))
        self.share.setValue(layer.share)
        self.label.setText(layer.label)

    def _checked(self, item: QListWidgetItem) -> None:
        if self._filling:
            return
        layer = self.document.module.layers.get(item.data(Qt.UserRole))
        visible = item.checkState() == Qt.Checked
        if layer is not None and layer.visible != visible:
            self._replace(layer, replace(layer, visible=visible), f"{'Show' if visible else 'Hide'} {layer.name}")

    def _set(self, **values) -> None:
        layer = self.current
        if layer is not None and any(getattr(layer, k) != v for k, v in values.items()):
            self._replace(layer, replace(layer, **values), f"Change {layer.name}")

    def _replace(self, old, new, text: str) -> None:
        self.document.push(EditLayer(self.document, layer_change(self.document, old, new), text))

    def rasterize_again(self) -> None:
        layer = self.current
        if layer is not None:
            # Taking out what it wrote and writing it again restores hexes painted over since.
            edits = layer_change(self.document, replace(layer, output=()), layer)
            self.document.push(EditLayer(self.document, edits, f"Rasterize {layer.name} again"))

    def remove(self) -> None:
        layer = self.current
        if layer is not None:
            edits = layer_change(self.document, layer, None)
            edits["layers"][ORDER] = [n for n in self.document.module.layers if n != layer.name]
            self.document.push(EditLayer(self.document, edits, f"Remove {layer.name}"))
