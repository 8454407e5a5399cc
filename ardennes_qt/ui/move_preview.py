"""Showing a move before it is made: when counters are picked up, every hex they can
reach (with its MP cost) and every hex they may Overrun; while they are carried, the
route to the hex under the pointer, its running cost and the reason of every cost.

Counters waiting to arrive show the hexes where they may be placed instead.  With the
rules assistance off nothing is highlighted: every hex is allowed.  With the rules
enforced, counters carried on the map over a hex where a drop would be refused show the
not-allowed pointer (not while a Decision waits: a drop may answer it).  The answers are
the engine's (``legal_moves``, ``overrun_routes``, ``path``, ``placements``); this
only draws them.

Move mode lets a unit be moved by clicks, or from the keyboard: ``M`` (or the counter's
menu) shows the reach of the selected unit's stack, hovering a hex shows the route,
a click on a highlighted hex moves there, and Esc or a click elsewhere leaves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt

from ardennes_qt.core.system import Movement
from ardennes_qt.ui.counter_layer import FANNED_Z
from ardennes_qt.ui.move_highlights import ReachCosts, ReachTint, RouteLine, RouteNote, mp_text
from ardennes_qt.ui.rules_assistance import ENFORCE, OFF

if TYPE_CHECKING:
    from ardennes_qt.ui.counter_moves import CounterMoves
    from ardennes_qt.ui.map_view import MapView

TINT_Z = 5.0  # over the terrain and names, under the counters
COSTS_Z = FANNED_Z - 1.5  # over the piles, under a fanned stack and the drop target
ROUTE_Z = FANNED_Z - 1.8  # over the piles, under the costs and a fanned stack
NOTE_Z = FANNED_Z + 2000.0


def reasons_text(reasons) -> list[str]:
    """A step's costs as a player reads them: "+1 Stream (Prüm) (TEC)"."""
    return [f"+{mp_text(mp)} {reason}" + (f" ({rule})" if rule else "") for mp, reason, rule in reasons]


