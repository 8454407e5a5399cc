"""Ardennes 1944: the rules of play - every action's outcome and the families of legal actions.

Combat (7): an attack is an action of the activation under way (Normal 1 AP, Prepared 2 AP,
3.4.1), offered beside the moves in ``activation_choices`` and made by ``attack.resolve``; units
that entered an enemy ZoC are not made to attack yet (4.2)."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.actions import Action, MoveUnits
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, EVERYTHING, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.vv1944 import activation as act
from ardennes_qt.rules.vv1944 import movement
from ardennes_qt.rules.vv1944 import attack as combat
from ardennes_qt.rules.vv1944.actions import (ActivateFormation, Attack, ActivateGeneral, AddToActivation, EndActivation,
                                              EndPhase, EnterMap, Pass, PlaceReinforcements, PlaceSplit,
                                              UnitAction)
from ardennes_qt.rules.vv1944.forces import hq_of, is_hq, steps_in
from ardennes_qt.rules.vv1944.schema import FATIGUED, IN_IP
from ardennes_qt.rules.vv1944.sequence import GAME_OVER, OPERATIONS, SETUP, advance
from ardennes_qt.rules.vv1944.setup import place_split, split_hexes
from ardennes_qt.rules.vv1944.state import data, with_data
from ardennes_qt.rules.vv1944.tables import table

UNIT_ACTIONS = ("enter_ip", "leave_ip", "recover_fatigue")  # 3.4.1, their AP in tables/actions.toml


def _ap(name: str) -> int:
    return int(table("actions")[name]["ap"])


def _activation(state: GameState):
    found = data(state).activation
    if state.phase != OPERATIONS or found is None:
        raise Refused("no activation is under way", "3")
    return found


def _no_activation(state: GameState) -> None:
    if state.phase != OPERATIONS:
        raise Refused("not in the Operations Phase", "2.1")
    if data(state).activation is not None:
        raise Refused("an activation is under way: end it first", "3")


def place(content: Content, state: GameState, a: PlaceSplit):
    if state.phase != SETUP or a.hex not in split_hexes(content, state, a.unit):
        raise Refused(f"{a.unit} cannot be set up in {a.hex}", "17, set-up")
    state = place_split(content, state, a.unit, a.hex)
    return state, [LogLine(f"{content.counter(a.unit).name} set up in {a.hex}", ("17",))]


def activate_formation(content, state, a: ActivateFormation):
    _no_activation(state)
    return act.activate_formation(content, state, a.formation, a.reactivate)


def activate_general(content, state, a: ActivateGeneral):
    _no_activation(state)
    return act.activate_general(content, state, a.unit, True)


def add_to_activation(content, state, a: AddToActivation):
    _activation(state)
    return act.activate_general(content, state, a.unit, False)


def pass_(content, state, a: Pass):
    _no_activation(state)
    side = data(state).acting
    state, log = act.end_sequence(content, state, True)
    return state, [LogLine(f"{side} passes", ("2.1",))] + log


def end_activation(content, state, a: EndActivation):
    _activation(state)
    return act.end_sequence(content, state, False)


def move(content, state, a: MoveUnits):
    activation = _activation(state)
    legal = movement.legal_moves(content, state, tuple(a.units))
    if a.to not in legal:
        g, why = movement.group_of(content, state, tuple(a.units))
        raise Refused(f"{a.to} cannot be reached" + (f": {why}" if why else ""), "6")
    g, _ = movement.group_of(content, state, tuple(a.units))
    cost = round(legal[a.to] * 2)
    ap = dict(activation.ap)
    mp_left = dict(activation.mp_left)
    spent = {}
    for uid in a.units:
        spent[uid] = movement.ap_spent(content, state, g, uid, cost)
        ap[uid] -= spent[uid]
        mp_left.pop(uid, None)
    to = content.map.parse(a.to)
    start = state.units[a.units[0]].hex
    zoc = movement.zoc_map(content, state, g.side)
    left_ip = [u for u in a.units if state.units[u].has(IN_IP)]
    state = state.with_units({u: state.units[u].with_status(IN_IP, False) for u in left_ip})
    state = state.placed(a.units, to)
    if to in content.map.places:
        state = replace(state, control={**state.control, to: g.side})
    must = activation.must_attack | (frozenset(a.units) if zoc.get(to) else frozenset())
    state = with_data(state, activation=replace(activation, ap=ap, mp_left=mp_left, acted=activation.acted | set(a.units),
                                                must_attack=must))
    names = ", ".join(content.counter(u).name for u in a.units)
    log = [LogLine(f"{names} move to {a.to}: {legal[a.to]:g} MP, {max(spent.values())} AP", ("6.1",))]
    if left_ip:
        log.append(LogLine("leaving Improved Position: 0 AP", ("12",)))
    if zoc.get(to):
        log.append(LogLine(f"{a.to} is in an enemy ZoC: the move stops there", ("4.2",)))
    return state, log, Changes(units=frozenset(a.units), hexes=frozenset({start, to}), phase=True)


def enter(content, state, a: EnterMap):
    activation = _activation(state)
    hexes, why = entry_hexes(content, state, a.unit)
    if a.hex not in hexes:
        raise Refused(why or f"{a.unit} cannot enter at {a.hex}", "16.1")
    h = content.map.parse(a.hex)
    cls = movement.movement_class(content, a.unit)
    allowance = 2 * movement.mp(content, a.unit)
    entered = activation.entered.get(a.hex, 0)
    left = max(0, allowance - movement.hex_cost(content, h, cls) - 2 * entered)
    state = state.placed((a.unit,), h)
    new = replace(activation, ap={**activation.ap, a.unit: activation.ap[a.unit] - _ap("movement")},
                  mp_left={**activation.mp_left, a.unit: left}, acted=activation.acted | {a.unit},
                  entered={**activation.entered, a.hex: entered + 1})
    state = with_data(state, activation=new)
    return state, [LogLine(f"{content.counter(a.unit).name} enters at {a.hex} (1 AP, {left / 2:g} MP left)", ("16.1",))], \
        Changes(units=frozenset({a.unit}), hexes=frozenset({h}), phase=True)


def entry_hexes(content: Content, state: GameState, uid: str) -> tuple[list[str], str]:
    activation = data(state).activation
    if activation is None or uid not in activation.units or state.units[uid].where != "scheduled":
        return [], "the unit is not an activated reinforcement"
    if activation.ap.get(uid, 0) < _ap("movement"):
        return [], "no AP left"
    found = act.arrival_of(content, uid)
    limit = int(table("doctrine")["stacking"]["max_steps"])
    enemies = movement.zoc_map(content, state, content.counter(uid).side)
    out = []
    for h in found[0].hexes:
        if steps_in(state, h) + state.units[uid].steps > limit:
            continue
        if any(content.counter(u).side != content.counter(uid).side for u in state.units_at(h)):
            continue
        if h in enemies and not enemies[h]:
            continue
        out.append(content.map.hex_id(h))
    return out, "its entry hexes are full or held by the enemy" if not out else ""


def unit_action(content, state, a: UnitAction):
    activation = _activation(state)
    why = unit_action_refusal(content, state, a.unit, a.what)
    if why:
        raise Refused(why, "3.4.1")
    cost = _ap(a.what)
    u = state.units[a.unit]
    u = u.with_status(IN_IP, a.what == "enter_ip") if a.what != "recover_fatigue" else u.with_status(FATIGUED, False)
    state = state.with_units({a.unit: u})
    state = with_data(state, activation=replace(activation, ap={**activation.ap, a.unit: activation.ap[a.unit] - cost},
                                                acted=activation.acted | {a.unit}))
    return state, [LogLine(f"{content.counter(a.unit).name}: {a.what.replace('_', ' ')} ({cost} AP)", ("3.4.1",))]


def unit_action_refusal(content: Content, state: GameState, uid: str, what: str) -> str:
    activation = data(state).activation
    if activation is None or uid not in activation.units or state.units[uid].where != "map":
        return "the unit is not activated on the map"
    if what not in UNIT_ACTIONS:
        return f"no such action: {what}"
    u = state.units[uid]
    if activation.ap.get(uid, 0) < _ap(what):
        return f"{_ap(what)} AP needed"
    if what == "enter_ip":
        if u.has(IN_IP) or is_hq(content, uid):
            return "already in IP" if u.has(IN_IP) else "an HQ does not enter IP"
        if movement.zoc_map(content, state, content.counter(uid).side).get(u.hex):
            return "not in an enemy ZoC (12.1)"
    elif what == "leave_ip":
        if not u.has(IN_IP):
            return "not in IP"
    elif what == "recover_fatigue":
        if not u.has(FATIGUED):
            return "not Fatigued"
        if uid in activation.acted or data(state).activations.get(uid, 0) != 1:
            return "only as the first action of its first activation of the turn (3.5.2)"
    return ""


def attack(content, state, a: Attack):
    _activation(state)
    if a.attack_type not in ("normal", "prepared"):
        raise Refused(f"no such attack: {a.attack_type}", "7.3")
    return combat.resolve(content, state, tuple(a.units), a.hex, a.attack_type)


def next_step(content, state, a: EndPhase):
    """Next Phase: the set-up's default placements, else the end of the activation or a pass."""
    if state.phase == SETUP:
        log = []
        entries = content.scenario.extras.get("setup_split", [])
        for uid in [u for e in entries for u in e["units"] if u in data(state).to_place]:
            state, more = place(content, state, PlaceSplit(uid, split_hexes(content, state, uid)[0]))
            log += more
        return state, log
    if state.phase == OPERATIONS and data(state).activation is not None:
        return end_activation(content, state, EndActivation())
    return pass_(content, state, Pass())


