"""Victory (checklist items 60-63, 65, 67, 68; rules 4.0-4.2, 5.1, 5.2, 5.4, 5.5).

4.0: "the German player must choose a victory option from the list below ... If the German player
fulfills the chosen victory conditions, the Germans win. Apply the Minor Victory Conditions below if
the German player is unsuccessful in the bid to win big."  4.2: "Massive German Victory (See above
4.1); Major German Victory 24 or more; Minor German Victory 19 to 23; Minor US Victory 14 to 18;
Major US Victory 10 to 13; Massive US Victory 9 or less.  Total the VP values of all cities
controlled by the German player at the game's end. A city hex is controlled if the German player
was the last to move units through the hex or if he currently occupies the hex. Greif Teams (open
or not) can never capture Victory Point cities by themselves ... In multi-hex cities, the VPs are
only awarded if the German player controls every hex of the city in question."

The cities and their VP are not printed (M5): the tests read them from the map (the test board's
towns, or the shipped map's places), as a player reads the VP printed by each city.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import ChooseVictory, EndPhase
from tests.rules.ardennes1994.board import set_up
from tests.rules.ardennes1994.board import Board, scenario_game

GERMAN, ALLIED = "German", "Allied"

# 4.2, highest first: (least German VP, result, winner)
LEVELS = [
    (24, "Major German Victory", GERMAN),
    (19, "Minor German Victory", GERMAN),
    (14, "Minor US Victory", ALLIED),
    (10, "Major US Victory", ALLIED),
    (None, "Massive US Victory", ALLIED),
]
OPTIONS = {"antwerp", "liege", "paris"}


def level(total: int, shifted: bool = False) -> tuple[str, str]:
    """The 4.2 level of a German VP total; ``shifted``: one level toward the Germans (5.4, 5.5),
    a Major German Victory staying one (the reading the code documents: a Massive German Victory
    comes only from the option of 4.1)."""
    i = next(i for i, (least, _, _) in enumerate(LEVELS) if least is None or total >= least)
    if shifted:
        i = max(0, i - 1)
    return LEVELS[i][1], LEVELS[i][2]


def with_state(s: Session, state) -> Session:
    return Session(s.content, state.seed, initial=state)


def board_with_towns(*towns: tuple[str, str, int]) -> Board:
    board = Board()
    for hex_id, name, vp in towns:
        board.town(hex_id, name, vp=vp)
    return board


def controlled(board: Board, german: tuple[str, ...] = (), allied: tuple[str, ...] = (), **rules) -> Session:
    """The test board, its town hexes last passed through by the side named."""
    s = board.session(**rules)
    control = {**{board.hex(h): GERMAN for h in german}, **{board.hex(h): ALLIED for h in allied}}
    return with_state(s, replace(s.state, control=control))


def bare(scenario: str, phase: str = "ge_movement", turn: int | None = None, german: tuple[str, ...] = (),
         **rules) -> Session:
    """A shipped scenario with every unit off the map and every city last passed through by the US,
    but the hexes in ``german``."""
    s = scenario_game(scenario, phase, turn, **rules)
    state = s.state
    state = state.moved_off([u for u, us in state.units.items() if us.where == "map"], "dead")
    parse = s.content.map.parse
    return with_state(s, replace(state, control={parse(h): GERMAN for h in german}))


def city_hexes(s: Session) -> dict[str, list[str]]:
    """Each VP city of the map, by name, with its hexes (every hex of its name: Liège prints its
    VP on one of its six city hexes)."""
    worth = city_vp(s)
    out: dict[str, list[str]] = {}
    for h, place in s.content.map.places.items():
        if place.name in worth:
            out.setdefault(place.name, []).append(s.content.map.hex_id(h))
    return out


def city_vp(s: Session) -> dict[str, int]:
    """The VP printed for each city of the map."""
    out: dict[str, int] = {}
    for place in s.content.map.places.values():
        if place.vp:
            out[place.name] = max(out.get(place.name, 0), place.vp)
    return out


def cities_worth(s: Session, total: int) -> list[str]:
    """Cities of the map whose VP add up to exactly ``total``."""
    best: dict[int, list[str]] = {0: []}
    for name, vp in sorted(city_vp(s).items()):
        for have, names in list(best.items()):
            best.setdefault(have + vp, [*names, name])
    return best[total]


# --- 4.1: the secret option --------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["5.3", "5.4", "5.5"])
def test_item60_the_german_secretly_chooses_antwerp_liege_or_paris_at_the_start(scenario):
    """4.0: "the German player must choose a victory option from the list below" (Antwerp, Liège,
    Paris), in secret "to keep the Allied player guessing"; 5.3-5.5 use 4.0.  The game waits on the
    German's choice before the first US Air Point Determination; nothing shown names it."""
    s = set_up(Session.new(f"ardennes1994/{scenario}", seed=1))
    s.apply(EndPhase())
    decision = s.decision()
    assert (decision["kind"], decision["side"], decision["rule"]) == ("victory_option", GERMAN, "4.1")
    assert s.phase().acting == GERMAN
    assert {a.option for a in s.legal_actions()} == OPTIONS
    assert all(isinstance(a, ChooseVictory) for a in s.legal_actions())
    with pytest.raises(Refused):
        s.apply(EndPhase())
    n = len(s.log())
    s.apply(ChooseVictory("paris"))
    assert s.decision() is None or s.decision()["kind"] != "victory_option"
    shown = " ".join(line.text + " " + " ".join(line.reasons) for line in s.log()[n:])
    assert "paris" not in shown.lower()
    assert "paris" not in str(s.phase().as_dict()).lower()
    with pytest.raises(Refused):
        s.apply(ChooseVictory("liege"))  # chosen once, at the start


