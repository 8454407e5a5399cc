"""Modules changed in hostile ways that the store opens are shown by the editor - the
window built, every tab and every scenario shown, each scenario's play started - without
an exception: what opens is what the editor can work on (the store's fuzzer,
tests/store/test_hostile_files.py, covers opening them)."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.store.editorfile import read_module
from ardennes_qt.store.errors import ContentError
from editor.document import EditorDocument
from tests.store.mutations import mutate_sqlite
from tests.store.test_hostile_files import module_file, watchdog


def show_module(qtbot, document: EditorDocument, done: str) -> None:
    from editor.editor_window import EditorWindow

    module = document.module
    with watchdog(done):
        window = EditorWindow(document)
        try:
            window.resize(900, 600)
            window.show()
            for tab in ("map", "counters", "scenarios", "rules"):
                window.show_tab(tab)
                qtbot.wait(1)
            for scenario_id in module.scenarios:
                window.show_scenario(scenario_id)
                qtbot.wait(1)
                try:
                    Session(module.play_content(scenario_id), seed=1)
                except ContentError:
                    pass  # the editor says why it cannot play it
        finally:
            window.document.undo_stack.setClean()
            window.close()
            window.deleteLater()


def test_a_hostile_module_the_store_opens_is_one_the_editor_shows(qtbot, tmp_path):
    base = tmp_path / "base.ardmod"
    module_file(base)
    outcomes: Counter = Counter()
    for n in range(4000, 4080):
        path = tmp_path / f"mutant-{n}.ardmod"
        shutil.copyfile(base, path)
        done = f"mutation {n} ({mutate_sqlite(path, n)})"
        try:
            document = EditorDocument.open(path, autosave=False)  # as File > Open does
        except ContentError:
            outcomes["refused"] += 1
            continue
        try:
            show_module(qtbot, document, done)
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
        outcomes["shown"] += 1
    print(f"\nmodules shown by the editor, 80 mutations: {dict(outcomes)}")


@pytest.mark.parametrize("change", [
    "UPDATE backdrop SET opacity = 1e9",
    "UPDATE backdrop SET calibration = '[[0, 0, \"A1.01\"], [1, 1, \"A2.01\"], [2, 2, \"A1.01\"]]'",
    "UPDATE backdrop SET calibration = '[[0, 0, \"Z99.99\"], [1, 0, \"A3.01\"], [0, 1, \"A1.03\"]]'",
    "UPDATE backdrop SET width = 0",
    "UPDATE vector_layers SET points = '[[1e400, 0], [1, 1]]'",
    "UPDATE vector_layers SET share = 7",
    "UPDATE vector_layers SET output = '[\"A99.99\"]'",
])
def test_values_the_window_failed_on_are_refused_when_the_module_is_opened(tmp_path, change):
    import sqlite3

    path = tmp_path / "m.ardmod"
    module_file(path)
    conn = sqlite3.connect(path)
    conn.execute(change)
    conn.commit()
    conn.close()
    with pytest.raises(ContentError, match="m.ardmod"):
        read_module(path)


def test_a_module_dropped_on_the_window_opens_as_file_open_does(editor, tmp_path):
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDropEvent

    path = tmp_path / "dropped.ardmod"
    module_file(path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    editor.dropEvent(QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert editor.document.path == path and "second" in editor.document.module.scenarios
    broken = tmp_path / "broken.ardmod"
    broken.write_text("not a module")
    mime.setUrls([QUrl.fromLocalFile(str(broken))])
    editor.dropEvent(QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert editor.document.path == path and "broken.ardmod could not be opened" in editor.message_box.text()
