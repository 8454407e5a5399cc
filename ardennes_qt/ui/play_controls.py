"""The playing side of the table, put together: moving counters (drops, move mode, the
rules assistance setting), the highlights of a move, the markers on the map, the log and
arrivals docks, Next Phase with its report, and the map's context menu.

Everything a player does here is one of a few controller calls (``moves.drop``,
``next_phase``, ``window.apply``), the same ones the autoplayer makes.  The window tells
this what the engine changed (``changed``) and each part redraws only its share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence

from ardennes_qt.core.actions import Action
from ardennes_qt.core.outcome import Changes, LogLine, Refused
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.arrivals_panel import ArrivalsPanel
from ardennes_qt.ui.counter_hints import CounterHints, moves_now
from ardennes_qt.ui.counter_layer import FANNED_Z
from ardennes_qt.ui.counter_moves import CounterMoves
from ardennes_qt.ui.log_panel import LogPanel
from ardennes_qt.ui.markers_layer import MarkersLayer
from ardennes_qt.ui.move_preview import MovePreview
from ardennes_qt.ui.phase_report import PhaseReport
from ardennes_qt.ui.rules_assistance import OFF

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_face import TableFace

MARKERS_Z = FANNED_Z - 2.5  # over the piles, under a fanned stack
AFTER_FIRST_FRAME_MS = 150  # the first frame settles (its tiles sharpen) before the panels fill


class PlayControls:
    def __init__(self, window: TableFace) -> None:
        self.window = window
        self.assistance = window.assistance  # in the window's status bar from its first frame
        self.moves = CounterMoves(window, self.assistance)
        self.hints = CounterHints(lambda: self.window.session, lambda: self.assistance.mode)
        self.preview = MovePreview(self.moves, window.show_message)
        self.log_panel = LogPanel()
        self.arrivals = ArrivalsPanel()
        self.arrivals.placeRequested.connect(self.preview.start_move_mode)
        self.report = PhaseReport(window, self.show_log)
        self.markers: MarkersLayer | None = None
        self.panels_filled = False  # the markers, the arrivals and what is left to do, shown after the first frame
        self._arriving: frozenset[str] = frozenset()  # the units of the Order of Arrival
        self.move_unit = self._action("&Move Selected Unit…", "M", lambda: self.start_move_mode(False),
                                      "Show where the selected unit can go; click a hex to move it there")
        self.move_stack = self._action("Move Selected &Stack…", "Shift+M", lambda: self.start_move_mode(True),
                                       "Show where the selected unit's whole stack can go; click a hex to move it")
        self.dismiss = self._action("Stop Moving", "Esc", self.dismiss_notes, "Leave move mode; close the phase report")
        window.context_menu.add_provider(self.menu_entries)
        self.add_docks()
        self._todo = QTimer(window)
        self._todo.setSingleShot(True)
        self._todo.timeout.connect(self._show_todo)

    def _action(self, text: str, keys: str, slot, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    def add_docks(self) -> None:
        """The log and arrivals panels in their docks, the Game menu's entries."""
        self.window.docks["log"].setWidget(self.log_panel)
        self.window.docks["arrivals"].setWidget(self.arrivals)
        game_menu = self.window.menu("&Game")
        game_menu.addAction(self.move_unit)
        game_menu.addAction(self.move_stack)
        game_menu.addSeparator()
        self.assistance.menu(game_menu)

    @property
    def session(self) -> Session:
        return self.window.session

    # --- a game on the table --------------------------------------------------------------------

    def show_session(self, session: Session, view: MapView) -> None:
        stacks_move = session.system.schema().stacks_move  # units of some games move one at a time
        self.move_stack.setVisible(stacks_move)
        self.move_stack.setEnabled(stacks_move)
        self.preview.attach(view)
        view.counters.hint_of = self.hints.hint
        view.hovered.connect(lambda _hex, unit: view.counters.hover(unit or None))
        self.markers = MarkersLayer(view.terrain)
        self.markers.setZValue(MARKERS_Z)
        view.scene().addItem(self.markers)
        self.panels_filled = False
        view.when_first_frame_shown(lambda: QTimer.singleShot(AFTER_FIRST_FRAME_MS, view, self._after_first_frame))
        self.log_panel.follow(session)
        self.arrivals.clear()  # the game before's, until this one's are listed just after its first frame
        self.report.hide()
        self._arriving = frozenset(u for a in session.content.scenario.arrivals for u in a.counters)

    def _after_first_frame(self) -> None:
        """What the first frame can do without: the markers, the arrivals, what is left to do
        (each asks the rules about the whole map once)."""
        self._show_markers()
        self.arrivals.show_arrivals(self.session, self.window.view.counters.face)
        self._show_todo()
        self.panels_filled = True

    def changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        self.log_panel.sync(changes)
        if self.markers is not None and self.markers.wants(changes):
            self._show_markers()
        if changes.everything or changes.phase or changes.units & self._arriving:
            self.arrivals.show_arrivals(self.session, self.window.view.counters.face)
        self._todo.start(0)

    def _show_markers(self) -> None:
        self.markers.show_markers(self.session.map_markers(), self.session.state.occupied())

    def _show_todo(self) -> None:
        self.window.phase_bar.show_todo(self.session)

    # --- acting ------------------------------------------------------------------------------------

    def next_phase(self, action: Action | None) -> bool:
        """End the phase; the automatic phases after it run, and a note says what they did."""
        if action is None:
            return False
        self.preview.clear()
        try:
            outcome = self.session.apply(action)
        except Refused as refusal:
            self.window.show_message(f"Not allowed: {refusal}")
            return False
        info = self.session.phase()
        where = "the game is over" if info.game_over else f"Turn {info.turn}, {info.acting or 'both sides'}: {info.name}"
        self.report.show_report(outcome.log, f"Now {where}")
        return True

    def start_move_mode(self, whole_stack: bool) -> None:
        unit = self.window.unit_panel.unit_id
        if not unit or unit not in self.window.view.counters.items:
            self.window.show_message("Select a unit on the map first (click its counter)")
            return
        units = tuple(self.window.view.counters.stack_of(unit)) if whole_stack else (unit,)
        self.preview.start_move_mode(units)

    def dismiss_notes(self) -> None:
        self.preview.clear()
        self.report.hide()

    def show_log(self) -> None:
        dock = self.window.docks["log"]
        dock.show()
        dock.raise_()
        self.log_panel.tree.setFocus()

    # --- the map's context menu -----------------------------------------------------------------------

    def menu_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        """Moving a counter by clicks, and Next Phase (fresh actions: the menu takes them)."""
        entries = []
        stacks_move = self.session.system.schema().stacks_move
        for text, whole in (("Move This Unit…", False), ("Move the Whole Stack…", True))[: 2 if stacks_move else 1]:
            if unit_id and self._may_move(tuple(self.window.view.counters.stack_of(unit_id)) if whole else (unit_id,)):
                action = QAction(text)
                action.setShortcut(QKeySequence("Shift+M" if whole else "M"))
                action.setToolTip("Show where it can go; click a highlighted hex to move there")
                action.triggered.connect(lambda _=False, u=unit_id, w=whole: self._move_from_menu(u, w))
                entries.append(action)
        next_phase = QAction(self.window.phase_bar.end_phase.text())
        next_phase.setShortcut(self.window.phase_bar.end_phase.shortcut())
        next_phase.setEnabled(self.window.phase_bar.end_phase.isEnabled())
        next_phase.triggered.connect(self.window.phase_bar.end_phase.trigger)
        entries.append(next_phase)
        return entries

    def _may_move(self, units: tuple[str, ...]) -> bool:
        """Move mode for these counters: where the rules give them a move now; on a free
        table, always (it says to drag them)."""
        return self.assistance.mode == OFF or moves_now(self.session, units)

    def _move_from_menu(self, unit_id: str, whole_stack: bool) -> None:
        self.window.select_unit(unit_id)
        self.start_move_mode(whole_stack)
