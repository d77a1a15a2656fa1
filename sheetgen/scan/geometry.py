"""Where each box a photo is read at sits on a Rolled West board page (mm from the paper's top left).

Taken from the board's own drawing (board.py with its form, as `--fillable`
draws it): each read form field and the writable box around it. No OpenCV here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sheetgen.scan import marks
from sheetgen.sheet import Box, Rect

# what a box holds, by its kind: the marks a pen makes there (index = class)
CLASSES = {
    "claim": ("empty", "triangle", "circle"),
    "check": ("empty", "marked"),
    "double": ("empty", "high", "low", "crossed"),   # high circled; high crossed + low circled; high crossed alone
    "take": ("empty", "circled", "crossed"),
}


@dataclass(frozen=True)
class Cell:
    field: str   # the form's field name, e.g. claims.woods.3
    kind: str    # a key of CLASSES
    rect: Rect   # the whole writable box, paper mm
    row: str = ""  # claims and shipping: the row (woods, copper)
    position: int = 0


@dataclass(frozen=True)
class PageGeometry:
    paper: str
    layout: dict[str, Any]
    cells: tuple[Cell, ...]   # in the form's tab order
    markers: tuple[tuple[int, Rect], ...]  # (id, Rect paper mm)
    size: tuple[float, float]    # paper (width, height) mm
    codes: tuple[tuple[Rect, float], ...]  # each copy of the page code: (Rect paper mm, module mm), top first
    long_codes: tuple[tuple[Rect, float], ...]  # the same for pages from 100 on (a longer code: 33 modules)


def _shift(rect: Rect, dx: float, dy: float) -> Rect:
    return Rect(rect.x + dx, rect.y + dy, rect.w, rect.h)


@lru_cache(maxsize=4)
def page(paper: str) -> PageGeometry:
    from sheetgen import api, layouts
    from sheetgen.games.rolled_west import board, board_form

    rules = api.game("rolled-west").rules
    layout = layouts.load("rolled-west-board", paper)
    art = board._Board(rules, layout, board_form.form(rules), paper)
    items = art.draw()
    boxes = [item.rect for item in items if isinstance(item, Box) and item.writable]
    dx, dy = marks.content_origin(layout, paper)
    cells = []
    for field in art.fields:
        name = field.name
        top = name.split(".")[0]
        if top not in ("claims", "shipping", "contracts", "offices"):
            continue
        around = min((b for b in boxes if field.rect.inside(b, 0.01)), key=lambda b: b.w * b.h)
        if top == "claims":
            kind = "claim"
        elif top == "shipping":
            kind = "double" if field.kind == "choice" else "check"
        else:
            kind = "take"
        parts = name.split(".")
        row, position = (parts[1], int(parts[2])) if top in ("claims", "shipping") else ("", 0)
        cells.append(Cell(name, kind, _shift(around, dx, dy), row, position))
    ids = [(marks.FIRST_ID[paper] + offset, _shift(rect, dx, dy)) for offset, rect in marks.marker_rects(layout)]

    def codes(number: int) -> tuple[tuple[Rect, float], ...]:
        """Where page `number`'s code is printed (a number of more digits: a code of more modules)."""
        code = marks.PageCode("rolled-west", "board", paper, "color", "0" * 8, "0" * 8, number)
        return tuple((_shift(rect, dx, dy), module)
                     for rect, module in marks.qr_rects(layout, len(marks.qr_matrix(code.text()))))

    return PageGeometry(paper, layout, tuple(cells), tuple(ids), marks.PAPERS[paper], codes(1), codes(100))


def expected_code(paper: str, ink: str, number: int) -> marks.PageCode:
    """The QR code this sheetgen prints on page `number` of a board on `paper` in `ink`."""
    from sheetgen import api

    geometry = page(paper)
    rules = api.game("rolled-west").rules
    return marks.PageCode("rolled-west", "board", paper, ink, marks.layout_hash(geometry.layout),
                          marks.data_hash(rules), number)
