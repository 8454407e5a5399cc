"""Planning on the table: the overlays toolbar, the VP track and what-if lines docks, the
Plan menu, the comparison of two lines and the end of the scenario, put into the table
window and kept on the game it shows.

Putting another line of play on the table goes through the window like any game, keeping
the map where it was looked at; the autosave follows the line (the engine hands it over).
The line on the table is named in the window's title and the phase bar; forking brings
the what-if lines dock to the front (it shares its place with the VP track) to name the
branch.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from ardennes_qt.core.outcome import Changes, LogLine
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.branches_panel import BranchesPanel
from ardennes_qt.ui.line_on_table import LineBadge
from ardennes_qt.ui.overlays import Overlays
from ardennes_qt.ui.vp_track import VpTrackPanel


class Planning(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.game_over = False
        self.overlays = Overlays(window, window.overlay_buttons)
        self.vp_track = VpTrackPanel()
        self.branches = BranchesPanel()
        self.branches.playLine.connect(self.play_line)
        self.branches.compareLine.connect(self.compare_with)
        self.branches.message.connect(window.show_message)
        self.branches.linesChanged.connect(self._lines_changed)
        self.branches.fork.triggered.connect(self._show_lines)  # after the panel has forked
        self.line_badge = LineBadge(window.phase_bar)
        window.docks["vp"].setWidget(self.vp_track)
        window.docks["branches"].setWidget(self.branches)
        self.compare_dialog = None  # a LineCompareDialog once a comparison is asked for
        self.summary = None
        self._menus()
        # The overlay threads must be done before the window goes.
        window.installEventFilter(self)

    def _menus(self) -> None:
        view = self.window.menu("&View")
        view.addSeparator()
        view.addMenu(self.window.overlay_buttons.menu)
        plan = self.window.menu("&Plan")
        plan.addMenu(self.window.overlay_buttons.menu)
        plan.addSeparator()
        plan.addAction(self.branches.fork)
        self.return_to_main = self._add(plan, "&Return to the Main Line", self.return_to_main_line, "Ctrl+Shift+M",
                                        "Put the main line back on the table (the branch stays for later)")
        self.compare_main = self._add(plan, "&Compare with the Main Line…", self.compare_with_main, None,
                                      "Set the line on the table beside the main line")
        plan.addSeparator()
        self._add(plan, "Scenario &Summary…", self.show_summary, "Ctrl+Shift+R",
                  "The result, each side's losses and the VP chart (the result if play ended now, before the end)")

    def _add(self, menu: QMenu, text: str, slot, shortcut: str | None, tip: str) -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    # --- the game on the table --------------------------------------------------------------------

    def follow(self, session: Session) -> None:
        """The window has put ``session`` on the table."""
        if self.session is not None:
            self.session.unsubscribe(self._changed)
        self.session = session
        session.subscribe(self._changed)
        self.game_over = session.phase().game_over
        self.overlays.follow(session, self.window.view)
        self.vp_track.show_session(session)
        self.branches.show_session(session)
        self._lines_changed()

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        if changes.empty:
            return
        self.vp_track.show_session(self.session)
        if changes.phase or changes.everything:
            self.branches.refresh()
            over = self.session.phase().game_over
            if over and not self.game_over:
                self.show_summary()
            self.game_over = over

    def _lines_changed(self) -> None:
        """Kept, renamed, discarded or another on the table: the names shown follow."""
        self._enable()
        self.line_badge.show_line(self.session)
        self.window.update_title()

    def _show_lines(self) -> None:
        dock = self.window.docks["branches"]
        dock.show()
        dock.raise_()

    def _enable(self) -> None:
        lines = self.session.lines
        on_branch = lines is not None and lines.current != lines.main
        self.return_to_main.setEnabled(on_branch)
        self.compare_main.setEnabled(on_branch)

    # --- lines of play ------------------------------------------------------------------------------

    def play_line(self, name: str) -> None:
        """Put the line ``name`` on the table, the map staying where it was."""
        lines = BranchSet.of(self.session)
        if name == lines.current:
            return
        view = self.window.view
        zoom = view.zoom()
        middle = view.mapToScene(view.viewport().rect().center())
        centre = view.hex_id_at(middle.x(), middle.y())
        self.window.set_session(lines.switch(name))  # the new map view in the old one's room
        self.window.view.zoom_to(zoom, centre)
        if centre is None:
            self.window.view.centerOn(QPointF(middle))
        self.window.show_message(f"{name} is on the table.")

    def return_to_main_line(self) -> None:
        lines = self.session.lines
        if lines is not None:
            self.play_line(lines.main)

    def compare_with(self, name: str) -> None:
        # The comparison and the end summary are imported when first asked for, not before
        # the table's first frame.
        from ardennes_qt.engine.line_compare import compare
        from ardennes_qt.ui.line_compare_dialog import LineCompareDialog

        lines = BranchSet.of(self.session)
        self.compare_dialog = LineCompareDialog(compare(lines, name, lines.current), self.window)
        self.compare_dialog.unitChosen.connect(self._show_unit)
        self.compare_dialog.open()

    def compare_with_main(self) -> None:
        lines = self.session.lines
        if lines is not None and lines.current != lines.main:
            self.compare_with(lines.main)

    def _show_unit(self, unit_id: str) -> None:
        unit = self.session.unit(unit_id)
        if unit.hex:
            self.window.view.zoom_to(max(self.window.view.zoom(), 1.0), unit.hex)
            self.window.select_unit(unit_id)
        else:
            self.window.show_message(f"{unit.name} is not on the map in this line ({unit.where}).")

    def show_summary(self) -> None:
        from ardennes_qt.ui.scenario_end import show_scenario_end

        self.summary = show_scenario_end(self.window)

    # --- closing ------------------------------------------------------------------------------------

    def eventFilter(self, watched, event) -> bool:
        if watched is self.window and event.type() == QEvent.Close:
            self.overlays.stop()
        return False
