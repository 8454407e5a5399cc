"""The sequence of play of The Ardennes (1994), phase by phase (1.2; checklist items 19-21).

Each game turn is a German Player Turn (Weather and US Air Point determination first, a
US Barrage Phase inside it) and a US Player Turn (Bridge Blowing & Repair after its
Movement Phase, no German Barrage Phase).  The Supply Phase comes before the Exploitation
Phase in both ("Note the position of the Supply Phase ... different from the SCS basic
outline").  A scenario opens with a Set-Up phase for the units the set-up places freely
("with or adjacent to any of the above").
"""

from __future__ import annotations

from dataclasses import dataclass

ALLIED = "Allied"
GERMAN = "German"
SIDES = (GERMAN, ALLIED)
SIDE_WORDS = {GERMAN: "German", ALLIED: "US"}  # the sides as overlays and their reasons name them
GAME_OVER = "game_over"  # the phase after the scenario's Last Turn
SETUP = "setup"


@dataclass(frozen=True)
class Phase:
    """One phase: its printed name, its Player Turn, the side that acts in it, whether the
    program plays all of it, and its rule."""

    id: str
    name: str
    segment: str  # "Set-Up", "German Player Turn", "US Player Turn"
    acting: str  # the side that acts; "" for no one
    automatic: bool
    rule: str


GERMAN_TURN = "German Player Turn"
US_TURN = "US Player Turn"

SEQUENCE: tuple[Phase, ...] = (
    Phase("weather", "Weather Determination", GERMAN_TURN, GERMAN, True, "1.2, 1.12"),
    Phase("air_points", "US Air Point Determination", GERMAN_TURN, ALLIED, True, "1.2, 3.2"),
    Phase("ge_movement", "German Movement Phase", GERMAN_TURN, GERMAN, False, "1.2, 1.5, 1.8"),
    Phase("us_barrage_in_ge", "US Barrage Phase", GERMAN_TURN, ALLIED, False, "1.2, 1.10"),
    Phase("ge_barrage", "German Barrage Phase", GERMAN_TURN, GERMAN, False, "1.2, 1.10"),
    Phase("ge_combat", "German Combat Phase", GERMAN_TURN, GERMAN, False, "1.2"),
    Phase("ge_supply", "German Supply Phase", GERMAN_TURN, GERMAN, True, "1.2, 2.5"),
    Phase("ge_exploitation", "German Exploitation Phase", GERMAN_TURN, GERMAN, False, "1.2, 1.9"),
    Phase("ge_cleanup", "Clean Up", GERMAN_TURN, GERMAN, True, "1.2, 1.8c"),
    Phase("us_movement", "US Movement Phase", US_TURN, ALLIED, False, "1.2, 1.5, 1.8"),
    Phase("bridges", "Bridge Blowing & Repair", US_TURN, ALLIED, False, "1.2, 3.1"),
    Phase("us_barrage", "US Barrage Phase", US_TURN, ALLIED, False, "1.2, 1.10"),
    Phase("us_combat", "US Combat Phase", US_TURN, ALLIED, False, "1.2"),
    Phase("us_supply", "US Supply Phase", US_TURN, ALLIED, True, "1.2, 3.4"),
    Phase("us_exploitation", "US Exploitation Phase", US_TURN, ALLIED, False, "1.2, 1.9"),
    Phase("us_cleanup", "Clean Up", US_TURN, ALLIED, True, "1.2, 1.8c"),
)
SETUP_PHASE = Phase(SETUP, "Set-Up", "Set-Up", GERMAN, False, "5.x")  # the units placed "with or adjacent to" are German

PHASES = {phase.id: phase for phase in (SETUP_PHASE, *SEQUENCE)}

MOVEMENT = {"ge_movement": GERMAN, "us_movement": ALLIED}
EXPLOITATION = {"ge_exploitation": GERMAN, "us_exploitation": ALLIED}
COMBAT = {"ge_combat": GERMAN, "us_combat": ALLIED}
BARRAGE = {"us_barrage_in_ge": ALLIED, "ge_barrage": GERMAN, "us_barrage": ALLIED}
SUPPLY = {"ge_supply": GERMAN, "us_supply": ALLIED}
CLEANUP = {"ge_cleanup": GERMAN, "us_cleanup": ALLIED}


def next_phase(phase_id: str) -> tuple[str, bool]:
    """The phase after ``phase_id`` and whether a new game turn begins with it."""
    if phase_id == SETUP:
        return SEQUENCE[0].id, False
    ids = [p.id for p in SEQUENCE]
    i = ids.index(phase_id)
    if i + 1 < len(ids):
        return ids[i + 1], False
    return ids[0], True


def phasing_side(phase_id: str) -> str:
    """The side whose Player Turn it is ("" in the Set-Up)."""
    segment = PHASES[phase_id].segment if phase_id in PHASES else ""
    return {GERMAN_TURN: GERMAN, US_TURN: ALLIED}.get(segment, "")


def enemy_of(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED


def is_movement(phase_id: str) -> bool:
    return phase_id in MOVEMENT


def is_exploitation(phase_id: str) -> bool:
    return phase_id in EXPLOITATION


def is_combat(phase_id: str) -> bool:
    return phase_id in COMBAT


def is_barrage(phase_id: str) -> bool:
    return phase_id in BARRAGE
