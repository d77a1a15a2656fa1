"""The Gold West final-scoring pad, as a SheetDocument.

One game per page: a column per player, and the rows of the results file in
its order (points, then influence, settlements, mining tokens and investment
influence per terrain, then groups down to supply), each named in the
rulebook's words with the results file's key printed small beside it
(a `Text` marked `results_key`, tests/test_print_words.py), then Boomtown (which offices each player holds spaces in, and
the 4VP), the terrain bonuses and the total. A filled pad copies straight into
the template; the boxes marked "pts" (largest group, each office, the Wanted
loss, the terrain bonuses) are for a table that adds the score up by hand.
Every number comes from the rule data (data/gold-west.yaml), every position,
size and word from layouts/gold-west-pad.yaml. The pad is one form drawn once
per document; each page adds only the names. A fillable pad
(`request.fillable`) puts a form field over each box instead, named and read as
pad_form.py says.

Boomtown rows: a game uses only `offices_in_play` (4) of the 12 offices, so the
pad has one row per office in play, each headed by a box to write that office's
name in, and a key at the foot with what each of the 12 scores. With a setup
code (`--code`) the rows print the offices that setup drew, each with how it
scores, and the key is left out. Listing all 12 as rows would double the
sheet's length for 8 rows left blank every game.

The 4VP space is scored when it is taken (rulebook: "score those 4 points
immediately"; the data's `scoring.free_cell_in_points`), so its row is a tick
for the results file's `boomtown:` and no points to add (data that scores it
at game end says so in the row).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional, Sequence

from sheetgen import layouts
from sheetgen._version import __version__
from sheetgen.art import SheetArt, document, game_pages
from sheetgen.errors import SheetgenError
from sheetgen.results.forms import SheetForm
from sheetgen.games.gold_west import pad_form as names
from sheetgen.games.gold_west.setup_code import from_code
from sheetgen.games.gold_west.score import TERRAIN_FIELDS, GoldWestScorer
from sheetgen.games.gold_west import pictograms
from sheetgen.ruledata import RuleData
from sheetgen.sheet import (Box, Item, Para, Rect, SheetDocument, SheetRequest, Text, PT, baseline, LEADING,
                            fit_names)
from sheetgen.typeface import text_width, wrap

BACKDROP = "gold-west-pad"


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = layouts.load("gold-west-pad", request.paper)
    offices: Optional[list[dict[str, Any]]] = None
    if request.code:
        drawn = from_code(rules, request.code)["boomtown"]["offices"]
        by_name = {office["name"]: office for office in rules["boomtown"]["offices"]}
        offices = [by_name[name] for name in drawn]
    form = names.form(rules) if request.fillable else None
    pad = _Pad(rules, layout, request.players, form, offices, named=bool(request.names))
    art = tuple(pad.draw())
    players = list(request.names) + [""] * (request.players - len(request.names))
    printed = {names.cell(column, "name"): name for column, name in enumerate(players, 1) if name}
    printed.update({names.office(row): office["name"] for row, office in enumerate(offices or (), 1)})
    pages = game_pages(pad, BACKDROP, request, players, printed)
    copies = f", {request.copies} copies" if request.copies > 1 else ""
    code = f", setup {request.code}" if request.code else ""
    return document(layout, f"{rules.title} final-scoring pads",
                    f"Final-scoring pads: {request.players} player columns{copies}{code}, {len(pages)} pages, "
                    f"{request.paper}, {request.ink} ink, rule data {rules.version}", BACKDROP, art, pages,
                    form_id=form.id if form is not None else "")


class _Pad(SheetArt):
    def __init__(self, rules: RuleData, layout: dict[str, Any], players: int, form: Optional[SheetForm] = None,
                 offices: Optional[list[dict[str, Any]]] = None, named: bool = False):
        super().__init__(rules, layout, form)
        self.players = players
        self.offices = offices  # the offices a setup drew (--code), else None: written in
        self.named = named  # names print in the column heads: no need to ask for them
        self.field_layout = layout["fields"]
        self.height = layout["content"]["height"]
        label, gap = layout["label_width"], layout["column_gap"]
        self.column_w = (self.width - label - gap * players) / players
        self.columns = [label + gap + i * (self.column_w + gap) for i in range(players)]
        keys = GoldWestScorer(rules).terrain_key  # a terrain's code -> its key in a results file
        self.terrains = [(kind, keys[kind["code"]]) for kind in rules["terrains"]["kinds"]]

    # -- boxes and their fields ----------------------------------------------
    def write_box(self, rect: Rect, field: str = "", label: str = "", width: Optional[float] = None,
                  size: Optional[float] = None, **style: Any) -> None:
        """A pen box, with a small label in its top left corner; on a fillable pad, the form field
        `field` over the box (below the label)."""
        self.add(Box(rect, fill="paper", width=width or self.line["box"], radius=1.0, writable=True))
        if label:
            self.add(Text(rect.x + 1.2, rect.y + 2.4, label, self.font["tiny"], role="muted", bold=True,
                          max_width=rect.w - 1.6))
        if self.form is not None and field:
            d = self.field_layout["inset"]
            top = rect.y + (self.field_layout["label"] if label else d)
            at = Rect(rect.x + d, top, rect.w - 2 * d, rect.bottom - d - top)
            self.fields.append(self.form.field(field, at, size=size or self.field_layout["size"], bold=True, **style))

    def parts(self, x: float, shares: Sequence[float]) -> list[tuple[float, float]]:
        """A player's row cut into boxes side by side, `shares` of the column each (gaps taken off)."""
        gap = self.layout["sub_gap"]
        room = self.column_w - gap * (len(shares) - 1)
        out: list[tuple[float, float]] = []
        for share in shares:
            out.append((x, room * share))
            x += room * share + gap
        return out

    # -- the labels on the left -----------------------------------------------
    def label(self, y: float, h: float, name: str, text: str = "", size: Optional[float] = None,
              key: str = "") -> None:
        """The label cell of a row: a tinted band, the row's name in the game's words and its small print;
        `key`, the results file's key for the row, printed small at the right of the name."""
        width = self.layout["label_width"]
        self.add(Box(Rect(0, y, width, h), fill="light", stroke="low_mark", width=self.line["thin"] * 0.6,
                     radius=1.0))
        size = size or self.font["label"]
        room = width - 2.8
        base = baseline(y + h / 2, size) if not text else y + 0.6 + size * PT * 0.9
        name_room = room
        if key:
            key_size = self.font["key"]
            self.add(Text(width - 1.4, base, key, key_size, role="muted", align="right", results_key=True))
            name_room -= text_width(key, key_size) + 1.5
        self.add(Text(1.4, base, name, size, bold=True, max_width=name_room))
        if not text:
            return
        top = y + 0.6 + size * PT * 1.1
        self.add(Para(Rect(1.4, top, room, y + h - 0.3 - top), text, self.font["note"], role="muted",
                      align="left"))

    # -- the sheet -------------------------------------------------------
    def draw(self) -> list[Item]:
        """Lay the sheet out: measure the fixed parts first, then give the rows what is left."""
        bottom = self.layout["footer"]["y"] - self.layout["footer"]["gap"] - self.foot_height()
        rows = self.row_count()
        fixed = self.body(0.0)
        row = min(self.layout["row"]["max"], (bottom - fixed) / rows)  # `fixed` holds the gaps already
        if row < self.layout["min_writing_box"]:
            raise SheetgenError(f"the {self.rules.title} pad cannot fit {rows} rows of "
                                f"{self.layout['min_writing_box']} mm on one page ({row:.1f} mm each is left)")
        self.items, self.fields = [], []
        self.header()
        y = self.body(row)
        self.foot(y)
        self.footer()
        return self.items

    def row_count(self) -> int:
        """The rows that share the height: the boards' rows, the offices, the 4VP, the terrain bonuses."""
        return 1 + len(TERRAIN_FIELDS) + len(names.AFTER_TERRAINS) + int(self.rules["boomtown"]["offices_in_play"]) + 2

    def header(self) -> None:
        h = self.layout["header"]
        base = baseline(h["height"] / 2, self.font["title"])
        self.add(Text(0, base, self.text["title"], self.font["title"], bold=True, role="ink"))
        title_w = len(self.text["title"]) * self.font["title"] * PT * 0.74
        self.add(Text(title_w + 3, base, self.text["subtitle"], self.font["subtitle"], bold=True, role="muted"))
        box = Rect(self.width - h["date_width"], 0, h["date_width"], h["height"])
        self.write_box(box, names.DATE, self.text["date_label"], size=self.field_layout["name"]["size"], align="left")

    def body(self, row: float) -> float:
        """Every row from the player names to the total; returns the y below them."""
        L, t = self.layout, self.text
        gap, section = L["row"]["gap"], L["section_gap"]
        y = L["header"]["height"] + L["header"]["gap"]

        # Player names: a pen box heading each column (names print into it).
        spec = L["names"]
        self.label(y, spec["height"], t["name"], "" if self.named else t["players_hint"], key="name")
        for c, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.column_w, spec["height"]), names.cell(c, "name"), t["player_label"],
                           size=self.field_layout["name"]["size"])
        y += spec["height"] + spec["gap"]

        # From the boards: the results file's rows, in its order.
        y = self.section(0, y, self.width, t["boards"], t["boards_hint"]) + gap
        self.count_row(y, row, "points")
        y += row + gap
        self.terrain_strip(y)
        y += L["strip"]
        for key in TERRAIN_FIELDS:
            self.label(y, row, t["words"][key], t["rows"][key], key=key)
            for c, x in enumerate(self.columns, 1):
                for (bx, bw), (_, word) in zip(self.parts(x, [1 / len(self.terrains)] * len(self.terrains)),
                                               self.terrains):
                    self.write_box(Rect(bx, y, bw, row), names.cell(c, key, word))
            y += row + gap
        for key in names.AFTER_TERRAINS:
            if key == "groups":
                self.label(y, row, t["words"][key], t["rows"][key].format(points=self.rules["scoring"]["largest_group"]),
                           key=key)
                self.scored_row(y, row, lambda c: names.cell(c, "groups"), lambda c: names.cell(c, "pts", "group"),
                                text=True)
            elif key == "water":
                self.label(y, row, t["words"][key], t["rows"][key], key=key)
                for c, x in enumerate(self.columns, 1):
                    for (bx, bw), part in zip(self.parts(x, [0.5, 0.5]), names.WATER):
                        self.write_box(Rect(bx, y, bw, row), names.cell(c, key, part), t["water_parts"][part])
            elif key == "wanted":
                self.label(y, row, t["words"][key], t["rows"][key], key=key)
                self.scored_row(y, row, lambda c: names.cell(c, "wanted"), lambda c: names.cell(c, "pts", "wanted"),
                                minus=True)
            else:
                self.count_row(y, row, key)
            y += row + gap
        y += section - gap

        # Boomtown: a row per office in play, then the 4VP space.
        town = self.rules["boomtown"]
        hint = t["boomtown_hint_code"] if self.offices else t["boomtown_hint"].format(count=town["offices_in_play"])
        y = self.section(0, y, self.width, t["boomtown"], hint) + gap
        for k in range(1, town["offices_in_play"] + 1):
            self.office_label(y, row, k)
            self.scored_row(y, row, lambda c: names.cell(c, "office", k), lambda c: names.cell(c, "pts", "office", k),
                            first=t["spaces"])
            y += row + gap
        free = town["free_cell"]
        at_end = not self.rules["scoring"].get("free_cell_in_points", True)
        self.label(y, row, t["free_row"].format(name=free["name"]),
                   t["free_text_at_end" if at_end else "free_text"].format(points=free["points"]))
        side = min(L["check"], row)
        for c, x in enumerate(self.columns, 1):
            self.write_box(Rect(x + (self.column_w - side) / 2, y + (row - side) / 2, side, side),
                           names.cell(c, "free"))
        y += row + gap

        # Terrain bonuses, then the total.
        self.label(y, row, t["terrains"], self.terrain_values())
        for c, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.column_w, row), names.cell(c, "pts", "terrains"), t["points_mark"])
        y += row + gap
        total = L["total"]
        self.label(y, total["height"], t["total"], t["total_text"], size=self.font["heading"] * 1.2)
        for c, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.column_w, total["height"]), names.cell(c, "total"),
                           width=self.line["total"], size=self.field_layout["size"] * 1.2)
        return float(y + total["height"] + total["gap"])

    def count_row(self, y: float, h: float, key: str) -> None:
        """A row holding one number per player, the results file's `key`."""
        self.label(y, h, self.text["words"][key], self.text["rows"][key], key=key)
        for c, x in enumerate(self.columns, 1):
            self.write_box(Rect(x, y, self.column_w, h), names.cell(c, key))

    def scored_row(self, y: float, h: float, value: Callable[[int], str], points: Callable[[int], str],
                   text: bool = False, minus: bool = False,
                   first: str = "") -> None:
        """A row of a value and, beside it, the points it scores (for adding up by hand)."""
        share = self.layout["points_share"]
        for c, x in enumerate(self.columns, 1):
            (vx, vw), (px, pw) = self.parts(x, [1 - share, share])
            self.write_box(Rect(vx, y, vw, h), value(c), first, align="left" if text else "center")
            self.write_box(Rect(px, y, pw, h), points(c), self.text["points_mark"])
            if minus:  # the loss is written after a printed minus sign
                self.add(Text(px + 1.2, baseline(y + h / 2 + 1.0, self.font["number"]), self.text["minus"],
                              self.font["number"], bold=True, role="muted"))

    def terrain_strip(self, y: float) -> None:
        """The terrains heading the per-terrain boxes of every column, in the results file's order."""
        h = self.layout["strip"]
        self.add(Text(1.4, baseline(y + h / 2, self.font["tiny"]), self.text["terrains_strip"], self.font["tiny"],
                      role="muted", bold=True, max_width=self.layout["label_width"] - 2.8))
        size = min(self.layout["icon"], h - 0.2)
        for x in self.columns:
            for (bx, bw), (kind, _) in zip(self.parts(x, [1 / len(self.terrains)] * len(self.terrains)),
                                           self.terrains):
                icon = self.layout["terrain_icons"].get(kind["code"])
                if icon:
                    self.add(pictograms.icon(icon, bx + bw / 2, y + h / 2, size))

    def office_label(self, y: float, h: float, k: int) -> None:
        """Office row k's head: a box to write the office's name in, or the office a setup drew."""
        width = self.layout["label_width"]
        if self.offices is None:
            self.write_box(Rect(0, y, width, h), names.office(k), f"{self.text['office_label']} {k}".upper(),
                           width=self.line["thin"], size=self.field_layout["office"]["size"], align="left")
            return
        office = self.offices[k - 1]
        self.label(y, h, "" if self.form is not None else office["name"], office["text"])
        if self.form is not None:  # the name is the field's value, so that it reads back
            size = self.font["label"]
            at = Rect(0.8, y + 0.4, width - 1.6, size * PT * 1.25)
            self.fields.append(self.form.field(names.office(k), at, size=size, bold=True, align="left"))

    def terrain_values(self) -> str:
        kinds = self.rules["terrains"]["kinds"]
        if self.players == 2:
            place = self.rules["terrains"]["two_player_leader_takes"]
            values = ", ".join(f"{k['code']} {k[place]}" for k in kinds)
            return str(self.text["terrains_text_two"].format(place=place, values=values))
        values = ", ".join(f"{k['code']} {k['first']}/{k['second']}" for k in kinds)
        return str(self.text["terrains_text"].format(values=values))

    def foot_height(self) -> float:
        notes = self.layout["notes"]["height"] + self.layout["notes"]["gap"]
        if self.offices is not None:
            return float(notes)
        return float(notes + self.layout["heading_height"] + self.layout["key"]["top_gap"] + self.key_height())

    def key_columns(self) -> list[list[tuple[dict[str, Any], float]]]:
        """The office key's columns: in each, (office, its height) top to bottom; an office takes a line,
        and a line more for each line its text wraps to."""
        spec, size = self.layout["key"], self.font["note"]
        columns = spec["columns"]
        text_w = (self.width - spec["column_gap"] * (columns - 1)) / columns - spec["name_width"]
        offices = self.rules["boomtown"]["offices"]
        per_column = math.ceil(len(offices) / columns)
        entries = [(office, spec["line"] + (len(wrap(office["text"], size, False, text_w)) - 1) * size * PT * 1.15)
                   for office in offices]
        return [entries[i:i + per_column] for i in range(0, len(entries), per_column)]

    def key_height(self) -> float:
        return max(sum(h for _, h in column) for column in self.key_columns())

    def foot(self, y: float) -> None:
        """The Wanted and terrain tie rules, then (no setup code) what every office scores."""
        t, spec = self.text, self.layout["key"]
        wanted = self.rules["scoring"]["wanted"]
        ties = t["ties_join"].join(t["tie_breakers"]["_".join(*b.items())] for b in self.rules["tie_breakers"]["order"])
        notes = " ".join((t["wanted_foot"].format(most=self.wanted(wanted["most"]),
                                                  second=self.wanted(wanted["second"])),
                          t["terrain_foot"].format(ties=ties)))
        self.add(Para(Rect(1.4, y, self.width - 2.8, self.layout["notes"]["height"]), notes, self.font["note"],
                      role="muted", align="left"))
        y += self.layout["notes"]["height"] + self.layout["notes"]["gap"]
        if self.offices is not None:
            return
        y = self.section(0, y, self.width, t["key"]) + spec["top_gap"]
        columns = spec["columns"]
        cell_w = (self.width - spec["column_gap"] * (columns - 1)) / columns
        name_w, size = spec["name_width"], self.font["note"]
        for col, entries in enumerate(self.key_columns()):
            x, top = col * (cell_w + spec["column_gap"]), y
            for office, h in entries:
                self.add(Text(x + 1.6, baseline(top + spec["line"] / 2, size), office["name"], size, bold=True,
                              max_width=name_w - 2.4))
                self.add(Para(Rect(x + name_w, top, cell_w - name_w, h), office["text"], size, align="left"))
                top += h

    def wanted(self, penalty: dict[str, int]) -> str:
        template = self.text["wanted_one"] if penalty["per"] == 1 else self.text["wanted_many"]
        return str(template.format(lose=penalty["lose"], per=penalty["per"]))

    def name_items(self, players: Sequence[str]) -> tuple[Text, ...]:
        """The names printed in the column heads (a page's only own items): one size for the row.

        A name too long for one line breaks after a space or hyphen onto more, as many as the box holds.
        """
        spec = self.layout["names"]
        top = self.layout["header"]["height"] + self.layout["header"]["gap"]
        cy = top + spec["height"] / 2 + 1.0
        room = self.column_w - 3
        placed = [(x, name) for x, name in zip(self.columns, players) if name]
        if not placed:
            return ()
        size, lines = fit_names([name for _, name in placed], room, self.font["name"], f"the {self.rules.title} pad",
                                height=spec["lines"])
        items: list[Text] = []
        step = size * PT * LEADING
        for (x, _), name_lines in zip(placed, lines):
            cx = x + self.column_w / 2
            first = cy - step * (len(name_lines) - 1) / 2
            items += [Text(cx, baseline(first + i * step, size), line, size, bold=True, align="center",
                           max_width=room) for i, line in enumerate(name_lines)]
        return tuple(items)

    def footer(self) -> None:
        meta = self.rules["meta"]
        text = self.text["footer"].format(title=meta["title"], version=__version__,
                                          data_version=self.rules.version)
        self.add(Text(self.width / 2, self.layout["footer"]["y"], text, self.font["footer"], role="muted",
                      align="center", max_width=self.width, footer=True))
