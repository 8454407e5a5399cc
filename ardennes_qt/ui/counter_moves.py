"""What happens when counters are put on a hex: a drop on the map, a click in move mode,
a reinforcement dragged in from the arrivals panel, and the autoplayer's moves all come
through here, so each takes the same path a player's hand does.

The rules decide; this only picks the action a drop means and follows the rules
assistance setting:

- counters waiting to arrive are placed (the rule system's ``reinforce`` action);
- a drop on an enemy hex the stack may Overrun offers the Overrun (the combat dialog
  when there is one, else the action itself, whose Decisions the game then asks for);
- anything else is a move (``MoveUnits``), or a free move with the rules off, or after
  the player chose to make a refused move anyway.

A refused drop says why twice: in the status bar, and in a short note by the hex it was
dropped on (``drop_note``), where the player is looking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from ardennes_qt.core.actions import Action, MoveUnits, action_from_dict
from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.drop_note import DropNotes
from ardennes_qt.ui.rules_assistance import OFF, WARN, RulesAssistance

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

PLACE_KIND = "reinforce"  # the rule system's action that puts arriving units on the map
OVERRUN_KIND = "overrun"


def rule_action(kind: str, *, system: str, **fields) -> Action | None:
    """``system``'s action of ``kind``, if it has one."""
    try:
        return action_from_dict({"kind": kind, **fields}, system)
    except ValueError:
        return None


class CounterMoves:
    def __init__(self, window: TableFace, assistance: RulesAssistance) -> None:
        self.window = window
        self.assistance = assistance
        self.question: QMessageBox | None = None  # "move anyway?", while it is asked
        self.notes = DropNotes()

    @property
    def session(self):
        return self.window.session

    # --- what a drop means -------------------------------------------------------------------

    def drop(self, units: tuple[str, ...], hex_id: str) -> bool:
        """Counters dropped on ``hex_id``; True if the game took them there (or an Overrun began)."""
        units = tuple(units)
        state = self.session.state
        if all(u in state.units and state.units[u].where == "scheduled" for u in units):
            return self.place(units, hex_id)
        if self.assistance.mode != OFF and hex_id in self.session.overrun_routes(units):
            return self.overrun(units, hex_id)
        return self.move(units, hex_id)

    def move(self, units: tuple[str, ...], hex_id: str) -> bool:
        return self._by_the_rules(MoveUnits(tuple(units), hex_id), units, hex_id)

    def place(self, units: tuple[str, ...], hex_id: str) -> bool:
        """Reinforcements onto the map (2.2): placed by the rules, or freely with them off."""
        action = rule_action(PLACE_KIND, system=self.window.session.content.system, units=list(units), to=hex_id)
        if action is None:
            return self._free(units, hex_id)
        return self._by_the_rules(action, units, hex_id)

    def overrun(self, units: tuple[str, ...], target: str) -> bool:
        try:
            from ardennes_qt.ui.combat_dialog import run_overrun
        except ImportError:
            run_overrun = None
        if run_overrun is not None:
            run_overrun(self.window, tuple(units), target)
            return True
        action = rule_action(OVERRUN_KIND, system=self.window.session.content.system, units=list(units), target=target)
        return action is not None and self._by_the_rules(action, units, target)

    # --- the rules, as the setting has them ----------------------------------------------------

    def _by_the_rules(self, action: Action, units: tuple[str, ...], hex_id: str) -> bool:
        if self.assistance.mode == OFF:
            return self._free(units, hex_id)
        refusal = self.try_apply(action, units)
        if refusal is None:
            return True
        if self.assistance.mode == WARN:
            self._ask_anyway(units, hex_id, refusal)
        else:
            self.refused(hex_id, refusal)
        return False

    def refused(self, hex_id: str, refusal: Refused, status: str = "Not allowed") -> None:
        """Say why the counters did not go to ``hex_id``: in the status bar and beside the hex
        (the rules' reason names the units or the hex where it matters)."""
        self.window.show_message(f"{status}: {refusal}")
        self.notes.show_at(self.window.view, hex_id, status, str(refusal))

    def try_apply(self, action: Action, units: tuple[str, ...] = ()) -> Refused | None:
        """Apply ``action``; on a refusal the counters go back where the game has them."""
        try:
            self.session.apply(action)
        except Refused as refusal:
            self.window.view.counters.put_back(tuple(units))
            return refusal
        return None

    def _free(self, units: tuple[str, ...], hex_id: str) -> bool:
        refusal = self.try_apply(MoveUnits(tuple(units), hex_id, free=True), units)
        if refusal is not None:
            self.refused(hex_id, refusal, status="Cannot move")
        return refusal is None

    def _ask_anyway(self, units: tuple[str, ...], hex_id: str, refusal: Refused) -> None:
        """Warn: say why the rules refuse, and make the move freely if the player wants it."""
        names = ", ".join(self.session.unit(u).name for u in units)
        box = QMessageBox(QMessageBox.Warning, "Move anyway?", f"The rules do not allow moving {names} to {hex_id}.",
                          QMessageBox.Yes | QMessageBox.No, self.window)
        box.setInformativeText(f"{refusal}\n\nMove the counters there anyway, as a free move?")
        box.setDefaultButton(QMessageBox.No)
        box.button(QMessageBox.Yes).setText("&Move Anyway")
        box.button(QMessageBox.No).setText("&Leave Them")
        box.finished.connect(lambda result: self._answered(result, units, hex_id))
        self.window.show_message(f"Not allowed by the rules: {refusal}")
        self.question = box
        box.open()

    def _answered(self, result: int, units: tuple[str, ...], hex_id: str) -> None:
        self.question = None
        if result == QMessageBox.Yes:
            self._free(units, hex_id)
