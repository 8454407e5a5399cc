"""One Order of Arrival entry, as the TOML files write it, read into an Arrival.

    [[arrival]]
    turn = 3
    side = "German"
    where = "B"                      # as printed: "N or O", "G, H, or I", "w/i 1 B17.49",
                                     # "A38.48", "B9.28 or B9.29", "Map A south edge", "See 5.1"
    formation = "9 SS Pz Div"        # as printed; none: the side's independents
    units = "3-3-14 Pz Recon KG (Recke), 5-3-12 Pz Bn (I/9)"
    roll = 5                         # arrives only on 1d6 >= 5
    note = "..."

A "Remove" line (2.2) has ``remove = true`` and no ``where``, and lists its units, or
``formation_all = true`` with ``except = [...]`` items ("all except ...").
"""

from __future__ import annotations

import re

from ardennes_qt.core.numbering import Numbering
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.units import SIDES
from ardennes_qt.store.seedgrammar import parse_items
from ardennes_qt.store.unitlookup import CounterIndex

ARRIVAL_KEYS = {"turn", "side", "where", "formation", "units", "remove", "formation_all", "except", "roll", "note"}
# Entry Areas are lettered A-D for the Germans and F-P for the Allies (OOA; TEC
# "Reinforcement Areas").
ENTRY_AREAS = {"German": "ABCD", "Allied": "FGHIJKLMNOP"}

_HEX_ID = re.compile(r"^[A-Za-z]\d+\.\d+$")
_AREA_SEPARATORS = re.compile(r"\s*,\s*or\s+|\s*,\s*|\s+or\s+")


def read_arrival(entry: dict, index: CounterIndex, numbering: Numbering) -> Arrival:
    """The Arrival an entry describes; ValueError (GrammarError, HexIdError, ListingMismatch
    among them) says what is wrong with it."""
    unknown = set(entry) - ARRIVAL_KEYS
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}")
    turn, side, header = entry.get("turn"), entry.get("side"), entry.get("formation", "")
    if not isinstance(turn, int) or turn < 1 or side not in SIDES:
        raise ValueError("an arrival needs a turn and a side (Allied or German)")
    remove = entry.get("remove", False)
    units = entry.get("units", "")
    if not isinstance(remove, bool) or not isinstance(units, str):
        raise ValueError("remove is true or false, and units is a text of listed items")
    counters: list[str] = []
    step_loss: list[str] = []
    dg: list[str] = []
    for item in parse_items(units) if units else ():
        ids = index.resolve(side, header, item)
        counters += ids
        if item.step_loss:
            step_loss += ids
        if item.dg:
            dg += ids
    if entry.get("formation_all"):
        counters += _whole_formation(entry, side, header, remove, index)
    elif "except" in entry:
        raise ValueError("'except' only qualifies formation_all")
    if not counters or len(set(counters)) != len(counters):
        raise ValueError("the arrival lists no units, or one unit twice")
    if remove == ("where" in entry):
        raise ValueError("a removal has no entry place, and every other arrival needs one ('where')")
    place = _entry_place(entry["where"], side, numbering) if "where" in entry else {}
    roll = entry.get("roll", 0)
    if roll not in range(0, 7):
        raise ValueError(f"roll {roll} is not a die result 1-6")
    note = " ".join(n for n in (place.pop("note", ""), entry.get("note", "")) if n)
    return Arrival(
        turn=turn,
        side=side,
        counters=tuple(counters),
        remove=remove,
        roll=roll,
        step_loss=tuple(step_loss),
        dg=tuple(dg),
        note=note,
        **place,
    )


def _whole_formation(entry: dict, side: str, header: str, remove: bool, index: CounterIndex) -> list[str]:
    """ "Remove 10 Arm Div (all except ...)": every counter of the formation but the exceptions."""
    if not (remove and header):
        raise ValueError("formation_all is for removing a whole formation")
    everything = index.formation_counters(index.formations_named(side, header))
    kept = [
        cid
        for text in entry.get("except", ())
        for item in parse_items(text)
        for cid in index.resolve(side, header, item)
    ]
    return [cid for cid in everything if cid not in kept]


def _entry_place(where: str, side: str, numbering: Numbering) -> dict:
    """The printed entry place as Arrival fields: areas, hex and within, edge, or a note."""
    text = " ".join(str(where).split())
    text = text.removeprefix("Entry Area ")
    if m := re.fullmatch(r"See (\d+(?:\.\d+)*)", text):
        return {"note": f"See {m.group(1)}."}
    if m := re.fullmatch(r"Map ([A-Z]) (north|south|east|west) edge", text):
        if m.group(1) not in numbering.sheets:
            raise ValueError(f"'{where}': there is no map sheet {m.group(1)}")
        return {"edge": f"{m.group(1)}:{m.group(2)}"}
    if m := re.fullmatch(r"w/i (\d+) (\S+)", text):
        return {"hexes": (numbering.parse(m.group(2)),), "within": int(m.group(1))}
    choices = re.split(r"\s+or\s+", text)
    if all(_HEX_ID.match(c) for c in choices):
        return {"hexes": tuple(numbering.parse(c) for c in choices)}
    areas = tuple(_AREA_SEPARATORS.split(text))
    if all(len(a) == 1 and a in ENTRY_AREAS[side] for a in areas):
        return {"areas": areas}
    letters = ", ".join(ENTRY_AREAS[side])
    raise ValueError(
        f"'{where}' is not an entry place: {side} Entry Area letters ({letters}), a hex, 'w/i N <hex>', "
        "'Map X south edge' or 'See <rule>'"
    )
