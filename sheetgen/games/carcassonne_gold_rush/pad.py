"""The Carcassonne: Gold Rush score pad, as a SheetDocument.

One page holds one game: a label column, then one column per player (2-5).
The sections are those of the results file (`sheetgen template
carcassonne-gold-rush`), in its order and with its words, so a filled pad
copies straight into it:

- POINTS: running-score cells for a whole game (each new total, laps
  included), then the score track before final scoring (laps, points);
- TOKENS: the mining tokens each player collected, one row per value;
- FEATURES: the final scoring, one row per railroad, mountain, city or
  prairie with cowboys on it at the end: its kind, its size and each
  player's cowboys (a city: 1 for its merchant);
- COMPLETED (optional): features completed during play, the same way;
- TOTAL.

Each row keeps a points box per player for whoever adds up by hand.
`--copies` prints more games; player names, when given, head the columns.
`--fillable` puts a form field over every box (names and meaning in
pad_form.py), and `--from` fills them in from a results file.

Every number comes from the rule data (data/carcassonne-gold-rush.yaml), every
position and size from layouts/carcassonne-gold-rush-pad.yaml. The pad art is
one form drawn once per document; each page adds only the names (or, fillable,
its fields).
"""

from __future__ import annotations

from typing import Any, Optional

from sheetgen import layouts
from sheetgen._version import __version__
from sheetgen.art import SheetArt, document, game_pages
from sheetgen.ruledata import RuleData
from sheetgen.games.carcassonne_gold_rush import pad_form as f
from sheetgen.games.carcassonne_gold_rush.pad_grid import LAYOUT, columns, running
from sheetgen.games.carcassonne_gold_rush import pictograms
from sheetgen.sheet import (LEADING, PT, Box, Item, Para, Rect, SheetDocument, SheetRequest, Text, baseline,
                            fit_names)
from sheetgen.typeface import text_width

BACKDROP = "carcassonne-gold-rush-pad"


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = layouts.load(LAYOUT, request.paper)
    form = None
    if request.fillable:
        form = f.form(rules)
    pad = _Pad(rules, layout, request.players, form)
    drawn = tuple(pad.draw())
    names = list(request.names) + [""] * (request.players - len(request.names))
    printed = {f.player(column): name for column, name in enumerate(names, 1) if name}
    pages = game_pages(pad, BACKDROP, request, names, printed)
    games = f"{request.copies} game{'s' if request.copies > 1 else ''}"
    sheets = f"{len(pages)} page{'s' if len(pages) > 1 else ''}"
    return document(layout, f"{rules.title} score pad",
                    f"Score pad: {request.players} players, {games}, {sheets}, {request.paper}, {request.ink} ink, "
                    f"rule data {rules.version}", BACKDROP, drawn, pages, form_id=form.id if form is not None else "")


