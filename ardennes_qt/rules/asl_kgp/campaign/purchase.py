"""Purchases of the Refit Phase: Reinforcement Groups against the RG charts (8.619), Fortifications
(8.621) and Reconnaissance (8.622). What each RG brings (8.620) is rg_strength.py."""

from __future__ import annotations


from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.actions import (
    BuyFortification, BuyRecon, PurchaseRg, SideDone,
)
from ardennes_qt.rules.asl_kgp.campaign.modifiers import Context, player_facts, roll_on
from ardennes_qt.rules.asl_kgp.campaign.state import RgRecord
from ardennes_qt.rules.asl_kgp.campaign.step import Step
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, rg_group, rg_ids, table


def rg_type(rg_id: str) -> str:
    """The letters an RG ID begins with (8.6191): "I", "V", "G", "HW", "O", "B", "F", "M"."""
    return rg_id.rstrip("0123456789")


def cg_maximum(state, side: str, rg_id: str) -> int:
    """8.6196, as held in the chart (colour-coded cells: see rg_charts.toml)."""
    return rg_group(side, rg_id)["cg_max"][state.cg]


def rg_cost(state, action: PurchaseRg) -> tuple[int, list[str]]:
    """8.6194: the listed CPP cost, with Standard On-Map Setup (+3; free for German "G" and, in the
    CG I Initial Scenario, SSR I.2), U.S. Early Entry (150%, FRD) and Pre-Registered hexes (+1 each)."""
    group = rg_group(action.side, action.rg_id)
    changes = table("cost_changes")
    cost = group["cpp"]
    reasons = [f"listed CPP cost {cost} (8.6194)"]
    if action.on_map:
        if state.refit == "initial" and state.cg in table("initial_ob")["on_map_free_in_initial"]:
            reasons.append("Standard On-Map Setup at no extra CPP in this Initial Scenario (SSR I.2)")
        elif action.side == "German" and rg_type(action.rg_id) == "G" and changes["german_g_on_map_free"]:
            reasons.append("Standard On-Map Setup: no extra CPP for a German \"G\" RG (8.6194a)")
        else:
            cost += changes["standard_on_map_setup_extra"]
            reasons.append(f"+{changes['standard_on_map_setup_extra']} Standard On-Map Setup (8.6194a)")
    if action.early_entry:
        cost = cost * changes["us_early_entry_percent"] // 100
        reasons.append(f"U.S. Early Entry: {changes['us_early_entry_percent']}%, FRD, = {cost} (8.6194b)")
    if action.pre_registered:
        cost += action.pre_registered * changes["pre_registered_hex_extra"]
        reasons.append(f"+{action.pre_registered} for Pre-Registered hex(es) (RG chart note p)")
    return cost, reasons


