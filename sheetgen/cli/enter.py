"""sheetgen enter: type a game's results in, one question at a time, then score them."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

import click

from sheetgen import output
from sheetgen.cli.common import FORCE, _data, _game, _names, _say, table_options
from sheetgen.cli.results import _lookup
from sheetgen.errors import InvalidArgument
from sheetgen.results import batch, show as results_show
from sheetgen.results.entry import EndOfInput, Retry, read_line


@click.command()
@table_options("asked", "Comma-separated player names in seating order, e.g. Ann,Ben,Cat (else asked).")
@click.option("--code", metavar="CODE", help="The setup code of the game played: players in its seating "
              "order (--names, first player first) and, for gold-west, only its offices and the counts they score.")
@click.option("-o", "--output", "out", metavar="FILE", help="Results file to write. Default: "
              "output/GAME-results.yaml.")
@FORCE
@click.pass_context
def enter(ctx: click.Context, game: str, players: Optional[int], names: Optional[str], code: Optional[str],
          out: Optional[str], force: bool) -> None:
    """Type in a game's results from the paper sheets, one question at a time, then score them.

    Asks each field player by player, in the order of the sheets and of 'sheetgen
    template'; a bad answer is asked again with the reason, an empty one takes the
    value in [brackets]. Lists go on one line, comma-separated. Then writes the
    results file, checks it and prints the scores. Answers may be piped in, one a
    line; if they run out, nothing is written (exit 1).

    \b
    Examples:
      sheetgen enter rolled-west --names Ann,Ben -o tonight.yaml
      sheetgen enter gold-west --code GW3-... --names Sara,Levi,Ann
      printf '4\\n2\\n1\\nFarm, Market\\n\\n...' | sheetgen enter piecepack-gold-rush --names Ann,Ben,Cat
                                           (answers piped in, one a line)
    """
    chosen = _game(ctx, game)
    if out == "-":
        raise InvalidArgument("output", "enter reads the answers from standard input; give a file name to write")
    name = out or os.path.join(output.DEFAULT_FOLDER, f"{chosen.key}-results.yaml")
    make_folder = out is None and not os.path.isdir(output.DEFAULT_FOLDER)
    # output/ is made once there is something to write (not for a refused count)
    if make_folder:
        target: Optional[Path] = Path(name)
    else:
        target = output.text_target(name, force)
    piped = not sys.stdin.isatty() if sys.stdin is not None else True

    def ask(prompt: str, default: Optional[str]) -> str:
        _say(f"{prompt} [{default}]: " if default is not None else f"{prompt}: ", nl=False)
        try:
            line = read_line(sys.stdin) if sys.stdin is not None else None
        except Retry:
            _say("")
            raise
        if line is None:
            _say("")
            raise EndOfInput(f"the answers ran out at '{prompt.split(' (')[0].split(':')[0]}'; nothing was written")
        if piped:
            _say(line)  # a piped answer shows, as a typed one would
        return line if line.strip() or default is None else default

    text = chosen.enter(ask, _say, players=players, names=_names(names), code=code)
    if make_folder:
        os.makedirs(output.DEFAULT_FOLDER, exist_ok=True)
    output.write_atomic(target, text.encode("utf-8"), force=force)
    _say(f"wrote {target}: 'sheetgen score {target}' tallies it again")
    results_show.show(batch.run([str(target)], _lookup(_data(ctx)), score=True), "text", score=True)
