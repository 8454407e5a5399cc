"""Everything a game is played on: the map, the counters and their formations, the scenario."""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.units import Counter, Formation


@dataclass
class Content:
    map: MapData
    formations: dict[str, Formation]
    counters: dict[str, Counter]
    scenario: Scenario

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
