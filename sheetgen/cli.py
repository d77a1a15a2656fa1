"""The `sheetgen` command: parse options, call the library, print. No game logic here."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sys
from pathlib import Path
from typing import NoReturn, Optional

import click

from sheetgen import __version__, api, output, ruledata
from sheetgen.api import SheetOptions
from sheetgen.errors import InvalidArgument, InvalidInput, SheetgenError, StdoutFailed, StdoutGone, problem_lines
from sheetgen.games import all_games, get_game
from sheetgen.playernames import printable
from sheetgen.playlog import LogRefused, PlayLog, export as log_export, plot as log_plot, show as log_show
from sheetgen.playlog import standings as log_standings
from sheetgen.playlog.store import parse_date
from sheetgen.cardsizes import CARD_SIZES
from sheetgen.results import batch, show as results_show
from sheetgen.results.entry import EndOfInput, Retry, read_line
from sheetgen.results.pdf import is_pdf, open_pdf
from sheetgen.scan import command as scan_command, photos

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
_STREAM_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EBADF, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _say(text: str, err: bool = False, nl: bool = True) -> None:
    """Print a line; on standard output a failed write (full disk, broken pipe) is an error."""
    output.say(text, err, nl)


class InkChoice(click.Choice):
    """color or low; 'colour' is read as 'color'."""

    def __init__(self) -> None:
        super().__init__(["color", "low"], case_sensitive=False)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.lower() == "colour":
            value = "color"
        return super().convert(value, param, ctx)


def _complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of GAME: the game keys starting with what was typed."""
    return [key for key in all_games() if key.startswith(incomplete.lower())]


def _complete_what(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of WHAT: the printable parts of the GAME already typed."""
    try:
        spec = get_game(ctx.params.get("game") or "")
    except SheetgenError:
        return []
    return [part.name for part in spec.sheets if part.name.startswith(incomplete.lower())]


# The order a newcomer meets the commands in: choose a game, set it up, print,
# play, then record and score the result; data last.
WORKFLOW = ("games", "setup", "sheet", "template", "enter", "scan", "check", "score", "export", "plays", "standings", "data")

FORCE = click.option("--force", is_flag=True, help="Replace an existing FILE. Without it only a blank PDF "
                     "sheetgen printed (no value filled in, not saved again) is replaced; any other file "
                     "(a filled form, a results file, an export, another program's) is kept.")


def print_options(what: str):
    """--paper and --ink, shared by the commands that print (`what`: of what, in the help)."""
    def add(command):
        command = click.option("--ink", type=InkChoice(), default="color", show_default=True,
                               help=f"'low' drops colour fills{what or ' for cheap printing'}.")(command)
        return click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False),
                            default="letter", show_default=True, help=f"Paper size{what}.")(command)
    return add


class WorkflowGroup(click.Group):
    """A group that lists its commands in workflow order, each with its whole one-line summary,
    and shows its help (once, exit 0) when called with no command."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("invoke_without_command", True)
        super().__init__(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list:
        known = super().list_commands(ctx)
        return sorted(known, key=lambda name: (WORKFLOW.index(name) if name in WORKFLOW else len(WORKFLOW), name))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=200)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)



def _help_without_a_command(ctx: click.Context) -> None:
    """A group called with no command shows its help, once, and exits 0."""
    if ctx.invoked_subcommand is None:
        _say(ctx.get_help())
        ctx.exit(0)


@click.group(cls=WorkflowGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="sheetgen")
@click.option("--data", "data_dir", type=click.Path(exists=True, file_okay=False),
              help="Use the rule data in this folder instead of the bundled data/ (house rules).")
@click.pass_context
def cli(ctx: click.Context, data_dir: Optional[str]) -> None:
    """Play materials, setups and scoring for Gold West, Rolled West,
    Carcassonne: Gold Rush and piecepack Gold Rush.

    \b
    Examples:
      sheetgen games
      sheetgen sheet rolled-west --names Ann,Ben,Cat
      sheetgen setup piecepack-gold-rush -p 4 --seed friday
      sheetgen data check
    """
    ctx.obj = {"data": data_dir}
    _help_without_a_command(ctx)


