"""A rule's requirements checked one clause at a time, each worded for the player with the rule
that states it: met or not, gathered into a verdict (every reason when allowed, only the unmet
ones when not), or the first unmet one refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ardennes_qt.core.outcome import Refused


@dataclass(frozen=True)
class Check:
    """One requirement of a rule, met or not, with the rule that states it."""

    ok: bool
    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def met(ok: bool, yes: str, no: str, rule: str) -> Check:
    """A check worded by whether it is met."""
    return Check(ok, yes if ok else no, rule)


def verdict(checks: list[Check]) -> tuple[bool, tuple[str, ...]]:
    """(allowed, reasons): every reason when allowed, only the unmet ones when not."""
    failed = [c for c in checks if not c.ok]
    return not failed, tuple(str(c) for c in (failed or checks))


def refuse_unless(checks: Iterable[Check]) -> None:
    """Refuse with the first requirement not met, in its words and rule."""
    for check in checks:
        if not check.ok:
            raise Refused(check.text, check.rule)
