"""The Python API (sheetgen.game and friends), and the README's example of it, run for real."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import sheetgen
from sheetgen.api import SheetOptions
from conftest import ROOT


def readme_python_blocks() -> list:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_api_example_runs():
    (block,) = readme_python_blocks()
    done = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == str(sheetgen.game_keys())
    assert "%PDF-" in done.stdout


def test_games_and_forgiving_names():
    assert sheetgen.game_keys() == ["carcassonne-gold-rush", "gold-west", "piecepack-gold-rush", "rolled-west"]
    for written, key in [("goldwest", "gold-west"), ("Gold_West", "gold-west"), ("carcassonne", "carcassonne-gold-rush"),
                         ("piecepack", "piecepack-gold-rush"), ("ROLLED WEST", "rolled-west")]:
        assert sheetgen.game(written).key == key


def test_the_titles_games_prints_are_game_names():
    for key in sheetgen.game_keys():
        title = sheetgen.game(key).title
        assert sheetgen.game(title).key == key and sheetgen.game(title.upper()).key == key


@pytest.mark.parametrize("written, candidates", [
    ("gold", "carcassonne-gold-rush, gold-west, piecepack-gold-rush"),
    ("Gold Rush", "carcassonne-gold-rush, piecepack-gold-rush"),
    ("west", "gold-west, rolled-west"),
])
def test_a_name_that_starts_several_games_is_refused_listing_them(written, candidates):
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        sheetgen.game(written)
    assert caught.value.argument == "game" and f"could be any of {candidates}" in caught.value.message


def test_an_unknown_game_is_a_value_error_listing_the_games():
    with pytest.raises(ValueError) as caught:
        sheetgen.game("chess")
    assert isinstance(caught.value, sheetgen.InvalidArgument) and caught.value.argument == "game"
    assert "gold-west, piecepack-gold-rush, rolled-west" in str(caught.value)
    with pytest.raises(sheetgen.InvalidArgument, match="did you mean 'gold-west'"):
        sheetgen.game("gold-wset")


def test_setup_round_trips_through_its_code():
    g = sheetgen.game("piecepack-gold-rush")
    s = g.setup(players=3, seed="friday")
    again = g.setup(code=s.code)
    assert again.to_dict() == {**s.to_dict(), "seed": None}
    assert s.text("json").startswith("{") and s.code in s.text()
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        g.setup(code=s.code, players=4)
    assert caught.value.argument == "players"


def test_score_a_file_of_another_game_says_so(tmp_path):
    path = ROOT / "examples" / "rolled-west-game.yaml"
    with pytest.raises(sheetgen.InvalidInput) as caught:
        sheetgen.game("gold-west").score(path)
    (problem,) = caught.value.problems
    assert problem.line == 2 and "rolled-west results, not gold-west" in problem.message  # line 1 is a comment


def test_score_and_check_from_text():
    text = (ROOT / "examples" / "piecepack-gold-rush-game.yaml").read_text(encoding="utf-8")
    g = sheetgen.game("piecepack-gold-rush")
    report = g.score(text=text)
    assert report.players[0].rank == 1 and report.winners
    assert sum(report.players[0].breakdown.values()) == report.players[0].total
    assert g.check(text=text) == sheetgen.CheckResult([], [])
    problems = g.check(text=text.replace("food: ", "food: -", 1)).problems
    assert problems and problems[0].line is not None and problems[0].file == "<text>"


def test_template_and_schema():
    g = sheetgen.game("piecepack-gold-rush")
    assert g.template(names=["Ann", "Ben", "Cat"]).count("- name: ") == 3
    assert "- name: Ann" in g.template(names=["Ann", "Ben", "Cat"])
    schema = g.schema()
    assert schema["properties"]["game"]["const"] == "piecepack-gold-rush"
    player = schema["properties"]["players"]["items"]
    assert player["required"][:2] == ["name", "ore"] and player["additionalProperties"] is False
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        g.template(players=9)
    assert caught.value.argument == "players"


def test_sheet_bytes_and_bad_arguments():
    g = sheetgen.game("rolled-west")
    assert g.sheet(None, SheetOptions(names=["Ann", "Ben"])).pdf.startswith(b"%PDF-")
    for kwargs, argument in [({"paper": "a3"}, "paper"), ({"ink": "neon"}, "ink"), ({"players": 9}, "players"),
                             ({"backs": True}, "backs"), ({"copies": 0}, "copies"), ({"names": ["A", "a"]}, "names")]:
        with pytest.raises(sheetgen.InvalidArgument) as caught:
            g.sheet(None, SheetOptions(**kwargs)).pdf
        assert caught.value.argument == argument, kwargs
        assert "--" not in str(caught.value), "library messages name arguments, not command-line options"


def test_a_refusal_names_the_argument_to_use_instead_and_the_cli_its_option():
    from sheetgen.cli import OPTIONS

    with pytest.raises(sheetgen.InvalidArgument) as caught:
        sheetgen.game("rolled-west").sheet(None, SheetOptions(players=9)).pdf
    assert caught.value.mentions == ("copies",)
    assert str(caught.value) == "players: Rolled West is for 2-4 players, not 9; use `copies` for more sheets"
    assert caught.value.worded(OPTIONS) == "Rolled West is for 2-4 players, not 9; use --copies for more sheets"


def test_house_rule_data_folder(tmp_path):
    raw = (ROOT / "data" / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    (tmp_path / "piecepack-gold-rush.yaml").write_text(raw.replace("points: {ore: 1, gold: 3}",
                                                                   "points: {ore: 2, gold: 3}"), encoding="utf-8")
    text = "game: piecepack-gold-rush\nplayers:\n" + "".join(
        f"  - {{name: P{i}, ore: 1, gold: 0, food: 0, buildings: []}}\n" for i in range(3))
    assert sheetgen.game("piecepack", data=tmp_path).score(text=text).players[0].total == 2
    assert sheetgen.game("piecepack").score(text=text).players[0].total == 1


def test_library_errors_are_value_errors():
    for cls in (sheetgen.InvalidInput, sheetgen.InvalidArgument, sheetgen.SheetgenError):
        assert issubclass(cls, ValueError)
    assert set(sheetgen.__all__) >= {"game", "game_keys", "Game", "InvalidInput", "InvalidArgument", "ScoreReport"}


@pytest.mark.long
def test_the_type_checker_passes():
    """`mypy --strict` on the whole package (pyproject.toml's [tool.mypy] says strict)."""
    assert re.search(r"^strict = true", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


# calls whose text is a message for a person: the library's refusals and a file's problems
_MESSAGE_CALLS = {"InvalidArgument", "UsageProblem", "Problem", "fail", "problem", "Retry", "SetupCodeError",
                  "InvalidInput", "refuse", "check_player_count"}
# the command line itself (the sheetgen/cli package), its file writer (-o, --force are its own options)
# and the play log's command-line text (playlog/show.py)
_COMMAND_LINE = {"output.py", "show.py"}
# the filled-form reader (results/pdf.py, results/forms.py) still advises `sheetgen sheet GAME
# --fillable` and `--data`; listed here so that nothing new joins it
_NOT_YET = {("forms.py", "--data"), ("pdf.py", "--fillable")}


def test_the_library_names_no_option_and_the_messages_no_python():
    """A message names what the caller passed (`players`, `code`: the CLI words them as
    -p, --code), never a command-line option; and no message advises Python."""
    import ast

    found = []
    for path in sorted((ROOT / "sheetgen").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            name = getattr(getattr(node, "func", None), "attr", None) or getattr(getattr(node, "func", None), "id", "")
            if not isinstance(node, ast.Call) or name not in _MESSAGE_CALLS:
                continue
            for part in (n for arg in [*node.args, *(k.value for k in node.keywords)] for n in ast.walk(arg)):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    if "sheetgen.game(" in part.value or "import sheetgen" in part.value:
                        found.append(f"{path.name}:{node.lineno}: advises Python: {part.value!r}")
                    for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*|(?<![\w-])-[a-z]\b", part.value):
                        if path.name not in _COMMAND_LINE and path.parent.name != "cli" and (path.name, option) not in _NOT_YET:
                            found.append(f"{path.name}:{node.lineno}: names {option}: {part.value!r}")
    assert found == []
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        sheetgen.game("gold-west").setup(players=9)
    assert caught.value.argument == "players" and caught.value.message == "Gold West is for 2-4 players, not 9"
