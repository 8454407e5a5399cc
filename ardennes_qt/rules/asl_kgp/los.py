"""Line of sight between two Locations on a KGP map, every hex it crosses with what it meets
there and the rule behind each step.

Printed in chapter P: pine woods are two levels high (P1.2), an Up-Slope Location is ¾ level
higher to a line that leaves it across its Up-Slope hexside (P2.3, ½ by footnote 3 as an
option) and slopes do nothing else (P2.3), stream-hex vegetation rises from the stream's crest
(P4.1), the two-story house is 1½ levels high (P5.3), a steeple stands above the building's
highest level (P5.2), hillside walls are ignored between elevations a level or more apart (P6.1).
The rest is the provisional reading in ``tables/los.toml``, cited as provisional.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.rules.asl_kgp.ground import (BUILDING, ORCHARD, PINE_WOODS, TWO_STORY_HOUSE, WOODS, Ground,
                                              HexGround, Location, up_slope_across)
from ardennes_qt.rules.asl_kgp.los_rules import LosRules, shipped_rules

PROVISIONAL = "provisional: ASL rule A6, not in the rules at hand"


@dataclass(frozen=True)
class SightStep:
    """What the line meets at one hex or hexside, what that does, and the rule."""

    where: str
    what: str
    effect: str  # "blocks", "hinders +1", "no effect", "raises ... by ¾ level"
    rule: str
    provisional: bool = False

    def words(self) -> str:
        return f"{self.where}: {self.what}: {self.effect} ({self.rule})"


@dataclass(frozen=True)
class Sight:
    """The answer: whether the target is seen, the Hindrance total, each step, the hexes crossed."""

    seen: bool
    hindrance: int
    steps: tuple[SightStep, ...]
    crossed: tuple[str, ...]
    viewer_height: float
    target_height: float

    @property
    def blocked_by(self) -> SightStep | None:
        return next((s for s in self.steps if s.effect == "blocks"), None)

    @property
    def provisional(self) -> bool:
        """The answer rests on a provisional reading: the line itself as soon as a hex lies between
        the two, or a step that is."""
        return len(self.crossed) > 2 or any(s.provisional for s in self.steps)

    def verdict(self) -> str:
        if not self.seen:
            step = self.blocked_by
            if step is None:
                return f"blocked: Hindrances total {self.hindrance} ({PROVISIONAL})"
            return f"blocked at {step.where} by {step.what} ({step.rule})"
        if self.hindrance:
            return f"seen, hindered +{self.hindrance}"
        return "clear"


@lru_cache(maxsize=256)
def amount_words(amount: float) -> str:
    """An amount of levels as a player reads it: 3¾, ½, 2."""
    whole = int(amount // 1)
    part = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(
        Fraction(amount - whole).limit_denominator(4), "")
    return f"{whole}{part}" if whole or not part else part


def level_words(height: float) -> str:
    """A height as a player reads it: level 3¾."""
    return f"level {amount_words(height)}"


def eye_height(ground: Ground, loc: Location) -> float:
    """A Location's elevation: its hex's level, a building level above it, a steeple above the
    highest level (P5.2), or a stream hex's crest (P4.12 Crest status)."""
    hex_ground = ground.at(loc.hex)
    base = hex_ground.crest_level if loc.crest else hex_ground.level
    if loc.steeple:
        return base + hex_ground.upper_levels + 1
    return base + loc.floor


def obstacle(rules: LosRules, g: HexGround) -> tuple[float, str, str, bool] | None:
    """The top of a hex's LOS obstacle (its height above the ground, or above a stream hex's
    crest: P4.1), its words, its rule and whether that rule is provisional."""
    rising_from = g.crest_level
    if g.terrain == PINE_WOODS:
        top = rising_from + rules.pine_woods_height
        return top, f"pine woods, top at {level_words(top)}", _from_crest("P1.2", g), False
    if g.terrain == WOODS:
        top = rising_from + rules.woods_height
        return top, f"woods, top at {level_words(top)}", _from_crest(PROVISIONAL, g), True
    if g.terrain == TWO_STORY_HOUSE:
        top = g.level + rules.two_story_house_height + (rules.steeple_height if g.steeple else 0)
        return top, f"two-story house, top at {level_words(top)}", "P5.3", False
    if g.terrain == BUILDING:
        top = g.level + g.upper_levels + rules.building_half_level + (rules.steeple_height if g.steeple else 0)
        words = "building with a steeple" if g.steeple else "building"
        return top, f"{words}, top at {level_words(top)}", PROVISIONAL, True
    return None


