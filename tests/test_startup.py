"""Commands that draw nothing load only what they need.

The figures (each command within 1.3x of `python -c "import click, yaml"`)
are measured by bench/bench_cli.py; this guards what they rest on: no module
that such a command does not use is loaded by sheetgen. The probe runs
without the site module (`python -S`, with this interpreter's module path
given to it), as some site setups load pathlib before any program starts (a
.pth file), which would hide sheetgen loading it; a module loaded before
sheetgen is not counted.
"""

import ast
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLES = ROOT / "examples"
# the standard library a command that draws nothing never needs: signal's enums (pathlib, hashlib
# and the package walker load with plain module-level imports now: issue 19)
NEVER = {"signal"}
DRAWING = ("reportlab", "jinja2", "pypdf")

PROBE = """
import sys
sys.path[:] = {path!r}
before = set(sys.modules)
sys.argv = ["sheetgen", *{args!r}]
from sheetgen.__main__ import main
try:
    main()
except SystemExit:
    pass
with open({out!r}, "w") as out:
    out.write(repr(sorted(set(sys.modules) - before)))
"""


def loaded_by(tmp_path, *args):
    """The modules a sheetgen command loaded that were not loaded before it started."""
    out = tmp_path / "modules.txt"
    probe = PROBE.format(path=sys.path, args=list(args), out=str(out))
    proc = subprocess.run([sys.executable, "-S", "-c", probe], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return set(ast.literal_eval(out.read_text()))


COMMANDS = [
    ("games",),
    ("games", "--format", "json"),
    ("setup", "rolled-west", "--seed", "1", "--format", "json"),
    ("setup", "rolled-west", "--format", "json"),  # a fresh seed: no secrets, hmac or OpenSSL
    ("setup", "piecepack-gold-rush", "--seed", "1"),
    ("template", "rolled-west"),
    ("template", "piecepack-gold-rush"),
    ("check", str(EXAMPLES / "rolled-west-game.yaml")),
    ("score", str(EXAMPLES / "piecepack-gold-rush-game.yaml")),
    ("score", str(EXAMPLES / "rolled-west-game.yaml"), "--format", "json"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_command_that_draws_nothing_loads_only_what_it_needs(tmp_path, args):
    loaded = loaded_by(tmp_path, *args)
    assert "sheetgen.cli" in loaded  # the probe ran the command
    assert not loaded & NEVER, sorted(loaded & NEVER)
    assert not [m for m in loaded if m.split(".")[0] in DRAWING]
    if args[0] != "games":  # one game's command loads that game's package only
        game = next(a for a in ("rolled-west", "piecepack-gold-rush") if a in " ".join(args))
        others = {f"sheetgen.games.{g}" for g in ("gold_west", "carcassonne_gold_rush", "rolled_west",
                                                    "piecepack_gold_rush")} - {f"sheetgen.games.{game.replace('-', '_')}"}
        assert not loaded & others, sorted(loaded & others)


