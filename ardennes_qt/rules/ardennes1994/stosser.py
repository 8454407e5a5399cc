"""Operation Stösser (checklist item 54; 2.2): the von der Heydte Parachute Kampfgruppe.

The German uses KG von der Heydte either as a ground unit or in an air drop on Turn 1.  It is
one of the units the set-up places freely (5.1, 5.3): placing it in the Set-Up makes it a
ground unit; leaving it unplaced when the Set-Up ends keeps it for the drop.  Then:

- 2.2a: as the first thing of Turn 1's German Movement Phase, the German puts the Drop Marker
  in a hex of the play area (a Decision, answered by ``DropMarker``);
- 2.2b: when that phase ends, the unit drops: the German names the "1" direction and numbers
  the hexes around the marker clockwise from it; one die gives the direction, another the
  distance.  Off the map (out of the play area), on a US unit, or at a distance of 5-6, the
  unit is destroyed; otherwise it lands there.  The program names the marker hex's printed
  north neighbour "1": the die is rolled after the choice, so every choice gives each hex
  around the marker the same chance, and the log says which hex was "1".
- 2.2c: it cannot move on the drop turn, and is free from supply from then on
  (``free_of_supply``, for the supply rules).  ``Ardennes1994Data.drop`` keeps the marked hex
  after the drop as the record that the unit came by air.

A landing in a hex over the stacking limit is not forbidden by 2.2b: the unit lands.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import DropMarker
from ardennes_qt.rules.ardennes1994.entering import enter_hex
from ardennes_qt.rules.ardennes1994.phase_steps import on_begin, on_end
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.tables import table

PART = Part()
DROP = "stosser_drop"
VDH = "von der Heydte"  # the Parachute Kampfgruppe's designation on its counter
DROP_PHASE = "ge_movement"
DROP_TURN = 1  # 2.2: "an air drop on turn one"


def vdh_unit(content: Content) -> str:
    """The von der Heydte KG's counter id ("" when the scenario has none)."""
    return next((uid for uid, c in content.counters.items() if c.designation == VDH and c.side == GERMAN), "")


def kept_for_drop(content: Content, state: GameState) -> bool:
    """2.2: the German left vdH out of the Set-Up (5.1, 5.3 place it freely) to drop it on Turn 1."""
    uid = vdh_unit(content)
    if not uid or uid not in state.units or state.units[uid].where != "scheduled":
        return False
    free = {u for near in content.scenario.extras.get("near", []) for u in near["units"]}
    return uid in free and state.turn == DROP_TURN == content.scenario.first_turn


def dropped(content: Content, state: GameState, unit_id: str) -> bool:
    """The unit is vdH and came down by air (2.2)."""
    return unit_id == vdh_unit(content) and rules_data(state).drop is not None


def cannot_move_on_drop_turn(content: Content, state: GameState, unit_id: str) -> bool:
    """2.2c: "On the turn of the drop, the Kampfgruppe cannot move." """
    return state.turn == DROP_TURN and dropped(content, state, unit_id)


def free_of_supply(content: Content, state: GameState, unit_id: str) -> bool:
    """2.2c: once down, the Kampfgruppe is free from supply concerns."""
    return dropped(content, state, unit_id) and state.units[unit_id].where == "map"


@on_begin(DROP_PHASE)
def ask_for_drop_hex(content: Content, state: GameState):
    """2.2a: the first thing of the first German Movement Phase: the Drop Marker is placed."""
    data = rules_data(state)
    if not kept_for_drop(content, state) or data.drop is not None:
        return state, []
    decision = Decision(DROP, GERMAN, {"unit": vdh_unit(content)}, "2.2a")
    state = with_rules(state, replace(data, pending=(*data.pending, decision)))
    return state, [LogLine("KG von der Heydte was kept for the air drop: the German places its Drop Marker", ("2.2a",))]


def drop_marker(content: Content, state: GameState, action: DropMarker) -> Outcome:
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != DROP:
        raise Refused("the Drop Marker is placed as the first thing of the first German Movement Phase", "2.2a")
    try:
        h = content.map.parse(action.hex)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    if not content.in_play_area(h):
        raise Refused(f"{action.hex} is not in the play area", "2.2a")
    state = with_rules(state, replace(data, drop=h, pending=data.pending[1:]))
    return Outcome(state, Changes(hexes=frozenset({h}), markers=True, phase=True),
                   (LogLine(f"vdH Drop Marker placed at {action.hex}; the drop comes at the end of the phase", ("2.2a",)),))


def drop_hexes(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    hex_id = content.map.hex_id
    return [Choices("place the vdH Drop Marker", GERMAN,
                    lambda: [DropMarker(hex_id(h)) for h in sorted(content.play_area(), key=content.map.numbering.index)],
                    "drop")]


def scatter_target(marker: Hex, direction_roll: int, distance_roll: int) -> Hex:
    """2.2b: the hex ``distance_roll`` hexes from the marker in the direction numbered
    ``direction_roll`` clockwise from "1" (the printed north neighbour)."""
    h = marker
    for _ in range(distance_roll):
        h = h.neighbour(Direction(direction_roll - 1))
    return h


@on_end(DROP_PHASE)
def drop(content: Content, state: GameState):
    """2.2b: the Kampfgruppe drops when the German has finished all movement of the phase."""
    data = rules_data(state)
    if data.drop is None or not kept_for_drop(content, state):
        return state, []
    uid = vdh_unit(content)
    hex_id = content.map.hex_id
    marker = data.drop
    state, direction = state.rolled()
    state, distance = state.rolled()
    rule = table("special")["stosser"]
    target = scatter_target(marker, direction, distance)
    why = ["2.2b: the hexes around the marker numbered clockwise from \"1\", its printed north neighbour",
           f"direction die {direction} ({Direction(direction - 1).name} on the printed map), distance die {distance}"]
    if distance in rule["destroyed_on_distance"]:
        fate = f"a distance of {distance}: the drop fails"
    elif not content.map.contains(target) or not content.in_play_area(target):
        fate = "it lands off the map"
    elif any(side_of(content, u) == ALLIED for u in state.units_at(target)):
        fate = f"it lands on US units at {hex_id(target)}"
    else:
        state, lines = enter_hex(content, state.placed((uid,), target), uid, target)
        return state, [LogLine(f"KG von der Heydte drops from {hex_id(marker)} and lands at {hex_id(target)}", tuple(why)), *lines]
    state = state.moved_off((uid,), "dead")
    return state, [LogLine(f"KG von der Heydte drops from {hex_id(marker)}: {fate}, and is destroyed", tuple(why))]


PART.handlers[DropMarker] = drop_marker
PART.decision_choices[DROP] = drop_hexes
PART.answers[DROP] = (DropMarker,)
