"""Commands that draw nothing load no drawing library, and no subsystem they do not use.

The figures (each command within 1.6x of `python -c "import click, yaml"`)
are measured by bench/bench_cli.py, not here: a timed test is flaky on a
loaded machine. This guards what they rest on: a command that draws nothing
loads none of the heavy libraries that drawing, reading PDFs or photos and
ratings need (reportlab, jinja2, pypdf, pypdfium2, Pillow, OpenCV, NumPy,
openskill); one that keeps no play log loads neither the log nor sqlite3 nor
platformdirs; one that reads no PDF form loads neither the PDF-reading side
(results.pdf, its form model, the display list) nor logging; and one game's
command loads that game's package only. The probe runs without the site
module (`python -S`, with this interpreter's module path given to it), so
that what a site setup loads before any program starts is not mistaken for
sheetgen's; a module loaded before sheetgen is not counted.
"""

import ast
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT
from sheetgen.games import all_games

EXAMPLES = ROOT / "examples"
DRAWING = ("reportlab", "jinja2", "pypdf", "PIL", "pypdfium2", "openskill", "cv2", "numpy")
LOG = {"sheetgen.playlog", "sqlite3", "_sqlite3", "platformdirs"}
PDF_READING = {"sheetgen.results.pdf", "sheetgen.results.forms", "sheetgen.sheet", "logging"}

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
    ("--version",),
    ("--help",),
    ("games",),
    ("games", "--format", "json"),
    ("setup", "rolled-west", "--seed", "1", "--format", "json"),
    ("setup", "rolled-west", "--format", "json"),  # a fresh seed
    ("setup", "piecepack-gold-rush", "--seed", "1"),
    ("template", "rolled-west"),
    ("template", "piecepack-gold-rush"),
    ("check", str(EXAMPLES / "rolled-west-game.yaml")),
    ("score", str(EXAMPLES / "piecepack-gold-rush-game.yaml")),
    ("score", str(EXAMPLES / "rolled-west-game.yaml"), "--format", "json"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_command_that_draws_nothing_loads_no_drawing_library(tmp_path, args):
    loaded = loaded_by(tmp_path, *args)
    assert "sheetgen.cli" in loaded  # the probe ran the command
    assert not [m for m in loaded if m.split(".")[0] in DRAWING], sorted(loaded)
    if args[0] != "--help":  # the help lists every command: it loads each command's module
        assert not loaded & LOG, sorted(loaded & LOG)
        assert not loaded & PDF_READING, sorted(loaded & PDF_READING)
    if args[0] not in ("games", "--version", "--help"):  # one game's command loads that game's package only
        game = next(a for a in ("rolled-west", "piecepack-gold-rush") if a in " ".join(args))
        others = {f"sheetgen.games.{key.replace('-', '_')}" for key in all_games() if key != game}
        assert not loaded & others, sorted(loaded & others)


def test_the_log_loads_with_the_log_only(tmp_path):
    """The other side of the line above: `score --log` and `plays` do load the log (the probe sees it)."""
    example = str(EXAMPLES / "rolled-west-game.yaml")
    assert LOG <= loaded_by(tmp_path, "score", example, "--log", str(tmp_path / "season.db"))
    assert LOG <= loaded_by(tmp_path, "plays", "--log", str(tmp_path / "season.db"))


def test_the_help_lists_every_command_from_the_lazy_group():
    """`sheetgen --help` shows each command's one-line help though the group loads a command's
    module only when it runs; every command module is in the table."""
    from sheetgen.cli import COMMANDS, cli

    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].splitlines() if line[:3].strip()]
    assert listed == list(COMMANDS), listed
    modules = {path.stem for path in (ROOT / "sheetgen" / "cli").glob("*.py")} - {"__init__", "common"}
    assert modules == {target.partition(":")[0] for target in COMMANDS.values()}
