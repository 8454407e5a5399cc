"""The phases of an Ardennes 1944 turn (2.1), with the set-up before the first and the end of the
game after the last: their ids, names and rules; and the scenario's special rules for its turns (17)."""

from __future__ import annotations

from ardennes_qt.core.content import Content

SETUP, AIR, SUPPLY, SUPPORT, INITIATIVE, OPERATIONS, ADMIN, GAME_OVER = (
    "setup", "air", "supply_command", "support", "initiative", "operations", "administrative", "game_over")
PHASES = {
    SETUP: ("German set-up: divisions printed on two hexes", "17, set-up"),
    AIR: ("Air Phase", "2.1, 14"),
    SUPPLY: ("Supply and Command Phase", "2.1, 8, 10"),
    SUPPORT: ("Support Phase", "2.1, 1.6"),
    INITIATIVE: ("Initiative", "2.1"),
    OPERATIONS: ("Operations Phase", "2.1, 2.2, 3"),
    ADMIN: ("Administrative Phase", "2.1"),
    GAME_OVER: ("Game over", "17"),
}


def special(content: Content) -> dict:
    """The scenario's special rules for its first turns (17.1: initiative, the Turn 1 opening), as data."""
    return dict(content.scenario.extras.get("special") or {})
