"""NATO unit symbols read from the unit type words the setup listings print
("Pz Recon KG", "LW FJ Bn(+)", "Arty Rgt", "JgPz Bn"), and drawn into a symbol box.

A type is a few words: the arm of service (each word adds strokes to the box) and the
unit size (the mark above the box).  Words that only say who fields the unit (SS, LW,
CW, Belgian, Independent) add nothing: nationality is the counter's colour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

# Each word of a unit type and the parts of the symbol it stands for.
WORD_PARTS: dict[str, frozenset[str]] = {
    word.casefold(): frozenset(parts)
    for word, parts in {
        "Inf": {"infantry"}, "Jgr": {"infantry"}, "Erz": {"infantry"}, "Ost": {"infantry"},
        "Penal": {"infantry"}, "Volks": {"infantry"},
        "Mech": {"infantry", "armour"}, "PG": {"infantry", "armour"}, "Mot": {"infantry", "wheels"},
        "Arm": {"armour"}, "Pz": {"armour"}, "Tgr": {"armour"}, "Tiger": {"armour"}, "Fkl": {"armour"},
        "Tank": {"armour"},
        "Cav": {"recon"}, "Recon": {"recon"}, "Rcn": {"recon"},
        "Abn": {"infantry", "airborne"}, "FJ": {"infantry", "airborne"}, "Para": {"infantry", "airborne"},
        "Glider": {"infantry", "glider"},
        "Arty": {"artillery"}, "Divarty": {"artillery"},
        "Werfer": {"rocket"}, "Rocket": {"rocket"},
        "Pio": {"engineer"}, "Eng": {"engineer"}, "Engr": {"engineer"}, "Pioneer": {"engineer"},
        "JgPz": {"anti_tank", "armour"}, "Hetz": {"anti_tank", "armour"}, "JgTg": {"anti_tank", "armour"},
        "TD": {"anti_tank", "armour"},
        "StG": {"assault_gun"}, "STgr": {"assault_gun"}, "Brm": {"assault_gun"},
        "Bicycle": {"infantry", "bicycle"}, "Bicyle": {"infantry", "bicycle"},
        "MG": {"infantry", "machine_gun"},
        # The Ardennes (1994)'s type words
        "Füs": {"infantry"}, "Engineer": {"engineer"}, "AG": {"assault_gun"}, "Aufklärungs": {"recon"},
        "CC": {"armour"},
        # Kampfgruppe Peiper's OB words (8.51-8.53): an ASL counter has no NATO symbol; these give
        # its generic counter one.
        "PzGr": {"infantry", "armour"}, "AT": {"anti_tank"}, "AAht": {"armour"}, "MT": {"armour"},
        "AC": {"recon", "armour"}, "PzKpfw": {"armour"},
    }.items()
}

# Unit sizes and the marks printed above the symbol.
SIZE_MARKS = {"co": "I", "bn": "II", "rgt": "III", "grp": "III", "bde": "X", "div": "XX",
              "kg": "KG", "tf": "TF", "tm": "TM", "pltn": "•••", "sect": "••"}

_WORDS = re.compile(r"[^\W\d_]+|\([+-]\)")  # words of letters, accented ones too


@dataclass(frozen=True)
class UnitSymbol:
    """A NATO unit symbol read from a counter's type words: the arm-of-service parts drawn in the
    box and the size mark above it."""

    parts: frozenset[str]
    size: str  # the mark above the box: "II", "III", "X", "KG"... with "+" or "−" when reinforced or reduced

    @property
    def words(self) -> str:
        """The symbol described for a tooltip."""
        return ", ".join(sorted(p.replace("_", " ") for p in self.parts)) or "unit"


def symbol_for(unit_type: str) -> UnitSymbol:
    parts: set[str] = set()
    size = ""
    suffix = ""
    for word in _WORDS.findall(unit_type):
        if word in ("(+)", "(-)"):
            suffix = "+" if word == "(+)" else "\u2212"
            continue
        key = word.casefold()
        if key in SIZE_MARKS:
            size = SIZE_MARKS[key]
        parts |= WORD_PARTS.get(key, frozenset())
    # "Abn Arty" is artillery that came by air: the cross belongs to fighting infantry only.
    if "engineer" in parts or "artillery" in parts or "rocket" in parts or "assault_gun" in parts:
        parts.discard("infantry")
    return UnitSymbol(frozenset(parts), size + suffix)


def draw_symbol(painter: QPainter, box: QRectF, symbol: UnitSymbol, ink: QColor) -> None:
    """The symbol's strokes inside ``box`` (the frame is the caller's)."""
    w, h = box.width(), box.height()
    x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
    cx, cy = box.center().x(), box.center().y()
    pen = QPen(ink, max(h * 0.075, 0.3), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.NoBrush)
    parts = symbol.parts
    if "infantry" in parts:
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        painter.drawLine(QPointF(x0, y1), QPointF(x1, y0))
    if "recon" in parts:
        painter.drawLine(QPointF(x0, y1), QPointF(x1, y0))
    if "armour" in parts or "assault_gun" in parts:
        painter.drawRoundedRect(QRectF(cx - w * 0.30, cy - h * 0.24, w * 0.60, h * 0.48), h * 0.24, h * 0.24)
    if "anti_tank" in parts:
        painter.drawPolyline([QPointF(x0, y1), QPointF(cx, y0), QPointF(x1, y1)])
    if "engineer" in parts:
        path = QPainterPath()
        top, foot = cy - h * 0.14, cy + h * 0.16
        path.moveTo(cx - w * 0.26, foot)
        path.lineTo(cx - w * 0.26, top)
        path.lineTo(cx + w * 0.26, top)
        path.lineTo(cx + w * 0.26, foot)
        path.moveTo(cx, top)
        path.lineTo(cx, foot)
        painter.drawPath(path)
    if "airborne" in parts:
        wing = QPainterPath()
        wing.moveTo(cx - w * 0.22, y1 - h * 0.20)
        wing.quadTo(cx - w * 0.11, y1 - h * 0.02, cx, y1 - h * 0.20)
        wing.quadTo(cx + w * 0.11, y1 - h * 0.02, cx + w * 0.22, y1 - h * 0.20)
        painter.drawPath(wing)
    if "glider" in parts:
        painter.drawLine(QPointF(cx - w * 0.22, y1 - h * 0.16), QPointF(cx + w * 0.22, y1 - h * 0.16))
        painter.drawLine(QPointF(cx - w * 0.22, y1 - h * 0.16), QPointF(cx - w * 0.28, y1 - h * 0.30))
        painter.drawLine(QPointF(cx + w * 0.22, y1 - h * 0.16), QPointF(cx + w * 0.28, y1 - h * 0.30))
    if "bicycle" in parts or "wheels" in parts:
        r = h * 0.09
        for dx in (-0.16, 0.16):
            painter.drawEllipse(QPointF(cx + w * dx, y1 - r * 1.6), r, r)
    if "machine_gun" in parts:
        painter.drawLine(QPointF(cx, y1 - h * 0.12), QPointF(cx, y0 + h * 0.14))
        painter.drawPolyline([QPointF(cx - w * 0.08, y0 + h * 0.30), QPointF(cx, y0 + h * 0.14),
                              QPointF(cx + w * 0.08, y0 + h * 0.30)])
    if "artillery" in parts or "rocket" in parts or "assault_gun" in parts:
        painter.setPen(Qt.NoPen)
        painter.setBrush(ink)
        r = h * 0.13
        painter.drawEllipse(QPointF(cx, cy), r, r)
        painter.setPen(pen)
    if "rocket" in parts:
        for dy in (-0.30, -0.12):
            painter.drawPolyline([QPointF(cx - w * 0.10, cy + h * (dy + 0.08)), QPointF(cx, cy + h * (dy - 0.04)),
                                  QPointF(cx + w * 0.10, cy + h * (dy + 0.08))])
