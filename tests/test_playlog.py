"""The play log's store: what a logged game keeps, duplicates, filters, removal, scoring
again, the schema's versions and migration, and a log that must be refused."""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading

import pytest

import sheetgen
from conftest import ROOT
from sheetgen.errors import InvalidArgument, InvalidInput
from sheetgen.playlog import LogRefused, PlayLog
from sheetgen.playlog import store

EXAMPLES = ROOT / "examples"
RW = (EXAMPLES / "rolled-west-game.yaml").read_text(encoding="utf-8")


def swapped(text: str, a: str, b: str) -> str:
    return text.replace(a, "\0").replace(b, a).replace("\0", b)


@pytest.fixture
def log(tmp_path):
    with PlayLog(tmp_path / "plays.db") as opened:
        yield opened


def test_a_logged_game_keeps_what_the_issue_lists(log):
    done = log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    assert done.added
    play = log.get(done.play.id)
    assert play.date == datetime.date(2026, 11, 6) and play.game == "rolled-west"
    # seating order is the results file's order, whatever the ranks
    assert [(p.seat, p.name, p.total, p.rank, p.winner) for p in play.players] == [
        (1, "Ann", 43, 2, False), (2, "Gabriel", 47, 1, True)]
    assert play.winners == ("Gabriel",)
    assert play.players[1].breakdown == {"claims": 3, "majorities": 10, "shipping": 24, "contracts": 8,
                                         "boomtown": 2}
    assert play.data_version == sheetgen.game("rolled-west").rules.version
    assert play.setup is None and play.tie_breaker == "highest total"
    # the results themselves, as they were read: they score again to the same tally
    assert play.results["players"][0]["name"] == "Ann"
    again = sheetgen.game("rolled-west").score(text=store.results_text(play.results))
    assert [(p.name, p.total) for p in again.players] == [("Gabriel", 47), ("Ann", 43)]


def test_a_setup_code_is_kept_when_the_results_name_one(log):
    done = log.score(EXAMPLES / "gold-west-map.yaml", date="2026-11-07")
    assert done.play.setup == "GW4-1YTC-HWPW-8Y2P-B9V5-6TXM-ZQDB-W9XF-GTJE-9P83-5WJF"
    assert [p.name for p in done.play.players] == ["Sara", "Levi", "Ann", "Ben"]
    assert done.play.winners == ("Ben",)


def test_the_same_game_logged_twice_is_counted_once(log):
    first = log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    # the same results, written differently (a comment, another key order) on another day
    text = "# again\n" + RW.replace("game: rolled-west\n", "") + "game: rolled-west\n"
    second = log.score(text=text, date="2026-11-07")
    assert not second.added and second.play.id == first.play.id
    assert len(log) == 1
    other = log.score(text=swapped(RW, "Ann", "Gabriel"), date="2026-11-07")
    assert other.added and len(log) == 2


def test_a_game_with_problems_is_never_logged(log):
    with pytest.raises(InvalidInput):
        log.score(text=RW.replace("total: 43", "total: 45"))
    assert len(log) == 0


def test_carcassonne_players_listed_by_name_are_seated(log):
    done = log.score(EXAMPLES / "carcassonne-gold-rush-game.yaml", date="2026-11-08")
    assert [(p.seat, p.name, p.total) for p in done.play.players] == [(1, "Ann", 60), (2, "Ben", 36), (3, "Cat", 40)]


def test_filters_by_game_player_and_dates(log):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    log.score(text=swapped(RW, "Gabriel", "Cat"), date="2026-11-13")
    log.score(EXAMPLES / "carcassonne-gold-rush-game.yaml", date="2026-11-20")
    assert [p.id for p in log.plays()] == [1, 2, 3]
    assert [p.id for p in log.plays(game="rolled-west")] == [1, 2]
    assert [p.id for p in log.plays(player="cat")] == [2, 3]  # any letter case
    assert [p.id for p in log.plays(player="  GABRIEL ")] == [1]
    assert [p.id for p in log.plays(since="2026-11-07")] == [2, 3]
    assert [p.id for p in log.plays(until=datetime.date(2026, 11, 13))] == [1, 2]
    assert [p.id for p in log.plays(game="rolled-west", player="Ann", since="2026-11-10", until="2026-11-30")] == [2]
    assert log.games() == ["carcassonne-gold-rush", "rolled-west"]
    with pytest.raises(InvalidArgument) as refused:
        log.plays(since="13/11/2026")
    assert refused.value.argument == "since" and "YYYY-MM-DD" in refused.value.message


