"""Blowing bridges from the map (3.8): right-click a bridge's hex or its plunger's hex and
the menu offers each US unit that may try now, or says why none may (the plunger already
Blown or Tested, no US unit within 2 hexes, Germans on the bridge, a Bug Out waiting...).
The roll, and the Blown or Tested marker, are the engine's; the menu only asks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from ardennes_qt.ui.decision_words import rule_action
from ardennes_qt.ui.map_context_menu import disabled

if TYPE_CHECKING:
    from ardennes_qt.ui.table_plugins import TableContext


def bridge_entries(window: TableContext, hex_id: str, unit_id: str) -> list[QAction]:
    session = window.session
    entries = []
    for plunger, status in session.plungers_at(hex_id).items():
        where = session.map.hex_id(session.map.plungers[plunger])
        what = f"Blow the bridges of plunger {plunger} ({where})"
        if status != "primed":
            entries.append(disabled(what, f"already marked {status.capitalize()}: one attempt per game (3.8)", window.widget))
            continue
        able, why = session.bridge_blowers(plunger)
        if not able:
            entries.append(disabled(what, "; ".join(why), window.widget))
            continue
        if unit_id in able:
            able = (unit_id,) + tuple(u for u in able if u != unit_id)
        for unit in able:
            action = QAction(f"{what} with {session.unit(unit).name}", window.widget)
            action.setToolTip("One roll on the Bridge Blowing Table for every bridge of the plunger (the log "
                              "names the table and its standing); the unit moves no further this phase (3.8)")
            action.triggered.connect(lambda _=False, p=plunger, u=unit: window.apply(rule_action("blow_bridge", system=session.content.system, plunger=p, unit=u)))
            entries.append(action)
    return entries