def test_item60_no_option_is_not_among_the_choices():
    """4.0: the German "must choose a victory option from the list below": he cannot decline."""
    s = set_up(Session.new("ardennes1994/5.3", seed=1))
    s.apply(EndPhase())
    with pytest.raises(Refused, match="4.1"):
        s.apply(ChooseVictory("none"))
    assert s.decision()["kind"] == "victory_option"


@pytest.mark.parametrize("scenario", ["5.1", "5.2"])
def test_item60_the_scenarios_with_their_own_victory_ask_for_no_option(scenario):
    """5.1 (exits) and 5.2 (Bastogne and Wiltz) name their own victory conditions: no option."""
    s = set_up(Session.new(f"ardennes1994/{scenario}", seed=1))
    s.apply(EndPhase())
    assert (s.decision() or {}).get("kind") != "victory_option"
    assert not [a for a in s.legal_actions() if isinstance(a, ChooseVictory)]


def test_item60_the_liege_option_fulfilled_is_a_massive_german_victory():
    """4.1 Liège: "capture every contiguous city hex of the city of Liege and all those hexes must
    be occupied by German units at the end of the game"; 4.0: fulfilled, the Germans win (4.2:
    "Massive German Victory (See above 4.1)")."""
    s = bare("5.3", victory_option="liege")
    liege = city_hexes(s)["Liège"]
    assert len(liege) > 1
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:len(liege)]
    state = s.state
    for uid, hex_id in zip(kgs, liege):
        state = state.placed((uid,), s.content.map.parse(hex_id))
    s = with_state(s, state)
    report = s.victory()
    assert (report.result, report.winner) == ("Massive German Victory", GERMAN)


def test_item60_liege_held_but_not_occupied_everywhere_falls_back_on_the_vp_levels():
    """4.1: every Liège city hex must be occupied by German units.  One hex only German-controlled
    (last passed through, now empty), or held by a Greif Team alone (2.1bE, 4.2), is not enough:
    4.2 decides, and Liège alone (its VP, all its hexes German-controlled) is a US victory."""
    s = bare("5.3", victory_option="liege")
    liege = city_hexes(s)["Liège"]
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:len(liege) - 1]
    parse = s.content.map.parse
    state = s.state
    for uid, hex_id in zip(kgs, liege):
        state = state.placed((uid,), parse(hex_id))
    empty = with_state(s, replace(state, control={parse(h): GERMAN for h in liege}))
    report = empty.victory()
    assert report.result != "Massive German Victory"
    assert report.current_vp == city_vp(s)["Liège"]
    assert (report.result, report.winner) == level(city_vp(s)["Liège"])

    greif = with_state(s, state.placed(("Ger-Greif:A",), parse(liege[-1])))
    assert greif.victory().result != "Massive German Victory"
    assert greif.victory().current_vp == 0  # the Greif Team captured nothing: Liège is not whole


