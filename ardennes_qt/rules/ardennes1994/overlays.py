"""The planning overlays The Ardennes (1994) offers (the ``Overlays`` capability): each side's
supply (2.5, 3.3b, 3.4), the supply heads and their reach (2.4, 2.5b, 2.5d, 3.3), each side's
ZOC (SCS, provisional), the Eastern Zone (2.5a), the victory cities by controller (4.2) and
the DG and Reserve stacks (1.8, 1.11) - declared here, worked out by ``overlay_facts`` on a
snapshot of the game, and handed to the table as plain shapes with what each says about a hex.

The declarations load with the table's first frame; the rules they ask load when an overlay
is first worked out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import Area, Dots, HexLabel, Line, OverlayKind, OverlayPicture, Rings
from ardennes_qt.core.state import GameState
from ardennes_qt.core.tableset import table_part
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, SIDE_WORDS
from ardennes_qt.rules.ardennes1994.tables import TABLE_SET
from ardennes_qt.rules.common.overlays import supply_shapes, worded_with

Progress = Callable[[int, int], bool]
SIDES = (GERMAN, ALLIED)

# The rule tables each overlay's answer rests on: (table, section).
TABLES_BEHIND = {
    "supply": (("series", "zoc"), ("supply", "play_area_edges"), ("supply", "hex_count")),
    "heads": (("series", "zoc"), ("supply", "hex_count")),
    "zoc": (("series", "zoc"),),
    "cities": (("victory", "cities"),),
}


def provisional_choices(rests_on: str) -> tuple[tuple[str, str], ...]:
    """The provisional decisions an overlay's answer rests on: (where, why) for each table
    section marked ``provisional``, so that what is shown can carry its mark."""
    out = []
    for name, section in TABLES_BEHIND.get(rests_on, ()):
        values = TABLE_SET.table(name).get(section, {})
        if isinstance(values, dict) and values.get("provisional"):
            out.append((table_part(name, section), " ".join(str(values.get("reason", "")).split())))
    return tuple(out)


def _kinds() -> tuple[tuple[OverlayKind, str], ...]:
    """Every overlay with the rules it shows (for their provisional choices)."""
    kinds = []
    for side in SIDES:
        how = ("5 hexes into the Eastern Zone (2.5a) or 10 MP from a Supply Unit or captured dump to a hex next to "
               "them (2.5b, 2.5d)") if side == GERMAN else \
            ("10 MP from a US dump to a hex next to them, or 3 hexes to a road running off the west, south or north "
             "edge (3.4)")
        kinds.append((OverlayKind(
            f"supply_{side.lower()}", f"{SIDE_WORDS[side]} supply",
            f"Where {SIDE_WORDS[side]} units would be in supply now: {how}, or 5 hexes to a Liège city hex they hold "
            f"(3.3b). {SIDE_WORDS[side]} units that could not trace are ringed; hover a hex for the trace's reasons.",
            side, icon="area"), "supply"))
    kinds.append((OverlayKind(
        "supply_heads", "Supply heads",
        "German Supply Units and captured dumps, US dumps (real and dummy alike) and the Liège city hexes, in the hue "
        "of the side they supply, with the hexes their traces reach (2.4, 2.5b, 2.5d, 3.3, 3.3b).",
        icon="reach"), "heads"))
    for side in SIDES:
        kinds.append((OverlayKind(
            f"zoc_{side.lower()}", f"{SIDE_WORDS[side]} ZOC",
            f"Every hex in a {SIDE_WORDS[side]} ZOC (SCS series rules, provisional), dotted where the units "
            "exerting it stand. DG units, artillery, Supply Units and Hidden Greif Teams exert none "
            "(1.11a, 2.1b, 2.4).",
            side, icon="area"), "zoc"))
    kinds.append((OverlayKind(
        "eastern_zone", "Eastern Zone",
        "The Eastern Zone (2.5a): east of the Our, or east of Bxx.10 north of B48.10; German units tracing 5 hexes "
        "into it are in supply.", GERMAN, icon="area"), ""))
    kinds.append((OverlayKind(
        "vp_cities", "Victory cities",
        "Every victory city hex in the colour of the side controlling it, with the city's VP (≈ estimated: not "
        "printed); a multi-hex city counts only when every hex is German (4.2).", icon="flag"), "cities"))
    kinds.append((OverlayKind(
        "markers", "DG and Reserve",
        "Stacks with DG units (1.11) and with Reserve markers (1.8), ringed and named so they show at any zoom.",
        icon="rings"), ""))
    return tuple(kinds)


class Ardennes1994Overlays:
    """The ``Overlays`` capability of The Ardennes (1994)."""

    def overlays(self, content: Content) -> tuple[OverlayKind, ...]:
        return tuple(replace(kind, provisional=provisional_choices(rests_on)) if rests_on else kind
                     for kind, rests_on in _kinds())

    def overlay(self, content: Content, state: GameState, key: str,
                progress: Progress | None = None) -> OverlayPicture | None:
        """One overlay on this position."""
        tables = TABLE_SET.current()  # the hover words are asked later, from another thread
        if key.startswith("supply_") and key != "supply_heads":
            picture = supply_overlay(content, state, _side(key))
        elif key == "supply_heads":
            picture = heads_overlay(content, state)
        elif key.startswith("zoc_"):
            picture = zoc_overlay(content, state, _side(key))
        elif key == "eastern_zone":
            picture = zone_overlay(content)
        elif key == "vp_cities":
            picture = city_overlay(content, state)
        elif key == "markers":
            picture = marker_overlay(content, state)
        else:
            raise KeyError(f"The Ardennes (1994) has no overlay '{key}'")
        return worded_with(tables, picture)


def _side(key: str) -> str:
    side = key.partition("_")[2]
    for s in SIDES:
        if s.lower() == side:
            return s
    raise KeyError(f"The Ardennes (1994) has no side '{side}'")


def supply_overlay(content: Content, state: GameState, side: str) -> OverlayPicture:
    """2.5, 3.3b, 3.4: the supplied hexes tinted and outlined; units that could not trace ringed
    and named; units still marked out of supply from the last Supply Phase named."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import supply_picture, supply_reasons

    picture = supply_picture(content, state, side)
    words = SIDE_WORDS[side]

    def describe(hex_id: str) -> str:
        ok, reasons = supply_reasons(content, picture, hex_id)
        text = f"{words} {'supplied' if ok else 'out of supply'}: " + "; ".join(reasons)
        if hex_id in picture.marked:
            text += "; marked out of supply in the last Supply Phase, until the next (1.14)"
        return text

    labels = [HexLabel(h, "out of supply", "warning", share=0.2) for h in picture.cut_off]
    labels += [HexLabel(h, "marked out of supply", "caution", share=0.18)
               for h in picture.marked if h not in picture.cut_off]
    return OverlayPicture(
        shapes=supply_shapes(content, side, picture.supplied, picture.enemy_held, picture.cut_off),
        labels=tuple(labels),
        describe=describe,
        facts=picture,
    )


