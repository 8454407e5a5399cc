"""Ardennes II in the editor: its scenario options (``tables/options.toml``), the terrain its
TEC prohibits (for the map's checks), and its tables with an entry per scenario (supply
sources, victory)."""

from __future__ import annotations

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.rules.ardennes2.options import options_table
from ardennes_qt.rules.ardennes2.tables import terrain_chart
from editor.plugins import RuleOption, ScenarioTable


class Ardennes2Editor:
    def rule_options(self) -> dict[str, RuleOption]:
        return {name: RuleOption(o.name, o.rule, o.default, o.choices, o.scenarios) for name, o in options_table().items()}

    def prohibited_terrain(self) -> dict[str, set[str]]:
        """Hex terrain each MA type may not enter (TEC "P")."""
        out: dict[str, set[str]] = {}
        for name, row in terrain_chart().hexes.items():
            for ma, cost in row.cost.items():
                if cost is None:
                    out.setdefault(ma, set()).add(name)
        return out

    def map_checks(self, m: MapData) -> list:
        return []  # its map's checks are the editor's own (roads, bridges, entry areas, places)

    def scenario_tables(self) -> list[ScenarioTable]:
        return [
            ScenarioTable("Supply sources", "supply_sources", lambda doc, sid: doc.get(sid, doc.get("default")),
                          "editSupplySources"),
            ScenarioTable("Victory conditions and VP schedule", "victory", victory_entry, "editVictory"),
        ]


def victory_entry(doc: dict, sid: str) -> dict:
    """The scenario's victory, with the VP schedule it names written out."""
    entry = dict(doc["scenario"].get(sid, doc["scenario"]["default"]))
    schedule = doc.get("schedules", {}).get(entry.get("schedule", ""))
    if schedule:
        entry["vp_schedule"] = schedule["levels"]
    return entry


PLUGIN = Ardennes2Editor()
