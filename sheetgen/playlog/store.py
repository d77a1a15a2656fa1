"""The play log: one SQLite file holding every game scored with `--log`.

Decisions (docs/DESIGN.md, "The play log"):

* A log is a SQLite database marked as ours: `PRAGMA application_id` is APP_ID and
  `PRAGMA user_version` the schema version. Any other file is refused with one line
  and never written to: not SQLite at all (checked from its first 16 bytes before
  SQLite opens it), SQLite of another program, damaged, or from a newer sheetgen.
* Writes are transactions (`BEGIN IMMEDIATE`): a play is in the log with all its
  players, or not at all. The journal is WAL with synchronous=FULL, so a killed run
  or a power cut loses at most the play being written, and a second `score --log`
  waits for the first (busy timeout) instead of failing.
* An older log is migrated in place, in one transaction, by running the steps of
  MIGRATIONS after its version; a new log runs them all.
* A play's fingerprint is the SHA-256 of its game and results (as canonical YAML):
  the same game logged twice is found by it (a UNIQUE column, so two runs at once
  cannot both add it) and not counted twice.
* Results are stored as YAML (keys keep their types: Carcassonne's tokens are keyed
  by numbers) and read back with sheetgen's own reader to score them again.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence, Union

import platformdirs
import yaml

from sheetgen import api, playernames
from sheetgen.errors import InvalidArgument, InvalidInput, SheetgenError
from sheetgen.paths import is_pdf
from sheetgen.playlog import standings as table
from sheetgen.playlog.model import Change, Logged, Play, PlayerResult
from sheetgen.results.document import Document
from sheetgen.results.model import Scorer
from sheetgen.results.report import ScoreReport
from sheetgen.results.yaml import parse_yaml, read_yaml

APP_ID = 0x53474C47  # "SGLG": a sheetgen play log
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 15.0
ENV = "SHEETGEN_LOG"
FILE_NAME = "plays.sqlite"


class LogRefused(SheetgenError):
    """The file named as the play log cannot be used (not a log, damaged, newer, full disk)."""

    exit_code = 1


def default_path() -> Path:
    """SHEETGEN_LOG, else plays.sqlite in the user's data folder (platformdirs)."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_data_dir("sheetgen", appauthor=False)) / FILE_NAME


# -- the schema ------------------------------------------------------------------------------

