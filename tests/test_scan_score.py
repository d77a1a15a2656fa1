"""Photos of boards given to score, check, export and sheet --from: the boards of one game make the game."""

from __future__ import annotations

import json

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from click.testing import CliRunner  # noqa: E402

import sheetgen  # noqa: E402
from sheetgen.errors import InvalidInput  # noqa: E402
from sheetgen.cli import cli  # noqa: E402
from sheetgen.results.pdf import FilledPage, FilledPdf  # noqa: E402
from sheetgen.scan import geometry, synthetic  # noqa: E402

SEED = 600_000  # a two-player game whose mild 2,000 px photos read every box sure


@pytest.fixture(scope="module")
def game_photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    boards = synthetic.game(SEED, players=2, paper="letter", ink="color")
    paths = []
    for board in boards:
        path = folder / f"board{board.page}.jpg"
        path.write_bytes(synthetic.photo(board, SEED, "mild", 2000).jpeg)
        paths.append(path)
    return boards, paths


def test_score_takes_the_photos_of_a_game_and_gives_the_table_of_what_was_drawn(game_photos, tmp_path):
    boards, paths = game_photos
    result = CliRunner().invoke(cli, ["score", *map(str, paths), "--format", "json"])
    assert result.exit_code == 0, result.output
    read_back = json.loads(result.output)
    forms = [FilledPdf(f"truth{b.page}", [FilledPage(1, "rolled-west", "board",
                                                     {"name": f"board page {b.page}", "total": "", **b.values})])
             for b in boards]
    yaml_file = tmp_path / "truth.yaml"  # the same command on what was drawn, through a results file
    yaml_file.write_text(sheetgen.game("rolled-west").export(forms).text)
    expected = json.loads(CliRunner().invoke(cli, ["score", str(yaml_file), "--format", "json"]).output)
    assert read_back == expected and expected["players"]


def test_export_of_photos_writes_the_results_file_of_what_was_drawn(game_photos, tmp_path):
    boards, paths = game_photos
    target = tmp_path / "tonight.yaml"
    result = CliRunner().invoke(cli, ["export", *map(str, paths), "-o", str(target)])
    assert result.exit_code == 0, result.output
    forms = [FilledPdf(f"truth{b.page}", [FilledPage(1, "rolled-west", "board",
                                                     {"name": f"board page {b.page}", "total": "", **b.values})])
             for b in boards]
    assert target.read_text() == sheetgen.game("rolled-west").export(forms).text
    again = CliRunner().invoke(cli, ["export", *map(str, paths), "-o", str(target)])
    assert again.exit_code != 0 and "--force" in str(again.exception)  # never replaced without --force


def test_export_and_sheet_from_read_pdfs_beside_photos_alike_and_name_every_bad_file(game_photos, tmp_path):
    boards, paths = game_photos
    bad = tmp_path / "board9.pdf"
    bad.write_bytes(b"not a PDF")
    unreadable = tmp_path / "board8.jpg"
    unreadable.write_bytes(b"not a photo")
    files = [str(bad), str(paths[0]), str(unreadable)]
    exported = CliRunner().invoke(cli, ["export", *files, "-o", str(tmp_path / "out.yaml")])
    drawn = CliRunner().invoke(cli, ["sheet", "rolled-west", "--from", ",".join(files), "-o", str(tmp_path / "out.pdf")])
    named = []
    for result in (exported, drawn):
        assert isinstance(result.exception, InvalidInput), result.output
        named.append([(p.file, p.message) for p in result.exception.problems])
    assert named[0] == named[1]
    assert [file for file, _ in named[0]] == [str(bad), str(unreadable)]
    assert named[0][0][1].startswith("not a PDF file")
    assert not (tmp_path / "out.yaml").exists() and not (tmp_path / "out.pdf").exists()


def test_two_photos_of_the_same_board_are_refused(game_photos, tmp_path):
    _, paths = game_photos
    copy = tmp_path / "again.jpg"
    copy.write_bytes(paths[0].read_bytes())
    result = CliRunner().invoke(cli, ["check", str(paths[0]), str(copy)])
    assert result.exit_code == 1
    shown = result.output + str(result.exception)  # one game's problems: raised, printed by main()
    assert f"{copy}: a second photo of board page 1 (the first: {paths[0]}): give one photo a board" in shown


def _glared_board(tmp_path, seed: int = SEED + 1, player: int = 0, glare: bool = True):
    """A straight photo of a marked board (paper at 90% white) with a glare spot washing out claims.woods.1."""
    board = synthetic.game(seed, players=2, paper="letter", ink="color")[player]
    rng = np.random.default_rng(1)
    page = synthetic._pages("letter", "color")[board.page - 1]
    image = synthetic.draw_marks(rng, page, board, synthetic.PAGE_PPM) * 0.9
    cell = next(c for c in geometry.page("letter").cells if c.field == "claims.woods.1")
    ppm = synthetic.PAGE_PPM
    if glare:
        cv2.circle(image, (int(cell.rect.cx * ppm), int(cell.rect.cy * ppm)), int(9 * ppm), (255, 255, 255), -1)
    path = tmp_path / ("glare.png" if glare else f"board{board.page}.png")
    cv2.imwrite(str(path), np.clip(image, 0, 255).astype(np.uint8))
    return path


