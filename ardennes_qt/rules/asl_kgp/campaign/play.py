"""The Campaign Game's entry points: a new campaign, the legal actions now, applying one (refused
with the reason and the rule when not legal), and moving through the Refit Phase steps."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import ConfirmStep, ScenarioPlayed
from ardennes_qt.rules.asl_kgp.campaign.initiative import Commencement, Initiative
from ardennes_qt.rules.asl_kgp.campaign.purchase import PURCHASE_STEPS
from ardennes_qt.rules.asl_kgp.campaign.refit_steps import STEPS_8_601_TO_8_618
from ardennes_qt.rules.asl_kgp.campaign.rg_strength import RgStrength
from ardennes_qt.rules.asl_kgp.campaign.sequence import runs
from ardennes_qt.rules.asl_kgp.campaign.state import CampaignState, RgRecord, Scenario, SideRecord, blank_roster
from ardennes_qt.rules.asl_kgp.campaign.step import Step, TableStep
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, campaign, rg_group, step_rules, table
from ardennes_qt.rules.asl_kgp.campaign.victory import CgEnd, VictoryDetermination, finish

STEPS: dict[str, Step] = {
    **STEPS_8_601_TO_8_618,
    "8.603": VictoryDetermination(),
    **PURCHASE_STEPS,
    "8.620": RgStrength(),
    "8.623": Initiative(),
    "8.624": TableStep("8.624"),
    "8.625": Commencement(),
    "CG End": CgEnd(),
}


def new_campaign(cg: str, seed: int, *, random_weather: bool = False, balance: str = "") -> CampaignState:
    """A CG ready for its Initial Scenario (8.5): CG Date, ELR, SAN and CPP of 8.51-8.53, the
    Initial-OB RG on the RG Purchase Record, and the Refit Phase begun at 8.618."""
    if cg not in ("I", "II", "III"):
        raise Refused(f"there is no CG '{cg}' (CG I, II and III, 8.51-8.53)", "8.5")
    if balance not in ("", *SIDES):
        raise Refused("the CG Balance halves the U.S. or the German Secret DR", "8.31")
    data = campaign(cg)
    sides = {s: SideRecord(elr=data[s]["elr"], san=data[s]["san"]) for s in SIDES}
    state = CampaignState(cg=cg, seed=seed, sides=sides, roster=blank_roster(cg),
                          purchases={s: () for s in SIDES}, random_weather=random_weather, balance=balance)
    state = replace(state, scenario=Scenario(state.date, "Initial", sets_up_first=_words(data["initial_sets_up_first"]),
                                             moves_first=_words(data["initial_moves_first"]),
                                             start_lvp={s: 0 for s in SIDES}))
    lines = [f"CG {cg}, {data['name']}: Map Group {data['map_group']}, CG Dates {data['first_date']} - "
             f"{data['last_date']} ({data['rule']})"]
    for side in SIDES:
        cpp = data[side]["cpp"]
        # 8.6162: the Initial Scenario's Repl box is shaded; its CPP are the Initial-Scenario OB's.
        state = state.with_row(side, weather=data["initial_weather"], start=cpp, total=cpp, spent=0, left=cpp)
        for rg_id in table("initial_ob")[cg][side]:
            group = rg_group(side, rg_id)
            state = state.with_purchase(side, RgRecord(state.date, rg_id, group["group_type"], 0, 0, 0,
                                                       units=group["units"], initial_ob=True))
        lines.append(f"{SIDE_WORDS[side]}: ELR {data[side]['elr']}, SAN {data[side]['san']}, {cpp} CPP, "
                     f"{len(table('initial_ob')[cg][side])} RG in the Initial-Scenario OB")
    state = replace(state, step="8.618").logged(data["rule"], "", lines)
    state, _ = _settle(*_enter(state))
    return state


def _words(side_words: str) -> str:
    return "US" if side_words == "U.S." else "German"


def current_step(state) -> Step:
    return STEPS[state.step]


def campaign_actions(state: CampaignState) -> list:
    """The actions legal now. Numbers and facts a player states freely (a printed Base #, an
    Objective Hex, a unit's modifiers) appear with their plain value; any allowed value is legal."""
    if state.phase == "over":
        return []
    if state.phase == "scenario":
        return [ScenarioPlayed()]
    step = current_step(state)
    actions = step.actions(state)
    if step.needs_confirm and step.complete(state) and ConfirmStep() not in actions:
        actions.append(ConfirmStep())
    return actions


def apply_campaign(state: CampaignState, action) -> tuple[CampaignState, list[str]]:
    """Apply one action: the new state and the log lines with their reasons; ``Refused`` if not legal."""
    if state.phase == "over":
        raise Refused("the CG is over", "8.3")
    if state.phase == "scenario":
        if not isinstance(action, ScenarioPlayed):
            raise Refused(f"the {state.scenario.kind} scenario of {state.date} is being played at the table", "8.3")
        return _after_scenario(state)
    step = current_step(state)
    if isinstance(action, ConfirmStep):
        if not step.needs_confirm and step.complete(state):
            raise Refused("this step goes on by itself once done", step.rule)
        if not step.complete(state):
            raise Refused("still waiting for: " + "; ".join(step.waiting(state)), step.rule)
        return _advance(state, [])
    state, lines = step.apply(state, action)
    if state.phase == "over":
        return state, lines
    if not step.needs_confirm and step.complete(state):
        return _advance(state, lines)
    return state, lines


def _after_scenario(state):
    """The scenario is played: the Refit Phase begins at 8.601 (only the § steps after the last CG Date)."""
    refit = "end" if state.is_last_date else "after"
    line = f"The {state.scenario.kind} scenario of {state.date} has been played; the Refit Phase begins (8.60)"
    state = replace(state, phase="refit", refit=refit, step=step_rules()[0], done=())
    state, lines = _enter(state)
    return _settle(state, [line] + lines)


def _enter(state):
    step = current_step(state)
    return step.enter(state)


def _settle(state, lines):
    """Go on past steps that wait for nothing and ask for no confirmation."""
    step = current_step(state)
    if state.phase == "refit" and not step.needs_confirm and step.complete(state):
        return _advance(state, lines)
    return state, lines


def _advance(state, lines):
    """The step is finished: on to the next step this pass runs, or out of the Refit Phase."""
    lines = list(lines)
    while True:
        rules = step_rules()
        later = rules[rules.index(state.step) + 1:] if state.step in rules else []
        following = next((r for r in later if runs(r, state)), None)
        if following is None:
            return _end_of_pass(state, lines)
        state = replace(state, step=following, done=())
        state, entered = _enter(state)
        lines += entered
        step = current_step(state)
        if step.needs_confirm or not step.complete(state):
            return state, lines


def _end_of_pass(state, lines):
    if state.refit == "end" or (state.scenario is None and state.is_last_date):
        # CG End: after the last CG Date's scenario, or an Idle last CG Date (8.3).
        state = replace(state, step="CG End", done=())
        if CgEnd().complete(state):
            state, more = finish(state)
            return state, lines + more
        return state, lines
    if state.scenario is None:
        # 8.6121: an Idle Date; steps 8.612-8.623 again.
        state = replace(state, refit="again", step="8.611", done=())
        return _advance(state, lines)
    sc = state.scenario
    line = (f"Play the {sc.kind} scenario of {sc.date} at the table: the {SIDE_WORDS[sc.sets_up_first]} side "
            f"sets up first, the {SIDE_WORDS[sc.moves_first]} side moves first")
    return replace(state, phase="scenario", done=()), lines + [line]