def _v1(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE plays (
        id INTEGER PRIMARY KEY,
        fingerprint TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        played_on TEXT NOT NULL,
        setup_code TEXT,
        data_version TEXT NOT NULL,
        tie_breaker TEXT NOT NULL,
        warnings TEXT NOT NULL,
        results TEXT NOT NULL,
        logged_at TEXT NOT NULL)""")
    db.execute("""CREATE TABLE seats (
        play_id INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        total INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        breakdown TEXT NOT NULL,
        PRIMARY KEY (play_id, seat))""")


def _v2(db: sqlite3.Connection) -> None:
    """Schema 2: players are found by their name key (any case, one spelling of spaces), with an
    index; plays by game and date with another."""
    db.execute("ALTER TABLE seats ADD COLUMN name_key TEXT NOT NULL DEFAULT ''")
    rows = db.execute("SELECT play_id, seat, name FROM seats").fetchall()
    db.executemany("UPDATE seats SET name_key = ? WHERE play_id = ? AND seat = ?",
                   [(playernames.key(name), play, seat) for play, seat, name in rows])
    db.execute("CREATE INDEX seats_by_player ON seats(name_key, play_id)")
    db.execute("CREATE INDEX plays_by_game ON plays(game, played_on, id)")
    db.execute("CREATE INDEX plays_by_date ON plays(played_on, id)")
    # The standings' ratings, kept between runs (derived data: deleting rows is always safe).
    # A game's generation grows when its plays change other than by a play added after all
    # the others (removed, scored again, logged with an earlier date); the ratings kept for a
    # game are used only at the generation they were made at, then brought up to date with
    # the plays added since.
    db.execute("CREATE TABLE game_state (game TEXT PRIMARY KEY, generation INTEGER NOT NULL)")
    db.execute("""CREATE TABLE ratings_cache (
        game TEXT NOT NULL, since TEXT NOT NULL, until TEXT NOT NULL, generation INTEGER NOT NULL,
        last_date TEXT NOT NULL, last_id INTEGER NOT NULL, covered INTEGER NOT NULL, ratings TEXT NOT NULL,
        PRIMARY KEY (game, since, until))""")


# MIGRATIONS[n] takes a log from schema n to n + 1; SCHEMA is the version this sheetgen writes.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]
SCHEMA = len(MIGRATIONS)


# -- opening ---------------------------------------------------------------------------------

def _refuse_file(path: Path) -> bool:
    """Whether `path` exists; refuse, before SQLite sees it, anything that is not a SQLite file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise LogRefused(f"{path}: cannot open the play log: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise LogRefused(f"{path}: not a regular file; name the play log's file")
    if info.st_size == 0:
        return True
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise LogRefused(f"{path}: cannot read the play log: {exc.strerror}") from None
    if head != SQLITE_MAGIC:
        raise LogRefused(f"{path}: not a sheetgen play log (not a SQLite database); it is left as it is, "
                         f"name another log file")
    return True


def use_wal(db: sqlite3.Connection) -> None:
    """Switch the log to write-ahead logging, waiting up to BUSY_TIMEOUT_S for other runs.

    SQLite answers this switch with "database is locked" at once, without waiting as a busy
    timeout would, while another connection holds a write lock (another sheetgen that opened the
    new log at the same moment, still in its first transaction): it is asked again until that
    other run has committed.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        time.sleep(0.02)


class PlayLog:
    """The play log at `path` (default: `default_path()`), opened or, with `create`, started.

        from sheetgen.playlog import PlayLog
        log = PlayLog("season.db")
        log.score("tonight.yaml", date="2026-11-06")   # check, tally and log a results file
        for play in log.plays(game="rolled-west", player="Ann"):
            print(play.id, play.date, play.winners)
        log.standings("rolled-west").players[0].name

    A file that is not a sheetgen play log, a damaged one or one written by a newer
    sheetgen raises LogRefused (a ValueError) and is never written to.
    """

    def __init__(self, path: Union[str, "os.PathLike[str]", None] = None, *, create: bool = True):
        self.path = Path(path) if path is not None else default_path()
        exists = _refuse_file(self.path)
        if not exists and not create:
            raise LogRefused(f"{self.path}: no play log here yet; score a game into it first")
        if not exists:
            folder = self.path.parent
            if path is None:
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise LogRefused(f"{folder}: cannot create the play log's folder: {exc.strerror}") from None
            elif not folder.is_dir():
                raise LogRefused(f"{self.path}: folder '{folder}' does not exist; create it first")
        self._db: Optional[sqlite3.Connection] = None
        try:
            with self._guard("open"):
                db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
                self._db = db
                # a log may come from someone else: no SQL functions run from its schema (triggers, views)
                db.execute("PRAGMA trusted_schema = OFF")
                db.execute("PRAGMA foreign_keys = ON")
                db.execute("PRAGMA synchronous = FULL")
                self._prepare(db)
        except BaseException:
            self.close()
            raise

    # -- housekeeping --
    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> "PlayLog":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"sheetgen.playlog.PlayLog({str(self.path)!r})"

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise LogRefused(f"{self.path}: the play log is closed")
        return self._db

    @contextlib.contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """SQLite's errors as one line naming the log; the transaction is already rolled back."""
        try:
            yield
        except sqlite3.Error as exc:
            text = str(exc)
            if "full" in text:
                raise LogRefused(f"{self.path}: cannot {doing}: the disk is full; the log is as it was "
                                 f"before") from None
            if "locked" in text or "busy" in text:
                raise LogRefused(f"{self.path}: cannot {doing}: another sheetgen kept the log busy for "
                                 f"{BUSY_TIMEOUT_S:.0f} s; try again") from None
            if isinstance(exc, sqlite3.DatabaseError) and ("malformed" in text or "not a database" in text
                                                          or "corrupt" in text):
                raise LogRefused(f"{self.path}: the play log is damaged ({text}); it is left as it is: "
                                 f"restore a copy, or name another log file") from None
            raise LogRefused(f"{self.path}: cannot {doing}: {text}") from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: all of it or nothing."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:  # SQLite ends some failed transactions itself (a full disk)
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _prepare(self, db: sqlite3.Connection) -> None:
        """Check that this is our log, of a version we read; start or migrate it."""
        app, version = self._marks(db)
        if app == APP_ID and version == SCHEMA:
            return
        self._check_marks(db, app, version)
        with self._write():
            app, version = self._marks(db)  # another run may have done it meanwhile
            self._check_marks(db, app, version)
            if app == 0:
                db.execute(f"PRAGMA application_id = {APP_ID}")
            for step in MIGRATIONS[version:]:
                step(db)
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        if version == 0:
            use_wal(db)  # kept in the file: set once, when it is made

    @staticmethod
    def _marks(db: sqlite3.Connection) -> tuple[Any, Any]:
        return db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0]

    def _check_marks(self, db: sqlite3.Connection, app: int, version: int) -> None:
        if app == 0:
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables or version:
                raise LogRefused(f"{self.path}: not a sheetgen play log (a SQLite database of another "
                                 f"program); it is left as it is, name another log file")
            return
        if app != APP_ID:
            raise LogRefused(f"{self.path}: not a sheetgen play log (a SQLite database of another program); "
                             f"it is left as it is, name another log file")
        if version > SCHEMA:
            raise LogRefused(f"{self.path}: written by a newer sheetgen (log format {version}; this sheetgen "
                             f"reads up to {SCHEMA}); upgrade sheetgen to use it")

    # -- adding ------------------------------------------------------------------------------
    def add(self, report: ScoreReport, results: Any, *, date: Union[str, datetime.date, None] = None,
            data_version: str = "", setup: Optional[str] = None, warnings: Sequence[str] = ()) -> Logged:
        """Log one scored game: `report` (a ScoreReport) of `results` (the plain values of its
        results file, in the file's seating order). A game already in the log is not added
        again (`Logged.added` is False)."""
        day = parse_date(date, "date") if date is not None else datetime.date.today()
        plain = _plain(results)
        text = results_text(plain)
        fingerprint = hashlib.sha256(f"{report.game}\n{text}".encode("utf-8")).hexdigest()
        seats = seating(plain, report)
        logged_at = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        with self._guard("log the game"):
            found = self._by_fingerprint(fingerprint)
            if found is not None:
                return Logged(found, False)
            try:
                with self._write() as db:
                    latest = db.execute("SELECT max(played_on) FROM plays WHERE game = ?", (report.game,)).fetchone()[0]
                    if latest is not None and day.isoformat() < latest:
                        _bump(db, report.game)
                    cursor = db.execute(
                        "INSERT INTO plays (fingerprint, game, played_on, setup_code, data_version, tie_breaker, "
                        "warnings, results, logged_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (fingerprint, report.game, day.isoformat(), setup, data_version, report.tie_breaker,
                         json.dumps(list(warnings), ensure_ascii=False), text, logged_at))
                    play_id = cursor.lastrowid
                    db.executemany(
                        "INSERT INTO seats (play_id, seat, name, name_key, total, rank, winner, breakdown) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [(play_id, p.seat, p.name, playernames.key(p.name), p.total, p.rank, int(p.winner),
                          json.dumps(p.breakdown, ensure_ascii=False)) for p in seats])
            except sqlite3.IntegrityError:  # another run logged the same game a moment ago
                found = self._by_fingerprint(fingerprint)
                if found is None:
                    raise
                return Logged(found, False)
            return Logged(self._load("WHERE p.id = ?", (play_id,), results=False)[0], True)

    def score(self, path: Any = None, *, text: Optional[str] = None, date: Union[str, datetime.date, None] = None,
              data: Any = None) -> Logged:
        """Check and tally a results file (or filled PDF forms) with `sheetgen.game`, then log
        it. A file with problems raises InvalidInput and logs nothing."""
        if text is not None:
            doc = parse_yaml(text, "<text>")
        elif isinstance(path, (list, tuple)) or is_pdf(path):
            from sheetgen.results.pdf import open_pdf  # the PDF-reading side loads with a filled form only

            pdfs = [open_pdf(p, api.fillable_sheets()) for p in (path if isinstance(path, (list, tuple)) else [path])]
            doc = api.game(pdfs[0].game, data).read(pdfs)
        else:
            doc = read_yaml(path)
        game = api.game(api.game_of(doc), data)
        report = game.scorer().tally(doc)
        return self.add(report, doc.value, date=date, data_version=game.rules.version,
                        setup=setup_code(doc.value), warnings=report.warnings)

    # -- reading -----------------------------------------------------------------------------
    def __len__(self) -> int:
        with self._guard("read the log"):
            return int(self.db.execute("SELECT count(*) FROM plays").fetchone()[0])

    def get(self, play_id: int) -> Play:
        """One play in full (with its results); InvalidArgument("play") if there is none."""
        with self._guard("read the log"):
            found = self._load("WHERE p.id = ?", (int(play_id),), results=True)
        if not found:
            raise InvalidArgument("play", f"there is no play {play_id} in {self.path}; 'sheetgen plays' "
                                          f"lists them")
        return found[0]

    def plays(self, game: Optional[str] = None, player: Optional[str] = None,
              since: Union[str, datetime.date, None] = None,
              until: Union[str, datetime.date, None] = None, *, results: bool = False) -> list[Play]:
        """The logged plays, oldest first (by date, then as logged), of `game`, with `player`,
        from `since` to `until` (dates, both included). `results` loads each play's results."""
        where: list[str] = []
        args: list[str] = []
        if game is not None:
            where.append("p.game = ?")
            args.append(game)
        if since is not None:
            where.append("p.played_on >= ?")
            args.append(parse_date(since, "since").isoformat())
        if until is not None:
            where.append("p.played_on <= ?")
            args.append(parse_date(until, "until").isoformat())
        if player is not None:
            where.append("p.id IN (SELECT play_id FROM seats WHERE name_key = ?)")
            args.append(playernames.key(player))
        clause = ("WHERE " + " AND ".join(where)) if where else ""
        with self._guard("read the log"):
            return self._load(clause, tuple(args), results=results)

    def games(self) -> list[str]:
        """The games that have plays in the log, sorted."""
        with self._guard("read the log"):
            return [row[0] for row in self.db.execute("SELECT DISTINCT game FROM plays ORDER BY game")]

    def _by_fingerprint(self, fingerprint: str) -> Optional[Play]:
        found = self._load("WHERE p.fingerprint = ?", (fingerprint,), results=False)
        return found[0] if found else None

    def _load(self, clause: str, args: tuple[Any, ...], results: bool) -> list[Play]:
        db = self.db
        columns = "p.id, p.game, p.played_on, p.setup_code, p.data_version, p.tie_breaker, p.warnings, " \
                  "p.logged_at, p.fingerprint" + (", p.results" if results else "")
        rows = db.execute(f"SELECT {columns} FROM plays p {clause} ORDER BY p.played_on, p.id", args).fetchall()
        if not rows:
            return []
        seat_sql = ("SELECT s.play_id, s.seat, s.name, s.total, s.rank, s.winner, s.breakdown FROM seats s "
                    f"JOIN plays p ON p.id = s.play_id {clause} ORDER BY s.play_id, s.seat")
        seat_rows = db.execute(seat_sql, args).fetchall()
        try:
            return self._plays(rows, seat_rows, results)
        except (ValueError, TypeError, KeyError, AttributeError):
            # a log is ours by its marks, but its values may still have been edited or broken
            raise LogRefused(f"{self.path}: the play log is damaged (a play's stored values cannot be read); "
                             f"it is left as it is: restore a copy, or name another log file") from None

    def _plays(self, rows: list[Any], seat_rows: list[Any], results: bool) -> list[Play]:
        seats: dict[int, list[PlayerResult]] = {row[0]: [] for row in rows}
        # one JSON document for every breakdown: one parse instead of one per seat
        breakdowns = json.loads("[" + ",".join(row[6] for row in seat_rows) + "]")
        for (play_id, seat, name, total, rank, winner, _), breakdown in zip(seat_rows, breakdowns):
            if not (type(seat) is type(total) is type(rank) is int and isinstance(name, str)
                    and isinstance(breakdown, dict)):
                raise ValueError(play_id)
            seats[play_id].append(PlayerResult(name, seat, total, rank, bool(winner), breakdown))
        plays: list[Play] = []
        fromiso = datetime.date.fromisoformat
        for row in rows:
            players = tuple(seats[row[0]])
            if not players or not isinstance(row[1], str):
                raise ValueError(row[0])
            plays.append(Play(
                id=row[0], game=row[1], date=fromiso(row[2]), setup=row[3], data_version=row[4],
                tie_breaker=row[5], warnings=() if row[6] == "[]" else tuple(json.loads(row[6])), logged_at=row[7],
                fingerprint=row[8], players=players, winners=tuple(p.name for p in players if p.winner),
                results=_results_value(row[9], row[0]) if results else None))
        return plays

    # -- changing ----------------------------------------------------------------------------
    def remove(self, play_id: int) -> Play:
        """Take a play out of the log; returns it as it was."""
        play = self.get(play_id)
        with self._guard("remove the play"):
            with self._write() as db:
                db.execute("DELETE FROM plays WHERE id = ?", (play.id,))
                _bump(db, play.game)
        return play

    def rescore(self, data: Any = None, game: Optional[str] = None) -> list[Change]:
        """Score every logged play (of `game`) again from its results, with the rule data of
        `data` (a house-rule folder) or the bundled data; update those whose tally changed.
        A play whose results no longer pass the checks is kept as it was and reported."""
        changes: list[Change] = []
        games: dict[str, tuple[Scorer, str]] = {}  # a game -> its scorer and its rule data's version
        with self._guard("score the log again"):
            for play in self.plays(game=game, results=True):
                if play.game not in games:
                    try:
                        chosen = api.game(play.game, data)
                    except InvalidArgument as exc:
                        changes.append(Change(play, play, (), (exc.message,)))
                        continue
                    games[play.game] = (chosen.scorer(), chosen.rules.version)
                scorer, version = games[play.game]
                try:
                    doc = Document(f"play {play.id}", play.results)
                    api.game_of(doc)  # a results file names a game sheetgen knows
                    report = scorer.tally(doc)
                except InvalidInput as exc:
                    changes.append(Change(play, play, (), tuple(str(p) for p in exc.problems)))
                    continue
                seats = seating(play.results, report)
                after = Play(play.id, play.date, play.game, tuple(seats),
                             tuple(p.name for p in seats if p.winner), report.tie_breaker, version, play.setup,
                             tuple(report.warnings), play.results, play.logged_at, play.fingerprint)
                lines = differences(play, after)
                if not lines and version == play.data_version:
                    continue
                with self._write() as db:
                    db.execute("UPDATE plays SET data_version = ?, tie_breaker = ?, warnings = ? WHERE id = ?",
                               (version, report.tie_breaker, json.dumps(list(report.warnings), ensure_ascii=False),
                                play.id))
                    db.executemany(
                        "UPDATE seats SET total = ?, rank = ?, winner = ?, breakdown = ? "
                        "WHERE play_id = ? AND seat = ?",
                        [(p.total, p.rank, int(p.winner), json.dumps(p.breakdown, ensure_ascii=False), play.id,
                          p.seat) for p in seats])
                    _bump(db, play.game)
                if lines:
                    changes.append(Change(after, play, tuple(lines)))
        return changes

    def standings(self, game: str, since: Union[str, datetime.date, None] = None,
                  until: Union[str, datetime.date, None] = None, *, history: bool = False) -> Any:
        """Each player's plays, wins, win rate, average and best score and skill rating in
        `game`'s logged plays from `since` to `until` (a `Standings`). With `history`, also
        every player's rating after each play (the picture's), replayed from the start."""
        if history:
            return table.standings(game, self.plays(game=game, since=since, until=until))
        first = parse_date(since, "since").isoformat() if since is not None else ""
        last = parse_date(until, "until").isoformat() if until is not None else ""
        with self._guard("read the log"):
            db = self.db
            where = "p.game = ?" + (" AND p.played_on >= ?" if first else "") + (" AND p.played_on <= ?" if last else "")
            args = tuple(x for x in (game, first, last) if x)
            span = db.execute(f"SELECT count(*), min(played_on), max(played_on), max(played_on || '/' || "
                              f"printf('%012d', id)) FROM plays p WHERE {where}", args).fetchone()
            counts = db.execute("SELECT s.name_key, count(*), sum(s.winner), sum(s.total), max(s.total) FROM seats s "
                                f"JOIN plays p ON p.id = s.play_id WHERE {where} GROUP BY s.name_key", args).fetchall()
            # the name as the latest play spells it (SQLite takes the bare column from the max row)
            spelled = {k: n for k, n, _ in db.execute(
                "SELECT s.name_key, s.name, max(p.played_on || '/' || printf('%012d', p.id)) FROM seats s "
                f"JOIN plays p ON p.id = s.play_id WHERE {where} GROUP BY s.name_key", args)}
            generation = _generation(db, game)
            kept = db.execute("SELECT generation, last_date, last_id, covered, ratings FROM ratings_cache "
                              "WHERE game = ? AND since = ? AND until = ?", (game, first, last)).fetchone()
            start = None
            after: tuple[str, int] = ("", 0)  # (date, play id) the kept ratings reach
            if kept is not None and kept[0] == generation:
                # and the plays up to the kept point are as many as then (the log edited by other means)
                covered = db.execute(f"SELECT count(*) FROM plays p WHERE {where} AND (p.played_on, p.id) <= (?, ?)",
                                     (*args, kept[1], kept[2])).fetchone()[0]
                if covered == kept[3]:
                    start = _kept_ratings(kept[4])
                    after = (kept[1], kept[2]) if start is not None else after
            rows = db.execute("SELECT p.id, s.name_key, s.rank FROM seats s JOIN plays p ON p.id = s.play_id "
                              f"WHERE {where} AND (p.played_on, p.id) > (?, ?) ORDER BY p.played_on, p.id, s.seat",
                              (*args, *after)).fetchall()
        made, ratings = table.from_counts(game, span, counts, spelled, rows, start)
        if rows:
            latest_date, latest_id = span[3].split("/")
            try:
                with self._write() as db:
                    db.execute("INSERT OR REPLACE INTO ratings_cache VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                               (game, first, last, generation, latest_date, int(latest_id), span[0],
                                json.dumps(ratings)))
            except sqlite3.Error:
                pass  # kept ratings only save time: a log we may not write to is still read
        return made


