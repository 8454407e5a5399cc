"""Gathering an attack on the map: Ctrl-click stacks to make them the attackers (again to
leave one out), then click the enemy hex - the combat dialog opens with them.  A click on
empty map lets the gathered stacks go.  The hexes gathered are outlined in red.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import Qt

from ardennes_qt.ui.hex_marks import ATTACKER, HexMarks, add_marks, remove_marks

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_face import TableFace


class AttackGroup:
    def __init__(self, window: TableFace, open_attack: Callable[[str, tuple[str, ...]], None]) -> None:
        self.window = window
        self.open_attack = open_attack
        self.units: tuple[str, ...] = ()
        self.marks: HexMarks | None = None

    def attach(self, map_view: MapView) -> None:
        remove_marks(self.marks)
        self.marks = add_marks(map_view.scene(), map_view.terrain, ATTACKER)
        map_view.hexClicked.connect(self._clicked)
        self.units = ()

    def clear(self) -> None:
        self.units = ()
        self.marks.clear()

    def _clicked(self, hex_id: str, unit_id: str, modifiers) -> None:
        session = self.window.session
        if unit_id and modifiers & Qt.ControlModifier:
            self.toggle(unit_id)
            return
        if not self.units:
            return
        stack = session.stack_at(hex_id)
        if not stack:
            self.clear()
            self.window.show_message("Attackers let go.")
        elif stack[0].side != session.unit(self.units[0]).side:
            self.attack(hex_id)

    def toggle(self, unit_id: str) -> None:
        """Add the clicked unit's stack to the attackers, or take it out again."""
        session = self.window.session
        unit = session.unit(unit_id)
        if unit.hex is None:
            return
        stack = tuple(u.id for u in session.stack_at(unit.hex))
        if self.units and session.unit(self.units[0]).side != unit.side:
            self.units = ()
        if set(stack) <= set(self.units):
            self.units = tuple(u for u in self.units if u not in stack)
        else:
            self.units = tuple(dict.fromkeys(self.units + stack))
        hexes = sorted({session.unit(u).hex for u in self.units})
        self.marks.show_hexes(hexes)
        if self.units:
            self.window.show_message(f"Attackers gathered in {', '.join(hexes)}: Ctrl-click more stacks, then click "
                                     "the enemy hex to attack (a click on empty map lets them go)")
        else:
            self.window.show_message("Attackers let go.")

    def attack(self, hex_id: str) -> None:
        able = {u for ids in self.window.session.attackers(hex_id).values() for u in ids}
        chosen = tuple(u for u in self.units if u in able)
        if not chosen:
            self.window.show_message(f"None of the attackers gathered may attack {hex_id} now")
            return
        self.clear()
        self.open_attack(hex_id, chosen)
