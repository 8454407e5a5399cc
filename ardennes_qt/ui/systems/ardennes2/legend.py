"""Ardennes II's legend: its map symbols (the Terrain Effects Chart's names, with their
rules), its unit symbols and the parts of its counters."""

from __future__ import annotations

from ardennes_qt.ui.legend_data import Legend

# (what to draw, words).  Terrain names follow the Terrain Effects Chart.
MAP_ENTRIES = (
    (("fill", "open"), "Open"),
    (("fill", "woods", "trees"), "Woods"),
    (("fill", "forest", "forest_trees"), "Forest"),
    (("fill", "marsh", "marsh"), "Marsh"),
    (("fill", "open", "slope"), "Slope"),
    (("fill", "city", "city"), "City"),
    (("fill", "open", "village"), "Village"),
    (("fill", "open", "west_wall"), "West Wall"),
    (("mark", "traffic_jam"), "Traffic Jam (turns 1–2, 3.1)"),
    (("mark", "poi"), "Point of Interest"),
    (("side", "meuse"), "Meuse River (hexside)"),
    (("side", "river"), "River (hexside)"),
    (("side", "stream"), "Stream (hexside)"),
    (("side", "sea"), "Sea Line (hexside)"),
    (("side", "border"), "National Border (hexside)"),
    (("road", "road"), "Road"),
    (("road", "track"), "Track"),
    (("bridge", False), "Bridge"),
    (("bridge", True), "German-built bridge (from its date, 3.8)"),
    (("mark", "plunger"), "Plunger: its bridges are primed (3.8)"),
    (("entry", "A"), "Entry area (German A–D, Allied F–P)"),
    (("place",), "Town with its victory points (6.0)"),
    (("play",), "Outside the scenario's play area (7.x): shaded grey and hatched, its edge red"),
)

SYMBOL_ENTRIES = (
    ("Inf Bn", "Infantry"), ("Pz Bn", "Armour"), ("Pz Recon Bn", "Armoured reconnaissance"),
    ("Arm Cav Bn", "Armoured cavalry"), ("PG Rgt", "Mechanized infantry"), ("Abn Bn", "Airborne"),
    ("Glider Bn", "Glider infantry"), ("Arty Rgt", "Artillery"), ("Werfer Bde", "Rocket artillery (Werfer)"),
    ("Pio Bn", "Engineers (Pioneers)"), ("JgPz Bn", "Tank destroyers (JgPz, Hetzer)"),
    ("StG Bde", "Assault guns (StG)"), ("Bicycle Bn", "Bicycle infantry"), ("MG Bn", "Machine guns"),
)

COUNTER_NOTES = (
    "Body: nationality colour (1.2)",
    "Band: formation colour, designation",
    "Above the symbol: size (I Co, II Bn, III Rgt, X Bde, KG, TF)",
    "Values: attack-defense-movement; artillery [range]-defense-movement",
    "Movement box: black = Mech, white = Leg (1.3)",
    "Yellow banner: exploit capable (1.2)",
    "Pale band, white stripe: reduced side",
    "Red tag: DG (Disorganized)",
    "Amber dot: the values showing are estimated",
)

COUNTER_WORDS = ("A counter as the program draws it: the formation's colour across the top with the designation, "
                 "the unit size and NATO symbol, the printed values. The movement allowance is boxed black for Mech "
                 "and white for Leg, and a yellow bar marks exploit capability: both are estimated.")

LEGEND = Legend(MAP_ENTRIES, SYMBOL_ENTRIES, COUNTER_NOTES, COUNTER_WORDS)
