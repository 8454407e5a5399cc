"""How each planning overlay looks: the strokes and labels drawn from what the engine
worked out (``engine.overlay_facts``, ``engine.threat``).

Each side has its own hue, chosen to stand out from the map's greens and creams: the
counters' grey and olive would vanish on woods.  Out of supply is a dashed magenta ring
whichever side (red is the threat map's).  The edges of large areas (supply, reach) go without a pale casing: on the tint they
read well enough, and a casing would double what they cost to draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath

from ardennes_qt.ui.overlay_paint import Label, Stroke, centre, region_path, rings_path
from ardennes_qt.ui.terrain_painter import TerrainPainter

if TYPE_CHECKING:
    from ardennes_qt.engine.overlay_facts import MarkerPicture, SupplyPicture, VpHex, ZocPicture
    from ardennes_qt.engine.threat import ThreatMap

SIDE_HUES = {"German": QColor("#1f4e9c"), "Allied": QColor("#00796b")}
REACH_HUES = {"German": QColor("#c62828"), "Allied": QColor("#e65100")}
OUT_OF_SUPPLY = QColor("#c2185b")
DG_HUE = QColor("#f9a825")
AIR_SUPPLY_HUE = QColor("#1565c0")
PAPER = QColor(255, 255, 255, 235)


def hue(side: str, alpha: int = 255, hues=SIDE_HUES) -> QColor:
    colour = QColor(hues.get(side, QColor("#555555")))
    colour.setAlpha(alpha)
    return colour


def _parse(terrain: TerrainPainter, hex_ids) -> set:
    parse = terrain.map.parse
    return {parse(h) for h in hex_ids}


def _below(terrain: TerrainPainter, h) -> QPointF:
    """A label's place: along the bottom edge of the hex, under its counters (piles rise to
    the north-east)."""
    c = centre(terrain, h)
    return QPointF(c.x(), c.y() + terrain.layout.height * 0.43)


def supply_shapes(terrain: TerrainPainter, picture: SupplyPicture):
    """3.7: the supplied hexes tinted and outlined; units out of supply ringed.

    An enemy unit inside the supplied area is no gap in it for a friendly unit, which
    cannot stand there anyway: the area is drawn without a hole around it."""
    supplied = _parse(terrain, picture.supplied)
    enemy = _parse(terrain, picture.enemy_held)
    supplied |= {h for h in enemy if all(n in supplied or n in enemy for n in h.neighbours())}
    cut = _parse(terrain, picture.cut_off)
    strokes = [
        Stroke(region_path(terrain, supplied), hue(picture.side), 0.07, 1.6, fill=hue(picture.side, 38)),
        Stroke(rings_path(terrain, cut), OUT_OF_SUPPLY, 0.11, 2.2, dash=(1.4, 0.8), casing=True),
    ]
    labels = [Label(_below(terrain, h), "out of supply", OUT_OF_SUPPLY, PAPER, 0.2) for h in sorted(cut)]
    return strokes, labels


def zoc_shapes(terrain: TerrainPainter, picture: ZocPicture):
    """1.2: each ZOC Bond hex, and the two Posts two hexes apart that make it, linked through it."""
    bonds = _parse(terrain, picture.bonds)
    parse = terrain.map.parse
    links = QPainterPath()
    for a, bond, b in picture.links:
        links.moveTo(centre(terrain, parse(a)))
        links.lineTo(centre(terrain, parse(bond)))
        links.lineTo(centre(terrain, parse(b)))
    posts = QPainterPath()
    radius = terrain.size * 0.16
    for h in _parse(terrain, {p for a, _, b in picture.links for p in (a, b)}):
        posts.addEllipse(centre(terrain, h), radius, radius)
    colour = hue(picture.side)
    strokes = [
        Stroke(region_path(terrain, bonds), hue(picture.side, 200), 0.06, 1.2, fill=hue(picture.side, 95)),
        Stroke(links, colour, 0.10, 2.0, casing=True),
        Stroke(posts, QColor("white"), 0.04, 1.0, fill=colour),
    ]
    labels = [Label(centre(terrain, h), "Bond", colour, PAPER) for h in sorted(bonds)]
    return strokes, labels


def threat_shapes(terrain: TerrainPainter, threat: ThreatMap):
    """Every hex the side could reach next Movement Phase, tinted, with the region's edge."""
    reach = _parse(terrain, threat.reach)
    colour = hue(threat.side, hues=REACH_HUES)
    strokes = [
        Stroke(region_path(terrain, reach), colour, 0.07, 1.6, fill=hue(threat.side, 48, REACH_HUES)),
    ]
    return strokes, []


def marker_shapes(terrain: TerrainPainter, picture: MarkerPicture):
    """3.5 barrage markers ringed in the firing side's hue (Full solid, Half dashed), 2.2 Air
    Supply markers in blue and 3.4 DG stacks in amber, each named."""
    strokes, labels = [], []
    parse = terrain.map.parse
    by_hex: dict[str, list[str]] = {}
    for hex_id, owner, size in picture.barrage:
        ring = rings_path(terrain, [parse(hex_id)], 0.92)
        strokes.append(Stroke(ring, hue(owner), 0.12, 2.2, dash=() if size == "full" else (1.6, 1.2), casing=True))
        by_hex.setdefault(hex_id, []).append(f"{owner} {size.capitalize()}")
    for hex_id in picture.air_supply:
        strokes.append(Stroke(rings_path(terrain, [parse(hex_id)], 0.92), AIR_SUPPLY_HUE, 0.12, 2.2, casing=True))
        by_hex.setdefault(hex_id, []).append("Air Supply")
    dg = [parse(hex_id) for hex_id, _, _ in picture.dg]
    strokes.append(Stroke(rings_path(terrain, dg, 0.78), DG_HUE, 0.12, 2.2, casing=True))
    for hex_id, n, of in picture.dg:
        by_hex.setdefault(hex_id, []).append("DG" if n == of else f"DG {n}/{of}")
    for hex_id, words in sorted(by_hex.items()):
        labels.append(Label(_below(terrain, parse(hex_id)), " · ".join(words), QColor("#212121"), PAPER, 0.2))
    return strokes, labels


def vp_shapes(terrain: TerrainPainter, hexes: tuple[VpHex, ...]):
    """6.0: every VP hex tinted and outlined in the hue of the side controlling it (the map
    already prints its VP, and the marker layer its flag)."""
    strokes = []
    parse = terrain.map.parse
    for side in sorted({v.controller for v in hexes}):
        held = {parse(v.hex) for v in hexes if v.controller == side}
        strokes.append(Stroke(region_path(terrain, held), hue(side), 0.10, 2.0, fill=hue(side, 70), casing=True))
    return strokes, []
