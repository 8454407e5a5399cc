"""US Air Points in barrages (3.2, 3.2a, 3.2c; checklist item 45).

The Air Points rolled at the start of the turn (turn.py) may be spent in any US Barrage
Phase, the one inside the German Player Turn too: each point is a barrage of 5 points, with
no range limit, and any number of them may join the artillery in one barrage.  Spent points
are gone; the rest are lost at the end of the turn (turn.py).  Their other use, column shifts
in combat (3.2b), belongs to combat.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.artillery import Points, barrage_phase_check, target_check
from ardennes_qt.rules.ardennes1994.phases import ALLIED
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.common.checks import Check, met


def air_point_strength() -> int:
    """3.2c: "Each Air Point generates a barrage attack of 5 points"."""
    return int(table("barrage")["artillery"]["air_point_barrage"])


def air_points_left(state: GameState) -> int:
    return rules_data(state).air_points


def air_checks(content: Content, state: GameState, target: Hex, points: int) -> list[Check]:
    """3.2, 3.2a: US Air Points, as many as are left this turn, in a US Barrage Phase, at enemy
    units anywhere ("no range limitations")."""
    left = air_points_left(state)
    return [
        barrage_phase_check(state, ALLIED),
        met(0 < points <= left, f"{points} of the {left} US Air Point(s) left this turn",
            f"{points} Air Point(s) asked, {left} left this turn", "3.2"),
        target_check(content, state, ALLIED, target),
    ]


def air_points(points: int) -> Points:
    """What ``points`` Air Points bring to a barrage (3.2c)."""
    each = air_point_strength()
    return Fraction(points * each), f"{points} US Air Point(s) x {each}", "3.2c"


def spend_air_points(state: GameState, points: int) -> GameState:
    """3.2: Air Points used are gone for the turn."""
    data = rules_data(state)
    return with_rules(state, replace(data, air_points=data.air_points - points))
