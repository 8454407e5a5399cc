"""The line-of-sight tool, for a game whose rules offer line of sight (``LineOfSight``); a
game without it shows nothing of it.

View ▸ Line of Sight (L), or "Line of Sight from Here…" on the map's right-click menu: pick
the viewer's hex, then the hex to look at - where a hex holds more than one Location (a
building's upper level, a steeple) the tool asks which, in the rules' words.  The line is
drawn on the map and the rules' verdict, with every step and its rule, shown in the Line of
sight dock; further clicks look from the same viewer at other hexes, and while the pointer
moves the line to the hex under it is previewed (a line is quick to ask; should it not be,
the preview stops).  "Show What This Location Sees" (Shift+L) shades every hex the rules
say it sees, worked out in a thread (``sight_job``).  Esc clears it all.

The tool asks the rules and shows their answer: it decides nothing of what is seen.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

from ardennes_qt.core.outcome import Changes, LogLine
from ardennes_qt.core.system import LineOfSight, SightLine
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.sight_items import SightDrawing, ViewshedShade
from ardennes_qt.ui.sight_job import ViewshedJob
from ardennes_qt.ui.sight_panel import SightPanel, capitalised

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_face import TableFace

DOCK_HEIGHT = 240  # pixels: the verdict and a few steps in view
DOCK_SHARE = 0.62  # of the width under the map, beside the Decision: the steps' rules in view
PREVIEW_LIMIT_S = 0.015  # a line asked slower than this (a frame's worth) is not previewed under the pointer
VIEWER, TARGET, VIEWSHED = "viewer", "target", "viewshed"  # what the next click on a hex picks
Location = tuple[str, int]  # a hex id and a level in it


class SightTool(QObject):
    def __init__(self, window: TableFace) -> None:
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.view: MapView | None = None
        self.sight = None  # the game's LineOfSight, asked with its tables
        self.panel = SightPanel()
        self.dock = QDockWidget("Line of sight", window)
        self.dock.setObjectName("sightDock")
        self.dock.setWidget(self.panel)
        # Where the player left it last time, else as a tab of the log's place once first shown.
        self._dock_placed = window.restoreDockWidget(self.dock)
        if not self._dock_placed:
            window.addDockWidget(Qt.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        self.line_action = self._action("Line of &Sight…", "L", self.start_line,
                                        "Pick a viewer's hex, then a hex to look at: the line with the rules' reasons")
        self.viewshed_action = self._action("Show What a Location S&ees…", "Shift+L", self.start_viewshed,
                                            "Pick a hex: every hex seen from it is shaded")
        self._add_to_view_menu()
        window.context_menu.add_provider(self.menu_entries)
        window.play.dismiss.triggered.connect(self.clear)  # Esc: one key puts every mode away
        self.mode: str | None = None
        self.viewer: Location | None = None
        self.target: Location | None = None
        self.line: SightLine | None = None
        self.drawing: SightDrawing | None = None
        self.preview: SightDrawing | None = None
        self.shade: ViewshedShade | None = None
        self.shade_from: Location | None = None
        self.question: QMenu | None = None  # which Location, while it is asked
        self.previewing = True  # lines are quick enough to follow the pointer
        self._job: ViewshedJob | None = None
        self._jobs = 0
        self._unfollow = None

    def _action(self, text: str, keys: str, slot, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _add_to_view_menu(self) -> None:
        """After the View menu's places, before its docks; the dock's own entry among theirs."""
        menu = self.window.menu("&View")
        docks = next((a for a in menu.actions() if a.isSeparator()), None)
        self.separator = menu.insertSeparator(docks) if docks is not None else menu.addSeparator()
        menu.insertActions(docks, [self.line_action, self.viewshed_action])
        self.dock_action = self.dock.toggleViewAction()
        self.dock_action.triggered.connect(lambda shown: shown and self._place())
        menu.addAction(self.dock_action)

    @property
    def offered(self) -> bool:
        return self.sight is not None

    @property
    def busy(self) -> bool:
        """A viewshed is being worked out."""
        return self._job is not None

    def _reveal(self) -> None:
        self._place()
        self.dock.show()
        self.dock.raise_()

    def _place(self) -> None:
        """The first time the dock shows: a tab of the log's place, with room for the steps.
        (Made a tab while hidden, it left a stray tab bar over the docks beside it.)"""
        window = self.window
        if not self._dock_placed:
            self._dock_placed = True
            window.tabifyDockWidget(window.docks["log"], self.dock)
            self.dock.show()
            window.resizeDocks([self.dock], [DOCK_HEIGHT], Qt.Vertical)
            decision = window.docks["decision"]
            if decision.isVisible() and not decision.isFloating():
                width = self.dock.width() + decision.width()
                window.resizeDocks([self.dock, decision], [round(width * DOCK_SHARE), round(width * (1 - DOCK_SHARE))],
                                   Qt.Horizontal)

    # --- the game on the table ----------------------------------------------------------------

    def follow(self, session: Session, view: MapView) -> None:
        """The window has put ``session`` on the table, on ``view``."""
        self.clear()
        if self.session is not None:
            self.session.unsubscribe(self._changed)
        self.session, self.view = session, view
        self.sight = session.capability(LineOfSight) if session.offers(LineOfSight) else None
        self.drawing = self.preview = self.shade = None  # the old map's went with its scene
        for action in (self.line_action, self.viewshed_action, self.dock_action, self.separator):
            action.setVisible(self.offered)
            action.setEnabled(self.offered)
        if not self.offered:
            self.dock.hide()
            return
        session.subscribe(self._changed)
        if self._unfollow is None:
            # Deleted with its window (the game may live on): hear of the game no more.
            self._unfollow = self.destroyed.connect(lambda *_, o=self: o._forget_session())
        view.hovered.connect(self._hovered)
        self.drawing = SightDrawing(view.scene(), view.terrain)
        self.preview = SightDrawing(view.scene(), view.terrain, preview=True)
        self.shade = ViewshedShade(view.terrain)
        self.shade.hide()
        view.scene().addItem(self.shade)

    def _forget_session(self) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._changed)
            self.session = None

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        """Units moved (and may hinder now): the line and the viewshed shown are asked again."""
        if changes.empty or self.session is None:
            return
        if self.line is not None:
            self._show_line()
        if self.shade_from is not None:
            self._show_viewshed(*self.shade_from)

    # --- asking -------------------------------------------------------------------------------

    def locations(self, hex_id: str) -> tuple[tuple[int, str], ...]:
        """The Locations of a hex: (level, the rules' words for it)."""
        return tuple(self.sight.locations(self.session.content, self.session.state, hex_id))

    def location_words(self, hex_id: str, level: int) -> str:
        words = dict(self.locations(hex_id)).get(level)
        return f"{hex_id}, {words}" if words else hex_id

    def _ask_location(self, hex_id: str, then: Callable[[int], None]) -> None:
        """``then(level)``: at once in a hex of one Location, else once the player has said which."""
        found = self.locations(hex_id)
        if len(found) <= 1:
            then(found[0][0] if found else 0)
            return
        self._close_question()
        menu = QMenu(self.window)
        menu.addSection(f"Which Location in {hex_id}?")
        for level, words in found:
            menu.addAction(capitalised(words)).triggered.connect(lambda _=False, lv=level: then(lv))
        self.question = menu
        view = self.view
        centre = QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id)))
        menu.popup(view.viewport().mapToGlobal(view.mapFromScene(centre)))

    def _close_question(self) -> None:
        if self.question is not None:
            self.question.close()
            self.question.deleteLater()
            self.question = None

    # --- picking on the map ---------------------------------------------------------------------

    def start_line(self) -> None:
        """Pick the viewer's hex, then the hex to look at."""
        if self._start(VIEWER):
            self.window.show_message("Line of sight: click the viewer's hex (Esc to stop)")

    def start_line_from(self, hex_id: str, level: int) -> None:
        if self._start(TARGET):
            self._picked_viewer(hex_id, level)

    def start_viewshed(self) -> None:
        if self._start(VIEWSHED):
            self.window.show_message("What a Location sees: click its hex (Esc to stop)")

    def _start(self, mode: str) -> bool:
        """Pick on the map from now on: a new line's viewer or target (the line shown goes), or
        a Location whose sight to shade (the line shown stays)."""
        if not self.offered:
            return False
        self._stop_taking_clicks()
        self._close_question()
        if mode != VIEWSHED:
            self._clear_line()
        self.window.play.preview.clear()  # one mode of clicks on the map at a time: move mode ends
        self.mode = mode
        self.view.hex_click_filter = self._clicked
        return True

    def _taking_clicks(self) -> bool:
        return self.mode is not None and self.view is not None and self.view.hex_click_filter == self._clicked

    def _clicked(self, hex_id: str) -> bool:
        if self.mode == VIEWER:
            self._ask_location(hex_id, lambda level: self._picked_viewer(hex_id, level))
        elif self.mode == TARGET:
            self._ask_location(hex_id, lambda level: self.look_at(hex_id, level))
        elif self.mode == VIEWSHED:
            self._ask_location(hex_id, lambda level: self.show_viewshed(hex_id, level))
        return self.mode is not None

    def _picked_viewer(self, hex_id: str, level: int) -> None:
        self.viewer, self.mode = (hex_id, level), TARGET
        self.previewing = True
        where = self.location_words(hex_id, level)
        self.panel.show_viewer(where)
        self.window.show_message(f"Line of sight from {where}: click the hex to look at (Esc to stop)")

    def look_at(self, hex_id: str, level: int) -> None:
        """The line from the viewer picked to this Location, on the map and in the dock."""
        if self.viewer is None:
            return
        self.target = (hex_id, level)
        self._show_line()
        if self.line is not None:
            self._reveal()
            self.window.show_message(f"Line of sight: {self.line.verdict}. Click another hex to look there; Esc clears")

    def _show_line(self) -> None:
        (viewer, from_level), (target, to_level) = self.viewer, self.target
        self.line = self.session.los(viewer, target, from_level, to_level)
        if self.line is None:
            return
        self.preview.clear()
        self.drawing.show_line(self.line, viewer, target)
        self.panel.show_line(self.line)

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        words = []
        if self.mode == TARGET and self._taking_clicks():
            words.append(self._preview_to(hex_id))
        if self.shade_from is not None and hex_id and self.shade is not None:
            hindrance = self.shade.seen.get(hex_id)
            seen_from = f"from {self.location_words(*self.shade_from)}"
            words.append(f"Not seen {seen_from}" if hindrance is None
                         else f"Seen {seen_from}" + (f", Hindrance +{hindrance}" if hindrance else ", clear"))
        words = [w for w in words if w]
        if words:
            label = self.window.hover_label
            label.setText(" · ".join([label.text(), *words]))

    def _preview_to(self, hex_id: str) -> str:
        """The line to the hex under the pointer, drawn lightly, and its verdict in words."""
        self.preview.clear()
        if not hex_id or not self.previewing or hex_id == self.viewer[0] or (self.target and hex_id == self.target[0]):
            return ""
        found = self.locations(hex_id)
        asked = time.perf_counter()
        line = self.session.los(self.viewer[0], hex_id, self.viewer[1], found[0][0] if found else 0)
        self.previewing = time.perf_counter() - asked < PREVIEW_LIMIT_S
        if line is None:
            return ""
        self.preview.show_line(line, self.viewer[0], hex_id)
        return f"Line of sight: {line.verdict}"

    # --- what a Location sees ----------------------------------------------------------------------

    def show_viewshed(self, hex_id: str, level: int) -> None:
        """Shade every hex the Location sees; ends the picking of a viewshed."""
        if self.mode == VIEWSHED:
            self._stop_taking_clicks()
        self.shade_from = (hex_id, level)
        self._show_viewshed(hex_id, level)
        self._reveal()

    def _show_viewshed(self, hex_id: str, level: int) -> None:
        if self._job is not None:
            self._job.stop()
        self._jobs += 1
        s = self.session
        job = ViewshedJob(self._jobs, self.sight, s.content, s.state, hex_id, level)
        # Bound methods only: should this object be deleted while the job runs, Qt drops the
        # connection, and the job (kept by sight_job until its thread ends) is dropped.
        job.computed.connect(self._seen)
        self.destroyed.connect(job.stop)
        self._job = job
        where = self.location_words(hex_id, level)
        self.panel.show_working(where)
        self.window.show_message(f"Working out what {where} sees…")
        job.begin()

    def _seen(self, number: int, seen: dict) -> None:
        job = self._job
        if job is None or number != job.number or job.stopped or self.shade_from is None:
            return
        self._job = None
        where = self.location_words(*self.shade_from)
        self.shade.show_seen(self.shade_from[0], seen)
        self.shade.show()
        self.panel.show_seen(where, seen)
        self.window.show_message(f"{capitalised(where)} sees {len(seen)} hexes (shaded)")

    # --- the map's context menu ----------------------------------------------------------------------

    def menu_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        if not self.offered:
            return []
        found = self.locations(hex_id)
        entries = [self._entry("Line of Sight from Here…", found, lambda lv: self.start_line_from(hex_id, lv))]
        if self.viewer is not None and hex_id != self.viewer[0]:
            entries.append(self._entry("Line of Sight to Here", found, lambda lv: self.look_at(hex_id, lv)))
        entries.append(self._entry("Show What This Location Sees", found, lambda lv: self.show_viewshed(hex_id, lv)))
        return entries

    def _entry(self, text: str, found, slot: Callable[[int], None]) -> QAction:
        """One entry, or a submenu of the hex's Locations where it has several."""
        if len(found) <= 1:
            action = QAction(text)
            action.triggered.connect(lambda _=False: slot(found[0][0] if found else 0))
            return action
        menu = QMenu(text.rstrip("…"), self.window)  # the map's menu takes it as its own
        for level, words in found:
            menu.addAction(capitalised(words)).triggered.connect(lambda _=False, lv=level: slot(lv))
        return menu.menuAction()

    # --- putting it away ------------------------------------------------------------------------------

    def _stop_taking_clicks(self) -> None:
        if self._taking_clicks():
            self.view.hex_click_filter = None
        self.mode = None

    def clear(self) -> None:
        """The line, the preview, the shading and the picking all go (Esc)."""
        self._stop_taking_clicks()
        self._close_question()
        self._clear_line()
        self._clear_viewshed()

    def _clear_line(self) -> None:
        self.viewer = self.target = self.line = None
        for drawing in (self.drawing, self.preview):
            if drawing is not None:
                drawing.clear()
        self.panel.clear_line()

    def _clear_viewshed(self) -> None:
        self.shade_from = None
        if self._job is not None:
            self._job.stop()
            self._job = None
        if self.shade is not None:
            self.shade.clear()
            self.shade.hide()
        self.panel.hide_seen()
