"""Rolling on a Refit Phase table: the program's seeded dice or the player's own, every modifier
with its reason and rule, and the row the Final roll falls in.

A table's modifiers come from its data (``tables/*.toml``). The program applies those it knows from
the campaign's state (side, CG Date, Ammunition Shortage, who won); the others describe the unit or
Location at the table and are stated by the player as facts: a modifier's key (``isolated``), or
``key=n`` for one applied per item (``casualty_vp_25s=2``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign.dates import CgDate, days_after_19_night, on_or_after
from ardennes_qt.rules.asl_kgp.campaign.tables import table

DICE = {"2d6": 2, "dr": 1}


@dataclass(frozen=True)
class Drm:
    value: int
    reason: str
    rule: str
    estimated: str = ""  # why the value is provisional, if it is

    def words(self) -> str:
        text = f"{self.value:+d} {self.reason} ({self.rule})"
        return f"{text} [estimated: {self.estimated}]" if self.estimated else text


@dataclass(frozen=True)
class Roll:
    table: str
    title: str
    rule: str
    dice: tuple[int, ...]
    drms: tuple[Drm, ...]
    final: int
    result: str
    own: bool = False  # the player's own dice, not the program's

    @property
    def original(self) -> int:
        return sum(self.dice)

    def lines(self, who: str) -> list[str]:
        kind = "DR" if len(self.dice) == 2 else "dr"
        dice = "+".join(str(d) for d in self.dice)
        head = (f"{who} {self.title} {kind} {dice}" + (" (own dice)" if self.own else "")
                + f", Final {self.final}: {self.result} ({self.rule})")
        return [head] + [f"  {d.words()}" for d in self.drms]

    def to_json(self) -> dict:
        return {"table": self.table, "dice": list(self.dice), "final": self.final, "result": self.result,
                "drms": [[d.value, d.reason, d.rule] for d in self.drms], "own": self.own}


@dataclass(frozen=True)
class Context:
    """What the program knows for a roll: the campaign state, the rolling side, the RG rolled for."""

    state: object
    side: str
    rg: object = None


def slug(reason: str) -> str:
    """A modifier's key for facts: the first words of its reason."""
    words = re.findall(r"[a-z0-9]+", reason.lower())
    return "_".join(words[:8])


def _won(ctx: Context) -> int:
    return int(ctx.state.won_this_date(ctx.side))


def _german(ctx: Context) -> int:
    return int(ctx.side == "German")


def _german_short(ctx: Context) -> int:
    return int(ctx.side == "German" and ctx.state.sides["German"].ammunition_shortage)


def _date(ctx: Context) -> CgDate:
    return CgDate.parse(ctx.state.date)


def _preceding_weather(ctx: Context) -> str:
    return ctx.state.preceding_weather()


def _rg_type(ctx: Context, *letters: str) -> int:
    return int(ctx.rg is not None and ctx.rg.rg_id.rstrip("0123456789") in letters)


# Modifiers the program applies itself, by table and printed reason: how many times each applies.
AUTOMATIC: dict[str, dict[str, Callable[[Context], int]]] = {
    "wounded_leader": {"German": _german},
    "immobilization_removal": {"German": _german},
    "weapon_repair": {"U.S.": lambda c: int(c.side == "US"),
                      "German and suffering from Ammunition Shortage": _german_short},
    "baz_psk_ft_dc_recovery": {
        "German SW": _german,
        "German SW and Ammunition Shortage (8.618) already in effect (additional)": _german_short},
    "special_ammo": {"German, Ammunition Shortage (8.618) already in effect": _german_short},
    "escape": {"current CG Date is Night": lambda c: int(_date(c).is_night)},
    "mmc_battle_hardening": {"Friendly side won this CG Date's scenario": _won},
    "leader_battle_hardening": {
        "Friendly side won this CG Date's scenario (the player may, after the DR, choose to ignore "
        "this DRM or apply only a -1 DRM)": _won},
    "random_weather": {
        "the preceding CG Date's Weather was Overcast": lambda c: int("Overcast" in _preceding_weather(c)),
        "the current CG Date is AM or Night": lambda c: int(not _date(c).is_pm),
        "the preceding CG Date's Weather was Clear": lambda c: int(_preceding_weather(c) == "Clear"),
        "the current CG Date is Dec 22 N or later": lambda c: int(on_or_after(c.state.date, "22 N"))},
    "mist_density": {
        "the current CG Date is AM": lambda c: int(_date(c).is_am),
        "the current CG Date is PM": lambda c: int(_date(c).is_pm),
        "the current CG Date is Dec 21 N or later": lambda c: int(on_or_after(c.state.date, "21 N"))},
    "german_rg_strength": {
        "+1 per day after Dec 19 N": lambda c: days_after_19_night(c.state.date),
        "\"V\" or \"G\"-type RG": lambda c: _rg_type(c, "V", "G")},
    "german_ammunition_shortage": {
        "per CG scenario completed after 20 AM": lambda c: c.state.scenarios_after_20_am()},
    "us_quality": {"\"Arm'd\" RG (I6 or I8)": lambda c: int(c.rg is not None and c.rg.rg_id in ("I6", "I8"))},
    "leader_table": {
        "the RG is Depleted (NA to U.S.)": lambda c: int(c.side == "German" and c.rg is not None
                                                          and c.rg.strength == "D"),
        "the current CG Date is on/after 21 Dec PM (NA to U.S.)": lambda c: int(
            c.side == "German" and on_or_after(c.state.date, "21 PM"))},
}


