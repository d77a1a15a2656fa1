"""The Gold West final-scoring pad, as a SheetDocument.

One game per page: a column per player, and the rows in the order the
rulebook scores (the score track first, then 1 building groups, 2 Boomtown,
3 looting penalties, 4 terrain bonuses), the total, the tie-breakers, and a
key to every Boomtown office. Every number comes from the rule data
(data/gold-west.yaml), every position and size from layouts/gold-west-pad.yaml.
The pad is one form drawn once per document; each page adds only the names.

Boomtown rows: a game uses only `offices_in_play` (4) of the 12 offices, so the
pad has one row per office in play, each headed by a box to write that office's
name in, and a key at the foot with what each of the 12 scores. Listing all 12
as rows would double the sheet's length for 8 rows left blank every game, and
make a wrong-row slip easy; writing 4 names takes a few seconds at setup, the
key answers "how does this one score?" without the rulebook, and a player who
holds both spaces of an office writes the doubled score in one box.

The 4VP space is scored when it is taken (rulebook: "score those 4 points
immediately"; the data's `scoring.free_cell_in_points`), so it is not a row to
add: a note under the office rows says it is already on the score track, so
nobody counts it twice. Data that scores it at game end instead gets a row.
"""

from __future__ import annotations

from typing import Optional

import math

from sheetgen import __version__, layouts
from sheetgen.art import SheetArt, document
from sheetgen.errors import SheetgenError
from sheetgen.sheet import (Box, Icon, Line, Page, Para, Rect, SheetDocument, SheetRequest, Text, PT, baseline,
                            LEADING, fit_names)

FORM = "gold-west-pad"


def build(rules, request: SheetRequest) -> SheetDocument:
    layout = layouts.load("gold-west-pad", request.paper)
    pad = _Pad(rules, layout, request.players)
    art = tuple(pad.draw())
    names = list(request.names) + [""] * (request.players - len(request.names))
    heads = pad.name_items(names)
    pages = [Page(FORM, heads) for _ in range(request.copies)]
    copies = f", {request.copies} copies" if request.copies > 1 else ""
    return document(layout, f"{rules.title} final-scoring pads",
                    f"Final-scoring pads: {request.players} player columns{copies}, {len(pages)} pages, "
                    f"{request.paper}, {request.ink} ink, rule data {rules.version}", FORM, art, pages)



