"""Ardennes 1944 (Vae Victis 48): the order of battle and the tables, transcribed
line by line from the English translation of the rules (set-up and reinforcements
after rule 18, the tables after them).

Plain literals only.  Unit words are kept as printed (including the printed
slips, e.g. "83rd DIL" is the printed "83rd DI:" with a stray letter, kept under
``printed`` while ``words`` drops it).  Nothing here is derived from the shipped
scenario files; the test beside this file compares the two.
"""

# ---------------------------------------------------------------------------
# Set-up (both scenarios; 17.1 and 17.2 share the list).
# Each entry is one printed line.  ``hexes`` lists every hex on the line in
# printed order; ``parts`` (German battle groups only) says which named
# battle groups the line puts in which hex.  ``ip``: printed with ", IP".
# ``formation``: the corps or army the line is printed under (the HQ line above
# it in the list), except where the line itself names another one.
# ---------------------------------------------------------------------------

US_SUPPORT_START = {
    "1st": {"artillery": 2, "tank": 2},
    "3rd": {"artillery": 2, "tank": 2},
}

US_SETUP = [
    # - US 1st Army
    dict(army="1st", words="HQ Vth Corps", hexes=["2501"], place="Eupen", ip=False, formation="V"),
    dict(army="1st", words="102nd Cav Group", hexes=["2803"], place="Monschau", ip=True, formation="V"),
    dict(army="1st", words="9th DI", hexes=["2901"], ip=False, formation="V"),
    dict(army="1st", words="393/99th DI", hexes=["3006"], ip=True, formation="V"),
    dict(army="1st", words="394/99th DI", hexes=["3007"], ip=True, formation="V"),
    dict(army="1st", words="395/99th DI", hexes=["2803"], place="Monschau", ip=True, formation="V"),
    dict(army="1st", words="2nd DI", hexes=["3005"], ip=True, formation="V"),
    # printed "XVIIIth Corps, CCB/9th DB: 2706" -- the official answer says the
    # counter (XVIII Corps, 1st Army) is right.
    dict(army="1st", words="CCB/9th DB", hexes=["2706"], ip=False, formation="XVIII"),
    # - US 3rd Army
    dict(army="3rd", words="HQ VIIIth Corps", hexes=["1817"], place="Bastogne", ip=False, formation="VIII"),
    dict(army="3rd", words="14th Cav Group", hexes=["3008"], ip=False, formation="VIII"),
    dict(army="3rd", words="109/28th DI", hexes=["2719"], ip=True, formation="VIII"),
    dict(army="3rd", words="110/28th DI", hexes=["2515"], ip=True, formation="VIII"),
    dict(army="3rd", words="112/28th DI", hexes=["2712"], ip=True, formation="VIII"),
    dict(army="3rd", words="422/106th DI", hexes=["2910"], ip=False, formation="VIII"),
    dict(army="3rd", words="423/106th DI", hexes=["2910"], ip=False, formation="VIII"),
    dict(army="3rd", words="424/106th DI", hexes=["2812"], ip=False, formation="VIII"),
    dict(army="3rd", words="CCA/9th DB", hexes=["2920"], place="Beaufort", ip=False, formation="VIII"),
    dict(army="3rd", words="CCR/9th DB", hexes=["2215"], ip=False, formation="VIII"),
    # printed "XIIth Corps, Detachment 4th DI: 3121 (Echternach)"
    dict(army="3rd", words="Detachment 4th DI", hexes=["3121"], place="Echternach", ip=False, formation="XII"),
]

GE_SUPPORT_START = {
    "5th Panzer": {"nebelwerfer": 3, "artillery": 3, "hetzer": 1},
    "6th Panzer": {"nebelwerfer": 3, "artillery": 3, "stug": 2, "tiger": 1},
    "7th": {"nebelwerfer": 2, "artillery": 2},
}

