"""The edges the editor's validation knows: a board's or sheet's own edge is a map edge for
its entry areas where boards are joined into one map (KGP's three map groups, the SCS games'
sheets), and a map with no friendly edge is a problem only for the games whose rules trace
supply to one (the SCS games' plug-ins say so; KGP's does not)."""

from pathlib import Path

import pytest

from ardennes_qt.core.mapdata import EntryArea, MapData
from ardennes_qt.core.numbering import AslBoard, ScsSheets
from ardennes_qt.store.contenttext import module_from_folder
from editor.validation import ERROR, WARNING, Problem, check_map, check_module

ROOT = Path(__file__).resolve().parents[2]
NO_FRIENDLY_EDGE = "No map edge is friendly to either side"


def test_the_shipped_kgp_module_validates_with_no_errors_and_no_warnings():
    assert check_module(module_from_folder(ROOT / "scenarios" / "asl_kgp")) == []


def entry_problems(numbering, hex_ids: list[str]) -> list[Problem]:
    m = MapData("joined", "Joined", numbering)
    m.entry_areas["X"] = EntryArea("X", "German", frozenset(m.parse(t) for t in hex_ids))
    return [p for p in check_map(m, {}, {}) if "ntry area" in p.message]


@pytest.mark.parametrize("numbering, board_edge, inland", [
    (ScsSheets(sheets=("A", "B"), columns=10, first_row=1, last_row=10), ["A10.04", "A10.05"], "A9.05"),
    (ScsSheets(sheets=("A", "B"), columns=10, first_row=1, last_row=10), ["B1.04", "B1.05"], "B2.05"),
    (ScsSheets(sheets=("A", "B"), columns=10, first_row=1, last_row=10, stack="rows"), ["A4.10", "A5.10"], "A5.09"),
    (AslBoard(sheets=("St", "Ch"), columns=6, first_row=1, last_row=10), ["ChA4", "ChA5"], "ChB5"),
    (AslBoard(sheets=("St", "Ch"), columns=6, first_row=1, last_row=10), ["StF4", "StF5"], "StE5"),
])
def test_a_boards_own_edge_is_a_map_edge_for_entry_areas(numbering, board_edge, inland):
    assert entry_problems(numbering, board_edge) == []
    [problem] = entry_problems(numbering, board_edge + [inland])
    assert (problem.severity, problem.hex) == (ERROR, inland)
    assert problem.message == f"Entry area X is off the edge: {inland} is not on a map edge."


@pytest.mark.parametrize("game, rule", [("ardennes2", "1.3"), ("ardennes1994", "3.4")])
def test_the_scs_games_want_a_friendly_map_edge_for_supply(game, rule):
    module = module_from_folder(ROOT / "scenarios" / game)
    assert not any(NO_FRIENDLY_EDGE in p.message for p in check_module(module))
    module.map.friendly_edges.clear()
    found = [p for p in check_module(module) if NO_FRIENDLY_EDGE in p.message]
    assert found == [Problem(WARNING, f"{NO_FRIENDLY_EDGE} ({rule}): supply has nowhere to come from.")]


def test_kgp_traces_no_supply_to_a_map_edge():
    module = module_from_folder(ROOT / "scenarios" / "asl_kgp")
    assert not module.map.friendly_edges
    assert not any(NO_FRIENDLY_EDGE in p.message for p in check_module(module))
