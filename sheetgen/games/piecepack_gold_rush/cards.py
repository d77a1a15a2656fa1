"""Gold Rush (piecepack) building cards, as a SheetDocument.

The rulebook asks for blank business cards cut in half, one per building
("just write the names of the building on the cards as you play"). These are
those cards, printed: name, cost (drawn resource icons), whether the building
produces (and what) or scores as a non-production building, what it does.
How many of each, and whether the last page is filled up with blank cards,
comes from the rule data (`cards`); sizes and positions from
layouts/piecepack-gold-rush-cards.yaml.

Pages: the cards fill a grid centred in the content box. With
`request.backs`, each front page is followed by its back page: the same grid
mirrored left-right, so that printed double-sided and flipped on the long
edge, every back lands behind its front. Printed as a print shop would:

- fronts and backs alike have a ground colour that runs `bleed` mm past
  every cut, so a cut or a double-sided print that lands 1-2 mm off shows no
  white sliver; nothing is printed on a cut line: the cuts are shown by the
  crop marks only (a rule on the cut shows as a stray edge on one card and
  none on its neighbour whenever the blade misses it);
- the backs carry no frame: a line parallel to the cut shows the duplex
  drift (1 mm off makes one side's margin twice the other's), while a flat
  bled ground with the art centred well inside it shows none;
- crop marks in the margins at every cut, on fronts and backs alike, starting
  past the bleed;
- registration targets in both side margins at the same place on both sides
  (the set is its own mirror image), unevenly spaced down the page so a sheet
  flipped on the wrong edge shows at once;
- a 50 mm scale bar in the left margin of every page.

Backs are all alike (the building's name on them only with
`request.back_names`). Each distinct page is drawn once, as a backdrop (a PDF
form XObject), and every copy of it is a page that only places that backdrop:
1000 copies cost 1000 references, not 1000 drawings.
"""

from __future__ import annotations

from typing import Any, Optional

from sheetgen import layouts, marks
from sheetgen.games.piecepack_gold_rush import pictograms
from sheetgen.ruledata import RuleData
from sheetgen.sheet import (CARD_SIZES, Box, Icon, Item, Line, Page, Para, Rect, SheetDocument, SheetRequest, Text,
                            baseline)
from sheetgen.typeface import text_width

# Backdrop names, short: every page names its backdrop twice. FRONT-1, FRONT-2, ...: one per distinct
# front page; BACK: the one back page, or BACK-1, ... when the backs carry names.
FRONT = "front"
BACK = "back"


def deck(rules: RuleData, per_page: int) -> list[Optional[dict[str, Any]]]:
    """The cards of one set, in print order: each building `cards.copies` times
    (in rule-data order), then blank cards (None) up to a full page when
    `cards.blanks` is set."""
    copies = rules["cards"]["copies"]
    out: list[Optional[dict[str, Any]]] = [b for b in rules["buildings"] for _ in range(copies)]
    if rules["cards"]["blanks"] and len(out) % per_page:
        out += [None] * (per_page - len(out) % per_page)
    return out


