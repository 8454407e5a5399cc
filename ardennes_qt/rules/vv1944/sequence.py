"""The sequence of play (2.1): the phases that need no player run one after the other until a
player must act: Air (14), Supply and Command (8, 10), Support (1.6), Initiative, then the
Operations Phase (activation.py) and, once it ends, the Administrative Phase.

Supply (10) is traced in the Supply and Command Phase (supply.py), before command; an Unsupplied
HQ receives no Support markers (10.3).
Support markers are allocated by the program (the player's choice is to come): each army's
pool is shared among its HQs on the map, up to each one's rating, in the pool's order."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.command import in_command
from ardennes_qt.rules.vv1944.forces import army_of, enemy_hexes, is_hq, on_map
from ardennes_qt.rules.vv1944.schema import ACTIVATED, OUT_OF_COMMAND, SIDES, UNSUPPLIED
from ardennes_qt.rules.vv1944.state import data, with_data
from ardennes_qt.rules.vv1944.phases import (ADMIN, AIR, GAME_OVER, INITIATIVE, OPERATIONS, PHASES, SETUP, SUPPLY,
                                              SUPPORT, special)
from ardennes_qt.rules.vv1944.tables import table



def advance(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """Run the phases no player acts in, until one must (the set-up, the Operations Phase) or the game is over."""
    log: list[LogLine] = []
    while True:
        if state.phase == SETUP:
            if data(state).to_place:
                return state, log
            state = replace(state, phase=AIR)
        elif state.phase == AIR:
            state = replace(air_phase(content, state, log), phase=SUPPLY)
        elif state.phase == SUPPLY:
            from ardennes_qt.rules.vv1944.supply import supply_phase

            state = replace(command_phase(content, supply_phase(content, state, log), log), phase=SUPPORT)
        elif state.phase == SUPPORT:
            state = replace(support_phase(content, state, log), phase=INITIATIVE)
        elif state.phase == INITIATIVE:
            state = initiative(content, state, log)
            return replace(state, phase=OPERATIONS), log
        elif state.phase == ADMIN:
            state = administrative(content, state, log)
            if state.phase == GAME_OVER:
                return state, log
        else:
            return state, log


def air_phase(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """14.2: missions on the air turns only; Allied (1d6 / 2, rounded up) + 1, German 1 on 4-6."""
    air = table("support")["air"]
    if state.turn not in air["turns"]:
        return with_data(state, air={})
    missions = {}
    for side, key in (("Allied", "allied_by_roll"), ("German", "german_by_roll")):
        state, roll = state.rolled()
        missions[side] = int(air[key][str(roll)])
        log.append(LogLine(f"Air Phase: {side} rolls {roll}: {missions[side]} air mission(s)", ("14.2",)))
    return with_data(state, air=missions)


def command_phase(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """8.1-8.2: Out of Command marked for the turn; 17.1: every US unit in command on Turn 1."""
    all_us = state.turn == 1 and special(content).get("first_turn_us_all_in_command")
    reach: dict = {}
    changes = {}
    out = []
    for side in SIDES:
        for uid in on_map(content, state, side):
            u = state.units[uid]
            ooc = not (all_us and side == "Allied") and not in_command(content, state, uid, reach)
            if ooc != u.has(OUT_OF_COMMAND):
                changes[uid] = u.with_status(OUT_OF_COMMAND, ooc)
            if ooc:
                out.append(content.counter(uid).name)
    state = state.with_units(changes)
    log.append(LogLine(f"Command: {len(out)} unit(s) out of command" + (f" ({', '.join(out)})" if out else ""),
                       ("8.1",)))
    return state


def support_phase(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """1.6: the turn's additions join the pools; what the HQ boxes held goes back to its pool and
    each army's HQs on the map take markers up to their rating (the program's allocation)."""
    d = data(state)
    pools = {army: dict(p) for army, p in d.pools.items()}
    for entry in content.scenario.extras.get("support", []):
        if int(entry["turn"]) == state.turn:
            pool = pools.setdefault(entry["army"], {})
            for kind, n in entry.items():
                if kind not in ("turn", "army", "printed", "note") and isinstance(n, int):
                    pool[kind] = pool.get(kind, 0) + n
    for hq, box in d.hq_support.items():
        pool = pools.setdefault(army_of(content, hq), {})
        for kind, n in box.items():
            pool[kind] = pool.get(kind, 0) + n
    boxes: dict[str, dict[str, int]] = {}
    for side in SIDES:
        for hq in sorted(u for u in on_map(content, state, side) if is_hq(content, u)):
            if state.units[hq].has(UNSUPPLIED):
                log.append(LogLine(f"Support Phase: {content.counter(hq).name} is Unsupplied: no Support markers",
                                   ("10.3",)))
                continue
            pool = pools.get(army_of(content, hq), {})
            room = int(content.counter(hq).value("support") or 0)
            box: dict[str, int] = {}
            for kind in sorted(pool):
                take = min(room, pool[kind])
                if take:
                    box[kind] = take
                    pool[kind] -= take
                    room -= take
            if box:
                boxes[hq] = box
    log.append(LogLine(f"Support Phase: markers allocated to {len(boxes)} HQ(s) by the program", ("1.6",)))
    return with_data(state, pools={a: {k: n for k, n in p.items() if n} for a, p in pools.items()}, hq_support=boxes)


def initiative(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """2.1 phase 4: 1d6 each, high roll wins, ties rerolled; 17.1: German on Turns 1-2."""
    if state.turn in special(content).get("german_initiative_turns", ()):
        winner = "German"
        log.append(LogLine(f"Initiative: German, automatically on Turn {state.turn}", ("17.1",)))
    else:
        while True:
            state, allied = state.rolled()
            state, german = state.rolled()
            if allied != german:
                break
        winner = "Allied" if allied > german else "German"
        log.append(LogLine(f"Initiative: Allied {allied}, German {german}: {winner}", ("2.1",)))
    pinned = frozenset()
    if state.turn == 1 and special(content).get("first_turn_us_adjacent_cannot_move"):
        germans = enemy_hexes(content, state, "Allied")
        pinned = frozenset(u for u in on_map(content, state, "Allied")
                           if any(n in germans for n in state.units[u].hex.neighbours()))
    return with_data(state, initiative=winner, acting=winner, passes=0, alone=0, opening=(), activation=None,
                     activations={}, pinned=pinned)


def administrative(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """2.1 phase 6: Activated markers off, victory checked, the turn advanced (17: game over after the last)."""
    from ardennes_qt.rules.vv1944.victory import end_of_turn

    changes = {u: s.with_status(ACTIVATED, False) for u, s in state.units.items() if s.has(ACTIVATED)}
    state = with_data(state.with_units(changes), activation=None, acting="", activations={})
    state = end_of_turn(content, state, log)
    if state.phase == GAME_OVER:
        return state
    if state.turn >= content.scenario.last_turn:
        return replace(state, phase=GAME_OVER)
    log.append(LogLine(f"Turn {state.turn + 1} begins", ("2.1",)))
    return replace(state, turn=state.turn + 1, phase=AIR)
