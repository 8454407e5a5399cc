"""The table speaks a player's words: after a played turn of Ardennes II, no menu, log
heading or log line names a rule file ("series.toml"), a checklist mark ("M1") or a unit
by the program's id ("116Pz:156") rather than as its counter prints it; and an enemy unit
is not offered to be moved."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtWidgets import QMenu

from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.session import Session
from tests.gui.mouse import counter_point, hover
from tests.gui.play_table import right_click

PROGRAM_WORDS = re.compile(r"\.toml\b|\bM\d\b")
ID_LIKE = re.compile(r"[\w/+\-.]+:[\w/+\-.]*[\w/+\-]")


def program_words(session: Session, text: str) -> list[str]:
    ids = [m.group(0) for m in ID_LIKE.finditer(text) if m.group(0) in session.state.units]
    return [m.group(0) for m in PROGRAM_WORDS.finditer(text)] + ids


def menu_texts(menu: QMenu) -> list[str]:
    texts = []
    for action in menu.actions():
        texts += [action.text(), action.toolTip(), action.statusTip()]
        if action.menu() is not None:
            texts += menu_texts(action.menu())
    return texts


def log_texts(model, parent=None) -> list[str]:
    from PySide6.QtCore import QModelIndex

    parent = parent or QModelIndex()
    texts = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        texts += [index.data(), model.itemFromIndex(index).toolTip()]
        texts += log_texts(model, index)
    return texts


@pytest.fixture
def played(qtbot):
    """Ardennes II 7.1 with its first turn played (random legal choices), in German Movement of turn 2."""
    from ardennes_qt.ui.table_window import TableWindow

    session = Session.new("ardennes2/7.1", seed=5)
    RandomPlayer(random.Random(5)).play(session, until_turn=2)
    while session.state.phase != "ge_movement":
        session.apply(next(a for a in session.legal_actions() if a.kind == "end_phase"))
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.play.log_panel.model.rowCount() > 30)
    return window


def test_menus_and_the_log_of_a_played_turn_are_in_a_players_words(played):
    session = played.session
    texts = log_texts(played.play.log_panel.model)
    assert any(t.startswith("Turn 1 · ") and "attack" in t for t in texts)  # the turn's headings are there
    for menu in played.menuBar().findChildren(QMenu):
        texts += menu_texts(menu)
    german = next(u for u in session.units() if u.side == "German" and u.hex)
    played.view.zoom_to(1.0, german.hex)
    texts += menu_texts(right_click(played, unit_id=german.id))
    found = {text: words for text in texts if text and (words := program_words(session, text))}
    assert not found


def test_an_enemy_unit_is_not_offered_to_be_moved(played):
    session = played.session
    assert session.phase().acting == "German"
    allied = next(u for u in session.units() if u.side == "Allied" and u.hex and len(session.stack_at(u.hex)) == 1)
    played.view.zoom_to(1.0, allied.hex)
    hover(played, counter_point(played, allied.id))
    assert played.hover_label.text().startswith(allied.name)
    assert "drag to move" not in played.hover_label.text()
    texts = [a.text().replace("&", "") for a in right_click(played, unit_id=allied.id).actions()]
    assert not any(t.startswith("Move") for t in texts)

    german = next(u for u in session.units() if u.side == "German" and u.hex and len(session.stack_at(u.hex)) == 1)
    played.view.zoom_to(1.0, german.hex)
    hover(played, counter_point(played, german.id))
    assert "drag to move it" in played.hover_label.text()
    assert "Move This Unit…" in [a.text() for a in right_click(played, unit_id=german.id).actions()]


def test_the_view_menu_fits_the_play_area_by_that_name(played):
    view = next(m.menu() for m in played.menuBar().actions() if m.text() == "&View")
    texts = [a.text().replace("&", "") for a in view.actions()]
    assert "Fit Play Area" in texts and "Whole Map" in texts and "Fit Map" not in texts
