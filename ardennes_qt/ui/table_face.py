"""The table window as its parts see it: the game and its map view, a way to act and to
speak, the docks and menus they fill, and the few other parts they work with.

The parts (play, combat, line of sight, the campaign, the menus...) are made by the window
and given it; typed by this face rather than by the window's class, none of them imports
the window's module, and the window is free to import them all.  ``TableWindow`` is one,
a QMainWindow: the parts also parent their dialogs, docks and actions to it.  A game's own
plug-in gets less still (``table_plugins.TableContext``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QAction, QScreen
    from PySide6.QtWidgets import QDialog, QDockWidget, QLabel, QMenu

    from ardennes_qt.core.actions import Action
    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.history_actions import HistoryActions
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.phase_bar import PhaseBar
    from ardennes_qt.ui.rules_assistance import RulesAssistance
    from ardennes_qt.ui.unit_panel import UnitPanel

# The parts below take this face themselves: each is named by what the others use of it.


class MapMenuEntries(Protocol):
    """The map's right-click menu (``map_context_menu.MapContextMenu``)."""

    def add_provider(self, provider: Callable[[str, str], list[QAction]]) -> None: ...


class ClickMode(Protocol):
    def clear(self) -> None: ...


class PlayFace(Protocol):
    """The play controls (``play_controls.PlayControls``): Esc, and the move mode."""

    dismiss: QAction
    preview: ClickMode


class CombatFace(Protocol):
    """The combat controls (``combat_controls.CombatControls``)."""

    def open_overrun(self, units, target: str) -> QDialog: ...


class MenusFace(Protocol):
    """The table's menus (``table_menus.TableMenus``)."""

    def save(self) -> None: ...


class UnsavedFace(Protocol):
    """Asking before play not saved is lost (``unsaved_question.UnsavedQuestion``)."""

    def then(self, doing: str, go: Callable[[], None]) -> None: ...


class TableFace(Protocol):
    session: Session | None
    view: MapView | None
    docks: dict[str, QDockWidget]
    phase_bar: PhaseBar
    hover_label: QLabel
    assistance: RulesAssistance
    unit_panel: UnitPanel | None
    history: HistoryActions | None
    context_menu: MapMenuEntries | None
    play: PlayFace | None
    combat: CombatFace | None
    menus: MenusFace | None
    unsaved: UnsavedFace

    def menu(self, title: str) -> QMenu: ...

    def apply(self, action: Action, units: tuple[str, ...] = ()) -> bool: ...

    def show_message(self, text: str) -> None: ...

    def report_error(self, title: str, text: str, detail: str) -> None: ...

    def select_unit(self, unit_id: str | None) -> None: ...

    def set_session(self, session: Session) -> None: ...

    def open_game(self, path: str | Path) -> bool: ...

    def save_game(self, path: str | Path) -> bool: ...

    def fit_map(self) -> None: ...

    def whole_map(self) -> None: ...

    def show_about(self) -> None: ...

    # The window's own (QMainWindow's), which the parts place their docks and dialogs with.

    def close(self) -> bool: ...

    def addAction(self, action: QAction) -> None: ...

    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...

    def restoreDockWidget(self, dock: QDockWidget) -> bool: ...

    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget) -> None: ...

    def resizeDocks(self, docks: list[QDockWidget], sizes: list[int], orientation: Qt.Orientation) -> None: ...

    def frameGeometry(self) -> QRect: ...

    def screen(self) -> QScreen: ...
