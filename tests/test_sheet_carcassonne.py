"""The Carcassonne: Gold Rush score pad: geometry, content and the PDF file itself."""

import hashlib
import itertools
import re
import shutil

import pytest
from pypdf import PdfReader

from sheetgen import layouts, pdf, ruledata
from sheetgen.games import get_game
from sheetgen.games.carcassonne_gold_rush import pad, pad_grid
from sheetgen.paths import bundled
from sheetgen.sheet import Box, SheetRequest, Text

from printed import check_inside, check_nesting, colour_fills, reader

CG = get_game("carcassonne-gold-rush")
RULES = ruledata.load(CG)
LAYOUT = layouts.load("carcassonne-gold-rush-pad", "letter")  # what build() draws on


def build(players=5, names=(), copies=1, rules=RULES):
    return CG.sheet("pad").builder()(rules, SheetRequest(players, tuple(names), copies))


def art_of(document):
    (items,) = document.backdrops.values()
    return items


def render(paper="letter", ink="color", **kwargs):
    return pdf.render(build(**kwargs), paper, ink)


def flat_text(data, page=0):
    return " ".join(reader(data).pages[page].extract_text().split())


# -- geometry -----------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_geometry(players):
    document = build(players=players, names=[f"Player {i}" for i in range(players)])
    art = art_of(document)
    check_inside(art, document)
    for item in art:
        if isinstance(item, Text):
            assert 0 <= item.y <= document.height and 0 <= item.x <= document.width, item
    # pen boxes: big enough, never overlapping
    boxes = [i.rect for i in art if isinstance(i, Box) and i.writable]
    assert min(min(b.w, b.h) for b in boxes) >= LAYOUT["min_writing_box"] >= 8
    assert [(a, b) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)] == []
    check_nesting(art)


@pytest.mark.parametrize("players", [2, 5])
def test_one_column_per_player_and_names_head_them(players):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    document = build(players=players, names=names)
    top, height = LAYOUT["names"]["top"], LAYOUT["names"]["height"]
    heads = sorted((i.rect for i in art_of(document) if isinstance(i, Box) and i.writable
                    and abs(i.rect.y - top) < 1e-6 and abs(i.rect.h - height) < 1e-6), key=lambda r: r.x)
    assert len(heads) == players
    (page,) = document.pages
    texts = [i for i in page.items if isinstance(i, Text)]
    assert [t.text for t in texts] == names
    for text, head in zip(texts, heads):
        assert head.x < text.x < head.right and head.y < text.y < head.bottom
        assert text.max_width <= head.w


def rows_of_boxes(art):
    """The writable boxes of the table, grouped by row (their top edge), top to bottom."""
    boxes = [i.rect for i in art if isinstance(i, Box) and i.writable]
    rows = {}
    for rect in boxes:
        rows.setdefault(round(rect.y, 3), []).append(rect)
    return [sorted(rows[y], key=lambda r: r.x) for y in sorted(rows)]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_rows_follow_the_results_model(players):
    """Under the names: the running score (each player's own lines), the score track (laps, points), a row per token value
    (count, points; crushed rock: count only), the features at the end and the completed ones (kind,
    size, horses or locomotives, then cowboys and points per player), the totals."""
    art = art_of(build(players=players))
    rows = [row for row in rows_of_boxes(art) if row[0].y > LAYOUT["names"]["top"]]
    shape = pad_grid.running(LAYOUT, players)  # a line (or more) of running cells per player
    running = players * shape.lines
    assert [len(row) for row in rows[:running]] == [shape.across] * running
    rows = rows[running:]
    tokens = [v["value"] for v in RULES["mining_tokens"]["values"]]
    features, completed = LAYOUT["features"]["rows"], LAYOUT["completed"]["rows"]
    expected = ([2 * players]  # score track: laps and points
                + [2 * players] * sum(1 for v in tokens if v) + [players] * sum(1 for v in tokens if not v)
                + [3 + 2 * players] * (features + completed) + [players])  # features; totals
    assert [len(row) for row in rows] == expected


def test_the_sections_are_the_results_files_keys_in_its_order():
    import sheetgen

    template = sheetgen.game("carcassonne-gold-rush").template()
    written = [m.group(1) for line in template.splitlines() if (m := re.match(r"^(?:# )?([a-z]+): ", line))]
    keys = [k for k in dict.fromkeys(written) if k not in ("game", "players")]
    assert keys == ["points", "tokens", "features", "completed", "totals"]
    text = flat_text(render(players=3))
    headings = [LAYOUT["text"][f"{key}_title"] for key in keys[:-1]] + [LAYOUT["text"]["total"]]
    assert [h.lower().rstrip("s") for h in headings] == [k.rstrip("s") for k in keys]
    positions = [text.index(h) for h in headings]
    assert positions == sorted(positions), headings


# -- the PDF ------------------------------------------------------------------

@pytest.mark.parametrize("players,copies", [(2, 1), (3, 2), (5, 4)])
def test_one_page_per_game(players, copies):
    assert len(reader(render(players=players, copies=copies)).pages) == copies


@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_exact_page_sizes(paper, size):
    for page in reader(render(players=2, copies=2, paper=paper)).pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_reruns_are_byte_identical():
    first = render(names=("Ann", "Ben"), players=3, paper="a4", ink="low")
    second = render(names=("Ann", "Ben"), players=3, paper="a4", ink="low")
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


def test_metadata():
    meta = reader(render(players=3)).metadata
    assert meta.title == "Carcassonne: Gold Rush score pad"
    assert meta.creator.startswith("sheetgen ")
    assert "3 players" in meta.subject and "rule data " + RULES.version in meta.subject


