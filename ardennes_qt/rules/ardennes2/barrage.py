"""Barrage (3.5, 3.6; checklist items 62, 63, 66, 68): who may fire at which hex, the
chances before the die is rolled, and the roll that places a Half or Full marker.

Air Strikes "follow the same Barrage rules as Artillery" (2.2): they share the roll here;
what is theirs alone (no range, a spotter only for a second strike on a hex) is in air.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.actions import Barrage
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.markers import FULL, HALF, marker, markers_in
from ardennes_qt.rules.ardennes2.phases import PHASES, is_barrage_phase, is_exploitation, is_movement
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.situation import current_values, hex_of, rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes2.supply import in_trace_supply
from ardennes_qt.rules.ardennes2.tables import table, table_cache
from ardennes_qt.rules.ardennes2.terrain import barrage_success_roll
from ardennes_qt.rules.common.checks import Check, met, refuse_unless, verdict

SPOTTER_RANGE = 2  # 3.5 Spotter: "a friendly unit w/i 2 hexes of the target hex"


@table_cache
def barrage_table() -> dict:
    """tables/barrage.toml: the Half Reconciliation Table, the barrage DRMs, the Bug Out road."""
    return table("barrage")


def parse_target(content: Content, text: str) -> Hex:
    try:
        h = content.map.parse(text)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    if not in_play_area(content, h):
        raise Refused(f"{text} is outside the play area", "7.x Maps in Play")
    return h


# --- 3.5 Barrage Requirements, one clause each ---------------------------------------------


def barrage_phase_check(state: GameState, side: str) -> Check:
    """3.5, 3.6: artillery fires in its side's Movement & Barrage Phase, and US artillery also
    in the US Barrage Phase of the German Player Turn; never in an Exploitation Phase."""
    if is_exploitation(state.phase):
        return Check(False, "no barrage during an Exploitation Phase", "3.5")
    phase = PHASES.get(state.phase)
    if phase is None or not is_barrage_phase(state.phase) or phase.acting != side:
        return Check(False, f"{side} artillery does not fire in this phase", "3.5, 3.6")
    return Check(True, f"{phase.name} is a {side} barrage phase", "3.5, 3.6")


def artillery_ready_checks(content: Content, state: GameState, artillery_id: str) -> list[Check]:
    """3.5: the unit is artillery on the map, not DG, has not moved and has not fired this phase."""
    if artillery_id not in state.units or hex_of(state, artillery_id) is None:
        return [Check(False, f"{artillery_id} is not on the map", "3.5")]
    if not content.counter(artillery_id).is_artillery:
        return [Check(False, f"{artillery_id} is not artillery", "3.5")]
    record = rules_data(state).record
    return [
        met(not state.units[artillery_id].dg, "not DG", "DG artillery cannot barrage", "3.4, 3.5"),
        met(artillery_id not in record.moved, "has not moved this phase", "it has moved this phase: artillery fires or moves", "3.5, 3.6"),
        met(artillery_id not in record.fired, "has not fired this phase", "it has already fired this phase", "3.6"),
    ]


def range_check(content: Content, state: GameState, artillery_id: str, target: Hex) -> Check:
    """3.5 Range: a straight line from the artillery's hex, at or within the bracketed range."""
    reach = current_values(content, state, artillery_id).bracket
    distance = hex_of(state, artillery_id).distance(target)
    text = f"{content.map.hex_id(target)} is {distance} hexes away, range [{reach}]"
    return met(distance <= reach, text, f"{text}: out of range", "3.5")


def is_divarty(content: Content, artillery_id: str) -> bool:
    """3.1 Divisional Integrity: artillery of a Division (not an independent) is Divarty."""
    return content.counter(artillery_id).is_artillery and not content.formation_of(artillery_id).independent


def spotters_for(content: Content, state: GameState, side: str, target: Hex, division: str = "") -> list[str]:
    """3.5 Spotter: friendly units within 2 hexes of the target, terrain and LOS ignored
    (artillery may spot for itself); from ``division`` only when it is given (3.1 Divarty)."""
    out = []
    for h in target.within(SPOTTER_RANGE):
        for uid in state.units_at(h):
            if side_of(content, uid) == side and (not division or content.counter(uid).formation == division):
                out.append(uid)
    return sorted(out)


