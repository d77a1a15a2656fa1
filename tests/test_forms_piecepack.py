"""The fillable Gold Rush (piecepack) player mat: its fields, the PDF, and reading filled mats back.

Mats are filled here with pypdf, as a viewer (or another program) would fill
them, from values this file writes down itself (`mat_fields`); reading them
back must give what a YAML results file with the same values gives.
"""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st
from pypdf import PdfReader, PdfWriter

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import layouts, ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.games.piecepack_gold_rush import mat_form
from sheetgen.sheet import FormField

from conftest import ROOT
from formfill import (PDFTOPPM, Fillable, done_or_located, fields_in_boxes, filled_sheets_score_like_results, opened,
                      ppm, refused_everywhere, results_players, widget_names, write)

GR = sheetgen.game("piecepack-gold-rush")
RULES = ruledata.load(get_game("piecepack-gold-rush"))
FORM = GR.form("mat")
PREFIX = "piecepack-gold-rush.mat"
CELLS = layouts.load("piecepack-gold-rush-mat")["tracks"]["cells"]
COUNTED = ["ore", "gold", "food"]  # what the results file wants of the tracks (`sheetgen template`)
BUILDINGS = [b["name"] for b in RULES["buildings"]]
ACTIONS = [a["name"] for a in RULES["actions"]]
MARKERS = RULES["player_start"]["ownership_markers"]
EXAMPLE = ROOT / "examples" / "piecepack-gold-rush-game.yaml"


SHEET = Fillable("piecepack-gold-rush", "mat", build_players=3, blank_players=4)
build, blank, fill = SHEET.build, SHEET.blank, SHEET.fill


def mat_fields(player: dict) -> dict:
    """The fields a player fills in for a results entry, written out independently of the form module:
    the track cell of the count past its laps, the laps, one building per plot from plot 1."""
    out: dict = {"name": player["name"]} if "name" in player else {}
    for resource in COUNTED:
        if resource in player:
            turns, at = divmod(player[resource], CELLS)
            out[f"{resource}.{at}"] = True
            if turns:
                out[f"{resource}.laps"] = str(turns)
    out.update({f"plot.{n}.building": name for n, name in enumerate(player.get("buildings", []), 1)})
    if "total" in player:
        out["total"] = str(player["total"])
    return out


# -- the fields on the mat ---------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_writable_box_has_exactly_one_field_inside_it(paper):
    fields, boxes = fields_in_boxes(build(paper=paper))
    resources = len(RULES["resources"])
    expected = 1 + resources * (CELLS + 1) + RULES["rounds"] + MARKERS * 5 + 3 + 1 + 1
    assert len(fields) == len(boxes) == len(FORM.slots) == expected == 139


def test_a_track_cells_check_sits_below_its_number():
    """The number a cell prints stays readable when its box is checked: the check is under it."""
    doc = build()
    (art,) = doc.backdrops.values()
    fields = {f.name: f for f in doc.pages[0].items if isinstance(f, FormField)}
    numbers = [t for t in art if getattr(t, "text", None) == "7" and getattr(t, "align", "") == "center"]
    checks = sorted((fields[f"{r['key']}.7"] for r in RULES["resources"]), key=lambda f: f.rect.y)
    assert len(numbers) == len(checks) == len(RULES["resources"])
    for number, check in zip(sorted(numbers, key=lambda t: t.y), checks):
        assert number.y <= check.rect.y  # the baseline is above the check's top edge
        assert check.rect.x < number.x < check.rect.right


def test_fields_follow_the_form_in_tab_order_with_its_kinds():
    SHEET.check_tab_order(build(players=2))


