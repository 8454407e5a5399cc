"""How the map looks: colours and line widths for every terrain, hexside feature and
road kind.  Widths are fractions of the hex size (centre to corner) so the map reads
the same at any scale; the painter, the legend and printing all draw from here.

The palette is our own, in the manner of a clear modern wargame map: pale farmland,
two greens for woods and forest, blue water graded by width, red-brown Roads.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

# Hex fills, from the terrain a hex is mostly drawn as (see BASE_FILL_ORDER).
OPEN = QColor("#efe9cf")
WOODS = QColor("#c3dba4")
FOREST = QColor("#8fbf78")
MARSH = QColor("#d3e6dc")
ROUGH = QColor("#d8c9a3")
CITY = QColor("#d9c2bd")
PINE_WOODS = QColor("#6fa35a")  # ASL: pine woods are printed on a green background (P1.1)
BRUSH = QColor("#d8e2b0")
ORCHARD = QColor("#e0e8bc")
BUILDING = QColor("#b9a6a0")
WOODEN_BUILDING = QColor("#c9ad8a")
HILL = QColor(120, 80, 35)  # washed over a hex, the stronger the higher its level
OFF_MAP = QColor("#3a3f46")

TREE = QColor("#4f8a3a")
FOREST_TREE = QColor("#2f6b2a")
MARSH_TUFT = QColor("#3f7fa6")
SLOPE_HATCH = QColor("#9a6b3f")
CITY_BLOCK = QColor("#8c5a52")
VILLAGE_BLOCK = QColor("#7a3b33")
WEST_WALL = QColor("#4b4b4b")
TRAFFIC_JAM = QColor("#e0572b")
POINT_OF_INTEREST = QColor("#222222")
GRID = QColor(60, 50, 30, 70)
SHEET_SEAM = QColor(60, 50, 30, 160)

WATER = QColor("#3f86c6")
MEUSE = QColor("#2e6fb0")
STREAM = QColor("#5aa2d8")
SEA = QColor("#1f4f86")
BORDER = QColor("#8a2f7a")

ROAD_CASING = QColor("#6b2a1a")
ROAD_FILL = QColor("#f0b23c")
TRACK = QColor("#7a4a26")
BRIDGE = QColor("#1e1e1e")
PLUNGER = QColor("#b3261e")

LABEL_TEXT = QColor("#1c1c1c")
LABEL_HALO = QColor(255, 255, 255, 225)
VP_BADGE = QColor("#b3261e")
HEX_ID_TEXT = QColor(60, 50, 30, 120)

OUT_OF_PLAY = QColor(20, 24, 30, 90)  # hexes outside a scenario's play area, shaded grey
OUT_OF_PLAY_HATCH = QColor(20, 24, 30, 150)  # and hatched: no overlay's tint (a side's supply) is
PLAY_AREA_EDGE = QColor("#b3261e")

TARGET_HEX = QColor("#ffd54a")
TARGET_FILL = QColor(255, 213, 74, 60)
FLASH_HEX = QColor("#19c3ff")  # a hex marked a moment (Go to Hex): a colour no terrain or counter has

SIDE_COLOURS = {"German": QColor("#6d7379"), "Allied": QColor("#5d7f45")}


def side_colour(side: str, alpha: int = 255) -> QColor:
    colour = QColor(SIDE_COLOURS.get(side, OFF_MAP))
    colour.setAlpha(alpha)
    return colour


@dataclass(frozen=True)
class HexsideStroke:
    """A hexside feature drawn as a line along the side."""

    colour: QColor
    width: float  # fraction of the hex size
    dash: tuple[float, ...] = ()  # dash pattern in line widths; () = solid


# Drawn widest first, so a stream along a border stays visible over it.
HEXSIDE_STROKES = {
    "meuse": HexsideStroke(MEUSE, 0.30),
    "sea": HexsideStroke(SEA, 0.22, (2.0, 1.0)),
    "river": HexsideStroke(WATER, 0.17),
    "stream": HexsideStroke(STREAM, 0.08),
    "border": HexsideStroke(BORDER, 0.07, (6.0, 2.5, 1.0, 2.5)),
    "crest": HexsideStroke(QColor(110, 70, 30, 170), 0.035),
    "slope": HexsideStroke(SLOPE_HATCH, 0.10, (0.6, 0.6)),
    "wall": HexsideStroke(QColor("#5e5e5e"), 0.07),
    "hedge": HexsideStroke(QColor("#2f6b2a"), 0.08),
    "wire": HexsideStroke(QColor("#222222"), 0.04, (1.0, 1.5)),
    "narrow_street": HexsideStroke(QColor("#f0b23c"), 0.07),
}
HEXSIDE_ORDER = ("meuse", "sea", "river", "stream", "border", "crest", "slope", "hedge", "wall", "wire", "narrow_street")

ROAD_CASING_WIDTH = 0.20
ROAD_FILL_WIDTH = 0.11
TRACK_WIDTH = 0.075
TRACK_DASH = (3.0, 2.0)


def hexside_pen(feature: str, size: float, scale: float) -> QPen:
    """The pen for a hexside feature at hex ``size``, never under about a device pixel."""
    stroke = HEXSIDE_STROKES[feature]
    pen = QPen(stroke.colour, max(stroke.width * size, 1.2 / scale), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    if stroke.dash:
        pen.setDashPattern(list(stroke.dash))
        pen.setCapStyle(Qt.FlatCap)
    return pen


def road_pens(size: float, scale: float) -> tuple[QPen, QPen]:
    """A Road is drawn twice: a dark casing, then a lighter fill down its middle."""
    casing = max(ROAD_CASING_WIDTH * size, 2.2 / scale)
    fill = casing * ROAD_FILL_WIDTH / ROAD_CASING_WIDTH
    return (QPen(ROAD_CASING, casing, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin),
            QPen(ROAD_FILL, fill, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))


def track_pen(size: float, scale: float) -> QPen:
    pen = QPen(TRACK, max(TRACK_WIDTH * size, 1.0 / scale), Qt.SolidLine, Qt.FlatCap, Qt.RoundJoin)
    pen.setDashPattern(list(TRACK_DASH))
    return pen


MINOR_ROAD_SHARE = 0.62  # a minor road's widths, of a major road's


def minor_road_pens(size: float, scale: float) -> tuple[QPen, QPen]:
    """A minor road (The Ardennes 1994: Secondary) is a narrower cased road."""
    casing = max(ROAD_CASING_WIDTH * MINOR_ROAD_SHARE * size, 1.6 / scale)
    fill = casing * ROAD_FILL_WIDTH / ROAD_CASING_WIDTH
    return (QPen(ROAD_CASING, casing, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin),
            QPen(ROAD_FILL, fill, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))


# How each game's road kinds are drawn: "road" (cased), "minor" (narrower cased), "track" (dashed).
ROAD_LOOKS = {"road": "road", "primary": "road", "secondary": "minor", "track": "track", "paved": "road",
              "unpaved": "minor"}

# Zones some games mark on the map (The Ardennes 1994: the Eastern Zone of 2.5a; Ardennes 1944: west of
# the Meuse, 16.2), washed over the fill.
ZONE_WASHES = {"eastern_zone": QColor(139, 69, 60, 42), "west_of_meuse": QColor(70, 90, 150, 30)}

# When a hex has several terrains, the fill comes from the first of these it has;
# the others are drawn as symbols on top (1.3: a hex has a list of terrains).
BASE_FILL_ORDER = ("city", "stone_building", "two_story_house", "wooden_building", "bridge", "forest", "pine_woods",
                   "marsh", "woods", "rough", "brush", "orchard", "river", "stream")
BASE_FILLS = {"city": CITY, "forest": FOREST, "marsh": MARSH, "woods": WOODS, "rough": ROUGH, "pine_woods": PINE_WOODS,
              "brush": BRUSH, "orchard": ORCHARD, "stone_building": BUILDING, "two_story_house": BUILDING,
              "wooden_building": WOODEN_BUILDING, "bridge": QColor("#8a8a8a"), "river": WATER, "stream": STREAM}

TERRAIN_WORDS = {
    "open": "Open",
    "woods": "Woods",
    "forest": "Forest",
    "marsh": "Marsh",
    "slope": "Slope",
    "city": "City",
    "village": "Village",
    "west_wall": "West Wall",
    "traffic_jam": "Traffic Jam",
    "poi": "Point of Interest",
    "eastern_zone": "Eastern Zone",
    "rough": "Rough",
    "west_of_meuse": "West of the Meuse",
    "pine_woods": "Pine Woods",
    "brush": "Brush",
    "orchard": "Orchard",
    "stone_building": "Stone Building",
    "wooden_building": "Wooden Building",
    "two_story_house": "Two-Story House",
    "steeple": "Steeple",
    "river": "River",
    "ford": "Ford",
    "bridge": "Bridge",
    "culvert": "Stream Culvert",
    "railway": "Railway",
}
HEXSIDE_WORDS = {
    "meuse": "Meuse River",
    "river": "River",
    "stream": "Stream",
    "sea": "Sea Line",
    "border": "National Border",
    "crest": "Crest Line",
    "slope": "Slope",
    "wall": "Wall",
    "hedge": "Hedge",
    "wire": "Barbed-Wire Fence",
    "narrow_street": "Narrow Street",
}
ROAD_WORDS = {"road": "Road", "track": "Track", "primary": "Primary Road", "secondary": "Secondary Road",
              "paved": "Paved Road", "unpaved": "Unpaved Road"}
