"""sheetgen plays and standings: the play log, listed, shown, changed, exported, ranked."""

from __future__ import annotations

import csv
import datetime
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

import click

from sheetgen import api, output
from sheetgen.cli.common import FORCE, F, _complete_game, _data, _game, _say
from sheetgen.errors import InvalidArgument
from sheetgen.games import get_game
from sheetgen.playernames import printable
from sheetgen.playlog import LogRefused, PlayLog, export as log_export, plot as log_plot, show as log_show
from sheetgen.playlog import standings as log_standings
from sheetgen.playlog.store import parse_date

if TYPE_CHECKING:  # the outcomes `score --log` keeps; plays and standings read no results file
    from sheetgen.results.batch import FileOutcome


LOG = click.option("--log", "log", metavar="PATH", help="The play log (default: $SHEETGEN_LOG, else "
                   "plays.sqlite in your data folder).")


def date_range(command: F) -> F:
    command = click.option("--until", metavar="YYYY-MM-DD", help="Only plays on or before this day.")(command)
    return click.option("--since", metavar="YYYY-MM-DD", help="Only plays on or after this day.")(command)


def _open_log(log: Optional[str]) -> PlayLog:
    return PlayLog(log_show.log_path(log), create=False)


@click.command()
@LOG
@click.option("--game", metavar="GAME", shell_complete=_complete_game, help="Only plays of this game.")
@click.option("--player", metavar="NAME", help="Only plays with this player (any letter case).")
@date_range
@click.option("--show", "show_id", type=int, metavar="PLAY", help="Show one play in full: seating, setup, "
              "rule data and its score table.")
@click.option("--remove", "remove_id", type=int, metavar="PLAY", help="Take one play out of the log (asks first).")
@click.option("--yes", is_flag=True, help="With --remove: do not ask.")
@click.option("--rescore", is_flag=True, help="Score every logged play again with the current rule data "
              "(or --data) and report what changed.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "bgstats"], case_sensitive=False),
              default="text", show_default=True, help="A list for people, JSON for programs, CSV for a "
              "spreadsheet, or a BG Stats play file (to import in the app).")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default).")
@FORCE
@click.pass_context
def plays(ctx: click.Context, log: Optional[str], game: Optional[str], player: Optional[str], since: Optional[str],
          until: Optional[str], show_id: Optional[int], remove_id: Optional[int], yes: bool, rescore: bool, fmt: str,
          out: Optional[str], force: bool) -> None:
    """List the games kept in the play log (sheetgen score --log), show, remove or re-score them,
    or export them.

    \b
    Examples:
      sheetgen plays --game rolled-west --player Ann --since 2026-09-01
      sheetgen plays --show 3
      sheetgen plays --remove 3
      sheetgen plays --rescore                 (after a rule-data change)
      sheetgen plays --format bgstats -o season.bgsplay
    """
    fmt = fmt.lower()
    chosen = [flag for flag, on in (("--show", show_id is not None), ("--remove", remove_id is not None),
                                    ("--rescore", rescore)) if on]
    if len(chosen) > 1:
        raise InvalidArgument("show", f"give one of {' and '.join(chosen)}")
    if yes and remove_id is None:
        raise InvalidArgument("yes", "--yes answers the question --remove asks; add --remove PLAY")
    if game is not None:
        try:
            game = get_game(game).key
        except InvalidArgument as exc:
            raise InvalidArgument("game_filter", exc.message) from None
    for value, name in ((since, "since"), (until, "until")):
        if value is not None:
            parse_date(value, name)
    target = output.text_target(out, force) if fmt != "text" or out is not None else None
    with _open_log(log) as play_log:
        _plays(ctx, play_log, game, player, since, until, show_id, remove_id, yes, rescore, fmt, target)


def _plays(ctx: click.Context, play_log: PlayLog, game: Optional[str], player: Optional[str], since: Optional[str],
           until: Optional[str], show_id: Optional[int], remove_id: Optional[int], yes: bool, rescore: bool, fmt: str,
           target: Optional[Path]) -> None:
    if show_id is not None:
        play = play_log.get(show_id)
        _say(log_show.play_text(play, _logged_game(ctx, play.game).title))
        return
    if remove_id is not None:
        play = play_log.get(remove_id)
        what = printable(f"play {play.id} ({play.game} on {play.date.isoformat()}: "
                         f"{', '.join(p.name for p in play.ranked())})")
        if not yes:
            if not sys.stdin or not sys.stdin.isatty():
                raise InvalidArgument("yes", f"removing {what} asks first; add --yes to remove it without asking")
            if not click.confirm(f"Remove {what} from {log_show.shown_path(play_log)}?", default=False, err=True):
                _say("nothing removed")
                return
        play_log.remove(play.id)
        _say(f"removed {what}")
        return
    if rescore:
        count = len(play_log.plays(game=game))
        for line in log_show.change_lines(play_log.rescore(_data(ctx), game=game), count):
            _say(line)
        return
    found = play_log.plays(game=game, player=player, since=since, until=until)
    if fmt == "text":
        text = log_show.plays_table(found) if found else "no plays logged" + (" that match" if (
            game or player or since or until) else "")
    elif fmt == "json":
        text = log_export.to_json(found)
    elif fmt == "csv":
        text = log_export.to_csv(found)
    else:
        text = json.dumps(log_export.to_bgstats(found, lambda key: _logged_game(ctx, key).rules), indent=2,
                          ensure_ascii=False) + "\n"
    if target is None:
        _say(text.rstrip("\n"))
        return
    output.write_atomic(target, text.encode("utf-8"))
    names = {"text": "a list", "json": "JSON", "csv": "CSV", "bgstats": "a BG Stats play file"}
    _say(f"wrote {target}: {len(found)} play{'s' if len(found) != 1 else ''} as {names[fmt]}")


