"""The backdrop: scans of any size open safely (or are refused with a reason), three
clicked hex centres calibrate it to the grid, opacity fades it, all undoable."""

import struct
import zlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from editor.backdrop_item import LARGEST_SIDE, BackdropError, read_image
from tests.editor.mouse import at_hex, click


def scan(path, width=900, height=600):
    image = QImage(width, height, QImage.Format_RGB32)
    image.fill(QColor("#e8dcc0"))
    painter = QPainter(image)
    painter.fillRect(100, 100, 50, 50, Qt.darkGreen)
    painter.end()
    assert image.save(str(path))
    return path


def test_a_scan_is_imported_shown_and_faded_with_undo(editor, tmp_path):
    assert editor.map_panel.import_file(str(scan(tmp_path / "scan.png")))
    b = editor.document.module.backdrop["backdrop"]
    assert (b.name, b.width, b.height, b.calibration) == ("scan.png", 900, 600, ())
    assert editor.canvas.backdrop.isVisible()
    assert "not calibrated" in editor.map_panel.backdrop_state.text()
    editor.map_panel.opacity.setValue(20)
    editor.map_panel.opacity.setValue(30)
    assert editor.document.module.backdrop["backdrop"].opacity == 0.3
    assert editor.canvas.backdrop.opacity() == 0.3
    editor.document.undo_stack.undo()  # the slider's moves are one entry
    assert editor.document.module.backdrop["backdrop"].opacity == 0.5
    editor.document.undo_stack.undo()
    assert not editor.document.module.backdrop and not editor.canvas.backdrop.isVisible()


def test_three_clicked_hex_centres_calibrate_the_scan(editor, tmp_path):
    editor.map_panel.import_file(str(scan(tmp_path / "scan.png")))
    editor.choose_tool("calibrate")
    for row, hex_id in enumerate(("A1.01", "A5.01", "A3.05")):
        click(editor, at_hex(editor, hex_id))
        editor.tool_options.calibration_rows[row][1].textEdited.emit(hex_id)
    assert all(editor.toolbox.settings.calibration)
    editor.apply_calibration()
    b = editor.document.module.backdrop["backdrop"]
    assert [h for _, _, h in b.calibration] == ["A1.01", "A5.01", "A3.05"]
    assert "calibrated" in editor.map_panel.backdrop_state.text() and "not" not in editor.map_panel.backdrop_state.text()
    # Each clicked pixel now lies on its hex centre.
    item = editor.canvas.backdrop
    for px, py, hex_id in b.calibration:
        x, y = item.image_point(*editor.canvas.terrain.layout.centre(editor.document.module.map.parse(hex_id)))
        assert abs(x - px) < 1e-6 and abs(y - py) < 1e-6


def test_three_points_on_a_line_do_not_calibrate(editor, tmp_path):
    editor.map_panel.import_file(str(scan(tmp_path / "scan.png")))
    editor.choose_tool("calibrate")
    for row, hex_id in enumerate(("A1.01", "A2.01", "A3.01")):
        click(editor, at_hex(editor, hex_id))
        editor.tool_options.calibration_rows[row][1].textEdited.emit(hex_id)
    editor.toolbox.change(calibration_hexes=["A1.01", "A1.03", "A1.05"])
    editor.toolbox.change(calibration=[(10.0, 10.0), (10.0, 50.0), (10.0, 90.0)])
    editor.apply_calibration()
    assert "lie on one line" in editor.statusBar().currentMessage()
    assert editor.document.module.backdrop["backdrop"].calibration == ()


def test_a_big_scan_is_decoded_small(tmp_path):
    path = tmp_path / "big.png"
    image = QImage(LARGEST_SIDE + 2000, 1500, QImage.Format_Grayscale8)
    image.fill(200)
    image.save(str(path))
    decoded, size = read_image(path.read_bytes())
    assert (size.width(), size.height()) == (LARGEST_SIDE + 2000, 1500)
    assert max(decoded.width(), decoded.height()) == LARGEST_SIDE


def test_a_picture_that_claims_to_be_enormous_is_refused(editor, tmp_path):
    header = struct.pack(">IIBBBBB", 200_000, 200_000, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + header
    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(header)) + chunk + struct.pack(">I", zlib.crc32(chunk))
    path = tmp_path / "huge.png"
    path.write_bytes(png + b"\x00" * 100)
    assert not editor.map_panel.import_file(str(path))
    assert not editor.document.module.backdrop
    assert "cannot be the backdrop" in editor.message_box.text()
    editor.message_box.close()
    try:
        read_image(b"plain text")
    except BackdropError as exc:
        assert "PNG or JPEG" in str(exc)
    else:
        raise AssertionError("text was read as a picture")
