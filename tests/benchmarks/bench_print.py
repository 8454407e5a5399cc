"""Timed runs of the setup sheet in PDF, against a limit measured in the same run.

    python tests/benchmarks/bench_print.py

- the 7.1 campaign's sheet written as a PDF, broken down into the model, the page plan
  and the painting of every page, with its pages and its size in bytes;
- the same sheet printed as plain text: Qt printing the sheet's text with
  QTextDocument.print() to a PDF of the same paper, the cheapest PDF of the same words,
  without tables or a map;
- the PDF's time as a multiple of the text's, against the limit RATIO_LIMIT: the goal of
  0.5 s over the 0.065 s the plain text took when it was set, so the limit scales with
  the machine and its load as the text's time does.

Wall-clock and processor times are both printed: on a busy machine the processor time
says what the work costs.  It asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SCENARIO = "ardennes2/7.1"
RUNS = 5
RATIO_LIMIT = 7.7  # 0.5 s over the 0.065 s of the plain text


def timed(function) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return time.perf_counter() - wall, time.process_time() - cpu


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    from PySide6.QtGui import QGuiApplication, QPdfWriter, QTextDocument

    app = QGuiApplication([sys.argv[0]])  # noqa: F841 - fonts need it
    from ardennes_qt.engine.setup_sheet import setup_sheet
    from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
    from ardennes_qt.store.library import load_content
    from ardennes_qt.ui.printing import export_setup_pdf
    from ardennes_qt.ui.printing.page_setup import page_layout
    from ardennes_qt.ui.printing.pdf_export import RESOLUTION
    from ardennes_qt.ui.printing.sheet_pages import SheetPages

    content = load_content(SCENARIO)
    layout = page_layout("A4", "portrait")
    folder = Path(tempfile.mkdtemp(prefix="bench-print-"))
    pdf = folder / "sheet.pdf"

    export_setup_pdf(content, pdf)  # not timed: the first loads the fonts and Qt's PDF machinery
    whole = median([timed(lambda: export_setup_pdf(content, pdf)) for _ in range(RUNS)])
    sheet = setup_sheet(content)
    model = median([timed(lambda: setup_sheet(content)) for _ in range(RUNS)])
    plans = []
    plan = median([timed(lambda: plans.append(SheetPages(content, sheet, layout))) for _ in range(RUNS)])

    def paint() -> None:
        writer = QPdfWriter(str(folder / "painted.pdf"))
        writer.setResolution(RESOLUTION)
        writer.setPageLayout(layout)
        plans[-1].paint(writer)

    painted = median([timed(paint) for _ in range(RUNS)])

    text = setup_sheet_text(sheet)

    def plain() -> None:
        writer = QPdfWriter(str(folder / "plain.pdf"))
        writer.setResolution(RESOLUTION)
        writer.setPageLayout(layout)
        doc = QTextDocument()
        doc.setPlainText(text)
        doc.print_(writer)

    reference = median([timed(plain) for _ in range(3 * RUNS)])  # short: more runs to steady it

    pages = len(plans[-1].pages)
    size = pdf.stat().st_size
    ratio_wall, ratio_cpu = whole[0] / reference[0], whole[1] / reference[1]
    print(f"Setup sheet of {SCENARIO} in PDF, A4 portrait, median of {RUNS} runs")
    print(f"  PDF                 {whole[0]:6.2f} s wall  {whole[1]:6.2f} s processor")
    print(f"    the model         {model[0]:6.2f} s wall  {model[1]:6.2f} s processor")
    print(f"    the page plan     {plan[0]:6.2f} s wall  {plan[1]:6.2f} s processor")
    print(f"    painting pages    {painted[0]:6.2f} s wall  {painted[1]:6.2f} s processor")
    print(f"  plain text          {reference[0]:6.2f} s wall  {reference[1]:6.2f} s processor"
          "   (QTextDocument.print() of the sheet's text)")
    print(f"  ratio PDF / text    {ratio_wall:6.1f}x wall  {ratio_cpu:6.1f}x processor"
          f"   limit {RATIO_LIMIT:.1f}x: {'within' if ratio_cpu <= RATIO_LIMIT else 'over'} (processor)")
    print(f"  file                {size:,} bytes ({size / 1e6:.2f} MB), {pages} pages ({len(plans[-1].tiles)} map tiles)")


if __name__ == "__main__":
    main()
