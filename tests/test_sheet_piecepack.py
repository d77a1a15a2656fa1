"""Gold Rush (piecepack) sheets: the player mat and the building cards, geometry and PDF."""

import collections
import hashlib
import itertools
import re

import pytest
from pypdf import PdfReader

from sheetgen import layouts, pdf, ruledata
from sheetgen.api import SheetOptions
from sheetgen.games import get_game
from sheetgen.games.piecepack_gold_rush import cards as cards_module
from sheetgen.sheet import Box, Icon, Line, Para, Rect, SheetRequest, Text

from printed import check_inside, colour_fills, reader

MM = 72 / 25.4
GAME = get_game("piecepack-gold-rush")
RULES = ruledata.load(GAME)
MAT = layouts.load("piecepack-gold-rush-mat", "letter")  # what the default request draws on
CARDS = layouts.load("piecepack-gold-rush-cards", "letter")
CARD_W, CARD_H = CARDS["card"]["width"], CARDS["card"]["height"]
# the printable area of both papers with 6 mm to spare on each side: Letter 215.9 x 279.4, A4 210 x 297
SAFE_W, SAFE_H = 215.9 - 12, 297 - 12 - (297 - 279.4)


def build(part, players=4, names=(), copies=1, backs=False, paper="letter", ink="color", back_names=False):
    return GAME.sheet(part).builder()(RULES, SheetRequest(players, tuple(names), copies, paper, ink,
                                                          backs or back_names, back_names))


def render(part, paper="letter", ink="color", **kwargs):
    return pdf.render(build(part, paper=paper, ink=ink, **kwargs), paper, ink)


def flat(page):
    return " ".join(page.extract_text().split())


def icon_rect(icon):
    half = icon.size / 2
    return Rect(icon.cx - half, icon.cy - half, icon.size, icon.size)


# -- both parts -----------------------------------------------------------------------------------

def test_registered_with_mat_as_default_and_cards_with_backs():
    assert GAME.supports()["sheets"] == "mat, cards"
    assert GAME.sheet(None).name == "mat" and not GAME.sheet("mat").has_backs
    assert GAME.sheet("cards").has_backs


@pytest.mark.parametrize("name", ["piecepack-gold-rush-mat", "piecepack-gold-rush-cards"])
def test_content_box_fits_letter_and_a4_with_6mm_margins(name):
    for paper in ("letter", "a4"):
        content = layouts.load(name, paper)["content"]  # each paper's own
        width, height = pdf.PAPER[paper]
        assert (width / MM - content["width"]) / 2 >= 6
        assert (height / MM - content["height"]) / 2 >= 6


@pytest.mark.parametrize("part", ["mat", "cards"])
@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_exact_page_sizes(part, paper, size):
    for page in reader(render(part, paper=paper, players=3, backs=part == "cards")).pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size


@pytest.mark.parametrize("part", ["mat", "cards"])
def test_reruns_are_byte_identical(part):
    first = render(part, names=("Ann", "Ben", "Cat"), players=3, paper="a4", ink="low", backs=part == "cards")
    second = render(part, names=("Ann", "Ben", "Cat"), players=3, paper="a4", ink="low", backs=part == "cards")
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


@pytest.mark.parametrize("part", ["mat", "cards"])
def test_low_ink_has_no_colour_fills(part):
    assert colour_fills(render(part, players=3, backs=part == "cards"))
    assert colour_fills(render(part, players=3, ink="low", backs=part == "cards")) == set()


# -- the mat --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mat():
    return build("mat", names=("Ann", "Gabriel"))


@pytest.fixture(scope="module")
def mat_art(mat):
    (items,) = mat.backdrops.values()
    return items


@pytest.fixture(scope="module")
def mat_pdf():
    return render("mat", names=("Ann", "Gabriel", "Zoë"), players=4)


@pytest.mark.parametrize("players,copies", [(3, 1), (4, 1), (3, 2)])
def test_mat_one_page_per_player_per_copy(players, copies):
    assert len(reader(render("mat", players=players, copies=copies)).pages) == players * copies


def test_mat_stays_inside_its_content_box(mat, mat_art):
    check_inside(mat_art, mat)


