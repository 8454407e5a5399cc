"""The terrain as the setup sheet's map pages paint it: the table's ground and symbols, put
down in fewer, lighter pieces.  The ground is one shape a colour and comes out as the
table's hex-by-hex fills do; a symbol stamp is cut to its inked pixels and lands where the
table's whole stamp puts them; what a hex draws is worked out once for every page it is on."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from ardennes_qt.store.library import load_content
from ardennes_qt.ui.printing.tile_terrain import TileTerrain, _trim
from ardennes_qt.ui.terrain_painter import TerrainPainter
from ardennes_qt.ui.terrain_symbols import VARIANTS

CAMPAIGN = "ardennes2/7.1"


@pytest.fixture(scope="module")
def the_map(qapp):
    return load_content(CAMPAIGN).map


def _region(painter: TerrainPainter) -> QRectF:
    """A window over the middle of the map: woods, forest, towns, rivers and the zones."""
    bounds = painter.map_rect()
    return QRectF(bounds.center().x() - 600, bounds.center().y() - 450, 1200, 900)


def _painted(terrain: TerrainPainter, layer, scale: float = 0.5) -> QImage:
    """One layer of the terrain over ``_region`` in an image ``scale`` pixels a map unit."""
    region = _region(terrain)
    image = QImage(round(region.width() * scale), round(region.height() * scale), QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-region.left(), -region.top())
    hexes = terrain.hexes_in(region)
    arts = [(h, terrain.index.art.get(h)) for h in hexes if h in terrain.index.art]
    layer(terrain, painter, region, arts, scale)
    painter.end()
    return image


def _fills(terrain, painter, region, arts, scale):
    terrain._paint_fills(painter, region, arts)


def _symbols(terrain, painter, region, arts, scale):
    terrain._paint_symbols(painter, arts, scale)


class Counting:
    """A painter that passes every call on and counts the fills, the images and their pixels."""

    def __init__(self, painter: QPainter) -> None:
        self.painter = painter
        self.fills = 0
        self.images: list[QImage] = []

    def __getattr__(self, name):
        return getattr(self.painter, name)

    def drawPolygon(self, *args):
        self.fills += 1
        self.painter.drawPolygon(*args)

    def drawPath(self, *args):
        self.fills += 1
        self.painter.drawPath(*args)

    def drawImage(self, target, image):
        self.images.append(image)
        self.painter.drawImage(target, image)


def test_the_ground_is_the_tables_to_the_pixel(the_map):
    table = _painted(TerrainPainter(the_map, stamps=True), _fills)
    printed = _painted(TileTerrain(the_map), _fills)
    assert printed == table


def test_the_ground_is_one_shape_a_colour(the_map):
    terrain = TileTerrain(the_map)
    region = _region(terrain)
    image = QImage(100, 100, QImage.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    counting = Counting(painter)
    painter.setClipRect(region)  # as on a page: the grid's ground is cut to the clip
    arts = [(h, terrain.index.art[h]) for h in terrain.hexes_in(region) if h in terrain.index.art]
    terrain._paint_fills(counting, region, arts)
    painter.end()
    colours = {art.fill for _, art in arts if art.fill != "open"}
    hexes = sum(1 for _, art in arts if art.fill != "open")
    assert len(colours) >= 2 and hexes > 50  # the window has woods and forest
    # the open ground (one rectangle here, inside the map), then one shape for each fill and
    # zone's wash, not one for each hex
    assert counting.fills <= len(colours) + 2


def test_the_symbols_land_where_the_tables_stamps_put_them(the_map):
    scale = 2.304  # about 300 dpi at the sheet's scale
    table = _painted(TerrainPainter(the_map, stamps=True), _symbols, scale)
    printed = _painted(TileTerrain(the_map), _symbols, scale)
    assert printed == table


def test_a_stamp_is_cut_to_its_ink(the_map):
    terrain = TileTerrain(the_map)
    for kind in ("trees", "forest_trees", "city", "village", "marsh", "slope", "west_wall"):
        for variant in range(VARIANTS):
            whole = terrain.stamps.stamp(kind, variant, 2.304)
            cut, left, top = _trim(whole)
            assert cut.width() * cut.height() < whole.width() * whole.height()
            assert whole.copy(left, top, cut.width(), cut.height()) == cut
            # nothing inked left out: the whole stamp's ink is the cut's
            assert _ink(whole) == _ink(cut)


def test_a_blank_image_leaves_no_stamp(qapp):
    blank = QImage(20, 10, QImage.Format_ARGB32_Premultiplied)
    blank.fill(0)
    assert _trim(blank) == (None, 0, 0)


def test_a_hex_on_several_pages_is_worked_out_once(the_map):
    terrain = TileTerrain(the_map)
    region = _region(terrain)
    for _ in range(2):  # two pages over the same hexes
        image = QImage(200, 150, QImage.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        counting = Counting(painter)
        painter.scale(200 / region.width(), 200 / region.width())
        painter.translate(-region.left(), -region.top())
        terrain.paint(counting, region, 2.304)
        painter.end()
    hexes = terrain.hexes_in(region)
    assert set(terrain._ids) == set(hexes)
    stamped = next(iter(terrain._stamped.values()))
    assert set(stamped) == {h for h in hexes if terrain.index.art.get(h) and terrain.index.art[h].symbols}
    # both pages drew the same images: each kind and variant's stamp is one image, shared
    assert len({image.cacheKey() for image in counting.images}) <= len(terrain._trims)


def _ink(image: QImage) -> int:
    alpha = image.convertToFormat(QImage.Format_Alpha8)
    bits = bytes(alpha.constBits())
    stride = alpha.bytesPerLine()
    return sum(alpha.width() - bits[y * stride:y * stride + alpha.width()].count(0) for y in range(alpha.height()))
