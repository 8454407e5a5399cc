"""What ASL *Kampfgruppe Peiper* is made of, as the program at large needs to know it: sides, map
vocabulary (chapter P and the terrain it leans on), numbering and dice (seed 001).

The program does not play ASL: the rulebook is not at hand, so there are no counter values to
check and no statuses to keep; the table moves counters freely (``rules_of_play`` False).  The
counters are generic, one for each unit the Initial Scenarios' OBs print (8.51-8.53): a name and
a type as printed, the RG it is (8.619), the OB that gives it; no ASL values."""

from __future__ import annotations

from ardennes_qt.core.system import SystemSchema, Word
from ardennes_qt.core.units import Column, UnitColumns

# The sides as the rules name them (8.2, 8.51-8.53).  The first moves first in CG I (8.51); in
# CG II and III the U.S. moves first, which each scenario says.
US, GERMAN = "U.S.", "German"
SIDES = (GERMAN, US)
# SS: the OBs say SS (SS PzGr, SS Inf, SS MG) or SS-Panzer Regiment 1 (the Pz V and IV Sections of
# CG I); German: the OB does not say (FlaK-Sturm Abteilung 84's AA sections, CG III's PzKpfw VIB).
NATIONALITIES = {US: ("US",), GERMAN: ("SS", "German")}
# What a counter is, as the OBs print it: a Platoon or Section RG (8.619), a vehicle, a gun, a crew,
# a leader.
COUNTER_TYPES = ("Platoon", "Section", "Vehicle", "Gun", "Crew", "Leader")

COUNTER_COLUMNS = (
    Column("id", field="id"),
    Column("side", field="side"),
    Column("nationality", field="nationality"),
    Column("formation", field="formation"),  # none yet: the OBs name no formation a counter belongs to
    Column("name", field="name"),  # as the OB prints it: "Inf Pltn", "76L AT", "M4A3 MT"
    Column("type", field="unit_type"),  # one of COUNTER_TYPES
    Column("rg", label="RG"),  # the RG chart's ID (8.6191) of a Pltn/Sect RG
    Column("ob", label="OB"),  # the Initial OB that gives it, with its rule
    Column("steps", kind="int", field="steps"),
    Column("notes", field="notes"),
)
FORMATION_COLUMNS = (
    Column("code", field="code"),
    Column("name", field="name"),
    Column("side", field="side"),
    Column("nationality", field="nationality"),
    Column("colour", field="colour"),
)
UNIT_COLUMNS = UnitColumns(COUNTER_COLUMNS, FORMATION_COLUMNS, NATIONALITIES)

SCHEMA = SystemSchema(
    system="asl_kgp",
    title="Kampfgruppe Peiper (ASL)",
    publisher="Multi-Man Publishing, Advanced Squad Leader historical module (chapter P)",
    sides=SIDES,
    value_fields=tuple(Word(c.name, c.heading) for c in COUNTER_COLUMNS if not c.field),
    # The counter shows its name and type, no ASL values (the ASL rulebook is not in the program).
    value_format="",
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
    unit_columns=UNIT_COLUMNS,
    map_levels=True,
)
