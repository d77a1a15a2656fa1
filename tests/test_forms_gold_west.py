"""The fillable Gold West pad: its fields, the PDF, and reading filled pads back.

Pads are filled here with pypdf, as a viewer would, from values this file writes
down itself (`pad_fields`, independent of the form module); reading them back
must give what a YAML results file with the same values gives.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st
from pypdf import PdfReader

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.games.gold_west import pad_form
from sheetgen.sheet import Box, FormField

from conftest import ROOT
from formfill import Fillable, fields_in_boxes, opened, refused_everywhere, scores_or_is_located, write

GW = sheetgen.game("gold-west")
RULES = ruledata.load(get_game("gold-west"))
FORM = GW.form("pad")
PREFIX = "gold-west.pad"
TERRAINS = [k["name"].lower() for k in RULES["terrains"]["kinds"]]
OFFICES = [o["name"] for o in RULES["boomtown"]["offices"]]
FREE = RULES["boomtown"]["free_cell"]["name"]
EXAMPLE = ROOT / "examples" / "gold-west-game.yaml"
PIECES = RULES["pieces"]["camps_per_player"]
COUNTS = ("points", "edge", "next_to_opponent", "line", "investments", "shipping_tiles", "wanted", "supply", "total")


SHEET = Fillable("gold-west", "pad", build_players=4, blank_players=4)
build, blank, fill = SHEET.build, SHEET.blank, SHEET.fill


def pad_fields(players: list, boomtown: dict) -> dict:
    """The fields a table fills in for a results file, written out independently of the form module."""
    out: dict = {}
    for c, player in enumerate(players, 1):
        out[f"p{c}.name"] = player["name"]
        for key in COUNTS:
            if key in player:
                out[f"p{c}.{key}"] = str(player[key])
        for key in ("influence", "settlements", "mining_tokens", "investment_influence"):
            for terrain, n in player.get(key, {}).items():
                out[f"p{c}.{key}.{terrain.lower()}"] = str(n)
        if "groups" in player:
            out[f"p{c}.groups"] = ", ".join(map(str, player["groups"])) or "0"  # 0: no group
        for part, n in player.get("water", {}).items():
            out[f"p{c}.water.{part}"] = str(n)
    offices = [k for k in boomtown if k != FREE]
    for row, office in enumerate(offices, 1):
        out[f"office.{row}"] = office
        for c, player in enumerate(players, 1):
            n = boomtown[office].count(player["name"])
            if n:
                out[f"p{c}.office.{row}"] = str(n)
    for c, player in enumerate(players, 1):
        if player["name"] in boomtown.get(FREE, []):
            out[f"p{c}.free"] = True
    return out


def example() -> dict:
    return yaml.safe_load(EXAMPLE.read_text())


# -- the fields on the pad -----------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_writable_box_has_exactly_one_field_inside_it(players, paper):
    doc = build(players, paper=paper)
    fields, boxes = fields_in_boxes(doc)
    printed = [s for s in FORM.slots.values() if s.column <= players]
    assert len(fields) == len(boxes) == len(printed)
    assert min(min(f.rect.w, f.rect.h) for f in fields) >= 4  # room to type a number legibly


def test_with_a_code_the_office_names_are_fields_over_their_printed_rows():
    code = GW.setup(3, "pad-fields").code
    drawn = GW.setup(code=code).data["boomtown"]["offices"]
    doc = build(3, code=code)
    (art,) = doc.backdrops.values()
    fields = {f.name: f for f in doc.pages[0].items if isinstance(f, FormField)}
    assert [fields[f"office.{k}"].value for k in range(1, 5)] == drawn
    boxes = [item.rect for item in art if isinstance(item, Box)]
    for f in fields.values():
        assert any(f.rect.inside(b) for b in boxes), f.name


def test_copies_printed_with_a_code_and_names_are_unused_until_filled_in(tmp_path):
    game = example()
    code = GW.setup(code=GW.setup(4, "copies").code).code
    names = [p["name"] for p in game["players"]]
    data = GW.sheet("pad", SheetOptions(names=names, code=code, copies=2, fillable=True)).pdf
    drawn = GW.setup(code=code).data["boomtown"]["offices"]
    fields = pad_fields(game["players"], {})
    path = write(tmp_path, "pads.pdf", fill(data, {1: fields}))
    doc = GW.read(path)
    assert [p["name"] for p in doc.value["players"]] == names  # page 2: names and offices only, left out
    assert list(doc.value["boomtown"]) == drawn and all(v == [] for v in doc.value["boomtown"].values())
    ticked = write(tmp_path, "ticked.pdf", fill(data, {1: fields, 2: {"p1.free": True}}))
    problems = GW.check(ticked).problems
    assert any(p.page == 2 for p in problems)  # a tick on page 2 makes it a second game page: said where


def test_fields_follow_the_form_in_tab_order_with_its_kinds():
    SHEET.check_tab_order(build(4))


def test_field_names_are_the_documented_ones():
    names = list(FORM.slots)
    assert names[:2] == ["date", "office.1"] and names[-1] == "p4.total"
    for name in ("p1.name", "p1.points", "p2.influence.copper", "p3.investment_influence.forest", "p4.groups",
                 "p1.water.camps", "p1.water.settlements", "p2.shipping_tiles", "p1.office.4", "p1.pts.office.4",
                 "p3.free", "p2.pts.terrains", "p1.pts.group", "p1.pts.wanted", "p4.total"):
        assert name in FORM.slots, name
    assert FORM.slots["p1.free"].kind == "check" and FORM.slots["p1.groups"].kind == "text"
    assert not FORM.slots["date"].read and not FORM.slots["p1.pts.office.1"].read
    for a, b in itertools.permutations(names, 2):  # a name is never a node of another (the PDF's field tree)
        assert not b.startswith(a + "."), (a, b)
    documented = pad_form.__doc__
    for pattern in ("office.K", "C.name", "C.influence.TERRAIN", "C.groups", "C.water.camps", "C.office.K",
                    "C.free", "C.total", "pC", "--fields"):
        assert pattern in documented


def test_the_fields_listing(run):
    result = run("sheet", "gold-west", "pad", "--fields")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert f"{len(FORM.slots)} form fields, in tab order" in lines[0]
    assert "gold-west.pad.pN.F" in lines[1]
    rows = {line.split()[0]: line for line in lines[3:]}
    assert list(rows) == list(FORM.slots)
    assert " players[].influence " in rows["p1.influence.gold"]
    assert " boomtown " in rows["office.1"] and " boomtown " in rows["p2.free"]
    assert "(not read: a sum" in rows["p1.pts.terrains"] and " players[].total " in rows["p1.total"]


# -- reading filled pads ---------------------------------------------------------------------

def test_a_pad_filled_from_the_example_scores_like_it(tmp_path):
    path = write(tmp_path, "pad.pdf", GW.sheet("pad", SheetOptions(results=str(EXAMPLE))).pdf)
    assert GW.score(path) == GW.score(EXAMPLE)
    exported = yaml.safe_load(GW.export(path).text)
    wanted = example()
    assert [p["name"] for p in exported["players"]] == [p["name"] for p in wanted["players"]]
    for got, given_ in zip(exported["players"], wanted["players"]):
        for key in ("points", "groups", "edge", "supply", "total"):
            assert got.get(key) == given_.get(key), key
        assert got["influence"] == {k.lower(): v for k, v in given_["influence"].items()}
    assert {k: sorted(v) for k, v in exported["boomtown"].items()} == \
        {k: sorted(v) for k, v in wanted["boomtown"].items()}


def test_a_map_form_results_file_fills_the_pad_with_the_counts_its_map_gives(tmp_path):
    map_file = ROOT / "examples" / "gold-west-map.yaml"
    path = write(tmp_path, "pad.pdf", GW.sheet("pad", SheetOptions(results=str(map_file))).pdf)
    scores = [[(p.name, p.total, p.rank, p.breakdown) for p in GW.score(f).players] for f in (path, map_file)]
    assert scores[0] == scores[1]  # the map's report shows the counts it worked out as well
    exported = yaml.safe_load(GW.export(path).text)
    assert "setup" not in exported and all("camps" not in p for p in exported["players"])
    assert exported["players"][0]["groups"] == example()["players"][0]["groups"]


def test_pdf_yaml_pdf_yaml_is_stable(tmp_path):
    players = [{"name": "Ann", "points": 40, "influence": {"copper": 3, "gold": 2}, "mining_tokens":
                {"copper": 3, "gold": 2}, "groups": [4, 1], "edge": 2, "wanted": 7, "supply": 1},
               {"name": "Zoë O'Neil", "points": 44, "influence": {"silver": 4, "forest": 3},
                "settlements": {"silver": 1}, "mining_tokens": {"silver": 3, "forest": 3}, "groups": [6],
                "water": {"settlements": 1}, "investments": 1, "wanted": 6}]
    town = {"Town Hall": ["Zoë O'Neil"], "Courthouse": ["Ann", "Ann"], FREE: ["Ann"]}
    first = write(tmp_path, "first.pdf", fill(blank(players=2), {1: pad_fields(players, town)}))
    assert GW.check(first) == sheetgen.CheckResult([], [])  # a game that checks clean, so that it exports
    text = GW.export(first).text
    second = write(tmp_path, "second.pdf", GW.sheet("pad", SheetOptions(results=write(tmp_path, "r.yaml", text.encode()))).pdf)
    assert GW.export(second).text == text
    assert GW.score(second) == GW.score(first) == GW.score(tmp_path / "r.yaml")


def test_a_pad_for_four_used_by_three_and_a_column_not_printed(tmp_path):
    data = example()
    players, town = data["players"][:3], {"Courthouse": ["Sara"], FREE: ["Levi"]}
    yaml_path = write(tmp_path, "three.yaml", yaml.safe_dump({"game": "gold-west", "players": players,
                                                              "boomtown": town}, sort_keys=False).encode())
    four = write(tmp_path, "four.pdf", fill(blank(players=4), {1: pad_fields(players, town)}))
    three = write(tmp_path, "three.pdf", fill(blank(players=3), {1: pad_fields(players, town)}))
    with pytest.raises(InvalidInput) as from_yaml:
        GW.score(yaml_path)  # the example's totals were for four players; the problems must agree
    for path in (four, three):
        with pytest.raises(InvalidInput) as from_pdf:
            GW.score(path)
        assert sorted(p.message for p in from_pdf.value.problems) == sorted(p.message for p in
                                                                          from_yaml.value.problems)
        assert all(p.page == 1 for p in from_pdf.value.problems)


# -- many random games -------------------------------------------------------------------------

def random_player():
    return st.fixed_dictionaries({
        "points": st.integers(0, 80),
        "influence": st.fixed_dictionaries({t: st.integers(0, 3) for t in TERRAINS}),
        "settlements": st.fixed_dictionaries({t: st.integers(0, 2) for t in TERRAINS}),
        "groups": st.lists(st.integers(1, 8), min_size=1, max_size=4),
        "edge": st.integers(0, 6), "next_to_opponent": st.integers(0, 6), "line": st.integers(1, 6),
        "investments": st.integers(0, 3), "shipping_tiles": st.integers(0, 3), "wanted": st.integers(0, 4),
        "supply": st.integers(0, 5), "water": st.fixed_dictionaries({"camps": st.integers(0, 2)}),
        "total": st.one_of(st.none(), st.integers(0, 150)),
    })


games = st.tuples(st.lists(random_player(), min_size=2, max_size=4),
                  st.lists(st.sampled_from(OFFICES), min_size=0, max_size=4, unique=True),
                  st.data())


def consistent(drawn: list) -> list:
    """Players whose counts mostly agree with one another (mining tokens = buildings per terrain,
    groups add up), so that many random games score; the rest give problems, also compared."""
    players = []
    for i, d in enumerate(drawn):
        player = {"name": f"P{i + 1}", "points": d["points"]}
        settled = {t: min(d["settlements"][t], d["influence"][t] // 2) for t in TERRAINS}
        player["influence"] = dict(d["influence"])
        if any(settled.values()):
            player["settlements"] = {t: n for t, n in settled.items() if n}
        tokens = {t: d["influence"][t] - settled[t] for t in TERRAINS}
        player["mining_tokens"] = tokens
        buildings = sum(tokens.values())
        groups = [g for g in d["groups"] if g <= buildings]
        rest = buildings - sum(groups) if sum(groups) <= buildings else buildings
        player["groups"] = ([*groups, rest] if rest else groups) if sum(groups) <= buildings else [buildings]
        player["groups"] = [g for g in player["groups"] if g] or []
        for key in ("edge", "next_to_opponent", "line"):
            player[key] = min(d[key], buildings)
        for key in ("investments", "shipping_tiles", "supply"):
            player[key] = d[key]
        player["wanted"] = max(PIECES[len(drawn)] - buildings, 0)  # every camp piece is placed
        player["water"] = {"camps": min(d["water"]["camps"], buildings - sum(settled.values()))}
        if d["total"] is not None:
            player["total"] = d["total"]
        players.append(player)
    return players


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=games)
def test_random_pads_score_the_same_as_pdfs_and_as_their_results_file(tmp_path_factory, game):
    drawn, offices, data = game
    tmp_path = tmp_path_factory.mktemp("pads")
    players = consistent(drawn)
    names = [p["name"] for p in players]
    town = {office: data.draw(st.lists(st.sampled_from(names), max_size=2), label=office) for office in offices}
    if data.draw(st.booleans(), label="free"):
        town[FREE] = [data.draw(st.sampled_from(names), label="free holder")]
    pdf_path = write(tmp_path, "pad.pdf", fill(blank(players=len(players)), {1: pad_fields(players, town)}))
    forms = opened([pdf_path])  # score and export read the same file
    document = {"game": "gold-west", "players": players}
    if town:
        document["boomtown"] = town
    results = write(tmp_path, "game.yaml", yaml.safe_dump(document, sort_keys=False, allow_unicode=True).encode())
    try:
        from_yaml = GW.score(results)
    except InvalidInput as exc:
        with pytest.raises(InvalidInput) as caught:
            GW.score(forms)
        assert sorted(p.message for p in caught.value.problems) == sorted(p.message for p in exc.problems)
        for problem in caught.value.problems:
            assert problem.page == 1 or "players; this file has" in problem.message, problem
        with pytest.raises(InvalidInput):
            GW.export(forms)
        return
    assert GW.score(forms) == from_yaml
    exported = GW.export(forms).text
    again = write(tmp_path, "exported.yaml", exported.encode())
    assert GW.score(again).text() == from_yaml.text()


field_values = st.fixed_dictionaries({}, optional={
    name: (st.booleans() if slot.kind == "check" else
           st.one_of(st.integers(-5, 200).map(str), st.sampled_from(OFFICES + [FREE, "6, 2, 1"]),
                     st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=12)))
    for name, slot in FORM.slots.items()})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=field_values)
def test_random_allowed_values_give_a_score_or_located_problems(tmp_path_factory, values):
    tmp_path = tmp_path_factory.mktemp("random")
    path = write(tmp_path, "random.pdf", fill(blank(players=4), {1: values}))
    scores_or_is_located(GW.score, path)


# -- what is wrong with a filled pad, located ----------------------------------------------------

def two_players(**more) -> dict:
    """A filled two-player pad's fields that check clean, changed by `more`."""
    data = example()
    players = data["players"][:2]
    return {**pad_fields(players, {}), **more}


