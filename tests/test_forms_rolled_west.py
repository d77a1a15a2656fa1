"""The fillable Rolled West board: its fields, the PDF, and reading filled boards back.

Boards are filled here with pypdf, as another program (or a viewer) would
fill them, from values this file writes down itself; reading them back must
give what a YAML results file with the same values gives.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st
from pypdf import PdfReader, PdfWriter

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import pdf, ruledata
from sheetgen.errors import InvalidInput, Problem
from sheetgen.games import get_game
from sheetgen.games.rolled_west import board_form
from sheetgen.sheet import FormField, Page, Rect, SheetDocument

from conftest import ROOT, run_process
from formfill import (PDFTOPPM, Fillable, check_fills_show_in_their_fields, fields_in_boxes, ppm,
                      filled_sheets_score_like_results, refused_everywhere, results_players, scores_or_is_located,
                      widget_names, write)

RW = sheetgen.game("rolled-west")
RULES = ruledata.load(get_game("rolled-west"))
FORM = RW.form()
PREFIX = "rolled-west.board"
ROWS = [row["key"] for row in RULES["claims"]["rows"]]
METALS = [row["metal"] for row in RULES["shipping"]["rows"]]
DOUBLES = {row["metal"]: [b for b, spec in enumerate(row["boxes"], 1) if isinstance(spec, list)]
           for row in RULES["shipping"]["rows"]}
SIZES = {row["metal"]: len(row["boxes"]) for row in RULES["shipping"]["rows"]}
CONTRACTS = [c["number"] for c in RULES["contracts"]]
LETTER = {f["resource"]: f["letter"] for f in RULES["dice"]["faces"]}
OFFICES = [LETTER[r] + LETTER[c] for r in RULES["boomtown"]["rows"] for c in RULES["boomtown"]["columns"]]
EXAMPLE = ROOT / "examples" / "rolled-west-game.yaml"


SHEET = Fillable("rolled-west", "board", build_players=2, blank_players=4)
build, blank, fill = SHEET.build, SHEET.blank, SHEET.fill


def board_fields(player: dict) -> dict:
    """The fields a player fills in for a results entry, written out independently of the form module."""
    out: dict = {"name": player["name"]}
    for row, builds in player.get("claims", {}).items():
        cells = [b for build in builds for b in [build] * (2 if build == "settlement" else 1)]
        out.update({f"claims.{row}.{i}": mark for i, mark in enumerate(cells, 1)})
    for metal, value in player.get("shipping", {}).items():
        boxes, high = (value["boxes"], value.get("high", [])) if isinstance(value, dict) else (value, [])
        for box in range(1, boxes + 1):
            out[f"shipping.{metal}.{box}"] = ("high" if box in high else "low") if box in DOUBLES[metal] else True
    out.update({f"contracts.{n}": True for n in player.get("contracts", [])})
    out.update({f"offices.{code}": True for code in player.get("offices", [])})
    if "total" in player:
        out["total"] = str(player["total"])
    return out


# -- the fields on the board -----------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_writable_box_has_exactly_one_field_inside_it(paper):
    fields, boxes = fields_in_boxes(build(paper=paper))
    assert len(fields) == len(boxes) == len(FORM.slots) == 91


def test_fields_follow_the_form_in_tab_order_with_its_kinds():
    SHEET.check_tab_order(build())


def test_field_names_are_the_documented_ones():
    names = list(FORM.slots)
    assert names[:2] == ["name", "bank.1"] and names[-1] == "total"
    for name in ("bank.11", "claims.woods.1", "claims.mountains.8", "majority.hills.2nd", "shipping.copper.1",
                 "shipping.gold.5", "contracts.1", "contracts.9", "offices.CC", "offices.SG", "offices.GG",
                 "tally.claims", "tally.boomtown"):
        assert name in FORM.slots
    assert FORM.slots["claims.valley.4"].choices == ("camp", "settlement")
    assert FORM.slots["shipping.silver.3"].choices == ("high", "low")
    assert FORM.slots["shipping.silver.2"].kind == "check"
    assert not FORM.slots["bank.3"].read and not FORM.slots["tally.shipping"].read
    # a name is never a node of another (the PDF's field tree needs that)
    for a, b in itertools.permutations(names, 2):
        assert not b.startswith(a + ".")
    documented = board_form.__doc__
    for pattern in ("claims.ROW.1", "shipping.METAL.1", "contracts.N", "offices.XY", "tally.CATEGORY", "total"):
        assert pattern in documented


def test_the_fields_listing(run):
    result = run("sheet", "rolled-west", "--fields")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "91 form fields, in tab order" in lines[0]
    assert "rolled-west.board.pN.F" in lines[1]
    rows = {line.split()[0]: line for line in lines[3:]}
    assert list(rows) == list(FORM.slots)
    assert "camp or settlement" in rows["claims.woods.1"] and " claims " in rows["claims.woods.1"]
    assert "(not read: banked resources do not score)" in rows["bank.1"] and " total " in rows["total"]


def test_sheets_without_a_form_say_which_have_one(run):
    result = run("sheet", "piecepack-gold-rush", "cards", "--fillable")  # cards are never filled in
    assert result.code == 2
    assert "--fillable" in result.err and "rolled-west board" in result.err


# -- the PDF ---------------------------------------------------------------------------

def test_the_pdf_form_is_a_tree_of_named_fields():
    reader = PdfReader(io.BytesIO(blank(players=2)))
    # every value sheetgen writes has its appearance; viewers write their own (see pdfform.py)
    assert "/NeedAppearances" not in reader.trailer["/Root"]["/AcroForm"]
    fields = reader.get_fields()
    leaves = {name for name, f in fields.items() if "/FT" in f}
    assert leaves == {f"{PREFIX}.p{n}.{name}" for n in (1, 2) for name in FORM.slots}
    for number, page in enumerate(reader.pages, 1):
        for annotation in page["/Annots"]:
            widget = annotation.get_object()
            assert "." not in str(widget["/T"])  # partial names never hold a period
            assert widget["/F"] == 4  # printed
        assert widget_names(page) == [f"{PREFIX}.p{number}.{name}" for name in FORM.slots]


@pytest.mark.skipif(PDFTOPPM is None, reason="needs poppler's pdftoppm")
def test_filled_values_show_inside_their_own_fields(tmp_path):
    """Rendered by poppler, each filled field changes pixels inside its own rectangle, and an
    empty one changes none."""
    dpi = 50
    doc = build(2, values=[{}])
    empty = ppm(blank(players=2), tmp_path, dpi)
    values = {"name": "Ann", "claims.woods.1": "camp", "claims.woods.2": "settlement",
              "claims.woods.3": "settlement", "shipping.copper.1": True, "shipping.copper.3": "high",
              "contracts.4": True, "offices.SG": True, "total": "42", "bank.2": "C", "majority.woods.1st": True}
    filled = ppm(fill(blank(players=2), {1: values}), tmp_path, dpi)
    changed, fields = check_fills_show_in_their_fields(doc, empty, filled, values, dpi)
    assert changed(fields["claims.woods.4"].rect) == 0
    assert changed(fields["contracts.5"].rect) == 0


# -- reading filled boards ---------------------------------------------------------------

def test_a_filled_form_scores_like_its_results_file(tmp_path):
    data = RW.sheet(None, SheetOptions(results=str(EXAMPLE))).pdf
    path = write(tmp_path, "boards.pdf", data)
    assert RW.score(path) == RW.score(EXAMPLE)
    exported = yaml.safe_load(RW.export(path).text)
    assert exported == yaml.safe_load(EXAMPLE.read_text()) | {"players": exported["players"]}
    ann, gabriel = exported["players"]
    assert ann["claims"]["woods"] == ["camp", "settlement"] and ann["offices"] == ["CS", "SS"]
    assert gabriel["shipping"]["silver"] == {"boxes": 5, "high": [3, 5]}


def test_a_board_fills_from_a_form_and_back_as_it_was(tmp_path):
    """PDF -> YAML -> PDF -> YAML: the second results file is the first, byte for byte."""
    ann = {"name": "Ann", "claims": {"woods": ["camp", "settlement"], "hills": ["settlement", "settlement"]},
           "shipping": {"copper": {"boxes": 5, "high": [3, 5]}, "gold": 2}, "contracts": [2, 7], "offices": ["GG"],
           "total": 62}
    ben = {"name": "Zoë O'Neil", "claims": {"valley": ["camp"]}, "shipping": {"copper": 3, "silver": 1},
           "contracts": [1], "offices": ["CC", "SS"]}
    first = write(tmp_path, "first.pdf", fill(blank(players=2), {1: board_fields(ann), 2: board_fields(ben)}))
    text = RW.export(first).text
    second = write(tmp_path, "second.pdf", RW.sheet(None, SheetOptions(results=write(tmp_path, "r.yaml", text.encode()))).pdf)
    assert RW.export(second).text == text
    assert RW.score(second) == RW.score(first) == RW.score(tmp_path / "r.yaml")


def test_one_pdf_per_player(tmp_path):
    sheet = blank(names=("Ann", "Ben"))
    ann = write(tmp_path, "board-ann.pdf", fill(sheet, {1: {"claims.woods.1": "camp", "contracts.1": True}}))
    ben = write(tmp_path, "board-ben.pdf", fill(sheet, {2: {"claims.valley.1": "camp", "offices.SS": True}}))
    report = RW.score([ann, ben])
    assert sorted(p.name for p in report.players) == ["Ann", "Ben"]
    # Ben's page in Ann's file holds only his printed name: an unused board, left out
    assert len(RW.read([ann, ben]).value["players"]) == 2


players_strategy = st.lists(
    st.fixed_dictionaries({
        "claims": st.fixed_dictionaries({row: st.lists(st.sampled_from(["camp", "settlement"]), max_size=4)
                                         for row in ROWS}),
        "shipping": st.fixed_dictionaries({metal: st.integers(0, SIZES[metal]) for metal in METALS}),
        "highs": st.fixed_dictionaries({metal: st.lists(st.sampled_from(DOUBLES[metal]), unique=True)
                                        for metal in METALS}),
        "contracts": st.lists(st.sampled_from(CONTRACTS), unique=True, max_size=3),
        "offices": st.lists(st.sampled_from(OFFICES), unique=True, max_size=3),
        "total": st.one_of(st.none(), st.integers(0, 120)),
    }),
    min_size=2, max_size=4)


def as_results(drawn: list) -> list:
    return results_players(drawn, board_player)


def board_player(d: dict) -> dict:
    """A results entry (all but the name and total) from a board's draw."""
    claims = {}
    for row in ROWS:  # in the board's order, as an export writes them
        builds = d["claims"][row]
        while sum(2 if b == "settlement" else 1 for b in builds) > 8:
            builds = builds[:-1]
        claims[row] = builds
    shipping = {}
    for metal in METALS:
        boxes = d["shipping"][metal]
        high = sorted(b for b in d["highs"][metal] if b <= boxes)
        shipping[metal] = {"boxes": boxes, "high": high} if high else boxes
    if not any(claims.values()) and not any(d["shipping"].values()) and not d["contracts"] and \
            not d["offices"] and d["total"] is None:
        claims["woods"] = ["camp"]  # a board with nothing but a name is an unused one (left out)
    return {"claims": claims, "shipping": shipping, "contracts": sorted(d["contracts"]),
            "offices": [o for o in OFFICES if o in d["offices"]]}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=players_strategy, split=st.booleans())
