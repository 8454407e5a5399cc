"""Python's cycle collector is held while a setup sheet is planned and painted, and left as
it was found afterwards, whether the export worked or not."""

import gc

import pytest

from ardennes_qt.store.library import load_content
from ardennes_qt.ui.printing import export_setup_pdf, sheet_pages
from ardennes_qt.ui.printing.sheet_pages import collector_paused

SCENARIO = "ardennes2/7.1"


@pytest.fixture
def seen(monkeypatch):
    """Whether the collector ran while the pages were planned and painted."""
    states = {}
    plan, paint = sheet_pages.SheetPages.__init__, sheet_pages.SheetPages.paint

    def planning(self, *args):
        states["plan"] = gc.isenabled()
        plan(self, *args)

    def painting(self, device):
        states["paint"] = gc.isenabled()
        paint(self, device)

    monkeypatch.setattr(sheet_pages.SheetPages, "__init__", planning)
    monkeypatch.setattr(sheet_pages.SheetPages, "paint", painting)
    return states


def test_the_collector_is_held_through_the_export_and_back_after(qapp, tmp_path, seen):
    assert gc.isenabled()
    export_setup_pdf(load_content(SCENARIO), tmp_path / "sheet.pdf")
    assert seen == {"plan": False, "paint": False}
    assert gc.isenabled()


def test_a_failed_export_gives_the_collector_back(qapp, tmp_path):
    with pytest.raises(OSError):
        export_setup_pdf(load_content(SCENARIO), tmp_path / "no such folder" / "sheet.pdf")
    assert gc.isenabled()


def test_a_collector_held_by_the_caller_stays_held(qapp):
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
