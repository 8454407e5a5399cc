"""What is wrong or doubtful in a module, in words a map maker can act on, each with
the hex to look at.  Plain Python (no Qt): the validation panel shows the list.

Errors break play (a road crossing a river with no bridge, a bridge with no crossing,
an entry area away from the map edge, a unit set up outside the play area); warnings
are worth a look (a road that ends in terrain Mech units may not enter).  What only a
game's rules make a problem (the SCS games' friendly map edges) is that game's editor
plug-in's check.
"""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.rasterize import WATER
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.engine.systems import system_for
from ardennes_qt.store.arrivaltext import ENTRY_AREAS
from ardennes_qt.store.editormodel import Module
from editor.plugins import editor_plugin

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    severity: str
    message: str
    hex: str = ""  # where to look


def prohibited_terrain(system: str) -> dict[str, set[str]]:
    """Hex terrain each MA type may not enter (TEC "P"), for the games whose editor plug-in says."""
    return editor_plugin(system).prohibited_terrain()


def entry_letters(system: str) -> dict[str, str]:
    """Each side's entry area letters, as the game's schema gives them (none: any letter);
    a game no installed system plays is lettered as the SCS games are."""
    try:
        return dict(system_for(system).schema().entry_areas)
    except KeyError:
        return dict(ENTRY_AREAS)


def check_module(module: Module, scenario_id: str | None = None) -> list[Problem]:
    plugin = editor_plugin(module.system)
    edge = getattr(plugin, "edge_hexes", None)
    problems = check_map(module.map, prohibited_terrain(module.system), entry_letters(module.system),
                         edge(module.map) if edge else frozenset())
    problems += plugin.map_checks(module.map)
    own = getattr(plugin, "module_checks", None)  # a game's checks of counters, formations and set-ups
    if own is not None:
        problems += own(module, scenario_id)
    for sid, scenario in module.scenarios.items():
        if scenario_id is None or sid == scenario_id:
            problems += check_scenario(module, scenario)
    return problems


# --- the map -----------------------------------------------------------------------------------


def _words(features) -> str:
    return " and ".join(sorted(features))


def check_map(m: MapData, prohibited: dict[str, set[str]], letters: dict[str, str] = ENTRY_AREAS,
              edge: set[Hex] | frozenset = frozenset()) -> list[Problem]:
    """The map's problems; ``edge``: hexes a game's printed map has on its edge beyond the grid's own."""
    out: list[Problem] = []
    hid = m.hex_id
    for side, link in m.roads.items():
        record = m.hexsides.get(side)
        water = record.features & set(WATER) if record else set()
        if water and side not in m.bridges:
            a, b = (hid(h) if m.contains(h) else "off the map" for h in side.hexes)
            out.append(Problem(ERROR, f"The {link.kind} from {a} to {b} crosses the {_words(water)} with no bridge.",
                               m.side_ref(side)[0]))
    for side, bridge in m.bridges.items():
        where = "between " + " and ".join(hid(h) if m.contains(h) else "off the map" for h in side.hexes)
        record = m.hexsides.get(side)
        water = record is not None and not record.features.isdisjoint(WATER)
        if side not in m.roads or not water:
            out.append(Problem(ERROR, f"The bridge {where} has no crossing: {_no_crossing(m.roads.get(side), water)}",
                               m.side_ref(side)[0]))
        if bridge.plunger and bridge.plunger not in m.plungers:
            out.append(Problem(ERROR, f"The bridge {where} names plunger {bridge.plunger}, which is not on the map.",
                               m.side_ref(side)[0]))
    governed = {b.plunger for b in m.bridges.values()}
    for name, h in m.plungers.items():
        if name not in governed:
            out.append(Problem(WARNING, f"Plunger {name} governs no bridge.", hid(h) if m.contains(h) else ""))
    out += _road_ends(m, prohibited)
    out += _entry_areas(m, letters, edge)
    out += _places(m)
    for h, record in m.hexes.items():
        if {"city", "village"} <= record.terrain:
            out.append(Problem(WARNING, f"{hid(h)} is both a city and a village.", hid(h)))
    return out


def _no_crossing(link, water: bool) -> str:
    """Why a bridge crosses nothing, and what the road tool does about it (a road drawn or
    erased across a hexside brings or takes away its bridge)."""
    if link is not None:
        return (f"the {link.kind} there crosses no river or stream. Draw the water along that hexside, or erase "
                f"the {link.kind} across it to take the bridge away.")
    if water:
        return "no road crosses the water there. Draw the road across it, or draw one and erase it to take the bridge away."
    return "no road and no river or stream there. Draw a road across that hexside and erase it to take the bridge away."


def _road_ends(m: MapData, prohibited: dict[str, set[str]]) -> list[Problem]:
    links = Tally(h for side in m.roads for h in side.hexes if m.contains(h))
    out = []
    for h, n in sorted(links.items(), key=lambda kv: m.numbering.index(kv[0])):
        if n != 1:
            continue
        kind = next(iter(m.roads_of(h).values()))
        for ma, terrain in prohibited.items():
            blocked = m.terrain(h) & terrain
            if blocked:
                out.append(Problem(WARNING, f"A {kind} ends at {m.hex_id(h)} in {_words(blocked)}, "
                                            f"which {ma.capitalize()} units may not enter.", m.hex_id(h)))
                break
    return out


def _on_edge(m: MapData, h: Hex) -> bool:
    """On the map's edge, or on the edge of one of the boards or sheets joined to make the map
    (a board's own edge is where units enter it when it is played alone: KGP's ChA10)."""
    board = m.numbering.sheet_column_row(h)[0]
    return any(not m.contains(n) or m.numbering.sheet_column_row(n)[0] != board for n in h.neighbours())


