"""A barrage (1.10, 1.10b, 3.2c; checklist items 41-43, 45): any number of guns of the side
whose Barrage Phase it is, with US Air Points in a US one, fire together at one hex; two dice
on the Barrage Table; the stack is DG'd and loses the steps the table gives (the owner
choosing which units, barrage_loss.py).

Who may fire is artillery.py, the Air Points air.py, the column and chances
barrage_table.py, DG dg.py.  The families of legal actions are one per hex that may be
barraged now.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import Barrage, TakeLoss
from ardennes_qt.rules.ardennes1994.air import air_checks, air_points, air_points_left, spend_air_points
from ardennes_qt.rules.ardennes1994.artillery import (
    barrage_side,
    gun_checks,
    gun_points,
    guns_for,
    ready_guns,
    target_check,
    targets_of,
)
from ardennes_qt.rules.ardennes1994.barrage_loss import BARRAGE_LOSS, loss_answers, open_losses, take_barrage_loss
from ardennes_qt.rules.ardennes1994.barrage_table import DG, NO_EFFECT, BarrageChances, barrage_chances, columns, steps_lost
from ardennes_qt.rules.ardennes1994.dg import disorganize
from ardennes_qt.rules.ardennes1994.phases import ALLIED, BARRAGE, enemy_of
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of, with_rules
from ardennes_qt.rules.common.checks import refuse_unless

PART = Part()


def parse_target(content: Content, text: str) -> Hex:
    try:
        return content.map.parse(text)
    except HexIdError as exc:
        raise Refused(str(exc)) from None


def estimated(content: Content, guns: tuple[str, ...]) -> bool:
    """Whether a gun's barrage strength is an estimate (no counter values are printed, M7)."""
    return any(content.counter(g).source_of("full").startswith("estimated") for g in guns)


def chances_of(content: Content, state: GameState, target: Hex, side: str, guns: tuple[str, ...], air: int) -> BarrageChances:
    """The chances of these guns and Air Points together at the hex."""
    points = [gun_points(content, state, g) for g in guns]
    if air:
        points.append(air_points(air))
    return barrage_chances(content, state, target, side, points, estimated(content, guns))


def barrage_checks(content: Content, state: GameState, action: Barrage, target: Hex) -> None:
    """Refuse a barrage any clause forbids (1.10, 1.10b, 3.2)."""
    side = barrage_side(state)
    if not side:
        raise Refused("barrages are fired in a Barrage Phase", "1.2, 1.10")
    if not action.artillery and not action.air_points:
        raise Refused("a barrage needs artillery or US Air Points", "1.10bB, 3.2c")
    if len(set(action.artillery)) != len(action.artillery):
        raise Refused("a gun fires once in a barrage: its fire cannot be split", "1.10bA")
    for gun in action.artillery:
        if gun in content.counters and side_of(content, gun) != side:
            raise Refused(f"{content.counter(gun).name} is not {side}: this is the {side} Barrage Phase", "1.2, 1.10")
        refuse_unless(gun_checks(content, state, gun, target))
    if action.air_points < 0:
        raise Refused("Air Points are counted from 1", "3.2")
    if action.air_points:
        if side != ALLIED:
            raise Refused("only the US has Air Points", "3.2")
        refuse_unless(air_checks(content, state, target, action.air_points))
    refuse_unless([target_check(content, state, side, target)])


def column_words(chances: BarrageChances) -> str:
    """"14 point(s) on the 13-17 column", "5 point(s) on the 4-5 column, shifted to the 2-3 column"."""
    total = chances.total
    fired = f"{total} point(s)" if total.denominator == 1 else f"{float(total):g} points"
    first = columns()[chances.first_column] if chances.first_column is not None else "no column (under 1 point)"
    words = f"{fired} on the {first} column" if chances.first_column is not None else f"{fired}: {first}"
    if chances.first_column is not None and chances.column != chances.first_column:
        words += f", shifted to the {chances.column_name}" + (" column" if chances.column is not None else "")
    return words


