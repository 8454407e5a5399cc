"""The table window's menus: File (new, open, recent, save, print and export the setup
sheet), Edit (undo, redo), View (zoom, docks) and Help (about and legend)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu

from ardennes_qt.engine.opening import new_game
from ardennes_qt.store.errors import ContentError
from ardennes_qt.ui import game_files, go_to_hex
from ardennes_qt.ui.scenario_chooser import ScenarioChooser

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

ZOOM_STEP = 1.25


class TableMenus:
    def __init__(self, window: TableFace) -> None:
        self.window = window
        file_menu = window.menu("&File")
        self._add(file_menu, "&New Game…", self.new_game, QKeySequence.New, "Start a scenario from its set-up")
        self._add(file_menu, "&Open…", self.open_dialog, QKeySequence.Open, "Open a saved game, or a scenario made in the editor")
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        self._add(file_menu, "&Save", self.save, QKeySequence.Save, "Save the game (its what-if lines with it)")
        self._add(file_menu, "Save &As…", self.save_as, QKeySequence("Ctrl+Shift+S"), "Save the game in a new file")
        file_menu.addSeparator()
        self._add(file_menu, "&Print Setup Sheet…", self.print_setup_sheet, QKeySequence.Print,
                  "Print this scenario's setup sheet, with a preview and page setup")
        self._add(file_menu, "&Export Setup Sheet as PDF…", self.export_setup_pdf, tip="Write this scenario's setup sheet to a PDF file")
        file_menu.addSeparator()
        self._add(file_menu, "&Quit", window.close, "Ctrl+Q", "Close the table")

        edit_menu = window.menu("&Edit")
        edit_menu.addAction(window.history.undo)
        edit_menu.addAction(window.history.redo)

        game_menu = window.menu("&Game")
        game_menu.addAction(window.phase_bar.end_phase)

        view_menu = window.menu("&View")
        self._add(view_menu, "Zoom &In", lambda: window.view.zoom_by(ZOOM_STEP), [QKeySequence.ZoomIn, "+", "="])
        self._add(view_menu, "Zoom &Out", lambda: window.view.zoom_by(1 / ZOOM_STEP), [QKeySequence.ZoomOut, "-"])
        self._add(view_menu, "&Fit Play Area", window.fit_map, "0")  # the scenario's play area (7.1's is all the map)
        self._add(view_menu, "&Whole Map", window.whole_map, "Ctrl+0")
        self._add(view_menu, "&Go to Hex…", lambda: go_to_hex.ask_for_hex(window), "Ctrl+G", "Find a hex by its printed id")
        self._add(view_menu, "&Centre on Selection", lambda: go_to_hex.centre_on_selection(window))
        view_menu.addSeparator()
        for dock in window.docks.values():
            view_menu.addAction(dock.toggleViewAction())

        help_menu = window.menu("&Help")
        self._add(help_menu, "&About and Legend", window.show_about, QKeySequence.HelpContents)
        self.chooser: ScenarioChooser | None = None
        self.print_dialog = None  # the setup sheet's print preview or PDF export, while it is up
        self._fill_recent()

    def _add(self, menu: QMenu, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self.window)
        action.setStatusTip(tip)
        if shortcut is not None:
            keys = shortcut if isinstance(shortcut, list) else [shortcut]
            action.setShortcuts([QKeySequence(k) if isinstance(k, str) else k for k in keys])
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    # --- recent files ---------------------------------------------------------------------------

    def remember(self, path: Path) -> None:
        game_files.remember(path)
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = game_files.recent_files()
        for path in files:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self._open_recent(p))
        self.recent_menu.setEnabled(bool(files))

    def _open_recent(self, path: Path) -> None:
        self.window.unsaved.then("opening another game", lambda: self._open_file(path))

    def _open_file(self, path: Path) -> None:
        if not self.window.open_game(path) and not path.exists():
            game_files.forget(path)
            self._fill_recent()

    # --- file actions -----------------------------------------------------------------------------

    def new_game(self) -> None:
        self.window.unsaved.then("starting a new game", self._choose_scenario)

    def _choose_scenario(self) -> None:
        self.chooser = ScenarioChooser(self.window)
        self.chooser.chosen.connect(self._start)
        self.chooser.open()

    def _start(self, key: str, seed: int) -> None:
        try:
            session = new_game(key, seed)
        except ContentError as exc:
            self.window.report_error("Cannot start the game", f"{key} could not be set up.",
                                     f"{exc}\n\nThe game on the table is unchanged.")
            return
        self.window.set_session(session)

    def open_dialog(self) -> None:
        self.window.unsaved.then("opening another game", self._open_chosen)

    def _open_chosen(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open a game", str(self._folder()), game_files.FILE_FILTER)
        if path:
            self.window.open_game(path)

    def save(self) -> None:
        if self.window.session.file is None:
            self.save_as()
        else:
            self.window.save_game(self.window.session.file)

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, "Save the game", str(self._folder()), game_files.FILE_FILTER)
        if path:
            self.window.save_game(path)

    def print_setup_sheet(self) -> None:
        from ardennes_qt.ui import printing  # on first use: the table opens without it

        self.print_dialog = printing.print_setup_sheet(self.window, self.window.session.content)

    def export_setup_pdf(self) -> None:
        from ardennes_qt.ui import printing

        self.print_dialog = printing.export_pdf_dialog(self.window, self.window.session.content, self._folder())
        self.print_dialog.exported.connect(lambda path: self.window.show_message(f"Setup sheet written to {path}"))

    def _folder(self) -> Path:
        session = self.window.session
        if session is not None and session.file is not None:
            return session.file.parent
        recent = game_files.recent_files()
        return recent[0].parent if recent else Path.home()
