"""A scenario's own VP values kept by every store: the text form (written, read back, bad
values refused with the file and line), a content database (older ones without them
still read), the editor's module file and its autosave."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
import sqlite_utils

from ardennes_qt.store.contentdb import read_content, set_meta, write_content
from ardennes_qt.store.contenttext import module_from_folder, write_folder
from ardennes_qt.store.editorautosave import ModuleAutosave
from ardennes_qt.store.editorfile import read_module, write_module
from ardennes_qt.store.errors import ContentError
from tests.editor.modules import shipped_module
from tests.store.test_scenariotext import SCENARIO, SHEETS, load_system, write_system


@pytest.fixture(scope="module")
def module():
    module = shipped_module()
    m = module.map
    s = module.scenarios["7.4"]
    module.scenarios["7.4"] = replace(s, vp_overrides={m.parse("B1.16"): 7, m.parse("B4.23"): 0, m.parse("B2.16"): 1})
    return module


def test_the_text_form_writes_them_and_reads_them_back(module, tmp_path):
    write_folder(module, tmp_path / "ardennes2")
    text = (tmp_path / "ardennes2" / "7.4.toml").read_text(encoding="utf-8")
    assert '[vp_overrides]\n"B1.16" = 7\n"B2.16" = 1\n"B4.23" = 0\n' in text
    back = module_from_folder(tmp_path / "ardennes2")
    assert back.scenarios["7.4"].vp_overrides == module.scenarios["7.4"].vp_overrides
    assert all(not s.vp_overrides for sid, s in back.scenarios.items() if sid != "7.4")


def test_an_inline_table_reads_the_same(tmp_path):
    scenario = SCENARIO.replace('notes = ["a decision"]', 'notes = ["a decision"]\nvp_overrides = { "B1.40" = 2 }')
    s = load_system(write_system(tmp_path / "ardennes2", scenario=scenario), SHEETS).scenarios["9.1"]
    assert s.vp_overrides == {SHEETS.parse("B1.40"): 2}


@pytest.mark.parametrize(
    "entry, complaint",
    [
        ('"B99.40" = 2', "vp_overrides: 'B99.40': column 99 is outside 1-40"),
        ('"B1.40" = -1', "vp_overrides B1.40 = -1: a VP value is a whole number, 0 or more"),
        ('"B1.40" = "two"', "vp_overrides B1.40 = 'two'"),
    ],
)
def test_a_hex_off_the_map_or_a_bad_value_is_refused_with_its_line(tmp_path, entry, complaint):
    scenario = SCENARIO.replace("[text]", f"[vp_overrides]\n{entry}\n\n[text]")
    with pytest.raises(ContentError) as info:
        load_system(write_system(tmp_path / "ardennes2", scenario=scenario), SHEETS)
    line = next(n for n, text in enumerate(scenario.splitlines(), start=1) if text == entry)
    assert complaint in str(info.value) and info.value.where == f"9.1.toml, line {line}"


def test_a_content_database_keeps_them_and_an_older_one_has_none(module, tmp_path):
    content = module.play_content("7.4")
    db = sqlite_utils.Database(tmp_path / "c.sqlite")
    write_content(db, content)
    back = read_content(db)
    assert back.scenario.vp_overrides == content.scenario.vp_overrides
    assert back.map.places == content.map.places
    assert back.map.places[back.map.parse("B1.16")].vp == 7
    header = json.loads(db["meta"].get("scenario")["value"])
    del header["vp_overrides"]  # as a database written before scenarios had VP values
    set_meta(db, {"scenario": json.dumps(header)})
    assert read_content(db).scenario.vp_overrides == {}


def test_the_module_file_and_its_autosave_keep_them(module, tmp_path):
    write_module(tmp_path / "m.ardmod", module)
    assert read_module(tmp_path / "m.ardmod").scenarios["7.4"].vp_overrides == module.scenarios["7.4"].vp_overrides
    fresh = shipped_module()
    autosave = ModuleAutosave(tmp_path / "recovery.ardmod", fresh)
    fresh.scenarios["7.4"] = module.scenarios["7.4"]
    autosave.sync(fresh, {"scenarios": None})
    autosave.close()
    assert read_module(tmp_path / "recovery.ardmod").scenarios["7.4"].vp_overrides[fresh.map.parse("B2.16")] == 1
