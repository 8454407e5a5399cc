"""The planning overlays Ardennes II offers (the ``Overlays`` capability): each side's trace
supply (3.7), ZOC Bonds (1.2), reach next Movement Phase, the markers (3.4, 3.5, 2.2) and
VP hex control (6.0) - declared here, worked out by ``overlay_facts`` and ``threat`` on
a snapshot of the game, and handed to the table as plain shapes with what each says about
a hex.

The declarations load with the table's first frame; the rules they ask load when an
overlay is first worked out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import Area, Dots, HexLabel, Line, Links, OverlayKind, OverlayPicture, Rings
from ardennes_qt.core.state import GameState
from ardennes_qt.core.tableset import table_part
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes2.tables import TABLE_SET
from ardennes_qt.rules.common.overlays import supply_shapes, worded_with

Progress = Callable[[int, int], bool]
SIDES = (GERMAN, ALLIED)


# The rule tables each overlay's answer rests on, and for the scenario-keyed ones, the entry.
TABLES_BEHIND = {
    "supply": (("supply", None), ("supply_sources", "scenario")),
    "zoc": (("zoc", None),),
    "threat": (("zoc", None),),  # a ZOC Bond costs the enemy +4 MP to enter (1.2, TEC)
    "vp": (("victory", "control"),),
}


def provisional_choices(content: Content, overlay: str) -> tuple[tuple[str, str], ...]:
    """The provisional decisions an overlay's answer rests on (``overlay``: "supply", "zoc",
    "threat" or "vp"): (where, why) for each table entry marked ``provisional``, so that
    what is shown can carry its mark."""
    out = []
    for name, entry in TABLES_BEHIND.get(overlay, ()):
        data = TABLE_SET.table(name)
        key = content.scenario.id if entry == "scenario" else entry
        sections = {key: data.get(key, {})} if key is not None else data
        for section, values in sections.items():
            if isinstance(values, dict) and values.get("provisional"):
                out.append((table_part(name, section), " ".join(str(values.get("reason", "")).split())))
    return tuple(out)


def _kinds() -> tuple[tuple[OverlayKind, str], ...]:
    """Every overlay with the rules it shows (for their provisional choices)."""
    kinds = []
    for side in SIDES:
        kinds.append((OverlayKind(
            f"supply_{side.lower()}", f"{side} supply",
            f"Where {side} units would be in trace supply now (3.7): tinted, with the edge of the supplied "
            f"area; {side} units out of supply ringed in dashed magenta. Hover a hex for the path's reasons.",
            side, icon="area"), "supply"))
    for side in SIDES:
        kinds.append((OverlayKind(
            f"zoc_{side.lower()}", f"{side} ZOC Bonds",
            f"{side} ZOC Bonds (1.2): each Bond hex, linked to the two ZOC Posts that make it.", side, icon="links"), "zoc"))
    for side in SIDES:
        kinds.append((OverlayKind(
            f"threat_{side.lower()}", f"{side} reach",
            f"Threat map: every hex {side} units could reach in their next Movement Phase, as the board "
            "stands now (each unit on its own). Hover a hex for the MPs it takes.", side, slow=True, icon="reach"), "threat"))
    kinds.append((OverlayKind(
        "markers", "Markers and DG",
        "Barrage markers (3.5; Full solid, Half dashed, in the firing side's colour), Air Supply "
        "markers (2.2) and DG stacks (3.4), ringed and named so they show at any zoom.", icon="rings"), ""))
    kinds.append((OverlayKind(
        "vp_hexes", "VP hexes",
        "Every VP hex of the play area (6.0) in the colour of the side controlling it, with its VP.", icon="flag"), "vp"))
    return tuple(kinds)


class Ardennes2Overlays:
    """The ``Overlays`` capability of Ardennes II."""

    def overlays(self, content: Content) -> tuple[OverlayKind, ...]:
        return tuple(replace(kind, provisional=provisional_choices(content, rests_on)) if rests_on else kind
                     for kind, rests_on in _kinds())

    def overlay(self, content: Content, state: GameState, key: str, progress: Progress | None = None) -> OverlayPicture | None:
        """One overlay on this position, or None when ``progress`` stopped it."""
        tables = TABLE_SET.current()  # the hover words are asked later, from another thread
        kind, _, side = key.partition("_")
        side = side.capitalize()
        if kind == "supply":
            picture = supply_overlay(content, state, side)
        elif kind == "zoc":
            picture = zoc_overlay(content, state, side)
        elif kind == "threat":
            picture = threat_overlay(content, state, side, progress)
        elif key == "markers":
            picture = marker_overlay(content, state)
        elif key == "vp_hexes":
            picture = vp_overlay(content, state)
        else:
            raise KeyError(f"Ardennes II has no overlay '{key}'")
        return picture if picture is None else worded_with(tables, picture)


def supply_overlay(content: Content, state: GameState, side: str) -> OverlayPicture:
    """3.7: the supplied hexes tinted and outlined; units out of supply ringed and named."""
    from ardennes_qt.rules.ardennes2.overlay_facts import supply_picture, supply_reasons

    picture = supply_picture(content, state, side)

    def describe(hex_id: str) -> str:
        ok, reasons = supply_reasons(content, picture, hex_id)
        return f"{side} {'supplied' if ok else 'out of supply'}: " + "; ".join(reasons)

    return OverlayPicture(
        shapes=supply_shapes(content, side, picture.supplied, picture.enemy_held, picture.cut_off),
        labels=tuple(HexLabel(h, "out of supply", "warning", share=0.2) for h in sorted(picture.cut_off)),
        describe=describe,
        facts=picture,
    )


def zoc_overlay(content: Content, state: GameState, side: str) -> OverlayPicture:
    """1.2: each ZOC Bond hex, and the two Posts two hexes apart that make it, linked through it."""
    from ardennes_qt.rules.ardennes2.overlay_facts import zoc_picture

    picture = zoc_picture(content, state, side)

    def describe(hex_id: str) -> str:
        posts = [f"{a} and {b}" for a, bond, b in picture.links if bond == hex_id]
        if posts:
            return f"{side} ZOC Bond (1.2: +4 MP to enter, stops a retreat): Posts {'; '.join(posts)}"
        return f"{side} ZOC Post (1.2)" if hex_id in picture.posts else ""

    linked_posts = tuple(sorted({p for a, _, b in picture.links for p in (a, b)}))
    return OverlayPicture(
        shapes=(
            Area(frozenset(picture.bonds), f"side:{side}", 95, Line(0.06, 1.2, alpha=200)),
            Links(tuple((a, bond, b) for a, bond, b in picture.links), f"side:{side}", Line(0.10, 2.0, casing=True)),
            Dots(linked_posts, f"side:{side}", 0.16),
        ),
        labels=tuple(HexLabel(h, "Bond", f"side:{side}", below=False) for h in sorted(picture.bonds)),
        describe=describe,
        facts=picture,
    )


def threat_overlay(content: Content, state: GameState, side: str, progress: Progress | None) -> OverlayPicture | None:
    """Every hex the side could reach next Movement Phase, tinted, with the region's edge."""
    from ardennes_qt.rules.ardennes2.threat import threat_map

    reach = threat_map(content, state, side, progress)
    if reach is None:
        return None

    def describe(hex_id: str) -> str:
        if hex_id not in reach.reach:
            return f"out of {side} reach"
        n = reach.reached_by[hex_id]
        return f"{side} reach: {reach.reach[hex_id]} MP, {n} unit{'s' if n != 1 else ''}"

    return OverlayPicture(shapes=(Area(frozenset(reach.reach), f"reach:{side}", 48, Line(0.07, 1.6)),),
                          describe=describe, facts=reach)


def marker_overlay(content: Content, state: GameState) -> OverlayPicture:
    """3.5 barrage markers ringed in the firing side's hue (Full solid, Half dashed), 2.2 Air
    Supply markers in blue and 3.4 DG stacks in amber, each named."""
    from ardennes_qt.rules.ardennes2.overlay_facts import marker_picture

    picture = marker_picture(content, state)
    shapes: list = []
    by_hex: dict[str, list[str]] = {}
    for hex_id, owner, size in picture.barrage:
        dash = () if size == "full" else (1.6, 1.2)
        shapes.append(Rings((hex_id,), f"side:{owner}", 0.92, Line(0.12, 2.2, dash, casing=True)))
        by_hex.setdefault(hex_id, []).append(f"{owner} {size.capitalize()}")
    for hex_id in picture.air_supply:
        shapes.append(Rings((hex_id,), "supply", 0.92, Line(0.12, 2.2, casing=True)))
        by_hex.setdefault(hex_id, []).append("Air Supply")
    shapes.append(Rings(tuple(h for h, _, _ in picture.dg), "caution", 0.78, Line(0.12, 2.2, casing=True)))
    for hex_id, n, of in picture.dg:
        by_hex.setdefault(hex_id, []).append("DG" if n == of else f"DG {n}/{of}")

    def describe(hex_id: str) -> str:
        words = [f"{owner} {size.capitalize()} barrage marker (3.5)" for h, owner, size in picture.barrage if h == hex_id]
        words += ["Air Supply marker (2.2, 3.7)" for h in picture.air_supply if h == hex_id]
        words += [f"{n} of {of} units DG (3.4)" for h, n, of in picture.dg if h == hex_id]
        return "; ".join(words)

    labels = tuple(HexLabel(h, " · ".join(words), "ink", share=0.2) for h, words in sorted(by_hex.items()))
    return OverlayPicture(shapes=tuple(shapes), labels=labels, describe=describe, facts=picture)


def vp_overlay(content: Content, state: GameState) -> OverlayPicture:
    """6.0: every VP hex tinted and outlined in the hue of the side controlling it (the map
    already prints its VP, and the marker layer its flag)."""
    from ardennes_qt.rules.ardennes2.overlay_facts import vp_hexes

    hexes = vp_hexes(content, state)

    def describe(hex_id: str) -> str:
        v = next((v for v in hexes if v.hex == hex_id), None)
        return f"{v.name} {v.controller}-controlled (6.0)" if v else ""

    shapes = tuple(
        Area(frozenset(v.hex for v in hexes if v.controller == side), f"side:{side}", 70, Line(0.10, 2.0, casing=True))
        for side in sorted({v.controller for v in hexes})
    )
    return OverlayPicture(shapes=shapes, describe=describe, facts=hexes)
