"""Initiative (8.623): the secret Attack/Idle chits within the CG's Attack-chit limits, the
Initiative Matrix, the scenario type and who sets up first; Scenario Commencement (8.625): who
moves first."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import ChooseInitiative, RollTable, SetUsOnMap
from ardennes_qt.rules.asl_kgp.campaign.modifiers import Context, roll_on
from ardennes_qt.rules.asl_kgp.campaign.state import Scenario
from ardennes_qt.rules.asl_kgp.campaign.step import Step
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, campaign, other, table
from ardennes_qt.rules.asl_kgp.campaign.victory import record_lvp_totals

WORDS_SIDE = {"U.S.": "US", "German": "German"}


def attack_allowed(state, side: str) -> Refused | None:
    """8.6231: the CG's Attack-chit limit; 8.6232 *: no German Attack without U.S. units on the map."""
    limit = campaign(state.cg)["attack_chits"][side]
    if state.sides[side].attack_chits >= limit:
        return Refused(f"the {SIDE_WORDS[side]} side has used its {limit} Attack chits of CG {state.cg}", "8.6231")
    if side == "German" and not state.us_on_map:
        return Refused("the German may not pick Attack while the U.S. has no on-map Retained units", "8.6232")
    return None


def matrix(german: str, us: str) -> dict:
    """8.6232: the Initiative Matrix cell."""
    return next(c for c in table("initiative_matrix")["cells"] if (c["german"], c["us"]) == (german, us))


class Initiative(Step):
    rule = "8.623"
    needs_confirm = False

    def _choosing(self, state) -> list[str]:
        return [s for s in SIDES if s not in state.chits]

    def waiting(self, state) -> list[str]:
        words = [f"{SIDE_WORDS[s]}: secretly pick the Attack or Idle chit" for s in self._choosing(state)]
        if not words and state.is_done("dual_attack_setup_needed") and not state.is_done("dual_attack_setup"):
            words.append("U.S.: dr for the side setting up first in the Dual Attack (8.6233a)")
        return words

    def acting(self, state) -> list[str]:
        choosing = self._choosing(state)
        return choosing or (["US"] if self.waiting(state) else [])

    def actions(self, state) -> list:
        choosing = self._choosing(state)
        if not choosing:
            return [RollTable("dual_attack_setup", "US")] if self.waiting(state) else []
        actions = []
        for side in choosing:
            if attack_allowed(state, side) is None:
                actions.append(ChooseInitiative(side, "Attack"))
            actions.append(ChooseInitiative(side, "Idle"))
        if "German" in choosing:
            actions.append(SetUsOnMap(not state.us_on_map))
        return actions

    def apply(self, state, action):
        if isinstance(action, SetUsOnMap):
            if "German" not in self._choosing(state):
                raise Refused("the German chit is already picked", "8.6232")
            return replace(state, us_on_map=action.on_map), [action.describe() + " (8.6131)"]
        if isinstance(action, ChooseInitiative):
            if action.side not in self._choosing(state):
                raise Refused("each side picks one chit per CG Date", "8.6232")
            if action.chit not in ("Attack", "Idle"):
                raise Refused("the chits are Attack and Idle", "8.6232")
            if action.chit == "Attack":
                refusal = attack_allowed(state, action.side)
                if refusal:
                    raise refusal
            state = replace(state, chits={**state.chits, action.side: action.chit})
            if self._choosing(state):
                return state, [f"{SIDE_WORDS[action.side]} has picked its chit (secret until both are picked)"]
            return reveal(state)
        if isinstance(action, RollTable) and action.table == "dual_attack_setup" and self.waiting(state):
            if action.side != "US":
                raise Refused("the U.S. player makes this dr", "8.6233a")
            state, roll = roll_on(state, "dual_attack_setup", Context(state, "US"), (), action.roll)
            first = WORDS_SIDE[roll.result]
            lines = roll.lines("U.S.") + [f"  the {roll.result} side sets up first (8.6233a)"]
            state = replace(state, scenario=replace(state.scenario, sets_up_first=first)).marked("dual_attack_setup")
            return state.logged(self.rule, "US", lines), lines
        return super().apply(state, action)


def reveal(state):
    """Both chits revealed: the Initiative Matrix (8.6232) and the scenario type (8.6233)."""
    german, us = state.chits["German"], state.chits["US"]
    for side in SIDES:
        if state.chits[side] == "Attack":
            state = state.with_side(side, attack_chits=state.sides[side].attack_chits + 1)
    cell = matrix(german, us)
    lines = [f"Chits: German {german}, U.S. {us}: {cell['result']} (8.6232)"]
    if not cell["scenario"]:
        state, totals = record_lvp_totals(replace(state, scenario=None))
        lines += ["No scenario on this Idle Date (8.6232 note 2)"] + totals
        return state.logged("8.623", "", lines), lines
    start = {s: state.sides[s].current_lvp for s in SIDES}
    kind = cell["result"]
    types = table("scenario_types")
    night = state.date.endswith("N")
    if kind == "Dual Attack":
        scenario = Scenario(state.date, kind, start_lvp=start)
        state = state.marked("dual_attack_setup_needed")
        if night:
            lines.append("Night Dual Attack: both sides are Scenario Attackers (8.6233b)")
    else:
        key = "german_assault" if kind == "German Assault" else "us_assault"
        first = WORDS_SIDE[types[key]["sets_up_first"]]
        scenario = Scenario(state.date, kind, sets_up_first=first, moves_first=WORDS_SIDE[types[key]["moves_first"]],
                            start_lvp=start)
        lines.append(f"The {SIDE_WORDS[first]} side sets up first; the {SIDE_WORDS[other(first)]} side moves first "
                     f"(8.6233)")
    return replace(state, scenario=scenario).logged("8.623", "", lines), lines


class Commencement(Step):
    """8.625: SAN announced; in a Dual Attack the U.S. dr decides who moves first, in an Assault the
    side setting up second moves first."""

    rule = "8.625"
    needs_confirm = False

    def enter(self, state):
        lines = [f"{SIDE_WORDS[s]} SAN {state.sides[s].san}" for s in SIDES]
        if state.scenario.kind != "Dual Attack":
            state = state.marked("first_move")
        return state.logged(self.rule, "", lines), lines

    def waiting(self, state) -> list[str]:
        return [] if state.is_done("first_move") else ["U.S.: dr on the Dual Attack Table: who moves first (8.625)"]

    def acting(self, state) -> list[str]:
        return ["US"] if self.waiting(state) else []

    def actions(self, state) -> list:
        return [RollTable("dual_attack_first_move", "US")] if self.waiting(state) else []

    def apply(self, state, action):
        if not (isinstance(action, RollTable) and action.table == "dual_attack_first_move" and self.waiting(state)):
            return super().apply(state, action)
        if action.side != "US":
            raise Refused("the U.S. player makes this dr", "8.625")
        state, roll = roll_on(state, "dual_attack_first_move", Context(state, "US"), (), action.roll)
        first = WORDS_SIDE[roll.result]
        lines = roll.lines("U.S.") + [f"  the {roll.result} side moves first (8.625)"]
        state = replace(state, scenario=replace(state.scenario, moves_first=first)).marked("first_move")
        return state.logged(self.rule, "US", lines), lines
