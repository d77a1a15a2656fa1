"""The Carcassonne: Gold Rush score pad, as a SheetDocument.

One page holds one game: a label column, then one column per player (2-5).
The top half is the running score (write the new total after each scoring);
the bottom half is the final scoring, one row per kind of points with the
point value printed beside it: the score track (laps of 50 plus the space),
incomplete railroads, mountains and cities, tipi camps and wild-horse herds
on the prairies a player owns, and the mining tokens by value. In each row a
player writes a count (tiles, nuggets, tokens...) and the points it makes.
Then the total and the rank, and a reminder of what scores during the game.
`--copies` prints more games; player names, when given, head the columns.

Every number comes from the rule data (data/carcassonne-gold-rush.yaml), every
position and size from layouts/carcassonne-gold-rush-pad.yaml. The pad art is
one form drawn once per document; each page adds only the names.
"""

from __future__ import annotations

from typing import Optional

from sheetgen import __version__, layouts
from sheetgen.art import SheetArt, document
from sheetgen.sheet import (LEADING, PT, Box, Icon, Page, Para, Rect, SheetDocument, SheetRequest, Text, baseline,
                            fit_names)

FORM = "carcassonne-gold-rush-pad"
LAYOUT = "carcassonne-gold-rush-pad"


def build(rules, request: SheetRequest) -> SheetDocument:
    layout = layouts.load(LAYOUT, request.paper)
    pad = _Pad(rules, layout, request.players)
    names = tuple(request.names) + ("",) * (request.players - len(request.names))
    page_items = pad.name_items(names)
    pages = [Page(FORM, page_items) for _ in range(request.copies)]
    games = f"{request.copies} game{'s' if request.copies > 1 else ''}"
    sheets = f"{len(pages)} page{'s' if len(pages) > 1 else ''}"
    return document(layout, f"{rules.title} score pad",
                    f"Score pad: {request.players} players, {games}, {sheets}, {request.paper}, {request.ink} ink, "
                    f"rule data {rules.version}", FORM, pad.draw(), pages)



