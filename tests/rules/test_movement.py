"""Movement costs and legal destinations on small hand-built maps (checklist D 30-40; TEC; 1.3,
3.1, 3.4-3.6, 4.2).  ``Table`` builds a board hex by hex; other movement, ZOC and bridge tests
use it too."""

from __future__ import annotations

import pytest

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge, HexRecord, HexsideRecord, MapData, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Bounds, Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Counter, Formation, Values
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data, PhaseRecord
from ardennes_qt.rules.ardennes2.movement import legal_moves, move_refusal, path

SHEETS = ScsSheets(sheets=("A", "B"), columns=6, first_row=0, last_row=6)
DATES = {1: "16 Dec 44", 2: "17 Dec 44", 3: "18 Dec 44", 4: "19 Dec 44"}


class Table:
    """A small board: terrain, hexsides, roads, bridges, units, markers, then ``game()``."""

    def __init__(self, bounds: tuple[Bounds, ...] = (), maps: tuple[str, ...] = ("A", "B")) -> None:
        self.map = MapData("t", "test map", SHEETS)
        self.counters: dict[str, Counter] = {}
        self.formations = {
            "US": Formation("US", "1 Inf Div", "Allied", "US", "#000000"),
            "GE": Formation("GE", "1 Pz Div", "German", "Wehrmacht", "#000000"),
            "2Pz": Formation("2Pz", "2 Pz Div", "German", "Wehrmacht", "#000000"),
        }
        self.units: dict[str, UnitState] = {}
        self.bounds = bounds
        self.maps = maps
        self.blown_at_start: tuple = ()

    def hex(self, hex_id: str):
        return self.map.parse(hex_id)

    def terrain(self, hex_id: str, *names: str) -> Table:
        self.map.hexes[self.hex(hex_id)] = HexRecord(frozenset(names))
        return self

    def side(self, a: str, b: str, *features: str, name: str = "") -> Table:
        self.map.hexsides[Hexside.between(self.hex(a), self.hex(b))] = HexsideRecord(frozenset(features), name)
        return self

    def road(self, *hex_ids: str, kind: str = "road") -> Table:
        for a, b in zip(hex_ids, hex_ids[1:]):
            self.map.roads[Hexside.between(self.hex(a), self.hex(b))] = RoadLink(kind)
        return self

    def bridge(self, a: str, b: str, built: str = "", plunger: str = "") -> Table:
        self.map.bridges[Hexside.between(self.hex(a), self.hex(b))] = Bridge(built, plunger)
        if plunger:
            self.map.plungers[plunger] = self.hex(plunger)
        return self

    def unit(
        self,
        uid: str,
        hex_id: str,
        values: str = "3-5-10",
        side: str = "Allied",
        ma: str = "leg",
        unit_type: str = "Inf Bn",
        formation: str = "",
        steps: int = 2,
        dg: bool = False,
        exploit: bool = False,
        left: int | None = None,
    ) -> Table:
        """A counter in a hex; ``left`` steps remain (default: all of them)."""
        full = Values.parse(values)
        self.counters[uid] = Counter(
            uid, side, "US" if side == "Allied" else "Wehrmacht", formation or ("US" if side == "Allied" else "GE"),
            uid, unit_type, full, full if steps > 1 else None, 1 if full.is_artillery else steps, ma, exploit,
        )
        steps_left = self.counters[uid].steps if left is None else left
        self.units[uid] = UnitState("map", self.hex(hex_id), steps_left, dg, len(self.units))
        return self

    def content(self) -> Content:
        scenario = Scenario(
            "ardennes2", "t", "Test", 1, 4, dict(DATES), self.maps, self.bounds, blown_bridges=self.blown_at_start
        )
        return Content(self.map, self.formations, self.counters, scenario)

    def game(self, phase: str = "us_movement", turn: int = 3, markers=None, record: PhaseRecord | None = None, **rules):
        content = self.content()
        data = Ardennes2Data(record=record or PhaseRecord(), **rules)
        state = GameState("ardennes2/t", 1, turn, phase, units=self.units, next_order=len(self.units),
                          markers={self.hex(h): tuple(m) for h, m in (markers or {}).items()}, rules=data)
        return content, state


def moves(table: Table, uids, **game) -> dict[str, float]:
    content, state = table.game(**game)
    return legal_moves(content, state, tuple(uids) if not isinstance(uids, str) else (uids,))


