"""Printing like a print shop: bleed, crop marks and registration on the building cards,
each distinct page drawn once, and a 50 mm scale bar on every page of cards, mats and boards."""

import hashlib
import io
import math
import re

import pytest
from pypdf import PdfReader

from sheetgen import layouts, marks, pdf, ruledata
from sheetgen.api import SheetOptions
from sheetgen.games import get_game
from sheetgen.games.piecepack_gold_rush import cards as cards_module
from sheetgen.sheet import Box, Line, Rect, SheetRequest, Text

MM = 72 / 25.4
PP = get_game("piecepack-gold-rush")
PP_RULES = ruledata.load(PP)
CARDS = layouts.load("piecepack-gold-rush-cards", "letter")
CARD_W, CARD_H = CARDS["card"]["width"], CARDS["card"]["height"]
CELLS = cards_module.slots(CARDS)
WIDTH, HEIGHT = CARDS["content"]["width"], CARDS["content"]["height"]


def cards(backs=True, back_names=False, copies=1, paper="letter", ink="color"):
    request = SheetRequest(4, (), copies, paper, ink, backs or back_names, back_names)
    return PP.sheet("cards").builder()(PP_RULES, request)


def items(doc, page):
    return tuple(doc.backdrops.get(page.backdrop, ())) + tuple(page.items)


def targets(doc, page):
    """Centres of the registration targets (circles: boxes rounded to half their side)."""
    return {(round(i.rect.cx, 6), round(i.rect.cy, 6)) for i in items(doc, page)
            if isinstance(i, Box) and i.radius and abs(i.radius - i.rect.w / 2) < 1e-9}


def segments(data):
    """Per page of a PDF, every straight line it strokes (in its forms too), as rounded point pairs."""
    out = []
    for page in PdfReader(io.BytesIO(data)).pages:
        streams = [page.get_contents().get_data()]
        xobjects = page["/Resources"].get("/XObject", {})
        streams += [xobjects[name].get_object().get_data() for name in xobjects]
        found = set()
        for body in streams:
            for x1, y1, x2, y2 in re.findall(rb"n ([\d.-]+) ([\d.-]+) m ([\d.-]+) ([\d.-]+) l S", body):
                found.add(tuple(round(float(v), 2) for v in (x1, y1, x2, y2)))
        out.append(found)
    return out


# -- bleed and crop marks -------------------------------------------------------------------------

def test_back_ground_reaches_3mm_past_every_cut():
    assert CARDS["bleed"] == 3
    for doc in (cards(), cards(back_names=True)):
        for page in doc.pages[1::2]:
            grounds = [i.rect for i in items(doc, page) if isinstance(i, Box) and i.fill == "light"]
            for cell in CELLS:
                spot = cards_module.mirror(cell, WIDTH)
                grown = Rect(spot.x - 3, spot.y - 3, spot.w + 6, spot.h + 6)
                assert any(grown.inside(g) for g in grounds), spot


def test_front_ground_reaches_3mm_past_every_cut_and_nothing_is_drawn_on_a_cut():
    """Issue 21: the fronts are bled like the backs, and a cut line is shown by crop marks only (no rule on
    it, and no frame on a back a millimetre of duplex drift would show)."""
    doc = cards(back_names=True)
    for page in doc.pages:
        drawn = items(doc, page)
        grounds = [i.rect for i in drawn if isinstance(i, Box) and i.fill == "light" and i.stroke is None]
        for cell in CELLS:
            spot = cards_module.mirror(cell, WIDTH) if page.backdrop.startswith(cards_module.BACK) else cell
            grown = Rect(spot.x - 3, spot.y - 3, spot.w + 6, spot.h + 6)
            assert any(grown.inside(g) for g in grounds), spot
        outlines = [i for i in drawn if isinstance(i, Box) and i.stroke is not None
                    and (abs(i.rect.w - CARD_W) < 2 * 3.5 + 1e-6 and abs(i.rect.h - CARD_H) < 2 * 3.5 + 1e-6)]
        assert outlines == [], "a rule on or near a card's cut"


