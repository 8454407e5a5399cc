"""Opening the table as ardennes-qt does (``staged``): the first frame shows the window's
frame - the map with every counter, the phase bar, the overlays' buttons, the menus and
the docks in their places, empty - and the panels fill it just after, without moving the
map or any dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.table_window import DOCKS, MENUS


class FirstFrame(QObject):
    """What the window looks like when the map's first frame is painted."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window = window
        self.seen: dict | None = None
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Paint and self.seen is None:
            self.seen = layout(self.window)
            self.seen["filled"] = self.window.filled
        return False


def layout(window) -> dict:
    viewport = window.view.viewport()
    # A dock behind another's tab keeps a place off the window: not one a player sees.
    shown = {key: dock.geometry() for key, dock in window.docks.items()
             if dock.isVisible() and window.rect().intersects(dock.geometry())}
    return {"map": (viewport.mapTo(window, QPoint(0, 0)), viewport.size()), "docks": shown,
            "status": window.statusBar().geometry(), "zoom": window.view.zoom()}


def staged_window(qtbot, session, **kwargs):
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(session, staged=True, **kwargs)
    qtbot.addWidget(window)
    return window


def test_the_first_frame_shows_the_map_and_the_frame_then_the_panels_fill_it_in_place(qtbot):
    session = Session.new("ardennes2/7.1", seed=1)
    window = staged_window(qtbot, session, autosave=False, remember_layout=False)
    window.resize(1400, 900)
    # Before its first frame: the map with every counter set up on it, the frame around it, empty.
    assert not window.filled and window.unit_panel is None and window.play is None
    on_map = {u.id for u in session.units() if u.hex}
    assert set(window.view.counters.items) == on_map
    assert [a.text() for a in window.menuBar().actions()] == list(MENUS)
    assert {key: (d.windowTitle(), d.widget()) for key, d in window.docks.items()} == \
        {key: (title, None) for key, title, *_ in DOCKS}
    assert window.phase_bar.label.text().startswith("Turn 1 (16 Dec 44)")
    assert window.phase_bar.end_phase.isEnabled()  # as it will be once the window is filled
    assert len(window.overlay_buttons.toolbar.actions()) == len(window.overlay_buttons.actions) > 0
    assert window.assistance.button.text() == "Rules: enforced"
    first = FirstFrame(window)
    window.show()
    qtbot.waitUntil(lambda: window.filled, timeout=10000)
    assert first.seen is not None and not first.seen.pop("filled")  # painted before the panels were made
    # Filled: every dock holds its panel, the menus their entries; nothing moved.
    assert all(dock.widget() is not None for dock in window.docks.values())
    assert window.play.log_panel is window.docks["log"].widget()
    assert window.menu("&Game").actions() and window.menu("&Plan").actions()
    assert window.phase_bar.end_phase.isEnabled() and window.phase_bar._action is not None
    qtbot.waitUntil(lambda: window.play.panels_filled, timeout=10000)  # the markers and arrivals, after
    assert first.seen == layout(window)


def test_next_phase_before_the_panels_are_made_does_nothing(qtbot):
    session = Session.new("ardennes2/7.1", seed=1)
    window = staged_window(qtbot, session, autosave=False, remember_layout=False)
    before = session.state_hash()
    window.phase_bar.end_phase.trigger()  # the button is there from the first frame
    assert session.state_hash() == before and not window.filled
    window.show()
    qtbot.waitUntil(lambda: window.filled, timeout=10000)
    window.phase_bar.end_phase.trigger()
    assert session.state_hash() != before


def test_the_view_menu_shows_and_hides_every_dock(qtbot):
    window = staged_window(qtbot, Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
    window.show()
    qtbot.waitUntil(lambda: window.filled, timeout=10000)
    toggles = {a.text(): a for a in window.menu("&View").actions()}
    assert set(toggles) >= {title for _, title, *_ in DOCKS}
    toggles["Dead pile"].trigger()
    assert window.docks["dead"].isHidden()
    toggles["Dead pile"].trigger()
    assert not window.docks["dead"].isHidden()


def test_a_table_opened_on_its_frame_plays_as_any_other(qtbot, free_content):
    window = staged_window(qtbot, Session(free_content, seed=3), autosave=False, remember_layout=False)
    window.show()
    qtbot.waitUntil(lambda: window.filled, timeout=10000)
    window.move_units(("1Pz:I/1",), "B5.05")
    assert window.session.unit("1Pz:I/1").hex == "B5.05"
    window.select_unit("1Pz:I/1")
    assert window.unit_panel.unit_id == "1Pz:I/1"
    window.history.undo.trigger()
    assert window.session.unit("1Pz:I/1").hex == "B3.03"
    qtbot.waitUntil(lambda: window.play.panels_filled, timeout=10000)


def test_the_remembered_layout_comes_back_on_the_frame(qtbot):
    from ardennes_qt.ui.table_window import TableWindow

    first = TableWindow(Session.new("ardennes2/7.1", seed=1), autosave=False)
    qtbot.addWidget(first)
    first.show()
    first.docks["arrivals"].hide()
    first.close()
    second = staged_window(qtbot, Session.new("ardennes2/7.1", seed=1), autosave=False)
    assert second.docks["arrivals"].isHidden()  # before any panel is made
    second.show()
    qtbot.waitUntil(lambda: second.filled, timeout=10000)
    assert second.docks["arrivals"].isHidden() and not second.docks["log"].isHidden()


def test_the_map_opens_fitted_with_each_counter_drawn_once_for_that_zoom(qtbot, monkeypatch):
    from ardennes_qt.ui.counter_item import CounterItem, view_pixels_per_unit

    drawn, scaled = [], []
    draw, show_scaled = CounterItem._draw, CounterItem.show_scaled
    monkeypatch.setattr(CounterItem, "_draw", lambda item: (drawn.append(item.unit_id), draw(item)))
    monkeypatch.setattr(CounterItem, "show_scaled", lambda item: (scaled.append(item.unit_id), show_scaled(item)))
    window = staged_window(qtbot, Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
    window.resize(1400, 900)
    first = FirstFrame(window)
    window.show()
    qtbot.waitUntil(lambda: first.seen is not None, timeout=10000)
    view = window.view
    assert first.seen["zoom"] == pytest.approx(view.fit_zoom(), rel=0.02)  # the whole map in view
    # Drawn for that zoom, once each - not first for the scale the view had before it was fitted.
    assert sorted(drawn) == sorted(view.counters.items) and not scaled
    assert {item.pixels_per_unit for item in view.counters.items.values()} == {view_pixels_per_unit(view)}
