"""The Gold Rush (piecepack) player mat, as a SheetDocument.

Every number comes from the rule data (data/piecepack-gold-rush.yaml), every
position, size and word from layouts/piecepack-gold-rush-mat.yaml. The mat
art is one form drawn once per document; each page adds only the player's name.
A fillable mat (`request.fillable`) adds a form field over each writable box
instead, named and read as mat_form.py says.

Sections, top to bottom: resource tracks (Food, Energy, Ore, Gold, with the
start values marked and what spoils), the round track (a Stake Claim flag per
player count, "no claim" in the rounds without one; only the table's count when
the request names it), the plot slots (one per ownership marker), the costs of
every building and action, and the score box.
"""

from __future__ import annotations

from typing import Any, Optional

from sheetgen import layouts, marks
from sheetgen._version import __version__
from sheetgen.art import SheetArt, document, player_pages
from sheetgen.results.forms import SheetForm
from sheetgen.ruledata import RuleData
from sheetgen.games.piecepack_gold_rush import mat_form as names  # the form's field names
from sheetgen.games.piecepack_gold_rush.score import BUILDINGS
from sheetgen.games.piecepack_gold_rush import pictograms
from sheetgen.sheet import (FIELD_PAD, PT, Box, Item, Line, Para, Rect, SheetDocument, SheetRequest, Text,
                            baseline, fit_names)

BACKDROP = "piecepack-gold-rush-mat"


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = layouts.load("piecepack-gold-rush-mat", request.paper)
    low, high = rules.players
    table = request.players if request.count_given and low <= request.players <= high else None
    art = _Mat(rules, layout, names.form(rules) if request.fillable else None, table)
    drawn = tuple(art.draw())
    pages = player_pages(art, BACKDROP, request)
    players = f"{request.players} players" + (f" x {request.copies} copies" if request.copies > 1 else "")
    return document(layout, f"{rules.title} player mats",
                    f"Player mats: {players}, {len(pages)} pages, {request.paper}, {request.ink} ink, "
                    f"rule data {rules.version}", BACKDROP, drawn, pages,
                    form_id=art.form.id if art.form is not None else "")



def _count_words(rules: RuleData, counts: dict[str, int]) -> str:
    names = {r["key"]: r["name"] for r in rules["resources"]}
    order = [r["key"] for r in rules["resources"]]
    return ", ".join(f"{counts[k]} {names[k]}" for k in order if k in counts)