def test_random_boards_score_the_same_as_pdfs_and_as_their_results_file(tmp_path_factory, drawn, split):
    filled_sheets_score_like_results(SHEET, tmp_path_factory.mktemp("boards"), as_results(drawn), board_fields, split,
                                     located=lambda p: p.page is not None or "players; this file has" in p.message)


field_values = st.fixed_dictionaries({}, optional={
    name: (st.booleans() if slot.kind == "check" else
           st.sampled_from(("", *slot.choices)) if slot.kind == "choice" else
           st.one_of(st.integers(-5, 200).map(str), st.text(alphabet=st.characters(min_codepoint=32,
                                                                                  max_codepoint=255),
                                                             max_size=12)))
    for name, slot in FORM.slots.items()})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.lists(field_values, min_size=1, max_size=4))
def test_random_allowed_values_give_a_score_or_located_problems(tmp_path_factory, pages):
    tmp_path = tmp_path_factory.mktemp("random")
    path = write(tmp_path, "random.pdf", fill(blank(players=4), dict(enumerate(pages, 1))))
    scores_or_is_located(RW.score, path)


# -- what is wrong with a filled board, located ------------------------------------------------

def two_boards(tmp_path, ann: dict, ben: dict):
    sheet = blank(names=("Ann", "Ben"))
    return [write(tmp_path, "board-ann.pdf", fill(sheet, {1: ann})),
            write(tmp_path, "board-ben.pdf", fill(sheet, {2: ben}))]


