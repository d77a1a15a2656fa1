"""Printable setup cards: `sheetgen setup GAME -o card.pdf`."""

import io
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
    assert "The setup code above sets up" in text and "sheetgen setup" not in text  # players' words, no command
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
    """With --reveal (a referee's or solo card), every plot's tile is named."""
    import json

    setup = json.loads(run("setup", "piecepack-gold-rush", "--seed", "plots", "--format", "json", "--reveal").out)
    assert run("setup", "piecepack-gold-rush", "--seed", "plots", "--reveal", "-o", "c.pdf").code == 0
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

    assert run("setup", "piecepack-gold-rush", "--seed", "ink", "--ink", "low", "-o", "c.pdf").code == 0
    reader = PdfReader(str(tmp_path / "c.pdf"))
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    fills = set(re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", content))
    assert all(r == g == b for r, g, b in fills), fills


def _hidden(setup):
    """What a piecepack setup places face down, as the card would print it: every tile and coin value."""
    suits = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
    ranks = {"n": "Null", "a": "Ace"}
    tiles = {f"{suits[c['tile'][0]]} {ranks.get(c['tile'][1:], c['tile'][1:])}" for r in setup["grid"] for c in r}
    coins = {f"coin {ranks.get(c['coin'][1:], c['coin'][1:])}" for r in setup["grid"] for c in r}
    return tiles, coins


@pytest.mark.parametrize("seed", ["safe", "table", "friday"])
def test_piecepack_card_hides_the_face_down_values_unless_revealed(run, tmp_path, seed):
    import json

    setup = json.loads(run("setup", "piecepack-gold-rush", "--seed", seed, "--format", "json", "--reveal").out)
    tiles, coins = _hidden(setup)
    assert len(tiles) >= 10 and len(coins) >= 4
    assert run("setup", "piecepack-gold-rush", "--seed", seed, "-o", "safe.pdf").code == 0
    safe = " ".join(_text(tmp_path / "safe.pdf").split())
    assert [t for t in tiles if t in safe] == [] and [c for c in coins if c in safe] == []
    import re

    assert re.search(r"(Suns|Moons|Crowns|Arms) (Null|Ace|\d)|coin (Null|Ace|\d)", safe) is None
    # what the players do see: the coins' suit rows, seating and rounds
    suits = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
    for row in setup["grid"]:
        assert f"{suits[row[0]['coin'][0]]} coins" in safe
    for name in setup["seating"]:
        assert name in safe
    assert safe.count("skipped") == sum(1 for r in setup["rounds"] if not r["stake_claim"])
    assert run("setup", "piecepack-gold-rush", "--seed", seed, "--reveal", "-o", "all.pdf").code == 0
    shown = " ".join(_text(tmp_path / "all.pdf").split())
    assert all(t in shown for t in tiles) and all(c in shown for c in coins)
    assert "REFEREE'S COPY" in shown and "REFEREE'S COPY" not in safe


def test_reveal_is_an_api_argument_too():
    import io

    import sheetgen

    game = sheetgen.game("piecepack-gold-rush")
    made = game.setup(players=3, seed="api")
    tiles, _ = _hidden(made.to_dict(reveal=True))

    def text(data):
        return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())

    assert not any(t in text(game.setup_card(made)) for t in tiles)
    assert all(t in text(game.setup_card(made, reveal=True)) for t in tiles)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["rolled-west", "carcassonne-gold-rush"])
def test_short_cards_are_half_a_page_printed_twice(game, paper):
    """Seating and a few lines: a half-page card, twice on the page with a cut line between."""
    import sheetgen
    from sheetgen import setupcard
    from sheetgen.sheet import Line, Text

    chosen = sheetgen.game(game)
    height = setupcard.size(paper)[1]
    half = (height - setupcard.GUTTER) / 2
    for players in range(chosen.player_counts[0], chosen.player_counts[1] + 1):
        made = chosen.setup(players=players, seed="half")
        doc = setupcard.build(made.data, chosen.rules, chosen.spec, paper=paper)
        assert doc.height == height
        (page,) = doc.pages
        texts = [i for i in page.items if isinstance(i, Text)]
        titles = [t for t in texts if t.text.endswith(f"setup for {players} players")]
        assert len(titles) == 2
        top = [i for i in page.items if not (isinstance(i, Text) and i.y > height / 2)
               and not (isinstance(i, Line) and i.y1 >= height / 2 - 1e-9)]
        lowest = max(t.y for t in texts if t.y < height / 2)
        assert lowest <= half  # the first card's footer ends in the top half
        assert titles[1].y - titles[0].y == pytest.approx(half + setupcard.GUTTER)
        cut = [i for i in page.items if isinstance(i, Line) and i.y1 == i.y2 == height / 2]
        assert len(cut) > 10  # dashes
        codes = [t for t in texts if t.text == f"Setup code {made.code}"]
        assert len(codes) == 2 and len(top) > 10