def test_the_pdf_fills_the_bled_ground_on_the_backs():
    """The renderer draws each back's ground as a rectangle (card + 2 x 3 mm) in the back form."""
    data = pdf.render(cards(), "letter", "color")
    reader = PdfReader(io.BytesIO(data))
    back = reader.pages[1]
    xobjects = back["/Resources"]["/XObject"]
    body = b"".join(xobjects[n].get_object().get_data() for n in xobjects)
    sizes = {(round(float(w), 1), round(float(h), 1))
             for w, h in re.findall(rb"[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+) re f", body)}
    assert (round((CARD_W + 6) * MM, 1), round((CARD_H + 6) * MM, 1)) in sizes


def test_crop_marks_start_past_the_bleed():
    grid = cards_module.grid_rect(CARDS)
    bleed = CARDS["bleed"]
    for m in cards_module.cut_marks(CARDS):
        if m.x1 == m.x2:  # above or below the grid
            near = min(abs(y - grid.y) if y < grid.y else abs(y - grid.bottom) for y in (m.y1, m.y2))
        else:
            near = min(abs(x - grid.x) if x < grid.x else abs(x - grid.right) for x in (m.x1, m.x2))
        assert near > bleed, m


@pytest.mark.parametrize("back_names", [False, True])
def test_the_pdf_has_crop_marks_on_fronts_and_backs(back_names):
    data = pdf.render(cards(back_names=back_names), "a4", "low")
    place = pdf._Placer(cards(), pdf.PAPER["a4"])
    wanted = {(round(place.x(m.x1), 2), round(place.y(m.y1), 2), round(place.x(m.x2), 2), round(place.y(m.y2), 2))
              for m in cards_module.cut_marks(CARDS)}
    assert len(wanted) == 2 * (CARDS["grid"]["columns"] + 1) + 2 * (CARDS["grid"]["rows"] + 1)
    pages = segments(data)
    assert len(pages) == 6
    for found in pages:
        assert wanted <= found


# -- registration ---------------------------------------------------------------------------------

@pytest.mark.parametrize("back_names", [False, True])
def test_registration_targets_coincide_after_a_long_edge_flip(back_names):
    doc = cards(back_names=back_names)
    for front, back in zip(doc.pages[::2], doc.pages[1::2]):
        on_front, on_back = targets(doc, front), targets(doc, back)
        assert len(on_front) >= 4
        # a back page point (x, y) lies behind the front point (width - x, y)
        assert {(round(WIDTH - x, 6), y) for x, y in on_back} == on_front
        # flipped on the short edge instead, the back's (x, y) lands behind (x, height - y): no target
        # lines up, so the wrong flip shows at once
        assert {(x, round(HEIGHT - y, 6)) for x, y in on_back} & on_front == set()


def test_registration_targets_stay_in_the_margins():
    grid = cards_module.grid_rect(CARDS)
    bleed = CARDS["bleed"]
    reach = marks.target_reach()
    grown = Rect(grid.x - bleed, grid.y - bleed, grid.w + 2 * bleed, grid.h + 2 * bleed)
    for cx, cy in cards_module.target_centres(CARDS):
        assert not Rect(cx - reach, cy - reach, 2 * reach, 2 * reach).overlaps(grown)
        assert 0 <= cx - reach and cx + reach <= WIDTH


# -- uniform backs, --back-names -------------------------------------------------------------------

def test_backs_are_all_alike_unless_names_are_asked_for():
    plain = cards(copies=2)
    assert {p.backdrop for p in plain.pages[1::2]} == {cards_module.BACK}
    texts = {i.text for i in plain.backdrops[cards_module.BACK] if isinstance(i, Text)}
    assert not texts & {b["name"] for b in PP_RULES["buildings"]}
    named = cards(back_names=True)
    assert len({p.backdrop for p in named.pages[1::2]}) == 3
    named_texts = {i.text for p in named.pages[1::2] for i in items(named, p) if isinstance(i, Text)}
    assert {b["name"] for b in PP_RULES["buildings"]} <= named_texts


