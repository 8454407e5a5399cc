"""A combat of Ardennes 1944 as the combat rules read it (7): the units on both sides with their
values and statuses, the defender's hex terrain, the rivers or bridges the attackers cross, the
support markers and air support each side commits, the units whose quality sets the die
modifier (7.4) and an optional SNAFU (9.5).  Plain values only, so that the game's state can
build one; ``Fighter.from_values`` reads a counter's values by the schema's column names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

ALLIED, GERMAN = "Allied", "German"
INFANTRY, MECHANIZED, ARMORED, HQ = "infantry", "mechanized", "armored", "HQ"
NORMAL, PREPARED = "normal", "prepared"  # 7.3.1, 7.3.2
RIVER, BRIDGE = "river", "bridge"  # hexsides an attacker may attack across (TEC)
# The statuses of 1.4 by their Status table (status.toml) names.
ISOLATED, UNSUPPLIED, OUT_OF_COMMAND, FATIGUED, IN_IP = "isolated", "unsupplied", "out_of_command", "fatigued", "improved_position"
STATUSES = (ISOLATED, UNSUPPLIED, OUT_OF_COMMAND, FATIGUED, IN_IP)


@dataclass(frozen=True)
class Fighter:
    """One unit in a combat, with its values as they stand (strength and steps after its losses)."""

    id: str
    side: str  # Allied / German
    type: str  # infantry / mechanized / armored / HQ (counters.csv `type`)
    strength: int
    quality: int
    steps: int = 1
    nationality: str = ""  # US / British / German
    division: str = ""  # counters.csv `formation_code`: divisional integrity (7.4)
    hex: str = ""  # where it stands: an attacker's stack (7.4), a Normal Attack's single hex (7.3.1)
    statuses: frozenset[str] = frozenset()
    across: str = ""  # an attacker attacking across a river or a bridge (TEC)
    retreated: bool = False  # 7.7.1: it retreated into this hex and is attacked again this turn
    independent: bool = False  # pink band (1.5, 16.3): its own C3I from its quality (9.5)
    c3i: str = ""  # its HQ's C3I rating (9.5), A .. C

    def __post_init__(self) -> None:
        unknown = set(self.statuses) - set(STATUSES)
        if unknown:
            raise ValueError(f"{self.id}: unknown status {', '.join(sorted(unknown))} (1.4: {', '.join(STATUSES)})")
        if self.across not in ("", RIVER, BRIDGE):
            raise ValueError(f"{self.id}: attacks across '{self.across}' (a river or a bridge)")

    @property
    def armored_or_mechanized(self) -> bool:
        return self.type in (ARMORED, MECHANIZED)

    @property
    def is_hq(self) -> bool:
        return self.type == HQ

    @staticmethod
    def from_values(unit_id: str, values: Mapping[str, object], **more) -> Fighter:
        """A unit from its counter values by the schema's column names (``schema.COUNTER_COLUMNS``:
        side, nationality, type, strength, steps, quality, formation_code, c3i); ``more`` gives what
        the game's state knows (hex, statuses, across, retreated, independent, or a strength and
        steps after losses)."""
        read = {
            "side": str(values.get("side", "")),
            "nationality": str(values.get("nationality", "")),
            "type": str(values.get("type", "")),
            "strength": int(values.get("strength") or 0),
            "steps": int(values.get("steps") or 1),
            "quality": int(values.get("quality") or 0),
            "division": str(values.get("formation_code", "") or ""),
            "c3i": str(values.get("c3i", "") or ""),
        }
        read.update(more)
        return Fighter(unit_id, **read)


def strength_after_losses(printed: int, printed_steps: int, steps_left: int) -> int:
    """1.2: 'Each step loss means the loss of 3 strength points.'"""
    return max(printed - 3 * (printed_steps - steps_left), 0)


@dataclass(frozen=True)
class Combat:
    """One attack (7.5): its type, the units on each side, the defender's hex terrain words (as the
    TEC names them: clear, rough, forest, westwall, village, city, road), the support markers each
    side commits (support.toml names: nebelwerfer, artillery_german, stug ... tank) and its air
    support markers (14.3)."""

    attack_type: str
    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]
    terrain: tuple[str, ...] = ()
    attacker_markers: tuple[str, ...] = ()
    defender_markers: tuple[str, ...] = ()
    attacker_air: int = 0
    defender_air: int = 0
    quality_units: tuple[str, str] | None = None  # (attacker, defender) chosen by the attacker (7.4)
    snafu: int | None = None  # the 2d6 SNAFU roll when the C3I roll read S (9.5, optional)
    snafu_unit: str = ""  # the attacker the defender chooses for SNAFU 9 and 11

    @property
    def attacking_side(self) -> str:
        return self.attackers[0].side if self.attackers else ""

