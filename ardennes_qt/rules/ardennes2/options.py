"""Scenario options: the choices the Ardennes II documents leave open (checklist item 28,
M9) or make scenario by scenario (7.3-7.6 halve the Air Strikes).  Their defaults and
reasons are data in ``tables/options.toml``; a scenario's own ``options`` win.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.scenario import Scenario
from ardennes_qt.rules.ardennes2.tables import table, table_cache

BARRAGE_REMOVAL = "barrage_removal"
AIR_STRIKES_HALVED = "air_strikes_halved"
OUTSIDE_ARRIVALS = "outside_arrivals"
SETUP_DG = "setup_dg"

# outside_arrivals values
PLAY_AREA_EDGE = "play_area_edge"
NEAREST_HEX = "nearest_hex"

# barrage_removal values
OWNER_PLAYER_TURN = "owner_player_turn"
PRE_TURN = "pre_turn"

# setup_dg values (and PRE_TURN)
FIRST_TURN = "first_turn"


@dataclass(frozen=True)
class Option:
    """One scenario option from options.toml: its rule, its default, the values it may take and the
    scenarios that print their own."""

    name: str
    rule: str
    default: object
    choices: dict[str, str]  # value -> what it means; empty for a yes/no option
    scenarios: dict[str, object]  # scenario id -> its printed value


@table_cache
def options_table() -> dict[str, Option]:
    data = table("options")
    return {
        name: Option(name, row["rule"], row["default"], dict(row.get("choices", {})), dict(row.get("scenarios", {})))
        for name, row in data.items()
    }


def option(scenario: Scenario, name: str):
    """The value of a scenario option: the scenario's own, else its printed one, else the default."""
    row = options_table()[name]
    if name in scenario.options:
        value = scenario.options[name]
    else:
        value = row.scenarios.get(scenario.id, row.default)
    if row.choices and value not in row.choices:
        raise ValueError(f"option {name} = {value!r}: choose one of {', '.join(row.choices)}")
    return value
