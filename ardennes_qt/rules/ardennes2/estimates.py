"""The stated rules that fill in counter values the Ardennes II documents do not print (M6).

The set-up listings and Orders of Arrival give each counter's full-strength values and
type words only.  Steps, the reduced side, the Leg/Mech MA colour and the exploit
banner are on the physical counters, which are not in the seeds.  Each function below
is one rule, returns the value with its source (``rule`` when a document gives it,
``estimated`` when this rule does), and its docstring says what the rule rests on.
``scenarios/ardennes2/counters.csv`` holds the results; a test re-derives every
``rule`` and ``estimated`` value from these functions, so the file cannot drift.
"""

from __future__ import annotations

from math import ceil
from typing import Iterable

from ardennes_qt.core.units import Values

RULE = "rule"
ESTIMATED = "estimated"

# Type words naming armoured vehicles or the troops that ride them (glossary: Pz Panzer,
# PG Panzer Grenadier "Armored Infantry", JgPz JagdPanzer, JgTg JagdTiger, StG
# Sturmgeschütz, Hetz Hetzer, Brm Brummbär, sTgr Sturm Tiger, Fkl Funklenkpanzer, TGR
# Tiger, Arm Armored, TD Tank Destroyer, Tk Tank, Mech Mechanized, Cav Cavalry) and
# reconnaissance units, which rode half-tracks and armoured cars; matched in any case
# (``has_type_word``), as the glossary and the listings print them differently.
ARMOURED_TYPE_WORDS = frozenset(
    {"Pz", "PG", "Tgr", "JgPz", "JgTg", "StG", "Hetz", "Brm", "STgr", "Fkl", "Arm", "TD", "Tk", "Mech", "Cav", "Recon"}
)
# The printed MA from which a unit without armoured type words is taken to be Mech.
MECH_MOVEMENT_FROM = 12


def type_words(unit_type: str) -> list[str]:
    """The words of a printed unit type, without size markers: "Inf Bn(+)" -> ["Inf", "Bn"]."""
    return [w.replace("(+)", "").replace("(-)", "") for w in unit_type.split()]


def has_type_word(unit_type: str, words: Iterable[str]) -> bool:
    """Does the printed unit type carry one of ``words``, in whatever case?  The listings print
    one word in more than one case: the 506 "Tgr Bn" and 1 SS Pz Div's 501 "SS TGR Bn" are the
    same kind of Tiger battalion."""
    wanted = {w.casefold() for w in words}
    return any(w.casefold() in wanted for w in type_words(unit_type))


def steps(full: Values, unit_type: str) -> tuple[int, str]:
    """Number of steps: 1 for artillery, 1 for companies and 0/1-strength units, else 2.

    - All artillery has one step: designer's notes, "One Step?" ("All artillery units
      have only one step").  Source ``rule``.
    - A company ("Co"), or a unit printed with attack and defense both at most 1
      (1-1-10 Inf Co, 1-1-14 Mech TF, 1-1-6 Ost Bn): one step.  Rests on 1.2 (single-step
      units are printed in reduced colours; a 1-1 unit has nothing left to reduce to).
      Source ``estimated``.
    - Every other unit: two steps (1.2 "Units have both full and reduced strength
      sides").  Every unit a scenario sets up with a "(Step Loss)" is one of these.
      Source ``estimated``.
    """
    if full.is_artillery:
        return 1, RULE
    if has_type_word(unit_type, ("Co",)) or (full.attack <= 1 and full.defense <= 1):
        return 1, ESTIMATED
    return 2, ESTIMATED


def reduced_side(full: Values, step_count: int) -> Values | None:
    """The reduced side of a two-step unit: attack and defense halved, rounded up; same MA.

    A one-step unit has none (1.2: its back is blank).  Halving rounded up keeps every
    reduced value at 1 or more, as a printed reduced side always shows a strength; the
    MA is kept because 1.2 names only "strength" sides.  Source ``estimated``.
    """
    if step_count < 2:
        return None
    return Values(ceil(full.attack / 2), ceil(full.defense / 2), full.movement)


def ma_type(full: Values, unit_type: str) -> str:
    """Leg or Mech MA (1.3: black = Mech, white = Leg): armoured type words, or MA >= 12.

    Units whose type words name armour, armoured infantry, cavalry or reconnaissance
    (``ARMOURED_TYPE_WORDS``) are Mech.  Any other unit is Mech when its printed MA is
    12 or more, Leg otherwise: foot infantry prints 4-10 (3-5-10 Inf Bn, 3-4-8 Inf Rgt),
    motorised and armoured units 12-16.  This agrees with 4.2, which says 2 Pz Div has
    Mech MA infantry (its 4-4-12 PG KG and Inf KGs).  Source ``estimated``.
    """
    if has_type_word(unit_type, ARMOURED_TYPE_WORDS):
        return "mech"
    return "mech" if full.movement >= MECH_MOVEMENT_FROM else "leg"


def exploit_capable(full: Values, movement_type: str) -> bool:
    """Yellow exploit banner (1.2) on every Mech-MA unit that is not artillery.

    Exploitation is the mobile units' phase (1.2 "Exploit Capable Units"; only Mech MA
    units may Overrun, 1.3), and artillery cannot fire in it (3.5), so a banner on
    artillery would never be used.  Source ``estimated``.
    """
    return movement_type == "mech" and not full.is_artillery


# The stated rule behind each kind of estimated value: provenance field -> the function above.
_RULE_OF_FIELD = {"steps": steps, "reduced": reduced_side, "ma_type": ma_type, "exploit": exploit_capable}


class Ardennes2Estimates:
    """The ``Estimates`` capability: why each kind of estimated counter value is what it is."""

    def estimate_reasons(self) -> dict[str, str]:
        import inspect

        reasons = {}
        for field_name, function in _RULE_OF_FIELD.items():
            doc = inspect.getdoc(function)
            if doc:
                reasons[field_name] = " ".join(doc.split("\n\n")[0].split())
        return reasons