def _kept_ratings(text: Any) -> Optional[table.Ratings]:
    """Kept ratings ({name key: [mu, sigma]}), or None when they are not that (start again)."""
    try:
        kept = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(kept, dict):
        return None
    for pair in kept.values():
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) in (int, float) for x in pair)
                and pair[1] > 0):
            return None
    return kept


def _bump(db: sqlite3.Connection, game: str) -> None:
    db.execute("INSERT INTO game_state (game, generation) VALUES (?, 1) "
               "ON CONFLICT (game) DO UPDATE SET generation = generation + 1", (game,))


def _generation(db: sqlite3.Connection, game: str) -> int:
    row = db.execute("SELECT generation FROM game_state WHERE game = ?", (game,)).fetchone()
    return int(row[0]) if row else 0


# -- helpers -----------------------------------------------------------------------------------

def parse_date(value: Union[str, datetime.date], argument: str) -> datetime.date:
    """A date given as YYYY-MM-DD (or a date); InvalidArgument naming `argument` otherwise."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    text = str(value).strip()
    try:
        if len(text) != 10:
            raise ValueError(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise InvalidArgument(argument, f"'{value}' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-06") \
            from None


def _plain(value: Any) -> Any:
    """Results values as plain Python types (YAML and JSON write them)."""
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


def results_text(results: Any) -> str:
    """Results as canonical YAML (sorted keys): what the log stores and fingerprints. PyYAML's
    own emitter, never libyaml's: the fingerprint must not depend on which one is installed."""
    return yaml.safe_dump(_plain(results), sort_keys=True, allow_unicode=True, default_flow_style=None, width=100)


