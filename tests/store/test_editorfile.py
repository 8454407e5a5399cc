"""The editor's file: a module survives saving and reading whole, autosave syncs keep the
recovery copy equal to the module, bad files are refused with a message, old schemas
are migrated without touching the file."""

import sqlite3
from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import HexRecord, Place
from ardennes_qt.store import editorfile
from ardennes_qt.store.editorautosave import ModuleAutosave
from ardennes_qt.store.editorfile import is_module_file, read_module, write_module
from ardennes_qt.store.editormodel import Backdrop, VectorLayer
from ardennes_qt.store.editormodel import FORMAT
from ardennes_qt.store.errors import ContentError, NotASaveFile
from ardennes_qt.store.migrations import FileFormat
from tests.editor.modules import shipped_module, small_module

FIELDS = ("system", "map", "formations", "counters", "scenarios", "ooa", "ooa_notes", "layers", "backdrop",
          "house_rules", "provenance", "sources")


def same(a, b) -> None:
    for name in FIELDS:
        assert getattr(a, name) == getattr(b, name), name


@pytest.fixture(scope="module")
def shipped():
    return shipped_module()


def test_the_shipped_module_survives_a_save_and_a_read_unchanged(shipped, tmp_path):
    write_module(tmp_path / "ardennes2.ardmod", shipped)
    back = read_module(tmp_path / "ardennes2.ardmod")
    same(back, shipped)
    assert list(back.scenarios) == ["7.1", "7.2", "7.3", "7.4", "7.5", "7.6"]
    assert back.formations["CW-Ind"].aliases == ("British",)


def test_what_the_editor_adds_is_kept(tmp_path):
    module = small_module()
    module.layers["river 1"] = VectorLayer("river 1", "polyline", "river", ((1.0, 2.0), (5.5, 3.25)), label="Our",
                                           output=("A2.03 N",))
    module.backdrop["backdrop"] = Backdrop("scan.png", b"\x89PNG not really", 1200, 900,
                                           ((10.0, 20.0, "A1.01"), (500.0, 20.0, "A6.01"), (10.0, 700.0, "A1.06")),
                                           opacity=0.35, visible=False)
    module.house_rules[("map", "crt")] = "columns = []\n"
    module.provenance["test/setup/1ID:A/1"] = "user"
    write_module(tmp_path / "m.ardmod", module)
    same(read_module(tmp_path / "m.ardmod"), module)


def test_autosave_syncs_only_what_changed_and_reads_back_equal(tmp_path):
    module = small_module()
    autosave = ModuleAutosave(tmp_path / "recovery.ardmod", module)
    m = module.map
    woods = m.parse("A4.04")
    m.hexes[woods] = HexRecord(frozenset({"forest"}), "user")
    del m.hexes[m.parse("A2.03")]
    del m.places[m.parse("A3.03")]
    m.places[m.parse("B1.01")] = Place("Newtown", 3, "user")
    stream = Hexside.between(m.parse("A2.03"), m.parse("A2.04"))
    del m.hexsides[stream]
    module.counters["1ID:A/1"] = replace(module.counters["1ID:A/1"], designation="A/1X")
    autosave.sync(module, {"hexes": {woods, m.parse("A2.03")}, "places": {m.parse("A3.03"), m.parse("B1.01")},
                           "hexsides": {stream}, "counters": None})
    autosave.close()
    same(read_module(tmp_path / "recovery.ardmod"), module)


def test_a_save_replaces_the_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "m.ardmod"
    module = small_module()
    write_module(path, module)

    def broken(db, module):
        raise OSError("disk full")

    monkeypatch.setattr(editorfile, "_write_all", broken)
    changed = small_module()
    changed.map.title = "Changed"
    with pytest.raises(OSError):
        write_module(path, changed)
    assert read_module(path).map.title == "Small test map"
    assert [p.name for p in tmp_path.iterdir()] == ["m.ardmod"]


def test_files_that_are_not_modules_are_refused_with_a_reason(tmp_path):
    text = tmp_path / "notes.ardmod"
    text.write_text("hello")
    with pytest.raises(NotASaveFile, match="not an SQLite database"):
        read_module(text)
    other = tmp_path / "other.ardmod"
    sqlite3.connect(other).execute("create table t (x)").connection.commit()
    with pytest.raises(NotASaveFile, match="not an ardennes-qt module"):
        read_module(other)
    assert not is_module_file(text) and not is_module_file(other)
    with pytest.raises(NotASaveFile, match="no such file"):
        read_module(tmp_path / "missing.ardmod")


def test_a_newer_or_damaged_module_is_refused(tmp_path):
    path = tmp_path / "m.ardmod"
    write_module(path, small_module())
    db = sqlite3.connect(path)
    db.execute("update meta set value = '99' where key = 'schema'")
    db.commit()
    db.close()
    with pytest.raises(NotASaveFile, match="newer version"):
        read_module(path)
    write_module(path, small_module())
    db = sqlite3.connect(path)
    db.execute("drop table scenarios")
    db.commit()
    db.close()
    with pytest.raises(ContentError, match="lacks the table"):
        read_module(path)


def test_an_older_schema_is_migrated_in_memory_and_the_file_is_left_alone(tmp_path, monkeypatch):
    path = tmp_path / "m.ardmod"
    write_module(path, small_module())
    db = sqlite3.connect(path)
    db.execute("update meta set value = '1' where key = 'schema'")
    db.execute("update map_places set name = 'Old name'")
    db.commit()
    db.close()
    before = path.read_bytes()

    def rename_places(db):
        db.execute("update map_places set name = 'Testville'")

    monkeypatch.setattr(editorfile, "FILE_FORMAT", FileFormat(FORMAT, "module", current=2, oldest=1, steps={1: rename_places}))
    module = read_module(path)
    assert [p.name for p in module.map.places.values()] == ["Testville"]
    assert path.read_bytes() == before
    with pytest.raises(ValueError, match="no step from version"):
        FileFormat(FORMAT, "module", current=2, oldest=1)
    monkeypatch.setattr(editorfile, "FILE_FORMAT", FileFormat(FORMAT, "module", current=2, oldest=2))
    with pytest.raises(NotASaveFile, match="older than any"):
        read_module(path)
