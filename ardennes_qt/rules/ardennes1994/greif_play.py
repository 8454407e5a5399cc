"""What the players do with the Greif Teams (checklist items 29, 53; 2.1bC, 2.1bD).

- ``RevealGreif``: a Hidden team becomes Open, at any moment of any phase, even while a
  Decision waits (2.1bD); it is offered in both sides' Movement Phases and as an answer when
  the US points at a bridge the team could stand on (bridges.py).  Opening as the US points
  at a bridge settles that attempt (3.1).
- ``Redirect``: the German's answer when a US unit moves into a Hidden team's hex (travel.py).
  An empty road lets it pass: no roll, it goes on.  A road: the US rolls on the Greif Team
  Discovery Table (1-4 none, 5-6 the team is destroyed); discovered, the team is removed and
  the unit moves on as it meant to; not discovered, the unit goes down the road with its 5
  bonus MP and stops for the phase (greif.py).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import Redirect, RevealGreif
from ardennes_qt.rules.ardennes1994.bridges import after_reveal
from ardennes_qt.rules.ardennes1994.entering import enter_hex
from ardennes_qt.rules.ardennes1994.greif import REDIRECT, hidden_teams, open_team, redirect_roads, redirect_route, reveal_hexes
from ardennes_qt.rules.ardennes1994.movement import finish, mover, mps
from ardennes_qt.rules.ardennes1994.phases import GERMAN, MOVEMENT
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.sequence import changes_between
from ardennes_qt.rules.ardennes1994.situation import greif, hidden, rules_data, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.travel import go_on

PART = Part()


def reveal(content: Content, state: GameState, action: RevealGreif) -> Outcome:
    """2.1bD: the German opens a Hidden Greif Team, in its hex or one next to it."""
    uid = action.unit
    if uid not in state.units or not greif(content, uid):
        raise Refused(f"{uid} is not a Greif Team", "2.1b")
    if not hidden(state, uid) or state.units[uid].where != "map":
        raise Refused(f"{content.counter(uid).name} is not a Hidden team on the map: an Open team never hides again", "2.1bD")
    try:
        to = content.map.parse(action.to)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    if to not in reveal_hexes(content, state, uid):
        raise Refused(f"{content.counter(uid).name} opens in its hex or one next to it, in play, never with Allied units, "
                      "another Greif Team or over the stacking limit", "2.1bD, 2.1bE, 1.3")
    was = state
    state, lines = open_team(content, state, uid, to)
    state, more = after_reveal(content, state)
    return Outcome(state, changes_between(was, state) | Changes(units=frozenset({uid})), tuple(lines + more))


def reveal_choices(content: Content, state: GameState) -> list[Choices]:
    hex_id = content.map.hex_id
    return [Choices(f"open {content.counter(u).name}", GERMAN,
                    lambda u=u: [RevealGreif(u, hex_id(h)) for h in reveal_hexes(content, state, u)], "reveal",
                    hex=hex_id(state.units[u].hex) if state.units[u].hex is not None else "", units=(u,))
            for u in hidden_teams(content, state) if reveal_hexes(content, state, u)]


def redirect(content: Content, state: GameState, action: Redirect) -> Outcome:
    """2.1bC: the German redirects the US unit that moved into his Hidden team's hex, or not."""
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != REDIRECT:
        raise Refused("traffic is redirected only when a US unit moves into a Hidden Greif Team's hex", "2.1bC")
    d = data.pending[0]
    unit, team, here, rest = d.data["unit"], d.data["team"], d.data["hex"], tuple(d.data["rest"])
    was = state
    state = with_rules(state, replace(data, pending=data.pending[1:]))
    name = content.counter(unit).name
    if not action.road:
        state, lines = go_on(content, state, unit, rest)
        return Outcome(state, changes_between(was, state), (LogLine(f"{name} moves on", ()), *lines))
    if not hidden(state, team) or state.units[team].hex != here:
        raise Refused("only a Hidden Greif Team redirects traffic", "2.1bC")
    try:
        first = content.map.parse(action.road)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    m = mover(content, state, unit)
    if first not in redirect_roads(content, m, here):
        raise Refused(f"{action.road} is not the first hex of a road the unit can follow from {content.map.hex_id(here)}", "2.1bC")
    state, roll = state.rolled()
    table_row = table("special")["greif_discovery"]
    team_name = content.counter(team).name
    if roll in table_row["destroyed"]:
        state = state.moved_off((team,), "dead")
        found = LogLine(f"{team_name} tries to redirect {name} and is discovered: destroyed",
                        (f"2.1bC Greif Team Discovery Table: rolled {roll} (5-6 destroyed)",))
        state, lines = go_on(content, state, unit, rest)
        return Outcome(state, changes_between(was, state), (found, *lines))
    route, spent, why = redirect_route(content, m, here, first)
    lines = []
    for a, b in zip(route, route[1:]):
        state, entered = enter_hex(content, state, unit, b, a)
        lines += entered
    state = finish(state.placed((unit,), route[-1]), unit)
    data = rules_data(state)
    state = with_rules(state, data.with_record(redirected=data.record.redirected | {unit}))
    hex_id = content.map.hex_id
    text = (f"{team_name} redirects {name} down the road from {hex_id(here)} to {hex_id(route[-1])}, "
            f"{mps(spent)} of its 5 bonus MP; it stops there for the phase ({why})")
    why_lines = (f"2.1bC Greif Team Discovery Table: rolled {roll} (1-4 none)", "2.1bC: 5 bonus MP along the road")
    return Outcome(state, changes_between(was, state) | Changes(hexes=frozenset(route)), (LogLine(text, why_lines), *lines))


def redirect_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    def answers():
        unit, team, here = decision.data["unit"], decision.data["team"], decision.data["hex"]
        out = [Redirect("")]
        if hidden(state, team) and state.units[team].hex == here:
            out += [Redirect(content.map.hex_id(h)) for h in redirect_roads(content, mover(content, state, unit), here)]
        return out

    return [Choices("redirect traffic", GERMAN, answers, "answer")]


PART.handlers[RevealGreif] = reveal
PART.handlers[Redirect] = redirect
PART.anytime = (RevealGreif,)
PART.decision_choices[REDIRECT] = redirect_answers
PART.answers[REDIRECT] = (Redirect,)
PART.offer(reveal_choices, *MOVEMENT)
