"""Whatever else the rules offer at a hex, in the map's context menu.

The table's own controls handle moving, placing, attacking, overruns, Decisions and Next
Phase; a game's plug-in may claim more kinds (its barrage dialog, its bridges).  Every other
family of legal actions about the hex, or the unit under the pointer (``Choices.about``),
is offered here: a family of one action as one entry in the rules' words, a larger one as a
submenu of its actions.  So a game's Reserve markers, mode changes, Greif Teams opening or
units leaving the map reach the player without the table knowing them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ardennes_qt.core.actions import Action
from ardennes_qt.ui.player_words import named, unit_name

if TYPE_CHECKING:
    from ardennes_qt.engine.session import Session

# The kinds the table's own controls handle.
TABLE_KINDS = frozenset({"move", "place", "attack", "overrun", "answer", "end_phase"})
MOST = 12  # actions shown of one family; a longer one is named with its count


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def in_words(session: Session, text: str, units: tuple[str, ...]) -> str:
    """The rules' words for an action, each unit it is about named as on its counter."""
    for uid in sorted(units, key=len, reverse=True):
        text = text.replace(uid, unit_name(session, uid))
    return sentence(named(session, text))


def rule_action_entries(session: Session, hex_id: str, unit_id: str, claimed: frozenset[str],
                        apply: Callable[[Action], bool], parent) -> list[QAction]:
    """The entries (a submenu's entry for a family of several actions) for this hex and unit."""
    entries: list[QAction] = []
    for family in session.choices():
        if family.kind in TABLE_KINDS or family.kind in claimed or not family.about(hex_id, unit_id):
            continue
        actions = family.actions()
        if not actions:
            continue
        if len(actions) == 1:
            entry = QAction(in_words(session, family.label, family.units), parent)
            entry.setToolTip(in_words(session, actions[0].describe(), family.units))
            entry.triggered.connect(lambda _=False, a=actions[0]: apply(a))
            entries.append(entry)
            continue
        menu = QMenu(in_words(session, family.label, family.units), parent)
        menu.setToolTipsVisible(True)
        for action in actions[:MOST]:
            item = menu.addAction(in_words(session, action.describe(), family.units))
            item.triggered.connect(lambda _=False, a=action: apply(a))
        if len(actions) > MOST:
            more = menu.addAction(f"… and {len(actions) - MOST} more")
            more.setEnabled(False)
        entries.append(menu.menuAction())
    return entries
