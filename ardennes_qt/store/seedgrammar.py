"""The set-up and Order of Arrival grammar of the Ardennes II scenario listings.

The shipped scenario files keep the rules document's own wording, cleaned of OCR slips,
so a reader can hold them next to the printed page:

    B23.46: 3-5-10 Inf Bn(+) (A/23), [7]-1-16 Arty Rgt (DIVARTY)
    w/i 1 B40.38: 3-3-14 Pz Recon KG (Recke), 5-3-12 Pz Bn (I/9)
    B22.19: 5-3-12 Pz Bn (I/3), 4-2-12 Pz Bn (II/3) (DG)
    A35.34: 4-3-14 Arm TF (Erlen), 3-3-14 Mech TF (Rhea) (Each with a Step Loss)
    B39.48: 4-5-12 JgPz Bn (560) (Wehrmacht)

An item is ``<values> <type words> (<designation>[, <designation>...])`` and stands for
one counter per designation ("(A/117, B/117)" is two counters); a quoted designation
(``("394, 667")``) is one counter whose printed name holds a comma.  Notes after an item:
``(Step Loss)`` starts that counter on its reduced side (7.3-7.6), ``(DG)`` marks it
Disorganized, a nationality (``(Wehrmacht)``) is what the listing prints for it.  DG
markers sit on stacks (3.4), so a ``(DG)`` or ``(Both DG)`` closing a line covers every
unit of the line, and ``(Each with a Step Loss)`` reduces every unit of the line.

This module only reads text; which counter an item names is the loader's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ardennes_qt.core.units import Values

NATIONALITY_NOTES = ("Wehrmacht", "SS", "Luftwaffe", "US", "CW", "Belgian")
# Type words that name a nationality inside the printed type ("SS Pz Bn", "LW FJ Bn(+)").
NATIONALITY_TYPE_WORDS = {"SS": "SS", "LW": "Luftwaffe", "Belgian": "Belgian", "CW": "CW"}
# Printed in front of the type of a unit set up among a division's units but belonging
# to none ("3-3-10 Independent StG Bde (244)" under 18 VG Div in 7.1).
INDEPENDENT_WORD = "Independent"

_LINE = re.compile(r"^\s*(?:w/i\s+(\d+)\s+)?([A-Za-z]\d+\.\d+)\s*:\s*(.*?)\s*$")
_VALUES = re.compile(r"^\s*((?:\[\d+\]|\d+)-\d+-\d+)\s+(.*)$")


class GrammarError(ValueError):
    """Text that does not follow the listing grammar; the message says what is wrong."""


@dataclass(frozen=True)
class Item:
    """One listed unit type with its designations: one counter per designation."""

    values: Values
    unit_type: str
    designations: tuple[str, ...]
    step_loss: bool = False
    dg: bool = False
    nationality: str = ""
    independent: bool = False
    text: str = ""

    @property
    def printed_nationality(self) -> str:
        """The nationality the listing prints for this unit, or ""."""
        if self.nationality:
            return self.nationality
        for word in self.unit_type.split():
            if word in NATIONALITY_TYPE_WORDS:
                return NATIONALITY_TYPE_WORDS[word]
        return ""


@dataclass(frozen=True)
class SetupLine:
    """One set-up line: a hex (or "within N of" it) and the items placed there."""

    hex: str
    within: int
    items: tuple[Item, ...]
    text: str


def parse_setup_line(text: str) -> SetupLine:
    m = _LINE.match(text)
    if not m:
        raise GrammarError(f"'{text}' is not a set-up line like 'B23.46: 3-5-10 Inf Bn(+) (A/23)'")
    within, hex_id, rest = m.groups()
    return SetupLine(hex_id, int(within or 0), parse_items(rest), text.strip())


def parse_items(text: str) -> tuple[Item, ...]:
    """A comma-separated list of items, with the line-closing stack notes applied."""
    pieces = _split_outside_brackets(text)
    if not pieces or not all(pieces):
        raise GrammarError(f"'{text}' has an empty item (a stray comma?)")
    items = []
    stack_dg = stack_step_loss = both = False
    for index, piece in enumerate(pieces):
        item, notes = _parse_item(piece)
        last = index == len(pieces) - 1
        for note in notes:
            if note == "Step Loss":
                item = replace(item, step_loss=True)
            elif note == "DG" and last:
                stack_dg = True
            elif note == "DG":
                item = replace(item, dg=True)
            elif note == "Both DG" and last:
                stack_dg = both = True
            elif note == "Each with a Step Loss" and last:
                stack_step_loss = True
            elif note in NATIONALITY_NOTES:
                item = replace(item, nationality=note)
            else:
                raise GrammarError(
                    f"'{piece}': '({note})' is not Step Loss, DG, a nationality, or a note closing the line"
                )
        items.append(item)
    if both and sum(len(i.designations) for i in items) != 2:
        raise GrammarError(f"'{text}': '(Both DG)' closes a line that does not list two units")
    if stack_dg:
        items = [replace(i, dg=True) for i in items]
    if stack_step_loss:
        items = [replace(i, step_loss=True) for i in items]
    return tuple(items)


def _parse_item(text: str) -> tuple[Item, list[str]]:
    m = _VALUES.match(text)
    if not m:
        raise GrammarError(f"'{text}' does not start with counter values like 3-5-10 or [9]-1-16")
    try:
        values = Values.parse(m.group(1))
    except ValueError as exc:
        raise GrammarError(f"'{text}': {exc}") from None
    rest = m.group(2)
    groups = _bracket_groups(rest)
    if not groups:
        raise GrammarError(f"'{text}' has no designation in brackets, like (A/23)")
    type_end = groups[0][0]
    words = rest[:type_end].split()
    if not words:
        raise GrammarError(f"'{text}' has no unit type between its values and its designation")
    stray = "".join(rest[end:start] for (_, end, _), (start, _, _) in zip(groups, groups[1:] + [(len(rest), 0, "")]))
    if stray.strip():
        raise GrammarError(f"'{text}': '{stray.strip()}' stands outside the brackets after the designation")
    unit_type = " ".join(w for w in words if w != INDEPENDENT_WORD)
    item = Item(
        values,
        unit_type,
        _designations(groups[0][2], text),
        independent=INDEPENDENT_WORD in words,
        text=text.strip(),
    )
    return item, [inside.strip() for _, _, inside in groups[1:]]


def _designations(inside: str, item_text: str) -> tuple[str, ...]:
    """ "A/117, B/117" -> two designations; '"394, 667"' -> one."""
    out = []
    for part in _split_outside_brackets(inside):
        part = part.strip()
        if len(part) >= 2 and part[0] == part[-1] == '"':
            part = part[1:-1].strip()
        if not part or '"' in part:
            raise GrammarError(f"'{item_text}' has an empty or badly quoted designation")
        out.append(part)
    if not out:
        raise GrammarError(f"'{item_text}' has an empty designation ()")
    return tuple(out)


def _bracket_groups(text: str) -> list[tuple[int, int, str]]:
    """Bracketed groups after the type words: (start, end, inside).

    "(+)" and "(-)" glued to a word ("Bn(+)", "Rgt(-)") mark a reinforced or
    understrength unit and belong to the unit type.
    """
    groups = []
    depth = 0
    quoted = False
    start = 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise GrammarError(f"'{text}' closes a bracket it never opened")
            inside = text[start + 1 : i]
            glued = start > 0 and not text[start - 1].isspace()
            if depth == 0 and not (glued and inside in ("+", "-") and not groups):
                groups.append((start, i + 1, inside))
    if depth or quoted:
        raise GrammarError(f"'{text}' leaves a bracket or quote open")
    return groups


def _split_outside_brackets(text: str) -> list[str]:
    parts, depth, quoted, current = [], 0, False, []
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return parts if any(parts) else []
