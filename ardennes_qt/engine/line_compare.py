"""Two lines of play side by side: where each stands (turn, phase, German VP and the result
it means, each side's losses, units moved since the lines parted) and every unit whose
place, steps or DG differ between them."""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.engine.losses import SideLosses, losses
from ardennes_qt.engine.session import Session


@dataclass(frozen=True)
class LineSummary:
    """Where one line of play stands: turn and phase, actions since the lines parted, German VP and
    the result it means, each side's losses and the units moved."""

    name: str
    main: bool
    turn: int
    phase: str
    actions: int  # actions played since the lines parted
    german_vp: int | None  # None: the rule system counts no VP
    result: str  # the result if play ended now ("" when the rule system gives none)
    losses: dict[str, SideLosses]
    moved: int  # units whose place differs from where they stood when the lines parted


@dataclass(frozen=True)
class UnitDifference:
    """A unit whose place, steps or DG differ between two lines of play, described as it stands in
    each."""

    unit: str
    name: str
    side: str
    a: str  # e.g. "B1.16, 2 steps", "dead pile", "B3.03, 1 step, DG"
    b: str


@dataclass(frozen=True)
class Comparison:
    """Two lines of play side by side: where each stands, the actions they share and every unit that
    differs."""

    a: LineSummary
    b: LineSummary
    shared: int  # actions the two lines have in common from the start
    differences: tuple[UnitDifference, ...]


WHERE_WORDS = {"dead": "dead pile", "scheduled": "not yet arrived", "removed": "removed from play", "exited": "left the map"}


def unit_words(content: Content, unit: UnitState) -> str:
    """Where a unit is and how it stands, as the comparison lists it."""
    if unit.where != "map":
        return WHERE_WORDS.get(unit.where, unit.where)
    text = f"{content.map.hex_id(unit.hex)}, {unit.steps} step{'s' if unit.steps != 1 else ''}"
    return text + (", DG" if unit.dg else "")


def time_words(info, conditions_shown: bool = False) -> str:
    """When play stands, as the game counts its time: "Turn 3 (18 Dec 44)"; for a game without
    numbered turns (KGP's CG Dates) its date alone, or nothing where its conditions, shown
    beside (``conditions_shown``), already name it."""
    if info.numbered_turns:
        return f"Turn {info.turn}" + (f" ({info.date})" if info.date else "")
    if not info.date or conditions_shown and any(value == info.date for _, value in info.conditions()):
        return ""
    return info.date


def phase_words(info) -> str:
    """A phase with whose turn it is in, as the sequence of play names it: "German Player Turn:
    Combat", "US Player Turn: Combat" (the two Combat Phases apart), "Game over"."""
    if info.game_over:
        return "Game over"
    return f"{info.segment}: {info.name}" if info.segment else info.name


def _moved(before: GameState, after: GameState) -> int:
    return sum(
        1 for uid, u in after.units.items()
        if uid in before.units and (u.where, u.hex) != (before.units[uid].where, before.units[uid].hex)
    )


def summary(lines: BranchSet, name: str, parted: GameState, since: int) -> LineSummary:
    session: Session = lines.session(name)
    info = session.phase()
    report = session.victory()
    return LineSummary(
        name=name,
        main=name == lines.main,
        turn=info.turn,
        phase=phase_words(info),
        actions=session.history_position - since,
        german_vp=report.current_vp if report is not None else None,
        result=report.result if report is not None else "",
        losses=losses(session.content, session.state_at(0), session.state),
        moved=_moved(parted, session.state),
    )


def compare(lines: BranchSet, a: str, b: str) -> Comparison:
    """Line ``a`` beside line ``b`` now."""
    shared = lines.shared(a, b)
    first, second = lines.session(a), lines.session(b)
    parted = first.state_at(shared)
    content = first.content
    differences = []
    units_a, units_b = first.state.units, second.state.units
    for uid in sorted(set(units_a) | set(units_b)):
        ua, ub = units_a.get(uid), units_b.get(uid)
        if ua is None or ub is None or (ua.where, ua.hex, ua.steps, ua.dg) != (ub.where, ub.hex, ub.steps, ub.dg):
            counter = content.counter(uid)
            differences.append(UnitDifference(
                uid,
                counter.name,
                counter.side,
                unit_words(content, ua) if ua else "not in play",
                unit_words(content, ub) if ub else "not in play",
            ))
    return Comparison(summary(lines, a, parted, shared), summary(lines, b, parted, shared), shared, tuple(differences))
