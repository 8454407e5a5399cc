"""What Ardennes II is made of, as the program at large needs to know it: sides, counter
values, statuses, map vocabulary, numbering and dice (seeds 000, 003)."""

from __future__ import annotations

from ardennes_qt.core.mapdata import HEX_TERRAIN, HEXSIDE_FEATURES, ROAD_KINDS
from ardennes_qt.core.map_markers import AIR_SUPPLY, BARRAGE_FULL, BARRAGE_HALF, BRIDGE_BLOWN, BRIDGE_TESTED, CONTROL
from ardennes_qt.core.system import SystemSchema, Word

_TERRAIN_WORDS = {
    "open": "Open", "woods": "Woods", "forest": "Forest", "marsh": "Marsh", "slope": "Slope", "city": "City",
    "village": "Village", "west_wall": "West Wall", "traffic_jam": "Traffic Jam", "poi": "Point of interest",
}
_HEXSIDE_WORDS = {"meuse": "Meuse River", "river": "River", "stream": "Stream", "sea": "Sea", "border": "Border"}
_ROAD_WORDS = {"road": "Road", "track": "Track"}

SCHEMA = SystemSchema(
    system="ardennes2",
    title="Ardennes II",
    publisher="Multi-Man Publishing, Standard Combat Series (2023)",
    sides=("German", "Allied"),
    value_fields=(
        Word("attack", "Attack", "1.2"),
        Word("defense", "Defense", "1.2"),
        Word("movement", "MA", "1.2"),
        Word("range", "Range", "3.5", "artillery print their range in brackets instead of an attack strength"),
    ),
    value_format="attack-defense-movement",
    statuses=(Word("dg", "DG", "3.4", "Disorganized"),),
    hex_terrain=tuple(Word(t, _TERRAIN_WORDS[t], "TEC") for t in HEX_TERRAIN if t in _TERRAIN_WORDS),
    hexside_features=tuple(Word(f, _HEXSIDE_WORDS[f], "TEC") for f in HEXSIDE_FEATURES if f in _HEXSIDE_WORDS),
    road_kinds=tuple(Word(k, _ROAD_WORDS[k], "TEC") for k in ROAD_KINDS if k in _ROAD_WORDS),
    markers=(
        Word(BARRAGE_FULL, "Full barrage", "3.5"),
        Word(BARRAGE_HALF, "Half barrage", "3.5"),
        Word(BRIDGE_BLOWN, "Blown bridge", "3.8"),
        Word(BRIDGE_TESTED, "Bridge tested", "3.8"),
        Word(AIR_SUPPLY, "Air Supply", "2.2, 3.7"),
        Word(CONTROL, "VP hex control", "6.0"),
    ),
    numbering="scs",
    dice="2d6",
    entry_areas={"German": "ABCD", "Allied": "FGHIJKLMNOP"},
)
