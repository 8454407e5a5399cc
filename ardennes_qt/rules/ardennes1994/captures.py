"""What units entering a hex do to what the enemy left in it (2.3d, 2.4, 3.3, 4.2): German
Supply Units and emplaced bridges there are destroyed, a US dump entered by a German unit
turns German if real and is removed if a dummy, a German-held dump entered by a US unit is
destroyed, and a city hex passes to the side entering it.  Greif Teams alone capture neither
cities nor dumps (2.1bE).

Used after combat (a retreat, an advance after combat); a move entering a hex has the same
effects.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE
from ardennes_qt.rules.ardennes1994.losses import destroyed
from ardennes_qt.rules.ardennes1994.phases import GERMAN
from ardennes_qt.rules.ardennes1994.situation import greif, mode, rules_data, side_of, supply_unit, with_rules
from ardennes_qt.rules.ardennes1994.victory import settle_control


def left_behind(content: Content, state: GameState, h: Hex, side: str) -> list[str]:
    """Enemy units in ``h`` that the entering of ``side``'s units destroys: Supply Units (2.4)
    and engineers on their Bridge side (2.3d)."""
    return [u for u in state.units_at(h) if side_of(content, u) != side
            and (supply_unit(content, u) or mode(content, state, u) == BRIDGE)]


def dump_entered(content: Content, state: GameState, h: Hex, side: str) -> tuple[GameState, list[LogLine]]:
    """3.3, 3.3a: a dump under the entering side's enemy changes hands or goes."""
    data = rules_data(state)
    dump = data.dumps.get(h)
    if dump is None or dump.owner == side:
        return state, []
    where = content.map.hex_id(h)
    dumps = dict(data.dumps)
    if side == GERMAN and dump.real:
        dumps[h] = replace(dump, owner=GERMAN, revealed=True)
        line = LogLine(f"The US Supply Dump at {where} is real: captured, now a German dump", ("3.3, 3.3a",))
    elif side == GERMAN:
        del dumps[h]
        line = LogLine(f"The US Supply Dump at {where} was a dummy: removed", ("3.3a",))
    else:
        del dumps[h]
        line = LogLine(f"The German-held dump at {where} is destroyed: the US never recaptures", ("3.3, 3.3a",))
    return with_rules(state, replace(data, dumps=dumps)), [line]


def units_entered(content: Content, state: GameState, units, hexes) -> tuple[GameState, list[LogLine]]:
    """The effects of ``units`` (one side's) entering each of ``hexes`` in turn."""
    if not units:
        return state, []
    side = side_of(content, units[0])
    real = any(not greif(content, u) for u in units)  # 2.1bE: Greif Teams capture nothing alone
    log: list[LogLine] = []
    for h in hexes:
        for uid in left_behind(content, state, h, side):
            state = destroyed(state, uid)
            what = "Supply Unit" if supply_unit(content, uid) else "emplaced bridge"
            rule = "2.4" if what == "Supply Unit" else "2.3d"
            log.append(LogLine(f"{content.counter(uid).name} ({what}) is destroyed: the enemy entered its hex", (rule,)))
        if real:
            state, lines = dump_entered(content, state, h, side)
            log.extend(lines)
            state = settle_control(content, state, [(h, side)])
    return state, log

