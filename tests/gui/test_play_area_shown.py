"""A scenario played on part of the map (7.x Maps in Play) opens on its play area: the hexes
outside it shaded, its edge drawn, the view fitted to it; 0 fits it again, Ctrl+0 shows the
whole map.  The legend names the shading."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from ardennes_qt.engine.session import Session
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.legend_data import legend_for
from ardennes_qt.ui.play_area_art import PlayAreaArt, hexes_outline
from ardennes_qt.ui.terrain_painter import TerrainPainter
from tests.gui.planning_table import no_overlays_remembered, open_table  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


INSIDE, OUTSIDE = "A34.20", "A31.18"  # open ground, no road, no counter: in play, out of it (west of 33.xx)


def shown_rect(view) -> QRectF:
    return view.mapToScene(view.viewport().rect()).boundingRect()


def pixel_at(view, x: float, y: float) -> QColor:
    image = view.viewport().grab().toImage()
    p = view.mapFromScene(QPointF(x, y))
    return image.pixelColor(p.x(), p.y())


def corner_of(view, hex_id: str) -> tuple[float, float]:
    """A point inside the hex, off its centre (where counters, names and roads mostly are not)."""
    terrain = view.terrain
    cx, cy = terrain.layout.centre(terrain.map.parse(hex_id))
    return cx - terrain.size * 0.55, cy + terrain.size * 0.2


@pytest.fixture
def bastogne(qtbot):
    window = open_table(qtbot, Session.new("ardennes2/7.5", seed=1))
    yield window
    window.session.close()


def test_bastogne_opens_fitted_to_its_play_area(bastogne):
    view = bastogne.view
    area = view.play_area.in_rect()
    shown = shown_rect(view)
    assert shown.contains(area)
    whole = view.terrain.scene_rect()
    assert shown.width() < whole.width() / 2 and shown.height() < whole.height() / 2


def test_hexes_outside_are_shaded_and_those_inside_are_not(bastogne, qtbot):
    view = bastogne.view
    view.zoom_to(0.9, "A33.19")
    qtbot.wait(50)
    inside, outside = corner_of(view, INSIDE), corner_of(view, OUTSIDE)
    m = view.terrain.map
    assert m.terrain(m.parse(INSIDE)) == m.terrain(m.parse(OUTSIDE))  # the same ground, shaded or not
    shaded_in, shaded_out = pixel_at(view, *inside), pixel_at(view, *outside)
    view.play_area, kept = None, view.play_area
    view.resetCachedContent()
    view.viewport().repaint()
    plain_in, plain_out = pixel_at(view, *inside), pixel_at(view, *outside)
    view.play_area = kept
    assert shaded_in == plain_in
    assert shaded_out.lightness() < plain_out.lightness() - 30


def test_zero_fits_the_play_area_and_ctrl_zero_the_whole_map(bastogne, qtbot):
    view = bastogne.view
    qtbot.keyClick(view, Qt.Key_0, Qt.ControlModifier)
    assert view.zoom() == pytest.approx(view.fit_zoom(), rel=0.01)  # the whole map fitted
    qtbot.keyClick(view, Qt.Key_0)
    shown = shown_rect(view)
    assert shown.contains(view.play_area.in_rect()) and shown.width() < view.terrain.scene_rect().width() / 2


def test_the_campaign_shows_no_play_area(qtbot):
    window = open_table(qtbot, Session.new("ardennes2/7.1", seed=1))
    assert window.view.play_area is None
    assert window.view.zoom() == pytest.approx(window.view.fit_zoom(), rel=0.02)
    window.session.close()


def test_the_edge_runs_between_hexes_in_play_and_out_of_it_but_not_along_the_map_edge(qapp):
    content = Session.new("ardennes2/7.3", seed=1).content  # Map B, rows 36 and north
    terrain = TerrainPainter(content.map)
    inside = content.play_area()
    art = PlayAreaArt(terrain, inside, style.OUT_OF_PLAY, style.PLAY_AREA_EDGE)
    assert art.outside == frozenset(content.map.all_hexes()) - inside
    path, layout, step = art.edge_path, terrain.layout, terrain.size * 0.3
    sides = set()
    for i in range(0, path.elementCount(), 2):
        a, b = path.elementAt(i), path.elementAt(i + 1)
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        # The hexes just either side of the segment's middle: one in play, one out of it on the map.
        nx, ny = (b.y - a.y), -(b.x - a.x)
        length = (nx * nx + ny * ny) ** 0.5
        one = layout.hex_at(mx + nx / length * step, my + ny / length * step)
        other = layout.hex_at(mx - nx / length * step, my - ny / length * step)
        assert {one in inside, other in inside} == {True, False}
        assert content.map.contains(one) and content.map.contains(other)
        sides.add(frozenset((content.map.hex_id(one), content.map.hex_id(other))))
    assert frozenset(("A40.40", "B1.40")) in sides or frozenset(("A40.40", "B1.41")) in sides  # the seam
    assert any("B20.36" in pair and "B20.35" in pair for pair in sides)  # row 36 against row 35
    assert len(sides) == path.elementCount() // 2  # no side drawn twice


def test_one_hex_is_outlined_by_its_six_sides(qapp):
    content = Session.new("ardennes2/7.1", seed=1).content
    terrain = TerrainPainter(content.map)
    h = content.map.parse("B1.16")
    assert hexes_outline(terrain.layout, {h}).elementCount() == 12  # six lines: a move and a line each
    neighbours = set(h.neighbours())
    two = set(sorted(neighbours, key=lambda n: (n.q, n.r))[:2])
    assert hexes_outline(terrain.layout, {h}, against=two).elementCount() == 4


def test_the_legend_names_the_shading(qapp):
    for game in ("ardennes2", "ardennes1994"):
        assert any(what == ("play",) and "play area" in words for what, words in legend_for(game).map_entries)
    from ardennes_qt.ui.map_legend import paint_map_sample

    image = QImage(60, 60, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_map_sample(painter, ("play",), 30, 30)
    painter.end()
    colours = {image.pixelColor(x, y).name() for x in range(0, 60) for y in range(0, 60)}
    assert style.PLAY_AREA_EDGE.name() in colours
    assert image.pixelColor(QPoint(30, 30)).lightness() < style.OPEN.lightness() - 30


def test_hovering_a_hex_says_whether_it_is_in_play(bastogne, qtbot):
    from tests.gui.mouse import hex_point, hover

    view = bastogne.view
    view.zoom_to(0.9, "A33.19")
    qtbot.wait(20)
    hover(bastogne, hex_point(bastogne, OUTSIDE))
    assert bastogne.hover_label.text().startswith(OUTSIDE)
    assert "outside the play area" in bastogne.hover_label.text()
    hover(bastogne, hex_point(bastogne, INSIDE))
    assert bastogne.hover_label.text().startswith(INSIDE)
    assert "play area" not in bastogne.hover_label.text()
    assert bastogne.session.hex_info(OUTSIDE)["in_play"] is False
    assert bastogne.session.hex_info(INSIDE)["in_play"] is True


@pytest.mark.parametrize("key", ["ardennes2/7.2", "ardennes2/7.3", "ardennes2/7.5", "ardennes2/7.6"])
def test_the_shading_is_one_outline_holding_every_hex_outside_and_none_in_play(qapp, key):
    content = Session.new(key, seed=1).content
    terrain = TerrainPainter(content.map)
    inside = content.play_area()
    art = PlayAreaArt(terrain, inside, style.OUT_OF_PLAY, style.PLAY_AREA_EDGE)
    shape = art.shade_path
    for h in content.map.all_hexes():
        assert shape.contains(QPointF(*terrain.layout.centre(h))) is (h not in inside), content.map.hex_id(h)
    # The outline of the region, not a hexagon per hex.
    assert shape.elementCount() < len(art.outside)
