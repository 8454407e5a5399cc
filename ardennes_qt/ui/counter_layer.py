"""The counters on the map: one item per unit on the map, laid out as stacks.

A stack is an offset pile rising to the north-east, the top counter drawn last (as
the engine orders it).  Clicking a stack fans it out in a row so every counter can be
seen and picked up.  The layer redraws only the units and hexes that the engine's
``Changes`` name.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes
from ardennes_qt.engine.session import Session
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.counter_art import CounterFace, face_of
from ardennes_qt.ui.counter_item import DRAG_HINT, CounterItem, CounterZoom
from ardennes_qt.ui.terrain_painter import TerrainPainter

COUNTER_SHARE = 0.74  # a counter's side as a share of the hex's flat-to-flat height
PILE_STEP = 0.10  # each counter of a pile sits this share of a side up and right
PILE_SHOWN = 6  # a taller pile stops rising, so it stays over its own hex
STACK_Z = 10.0
FANNED_Z = 5000.0


def tooltip_of(unit: UnitView) -> str:
    reduced = " (reduced)" if unit.reduced else ""
    dg = ", DG" if unit.dg else ""
    return f"{unit.name} — {unit.formation_name}\n{unit.values}{reduced}{dg}\n{DRAG_HINT}"


class CounterLayer:
    def __init__(self, scene: QGraphicsScene, terrain: TerrainPainter) -> None:
        self.scene = scene
        self.terrain = terrain
        self.side = COUNTER_SHARE * terrain.layout.height
        self.items: dict[str, CounterItem] = {}
        self.zoom = CounterZoom(self.items, self.side)  # the view says what size counters are drawn for
        self.session: Session | None = None
        self.fanned: Hex | None = None
        self.selected: str | None = None
        self.generation = 0  # counted up whenever counters are laid out anew: what lies under them changed

    # --- building and updating ------------------------------------------------------------

    def show_session(self, session: Session) -> None:
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items.clear()
        self.session = session
        self.fanned = None
        self.selected = None
        self.sync(Changes(everything=True))

    def face(self, unit: UnitView) -> CounterFace:
        formation = self.session.content.formations.get(unit.formation)
        return face_of(unit, formation.colour if formation else "#777777")

    def sync(self, changes: Changes) -> None:
        """Bring the items in line with the engine after ``changes``."""
        state = self.session.state
        if changes.everything:
            unit_ids = set(state.units) | set(self.items)
            hexes = set(state.occupied())
        else:
            unit_ids = set(changes.units)
            hexes = set(changes.hexes)
        for uid in unit_ids:
            u = state.units.get(uid)
            if u is None or u.where != "map":
                self._drop_item(uid)
                continue
            view = self.session.unit(uid)
            item = self.items.get(uid)
            if item is None:
                item = self.items[uid] = CounterItem(uid, self.face(view), self.side, self.zoom.pixels_per_unit)
                self.scene.addItem(item)
            else:
                item.set_face(self.face(view))
            item.setToolTip(tooltip_of(view))
            hexes.add(u.hex)
        if self.fanned in hexes:
            self.fanned = None
        for h in hexes:
            self.lay_out(h)

    def _drop_item(self, uid: str) -> None:
        item = self.items.pop(uid, None)
        if item is not None:
            self.scene.removeItem(item)
        if self.selected == uid:
            self.selected = None

    # --- where counters sit --------------------------------------------------------------------

    def lay_out(self, h: Hex) -> None:
        """Put the counters of hex ``h`` where the engine says, as a pile (or fanned out)."""
        self.generation += 1
        stack = self.session.state.units_at(h)
        cx, cy = self.terrain.layout.centre(h)
        fanned = h == self.fanned and len(stack) > 1
        for i, uid in enumerate(stack):
            item = self.items.get(uid)
            if item is None:
                continue
            if fanned:
                spacing = self.side * 1.08
                item.setPos(QPointF(cx + (i - (len(stack) - 1) / 2) * spacing, cy - self.side * 0.35))
                item.setZValue(FANNED_Z + i)
            else:
                rise = min(i, PILE_SHOWN - 1) * PILE_STEP * self.side
                lift = min(len(stack) - 1, PILE_SHOWN - 1) * PILE_STEP * self.side / 2
                item.setPos(QPointF(cx + rise - lift, cy - rise + lift))
                item.setZValue(STACK_Z + i)
            self.zoom.laid_out(item)

    def put_back(self, unit_ids: tuple[str, ...]) -> None:
        """Return counters to where the engine has them (after a refused or abandoned drag)."""
        state = self.session.state
        for h in {state.units[u].hex for u in unit_ids if u in state.units and state.units[u].where == "map"}:
            self.lay_out(h)

    def fan_out(self, h: Hex | None) -> None:
        """Spread the stack in ``h`` so every counter shows; None closes the fanned stack."""
        previous, self.fanned = self.fanned, h
        for hx in {previous, h} - {None}:
            self.lay_out(hx)

    def select(self, unit_id: str | None) -> None:
        if self.selected in self.items:
            self.items[self.selected].set_selected(False)
        self.selected = unit_id
        if unit_id in self.items:
            self.items[unit_id].set_selected(True)

    def stack_of(self, unit_id: str) -> list[str]:
        u = self.session.state.units[unit_id]
        return self.session.state.units_at(u.hex) if u.where == "map" else [unit_id]
