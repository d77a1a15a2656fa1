"""The Gold West final-scoring pad: geometry, content and the PDF file itself."""

import dataclasses
import hashlib
import itertools
import re
import shutil

import pytest
from pypdf import PdfReader

import sheetgen

from sheetgen import layouts, pdf, ruledata
from sheetgen.games import get_game
from sheetgen.paths import bundled
from sheetgen.sheet import Box, Para, Rect, SheetRequest, Text

from printed import check_inside, check_nesting, colour_fills, reader

GW = get_game("gold-west")
RULES = ruledata.load(GW)
LAYOUT = layouts.load("gold-west-pad", "letter")  # what build() draws on
TEXT = LAYOUT["text"]


def build(players=4, names=(), copies=1):
    return GW.sheet("pad").builder()(RULES, SheetRequest(players, tuple(names), copies))


def art_of(document):
    (items,) = document.backdrops.values()
    return items


@pytest.fixture(scope="module", params=[2, 3, 4])
def pad(request):
    return build(players=request.param)


def writable(items):
    return [i.rect for i in items if isinstance(i, Box) and i.writable]


# -- geometry -----------------------------------------------------------------

def test_everything_stays_inside_the_content_box(pad):
    check_inside(art_of(pad), pad)
    for item in art_of(pad):
        if isinstance(item, Text):
            assert 0 <= item.y <= pad.height, item
            if item.max_width is not None:
                left = {"left": item.x, "center": item.x - item.max_width / 2,
                        "right": item.x - item.max_width}[item.align]
                assert -1e-6 <= left and left + item.max_width <= pad.width + 1e-6, item


def test_writing_boxes_are_big_enough_and_do_not_overlap(pad):
    boxes = writable(art_of(pad))
    assert min(min(b.w, b.h) for b in boxes) >= LAYOUT["min_writing_box"] >= 8
    assert [(a, b) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)] == []


