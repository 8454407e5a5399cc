"""The Refit Phase sequence (8.60): which steps run on which pass, by their printed flags.

Passes: "initial" before an Initial Scenario (8.5: the "†" steps 8.618-8.621); "after" a CG
scenario (every step; "‡" only if a scenario is generated for the new CG Date); "again" after an
Idle Date (8.6121: 8.612-8.623 repeated); "end" after the scenario of the last CG Date (the "§"
steps, to CG End).
"""

from __future__ import annotations

from ardennes_qt.rules.asl_kgp.campaign.tables import step_data, step_rules, table


def _in_repeated_range(rule: str) -> bool:
    low, high = table("refit_sequence")["repeated_range"]
    rules = step_rules()
    return rules.index(low) <= rules.index(rule) <= rules.index(high)


def runs(rule: str, state) -> bool:
    """Does step ``rule`` run on this pass of the Refit Phase? (8.60's flags, 8.5, 8.6121)"""
    flag = step_data(rule)["flag"]
    if state.refit == "initial":
        return flag == "†"
    if state.refit == "end":
        return flag == "§"
    if flag == "‡":
        return state.scenario is not None and state.scenario.date == state.date
    if state.refit == "again":
        return _in_repeated_range(rule)
    return True


def steps_of_pass(state) -> list[str]:
    """The steps this pass runs, in order (‡ as the state now stands)."""
    return [rule for rule in step_rules() if runs(rule, state)]
