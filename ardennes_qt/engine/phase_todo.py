"""What is left to do in the current phase, in a few words for the phase bar: the Decision
the game waits for, reinforcements still to place, and how many of each kind of legal
action the rules offer (units that may move, guns that may fire, hexes that may be
attacked...).  Ending the phase and blowing a bridge, always on offer, are not counted.

Counted from the engine's families of legal actions (``session.choices()``), which are
listed without working out each action.
"""

from __future__ import annotations

from collections import Counter

# A family's first word -> how to say n of them.  A "move" or "place" family names the
# units that go together; the units are counted once however many groupings they appear in.
WORDS = {
    "move": ("unit may move", "units may move"),
    "overrun": ("stack may overrun", "stacks may overrun"),
    "barrage": ("gun may barrage", "guns may barrage"),
    "attack": ("enemy hex may be attacked", "enemy hexes may be attacked"),
    "place": ("unit to place", "units to place"),
    "exit": ("unit may leave the map", "units may leave the map"),
}
EXIT_WORDS = " leaves via "  # an exit family: "<unit> leaves via the west edge"
LABEL_WORDS = {"air strike": "Air Strikes may fly", "air supply": "Air Supply may be dropped"}
NOT_COUNTED = ("end the phase", "blow a bridge")


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
    units: dict[str, set[str]] = {"move": set(), "place": set()}
    labels: list[str] = []
    for family in families:
        label = family.label
        if label in NOT_COUNTED:
            continue
        verb, _, rest = label.partition(" ")
        if label in LABEL_WORDS:
            labels.append(LABEL_WORDS[label])
        elif verb in units:
            units[verb].update(rest.split(", "))
        elif EXIT_WORDS in label:
            counts["exit"] += 1
        elif verb in WORDS:
            counts[verb] += 1
    counts.update({verb: len(named) for verb, named in units.items()})
    out = [f"{counts[verb]} {WORDS[verb][counts[verb] != 1]}" for verb in WORDS if counts[verb]]
    return out + labels
