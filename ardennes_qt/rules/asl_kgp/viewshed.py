"""A viewshed: every Location on the ground a chosen one sees, clear or hindered.

The verdict for each hex is the one ``los.sight`` gives, found without writing out its steps:
heights and obstacles are looked up once for the whole map, and the hexes of each line are
walked as ``los.crossed_hexes`` walks them.
"""

from __future__ import annotations

from dataclasses import dataclass


from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.rules.asl_kgp.ground import Ground, Location
from ardennes_qt.rules.asl_kgp.los import eye_height, hindrance, line_cells, obstacle, sight
from ardennes_qt.rules.asl_kgp.los_rules import LosRules, shipped_rules

NOTHING = float("-inf")


@dataclass(frozen=True)
class Seen:
    hex: Hex
    hindrance: int  # 0: clear


def viewshed(ground: Ground, viewer: Location, rules: LosRules | None = None) -> dict[Hex, Seen]:
    """The ground-level Location of every hex of the board that ``viewer`` sees."""
    rules = rules or shipped_rules()
    # A line that meets a wall or hedge between its ends (one beside a unit does not block it), or
    # begins or ends beside a slope (P2.3: slopes count only there), gets the full answer; every
    # other line is walked over the arrays.
    walled = {(h.q, h.r) for side, s in ground.sides.items() if s.wall for h in side.hexes}
    sloped = {(h.q, h.r) for side, s in ground.sides.items() if s.slope_marks_in for h in side.hexes}
    if (viewer.hex.q, viewer.hex.r) in sloped:
        return _one_by_one(ground, viewer, rules)
    tops = {(h.q, h.r): (found[0] if (found := obstacle(rules, g)) else NOTHING) for h, g in ground.hexes.items()}
    levels = {(h.q, h.r): g.level for h, g in ground.hexes.items()}
    hinders = {(h.q, h.r): found[:2] for h, g in ground.hexes.items() if (found := hindrance(rules, g))}
    low = eye_height(ground, viewer)
    limit = rules.hindrance_limit
    out: dict[Hex, Seen] = {}
    vq, vr = viewer.hex.q, viewer.hex.r
    for target in ground.targets():
        cells = line_cells(vq, vr, target.q, target.r)
        if (target.q, target.r) in sloped or walled and any(h in walled for _, hexes in cells[1:-1] for h in hexes):
            answer = sight(ground, viewer, Location(target), rules)
            if answer.seen:
                out[target] = Seen(target, answer.hindrance)
            continue
        high = float(levels.get((target.q, target.r), 0))
        total = _unblocked_hindrance(cells, low, high, tops, levels, hinders)
        if total is not None and total < limit:
            out[target] = Seen(target, total)
    return out


def _unblocked_hindrance(cells, low: float, high: float, tops, levels, hinders) -> int | None:
    """The Hindrance total of a line, or None where an obstacle or a hill blocks it."""
    total = 0
    for t, hexes in cells[1:-1]:
        height = low + (high - low) * t
        if all(tops.get(h, NOTHING) >= height or levels.get(h, 0) > height for h in hexes):
            return None
        if len(hexes) == 1 and hexes[0] in hinders:
            value, top = hinders[hexes[0]]
            if top >= height:
                total += value
    return total


def _one_by_one(ground: Ground, viewer: Location, rules: LosRules) -> dict[Hex, Seen]:
    out = {}
    for target in ground.targets():
        answer = sight(ground, viewer, Location(target), rules)
        if answer.seen:
            out[target] = Seen(target, answer.hindrance)
    return out


def brute_force(ground: Ground, viewer: Location, rules: LosRules | None = None) -> dict[Hex, Seen]:
    """The same, each line explained in full (what the viewshed is checked and timed against)."""
    return _one_by_one(ground, viewer, rules or shipped_rules())