def test_mat_writing_boxes_are_big_and_apart(mat_art):
    boxes = [i.rect for i in mat_art if isinstance(i, Box) and i.writable]
    assert len(boxes) > 100
    assert min(min(b.w, b.h) for b in boxes) >= MAT["min_writing_box"] >= 8
    assert [(a, b) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)] == []


def test_mat_boxes_nest_or_stay_apart(mat_art):
    """Boxes may nest (a frame around its fields) but never partly overlap; icons sit inside
    one box or in clear space, never across a box edge or on a Para."""
    boxes = [i.rect for i in mat_art if isinstance(i, (Box, Para))]
    for a, b in itertools.combinations(boxes, 2):
        if a.overlaps(b):
            assert a.inside(b) or b.inside(a), (a, b)
    paras = [i.rect for i in mat_art if isinstance(i, Para)]
    for icon in (i for i in mat_art if isinstance(i, Icon)):
        r = icon_rect(icon)
        for box in boxes:
            if r.overlaps(box):
                assert r.inside(box) and box not in paras, (icon, box)


def test_mat_has_a_track_per_resource_and_a_slot_per_marker(mat_art):
    cells = MAT["tracks"]["cells"]
    numbers = [i for i in mat_art if isinstance(i, Text) and i.text.isdigit()
               and MAT["tracks"]["top"] < i.y < MAT["rounds"]["top"]]
    assert len(numbers) == cells * len(RULES["resources"])
    # start values are marked: 2 Food, 2 Energy in bold
    assert sorted((n.text, n.bold) for n in numbers if n.bold) == [("2", True), ("2", True)]
    plots = [i for i in mat_art if isinstance(i, Text) and i.text.startswith("PLOT ")]
    assert len(plots) == RULES["player_start"]["ownership_markers"] == 8


def test_mat_text_has_rounds_costs_and_scoring(mat_pdf):
    text = flat(reader(mat_pdf).pages[0])
    for n in range(1, RULES["rounds"] + 1):
        assert f"R{n}" in text
    assert f"R{RULES['rounds'] + 1}" not in text
    # Stake Claim: skipped in the last round with 3 players, the last 3 with 4
    assert text.count("no claim") == 1 + 3
    assert "none in the last 1 with 3 players and 3 with 4 players" in text
    assert "only with 3P" in text  # plots 7 and 8: a 4-player game has 6 Stake Claims
    for entry in RULES["buildings"] + RULES["actions"]:
        assert entry["name"] in text
    assert text.count("8 VP") >= 3
    for words in ("Ore ×1", "Gold ×3", "Non-production ×8", "TOTAL", "Food: breaks a tie",
                  "start with 2 Food, 2 Energy", "Null die: keep 1", "Pay 1 Energy each Production"):
        assert words in text, words


def round_track(text):
    """The player counts of the round track's cells, and how many of them say 'no claim'."""
    return sorted(set(re.findall(r"\b([34])P\b", text))), text.count("no claim")


def test_a_mat_for_a_chosen_player_count_shows_only_its_rounds(run, tmp_path):
    """Issue 13: printed for 3 players (-p 3 or three names), the round track shows only the 3-player
    Stake Claims; for 4, only the 4-player ones, and plots 7 and 8 say they are not used. Without a
    count (the default) the track shows every count."""
    import sheetgen

    game = sheetgen.game("piecepack-gold-rush")
    for three in (game.sheet("mat", SheetOptions(players=3)).pdf, game.sheet("mat", SheetOptions(names=["A", "B", "C"])).pdf):
        text = flat(reader(three).pages[0])
        assert round_track(text) == (["3"], 1)  # no Stake Claim in the last round only
        assert "none in the last 1 with 3 players)" in text and "with 4 players" not in text
        assert "only with" not in text and "not with" not in text  # all 8 plots can be claimed
    text = flat(reader(game.sheet("mat", SheetOptions(players=4)).pdf).pages[0])
    assert round_track(text) == (["4"], 3) and "none in the last 3 with 4 players)" in text
    assert text.count("not with 4P") == 2
    text = flat(reader(game.sheet("mat").pdf).pages[0])
    assert round_track(text) == (["3", "4"], 1 + 3) and text.count("only with 3P") == 2
    result = run("sheet", "piecepack-gold-rush", "-p", "3", "-o", "mat.pdf")
    assert result.code == 0, result.err
    assert round_track(flat(reader((tmp_path / "mat.pdf").read_bytes()).pages[0])) == (["3"], 1)


