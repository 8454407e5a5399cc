"""Retreats after combat (checklist item 36; 1.10H, 2.3d, 2.4; SCS retreats, provisional:
``series.toml [retreats]``).

The defending stack retreats together the full number of hexes, each hex farther from the
combat hex, never into enemy units, across Prohibited hexsides (the Major River) or off the
map and its play area.  Each unnegated enemy ZOC hex entered costs a step; a stack that
cannot go the full way stops where it must and loses a step for each hex short.  Of the
longest retreats open, the defender picks one (each named with the steps it costs).

Before it goes: artillery in a zero-MA mode is destroyed instead (1.10H) and engineers on
their Bridge side cannot retreat and are destroyed (2.3d); Supply Units never retreat (2.4)
and stay, as do Hidden Greif Teams (2.1bB), which are not defenders at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.battle import series_rule
from ardennes_qt.rules.ardennes1994.captures import units_entered
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE
from ardennes_qt.rules.ardennes1994.losses import destroyed
from ardennes_qt.rules.ardennes1994.situation import artillery, current_values, enemy_hexes, mode, side_of
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.terrain import crossing_cost, movement_class
from ardennes_qt.rules.ardennes1994.zoc import unnegated_enemy_zoc


@dataclass(frozen=True)
class RetreatRoute:
    """One retreat open to the stack: the hexes entered in order, the unnegated enemy ZOC
    hexes among them and how many hexes it falls short."""

    path: tuple[Hex, ...]
    zoc: tuple[Hex, ...] = ()
    short: int = 0

    @property
    def steps(self) -> int:
        """The steps this retreat costs the stack."""
        zoc_steps = len(self.zoc) if table("series")["retreats"].get("zoc_step_loss", True) else 0
        return zoc_steps + self.short


def zero_ma_artillery(content: Content, state: GameState, unit_id: str) -> bool:
    """1.10H: artillery showing a mode with no Movement Allowance."""
    return artillery(content, unit_id) and current_values(content, state, unit_id).movement == 0


def cannot_retreat(content: Content, state: GameState, h: Hex, defenders) -> tuple[GameState, list[LogLine]]:
    """The units a retreat from ``h`` destroys where they stand: artillery in a zero-MA mode
    (1.10H) and emplaced bridges of the defending side (2.3d)."""
    log = []
    side = side_of(content, defenders[0]) if defenders else ""
    for uid in list(state.units_at(h)):
        if uid in defenders and zero_ma_artillery(content, state, uid):
            state = destroyed(state, uid)
            log.append(LogLine(f"{content.counter(uid).name} is destroyed: artillery in a mode with no MA cannot retreat",
                               ("1.10H",)))
        elif side_of(content, uid) == side and mode(content, state, uid) == BRIDGE:
            state = destroyed(state, uid)
            log.append(LogLine(f"{content.counter(uid).name} is destroyed: an emplaced bridge cannot retreat", ("2.3d",)))
    return state, log


def retreat_routes(content: Content, state: GameState, units, start: Hex, hexes: int) -> tuple[RetreatRoute, ...]:
    """Every longest retreat of the stack ``units`` from ``start``, up to ``hexes`` hexes."""
    side = side_of(content, units[0])
    enemy = enemy_hexes(content, state, side)
    zoc = unnegated_enemy_zoc(content, state, side)
    classes = {movement_class(content, u) for u in units}

    def may_enter(a: Hex, b: Hex) -> bool:
        if not content.map.contains(b) or not content.in_play_area(b) or b in enemy:
            return False
        return all(crossing_cost(content, state, a, b, cls)[0] is not None for cls in classes)

    ends: list[tuple[Hex, ...]] = []

    def walk(path: tuple[Hex, ...]) -> None:
        here = path[-1] if path else start
        onward = [n for n in here.neighbours() if n.distance(start) == len(path) + 1 and may_enter(here, n)] \
            if len(path) < hexes else []
        for n in onward:
            walk(path + (n,))
        if not onward:
            ends.append(path)

    walk(())
    longest = max(len(p) for p in ends)
    return tuple(RetreatRoute(p, tuple(h for h in p if h in zoc), hexes - longest) for p in ends if len(p) == longest)


def route_words(content: Content, route: RetreatRoute) -> str:
    """What a retreat costs, in the player's words."""
    parts = []
    if route.zoc and table("series")["retreats"].get("zoc_step_loss", True):
        where = ", ".join(content.map.hex_id(h) for h in route.zoc)
        parts.append(f"{len(route.zoc)} step(s) for entering enemy ZOC at {where}")
    if route.short:
        parts.append(f"{route.short} step(s) for the hexes it cannot go")
    return "; ".join(parts)


def retreat_stack(content: Content, state: GameState, units, route: RetreatRoute) -> tuple[GameState, list[LogLine]]:
    """The stack goes along the route; what it costs is owed as steps (the caller adds them)."""
    names = ", ".join(content.counter(u).name for u in units)
    if route.path:
        state = state.placed(units, route.path[-1])
        log = [LogLine(f"{names} retreat via {', '.join(content.map.hex_id(h) for h in route.path)}", (series_rule("retreats"),))]
        state, lines = units_entered(content, state, units, route.path)
        log += lines
    else:
        log = [LogLine(f"{names} cannot retreat and stay", (series_rule("retreats"),))]
    if route.steps:
        log.append(LogLine(f"The defender loses {route.steps} step(s): {route_words(content, route)}", (series_rule("retreats"),)))
    return state, log
