"""What the program does in each phase of the sequence of play (2.1), as tables of steps.

A step is ``step(content, state) -> (state, log lines)``.  When a phase begins, the
``OPENING`` steps of every phase (start-of-phase Bug Outs, which happen "at that moment")
run first in a player phase, then its ``BEGIN`` steps; an automatic phase does its whole
work (``RUN``) and then the ``OPENING`` steps.  ``END`` steps run when a phase ends, then
``AFTER_EVERY_PHASE`` (checklist item 29).  Steps that may open a Decision come last in
an automatic phase: once every answer is in, the phase goes on to its end.
``SKIP`` says why a player phase with nothing in it for anyone is passed over.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import air, artillery, dg, reconciliation, reinforcements, special, victory
from ardennes_qt.rules.ardennes2.markers import FULL, HALF
from ardennes_qt.rules.ardennes2.options import BARRAGE_REMOVAL, OWNER_PLAYER_TURN, PRE_TURN, option
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules

Step = Callable[[Content, GameState], tuple[GameState, list[LogLine]]]


# --- the work of the automatic phases, from the rules modules --------------------------------


def remove_barrage_markers(content: Content, state: GameState, owners: tuple[str, ...], why: str):
    """Take the Barrage markers of ``owners`` off the map; other markers stay."""
    markers = {}
    removed = 0
    for h, names in state.markers.items():
        kept = tuple(n for n in names if not (n.partition(":")[0] in owners and n.partition(":")[2] in (FULL, HALF)))
        removed += len(names) - len(kept)
        if kept:
            markers[h] = kept
    if not removed:
        return state, []
    whose = " and ".join("US" if o == ALLIED else o for o in owners)
    return replace(state, markers=markers), [LogLine(f"{removed} {whose} Barrage marker(s) removed", (why,))]


def pre_turn_marker_removal(content: Content, state: GameState):
    """3.5 Barrage Marker Removal: both sides' markers go in the Pre-Turn (option pre_turn)."""
    if option(content.scenario, BARRAGE_REMOVAL) != PRE_TURN:
        return state, []
    return remove_barrage_markers(content, state, (ALLIED, GERMAN), "3.5: both sides' markers in the Pre-Turn (scenario option)")


def player_turn_marker_removal(side: str) -> Step:
    """2.1 Barrage Marker Removal at the start of a Player Turn: the owner's markers
    (designer's notes), under the default option owner_player_turn (checklist item 28, M9)."""

    def step(content: Content, state: GameState):
        if option(content.scenario, BARRAGE_REMOVAL) != OWNER_PLAYER_TURN:
            return state, []
        return remove_barrage_markers(content, state, (side,), "2.1: the owner's markers at the start of his Player Turn (designer's notes)")

    return step


def half_reconciliation(side: str) -> Step:
    """3.5: reconcile the side's Half markers at the end of the phase that made them."""

    def step(content: Content, state: GameState):
        return reconciliation.reconcile_halves(content, state, side)

    return step


def dg_recovery(content: Content, state: GameState):
    """3.4 DG Recovery, both sides, in the Pre-Turn; then 3.7 Air Supply for Artillery: DG
    artillery held only by supply waits for its owner to leave it DG or roll (a Decision)."""
    state, log, held = dg.dg_recovery(content, state)
    decisions = [d for d in artillery.artillery_air_supply_due(content, state) if d.data["unit"] in held]
    return _opened(state, decisions), list(log)


def _opened(state: GameState, decisions) -> GameState:
    if not decisions:
        return state
    data = rules_data(state)
    return with_rules(state, replace(data, pending=(*data.pending, *decisions)))


def turn_vp(content: Content, state: GameState):
    """6.0 at the Game Turn End: VP hex control settled and the turn's German VP recorded."""
    state, log = victory.record_turn_vp(content, state)
    return state, list(log)


def phase_end_checks(content: Content, state: GameState):
    """Checklist item 29: overstacking and Divisional Integrity DG after every phase (3.1),
    out of supply after the owner's Supply Phase (3.7), Traffic Jams for the next phase."""
    state, log = dg.phase_end_checks(content, state, state.phase)
    return state, list(log)


# --- air supply (3.7) ----------------------------------------------------------------------


def air_supply_removal(content: Content, state: GameState):
    """3.7: remove each Air Supply marker at the end of the US Player Turn, if not used earlier.

    It runs as the Game Turn End begins, so the US Supply Phase, the Player Turn's last, checks
    supply with the markers still down: that check (``dg.supply_phase``) is made after the
    phase's ``END`` steps, and a removal there would come before it."""
    data = rules_data(state)
    if not data.air_supply:
        return state, []
    state = with_rules(state, replace(data, air_supply=()))
    return state, [LogLine(f"{len(data.air_supply)} Air Supply marker(s) removed", ("3.7: at the end of the US Player Turn",))]


# --- skipping player phases with nothing to do ------------------------------------------------


def no_air_strikes(content: Content, state: GameState) -> str:
    if rules_data(state).air_strikes:
        return ""
    return "no Air Strikes to allocate (2.2)"


def nothing_due(content: Content, state: GameState) -> str:
    if reinforcements.due_units(content, state):
        return ""
    return "no reinforcements this turn (2.2)"


BEGIN: dict[str, tuple[Step, ...]] = {
    "reinforcements": (lambda content, state: reinforcements.process_arrivals(content, state, "reinforcements"),),
    "us_movement": (reinforcements.airborne_arrival,),
}

RUN: dict[str, tuple[Step, ...]] = {
    "weather": (air.determine_weather,),
    "air_strikes": (air.air_strike_availability,),
    "recovery": (pre_turn_marker_removal, dg_recovery),
    "ge_barrage_removal": (player_turn_marker_removal(GERMAN),),
    "ge_half_reconciliation": (half_reconciliation(GERMAN),),
    "us_half_reconciliation_1": (half_reconciliation(ALLIED),),
    "us_barrage_removal": (player_turn_marker_removal(ALLIED),),
    "us_half_reconciliation_2": (half_reconciliation(ALLIED),),
    "turn_end": (air_supply_removal, turn_vp),
}

# 3.6: artillery that begins a phase adjacent to an enemy unit with a printed Attack Strength
# of 2 or more must Bug Out now, unless DG (a Decision for its owner).
OPENING: tuple[Step, ...] = (artillery.open_bug_outs,)

END: dict[str, tuple[Step, ...]] = {
    "reinforcements": (reinforcements.place_unplaced,),
}

AFTER_EVERY_PHASE: tuple[Step, ...] = (phase_end_checks,)

# Why a player phase is passed over; the rules of play (play.py) add, for every player phase, "nothing any
# family of legal actions offers" (legal.nothing_offered).
SKIP: dict[str, list[Callable[[Content, GameState], str]]] = {
    "air_supply": [no_air_strikes],
    "reinforcements": [nothing_due],
    special.GERMAN_EXPLOITATION: [special.start_line_confusion],
}
