"""What every Refit Phase step answers: what it does on entering, what it waits for, the actions
it allows and how it applies them. A step is finished when it waits for nothing; a step that also
has optional actions (more rolls, the table's own work) is finished when the players confirm it."""

from __future__ import annotations

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import AdjustTally, ConfirmStep
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDES, step_data

TALLIES = ("retained", "eliminated")


class Step:
    rule = ""
    needs_confirm = True

    @property
    def title(self) -> str:
        return step_data(self.rule)["title"]

    def enter(self, state):
        """The step's automatic work on entering it: the new state and its log lines."""
        return state, []

    def waiting(self, state) -> list[str]:
        """What the step still needs from the players, in their words."""
        return []

    def acting(self, state) -> list[str]:
        """The sides that act now."""
        return list(SIDES)

    def actions(self, state) -> list:
        return []

    def apply(self, state, action):
        raise Refused(f"'{action.describe()}' is not part of {self.rule} {self.title}", self.rule)

    def complete(self, state) -> bool:
        return not self.waiting(state)


def table_actions(state) -> list:
    """The players' Retained/Eliminated tallies, adjusted at any step done at the table."""
    actions = []
    for side in SIDES:
        for tally in TALLIES:
            actions.append(AdjustTally(side, tally, 1))
            if getattr(state.sides[side], tally) > 0:
                actions.append(AdjustTally(side, tally, -1))
    return actions


def apply_tally(state, action: AdjustTally):
    if action.tally not in TALLIES or action.side not in SIDES:
        raise Refused(f"no tally '{action.tally}' for '{action.side}'", "8.2")
    value = getattr(state.sides[action.side], action.tally) + action.change
    if value < 0:
        raise Refused(f"the {action.tally} count cannot go below 0", "8.2")
    return state.with_side(action.side, **{action.tally: value}), []


class TableStep(Step):
    """A step done with the counters on the map, which the players confirm (saying why)."""

    def __init__(self, rule: str):
        self.rule = rule

    def waiting(self, state) -> list[str]:
        return []

    def actions(self, state) -> list:
        return [ConfirmStep()] + table_actions(state)

    def apply(self, state, action):
        if isinstance(action, AdjustTally):
            return apply_tally(state, action)
        return super().apply(state, action)
