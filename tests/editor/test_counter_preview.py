"""The counters tab's preview: the counter picked in the table drawn as on the table, its
full side, its reduced side (with the reduced values) and its DG look, each named."""

from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest

from editor.panels.counter_preview import PREVIEW_PAD, preview_faces, preview_image


def pick(tab, row: int) -> None:
    table = tab.table
    QTest.mouseClick(table.viewport(), Qt.LeftButton, Qt.NoModifier, table.visualRect(table.model().index(row, 0)).center())


def face_images(preview, n: int):
    image = preview.pixmap().toImage()
    side = (image.width() - PREVIEW_PAD * (n + 1)) // n
    return [image.copy(QRect(PREVIEW_PAD + i * (side + PREVIEW_PAD), PREVIEW_PAD, side, side)) for i in range(n)]


def test_the_preview_shows_the_reduced_side_and_the_dg_look(editor):
    editor.show_tab("counters")
    tab = editor.counters_tab
    tab.select_formation("1ID")
    pick(tab, tab.model.ids.index("1ID:A/1"))
    counter = editor.document.module.counters["1ID:A/1"]
    assert tab.counter is counter
    faces = preview_faces(counter, "#3a6b35")
    assert [caption for caption, _ in faces] == ["Full", "Reduced", "DG"]
    assert [face.values for _, face in faces] == ["3-5-10", "1-2-10", "3-5-10"]
    assert faces[1][1].reduced and faces[1][1].estimated  # the reduced side is estimated: marked
    assert faces[2][1].dg and not faces[0][1].dg
    shown = tab.preview.pixmap().toImage()
    drawn = preview_image(counter, "#3a6b35", width=tab.preview.width()).convertToFormat(shown.format())
    assert shown == drawn  # the faces above are what the pane shows
    full, reduced, dg = face_images(tab.preview, 3)
    assert full != reduced and full != dg and reduced != dg  # three different drawings, none blank
    assert not full.isNull() and full.pixelColor(full.width() // 2, full.height() // 2).name() != "#3a3f46"


def test_a_one_step_counter_has_no_reduced_side_to_show(editor):
    editor.show_tab("counters")
    tab = editor.counters_tab
    tab.select_formation("1ID")
    pick(tab, tab.model.ids.index("1ID:DIVARTY"))
    assert [caption for caption, _ in preview_faces(tab.counter, "#3a6b35")] == ["Full", "DG"]
    full, dg = face_images(tab.preview, 2)
    assert full != dg
