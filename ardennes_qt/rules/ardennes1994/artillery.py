"""Which artillery may fire at which hex in a Barrage Phase, and with how many points (1.10,
1.10b, 1.8b, 1.11a, 1.14; checklist items 16, 41).

Each clause is one check, met or not, worded for the player with its rule.  The points a
gun brings are its barrage strength on the side it shows (1.10a: the fire side or the move
side), halved out of supply (1.10F, 1.14), each part with its reason.
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.dg import barrage_affects
from ardennes_qt.rules.ardennes1994.estimates import MOVE, long_range
from ardennes_qt.rules.ardennes1994.phases import BARRAGE, PHASES
from ardennes_qt.rules.ardennes1994.situation import artillery, current_values, hex_of, mode, rules_data, side_of
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.common.checks import Check, met

OUT_OF_SUPPLY = "out_of_supply"  # the status the Supply Phase leaves on a unit that cannot trace (2.5c, 3.4)
Points = tuple[Fraction, str, str]  # (points, where they come from, rule)


# --- the phase and the gun ---------------------------------------------------------------------


def barrage_side(state: GameState) -> str:
    """1.2: the side whose Barrage Phase this is (the US fires in both Player Turns); "" outside one."""
    return BARRAGE.get(state.phase, "")


def barrage_phase_check(state: GameState, side: str) -> Check:
    """1.2, 1.10: "Resolve Barrage attacks in any of the Barrage Phases assigned to the player"."""
    if barrage_side(state) == side:
        return Check(True, f"{PHASES[state.phase].name}: the {side} player barrages", "1.2, 1.10")
    return Check(False, f"the {side} player barrages only in his own Barrage Phases", "1.2, 1.10")


def gun_ready_checks(content: Content, state: GameState, gun: str) -> list[Check]:
    """A gun that may fire this phase: artillery on the map, in its side's Barrage Phase, not
    DG (1.10bG, 1.11a), not in Reserve (1.8b, 1.10bG), not fired yet this phase (1.10bA)."""
    if gun not in state.units or gun not in content.counters or hex_of(state, gun) is None:
        return [Check(False, f"{gun} is not a unit on the map", "1.10")]
    name = content.counter(gun).name
    if not artillery(content, gun):
        return [Check(False, f"{name} is not artillery: only artillery (and US Air Points) barrage", "1.10")]
    return [
        barrage_phase_check(state, side_of(content, gun)),
        met(not state.units[gun].dg, f"{name} is not DG", f"{name} is DG: DG units cannot barrage", "1.10bG, 1.11a"),
        met(gun not in rules_data(state).reserves, f"{name} is not in Reserve",
            f"{name} is in Reserve: units in Reserve cannot barrage", "1.8b, 1.10bG"),
        met(gun not in rules_data(state).record.fired, f"{name} has not fired this phase",
            f"{name} has already fired this phase: one barrage per phase, fire cannot be split", "1.10bA"),
    ]


def fire_range(content: Content, gun: str) -> int:
    """1.10: 3 hexes; American 8-inch guns and German Werfers 4."""
    counter = content.counter(gun)
    rows = table("barrage")["artillery"]
    return int(rows["long_range"] if long_range(counter.name, counter.unit_type) else rows["range"])


def range_check(content: Content, state: GameState, gun: str, target: Hex) -> Check:
    """1.10: range counted from the hex next to the gun (adjacent is range 1) up to its
    maximum, inclusive; no line of sight."""
    reach, distance = fire_range(content, gun), hex_of(state, gun).distance(target)
    text = f"{content.map.hex_id(target)} is at range {distance}, {content.counter(gun).name} reaches {reach}"
    return met(1 <= distance <= reach, text, f"{text}: out of range", "1.10")


def divisional(content: Content, gun: str) -> bool:
    """1.10bC: artillery belonging to a division (independent artillery is not)."""
    return not content.formation_of(gun).independent


def division_adjacent(content: Content, state: GameState, gun: str) -> set[Hex]:
    """1.10bC: the hexes next to a unit of the gun's division (the gun itself included)."""
    formation = content.counter(gun).formation
    out: set[Hex] = set()
    for uid, u in state.units.items():
        if u.where == "map" and content.counter(uid).formation == formation:
            out.update(u.hex.neighbours())
    return out


