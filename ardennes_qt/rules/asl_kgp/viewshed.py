"""A viewshed: every Location on the ground a chosen one sees, clear or hindered.

The verdict for each hex is the one ``los.sight`` gives, found without writing out its steps:
heights and obstacles are looked up once for the whole map, and the hexes of each line are
walked as ``los.crossed_hexes`` walks them.
"""

from __future__ import annotations

from dataclasses import dataclass


from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.rules.asl_kgp.ground import Ground, Location, up_slope_across
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
    # Every line is walked over the arrays, an Up-Slope end raised as ``los`` raises it (P2.3:
    # slopes count only where the line begins or ends) and the walls and hedges it crosses judged
    # as ``los`` judges them.
    walls = {frozenset(((a.q, a.r), (b.q, b.r))) for side, s in ground.sides.items() if s.wall
             for a, b in (side.hexes,)}
    walled = {h for pair in walls for h in pair}
    sloped = {(h.q, h.r) for side, s in ground.sides.items() if s.slope_marks_in for h in side.hexes}
    tops = {(h.q, h.r): (found[0] if (found := obstacle(rules, g)) else NOTHING) for h, g in ground.hexes.items()}
    levels = {(h.q, h.r): g.level for h, g in ground.hexes.items()}
    hinders = {(h.q, h.r): found[:2] for h, g in ground.hexes.items() if (found := hindrance(rules, g))}
    eye = eye_height(ground, viewer)
    limit = rules.hindrance_limit
    out: dict[Hex, Seen] = {}
    vq, vr = viewer.hex.q, viewer.hex.r
    for target in ground.targets():
        cells = line_cells(vq, vr, target.q, target.r)
        ground_level = float(levels.get((target.q, target.r), 0))
        low, high = eye, ground_level
        if len(cells) > 1:
            low += _up_slope_bonus(ground, rules, (vq, vr), cells[1][1], sloped)
            high += _up_slope_bonus(ground, rules, (target.q, target.r), cells[-2][1], sloped)
        if walled and _a_wall_blocks(cells, low, high, abs(eye - ground_level), ((vq, vr), (target.q, target.r)),
                                      walls, walled, levels, rules):
            continue
        total = _unblocked_hindrance(cells, low, high, tops, levels, hinders)
        if total is not None and total < limit:
            out[target] = Seen(target, total)
    return out


def _a_wall_blocks(cells, low: float, high: float, apart: float, ends, walls, walled, levels,
                   rules: LosRules) -> bool:
    """Does a wall or hedge the line crosses block it, as ``los._side_step`` judges: a hillside one
    is ignored between elevations a level or more apart (P6.1), one beside either end is seen
    over, any other blocks where its top is at or above the line (provisional; P6.2)."""
    crossed = set()
    for (t1, here), (t2, there) in zip(cells, cells[1:]):
        for a in here:
            if a not in walled:
                continue
            for b in there:
                pair = frozenset((a, b))
                if pair not in walls or pair in crossed or max(abs(a[0] - b[0]), abs(a[1] - b[1]),
                                                                abs(a[0] + a[1] - b[0] - b[1])) != 1:
                    continue
                crossed.add(pair)
                level_a, level_b = levels.get(a, 0), levels.get(b, 0)
                if level_a != level_b and apart >= rules.hillside_wall_level_difference:
                    continue
                if a in ends or b in ends:
                    continue
                if max(level_a, level_b) + rules.wall_height >= low + (high - low) * (t1 + t2) / 2.0:
                    return True
    return False


def _up_slope_bonus(ground: Ground, rules: LosRules, end: tuple[int, int], next_cells, sloped) -> float:
    """P2.3 as ``los._up_slope`` gives it: the bonus of a line's end that leaves it across an
    Up-Slope hexside of its hex (a vertex of it included)."""
    if end not in sloped:
        return 0.0
    here = Hex(*end)
    for q, r in next_cells:
        other = Hex(q, r)
        if other.distance(here) == 1 and up_slope_across(ground, here, other):
            return rules.up_slope_bonus
    return 0.0


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



