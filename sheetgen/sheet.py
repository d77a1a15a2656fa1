"""What a printed sheet is made of, independent of any PDF library.

Game modules build a `SheetDocument` out of simple items placed in
millimetres (origin at the top-left corner of the content box, y downwards).
`pdf.render` turns it into a PDF; tests can inspect the geometry directly.
Art shared by every page lives in named backdrops, drawn once per document.

Text sizes are the layout's, exactly: nothing shrinks to fit. A text that
does not fit its room at its size, or is smaller than MIN_TEXT (a footer:
MIN_FOOTER), is a layout bug the renderer refuses (pdf.LayoutOverflow), to be
fixed by changing the layout or the words. Players' names are the one text a
layout cannot know: `fit_names` sets a row of them at one size, as large as
the room allows and never below MIN_TEXT, breaking a long name onto a second
line where the layout allows, and refuses a name that still does not fit.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

from sheetgen.cardsizes import CARD_SIZES as CARD_SIZES  # card sheets: the sizes offered
from sheetgen.errors import InvalidArgument, check_player_count
from sheetgen.playernames import check_all, check_printable
from sheetgen.typeface import text_width, wrap


PT = 25.4 / 72  # millimetres per point
MIN_TEXT = 6.5   # pt: the smallest text a player reads
MIN_FOOTER = MIN_TEXT  # pt: the footer (version, rule data) is held to the same floor
LEADING = 1.1  # line to line, in sizes, for a name on more than one line


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
    max_width: Optional[float] = None  # mm: its room; wider is a layout bug (never shrunk to fit)
    angle: float = 0.0  # degrees anticlockwise about (x, y): 90 reads upwards, for a margin label
    footer: bool = False  # the footer's fine print: at least MIN_FOOTER instead of MIN_TEXT
    results_key: bool = False  # a results file's key, printed small for whoever copies the sheet across

    @property
    def min_size(self) -> float:
        return MIN_FOOTER if self.footer else MIN_TEXT


@dataclass(frozen=True)
class Para:
    """Text wrapped to the width of `rect` at its size, centred vertically; it must fit the height."""

    rect: Rect
    text: str
    size: float
    role: str = "ink"
    bold: bool = False
    align: str = "center"

    min_size = MIN_TEXT


def para_lines(item: Para) -> list[str]:
    """The lines `item` wraps to at its size."""
    return wrap(item.text, item.size, item.bold, item.rect.w)


# colour role -> what the PDF paints it with (a reportlab colour, an ink.Black or ink.Gray), or None: unpainted
Palette = dict[str, Any]
Painter = Callable[[Any, float, float, float, Palette], None]  # (canvas, cx, cy, size in pt, palette): draws a symbol


@dataclass(frozen=True)
class Icon:
    """A vector symbol centred at (cx, cy), `size` mm across: a core icon by its `kind` (icons.py), or a
    game's own pictogram, which carries its `painter` (games/<game>/pictograms.py)."""

    kind: str
    cx: float
    cy: float
    size: float
    painter: Optional[Painter] = None


def pictograms(painters: dict[str, Painter]) -> Callable[[str, float, float, float], Icon]:
    """A game's `icon(kind, cx, cy, size)`: its own pictogram `kind` (from `painters`), or else the core icon."""
    def icon(kind: str, cx: float, cy: float, size: float) -> Icon:
        return Icon(kind, cx, cy, size, painters.get(kind))

    return icon


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

    points: tuple[tuple[float, float], ...]
    fill: Optional[str] = None
    stroke: Optional[str] = "ink"
    width: float = 0.5


def field_name(*parts: Union[str, int]) -> str:
    """A form field's name: its parts joined by periods (pdfform files each part as a level).

    A form module names its fields with it, e.g. `claim = partial(field_name, "claims")`,
    so the sheet that draws a box and the form that reads it build the name one way."""
    return ".".join(str(part) for part in parts)


@dataclass(frozen=True)
class FormField:
    """A form field over (part of) a writable box, drawn only on a fillable sheet.

    `name` is the sheet's own stable name for it (see the sheet's form module);
    the renderer files it under the page it is on. `kind` is "text", "number",
    "check" or "choice" (one of `choices`, or empty; in the PDF a text field
    taking the word or a start of it, see pdfform.py). `value` fills it in (a
    string, or True for a check); empty, it prints nothing at all.
    """

    rect: Rect
    name: str
    kind: str
    choices: tuple[str, ...] = ()
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
    """A page: the backdrop it places (by name, or none) and, in front of it, its own items."""

    backdrop: Optional[str]
    items: tuple[Item, ...] = ()


