"""What a game adds to the table (its dialogs, menu entries and map clicks), found through the
``ardennes_qt.table`` entry-point group: one entry per game id, naming a ``TablePlugin``
class.  A plug-in is given a narrow ``TableContext`` - the game on the table, its map view,
a way to act and to speak, a way to show a dialog beside the map - never the window itself.
A game with no plug-in gets the table's own controls only.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Callable, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from ardennes_qt.core.actions import Action

if TYPE_CHECKING:
    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.map_view import MapView

GROUP = "ardennes_qt.table"


@dataclass(frozen=True)
class MenuEntry:
    """An entry of the Game menu: its words, what it does, its keys and its tip."""

    text: str
    slot: Callable[[], object]
    keys: str = ""
    tip: str = ""


class TableContext:
    """What a plug-in may use of the table."""

    def __init__(self, widget: QWidget, session: Callable[[], Session], view: Callable[[], MapView],
                 apply: Callable[[Action], bool], show_message: Callable[[str], None],
                 show_dialog: Callable[[QWidget, str], QWidget], dismiss: Callable[[QWidget | None], None],
                 selected_unit: Callable[[], str]) -> None:
        self.widget = widget  # the parent of a plug-in's dialogs and actions
        self._session, self._view = session, view
        self.selected_unit = selected_unit  # the unit the player has picked ("" for none)
        self.apply = apply  # an action through the rules; False (with the reason shown) when refused
        self.show_message = show_message
        self.show_dialog = show_dialog  # a dialog beside the map, keeping a hex in sight
        self.dismiss = dismiss  # a dialog put away, its marks off the map

    @property
    def session(self) -> Session:
        return self._session()

    @property
    def view(self) -> MapView:
        return self._view()


class TablePlugin(Protocol):
    # The kinds of legal-action families (``core.system.Choices.kind``) the plug-in offers
    # itself; the map's menu offers the others it is not built for (``ui.rule_actions_menu``).
    kinds: frozenset[str]

    def game_entries(self) -> list[MenuEntry]:
        """Entries of the Game menu."""
        ...

    def context_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        """Entries of the map's right-click menu for a hex (and the unit under the pointer)."""
        ...

    def attach(self, view: MapView) -> None:
        """A new map view (a new game on the table)."""
        ...

    def close(self) -> None:
        """The plug-in is put away: its dialogs and marks too."""
        ...


def table_plugin(system: str, context: TableContext) -> TablePlugin | None:
    """The plug-in of a game, made for this table; None for a game without one."""
    entry = next((ep for ep in entry_points(group=GROUP) if ep.name == system), None)
    return entry.load()(context) if entry is not None else None