class _Pad(SheetArt):
    def __init__(self, rules, layout: dict, players: int):
        super().__init__(rules, layout)
        self.players = players
        # the table: label column, then the player columns, centred when narrower than the page
        gap = layout["column_gap"]
        room = self.width - layout["label_width"]
        self.col = min(layout["column_max"], room / players - gap)
        table = layout["label_width"] + players * (self.col + gap)
        self.left = (self.width - table) / 2
        self.table = table
        self.label_right = self.left + layout["label_width"]
        self.columns = [self.label_right + gap + i * (self.col + gap) for i in range(players)]
        self.values = self._values()

    def _values(self) -> dict:
        r = self.rules
        return dict(
            lap=r["score_track"]["spaces"], lap_top=r["score_track"]["spaces"] - 1,
            per_tile=r["railroad"]["per_tile"], exactly=r["railroad"]["locomotive"]["exactly"],
            multiplier=r["railroad"]["locomotive"]["multiplier"], per_nugget=r["mountain"]["per_nugget"],
            per_railroad=r["city"]["per_railroad"], per_tipi=r["prairie"]["per_tipi"],
            per_horses=r["prairie"]["per_horses"],
        )

    def fmt(self, key: str, **extra) -> str:
        return self.text[key].format(**self.values, **extra)

    # -- helpers ---------------------------------------------------------
    def heading(self, y: float, title: str) -> float:
        """A section bar across the table; returns the y just below it."""
        h = self.L["heading_height"]
        self.add(Box(Rect(self.left, y, self.table, h), fill="header", stroke="header_edge",
                     width=self.line["thin"], radius=0.8))
        self.add(Text(self.left + 2, baseline(y + h / 2, self.font["heading"]), title, self.font["heading"],
                      role="header_text", bold=True))
        return y + h

    def write_box(self, rect: Rect, width: Optional[float] = None, fill: str = "paper") -> None:
        self.add(Box(rect, fill=fill, width=width or self.line["box"], radius=1.0, writable=True))

    # -- the page --------------------------------------------------------
    def draw(self) -> list:
        self.header()
        self.name_row()
        y = self.running(self.L["running"]["top"])
        y = self.final(y + self.L["final"]["gap"])
        y = self.totals(y)
        self.during(y + self.L["during"]["gap"])
        self.footer()
        return self.items

    def header(self) -> None:
        h = self.L["header"]
        room = self.table - h["game_box"] - 3
        self.add(Text(self.left, baseline(h["height"] * 0.36, self.font["title"]), self.text["title"],
                      self.font["title"], bold=True, role="header", max_width=room))
        self.add(Text(self.left, baseline(h["height"] * 0.85, self.font["subtitle"]), self.text["subtitle"],
                      self.font["subtitle"], bold=True, role="muted"))
        box = Rect(self.left + self.table - h["game_box"], 0.5, h["game_box"], h["height"] - 1)
        self.write_box(box)
        self.add(Text(box.x + 1.5, box.y + 2.6, self.text["game_label"], self.font["tiny"], role="muted", bold=True))

    def name_row(self) -> None:
        spec = self.L["names"]
        self.add(Text(self.left + 1, baseline(spec["top"] + spec["height"] / 2, self.font["label"]),
                      self.text["player"], self.font["label"], bold=True))
        for x in self.columns:
            self.write_box(Rect(x, spec["top"], self.col, spec["height"]), width=self.line["box"] * 1.4)

    def name_items(self, names: tuple) -> tuple:
        spec = self.L["names"]
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

    def running(self, top: float) -> float:
        spec = self.L["running"]
        y = self.heading(top, self.text["running"]) + spec["row_gap"]
        rows, row, gap = spec["rows"], spec["row"], spec["row_gap"]
        height = rows * row + (rows - 1) * gap
        # the label column explains the grid
        size = self.L["icon"]
        self.add(Icon("meeple", self.left + 1 + size / 2, y + size / 2 + 0.6, size))
        self.add(Text(self.left + size + 3, baseline(y + size / 2 + 0.6, self.font["label"]),
                      self.text["running_label"], self.font["label"], bold=True))
        self.add(Para(Rect(self.left + 1, y + size + 2.2, self.L["label_width"] - 3, spec["caption"]),
                      self.fmt("running_caption"), self.font["hint"] + 0.8, role="muted", align="left"))
        self.add(Para(Rect(self.left + 1, y + size + 3.4 + spec["caption"], self.L["label_width"] - 3,
                           spec["caption"]), self.fmt("running_end"), self.font["hint"] + 0.8, role="muted",
                      align="left"))
        across = max(1, min(4, int((self.col + spec["cell_gap"]) // (spec["cell_min"] + spec["cell_gap"]))))
        cell = (self.col - (across - 1) * spec["cell_gap"]) / across
        for r in range(rows):
            cy = y + r * (row + gap)
            for x in self.columns:
                for k in range(across):
                    self.write_box(Rect(x + k * (cell + spec["cell_gap"]), cy, cell, row),
                                   fill="paper" if r % 2 == 0 else "light")
        return y + height

    def final_rows(self) -> list:
        """(icon, label, hint, value, unit) per row of the final scoring."""
        t = self.text
        rows = [
            ("meeple", t["laps_label"], self.fmt("laps_hint"), self.fmt("laps_value"), t["laps_unit"]),
            ("rail", t["railroad_label"], t["railroad_hint"], self.fmt("railroad_value"), t["railroad_unit"]),
            ("mountain", t["mountain_label"], t["mountain_hint"], self.fmt("mountain_value"), t["mountain_unit"]),
            ("city", t["city_label"], t["city_hint"], self.fmt("city_value"), t["city_unit"]),
            ("tipi", t["tipi_label"], t["tipi_hint"], self.fmt("tipi_value"), t["tipi_unit"]),
            ("horse", t["horse_label"], t["horse_hint"], self.fmt("horse_value"), t["horse_unit"]),
        ]
        tokens = self.rules["mining_tokens"]["values"]
        nuggets = sorted(v["value"] for v in tokens if v["value"] > 0)
        rocks = [v["name"] if v.get("name") else str(v["value"]) for v in tokens if v["value"] == 0]
        for i, value in enumerate(nuggets):
            hint = t["token_hint"]
            if i == len(nuggets) - 1 and rocks:
                hint = t["rock_note"].format(name=rocks[0])
            rows.append(("nugget", self.fmt("token_label", value=value), hint,
                         self.fmt("token_value", value=value), t["token_unit"]))
        return rows

    def final(self, top: float) -> float:
        spec = self.L["final"]
        y = self.heading(top, self.text["final"])
        count_w = max(spec["count_min"], self.col * spec["count"])
        points_x = count_w + self.L["running"]["cell_gap"]
        cap = y + spec["caption"] - 1.0
        for x in self.columns:
            self.add(Text(x + count_w / 2, cap, self.text["count"], self.font["head"], role="muted", align="center"))
            self.add(Text(x + points_x + (self.col - points_x) / 2, cap, self.text["points"], self.font["head"],
                          role="muted", align="center"))
        y += spec["caption"]
        size = self.L["icon"]
        value_w = self.L["value_width"]
        for i, (icon, label, hint, value, unit) in enumerate(self.final_rows()):
            row = Rect(self.left, y, self.L["label_width"], spec["row"])
            self.add(Icon(icon, row.x + 1 + size / 2, row.cy, size))
            text_x = row.x + size + 3
            text_w = row.right - value_w - 1.5 - text_x
            self.add(Text(text_x, row.y + 4.3, label, self.font["label"], bold=True, max_width=text_w))
            self.add(Text(text_x, row.y + 8.1, hint, self.font["hint"], role="muted", max_width=text_w))
            vbox = Rect(row.right - value_w, row.y, value_w, row.h)
            self.add(Box(vbox, fill="light", stroke="panel_edge", width=self.line["thin"], radius=0.8))
            self.add(Text(vbox.cx, row.y + 5.0, value, self.font["name"], bold=True, align="center"))
            self.add(Text(vbox.cx, row.y + 8.4, unit, self.font["tiny"], role="muted", align="center",
                          max_width=value_w - 1))
            for x in self.columns:
                self.write_box(Rect(x, y, count_w, spec["row"]), fill="light")
                self.write_box(Rect(x + points_x, y, self.col - points_x, spec["row"]))
            y += spec["row"] + spec["row_gap"]
        return y - spec["row_gap"]

    def totals(self, y: float) -> float:
        for key, spec, width in (("total", self.L["total"], self.line["total"]),
                                 ("rank", self.L["rank"], self.line["box"])):
            y += spec["gap"]
            size = self.font["name"] if key == "total" else self.font["label"]
            self.add(Text(self.label_right - 1.5, baseline(y + spec["height"] / 2, size), self.text[key], size,
                          bold=True, align="right"))
            for x in self.columns:
                self.write_box(Rect(x, y, self.col, spec["height"]), width=width)
            y += spec["height"]
        return y

    def during(self, y: float) -> None:
        spec = self.L["during"]
        rect = Rect(self.left, y, self.table, spec["height"])
        self.add(Box(rect, fill="light", stroke="panel_edge", width=self.line["frame"], radius=1.2))
        self.add(Para(Rect(rect.x + 2, rect.y + 0.8, rect.w - 4, rect.h - 1.6), self.fmt("during"),
                      self.font["hint"] + 0.8, align="left"))

    def footer(self) -> None:
        meta = self.rules["meta"]
        text = self.text["footer"].format(title=meta["title"], players=self.players, version=__version__,
                                          data_version=self.rules.version)
        self.add(Text(self.width / 2, self.L["footer"]["y"], text, self.font["footer"], role="muted",
                      align="center", max_width=self.width, footer=True))
