"""The Campaign Game in the game's state and through the program's seams: the rules' part of a
``GameState`` holding the CG, the CG a scenario plays, a CG action applied as an ``Outcome`` with
its log, and the ``Campaign`` capability (the Refit step in words with its options, the CG Roster
and the RG Purchase Record, a roll with the player's own dice)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.scenario import Scenario as ScenarioContent
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import CampaignForm, CampaignStep, Choices
from ardennes_qt.rules.asl_kgp.campaign import (
    CampaignState, apply_campaign, campaign_from_json, campaign_situation, campaign_to_json, new_campaign,
)
from ardennes_qt.rules.asl_kgp.campaign.forms import last_roll, purchase_record, roster
from ardennes_qt.rules.asl_kgp.campaign.options import campaign_options, with_roll
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, campaigns, step_data

# The kinds of the families of campaign actions (``Choices.kind``), by option kind.
CHOICE_KINDS = {"roll": "refit_roll", "confirm": "refit_confirm", "purchase": "purchase",
                "answer": "refit_answer", "tally": "refit_tally"}


@dataclass(frozen=True)
class KgpRules:
    """The rules' part of the state: the Campaign Game (None for a scenario that plays none)."""

    campaign: CampaignState | None = None

    def to_json(self, hex_id) -> dict[str, Any]:
        return {"campaign": campaign_to_json(self.campaign) if self.campaign is not None else None}


def rules_part_from_json(data: Any) -> KgpRules:
    found = (data or {}).get("campaign")
    return KgpRules(campaign_from_json(found) if found is not None else None)


def cg_of(scenario: ScenarioContent) -> str:
    """The CG a scenario plays (8.51-8.53): its Map Group and first CG Date; "" for none."""
    first = scenario.dates.get(scenario.first_turn, "")
    for cg, data in campaigns().items():
        if data["map_group"] in scenario.maps and data["first_date"] == first:
            return cg
    return ""


def starting_campaign(scenario: ScenarioContent, seed: int) -> KgpRules:
    cg = cg_of(scenario)
    return KgpRules(new_campaign(cg, seed) if cg else None)


def campaign_of(state: GameState) -> CampaignState | None:
    return state.rules.campaign if isinstance(state.rules, KgpRules) else None


def _log(lines: list[str]) -> tuple[LogLine, ...]:
    """The campaign's lines as the log keeps them: an indented line is a reason of the line above."""
    log: list[LogLine] = []
    for line in lines:
        if line.startswith("  ") and log:
            log[-1] = LogLine(log[-1].text, log[-1].reasons + (line.strip(),))
        else:
            log.append(LogLine(line))
    return tuple(log)


def apply_to_game(scenario: ScenarioContent, state: GameState, action: Action) -> Outcome:
    """A Campaign Game action: the CG moved on, the game's turn its CG Date, its dice the CG's."""
    cg = campaign_of(state)
    if cg is None:
        raise Refused("this scenario plays no Campaign Game", "8.5")
    after, lines = apply_campaign(cg, action)
    new = replace(state, rules=KgpRules(after), turn=scenario.first_turn + after.date_index, draws=after.draws)
    return Outcome(new, Changes(phase=True), _log(lines))


def choices(state: GameState) -> list[Choices]:
    cg = campaign_of(state)
    if cg is None:
        return []
    found = []
    for option in campaign_options(cg):
        actions = [action for _, action in option.variants]
        found.append(Choices(option.label, option.side, lambda a=actions: list(a), CHOICE_KINDS[option.kind]))
    return found


class KgpCampaign:
    """The ``Campaign`` capability."""

    def campaign_step(self, content: Content, state: GameState) -> CampaignStep | None:
        cg = campaign_of(state)
        if cg is None:
            return None
        now = campaign_situation(cg)
        sequence = tuple((rule, step_data(rule)["title"]) for rule in now.get("sequence", ()))
        return CampaignStep(
            date=f"Dec {cg.date}", name=now["step"], rule=now["rule"], words=now["words"],
            acting=tuple(SIDE_WORDS.get(s, s) for s in now["acting"]), waiting=tuple(now["waiting"]),
            at_table=now.get("at_table", ""), sequence=sequence, options=campaign_options(cg),
            last_roll=last_roll(cg), over=cg.phase == "over")

    def campaign_forms(self, content: Content, state: GameState) -> tuple[CampaignForm, ...]:
        cg = campaign_of(state)
        return () if cg is None else (roster(cg), purchase_record(cg))

    def with_roll(self, content: Content, state: GameState, action: Action, dice: tuple[int, ...],
                  facts: tuple[str, ...] = ()) -> Action:
        return with_roll(action, dice, facts)


CAMPAIGN = KgpCampaign()
