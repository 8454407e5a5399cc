"""The answers to the US player's bridge Decision during a German move (3.8; see
``bridge_moment``): BlowBridge, which is also the plain attempt at any other moment, and
SpareBridge.  Blown ends the German move where it halted; Tested, or spared, and the move
goes on along the rest of its route."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import bridge_blowing, bridge_moment, moveunits
from ardennes_qt.rules.ardennes2.actions import BlowBridge, SpareBridge


def blow_bridge(content: Content, state: GameState, action: BlowBridge) -> Outcome:
    """3.8: the attempt; when it answers a halted German move, Blown stops that move there."""
    decision = bridge_moment.waiting(state, action.plunger)
    outcome = bridge_blowing.blow_bridge(content, state, action)
    if decision is None:
        return outcome
    after = bridge_moment.closed(outcome.state)
    if bridge_blowing.plunger_state(after, action.plunger) == bridge_blowing.BLOWN:
        names = ", ".join(content.counter(u).name for u in decision.data["units"])
        line = LogLine(f"{names} stop in {decision.data['at']}: the bridge is blown",
                       ("3.8; the rest of the route is not taken, and they may move on with the MPs they have left",))
        return Outcome(after, outcome.changes, (*outcome.log, line))
    return _go_on(content, Outcome(after, outcome.changes, outcome.log), decision)


def spare_bridge(content: Content, state: GameState, action: SpareBridge) -> Outcome:
    """The US player lets the German units move on: no attempt now (3.8)."""
    decision = bridge_moment.waiting(state, action.plunger)
    if decision is None:
        raise Refused(f"no German move waits on the bridges of plunger {action.plunger}", bridge_moment.RULE)
    line = LogLine(f"The US player does not try to blow the bridges of plunger {action.plunger} now", ("3.8",))
    return _go_on(content, Outcome(bridge_moment.closed(state), Changes(markers=True), (line,)), decision)


def _go_on(content: Content, so_far: Outcome, decision) -> Outcome:
    """The rest of the German move; if it cannot go on (a unit removed meanwhile), it stays."""
    try:
        moved = moveunits.move_on(content, so_far.state, decision)
    except Refused as why:
        names = ", ".join(content.counter(u).name for u in decision.data["units"] if u in so_far.state.units)
        line = LogLine(f"{names} stay in {decision.data['at']}", (f"{why}",))
        return Outcome(so_far.state, so_far.changes, (*so_far.log, line))
    return Outcome(moved.state, so_far.changes | moved.changes, (*so_far.log, *moved.log))