def division_check(content: Content, state: GameState, gun: str, target: Hex) -> Check:
    """1.10bC: divisional artillery fires only at a hex next to a unit of its division (or to itself)."""
    if not divisional(content, gun):
        return Check(True, f"{content.counter(gun).name} is non-divisional: it needs no unit of its division near", "1.10bC")
    division = content.formation_of(gun).name
    return met(target in division_adjacent(content, state, gun),
               f"a unit of {division} is next to the target",
               f"no unit of {division} (nor the gun) is next to {content.map.hex_id(target)}: divisional artillery "
               "fires only at a hex next to its own division", "1.10bC")


def target_check(content: Content, state: GameState, side: str, target: Hex) -> Check:
    """1.10: a barrage is made against enemy units; Hidden Greif Teams (2.1bB) and Supply Units
    (2.4) cannot be hit by it, so a hex holding only those is no target."""
    if not content.map.contains(target) or not content.in_play_area(target):
        return Check(False, "the target is not in the play area", "5.x")
    name = content.map.hex_id(target)
    enemy = [u for u in state.units_at(target) if side_of(content, u) != side]
    hit = [u for u in enemy if barrage_affects(content, state, u)]
    if hit:
        return Check(True, f"{name} holds enemy units", "1.10")
    if enemy:
        return Check(False, f"{name} holds only units a barrage cannot touch (Hidden Greif Teams, Supply Units)", "2.1bB, 2.4")
    return Check(False, f"{name} holds no enemy unit to barrage", "1.10")


def gun_checks(content: Content, state: GameState, gun: str, target: Hex) -> list[Check]:
    """Every clause that lets this gun fire at this hex now."""
    checks = gun_ready_checks(content, state, gun)
    if len(checks) == 1:
        return checks
    return [*checks, target_check(content, state, side_of(content, gun), target),
            range_check(content, state, gun, target), division_check(content, state, gun, target)]


def gun_may_fire(content: Content, state: GameState, gun: str, target: Hex) -> bool:
    return all(c.ok for c in gun_checks(content, state, gun, target))


def ready_guns(content: Content, state: GameState, side: str) -> list[str]:
    """The artillery of ``side`` that may still fire this phase."""
    return [uid for uid, u in sorted(state.units.items())
            if u.where == "map" and side_of(content, uid) == side and artillery(content, uid)
            and all(c.ok for c in gun_ready_checks(content, state, uid))]


def targets_of(content: Content, state: GameState, gun: str) -> list[Hex]:
    """Every hex the gun may fire at now."""
    if not all(c.ok for c in gun_ready_checks(content, state, gun)):
        return []
    side, origin = side_of(content, gun), hex_of(state, gun)
    near = division_adjacent(content, state, gun) if divisional(content, gun) else None
    reach = fire_range(content, gun)
    out = []
    for h in state.occupied():
        if 1 <= origin.distance(h) <= reach and (near is None or h in near) and target_check(content, state, side, h).ok:
            out.append(h)
    return sorted(out, key=content.map.numbering.index)


def guns_for(content: Content, state: GameState, side: str, target: Hex) -> list[str]:
    """Every gun of ``side`` that may fire at the hex now."""
    return [g for g in ready_guns(content, state, side) if gun_may_fire(content, state, g, target)]


# --- what a gun brings -------------------------------------------------------------------------


def gun_points(content: Content, state: GameState, gun: str) -> Points:
    """The gun's barrage strength on the side it shows (1.10a), halved out of supply (1.10F, 1.14)."""
    name = content.counter(gun).name
    strength = Fraction(current_values(content, state, gun).bracket or 0)
    side = "move side" if mode(content, state, gun) == MOVE else "fire side"
    if state.units[gun].has(OUT_OF_SUPPLY):
        return strength / 2, f"{name} [{strength}] on its {side}, x1/2 out of supply", "1.10a, 1.10F, 1.14"
    return strength, f"{name} [{strength}] on its {side}", "1.10a"
