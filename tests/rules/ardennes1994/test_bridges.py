"""US bridge blowing and repair, German bridges and captured dumps (checklist items 55, 56, 49;
2.1bD, 2.3c, 2.5d, 3.1).  Bridges of 5.1's play area: the Amblève at Stavelot (B48.26|B48.27)
and at Trois-Ponts (B45.29|B46.29), the Salm at Trois-Ponts (B45.27|B45.28)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import BlowBridge, BlowDump, KeepHidden, RevealGreif
from ardennes_qt.rules.ardennes1994.state import Dump
from tests.rules.ardennes1994.board import scenario_game, seed_rolling

STAVELOT = "B48.26|B48.27"
TROIS_PONTS = "B45.29|B46.29"
SALM = "B45.27|B45.28"


def bridges_phase(scenario: str = "5.1", rolls: tuple[int, ...] = (), **kw) -> Session:
    draws = Session.new(f"ardennes1994/{scenario}", seed=1).state.draws
    seed = seed_rolling(*rolls, draws=draws) if rolls else 1
    return scenario_game(scenario, "bridges", turn=2, seed=seed, **kw)


def side(s: Session, bridge: str) -> Hexside:
    a, b = bridge.split("|")
    return Hexside.between(s.content.map.parse(a), s.content.map.parse(b))


@pytest.mark.parametrize("roll, blown", [(3, False), (4, True), (6, True)])
def test_item56_the_bridge_blowing_table(roll, blown):
    """3.1 Bridge Blowing Table: 1-3 None, 4-6 Bridge is Blown."""
    s = bridges_phase(rolls=(roll,))
    s.apply(BlowBridge(STAVELOT))
    assert (side(s, STAVELOT) in s.state.rules.blown) == blown
    assert f"rolled {roll}" in s.log()[-1].reasons[0]


@pytest.mark.parametrize("roll, repaired", [(4, False), (5, True)])
def test_item56_the_bridge_repair_table(roll, repaired):
    """3.1 Bridge Repair Table: 1-4 None, 5-6 Repaired; only a blown bridge is repaired."""
    s = bridges_phase(rolls=(roll,))
    with pytest.raises(Refused, match="only a blown bridge"):
        s.apply(BlowBridge(STAVELOT, repair=True))
    s = bridges_phase(rolls=(roll,), blown=frozenset({side(s, STAVELOT)}))
    s.apply(BlowBridge(STAVELOT, repair=True))
    assert (side(s, STAVELOT) not in s.state.rules.blown) == repaired


def test_item56_one_attempt_a_turn_in_5_1_three_in_the_campaign_one_per_bridge():
    """5.1: "only one bridge blowing attempt per turn"; 3.1: up to three, one against a bridge."""
    s = bridges_phase("5.1", rolls=(1, 1))
    s.apply(BlowBridge(STAVELOT))
    with pytest.raises(Refused, match="5.1"):
        s.apply(BlowBridge(TROIS_PONTS))
    s = bridges_phase("5.3", rolls=(1, 1, 1, 1))
    s.apply(BlowBridge(STAVELOT))
    with pytest.raises(Refused, match="one attempt a phase against a bridge"):
        s.apply(BlowBridge(STAVELOT))
    s.apply(BlowBridge(TROIS_PONTS))
    s.apply(BlowBridge(SALM))
    with pytest.raises(Refused, match="all 3"):
        s.apply(BlowBridge("B46.27|B47.28"))


def test_item56_not_with_germans_on_it_nor_when_the_germans_crossed_it_last():
    """3.1: no attempt if a German combat unit is in a hex of the bridge, or the Germans were the
    last to cross it."""
    s = bridges_phase(place={"1SS:Peiper-A": "B48.26"})
    with pytest.raises(Refused, match="German combat unit"):
        s.apply(BlowBridge(STAVELOT))
    s = bridges_phase()
    s = scenario_game("5.1", "bridges", turn=2, last_crossed={side(s, STAVELOT): "German"})
    with pytest.raises(Refused, match="last to cross"):
        s.apply(BlowBridge(STAVELOT))


def test_item55_german_built_bridges_cannot_be_blown():
    """2.3c: an engineer on its Bridge side at B49.27 bridges the Amblève there (no map bridge)."""
    s = bridges_phase(place={"6SSEng:1": "B49.27"}, modes={"6SSEng:1": "bridge"})
    built = [h for h in ("B49.26", "B48.27", "B50.27", "B49.28", "B48.26", "B50.26")
             if side(s, f"B49.27|{h}") not in s.content.map.bridges
             and side(s, f"B49.27|{h}") in s.content.map.hexsides]
    assert built
    with pytest.raises(Refused, match="2.3c"):
        s.apply(BlowBridge(f"B49.27|{built[0]}"))


def test_item56_a_greif_team_opening_on_the_bridge_thwarts_the_attempt_which_counts():
    """2.1bD: it may open as the US points at the bridge, before the die; 3.1: it still counts."""
    s = bridges_phase(place={"Ger-Greif:A": "B47.26"}, hidden=frozenset({"Ger-Greif:A"}))
    s.apply(BlowBridge(STAVELOT))
    assert s.decision()["kind"] == "greif_at_bridge"
    assert set(s.legal_actions()) == {KeepHidden(), RevealGreif("Ger-Greif:A", "B48.26")}
    draws = s.state.draws
    s.apply(RevealGreif("Ger-Greif:A", "B48.26"))
    assert s.state.draws == draws and side(s, STAVELOT) not in s.state.rules.blown
    assert "thwarted" in s.log()[-1].text
    assert s.state.rules.record.bridge_attempts == 1


def test_item56_kept_hidden_the_attempt_is_rolled():
    s = bridges_phase(rolls=(5,), place={"Ger-Greif:A": "B47.26"}, hidden=frozenset({"Ger-Greif:A"}))
    s.apply(BlowBridge(STAVELOT))
    s.apply(KeepHidden())
    assert side(s, STAVELOT) in s.state.rules.blown


def test_item56_the_attempts_are_offered_in_the_bridge_phase():
    s = bridges_phase()
    offered = [a for c in s.choices() if c.kind == "blow_bridge" for a in c.actions()]
    assert BlowBridge(STAVELOT) in offered and len(offered) == 16  # every bridge of 5.1's area


def test_item49_the_german_blows_a_captured_dump_in_a_german_phase():
    """2.5d: no roll, no unit needed, in any German phase."""
    s = scenario_game("5.1", "ge_combat")
    spa = s.content.map.parse("B55.32")
    s = scenario_game("5.1", "ge_combat", dumps={spa: Dump(True, "German", True)})
    s.apply(BlowDump("B55.32"))
    assert spa not in s.state.rules.dumps
    s = scenario_game("5.1", "us_movement", dumps={spa: Dump(True, "German", True)})
    with pytest.raises(Refused, match="2.5d"):
        s.apply(BlowDump("B55.32"))
    with pytest.raises(Refused, match="no captured dump"):
        scenario_game("5.1", "ge_combat").apply(BlowDump("B55.32"))
