"""The Supply Phases of The Ardennes (1994) (1.2, 1.13, 2.5c, 3.4; checklist items 21, 46-51),
and the German's blowing of captured dumps (2.5d).

In his Supply Phase - after Combat, before Exploitation (1.2) - every unit of the phasing
player is traced: those that cannot trace are out of supply (status ``out_of_supply``)
until that side's next Supply Phase, those that can are in supply again.  Each change is
logged with the trace's reasons; the effects (1.14) are applied where strength, movement
and Reserve are decided, through ``supply.out_of_supply`` and ``supply.out_of_supply_effect``.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import BlowDump
from ardennes_qt.rules.ardennes1994.phase_steps import on_run
from ardennes_qt.rules.ardennes1994.phases import GERMAN, PHASES, SUPPLY
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data, units_of, with_rules
from ardennes_qt.rules.ardennes1994.supply import OUT_OF_SUPPLY, supply_net, unit_supply

PART = Part()
EFFECTS = ("until its side's next Supply Phase: attack x1/4, defense and barrage x1/2, Mech movement x1/4, "
           "other movement x1/2, no Reserve (1.14)")


def unit_label(content: Content, unit_id: str) -> str:
    """A unit as the log names it: its counter, and its division unless independent."""
    formation = content.formation_of(unit_id)
    name = content.counter(unit_id).name
    return name if formation.independent else f"{name} ({formation.name})"


def _words(reasons: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    return tuple(f"{what} ({rule})" if rule else what for what, rule in reasons)


@on_run(*SUPPLY)
def supply_phase(content: Content, state: GameState):
    """2.5c, 3.4: every unit of the phasing player that can trace supply is in supply, every one
    that cannot is out of supply (1.14) until his next Supply Phase."""
    side = SUPPLY[state.phase]
    net = supply_net(content, state, side)
    hex_id = content.map.hex_id
    changed, lines, out = {}, [], 0
    traced = units_of(content, state, side)
    for uid in traced:
        u = state.units[uid]
        found = unit_supply(content, state, uid, net)
        cut_off = not found.supplied
        out += cut_off
        if u.has(OUT_OF_SUPPLY) == cut_off:
            continue
        changed[uid] = u.with_status(OUT_OF_SUPPLY, cut_off)
        name = unit_label(content, uid)
        text = f"{name} at {hex_id(u.hex)} is {'out of supply' if cut_off else 'in supply again'}"
        lines.append(LogLine(text, _words(found.reasons) + ((EFFECTS,) if cut_off else ())))
    summary = LogLine(f"{PHASES[state.phase].name}: {len(traced)} unit(s) traced, {out} out of supply",
                      ("2.5c" if side == GERMAN else "3.4",))
    return state.with_units(changed), [summary, *lines]


# --- 2.5d: blowing a captured dump ---------------------------------------------------------------


def captured_dumps(content: Content, state: GameState) -> list[str]:
    """The dumps the German holds, by printed hex."""
    return sorted((content.map.hex_id(h) for h, d in rules_data(state).dumps.items() if d.owner == GERMAN),
                  key=lambda text: content.map.numbering.index(content.map.parse(text)))


# 2.5d "during any German phase".  A dump supplies only in the German Supply Phase, so blowing it
# in the Exploitation Phase (after that phase, before the US turn) does all any earlier phase
# could; it is offered there and in the Movement Phase, so that the Barrage and Combat Phases
# are not held up for a choice that is never better in them.
BLOWING_PHASES = ("ge_movement", "ge_exploitation")


def blow_dump(content: Content, state: GameState, action: BlowDump) -> Outcome:
    """2.5d: the German picks a captured dump off the map, no die roll or unit needed."""
    if state.phase not in BLOWING_PHASES:
        raise Refused("the German blows a captured dump in his Movement or Exploitation Phase", "2.5d")
    if action.hex not in captured_dumps(content, state):
        raise Refused(f"there is no German-held dump at {action.hex}", "2.5d")
    h = content.map.parse(action.hex)
    data = rules_data(state)
    dumps = {k: v for k, v in data.dumps.items() if k != h}
    state = with_rules(state, replace(data, dumps=dumps))
    return Outcome(state, Changes(hexes=frozenset({h}), markers=True),
                   (LogLine(f"The German blows the captured dump at {action.hex}", ("2.5d",)),))


def blow_dump_choices(content: Content, state: GameState) -> list[Choices]:
    dumps = captured_dumps(content, state)
    if not dumps:
        return []
    return [Choices("blow a captured dump", GERMAN, lambda: [BlowDump(h) for h in dumps], "blow_dump")]


PART.handlers[BlowDump] = blow_dump
PART.offer(blow_dump_choices, *BLOWING_PHASES)
