"""Where the program sets up or brings in a unit otherwise than the rules document prints it,
the setup sheet's notes on the transcription say so: a player checking the sheet against his
copy finds every change listed.

The printed wording below is transcribed from the rules document (seed 000) for this test."""

import re

import pytest

from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
from ardennes_qt.store.library import list_scenarios, load_content

# (scenario, what the document prints, what the program uses, words each note must hold)
CHANGED_FROM_PRINT = [
    ("7.6", "A32.35: [7]-1-16 Arty Rgt (DIVARTY)", "[7]-1-8", ("A32.35", "[7]-1-16", "[7]-1-8")),
    ("7.6", "A29.32: 4-3-14 Pz Recon KG (Stephen)", "Stephan", ("A29.32", "Stephen", "Stephan")),
    ("7.4", "B22.38: [9]-1-16 Arty Grp (174)", "B21.37", ("174", "B22.38", "B21.37")),
    ("7.2", "A35.53: 1-3-16 Inf Bn (99)", "B1.47", ("(99)", "A35.53", "B1.47")),
    ("7.2", "A38.44: 2-3-14 Mech Bn (526)", "B1.47", ("(526)", "A38.44", "B1.47")),
    ("7.2", "Turn 4 A38.48: 5-4-14 Arm Bn (740)", "B1.48", ("740", "A38.48", "B1.48")),
    ("7.2", "Turn 6 L: 1-3-10 Abn Bn (551)", "B1.30-B1.36", ("551", "Entry Area L", "B1.30-B1.36")),
]


def notes_of(key: str) -> tuple[str, ...]:
    return setup_sheet(load_content(key)).notes


@pytest.mark.parametrize("scenario, printed, used, words", CHANGED_FROM_PRINT)
def test_each_value_changed_from_the_print_is_in_the_sheets_notes(scenario, printed, used, words):
    notes = notes_of(f"ardennes2/{scenario}")
    assert any(all(w in note for w in words) for note in notes), f"{scenario}: {printed} -> {used}"


def test_the_program_uses_the_values_the_notes_give():
    content = load_content("ardennes2/7.6")
    divarty = next(p for p in content.scenario.placements if content.map.hex_id(p.hex) == "A32.35")
    assert str(content.counter(divarty.counter).full) == "[7]-1-8"
    kg = next(p for p in content.scenario.placements if content.map.hex_id(p.hex) == "A29.32")
    assert content.counter(kg.counter).designation == "Stephan"


@pytest.mark.parametrize("key", [key for key, _ in list_scenarios() if key.startswith("ardennes2/")])
def test_every_unit_the_table_opens_or_brings_in_elsewhere_is_in_the_notes(key):
    """Any set-up unit the table opens away from its listed hex (not a "w/i" spread, which the
    owner arranges), and any arrival the rules bring in elsewhere than printed: its listed hex
    and where it goes are named together in one note."""
    sheet = setup_sheet(load_content(key))
    moved = [(line.place, line.shown_at) for side in sheet.sides for f in side.formations for line in f.lines
             if line.shown_at and not line.within]
    moved += [(place, entry.enters_at.replace(" to ", "-")) for side in sheet.reinforcements for turn in side.turns
              for place, entries in turn.places for entry in entries if entry.enters_at]
    for place, to in moved:
        assert any(place in note and to in note for note in sheet.notes), f"{key}: {place} -> {to}"


def test_the_text_sheet_prints_the_notes():
    text = setup_sheet_text(setup_sheet(load_content("ardennes2/7.6")))
    notes = text[text.index("\nNOTES"):]
    assert "'Stephen' read as 'Stephan'" in re.sub(r"\s+", " ", notes)
