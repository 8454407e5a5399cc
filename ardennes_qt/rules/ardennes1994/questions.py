"""What the table asks The Ardennes (1994) besides the legal actions, one capability at a time
(``core.system``): each answer with its reasons and rules, in printed hex ids.
"""

from __future__ import annotations

import inspect

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.map_markers import CONTROL, MapMarker
from ardennes_qt.core.planning import VpLevel, VpTrack
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Answer, DecisionView
from ardennes_qt.core.tableset import table_part
from ardennes_qt.rules.ardennes1994 import arrivals, combat_questions, estimates
from ardennes_qt.rules.ardennes1994.barrage_loss import BARRAGE_LOSS, loss_words
from ardennes_qt.rules.ardennes1994.barrage_questions import BarrageQuestions
from ardennes_qt.rules.ardennes1994.overlays import Ardennes1994Overlays
from ardennes_qt.rules.ardennes1994.movement_words import MOVEMENT_DECISIONS, movement_decision_view
from ardennes_qt.rules.ardennes1994.moveunits import MovementQuestions
from ardennes_qt.rules.ardennes1994.arrival_time import due_units
from ardennes_qt.rules.ardennes1994.phases import GAME_OVER, MOVEMENT, SETUP
from ardennes_qt.rules.ardennes1994.setup import DUMMY_DUMP
from ardennes_qt.rules.ardennes1994.situation import current_values, rules_data
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table
from ardennes_qt.rules.ardennes1994.victory import OPTIONS, city_hexes, city_values, controller, german_vp, level_for, scored_by_city_vp, victory_status


def printed(value, hex_id):
    """A Decision's data in printed words: hexes as their ids."""
    if isinstance(value, Hex):
        return hex_id(value)
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: printed(v, hex_id) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return tuple(printed(v, hex_id) for v in value)
    return value


class VictoryQuestions:
    def victory_status(self, content: Content, state: GameState):
        return victory_status(content, state)

    def vp_track(self, content: Content, state: GameState) -> VpTrack | None:
        """4.2: the German VP of the cities held at each turn's end, now and at their greatest, and
        the level they mean; None where a scenario is won otherwise (5.1 exits, 5.2 two towns)."""
        if not scored_by_city_vp(content):
            return None
        report = victory_status(content, state)
        vp, _ = german_vp(content, state)
        by_turn = tuple(sorted(rules_data(state).vp_by_turn.items()))
        greatest = max(by_turn, key=lambda tv: (tv[1], -tv[0])) if by_turn else None
        levels = scale(content)
        why = provisional_reason("victory", "cities")
        return VpTrack(
            kind="vp", rule="4.2", turn=min(state.turn, content.scenario.last_turn),
            first_turn=content.scenario.first_turn, last_turn=content.scenario.last_turn, current=vp,
            greatest=greatest[1] if greatest else None, greatest_turn=greatest[0] if greatest else None,
            by_turn=by_turn, result=report.result, winner=report.winner,
            final=state.phase == GAME_OVER, levels=levels, reasons=report.reasons,
            provisional_note="≈ the cities and their VP are not printed in the rules: estimated" if why else "",
            provisional=((table_part("victory", "cities"), why),) if why else (),
            judged_on="end",
        )


def scale(content: Content) -> tuple[VpLevel, ...]:
    """4.2's levels as this scenario reads them, highest first: each band's least total with the
    result it gives here (5.4 and 5.5 shift each one level toward the Germans, so two bands may
    give the same result: they are one band, from the lower least total)."""
    bands: list[VpLevel] = []
    for lv in table("victory")["levels"]["schedule"]:
        least = lv.get("min")
        result, winner, _ = level_for(least if least is not None else -1, content.scenario.id)
        if bands and bands[-1].result == result:
            bands[-1] = VpLevel(least, result, winner)
        else:
            bands.append(VpLevel(least, result, winner))
    return tuple(bands)


class PlacementQuestions:
    def placement_hexes(self, content: Content, state: GameState, unit_ids) -> list[str]:
        """Where units waiting to be placed may go now: at the Set-Up, with or next to the
        printed set-up (5.x); in their side's Movement Phase, their entry area (OOA)."""
        ids = tuple(unit_ids)
        if not ids:
            return []
        hex_id = content.map.hex_id
        if state.phase == SETUP and set(ids) <= set(arrivals.waiting_at_start(content, state)):
            common = set.intersection(*(set(arrivals.start_hexes(content, state, u)) for u in ids))
        elif state.phase in MOVEMENT and set(ids) <= set(due_units(content, state)):
            common = set.intersection(*(set(arrivals.entry_hexes(content, state, u)) for u in ids))
        else:
            return []
        return [hex_id(h) for h in sorted(common, key=content.map.numbering.index)]


class MarkerQuestions:
    def map_markers(self, content: Content, state: GameState) -> list[MapMarker]:
        """Who controls each victory city (4.2), with its VP."""
        values = city_values(content)
        out = []
        for h, name in sorted(city_hexes(content).items(), key=lambda kv: content.map.numbering.index(kv[0])):
            side = controller(content, state, h)
            out.append(MapMarker(CONTROL, content.map.hex_id(h), side, str(values[name]),
                                 f"{name}: {values[name]} VP, {side}-controlled (4.2; ≈ value estimated)"))
        return out


