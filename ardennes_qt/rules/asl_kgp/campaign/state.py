"""The Campaign Game's state (8.2, 8.14): a plain value, changed only by making a new one.

Per side: ELR and SAN, CPP (on the CG Roster), FPP, Current-LVP and CG-LVP Totals, Attack chits
used, German Ammunition Shortage, and the Retained/Eliminated tallies the players keep from the table
(the units themselves are counters on the map, which the Campaign Game's bookkeeping does not see).
The CG Roster has one row per CG Date per side; the RG Purchase Record one row per RG (8.6198).
Dice come from the seed and the number drawn, so a campaign replays exactly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Mapping

from ardennes_qt.rules.asl_kgp.campaign.dates import CgDate, on_or_after
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDES, campaign


@dataclass(frozen=True)
class SideRecord:
    elr: int
    san: int
    fpp: int = 0                   # FPP to spend in 8.621 (M1 RG bought, 15 each)
    mine_fpp: float = 0            # FPP spent on mines this CG Date (8.621 note 2: at most 30)
    current_lvp: int = 0
    cg_lvp: int = 0
    attack_chits: int = 0          # Attack chits selected so far (8.6231)
    ammunition_shortage: bool = False  # German OB, for the rest of the CG (8.618)
    retained: int = 0              # plain counts kept from the table (8.2 Retained, Eliminated)
    eliminated: int = 0
    recon_locations: int = 0       # Recon Locations waiting for the next scenario (8.622)
    recon_cpp: int = 0             # CPP spent on Recon this CG Date, off the next Start (8.622)


@dataclass(frozen=True)
class RosterRow:
    """One line of a side's CG Roster (8.14, 8.6162, 8.6032-.6033, 8.617-.619, 8.622, 8.621)."""

    date: str
    weather: str = ""
    start: int | None = None
    repl: int | None = None        # shaded (None) on the Initial Scenario's date (8.6162)
    total: int | None = None
    spent: int | None = None
    left: int | None = None
    rg: tuple[str, ...] = ()       # "I2 (9)": ID and CPP spent (8.619)
    current_lvp: int | None = None
    cg_lvp: int | None = None
    win: str = ""
    recon: int | None = None
    fortifications: tuple[str, ...] = ()


@dataclass(frozen=True)
class RgRecord:
    """One line of the RG Purchase Record (8.6198)."""

    date: str
    rg_id: str
    group_type: str
    cost: int
    number_purchased: int          # #P: of this Group Type so far in the CG
    number_remaining: int          # #R: CG Maximum - #P
    strength: str = ""             # "F" / "D" (German, 8.6201)
    units: str = ""                # # Units (and Quality, 8.6202)
    received: str = ""             # SW/Guns/models received (8.6203-.6205)
    leader: str = ""               # Pltn/Sect leader (8.6206)
    objective_hex: str = ""
    area: str = ""                 # Setup/Entry Area ID
    initial_ob: bool = False       # given by the Initial-Scenario OB: not counted (8.6196)
    on_map: bool = False           # Standard On-Map Setup (8.6194a)
    early_entry: bool = False      # U.S. Early Entry (8.6194b)
    pre_registered: int = 0        # Pre-Registered hexes bought with an OBA module


@dataclass(frozen=True)
class Scenario:
    """The CG scenario to be (or just) played on a CG Date (8.5, 8.6233)."""

    date: str
    kind: str                      # "Initial", "Dual Attack", "German Assault", "U.S. Assault"
    sets_up_first: str = ""
    moves_first: str = ""
    start_lvp: Mapping[str, int] = field(default_factory=dict)

    @property
    def assaulter(self) -> str:
        return {"German Assault": "German", "U.S. Assault": "US"}.get(self.kind, "")