def test_boxes_nest_or_keep_apart(pad):
    """Boxes and paragraphs may nest but never partly overlap; icons never straddle a box edge."""
    check_nesting(art_of(pad))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_column_per_player_and_one_row_per_results_field(players):
    """Every row has the same pen boxes in each player column, lined up: the results file's rows
    (a box per terrain in the per-terrain rows), the offices in play, the 4VP, the terrain
    bonuses and the total."""
    art = art_of(build(players=players))
    header = [b for b in writable(art) if b.y < LAYOUT["header"]["height"]]
    assert len(header) == 1  # the date box
    boxes = [b for b in writable(art) if b not in header]
    label = LAYOUT["label_width"]
    width = (200 - label) / players
    column_w = max(b.w for b in boxes if b.x >= label)
    starts = sorted({round(b.x, 3) for b in boxes if b.x >= label and b.w == column_w})
    assert len(starts) == players and column_w < width
    rows = {}
    for b in boxes:
        if b.x >= label:
            rows.setdefault(round(b.y, 3), []).append(b)
    terrains = len(RULES["terrains"]["kinds"])
    offices = RULES["boomtown"]["offices_in_play"]
    # names, points, 4 per-terrain rows, groups .. supply (9), offices, 4VP, terrain bonuses, total
    assert len(rows) == 1 + 1 + 4 + 9 + offices + 1 + 1 + 1
    per_row = sorted(len(row) // players for row in rows.values())
    assert all(len(row) % players == 0 for row in rows.values())
    assert per_row.count(terrains) == 4  # influence, settlements, mining_tokens, investment_influence
    assert per_row.count(2) == 3 + offices  # groups + pts, water camps + settlements, wanted + pts; offices
    for row in rows.values():  # each column's boxes stay inside that column
        for b in row:
            column = max(x for x in starts if x <= b.x + 1e-3)
            assert b.right <= column + column_w + 1e-3
    # one pen box per office in play for its name, in the label column
    names = [b for b in boxes if b.x < label]
    assert len(names) == offices


def test_a_setup_code_prints_its_offices_and_no_key():
    code = sheetgen.game("gold-west").setup(3, "pad-code").code
    drawn = sheetgen.game("gold-west").setup(code=code).data["boomtown"]["offices"]
    document = GW.sheet("pad").builder()(RULES, SheetRequest(3, (), code=code))
    art = art_of(document)
    assert [b for b in writable(art) if b.x < LAYOUT["label_width"]] == []  # nothing to write in
    words = [i.text for i in art if isinstance(i, Text)]
    assert [w for w in words if w in {o["name"] for o in RULES["boomtown"]["offices"]}] == drawn
    texts = [i.text for i in art if isinstance(i, Para)]
    assert TEXT["key"] not in words
    assert [t for t in texts if t in {o["text"] for o in RULES["boomtown"]["offices"]}] == \
        [next(o["text"] for o in RULES["boomtown"]["offices"] if o["name"] == name) for name in drawn]
    assert min(min(b.w, b.h) for b in writable(art)) >= LAYOUT["min_writing_box"]


def test_printed_names_drop_the_hint_and_the_date_label_stays():
    hint = TEXT["players_hint"]
    assert hint in [i.text for i in art_of(build(players=3)) if isinstance(i, Para)]
    named = art_of(build(players=3, names=("Ann", "Ben", "Cat")))
    assert hint not in [i.text for i in named if isinstance(i, Para)]
    assert TEXT["date_label"] == "DATE / GAME" and "DATE / GAME" in [i.text for i in named if isinstance(i, Text)]


# -- the PDF ------------------------------------------------------------------

def render(paper="letter", ink="color", **kwargs):
    return pdf.render(build(**kwargs), paper, ink)


def page_text(data, page=0):
    return reader(data).pages[page].extract_text()


@pytest.fixture(scope="module")
def four_text():
    return page_text(render(players=4, names=("Ann", "Gabriel", "Zoë", "Levi")))


@pytest.mark.parametrize("players,copies", [(2, 1), (3, 1), (4, 1), (4, 3)])
def test_one_page_per_copy(players, copies):
    assert len(reader(render(players=players, copies=copies)).pages) == copies


@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_exact_page_sizes(paper, size):
    for page in reader(render(paper=paper, players=2, copies=2)).pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_reruns_are_byte_identical():
    first = render(paper="a4", ink="low", players=3, names=("Ann", "Ben"), copies=2)
    second = render(paper="a4", ink="low", players=3, names=("Ann", "Ben"), copies=2)
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


def test_metadata():
    meta = reader(render(players=2)).metadata
    assert meta.title == "Gold West final-scoring pads"
    assert meta.creator.startswith("sheetgen ")
    assert "rule data " + RULES.version in meta.subject


def template_keys():
    """The first player's keys in `sheetgen template gold-west`, in its order (commented ones too)."""
    text = sheetgen.game("gold-west").template(2)
    entry = text[text.index("  - name:"):text.index("  - name:", text.index("  - name:") + 1)]
    return [m.group(1) for m in re.finditer(r"^ {4}(?:# )?([a-z_]+): [\[{0-9]", entry, re.M)]


def test_rows_follow_the_template_in_its_order_named_in_game_words(four_text):
    """Each row is named in the rulebook's words, with the results file's key beside it, small."""
    keys = [k for k in template_keys() if k not in ("camps", "total")]  # camps: the map form only
    assert keys[:3] == ["points", "influence", "settlements"] and keys[-1] == "supply"
    art = art_of(build(players=4))
    printed_keys = [i for i in art if isinstance(i, Text) and i.results_key]
    assert [i.text for i in printed_keys if i.text in keys] == keys
    assert all(i.size == LAYOUT["fonts"]["key"] and not i.bold for i in printed_keys)
    labels = [i.text for i in art if isinstance(i, Text) and i.bold and i.x < 2 and i.size == LAYOUT["fonts"]["label"]]
    words = [LAYOUT["text"]["words"][k] for k in keys]
    assert [w for w in labels if w in words] == words
    assert not any("_" in w for w in labels)
    places = [four_text.index(key + "\n") for key in keys]
    assert places == sorted(places)


def test_terrain_bonuses_print_their_values(four_text):
    flat = " ".join(four_text.split())
    values = ", ".join(f"{k['code']} {k['first']}/{k['second']}" for k in RULES["terrains"]["kinds"])
    assert TEXT["terrains_text"].format(values=values) in flat


def test_scoring_words_and_numbers_are_printed(four_text):
    flat = " ".join(four_text.split())
    scoring = RULES["scoring"]
    assert f"pts: {scoring['largest_group']} × the largest" in flat
    for office in RULES["boomtown"]["offices"]:
        assert f"{office['name']} {' '.join(office['text'].split())}" in flat
    free = RULES["boomtown"]["free_cell"]
    assert f"{free['name']} tick if yours: its {free['points']} are in points" in flat
    assert "most camps lose 1 a camp; second most lose 1 per 2 camps" in flat
    for breaker in RULES["tie_breakers"]["order"]:
        assert TEXT["tie_breakers"]["_".join(*breaker.items())].lower() in flat.lower()
    assert flat.index("fewest wanted") < flat.index("most supply")
    assert flat.count("OFFICE ") == RULES["boomtown"]["offices_in_play"]
    assert f"rule data {RULES.version}" in flat


def test_names_head_the_columns(four_text):
    assert all(name in four_text for name in ("Ann", "Gabriel", "Zoë", "Levi"))


def test_long_names_break_onto_two_lines():
    document = build(players=4, names=("Maximilian Alexander von Oberhausen", "Bo"))
    (page,) = document.pages
    lines = [i.text for i in page.items]
    assert lines[-1] == "Bo" and len(lines) >= 3
    assert " ".join(lines[:-1]) == "Maximilian Alexander von Oberhausen"
    assert len({i.size for i in page.items}) == 1


def test_names_are_on_every_copy_and_missing_names_stay_blank():
    data = render(players=3, names=("Ann", "Ben"), copies=2)
    for index in range(2):
        text = page_text(data, index)
        assert "Ann" in text and "Ben" in text
    assert len(build(players=3, names=("Ann", "Ben")).pages[0].items) == 2


def test_two_players_show_only_the_value_the_leader_takes():
    place = RULES["terrains"]["two_player_leader_takes"]
    values = ", ".join(f"{k['code']} {k[place]}" for k in RULES["terrains"]["kinds"])
    two = " ".join(page_text(render(players=2)).split())
    assert TEXT["terrains_text_two"].format(values=values) in two
    three = " ".join(page_text(render(players=3)).split())
    assert TEXT["terrains_text_two"].format(values=values) not in three and "Cu 11/7" in three


def test_static_art_is_shared_not_redrawn():
    """Pages after the first cost only a form reference and the names."""
    names = ("Ann", "Ben", "Cat", "Dan")
    one = len(render(players=4, names=names, copies=1))
    many = len(render(players=4, names=names, copies=25))
    assert (many - one) / 24 < 1000


def test_low_ink_drops_colour_fills():
    assert colour_fills(render(players=2, ink="color"))
    assert colour_fills(render(players=2, ink="low")) == set()


def test_cli_writes_the_pad(run, tmp_path):
    result = run("sheet", "gold-west", "--names", "Ann,Ben", "--copies", "2", "--paper", "a4", "-o", "pad.pdf")
    assert result.code == 0, result
    assert "2 pages (2 players x 2), a4 paper" in result.err + result.out
    pages = PdfReader(str(tmp_path / "pad.pdf")).pages
    assert len(pages) == 2 and "Ben" in pages[1].extract_text()


def test_house_rule_data_changes_the_pad(run, tmp_path):
    house = tmp_path / "house"
    shutil.copytree(bundled("data"), house)
    path = house / "gold-west.yaml"
    original = "{code: Cu, name: Copper, first: 11, second: 7}"
    assert original in path.read_text()
    path.write_text(path.read_text().replace(original, "{code: Cu, name: Copper, first: 13, second: 7}"))
    result = run("--data", str(house), "sheet", "gold-west", "-p", "3", "-o", "h.pdf")
    assert result.code == 0, result
    text = PdfReader(str(tmp_path / "h.pdf")).pages[0].extract_text()
    assert "Cu 13/7" in text and "Cu 11/7" not in text


def with_values(change):
    """The bundled rule data with `change(values)` applied (no file, no schema)."""
    import copy
    values = copy.deepcopy(RULES.values)
    change(values)
    return dataclasses.replace(RULES, values=values)


def test_the_free_cell_is_a_tick_said_to_be_in_points_unless_the_data_scores_it_at_game_end():
    assert RULES["scoring"].get("free_cell_in_points", True)  # the rulebook: scored when taken
    free = RULES["boomtown"]["free_cell"]
    rules = with_values(lambda v: v["scoring"].__setitem__("free_cell_in_points", False))
    document = GW.sheet("pad").builder()(rules, SheetRequest(3, ()))
    art = art_of(document)
    assert min(min(b.w, b.h) for b in writable(art)) >= LAYOUT["min_writing_box"]
    text = " ".join(page_text(pdf.render(document)).split())
    assert TEXT["free_text_at_end"].format(points=free["points"]) in text
    assert TEXT["free_text"].format(points=free["points"]) not in text


def test_more_offices_in_play_give_more_rows():
    rules = with_values(lambda v: v["boomtown"].__setitem__("offices_in_play", 5))
    document = GW.sheet("pad").builder()(rules, SheetRequest(4, ()))
    art = art_of(document)
    assert len([b for b in writable(art) if b.x < LAYOUT["label_width"]]) == 5
    content = Rect(0, 0, document.width, document.height)
    assert all(i.rect.inside(content) for i in art if isinstance(i, (Box, Para)))
    assert min(min(b.w, b.h) for b in writable(art)) >= LAYOUT["min_writing_box"]
