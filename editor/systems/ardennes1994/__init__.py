"""The Ardennes (1994) in the editor: its scenario options (``tables/options.toml``: the US
bridge attempts a turn, 3.1 and 5.1; the German's victory option, 4.1).  No hex terrain of
its TEC is prohibited to any unit (the Major River is a hexside), so its maps have no
prohibited-terrain checks."""

from __future__ import annotations

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.rules.ardennes1994.tables import table
from editor.plugins import RuleOption, ScenarioTable


class Ardennes1994Editor:
    def rule_options(self) -> dict[str, RuleOption]:
        return {name: RuleOption(name, str(row["rule"]), row["default"], dict(row.get("choices", {})),
                                 dict(row.get("scenarios", {})))
                for name, row in table("options").items()}

    def prohibited_terrain(self) -> dict[str, set[str]]:
        return {}

    def map_checks(self, m: MapData) -> list:
        return []  # its map's checks are the editor's own (roads, bridges, entry areas, places)

    def scenario_tables(self) -> list[ScenarioTable]:
        """4.2: the VP levels (5.4, 5.5 shifted toward the Germans); the cities' VP are on the map."""
        return [ScenarioTable("Victory levels (4.2)", "victory", lambda doc, sid: doc["levels"], "editVictory")]


PLUGIN = Ardennes1994Editor()