def purchase_refusal(state, action: PurchaseRg) -> Refused | None:
    """Why an RG purchase is not allowed now, or None: each clause with its rule."""
    side, rg_id = action.side, action.rg_id
    if side not in SIDES or rg_id not in rg_ids(side):
        return Refused(f"there is no RG '{rg_id}' on the {SIDE_WORDS.get(side, side)} RG chart", "8.6191")
    if state.is_done(f"side:{side}"):
        return Refused(f"the {SIDE_WORDS[side]} side has finished its purchases", "8.619")
    group = rg_group(side, rg_id)
    changes = table("cost_changes")
    maximum = cg_maximum(state, side, rg_id)
    if state.bought(side, rg_id) >= maximum:
        return Refused(f"RG {rg_id} ({group['group_type']}): the CG Maximum of {maximum} in CG {state.cg} "
                       f"is reached", "8.6196")
    if state.bought(side, rg_id, state.date) >= group["date_max"]:
        return Refused(f"RG {rg_id} ({group['group_type']}): at most {group['date_max']} per CG Date", "8.6195")
    if state.refit == "initial" and state.cg in group.get("not_initial", ()):
        return Refused(f"RG {rg_id} ({group['group_type']}) may not be bought for the Initial Scenario "
                       f"(‡ on the RG chart)", "8.2")
    only = group.get("only_dates", {}).get(state.cg)
    if only is not None and state.date not in only:
        return Refused(f"RG {rg_id} is available only on {', '.join(only)} in CG {state.cg} "
                       f"(RG chart note; estimated reading)", "8.619")
    if state.cg == "II" and "one_of_in_cg2" in group:
        taken = [i for i in group["one_of_in_cg2"] if state.bought(side, i)]
        if taken:
            return Refused(f"in CG II the German may buy only one of the Pz Sect RG {', '.join(group['one_of_in_cg2'])}"
                           f" ({taken[0]} is bought)", "8.619")
    kind = rg_type(rg_id)
    if action.on_map:
        if kind not in changes["standard_on_map_setup_ids"]:
            return Refused("only an \"I\", \"V\", \"G\" or \"HW\" RG may be bought for Standard On-Map Setup",
                           "8.6194a")
        if (state.refit == "initial" and side == "German"
                and state.cg in table("initial_ob")["german_no_on_map_purchase_in_initial"]):
            return Refused("the German may not spend CPP for Standard On-Map Setup in this Initial Scenario",
                           "SSR III.3")
    if action.early_entry:
        if side != "US" or kind not in changes["us_early_entry_ids"]:
            return Refused("U.S. Early Entry is for a U.S. \"I\", \"V\" or \"G\" RG", "8.6194b")
        if action.on_map:
            return Refused("an RG enters early or sets up on-map, not both", "8.6194")
    if action.pre_registered and not 0 < action.pre_registered <= group.get("pre_registered_hexes", 0):
        return Refused(f"RG {rg_id} may have {group.get('pre_registered_hexes', 0)} Pre-Registered hexes at most",
                       "8.619 note p")
    cost, _ = rg_cost(state, action)
    if cost > state.cpp_left(side):
        return Refused(f"RG {rg_id} costs {cost} CPP; the {SIDE_WORDS[side]} side has {state.cpp_left(side)} left",
                       "8.6194")
    return None


def _variants(state, side: str, rg_id: str) -> list[PurchaseRg]:
    group = rg_group(side, rg_id)
    variants = [PurchaseRg(side, rg_id), PurchaseRg(side, rg_id, on_map=True),
                PurchaseRg(side, rg_id, early_entry=True)]
    variants += [PurchaseRg(side, rg_id, pre_registered=n) for n in range(1, group.get("pre_registered_hexes", 0) + 1)]
    return [a for a in variants if purchase_refusal(state, a) is None]


class PurchaseRgs(Step):
    """8.619: each side buys RG, recorded on its CG Roster and RG Purchase Record, then finishes."""

    rule = "8.619"
    needs_confirm = False

    def _buying(self, state) -> list[str]:
        return [s for s in SIDES if not state.is_done(f"side:{s}")]

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: buy RG ({state.cpp_left(s)} CPP left), then finish" for s in self._buying(state)]

    def acting(self, state) -> list[str]:
        return self._buying(state)

    def actions(self, state) -> list:
        actions = []
        for side in self._buying(state):
            for rg_id in rg_ids(side):
                actions += _variants(state, side, rg_id)
            actions.append(SideDone(side))
        return actions

    def apply(self, state, action):
        if isinstance(action, SideDone):
            if action.side not in self._buying(state):
                raise Refused("this side has already finished its purchases", "8.619")
            row = state.row(action.side)
            left = state.cpp_left(action.side)
            line = f"{SIDE_WORDS[action.side]} spent {row.spent or 0} CPP; {left} left (8.619)"
            state = state.with_row(action.side, spent=row.spent or 0, left=left).marked(f"side:{action.side}")
            return state.logged(self.rule, action.side, [line]), [line]
        if not isinstance(action, PurchaseRg):
            return super().apply(state, action)
        refusal = purchase_refusal(state, action)
        if refusal is not None:
            raise refusal
        return buy(state, action)


