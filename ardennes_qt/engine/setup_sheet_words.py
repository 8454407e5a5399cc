"""The setup sheet's words: the play area as a player reads it, the scenario's printed
rules in reading order, the markers placed at the start, the estimate mark, and what is
estimated on its counters with the rule that gives it.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.scenario import Bounds
from ardennes_qt.engine.views import estimate_reasons

MARK = "≈"  # an estimated value: no document prints it, a stated rule gives it

ESTIMATE_WORDS = {  # provenance fields, as a player names them
    "steps": "number of steps",
    "reduced": "reduced side",
    "ma_type": "movement class colour (Mech or not)",
    "exploit": "exploit banner",
    "colour": "formation colour",
}
RULE_HEADINGS = {  # the scenario's printed rules, in the order a player reads them
    "special": "Special rules",
    "supply_allied": "Allied supply",
    "supply_german": "German supply",
    "air_strikes": "Air strikes",
    "reinforcements": "Reinforcements",
    "victory": "Victory conditions",
}


def marked(values: str, estimated: bool) -> str:
    return f"{MARK}{values}" if estimated else values


def choice_words(choices) -> str:
    """ "N or O", "G, H or I": one of several entry areas."""
    choices = list(choices)
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def turn_span(scenario) -> tuple[str, str]:
    """ "Turns 2–6" and "17 Dec 44 to 21 Dec 44" (one turn: "Turn 2" and its date)."""
    first, last = scenario.first_turn, scenario.last_turn
    first_date, last_date = scenario.dates.get(first, ""), scenario.dates.get(last, "")
    turns = f"Turns {first}–{last}" if last > first else f"Turn {first}"
    dates = f"{first_date} to {last_date}" if first_date and last_date and last > first else first_date
    return turns, dates


def maps_words(maps: tuple[str, ...]) -> str:
    return f"Map {maps[0]}" if len(maps) == 1 else "Maps " + ", ".join(maps[:-1]) + f" and {maps[-1]}"


def play_area_words(content: Content) -> str:
    """The play area as a player reads it: "Map B, B1.36 to B40.54: rows 36 and north"."""
    scenario = content.scenario
    if not scenario.bounds:
        return f"All of {maps_words(scenario.maps)}."
    return " ".join(_bounds_words(content, b) for b in scenario.bounds) + " Limits inclusive."


def _bounds_words(content: Content, b: Bounds) -> str:
    n = content.map.numbering
    low_col, high_col = b.min_column or 1, b.max_column or n.columns
    low_row, high_row = n.first_row if b.min_row is None else b.min_row, n.last_row if b.max_row is None else b.max_row
    parts = []
    if b.min_column is not None or b.max_column is not None:
        parts.append(_range_words("columns", b.min_column, b.max_column, "east", "west", "{}"))
    if b.min_row is not None or b.max_row is not None:
        parts.append(_range_words("rows", b.min_row, b.max_row, "north", "south", "{:02d}"))
    corners = f"{b.sheet}{low_col}.{low_row:02d} to {b.sheet}{high_col}.{high_row:02d}"
    return f"Map {b.sheet}, {corners}: {', '.join(parts)}."


def _range_words(what: str, low: int | None, high: int | None, up: str, down: str, form: str) -> str:
    if low is not None and high is not None:
        return f"{what} {form.format(low)} to {form.format(high)}"
    if low is not None:
        return f"{what} {form.format(low)} and {up}"
    return f"{what} {form.format(high)} and {down}"


def rules_text(content: Content) -> tuple[tuple[str, str], ...]:
    """The printed rules; the scenario's own VP values follow its victory conditions."""
    text = dict(content.scenario.text)
    values = vp_values_words(content)
    if values:
        text["victory"] = f"{text['victory']}\n{values}" if text.get("victory") else values
    known = [(RULE_HEADINGS[k], text[k]) for k in RULE_HEADINGS if k in text]
    others = [(k.replace("_", " ").capitalize(), v) for k, v in text.items() if k not in RULE_HEADINGS]
    return tuple(known + others)


def vp_values_words(content: Content) -> str:
    """ "VP values in this scenario, over the map's: B1.16 Bastogne 7 VP; A17.26 La Roche 0 VP (not a VP hex)." """
    m = content.map
    items = []
    for h, vp in sorted(content.scenario.vp_overrides.items(), key=lambda kv: m.numbering.index(kv[0])):
        place = m.places.get(h)
        name = f"{m.hex_id(h)} {place.name}" if place and place.name != m.hex_id(h) else m.hex_id(h)
        items.append(f"{name} {vp} VP" + ("" if vp else " (not a VP hex)"))
    return f"VP values in this scenario, over the map's: {'; '.join(items)}." if items else ""


def markers(content: Content) -> tuple[str, ...]:
    scenario, m = content.scenario, content.map

    def named(h: Hex) -> str:
        place = m.places.get(h)
        return f"{m.hex_id(h)} {place.name}" if place else m.hex_id(h)

    out = [f"{named(h)}: {side} control" for h, side in sorted(scenario.initial_control.items(),
                                                              key=lambda kv: m.numbering.index(kv[0]))]
    out += [f"{m.hex_id(h)}: Bridge Blown marker" for h in scenario.blown_bridges]
    dead = [content.counter(c) for c in scenario.dead if c in content.counters]
    if dead:
        out.append("Dead pile: " + ", ".join(f"{c.full} {c.unit_type} ({c.designation})" for c in dead))
    return tuple(out)


def estimates(content: Content) -> tuple[tuple[str, str], ...]:
    """Each kind of estimated value among the sheet's counters, with the rule that gives it."""
    scenario = content.scenario
    ids = [p.counter for p in scenario.placements] + [c for a in scenario.arrivals for c in a.counters]
    counters = [content.counter(c) for c in dict.fromkeys(ids)]
    fields = {f for c in counters for f in c.estimated_fields()}
    if any(content.formations[c.formation].colour_source.startswith("estimated")
           for c in counters if c.formation in content.formations):
        fields.add("colour")
    reasons = estimate_reasons(content)
    reasons.setdefault("colour", "The documents give no division colours; each formation has its own.")
    return tuple((ESTIMATE_WORDS.get(f, f), reasons.get(f, "")) for f in ESTIMATE_WORDS if f in fields) + tuple(
        (f, reasons.get(f, "")) for f in sorted(fields - set(ESTIMATE_WORDS)))


def listing(units) -> str:
    """Units in the printed listing's grammar, like units grouped: "3-5-10 Inf Bn(+) (A/26, B/26)"."""
    groups: list[tuple[tuple[str, str, str], list[str]]] = []
    for u in units:
        key = (u.shown_values, u.unit_type, u.status)
        name = f'"{u.designation}"' if "," in u.designation else u.designation
        if groups and groups[-1][0] == key:
            groups[-1][1].append(name)
        else:
            groups.append((key, [name]))
    items = []
    for (values, unit_type, status), names in groups:
        items.append(f"{values} {unit_type} ({', '.join(names)})".lstrip() + (f" ({status})" if status else ""))
    return ", ".join(items)


def estimate_line(what: str, rule: str) -> str:
    """ "reduced side: <the rule>", without saying the name twice when the rule begins with it."""
    if not rule:
        return f"{what}: estimated"
    return rule if rule.casefold().startswith(what.casefold()) else f"{what}: {rule}"


def units_count(n: int) -> str:
    return f"{n} unit" if n == 1 else f"{n} units"
