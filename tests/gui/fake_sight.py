"""A made-up line of sight put on an Ardennes II game, for the table's line-of-sight tool:
no registered game of these tests offers one.  Its answers are fixed: a line to most hexes is
blocked half-way by woods, after an orchard that hinders by a provisional rule; a line to
``CLEAR_TARGET`` is clear, to ``HINDERED_TARGET`` hindered; ``BUILDING`` holds two Locations; a Location sees the hexes two
hexes around it clear, and the ring beyond hindered."""

from __future__ import annotations

from ardennes_qt.core.system import LineOfSight, SightLine, SightStep
from ardennes_qt.engine.session import Session

BUILDING = "A10.10"
CLEAR_TARGET = "A12.10"
HINDERED_TARGET = "A13.10"
PROVISIONAL_RULE = "provisional: the rulebook's line-of-sight rules are not in the documents"
LOCATIONS = {BUILDING: ((0, "ground level"), (1, "building, upper level"))}


class FakeSight:
    def __init__(self, session: Session) -> None:
        self.map = session.map
        self.asked: list[tuple[str, str, int, int]] = []

    def locations(self, content, state, hex_id):
        return LOCATIONS.get(hex_id, ((0, "ground level"),))

    def crossed(self, viewer_hex: str, target_hex: str) -> tuple[str, ...]:
        m = self.map
        return tuple(m.hex_id(h) for h in m.parse(viewer_hex).line_to(m.parse(target_hex)))

    def line_of_sight(self, content, state, viewer_hex, target_hex, viewer_level=0, target_level=0):
        self.asked.append((viewer_hex, target_hex, viewer_level, target_level))
        crossed = self.crossed(viewer_hex, target_hex)
        words = dict(self.locations(content, state, viewer_hex))
        viewer, target = f"{viewer_hex}, {words[viewer_level]}", f"{target_hex}, ground level"
        if target_hex == CLEAR_TARGET or len(crossed) < 4:
            step = SightStep(crossed[1], "open ground", "no effect", "open ground does not hinder")
            return SightLine(viewer, target, True, 0, "clear", (step,), crossed, False)
        orchard, woods = crossed[1], crossed[len(crossed) // 2]
        hinders = SightStep(orchard, "orchard", "hinders +1", PROVISIONAL_RULE, provisional=True)
        if target_hex == HINDERED_TARGET:
            return SightLine(viewer, target, True, 1, "seen, hindered +1", (hinders,), crossed, True)
        steps = (
            hinders,
            SightStep(woods, "pine woods, top at level 2", "blocks", "woods block a line below their top"),
        )
        return SightLine(viewer, target, False, 1, f"blocked at {woods} by pine woods", steps, crossed, True)

    def viewshed(self, content, state, hex_id, level=0):
        m, h = self.map, self.map.parse(hex_id)
        return {m.hex_id(x): max(0, h.distance(x) - 2) for x in h.within(3) if m.contains(x)}


def with_fake_sight(session: Session, monkeypatch) -> FakeSight:
    """``session`` answers LineOfSight with a ``FakeSight``; every other capability as before."""
    fake = FakeSight(session)
    offers, capability = session.offers, session.capability
    monkeypatch.setattr(session, "offers", lambda kind: kind is LineOfSight or offers(kind))
    monkeypatch.setattr(session, "capability", lambda kind: fake if kind is LineOfSight else capability(kind))
    return fake
