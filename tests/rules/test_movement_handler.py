"""The MoveUnits action under the rules: checked routes, what a move records, DG from Traffic
Jams and rubber boats, the log's reasons, free moves (checklist D 30-40; 3.1, 3.4, 3.5, 4.2)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.system import Movement
from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import RoadLink
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.moveunits import move_choices, move_units
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.test_movement import Table
from tests.rules.test_movement_turns import jammed_track, our_river


def apply(table: Table, action: MoveUnits, **game):
    content, state = table.game(**game)
    return move_units(content, state, action)


def test_a_move_takes_the_cheapest_route_and_records_what_it_spent():
    table = Table().terrain("A3.03", "woods").road("A3.01", "A4.01", "A4.02", "A3.03", kind="track").unit("u", "A3.01", "3-3-10", ma="mech")
    outcome = apply(table, MoveUnits(("u",), "A3.03"))
    state = outcome.state
    assert state.units["u"].hex == table.hex("A3.03")
    record = rules_data(state).record
    assert record.spent["u"] == 12 and "u" in record.moved  # Track 2 + 2 + 2 = 6 MP, in half MPs
    assert outcome.log[0].text.endswith("A3.01 to A3.03: 6 MP")
    assert outcome.changes.units == {"u"} and outcome.changes.hexes == {table.hex("A3.01"), table.hex("A3.03")}


def test_a_stack_moves_together_and_each_unit_records_its_own_column():
    table = Table().terrain("A3.03", "woods").unit("leg", "A3.02", "3-5-10").unit("mech", "A3.02", "3-3-12", ma="mech")
    state = apply(table, MoveUnits(("leg", "mech"), "A3.03")).state
    assert rules_data(state).record.spent == {"leg": 4, "mech": 12}  # Woods: Leg 2, Mech 6
    assert state.units_at(table.hex("A3.03")) == ["leg", "mech"]


def test_a_given_path_is_followed_and_checked():
    table = Table().unit("u", "A3.01")
    state = apply(table, MoveUnits(("u",), "A3.03", ("A3.01", "A4.01", "A4.02", "A3.03"))).state
    assert rules_data(state).record.spent["u"] == 12
    with pytest.raises(Refused, match="not adjacent"):
        apply(table, MoveUnits(("u",), "A3.03", ("A3.01", "A3.03")))
    with pytest.raises(Refused, match="ends in A4.02"):
        apply(table, MoveUnits(("u",), "A3.03", ("A4.01", "A4.02")))


@pytest.mark.parametrize(
    "table, to, reason, rule",
    [
        (Table().unit("u", "A1.00", "3-5-4"), "A1.03", "needs 6 MP; the units have 4 MP left", "TEC; 3.4"),
        (Table().unit("u", "A1.00").unit("e", "A1.01", side="German"), "A1.01", "enemy-occupied", "SCS movement"),
        (Table().terrain("A1.01", "forest").unit("u", "A1.00", ma="mech"), "A1.01", "no legal route", "TEC"),
        (Table().unit("u", "A1.00"), "A1.00", "already in A1.00", ""),
    ],
)
def test_refusals_say_why(table, to, reason, rule):
    with pytest.raises(Refused) as info:
        apply(table, MoveUnits(("u",), to))
    assert reason in info.value.reason and info.value.rule == rule


def test_spent_mps_carry_over_to_the_next_move():
    table = Table().road("A1.00", "A1.01", "A1.02", "A1.03").unit("u", "A1.00", "3-5-2")
    state = apply(table, MoveUnits(("u",), "A1.01")).state
    content, _ = table.game()
    state = move_units(content, state, MoveUnits(("u",), "A1.02")).state
    with pytest.raises(Refused, match="no MPs left"):
        move_units(content, state, MoveUnits(("u",), "A1.03"))


def test_the_log_lists_every_extra_cost_with_its_rule():
    table = Table().side("B2.03", "B3.04", "stream").unit("u", "B2.03").unit("e", "B3.03", side="German")
    line = apply(table, MoveUnits(("u",), "B3.04"), markers={"B3.04": ["Allied:full"]}).log[0]
    assert line.text.endswith("B2.03 to B3.04: 5 MP")
    assert line.reasons == (
        "route B2.03 - B3.04",
        "B3.04: +1 MP Stream (TEC)",
        "B3.04: +1 MP entering a friendly barrage marker's hex (3.5 Blue-on-Blue; TEC note 4)",
        "B3.04: +1 MP Moving Adjacently (from next to an enemy to next to an enemy) (TEC note 3; 1.2)",
    )


def test_entering_an_enemy_barrage_hex_is_recorded():
    table = Table().unit("u", "A3.02")
    state = apply(table, MoveUnits(("u",), "A3.03"), markers={"A3.03": ["German:full"]}).state
    assert "u" in rules_data(state).record.in_enemy_barrage


def test_item9_a_traffic_jam_makes_the_stack_dg():
    outcome = apply(jammed_track(), MoveUnits(("u",), "B4.02"), phase="ge_movement", turn=1)
    assert outcome.state.units["u"].dg
    assert rules_data(outcome.state).record.spent["u"] == 8
    assert outcome.log[1].reasons == ("3.1 Traffic Jams", "3.4")


def test_item38_the_rubber_boat_crossing_removes_dg():
    outcome = apply(our_river(dg=True), MoveUnits(("u",), "A4.02"), phase="ge_movement", turn=1)
    assert not outcome.state.units["u"].dg
    assert outcome.log[1].reasons == ("4.2",)


def test_units_that_cannot_move_are_refused():
    with pytest.raises(Refused) as info:
        apply(Table().unit("u", "A3.02"), MoveUnits(("u",), "A3.03"), record=PhaseRecord(fired=frozenset({"u"})))
    assert info.value.rule == "3.6"


def test_move_choices_list_each_stack_and_each_of_its_units():
    table = Table().unit("a", "A3.02", "3-5-2").unit("b", "A3.02", "3-5-2").unit("e", "B6.06", side="German")
    content, state = table.game()
    families = move_choices(content, state)
    assert [f.label for f in families] == ["move a, b", "move a", "move b"]
    assert MoveUnits(("a", "b"), "A3.03") in families[0].actions()


def test_the_ruleset_applies_checked_moves_and_leaves_free_moves_unchecked():
    table = Table().unit("u", "A1.00", "3-5-2")
    content, state = table.game()
    ruleset = Ardennes2()
    with pytest.raises(Refused):
        ruleset.apply(content, state, MoveUnits(("u",), "B6.06"))
    far = ruleset.apply(content, state, MoveUnits(("u",), "B6.06", free=True)).state
    assert far.units["u"].hex == table.hex("B6.06") and not rules_data(far).record.moved
    moves = ruleset.capability(Movement)
    assert moves.legal_moves(content, state, ("u",)) == {"A1.01": 2, "A2.00": 2}
    assert [s.hex for s in moves.path(content, state, ("u",), "A1.01")] == ["A1.00", "A1.01"]


# --- what a move sets off: Bug Outs (3.6) and captured plungers (3.8) -----------------------------------


def gun_line() -> Table:
    """US artillery at B3.03 on a Road running 8 hexes west to A1.03 and off the west edge (its
    Bug Out destinations); a German Pz Bn at B5.03."""
    table = Table().road("B3.03", "B2.03", "B1.03", "A6.03", "A5.03", "A4.03", "A3.03", "A2.03", "A1.03")
    table.map.roads[Hexside.of(table.hex("A1.03"), Direction.NW)] = RoadLink("road")
    table.map.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    return table.unit("guns", "B3.03", "[9]-1-16", ma="mech").unit("pz", "B5.03", "5-3-12", side="German", ma="mech")


@pytest.mark.parametrize(
    "path, bug_out",
    [
        (("B4.03", "B4.04", "B4.05"), True),  # past the guns: B4.03 is next to B3.03
        (("B5.04", "B5.05", "B4.05"), False),  # never next to them
    ],
)
def test_item67_artillery_bugs_out_when_an_enemy_passes_next_to_it(path, bug_out):
    outcome = apply(gun_line(), MoveUnits(("pz",), "B4.05", path), phase="ge_movement")
    pending = rules_data(outcome.state).pending
    assert [d.kind for d in pending] == (["bug_out"] if bug_out else [])
    if bug_out:
        assert pending[0].data["artillery"] == "guns"
        assert "3.6" in outcome.log[1].reasons[0]


def test_item82_germans_entering_a_plunger_hex_mark_its_bridges_tested():
    table = Table().side("A3.02", "A3.03", "stream").road("A3.01", "A3.02", "A3.03").bridge("A3.02", "A3.03", plunger="A3.01")
    table.unit("g", "A3.00", "5-3-12", side="German", ma="mech")
    state = apply(table, MoveUnits(("g",), "A3.01"), phase="ge_movement").state
    assert rules_data(state).bridges == {"A3.01": "tested"}
