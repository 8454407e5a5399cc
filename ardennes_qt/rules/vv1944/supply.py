"""Supply (10): who traces a Line of Supply, and the Isolated and Unsupplied markers it gives.

- 10.1 and its Q&A: a Line of Supply crosses any terrain but an unbridged river (the Meuse
  included); it enters no hex an enemy unit occupies, nor a hex in enemy ZoC unless a friendly
  unit is in it (the ZoC as movement reads it, 4.1: not across rivers, none from an HQ or a
  strength-1 unit).
- 10.2: a unit is supplied when its Line of Supply reaches a supplied HQ within its side's
  command range (9.2 US 6, 9.3 German 4; counted as 8.1 counts, the HQ's hex not counted), or a
  road within 1 hex that leads to a friendly board edge; an (army corps) HQ only by the road.
  "Leading to a friendly edge" is read as: the road runs, hexside by hexside (bridged where it
  crosses a river), to where it leaves the map by an edge of the unit's side, through hexes a
  Line of Supply may enter (so the edge hex is out of enemy ZoC and free of enemy units, 10.2's
  "free of enemy control and enemy ZoC").
- Readings: an HQ supplies any unit of its side (10.2 names no formation); British units west
  of the Meuse (the map's `west_of_meuse` hexes) are always supplied and east of it use the
  Allied edges (16.2, Q&A); a unit that arrives this turn is supplied (16.1).
- 10.3, at the Supply and Command Phase: a unit that fails becomes Isolated, an Isolated one that
  fails again Unsupplied (the marker replaces Isolated); one that traces again loses them as
  tables/supply.toml [status_removal] says (10.3 is silent: a reading).
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.activation import arrived_this_turn
from ardennes_qt.rules.vv1944.forces import enemy_hexes, is_hq, on_map
from ardennes_qt.rules.vv1944.movement import RIVERS, zoc_map
from ardennes_qt.rules.vv1944.schema import ISOLATED, SIDES, UNSUPPLIED
from ardennes_qt.rules.vv1944.tables import doctrine, table


@dataclass(frozen=True)
class Trace:
    """One side's supply at a moment: the road hexes leading to a friendly edge, the hexes within
    a Line of Supply of 1 of them, the supplied HQs, and each unit's answer with why."""

    side: str
    roads: frozenset[Hex]
    near_road: frozenset[Hex]
    hqs: frozenset[str]
    supplied: dict[str, bool]
    why: dict[str, str]
    area: frozenset[Hex]  # every hex a unit of the side would be supplied in


class Lines:
    """Where a side's Line of Supply may go (10.1)."""

    def __init__(self, content: Content, state: GameState, side: str):
        self.content, self.m = content, content.map
        self.zoc = zoc_map(content, state, side)
        self.friends = {state.units[u].hex for u in on_map(content, state, side)}
        self.enemies = enemy_hexes(content, state, side)

    def blocked(self, h: Hex) -> str:
        """Why a Line of Supply may not enter ``h`` ("" if it may)."""
        if not self.m.contains(h):
            return "off the map"
        if h in self.enemies:
            return "enemy unit"
        return "enemy ZoC" if self.zoc.get(h) and h not in self.friends else ""

    def crossing(self, a: Hex, b: Hex) -> bool:
        """10.1: no unbridged river."""
        return not (self.m.side_features(a, b) & set(RIVERS)) or Hexside.between(a, b) in self.m.bridges


def edge_roads(content: Content, lines: Lines, side: str) -> set[Hex]:
    """10.2: the road hexes from which a road runs to a friendly edge, open to a Line of Supply."""
    m = content.map
    edges = m.friendly_edges
    start = [h for h, _, _, edge in m.road_exits() if edges.get(edge) == side and not lines.blocked(h)]
    seen = set(start)
    frontier = list(start)
    while frontier:
        a = frontier.pop()
        for b in a.neighbours():
            if b in seen or not m.contains(b) or not m.road_between(a, b):
                continue
            if lines.blocked(b) or not lines.crossing(a, b):
                continue
            seen.add(b)
            frontier.append(b)
    return seen


def _spread(lines: Lines, start: set[Hex], steps: int) -> tuple[set[Hex], dict[Hex, str]]:
    """Hexes a Line of Supply of at most ``steps`` hexes reaches from ``start``, and the hexes
    that stopped it with why."""
    reached = set(start)
    stopped: dict[Hex, str] = {}
    frontier = list(start)
    for _ in range(steps):
        nxt = []
        for a in frontier:
            for b in a.neighbours():
                if b in reached or not lines.m.contains(b):
                    continue
                why = lines.blocked(b) or ("" if lines.crossing(a, b) else "unbridged river")
                if why:
                    stopped.setdefault(b, why)
                    continue
                reached.add(b)
                nxt.append(b)
        frontier = nxt
    return reached, stopped


