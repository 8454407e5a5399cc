"""What the table asks the Ardennes II rules while a player moves counters: where arriving
units may be placed now, and which markers lie on the map.  ``PlayRules`` (play.py)
takes these methods in; the session hands them on."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.map_markers import MapMarker
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import abn_corps, reinforcements
from ardennes_qt.rules.ardennes2.map_markers import map_markers


class PlayQuestions:
    def placement_hexes(self, content: Content, state: GameState, unit_ids) -> list[str]:
        """Every hex where the units may be placed together now, best first (2.2, 5.1);
        [] when they are not due to be placed in this phase."""
        decision = abn_corps.pending(state)
        if decision is not None:
            placeable = set(decision.data["units"])
        elif state.phase == reinforcements.PHASE:
            placeable = set(reinforcements.due_units(content, state))
        else:
            return []
        ids = tuple(unit_ids)
        if not ids or not all(u in placeable and state.units[u].where == "scheduled" for u in ids):
            return []
        return [content.map.hex_id(h) for h in reinforcements.stack_placement_hexes(content, state, ids)]

    def map_markers(self, content: Content, state: GameState) -> list[MapMarker]:
        """Barrage, bridge and Air Supply markers, and who controls each VP hex (3.5, 3.8, 2.2, 6.0)."""
        return map_markers(content, state)
