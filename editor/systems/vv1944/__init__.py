"""Vae Victis *Ardennes 1944* in the editor: the game's own checks of its counters, formations,
set-ups and support pools.  A unit has 3 strength points a step (1.2) unless its strength is
marked printed or the user's; an HQ has a C3I letter A-C (9.5) and a support rating (1.6); a
formation's HQ is a counter of the module; every set-up hex, a divided division's two hexes
included, is on the map; a set-up hex holds 6 steps at most (5); a support pool is an army's.
The printed map's odd columns end a half hex short of the grid's last row: their row 21 is the
south edge, where the Southern Front's entry hexes stand (16.1)."""

from __future__ import annotations

from collections import Counter as Tally

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.editormodel import Module
from editor.plugins import RuleOption, ScenarioTable
from editor.validation import ERROR, WARNING, Problem

STRENGTH_PER_STEP = 3  # 1.2
STACKING_STEPS = 6  # 5
C3I_LETTERS = "ABC"  # 9.5
HQ = "HQ"
SOUTH_ROW = 21  # the odd columns' last printed row
KEPT_AS_GIVEN = ("printed", "user")


class Vv1944Editor:
    def rule_options(self) -> dict[str, RuleOption]:
        return {}

    def prohibited_terrain(self) -> dict[str, set[str]]:
        return {}

    def scenario_tables(self) -> list[ScenarioTable]:
        return []

    def map_checks(self, m: MapData) -> list[Problem]:
        return []

    def edge_hexes(self, m: MapData) -> set[Hex]:
        """Hexes on the printed map's edge beyond the grid's own: the odd columns' row 21."""
        out = set()
        for h in set(m.hexes) | {h for area in m.entry_areas.values() for h in area.hexes}:
            _, column, row = m.numbering.sheet_column_row(h)
            if column % 2 == 1 and row == SOUTH_ROW:
                out.add(h)
        return out

    def scenario_words(self, module: Module, scenario) -> str:
        """The scenario's set-up as a player reads it: each printed line with its hex and the units
        beginning in Improved Positions, the divisions placed over two hexes, the support pools."""
        return scenario_words(module, scenario)

    def module_checks(self, module: Module, scenario_id: str | None = None) -> list[Problem]:
        out = _counters(module) + _formations(module)
        for sid, scenario in module.scenarios.items():
            if scenario_id is None or sid == scenario_id:
                out += _setup(module, scenario)
        return out


def _is_hq(counter) -> bool:
    return counter.value("type") == HQ or counter.value("kind") == HQ


def _counters(module: Module) -> list[Problem]:
    out = []
    for c in module.counters.values():
        strength = c.value("strength")
        if _is_hq(c):
            c3i, support = c.value("c3i"), c.value("support")
            if c3i not in tuple(C3I_LETTERS):
                out.append(Problem(ERROR, f"{c.name} ({c.id}) is an HQ with C3I '{c3i or ''}': an HQ's C3I is "
                                          "A, B or C (9.5)."))
            if support is None:
                out.append(Problem(ERROR, f"{c.name} ({c.id}) is an HQ with no support rating (1.6)."))
            continue
        if strength is None:
            out.append(Problem(WARNING, f"{c.name} ({c.id}) has no strength (1.1)."))
        elif (strength != STRENGTH_PER_STEP * c.steps
              and c.provenance.get("strength", "").split(" ")[0] not in KEPT_AS_GIVEN):
            out.append(Problem(WARNING, f"{c.name} ({c.id}) has strength {strength} for {c.steps} steps: "
                                        f"{STRENGTH_PER_STEP} a step is {STRENGTH_PER_STEP * c.steps} (1.2). "
                                        "Mark the strength printed if the counter prints it so."))
    return out


def _formations(module: Module) -> list[Problem]:
    out = []
    for f in module.formations.values():
        hq = str(f.values.get("hq", "") or "")
        if hq and hq not in module.counters:
            out.append(Problem(ERROR, f"{f.name}'s HQ {hq} is not a counter of the module."))
    return out


def _hex(module: Module, text: str) -> Hex | None:
    try:
        h = module.map.parse(str(text))
    except (ValueError, KeyError):
        return None
    return h if module.map.contains(h) else None


def _setup(module: Module, scenario) -> list[Problem]:
    m, out = module.map, []
    title = f"Scenario {scenario.id}"
    steps: Tally = Tally()
    for p in scenario.placements:
        if not m.contains(p.hex):
            out.append(Problem(ERROR, f"{title}: {p.counter} is set up off the map."))
            continue
        counter = module.counters.get(p.counter)
        if counter is not None:
            steps[p.hex] += counter.steps - (1 if p.step_loss and counter.steps > 1 else 0)
    for split in scenario.extras.get("setup_split", []) or []:
        for text in split.get("hexes", []):
            if _hex(module, text) is None:
                out.append(Problem(ERROR, f"{title}: {split.get('printed', 'a divided division')} names hex "
                                          f"{text}, which is not on the map.", str(text)))
    for h, n in sorted(steps.items(), key=lambda kv: m.numbering.index(kv[0])):
        if n > STACKING_STEPS:
            where = m.hex_id(h)
            out.append(Problem(WARNING, f"{title}: {where} holds {n} steps at set-up; a hex holds "
                                        f"{STACKING_STEPS} (5).", where))
    armies = {code for code, f in module.formations.items() if getattr(f, "level", "") == "army"}
    for pool in scenario.extras.get("support_pool", []) or []:
        army = pool.get("army", "")
        if army not in armies:
            out.append(Problem(ERROR, f"{title}: a support pool belongs to '{army}', which is no army of the "
                                      "formations."))
    return out


def _names(module: Module, ids) -> str:
    return ", ".join(module.counters[i].name if i in module.counters else i for i in ids)


def _army(module: Module, code: str) -> str:
    f = module.formations.get(code)
    return f.name if f is not None else code


def scenario_words(module: Module, scenario) -> str:
    extras = scenario.extras
    lines = []
    at = {p.counter: module.map.hex_id(p.hex) for p in scenario.placements}
    setup = extras.get("setup", []) or []
    if setup:
        lines.append("Set-up:")
        for entry in setup:
            units = entry.get("units", [])
            hexes = sorted({at[u] for u in units if u in at})
            place = f" ({entry['place']})" if entry.get("place") else ""
            line = f"  • {_names(module, units)}: {', '.join(hexes) or 'not placed'}{place}"
            if entry.get("ip"):
                line += f" · in Improved Positions (IP): {_names(module, entry['ip'])}"
            lines.append(line + f" · {_army(module, entry.get('army', ''))}")
    split = extras.get("setup_split", []) or []
    if split:
        lines.append("Divisions placed over two hexes (the owner places at least one counter in each):")
        for entry in split:
            lines.append(f"  • {_names(module, entry.get('units', []))}: {' and '.join(entry.get('hexes', []))}"
                         f" · {entry.get('side', '')}, {_army(module, entry.get('army', ''))}")
    pools = extras.get("support_pool", []) or []
    if pools:
        lines.append("Support markers at the start (1.6):")
        for pool in pools:
            kinds = [f"{n} {kind}" for kind, n in pool.items() if isinstance(n, int) and not isinstance(n, bool)]
            lines.append(f"  • {_army(module, pool.get('army', ''))}: {', '.join(kinds) or 'none'}")
    return "\n".join(lines)


PLUGIN = Vv1944Editor()
