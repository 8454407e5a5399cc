"""The editor writes recovery files and settings under the user's folders: point those at
a scratch folder so the tests never touch a real user's files."""

import os
import tempfile

_scratch = tempfile.mkdtemp(prefix="ardennes-qt-editor-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_scratch, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_scratch, "config")

import pytest  # noqa: E402  (after the environment above is set)

from tests.editor.modules import shipped_module, small_module  # noqa: E402


@pytest.fixture
def document(qtbot):
    from editor.document import EditorDocument

    return EditorDocument(small_module())


@pytest.fixture
def editor(qtbot, document):
    """The editor window on the small two-sheet test module, shown."""
    from editor.editor_window import EditorWindow

    window = EditorWindow(document)  # closed below, not by qtbot: it would ask about unsaved edits
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.canvas.zoom_to(1.0, "A3.03")
    yield window
    window.document.undo_stack.setClean()  # no "save your edits?" question at the end of a test
    window.close()
    window.deleteLater()


@pytest.fixture
def shipped_editor(qtbot):
    """The editor window on the shipped Ardennes II module, shown."""
    from editor.document import EditorDocument
    from editor.editor_window import EditorWindow

    window = EditorWindow(EditorDocument(shipped_module(), autosave=False))
    window.resize(1400, 900)
    window.play_autosave = False  # the table's autosave file belongs to the table's own tests
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.document.undo_stack.setClean()
    for table in window.table_windows:
        table.close()
        table.deleteLater()
    window.close()
    window.deleteLater()


@pytest.fixture
def kgp_editor(qtbot):
    """The editor window on the shipped Kampfgruppe Peiper module (a map with hills), shown."""
    from editor.document import EditorDocument
    from editor.editor_window import EditorWindow

    window = EditorWindow(EditorDocument(shipped_module("asl_kgp"), autosave=False))
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.canvas.zoom_to(1.0, "StJ19")
    yield window
    window.document.undo_stack.setClean()
    window.close()
    window.deleteLater()
