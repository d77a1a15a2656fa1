"""The play log on the command line: score --log, plays, standings, and what the other
commands do not load because of it."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT
from sheetgen.playlog import PlayLog, plot
from test_startup import loaded_by

EXAMPLES = ROOT / "examples"
RW = str(EXAMPLES / "rolled-west-game.yaml")
LOG_MODULES = {"sqlite3", "_sqlite3", "openskill", "platformdirs", "sheetgen.playlog"}


@pytest.fixture
def season(run, tmp_path):
    """Three nights of Rolled West in season.db, as the README plays them."""
    text = (EXAMPLES / "rolled-west-game.yaml").read_text(encoding="utf-8")
    (tmp_path / "night2.yaml").write_text(text.replace("Ann", "\0").replace("Gabriel", "Ann").replace("\0", "Gabriel"),
                                          encoding="utf-8")
    (tmp_path / "night3.yaml").write_text(text.replace("Gabriel", "Cat"), encoding="utf-8")
    for name, day in ((RW, "2026-11-06"), ("night2.yaml", "2026-11-13"), ("night3.yaml", "2026-11-20")):
        result = run("score", name, "--log", "season.db", "--date", day)
        assert result.code == 0, result
    return tmp_path / "season.db"


def test_score_log_prints_the_table_then_what_it_logged(run):
    result = run("score", RW, "--log", "season.db", "--date", "2026-11-06")
    assert result.code == 0
    assert result.out.splitlines()[-1] == "logged: play 1, rolled-west on 2026-11-06, in season.db"
    assert "Winner: Gabriel (highest total)" in result.out
    again = run("score", RW, "--log", "season.db")
    assert again.out.splitlines()[-1] == ("already logged: play 1 (rolled-west on 2026-11-06) in season.db; "
                                          "not counted twice")


def test_score_log_json_keeps_stdout_json(run):
    result = run("score", RW, "--format", "json", "--log", "season.db")
    assert json.loads(result.out)["winners"] == ["Gabriel"]
    assert result.err.startswith("logged: play 1, rolled-west on ")


def test_a_game_with_problems_is_not_logged_the_others_are(run, tmp_path):
    (tmp_path / "slip.yaml").write_text((EXAMPLES / "rolled-west-game.yaml").read_text(encoding="utf-8")
                                        .replace("total: 43", "total: 45"), encoding="utf-8")
    result = run("score", "slip.yaml", str(EXAMPLES / "gold-west-game.yaml"), "--log", "season.db")
    assert result.code == 1
    assert "not logged: slip.yaml has problems" in result.err
    assert "logged: play 1, gold-west on" in result.out
    with PlayLog(tmp_path / "season.db") as log:
        assert [p.game for p in log.plays()] == ["gold-west"]


def test_filled_pdf_forms_are_logged_too(run, tmp_path):
    assert run("sheet", "rolled-west", "--from", RW, "-o", "filled.pdf").code == 0
    result = run("score", "filled.pdf", "--log", "season.db", "--date", "2026-11-06")
    assert result.code == 0, result
    with PlayLog(tmp_path / "season.db") as log:
        (play,) = log.plays()
        assert [(p.name, p.total) for p in play.players] == [("Ann", 43), ("Gabriel", 47)]


@pytest.mark.parametrize("args, message", [
    (("--date", "2026-11-06"), "Error: --date: --date is the day a logged game was played; add --log"),
    (("--log", "x.db", "--date", "6/11/2026"), "Error: --date: '6/11/2026' is not a date; write it as YYYY-MM-DD"),
    (("--log", "other.yaml"), "Error: --log: 'other.yaml' looks like a results file, not a play log"),
])
def test_score_log_options_are_checked_before_anything_is_written(run, tmp_path, args, message):
    result = run("score", RW, *args)
    assert result.code == 2 and result.err.startswith(message), result
    assert list(tmp_path.iterdir()) == []


def test_a_log_that_is_not_ours_is_refused_in_one_line(run, tmp_path):
    (tmp_path / "notes.db").write_text("shopping list\n", encoding="utf-8")
    for args in (("score", RW, "--log", "notes.db"), ("plays", "--log", "notes.db"),
                 ("standings", "--log", "notes.db")):
        result = run(*args)
        assert result.code == 1
        assert result.err == ("Error: notes.db: not a sheetgen play log (not a SQLite database); it is left as it "
                              "is, name another log file\n")
    assert (tmp_path / "notes.db").read_text(encoding="utf-8") == "shopping list\n"


def test_plays_lists_filters_and_shows_one(run, season):
    result = run("plays", "--log", "season.db")
    assert result.out.splitlines() == [
        "play  date        game         winner   scores",
        "----  ----------  -----------  -------  ------------------",
        "1     2026-11-06  rolled-west  Gabriel  Gabriel 47, Ann 43",
        "2     2026-11-13  rolled-west  Ann      Ann 47, Gabriel 43",
        "3     2026-11-20  rolled-west  Cat      Cat 47, Ann 43",
    ]
    assert [line.split()[0] for line in run("plays", "--log", "season.db", "--player", "GABRIEL").out.splitlines()[2:]] \
        == ["1", "2"]
    assert len(run("plays", "--log", "season.db", "--since", "2026-11-10", "--until", "2026-11-15").out
               .splitlines()) == 3
    assert run("plays", "--log", "season.db", "--game", "gold-west").out == "no plays logged that match\n"
    shown = run("plays", "--log", "season.db", "--show", "2").out
    assert shown.startswith("play 2: Rolled West on 2026-11-13\nseating: 1. Gabriel, 2. Ann\nsetup code: -\n")
    assert "Winner: Ann (highest total)" in shown
    missing = run("plays", "--log", "season.db", "--show", "9")
    assert missing.code == 2 and "there is no play 9" in missing.err


def test_plays_remove_asks_first(run, season):
    refused = run("plays", "--log", "season.db", "--remove", "1")  # no terminal to ask on
    assert refused.code == 2 and "add --yes" in refused.err
    done = run("plays", "--log", "season.db", "--remove", "1", "--yes")
    assert done.out == "removed play 1 (rolled-west on 2026-11-06: Gabriel, Ann)\n"
    assert len(run("plays", "--log", "season.db").out.splitlines()) == 4


def test_plays_rescore_reports_what_changed(run, season, tmp_path):
    shutil.copytree(ROOT / "data", tmp_path / "house")
    path = tmp_path / "house" / "rolled-west.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{number: 1, cost: {copper: 4}, points: 8}",
                                                             "{number: 1, cost: {copper: 4}, points: 2}"),
                    encoding="utf-8")
    result = run("--data", "house", "plays", "--log", "season.db", "--rescore")
    assert result.code == 0, result
    assert result.out.splitlines() == [
        "play 1 (rolled-west on 2026-11-06): Gabriel 47 -> 41; winner Gabriel -> Ann",
        "play 2 (rolled-west on 2026-11-13): Ann 47 -> 41; winner Ann -> Gabriel",
        "play 3 (rolled-west on 2026-11-20): Cat 47 -> 41; winner Cat -> Ann",
        "3 plays scored again: 3 changed",
    ]
    assert run("--data", "house", "plays", "--log", "season.db", "--rescore").out == "3 plays scored again: 0 changed\n"


def test_plays_exports_bgstats_csv_and_json(run, season, tmp_path):
    result = run("plays", "--log", "season.db", "--format", "bgstats", "-o", "season.bgsplay")
    assert result.out == "wrote season.bgsplay: 3 plays as a BG Stats play file\n"
    data = json.loads((tmp_path / "season.bgsplay").read_text(encoding="utf-8"))
    assert data["games"][0]["bggId"] == 280041 and len(data["plays"]) == 3
    again = run("plays", "--log", "season.db", "--format", "bgstats", "-o", "season.bgsplay")
    assert again.code == 2 and "add --force" in again.err
    assert run("plays", "--log", "season.db", "--format", "csv").out.startswith(
        "play,date,game,setup,seat,player,score,rank,winner,breakdown\r\n1,2026-11-06,rolled-west,,1,Ann,43,2,no,")
    assert len(json.loads(run("plays", "--log", "season.db", "--format", "json", "--player", "cat").out)["plays"]) == 1


def test_plays_and_standings_need_a_log_to_exist(run, tmp_path):
    for args in (("plays",), ("standings",)):
        result = run(*args, "--log", "none.db")
        assert result.code == 1 and "no play log here yet" in result.err
    assert not (tmp_path / "none.db").exists()


def test_standings_table(run, season):
    result = run("standings", "rolled-west", "--log", "season.db")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[:3] == ["Rolled West: 3 plays, 2026-11-06 to 2026-11-20",
                         "player   plays  wins  win rate  average  best  rating",
                         "-------  -----  ----  --------  -------  ----  ------"]
    rows = [line.split() for line in lines[3:]]
    assert [r[:6] for r in rows] == [["Cat", "1", "1", "100%", "47.0", "47"], ["Gabriel", "2", "1", "50%", "45.0", "47"],
                                     ["Ann", "3", "1", "33%", "44.3", "47"]]
    since = run("standings", "rolled-west", "--log", "season.db", "--since", "2026-11-10").out.splitlines()
    assert since[0] == "Rolled West: 2 plays, 2026-11-13 to 2026-11-20"


def test_standings_json_and_csv(run, season):
    data = json.loads(run("standings", "rolled-west", "--log", "season.db", "--format", "json").out)
    assert data["game"] == "rolled-west" and data["plays"] == 3
    assert [(p["name"], p["plays"], p["wins"], p["win_rate"], p["best"]) for p in data["players"]] == [
        ("Cat", 1, 1, 1.0, 47), ("Gabriel", 2, 1, 0.5, 47), ("Ann", 3, 1, 0.3333, 47)]
    assert set(data["players"][0]) == {"name", "plays", "wins", "win_rate", "average", "best", "rating", "mu", "sigma"}
    every = json.loads(run("standings", "--log", "season.db", "--format", "json").out)
    assert [g["game"] for g in every["games"]] == ["rolled-west"]
    rows = run("standings", "rolled-west", "--log", "season.db", "--format", "csv").out.splitlines()
    assert rows[0] == "game,player,plays,wins,win_rate,average,best,rating" and rows[1].startswith("rolled-west,Cat,1,1,")


def test_a_shared_win_counts_as_a_win(run, tmp_path):
    text = (EXAMPLES / "piecepack-gold-rush-game.yaml").read_text(encoding="utf-8")
    with PlayLog(tmp_path / "season.db") as log:
        report = log.score(text=text).play
        tied = [p for p in report.players if p.rank == 1]
    data = json.loads(run("standings", "piecepack-gold-rush", "--log", "season.db", "--format", "json").out)
    assert sum(p["wins"] for p in data["players"]) == len(tied) >= 1


def test_standings_plot_svg_and_pdf(run, season, tmp_path):
    result = run("standings", "rolled-west", "--log", "season.db", "--plot", "season.svg")
    assert result.out.splitlines()[-1] == "wrote season.svg: ratings of 3 players over 3 plays"
    svg = (tmp_path / "season.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and all(n in svg for n in ("Ann", "Gabriel", "Cat"))
    assert run("standings", "rolled-west", "--log", "season.db", "--plot", "season.pdf").code == 0
    first = (tmp_path / "season.pdf").read_bytes()
    assert first.startswith(b"%PDF")
    assert b"Arimo" in first and b"/Helvetica" not in first  # the sheets' font, embedded, as in every sheetgen PDF
    assert run("standings", "rolled-west", "--log", "season.db", "--plot", "season.pdf").code == 2  # exists
    assert run("standings", "rolled-west", "--log", "season.db", "--plot", "season.pdf", "--force").code == 0
    assert (tmp_path / "season.pdf").read_bytes() == first  # the same standings, the same bytes


def test_standings_plot_refusals(run, season, tmp_path):
    bad = run("standings", "rolled-west", "--log", "season.db", "--plot", "season.gif")
    assert bad.code == 2 and bad.err.startswith("Error: --plot: 'season.gif' is not a .svg, .pdf or .png name")
    png = run("standings", "rolled-west", "--log", "season.db", "--plot", "season.png")
    if plot.png_available():
        assert png.code == 0, png.err
        picture = (tmp_path / "season.png").read_bytes()
        assert picture.startswith(b"\x89PNG\r\n\x1a\n")
        from PIL import Image

        with Image.open(tmp_path / "season.png") as image:  # 540 x 320 pt at 150 dpi, lines drawn in colour
            assert image.size == (1125, 667)
            assert len(image.convert("RGB").getcolors(1 << 20) or []) > 10
    else:
        assert png.code == 2 and "pip install 'sheetgen[png]'" in png.err and "--plot" in png.err
        assert not (tmp_path / "season.png").exists()
    with PlayLog(tmp_path / "season.db") as log:
        log.score(EXAMPLES / "gold-west-game.yaml")
    several = run("standings", "--log", "season.db", "--plot", "all.svg")
    assert several.code == 2 and "name the GAME" in several.err


@pytest.mark.parametrize("args", [("check", RW), ("score", RW), ("score", RW, "--format", "json")],
                         ids=" ".join)
def test_commands_without_log_load_none_of_it(tmp_path, args):
    """The package exports PlayLog explicitly (no module-level __getattr__) and imports at the
    top, so the log's store, sqlite3 and platformdirs (a small module) load with `import
    sheetgen`; the ratings library (openskill, heavy) does not."""
    loaded = loaded_by(tmp_path, *args)
    assert "sheetgen.cli" in loaded
    assert not {m.split(".")[0] for m in loaded} & (LOG_MODULES - {"sqlite3", "_sqlite3", "sheetgen.playlog",
                                                                     "platformdirs"})


def test_score_log_loads_the_log_but_not_the_ratings(tmp_path):
    loaded = loaded_by(tmp_path, "score", RW, "--log", str(tmp_path / "season.db"))
    assert "sqlite3" in loaded and "sheetgen.playlog.store" in loaded
    assert not [m for m in loaded if m.startswith(("openskill", "reportlab"))]


def test_the_readme_picture_is_what_the_readme_season_draws(run, season, tmp_path):
    import xml.etree.ElementTree as ElementTree

    assert run("standings", "rolled-west", "--log", "season.db", "--plot", "season.svg").code == 0
    made = (tmp_path / "season.svg").read_bytes()
    ElementTree.fromstring(made)  # well-formed XML
    committed = ROOT / "docs" / "images" / "season-ratings.svg"
    assert committed.read_bytes() == made, "run python3 tools/season_picture.py and commit docs/images"


def test_filters_are_checked_and_named_by_their_option(run, season):
    game = run("plays", "--log", "season.db", "--game", "rolled-wst")
    assert game.code == 2 and game.err.startswith("Error: --game: unknown game 'rolled-wst'; did you mean 'rolled-west'?")
    since = run("standings", "--log", "season.db", "--since", "2026-13-01")
    assert since.code == 2 and since.err.startswith("Error: --since: '2026-13-01' is not a date")
    both = run("plays", "--log", "season.db", "--show", "1", "--remove", "1")
    assert both.code == 2 and "give one of --show and --remove" in both.err


def test_the_python_api_names_the_log_and_its_values(tmp_path):
    """The log is a submodule a script imports when it keeps one (`import sheetgen` loads no sqlite3)."""
    from sheetgen import playlog

    with playlog.PlayLog(tmp_path / "api.db") as log:
        done = log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
        assert isinstance(done.play, playlog.Play) and isinstance(done.play.players[0], playlog.PlayerResult)
        table = log.standings("rolled-west")
        assert isinstance(table, playlog.Standings) and isinstance(table.players[0], playlog.Standing)
    with pytest.raises(playlog.LogRefused):
        playlog.PlayLog(tmp_path / "missing.db", create=False)


class Terminal:
    """Standard input that is a terminal, answering `lines`."""

    def __init__(self, *lines):
        self.lines = list(lines)

    def isatty(self):
        return True

    def readline(self):
        return self.lines.pop(0) + "\n" if self.lines else ""


def test_plays_remove_asks_on_a_terminal(run, season, monkeypatch):
    monkeypatch.setattr("sys.stdin", Terminal("n"))
    kept = run("plays", "--log", "season.db", "--remove", "2")
    assert kept.code == 0 and kept.out.endswith("nothing removed\n")
    assert "Remove play 2 (rolled-west on 2026-11-13: Ann, Gabriel) from season.db? [y/N]" in kept.err
    monkeypatch.setattr("sys.stdin", Terminal("y"))
    gone = run("plays", "--log", "season.db", "--remove", "2")
    assert gone.code == 0 and gone.out.endswith("removed play 2 (rolled-west on 2026-11-13: Ann, Gabriel)\n")
    assert [line.split()[0] for line in run("plays", "--log", "season.db").out.splitlines()[2:]] == ["1", "3"]


BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(9))


@pytest.mark.parametrize("sql, args, message", [
    ("UPDATE seats SET breakdown = 'not json' WHERE play_id = 2", ("plays",), "the play log is damaged"),
    ("UPDATE plays SET played_on = 'yesterday' WHERE id = 1", ("plays",), "the play log is damaged"),
    ("UPDATE seats SET total = 'many' WHERE play_id = 1", ("plays", "--format", "csv"), "the play log is damaged"),
    ("UPDATE plays SET results = ? WHERE id = 1", ("plays", "--show", "1"), "the play log is damaged"),
    ("UPDATE plays SET game = 'bridge' WHERE id = 3", ("standings",), "'bridge', a game this sheetgen does not know"),
])
def test_a_log_edited_by_someone_else_is_refused_in_one_line(run, season, sql, args, message):
    import sqlite3
    import time

    db = sqlite3.connect(season)
    db.execute(sql, (BOMB,) if "?" in sql else ())
    db.commit()
    db.close()
    started = time.process_time()
    result = run(*args, "--log", "season.db")
    assert time.process_time() - started < 10
    assert result.code == 1 and message in result.err and len(result.err.splitlines()) == 1, result
    assert "Traceback" not in result.err


def test_rescore_reports_a_play_of_an_unknown_game_and_goes_on(run, season):
    import sqlite3

    db = sqlite3.connect(season)
    db.execute("UPDATE plays SET game = 'bridge' WHERE id = 3")
    db.commit()
    db.close()
    result = run("plays", "--log", "season.db", "--rescore")
    assert result.code == 0
    assert result.out.splitlines() == [
        "play 3 (bridge on 2026-11-20): now fails the checks, kept as it was: unknown game 'bridge'; choose one "
        "of: carcassonne-gold-rush, gold-west, piecepack-gold-rush, rolled-west",
        "3 plays scored again: 0 changed, 1 now fails the checks"]
