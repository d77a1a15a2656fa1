"""sheetgen template: a blank, commented results file (or its schema, or an example)."""

from __future__ import annotations

import json
from typing import Optional

import click

from sheetgen import output
from sheetgen.cli.common import FORCE, _game, _names, _say, table_options
from sheetgen.errors import InvalidArgument


@click.command()
@table_options("the game's maximum", "Comma-separated player names to write in, e.g. Ann,Ben,Cat.")
@click.option("--schema", is_flag=True, help="Print the JSON Schema of GAME's results files instead "
              "(for editors' completion and checks).")
@click.option("--example", is_flag=True, help="Print a filled-in example results file instead.")
@click.option("--code", metavar="CODE", help="The setup code of the game played (sheetgen setup printed it): "
              "players in its seating order (--names gives their names, first player first) and, for "
              "gold-west, its setup line and only its offices and the counts they score.")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default).")
@FORCE
@click.pass_context
def template(ctx: click.Context, game: str, players: Optional[int], names: Optional[str], schema: bool, example: bool,
             code: Optional[str], out: Optional[str], force: bool) -> None:
    """A blank, commented results file for GAME, to fill in and pass to 'sheetgen score'.

    \b
    Examples:
      sheetgen template rolled-west -p 3 -o tonight.yaml
      sheetgen template gold-west --names Sara,Levi,Ann
      sheetgen template gold-west --code GW3-... --names Sara,Levi,Ann   (that setup's offices)
      sheetgen template gold-west --schema -o gold-west.schema.json
      sheetgen template rolled-west --example -o example.yaml
    """
    chosen = _game(ctx, game)
    if code is not None and (schema or example):
        raise InvalidArgument("code", "a code fills in a blank template; leave out "
                                      f"{'--schema' if schema else '--example'}")
    target = output.text_target(out, force)
    if schema:
        text = json.dumps(chosen.schema(), indent=2, ensure_ascii=False) + "\n"
    elif example:
        text = chosen.example()
    else:
        text = chosen.template(players, _names(names), code=code)
    output.write_atomic(target, text.encode("utf-8"), force=force)
    if target is not None and example:
        _say(f"wrote {target}: an example {chosen.key} results file; try 'sheetgen score {target}'")
    elif target is not None and not schema:
        _say(f"wrote {target}: fill it in, then run 'sheetgen score {target}'")
    elif target is not None:
        _say(f"wrote {target}: the JSON Schema of {chosen.key} results files")
