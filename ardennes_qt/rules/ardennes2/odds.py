"""Combat odds (3.2 steps 3-4, checklist items 49-51): strengths, raw odds, column shifts
with their reasons, the final Combat Table column and the chance of every result.

Columns are counted on one scale: 1:1 is 0, n:1 is n-1, 1:n is -(n-1).  Raw odds follow
the provisional SCS rounding (series.toml); shifts count from the true odds and only the
final column is held to the printed table (1:4 ... 7:1+).  A shift is (columns, reason,
rule) with negative columns to the left, as the designer's notes write it ("-1").
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.series import SeriesRules, series_rules
from ardennes_qt.rules.ardennes2.situation import side_of
from ardennes_qt.rules.ardennes2.strengths import attack_strength, cannot_attack, defense_strength
from ardennes_qt.rules.ardennes2.tables import combat_table
from ardennes_qt.rules.ardennes2.terrain import defender_hex_shift, hexside_attack_shift
from ardennes_qt.rules.scs.odds import OddsReport, rounded_ratio

# Ways to throw each total with two dice, out of 36.
TWO_DICE = {total: 6 - abs(total - 7) for total in range(2, 13)}
HEX_TERRAIN_NAMES = {"west_wall": "West Wall"}
HEXSIDE_NAMES = {"meuse": "Meuse River", "river": "River", "stream": "Stream", "sea": "Sea Line"}


def column_name(index: int) -> str:
    return f"{index + 1}:1" if index >= 0 else f"1:{1 - index}"


def column_index(name: str) -> int:
    a, b = (int(x) for x in name.rstrip("+").split(":"))
    return a - 1 if b == 1 else 1 - b


def raw_odds_index(attack: Fraction, defense: Fraction, rounding: str) -> int:
    """3.2 step 3 with the provisional SCS rounding (series.toml, odds.rounding), on the column
    scale.  Ties under "nearest" go to the defender as well (2.5:1 is 2:1, 1:2.5 is 1:3)."""
    if defense <= 0:
        return math.inf
    if attack <= 0:
        return -math.inf
    ratio = rounded_ratio(attack, defense, rounding)
    return ratio.numerator - 1 if ratio >= 1 else 1 - ratio.denominator


def result_probabilities(column: str) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance of each result on a Combat Table column over 2d6 (table 003)."""
    table = combat_table()
    counts: dict[str, int] = {}
    for total in range(2, 13):
        result = table.result(column, total)
        counts[result] = counts.get(result, 0) + TWO_DICE[total]
    return tuple((result, Fraction(n, 36)) for result, n in counts.items())


def defender_shift(content: Content, state: GameState, defender_hex: Hex, defender_side: str) -> tuple[int, str, str] | None:
    """1.3b: the single hex terrain giving the defender the greatest shift (West Wall: German only)."""
    shift, name = defender_hex_shift(content.map.terrain(defender_hex), defender_side)
    if not shift:
        return None
    rule = "1.3 West Wall, TEC" if name == "west_wall" else "1.3b, TEC"
    pretty = HEX_TERRAIN_NAMES.get(name, name.capitalize())
    return -shift, f"defender in {pretty}", rule


def hexside_shift(content: Content, stack_hex: Hex, defender_hex: Hex) -> tuple[int, str, str] | None:
    """1.3: hexside terrain shifts only the stack attacking across it; a road does not negate it."""
    shift, name = hexside_attack_shift(content.map.side_features(stack_hex, defender_hex))
    if not shift:
        return None
    where = content.map.hex_id(stack_hex)
    return -shift, f"stack in {where} attacks across a {HEXSIDE_NAMES.get(name, name)} hexside", "1.3, TEC"


def attacking_stacks(state: GameState, attacker_ids: Iterable[str], launch: Hex | None = None) -> dict[Hex, list[str]]:
    """3.2 step 1: the attackers grouped by hex (an overrunning stack by the hex it attacks from)."""
    stacks: dict[Hex, list[str]] = {}
    for uid in attacker_ids:
        h = launch if launch is not None else state.units[uid].hex
        stacks.setdefault(h, []).append(uid)
    return stacks


