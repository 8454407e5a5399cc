"""Setup Area Determination (8.605-8.6057) as map algorithms: from who Controls which Strategic
Locations, each side's Setup Areas, No Man's Land and Uncontrolled Territory, with the hexes
enclosed in one side's area joined to it and each area's isolation.

Pure: hexes in, hexes out.  ``setup_areas`` takes the map group's hexes, its Strategic Locations,
the control map, which hexes are Enterable by Infantry, where each side's isolation path may end
and which hexes units occupy; ``on_map`` reads those from a KGP map.

Where the seed leans on the ASL rulebook, the reading is stated (``PROVISIONAL``): what is
Enterable (8.2 says only that a river Location and a Blazing hex are not), when a hex is Enterable
"from" a Strategic Location, which Entry Areas are Eligible, and that control is kept per hex.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable, Mapping

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError

REACH = 2  # 8.2 Setup Area, 8.6051 No Man's Land: "within two hexes"

PROVISIONAL = (
    ("Enterable (8.2)", "every hex but a river hex that is not a bridge: Blazes are not kept, and the "
                        "ASL rulebook's movement rules are not in the program"),
    ("Enterable from a Strategic Location (8.2 Setup Area)", "a path of at most two Enterable hexes from "
                                                             "one of the side's Controlled Strategic Locations"),
    ("Strategic Locations (8.2)", "the map's buildings and bridges, and every hex a side is set to Control "
                                  "(the players mark entrenchments, Guns, Immobile vehicles and revealed "
                                  "Objective Hexes by setting their control, as with Control markers: 8.605)"),
    ("Eligible Entry Areas (CG6c)", "every Entry Area of the side on the map group (the arrows' CG Dates are "
                                    "not drawn); a German one only while the Germans Control its centre hex"),
    ("Control (8.605)", "kept per hex, not per Location: upper-level isolation (8.6057) is not worked out"),
    ("Enclosed (8.6054)", "a group of Uncontrolled hexes and unoccupied, uncontrolled Strategic Locations "
                          "whose every neighbour is in one side's Setup Areas and that does not reach the "
                          "map group's edge"),
)


@dataclass(frozen=True)
class SetupArea:
    """One side's Setup Area (8.2): touching ones are one (8.2), with the hexes it encloses (8.6054)."""

    side: str
    name: str  # "A", "B"... in board order
    hexes: frozenset[Hex]
    strategic: frozenset[Hex]  # its Controlled Strategic Locations
    enclosed: frozenset[Hex] = frozenset()  # joined to it by 8.6054
    isolated: bool = False  # 8.6052: no path to an Eligible Entry Area (the Germans on Lg: to the HQ)


@dataclass(frozen=True)
class SetupAreas:
    """Every hex of a map group in one of: a side's Setup Area, No Man's Land, Uncontrolled Territory."""

    areas: tuple[SetupArea, ...]
    no_mans_land: frozenset[Hex]
    uncontrolled: frozenset[Hex]
    strategic: frozenset[Hex]  # every Strategic Location, Controlled or not
    control: Mapping[Hex, str] = field(default_factory=dict)

    def area_of(self, h: Hex) -> SetupArea | None:
        return next((a for a in self.areas if h in a.hexes), None)

    def of_side(self, side: str) -> tuple[SetupArea, ...]:
        return tuple(a for a in self.areas if a.side == side)

    def status(self, h: Hex) -> tuple[str, str]:
        """What the hex is, in the rules' words, and the rule."""
        area = self.area_of(h)
        if area is not None:
            words = f"{area.side} Setup Area {area.name}"
            rule = "8.2 Setup Area"
            if h in area.strategic:
                words += f": a Strategic Location the {area.side} side Controls"
            elif h in area.enclosed:
                words += ": enclosed by it"
                rule = "8.6054"
            if area.isolated:
                words += " (Isolated)"
                rule += "; 8.6052"
            return words, rule
        if h in self.no_mans_land:
            return "No Man's Land: within two hexes of both sides' Controlled Strategic Locations", "8.6051"
        if h in self.uncontrolled:
            what = "an uncontrolled Strategic Location in " if h in self.strategic else ""
            return f"{what}Uncontrolled Territory".capitalize(), "8.6053"
        return "", ""


_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=8)
def _adjacency(hexes: frozenset[Hex]) -> dict[Hex, tuple[Hex, ...]]:
    """Each hex's neighbours among ``hexes`` (built once per map group: a Hex is slow to make)."""
    by_qr = {(h.q, h.r): h for h in hexes}
    return {h: tuple(n for dq, dr in _STEPS if (n := by_qr.get((h.q + dq, h.r + dr))) is not None) for h in hexes}


def _reached(adjacent, start: Iterable[Hex], allowed: Callable[[Hex], bool], limit: int | None = None) -> set[Hex]:
    """Hexes reached from ``start`` through contiguous ``allowed`` hexes, in at most ``limit`` steps."""
    seen = set(start)
    queue = deque((s, 0) for s in seen)
    while queue:
        h, steps = queue.popleft()
        if limit is not None and steps == limit:
            continue
        for n in adjacent[h]:
            if n not in seen and allowed(n):
                seen.add(n)
                queue.append((n, steps + 1))
    return seen


def _groups(adjacent, hexes: set[Hex]) -> list[set[Hex]]:
    """Touching hexes as groups (8.2: friendly Setup Areas that touch are one)."""
    left, out = set(hexes), []
    while left:
        group = _reached(adjacent, [left.pop()], left.__contains__)
        left -= group
        out.append(group)
    return out


