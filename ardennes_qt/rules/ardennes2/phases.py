"""The Ardennes II sequence of play (2.1), phase by phase.

Each game turn has a Pre-Turn both players run together, a German Player Turn (with a
US Barrage Phase inside it), a US Player Turn and the Game Turn End.  The printed
German list lacks its Movement & Barrage line (checklist M7); it is restored here.
"""

from __future__ import annotations

from dataclasses import dataclass

ALLIED = "Allied"
GERMAN = "German"
GAME_OVER = "game_over"  # the phase after the scenario's Last Turn (7.x)


@dataclass(frozen=True)
class Phase:
    """One phase of the sequence of play (2.1): its printed name, its segment, the side that acts
    and whether the program plays all of it."""

    id: str
    name: str  # as printed in 2.1
    segment: str  # "Pre-Turn", "German Player Turn", "US Player Turn", "Game Turn End"
    acting: str  # the side that acts in it; "" for both (Pre-Turn) or no one
    automatic: bool  # True: the program does all of it (rolls, checks, removals)
    rule: str


SEQUENCE: tuple[Phase, ...] = (
    Phase("weather", "Weather Determination", "Pre-Turn", ALLIED, True, "2.2"),
    Phase("air_strikes", "Air Strike Availability", "Pre-Turn", ALLIED, True, "2.2"),
    Phase("air_supply", "Air Supply Allocation", "Pre-Turn", ALLIED, False, "2.2, 3.7"),
    Phase("reinforcements", "Reinforcement Placement", "Pre-Turn", "", False, "2.2"),
    Phase("recovery", "Barrage & DG Marker Removal", "Pre-Turn", "", True, "2.2, 3.4, 3.5"),
    Phase("ge_barrage_removal", "Barrage Marker Removal", "German Player Turn", GERMAN, True, "2.1"),
    Phase("ge_movement", "Movement & Barrage", "German Player Turn", GERMAN, False, "2.1, 3.3, 3.5"),
    Phase("ge_half_reconciliation", "German Half Reconciliation", "German Player Turn", GERMAN, True, "3.5"),
    Phase("us_barrage", "US Barrage", "German Player Turn", ALLIED, False, "3.6"),
    Phase("us_half_reconciliation_1", "US Half Reconciliation", "German Player Turn", ALLIED, True, "3.5"),
    Phase("ge_combat", "Combat", "German Player Turn", GERMAN, False, "3.2"),
    Phase("ge_exploitation", "Exploitation", "German Player Turn", GERMAN, False, "2.1, 4.3"),
    Phase("ge_supply", "German Supply", "German Player Turn", GERMAN, True, "3.7"),
    Phase("us_barrage_removal", "Barrage Marker Removal", "US Player Turn", ALLIED, True, "2.1"),
    Phase("us_movement", "Movement & Barrage", "US Player Turn", ALLIED, False, "2.1, 3.3, 3.5"),
    Phase("us_half_reconciliation_2", "US Half Reconciliation", "US Player Turn", ALLIED, True, "3.5"),
    Phase("us_combat", "Combat", "US Player Turn", ALLIED, False, "3.2"),
    Phase("us_exploitation", "Exploitation", "US Player Turn", ALLIED, False, "2.1"),
    Phase("us_supply", "US Supply", "US Player Turn", ALLIED, True, "3.7"),
    Phase("turn_end", "Turn Marker Advance", "Game Turn End", "", True, "2.1, 6.0"),
)

PHASES = {phase.id: phase for phase in SEQUENCE}


def phase(phase_id: str) -> Phase:
    return PHASES[phase_id]


def next_phase(phase_id: str) -> tuple[str, bool]:
    """The phase after ``phase_id`` and whether a new game turn begins with it."""
    i = [p.id for p in SEQUENCE].index(phase_id)
    if i + 1 < len(SEQUENCE):
        return SEQUENCE[i + 1].id, False
    return SEQUENCE[0].id, True


def is_movement(phase_id: str) -> bool:
    return phase_id in ("ge_movement", "us_movement")


def is_exploitation(phase_id: str) -> bool:
    return phase_id in ("ge_exploitation", "us_exploitation")


def is_combat(phase_id: str) -> bool:
    return phase_id in ("ge_combat", "us_combat")


def is_barrage_phase(phase_id: str) -> bool:
    """Phases in which artillery may fire: the Movement & Barrage phases and the US Barrage (3.5, 3.6)."""
    return phase_id in ("ge_movement", "us_movement", "us_barrage")


def phasing_side(phase_id: str) -> str:
    segment = PHASES[phase_id].segment
    if segment == "German Player Turn":
        return GERMAN
    if segment == "US Player Turn":
        return ALLIED
    return ""


def enemy_of(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED
