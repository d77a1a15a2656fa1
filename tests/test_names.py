"""One name policy for every output: cleaned, compared, refused and escaped the same way."""

from __future__ import annotations

import json

import pytest

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import playernames

PIECEPACK = "game: piecepack-gold-rush\nplayers:\n{}"


def results(*players: str) -> str:
    return PIECEPACK.format("".join(f"  - {{name: {p}, ore: 1, gold: 0, food: 0, buildings: []}}\n"
                                    for p in players))


def test_names_that_look_the_same_are_the_same():
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    assert playernames.key(nfc) == playernames.key(nfd) == playernames.key(" ZOË ") == playernames.key("Zo\u200bë")
    assert playernames.clean(nfd) == nfc and playernames.clean("Ann\u200b") == "Ann"


def test_two_spellings_of_one_name_in_a_results_file_are_one_player_twice():
    problems = sheetgen.game("piecepack").check(text=results('"Zo\u00eb"', '"Zoe\u0308"', "Cat")).problems
    assert [p.message for p in problems] == ["the name Zoë is used twice; give each player a different name"]
    problems = sheetgen.game("piecepack").check(text=results("Ann", '"Ann\u200b"', "Cat")).problems
    assert len(problems) == 1 and "used twice" in problems[0].message


def test_a_control_character_in_a_results_name_is_a_located_problem():
    problems = sheetgen.game("piecepack").check(text=results('"Ann\\e[2J"', "Ben", "Cat")).problems
    (problem,) = problems
    assert problem.line == 3 and "\\x1b" in problem.message and "\x1b" not in str(problem)


@pytest.mark.parametrize("name, why", [
    ("Ann\x07", "control character (U+0007)"),
    ("A" * 41, "longer than 40 characters"),
])
def test_names_no_output_takes_are_refused_everywhere(name, why):
    rolled = sheetgen.game("rolled-west")
    for call in (lambda: rolled.sheet(None, SheetOptions(names=[name, "Ben"])).pdf,
                 lambda: rolled.setup(names=[name, "Ben"], seed="x"),
                 lambda: rolled.template(names=[name, "Ben"])):
        with pytest.raises(sheetgen.InvalidArgument) as caught:
            call()
        assert caught.value.argument == "names" and why in caught.value.message


@pytest.mark.parametrize("name, char", [("\u738b\u5c0f\u660e", "U+738B"), ("Ann\U0001f600", "U+1F600")])
def test_only_what_prints_a_pdf_refuses_what_the_font_lacks(name, char):
    rolled = sheetgen.game("rolled-west")
    made = rolled.setup(names=[name, "Ben"], seed="x")
    for fmt in ("text", "json", "yaml", "markdown"):
        assert name in made.text(fmt) or json.dumps(name) in made.text(fmt)
    assert name in rolled.template(names=[name, "Ben"])
    for call in (lambda: rolled.sheet(None, SheetOptions(names=[name, "Ben"])).pdf, lambda: rolled.setup_card(made)):
        with pytest.raises(sheetgen.InvalidArgument) as caught:
            call()
        message = caught.value.message
        assert caught.value.argument == "names" and char in message and "font cannot print" in message
        assert "spell it in Latin, Greek or Cyrillic letters" in message


def test_the_command_line_takes_any_results_name_in_text_and_refuses_it_on_paper(run):
    shown = run("setup", "rolled-west", "--format", "json", "--names", "\u738b\u82b3,Ann,Ben", "--seed", "x")
    assert shown.code == 0 and "\u738b\u82b3" in json.loads(shown.out)["seating"]
    card = run("setup", "rolled-west", "--names", "\u738b\u82b3,Ann,Ben", "--seed", "x", "-o", "card.pdf")
    assert card.code == 2 and card.err.startswith("Error: --names: '\u738b\u82b3' has '\u738b' (U+738B")
    assert card.out == "" and len(card.err.splitlines()) == 1


def test_a_results_name_longer_than_any_name_box_is_a_located_problem():
    problems = sheetgen.game("piecepack").check(text=results("A" * 5000, "Ben", "Cat")).problems
    (problem,) = problems
    assert problem.line == 3 and "longer than 40 characters" in problem.message
    assert sheetgen.game("piecepack").check(text=results("A" * 40, "Ben", "Cat")).problems == []


def test_every_sheet_name_box_holds_the_longest_name():
    """MAX_LENGTH is what the sheets print: a name that long (of wide letters, with spaces
    where a box may break it) prints on every per-player part."""
    longest = " ".join(["WWWWWWW"] * 5)[:playernames.MAX_LENGTH]
    for key in sheetgen.game_keys():
        g = sheetgen.game(key)
        for part in g.spec.sheets:
            if part.per_player:
                low = g.player_counts[0]
                others = [f"P{i}" for i in range(1, low)]
                assert g.sheet(part.name, SheetOptions(names=[longest, *others])).pdf.startswith(b"%PDF")


def test_score_output_escapes_what_a_terminal_would_obey(run, tmp_path):
    # a name with an escape sequence in a *valid* spot: the tie warning quotes names
    (tmp_path / "r.yaml").write_text(results("Ann", "Ben", "Cat"), encoding="utf-8")
    out = run("score", str(tmp_path / "r.yaml"))
    assert out.code == 0 and "\x1b" not in out.out
    assert playernames.printable("a\x1b[2Jb\u202e") == "a\\x1b[2Jb\\u202e"


def test_json_keeps_names_exactly(run, tmp_path):
    (tmp_path / "r.yaml").write_text(results('"Zo\u00eb"', "Ben", "Cat"), encoding="utf-8")
    report = json.loads(run("score", str(tmp_path / "r.yaml"), "--format", "json").out)
    assert report["players"][0]["name"] == "Zo\u00eb"