def _results_value(text: Any, play_id: int) -> Any:
    """A play's stored results, read with sheetgen's own YAML reader (bounded, safe with anchors
    and aliases: a log may come from someone else)."""
    if not isinstance(text, str):
        raise ValueError(play_id)
    try:
        return parse_yaml(text, f"play {play_id}").value
    except InvalidInput:
        raise ValueError(play_id) from None


def setup_code(results: Any) -> Optional[str]:
    """The setup code a results file names (Gold West's `setup:`), if any."""
    setup = results.get("setup") if isinstance(results, dict) else None
    if isinstance(setup, str) and setup.strip():
        return setup.strip()
    return None


def seating(results: Any, report: ScoreReport) -> list[PlayerResult]:
    """Each scored player with their seat: their place in the results' players list. A player
    the list does not name (cannot be seated) is refused, never guessed."""
    listed = results.get("players") if isinstance(results, dict) else None
    order: dict[str, int] = {}  # a name's key -> its seat
    for index, entry in enumerate(listed or []):
        name = entry.get("name") if isinstance(entry, dict) else entry
        if isinstance(name, str):
            order.setdefault(playernames.key(name), index + 1)
    out = []
    for p in report.players:
        seat = order.get(playernames.key(p.name))
        if seat is None:
            raise LogRefused(f"cannot tell where {p.name} sat: the results' players list does not name them; "
                             f"the game is not logged")
        out.append(PlayerResult(playernames.clean(p.name), seat, p.total, p.rank, p.name in report.winners,
                                dict(p.breakdown)))
    if len({p.seat for p in out}) != len(out):
        raise LogRefused("two players share a seat in the results' players list; the game is not logged")
    return sorted(out, key=lambda p: p.seat)


def differences(before: Play, after: Play) -> list[str]:
    """What changed between two tallies of one play, in words."""
    lines: list[str] = []
    old = {playernames.key(p.name): p for p in before.players}
    for p in after.players:
        was = old.get(playernames.key(p.name))
        if was is None:
            continue
        if was.total != p.total:
            lines.append(f"{p.name} {was.total} -> {p.total}")
        elif was.breakdown != p.breakdown:
            lines.append(f"{p.name}'s breakdown changed (total {p.total})")
    if list(before.winners) != list(after.winners):
        lines.append(f"winner {', '.join(before.winners) or 'none'} -> {', '.join(after.winners) or 'none'}")
    elif [p.rank for p in before.players] != [p.rank for p in after.players]:
        lines.append("ranks changed")
    return lines