GE_SETUP = [
    # - 5th Panzer Armee
    dict(army="5th Panzer", words="HQ XLVII Panzerkorps", hexes=["3015"], formation="XLVII"),
    dict(army="5th Panzer", words="2nd Pz Div", hexes=["2615", "2715"], formation="XLVII"),
    dict(army="5th Panzer", words="130th Pz Div (Panzer Lehr)", hexes=["2815", "2915"], formation="XLVII"),
    dict(army="5th Panzer", words="26 Vg Div.", hexes=["2616"], formation="XLVII"),
    dict(army="5th Panzer", words="HQ LVIII Panzerkorps", hexes=["3113"], formation="LVIII"),
    dict(army="5th Panzer", words="116th Pz Div", hexes=["2813", "2912"], formation="LVIII"),
    dict(army="5th Panzer", words="560th VgDiv.", hexes=["2713"], formation="LVIII"),
    dict(army="5th Panzer", words="HQ LXVI Armeekorps", hexes=["3111"], formation="LXVI"),
    dict(army="5th Panzer", words="18th Vg Div.", hexes=["3010"], formation="LXVI"),
    dict(army="5th Panzer", words="62nd Vg Div.", hexes=["2911"], formation="LXVI"),
    # - 6th Panzer Armee
    dict(army="6th Panzer", words="HQ 1st SS Panzerkorps", hexes=["3308"], place="Stadkyll", formation="I SS"),
    dict(army="6th Panzer", words="1st SS Pz. Div.", hexes=["3208", "3207"], formation="I SS",
         parts={"3208": ["KG Sandig", "KG Hansen"], "3207": ["KG Peiper"]}),
    dict(army="6th Panzer", words="12th SS Pz. Div.", hexes=["3206", "3205"], formation="I SS",
         parts={"3206": ["KG Krause", "KG Müller"], "3205": ["KG Kulman"]}),
    dict(army="6th Panzer", words="3rd FJ Div.", hexes=["3107"], formation="I SS"),
    dict(army="6th Panzer", words="12th Vg Div.", hexes=["3106"], formation="I SS"),
    dict(army="6th Panzer", words="277th Vg Div.", hexes=["3105"], formation="I SS"),
    dict(army="6th Panzer", words="HQ LXVII Armeekorps", hexes=["3102"], formation="LXVII"),
    dict(army="6th Panzer", words="272nd Vg Div.", hexes=["3002"], formation="LXVII"),
    dict(army="6th Panzer", words="326th Vg Div.", hexes=["2903"], formation="LXVII"),
    # - 7th Armee
    dict(army="7th", words="HQ LXXX Armeekorps", hexes=["3118"], formation="LXXX"),
    dict(army="7th", words="212th Vg Div.", hexes=["3221"], formation="LXXX"),
    dict(army="7th", words="276th Vg Div.", hexes=["3020"], formation="LXXX"),
    dict(army="7th", words="HQ LXXXV Armeekorps", hexes=["2914"], formation="LXXXV"),
    dict(army="7th", words="352nd Vg Div.", hexes=["2819"], formation="LXXXV"),
    dict(army="7th", words="5th FJ Div", hexes=["2717"], formation="LXXXV"),
]
# No German set-up line is printed with IP.

# ---------------------------------------------------------------------------
# Reinforcements.  ``hex`` is the first printed hex, ``alternatives`` the hexes
# after "or".  ``trucks``: printed "in trucks".  ``independent``: printed
# "(independent)".
# ---------------------------------------------------------------------------