def _from_crest(rule: str, g: HexGround) -> str:
    return f"{rule}; P4.1" if g.stream else rule


def hindrance(rules: LosRules, g: HexGround) -> tuple[int, float, str] | None:
    """A hex's Hindrance: its value, its top and its words (provisional: A6.7 is not at hand)."""
    value, top, words = 0, 0.0, []
    if g.terrain == ORCHARD:
        value, top = value + rules.orchard_hindrance, g.crest_level + rules.orchard_height
        words.append("orchard")
    if g.vehicles:
        value += rules.vehicle_hindrance * g.vehicles
        top = max(top, g.level + rules.vehicle_height)
        words.append("vehicle" if g.vehicles == 1 else f"{g.vehicles} vehicles")
    return (value, top, " and ".join(words)) if value else None


def crossed_hexes(a: Hex, b: Hex) -> list[tuple[float, tuple[Hex, ...]]]:
    """Each point of the centre-to-centre line one hex apart, with the hex (or, where the line
    runs exactly along a hexside, the two hexes) there: the line drawn twice, nudged to either
    side, as A6.1 is read provisionally."""
    return [(t, tuple(Hex(q, r) for q, r in cells)) for t, cells in line_cells(a.q, a.r, b.q, b.r)]


def line_cells(aq: int, ar: int, bq: int, br: int) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    """``crossed_hexes`` as (q, r) pairs, sorted where two."""
    n = max(abs(bq - aq), abs(br - ar), abs((bq + br) - (aq + ar)))
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q, r = aq + (bq - aq) * t, ar + (br - ar) * t
        one, two = _round(q + 1e-6, r + 2e-6), _round(q - 1e-6, r - 2e-6)
        out.append((t, (one,) if one == two else tuple(sorted((one, two)))))
    return out


def _round(qf: float, rf: float) -> tuple[int, int]:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def sight(ground: Ground, viewer: Location, target: Location, rules: LosRules | None = None) -> Sight:
    """Line of sight from ``viewer`` to ``target``, explained step by step."""
    rules = rules or shipped_rules()
    points = crossed_hexes(viewer.hex, target.hex)
    steps: list[SightStep] = []
    low, high = eye_height(ground, viewer), eye_height(ground, target)
    if len(points) > 1:
        low += _up_slope(ground, rules, viewer, points[1][1], steps, "viewer")
        high += _up_slope(ground, rules, target, points[-2][1], steps, "target")
    blocked = False
    total = 0

    def line_at(t: float) -> float:
        return low + (high - low) * t

    for t, hexes in points[1:-1]:
        height = line_at(t)
        verdicts = [_hex_step(ground, rules, h, height) for h in hexes]
        if len(hexes) == 2:
            both = all(v[0] == "blocks" for v in verdicts)
            for h, (effect, what, rule, provisional) in zip(hexes, verdicts):
                if effect == "blocks" and not both:
                    effect, what = "no effect", what + ", beside a line along its hexside"
                    rule, provisional = f"{rule}; {PROVISIONAL}", True
                steps.append(SightStep(ground.hex_id(h), what, effect, rule, provisional))
                blocked |= effect == "blocks"
        else:
            effect, what, rule, provisional = verdicts[0]
            steps.append(SightStep(ground.hex_id(hexes[0]), what, effect, rule, provisional))
            blocked |= effect == "blocks"
        for h in hexes:
            found = hindrance(rules, ground.at(h))
            if found and found[1] >= height and len(hexes) == 1:
                total += found[0]
                steps.append(SightStep(ground.hex_id(h), found[2], f"hinders +{found[0]}", PROVISIONAL, True))
    blocked |= _hexsides(ground, rules, points, line_at, viewer, target, steps)
    if total >= rules.hindrance_limit:
        blocked = True
    return Sight(not blocked, total, tuple(steps), tuple(ground.hex_id(p[1][0]) for p in points),
                 low, high)


