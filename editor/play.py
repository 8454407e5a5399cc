"""Play this scenario: the table opens on a new game of a scenario as it stands in the
editor, with the module's house rules, in a window of its own."""

from __future__ import annotations

import random

from ardennes_qt.engine.session import Session
from ardennes_qt.store.editormodel import Module
from ardennes_qt.ui.table_window import TableWindow


def play(module: Module, scenario_id: str, seed: int | None = None, autosave: bool = True) -> TableWindow:
    session = Session(module.play_content(scenario_id), seed if seed is not None else random.randrange(1, 1_000_000))
    window = TableWindow(session, autosave=autosave, remember_layout=False)
    window.show()
    return window
