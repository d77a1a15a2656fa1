"""Layouts per paper: layouts.load(name, paper) lays a paper's `papers:` values over the shared layout."""

from __future__ import annotations

import pytest

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import layouts, pdf
from sheetgen.layouts import LayoutError, _resolve
from sheetgen.sheet import Box, FormField

MM = 72 / 25.4
PRINTED = ["rolled-west-board", "gold-west-pad", "carcassonne-gold-rush-pad", "piecepack-gold-rush-mat",
           "piecepack-gold-rush-cards", "setup-card"]
SHARED = {"fonts": {"title": 20, "label": 8.5}, "rows": [1, 2], "footer": {"y": 261.2}}


def test_a_papers_values_replace_the_shared_ones_key_by_key():
    layout = {**SHARED, "papers": {"letter": {"content": {"width": 196, "height": 262}},
                                   "a4": {"content": {"width": 196, "height": 280}, "footer": {"y": 279.2},
                                          "fonts": {"label": 9}, "rows": [3]}}}
    a4 = _resolve("x", layout, "a4")
    assert a4["content"] == {"width": 196, "height": 280} and a4["footer"] == {"y": 279.2}
    assert a4["fonts"] == {"title": 20, "label": 9}  # the title kept, the label replaced
    assert a4["rows"] == [3]  # a list is replaced whole
    letter = _resolve("x", layout, "letter")
    assert letter["content"]["height"] == 262 and letter["footer"]["y"] == 261.2 and letter["rows"] == [1, 2]
    assert "papers" not in letter and "content" not in _resolve("x", layout, None)  # no paper, no content box
    assert layout["papers"]["a4"]["fonts"] == {"label": 9} and SHARED["fonts"]["label"] == 8.5  # nothing changed


@pytest.mark.parametrize("papers,words", [
    ({"letter": {"content": {"width": 1}}, "a4": {"contnet": {"width": 1}}},
     "papers.letter.content is not in the shared layout, nor set for a4"),
    ({"letter": {"fonts": {"title": 9}}, "a4": {"fonts": {"titel": 9}}},
     "papers.a4.fonts.titel is not in the shared layout, nor set for letter"),
    ({"letter": {}, "a4": {}, "b5": {}}, "papers.b5 is not a paper"),
    ({"letter": {}}, "papers has no a4 layout"),
    ({"letter": {"rows": {"a": 1}}, "a4": {}}, "papers.letter.rows is a mapping"),
])
def test_a_paper_block_that_cannot_be_laid_over_is_refused_by_its_key(papers, words):
    for paper in ("letter", "a4"):  # found whichever paper is asked for
        with pytest.raises(LayoutError, match=words.replace(".", r"\.")) as caught:
            _resolve("pad", {**SHARED, "papers": papers}, paper)
        assert "layouts/pad.yaml" in str(caught.value)


def test_an_unknown_paper_is_refused():
    with pytest.raises(LayoutError, match="no layout for paper 'b5'"):
        layouts.load("rolled-west-board", "b5")


@pytest.mark.parametrize("name", PRINTED)
def test_every_printed_layout_has_a_content_box_per_paper(name):
    for paper in layouts.PAPERS:
        content = layouts.load(name, paper)["content"]
        assert content["width"] > 150 and content["height"] > 200
    assert "content" not in layouts.load(name)


@pytest.mark.parametrize("paper", layouts.PAPERS)
@pytest.mark.parametrize("name", PRINTED)
def test_content_box_fits_the_paper_with_printer_margins(name, paper):
    width, height = pdf.PAPER[paper]
    content = layouts.load(name, paper)["content"]  # each paper's own
    assert (width / MM - content["width"]) / 2 >= 6
    assert (height / MM - content["height"]) / 2 >= 6


# The Carcassonne pad's running-score boxes take a new total, laps included (up to three digits), by
# hand. Digits written 4 mm high, a comfortable size for a pen at the table, are about 2.5 mm wide and
# 3 mm apart: three take 9 mm, and the pen keeps 0.5 mm clear of each side of the box.
DIGIT_PITCH = 3.0  # mm
EDGE = 0.5  # mm
THREE_DIGITS = 3 * DIGIT_PITCH + 2 * EDGE  # 10 mm


@pytest.mark.parametrize("paper", layouts.PAPERS)
def test_the_carcassonne_running_boxes_hold_three_handwritten_digits(paper):
    game = sheetgen.game("carcassonne-gold-rush")
    layout = layouts.load("carcassonne-gold-rush-pad", paper)
    assert layout["points"]["cell_min"] >= THREE_DIGITS
    low, high = game.player_counts
    for players in range(low, high + 1):
        plan = game.sheet("pad", SheetOptions(players=players, paper=paper, fillable=True))
        doc = game.spec.sheet("pad").builder()(game.rules, plan.request)
        (art,) = doc.backdrops.values()
        boxes = [i.rect for i in art if isinstance(i, Box) and i.writable]
        running = [i.rect for i in doc.pages[0].items if isinstance(i, FormField) and i.name.startswith("running.")]
        assert len(running) >= 15 * players  # a box a turn of a 5-player game, for every player
        for field in running:
            (box,) = [b for b in boxes if field.inside(b)]
            assert box.w >= THREE_DIGITS and box.h >= layout["min_writing_box"], (players, box)
