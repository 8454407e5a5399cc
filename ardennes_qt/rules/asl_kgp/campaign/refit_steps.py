"""Refit Phase steps 8.601-8.618 that are not purchases: those done at the table, and the table
rolls (wounded leaders, Battle Hardening, SAN, Shift, repair, removal, CPP, weather, German
Ammunition Shortage), each with every modifier and its reason."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import (
    AdjustTally, ConfirmStep, PromoteFromRanks, ReplenishCpp, RollTable,
)
from ardennes_qt.rules.asl_kgp.campaign.modifiers import Context, Drm, dice_for, roll_on
from ardennes_qt.rules.asl_kgp.campaign.step import Step, TableStep, apply_tally, table_actions
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, cpp_base, historical_weather, table


def roll_and_log(state, action: RollTable, rule: str, rg=None, column: str = ""):
    state, roll = roll_on(state, action.table, Context(state, action.side, rg), action.facts, action.roll,
                          column or action.column)
    lines = roll.lines(SIDE_WORDS[action.side])
    return state.logged(rule, action.side, lines, roll=roll.to_json()), lines, roll


class RollsStep(TableStep):
    """A step whose tables are rolled once per unit, leader, Weapon, group or item the players name
    at the table, as many times as needed, then confirmed."""

    def __init__(self, rule: str, tables: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]):
        super().__init__(rule)
        self.tables = tables  # table -> (sides that roll on it, columns)

    def actions(self, state) -> list:
        rolls = [RollTable(key, side, column=column)
                 for key, (sides, columns) in self.tables.items() for side in sides for column in columns or ("",)]
        return rolls + super().actions(state)

    def apply(self, state, action):
        if not isinstance(action, RollTable):
            return super().apply(state, action)
        if action.table not in self.tables:
            raise Refused(f"the {action.table.replace('_', ' ')} is not rolled in {self.rule} {self.title}",
                          self.rule)
        sides, columns = self.tables[action.table]
        if action.side not in sides:
            raise Refused(f"the {SIDE_WORDS.get(action.side, action.side)} side does not roll on the "
                          f"{action.table.replace('_', ' ')}", table(action.table)["rule"])
        if columns and action.column not in columns:
            raise Refused(f"say which column: {' or '.join(columns)}", table(action.table)["rule"])
        if action.column == "mobile_vehicle":
            for fact in action.facts:
                drm = next(d for d in table(action.table)["drm"] if fact.partition("=")[0] in _slugs(d))
                if drm.get("infantry_only"):
                    raise Refused(f"'{drm['reason']}' is NA to a vehicle Escape attempt", drm["rule"])
        state, lines, _ = roll_and_log(state, action, self.rule)
        return state, lines


def _slugs(drm: dict) -> set[str]:
    from ardennes_qt.rules.asl_kgp.campaign.modifiers import slug

    return {slug(drm["reason"])}


class BattleHardening(TableStep):
    """8.611: each side's MMC Battle Hardening DR (8.6113) and its Leader Battle Hardening DR or a 7-0
    promoted out of the ranks (8.6114-.6115); recombining (8.6111-.6112) is done at the table."""

    def __init__(self):
        super().__init__("8.611")

    def waiting(self, state) -> list[str]:
        needed = []
        for side in SIDES:
            if not state.is_done(f"mmc:{side}"):
                needed.append(f"{SIDE_WORDS[side]}: MMC Battle Hardening DR (8.6113)")
            if not state.is_done(f"leader:{side}"):
                needed.append(f"{SIDE_WORDS[side]}: Leader Battle Hardening DR or a 7-0 promoted (8.6114-.6115)")
        return needed

    def actions(self, state) -> list:
        actions = []
        for side in SIDES:
            if not state.is_done(f"mmc:{side}"):
                actions.append(RollTable("mmc_battle_hardening", side))
            if not state.is_done(f"leader:{side}"):
                actions += [RollTable("leader_battle_hardening", side), PromoteFromRanks(side)]
        return actions + ([ConfirmStep()] if self.complete(state) else []) + table_actions(state)

    def apply(self, state, action):
        if isinstance(action, PromoteFromRanks):
            self._check(state, f"leader:{action.side}", "8.6115")
            line = f"{SIDE_WORDS[action.side]}: a 7-0 leader is promoted out of the ranks (8.6115)"
            return state.marked(f"leader:{action.side}").logged("8.6115", action.side, [line]), [line]
        if isinstance(action, RollTable) and action.table in ("mmc_battle_hardening", "leader_battle_hardening"):
            mark = f"{'mmc' if action.table.startswith('mmc') else 'leader'}:{action.side}"
            self._check(state, mark, table(action.table)["rule"])
            state, lines, roll = roll_and_log(state, action, self.rule)
            if action.table == "leader_battle_hardening" and state.won_this_date(action.side):
                # 8.6114: after the DR the player may ignore the -2 for winning, or apply only -1.
                from ardennes_qt.rules.asl_kgp.refit_tables import row_for

                tab = table(action.table)
                others = [f"with -1 instead: {row_for(tab, roll.final + 1)['leader']}",
                          f"ignoring it: {row_for(tab, roll.final + 2)['leader']}"]
                lines.append(f"  the player may choose ({'; '.join(others)}) (8.6114)")
            return state.marked(mark), lines
        if isinstance(action, AdjustTally):
            return apply_tally(state, action)
        return super().apply(state, action)

    def _check(self, state, mark: str, rule: str):
        if state.is_done(mark):
            raise Refused("this side has already made this roll in this Refit Phase", rule)


class NewDate(Step):
    """8.612: a new CG Date (8.6121) and each side's SAN adjustment (8.6122)."""

    rule = "8.612"
    needs_confirm = False

    def enter(self, state):
        previous = state.date_index
        state = replace(state, date_index=previous + 1, chits={})
        lines = [f"The CG Date is now {state.date} (8.6121)"]
        for side in SIDES:
            before = state.row(side, previous)
            start = (before.left if before.left is not None else state.cpp_left(side)) - state.sides[side].recon_cpp
            state = state.with_row(side, start=start).with_side(side, mine_fpp=0, recon_cpp=0)
            if state.sides[side].san < 2:
                lines.append(f"{SIDE_WORDS[side]} SAN {state.sides[side].san} is raised to 2 (8.6122)")
                state = state.with_side(side, san=2)
        return state.logged(self.rule, "", lines), lines

    def _rolling(self, state) -> list[str]:
        return [s for s in SIDES if state.sides[s].san >= 4 and not state.is_done(f"san:{s}")]

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: SAN adjustment dr (SAN {state.sides[s].san}, 8.6122)" for s in self._rolling(state)]

    def acting(self, state) -> list[str]:
        return self._rolling(state)

    def actions(self, state) -> list:
        return [RollTable("san_adjustment", s) for s in self._rolling(state)]

    def apply(self, state, action):
        if not isinstance(action, RollTable) or action.table != "san_adjustment":
            return super().apply(state, action)
        if action.side not in self._rolling(state):
            raise Refused("only a side whose SAN is 4 or more rolls, once per CG Date", "8.6122")
        t = table("san_adjustment")
        san = state.sides[action.side].san
        state, dice = dice_for(state, "dr", action.roll, "8.6122")
        drm = Drm(san - t["drm_is_san_minus"], f"current SAN {san} minus four", "8.6122")
        final = dice[0] + drm.value
        lowered = final >= t["reduce_on_final_dr_at_least"]
        result = f"SAN lowered to {san - t['reduction']}" if lowered else f"SAN stays {san}"
        lines = [f"{SIDE_WORDS[action.side]} SAN adjustment dr {dice[0]}, Final {final}: {result} (8.6122)",
                 f"  {drm.words()}"]
        if lowered:
            state = state.with_side(action.side, san=san - t["reduction"])
        return state.marked(f"san:{action.side}").logged(self.rule, action.side, lines), lines


