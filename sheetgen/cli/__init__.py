"""The `sheetgen` command: parse options, call the library, print. No game logic here.

Each command lives in a module of this package with its imports at the top, and
the group loads a command's module only when that command runs (click's pattern
for lazily loaded subcommands), so `sheetgen score` never loads the printing side
and `sheetgen --version` loads none of them.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from typing import NoReturn, Optional

import click

from sheetgen import output
from sheetgen._version import __version__
from sheetgen.cli.common import SummaryGroup, _help_without_a_command, _say
from sheetgen.errors import InvalidArgument, InvalidInput, SheetgenError, StdoutFailed, StdoutGone, problem_lines

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
_STREAM_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EBADF, getattr(errno, "EDQUOT", errno.ENOSPC)}

# command -> "module:name" of its click command, in sheetgen.cli; in the order a newcomer meets
# them (and --help lists them): choose a game, set it up, print, play, then record and score the
# result; data last
COMMANDS = {"games": "games:games", "setup": "setup:setup", "sheet": "sheet:sheet", "template": "template:template",
            "enter": "enter:enter", "scan": "scan:scan", "check": "results:check", "score": "results:score",
            "export": "export:export", "plays": "playlog:plays", "standings": "playlog:standings",
            "data": "data:data"}


class LazyGroup(SummaryGroup):
    """The top-level group: a command's module is imported when that command is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> Optional[click.Command]:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, _, name = target.partition(":")
        command = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        assert isinstance(command, click.Command), target
        return command


@click.group(cls=LazyGroup, context_settings=CONTEXT)
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


# The command line's name for each argument the library may refuse.
OPTIONS = {"players": "-p", "names": "--names", "game": "GAME", "what": "WHAT", "code": "--code",
           "seed": "--seed", "format": "--format", "paper": "--paper", "ink": "--ink", "backs": "--backs",
           "back_names": "--back-names", "copies": "--copies", "path": "FILE", "output": "-o",
           "fillable": "--fillable", "results": "--from", "map": "--map", "log": "--log", "date": "--date",
           "since": "--since", "until": "--until", "show": "--show", "yes": "--yes", "plot": "--plot", "play": "PLAY",
           "game_filter": "--game", "card_size": "--card-size"}


def main(argv: Optional[list[str]] = None) -> NoReturn:
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
