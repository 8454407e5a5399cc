"""The printed numbering schemes, table-driven: SCS sheets, Vae Victis XXYY, ASL hexrows."""

import pytest

from ardennes_qt.core.hexgrid import Direction, Hex
from ardennes_qt.core.numbering import (
    AslBoard,
    ColumnRow,
    HexIdError,
    ScsSheets,
    hexrow_column,
    hexrow_letters,
    numbering_from_text,
)

SCS = ScsSheets()
KGP_ST = AslBoard(sheets=("St",), columns=46, first_row=1, last_row=57)
KGP_CH = AslBoard(sheets=("Ch",), columns=46, first_row=1, last_row=30)
KGP_LG = AslBoard(sheets=("Lg",), columns=46, first_row=1, last_row=57)
BOARD = AslBoard()  # a geomorphic board: hexrows A-GG, A1-A10 and B0-B9
XXYY = ColumnRow()


# --- SCS sheets: everything depends on these staying as they are -----------------------------


@pytest.mark.parametrize(
    "hex_id, axial",
    [("A1.00", Hex(1, 0)), ("A2.00", Hex(2, -1)), ("A1.10", Hex(1, -10)), ("B1.16", Hex(41, -36)),
     ("A38.16", Hex(38, -35)), ("B40.54", Hex(80, -94))],
)
def test_scs_ids_sit_where_they_always_have(hex_id, axial):
    assert SCS.parse(hex_id) == axial and SCS.format(axial) == hex_id


def test_scs_text_form_and_size_are_unchanged():
    assert SCS.to_text() == "scs sheets=A,B columns=40 rows=0-54"
    assert numbering_from_text(SCS.to_text()) == SCS and SCS.size == 80 * 55


def test_a_map_read_again_gets_the_numbering_it_had_with_the_ids_it_already_read():
    first = numbering_from_text("scs sheets=A,B columns=40 rows=0-54")
    first.parse("B1.16")
    again = numbering_from_text("scs sheets=A,B columns=40 rows=0-54")
    assert again is first and "B1.16" in again._parsed
    # The ids kept are no part of the numbering's value: numberings compare and hash as before.
    assert again == ScsSheets() and hash(again) == hash(ScsSheets()) and "B1.16" not in ScsSheets()._parsed
    assert numbering_from_text("scs sheets=A columns=40 rows=0-54") != first


@pytest.mark.parametrize("typed, written", [("b1.16", "B1.16"), (" A38.16 ", "A38.16"), ("A01.06", "A1.06"),
                                            ("B 1 . 16", "B1.16"), ("A1.5", "A1.05")])
def test_ids_a_player_types_read_as_the_ids_the_program_writes(typed, written):
    assert SCS.parse(typed) == SCS.parse(written) and SCS.format(SCS.parse(typed)) == written


# --- Vae Victis XXYY -----------------------------------------------------------------------


@pytest.mark.parametrize("hex_id", ["0101", "3201", "0124", "3224", "1512"])
def test_xxyy_ids_round_trip(hex_id):
    assert XXYY.format(XXYY.parse(hex_id)) == hex_id


@pytest.mark.parametrize(
    "a, direction, b",
    [("0101", Direction.S, "0102"), ("0101", Direction.NE, "0201"), ("0101", Direction.SE, "0202"),
     ("0201", Direction.SE, "0301"), ("0202", Direction.N, "0201")],
)
def test_xxyy_rows_are_counted_from_the_top(a, direction, b):
    assert XXYY.parse(a).neighbour(direction) == XXYY.parse(b)


# --- ASL hexrows ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "column, letters",
    [(1, "A"), (2, "B"), (26, "Z"), (27, "AA"), (46, "TT"), (52, "ZZ"), (53, "AAA")],
)
def test_hexrows_are_lettered_as_asl_boards_print_them(column, letters):
    assert hexrow_letters(column) == letters and hexrow_column(letters) == column


@pytest.mark.parametrize(
    "board, hex_id",
    [(KGP_ST, "StAA15"), (KGP_ST, "StJ19"), (KGP_ST, "StTT19"), (KGP_ST, "StS57"), (KGP_ST, "StN56"),
     (KGP_ST, "StA1"), (KGP_CH, "ChLL7"), (KGP_CH, "ChA10"), (KGP_LG, "LgN25"), (KGP_LG, "LgK1"),
     (BOARD, "A1"), (BOARD, "B0"), (BOARD, "GG10"), (BOARD, "Y5")],
)
def test_asl_ids_round_trip(board, hex_id):
    assert board.format(board.parse(hex_id)) == hex_id


@pytest.mark.parametrize("text, canonical", [(" stAA15 ", "StAA15"), ("Staa15", "StAA15"), ("StB5", "StB5")])
def test_asl_parse_is_lenient_about_case_and_spaces(text, canonical):
    assert KGP_ST.format(KGP_ST.parse(text)) == canonical


