"""What the command modules share: printing, the option stacks they repeat, the game of GAME."""

from __future__ import annotations

from typing import Any, Callable, Optional, TypeVar

import click

from sheetgen import api, output
from sheetgen.errors import SheetgenError
from sheetgen.games import all_games, get_game

F = TypeVar("F", bound=Callable[..., Any])


def _say(text: str, err: bool = False, nl: bool = True) -> None:
    """Print a line; on standard output a failed write (full disk, broken pipe) is an error."""
    output.say(text, err, nl)


class InkChoice(click.Choice[str]):
    """color or low; 'colour' is read as 'color'."""

    def __init__(self) -> None:
        super().__init__(["color", "low"], case_sensitive=False)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> str:
        if isinstance(value, str) and value.lower() == "colour":
            value = "color"
        return super().convert(value, param, ctx)


def _complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of GAME: the game keys starting with what was typed."""
    return [key for key in all_games() if key.startswith(incomplete.lower())]


def _complete_what(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of WHAT: the printable parts of the GAME already typed."""
    try:
        spec = get_game(ctx.params.get("game") or "")
    except SheetgenError:
        return []
    return [part.name for part in spec.sheets if part.name.startswith(incomplete.lower())]


FORCE = click.option("--force", is_flag=True, help="Replace an existing FILE. Without it only a blank PDF "
                     "sheetgen printed (no value filled in, not saved again) is replaced; any other file "
                     "(a filled form, a results file, an export, another program's) is kept.")


def print_options(what: str) -> Callable[[F], F]:
    """--paper and --ink, shared by the commands that print (`what`: of what, in the help)."""
    def add(command: F) -> F:
        command = click.option("--ink", type=InkChoice(), default="color", show_default=True,
                               help=f"'low' drops colour fills{what or ' for cheap printing'}.")(command)
        return click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False),
                            default="letter", show_default=True, help=f"Paper size{what}.")(command)
    return add


def table_options(otherwise: str, names: str) -> Callable[[F], F]:
    """GAME, -p and --names of the commands that seat one game's table (setup, template, enter):
    `otherwise` is the player count without either, `names` the help of --names."""
    def add(command: F) -> F:
        command = click.option("--names", help=names)(command)
        command = click.option("-p", "--players", type=int, help="Number of players. Default: one per --names "
                               f"entry, else {otherwise}.")(command)
        return click.argument("game", shell_complete=_complete_game)(command)
    return add


class SummaryGroup(click.Group):
    """A group that lists each command with its whole one-line summary (in the order of
    `list_commands`), and shows its help (once, exit 0) when called with no command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("invoke_without_command", True)
        super().__init__(*args, **kwargs)

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


def _data(ctx: click.Context) -> Optional[str]:
    """The --data folder given to `sheetgen` itself (None: the bundled data)."""
    folder: Optional[str] = ctx.find_root().obj["data"]
    return folder


def _game(ctx: click.Context, key: str) -> api.Game:
    """The API's game for GAME, with the --data folder."""
    return api.game(key, _data(ctx))


def _names(text: Optional[str]) -> Optional[list[str]]:
    return None if text is None else text.split(",")
