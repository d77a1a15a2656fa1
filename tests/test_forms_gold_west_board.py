"""The fillable Gold West board record sheet: its fields, and filled sheets read as map-form results.

Sheets are filled here with pypdf, as a viewer would fill them, from values this file writes down
itself (not through board_form's own writer); reading one back must give what the map-form YAML
file with the same game gives.
"""

from __future__ import annotations

import io
import itertools
import math
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.sheet import Box, FormField, Polygon, SheetRequest, Text

from conftest import ROOT, run_process
from formfill import fill_pdf, opened
from test_gold_west_map_score import results, tables

GW = sheetgen.game("gold-west")
RULES = GW.rules
FORM = GW.form("board")
PREFIX = "gold-west.board.p1"
EXAMPLE = ROOT / "examples" / "gold-west-map.yaml"
CODE = "GW4-1YTC-HWPW-8Y2P-B9V5-6TXM-ZQDB-W9XF-GTJE-9P83-5WJF"   # the example's
LABELS = hexlabels.labels(RULES)
LAND = sorted(LABELS.label(h) for h in hexes.land(RULES))
TERRAIN_KEY = {k["code"]: k["name"].lower() for k in RULES["terrains"]["kinds"]}

_BLANKS: dict = {}


def blank(code: str = CODE) -> bytes:
    if code not in _BLANKS:
        _BLANKS[code] = GW.sheet("board", SheetOptions(fillable=True, code=code)).pdf
    return _BLANKS[code]


def fill(data: bytes, values: dict) -> bytes:
    """Fill the page's fields {name: text} with pypdf."""
    return fill_pdf(data, "gold-west.board", {1: values})  # PREFIX's fields


def sheet_values(players: list, code: str, letters: list, spell: list) -> dict:
    """The fields a table fills in for these players: written out here, independently of the form.

    `letters[i]`: player i's letter; `spell[i]`: write it in the letter field (else leave the field
    blank, and the reader takes the first free letter of the name, which `letters` must then be)."""
    out = {"setup": code}
    for column, (p, letter, written) in enumerate(zip(players, letters, spell), 1):
        out[f"p{column}.name"] = p["name"]
        if written:
            out[f"p{column}.initial"] = letter
        for key in ("points", "investments", "shipping_tiles", "wanted", "supply", "total"):
            if key in p:
                out[f"p{column}.{key}"] = str(p[key])
        for terrain, n in p.get("investment_influence", {}).items():
            out[f"p{column}.investment_influence.{terrain}"] = str(n)
        for label in p.get("camps", []):
            out[f"hex.{label}"] = letter.lower()
        for label in p.get("settlements", []):
            out[f"hex.{label}"] = letter
    return out


def report(source) -> str:
    return GW.score(source).text()


def problems(tmp_path, values: dict, code: str = CODE) -> list:
    path = tmp_path / "board.pdf"
    path.write_bytes(fill(blank(code), values))
    with pytest.raises(InvalidInput) as caught:
        GW.score(str(path))
    return [(p.field, p.message) for p in caught.value.problems]


# -- the fields on the sheet ------------------------------------------------------------

def build(code: str = CODE, paper: str = "letter"):
    request = SheetRequest(4, (), fillable=True, code=code, paper=paper)
    return get_game("gold-west").sheet("board").builder()(RULES, request)


def test_the_form_has_a_field_per_land_hex_the_code_and_a_block_per_player():
    offices = RULES["boomtown"]["offices_in_play"]
    per_player = 2 + 1 + len(TERRAIN_KEY) + 5 + offices + 1   # name, letter; points; influence; counts; Boomtown
    assert len(FORM.slots) == 1 + len(LAND) + RULES.players[1] * per_player == 1 + 56 + 4 * 17
    assert sorted(n[len("hex."):] for n in FORM.slots if n.startswith("hex.")) == LAND
    assert not any(f"hex.{LABELS.label(h)}" in FORM.slots for h in hexes.water(RULES))   # nothing stands on water