def trace(content: Content, state: GameState, side: str) -> Trace:
    """10.1-10.2 for every unit of ``side`` on the map."""
    lines = Lines(content, state, side)
    roads = edge_roads(content, lines, side)
    near, _ = _spread(lines, roads, 1)
    units = on_map(content, state, side)
    hqs = frozenset(u for u in units if is_hq(content, u) and state.units[u].hex in near)
    reach = int(doctrine(side)["command_range"])
    area = set(near)
    for hq in hqs:
        got, _ = _spread(lines, {state.units[hq].hex}, reach)
        area |= got
    supplied: dict[str, bool] = {}
    why: dict[str, str] = {}
    for uid in units:
        h = state.units[uid].hex
        counter = content.counter(uid)
        if counter.nationality == "British" and "west_of_meuse" in content.map.terrain(h):
            supplied[uid], why[uid] = True, "British west of the Meuse (16.2)"
        elif arrived_this_turn(content, state, uid):
            supplied[uid], why[uid] = True, "arrived this turn (16.1)"
        elif h in near:
            supplied[uid], why[uid] = True, "a road to a friendly edge within 1 hex"
        elif not is_hq(content, uid) and h in area:
            supplied[uid], why[uid] = True, f"a supplied HQ within {reach} hexes"
        else:
            supplied[uid] = False
            why[uid] = _failure(content, lines, h, 1 if is_hq(content, uid) else reach)
    return Trace(side, frozenset(roads), frozenset(near), hqs, supplied, why, frozenset(area))


def _failure(content: Content, lines: Lines, h: Hex, steps: int) -> str:
    """Why a unit at ``h`` traces no supply: the hexes where its Line of Supply stopped, or none."""
    _, stopped = _spread(lines, {h}, steps)
    real = {x: w for x, w in stopped.items() if w != "off the map"}
    head = ("no road to a friendly edge within 1 hex" if steps == 1 else
            f"no road to a friendly edge within 1 hex nor a supplied HQ within {steps} hexes")
    if not real:
        return head
    cut = sorted(real, key=lambda x: (h.distance(x), content.map.hex_id(x)))[:3]
    return head + "; the line stops at " + ", ".join(f"{content.map.hex_id(x)} ({real[x]})" for x in cut)


def supplied_units(content: Content, state: GameState) -> set[str]:
    """Every unit on the map that traces supply now (10.2), both sides."""
    out: set[str] = set()
    for side in SIDES:
        out |= {u for u, ok in trace(content, state, side).supplied.items() if ok}
    return out


def removal() -> str:
    return str(table("supply")["status_removal"]["chosen"])


def supply_phase(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """10.3 at the Supply and Command Phase: Isolated, then Unsupplied; markers off on supply."""
    how = removal()
    changes = {}
    for side in SIDES:
        t = trace(content, state, side)
        for uid, ok in sorted(t.supplied.items()):
            u = state.units[uid]
            name = content.counter(uid).name
            if ok:
                if how == "one_step" and u.has(UNSUPPLIED):
                    changes[uid] = u.with_status(UNSUPPLIED, False).with_status(ISOLATED, True)
                    log.append(LogLine(f"Supply: {name} traces supply again ({t.why[uid]}): Unsupplied to Isolated",
                                       ("10.3", "supply.toml [status_removal] one_step: a reading")))
                elif u.has(UNSUPPLIED) or u.has(ISOLATED):
                    changes[uid] = u.with_status(UNSUPPLIED, False).with_status(ISOLATED, False)
                    log.append(LogLine(f"Supply: {name} traces supply again ({t.why[uid]}): markers off",
                                       ("10.3", f"supply.toml [status_removal] {how}: a reading")))
                continue
            where = content.map.hex_id(u.hex)
            if u.has(UNSUPPLIED):
                log.append(LogLine(f"Supply: {name} at {where} stays Unsupplied: {t.why[uid]}", ("10.2", "10.3")))
            elif u.has(ISOLATED):
                changes[uid] = u.with_status(ISOLATED, False).with_status(UNSUPPLIED, True)
                log.append(LogLine(f"Supply: {name} at {where}, Isolated, fails again: Unsupplied (1 AP, attack "
                                   f"and defense halved): {t.why[uid]}", ("10.2", "10.3")))
            else:
                changes[uid] = u.with_status(ISOLATED, True)
                log.append(LogLine(f"Supply: {name} at {where} is Isolated (armor, mech and HQ 2 AP, no Prepared "
                                   f"Attack): {t.why[uid]}", ("10.2", "10.3")))
    return state.with_units(changes)
