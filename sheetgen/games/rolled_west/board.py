"""The Rolled West dry-erase score board, as a SheetDocument.

Every number comes from the rule data (data/rolled-west.yaml), every position
and size from layouts/rolled-west-board.yaml. The board art is one form drawn
once per document; each page adds only the player's name. A fillable board
(`request.fillable`) adds a form field over each writable box instead, named
and read as board_form.py says.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from sheetgen import layouts, marks
from sheetgen._version import __version__
from sheetgen.errors import InvalidInput
from sheetgen.art import SheetArt, document, player_pages
from sheetgen.results.forms import SheetForm
from sheetgen.ruledata import RuleData
from sheetgen.games.rolled_west import board_form as names  # the form's field names
from sheetgen.games.rolled_west.score import CATEGORIES
from sheetgen.games.rolled_west import pictograms
from sheetgen.scan import marks as scan_marks
from sheetgen.sheet import (FIELD_PAD, Box, Item, Line, Para, Rect, SheetDocument, SheetRequest, Text, PT,
                            baseline, fit_names, para_lines)

BACKDROP = "rolled-west-board"


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = layouts.load("rolled-west-board", request.paper)
    room = contract_room(layout, len(rules["boomtown"]["rows"]))
    if len(rules["contracts"]) > room:  # refused before anything is drawn: a longer list would print as a smear
        raise InvalidInput([rules.problem(("contracts", room), f"the board has room for {room} contracts; "
                                                               f"this file lists {len(rules['contracts'])}")])
    art = _Board(rules, layout, names.form(rules) if request.fillable else None, request.paper)
    drawn = tuple(art.draw())
    pages = player_pages(art, BACKDROP, request)
    pages = scan_marks.pages(layout, rules, request, pages)
    players = f"{request.players} players" + (f" x {request.copies} copies" if request.copies > 1 else "")
    return document(layout, f"{rules.title} score boards",
                    f"Dry-erase score boards: {players}, {len(pages)} pages, {request.paper}, {request.ink} ink, "
                    f"rule data {rules.version}", BACKDROP, drawn, pages,
                    form_id=art.form.id if art.form is not None else "")


def contract_room(layout: dict[str, Any], town_rows: int) -> int:
    """The most contracts the board's grid holds: rows of `columns` beside Boomtown (as tall as its
    axis and office rows), each at least the layout's `least` tall."""
    c, b = layout["contracts"], layout["boomtown"]
    height = b["axis"] + town_rows * (b["cell"] + b["gap"])
    columns: int = c["columns"]
    return int(height // (c["least"] + c["gap"])) * columns


class _Board(SheetArt):
    def __init__(self, rules: RuleData, layout: dict[str, Any], form: Optional[SheetForm] = None,
                 paper: str = "letter"):
        super().__init__(rules, layout, form)
        self.paper = paper
        self.field_layout = layout["fields"]
        self.letters = {f["resource"]: f["letter"].upper() for f in rules["dice"]["faces"]}
        self.names = {f["resource"]: f["name"] for f in rules["dice"]["faces"]}

    # -- helpers ---------------------------------------------------------
    def row_label(self, y: float, h: float, kind: str, name: str) -> None:
        size = self.layout["icon"]
        self.add(pictograms.icon(kind, 1 + size / 2, y + h / 2, size))
        self.add(Text(size + 3, baseline(y + h / 2, self.font["label"]), name, self.font["label"], bold=True,
                      max_width=self.layout["label_width"] - size - 3.5))

    def write_box(self, rect: Rect, fill: str = "paper", width: Optional[float] = None, field: str = "",
                  at: Optional[Rect] = None, **style: Any) -> None:
        """A box to write in; on a fillable board, the form field `field` over `at` (default: the box)."""
        self.add(Box(rect, fill=fill, width=width or self.line["box"], radius=1.0, writable=True))
        if self.form is not None and field:
            self.fields.append(self.form.field(field, at or self.inset(rect), **style))

    # -- where a form field sits in its box (layout: fields) ---------------------
    def inset(self, rect: Rect, by: float = 0.0) -> Rect:
        d = self.field_layout["inset"] + by
        return Rect(rect.x + d, rect.y + d, rect.w - 2 * d, rect.h - 2 * d)

    def strip(self, rect: Rect) -> Rect:
        """A line along the box's foot, below its printed numbers."""
        d, h = self.field_layout["inset"], self.field_layout["strip"]["height"]
        return Rect(rect.x + d, rect.bottom - d - h, rect.w - 2 * d, h)

    def corner(self, rect: Rect) -> Rect:
        """A check square in the box's lower left corner."""
        d, side = self.field_layout["inset"], self.field_layout["check"]
        return Rect(rect.x + d, rect.bottom - d - side, side, side)

    def number(self, cx: float, cy: float, value: int, size: Optional[float] = None) -> None:
        size = size or self.font["number"]
        self.add(Text(cx, baseline(cy, size), str(value), size, bold=True, align="center"))

    def corner_star(self, rect: Rect, size: float) -> None:
        self.add(pictograms.icon("star", rect.right - size / 2 - 0.7, rect.y + size / 2 + 0.7, size))

    # -- sections --------------------------------------------------------
    def draw(self) -> list[Item]:
        self.header()
        self.banking()
        self.claims()
        self.shipping()
        self.contracts_and_boomtown()
        self.tally()
        self.footer()
        return self.items

    def header(self) -> None:
        h = self.layout["header"]
        self.add(*scan_marks.marker_items(self.layout, self.paper))
        self.add(Text(h["title_x"], baseline(h["height"] / 2, self.font["title"]), self.text["title"],
                      self.font["title"], bold=True, role="ink"))
        box = Rect(h["name_x"], 0.5, h["name_right"] - h["name_x"], h["height"] - 1)
        left = h["name_x"] + h["name_label"] + 8 - FIELD_PAD * PT  # its text starts where name_items prints
        inner = self.inset(box)
        self.write_box(box, field=names.NAME, at=Rect(left, inner.y, inner.right - left, inner.h),
                       size=self.field_layout["name"]["size"], bold=True, align="left")
        self.add(Text(box.x + 1.5, box.y + 2.6, self.text["name_label"], self.font["tiny"], role="muted", bold=True))

    def name_items(self, name: str) -> tuple[Item, ...]:
        if not name:
            return ()
        h = self.layout["header"]
        x = h["name_x"] + h["name_label"] + 8
        room = h["name_right"] - x - 2
        size, _ = fit_names([name], room, self.font["title"] * 0.8, f"the {self.rules.title} score board")
        return (Text(x, baseline(h["height"] / 2, size), name, size, bold=True, max_width=room),)

    def banking(self) -> None:
        spec, bank = self.layout["banking"], self.rules["banking"]
        top = spec["top"]
        box_top = top + spec["marker"]
        self.add(Text(1, baseline(box_top + spec["box"] * 0.35, self.font["label"]), self.text["banking"],
                      self.font["label"], bold=True))
        self.add(Text(1, baseline(box_top + spec["box"] * 0.75, self.font["tiny"]), self.text["banking_first"],
                      self.font["tiny"], role="muted", max_width=self.layout["label_width"] - 2))
        x = self.layout["label_width"] + 2
        size = self.field_layout["bank"]["size"]
        for number, (kind, turn) in enumerate(names.banking(self.rules), 1):
            rect = Rect(x, box_top, spec["box"], spec["box"])
            marker_y = top + spec["marker"] / 2
            field = names.bank(number)
            if kind == "own":
                self.write_box(rect, field=field, size=size, bold=True)
                self.add(Text(rect.cx, baseline(marker_y, self.font["small"]), f"R{turn}", self.font["small"],
                              bold=True, align="center"))
            else:
                inner = Rect(rect.x + 0.9, rect.y + 0.9, rect.w - 1.8, rect.h - 1.8)
                self.write_box(rect, fill="shade", field=field, at=self.inset(inner), size=size, bold=True)
                self.add(Box(inner, stroke="low_mark", width=self.line["thin"], radius=0.6))
                self.add(pictograms.icon("people", rect.cx, marker_y, spec["marker"] * 0.85))
            x += spec["box"] + spec["gap"]
        dice = self.rules["dice"]
        caption = self.text["banking_caption"].format(own_rounds=bank["own_turn_rounds"],
                                                      between=bank["between_turns"],
                                                      resources=dice["count"] - dice["terrain_dice"])
        y = box_top + spec["box"] + 0.6
        self.add(Para(Rect(self.layout["label_width"] + 2, y, self.width - self.layout["label_width"] - 2, spec["caption"]),
                      caption, self.font["tiny"], role="muted", align="left"))

    def claims(self) -> None:
        spec, claims = self.layout["claims"], self.rules["claims"]
        y = self.section(0, spec["top"], self.width, self.text["claims"])
        self.add(Text(spec["majority_x"], baseline(spec["top"] + self.layout["heading_height"] / 2, self.font["small"]),
                      self.text["majority"], self.font["small"], role="header_text", bold=True))
        hint_x = self.layout["label_width"] + 2
        self.add(Text(hint_x, baseline(spec["top"] + self.layout["heading_height"] / 2, self.font["tiny"]),
                      self.text["claims_columns"], self.font["tiny"], role="header_text",
                      max_width=spec["majority_x"] - hint_x - 3))
        y += spec["row_gap"]
        for row in claims["rows"]:
            self.row_label(y, spec["row"], row["terrain"], row["name"])
            x = self.layout["label_width"] + 2
            for position, points in enumerate(row["spaces"], start=1):
                rect = Rect(x, y, spec["space"], spec["row"])
                self.write_box(rect, field=names.claim(row["key"], position), at=self.strip(rect),
                               size=self.field_layout["strip"]["size"])
                if points is not None:  # in the top left corner: the rest of the space is for drawing the camp
                    size = self.font["claim_value"]
                    self.add(Text(rect.x + 1.2, rect.y + 1.0 + size * PT * 0.72, str(points), size, bold=True))
                if position in row["stars"]:
                    self.corner_star(rect, spec["star"])
                x += spec["space"] + spec["space_gap"]
            mx = spec["majority_x"]
            for place, label, value in zip(names.PLACES, (self.text["first"], self.text["second"]),
                                           (row["majority"]["first"], row["majority"]["second"])):
                rect = Rect(mx, y, spec["majority_box"], spec["row"])
                self.write_box(rect, fill="light", field=names.majority(row["key"], place), at=self.corner(rect))
                self.add(Text(rect.x + 1.2, rect.y + 2.6, label, self.font["tiny"], role="muted", bold=True))
                self.number(rect.cx + 1.5, rect.cy + 0.8, value)
                mx += spec["majority_box"] + spec["majority_gap"]
            y += spec["row"] + spec["row_gap"]
        self.claims_legend(y, spec["legend"], claims)

    def claims_legend(self, y: float, h: float, claims: dict[str, Any]) -> None:
        left = self.layout["label_width"] + 2
        slot = (self.width - left) / 4
        cy = y + h / 2
        size = h * 0.62
        entries = [
            (("camp",), self.text["legend_camp"]),
            (("camp", "settlement"), self.text["legend_settlement"]),  # as the printed board draws it
            (("star",), self.text["legend_star"]),
            ((), self.text["legend_majority"]),
        ]
        values = dict(camp_wood=claims["camp"]["wood"], camp_spaces=claims["camp"]["spaces"],
                      settlement_wood=claims["settlement"]["wood"],
                      settlement_spaces=claims["settlement"]["spaces"])
        self.add(Text(1, baseline(cy, self.font["tiny"]), "LEGEND", self.font["tiny"], role="muted", bold=True))
        for i, (kinds, text) in enumerate(entries):
            x = left + i * slot
            for kind in kinds:
                self.add(pictograms.icon(kind, x + size / 2, cy, size))
                x += size + 0.8
            self.add(Para(Rect(x + 0.6, y, left + (i + 1) * slot - x - 1.6, h), text.format(**values),
                          self.font["tiny"], align="left"))

    def shipping(self) -> None:
        spec = self.layout["shipping"]
        y = self.section(0, spec["top"], spec["panel_x"] - 2, self.text["shipping"], self.text["shipping_columns"])
        y += spec["row_gap"]
        rows_top = spec["top"]
        for row in self.rules["shipping"]["rows"]:
            self.row_label(y, spec["row"], row["metal"], self.names[row["metal"]])
            x = self.layout["label_width"] + 2
            last = len(row["boxes"])
            for position, value in enumerate(row["boxes"], start=1):
                rect = Rect(x, y, spec["box"], spec["row"])
                field = names.shipping(row["metal"], position)
                if isinstance(value, list):
                    self.write_box(rect, field=field, at=self.strip(rect), size=self.field_layout["strip"]["size"],
                                   align="left")
                else:
                    self.write_box(rect, field=field, at=self.corner(rect))
                if isinstance(value, list):
                    high, low = value
                    self.number(rect.x + rect.w * 0.3, rect.cy, high)
                    self.add(Line(rect.cx + 0.8, rect.y + 2.5, rect.cx - 0.8, rect.bottom - 2.5,
                                  width=self.line["thin"], role="muted"))
                    self.number(rect.x + rect.w * 0.72, rect.cy + 1.2, low, self.font["low_number"])
                elif value is not None:
                    self.number(rect.cx, rect.cy, value)
                if position in row["stars"] and position != last:
                    self.corner_star(rect, spec["star"])
                x += spec["box"] + spec["box_gap"]
            if last in row["stars"]:
                self.add(pictograms.icon("star", x + spec["end_star"] / 2 + 0.5, y + spec["row"] / 2, spec["end_star"]))
            y += spec["row"] + spec["row_gap"]
        self.turn_panel(spec["panel_x"], rows_top, y - spec["row_gap"] - rows_top)

    def turn_panel(self, x: float, y: float, h: float) -> None:
        w = self.width - x
        self.add(Box(Rect(x, y, w, h), fill="light", stroke="panel_edge", width=self.line["frame"], radius=1.2))
        top = self.section(x, y, w, self.text["turn"])
        dice = self.rules["dice"]
        values = dict(dice=dice["count"], resources=dice["count"] - dice["terrain_dice"],
                      ghost=self.rules["banking"]["ghost_roll_dice"])
        lines = [step.format(**values) for step in self.text["turn_steps"]] + [self.text["ghost"].format(**values)]
        key_height = 10.5  # the ordinary-d12 key at the foot of the panel
        room = (y + h - key_height) - (top + 0.8)

        # each step's share of the room is as many lines as it wraps to
        wraps = [len(para_lines(Para(Rect(0, 0, w - 3.2, room), line, self.font["tiny"]))) for line in lines]
        at = top + 0.8
        for i, line in enumerate(lines):
            each = room * wraps[i] / sum(wraps)
            self.add(Para(Rect(x + 1.6, at, w - 3.2, each), line, self.font["tiny"],
                          align="left", role="ink" if i < len(lines) - 1 else "muted"))
            at += each
        label_y = y + h - key_height + 2.2
        self.add(Text(x + 1.6, label_y, self.text["d12"], self.font["tiny"], bold=True))
        key_y = y + h - 3.4
        slot = (w - 3.2) / len(dice["faces"])
        for i, face in enumerate(dice["faces"]):
            low, high = face["d12"]
            left = x + 1.6 + i * slot
            self.add(Text(left + slot * 0.5, baseline(key_y, self.font["small"]), f"{low}-{high}",
                          self.font["small"], bold=True, align="right"))
            self.add(pictograms.icon(face["resource"], left + slot * 0.5 + 3.2, key_y, 4.4))

    def contracts_and_boomtown(self) -> None:
        c_spec, b_spec = self.layout["contracts"], self.layout["boomtown"]
        town = self.rules["boomtown"]
        gap = b_spec["gap"]
        # Boomtown: a column axis of metal icons, a row axis, then the 3x3 offices.
        bx = b_spec["x"]
        y = self.section(bx, c_spec["top"], self.width - bx, self.text["boomtown"], self.text["boomtown_hint"])
        axis = b_spec["axis"]
        cells_x = bx + axis
        cell_w = (self.width - cells_x - gap * (len(town["columns"]) - 1)) / len(town["columns"])
        cells_y = y + gap + axis
        for j, metal in enumerate(town["columns"]):
            self.add(pictograms.icon(metal, cells_x + j * (cell_w + gap) + cell_w / 2, y + gap + axis / 2, axis * 0.75))
        offices = {(o["row"], o["column"]): o for o in town["offices"]}
        for i, row_metal in enumerate(town["rows"]):
            cy = cells_y + i * (b_spec["cell"] + gap)
            self.add(pictograms.icon(row_metal, bx + axis / 2, cy + b_spec["cell"] / 2, axis * 0.75))
            for j, col_metal in enumerate(town["columns"]):
                rect = Rect(cells_x + j * (cell_w + gap), cy, cell_w, b_spec["cell"])
                # a square to mark the office as yours, top left, its word beside it; the scoring below
                side = b_spec["mark"]
                mark = Rect(rect.x + 1.2, rect.y + 1.2, side, side)
                self.write_box(rect)
                self.add(Box(mark, fill="paper", width=self.line["thin"], radius=0.5),
                         Text(mark.right + 1.2, baseline(mark.cy, self.font["tiny"]), self.text["boomtown_mark"],
                              self.font["tiny"], role="muted", bold=True))
                if self.form is not None:
                    self.fields.append(self.form.field(names.office(self.letters[row_metal] + self.letters[col_metal]),
                                                       self.inset(mark, -self.field_layout["inset"] + 0.4)))
                inner = Rect(rect.x + 1.2, mark.bottom + 0.4, rect.w - 2.4, rect.bottom - 0.8 - mark.bottom - 0.4)
                self.add(Para(inner, offices[(row_metal, col_metal)]["text"], self.font["small"]))
        bottom = cells_y + len(town["rows"]) * (b_spec["cell"] + gap) - gap

        # Contracts: a grid that ends level with Boomtown.
        contracts = self.rules["contracts"]
        width = c_spec["width"]
        y = self.section(0, c_spec["top"], width, self.text["contracts"], self.text["contracts_hint"])
        columns = c_spec["columns"]
        rows = math.ceil(len(contracts) / columns)
        cell_w = (width - c_spec["gap"] * (columns - 1)) / columns
        cell_h = (bottom - y - c_spec["gap"] * rows) / rows
        icon = c_spec["icon"]
        for index, contract in enumerate(contracts):
            r, col = divmod(index, columns)
            rect = Rect(col * (cell_w + c_spec["gap"]), y + c_spec["gap"] + r * (cell_h + c_spec["gap"]),
                        cell_w, cell_h)
            check = self.field_layout["contract"]
            side = check["check"]
            self.write_box(rect, field=names.contract(contract["number"]),
                           at=Rect(rect.x + rect.w * check["cx"] - side / 2, rect.y + rect.h * check["cy"] - side / 2,
                                   side, side))
            self.add(Text(rect.x + 1.5, rect.y + 3.0, f"#{contract['number']}", self.font["tiny"],
                          role="muted", bold=True))
            # points and "VP" flush right, clear of a row of five metal icons
            self.add(Text(rect.right - 2, baseline(rect.cy - 1.0, self.font["number"]), str(contract["points"]),
                          self.font["number"], bold=True, align="right"),
                     Text(rect.right - 2, rect.bottom - 1.6, "VP", self.font["tiny"], role="muted", align="right"))
            ix = rect.x + 1.2 + icon / 2
            for metal in ("copper", "silver", "gold"):
                for _ in range(contract["cost"].get(metal, 0)):
                    self.add(pictograms.icon(metal, ix, rect.bottom - icon / 2 - 1.6, icon))
                    ix += icon + 0.45

    def tally(self) -> None:
        spec = self.layout["tally"]
        y = self.section(0, spec["top"], self.width, self.text["tally"])
        labels = self.text["tally_labels"]
        x = self.layout["label_width"] + 2
        box_y = y + spec["label"] + 0.6
        for i, label in enumerate(labels):
            rect = Rect(x, box_y, spec["box"], spec["height"])
            last = i == len(labels) - 1
            self.write_box(rect, width=self.line["box"] * (1.8 if last else 1),
                           field=names.TOTAL if last else names.tally(CATEGORIES[i]), size=self.field_layout["tally"]["size"],
                           bold=True)
            self.add(Text(rect.cx, y + spec["label"] - 0.4, label, self.font["small"], bold=True, align="center"))
            if not last:
                sign = "=" if i == len(labels) - 2 else "+"
                self.add(Text(rect.right + spec["gap"] / 2, baseline(rect.cy, self.font["number"]), sign,
                              self.font["number"], bold=True, align="center", role="muted"))
            x += spec["box"] + spec["gap"]

    def footer(self) -> None:
        meta = self.rules["meta"]
        text = self.text["footer"].format(title=meta["title"], rounds=self.rules["rounds"], version=__version__,
                                          data_version=self.rules.version)
        self.add(*marks.footer(self.width, self.layout["footer"]["y"], text, self.font["footer"]))