def buy(state, action: PurchaseRg):
    side, rg_id = action.side, action.rg_id
    group = rg_group(side, rg_id)
    cost, reasons = rg_cost(state, action)
    bought = state.bought(side, rg_id) + 1
    record = RgRecord(state.date, rg_id, group["group_type"], cost, bought, cg_maximum(state, side, rg_id) - bought,
                      units=group["units"], objective_hex=action.objective_hex, area=action.area,
                      on_map=action.on_map, early_entry=action.early_entry, pre_registered=action.pre_registered)
    row = state.row(side)
    state = state.with_purchase(side, record).with_row(side, rg=row.rg + (f"{rg_id} ({cost})",),
                                                         spent=(row.spent or 0) + cost)
    lines = [f"{SIDE_WORDS[side]} buys RG {rg_id} {group['group_type']} for {cost} CPP "
             f"(#P {record.number_purchased}, #R {record.number_remaining}) (8.619)"] + [f"  {r}" for r in reasons]
    if "fpp" in group:
        state = state.with_side(side, fpp=state.sides[side].fpp + group["fpp"])
        lines.append(f"  +{group['fpp']} FPP to spend in 8.621")
    if "san_increase" in group:
        state = state.with_side(side, san=state.sides[side].san + group["san_increase"])
        lines.append(f"  SAN raised to {state.sides[side].san}")
    if group.get("second_after_first_eliminated") and state.cg in group["second_after_first_eliminated"] and bought > 1:
        lines.append("  the second module may be bought only once the first has been Eliminated (SSR CG15): "
                     "check at the table")
    return state.logged("8.619", side, lines), lines


# --- 8.621 -----------------------------------------------------------------------------------


def fortification_cost(state, action: BuyFortification) -> float:
    item = next(i for i in table("fortifications")["items"] if i["name"] == action.item)
    costs = item["fpp"]
    if item.get("fpp_for") == ["U.S.", "German"]:
        return costs[SIDES.index(action.side)] * action.count
    return costs[action.option] * action.count


def fortification_refusal(state, action: BuyFortification) -> Refused | None:
    items = {i["name"]: i for i in table("fortifications")["items"]}
    if action.item not in items:
        return Refused(f"no Fortification '{action.item}' on the Fortification Purchase Table", "8.621")
    if state.is_done(f"side:{action.side}"):
        return Refused(f"the {SIDE_WORDS[action.side]} side has finished buying Fortifications", "8.621")
    item = items[action.item]
    if action.count < 1 or not 0 <= action.option < len(item["fpp"]):
        return Refused("say how many, and which cost column", "8.621")
    if (action.item == "Trench" and action.side == "US" and state.cg == "I" and state.refit == "initial"):
        return Refused("the U.S. cannot purchase trenches in the CG I Initial Scenario", "SSR I.4")
    cost = fortification_cost(state, action)
    if cost > state.sides[action.side].fpp:
        return Refused(f"{action.count} x {action.item} cost {cost:g} FPP; {state.sides[action.side].fpp:g} left",
                       "8.621")
    limit = table("fortifications")["mines_fpp_max_per_cg_date_per_map_group"]
    if "Mine" in action.item and state.sides[action.side].mine_fpp + cost > limit:
        return Refused(f"no more than {limit} FPP per CG Date on mines", "8.621 note 2")
    return None


