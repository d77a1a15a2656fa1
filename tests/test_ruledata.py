import shutil

import pytest

from sheetgen import ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import all_games, get_game
from sheetgen.paths import bundled

RW = get_game("rolled-west")


def bundled_text():
    return (bundled("data") / "rolled-west.yaml").read_text()


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def problems_for(text):
    with pytest.raises(InvalidInput) as info:
        ruledata.parse_and_check(text.encode(), "rw.yaml", RW)
    return [str(p) for p in info.value.problems]


def test_every_bundled_file_is_valid():
    good, problems = ruledata.check_folder(bundled("data"), all_games())
    assert problems == []
    assert len(good) == len(all_games()) == 4


def test_rolled_west_metadata():
    rules = ruledata.load(RW)
    meta = rules["meta"]
    assert meta["bgg_id"] == 280041
    assert rules.players == (2, 4)
    assert meta["designers"] == ["Daniel Newman"] and meta["year"] == 2019
    assert rules["tie_breakers"]["unverified"] is True


def test_wrong_type_is_reported_at_its_line():
    text = bundled_text().replace("rounds: 6", "rounds: six")
    assert problems_for(text) == [f"rw.yaml:{line_of(text, 'rounds: six')}:9: expected a whole number, got 'six'"]


def test_unknown_key_is_reported_at_the_key_with_a_suggestion():
    text = bundled_text().replace("  ghost_roll_dice: 3", "  ghost_rol_dice: 3")
    found = problems_for(text)
    line = line_of(text, "ghost_rol_dice")
    assert f"rw.yaml:{line}:3: unknown key 'ghost_rol_dice'; did you mean 'ghost_roll_dice'?" in found
    assert any("missing key 'ghost_roll_dice'" in p for p in found)


def test_all_problems_are_reported_at_once():
    text = bundled_text().replace("rounds: 6", "rounds: -1").replace("points: 15}", "points: lots}")
    found = problems_for(text)
    assert len(found) == 2
    assert found[0].startswith(f"rw.yaml:{line_of(text, 'rounds: -1')}:")
    assert found[1].startswith(f"rw.yaml:{line_of(text, 'points: lots')}:")


def test_cross_checks_locate_inconsistent_numbers():
    text = bundled_text().replace("count: 2, d12: [11, 12]", "count: 3, d12: [11, 12]")
    found = problems_for(text)
    assert any("face counts add up to 13" in p for p in found)
    assert any("d12 range 11-12 should be 11-13" in p for p in found)
    text = bundled_text().replace("{number: 4, cost", "{number: 7, cost")
    assert any(f"rw.yaml:{line_of(text, 'number: 7, cost: {silver: 4}')}:" in p and "expected 4" in p
               for p in problems_for(text))
    text = bundled_text().replace("{row: gold, column: gold,", "{row: gold, column: silver,")
    found = problems_for(text)
    assert any("a second office in row gold, column silver" in p for p in found)
    assert any("no office in row gold, column gold" in p for p in found)


def test_data_check_command_reports_file_line_column(run, tmp_path):
    folder = tmp_path / "house"
    shutil.copytree(bundled("data"), folder)
    path = folder / "rolled-west.yaml"
    text = path.read_text().replace("majority: {first: 5, second: 2}", "majority: {first: 1, second: 2}")
    path.write_text(text)
    result = run("data", "check", str(folder))
    assert result.code == 1
    line = line_of(text, "first: 1, second: 2")
    assert f"rolled-west.yaml:{line}:" in result.err and "1st place is worth less than 2nd" in result.err
    assert "ok  " in result.out and "gold-west.yaml" in result.out
    assert "Traceback" not in result.err


def test_data_check_names_stray_files(run, tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "monopoly.yaml").write_text("game: monopoly\n")
    result = run("data", "check", str(tmp_path / "d"))
    assert result.code == 1 and "no game is called 'monopoly'" in result.err


def test_data_folder_without_the_game_file(run, tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("--data", str(tmp_path / "empty"), "sheet", "rolled-west")
    assert result.code == 1 and "no rule data for rolled-west" in result.err