@click.command()
@click.argument("game", required=False, shell_complete=_complete_game)
@LOG
@date_range
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, JSON for programs, CSV for a spreadsheet.")
@click.option("--plot", metavar="FILE", help="Also draw each player's rating after every play: a .svg, .pdf "
              "(or .png, with pip install 'sheetgen[png]').")
@FORCE
@click.pass_context
def standings(ctx: click.Context, game: Optional[str], log: Optional[str], since: Optional[str], until: Optional[str],
              fmt: str, plot: Optional[str], force: bool) -> None:
    """Who leads: per player, plays, wins (a shared win counts), win rate, average and best
    score and a skill rating (openskill), from the play log; one table per game.

    \b
    Examples:
      sheetgen standings rolled-west --since 2026-09-01
      sheetgen standings gold-west --plot ratings.svg
      sheetgen standings --format json
    """
    fmt = fmt.lower()
    for value, name in ((since, "since"), (until, "until")):
        if value is not None:
            parse_date(value, name)
    keys = [get_game(game).key] if game is not None else None
    picture = None
    if plot is not None:
        ending = log_plot.suffix(plot)
        picture = _plot_target(plot, force)
    with _open_log(log) as play_log:
        keys = keys if keys is not None else play_log.games()
        if picture is not None and len(keys) != 1:
            raise InvalidArgument("plot", "a picture shows one game's ratings; name the GAME")
        tables = [play_log.standings(key, since, until, history=picture is not None) for key in keys]
    titles = {key: _logged_game(ctx, key).title for key in keys}
    if fmt == "json":
        body = tables[0].to_dict() if game is not None else {"games": [t.to_dict() for t in tables]}
        _say(json.dumps(body, indent=2, ensure_ascii=False))
    elif fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(["game", "player", "plays", "wins", "win_rate", "average", "best", "rating"])
        for t in tables:
            for s in t.players:
                writer.writerow([t.game, s.name, s.plays, s.wins, f"{s.win_rate:.4f}", f"{s.average:.2f}", s.best,
                                 f"{s.rating:.2f}"])
        _say(buffer.getvalue().rstrip("\r\n"))
    elif not tables:
        _say("no plays logged")
    else:
        _say("\n\n".join(log_standings.to_text(t, titles[t.game]) if t.plays else f"{titles[t.game]}: no plays "
                         f"logged" for t in tables))
    if picture is not None:
        table = tables[0]
        data = log_plot.render(table, f"{titles[table.game]}: ratings", ending)
        output.write_atomic(picture, data)
        _say(f"wrote {picture}: ratings of {len(table.players)} players over {table.plays} plays",
             err=fmt != "text")


def _logged_game(ctx: click.Context, key: str) -> api.Game:
    """The game of a logged play; a key this sheetgen does not know is the log's problem."""
    try:
        return _game(ctx, key)
    except InvalidArgument:
        raise LogRefused(f"the log holds plays of '{printable(key)}', a game this sheetgen does not know; "
                         f"choose the others (plays --game, standings GAME)") from None


def _plot_target(option: str, force: bool) -> Path:
    """Where --plot writes, checked before any work; an existing file needs --force."""
    path = Path(option)
    try:
        output.refuse_unusual(path)
        if not force and path.is_file():
            raise InvalidArgument("plot", f"'{path}' exists; give another name, or add --force to replace it")
        return output.check_writable(path)
    except InvalidArgument as exc:
        if exc.argument == "plot":
            raise
        raise InvalidArgument("plot", exc.message) from None


@dataclass
class ScoreLog:
    """`sheetgen score --log`: the play log, opened before any work (a log that cannot be opened,
    or a bad --date, stops the command before a file is read), and the day its games are kept for."""

    log: PlayLog
    day: Optional[datetime.date]

    @classmethod
    def open(cls, path: str, date: Optional[str]) -> ScoreLog:
        day = parse_date(date, "date") if date is not None else None
        return cls(PlayLog(log_show.log_path(path)), day)

    def keep(self, outcomes: Sequence[FileOutcome], data: Optional[str]) -> tuple[list[str], bool]:
        """Each game scored kept, and the log closed: the lines to print after the scores, and
        whether a game could not be logged."""
        try:
            return log_show.log_outcomes(self.log, outcomes, self.day, data)
        finally:
            self.log.close()
