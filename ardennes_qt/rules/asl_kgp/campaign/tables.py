"""The Campaign Game's tables as the rules print them (``../tables/*.toml``), found by name."""

from __future__ import annotations

from functools import lru_cache

from ardennes_qt.rules.asl_kgp.refit_tables import FILES, load

SIDES = ("US", "German")
SIDE_WORDS = {"US": "U.S.", "German": "German"}


@lru_cache(maxsize=None)
def _file(name: str) -> dict:
    return load(name)


@lru_cache(maxsize=None)
def _index() -> dict[str, str]:
    return {key: name for name in FILES for key, value in _file(name).items() if isinstance(value, dict)}


def table(key: str) -> dict:
    """A table by its key in any refit data file ("escape", "german_rg_strength", "us_chart"...)."""
    return _file(_index()[key])[key]


def campaigns() -> dict[str, dict]:
    """8.51-8.53: every CG by its numeral ("I", "II", "III")."""
    return _file("campaigns")["cg"]


def campaign(cg: str) -> dict:
    """8.51-8.53: the CG's dates, map group, limits and initial values."""
    return campaigns()[cg]


def other(side: str) -> str:
    return "German" if side == "US" else "US"


def chart(side: str) -> dict:
    return table("us_chart" if side == "US" else "german_chart")


@lru_cache(maxsize=None)
def _groups(side: str) -> dict[str, dict]:
    return {g["id"]: g for g in chart(side)["groups"]}


def rg_group(side: str, rg_id: str) -> dict:
    return _groups(side)[rg_id]


def rg_ids(side: str) -> list[str]:
    return list(_groups(side))


def step_data(rule: str) -> dict:
    return next(s for s in table("refit_sequence")["steps"] if s["rule"] == rule)


def step_rules() -> list[str]:
    return [s["rule"] for s in table("refit_sequence")["steps"]]


def cpp_base(cg: str, side: str, date: str) -> tuple[int, str]:
    """8.6161: the CPP Base # and, where the chart is missing, why the value is an estimate."""
    cell = next((c for c in table("cpp_base")["cells"]
                 if (c["cg"], c["side"], c["date"]) == (cg, side, date)), None)
    if cell is not None and not cell.get("placeholder"):
        return cell["value"], ""
    estimate = table("cpp_base_estimate")
    return estimate["value"], f"estimated: {estimate['why']}"


def historical_weather(date: str) -> tuple[str, str]:
    """8.617: the CG Date's weather and why it is an estimate (the chart is missing)."""
    chart_ = table("historical_weather_estimate")
    return chart_[date], f"estimated: {chart_['why']}"
