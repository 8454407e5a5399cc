"""The plain-text setup sheet matches its scenario: read back with no help from the
code that wrote it, it holds every placement in its formation's block, hex by hex, and
every arrival under its turn and entry place, in the listing grammar."""

import re

import pytest

from ardennes_qt.core.units import SIDES
from ardennes_qt.engine.setup_sheet import MARK, own_values, setup_sheet
from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
from ardennes_qt.store.library import list_scenarios, load_content
from ardennes_qt.store.seedgrammar import parse_items

SCENARIOS = [key for key, _ in list_scenarios()]


@pytest.fixture(scope="module", params=SCENARIOS)
def shipped(request):
    content = load_content(request.param)
    if any(c.full is None for c in content.counters.values()):
        pytest.skip("generic counters (Kampfgruppe Peiper) print no values: not in the SCS listing grammar")
    return content, setup_sheet_text(setup_sheet(content))


def test_generic_counters_are_listed_by_type_and_printed_name():
    content = load_content("asl_kgp/CG3")
    text = setup_sheet_text(setup_sheet(content))
    assert "Platoon (Inf Pltn, Med Tank Pltn II)" in text and "Leader (8-0)" in text
    assert "None" not in text


def section(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
    if start is None:
        return []
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^[A-Z][A-Z-]{3,}", lines[i])), len(lines))
    return lines[start + 1:end]


def set_up_rows(lines: list[str]) -> list[tuple[str, dict[str, str]]]:
    """(formation heading, row by column name) for every row, cut at the header's columns."""
    rows, formation, columns = [], "", []
    for i, line in enumerate(lines):
        if line.startswith("  Hex "):
            names = line.split()
            columns = [(name, line.index(name)) for name in names]
            formation = lines[i - 1]
        elif line.startswith("  ") and columns:
            cells = {}
            for j, (name, start) in enumerate(columns):
                end = columns[j + 1][1] if j + 1 < len(columns) else None
                cells[name] = line[start:end].strip()
            rows.append((formation, cells))
    return rows


def expected_set_up(content, side):
    n = content.map.numbering
    placements = [p for p in content.scenario.placements if content.counter(p.counter).side == side]
    order = list(dict.fromkeys(content.counter(p.counter).formation for p in placements))
    out = []
    for code in order:
        mine = sorted((p for p in placements if content.counter(p.counter).formation == code), key=lambda p: n.index(p.hex))
        out += mine
    return out


def test_the_set_up_rows_are_the_scenario_placements_in_order(shipped):
    content, text = shipped
    for side in SIDES:
        rows = set_up_rows(section(text, f"SET-UP: {side.upper()}"))
        expected = expected_set_up(content, side)
        assert [cells["Counter"] for _, cells in rows] == [p.counter for p in expected]
        for (formation, cells), placement in zip(rows, expected):
            counter = content.counter(placement.counter)
            at = content.map.hex_id(placement.hex)
            assert cells["Hex"] == (f"w/i {placement.within} {at}" if placement.within else at)
            # Values no document prints (The Ardennes 1994: all of them) are marked estimated; a game
            # that prints its own values (Ardennes 1944) shows them as its rules give them.
            own = own_values(content, counter)
            shown = own.fields if own is not None else ("full",)
            estimated = "≈" if set(shown) & set(counter.estimated_fields()) else ""
            assert (cells["Values"], cells["Type"], cells["Unit"]) == (
                estimated + str(own if own is not None else counter.full), counter.unit_type or getattr(own, "symbol", ""),
                counter.designation or getattr(own, "designation", ""))
            heading = content.formations[counter.formation].name if counter.formation else "Headquarters"
            assert formation.startswith(heading + " (")
            assert ("DG" in cells["Status"]) == placement.dg
            assert ("Step Loss" in cells["Status"]) == placement.step_loss


def arrival_entries(lines: list[str]) -> list[tuple[int, str, str]]:
    """(turn, entry place, the entry's text) for every entry line, continuation lines joined."""
    out, turn, place = [], 0, ""
    for line in lines:
        if line.startswith("Turn "):
            turn = int(line.split()[1])
        elif re.match(r"^  \S", line):
            place = line.strip()
        elif re.match(r"^    \S", line):
            out.append([turn, place, line.strip()])
        elif re.match(r"^      [^ —]", line):
            out[-1][2] += " " + line.strip()
    return [tuple(e) for e in out]


def expected_place(content, arrival) -> str:
    m = content.map
    if arrival.remove:
        return "Remove"
    if arrival.areas:
        *others, last = arrival.areas
        return "Entry Area " + (f"{', '.join(others)} or {last}" if others else last)
    if arrival.hexes:
        hexes = " or ".join(m.hex_id(h) for h in arrival.hexes)
        return f"w/i {arrival.within} {hexes}" if arrival.within else hexes
    if arrival.edge:
        sheet, _, edge = arrival.edge.partition(":")
        return f"Map {sheet} {edge} edge"
    return arrival.note


def test_every_arrival_is_under_its_turn_and_entry_place_in_the_listing_grammar(shipped):
    content, text = shipped
    for side in SIDES:
        entries = arrival_entries(section(text, f"REINFORCEMENTS: {side.upper()}"))
        arrivals = sorted((a for a in content.scenario.arrivals if a.side == side), key=lambda a: a.turn)
        # Within a turn, entries come grouped by place in the order places are first printed.
        expected = []
        for turn in dict.fromkeys(a.turn for a in arrivals):
            of_turn = [a for a in arrivals if a.turn == turn]
            for place in dict.fromkeys(expected_place(content, a) for a in of_turn):
                expected += [a for a in of_turn if expected_place(content, a) == place]
        assert len(entries) == len(expected)
        for (turn, place, line), arrival in zip(entries, expected):
            assert (turn, place) == (arrival.turn, expected_place(content, arrival))
            listing = line.split(": ", 1)[1]
            counters = [content.counter(c) for c in arrival.counters]
            if any(c.full is None for c in counters):  # a game's own values (Ardennes 1944): not the SCS grammar
                for c in counters:
                    own = own_values(content, c)
                    assert str(own) in listing and own.designation in listing
                continue
            listing = re.sub(rf"\(Step Loss: {MARK}?[^)]*\)", "(Step Loss)", listing)
            listing = listing.replace(MARK, "")  # values no document prints are marked (The Ardennes 1994)
            listed = [(str(item.values), item.unit_type, d, item.step_loss)
                      for item in parse_items(listing) for d in item.designations]
            assert listed == [(str(c.full), c.unit_type, c.designation, c.id in arrival.step_loss) for c in counters]


def test_the_header_names_the_scenario_and_its_rules():
    content = load_content("ardennes2/7.3")
    text = setup_sheet_text(setup_sheet(content))
    assert text.startswith("Kampfgruppe Peiper\nArdennes II, scenario 7.3 · ")
    assert "Turns:     Turns 2–6, 17 Dec 44 to 21 Dec 44" in text
    assert "Play area: Map B, B1.36 to B40.54: rows 36 and north. Limits inclusive." in text
    assert "Divide the Air Strike Table's result by two (round down)." in text
    assert f"  {MARK}          estimated" in text
    assert "\nESTIMATED VALUES" in text and "\nNOTES" in text


def test_a_borrowed_set_up_and_the_estimated_entry_area_read_as_printed():
    text = setup_sheet_text(setup_sheet(load_content("ardennes2/7.2")))
    assert 'Set-up:    The set-up of scenario 7.1 (the scenario prints: "Use the set-up from scenario 7.1").' in text
    text = setup_sheet_text(setup_sheet(load_content("ardennes2/7.1")))
    assert "— Entry area not printed; I is estimated (see notes)." in text