US_REINFORCEMENTS = [
    # - Turn 1
    dict(turn=1, words="HQ US XVIII Airborne Corps", hex="2101", alternatives=[], trucks=False, independent=False),
    dict(turn=1, words="1st DI", hex="2501", alternatives=[], trucks=True, independent=False),
    dict(turn=1, words="CCA, CCB, CCR/7th DB", hex="2501", alternatives=["2101"], trucks=False, independent=False),
    dict(turn=1, words="HQ 12th Corps", hex="2521", alternatives=[], trucks=False, independent=False),
    dict(turn=1, words="CCB/10th DB", hex="2022", alternatives=[], trucks=False, independent=False),
    # - Turn 2
    dict(turn=2, words="HQ US 7th Corps", hex="2101", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="30th DI", hex="2501", alternatives=["2101"], trucks=True, independent=False),
    dict(turn=2, words="82nd Airborne Division", hex="0116", alternatives=[], trucks=True, independent=False),
    dict(turn=2, words="CCA, CCB, CCR/3rd DB", hex="2101", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="101st Airborne Division", hex="0116", alternatives=[], trucks=True, independent=False),
    dict(turn=2, words="CCA/10th DB", hex="2521", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="CCR/10th DB", hex="2921", alternatives=[], trucks=False, independent=False),
    # - Turn 3
    dict(turn=3, words="84th DI", hex="0105", alternatives=[], trucks=True, independent=False),
    # 16.1's example has "the US 5th DI" waiting on a German unit in 2921;
    # the list prints 3022.
    dict(turn=3, words="5th DI", hex="3022", alternatives=[], trucks=False, independent=False),
    dict(turn=3, words="29th BB", hex="0105", alternatives=[], trucks=False, independent=True),
    # - Turn 4
    dict(turn=4, words="75th DI", hex="2101", alternatives=[], trucks=True, independent=False),
    dict(turn=4, words="CCA, CCB, CCR/2nd DB", printed="CCA. CCB, CCR/2nd DB", hex="1301", alternatives=[],
         trucks=False, independent=False),
    dict(turn=4, words="HQ IIIrd Corps", hex="2022", alternatives=[], trucks=False, independent=False),
    dict(turn=4, words="26th DI", hex="2521", alternatives=[], trucks=True, independent=False),
    dict(turn=4, words="CCA, CCB, CCR/4th DB", hex="2022", alternatives=[], trucks=False, independent=False),
    dict(turn=4, words="80th DI", hex="2521", alternatives=[], trucks=False, independent=False),
    # - Turn 5
    dict(turn=5, words="HQ XXXth British Corps", hex="0105", alternatives=[], trucks=False, independent=False),
    dict(turn=5, words="53rd DI", hex="0105", alternatives=[], trucks=False, independent=False),
    dict(turn=5, words="33rd BB", hex="0105", alternatives=[], trucks=False, independent=False),
    # - Turn 6
    dict(turn=6, words="6th Airborne Division", hex="0105", alternatives=[], trucks=False, independent=False),
    dict(turn=6, words="34th BB", hex="0105", alternatives=[], trucks=False, independent=False),
    dict(turn=6, words="83rd DI", printed="83rd DIL 0105 in trucks", hex="0105", alternatives=[], trucks=True,
         independent=False),
    dict(turn=6, words="17th Airborne Division", hex="1321", alternatives=["0921"], trucks=True, independent=False),
    dict(turn=6, words="35th DI", hex="2022", alternatives=[], trucks=True, independent=False),
    # - Turn 8 (nothing printed for turn 7)
    dict(turn=8, words="CCA, CCB, CCR/11th DB", hex="1321", alternatives=["0921"], trucks=False, independent=False),
    dict(turn=8, words="87th DI", hex="0921", alternatives=[], trucks=True, independent=False),
    dict(turn=8, words="CCA, CCB, CCR/6th DB", hex="2022", alternatives=[], trucks=False, independent=False),
]

# Support added at the start of a turn, by army ("XXX" = British XXXth Corps).
US_SUPPORT_ADDED = {
    2: {"1st": {"artillery": 2}, "3rd": {"artillery": 2}},
    3: {"1st": {"artillery": 1, "tank": 1}, "3rd": {"artillery": 1, "tank": 1}},
    4: {"1st": {"artillery": 2}, "3rd": {"artillery": 2}, "XXX": {"artillery": 1}},
    6: {"XXX": {"artillery": 1}},
}

GE_REINFORCEMENTS = [
    # - Turn 2
    dict(turn=2, words="HQ II SS Panzerkorps", hex="3407", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="2nd SS Pz. Div.", hex="3407", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="9th SS Pz. Div.", hex="3407", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="FBB", hex="3411", alternatives=[], trucks=False, independent=False),
    dict(turn=2, words="3rd PzG. Div.", hex="3403", alternatives=[], trucks=False, independent=False),
    # - Turn 3
    dict(turn=3, words="79th Vg Div.", hex="3417", alternatives=[], trucks=False, independent=False),
    # - Turn 4
    # printed "9th PzG Div."; 16.3 and the fuel table (33/9 Pz, 10/9 Pg, 11/9 Pg)
    # call it the 9th Pz Div.
    dict(turn=4, words="9th PzG Div.", hex="3413", alternatives=[], trucks=False, independent=True),
    dict(turn=4, words="15th PzG Div.", hex="3413", alternatives=[], trucks=False, independent=True),
    dict(turn=4, words="HQ LIII Armeekorps", hex="3417", alternatives=[], trucks=False, independent=False),
    # the fuel table (10.4) prints "FGB (Turn 3)"; the reinforcement list turn 4.
    dict(turn=4, words="FGB", hex="3417", alternatives=[], trucks=False, independent=False),
    # - Turn 5
    dict(turn=5, words="167th Vg Div.", hex="3411", alternatives=[], trucks=False, independent=False),
    # - Turn 6
    dict(turn=6, words="9th Vg Div.", hex="3417", alternatives=[], trucks=False, independent=False),
    dict(turn=6, words="340th Vg Div.", hex="3417", alternatives=[], trucks=False, independent=False),
    # - Turn 7
    dict(turn=7, words="246th Vg Div.", hex="3403", alternatives=[], trucks=False, independent=False),
]

GE_SUPPORT_ADDED = {}  # no German support additions are printed

# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

CRT_COLUMNS = ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1+"]

