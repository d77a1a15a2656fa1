"""The scan marks every Rolled West board prints (no OpenCV needed to print them)."""

from __future__ import annotations


import pytest

import sheetgen
from sheetgen import layouts
from sheetgen.games.rolled_west import board, board_form
from sheetgen.scan import marks
from sheetgen.scan.aruco import BITS
from sheetgen.sheet import Box, Para, Rect, SheetRequest, Text


def test_a_page_code_reads_back_and_junk_is_not_one():
    code = marks.PageCode("rolled-west", "board", "a4", "low", "0123ABCD", "89ABCDEF", 12)
    assert code.text() == "SHEETGEN:1:ROLLED-WEST:BOARD:A4:L:L0123ABCD:D89ABCDEF:P12"
    assert marks.parse(code.text()) == code
    for junk in ("", "hello", "SHEETGEN:2:ROLLED-WEST:BOARD:A4:L:L0123ABCD:D89ABCDEF:P12",
                 "SHEETGEN:1:ROLLED-WEST:BOARD:A5:L:L0123ABCD:D89ABCDEF:P12",
                 "SHEETGEN:1:ROLLED-WEST:BOARD:A4:L:L0123ABCD:D89ABCDEF:PX", code.text() + ":EXTRA"):
        assert marks.parse(junk) is None, junk


def test_the_marker_table_is_the_four_by_four_dictionary_shape():
    assert sorted(BITS) == list(range(8))
    patterns = {rows for rows in BITS.values()}
    assert len(patterns) == 8 and all(len(r) == 4 and set("".join(r)) <= {"0", "1"} for r in patterns)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("fillable", [False, True])
def test_marks_sit_on_bare_paper_clear_of_everything_a_player_reads_or_writes(paper, fillable):
    rules = sheetgen.game("rolled-west").rules
    layout = layouts.load("rolled-west-board", paper)
    art = board._Board(rules, layout, board_form.form(rules) if fillable else None, paper)
    items = art.draw()
    quiet = layout["scan"]["quiet"]
    modules = len(marks.qr_matrix(marks.PageCode("rolled-west", "board", paper, "color", "0" * 8, "0" * 8,
                                                 4000).text()))
    zones = [rect for _, rect in marks.marker_rects(layout)] + [marks.qr_rect(layout, modules)]
    ours = set(marks.marker_items(layout, paper))
    assert ours <= set(items)
    drawn = [item for item in items if item not in ours]
    for zone in zones:
        around = Rect(zone.x - quiet, zone.y - quiet, zone.w + 2 * quiet, zone.h + 2 * quiet)
        for item in drawn:
            if isinstance(item, (Box, Para)):
                assert not item.rect.overlaps(around), (zone, item)
            elif isinstance(item, Text):  # its box, roughly: a line of text at its size
                from sheetgen.pdf import text_width

                w = text_width(item.text, item.size, item.bold)
                x = item.x - (w if item.align == "right" else w / 2 if item.align == "center" else 0)
                text_box = Rect(x, item.y - item.size * 0.2646, w, item.size * 0.3528)
                assert not text_box.overlaps(around), (zone, item.text)
        for field in art.fields:
            assert not field.rect.overlaps(around), (zone, field.name)
        # at least 5 mm inside the paper's edge
        dx, dy = marks.content_origin(layout, paper)
        width, height = marks.PAPERS[paper]
        assert zone.x + dx >= 5 and zone.y + dy >= 5 and zone.right + dx <= width - 5
        assert zone.bottom + dy <= height - 5
    assert all(rect.w >= 10 for _, rect in marks.marker_rects(layout))


def test_every_page_carries_its_own_qr_code_in_pure_black():
    rules = sheetgen.game("rolled-west").rules
    doc = board.build(rules, SheetRequest(players=3, names=(), paper="letter", ink="low"))
    codes = []
    for number, page in enumerate(doc.pages, 1):
        squares = [item for item in page.items if isinstance(item, Box)]
        assert squares and all(b.fill == "ink" and b.stroke is None for b in squares)
        codes.append(len(squares))
    assert len(doc.pages) == 3
    marker_squares = [item for item in doc.backdrops[board.BACKDROP] if isinstance(item, Box) and item.fill == "ink"
                      and item.stroke is None]
    assert len(marker_squares) == 4  # one black square a marker; its white cells on top
