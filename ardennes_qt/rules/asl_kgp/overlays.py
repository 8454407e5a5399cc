"""The Set-up areas overlay: each side's Setup Areas (8.2; 8.605) in its colour, No Man's Land
in yellow as the rules suggest marking it (8.6051), Uncontrolled Territory untinted (8.6053), the
Controlled Strategic Locations ringed, an Isolated area's edge dashed (8.6052), each area named.
Hover a hex for what it is and the rule."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import Area, HexLabel, Line, OverlayKind, OverlayPicture, Rings
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.asl_kgp.schema import SIDES
from ardennes_qt.rules.asl_kgp.setup_areas import PROVISIONAL, on_map

SETUP_AREAS = OverlayKind(
    "setup_areas", "Set-up areas",
    "Setup Area Determination (8.605) from the hexes each side Controls (set them from the map's menu): "
    "each side's Setup Areas, No Man's Land in yellow (8.6051), Uncontrolled Territory untinted (8.6053); "
    "an Isolated area's edge dashed (8.6052). Hover a hex for what it is.",
    provisional=PROVISIONAL, icon="area")
ISOLATED = Line(width=0.10, dash=(2.0, 1.5), casing=True)


class KgpOverlays:
    def overlays(self, content: Content) -> tuple:
        return (SETUP_AREAS,)

    def overlay(self, content: Content, state: GameState, key: str, progress=None) -> OverlayPicture | None:
        if key != SETUP_AREAS.key:
            return None
        m = content.map
        occupied = frozenset(u.hex for u in state.units.values() if u.where == "map" and u.hex is not None)
        found = on_map(m, content.play_area(), state.control, occupied, content.scenario.maps[0], SIDES)
        ids = lambda hexes: frozenset(m.hex_id(h) for h in hexes)  # noqa: E731 - shapes name printed hex ids
        shapes: list = [Area(ids(found.no_mans_land), "caution", fill=90, line=Line(width=0.03))]
        labels = []
        for area in found.areas:
            tint = f"side:{area.side}"
            shapes.append(Area(ids(area.hexes), tint, fill=55, line=ISOLATED if area.isolated else Line(width=0.07)))
            first = min(area.strategic or area.hexes, key=m.hex_id)
            isolated = " (Isolated)" if area.isolated else ""
            labels.append(HexLabel(m.hex_id(first), f"{area.side} {area.name}{isolated}", tint))
        for side in SIDES:
            held = tuple(sorted((m.hex_id(h) for h, s in found.control.items() if s == side)))
            if held:
                shapes.append(Rings(held, f"side:{side}", line=Line(width=0.1)))

        def describe(hex_id: str) -> str:
            words, rule = found.status(m.parse(hex_id))
            return f"{words} ({rule})" if words else ""

        return OverlayPicture(tuple(shapes), tuple(labels), describe, found)


OVERLAYS = KgpOverlays()
