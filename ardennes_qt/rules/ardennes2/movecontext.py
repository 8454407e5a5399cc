"""What the units and markers on the board add to a step of movement, for one moving stack.

Checklist items 31-33, 36, 39, 45 and 79: +1 MP Moving Adjacently (TEC note 3), +4 MP
for an enemy ZOC Bond hex instead of it (TEC; 1.2), barrage markers (3.5: an enemy Full
marker +2 MP, two or more +4, to enter and again to exit; friendly markers +1 to enter),
enemy-occupied hexes, the play area, occupied Traffic Jams (3.1), artillery never
entering a hex next to an enemy (3.6), and where an exploiting stack must stop (3.4, 3.5).

``board(content, state, side)`` reads the board once per state and side;
``Mover`` adds what depends on the moving stack.  Both explain each cost with its
reason (``closed``, ``extras``) and fill the arrays the search reads (``arrays``), so
the two cannot disagree.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from operator import itemgetter

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.bridges import roads_cut
from ardennes_qt.rules.ardennes2.mapindex import MapIndex
from ardennes_qt.rules.ardennes2.markers import enemy_full_markers, friendly_full_markers
from ardennes_qt.rules.ardennes2.movecosts import Item
from ardennes_qt.rules.ardennes2.phases import enemy_of
from ardennes_qt.rules.ardennes2.situation import side_of
from ardennes_qt.rules.ardennes2.tables import terrain_chart
from ardennes_qt.rules.ardennes2.zoc import zoc_bonds

# A cost no allowance reaches: the hex cannot be entered.
CLOSED = 1 << 20
_COST = itemgetter(1)
TRAFFIC_JAM_TURNS = (1, 2)  # 3.1: "They only exist on Turns 1 & 2"


@dataclass
class Board:
    """The board as a stack of ``side`` sees it, by hex index."""

    side: str
    enemy: frozenset[int]
    adjacent: frozenset[int]  # next to an enemy unit of any kind or status (1.2)
    bonds: frozenset[int]  # the enemy's ZOC Bond hexes (1.2)
    enemy_full: dict[int, int]  # enemy Full barrage markers per hex (3.5)
    friendly_full: frozenset[int]
    own: dict[int, tuple[str, ...]]  # ``side``'s stacks
    down: dict[Hexside, tuple[str, str]]  # bridges carrying no road now, with reason and rule (3.8)
    # Arrays and step lists for the searches, by what about the moving stack shapes them.
    cache: dict = field(default_factory=dict, repr=False)


_BOARDS: dict[tuple[int, str], tuple[weakref.ref, Board]] = {}


def board(content: Content, state: GameState, side: str, index: MapIndex) -> Board:
    """The board of a position as ``side`` sees it: read once, kept while the state lives
    (a state is only ever played on one content)."""
    key = (id(state), side)
    entry = _BOARDS.get(key)
    if entry is not None and entry[0]() is state:
        return entry[1]
    result = _read_board(content, state, side, index)
    _BOARDS[key] = (weakref.ref(state, lambda _ref, key=key: _BOARDS.pop(key, None)), result)
    return result


def _read_board(content: Content, state: GameState, side: str, index: MapIndex) -> Board:
    at = content.map.numbering.index
    contains = content.map.contains
    enemy, own = set(), {}
    occupied = state.occupied()
    for h, ids in occupied.items():
        if not contains(h):
            continue
        if side_of(content, ids[0]) == side:
            own[at(h)] = tuple(ids)
        else:
            enemy.add(at(h))
    adjacent = {j for i in enemy for j in index.neighbours[i]}
    enemy_full, friendly_full = {}, set()
    for h in state.markers:
        if not contains(h):
            continue
        if n := enemy_full_markers(state, h, side):
            enemy_full[at(h)] = n
        if friendly_full_markers(state, h, side):
            friendly_full.add(at(h))
    bonds = {at(h) for h in zoc_bonds(content, state, enemy_of(side), occupied) if contains(h)}
    down = roads_cut(content, state)
    return Board(side, frozenset(enemy), frozenset(adjacent), frozenset(bonds), enemy_full, frozenset(friendly_full), own, down)


def traffic_jams_active(state: GameState, side: str) -> bool:
    """3.1: Traffic Jams exist on Turns 1 and 2 and affect German units only."""
    return side == "German" and state.turn in TRAFFIC_JAM_TURNS


def active_traffic_jam(content: Content, state: GameState, h, side: str) -> bool:
    """Is ``h`` a Traffic Jam hex that DGs a unit of ``side`` entering or starting a phase in it (3.1)?"""
    return traffic_jams_active(state, side) and "traffic_jam" in content.map.terrain(h)


@dataclass
class Mover:
    """One stack moving together: its allowances and what about it changes the costs."""

    ids: tuple[str, ...]
    side: str
    start: int  # hex index
    ma_types: tuple[str, ...]  # "leg", "mech": the TEC columns the stack pays
    allowance: dict[str, int]  # half MPs left per MA type: the least any of its units has (3.4 DG halves)
    allowance_jammed: dict[str, int]  # the same once a Traffic Jam has made every unit DG (3.1, 3.4)
    artillery: bool  # 3.6: may not enter a hex adjacent to an enemy
    exploiting: bool  # 3.4, 3.5: stops where it turns DG or enters an enemy Full marker
    jams: bool  # 3.1 Traffic Jams in effect for this stack
    boats: bool  # 4.2: may cross the Our at the cost of all its MA
    board: Board
    index: MapIndex
    play_area: bytearray
    overrunning: bool = False  # on its way to an Overrun: 3.3 keeps it out of enemy barrage hexes and DG
    _arrays: tuple | None = field(default=None, init=False, repr=False, compare=False)  # ``arrays()``, once asked

    # --- explained, one hex at a time -------------------------------------------------------

    def closed(self, j: int) -> tuple[str, str] | None:
        """Why the stack may not enter hex ``j`` at all, or None."""
        if not self.play_area[j]:
            return "outside the scenario's play area", "7.x play area"
        if j in self.board.enemy:
            return "an enemy-occupied hex", "SCS movement"
        if self.jams and self.index.traffic_jam[j] and self._jam_occupied(j):
            return "a German-occupied Traffic Jam is Prohibited to other German units", "3.1"
        if self.artillery and j in self.board.adjacent:
            return "artillery may not enter a hex adjacent to an enemy unit", "3.6"
        if self.overrunning and j in self.board.enemy_full:
            return "an Overrun may not enter an enemy barrage hex on its way", "3.3"
        if self.overrunning and self.jams and self.index.traffic_jam[j]:
            return "a Traffic Jam would make the stack DG, and DG units cannot Overrun", "3.3; 3.1"
        return None

    def _jam_occupied(self, j: int) -> bool:
        return any(u not in self.ids for u in self.board.own.get(j, ()))

    def extras(self, i: int, j: int) -> tuple[Item, ...]:
        """The costs the board adds to the step from ``i`` into ``j`` (half MPs, reason, rule)."""
        other = terrain_chart().other
        out: list[Item] = []
        if n := self.board.enemy_full.get(i):
            out.append((_barrage(n), f"leaving {_markers(n)}", "3.5"))
        if n := self.board.enemy_full.get(j):
            out.append((_barrage(n), f"entering {_markers(n)}", "3.5"))
        if j in self.board.friendly_full:
            out.append((other["friendly_barrage_enter"], "entering a friendly barrage marker's hex", "3.5 Blue-on-Blue; TEC note 4"))
        if j in self.board.bonds:
            out.append((other["enemy_zoc_bond"], "entering an enemy ZOC Bond hex", "TEC; 1.2"))
        elif i in self.board.adjacent and j in self.board.adjacent:
            out.append((other["moving_adjacently"], "Moving Adjacently (from next to an enemy to next to an enemy)", "TEC note 3; 1.2"))
        return tuple(out)

    def stop_reason(self, j: int) -> tuple[str, str] | None:
        """Why an exploiting stack may go no further once in ``j`` (it may still enter it)."""
        if not self.exploiting:
            return None
        if j in self.board.enemy_full:
            return "it entered an enemy Full barrage marker's hex and can no longer Exploit", "3.5"
        if self.jams and self.index.traffic_jam[j]:
            return "a Traffic Jam made it DG, which ends its Exploitation", "3.1; 3.4"
        return None

    def jams_at(self, j: int) -> bool:
        """3.1: entering ``j`` makes the stack DG (in Exploitation that also ends its move, 3.4)."""
        return self.jams and bool(self.index.traffic_jam[j])

    # --- the same, as arrays for the search ------------------------------------------------------

    def _shape(self) -> tuple:
        """What about this stack makes its arrays differ from another's on the same board."""
        return (self.artillery, self.exploiting, self.jams, self.overrunning, self.ids if self.jams else ())

    def arrays(self) -> tuple[list[int], list[int], list[int], bytearray, bytearray, bytearray]:
        """(enter, exit, adjacent extra, adjacent flag, stop flag, jam flag) per hex index."""
        key = ("arrays", self._shape())
        found = self.board.cache.get(key)
        if found is None:
            found = self.board.cache[key] = self._build_arrays()
        return found

    def steps_out(self, ma_type: str, kind: str, edges: list) -> list:
        """Per hex, its steps ``(j, half MPs)`` with the board's costs added and closed hexes
        left out; a hex where the stack must stop has none.  Filled as the searches ask, and
        kept with the board for the next search of a stack of the same shape."""
        key = ("steps", self._shape(), ma_type, kind)
        found = self.board.cache.get(key)
        if found is None:
            found = self.board.cache[key] = [None] * len(edges)
        return found

    def adjusted(self, i: int, edges: list, stop_here: bool = True) -> tuple[tuple[int, int], ...]:
        """The steps out of hex ``i`` with the board's costs (``arrays``) added, cheapest first."""
        arrays = self._arrays
        if arrays is None:
            arrays = self._arrays = self.arrays()
        enter, leave, adjacent_extra, adjacent, stop, _ = arrays
        if stop_here and stop[i]:
            return ()
        out = leave[i]
        if adjacent[i]:
            steps = [(j, k + out + enter[j] + adjacent_extra[j]) for j, k in edges[i]]
        else:
            steps = [(j, k + out + enter[j]) for j, k in edges[i]]
        steps.sort(key=_COST)  # stable: equal costs keep the edges' order
        return tuple([step for step in steps if step[1] < CLOSED])

    def _build_arrays(self):
        n = self.index.size
        other = terrain_chart().other
        enter = [0 if inside else CLOSED for inside in self.play_area]
        leave = [0] * n
        adjacent_extra = [0] * n
        adjacent = bytearray(n)
        stop, jam = bytearray(n), bytearray(n)
        for j in self.board.enemy:
            enter[j] = CLOSED
        for j, count in self.board.enemy_full.items():
            enter[j] += _barrage(count)
            leave[j] = _barrage(count)
            if self.exploiting:
                stop[j] = 1
        for j in self.board.friendly_full:
            enter[j] += other["friendly_barrage_enter"]
        for j in self.board.adjacent:
            adjacent[j] = 1
            adjacent_extra[j] = other["moving_adjacently"]
            if self.artillery:
                enter[j] = CLOSED
        for j in self.board.bonds:
            enter[j] += other["enemy_zoc_bond"]
            adjacent_extra[j] = 0
        if self.overrunning:
            for j in self.board.enemy_full:
                enter[j] = CLOSED
        if self.jams:
            for j in self.index.jam_hexes:
                if self._jam_occupied(j):
                    enter[j] = CLOSED
                if self.overrunning:
                    enter[j] = CLOSED
                elif self.exploiting:
                    stop[j] = 1
                else:
                    jam[j] = 1
        return enter, leave, adjacent_extra, adjacent, stop, jam


def _barrage(count: int) -> int:
    other = terrain_chart().other
    return other["enemy_barrage_one"] if count == 1 else other["enemy_barrage_more"]


def _markers(count: int) -> str:
    return "an enemy Full barrage marker's hex" if count == 1 else f"a hex with {count} enemy Full barrage markers"
