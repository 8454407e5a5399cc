"""Kampfgruppe Peiper in the editor: the checks of a map with hills.  The program does not
play ASL (the rulebook is not at hand), so there are no rule options, no terrain prohibited
for the checks of roads, and no scenario tables; what is checked is what the map's own words
need to mean anything: a slope's hash marks in one of its two hexes, a steeple and building
levels in a building (P5.2), a Two-Story House's one level above ground (P5.3), a stream
bed in a stream hex (P4.1)."""

from __future__ import annotations

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.editoredits import BUILDINGS, STEEPLE
from editor.plugins import RuleOption, ScenarioTable
from editor.validation import ERROR, WARNING, Problem

TWO_STORY_HOUSE = "two_story_house"
STREAM = "stream"


class AslKgpEditor:
    def rule_options(self) -> dict[str, RuleOption]:
        return {}

    def prohibited_terrain(self) -> dict[str, set[str]]:
        return {}

    def scenario_tables(self) -> list[ScenarioTable]:
        return []

    def map_checks(self, m: MapData) -> list[Problem]:
        return _slopes(m) + _buildings(m) + _stream_beds(m)


def _slopes(m: MapData) -> list[Problem]:
    out = []
    for side, record in m.hexsides.items():
        marks = record.slope
        if marks is None or (marks in side.hexes and m.contains(marks)):
            continue
        where, direction = m.side_ref(side)
        out.append(Problem(ERROR, f"The slope on {where} {direction} has its hash marks outside its two hexes: "
                                  "click it with the Slopes tool on its Down-Slope side.", where))
    return out


def _buildings(m: MapData) -> list[Problem]:
    out = []
    for h, record in sorted(m.hexes.items(), key=lambda kv: m.numbering.index(kv[0])):
        if not m.contains(h):
            continue
        where = m.hex_id(h)
        building = not record.terrain.isdisjoint(BUILDINGS)
        if STEEPLE in record.terrain and not building:
            out.append(Problem(ERROR, f"{where} has a steeple but no building (P5.2).", where))
        if record.floors and not building:
            out.append(Problem(ERROR, f"{where} has building levels but no building.", where))
        if TWO_STORY_HOUSE in record.terrain and record.floors != 1:
            out.append(Problem(WARNING, f"{where} is a Two-Story House with {record.floors} levels above ground; "
                                        "it has one, its 1st level (P5.3).", where))
    return out


def _stream_beds(m: MapData) -> list[Problem]:
    return [Problem(WARNING, f"{m.hex_id(h)} is below level 0 but no stream (a stream bed, P4.1).", m.hex_id(h))
            for h, record in sorted(m.hexes.items(), key=lambda kv: m.numbering.index(kv[0]))
            if record.level < 0 and STREAM not in record.terrain and m.contains(h)]


PLUGIN = AslKgpEditor()
