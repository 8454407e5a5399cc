"""Cross-check of the two transcriptions of *The Ardennes* (SCS, 1994) set-up data.

Main transcription: ``scenarios/ardennes1994/`` (``counters.csv``, ``formations.csv``,
``5.1.toml`` ... ``5.5.toml``, ``ooa.toml``).  Independent transcription, made from the
same rules document without looking at the main one:
``tests/rules/ardennes1994/independent/transcription.txt`` (conventions and name variants
in ``decisions.md`` next to it).

The files are read here with ``tomllib`` and ``csv`` only; the program's own loaders are
not used (they may change, and this test is about the data).

What is compared, for every scenario 5.1-5.5 and each side, and for the OOA:

- ``setup``: the units of each hex (a multiset per hex).  Hexes with no unit are not
  compared: 5.2's empty ``B31.17:`` line is a ``[[setup]]`` with ``units = []`` in the
  main transcription and nothing in the independent one; 5.4/5.5 dump-only lines are
  compared under ``dumps``.
- ``near``: the "with or adjacent" (free) placements.
- ``dead``: the dead pile.  5.5's "3x US Supply Dump (dummy)" is three lines of the US
  dead pile in the independent transcription and ``dead_dummy`` in the main ``[[dump_set]]``s.
- ``dumps``: the US Supply Dump hexes, each with its tag: ``set N`` where the printed text
  gives sets (5.1, 5.3), ``real``/``dummy`` where it gives kinds (5.2, 5.4, 5.5).
  Dumps printed "(real, captured)" inside the German set-up are German dumps.
- ``arrivals``: the scenario's own reinforcements (5.1, 5.2; none in 5.3-5.5, which use
  the OOA), grouped by turn and entry place; and the OOA of each side.

Units are compared as (formation, unit name) after ``norm_formation``/``norm_unit`` below;
counts must agree exactly in every hex/group of every section.
"""

from __future__ import annotations

import csv
import re
import tomllib
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
MAIN = REPO / "scenarios" / "ardennes1994"
INDEPENDENT = HERE / "independent" / "transcription.txt"

SCENARIOS = ("5.1", "5.2", "5.3", "5.4", "5.5")
SIDES = ("German", "Allied")
KINDS = ("setup", "near", "dead", "dumps", "arrivals")
# The independent transcription calls the free placements "free".
INDEPENDENT_KIND = {"setup": "setup", "near": "free", "dead": "dead", "dumps": "dumps", "arrivals": "arrivals"}

# Main-transcription formation codes whose units the independent one writes with
# formation "-" (printed without a formation).
NO_FORMATION = {"Ger-Ind", "US-Ind", "Ger-Greif", "GerSup"}

# --------------------------------------------------------------------------------------
# Normalisation
#
# 1. Unicode NFKD, accents dropped (Füs = Fus, Müller = Muller, Aufklärungs = Aufklarungs),
#    lower case.
# 2. Every character other than a letter or a digit is a space ("v.Coch-A" = "v coch a",
#    "Rlbn: A" = "rlbn a", "1-110" = "1 110"); runs of spaces become one.
# 3. A leading "kg " is dropped ("KG 48" = "48", "KG Macke-A" = "macke a").
# 4. Main transcription only: a counter name that starts with its formation's name loses it
#    ("6 SS Panzer Army Engineer Grp" in formation "6 SS Panzer Army" = "engineer grp"), the
#    way the independent transcription puts the army in the formation column.
# 5. The aliases below: first PHRASE_ALIASES (whole words inside a name), then
#    NAME_ALIASES (whole names), then every "divarty ..." is "divarty" (a division has one
#    Divarty counter, printed "Divarty", "Divarty Rgt", "Divarty Bde" or "Divarty Arm Arty
#    Bde" from place to place), and "cca bde"/"ccb bde" are "cca"/"ccb" (9 Arm Div's CCs are
#    printed "CCA Bde"/"CCB Bde" in 5.1-5.3 B14.01/B49.16, "CCA"/"CCB" in 5.4, 5.5).
# The aliases are the abbreviations and variant wordings the independent transcription
# keeps as printed (its decisions.md, A5 table and B22); each maps a printed form onto the
# main transcription's name.  They are applied to both sides.
# --------------------------------------------------------------------------------------

