"""Combat odds (checklist items 32-34, 7; 1.6, 3.2b, TEC, CRT note): both sides' strengths,
the raw odds, every column shift with its reason and rule, the final column and the exact
chance of every result on the d66 Combat Results Table.

Shifts are whole columns, negative to the left (the attacker's loss): the defender's hex
terrain (Village 1L, City 3L, Forest 1L, Forest & Village 2L), the Armor Effect (1L more in
City or Forest terrain when half or more of the attacking strength is mechanized) and US
Air Points, one column each in the US player's favour (3.2b).  The rounding and what odds
beyond the table do are SCS series rules (provisional: ``series.toml [odds]``).
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phases import ALLIED
from ardennes_qt.rules.ardennes1994.situation import mech, side_of
from ardennes_qt.rules.ardennes1994.strengths import attack_strength, cannot_attack, defenders_in, defense_strength
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table, table_cache, terrain_chart
from ardennes_qt.rules.ardennes1994.terrain import hex_kind
from ardennes_qt.rules.common.crt import CombatTable, ratio_name
from ardennes_qt.rules.scs.odds import OddsReport, Strength, rounded_ratio, strength_text

TERRAIN_NAMES = {"village": "Village", "city": "City", "forest": "Forest", "forest_village": "Forest & Village"}


@table_cache
def combat_table() -> CombatTable:
    """The Combat Results Table (``tables/crt.toml``; item 32)."""
    return CombatTable.from_data(table("crt"))


def terrain_shift(content: Content, defender_hex: Hex) -> tuple[int, str, str] | None:
    """TEC: the defender's hex terrain shifts the attack left (Village 1, City 3, Forest 1,
    Forest & Village 2: the cumulative effects of a village in forest are their own row)."""
    kind = hex_kind(content.map.terrain(defender_hex))
    columns = terrain_chart().hexes[kind].shift
    if not columns:
        return None
    return -columns, f"defender in {TERRAIN_NAMES[kind]}", "TEC"


def armor_effect(content: Content, defender_hex: Hex, attackers: tuple[Strength, ...]) -> tuple[int, str, str] | None:
    """1.6, CRT note: 1 more column left when the defender is in Armor Effect terrain (City,
    Forest, Forest & Village) and half or more of the attacking strength is mechanized."""
    kind = hex_kind(content.map.terrain(defender_hex))
    if not terrain_chart().hexes[kind].armor_effect:
        return None
    total = sum((s.value for s in attackers), Fraction(0))
    mechanized = sum((s.value for s in attackers if mech(content, s.unit)), Fraction(0))
    if not total or mechanized * 2 < total:
        return None
    return -1, (f"Armor Effect: {strength_text(mechanized)} of {strength_text(total)} attacking strength is "
                f"mechanized in {TERRAIN_NAMES[kind]}"), "1.6, CRT note"


def air_shift(attacking_side: str, air_attack: int, air_defense: int) -> tuple[int, str, str] | None:
    """3.2b: each US Air Point spent in a combat is one column in the US player's favour."""
    if attacking_side == ALLIED and air_attack:
        return air_attack, f"{air_attack} US Air Point(s) spent for the attack", "3.2b"
    if attacking_side != ALLIED and air_defense:
        return -air_defense, f"{air_defense} US Air Point(s) spent for the defense", "3.2b"
    return None


def check_attack(content: Content, state: GameState, attacker_ids, defender_hex: Hex, launch: Hex | None = None) -> str:
    """The attacking side, once every attacker may attack ``defender_hex`` (from ``launch`` for
    an overrun); else Refused."""
    if not attacker_ids:
        raise Refused("no attacking units given", "SCS combat")
    unknown = [u for u in attacker_ids if u not in state.units]
    if unknown:
        raise Refused(f"no such unit: {', '.join(unknown)}")
    sides = {side_of(content, u) for u in attacker_ids}
    if len(sides) != 1:
        raise Refused("the attackers belong to both sides", "SCS combat")
    side = sides.pop()
    where = content.map.hex_id(defender_hex)
    defenders = defenders_in(content, state, defender_hex)
    if not defenders:
        raise Refused(f"nothing in {where} can be attacked: Supply Units, Hidden Greif Teams and emplaced bridges "
                      "do not defend (the enemy entering destroys or passes them)", "2.4, 2.1bB, 2.3d")
    if side_of(content, defenders[0]) == side:
        raise Refused(f"{where} holds friendly units", "SCS combat")
    for uid in attacker_ids:
        h = launch if launch is not None else state.units[uid].hex
        why = cannot_attack(content, state, uid, h, defender_hex)
        if why:
            raise Refused(*why)
    return side


def combat_odds(content: Content, state: GameState, attacker_ids, defender_hex: Hex, *, launch: Hex | None = None,
                air_attack: int = 0, air_defense: int = 0) -> OddsReport:
    """The odds of an attack or, with ``launch``, of an overrun from that hex (1.7)."""
    attacker_ids = tuple(attacker_ids)
    side = check_attack(content, state, attacker_ids, defender_hex, launch)
    attackers = tuple(attack_strength(content, state, u, launch or state.units[u].hex, defender_hex) for u in attacker_ids)
    defenders = tuple(defense_strength(content, state, u) for u in defenders_in(content, state, defender_hex))
    attack = sum((s.value for s in attackers), Fraction(0))
    defense = sum((s.value for s in defenders), Fraction(0))
    rules = table("series")["odds"]
    rounding = str(rules.get("rounding", "defender"))
    crt = combat_table()
    notes = []
    if provisional_reason("series", "odds"):
        how = "in the defender's favour" if rounding == "defender" else "to the nearest whole ratio"
        notes.append((f"≈ fractions kept, the odds rounded {how}: provisional SCS series rules", "SCS series rules, provisional"))
    shifts = [s for s in (terrain_shift(content, defender_hex), armor_effect(content, defender_hex, attackers),
                          air_shift(side, air_attack, air_defense)) if s]
    if not defense:  # defenders whose every strength is gone: no odds can be worse for them
        ratio, position = None, len(crt.columns) - 1
    else:
        ratio = rounded_ratio(attack, defense, rounding)
        position = crt.position(ratio)
    if rules.get("shifts_from", "true_odds") == "table":
        position = min(max(position, 0), len(crt.columns) - 1)
    final = position + sum(s for s, _, _ in shifts)
    end = crt.off_table(final)
    if shifts and crt.off_table(position):
        notes.append(("≈ the shifts count from the true odds, off the table: provisional SCS series rule",
                      "SCS series rules, provisional"))
    if end:
        notes.append((f"≈ odds {'worse' if end == 'below' else 'better'} than the table are resolved on "
                      f"{crt.column_at(final)}: provisional SCS series rule", "SCS series rules, provisional"))
    column = crt.column_at(final)
    if column in crt.columns[-2:] and provisional_reason("crt", "header_reading"):
        notes.append(("≈ the last two column headers are garbled in the rules; read as 7:1-8:1 and 9:1 or more", "CRT headers, provisional reading"))
    raw = ratio_name(ratio) if ratio is not None else "no defense"
    return OddsReport(attackers, defenders, attack, defense, raw, tuple(shifts), column, True,
                      tuple(notes), crt.chances(column))