def route(table: Table, uids, hex_id: str, **game):
    content, state = table.game(**game)
    return path(content, state, tuple(uids) if not isinstance(uids, str) else (uids,), hex_id)


# --- TEC hex and hexside costs (items 2, 3, 4, 30) -------------------------------------------------


@pytest.mark.parametrize(
    "terrain, ma, mp",
    [
        ((), "leg", 2),
        ((), "mech", 3),
        (("woods",), "leg", 2),
        (("woods",), "mech", 6),
        (("forest",), "leg", 3),
        (("forest",), "mech", None),
        (("marsh",), "mech", None),
        (("slope",), "leg", 3),
        (("city",), "leg", 1),
        (("city",), "mech", 2),
        (("village",), "mech", 3),  # "ot": the other terrain, here Open
        (("city", "woods"), "mech", 6),  # 1.3a: the single greatest cost
        (("west_wall", "woods"), "leg", 2),
    ],
)
def test_item2_hex_terrain_costs_by_ma_type(terrain, ma, mp):
    table = Table().terrain("A3.03", *terrain).unit("u", "A3.02", "3-3-14", ma=ma)
    assert moves(table, "u").get("A3.03") == mp


@pytest.mark.parametrize(
    "feature, ma, mp",
    [
        ("stream", "leg", 3),
        ("stream", "mech", 5),
        ("river", "leg", 4),
        ("river", "mech", None),
        ("meuse", "leg", None),
        ("sea", "leg", None),
        ("border", "mech", 3),
    ],
)
def test_item3_hexside_costs_are_added_to_the_hex(feature, ma, mp):
    table = Table().side("A3.02", "A3.03", feature).unit("u", "A3.02", "3-3-14", ma=ma)
    direct = [s.hex for s in route(table, "u", "A3.03")] == ["A3.02", "A3.03"]
    assert direct == (mp is not None)
    if direct:
        assert moves(table, "u")["A3.03"] == mp


@pytest.mark.parametrize(
    "kind, ma, mp",
    [("road", "leg", 1), ("road", "mech", 0.5), ("track", "leg", 1), ("track", "mech", 2)],
)
def test_item5_roads_and_tracks_ignore_other_terrain(kind, ma, mp):
    table = (
        Table().terrain("A3.03", "forest").side("A3.02", "A3.03", "stream").bridge("A3.02", "A3.03")
        .road("A3.02", "A3.03", kind=kind).unit("u", "A3.02", "3-3-14", ma=ma)
    )
    assert moves(table, "u")["A3.03"] == mp


def test_item6_road_over_an_unbridged_stream_into_woods_costs_a_mech_unit_8_mp():
    """1.3: the road rate to the near hex, +2 for the Stream, 6 for the far hex's Woods."""
    table = (
        Table().terrain("A3.03", "woods").side("A3.02", "A3.03", "stream", name="Test Creek")
        .road("A3.01", "A3.02", "A3.03", "A3.04").unit("u", "A3.01", "3-3-14", ma="mech")
    )
    steps = route(table, "u", "A3.04")
    assert [(s.hex, s.mp) for s in steps] == [("A3.01", 0), ("A3.02", 0.5), ("A3.03", 8.5), ("A3.04", 9)]
    assert [r[0] for r in steps[2].reasons if r[0]] == [2, 6]
    assert "Stream (Test Creek)" in [r[1] for r in steps[2].reasons]


def test_item6_the_road_does_not_negate_a_prohibited_far_hex():
    table = (
        Table().terrain("A3.03", "forest").side("A3.02", "A3.03", "stream")
        .road("A3.02", "A3.03").unit("u", "A3.02", "3-3-14", ma="mech")
    )
    assert "A3.03" not in moves(table, "u")


@pytest.mark.parametrize("bridged, hexes, mp", [(False, ["A3.02", "A4.02", "A3.03"], 6), (True, ["A3.02", "A3.03"], 0.5)])
def test_item6_no_road_across_a_river_for_mech_without_a_bridge(bridged, hexes, mp):
    table = Table().side("A3.02", "A3.03", "river").road("A3.02", "A3.03").unit("u", "A3.02", "3-3-14", ma="mech")
    if bridged:
        table.bridge("A3.02", "A3.03")
    steps = route(table, "u", "A3.03")
    assert ([s.hex for s in steps], steps[-1].mp) == (hexes, mp)


# --- the board: enemies, ZOC Bonds, barrage markers (items 31-33) ------------------------------------


