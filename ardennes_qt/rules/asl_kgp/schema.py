"""What ASL *Kampfgruppe Peiper* is made of, as the program at large needs to know it: sides, map
vocabulary (chapter P and the terrain it leans on), numbering and dice (seed 001).

The program does not play ASL: the rulebook is not at hand, so there are no counter values to
check and no statuses to keep; the table moves counters freely (``rules_of_play`` False)."""

from __future__ import annotations

from ardennes_qt.core.system import SystemSchema, Word

SCHEMA = SystemSchema(
    system="asl_kgp",
    title="Kampfgruppe Peiper (ASL)",
    publisher="Multi-Man Publishing, Advanced Squad Leader historical module (chapter P)",
    # The rules' "U.S." is the program's Allied side (its nationality US): the sides every game's content
    # is checked against are Allied and German.  The German side moves first in CG I (8.51).
    sides=("German", "Allied"),
    value_fields=(Word("values", "Values", "", "as printed on the counter (the ASL rulebook is not in the program)"),),
    value_format="values",
    statuses=(),
    hex_terrain=(
        Word("open", "Open Ground", "B"),
        Word("woods", "Woods", "B13"),
        Word("pine_woods", "Pine Woods", "P1", "a two-level LOS obstacle; woods in all else"),
        Word("brush", "Brush", "B"),
        Word("orchard", "Orchard", "B", "a Hindrance"),
        Word("stone_building", "Stone Building", "B"),
        Word("wooden_building", "Wooden Building", "B"),
        Word("two_story_house", "Two-Story House", "P5.3", "a 1½-level obstacle with ground and 1st-level Locations"),
        Word("steeple", "Steeple", "P5.2", "a building Location above the building's highest level"),
        Word("stream", "Stream", "P4.1", "a depression; woods, brush or orchard in it rise from its Crest level"),
        Word("river", "River", "B"),
        Word("ford", "Ford", "P4.3"),
        Word("bridge", "Bridge", "B"),
        Word("culvert", "Stream Culvert", "P4.2"),
        Word("railway", "Railway", "B"),
    ),
    hexside_features=(
        Word("crest", "Crest Line", "B10", "where two hexes' base levels differ"),
        Word("wall", "Wall", "B9", "a Hillside wall where the two levels differ (P6)"),
        Word("hedge", "Hedge", "B9", "a Hillside hedge where the two levels differ (P6)"),
        Word("wire", "Barbed-Wire Fence", "P3"),
        Word("narrow_street", "Narrow Street", "P5.1"),
    ),
    road_kinds=(Word("paved", "Paved Road", "B3"), Word("unpaved", "Unpaved Road", "B3")),
    markers=(),
    numbering="asl",
    dice="2d6",
    entry_areas={},
    stacks_move=True,
    movement_classes={},
    exploit_banners=False,
    rules_of_play=False,
    map_levels=True,
)
