"""Victory (8.6032-.6033, 8.6234, 8.51-.53): each side's Current-LVP Total as the players give it,
the scenario's winner, the CG-LVP Totals, and the CG's own Victory Conditions. What Casualty VP
(A26) and the Control of particular hexes decide is asked of the players, as the ASL rulebook and
the map decide it."""

from __future__ import annotations

import math
from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import AnswerVictory, RecordLvp
from ardennes_qt.rules.asl_kgp.campaign.step import Step
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, campaign, other, table


def map_lvp(state) -> int:
    """8.6033: the total LVP value of the CG's Map Group."""
    return table("lvp_totals")[campaign(state.cg)["map_group"]]


def assault_lvp_needed(start: int) -> int:
    """8.6234b: 20% more (FRU), with a minimum increase of 1 LVP."""
    return start + max(1, math.ceil(start * 0.2 - 1e-9))


# Questions the players answer from the table: key -> words.
QUESTIONS = {
    "german_casualty_vp_50_more": "Have the Germans amassed 50 or more Casualty VP more than the Americans? (8.51)",
    "us_casualty_vp_10_or_s55_r46": "Have the Americans amassed 10 or more Casualty VP, or do they Control hex S55 "
                                    "and bridge Location R46? (8.53)",
    "assaulter_casualty_vp_25_percent": "Has the Assaulting side amassed 25% or more Casualty VP than the Idle "
                                        "opponent? (8.6234b)",
    "bridge_destroyed": "Have the Germans caused the destruction of the NN6 bridge? (8.52)",
    "us_controls_all_lvp": "Do the Americans Control all existing LVP Locations? (8.53)",
    "us_controls_aa15_j19_p56": "Do the Americans Control all hexes of buildings AA15, J19 and P56? (8.51)",
    "us_controls_ten_lvp_hexes": "Do the Americans Control ten LVP hexes (bridge NN6 counting as five)? (8.52)",
}


def scenario_questions(state) -> list[str]:
    """The questions the scenario's winner and the CG's Victory Conditions still need."""
    sc = state.scenario
    lvp = {s: state.sides[s].current_lvp for s in SIDES}
    questions = []
    if sc.kind == "Initial":
        if state.cg == "I" and lvp["German"] < 28:
            questions.append("german_casualty_vp_50_more")
        if state.cg == "III":
            questions.append("us_casualty_vp_10_or_s55_r46")
    elif sc.assaulter and lvp[sc.assaulter] < assault_lvp_needed(sc.start_lvp[sc.assaulter]):
        questions.append("assaulter_casualty_vp_25_percent")
    if state.cg == "II":
        questions.append("bridge_destroyed")
    if state.cg == "III":
        questions.append("us_controls_all_lvp")
    return questions


def answered(state, key: str) -> bool | None:
    if state.is_done(f"answer:{key}=yes"):
        return True
    if state.is_done(f"answer:{key}=no"):
        return False
    return None


def scenario_winner(state) -> tuple[str, str]:
    """The winner of the just-completed CG scenario and why (8.6234, 8.51-.53)."""
    sc = state.scenario
    lvp = {s: state.sides[s].current_lvp for s in SIDES}
    if sc.kind == "Initial":
        if state.cg == "I":
            if lvp["German"] >= 28:
                return "German", "German Current-LVP Total 28 or more (8.51)"
            if answered(state, "german_casualty_vp_50_more"):
                return "German", "German Casualty VP 50 or more above the Americans' (8.51)"
            return "US", "the Germans met neither Initial-Scenario condition (8.51)"
        if state.cg == "II":
            if lvp["US"] >= 1:
                return "US", "U.S. Current-LVP Total 1 or more (8.52)"
            return "German", "U.S. Current-LVP Total 0 (8.52)"
        if answered(state, "us_casualty_vp_10_or_s55_r46"):
            return "US", "10 or more U.S. Casualty VP, or S55 and R46 U.S.-Controlled (8.53)"
        return "German", "the Americans met neither Initial-Scenario condition (8.53)"
    if sc.kind == "Dual Attack":
        if lvp["US"] > sc.start_lvp["US"]:
            return "US", f"U.S. Current-LVP Total rose from {sc.start_lvp['US']} to {lvp['US']} (8.6234a)"
        return "German", f"U.S. Current-LVP Total did not rise above {sc.start_lvp['US']} (8.6234a)"
    attacker = sc.assaulter
    needed = assault_lvp_needed(sc.start_lvp[attacker])
    if lvp[attacker] >= needed:
        return attacker, (f"{SIDE_WORDS[attacker]} Current-LVP Total {lvp[attacker]}, at least {needed} "
                          f"(20% more than {sc.start_lvp[attacker]}, FRU, at least +1) (8.6234b)")
    if answered(state, "assaulter_casualty_vp_25_percent"):
        return attacker, "the Assaulting side amassed 25% or more Casualty VP than the Idle opponent (8.6234b)"
    return other(attacker), f"the {SIDE_WORDS[attacker]} Assault met neither condition (8.6234b)"


def record_lvp_totals(state, win: str = ""):
    """8.6032-.6033 (and an Idle Date, 8.6232 note 2): Current-LVP and CG-LVP Totals on the CG Roster."""
    lines = []
    for side in SIDES:
        s = state.sides[side]
        before = state.row(side, state.date_index - 1).cg_lvp if state.date_index else None
        cg_lvp = s.current_lvp + (before or 0)
        state = state.with_side(side, cg_lvp=cg_lvp).with_row(side, current_lvp=s.current_lvp, cg_lvp=cg_lvp, win=win)
        lines.append(f"{SIDE_WORDS[side]} Current-LVP {s.current_lvp}, CG-LVP {cg_lvp} (8.6033)")
    return state, lines