def test_item31_moving_adjacently_costs_one_more_mp():
    # B2.03 is next to the enemy in B3.03, and so is B3.04; B1.03 is not.
    table = Table().unit("u", "B2.03").unit("e", "B3.03", side="German")
    content, state = table.game()
    steps = path(content, state, ("u",), "B3.04")
    assert steps[-1].mp == 3
    assert (1, "Moving Adjacently (from next to an enemy to next to an enemy)", "TEC note 3; 1.2") in steps[-1].reasons
    assert legal_moves(content, state, ("u",))["B1.03"] == 2


def test_item31_moving_away_or_towards_costs_nothing_extra():
    table = Table().unit("u", "B1.03").unit("e", "B3.03", side="German")
    assert moves(table, "u")["B2.03"] == 2


def test_enemy_occupied_hexes_cannot_be_entered():
    table = Table().unit("u", "B2.03").unit("e", "B3.03", side="German")
    assert "B3.03" not in moves(table, "u")


@pytest.mark.parametrize(
    "markers, into, mp",
    [
        ({"A3.03": ["German:full"]}, "A3.03", 4),  # enemy Full: +2 to enter
        ({"A3.03": ["German:full", "German:full"]}, "A3.03", 6),  # two or more: +4
        ({"A3.02": ["German:full"]}, "A3.03", 4),  # +2 to leave
        ({"A3.02": ["German:full"], "A3.03": ["German:full"]}, "A3.03", 6),  # both: pay twice
        ({"A3.03": ["Allied:full", "Allied:full"]}, "A3.03", 3),  # friendly: +1 to enter, however many
        ({"A3.02": ["Allied:full"]}, "A3.03", 2),  # friendly: nothing to leave
        ({"A3.03": ["German:half"]}, "A3.03", 2),  # Half markers act only once reconciled
    ],
)
def test_item33_barrage_markers_in_movement(markers, into, mp):
    table = Table().unit("u", "A3.02")
    assert moves(table, "u", markers=markers)[into] == mp


# --- the stack: DG, artillery, phase, exploitation (items 34-37, 40) -----------------------------------


def test_item34_dg_halves_the_ma_and_spent_mps_are_not_prorated():
    table = Table().road("A1.00", "A1.01", "A1.02", "A1.03", "A1.04", "A1.05", "A1.06").unit("u", "A1.00", "3-5-10", dg=True)
    reach = moves(table, "u")
    assert reach["A1.05"] == 5 and "A1.06" not in reach  # MA 10 halved to 5
    record = PhaseRecord(spent={"u": 8})  # 4 MP spent before the DG: 1 MP left of the 5
    assert moves(table, "u", record=record) == {"A1.01": 1}
    record = PhaseRecord(spent={"u": 10})
    assert moves(table, "u", record=record) == {}


def test_item36_artillery_may_not_enter_a_hex_next_to_an_enemy():
    table = Table().unit("art", "B1.03", "[9]-1-16", ma="mech").unit("e", "B3.03", side="German")
    reach = moves(table, "art")
    assert "B2.03" not in reach and "B2.02" not in reach and reach["B2.04"] == 6


@pytest.mark.parametrize(
    "record, rule",
    [
        (PhaseRecord(spotters=frozenset({"u"})), "3.5"),
        (PhaseRecord(fired=frozenset({"u"})), "3.6"),
        (PhaseRecord(stopped=frozenset({"u"})), "3.8"),
    ],
)
def test_item40_spotters_firing_artillery_and_stopped_units_cannot_move(record, rule):
    content, state = Table().unit("u", "A3.02").game(record=record)
    assert move_refusal(content, state, ("u",)).rule == rule
    assert legal_moves(content, state, ("u",)) == {}


@pytest.mark.parametrize(
    "phase, moves_now",
    [("us_movement", True), ("us_exploitation", False), ("ge_movement", False), ("us_combat", False), ("us_barrage", False)],
)
def test_only_the_phasing_side_moves_in_its_movement_phase(phase, moves_now):
    content, state = Table().unit("u", "A3.02").game(phase=phase)
    assert (move_refusal(content, state, ("u",)) is None) == moves_now


