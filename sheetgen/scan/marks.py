"""The scan marks a Rolled West board prints, and the QR code's payload.

A board carries an ArUco marker in each corner of its content box (ids 0-3
on Letter, 4-7 on A4: top left, top right, bottom left, bottom right) and a
QR code whose text says what the page is, printed twice (at the top, and
smaller in the foot, so one glare hotspot does not hide both):

    SHEETGEN:1:ROLLED-WEST:BOARD:LETTER:C:L1A2B3C4D:DA1B2C3D4:P3

version 1 of the payload, game, part, paper, ink (C colour, L low), the
layout's hash, the rule data's hash and the page number. Upper case only, so
the QR code uses its compact alphanumeric mode (qr.py encodes it, with one fixed
mask pattern). Sizes come from the layout's `scan:` block; the marks print in
pure black (the "ink" role).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from hashlib import sha256
from typing import Any, Optional

from sheetgen import ink
from sheetgen.ruledata import RuleData
from sheetgen.scan import qr
from sheetgen.scan.aruco import BITS
from sheetgen.sheet import Box, Icon, Page, Rect, SheetRequest

VERSION = "1"
PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}  # mm
FIRST_ID = {"letter": 0, "a4": 4}
CORNERS = ("top left", "top right", "bottom left", "bottom right")
INKS = {"color": "C", "low": "L"}


@dataclass(frozen=True)
class PageCode:
    """What a board's QR code says."""

    game: str
    part: str
    paper: str
    ink: str
    layout: str  # 8 hex digits, upper case
    data: str
    page: int

    def text(self) -> str:
        return ":".join(["SHEETGEN", VERSION, self.game.upper(), self.part.upper(), self.paper.upper(),
                         INKS[self.ink], "L" + self.layout, "D" + self.data, f"P{self.page}"])


def parse(text: str) -> Optional[PageCode]:
    """The page a QR code's text names, or None when it is not a sheetgen page code."""
    parts = text.strip().split(":")
    if len(parts) != 9 or parts[0] != "SHEETGEN" or parts[1] != VERSION:
        return None
    _, _, game, part, paper, ink, layout, data, page = parts
    inks = {v: k for k, v in INKS.items()}
    if (paper.lower() not in PAPERS or ink not in inks or not layout.startswith("L") or not data.startswith("D")
            or not page.startswith("P") or not page[1:].isdigit() or len(page) > 6):
        return None
    return PageCode(game.lower(), part.lower(), paper.lower(), inks[ink], layout[1:], data[1:], int(page[1:]))


def layout_hash(layout: dict[str, Any]) -> str:
    return sha256(json.dumps(layout, sort_keys=True).encode()).hexdigest()[:8].upper()


def data_hash(rules: RuleData) -> str:
    return str(rules.digest[:8]).upper()


def marker_rects(layout: dict[str, Any]) -> list[tuple[int, Rect]]:
    """(marker id offset 0-3, Rect in content mm) for the four corner markers."""
    spec, width = layout["scan"], layout["content"]["width"]
    side = spec["marker"]
    tally = layout["tally"]["top"] + layout["heading_height"] + spec["foot"]
    return [(0, Rect(0, 0, side, side)), (1, Rect(width - side, 0, side, side)),
            (2, Rect(0, tally, side, side)), (3, Rect(width - side, tally, side, side))]


def qr_rect(layout: dict[str, Any], modules: int) -> Rect:
    spec = layout["scan"]
    side = modules * spec["qr_module"]
    return Rect(spec["qr_x"], 0, side, side)


def foot_qr_rect(layout: dict[str, Any]) -> Rect:
    """The second copy of the page code, in the foot (content mm): the same side whatever its size
    (its modules smaller on a page whose code is larger)."""
    spec = layout["scan"]["foot_qr"]
    return Rect(spec["x"], layout["tally"]["top"] + layout["heading_height"] + spec["below"], spec["side"],
                spec["side"])