def reinforce(content, state, a: PlaceReinforcements):
    """The table's drop of waiting counters: set-up placements, or entries, one after the other."""
    log: list[LogLine] = []
    for uid in a.units:
        step = PlaceSplit(uid, a.to) if state.phase == SETUP else EnterMap(uid, a.to)
        result = HANDLERS[type(step)](content, state, step)
        state, log = result[0], log + list(result[1])
    return state, log


HANDLERS = {
    EndPhase: next_step,
    PlaceReinforcements: reinforce,
    PlaceSplit: place, ActivateFormation: activate_formation, ActivateGeneral: activate_general,
    AddToActivation: add_to_activation, Pass: pass_, EndActivation: end_activation, MoveUnits: move,
    EnterMap: enter, UnitAction: unit_action, Attack: attack,
}


# --- the families of legal actions -------------------------------------------------------------


def setup_choices(content: Content, state: GameState) -> list[Choices]:
    out = []
    for uid, hexes in sorted(data(state).to_place.items()):
        out.append(Choices(f"set up {content.counter(uid).name}", "German",
                           lambda uid=uid: [PlaceSplit(uid, h) for h in split_hexes(content, state, uid)],
                           "place_split", hex=hexes[0], units=(uid,), also=tuple(hexes[1:])))
    return out


