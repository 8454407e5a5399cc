"""Bridges and dumps the players destroy (checklist items 55, 56, 49; 2.3c, 2.5d, 3.1).

The US Bridge Blowing & Repair phase (3.1): up to three attempts (one in 5.1:
``options.toml [bridge_attempts_per_turn]``), one per bridge, blowing (Bridge Blowing Table,
1d6: 4-6 blown) or repairing a blown bridge (Bridge Repair Table, 1d6: 5-6 repaired).  No
attempt on a bridge with a German combat unit or an Open Greif Team in either of its hexes,
on a German-built bridge (2.3c), or on one the Germans crossed last.  When a Hidden Greif
Team could open on the bridge, the German is asked before the die (2.1bD): opening there
thwarts the attempt, which still counts as used (3.1).

The German blows a captured dump in any German phase, without a roll (2.5d): ``BlowDump``.

The table's ``Bridges`` capability (core.system) speaks of plungers and units that blow
them (Ardennes II); this game has neither, so the attempts are offered as legal actions
(kind "blow_bridge").  A capability for both games would ask: the bridges a hex touches with
their state (intact, blown, German-built) and who crossed them last; for one bridge, whether
an attempt (blow or repair) may be made now, and why not; and the chance of success.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import BlowBridge, BlowDump, KeepHidden, RevealGreif
from ardennes_qt.rules.ardennes1994.greif import hidden_teams, reveal_hexes
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, phasing_side
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import is_combat_unit, rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.terrain import german_bridges

PART = Part()
BRIDGE_PHASE = "bridges"
GREIF_AT_BRIDGE = "greif_at_bridge"


def bridge_id(content: Content, side: Hexside) -> str:
    """A bridge as its two hexes, "B45.29|B45.28"."""
    a, b = side.hexes
    return f"{content.map.hex_id(a)}|{content.map.hex_id(b)}"


def parse_bridge(content: Content, text: str) -> Hexside:
    first, _, second = text.partition("|")
    try:
        a, b = content.map.parse(first), content.map.parse(second)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    if a.direction_to(b) is None:
        raise Refused(f"{text}: a bridge is named by the two hexes next to each other it joins")
    return Hexside.between(a, b)


def attempts_per_phase(content: Content) -> int:
    """3.1: three attempts a phase; 5.1: "only one bridge blowing attempt per turn"."""
    row = table("options")["bridge_attempts_per_turn"]
    return int(row.get("scenarios", {}).get(content.scenario.id, row["default"]))


def germans_at(content: Content, state: GameState, side: Hexside) -> list[str]:
    """3.1: German combat units or Open Greif Teams in a hex of the bridge's hexside."""
    return [u for h in side.hexes for u in state.units_at(h)
            if side_of(content, u) == GERMAN and is_combat_unit(content, state, u)]


def attempt_refusal(content: Content, state: GameState, side: Hexside, repair: bool) -> Refused | None:
    """3.1, 2.3c: why this attempt may not be made now, or None."""
    data = rules_data(state)
    if state.phase != BRIDGE_PHASE:
        return Refused("bridges are blown or repaired in the US Bridge Blowing & Repair phase", "1.2, 3.1")
    if side not in content.map.bridges:
        if side in german_bridges(content, state):
            return Refused("German-built bridges cannot be blown by the US", "2.3c")
        return Refused("there is no bridge there", "3.1")
    if not any(content.map.contains(h) and content.in_play_area(h) for h in side.hexes):
        return Refused("the bridge is not in the play area", "5.x")
    blown = side in data.blown
    if repair and not blown:
        return Refused("only a blown bridge can be repaired", "3.1")
    if not repair and blown:
        return Refused("the bridge is already blown", "3.1")
    limit = attempts_per_phase(content)
    if data.record.bridge_attempts >= limit:
        return Refused(f"all {limit} attempt(s) of this phase are used", "3.1" if limit == 3 else "5.1")
    if side in data.record.bridges_tried:
        return Refused("one attempt a phase against a bridge", "3.1")
    if germans_at(content, state, side):
        return Refused("a German combat unit or Open Greif Team is in a hex of the bridge", "3.1")
    if data.last_crossed.get(side) == GERMAN:
        return Refused("the Germans were the last to cross it", "3.1")
    return None


def thwarting_teams(content: Content, state: GameState, side: Hexside) -> list[tuple[str, str]]:
    """2.1bD: (team, hex) for each Hidden Greif Team that could open on the bridge now."""
    return [(u, content.map.hex_id(h)) for u in hidden_teams(content, state)
            for h in reveal_hexes(content, state, u) if h in side.hexes]


def blow_bridge(content: Content, state: GameState, action: BlowBridge) -> Outcome:
    side = parse_bridge(content, action.bridge)
    if refusal := attempt_refusal(content, state, side, action.repair):
        raise refusal
    data = rules_data(state)
    state = with_rules(state, data.with_record(bridge_attempts=data.record.bridge_attempts + 1,
                                               bridges_tried=data.record.bridges_tried | {side}))
    what = "repair" if action.repair else "blow"
    if thwarting_teams(content, state, side):
        decision = Decision(GREIF_AT_BRIDGE, GERMAN, {"bridge": action.bridge, "repair": action.repair}, "2.1bD, 3.1")
        data = rules_data(state)
        state = with_rules(state, replace(data, pending=(*data.pending, decision)))
        return Outcome(state, Changes(phase=True),
                       (LogLine(f"The US points at the bridge {action.bridge.replace('|', '-')} to {what} it", ("3.1",)),))
    state, line = _roll(content, state, side, action.repair)
    return Outcome(state, Changes(hexes=frozenset(side.hexes), markers=True), (line,))


