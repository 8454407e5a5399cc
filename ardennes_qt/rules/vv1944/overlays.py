"""The planning overlays Ardennes 1944 offers (the ``Overlays`` capability): each side's supply
(10.1-10.2) as ``supply.trace`` works it out - where a unit of the side would be supplied now,
its units that trace none ringed with why, and the Isolated and Unsupplied markers from the last
Supply Phase named."""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import HexLabel, OverlayKind, OverlayPicture
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.common.overlays import supply_shapes, worded_with
from ardennes_qt.rules.vv1944.schema import ISOLATED, SIDES, UNSUPPLIED
from ardennes_qt.rules.vv1944.tables import TABLE_SET, doctrine

Progress = Callable[[int, int], bool]
EDGES = ("the map's friendly edges (10.2)",
         "10.2 prints edges that cannot be right; the east edge is German, the others Allied (map README, provisional)")


class Vv1944Overlays:
    def overlays(self, content: Content) -> tuple[OverlayKind, ...]:
        return tuple(OverlayKind(
            f"supply_{side.lower()}", f"{side} supply",
            f"Where {side} units would be supplied now: a road within 1 hex leading to a friendly edge, or a "
            f"supplied HQ within {doctrine(side)['command_range']} hexes (10.1, 10.2). {side} units that trace none "
            "are ringed; hover a hex for why.", side, provisional=(EDGES,), icon="area") for side in SIDES)

    def overlay(self, content: Content, state: GameState, key: str,
                progress: Progress | None = None) -> OverlayPicture | None:
        side = {f"supply_{s.lower()}": s for s in SIDES}.get(key)
        if side is None:
            raise KeyError(f"Ardennes 1944 has no overlay '{key}'")
        return worded_with(TABLE_SET.current(), supply_overlay(content, state, side))


def supply_overlay(content: Content, state: GameState, side: str) -> OverlayPicture:
    from ardennes_qt.rules.vv1944.supply import trace

    t = trace(content, state, side)
    m = content.map
    hid = m.hex_id
    cut: dict[str, list[str]] = {}
    for uid, ok in t.supplied.items():
        if not ok:
            cut.setdefault(hid(state.units[uid].hex), []).append(f"{content.counter(uid).name}: {t.why[uid]}")
    marked = {}
    for uid, ok in t.supplied.items():
        u = state.units[uid]
        if u.has(UNSUPPLIED) or u.has(ISOLATED):
            marked[hid(u.hex)] = "Unsupplied" if u.has(UNSUPPLIED) else "Isolated"
    enemy_held = {hid(state.units[u].hex) for u, s in state.units.items()
                  if s.where == "map" and content.counter(u).side != side}
    near = {hid(h) for h in t.near_road}
    area = {hid(h) for h in t.area}
    reach = doctrine(side)["command_range"]

    def describe(hex_id: str) -> str:
        if hex_id in near:
            text = f"{side} supplied: a road to a friendly edge within 1 hex (10.2)"
        elif hex_id in area:
            text = f"{side} supplied: a supplied HQ within {reach} hexes (10.2; an HQ itself needs the road)"
        else:
            text = f"{side} out of supply: no road to a friendly edge within 1 hex nor a supplied HQ in range (10.2)"
        if hex_id in cut:
            text += "; " + "; ".join(cut[hex_id])
        if hex_id in marked:
            text += f"; marked {marked[hex_id]} in the last Supply Phase (10.3)"
        return text

    labels = [HexLabel(h, "cut off", "warning", share=0.2) for h in sorted(cut)]
    labels += [HexLabel(h, marked[h], "caution", share=0.18) for h in sorted(marked) if h not in cut]
    return OverlayPicture(shapes=supply_shapes(content, side, sorted(area), enemy_held, tuple(sorted(cut))),
                          labels=tuple(labels), describe=describe, facts=t)
