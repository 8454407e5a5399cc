"""The Supply Phases of The Ardennes (1994) and blowing captured dumps (1.2, 2.5c, 2.5d, 3.4,
1.14; checklist items 21, 46-51), on the small supply board and on the shipped scenarios;
and the supply trace's step costs held to the TEC as movement prices them (TEC **, 1.5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Direction
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import BlowDump, EndPhase
from ardennes_qt.rules.ardennes1994.grid import board as trace_board
from ardennes_qt.rules.ardennes1994.grid import grid, rates
from ardennes_qt.rules.ardennes1994.grid import step_price as supply_step
from ardennes_qt.rules.ardennes1994.play import RULES
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.supply import OUT_OF_SUPPLY, out_of_supply
from ardennes_qt.rules.ardennes1994.supply_phase import supply_phase
from ardennes_qt.rules.ardennes1994.tables import MECH
from ardennes_qt.rules.ardennes1994.terrain import step_cost
from tests.rules.ardennes1994.board import set_up
from tests.rules.ardennes1994.supply_board import board


def test_german_supply_phase_marks_the_units_cut_off_and_clears_those_that_trace_again():
    """2.5c: units that trace are in supply, those that cannot are out of supply (1.14); each
    change is logged with its reasons; US units are not traced in the German phase."""
    units = {"GerSup:1": "B5.05", "18VG:293": "B11.05", "18VG:294": "B12.05", "2ID:9": "B25.05"}
    c, s = board(units, statuses={"18VG:293": (OUT_OF_SUPPLY,)}, phase="ge_supply")
    s, lines = supply_phase(c, s)
    assert not out_of_supply(s, "18VG:293")
    assert out_of_supply(s, "18VG:294")
    assert not out_of_supply(s, "2ID:9")  # not his phase: the US unit, far from any source, keeps its status
    texts = [line.text for line in lines]
    assert texts[0] == "German Supply Phase: 3 unit(s) traced, 1 out of supply"
    assert "294 Inf Rgt (18 VG Div) at B12.05 is out of supply" in texts
    assert "293 Inf Rgt (18 VG Div) at B11.05 is in supply again" in texts
    cut = next(line for line in lines if line.text.startswith("294"))
    assert any("(2.5a)" in r for r in cut.reasons) and any("(2.5b, 2.5d)" in r for r in cut.reasons)
    assert any("(1.14)" in r for r in cut.reasons)
    assert any(r.startswith("≈") and "provisional" in r for r in cut.reasons)


def test_us_supply_phase_traces_us_units_only_and_the_status_lasts_until_the_next_one():
    """3.4: the US Supply Phase traces US units; a German unit cut off keeps its status until
    the German's next Supply Phase."""
    units = {"2ID:9": "B20.05", "18VG:293": "B25.05"}
    c, s = board(units, statuses={"18VG:293": (OUT_OF_SUPPLY,)}, phase="us_supply")
    s, lines = supply_phase(c, s)
    assert out_of_supply(s, "2ID:9") and out_of_supply(s, "18VG:293")
    assert lines[0].text == "US Supply Phase: 1 unit(s) traced, 1 out of supply"


def test_exempt_units_are_never_marked():
    """2.1bE, 2.4: the Greif Team and the Supply Unit, far from everything, stay in supply."""
    c, s = board({"Ger-Greif:A": "B20.05", "GerSup:1": "B25.05"}, phase="ge_supply")
    s, _ = supply_phase(c, s)
    assert not out_of_supply(s, "Ger-Greif:A") and not out_of_supply(s, "GerSup:1")


# --- the shipped scenarios ------------------------------------------------------------------------


def _played_past(scenario: str, words: str) -> Session:
    """The scenario's opening position, set up, played by ending each phase (each Decision given
    its last answer) until the log has a line beginning with ``words``."""
    s = set_up(Session.new(f"ardennes1994/{scenario}", seed=1))
    while not any(e.text.startswith(words) for e in s.log()):
        waiting = s.ruleset.choices(s.content, s.state) if rules_data(s.state).pending else []
        s.apply(waiting[0].actions()[-1] if waiting else EndPhase())
    return s


