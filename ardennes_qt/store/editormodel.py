"""What the editor works on: a module, everything one rule system's content needs in one
place, plus the editor's own working material.

    Module
      map            MapData: terrain, hexsides, roads, bridges, places, entry areas, edges
      formations     formations by code (with the other spellings the listings print)
      counters       counters by id, each value with its provenance (rule / estimated / user)
      scenarios      several scenarios by id, in order
      ooa            the main Orders of Arrival (scenarios with reinforcements = "ooa" use it)
      layers         vector layers: polylines and polygons drawn over the map, each with the
                     feature it rasterizes to and what it wrote the last time
      backdrop       a scan of a printed map (image bytes), its calibration and opacity
      house_rules    rule tables that replace the shipped ones: scope ("map" for every
                     scenario, or a scenario id) -> table name -> TOML text
      provenance     the source of values that have no field for it (a set-up line, an
                     arrival): item key -> "user"
      sources        the text files the module was read from, written back verbatim while
                     the content they hold is unchanged (contenttext.py)

Every value is plain data; the editor swaps whole records (undo is the same swap), so
records are frozen or replaced, never changed in place.  ``play_content`` is what the
table plays: one scenario with the house rules that apply to it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import HOUSE_RULES_OPTION, Arrival, Scenario
from ardennes_qt.core.units import Counter, Formation

FORMAT = "ardennes-qt module"
SUFFIX = ".ardmod"
MAP_SCOPE = "map"  # house rules stored with the map apply to every scenario of the module

POLYLINE = "polyline"
POLYGON = "polygon"


@dataclass(frozen=True)
class VectorLayer:
    """A shape drawn over the map and what it becomes in hexes and hexsides.

    ``points`` are in hex sizes (a ``HexLayout`` of size 1: x east, y south).  A polyline
    becomes a hexside feature (river, stream...), a road or track, or a band of hex
    terrain; a polygon becomes hex terrain on every hex it covers ``share`` of.
    ``output`` is what the last rasterizing wrote (hex ids, or "hex DIR" hexsides), so
    that drawing it again first takes that away.
    """

    name: str
    shape: str
    feature: str
    points: tuple[tuple[float, float], ...] = ()
    share: float = 0.5
    label: str = ""  # the river's name its hexsides carry
    visible: bool = True
    output: tuple[str, ...] = ()


@dataclass(frozen=True)
class Backdrop:
    """A scan or photo of a printed map, shown under the tracing.

    ``calibration`` holds three (image x, image y, hex id): the pixel the user clicked as
    that hex's centre.  The image-to-map transform follows from them.
    """

    name: str
    data: bytes
    width: int
    height: int
    calibration: tuple[tuple[float, float, str], ...] = ()
    opacity: float = 0.5
    visible: bool = True

    def transform(self, centre_of) -> tuple[float, float, float, float, float, float] | None:
        """(a, b, c, d, e, f) with map x = a*px + b*py + c and map y = d*px + e*py + f, in
        the units of ``centre_of(hex id)``, which gives a hex centre.  None until calibrated."""
        if len(self.calibration) != 3:
            return None
        return affine_from_points([(px, py) for px, py, _ in self.calibration],
                                  [centre_of(h) for _, _, h in self.calibration])


class CalibrationError(ValueError):
    """Three points that do not fix a transform (on one line, or a hex given twice)."""


def affine_from_points(source: list[tuple[float, float]], target: list[tuple[float, float]]):
    """The affine transform taking three source points to three target points."""
    (x1, y1), (x2, y2), (x3, y3) = source
    det = (x2 - x1) * (y3 - y1) - (x3 - x1) * (y2 - y1)
    spread = max(math.dist(source[0], source[1]), math.dist(source[0], source[2]), 1e-9)
    if abs(det) < 1e-6 * spread * spread:
        raise CalibrationError("the three points lie on one line: click three hexes that make a triangle")
    out = []
    for axis in (0, 1):
        v1, v2, v3 = (t[axis] for t in target)
        a = ((v2 - v1) * (y3 - y1) - (v3 - v1) * (y2 - y1)) / det
        b = ((x2 - x1) * (v3 - v1) - (x3 - x1) * (v2 - v1)) / det
        out += [a, b, v1 - a * x1 - b * y1]
    return tuple(out)


@dataclass
class Module:
    """Everything one rule system's content needs, as the editor works on it: map, formations,
    counters, scenarios, Orders of Arrival, and the editor's own material."""

    system: str
    map: MapData
    formations: dict[str, Formation]
    counters: dict[str, Counter]
    scenarios: dict[str, Scenario]
    ooa: tuple[Arrival, ...] = ()
    ooa_notes: tuple[str, ...] = ()
    layers: dict[str, VectorLayer] = field(default_factory=dict)
    backdrop: dict[str, Backdrop] = field(default_factory=dict)  # at most one, under "backdrop"
    house_rules: dict[tuple[str, str], str] = field(default_factory=dict)  # (scope, table) -> TOML text
    provenance: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # relative path -> text

    def house_rules_for(self, scenario_id: str) -> dict[str, str]:
        """The house-rule tables a scenario plays with: the map's, then its own over them."""
        out = {table: text for (scope, table), text in sorted(self.house_rules.items()) if scope == MAP_SCOPE}
        out.update({table: text for (scope, table), text in sorted(self.house_rules.items()) if scope == scenario_id})
        return out

    def play_content(self, scenario_id: str) -> Content:
        """One scenario as the table plays it, with its house rules in the scenario's options."""
        scenario = self.scenarios[scenario_id]
        rules = self.house_rules_for(scenario_id)
        if rules:
            scenario = replace(scenario, options={**scenario.options, HOUSE_RULES_OPTION: rules})
        return Content(map_copy(self.map), dict(self.formations), dict(self.counters), scenario)


def map_copy(m: MapData) -> MapData:
    """A map of its own for a game, so editing goes on without changing the map in play
    (records are frozen: copying the tables is enough)."""
    return replace(
        m,
        hexes=dict(m.hexes),
        hexsides=dict(m.hexsides),
        roads=dict(m.roads),
        bridges=dict(m.bridges),
        plungers=dict(m.plungers),
        places=dict(m.places),
        entry_areas=dict(m.entry_areas),
        friendly_edges=dict(m.friendly_edges),
        notes=list(m.notes),
    )


def blank_module(system: str, map_id: str, title: str, numbering, formations=None, counters=None) -> Module:
    """A new module: an all-open map, no scenarios; counters kept from another module if given."""
    return Module(system, MapData(map_id, title, numbering, source="user"), dict(formations or {}), dict(counters or {}), {})
