"""The table and hostile files: every way of opening a file comes to one error path (a
message naming the file, the game on the table unchanged); a game whose content was
changed outside the program is opened only when the player says so, as a physical table;
and a hostile game that opens is one the table can show."""

from __future__ import annotations

import argparse
import shutil
import sqlite3
from collections import Counter

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.engine.opening import open_file
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.gamefile import CHANGED_CONTENT, ContentChanged
from ardennes_qt.ui import file_questions
from ardennes_qt.ui.launch import first_session
from ardennes_qt.ui.rules_assistance import OFF
from tests.store.mutations import mutate_sqlite
from tests.store.test_hostile_files import saved_game, watchdog


def changed_save(tmp_path, free_content):
    session = Session(free_content, seed=3)
    session.apply(MoveUnits(("1Pz:I/1",), "B5.05", free=True))
    path = tmp_path / "changed.ardennes"
    session.save(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE map_places SET vp = 9")
    conn.commit()
    conn.close()
    return path


def test_a_changed_game_is_opened_only_if_the_player_says_so_and_then_as_a_physical_table(table, tmp_path, free_content,
                                                                                         monkeypatch):
    path = changed_save(tmp_path, free_content)
    asked = []
    monkeypatch.setattr(file_questions, "open_changed_anyway", lambda parent, p, error: asked.append(error) or False)
    before = table.session
    assert not table.open_game(path)
    assert table.session is before and len(asked) == 1 and "changed.ardennes" in str(asked[0])
    monkeypatch.setattr(file_questions, "open_changed_anyway", lambda parent, p, error: True)
    assert table.open_game(path)
    assert table.session.physical_table and CHANGED_CONTENT in table.session.warnings
    assert table.assistance.mode == OFF
    assert table.session.unit("1Pz:I/1").hex == "B5.05"


def test_the_question_about_a_changed_game_names_it_and_what_opening_it_means(qapp, tmp_path, free_content):
    path = changed_save(tmp_path, free_content)
    try:
        open_file(path)
    except ContentChanged as error:
        box = file_questions.changed_content_box(None, path, error)
    assert "changed.ardennes is not as ardennes-qt saved it" in box.text()
    assert "physical table" in box.informativeText() and "changed outside ardennes-qt" in box.informativeText()
    assert box.defaultButton().text() == "Cancel"


def test_a_game_file_dropped_on_the_window_opens_as_file_open_does(table, tmp_path, free_content):
    session = Session(free_content, seed=3)
    session.apply(MoveUnits(("1Pz:I/1",), "A5.04", free=True))
    path = tmp_path / "dropped.ardennes"
    session.save(path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    table.dropEvent(QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert table.session.file == path and table.session.unit("1Pz:I/1").hex == "A5.04"
    broken = tmp_path / "broken.ardennes"
    broken.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    mime.setUrls([QUrl.fromLocalFile(str(broken))])
    table.dropEvent(QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert table.session.file == path and "broken.ardennes could not be opened" in table.message_box.text()


def test_the_command_line_opens_a_broken_file_as_a_message_not_a_traceback(qapp, tmp_path):
    broken = tmp_path / "broken.ardennes"
    saved_game(broken)
    conn = sqlite3.connect(broken)
    conn.execute("UPDATE meta SET value = 'scs sheets=A,B columns=100000 rows=0-54' WHERE key = 'map_numbering'")
    conn.commit()
    conn.close()
    args = argparse.Namespace(savefile=str(broken), scenario=None, seed=1, screenshot="x.png", autoplay=None)
    session, error = first_session(args, "ardennes2/7.4")
    assert session.content.scenario.key == "ardennes2/7.4"
    assert "broken.ardennes" in error and "outside what the program opens" in error


def test_a_hostile_game_that_opens_is_one_the_table_shows(qtbot, tmp_path):
    from ardennes_qt.ui.table_window import TableWindow

    base = tmp_path / "base.ardennes"
    saved_game(base)
    outcomes: Counter = Counter()
    for n in range(5000, 5040):
        path = tmp_path / f"mutant-{n}.ardennes"
        shutil.copyfile(base, path)
        done = f"mutation {n} ({mutate_sqlite(path, n)})"
        try:
            try:
                session = open_file(path)
            except ContentChanged:
                session = open_file(path, accept_changed_content=True)
        except ContentError:
            outcomes["refused"] += 1
            continue
        try:
            with watchdog(done):
                window = TableWindow(session, autosave=False, remember_layout=False)
                window.show()
                qtbot.wait(1)
                window.close()
                window.deleteLater()
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
        outcomes["shown"] += 1
    print(f"\nhostile games on the table, 40 mutations: {dict(outcomes)}")


def test_a_game_opened_at_its_position_shows_its_log_once_the_replay_in_the_background_is_done(qtbot, table, tmp_path,
                                                                                             free_content):
    from ardennes_qt.ui.log_panel import CHECKING

    session = Session(free_content, seed=3)
    for hex_id in ("A5.04", "A5.05", "A4.04"):
        session.apply(MoveUnits(("1Pz:I/1",), hex_id, free=True))
    path = tmp_path / "played.ardennes"
    session.save(path)
    assert table.open_game(path)
    log = table.play.log_panel
    assert table.session.history_pending and log.lines_shown() == [CHECKING]
    table.move_units(("1ID:A/1",), "A1.03")  # play goes on meanwhile
    qtbot.waitUntil(lambda: not table.history_check.busy, timeout=20_000)
    assert not table.session.history_pending
    assert len([text for text in log.lines_shown() if text.startswith("Turn")]) == 4
    table.history.undo.trigger()
    table.history.undo.trigger()
    assert table.session.unit("1Pz:I/1").hex == "A5.05"


def test_a_game_whose_scenario_text_is_broken_is_listed_by_name_saying_why_and_the_others_still_are(qapp, tmp_path,
                                                                                                  monkeypatch):
    from pathlib import Path

    from ardennes_qt.store.library import list_scenarios
    from ardennes_qt.ui.scenario_chooser import brief_html

    shipped = Path(__file__).resolve().parents[2] / "scenarios" / "ardennes2"
    shutil.copytree(shipped, tmp_path / "ardennes2")
    shutil.copytree(shipped, tmp_path / "broken")  # its scenario files say they are ardennes2's
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(tmp_path))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    listed = dict(list_scenarios())
    assert "ardennes2/7.1" in listed and listed["broken/"] == "broken: its scenarios cannot be read"
    assert "does not belong in broken/" in brief_html("broken/")
