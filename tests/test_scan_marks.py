"""The scan marks every Rolled West board prints (no OpenCV needed to print them)."""

from __future__ import annotations

import io
import re

import pytest

import sheetgen
from sheetgen import layouts
from sheetgen.api import SheetOptions
from sheetgen.games.rolled_west import board, board_form
from sheetgen.scan import marks
from sheetgen.scan.aruco import BITS
from sheetgen.sheet import Box, Icon, Para, Rect, SheetRequest, Text


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
    (top, _), (foot, _) = marks.qr_rects(layout, modules)
    zones = [(rect, quiet) for _, rect in marks.marker_rects(layout)] + [(top, quiet),
                                                                        (foot, layout["scan"]["foot_qr"]["quiet"])]
    ours = set(marks.marker_items(layout, paper))
    assert ours <= set(items)
    drawn = [item for item in items if item not in ours]
    for zone, room in zones:
        around = Rect(zone.x - room, zone.y - room, zone.w + 2 * room, zone.h + 2 * room)
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


def test_every_page_carries_its_own_qr_code_twice_in_pure_black():
    """At the top and in the foot, far apart: one glare hotspot does not hide both."""
    rules = sheetgen.game("rolled-west").rules
    layout = layouts.load("rolled-west-board", "letter")
    doc = board.build(rules, SheetRequest(players=3, names=(), paper="letter", ink="low"))
    assert len(doc.pages) == 3
    for number, page in enumerate(doc.pages, 1):
        codes = [item for item in page.items if isinstance(item, Icon) and isinstance(item.painter, marks.QRDrawing)]
        assert len(codes) == 2
        text = marks.PageCode("rolled-west", "board", "letter", "low", marks.layout_hash(layout),
                              marks.data_hash(rules), number).text()
        places = marks.qr_rects(layout, len(codes[0].painter.rows))
        for code, (rect, module) in zip(codes, places):
            assert code.painter.rows == tuple(marks.qr_matrix(text))
            assert (code.cx, code.cy, code.size) == (rect.cx, rect.cy, rect.w)
            assert rect.w == pytest.approx(module * len(code.painter.rows))
        (top, _), (foot, _) = places
        assert foot.y - top.bottom > 200  # mm apart
    marker_squares = [item for item in doc.backdrops[board.BACKDROP] if isinstance(item, Box) and item.fill == "ink"
                      and item.stroke is None]
    assert len(marker_squares) == 4  # one black square a marker; its white cells on top


@pytest.mark.parametrize("ink, colour", [("color", b"0 0 0 1 k"), ("low", b"0 g")])
def test_a_qr_code_is_one_path_in_pure_black_covering_exactly_its_dark_modules(ink, colour):
    from pypdf import PdfReader

    rules = sheetgen.game("rolled-west").rules
    layout = layouts.load("rolled-west-board", "a4")
    pdf = sheetgen.game("rolled-west").sheet("board", SheetOptions(players=2, paper="a4", ink=ink)).pdf
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):
        stream = page.get_contents().get_data()
        paths = list(re.finditer(rb"(?<=\n)q\n1 j\n([\d.]+) 0 0 -([\d.]+) ([\d.]+) ([\d.]+) cm\n(.*?)\nn (.*?) f\nQ\n",
                                 stream, re.S))
        assert len(paths) == 2, stream[:300]  # the code at the top and in the foot
        text = marks.PageCode("rolled-west", "board", "a4", ink, marks.layout_hash(layout), marks.data_hash(rules),
                              number).text()
        rows = marks.qr_matrix(text)
        dx, dy = marks.content_origin(layout, "a4")
        for found, (rect, module_mm) in zip(paths, marks.qr_rects(layout, len(rows))):
            module = module_mm * 72 / 25.4
            assert float(found[1]) == pytest.approx(module, abs=1e-5) and float(found[2]) == float(found[1])
            assert float(found[3]) == pytest.approx((dx + rect.x) * 72 / 25.4, abs=1e-3)
            assert float(found[4]) == pytest.approx((297 - dy - rect.y) * 72 / 25.4, abs=1e-3)
            assert found[5] == colour
            painted = [["1"] * len(rows) for _ in rows]
            numbers = [int(n) for n in found[6].replace(b"re", b"").split()]
            for x, y, w, h in zip(*[iter(numbers)] * 4):
                for r in range(y, y + h):
                    for c in range(x, x + w):
                        assert painted[r][c] == "1", "a module painted twice"
                        painted[r][c] = "0"
            assert ["".join(row) for row in painted] == rows
