"""The ardennes-qt-editor command line: a screenshot of the shipped Ardennes II, and a
clear message for a file it cannot open."""

from PySide6.QtGui import QImage

from editor.app import main


def test_the_screenshot_shows_the_shipped_map_and_exits(qapp, tmp_path):
    out = tmp_path / "editor.png"
    assert main(["--screenshot", str(out), "--size", "1200x800"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1200, 800)
    # Mostly map colours: the terrain was painted before the picture was taken.
    greens = sum(1 for x in range(300, 900, 20) for y in range(200, 700, 20) if image.pixelColor(x, y).green() > 150)
    assert greens > 300


def test_a_file_that_is_not_a_module_is_refused_with_its_reason(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.ardmod"
    bad.write_text("hello")
    assert main([str(bad), "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "not an SQLite database" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()