def test_plays_are_listed_by_date_not_by_when_they_were_logged(log):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-20")
    log.score(text=swapped(RW, "Gabriel", "Cat"), date="2026-11-06")
    assert [(p.id, p.date.day) for p in log.plays()] == [(2, 6), (1, 20)]


def test_remove_takes_one_play_out(log):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    log.score(text=swapped(RW, "Gabriel", "Cat"), date="2026-11-13")
    removed = log.remove(1)
    assert removed.winners == ("Gabriel",)
    assert [p.id for p in log.plays()] == [2]
    assert log.plays(player="Gabriel") == []
    with pytest.raises(InvalidArgument):
        log.get(1)
    # a removed game may be logged again
    assert log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06").added


def house_rules(tmp_path, old: str, new: str):
    folder = tmp_path / "house"
    shutil.copytree(ROOT / "data", folder)
    path = folder / "rolled-west.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_rescore_after_a_rule_data_change_reports_what_changed(log, tmp_path):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    assert log.rescore() == []  # nothing changed
    # contract 1 (Gabriel's, worth 8) made worth 2: Gabriel's 47 becomes 41 and Ann (43) wins
    house = house_rules(tmp_path, "{number: 1, cost: {copper: 4}, points: 8}",
                        "{number: 1, cost: {copper: 4}, points: 2}")
    changes = log.rescore(house)
    assert [(c.play.id, c.lines, c.problems) for c in changes] == [
        (1, ("Gabriel 47 -> 41", "winner Gabriel -> Ann"), ())]
    play = log.get(1)
    assert play.winners == ("Ann",) and play.players[1].total == 41
    assert play.data_version == sheetgen.game("rolled-west", house).rules.version
    assert log.standings("rolled-west").players[0].name == "Ann"  # the kept ratings follow
    assert log.rescore(house) == []  # done once
    assert log.rescore()[0].lines == ("Gabriel 41 -> 47", "winner Ann -> Gabriel")


def test_rescore_keeps_a_play_whose_results_no_longer_pass(log, tmp_path):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    # contract 2 (Ann's) made worth 15: her written total, 43, no longer adds up
    house = house_rules(tmp_path, "{number: 2, cost: {copper: 2, silver: 2}, points: 9}",
                        "{number: 2, cost: {copper: 2, silver: 2}, points: 15}")
    changes = log.rescore(house)
    assert len(changes) == 1 and changes[0].lines == ()
    assert "you wrote 43, the tally is 49" in changes[0].problems[0]
    assert log.get(1).players[0].total == 43  # kept as it was


# -- the file: ours, versioned, migrated, refused ----------------------------------------------

def marks(path):
    db = sqlite3.connect(path)
    try:
        return (db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0],
                db.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        db.close()


def test_a_new_log_is_marked_as_ours_with_its_version_and_wal(tmp_path):
    PlayLog(tmp_path / "new.db").close()
    assert marks(tmp_path / "new.db") == (store.APP_ID, store.SCHEMA, "wal")