def test_mat_names_are_on_their_pages(mat_pdf):
    texts = [p.extract_text() for p in reader(mat_pdf).pages]
    assert "Ann" in texts[0] and "Gabriel" in texts[1] and "Zoë" in texts[2]
    assert not any(n in texts[3] for n in ("Ann", "Gabriel", "Zoë"))


def test_mat_art_is_a_shared_form():
    one = len(render("mat", players=4))
    many = len(render("mat", players=4, copies=20))
    assert (many - one) / 76 < 1000


# -- the cards ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def deck_doc():
    return build("cards", backs=True)


@pytest.fixture(scope="module")
def named_doc():
    return build("cards", back_names=True)


def page_items(doc, page):
    """Everything drawn on a page: its form (drawn once, placed on every copy) and its own items."""
    return tuple(doc.backdrops.get(page.backdrop, ())) + tuple(page.items)


def is_front(page):
    return page.backdrop.startswith(cards_module.FRONT + "-")


def front_cards(doc, page):
    """(card rect, name or None) for every card drawn on a front page: found by its ground, bled past the cut."""
    items = page_items(doc, page)
    bleed = CARDS["bleed"]
    rects = [Rect(i.rect.x + bleed, i.rect.y + bleed, CARD_W, CARD_H) for i in items
             if isinstance(i, Box) and i.fill == "light" and i.stroke is None
             and abs(i.rect.w - CARD_W - 2 * bleed) < 1e-6 and abs(i.rect.h - CARD_H - 2 * bleed) < 1e-6]
    out = []
    for rect in rects:
        inside = [i for i in items if isinstance(i, Text) and i.bold and i.role == "header_text"
                  and rect.x < i.x < rect.right and rect.y < i.y < rect.bottom]
        out.append((rect, inside[0].text if inside else None))
    return out


def back_names_on(doc, page):
    """The names printed on a back page (the small bold labels at the foot of each back)."""
    return [i for i in page_items(doc, page) if isinstance(i, Text) and i.bold and i.role != "muted"
            and i.size == CARDS["fonts"]["back_name"]]  # the muted subtitle may share the size


def test_card_counts_come_from_the_data(deck_doc):
    fronts = [p for p in deck_doc.pages if is_front(p)]
    names = collections.Counter(name for page in fronts for _, name in front_cards(deck_doc, page))
    copies = RULES["cards"]["copies"]
    assert copies == 8  # the most one player can own: 8 ownership markers, one building per plot
    assert {n: c for n, c in names.items() if n} == {b["name"]: copies for b in RULES["buildings"]}
    per_page = CARDS["grid"]["columns"] * CARDS["grid"]["rows"]
    assert sum(names.values()) == len(fronts) * per_page == 60  # 56 cards and 4 blanks
    assert names[None] == 4


@pytest.mark.parametrize("backs,copies,pages", [(False, 1, 3), (True, 1, 6), (False, 2, 6), (True, 2, 12)])
def test_card_page_counts(run, tmp_path, backs, copies, pages):
    args = ["sheet", "piecepack-gold-rush", "cards", "--copies", str(copies), "-o", "c.pdf"]
    result = run(*args, *(["--backs"] if backs else []))
    assert result.code == 0, result
    assert len(PdfReader(str(tmp_path / "c.pdf")).pages) == pages


