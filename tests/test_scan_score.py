"""Photos of boards given to score, check, export and sheet --from: the boards of one game make the game."""

from __future__ import annotations

import json

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from click.testing import CliRunner  # noqa: E402

import sheetgen  # noqa: E402
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


def test_two_photos_of_the_same_board_are_refused(game_photos, tmp_path):
    _, paths = game_photos
    copy = tmp_path / "again.jpg"
    copy.write_bytes(paths[0].read_bytes())
    result = CliRunner().invoke(cli, ["check", str(paths[0]), str(copy)])
    assert result.exit_code == 1
    shown = result.output + str(result.exception)  # one game's problems: raised, printed by main()
    assert f"{copy}: a second photo of board page 1 (the first: {paths[0]}): give one photo a board" in shown


def _glared_board(tmp_path):
    """A straight photo of a marked board (paper at 90% white) with a glare spot washing out claims.woods.1."""
    board = synthetic.game(SEED + 1, players=2, paper="letter", ink="color")[0]
    rng = np.random.default_rng(1)
    page = synthetic._pages("letter", "color")[board.page - 1]
    image = synthetic.draw_marks(rng, page, board, synthetic.PAGE_PPM) * 0.9
    cell = next(c for c in geometry.page("letter").cells if c.field == "claims.woods.1")
    ppm = synthetic.PAGE_PPM
    cv2.circle(image, (int(cell.rect.cx * ppm), int(cell.rect.cy * ppm)), int(9 * ppm), (255, 255, 255), -1)
    path = tmp_path / "glare.png"
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
