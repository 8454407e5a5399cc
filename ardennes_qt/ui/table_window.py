"""The table window: the map in the middle; the unit panel, the stack inspector and the
dead pile on the right; the VP track, the what-if lines and the arrivals on the left; the
log and the Decision under the map; the phase bar, the overlays, File / Edit / Game /
View / Plan / Help menus and a status bar that names the hex under the pointer.

Every move is a few lines around one engine call (``session.apply``); the window
redraws from the ``Changes`` the engine announces, never from what it asked for.

The window is made in two steps: its frame (the map with its counters, the phase bar,
the docks, tool bars and menus, empty, in their places), then what fills it (``_fill``:
the panels, the menus' entries, the play, planning and combat controls).  Opening the
table (``staged``) shows the frame's first frame before it fills: the map is on screen
sooner, and nothing moves when the panels come, a moment later.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QPoint, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu

from ardennes_qt.core.actions import Action, SendToDeadPile
from ardennes_qt.core.outcome import Changes, LogLine, Refused
from ardennes_qt.engine.session import Session
from ardennes_qt.engine.views import estimate_reasons
from ardennes_qt.store.errors import ContentError
from ardennes_qt.ui import game_files
from ardennes_qt.ui.file_drops import dropped_file, take_file_drag
from ardennes_qt.ui.history_check import HistoryCheck
from ardennes_qt.ui.hover_text import hex_text, unit_text
from ardennes_qt.ui.line_on_table import line_name
from ardennes_qt.ui.map_frame import MapFrame
from ardennes_qt.ui.map_view import MapView
from ardennes_qt.ui.overlay_buttons import OverlayButtons, game_overlays
from ardennes_qt.ui.phase_bar import PhaseBar
from ardennes_qt.ui.rules_assistance import RulesAssistance
from ardennes_qt.ui.terrain_painter import TerrainPainter
from ardennes_qt.ui.unsaved_question import UnsavedQuestion

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from ardennes_qt.ui.campaign_tool import CampaignTool
    from ardennes_qt.ui.combat_controls import CombatControls
    from ardennes_qt.ui.history_actions import HistoryActions
    from ardennes_qt.ui.map_context_menu import MapContextMenu
    from ardennes_qt.ui.planning import Planning
    from ardennes_qt.ui.play_controls import PlayControls
    from ardennes_qt.ui.sight_tool import SightTool
    from ardennes_qt.ui.stack_inspector import StackInspector
    from ardennes_qt.ui.table_menus import TableMenus
    from ardennes_qt.ui.unit_panel import UnitPanel
    from ardennes_qt.ui.unit_tray import UnitTray

MESSAGE_MS = 8000
AUTOSAVE_AFTER_MS = 500
HOW_TO = ("Drag a counter to move it, Shift-drag to move its whole stack (or select it and press M); click a "
          "stack to fan it out; Ctrl+E: next phase. Wheel or +/- to zoom, 0 to fit; drag empty map to pan.")
HOW_TO_ONE_AT_A_TIME = ("Drag a counter to move it (or select it and press M); units move one at a time; click a "
                        "stack to fan it out; Ctrl+E: next phase. Wheel or +/- to zoom, 0 to fit; drag empty map to pan.")


def how_to(session) -> str:
    """The status bar's reminder of the mouse and keys, for the game on the table."""
    return HOW_TO if session is None or session.system.schema().stacks_move else HOW_TO_ONE_AT_A_TIME