def heads_overlay(content: Content, state: GameState) -> OverlayPicture:
    """2.4, 2.5b, 2.5d, 3.3, 3.3b: each head dotted and named, the hexes it reaches tinted in the
    hue of the side it supplies."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import head_reasons, heads_picture

    picture = heads_picture(content, state)
    shapes: list = [Area(hexes, f"reach:{side}", 44, Line(0.07, 1.6)) for side, hexes in picture.reach.items()]
    shapes.append(Dots(tuple(sorted({h for h, _, _ in picture.heads})), "supply", 0.18))
    by_hex: dict[str, list[str]] = {}
    for h, _, what in picture.heads:
        by_hex.setdefault(h, []).append(what.split(" (")[0].replace(" held by the", ","))

    def describe(hex_id: str) -> str:
        here = [what for h, _, what in picture.heads if h == hex_id]
        return "; ".join([*here, *head_reasons(content, picture, hex_id)])

    labels = tuple(HexLabel(h, " · ".join(dict.fromkeys(words)), "ink", share=0.2)
                   for h, words in sorted(by_hex.items()))
    return OverlayPicture(shapes=tuple(shapes), labels=labels, describe=describe, facts=picture)


def zoc_overlay(content: Content, state: GameState, side: str) -> OverlayPicture:
    """SCS (provisional): every hex of the side's ZOC, the hexes of the units exerting it dotted."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import zoc_picture

    picture = zoc_picture(content, state, side)
    words = SIDE_WORDS[side]

    def describe(hex_id: str) -> str:
        if hex_id not in picture.hexes:
            return ""
        h = content.map.parse(hex_id)
        near = [content.map.hex_id(n) for n in (h, *h.neighbours())
                if content.map.contains(n) and content.map.hex_id(n) in picture.exerted_from]
        return (f"{words} ZOC from {', '.join(near)} (≈ SCS series rules: provisional); it blocks the other side's "
                "supply traces unless a unit of that side stands here (2.5, 3.4)")

    return OverlayPicture(
        shapes=(Area(picture.hexes, f"side:{side}", 60, Line(0.06, 1.2, alpha=200)),
                Dots(picture.exerted_from, f"side:{side}", 0.14)),
        describe=describe,
        facts=picture,
    )


