"""Positions for the combat tests of The Ardennes (1994): a shipped scenario's content and map,
its set-up as printed or only the units a test names, in the phase it asks for, with the
rules' own state set as it says (Air Points, Reserves, modes...), and dice that throw the
d66 readings it wants.

Hexes used on the representative map (all in 5.3's play area): A37.28 lies in open ground
with no road, river or unit within 3 hexes; B2.26 is Forest among forest, B5.13 a Village
and B15.28 the City of Bastogne among open hexes, A11.08 Forest & Village; B3.20|B4.20 is a
River hexside between open hexes, B9.17|B9.18 a bridge, A10.35|A11.36 the Meuse unbridged.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ardennes_qt.core.content import Content
from ardennes_qt.core.dice import die_value
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.situation import rules_data
from ardennes_qt.store.library import load_content


@lru_cache(maxsize=None)
def content(scenario: str = "5.3") -> Content:
    return load_content(f"ardennes1994/{scenario}")


def game(phase: str = "ge_combat", place: dict[str, str] | None = None, *, alone: bool = False, scenario: str = "5.3",
         turn: int | None = None, throws: tuple[int, ...] = (), dg=(), statuses: dict[str, set[str]] | None = None,
         steps: dict[str, int] | None = None, **rules) -> Session:
    """A session in ``phase``: ``place`` puts units (id -> hex id) where the test wants them,
    ``alone`` takes every other unit off the map; ``rules`` replace fields of the rules' own
    state; ``throws`` are the d66 readings the next throws give."""
    c = content(scenario)
    state = Session(c, 1).state
    if alone:
        state = state.with_units({u: replace(s, where="removed", hex=None) for u, s in state.units.items()})
    for uid, hex_id in (place or {}).items():
        state = state.placed((uid,), c.map.parse(hex_id))
    state = state.with_units({u: replace(state.units[u], dg=True) for u in dg})
    state = state.with_units({u: replace(state.units[u], statuses=frozenset(s)) for u, s in (statuses or {}).items()})
    state = state.with_units({u: replace(state.units[u], steps=n) for u, n in (steps or {}).items()})
    state = replace(state, phase=phase, turn=turn or state.turn, rules=replace(rules_data(state), **rules))
    if throws:
        state = replace(state, seed=seed_throwing(state.draws, throws))
    return Session(c, 1, initial=state)


def seed_throwing(draws: int, readings: tuple[int, ...]) -> int:
    """A seed whose next d66 throws (first die the tens) read ``readings``, in order."""
    for seed in range(2_000_000):
        at = draws
        for reading in readings:
            if 10 * die_value(seed, at) + die_value(seed, at + 1) != reading:
                break
            at += 2
        else:
            return seed
    raise AssertionError(f"no seed throws {readings}")


def where(session: Session, unit_id: str) -> str:
    u = session.state.units[unit_id]
    return session.map.hex_id(u.hex) if u.where == "map" else u.where
