"""The fillable Carcassonne: Gold Rush pad: its fields, the PDF, and reading filled pads back.

Pads are filled here with pypdf, as another program (or a viewer) would fill
them, from results this file writes down itself (`pad_fields` names every field
without the form module); reading them back must give what the YAML results
file with the same values gives.
"""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import layouts, ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.games.carcassonne_gold_rush import pad, pad_grid
from sheetgen.sheet import FormField

from conftest import ROOT
from formfill import (PDFTOPPM, Fillable, check_fills_show_in_their_fields, fields_in_boxes, ppm,
                      refused_everywhere, scores_like_its_results_file, scores_or_is_located, write)

CG = sheetgen.game("carcassonne-gold-rush")
RULES = ruledata.load(get_game("carcassonne-gold-rush"))
FORM = CG.form()
LAYOUT = layouts.load("carcassonne-gold-rush-pad", "letter")
PREFIX = "carcassonne-gold-rush.pad"
EXAMPLE = ROOT / "examples" / "carcassonne-gold-rush-game.yaml"
ROWS = {"features": LAYOUT["features"]["rows"], "completed": LAYOUT["completed"]["rows"]}
SIZE = {"railroad": "tiles", "mountain": "nuggets", "city": "railroads", "prairie": "tipis"}
ROLE = {"railroad": "workers", "mountain": "miners", "city": "merchant", "prairie": "farmers"}
EXTRA = {"features": "horses", "completed": "locomotives"}


SHEET = Fillable("carcassonne-gold-rush", "pad", build_players=3, blank_players=3)
build, blank, fill = SHEET.build, SHEET.blank, SHEET.fill


def pad_fields(game: dict) -> dict:
    """The fields a table fills in for a results file, written out independently of the form module."""
    names = game["players"]
    column = {name: c for c, name in enumerate(names, 1)}
    out = {f"players.{c}": name for name, c in column.items()}
    out.update({f"points.{column[name]}": str(n) for name, n in game.get("points", {}).items()})
    for name, counts in game.get("tokens", {}).items():
        out.update({f"tokens.{value}.{column[name]}": str(n) for value, n in counts.items()})
    for key in ("features", "completed"):
        for n, item in enumerate(game.get(key, []), 1):
            ((kind, body),) = item.items()
            out[f"{key}.{n}.kind"] = kind
            if SIZE[kind] in body:
                out[f"{key}.{n}.size"] = str(body[SIZE[kind]])
            if EXTRA[key] in body:
                out[f"{key}.{n}.{EXTRA[key]}"] = str(body[EXTRA[key]])
            held = body.get(ROLE[kind], {})
            held = {held: 1} if isinstance(held, str) else held
            out.update({f"{key}.{n}.cowboys.{column[name]}": str(count) for name, count in held.items()})
    out.update({f"totals.{column[name]}": str(n) for name, n in game.get("totals", {}).items()})
    return out


def without_places(problems):
    """Problem messages with the references to other places taken out ('(lines 12, 14)', '(features.1.cowboys.2,
    ...)'), which a file and a form give in their own terms."""
    return sorted(re.sub(r" \((lines? [\d, ]+|[a-z]+\.[^()]*)\)", "", p.message) for p in problems)


def as_yaml(tmp_path, game: dict, name="game.yaml"):
    return write(tmp_path, name, yaml.safe_dump({"game": "carcassonne-gold-rush", **game},
                                                sort_keys=False, allow_unicode=True).encode())


# -- the fields on the pad -------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_writable_box_has_exactly_one_field_inside_it(players, paper):
    doc = build(players, paper=paper)
    fields, boxes = fields_in_boxes(doc)
    assert len(fields) == len(boxes)
    # the fields of the columns printed, and every game-level one
    printed = [slot.name for slot in FORM.slots.values() if slot.column <= players]
    assert sorted(f.name for f in fields) == sorted(name for name in printed
                                                    if not name.startswith("running.") or name in {f.name for f in fields})
    layout = layouts.load("carcassonne-gold-rush-pad", paper)
    assert sum(1 for f in fields if f.name.startswith("running.")) == players * pad_grid.running_cells(layout, players)


