"""Retreats (3.2 Retreats, 3.4; checklist items 47, 52, 54): which paths a defending stack
may take, and what taking one does.

The stack retreats together, each hex farther from the hex it left, never into enemy
units, Prohibited terrain (for any of its MA types, unless a road carries it), off the
map or out of the play area (SCS retreat rules, provisional: ``tables/series.toml``), nor
into a German-occupied Traffic Jam for other German units (3.1, Turns 1-2).  Retreating
next to enemy units has no effect.  Entering an enemy ZOC Bond hex stops the
retreat and costs 1 step; so does a blocked retreat (3.2).  Artillery that retreats
becomes DG (3.4), and so does a stack that enters an active Traffic Jam (3.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.bridges import roads_cut
from ardennes_qt.rules.ardennes2.movecontext import active_traffic_jam
from ardennes_qt.rules.ardennes2.movecosts import terrain_step
from ardennes_qt.rules.ardennes2.phases import enemy_of
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.series import series_rules
from ardennes_qt.rules.ardennes2.situation import side_of
from ardennes_qt.rules.ardennes2.zoc import zoc_bonds

CLEAN, ZOC_BOND, BLOCKED = "clean", "zoc_bond", "blocked"


@dataclass(frozen=True)
class RetreatOptions:
    """The paths the stack may take now (each a tuple of hexes entered, in order) and their
    kind: "clean", "zoc_bond" (ends in an enemy ZOC Bond hex) or "blocked" (stops short)."""

    kind: str
    paths: tuple[tuple[Hex, ...], ...]

    @property
    def costs_a_step(self) -> bool:
        return self.kind != CLEAN  # 3.2: a ZOC Bond hex or a blocked retreat costs 1 step


def retreat_options(content: Content, state: GameState, units, start: Hex, hexes: int) -> RetreatOptions:
    """Every legal path of the stack ``units`` retreating ``hexes`` hexes from ``start``.

    Only the first kind in the series priority that has a path is offered; a stack that
    cannot move at all gets the one empty "blocked" path.
    """
    side = side_of(content, units[0])
    ma_types = {content.counter(uid).ma_type for uid in units}
    occupied = state.occupied()
    enemy = {h for h, ids in occupied.items() if side_of(content, ids[0]) != side}
    bonds = zoc_bonds(content, state, enemy_of(side))
    down = roads_cut(content, state)

    def may_enter(a: Hex, b: Hex) -> bool:
        if b in enemy or not in_play_area(content, b) or jam_closed(content, state, b, units):
            return False
        return all(terrain_step(content.map, a, b, ma, down).half is not None for ma in ma_types)

    found: dict[str, list[tuple[Hex, ...]]] = {CLEAN: [], ZOC_BOND: [], BLOCKED: []}

    def walk(path: tuple[Hex, ...]) -> None:
        here = path[-1] if path else start
        if len(path) == hexes:
            found[CLEAN].append(path)
            return
        onward = [n for n in here.neighbours() if n.distance(start) == len(path) + 1 and may_enter(here, n)]
        for n in onward:
            if n in bonds:
                found[ZOC_BOND].append(path + (n,))  # 3.2: it must stop in the Bond hex
            else:
                walk(path + (n,))
        if not onward:
            found[BLOCKED].append(path)

    walk(())
    longest = max((len(p) for p in found[BLOCKED]), default=0)
    found[BLOCKED] = [p for p in found[BLOCKED] if len(p) == longest]
    for kind in series_rules().retreat_priority:
        if found[kind]:
            return RetreatOptions(kind, tuple(found[kind]))
    return RetreatOptions(BLOCKED, ((),))


def jam_closed(content: Content, state: GameState, h: Hex, units) -> bool:
    """3.1: "A German Occupied Traffic Jam hex is Prohibited Terrain for all other German
    units" - for a retreat or an advance as for a move (Turns 1-2)."""
    side = side_of(content, units[0])
    if not active_traffic_jam(content, state, h, side):
        return False
    return any(side_of(content, uid) == side and uid not in units for uid in state.units_at(h))


def jammed_on_the_way(content: Content, state: GameState, units, path) -> list[Hex]:
    """3.1: the active Traffic Jam hexes a German stack enters along ``path``: each makes it DG."""
    side = side_of(content, units[0])
    return [h for h in path if active_traffic_jam(content, state, h, side)]


def retreat_stack(content: Content, state: GameState, units, path: tuple[Hex, ...]) -> tuple[GameState, list[LogLine]]:
    """Move the stack along ``path``; artillery that retreats becomes DG (3.4), and so does a
    stack entering an active Traffic Jam (3.1)."""
    game_map = content.map
    names = ", ".join(content.counter(uid).name for uid in units)
    if not path:
        return state, [LogLine(f"{names} cannot retreat", ("3.2 Retreats",))]
    jams = jammed_on_the_way(content, state, units, path)
    state = state.placed(units, path[-1])
    log = [LogLine(f"{names} retreat via {', '.join(game_map.hex_id(h) for h in path)}", ("3.2 Retreats",))]
    artillery = [uid for uid in units if content.counter(uid).is_artillery and not state.units[uid].dg]
    if artillery:
        state = state.with_units({uid: replace(state.units[uid], dg=True) for uid in artillery})
        for uid in artillery:
            log.append(LogLine(f"{content.counter(uid).name} is DG: artillery that retreats", ("3.4",)))
    fresh = [uid for uid in units if not state.units[uid].dg]
    if jams and fresh:
        state = state.with_units({uid: replace(state.units[uid], dg=True) for uid in fresh})
        where = game_map.hex_id(jams[0])
        log.append(LogLine(f"{', '.join(content.counter(u).name for u in fresh)} DG: entered the Traffic Jam {where}", ("3.1 Traffic Jams, 3.4",)))
    return state, log