class CppReplenishment(Step):
    """8.616: CPP Base # minus a Secret DR (halved, FRD, for the side given the 8.31 balance); 8.6162
    writes Repl, and Start + Repl in Total."""

    rule = "8.616"
    needs_confirm = False

    def _rolling(self, state) -> list[str]:
        return [s for s in SIDES if not state.is_done(f"cpp:{s}")]

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: Secret CPP Replenishment DR (8.616)" for s in self._rolling(state)]

    def acting(self, state) -> list[str]:
        return self._rolling(state)

    def actions(self, state) -> list:
        return [ReplenishCpp(s) for s in self._rolling(state)]

    def apply(self, state, action):
        if not isinstance(action, ReplenishCpp):
            return super().apply(state, action)
        if action.side not in self._rolling(state):
            raise Refused("each side replenishes its CPP once per CG Date", "8.616")
        if action.base < 0:
            raise Refused("a CPP Base # is not negative", "8.6161")
        state, repl, lines = replenish(state, action.side, action.base, action.roll)
        row = state.row(action.side)
        total = (row.start or 0) + repl
        lines.append(f"  Start {row.start} + Repl {repl} = Total {total} CPP (8.6162)")
        state = state.with_row(action.side, repl=repl, total=total, spent=0, left=total)
        return state.marked(f"cpp:{action.side}").logged(self.rule, action.side, lines), lines


def replenish(state, side: str, base: int, own: tuple[int, ...]):
    """8.616, 8.31: the CPP Replenished, with the Base # and the DR."""
    reason = ""
    if not base:
        base, reason = cpp_base(state.cg, side, state.date)
    state, dice = dice_for(state, "2d6", own, "8.616")
    dr = sum(dice)
    halved = state.balance == side
    taken = dr // 2 if halved else dr
    repl = base - taken
    lines = [f"{SIDE_WORDS[side]} CPP Replenishment DR {dice[0]}+{dice[1]}: Base # {base} - {taken} = {repl} CPP (8.616)"]
    if halved:
        lines.append(f"  DR {dr} halved, FRD, for the CG Balance (8.31)")
    if reason:
        lines.append(f"  Base # {reason}")
    return state, repl, lines


