"""A scenario's setup sheet as plain values, built from a Content: what a player needs to
set up the physical game, or to share a custom scenario.  The plain-text form
(setup_sheet_text.py) and the printed sheet (ui/printing) both lay out this one model,
so they cannot tell different stories.

Where the scenario leaves the sheet a choice:

- A borrowed set-up (7.2 "Use the set-up from scenario 7.1") is listed in full, under a
  line that names the lender and the units left out of play: a player should not need a
  second sheet to set up.
- A "w/i 1 B40.38" line keeps its printed wording as the units' place, sorted at the
  printed hex.  The map shows the units where the table opens them (the nearest hexes
  they may legally stand in) with the area they may be set up in, and each line says
  where that is: the owner may arrange them otherwise.
- A listed hex the table cannot use as printed (7.4's Arty Grp 174 in a hex the enemy
  also sets up in) stays the listed hex; the line says where the map shows the unit.
- Values are the printed (full) values.  A unit that starts with a Step Loss also shows
  its reduced side, marked ``≈`` where no document prints it.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.scenario import HOUSE_RULES_OPTION, Arrival, Placement
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Counter
from ardennes_qt.engine.systems import sides_of, system_for
from ardennes_qt.engine.setup_sheet_words import (
    MARK,
    choice_words,
    estimates,
    maps_words,
    markers,
    play_area_words,
    rules_text,
    turn_span,
)
from ardennes_qt.engine.setup_sheet_model import (
    ArrivalEntry,
    FormationSetup,
    MapStack,
    SetupLine,
    SetupSheet,
    SheetUnit,
    SideArrivals,
    SideSetup,
    Spread,
    TurnArrivals,
    marks,
)
from ardennes_qt.engine.views import unit_view, values_showing

__all__ = ["MARK", "SetupSheet", "setup_sheet"]


def _game_title(system: str) -> str:
    """The game's name; its id where its rules cannot be found (the sheet is still made)."""
    try:
        return system_for(system).schema().title
    except KeyError:
        return system


def setup_sheet(content: Content) -> SetupSheet:
    scenario = content.scenario
    m = content.map
    opening, unopened = _opening_state(content)
    sides = sorted(sides_of(content.system))  # the game's sides, Allied before German as ever
    setups = tuple(_side_setup(content, side, opening) for side in sides)
    arrivals = tuple(_side_arrivals(content, side) for side in sides)
    turns, dates = turn_span(scenario)
    return SetupSheet(
        key=scenario.key,
        title=scenario.title,
        game=_game_title(scenario.system),
        scenario_id=scenario.id,
        map_title=m.title,
        representative_map=m.source == "representative",
        turns=turns,
        dates=dates,
        maps=maps_words(scenario.maps),
        play_area=play_area_words(content),
        setup_source=_setup_source(content),
        rules=rules_text(content),
        markers=markers(content),
        sides=setups,
        reinforcements=tuple(a for a in arrivals if a.turns),
        marks=marks(setups, arrivals),
        estimates=estimates(content),
        notes=tuple(m.notes) + tuple(scenario.notes) + unopened,
        stacks=_stacks(content, opening),
        spreads=tuple(sorted({Spread(p.hex, p.within, f"w/i {p.within} {m.hex_id(p.hex)}")
                              for p in scenario.placements if p.within}, key=lambda s: s.place)),
        play_area_hexes=content.play_area(),
    )


def _stacks(content: Content, opening: GameState) -> tuple[MapStack, ...]:
    """Every set-up stack as the table opens it, bottom counter first, in hex order."""
    occupied = sorted(opening.occupied().items(), key=lambda kv: content.map.numbering.index(kv[0]))
    return tuple(MapStack(h, tuple(unit_view(content, opening, u) for u in ids)) for h, ids in occupied)


# --- the set-up ----------------------------------------------------------------------------