def cg_victory_now(state) -> str:
    """8.51, 8.53: a U.S. CG victory at a CG-Scenario End, or why there is none ("")."""
    threshold = campaign(state.cg).get("us_cg_lvp_to_win")
    if threshold and state.sides["US"].cg_lvp >= threshold:
        return f"U.S. CG-LVP Total {state.sides['US'].cg_lvp} is {threshold} or more ({campaign(state.cg)['rule']})"
    if answered(state, "us_controls_all_lvp"):
        return "the Americans Control all existing LVP Locations (8.53)"
    if answered(state, "bridge_destroyed"):
        return "the Germans caused the NN6 bridge's destruction (8.52)"
    return ""


class VictoryDetermination(Step):
    """8.603: rally and unloading at the table; each side's Current-LVP Total; the scenario's winner;
    the CG-LVP Totals; a CG won at this CG-Scenario End."""

    rule = "8.603"
    needs_confirm = False

    def _lvp_needed(self, state) -> list[str]:
        return [s for s in SIDES if not state.is_done(f"lvp:{s}")]

    def _questions(self, state) -> list[str]:
        if self._lvp_needed(state):
            return []
        return [q for q in scenario_questions(state) if answered(state, q) is None]

    def waiting(self, state) -> list[str]:
        words = [f"{SIDE_WORDS[s]}: Current-LVP Total (LVP Locations Controlled)" for s in self._lvp_needed(state)]
        return words + [QUESTIONS[q] for q in self._questions(state)]

    def actions(self, state) -> list:
        need = self._lvp_needed(state)
        if need:
            side = need[0]
            room = map_lvp(state) - sum(state.sides[s].current_lvp for s in SIDES if state.is_done(f"lvp:{s}"))
            return [RecordLvp(side, n) for n in range(room + 1)]
        return [AnswerVictory(q, met) for q in self._questions(state)[:1] for met in (True, False)]

    def apply(self, state, action):
        if isinstance(action, RecordLvp):
            if action.side not in self._lvp_needed(state):
                raise Refused("this side's Current-LVP Total is already recorded", "8.6032")
            room = map_lvp(state) - sum(state.sides[s].current_lvp for s in SIDES if state.is_done(f"lvp:{s}"))
            if not 0 <= action.lvp <= room:
                raise Refused(f"the Map Group holds {map_lvp(state)} LVP; {room} are not yet Controlled by the other "
                              f"side", "8.6033")
            state = state.with_side(action.side, current_lvp=action.lvp).marked(f"lvp:{action.side}")
        elif isinstance(action, AnswerVictory):
            if action.question not in self._questions(state):
                raise Refused("that question is not asked now", "8.6032")
            state = state.marked(f"answer:{action.question}={'yes' if action.met else 'no'}")
        else:
            return super().apply(state, action)
        if self.waiting(state):
            return state, []
        return conclude(state)


def conclude(state):
    """8.6032-.6033 done: winner, totals, and a CG won now."""
    winner, why = scenario_winner(state)
    state, lines = record_lvp_totals(state, winner)
    lines.insert(0, f"The {state.scenario.kind} scenario of {state.scenario.date} is won by the "
                    f"{SIDE_WORDS[winner]} side: {why}")
    state = replace(state, scenarios_played=state.scenarios_played + (state.date,))
    state = state.with_side("US", recon_locations=0).with_side("German", recon_locations=0)
    won = cg_victory_now(state)
    if won:
        lines.append(f"The Americans win CG {state.cg}: {won}")
        state = replace(state, phase="over", winner="US")
    return state.logged("8.603", "", lines), lines


class CgEnd(Step):
    """CG End (8.2, 8.3): the CG's Victory Conditions at its end."""

    rule = "CG End"
    needs_confirm = False

    @property
    def title(self) -> str:
        return "CG End"

    def _questions(self, state) -> list[str]:
        q = {"I": "us_controls_aa15_j19_p56", "II": "us_controls_ten_lvp_hexes"}.get(state.cg)
        return [q] if q and answered(state, q) is None else []

    def waiting(self, state) -> list[str]:
        return [QUESTIONS[q] for q in self._questions(state)]

    def actions(self, state) -> list:
        return [AnswerVictory(q, met) for q in self._questions(state) for met in (True, False)]

    def apply(self, state, action):
        if not isinstance(action, AnswerVictory) or action.question not in self._questions(state):
            return super().apply(state, action)
        return finish(state.marked(f"answer:{action.question}={'yes' if action.met else 'no'}"))


def finish(state):
    """The CG is over: the Americans win if a condition was met, the Germans otherwise."""
    met = [q for q in ("us_controls_aa15_j19_p56", "us_controls_ten_lvp_hexes") if answered(state, q)]
    winner = "US" if met else "German"
    why = QUESTIONS[met[0]].split("?")[0].replace("Do the Americans", "the Americans") if met else \
        f"the Americans met none of the CG {state.cg} Victory Conditions ({campaign(state.cg)['rule']})"
    line = f"CG End: the {SIDE_WORDS[winner]} side wins CG {state.cg}, {why}"
    return replace(state, phase="over", winner=winner).logged("CG End", "", [line]), [line]