def test_breakout_peipers_pocket_is_out_of_supply_in_the_first_german_supply_phase():
    """5.4 (Turn 6): KG Peiper at La Gleize (B48.31) and Cheneux (B47.32) is cut off - no 5-hex
    path to the Eastern Zone through the US ring, no Supply Unit within 10 MP - while the
    units at the German start line trace to the Eastern Zone (2.5a, 2.5c)."""
    s = _played_past("5.4", "German Supply Phase:")
    state, content = s.state, s.content
    assert all(out_of_supply(state, u) for u in ("1SS:Peiper-A", "1SS:Peiper-B", "1SS:Peiper-C"))
    assert content.map.hex_id(state.units["1SS:Peiper-C"].hex) == "B48.31"
    east = [u for u, x in state.units.items() if x.where == "map" and content.counter(u).side == "German"
            and "eastern_zone" in content.map.terrain(x.hex)]
    assert len(east) >= 5 and not any(out_of_supply(state, u) for u in east)


def test_peiper_scenario_us_units_trace_in_the_first_us_supply_phase():
    """5.1 (Turn 1): the 5th Belgian Fusiliers at B49.28 stand on a US dump (3.4); the
    opening position leaves no US unit out of supply."""
    s = _played_past("5.1", "US Supply Phase:")
    us = [u for u, x in s.state.units.items() if x.where == "map" and s.content.counter(u).side == "Allied"]
    assert us and not any(out_of_supply(s.state, u) for u in us)


# --- 2.5d blowing captured dumps -------------------------------------------------------------------


def test_german_blows_a_captured_dump_in_his_phase_only():
    """2.5d: the German may blow any captured dump, no roll or unit needed (offered in his
    Movement and Exploitation Phases); not a US dump, not in a US phase."""
    c, s = board({"18VG:293": "B10.05"}, dumps={"B5.05": (True, "German"), "B15.05": (True, "Allied")},
                 phase="ge_movement")
    families = [f for f in RULES.choices(c, s) if f.kind == "blow_dump"]
    assert [a.hex for f in families for a in f.actions()] == ["B5.05"]
    out = RULES.apply(c, s, BlowDump("B5.05"))
    assert c.map.parse("B5.05") not in rules_data(out.state).dumps
    assert out.log[0].reasons == ("2.5d",)
    with pytest.raises(Refused):
        RULES.apply(c, s, BlowDump("B15.05"))
    with pytest.raises(Refused):
        RULES.apply(c, replace(s, phase="us_movement"), BlowDump("B5.05"))
    assert not [f for f in RULES.choices(c, replace(s, phase="ge_combat")) if f.kind == "blow_dump"]


# --- the trace's step costs are movement's --------------------------------------------------------


def test_supply_step_prices_every_step_as_the_terrain_effects_chart_does():
    """TEC **, 1.5a, 1.5b, 2.3b, 3.1: on the real map at Turn 1 (Map Traffic Jams), with stacked
    hexes, a blown bridge and a German engineer bridge, the supply trace's own pricing agrees
    with ``terrain.step_cost(..., supply_trace=True)`` on every step of the German front."""
    s = Session.new("ardennes1994/5.3", seed=1)
    content, state = s.content, s.state
    m = content.map
    bridges = list(m.bridges)[:6]
    bridge = bridges[0]
    engineer = next(u for u in state.units if content.counter(u).unit_type == "Engineer Grp")
    our = next(side for side, rec in m.hexsides.items() if rec.name == "Our" and m.contains(side.hexes[0]))
    state = state.placed([engineer], our.hexes[0])
    data = rules_data(state)
    state = with_rules(state, replace(data, blown=frozenset({bridge}),
                                      modes={**data.modes, engineer: "bridge"}))
    g = grid(m)
    checked, seen = 0, set()
    for side in ("German", "Allied"):
        b, r = trace_board(content, state, side), rates()
        for h in m.all_hexes():
            _, column, row = m.numbering.sheet_column_row(h)
            near = h.distance(our.hexes[0]) < 4 or any(h.distance(x.hexes[0]) < 3 for x in bridges)
            if not (near or (40 <= column <= 56 and row <= 14)):
                continue
            i = m.numbering.index(h)
            for d in range(6):
                n = g.neighbours[i][d]
                if n < 0:
                    continue
                built = None if side == "German" else set()
                want, parts = step_cost(content, state, "", h, g.hexes[n], supply_trace=True, built=built, cls=MECH,
                                        side=side)
                assert supply_step(g, b, r, i, d) == want, (side, m.hex_id(h), Direction(d).name)
                seen.update(rule for _, _, rule in parts)
                seen.update(why.split(" (")[0] for _, why, _ in parts)
                if g.water[i][d] and g.bridges[i][d]:
                    seen.add("blown bridge" if (i, d) in b.down else "intact bridge")
                checked += 1
    assert checked > 2000
    assert {"1.5a", "1.5b", "TEC **", "German-built bridge", "River", "intact bridge", "blown bridge"} <= seen