GOOD = {"claims.woods.1": "camp"}


@pytest.mark.parametrize("ann,ben,expected", [
    (GOOD, {"total": "forty"},
     "board-ben.pdf:page 2:total: expected a whole number, got 'forty'"),
    ({"contracts.4": True}, {"contracts.4": True},
     "board-ben.pdf:page 2:contracts.4: contract 4 is also circled by Ann (board-ann.pdf, page 1); each contract "
     "goes to one player"),
    ({"offices.CG": True}, {"offices.CG": True},
     "board-ben.pdf:page 2:offices.CG: office CG is also circled by Ann (board-ann.pdf, page 1); each office goes "
     "to one player"),
    (GOOD, {"claims.hills.1": "settlement", "claims.hills.2": "camp"},
     "board-ben.pdf:page 2:claims.hills.1: a settlement fills 2 spaces: mark Hills space 2 settlement too"),
    (GOOD, {"claims.hills.8": "settlement"},
     "board-ben.pdf:page 2:claims.hills.8: Hills space 8 is marked, but space 1 before it is empty; fill the row "
     "from the left"),
    ({"shipping.gold.1": True, "shipping.gold.3": "high"}, GOOD,
     "board-ann.pdf:page 1:shipping.gold.3: Gold box 3 is marked, but box 2 before it is empty; fill the row "
     "from the left"),
    ({"shipping.silver.1": True, "shipping.silver.2": True, "shipping.silver.3": "low"}, GOOD,
     "board-ann.pdf:page 1:shipping.silver.1: Ann reached Silver box 3 and scores its low number 4, but nobody "
     "circled its high number 7; the first player to reach it did (add 3 to that player's high list)"),
    (GOOD, {"claims.valley.1": "tent"},
     "board-ben.pdf:page 2:claims.valley.1: unknown mark 'tent'; write camp or settlement (or the start of one), or leave it empty"),
    ({"name": "", "contracts.1": True}, GOOD,
     "board-ann.pdf:page 1: missing key 'name'"),
])
def test_a_problem_is_located_by_file_page_and_field(run, tmp_path, ann, ben, expected):
    names = [path.name for path in two_boards(tmp_path, ann, ben)]  # `run` works in tmp_path
    refused_everywhere(run, tmp_path, names, expected)


