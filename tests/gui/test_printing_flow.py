"""Text flowing into pages of columns: blocks stay whole when they can, a block taller
than a column is cut between lines, short sections are balanced, nothing is lost."""

from PySide6.QtGui import QFont, QTextDocument

from ardennes_qt.ui.printing.text_flow import TextFlow, line_cuts


def block(lines: int, width: float = 200.0) -> QTextDocument:
    doc = QTextDocument()
    font = QFont("DejaVu Sans")
    font.setPixelSize(11)
    doc.setDefaultFont(font)
    doc.setDocumentMargin(0)
    doc.setDefaultStyleSheet("p { margin: 0; }")
    doc.setHtml("".join(f"<p>line {i}</p>" for i in range(lines)))
    doc.setTextWidth(width)
    return doc


def placed_height(flow: TextFlow, doc: QTextDocument) -> float:
    return sum(s.height for page in flow.pages for s in page if s.doc is doc)


def test_blocks_fill_columns_then_pages_and_keep_whole(qapp):
    flow = TextFlow(width=420, height=300, gap=20)
    blocks = [block(6) for _ in range(12)]
    flow.add_section("Set-up", None, blocks, columns=2)
    assert len(flow.pages) > 1
    for doc in blocks:
        pieces = [s for page in flow.pages for s in page if s.doc is doc]
        assert len(pieces) == 1 and pieces[0].height == doc.size().height()
    for page in flow.pages:
        assert all(s.y + s.height <= 300 + 0.01 for s in page)
        assert {s.x for s in page} <= {0.0, 220.0}
    assert flow.names == ["Set-up"] * len(flow.pages)


def test_a_block_taller_than_a_column_is_cut_between_lines(qapp):
    flow = TextFlow(width=200, height=150, gap=10)
    tall = block(40)
    flow.add_section("Notes", None, [tall], columns=1)
    pieces = [s for page in flow.pages for s in page]
    assert len(pieces) > 2
    assert abs(placed_height(flow, tall) - tall.size().height()) < 0.01
    cuts = set(line_cuts(tall))
    assert all(round(p.top + p.height, 2) in cuts for p in pieces[:-1])
    assert all(p.height <= 150 for p in pieces)


def test_a_short_section_is_balanced_over_its_columns(qapp):
    flow = TextFlow(width=420, height=800, gap=20)
    flow.add_section("Rules", None, [block(3) for _ in range(6)], columns=2)
    left = [s for s in flow.pages[0] if s.x == 0]
    right = [s for s in flow.pages[0] if s.x > 0]
    assert len(left) == len(right) == 3


def test_a_heading_is_kept_with_its_first_block(qapp):
    flow = TextFlow(width=200, height=200, gap=10)
    flow.add_section("One", None, [block(10)], columns=1)
    heading = block(1)
    flow.add_section("Two", heading, [block(8)], columns=1)
    page_of_heading = next(i for i, page in enumerate(flow.pages) if any(s.doc is heading for s in page))
    assert page_of_heading == 1 and flow.names == ["One", "Two"]
