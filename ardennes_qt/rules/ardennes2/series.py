"""The SCS series rules Ardennes II defers to (checklist M1, item 55), read from
``tables/series.toml``: every value there is provisional and carries its reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.rules.ardennes2.tables import table, table_cache

ROUNDINGS = ("defender", "nearest")
BELOW_LOWEST = ("lowest_column", "not_allowed")
LOSS_RULES = ("owner", "strongest")
RETREAT_KINDS = ("clean", "zoc_bond", "blocked")


@dataclass(frozen=True)
class SeriesRules:
    """The provisional SCS combat rules from series.toml: how odds are rounded, odds below the
    lowest column, who picks the steps lost, and the order of retreat paths."""

    rounding: str
    below_lowest: str
    attacker_losses: str
    defender_losses: str
    overrun_attacker_losses: str
    retreat_priority: tuple[str, ...]
    reasons: dict[str, str]  # section -> why the provisional default was chosen

    def losses_for(self, role: str, overrun: bool) -> str:
        """The loss rule for "attacker" or "defender" of a combat (SCS 8.0, provisional)."""
        if role == "attacker":
            return self.overrun_attacker_losses if overrun else self.attacker_losses
        return self.defender_losses


def _choice(value: str, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ValueError(f"series.toml: {name} = '{value}' is not one of {', '.join(allowed)}")
    return value


@table_cache
def series_rules() -> SeriesRules:
    data = table("series")
    odds, losses, retreats = data["odds"], data["losses"], data["retreats"]
    priority = tuple(_choice(k, RETREAT_KINDS, "retreats.priority") for k in retreats["priority"])
    return SeriesRules(
        rounding=_choice(odds["rounding"], ROUNDINGS, "odds.rounding"),
        below_lowest=_choice(odds["below_lowest"], BELOW_LOWEST, "odds.below_lowest"),
        attacker_losses=_choice(losses["attacker"], LOSS_RULES, "losses.attacker"),
        defender_losses=_choice(losses["defender"], LOSS_RULES, "losses.defender"),
        overrun_attacker_losses=_choice(losses["overrun_attacker"], LOSS_RULES, "losses.overrun_attacker"),
        retreat_priority=priority,
        reasons={
            "odds": odds["rounding_reason"],
            "fractions": odds["fractions_reason"],
            "beyond_table": odds["beyond_table_reason"],
            "below_lowest": odds["below_lowest_reason"],
            "attacks": data["attacks"]["reason"],
            "losses": losses["reason"],
            "retreats": retreats["reason"],
        },
    )