@dataclass
class SheetDocument:
    title: str
    subject: str
    width: float  # content box, mm
    height: float
    # name -> tuple of items: art that pages share, drawn once (a PDF form XObject) and placed by each
    backdrops: dict[str, tuple[Item, ...]] = field(default_factory=dict)
    pages: list[Page] = field(default_factory=list)
    footer: str = ""
    form_id: str = ""  # fillable: "game.part"; page N's fields are named "game.part.pN.NAME"


@dataclass(frozen=True)
class SheetRequest:
    """What the user asked for: one sheet per player name slot, `copies` times."""

    players: int
    names: tuple[str, ...]
    copies: int = 1
    paper: str = "letter"
    ink: str = "color"
    backs: bool = False  # card sheets: follow each front page with its mirrored back page
    back_names: bool = False  # card sheets: each back names its card (backs are otherwise all alike)
    fillable: bool = False  # add form fields over the writable boxes
    values: tuple[dict[str, Any], ...] = ()  # fillable: {field name: value} to fill in, per player (a board) or per game page (a pad)
    code: Optional[str] = None  # the setup a sheet is drawn for (parts that take a code)
    count_given: bool = False  # the player count was chosen (-p, --names, a results file), not the default
    card_size: str = CARD_SIZES[0]  # card sheets: one of CARD_SIZES

    @property
    def sheet_names(self) -> list[str]:
        """One name (or '') per page, in print order."""
        slots = list(self.names) + [""] * (self.players - len(self.names))
        return slots * self.copies


def plan_players(players: Optional[int], names: Optional[Sequence[str]], allowed: tuple[int, int],
                 title: str) -> tuple[int, tuple[str, ...]]:
    """Resolve a player count and names into (player count, names), or raise InvalidArgument."""
    low, high = allowed
    parsed: list[str] = []
    if names is not None:
        parsed = check_all(names)
        check_printable(parsed)  # a sheet prints them
    count = players if players is not None else (len(parsed) or high)
    more = isinstance(count, int) and count > high
    check_player_count("players" if players is not None else "names", title, low, high, count,
                       "; use `copies` for more sheets" if more else "", ("copies",) if more else ())
    if len(parsed) > count:
        raise InvalidArgument("names", f"{len(parsed)} names for {count} players")
    return count, tuple(parsed)



def _break_points(name: str) -> list[str]:
    """`name` cut into pieces that may end a line: after each space or hyphen."""
    return [piece for piece in re.findall(r"[^\s-]*-|\S+\s*|\s+", name) if piece]


def name_lines(name: str, room: float, width: Callable[[str], float], max_lines: int = 1) -> Optional[list[str]]:
    """`name` on the fewest lines (at most `max_lines`) each at most `room` mm wide by `width`, or None.

    Lines break after a space or a hyphen; of the breaks with the fewest lines, the one whose widest
    line is narrowest wins (so two lines come out about even).
    """
    if width(name) <= room:
        return [name]
    pieces = _break_points(name)
    for count in range(2, min(max_lines, len(pieces)) + 1):
        best: Optional[tuple[float, list[str]]] = None
        for cuts in itertools.combinations(range(1, len(pieces)), count - 1):
            bounds = (0, *cuts, len(pieces))
            lines = ["".join(pieces[a:b]).strip() for a, b in zip(bounds, bounds[1:])]
            widest = max(width(line) for line in lines)
            if widest <= room and (best is None or widest < best[0]):
                best = (widest, lines)
        if best:
            return best[1]
    return None


def fit_names(names: Sequence[str], room: float, size: float, where: str, bold: bool = True,
              height: Optional[float] = None) -> tuple[float, list[list[str]]]:
    """(size, [lines of each name]): one size for a row of player names, each in `room` mm.

    The size is the largest up to `size`, in quarter points and never below MIN_TEXT, at which every
    name fits: on one line, or (given `height`, the mm its box has for them) on as many lines of
    LEADING x size as that height holds. A name that fits nowhere is refused: InvalidArgument('names')
    saying where it was to print.
    """
    def lines_at(step: float) -> int:
        return 1 if height is None else max(1, int(height / (step * PT * LEADING) + 1e-9))

    step = size
    while step >= MIN_TEXT - 1e-9:
        set_out = [name_lines(n, room, lambda t: text_width(t, step, bold), lines_at(step)) for n in names]
        fitted = [lines for lines in set_out if lines is not None]
        if len(fitted) == len(set_out):
            return step, fitted
        step = round(step - 0.25, 2)
    for n in names:
        if name_lines(n, room, lambda t: text_width(t, MIN_TEXT, bold), lines_at(MIN_TEXT)) is None:
            raise InvalidArgument("names", f"'{n}' is too long to print on {where} (a {room:.0f} mm space); "
                                           f"give a shorter name")
    raise AssertionError("unreachable: every name fits at the smallest size")  # pragma: no cover
