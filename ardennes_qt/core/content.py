"""Everything a game is played on: the map, the counters and their formations, the scenario."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData, Place
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.units import Counter, Formation

USER = "user"


@dataclass
class Content:
    """``map`` is the map as this scenario plays it: with the scenario's VP overrides, every
    rule and view that reads the map's places (VP hexes, control, victory, labels) sees them."""

    map: MapData
    formations: dict[str, Formation]
    counters: dict[str, Counter]
    scenario: Scenario

    def __post_init__(self) -> None:
        self.map = with_vp_overrides(self.map, self.scenario.vp_overrides)

    @property
    def system(self) -> str:
        return self.scenario.system

    def counter(self, counter_id: str) -> Counter:
        try:
            return self.counters[counter_id]
        except KeyError:
            raise KeyError(f"there is no counter '{counter_id}' in {self.scenario.key}") from None

    def formation_of(self, counter_id: str) -> Formation:
        return self.formations[self.counter(counter_id).formation]

    def in_play_area(self, h: Hex) -> bool:
        """Maps in Play (7.x): a hex of the map, on the scenario's sheets and within its
        printed limits."""
        return self.scenario.hex_in_play(self.map.numbering, h)

    def whole_map_in_play(self) -> bool:
        """Every sheet of the map in play, with no limits."""
        return not self.scenario.bounds and set(self.map.numbering.sheets) <= set(self.scenario.maps)

    def play_area(self) -> frozenset[Hex]:
        """Every hex in play."""
        if self.whole_map_in_play():
            return frozenset(self.map.all_hexes())
        return frozenset(h for h in self.map.all_hexes() if self.in_play_area(h))

    def estimated_values(self) -> list[tuple[str, str, str]]:
        """Every value the content relies on that no rule gave: (what, field, source)."""
        out = []
        for counter in self.counters.values():
            for name in counter.estimated_fields():
                out.append((counter.id, name, counter.provenance[name]))
        for formation in self.formations.values():
            if formation.colour_source.startswith("estimated"):
                out.append((formation.code, "colour", formation.colour_source))
        return out


def with_vp_overrides(m: MapData, overrides: dict[Hex, int]) -> MapData:
    """The map with a scenario's VP values: a copy sharing all but its places, so the map
    other scenarios play on stays as it is.  A hex with no place gets one named by its hex
    id; 0 leaves a town on the map, no longer a VP hex.  Applying the same overrides to
    the result again gives the same places."""
    if not overrides:
        return m
    places = dict(m.places)
    for h, vp in overrides.items():
        place = places.get(h)
        if place is not None:
            places[h] = replace(place, vp=vp, source=USER)
        elif vp:
            places[h] = Place(m.hex_id(h), vp, USER)
    return replace(m, places=places)
