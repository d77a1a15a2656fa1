"""sheetgen sheet: print a game's play materials as a PDF (plain or fillable, or filled in)."""

from __future__ import annotations

from typing import Optional

import click

from sheetgen import api, output
from sheetgen.api import Ink, Paper, SheetOptions, Source
from sheetgen.cardsizes import CARD_SIZES
from sheetgen.cli.common import FORCE, _complete_game, _complete_what, _game, _names, _say, print_options
from sheetgen.paths import is_pdf
from sheetgen.scan import photos


@click.command()
@click.argument("game", shell_complete=_complete_game)
@click.argument("what", required=False, shell_complete=_complete_what)
@click.option("-p", "--players", type=int, help="Number of players (one sheet each). Default: one per "
              "--names entry, else the game's maximum.")
@click.option("--names", help="Comma-separated player names printed on the sheets, e.g. Ann,Ben,Cat.")
@click.option("--copies", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="Print the whole set this many times (for bulk printing).")
@print_options("")
@click.option("--backs", is_flag=True, help="Card sheets: add a back page after each front page, "
              "lined up for double-sided printing (flip on the long edge).")
@click.option("--back-names", is_flag=True, help="Card sheets: print each card's name on its back "
              "(backs are otherwise all alike); implies --backs.")
@click.option("--card-size", type=click.Choice(CARD_SIZES, case_sensitive=False), default=CARD_SIZES[0],
              show_default=True, help="Card sheets: the card size. half-business: 44.45 x 50.8 mm, a business "
              "card cut in half, 20 a page; mini-euro: 44 x 68 mm, for mini euro sleeves, 12 a page. The grid, "
              "crop marks and bleed follow the size.")
@click.option("--fillable", is_flag=True, help="Add form fields over every box a player writes in, to fill "
              "in on screen; 'sheetgen score' reads the saved PDF.")
@click.option("--from", "results", metavar="FILE", help="Fill the form in from a results file (or filled "
              "PDFs or photos of boards of one game); implies --fillable. The file names the players.")
@click.option("--fields", is_flag=True, help="List the form's fields (names as messages show them, kinds, "
              "what each is read as) instead of printing.")
@click.option("--code", metavar="CODE", help="Sheets drawn for one setup (gold-west board): its setup code.")
@click.option("-o", "--output", "out", metavar="FILE",
              help="PDF file to write, or - for stdout. Default: output/GAME-WHAT.pdf "
                   "(output/GAME-WHAT-fillable.pdf with --fillable).")
@FORCE
@click.pass_context
def sheet(ctx: click.Context, game: str, what: Optional[str], players: Optional[int], names: Optional[str], copies: int,
          paper: Paper, ink: Ink, backs: bool, back_names: bool, card_size: str, fillable: bool, results: Optional[str],
          fields: bool, code: Optional[str], out: Optional[str], force: bool) -> None:
    """Print play materials for GAME as a PDF (WHAT: which part; see 'sheetgen games').

    \b
    Examples:
      sheetgen sheet rolled-west                      4 boards, Letter, colour
      sheetgen sheet rolled-west --names Ann,Ben -o boards.pdf
      sheetgen sheet rolled-west -p 4 --copies 10 --paper a4 --ink low
      sheetgen sheet rolled-west --names Ann,Ben --fillable   (fill in on screen, then
                                                      'sheetgen score' the saved PDFs)
      sheetgen sheet rolled-west --from tonight.yaml  (a filled-in form of a results file)
      sheetgen sheet rolled-west --fields             (the form's field names)
      sheetgen sheet gold-west board --code GW3-... --fillable   (the board record: a field a hex)
    """
    chosen = _game(ctx, game)
    if fields:
        _list_fields(chosen, what)
        return
    job = chosen.sheet(what, SheetOptions(paper=paper, ink=ink, players=players, names=_names(names), copies=copies,
                                          backs=backs, back_names=back_names, card_size=card_size,
                                          fillable=fillable, results=_from(results), code=code))
    fillable = job.request.fillable
    suffix = "-fillable" if fillable else ""
    target = output.pdf_target(out, f"{chosen.key}-{job.part.name}{suffix}.pdf", force)
    output.write_atomic(target, job.pdf, force=force)
    where = "stdout" if target is None else str(target)
    if job.per_player:
        held = f"{job.players} players" + (f" x {copies}" if copies > 1 else "")
    else:
        held = f"{copies} set{'s' if copies > 1 else ''}"
    form = (", filled in from " + results if results else ", fillable") if fillable else ""
    _say(f"wrote {where}: {job.pages} page{'s' if job.pages != 1 else ''} ({held}), {paper.lower()} paper, "
               f"{ink.lower()} ink{form}", err=target is None)


def _from(results: Optional[str]) -> Optional[Source]:
    """--from: a results file, or filled PDFs given as A.pdf,B.pdf."""
    if results is None:
        return None
    parts = results.split(",")
    # photos of boards (sheetgen scan) become filled forms
    if any(photos.is_photo(p) for p in parts) and all(is_pdf(p) or photos.is_photo(p) for p in parts):
        return photos.forms(parts, api.fillable_sheets(), ask=photos.at_terminal())
    return parts if len(parts) > 1 and all(is_pdf(p) for p in parts) else results


def _list_fields(chosen: api.Game, what: Optional[str]) -> None:
    form = chosen.form(what)
    slots = list(form.slots.values())
    code = " --code CODE" if chosen.spec.sheet(what).takes_code else ""
    _say(f"{chosen.title} {form.part}: {len(slots)} form fields, in tab order (sheetgen sheet {chosen.key} "
         f"{form.part}{code} --fillable).")
    _say(f"In the PDF, page N's field F is named {form.id}.pN.F; messages name it F.")
    rows = [("FIELD", "KIND", "HOLDS", "READ AS", "WHAT")]
    keys = form.reads()
    lists: dict[tuple[str, ...], int] = {}  # a long list of choices (a building per plot) -> its number, listed once below
    for slot in slots:
        if slot.kind == "choice" and len(" or ".join(slot.choices)) > 40:
            holds = f"choice list {lists.setdefault(slot.choices, len(lists) + 1)}"
        elif slot.kind == "choice":
            holds = " or ".join(slot.choices)
        else:
            holds = {"check": "checked", "number": "a number", "text": "text"}[slot.kind]
        what = slot.label if slot.read else f"{slot.label} (not read: {slot.why})"
        rows.append((slot.name, slot.kind, holds, keys.get(slot.name, "-"), what))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        _say("  ".join([*(cell.ljust(w) for cell, w in zip(row, widths)), row[-1]]).rstrip())
    for choices, number in lists.items():
        _say(f"choice list {number}: {', '.join(choices)} (or empty)")