def _roll(content: Content, state: GameState, side: Hexside, repair: bool) -> tuple[GameState, LogLine]:
    """3.1: one die on the Bridge Blowing or the Bridge Repair Table."""
    state, roll = state.rolled()
    name = bridge_id(content, side).replace("|", "-")
    data = rules_data(state)
    if repair:
        success = roll in table("special")["bridge_repair"]["repaired"]
        blown = data.blown - {side} if success else data.blown
        text = f"The bridge {name} is repaired" if success else f"The bridge {name} is not repaired"
        why = (f"3.1 Bridge Repair Table: rolled {roll} (5-6 repaired)",)
    else:
        success = roll in table("special")["bridge_blowing"]["blown"]
        blown = data.blown | {side} if success else data.blown
        text = f"The bridge {name} is blown" if success else f"The bridge {name} holds"
        why = (f"3.1 Bridge Blowing Table: rolled {roll} (4-6 blown)",)
    return with_rules(state, replace(data, blown=blown)), LogLine(text, why)


def after_reveal(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """A Greif Team opened while the US pointed at a bridge: the attempt is thwarted if the team
    now stands on it (and counts as used), else it is rolled."""
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != GREIF_AT_BRIDGE:
        return state, []
    d = data.pending[0]
    state = with_rules(state, replace(data, pending=data.pending[1:]))
    side = parse_bridge(content, d.data["bridge"])
    if germans_at(content, state, side):
        return state, [LogLine(f"The attempt on the bridge {d.data['bridge'].replace('|', '-')} is thwarted; it counts as used",
                               ("3.1", "2.1bD"))]
    state, line = _roll(content, state, side, bool(d.data["repair"]))
    return state, [line]


def keep_hidden(content: Content, state: GameState, action: KeepHidden) -> Outcome:
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != GREIF_AT_BRIDGE:
        raise Refused("nothing waits for the Greif Teams now", "2.1bD")
    d = data.pending[0]
    state = with_rules(state, replace(data, pending=data.pending[1:]))
    side = parse_bridge(content, d.data["bridge"])
    state, line = _roll(content, state, side, bool(d.data["repair"]))
    return Outcome(state, Changes(hexes=frozenset(side.hexes), markers=True, phase=True), (line,))


def greif_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    side = parse_bridge(content, decision.data["bridge"])
    return [Choices("open a Greif Team on the bridge, or not", GERMAN,
                    lambda: [KeepHidden(), *(RevealGreif(u, h) for u, h in thwarting_teams(content, state, side))], "answer")]


def bridge_choices(content: Content, state: GameState) -> list[Choices]:
    """One family for each bridge the US may try to blow or repair now, about both its hexes."""
    data = rules_data(state)
    if data.record.bridge_attempts >= attempts_per_phase(content):
        return []
    out = []
    for side in sorted(content.map.bridges):
        repair = side in data.blown
        if attempt_refusal(content, state, side, repair) is None:
            action = BlowBridge(bridge_id(content, side), repair)
            a, b = (content.map.hex_id(h) for h in side.hexes)
            out.append(Choices(f"{'repair' if repair else 'blow'} the bridge {a}–{b}", ALLIED, lambda action=action: [action],
                               "blow_bridge", hex=a, also=(b,)))
    return out


# --- captured dumps (2.5d) -----------------------------------------------------------------------


def blow_dump(content: Content, state: GameState, action: BlowDump) -> Outcome:
    """2.5d: "The German player can blow any captured dump during any German phase" - no roll."""
    if phasing_side(state.phase) != GERMAN:
        raise Refused("the German blows his captured dumps in a German phase", "2.5d")
    try:
        h = content.map.parse(action.hex)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    data = rules_data(state)
    dump = data.dumps.get(h)
    if dump is None or dump.owner != GERMAN:
        raise Refused(f"there is no captured dump at {action.hex}", "2.5d")
    dumps = {k: v for k, v in data.dumps.items() if k != h}
    state = with_rules(state, replace(data, dumps=dumps))
    return Outcome(state, Changes(hexes=frozenset({h}), markers=True), (LogLine(f"The German blows the dump at {action.hex}", ("2.5d",)),))


def dump_choices(content: Content, state: GameState) -> list[Choices]:
    mine = [h for h, d in sorted(rules_data(state).dumps.items()) if d.owner == GERMAN]
    if not mine:
        return []
    return [Choices(f"blow the captured dump at {content.map.hex_id(h)}", GERMAN,
                    lambda h=h: [BlowDump(content.map.hex_id(h))], "blow_dump", hex=content.map.hex_id(h))
            for h in mine]


PART.handlers[BlowBridge] = blow_bridge
PART.handlers[KeepHidden] = keep_hidden
PART.handlers[BlowDump] = blow_dump
PART.decision_choices[GREIF_AT_BRIDGE] = greif_answers
PART.answers[GREIF_AT_BRIDGE] = (KeepHidden, RevealGreif)
PART.offer(bridge_choices, BRIDGE_PHASE)
# 2.5d "during any German phase" (the handler takes it in any).  A dump supplies only in the
# German Supply Phase, so it is offered in the Movement and Exploitation Phases, which come
# before and after it; the Barrage and Combat Phases are not held up for a choice that is never
# better in them.
PART.offer(dump_choices, "ge_movement", "ge_exploitation")
