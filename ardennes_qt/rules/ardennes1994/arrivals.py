"""Units that come onto the map: the ones a scenario's set-up places freely ("with or adjacent
to any of the above", 5.1-5.3), in the Set-Up phase before play, and the reinforcements of
the Orders of Arrival (checklist items 57-59), placed in their entry area or at their entry
hex in their side's Movement Phase (SCS, provisional: ``series.toml [reinforcements]``).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import PlaceReinforcements
from ardennes_qt.rules.ardennes1994.phase_info import due_units
from ardennes_qt.rules.ardennes1994.phases import MOVEMENT, SETUP
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import enemy_hexes, greif, side_of, supply_unit
from ardennes_qt.rules.ardennes1994.stacking import overstacked
from ardennes_qt.rules.ardennes1994.terrain import EASTERN_ZONE
from ardennes_qt.rules.ardennes1994.victory import settle_control

PART = Part()


# --- the Set-Up -------------------------------------------------------------------------------


def waiting_at_start(content: Content, state: GameState) -> list[str]:
    """The units the set-up places freely that are not on the map yet."""
    return [u for near in content.scenario.extras.get("near", []) for u in near["units"]
            if state.units[u].where == "scheduled"]


def start_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """5.x "With or adjacent to any of the above": a hex holding a printed set-up unit of the
    same side, or next to one, in the play area; not overstacked (1.3); not with the enemy,
    but a Hidden Greif Team may start stacked with US units (5.x), though never with another
    Greif Team (2.1bE); Supply Units never west of the Our (the Eastern Zone east of it, 2.5a)."""
    side = side_of(content, unit_id)
    printed = {p.hex for p in content.scenario.placements if side_of(content, p.counter) == side}
    around = set(printed)
    for h in printed:
        around.update(h.neighbours())
    enemy = enemy_hexes(content, state, side)
    out = []
    for h in sorted(around, key=content.map.numbering.index):
        if not content.map.contains(h) or not content.in_play_area(h):
            continue
        if h in enemy and not greif(content, unit_id):
            continue
        if greif(content, unit_id) and any(greif(content, u) for u in state.units_at(h)):
            continue  # 2.1bE: a Greif Team never ends a phase stacked with another
        if supply_unit(content, unit_id) and EASTERN_ZONE not in content.map.terrain(h):
            continue
        if overstacked(content, state, h, (unit_id,)):
            continue
        out.append(h)
    return out


def place_at_start(content: Content, state: GameState, action: PlaceReinforcements) -> Outcome:
    if state.phase != SETUP:
        raise Refused("units are set up before play only", "5.x")
    waiting = set(waiting_at_start(content, state))
    if not action.units or not set(action.units) <= waiting:
        raise Refused("only the units the set-up places freely, not yet placed", "5.x")
    h = content.map.parse(action.to)
    for uid in action.units:
        if h not in start_hexes(content, state, uid):
            raise Refused(f"{content.counter(uid).name} may not set up at {action.to}: "
                          "it goes with or next to a printed set-up unit of its side, not overstacked", "5.x, 1.3")
    state = state.placed(action.units, h)
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(state, Changes(units=frozenset(action.units), hexes=frozenset({h})),
                   (LogLine(f"{names} set up at {action.to}", ("5.x: with or adjacent to the set-up",)),))


def start_choices(content: Content, state: GameState) -> list[Choices]:
    return [Choices(f"set up {content.counter(u).name}", side_of(content, u),
                    lambda u=u: [PlaceReinforcements((u,), content.map.hex_id(h)) for h in start_hexes(content, state, u)], "place",
                    units=(u,))
            for u in waiting_at_start(content, state)]


def nothing_to_set_up(content: Content, state: GameState) -> str:
    return "" if waiting_at_start(content, state) else "every unit is set up"


# --- reinforcements ---------------------------------------------------------------------------


def entry_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """Where a due unit may enter: the hexes of its entry area (or its entry hex), in the play
    area, free of enemy units and not overstacked; a blocked entry hex gives the nearest free
    hex of the same edge (provisional, SCS)."""
    side = side_of(content, unit_id)
    arrival = next(a for a in content.scenario.arrivals if unit_id in a.counters)
    if arrival.areas:
        wanted = [h for letter in arrival.areas if letter in content.map.entry_areas
                  for h in content.map.entry_areas[letter].hexes]
    else:
        wanted = list(arrival.hexes)
    enemy = enemy_hexes(content, state, side)
    ok = [h for h in wanted if content.map.contains(h) and content.in_play_area(h) and h not in enemy
          and not overstacked(content, state, h, (unit_id,))]
    return sorted(set(ok), key=content.map.numbering.index)


def place_reinforcements(content: Content, state: GameState, action: PlaceReinforcements) -> Outcome:
    """Units onto the map: at the Set-Up, those placed freely; later, the Orders of Arrival's."""
    if state.phase == SETUP:
        return place_at_start(content, state, action)
    side = MOVEMENT.get(state.phase)
    due = set(due_units(content, state))
    if side is None or not action.units or not set(action.units) <= due:
        raise Refused("reinforcements enter in their side's Movement Phase, on or after their turn", "OOA")
    h = content.map.parse(action.to)
    for uid in action.units:
        if h not in entry_hexes(content, state, uid):
            raise Refused(f"{content.counter(uid).name} enters in its entry area or at its entry hex, "
                          "not with the enemy or overstacked", "OOA, 1.3")
    state = settle_control(content, state.placed(action.units, h), [(h, side)])
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(state, Changes(units=frozenset(action.units), hexes=frozenset({h})),
                   (LogLine(f"{names} enter at {action.to}", ("OOA",)),))


def reinforcement_choices(content: Content, state: GameState) -> list[Choices]:
    return [Choices(f"bring on {content.counter(u).name}", side_of(content, u),
                    lambda u=u: [PlaceReinforcements((u,), content.map.hex_id(h)) for h in entry_hexes(content, state, u)],
                    "place", units=(u,))
            for u in due_units(content, state)]


PART.handlers[PlaceReinforcements] = place_reinforcements
PART.offer(start_choices, SETUP)
PART.offer(reinforcement_choices, *MOVEMENT)