def barrage(content: Content, state: GameState, action: Barrage) -> Outcome:
    """Fire: two dice on the Barrage Table (1.10bB), the guns marked as fired (1.10bA), the Air
    Points spent (3.2), the result applied to the stack (1.11, 1.4)."""
    target = parse_target(content, action.target)
    barrage_checks(content, state, action, target)
    side = barrage_side(state)
    chances = chances_of(content, state, target, side, action.artillery, action.air_points)
    state, a = state.rolled()
    state, b = state.rolled()
    result = chances.result(a + b)
    data = rules_data(state)
    state = with_rules(state, data.with_record(fired=data.record.fired | set(action.artillery)))
    if action.air_points:
        state = spend_air_points(state, action.air_points)
    before = state
    words = {NO_EFFECT: "no effect", DG: "DG"}.get(result, f"{result} step(s) lost and DG")
    log = [LogLine(f"{side} barrage of {action.target}: {column_words(chances)}; rolled {a}+{b} = {a + b}: {words}",
                   chances.reasons())]
    if result != NO_EFFECT:
        owner = enemy_of(side)
        state, lines = disorganize(content, state, target)
        log += lines
        state, lines = open_losses(content, state, target, owner, steps_lost(result))
        log += lines
    units = frozenset(u for u in state.units if before.units[u] != state.units[u]) | frozenset(action.artillery)
    return Outcome(state, Changes(units=units, hexes=frozenset({target}), phase=True, markers=True), tuple(log))


# --- the families of legal actions ---------------------------------------------------------------


def barrage_targets(content: Content, state: GameState, side: str) -> dict[Hex, list[str]]:
    """Every hex ``side`` may barrage now, with the guns that may fire at it (none: Air Points only)."""
    out: dict[Hex, list[str]] = {}
    for gun in ready_guns(content, state, side):
        for h in targets_of(content, state, gun):
            out.setdefault(h, []).append(gun)
    if side == ALLIED and air_points_left(state):
        for h in state.occupied():
            if h not in out and target_check(content, state, side, h).ok:
                out[h] = []  # 3.2a: Air Points have no range limit
    return out


def barrages_at(content: Content, state: GameState, target: Hex, guns: list[str]) -> list[Barrage]:
    """A hex's barrages, a few of all the combinations: each gun alone, all of them together,
    and with each number of US Air Points left (alone or with all the guns).  Any other
    combination is legal too (``Barrage`` takes any guns that may fire)."""
    where = content.map.hex_id(target)
    out = [Barrage((g,), where) for g in guns]
    if len(guns) > 1:
        out.append(Barrage(tuple(guns), where))
    if barrage_side(state) == ALLIED:
        for n in range(1, air_points_left(state) + 1):
            out.append(Barrage((), where, n))
            if guns:
                out.append(Barrage(tuple(guns), where, n))
    return out


def barrage_choices(content: Content, state: GameState) -> list[Choices]:
    side = BARRAGE.get(state.phase, "")
    if not side:
        return []
    targets = barrage_targets(content, state, side)
    return [Choices(f"barrage {content.map.hex_id(h)}", side, lambda h=h, guns=guns: barrages_at(content, state, h, guns), "barrage",
                    hex=content.map.hex_id(h), units=tuple(guns))
            for h, guns in sorted(targets.items(), key=lambda kv: content.map.numbering.index(kv[0]))]


def may_fire_at(content: Content, state: GameState, target: Hex) -> list[str]:
    """The guns of the side in its Barrage Phase that may fire at the hex now."""
    side = barrage_side(state)
    return guns_for(content, state, side, target) if side else []


PART.handlers[Barrage] = barrage
PART.offer(barrage_choices, *BARRAGE)
PART.answers[BARRAGE_LOSS] = (TakeLoss,)
PART.answer_handlers[BARRAGE_LOSS] = take_barrage_loss
PART.decision_choices[BARRAGE_LOSS] = loss_answers
