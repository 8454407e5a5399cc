"""A counter drag as plain logic, apart from Qt's events, so it can be tested alone.

Press on a counter, move, release: until the pointer has travelled the drag distance
the gesture is a click (it fans the stack out and selects the unit); after that the
dragged counters follow the pointer, keeping their offsets, and the release says where
they were dropped.  What a drop means is the engine's business: this only reports it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

Point = tuple[float, float]


@dataclass(frozen=True)
class Drop:
    """How a gesture ended: ``click``, on the hex ``hex_id``, or ``off_map`` (no hex there)."""

    kind: str
    units: tuple[str, ...]
    hex_id: str = ""


@dataclass
class CounterDrag:
    units: tuple[str, ...]  # bottom to top, as the stack holds them
    press_pixels: Point  # where the press was, in view pixels
    press_scene: Point  # ... and in map units
    starts: dict[str, Point]  # where each dragged counter sat
    drag_distance: float = 10.0  # pixels before a press becomes a drag
    moving: bool = field(default=False, init=False)

    def move(self, pixels: Point, scene: Point) -> dict[str, Point]:
        """Where the dragged counters go now; empty while the gesture is still a click."""
        if not self.moving:
            dx, dy = pixels[0] - self.press_pixels[0], pixels[1] - self.press_pixels[1]
            if math.hypot(dx, dy) < self.drag_distance:
                return {}
            self.moving = True
        ox, oy = scene[0] - self.press_scene[0], scene[1] - self.press_scene[1]
        return {uid: (x + ox, y + oy) for uid, (x, y) in self.starts.items()}

    def release(self, scene: Point, hex_id_at: Callable[[float, float], str | None]) -> Drop:
        """End the gesture; ``hex_id_at`` names the map's hex at a point, or None off the map."""
        if not self.moving:
            return Drop("click", self.units)
        hex_id = hex_id_at(*scene)
        if hex_id is None:
            return Drop("off_map", self.units)
        return Drop("hex", self.units, hex_id)
