"""A pending Ardennes II Decision in the player's words (the ``Decisions`` capability): who
decides what, what led to it, and its answers - the legal actions - sorted into buttons and
hexes to pick on the map.  Nothing here decides a rule: every answer is one of the legal
actions; this only names and groups them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Answer, DecisionView

COMBAT_KINDS = ("hold_or_retreat", "loss", "retreat", "advance")
ROUTE_ARROW = " › "
ESTIMATED = "≈"  # a value no rules document prints


@dataclass(frozen=True)
class _Unit:
    name: str
    values: str
    steps: int
    reduced: bool
    estimated: tuple[str, ...]
    hex: str | None
    where: str


class _Board:
    """The few things the words need of a position: units by id, the map, the state."""

    def __init__(self, content: Content, state: GameState) -> None:
        self.content, self.state, self.map = content, state, content.map

    def unit(self, unit_id: str) -> _Unit:
        counter, u = self.content.counter(unit_id), self.state.units[unit_id]
        return _Unit(
            name=counter.name,
            values=str(counter.values_at(u.steps)),
            steps=u.steps,
            reduced=counter.steps > 1 and u.steps < counter.steps,
            estimated=tuple(counter.estimated_fields()),
            hex=self.map.hex_id(u.hex) if u.where == "map" and u.hex is not None else None,
            where=u.where,
        )


def showing_estimated(board: _Board, unit_id: str) -> bool:
    """Are the values the counter shows estimated (a reduced side no document prints)?"""
    u = board.unit(unit_id)
    return u.reduced and "reduced" in u.estimated


def names(board: _Board, unit_ids) -> str:
    return ", ".join(board.unit(u).name for u in unit_ids)


def unit_label(board: _Board, unit_id: str) -> str:
    u = board.unit(unit_id)
    if not u.reduced:
        return f"{u.name} {u.values}"
    return f"{u.name} {u.values} (reduced{', ' + ESTIMATED + ' estimated' if showing_estimated(board, unit_id) else ''})"


def battle_line(board: _Board, battle: dict) -> str:
    """"Attack on A5.05 by I/1 Pz Bn at 2:1: rolled 10, D2r2"."""
    text = f"{battle['kind'].capitalize()} on {battle['defender_hex']} by {names(board, battle['attackers'])}"
    if battle.get("result"):
        text += f" at {battle['column']}: rolled {battle['dice']}, {battle['result']}"
    return text


def _fields(action: Action) -> dict:
    return action.to_dict()


def retreat_label(path: tuple[str, ...]) -> str:
    """A retreat named by the hex it ends in, which is what a player looks for, then its way there."""
    via = f" via {ROUTE_ARROW.join(path[:-1])}" if len(path) > 1 else ""
    return f"Retreat to {path[-1]}{via}"


def by_end_hex(board: _Board, pick: Answer) -> tuple:
    """Picks in map order of the hex they end in, so the routes to one hex stand together."""
    return board.map.numbering.index(board.map.parse(pick.hex)), pick.route


def describe_decision(content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
    """The Decision waited for (``pending_decision``), with ``answers`` (its legal actions) sorted."""
    board = _Board(content, state)
    kind, side, data = decision["kind"], decision["side"], decision["data"]
    battle = data.get("battle")
    lines = [battle_line(board, battle)] if battle else []
    buttons: list[Answer] = []
    picks: list[Answer] = []
    prompt = "Pick a highlighted hex on the map, or one below"
    title = f"{side} player: {kind.replace('_', ' ')}"

    if kind == "hold_or_retreat":
        where = battle["defender_hex"]
        title = f"{side} player: the defender in {where} Holds, or Retreats before combat"
        lines.append("Hold: the attack is rolled.  Retreat: 5 hexes, no roll, the attackers are used (3.2).")
        for a in answers:
            f = _fields(a)
            if f.get("choice") == "hold":
                buttons.append(Answer("Hold and roll", a))
            else:
                path = tuple(f["path"])
                picks.append(Answer(retreat_label(path), a, path[-1], (where, *path),
                                    tuple(board.state.units_at(board.map.parse(where)))))
        picks.sort(key=lambda p: by_end_hex(board, p))
        prompt = "To retreat instead, pick the hex where the retreat ends"
    elif kind == "loss":
        role = data["role"]
        owed = battle["defender_losses" if role == "defender" else "attacker_losses"]
        title = f"{side} player: the {role} loses {owed} more step{'s' if owed != 1 else ''}"
        lines.append("Choose the unit that takes the next step (3.2, SCS 8.0).")
        for a in answers:
            uid = _fields(a)["unit"]
            unit = board.unit(uid)
            fate = "flips to its reduced side" if unit.steps > 1 else "goes to the dead pile"
            if {"steps", "reduced"} & set(unit.estimated):
                fate += f" {ESTIMATED}"
            buttons.append(Answer(f"{unit_label(board, uid)}: {fate}", a, units=(uid,)))
        if any(ESTIMATED in b.label for b in buttons):
            lines.append(f"{ESTIMATED} estimated: its steps or reduced side are not printed in the rules documents.")
    elif kind == "retreat":
        where = battle["defender_hex"]
        hexes = battle["retreat"]
        title = f"{side} player: the defender in {where} retreats {hexes} hex{'es' if hexes != 1 else ''}"
        why = {"zoc_bond": "Every legal retreat ends in an enemy ZOC Bond hex: the defender loses 1 step (3.2).",
               "blocked": "The retreat is blocked short of its length: the defender loses 1 step (3.2)."}
        if data.get("retreat_kind") in why:
            lines.append(why[data["retreat_kind"]])
        units = tuple(board.state.units_at(board.map.parse(where)))
        for a in answers:
            path = tuple(_fields(a)["path"])
            picks.append(Answer(retreat_label(path), a, path[-1], (where, *path), units))
        picks.sort(key=lambda p: by_end_hex(board, p))
        prompt = "Pick the hex where the retreat ends (the routes to each hex are listed together below)"
    elif kind == "advance":
        where = battle["defender_hex"]
        title = f"{side} player: advance after combat into {where}, or stay"
        lines.append("Exploit Capable units may go on one hex along a road after a retreat of 2 or more (3.2).")
        for a in answers:
            f = _fields(a)
            units, path = tuple(f["units"]), tuple(f["path"])
            if not units:
                buttons.append(Answer("No further advance" if battle.get("advanced") else "No advance", a))
                continue
            start = board.unit(units[0]).hex
            picks.append(Answer(f"Advance {names(board, units)} to " + ROUTE_ARROW.join(path), a, path[-1],
                                (start, *path), units))
        picks.sort(key=lambda p: (p.hex, -len(p.units)))  # a whole stack first
        prompt = "Pick (or drag a counter to) a highlighted hex to advance"
    elif kind == "bug_out":
        gun = data["artillery"]
        title = f"{side} player: {board.unit(gun).name} must Bug Out"
        lines.append(f"Enemy adjacent: {names(board, data.get('threats', ()))} (3.6).")
        lines.append("It is placed in a supplied hex at least 8 road hexes away, clear of the enemy, and becomes DG (3.6).")
        for a in answers:
            to = _fields(a)["to"]
            picks.append(Answer(f"Bug Out to {to}", a, to, (data["from"], to), (gun,)))
        prompt = "Pick (or drag the gun to) a highlighted hex"
    elif kind == "bridge_blowing":
        plunger, movers = data["plunger"], data["units"]
        title = f"{side} player: try to blow the bridges of plunger {plunger} before the Germans reach them?"
        ahead = data["rest"][0]
        lines.append(f"{names(board, movers)} halt in {data['at']}, about to enter {ahead}: once a German unit "
                     "stands by the bridge or on its plunger, it can no longer be blown (3.8).")
        lines.append("Blown: they stop here.  Tested, or no attempt: they move on.  "
                     "The unit that tries moves no further this phase (3.8).")
        for a in answers:
            f = _fields(a)
            if "unit" in f:
                unit = board.unit(f["unit"])
                buttons.append(Answer(f"Try with {unit.name} ({unit.hex})", a, units=(f["unit"],)))
            else:
                buttons.append(Answer("Let them move on", a))
    elif kind == "artillery_air_supply":
        unit = data["unit"]
        title = f"{side} player: {board.unit(unit).name} is DG and cannot trace supply"
        lines.append("Roll on the Air Supply for Artillery Table, or leave it DG (3.7).")
        for a in answers:
            buttons.append(Answer("Roll for Air Supply" if _fields(a)["roll"] else "Leave it DG", a, units=(unit,)))
    elif kind == "abn_corps_arrival":
        waiting = [u for u in data["units"] if board.unit(u).where == "scheduled"]
        title = f"{side} player: place the XVIII Abn Corps ({len(waiting)} unit{'s' if len(waiting) != 1 else ''} to place)"
        lines.append("Each Division arrives within 3 hexes of one group of VP hexes (5.1).")
        for a in answers:
            f = _fields(a)
            units = tuple(f["units"])
            picks.append(Answer(f"Place {names(board, units)} at {f['to']}", a, f["to"], (), units))
        prompt = "Pick the unit, then a highlighted hex (or drag it there from the Arrivals panel)"
    else:
        for a in answers:
            f = _fields(a)
            text = a.describe()
            text = text[:1].upper() + text[1:]
            if "to" in f and "units" in f:
                picks.append(Answer(text, a, f["to"], (), tuple(f["units"])))
            else:
                buttons.append(Answer(text, a))
    return DecisionView(kind, side, decision["rule"], title, tuple(lines), tuple(buttons), tuple(picks),
                        prompt if picks else "")
