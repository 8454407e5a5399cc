"""A new map: SCS sheets numbered like A12.34, all open, the counters kept if wanted."""

from ardennes_qt.core.hexgrid import Direction
from ardennes_qt.core.mapdata import Place
from editor.new_map_dialog import NewMapDialog
from tests.editor.modules import small_module


def test_a_new_two_sheet_map_is_all_open_and_keeps_the_counters(qtbot):
    dialog = NewMapDialog(small_module())
    qtbot.addWidget(dialog)
    dialog.title.setText("Bulge North")
    dialog.sheets.setText("c, d")
    dialog.columns.setValue(12)
    dialog.first_row.setValue(1)
    dialog.last_row.setValue(20)
    dialog.accept()
    module = dialog.module
    m = module.map
    assert (m.id, m.title) == ("bulge-north", "Bulge North")
    assert m.numbering.sheets == ("C", "D") and m.numbering.size == 24 * 20
    assert m.hex_id(m.parse("D12.20")) == "D12.20" and m.terrain(m.parse("C1.01")) == {"open"}
    assert set(module.counters) == set(small_module().counters) and not module.scenarios


def test_impossible_numbering_is_explained_and_nothing_is_made(qtbot):
    dialog = NewMapDialog(small_module())
    qtbot.addWidget(dialog)
    dialog.sheets.setText("A,A")
    dialog.accept()
    assert dialog.module is None and "each once" in dialog.problem.text()
    dialog.sheets.setText("A")
    dialog.first_row.setValue(30)
    dialog.last_row.setValue(10)
    dialog.accept()
    assert dialog.module is None and "last row" in dialog.problem.text()


def test_a_map_numbered_by_column_and_row_is_made_saved_and_read_back(qtbot, tmp_path):
    from ardennes_qt.store.editorfile import read_module, write_module
    from ardennes_qt.store.maptext import format_map, parse_map

    dialog = NewMapDialog(small_module())
    qtbot.addWidget(dialog)
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("xxyy"))
    dialog.columns.setValue(32)
    dialog.last_row.setValue(24)
    dialog.accept()
    m = dialog.module.map
    assert m.numbering.size == 32 * 24 and m.numbering.to_text() == "xxyy columns=32 rows=1-24"
    assert m.hex_id(m.parse("3201")) == "3201"
    assert m.parse("0101").neighbour(Direction.S) == m.parse("0102")  # row 02 lies south of row 01
    m.places[m.parse("1512")] = Place("Ciney", 2)
    assert parse_map(format_map(m)) == m
    write_module(tmp_path / "vv.ardmod", dialog.module)
    assert read_module(tmp_path / "vv.ardmod").map == m


def test_an_asl_board_is_numbered_by_hexrow_and_its_corners_are_shown(qtbot, tmp_path):
    from ardennes_qt.store.editorfile import read_module, write_module
    from ardennes_qt.store.maptext import format_map, parse_map

    dialog = NewMapDialog(small_module())
    qtbot.addWidget(dialog)
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("asl"))
    assert dialog.form.labelForField(dialog.sheets).text() == "Board"
    dialog.sheets.setText("St")
    dialog.columns.setValue(46)
    dialog.last_row.setValue(57)
    assert dialog.corners.text() == ("top left StA1, top right StTT0, bottom left StA57, bottom right StTT56; "
                                     "2622 hexes; hexrows A-TT")
    dialog.accept()
    m = dialog.module.map
    assert m.numbering.to_text() == "asl board=St hexrows=46 rows=1-57"
    assert m.parse("StHH47").distance(m.parse("StII48")) == 1  # touching, as the KGP crest line runs
    m.places[m.parse("StAA15")] = Place("St. Edouard", 0)
    assert parse_map(format_map(m)) == m
    write_module(tmp_path / "kgp.ardmod", dialog.module)
    assert read_module(tmp_path / "kgp.ardmod").map == m


def test_the_alternate_grain_is_a_choice_and_a_bad_board_is_refused(qtbot):
    dialog = NewMapDialog(small_module())
    qtbot.addWidget(dialog)
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("asl"))
    dialog.grain.setCurrentIndex(dialog.grain.findData("alternate"))
    assert dialog.corners.text().startswith("top left A1, top right GG1,")
    dialog.sheets.setText("St Edouard")
    dialog.accept()
    assert dialog.module is None and "four letters or digits" in dialog.problem.text()
