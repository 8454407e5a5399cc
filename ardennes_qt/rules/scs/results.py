"""What a result on an SCS Combat Results Table says: "A1" the attacker loses a step, "D2" the
defender two, "r3" the defender retreats three hexes, together in that order ("A1D1r2").  Each
game's table has its own name, its own mark for no result ("NR", "-") and words for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RESULT = re.compile(r"^(?:A(\d))?(?:D(\d))?(?:r(\d))?$")


@dataclass(frozen=True)
class ResultCodes:
    """One game's reading of its table's results."""

    table: str  # the table as the game names it: "Combat Results Table"
    nothing: str  # its mark for no result: "NR"
    nothing_words: str  # "no result"

    def parse(self, result: str) -> tuple[int, int, int]:
        """(attacker steps, defender steps, retreat hexes): "A2D1" (2, 1, 0), "D1r2" (0, 1, 2)."""
        if result == self.nothing:
            return 0, 0, 0
        m = _RESULT.match(result)
        if not m or not result:
            raise ValueError(f"'{result}' is not a {self.table} result")
        return tuple(int(g) if g else 0 for g in m.groups())

    def words(self, result: str) -> str:
        a, d, r = self.parse(result)
        parts = [f"attacker loses {a}"] if a else []
        parts += [f"defender loses {d}"] if d else []
        parts += [f"defender retreats {r}"] if r else []
        return ", ".join(parts) or self.nothing_words