# The docks: key, title, object name (what the remembered layout knows it by), side and
# starting size in pixels (the height of a side dock - the docks of a side share its height
# in these proportions - or of a dock under the map), in the View menu's order; on each side
# they are put in this order.  The what-if lines share the VP track's place, as a tab: the
# left column is short (the right one holds the unit, the stack and the dead pile), so the
# window keeps its least height.  The sizes are set, not taken from the panels, for the
# docks are placed before their panels are made; the player's own are remembered.
LEFT, RIGHT, BOTTOM = Qt.LeftDockWidgetArea, Qt.RightDockWidgetArea, Qt.BottomDockWidgetArea
DOCKS = (
    ("unit", "Unit", "unitDock", RIGHT, 140),
    ("stack", "Stack", "stackDock", RIGHT, 420),
    ("dead", "Dead pile", "deadPileDock", RIGHT, 350),
    ("log", "Log", "logDock", BOTTOM, 150),
    ("decision", "Decision", "decisionDock", BOTTOM, 150),
    ("vp", "VP track", "vpTrackDock", LEFT, 540),
    ("branches", "What-if lines", "branchesDock", LEFT, 540),
    ("arrivals", "Arrivals", "arrivalsDock", LEFT, 340),
)
TABBED = ("vp", "branches")
SIDE_WIDTHS = {LEFT: 430, RIGHT: 264}  # pixels, to start with, in a window this wide or wider:
FULL_WIDTH = 1600  # a narrower window starts with its side docks narrower in proportion (the map keeps its share)
MENUS = ("&File", "&Edit", "&Game", "&View", "&Plan", "&Help")


OPENING_SIZE = (1400, 900)  # pixels, on a screen with room for it


