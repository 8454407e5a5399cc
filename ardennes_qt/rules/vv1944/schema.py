"""What Vae Victis *Ardennes 1944* is made of, as the program at large needs to know it: its
counters' printed values (1.1-1.2: strength, quality, C3I, support rating, AP, MP...),
formations in three levels (army > corps > division) and the scenario sections its rules
read (divisions placed over two hexes, support pools and their additions).

Imports nothing of any other game.
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


# A unit's statuses (1.4), by the ids its state keeps; several at once, their effects cumulative.
ACTIVATED, FATIGUED, IN_IP, OUT_OF_COMMAND, ISOLATED, UNSUPPLIED, BREAKTHROUGH = (
    "activated", "fatigued", "in_ip", "out_of_command", "isolated", "unsupplied", "breakthrough")
STATUSES = (
    Word(ACTIVATED, "Activated", "3.1", "has been activated this turn: a second activation fatigues it"),
    Word(FATIGUED, "Fatigued", "3.5", "-1 AP, combat strength halved; 2 AP to recover"),
    Word(IN_IP, "In IP", "12", "Improved Position: -1 column in defense if all in the hex are in IP; no obligation to attack"),
    Word(OUT_OF_COMMAND, "Out of Command", "8.2", "general activations only, after a C3I check (9.4)"),
    Word(ISOLATED, "Isolated", "10.3", "armor, mech and HQ 2 AP; no Prepared Attack"),
    Word(UNSUPPLIED, "Unsupplied", "10.3", "1 AP; attack and defense halved; no Prepared Attack"),
    Word(BREAKTHROUGH, "Breakthrough", "7.8", "cancels enemy ZoC in its hex and around it until the end of the operations phase"),
)


# What the program does not play by the rules yet (the Situation, New Game and Help say so).
NOT_PLAYED_YET = (
    "Combat is played only in part: Normal and Prepared Attacks are rolled and their losses applied, but "
    "every result is taken as steps lost (no retreats, no advance after combat, no breakthrough), the program "
    "picks which unit loses each step (the one whose quality was used first), no support markers, air support "
    "or SNAFU are committed, and a unit that enters an enemy zone of control is not made to attack.",
    "Supply is traced on the provisional friendly edges of the representative map; the German fuel "
    "shortage (10.4) and the US Air Supply event are not played yet.",
    "Support markers are shared out among the HQs by the program; events, air support, detachments, "
    "fuel shortage and the Southern Front delay are not played yet.",
)


def schema() -> SystemSchema:
    return SystemSchema(
        system=SYSTEM,
        title="Ardennes 1944",
        publisher="Vae Victis 48 (2003)",
        sides=SIDES,
        value_fields=(
            Word("strength", "Strength", "1.1", "combat strength: 3 points a step (1.2)"),
            Word("steps", "Steps", "1.2", "strength steps left"),
            Word("quality", "Quality", "1.1", "die-roll modifier in combat and the C3I check (9.4)"),
            Word("support", "Support", "1.1", "an HQ's support rating: markers it may hold (1.6)"),
            Word("c3i", "C3I", "9.5", "an HQ's command rating, A (good) to C"),
        ),
        value_format="strength-steps-quality",
        statuses=STATUSES,
        hex_terrain=(
            Word("open", "Clear", "TEC"),
            Word("rough", "Rough", "TEC"),
            Word("forest", "Forest", "TEC"),
            Word("west_wall", "Westwall", "TEC"),
            Word("village", "Village", "TEC"),
            Word("city", "City", "TEC"),
            Word("west_of_meuse", "West of the Meuse", "16.2"),
        ),
        hexside_features=(Word("river", "River", "TEC, 13"), Word("meuse", "Meuse", "17")),
        road_kinds=(Word("road", "Road", "TEC, 6.2"),),
        markers=tuple(Word(w.id, w.label, w.rule) for w in STATUSES),
        numbering="xxyy",
        dice="1d6",
        stacks_move=True,  # 3.4.3: a unit or stack spends its AP
        movement_classes={"infantry": "Infantry", "mechanized": "Mechanized", "armored": "Armored"},
        exploit_banners=False,
        unit_columns=UNIT_COLUMNS,
        scenario_sections=SCENARIO_SECTIONS,
        not_played_yet=NOT_PLAYED_YET,
    )
