"""The play log as the command line shows it: lists, one play in full, what logging did."""

from __future__ import annotations

import datetime
import os
from typing import TYPE_CHECKING, Optional, Sequence

import sheetgen
from sheetgen.errors import InvalidArgument
from sheetgen.playernames import printable
from sheetgen.playlog.model import Change, Play
from sheetgen.playlog.store import LogRefused, PlayLog, setup_code
from sheetgen.results.report import ScoredPlayer, ScoreReport

if TYPE_CHECKING:  # a score run's outcomes; plays and standings load no batch (nor sheetgen.scan)
    from sheetgen.results.batch import FileOutcome

RESULTS_SUFFIXES = (".yaml", ".yml", ".pdf")


def log_path(option: Optional[str], argument: str = "log") -> Optional[str]:
    """The log a --log option names ("" or None: the default), refusing a results file's name
    (`score --log a.yaml b.yaml` would take a.yaml for the log)."""
    if option and option.lower().endswith(RESULTS_SUFFIXES):
        raise InvalidArgument(argument, f"'{option}' looks like a results file, not a play log; put --log after "
                                        f"the files, or name the log (e.g. --log plays.db)")
    return option or None


def shown_path(log: PlayLog) -> str:
    """The log's path as the user will recognise it."""
    try:
        relative = os.path.relpath(log.path)
    except ValueError:
        return str(log.path)
    return str(log.path) if relative.startswith("..") else relative


def log_outcomes(log: PlayLog, outcomes: Sequence[FileOutcome], date: Optional[datetime.date],
                 data: Optional[str]) -> tuple[list[str], bool]:
    """Log every scored game of a `score` run: (lines to print, whether any failed to log)."""
    lines: list[str] = []
    failed = False
    where = shown_path(log)
    for o in outcomes:
        if o.report is None:
            lines.append(f"not logged: {o.name} has problems")
            continue
        try:
            done = log.add(o.report, o.results, date=date, data_version=sheetgen.game(o.report.game, data).rules.version,
                           setup=setup_code(o.results), warnings=o.report.warnings)
        except LogRefused as exc:
            lines.append(f"not logged: {o.name}: {exc}")
            failed = True
            continue
        p = done.play
        if done.added:
            lines.append(f"logged: play {p.id}, {p.game} on {p.date.isoformat()}, in {where}")
        else:
            lines.append(f"already logged: play {p.id} ({p.game} on {p.date.isoformat()}) in {where}; "
                         f"not counted twice")
    return lines, failed


def plays_table(plays: Sequence[Play]) -> str:
    """A line per play: id, date, game, winner(s), every total best first."""
    header = ["play", "date", "game", "winner", "scores"]
    rows = [[str(p.id), p.date.isoformat(), p.game, printable(", ".join(p.winners) or "-"),
             printable(", ".join(f"{r.name} {r.total}" for r in p.ranked()))] for p in plays]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def play_text(play: Play, title: str) -> str:
    """One play in full: when, what, the seating, the score table and its winners."""
    report = ScoreReport(play.game, [ScoredPlayer(p.name, p.total, p.rank, dict(p.breakdown))
                                     for p in play.ranked()], list(play.winners), play.tie_breaker,
                         list(play.warnings))
    seating = ", ".join(f"{p.seat}. {p.name}" for p in play.players)
    lines = [f"play {play.id}: {title} on {play.date.isoformat()}",
             f"seating: {printable(seating)}",
             f"setup code: {play.setup or '-'}",
             f"rule data: {play.game} version {play.data_version}",
             f"logged: {play.logged_at} UTC", "",
             report.text().rstrip("\n")]
    return "\n".join(lines)


def change_lines(changes: Sequence[Change], count: int) -> list[str]:
    """What `plays --rescore` did, a line per play that changed or now fails, then a summary."""
    lines: list[str] = []
    changed = failed = 0
    for c in changes:
        head = f"play {c.play.id} ({c.play.game} on {c.play.date.isoformat()})"
        if c.problems:
            failed += 1
            lines.append(printable(f"{head}: now fails the checks, kept as it was: {c.problems[0]}"))
        else:
            changed += 1
            lines.append(printable(f"{head}: {'; '.join(c.lines)}"))
    plural = "s" if count != 1 else ""
    summary = f"{count} play{plural} scored again: {changed} changed"
    if failed:
        summary += f", {failed} now fail{'s' if failed == 1 else ''} the checks"
    return [*lines, summary]