@cli.command()
@click.argument("game", required=False, shell_complete=_complete_game)
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, or JSON for programs.")
@click.pass_context
def games(ctx: click.Context, game: Optional[str], fmt: str) -> None:
    """List the games and what sheetgen can do for each; with GAME, its printable parts in detail.

    \b
    Examples:
      sheetgen games
      sheetgen games piecepack-gold-rush
      sheetgen games --format json
    """
    listed = [get_game(game)] if game is not None else list(all_games().values())
    facts = [_game_facts(spec, ruledata.load(spec, ctx.obj["data"])) for spec in listed]
    if fmt.lower() == "json":
        _say(json.dumps(facts[0] if game is not None else facts, indent=2, ensure_ascii=False))
    elif game is not None:
        one = facts[0]
        _say(f"{one['title']} ({one['game']}), {one['players']['min']}-{one['players']['max']} players, "
                   f"rule data {one['data_version']}")
        _say(f"Printable parts (sheetgen sheet {one['game']} WHAT):")
        width = max((len(p["name"]) for p in one["sheets"]), default=0)
        for part in one["sheets"]:
            _say(f"  {part['name'].ljust(width)}  {part['summary']}{' (default)' if part['default'] else ''}"
                 f"{'; fillable' if part['fillable'] else ''}")
        for part in (p for p in one["sheets"] if p["fillable"]):
            code = " --code CODE" if part["fillable_needs_code"] else ""
            _say(f"Fill in on screen: sheetgen sheet {one['game']} {part['name']}{code} --fillable (its fields: "
                 f"--fields); 'sheetgen score' reads the saved PDFs")
        _say(f"Setups: {'sheetgen setup ' + one['game'] if one['setup'] else 'not yet'}")
        _say("Scoring: " + (f"sheetgen template {one['game']}, then check and score" if one["score"]
                                  else "not yet"))
    else:
        rows = [("GAME", "TITLE", "PLAYERS", "SHEETS", "SETUP", "SCORE")]
        for f in facts:
            rows.append((f["game"], f["title"], f"{f['players']['min']}-{f['players']['max']}",
                         ", ".join(p["name"] for p in f["sheets"]) or "-", "yes" if f["setup"] else "-",
                         "yes" if f["score"] else "-"))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for row in rows:
            _say("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


def _game_facts(spec, rules) -> dict:
    low, high = rules.players
    default = spec.default_sheet or (spec.sheets[0].name if spec.sheets else None)
    return {"game": spec.key, "title": rules.title, "players": {"min": low, "max": high},
            "data_version": rules.version,
            "sheets": [{"name": p.name, "summary": p.summary, "default": p.name == default, "fillable": bool(p.form),
                        "fillable_needs_code": p.form_needs_code} for p in spec.sheets],
            "setup": bool(spec.setup), "score": bool(spec.score)}


@cli.command()
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
              "PDFs of one game); implies --fillable. The file names the players.")
@click.option("--fields", is_flag=True, help="List the form's fields (names as messages show them, kinds, "
              "what each is read as) instead of printing.")
@click.option("--code", metavar="CODE", help="Sheets drawn for one setup (gold-west board): its setup code.")
@click.option("-o", "--output", "out", metavar="FILE",
              help="PDF file to write, or - for stdout. Default: output/GAME-WHAT.pdf "
                   "(output/GAME-WHAT-fillable.pdf with --fillable).")
@FORCE
@click.pass_context
def sheet(ctx, game, what, players, names, copies, paper, ink, backs, back_names, card_size, fillable, results, fields,
          code, out, force) -> None:
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


def _from(results: Optional[str]):
    """--from: a results file, or filled PDFs given as A.pdf,B.pdf."""
    if results is None:
        return None
    parts = results.split(",")
    # photos of boards (sheetgen scan) become filled forms
    if any(photos.is_photo(p) for p in parts) and all(is_pdf(p) or photos.is_photo(p) for p in parts):
        ask = input if sys.stdin.isatty() and sys.stdout.isatty() else None
        return [open_pdf(p, api.fillable_sheets()) for p in parts if is_pdf(p)] + photos.read(
            [p for p in parts if photos.is_photo(p)], ask=ask)
    return parts if len(parts) > 1 and all(p.lower().endswith(".pdf") for p in parts) else results


def _list_fields(chosen, what: Optional[str]) -> None:
    form = chosen.form(what)
    slots = list(form.slots.values())
    code = " --code CODE" if chosen.spec.sheet(what).takes_code else ""
    _say(f"{chosen.title} {form.part}: {len(slots)} form fields, in tab order (sheetgen sheet {chosen.key} "
         f"{form.part}{code} --fillable).")
    _say(f"In the PDF, page N's field F is named {form.id}.pN.F; messages name it F.")
    rows = [("FIELD", "KIND", "HOLDS", "READ AS", "WHAT")]
    keys = form.reads()
    lists: dict = {}  # a long list of choices (a building per plot) -> its number, listed once below
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


@cli.command()
@click.argument("game", shell_complete=_complete_game)
@click.option("-p", "--players", type=int, help="Number of players. Default: one per --names entry, "
              "else the game's maximum.")
