"""The Ardennes (1994)'s legend: its map symbols with the rules of its Terrain Effects Chart,
the unit symbols of its counters, and the parts of a counter as the program draws them."""

from __future__ import annotations

from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.legend_data import Legend

MAP_ENTRIES = (
    (("fill", "open"), "Open (TEC)"),
    (("fill", "forest", "forest_trees"), "Forest (TEC)"),
    (("fill", "open", "village"), "Village (TEC)"),
    (("fill", "forest", "village"), "Forest & Village: both (TEC)"),
    (("fill", "city", "city"), "City (TEC; Liège is six hexes)"),
    (("mark", "traffic_jam"), "Map Traffic Jam (1.5b)"),
    (("zone", "eastern_zone"), "Eastern Zone: German supply (2.5a)"),
    (("side", "meuse"), "Major River, the Meuse (hexside)"),
    (("side", "river"), "River (hexside)"),
    (("road", "primary"), "Primary Road"),
    (("road", "secondary"), "Secondary Road"),
    (("bridge", False), "Bridge (blown or repaired, 3.1)"),
    (("entry", "A"), "Entry area (German A–D, US E–N)"),
    (("place",), "City with its victory points (4.2, estimated)"),
    (("play",), "Outside the scenario's play area: shaded grey and hatched, its edge red"),
)

SYMBOL_ENTRIES = (
    ("Inf Rgt", "Infantry"), ("FJ Rgt", "Airborne (Fallschirmjäger, US Abn)"), ("PG Rgt", "Mechanized infantry"),
    ("Arm Bn", "Armour (and Combat Commands)"), ("TD Bn", "Tank destroyers"), ("AG Bn", "Assault guns"),
    ("Cav Bn", "Cavalry, reconnaissance"), ("Arty Rgt", "Artillery (barrage strength in brackets)"),
    ("Werfer Bde", "Rocket artillery (Werfer)"), ("Engineer Grp", "Engineers: bridge side (2.3)"),
    ("KG", "Kampfgruppe: a battle group"), ("Glider Rgt", "Glider infantry"),
)

COUNTER_NOTES = (
    "Body: nationality colour",
    "Band: formation colour, designation",
    "Above the symbol: size (II Bn, III Rgt, X Bde, KG, CC)",
    "Values: attack-defense-movement; artillery [barrage]-defense-movement (1.10)",
    "Movement box: black = Mech, white = Other (1.6)",
    "Pale band, white stripe: a step lost (1.4)",
    "Red tag: DG (Disorganized, 1.11)",
    "Amber dot: the values are estimated: the rules print none",
)

COUNTER_WORDS = ("A counter as the program draws it: the formation's colour across the top with the designation, "
                 "the unit size and NATO symbol, the values. The rules print no values: every one is estimated by a "
                 "stated rule. The movement allowance is boxed black for Mech and white for Other (1.6).")

SAMPLES = (
    UnitView(id="sample", name="KG Peiper-A", side="German", nationality="Waffen-SS", formation="1SS",
             formation_name="1 SS Pz Div", unit_type="KG", designation="Peiper-A", values="6-4-12", full_values="6-4-12",
             reduced_values="3-2-12", steps=2, max_steps=2, hex=None, where="map", dg=True, reduced=False, ma_type="mech",
             exploit=False, artillery=False, estimated=("full", "reduced")),
    UnitView(id="sample2", name="393 Inf Rgt", side="Allied", nationality="US", formation="99ID",
             formation_name="99 Inf Div", unit_type="Inf Rgt", designation="393", values="2-2-6", full_values="3-4-6",
             reduced_values="2-2-6", steps=2, max_steps=3, hex=None, where="map", dg=False, reduced=True, ma_type="leg",
             exploit=False, artillery=False, estimated=("full", "reduced")),
)

LEGEND = Legend(MAP_ENTRIES, SYMBOL_ENTRIES, COUNTER_NOTES, COUNTER_WORDS, SAMPLES)
