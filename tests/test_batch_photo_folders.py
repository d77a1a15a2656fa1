"""A folder given to check or score holds photos of boards too: the photos of one folder make one
game with its PDFs, as the PDFs of one folder do; two folders are two games."""

from __future__ import annotations

import json
import shutil

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from click.testing import CliRunner  # noqa: E402

from sheetgen.cli import cli  # noqa: E402
from sheetgen.scan import synthetic  # noqa: E402

SEED = 600_000  # the two-player game of tests/test_scan_score.py: its mild photos read every box sure


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("made")
    paths = []
    for board in synthetic.game(SEED, players=2, paper="letter", ink="color"):
        path = folder / f"board{board.page}.jpg"
        path.write_bytes(synthetic.photo(board, SEED, "mild", 2000).jpeg)
        paths.append(path)
    return paths


def _score(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["score", *arguments, "--format", "json"])
    return result.exit_code, result.output + str(result.exception or "")


def test_a_folder_of_photos_scores_as_the_photos_given_one_by_one(photos, tmp_path):
    folder = tmp_path / "tonight"
    folder.mkdir()
    for path in photos:
        shutil.copy(path, folder / path.name)
    (folder / "notes.txt").write_text("not read: neither a results file, a PDF nor a photo")
    code, by_folder = _score(str(folder))
    assert code == 0, by_folder
    code, by_file = _score(*map(str, photos))
    assert code == 0, by_file
    table = json.loads(by_folder)
    assert table == json.loads(by_file) and len(table["players"]) == 2


def test_two_folders_of_photos_are_two_games(photos, tmp_path):
    for name in ("monday", "friday"):
        (tmp_path / name).mkdir()
        for path in photos:
            shutil.copy(path, tmp_path / name / path.name)
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "monday"), str(tmp_path / "friday")])
    # one folder's photos never meet the other's: as one game they would be two photos of each board
    assert result.exit_code == 0, result.output + str(result.exception)
    assert "second photo" not in result.output
    assert "2 games from 4 files: 2 ok, 0 with problems" in result.output, result.output


def test_a_picture_in_a_folder_that_is_not_a_board_is_a_located_problem(photos, tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    for path in photos:
        shutil.copy(path, folder / path.name)
    wall = np.full((900, 1200, 3), 200, np.uint8)
    cv2.imwrite(str(folder / "table.png"), wall)
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 1
    shown = result.output + str(result.exception or "")
    assert f"{folder / 'table.png'}: no scan marks found" in shown, shown


def test_an_empty_folder_says_what_a_folder_is_read_for(tmp_path):
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert result.exit_code == 1
    shown = result.output + str(result.exception or "")
    assert "a folder with no results files, PDF forms or photos of boards" in shown, shown