def test_field_names_are_the_documented_ones():
    names = list(FORM.slots)
    assert names[:3] == ["name", "food.0", "food.1"] and names[-2:] == ["total", "tie.food"]
    for name in ("ore.0", "ore.19", "ore.laps", "gold.laps", "energy.7", "round.1", "round.9", "plot.1.tile",
                 "plot.1.coin", "plot.1.building", "plot.8.upgrades", "plot.8.civic", "score.ore", "score.gold",
                 "score.buildings"):
        assert name in FORM.slots, name
    assert FORM.slots["plot.3.building"].choices == tuple(BUILDINGS)
    assert FORM.slots["ore.4"].kind == "check" and FORM.slots["ore.laps"].kind == "number"
    read = {name for name, slot in FORM.slots.items() if slot.read}
    assert read == {"name", "total", *(f"plot.{n}.building" for n in range(1, MARKERS + 1)),
                    *(f"{r}.{n}" for r in COUNTED for n in range(CELLS)), *(f"{r}.laps" for r in COUNTED)}
    for a, b in itertools.permutations(names, 2):  # a name is never a node of another (the PDF's tree)
        assert not b.startswith(a + ".")
    documented = mat_form.__doc__
    for pattern in ("RESOURCE.0", "RESOURCE.laps", "round.1", "plot.N.building", "score.CATEGORY", "total",
                    "tie.RESOURCE", PREFIX + ".pN.F"):
        assert pattern in documented


def test_the_fields_listing(run):
    result = run("sheet", "piecepack-gold-rush", "--fields")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "139 form fields, in tab order" in lines[0] and f"{PREFIX}.pN.F" in lines[1]
    rows = {line.split()[0]: line for line in lines[3:3 + len(FORM.slots)]}
    assert list(rows) == list(FORM.slots)
    # the seven buildings are listed once under the table, not on every plot's row
    assert " ore " in rows["ore.laps"] and " choice list 1 " in rows["plot.1.building"]
    assert lines[3 + len(FORM.slots):] == [
        "choice list 1: Farm, Windmill, Mine, Gold Mine, Trade Route, Market, Warehouse (or empty)"]
    assert max(map(len, lines)) <= 120
    assert "(not read: Energy never scores)" in rows["energy.3"] and "(not read:" in rows["plot.2.tile"]
    assert " total " in rows["total"]
    assert "fillable" in run("games", "piecepack-gold-rush").out


# -- the PDF ---------------------------------------------------------------------------

def test_the_pdf_form_is_a_tree_of_named_fields_in_tab_order():
    reader = PdfReader(io.BytesIO(blank(players=3)))
    leaves = {name for name, f in reader.get_fields().items() if "/FT" in f}
    assert leaves == {f"{PREFIX}.p{n}.{name}" for n in (1, 2, 3) for name in FORM.slots}
    for number, page in enumerate(reader.pages, 1):
        assert widget_names(page) == [f"{PREFIX}.p{number}.{name}" for name in FORM.slots]


@pytest.mark.skipif(PDFTOPPM is None, reason="needs poppler's pdftoppm")
def test_filled_values_show_inside_their_own_fields(tmp_path):
    """Rendered by poppler, each filled field changes pixels inside its own rectangle (as the PDF
    places it), an empty one changes none, and nothing changes outside the fields."""
    dpi = 50
    data = blank(players=3)
    values = {"name": "Ann", "ore.3": True, "ore.laps": "1", "gold.12": True, "food.0": True, "energy.4": True,
              "round.2": True, "plot.1.tile": "3 suns", "plot.1.coin": "5", "plot.1.building": "Gold Mine",
              "plot.1.upgrades": "2", "plot.2.civic": "8", "score.gold": "36", "total": "67", "tie.food": "0"}
    width, height, before = ppm(data, tmp_path, dpi)
    after = ppm(fill(data, {1: values}), tmp_path, dpi)[2]
    page = PdfReader(io.BytesIO(data)).pages[0]
    page_h = float(page.mediabox.height)
    rects = {}
    for annotation in page["/Annots"]:
        widget = annotation.get_object()
        rects[str(widget["/T"]), str(widget["/Parent"]["/T"])] = [float(v) for v in widget["/Rect"]]

    def rect(name: str) -> list:
        parts = name.split(".")
        return rects[parts[-1], parts[-2] if len(parts) > 1 else "p1"]

    def changed(name: str) -> int:
        x0, y0, x1, y1 = rect(name)
        scale = dpi / 72
        cols = range(int(x0 * scale), int(x1 * scale) + 1)
        rows = range(int((page_h - y1) * scale), int((page_h - y0) * scale) + 1)
        at = [(y * width + x) * 3 for y in rows for x in cols]
        return sum(before[i:i + 3] != after[i:i + 3] for i in at)

    for name in values:
        assert changed(name) > 3, name
    for name in ("ore.4", "gold.laps", "plot.2.building", "round.3", "score.ore"):
        assert changed(name) == 0, name
    everywhere = sum(a != b for a, b in zip(before[0::3], after[0::3]))
    inside = sum(changed(name) for name in values)
    assert everywhere <= inside * 1.2