def test_problems_come_in_page_and_tab_order_and_as_json(run, tmp_path):
    paths = two_boards(tmp_path, {"total": "x", "claims.woods.2": "camp"}, {"total": "y"})
    result = run("check", *map(str, paths), "--format", "json")
    body = json.loads(result.out)
    assert [(p["file"].split("/")[-1], p["page"], p["field"]) for p in body["problems"]] == [
        ("board-ann.pdf", 1, "claims.woods.2"), ("board-ann.pdf", 1, "total"), ("board-ben.pdf", 2, "total")]
    assert body["problems"][0]["line"] is None


@functools.lru_cache(maxsize=None)
def _hostile_pdfs() -> tuple:
    """(name, bytes) of the files hostile_files writes but the sparse huge.pdf: made once a process,
    as every case writes them all and reads one."""
    files = {"plain.pdf": RW.sheet(None, SheetOptions(players=2)).pdf}
    from reportlab.pdfgen.canvas import Canvas

    other = io.BytesIO()
    canvas = Canvas(other)
    canvas.acroForm.textfield(name="Text1", value="hello")
    canvas.showPage()
    canvas.save()
    files["other-tool.pdf"] = other.getvalue()
    locked = PdfWriter(clone_from=PdfReader(io.BytesIO(fill(blank(players=2), {1: GOOD}))))
    locked.encrypt("secret")
    out = io.BytesIO()
    locked.write(out)
    files["locked.pdf"] = out.getvalue()
    whole = fill(blank(players=2), {1: GOOD})
    files["cut.pdf"] = whole[:len(whole) * 2 // 3]
    files["broken.pdf"] = whole[:400] + b"\x00garbage" * 50 + whole[-200:]
    files["notes.pdf"] = b"my notes, not a PDF"
    files["empty.pdf"] = b""
    files["blank.pdf"] = blank(players=2)
    gold = SheetDocument("t", "s", 100, 100, pages=[Page(None, (FormField(Rect(10, 10, 30, 10), "name", "text",
                                                                          value="Ann"),))],
                         form_id="piecepack-gold-rush.cards")
    files["cards.pdf"] = pdf.render(gold)
    odd = SheetDocument("t", "s", 100, 100, pages=[Page(None, (FormField(Rect(10, 10, 30, 10), "name", "text",
                                                                         value="Ann"),))],
                        form_id="chess.board")
    files["chess.pdf"] = pdf.render(odd)
    return tuple(files.items())


def hostile_files(tmp_path):
    for name, data in _hostile_pdfs():
        write(tmp_path, name, data)
    with open(tmp_path / "huge.pdf", "wb") as handle:  # sparse: 50 MB without writing them
        handle.write(b"%PDF-1.7\n")
        handle.truncate(50_000_000)
    return tmp_path / "plain.pdf"


@pytest.mark.parametrize("name,needle", [
    ("plain.pdf", "plain.pdf: has no form to read: print a fillable sheet with 'sheetgen sheet GAME --fillable'"),
    ("other-tool.pdf", "other-tool.pdf: its form was not made by sheetgen (fields such as 'Text1')"),
    ("locked.pdf", "locked.pdf: the PDF is encrypted (password protected); save an unprotected copy"),
    ("cut.pdf", "cut.pdf: the PDF is cut short (no %%EOF at its end); copy or download it again"),
    ("broken.pdf", "broken.pdf: "),
    ("huge.pdf", "huge.pdf: file is 50,000,000 bytes; the limit is 10,000,000"),
    ("notes.pdf", "notes.pdf: not a PDF file (it does not start with %PDF-)"),
    ("empty.pdf", "empty.pdf: not a PDF file"),
    ("blank.pdf", "blank.pdf: nothing is filled in on its 2 pages; fill a sheet in"),
    ("cards.pdf", "cards.pdf: its form is a piecepack-gold-rush 'cards' sheet, which this sheetgen cannot read"),
    ("chess.pdf", "chess.pdf: its form names a game sheetgen does not know ('chess')"),
    ("missing.pdf", "missing.pdf: no such file"),
])
def test_a_file_that_is_not_a_filled_board_is_one_clear_problem(run, tmp_path, name, needle):
    hostile_files(tmp_path)
    path = str(tmp_path / name)
    for command in (("score", path), ("check", path), ("export", path, "-o", str(tmp_path / "out.yaml"))):
        result = run(*command)
        assert result.code == 1, result
        first = result.err.splitlines()[0]
        assert first.startswith(str(tmp_path / needle.split(": ")[0])) and needle.split(": ", 1)[1] in first, \
            result.err
        assert "Traceback" not in result.err
    assert not (tmp_path / "out.yaml").exists()


def test_the_same_board_twice(run, tmp_path):
    (ann, _) = two_boards(tmp_path, GOOD, GOOD)
    result = run("score", str(ann), str(ann))
    assert result.code == 1
    assert f"{ann}:page 1: this board is the same as {ann} page 1: the same player's board twice?" in result.err
    copy = write(tmp_path, "copy.pdf", ann.read_bytes())
    result = run("score", str(ann), str(copy))
    assert f"{copy}:page 1: this board is the same as {ann} page 1" in result.err


def test_two_boards_with_one_name(run, tmp_path):
    sheet = blank(players=2)
    ann = write(tmp_path, "a.pdf", fill(sheet, {1: {"name": "Ann", **GOOD}}))
    other = write(tmp_path, "b.pdf", fill(sheet, {1: {"name": "ann ", "claims.valley.1": "camp"}}))
    result = run("score", str(ann), str(other))
    assert f"{other}:page 1:name: the name ann is used twice; give each player a different name" in result.err


def test_a_form_of_another_game_through_the_api(tmp_path):
    (ann, _) = two_boards(tmp_path, GOOD, GOOD)
    with pytest.raises(InvalidInput) as caught:
        sheetgen.game("piecepack-gold-rush").score(ann)
    assert str(caught.value).startswith(f"{ann}: this PDF holds rolled-west sheets, not piecepack-gold-rush")


def test_a_board_printed_with_other_rule_data(tmp_path):
    house = tmp_path / "house"
    shutil.copytree(ruledata.default_dir(), house)
    text = (house / "rolled-west.yaml").read_text()
    (house / "rolled-west.yaml").write_text(text.replace("{number: 9, cost: {gold: 5}, points: 15}",
                                                         "{number: 9, cost: {gold: 5}, points: 15}\n"
                                                         "  - {number: 10, cost: {gold: 6}, points: 18}"))
    sheet = sheetgen.game("rolled-west", data=house).sheet(None, SheetOptions(fillable=True, players=2)).pdf
    path = write(tmp_path, "house.pdf", fill(sheet, {1: {"name": "Ann", "contracts.10": True},
                                                     2: {"name": "Ben", "contracts.1": True}}))
    with pytest.raises(InvalidInput) as caught:
        RW.score(path)
    assert any(str(p).startswith(f"{path}:page 1:contracts.10: a rolled-west board has no field 'contracts.10'")
               for p in caught.value.problems)
    assert sheetgen.game("rolled-west", data=house).check(path).problems == []


# -- the commands ------------------------------------------------------------------------------

def test_score_pdfs_and_yaml_together(run, tmp_path):
    paths = two_boards(tmp_path, GOOD, {"claims.valley.1": "camp"})
    shutil.copy(EXAMPLE, tmp_path / "game.yaml")
    result = run("score", str(tmp_path / "game.yaml"), *map(str, paths))
    assert result.code == 0, result.err
    assert f"== {paths[0]} + {paths[1]} ==" in result.out and f"== {tmp_path / 'game.yaml'} ==" in result.out
    assert "2 games from 3 files: 2 ok, 0 with problems" in result.out
    folder = tmp_path / "night"
    folder.mkdir()
    for path in paths:
        shutil.copy(path, folder)
    result = run("check", str(folder), str(tmp_path / "game.yaml"))
    assert result.code == 0, result.err
    assert f"{folder / 'board-ann.pdf'} + {folder / 'board-ben.pdf'}: ok" in result.out


def test_export_writes_through_the_output_module_and_keeps_a_file(run, tmp_path):
    paths = two_boards(tmp_path, GOOD, {"claims.valley.1": "camp"})
    target = tmp_path / "tonight.yaml"
    result = run("export", *map(str, paths), "-o", str(target))
    assert result.code == 0, result.err
    text = target.read_text()
    assert text.startswith("# Rolled West results") and "  - name: Ann\n" in text
    target.write_text("mine")
    result = run("export", *map(str, paths), "-o", str(target))
    assert result.code == 2 and "-o" in result.err and "--force" in result.err
    assert target.read_text() == "mine"
    assert run("export", *map(str, paths), "-o", str(target), "--force").code == 0
    assert target.read_text() == text
    result = run("export", *map(str, paths))
    assert result.out == text
    assert run("export", str(EXAMPLE)).code == 2


def test_sheet_from_a_results_file(run, tmp_path):
    result = run("sheet", "rolled-west", "--from", str(EXAMPLE), "-o", str(tmp_path / "b.pdf"))
    assert result.code == 0, result.err
    assert "2 pages (2 players)" in result.out and "filled in from" in result.out
    assert RW.score(tmp_path / "b.pdf") == RW.score(EXAMPLE)
    assert run("sheet", "rolled-west", "--from", str(EXAMPLE), "--names", "A,B").code == 2
    broken = write(tmp_path, "bad.yaml", EXAMPLE.read_bytes().replace(b"contracts: [1]", b"contracts: [2]"))
    result = run("sheet", "rolled-west", "--from", str(broken), "-o", str(tmp_path / "c.pdf"))
    assert result.code == 1 and "contract 2 is also circled by Ann (line" in result.err
    assert not (tmp_path / "c.pdf").exists()
    result = run("sheet", "rolled-west", "--fillable", "--names", "Ann,Ben")
    assert result.code == 0 and (tmp_path / "output" / "rolled-west-board-fillable.pdf").exists()


def test_reading_yaml_or_listing_fields_loads_no_pdf_library(tmp_path):
    code = ("import sys\nfrom sheetgen.cli import main\n"
            "for args in (['check', sys.argv[1]], ['sheet', 'rolled-west', '--fields']):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pypdf', 'reportlab', 'jinja2'}))")
    proc = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, cwd=tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stderr


def test_a_pdf_problem_reads_as_file_page_field():
    assert str(Problem("b.pdf", "bad", page=2, field="total")) == "b.pdf:page 2:total: bad"
    assert str(Problem("b.pdf", "bad", page=2)) == "b.pdf:page 2: bad"
    assert Problem("b.pdf", "bad", page=2, field="x").to_dict()["page"] == 2
    assert "page" not in Problem("a.yaml", "bad", 3, 4).to_dict()
    assert Problem("a.yaml", "bad", 3, 4).place == "line 3" and Problem("b.pdf", "x", page=1).place == "b.pdf, page 1"


def test_no_traceback_from_a_subprocess(tmp_path):
    hostile_files(tmp_path)
    proc = run_process("score", "broken.pdf", "huge.pdf", "plain.pdf", cwd=tmp_path)
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    assert proc.stderr.count(b"\n") >= 3


def readme_viewer(folder: Path) -> None:
    """What the players of the README's fillable block save from their viewer (tests/test_readme.py
    runs the block): Ann fills in her board of boards-fillable.pdf as the example file's Ann, Ben his as its
    Gabriel, and Ben's slip circles Ann's contract too."""
    boards = (folder / "boards-fillable.pdf").read_bytes()
    example = yaml.safe_load(EXAMPLE.read_text())["players"]
    ben = board_fields({**example[1], "name": "Ben"})
    del ben["name"]
    write(folder, "board-ann.pdf", fill(boards, {1: board_fields(example[0])}))
    write(folder, "board-ben.pdf", fill(boards, {2: ben}))
    write(folder, "slip-ben.pdf", fill(boards, {2: {**ben, "contracts.2": True}}))