def zone_overlay(content: Content) -> OverlayPicture:
    """2.5a: the Eastern Zone tinted German."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import zone_hexes

    hexes = zone_hexes(content)

    def describe(hex_id: str) -> str:
        if hex_id not in hexes:
            return ""
        return "Eastern Zone: German units tracing 5 hexes or less into it are in supply (2.5a)"

    return OverlayPicture(shapes=(Area(hexes, f"side:{GERMAN}", 50, Line(0.10, 2.0, casing=True)),),
                          describe=describe, facts=hexes)


def city_overlay(content: Content, state: GameState) -> OverlayPicture:
    """4.2: every victory city hex in the hue of its controller, with the city's VP (estimated)."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import city_picture

    cities = city_picture(content, state)

    def describe(hex_id: str) -> str:
        c = next((c for c in cities if c.hex == hex_id), None)
        if c is None:
            return ""
        whole = f", counted only if all its {c.hexes_in_city} hexes are German" if c.hexes_in_city > 1 else ""
        return (f"{c.name}: {c.vp} VP (≈ estimated, not printed){whole}; this hex "
                f"{SIDE_WORDS[c.controller]}-controlled (4.2)")

    shapes = tuple(Area(frozenset(c.hex for c in cities if c.controller == side), f"side:{side}", 70,
                        Line(0.10, 2.0, casing=True))
                   for side in SIDES if any(c.controller == side for c in cities))
    labels = tuple(HexLabel(c.hex, f"≈{c.vp} VP", "ink", below=False, share=0.22) for c in cities)
    return OverlayPicture(shapes=shapes, labels=labels, describe=describe, facts=cities)


def marker_overlay(content: Content, state: GameState) -> OverlayPicture:
    """1.11 DG stacks ringed amber, 1.8 Reserve stacks ringed in ink, each named."""
    from ardennes_qt.rules.ardennes1994.overlay_facts import marker_picture

    picture = marker_picture(content, state)
    by_hex: dict[str, list[str]] = {}
    for h, n, of in picture.dg:
        by_hex.setdefault(h, []).append("DG" if n == of else f"DG {n}/{of}")
    for h, n, of in picture.reserve:
        by_hex.setdefault(h, []).append("Reserve" if n == of else f"Reserve {n}/{of}")

    def describe(hex_id: str) -> str:
        words = [f"{n} of {of} units DG: cannot attack or barrage, defend and move x1/2, no ZOC (1.11a)"
                 for h, n, of in picture.dg if h == hex_id]
        words += [f"{n} of {of} units in Reserve: they move and overrun in the Exploitation Phase only (1.8, 1.9)"
                  for h, n, of in picture.reserve if h == hex_id]
        return "; ".join(words)

    return OverlayPicture(
        shapes=(Rings(tuple(h for h, _, _ in picture.dg), "caution", 0.78, Line(0.12, 2.2, casing=True)),
                Rings(tuple(h for h, _, _ in picture.reserve), "ink", 0.9, Line(0.08, 1.6, (1.6, 1.0), casing=True))),
        labels=tuple(HexLabel(h, " · ".join(words), "ink", share=0.2) for h, words in sorted(by_hex.items())),
        describe=describe,
        facts=picture,
    )
