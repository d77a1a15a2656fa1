"""sheetgen setup: a fair random setup, reproducible from its seed or its code."""

from __future__ import annotations

import sys
from typing import Optional

import click

from sheetgen import output
from sheetgen.api import Ink, Paper
from sheetgen.cli.common import FORCE, _game, _names, _say, print_options, table_options


@click.command()
@table_options("the game's maximum", "Comma-separated player names to seat, e.g. Ann,Ben,Cat; with --code, "
               "in its seating order (first player first), as the setup printed them.")
@click.option("--seed", help="Any text; the same seed gives the same setup. Default: a fresh random seed.")
@click.option("--code", help="Rebuild exactly the setup this code was printed for (no randomness).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml", "markdown"], case_sensitive=False),
              default="text", show_default=True, help="Output format.")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default). "
              "A name ending in .pdf writes a printable setup card.")
@print_options(" of a PDF setup card")
@click.option("--reveal", is_flag=True, help="Also show what starts face down (for a referee or a solo game), "
              "in every format and on the card; by default only what the players see.")
@FORCE
@click.pass_context
def setup(ctx: click.Context, game: str, players: Optional[int], names: Optional[str], seed: Optional[str],
          code: Optional[str], fmt: str, out: Optional[str], paper: Paper, ink: Ink, reveal: bool, force: bool) -> None:
    """A fair random setup for GAME, reproducible from its seed or its setup code.

    \b
    Examples:
      sheetgen setup piecepack-gold-rush -p 3 --seed friday
      sheetgen setup piecepack-gold-rush --code PG3-...     (the code a setup printed)
      sheetgen setup carcassonne-gold-rush --names Ann,Ben,Cat --format json
      sheetgen setup gold-west -p 3 --seed friday -o card.pdf   (a printable card)
      sheetgen setup piecepack-gold-rush --seed solo --reveal -o card.pdf   (face-down tiles shown)
    """
    chosen = _game(ctx, game)
    chosen.spec.setup_functions()  # a game without setups says so before anything else
    card = out is not None and out.lower().endswith(".pdf")
    target = output.pdf_target(out, "", force) if card else output.text_target(out, force)
    made = chosen.setup(players, seed, code, _names(names))
    if card:
        output.write_atomic(target, chosen.setup_card(made, paper, ink, reveal=reveal), force=force)
        _say(f"wrote {target}: {chosen.key} setup card, code {made.code}")
        return
    text = made.text(fmt.lower(), reveal=reveal)
    output.write_atomic(target, text.encode("utf-8") if target else text.encode(sys.stdout.encoding or "utf-8",
                                                                               errors="replace"), force=force)
    if target is not None:
        _say(f"wrote {target}: {chosen.key} setup, code {made.code}")