def test_fields_follow_the_form_in_tab_order_with_its_kinds():
    doc = build(5)
    fields = [item for item in doc.pages[0].items if isinstance(item, FormField)]
    assert [f.name for f in fields] == [name for name in FORM.slots if name in {f.name for f in fields}]
    for f in fields:
        slot = FORM.slots[f.name]
        assert (f.kind, f.choices) == (slot.kind, slot.choices)
    kinds = {f.name: f.choices for f in fields if f.kind == "choice"}
    assert kinds["features.1.kind"] == ("railroad", "mountain", "city", "prairie")
    assert kinds["completed.1.kind"] == ("railroad", "mountain", "city")
    # tab order goes along the sheet: a row across the players, then the next row
    order = [f.name for f in fields]
    assert order.index("points.5") < order.index("tokens.1.1") < order.index("tokens.2.1")
    assert order.index("features.1.cowboys.5") < order.index("features.2.kind")


def test_field_names_are_the_documented_ones():
    doc = pad.f.__doc__
    read = {name for name, slot in FORM.slots.items() if slot.read}
    for name in ("date", "players.1", "running.1.1", "laps.1", "points.1", "tokens.1.1", "tokens.0.5",
                 "tokens.5.points.1", "features.1.kind", "features.7.size", "features.1.horses",
                 "features.1.cowboys.5", "features.1.points.2", "completed.3.locomotives", "completed.1.kind",
                 "totals.5"):
        assert name in FORM.slots, name
    for pattern in ("players.P", "running.P.K", "laps.P", "points.P", "tokens.V.P", "tokens.V.points.P",
                    "features.N.kind", "features.N.size", "features.N.horses", "features.N.cowboys.P",
                    "features.N.points.P", "completed.N.locomotives", "totals.P", "date"):
        assert pattern in doc, pattern
    assert not any(name.startswith(("running.", "date")) or ".points." in name for name in read)
    assert {f"laps.{c}" for c in range(1, 6)} <= read  # laps x 50 + space: the points box is checked against it


def test_the_fields_listing(run):
    result = run("sheet", "carcassonne-gold-rush", "--fields")
    assert result.code == 0, result
    lines = result.out.splitlines()
    assert "page N's field F is named carcassonne-gold-rush.pad.pN.F" in result.out
    row = next(line for line in lines if line.startswith("features.1.kind "))
    assert "railroad or mountain or city or prairie" in row and "features" in row
    assert "players[]" in next(line for line in lines if line.startswith("players.1 "))
    assert "(not read: the score track is read)" in next(line for line in lines if line.startswith("running.1.1 "))
    assert " points " in next(line for line in lines if line.startswith("laps.1 "))


@pytest.mark.skipif(PDFTOPPM is None, reason="needs poppler's pdftoppm")
def test_filled_values_show_inside_their_own_fields(tmp_path):
    """Rendered by poppler, each filled field changes pixels inside its own rectangle, and nothing
    changes outside the fields."""
    dpi = 50
    doc = build(3)
    empty = ppm(blank(players=3), tmp_path, dpi)
    values = {"players.1": "Ann", "points.2": "57", "tokens.2.3": "4", "features.1.kind": "prairie",
              "features.1.size": "2", "features.1.horses": "3", "features.1.cowboys.1": "2",
              "completed.2.kind": "railroad", "completed.2.locomotives": "1", "totals.3": "104", "running.1.4": "33",
              "date": "May 1", "tokens.5.points.1": "10"}
    filled = ppm(fill(blank(players=3), {1: values}), tmp_path, dpi)
    changed, fields = check_fills_show_in_their_fields(doc, empty, filled, values, dpi, least=2)
    assert changed(fields["points.1"].rect) == 0


# -- reading filled pads -------------------------------------------------------------------

def test_a_filled_pad_scores_like_its_results_file(tmp_path):
    path = write(tmp_path, "pad.pdf", CG.sheet(None, SheetOptions(results=str(EXAMPLE))).pdf)
    assert CG.score(path) == CG.score(EXAMPLE)
    exported = yaml.safe_load(CG.export(path).text)
    original = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    # a railroad left on the board scores no locomotives: the pad has no box for them
    del original["features"][0]["railroad"]["locomotives"]
    assert exported == original


