"""The setup sheet as a PDF: every shipped scenario's opens, lists every unit at its hex
as searchable text, carries its estimated marks, embeds its fonts, comes in A4 and
Letter both ways, renders to pictures, and is written whole or not at all."""

import re
import shutil
import subprocess

import pytest
from PySide6.QtGui import QImage

from ardennes_qt.engine.setup_sheet import MARK, own_values
from ardennes_qt.store.library import list_scenarios, load_content
from ardennes_qt.ui.printing import export_setup_pdf
from ardennes_qt.ui.printing import sheet_pages

SCENARIOS = [key for key, _ in list_scenarios()]
POINTS = {("A4", "portrait"): (595, 842), ("A4", "landscape"): (842, 595),
          ("Letter", "portrait"): (612, 792), ("Letter", "landscape"): (792, 612)}

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")


def run(*command: str) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True, timeout=120).stdout


def page_count(pdf) -> int:
    return int(re.search(r"^Pages:\s+(\d+)", run("pdfinfo", str(pdf)), re.M).group(1))


@pytest.fixture(scope="module")
def pdfs(qapp, tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    return {key: export_setup_pdf(load_content(key), folder / f"{key.replace('/', '-')}.pdf") for key in SCENARIOS}


@pytest.mark.parametrize("key", SCENARIOS)
def test_the_pdf_lists_every_unit_at_its_hex(pdfs, key):
    content = load_content(key)
    text = run("pdftotext", "-layout", str(pdfs[key]), "-")
    assert content.scenario.title in text
    missing = []
    for p in content.scenario.placements:
        counter = content.counter(p.counter)
        at = content.map.hex_id(p.hex)
        place = f"w/i {p.within} {at}" if p.within else at
        values, unit_type, designation, fields = printed(content, counter)
        mark = "≈" if set(fields) & set(counter.estimated_fields()) else ""  # values no document prints (1994: all)
        row = rf"{re.escape(place)}\s+{mark}{re.escape(values)}\s+{re.escape(unit_type)}\s+" \
              rf"{re.escape(designation)}(\s|$)"
        if not re.search(row, text, re.M):
            missing.append(f"{place} {values} {unit_type} {designation}")
    assert not missing


def printed(content, counter) -> tuple[str, str, str, tuple[str, ...]]:
    """A counter's values, type words and designation as the sheet prints them, and the value fields
    shown: the SCS counter's full side, a game's own values (Ardennes 1944), or none (Kampfgruppe
    Peiper's generic counters, named as printed)."""
    own = own_values(content, counter)
    if own is None and counter.full is None:  # a counter that prints no values (KGP's generic ones)
        return "", counter.unit_type, counter.designation or counter.printed_name, ()
    if own is None:
        return str(counter.full), counter.unit_type, counter.designation, ("full",)
    return str(own), counter.unit_type or own.symbol, counter.designation or own.designation, own.fields


@pytest.mark.parametrize("key", SCENARIOS)
def test_the_pdf_names_every_arriving_unit(pdfs, key):
    content = load_content(key)
    text = " ".join(run("pdftotext", str(pdfs[key]), "-").split())
    for arrival in content.scenario.arrivals:
        for counter_id in arrival.counters:
            values, unit_type, designation, _ = printed(content, content.counter(counter_id))
            assert f"{values} {unit_type} (" in text
    assert all(f"Turn {a.turn}" in text for a in content.scenario.arrivals)


def test_estimated_values_carry_their_mark_in_print(pdfs):
    text = run("pdftotext", "-layout", str(pdfs["ardennes2/7.3"]), "-")
    assert len(re.findall(rf"Step Loss: {MARK}\d+-\d+-\d+", text)) == 5
    assert f"{MARK} marks an estimated value" in text  # every page's foot
    assert "Estimated values" in text and "reduced side" in text
    assert "representative map, not the published one" in text


def test_fonts_are_embedded_and_pages_are_numbered(pdfs):
    pdf = pdfs["ardennes2/7.1"]
    fonts = run("pdffonts", str(pdf)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts)  # the "emb" column
    pages = page_count(pdf)
    text = run("pdftotext", "-layout", str(pdf), "-")
    assert f"Page 1 of {pages}" in text and f"Page {pages} of {pages}" in text


def caption(pdf, page: int) -> str:
    """The words of a page's first line under the running head (12 mm margin, 9 mm head)."""
    return " ".join(run("pdftotext", "-f", str(page), "-l", str(page), "-x", "0", "-y", "57", "-W", "595",
                        "-H", "13", str(pdf), "-").split())


def test_the_map_excerpt_has_an_overview_and_the_tiles_that_hold_counters(pdfs):
    pdf = pdfs["ardennes2/7.4"]
    captions = [caption(pdf, page) for page in range(1, page_count(pdf) + 1)]
    overview = [re.search(r"Map excerpt: the play area, with the (\d+) detail pages", c) for c in captions]
    tiles = [c for c in captions if re.search(r"Map excerpt( \S+)? \d+ of", c)]
    counts = [int(m.group(1)) for m in overview if m]
    assert counts == [3] and len(tiles) == 3


@pytest.mark.parametrize("paper, orientation", list(POINTS))
def test_paper_sizes_and_orientations(qapp, tmp_path, paper, orientation):
    pdf = export_setup_pdf(load_content("ardennes2/7.5"), tmp_path / "sheet.pdf", paper, orientation)
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", run("pdfinfo", str(pdf)))
    assert (round(float(size.group(1))), round(float(size.group(2)))) == POINTS[(paper, orientation)]


def test_pdftoppm_renders_text_and_map_pages(pdfs, tmp_path):
    pdf = pdfs["ardennes2/7.4"]
    pages = page_count(pdf)
    run("pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "page"))
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == pages
    colours = []
    for path in images:
        image = QImage(str(path))
        colours.append(len({image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}))
    first_map = next(i for i, line in enumerate(run("pdftotext", "-layout", str(pdf), "-").split("\f"))
                     if "Map excerpt" in line)
    assert colours[0] > 20  # text, rules, colour swatches
    assert colours[first_map] > 500  # terrain, counters


@pytest.mark.parametrize("key", SCENARIOS)
def test_poppler_reads_every_page_without_a_complaint(pdfs, key, tmp_path):
    result = subprocess.run(["pdftoppm", "-r", "12", "-png", str(pdfs[key]), str(tmp_path / "page")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert result.stderr == ""  # e.g. "Syntax Error: No current point in closepath" for an empty shape


def test_a_pdf_that_cannot_be_written_leaves_the_old_file_and_no_leftovers(qapp, tmp_path, monkeypatch):
    content = load_content("ardennes2/7.5")
    with pytest.raises(OSError):
        export_setup_pdf(content, tmp_path / "no such folder" / "sheet.pdf")
    old = tmp_path / "sheet.pdf"
    old.write_bytes(b"the old sheet")

    def broken(self, device):
        raise OSError("the disk is full")

    monkeypatch.setattr(sheet_pages.SheetPages, "paint", broken)
    with pytest.raises(OSError, match="disk is full"):
        export_setup_pdf(content, old)
    assert old.read_bytes() == b"the old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_unknown_paper_is_refused(qapp, tmp_path):
    with pytest.raises(ValueError, match="A5"):
        export_setup_pdf(load_content("ardennes2/7.5"), tmp_path / "sheet.pdf", "A5")
