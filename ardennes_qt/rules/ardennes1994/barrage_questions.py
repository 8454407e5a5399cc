"""The Barrage capability (``core.system.Barrage``) as The Ardennes (1994) means it.

The protocol is shaped for one gun and a named spotter (Ardennes II).  Here any number of
guns and US Air Points fire together (1.10bB, 3.2c) and a spotter is never required: a
friendly unit next to the target only saves a column shift (Barrage Table).  So:

- ``barrage_targets(gun)``: the hexes that gun may fire at now;
- ``barrage_allowed(gun, target)``: may it fire at the hex now; ``gun`` None asks whether
  US Air Points may; a named spotter is reported on, never required;
- ``barrage_chances(target, gun)``: the chances of that gun alone; ``gun`` None: of every gun
  that may fire at the hex now together, with every US Air Point left in a US Barrage Phase;
- ``spotters(target, gun)``: the friendly units next to the hex that save the shift (``gun``
  None: of the side whose Barrage Phase it is, the US outside one).

It answers ``core.system.BarrageTogether`` too: the guns that may fire at a hex now, the US
Air Points that may join them, and the chances of any of them together.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.air import air_checks, air_points_left
from ardennes_qt.rules.ardennes1994.artillery import barrage_side, gun_checks, targets_of
from ardennes_qt.rules.ardennes1994.barrage import chances_of, may_fire_at
from ardennes_qt.rules.ardennes1994.barrage_table import BarrageChances, spotters
from ardennes_qt.rules.ardennes1994.phases import ALLIED
from ardennes_qt.rules.ardennes1994.situation import side_of
from ardennes_qt.rules.common.checks import verdict


class BarrageQuestions:
    def barrage_targets(self, content: Content, state: GameState, artillery_id: str) -> list[str]:
        """Every hex the gun may fire at now (1.10: range, 1.10bC: its division, 1.10bA, G)."""
        if artillery_id not in content.counters or artillery_id not in state.units:
            return []
        return [content.map.hex_id(h) for h in targets_of(content, state, artillery_id)]

    def barrage_allowed(self, content: Content, state: GameState, artillery_id: str | None, target: str,
                        spotter: str = "") -> tuple[bool, tuple[str, ...]]:
        """May the gun - or, ``artillery_id`` None, one US Air Point - fire at the hex now?
        (allowed, every reason when allowed, the unmet ones when not)."""
        h = content.map.parse(target)
        if artillery_id is None:
            allowed, reasons = verdict(air_checks(content, state, h, 1))
            side = ALLIED
        elif artillery_id not in content.counters or artillery_id not in state.units:
            return False, (f"no unit {artillery_id}",)
        else:
            allowed, reasons = verdict(gun_checks(content, state, artillery_id, h))
            side = side_of(content, artillery_id)
        if spotter and spotter in content.counters:
            name = content.counter(spotter).name
            if spotter in spotters(content, state, side, h):
                reasons += (f"{name} is next to the target: no shift for a missing spotter (Barrage Table)",)
            else:
                reasons += (f"{name} does not spot it (a spotter is a friendly unit next to the target, not a dump); "
                            "none is required (1.10, Barrage Table)",)
        return allowed, reasons

    def barrage_chances(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> BarrageChances:
        """Each result's chance before the roll, with the points, the column and every shift."""
        h = content.map.parse(target)
        if artillery_id is not None:
            return chances_of(content, state, h, side_of(content, artillery_id), (artillery_id,), 0)
        side = barrage_side(state) or ALLIED
        air = air_points_left(state) if side == ALLIED and barrage_side(state) else 0
        return chances_of(content, state, h, side, tuple(may_fire_at(content, state, h)), air)

    def spotters(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> list[str]:
        """The friendly units next to the hex: with one, no shift for a missing spotter (2.1bE
        Greif Teams spot; 3.3 dumps never)."""
        side = side_of(content, artillery_id) if artillery_id else (barrage_side(state) or ALLIED)
        return spotters(content, state, side, content.map.parse(target))

    def barrage_guns(self, content: Content, state: GameState, target: str) -> list[str]:
        """The guns of the side in its Barrage Phase that may fire at the hex now (1.10, 1.10b)."""
        return may_fire_at(content, state, content.map.parse(target))

    def barrage_air_points(self, content: Content, state: GameState, target: str) -> int:
        """The US Air Points that may join a barrage of the hex now (3.2a, 3.2c): every one left,
        in a US Barrage Phase, at a hex they may strike."""
        if barrage_side(state) != ALLIED or not air_points_left(state):
            return 0
        allowed, _ = verdict(air_checks(content, state, content.map.parse(target), 1))
        return air_points_left(state) if allowed else 0

    def chances_together(self, content: Content, state: GameState, target: str, guns: tuple[str, ...],
                         air_points: int) -> BarrageChances:
        """The chances of these guns and Air Points together (1.10bB, 3.2c; Barrage Table)."""
        side = barrage_side(state) or (side_of(content, guns[0]) if guns else ALLIED)
        return chances_of(content, state, content.map.parse(target), side, tuple(guns), air_points)
