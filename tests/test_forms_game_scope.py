"""Game pages in results/forms.py: several players' columns and game-level values on one page.

A small made-up pad (two columns: a name, points, a choice of two marks; and a
game-level "awards" mapping naming the players who hold each award) exercises
the scope "game" machinery without any game's rules: skipped columns, columns
not printed, places as FILE:page N:FIELD, a game-level key on two pages, the same
column twice, and writing a document back to fields.
"""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from sheetgen.results.pdf import FilledPage, FilledPdf, FormDocument, document
from sheetgen.errors import InvalidInput
from sheetgen.results.forms import (MISSING, Column, GameBinding, GamePage, NumberMap, NumberValue,
                            SheetForm, Slot, TextValue)

AWARDS = ("mayor", "sheriff")


class Awards(GameBinding):
    key = "awards"

    def __init__(self, columns: int):
        self.grid = [(c, award, f"p{c}.award.{award}") for c in range(1, columns + 1) for award in AWARDS]

    def cells(self) -> list:
        return [cell for _, _, cell in self.grid]

    def read(self, page: Any) -> Any:
        out: dict = {}
        for column, award, cell in self.grid:
            if page.checked(cell):
                holders = out.setdefault(award, [])
                page.place((self.key, award), cell)
                page.place((self.key, award, len(holders)), cell)
                holders.append(page.name_of(column) or f"column {column}")
        return out or MISSING

    def write(self, value: Any, names: Sequence[str] = ()) -> dict:
        return {cell: award in value and len(names) >= column and names[column - 1] in value[award]
                for column, award, cell in self.grid}


def make_form(columns: int = 3) -> SheetForm:
    slots, cols = [], []
    for c in range(1, columns + 1):
        slots += [Slot(f"p{c}.name", "text", "name", names=True, column=c),
                  Slot(f"p{c}.points", "number", "points", column=c),
                  Slot(f"p{c}.water.camps", "number", "camps by water", column=c),
                  Slot(f"p{c}.land.hill", "number", "hills", column=c),
                  Slot(f"p{c}.land.wood", "number", "woods", column=c),
                  Slot(f"p{c}.sum", "number", "for play", read=False, why="a sum", column=c)]
        cols.append(Column(c, (TextValue("name", f"p{c}.name"), NumberValue("points", f"p{c}.points"),
                               NumberValue(("water", "camps"), f"p{c}.water.camps"),
                               NumberMap("land", [(f"p{c}.land.hill", "hill"), (f"p{c}.land.wood", "wood")]))))
    slots += [Slot(f"p{c}.award.{a}", "check", a, column=c) for c in range(1, columns + 1) for a in AWARDS]
    return SheetForm("test-game", "pad", slots, [Awards(columns)], lambda outcome: outcome, scope="game",
                     columns=cols)


def page(number: int, values: dict, columns: int = 3) -> FilledPage:
    everything = {name: (False if slot.kind == "check" else None) for name, slot in make_form(columns).slots.items()}
    everything.update(values)
    return FilledPage(number, "test-game", "pad", everything)


def read(*pages: FilledPage, name: str = "pad.pdf", form: SheetForm = None) -> FormDocument:
    chosen = form or make_form()
    return document([FilledPdf(name, list(pages))], "test-game", lambda part: chosen)


