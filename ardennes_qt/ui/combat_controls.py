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

from ardennes_qt.ui.attack_group import AttackGroup
from ardennes_qt.ui.decision_prompts import DecisionPanel, DecisionPrompt
from ardennes_qt.ui.rule_actions_menu import rule_action_entries
from ardennes_qt.ui.table_plugins import TableContext, TablePlugin, table_plugin

if TYPE_CHECKING:
    from ardennes_qt.ui.combat_dialog import CombatDialog
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_face import TableFace


FIGHT_PIXELS = 36.0  # counter size the map is brought to when a dialog would hide the fight


class CombatControls:
    def __init__(self, window: TableFace) -> None:
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
        self.dialog: CombatDialog | None = None
        self.prompt.changed.connect(self._decision_changed)
        window.context_menu.add_provider(self.menu_entries)
        window.context_menu.add_provider(self._plugin_entries)
        self.context = TableContext(window, lambda: window.session, lambda: window.view, window.apply,
                                    window.show_message, self._show, self._dismiss, self._selected_unit)
        self.plugin: TablePlugin | None = None  # the game's own additions (ui/systems/<game>)
        self._plugin_game = ""
        self._plugin_actions: list[QAction] = []
        self._add_menu_entries()

    def _add_menu_entries(self) -> None:
        game = self.window.menu("&Game")
        game.addSeparator()
        for text, slot, keys, tip in (
            ("&Attack…", lambda: self.open_attack(self._selected_hex()), "Ctrl+K",
             "Attack an enemy hex: the combat dialog with odds, shifts and each result's chance"),
            ("Go to the &Decision", self.show_decision, "Ctrl+D", "The Decision the game waits for, and its answers"),
        ):
            game.addAction(self._menu_action(text, slot, keys, tip))

    def _menu_action(self, text: str, slot, keys: str, tip: str) -> QAction:
        action = QAction(text, self.window)
        if keys:
            action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def attach(self, map_view: MapView) -> None:
        """A new map view: the game on the table is a new one (perhaps of another game)."""
        self._dismiss(self.dialog)
        self.dialog = None
        self.prompt.attach(map_view)
        self.group.attach(map_view)
        game = self.window.session.content.system
        if game != self._plugin_game:
            self._take_plugin(game)
        if self.plugin is not None:
            self.plugin.attach(map_view)

    def _take_plugin(self, game: str) -> None:
        """The game's own additions to the table, in place of another game's."""
        menu = self.window.menu("&Game")
        if self.plugin is not None:
            self.plugin.close()
        for action in self._plugin_actions:
            menu.removeAction(action)
            action.deleteLater()
        self.plugin, self._plugin_game = table_plugin(game, self.context), game
        entries = self.plugin.game_entries() if self.plugin is not None else []
        self._plugin_actions = [self._menu_action(e.text, e.slot, e.keys, e.tip) for e in entries]
        first_own = next(iter(a for a in menu.actions() if a.text() == "Go to the &Decision"), None)
        for action in self._plugin_actions:
            menu.insertAction(first_own, action)

    def _plugin_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        """The game's own entries, then whatever else its rules offer there (``rule_actions_menu``)."""
        own = self.plugin.context_entries(hex_id, unit_id) if self.plugin is not None else []
        claimed = getattr(self.plugin, "kinds", frozenset())
        return own + rule_action_entries(self.window.session, hex_id, unit_id, claimed, self.window.apply, self.window)

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

    def _selected_unit(self) -> str:
        return self.window.unit_panel.unit_id or ""

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

    # --- the context menu ---------------------------------------------------------------------------

    def menu_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        session = self.window.session
        stack = session.stack_at(hex_id)
        entries: list[QAction] = []

        def entry(text: str, slot, tip: str = "") -> None:
            action = QAction(text, self.window)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            entries.append(action)

        if stack and session.attackers(hex_id):
            attacks = [f for f in session.choices() if f.kind == "attack" and f.hex == hex_id]  # the rules' attacks on it
            if any(f.actions() for f in attacks):
                entry(f"&Attack {hex_id}…", lambda: self.open_attack(hex_id), "The combat dialog: odds, shifts, chances, roll")
            else:
                entry(f"Combat &odds against {hex_id}…", lambda: self.open_attack(hex_id),
                      "What an attack on this hex would face: strengths, shifts and each result's chance")
        if unit_id:
            self._unit_entries(unit_id, stack, entry)
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
                  "Attack during the move, paying the overrun's MP")