class _Mat(SheetArt):
    def __init__(self, rules: RuleData, layout: dict[str, Any], form: Optional[SheetForm] = None,
                 table: Optional[int] = None):
        super().__init__(rules, layout, form)
        self.resources = rules["resources"]
        self.names = {r["key"]: r["name"] for r in self.resources}
        self.field_layout = layout["fields"]
        low, high = rules.players
        # the player counts the rounds and plots are drawn for: the table's, or every count
        self.counts = [table] if table is not None else list(range(low, high + 1))

    # -- helpers ---------------------------------------------------------
    def write_box(self, rect: Rect, fill: str = "paper", width: Optional[float] = None, field: str = "",
                  at: Optional[Rect] = None, **style: Any) -> None:
        """A box to write in; on a fillable mat, the form field `field` over `at` (default: the box)."""
        self.add(Box(rect, fill=fill, width=width or self.line["box"], radius=0.8, writable=True))
        if self.form is not None and field:
            self.fields.append(self.form.field(field, at or self.inset(rect), **style))

    # -- where a form field sits in its box (layout: fields) ---------------------
    def inset(self, rect: Rect) -> Rect:
        d = self.field_layout["inset"]
        return Rect(rect.x + d, rect.y + d, rect.w - 2 * d, rect.h - 2 * d)

    def below_caption(self, rect: Rect) -> Rect:
        """The part of a captioned box below its caption."""
        d, top = self.field_layout["inset"], self.field_layout["caption"]
        return Rect(rect.x + d, rect.y + top, rect.w - 2 * d, rect.h - top - d)

    def label(self, rect: Rect, text: str) -> None:
        """A small caption in the top-left corner of a writing box."""
        self.add(Text(rect.x + 1.2, rect.y + 2.4, text, self.font["tiny"], role="muted", bold=True,
                      max_width=rect.w - 2.4))

    def cost_icons(self, x: float, cy: float, cost: dict[str, int], size: float, gap: float) -> float:
        """One icon per resource unit, in resource order; returns the x after the last."""
        for resource in (r["key"] for r in self.resources):
            for _ in range(cost.get(resource, 0)):
                self.add(pictograms.icon(resource, x + size / 2, cy, size))
                x += size + gap
        return x

    def cost_words(self, cost: dict[str, int]) -> str:
        return _count_words(self.rules, cost)

    # -- sections --------------------------------------------------------
    def draw(self) -> list[Item]:
        self.header()
        self.tracks()
        self.rounds()
        self.plots()
        self.costs()
        self.score()
        self.footer()
        return self.items

    def header(self) -> None:
        h = self.layout["header"]
        self.add(Text(0, baseline(h["height"] / 2 - 1.2, self.font["title"]), self.text["title"],
                      self.font["title"], bold=True, role="ink"))
        self.add(Text(0.4, h["height"] - 0.6, f"{self.rules.title}: {self.text['subtitle']}", self.font["small"],
                      role="muted", max_width=h["name_x"] - 3))
        box = Rect(h["name_x"], 0.5, self.width - h["name_x"], h["height"] - 1)
        left = h["name_x"] + h["name_label"] + 8 - FIELD_PAD * PT  # its text starts where name_items prints
        inner = self.inset(box)
        self.write_box(box, field=names.NAME, at=Rect(left, inner.y, inner.right - left, inner.h),
                       size=self.field_layout["name"]["size"], bold=True, align="left")
        self.label(box, self.text["name_label"])

    def name_items(self, name: str) -> tuple[Item, ...]:
        if not name:
            return ()
        h = self.layout["header"]
        x = h["name_x"] + h["name_label"] + 8
        room = self.width - x - 2
        size, _ = fit_names([name], room, self.font["title"] * 0.8, f"the {self.rules.title} player mat")
        return (Text(x, baseline(h["height"] / 2, size), name, size, bold=True, max_width=room),)

    def tracks(self) -> None:
        spec = self.layout["tracks"]
        start = self.rules["player_start"]["resources"]
        y = self.section(0, spec["top"], self.width, self.text["tracks"],
                         self.text["tracks_hint"].format(start=self.cost_words(start)))
        y += spec["row_gap"]
        cells, cell = spec["cells"], spec["cell"]
        d = self.field_layout["inset"]
        keep = self.rules["spoilage"]["keep"]
        for resource in self.resources:
            key = resource["key"]
            cy = y + spec["row"] / 2
            self.add(pictograms.icon(key, 1 + spec["icon"] / 2, cy, spec["icon"]))
            text_x = spec["icon"] + 2.5
            self.add(Text(text_x, baseline(y + spec["row"] * 0.32, self.font["label"]), resource["name"],
                          self.font["label"], bold=True, max_width=spec["label"] - text_x - 0.5))
            note = self.text["spoils"].format(keep=keep) if resource["spoils"] else self.text["keeps"]
            self.add(Text(text_x, y + spec["row"] - 0.9, note, self.font["tiny"], role="muted",
                          max_width=spec["label"] - text_x - 0.5))
            for n in range(cells):
                rect = Rect(spec["label"] + n * cell, y, cell, spec["row"])
                first = n == start.get(key)
                self.write_box(rect, fill="light" if first else "paper",
                               width=self.line["box"] * (2 if first else 1), field=names.cell(key, n),
                               at=Rect(rect.x + d, rect.y + self.field_layout["track"]["top"], rect.w - 2 * d,
                                       rect.h - self.field_layout["track"]["top"] - d))
                self.add(Text(rect.cx, rect.y + spec["number_y"], str(n), self.font["number"],
                              bold=first, align="center", role="ink" if first else "muted"))
            lap_x = spec["label"] + cells * cell + spec["lap_gap"]
            lap = Rect(lap_x, y, self.width - lap_x, spec["row"])
            spot = self.field_layout["lap"]
            d = self.field_layout["inset"]
            self.write_box(lap, fill="light", field=names.laps(key),
                           at=Rect(lap.x + d, lap.y + spot["top"], lap.w - 2 * d, lap.h - spot["top"] - d),
                           size=spot["size"], bold=True)
            self.add(Text(lap.cx, lap.y + spot["text"], self.text["lap"].format(cells=cells),
                          self.font["small"], bold=True, align="center", max_width=lap.w - 1))
            y += spec["row"] + spec["row_gap"]
        self.tracks_bottom = y

    def rounds(self) -> None:
        spec = self.layout["rounds"]
        side = self.rules["next_start_player"]
        y = self.section(0, spec["top"], self.width, self.text["rounds"], self.text["rounds_hint"].format(side=side))
        y += spec["gap"]
        count = self.rules["rounds"]
        skipped = self.rules["stake_claim_skipped_last"]
        counts = self.counts
        w = (self.width - spec["gap"] * (count - 1)) / count
        tick_h = self.layout["min_writing_box"]
        side, d = self.field_layout["round"]["check"], self.field_layout["inset"]
        for i in range(count):
            number = i + 1
            x = i * (w + spec["gap"])
            tick = Rect(x, y, w, tick_h)
            self.write_box(tick, field=names.round_box(number),
                           at=Rect(tick.right - d - side, tick.cy - side / 2, side, side))
            self.add(Text(tick.cx, baseline(tick.cy, self.font["label"]), self.text["round"].format(n=number),
                          self.font["label"], bold=True, align="center"))
            cw = w / len(counts)
            for j, players in enumerate(counts):
                cell = Rect(x + j * cw, y + tick_h, cw, spec["cell"])
                claims = number <= count - skipped[players]
                self.add(Box(cell, fill="light" if claims else "shade", width=self.line["thin"]))
                self.add(Text(cell.x + 1, cell.y + 2.3, self.text["claim"].format(players=players),
                              self.font["tiny"], bold=True, role="muted"))
                if claims:
                    self.add(pictograms.icon("flag", cell.cx + 0.8, cell.cy + 1.0, spec["icon"]))
                else:
                    self.add(Para(Rect(cell.x + 0.6, cell.y + 3.0, cell.w - 1.2, cell.h - 3.4),
                                  self.text["no_claim"], self.font["tiny"], bold=True))
        bottom = y + tick_h + spec["cell"]
        skips = " and ".join(f"{skipped[n]} with {n} players" for n in counts)
        self.add(Para(Rect(0, bottom + 0.4, self.width, spec["caption"]),
                      self.text["rounds_caption"].format(skips=skips), self.font["text"], align="left"))

    def plots(self) -> None:
        spec = self.layout["plots"]
        y = self.section(0, spec["top"], self.width, self.text["plots"], self.text["plots_hint"])
        y += spec["gap"] * 0.6
        markers = self.rules["player_start"]["ownership_markers"]
        rounds, skipped = self.rules["rounds"], self.rules["stake_claim_skipped_last"]
        claims = {n: min(markers, rounds - skipped[n]) for n in self.counts}
        columns = spec["columns"]
        w = (self.width - spec["gap"] * (columns - 1)) / columns
        points = self.rules["scoring"]["non_production_building"]
        pad, field, fgap = spec["pad"], spec["field"], spec["field_gap"]
        for i in range(markers):
            r, c = divmod(i, columns)
            slot = Rect(c * (w + spec["gap"]), y + r * (spec["slot"] + spec["gap"]), w, spec["slot"])
            self.add(Box(slot, fill="light", stroke="panel_edge", width=self.line["frame"], radius=1.2))
            top = slot.y + pad
            self.add(Text(slot.x + 1.5, baseline(top + field * 0.35, self.font["name"]),
                          self.text["plot"].format(n=i + 1), self.font["name"], bold=True))
            reach = [str(n) for n, most in claims.items() if i + 1 <= most]
            if len(reach) < len(claims):
                note = self.text["plot_limited"].format(players="/".join(reach)) if reach else \
                    self.text["plot_unused"].format(players="/".join(map(str, claims)))
                self.add(Text(slot.x + 1.5, top + field - 0.9, note, self.font["tiny"], role="muted",
                              max_width=slot.w - 2 * spec["tile"] - 4))
            coin = Rect(slot.right - pad - spec["tile"], top, spec["tile"], field)
            tile = Rect(coin.x - fgap - spec["tile"], top, spec["tile"], field)
            size = self.field_layout["plot"]["size"]
            building = Rect(slot.x + pad, top + field + fgap, slot.w - 2 * pad, field)
            third = top + 2 * (field + fgap)
            upgrades = Rect(slot.x + pad, third, spec["upgrades"], field)
            civic = Rect(upgrades.right + fgap, third, slot.right - pad - upgrades.right - fgap, field)
            boxes = {"tile": (tile, self.text["tile"]), "coin": (coin, self.text["coin"]),
                     "building": (building, self.text["building"]),
                     "upgrades": (upgrades, self.text["upgrades"]),
                     "civic": (civic, self.text["civic"].format(points=points))}
            for box in names.PLOT_BOXES:
                rect, word = boxes[box]
                self.write_box(rect, field=names.plot(i + 1, box), at=self.below_caption(rect), size=size,
                               align="left" if box == "building" else "center")
                self.label(rect, word)
        rows = -(-markers // columns)
        bottom = y + rows * spec["slot"] + (rows - 1) * spec["gap"]
        self.add(Para(Rect(0, bottom + 0.4, self.width, spec["caption"]), self.text["values"], self.font["text"],
                      align="left"))

    def costs(self) -> None:
        spec = self.layout["costs"]
        y = self.section(0, spec["top"], self.width, self.text["costs"], self.text["costs_hint"])
        y += spec["row_gap"]
        entries = [("building", b) for b in self.rules["buildings"]] + [("action", a) for a in self.rules["actions"]]
        columns = spec["columns"]
        per_column = -(-len(entries) // columns)
        w = (self.width - spec["column_gap"] * (columns - 1)) / columns
        points = self.rules["scoring"]["non_production_building"]
        for index, (what, entry) in enumerate(entries):
            c, r = divmod(index, per_column)
            row = Rect(c * (w + spec["column_gap"]), y + r * (spec["row"] + spec["row_gap"]), w, spec["row"])
            self.add(Box(row, fill="light" if what == "building" else "paper", stroke="panel_edge",
                         width=self.line["thin"], radius=0.8))
            self.add(Text(row.x + 1.2, baseline(row.cy, self.font["name"]), entry["name"], self.font["name"],
                          bold=True, max_width=spec["name"] - 1.6))
            self.cost_icons(row.x + spec["name"], row.cy, entry["cost"], spec["icon"], spec["icon_gap"])
            badge = Rect(row.x + spec["name"] + spec["cost"], row.y + 1.0, spec["badge"], row.h - 2.0)
            if what == "building" and entry["kind"] == "production":
                self.add(Text(badge.cx, badge.y + 2.4, self.text["produces"], self.font["tiny"], role="muted",
                              align="center"))
                self.add(pictograms.icon(entry["produces"], badge.cx, badge.bottom - 2.3, spec["icon"]))
            elif what == "building":
                self.add(Box(badge, fill="civic", stroke="header_edge", width=self.line["thin"], radius=0.8))
                self.add(Text(badge.cx, baseline(badge.cy, self.font["small"]),
                              self.text["civic_badge"].format(points=points), self.font["small"], bold=True,
                              align="center", role="header_text", max_width=badge.w - 1))
            words = entry["text"]
            if "upkeep" in entry:
                words += " " + self.text["upkeep"].format(cost=self.cost_words(entry["upkeep"]))
            text_x = badge.right + 1.2
            self.add(Para(Rect(text_x, row.y + 0.6, row.right - text_x - 1.0, row.h - 1.2), words,
                          self.font["text"], align="left"))

    def score(self) -> None:
        spec = self.layout["score"]
        y = self.section(0, spec["top"], self.width, self.text["score"])
        scoring = self.rules["scoring"]
        labels = [(key, self.text["score_resource"].format(name=self.names[key], points=points), names.score(key))
                  for key, points in scoring["points"].items()]
        labels.append((None, self.text["score_buildings"].format(points=scoring["non_production_building"]),
                       names.score(BUILDINGS)))
        labels.append((None, self.text["score_total"], names.TOTAL))
        box_y = y + spec["label"] + 0.6
        x = 0.0
        size = self.field_layout["score"]["size"]
        for i, (icon, label, field) in enumerate(labels):
            last = i == len(labels) - 1
            rect = Rect(x, box_y, spec["box"], spec["height"])
            self.write_box(rect, width=self.line["box"] * (1.8 if last else 1), field=field,
                           at=self.beside_icon(rect) if icon else None, size=size, bold=True)
            self.add(Text(rect.cx, y + spec["label"] - 0.4, label, self.font["small"], bold=True, align="center",
                          max_width=spec["box"] + spec["gap"] - 1))
            if icon:
                self.add(pictograms.icon(icon, rect.x + spec["icon"] / 2 + 1.0, rect.y + spec["icon"] / 2 + 1.0, spec["icon"]))
            if not last:
                sign = "=" if i == len(labels) - 2 else "+"
                self.add(Text(rect.right + spec["gap"] / 2, baseline(rect.cy, self.font["number"] * 1.3), sign,
                              self.font["number"] * 1.3, bold=True, align="center", role="muted"))
            x += spec["box"] + spec["gap"]
        (_, tie), = self.rules["tie_breakers"]["order"][0].items()
        tx = x - spec["gap"] + spec["tie_gap"]
        rect = Rect(tx, box_y, spec["box"], spec["height"])
        self.write_box(rect, fill="light", field=names.tie(tie), at=self.beside_icon(rect), size=size, bold=True)
        self.add(pictograms.icon(tie, rect.x + spec["icon"] / 2 + 1.0, rect.y + spec["icon"] / 2 + 1.0, spec["icon"]))
        self.add(Text(rect.cx, y + spec["label"] - 0.4, self.text["tie"].format(resource=self.names[tie]),
                      self.font["small"], bold=True, align="center", max_width=self.width - tx))
        self.add(Line(tx - spec["tie_gap"] / 2, box_y, tx - spec["tie_gap"] / 2, box_y + spec["height"],
                      width=self.line["thin"], role="muted"))
        note = Rect(rect.right + 2, box_y, self.width - rect.right - 2, spec["height"])
        if note.w > 10:
            self.add(Para(note, self.rules["tie_breakers"]["note"].capitalize() + ".", self.font["text"],
                          role="muted", align="left"))

    def beside_icon(self, rect: Rect) -> Rect:
        """A score box's room right of the icon in its corner."""
        d, left = self.field_layout["inset"], self.layout["score"]["icon"] + 1.6
        return Rect(rect.x + left, rect.y + d, rect.w - left - d, rect.h - 2 * d)

    def footer(self) -> None:
        meta = self.rules["meta"]
        text = self.text["footer"].format(title=meta["title"], rounds=self.rules["rounds"], version=__version__,
                                          data_version=self.rules.version)
        self.add(*marks.footer(self.width, self.layout["footer"]["y"], text, self.font["footer"]))