class Fortifications(Step):
    """8.621: FPP spent on Fortifications, tallied on the CG Roster; FPP unspent are forfeit. Where
    each goes (Front-Line, Isolated, per Setup Area, HIP for 10% of the squads) is checked at setup."""

    rule = "8.621"
    needs_confirm = False

    def enter(self, state):
        lines = []
        for side in SIDES:
            if state.sides[side].fpp <= 0:
                state = state.marked(f"side:{side}")
                lines.append(f"{SIDE_WORDS[side]}: no FPP to spend (8.621)")
        return (state.logged(self.rule, "", lines) if lines else state), lines

    def _buying(self, state) -> list[str]:
        return [s for s in SIDES if not state.is_done(f"side:{s}")]

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: spend {state.sides[s].fpp:g} FPP on Fortifications, then finish"
                for s in self._buying(state)]

    def acting(self, state) -> list[str]:
        return self._buying(state)

    def actions(self, state) -> list:
        actions = []
        for side in self._buying(state):
            for item in table("fortifications")["items"]:
                options = [0] if item.get("fpp_for") == ["U.S.", "German"] else range(len(item["fpp"]))
                for option in options:
                    action = BuyFortification(side, item["name"], option)
                    if fortification_refusal(state, action) is None:
                        actions.append(action)
            actions.append(SideDone(side))
        return actions

    def apply(self, state, action):
        if isinstance(action, SideDone):
            if action.side not in self._buying(state):
                raise Refused("this side has already finished", "8.621")
            left = state.sides[action.side].fpp
            line = f"{SIDE_WORDS[action.side]}: {left:g} FPP unspent are forfeit (8.621)" if left else \
                f"{SIDE_WORDS[action.side]}: Fortifications bought (8.621)"
            state = state.with_side(action.side, fpp=0).marked(f"side:{action.side}")
            return state.logged(self.rule, action.side, [line]), [line]
        if not isinstance(action, BuyFortification):
            return super().apply(state, action)
        refusal = fortification_refusal(state, action)
        if refusal is not None:
            raise refusal
        cost = fortification_cost(state, action)
        item = next(i for i in table("fortifications")["items"] if i["name"] == action.item)
        label = action.item
        if "fpp_for" in item and item["fpp_for"] != ["U.S.", "German"]:
            label += f" ({item['fpp_for'][action.option]})"
        side = state.sides[action.side]
        state = state.with_side(action.side, fpp=side.fpp - cost,
                                mine_fpp=side.mine_fpp + (cost if "Mine" in action.item else 0))
        row = state.row(action.side)
        state = state.with_row(action.side, fortifications=row.fortifications + (f"{action.count} x {label}",))
        line = f"{SIDE_WORDS[action.side]} buys {action.count} x {label} for {cost:g} FPP (8.621)"
        return state.logged(self.rule, action.side, [line]), [line]


# --- 8.622 -----------------------------------------------------------------------------------


class Recon(Step):
    """8.622: 1 CPP (2 for +5) buys a Recon dr: the Locations the opponent must reveal (8.6243);
    cumulative over Idle Dates, not beyond the next scenario."""

    rule = "8.622"
    needs_confirm = False

    def _buying(self, state) -> list[str]:
        return [s for s in SIDES if not state.is_done(f"side:{s}")]

    def waiting(self, state) -> list[str]:
        return [f"{SIDE_WORDS[s]}: buy Recon ({state.cpp_left(s)} CPP left) or not" for s in self._buying(state)]

    def acting(self, state) -> list[str]:
        return self._buying(state)

    def actions(self, state) -> list:
        actions = []
        for side in self._buying(state):
            for cpp in (1, 2):
                if state.cpp_left(side) >= cpp:
                    actions += [BuyRecon(side, cpp), BuyRecon(side, cpp, lax=True)]
            actions.append(SideDone(side))
        return actions

    def apply(self, state, action):
        if not isinstance(action, (SideDone, BuyRecon)):
            return super().apply(state, action)
        if action.side not in self._buying(state):
            raise Refused("each side buys Recon once per CG Date", "8.622")
        if isinstance(action, SideDone):
            return state.marked(f"side:{action.side}"), []
        t = table("recon")
        if action.cpp not in (t["cpp"], t["cpp_with_bonus"]):
            raise Refused(f"Recon costs {t['cpp']} CPP, or {t['cpp_with_bonus']} for +5", "8.622")
        if action.cpp > state.cpp_left(action.side):
            raise Refused(f"Recon costs {action.cpp} CPP; {state.cpp_left(action.side)} left", "8.622")
        keys = player_facts("recon")
        facts = tuple(k for k in keys if ("spent" in k and action.cpp == 2) or ("majority" in k and action.lax))
        state, roll = roll_on(state, "recon", Context(state, action.side), facts, action.roll)
        locations = max(0, roll.final)
        lines = [f"{SIDE_WORDS[action.side]} Recon dr {roll.dice[0]}, Final {roll.final}: {locations} Location(s) "
                 f"to reveal (8.622)"] + [f"  {d.words()}" for d in roll.drms]
        side = state.sides[action.side]
        state = state.with_side(action.side, recon_cpp=action.cpp, recon_locations=side.recon_locations + locations)
        state = state.with_row(action.side, recon=locations).marked(f"side:{action.side}")
        return state.logged(self.rule, action.side, lines, roll=roll.to_json()), lines


PURCHASE_STEPS = {"8.619": PurchaseRgs(), "8.621": Fortifications(), "8.622": Recon()}