@click.option("--names", help="Comma-separated player names to seat, e.g. Ann,Ben,Cat; with --code, in its "
              "seating order (first player first), as the setup printed them.")
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
def setup(ctx, game, players, names, seed, code, fmt, out, paper, ink, reveal, force) -> None:
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


@cli.command()
@click.argument("game", shell_complete=_complete_game)
@click.option("-p", "--players", type=int, help="Number of players. Default: one per --names entry, "
              "else the game's maximum.")
@click.option("--names", help="Comma-separated player names to write in, e.g. Ann,Ben,Cat.")
@click.option("--schema", is_flag=True, help="Print the JSON Schema of GAME's results files instead "
              "(for editors' completion and checks).")
@click.option("--example", is_flag=True, help="Print a filled-in example results file instead.")
@click.option("--code", metavar="CODE", help="The setup code of the game played (sheetgen setup printed it): "
              "players in its seating order (--names gives their names, first player first) and, for "
              "gold-west, its setup line and only its offices and the counts they score.")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default).")
@FORCE
@click.pass_context
def template(ctx, game, players, names, schema, example, code, out, force) -> None:
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


@cli.command()
@click.argument("game", shell_complete=_complete_game)
@click.option("-p", "--players", type=int, help="Number of players. Default: one per --names entry, "
              "else asked.")
@click.option("--names", help="Comma-separated player names in seating order, e.g. Ann,Ben,Cat (else asked).")
@click.option("--code", metavar="CODE", help="The setup code of the game played: players in its seating "
              "order (--names, first player first) and, for gold-west, only its offices and the counts they score.")
@click.option("-o", "--output", "out", metavar="FILE", help="Results file to write. Default: "
              "output/GAME-results.yaml.")
@FORCE
@click.pass_context
def enter(ctx, game, players, names, code, out, force) -> None:
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
    results_show.show(batch.run([str(target)], _lookup(ctx.find_root().obj["data"]), score=True), "text", score=True)


@cli.command()
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="Lines for people, or JSON for programs.")
def scan(photos, fmt) -> None:
    """Read phone photos of marked Rolled West boards: each box in the fillable form's words, sure or not.

    \b
    Examples:
      sheetgen scan ann.jpg ben.jpg
      sheetgen scan board.png --format json

    Needs the scan extra: pip install 'sheetgen[scan]'. Exit 0 when every photo was
    read (a box not sure says so), 1 when a photo cannot be read.
    """
    sys.exit(scan_command.print_readings(photos, fmt.lower()))  # OpenCV and NumPy load only as a photo is read


_FILES_HELP = """FILE may be a results file (YAML), a filled PDF form, a folder (every .yaml, .yml
and .pdf file in it) or - for standard input (YAML). A results file is one game.
Filled PDFs are players' sheets: all the PDFs given that were printed for the same
game make one game together, and so do those of one folder. Several games are
checked one by one, then a summary line says how many passed."""


@cli.command(epilog=_FILES_HELP)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="Lines for people, or JSON for programs.")
@click.pass_context
def check(ctx, files, fmt) -> None:
    """Check filled-in results files (or filled PDF forms) against the rules, without tallying.

    Every problem is listed as FILE:LINE:COLUMN: message, or FILE:page N:FIELD:
    message in a PDF form (exit 1), the first 100 of a file then a count of the
    rest (--format json lists every one); warnings (possible but unusual) are printed
    and do not fail.

    \b
    Examples:
      sheetgen check tonight.yaml
      sheetgen check board-ann.pdf board-ben.pdf    (the boards of one game)
      sheetgen check games/                  (every results file in a folder)
    """
    outcomes = batch.run(files, _lookup(ctx.obj["data"]), score=False)
    results_show.show(outcomes, fmt.lower(), score=False)