# -- reading filled mats -------------------------------------------------------------------

def test_a_form_filled_from_the_example_scores_like_it(tmp_path):
    path = write(tmp_path, "mats.pdf", GR.sheet("mat", SheetOptions(results=str(EXAMPLE))).pdf)
    assert GR.score(path) == GR.score(EXAMPLE)
    exported = yaml.safe_load(GR.export(path).text)
    assert exported == yaml.safe_load(EXAMPLE.read_text())


ANN = {"name": "Ann", "ore": 7, "gold": 5, "food": 1,
       "buildings": ["Farm", "Windmill", "Market", "Trade Route", "Mine", "Farm"], "total": 38}
BEN = {"name": "Ben", "ore": 2, "gold": 8, "food": 4,
       "buildings": ["Gold Mine", "Gold Mine", "Windmill", "Warehouse", "Farm"]}
CAT = {"name": "Cat", "ore": 23, "gold": 2, "food": 0, "buildings": ["Trade Route", "Warehouse", "Market", "Mine"]}


def test_a_mat_fills_from_a_form_and_back_as_it_was(tmp_path):
    """PDF -> YAML -> PDF -> YAML: the second results file is the first, byte for byte."""
    first = write(tmp_path, "first.pdf", fill(blank(players=3), {n: mat_fields(p)
                                                                for n, p in enumerate((ANN, BEN, CAT), 1)}))
    text = GR.export(first).text
    assert yaml.safe_load(text)["players"] == [ANN, BEN, CAT]
    second = write(tmp_path, "second.pdf", GR.sheet("mat", SheetOptions(results=write(tmp_path, "r.yaml", text.encode()))).pdf)
    assert GR.export(second).text == text
    assert GR.score(second) == GR.score(first) == GR.score(tmp_path / "r.yaml")
    filled = PdfReader(second).get_fields()  # Cat's 23 Ore: cell 3 and one lap
    assert str(filled[f"{PREFIX}.p3.ore.laps"]["/V"]) == "1" and str(filled[f"{PREFIX}.p3.ore.3"]["/V"]) == "/Yes"


def test_one_pdf_per_player(tmp_path):
    sheet = blank(names=("Ann", "Ben", "Cat"))
    paths = []
    for n, player in enumerate((ANN, BEN, CAT), 1):
        values = mat_fields(player)
        del values["name"]  # printed on the page already
        paths.append(write(tmp_path, f"mat-{player['name'].lower()}.pdf", fill(sheet, {n: values})))
    report = GR.score(paths)
    # Cat 23 + 2x3 + 3x8, Ann 7 + 5x3 + 2x8, Ben 2 + 8x3 + 1x8
    assert [(p.name, p.total) for p in report.players] == [("Cat", 53), ("Ann", 38), ("Ben", 34)]
    assert report == GR.score(write(tmp_path, "r.yaml", yaml.safe_dump(
        {"game": "piecepack-gold-rush", "players": [ANN, BEN, CAT]}, sort_keys=False).encode()))
    # the other players' pages in each file hold only their printed names: unused, left out
    assert len(GR.read(paths).value["players"]) == 3


players_strategy = st.lists(
    st.fixed_dictionaries({
        "ore": st.integers(0, 45), "gold": st.integers(0, 45), "food": st.integers(0, 45),
        "buildings": st.lists(st.sampled_from(BUILDINGS), max_size=MARKERS),
        "total": st.one_of(st.none(), st.integers(0, 200)),
    }),
    min_size=3, max_size=4)


def as_results(drawn: list) -> list:
    return results_players(drawn, lambda d: {**{k: d[k] for k in COUNTED}, "buildings": d["buildings"]})


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=players_strategy, split=st.booleans())
def test_random_mats_score_the_same_as_pdfs_and_as_their_results_file(tmp_path_factory, drawn, split):
    filled_sheets_score_like_results(SHEET, tmp_path_factory.mktemp("mats"), as_results(drawn), mat_fields, split,
                                     located=lambda p: p.page is not None and p.field)


