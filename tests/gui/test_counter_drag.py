"""The drag gesture as plain logic (no Qt): click or drag, and where it ends."""

from ardennes_qt.ui.counter_drag import CounterDrag, Drop


def gesture(units=("a", "b")):
    return CounterDrag(units, press_pixels=(100, 100), press_scene=(10.0, 20.0),
                       starts={"a": (0.0, 0.0), "b": (4.0, -4.0)}, drag_distance=10)


def on_map(x, y):
    return "B1.16" if x >= 0 else None


def test_a_short_travel_stays_a_click():
    drag = gesture()
    assert drag.move((106, 104), (16.0, 24.0)) == {}
    assert drag.release((16.0, 24.0), on_map) == Drop("click", ("a", "b"))


def test_dragged_counters_keep_their_offsets():
    drag = gesture()
    assert drag.move((130, 100), (40.0, 20.0)) == {"a": (30.0, 0.0), "b": (34.0, -4.0)}
    # Once dragging, even a move back near the start keeps dragging.
    assert drag.move((101, 100), (11.0, 20.0)) == {"a": (1.0, 0.0), "b": (5.0, -4.0)}
    assert drag.release((11.0, 20.0), on_map) == Drop("hex", ("a", "b"), "B1.16")


def test_a_drop_with_no_hex_under_it_is_off_the_map():
    drag = gesture(("a",))
    drag.move((300, 100), (-50.0, 20.0))
    assert drag.release((-50.0, 20.0), on_map) == Drop("off_map", ("a",))
