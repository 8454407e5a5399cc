"""Column shifts (7.4, 7.3, 12.2, 1.6, 14.3, 9.5), each as (columns, reason, rule): positive to
the right (the attacker's favour), negative to the left.  The defender's terrain (cumulative:
'a village in rough terrain shifts two columns to the left'; the Westwall for German defenders
only), Improved Positions (only if every unit in the hex is in IP), the Prepared Attack (+1 US,
+2 German), the artillery support markers and air support of both sides, SNAFU 2.
"""

from __future__ import annotations

from ardennes_qt.rules.vv1944.combat_model import GERMAN, IN_IP, PREPARED, Combat
from ardennes_qt.rules.vv1944.combat_tables import air_support, attack_type, marker, status_row, terrain_chart
from ardennes_qt.rules.vv1944.snafu import combat_snafu
from ardennes_qt.rules.vv1944.supports import COLUMN, in_play, marker_kind

Shift = tuple[int, str, str]
WORDS = {"west_wall": "westwall"}  # the map's word for the TEC's Westwall


def terrain_word(word: str) -> str:
    """A terrain word as the TEC names it."""
    word = word.strip().lower()
    return WORDS.get(word, word)


def terrain_shifts(combat: Combat) -> list[Shift]:
    """TEC, 7.4: each terrain of the defender's hex shifts its columns left, cumulatively; the
    Westwall only when the defenders are German ('Germ. Def -1 Col')."""
    hexes = terrain_chart()["hex"]
    out = []
    for word in dict.fromkeys(terrain_word(w) for w in combat.terrain):
        row = hexes.get(word)
        if not row or not row.get("shift"):
            continue
        only = row.get("shift_only_for")
        if only == "German defender" and not all(d.side == GERMAN for d in combat.defenders):
            continue
        who = " (German defender)" if only else ""
        out.append((-int(row["shift"]), f"defender in {word}{who}", f"TEC {word.capitalize()}, 7.4"))
    return out


def unknown_terrain(combat: Combat) -> list[str]:
    """The defender's hex words the TEC does not list (no combat effect)."""
    chart = terrain_chart()
    known = set(chart["hex"]) | {"road"}
    return [w for w in combat.terrain if terrain_word(w) not in known]


def ip_shift(combat: Combat) -> Shift | None:
    """12.1-12.2: one column left when every unit in the defender's hex is in IP."""
    if combat.defenders and all(IN_IP in d.statuses for d in combat.defenders):
        return -int(status_row(IN_IP)["defense_shift"]), "every defending unit is in Improved Position", "12.2, 7.4"
    return None


def prepared_shift(combat: Combat) -> Shift | None:
    """7.3.2, Attack Types table: a Prepared Attack shifts +1 column for the US, +2 for the German.
    An Allied attacker is read as US (the British included: the table names US and German only)."""
    if combat.attack_type != PREPARED:
        return None
    nationality = "German" if combat.attacking_side == GERMAN else "US"
    columns = int(attack_type(PREPARED)["shift"][nationality])
    return columns, f"{nationality} Prepared Attack", "7.3.2"


def support_shifts(combat: Combat) -> list[Shift]:
    """1.6.1, 1.6.2: Nebelwerfer and heavy artillery 2 columns, artillery 1, right for the
    attacker, left for the defender; 14.3: each air support 1 column (after a SNAFU's cancels)."""
    out = []
    air = int(air_support()["shift"])
    for who, sign in (("attacker", 1), ("defender", -1)):
        markers, air_count = in_play(combat, who)
        for name in markers:
            if marker_kind(name) == COLUMN:
                out.append((sign * int(marker(name)["shift"]), f"{who}'s {name.replace('_', ' ')} support",
                            str(marker(name)["rule"])))
        if air_count:
            out.append((sign * air * air_count, f"{who}'s air support x{air_count}", "14.3"))
    return out


def snafu_shift(combat: Combat) -> Shift | None:
    """SNAFU 2, poor air-ground coordination: one column left."""
    effect = combat_snafu(combat)
    if effect is None or not effect.shift:
        return None
    return effect.shift, f"SNAFU {effect.roll}: {effect.words}", "9.5"


def column_shifts(combat: Combat) -> list[Shift]:
    """Every column shift of ``combat``, in the order of 7.4 and 7.5."""
    out = terrain_shifts(combat)
    out += [s for s in (ip_shift(combat), prepared_shift(combat)) if s]
    out += support_shifts(combat)
    snafu = snafu_shift(combat)
    return out + ([snafu] if snafu else [])
