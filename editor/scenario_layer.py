"""The scenario on the map: the set-up as counters (the table's own counter items and
faces, piled as on the table) and the play area, with the hexes outside it shaded and
its edge drawn.  Both follow the document: a set-up or play-area edit redraws them."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.ui.counter_art import counter_face
from ardennes_qt.ui.counter_item import CounterItem, CounterZoom
from ardennes_qt.ui.counter_layer import COUNTER_SHARE, PILE_SHOWN, PILE_STEP, STACK_Z
from ardennes_qt.ui.play_area_art import PlayAreaArt

OUTSIDE = QColor(20, 24, 30, 120)
EDGE = QColor("#ffd54a")


class SetupLayer:
    """One counter item per counter the scenario sets up."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.side = COUNTER_SHARE * canvas.terrain.layout.height
        self.items: dict[str, CounterItem] = {}
        self.zoom = CounterZoom(self.items, self.side)  # the canvas says what size counters are drawn for
        self.zoom.watch(canvas)
        self.scenario_id: str | None = None
        self.selected: str | None = None

    @property
    def scenario(self) -> Scenario | None:
        return self.canvas.document.module.scenarios.get(self.scenario_id or "")

    def show(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        self.sync()

    def sync(self) -> None:
        """Bring the items in line with the scenario's set-up."""
        s = self.scenario
        module = self.canvas.document.module
        wanted = {p.counter: p for p in s.placements if p.counter in module.counters} if s else {}
        for uid in list(self.items):
            if uid not in wanted:
                self.canvas.scene().removeItem(self.items.pop(uid))
        for uid, p in wanted.items():
            counter = module.counters[uid]
            formation = module.formations.get(counter.formation)
            face = counter_face(counter, formation.colour if formation else "#777777", reduced=p.step_loss, dg=p.dg)
            item = self.items.get(uid)
            if item is None:
                item = self.items[uid] = CounterItem(uid, face, self.side, self.zoom.pixels_per_unit)
                self.canvas.scene().addItem(item)
            else:
                item.set_face(face)
            item.setToolTip(f"{counter.name} — {formation.name if formation else counter.formation}\n"
                            f"{module.map.hex_id(p.hex)}{f' (within {p.within})' if p.within else ''}")
            item.set_selected(uid == self.selected)
        for h in {p.hex for p in wanted.values()}:
            self.lay_out(h)

    def lay_out(self, h: Hex) -> None:
        stack = [p.counter for p in self.scenario.placements if p.hex == h and p.counter in self.items]
        cx, cy = self.canvas.terrain.layout.centre(h)
        lift = min(len(stack) - 1, PILE_SHOWN - 1) * PILE_STEP * self.side / 2
        for i, uid in enumerate(stack):
            rise = min(i, PILE_SHOWN - 1) * PILE_STEP * self.side
            self.items[uid].setPos(QPointF(cx + rise - lift, cy - rise + lift))
            self.items[uid].setZValue(STACK_Z + i)
            self.zoom.laid_out(self.items[uid])

    def counter_at(self, x: float, y: float) -> str | None:
        for item in self.canvas.scene().items(QPointF(x, y)):
            if isinstance(item, CounterItem) and item.unit_id in self.items:
                return item.unit_id
        return None

    def select(self, counter_id: str | None) -> None:
        self.selected = counter_id
        for uid, item in self.items.items():
            item.set_selected(uid == counter_id)


class PlayAreaItem(QGraphicsItem):
    """Hexes outside the scenario's play area shaded, the area's edge drawn along hexsides."""

    def __init__(self, canvas) -> None:
        super().__init__()
        self.canvas = canvas
        self.scenario_id: str | None = None
        self.art: PlayAreaArt | None = None
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    @property
    def outside(self) -> frozenset[Hex]:
        """The hexes of the map outside the play area."""
        return self.art.outside if self.art is not None else frozenset()

    def boundingRect(self) -> QRectF:
        return self.canvas.terrain.scene_rect()

    def show(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        self.sync()

    def sync(self) -> None:
        module = self.canvas.document.module
        s = module.scenarios.get(self.scenario_id or "")
        m = module.map
        self.art = None
        if s is not None:
            inside = {h for h in m.all_hexes() if s.hex_in_play(m.numbering, h)}
            self.art = PlayAreaArt(self.canvas.terrain, inside, OUTSIDE, EDGE)
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self.art:
            self.art.paint(painter, option.exposedRect, option.levelOfDetailFromTransform(painter.worldTransform()))