@pytest.mark.parametrize(
    "bad, reason",
    [("AA15", "board St"), ("ChAA15", "board St"), ("StAB15", "form"), ("StUU5", "A-TT"), ("StA58", "runs 1-57"),
     ("StB57", "runs 0-56"), ("StA0", "runs 1-57"), ("St15", "form"), ("", "board St")],
)
def test_bad_asl_ids_are_refused_with_a_reason(bad, reason):
    with pytest.raises(HexIdError, match=reason):
        KGP_ST.parse(bad)


@pytest.mark.parametrize(
    "a, direction, b",
    [("A1", Direction.S, "A2"), ("A1", Direction.NE, "B0"), ("A1", Direction.SE, "B1"), ("B1", Direction.NE, "C1"),
     ("B1", Direction.SE, "C2"), ("C1", Direction.SW, "B1")],
)
def test_on_a_normal_board_hexrow_a_stands_half_a_hex_above_b(a, direction, b):
    assert BOARD.parse(a).neighbour(direction) == BOARD.parse(b)


@pytest.mark.parametrize(
    "a, b",
    # Pairs the KGP rules name as touching (2.5 Crest-Line slopes, the Level 3 and Level 8 Crest Lines).
    [("StJ6", "StK6"), ("ChX3", "ChY4"), ("StM49", "StM50"), ("StM50", "StN50"), ("StII34", "StHH34"),
     ("StGG40", "StHH40"), ("StHH47", "StII48"), ("StJJ31", "StJJ32")],
)
def test_hexes_the_kgp_rules_call_adjacent_are(a, b):
    board = {"St": KGP_ST, "Ch": KGP_CH}[a[:2]]
    assert board.parse(a).distance(board.parse(b)) == 1


@pytest.mark.parametrize(
    "start, end, steps",
    # Hex grains of the KGP set-up lines (8.51-8.53): straight runs south-east.
    [("StA29", "StS38", 18), ("ChG14", "ChCC25", 22), ("LgA44", "LgAA57", 26)],
)
def test_kgp_hex_grains_run_straight(start, end, steps):
    board = {"St": KGP_ST, "Ch": KGP_CH, "Lg": KGP_LG}[start[:2]]
    h = board.parse(start)
    for _ in range(steps):
        h = h.neighbour(Direction.SE)
    assert h == board.parse(end)


def test_an_alternate_board_has_hexrow_b_standing_higher():
    board = AslBoard(alternate=True)
    assert board.parse("A1").neighbour(Direction.NE) == board.parse("B1")
    assert board.format(board.parse("B10")) == "B10"
    with pytest.raises(HexIdError, match="runs 1-10"):
        board.parse("B0")


@pytest.mark.parametrize("numbering", [KGP_ST, BOARD, AslBoard(alternate=True, columns=5, first_row=0, last_row=3)])
def test_asl_text_form_round_trips_and_every_hex_has_its_own_id(numbering):
    assert numbering_from_text(numbering.to_text()) == numbering
    ids = [numbering.format(h) for h in numbering.hexes()]
    assert len(set(ids)) == numbering.size and all(numbering.parse(i) == h for i, h in zip(ids, numbering.hexes()))


def test_asl_text_form_reads_as_written():
    assert KGP_ST.to_text() == "asl board=St hexrows=46 rows=1-57"
    assert numbering_from_text("asl hexrows=33 rows=1-10 grain=alternate") == AslBoard(alternate=True)
    with pytest.raises(ValueError, match="grain"):
        numbering_from_text("asl grain=sideways")


# Sheets stacked along the rows: The Ardennes (1994) numbers B57.35 as sheet B, column 57,
# row 35, and sheet A's rows count on beyond sheet B's last row.
STACKED = ScsSheets(sheets=("B", "A"), columns=64, first_row=0, last_row=35, stack="rows")


@pytest.mark.parametrize("below, above", [("B12.35", "A12.00"), ("B1.35", "A1.00"), ("B64.35", "A64.00")])
def test_stacked_sheets_put_the_next_sheets_first_row_above_the_last_row(below, above):
    assert STACKED.parse(below).neighbour(Direction.N) == STACKED.parse(above)


def test_stacked_sheets_name_every_hex_once_and_read_back_their_text():
    assert numbering_from_text(STACKED.to_text()) == STACKED
    assert STACKED.to_text() == "scs sheets=B,A columns=64 rows=0-35 stack=rows"
    ids = [STACKED.format(h) for h in STACKED.hexes()]
    assert len(set(ids)) == STACKED.size == 64 * 72
    assert all(STACKED.parse(i) == h for i, h in zip(ids, STACKED.hexes()))
    assert STACKED.sheet_column_row(STACKED.parse("A12.35")) == ("A", 12, 35)
    assert [STACKED.index(h) for h in STACKED.hexes()] == list(range(STACKED.size))


def test_stacked_sheets_refuse_what_is_off_them():
    with pytest.raises(HexIdError, match="row 36 is outside 00-35"):
        STACKED.parse("B12.36")
    with pytest.raises(HexIdError, match="column 65"):
        STACKED.parse("A65.01")
    with pytest.raises(ValueError, match="sheets together"):
        ScsSheets(stack="diagonal")
