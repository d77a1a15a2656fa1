"""The Rolled West board's form: every field's name, and what it means in a results file.

`sheetgen sheet rolled-west --fillable` puts a form field over each box a
player writes in (board.py places them, next to the boxes they cover). In
the PDF, page N's field F is `rolled-west.board.pN.F`; F is one of these
(`sheetgen sheet rolled-west --fields` lists them all, in tab order):

    name                      text    the player's name           -> name
    bank.1 ... bank.11        text    banking boxes               (for play; not read)
    claims.ROW.1 ... .8       choice  camp or settlement          -> claims: {ROW: [camp, ...]}
    majority.ROW.1st, .2nd    check   majority boxes              (for play; not read)
    shipping.METAL.1 ... .5   check, or choice high/low in a two-number box
                                                                  -> shipping: {METAL: N, or {boxes: N, high: [...]}}
    contracts.N               check   the contract is yours       -> contracts: [N, ...]
    offices.XY                check   the office (row X, column Y) is yours -> offices: [XY, ...]
    tally.CATEGORY            number  the final score's sums      (for play; not read)
    total                     number  the total                   -> total

ROW, METAL, N and XY come from the rule data (woods, copper, 1-9, CS...).
A settlement fills two claim spaces: mark both. Claims and shipping fill a
row from the left. A box "for play" is there to use while playing; the
scorer works those numbers out itself.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Union

from sheetgen import layouts
from sheetgen.sheet import field_name
from sheetgen.results.forms import (Binding, Checks, FieldValue, NumberValue, PageValues, Runs, SheetForm, Slot, TextValue)
from sheetgen.games.rolled_west.score import CATEGORIES, Board, RolledWestScorer

PART = "board"
NAME, TOTAL = "name", "total"
BUILDS = ("camp", "settlement")
HIGH_LOW = ("high", "low")
ShipRow = tuple[str, str, list[tuple[str, str]]]  # (metal, name, [(field, kind)])
PLACES = ("1st", "2nd")


# the fields' names (board.py draws the boxes under the same names)
bank: Callable[[int], str] = partial(field_name, "bank")
claim: Callable[[str, int], str] = partial(field_name, "claims")  # row, position
majority: Callable[[str, str], str] = partial(field_name, "majority")  # row, place
shipping: Callable[[str, int], str] = partial(field_name, "shipping")  # metal, box
contract: Callable[[int], str] = partial(field_name, "contracts")
office: Callable[[str], str] = partial(field_name, "offices")
tally: Callable[[str], str] = partial(field_name, "tally")


def banking(rules: Any) -> list[tuple[str, int]]:
    """The banking boxes left to right: ("between", turn) before a turn, ("own", turn) on it."""
    bank_rules = rules["banking"]
    sequence = []
    between_left, own_left = bank_rules["between_turns"], bank_rules["own_turn_rounds"]
    for turn in range(1, rules["rounds"] + 1):
        if between_left:
            sequence.append(("between", turn))
            between_left -= 1
        if turn <= own_left:
            sequence.append(("own", turn))
    return sequence


class Shipping(Binding):
    """Each metal's boxes, filled from the left: a check in a one-number box, high or low in a
    two-number box. A row reads as its count of boxes, with the boxes marked high listed."""

    key = "shipping"

    def __init__(self, rows: list[ShipRow]):
        self.rows = rows

    def cells(self) -> list[str]:
        return [cell for _, _, cells in self.rows for cell, _ in cells]

    def read(self, page: PageValues) -> Any:
        out: dict[str, Union[int, dict[str, Any]]] = {}
        for metal, word, cells in self.rows:
            names = [cell for cell, _ in cells]
            page.place((self.key, metal), names[0])
            filled = page.from_left(names, word, "box")
            high = [box for box, mark in enumerate(filled, 1) if mark == "high"]
            for j, box in enumerate(high):
                page.place((self.key, metal, "high", j), names[box - 1])
            out[metal] = {"boxes": len(filled), "high": high} if high else len(filled)
        return out

    def write(self, value: Any) -> dict[str, FieldValue]:
        out: dict[str, FieldValue] = {}
        for metal, _, cells in self.rows:
            row = value.get(metal, 0)
            boxes, high = (row["boxes"], set(row.get("high", []))) if isinstance(row, dict) else (row, set())
            for box, (cell, kind) in enumerate(cells, 1):
                if kind == "check":
                    out[cell] = box <= boxes
                else:
                    out[cell] = "" if box > boxes else ("high" if box in high else "low")
        return out


def form(rules: Any) -> SheetForm:
    """The board's form for these rules: its fields in tab order and how they read."""
    scorer = RolledWestScorer(rules)
    words = layouts.load("rolled-west-board")["text"]["fields"]
    slots = [Slot(NAME, "text", words["name"], names=True)]
    slots += [Slot(bank(n), "text", words["bank"].format(number=n), read=False,
                   why="banked resources do not score")
              for n in range(1, len(banking(rules)) + 1)]
    runs = []
    for row in scorer.rows:
        cells = [claim(row["key"], p) for p in range(1, len(row["spaces"]) + 1)]
        slots += [Slot(cell, "choice", words["claim"].format(row=row["name"], position=p), BUILDS)
                  for p, cell in enumerate(cells, 1)]
        slots += [Slot(majority(row["key"], place), "check", words["majority"].format(row=row["name"], place=place),
                       read=False, why="the tally works majorities out")
                  for place in PLACES]
        runs.append((row["key"], row["name"], cells))
    ship = []
    for row in scorer.ship_rows:
        metal, word = row["metal"], scorer.word(row["metal"])
        boxes: list[tuple[str, str]] = []
        for box, spec in enumerate(row["boxes"], 1):
            double = isinstance(spec, list)
            boxes.append((shipping(metal, box), "choice" if double else "check"))
            label = words["shipping_double" if double else "shipping"].format(metal=word, box=box)
            slots.append(Slot(shipping(metal, box), boxes[-1][1], label, HIGH_LOW if double else ()))
        ship.append((metal, word, boxes))
    numbers = sorted(scorer.contracts)
    slots += [Slot(contract(n), "check", words["contract"].format(number=n, points=scorer.contracts[n]["points"]))
              for n in numbers]
    codes = [scorer.code(cell) for cell in scorer.office_order]
    slots += [Slot(office(code), "check", words["office"].format(code=code, text=scorer.offices[cell]["text"]))
              for code, cell in zip(codes, scorer.office_order)]
    labels = layouts.load("rolled-west-board")["text"]["tally_labels"]
    slots += [Slot(tally(category), "number", words["tally"].format(label=label), read=False,
                   why="a sum the tally makes")
              for category, label in zip(CATEGORIES, labels)]
    slots.append(Slot(TOTAL, "number", words["total"]))
    bindings = [
        TextValue("name", NAME),
        Runs("claims", runs, {kind: scorer.builds[kind]["spaces"] for kind in BUILDS}),
        Shipping(ship),
        Checks("contracts", [(contract(n), n) for n in numbers]),
        Checks("offices", [(office(code), code) for code in codes]),
        NumberValue("total", TOTAL),
    ]

    def plain(board: Board) -> dict[str, Any]:
        """A checked board as the plain values the form shows (names resolved, in board order)."""
        held = {cell for cell, _ in board.offices}
        entry: dict[str, Any] = {
            "name": board.name,
            "claims": {row["key"]: list(board.claims.get(row["key"], [])) for row in scorer.rows},
            "shipping": {},
            "contracts": sorted(n for n, _ in board.contracts),
            "offices": [scorer.code(cell) for cell in scorer.office_order if cell in held],
        }
        for row in scorer.ship_rows:
            metal = row["metal"]
            boxes, high = board.boxes.get(metal, 0), sorted(board.high.get(metal, {}))
            entry["shipping"][metal] = {"boxes": boxes, "high": high} if high else boxes
        if board.claimed is not None:
            entry["total"] = board.claimed
        return entry

    return SheetForm(rules.game, PART, slots, bindings, plain)