def card_layout(paper: str, size: str = CARD_SIZES[0]) -> dict[str, Any]:
    """The card layout for `paper` and a card size (sheet.CARD_SIZES): the card's width and height from
    the layout's `sizes`, and the grid as many cards as the content box holds with room outside the grid
    for the crop marks (above and below) and the registration targets (at the sides)."""
    layout = dict(layouts.load("piecepack-gold-rush-cards", paper))
    card = layout["sizes"][size]
    W, H = layout["content"]["width"], layout["content"]["height"]
    side = layout["registration"]["from_grid"] + marks.target_reach()
    end = layout["cut_marks"]["gap"] + layout["cut_marks"]["length"]
    columns = int((W - 2 * side) // card["width"])
    # the targets stay where the default size puts them, however narrow the grid: margins stay even
    moved = (layout["grid"]["columns"] * layout["card"]["width"] - columns * card["width"]) / 2
    layout["registration"] = {**layout["registration"], "from_grid": layout["registration"]["from_grid"] + moved}
    layout["card"] = dict(card)
    layout["grid"] = {"columns": columns, "rows": int((H - 2 * end) // card["height"])}
    return layout


def slots(layout: dict[str, Any]) -> list[Rect]:
    """The card positions of a front page, row by row from the top left."""
    W, H = layout["content"]["width"], layout["content"]["height"]
    card, grid = layout["card"], layout["grid"]
    x0 = (W - grid["columns"] * card["width"]) / 2
    y0 = (H - grid["rows"] * card["height"]) / 2
    return [Rect(x0 + c * card["width"], y0 + r * card["height"], card["width"], card["height"])
            for r in range(grid["rows"]) for c in range(grid["columns"])]


def mirror(rect: Rect, width: float) -> Rect:
    """Where the back of a card at `rect` goes: mirrored left-right (long-edge flip)."""
    return Rect(width - rect.x - rect.w, rect.y, rect.w, rect.h)


def grid_rect(layout: dict[str, Any]) -> Rect:
    """The whole grid of cards: its outer edges are the outer cuts."""
    cells = slots(layout)
    return Rect(cells[0].x, cells[0].y, cells[-1].right - cells[0].x, cells[-1].bottom - cells[0].y)


def cut_marks(layout: dict[str, Any]) -> list[Line]:
    """Short lines in the margins, outside the grid and its bleed, in line with every cut."""
    card, grid, mark = layout["card"], layout["grid"], layout["cut_marks"]
    outer = grid_rect(layout)
    left, top, right, bottom = outer.x, outer.y, outer.right, outer.bottom
    gap, length, width = mark["gap"], mark["length"], mark["width"]
    out = []
    for c in range(grid["columns"] + 1):
        x = left + c * card["width"]
        out.append(Line(x, top - gap - length, x, top - gap, width))
        out.append(Line(x, bottom + gap, x, bottom + gap + length, width))
    for r in range(grid["rows"] + 1):
        y = top + r * card["height"]
        out.append(Line(left - gap - length, y, left - gap, y, width))
        out.append(Line(right + gap, y, right + gap + length, y, width))
    return out


def target_centres(layout: dict[str, Any]) -> list[tuple[float, float]]:
    """Registration targets: in both side margins, level with the middle of the
    card rows `registration.rows` (chosen unevenly, so that a sheet flipped on
    its short edge puts no target behind another)."""
    spec = layout["registration"]
    outer = grid_rect(layout)
    width = layout["content"]["width"]
    x = outer.x - spec["from_grid"]
    height = layout["card"]["height"]
    return [(cx, outer.y + (row + 0.5) * height) for row in spec["rows"] for cx in (x, width - x)]


def margin_marks(layout: dict[str, Any]) -> list[Item]:
    """What every page carries in its margins, front or back: crop marks, targets, the scale bar."""
    out: list[Item] = [*cut_marks(layout)]
    for cx, cy in target_centres(layout):
        out += marks.target(cx, cy)
    spec = layout["scale_bar"]
    outer = grid_rect(layout)
    top = outer.y + spec["row"] * layout["card"]["height"] + (layout["card"]["height"] - marks.scale_bar_length()) / 2
    out += marks.scale_bar(spec["x"], top, vertical=True)
    return out


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = card_layout(request.paper, request.card_size)
    width = layout["content"]["width"]
    cells = slots(layout)
    cards = deck(rules, len(cells))
    painter = _Cards(rules, layout)
    margins = margin_marks(layout)
    names = request.backs and request.back_names
    backdrops: dict[str, tuple[Item, ...]] = {}
    one_set: list[Page] = []  # the pages of one set, each placing a backdrop drawn once
    for n, start in enumerate(range(0, len(cards), len(cells)), start=1):
        chunk = cards[start:start + len(cells)]
        front: list[Item] = [*painter.grounds(cells), *margins]
        for rect, card in zip(cells, chunk):
            front += painter.front(rect, card)
        backdrops[f"{FRONT}-{n}"] = tuple(front)
        one_set.append(Page(f"{FRONT}-{n}"))
        if names:
            back = painter.back_page(cells, width, margins)
            for rect, card in zip(cells, chunk):
                back += painter.back_label(mirror(rect, width), card)
            backdrops[f"{BACK}-{n}"] = tuple(back)
            one_set.append(Page(f"{BACK}-{n}"))
        elif request.backs:
            if BACK not in backdrops:
                backdrops[BACK] = tuple(painter.back_page(cells, width, margins))
            one_set.append(Page(BACK))
    pages = one_set * request.copies
    count = sum(1 for c in cards if c is not None)
    blanks = len(cards) - count
    sides = ("fronts and backs named" if names else "fronts and backs") if request.backs else "fronts only"
    return SheetDocument(
        title=f"{rules.title} building cards",
        subject=f"Building cards: {count} cards ({rules['cards']['copies']} of each of "
                f"{len(rules['buildings'])} buildings) + {blanks} blank"
                f"{' x ' + str(request.copies) + ' copies' if request.copies > 1 else ''}, {sides}, "
                f"{len(pages)} pages, {request.paper}, {request.ink} ink, rule data {rules.version}",
        width=width,
        height=layout["content"]["height"],
        backdrops=backdrops,
        pages=pages,
    )


class _Cards:
    def __init__(self, rules: RuleData, layout: dict[str, Any]):
        self.rules = rules
        self.layout = layout
        self.font = layout["fonts"]
        self.line = layout["lines"]
        self.text = layout["text"]
        self.order = [r["key"] for r in rules["resources"]]
        self.points = rules["scoring"]["non_production_building"]

    def icons(self, x: float, cy: float, cost: dict[str, int], right: float) -> list[Icon]:
        """One icon per resource unit, in resource order, from `x`; smaller if they would pass `right`."""
        spec = self.layout["front"]
        gap = spec["icon_gap"]
        count = sum(cost.values())
        size = min(spec["icon"], (right - x - gap * (count - 1)) / max(count, 1))
        out = []
        for resource in self.order:
            for _ in range(cost.get(resource, 0)):
                out.append(pictograms.icon(resource, x + size / 2, cy, size))
                x += size + gap
        return out

    def grounds(self, cells: list[Rect]) -> list[Box]:
        """Every card's ground, bled `bleed` mm past its cuts (under the cards' art, drawn first)."""
        bleed = self.layout["bleed"]
        return [Box(Rect(r.x - bleed, r.y - bleed, r.w + 2 * bleed, r.h + 2 * bleed), fill="light", stroke=None)
                for r in cells]

    # -- fronts ------------------------------------------------------------
    def front(self, rect: Rect, card: Optional[dict[str, Any]]) -> list[Item]:
        spec, font = self.layout["front"], self.font
        inset = spec["inset"]
        inner_x, inner_w = rect.x + inset, rect.w - 2 * inset
        out: list[Item] = []
        band = Rect(inner_x, rect.y + inset, inner_w, spec["band"])
        y = band.bottom + 0.4
        kind = Rect(inner_x, y, inner_w, spec["kind"])
        cost = Rect(inner_x, kind.bottom, inner_w, spec["cost"])
        foot_y = rect.bottom - inset - 0.6
        label_w = 7.0
        if card is None:
            out.append(Box(band, fill="paper", stroke="ink", width=self.line["band"], radius=0.8))
            out.append(Text(band.x + 1.0, band.y + 2.3, self.text["blank_name"], font["label"], role="muted",
                            bold=True))
            out.append(Text(kind.cx, baseline(kind.cy, font["kind"]),
                            self.text["blank_kind"].format(points=self.points), font["kind"], role="muted",
                            bold=True, align="center", max_width=kind.w))
            out.append(Text(cost.x, baseline(cost.cy, font["label"]), self.text["cost"], font["label"],
                            role="muted", bold=True))
            out.append(Line(cost.x + label_w, cost.bottom - 1.0, cost.right, cost.bottom - 1.0,
                            self.line["thin"], role="muted"))
            text = Rect(inner_x, foot_y - spec["foot"] - 6.0, inner_w, 6.0)
            out.append(Para(text, self.text["blank_text"], font["text"], role="muted"))
        else:
            production = card["kind"] == "production"
            band_fill = "header" if production else "civic"
            out.append(Box(band, fill=band_fill, stroke="header_edge", width=self.line["band"], radius=0.8))
            out.append(Text(band.cx, baseline(band.cy, font["name"]), card["name"], font["name"], bold=True,
                            role="header_text", align="center", max_width=band.w - 2))
            if production:
                words = self.text["production"]
                out.append(Text(kind.cx - spec["icon"] * 0.6, baseline(kind.cy, font["kind"]), words, font["kind"],
                                bold=True, role="muted", align="center", max_width=kind.w - spec["icon"] - 2))
                half = text_width(words, font["kind"], True) / 2
                out.append(pictograms.icon(card["produces"], kind.cx - spec["icon"] * 0.6 + half + 0.6 + spec["icon"] / 2,
                                kind.cy, spec["icon"]))
            else:
                out.append(Text(kind.cx, baseline(kind.cy, font["kind"]),
                                self.text["civic"].format(points=self.points), font["kind"], bold=True,
                                role="muted", align="center", max_width=kind.w))
            out.append(Text(cost.x, baseline(cost.cy, font["label"]), self.text["cost"], font["label"],
                            role="muted", bold=True))
            out += self.icons(cost.x + label_w, cost.cy, card["cost"], cost.right)
            y = cost.bottom
            for key in ("upkeep", "use"):
                if key in card:
                    extra = Rect(inner_x, y, inner_w, spec["extra"])
                    words = self.text[key]
                    out.append(Text(extra.x, baseline(extra.cy, font["label"]), words, font["label"],
                                    role="muted", bold=True))
                    wx = extra.x + text_width(words, font["label"], True) + 1.0
                    out += self.icons(wx, extra.cy, card[key], extra.right)
                    y = extra.bottom
            text = Rect(inner_x, y + 0.6, inner_w, foot_y - spec["foot"] - y - 0.4)
            out.append(Para(text, card["card"], font["text"]))
        out.append(Text(rect.cx, foot_y, self.text["foot"].format(title=self.rules.title), font["foot"],
                        role="muted", align="center", max_width=inner_w, footer=True))
        return out

    # -- backs -------------------------------------------------------------
    def back_page(self, cells: list[Rect], width: float, margins: list[Item]) -> list[Item]:
        """A back page without names: every card's ground (bled past its cuts) first, then
        the art of every card, then the margin marks."""
        out: list[Item] = [*self.grounds([mirror(rect, width) for rect in cells])]
        for rect in cells:
            out += self.back_art(mirror(rect, width))
        return out + list(margins)

    def back_art(self, rect: Rect) -> list[Item]:
        """The back of any card (the same for every card) at `rect`, over its ground."""
        spec, font = self.layout["back"], self.font
        inset = spec["inset"]
        safe = Rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset)  # no frame: see above
        out: list[Item] = [Text(rect.cx, safe.y + 9.0, self.text["back_title"], font["back_title"], bold=True,
                          role="ink", align="center", max_width=safe.w - 2)]
        out.append(pictograms.icon("gold", rect.cx, rect.cy - 1.0, spec["emblem"]))
        size = spec["icons"]
        step = size + 1.2
        x = rect.cx - step * (len(self.order) - 1) / 2
        for resource in self.order:
            out.append(pictograms.icon(resource, x, rect.cy + spec["emblem"] / 2 + 3.5, size))
            x += step
        out.append(Text(rect.cx, rect.cy + spec["emblem"] / 2 + 10.0, self.text["back_subtitle"], font["kind"],
                        role="muted", bold=True, align="center"))
        return out

    def back_label(self, rect: Rect, card: Optional[dict[str, Any]]) -> list[Item]:
        """With names on the backs: the building's name, small, at the foot of its back."""
        if card is None:
            return []
        inset = self.layout["back"]["inset"]
        return [Text(rect.cx, rect.bottom - inset - 2.2, card["name"], self.font["back_name"], bold=True,
                     align="center", max_width=rect.w - 2 * inset - 2)]
