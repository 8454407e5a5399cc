"""Hex math, table-driven: parse and format, neighbours across the A/B seam, distance, hexsides."""

import pytest

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.numbering import HexIdError, ScsSheets, axial_to_offset, offset_to_axial

SHEETS = ScsSheets()

# Rule 6.0: every VP hex of the Ardennes II map.
VP_HEXES = """A1.46 A11.48 A2.32 A11.35 A27.06 A24.17 A17.26 A23.31 A27.33 A21.39 A18.49 A22.51
A36.54 A39.46 A32.43 A40.40 A39.35 A34.27 B1.32 B1.16 B2.05 B4.23 B11.14 B15.20 B20.25 B21.29
B10.34 B20.34 B8.39 B11.41 B15.43 B8.47 B7.54 B24.46 B29.49 B28.44 B26.42 B22.07 B20.06""".split()


def test_there_are_39_vp_hexes():
    assert len(VP_HEXES) == 39


@pytest.mark.parametrize("hex_id", VP_HEXES)
def test_vp_hex_round_trips(hex_id):
    h = SHEETS.parse(hex_id)
    assert SHEETS.format(h) == hex_id
    assert SHEETS.hex_at(SHEETS.index(h)) == h


@pytest.mark.parametrize(
    "text, expected",
    [("A01.46", "A1.46"), ("b1.16", "B1.16"), (" B12.05 ", "B12.5" if False else "B12.05"), ("A40.00", "A40.00")],
)
def test_parse_is_lenient_format_is_canonical(text, expected):
    assert SHEETS.format(SHEETS.parse(text)) == expected


@pytest.mark.parametrize("bad", ["C1.16", "A41.10", "A0.10", "B1.55", "B12.509", "Bastogne", "", "A1-16", "A1.", "A.16",
                                 "A123.4", "A+1.16", "A1.+6", "Ä1.16", "A1.1.6", "AB1.16"])
def test_bad_hex_ids_are_refused_with_a_reason(bad):
    with pytest.raises(HexIdError) as info:
        SHEETS.parse(bad)
    assert bad.strip() in str(info.value) or bad == ""


@pytest.mark.parametrize(
    "hex_id, direction, neighbour",
    [
        # Even global columns stand half a hex north of odd ones.
        ("A1.10", "N", "A1.11"),
        ("A1.10", "S", "A1.09"),
        ("A1.10", "NE", "A2.10"),
        ("A1.10", "SE", "A2.09"),
        ("A2.10", "NE", "A3.11"),
        ("A2.10", "SE", "A3.10"),
        ("A2.10", "NW", "A1.11"),
        ("A2.10", "SW", "A1.10"),
        # 3.8: the Gemünd bridge joins B22.15 and B23.16.
        ("B22.15", "NE", "B23.16"),
        # Across the seam: A's column 40 abuts B's column 1.
        ("A40.16", "NE", "B1.17"),
        ("A40.16", "SE", "B1.16"),
        ("B1.16", "NW", "A40.16"),
        ("B1.16", "SW", "A40.15"),
    ],
)
def test_neighbours(hex_id, direction, neighbour):
    h = SHEETS.parse(hex_id)
    assert SHEETS.format(h.neighbour(Direction[direction])) == neighbour


@pytest.mark.parametrize(
    "a, b, distance",
    [
        ("A38.16", "B1.16", 3),  # Senochamps to Bastogne
        ("B1.16", "B1.16", 0),
        ("B20.34", "B10.34", 10),
        ("B1.16", "B1.32", 16),
        ("A1.10", "A3.10", 2),
        ("A1.10", "A5.12", 4),
        ("A2.10", "A2.15", 5),
        ("A1.00", "B40.54", 79 + (109 - 0 - 79) // 2),  # doubled rows 0 and 109
    ],
)
def test_distance(a, b, distance):
    assert SHEETS.parse(a).distance(SHEETS.parse(b)) == distance
    assert SHEETS.parse(b).distance(SHEETS.parse(a)) == distance


@pytest.mark.parametrize("hex_id", ["A1.10", "A2.10", "A40.16", "B1.16", "B40.54"])
def test_hexside_id_is_shared_by_both_hexes(hex_id):
    h = SHEETS.parse(hex_id)
    for direction in Direction:
        other = h.neighbour(direction)
        side = Hexside.of(h, direction)
        assert side == Hexside.of(other, direction.opposite) == Hexside.between(other, h)
        assert set(side.hexes) == {h, other}
        assert side.other(h) == other


def test_a_hex_has_six_distinct_hexsides_and_neighbours_are_adjacent():
    h = SHEETS.parse("B10.34")
    sides = {Hexside.of(h, d) for d in Direction}
    assert len(sides) == 6
    assert all(h.distance(n) == 1 for n in h.neighbours())


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_and_within(radius):
    centre = Hex(10, -20)
    ring = list(centre.ring(radius))
    assert len(ring) == (1 if radius == 0 else 6 * radius)
    assert all(centre.distance(h) == radius for h in ring)
    assert len(set(centre.within(radius))) == 1 + 3 * radius * (radius + 1)


def test_line_is_contiguous():
    a, b = SHEETS.parse("A1.00"), SHEETS.parse("B40.54")
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert all(p.distance(q) == 1 for p, q in zip(line, line[1:]))


def test_offset_round_trip_everywhere():
    for h in SHEETS.hexes():
        assert offset_to_axial(*axial_to_offset(h)) == h
    assert SHEETS.size == 80 * 55 == len(list(SHEETS.hexes()))