def sequence_choices(content: Content, state: GameState) -> list[Choices]:
    side = data(state).acting
    out = [Choices("pass", side, lambda: [Pass()], "pass")]
    for code, again in act.formations_to_activate(content, state, side):
        label = f"activate {content.formations[code].name}" + (" again (Fatigue)" if again else "")
        out.append(Choices(label, side, lambda code=code, again=again: [ActivateFormation(code, again)],
                           "activate_formation", units=(hq_of(content, code),)))
    candidates = act.general_candidates(content, state)
    if candidates:
        out.append(Choices(f"general activation ({act.general_size(side)} units)", side,
                           lambda: [ActivateGeneral(u) for u in act.general_candidates(content, state)],
                           "activate_general", units=tuple(candidates)))
    return out


def activation_choices(content: Content, state: GameState) -> list[Choices]:
    activation = data(state).activation
    side = data(state).acting
    out = [Choices("end the activation", side, lambda: [EndActivation()], "end_activation")]
    if activation.kind == "general" and len(activation.units) < act.general_size(side):
        if act.general_candidates(content, state):
            out.append(Choices("add a unit to the general activation", side,
                               lambda: [AddToActivation(u) for u in act.general_candidates(content, state)],
                               "add_to_activation"))
    stacks: dict = {}
    for uid in activation.units:
        u = state.units[uid]
        if u.where == "scheduled" and activation.ap.get(uid, 0) >= 1:
            out.append(Choices(f"enter {content.counter(uid).name}", side,
                               lambda uid=uid: [EnterMap(uid, h) for h in entry_hexes(content, state, uid)[0]],
                               "enter", units=(uid,)))
        if u.where != "map" or activation.ap.get(uid, 0) + activation.mp_left.get(uid, 0) <= 0:
            continue
        stacks.setdefault((u.hex, movement.movement_class(content, uid)), []).append(uid)
        for what in UNIT_ACTIONS:
            if not unit_action_refusal(content, state, uid, what):
                out.append(Choices(f"{content.counter(uid).name}: {what.replace('_', ' ')}", side,
                                   lambda uid=uid, what=what: [UnitAction(uid, what)], what, units=(uid,)))
    for target in combat.targets(content, state):
        hex_id = content.map.hex_id(target)
        out.append(Choices(f"attack {hex_id}", side,
                           lambda target=target, hex_id=hex_id: [Attack(ids, hex_id, kind) for ids, kind
                                                                 in combat.declared(content, state, target)],
                           "attack", hex=hex_id,
                           units=tuple(u for ids in combat.attackers_by_hex(content, state, target).values() for u in ids)))
    groups = []
    for (h, _), units in stacks.items():
        groups += [(u,) for u in units] + ([tuple(units)] if len(units) > 1 else [])
    for group in groups:
        if any(u in data(state).pinned for u in group):
            continue
        out.append(Choices(f"move {', '.join(content.counter(u).name for u in group)}", side,
                           lambda group=group: [MoveUnits(group, h) for h in movement.legal_moves(content, state, group)],
                           "move", hex=content.map.hex_id(state.units[group[0]].hex), units=group))
    return out


class PlayRules:
    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        if state.phase == GAME_OVER:
            raise Refused("the game is over", "17")
        if isinstance(action, MoveUnits) and action.free:
            to = content.map.parse(action.to)
            return Outcome(state.placed(action.units, to), EVERYTHING,
                           (LogLine(f"{', '.join(action.units)} moved by hand to {action.to}"),))
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise Refused(f"the Ardennes 1944 rules do not know the action '{action.kind}'")
        result = handler(content, state, action)
        state, log = result[0], list(result[1])
        changes = result[2] if len(result) > 2 else EVERYTHING
        before = state.phase
        state, more = advance(content, state)
        if state.phase != before:
            changes = EVERYTHING
        return Outcome(state, changes, tuple(log + more))

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        if state.phase == SETUP:
            return setup_choices(content, state)
        if state.phase != OPERATIONS:
            return []
        if data(state).activation is None:
            return sequence_choices(content, state)
        return activation_choices(content, state)

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        return [a for c in self.choices(content, state) for a in c.actions()]


RULES = PlayRules()