FORMATION_ALIASES = {
    "f begleit bde": "fuhrer begleit bde",  # 5.4, 5.5 "F.Begleit Bde" (OOA "Führer Begleit Bde")
    "f gren bde": "fuhrer grenadier bde",  # 5.4, 5.5 "F.Gren Bde" (OOA "Führer Grenadier Bde")
    "276 inf div": "276 vg div",  # 5.5 German set-up, three times (elsewhere "276 VG Div")
    "6 ss pz army": "6 ss panzer army",  # 5.4, 5.5 engineers (5.1-5.3 "6 SS Panzer Army")
    "5 pz army": "5 panzer army",  # 5.4, 5.5 engineers (5.2, 5.3 "5 Panzer Army")
    "53 british inf div": "53 br inf div",  # 5.5 set-up (OOA "53 Br Inf Div")
}

PHRASE_ALIASES = {
    "kaufm": "kaufmann",  # 5.4, 5.5 "KG Kaufm" (26 VG Div)
    "guttmn": "gutmann",  # 5.4 "KG Guttmn-A/B" (2 Pz Div)
    "gutmn": "gutmann",  # 5.5 "KG Gutmn-A/B" (2 Pz Div)
    "v coch": "von cochmann",  # 5.4, 5.5 "KG v.Coch-A/B" (2 Pz Div)
    "v bohm": "von bohm",  # 5.4, 5.5 "KG v.Böhm" (2 Pz Div)
    "v fallois": "von fallois",  # 5.4, 5.5 "KG v.Fallois" (Lehr Pz Div)
    "v heydte": "von der heydte",  # 5.4, 5.5 dead pile "KG v.Heydte"
    "hansn": "hansen",  # 5.4, 5.5 "KG Hansn-A/B" (1 SS Pz Div)
    "kulmn": "kulmann",  # 5.4, 5.5 "KG Kulmn-A/B/C" (12 SS Pz Div)
    "rlbn": "rollbahn",  # 5.4, 5.5 dead pile "KG Rlbn:A" / "Rlbn: A" (12 SS Pz Div)
    "schmn": "schumann",  # 5.4, 5.5 "KG Schmn" (560 VG Div)
    "schmdt": "schmidt",  # 5.4 ("Schmdl"), 5.5 "KG Schmdt" (560 VG Div)
    "hauptmn": "hauptmann",  # 5.4, 5.5 "KG Hauptmn" (560 VG Div)
    "deutschld": "deutschland",  # 5.4 "KG Deutschld" (2 SS Pz Div)
    "telkmp": "telkamp",  # 5.4, 5.5 "KG Telkmp-A/B" (9 SS Pz Div)
    "auf": "aufklarungs",  # 5.4, 5.5 "103/115/9 Auf Bn" (OOA "Aufklarungs Bn")
    "tank": "arm",  # 5.4, 5.5 "741 Tank Bn" etc., 5.5 A21.33/A59.11 "29/33 British Tank Bde" (OOA "Arm Bn/Bde")
    "tk": "arm",  # 5.5 US dead pile "707 Tk Bn"
    "british": "br",  # 5.5 "29/33 British Tank Bde" (OOA "Br Arm Bde")
    "arm cav": "cav",  # 5.1 B49.09, 5.3 B39.26/B49.09 "18/32 Arm Cav Bn" (5.4, 5.5 "Cav Bn"; 14 Cav Grp)
    "155 arty grp": "155mm arty grp",  # 5.4, 5.5 set-ups and 5.5 US dead pile "155 Arty Grp"
    "155 arm arty grp": "155mm arm arty grp",  # 5.4 B42.20, 5.5 B6.26/B41.34/B55.32 "155 Arm Arty Grp"
    "105 arty grp": "105mm arty grp",  # 5.5 A4.16 and US dead pile "105 Arty Grp"
    "8 in arty grp": "8 inch arty grp",  # 5.4 B42.16, B55.17; 5.5 A39.03, B55.17 "8 in Arty Grp"
    "belgium": "belgian",  # 5.4 "5 Füs Belgium Inf Bn", 5.5 "5 Belgium Füs Bn"
}

