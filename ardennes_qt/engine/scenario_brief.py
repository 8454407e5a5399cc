"""A scenario in a few lines, for choosing one: its turns and dates, where it is played,
the forces of each side and how it is won, in the setup sheet's words."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet_words import RULE_HEADINGS, play_area_words, turn_span, units_count
from ardennes_qt.engine.systems import sides_of


def forces_words(content: Content) -> str:
    """ "Allied: 15 units set up, 2 arrive later. German: 24 units set up, 4 arrive later." """
    scenario = content.scenario
    sides = sorted(sides_of(content.system))  # the game's sides, Allied before German as ever
    set_up = {side: 0 for side in sides}
    for placement in scenario.placements:
        set_up[content.counter(placement.counter).side] += 1
    arriving = {side: 0 for side in sides}
    for arrival in scenario.arrivals:
        if not arrival.remove and scenario.first_turn <= arrival.turn <= scenario.last_turn:
            arriving[arrival.side] += len(arrival.counters)
    parts = []
    for side in sides:
        later = f", {arriving[side]} arrive later" if arriving[side] else ""
        parts.append(f"{side}: {units_count(set_up[side])} set up{later}.")
    return " ".join(parts)


def scenario_brief(content: Content) -> tuple[tuple[str, str], ...]:
    """(heading, words) pairs: turns, play area, forces, victory conditions, special rules."""
    turns, dates = turn_span(content.scenario)
    text = content.scenario.text
    brief = [
        ("Turns", f"{turns}: {dates}" if dates else turns),
        ("Play area", play_area_words(content)),
        ("Forces", forces_words(content)),
    ]
    brief += [(RULE_HEADINGS[key], text[key]) for key in ("victory", "special") if text.get(key)]
    missing = not_played_yet(content)
    if missing:
        brief.append(("Not played by the rules yet", "\n".join(missing)))
    return tuple(brief)


def not_played_yet(content: Content) -> tuple[str, ...]:
    """What of the scenario's game the program does not play by its rules yet (its schema says)."""
    from ardennes_qt.engine.systems import system_for

    try:
        return system_for(content.system).schema().not_played_yet
    except KeyError:
        return ()
