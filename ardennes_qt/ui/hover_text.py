"""The status bar's words for the hex and counter under the pointer, from the
engine's ``hex_info`` and unit views (the map's own words, nothing decided here)."""

from __future__ import annotations

from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.map_style import HEXSIDE_WORDS, ROAD_WORDS, TERRAIN_WORDS


def hex_text(info: dict) -> str:
    parts = [info["id"]]
    if info["name"]:
        parts[0] += f" {info['name']}" + (f" ({info['vp']} VP)" if info["vp"] else "")
    parts.append(", ".join(TERRAIN_WORDS.get(t, t) for t in info["terrain"]))
    sides = []
    for direction, side in info["hexsides"].items():
        words = " + ".join(HEXSIDE_WORDS.get(f, f) for f in side["features"])
        sides.append(f"{direction} {words}" + (f" ({side['name']})" if side["name"] else ""))
    if sides:
        parts.append("hexsides: " + ", ".join(sides))
    if info["roads"]:
        parts.append("roads: " + ", ".join(f"{ROAD_WORDS.get(k, k)} {d}" for d, k in info["roads"].items()))
    for direction, bridge in info["bridges"].items():
        text = f"bridge {direction}"
        if bridge["built"]:
            text += f" (German-built, from {bridge['built']})"
        if bridge["plunger"]:
            text += f" (primed: plunger {bridge['plunger']})"
        parts.append(text)
    if info["entry_area"]:
        parts.append(f"entry area {info['entry_area']}")
    if not info["in_play"]:
        parts.append("outside the play area")
    if info["units"]:
        n = len(info["units"])
        parts.append(f"{n} counter{'s' if n != 1 else ''}")
    return " · ".join(parts)


def unit_text(unit: UnitView, hint: str) -> str:
    """The counter under the pointer, and what the player may do with it now (``counter_hints``)."""
    dg = ", DG" if unit.dg else ""
    hint = " ".join(hint.split("\n"))
    return f"{unit.name} {unit.values}{dg} — {hint[:1].lower()}{hint[1:]}"