@cli.command(epilog=_FILES_HELP)
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
def score(ctx, files, fmt, show_map, log, date) -> None:
    """Check filled-in results files (or filled PDF forms), then tally them: totals, ranks, winners.

    \b
    Examples:
      sheetgen template rolled-west -p 3 -o tonight.yaml   (fill it in)
      sheetgen score tonight.yaml
      sheetgen score tonight.yaml --format json
      sheetgen score board-ann.pdf board-ben.pdf    (filled boards: one game)
      sheetgen score season/                 (every game in a folder, then a summary)
      sheetgen score gold-west-map.yaml --map   (and a map of the board)
      sheetgen score tonight.yaml --log      (and keep it in the play log)
    """
    if show_map and fmt.lower() == "json":
        raise InvalidArgument("map", "the map is drawn in the text output; the JSON gives each player's "
                                     "derived counts instead (leave out --map or --format json)")
    if date is not None and log is None:
        raise InvalidArgument("date", "--date is the day a logged game was played; add --log")
    play_log = None
    if log is not None:
        day = parse_date(date, "date") if date is not None else None
        play_log = PlayLog(log_show.log_path(log))
    outcomes = batch.run(files, _lookup(ctx.obj["data"]), score=True)
    lines: list[str] = []
    failed = False
    if play_log is not None:
        lines, failed = log_show.log_outcomes(play_log, outcomes, day, ctx.obj["data"])
        play_log.close()
    try:
        results_show.show(outcomes, fmt.lower(), score=True, picture=show_map)
    finally:
        for line in lines:
            _say(line, err=fmt.lower() == "json" or line.startswith("not logged"))
    if failed:
        sys.exit(1)


@cli.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("-o", "--output", "out", metavar="FILE", help="Results file to write, or - for stdout (the default).")
@FORCE
@click.pass_context
def export(ctx, files, out, force) -> None:
    """Turn filled PDF forms (the sheets of one game) into the results file they amount to.

    The forms are checked first; with any problem nothing is written (exit 1).
    An existing -o file is kept unless --force is given.

    \b
    Examples:
      sheetgen export board-ann.pdf board-ben.pdf -o tonight.yaml
      sheetgen sheet rolled-west --from tonight.yaml        (and back to a filled form)
    """
    for name in files:
        if not is_pdf(name) and not photos.is_photo(name):
            raise InvalidArgument("path", f"'{name}' is not a .pdf or a photo; export reads filled PDF forms "
                                          f"and photos of boards")
    target = output.text_target(out, force)
    pdfs, refused = [], []
    for name in files:
        if photos.is_photo(name):
            continue
        try:
            pdfs.append(open_pdf(name, api.fillable_sheets()))
        except InvalidInput as exc:
            refused += exc.problems
    if any(photos.is_photo(name) for name in files):
        try:
            pdfs += photos.read([n for n in files if photos.is_photo(n)],
                                ask=input if sys.stdin.isatty() and sys.stdout.isatty() else None)
        except InvalidInput as exc:
            refused += exc.problems
    if refused:
        raise InvalidInput(refused)
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


LOG = click.option("--log", "log", metavar="PATH", help="The play log (default: $SHEETGEN_LOG, else "
                   "plays.sqlite in your data folder).")


def date_range(command):
    command = click.option("--until", metavar="YYYY-MM-DD", help="Only plays on or before this day.")(command)
    return click.option("--since", metavar="YYYY-MM-DD", help="Only plays on or after this day.")(command)


def _open_log(log: Optional[str]):
    return PlayLog(log_show.log_path(log), create=False)


@cli.command()
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
def plays(ctx, log, game, player, since, until, show_id, remove_id, yes, rescore, fmt, out, force) -> None:
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


def _plays(ctx, play_log, game, player, since, until, show_id, remove_id, yes, rescore, fmt, target) -> None:
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
        for line in log_show.change_lines(play_log.rescore(ctx.obj["data"], game=game), count):
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


@cli.command()
@click.argument("game", required=False, shell_complete=_complete_game)
@LOG
@date_range
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, JSON for programs, CSV for a spreadsheet.")
@click.option("--plot", metavar="FILE", help="Also draw each player's rating after every play: a .svg, .pdf "
              "(or .png, with pip install 'sheetgen[png]').")
@FORCE
@click.pass_context
def standings(ctx, game, log, since, until, fmt, plot, force) -> None:
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


def _logged_game(ctx: click.Context, key: str):
    """The game of a logged play; a key this sheetgen does not know is the log's problem."""
    try:
        return _game(ctx, key)
    except InvalidArgument:
        raise LogRefused(f"the log holds plays of '{printable(key)}', a game this sheetgen does not know; "
                         f"choose the others (plays --game, standings GAME)") from None


def _plot_target(option: str, force: bool):
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


@cli.group(cls=WorkflowGroup)
@click.pass_context
def data(ctx: click.Context) -> None:
    """Check the rule data, or find it to make a house-rule copy."""
    _help_without_a_command(ctx)


@data.command("check")
@click.argument("folder", required=False, type=click.Path(exists=True, file_okay=False))
@click.pass_context
def data_check(ctx, folder: Optional[str]) -> None:
    """Validate every rule-data file in FOLDER (default: --data, else the bundled data).

    Each file is checked against its schema and cross-checks, then drawn into
    every sheet part and setup card: a number wider than its box or data that
    makes a setup impossible is a problem too. Problems are listed as
    FILE:LINE:COLUMN: message (or FILE: part: what does not fit); exit 1 if
    there are any.
    """
    from sheetgen import datafit  # draws: only `data check` loads the drawing code

    good, problems = ruledata.check_folder(folder or ctx.find_root().obj["data"] or ruledata.default_dir(),
                                           all_games(), fit=datafit.check)
    for name in good:
        _say(f"ok  {name}")
    if problems:
        raise InvalidInput(problems)


