"""What Vae Victis *Ardennes 1944* is made of, as the program at large needs to know it: its
counters' printed values (1.1-1.2: strength, quality, C3I, support rating, AP, MP...),
formations in three levels (army > corps > division) and the scenario sections its rules
read (divisions placed over two hexes, support pools and their additions).

Imports nothing of any other game.  The vocabularies the rules will bring (statuses,
terrain, markers) are left empty until they exist.
"""

from __future__ import annotations

from ardennes_qt.core.scenario import EntryField, ScenarioSection
from ardennes_qt.core.system import SystemSchema, Word
from ardennes_qt.core.units import Column, UnitColumns

SYSTEM = "vv1944"
SIDES = ("Allied", "German")
NATIONALITIES = {"Allied": ("US", "British"), "German": ("German",)}
LEVELS = ("army", "corps", "division")
# printed: the seed gives the value; rule: a printed rule does; estimated: tables/estimates.toml.
SOURCES = ("printed", "rule", "estimated", "user")

COUNTER_COLUMNS = (
    Column("id", field="id"),
    Column("side", field="side"),
    Column("nationality", field="nationality"),
    Column("army", sourced=True, label="Army"),
    Column("corps", sourced=True, label="Corps"),
    Column("formation", label="Division"),  # the division's printed name
    Column("formation_code", field="formation"),
    Column("name", field="name"),
    Column("kind", label="Kind"),
    Column("type", sourced=True, label="Type"),
    Column("steps", kind="int", field="steps", sourced=True),
    Column("strength", kind="int", sourced=True, label="Strength"),
    Column("quality", kind="int", sourced=True, label="Quality"),
    Column("c3i", kind="letter", sourced=True, label="C3I"),
    Column("support", kind="int", sourced=True, label="Support"),
    Column("ap", kind="int", sourced=True, label="AP"),
    Column("mp", kind="int", sourced=True, label="MP"),
    Column("in_trucks", kind="yesno", sourced=True, label="In trucks"),
    Column("notes", field="notes"),
)
FORMATION_COLUMNS = (
    Column("code", field="code"),
    Column("level", field="level"),
    Column("name", field="name"),
    Column("aliases", field="aliases"),
    Column("side", field="side"),
    Column("nationality", field="nationality"),
    Column("army", sourced=True, label="Army"),
    Column("parent", field="parent", sourced=True),
    Column("hq", label="HQ"),
    Column("colour", sourced=True, label="Colour"),  # the printed word; colour_hex renders it
    Column("colour_hex", field="colour"),
    Column("independent", field="independent"),
    Column("detachment_markers", kind="int", sourced=True, label="Detachment markers"),
    Column("notes", label="Notes"),
)
UNIT_COLUMNS = UnitColumns(COUNTER_COLUMNS, FORMATION_COLUMNS, NATIONALITIES, LEVELS, SOURCES)

SCENARIO_SECTIONS = (
    # The keys a set-up line adds: the army heading it stands under, the printed place, the
    # units printed "IP" (they begin in Improved Positions), a note.
    ScenarioSection("setup", (EntryField("army", "formation"), EntryField("place"), EntryField("ip", "ids"),
                              EntryField("note"))),
    # A division printed on two hexes: the German player places its counters, one at least in each.
    ScenarioSection("setup_split", (EntryField("side", "side", True), EntryField("army", "formation"),
                                    EntryField("hexes", "hexes", True), EntryField("printed"),
                                    EntryField("units", "ids", True), EntryField("rule")), places_units=True),
    # An army's support markers at the start, by kind (1.6).
    ScenarioSection("support_pool", (EntryField("army", "formation", True), EntryField("printed"),
                                     EntryField("note")), others="int"),
    # Markers added to an army's pool on a turn (ooa.toml).
    ScenarioSection("support", (EntryField("turn", "int", True), EntryField("army", "formation", True),
                                EntryField("printed"), EntryField("note")), file="ooa", others="int"),
    # The keys an arrival adds: its hexes and places, the printed line, in trucks (16.1), independent.
    ScenarioSection("arrival", (EntryField("hexes", "hexes"), EntryField("places", "texts"), EntryField("printed"),
                                EntryField("in_trucks", "bool"), EntryField("independent", "bool")), file="ooa"),
)


def schema() -> SystemSchema:
    return SystemSchema(
        system=SYSTEM,
        title="Ardennes 1944",
        publisher="Vae Victis",
        sides=SIDES,
        value_fields=tuple(Word(c.name, c.heading) for c in COUNTER_COLUMNS if not c.field),
        value_format="strength, quality, AP, MP",
        statuses=(),
        hex_terrain=(),
        hexside_features=(),
        road_kinds=(),
        markers=(),
        numbering="xxyy",
        dice="1d6",
        movement_classes={},
        exploit_banners=False,
        unit_columns=UNIT_COLUMNS,
        scenario_sections=SCENARIO_SECTIONS,
    )