def _inside(point, corners) -> bool:
    """Whether a point is inside a convex polygon (corners in order, either way round)."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def test_each_hex_field_lies_inside_its_own_hex_outline():
    doc = build()
    (art,) = doc.backdrops.values()
    hexagons = [list(item.points) for item in art if isinstance(item, Polygon) and len(item.points) == 6
                and math.dist(item.points[0], item.points[3]) > 15]   # the board's hexes, not the key's
    labels = {item.text.split(" ")[0]: item for item in art if isinstance(item, Text) and item.align == "center"
              and item.text.split(" ")[0] in LAND}
    fields = [f for f in doc.pages[0].items if isinstance(f, FormField) and f.name.startswith("hex.")]
    assert len(fields) == len(LAND)
    for f in fields:
        r = f.rect
        corners = [(r.x, r.y), (r.right, r.y), (r.right, r.bottom), (r.x, r.bottom)]
        holders = [h for h in hexagons if all(_inside(c, h) for c in corners)]
        assert len(holders) == 1, f.name
        # ... and that hex is the one the field names: its printed label is under the field
        label = labels[f.name[len("hex."):]]
        assert abs(label.x - (r.x + r.w / 2)) < 0.01 and 0 < label.y - r.bottom < 4, f.name
        centre = (sum(x for x, _ in holders[0]) / 6, sum(y for _, y in holders[0]) / 6)
        assert abs(centre[0] - label.x) < 0.01


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_field_is_inside_one_writable_box_and_none_overlap(paper):
    doc = build(paper=paper)
    (art,) = doc.backdrops.values()
    boxes = [item.rect for item in art if isinstance(item, Box) and item.writable]
    fields = [f for f in doc.pages[0].items if isinstance(f, FormField)]
    assert len(fields) == len(boxes) == 1 + len(LAND) + 4 * 17   # printed for the code's 4 players
    for f in fields:
        assert sum(1 for b in boxes if f.rect.inside(b)) == 1, f.name
    for a, b in itertools.combinations(fields, 2):
        assert not a.rect.overlaps(b.rect), (a.name, b.name)
    assert [f.name for f in fields] == [n for n in FORM.slots if n in {f.name for f in fields}]   # tab order


def test_a_sheet_for_fewer_players_prints_fewer_rows():
    code = GW.setup(players=2, seed="rows").code
    doc = build(code)
    names = {f.name for f in doc.pages[0].items if isinstance(f, FormField)}
    assert "p2.name" in names and "p3.name" not in names and "hex.B3" in names   # face-down hexes keep a field
    # ... without the white patch that asks for a mark: the patches are the in-play hexes' fields
    (art,) = doc.backdrops.values()
    patches = [item.rect for item in art if isinstance(item, Box) and item.writable]
    hexed = [f for f in doc.pages[0].items if isinstance(f, FormField) and f.name.startswith("hex.")]
    board = sheetgen.game("gold-west").setup(code=code).to_dict()
    out = {LABELS.label(hexes.parse(k)) for k, v in board["hexes"].items() if not v["in_play"]}
    assert len(out) == 14
    for f in hexed:
        assert any(f.rect.inside(p) for p in patches) == (f.name[len("hex."):] not in out), f.name


# -- reading filled sheets -------------------------------------------------------------

def test_the_example_game_filled_in_scores_as_its_yaml(tmp_path):
    text = EXAMPLE.read_text()
    players = [{"name": "Sara", "points": 61, "camps": "D2 K2 L2 D3 E3 F3 K3 D4 C5 D6".split(), "investments": 2,
                "shipping_tiles": 1, "supply": 3, "total": 92},
               {"name": "Levi", "points": 58, "camps": "B2 A3 B3 A4 E5 G5 E6 G6".split(), "settlements": ["F5"],
                "investments": 3, "shipping_tiles": 2, "wanted": 1, "supply": 1, "total": 87},
               {"name": "Ann", "points": 55, "camps": "N4 J5 M5 N5 K6 M6".split(), "settlements": ["H5"],
                "investment_influence": {"forest": 1}, "investments": 2, "wanted": 3, "supply": 4, "total": 79},
               {"name": "Ben", "points": 52, "camps": "H2 I2 I3 J3 L4".split(), "settlements": "G2 H3 K4".split(),
                "investments": 1, "shipping_tiles": 3, "wanted": 2, "supply": 2, "total": 100}]
    values = sheet_values(players, CODE, ["S", "L", "A", "B"], [True, False, True, False])
    # Boomtown: Courthouse is office 4 of this setup, Deeds 1, Homestead 2, Mayor's 3 (its order).
    values.update({"p1.boomtown.4": "1", "p4.boomtown.4": "1", "p4.boomtown.1": "1", "p2.boomtown.1": "1",
                   "p1.boomtown.1": "1", "p3.boomtown.2": "2", "p2.boomtown.3": "1", "p1.boomtown.3": "1",
                   "p2.boomtown.free": "1"})
    path = tmp_path / "board.pdf"
    path.write_bytes(fill(blank(), values))
    assert report(str(path)) == GW.score(text=text).text()
    assert "Winner: Ben" in report(str(path))


def test_from_export_and_back_is_stable(tmp_path, run):
    assert run("sheet", "gold-west", "board", "--from", str(EXAMPLE), "-o", "a.pdf").code == 0
    assert report(str(tmp_path / "a.pdf")) == report(str(EXAMPLE))
    assert run("export", "a.pdf", "-o", "a.yaml").code == 0
    assert run("sheet", "gold-west", "board", "--from", "a.yaml", "-o", "b.pdf").code == 0
    assert run("export", "b.pdf", "-o", "b.yaml").code == 0
    assert (tmp_path / "a.yaml").read_text() == (tmp_path / "b.yaml").read_text()
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert report(str(tmp_path / "a.yaml")) == report(str(EXAMPLE))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_random_legal_maps_score_the_same_from_the_sheet_and_its_export(tmp_path_factory, table, data):
    setup, _, players = table
    code = setup["code"]
    spell = [data.draw(st.booleans()) for _ in players]
    # P0, P1, ...: a blank letter field takes P (first one free), then the name's 0, 1... are not
    # letters, so the first free letters of the alphabet follow.
    letters = data.draw(st.permutations(list(string.ascii_uppercase)))[:len(players)]
    taken: list = [letter for letter, written in zip(letters, spell) if written]
    for i, written in enumerate(spell):
        if not written:
            letters[i] = next(c for c in "P" + string.ascii_uppercase if c not in taken)
            taken.append(letters[i])
    folder = tmp_path_factory.mktemp("maps")
    path = folder / "board.pdf"
    path.write_bytes(fill(blank(code), sheet_values(players, code, letters, spell)))
    forms = opened([str(path)])  # read once: scored and exported
    yaml_text = results(players, code)
    from_sheet = report(forms)
    assert from_sheet == GW.score(text=yaml_text).text()
    exported = GW.export(forms).text
    assert GW.score(text=exported).text() == from_sheet
    # and back: the export fills a sheet that exports the same
    (folder / "exported.yaml").write_text(exported)
    again = folder / "again.pdf"
    again.write_bytes(GW.sheet("board", SheetOptions(results=str(folder / "exported.yaml"))).pdf)
    assert GW.export(str(again)).text == exported


# -- bad fills, located -----------------------------------------------------------------

TWO = GW.setup(players=2, seed="faces").code
PLAYERS_2 = {"p1.name": "Ann", "p2.name": "Bob", "p1.points": "9", "p2.points": "9"}


def test_marks_that_name_no_player_are_located_at_their_hex(tmp_path):
    values = {**PLAYERS_2, "p2.initial": "A", "hex.E3": "Ss", "hex.F3": "z", "hex.G3": "3", "hex.D3": "n"}
    found = dict(problems(tmp_path, values, TWO))
    assert found["hex.E3"].startswith("'Ss' is more than one mark: one building stands on a hex")
    assert found["hex.F3"] == "no player marks with Z; the players' letters are N (Ann) and A (Bob)"
    assert found["hex.G3"].startswith("'3' is not a player's letter")
    assert "hex.D3" not in found   # Ann's letter is N (A is Bob's): her camp


def test_a_building_on_a_face_down_tile_is_located_at_its_hex(tmp_path):
    found = problems(tmp_path, {**PLAYERS_2, "hex.B3": "a", "hex.E3": "b"}, TWO)
    assert ("hex.B3", "B3 is on a face-down tile, out of play in this game") in found


def test_bad_letters_and_counts_are_located(tmp_path):
    values = {**PLAYERS_2, "p1.initial": "An", "p2.initial": "b", "p1.boomtown.1": "x", "p2.boomtown.free": "99"}
    found = dict(problems(tmp_path, values, TWO))
    assert found["p1.initial"] == "an initial is one letter A-Z, not 'An'"
    assert found["p1.boomtown.1"] == "write how many tokens Ann has there: a whole number 0 to 9, not 'x'"
    assert "not '99'" in found["p2.boomtown.free"]
    digit_like = dict(problems(tmp_path, {**PLAYERS_2, "p1.boomtown.1": "\u00b2"}, TWO))  # passes str.isdigit()
    assert digit_like["p1.boomtown.1"] == "write how many tokens Ann has there: a whole number 0 to 9, not '\u00b2'"
    twice = dict(problems(tmp_path, {**PLAYERS_2, "p1.initial": "Q", "p2.initial": "q"}, TWO))
    assert twice["p2.initial"] == "Q is already p1.initial's letter; give each player a letter of their own"


def test_a_sheet_without_its_code_cannot_be_scored(tmp_path):
    found = problems(tmp_path, {**PLAYERS_2, "setup": "", "hex.E3": "a"}, TWO)
    assert ("setup", "the hexes need their board: write the setup code of this game here (sheetgen setup "
                     "printed it)") in found
    # a code changed from the one the sheet was printed for is refused as such (issue 18) ...
    found = dict(problems(tmp_path, {**PLAYERS_2, "setup": "GW2-XXXX", "p1.boomtown.1": "1"}, TWO))
    assert found == {"setup": f"this sheet was printed for {TWO} (its map is drawn for it), but this box was "
                              f"changed to 'GW2-XXXX'; write {TWO} back, or fill in a sheet printed for the other one"}
    # ... and where the PDF no longer says what it was printed for, the code itself is checked
    path = tmp_path / "board.pdf"
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(fill(blank(TWO), {**PLAYERS_2, "setup": "GW2-XXXX",
                                                                          "p1.boomtown.1": "1"}))))
    writer.add_metadata({"/Subject": "something else"})
    with open(path, "wb") as out:
        writer.write(out)
    with pytest.raises(InvalidInput) as caught:
        GW.score(str(path))
    found = {p.field: p.message for p in caught.value.problems}
    assert found["setup"].startswith("setup: too short")
    assert found["p1.boomtown.1"].startswith("the offices are those of the setup code")


def test_fields_listing_names_the_code_option(run):
    result = run("sheet", "gold-west", "board", "--fields")
    assert result.code == 0
    assert "(sheetgen sheet gold-west board --code CODE --fillable)" in result.out
    assert "hex.D4 " in result.out and "players[].camps, settlements" in result.out


def test_the_fillable_sheet_needs_a_setup(run):
    result = run("sheet", "gold-west", "board", "--fillable", "-o", "x.pdf")
    assert result.code == 2 and "--fillable" in result.err and "--code" in result.err
    counts = run("sheet", "gold-west", "board", "--from", str(ROOT / "examples" / "gold-west-game.yaml"))
    assert counts.code == 1 and "map form" in counts.err and "Traceback" not in counts.err
    other = GW.setup(players=4, seed="other").code
    clash = run("sheet", "gold-west", "board", "--from", str(EXAMPLE), "--code", other, "-o", "y.pdf")
    assert clash.code == 2 and "--code" in clash.err


FIELDS = sorted(FORM.slots)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=12), max_size=12))
def test_hostile_fills_never_raise_anything_but_located_problems(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("hostile") / "board.pdf"
    path.write_bytes(fill(blank(TWO), {**PLAYERS_2, **values}))
    try:
        GW.score(str(path))
    except InvalidInput as exc:
        assert all(p.file == str(path) for p in exc.problems)


def test_a_hostile_fill_on_the_command_line_has_no_traceback(tmp_path):
    path = tmp_path / "board.pdf"
    path.write_bytes(fill(blank(TWO), {**PLAYERS_2, "hex.E3": "\x00\u202e", "p1.boomtown.2": "-1",
                                       "p2.points": "1e9", "setup": "GW4-" + "X" * 200}))
    result = run_process("score", str(path))
    assert result.returncode == 1 and b"Traceback" not in result.stderr
    assert f"{path}:page 1:".encode() in result.stderr
