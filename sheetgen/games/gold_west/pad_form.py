"""The Gold West pad's form: every field's name, and what it means in a results file.

The pad is one game a page (a form of scope "game", see sheetgen/forms.py): a
column per player, whose rows are the results file's fields in the order and
words of `sheetgen template gold-west`, and Boomtown below, which the results
file keeps beside the players. `sheetgen sheet gold-west pad --fillable` puts a
form field over each box (pad.py places them, next to the boxes they cover). In
the PDF, page N's field F is `gold-west.pad.pN.F`; F is one of these, C being
the column (1 to 4, left to right) and TERRAIN one of the data's terrains as
the template writes them (copper, silver, gold, forest); `sheetgen sheet
gold-west pad --fields` lists them all, in tab order:

    date                         text    DATE / GAME                (for your records; not read)
    office.K                     text    the name of office K (1-4) -> boomtown: {NAME: [...]}
    pC.name                      text    the player's name          -> players[].name
    pC.points                    number  score track before final   -> players[].points
    pC.influence.TERRAIN         number                             -> players[].influence: {TERRAIN: N}
    pC.settlements.TERRAIN       number                             -> players[].settlements: {TERRAIN: N}
    pC.mining_tokens.TERRAIN     number                             -> players[].mining_tokens: {TERRAIN: N}
    pC.investment_influence.TERRAIN number                          -> players[].investment_influence
    pC.groups                    text    sizes, as 6, 2, 1 (0: none) -> players[].groups: [6, 2, 1]
    pC.edge, pC.next_to_opponent number                             -> players[].edge, .next_to_opponent
    pC.water.camps, pC.water.settlements number                     -> players[].water: {camps, settlements}
    pC.line, pC.investments, pC.shipping_tiles, pC.wanted, pC.supply number -> players[].KEY
    pC.office.K                  number  spaces of office K held    -> boomtown: {office K: [name, name]}
    pC.free                      check   the 4VP space is yours     -> boomtown: {4VP: [name]}
    pC.total                     number  the total                  -> players[].total
    pC.pts.group, pC.pts.office.K, pC.pts.terrains, pC.pts.wanted
                                 number  points added up by hand    (for play; not read)

So page 1's Gold influence of the second player is `gold-west.pad.p1.p2.influence.gold`
in the PDF, and `p2.influence.gold` in messages. An empty box is left out of the
results file, as it may be in a YAML file (a count left out is 0; one an office
needs is asked for). A column with nothing read filled in is skipped, so a pad
for four serves three. An office's name written in its row (or printed there,
with --code) makes the boomtown key, and each player's number of spaces lists
that player that many times.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, Sequence, Union

from sheetgen import layouts
from sheetgen.sheet import field_name
from sheetgen.results.forms import (MISSING, Binding, Column, GameBinding, NumberMap, NumberValue, PageValues, SheetForm,
                            Slot, TextValue, digits)
from sheetgen.games.gold_west.score import COUNT_FIELDS, TERRAIN_FIELDS, GoldWestScorer
from sheetgen.results.model import Outcome, norm
from sheetgen.ruledata import RuleData

PART = "pad"
DATE = "date"
# The per-player rows after the terrain maps, in the template's order (water is two boxes).
AFTER_TERRAINS = ("groups", "edge", "next_to_opponent", "water", "line", "investments", "shipping_tiles", "wanted",
                  "supply")
WATER = ("camps", "settlements")
_SIZES = re.compile(r"[\s,;]+")
NONE = ("0", "-", "[]")  # a list of sizes that is empty, as written in its box


# the fields' names (pad.py draws the boxes under the same names)
def cell(column: int, *name: Union[str, int]) -> str:
    """The field of column `column` (1-based): cell(2, "influence", "gold") is p2.influence.gold."""
    return field_name(f"p{column}", *name)


office: Callable[[int], str] = partial(field_name, "office")


class Sizes(Binding):
    """One text field holding whole numbers (group sizes: "6, 2, 1") -> a list of them."""

    def __init__(self, key: str, field: str, what: str):
        self.key, self.cell, self.what = key, field, what

    def cells(self) -> list[str]:
        return [self.cell]

    def read(self, page: PageValues) -> Any:
        page.place(self.path, self.cell)
        text = page.text(self.cell)
        if not text:
            return MISSING
        if text in NONE:  # no group at all (no building on the board)
            return []
        parts = [p for p in _SIZES.split(text) if p]
        if not all(digits(p) and len(p) <= 18 for p in parts):  # a size too large is the model's to say
            page.fail(self.cell, f"'{text}' is not a list of whole numbers; write the {self.what} as 6, 2, 1")
            return MISSING
        return [int(p) for p in parts]

    def write(self, value: Any) -> dict[str, str]:
        if not isinstance(value, list):
            return {self.cell: ""}
        return {self.cell: ", ".join(str(v) for v in value) if value else NONE[0]}


class Boomtown(GameBinding):
    """The office rows and the 4VP space: for each office named in its row, each player listed as
    many times as the spaces written in their column; for the 4VP, each player whose box is ticked."""

    key = "boomtown"

    def __init__(self, rows: int, columns: int, free: str, most: int, resolve: Callable[[str], str]):
        self.rows = [(k, office(k), [(c, cell(c, "office", k)) for c in range(1, columns + 1)])
                     for k in range(1, rows + 1)]
        self.free = free
        self.free_cells = [(c, cell(c, "free")) for c in range(1, columns + 1)]
        self.most = most  # spaces one player can hold of one office
        self.resolve = resolve  # an office's name as written -> its name in the data (or as written)

    def cells(self) -> list[str]:
        return [name for _, name, _ in self.rows] + [c for _, _, spaces in self.rows for _, c in spaces] + \
            [c for _, c in self.free_cells]

    def read(self, page: Any) -> Any:
        out: dict[str, list[str]] = {}
        first: dict[str, int] = {}  # an office's key -> the row it was first written in
        for k, name_cell, spaces in self.rows:
            held = [(column, where, self._spaces(page, where)) for column, where in spaces]
            held = [(column, where, n) for column, where, n in held if n]
            name = page.text(name_cell)
            if not name:
                if held:
                    page.fail(name_cell, f"spaces of office {k} are written, but not which office it is; write "
                                         f"its name in the row")
                continue
            key = self.resolve(name)
            if key in first:
                page.fail(name_cell, f"{key} is written in office rows {first[key]} and {k}; write each office "
                                     f"once, with everyone's spaces in its row")
                continue
            first[key] = k
            page.place((self.key, key), name_cell)
            holders: list[str] = []
            for column, where, n in held:
                player = page.name_of(column)
                if player is None:
                    continue  # the column's missing name is the problem, reported with it
                for _ in range(n):
                    page.place((self.key, key, len(holders)), where)
                    holders.append(player)
            out[key] = holders
        free = [(column, where) for column, where in self.free_cells if page.checked(where)]
        if free:
            page.place((self.key, self.free), free[0][1])
            holders = []
            for column, where in free:
                player = page.name_of(column)
                if player is not None:
                    page.place((self.key, self.free, len(holders)), where)
                    holders.append(player)
            out[self.free] = holders
        return out if out else MISSING

    def _spaces(self, page: PageValues, where: str) -> int:
        text = page.text(where)
        if not text:
            return 0
        if not digits(text) or int(text) > self.most:
            page.fail(where, f"'{text}': write how many of this office's spaces the player holds, 0 to {self.most}")
            return 0
        return int(text)

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, Union[str, bool]]:
        out: dict[str, Union[str, bool]] = {}
        keys = [k for k in (value or {}) if k != self.free]
        index = {norm(name): c for c, name in enumerate(names, 1) if name}
        for (k, name_cell, spaces), key in zip(self.rows, keys + [""] * len(self.rows)):
            out[name_cell] = key
            counts = [index.get(norm(h)) for h in (value.get(key) or []) if isinstance(h, str)] if key else []
            for column, where in spaces:
                n = counts.count(column)
                out[where] = str(n) if n else ""
        free = {index.get(norm(h)) for h in (value or {}).get(self.free) or [] if isinstance(h, str)}
        out.update({where: column in free for column, where in self.free_cells})
        return out


SUM = "a sum the tally makes"  # why a points box is not read (--fields)


def form(rules: RuleData) -> SheetForm:
    """The pad's form for these rules: its fields in tab order and how they read."""
    scorer = GoldWestScorer(rules)
    words = layouts.load("gold-west-pad")["text"]["fields"]
    terrains = [(code, scorer.terrain_key[code], scorer.word[code]) for code in scorer.terrains]
    columns = rules.players[1]
    rows = scorer.offices_in_play
    free = scorer.free_name
    slots = [Slot(DATE, "text", words["date"], read=False, why="for play")]
    # printed in with --code, as names are: a page with nothing else filled in is unused
    slots += [Slot(office(k), "text", words["office"].format(row=k), names=True) for k in range(1, rows + 1)]
    cols = []
    for c in range(1, columns + 1):
        def slot(name: str, kind: str, label: str, **more: Any) -> Slot:
            return Slot(name, kind, f"{words['column'].format(column=c)}: {label}", column=c, **more)

        slots.append(slot(cell(c, "name"), "text", words["name"], names=True))
        bindings: list[Binding] = [TextValue("name", cell(c, "name")), NumberValue("points", cell(c, "points"))]
        slots.append(slot(cell(c, "points"), "number", words["points"]))
        for key in TERRAIN_FIELDS:
            items = [(cell(c, key, k), k) for _, k, _ in terrains]
            slots += [slot(cell(c, key, k), "number", words["terrain"].format(key=key, terrain=word))
                      for _, k, word in terrains]
            bindings.append(NumberMap(key, items))
        for key in AFTER_TERRAINS:
            if key == "groups":
                slots.append(slot(cell(c, key), "text", words["groups"]))
                bindings.append(Sizes(key, cell(c, key), "group sizes"))
                slots.append(slot(cell(c, "pts", "group"), "number", words["group_points"], read=False, why=SUM))
            elif key == "water":
                for part in WATER:
                    slots.append(slot(cell(c, key, part), "number", words["water"].format(part=part)))
                    bindings.append(NumberValue((key, part), cell(c, key, part)))
            else:
                slots.append(slot(cell(c, key), "number", key.replace("_", " ")))
                bindings.append(NumberValue(key, cell(c, key)))
                if key == "wanted":
                    slots.append(slot(cell(c, "pts", "wanted"), "number", words["wanted_points"], read=False, why=SUM))
        for k in range(1, rows + 1):
            slots.append(slot(cell(c, "office", k), "number", words["spaces"].format(row=k)))
            slots.append(slot(cell(c, "pts", "office", k), "number", words["office_points"].format(row=k),
                              read=False, why=SUM))
        slots.append(slot(cell(c, "free"), "check", words["free"].format(name=free)))
        slots.append(slot(cell(c, "pts", "terrains"), "number", words["terrain_points"], read=False, why=SUM))
        slots.append(slot(cell(c, "total"), "number", words["total"]))
        bindings.append(NumberValue("total", cell(c, "total")))
        cols.append(Column(c, tuple(bindings)))

    def resolve(name: str) -> str:
        place = scorer.parse_place(name)
        return name if place is None else place.get("name", free)

    most = scorer.office_spaces + min(scorer.office_spaces, scorer.stacked_tokens)
    town = Boomtown(rows, columns, free, most, resolve)
    assert set(COUNT_FIELDS) <= {b.key for b in cols[0].bindings}  # every count has its row

    def plain(outcome: Outcome) -> dict[str, Any]:
        """A checked results file as the plain document the pad shows: the players in order, each
        with the values as written (a map-form file: as its map gives them), and Boomtown."""
        raw = outcome.doc.value
        listed = raw.get("players", [])
        keys = ["points", *TERRAIN_FIELDS, *AFTER_TERRAINS, "total"]
        players = []
        for s in outcome.table.players:
            written = listed[s.index] if s.index < len(listed) and isinstance(listed[s.index], dict) else {}
            entry: dict[str, Any] = {"name": s.name}
            for key in keys:
                value = (s.derived or {}).get(key, written.get(key))
                if value is None or isinstance(value, list) and key in TERRAIN_FIELDS:
                    continue
                if key in TERRAIN_FIELDS:
                    value = {scorer.terrain_key[c]: n for c in scorer.terrains for k, n in value.items()
                             if scorer.parse_terrain(k) == c and n is not None}
                elif key == "water":
                    value = {part: value[part] for part in WATER if value.get(part) is not None}
                entry[key] = value
            players.append(entry)
        out: dict[str, Any] = {"players": players}
        town_value = raw.get("boomtown")
        if isinstance(town_value, dict):
            by_name = {norm(s.name): s.name for s in outcome.table.players}
            out["boomtown"] = {resolve(k): [by_name.get(norm(h), h) for h in holders or []]
                               for k, holders in town_value.items()}
        return out

    return SheetForm(rules.game, PART, slots, [town], plain, scope="game", columns=cols)
