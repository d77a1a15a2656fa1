"""The command line: options, messages and exit codes, as a user meets them."""

import sys
from pathlib import Path

import sheetgen
import pytest
from pypdf import PdfReader

from conftest import ROOT, run_process


def test_games_lists_all_four_with_what_they_support(run):
    result = run("games")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].split() == ["GAME", "TITLE", "PLAYERS", "SHEETS", "SETUP", "SCORE"]
    keys = [line.split()[0] for line in lines[1:]]
    assert sorted(keys) == ["carcassonne-gold-rush", "gold-west", "piecepack-gold-rush", "rolled-west"]
    rolled = next(line for line in lines if line.startswith("rolled-west"))
    assert "2-4" in rolled and "board" in rolled


def test_default_sheet_goes_to_output_folder(run, tmp_path):
    result = run("sheet", "rolled-west")
    assert result.code == 0, result
    target = tmp_path / "output" / "rolled-west-board.pdf"
    assert f"wrote {Path('output') / 'rolled-west-board.pdf'}: 4 pages" in result.out
    assert len(PdfReader(str(target)).pages) == 4


def test_names_copies_paper_and_ink(run, tmp_path):
    result = run("sheet", "rolled-west", "--names", "Ann, Ben", "-p", "3", "--copies", "2",
                 "--paper", "A4", "--ink", "low", "-o", "b.pdf")
    assert result.code == 0, result
    pages = PdfReader(str(tmp_path / "b.pdf")).pages
    assert len(pages) == 6
    assert round(float(pages[0].mediabox.height)) == 842
    assert ["Ann" in p.extract_text() for p in pages] == [True, False, False, True, False, False]


def test_names_alone_set_the_player_count(run, tmp_path):
    assert run("sheet", "rolled-west", "--names", "Ann,Ben", "-o", "n.pdf").code == 0
    assert len(PdfReader(str(tmp_path / "n.pdf")).pages) == 2


