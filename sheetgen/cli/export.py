"""sheetgen export: filled PDF forms (or photos of boards) as the results file they amount to."""

from __future__ import annotations

from typing import Optional

import click

from sheetgen import api, output
from sheetgen.cli.common import FORCE, _game, _say
from sheetgen.errors import InvalidArgument
from sheetgen.paths import is_pdf
from sheetgen.scan import photos


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("-o", "--output", "out", metavar="FILE", help="Results file to write, or - for stdout (the default).")
@FORCE
@click.pass_context
def export(ctx: click.Context, files: tuple[str, ...], out: Optional[str], force: bool) -> None:
    """Turn filled PDF forms or photos of boards (the sheets of one game) into a results file.

    FILE is a filled PDF form or a phone photo of a marked Rolled West board
    (.jpg, .jpeg or .png, with the scan extra); a box of a photo the reader is
    not sure of is asked at a terminal, else refused. The forms are checked
    first; with any problem nothing is written (exit 1).
    An existing -o file is kept unless --force is given.

    \b
    Examples:
      sheetgen export board-ann.pdf board-ben.pdf -o tonight.yaml
      sheetgen export ann.jpg ben.jpg -o tonight.yaml
      sheetgen sheet rolled-west --from tonight.yaml        (and back to a filled form)
    """
    for name in files:
        if not is_pdf(name) and not photos.is_photo(name):
            raise InvalidArgument("path", f"'{name}' is not a .pdf or a photo; export reads filled PDF forms "
                                          f"and photos of boards")
    target = output.text_target(out, force)
    pdfs = photos.forms(files, api.fillable_sheets(), ask=photos.at_terminal())
    games = sorted({pdf.game for pdf in pdfs})
    if len(games) > 1:
        raise InvalidArgument("path", f"these PDFs are sheets of several games ({', '.join(games)}); export "
                                      f"one game at a time")
    chosen = _game(ctx, games[0])
    exported = chosen.export(pdfs)
    for warning in exported.warnings:
        _say(f"warning: {warning}", err=True)
    output.write_atomic(target, exported.text.encode("utf-8"), force=force)
    if target is not None:
        _say(f"wrote {target}: {chosen.key} results of {len(pdfs)} PDF{'s' if len(pdfs) != 1 else ''}; "
             f"'sheetgen score {target}' tallies it")
