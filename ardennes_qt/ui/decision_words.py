"""A pending Decision in the player's words: who decides what, what led to it, and its
answers - the engine's legal actions - sorted into buttons and hexes to pick on the map.
The rules word their Decisions (the ``Decisions`` capability); a game that does not gets
each answer named by its action.

Plain Python (no Qt), so the wording is tested on its own.  Nothing here decides a
rule: every answer is one of ``session.legal_actions()``; this only names and groups them.
"""

from __future__ import annotations

from ardennes_qt.core.actions import Action, action_from_dict
from ardennes_qt.core.system import Answer, DecisionView
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.player_words import named, unit_name

__all__ = ["Answer", "DecisionView", "describe_decision", "drop_answers", "rule_action"]


def is_combat_decision(decision: dict | None) -> bool:
    """A Decision taken in the course of a battle (its data names the battle)."""
    return decision is not None and "battle" in decision["data"]


def rule_action(kind: str, *, system: str, **fields) -> Action:
    """``system``'s action of this kind ("attack", "barrage"...), looked up by kind so the
    table names no rule system; ValueError if the system has none."""
    return action_from_dict({"kind": kind, **fields}, system)


def names(session: Session, unit_ids) -> str:
    return ", ".join(session.unit(u).name for u in unit_ids)


ESTIMATED = "≈"  # a value no rules document prints (see the Unit panel for the rule that fills it)


def showing_estimated(session: Session, unit_id: str) -> bool:
    """Are the values the counter shows estimated (a reduced side no document prints)?"""
    u = session.unit(unit_id)
    return u.reduced and "reduced" in u.estimated


def unit_label(session: Session, unit_id: str) -> str:
    u = session.unit(unit_id)
    if not u.reduced:
        return f"{u.name} {u.values}"
    return f"{u.name} {u.values} (reduced{', ' + ESTIMATED + ' estimated' if showing_estimated(session, unit_id) else ''})"


def battle_line(session: Session, battle: dict) -> str:
    """"Attack on A5.05 by I/1 Pz Bn at 2:1: rolled 10, D2r2"."""
    text = f"{battle['kind'].capitalize()} on {battle['defender_hex']} by {names(session, battle['attackers'])}"
    if battle.get("result"):
        text += f" at {battle['column']}: rolled {battle['dice']}, {battle['result']}"
    return text


def describe_decision(session: Session, decision: dict, answers: list[Action]) -> DecisionView:
    """The Decision ``session.decision()`` names, with ``answers`` (its legal actions) sorted: in
    the rules' own words where the game words its Decisions, else each answer by its action."""
    worded = session.describe_decision(decision, answers)
    if worded is not None:
        return worded
    kind, side = decision["kind"], decision["side"]
    buttons, picks = [], []
    for a in answers:
        f = a.to_dict()
        text = named(session, a.describe())
        text = text[:1].upper() + text[1:]
        if "to" in f and "units" in f:
            picks.append(Answer(text, a, f["to"], (), tuple(f["units"])))
        else:
            buttons.append(Answer(text, a))
    return DecisionView(kind, side, decision["rule"], f"{side} player: {kind.replace('_', ' ')}", (), tuple(buttons),
                        tuple(picks), "Pick a highlighted hex on the map, or one below" if picks else "")


def family_units(session: Session, label: str) -> tuple[str, ...]:
    """The units a family of answers names ("place 82AB:A/504, 82AB:B/504"), or ()."""
    units = tuple(label.partition(" ")[2].split(", "))
    return units if all(u in session.state.units for u in units) else ()


def family_words(session: Session, label: str) -> str:
    """A family of answers as the player reads it: the names of the units it places."""
    units = family_units(session, label)
    return ", ".join(unit_name(session, u) for u in units) if units else named(session, label)


def drop_answers(view: DecisionView, units, hex_id: str) -> list[Answer]:
    """The picks a drop of ``units`` on ``hex_id`` may mean: the same units exactly, else
    picks that move all of them."""
    dropped = set(units)
    here = view.picks_at(hex_id)
    exact = [a for a in here if set(a.units) == dropped]
    return exact or [a for a in here if dropped <= set(a.units)]
