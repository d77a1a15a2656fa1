import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
import yaml

from sheetgen import ruledata, setuptext
from sheetgen.cli import main
from sheetgen.games import get_game
from sheetgen.results.entry import EndOfInput
from sheetgen.results.yaml import parse_yaml

ROOT = Path(__file__).resolve().parent.parent

# A play log named by no --log goes to a folder of this test run (subprocesses inherit
# it), never into the user's data folder, and is gone when the run ends.
_LOGS = tempfile.mkdtemp(prefix="sheetgen-test-log-")
atexit.register(shutil.rmtree, _LOGS, True)
os.environ["SHEETGEN_LOG"] = os.path.join(_LOGS, "plays.sqlite")


# `python -m pytest --full` runs what the everyday suite keeps short: each hypothesis test with its
# full example count (the suite runs 10-25), and the tests marked `full` (whole matrices whose every
# code path the suite covers with one representative each), which are deselected otherwise.
FULL = False


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true",
                     help="run the full matrices (tests marked full) and full hypothesis example counts")


def pytest_configure(config):
    global FULL
    FULL = config.getoption("--full")
    config.addinivalue_line("markers", "full: a whole matrix, run only with --full (the suite runs a "
                                       "representative of each code path)")
    config.addinivalue_line("markers", "long: one test of many seconds (the README walk, the type checker on a "
                                       "fresh clone): started first, so no core waits on it at the end of a run")


def pytest_collection_modifyitems(config, items):
    if not FULL:
        matrices = [item for item in items if item.get_closest_marker("full")]
        if matrices:
            config.hook.pytest_deselected(items=matrices)
            items[:] = [item for item in items if not item.get_closest_marker("full")]
    # pytest-randomly has shuffled them already (its hook wraps this one); xdist hands each worker its
    # first tests from the front of the list
    long = [item for item in items if item.get_closest_marker("long")]
    items[:] = long + [item for item in items if not item.get_closest_marker("long")]


def examples(quick: int, full: int) -> int:
    """How many examples a test tries (hypothesis's, or seeds in a loop): `quick` in the everyday suite
    (10-25 for hypothesis), `full` with --full."""
    return full if FULL else quick


def answering(answers, ran_out: str = "the answers ran out"):
    """An `ask(prompt, default)` for Game.enter that gives `answers` in turn, an empty one taking the
    default as the prompt does, and raises EndOfInput when they run out (as piped input does)."""
    stream = iter(answers)

    def ask(prompt, default):
        try:
            answer = next(stream)
        except StopIteration:
            raise EndOfInput(ran_out) from None
        return answer if answer or default is None else default

    return ask


def nodes(value, path=()):
    """(path, value) of every node of a parsed document, the document itself first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nodes(item, path + (i,))


def golden_text(game: str, players: int, seed: str, data_version: str) -> str:
    """The pinned text of a setup (tests/golden/setup-GAME-PLAYERS-SEED.txt), its rule data version filled
    in: a data edit that changes nothing drawn does not break it."""
    name = f"setup-{game}-{players}-{seed.replace(' ', '-')}.txt"
    return (ROOT / "tests" / "golden" / name).read_text(encoding="utf-8").replace("{data_version}", data_version)


def check_every_format(setup: dict, seed: str) -> None:
    """Each format of a setup ends its last line and shows the seed, the setup code and the rule data
    version; JSON and YAML revealing all read back as the setup."""
    game = get_game(setup["game"])
    for fmt in setuptext.FORMATS:
        out = setuptext.render(setup, game, fmt)
        assert out.endswith("\n")
        for needle in (seed, setup["code"], setup["data_version"]):
            assert needle in out, (fmt, needle)
    assert json.loads(setuptext.render(setup, game, "json", reveal=True)) == setup
    assert yaml.safe_load(setuptext.render(setup, game, "yaml", reveal=True)) == setup


def whole_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Result:
    def __init__(self, code, out, err):
        self.code, self.out, self.err = code, out, err

    def __repr__(self):
        return f"Result(code={self.code}, out={self.out!r}, err={self.err!r})"


@pytest.fixture
def run(capsys, monkeypatch, tmp_path):
    """Run the sheetgen CLI in-process from an empty working folder."""
    monkeypatch.chdir(tmp_path)

    def _run(*args):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return _run


def run_process(*args, cwd=None, stdin=None):
    """Run `python -m sheetgen` in a real subprocess (for stdout bytes, imports, tracebacks)."""
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, capture_output=True,
                          input=stdin, timeout=120)


class ByRules:
    """The tests' shorthand for scoring with the scorer of the game some rule data are for (the
    library's way: `sheetgen.game(key).scorer()`): `check` gives (problems, warnings)."""

    @staticmethod
    def scorer(rules):
        from sheetgen.games import get_game

        return get_game(rules.game).scorer(rules)

    def check(self, doc, rules):
        result = self.scorer(rules).check(doc)
        return result.problems, result.warnings

    def tally(self, doc, rules):
        return self.scorer(rules).tally(doc)

    def template(self, rules, players=None, names=None):
        return self.scorer(rules).template(players, names)


by_rules = ByRules()


class Scoring:
    """One game's shorthand in its scoring tests: results text, indented as in the test (dedented
    here), or results data, parsed and checked or tallied with the game's rule data."""

    def __init__(self, game: str):
        self.rules = ruledata.load(get_game(game))

    def doc(self, text: str, name: str = "results.yaml"):
        return parse_yaml(textwrap.dedent(text).lstrip("\n"), name)

    def check(self, text: str):
        return by_rules.check(self.doc(text), self.rules)

    def problems(self, text: str):
        return self.check(text)[0]

    def tally(self, text: str):
        return by_rules.tally(self.doc(text), self.rules)

    def tally_data(self, data: dict):
        """Tally a results document given as data: written as YAML and read back."""
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        return by_rules.tally(parse_yaml(text, "random.yaml"), self.rules)


def by_name(report) -> dict:
    return {p.name: p for p in report.players}


def standings(report) -> dict:
    """Each player's (total, rank, breakdown): what the order a game is written in must not change."""
    return {p.name: (p.total, p.rank, p.breakdown) for p in report.players}


def assert_breakdowns_add_up(report, categories) -> None:
    """Each player's breakdown lists the game's categories in order and adds up to the total."""
    for p in report.players:
        assert sum(p.breakdown.values()) == p.total
        assert list(p.breakdown) == list(categories)


def check_report_data(data: dict, game: str, winners: list, categories) -> None:
    """A report as data (to_dict): its keys, game and winners, no warnings, and each player's keys and
    breakdown, the game's categories in order adding up to the total."""
    assert set(data) == {"game", "players", "winners", "warnings"}
    assert data["game"] == game and data["winners"] == winners and data["warnings"] == []
    for p in data["players"]:
        assert set(p) == {"name", "total", "rank", "breakdown", "claimed_total"}
        assert list(p["breakdown"]) == list(categories)
        assert sum(p["breakdown"].values()) == p["total"]