class DecisionQuestions:
    def pending_decision(self, content: Content, state: GameState) -> dict | None:
        pending = rules_data(state).pending
        if not pending:
            return None
        d = pending[0]
        return {"kind": d.kind, "side": d.side, "rule": d.rule, "data": printed(dict(d.data), content.map.hex_id)}

    def describe(self, content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
        """The Decision in the player's words; each answer named by what it does."""
        kind, side = decision["kind"], decision["side"]
        if kind == "victory_option":
            buttons = tuple(Answer(OPTIONS.get(a.option, "No option: VP levels only"), a) for a in answers)
            return DecisionView(kind, side, decision["rule"], "German player: choose your victory option, in secret",
                                ("Antwerp or Paris: exit 60 attack points and a Supply Unit; Liège: take and hold every "
                                 "city hex of Liège. Fulfilled, it is a Massive German Victory (4.1).",), buttons, ())
        if kind == BARRAGE_LOSS:
            data = decision["data"]
            buttons = tuple(Answer(loss_words(content, state, a.unit), a) for a in answers)
            return DecisionView(kind, side, decision["rule"],
                                f"{side} player: choose who takes {data['steps']} step loss(es) from the barrage of {data['hex']}",
                                ("The stack is DG'd; it also loses steps, and you choose which unit takes each one: the first "
                                 "loss flips a unit, a one-step unit dies (1.4). Supply Units and Hidden Greif Teams take "
                                 "none (2.4, 2.1bB).",), buttons, ())
        if kind == DUMMY_DUMP:
            data = decision["data"]
            names = dict(zip(data["hexes"], data["names"]))
            picks = tuple(Answer(f"{names[a.to]} ({a.to})" if names.get(a.to) else a.to, a, a.to) for a in answers)
            return DecisionView(kind, side, decision["rule"], f"US player: choose in secret the dummy dump of Set {data['set']}",
                                ("Each set of hexes has two real dumps and one dummy. Both supply US units alike; when a "
                                 "German unit enters, a real dump becomes German and a dummy is removed (3.3, 3.3a). The "
                                 "German player is not told which you chose.",), (), picks,
                                "Pick the dummy's hex on the map, or one below")
        if kind in combat_questions.KINDS:
            return combat_questions.describe(content, state, decision, answers)
        if kind in MOVEMENT_DECISIONS:
            return movement_decision_view(content, state, decision, answers)
        buttons, picks = [], []
        for a in answers:
            fields = a.to_dict()
            text = a.describe()
            text = text[:1].upper() + text[1:]
            if "to" in fields and fields.get("to"):
                picks.append(Answer(text, a, fields["to"], (), tuple(fields.get("units", ()))))
            else:
                buttons.append(Answer(text, a))
        title = f"{side} player: {kind.replace('_', ' ')}"
        return DecisionView(kind, side, decision["rule"], title, (), tuple(buttons), tuple(picks),
                            "Pick a highlighted hex on the map, or one below" if picks else "")


class EstimateQuestions:
    def estimate_reasons(self) -> dict[str, str]:
        """Why each kind of estimated counter value is what it is (estimates.py)."""
        doc = " ".join(inspect.getdoc(estimates).split("\n\n")[0].split())
        table_reason = provisional_reason("estimates")
        words = f"{doc} {table_reason}".strip()
        return {name: words for name in ("full", "reduced", "steps", "ma_type")}


class FaceQuestions:
    def values_showing(self, content: Content, state: GameState, unit_id: str):
        """1.10a, 2.3: an artillery unit's or engineer's mode side; else front or back (1.4)."""
        return current_values(content, state, unit_id)

    def statuses(self, content: Content, state: GameState, unit_id: str) -> frozenset[str]:
        """DG and out of supply (on the unit), a Reserve marker (1.8), a Greif Team still Hidden (2.1bB)."""
        u = state.units[unit_id]
        data = rules_data(state)
        return frozenset(u.statuses | ({"dg"} if u.dg else set()) | ({"reserve"} if unit_id in data.reserves else set())
                         | ({"hidden"} if unit_id in data.hidden else set()))


CAPABILITIES: dict[type, object] = {
    capabilities.CounterFaces: FaceQuestions(),
    capabilities.Victory: VictoryQuestions(),
    capabilities.Placement: PlacementQuestions(),
    capabilities.Markers: MarkerQuestions(),
    capabilities.Decisions: DecisionQuestions(),
    capabilities.Estimates: EstimateQuestions(),
    capabilities.Barrage: BarrageQuestions(),
    capabilities.BarrageTogether: BarrageQuestions(),
    capabilities.Odds: combat_questions.OddsQuestions(),
    capabilities.Overlays: Ardennes1994Overlays(),
    capabilities.Movement: MovementQuestions(),
}
