"""A module to and from the text form under scenarios/: the shipped system comes back
byte for byte, and what the writers generate reads back to the same content."""

from dataclasses import replace
from pathlib import Path

import pytest

from ardennes_qt.store.contenttext import canonical_texts, left_out, module_from_folder, module_texts, write_folder
from ardennes_qt.store.editorfile import read_module, write_module
from ardennes_qt.store.editormodel import VectorLayer
from ardennes_qt.store.library import scenarios_root
from tests.editor.modules import shipped_module

SHIPPED = scenarios_root() / "ardennes2"


@pytest.fixture(scope="module")
def shipped():
    return shipped_module()


def written(module, folder: Path) -> dict[str, bytes]:
    write_folder(module, folder)
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_shipped_system_exports_byte_identical_after_a_save_and_reopen(shipped, tmp_path):
    write_module(tmp_path / "a2.ardmod", shipped)
    files = written(read_module(tmp_path / "a2.ardmod"), tmp_path / "ardennes2")
    assert set(files) == {"map/map.txt", "counters.csv", "formations.csv", "ooa.toml",
                          *(f"7.{n}.toml" for n in range(1, 7))}
    for name, data in files.items():
        assert data == (SHIPPED / name).read_bytes(), name


def test_generated_text_reads_back_to_the_same_content(shipped, tmp_path):
    folder = tmp_path / "ardennes2"
    for name, text in canonical_texts(shipped).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    back = module_from_folder(folder)
    assert back.map == shipped.map
    assert back.counters == shipped.counters and back.formations == shipped.formations
    assert back.ooa == shipped.ooa
    assert back.scenarios == shipped.scenarios  # set-ups in order, arrivals, borrowed set-up of 7.2


def test_an_edited_scenario_is_written_in_the_listing_grammar_and_the_rest_stays_as_it_was(shipped, tmp_path):
    module = shipped_module()
    s = module.scenarios["7.3"]
    moved = [replace(p, hex=module.map.parse("B20.40"), dg=True) if p.counter == "2ID:A/9" else p for p in s.placements]
    module.scenarios["7.3"] = replace(s, placements=moved)
    files = written(module, tmp_path / "ardennes2")
    assert b"B20.40: 3-5-10 Inf Bn(+) (A/9) (DG)" in files["7.3.toml"]
    assert files["7.3.toml"] != (SHIPPED / "7.3.toml").read_bytes()
    for name in ("7.1.toml", "ooa.toml", "counters.csv", "map/map.txt"):
        assert files[name] == (SHIPPED / name).read_bytes()
    back = module_from_folder(tmp_path / "ardennes2")
    assert back.scenarios["7.3"].placements == moved


def test_a_scenario_that_no_longer_matches_its_borrowed_set_up_gets_its_own(shipped, tmp_path):
    module = shipped_module()
    s = module.scenarios["7.2"]
    extra = replace(s.placements[0], hex=module.map.parse("B2.10"))  # a unit of 7.1's set-up moved
    module.scenarios["7.2"] = replace(s, placements=[extra, *s.placements[1:]])
    text = module_texts(module)["7.2.toml"]
    assert "setup_from" not in text and "[setup.Allied]" in text
    (tmp_path / "ardennes2").mkdir()
    write_folder(module, tmp_path / "ardennes2")
    back = module_from_folder(tmp_path / "ardennes2").scenarios["7.2"].placements
    assert extra in back and sorted(back, key=str) == sorted(module.scenarios["7.2"].placements, key=str)


def test_what_the_text_form_cannot_hold_is_named(shipped):
    module = shipped_module()
    assert left_out(module) == []
    module.layers["forest 1"] = VectorLayer("forest 1", "polygon", "forest")
    module.house_rules[("map", "crt")] = "x = 1\n"
    module.scenarios["7.1"].options["barrage_removal"] = "pre_turn"
    said = " / ".join(left_out(module))
    assert "1 vector layer" in said and "house-rule tables" in said and "7.1's rule options (barrage_removal)" in said


def test_a_printed_value_changed_in_the_editor_stays_marked_after_the_text_form(shipped, tmp_path):
    from ardennes_qt.store.editorcounters import edit_counter, with_source

    module = shipped_module()
    module.counters["2ID:A/9"] = edit_counter(module.counters["2ID:A/9"], "full", "4-5-10")
    module.counters["US-Ind:406"] = with_source(module.counters["US-Ind:406"], "full", "estimated")
    files = written(module, tmp_path / "ardennes2")
    header = files["counters.csv"].decode().splitlines()[0]
    assert header.endswith("exploit_source,full_source,notes")
    back = module_from_folder(tmp_path / "ardennes2").counters
    assert str(back["2ID:A/9"].full) == "4-5-10" and back["2ID:A/9"].source_of("full") == "user"
    assert back["US-Ind:406"].source_of("full") == "estimated"
    assert back["2ID:B/9"].source_of("full") == "rule"