def spotter_check(content: Content, state: GameState, artillery_id: str, target: Hex) -> Check:
    side = side_of(content, artillery_id)
    division = content.counter(artillery_id).formation if is_divarty(content, artillery_id) else ""
    if spotters_for(content, state, side, target, division):
        return Check(True, "a spotter is within 2 hexes of the target", "3.5")
    if division:
        name = content.formations[division].name
        return Check(False, f"Divarty needs a spotter of {name} within 2 hexes of the target", "3.1, 3.5")
    return Check(False, "no friendly unit within 2 hexes of the target to spot", "3.5")


def named_spotter_check(content: Content, state: GameState, side: str, target: Hex, spotter: str, division: str = "") -> Check:
    """3.5 Spotter, for the unit the player names: a friendly unit on the map within 2 hexes
    of the target (3.1: of the Divarty's own Division)."""
    if spotter not in state.units or spotter not in content.counters or hex_of(state, spotter) is None:
        return Check(False, f"{spotter} is not a unit on the map", "3.5")
    name = content.counter(spotter).name
    if side_of(content, spotter) != side:
        return Check(False, f"{name} is not a friendly unit: it cannot spot", "3.5")
    if division and content.counter(spotter).formation != division:
        return Check(False, f"{name} is not of {content.formations[division].name}: Divarty needs a spotter of its own Division", "3.1, 3.5")
    distance = hex_of(state, spotter).distance(target)
    text = f"{name} is {distance} hexes from the target"
    return met(distance <= SPOTTER_RANGE, f"{text}: it spots", f"{text}: a spotter must be within 2", "3.5")


def barrage_checks(content: Content, state: GameState, artillery_id: str, target: Hex, spotter: str = "") -> list[Check]:
    checks = artillery_ready_checks(content, state, artillery_id)
    if hex_of(state, artillery_id) is None or not content.counter(artillery_id).is_artillery:
        return checks
    checks.insert(0, barrage_phase_check(state, side_of(content, artillery_id)))
    checks.append(met(in_play_area(content, target), "the target is in the play area", "the target is outside the play area", "7.x Maps in Play"))
    checks.append(range_check(content, state, artillery_id, target))
    if spotter:
        division = content.counter(artillery_id).formation if is_divarty(content, artillery_id) else ""
        checks.append(named_spotter_check(content, state, side_of(content, artillery_id), target, spotter, division))
    else:
        checks.append(spotter_check(content, state, artillery_id, target))
    return checks


def barrage_allowed(
    content: Content, state: GameState, artillery_id: str, target_hex: str | Hex, spotter: str = ""
) -> tuple[bool, tuple[str, ...]]:
    """May this artillery barrage that hex now (spotted by ``spotter`` if named)?  (allowed,
    reasons with their rules)."""
    if artillery_id not in content.counters or artillery_id not in state.units:
        return False, (f"no unit {artillery_id}",)
    target = content.map.parse(target_hex) if isinstance(target_hex, str) else target_hex
    return verdict(barrage_checks(content, state, artillery_id, target, spotter))


def legal_barrage_targets(content: Content, state: GameState, artillery_id: str) -> list[str]:
    """Every hex this artillery may barrage now, as printed ids."""
    if not all(c.ok for c in artillery_ready_checks(content, state, artillery_id)):
        return []
    side = side_of(content, artillery_id)
    if not barrage_phase_check(state, side).ok:
        return []
    origin = hex_of(state, artillery_id)
    division = content.counter(artillery_id).formation if is_divarty(content, artillery_id) else ""
    spotted: set[Hex] = set()
    for uid, u in state.units.items():
        if u.where == "map" and side_of(content, uid) == side and (not division or content.counter(uid).formation == division):
            spotted.update(u.hex.within(SPOTTER_RANGE))
    reach = current_values(content, state, artillery_id).bracket
    targets = [h for h in origin.within(reach) if h in spotted and in_play_area(content, h)]
    return sorted(content.map.hex_id(h) for h in targets)


