"""What every printed part's builder shares: its layout, the items it draws, and its document.

A sheet part (a board, a pad, a mat) is drawn by a class that takes the rule
data and its layout from layouts/; `SheetArt` holds what they all read from
the layout (fonts, line widths, words, the content width) and collects the
items drawn; `document` wraps the shared art and the pages into a
`SheetDocument` sized by the layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from sheetgen.sheet import PT, Box, FormField, Item, Page, Rect, SheetDocument, SheetRequest, Text, baseline

if TYPE_CHECKING:
    from sheetgen.results.forms import SheetForm


class SheetArt:
    """A part's drawing: `add` items; `section` draws a section bar from the layout's sizes."""

    def __init__(self, rules: Any, layout: dict[str, Any], form: Optional["SheetForm"] = None):
        self.rules = rules
        self.form = form  # a fillable part's form; its fields are collected as the boxes are drawn
        self.fields: list[FormField] = []
        self.layout = layout
        self.font = layout["fonts"]
        self.line = layout["lines"]
        self.text = layout["text"]
        self.width = layout["content"]["width"]
        self.items: list[Item] = []

    def page_fields(self, values: dict[str, Any]) -> tuple[FormField, ...]:
        """One page's form fields in tab order (the form's), filled with `values`."""
        assert self.form is not None
        return self.form.filled(self.fields, values)

    def add(self, *items: Any) -> None:
        self.items.extend(items)

    def section(self, x: float, y: float, w: float, title: str, hint: str = "") -> float:
        """A section bar with its title and, right-aligned, a hint; returns the y just below it."""
        h: float = self.layout["heading_height"]
        self.add(Box(Rect(x, y, w, h), fill="header", stroke="header_edge", width=self.line["thin"], radius=0.8))
        self.add(Text(x + 2, baseline(y + h / 2, self.font["heading"]), title, self.font["heading"],
                      role="header_text", bold=True))
        if hint:
            start = x + 4 + len(title) * self.font["heading"] * PT * 0.72
            self.add(Text(x + w - 2, baseline(y + h / 2, self.font["tiny"]), hint, self.font["tiny"],
                          role="header_text", align="right", max_width=x + w - 2 - start))
        return y + h


def player_pages(art: Any, backdrop: str, request: SheetRequest) -> list[Page]:
    """A page per seat of a one-player-a-page part (a board, a mat), each placing the drawn
    `backdrop`: the player's printed name, or on a fillable sheet its fields, holding the name
    and, with --from, that player's values."""
    if art.form is None:
        return [Page(backdrop, art.name_items(name)) for name in request.sheet_names]
    name_field = next(slot.name for slot in art.form.slots.values() if slot.names)
    pages = []
    for index, name in enumerate(request.sheet_names):
        seat = index % request.players
        values = dict(request.values[seat]) if seat < len(request.values) else {}
        if name:
            values.setdefault(name_field, name)
        pages.append(Page(backdrop, art.page_fields(values)))
    return pages


def game_pages(art: Any, backdrop: str, request: SheetRequest, names: list[str], printed: dict[str, Any]) -> list[Page]:
    """The pages of a part that holds a whole game (a pad), one per copy, each placing the drawn
    `backdrop`: the players' `names` printed, or on a fillable pad its fields, holding what is
    `printed` (field -> value: the names, a setup's offices) and, on the first copy, the values
    of --from."""
    if art.form is None:
        heads = art.name_items(names)
        return [Page(backdrop, heads) for _ in range(request.copies)]
    pages = []
    for copy in range(request.copies):
        values = dict(request.values[0]) if copy == 0 and request.values else {}
        for field, value in printed.items():
            values.setdefault(field, value)
        pages.append(Page(backdrop, art.page_fields(values)))
    return pages


def document(layout: dict[str, Any], title: str, subject: str, backdrop: str, art: Any, pages: list[Page],
             **extra: Any) -> SheetDocument:
    """The part as a document: `art` drawn once as the backdrop `backdrop`, placed by each page."""
    return SheetDocument(title=title, subject=subject, width=layout["content"]["width"],
                         height=layout["content"]["height"], backdrops={backdrop: tuple(art)}, pages=pages, **extra)