def qr_rects(layout: dict[str, Any], modules: int) -> tuple[tuple[Rect, float], ...]:
    """Where the page code is printed, first the top then the foot: (Rect content mm, module mm)."""
    foot = foot_qr_rect(layout)
    return ((qr_rect(layout, modules), float(layout["scan"]["qr_module"])), (foot, foot.w / modules))


def marker_items(layout: dict[str, Any], paper: str) -> list[Box]:
    """The four markers: a black square, its white cells (a run of them in a row) on top."""
    items: list[Box] = []
    for offset, rect in marker_rects(layout):
        cell = rect.w / 6
        items.append(Box(rect, fill="ink", stroke=None))
        inverse = ["".join("0" if bit == "1" else "1" for bit in row) for row in BITS[FIRST_ID[paper] + offset]]
        x, y = rect.x + cell, rect.y + cell
        items += [Box(Rect(x + c * cell, y + r * cell, w * cell, h * cell), fill="paper", stroke=None)
                  for c, r, w, h in _runs(inverse)]
    return items


def qr_matrix(text: str) -> list[str]:
    """The QR code for `text` as rows of "0" (dark) and "1" (light) (see qr.py)."""
    return qr.matrix(text)


@dataclass(frozen=True)
class QRDrawing:
    """A QR code's painter (sheet.Icon): its dark modules as one filled path of rectangles in ink,
    drawn in module units, so a page's code costs one colour and a few bytes a run of modules."""

    rows: tuple[str, ...]

    def __call__(self, c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
        cell = size / len(self.rows)
        c.transform(cell, 0, 0, -cell, cx - size / 2, cy + size / 2)  # origin top left, rows downwards
        ink.fill(c, palette["ink"])
        # the path written out: whole numbers, and reportlab's path object formats each one slowly
        c.addLiteral("n " + " ".join(f"{col} {row} {w} {h} re" for col, row, w, h in _runs(self.rows)) + " f")


def qr_items(layout: dict[str, Any], code: PageCode) -> list[Icon]:
    """The page's code, twice: at the top and in the foot (one glare hotspot does not hide both)."""
    rows = qr_matrix(code.text())
    drawing = QRDrawing(tuple(rows))
    return [Icon("qr", rect.cx, rect.cy, rect.w, drawing) for rect, _ in qr_rects(layout, len(rows))]


def _runs(rows: Sequence[str]) -> list[tuple[int, int, int, int]]:
    """(column, row, width, height) in cells of rectangles covering the "0" cells: each run in a row,
    grown down over the rows below that have the same run (fewer rectangles, a smaller page)."""
    out = []
    done = [bytearray(len(row)) for row in rows]  # 1: a cell some rectangle covers
    for r, row in enumerate(rows):
        c = row.find("0")
        while c != -1:
            if done[r][c]:
                c = row.find("0", c + 1)
                continue
            end = row.find("1", c)  # the run ends at a light cell or at one a rectangle covers
            if end == -1:
                end = len(row)
            taken = done[r].find(1, c, end)
            if taken != -1:
                end = taken
            width = end - c
            dark, free = "0" * width, bytes(width)
            bottom = r + 1
            while bottom < len(rows) and rows[bottom][c:end] == dark and done[bottom][c:end] == free:
                bottom += 1
            for covered in done[r:bottom]:
                covered[c:end] = b"\x01" * width
            out.append((c, r, width, bottom - r))
            c = row.find("0", end)
    return out


def content_origin(layout: dict[str, Any], paper: str) -> tuple[float, float]:
    """Where the content box's top left corner sits on the paper, mm (even margins)."""
    width, height = PAPERS[paper]
    return (width - layout["content"]["width"]) / 2, (height - layout["content"]["height"]) / 2


def pages(layout: dict[str, Any], rules: RuleData, request: SheetRequest, pages: list[Page]) -> list[Page]:
    """Each page with its QR code added (page numbers from 1, in print order)."""
    out = []
    layout_id, data_id = layout_hash(layout), data_hash(rules)
    for number, page in enumerate(pages, 1):
        code = PageCode(rules.game, "board", request.paper, request.ink, layout_id, data_id, number)
        out.append(Page(page.backdrop, tuple(page.items) + tuple(qr_items(layout, code))))
    return out