class _Pad(SheetArt):
    def __init__(self, rules: RuleData, layout: dict[str, Any], players: int, form: Any = None):
        super().__init__(rules, layout, form)
        self.players = players
        self.grid = columns(layout, players)
        self.left, self.table, self.col = self.grid.left, self.grid.table, self.grid.col
        self.label_right = self.grid.label_right
        self.columns = self.grid.xs
        self.values = self._values()

    def _values(self) -> dict[str, Any]:
        r = self.rules
        tokens = r["mining_tokens"]
        rock = next((t.get("name", "") for t in tokens["values"] if t["value"] == 0), "") or "0"
        return dict(
            lap=r["score_track"]["spaces"], per_tile=r["railroad"]["per_tile"],
            exactly=r["railroad"]["locomotive"]["exactly"], multiplier=r["railroad"]["locomotive"]["multiplier"],
            per_nugget=r["mountain"]["per_nugget"], per_railroad=r["city"]["per_railroad"],
            per_tipi=r["prairie"]["per_tipi"], per_horses=r["prairie"]["per_horses"], total=tokens["total"],
            rock=rock, Rock=rock[:1].upper() + rock[1:],
        )

    def fmt(self, key: str, **extra: Any) -> str:
        template: str = self.text[key]
        return template.format(**self.values, **extra)

    # -- helpers ---------------------------------------------------------
    def heading(self, y: float, title: str, hint: str = "") -> float:
        """A section bar across the table, the results file's key and its words; returns the y below it."""
        return self.section(self.left, y, self.table, title, hint)

    def write_box(self, rect: Rect, field: str = "", width: Optional[float] = None, fill: str = "paper",
                  **style: Any) -> None:
        """A box to write in; on a fillable pad, the form field `field` over it."""
        self.add(Box(rect, fill=fill, width=width or self.line["box"], radius=1.0, writable=True))
        if self.form is not None and field:
            d = self.layout["fields"]["inset"]
            self.fields.append(self.form.field(field, Rect(rect.x + d, rect.y + d, rect.w - 2 * d, rect.h - 2 * d),
                                               **style))

    def captions(self, y: float, left: str, right: str) -> float:
        """The column heads of a row's two boxes in every player column; returns the y below them."""
        cap = y + self.layout["caption"] - 0.9
        for x in self.columns:
            self.add(Text(x + self.grid.count_w / 2, cap, left, self.font["tiny"], role="muted", align="center",
                          max_width=self.grid.count_w))
            self.add(Text(x + self.grid.points_x + (self.col - self.grid.points_x) / 2, cap, right, self.font["tiny"],
                          role="muted", align="center", max_width=self.col - self.grid.points_x))
        below: float = y + self.layout["caption"]  # where the next section starts
        return below

    def row_label(self, y: float, icon: str, label: str, hint: str, value: str, unit: str) -> None:
        """The label column of a row: icon, label over hint, and the point value in a tag at the right."""
        size, value_w, h = self.layout["icon"], self.layout["value_width"], self.layout["row"]
        self.add(pictograms.icon(icon, self.left + 0.8 + size / 2, y + h / 2, size))
        text_x = self.left + size + 2.2
        room = self.label_right - value_w - 1.2 - text_x
        self.add(Text(text_x, y + 3.5, label, self.font["label"], bold=True, max_width=room))
        self.add(Text(text_x, y + 6.9, hint, self.font["hint"], role="muted", max_width=room))
        if value:
            tag = Rect(self.label_right - value_w, y, value_w, h)
            self.add(Box(tag, fill="light", stroke="panel_edge", width=self.line["thin"], radius=0.8))
            self.add(Text(tag.cx, y + 4.0, value, self.font["value"], bold=True, align="center"))
            self.add(Text(tag.cx, y + 7.0, unit, self.font["tiny"], role="muted", align="center",
                          max_width=value_w - 1))

    def count_points(self, y: float, count: str, points: str, fill: str = "light") -> None:
        """A row's count box and points box in every player column (fields `count`/`points` + column)."""
        h = self.layout["row"]
        for column, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.grid.count_w, h), f.cell(count, column) if count else "", fill=fill)
            if points:
                self.write_box(Rect(x + self.grid.points_x, y, self.col - self.grid.points_x, h), f.cell(points, column))

    # -- the page --------------------------------------------------------
    def draw(self) -> list[Item]:
        self.header()
        self.name_row()
        y = self.points_section(self.layout["names"]["top"] + self.layout["names"]["height"])
        y = self.tokens_section(y)
        y = self.features_section(y, completed=False)
        y = self.features_section(y, completed=True)
        self.totals(y)
        self.footer()
        return self.items

    def header(self) -> None:
        h = self.layout["header"]
        room = self.table - h["date_box"] - 3
        self.add(Text(self.left, baseline(h["height"] * 0.34, self.font["title"]), self.text["title"],
                      self.font["title"], bold=True, role="ink", max_width=room))
        self.add(Text(self.left, baseline(h["height"] * 0.84, self.font["subtitle"]), self.text["subtitle"],
                      self.font["subtitle"], bold=True, role="muted", max_width=room))
        box = Rect(self.left + self.table - h["date_box"], 0.5, h["date_box"], h["height"] - 1)
        self.add(Box(box, fill="paper", width=self.line["box"], radius=1.0, writable=True))
        self.add(Text(box.x + 1.5, box.y + 2.7, self.text["date_label"], self.font["tiny"], role="muted", bold=True))
        if self.form is not None:  # below the label
            self.fields.append(self.form.field(f.DATE, Rect(box.x + 1, box.y + 3.6, box.w - 2, box.h - 4.5),
                                               align="left"))

    def name_row(self) -> None:
        spec = self.layout["names"]
        self.add(Text(self.left + 1, baseline(spec["top"] + spec["height"] / 2, self.font["label"]),
                      self.text["player"], self.font["label"], bold=True))
        for column, x in enumerate(self.columns, 1):
            # the column's number in the gap before it: the running score's lines are numbered alike
            gap = self.layout["column_gap"]
            self.add(Text(x - gap / 2, baseline(spec["top"] + spec["height"] / 2, self.font["hint"]), str(column),
                          self.font["hint"], bold=True, role="muted", align="center", max_width=gap))
            self.write_box(Rect(x, spec["top"], self.col, spec["height"]), f.player(column),
                           width=self.line["box"] * 1.4, size=self.font["name"], bold=True)

    def name_items(self, names: tuple[str, ...]) -> tuple[Item, ...]:
        spec = self.layout["names"]
        placed = [(x, name) for x, name in zip(self.columns, names) if name]
        if not placed:
            return ()
        room = self.col - 2.4
        size, lines = fit_names([name for _, name in placed], room, self.font["name"],
                                f"the {self.rules.title} pad", height=spec["height"] - 2)
        step = size * PT * LEADING
        items = []
        for (x, _), name_lines in zip(placed, lines):
            first = spec["top"] + spec["height"] / 2 - step * (len(name_lines) - 1) / 2
            items += [Text(x + self.col / 2, baseline(first + i * step, size), line, size, bold=True,
                           align="center", max_width=room) for i, line in enumerate(name_lines)]
        return tuple(items)

    def points_section(self, top: float) -> float:
        """POINTS: a whole game's running score, a line (or more) of cells per player, then the score
        track before final scoring."""
        spec, row, gap = self.layout["points"], self.layout["row"], self.layout["row_gap"]
        y = self.heading(top + self.layout["section_gap"], self.text["points_title"], self.text["points_hint"])
        self.add(Para(Rect(self.left + 1, y, self.table - 2, spec["note"]), self.fmt("during"), self.font["hint"],
                      role="muted", align="left"))
        y += spec["note"]
        # the running score's label and how to write in it, on one line above its cells
        size, line = spec["icon"], spec["caption"]
        self.add(pictograms.icon("meeple", self.left + 0.8 + size / 2, y + line / 2, size))
        label_x = self.left + size + 2.0
        self.add(Text(label_x, baseline(y + line / 2, self.font["label"]), self.text["running_label"],
                      self.font["label"], bold=True))
        words_x = label_x + text_width(self.text["running_label"], self.font["label"], True) + 2.0
        self.add(Text(words_x, baseline(y + line / 2, self.font["hint"]), self.fmt("running_caption"),
                      self.font["hint"], role="muted", max_width=self.left + self.table - words_x))
        y += line
        shape = running(self.layout, self.players)
        for column in range(1, self.players + 1):
            for n in range(shape.lines):
                # each player's lines shaded alike, so a player's second line reads as theirs
                fill = "paper" if column % 2 else "light"
                tag = Rect(shape.left, y, shape.tag, row)
                self.add(Box(tag, fill="light", stroke="panel_edge", width=self.line["thin"], radius=0.8))
                self.add(Text(tag.cx, baseline(tag.cy, self.font["value"]), str(column), self.font["value"],
                              bold=True, align="center"))
                for k in range(shape.across):
                    self.write_box(Rect(shape.x + k * (shape.cell + spec["cell_gap"]), y, shape.cell, row),
                                   f.running(column, n * shape.across + k + 1), fill=fill)
                y += row + gap
        y = self.captions(y - gap, self.text["laps"], self.text["points"])
        self.row_label(y, "meeple", self.text["track_label"], self.fmt("track_hint"), self.fmt("track_value"),
                       self.text["track_unit"])
        self.count_points(y, f.LAPS, f.POINTS)
        below: float = y + row  # where the next section starts
        return below

    def tokens_section(self, top: float) -> float:
        y = self.heading(top + self.layout["section_gap"], self.text["tokens_title"], self.fmt("tokens_hint"))
        y = self.captions(y, self.text["count"], self.text["points"])
        for i, value in enumerate(f.token_values(self.rules)):
            if i:
                y += self.layout["row"] + self.layout["row_gap"]
            if value:
                self.row_label(y, "nugget", self.fmt("token_label", value=value),
                               self.fmt("token_hint"), self.fmt("token_value", value=value), self.text["token_unit"])
                self.count_points(y, f.token(value), f.token_points(value))
            else:
                self.row_label(y, "ore", self.fmt("rock_label"), self.fmt("rock_hint"), "0",
                               self.text["token_unit"])
                self.count_points(y, f.token(value), "")
        below: float = y + self.layout["row"]  # where the next section starts
        return below

    def features_section(self, top: float, completed: bool) -> float:
        """FEATURES (at game end) or COMPLETED (during play): kind, size and extra in the label
        column, each player's cowboys and points in the player columns."""
        key = "completed" if completed else "features"
        spec = self.layout["features"]
        y = self.heading(top + self.layout["section_gap"], self.text[f"{key}_title"], self.fmt(f"{key}_hint"))
        if not completed:
            self.add(Para(Rect(self.left + 1, y, self.table - 2, spec["note"]), self.fmt("features_note"),
                          self.font["hint"], align="left"))
            y += spec["note"]
        # the label column: row number, kind, size, extra
        number_x = self.left
        kind_x = number_x + spec["number"] + spec["gap"]
        size_x = kind_x + spec["kind"] + spec["gap"]
        extra_x = size_x + spec["size"] + spec["gap"]
        extra_w = self.label_right - extra_x
        extra = "locomotives" if completed else "horses"
        cap = y + self.layout["caption"] - 0.9
        for x, w, word in ((kind_x, spec["kind"], self.text["kind"]), (size_x, spec["size"], self.text["size"]),
                           (extra_x, extra_w, self.text[extra])):
            self.add(Text(x + w / 2, cap, word, self.font["tiny"], role="muted", align="center", max_width=w))
        y = self.captions(y, self.text["cowboys"], self.text["points"])
        row, gap = self.layout["row"], self.layout["row_gap"]
        for n in range(1, self.layout[key]["rows"] + 1):
            self.add(Text(number_x + spec["number"] / 2, baseline(y + row / 2, self.font["label"]), str(n),
                          self.font["label"], bold=True, role="muted", align="center"))
            self.write_box(Rect(kind_x, y, spec["kind"], row), f.feature(key, n, f.KIND), size=8)
            self.write_box(Rect(size_x, y, spec["size"], row), f.feature(key, n, f.SIZE))
            self.write_box(Rect(extra_x, y, extra_w, row), f.feature(key, n, extra))
            self.count_points(y, f.feature(key, n, f.COWBOYS), f.feature(key, n, f.ROW_POINTS), fill="paper")
            y += row + gap
        below: float = y - gap  # where the next section starts
        return below

    def totals(self, y: float) -> float:
        spec = self.layout["total"]
        y += spec["gap"]
        size = self.font["name"]
        self.add(Text(self.label_right - 1.5, baseline(y + spec["height"] / 2, size), self.text["total"], size,
                      bold=True, align="right"))
        self.add(Para(Rect(self.left + 0.8, y, self.layout["label_width"] - 19, spec["height"]), self.text["total_hint"],
                      self.font["hint"], role="muted", align="left"))
        for column, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.col, spec["height"]), f.total(column), width=self.line["total"],
                           size=self.font["name"], bold=True)
        below: float = y + spec["height"]  # where the next section starts
        return below

    def footer(self) -> None:
        meta = self.rules["meta"]
        text = self.text["footer"].format(title=meta["title"], players=self.players, version=__version__,
                                          data_version=self.rules.version)
        self.add(Text(self.width / 2, self.layout["footer"]["y"], text, self.font["footer"], role="muted",
                      align="center", max_width=self.width, footer=True))