def test_the_pad_fills_from_a_form_and_back_as_it_was(tmp_path):
    """PDF -> YAML -> PDF -> YAML: the second results file is the first, byte for byte."""
    game = {"players": ["Ann", "Zoë O'Neil", "Ben"], "points": {"Ann": 57, "Zoë O'Neil": 12, "Ben": 0},
            "tokens": {"Ann": {1: 2, 5: 1, 0: 2}, "Ben": {2: 3}},
            "features": [{"city": {"railroads": 2, "merchant": "Zoë O'Neil"}},
                         {"prairie": {"tipis": 1, "horses": 2, "farmers": {"Ann": 1, "Ben": 1}}}],
            "completed": [{"railroad": {"tiles": 4, "locomotives": 1, "workers": {"Ben": 2}}}],
            "totals": {"Ann": 17}}  # completed in play 0, the prairie shared with Ben 2 + 8, tokens 2 + 5
    first = write(tmp_path, "first.pdf", fill(blank(players=3), {1: pad_fields(game)}))
    text = CG.export(first).text
    assert yaml.safe_load(text) == {"game": "carcassonne-gold-rush", **game}
    second = write(tmp_path, "second.pdf", CG.sheet(None, SheetOptions(results=write(tmp_path, "r.yaml", text.encode()))).pdf)
    assert CG.export(second).text == text
    assert CG.score(second) == CG.score(first) == CG.score(tmp_path / "r.yaml")


def test_laps_and_space_fill_the_pad_as_points(tmp_path):
    game = {"players": ["Ann", "Ben"], "points": {"Ann": {"laps": 1, "space": 7}, "Ben": 3}}
    filled = write(tmp_path, "pad.pdf", CG.sheet(None, SheetOptions(results=as_yaml(tmp_path, game))).pdf)
    assert yaml.safe_load(CG.export(filled).text)["points"] == {"Ann": 57, "Ben": 3}


def test_more_features_than_rows_is_refused_naming_the_line(run, tmp_path):
    rows = ROWS["features"]
    game = {"players": ["Ann", "Ben"], "points": {"Ann": 1, "Ben": 2},
            "features": [{"mountain": {"nuggets": 2, "miners": {("Ann", "Ben")[n % 2]: 1}}} for n in range(rows + 1)]}
    path = as_yaml(tmp_path, game)
    result = run("sheet", "carcassonne-gold-rush", "--from", str(path), "-o", "out.pdf")
    assert result.code == 1 and f"the pad has {rows} rows for features; this file lists {rows + 1}" in result.err
    assert f"{path}:" in result.err and not (tmp_path / "out.pdf").exists()


names_strategy = st.integers(2, 5).map(lambda n: [f"P{i}" for i in range(1, n + 1)])


@st.composite
def games(draw):
    names = draw(names_strategy)
    game: dict = {"players": names, "points": {n: draw(st.integers(0, 160)) for n in names}}
    tokens = {}
    for n in names:
        counts = draw(st.dictionaries(st.sampled_from([1, 2, 3, 5, 0]), st.integers(0, 4), max_size=3))
        if counts:
            tokens[n] = {v: counts[v] for v in (1, 2, 3, 5, 0) if v in counts}
    if tokens:
        game["tokens"] = tokens

    def feature(kind: str, completed: bool) -> dict:
        body: dict = {}
        if kind == "railroad":
            body["tiles"] = draw(st.integers(1, 9))
            if completed and draw(st.booleans()):
                body["locomotives"] = draw(st.integers(0, 2))
        elif kind == "mountain":
            body["nuggets"] = draw(st.integers(1, 12))
        elif kind == "city":
            body["railroads"] = draw(st.integers(2, 4) if completed else st.integers(0, 3))
        else:
            body["tipis"] = draw(st.integers(0, 3))
            if draw(st.booleans()):
                body["horses"] = draw(st.integers(0, 3))
        holders = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
        if kind == "city":
            body["merchant"] = holders[0]
        else:
            body[ROLE[kind]] = {n: draw(st.integers(1, 2)) for n in names if n in holders}
        return {kind: body}

    for key, kinds in (("features", list(SIZE)), ("completed", ["railroad", "mountain", "city"])):
        items = [feature(kind, key == "completed")
                 for kind in draw(st.lists(st.sampled_from(kinds), max_size=ROWS[key]))]
        if items:
            game[key] = items
    totals = {n: draw(st.integers(0, 250)) for n in names if draw(st.booleans())}
    if totals:
        game["totals"] = totals
    return game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=games())
