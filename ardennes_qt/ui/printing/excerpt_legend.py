"""How to read the map excerpt: sample counters of the scenario and the lines the
excerpt draws, each beside its words, drawn by the same code as the excerpt itself.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF, QTextDocument

from ardennes_qt.core.content import Content
from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.engine.setup_sheet import MARK, SetupSheet
from ardennes_qt.ui.counter_art import CounterFace, face_of, paint_counter
from ardennes_qt.ui.legend_data import legend_for
from ardennes_qt.ui.printing import map_excerpt as excerpt
from ardennes_qt.ui.printing.page_setup import mm_to_doc
from ardennes_qt.ui.printing.sheet_blocks import document

SAMPLE_MM = 9.0
PILE_MM = 12.0  # a stack's sample: two or three counters fanned
REDUCED_WORDS = ("Set up with a Step Loss: pale band, white stripe behind the reduced values; the amber dot says "
                 f"the numbers showing are estimated ({MARK} in the lists).")
PILE_WORDS = ("A stack: fanned out downwards in its hex, each counter showing its band and name above the next; "
              "the top counter of the stack is the lowest, whole.")
DOTS_PER_MM = 300 / 25.4


def _samples(content: Content, sheet: SetupSheet) -> list[tuple[CounterFace, str]]:
    """A counter of the scenario as it sets up, and one for each start status it uses."""
    units = [u for stack in sheet.stacks for u in stack.units]
    if not units:
        return []

    def face(unit) -> CounterFace:
        return _face(content, unit)

    plain = next((u for u in units if u.exploit and not u.reduced and not u.dg), units[0])
    out = [(replace(face(plain), reduced=False, dg=False), legend_for(content.system).counter_words)]
    reduced = next((u for u in units if u.reduced), None)
    if reduced is not None:
        out.append((replace(face(reduced), dg=False), REDUCED_WORDS))
    dg = next((u for u in units if u.dg), None)
    if dg is not None:
        out.append((face(dg), "DG: the unit starts Disorganized."))
    return out


def _image(size_mm: float, paint) -> QImage:
    side = round(size_mm * DOTS_PER_MM)
    image = QImage(side, side, QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing, True)
    paint(painter, float(side))
    painter.end()
    return image


def _hex_sample(ink: QColor, style: Qt.PenStyle, wash: bool) -> QImage:
    def paint(painter: QPainter, side: float) -> None:
        layout = HexLayout(side * 0.42)
        hexagon = QPolygonF([QPointF(x + side / 2, y + side / 2) for x, y in layout.corners(Hex(0, 0))])
        painter.setBrush(excerpt.OUTSIDE_WASH if wash else Qt.NoBrush)
        painter.setPen(QPen(ink, side * 0.06, style))
        painter.drawPolygon(hexagon)

    return _image(SAMPLE_MM, paint)


def _face(content: Content, unit) -> CounterFace:
    formation = content.formations.get(unit.formation)
    return face_of(unit, formation.colour if formation else "#777777")


def _pile_sample(faces: list[CounterFace]) -> QImage:
    def paint(painter: QPainter, side: float) -> None:
        for face, square in zip(faces, excerpt.fanned(len(faces), side / 2, side / 2, side, side)):
            paint_counter(painter, square, face, square.width())

    return _image(PILE_MM, paint)


def legend_block(content: Content, sheet: SetupSheet, width: float) -> QTextDocument | None:
    rows = _samples(content, sheet)
    if not rows:
        return None
    images = [_image(SAMPLE_MM, lambda p, s, f=face: paint_counter(p, QRectF(0, 0, s, s), f, s)) for face, _ in rows]
    words = [text for _, text in rows]
    pile = next((stack for stack in sheet.stacks if len(stack.units) > 1), None)
    if pile is not None:
        images.append(_pile_sample([_face(content, unit) for unit in pile.units]))
        words.append(PILE_WORDS)
    if sheet.spreads:
        images.append(_hex_sample(excerpt.SPREAD_INK, Qt.DashLine, False))
        words.append("w/i N: the hexes the units may be set up in; the map shows them where the table opens them.")
    if len(sheet.play_area_hexes) < content.map.numbering.size:
        images.append(_hex_sample(excerpt.PLAY_AREA_INK, Qt.SolidLine, True))
        words.append("The play area's edge; hexes outside it are washed out.")
    sizes = [mm_to_doc(image.width() / DOTS_PER_MM) for image in images]
    column = max(sizes) + 8
    cells = "".join(f'<tr><td width="{column:.0f}"><img src="legend:{i}" width="{side:.0f}" height="{side:.0f}">'
                    f"</td><td>{escape(text)}</td></tr>" for i, (text, side) in enumerate(zip(words, sizes)))
    doc = document(f'<h3>Reading the map excerpt</h3><table width="100%" cellspacing="0" cellpadding="2">{cells}'
                   "</table>", width)
    for i, image in enumerate(images):  # the sizes are in the text, so the layout does not wait for them
        doc.addResource(QTextDocument.ImageResource, QUrl(f"legend:{i}"), image)
    return doc
