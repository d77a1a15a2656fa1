"""What a printed sheet is made of, independent of any PDF library.

Game modules build a `SheetDocument` out of simple items placed in
millimetres (origin at the top-left corner of the content box, y downwards).
`pdf.render` turns it into a PDF; tests can inspect the geometry directly.
Art shared by every page lives in named forms, drawn once per document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from sheetgen.errors import InvalidArgument
from sheetgen.names import check_all


PT = 25.4 / 72  # millimetres per point


def baseline(cy: float, size_pt: float) -> float:
    """Baseline that centres digits/capitals of `size_pt` on `cy`."""
    return cy + size_pt * PT * 0.36


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def overlaps(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        return (self.x < other.right - tolerance and other.x < self.right - tolerance
                and self.y < other.bottom - tolerance and other.y < self.bottom - tolerance)

    def inside(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        return (self.x >= other.x - tolerance and self.y >= other.y - tolerance
                and self.right <= other.right + tolerance and self.bottom <= other.bottom + tolerance)


@dataclass(frozen=True)
class Box:
    """A rectangle. `fill`/`stroke` are colour roles (see pdf.PALETTES); writable marks a pen box."""

    rect: Rect
    fill: Optional[str] = None
    stroke: Optional[str] = "ink"
    width: float = 0.8
    radius: float = 0.0
    writable: bool = False


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline point given by `align`."""

    x: float
    y: float
    text: str
    size: float
    role: str = "ink"
    bold: bool = False
    align: str = "left"
    max_width: Optional[float] = None  # mm; the renderer shrinks the font to fit


@dataclass(frozen=True)
class Para:
    """Text wrapped to fit `rect`, shrunk if needed, centred vertically."""

    rect: Rect
    text: str
    size: float
    role: str = "ink"
    bold: bool = False
    align: str = "center"
    min_size: float = 5.0


@dataclass(frozen=True)
class Icon:
    """A vector symbol (see icons.py) centred at (cx, cy), `size` mm across."""

    kind: str
    cx: float
    cy: float
    size: float


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.5
    role: str = "ink"


@dataclass(frozen=True)
class Polygon:
    """A closed shape through `points` ((x, y) in mm), e.g. a map hex."""

    points: tuple
    fill: Optional[str] = None
    stroke: Optional[str] = "ink"
    width: float = 0.5


@dataclass(frozen=True)
class FormField:
    """A form field over (part of) a writable box, drawn only on a fillable sheet.

    `name` is the sheet's own stable name for it (see the sheet's form module);
    the renderer files it under the page it is on. `kind` is "text", "number",
    "check" or "choice" (one of `choices`, or empty). `value` fills it in (a
    string, or True for a check); empty, it prints nothing at all.
    """

    rect: Rect
    name: str
    kind: str
    choices: tuple = ()
    value: Any = None
    label: str = ""  # what the box is for, in words (a viewer's tooltip)
    size: float = 9.0  # font size, pt
    bold: bool = False
    align: str = "center"


FIELD_KINDS = ("text", "number", "check", "choice")
FIELD_PAD = 1.5  # points between a form field's edge and its text

Item = Union[Box, Text, Para, Icon, Line, Polygon, FormField]


@dataclass(frozen=True)
class Page:
    form: Optional[str]
    items: tuple = ()


@dataclass
class SheetDocument:
    title: str
    subject: str
    width: float  # content box, mm
    height: float
    forms: dict = field(default_factory=dict)  # name -> tuple of items
    pages: list = field(default_factory=list)
    footer: str = ""
    form_id: str = ""  # fillable: "game.part"; page N's fields are named "game.part.pN.NAME"


@dataclass(frozen=True)
class SheetRequest:
    """What the user asked for: one sheet per player name slot, `copies` times."""

    players: int
    names: tuple
    copies: int = 1
    paper: str = "letter"
    ink: str = "color"
    backs: bool = False  # card sheets: follow each front page with its mirrored back page
    fillable: bool = False  # add form fields over the writable boxes
    values: tuple = ()  # fillable: per page, {field name: value} to fill in

    @property
    def sheet_names(self) -> list:
        """One name (or '') per page, in print order."""
        slots = list(self.names) + [""] * (self.players - len(self.names))
        return slots * self.copies


def plan_players(players: Optional[int], names: Optional[Sequence[str]], allowed: tuple, title: str) -> tuple:
    """Resolve a player count and names into (player count, names), or raise InvalidArgument."""
    low, high = allowed
    parsed: list = []
    if names is not None:
        parsed = check_all(names)
    count = players if players is not None else (len(parsed) or high)
    if not isinstance(count, int) or not low <= count <= high:
        argument = "players" if players is not None else "names"
        raise InvalidArgument(argument, f"{title} is for {low}-{high} players, not {count}"
                                        f"{'; use --copies for more sheets' if count > high else ''}")
    if len(parsed) > count:
        raise InvalidArgument("names", f"{len(parsed)} names for {count} players")
    return count, tuple(parsed)

