"""What a player may do in the Refit Phase step now, in the rules' words: the legal actions
(``campaign_actions``) gathered into options - a roll with its dice and the modifiers a player
states, an RG with its cost and limits and its set-up variants, a Current-LVP Total to pick, a
question to answer, "done at the table" - for the table's Campaign dock and the rule system's
``choices``."""

from __future__ import annotations

from dataclasses import fields, replace

from ardennes_qt.core.system import CampaignOption, Word
from ardennes_qt.rules.asl_kgp.campaign.actions import (
    AdjustTally, AnswerVictory, BuyFortification, BuyRecon, ChooseInitiative, ConfirmStep, PromoteFromRanks,
    PurchaseRg, RecordLvp, ReplenishCpp, RollForRg, RollTable, ScenarioPlayed, SetUsOnMap, SideDone,
)
from ardennes_qt.rules.asl_kgp.campaign.modifiers import player_facts
from ardennes_qt.rules.asl_kgp.campaign.play import campaign_actions
from ardennes_qt.rules.asl_kgp.campaign.purchase import cg_maximum, rg_cost
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, rg_group, table
from ardennes_qt.rules.asl_kgp.campaign.victory import QUESTIONS

COLUMN_WORDS = {"infantry": "Infantry", "mobile_vehicle": "Mobile Vehicle"}


def _title(key: str) -> str:
    return table(key).get("title", key.replace("_", " ").capitalize())


def _dice(key: str) -> str:
    return table(key).get("dice", "dr")


def _facts(key: str) -> tuple[Word, ...]:
    """The modifiers of a table the player states about the unit or Location at the table."""
    return tuple(Word(fact, f"{d['value']:+d} {d['reason']}", d["rule"], "counted" if "per" in d else "")
                 for fact, d in player_facts(key).items())


def _side(action) -> str:
    return SIDE_WORDS.get(getattr(action, "side", ""), "")


def _key(action) -> tuple:
    """Actions that are variants of one option share a key."""
    if isinstance(action, PurchaseRg):
        return ("purchase", action.side, action.rg_id)
    if isinstance(action, BuyFortification):
        return ("fortification", action.side, action.item)
    if isinstance(action, BuyRecon):
        return ("recon", action.side)
    if isinstance(action, (ChooseInitiative, RecordLvp)):
        return (action.kind, action.side)
    if isinstance(action, AnswerVictory):
        return ("answer", action.question)
    if isinstance(action, AdjustTally):
        return ("tally", action.side, action.tally)
    return ("one", action)


def _purchase(state, actions: list[PurchaseRg]) -> CampaignOption:
    first = actions[0]
    group = rg_group(first.side, first.rg_id)
    cost, _ = rg_cost(state, first)
    bought = state.bought(first.side, first.rg_id)
    limits = (f"{cost} CPP · at most {group['date_max']} per CG Date (8.6195) · CG Maximum "
              f"{cg_maximum(state, first.side, first.rg_id)}, {bought} bought (8.6196)")
    variants = []
    for a in actions:
        words = ("Standard On-Map Setup" if a.on_map else "U.S. Early Entry" if a.early_entry else
                 f"{a.pre_registered} Pre-Registered hex{'es' if a.pre_registered > 1 else ''}" if a.pre_registered
                 else "as listed")
        variants.append((f"{words}: {rg_cost(state, a)[0]} CPP", a))
    return CampaignOption(f"RG {first.rg_id} {group['group_type']}", _side(first), "purchase", tuple(variants),
                          f"{limits} · {group['units']}" if group.get("units") else limits)


def _fortification(actions: list[BuyFortification]) -> CampaignOption:
    item = next(i for i in table("fortifications")["items"] if i["name"] == actions[0].item)
    variants = []
    for a in actions:
        if item.get("fpp_for") == ["U.S.", "German"]:
            variants.append((f"{item['fpp'][0 if a.side == 'US' else 1]:g} FPP", a))
        else:
            what = f"{item['fpp_for'][a.option]}: " if "fpp_for" in item else ""
            variants.append((f"{what}{item['fpp'][a.option]:g} FPP", a))
    return CampaignOption(f"Buy a {actions[0].item}", _side(actions[0]), "purchase", tuple(variants),
                          "Fortification Purchase Table (8.621)")