@pytest.mark.parametrize(
    "kw, record, turn, rule",
    [
        ({"exploit": True}, PhaseRecord(), 3, None),
        ({}, PhaseRecord(), 3, "1.2"),  # no yellow banner
        ({"exploit": True, "dg": True}, PhaseRecord(), 3, "3.4"),
        ({"exploit": True}, PhaseRecord(started_adjacent=frozenset({"g"})), 3, "1.2"),
        ({"exploit": True}, PhaseRecord(in_enemy_barrage=frozenset({"g"})), 3, "3.5"),
        ({"exploit": True}, PhaseRecord(), 1, "4.3"),  # Start-Line Confusion
    ],
)
def test_item37_exploitation_needs_exploit_capability(kw, record, turn, rule):
    table = Table().unit("g", "B4.03", "5-3-12", side="German", ma="mech", **kw)
    content, state = table.game(phase="ge_exploitation", record=record, turn=turn)
    refusal = move_refusal(content, state, ("g",))
    assert (refusal.rule if refusal else None) == rule


def test_an_exploiting_stack_stops_in_an_enemy_barrage_hex():
    table = Table().road("B4.03", "B4.04", "B4.05").unit("g", "B4.03", "5-3-12", side="German", ma="mech", exploit=True)
    barrage = {"B4.04": ["Allied:full"]}
    assert moves(table, "g", phase="ge_exploitation", markers=barrage)["B4.04"] == 2.5  # Road 1/2, +2 to enter
    steps = route(table, "g", "B4.05", phase="ge_exploitation", markers=barrage)
    assert "B4.04" not in [s.hex for s in steps]  # it would have to stop there: around it over Open
    steps = route(table, "g", "B4.05", phase="ge_movement", markers=barrage)
    assert [s.hex for s in steps] == ["B4.03", "B4.04", "B4.05"] and steps[-1].mp == 5  # 1/2 +2, +2 to leave +1/2


def test_units_from_two_hexes_or_sides_do_not_move_together():
    content, state = Table().unit("a", "A3.02").unit("b", "A3.03").game()
    assert "one hex" in move_refusal(content, state, ("a", "b")).reason


# --- a stack moving together (item 35) -----------------------------------------------------------------


def test_item35_a_mixed_stack_pays_both_columns_and_stays_within_each_allowance():
    # Leg 3-5-4 (MA 4): Woods cost it 2.  Mech 3-3-6 (MA 6): Woods cost it 6.
    table = Table().terrain("A3.03", "woods").unit("leg", "A3.02", "3-5-4").unit("mech", "A3.02", "3-3-6", ma="mech")
    together = moves(table, ("leg", "mech"))
    assert together["A3.03"] == 6  # the greater of Leg 2 and Mech 6
    assert "A3.04" not in together  # Mech has nothing left, though Leg would
    assert moves(table, "leg")["A3.04"] == 4


def test_item35_a_mixed_stack_finds_a_route_each_can_afford():
    # Two ways to A3.04: through Woods (Leg 2+2, Mech 6+3) or along a Track detour
    # (Leg 1+1+1, Mech 2+2+2).  Leg MA 4, Mech MA 7: only the Track detour fits both.
    table = (
        Table().terrain("A3.03", "woods").road("A3.02", "A4.02", "A4.03", "A3.04", kind="track")
        .unit("leg", "A3.02", "3-5-4").unit("mech", "A3.02", "3-3-7", ma="mech")
    )
    steps = route(table, ("leg", "mech"), "A3.04")
    assert [s.hex for s in steps] == ["A3.02", "A4.02", "A4.03", "A3.04"]
    assert steps[-1].mp == 6


# --- play area --------------------------------------------------------------------------------------------


def test_units_stay_inside_the_scenario_play_area():
    table = Table(bounds=(Bounds("A", min_row=2),), maps=("A",)).unit("u", "A3.02")
    reach = moves(table, "u")
    assert "A3.03" in reach and "A3.01" not in reach and not any(h.startswith("B") for h in reach)


def test_moved_units_keep_what_they_spent():
    table = Table().unit("u", "A1.00", "3-5-4")
    assert max(moves(table, "u", record=PhaseRecord(spent={"u": 4})).values()) == 2


def test_nothing_moves_while_a_decision_is_pending():
    from ardennes_qt.rules.ardennes2.a2state import Decision

    content, state = Table().unit("u", "A3.02").game(pending=(Decision("bug_out", "Allied", {}, "3.6"),))
    assert move_refusal(content, state, ("u",)).rule == "3.6"


def test_path_to_an_unreachable_hex_is_empty():
    assert route(Table().unit("u", "A1.00", "3-5-2"), "u", "B6.06") == []
    assert route(Table().unit("u", "A1.00"), "u", "Z9.99") == []