def test_item60_only_the_chosen_option_wins():
    """4.0: "If the German player fulfills the chosen victory conditions, the Germans win": Liège
    taken and held is no Massive German Victory for a German who chose Paris."""
    s = bare("5.3", victory_option="paris")
    liege = city_hexes(s)["Liège"]
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:len(liege)]
    state = s.state
    for uid, hex_id in zip(kgs, liege):
        state = state.placed((uid,), s.content.map.parse(hex_id))
    report = with_state(s, state).victory()
    assert (report.result, report.winner) == level(city_vp(s)["Liège"])


def exited(s: Session, units, via: str) -> Session:
    state = s.state.moved_off(list(units), "exited")
    hexes = {u: s.content.map.parse(via) for u in units}
    return with_state(s, replace(state, rules=replace(state.rules, exits={**state.rules.exits, **hexes})))


@pytest.mark.parametrize("option, via", [("paris", "A12.35"), ("antwerp", "A55.36")])
def test_item60_sixty_attack_points_and_a_supply_unit_exited_are_a_massive_german_victory(option, via):
    """4.1 Paris: "exit 60 attack strength points and a Supply Unit off the edge of Map A via Entry
    Hex J or hex A12.35 (Givet)"; Antwerp: "off the north-west corner of Map A on the west side of
    the Meuse. Any road hex will do" (A55.36, a road hex of US Entry Area L there, as the map
    places it).  Ten KGs of 6 attack points are 60; nine are not enough, nor ten without a
    Supply Unit; exits by the other option's edge do not count."""
    s = bare("5.3", victory_option=option)
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:10]
    assert sum(int(s.unit(u).values.split("-")[0]) for u in kgs) == 60
    won = exited(s, [*kgs, "GerSup:1"], via).victory()
    assert (won.result, won.winner) == ("Massive German Victory", GERMAN)
    assert exited(s, [*kgs[:9], "GerSup:1"], via).victory().result != "Massive German Victory"
    assert exited(s, kgs, via).victory().result != "Massive German Victory"
    other = "A55.36" if option == "paris" else "A12.35"
    assert exited(s, [*kgs, "GerSup:1"], other).victory().result != "Massive German Victory"


def test_item60_the_option_is_judged_at_the_end_of_the_game():
    """4.1 Liège: the hexes "must be occupied by German units at the end of the game": played to
    the end of 5.3's Last Turn (16) with Liège held, the final result is a Massive German Victory."""
    s = bare("5.3", "us_exploitation", turn=16, victory_option="liege")
    liege = city_hexes(s)["Liège"]
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:len(liege)]
    state = s.state
    for uid, hex_id in zip(kgs, liege):
        state = state.placed((uid,), s.content.map.parse(hex_id))
    s = with_state(s, state)
    assert not s.victory().final
    s.apply(EndPhase())
    assert s.phase().game_over
    report = s.victory()
    assert report.final and (report.result, report.winner) == ("Massive German Victory", GERMAN)


# --- 4.2: the VP levels and the total ----------------------------------------------------------


@pytest.mark.parametrize("total", [38, 24, 23, 19, 18, 14, 13, 10, 9, 1, 0])
def test_item61_the_levels_of_4_2(total):
    """4.2: 24 or more Major German; 19 to 23 Minor German; 14 to 18 Minor US; 10 to 13 Major US;
    9 or less Massive US.  One town of the test board worth ``total`` VP, held by a German unit."""
    board = board_with_towns(("B3.04", "Town", total), ("B6.06", "Other", 5)).unit("k", "B3.04", "KG")
    s = controlled(board, allied=("B6.06",))
    report = s.victory()
    assert report.current_vp == total
    assert (report.result, report.winner) == level(total)
    track = s.vp_track()
    assert (track.current, track.result, track.winner) == (total, *level(total))


def test_item61_the_vp_track_shows_the_levels_of_4_2():
    """4.2: the track's scale is the printed one, highest first."""
    track = Session.new("ardennes1994/5.3", seed=1).vp_track()
    assert [(lv.min, lv.result, lv.winner) for lv in track.levels] == LEVELS