# --- 3.5 Barrage Resolution -----------------------------------------------------------------


def barrage_modifiers(state: GameState, target: Hex, side: str, firing_hex: Hex | None) -> list[tuple[int, str, str]]:
    """The die roll modifiers as (amount, reason, rule)."""
    drm = barrage_table()["drm"]
    out = []
    extra = len(state.units_at(target)) - 1
    if extra > 0:
        out.append((extra * drm["per_additional_unit_in_target"], f"{extra} more unit(s) in the target hex", "3.5, TEC"))
    if firing_hex is not None:
        enemy = sum(1 for owner, _ in markers_in(state, firing_hex) if owner != side)
        if enemy:
            out.append((enemy * drm["per_enemy_marker_at_artillery"], f"{enemy} enemy barrage marker(s) in the firing artillery's hex", "3.5, 003"))
    return out


@dataclass(frozen=True)
class BarrageChances:
    """What one barrage at a hex can do, before the roll."""

    target: str
    terrain: str  # the terrain whose Success Roll applies (the hardest, 3.5)
    half_range: tuple[int, int] | None
    full_range: tuple[int, int]
    modifiers: tuple[tuple[int, str, str], ...]
    half: Fraction
    full: Fraction

    @property
    def drm(self) -> int:
        return sum(amount for amount, _, _ in self.modifiers)

    @property
    def nothing(self) -> Fraction:
        return 1 - self.half - self.full

    def result(self, roll: int) -> str | None:
        """The marker a natural die roll places."""
        return marker_for(roll + self.drm, self.half_range, self.full_range)


def marker_for(modified: int, half_range: tuple[int, int] | None, full_range: tuple[int, int]) -> str | None:
    """3.5: a modified roll in the Half range places a Half marker, in the Full range a Full
    one.  A roll above 6 is still Full: the DRM for more units in the hex can only help the
    firer, never turn a hit into a miss."""
    if modified >= full_range[0]:
        return FULL
    if half_range and half_range[0] <= modified <= half_range[1]:
        return HALF
    return None


def barrage_chances(
    content: Content, state: GameState, target_hex: str | Hex, artillery_id: str | None = None, side: str = ""
) -> BarrageChances:
    """Half and Full probabilities of one barrage at the hex, by the artillery (its hex's enemy
    markers count) or, with ``artillery_id`` None, by an Air Strike of ``side`` (default US)."""
    target = content.map.parse(target_hex) if isinstance(target_hex, str) else target_hex
    if artillery_id is not None:
        side, firing_hex = side_of(content, artillery_id), hex_of(state, artillery_id)
    else:
        side, firing_hex = side or "Allied", None
    half_range, full_range, terrain = barrage_success_roll(content.map.terrain(target))
    modifiers = tuple(barrage_modifiers(state, target, side, firing_hex))
    drm = sum(amount for amount, _, _ in modifiers)
    results = [marker_for(roll + drm, half_range, full_range) for roll in range(1, 7)]
    return BarrageChances(
        content.map.hex_id(target), terrain, half_range, full_range, modifiers,
        Fraction(results.count(HALF), 6), Fraction(results.count(FULL), 6),
    )


def success_roll_text(half_range: tuple[int, int] | None, full_range: tuple[int, int]) -> str:
    """As the TEC prints it: "(3-4) 5-6", "(5) 6"."""
    def span(r: tuple[int, int]) -> str:
        return str(r[0]) if r[0] == r[1] else f"{r[0]}-{r[1]}"

    return (f"({span(half_range)}) " if half_range else "") + span(full_range)


