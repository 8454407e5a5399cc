"""Which bridges exist and carry a road today (3.8; checklist items 8, 81).

Every rule that follows a road over water asks here - movement, retreats, supply, Bug Outs,
advances and attacks across Prohibited hexsides (TEC note 1) - so none of them can see a
bridge standing that another sees down.

A bridge on the map carries its road across a River, Stream or the Meuse unless:

- it is German-built and its printed date has not come yet: "Until built, the roads
  leading to them are not connected in any way" (3.8 Building Bridges, item 81);
- it has been Blown (3.8 Blowing Bridges).  Blown and Tested are recorded in
  ``Ardennes2Data.bridges`` under the plunger's name (one roll covers every bridge on a
  plunger) or under the bridge's own id; a scenario's ``blown_bridges`` (7.5: A37.23,
  B11.14) are Blown from the start.  Attempting to blow a bridge is another action's
  business; this module only reads the result.

A German-built bridge "cannot be destroyed", so its plunger, if the map gave it one,
does not blow it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge, MapData
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.movecosts import BRIDGED_FEATURES, water_name
from ardennes_qt.rules.ardennes2.situation import rules_data

BLOWN = "blown"
TESTED = "tested"
# Scenario dates are printed as in the rules ("16 Dec 44"); map build dates are ISO.
TURN_DATE_FORMAT = "%d %b %y"


@dataclass(frozen=True)
class BridgeState:
    """Why a bridge does or does not carry its road now."""

    operational: bool
    reason: str
    rule: str


def bridge_id(game_map: MapData, side: Hexside) -> str:
    """A bridge's own id, as written in saved games: "B22.15 NE"."""
    hex_id, direction = game_map.side_ref(side)
    return f"{hex_id} {direction}"


def turn_date(content: Content, turn: int) -> date | None:
    """The calendar day of a game turn (1.1: one day per turn), None if the scenario gives none."""
    text = content.scenario.dates.get(turn)
    if not text:
        return None
    day = datetime.strptime(text, TURN_DATE_FORMAT).date()
    # A two-digit year reads as 20xx; the campaign's "44" and "45" are 1944 and 1945.
    return day.replace(year=day.year - 100) if day.year >= 2000 else day


def is_built(content: Content, turn: int, bridge: Bridge) -> bool:
    """3.8 Building Bridges: a German-built bridge exists from its printed day on."""
    if not bridge.built:
        return True
    today = turn_date(content, turn)
    return today is not None and today >= date.fromisoformat(bridge.built)


def demolition_of(content: Content, state: GameState, side: Hexside) -> str:
    """"blown", "tested" or "" for a bridge: its plunger's record, its own, or the scenario's start."""
    game_map = content.map
    bridge = game_map.bridges[side]
    recorded = rules_data(state).bridges
    if recorded:
        for key in (bridge.plunger, bridge_id(game_map, side)):
            if key and key in recorded:
                return recorded[key]
    blown_at_start = content.scenario.blown_bridges
    if blown_at_start and (game_map.plungers.get(bridge.plunger) in blown_at_start or set(blown_at_start) & set(side.hexes)):
        return BLOWN
    return ""


def bridge_state(content: Content, state: GameState, side: Hexside) -> BridgeState:
    """Does the bridge on ``side`` carry its road this turn (3.8)?"""
    bridge = content.map.bridges[side]
    if not is_built(content, state.turn, bridge):
        when = date.fromisoformat(bridge.built).strftime("%d %b").lstrip("0")
        return BridgeState(False, f"German bridge not built until {when}", "3.8 Building Bridges")
    if bridge.built:
        return BridgeState(True, "German-built bridge", "3.8 Building Bridges")
    if demolition_of(content, state, side) == BLOWN:
        return BridgeState(False, "bridge Blown", "3.8 Blowing Bridges")
    return BridgeState(True, "bridge", "1.3a")


def roads_cut(content: Content, state: GameState) -> dict[Hexside, tuple[str, str]]:
    """Every bridge on the map that does not carry its road this turn, with why: (reason, rule)."""
    out = {}
    for side in content.map.bridges:
        status = bridge_state(content, state, side)
        if not status.operational:
            out[side] = (status.reason, status.rule)
    return out


def bridges_down(content: Content, state: GameState) -> frozenset[Hexside]:
    """Every bridge on the map that does not carry its road this turn."""
    return frozenset(roads_cut(content, state))


def road_cut(content: Content, state: GameState, side: Hexside) -> tuple[str, str] | None:
    """Why the road crossing ``side`` takes no unit over it this turn, as (reason, rule);
    None when it does, or when no road crosses ``side``.

    A road over a River, Stream, the Meuse or the Sea Line needs a bridge (1.3: a road
    without one does not negate the hexside), and that bridge must carry its road now
    (``bridge_state``: built, not Blown).
    """
    game_map = content.map
    record = game_map.hexsides.get(side)
    if side not in game_map.roads or record is None or not record.features & BRIDGED_FEATURES:
        return None
    if side not in game_map.bridges:
        return f"no bridge over the {water_name(record.features, record)}", "1.3"
    status = bridge_state(content, state, side)
    return None if status.operational else (status.reason, status.rule)
