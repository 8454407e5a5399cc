"""The line-of-sight table: what chapter P prints and the provisional readings of what it leans
on (``tables/los.toml``), with the Up-Slope option of P2.3 and its footnote."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).with_name("tables") / "los.toml"


@dataclass(frozen=True)
class LosRules:
    pine_woods_height: float
    two_story_house_height: float
    up_slope_bonus: float
    hillside_wall_level_difference: float
    woods_height: float
    building_half_level: float
    steeple_height: float
    wall_height: float
    orchard_hindrance: int
    orchard_height: float
    vehicle_hindrance: int
    vehicle_height: float
    hindrance_limit: int
    up_slope_reading: str  # "rule" (3/4 level) or "footnote" (1/2 level)

    @staticmethod
    def from_table(table: dict) -> LosRules:
        printed, provisional = table["printed"], table["provisional"]
        reading = table.get("options", {}).get("up_slope", "rule")
        if reading not in ("rule", "footnote"):
            raise ValueError(f"the Up-Slope reading is 'rule' or 'footnote', not {reading!r}")
        bonus = printed["up_slope_bonus"] if reading == "rule" else printed["up_slope_bonus_footnote"]
        return LosRules(
            pine_woods_height=float(printed["pine_woods_height"]),
            two_story_house_height=float(printed["two_story_house_height"]),
            up_slope_bonus=float(bonus),
            hillside_wall_level_difference=float(printed["hillside_wall_level_difference"]),
            woods_height=float(provisional["woods_height"]),
            building_half_level=float(provisional["building_half_level"]),
            steeple_height=float(provisional["steeple_height"]),
            wall_height=float(provisional["wall_height"]),
            orchard_hindrance=int(provisional["orchard_hindrance"]),
            orchard_height=float(provisional["orchard_height"]),
            vehicle_hindrance=int(provisional["vehicle_hindrance"]),
            vehicle_height=float(provisional["vehicle_height"]),
            hindrance_limit=int(provisional["hindrance_limit"]),
            up_slope_reading=reading,
        )

    def with_footnote_slope(self) -> LosRules:
        """P2.3 footnote 3: the Up-Slope advantage read as half a level."""
        table = shipped_table()
        return replace(self, up_slope_bonus=float(table["printed"]["up_slope_bonus_footnote"]),
                       up_slope_reading="footnote")


def shipped_table() -> dict:
    with TABLE.open("rb") as f:
        return tomllib.load(f)


@lru_cache(maxsize=1)
def shipped_rules() -> LosRules:
    return LosRules.from_table(shipped_table())