def _entry_areas(m: MapData, letters_of: dict[str, str], edge=frozenset()) -> list[Problem]:
    out = []
    for letter, area in sorted(m.entry_areas.items()):
        if not area.hexes:
            out.append(Problem(ERROR, f"Entry area {letter} has no hexes."))
            continue
        inland = sorted((h for h in area.hexes if m.contains(h) and h not in edge and not _on_edge(m, h)), key=m.numbering.index)
        if inland:
            first = m.hex_id(inland[0])
            more = f" and {len(inland) - 1} more" if len(inland) > 1 else ""
            out.append(Problem(ERROR, f"Entry area {letter} is off the edge: {first}{more} is not on a map edge.", first))
        letters = letters_of.get(area.side, "")
        if letters and letter not in letters:
            out.append(Problem(WARNING, f"Entry area {letter} is {area.side}, whose areas are lettered "
                                        f"{letters[0]}-{letters[-1]}.", m.hex_id(min(area.hexes, key=m.numbering.index))))
    return out


def _places(m: MapData) -> list[Problem]:
    """Places need names; two places of one name are a slip, unless their hexes touch one another
    as one town of several hexes (The Ardennes 1994: Liège)."""
    out = []
    hexes_of: dict[str, list[Hex]] = {}
    for h, place in m.places.items():
        hexes_of.setdefault(place.name.casefold(), []).append(h)
    for h, place in m.places.items():
        if not place.name.strip():
            out.append(Problem(ERROR, f"{m.hex_id(h)} is a place with no name.", m.hex_id(h)))
        elif len(hexes_of[place.name.casefold()]) > 1 and not _one_town(hexes_of[place.name.casefold()]):
            out.append(Problem(WARNING, f"Two places are named {place.name} ({m.hex_id(h)} is one).", m.hex_id(h)))
    return out


def _one_town(hexes: list[Hex]) -> bool:
    """Do the hexes form one connected group?"""
    left, reached = set(hexes[1:]), [hexes[0]]
    while reached:
        h = reached.pop()
        for n in h.neighbours():
            if n in left:
                left.discard(n)
                reached.append(n)
    return not left


# --- a scenario --------------------------------------------------------------------------------


def check_scenario(module: Module, s: Scenario) -> list[Problem]:
    m = module.map
    hid = m.hex_id
    out = []
    label = f"Scenario {s.id}"
    missing = [t for t in range(s.first_turn, s.last_turn + 1) if t not in s.dates]
    if missing:
        out.append(Problem(ERROR, f"{label}: turn {missing[0]} has no date."))
    seen = Tally(p.counter for p in s.placements)
    prohibited = prohibited_terrain(module.system)
    for p in s.placements:
        counter = module.counters.get(p.counter)
        if counter is None:
            out.append(Problem(ERROR, f"{label}: {p.counter} is set up but is not a counter of the module.", hid(p.hex)))
            continue
        if seen[p.counter] > 1:
            out.append(Problem(ERROR, f"{label}: {p.counter} is set up {seen[p.counter]} times.", hid(p.hex)))
        if not s.hex_in_play(m.numbering, p.hex):
            out.append(Problem(ERROR, f"{label}: {counter.name} sets up at {hid(p.hex)}, outside the play area.",
                               hid(p.hex)))
        blocked = m.terrain(p.hex) & prohibited.get(counter.ma_type, set())
        if blocked and not m.roads_of(p.hex):  # on a road it came in by the road
            out.append(Problem(WARNING, f"{label}: {counter.name} ({counter.ma_type.capitalize()}) sets up in "
                                        f"{_words(blocked)} at {hid(p.hex)}, which it may not enter.", hid(p.hex)))
    placed = set(seen)
    for a in s.arrivals:
        when = f"{label}, turn {a.turn}"
        if not s.first_turn <= a.turn <= s.last_turn:
            out.append(Problem(ERROR, f"{when}: the scenario runs turns {s.first_turn}-{s.last_turn}."))
        for letter in a.areas:
            if letter not in m.entry_areas:
                out.append(Problem(ERROR, f"{when}: entry area {letter} is not on the map."))
        out += _entry_outside(module, s, a, when)
        unknown = [c for c in a.counters if c not in module.counters]
        if unknown:
            out.append(Problem(ERROR, f"{when}: {', '.join(unknown)} is not a counter of the module."))
        both = [c for c in a.counters if c in placed and not a.remove]
        if both:
            out.append(Problem(ERROR, f"{when}: {', '.join(both)} also sets up on the map."))
    return out


def _entry_outside(module: Module, s: Scenario, a, when: str) -> list[Problem]:
    """An arrival printed wholly outside the play area (its hexes, or its entry areas' hexes)
    is a warning, unless the game's rules give it a place to enter (Ardennes II: the play
    area's edge nearest the printed place, 7.2)."""
    m = module.map
    areas = [m.entry_areas[letter] for letter in a.areas if letter in m.entry_areas]
    printed = tuple(a.hexes) or tuple(sorted({h for area in areas for h in area.hexes}, key=m.numbering.index))
    if a.remove or not printed or any(s.hex_in_play(m.numbering, h) for h in printed):
        return []
    try:
        enters = getattr(system_for(module.system), "entry_outside_play_area", None)
    except KeyError:
        enters = None
    if enters is not None and enters(s, m.numbering, printed):
        return []
    where = f"entry area {' or '.join(a.areas)}" if not a.hexes else f"the entry hex {m.hex_id(printed[0])}"
    return [Problem(WARNING, f"{when}: {where} is outside the play area; those units cannot arrive.",
                    m.hex_id(printed[0]))]