def _hex_step(ground: Ground, rules: LosRules, h: Hex, height: float) -> tuple[str, str, str, bool]:
    g = ground.at(h)
    found = obstacle(rules, g)
    line = f"the line at {level_words(height)}"
    if found and found[0] >= height:
        return "blocks", found[1], found[2], found[3]
    if g.level > height:
        return "blocks", f"the hill at {level_words(g.level)}, above {line}", PROVISIONAL, True
    if found:
        return "no effect", f"{found[1]}, below {line}", found[2], found[3]
    return "no effect", f"ground at {level_words(g.level)}, below {line}", PROVISIONAL, True


def _up_slope(ground: Ground, rules: LosRules, loc: Location, next_hexes: tuple[Hex, ...],
              steps: list[SightStep], who: str) -> float:
    """P2.3: ¾ level (½ by the footnote) for a line that begins or ends in an Up-Slope Location and
    crosses that Location's Up-Slope hexside (its vertices included: P2.1)."""
    for other in next_hexes:
        if other.distance(loc.hex) == 1 and up_slope_across(ground, loc.hex, other):
            rule = "P2.3" if rules.up_slope_reading == "rule" else "P2.3 footnote 3"
            steps.append(SightStep(ground.side_id(loc.hex, other), "Up-Slope hexside",
                                   f"raises the {who} {amount_words(rules.up_slope_bonus)} level", rule))
            return rules.up_slope_bonus
    return 0.0


def _hexsides(ground: Ground, rules: LosRules, points, line_at, viewer: Location, target: Location,
              steps: list[SightStep]) -> bool:
    """Walls, hedges and slopes on the hexsides the line crosses (not along)."""
    seen_sides: set[Hexside] = set()
    blocked = False
    ends = {viewer.hex, target.hex}
    for (t1, here), (t2, there) in zip(points, points[1:]):
        for a in here:
            for b in there:
                if a.distance(b) != 1:
                    continue
                side = Hexside.between(a, b)
                if side in seen_sides:
                    continue
                seen_sides.add(side)
                t = (t1 + t2) / 2.0
                blocked |= _side_step(ground, rules, a, b, line_at(t), ends, viewer, target, steps)
    return blocked


def _side_step(ground: Ground, rules: LosRules, a: Hex, b: Hex, height: float, ends: set[Hex],
               viewer: Location, target: Location, steps: list[SightStep]) -> bool:
    feature = ground.side(a, b)
    where = ground.side_id(a, b)
    if feature.slope_marks_in is not None and not ({a, b} & ends):
        steps.append(SightStep(where, "slope hexside", "no effect on a line passing through", "P2.3"))
    if not feature.wall:
        return False
    levels = (ground.at(a).level, ground.at(b).level)
    top = max(levels) + rules.wall_height
    if levels[0] != levels[1] and abs(eye_height(ground, viewer) - eye_height(ground, target)) \
            >= rules.hillside_wall_level_difference:
        steps.append(SightStep(where, f"hillside {feature.wall}", "no effect: the two elevations differ by a "
                               "level or more", "P6.1"))
        return False
    if {a, b} & ends:
        steps.append(SightStep(where, feature.wall, "no effect: the unit beside it sees over it", PROVISIONAL,
                               True))
        return False
    if top >= height:
        steps.append(SightStep(where, f"{feature.wall}, top at {level_words(top)}", "blocks",
                               "P6.2" if levels[0] != levels[1] else PROVISIONAL, levels[0] == levels[1]))
        return True
    steps.append(SightStep(where, f"{feature.wall}, below the line", "no effect", PROVISIONAL, True))
    return False