@dataclass(frozen=True)
class CampaignState:
    cg: str
    seed: int
    draws: int = 0
    date_index: int = 0
    phase: str = "refit"           # "refit", "scenario" (played at the table), "over"
    refit: str = "initial"         # which pass of the RePh: "initial", "after", "again", "end"
    step: str = "8.618"
    done: tuple[str, ...] = ()     # what is done in the current step
    sides: Mapping[str, SideRecord] = field(default_factory=dict)
    roster: Mapping[str, tuple[RosterRow, ...]] = field(default_factory=dict)
    purchases: Mapping[str, tuple[RgRecord, ...]] = field(default_factory=dict)
    chits: Mapping[str, str] = field(default_factory=dict)
    scenario: Scenario | None = None
    scenarios_played: tuple[str, ...] = ()
    random_weather: bool = False   # the optional 8.6171 tables instead of the historical chart
    balance: str = ""              # the side whose CPP Secret DR is halved (8.31)
    us_on_map: bool = True         # the U.S. has on-map Retained units (8.6232 *)
    winner: str = ""               # of the CG, once over
    events: tuple[Mapping[str, Any], ...] = ()  # every roll and decision, with its reasons

    # --- reading -------------------------------------------------------------------------

    @property
    def dates(self) -> list[str]:
        return campaign(self.cg)["dates"]

    @property
    def date(self) -> str:
        return self.dates[self.date_index]

    @property
    def is_last_date(self) -> bool:
        return self.date_index == len(self.dates) - 1

    def row(self, side: str, index: int | None = None) -> RosterRow:
        return self.roster[side][self.date_index if index is None else index]

    def cpp_left(self, side: str) -> int:
        row = self.row(side)
        return (row.total or 0) - (row.spent or 0) - self.sides[side].recon_cpp

    def won_this_date(self, side: str) -> bool:
        return self.row(side).win == side

    def preceding_weather(self) -> str:
        return self.row("US", self.date_index - 1).weather if self.date_index else ""

    def scenarios_after_20_am(self) -> int:
        """8.618: CG scenarios completed after 20 AM."""
        return sum(1 for d in self.scenarios_played if CgDate.parse(d) > CgDate.parse("20 AM"))

    def is_done(self, mark: str) -> bool:
        return mark in self.done

    def bought(self, side: str, rg_id: str, date: str | None = None) -> int:
        """RG of a type bought (not Initial-OB given) in the CG, or on one CG Date."""
        return sum(1 for r in self.purchases[side]
                   if r.rg_id == rg_id and not r.initial_ob and (date is None or r.date == date))

    def on_or_after(self, date: str) -> bool:
        return on_or_after(self.date, date)

    # --- changing ------------------------------------------------------------------------

    def drew(self, count: int) -> CampaignState:
        return replace(self, draws=self.draws + count)

    def marked(self, *marks: str) -> CampaignState:
        return replace(self, done=tuple(sorted(set(self.done) | set(marks))))

    def with_side(self, side: str, **changes) -> CampaignState:
        return replace(self, sides={**self.sides, side: replace(self.sides[side], **changes)})

    def with_row(self, side: str, index: int | None = None, **changes) -> CampaignState:
        i = self.date_index if index is None else index
        rows = list(self.roster[side])
        rows[i] = replace(rows[i], **changes)
        return replace(self, roster={**self.roster, side: tuple(rows)})

    def with_purchase(self, side: str, record: RgRecord, index: int | None = None) -> CampaignState:
        records = list(self.purchases[side])
        if index is None:
            records.append(record)
        else:
            records[index] = record
        return replace(self, purchases={**self.purchases, side: tuple(records)})

    def logged(self, rule: str, side: str, lines: list[str], **data) -> CampaignState:
        event = {"date": self.date, "rule": rule, "side": side, "lines": list(lines), **data}
        return replace(self, events=self.events + (event,))


# --- JSON ------------------------------------------------------------------------------------


def campaign_to_json(state: CampaignState) -> dict[str, Any]:
    data = asdict(state)
    return json.loads(json.dumps(data))  # tuples to lists, keys to strings: the form it is saved in


def _build(cls, data: dict):
    values = {}
    for f in fields(cls):
        if f.name in data:
            values[f.name] = data[f.name]
    return cls(**values)


def _tupled(value):
    return tuple(value) if isinstance(value, list) else value


def campaign_from_json(data: dict[str, Any]) -> CampaignState:
    sides = {s: _build(SideRecord, v) for s, v in data["sides"].items()}
    roster = {s: tuple(_build(RosterRow, {k: _tupled(x) for k, x in row.items()}) for row in rows)
              for s, rows in data["roster"].items()}
    purchases = {s: tuple(_build(RgRecord, r) for r in rows) for s, rows in data["purchases"].items()}
    scenario = _build(Scenario, data["scenario"]) if data.get("scenario") else None
    plain = {k: _tupled(v) for k, v in data.items()
             if k not in ("sides", "roster", "purchases", "scenario", "events")}
    events = tuple(data.get("events", ()))
    return CampaignState(**plain, sides=sides, roster=roster, purchases=purchases, scenario=scenario,
                         events=events)


def state_hash(state: CampaignState) -> str:
    """A digest of the whole state: two campaigns are the same exactly when their digests are."""
    text = json.dumps(campaign_to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def blank_roster(cg: str) -> dict[str, tuple[RosterRow, ...]]:
    return {side: tuple(RosterRow(date) for date in campaign(cg)["dates"]) for side in SIDES}
