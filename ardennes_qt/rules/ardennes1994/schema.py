"""What The Ardennes (1994) is made of, as the program at large needs to know it: sides,
counter values, statuses, map vocabulary, numbering and dice (seed 002)."""

from __future__ import annotations

from ardennes_qt.core.system import SystemSchema, Word

SCHEMA = SystemSchema(
    system="ardennes1994",
    title="The Ardennes (1994)",
    publisher="The Gamers, Standard Combat Series (1994)",
    sides=("German", "Allied"),
    value_fields=(
        Word("attack", "Attack", "1.4"),
        Word("defense", "Defense", "1.4"),
        Word("movement", "MA", "1.5"),
        Word("bracket", "Barrage", "1.10", "artillery print their barrage strength in brackets; range 3 hexes, 4 for 8-inch and Werfer"),
    ),
    value_format="attack-defense-movement",
    statuses=(
        Word("dg", "DG", "1.11", "Disorganized: cannot attack or barrage, defends and moves at half, no ZOC"),
        Word("reserve", "Reserve", "1.8", "may move and overrun in the Exploitation Phase only"),
        Word("hidden", "Hidden", "2.1b", "a Greif Team not yet revealed"),
        Word("out_of_supply", "Out of Supply", "1.14",
             "found out of supply in its side's last Supply Phase: attack x1/4, defense and barrage x1/2, "
             "Mech MA x1/4, other MA x1/2, no Reserve"),
    ),
    hex_terrain=(
        Word("open", "Open", "TEC"),
        Word("forest", "Forest", "TEC"),
        Word("village", "Village", "TEC"),
        Word("city", "City", "TEC"),
        Word("traffic_jam", "Map Traffic Jam", "1.5b"),
        Word("eastern_zone", "Eastern Zone", "2.5a"),
    ),
    hexside_features=(Word("meuse", "Major River (Meuse)", "TEC"), Word("river", "River", "TEC")),
    road_kinds=(Word("primary", "Primary Road", "TEC"), Word("secondary", "Secondary Road", "TEC")),
    markers=(
        Word("dg", "DG", "1.11"),
        Word("reserve", "Reserve", "1.8"),
        Word("bridge_blown", "Blown bridge", "3.1"),
        Word("dump", "Supply Dump", "3.3"),
        Word("drop", "vdH Drop Marker", "2.2"),
        Word("control", "City control", "4.2"),
    ),
    numbering="scs",
    dice="d66",
    entry_areas={"German": "ABCD", "Allied": "EFGHIJKLMN"},
    stacks_move=False,  # 1.5a: units move one at a time
    movement_classes={"mech": "Mech", "leg": "Other"},  # 1.6: Mech units and all others
    exploit_banners=False,  # 1.8: Reserve markers, not banners, say who exploits
)
