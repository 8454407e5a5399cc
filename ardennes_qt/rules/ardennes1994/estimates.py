"""The stated rules that give the counters of The Ardennes (1994) their values.

The rules document prints unit names only (checklist M7).  The first paragraph above is
shown to players, with the estimates table's reason, as why each estimated value is what it
is.  Each function below is one rule; its docstring says what it rests on, and the numbers
are data (``tables/estimates.toml``, editable as a house rule).
``scenarios/ardennes1994/counters.csv`` holds the results with their provenance (``rule``
where the seed says it, ``estimated`` otherwise); a test re-derives every value from these
functions, so the file cannot drift.

Two kinds of counter have a second side that is not a step loss (``Counter.sides``):
artillery shows its mode (1.10a: the fire side is ``full``, the move side ``sides["move"]``)
and engineers their Engineer (``full``) and Bridge (``sides["bridge"]``) sides (2.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

from ardennes_qt.core.units import Values
from ardennes_qt.rules.ardennes1994.tables import table

RULE = "rule"
ESTIMATED = "estimated"
MECH = "mech"
OTHER = "leg"  # the TEC's "Other" column, stored as the program's non-mechanized class

# 1.6: the mechanized types the seed lists (for the rest, the class is estimated).
MECH_TYPES_PRINTED = ("Pz Bn", "Tiger Bn", "Flk Tiger Bn", "AG Bn", "PJ Bn", "TD Bn", "Mech Inf Rgt", "Mech Inf Bn",
                      "Aufklärungs Bn", "Arm Bn", "Arm Cav Bn", "Engineer Grp", "Supply Unit")
ENGINEER = "Engineer Grp"
MOVE = "move"  # an artillery unit's move side (1.10a)
BRIDGE = "bridge"  # an engineer's Bridge side (2.3)
SUPPLY = "Supply Unit"
GREIF = "Greif Team"


@dataclass(frozen=True)
class CounterValues:
    """A counter's values and where each comes from."""

    full: Values
    reduced: Values | None
    steps: int
    ma_type: str
    sources: dict[str, str]  # field -> "rule" / "estimated"
    sides: dict[str, Values] = field(default_factory=dict)  # other sides by name (move, bridge)


def is_artillery(unit_type: str) -> bool:
    """1.10: artillery units, by their type words (Arty, Divarty, Werfer)."""
    return any(word in unit_type for word in ("Arty", "Divarty", "Werfer"))


def armoured_formation(formation_name: str) -> bool:
    """A KG of a Panzer, SS Panzer or Panzer Grenadier division or a Panzer brigade is an
    armoured battle group (the seed's glossary: KG Kampfgruppe, Pz Panzer, PG Panzer
    Grenadier); a KG of a VG or FJ division is infantry."""
    words = set(formation_name.replace(".", " ").split())
    return bool(words & set(table("estimates")["armoured"]["words"]))


def type_row(unit_type: str, side: str, formation_name: str) -> dict:
    """The row of ``estimates.toml [types]`` a unit takes: US infantry regiments have their
    own (stronger than a VG regiment), KGs of armoured formations theirs."""
    types = table("estimates")["types"]
    if unit_type == "KG" and armoured_formation(formation_name):
        return types["armoured KG"]
    if unit_type == "Inf Rgt" and side == "Allied":
        return types["US Inf Rgt"]
    try:
        return types[unit_type]
    except KeyError:
        raise ValueError(f"no estimate for the unit type '{unit_type}' (estimates.toml [types])") from None


def barrage_strength(unit_type: str, name: str) -> int:
    """The barrage strength on an artillery unit's fire side, by its type words; a US Arty Grp
    by its calibre (105mm weaker, 8 inch stronger than the 155mm groups)."""
    strengths = table("estimates")["artillery"]
    if unit_type == "Arty Grp" and name.startswith("105"):
        return int(strengths["105mm Arty Grp"])
    if unit_type == "Arty Grp" and name.startswith("8"):
        return int(strengths["8 inch Arty Grp"])
    try:
        return int(strengths[unit_type])
    except KeyError:
        raise ValueError(f"no barrage strength for '{unit_type}' (estimates.toml [artillery])") from None


def long_range(name: str, unit_type: str) -> bool:
    """1.10: 8-inch guns and Werfers reach 4 hexes; all other artillery 3."""
    words = table("barrage")["artillery"]["long_range_types"]
    return any(w in name or w in unit_type for w in words)


def reduced_side(full: Values, steps: int) -> Values | None:
    """1.4: the back side, shown after the first step loss: attack and defense halved, rounded
    up, the MA unchanged (strength does not change after the first flip); none for one step."""
    if steps <= 1:
        return None
    attack = ceil(full.attack / 2) if full.attack is not None else None
    return Values(attack, ceil(full.defense / 2), full.movement)


def counter_values(unit_type: str, side: str, formation_name: str, name: str) -> CounterValues:
    """Every value of a counter, each by its stated rule."""
    movement = table("estimates")["movement"]
    if is_artillery(unit_type):
        strength = barrage_strength(unit_type, name)
        fire = Values(None, 1, int(movement["artillery_fire"]), strength)
        move = Values(None, 1, int(movement["artillery_move"]), ceil(strength / 2))
        # 1.10E defense 1, 1.4 one step, 1.6 mechanized for movement: printed rules
        return CounterValues(fire, None, 1, MECH, {"full": ESTIMATED, "reduced": RULE, "steps": RULE,
                                                   "ma_type": RULE, "exploit": RULE}, {MOVE: move})
    row = type_row(unit_type, side, formation_name)
    cls = MECH if row["class"] == "mech" else OTHER
    ma = int(movement["supply"]) if unit_type == SUPPLY else int(movement[row["class"]])
    full = Values(int(row["attack"]), int(row["defense"]), ma)
    sources = {"full": ESTIMATED, "reduced": ESTIMATED, "steps": ESTIMATED,
               "ma_type": RULE if unit_type in MECH_TYPES_PRINTED else ESTIMATED, "exploit": RULE}
    steps = int(row["steps"])
    if unit_type == ENGINEER:
        # 2.3: the Bridge side does not move and, emplaced, has no defense (2.3d)
        return CounterValues(full, None, 1, cls, {**sources, "reduced": RULE, "steps": RULE}, {BRIDGE: Values(0, 0, 0)})
    if unit_type in (SUPPLY, GREIF):
        sources["steps"] = RULE  # 2.4: steps for stacking only; 2.1bD: one step once Open
    return CounterValues(full, reduced_side(full, steps), steps, cls, sources)
