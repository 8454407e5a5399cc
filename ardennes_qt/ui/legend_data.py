"""What a game's legend shows: its map symbols, its unit symbols and the parts of its
counters, in its own words and rules.  A game's table plug-in gives its ``legend``
(``ui/systems/<game>/legend.py``); a game without one gets a legend made from its schema's
vocabularies (terrain, hexsides, roads), so no game is shown another's symbols.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points

GROUP = "ardennes_qt.table"


@dataclass(frozen=True)
class Legend:
    # (what to draw, words): ("fill", terrain[, symbol]), ("mark", mark), ("side", feature),
    # ("road", kind), ("bridge", German-built), ("zone", zone), ("entry", letter), ("place",), ("play",)
    map_entries: tuple[tuple[tuple, str], ...]
    symbol_entries: tuple[tuple[str, str], ...]  # (unit type, words)
    counter_notes: tuple[str, ...]  # the parts of a counter, beside the two samples
    counter_words: str  # the same in one paragraph, for the setup sheet's map excerpt
    samples: tuple = ()  # two counters (engine.views.UnitView) to annotate; () for the table's own


PLAY_AREA = (("play",), "Outside the scenario's play area: shaded grey and hatched, its edge red")


def from_schema(schema) -> Legend:
    """A plain legend from a game's vocabularies: each terrain, hexside and road kind with its rule."""
    def words(word) -> str:
        return f"{word.label} ({word.rule})" if word.rule else word.label

    entries = [(("fill", w.id), words(w)) for w in schema.hex_terrain]
    entries += [(("side", w.id), words(w) + " (hexside)") for w in schema.hexside_features]
    entries += [(("road", w.id), words(w)) for w in schema.road_kinds]
    entries.append(PLAY_AREA)
    if not schema.value_format:  # generic counters: no values printed
        words = ("A generic counter, no published art and no printed values: its name as the scenario prints it "
                 "across the top, its unit size and a symbol read from the name, its type at the bottom.")
        return Legend(tuple(entries), (), ("Name as printed; type at the bottom", "No values: not in the program"),
                      words)
    notes = (f"Values: {schema.value_format}", "Amber dot: the values showing are estimated")
    return Legend(tuple(entries), (), notes, "A counter as the program draws it: the formation's colour across "
                  f"the top with the designation, the unit size and NATO symbol, the printed values ({schema.value_format}).")


def legend_for(system: str) -> Legend:
    """The legend of a game: its table plug-in's, or one made from its schema."""
    entry = next((ep for ep in entry_points(group=GROUP) if ep.name == system), None)
    legend = getattr(entry.load(), "legend", None) if entry is not None else None
    if legend is not None:
        return legend
    from ardennes_qt.engine.systems import system_for

    return from_schema(system_for(system).schema())