def test_random_pads_score_the_same_as_pdfs_and_as_their_results_file(tmp_path_factory, game):
    tmp_path = tmp_path_factory.mktemp("pads")
    players = len(game["players"])
    path = write(tmp_path, "pad.pdf", fill(blank(players=players), {1: pad_fields(game)}))
    scores_like_its_results_file(CG, path, {"game": "carcassonne-gold-rush", **game}, tmp_path,
                                 located=lambda p: p.page == 1, same_report=False, unplaced=without_places)


field_values = st.fixed_dictionaries({}, optional={
    name: (st.sampled_from(("", *slot.choices)) if slot.kind == "choice" else
           st.one_of(st.integers(-3, 70).map(str), st.sampled_from(["Ann", "Ben", "ann", "0", "1"]),
                     st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=10)))
    for name, slot in FORM.slots.items() if slot.column <= 4})


_SHEETS: dict = {}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.lists(field_values, min_size=1, max_size=2))
def test_random_allowed_values_give_a_score_or_located_problems(tmp_path_factory, pages):
    tmp_path = tmp_path_factory.mktemp("random")
    if len(pages) not in _SHEETS:
        _SHEETS[len(pages)] = CG.sheet(None, SheetOptions(fillable=True, players=4, copies=len(pages))).pdf
    sheet = _SHEETS[len(pages)]
    path = write(tmp_path, "random.pdf", fill(sheet, dict(enumerate(pages, 1))))
    scores_or_is_located(CG.score, path)


# -- what is wrong with a filled pad, located -----------------------------------------------

BASE = {"players.1": "Ann", "players.2": "Ben", "points.1": "10", "points.2": "20"}


@pytest.mark.parametrize("values,expected", [
    ({"points.2": "twenty"}, "pad.pdf:page 1:points.2: expected Ben's score-track points (0 or more, laps of 50 "
                             "included) or {laps: N, space: M}, got 'twenty'"),
    ({"features.2.size": "3"}, "pad.pdf:page 1:features.2.kind: row 2 is filled in but has no kind; choose "
                               "railroad, mountain, city, prairie"),
    ({"features.1.kind": "city", "features.1.size": "1", "features.1.cowboys.1": "1", "features.1.cowboys.2": "1"},
     "pad.pdf:page 1:features.1.cowboys.2: a city has one merchant, but 1 is written in two columns; keep its "
     "owner's"),
    ({"features.1.kind": "city", "features.1.size": "1", "features.1.cowboys.1": "2"},
     "pad.pdf:page 1:features.1.cowboys.1: a city has one merchant: write 1 in its owner's column, nothing in the "
     "others"),
    ({"features.1.kind": "railroad", "features.1.size": "3", "features.1.horses": "2", "features.1.cowboys.1": "1"},
     "pad.pdf:page 1:features.1.horses: a railroad has no wild-horse herds; leave horses empty (only a prairie "
     "has them)"),
    ({"completed.1.kind": "city", "completed.1.size": "3", "completed.1.locomotives": "1",
      "completed.1.cowboys.2": "1"},
     "pad.pdf:page 1:completed.1.locomotives: a city has no locomotives; leave locomotives empty (only a "
     "railroad has them)"),
    ({"features.1.kind": "mountain", "features.1.cowboys.2": "1"},
     "pad.pdf:page 1:features.1.size: missing key 'nuggets'"),
    ({"features.3.kind": "mountain", "features.3.size": "0", "features.3.cowboys.1": "1"},
     "pad.pdf:page 1:features.3.size: a mountain shows at least 1 gold nugget symbol, got 0"),
    ({"features.1.kind": "prairie", "features.1.size": "1", "features.1.cowboys.1": "5"},
     "pad.pdf:page 1:features.1.cowboys.1: Ann: 5 farmers on one prairie, but a player has only 4 cowboys in "
     "play (5 per colour, 1 the score marker)"),
    ({"completed.2.kind": "city", "completed.2.size": "1", "completed.2.cowboys.1": "1"},
     "pad.pdf:page 1:completed.2.size: a completed city connects 2 to 4 completed railroads (3 or 4 tracks leave "
     "a city, every one on a completed railroad, and a railroad uses at most 2 of them); got 1"),
    ({"tokens.2.1": "x"}, "pad.pdf:page 1:tokens.2.1: expected a whole number, got 'x'"),
    ({"tokens.3.2": "-1"}, "pad.pdf:page 1:tokens.3.2: -1 is too small (at least 0)"),
    ({"totals.1": "lots"}, "pad.pdf:page 1:totals.1: expected a whole number, got 'lots'"),
    ({"points.2": ""}, "pad.pdf:page 1:points.2: no points for Ben; write Ben: 0 if that marker never left 0"),
    ({"players.2": "ann"}, "pad.pdf:page 1:players.2: the name ann is used twice; give each player a different "
                           "name"),
    ({"players.3": "", "points.3": "4"}, "pad.pdf:page 1:players.3: this column is filled in but names no player; "
                                         "write the player's name at its head"),
])
def test_a_problem_is_located_by_file_page_and_field(run, tmp_path, values, expected):
    write(tmp_path, "pad.pdf", fill(blank(players=3), {1: {**BASE, **values}}))
    refused_everywhere(run, tmp_path, ["pad.pdf"], expected)


