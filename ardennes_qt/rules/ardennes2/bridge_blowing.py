"""US bridge blowing (3.8 Blowing Bridges; checklist item 82).

A plunger primes one or more bridges (A17.26, A33.27, B8.39 and B20.06 have several); one
roll covers them all, and each bridge gets one attempt in the game.  The result is kept in
``Ardennes2Data.bridges`` under the plunger's name.  The Bridge Blowing Table is not in the documents (M4): it is
the provisional ``tables/bridge_blowing.toml``.  (Roads read whether a bridge stands from
``bridges.bridge_state``.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import Changes, LogLine, Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.actions import BlowBridge
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes2.situation import hex_of, rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes2.tables import table, table_cache
from ardennes_qt.rules.common.checks import Check, met, refuse_unless, verdict

BLOWN = "blown"  # 3.8 Bridge Blown marker
TESTED = "tested"  # 3.8 Bridge Tested marker
PRIMED = "primed"  # a plunger with neither marker
PLUNGER_REACH = 2  # 3.8: "A US unit (of any type) must be w/i 2 of the hex containing the bridge's plunger"


@table_cache
def bridge_blowing_table() -> dict:
    """tables/bridge_blowing.toml: the provisional Bridge Blowing Table (M4)."""
    return table("bridge_blowing")


def plunger_bridges(content: Content, plunger: str) -> list[Hexside]:
    """The bridges a plunger primes.  German-built bridges "cannot be destroyed" (3.8)."""
    return sorted(side for side, b in content.map.bridges.items() if b.plunger == plunger and not b.built)


def plunger_state(state: GameState, plunger: str) -> str:
    """"blown", "tested", or "primed" (3.8: primed while no Bridge Blown or Tested marker)."""
    return rules_data(state).bridges.get(plunger, PRIMED)


def german_units_in(content: Content, state: GameState, h: Hex) -> list[str]:
    return [uid for uid in state.units_at(h) if side_of(content, uid) == GERMAN]


def plunger_captured(content: Content, state: GameState, plunger: str, passed: Iterable[Hex] = ()) -> bool:
    """3.8: "If the Germans occupy a bridge's plunger hex, there is no attempt to blow the
    bridge.  Mark the bridge as Tested and it cannot be blown, regardless of circumstances."
    ``passed``: hexes German units have just moved through, each occupied for that moment."""
    where = content.map.plungers[plunger]
    occupied = where in passed or bool(german_units_in(content, state, where))
    return plunger_state(state, plunger) == PRIMED and occupied


def bridge_blowing_checks(content: Content, state: GameState, plunger: str, unit: str) -> list[Check]:
    m = content.map
    if plunger not in m.plungers or not plunger_bridges(content, plunger):
        return [Check(False, f"there is no plunger '{plunger}' priming a bridge", "3.8")]
    status = plunger_state(state, plunger)
    checks = [met(status == PRIMED, "the bridge is primed", f"the bridge is already marked {status.capitalize()}: one attempt per game", "3.8")]
    if plunger_captured(content, state, plunger):
        return checks + [Check(True, "the Germans hold the plunger hex: no roll, the bridges are marked Tested", "3.8")]
    if unit not in state.units or hex_of(state, unit) is None or side_of(content, unit) != ALLIED:
        return checks + [Check(False, f"{unit} is not a US unit on the map", "3.8")]
    distance = hex_of(state, unit).distance(m.plungers[plunger])
    reach = f"{content.counter(unit).name} is {distance} hexes from the plunger"
    checks.append(met(distance <= PLUNGER_REACH, reach, f"{reach}, more than 2", "3.8"))
    held = sorted({m.hex_id(h) for side in plunger_bridges(content, plunger) for h in side.hexes if german_units_in(content, state, h)})
    checks.append(met(not held, "no German unit in a hex of the bridge's hexside", f"German units hold {', '.join(held)}, a hex of the bridge's hexside", "3.8"))
    due = [d for d in rules_data(state).pending if d.kind == "bug_out"]
    checks.append(met(not due, "no Bug Out waiting", "resolve the Artillery Bug Outs first", "3.8"))
    return checks


def bridge_blowing_allowed(content: Content, state: GameState, plunger: str, unit: str) -> tuple[bool, tuple[str, ...]]:
    """May ``unit`` attempt to blow the bridges of ``plunger`` now (3.8)?  At any moment of
    any phase.  When the Germans hold the plunger hex there is no attempt: the action marks
    the bridges Tested without a roll, whoever asks."""
    return verdict(bridge_blowing_checks(content, state, plunger, unit))


def blowing_result(roll: int) -> str:
    """The Bridge Blowing Table (provisional, M4)."""
    low, high = bridge_blowing_table()["blown"]
    return BLOWN if low <= roll <= high else TESTED


def blow_bridge(content: Content, state: GameState, action: BlowBridge) -> Outcome:
    """The BlowBridge action (3.8): the unit stops for the rest of the phase; one roll for
    every bridge of the plunger; Tested without a roll if the Germans hold its hex."""
    refuse_unless(bridge_blowing_checks(content, state, action.plunger, action.unit))
    plunger_hex = content.map.plungers[action.plunger]
    hexes = {h for side in plunger_bridges(content, action.plunger) for h in side.hexes} | {plunger_hex}
    if plunger_captured(content, state, action.plunger):
        state = mark_plunger(state, action.plunger, TESTED)
        line = LogLine(f"The Germans hold plunger {action.plunger}'s hex: its bridges are marked Tested", ("3.8",))
        return Outcome(state, Changes(hexes=frozenset(hexes), markers=True), (line,))
    data = rules_data(state)
    state = with_rules(state, data.with_record(stopped=data.record.stopped | {action.unit}))
    state, roll = state.rolled()
    result = blowing_result(roll)
    state = mark_plunger(state, action.plunger, result)
    table = bridge_blowing_table()
    name = content.counter(action.unit).name
    line = LogLine(
        f"{name} tries to blow the bridges of plunger {action.plunger}: rolled {roll}, {result.capitalize()}",
        (
            f"Bridge Blowing Table: {table['tested'][0]}-{table['tested'][1]} Tested, {table['blown'][0]}-{table['blown'][1]} "
            "Blown (3.8; provisional table, not in the rules document)",
            f"{name} moves no further this phase (3.8)",
        ),
    )
    return Outcome(state, Changes(units=frozenset({action.unit}), hexes=frozenset(hexes), markers=True), (line,))


def mark_plunger(state: GameState, plunger: str, result: str) -> GameState:
    data = rules_data(state)
    return with_rules(state, replace(data, bridges={**data.bridges, plunger: result}))


def mark_captured_plungers(content: Content, state: GameState, passed: Iterable[Hex] = ()) -> tuple[GameState, list[LogLine]]:
    """3.8: every primed plunger whose hex the Germans occupy now, or have just moved through
    (``passed``), is marked Tested, with no roll.  The ruleset asks after every action; a
    move gives the hexes of its route."""
    passed = frozenset(passed)
    log = []
    for plunger in sorted(content.map.plungers):
        if plunger_bridges(content, plunger) and plunger_captured(content, state, plunger, passed):
            state = mark_plunger(state, plunger, TESTED)
            log.append(LogLine(f"The Germans hold plunger {plunger}'s hex: its bridges are marked Tested", ("3.8",)))
    return state, log


def legal_bridge_blowings(content: Content, state: GameState) -> list[BlowBridge]:
    """Every attempt a US unit may make now, one per plunger and unit in reach."""
    out = []
    for plunger in sorted(content.map.plungers):
        if plunger_state(state, plunger) != PRIMED or not plunger_bridges(content, plunger):
            continue
        for h in content.map.plungers[plunger].within(PLUNGER_REACH):
            for uid in state.units_at(h):
                if bridge_blowing_allowed(content, state, plunger, uid)[0]:
                    out.append(BlowBridge(plunger, uid))
    return out


def bridge_blowing_choices(content: Content, state: GameState) -> list:
    """The legal BlowBridge actions now, as one family (any phase, 3.8)."""
    primed = [p for p in content.map.plungers if plunger_state(state, p) == PRIMED and plunger_bridges(content, p)]
    return [Choices("blow a bridge", ALLIED, lambda: legal_bridge_blowings(content, state), "blow_bridge")] if primed else []


def capture_plungers(content: Content, outcome: Outcome) -> Outcome:
    """3.8 after any action: German units that now stand in a primed plunger hex (moved,
    retreated, advanced, entered after an overrun or placed there) mark its bridges Tested."""
    state, log = mark_captured_plungers(content, outcome.state)
    if not log:
        return outcome
    return Outcome(state, outcome.changes | Changes(markers=True), outcome.log + tuple(log))

