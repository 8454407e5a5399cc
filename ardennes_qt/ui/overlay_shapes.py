"""How a planning overlay looks: the strokes and labels drawn from the plain shapes a
rule system declares (``core.planning``: areas, rings, links, dots, labels, each in a tint).

Each side has its own hue, chosen to stand out from the map's greens and creams: the
counters' grey and olive would vanish on woods.  Out of supply is a dashed magenta ring
whichever side (red is the threat map's).  The edges of large areas (supply, reach) go
without a pale casing: on the tint they read well enough, and a casing would double what
they cost to draw.
"""

from __future__ import annotations

import weakref

import numpy as np

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath

from ardennes_qt.core.planning import Area, Dots, HexLabel, Links, OverlayPicture, Rings
from ardennes_qt.ui.overlay_paint import PIECE_SIDES, Label, Stroke, centre, region_edges, rings_path
from ardennes_qt.ui.terrain_painter import TerrainPainter

SIDE_HUES = {"German": QColor("#2356e8"), "Allied": QColor("#00796b")}  # a clear blue: a navy tint greys like shade
REACH_HUES = {"German": QColor("#c62828"), "Allied": QColor("#e65100")}
OUT_OF_SUPPLY = QColor("#c2185b")
DG_HUE = QColor("#f9a825")
AIR_SUPPLY_HUE = QColor("#1565c0")
INK = QColor("#212121")
PAPER = QColor(255, 255, 255, 235)
TINTS = {"warning": OUT_OF_SUPPLY, "caution": DG_HUE, "supply": AIR_SUPPLY_HUE, "ink": INK}


def hue(side: str, alpha: int = 255, hues=SIDE_HUES) -> QColor:
    """A side's hue; a game's own name for the Germans' opponents ("U.S.") takes the Allied hue."""
    colour = QColor(hues.get(side) or (hues["Allied"] if side else QColor("#555555")))
    colour.setAlpha(alpha)
    return colour


def tint(name: str, alpha: int = 255) -> QColor:
    """The colour of a declared tint: ``side:<side>``, ``reach:<side>`` or a role."""
    role, _, side = name.partition(":")
    if role == "side":
        return hue(side, alpha)
    if role == "reach":
        return hue(side, alpha, REACH_HUES)
    colour = QColor(TINTS.get(role, QColor("#555555")))
    colour.setAlpha(alpha)
    return colour


_AXIAL: dict[int, tuple[weakref.ref, dict[str, tuple[int, int]]]] = {}


def _axial(terrain: TerrainPainter, hex_ids) -> np.ndarray:
    """The (q, r) of each printed hex id, as an array of two columns: each id parsed once
    per map (kept while the map lives)."""
    game_map = terrain.map
    entry = _AXIAL.get(id(game_map))
    if entry is None or entry[0]() is not game_map:
        key = id(game_map)
        entry = _AXIAL[key] = (weakref.ref(game_map, lambda _ref, key=key: _AXIAL.pop(key, None)), {})
    known, parse = entry[1], game_map.parse
    out = []
    for hex_id in hex_ids:
        at = known.get(hex_id)
        if at is None:
            h = parse(hex_id)
            at = known[hex_id] = (h.q, h.r)
        out.append(at)
    return np.array(out, dtype=np.int64).reshape(-1, 2)


def _parse(terrain: TerrainPainter, hex_ids) -> set:
    parse = terrain.map.parse
    return {parse(h) for h in hex_ids}


def _below(terrain: TerrainPainter, h) -> QPointF:
    """A label's place: along the bottom edge of the hex, under its counters (piles rise to
    the north-east)."""
    c = centre(terrain, h)
    return QPointF(c.x(), c.y() + terrain.layout.height * 0.43)


def _stroke(path: QPainterPath, colour: QColor, line, fill: QColor | None = None, pieces=()) -> Stroke:
    return Stroke(path, colour, line.width, line.least_px, fill=fill, dash=line.dash, casing=line.casing,
                  pieces=pieces)


# A faint blue over the map's cream comes out grey (the two all but cancel), the grey of the
# hexes out of play: a German area's tint is laid on this much thicker, to read as blue.
FILL_BOOST = {"side:German": 2.0}


def _area(terrain: TerrainPainter, area: Area) -> Stroke:
    fill = min(255, round(area.fill * FILL_BOOST.get(area.tint, 1.0)))
    # A long edge, opaque and solid, is drawn in pieces (Stroke.pieces): where two meet, a
    # translucent or dashed line would show it.
    cut = area.line.alpha == 255 and not area.line.dash and len(area.hexes) > PIECE_SIDES
    path, pieces = region_edges(terrain, _axial(terrain, area.hexes), pieces=cut)
    return _stroke(path, tint(area.tint, area.line.alpha), area.line, tint(area.tint, fill) if area.fill else None,
                   pieces if path.elementCount() > 4 * PIECE_SIDES else ())


def _rings(terrain: TerrainPainter, rings: Rings) -> Stroke:
    hexes = [terrain.map.parse(h) for h in rings.hexes]
    return _stroke(rings_path(terrain, hexes, rings.scale), tint(rings.tint, rings.line.alpha), rings.line)


def _links(terrain: TerrainPainter, links: Links) -> Stroke:
    parse = terrain.map.parse
    path = QPainterPath()
    for hexes in links.paths:
        path.moveTo(centre(terrain, parse(hexes[0])))
        for h in hexes[1:]:
            path.lineTo(centre(terrain, parse(h)))
    return _stroke(path, tint(links.tint, links.line.alpha), links.line)


def _dots(terrain: TerrainPainter, dots: Dots) -> Stroke:
    path = QPainterPath()
    radius = terrain.size * dots.radius
    for h in _parse(terrain, dots.hexes):
        path.addEllipse(centre(terrain, h), radius, radius)
    return Stroke(path, QColor("white"), 0.04, 1.0, fill=tint(dots.tint))


def _label(terrain: TerrainPainter, label: HexLabel) -> Label:
    h = terrain.map.parse(label.hex)
    at = _below(terrain, h) if label.below else centre(terrain, h)
    return Label(at, label.text, tint(label.tint), PAPER, label.share)


_SHAPES = {Area: _area, Rings: _rings, Links: _links, Dots: _dots}


def picture_shapes(terrain: TerrainPainter, picture: OverlayPicture) -> tuple[list[Stroke], list[Label]]:
    """The strokes and labels that draw an overlay, in the order it declares them."""
    strokes = [_SHAPES[type(shape)](terrain, shape) for shape in picture.shapes]
    return strokes, [_label(terrain, label) for label in picture.labels]
