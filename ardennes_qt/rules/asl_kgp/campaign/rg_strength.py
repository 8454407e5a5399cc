"""What each RG brings (8.620): German Strength (8.6201), U.S. Quality (8.6202), U.S. Medium Tank
models (8.6203) and leaders (8.6206), recorded on the RG Purchase Record."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import ConfirmStep, RollForRg
from ardennes_qt.rules.asl_kgp.campaign.modifiers import Context, roll_on
from ardennes_qt.rules.asl_kgp.campaign.purchase import rg_type
from ardennes_qt.rules.asl_kgp.campaign.state import RgRecord
from ardennes_qt.rules.asl_kgp.campaign.step import Step
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, rg_group, table

def rg_rolls(state, side: str, index: int, record: RgRecord) -> list[str]:
    """The 8.620 tables an RG is rolled on, in order."""
    if record.date != state.date and not (record.initial_ob and state.refit == "initial"):
        return []
    group = rg_group(side, record.rg_id)
    rolls = []
    if side == "German" and rg_type(record.rg_id) in ("I", "V", "G", "HW"):
        rolls.append("german_rg_strength")
    if group.get("quality"):
        rolls.append("us_quality")
    if "tank_models" in group:
        rolls.append(group["tank_models"])
    if group.get("leader"):
        rolls.append("leader_table")
    return rolls


class RgStrength(Step):
    """8.620: German Strength (8.6201), U.S. Quality (8.6202), U.S. Medium Tank models (8.6203) and
    leaders (8.6206) for each RG bought this CG Date (and each Initial-OB RG before the Initial
    Scenario). SW of Depleted platoons (8.6204) and HW Pltn Equipment (8.6205) are rolled at the table."""

    rule = "8.620"

    def _needed(self, state) -> list[tuple[str, int, str]]:
        needed = []
        for side in SIDES:
            for index, record in enumerate(state.purchases[side]):
                for key in rg_rolls(state, side, index, record):
                    if not state.is_done(f"{key}:{side}:{index}"):
                        needed.append((side, index, key))
                        break  # in order: a German leader is rolled once the Strength is known
        return needed

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: {table(k).get('title', k)} for RG {state.purchases[s][i].rg_id} (line {i + 1})"
                for s, i, k in self._needed(state)]

    def acting(self, state) -> list[str]:
        return sorted({s for s, _, _ in self._needed(state)}, key=SIDES.index)

    def actions(self, state) -> list:
        needed = self._needed(state)
        return [RollForRg(s, i, k) for s, i, k in needed] + ([] if needed else [ConfirmStep()])

    def apply(self, state, action):
        if not isinstance(action, RollForRg):
            return super().apply(state, action)
        if (action.side, action.record, action.table) not in self._needed(state):
            raise Refused("that roll is not waited for now (each RG is rolled once per table, Strength before "
                          "its leader)", "8.620")
        record = state.purchases[action.side][action.record]
        group = rg_group(action.side, record.rg_id)
        column = ""
        if action.table == "leader_table":
            column = "armor" if group["leader"] == "armor" else action.side
        state, roll = roll_on(state, action.table, Context(state, action.side, record), action.facts, action.roll,
                              column)
        lines = roll.lines(f"{SIDE_WORDS[action.side]} RG {record.rg_id}")
        if action.table == "german_rg_strength":
            full, depleted = group.get("full_depleted", (0, 0))
            strength = "F" if roll.result == "Full" else "D"
            units = full if strength == "F" else depleted
            record = replace(record, strength=strength,
                             units=f"{units} x {group['units']}" if units else record.units)
        elif action.table == "us_quality":
            record = replace(record, units=f"{group['units']}: {roll.result}")
        elif action.table == "leader_table":
            leader = roll.result
            if leader == "8-1" and column == "armor" and group.get("pz_vib"):
                leader = table("leader_table")["pz_vib_armor_8_1"]
                lines.append(f"  exchanged for a {leader} armor leader for a Pz VIB RG (8.6206 *)")
            record = replace(record, leader="" if leader == "none" else
                             f"{leader}{' armor' if column == 'armor' else ''}")
        else:
            record = replace(record, received=roll.result)
        state = state.with_purchase(action.side, record, action.record)
        state = state.marked(f"{action.table}:{action.side}:{action.record}")
        return state.logged(self.rule, action.side, lines, roll=roll.to_json()), lines
