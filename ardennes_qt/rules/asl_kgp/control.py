"""Who Controls which hex, as the players set it (8.605: a Control marker on each Strategic
Location a side Controls): an action of the game, so it is logged, undone and replayed.

The program does not play ASL, so it cannot tell when Control changes (A26.11-12, not at hand):
the players say so from the map's menu.  A game starts with no hex Controlled; 8.5 gives each side
the Strategic Locations within its initial set-up boundaries, which the players mark as they set up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ardennes_qt.core.actions import Action, register
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices

NOBODY = ""
RULE = "8.605"


@dataclass(frozen=True)
class SetControl(Action):
    """A hex Controlled by a side, or by nobody (``side`` "")."""

    kind: ClassVar[str] = "set_control"
    hex: str
    side: str = NOBODY

    def describe(self) -> str:
        return f"Controlled by {self.side or 'nobody'}"


register(SetControl, "asl_kgp")


def apply_control(content: Content, state: GameState, action: SetControl, sides: tuple[str, ...]) -> Outcome:
    h = content.map.parse(action.hex)
    if not content.in_play_area(h):
        raise Refused(f"{action.hex} is not on this Campaign Game's map group")
    if action.side not in (NOBODY, *sides):
        raise Refused(f"'{action.side}' is not a side of this game ({', '.join(sides)})")
    control = {k: v for k, v in state.control.items() if k != h}
    if action.side:
        control[h] = action.side
    words = f"{action.hex} Controlled by {action.side or 'nobody'}"
    return Outcome(replace(state, control=control), Changes(hexes=frozenset({h})), (LogLine(words, (RULE,)),))


def control_choices(content: Content, state: GameState, hex_ids: tuple[str, ...], sides: tuple[str, ...]) -> list[Choices]:
    """For each hex, who else may be set to Control it: the map's menu offers them there."""
    def family(hex_id: str, now: str) -> Choices:
        return Choices(f"Control of {hex_id} ({RULE})", "", lambda: [SetControl(hex_id, s) for s in (*sides, NOBODY)
                                                                     if s != now], kind="control", hex=hex_id)

    parse = content.map.parse
    return [family(hex_id, state.control.get(parse(hex_id), NOBODY)) for hex_id in hex_ids]