def _opening_state(content: Content) -> tuple[GameState, tuple[str, ...]]:
    """Where the table opens every set-up unit, or the listed hexes (and why) when the rule
    system cannot open the scenario: the sheet still lists every set-up as written."""
    try:
        system = system_for(content.system)
        with system.tables(dict(content.scenario.options.get(HOUSE_RULES_OPTION, {}))).in_use():
            return system.initial_state(content, 0), ()
    except Exception as exc:  # noqa: BLE001 - a scenario being edited may not open yet
        units = {p.counter: UnitState("map", p.hex, _start_steps(content.counter(p.counter), p), p.dg, i)
                 for i, p in enumerate(content.scenario.placements)}
        state = GameState(content.scenario.key, 0, content.scenario.first_turn, units=units)
        reason = exc.args[0] if exc.args else type(exc).__name__
        return state, (f"The map excerpt shows every unit in its listed hex: the table cannot open this "
                       f"scenario ({reason}).",)


def _start_steps(counter: Counter, placement: Placement) -> int:
    return counter.steps - 1 if placement.step_loss and counter.steps > 1 else counter.steps


def own_values(content: Content, counter: Counter):
    """The values a counter of a game that prints its own (not attack-defense-movement) shows at
    full strength, as its game gives them (``views.values_showing``); None for the SCS counter."""
    if counter.full is not None:
        return None
    units = {counter.id: UnitState("map", None, counter.steps)}
    return values_showing(content, GameState(content.scenario.key, 0, content.scenario.first_turn, units=units), counter.id)


def sheet_unit(counter: Counter, step_loss: bool = False, dg: bool = False, content: Content | None = None) -> SheetUnit:
    shown = own_values(content, counter) if content is not None else None
    fields = getattr(shown, "fields", ())
    return SheetUnit(
        counter_id=counter.id,
        designation=counter.designation or getattr(shown, "designation", "") or counter.printed_name,
        unit_type=counter.unit_type or getattr(shown, "symbol", ""),
        values=str(shown) if shown is not None else ("" if counter.full is None else str(counter.full)),
        values_estimated=(any(counter.source_of(f).startswith("estimated") for f in fields) if fields
                          else counter.source_of("full").startswith("estimated")),
        reduced_values=str(counter.reduced) if counter.reduced else "",
        reduced_estimated=counter.source_of("reduced").startswith("estimated"),
        step_loss=step_loss and counter.steps > 1,
        dg=dg,
    )


def _side_setup(content: Content, side: str, opening: GameState) -> SideSetup:
    """The side's units by formation (in listing order), each formation hex by hex."""
    m = content.map
    blocks: dict[str, list[SetupLine]] = {}
    for placement in content.scenario.placements:
        counter = content.counter(placement.counter)
        if counter.side != side:
            continue
        at = m.hex_id(placement.hex)
        place = f"w/i {placement.within} {at}" if placement.within else at
        opened = opening.units.get(placement.counter)
        shown = m.hex_id(opened.hex) if opened and opened.where == "map" and opened.hex != placement.hex else ""
        unit = sheet_unit(counter, placement.step_loss, placement.dg, content)
        blocks.setdefault(counter.formation, []).append(SetupLine(place, placement.hex, placement.within, unit, shown))
    formations = []
    for code, lines in blocks.items():
        formation = content.formations.get(code)
        lines.sort(key=lambda line: m.numbering.index(line.hex))  # stable: a hex keeps its listing order
        formations.append(FormationSetup(code, formation.name if formation else (code or "Headquarters"),
                                         formation.colour if formation else "#777777", tuple(lines)))
    return SideSetup(side, tuple(formations))


