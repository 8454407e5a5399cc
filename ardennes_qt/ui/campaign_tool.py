"""The campaign on the table, for a game whose rules offer one (``core.system.Campaign``); a game
without one shows nothing of it.

The Campaign dock (left) holds the step now and what may be done in it; the campaign's forms (the
roster, the purchase record) are tabs of a dock under the map; File ▸ Print <the roster>… writes
them to a PDF laid out as the paper forms.  Every choice is one ``window.apply`` of the action
the rules listed; the panels follow the game through the changes it announces (undo and redo
included)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDockWidget, QFileDialog

from ardennes_qt.core.outcome import Changes, LogLine
from ardennes_qt.core.system import Campaign, CampaignOption
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.campaign_forms_panel import CampaignFormsPanel
from ardennes_qt.ui.campaign_panel import CampaignPanel

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

DOCK_WIDTH = 430
FORMS_HEIGHT = 260
FORMS_SHARE = 0.72  # of the width under the map, beside the Decision: the roster's columns in view


class CampaignTool(QObject):
    def __init__(self, window: TableFace) -> None:
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.panel = CampaignPanel()
        self.panel.chosen.connect(self.choose)
        self.panel.rollAsked.connect(self.ask_roll)
        self.forms = CampaignFormsPanel()
        self.dock = self._dock("Campaign", "campaignDock", self.panel, Qt.LeftDockWidgetArea)
        self.forms_dock = self._dock("Campaign forms", "campaignFormsDock", self.forms, Qt.BottomDockWidgetArea)
        menu = window.menu("&File")
        self.print_action = QAction("Print Campaign &Forms…", window)
        self.print_action.setStatusTip("Write the campaign's forms to a PDF laid out as the paper ones")
        self.print_action.triggered.connect(self.print_forms)
        separators = [a for a in menu.actions() if a.isSeparator()]
        menu.insertAction(separators[-1] if separators else None, self.print_action)  # above Quit
        view_menu = window.menu("&View")
        view_menu.addAction(self.dock.toggleViewAction())
        view_menu.addAction(self.forms_dock.toggleViewAction())
        self.dialog = None  # the roll dialog, while it is up
        self._unfollow = None

    def _dock(self, title: str, name: str, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        if not self.window.restoreDockWidget(dock):
            self.window.addDockWidget(area, dock)
        dock.hide()
        return dock

    @property
    def offered(self) -> bool:
        return self.session is not None and self.session.offers(Campaign) and self.session.campaign() is not None

    def follow(self, session: Session) -> None:
        """The window has put ``session`` on the table."""
        if self.session is not None:
            self.session.unsubscribe(self._changed)
        self.session = session
        offered = self.offered
        for action in (self.print_action, self.dock.toggleViewAction(), self.forms_dock.toggleViewAction()):
            action.setVisible(offered)
        if not offered:
            self.dock.hide()
            self.forms_dock.hide()
            return
        session.subscribe(self._changed)
        if self._unfollow is None:
            self._unfollow = self.destroyed.connect(lambda *_, o=self: o._forget_session())
        self.print_action.setText(f"Print {session.campaign_forms()[0].name}…")
        self._show()
        self._place()

    def _place(self) -> None:
        """In front of the VP track's place (the left column's tallest), and the forms as a tab of
        the log's, wider than the Decision beside them."""
        window = self.window
        if not self.dock.isVisible():
            window.tabifyDockWidget(window.docks["vp"], self.dock)
            self.dock.show()
            window.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Horizontal)
        self.dock.raise_()
        if not self.forms_dock.isVisible():
            window.tabifyDockWidget(window.docks["log"], self.forms_dock)
            self.forms_dock.show()
            window.resizeDocks([self.forms_dock], [FORMS_HEIGHT], Qt.Vertical)
            decision = window.docks["decision"]
            if decision.isVisible() and not decision.isFloating():
                width = self.forms_dock.width() + decision.width()
                window.resizeDocks([self.forms_dock, decision],
                                   [round(width * FORMS_SHARE), round(width * (1 - FORMS_SHARE))], Qt.Horizontal)
            self.forms_dock.raise_()

    def _forget_session(self) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._changed)
            self.session = None

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        if changes.phase or changes.everything:
            self._show()

    def _show(self) -> None:
        self.panel.show_step(self.session.campaign())
        self.forms.show_forms(self.session.campaign_forms())

    # --- acting: one engine call each --------------------------------------------------------------

    def choose(self, action) -> bool:
        return self.window.apply(action)

    def ask_roll(self, option: CampaignOption) -> None:
        from ardennes_qt.ui.campaign_roll_dialog import CampaignRollDialog

        self.dialog = CampaignRollDialog(option, self.window)
        if self.dialog.exec() == QDialog.Accepted:
            action = self.session.campaign_roll(option.variants[0][1], self.dialog.rolled_dice(),
                                                self.dialog.stated_facts())
            self.choose(action)
        self.dialog = None

    def print_forms(self) -> Path | None:
        from ardennes_qt.ui.printing.campaign_forms_pdf import export_campaign_forms_pdf

        session = self.session
        forms = session.campaign_forms()
        folder = session.file.parent if session.file is not None else Path.home()
        name = f"{forms[0].name} {session.content.scenario.id}.pdf".replace(" ", "_")
        path, _ = QFileDialog.getSaveFileName(self.window, f"Print the {forms[0].name}", str(folder / name),
                                              "PDF files (*.pdf)")
        if not path:
            return None
        heading = f"{session.system.schema().title} · {session.content.scenario.title}"
        try:
            written = export_campaign_forms_pdf(forms, path, heading)
        except OSError as exc:
            self.window.report_error("Cannot print", f"{path} could not be written.", str(exc))
            return None
        self.window.show_message(f"{forms[0].name} written to {written}")
        return written
