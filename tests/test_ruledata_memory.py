"""Checked rule data is kept in memory for the process, one entry per game and data folder,
and nowhere else: every run reads and checks its file again."""

import os
import subprocess
import sys
import types

import pytest

from sheetgen import ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.paths import bundled

RW = get_game("rolled-west")


@pytest.fixture
def checks(monkeypatch):
    """Nothing remembered in this process, and a count of real validations."""
    monkeypatch.setattr(ruledata, "_cache", {})
    calls = []
    real = ruledata.parse_and_check

    def counting(raw, name, game):
        calls.append(name)
        return real(raw, name, game)

    monkeypatch.setattr(ruledata, "parse_and_check", counting)
    return types.SimpleNamespace(validations=calls)


def house(tmp_path, name="house", text=None):
    """A data folder holding Rolled West's rule data (or `text`)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "rolled-west.yaml").write_text(text or (bundled("data") / "rolled-west.yaml").read_text())
    return folder


def test_a_second_load_in_the_same_process_is_the_same_rules_checked_once(checks, tmp_path):
    data = house(tmp_path)
    first = ruledata.load(RW, data)
    assert ruledata.load(RW, str(data)) is first and ruledata.load(RW, data / ".") is first
    assert len(checks.validations) == 1
    assert first.game == "rolled-west" and first["rounds"] == 6


def test_data_folders_never_share_an_entry(checks, tmp_path):
    one, two = house(tmp_path, "one"), house(tmp_path, "two")
    path = two / "rolled-west.yaml"
    path.write_text(path.read_text().replace("rounds: 6", "rounds: 8"))
    assert ruledata.load(RW, one)["rounds"] == 6 and ruledata.load(RW, two)["rounds"] == 8
    assert ruledata.load(RW, one)["rounds"] == 6 and ruledata.load(RW, two)["rounds"] == 8
    assert len(checks.validations) == 2


def test_invalid_data_is_not_remembered(checks, tmp_path):
    text = (bundled("data") / "rolled-west.yaml").read_text().replace("rounds: 6", "rounds: -1")
    data = house(tmp_path, text=text)
    for _ in range(2):
        with pytest.raises(InvalidInput, match="too small"):
            ruledata.load(RW, data)
    assert len(checks.validations) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_data_file_that_is_a_fifo_is_refused(checks, tmp_path):
    data = tmp_path / "house"
    data.mkdir()
    os.mkfifo(data / "rolled-west.yaml")
    with pytest.raises(InvalidInput, match="rolled-west.yaml: is a FIFO"):
        ruledata.load(RW, data)


def test_a_missing_data_file_names_the_bundled_copy(checks, tmp_path):
    with pytest.raises(InvalidInput, match="no rule data for rolled-west here; copy it from"):
        ruledata.load(RW, tmp_path)


def test_a_command_writes_nothing_in_the_users_cache_or_home(tmp_path):
    """No cache on disk: a run leaves the XDG cache folder and HOME as they were (empty)."""
    home, xdg = tmp_path / "home", tmp_path / "xdg"
    home.mkdir()
    xdg.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(xdg)}
    env.pop("SHEETGEN_CACHE", None)
    for args in (["games", "--format", "json"], ["check", str(bundled("examples") / "rolled-west-game.yaml")]):
        runs = [subprocess.run([sys.executable, "-m", "sheetgen", *args], capture_output=True, text=True,
                               env=env, cwd=tmp_path, timeout=120) for _ in range(2)]
        assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr
        assert runs[0].stdout == runs[1].stdout
    assert list(home.iterdir()) == [] and list(xdg.iterdir()) == []
