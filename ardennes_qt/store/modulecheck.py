"""A module read from a file (editorfile.py) or a text folder (contenttext.py), checked
before the editor shows it: its map, counters and every scenario as contentcheck.py
checks a game's, and what only a module holds - the Orders of Arrival, vector layers, the
backdrop, house rules - within what the editor can draw (``limits``).  Kept apart from
contentcheck.py: the table opens a game without the editor's model.
"""

from __future__ import annotations

from ardennes_qt.core.mapdata import HEX_TERRAIN, HEXSIDE_FEATURES, ROAD_KINDS, MapData
from ardennes_qt.store import limits
from ardennes_qt.store.contentcheck import Checker, check_map, check_scenario, check_units, finite
from ardennes_qt.store.editormodel import POLYGON, POLYLINE, Backdrop, CalibrationError, Module, VectorLayer
from ardennes_qt.store.gameschemas import sides_of


def check_module(module: Module, origin: str) -> None:
    """ContentError unless the editor can show every part of the module and the table can
    play each of its scenarios."""
    check = Checker(origin)
    check.texts((module.system,), "the module's rule system")
    m = module.map
    sides = sides_of(module.system)
    check_map(m, check, sides)
    check_units(module.formations, module.counters, check, sides)
    for formation in module.formations.values():
        check.texts(getattr(formation, "aliases", ()), f"the other names of formation {formation.code}")
    for scenario in module.scenarios.values():
        check_scenario(scenario, m, module.counters, check, sides)
    for a in module.ooa:
        check.number(a.turn, 0, limits.MAX_TURN, "the turn of an arrival in the Orders of Arrival")
        check.that(a.side in sides and all(c in module.counters for c in (*a.counters, *a.step_loss, *a.dg)),
                   f"an arrival of turn {a.turn} in the Orders of Arrival names no side, or counters that are not listed")
        check.texts((*a.areas, a.edge, a.note), "the wording of the Orders of Arrival")
    check.texts(module.ooa_notes, "a note on the Orders of Arrival")
    for layer in module.layers.values():
        _check_layer(layer, m, check)
    for backdrop in module.backdrop.values():
        _check_backdrop(backdrop, m, check)
    check.texts((t for key in module.house_rules for t in key), "the name of a house rule")
    check.texts(module.house_rules.values(), "a house rule")
    check.texts((t for kv in module.provenance.items() for t in kv), "the source of a value")
    for path, text in module.sources.items():  # whole files (KGP's map is 220 kB): a text file's limit, not a value's
        check.texts((path,), "the name of a text a module was read from")
        check.that(isinstance(text, str) and len(text.encode("utf-8", "surrogatepass")) <= limits.MAX_TEXT_FILE,
                   f"the text {path} a module was read from is not text of at most {limits.MAX_TEXT_FILE:,} bytes")


def _check_layer(layer: VectorLayer, m: MapData, check: Checker) -> None:
    what = f"the vector layer '{layer.name}'"
    for written in layer.output:  # what it wrote last, taken away when it is drawn again: hexes or hexsides
        check.texts((written,), f"{what}'s last output")
        parts = written.split()
        try:
            if len(parts) == 2:
                m.side_from_ref(*parts)
            else:
                m.parse(written)
        except (ValueError, KeyError):
            raise check.fail(f"{what} last wrote '{written}', which is not a hex or a hexside of the map") from None
    check.texts((layer.name, layer.feature, layer.label, *layer.output), f"{what}'s names")
    check.that(layer.shape in (POLYLINE, POLYGON), f"{what} is a '{layer.shape}', not a {POLYLINE} or a {POLYGON}")
    check.that(layer.feature in (*HEX_TERRAIN, *HEXSIDE_FEATURES, *ROAD_KINDS), f"{what} becomes '{layer.feature}', "
               "which is no terrain, hexside feature or road")
    check.count(layer.points, limits.MAX_POINTS, f"points in {what}")
    check.that(all(len(p) == 2 and finite(p[0]) and finite(p[1]) for p in layer.points), f"{what} has a point that is "
               "not two numbers on the map")
    check.that(finite(layer.share, 0.0, 1.0), f"{what} covers {layer.share!r} of a hex, not a share from 0 to 1")


def _check_backdrop(b: Backdrop, m: MapData, check: Checker) -> None:
    what = f"the backdrop '{b.name}'"
    check.texts((b.name,), f"{what}'s name")
    check.that(isinstance(b.data, bytes) and len(b.data) <= limits.MAX_IMAGE_BYTES, f"{what} is not an image of at most "
               f"{limits.MAX_IMAGE_BYTES // 1_000_000} MB")
    check.number(b.width, 1, limits.MAX_IMAGE_SIDE, f"{what}'s width")
    check.number(b.height, 1, limits.MAX_IMAGE_SIDE, f"{what}'s height")
    check.that(b.width * b.height <= limits.MAX_IMAGE_PIXELS, f"{what} has {b.width * b.height:,} pixels "
               f"(at most {limits.MAX_IMAGE_PIXELS:,})")
    check.that(finite(b.opacity, 0.0, 1.0), f"{what}'s opacity is {b.opacity!r}, not from 0 to 1")
    check.that(len(b.calibration) in (0, 1, 2, 3), f"{what} is calibrated by {len(b.calibration)} points, not three")
    for x, y, hex_id in b.calibration:
        check.that(finite(x) and finite(y), f"{what} is calibrated by a point that is not two numbers")
        try:
            m.parse(hex_id)
        except (ValueError, TypeError):
            raise check.fail(f"{what} is calibrated on '{hex_id}', which is not a hex of the map") from None
    if len(b.calibration) == 3:
        try:
            b.transform(lambda hex_id: (m.parse(hex_id).q, m.parse(hex_id).r))
        except CalibrationError as exc:
            raise check.fail(f"{what}'s calibration: {exc}") from None