def test_back_names_on_the_command_line(run, tmp_path):
    result = run("sheet", "piecepack-gold-rush", "cards", "--back-names", "-o", "c.pdf")
    assert result.code == 0, result
    pages = PdfReader(str(tmp_path / "c.pdf")).pages
    assert len(pages) == 6  # --back-names brings the backs with it
    assert "Farm" in pages[1].extract_text()
    plain = run("sheet", "piecepack-gold-rush", "cards", "--backs", "-o", "d.pdf")
    assert plain.code == 0 and "Farm" not in PdfReader(str(tmp_path / "d.pdf")).pages[1].extract_text()
    refused = run("sheet", "piecepack-gold-rush", "mat", "--back-names")
    assert refused.code == 2 and "--back-names" in refused.err and "cards" in refused.err


# -- each distinct page once ----------------------------------------------------------------------

@pytest.mark.parametrize("back_names,distinct", [(False, 4), (True, 6)])
def test_each_distinct_page_is_one_form_placed_on_every_copy(back_names, distinct):
    doc = cards(back_names=back_names, copies=40)
    assert len(doc.pages) == 240
    assert len(doc.backdrops) == distinct
    assert all(p.items == () and p.backdrop in doc.backdrops for p in doc.pages)
    assert {p.backdrop for p in doc.pages} == set(doc.backdrops)


def test_an_extra_page_costs_under_1kb():
    one = len(pdf.render(cards(copies=1), "letter", "color"))
    many = len(pdf.render(cards(copies=21), "letter", "color"))
    per_page = (many - one) / (21 * 6 - 6)
    assert per_page < 1024, per_page


@pytest.mark.parametrize("back_names", [False, True])
def test_cards_are_byte_identical_across_runs(back_names):
    first = pdf.render(cards(back_names=back_names, copies=3), "a4", "color")
    second = pdf.render(cards(back_names=back_names, copies=3), "a4", "color")
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


# -- the scale bar --------------------------------------------------------------------------------

def _sheet(game, part, **kwargs):
    spec = get_game(game)
    return spec.sheet(part).builder()(ruledata.load(spec), SheetRequest(2 if game == "rolled-west" else 3, (),
                                                                         **kwargs))


SHEETS = [("piecepack-gold-rush", "cards", {"backs": True}), ("piecepack-gold-rush", "mat", {}),
          ("rolled-west", "board", {})]


@pytest.mark.parametrize("game,part,kwargs", SHEETS)
def test_every_page_has_a_50mm_scale_bar_in_a_margin(game, part, kwargs):
    doc = _sheet(game, part, **kwargs)
    label = layouts.load("print-marks")["scale_bar"]["label"]
    for page in doc.pages:
        drawn = items(doc, page)
        bars = [i for i in drawn if isinstance(i, Line) and math.isclose(math.hypot(i.x2 - i.x1, i.y2 - i.y1), 50)]
        assert len(bars) == 1
        bar = bars[0]
        assert [i for i in drawn if isinstance(i, Text) and i.text == label]
        area = Rect(min(bar.x1, bar.x2) - 2, min(bar.y1, bar.y2) - 4, abs(bar.x2 - bar.x1) + 4,
                    abs(bar.y2 - bar.y1) + 4)
        content = Rect(0, 0, doc.width, doc.height)
        assert area.inside(Rect(-2, -4, doc.width + 4, doc.height + 8)) and bar.x1 >= 0 and bar.y2 <= content.bottom
        for other in drawn:  # nothing else is drawn where the bar and its label go
            if isinstance(other, Box) and other.rect.w > 10 and other.rect.h > 10:
                assert not other.rect.overlaps(area), other


@pytest.mark.parametrize("game,part,kwargs", SHEETS)
def test_the_scale_bar_prints_50mm_long(game, part, kwargs):
    """In the PDF itself, each page strokes a straight line of 50 mm = 141.73 pt."""
    doc = _sheet(game, part, **kwargs)
    data = pdf.render(doc, "a4", "color")
    for found in segments(data):
        lengths = [math.hypot(x2 - x1, y2 - y1) for x1, y1, x2, y2 in found]
        assert any(abs(length - 50 * MM) < 0.02 for length in lengths)