@pytest.mark.parametrize("game", ["gold-west", "piecepack-gold-rush"])
def test_full_cards_stay_one_card_a_page(game):
    import sheetgen
    from sheetgen import setupcard
    from sheetgen.sheet import Text

    chosen = sheetgen.game(game)
    made = chosen.setup(seed="full")
    doc = setupcard.build(made.data, chosen.rules, chosen.spec)
    titles = [i for i in doc.pages[0].items if isinstance(i, Text) and i.text.startswith(made.data["title"] + ":")]
    assert len(titles) == 1


@pytest.mark.parametrize("game, hides", [("piecepack-gold-rush", True), ("gold-west", True), ("rolled-west", False)])
def test_a_players_card_says_its_code_rebuilds_the_face_down_pieces(run, tmp_path, game, hides):
    assert run("setup", game, "--seed", "note", "-o", "player.pdf").code == 0
    assert run("setup", game, "--seed", "note", "--reveal", "-o", "referee.pdf").code == 0
    player = " ".join(_text(tmp_path / "player.pdf").split())
    assert ("The setup code above sets up this game again, face-down pieces included." in player) == hides
    assert "The setup code above sets up exactly this game again." in " ".join(_text(tmp_path / "referee.pdf").split())


def _luminance(colour) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    from sheetgen.ink import as_rgb

    red, green, blue = as_rgb(colour)
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def _contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gold_west_referee_copy_prints_face_down_tokens_readably(players):
    """Each face-down token (in brackets) on a referee's copy lies on a patch of paper: at least 4.5:1
    against its text in both inks, whatever the terrain's colour under it (a 2-player card fits too)."""
    import sheetgen
    from sheetgen import pdf, setupcard
    from sheetgen.sheet import Box, Text

    g = sheetgen.game("gold-west")
    setup = g.setup(players=players, seed="referee")
    doc = setupcard.build(setup.data, g.rules, g.spec, reveal=True)
    items = list(doc.pages[0].items)
    hidden = [i for i in items if isinstance(i, Text) and i.text.startswith("(") and i.text.endswith(")")]
    assert len(hidden) >= 10
    for text in hidden:
        under = [b for b in items[:items.index(text)] if isinstance(b, Box) and b.fill
                 and b.rect.x <= text.x <= b.rect.right and b.rect.y <= text.y <= b.rect.bottom]
        assert under, text
        for palette in pdf.PALETTES.values():
            assert _contrast(palette[text.role], palette[under[-1].fill]) >= 4.5, (text.text, under[-1].fill)
    g.setup_card(setup, reveal=True)  # draws: the header and notes fit


@pytest.mark.parametrize("key", ["rolled-west", "carcassonne-gold-rush"])
def test_reveal_claims_nothing_for_a_game_with_nothing_face_down(key):
    import sheetgen

    g = sheetgen.game(key)
    setup = g.setup(players=3, seed="reveal")
    def text(reveal: bool) -> str:
        pages = PdfReader(io.BytesIO(g.setup_card(setup, reveal=reveal))).pages
        return " ".join(" ".join(p.extract_text().split()) for p in pages)

    shown = text(True)
    assert "REFEREE" not in shown and "shown" not in shown
    assert shown == text(False)  # the same card: nothing lies face down to show


@pytest.mark.parametrize("key,players", [("rolled-west", n) for n in (2, 3, 4)]
                         + [("carcassonne-gold-rush", n) for n in (2, 3, 4, 5)])
def test_short_cards_set_up_the_game(key, players):
    """A half-page card that carries the setup: seating, the rulebook's setup with the data's counts,
    a turn; it fills most of its half page (not over half blank); Carcassonne's colours have swatches."""
    import sheetgen
    from sheetgen import setupcard
    from sheetgen.sheet import Box, Para

    g = sheetgen.game(key)
    setup = g.setup(players=players, seed="card")
    doc = setupcard.build(setup.data, g.rules, g.spec)
    items = list(doc.pages[0].items)
    half = (doc.height - setupcard.GUTTER) / 2
    body = [i for i in items if isinstance(i, Para) and i.rect.bottom < half]
    assert body and max(i.rect.bottom for i in body) > 0.5 * half  # a half-page card, more than half used
    words = " ".join(i.text for i in items if hasattr(i, "text"))
    assert "SET UP" in words.upper() and "A TURN" in words.upper()
    if key == "carcassonne-gold-rush":
        assert f"{g.rules['tiles'] - 1} land tiles" in words and f"{g.rules['cowboys']['per_colour']} cowboys" in words
        swatches = {i.fill for i in items if isinstance(i, Box) and i.rect.bottom < half
                    and str(i.fill).startswith("player_")}
        assert len(swatches) == players
    else:
        assert f"all {g.rules['dice']['count']} dice" in words
