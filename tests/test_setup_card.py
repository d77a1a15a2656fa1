"""Printable setup cards: `sheetgen setup GAME -o card.pdf`."""

import pytest
from pypdf import PdfReader

from sheetgen.games import all_games

GAMES = [key for key, game in all_games().items() if game.setup]
SIZES = {"letter": (612, 792), "a4": (595, 842)}


def _text(path):
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_card_with_seed_code_and_data_version(run, tmp_path, game, paper):
    result = run("setup", game, "--seed", "card", "--paper", paper, "-o", "card.pdf")
    assert result.code == 0, result
    code = result.out.strip().rsplit("code ", 1)[1]
    reader = PdfReader(str(tmp_path / "card.pdf"))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == SIZES[paper]
    text = _text(tmp_path / "card.pdf")
    assert f"Setup code {code}" in text and "seed: card" in text and "rule data" in text
    assert f"--code {code}" in text
    assert reader.metadata.title.endswith(code)


@pytest.mark.parametrize("game", GAMES)
def test_card_from_code_matches_card_from_seed_except_the_seed(run, tmp_path, game):
    first = run("setup", game, "--seed", "same", "-o", "a.pdf")
    code = first.out.strip().rsplit("code ", 1)[1]
    assert run("setup", game, "--code", code, "-o", "b.pdf").code == 0
    a, b = _text(tmp_path / "a.pdf"), _text(tmp_path / "b.pdf")
    assert a.replace("seed: same", "") == b.replace("rebuilt from its code", "")


@pytest.mark.parametrize("game", GAMES)
def test_cards_are_byte_identical_on_rerun(run, tmp_path, game):
    assert run("setup", game, "--seed", "again", "-o", "a.pdf").code == 0
    assert run("setup", game, "--seed", "again", "-o", "b.pdf").code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_piecepack_card_draws_every_plot(run, tmp_path):
    import json

    setup = json.loads(run("setup", "piecepack-gold-rush", "--seed", "plots", "--format", "json").out)
    assert run("setup", "piecepack-gold-rush", "--seed", "plots", "-o", "c.pdf").code == 0
    text = _text(tmp_path / "c.pdf")
    names = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
    ranks = {"n": "Null", "a": "Ace"}
    for row in setup["grid"]:
        for cell in row:
            tile = f"{names[cell['tile'][0]]} {ranks.get(cell['tile'][1], cell['tile'][1])}"
            assert tile in text
    assert text.count("skipped") == 3  # 4 players: no Stake Claim in the last 3 rounds


def test_low_ink_card_has_no_colour_fills(run, tmp_path):
    import re
    import zlib

    assert run("setup", "piecepack-gold-rush", "--seed", "ink", "--ink", "low", "-o", "c.pdf").code == 0
    reader = PdfReader(str(tmp_path / "c.pdf"))
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    fills = set(re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", content))
    assert all(r == g == b for r, g, b in fills), fills
