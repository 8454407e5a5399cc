"""Ardennes II in the editor: its scenario options (``tables/options.toml``) and the terrain
its TEC prohibits, for the map's checks."""

from __future__ import annotations

from ardennes_qt.rules.ardennes2.options import options_table
from ardennes_qt.rules.ardennes2.tables import terrain_chart
from editor.plugins import RuleOption


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


PLUGIN = Ardennes2Editor()
