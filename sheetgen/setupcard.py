"""A setup drawn as a printable card: one page, or half a page printed twice.

The frame is shared: a title bar, the seed, setup code and rule-data version
(so the card can be rebuilt), and a footer. Each game draws its own body with
the small layout helpers of `Card`, which stacks sections down the page.

A card whose body fits half the page (seating and a few reminders) is a
half-page card, printed twice on the page with a dashed cut line between the
two: one for each end of the table, and no page of white for five lines.

Cards show what the players see at the start. A game whose setup places
pieces face down draws them face down unless the card is made with `reveal`
(`Card.reveal`): the referee's copy, or a solo player's. The caller hands the
game's spec down (`CardGame`: sheetgen.games.GameSpec is one).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Optional, Protocol, Sequence

from sheetgen import layouts, playernames
from sheetgen._version import __version__
from sheetgen.facedown import Hider, has_face_down
from sheetgen.typeface import text_width
from sheetgen.ruledata import RuleData
from sheetgen.sheet import MIN_TEXT, PT, Box, Icon, Item, Line, Page, Para, Polygon, Rect, SheetDocument, Text, fit_names

LAYOUT = "setup-card"  # layouts/setup-card.yaml: the content box per paper
GUTTER = float(layouts.load(LAYOUT)["gutter"])  # between the two halves of a page of half-page cards
FOOTER = float(layouts.load(LAYOUT)["footer"])  # the footer's line sits this far above a card's foot
TITLE_BASELINE = float(layouts.load(LAYOUT)["title_baseline"])  # so the drawn page's margins are even


def size(paper: str = "letter") -> tuple[float, float]:
    """(width, height) of a card's content box on `paper`, in mm."""
    content = layouts.load(LAYOUT, paper)["content"]
    return float(content["width"]), float(content["height"])


class Card:
    """Sections stacked from the top of the page; `y` is where the next one starts.
    `reveal`: draw what the setup places face down (a referee's or a solo player's card)."""

    def __init__(self, paper: str = "letter", reveal: bool = False):
        self.width, self.height = size(paper)
        self.reveal = reveal
        self.items: list[Item] = []
        self.y = 0.0

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def room(self) -> float:
        return self.height - 14.5 - self.y  # leave the footer free

    def heading(self, title: str, note: str = "") -> None:
        """A section bar across the page."""
        self.add(Box(Rect(0, self.y, self.width, 6.5), fill="header", stroke="header_edge", width=0.6),
                 Text(2.5, self.y + 4.6, title.upper(), 9.5, role="header_text", bold=True))
        if note:
            self.add(Text(self.width - 2.5, self.y + 4.6, note, 7.5, role="header_text", align="right",
                          max_width=self.width * 0.6))
        self.y += 8.5

    def line(self, text: str, size: float = 9, bold: bool = False, indent: float = 2) -> None:
        self.add(Text(indent, self.y + size * PT, text, size, bold=bold, max_width=self.width - indent))
        self.y += size * PT * 1.5

    def paragraph(self, text: str, size: float = 8.5, height: float = 9) -> None:
        self.add(Para(Rect(2, self.y, self.width - 4, height), text, size, align="left"))
        self.y += height + 1

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
              size: float = 8.5, row_height: float = 5.2, names: Optional[int] = None) -> None:
        """Columns of text: `widths` (mm) for all but the last, which takes what is left and wraps.

        `names`: the column of players' names, which sets the whole table's size (sheet.fit_names).
        """
        x_at = [2.0]
        for w in widths:
            x_at.append(x_at[-1] + w)
        last = self.width - 2 - x_at[-1]
        widths = [*widths, last]
        if names is not None:
            size, _ = fit_names([row[names] for row in rows], widths[names] - 1, size, "the setup card", bold=False)
        for i, cell in enumerate(header):
            self.add(Text(x_at[i], self.y + size * PT, cell, max(size - 0.5, MIN_TEXT), role="muted", bold=True,
                          max_width=widths[i] - 1))
        self.y += row_height
        self.add(Line(2, self.y - 1.2, self.width - 2, self.y - 1.2, 0.4, "muted"))
        for n, row in enumerate(rows):
            if n % 2:
                self.add(Box(Rect(0.5, self.y - 1, self.width - 1, row_height), fill="light", stroke=None))
            for i, cell in enumerate(row):
                if i == len(row) - 1:
                    self.add(Para(Rect(x_at[i], self.y - 0.6, last, row_height - 0.8), cell, size, align="left"))
                else:
                    self.add(Text(x_at[i], self.y + size * PT, cell, size, max_width=widths[i] - 1))
            self.y += row_height
        self.y += 2

    def gap(self, mm: float = 2) -> None:
        self.y += mm


class CardGame(Protocol):
    """What a setup card needs of its game (sheetgen.games.GameSpec has it)."""

    def setup_card_drawer(self) -> Callable[[Card, dict[str, Any], RuleData], None]: ...

    def face_down_hider(self) -> Optional[Hider]: ...