@pytest.mark.parametrize("change,expected", [
    ({"p2.points": "forty"}, "pad.pdf:page 1:p2.points: expected a whole number, got 'forty'"),
    ({"p2.name": "Sara"}, "pad.pdf:page 1:p2.name: the name Sara is used twice; give each player a different name"),
    ({"p1.groups": "6, x"}, "pad.pdf:page 1:p1.groups: '6, x' is not a list of whole numbers; write the group "
                            "sizes as 6, 2, 1"),
    ({"p1.office.2": "1"}, "pad.pdf:page 1:office.2: spaces of office 2 are written, but not which office it is; "
                           "write its name in the row"),
    ({"office.1": "Courthouse", "office.3": "courthouse"},
     "pad.pdf:page 1:office.3: Courthouse is written in office rows 1 and 3; write each office once, with "
     "everyone's spaces in its row"),
    ({"office.1": "Courthouse", "p1.office.1": "x"},
     "pad.pdf:page 1:p1.office.1: 'x': write how many of this office's spaces the player holds, 0 to 3"),
    # '³' and '٣' pass str.isdigit(), but are no whole number a results file would read
    ({"office.1": "Courthouse", "p1.office.1": "\u00b3"},
     "pad.pdf:page 1:p1.office.1: '\u00b3': write how many of this office's spaces the player holds, 0 to 3"),
    ({"p1.groups": "6, \u0663"}, "pad.pdf:page 1:p1.groups: '6, \u0663' is not a list of whole numbers; write the "
                                  "group sizes as 6, 2, 1"),
    ({"office.1": "Cortehouse", "p1.office.1": "1"},
     "pad.pdf:page 1:office.1: unknown Boomtown office 'Cortehouse'; did you mean 'Courthouse'?"),
    ({"p2.name": ""}, "pad.pdf:page 1:p2.name: missing key 'name'"),
])
def test_a_problem_is_located_by_file_page_and_field(run, tmp_path, change, expected):
    write(tmp_path, "pad.pdf", fill(blank(players=2), {1: two_players(**change)}))
    refused_everywhere(run, tmp_path, ["pad.pdf"], expected)