def test_a_box_under_glare_is_a_located_problem_never_empty(tmp_path):
    path = _glared_board(tmp_path)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    shown = result.output + str(result.exception)
    assert f"{path}:claims.woods.1: read as empty but not sure (glare over the box)" in shown
    result = CliRunner().invoke(cli, ["check", str(path), "--format", "json"])
    problems = json.loads(result.output)["problems"]
    glared = [p for p in problems if p["field"] == "claims.woods.1"]
    assert glared and glared[0]["file"] == str(path) and "glare over the box" in glared[0]["message"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["glare.png"]  # nothing written


def _at_a_terminal(argv: list, answers: dict, cwd, timeout: float = 240.0) -> tuple:
    """Run `sheetgen ARGV` with a pseudo-terminal as its stdin and stdout (so it may ask), answering
    each `  FIELD (a / b / c): ` prompt from `answers` (a list: one answer after the other);
    (exit code, everything it printed on the terminal (stdout and stderr: a prompt may go to either),
    the fields asked)."""
    import os
    import pty
    import re
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "sheetgen", *argv], stdin=slave, stdout=slave,
                            stderr=slave, cwd=cwd, close_fds=True)
    os.close(slave)
    shown, asked = "", []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(master, 65536).decode(errors="replace")
                except OSError:  # the child closed the terminal: it has ended
                    break
                if not chunk:
                    break
                shown += chunk
                prompts = re.findall(r"  (\S+) \([^)]*\): ", shown)
                if len(prompts) > len(asked) and shown.endswith(": "):
                    field = prompts[-1]
                    given = answers[field]
                    asked.append(field)
                    os.write(master, ((given.pop(0) if len(given) > 1 else given[0]) + "\n").encode())
            elif proc.poll() is not None:
                break
        if proc.poll() is None:  # still waiting for something after the deadline
            proc.kill()
        code = proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return code, shown.replace("\r\n", "\n"), asked


def _words(value) -> str:
    """The answer a prompt takes for a form's value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value or "empty"


def test_at_a_terminal_a_box_not_sure_is_asked_with_a_crop_and_the_answer_is_used(tmp_path):
    """Under glare claims.woods.1 reads "empty" but is not sure: at a terminal `score` shows the
    reading, writes a crop of the box under output/scan-crops/ and takes the answer (here what was
    drawn, a settlement), so the table is the one of what was drawn; "empty" would fail the row check.
    The other player's board is photographed without glare: nothing on it is asked."""
    boards = synthetic.game(SEED + 6, players=2, paper="letter", ink="color")
    assert boards[0].values["claims.woods.1"] == "settlement"  # what the glare hides
    path, other = _glared_board(tmp_path, SEED + 6), _glared_board(tmp_path, SEED + 6, 1, glare=False)
    answers = {field: [_words(value)] for field, value in boards[0].values.items()}
    code, shown, asked = _at_a_terminal(["score", str(path), str(other), "--format", "json"], answers, tmp_path)
    assert "claims.woods.1" in asked, shown
    assert f"{path}:claims.woods.1: read as empty" in shown and "not sure: glare over the box" in shown
    crop = tmp_path / "output" / "scan-crops" / "glare-claims.woods.1.png"
    assert f"the box is in {crop.relative_to(tmp_path)}" in shown
    image = cv2.imread(str(crop))
    assert image is not None and min(image.shape[:2]) > 30  # the box and a margin, at 6 px/mm
    assert code == 0, shown
    read_back = json.loads(shown[shown.index("\n{") + 1:])
    assert set(asked) <= {"claims.woods.1", "claims.woods.2", "claims.valley.1"}  # under the glare
    truth = tmp_path / "truth.yaml"
    truth.write_text(sheetgen.game("rolled-west").export([FilledPdf(f"truth{b.page}", [FilledPage(
        1, "rolled-west", "board", {"name": f"board page {b.page}", "total": "", **b.values})]) for b in boards]).text)
    expected = json.loads(CliRunner().invoke(cli, ["score", str(truth), "--format", "json"]).output)
    for table in (read_back, expected):  # the file names differ (the photos, the results file)
        table.pop("file", None)
    assert read_back == expected and expected["players"], (read_back, expected)


def test_a_wrong_answer_is_asked_again(tmp_path):
    board = synthetic.game(SEED + 6, players=2, paper="letter", ink="color")[0]
    path, other = _glared_board(tmp_path, SEED + 6), _glared_board(tmp_path, SEED + 6, 1, glare=False)
    answers = {field: [_words(value)] for field, value in board.values.items()}
    answers["claims.woods.1"] = ["a house", "settlement"]
    code, shown, asked = _at_a_terminal(["check", str(path), str(other)], answers, tmp_path)
    assert asked.count("claims.woods.1") == 2 and "one of: empty, camp, settlement" in shown, shown
    assert code == 0, shown


def test_not_at_a_terminal_score_exits_1_naming_photo_and_field(tmp_path):
    path = _glared_board(tmp_path, SEED + 6)
    result = CliRunner().invoke(cli, ["score", str(path)], input="settlement\n")
    assert result.exit_code == 1
    shown = result.output + str(result.exception)
    assert f"{path}:claims.woods.1: read as empty but not sure (glare over the box)" in shown
    assert not (tmp_path / "output").exists()  # nothing asked, no crop written