def _setup_source(content: Content) -> str:
    options = content.scenario.options
    lender = options.get("setup_from")
    if not lender:
        return ""
    words = f"The set-up of scenario {lender} (the scenario prints: \"Use the set-up from scenario {lender}\")."
    left_out = [content.counter(c) for c in options.get("not_in_play", ()) if c in content.counters]
    set_up_again = {p.counter for p in content.scenario.placements}
    elsewhere = [c for c in left_out if c.id in set_up_again]
    if elsewhere:
        words += f" Set up in hexes of their own, as {lender} sets them up off the maps used here: {_names(elsewhere)}."
    gone = [c for c in left_out if c.id not in set_up_again]
    if gone:
        words += f" Not in play, as they set up off the maps used here: {_names(gone)}."
    return words


def _names(counters) -> str:
    return ", ".join(f"{'' if c.full is None else c.full} {c.unit_type} ({c.designation or c.printed_name})".lstrip()
                     for c in counters)


# --- reinforcements ------------------------------------------------------------------------


def _side_arrivals(content: Content, side: str) -> SideArrivals:
    """The side's Order of Arrival by turn, each turn by entry place, in printed order."""
    scenario = content.scenario
    turns: dict[int, dict[str, list[ArrivalEntry]]] = {}
    for arrival in scenario.arrivals:
        if arrival.side != side:
            continue
        entry = _arrival_entry(content, arrival)
        turns.setdefault(arrival.turn, {}).setdefault(entry.place, []).append(entry)
    return SideArrivals(side, tuple(
        TurnArrivals(turn, scenario.dates.get(turn, ""), tuple((p, tuple(e)) for p, e in places.items()))
        for turn, places in sorted(turns.items())
    ))


def _arrival_entry(content: Content, arrival: Arrival) -> ArrivalEntry:
    m = content.map
    units = tuple(sheet_unit(content.counter(c), c in arrival.step_loss, c in arrival.dg, content) for c in arrival.counters)
    formations = {content.counter(c).formation for c in arrival.counters}
    names = [content.formations[f].name if f in content.formations else f for f in sorted(formations)]
    note = arrival.note
    if arrival.remove:
        place = "Remove"
    elif arrival.areas:
        place = "Entry Area " + choice_words(arrival.areas)
    elif arrival.hexes:
        place = " or ".join(m.hex_id(h) for h in arrival.hexes)
        place = f"w/i {arrival.within} {place}" if arrival.within else place
    elif arrival.edge:
        sheet, _, edge = arrival.edge.partition(":")
        place = f"Map {sheet} {edge} edge"
    else:  # "See 5.1": the printed entry place is a reference, carried as the note
        place, note = note or "As noted", ""
    outside = not arrival.remove and not _entersin_play(content, arrival)
    return ArrivalEntry(place, " / ".join(names), units, arrival.remove, arrival.roll, note, outside,
                        _entered_instead(content, arrival) if outside else "")


def _entered_instead(content: Content, arrival: Arrival) -> str:
    """Where the game's rules bring in a unit printed outside the play area ("B1.30 to B1.36"),
    or "" when they give it no place of its own."""
    m = content.map
    areas = [m.entry_areas[a] for a in arrival.areas if a in m.entry_areas]
    printed = tuple(arrival.hexes) or tuple(sorted({h for a in areas for h in a.hexes}, key=m.numbering.index))
    try:
        enters = getattr(system_for(content.system), "entry_outside_play_area", None)
    except KeyError:
        return ""
    hexes = enters(content.scenario, m.numbering, printed) if enters is not None and printed else ()
    if not hexes:
        return ""
    return m.hex_id(hexes[0]) if len(hexes) == 1 else f"{m.hex_id(hexes[0])} to {m.hex_id(hexes[-1])}"


def _entersin_play(content: Content, arrival: Arrival) -> bool:
    if arrival.hexes:
        return any(content.in_play_area(h) for h in arrival.hexes)
    if arrival.areas:
        areas = [content.map.entry_areas.get(a) for a in arrival.areas]
        return any(a is None or any(content.in_play_area(h) for h in a.hexes) for a in areas)
    if arrival.edge:
        return arrival.edge.partition(":")[0] in content.scenario.maps
    return True
