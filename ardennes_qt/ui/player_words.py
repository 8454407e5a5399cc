"""The rules' words with the program's unit ids ("116Pz:156") put as the player reads
them: the unit's name as printed on its counter, with its formation where two counters
print the same name ("DIVARTY Arty Rgt (28 Inf Div)").  For the log's headings, the Edit
menu's Undo and Redo, and the answers a Decision offers."""

from __future__ import annotations

import re
from collections import Counter

from ardennes_qt.engine.session import Session

UNIT_ID = re.compile(r"[\w/+\-.]+:[\w/+\-.]*[\w/+\-]")  # formation:unit, not ending in a full stop
_SHARED: dict[int, tuple[object, frozenset[str]]] = {}  # per game's content: the names printed twice


def shared_names(session: Session) -> frozenset[str]:
    content = session.content
    kept = _SHARED.get(id(content))
    if kept is None or kept[0] is not content:
        counts = Counter(u.name for u in session.units())
        kept = _SHARED[id(content)] = (content, frozenset(n for n, c in counts.items() if c > 1))
        while len(_SHARED) > 4:
            _SHARED.pop(next(iter(_SHARED)))
    return kept[1]


def unit_name(session: Session, unit_id: str) -> str:
    unit = session.unit(unit_id)
    if unit.name in shared_names(session) and unit.formation_name:
        return f"{unit.name} ({unit.formation_name})"
    return unit.name


def named(session: Session, text: str) -> str:
    """``text`` with each unit id in it replaced by that unit's name."""
    if ":" not in text:
        return text
    units = session.state.units

    def name(match: re.Match) -> str:
        uid = match.group(0)
        return unit_name(session, uid) if uid in units else uid

    return UNIT_ID.sub(name, text)
