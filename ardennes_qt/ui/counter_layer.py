"""The counters on the map: one item per unit on the map, laid out as stacks.

A stack is an offset pile rising to the north-east, the top counter drawn last (as
the engine orders it).  Clicking a stack fans it out in a row so every counter can be
seen and picked up.  The layer redraws only the units and hexes that the engine's
``Changes`` name.

A counter's tooltip is written when the pointer comes to it (``hover``), and again when the
game changes under the pointer: what a player may do with it is asked of the rules for that
counter alone (``hint_of``), not for every counter on every change.

Where counters are small coloured chips (the whole map in view) the view may paint them
into its cached background (``set_baking``): a frame then copies them with the map instead
of painting a few hundred items.  The counters of a selected or fanned stack, and those
picked up, stay items over the background, and so do all of them while something is shown
under the counters (a move's reach, an overlay), which they must cover.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsScene

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes
from ardennes_qt.engine.session import Session
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.counter_art import CounterFace, face_of
from ardennes_qt.ui.counter_item import CounterItem, CounterZoom
from ardennes_qt.ui.terrain_painter import TerrainPainter

ONE_BY_ONE = 8  # past this many counters going into the background or out, it is told once
COUNTER_SHARE = 0.74  # a counter's side as a share of the hex's flat-to-flat height
PILE_STEP = 0.10  # each counter of a pile sits this share of a side up and right
PILE_SHOWN = 6  # a taller pile stops rising, so it stays over its own hex
STACK_Z = 10.0
FANNED_Z = 5000.0


def tooltip_of(unit: UnitView, hint: str) -> str:
    """The counter's words, and ``hint``: what the player may do with it now."""
    reduced = " (reduced)" if unit.reduced else ""
    dg = ", DG" if unit.dg else ""
    return f"{unit.name} — {unit.formation_name}\n{unit.values}{reduced}{dg}" + (f"\n{hint}" if hint else "")


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
        self.baking = False  # counters at rest are painted into the view's background
        self.lifted: set[str] = set()  # picked up and carried: items, wherever they are
        self.hint_of: Callable[[str], str] = lambda unit_id: ""  # what a player may do with a counter now
        self.hovered: str | None = None  # the counter under the pointer, whose tooltip is written
        # Told the hexes whose counters went into the background or came out of it, or moved
        # in it (None: a hex no longer known, of a unit gone from the game).
        self.bake_listeners: list[Callable[[set[Hex]], None]] = []
        self._bake_changed: set[Hex] = set()

    # --- building and updating ------------------------------------------------------------

    def show_session(self, session: Session) -> None:
        for item in self.items.values():
            if item.baked:
                item.background_changed()
            self.scene.removeItem(item)
        self.items.clear()
        self.session = session
        self.fanned = None
        self.selected = None
        self.lifted = set()
        self.hovered = None
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
            hexes.add(u.hex)
        if self.fanned in hexes:
            self.fanned = None
        for h in hexes:
            self.lay_out(h)
        self._tell_bake_listeners()  # counters taken off the map, where no hex was laid out
        self.hover(self.hovered)  # what may be done with it may have changed with the game

    def hover(self, unit_id: str | None) -> None:
        """The pointer is on ``unit_id``'s counter (None: on none): write its tooltip."""
        previous, self.hovered = self.items.get(self.hovered or ""), unit_id
        if previous is not None:
            previous.setToolTip("")  # written again when the pointer comes back, for the game then
        item = self.items.get(unit_id or "")
        if item is not None:
            item.setToolTip(tooltip_of(self.session.unit(unit_id), self.hint_of(unit_id)))

    def _drop_item(self, uid: str) -> None:
        item = self.items.pop(uid, None)
        if item is not None:
            if item.baked:
                item.background_changed()
                self.generation += 1
                u = self.session.state.units.get(uid) if self.session is not None else None
                self._bake_changed.add(u.hex if u is not None else None)
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
        spacing = self.side * 1.08
        if fanned:
            cx += self._fan_shift(cx, (len(stack) - 1) * spacing + self.side)
        live = self._live_hexes()
        for i, uid in enumerate(stack):
            item = self.items.get(uid)
            if item is None:
                continue
            if item.baked:
                item.background_changed()  # where it was
            if fanned:
                item.setPos(QPointF(cx + (i - (len(stack) - 1) / 2) * spacing, cy - self.side * 0.35))
                item.setZValue(FANNED_Z + i)
            else:
                rise = min(i, PILE_SHOWN - 1) * PILE_STEP * self.side
                lift = min(len(stack) - 1, PILE_SHOWN - 1) * PILE_STEP * self.side / 2
                item.setPos(QPointF(cx + rise - lift, cy - rise + lift))
                item.setZValue(STACK_Z + i)
            self.zoom.laid_out(item)
            self._bake(item, h, live)
            if item.baked:
                item.background_changed()  # where it is now
                self._bake_changed.add(h)
        self._tell_bake_listeners()

    def _fan_shift(self, cx: float, width: float) -> float:
        """How far to move a fanned-out row ``width`` wide, centred at ``cx``, to keep it on
        the map (a stack on its east or west edge fans inward)."""
        west, _, east, _ = self.terrain.edges.bounds
        left, right = cx - width / 2, cx + width / 2
        if right > east:
            return max(east - right, west - left)
        return max(0.0, west - left)

    def put_back(self, unit_ids: tuple[str, ...]) -> None:
        """Return counters to where the engine has them (after a refused or abandoned drag)."""
        state = self.session.state
        self.lifted -= set(unit_ids)
        for h in {state.units[u].hex for u in unit_ids if u in state.units and state.units[u].where == "map"}:
            self.lay_out(h)

    def fan_out(self, h: Hex | None) -> None:
        """Spread the stack in ``h`` so every counter shows; None closes the fanned stack."""
        previous, self.fanned = self.fanned, h
        for hx in {previous, h} - {None}:
            self.lay_out(hx)

    def select(self, unit_id: str | None) -> None:
        was = self._hex_of(self.selected)
        if self.selected in self.items:
            self.items[self.selected].set_selected(False)
        self.selected = unit_id
        if unit_id in self.items:
            self.items[unit_id].set_selected(True)
        self._bake_hexes({was, self._hex_of(unit_id)} - {None})

    def stack_of(self, unit_id: str) -> list[str]:
        u = self.session.state.units[unit_id]
        return self.session.state.units_at(u.hex) if u.where == "map" else [unit_id]

    # --- counters painted into the view's background ----------------------------------------

    def set_baking(self, on: bool) -> None:
        """Paint the counters at rest into the view's background (on), or all as items."""
        if on != self.baking:
            self.baking = on
            self._bake_hexes(set(self.session.state.occupied()) if self.session is not None else set())

    def lift(self, unit_ids) -> None:
        """``unit_ids`` are picked up (and carried about as items); () when none are."""
        hexes = {self._hex_of(u) for u in self.lifted ^ set(unit_ids)} - {None}
        self.lifted = set(unit_ids)
        self._bake_hexes(hexes)

    def baked_hex(self, h: Hex) -> bool:
        """Whether the counters in ``h`` are painted into the background."""
        return self.baking and h not in self._live_hexes()

    def has_items_shown(self) -> bool:
        """Whether any counter is painted as an item (not into the background)."""
        return any(not item.baked for item in self.items.values())

    def paint_baked(self, painter: QPainter, exposed) -> None:
        """Paint the counters in the background that reach into ``exposed`` (map units), in the
        order Qt would paint them as items."""
        view_transform = painter.worldTransform()
        hints = painter.renderHints()
        baked = [item for item in self.scene.items(exposed, Qt.IntersectsItemBoundingRect, Qt.AscendingOrder)
                 if isinstance(item, CounterItem) and item.baked and item.isVisible()]
        for item in baked:
            item.paint_into(painter, view_transform)
        painter.setWorldTransform(view_transform)
        painter.setRenderHints(hints)

    def _hex_of(self, unit_id: str | None) -> Hex | None:
        u = self.session.state.units.get(unit_id) if self.session is not None and unit_id else None
        return u.hex if u is not None and u.where == "map" else None

    def _live_hexes(self) -> set[Hex]:
        """The hexes whose counters are items: a selected or fanned stack, counters picked up."""
        return {self._hex_of(self.selected), self.fanned, *(self._hex_of(u) for u in self.lifted)} - {None}

    def _bake(self, item: CounterItem, h: Hex, live: set[Hex], changed: list[CounterItem] | None = None) -> None:
        """``changed``: where to list the item if it changes, rather than have it tell the
        background at once."""
        baked = self.baking and h not in live and item.unit_id not in self.lifted
        if baked != item.baked:
            item.set_baked(baked, tell_background=changed is None)
            if changed is not None:
                changed.append(item)
            self.generation += 1
            self._bake_changed.add(h)

    def _bake_hexes(self, hexes: set) -> None:
        live = self._live_hexes()
        state = self.session.state if self.session is not None else None
        changed: list[CounterItem] = []
        for h in hexes:
            for uid in state.units_at(h) if state is not None else ():
                item = self.items.get(uid)
                if item is not None:
                    self._bake(item, h, live, changed)
        if len(changed) > ONE_BY_ONE:
            # Every counter at once (a zoom, the map opened): one stretch of background to paint
            # again, not one per counter.
            area = changed[0].sceneBoundingRect()
            for item in changed[1:]:
                area = area.united(item.sceneBoundingRect())
            self.scene.invalidate(area, QGraphicsScene.BackgroundLayer)
        else:
            for item in changed:
                item.background_changed()
        self._tell_bake_listeners()

    def _tell_bake_listeners(self) -> None:
        if self._bake_changed:
            changed, self._bake_changed = self._bake_changed, set()
            for listener in self.bake_listeners:
                listener(changed)

