"""The Ardennes II markers on the map, for the table to draw (2.2, 3.5, 3.7, 3.8, 6.0):
barrage markers of each side, Bridge Blown and Bridge Tested markers on the bridges of a
plunger, Air Supply markers, and who controls each VP hex of the play area."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.map_markers import (
    AIR_SUPPLY,
    BARRAGE_FULL,
    BARRAGE_HALF,
    BRIDGE_BLOWN,
    BRIDGE_TESTED,
    CONTROL,
    MapMarker,
)
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.bridge_blowing import BLOWN, TESTED, plunger_bridges
from ardennes_qt.rules.ardennes2.control import vp_control, vp_hexes
from ardennes_qt.rules.ardennes2.markers import FULL, HALF, markers_in
from ardennes_qt.rules.ardennes2.situation import rules_data

BARRAGE_WORDS = {
    FULL: (BARRAGE_FULL, "Full", "Full barrage marker: enemy units here attack and defend at 1/2 (1/4 under two or "
                                 "more), pay +2 MP to enter or leave, cannot Overrun or Exploit (3.5)"),
    HALF: (BARRAGE_HALF, "Half", "Half barrage marker: no effect until reconciled at the end of the phase, "
                                 "when it is removed or becomes Full (3.5)"),
}
BRIDGE_WORDS = {
    BLOWN: (BRIDGE_BLOWN, "Blown", "Bridge Blown: the bridge is down; the road does not cross here (3.8)"),
    TESTED: (BRIDGE_TESTED, "Tested", "Bridge Tested: the bridge stands and cannot be blown any more (3.8)"),
}


def map_markers(content: Content, state: GameState) -> list[MapMarker]:
    return [*_barrages(content, state), *_bridges(content, state), *_air_supply(content, state),
            *_control(content, state)]


def _barrages(content: Content, state: GameState) -> list[MapMarker]:
    out = []
    for h in sorted(state.markers):
        for owner, size in markers_in(state, h):
            kind, label, detail = BARRAGE_WORDS[size]
            out.append(MapMarker(kind, content.map.hex_id(h), owner, label, f"{owner} {detail}"))
    return out


def _bridges(content: Content, state: GameState) -> list[MapMarker]:
    out = []
    for plunger, result in sorted(rules_data(state).bridges.items()):
        if result not in BRIDGE_WORDS:
            continue
        kind, label, detail = BRIDGE_WORDS[result]
        for side in plunger_bridges(content, plunger):
            a, b = side.hexes
            out.append(MapMarker(kind, content.map.hex_id(a), "Allied", label, f"{detail}; plunger {plunger}",
                                 content.map.hex_id(b)))
    return out


def _air_supply(content: Content, state: GameState) -> list[MapMarker]:
    detail = "Air Supply: US units within 5 hexes are in supply until the end of the US Player Turn (2.2, 3.7)"
    return [MapMarker(AIR_SUPPLY, content.map.hex_id(h), "Allied", "Air Supply", detail)
            for h in rules_data(state).air_supply]


def _control(content: Content, state: GameState) -> list[MapMarker]:
    places = vp_hexes(content)
    return [
        MapMarker(CONTROL, content.map.hex_id(h), side, str(places[h].vp),
                  f"{places[h].name}: {places[h].vp} VP, {side}-controlled (6.0: the last to occupy it in trace supply)")
        for h, side in vp_control(content, state).items()
    ]