def test_scoring_words_and_point_values_are_printed():
    text = flat_text(render(names=("Ann", "Zoë", "Ben")))
    lap = RULES["score_track"]["spaces"]
    expected = [("Score track", f"{lap} per lap")]
    for v in sorted(v["value"] for v in RULES["mining_tokens"]["values"] if v["value"]):
        expected.append((f"Tokens worth {v}", f"{v} each"))
    position = 0
    for label, value in expected:  # each row's label, then its value, in page order
        position = text.index(label, position)
        assert text.index(value, position) - position < 80, (label, value)
    prairie = RULES["prairie"]
    for word in ("POINTS", "BEFORE final scoring, laps included", "TOKENS", "Crushed rock", "FEATURES",
                 "final scoring", "COMPLETED", "optional", "TOTAL", f"laps × {lap} + space",
                 f"lying down has passed {lap}", f"railroad {RULES['railroad']['per_tile']} per tile",
                 f"mountain {RULES['mountain']['per_nugget']} per nugget",
                 f"city {RULES['city']['per_railroad']} per railroad",
                 f"prairie {prairie['per_tipi']} per tipi camp + {prairie['per_horses']} per herd",
                 "a city: 1 for its merchant", "Ann", "Zoë", "Ben"):
        assert word in text, word
    locomotive = RULES["railroad"]["locomotive"]
    assert f"×{locomotive['multiplier']} with exactly {locomotive['exactly']} locomotive" in text
    assert f"city {RULES['city']['per_railroad']} per completed railroad" in text
    # the end-of-game instructions sit in the final scoring section, between its heading and its rows
    features, completed = text.index("FEATURES"), text.index("COMPLETED")
    assert features < text.index("At game end") < text.index("per herd") < completed


def test_the_date_box_reads_as_on_the_gold_west_pad():
    assert LAYOUT["text"]["date_label"] == layouts.load("gold-west-pad")["text"]["date_label"] == "DATE / GAME"
    assert "DATE / GAME" in flat_text(render(players=2))


def test_names_are_only_where_given():
    text = flat_text(render(players=4, names=("Ann",)))
    assert "Ann" in text and "Player" not in text


def test_static_art_is_shared_not_redrawn():
    """Pages after the first cost only a form reference and the names."""
    one = len(render(players=5, names=("Ann", "Ben"), copies=1))
    many = len(render(players=5, names=("Ann", "Ben"), copies=25))
    per_page = (many - one) / 24
    assert per_page < 1000, per_page


def test_low_ink_drops_colour_fills():
    assert colour_fills(render(players=2, ink="color"))
    assert colour_fills(render(players=2, ink="low")) == set()


def test_house_rule_data_changes_the_pad(tmp_path):
    house = tmp_path / "house"
    house.mkdir()
    raw = (bundled("data") / "carcassonne-gold-rush.yaml").read_text(encoding="utf-8")
    (house / "carcassonne-gold-rush.yaml").write_text(raw.replace("per_tipi: 2", "per_tipi: 3"), encoding="utf-8")
    text = flat_text(pdf.render(build(players=2, rules=ruledata.load(CG, house))))
    assert "prairie 3 per tipi camp" in text and "prairie 2 per tipi camp" not in text


# -- the command line -----------------------------------------------------------

def test_cli_default_pad(run, tmp_path):
    result = run("sheet", "carcassonne-gold-rush")
    assert result.code == 0, result
    target = tmp_path / "output" / "carcassonne-gold-rush-pad.pdf"
    assert len(PdfReader(str(target)).pages) == 1
    assert "5 players" in result.out


def test_cli_names_copies_paper_ink(run, tmp_path):
    result = run("sheet", "carcassonne-gold-rush", "pad", "--names", "Ann,Ben", "-p", "3", "--copies", "3",
                 "--paper", "a4", "--ink", "low", "-o", "p.pdf")
    assert result.code == 0, result
    pages = PdfReader(str(tmp_path / "p.pdf")).pages
    assert len(pages) == 3 and round(float(pages[0].mediabox.height)) == 842
    assert all("Ann" in p.extract_text() and "Ben" in p.extract_text() for p in pages)


@pytest.mark.parametrize("args,needle", [
    (["-p", "6"], "-p: Carcassonne: Gold Rush is for 2-5 players, not 6"),
    (["-p", "1"], "-p: Carcassonne: Gold Rush is for 2-5 players, not 1"),
    (["board"], "has no sheet 'board'"),
])
def test_cli_usage_errors(run, args, needle):
    result = run("sheet", "carcassonne-gold-rush", *args)
    assert result.code == 2 and needle in result.err, result


def test_cli_house_rule_folder(run, tmp_path):
    house = tmp_path / "house"
    house.mkdir()
    path = house / "carcassonne-gold-rush.yaml"
    shutil.copy(bundled("data") / path.name, path)
    path.write_text(path.read_text(encoding="utf-8").replace("per_horses: 4", "per_horses: 5"), encoding="utf-8")
    result = run("--data", str(house), "sheet", "carcassonne-gold-rush", "-p", "2", "-o", "h.pdf")
    assert result.code == 0, result
    text = " ".join(PdfReader(str(tmp_path / "h.pdf")).pages[0].extract_text().split())
    assert "5 per herd" in text and "4 per herd" not in text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_running_boxes_last_a_whole_game(players):
    """At least a box a turn of a 5-player game (the tiles but the start tile, shared out), each
    total written with its laps."""
    turns = -(-(RULES["tiles"] - 1) // RULES.players[1])
    assert pad_grid.running_cells(LAYOUT, players) >= turns
    assert "write your new total, laps included" in flat_text(render(players=players))