def _any_text():
    return st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=12)


field_values = st.fixed_dictionaries({}, optional={
    name: (st.booleans() if slot.kind == "check" else
           st.one_of(st.sampled_from(("", *slot.choices, *ACTIONS, "farm", "Gold-mine")), _any_text())
           if slot.kind == "choice" else
           st.one_of(st.integers(-5, 200).map(str), _any_text()))
    for name, slot in FORM.slots.items()})


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.lists(field_values, min_size=1, max_size=4))
def test_random_allowed_values_give_a_score_or_located_problems(tmp_path_factory, pages):
    tmp_path = tmp_path_factory.mktemp("random")
    path = write(tmp_path, "random.pdf", fill(blank(players=4), dict(enumerate(pages, 1))))
    forms = opened([path])  # read once for both
    for call in (GR.score, GR.export):
        done_or_located(call, path, forms)


# -- what is wrong with a filled mat, located --------------------------------------------------

_FILLED: dict = {}


def three_mats(tmp_path, ann: dict, ben: dict, cat: dict):
    """mat-ann.pdf, mat-ben.pdf, mat-cat.pdf: pages 1, 2 and 3 of one printout, each filled by its player."""
    sheet = blank(names=("Ann", "Ben", "Cat"))
    paths = []
    for n, (who, values) in enumerate((("ann", ann), ("ben", ben), ("cat", cat)), 1):
        key = (n, repr(sorted(values.items())))
        if key not in _FILLED:  # the same filling again (the good mats of every case): filled once
            _FILLED[key] = fill(sheet, {n: values})
        paths.append(write(tmp_path, f"mat-{who}.pdf", _FILLED[key]))
    return paths


def good(player: dict) -> dict:
    values = mat_fields(player)
    del values["name"]
    return values


@pytest.mark.parametrize("change,expected", [
    ({"total": "forty"}, "mat-cat.pdf:page 3:total: expected a whole number, got 'forty'"),
    ({"ore.laps": "two"},
     "mat-cat.pdf:page 3:ore.laps: Ore: write how many times the count went past 19 (a whole number, 0 or more), "
     "not 'two'"),
    ({"ore.9": True}, "mat-cat.pdf:page 3:ore.9: Ore: cells 3 and 9 are checked; check only the one you hold"),
    ({"gold.2": False, "gold.laps": "1"},
     "mat-cat.pdf:page 3:gold.laps: Gold: laps are written but no cell is checked; check the cell the count "
     "stands on (0 to 19)"),
    ({"food.0": False}, "mat-cat.pdf:page 3:food.0: Food: no cell is checked; check the one you hold at the end "
                        "(0 if none)"),
    ({"plot.2.building": "Warehose"},
     "mat-cat.pdf:page 3:plot.2.building: unknown building 'Warehose'; did you mean 'Warehouse'?"),
    ({"plot.5.building": "Assay"},
     "mat-cat.pdf:page 3:plot.5.building: Assay is an action, not a building: it takes no plot and scores "
     "nothing; leave it out"),
    ({"total": "40"},
     "mat-cat.pdf:page 3:total: total: you wrote 40, the tally is 53 (ore 23 (23 x 1), gold 6 (2 x 3), buildings "
     "24 (3 non-production x 8)); 13 short"),
])
def test_a_problem_is_located_by_file_page_and_field(run, tmp_path, change, expected):
    names = [p.name for p in three_mats(tmp_path, good(ANN), good(BEN), {**good(CAT), **change})]
    refused_everywhere(run, tmp_path, names, expected)


def test_more_buildings_than_the_table_allows(run, tmp_path):
    """Four players stake at most 6 claims: a seventh building is named at the first plot's box."""
    sheet = blank(names=("Ann", "Ben", "Cat", "Dan"))
    seven = {**good(BEN), "plot.6.building": "Farm", "plot.7.building": "Farm"}
    path = write(tmp_path, "mats.pdf", fill(sheet, {1: good(ANN), 2: seven, 3: good(CAT), 4: {"ore.0": True,
                                                                                          "gold.0": True,
                                                                                          "food.0": True}}))
    result = run("check", str(path))
    assert result.code == 1
    assert f"{path}:page 2:plot.1.building: Ben has 7 buildings, but with 4 players a player stakes at most 6 " \
           f"claims" in result.err