def build(setup: dict[str, Any], rules: RuleData, game: CardGame, reveal: bool = False,
          paper: str = "letter") -> SheetDocument:
    """The setup card of `game` for `paper`: the shared frame around the game's own
    `draw(card, setup, rules)`; a half-page card printed twice when the body fits half the page."""
    draw = game.setup_card_drawer()
    face_down = has_face_down(setup, game.face_down_hider())
    card = Card(paper, reveal=reveal)
    width, height = card.width, card.height
    half_height = (height - GUTTER) / 2  # the height of a half-page card
    title = f"{setup['title']}: setup for {setup['players']} players"
    card.add(Text(0, TITLE_BASELINE, title, 16, bold=True, max_width=width))
    # a referee's copy says so only where it shows something: a game with nothing face down has one card
    shown = reveal and face_down
    if shown:
        card.add(Text(width, TITLE_BASELINE, "REFEREE'S COPY: face down shown", 10, bold=True,
                      align="right", max_width=width - text_width(title, 16, True) - 4))
    code = f"Setup code {setup['code']}"
    card.add(Text(0, 13, code, 10, bold=True, max_width=width))
    room = width - text_width(code, 10, True) - 4
    seed = f"seed: {_printable(setup['seed'])}" if setup.get("seed") is not None else "rebuilt from its code"
    card.add(Text(width, 13, _shorten(seed, room, 9, text_width), 9, role="muted", align="right",
                  max_width=room))
    card.add(Line(0, 16, width, 16, 0.8))
    card.y = 19
    draw(card, setup, rules)
    half = card.y <= half_height - FOOTER - 1
    foot = half_height if half else height
    # paper speaks to the players, not in commands; a player's copy says that its code sets up what it hides
    what = "this game again, face-down pieces included" if face_down and not reveal else \
        "exactly this game again"
    card.add(Line(0, foot - FOOTER, width, foot - FOOTER, 0.4, "muted"),
             Text(0, foot - FOOTER + 3.9, f"The setup code above sets up {what}.", 7.5, role="muted",
                  max_width=width),
             Text(0, foot - FOOTER + 7.7, f"rule data {setup['data_version']} | sheetgen {__version__}", 7,
                  role="muted", max_width=width))
    if card.y > height - FOOTER - 1:
        raise ValueError(f"the {setup['game']} setup card runs {card.y - height + FOOTER + 1:.1f} mm past the footer")
    items = list(card.items)
    if half:  # the same card again below a dashed cut line
        items += _cut_line(width, height / 2)
        items += [_moved(item, half_height + GUTTER) for item in card.items]
    return SheetDocument(
        title=f"{setup['title']} setup {setup['code']}",
        subject=f"Setup card{' (half a page, twice)' if half else ''} for {setup['players']} players, "
                f"code {setup['code']}, rule data {setup['data_version']}{', face-down pieces shown' if shown else ''}",
        width=width, height=height, pages=[Page(None, tuple(items))])


def _cut_line(width: float, y: float, dash: float = 2.0) -> list[Item]:
    """A dashed line across the page at `y`, with a word in its middle."""
    words = "two copies of the same card: cut here"
    gap = 58.0  # left open for the words
    out: list[Item] = [Text(width / 2, y + 1.0, words, 6.5, role="muted", align="center", max_width=gap - 4)]
    x = 0.0
    while x < width:
        end = min(x + dash, width)
        if end <= (width - gap) / 2 or x >= (width + gap) / 2:
            out.append(Line(x, y, end, y, 0.5, "muted"))
        x += 2 * dash
    return out


def _moved(item: Item, dy: float) -> Item:
    """`item` moved `dy` mm down the page."""
    if isinstance(item, (Box, Para)):
        r = item.rect
        return dataclasses.replace(item, rect=Rect(r.x, r.y + dy, r.w, r.h))
    if isinstance(item, Text):
        return dataclasses.replace(item, y=item.y + dy)
    if isinstance(item, Line):
        return dataclasses.replace(item, y1=item.y1 + dy, y2=item.y2 + dy)
    if isinstance(item, Icon):
        return dataclasses.replace(item, cy=item.cy + dy)
    if isinstance(item, Polygon):
        return dataclasses.replace(item, points=tuple((x, y + dy) for x, y in item.points))
    raise TypeError(f"cannot move {type(item).__name__}")  # pragma: no cover - a new item type


def _printable(seed: str) -> str:
    """A seed as the card can print it: characters the font lacks as \\u escapes (the code rebuilds it)."""
    return "".join(c if playernames.printable_by_font(c) else playernames.printable(c) if not c.isprintable()
                   else f"\\u{ord(c):04x}" for c in str(seed))


def _shorten(text: str, room: float, size: float, width: Callable[[str, float], float]) -> str:
    """`text`, cut short with an ellipsis if it is wider than `room` mm (a seed of any length)."""
    if width(text, size) <= room:
        return text
    while text and width(text + "\u2026", size) > room:
        text = text[:-1]
    return text + "\u2026"


def seating(card: Card, setup: dict[str, Any], extra: Optional[Callable[[int, str], Sequence[str]]] = None,
            extra_header: Sequence[str] = (), widths: Sequence[float] = (14, 60)) -> None:
    """The seating section: turn order, name and any per-player columns."""
    card.heading("Seating", "in turn order, clockwise from the first player; with the code, names go in this order")
    names = [s if isinstance(s, str) else s["name"] for s in setup["seating"]]
    rows = [[str(i + 1), name, *(extra(i, name) if extra else ())] for i, name in enumerate(names)]
    card.table(["order", "player", *extra_header], rows, widths[:len(extra_header) + 1], names=1)


def reminders(card: Card, items: Sequence[str]) -> None:
    if not items:
        return
    card.heading("Reminders")
    for text in items:
        card.paragraph(text, height=8)


def basic(card: Card, setup: dict[str, Any], rules: RuleData) -> None:
    """The body for games whose setup is seating, colours and reminders."""
    colours = setup.get("colours") or {}
    if colours:
        seating(card, setup, lambda i, name: [colours.get(name, "")], ["colour"], widths=(14, 60, 40))
    else:
        seating(card, setup)
    first = setup.get("first_player")
    if first:
        card.line(f"First player: {first}", bold=True)
        card.gap()
    reminders(card, setup.get("reminders") or ())
