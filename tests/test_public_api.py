"""The public API as a user's program sees it: explicit exports, typed results, one way to print."""

import ast
import importlib
import inspect
import json
import subprocess
import sys
import textwrap
import types
import typing

import pytest

import sheetgen
from conftest import ROOT, run_process

USER_SCRIPT = textwrap.dedent("""\
    import sheetgen
    from sheetgen import CheckResult, InvalidArgument, InvalidInput, ScoreReport, SheetJob, SheetOptions

    keys: list[str] = sheetgen.game_keys()
    g: sheetgen.Game = sheetgen.game("rolled-west")
    report: ScoreReport = g.score("examples/rolled-west-game.yaml")
    print(report.text(picture=False), report.to_dict()["winners"], report.players[0].breakdown)
    result: CheckResult = g.check(text="game: rolled-west\\nplayers: []\\n")
    print(result.ok, [p.line for p in result.problems], result.warnings)
    job: SheetJob = g.sheet("board", SheetOptions(paper="a4", ink="low", names=("Ann", "Ben")))
    data: bytes = job.pdf
    try:
        g.setup(players=9)
    except InvalidArgument as exc:
        print(exc.argument)
    except InvalidInput as exc:
        print(exc.problems)
    """)


def test_a_users_script_passes_mypy_strict(tmp_path):
    """`from sheetgen import ...` of every name a script needs, and the types of what the calls
    return, as `mypy --strict` checks a program that uses an installed sheetgen (whose own
    code it does not report on: --follow-imports=silent)."""
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                           "--cache-dir", str(tmp_path / "cache"), str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "bad.py"  # the check can fail: a wrong type is reported
    bad.write_text("import sheetgen\nreport: bytes = sheetgen.game('rolled-west').score('x.yaml')\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                           "--cache-dir", str(tmp_path / "cache"), str(bad)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "ScoreReport" in done.stdout, done.stdout


def test_the_package_exports_explicitly():
    assert "__getattr__" not in vars(sheetgen)
    assert isinstance(sheetgen.games, types.ModuleType) and not callable(sheetgen.games)  # the registry
    tree = ast.parse((ROOT / "sheetgen" / "__init__.py").read_text(encoding="utf-8"))
    (listed,) = [node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(getattr(t, "id", "") == "__all__" for t in node.targets)]
    assert isinstance(listed, ast.List) and all(isinstance(e, ast.Constant) for e in listed.elts)  # literal
    for name in sheetgen.__all__:
        assert hasattr(sheetgen, name), name


def _classes(hint: object) -> list:
    found = [hint] if isinstance(hint, type) else []
    for arg in typing.get_args(hint):
        found += _classes(arg)
    return found


# Subsystems a script imports when it needs them (python-chess's chess.pgn): the type a call
# returns from one of them is exported there, not by `import sheetgen`, which does not load them.
SUBSYSTEMS = ("sheetgen.results.forms", "sheetgen.results.pdf", "sheetgen.sheet")


def test_every_type_a_public_call_returns_is_exported():
    calls = [sheetgen.game, sheetgen.game_keys]
    for cls in (sheetgen.Game, sheetgen.Setup, sheetgen.SheetJob, sheetgen.ScoreReport, sheetgen.CheckResult):
        calls += [member for name, member in inspect.getmembers(cls)
                  if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property))]
    subsystems = {name: importlib.import_module(name) for name in SUBSYSTEMS}
    names = {key: value for module in subsystems.values() for key, value in vars(module).items()}
    checked = set()
    for call in calls:
        function = call.fget if isinstance(call, property) else call
        returned = typing.get_type_hints(function, localns=names).get("return")
        for cls in _classes(returned):
            if cls.__module__.startswith("sheetgen"):
                home = subsystems.get(cls.__module__, sheetgen)
                assert getattr(home, cls.__name__, None) is cls, f"{function.__qualname__} returns {cls}"
                checked.add(cls.__name__)
    assert {"Game", "Setup", "SheetJob", "ScoreReport", "CheckResult", "Export", "Document", "SheetForm"} <= checked


def test_import_sheetgen_loads_no_subsystem(tmp_path):
    """`import sheetgen` gives the core API; the play log, the PDF-reading side and the scan
    reader load when a script (or a call that needs them) imports them."""
    code = "import sys, sheetgen\nprint(sorted(sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    loaded = set(ast.literal_eval(proc.stdout))
    assert "sheetgen.api" in loaded, proc.stderr
    assert not loaded & {*SUBSYSTEMS, "sheetgen.playlog", "sheetgen.scan", "sheetgen.cli", "sqlite3", "logging"}


def test_check_returns_a_typed_result():
    g = sheetgen.game("piecepack")
    clean = g.check(ROOT / "examples" / "piecepack-gold-rush-game.yaml")
    assert isinstance(clean, sheetgen.CheckResult) and clean.ok and clean.problems == []
    bad = g.check(text="game: piecepack-gold-rush\nplayers: []\n")
    assert not bad.ok and bad.problems[0].line == 2


def test_a_report_renders_itself_as_the_command_line_prints_it():
    path = ROOT / "examples" / "gold-west-game.yaml"
    report = sheetgen.game("gold-west").score(path)
    assert isinstance(report, sheetgen.ScoreReport)
    text = run_process("score", str(path))
    assert text.returncode == 0 and text.stdout.decode() == report.text()
    as_json = run_process("score", str(path), "--format", "json")
    assert json.loads(as_json.stdout) == report.to_dict()


def test_one_way_to_print_a_sheet_checks_everything_before_drawing():
    g = sheetgen.game("rolled-west")
    job = g.sheet("board", sheetgen.SheetOptions(names=("Ann", "Ben"), paper="a4"))
    assert "_drawn" not in vars(job)  # nothing drawn yet
    assert (job.players, job.copies, job.per_player) == (2, 1, True)
    assert job.pdf.startswith(b"%PDF-") and job.pages == 2
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        g.sheet("board", sheetgen.SheetOptions(paper="a3"))  # type: ignore[arg-type]
    assert caught.value.argument == "paper"
    for name in ("print_sheet", "plan_sheet", "render_sheet"):
        assert not hasattr(g, name)


def test_no_module_of_the_results_pipeline_looks_a_game_up():
    """Only the API and the command line, above the games, use the registry; the pipeline is
    handed what it needs."""
    for path in sorted((ROOT / "sheetgen" / "results").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(("sheetgen.games", "sheetgen.api", "sheetgen.cli")), (path.name, name)
                assert name != "sheetgen" or not isinstance(node, ast.Import), path.name
