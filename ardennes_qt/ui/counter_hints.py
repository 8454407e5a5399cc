"""What a player may do with a counter now, in words for its tooltip and the status bar.

The words are asked for when the pointer comes to rest on a counter - for that counter
alone, once per position of the game - never worked out for every counter on every
change.  The rules answer (the moves they give the unit and its stack, the hexes a
pending Decision's answers move it to); this only words their answer as the rules
assistance setting has it:

- off (a free table): every counter may be dragged, anywhere;
- a move the rules give now: drag it (Shift-drag its stack, where the stack may move too);
- an answer to the Decision waited for that moves it (a retreat, an advance, a Bug Out):
  drag it to a highlighted hex;
- anything else: no move now, and the counter's menu has what the rules allow there
  (with the rules only warning, a drag asks whether to move it anyway).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ardennes_qt.core.system import Movement
from ardennes_qt.ui.decision_words import describe_decision
from ardennes_qt.ui.rules_assistance import OFF, WARN

if TYPE_CHECKING:
    from ardennes_qt.core.state import GameState
    from ardennes_qt.engine.session import Session

RIGHT_CLICK = "right-click for what the rules allow here"
ANYWAY = "A drag asks whether to move it anyway, as a free move."


def moves_now(session: Session, unit_ids) -> bool:
    """Do the rules give these units, moving together, a move now?  A rule system that
    works out no moves in advance leaves each drop to its rules."""
    return not session.offers(Movement) or bool(session.legal_moves(tuple(unit_ids)))


class CounterHints:
    def __init__(self, session: Callable[[], Session], mode: Callable[[], str]) -> None:
        self._session = session
        self._mode = mode
        self._asked: tuple[GameState | None, str] = (None, "")  # the position and setting the words are for
        self._words: dict[str, str] = {}

    def hint(self, unit_id: str) -> str:
        """One sentence or two: what the player may do with the counter now."""
        session, mode = self._session(), self._mode()
        if self._asked != (session.state, mode):
            self._asked, self._words = (session.state, mode), {}
        words = self._words.get(unit_id)
        if words is None:
            words = self._words[unit_id] = self._worded(session, mode, unit_id)
        return words

    def _worded(self, session: Session, mode: str, unit_id: str) -> str:
        stack = tuple(session.state.units_at(session.state.units[unit_id].hex))
        whole = len(stack) > 1 and session.system.schema().stacks_move
        if mode == OFF:
            return "Free table: drag it anywhere" + ("; Shift-drag moves the whole stack" if whole else "")
        alone = moves_now(session, (unit_id,))
        together = whole and moves_now(session, stack)
        if alone:
            return "Drag to move it" + ("; Shift-drag moves the whole stack" if together else "")
        if together:
            return "Shift-drag to move the whole stack (it does not move alone now)"
        words = self._answer(session, unit_id) or self._no_move(session, unit_id)
        return f"{words}\n{ANYWAY}" if mode == WARN else words

    def _answer(self, session: Session, unit_id: str) -> str:
        """How the counter answers the Decision waited for, where an answer moves it or names it."""
        decision = session.decision()
        if decision is None:
            return ""
        # The answers about this unit or about no unit in particular: not every unit's placements
        # when the Decision places a whole corps.
        answers = [a for f in session.choices() if not f.units or unit_id in f.units for a in f.actions()]
        view = describe_decision(session, decision, answers)
        if any(unit_id in pick.units for pick in view.picks):
            return f"{view.title}: drag it to a highlighted hex, or pick one in the Decision panel"
        if any(button.units == (unit_id,) for button in view.buttons):
            return f"{view.title}: click it to choose it, or answer in the Decision panel"
        return ""

    def _no_move(self, session: Session, unit_id: str) -> str:
        situation = session.situation()
        if situation.pending:
            return f"The game waits for the {situation.pending[0]['side']} player's decision; {RIGHT_CLICK}"
        if situation.acting and session.unit(unit_id).side != situation.acting:
            return f"The {situation.acting} player acts now; {RIGHT_CLICK}"
        return f"It cannot move now; {RIGHT_CLICK}"