def test_backs_follow_their_fronts(deck_doc, named_doc):
    front, back = cards_module.FRONT, cards_module.BACK
    assert [p.backdrop for p in deck_doc.pages] == [f"{front}-1", back, f"{front}-2", back, f"{front}-3", back]
    assert [p.backdrop for p in named_doc.pages] == [f"{front}-1", f"{back}-1", f"{front}-2", f"{back}-2",
                                                 f"{front}-3", f"{back}-3"]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_grid_and_cut_marks_inside_the_printable_area(paper):
    doc = build("cards", paper=paper, backs=True)
    width, height = (v / MM for v in pdf.PAPER[paper])
    left, top = (width - doc.width) / 2, (height - doc.height) / 2  # the renderer centres the content box
    printable = Rect(6 - left, 6 - top, width - 12, height - 12)  # in content-box millimetres
    content = Rect(0, 0, doc.width, doc.height)
    margins = cards_module.margin_marks(layouts.load("piecepack-gold-rush-cards", paper))  # this paper's
    for page in doc.pages:
        for rect, _ in front_cards(doc, page):
            assert rect.inside(content) and rect.inside(printable), rect
        assert set(margins) <= set(page_items(doc, page))  # the same marks on fronts and backs
    for line in (m for m in margins if isinstance(m, Line)):
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert 0 <= x <= doc.width and 0 <= y <= doc.height
            assert printable.x <= x <= printable.right and printable.y <= y <= printable.bottom
    for box in (m.rect for m in margins if isinstance(m, Box)):  # the registration targets
        assert box.inside(content) and box.inside(printable), box


def test_cut_marks_sit_outside_the_grid_at_every_card_edge(deck_doc):
    marks = cards_module.cut_marks(CARDS)
    assert all(isinstance(m, Line) for m in marks)
    for page in deck_doc.pages:  # fronts and backs
        assert set(marks) <= set(page_items(deck_doc, page))
    slots = cards_module.slots(CARDS)
    grid = Rect(slots[0].x, slots[0].y, slots[-1].right - slots[0].x, slots[-1].bottom - slots[0].y)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert len(vertical) + len(horizontal) == len(marks)
    for m in vertical:  # above or below the grid, never across it
        assert max(m.y1, m.y2) < grid.y or min(m.y1, m.y2) > grid.bottom, m
    for m in horizontal:  # left or right of the grid
        assert max(m.x1, m.x2) < grid.x or min(m.x1, m.x2) > grid.right, m
    edges_x = {round(x, 6) for s in slots for x in (s.x, s.right)}
    edges_y = {round(y, 6) for s in slots for y in (s.y, s.bottom)}
    above = collections.Counter(round(m.x1, 6) for m in vertical if m.y2 < grid.y)
    below = collections.Counter(round(m.x1, 6) for m in vertical if m.y1 > grid.bottom)
    left = collections.Counter(round(m.y1, 6) for m in horizontal if m.x2 < grid.x)
    right = collections.Counter(round(m.y1, 6) for m in horizontal if m.x1 > grid.right)
    assert set(above) == set(below) == edges_x and set(left) == set(right) == edges_y
    assert all(n == 1 for c in (above, below, left, right) for n in c.values())
    assert len(edges_x) == CARDS["grid"]["columns"] + 1 and len(edges_y) == CARDS["grid"]["rows"] + 1


def test_cards_are_half_business_cards_in_a_centred_grid():
    slots = cards_module.slots(CARDS)
    assert {(round(s.w / 25.4, 2), round(s.h / 25.4, 2)) for s in slots} == {(1.75, 2.0)}
    width = CARDS["content"]["width"]
    assert abs(slots[0].x - (width - slots[-1].right)) < 1e-6  # mirrored grid == grid
    assert [(a, b) for a, b in itertools.combinations(slots, 2) if a.overlaps(b)] == []


def test_each_back_is_behind_its_front_after_a_long_edge_flip(named_doc):
    """For every card of a front page, its back page holds a card at the mirrored place
    (content width - x - w, same y) that names the same building (with --back-names)."""
    width = named_doc.width
    pages = named_doc.pages
    bleed = CARDS["bleed"]
    checked = 0
    for front, back in zip(pages[::2], pages[1::2]):
        # a back's ground: the card's own rectangle grown by the bleed on every side
        back_frames = {(round(i.rect.x + bleed, 6), round(i.rect.y + bleed, 6)) for i in page_items(named_doc, back)
                       if isinstance(i, Box) and i.fill == "light"
                       and abs(i.rect.w - CARD_W - 2 * bleed) < 1e-6 and abs(i.rect.h - CARD_H - 2 * bleed) < 1e-6}
        assert len(back_frames) == CARDS["grid"]["columns"] * CARDS["grid"]["rows"]
        labels = back_names_on(named_doc, back)
        for rect, name in front_cards(named_doc, front):
            mirrored = (round(width - rect.x - rect.w, 6), round(rect.y, 6))
            assert mirrored in back_frames
            behind = [t for t in labels if abs(t.x - (width - rect.cx)) < 1e-6 and rect.y < t.y < rect.bottom]
            if name is None:
                assert behind == []
            else:
                assert [t.text for t in behind] == [name]
                checked += 1
    assert checked == 56


