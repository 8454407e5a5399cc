"""Leaving the map for victory (checklist items 60, 64; 4.1, 5.1).

- 5.1: "exits at least 8 SS units off the west map edge".  The map is printed with north to
  the right (map README), so the real west edge of Map B is its printed top: the hexes of the
  play area whose printed-north neighbour is out of play (B43.36-B62.36).  Only SS units
  leave there (``movement.toml [exits.scenarios]``).
- 4.1 (the scenarios judged by 4.0): Antwerp, "off the north-west corner of Map A on the west
  side of the Meuse. Any road hex will do" - the road hexes of that corner's edge
  (``victory.option_exit_hexes``); Paris, "via Entry Hex J or hex A12.35 (Givet)".  Both are
  open to every German unit but the Greif Teams whatever option he chose, so that the choice
  stays secret; only the chosen option's exits count (victory.py).

A unit exits from such a hex in its side's Movement or Exploitation Phase if it may still
move and has the MP for it (SCS, provisional: ``movement.toml [exits]``); it is gone for good,
its exit hex recorded (``Ardennes1994Data.exits``).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import ExitMap
from ardennes_qt.rules.ardennes1994.movement import finish, mp_left, mps, move_refusal, spend, start_moving
from ardennes_qt.rules.ardennes1994.phases import EXPLOITATION, GERMAN, MOVEMENT, phasing_side
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import greif, rules_data, side_of, units_of, with_rules
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table, terrain_chart
from ardennes_qt.rules.ardennes1994.terrain import hex_entry_cost, movement_class
from ardennes_qt.rules.ardennes1994.turn import victory_option_setting
from ardennes_qt.rules.ardennes1994.victory import ANTWERP, NO_OPTION, PARIS, option_exit_hexes

PART = Part()
EDGES = {"north": Direction.N, "south": Direction.S}  # printed edges as the direction beyond them


def scenario_exit(content: Content) -> dict:
    """The scenario's own exit (5.1), or {}."""
    return dict(table("movement")["exits"].get("scenarios", {}).get(content.scenario.id, {}))


_KNOWN: dict[tuple[int, str], tuple[Content, frozenset[Hex]]] = {}


def _kept(content: Content, what: str, work) -> frozenset[Hex]:
    """Hexes found once for the content they belong to (the play area and the map do not change
    in a game)."""
    known = _KNOWN.get((id(content), what))
    if known is not None and known[0] is content:
        return known[1]
    hexes = frozenset(work())
    if len(_KNOWN) > 16:
        _KNOWN.clear()
    _KNOWN[(id(content), what)] = (content, hexes)
    return hexes


def edge_hexes(content: Content, edge: str) -> frozenset[Hex]:
    """The play area's hexes on a printed edge of its maps: the hex beyond is off the map or on
    a sheet not in play (5.1 plays Map B alone: beyond B xx.36 lies A xx.00)."""
    beyond = EDGES[edge]
    numbering = content.map.numbering

    def off(h: Hex) -> bool:
        return not numbering.contains(h) or numbering.sheet_column_row(h)[0] not in content.scenario.maps

    return _kept(content, f"edge {edge}", lambda: (h for h in content.play_area() if off(h.neighbour(beyond))))


def option_exits(content: Content) -> frozenset[Hex]:
    """4.1: the road hexes of the Antwerp corner ("any road hex will do") and the Paris exits (none
    on a map without Givet's sheet)."""
    def find() -> set[Hex]:
        try:
            paris = option_exit_hexes(content, PARIS)
        except HexIdError:
            paris = frozenset()
        return {h for h in option_exit_hexes(content, ANTWERP) if content.map.roads_of(h)} | paris

    return _kept(content, "options", find)


def exit_hexes(content: Content, state: GameState, unit_id: str) -> frozenset[Hex]:
    """Where the unit may leave the map, by the scenario's victory conditions."""
    own = scenario_exit(content)
    if own:
        if content.counter(unit_id).nationality != own.get("nationality", content.counter(unit_id).nationality):
            return frozenset()
        return edge_hexes(content, own["edge"])
    if side_of(content, unit_id) != GERMAN or greif(content, unit_id) or victory_option_setting(content) == NO_OPTION:
        return frozenset()
    return option_exits(content)


def exit_cost(content: Content, unit_id: str, h: Hex) -> int:
    """Half MPs to leave the map from ``h`` (SCS, provisional): the road rate if a road runs
    through the hex, else the Movement cost of its own terrain."""
    cls = movement_class(content, unit_id)
    roads = content.map.roads_of(h)
    if roads:
        return min(terrain_chart().roads[kind][cls] for kind in roads.values())
    cost, _ = hex_entry_cost(content, h, cls)
    return cost if cost is not None else 0


def exit_refusal(content: Content, state: GameState, unit_id: str, via: Hex) -> Refused | None:
    if refusal := move_refusal(content, state, unit_id):
        return refusal
    name = content.counter(unit_id).name
    if state.units[unit_id].hex != via:
        return Refused(f"{name} is not at {content.map.hex_id(via)}")
    if via not in exit_hexes(content, state, unit_id):
        rule = scenario_exit(content).get("rule", "4.1")
        return Refused(f"{name} cannot leave the map from {content.map.hex_id(via)}", rule)
    need = exit_cost(content, unit_id, via)
    if mp_left(content, state, unit_id) < need:
        return Refused(f"{name} needs {mps(need)} MP to leave the map (≈ SCS, provisional)", "SCS series rules, provisional")
    return None


def exit_map(content: Content, state: GameState, action: ExitMap) -> Outcome:
    try:
        via = content.map.parse(action.via)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    uid = action.unit
    if refusal := exit_refusal(content, state, uid, via):
        raise refusal
    state = finish(spend(start_moving(state, uid), uid, exit_cost(content, uid, via)), uid)
    state = state.moved_off((uid,), "exited")
    data = rules_data(state)
    state = with_rules(state, replace(data, exits={**data.exits, uid: via}))
    why = [scenario_exit(content).get("rule", "4.1")]
    if provisional_reason("movement", "exits"):
        why.append("≈ leaving costs the road rate, or the exit hex's terrain (SCS, provisional)")
    return Outcome(state, Changes(units=frozenset({uid}), hexes=frozenset({via}), markers=True),
                   (LogLine(f"{content.counter(uid).name} leaves the map at {action.via}", tuple(why)),))


def exit_choices(content: Content, state: GameState) -> list[Choices]:
    side = phasing_side(state.phase)
    out = []
    for uid in units_of(content, state, side):
        h = state.units[uid].hex
        if h in exit_hexes(content, state, uid) and exit_refusal(content, state, uid, h) is None:
            out.append(Choices(f"{content.counter(uid).name} leaves the map", side,
                               lambda uid=uid, h=h: [ExitMap(uid, content.map.hex_id(h))], "exit",
                               hex=content.map.hex_id(h), units=(uid,)))
    return out


PART.handlers[ExitMap] = exit_map
PART.offer(exit_choices, *MOVEMENT, *EXPLOITATION)
