"""Steps lost to a barrage (Barrage Table "#": steps lost, and DG; 1.4; checklist items 14, 43).

The owner of the stack chooses which unit takes each step: the game waits on a Decision of
its own kind, ``barrage_loss``, answered by ``TakeLoss`` (combat's losses wait on a Decision
of theirs, so the two never answer each other).  When there is no choice - one unit can take
the step, or the steps are as many as the stack has - the steps are taken at once.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import TakeLoss
from ardennes_qt.rules.ardennes1994.dg import barrage_affects
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision

BARRAGE_LOSS = "barrage_loss"
RULE = "1.4, Barrage Table"


def loss_candidates(content: Content, state: GameState, h: Hex, side: str) -> list[str]:
    """The units of ``side`` in the hex that can take a barrage's step: not Supply Units, whose
    steps never absorb losses (2.4), nor Hidden Greif Teams (2.1bB)."""
    return [u for u in state.units_at(h) if side_of(content, u) == side and barrage_affects(content, state, u)]


def lose_step(content: Content, state: GameState, unit_id: str) -> tuple[GameState, LogLine]:
    """1.4: the first loss flips the unit (a one-step unit dies); later ones are step loss
    markers; it dies when its hits equal the steps on its back."""
    unit = state.units[unit_id]
    name = content.counter(unit_id).name
    if unit.steps > 1:
        state = state.with_units({unit_id: replace(unit, steps=unit.steps - 1)})
        return state, LogLine(f"{name} loses a step ({unit.steps - 1} left)", ("1.4",))
    state = state.with_units({unit_id: replace(unit, where="dead", hex=None, steps=0, dg=False)})
    return state, LogLine(f"{name} loses its last step: to the dead pile", ("1.4",))


def forced_losses(content: Content, state: GameState, h: Hex, side: str, steps: int) -> tuple[GameState, list[LogLine], int]:
    """Take the steps that leave the owner no choice; the steps still to be chosen."""
    lines: list[LogLine] = []
    while steps > 0:
        units = loss_candidates(content, state, h, side)
        if not units:
            lines.append(LogLine(f"{steps} step loss(es) more than the stack in {content.map.hex_id(h)} had", (RULE,)))
            return state, lines, 0
        if len(units) > 1 and steps < sum(state.units[u].steps for u in units):
            return state, lines, steps
        state, line = lose_step(content, state, units[0])
        lines.append(line)
        steps -= 1
    return state, lines, 0


def open_losses(content: Content, state: GameState, h: Hex, side: str, steps: int) -> tuple[GameState, list[LogLine]]:
    """The barrage's steps lost in ``h``: those without a choice at once, the rest waited for."""
    state, lines, steps = forced_losses(content, state, h, side, steps)
    if steps:
        data = rules_data(state)
        decision = Decision(BARRAGE_LOSS, side, {"hex": h, "steps": steps}, RULE)
        state = with_rules(state, replace(data, pending=(*data.pending, decision)))
        lines.append(LogLine(f"{side} player: choose the unit(s) to take {steps} step loss(es) in {content.map.hex_id(h)}", (RULE,)))
    return state, lines


def take_barrage_loss(content: Content, state: GameState, action: TakeLoss) -> Outcome:
    """The owner's choice of the unit that takes the next step of a barrage's loss."""
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != BARRAGE_LOSS:
        raise Refused("no barrage step loss is waiting to be taken", RULE)
    decision = data.pending[0]
    h, side, steps = decision.data["hex"], decision.side, int(decision.data["steps"])
    if action.unit not in loss_candidates(content, state, h, side):
        raise Refused(f"{action.unit} cannot take this loss: the step comes from a unit of the barraged stack in "
                      f"{content.map.hex_id(h)} (not a Supply Unit or a Hidden Greif Team)", "1.4, 2.4, 2.1bB")
    before = state
    state = with_rules(state, replace(data, pending=data.pending[1:]))
    state, line = lose_step(content, state, action.unit)
    state, lines, steps = forced_losses(content, state, h, side, steps - 1)
    if steps:
        data = rules_data(state)
        state = with_rules(state, replace(data, pending=(replace(decision, data={"hex": h, "steps": steps}), *data.pending)))
    units = frozenset(u for u in before.units if before.units[u] != state.units[u])
    return Outcome(state, Changes(units=units, hexes=frozenset({h}), phase=True), (line, *lines))


def loss_words(content: Content, state: GameState, unit_id: str) -> str:
    """An answer in the player's words: who takes the step and what it leaves (1.4)."""
    name, left = content.counter(unit_id).name, state.units[unit_id].steps - 1
    return f"{name} takes the step" + (f" ({left} step(s) left)" if left else ": it dies")


def loss_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    h, side = decision.data["hex"], decision.side
    return [Choices(f"take a barrage step loss in {content.map.hex_id(h)}", side,
                    lambda: [TakeLoss(u) for u in loss_candidates(content, state, h, side)], "answer")]
