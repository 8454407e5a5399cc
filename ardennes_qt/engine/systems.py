"""The rule systems the engine knows, by name."""

from __future__ import annotations

from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ruleset import Ruleset

_SYSTEMS: dict[str, Ruleset] = {"ardennes2": Ardennes2()}


def register_system(ruleset: Ruleset) -> None:
    """Make a rule system available to sessions under its ``system`` name."""
    _SYSTEMS[ruleset.system] = ruleset


def ruleset_for(system: str) -> Ruleset:
    try:
        return _SYSTEMS[system]
    except KeyError:
        raise KeyError(f"no rule system '{system}' (known: {', '.join(sorted(_SYSTEMS))})") from None
