"""Where the campaign stands, in the players' words: CG Date, step and rule, who acts, what is
waited for, and why a step is done at the table."""

from __future__ import annotations

from ardennes_qt.rules.asl_kgp.campaign.play import current_step
from ardennes_qt.rules.asl_kgp.campaign.sequence import steps_of_pass
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, campaign, step_data


def campaign_situation(state) -> dict:
    cg = campaign(state.cg)
    base = {"cg": state.cg, "name": cg["name"], "date": state.date, "phase": state.phase}
    if state.phase == "over":
        return {**base, "step": "CG End", "rule": cg["rule"], "acting": [], "waiting": [],
                "words": f"CG {state.cg} is over: the {SIDE_WORDS[state.winner]} side wins."}
    if state.phase == "scenario":
        sc = state.scenario
        return {**base, "step": f"{sc.kind} scenario", "rule": "8.3", "acting": ["US", "German"],
                "waiting": ["Play the scenario at the table, then say it has been played"],
                "words": (f"Play the {sc.kind} scenario of {sc.date} at the table: the {SIDE_WORDS[sc.sets_up_first]} "
                          f"side sets up first, the {SIDE_WORDS[sc.moves_first]} side moves first.")}
    step = current_step(state)
    data = step_data(step.rule) if step.rule != "CG End" else {"title": "CG End", "flag": "", "words":
                                                                "Answer what decides the CG at its end."}
    return {**base, "step": data["title"], "rule": step.rule, "flag": data["flag"], "pass": state.refit,
            "acting": step.acting(state), "waiting": step.waiting(state), "words": data["words"],
            "at_table": data.get("at_table", ""),
            "confirm": step.needs_confirm and step.complete(state),
            "sequence": steps_of_pass(state) if step.rule != "CG End" else []}
