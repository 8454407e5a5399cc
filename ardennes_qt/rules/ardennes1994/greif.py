"""The Greif Teams on the board (checklist items 29, 53; 2.1b).

Their movement is movement.py's (Hidden: through every unit, 2.1bB; Hidden or Open: no EZOC
cost, no Traffic Jam, 2.1bA).  Here:

- becoming Open (2.1bD): in its hex or one of the six around it, never in a hex holding
  Allied units; an Open team is a one-step unit and never hides again;
- a Greif Team never ends a phase stacked with another (2.1bE): no move or opening puts two
  together;
- traffic redirection (2.1bC): when a US unit moves into a Hidden team's hex, the German may
  send it down a road from that hex; if the team is not discovered, the unit goes 5 bonus
  MP along the road, unable to turn, stop or leave it, until it reaches a village, a city, a
  crossroads or the map edge, or has spent the 5 MP, and stops there for the phase.  A unit
  is redirected at most once a phase.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.movement import Mover
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes1994.situation import greif, hidden, rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes1994.stacking import max_steps, steps_in
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.terrain import MAJOR_RIVER, RIVER, bridge_up, road_between, traffic_jammed

REDIRECT = "greif_redirect"


def hidden_teams(content: Content, state: GameState) -> list[str]:
    return [u for u in sorted(rules_data(state).hidden) if state.units[u].where == "map" and greif(content, u)]


# --- opening (2.1bD) ---------------------------------------------------------------------------------


def reveal_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """Where a Hidden team may be placed as it opens: its hex or a neighbour, in play, with no
    Allied units (2.1bD), no other Greif Team (2.1bE), and room for its one step (1.3)."""
    u = state.units[unit_id]
    if u.where != "map" or not hidden(state, unit_id):
        return []
    out = []
    for h in (u.hex, *u.hex.neighbours()):
        if not content.map.contains(h) or not content.in_play_area(h):
            continue
        others = [x for x in state.units_at(h) if x != unit_id]
        if any(side_of(content, x) == ALLIED for x in others) or any(greif(content, x) for x in others):
            continue
        if steps_in(content, state, h) + 1 > max_steps():  # the hidden team itself counts 0 (2.1bB)
            continue
        out.append(h)
    return out


def open_team(content: Content, state: GameState, unit_id: str, to: Hex) -> tuple[GameState, list[LogLine]]:
    """2.1bD: the team flips to its Open side in ``to``: a one-step German unit from now on."""
    data = rules_data(state)
    state = with_rules(state, replace(data, hidden=data.hidden - {unit_id}))
    if state.units[unit_id].hex != to:
        state = state.placed((unit_id,), to)
    name = content.counter(unit_id).name
    return state, [LogLine(f"{name} becomes Open at {content.map.hex_id(to)}",
                           ("2.1bD: in its hex or next to it, never with Allied units; it never hides again",))]


# --- traffic redirection (2.1bC) --------------------------------------------------------------------


def redirecting_team(content: Content, state: GameState, unit_id: str, h: Hex) -> str:
    """The Hidden team in ``h`` that may redirect the US unit entering it ("" if none): a unit is
    redirected once a phase at most."""
    if side_of(content, unit_id) != ALLIED or unit_id in rules_data(state).record.redirected:
        return ""
    return next((u for u in state.units_at(h) if greif(content, u) and hidden(state, u) and side_of(content, u) == GERMAN), "")


def road_continues(content: Content, state: GameState, a: Hex, b: Hex) -> bool:
    """A road the US unit can follow from ``a`` into ``b``: not negated by a Traffic Jam (1.5b),
    not cut by a river without an intact bridge (3.1; German-built bridges are never the
    Allies', 2.3d)."""
    if road_between(content, a, b) is None or traffic_jammed(content, state, a) or traffic_jammed(content, state, b):
        return False
    record = content.map.hexsides.get(Hexside.between(a, b))
    if record is not None and record.features & {RIVER, MAJOR_RIVER}:
        return bridge_up(content, state, Hexside.between(a, b))
    return True


def redirect_roads(content: Content, m: Mover, h: Hex) -> list[Hex]:
    """The first hex of each road the German may send the unit down from ``h``."""
    return [n for n in h.neighbours() if content.map.contains(n) and road_continues(content, m.state, h, n)
            and m.step(h, n)[0] is not None]


def redirect_stop(content: Content, m: Mover, h: Hex) -> str:
    """Why a redirected unit stops in ``h``: a village, a city, a crossroads or the map edge."""
    terrain = content.map.terrain(h)
    if "city" in terrain:
        return "a city"
    if "village" in terrain:
        return "a village"
    if len(content.map.roads_of(h)) >= 3:
        return "a crossroads"
    if any(not content.map.contains(n) or not m.in_play(n) for n in h.neighbours()):
        return "the map edge"
    return ""


def bonus() -> int:
    """2.1bC: the redirected unit's 5 bonus MP, in half MPs."""
    return 2 * int(table("special")["greif_discovery"]["redirect_mp"])


def redirect_route(content: Content, m: Mover, start: Hex, first: Hex) -> tuple[list[Hex], int, str]:
    """The hexes the redirected unit goes through from the team's hex ``start`` down the road
    into ``first``, the half MPs of the bonus spent, and why it stops."""
    route, spent = [start], 0
    prev, here = start, first
    budget = bonus()
    while True:
        if not road_continues(content, m.state, prev, here):
            return route, spent, "the road is cut"
        cost, parts = m.step(prev, here)
        if cost is None:
            return route, spent, parts[0][1]
        if spent + cost > budget:
            return route, spent, "the 5 MP are spent"
        spent += cost
        route.append(here)
        why = redirect_stop(content, m, here)
        if why:
            return route, spent, why
        if spent == budget:
            return route, spent, "the 5 MP are spent"
        ahead = [n for n in content.map.roads_of(here) if here.neighbour(n) != prev]
        if len(ahead) != 1:
            return route, spent, "the road ends"
        prev, here = here, here.neighbour(ahead[0])
