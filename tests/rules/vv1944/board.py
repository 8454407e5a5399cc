"""Positions for Ardennes 1944 rule tests: units put on chosen hexes of the shipped map, and an
activation under way with the AP given."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.state import GameState
from ardennes_qt.engine import Session
from ardennes_qt.rules.vv1944.actions import PlaceSplit
from ardennes_qt.rules.vv1944.sequence import OPERATIONS
from ardennes_qt.rules.vv1944.state import Activation, data


def set_up(session: Session) -> Session:
    """The German set-up done, each two-hex division's counters in the first hexes they may take."""
    while data(session.state).to_place:
        family = session.choices()[0]
        session.apply(family.actions()[0])
    return session


def cleared(session: Session) -> GameState:
    """The opening position with every unit off the map (scheduled)."""
    state = session.state
    return state.with_units({u: replace(s, where="scheduled", hex=None) for u, s in state.units.items()})


def activated(session: Session, state: GameState, placed: dict[str, str], moving: tuple[str, ...], ap: int | None = None,
              side: str = "Allied") -> GameState:
    """``placed`` units on their hexes, and a general activation of ``moving`` with ``ap`` AP each
    (their own by default)."""
    from ardennes_qt.rules.vv1944.forces import base_ap

    for uid, hex_id in placed.items():
        state = state.placed((uid,), session.map.parse(hex_id))
    aps = {u: ap if ap is not None else base_ap(session.content, u) for u in moving}
    rules = replace(data(state), acting=side, initiative=side, pinned=frozenset(), opening=("-",),
                    activation=Activation("general", units=tuple(moving), ap=aps))
    return replace(state, phase=OPERATIONS, rules=rules)


def session_at(session: Session, state: GameState) -> Session:
    return Session(session.content, session.seed, initial=state)


__all__ = ["PlaceSplit", "set_up", "cleared", "activated", "session_at"]
