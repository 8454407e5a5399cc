"""The LineOfSight capability: the ground of a Kampfgruppe Peiper map read from its MapData (levels,
terrain, building levels and steeples, slopes, walls and hedges), one ``Ground`` per map group
worked out once per map, and the answers of ``los`` and ``viewshed`` in the program's words."""

from __future__ import annotations

from ardennes_qt.core import system
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.asl_kgp.ground import (BRUSH, BUILDING, OPEN, ORCHARD, PINE_WOODS, TWO_STORY_HOUSE, WOODS,
                                              Ground, HexGround, Location, SideGround)
from ardennes_qt.rules.asl_kgp.los import level_words, sight
from ardennes_qt.rules.asl_kgp.los_rules import LosRules
from ardennes_qt.rules.asl_kgp.tables import TABLE_SET
from ardennes_qt.rules.asl_kgp.viewshed import viewshed

# The map's words, the LOS engine's: the first a hex has decides (a building in woods is a building).
TERRAIN = (("two_story_house", TWO_STORY_HOUSE), ("stone_building", BUILDING), ("wooden_building", BUILDING),
           ("pine_woods", PINE_WOODS), ("woods", WOODS), ("orchard", ORCHARD), ("brush", BRUSH))
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}

_GROUNDS: dict[int, tuple[MapData, dict[str, Ground]]] = {}  # id(map) -> (the map, its grounds by map group)


def ground_of(m: MapData, group: str) -> Ground:
    """The ground of one map group, built once per map (the map is kept with it, so its id is not reused)."""
    known = _GROUNDS.get(id(m))
    if known is None or known[0] is not m:
        if len(_GROUNDS) > 8:
            _GROUNDS.clear()
        known = _GROUNDS[id(m)] = (m, {})
    if group not in known[1]:
        known[1][group] = build_ground(m, group)
    return known[1][group]


def build_ground(m: MapData, group: str) -> Ground:
    """One map group's ground: every hex of its board, its hexsides' slopes, walls and hedges."""
    numbering = m.numbering
    area = frozenset(h for h in m.all_hexes() if numbering.sheet_column_row(h)[0] == group)
    ground = Ground(board=numbering, area=area)
    for h, record in m.hexes.items():
        if h not in area:
            continue
        terrain = next((t for word, t in TERRAIN if word in record.terrain), OPEN)
        ground.hexes[h] = HexGround(level=record.level, terrain=terrain, upper_levels=record.floors,
                                    steeple="steeple" in record.terrain, stream="stream" in record.terrain)
    for side, record in m.hexsides.items():
        if not set(side.hexes) & area:
            continue
        wall = "wall" if "wall" in record.features else "hedge" if "hedge" in record.features else ""
        if record.slope is not None or wall:
            ground.sides[side] = SideGround(record.slope, wall)
    return ground


def _rules() -> LosRules:
    return TABLE_SET.current().derived(_rules_from_tables)


def _rules_from_tables() -> LosRules:
    return LosRules.from_table(TABLE_SET.table("los"))


class AslLineOfSight:
    """``core.system.LineOfSight`` for a KGP map: Locations are a hex and a level in it, counted from
    the hex's ground (0), a building's upper levels, and a steeple above them (P5.2)."""

    def locations(self, content: Content, state: GameState, hex_id: str) -> tuple[tuple[int, str], ...]:
        m = content.map
        h = m.parse(hex_id)
        record = m.hexes.get(h)
        base = m.level(h)
        out = [(0, f"ground level (level {base})")]
        floors = record.floors if record else 0
        for floor in range(1, floors + 1):
            out.append((floor, f"{ORDINALS.get(floor, f'{floor}th')} level of the building (level {base + floor})"))
        if record and "steeple" in record.terrain:
            out.append((floors + 1, f"steeple (level {base + floors + 1})"))
        return tuple(out)

    def line_of_sight(self, content: Content, state: GameState, viewer_hex: str, target_hex: str,
                      viewer_level: int = 0, target_level: int = 0) -> system.SightLine:
        m = content.map
        viewer, target = m.parse(viewer_hex), m.parse(target_hex)
        group = m.numbering.sheet_column_row(viewer)[0]
        if m.numbering.sheet_column_row(target)[0] != group:
            raise ValueError(f"{viewer_hex} and {target_hex} are on different map groups")
        ground = ground_of(m, group)
        answer = sight(ground, self._location(ground, viewer, viewer_level),
                       self._location(ground, target, target_level), _rules())
        steps = tuple(system.SightStep(s.where, s.what, s.effect, s.rule, s.provisional) for s in answer.steps)
        return system.SightLine(
            viewer=f"{viewer_hex}, {level_words(answer.viewer_height)}",
            target=f"{target_hex}, {level_words(answer.target_height)}",
            seen=answer.seen, hindrance=answer.hindrance, verdict=answer.verdict(), steps=steps,
            crossed=answer.crossed, provisional=answer.provisional)

    def viewshed(self, content: Content, state: GameState, hex_id: str, level: int = 0) -> dict[str, int]:
        m = content.map
        h = m.parse(hex_id)
        ground = ground_of(m, m.numbering.sheet_column_row(h)[0])
        seen = viewshed(ground, self._location(ground, h, level), _rules())
        return {m.hex_id(target): found.hindrance for target, found in seen.items()}

    @staticmethod
    def _location(ground: Ground, h: Hex, level: int) -> Location:
        g = ground.at(h)
        if g.steeple and level == g.upper_levels + 1:
            return Location(h, steeple=True)
        if not 0 <= level <= g.upper_levels:
            raise ValueError(f"{ground.hex_id(h)} has no Location at level {level} above its ground")
        return Location(h, floor=level)


LINE_OF_SIGHT = AslLineOfSight()
