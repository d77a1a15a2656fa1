"""The setup, template, check and score commands as a user meets them."""

import json

import pytest

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "rolled-west-game.yaml"


def test_setup_is_reproducible_from_seed_and_from_code(run):
    first = run("setup", "piecepack-gold-rush", "-p", "3", "--seed", "friday", "--format", "json")
    again = run("setup", "piecepack-gold-rush", "-p", "3", "--seed", "friday", "--format", "json")
    assert first.code == 0 and first.out == again.out
    setup = json.loads(first.out)
    assert setup["seed"] == "friday" and setup["players"] == 3
    rebuilt = json.loads(run("setup", "piecepack-gold-rush", "--code", setup["code"], "--format", "json").out)
    assert rebuilt["grid"] == setup["grid"] and rebuilt["seed"] is None


def test_setup_text_shows_seed_code_and_data_version(run):
    result = run("setup", "rolled-west", "--names", "Ann,Ben", "--seed", "x")
    assert result.code == 0
    assert "Seed: x" in result.out and "Setup code: RW2-" in result.out and "Rule data:" in result.out
    assert "ghost" in result.out.lower()


@pytest.mark.parametrize("args,code,needle", [
    (["setup", "rolled-west", "-p", "5"], 2, "2-4"),
    (["setup", "piecepack-gold-rush", "-p", "2"], 2, "3-4"),
    (["setup", "rolled-west", "--seed", "a", "--code", "RW2-XXX"], 2, "not both"),
    (["setup", "rolled-west", "--code", "PG3-AAAA"], 2, "Error: --code: 'PG3-AAAA' is not a rolled-west setup code"),
    (["setup", "rolled-west", "--format", "xml"], 2, "'xml' is not one of"),
    (["setup", "rolled-west", "-o", "missing/card.pdf"], 2, "folder 'missing' does not exist"),
    (["setup", "rolled-west", "--seed", "a", "-o", "card.pdf", "--paper", "a3"], 2, "'a3' is not one of"),
    (["template", "piecepack-gold-rush", "-p", "2"], 2, "-p: Gold Rush (piecepack) is for 3-4 players, not 2"),
    (["score", "missing.yaml"], 1, "missing.yaml: no such file"),
])
def test_setup_and_score_errors(run, args, code, needle):
    result = run(*args)
    assert result.code == code, result
    assert needle in result.err and "Traceback" not in result.err


def test_template_then_check_then_score(run, tmp_path):
    assert run("template", "rolled-west", "-p", "3", "-o", "t.yaml").code == 0
    assert run("check", "t.yaml").code == 0
    result = run("score", "t.yaml", "--format", "json")
    report = json.loads(result.out)
    assert [p["total"] for p in report["players"]] == [0, 0, 0]


def test_the_readme_example_scores(run):
    result = run("score", str(EXAMPLE))
    assert result.code == 0, result
    lines = result.out.splitlines()
    assert lines[2].split() == ["Gabriel", "3", "10", "24", "8", "2", "47", "1"]
    assert lines[3].split() == ["Ann", "8", "9", "7", "9", "10", "43", "2"]
    assert "Winner: Gabriel" in result.out


def test_a_wrong_written_total_fails_check_with_its_line(run, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE.read_text().replace("total: 43", "total: 45"))
    result = run("check", str(bad))
    line = next(i for i, l in enumerate(bad.read_text().splitlines(), 1) if "total: 45" in l)
    assert result.code == 1
    assert f"bad.yaml:{line}:" in result.err and "45" in result.err and "43" in result.err


def test_json_setup_does_not_load_the_drawing_stack(tmp_path):
    import subprocess
    import sys
    code = ("import sys\nfrom sheetgen.cli import main\n"
            "try:\n    main(['setup', 'piecepack-gold-rush', '--seed', '1', '--format', 'json'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'jinja2')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "[]"