def player_facts(key: str) -> dict[str, dict]:
    """The modifiers of a table the player states, by their fact key."""
    automatic = AUTOMATIC.get(key, {})
    return {slug(d["reason"]): d for d in table(key).get("drm", [])
            if d["reason"] not in automatic and "value" in d}


def _facts(key: str, facts: tuple[str, ...]) -> dict[str, int]:
    known = player_facts(key)
    counts: dict[str, int] = {}
    for fact in facts:
        name, _, number = fact.partition("=")
        if name not in known:
            raise Refused(f"'{name}' is not a modifier of the {table(key)['title'] if 'title' in table(key) else key}"
                          f" a player states (those are: {', '.join(known) or 'none'})", table(key)["rule"])
        try:
            n = int(number) if number else 1
        except ValueError:
            raise Refused(f"'{fact}': the count after '=' must be a whole number", table(key)["rule"]) from None
        if n < 0 or (n > 1 and "per" not in known[name]):
            raise Refused(f"'{name}' applies once, not {n} times", known[name]["rule"])
        counts[name] = n
    return counts


def modifiers(key: str, ctx: Context, facts: tuple[str, ...] = ()) -> tuple[Drm, ...]:
    """Every modifier that applies, in the table's printed order, with its reason."""
    stated = _facts(key, facts)
    automatic = AUTOMATIC.get(key, {})
    drms = []
    for d in table(key).get("drm", []):
        if "value" not in d:
            continue
        times = automatic[d["reason"]](ctx) if d["reason"] in automatic else stated.get(slug(d["reason"]), 0)
        if times:
            reason = d["reason"] if times == 1 else f"{d['reason']} (x{times})"
            drms.append(Drm(d["value"] * times, reason, d["rule"], d.get("why", "")))
    return tuple(drms)


def dice_for(state, dice: str, own: tuple[int, ...], rule: str):
    """The dice of a roll: the player's own (checked) or the next from the state's seed."""
    count = DICE[dice]
    if own:
        if len(own) != count or not all(1 <= d <= 6 for d in own):
            raise Refused(f"a {'DR' if count == 2 else 'dr'} is {count} die value(s) from 1 to 6, not {list(own)}",
                          rule)
        return state, tuple(own)
    values = tuple(die_value(state.seed, state.draws + i) for i in range(count))
    return state.drew(count), values


def result_of(tab: dict, final: int, column: str = "") -> str:
    """What the Final roll gives on a table: its row, or a printed threshold."""
    if "rows" in tab:
        from ardennes_qt.rules.asl_kgp.refit_tables import row_for

        row = row_for(tab, final)
        for name in (column, "result", "weather", "density", "strength", "mmc", "leader", "side"):
            if name and name in row:
                value = row[name]
                return f"{value} MMC may Battle Harden" if name == "mmc" else str(value)
        raise ValueError(f"no result column in {tab['rule']}")
    for name, value in tab.items():
        if name.endswith("_at_most"):
            return ("yes" if final <= value else "no") + f" ({name.replace('_', ' ')} {value})"
        if name.endswith("_at_least"):
            return ("yes" if final >= value else "no") + f" ({name.replace('_', ' ')} {value})"
    return str(final)  # the Final roll is itself the result (Recon: the Locations to reveal)


def roll_on(state, key: str, ctx: Context, facts: tuple[str, ...] = (), own: tuple[int, ...] = (),
            column: str = ""):
    """Roll on table ``key``: the new state (dice drawn) and the Roll with its reasons."""
    tab = table(key)
    drms = modifiers(key, ctx, facts)
    state, dice = dice_for(state, tab.get("dice", "dr"), own, tab["rule"])
    final = sum(dice) + sum(d.value for d in drms)
    title = tab.get("title", key.replace("_", " ").capitalize())
    return state, Roll(key, title, tab["rule"], dice, drms, final, result_of(tab, final, column), bool(own))
