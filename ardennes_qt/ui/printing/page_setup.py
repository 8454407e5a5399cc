"""Paper and orientation: the page layouts a setup sheet prints on, and the measures
every page shares (margins, header and footer bands)."""

from __future__ import annotations

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize

PAPERS = {"A4": QPageSize.A4, "Letter": QPageSize.Letter}
ORIENTATIONS = {"portrait": QPageLayout.Portrait, "landscape": QPageLayout.Landscape}
MARGIN_MM = 12.0
HEADER_MM = 9.0  # the running head and its rule, above the body
FOOTER_MM = 7.0  # page number and the estimated-value reminder, below the body
COLUMN_MIN_MM = 86.0  # narrower than this, a set-up table's columns crowd each other
COLUMN_GAP_MM = 6.0
DOC_DPI = 96.0  # the text documents lay out in pixels of 1/96 inch


def page_layout(paper: str = "A4", orientation: str = "portrait") -> QPageLayout:
    if paper not in PAPERS:
        raise ValueError(f"paper '{paper}' is not one of {', '.join(PAPERS)}")
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation '{orientation}' is not one of {', '.join(ORIENTATIONS)}")
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(QPageSize(PAPERS[paper]), ORIENTATIONS[orientation], margins, QPageLayout.Millimeter)


def mm_to_doc(mm: float) -> float:
    return mm / 25.4 * DOC_DPI