def test_two_games_filled_on_one_file_are_located(run, tmp_path):
    write(tmp_path, "pads.pdf", fill(CG.sheet(None, SheetOptions(fillable=True, players=2, copies=2)).pdf,
                                     {1: BASE, 2: {"players.1": "Cat", "points.1": "4", "players.2": "Dan",
                                                   "points.2": "6"}}))
    result = run("score", "pads.pdf")
    assert result.code == 1
    assert "pads.pdf:page 2:points.1: points is filled in here and on pads.pdf page 1; fill it in on one page " \
           "only" in result.err.splitlines()


def test_score_and_export_the_pad_from_the_command_line(run, tmp_path):
    made = run("sheet", "carcassonne-gold-rush", "--from", str(EXAMPLE), "-o", "pad.pdf")
    assert made.code == 0 and "filled in from" in made.out
    scored = run("score", "pad.pdf")
    assert scored.code == 0 and scored.out == run("score", str(EXAMPLE)).out
    exported = run("export", "pad.pdf", "-o", "game.yaml")
    assert exported.code == 0, exported
    assert run("score", "game.yaml").out == scored.out


def test_a_second_copy_filled_alone_is_the_game(tmp_path):
    path = write(tmp_path, "pads.pdf", fill(CG.sheet(None, SheetOptions(fillable=True, players=2, copies=2)).pdf, {2: BASE}))
    report = CG.score(path)
    assert [p.name for p in report.players] == ["Ben", "Ann"]


def test_problems_as_json_carry_page_and_field(run, tmp_path):
    import json

    write(tmp_path, "pad.pdf", fill(blank(players=3), {1: {**BASE, "points.1": "x", "totals.2": "y"}}))
    result = run("check", "pad.pdf", "--format", "json")
    assert result.code == 1
    found = [(p["page"], p["field"]) for p in json.loads(result.out)["problems"]]
    assert found == [(1, "points.1"), (1, "totals.2")]


def test_a_pad_given_to_another_game_is_refused(tmp_path):
    path = write(tmp_path, "pad.pdf", fill(blank(players=3), {1: BASE}))
    with pytest.raises(InvalidInput) as caught:
        sheetgen.game("gold-west").score(path)
    assert str(caught.value).startswith(f"{path}: this PDF holds carcassonne-gold-rush sheets, not gold-west")
