"""Combat, barrage, air and the Decisions of play, put on the table: the Decision dock,
the map's context-menu entries (Attack…, Overrun…, Barrage…, Air Strike…, the bridges),
Ctrl-click attack gathering, Air Supply placement, and the Game menu entries that reach
each of them by keyboard.  The window calls ``attach`` with each new map view and asks
``take_drop`` first when counters are dropped (a drop may answer a Decision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFrame, QScrollArea

from ardennes_qt.ui.air_dialog import AirSupplyDialog, AirSupplyPlacement
from ardennes_qt.ui.attack_group import AttackGroup
from ardennes_qt.ui.bridge_menu import bridge_entries
from ardennes_qt.ui.decision_prompts import DecisionPanel, DecisionPrompt

if TYPE_CHECKING:
    from ardennes_qt.ui.barrage_dialog import BarrageDialog
    from ardennes_qt.ui.combat_dialog import CombatDialog
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_window import TableWindow


FIGHT_PIXELS = 36.0  # counter size the map is brought to when a dialog would hide the fight


class CombatControls:
    def __init__(self, window: TableWindow) -> None:
        self.window = window
        self.prompt = DecisionPrompt(window)
        self.panel = DecisionPanel(self.prompt)
        self.dock = window.docks["decision"]
        scroll = QScrollArea()  # the dock may be low: its words scroll rather than being cut
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setWidget(self.panel)
        self.dock.setWidget(scroll)
        self.group = AttackGroup(window, self.open_attack)
        self.air_supply = AirSupplyPlacement(window)
        self.dialog: CombatDialog | None = None
        self.barrage: BarrageDialog | None = None
        self.air_supply_dialog: AirSupplyDialog | None = None
        self.prompt.changed.connect(self._decision_changed)
        window.context_menu.add_provider(self.menu_entries)
        window.context_menu.add_provider(lambda hex_id, unit_id: bridge_entries(window, hex_id, unit_id))
        self._add_menu_entries()

    def _add_menu_entries(self) -> None:
        game = self.window.menu("&Game")
        game.addSeparator()
        for text, slot, keys, tip in (
            ("&Attack…", lambda: self.open_attack(self._selected_hex()), "Ctrl+K",
             "Attack an enemy hex: the combat dialog with odds, shifts and each result's chance"),
            ("&Barrage…", lambda: self.open_barrage(self._selected_artillery()), "Ctrl+B",
             "Fire artillery (or a US Air Strike) at a hex, with the chances before the roll"),
            ("Place Air &Supply…", self.open_air_supply, None, "Air Supply Allocation: place an Air Strike supply side up"),
            ("Go to the &Decision", self.show_decision, "Ctrl+D", "The Decision the game waits for, and its answers"),
        ):
            action = QAction(text, self.window)
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.setStatusTip(tip)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            game.addAction(action)

    def attach(self, map_view: MapView) -> None:
        """A new map view: the game on the table is a new one."""
        for dialog in (self.dialog, self.barrage, self.air_supply_dialog):
            self._dismiss(dialog)
        self.dialog = self.barrage = self.air_supply_dialog = None
        self.prompt.attach(map_view)
        self.group.attach(map_view)
        self.air_supply.attach(map_view)

    def take_drop(self, units, hex_id: str) -> bool:
        return self.prompt.take_drop(units, hex_id)

    def _decision_changed(self) -> None:
        if self.prompt.view is not None and not self.dock.isVisible() and not (self.dialog and self.dialog.isVisible()):
            self.dock.show()

    def show_decision(self) -> None:
        self.dock.show()
        self.dock.raise_()
        buttons = self.panel.answer_buttons
        (buttons[0] if buttons else self.panel.picks).setFocus()

    # --- opening the dialogs ---------------------------------------------------------------------

    def _selected_hex(self) -> str:
        unit = self.window.unit_panel.unit_id
        return self.window.session.unit(unit).hex or "" if unit else ""

    def _selected_artillery(self) -> str:
        unit = self.window.unit_panel.unit_id
        return unit if unit and self.window.session.unit(unit).artillery else ""

    def _show(self, dialog, hex_id: str = ""):
        # At the window's right edge, and the map turned so the hex stays in sight beside it.
        view, frame = self.window.view, self.window.frameGeometry()
        dialog.move(max(0, frame.right() - dialog.width() - 8), view.mapToGlobal(QPoint(0, 0)).y() + 8)
        if hex_id:
            self._keep_in_sight(hex_id, dialog.x())
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _keep_in_sight(self, hex_id: str, covered_from: int) -> None:
        """Scroll the map so the hex lies in the middle of what the dialog leaves uncovered."""
        view = self.window.view
        left = view.mapToGlobal(QPoint(0, 0)).x()
        visible = min(view.viewport().width(), covered_from - left)
        if visible <= 0:
            return
        x, y = view.terrain.layout.centre(view.terrain.map.parse(hex_id))

        def centre_beside() -> None:
            view.centerOn(QPointF(x + (view.viewport().width() / 2 - visible / 2) / view.zoom(), y))

        centre_beside()
        hidden = view.mapFromScene(QPointF(x, y)).x() > visible - view.counters.side * view.zoom()
        if hidden and view.counters.side * view.zoom() < FIGHT_PIXELS:
            # A map wholly in view cannot scroll: come close enough to read the counters,
            # and the fight stands beside the dialog rather than under it.
            view.zoom_to(FIGHT_PIXELS / view.counters.side)
            centre_beside()

    @staticmethod
    def _dismiss(dialog) -> None:
        """Put a dialog away for a new one: its marks off the map (a combat made goes on in the dock)."""
        if dialog is None:
            return
        dialog.done(0)
        dialog.forget_map()
        dialog.deleteLater()

    def open_attack(self, defender_hex: str = "", attackers=()) -> CombatDialog:
        # The dialogs are imported when first opened, not before the table's first frame.
        from ardennes_qt.ui.combat_dialog import CombatDialog

        self._dismiss(self.dialog)
        self.dialog = CombatDialog(self.window, self.prompt, defender_hex, attackers)
        return self._show(self.dialog, self.dialog.defender_hex())

    def open_overrun(self, units, target: str) -> CombatDialog:
        from ardennes_qt.ui.combat_dialog import CombatDialog

        self._dismiss(self.dialog)
        self.dialog = CombatDialog(self.window, self.prompt, target, overrun_units=units)
        return self._show(self.dialog, target)

    def open_barrage(self, artillery: str = "", target: str = "") -> BarrageDialog:
        from ardennes_qt.ui.barrage_dialog import BarrageDialog

        self._dismiss(self.barrage)
        self.barrage = BarrageDialog(self.window, artillery, target)
        return self._show(self.barrage, target)

    def open_air_supply(self) -> AirSupplyDialog:
        self._dismiss(self.air_supply_dialog)
        self.air_supply_dialog = AirSupplyDialog(self.window)
        return self._show(self.air_supply_dialog)

    # --- the context menu ---------------------------------------------------------------------------

    def menu_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        session = self.window.session
        stack = session.stack_at(hex_id)
        families = {family.label: family for family in session.choices()}
        entries: list[QAction] = []

        def entry(text: str, slot, tip: str = "") -> None:
            action = QAction(text, self.window)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            entries.append(action)

        if stack and session.attackers(hex_id):
            attack = families.get(f"attack {hex_id}")  # the engine's family of attacks on the hex
            if attack is not None and attack.actions():
                entry(f"&Attack {hex_id}…", lambda: self.open_attack(hex_id), "The combat dialog: odds, shifts, chances, roll")
            else:
                entry(f"Combat &odds against {hex_id}…", lambda: self.open_attack(hex_id),
                      "What an attack on this hex would face: strengths, shifts and each result's chance")
        if unit_id:
            self._unit_entries(unit_id, stack, entry)
        firing = session.phase().acting
        barrages = any(label.startswith("barrage with ") or label == "air strike" for label in families)
        if stack and barrages and stack[0].side != firing:
            entry("Barrage &this hex…", lambda: self.open_barrage("", hex_id),
                  "The guns (and Air Strikes) that may fire at it now, with the chances")
        return entries

    def _unit_entries(self, unit_id: str, stack, entry) -> None:
        session = self.window.session
        movers = tuple(u.id for u in stack)
        routes = session.overrun_routes(movers)
        if not routes:  # the stack cannot overrun together: perhaps the unit alone
            movers = (unit_id,)
            routes = session.overrun_routes(movers)
        for target in sorted(routes):
            entry(f"&Overrun {target}…", lambda _=False, t=target, m=movers: self.open_overrun(m, t),
                  "Attack along the road during the move, for +2 MP (3.3)")
        if session.unit(unit_id).artillery:
            entry(f"&Barrage with {session.unit(unit_id).name}…", lambda: self.open_barrage(unit_id),
                  "Pick a target: the range, the spotters and the chances show before the roll")
