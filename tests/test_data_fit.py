"""`sheetgen data check` holds rule data to what it feeds: every sheet part and every setup card."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT


@pytest.fixture
def house(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    for path in (ROOT / "data").glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    return folder


def edit(folder, game: str, old: str, new: str) -> None:
    path = folder / f"{game}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_bundled_data_fits_everything(run):
    result = run("data", "check")
    assert result.code == 0, result
    assert result.out.count("ok  ") == 4


def test_more_banking_boxes_than_the_row_holds(run, house):
    edit(house, "rolled-west", "own_turn_rounds: 5 ", "own_turn_rounds: 12 ")
    result = run("data", "check", str(house))
    assert result.code == 1
    lines = [l for l in result.err.splitlines() if "rolled-west.yaml" in l]
    assert any("the board (a4, 2 players; a4, 3 players; a4, 4 players)" in l for l in lines)
    assert all("off the paper" in l for l in lines) and "Traceback" not in result.err
    assert "ok  " in result.out and "gold-west.yaml" in result.out  # the other files are still checked


def test_a_text_longer_than_its_box(run, house):
    edit(house, "rolled-west", "text: 3 per completed contract}", "text: " + "3 per completed contract " * 12 + "}")
    result = run("data", "check", str(house))
    assert result.code == 1
    assert "the board (" in result.err and "does not fit:" in result.err
