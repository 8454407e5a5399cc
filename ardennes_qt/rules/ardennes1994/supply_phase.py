"""The Supply Phases of The Ardennes (1994) (1.2, 1.13, 2.5c, 3.4; checklist items 21, 46-51).

In his Supply Phase - after Combat, before Exploitation (1.2) - every unit of the phasing
player is traced: those that cannot trace are out of supply (status ``out_of_supply``)
until that side's next Supply Phase, those that can are in supply again.  Each change is
logged with the trace's reasons; the effects (1.14) are applied where strength, movement
and Reserve are decided, through ``supply.out_of_supply`` and ``supply.out_of_supply_effect``.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phase_steps import on_run
from ardennes_qt.rules.ardennes1994.phases import GERMAN, PHASES, SUPPLY
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import units_of
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