def test_mirroring_is_real_for_an_uneven_deck(tmp_path):
    """With 3 copies a row holds different buildings; the back row reads right to left."""
    raw = (ruledata.default_dir() / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    (tmp_path / "piecepack-gold-rush.yaml").write_text(raw.replace("  copies: 8", "  copies: 3"), encoding="utf-8")
    house = ruledata.load(GAME, tmp_path)
    doc = GAME.sheet("cards").builder()(house, SheetRequest(4, (), 1, "letter", "color", True, True))
    front, back = doc.pages[0], doc.pages[1]
    row = sorted(((r.x, n) for r, n in front_cards(doc, front)
                  if abs(r.y - cards_module.slots(CARDS)[0].y) < 1e-6))
    assert [n for _, n in row] == ["Farm", "Farm", "Farm", "Windmill"]
    back_row = sorted((t.x, t.text) for t in back_names_on(doc, back) if t.y < CARD_H + 10)
    assert [n for _, n in back_row] == ["Windmill", "Farm", "Farm", "Farm"]
    # 7 x 3 = 21 cards: a full first page, then 1 card and 19 blanks
    assert len(doc.pages) == 4
    assert [n for _, n in front_cards(doc, doc.pages[2])].count(None) == 19


def test_card_front_content_keeps_off_the_cut(deck_doc):
    """Everything but the card's bled ground and the margin marks stays inside the inset safe area
    of its card; nothing is drawn on a cut line (issue 21: the cuts are shown by crop marks only)."""
    inset = CARDS["front"]["inset"]
    margins = set(cards_module.margin_marks(CARDS))
    for front in deck_doc.pages[::2]:
        cards = [r for r, _ in front_cards(deck_doc, front)]
        assert len(cards) == CARDS["grid"]["columns"] * CARDS["grid"]["rows"]
        safe = [Rect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset) for r in cards]
        items = [i for i in page_items(deck_doc, front) if i not in margins]
        assert len(items) > 150  # the cards themselves, not only the margins
        for item in items:
            if isinstance(item, (Box, Para)):
                r = item.rect
                if isinstance(item, Box) and item.stroke is None and item.fill == "light" \
                        and Rect(r.x + CARDS["bleed"], r.y + CARDS["bleed"], CARD_W, CARD_H) in cards:
                    continue  # a card's ground
            elif isinstance(item, Icon):
                r = icon_rect(item)
            else:
                continue
            assert any(r.inside(c) for c in safe), item


def test_card_text_in_the_pdf():
    pages = reader(render("cards", backs=True)).pages
    fronts = " ".join(flat(p) for p in pages[::2])
    for building in RULES["buildings"]:
        assert building["name"] in fronts
        assert " ".join(building["card"].split()[:4]) in fronts
    assert "NON-PRODUCTION · 8 VP" in fronts and "PRODUCTION · makes" in fronts
    assert "Pay each Production:" in fronts and "To use:" in fronts
    assert fronts.count("building:") == 4  # the blank cards
    backs = flat(pages[1])
    assert "GOLD RUSH" in backs
    assert not any(b["name"] in backs for b in RULES["buildings"])  # backs are all alike by default
    named = reader(render("cards", back_names=True)).pages
    assert "GOLD RUSH" in flat(named[1]) and "Farm" in flat(named[1])


def test_backs_option_is_only_for_cards(run):
    result = run("sheet", "piecepack-gold-rush", "mat", "--backs")
    assert result.code == 2 and "--backs" in result.err and "cards" in result.err


def test_default_sheet_is_the_mat(run, tmp_path):
    result = run("sheet", "piecepack-gold-rush", "--names", "Ann,Ben,Cat")
    assert result.code == 0, result
    pages = PdfReader(str(tmp_path / "output" / "piecepack-gold-rush-mat.pdf")).pages
    assert len(pages) == 3 and "Cat" in pages[2].extract_text()
