"""One name policy for every output: cleaned, compared, refused and escaped the same way."""

from __future__ import annotations

import json

import pytest

import sheetgen
from sheetgen import names

PIECEPACK = "game: piecepack-gold-rush\nplayers:\n{}"


def results(*players: str) -> str:
    return PIECEPACK.format("".join(f"  - {{name: {p}, ore: 1, gold: 0, food: 0, buildings: []}}\n"
                                    for p in players))


def test_names_that_look_the_same_are_the_same():
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    assert names.key(nfc) == names.key(nfd) == names.key(" ZOË ") == names.key("Zo\u200bë")
    assert names.clean(nfd) == nfc and names.clean("Ann\u200b") == "Ann"


def test_two_spellings_of_one_name_in_a_results_file_are_one_player_twice():
    problems, _ = sheetgen.game("piecepack").check(text=results('"Zo\u00eb"', '"Zoe\u0308"', "Cat"))
    assert [p.message for p in problems] == ["the name Zoë is used twice; give each player a different name"]
    problems, _ = sheetgen.game("piecepack").check(text=results("Ann", '"Ann\u200b"', "Cat"))
    assert len(problems) == 1 and "used twice" in problems[0].message


def test_a_control_character_in_a_results_name_is_a_located_problem():
    problems, _ = sheetgen.game("piecepack").check(text=results('"Ann\\e[2J"', "Ben", "Cat"))
    (problem,) = problems
    assert problem.line == 3 and "\\x1b" in problem.message and "\x1b" not in str(problem)


@pytest.mark.parametrize("name, why", [
    ("Ann\x07", "control character (U+0007)"),
    ("A" * 41, "longer than 40 characters"),
    ("\u738b\u5c0f\u660e", "the sheets' font cannot print"),
    ("Ann\U0001f600", "U+1F600"),
])
def test_names_the_sheets_cannot_print_are_refused_everywhere(name, why):
    for call in (lambda: sheetgen.game("rolled-west").sheet(names=[name, "Ben"]),
                 lambda: sheetgen.game("rolled-west").setup(names=[name, "Ben"], seed="x")):
        with pytest.raises(sheetgen.InvalidArgument) as caught:
            call()
        assert caught.value.argument == "names" and why in caught.value.message


def test_score_output_escapes_what_a_terminal_would_obey(run, tmp_path):
    # a name with an escape sequence in a *valid* spot: the tie warning quotes names
    (tmp_path / "r.yaml").write_text(results("Ann", "Ben", "Cat"), encoding="utf-8")
    out = run("score", str(tmp_path / "r.yaml"))
    assert out.code == 0 and "\x1b" not in out.out
    assert names.printable("a\x1b[2Jb\u202e") == "a\\x1b[2Jb\\u202e"


def test_json_keeps_names_exactly(run, tmp_path):
    (tmp_path / "r.yaml").write_text(results('"Zo\u00eb"', "Ben", "Cat"), encoding="utf-8")
    report = json.loads(run("score", str(tmp_path / "r.yaml"), "--format", "json").out)
    assert report["players"][0]["name"] == "Zo\u00eb"