# attacker/defender; rows are the modified die 0..8.  Bold (breakthrough) and
# red (at least one step) did not survive in the translation's text.
CRT = {
    0: ["E/-", "4/-", "3/1", "3/1", "3/1", "2/-", "2/1", "1/1", "-/1", "-/1", "-/1"],
    1: ["4/-", "3/-", "3/1", "2/-", "2/-", "2/1", "1/1", "-/1", "-/1", "1/2", "-/2"],
    2: ["4/-", "3/-", "2/-", "2/1", "2/1", "1/1", "-/1", "1/2", "1/2", "-/2", "-/2"],
    3: ["3/-", "2/-", "2/1", "1/1", "1/1", "-/1", "-/1", "-/2", "-/2", "-/2", "1/3"],
    4: ["3/-", "2/-", "1/1", "1/1", "-/1", "-/1", "1/2", "-/2", "1/3", "-/3", "-/3"],
    5: ["2/-", "2/1", "1/1", "-/1", "-/1", "1/2", "-/2", "1/3", "-/3", "-/3", "-/3"],
    6: ["2/-", "1/1", "1/1", "-/1", "1/2", "-/2", "-/2", "1/3", "-/3", "1/4", "-/4"],
    7: ["1/-", "1/1", "-/1", "1/2", "-/2", "-/2", "1/3", "-/3", "1/4", "-/4", "1/E"],
    8: ["1/1", "-/1", "1/2", "1/2", "-/2", "1/3", "-/3", "1/4", "-/4", "1/E", "-/E"],
}

# Terrain Effects Chart (0.2): movement cost as printed, (infantry, mechanized).
# OTIH = per other terrain in hex.  "MP US / AP German" entries are split.
TERRAIN_MOVE = {
    "clear": ("1", "1"),
    "rough": ("1", "2"),
    "forest": ("2", "3"),
    "westwall": ("OTIH", "OTIH"),
    "village": ("1", "OTIH unless on road"),
    "city": ("1", "1 unless on road"),
    "road": ("1 if alone in hex", "1/2 if alone in hex"),
    "river": ("2 MP US, 1 AP German", "Not allowed"),
    "bridge": ("2 MP US, 1 AP German", "3 MP US, 1 AP German"),
}
# the same, as numbers where the cell is a number
TERRAIN_MOVE_NUMBERS = {
    "clear": (1, 1),
    "rough": (1, 2),
    "forest": (2, 3),
    "village": (1, None),
    "city": (1, 1),
    "road": (1, 0.5),
}
RIVER_BRIDGE_COSTS = {
    # terrain: {(class, side): (amount, unit)}
    "river": {("infantry", "US"): (2, "MP"), ("infantry", "German"): (1, "AP"), ("mechanized", "any"): None},
    "bridge": {("infantry", "US"): (2, "MP"), ("infantry", "German"): (1, "AP"),
               ("mechanized", "US"): (3, "MP"), ("mechanized", "German"): (1, "AP")},
}

# Actions table (3.4.1)
ACTIONS_AP = {
    "movement": 1,
    "normal attack": 1,
    "prepared attack": 2,
    "enter IP": 1,
    "leave IP": 0,
    "recover fatigue": 2,
}

# C3I table (9.5): die -> (A, B, C); "S" = SNAFU, "-" = nothing
C3I = {
    1: ("-", "-", "S"),
    2: ("S", "-", "-"),
    3: ("-", "S", "S"),
    4: ("-", "-", "-"),
    5: ("-", "S", "-"),
    6: ("-", "-", "S"),
}

# SNAFU table (9.5): 2d6 -> the result as printed ("6-8 No exceptional SNAFU." is one printed line)
SNAFU = {
    2: "Poor air-ground coordination. Shift one column left.",
    3: "Hesitation. No advance after combat, no breakthrough possible, and attackers lose 1 AP "
       "(if they have any remaining).",
    4: "Radio transmissions garbled. Artillery support cancelled.",
    5: "Tense situation elsewhere on the front: armor support cancelled.",
    6: "No exceptional SNAFU.",
    7: "No exceptional SNAFU.",
    8: "No exceptional SNAFU.",
    9: "Supply problems. One attacking armored unit (defender's choice) has its combat factor halved.",
    10: "Effective antiaircraft defense. Air support cancelled.",
    11: "Traffic jam towards the front. One of the attackers (defender's choice) has its combat strength "
        "reduced to zero, but suffers any adverse results (ignore if only one attacker).",
    12: "Command confusion. No support of any kind and -1 to the die roll for each attacking stack. "
        "Cancels divisional integrity bonus.",
}