@data.command("path")
def data_path() -> None:
    """Print the folder of the bundled rule data (copy it to make house rules)."""
    _say(str(ruledata.default_dir()))


def _game(ctx: click.Context, key: str) -> api.Game:
    """The API's game for GAME, with the --data folder."""
    return api.game(key, ctx.find_root().obj["data"])


def _lookup(data: Optional[str]) -> batch.Lookup:
    """The games as a batch of results files needs them, with the --data folder's rule data."""
    return batch.Lookup(game_of=lambda doc: api.game(api.game_of(doc), data), game=lambda key: api.game(key, data),
                        fillable=api.fillable_sheets)


def _names(text: Optional[str]) -> Optional[list]:
    return None if text is None else text.split(",")


# The command line's name for each argument the library may refuse.
OPTIONS = {"players": "-p", "names": "--names", "game": "GAME", "what": "WHAT", "code": "--code",
           "seed": "--seed", "format": "--format", "paper": "--paper", "ink": "--ink", "backs": "--backs",
           "back_names": "--back-names", "copies": "--copies", "path": "FILE", "output": "-o",
           "fillable": "--fillable", "results": "--from", "map": "--map", "log": "--log", "date": "--date",
           "since": "--since", "until": "--until", "show": "--show", "yes": "--yes", "plot": "--plot", "play": "PLAY",
           "game_filter": "--game", "card_size": "--card-size"}


def main(argv: Optional[list] = None) -> NoReturn:
    """Entry point: run the CLI, turning every expected failure into a short message."""
    stdout = sys.stdout
    try:
        code = cli.main(args=argv, prog_name="sheetgen", standalone_mode=False)
        _flush_stdout()
    except SystemExit as ended:
        # click ends its own printing (--help, --version) on a broken pipe with a quiet
        # exit 1, after wrapping stdout to silence the exit-time flush: exit as we do then
        if ended.code == 1 and sys.stdout is not stdout:
            sys.exit(StdoutGone.exit_code)
        raise
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        _say(f"Error: {exc.format_message()}{hint}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        _say(f"Error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except click.Abort:  # click's form of Ctrl-C; we ask no questions, so nothing else raises it
        _say("Interrupted.", err=True)
        sys.exit(130)
    except InvalidInput as exc:
        for line in problem_lines(exc.problems):
            _say(line, err=True)
        count = len(exc.problems)
        _say(f"{count} problem{'s' if count != 1 else ''} found.", err=True)
        sys.exit(exc.exit_code)
    except InvalidArgument as exc:
        option = OPTIONS.get(exc.argument, exc.argument)
        message = exc.worded(OPTIONS)
        _say(f"Error: {option}: {message}" if option else f"Error: {message}", err=True)
        sys.exit(exc.exit_code)
    except StdoutFailed as exc:
        _stdout_gone(exc)
    except SheetgenError as exc:
        _say(f"Error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        _say("Interrupted.", err=True)
        sys.exit(130)
    except OSError as exc:
        if not _from_stdout(exc):
            raise
        _stdout_gone(output.stdout_failed(exc))
    sys.exit(code if isinstance(code, int) else 0)


def _flush_stdout() -> None:
    """Push out anything still buffered, so a failure is reported now and not at exit."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise output.stdout_failed(exc) from None


def _from_stdout(exc: OSError) -> bool:
    """Is this unconverted OSError click failing to print help or version text on stdout?

    sheetgen turns the errors of every file it touches into SheetgenError where they
    happen, and an error about a file names it; a stream error without a name that
    still gets here can only come from click's own printing, which goes to stdout.
    """
    return exc.filename is None and exc.errno in _STREAM_ERRNOS


def _stdout_gone(exc: StdoutFailed) -> NoReturn:
    """Report a failed standard output once (a reader that went away, quietly), and keep the
    exit-time flush from failing again."""
    if not isinstance(exc, StdoutGone):
        _say(f"Error: {exc}", err=True)
    try:
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):  # closed, or not a real file (in-process tests)
        sys.exit(exc.exit_code)
    os.dup2(devnull, fd)  # the text stuck in the buffer drains into /dev/null at exit
    os.close(devnull)
    sys.exit(exc.exit_code)