NAME_ALIASES = {
    "engineer": "engineer grp",  # 5.4 B21.09/B24.11/B23.16/B45.28 and dead pile, 5.5 B21.09/B24.11/B18.23 "... Army Engineer"
    "901 pg": "901",  # 5.4 B15.24 "KG 901 PG" (5.2, 5.3 "KG 901"; Lehr Pz Div)
    "902 pg": "902",  # 5.4 B15.23, 5.5 A11.09 "KG 902 PG" (5.2, 5.3 "KG 902"; Lehr Pz Div)
    "901 pg rgt": "901",  # 5.5 B14.25 "901 PG Rgt" (Lehr Pz Div)
    "48 inf rgt": "48",  # 5.4 B54.13 "(48, 89 Inf Rgt)—12 VG Div" (elsewhere "KG 48")
    "89 inf rgt": "89",  # 5.4 B54.13, as above (elsewhere "KG 89")
    "27 fus inf rgt": "27 fus rgt",  # 5.5 B53.15 "27 Füs Inf Rgt" (12 VG Div)
    "1 pz arty": "1 pz arty rgt",  # 5.1, 5.3 B51.01 "1 Pz Arty" (1 SS Pz Div)
    "74 arty rgt": "74 pz arty rgt",  # 5.2, 5.3 B25.11 "74 Arty Rgt" (2 Pz Div)
    "130 arty rgt": "130 pz arty rgt",  # 5.4 B15.22 "130 Arty Rgt" (Lehr Pz Div)
    "104 mech inf": "104 pg rgt",  # 5.5 B10.19 "104 Mech Inf" (OOA "104 PG Rgt"; 15 PG Div)
    "41 mech rgt": "41 mech inf rgt",  # 5.5 A19.27 "41 Mech Rgt" (OOA "41 Mech Inf Rgt")
    "3 110 inf rgt": "3 110 inf bn",  # 5.2, 5.3 B21.12 "3-110 Inf Rgt" (5.4, 5.5 dead "Inf Bn"; decisions B22)
    "5 belgian fus bn": "5 fus belgian inf bn",  # 5.5 B49.28 "5 Belgium Füs Bn"
    "71 inf bde": "71 br inf bde",  # 5.5 A34.34 "(71 Inf Bde)—53 British Inf Div"
    "158 inf bde": "158 br inf bde",  # 5.5 A44.31 "(158 Inf Bde)—53 British Inf Div"
    "160 inf bde": "160 br inf bde",  # 5.5 A23.34 "(160 Inf Bde, ...)—53 British Inf Div"
}

# Unnumbered OOA "TD Bn" of two armoured divisions, keyed by (formation, name).
FORMATION_NAME_ALIASES = {
    ("7 arm div", "td bn"): "814 td bn",  # OOA Turn 2 N (5.4, 5.5 "814 TD Bn")
    ("10 arm div", "td bn"): "609 td bn",  # OOA Turn 3 F, 5.2 Turn 3 F (5.4, 5.5 "609 TD Bn")
}


def _text(s: str) -> str:
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", s).split())


def _phrases(s: str, table: dict[str, str]) -> str:
    for old, new in table.items():
        s = re.sub(rf"\b{re.escape(old)}\b", new, s)
    return s


def norm_formation(name: str) -> str:
    if name.strip() == "-":
        return "-"
    s = _text(name)
    return FORMATION_ALIASES.get(s, s)


def norm_unit(name: str, formation: str) -> str:
    """``formation`` is already normalised."""
    s = _text(name)
    if s.startswith("kg "):
        s = s[3:]
    if formation != "-" and s.startswith(formation + " "):
        s = s[len(formation) + 1 :]
    s = _phrases(s, PHRASE_ALIASES)
    s = NAME_ALIASES.get(s, s)
    s = FORMATION_NAME_ALIASES.get((formation, s), s)
    s = re.sub(r"^divarty\b.*", "divarty", s)
    s = re.sub(r"^(cc[abr]) bde$", r"\1", s)
    return s


def unit_key(formation: str, name: str) -> tuple[str, str]:
    f = norm_formation(formation)
    return f, norm_unit(name, f)


# --------------------------------------------------------------------------------------
# Loading.  A section is {group: Counter(keys)}; group is a hex (setup, dumps), "-" (near,
# dead) or "<turn> <entry place>" (arrivals).
# --------------------------------------------------------------------------------------

Sections = dict[tuple[str, str, str], dict[str, Counter]]


def _add(sections: Sections, section: tuple[str, str, str], group: str, key) -> None:
    sections.setdefault(section, {}).setdefault(group, Counter())[key] += 1