def setup_areas(hexes: frozenset[Hex], strategic: frozenset[Hex], control: Mapping[Hex, str],
                enterable: Callable[[Hex], bool], targets: Mapping[str, frozenset[Hex]],
                occupied: frozenset[Hex] = frozenset(), sides: tuple[str, ...] = ("German", "U.S."),
                order: Callable[[Hex], object] = lambda h: (h.q, h.r)) -> SetupAreas:
    """8.605-8.6054 and 8.6052 on one map group's ``hexes``.  ``targets``: per side, the hexes an
    isolation path may end in (its Eligible Entry Areas; the Germans on Lg, the HQ hex)."""
    adjacent = _adjacency(hexes)
    control = {h: s for h, s in control.items() if h in hexes and s in sides}
    strategic = frozenset(strategic & hexes) | frozenset(control)  # 8.2 Strategic Location
    near = {s: _reached(adjacent, (h for h, c in control.items() if c == s), lambda n: True, REACH) for s in sides}
    # 8.6051: a non-Strategic Location within two hexes of both sides' Controlled Strategic Locations.
    no_mans_land = {h for h in hexes if h not in strategic and all(h in near[s] for s in sides)}
    claimed: dict[str, set[Hex]] = {}
    for side in sides:
        own = {h for h, c in control.items() if c == side}
        others = set().union(*(near[s] for s in sides if s != side))
        # 8.2 Setup Area: the Controlled Strategic Locations, and each non-Strategic hex within two
        # of them, not within two of the enemy's, Enterable by Infantry from one of them.
        reach = _reached(adjacent, own, enterable, REACH)
        claimed[side] = own | {h for h in reach if h not in strategic and h not in others}
    in_areas = set().union(*claimed.values())
    uncontrolled = {h for h in hexes if h not in in_areas and h not in no_mans_land}
    enclosed = _enclosed(adjacent, uncontrolled, strategic, control, occupied, claimed)
    for side, joined in enclosed.items():
        claimed[side] |= joined
        uncontrolled -= joined
    areas = []
    for side in sides:
        groups = sorted(_groups(adjacent, claimed[side]), key=lambda g: min(order(h) for h in g))
        path_ok = lambda n, side=side: enterable(n) and (n in uncontrolled or n in claimed[side])
        reached = _reached(adjacent, [t for t in targets.get(side, ()) if t in hexes and path_ok(t)], path_ok)
        for i, group in enumerate(groups):
            areas.append(SetupArea(side, _name(i), frozenset(group), frozenset(g for g in group if control.get(g) == side),
                                   frozenset(group & enclosed.get(side, set())), isolated=not group & reached))
    return SetupAreas(tuple(areas), frozenset(no_mans_land), frozenset(uncontrolled), strategic, control)


def _enclosed(adjacent, uncontrolled, strategic, control, occupied, claimed) -> dict[str, set[Hex]]:
    """8.6054: Uncontrolled hexes and unoccupied Strategic Locations completely enclosed within one
    side's Setup Area become part of it."""
    candidates = {h for h in uncontrolled if h not in strategic or (h not in control and h not in occupied)}
    out: dict[str, set[Hex]] = {}
    for group in _groups(adjacent, candidates):
        if any(len(adjacent[h]) < 6 for h in group):
            continue  # it reaches the map group's edge
        around = {n for h in group for n in adjacent[h]} - group
        owners = [s for s, area in claimed.items() if around <= area]
        if len(owners) == 1:
            out.setdefault(owners[0], set()).update(group)
    return out


def _name(i: int) -> str:
    letters = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# --- from a KGP map ------------------------------------------------------------------------------

STRATEGIC_TERRAIN = frozenset({"stone_building", "wooden_building", "two_story_house", "steeple", "bridge"})
HQ = {"Lg": "LgN25"}  # 8.6052: the German path on the Lg Map Group goes to Peiper's HQ
GERMAN = "German"


def enterable(terrain: frozenset[str]) -> bool:
    """8.2 Enterable, provisional (``PROVISIONAL``): not a river Location, unless bridged."""
    return "river" not in terrain or "bridge" in terrain


def isolation_targets(m, hexes: frozenset[Hex], control: Mapping[Hex, str], group: str,
                      sides: tuple[str, ...]) -> dict[str, frozenset[Hex]]:
    """Where each side's isolation path may end (8.6052): its Eligible Entry Areas (CG6c; a German
    one while the Germans Control its centre hex); the Germans on Lg, the HQ hex instead."""
    out: dict[str, frozenset[Hex]] = {}
    for side in sides:
        if side == GERMAN and group in HQ:
            out[side] = frozenset({m.parse(HQ[group])})
            continue
        found: set[Hex] = set()
        for area in m.entry_areas.values():
            if area.side != side or not set(area.hexes) & hexes:
                continue
            if side == GERMAN and control.get(_centre(m, area.letter)) != GERMAN:
                continue
            found.update(h for h in area.hexes if h in hexes)
        out[side] = frozenset(found)
    return out


def _centre(m, letter: str) -> Hex | None:
    """An Entry Area's centre (arrow) hex: KGP's areas are named by it (CG6)."""
    try:
        return m.parse(letter)
    except (HexIdError, ValueError):
        return None


def on_map(m, hexes: frozenset[Hex], control: Mapping[Hex, str], occupied: frozenset[Hex],
           group: str, sides: tuple[str, ...]) -> SetupAreas:
    """The Setup Areas of one map group (``hexes``) of a KGP map under ``control``."""
    strategic = frozenset(h for h in hexes if m.terrain(h) & STRATEGIC_TERRAIN)
    return setup_areas(hexes, strategic, control, lambda h: enterable(m.terrain(h)),
                       isolation_targets(m, hexes, control, group, sides), occupied, sides,
                       order=lambda h: m.hex_id(h))
