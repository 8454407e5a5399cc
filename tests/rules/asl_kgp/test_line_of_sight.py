"""Line of sight on small hand-made KGP grounds, clause by clause of chapter P (checklist items
2-4, 6, 10-12) and the provisional readings of A6 it leans on."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.numbering import AslBoard
from ardennes_qt.rules.asl_kgp.ground import (BUILDING, ORCHARD, PINE_WOODS, TWO_STORY_HOUSE, WOODS, Ground,
                                              HexGround, Location)
from ardennes_qt.rules.asl_kgp.los import crossed_hexes, eye_height, level_words, sight
from ardennes_qt.rules.asl_kgp.los_rules import shipped_rules


def ground(**hexes) -> Ground:
    g = Ground(AslBoard(sheets=("St",), columns=20, first_row=1, last_row=20))
    for text, values in hexes.items():
        g.set_hex(f"St{text}", **values)
    return g


def hill(level: int, *texts: str, **more) -> dict:
    return {t: {"level": level, **more} for t in texts}


def seen(g: Ground, a: str, b: str, **kw) -> bool:
    return sight(g, g.location(f"St{a}", **kw.get("at_a", {})), g.location(f"St{b}", **kw.get("at_b", {}))).seen


def test_the_line_runs_centre_to_centre_through_each_hex_of_a_hexrow():
    g = ground()
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert answer.crossed == ("StK5", "StK6", "StK7", "StK8", "StK9")
    assert answer.verdict() == "clear"


def test_item3_pine_woods_are_a_two_level_obstacle():
    # P1.2: two units on level-2 hills with woods between them at level 0.
    tops = hill(2, "K5", "K9")
    assert seen(ground(**tops, K7={"terrain": WOODS}), "K5", "K9")
    g = ground(**tops, K7={"terrain": PINE_WOODS})
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert not answer.seen
    assert answer.verdict() == "blocked at StK7 by pine woods, top at level 2 (P1.2)"


def test_same_level_obstacles_block_and_a_hill_above_the_line_blocks():
    assert not seen(ground(K7={"terrain": WOODS}), "K5", "K9")
    g = ground(K7={"level": 1})
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert not answer.seen and answer.blocked_by.what.startswith("the hill at level 1")
    assert answer.provisional  # A6 is not at hand: the line and hill heights are the stated reading


def test_item2_a_level_three_plateau_hides_the_lower_ground_beyond_its_crest():
    # A unit at level 3 cannot see a level-2 Location beyond another level-3 hex (2.3 EX, squad A).
    g = ground(**hill(3, "K5", "K6", "K7"), **hill(2, "K8", "K9"))
    assert not seen(g, "K5", "K9")
    assert seen(g, "K7", "K9")  # from the crest hex itself


def test_item4_an_up_slope_location_is_three_quarters_of_a_level_higher_across_its_up_slope_hexside():
    g = ground(**hill(3, "K5", "K6"), **hill(2, "K7", "K8", "K9"))
    assert not seen(g, "K5", "K8")
    g.set_slope("StK4", "StK5")  # marks in K4: K5 is Up-Slope across K4-K5 only
    assert not seen(g, "K5", "K8"), "the line leaves K5 across K5-K6, not its Up-Slope hexside"
    g.set_slope("StK6", "StK5")  # marks in K6: K5 is Up-Slope across K5-K6
    answer = sight(g, g.location("StK5"), g.location("StK8"))
    assert answer.seen and answer.viewer_height == 3.75
    assert answer.steps[0].words() == "StK5-K6: Up-Slope hexside: raises the viewer ¾ level (P2.3)"
    # reciprocity: the level-2 unit sees the Up-Slope one too
    assert seen(g, "K8", "K5")


def test_item4_footnote_three_reads_half_a_level_as_an_option():
    g = ground(**hill(3, "K5", "K6"), **hill(2, "K7", "K8", "K9"))
    g.set_slope("StK6", "StK5")
    rule = shipped_rules()
    assert sight(g, g.location("StK5"), g.location("StK9"), rule).viewer_height == 3.75
    half = sight(g, g.location("StK5"), g.location("StK9"), rule.with_footnote_slope())
    assert half.viewer_height == 3.5
    assert any(s.rule == "P2.3 footnote 3" for s in half.steps)


def test_item4_a_slope_passed_through_has_no_effect():
    g = ground(K7={"level": 0})
    g.set_slope("StK6", "StK7")
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert answer.seen and answer.viewer_height == 0
    assert "StK6-K7: slope hexside: no effect on a line passing through (P2.3)" in [s.words() for s in answer.steps]


def test_item6_stream_hex_vegetation_rises_from_the_crest_level():
    # a stream hex's bed is a level below its crest; its woods stand a level above the crest (P4.1)
    g = ground(K7={"level": -1, "stream": True, "terrain": WOODS})
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert not answer.seen
    assert answer.blocked_by.rule.endswith("P4.1") and "level 1" in answer.blocked_by.what
    assert seen(ground(K7={"level": -1, "stream": True}), "K5", "K9")  # a bare stream hides nothing


def test_item11_the_two_story_house_is_a_one_and_a_half_level_obstacle():
    house = {"terrain": TWO_STORY_HOUSE, "upper_levels": 1}
    # level 2 to level 2: the house (1½) is below the line, pine woods (2) are not
    assert seen(ground(**hill(2, "K5", "K9"), K7=house), "K5", "K9")
    # level 2 to level 1 over the middle hex: the line is at 1½ there, the house's top
    g = ground(K5={"level": 2}, K9={"level": 1}, K7=house)
    answer = sight(g, g.location("StK5"), g.location("StK9"))
    assert not answer.seen and answer.blocked_by.rule == "P5.3"
    assert seen(ground(K5={"level": 2}, K9={"level": 1}, K7={"terrain": WOODS}), "K5", "K9")


def test_item10_a_steeple_is_a_location_above_the_highest_level():
    # StJ19's steeple is at level 2 (P5.2): a church with one upper level
    g = ground(J19={"terrain": BUILDING, "upper_levels": 1, "steeple": True})
    assert eye_height(g, g.location("StJ19", steeple=True)) == 2
    assert eye_height(g, g.location("StJ19", floor=1)) == 1
    g.set_hex("StJ17", terrain=WOODS)
    assert not seen(g, "J19", "J15")
    assert sight(g, g.location("StJ19", steeple=True), g.location("StJ13", floor=0)).seen


def test_item12_hillside_walls_are_ignored_between_elevations_a_level_apart():
    g = ground(**hill(1, "K5", "K6"))
    g.set_wall("StK6", "StK7")  # between level 1 and level 0
    g.set_hex("StK9", level=1)
    g.set_hex("StK7", level=0)
    same = sight(g, g.location("StK5"), g.location("StK9"))
    assert not same.seen and same.blocked_by.rule == "P6.2"
    g.set_hex("StK5", level=2)  # two levels above the target: the wall would block the line at 1¼
    g.set_hex("StK9", level=0)
    apart = sight(g, g.location("StK5"), g.location("StK9"))
    assert apart.seen
    assert "StK6-K7: hillside wall: no effect: the two elevations differ by a level or more (P6.1)" in \
        [s.words() for s in apart.steps]


def test_a_line_along_a_hexside_is_blocked_only_where_both_hexes_block():
    assert [h for _, h in crossed_hexes(*(ground().board.parse(t) for t in ("StK10", "StL8")))][1] == \
        tuple(sorted(ground().board.parse(t) for t in ("StK9", "StL9")))
    one = ground(K9={"terrain": WOODS})
    assert seen(one, "K10", "L8")
    both = ground(K9={"terrain": WOODS}, L9={"terrain": WOODS})
    assert not seen(both, "K10", "L8")


def test_hindrances_add_up_and_six_block():
    g = ground(**{f"K{r}": {"terrain": ORCHARD} for r in range(3, 5)})
    answer = sight(g, g.location("StK2"), g.location("StK9"))
    assert answer.seen and answer.hindrance == 2 and answer.verdict() == "seen, hindered +2"
    g = ground(**{f"K{r}": {"terrain": ORCHARD} for r in range(3, 9)})
    assert not seen(g, "K2", "K9")
    # a line passing above the Hindrance is not hindered (P2.3: over Hindrances lower than the viewer)
    g = ground(**hill(2, "K2", "K9"), K5={"terrain": ORCHARD})
    assert sight(g, g.location("StK2"), g.location("StK9")).hindrance == 0


def test_vehicles_hinder_a_ground_level_line():
    g = ground(K7={"vehicles": 1})
    assert sight(g, g.location("StK5"), g.location("StK9")).hindrance == 1


@pytest.mark.parametrize("height,words", [(3.75, "level 3¾"), (3.5, "level 3½"), (2.0, "level 2"), (-1, "level -1")])
def test_levels_in_a_players_words(height, words):
    assert level_words(height) == words


def test_line_of_sight_is_reciprocal_on_random_grounds():
    # A6.5 (quoted in P2.3): whoever sees, is seen
    rng = random.Random(7)
    terrains = [{"terrain": WOODS}, {"terrain": PINE_WOODS}, {"terrain": ORCHARD}, {"level": 1}, {"level": 2},
                {"terrain": TWO_STORY_HOUSE, "upper_levels": 1}, {}, {}, {}]
    for _ in range(30):
        g = Ground(AslBoard(sheets=("St",), columns=12, first_row=1, last_row=12))
        hexes = list(g.board.hexes())
        for h in rng.sample(hexes, 40):
            g.hexes[h] = HexGround(**rng.choice(terrains))
        for _ in range(20):
            a, b = rng.sample(hexes, 2)
            assert sight(g, Location(a), Location(b)).seen == sight(g, Location(b), Location(a)).seen


def test_the_viewshed_is_what_each_line_says():
    from ardennes_qt.rules.asl_kgp.viewshed import brute_force, viewshed

    rng = random.Random(3)
    terrains = [{"terrain": WOODS}, {"terrain": PINE_WOODS}, {"terrain": ORCHARD}, {"level": 1}, {"level": 2},
                {"level": 3}, {"vehicles": 1}, {"terrain": BUILDING, "upper_levels": 2}, {}, {}]
    for trial in range(4):
        g = Ground(AslBoard(sheets=("St",), columns=14, first_row=1, last_row=14))
        hexes = list(g.board.hexes())
        for h in rng.sample(hexes, 60):
            g.hexes[h] = HexGround(**rng.choice(terrains))
        viewer = Location(rng.choice(hexes))
        fast, full = viewshed(g, viewer), brute_force(g, viewer)
        assert fast == full
        assert 0 < len(fast) < len(hexes)
        if trial == 0:
            g.set_slope(g.hex_id(hexes[20]), g.hex_id(next(iter(hexes[20].neighbours()))))
            assert viewshed(g, viewer) == brute_force(g, viewer)


def test_the_viewshed_of_a_viewer_beside_slopes_is_what_each_line_says():
    # P2.3: an Up-Slope viewer or target is raised only on lines crossing its Up-Slope hexside; the
    # viewshed raises them line by line as the explained line does, without explaining each
    from ardennes_qt.rules.asl_kgp.viewshed import brute_force, viewshed

    rng = random.Random(11)
    for _ in range(3):
        g = Ground(AslBoard(sheets=("St",), columns=14, first_row=1, last_row=14))
        hexes = list(g.board.hexes())
        for h in hexes:
            g.hexes[h] = HexGround(level=rng.choice((0, 1, 1, 2, 3)), terrain=rng.choice(("open", "open", WOODS)))
        viewer = rng.choice([h for h in hexes if all(g.board.contains(n) for n in h.neighbours())])
        for other in viewer.neighbours():  # slopes all round the viewer, marks on either side
            marks = other if rng.random() < 0.5 else viewer
            g.set_slope(g.hex_id(marks), g.hex_id(viewer if marks == other else other))
        for h in rng.sample(hexes, 30):
            n = next((n for n in h.neighbours() if g.board.contains(n)), None)
            if n is not None:
                g.set_slope(g.hex_id(h), g.hex_id(n))
        assert viewshed(g, Location(viewer)) == brute_force(g, Location(viewer))


def test_the_viewshed_across_walls_and_hedges_is_what_each_line_says():
    # walls and hedges (hillside ones ignored a level apart: P6.1) judged line by line as the explained line does
    from ardennes_qt.rules.asl_kgp.viewshed import brute_force, viewshed

    rng = random.Random(12)
    for _ in range(3):
        g = Ground(AslBoard(sheets=("St",), columns=14, first_row=1, last_row=14))
        hexes = list(g.board.hexes())
        for h in hexes:
            g.hexes[h] = HexGround(level=rng.choice((0, 0, 1, 2)), terrain=rng.choice(("open", "open", "open", WOODS)))
        for h in rng.sample(hexes, 60):
            n = next((n for n in h.neighbours() if g.board.contains(n)), None)
            if n is not None:
                g.set_wall(g.hex_id(h), g.hex_id(n), rng.choice(("wall", "hedge")))
        viewer = Location(rng.choice(hexes), floor=rng.choice((0, 1)))
        assert viewshed(g, viewer) == brute_force(g, viewer)