class Weather(Step):
    """8.617: the Historical Weather Chart (estimated: missing from the rules at hand), or the optional
    Random Weather Table rolled by the U.S. player and the Random Mist Density Table (8.6171)."""

    rule = "8.617"
    needs_confirm = False

    def enter(self, state):
        if state.random_weather:
            return state, []
        weather, reason = historical_weather(state.date)
        lines = [f"Weather on {state.date}: {weather} (8.617)", f"  {reason}"]
        return _set_weather(state, weather).marked("weather").logged(self.rule, "", lines), lines

    def _needed(self, state) -> list[str]:
        if not state.is_done("weather"):
            return ["random_weather"]
        return ["mist_density"] if state.is_done("mist_needed") and not state.is_done("mist") else []

    def waiting(self, state) -> list[str]:
        words = {"random_weather": "U.S.: DR on the KGP Random Weather Table (8.6171)",
                 "mist_density": "U.S.: dr on the KGP Random Mist Density Table (8.6171)"}
        return [words[n] for n in self._needed(state)]

    def acting(self, state) -> list[str]:
        return ["US"] if self._needed(state) else []

    def actions(self, state) -> list:
        return [RollTable(n, "US") for n in self._needed(state)]

    def apply(self, state, action):
        if not isinstance(action, RollTable) or action.table not in self._needed(state) or action.side != "US":
            raise Refused("the U.S. player rolls the weather, then the mist density when the weather calls for it",
                          "8.6171")
        state, lines, roll = roll_and_log(state, action, self.rule)
        if action.table == "random_weather":
            from ardennes_qt.rules.asl_kgp.refit_tables import row_for

            row = row_for(table("random_weather"), roll.final)
            state = _set_weather(state, roll.result).marked("weather")
            if row["mist_density_roll"]:
                state = state.marked("mist_needed")
            elif row.get("mist_change") and not state.on_or_after("22 N"):
                lines.append("  no Mist initially; make Mist Change DR as per SSR KGP3 (8.6171 ‡)")
        else:
            state = _set_weather(state, f"{state.row('US').weather} ({roll.result})").marked("mist")
        return state, lines


def _set_weather(state, weather: str):
    for side in SIDES:
        state = state.with_row(side, weather=weather)
    return state


class AmmunitionShortage(Step):
    """8.618: from Dec 20 AM, a German DR each CG Date; 12 or more: Ammunition Shortage for the CG."""

    rule = "8.618"
    needs_confirm = False

    def enter(self, state):
        t = table("german_ammunition_shortage")
        if not state.on_or_after(t["first_cg_date"]):
            line = f"8.618 German Ammunition Shortage: not rolled before Dec {t['first_cg_date']}"
        elif state.sides["German"].ammunition_shortage:
            line = "8.618 German Ammunition Shortage: already in effect for the rest of the CG"
        else:
            return state, []
        return state.marked("ammo").logged(self.rule, "German", [line]), [line]

    def waiting(self, state) -> list[str]:
        return [] if state.is_done("ammo") else ["German: Ammunition Shortage DR (8.618)"]

    def acting(self, state) -> list[str]:
        return [] if state.is_done("ammo") else ["German"]

    def actions(self, state) -> list:
        return [] if state.is_done("ammo") else [RollTable("german_ammunition_shortage", "German")]

    def apply(self, state, action):
        if (not isinstance(action, RollTable) or action.table != "german_ammunition_shortage"
                or action.side != "German" or state.is_done("ammo")):
            raise Refused("the German makes one Ammunition Shortage DR this CG Date", "8.618")
        state, lines, roll = roll_and_log(state, action, self.rule)
        short = roll.result.startswith("yes")
        lines.append("  the German OB suffers from Ammunition Shortage (A19.131) for the rest of the CG"
                     if short else "  no Ammunition Shortage")
        if short:
            state = state.with_side("German", ammunition_shortage=True)
        return state.marked("ammo"), lines


BOTH = tuple(SIDES)

STEPS_8_601_TO_8_618 = {
    "8.601": TableStep("8.601"),
    "8.602": TableStep("8.602"),
    "8.604": TableStep("8.604"),
    "8.605": TableStep("8.605"),
    "8.606": RollsStep("8.606", {"escape": (BOTH, ("infantry", "mobile_vehicle")),
                                 "escape_equipment": (BOTH, ())}),
    "8.607": TableStep("8.607"),
    "8.608": TableStep("8.608"),
    "8.609": TableStep("8.609"),
    "8.610": RollsStep("8.610", {"wounded_leader": (BOTH, ())}),
    "8.611": BattleHardening(),
    "8.612": NewDate(),
    "8.613": RollsStep("8.613", {"shift": (BOTH, ())}),
    "8.614": RollsStep("8.614", {"immobilization_removal": (BOTH, ()), "weapon_repair": (BOTH, ()),
                                 "baz_psk_ft_dc_recovery": (BOTH, ()), "captured_equipment": (BOTH, ()),
                                 "special_ammo": (("German",), ())}),
    "8.615": RollsStep("8.615", {"removal": (BOTH, ())}),
    "8.616": CppReplenishment(),
    "8.617": Weather(),
    "8.618": AmmunitionShortage(),
}
