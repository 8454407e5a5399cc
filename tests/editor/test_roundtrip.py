"""The shipped Ardennes II in the editor: it opens, an edit undone leaves it unchanged
through a save and a reopen, and it exports back to scenarios/ byte for byte."""

from ardennes_qt.store.library import scenarios_root
from editor import files
from tests.editor.mouse import at_hex, click


def test_the_shipped_system_goes_through_the_editor_unchanged(shipped_editor, tmp_path):
    editor = shipped_editor
    assert list(editor.document.module.scenarios) == ["7.1", "7.2", "7.3", "7.4", "7.5", "7.6"]
    assert len(editor.canvas.setup.items) == 193  # 7.1's set-up, every counter on the map
    editor.canvas.zoom_to(0.8, "B1.16")
    editor.choose_tool("brush")
    click(editor, at_hex(editor, "B2.16"))
    assert editor.document.dirty
    editor.document.undo_stack.undo()
    path = editor.document.save(tmp_path / "ardennes2.ardmod")
    assert editor.open_path(path)
    assert files.export_to(editor, tmp_path / "ardennes2")
    shipped = scenarios_root() / "ardennes2"
    written = sorted(p.relative_to(tmp_path / "ardennes2").as_posix() for p in (tmp_path / "ardennes2").rglob("*.*"))
    assert written == sorted(["map/map.txt", "counters.csv", "formations.csv", "ooa.toml",
                              *(f"7.{n}.toml" for n in range(1, 7))])
    for name in written:
        assert (tmp_path / "ardennes2" / name).read_bytes() == (shipped / name).read_bytes(), name
    assert "Exported the text form" in editor.statusBar().currentMessage()
