"""Losses and retreats after a combat (7.6-7.7.2, 1.6.1): the owner's ways to meet a result in
steps lost and hexes retreated, which unit or marker may take the next step loss (the unit whose
quality was used first; armor on both sides: the first or second loss from armor), and how far
the attacker may advance.  Retreat paths need the map: here only their length.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.rules.vv1944.combat_model import Combat, Fighter
from ardennes_qt.rules.vv1944.results import SideResult
from ardennes_qt.rules.vv1944.supports import marker_as_step

FIRST_LOSS = ("the unit whose quality was used suffers the first step loss", "7.4, 7.6")
ARMOR_LOSS = ("armored or mechanized units on both sides: the first loss, or the second when the quality unit is "
              "neither, comes from an armored or mechanized unit or an armored support marker", "7.6")
MARKER_LOSS = ("an armored support marker may be eliminated as one step loss", "1.6.1")
MARKER_NOT_FIRST = ("1.6.1 lets an armored marker be given as a step loss, 7.4 gives the first loss to the unit whose "
                    "quality was used: read as the marker taking any loss but the first (provisional)")


@dataclass(frozen=True)
class LossOption:
    """One way to meet a result: steps lost, then hexes retreated (7.6: losses first)."""

    steps: int
    hexes: int
    eliminated: bool = False


def loss_options(result: SideResult, stack_steps: int, can_retreat: bool = True) -> tuple[LossOption, ...]:
    """7.6, 7.7.1: a number is that many steps lost and/or hexes retreated, the owner's choice; a
    red result or a Prepared Attack's attacker takes one step first; "E" eliminates the stack; a
    stack that cannot retreat takes it all as losses.  A stack whose steps run out is eliminated
    (the rest of the number is the attacker's advance, 7.7.2)."""
    if result.eliminated:
        return (LossOption(stack_steps, 0, True),)
    n = result.number
    least = min(1, n) if result.step_first else 0
    out: dict[LossOption, None] = {}
    for steps in range(least if can_retreat else n, n + 1):
        if steps >= stack_steps:
            out[LossOption(stack_steps, 0, True)] = None
        else:
            out[LossOption(steps, n - steps)] = None
    return tuple(out)


def armor_on_both_sides(combat: Combat) -> bool:
    """7.6: armored or mechanized units are present on both sides."""
    return any(u.armored_or_mechanized for u in combat.attackers) and any(u.armored_or_mechanized for u in combat.defenders)


def next_loss_candidates(units: tuple[Fighter, ...], taken: tuple[str, ...], quality_unit: str, armor_rule: bool,
                         markers: tuple[str, ...] = ()) -> tuple[tuple[str, tuple[str, str]], ...]:
    """Who may take a side's next step loss, each with (reason, rule): ``taken`` the units (or
    markers) that took this result's losses so far, in order; ``markers`` the side's committed
    support markers.  The quality unit first (7.4, 7.6); with ``armor_rule`` (armor on both sides)
    the loss that must be armored (7.6); an armored support marker in place of a step (1.6.1)."""
    left = {u.id: u.steps - taken.count(u.id) for u in units}
    alive = [u for u in units if left[u.id] > 0]
    spare = [m for m in markers if marker_as_step(m) and m not in taken]
    if not taken and left.get(quality_unit, 0) > 0:
        return ((quality_unit, (f"{FIRST_LOSS[0]}; {MARKER_NOT_FIRST}", f"{FIRST_LOSS[1]}, 1.6.1") if spare else FIRST_LOSS),)
    armored = {u.id for u in units if u.armored_or_mechanized} | set(markers)
    if armor_rule and len(taken) == 1 and taken[0] not in armored:
        must = [(u.id, ARMOR_LOSS) for u in alive if u.armored_or_mechanized] + [(m, ARMOR_LOSS) for m in spare]
        if must:
            return tuple(must)
    return tuple((u.id, ("any unit of the stack, the owner's choice", "7.6")) for u in alive) + tuple(
        (m, MARKER_LOSS) for m in spare)


def attacker_may_advance(result: SideResult, option: LossOption, hesitation: bool = False) -> bool:
    """7.7.2: only the attacker advances, and on a shared result only when it took all of its result
    as step losses; SNAFU 3 (hesitation) forbids any advance (9.5)."""
    if hesitation or option.eliminated:
        return False
    return not result.adverse or (option.steps == result.number and option.hexes == 0)


def advance_hexes(defender: SideResult, option: LossOption, stack_steps: int) -> int:
    """7.7.2: how far the attacker may advance along the defender's path: as far as it retreated;
    when the defender is eliminated, the vacated hex, or the unfulfilled rest of its result when
    larger ('a result of -/3 eliminates a unit which had only one strength step ... the attacker
    may advance two hexes'); 0 when the defender stays."""
    if option.eliminated:
        return max(1, defender.number - stack_steps)
    return option.hexes
