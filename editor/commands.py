"""One undo command class per kind of edit.

Each command holds edits (document.py): on redo it swaps them into the document and
keeps what they replaced; undo swaps that back, so undo and redo are the same swap.
A brush stroke, a drag along hexsides or roads, a vertex drag or a slider move is one
entry: the tool gives every step of the gesture the same ``stroke`` number and the
steps merge into the first (which keeps the values from before the gesture).
"""

from __future__ import annotations

from itertools import count

from PySide6.QtGui import QUndoCommand

_strokes = count(1)


def new_stroke() -> int:
    """A number for one gesture: its steps merge into one undo entry."""
    return next(_strokes)


class Swap(QUndoCommand):
    """Swap records in and out of the document.  ``kind`` is the merge id of a subclass."""

    kind = -1

    def __init__(self, document, edits: dict[str, dict], text: str, stroke: int | None = None) -> None:
        super().__init__(text)
        self.document = document
        self.edits = edits
        self.stroke = stroke

    def redo(self) -> None:
        self.edits = self.document.swap(self.edits)

    def undo(self) -> None:
        self.edits = self.document.swap(self.edits)

    def id(self) -> int:
        return self.kind if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, type(self)) or other.stroke != self.stroke:
            return False
        # ``other`` has been done: its edits now hold what it replaced.  The earliest
        # value of each record is the one undo must bring back.
        for table, values in other.edits.items():
            mine = self.edits.setdefault(table, {})
            for key, value in values.items():
                mine.setdefault(key, value)
        return True


# --- the map ------------------------------------------------------------------------------------


class PaintTerrain(Swap):
    """Hex terrain: brush strokes, fills, painting a selection."""

    kind = 1


class DrawHexsides(Swap):
    """Hexside features: river, stream, Meuse, sea, border; walls, hedges, wire, Crest Lines, Narrow Streets
    (with the bridges they make or unmake)."""

    kind = 2


class DrawRoads(Swap):
    """Road links of every kind (Road, Track; paved, unpaved), with the bridges where they cross water."""

    kind = 3


class EditBridges(Swap):
    """A bridge's German-built day or plunger; plungers placed or removed."""

    kind = 4


class EditPlaces(Swap):
    """Towns and other named places, with their victory points."""

    kind = 5


class EditEntryAreas(Swap):
    """Entry areas: their letters, sides and hexes."""

    kind = 6


class SetFriendlyEdge(Swap):
    """Which side a map edge is friendly to (1.3)."""

    kind = 7


class EditLayer(Swap):
    """A vector layer drawn, reshaped, re-set or removed, with the hexes and hexsides it rasterizes to."""

    kind = 8


class EditBackdrop(Swap):
    """The backdrop image: imported, calibrated, made more or less opaque, hidden."""

    kind = 9


class EditMapInfo(Swap):
    """The map's name and notes."""

    kind = 10



class SetLevels(Swap):
    """Hexes' base levels (maps with hills: ASL)."""

    kind = 11


class SetBuildingLevels(Swap):
    """A building's levels above ground and its steeple (P5.2)."""

    kind = 12


class DrawSlopes(Swap):
    """Slope hexsides and the hex their hash marks are in."""

    kind = 13

# --- counters, scenarios, rules -----------------------------------------------------------------


class EditCounters(Swap):
    """Counter values (each edited value becomes ``user``), new and deleted counters, CSV imports."""

    kind = 20


class EditFormations(Swap):
    """Formations: names, colours, nationality, independence."""

    kind = 21


class EditSetup(Swap):
    """A scenario's set-up: counters placed, moved, taken off, DG or with a step loss."""

    kind = 30


class EditReinforcements(Swap):
    """A scenario's reinforcement schedule (or the main Orders of Arrival)."""

    kind = 31


class EditScenario(Swap):
    """A scenario's header: title, turns and dates, play area, rule options, printed text; new and deleted scenarios."""

    kind = 32


class EditHouseRules(Swap):
    """A rule table replaced by a house rule (or put back to the shipped one)."""

    kind = 40