def test_item61_item62_the_total_is_the_vp_of_the_cities_the_german_controls():
    """4.2: "Total the VP values of all cities controlled by the German player": a city is his if
    he occupies it, or was the last to move units through it; not if the US occupies it or passed
    last; a Greif Team alone captures nothing."""
    board = (board_with_towns(("B1.01", "Occupied", 4), ("B3.03", "Passed", 3), ("B5.05", "US held", 2),
                              ("B7.07", "Greif", 5), ("B9.09", "Retaken", 6), ("B2.08", "US passed", 7))
             .unit("k", "B1.01", "KG")
             .unit("u", "B5.05", "Inf Rgt", "Allied")
             .unit("g", "B7.07", "Greif Team", hidden=True)
             .unit("u2", "B9.09", "Inf Rgt", "Allied"))
    s = controlled(board, german=("B3.03", "B9.09"), allied=("B7.07", "B2.08"))
    report = s.victory()
    assert report.current_vp == 4 + 3
    assert (report.result, report.winner) == level(7)


def test_item62_a_city_passed_through_by_a_german_unit_stays_his_but_not_by_a_greif_team():
    """4.2: "A city hex is controlled if the German player was the last to move units through the
    hex"; "Greif Teams (open or not) can never capture Victory Point cities by themselves".  A KG
    drives through Spa along the road and on; a Hidden Greif Team through Bastogne."""
    board = (Board().town("B3.04", "Spa").road("B3.03", "B3.04", "B3.05").unit("k", "B3.03", "KG")
             .town("B6.04", "Bastogne").road("B6.03", "B6.04", "B6.05").unit("g", "B6.03", "Greif Team", hidden=True))
    s = board.session()
    assert s.victory().current_vp == 0
    s.apply(MoveUnits(("k",), "B3.05", ("B3.04", "B3.05")))
    s.apply(MoveUnits(("g",), "B6.05", ("B6.04", "B6.05")))
    assert s.stack_at("B3.04") == [] and s.stack_at("B6.04") == []
    assert s.victory().current_vp == city_vp(s)["Spa"]


def test_item62_a_multi_hex_city_counts_only_when_every_hex_is_german_controlled():
    """4.2: "In multi-hex cities, the VPs are only awarded if the German player controls every hex
    of the city in question."  Liège on three hexes of the test board: two held give nothing, the
    third taken gives its VP once."""
    board = board_with_towns(("B4.04", "Liège", 6), ("B4.05", "Liège", 6), ("B5.04", "Liège", 6),
                             ("B8.08", "Wiltz", 1))
    two = controlled(board, german=("B4.04", "B4.05", "B8.08"), allied=("B5.04",))
    assert two.victory().current_vp == 1
    three = controlled(board, german=("B4.04", "B4.05", "B5.04", "B8.08"))
    assert three.victory().current_vp == 6 + 1


def test_item62_liege_on_the_shipped_map_counts_only_whole():
    """4.2 and the map's Liège (several city hexes, on both banks): all but one German-controlled
    give no VP; all of them give Liège's."""
    s = bare("5.3", victory_option="paris")
    liege = city_hexes(s)["Liège"]
    assert len(liege) > 1
    assert bare("5.3", german=tuple(liege[:-1]), victory_option="paris").victory().current_vp == 0
    assert bare("5.3", german=tuple(liege), victory_option="paris").victory().current_vp == city_vp(s)["Liège"]


# --- 5.4, 5.5: one level toward the Germans ------------------------------------------------------


@pytest.mark.parametrize("total", [30, 24, 21, 19, 16, 11, 9, 0])
@pytest.mark.parametrize("scenario", ["5.4", "5.5"])
def test_item63_item67_item68_breakout_and_payback_shift_the_level_one_toward_the_germans(scenario, total):
    """5.4, 5.5: "Use the main campaign game victory conditions (see 4.0) ... shift the final victory
    level determined by 4.0 one level in favor of the Germans."  The same cities held give the
    level of 4.2 in 5.3, one level higher in 5.4 and 5.5.  Reading (the code's): a Major German
    Victory is not shifted into a Massive one, which 4.1's option alone gives ("In no case should a
    massive victory fall into a player's lap", designer's notes)."""
    campaign = bare("5.3", victory_option="paris")
    cities = cities_worth(campaign, total)
    hexes = tuple(h for name in cities for h in city_hexes(campaign)[name])
    plain = bare("5.3", german=hexes, victory_option="paris").victory()
    assert plain.current_vp == total and (plain.result, plain.winner) == level(total)
    shifted = bare(scenario, german=hexes, victory_option="paris").victory()
    assert shifted.current_vp == total
    assert (shifted.result, shifted.winner) == level(total, shifted=True)
    if total < 24:
        assert LEVELS.index(next(lv for lv in LEVELS if lv[1] == shifted.result)) == \
            LEVELS.index(next(lv for lv in LEVELS if lv[1] == plain.result)) - 1