# -- card sizes (issue 21: a sleeve size beside today's) ---------------------------------------------

def test_the_default_card_size_is_the_layout_s_grid_and_marks():
    for paper in ("letter", "a4"):
        fixed = layouts.load("piecepack-gold-rush-cards", paper)
        computed = cards_module.card_layout(paper)
        assert computed["grid"] == fixed["grid"] == {"columns": 4, "rows": 5}
        assert computed["card"] == fixed["card"] and computed["registration"] == fixed["registration"]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mini_euro_cards_are_44_by_68_with_marks_bleed_and_mirrored_backs(paper):
    layout = cards_module.card_layout(paper, "mini-euro")
    assert layout["card"] == {"width": 44, "height": 68} and layout["grid"] == {"columns": 4, "rows": 3}
    request = SheetRequest(4, (), 1, paper, "color", True, True, card_size="mini-euro")
    doc = PP.sheet("cards").builder()(PP_RULES, request)
    cells = cards_module.slots(layout)
    grid = cards_module.grid_rect(layout)
    width = layout["content"]["width"]
    assert len(cells) == 12 and grid.inside(Rect(0, 0, width, layout["content"]["height"]))
    cards_drawn = sum(1 for c in cards_module.deck(PP_RULES, 12) if c is not None)
    assert len(doc.pages) == 2 * -(-cards_drawn // 12)
    for page in doc.pages:
        drawn = items(doc, page)
        back = page.backdrop.startswith(cards_module.BACK)
        grounds = [i.rect for i in drawn if isinstance(i, Box) and i.fill == "light" and i.stroke is None]
        for cell in cells:
            spot = cards_module.mirror(cell, width) if back else cell
            assert Rect(spot.x - 3, spot.y - 3, spot.w + 6, spot.h + 6) in grounds
        cuts = {(m.x1, m.y1, m.x2, m.y2) for m in drawn if isinstance(m, Line)}
        for x in {c.x for c in cells} | {c.right for c in cells}:  # a crop mark above and below every cut
            assert any(x1 == x2 == x and y2 < grid.y - 3 for x1, y1, x2, y2 in cuts), x
            assert any(x1 == x2 == x and y1 > grid.bottom + 3 for x1, y1, x2, y2 in cuts), x
        bleed = Rect(grid.x - 3, grid.y - 3, grid.w + 6, grid.h + 6)
        for cx, cy in cards_module.target_centres(layout):
            reach = marks.target_reach()
            assert not Rect(cx - reach, cy - reach, 2 * reach, 2 * reach).overlaps(bleed)
            assert 0 <= cx - reach and cx + reach <= width


def test_a_card_size_is_offered_on_card_sheets_only(run, tmp_path):
    import sheetgen
    from sheetgen import InvalidArgument

    with pytest.raises(InvalidArgument) as caught:
        sheetgen.game("piecepack-gold-rush").sheet("mat", SheetOptions(card_size="mini-euro")).pdf
    assert caught.value.argument == "card_size" and "card sheet" in caught.value.message
    with pytest.raises(InvalidArgument) as caught:
        sheetgen.game("piecepack-gold-rush").sheet("cards", SheetOptions(card_size="poker")).pdf
    assert caught.value.argument == "card_size" and "half-business, mini-euro" in caught.value.message
    help_text = run("sheet", "--help").out
    assert "--card-size" in help_text and "mini-euro" in help_text and "44 x 68 mm" in help_text
    done = run("sheet", "piecepack-gold-rush", "cards", "--card-size", "mini-euro", "--backs", "-o", "mini.pdf")
    assert done.code == 0, done.err
    size = PdfReader(str(tmp_path / "mini.pdf")).pages[0].mediabox
    assert round(float(size.width)) == 612  # Letter, whatever the card size
    refused = run("sheet", "rolled-west", "--card-size", "mini-euro", "-o", "x.pdf")
    assert refused.code == 2 and "--card-size" in refused.err and not (tmp_path / "x.pdf").exists()
