"""What the table asks about combat (the ``Odds`` capability): the odds of an attack or an
overrun with every modifier and shift, who may attack a hex, the hexes a moving unit may
overrun; and the combat Decisions in the player's words (``DecisionQuestions.describe``
hands them here): the US Air Points for a defense (3.2b), step losses (1.4), retreats (SCS,
provisional) picked as hexes on the map, and the advance after combat (1.9).
"""

from __future__ import annotations

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Answer, DecisionView
from ardennes_qt.rules.ardennes1994.battle import COMBAT_DECISIONS, DEFEND_AIR, LOSS, RETREAT, Battle
from ardennes_qt.rules.ardennes1994.combat_choices import attackers_around
from ardennes_qt.rules.ardennes1994.losses import step_fate
from ardennes_qt.rules.ardennes1994.odds import OddsReport, combat_odds
from ardennes_qt.rules.ardennes1994.overrun import overrun_routes
from ardennes_qt.rules.ardennes1994.phases import COMBAT
from ardennes_qt.rules.ardennes1994.procedure import RESULTS, names, retreating
from ardennes_qt.rules.ardennes1994.retreats import retreat_routes, route_words
from ardennes_qt.rules.ardennes1994.situation import current_values, rules_data

ROUTE_ARROW = " › "
KINDS = COMBAT_DECISIONS  # the Decisions worded here


class OddsQuestions:
    def odds(self, content: Content, state: GameState, attacker_ids, defender_hex: str, launch: str | None = None) -> OddsReport:
        """Strengths, every modifier and shift with its rule, the column and each result's
        chance; ``launch``: an overrun's hex (where the moving unit stands).  US Air Points are
        spent when the attack is made: each is one more column (3.2b)."""
        try:
            target = content.map.parse(defender_hex)
            start = content.map.parse(launch) if launch else None
        except HexIdError as exc:
            raise Refused(str(exc)) from None
        return combat_odds(content, state, tuple(attacker_ids), target, launch=start)

    def attackers(self, content: Content, state: GameState, defender_hex: str) -> dict[str, tuple[str, ...]]:
        """The units that may attack the hex now (in their Combat Phase), by the hex they attack from."""
        target = content.map.parse(defender_hex)
        if state.phase not in COMBAT or target in rules_data(state).record.defended:
            return {}
        return {content.map.hex_id(h): ids for h, ids in attackers_around(content, state, target).items()
                if all(content.counter(u).side == COMBAT[state.phase] for u in ids)}

    def mandated_hold(self, content: Content, state: GameState, defender_hex: str) -> tuple[tuple[str, str], ...]:
        """This game has no Hold or Retreat choice before combat: nothing to mandate."""
        return ()

    def overrun_routes(self, content: Content, state: GameState, unit_ids) -> dict:
        """For one moving unit, each hex next to it it may overrun now, at the MP it costs (1.7)."""
        return overrun_routes(content, state, tuple(unit_ids))


def battle_line(content: Content, battle: dict) -> str:
    """"Attack on B17.06 by 915 Inf Rgt at 1:1: rolled 35, A1D1"."""
    text = f"{battle['kind'].capitalize()} on {battle['defender_hex']} by {names(content, battle['attackers'])}"
    if battle.get("result"):
        text += f" at {battle['column']}: rolled {battle['dice']}, {battle['result']} ({RESULTS.words(battle['result'])})"
    return text


def describe(content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
    """A pending combat Decision in the player's words, its answers sorted into buttons and picks."""
    kind, side, data = decision["kind"], decision["side"], decision["data"]
    battle = data["battle"]
    where = battle["defender_hex"]
    lines = [battle_line(content, battle)]
    buttons: list[Answer] = []
    picks: list[Answer] = []
    prompt = ""
    if kind == DEFEND_AIR:
        left = rules_data(state).air_points
        title = f"US player: spend Air Points for the defense of {where}?"
        lines.append(f"Each Air Point is one column left for the attack (3.2b). {left} left this turn.")
        for a in answers:
            n = a.to_dict()["points"]
            s = "s" if n > 1 else ""
            buttons.append(Answer(f"Spend {n} Air Point{s} ({n} column{s} left)" if n else "Spend none", a))
    elif kind == LOSS:
        role = data["role"]
        owed = battle["defender_losses" if role == "defender" else "attacker_losses"]
        title = f"{side} player: the {role} loses {owed} more step{'s' if owed != 1 else ''}"
        lines.append("Choose the unit that takes the next step (1.4; the owner chooses, SCS, provisional).")
        for a in answers:
            uid = a.to_dict()["unit"]
            label = f"{content.counter(uid).name} {current_values(content, state, uid)}: {step_fate(content, state, uid)}"
            buttons.append(Answer(label, a, units=(uid,)))
    elif kind == RETREAT:
        hexes = battle["retreat"]
        title = f"{side} player: the defender in {where} retreats {hexes} hex{'es' if hexes != 1 else ''}"
        lines.append("Each hex farther from the combat; an enemy ZOC hex entered costs a step, and so does each hex "
                     "short (SCS, provisional).")
        b = Battle.from_data({**battle, "defender_hex": content.map.parse(where)})
        units = retreating(state, b)
        open_routes = retreat_routes(content, state, units, b.defender_hex, hexes)
        routes = {tuple(content.map.hex_id(h) for h in r.path): r for r in open_routes}
        for a in answers:
            path = tuple(a.to_dict()["path"])
            cost = route_words(content, routes[path]) if path in routes else ""
            if not path:
                buttons.append(Answer(f"No retreat open: stay and lose {hexes} step{'s' if hexes != 1 else ''}", a, units=units))
                continue
            via = f" via {ROUTE_ARROW.join(path[:-1])}" if len(path) > 1 else ""
            picks.append(Answer(f"Retreat to {path[-1]}{via}" + (f" ({cost})" if cost else ""), a, path[-1], (where, *path), units))
        picks.sort(key=lambda p: (content.map.numbering.index(content.map.parse(p.hex)), p.route))
        prompt = "Pick the hex where the retreat ends"
    else:
        title = f"{side} player: advance after combat into {where}, or stay"
        lines.append("No unit advances beyond the defender's hex (1.9); at most 6 steps in the hex (1.3).")
        for a in answers:
            units = tuple(a.to_dict()["units"])
            if not units:
                buttons.append(Answer("No further advance" if battle.get("advanced") else "No advance", a))
                continue
            start = content.map.hex_id(state.units[units[0]].hex)
            picks.append(Answer(f"Advance {names(content, units)} into {where}", a, where, (start, where), units))
        picks.sort(key=lambda p: -len(p.units))  # the whole group first
        prompt = "Pick (or drag a counter to) the defender's hex to advance"
    return DecisionView(kind, side, decision["rule"], title, tuple(lines), tuple(buttons), tuple(picks), prompt if picks else "")

