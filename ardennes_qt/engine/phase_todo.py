"""What is left to do in the current phase, in a few words for the phase bar: the Decision
the game waits for, reinforcements still to place, and how many of each kind of legal
action the rules offer (units that may move, guns that may fire however many hexes each may hit, hexes that may be
attacked...).  Ending the phase and blowing a bridge, always on offer, are not counted.

Counted from the engine's families of legal actions (``session.choices()``) by their kind,
which are listed without working out each action.
"""

from __future__ import annotations

from collections import Counter

# A family's kind -> how to say n of them.  A "move" or "place" family names the units that go
# together; the units are counted once however many groupings they appear in.
WORDS = {
    "move": ("unit may move", "units may move"),
    "overrun": ("stack may overrun", "stacks may overrun"),
    "barrage": ("gun may barrage", "guns may barrage"),
    "attack": ("enemy hex may be attacked", "enemy hexes may be attacked"),
    "place": ("unit to place", "units to place"),
    "exit": ("unit may leave the map", "units may leave the map"),
    # A campaign's steps between its scenarios (``core.system.Campaign``).
    "refit_roll": ("roll to make", "rolls to make"),
    "refit_answer": ("answer to give", "answers to give"),
    "purchase": ("purchase on offer", "purchases on offer"),
    "refit_confirm": ("side or step to finish", "sides or steps to finish"),
}
KIND_WORDS = {"air_strike": "Air Strikes may fly", "air_supply": "Air Supply may be dropped"}
UNIT_KINDS = ("move", "place", "barrage")  # a barrage family names its guns (one gun's targets, or one hex's guns)
AIR_BARRAGE = "Air Points may barrage"  # a barrage family naming no gun: air power alone


def decision_words(decision: dict) -> str:
    kind = decision["kind"].replace("_", " ")
    rule = f" ({decision['rule']})" if decision.get("rule") else ""
    return f"the {decision['side']} player must decide: {kind}{rule}"


def left_to_do(info, families) -> list[str]:
    """Short phrases, the most pressing first; [] when nothing is offered but ending the phase."""
    if info.game_over:
        return []
    if info.pending:
        return [decision_words(d) for d in info.pending[:1]]
    counts: Counter[str] = Counter()
    units: dict[str, set[str]] = {kind: set() for kind in UNIT_KINDS}
    words: list[str] = []
    for family in families:
        if family.kind in KIND_WORDS:
            if KIND_WORDS[family.kind] not in words:
                words.append(KIND_WORDS[family.kind])
        elif family.kind == "barrage" and not family.units:
            if AIR_BARRAGE not in words:
                words.append(AIR_BARRAGE)
        elif family.kind in units:
            units[family.kind].update(family.units)
        elif family.kind in WORDS:
            counts[family.kind] += 1
    counts.update({kind: len(named) for kind, named in units.items()})
    out = [f"{counts[kind]} {WORDS[kind][counts[kind] != 1]}" for kind in WORDS if counts[kind]]
    return out + words
