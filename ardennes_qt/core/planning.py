"""What the planning aids are made of, declared by a rule system and drawn by the table
without knowing the game: overlays as shapes over hexes, and a VP track.

An overlay is a set of plain shapes in printed hex ids - tinted areas, rings, links
through hex centres, dots, labels - each in a *tint*, a role the table gives a colour:
``side:<side>`` and ``reach:<side>`` (each side's hues), ``warning`` (out of supply),
``caution`` (disorganized), ``supply`` (a supply marker), ``ink`` (plain words).  What
an overlay says about the hex under the pointer comes with it (``describe``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class OverlayKind:
    """One planning overlay a game offers: its name, what it shows (with the rule), whose it is,
    and the provisional choices its answer rests on, (where, why) each."""

    key: str
    title: str
    tip: str
    side: str = ""  # "" for both sides
    slow: bool = False  # worth a progress report
    provisional: tuple[tuple[str, str], ...] = ()
    icon: str = "area"  # the toolbar's picture of it: "area", "links", "reach", "rings", "flag"


@dataclass(frozen=True)
class Line:
    """How a shape's line is drawn: its width as a share of the hex size, never thinner on
    screen than ``least_px``; dashed (lengths in line widths) or solid; over a pale casing."""

    width: float = 0.08
    least_px: float = 1.5
    dash: tuple[float, ...] = ()
    casing: bool = False
    alpha: int = 255


@dataclass(frozen=True)
class Area:
    """Hexes tinted as one region (``fill``: the tint's opacity inside, 0-255), its edge stroked."""

    hexes: frozenset[str]
    tint: str
    fill: int = 40
    line: Line = Line()


@dataclass(frozen=True)
class Rings:
    """A ring just inside each hex (``scale``: of the hex)."""

    hexes: tuple[str, ...]
    tint: str
    scale: float = 0.86
    line: Line = Line()


@dataclass(frozen=True)
class Links:
    """Lines through the centres of hexes, each link its own line (a ZOC Bond: post, bond, post)."""

    paths: tuple[tuple[str, ...], ...]
    tint: str
    line: Line = Line()


@dataclass(frozen=True)
class Dots:
    """A round dot on each hex, in the tint with a white edge (``radius``: of the hex size)."""

    hexes: tuple[str, ...]
    tint: str
    radius: float = 0.16


@dataclass(frozen=True)
class HexLabel:
    """Words on a hex, under its counters (``below``) or at its centre; ``share``: the text's
    height, of the hex size."""

    hex: str
    text: str
    tint: str
    below: bool = True
    share: float = 0.26


@dataclass(frozen=True)
class OverlayPicture:
    """One overlay worked out on one position: what to draw, in order, and what it says about a
    hex.  ``facts`` is the game's own answer behind it (for scripts)."""

    shapes: tuple[Area | Rings | Links | Dots, ...] = ()
    labels: tuple[HexLabel, ...] = ()
    describe: Callable[[str], str] | None = field(default=None, compare=False, repr=False)
    facts: object = None

    def says(self, hex_id: str) -> str:
        return self.describe(hex_id) if self.describe is not None else ""


@dataclass(frozen=True)
class VpLevel:
    """One level of a scenario's victory scale: the least VP total that reaches it, the result and
    the winner."""

    min: int | None  # the least total that reaches it; None for the level below all others
    result: str
    winner: str  # a side, or "" for a draw


@dataclass(frozen=True)
class VpTrack:
    """A game's VP track: each turn's total, the total now, the greatest so far, the scale of levels
    and the result as it stands, with its reasons."""

    kind: str  # "vp": judged on a VP total; "control": on places held
    rule: str
    turn: int  # the turn being played (the last turn once the game is over)
    first_turn: int
    last_turn: int
    current: int  # the VP total now
    greatest: int | None  # the greatest total at the end of a turn; None before any turn ended
    greatest_turn: int | None
    by_turn: tuple[tuple[int, int], ...]  # (turn, VP at its end), in turn order
    result: str  # the result if play ended now (final once the game is over)
    winner: str
    final: bool
    levels: tuple[VpLevel, ...]  # highest first; () for "control" scenarios
    reasons: tuple[tuple[int | str, str, str], ...]  # (amount, why, rule) behind the result
    side: str = "German"  # whose VP the track counts
    provisional_note: str = ""  # what of the result rests on provisional choices, in a player's words
    provisional: tuple[tuple[str, str], ...] = ()  # those choices: (where, why)
    judged_on: str = "greatest"  # "greatest": the greatest end-of-turn total (Ardennes II 6.0); "end": the total at the game's end

    def level_of(self, total: int) -> VpLevel | None:
        """The level a total reaches on this scenario's scale (the first whose minimum it meets)."""
        return next((lv for lv in self.levels if lv.min is None or total >= lv.min), None)
