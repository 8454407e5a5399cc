"""Every shipped scenario opens with its set-up in trace supply (3.7; 7.1-7.6 Supply Sources),
save the units that really were cut off on the scenario's first day.

This is a check of the representative map (scenarios/ardennes2/map/source.toml) as much as of
the rules: a set-up unit out of supply at the start is either historically right, and listed in
``CUT_OFF`` with the reason, or a road missing from the map.
"""

from __future__ import annotations

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.supply import in_trace_supply

SCENARIOS = ["7.1", "7.2", "7.3", "7.4", "7.5", "7.6"]

# Set-up units that start out of trace supply, by scenario, because history had them cut off.
CUT_OFF: dict[str, dict[str, str]] = {
    # 7.4 starts on 18 Dec.  The 422nd and 423rd Infantry of the 106th Division, with the 423rd's
    # 2nd Battalion, were encircled on the Schnee Eifel on 17 Dec, when the 18 VG Div met at
    # Schönberg behind them, and surrendered on 19 Dec.  7.4 sets them up in the pocket
    # (B30.32-B33.34), behind the German units at Schönberg B27.35 and the 18 VG Div's line.
    "7.4": {
        "106ID:A/422": "Schnee Eifel pocket, encircled 17 Dec",
        "106ID:B/422": "Schnee Eifel pocket, encircled 17 Dec",
        "106ID:423": "Schnee Eifel pocket, encircled 17 Dec",
        "106ID:2/423": "Schnee Eifel pocket, encircled 17 Dec",
    },
    # 7.1-7.3: the opening fronts of 16-17 Dec; no one was cut off yet.
    # 7.5 (19 Dec): Bastogne was not yet surrounded (the ring closed on 20-21 Dec); Panzer Lehr,
    #   2 Pz and 26 VG Div drew supply over the Clervaux roads (B12.20, B12.22) and Houffalize.
    # 7.6 (24 Dec): 2 Pz Div's spearhead at Celles and Foy-Notre-Dame was short of fuel but still
    #   joined to Rochefort (Panzer Lehr); the 2nd Armored Division closed the pocket on 25 Dec.
}


def out_of_supply(scenario: str) -> dict[str, str]:
    """Set-up units out of trace supply at the start of ``scenario``: unit id -> why, where."""
    session = Session.new(f"ardennes2/{scenario}", seed=1)
    content, state = session.content, session.state
    out = {}
    for uid, unit in sorted(state.units.items()):
        if unit.where != "map":
            continue
        supplied, trace = in_trace_supply(content, state, uid)
        if not supplied:
            why = "; ".join(what for what, _ in trace.reasons)
            out[uid] = f"{content.map.hex_id(unit.hex)}: {why}"
    return out


@pytest.fixture(scope="module")
def opening():
    return {scenario: out_of_supply(scenario) for scenario in SCENARIOS}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_set_up_starts_in_trace_supply(opening, scenario):
    allowed = CUT_OFF.get(scenario, {})
    unexpected = {uid: where for uid, where in opening[scenario].items() if uid not in allowed}
    assert not unexpected, f"{scenario}: set-up units out of trace supply:\n" + "\n".join(
        f"  {uid} at {where}" for uid, where in unexpected.items()
    )


@pytest.mark.parametrize("scenario", sorted(CUT_OFF))
def test_the_units_history_cut_off_start_out_of_supply(opening, scenario):
    """The allow-list holds no stale entries: a listed unit that the map now supplies means a
    road runs through the enemy's ring, or the list should lose it."""
    stale = sorted(set(CUT_OFF[scenario]) - set(opening[scenario]))
    assert not stale, f"{scenario}: listed as cut off but in trace supply: {stale}"
