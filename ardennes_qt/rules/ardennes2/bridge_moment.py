"""The US player's moment to blow a bridge while a German stack moves (3.8 "at any moment";
checklist item 82).

A German move is one action, yet 3.8 lets the US player try to blow a bridge "at any moment
in any Phase".  The moment that matters is the last one (reading): the instant before a
German unit enters a hex of one of the plunger's bridge hexsides - from then on "No German
unit occupies any hex which is made up (in part) by the bridge's hexside" fails - or the
plunger's own hex, which marks its bridges Tested with no roll.  The move halts in the hex
before, on the near side, and the US player is asked (a Decision) if some US unit could
try now; otherwise nothing is asked and the move goes on.

- Blown: the move ends there; the rest of the route is not taken, and the stack may move on
  with the MPs it has left.
- Tested, or no attempt: the rest of the route is taken; that plunger is not offered again
  in the same move.

A move on the way to an Overrun that reaches such a moment is refused, as when it makes
artillery Bug Out: the stack moves there first, then overruns (``overrun._approach``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import BlowBridge, SpareBridge
from ardennes_qt.rules.ardennes2.bridge_blowing import (
    PLUNGER_REACH,
    PRIMED,
    bridge_blowing_allowed,
    plunger_bridges,
    plunger_state,
)
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.movecontext import Mover
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of, with_rules

DECISION = "bridge_blowing"
RULE = "3.8"


class Moment(NamedTuple):
    """Where a moving stack halts for the US player: ``at`` is the position in the route of
    the hex it stands in, about to enter the next; ``blowers`` the US units that may try."""

    at: int
    plunger: str
    blowers: tuple[str, ...]


def closing_hexes(content: Content, state: GameState) -> dict[Hex, tuple[str, ...]]:
    """Each hex a German unit would close a primed plunger's chance by entering (3.8): the hexes
    of its bridges' hexsides and its own hex, with the plungers each closes."""
    out: dict[Hex, list[str]] = {}
    for plunger, where in sorted(content.map.plungers.items()):
        bridges = plunger_bridges(content, plunger)
        if not bridges or plunger_state(state, plunger) != PRIMED:
            continue
        for h in {where, *(h for side in bridges for h in side.hexes)}:
            out.setdefault(h, []).append(plunger)
    return {h: tuple(p) for h, p in out.items()}


def blowers(content: Content, state: GameState, plunger: str) -> tuple[str, ...]:
    """The US units that may try to blow ``plunger``'s bridges now (3.8), nearest first."""
    where = content.map.plungers[plunger]
    near = sorted(
        (where.distance(h), content.map.hex_id(h), uid)
        for h in where.within(PLUNGER_REACH)
        for uid in state.units_at(h)
        if side_of(content, uid) == ALLIED
    )
    return tuple(uid for _, _, uid in near if bridge_blowing_allowed(content, state, plunger, uid)[0])


def first_moment(content: Content, state: GameState, m: Mover, route: list[int], asked: frozenset[str] = frozenset()) -> Moment | None:
    """The first point of a German stack's ``route`` where the US player may blow a bridge
    before the stack closes the chance (the module's reading), or None.  ``asked``: plungers
    already offered in this move."""
    if m.side != GERMAN:
        return None
    closing = closing_hexes(content, state)
    if not closing:
        return None
    hexes = m.index.hexes
    for k, j in enumerate(route[1:]):
        for plunger in closing.get(hexes[j], ()):
            if plunger in asked:
                continue
            here = state.placed(m.ids, hexes[route[k]]) if k else state
            able = blowers(content, here, plunger)
            if able:
                return Moment(k, plunger, able)
    return None


def moment_decision(content: Content, m: Mover, route: list[int], moment: Moment, asked: frozenset[str]) -> Decision:
    """The US player's Decision at ``moment``, with what the German move needs to go on."""
    hex_id = content.map.hex_id
    hexes = m.index.hexes
    return Decision(
        DECISION,
        ALLIED,
        {
            "plunger": moment.plunger,
            "units": m.ids,
            "at": hex_id(hexes[route[moment.at]]),
            "rest": tuple(hex_id(hexes[j]) for j in route[moment.at + 1:]),
            "asked": tuple(sorted(asked | {moment.plunger})),
            "blowers": moment.blowers,
        },
        RULE,
    )


def opened(state: GameState, decision: Decision) -> GameState:
    data = rules_data(state)
    return with_rules(state, replace(data, pending=(decision, *data.pending)))


def waiting(state: GameState, plunger: str) -> Decision | None:
    """The bridge Decision the game waits for about ``plunger``, if it is the first pending."""
    pending = rules_data(state).pending
    if pending and pending[0].kind == DECISION and pending[0].data["plunger"] == plunger:
        return pending[0]
    return None


def closed(state: GameState) -> GameState:
    """The state without its first pending Decision (the bridge Decision just answered)."""
    data = rules_data(state)
    return with_rules(state, replace(data, pending=data.pending[1:]))


def moment_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    """Try to blow the bridges with one of the US units able to, or let the Germans move on."""
    plunger = decision.data["plunger"]

    def actions() -> list:
        return [*(BlowBridge(plunger, u) for u in blowers(content, state, plunger)), SpareBridge(plunger)]

    return [Choices(f"bridges of plunger {plunger}", decision.side, actions, "answer")]
