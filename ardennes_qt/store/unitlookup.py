"""Which counter a listed item names, checked against what counters.csv holds.

A listing names units the way the printed page does: under a formation header ("2 Inf
Div", "Independents", "British"), by values, type words and designation.  An item
resolves to one counter per designation, found by side, formation and designation;
where one formation prints the same designation on several counters (1 SS Pz Div's
JgPz Bn, Pz Pio Bn and Arty Rgt are all "(1)"), the type word in the counter id picks
one.  The printed values, and any printed nationality, must then agree with the file.
"""

from __future__ import annotations

from collections import defaultdict

from ardennes_qt.core.units import Counter
from ardennes_qt.store.countertext import SeedFormation
from ardennes_qt.store.seedgrammar import Item

# The header the listings print over the units that belong to no division (3.1).
INDEPENDENTS_HEADER = "Independents"


class ListingMismatch(ValueError):
    """A listed item that names no counter, several, or one with other printed values."""


class CounterIndex:
    def __init__(self, counters: dict[str, Counter], formations: dict[str, SeedFormation]) -> None:
        self.counters = counters
        self.formations = formations
        self._by_key: dict[tuple[str, str], list[Counter]] = defaultdict(list)
        for counter in counters.values():
            self._by_key[(counter.formation, counter.designation)].append(counter)

    def formations_named(self, side: str, header: str) -> list[str]:
        """Formation codes a header names: its name or an alias; no header or
        "Independents" names the side's independent formations (3.1)."""
        header = " ".join(header.split())
        if header in ("", INDEPENDENTS_HEADER):
            return self.independents(side)
        codes = [f.code for f in self.formations.values() if f.side == side and header in f.printed_names]
        if not codes:
            raise ListingMismatch(f"no {side} formation is named '{header}' in formations.csv")
        return codes

    def independents(self, side: str) -> list[str]:
        return [f.code for f in self.formations.values() if f.side == side and f.independent]

    def formation_counters(self, codes: list[str]) -> list[str]:
        return [c.id for c in self.counters.values() if c.formation in codes]

    def resolve(self, side: str, header: str, item: Item) -> list[str]:
        """One counter id per designation of the item, in printed order."""
        # "3-3-10 Independent StG Bde (244)" under 18 VG Div is an independent unit.
        codes = self.independents(side) if item.independent else self.formations_named(side, header)
        return [self._one(codes, designation, item).id for designation in item.designations]

    def _one(self, codes: list[str], designation: str, item: Item) -> Counter:
        found = [c for code in codes for c in self._by_key.get((code, designation), ())]
        if len(found) > 1:
            words = set(item.unit_type.replace("(+)", "").replace("(-)", "").split())
            same_type = [c for c in found if _id_type_word(c) in words]
            if len(same_type) != 1:
                names = ", ".join(c.id for c in found)
                picked = len(same_type)
                raise ListingMismatch(f"'{item.text}': '{designation}' names {names}, and its type words pick {picked}")
            found = same_type
        if not found:
            names = " or ".join(self.formations[code].name for code in codes)
            raise ListingMismatch(f"'{item.text}': counters.csv has no counter '{designation}' in {names}")
        counter = found[0]
        if counter.full != item.values:
            raise ListingMismatch(f"'{item.text}' prints {item.values}, but counters.csv has {counter.id} as {counter.full}")
        printed = item.printed_nationality
        if printed and printed != counter.nationality:
            has = f"{counter.id} as {counter.nationality}"
            raise ListingMismatch(f"'{item.text}' prints {printed}, but counters.csv has {has}")
        return counter


def _id_type_word(counter: Counter) -> str:
    """The type word an id adds after the designation ("1SS:1 Pio" -> "Pio"), or ""."""
    return counter.id[len(counter.formation) + 1 + len(counter.designation) :].strip()
