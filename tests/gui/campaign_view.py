"""A map view of a game on its own (without the window), with a markers layer over the
piles as on the table, shown at a fixed size."""

from __future__ import annotations

from ardennes_qt.ui.map_view import MapView
from ardennes_qt.ui.markers_layer import MarkersLayer
from ardennes_qt.ui.play_controls import MARKERS_Z
from ardennes_qt.ui.terrain_painter import TerrainPainter


def shown_view(qtbot, session) -> MapView:
    view = MapView(TerrainPainter(session.map))
    view.counters.show_session(session)
    view.markers = MarkersLayer(view.terrain)
    view.markers.setZValue(MARKERS_Z)
    view.scene().addItem(view.markers)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    return view
