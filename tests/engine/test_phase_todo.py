"""What is left to do in a phase, in the phase bar's words."""

from __future__ import annotations

from types import SimpleNamespace

from ardennes_qt.core.system import Choices
from ardennes_qt.engine import Session
from ardennes_qt.engine.phase_todo import left_to_do
from ardennes_qt.rules.ardennes2.actions import EndPhase

# The kinds the Ardennes II rules give their families, by the first word of their labels.
KINDS = {"end": "end_phase", "blow": "blow_bridge", "move": "move", "barrage": "barrage", "overrun": "overrun",
         "attack": "attack", "place": "place", "air": "air_strike"}


def family(label: str) -> Choices:
    """A family as the Ardennes II rules make it: its kind, and the units of a move or placement."""
    verb, _, rest = label.partition(" ")
    kind = "exit" if " leaves via " in label else KINDS[verb]
    units = tuple(rest.split(", ")) if kind in ("move", "place") else (rest.removeprefix("with "),) if kind == "barrage" else ()
    return Choices(label, "", list, kind, units=units)


def test_families_are_counted_by_kind_and_units_that_move_once_each():
    info = SimpleNamespace(pending=(), game_over=False)
    families = [family("end the phase"), family("blow a bridge"), family("move A, B"), family("move A"),
                family("move B"), family("move C"), family("barrage with G1"), family("overrun with A, B"),
                family("attack B1.16"), family("attack B2.16"), family("air strike"), family("X leaves via the west edge")]
    assert left_to_do(info, families) == [
        "3 units may move", "1 stack may overrun", "1 gun may barrage", "2 enemy hexes may be attacked",
        "1 unit may leave the map", "Air Strikes may fly",
    ]
    assert left_to_do(info, [family("end the phase")]) == []


def test_a_pending_decision_comes_before_anything_else():
    info = SimpleNamespace(pending=({"kind": "hold_or_retreat", "side": "Allied", "rule": "3.2"},), game_over=False)
    assert left_to_do(info, [family("move A")]) == ["the Allied player must decide: hold or retreat (3.2)"]


def test_the_german_movement_phase_of_the_campaign_offers_moves_barrages_and_overruns():
    session = Session.new("ardennes2/7.1", seed=1)
    session.apply(EndPhase())
    words = left_to_do(session.phase(), session.choices())
    assert words[0].endswith("units may move") and int(words[0].split()[0]) > 100
    assert any(w.endswith("guns may barrage") for w in words)


def test_reinforcements_are_counted_once_each_whether_placed_alone_or_stacked():
    info = SimpleNamespace(pending=(), game_over=False)
    families = [family("end the phase"), family("place 84ID:A/334"), family("place 84ID:B/334"),
                family("place 84ID:A/334, 84ID:B/334"), family("blow a bridge")]
    assert left_to_do(info, families) == ["2 units to place"]


def test_the_campaign_s_second_turn_names_each_reinforcement_to_place_once():
    session = Session.new("ardennes2/7.1", seed=1)
    while session.phase().phase != "reinforcements" or session.state.turn < 2:
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    due = session.phase().due_reinforcements
    assert len(due) > 1
    assert left_to_do(session.phase(), session.choices())[0] == f"{len(due)} units to place"


def test_a_1994_barrage_phase_counts_its_guns_once_however_many_hexes_each_may_hit():
    """The Ardennes (1994) offers a barrage family for each target hex, naming the guns that
    may fire at it (1.10bB), and US Air Points may strike any German hex (3.2a)."""
    from tests.rules.ardennes1994.barrage_board import position

    content, state = position("us_barrage_in_ge", air_points=3)
    session = Session(content, seed=1, initial=state)
    families = [f for f in session.choices() if f.kind == "barrage"]
    guns = {g for f in families for g in f.units}
    assert len(families) > len(guns) >= 1
    assert left_to_do(session.phase(), session.choices()) == [
        f"{len(guns)} gun{'s' if len(guns) != 1 else ''} may barrage", "Air Points may barrage"]