@pytest.mark.parametrize("args,needle", [
    (["-p", "1"], "-p: Rolled West is for 2-4 players, not 1"),
    (["-p", "5"], "use --copies for more sheets"),
    (["--paper", "b5"], "'b5' is not one of 'letter', 'a4'"),
    (["--ink", "neon"], "'neon' is not one of 'color', 'low'"),
    (["-p", "2", "--names", "A,B,C"], "--names: 3 names for 2 players"),
    (["--names", "Ann,,Ben"], "--names: a name is empty"),
    (["--names", "Ann,ann"], "--names: the name ann is used twice; give each player a different name"),
    (["--names", "Ann,李"], "cannot print"),
    (["--copies", "0"], "--copies"),
    (["-o", "sheet.txt"], "-o: 'sheet.txt' is not a .pdf name"),
    (["-o", "missing/x.pdf"], "-o: folder 'missing' does not exist"),
    (["-o", "afile/x.pdf"], "-o: 'afile' is not a folder"),
    (["-o", "."], "-o: '.' is a folder"),
    (["nosuchpart"], "WHAT: rolled-west has no sheet 'nosuchpart'; choose one of: board"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(run, tmp_path, args, needle):
    (tmp_path / "afile").write_text("I am a file")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = run("sheet", "rolled-west", *args)
    assert result.code == 2, result
    assert needle in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_unknown_game_is_a_usage_error(run):
    result = run("sheet", "monopoly")
    assert result.code == 2 and "unknown game 'monopoly'" in result.err


def test_games_lists_every_printable_part(run):
    from sheetgen.games import all_games

    result = run("games")
    assert result.code == 0
    for game in all_games().values():
        assert game.sheets, f"{game.key} has nothing to print"
        line = next(l for l in result.out.splitlines() if l.startswith(game.key))
        for part in game.sheets:
            assert part.name in line, (part.name, line)


def test_games_with_a_game_describes_each_part(run):
    result = run("games", "rolled-west")
    assert result.code == 0
    assert "board  dry-erase score board" in result.out and "(default)" in result.out
    assert run("games", "chess").code == 2


def test_backs_only_for_card_sheets(run):
    result = run("sheet", "rolled-west", "--backs")
    assert result.code == 2 and "--backs" in result.err and "no back side" in result.err


def test_a_failed_write_keeps_the_old_file(run, tmp_path, monkeypatch):
    target = tmp_path / "keep.pdf"
    target.write_bytes(b"old")
    from sheetgen import pdf

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pdf, "render", broken)
    result = run("sheet", "rolled-west", "-o", "keep.pdf", "--force")  # not ours: --force to replace
    assert result.code == 130
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"]


def test_pdf_to_stdout_and_from_any_folder(tmp_path):
    proc = run_process("sheet", "rolled-west", "-p", "2", "-o", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"%PDF-") and b"wrote stdout: 2 pages" in proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_help_reads_well():
    proc = run_process("sheet", "--help")
    text = proc.stdout.decode()
    assert proc.returncode == 0
    for word in ("--names", "--copies", "--paper", "--ink", "Examples:", "sheetgen sheet rolled-west"):
        assert word in text


def test_drawing_stack_is_not_imported_by_commands_that_do_not_draw(tmp_path):
    code = ("import sys\nfrom sheetgen.cli import main\n"
            "try:\n    main(['games'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'jinja2')))")
    proc = __import__("subprocess").run([sys.executable, "-c", code], capture_output=True, text=True,
                                        cwd=tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "[]"


# ---- consistency: help, order, overwriting, examples, completion -------------------------------

def test_bare_command_and_group_print_their_help_once(run):
    for args in ([], ["data"]):
        result = run(*args)
        assert result.code == 0 and result.err == ""
        assert result.out.count("Usage:") == 1 and "Error" not in result.out


def test_commands_are_listed_in_workflow_order_with_whole_summaries(run):
    out = run("--help").out
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines()
              if line.startswith("  ") and not line.startswith("    ")]
    assert listed == ["games", "setup", "sheet", "template", "enter", "scan", "check", "score", "export", "plays",
                      "standings", "data"]
    assert "..." not in out.split("Commands:")[1]


def test_a_file_sheetgen_did_not_write_is_not_replaced_without_force(run, tmp_path):
    results = tmp_path / "tonight.yaml"
    results.write_text("game: rolled-west\nplayers: []  # filled in by hand\n", encoding="utf-8")
    refused = run("template", "rolled-west", "-o", str(results))
    assert refused.code == 2 and "exists" in refused.err and "--force" in refused.err
    assert "filled in by hand" in results.read_text(encoding="utf-8")
    assert run("template", "rolled-west", "-o", str(results), "--force").code == 0
    assert "filled in by hand" not in results.read_text(encoding="utf-8")


def test_a_pdf_sheetgen_wrote_may_be_replaced_but_not_another(run, tmp_path):
    ours = tmp_path / "boards.pdf"
    assert run("sheet", "rolled-west", "-o", str(ours)).code == 0
    assert run("sheet", "rolled-west", "-p", "2", "-o", str(ours)).code == 0  # ours: replaced freely
    theirs = tmp_path / "rules.pdf"
    theirs.write_bytes(b"%PDF-1.4\n% someone else's file\n")
    refused = run("sheet", "rolled-west", "-o", str(theirs))
    assert refused.code == 2 and "was not written by sheetgen" in refused.err
    assert theirs.read_bytes().endswith(b"someone else's file\n")
    assert run("sheet", "rolled-west", "-o", str(theirs), "--force").code == 0


def test_template_example_prints_a_file_that_scores(run, tmp_path):
    for game in sheetgen.game_keys():
        target = tmp_path / f"{game}.yaml"
        assert run("template", game, "--example", "-o", str(target)).code == 0
        assert run("score", str(target)).code == 0, game


def test_shell_completion_of_game_and_what(monkeypatch):
    from sheetgen.cli.common import _complete_game, _complete_what

    assert _complete_game(None, None, "gold") == ["gold-west"]
    ctx = type("Ctx", (), {"params": {"game": "piecepack-gold-rush"}})()
    assert _complete_what(ctx, None, "") == ["mat", "cards"]
    ctx.params["game"] = "no-such-game"
    assert _complete_what(ctx, None, "") == []


def test_ink_accepts_the_british_spelling(run, tmp_path):
    result = run("sheet", "rolled-west", "--ink", "colour", "-o", str(tmp_path / "b.pdf"))
    assert result.code == 0 and "color ink" in result.err + result.out


def test_score_json_on_an_invalid_file_is_json_too(run, tmp_path):
    import json

    bad = tmp_path / "bad.yaml"
    bad.write_text((ROOT / "examples" / "rolled-west-game.yaml").read_text().replace("total: 43", "total: 45"))
    result = run("score", str(bad), "--format", "json")
    assert result.code == 1
    body = json.loads(result.out)
    (problem,) = body["problems"]
    assert set(problem) == {"file", "line", "column", "message"} and problem["line"] and "45" in problem["message"]
    games = json.loads(run("games", "--format", "json").out)
    assert [g["game"] for g in games] == ["carcassonne-gold-rush", "gold-west", "piecepack-gold-rush", "rolled-west"]
