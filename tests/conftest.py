import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from sheetgen.cli import main

ROOT = Path(__file__).resolve().parent.parent

# A play log named by no --log goes to a folder of this test run (subprocesses inherit
# it), never into the user's data folder, and is gone when the run ends.
_LOGS = tempfile.mkdtemp(prefix="sheetgen-test-log-")
atexit.register(shutil.rmtree, _LOGS, True)
os.environ["SHEETGEN_LOG"] = os.path.join(_LOGS, "plays.sqlite")


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