def check_attackers(content: Content, state: GameState, attacker_ids, defender_hex: Hex, launch: Hex | None = None) -> str:
    """The attacking side, after checking every attacker may attack ``defender_hex``; else Refused."""
    if not attacker_ids:
        raise Refused("no attacking units given", "3.2")
    sides = {side_of(content, uid) for uid in attacker_ids}
    if len(sides) != 1:
        raise Refused("the attackers belong to both sides", "3.2")
    side = sides.pop()
    defenders = state.units_at(defender_hex)
    if not defenders:
        raise Refused(f"there are no units in {content.map.hex_id(defender_hex)} to attack", "3.2")
    if side_of(content, defenders[0]) == side:
        raise Refused(f"{content.map.hex_id(defender_hex)} holds friendly units", "3.2")
    for uid in attacker_ids:
        if state.units[uid].where != "map":
            raise Refused(f"{content.counter(uid).name} is not on the map", "3.2")
        h = launch if launch is not None else state.units[uid].hex
        why = cannot_attack(content, state, uid, h, defender_hex)
        if why:
            raise Refused(*why)
    return side


def combat_odds(
    content: Content,
    state: GameState,
    attacker_ids,
    defender_hex: Hex,
    *,
    launch: Hex | None = None,
    rules: SeriesRules | None = None,
) -> OddsReport:
    """The odds of an attack (3.2) or, with ``launch``, of an overrun from that hex (3.3)."""
    rules = rules or series_rules()
    attacker_ids = tuple(attacker_ids)
    check_attackers(content, state, attacker_ids, defender_hex, launch)  # refuses an attack 3.2 / 3.3 do not allow
    stacks = attacking_stacks(state, attacker_ids, launch)
    attackers = tuple(attack_strength(content, state, uid, h) for h, ids in stacks.items() for uid in ids)
    defender_ids = state.units_at(defender_hex)
    defenders = tuple(defense_strength(content, state, uid) for uid in defender_ids)
    attack = sum((s.value for s in attackers), Fraction(0))
    defense = sum((s.value for s in defenders), Fraction(0))

    notes = [("fractions kept, odds rounded " + ("in the defender's favour" if rules.rounding == "defender"
              else "to the nearest column") + ": provisional SCS series rule", "SCS series rules, provisional")]
    raw = raw_odds_index(attack, defense, rules.rounding)
    shifts = []
    terrain = defender_shift(content, state, defender_hex, side_of(content, defender_ids[0]))
    if terrain:
        shifts.append(terrain)
    for h in stacks:
        across = hexside_shift(content, h, defender_hex)
        if across:
            shifts.append(across)

    columns = combat_table().columns
    lowest, highest = column_index(columns[0]), column_index(columns[-1])
    final = raw + sum(s for s, _, _ in shifts)
    allowed = True
    if final > highest:
        final = highest
    elif final < lowest:
        if rules.below_lowest == "not_allowed":
            allowed = False
            notes.append(("odds worse than 1:4 may not be attacked: provisional SCS series rule", "SCS series rules, provisional"))
        else:
            notes.append(("odds worse than 1:4 are resolved on 1:4: provisional SCS series rule", "SCS series rules, provisional"))
        final = lowest
    column = columns[final - lowest] if allowed else ""
    return OddsReport(
        attackers=attackers,
        defenders=defenders,
        attack=attack,
        defense=defense,
        raw=_raw_name(raw),
        shifts=tuple(shifts),
        column=column,
        allowed=allowed,
        notes=tuple(notes),
        probabilities=result_probabilities(column) if allowed else (),
    )


def _raw_name(index) -> str:
    if index == math.inf:
        return "no defense"
    if index == -math.inf:
        return "no attack"
    return column_name(index)
