"""The CG Roster (8.14, one line per CG Date per side) and the RG Purchase Record (8.6198) as the
paper forms print them, and the last roll of the campaign with every modifier."""

from __future__ import annotations

from ardennes_qt.core.system import CampaignForm, CampaignRoll
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS, SIDES, campaign, table

SHADED = "—"

ROSTER_COLUMNS = ("CG Date", "Weather", "CPP Start", "CPP Repl", "CPP Total", "CPP Spent", "CPP Left",
                  "RG Purchased (CPP)", "Current LVP", "CG LVP", "Win", "Recon", "Fortifications")
RECORD_COLUMNS = ("CG Date", "RG ID", "Group Type", "#P", "#R", "Str", "# Units", "SW/Guns Received",
                  "Pltn/Sect Ldr", "Objective Hex", "Setup/Entry Area ID")


def _number(value) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _roster_rows(state, side: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for index, row in enumerate(state.roster[side]):
        # 8.6162: the Initial Scenario's Repl box is shaded.
        repl = SHADED if index == 0 and row.repl is None else _number(row.repl)
        rows.append((f"Dec {row.date}", row.weather, _number(row.start), repl, _number(row.total),
                     _number(row.spent), _number(row.left), ", ".join(row.rg), _number(row.current_lvp),
                     _number(row.cg_lvp), SIDE_WORDS.get(row.win, ""), _number(row.recon),
                     "; ".join(row.fortifications)))
    return tuple(rows)


def _estimates(state) -> tuple[str, ...]:
    """What the roster shows that rests on an estimate: the CPP Base # and the Historical Weather
    Chart, missing from the rules at hand (8.6161, 8.617)."""
    notes = []
    for event in state.events:
        if event["rule"] not in ("8.616", "8.617"):
            continue
        for line in event["lines"]:
            text = line.strip()
            if "estimated" in text and text not in notes:
                notes.append(text)
    return tuple(notes)


def roster(state) -> CampaignForm:
    data = campaign(state.cg)
    notes = (f"CG {state.cg}: ELR and SAN now - "
             + "; ".join(f"{SIDE_WORDS[s]} ELR {state.sides[s].elr}, SAN {state.sides[s].san}" for s in SIDES),
             "CPP Left = Total - Spent (8.619); Start = the last CG Date's Left (8.612). The Initial Scenario's "
             "Repl box is shaded (8.6162).") + _estimates(state)
    return CampaignForm("CG Roster", f"CG Roster: CG {state.cg}, {data['name']}", "8.14", ROSTER_COLUMNS,
                        {SIDE_WORDS[s]: _roster_rows(state, s) for s in SIDES}, state.date_index, notes)


def _record_rows(state, side: str) -> tuple[tuple[str, ...], ...]:
    rows = []
    for r in state.purchases[side]:
        bought, left = (SHADED, SHADED) if r.initial_ob else (str(r.number_purchased), str(r.number_remaining))
        area = r.area or ("Standard On-Map Setup" if r.on_map else "Early Entry" if r.early_entry else "")
        rows.append((f"Dec {r.date}", r.rg_id, r.group_type, bought, left, r.strength, r.units, r.received, r.leader,
                     r.objective_hex, area))
    return tuple(rows)


def purchase_record(state) -> CampaignForm:
    notes = ("Initial-OB RG (#P and #R shaded) do not count toward the maxima (8.6196).",
             "Str: F(ull) or D(epleted) (8.6201); # Units with their Quality (8.6202).")
    return CampaignForm("RG Purchase Record", f"RG Purchase Record: CG {state.cg}", "8.6198", RECORD_COLUMNS,
                        {SIDE_WORDS[s]: _record_rows(state, s) for s in SIDES}, -1, notes)


def last_roll(state) -> CampaignRoll | None:
    """The campaign's last roll: who, which table, the dice, every modifier, the Final and result."""
    event = next((e for e in reversed(state.events) if e.get("roll")), None)
    if event is None:
        return None
    roll = event["roll"]
    tab = table(roll["table"])
    return CampaignRoll(SIDE_WORDS.get(event["side"], event["side"]),
                        tab.get("title", roll["table"].replace("_", " ").capitalize()), tab["rule"],
                        tuple(roll["dice"]), bool(roll.get("own")),
                        tuple((value, reason, rule) for value, reason, rule in roll["drms"]), roll["final"],
                        roll["result"])