def test_the_same_mat_twice(run, tmp_path):
    ann, ben, cat = three_mats(tmp_path, good(ANN), good(BEN), good(CAT))
    result = run("score", str(ann), str(ben), str(ann))
    assert result.code == 1
    assert f"{ann}:page 1: this mat is the same as {ann} page 1: the same player's mat twice? Give each mat " \
           f"once" in result.err.splitlines()
    copy = write(tmp_path, "copy.pdf", cat.read_bytes())
    result = run("score", str(ann), str(ben), str(cat), str(copy))
    assert f"{copy}:page 3: this mat is the same as {cat} page 3" in result.err
    assert "Traceback" not in result.err


def test_two_mats_with_one_name(run, tmp_path):
    sheet = blank(players=3)
    paths = [write(tmp_path, f"{n}.pdf", fill(sheet, {1: mat_fields({**p, "name": "Ann" if n else "ann "})}))
             for n, p in enumerate((ANN, BEN))]
    paths.append(write(tmp_path, "cat.pdf", fill(sheet, {3: mat_fields(CAT)})))
    result = run("score", *map(str, paths))
    assert result.code == 1
    assert f"{paths[1]}:page 1:name: the name Ann is used twice; give each player a different name" in result.err


def test_another_games_sheet(run, tmp_path):
    ann, ben, cat = three_mats(tmp_path, good(ANN), good(BEN), good(CAT))
    board = sheetgen.game("rolled-west").sheet(None, SheetOptions(fillable=True, players=2)).pdf
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(board)))
    writer.update_page_form_field_values(writer.pages[0], {"rolled-west.board.p1.claims.woods.1": "camp"},
                                         auto_regenerate=False)
    writer.write(str(tmp_path / "board.pdf"))
    with pytest.raises(InvalidInput) as caught:
        GR.score([ann, ben, cat, tmp_path / "board.pdf"])
    assert str(caught.value).startswith(f"{tmp_path / 'board.pdf'}: this PDF holds rolled-west sheets, not "
                                        f"piecepack-gold-rush")
    with pytest.raises(InvalidInput) as caught:
        sheetgen.game("rolled-west").score(ann)
    assert str(caught.value).startswith(f"{ann}: this PDF holds piecepack-gold-rush sheets, not rolled-west")
    result = run("score", str(ann), str(ben), str(cat), str(tmp_path / "board.pdf"))
    assert result.code == 1 and "Traceback" not in result.err
    assert f"{ann} + {ben} + {cat}" in result.out  # the mats still make their game, the board its own
    assert "2 games from 4 files: 1 ok, 1 with problems" in result.out + result.err


def test_sheet_from_a_results_file(run, tmp_path):
    result = run("sheet", "piecepack-gold-rush", "--from", str(EXAMPLE), "-o", str(tmp_path / "m.pdf"))
    assert result.code == 0, result.err
    assert "4 pages (4 players)" in result.out and "filled in from" in result.out
    assert GR.score(tmp_path / "m.pdf") == GR.score(EXAMPLE)
    broken = write(tmp_path, "bad.yaml", EXAMPLE.read_bytes().replace(b"Windmill, Market", b"Windmil, Market"))
    result = run("sheet", "piecepack-gold-rush", "--from", str(broken), "-o", str(tmp_path / "c.pdf"))
    assert result.code == 1 and "unknown building 'Windmil'" in result.err
    assert not (tmp_path / "c.pdf").exists()


# -- the README's loop ---------------------------------------------------------------------------

def readme_viewer(folder: Path) -> None:
    """What the players of the README's piecepack block save from their viewer (tests/test_readme.py
    runs the block): Ann, Ben and Cat fill in their own pages of mats.pdf (ANN, BEN and CAT above);
    Cat's slip checks two cells of her Ore track."""
    mats = (folder / "mats.pdf").read_bytes()
    for n, player in enumerate((ANN, BEN, CAT), 1):
        write(folder, f"mat-{player['name'].lower()}.pdf", fill(mats, {n: good(player)}))
    write(folder, "slip-cat.pdf", fill(mats, {3: {**good(CAT), "ore.9": True}}))