@lru_cache(maxsize=None)
def main_sections() -> Sections:
    with open(MAIN / "formations.csv", encoding="utf-8", newline="") as fh:
        formation_names = {r["code"]: r["name"] for r in csv.DictReader(fh)}
    with open(MAIN / "counters.csv", encoding="utf-8", newline="") as fh:
        counters = {
            r["id"]: unit_key("-" if r["formation"] in NO_FORMATION else formation_names[r["formation"]], r["name"])
            for r in csv.DictReader(fh)
        }

    out: Sections = {}
    for scope in (*SCENARIOS, "OOA"):
        for side in SIDES:
            for kind in KINDS if scope != "OOA" else ("arrivals",):
                out[(scope, side, kind)] = {}

    def load(scope: str, data: dict) -> None:
        for entry in data.get("setup", []):
            for uid in entry["units"]:
                _add(out, (scope, entry["side"], "setup"), entry["hex"], counters[uid])
        for entry in data.get("setup_near", []):
            for uid in entry["units"]:
                key = counters[uid]
                # 5.1/5.3 print "1x Greif Team" / "4x Greif Teams" with no letter; the main
                # transcription letters them (README), the independent one does not.
                key = (key[0], re.sub(r"^greif team [a-d]$", "greif team", key[1]))
                _add(out, (scope, entry["side"], "near"), "-", key)
        for entry in data.get("dead", []):
            for uid in entry["units"]:
                _add(out, (scope, entry["side"], "dead"), "-", counters[uid])
        for dump_set in data.get("dump_set", []):
            kinds, status = dump_set.get("kinds"), dump_set.get("status")
            for i, hex_ in enumerate(dump_set["hexes"]):
                side = "Allied"
                if kinds:
                    tag = kinds[i]
                    if status and status[i] == "captured":
                        side, tag = "German", f"{tag} captured"
                elif dump_set["dummy"] == 0:
                    tag = "real"
                else:
                    tag = f"set {dump_set['set']}"
                _add(out, (scope, side, "dumps"), hex_, tag)
            for _ in range(dump_set.get("dead_dummy", 0)):
                _add(out, (scope, "Allied", "dead"), "-", ("-", "us supply dump dummy"))
        for entry in data.get("arrival", []):
            for uid in entry["units"]:
                _add(out, (scope, entry["side"], "arrivals"), f"{entry['turn']} {entry['where']}", counters[uid])

    for scope in SCENARIOS:
        with open(MAIN / f"{scope}.toml", "rb") as fh:
            load(scope, tomllib.load(fh))
    with open(MAIN / "ooa.toml", "rb") as fh:
        load("OOA", tomllib.load(fh))
    return out


@lru_cache(maxsize=None)
def independent_sections() -> Sections:
    back = {v: k for k, v in INDEPENDENT_KIND.items()}
    out: Sections = {}
    section = None
    for number, line in enumerate(INDEPENDENT.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        header = re.fullmatch(r"\[(\S+) (German|Allied) (\w+)\]", line.strip())
        if header:
            scope, side, kind = header.groups()
            section = (scope, side, back[kind])
            assert section not in out, f"line {number}: section {line} twice"
            out[section] = {}
            continue
        assert section is not None, f"line {number}: data before any section"
        where, formation, name = (part.strip() for part in line.split("|"))
        if section[2] == "dumps":
            _add(out, section, where, _text(formation))
        else:
            _add(out, section, where, unit_key(formation, name))
    return out


def _nonempty(section: dict[str, Counter]) -> dict[str, Counter]:
    return {group: units for group, units in section.items() if sum(units.values())}


def _show(key) -> str:
    return key if isinstance(key, str) else f"{key[1]} ({key[0]})"


def compare(main: dict[str, Counter], indep: dict[str, Counter]) -> list[str]:
    main, indep = _nonempty(main), _nonempty(indep)
    problems = []
    for group in sorted(set(main) | set(indep)):
        m, i = main.get(group, Counter()), indep.get(group, Counter())
        if m != i:
            only_main = ", ".join(f"{n}x {_show(k)}" for k, n in sorted((m - i).items()))
            only_indep = ", ".join(f"{n}x {_show(k)}" for k, n in sorted((i - m).items()))
            problems.append(f"{group}: main only [{only_main}]; independent only [{only_indep}]")
    return problems


ALL_SECTIONS = [(s, side, k) for s in SCENARIOS for side in SIDES for k in KINDS] + [
    ("OOA", side, "arrivals") for side in SIDES
]


def test_same_sections():
    assert set(independent_sections()) == set(ALL_SECTIONS)
    assert set(main_sections()) == set(ALL_SECTIONS)


def test_own_or_ooa_reinforcements():
    """5.1 and 5.2 print their own reinforcements, 5.3-5.5 "As per Order of Arrival"
    (the independent transcription then leaves the scenario's arrivals empty)."""
    independent = independent_sections()
    for scope in SCENARIOS:
        with open(MAIN / f"{scope}.toml", "rb") as fh:
            reinforcements = tomllib.load(fh)["reinforcements"]
        own = any(_nonempty(independent[(scope, side, "arrivals")]) for side in SIDES)
        assert reinforcements == ("own" if own else "ooa"), scope


@pytest.mark.parametrize("section", ALL_SECTIONS, ids=lambda s: "-".join(s))
def test_section_agrees(section):
    problems = compare(main_sections()[section], independent_sections()[section])
    assert not problems, f"{' '.join(section)} differs:\n" + "\n".join(problems)