def opening_size() -> tuple[int, int]:
    """The window's size on a first start: ``OPENING_SIZE``, or less on a smaller screen (a
    laptop's 1366x768), with room left for the window's frame and the desktop's panels."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return OPENING_SIZE
    room = screen.availableGeometry()
    return min(OPENING_SIZE[0], round(room.width() * 0.96)), min(OPENING_SIZE[1], round(room.height() * 0.92))


class TableWindow(QMainWindow):
    def __init__(self, session: Session, autosave: bool = True, remember_layout: bool = True,
                 staged: bool = False) -> None:
        """``staged``: fill the window once its first frame is on screen (see the module's
        word), rather than before it is shown."""
        super().__init__()
        self.session: Session | None = None
        self.view: MapView | None = None
        self.autosave = autosave
        self.remember_layout = remember_layout
        self.message_box: QMessageBox | None = None
        self.about_box = None  # an AboutBox once asked for
        self.reasons: dict[str, str] = {}  # why each kind of estimated value is what it is
        self.filled = False  # the panels, the menus' entries and the controls are made (``_fill``)
        self.history: HistoryActions | None = None
        self.unit_panel: UnitPanel | None = None
        self.stack_inspector: StackInspector | None = None
        self.dead_pile: UnitTray | None = None
        self.menus: TableMenus | None = None
        self.planning: Planning | None = None
        self.context_menu: MapContextMenu | None = None
        self.play: PlayControls | None = None
        self.combat: CombatControls | None = None
        self.sight: SightTool | None = None  # line of sight, for a game whose rules offer it
        self.campaign: CampaignTool | None = None  # the campaign's step and forms, for a game that has one
        self.setAcceptDrops(True)  # a game file dropped on the window opens
        self.history_check = HistoryCheck(self)  # the logs of a game opened at its position, replayed apart
        self.history_check.checked.connect(self._history_checked)
        self.unsaved = UnsavedQuestion(self)  # Quit, New and Open ask before play not saved is lost
        self.docks = self._place_docks()
        self.menu_bar = {title: self.menuBar().addMenu(title) for title in MENUS}
        self.phase_bar = PhaseBar(self._next_phase)
        self.overlay_buttons = OverlayButtons(self, game_overlays(session))
        self.addToolBar(self.overlay_buttons.toolbar)
        self.addToolBar(self.phase_bar)  # last in the row: its To-do takes the room left
        self.hover_label = QLabel(how_to(self.session))
        # Not a permanent widget: a message (a refusal's reason, what an action did) takes its
        # place while it shows; under a permanent one, stretched, it had no room and was unseen.
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.overlay_buttons.progress)
        self.assistance = RulesAssistance(self)
        self.statusBar().addPermanentWidget(self.assistance.button)
        self.resize(*opening_size())
        self.map_frame = MapFrame()
        self.setCentralWidget(self.map_frame)
        self._put_on_map(session)
        self._docks_to_fit = True  # the side docks sized to the window when it is first shown
        if remember_layout:
            self._restore_layout()
        if staged:
            self.view.firstPainted.connect(self._fill, Qt.SingleShotConnection)
        else:
            self._fill()

    def _place_docks(self) -> dict[str, QDockWidget]:
        """Every dock in its place, empty (``_fill`` gives each its panel)."""
        # The side docks run the window's full height; the docks under the map sit under it
        # alone, and add nothing to the height the side docks need.
        self.setCorner(Qt.BottomLeftCorner, LEFT)
        self.setCorner(Qt.BottomRightCorner, RIGHT)
        docks = {}
        for key, title, name, area, _ in DOCKS:
            dock = docks[key] = QDockWidget(title, self)
            dock.setObjectName(name)
            self.addDockWidget(area, dock)
        self.tabifyDockWidget(*(docks[key] for key in TABBED))
        docks[TABBED[0]].raise_()
        # Sized by the docks in front (a tab behind shares the place of the one in front).
        placed = [(docks[key], area, size) for key, _, _, area, size in DOCKS if key not in TABBED[1:]]
        sides = [(dock, area) for dock, area, _ in placed if area != BOTTOM]
        self._side_docks = sides  # sized to the window when it is first shown (``setVisible``)
        self.resizeDocks([dock for dock, _, _ in placed], [size for _, _, size in placed], Qt.Vertical)
        return docks

    def _size_side_docks(self, window_width: int) -> None:
        share = min(1.0, window_width / FULL_WIDTH)
        self.resizeDocks([dock for dock, _ in self._side_docks],
                         [round(SIDE_WIDTHS[area] * share) for _, area in self._side_docks], Qt.Horizontal)

    def setVisible(self, visible: bool) -> None:
        if visible and self._docks_to_fit:
            # First shown, at the size it opens at (a layout restored keeps its own): before the
            # map is, so that it fits itself to the room it has.
            self._docks_to_fit = False
            self._size_side_docks(self.width())
        super().setVisible(visible)

    def _next_phase(self, action: Action) -> None:
        if self.play is not None:  # Next Phase before the window is filled (a moment) does nothing
            self.play.next_phase(action)

    def menu(self, title: str) -> QMenu:
        """One of the menu bar's menus, by its title (``MENUS``)."""
        return self.menu_bar[title]

    def _fill(self) -> None:
        """The panels in their docks, the menus' entries, the play, planning and combat
        controls, following the game on the map."""
        # Imported here: the table's first frame can be on screen before they are.
        from ardennes_qt.ui.campaign_tool import CampaignTool
        from ardennes_qt.ui.combat_controls import CombatControls
        from ardennes_qt.ui.history_actions import HistoryActions
        from ardennes_qt.ui.map_context_menu import MapContextMenu
        from ardennes_qt.ui.planning import Planning
        from ardennes_qt.ui.play_controls import PlayControls
        from ardennes_qt.ui.sight_tool import SightTool
        from ardennes_qt.ui.stack_inspector import StackInspector
        from ardennes_qt.ui.table_menus import TableMenus
        from ardennes_qt.ui.unit_panel import UnitPanel
        from ardennes_qt.ui.unit_tray import UnitTray

        self.history = HistoryActions(self)
        self.unit_panel = UnitPanel()
        self.stack_inspector = StackInspector()
        self.stack_inspector.unitChosen.connect(self.select_unit)
        self.dead_pile = UnitTray("dead", "No dead units. Drag a counter here from the map to remove it (1.2).")
        self.docks["unit"].setWidget(self.unit_panel)
        self.docks["stack"].setWidget(self.stack_inspector)
        self.docks["dead"].setWidget(self.dead_pile)
        self.menus = TableMenus(self)
        self.planning = Planning(self)
        self.context_menu = MapContextMenu(self)
        self.play = PlayControls(self)
        self.combat = CombatControls(self)
        self.sight = SightTool(self)
        self.campaign = CampaignTool(self)
        self.filled = True
        self._follow(self.session)

    # --- the game on the table ------------------------------------------------------------------

    def set_session(self, session: Session) -> None:
        """Put ``session`` on the table (closing the one there before)."""
        previous = self.session
        if previous is not None:
            previous.unsubscribe(self._changed)
            previous.close()
        self._put_on_map(session)
        self._follow(session)

    def _put_on_map(self, session: Session) -> None:
        """A map view of ``session``'s map with its counters, in the middle of the window."""
        self.unsaved.put_on_table(self.session, session)
        self.session = session
        view = MapView(TerrainPainter(session.map, stamps=True))
        self.view = view
        self.map_frame.hold(view)
        view.counters.show_session(session)
        if not session.content.whole_map_in_play():
            view.show_play_area(session.content.play_area())
        self.phase_bar.show_phase(session)
        self.assistance.follow(session)
        self.hover_label.setText(how_to(session))
        view.fit_when_shown = True  # the play area (the whole map, mostly) when the window opens
        if self.isVisible():
            self.fit_map()
        self.update_title()

    def _follow(self, session: Session) -> None:
        """The panels and controls take up the game on the map, and answer the map view."""
        self.phase_bar.find_end_phase(session)
        self.reasons = estimate_reasons(session.content)
        view = self.view
        view.hovered.connect(self._hovered)
        view.unitClicked.connect(self.select_unit)
        view.emptyClicked.connect(lambda: view.counters.fan_out(None))
        view.unitsDropped.connect(self.move_units)
        view.unitsDroppedOutside.connect(self._dropped_outside)
        view.dragPointer.connect(lambda pos: self.dead_pile.highlight(self.dead_pile.covers(pos)))
        view.message.connect(self.show_message)
        view.contextMenuAt.connect(self.context_menu.show_at)
        self.play.show_session(session, view)
        self.sight.follow(session, view)
        self.campaign.follow(session)
        session.subscribe(self._changed)
        self.combat.attach(view)
        self.history.follow(session)
        self.select_unit(None)
        self._refresh_dead_pile()
        for warning in session.warnings:
            self.show_message(warning)
        self.planning.follow(session)
        self.history_check.check(session)
        if self.autosave and session.autosave_file is None:  # another line of the game brings its own
            # Once the first frame is up: writing the whole game to the autosave takes a moment.
            QTimer.singleShot(AUTOSAVE_AFTER_MS, self, lambda s=session: self._start_autosave(s))

    def _history_checked(self) -> None:
        """The game's logs are replayed: the log dock and undo take them up."""
        self.play.log_panel.follow(self.session)
        self.history.refresh()

    def _start_autosave(self, session: Session) -> None:
        if session is self.session:
            game_files.start_autosave(session)

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        """Redraw what the engine says changed, and nothing else."""
        self.view.counters.sync(changes)
        units = self.session.state.units
        on_pile = set(self.dead_pile.unit_ids())
        if changes.everything or any(u in on_pile or units[u].where == "dead" for u in changes.units):
            self._refresh_dead_pile()
        selected = self.unit_panel.unit_id
        inspected = self.stack_inspector.hex_id
        if selected and (changes.everything or selected in changes.units):
            self.select_unit(selected)
        elif inspected and (changes.everything or self.session.map.parse(inspected) in changes.hexes):
            self.stack_inspector.show_stack(self.session, inspected, self.view.counters.face, selected)
        self.history.refresh()
        self.play.changed(changes, log)
        if changes.phase or changes.everything:
            self.phase_bar.show_phase(self.session)
        if log:
            self.show_message(log[-1].text)
        self.update_title()

    def _refresh_dead_pile(self) -> None:
        self.dead_pile.show_units(self.session, self.view.counters.face)

    def update_title(self) -> None:
        """The scenario, the line of play on the table (once the game has several) and the file."""
        s = self.session
        name = s.file.name if s.file else "new game"
        line = line_name(s)
        self.setWindowTitle(f"{s.content.scenario.title} — {f'{line} — ' if line else ''}{name} — ardennes-qt")

    # --- acting: one engine call each ------------------------------------------------------------

    def apply(self, action: Action, units: tuple[str, ...] = ()) -> bool:
        try:
            self.session.apply(action)
        except Refused as refusal:
            self.view.counters.put_back(units)
            self.show_message(f"Not allowed: {refusal}")
            return False
        return True

    def move_units(self, units: tuple[str, ...], hex_id: str) -> None:
        if self.combat.take_drop(units, hex_id):  # an answer to a Decision (an advance, a Bug Out...)
            return
        self.play.moves.drop(tuple(units), hex_id)

    def _dropped_outside(self, units: tuple[str, ...], global_pos: QPoint) -> None:
        self.dead_pile.highlight(False)
        if self.dead_pile.covers(global_pos):
            self.apply(SendToDeadPile(tuple(units)), tuple(units))
        else:
            self.show_message("Dropped outside the map: drop on a hex, or on the dead pile to remove the counter.")

    # --- selection and status --------------------------------------------------------------------

    def select_unit(self, unit_id: str | None) -> None:
        counters = self.view.counters
        if unit_id is not None and unit_id not in self.session.state.units:
            unit_id = None
        counters.select(unit_id)
        unit = self.session.unit(unit_id) if unit_id else None
        face = counters.face(unit) if unit else None
        self.unit_panel.show_unit(self.session, unit_id, face, self.reasons)
        hex_id = unit.hex if unit else None
        if hex_id:
            counters.fan_out(self.session.map.parse(hex_id) if len(self.session.stack_at(hex_id)) > 1 else None)
        self.stack_inspector.show_stack(self.session, hex_id, counters.face, unit_id)

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        if not hex_id:
            self.hover_label.setText(how_to(self.session))
            return
        text = hex_text(self.session.hex_info(hex_id))
        if unit_id:
            text = unit_text(self.session.unit(unit_id), self.play.hints.hint(unit_id)) + " · " + text
        self.hover_label.setText(text)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def report_error(self, title: str, text: str, detail: str) -> None:
        """A warning that does not block: the game on the table stays as it was."""
        from PySide6.QtWidgets import QMessageBox  # a class the table's first frame does without

        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, self)
        box.setInformativeText(detail)
        box.open()
        self.message_box = box

    # --- view --------------------------------------------------------------------------------------

    def fit_map(self) -> None:
        """The scenario's play area in view: the whole map where all of it is in play."""
        self.view.fit_play_area()

    def whole_map(self) -> None:
        self.view.fit_map()

    def show_about(self) -> None:
        from ardennes_qt.ui.about_box import AboutBox  # on first use: the table opens without it

        self.about_box = AboutBox(self.session.content, self)
        self.about_box.open()

    # --- layout remembered between runs -------------------------------------------------------------

    def _restore_layout(self) -> None:
        settings = game_files.settings()
        geometry = settings.value("geometry")
        state = settings.value("windowState")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and self.restoreState(state):
            self._docks_to_fit = False

    def dragEnterEvent(self, event) -> None:
        take_file_drag(event)  # counters dragged on the map are the map view's

    def dropEvent(self, event) -> None:
        path = dropped_file(event)
        if path is not None:
            event.acceptProposedAction()
            self.unsaved.then("opening another game", lambda: self.open_game(path))

    def closeEvent(self, event) -> None:
        if not self.unsaved.may_close(event):  # asked first; the window closes once answered
            return
        if self.remember_layout:
            settings = game_files.settings()
            settings.setValue("geometry", self.saveGeometry())
            settings.setValue("windowState", self.saveState())
        self.history_check.stop()
        if self.session is not None:
            self.session.close()
        super().closeEvent(event)

    # --- files ----------------------------------------------------------------------------------------

    def open_game(self, path: str | Path) -> bool:
        """Open a saved game, or start a game from an editor module's first scenario; a file
        that cannot be opened leaves the current game as it was."""
        from ardennes_qt.ui.file_questions import open_game_file  # not needed before the first frame

        try:
            session = open_game_file(self, path)
        except ContentError as exc:  # whatever is wrong with the file (engine.opening)
            self.report_error("Cannot open the game", f"{Path(path).name} could not be opened.",
                              f"{exc}\n\nThe game on the table is unchanged.")
            return False
        if session is None:  # a game changed outside the program, not to be opened after all
            return False
        self.set_session(session)
        self.menus.remember(Path(path))
        return True

    def save_game(self, path: str | Path) -> bool:
        path = game_files.with_suffix(path)
        try:
            self.session.save(path)
        except OSError as exc:
            self.report_error("Cannot save the game", f"{path.name} could not be written.", str(exc))
            return False
        self.menus.remember(path)
        self.unsaved.saved()
        self.update_title()
        self.show_message(f"Saved {path}")
        return True
