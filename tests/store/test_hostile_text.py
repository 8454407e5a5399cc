"""The scenario text changed in hostile ways: the scenario loader (a new game) and the editor
(the text form as a module) open it, or refuse it with a clean error naming the file - in
bounded time, never with another exception - and the named regressions of the issue:
what the loader used to take without a word (an emptied ooa.toml, a negative VP, a lost
set-up line) and what it used to fail on (text that is not UTF-8, a folder in place of a
file, a field of a megabyte, numbers past 64 bits, a map of a hundred thousand columns).
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.units import Counter as Unit
from ardennes_qt.core.units import Values
from ardennes_qt.engine.opening import new_game
from ardennes_qt.store.contenttext import module_from_folder, write_folder
from ardennes_qt.store.errors import ContentError
from tests.editor.modules import small_module
from tests.store.mutations import copy_folder, mutate_folder
from tests.store.test_hostile_files import watchdog

SYSTEM = "ardennes2"


def small_folder(folder: Path) -> Path:
    """The small test content as a text folder, with a scenario that takes its arrivals from ooa.toml."""
    module = small_module()
    scenario = replace(module.scenarios["test"], dates={1: "16 Dec 44", 2: "17 Dec 44", 3: "18 Dec 44"})
    module.counters["1ID:C/1"] = Unit("1ID:C/1", "Allied", "US", "1ID", "C/1", "Inf Bn", Values(2, 4, 10),
                                      Values(1, 2, 10), 2, "leg", False)
    module.ooa = (Arrival(2, "Allied", ("1ID:C/1",), hexes=(module.map.parse("A1.03"),)),)
    module.scenarios = {"test": scenario, "second": replace(scenario, id="second", title="Second", arrivals=list(module.ooa),
                                                            options={"reinforcements": "ooa"})}
    write_folder(module, folder / SYSTEM)
    return folder / SYSTEM


@pytest.fixture
def root(tmp_path, monkeypatch):
    """A scenarios folder of its own (the loader's and its cache's), holding the small system."""
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(tmp_path / "scenarios"))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    small_folder(tmp_path / "scenarios")
    return tmp_path / "scenarios"


def open_hostile_text(folder: Path, done: str, scenarios=("test", "second")) -> str:
    """'opened' (as a module and as every scenario's new game) or 'refused'; else the test fails."""
    refused = False
    for load in [lambda: module_from_folder(folder)] + [lambda s=s: new_game(f"{SYSTEM}/{s}", 1) for s in scenarios]:
        try:
            with watchdog(done):
                load()
        except ContentError:
            refused = True
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
    return "refused" if refused else "opened"


def fuzz_text(root: Path, runs: range, scenarios=("test", "second")) -> Counter:
    base = root.parent / "base"
    shutil.copytree(root / SYSTEM, base)
    outcomes: Counter = Counter()
    for n in runs:
        shutil.rmtree(root / SYSTEM)
        copy_folder(base, root / SYSTEM)
        done = f"mutation {n} ({mutate_folder(root / SYSTEM, n)})"
        outcomes[open_hostile_text(root / SYSTEM, done, scenarios)] += 1
    return outcomes


def test_hostile_scenario_text_opens_or_is_refused_cleanly(root):
    assert open_hostile_text(root / SYSTEM, "unchanged") == "opened"
    outcomes = fuzz_text(root, range(120))
    print(f"\nscenario text, 120 mutations: {dict(outcomes)}")


@pytest.mark.slow
def test_hostile_shipped_text(tmp_path, monkeypatch, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("215 mutations of the shipped text: run with -m slow")
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(tmp_path / "scenarios"))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    shutil.copytree(Path(__file__).resolve().parents[2] / "scenarios" / SYSTEM, tmp_path / "scenarios" / SYSTEM)
    assert open_hostile_text(tmp_path / "scenarios" / SYSTEM, "unchanged", ("7.1", "7.4")) == "opened"
    outcomes = fuzz_text(tmp_path / "scenarios", range(3000, 3215), ("7.1", "7.4"))
    print(f"\nshipped scenario text, 215 mutations: {dict(outcomes)}")


# --- the regressions, on a copy of the shipped Ardennes II text -----------------------


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(tmp_path / "scenarios"))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "scenarios" / SYSTEM
    shutil.copytree(Path(__file__).resolve().parents[2] / "scenarios" / SYSTEM, folder)
    return folder


def refused(key: str, *said: str) -> str:
    with pytest.raises(ContentError) as info:
        new_game(key, 1)
    for words in said:
        assert words in str(info.value), str(info.value)
    return str(info.value)