def test_columns_are_players_and_empty_ones_are_skipped():
    doc = read(page(1, {"p1.name": "Ann", "p1.points": "12", "p1.water.camps": "2", "p1.land.wood": "3",
                        "p3.name": "Cat", "p3.points": "x7", "p3.award.mayor": True, "p1.award.mayor": True,
                        "p2.name": "Ben", "p2.sum": "40"}))
    assert doc.value == {"game": "test-game",
                         "players": [{"name": "Ann", "points": 12, "water": {"camps": 2}, "land": {"wood": 3}},
                                     {"name": "Cat", "points": "x7"}],
                         "awards": {"mayor": ["Ann", "Cat"]}}
    assert doc.problems == []
    # places: the player's values at their column's fields, the game's at its own
    assert doc.places[("players", 1, "points")] == ("pad.pdf", 1, "p3.points")
    assert doc.places[("players", 0, "water", "camps")] == ("pad.pdf", 1, "p1.water.camps")
    assert doc.places[("players", 0, "land", "wood")] == ("pad.pdf", 1, "p1.land.wood")
    assert doc.places[("awards", "mayor", 1)] == ("pad.pdf", 1, "p3.award.mayor")
    problem = doc.problem(("players", 1, "points"), "expected a whole number")
    assert str(problem) == "pad.pdf:page 1:p3.points: expected a whole number"


def test_a_column_not_printed_is_not_missed_but_a_half_printed_one_is():
    two = {name: value for name, value in page(1, {"p1.name": "Ann", "p1.points": "3"}).values.items()
           if not name.startswith("p3.")}
    doc = read(FilledPage(1, "test-game", "pad", two))
    assert doc.problems == [] and [p["name"] for p in doc.value["players"]] == ["Ann"]
    del two["p2.points"]
    doc = read(FilledPage(1, "test-game", "pad", two))
    assert [str(p) for p in doc.problems] == [
        "pad.pdf:page 1: this page lacks 1 of the test-game pad's fields (such as p2.points); was it printed by "
        "another version of sheetgen or with other rule data (--data)?"]


def test_a_game_level_key_on_two_pages_is_located_at_the_second():
    doc = read(page(1, {"p1.name": "Ann", "p1.points": "3", "p1.award.mayor": True}),
               page(2, {"p1.name": "Ben", "p1.points": "4", "p1.award.sheriff": True}))
    assert [p["name"] for p in doc.value["players"]] == ["Ann", "Ben"]
    assert doc.value["awards"] == {"mayor": ["Ann"]}
    assert [str(p) for p in doc.problems] == [
        "pad.pdf:page 2:p1.award.sheriff: awards is filled in here and on pad.pdf page 1; fill it in on one "
        "page only"]


def test_the_same_column_twice_is_refused_where_it_is():
    with pytest.raises(InvalidInput) as caught:
        read(page(1, {"p1.name": "Ann", "p1.points": "3", "p2.name": "Ann", "p2.points": "3"}))
    assert [str(p) for p in caught.value.problems] == [
        "pad.pdf:page 1:p2.name: this column is the same as pad.pdf page 1 column 1: the same player's column "
        "twice? Give each player once"]


def test_a_page_with_only_names_is_unused():
    with pytest.raises(InvalidInput) as caught:
        read(page(1, {"p1.name": "Ann", "p2.name": "Ben", "p1.sum": "9"}))
    assert "nothing is filled in on its page" in str(caught.value.problems[0])


def test_write_then_read_gives_the_document_back():
    form = make_form()
    value = {"players": [{"name": "Ann", "points": 12, "water": {"camps": 1}, "land": {"hill": 2, "wood": 0}},
                         {"name": "Ben", "points": 5}],
             "awards": {"mayor": ["Ben"], "sheriff": ["Ann", "Ben"]}}
    fields = form.write(value)
    assert fields["p2.award.mayor"] is True and fields["p1.award.mayor"] is False
    assert fields["p1.land.wood"] == "0" and "p2.land.hill" not in fields
    doc = read(page(1, fields))
    assert doc.value == {"game": "test-game", **value}
    assert form.reads()["p1.water.camps"] == "players[].water.camps"
    assert form.reads()["p3.award.mayor"] == "awards"


def test_a_game_page_reads_as_a_game_page():
    read_page = make_form().read(page(1, {"p2.name": "Ben", "p2.points": "1"}).values)
    assert isinstance(read_page, GamePage)
    assert [number for number, _ in read_page.players] == [2]
    assert read_page.name_of(2) == "Ben" and read_page.name_of(1) is None
