"""The `sheetgen` command: parse options, call the library, print. No game logic here."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import NoReturn, Optional

import click

from sheetgen import __version__, output, ruledata
from sheetgen.errors import InvalidInput, SheetgenError, StdoutFailed, UsageProblem
from sheetgen.games import all_games, get_game

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
_STREAM_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EBADF, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _say(text: str, err: bool = False) -> None:
    """Print a line; on standard output a failed write (full disk, broken pipe) is an error."""
    if err:
        click.echo(text, err=True)
        return
    if sys.stdout is None:  # started with stdout closed: click.echo would drop the text silently
        raise output.stdout_closed()
    try:
        click.echo(text)
    except OSError as exc:  # caught before click, which turns a broken pipe into a silent exit
        raise output.stdout_failed(exc) from None


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="sheetgen")
@click.option("--data", "data_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Use the rule data in this folder instead of the bundled data/ (house rules).")
@click.pass_context
def cli(ctx: click.Context, data_dir: Optional[Path]) -> None:
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


@cli.command()
@click.argument("game", required=False)
@click.pass_context
def games(ctx: click.Context, game: Optional[str]) -> None:
    """List the games and what sheetgen can do for each; with GAME, its printable parts in detail.

    \b
    Examples:
      sheetgen games
      sheetgen games piecepack-gold-rush
    """
    if game is not None:
        chosen = get_game(game)
        rules = ruledata.load(chosen, ctx.obj["data"])
        low, high = rules.players
        _say(f"{rules.title} ({chosen.key}), {low}-{high} players, rule data {rules.version}")
        _say("Printable parts (sheetgen sheet " + chosen.key + " WHAT):")
        width = max(len(p.name) for p in chosen.sheets) if chosen.sheets else 0
        for part in chosen.sheets:
            default = " (default)" if part.name == (chosen.default_sheet or chosen.sheets[0].name) else ""
            _say(f"  {part.name.ljust(width)}  {part.summary}{default}")
        _say(f"Setups: {'sheetgen setup ' + chosen.key if chosen.setup else 'not yet'}")
        _say(f"Scoring: {'sheetgen template ' + chosen.key + ', then check and score' if chosen.score else 'not yet'}")
        return
    rows = [("GAME", "TITLE", "PLAYERS", "SHEETS", "SETUP", "SCORE")]
    for key, game in all_games().items():
        rules = ruledata.load(game, ctx.obj["data"])
        low, high = rules.players
        can = game.supports()
        rows.append((key, rules.title, f"{low}-{high}", can["sheets"], can["setup"], can["score"]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        _say("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


@cli.command()
@click.argument("game")
@click.argument("what", required=False)
@click.option("-p", "--players", type=int, help="Number of players (one sheet each). Default: one per "
              "--names entry, else the game's maximum.")
@click.option("--names", help="Comma-separated player names printed on the sheets, e.g. Ann,Ben,Cat.")
@click.option("--copies", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="Print the whole set this many times (for bulk printing).")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size.")
@click.option("--ink", type=click.Choice(["color", "low"], case_sensitive=False), default="color",
              show_default=True, help="'low' drops colour fills for cheap printing.")
@click.option("--backs", is_flag=True, help="Card sheets: add a back page after each front page, "
              "lined up for double-sided printing (flip on the long edge).")
@click.option("-o", "--output", "out", metavar="FILE",
              help="PDF file to write, or - for stdout. Default: output/GAME-WHAT.pdf")
@click.pass_context
def sheet(ctx, game, what, players, names, copies, paper, ink, backs, out) -> None:
    """Print play materials for GAME as a PDF (WHAT: which part; see 'sheetgen games').

    \b
    Examples:
      sheetgen sheet rolled-west                      4 boards, Letter, colour
      sheetgen sheet rolled-west --names Ann,Ben -o boards.pdf
      sheetgen sheet rolled-west -p 4 --copies 10 --paper a4 --ink low
    """
    from sheetgen.sheet import SheetRequest, plan_players

    chosen = get_game(game)
    part = chosen.sheet(what)
    if backs and not part.has_backs:
        with_backs = [p.name for g in all_games().values() for p in g.sheets if p.has_backs]
        raise UsageProblem("--backs", f"the {chosen.key} {part.name} sheet has no back side; "
                                      f"--backs is for card sheets ({', '.join(with_backs) or 'none yet'})")
    if not part.per_player and (players is not None or names is not None):
        raise UsageProblem("-p" if players is not None else "--names",
                           f"the {chosen.key} {part.name} sheet is one set for the whole table; "
                           f"use --copies for more sets")
    rules = ruledata.load(chosen, ctx.obj["data"])
    count, parsed = plan_players(players, names, rules.players, rules.title)
    target = output.pdf_target(out, f"{chosen.key}-{part.name}.pdf")
    request = SheetRequest(count, parsed, copies, paper.lower(), ink.lower(), backs)
    from sheetgen import pdf  # the drawing stack loads only for commands that draw

    document = part.builder()(rules, request)
    output.write_atomic(target, pdf.render(document, request.paper, request.ink))
    where = "stdout" if target is None else str(target)
    if part.per_player:
        what = f"{count} players" + (f" x {copies}" if copies > 1 else "")
    else:
        what = f"{copies} set{'s' if copies > 1 else ''}"
    pages = len(document.pages)
    _say(f"wrote {where}: {pages} page{'s' if pages != 1 else ''} ({what}), {paper} paper, {ink} ink",
         err=target is None)


@cli.command()
@click.argument("game")
@click.option("-p", "--players", type=int, help="Number of players. Default: one per --names entry, "
              "else the game's maximum.")
@click.option("--names", help="Comma-separated player names to seat, e.g. Ann,Ben,Cat.")
@click.option("--seed", help="Any text; the same seed gives the same setup. Default: a fresh random seed.")
@click.option("--code", help="Rebuild exactly the setup this code was printed for (no randomness).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml", "markdown"], case_sensitive=False),
              default="text", show_default=True, help="Output format.")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default). "
              "A name ending in .pdf writes a printable setup card.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size of a PDF setup card.")
@click.option("--ink", type=click.Choice(["color", "low"], case_sensitive=False), default="color",
              show_default=True, help="'low' drops colour fills on a PDF setup card.")
@click.pass_context
def setup(ctx, game, players, names, seed, code, fmt, out, paper, ink) -> None:
    """A fair random setup for GAME, reproducible from its seed or its setup code.

    \b
    Examples:
      sheetgen setup piecepack-gold-rush -p 3 --seed friday
      sheetgen setup piecepack-gold-rush --code PG3-...     (the code a setup printed)
      sheetgen setup carcassonne-gold-rush --names Ann,Ben,Cat --format json
      sheetgen setup gold-west -p 3 --seed friday -o card.pdf   (a printable card)
    """
    from sheetgen import setuptext

    chosen = get_game(game)
    generate, from_code = chosen.setup_functions()
    if seed is not None and code is not None:
        raise UsageProblem("--code", "give --seed or --code, not both: a code already fixes the whole setup")
    card = out is not None and out.lower().endswith(".pdf")
    target = output.pdf_target(out, "") if card else output.text_target(out)
    rules = ruledata.load(chosen, ctx.obj["data"])
    listed = [n.strip() for n in names.split(",")] if names is not None else None
    if code is not None:
        result = from_code(rules, code, listed)
        if players is not None and players != result["players"]:
            raise UsageProblem("-p", f"the code is for {result['players']} players, not {players}")
    else:
        result = generate(rules, players, seed, listed)
    if card:
        from sheetgen import pdf, setupcard  # the drawing stack loads only for the card

        document = setupcard.build(result, rules, chosen.setup_card_drawer())
        output.write_atomic(target, pdf.render(document, paper.lower(), ink.lower()))
        _say(f"wrote {target}: {chosen.key} setup card, code {result['code']}")
        return
    text = setuptext.render(result, fmt.lower())
    output.write_atomic(target, text.encode("utf-8") if target else text.encode(sys.stdout.encoding or "utf-8",
                                                                               errors="replace"))
    if target is not None:
        _say(f"wrote {target}: {chosen.key} setup, code {result['code']}")


@cli.command()
@click.argument("game")
@click.option("-p", "--players", type=int, help="Number of players. Default: the game's maximum.")
@click.option("-o", "--output", "out", metavar="FILE", help="File to write, or - for stdout (the default).")
@click.pass_context
def template(ctx, game, players, out) -> None:
    """A blank, commented results file for GAME, to fill in and pass to 'sheetgen score'.

    \b
    Example:
      sheetgen template rolled-west -p 3 -o tonight.yaml
    """
    chosen = get_game(game)
    make = chosen.score_functions()[2]
    target = output.text_target(out)
    rules = ruledata.load(chosen, ctx.obj["data"])
    text = make(rules, players if players is not None else rules.players[1])
    output.write_atomic(target, text.encode("utf-8"))
    if target is not None:
        _say(f"wrote {target}: fill it in, then run 'sheetgen score {target}'")


def _results(ctx, file: Path):
    """Read a results file and the rule data of the game it names."""
    from sheetgen import scoring

    doc = scoring.read_results(file)
    chosen = get_game(doc.value["game"])
    return doc, chosen.score_functions(), ruledata.load(chosen, ctx.obj["data"])


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.pass_context
def check(ctx, file: Path) -> None:
    """Check a filled-in results FILE against the rules, without tallying.

    Every problem is listed as FILE:LINE:COLUMN: message (exit 1); warnings
    (possible but unusual) are printed and do not fail.
    """
    doc, (check_file, _, _), rules = _results(ctx, file)
    problems, warnings = check_file(doc, rules)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    if problems:
        raise InvalidInput(problems)
    _say(f"{file}: ok")


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, or JSON for programs.")
@click.pass_context
def score(ctx, file: Path, fmt: str) -> None:
    """Check a filled-in results FILE, then tally it: totals, ranks, winners.

    \b
    Examples:
      sheetgen template rolled-west -p 3 -o tonight.yaml   (fill it in)
      sheetgen score tonight.yaml
      sheetgen score tonight.yaml --format json
    """
    import json

    from sheetgen import scoring

    doc, (_, tally, _), rules = _results(ctx, file)
    report = tally(doc, rules)
    if fmt.lower() == "json":
        _say(json.dumps(scoring.report_to_json(report), indent=2, ensure_ascii=False))
    else:
        _say(scoring.report_to_text(report).rstrip("\n"))


@cli.group()
def data() -> None:
    """Check the rule data, or find it to make a house-rule copy."""


@data.command("check")
@click.argument("folder", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.pass_context
def data_check(ctx, folder: Optional[Path]) -> None:
    """Validate every rule-data file in FOLDER (default: --data, else the bundled data).

    Problems are listed as FILE:LINE:COLUMN: message; exit 1 if there are any.
    """
    folder = folder or ctx.find_root().obj["data"] or ruledata.default_dir()
    good, problems = ruledata.check_folder(folder, all_games())
    for name in good:
        _say(f"ok  {name}")
    if problems:
        raise InvalidInput(problems)


@data.command("path")
def data_path() -> None:
    """Print the folder of the bundled rule data (copy it to make house rules)."""
    _say(str(ruledata.default_dir()))


def main(argv: Optional[list] = None) -> NoReturn:
    """Entry point: run the CLI, turning every expected failure into a short message."""
    try:
        code = cli.main(args=argv, prog_name="sheetgen", standalone_mode=False)
        _flush_stdout()
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        click.echo(f"Error: {exc.format_message()}{hint}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"Error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except click.Abort:  # click's form of Ctrl-C; we ask no questions, so nothing else raises it
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except InvalidInput as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        count = len(exc.problems)
        click.echo(f"{count} problem{'s' if count != 1 else ''} found.", err=True)
        sys.exit(exc.exit_code)
    except StdoutFailed as exc:
        _stdout_gone(exc)
    except SheetgenError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
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
    """Report a failed standard output once, and keep the exit-time flush from failing again."""
    click.echo(f"Error: {exc}", err=True)
    try:
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):  # closed, or not a real file (in-process tests)
        sys.exit(exc.exit_code)
    os.dup2(devnull, fd)  # the text stuck in the buffer drains into /dev/null at exit
    os.close(devnull)
    sys.exit(exc.exit_code)