def fire(state: GameState, chances: BarrageChances, target: Hex, side: str, who: str) -> tuple[GameState, LogLine, str | None]:
    """Roll one die for one barrage and place its marker in the target hex (3.5)."""
    state, roll = state.rolled()
    result = chances.result(roll)
    reasons = [f"{amount:+d} {reason} ({rule})" for amount, reason, rule in chances.modifiers]
    reasons.append(f"{chances.terrain}: {success_roll_text(chances.half_range, chances.full_range)} (TEC Barrage Success Roll, 3.5)")
    if result is not None:
        markers = dict(state.markers)
        markers[target] = (*markers.get(target, ()), marker(side, result))
        state = replace(state, markers=markers)
    shown = f"{roll}{chances.drm:+d} = {roll + chances.drm}" if chances.drm else str(roll)
    outcome = f"a {result.capitalize()} marker" if result else "no effect"
    return state, LogLine(f"{who} barrages {chances.target}: rolled {shown}, {outcome}", tuple(reasons)), result


def choose_spotter(content: Content, state: GameState, candidates: list[str], firer: str = "") -> str:
    """The spotter whose use costs least (3.5: "Units cannot move after being used as a
    spotter"): the artillery itself, then a unit that cannot move this phase anyway (outside
    a Movement & Barrage Phase, or already a spotter, a firer or stopped), then one that has
    moved already, then any other; by id among equals."""
    record: PhaseRecord = rules_data(state).record
    frozen = record.spotters | record.fired | record.stopped
    moving_phase = is_movement(state.phase)

    def cost(uid: str) -> tuple[int, str]:
        if uid == firer:
            return 0, uid
        if uid in frozen or not moving_phase:
            return 1, uid
        return (2 if uid in record.moved else 3), uid

    return min(candidates, key=cost)


def barrage(content: Content, state: GameState, action: Barrage) -> Outcome:
    """The Barrage action (3.5): check, roll, place the marker, record the firer and spotter
    (the one named, else the one whose use costs least); artillery that fires while unable
    to trace supply becomes DG (3.4)."""
    if action.artillery not in state.units or action.artillery not in content.counters:
        raise Refused(f"no unit {action.artillery}")
    target = parse_target(content, action.target)
    refuse_unless(barrage_checks(content, state, action.artillery, target, action.spotter))
    side = side_of(content, action.artillery)
    division = content.counter(action.artillery).formation if is_divarty(content, action.artillery) else ""
    spotter = action.spotter or choose_spotter(content, state, spotters_for(content, state, side, target, division), action.artillery)
    chances = barrage_chances(content, state, target, action.artillery)
    name = content.counter(action.artillery).name
    state, line, _ = fire(state, chances, target, side, name)
    if spotter != action.artillery:
        line = LogLine(line.text, (*line.reasons, f"spotter: {content.counter(spotter).name}, cannot move further this phase (3.5)"))
    data = rules_data(state)
    state = with_rules(state, data.with_record(fired=data.record.fired | {action.artillery}, spotters=data.record.spotters | {spotter}))
    log = [line]
    changed_hexes = {target}
    if not in_trace_supply(content, state, action.artillery)[0]:
        state = state.with_units({action.artillery: replace(state.units[action.artillery], dg=True)})
        log.append(LogLine(f"{name} is DG: it barraged while unable to trace supply", ("3.4",)))
        changed_hexes.add(hex_of(state, action.artillery))
    return Outcome(state, Changes(units=frozenset({action.artillery, spotter}), hexes=frozenset(changed_hexes), markers=True), tuple(log))


def barrage_choices(content: Content, state: GameState) -> list:
    """The legal Barrage actions of this phase: one family per artillery unit ready to fire."""
    phase = PHASES.get(state.phase)
    if phase is None or not barrage_phase_check(state, phase.acting).ok:
        return []
    out = []
    for uid, u in sorted(state.units.items()):
        if u.where == "map" and content.counter(uid).is_artillery and side_of(content, uid) == phase.acting:
            if all(c.ok for c in artillery_ready_checks(content, state, uid)):
                out.append(Choices(f"barrage with {uid}", phase.acting,
                                   lambda uid=uid: [Barrage(uid, t) for t in legal_barrage_targets(content, state, uid)], "barrage",
                                   units=(uid,)))
    return out