def test_an_emptied_ooa_is_refused_not_played_with_the_set_up_alone(shipped):
    (shipped / "ooa.toml").write_text("")
    refused("ardennes2/7.1", "ooa.toml", "7.1 takes its reinforcements from ooa.toml, which lists none")


def test_an_arrival_lost_from_the_ooa_is_found_by_the_counts(shipped):
    text = (shipped / "ooa.toml").read_text()
    first = text.index("\n[[arrival]]\n")
    (shipped / "ooa.toml").write_text(text[:first] + text[text.index("\n[[arrival]]\n", first + 1):])
    refused("ardennes2/7.1", "7.1.toml", "arriving, but counts says", "an arrival may have been lost")


def test_a_lost_set_up_line_is_found_by_the_counts(shipped):
    text = (shipped / "7.4.toml").read_text()
    line = next(x for x in text.splitlines() if re.match(r"^[AB]\d+\.\d+: ", x))
    (shipped / "7.4.toml").write_text(text.replace(line + "\n", "", 1))
    refused("ardennes2/7.4", "7.4.toml", "set up, but counts says", "a set-up line may have been lost")


def test_a_set_up_line_naming_no_counter_is_refused_with_its_line(shipped):
    text = (shipped / "7.4.toml").read_text()
    line = next(x for x in text.splitlines() if re.match(r"^[AB]\d+\.\d+: ", x))
    (shipped / "7.4.toml").write_text(text.replace(line, line.split(":")[0] + ":", 1))
    refused("ardennes2/7.4", "7.4.toml, line", "empty item")


def test_a_negative_vp_is_refused(shipped):
    path = shipped / "map" / "map.txt"
    path.write_text(re.sub(r"vp=\d+", "vp=-3", path.read_text(), count=1))
    refused("ardennes2/7.4", "map.txt, line", "vp=-3")


@pytest.mark.parametrize("change, said", [
    (lambda f: (f / "7.4.toml").write_bytes((f / "7.4.toml").read_bytes().replace(b"Allied", b"Alli\xffed", 1)),
     "not UTF-8"),
    (lambda f: ((f / "7.4.toml").unlink(), (f / "7.4.toml").mkdir()), "folder"),
    (lambda f: (f / "counters.csv").write_text((f / "counters.csv").read_text().replace(",Inf Bn,", ",Inf Bn" + "x" * 1_000_000 + ",", 1)),
     "counters.csv, line"),
    (lambda f: (f / "7.4.toml").write_text((f / "7.4.toml").read_text().replace("last_turn = ", "last_turn = 18446744073709551616#", 1)),
     "7.4.toml"),
    (lambda f: (f / "map" / "map.txt").write_text((f / "map" / "map.txt").read_text().replace("columns=40", "columns=100000", 1)),
     "map.txt, line 2: a map of"),
    (lambda f: (f / "map" / "map.txt").write_text((f / "map" / "map.txt").read_text().replace("rows=0-54", "rows=0-9999", 1)),
     "map.txt, line 2: a map of"),
])
def test_text_the_loader_failed_on_is_refused_with_its_file(shipped, change, said):
    change(shipped)
    with watchdog(said):
        message = refused("ardennes2/7.4")
    assert said in message and "ardennes2" in message


@pytest.fixture
def shipped_1994(tmp_path, monkeypatch):
    """The shipped The Ardennes (1994) text, in a scenarios folder of its own."""
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(tmp_path / "scenarios"))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "scenarios" / "ardennes1994"
    shutil.copytree(Path(__file__).resolve().parents[2] / "scenarios" / "ardennes1994", folder)
    return folder


def _without_block(text: str, header: str, index: int = 0) -> str:
    """The text with its ``index``-th ``[[header]]`` block (up to the next block) left out."""
    starts = [m.start() for m in re.finditer(rf"^\[\[{header}\]\]\n", text, flags=re.M)]
    start = starts[index]
    body = text.index("\n", start) + 1
    nxt = re.search(r"^\[\[?\w", text[body:], flags=re.M)
    return text[:start] + (text[body + nxt.start():] if nxt else "")


def test_a_1994_set_up_line_lost_is_found_by_the_counts(shipped_1994):
    (shipped_1994 / "5.3.toml").write_text(_without_block((shipped_1994 / "5.3.toml").read_text(), "setup", 3))
    refused("ardennes1994/5.3", "5.3.toml", "set up, but counts says", "a set-up line may have been lost")


def test_a_1994_arrival_lost_from_the_ooa_is_found_by_the_counts(shipped_1994):
    (shipped_1994 / "ooa.toml").write_text(_without_block((shipped_1994 / "ooa.toml").read_text(), "arrival", 5))
    refused("ardennes1994/5.3", "5.3.toml", "arriving, but counts says", "an arrival may have been lost")
