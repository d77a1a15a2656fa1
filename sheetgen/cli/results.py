"""sheetgen check and score: results files and filled forms, read, checked and tallied."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

import click

from sheetgen import api
from sheetgen.cli.common import _data, _say
from sheetgen.errors import InvalidArgument
from sheetgen.results import batch, show as results_show

if TYPE_CHECKING:
    from sheetgen.cli.playlog import ScoreLog


_FILES_HELP = """FILE may be a results file (YAML), a filled PDF form, a phone photo of a marked
Rolled West board (.jpg, .jpeg or .png; read as 'sheetgen scan' reads it, with the
scan extra), a folder (every results file, PDF and photo in it) or - for standard
input (YAML). A results file is one game. Filled PDFs and photos are players'
sheets: all those given that were printed for the same game make one game
together, and so do those of one folder. A box of a photo the reader is not
sure of is asked at a terminal, else refused as PHOTO:FIELD: message. Several
games are checked one by one, then a summary line says how many passed."""


@click.command(epilog=_FILES_HELP)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="Lines for people, or JSON for programs.")
@click.pass_context
def check(ctx: click.Context, files: tuple[str, ...], fmt: str) -> None:
    """Check filled-in results (files, filled PDF forms or photos of boards) against the rules, without tallying.

    Every problem is listed as FILE:LINE:COLUMN: message, or FILE:page N:FIELD:
    message in a PDF form (exit 1), the first 100 of a file then a count of the
    rest (--format json lists every one); warnings (possible but unusual) are printed
    and do not fail.

    \b
    Examples:
      sheetgen check tonight.yaml
      sheetgen check board-ann.pdf board-ben.pdf    (the boards of one game)
      sheetgen check ann.jpg ben.jpg         (photos of the boards of one game)
      sheetgen check games/                  (every results file in a folder)
    """
    outcomes = batch.run(files, _lookup(_data(ctx)), score=False)
    results_show.show(outcomes, fmt.lower(), score=False)


@click.command(epilog=_FILES_HELP)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, or JSON for programs.")
@click.option("--map", "show_map", is_flag=True, help="Text output: under each table, a map of who built "
              "where (Gold West files that list the hexes of the buildings).")
@click.option("--log", "log", is_flag=False, flag_value="", default=None, metavar="[PATH]",
              help="Also keep each game scored in the play log: PATH, else $SHEETGEN_LOG, else plays.sqlite in "
                   "your data folder. A game with problems is never logged; one already there is not counted "
                   "twice.")
@click.option("--date", metavar="YYYY-MM-DD", help="With --log: the day the game was played (default: today).")
@click.pass_context
def score(ctx: click.Context, files: tuple[str, ...], fmt: str, show_map: bool, log: Optional[str],
          date: Optional[str]) -> None:
    """Check filled-in results (files, filled PDF forms or photos of boards), then tally them: totals, ranks, winners.

    \b
    Examples:
      sheetgen template rolled-west -p 3 -o tonight.yaml   (fill it in)
      sheetgen score tonight.yaml
      sheetgen score tonight.yaml --format json
      sheetgen score board-ann.pdf board-ben.pdf    (filled boards: one game)
      sheetgen score ann.jpg ben.jpg         (photos of marked boards: one game)
      sheetgen score season/                 (every game in a folder, then a summary)
      sheetgen score gold-west-map.yaml --map   (and a map of the board)
      sheetgen score tonight.yaml --log      (and keep it in the play log)
    """
    if show_map and fmt.lower() == "json":
        raise InvalidArgument("map", "the map is drawn in the text output; the JSON gives each player's "
                                     "derived counts instead (leave out --map or --format json)")
    if date is not None and log is None:
        raise InvalidArgument("date", "--date is the day a logged game was played; add --log")
    kept: Optional[ScoreLog] = None
    if log is not None:  # the play log (sqlite3, platformdirs) loads only with --log, opened before any work
        from sheetgen.cli import playlog as log_command

        kept = log_command.ScoreLog.open(log, date)
    outcomes = batch.run(files, _lookup(_data(ctx)), score=True)
    lines, failed = kept.keep(outcomes, _data(ctx)) if kept is not None else ([], False)
    try:
        results_show.show(outcomes, fmt.lower(), score=True, picture=show_map)
    finally:  # the log's lines follow the scores (on stderr under --format json, or for a game not logged)
        for line in lines:
            _say(line, err=fmt.lower() == "json" or line.startswith("not logged"))
    if failed:
        sys.exit(1)


def _lookup(data: Optional[str]) -> batch.Lookup:
    """The games as a batch of results files needs them, with the --data folder's rule data."""
    return batch.Lookup(game_of=lambda doc: api.game(api.game_of(doc), data), game=lambda key: api.game(key, data),
                        fillable=api.fillable_sheets)
