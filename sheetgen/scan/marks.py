"""The scan marks a Rolled West board prints, and the QR code's payload.

A board carries an ArUco marker in each corner of its content box (ids 0-3
on Letter, 4-7 on A4: top left, top right, bottom left, bottom right) and a
QR code whose text says what the page is:

    SHEETGEN:1:ROLLED-WEST:BOARD:LETTER:C:L1A2B3C4D:DA1B2C3D4:P3

version 1 of the payload, game, part, paper, ink (C colour, L low), the
layout's hash, the rule data's hash and the page number. Upper case only, so
the QR code uses its compact alphanumeric mode. Sizes come from the layout's
`scan:` block; the marks print in pure black (the "ink" role).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from hashlib import sha256
from typing import Optional

from sheetgen.scan.aruco import BITS
from sheetgen.sheet import Box, Page, Rect

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


def layout_hash(layout: dict) -> str:
    return sha256(json.dumps(layout, sort_keys=True).encode()).hexdigest()[:8].upper()


def data_hash(rules) -> str:
    return str(rules.digest[:8]).upper()


def marker_rects(layout: dict) -> list:
    """(marker id offset 0-3, Rect in content mm) for the four corner markers."""
    spec, width = layout["scan"], layout["content"]["width"]
    side = spec["marker"]
    tally = layout["tally"]["top"] + layout["heading_height"] + spec["foot"]
    return [(0, Rect(0, 0, side, side)), (1, Rect(width - side, 0, side, side)),
            (2, Rect(0, tally, side, side)), (3, Rect(width - side, tally, side, side))]


def qr_rect(layout: dict, modules: int) -> Rect:
    spec = layout["scan"]
    side = modules * spec["qr_module"]
    return Rect(spec["qr_x"], 0, side, side)


def marker_items(layout: dict, paper: str) -> list:
    """The four markers: a black square, its white cells (a run of them in a row) on top."""
    items: list = []
    for offset, rect in marker_rects(layout):
        cell = rect.w / 6
        items.append(Box(rect, fill="ink", stroke=None))
        inverse = ["".join("0" if bit == "1" else "1" for bit in row) for row in BITS[FIRST_ID[paper] + offset]]
        items += _runs(inverse, rect.x + cell, rect.y + cell, cell, "paper")
    return items


def qr_matrix(text: str) -> list:
    """The QR code for `text` as rows of "0" (dark) and "1" (light), by reportlab's encoder."""
    from reportlab.graphics.barcode import qrencoder  # only the commands that draw load reportlab

    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    n = code.getModuleCount()
    return ["".join("0" if code.isDark(r, c) else "1" for c in range(n)) for r in range(n)]


def qr_items(layout: dict, code: PageCode) -> list:
    rows = qr_matrix(code.text())
    rect = qr_rect(layout, len(rows))
    return _runs(rows, rect.x, rect.y, layout["scan"]["qr_module"])


def _runs(rows: list, x: float, y: float, cell: float, fill: str = "ink") -> list:
    """Squares of `fill` covering the "0" cells: each run in a row, grown down over the rows
    below that have the same run (fewer squares, a smaller page)."""
    out = []
    done = [[False] * len(row) for row in rows]
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            if row[c] != "0" or done[r][c]:
                c += 1
                continue
            end = c
            while end < len(row) and row[end] == "0" and not done[r][end]:
                end += 1
            bottom = r + 1
            while bottom < len(rows) and all(rows[bottom][k] == "0" and not done[bottom][k] for k in range(c, end)):
                bottom += 1
            for rr in range(r, bottom):
                for k in range(c, end):
                    done[rr][k] = True
            out.append(Box(Rect(x + c * cell, y + r * cell, (end - c) * cell, (bottom - r) * cell), fill=fill,
                           stroke=None))
            c = end
    return out


def content_origin(layout: dict, paper: str) -> tuple:
    """Where the content box's top left corner sits on the paper, mm (even margins)."""
    width, height = PAPERS[paper]
    return (width - layout["content"]["width"]) / 2, (height - layout["content"]["height"]) / 2


def pages(layout: dict, rules, request, pages: list) -> list:
    """Each page with its QR code added (page numbers from 1, in print order)."""
    out = []
    for number, page in enumerate(pages, 1):
        code = PageCode(rules.game, "board", request.paper, request.ink, layout_hash(layout), data_hash(rules), number)
        out.append(Page(page.backdrop, tuple(page.items) + tuple(qr_items(layout, code))))
    return out