class MovePreview:
    def __init__(self, moves: CounterMoves, show_status) -> None:
        self.moves = moves
        self.show_status = show_status
        self.view: MapView | None = None
        self.units: tuple[str, ...] = ()
        self.reach: dict[str, float] = {}  # hex id -> MP, or the hexes where arriving units may go
        self.overruns: dict[str, float] = {}
        self.placing = False
        self.move_mode = False
        self.carried_on_map = False  # picked up on the map (not a drag from a dock)
        self.refused_here = False  # the hex under carried counters is one a drop there is refused on
        self._decision_waits = False

    @property
    def session(self):
        return self.moves.session

    def checking(self) -> bool:
        """Whether there is a reach to show: the rules assistance is on, and the rule system
        knows how units move (a free table has no rules for it)."""
        return self.moves.assistance.mode != OFF and self.session.offers(Movement)

    def attach(self, view: MapView) -> None:
        """Draw on ``view`` (a new one comes with every game put on the table)."""
        self.view = view
        terrain = view.terrain
        self.tint, self.costs, self.route, self.note = ReachTint(terrain), ReachCosts(terrain), RouteLine(terrain), RouteNote()
        for item, z in ((self.tint, TINT_Z), (self.costs, COSTS_Z), (self.route, ROUTE_Z), (self.note, NOTE_Z)):
            item.setZValue(z)
            item.hide()
            view.scene().addItem(item)
        view.dragStarted.connect(self.pick_up)
        view.dragOver.connect(self.over)
        view.dragEnded.connect(self.put_down)
        view.dragPointer.connect(self._carried)
        view.hovered.connect(self._hovered)
        self.units, self.move_mode = (), False

    # --- picking up and carrying ------------------------------------------------------------------

    def pick_up(self, units) -> None:
        """Counters picked up: highlight where they may go."""
        self.units = tuple(units)
        state = self.session.state
        self.placing = bool(units) and all(u in state.units and state.units[u].where == "scheduled" for u in units)
        self.reach, self.overruns = {}, {}
        self.carried_on_map = self.refused_here = False
        if not self.checking() or not units:
            return
        if self.placing:
            self.reach = dict.fromkeys(self.session.placements(self.units), 0)
        else:
            self.reach = self.session.legal_moves(self.units)
            self.overruns = {h: steps[-1].mp for h, steps in self.session.overrun_routes(self.units).items()}
        self._decision_waits = bool(self.session.phase().pending)
        parse = self.session.map.parse
        reach = {parse(h): mp for h, mp in self.reach.items()}
        overruns = {parse(h): mp for h, mp in self.overruns.items()}
        origin = None if self.placing else state.units[self.units[0]].hex
        self.tint.show_reach(reach, overruns)
        self.costs.show_costs({} if self.placing else reach, origin, overruns, set(state.occupied()))
        self.tint.show()
        self.costs.show()
        if not reach and not overruns:
            self.show_status(self._why_not_here())

    def over(self, hex_id: str) -> None:
        """The counters are carried over ``hex_id`` ("" off the map): the route there and its costs."""
        self._refusing(hex_id)
        if not hex_id or not self.checking():
            self._hide_route()
            return
        if hex_id in self.overruns:
            steps = self.session.overrun_routes(self.units)[hex_id]
            self._show_route(steps, f"Overrun {hex_id}: {mp_text(steps[-1].mp)} MP with the +2 (3.3); drop to attack")
        elif self.placing:
            self._hide_route()
            self.show_status(f"Place here: {hex_id}" if hex_id in self.reach else f"Not a place for these units: {hex_id}")
        elif hex_id in self.reach:
            steps = self.session.path(self.units, hex_id)
            self._show_route(steps, f"{hex_id}: {mp_text(self.reach[hex_id])} MP")
        else:
            self._hide_route()
            self.show_status(f"{hex_id} is out of reach: a drop there is refused")

    def _refusing(self, hex_id: str) -> None:
        refused = (bool(hex_id) and self.checking() and self.moves.assistance.mode == ENFORCE
                   and not self._decision_waits and hex_id not in self.reach and hex_id not in self.overruns)
        if refused != self.refused_here:
            self.refused_here = refused
            if self.carried_on_map:
                self._show_pointer()

    def _carried(self, global_pos) -> None:
        """Counters carried on the map moved (the view has just set its pointer for them)."""
        self.carried_on_map = True
        if self.refused_here:
            self._show_pointer(global_pos)

    def _show_pointer(self, global_pos=None) -> None:
        """The not-allowed pointer over a hex a drop is refused on; the closed hand again
        once off it (outside the map the view's own, the counter carried, stays)."""
        viewport = self.view.viewport()
        if self.refused_here:
            if global_pos is None or viewport.rect().contains(viewport.mapFromGlobal(global_pos)):
                viewport.setCursor(Qt.ForbiddenCursor)
        elif viewport.cursor().shape() == Qt.ForbiddenCursor:
            viewport.setCursor(Qt.ClosedHandCursor)

    def put_down(self) -> None:
        """Dropped or abandoned: the highlights go (move mode keeps them until it ends)."""
        self.carried_on_map = self.refused_here = False
        if not self.move_mode:
            self.clear()

    def clear(self) -> None:
        self.move_mode = False
        if self.view is not None:
            self.view.hex_click_filter = None
            for item in (self.tint, self.costs, self.route, self.note):
                item.hide()

    def _show_route(self, steps, heading: str) -> None:
        if not steps:
            self._hide_route()
            return
        parse = self.session.map.parse
        extra = [i for i, step in enumerate(steps) if len(step.reasons) > 1]
        self.route.show_route([parse(s.hex) for s in steps], extra)
        lines = reasons_text(steps[-1].reasons)
        for i in extra:
            if i != len(steps) - 1:
                lines += [f"{steps[i].hex}: {line}" for line in reasons_text(steps[i].reasons[1:])]
        self.note.show_note(heading, lines)
        x, y = self.view.terrain.layout.centre(parse(steps[-1].hex))
        self.note.setPos(QPointF(x + self.view.terrain.size * 0.75, y + self.view.terrain.size * 0.2))
        self.route.show()
        self.note.show()
        self.show_status(f"{heading} · " + "; ".join(reasons_text(steps[-1].reasons)))

    def _hide_route(self) -> None:
        self.route.hide()
        self.note.hide()

    def _why_not_here(self) -> str:
        if self.placing:
            return "These units cannot be placed now: reinforcements are placed in their phase"
        return "These counters cannot move now: a drop will say why"

    # --- moving by clicks --------------------------------------------------------------------------

    def start_move_mode(self, units) -> None:
        """Show the stack's reach and move it by clicking a highlighted hex (Esc leaves)."""
        self.clear()
        self.pick_up(units)
        if not self.reach and not self.overruns:
            self.show_status(self._why_not_here() if self.checking()
                             else "With the rules off, drag the counters where they go")
            self.clear()
            return
        self.move_mode = True
        self.view.hex_click_filter = self._clicked
        self.show_status("Click a highlighted hex to move there; Esc or a click elsewhere to stop")

    def _clicked(self, hex_id: str) -> bool:
        units = self.units
        inside = hex_id in self.reach or hex_id in self.overruns
        self.clear()
        if inside and hex_id != self.session.unit(units[0]).hex:
            self.moves.drop(units, hex_id)
            return True
        return inside  # a click on the stack's own hex just ends the mode

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        if self.move_mode:
            self.over(hex_id)
