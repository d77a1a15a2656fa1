"""The Rolled West score board: geometry, content and the PDF file itself."""

import hashlib
import itertools
import shutil

import pytest
from pypdf import PdfReader

from sheetgen import layouts, pdf, ruledata
from sheetgen.games import get_game
from sheetgen.paths import bundled
from sheetgen.sheet import Box, Icon, Para, SheetRequest

from printed import check_inside, check_nesting, colour_fills, reader

RW = get_game("rolled-west")
RULES = ruledata.load(RW)
LAYOUT = layouts.load("rolled-west-board", "letter")  # what build() draws on


def build(players=4, names=(), copies=1):
    return RW.sheet("board").builder()(RULES, SheetRequest(players, tuple(names), copies))


@pytest.fixture(scope="module")
def board():
    return build(names=("Ann", "Gabriel"))


@pytest.fixture(scope="module")
def art(board):
    (items,) = board.backdrops.values()
    return items


# -- geometry -----------------------------------------------------------------

def test_writing_boxes_are_big_enough_for_a_dry_erase_pen(art):
    smallest = LAYOUT["min_writing_box"]
    boxes = [i for i in art if isinstance(i, Box) and i.writable]
    assert len(boxes) > 60
    assert min(min(b.rect.w, b.rect.h) for b in boxes) >= smallest >= 8


def test_writing_boxes_do_not_overlap(art):
    boxes = [i.rect for i in art if isinstance(i, Box) and i.writable]
    clashes = [(a, b) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)]
    assert clashes == []


def test_everything_stays_inside_the_content_box(art, board):
    check_inside(art, board)


def test_sections_and_icons_do_not_collide(art):
    """Boxes may nest (a frame around its cells) but never partly overlap; icons sit inside
    one box or in clear space, never across a box edge."""
    check_nesting(art)


def test_the_legend_draws_a_settlement_as_the_printed_board_does(art):
    """Triangle then circle (camp + settlement symbols), as on the printed board, not two circles."""
    (label,) = [i for i in art if isinstance(i, Para) and i.text.startswith("settlement:")]
    row = sorted((i for i in art if isinstance(i, Icon) and label.rect.y <= i.cy <= label.rect.bottom),
                 key=lambda i: i.cx)
    assert [i.kind for i in row] == ["camp", "camp", "settlement", "star"]
    before = [i.kind for i in row if i.cx < label.rect.x]
    assert before[-2:] == ["camp", "settlement"] and before.count("settlement") == 1


def test_banking_boxes_follow_the_rules(art):
    """5 own-turn boxes (rounds 1-5) and 6 between-turn boxes, starting before turn 1."""
    spec = LAYOUT["banking"]
    row = sorted((i for i in art if isinstance(i, Box) and i.writable
                  and abs(i.rect.y - spec["top"] - spec["marker"]) < 0.01), key=lambda b: b.rect.x)
    kinds = ["between" if b.fill == "shade" else "own" for b in row]
    assert kinds == ["between", "own"] * 5 + ["between"]


# -- the PDF ------------------------------------------------------------------

def render(**kwargs):
    options = {k: kwargs.pop(k) for k in ("paper", "ink") if k in kwargs}
    return pdf.render(build(**kwargs), **options)


@pytest.fixture(scope="module")
def letter_pdf():
    return pdf.render(build(names=("Ann", "Gabriel", "Zoë")), "letter", "color")


@pytest.mark.parametrize("players,copies", [(2, 1), (3, 1), (4, 3)])
def test_one_page_per_player_per_copy(players, copies):
    assert len(reader(render(players=players, copies=copies)).pages) == players * copies


@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_exact_page_sizes(paper, size):
    for page in reader(render(players=2, paper=paper)).pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_reruns_are_byte_identical():
    first = render(names=("Ann", "Ben"), paper="a4", ink="low")
    second = render(names=("Ann", "Ben"), paper="a4", ink="low")
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


def test_metadata(letter_pdf):
    meta = reader(letter_pdf).metadata
    assert meta.title == "Rolled West score boards"
    assert meta.creator.startswith("sheetgen ")
    assert "rule data " + RULES.version in meta.subject


def test_names_are_on_their_pages(letter_pdf):
    pages = reader(letter_pdf).pages
    texts = [p.extract_text() for p in pages]
    assert "Ann" in texts[0] and "Gabriel" in texts[1] and "Zoë" in texts[2]
    assert not any(n in texts[3] for n in ("Ann", "Gabriel", "Zoë"))


def tokens_after(text, start, stop):
    block = text[text.index(start) + len(start):text.index(stop, text.index(start))]
    return block.split()


def in_order(expected, tokens):
    it = iter(tokens)
    return all(any(t == str(e) for t in it) for e in expected)


def test_every_sheet_number_is_printed(letter_pdf):
    text = reader(letter_pdf).pages[0].extract_text()
    rows = RULES["claims"]["rows"]
    stops = [r["name"] for r in rows[1:]] + ["LEGEND"]
    for row, stop in zip(rows, stops):
        numbers = [n for n in row["spaces"] if n is not None]
        numbers += [row["majority"]["first"], row["majority"]["second"]]
        assert in_order(numbers, tokens_after(text, row["name"], stop)), row["name"]
    names = {"copper": "Copper", "silver": "Silver", "gold": "Gold"}
    ship = RULES["shipping"]["rows"]
    for row, stop in zip(ship, [names[r["metal"]] for r in ship[1:]] + ["YOUR TURN"]):
        numbers = []
        for box in row["boxes"]:
            numbers += box if isinstance(box, list) else [box] if box is not None else []
        assert in_order(numbers, tokens_after(text, names[row["metal"]], stop)), row["metal"]
    contract_tokens = tokens_after(text, "CONTRACTS", "FINAL SCORE")
    for contract in RULES["contracts"]:
        assert in_order([f"#{contract['number']}", contract["points"]], contract_tokens)
    flat = " ".join(text.split())
    for office in RULES["boomtown"]["offices"]:
        assert " ".join(office["text"].split()) in flat
    for face in RULES["dice"]["faces"]:
        assert "{}-{}".format(*face["d12"]) in flat
    for label in LAYOUT["text"]["tally_labels"]:
        assert label in flat
    assert "Roll all 4 dice" in flat and "Pass the dice clockwise" in flat
    assert "first box: before turn 1" in flat and "R1" in flat and "R5" in flat and "R6" not in flat


def test_static_art_is_shared_not_redrawn():
    """Pages after the first cost only a form reference, the name and the page's own QR code
    (sheetgen scan reads the page number from it: about 170 black squares, ~1.5 kB compressed)."""
    one = len(render(players=4, copies=1))
    many = len(render(players=4, copies=25))
    per_page = (many - one) / 96
    assert per_page < 1000 + 1500, per_page


def test_low_ink_drops_colour_fills():
    assert colour_fills(render(players=2, ink="color"))
    assert colour_fills(render(players=2, ink="low")) == set()


def test_house_rule_data_changes_the_sheet(run, tmp_path):
    house = tmp_path / "house"
    shutil.copytree(bundled("data"), house)
    path = house / "rolled-west.yaml"
    path.write_text(path.read_text().replace("{number: 9, cost: {gold: 5}, points: 15}",
                                             "{number: 9, cost: {gold: 5}, points: 17}"))
    result = run("--data", str(house), "sheet", "rolled-west", "-p", "2", "-o", "h.pdf")
    assert result.code == 0, result
    text = PdfReader(str(tmp_path / "h.pdf")).pages[0].extract_text()
    assert in_order(["#9", 17], tokens_after(text, "CONTRACTS", "FINAL SCORE"))
