"""A fifth game is its own package plus its data and example: nothing in sheetgen learns its name.

The made-up game Nugget Race (tests/fifth_game/) is put on the registry's path for these tests
only, then goes through setup, sheet, template, check and score, by the library and the CLI.
"""

import shutil
import sys

import pytest

import sheetgen
from sheetgen import games as registry
from sheetgen.api import SheetOptions

from conftest import ROOT

HERE = ROOT / "tests" / "fifth_game"
DATA = HERE / "data"
EXAMPLE = HERE / "nugget-race-game.yaml"


@pytest.fixture
def fifth(monkeypatch):
    """The registry with Nugget Race in it (its package found by walking the registry's path)."""
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(HERE / "games")])
    monkeypatch.setattr(registry, "_registry", None)
    yield sheetgen.game("nugget-race", data=DATA)
    for name in [m for m in sys.modules if m.startswith("sheetgen.games.nugget_race")]:
        del sys.modules[name]


def test_the_registry_finds_it(fifth):
    assert "nugget-race" in sheetgen.game_keys()
    assert sheetgen.game("nugget").key == "nugget-race" and fifth.title == "Nugget Race"


def test_setup_by_seed_and_by_code(fifth):
    made = fifth.setup(players=3, seed="friday", names=["Ann", "Ben", "Cat"])
    again = fifth.setup(code=made.code, names=made.seating)  # names in seating order
    assert sorted(made.seating) == ["Ann", "Ben", "Cat"] and again.seating == made.seating
    assert again.to_dict() == {**made.to_dict(), "seed": None}
    assert made.code.startswith("NR")
    assert "Ann" in made.text()


def test_sheet(fifth):
    job = fifth.sheet(None, SheetOptions(names=("Ann", "Ben")))
    assert job.pdf.startswith(b"%PDF-") and job.pages == 2 and job.part.name == "pad"


def test_template_check_and_score(fifth):
    template = fifth.template(players=2)
    assert "game: nugget-race" in template and "nuggets: 0" in template
    assert fifth.check(text=template).ok
    report = fifth.score(EXAMPLE)
    assert [(p.name, p.total, p.rank) for p in report.players] == [("Ann", 12, 1), ("Cat", 12, 2), ("Ben", 11, 3)]
    assert report.winners == ["Ann"] and "most claims" in report.tie_breaker
    bad = fifth.check(text=EXAMPLE.read_text().replace("total: 11", "total: 13"))
    assert not bad.ok and "you wrote 13" in bad.problems[0].message and bad.problems[0].line == 4


def test_the_command_line_knows_it(fifth, run, tmp_path):
    done = run("--data", str(DATA), "score", str(EXAMPLE))
    assert done.code == 0, done.err
    assert "Winner: Ann (tied on 12; most claims: Ann 2, Cat 0)" in done.out
    house = tmp_path / "data"  # a data folder holds every game's rule data
    house.mkdir()
    for source in [*(ROOT / "data").glob("*.yaml"), DATA / "nugget-race.yaml"]:
        shutil.copy(source, house / source.name)
    listed = run("--data", str(house), "games")
    assert listed.code == 0, listed.err
    assert "nugget-race" in listed.out and "rolled-west" in listed.out


def test_it_is_gone_afterwards():
    assert "nugget-race" not in sheetgen.game_keys()