def _one(state, action) -> CampaignOption:
    side = _side(action)
    if isinstance(action, RollTable):
        column = f" ({COLUMN_WORDS.get(action.column, action.column)})" if action.column else ""
        return CampaignOption(f"Roll on the {_title(action.table)}{column}", side, "roll",
                              (("roll", action),), table(action.table)["rule"], _dice(action.table),
                              _facts(action.table))
    if isinstance(action, RollForRg):
        rg = state.purchases[action.side][action.record]
        return CampaignOption(f"{_title(action.table)} for RG {rg.rg_id} (line {action.record + 1})", side, "roll",
                              (("roll", action),), f"{rg.group_type} (8.620)", _dice(action.table),
                              _facts(action.table))
    if isinstance(action, ReplenishCpp):
        return CampaignOption("Secret CPP Replenishment DR", side, "roll", (("roll", action),),
                              "CPP Base # minus the DR, added to the Start CPP (8.616)", "2d6")
    if isinstance(action, ConfirmStep):
        return CampaignOption("Done at the table: go on", "", "confirm", (("done", action),))
    if isinstance(action, SideDone):
        return CampaignOption("Finished", side, "confirm", (("finished", action),))
    if isinstance(action, ScenarioPlayed):
        return CampaignOption("The scenario has been played", "", "confirm", (("played", action),),
                              "to its last Close Combat Phase: the Refit Phase begins (8.60)")
    if isinstance(action, PromoteFromRanks):
        return CampaignOption("Promote a 7-0 leader out of the ranks", side, "answer", (("promote", action),),
                              "instead of the Leader Battle Hardening DR (8.6115)")
    if isinstance(action, SetUsOnMap):
        return CampaignOption(action.describe().capitalize(), "U.S.", "answer", (("say so", action),),
                              "the German may pick the Attack chit only if so (8.6131)")
    return CampaignOption(action.describe().capitalize(), side, "answer", (("do it", action),))


def _grouped(state, key: tuple, actions: list) -> CampaignOption:
    first = actions[0]
    side = _side(first)
    kind = key[0]
    if kind == "purchase":
        return _purchase(state, actions)
    if kind == "fortification":
        return _fortification(actions)
    if kind == "recon":
        variants = tuple((f"{a.cpp} CPP{' (+5)' if a.cpp == 2 else ''}"
                          f"{', majority of squads Lax (-1)' if a.lax else ''}", a) for a in actions)
        return CampaignOption("Buy Recon", side, "roll", variants,
                              f"{state.cpp_left(first.side)} CPP left; the dr gives the Locations the "
                              f"opponent reveals (8.622)", _dice("recon"))
    if kind == ChooseInitiative.kind:
        return CampaignOption("Initiative chit, picked in secret", side, "answer",
                              tuple((f"{a.chit}", a) for a in actions), "8.6232")
    if kind == RecordLvp.kind:
        return CampaignOption("Current-LVP Total: the LVP Locations it Controls", side, "answer",
                              tuple((str(a.lvp), a) for a in actions), "8.6032")
    if kind == "answer":
        return CampaignOption(QUESTIONS[first.question], "", "answer",
                              tuple(("yes" if a.met else "no", a) for a in actions))
    if kind == "tally":
        return CampaignOption(f"{first.tally.capitalize()} units (a count kept from the table)", side, "tally",
                              tuple((f"{a.change:+d}", a) for a in actions), "8.2")
    return _one(state, first)


ORDER = ("roll", "answer", "purchase", "tally", "confirm")


def campaign_options(state) -> tuple[CampaignOption, ...]:
    """Every legal action of the step now, gathered into options; rolls and answers first."""
    groups: dict[tuple, list] = {}
    for action in campaign_actions(state):
        groups.setdefault(_key(action), []).append(action)
    options = [_grouped(state, key, actions) for key, actions in groups.items()]
    return tuple(sorted(options, key=lambda o: ORDER.index(o.kind)))


def with_roll(action, dice: tuple[int, ...], facts: tuple[str, ...] = ()):
    """The roll's action with the player's own dice and the modifiers he states."""
    names = {f.name for f in fields(action)}
    if "roll" not in names:
        return action
    changes = {"roll": tuple(dice)}
    if "facts" in names:
        changes["facts"] = tuple(facts)
    return replace(action, **changes)