def test_item63_an_option_fulfilled_in_5_4_stays_a_massive_german_victory():
    """4.0, 5.4: a fulfilled option is the top level; the shift cannot change it."""
    s = bare("5.4", victory_option="liege")
    liege = city_hexes(s)["Liège"]
    kgs = [u.id for u in s.units() if u.side == GERMAN and u.values.startswith("6-")][:len(liege)]
    state = s.state
    for uid, hex_id in zip(kgs, liege):
        state = state.placed((uid,), s.content.map.parse(hex_id))
    assert with_state(s, state).victory().result == "Massive German Victory"


# --- 5.2 and 5.1: their own conditions ------------------------------------------------------------


@pytest.mark.parametrize("bastogne, wiltz, winner", [(GERMAN, GERMAN, GERMAN), (ALLIED, ALLIED, ALLIED),
                                                     (GERMAN, ALLIED, ""), (ALLIED, GERMAN, "")])
def test_item65_whoever_holds_bastogne_and_wiltz_wins_a_split_is_a_draw(bastogne, wiltz, winner):
    """5.2: "The side which holds Bastogne and Wiltz at the end of the game, wins. If each player
    holds one of them, the result is a draw."  Bastogne B15.28; Wiltz on the map's B15.18 (5.2
    prints no hex for it)."""
    s = bare("5.2")
    german = tuple(h for h, side in (("B15.28", bastogne), ("B15.18", wiltz)) if side == GERMAN)
    report = bare("5.2", german=german).victory()
    assert report.winner == winner
    assert report.result == {GERMAN: "German Victory", ALLIED: "US Victory", "": "Draw"}[winner]
    assert s.vp_track() is None


def test_item65_held_means_occupied_or_last_passed_through_at_the_end_of_play():
    """5.2, 4.2: Bastogne occupied by a German KG and Wiltz last passed through by the Germans at the
    end of Turn 12, the last: a German victory, final."""
    s = bare("5.2", "us_exploitation", turn=12, german=("B15.18",))
    s = with_state(s, s.state.placed(("2Pz:von Böhm",), s.content.map.parse("B15.28")))
    s.apply(EndPhase())
    assert s.phase().game_over
    report = s.victory()
    assert report.final and (report.result, report.winner) == ("German Victory", GERMAN)


def west_edge_exits(s: Session, count: int) -> Session:
    ss = [u.id for u in s.units() if u.nationality == "SS" and u.side == GERMAN][:count]
    assert len(ss) == count
    state = s.state.moved_off(ss, "exited")
    exits = {u: s.content.map.parse(f"B{43 + i}.36") for i, u in enumerate(ss)}
    return with_state(s, replace(state, rules=replace(state.rules, exits=exits)))


@pytest.mark.parametrize("count, winner", [(0, ALLIED), (7, ALLIED), (8, GERMAN), (9, GERMAN)])
def test_item64_five_one_eight_ss_units_off_the_west_edge_win(count, winner):
    """5.1: "The German player wins if he exits at least 8 SS units off the west map edge by the end
    of play. Otherwise, the US player wins." (The west edge: Map B's printed top, item 9.)"""
    s = west_edge_exits(scenario_game("5.1", "ge_movement", turn=3), count)
    report = s.victory()
    assert report.winner == winner
    assert report.result == ("German Victory" if winner == GERMAN else "US Victory")


def test_item64_ss_units_destroyed_do_not_count_and_the_result_is_final_at_the_end():
    """5.1: seven SS units exited and one destroyed are not eight exited: at the end of Turn 6, the
    last, the US wins."""
    s = west_edge_exits(scenario_game("5.1", "us_exploitation", turn=6), 7)
    dead = next(u.id for u in s.units() if u.nationality == "SS" and u.where == "map")
    s = with_state(s, s.state.moved_off((dead,), "dead"))
    s.apply(EndPhase())
    assert s.phase().game_over
    report = s.victory()
    assert report.final and (report.result, report.winner) == ("US Victory", ALLIED)
