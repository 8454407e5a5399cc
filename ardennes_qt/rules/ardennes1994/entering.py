"""What happens when a unit enters a hex (checklist items 27, 28, 49, 55, 56, 62; 2.1bE, 2.3d,
2.4, 3.1, 3.3, 4.2), whether it moves through it, stops in it, is redirected into it, lands
in it or advances into it after combat (``enter_hex`` is for every module that moves units):

- enemy Supply Units there are destroyed (2.4), and so are emplaced bridges (2.3d);
- a US Supply Dump there is flipped by a German unit: a real one becomes German, a dummy is
  removed (3.3, 3.3a); a German (captured) dump is destroyed by a US unit (3.3);
- a victory city hex there is the mover's side's (4.2: the last to move through it);
- the bridge crossed to get there was last crossed by the mover's side (3.1).

Greif Teams never capture cities or dumps by themselves (2.1bE) and, like any Hidden unit,
destroy nothing; a Hidden Greif Team's crossing of a bridge is taken for an American one
(it passes as one, 2.1b), so it does not count as the Germans' last crossing.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes1994.situation import greif, hidden, mode, rules_data, side_of, supply_unit, with_rules
from ardennes_qt.rules.ardennes1994.terrain import bridge_up
from ardennes_qt.rules.ardennes1994.victory import settle_control


def destroyed_on_entry(content: Content, state: GameState, h: Hex, side: str) -> list[str]:
    """2.4, 2.3d: the enemy Supply Units and emplaced bridges in ``h``, destroyed when ``side``'s
    units enter it."""
    return [u for u in state.units_at(h) if side_of(content, u) != side
            and (supply_unit(content, u) or mode(content, state, u) == BRIDGE)]


def enter_hex(content: Content, state: GameState, unit_id: str, h: Hex, came_from: Hex | None = None
              ) -> tuple[GameState, list[LogLine]]:
    """The effects of ``unit_id`` entering ``h`` (from the neighbour ``came_from``, if it moved)."""
    side = side_of(content, unit_id)
    lines: list[LogLine] = []
    is_greif = greif(content, unit_id)
    if came_from is not None and not (is_greif and hidden(state, unit_id)):
        state = _crossed(content, state, came_from, h, side)
    if is_greif:
        return state, lines
    victims = destroyed_on_entry(content, state, h, side)
    for uid in victims:
        what, rule = ("Supply Unit", "2.4") if supply_unit(content, uid) else ("emplaced bridge", "2.3d")
        lines.append(LogLine(f"{content.counter(uid).name} ({what}) destroyed at {content.map.hex_id(h)}: "
                             "the enemy entered its hex", (rule,)))
    if victims:
        state = state.moved_off(victims, "dead")
    state, dump_lines = _dump(content, state, h, side)
    lines += dump_lines
    return settle_control(content, state, [(h, side)]), lines


def _crossed(content: Content, state: GameState, a: Hex, b: Hex, side: str) -> GameState:
    """3.1: a map bridge crossed between ``a`` and ``b`` was last crossed by ``side``."""
    hexside = Hexside.between(a, b)
    if hexside not in content.map.bridges or not bridge_up(content, state, hexside):
        return state
    data = rules_data(state)
    if data.last_crossed.get(hexside) == side:
        return state
    return with_rules(state, replace(data, last_crossed={**data.last_crossed, hexside: side}))


def _dump(content: Content, state: GameState, h: Hex, side: str) -> tuple[GameState, list[LogLine]]:
    """3.3: a German unit entering a US dump flips it; a US unit entering a German dump destroys it."""
    data = rules_data(state)
    dump = data.dumps.get(h)
    if dump is None or dump.owner == side:
        return state, []
    where = content.map.hex_id(h)
    dumps = dict(data.dumps)
    if side == GERMAN and dump.owner == ALLIED:
        if dump.real:
            dumps[h] = replace(dump, owner=GERMAN, revealed=True)
            line = LogLine(f"the US Supply Dump at {where} is real: captured, a German dump now", ("3.3", "3.3a"))
        else:
            del dumps[h]
            line = LogLine(f"the US Supply Dump at {where} was a dummy: removed", ("3.3a",))
    else:
        del dumps[h]
        line = LogLine(f"the German dump at {where} is destroyed: the US never recaptures a dump", ("3.3", "3.3a"))
    return with_rules(state, replace(data, dumps=dumps)), [line]