def test_a_log_of_schema_1_opens_and_is_migrated(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    store.MIGRATIONS[0](db)
    db.execute(f"PRAGMA application_id = {store.APP_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO plays VALUES (1, 'f1', 'rolled-west', '2026-01-02', NULL, '1-x', 'highest total', "
               "'[]', 'game: rolled-west', '2026-01-02 20:00:00')")
    db.executemany("INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?, '{}')", [(1, "Ann", 43, 2, 0), (2, "Zoë", 47, 1, 1)])
    db.commit()
    db.close()
    with PlayLog(path) as log:
        assert [p.winners for p in log.plays(player="ZOË")] == [("Zoë",)]  # schema 2's name keys were filled
        assert log.standings("rolled-west").players[0].name == "Zoë"
    assert marks(path)[:2] == (store.APP_ID, store.SCHEMA)


def refused_and_left_alone(path, match: str) -> None:
    """Opening the file at `path` as a play log is refused (the message matching `match`) and leaves
    its bytes as they were."""
    before = path.read_bytes()
    with pytest.raises(LogRefused, match=match):
        PlayLog(path)
    assert path.read_bytes() == before


def test_a_log_from_a_newer_sheetgen_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "newer.db"
    PlayLog(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {store.SCHEMA + 1}")
    db.close()
    refused_and_left_alone(path, "newer sheetgen")


def test_a_foreign_sqlite_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('stew')")
    db.commit()
    db.close()
    refused_and_left_alone(path, "not a sheetgen play log")


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("game: rolled-west\n", encoding="utf-8")
    refused_and_left_alone(path, "not a SQLite database")
    assert path.read_text(encoding="utf-8") == "game: rolled-west\n"


def test_an_empty_file_becomes_a_log(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    with PlayLog(path) as log:
        assert log.score(EXAMPLES / "rolled-west-game.yaml").added


def test_a_damaged_log_is_refused_in_one_line(tmp_path):
    path = tmp_path / "damaged.db"
    with PlayLog(path) as log:
        for i, (a, b) in enumerate([("Ann", "Cat"), ("Gabriel", "Dan"), ("Ann", "Eve")]):
            log.score(text=swapped(RW, a, b), date=f"2026-11-0{i + 1}")
    size = path.stat().st_size
    data = bytearray(path.read_bytes())
    data[1024:size] = b"\xff" * (size - 1024)  # every page after the first
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(LogRefused) as refused:
        with PlayLog(path) as log:
            log.plays()
    assert "damaged" in str(refused.value) and "\n" not in str(refused.value)
    assert path.read_bytes() == before


def test_a_missing_log_is_not_made_by_a_command_that_only_reads(tmp_path):
    with pytest.raises(LogRefused, match="no play log here yet"):
        PlayLog(tmp_path / "none.db", create=False)
    assert not (tmp_path / "none.db").exists()


def test_the_log_lives_where_sheetgen_log_says_else_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_LOG", str(tmp_path / "mine.db"))
    assert store.default_path() == tmp_path / "mine.db"
    monkeypatch.delenv("SHEETGEN_LOG")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform.startswith("linux"):
        assert store.default_path() == tmp_path / "data" / "sheetgen" / "plays.sqlite"
    with PlayLog() as log:  # the folder is made
        assert log.path.parent.is_dir()


# -- reliability: transactions -------------------------------------------------------------------

def test_a_full_disk_logs_nothing_and_leaves_the_log_as_it_was(log):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    pages = log.db.execute("PRAGMA page_count").fetchone()[0]
    log.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    big = swapped(RW, "Ann", "A" * 40).replace("# A 2-player", "# " + "x" * 4000 + "\n# A 2-player")
    big = big.replace("game: rolled-west", "game: rolled-west\n" + "".join(f"# {i:04d} {'y' * 90}\n"
                                                                          for i in range(200)))
    with pytest.raises(LogRefused, match="disk is full"):
        for i in range(40):  # a page or two each: the limit comes soon
            log.score(text=swapped(big, "Gabriel", f"G{i}"), date="2026-11-07")
    db = sqlite3.connect(log.path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    seats = db.execute("SELECT count(*) FROM seats").fetchone()[0]
    plays = db.execute("SELECT count(*) FROM plays").fetchone()[0]
    db.close()
    assert seats == 2 * plays  # no play without its players


KILLED = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from sheetgen.playlog import PlayLog
    log = PlayLog({path!r})
    db = log.db
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO plays (fingerprint, game, played_on, data_version, tie_breaker, warnings, results, "
               "logged_at) VALUES ('half', 'rolled-west', '2026-11-06', 'v', 't', '[]', 'x', 'now')")
    os._exit(9)  # killed mid-write: no commit, no clean-up
""")


def test_a_run_killed_mid_write_leaves_no_half_play(tmp_path):
    path = tmp_path / "plays.db"
    with PlayLog(path) as log:
        log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    done = subprocess.run([sys.executable, "-c", KILLED.format(root=str(ROOT), path=str(path))], timeout=60)
    assert done.returncode == 9
    with PlayLog(path) as log:
        assert [p.id for p in log.plays()] == [1]
        assert log.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert log.score(text=swapped(RW, "Ann", "Cat")).added


def test_the_switch_to_wal_waits_for_another_run_in_its_first_transaction(tmp_path):
    """Two runs open a new log together: the first made it and switches it to WAL while the second
    holds its write lock. SQLite refuses that switch at once, busy timeout or not; it is asked again."""
    path = tmp_path / "plays.db"
    first = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    first.execute("CREATE TABLE made(i)")
    second = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    second.execute("BEGIN IMMEDIATE")
    second.execute("PRAGMA user_version = 1")
    with pytest.raises(sqlite3.OperationalError, match="locked"):  # what SQLite does: no waiting
        first.execute("PRAGMA journal_mode = WAL")
    timer = threading.Timer(0.3, lambda: second.execute("COMMIT"))
    timer.start()
    store.use_wal(first)  # waits for the commit, then switches
    timer.join()
    assert first.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    first.close()
    second.close()


def test_two_score_runs_at_once_lose_no_play_and_count_none_twice(tmp_path):
    (tmp_path / "a.yaml").write_text(swapped(RW, "Ann", "Cat"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(swapped(RW, "Ann", "Dan"), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [subprocess.Popen([sys.executable, "-m", "sheetgen", "score", name, "a.yaml", "--log", "plays.db"],
                             cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for name in ("a.yaml", "b.yaml", "a.yaml")]
    outs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], [err.decode() for _, err in outs]
    with PlayLog(tmp_path / "plays.db") as log:
        assert sorted(p.players[0].name for p in log.plays()) == ["Cat", "Dan"]


# -- standings: kept ratings agree with a replay from the start ----------------------------------

def same_standings(a, b) -> bool:
    def rows(t):
        return [(s.name, s.plays, s.wins, s.best, round(s.average, 9), round(s.mu, 9), round(s.sigma, 9))
                for s in t.players]
    return (a.plays, a.first, a.last, rows(a)) == (b.plays, b.first, b.last, rows(b))


def test_kept_ratings_agree_with_a_replay_whatever_happens_to_the_log(log):
    import random

    rng = random.Random(7)
    pool = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    for step in range(14):
        a, b = rng.sample(pool, 2)
        day = f"2026-11-{rng.randint(1, 28):02d}"  # often earlier than the latest: out of order
        log.score(text=swapped(swapped(RW, "Ann", a), "Gabriel", b) if a != "Gabriel" else RW, date=day)
        if step % 5 == 4:
            log.remove(rng.choice(log.plays()).id)
        for since in (None, "2026-11-10"):
            kept = log.standings("rolled-west", since=since)
            replayed = log.standings("rolled-west", since=since, history=True)
            assert same_standings(kept, replayed), (step, since)
    assert log.db.execute("SELECT count(*) FROM ratings_cache").fetchone()[0] == 2
    log.db.execute("DELETE FROM ratings_cache")  # derived data: always safe to drop
    assert same_standings(log.standings("rolled-west"), log.standings("rolled-west", history=True))


def test_standings_count_plays_wins_and_scores(log):
    log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
    log.score(text=swapped(RW, "Ann", "Gabriel"), date="2026-11-13")
    table = log.standings("rolled-west")
    assert [(s.name, s.plays, s.wins, s.win_rate, s.average, s.best) for s in table.players] == [
        ("Ann", 2, 1, 0.5, 45.0, 47), ("Gabriel", 2, 1, 0.5, 45.0, 47)]
    assert table.players[0].rating == pytest.approx(table.players[0].mu - 3 * table.players[0].sigma)
    assert log.standings("gold-west").plays == 0


def test_kept_ratings_are_not_trusted_after_the_log_was_edited_by_other_means(log):
    for a, day in (("Cat", "2026-11-01"), ("Dan", "2026-11-02"), ("Eve", "2026-11-03")):
        log.score(text=swapped(RW, "Ann", a), date=day)
    log.standings("rolled-west")  # keeps the ratings
    log.db.execute("DELETE FROM plays WHERE id = 1")  # not through PlayLog.remove: no generation change
    assert same_standings(log.standings("rolled-west"), log.standings("rolled-west", history=True))
    log.db.execute("UPDATE ratings_cache SET ratings = '{\"x\": \"y\"}'")
    assert same_standings(log.standings("rolled-west"), log.standings("rolled-west", history=True))
