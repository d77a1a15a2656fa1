"""What every game's fillable sheet does alike, checked once per game: the same bytes on every run,
and an empty fillable sheet prints exactly like the plain one (the fields add nothing visible)."""

from __future__ import annotations

import pytest

import sheetgen
from sheetgen.api import SheetOptions

from conftest import ROOT
from formfill import PDFTOPPM, ppm

# (game, part, options of the fillable sheet): a count of players, or names
SHEETS = [("piecepack-gold-rush", "mat", {"players": 3}), ("rolled-west", None, {"players": 3}),
          ("carcassonne-gold-rush", None, {"names": ["Ann", "Ben"]}), ("gold-west", "pad", {"players": 3})]


@pytest.mark.parametrize("game, part, options", SHEETS)
def test_the_fillable_pdf_is_byte_identical_across_runs(game, part, options):
    made = sheetgen.game(game)
    example = str(ROOT / "examples" / f"{game}-game.yaml")
    assert made.sheet(part, SheetOptions(fillable=True, **options)).pdf == \
        made.sheet(part, SheetOptions(fillable=True, **options)).pdf
    assert made.sheet(part, SheetOptions(results=example)).pdf == made.sheet(part, SheetOptions(results=example)).pdf


@pytest.mark.skipif(PDFTOPPM is None, reason="needs poppler's pdftoppm")
@pytest.mark.parametrize("game, part, players, ink, paper", [
    ("piecepack-gold-rush", "mat", 3, "color", None), ("piecepack-gold-rush", "mat", 3, "low", None),
    ("rolled-west", None, 2, "color", None), ("rolled-west", None, 2, "low", None),
    ("carcassonne-gold-rush", None, 4, "color", "letter"), ("carcassonne-gold-rush", None, 4, "low", "a4"),
    ("gold-west", "pad", 3, "color", "letter"), ("gold-west", "pad", 3, "low", "a4"),
])
def test_an_empty_fillable_sheet_prints_exactly_like_the_plain_one(tmp_path, game, part, players, ink, paper):
    options = {"players": players, "ink": ink, **({"paper": paper} if paper else {})}
    plain = sheetgen.game(game).sheet(part, SheetOptions(**options)).pdf
    fillable = sheetgen.game(game).sheet(part, SheetOptions(**options, fillable=True)).pdf
    assert ppm(plain, tmp_path, 60) == ppm(fillable, tmp_path, 60)
