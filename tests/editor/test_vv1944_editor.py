"""Ardennes 1944 (Vae Victis) in the editor: the shipped module opens, its counters' own values
edit by kind, the scenario tab reads its set-up and support pools in words, the game's own
checks, and the module through a save, a reopen and the text form unchanged."""

import tomllib
from dataclasses import replace
from importlib import import_module
from pathlib import Path

import pytest

from ardennes_qt.core.scenario import Placement
from ardennes_qt.store.contenttext import module_from_folder, module_texts
from ardennes_qt.store.editorfile import read_module, write_module
from ardennes_qt.store.library import scenarios_root
from editor import plugins
from editor.panels.scenario_tab import ScenarioTab
from editor.systems.vv1944 import PLUGIN
from editor.validation import ERROR, WARNING, check_module
from tests.editor.modules import shipped_module

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "vv1944"


@pytest.fixture
def vv_checks(monkeypatch):
    """The plug-in as the installed program finds it, by its entry point."""
    monkeypatch.setitem(plugins._LOADED, SYSTEM, PLUGIN)


@pytest.fixture
def vv_editor(qtbot, vv_checks):
    from editor.document import EditorDocument
    from editor.editor_window import EditorWindow

    window = EditorWindow(EditorDocument(shipped_module(SYSTEM), autosave=False))
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.document.undo_stack.setClean()
    window.close()
    window.deleteLater()


def test_the_plug_in_is_registered_as_the_other_games_are():
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)
    module, name = project["project"]["entry-points"][plugins.GROUP][SYSTEM].split(":")
    assert getattr(import_module(module), name) is PLUGIN
    forbidden = [c for c in project["tool"]["importlinter"]["contracts"] if "outside a game's own" in c["name"]][0]
    assert "editor.systems.vv1944" in forbidden["forbidden_modules"]


def cell(tab, counter_id, field):
    column = [f for f, _ in tab.model.fields].index(field)
    return tab.model.index(tab.model.ids.index(counter_id), column)


def test_the_counters_tab_edits_the_games_own_values_by_kind(vv_editor):
    editor = vv_editor
    editor.show_tab("counters")
    tab = editor.counters_tab
    tab.select_formation("V")  # a corps: its HQ stands under it
    assert "HQ:V" in tab.model.ids
    tab.select_formation("9DI")
    assert cell(tab, "9DI", "strength").data() == "12"
    assert cell(tab, "9DI", "strength").data(3).startswith("Estimated")
    assert tab.model.setData(cell(tab, "9DI", "strength"), "9")
    counter = editor.document.module.counters["9DI"]
    assert counter.value("strength") == 9 and counter.provenance["strength"] == "user"
    assert not tab.model.setData(cell(tab, "9DI", "strength"), "nine")  # an int column takes a number
    tab.select_formation("V")
    assert tab.model.setData(cell(tab, "HQ:V", "c3i"), "A")
    assert editor.document.module.counters["HQ:V"].value("c3i") == "A"
    assert not tab.model.setData(cell(tab, "HQ:V", "c3i"), "AB")  # a letter column takes one letter
    editor.document.undo_stack.undo()
    assert editor.document.module.counters["HQ:V"].value("c3i") == "B"


def test_the_scenario_tab_reads_the_setup_and_support_pools_in_words(vv_editor):
    tab = vv_editor.findChild(ScenarioTab)
    vv_editor.show_tab("scenarios")
    text = tab.section_text.toPlainText()
    assert "[[" not in text and '= "' not in text
    assert "2615 and 2715" in text and "Divisions placed over two hexes" in text
    assert "in Improved Positions (IP): 102nd Cav Group" in text
    assert "Support markers at the start (1.6):" in text and "US 1st Army: 2 artillery, 2 tank" in text


def test_the_shipped_module_is_clean_and_the_games_rules_are_checked(vv_checks):
    module = shipped_module(SYSTEM)
    assert check_module(module) == []
    counters = module.counters
    counters["9DI"] = replace(counters["9DI"], values={**counters["9DI"].values, "strength": 10})
    counters["HQ:V"] = replace(counters["HQ:V"], values={k: v for k, v in counters["HQ:V"].values.items()
                                                         if k not in ("c3i", "support")})
    f = module.formations["V"]
    module.formations["V"] = replace(f, values={**f.values, "hq": "HQ:nobody"})
    s = module.scenarios["17.1"]
    split = [dict(e) for e in s.extras["setup_split"]]
    split[0]["hexes"] = ["2615", "9999"]
    crowd = [Placement(c, s.placements[0].hex) for c in ("9DI", "2DI")]
    module.scenarios["17.1"] = replace(s, placements=s.placements + crowd, extras={**s.extras, "setup_split": split})
    found = {(p.severity, p.message) for p in check_module(module)}
    assert (WARNING, "9th DI (9DI) has strength 10 for 4 steps: 3 a step is 12 (1.2). Mark the strength printed "
                     "if the counter prints it so.") in found
    assert (ERROR, "HQ Vth Corps (HQ:V) is an HQ with C3I '': an HQ's C3I is A, B or C (9.5).") in found
    assert (ERROR, "HQ Vth Corps (HQ:V) is an HQ with no support rating (1.6).") in found
    assert (ERROR, "Vth Corps's HQ HQ:nobody is not a counter of the module.") in found
    assert any(sev == ERROR and "9999, which is not on the map" in m for sev, m in found)
    assert any(sev == WARNING and m.startswith("Scenario 17.1: 2501 holds") for sev, m in found)
    printed = replace(counters["9DI"], provenance={**counters["9DI"].provenance, "strength": "printed"})
    counters["9DI"] = printed
    assert not any("(9DI) has strength" in p.message for p in check_module(module))


def test_a_save_a_reopen_and_the_text_form_keep_everything(tmp_path, vv_checks):
    module = module_from_folder(scenarios_root() / SYSTEM)
    write_module(tmp_path / "vv.ardmod", module)
    back = read_module(tmp_path / "vv.ardmod")
    assert back.counters == module.counters and back.formations == module.formations
    assert {k: (c.values, c.provenance) for k, c in back.counters.items()} == \
           {k: (c.values, c.provenance) for k, c in module.counters.items()}
    assert back.scenarios == module.scenarios and back.ooa == module.ooa
    assert [s.extras for s in back.scenarios.values()] == [s.extras for s in module.scenarios.values()]
    texts = module_texts(back)
    folder = scenarios_root() / SYSTEM
    for name in ("counters.csv", "formations.csv"):
        assert texts[name].encode() == (folder / name).read_bytes(), name
    for name in ("17.1.toml", "17.2.toml", "ooa.toml"):
        assert tomllib.loads(texts[name]) == tomllib.loads((folder / name).read_text(encoding="utf-8")), name


def test_an_edit_goes_out_in_the_games_own_text_form(vv_checks):
    module = shipped_module(SYSTEM)
    c = module.counters["9DI"]
    module.counters["9DI"] = replace(c, values={**c.values, "strength": 9}, provenance={**c.provenance, "strength": "user"})
    module.scenarios["17.1"] = replace(module.scenarios["17.1"], title="The Opening")
    texts = module_texts(module)
    folder = scenarios_root() / SYSTEM
    shipped = (folder / "counters.csv").read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(shipped, texts["counters.csv"].splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][1].startswith("9DI,") and ",9,user," in changed[0][1]
    doc, printed = tomllib.loads(texts["17.1.toml"]), tomllib.loads((folder / "17.1.toml").read_text(encoding="utf-8"))
    assert doc["title"] == "The Opening" and {**doc, "title": printed["title"]} == printed