class _Pad(SheetArt):
    def __init__(self, rules, layout: dict, players: int):
        super().__init__(rules, layout)
        self.players = players
        label, gap = layout["label_width"], layout["column_gap"]
        self.column_w = (self.width - label - gap * players) / players
        self.columns = [label + gap + i * (self.column_w + gap) for i in range(players)]

    # -- helpers ---------------------------------------------------------
    def heading(self, y: float, title: str, hint: str = "") -> float:
        """A section bar across the sheet; returns the y just below it."""
        h = self.L["heading_height"]
        self.add(Box(Rect(0, y, self.width, h), fill="header", stroke="header_edge", width=self.line["thin"],
                     radius=0.8))
        self.add(Text(2, baseline(y + h / 2, self.font["heading"]), title, self.font["heading"],
                      role="header_text", bold=True))
        if hint:
            start = 6 + len(title) * self.font["heading"] * PT * 0.72
            self.add(Text(self.width - 2, baseline(y + h / 2, self.font["tiny"]), hint, self.font["tiny"],
                          role="header_text", align="right", max_width=self.width - 2 - start))
        return y + h

    def cells(self, y: float, h: float, width: Optional[float] = None, minus: bool = False) -> None:
        """One pen box per player column."""
        for x in self.columns:
            self.add(Box(Rect(x, y, self.column_w, h), fill="paper", width=width or self.line["box"],
                         radius=1.0, writable=True))
            if minus:  # the loss is written after a printed minus sign
                self.add(Text(x + 2.2, baseline(y + h / 2, self.font["number"]), self.text["minus"],
                              self.font["number"], bold=True, role="muted"))

    def label(self, y: float, h: float, name: str, text: str = "", icon: Optional[str] = None, right: float = 0,
              size: Optional[float] = None) -> None:
        """The label cell of a row: a tinted band, an optional icon, the name and small print."""
        width = self.L["label_width"]
        self.add(Box(Rect(0, y, width, h), fill="light", stroke="low_mark", width=self.line["thin"] * 0.6,
                     radius=1.0))
        x = 1.6
        if icon:
            size_icon = self.L["icon"]
            self.add(Icon(icon, x + size_icon / 2, y + h / 2, size_icon))
            x += size_icon + 1.6
        size = size or self.font["label"]
        room = width - x - right - 1.2
        if not text:
            self.add(Text(x, baseline(y + h / 2, size), name, size, bold=True, max_width=room))
            return
        name_h = size * PT * 1.25
        self.add(Text(x, y + 0.8 + size * PT * 0.9, name, size, bold=True, max_width=room))
        top = y + 0.8 + name_h
        self.add(Para(Rect(x, top, room, y + h - 0.5 - top), text, self.font["tiny"], role="muted",
                      align="left"))

    def note(self, y: float, text: str) -> float:
        h = self.L["note"]
        self.add(Para(Rect(1.6, y, self.width - 3.2, h), text, self.font["tiny"], role="muted", align="left"))
        return y + h

    # -- the sheet -------------------------------------------------------
    def draw(self) -> list:
        """Lay the sheet out: measure the fixed parts first, then give the score rows what is left."""
        key_rows = math.ceil(len(self.rules["boomtown"]["offices"]) / self.L["key"]["columns"])
        key_h = self.L["heading_height"] + self.L["key"]["top_gap"] + key_rows * self.L["key"]["line"]
        limit = self.L["footer"]["y"] - self.L["footer"]["gap"] - key_h
        flexible = 3 + self.rules["boomtown"]["offices_in_play"] + len(self.rules["terrains"]["kinds"])
        flexible += 0 if self.free_cell_in_points() else 1
        fixed = self.body(0.0)
        row = min(self.L["row"]["max"], (limit - fixed) / flexible)
        if row < self.L["min_writing_box"]:
            raise SheetgenError(f"the {self.rules.title} pad cannot fit {flexible} score rows on one page "
                                f"(the rule data has too many offices in play or terrains)")
        self.items = []
        self.header()
        bottom = self.body(row)
        self.key(bottom)
        self.footer()
        return self.items

    def header(self) -> None:
        h = self.L["header"]
        base = baseline(h["height"] / 2, self.font["title"])
        self.add(Text(0, base, self.text["title"], self.font["title"], bold=True, role="header"))
        title_w = len(self.text["title"]) * self.font["title"] * PT * 0.74
        self.add(Text(title_w + 3, base, self.text["subtitle"], self.font["subtitle"], bold=True, role="muted"))
        box = Rect(self.width - h["date_width"], 0, h["date_width"], h["height"])
        self.add(Box(box, fill="paper", width=self.line["box"], radius=1.0, writable=True))
        self.add(Text(box.x + 1.5, box.y + 2.6, self.text["date_label"], self.font["tiny"], role="muted", bold=True))

    def body(self, row: float) -> float:
        """Every score row from the player names to the tie-breakers; returns the y below them."""
        L, t = self.L, self.text
        gap, section = L["row"]["gap"], L["section_gap"]
        y = L["header"]["height"] + L["header"]["gap"]

        # Player names: a pen box heading each column (names print into it).
        names = L["names"]
        self.label(y, names["height"], t["player_label"], t["players_hint"])
        for x in self.columns:
            rect = Rect(x, y, self.column_w, names["height"])
            self.add(Box(rect, fill="paper", width=self.line["box"], radius=1.0, writable=True))
            self.add(Text(rect.x + 1.5, rect.y + 2.6, t["player_label"], self.font["tiny"], role="muted",
                          bold=True))
        y += names["height"] + names["gap"]

        # The score track: everything scored during play.
        town = self.rules["boomtown"]
        track = t["track_text"] if self.free_cell_in_points() else t["track_text_free_at_end"]
        self.label(y, row, t["track"], track.format(free=town["free_cell"]["name"]))
        self.cells(y, row)
        y += row + section

        # 1 Building groups.
        scoring = self.rules["scoring"]
        y = self.heading(y, t["steps"]["group"]) + gap
        self.label(y, row, t["group"], t["group_text"].format(points=scoring["largest_group"]))
        self.cells(y, row)
        y += row + section

        # 2 Boomtown: a row per office in play, its name written in.
        count = town["offices_in_play"]
        y = self.heading(y, t["steps"]["boomtown"], t["boomtown_hint"].format(count=count)) + gap
        for i in range(1, count + 1):
            rect = Rect(0, y, L["label_width"], row)
            self.add(Box(rect, fill="paper", width=self.line["thin"], radius=1.0, writable=True))
            self.add(Text(rect.x + 1.5, rect.y + 2.6, f"{t['office_label']} {i}".upper(), self.font["tiny"],
                          role="muted", bold=True))
            self.cells(y, row)
            y += row + gap
        free = town["free_cell"]
        if self.free_cell_in_points():
            y = self.note(y, t["free_note"].format(name=free["name"], points=free["points"])) + section
        else:  # a house rule scoring the free cell at game end: a row of its own
            self.label(y, row, t["free_row"].format(name=free["name"]),
                       t["free_text"].format(name=free["name"], points=free["points"]))
            self.cells(y, row)
            y += row + section

        # 3 Looting penalties: a loss, written after a printed minus.
        wanted = scoring["wanted"]
        y = self.heading(y, t["steps"]["wanted"]) + gap
        self.label(y, row, t["wanted"], t["wanted_text"].format(most=self.wanted(wanted["most"]),
                                                                  second=self.wanted(wanted["second"])))
        self.cells(y, row, minus=True)
        y += row + section

        # 4 Terrain bonuses: a row per terrain with its 1st and 2nd values.
        terrains = self.rules["terrains"]
        y = self.heading(y, t["steps"]["terrain"], t["terrain_hint"]) + gap
        two_players = self.players == 2
        used = terrains["two_player_leader_takes"]
        chip = L["chip"]
        for kind in terrains["kinds"]:
            self.label(y, row, kind["name"], icon=L["terrain_icons"].get(kind["code"]),
                       right=2 * chip["width"] + chip["gap"] + 0.6)
            x = L["label_width"] - 0.6 - 2 * chip["width"] - chip["gap"]
            for place in ("first", "second"):
                self.value_chip(Rect(x, y + 0.8, chip["width"], row - 1.6), t[place], kind[place],
                                unused=two_players and place != used)
                x += chip["width"] + chip["gap"]
            self.cells(y, row)
            y += row + gap
        note = t["terrain_note"]
        if two_players:
            unused = "second" if used == "first" else "first"
            note = t["two_player_note"].format(unused=t[unused], used=t[used])
        y = self.note(y, note) + section

        # The total, then the tie-breakers in the rulebook's order.
        total = L["total"]
        self.label(y, total["height"], t["total"], t["total_text"], size=self.font["heading"] * 1.2)
        self.cells(y, total["height"], width=self.line["total"])
        y += total["height"] + total["gap"]
        ties = L["ties"]
        self.add(Box(Rect(0, y, self.width, ties["height"]), fill="light", stroke=None, radius=1.0))
        self.add(Text(1.6, baseline(y + ties["height"] / 2, self.font["label"]), t["ties"], self.font["label"],
                      bold=True))
        order = self.rules["tie_breakers"]["order"]
        rules = t["ties_join"].join(t["tie_breakers"]["_".join(*b.items())] for b in order) + t["ties_last"]
        self.add(Para(Rect(ties["label"], y + 0.5, self.width - ties["label"] - 1.6, ties["height"] - 1.0),
                      rules[0].upper() + rules[1:], self.font["small"], align="left"))
        return y + ties["height"] + ties["gap"]

    def free_cell_in_points(self) -> bool:
        """Is the 4VP space already on the score track? (The rulebook scores it when taken.)"""
        return self.rules["scoring"].get("free_cell_in_points", True)

    def wanted(self, penalty: dict) -> str:
        template = self.text["wanted_one"] if penalty["per"] == 1 else self.text["wanted_many"]
        return template.format(lose=penalty["lose"], per=penalty["per"])

    def value_chip(self, rect: Rect, place: str, value: int, unused: bool) -> None:
        role = "muted" if unused else "ink"
        self.add(Box(rect, fill="paper", stroke="muted", width=self.line["thin"], radius=0.8))
        self.add(Text(rect.cx, rect.y + 2.4, place, self.font["tiny"], role="muted", bold=True, align="center"))
        self.add(Text(rect.cx, baseline(rect.cy + 1.3, self.font["number"]), str(value), self.font["number"],
                      role=role, bold=True, align="center"))
        if unused:  # 2 players: this value is not scored
            self.add(Line(rect.x + 1.5, rect.bottom - 1.5, rect.right - 1.5, rect.y + 1.5,
                          width=self.line["box"], role="muted"))

    def key(self, y: float) -> None:
        spec = self.L["key"]
        y = self.heading(y, self.text["key"]) + spec["top_gap"]
        columns = spec["columns"]
        cell_w = (self.width - spec["column_gap"] * (columns - 1)) / columns
        offices = self.rules["boomtown"]["offices"]
        per_column = math.ceil(len(offices) / columns)
        name_w = spec["name_width"]
        for index, office in enumerate(offices):
            col, r = divmod(index, per_column)
            x, top = col * (cell_w + spec["column_gap"]), y + r * spec["line"]
            self.add(Text(x + 1.6, baseline(top + spec["line"] / 2, self.font["small"]), office["name"],
                          self.font["small"], bold=True, max_width=name_w - 2.4))
            self.add(Para(Rect(x + name_w, top, cell_w - name_w, spec["line"]), office["text"],
                          self.font["small"], align="left"))

    def name_items(self, names: list) -> tuple:
        """The names printed in the column heads (a page's only own items): one size for the row.

        A name too long for one line breaks after a space or hyphen onto more, as many as the box holds.
        """
        spec = self.L["names"]
        top = self.L["header"]["height"] + self.L["header"]["gap"]
        cy = top + spec["height"] / 2 + 1.2
        room = self.column_w - 3
        placed = [(x, name) for x, name in zip(self.columns, names) if name]
        if not placed:
            return ()
        size, lines = fit_names([name for _, name in placed], room, self.font["name"], f"the {self.rules.title} pad",
                                height=spec["lines"])
        items = []
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
        self.add(Text(self.width / 2, self.L["footer"]["y"], text, self.font["footer"], role="muted",
                      align="center", max_width=self.width, footer=True))
