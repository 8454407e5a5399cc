"""What applying an action produced: the new state, what changed (so views redraw
only that) and log lines that carry their reasons."""

from __future__ import annotations

from dataclasses import dataclass, field

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState


@dataclass(frozen=True)
class Changes:
    """What an action changed, so that views redraw only that: units, hexes, the phase, the markers,
    or everything."""

    units: frozenset[str] = frozenset()
    hexes: frozenset[Hex] = frozenset()
    phase: bool = False
    markers: bool = False
    everything: bool = False

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.units | other.units,
            self.hexes | other.hexes,
            self.phase or other.phase,
            self.markers or other.markers,
            self.everything or other.everything,
        )

    @property
    def empty(self) -> bool:
        return not (self.units or self.hexes or self.phase or self.markers or self.everything)


EVERYTHING = Changes(everything=True)


@dataclass(frozen=True)
class LogLine:
    """One line of the game log; ``reasons`` are the modifiers behind it, each with its rule."""

    text: str
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What applying an action produced: the new state, what changed and the log lines."""

    state: GameState
    changes: Changes = Changes()
    log: tuple[LogLine, ...] = field(default_factory=tuple)


class Refused(Exception):
    """An action the rules do not allow, with the reason and the rule that says so."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)