def test_the_same_column_twice_and_boomtown_on_two_pads(run, tmp_path):
    data = example()
    sara, levi, ann = data["players"][:3]
    same = pad_fields([sara, levi], {})
    same.update({f"p3.{k[3:]}": v for k, v in pad_fields([sara], {}).items()})
    write(tmp_path, "twice.pdf", fill(blank(players=3), {1: same}))
    result = run("score", "twice.pdf")
    assert result.code == 1
    assert "twice.pdf:page 1:p3.name: this column is the same as twice.pdf page 1 column 1: the same player's " \
           "column twice? Give each player once" in result.err.splitlines(), result.err
    write(tmp_path, "a.pdf", fill(blank(players=2), {1: pad_fields([sara, levi], {"Courthouse": ["Sara"]})}))
    write(tmp_path, "b.pdf", fill(blank(players=2), {1: pad_fields([ann], {"Saloon": ["Ann"]})}))
    result = run("check", "a.pdf", "b.pdf")
    assert "b.pdf:page 1:office.1: boomtown is filled in here and on a.pdf page 1; fill it in on one page only" \
        in result.err.splitlines(), result.err


def test_the_cli_loop(run, tmp_path):
    """print fillable -> (fill) -> score -> export -> fill again from the export."""
    shutil.copy(EXAMPLE, tmp_path / "game.yaml")
    made = run("sheet", "gold-west", "pad", "--fillable", "--from", "game.yaml", "-o", "pad.pdf")
    assert made.code == 0, made.err
    assert "filled in from game.yaml" in made.err + made.out
    scored = run("score", "pad.pdf")
    assert scored.code == 0 and "Winner: Ben" in scored.out
    exported = run("export", "pad.pdf", "-o", "back.yaml")
    assert exported.code == 0, exported.err
    assert run("score", "back.yaml").out == scored.out
    again = run("sheet", "gold-west", "pad", "--from", "back.yaml", "-o", "again.pdf")
    assert again.code == 0
    assert run("export", "again.pdf", "-o", "-").out == (tmp_path / "back.yaml").read_text()
    fields = PdfReader(str(tmp_path / "again.pdf")).get_fields()
    assert fields[f"{PREFIX}.p1.p1.name"].get("/V") == "Sara"  # page 1, column 1


def readme_viewer(folder: Path) -> None:
    """What the table of the README's fillable pad block saves from its viewer (tests/test_readme.py
    runs the block): pad-fillable.pdf filled in as the example game, and a slip with a letter where Ann's
    spaces of an office go."""
    pad = (folder / "pad-fillable.pdf").read_bytes()
    game = example()
    fields = pad_fields(game["players"], game["boomtown"])
    write(folder, "pad-filled.pdf", fill(pad, {1: fields}))
    write(folder, "slip.pdf", fill(pad, {1: {**fields, "p3.office.3": "x"}}))
