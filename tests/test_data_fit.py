"""`sheetgen data check` holds rule data to what it feeds: every sheet part and every setup card."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT


@pytest.fixture
def house(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    for path in (ROOT / "data").glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    return folder


def edit(folder, game: str, old: str, new: str) -> None:
    path = folder / f"{game}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_bundled_data_fits_everything(run):
    result = run("data", "check")
    assert result.code == 0, result
    assert result.out.count("ok  ") == 4


def test_more_banking_boxes_than_the_row_holds(run, house):
    edit(house, "rolled-west", "own_turn_rounds: 5 ", "own_turn_rounds: 12 ")
    result = run("data", "check", str(house))
    assert result.code == 1
    lines = [l for l in result.err.splitlines() if "rolled-west.yaml" in l]
    # the row runs past the printable area on both papers: each names the box and the overflow
    assert any("the board (a4, 2 players; a4, 3 players; a4, 4 players): does not fit A4: box 12.5 x 12.5 mm "
               "at 190.7, 23.0 mm (from the content's top left) reaches 6.2 mm into the right margin" in l for l in lines)
    assert any("the board (letter, 2 players; letter, 3 players; letter, 4 players): does not fit Letter: box "
               "12.5 x 12.5 mm at 190.7, 23.0 mm (from the content's top left) reaches 3.2 mm into the right margin" in l for l in lines)
    assert len(lines) == 2 and "Traceback" not in result.err
    assert "ok  " in result.out and "gold-west.yaml" in result.out  # the other files are still checked


def test_a_text_longer_than_its_box(run, house):
    edit(house, "rolled-west", "text: 3 per completed contract}", "text: " + "3 per completed contract " * 12 + "}")
    result = run("data", "check", str(house))
    assert result.code == 1
    assert "the board (" in result.err and "does not fit:" in result.err


# -- each layout fits its paper -------------------------------------------------

def _parts():
    """(label, document, paper) for every printed part at its most players, and every setup card."""
    import sheetgen
    from sheetgen import ruledata, setupcard
    from sheetgen.games import all_games
    from sheetgen.sheet import SheetRequest

    for key, game in sorted(all_games().items()):
        rules = ruledata.load(game)
        for paper in ("letter", "a4"):
            for part in game.sheets:
                request = SheetRequest(rules.players[1] if part.per_player else 1, (), 1, paper, "color",
                                       part.has_backs)
                yield f"{key} {part.name}", part.builder()(rules, request), paper
            made = sheetgen.game(key).setup(seed="paper")
            yield f"{key} setup card", setupcard.build(made.data, rules, game, paper=paper), paper


def test_every_part_uses_its_paper_with_even_margins_of_at_least_6_mm():
    """Letter and A4 each get their own layout: what is drawn keeps 6 mm from every edge, its
    margins are even, and it uses the page (no side left wider than 13 mm, but where a fixed size
    forbids it: A4 holds no sixth row of cards, so the 4 x 5 grid leaves 15 mm above and below)."""
    from sheetgen import datafit

    seen = set()
    for label, document, paper in _parts():
        seen.add((label, paper))
        left, top, right, bottom = datafit.margins(document, paper)
        assert min(left, top, right, bottom) >= 6, (label, paper)
        assert abs(left - right) <= 1 and abs(top - bottom) <= 1, (label, paper, left, top, right, bottom)
        most = 16 if (label, paper) == ("piecepack-gold-rush cards", "a4") else 13
        assert max(left, top, right, bottom) <= most, (label, paper, left, top, right, bottom)
        assert datafit.page_fit(document, paper) == [], (label, paper)
    assert len(seen) == 2 * (6 + 4)  # six parts and four setup cards, on both papers


def test_the_letter_layout_centred_on_a4_fails_data_check(run, monkeypatch):
    """What A4 used to print (the Letter layout centred on A4): 17.5 mm empty above and below."""
    from sheetgen import layouts

    monkeypatch.setitem(layouts._cache, ("rolled-west-board", "a4"), layouts.load("rolled-west-board", "letter"))
    result = run("data", "check")
    assert result.code == 1
    (line,) = [l for l in result.err.splitlines() if "rolled-west.yaml" in l]
    assert ("the board (a4, 2 players; a4, 3 players; a4, 4 players): does not use the paper: the content box "
            "leaves 17.5 mm at the top and bottom of A4 (262.0 of 297 mm used); at most 13 mm") in line
    assert result.out.count("ok  ") == 3


def test_a_layout_wider_than_its_paper_fails_data_check_naming_the_box_and_the_overflow(run, monkeypatch):
    from sheetgen import layouts

    wide = dict(layouts.load("piecepack-gold-rush-mat", "a4"), content={"width": 204, "height": 280})
    monkeypatch.setitem(layouts._cache, ("piecepack-gold-rush-mat", "a4"), wide)
    result = run("data", "check")
    assert result.code == 1
    (line,) = [l for l in result.err.splitlines() if "piecepack-gold-rush.yaml" in l]
    # 204 mm on 210 mm paper leaves 3 mm a side: the title at the left edge reaches 3 mm into the 6 mm margin
    assert ("the mat (a4, 3 players; a4, 4 players): does not fit A4: text 'GOLD RUSH' reaches 3.0 mm into the "
            "left margin (6 mm must stay clear on every side), and ") in line and line.endswith(" more items")
