"""Errors that carry a user-facing message instead of a traceback.

Library code raises these (all are `ValueError`s); only `cli.py` turns them
into exit codes and command-line option names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

# Characters that would break "one problem, one line" or drive the terminal:
# C0 and C1 controls (newline, escape, ...), the Unicode line separators, and
# the bidirectional controls that can make a line read differently than it is.
# Compiled on first use (compiling it costs every command's start-up half a millisecond).
_UNSAFE = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def one_line(text: str) -> str:
    """`text` with newlines and control characters written as escapes (\\n, \\x1b)."""
    if text.isprintable():  # none of _UNSAFE is printable: the common case, without the pattern
        return text
    return re.sub(_UNSAFE, _escape, text)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can.

    `line`/`column` place it in a YAML file; `page`/`field` in a PDF form.
    """

    file: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None
    page: Optional[int] = None  # 1-based page of a PDF form
    field: Optional[str] = None  # the form field's name on that page (see `sheetgen sheet GAME --fields`)

    def __str__(self) -> str:
        # a key or value quoted into the message may hold a newline or an escape
        # sequence: escaped, so that one problem is always exactly one line
        file, message = one_line(self.file), one_line(self.message)
        if self.page is not None:
            field = f"{one_line(self.field)}:" if self.field else ""
            return f"{file}:page {self.page}:{field} {message}"
        if self.line is None:  # a photo's box (sheetgen scan): PHOTO:FIELD: message
            return f"{file}:{one_line(self.field)}: {message}" if self.field else f"{file}: {message}"
        return f"{file}:{self.line}:{self.column}: {message}"

    @property
    def place(self) -> str:
        """Where it is, in words for another message: 'line 12', 'ann.pdf, page 2', or ''."""
        if self.page is not None:
            return f"{self.file}, page {self.page}"
        return f"line {self.line}" if self.line is not None else ""

    @property
    def spot(self) -> tuple[object, ...]:
        """What two problems share when they are at the same place (the same line, or field)."""
        return (self.file, self.page, self.field) if self.page is not None else (self.line,)

    def to_dict(self) -> dict[str, object]:
        found: dict[str, object] = {"file": self.file, "line": self.line, "column": self.column,
                                    "message": self.message}
        if self.page is not None:
            found.update(page=self.page, field=self.field)
        elif self.field is not None:  # a photo's box (sheetgen scan)
            found.update(field=self.field)
        return found


# A text listing prints this many problems of one file and counts the rest: a file with
# thousands of slips is fixed from its first ones, and a terminal need not scroll them all.
# JSON output lists every problem (a program asked for them).
LISTED_PROBLEMS = 100


def problem_lines(problems: Sequence[Problem]) -> list[str]:
    """The lines that list `problems` as text: the first LISTED_PROBLEMS, then a count of the rest."""
    lines = [str(p) for p in problems[:LISTED_PROBLEMS]]
    more = len(problems) - LISTED_PROBLEMS
    if more > 0:
        lines.append(f"... and {more} more problem{'s' if more != 1 else ''}, not listed: fix these first")
    return lines


class SheetgenError(ValueError):
    """Base class: the message is meant for the user; exit_code says how a command leaves."""

    exit_code = 1


class InvalidInput(SheetgenError):
    """An input file (rule data, layout, results) has one or more problems."""

    exit_code = 1

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__(self.problems)

    def __str__(self) -> str:
        # made when shown, not when raised: a refused file may have thousands of problems,
        # and the CLI and batches print them one by one
        return "\n".join(str(p) for p in self.problems)


class InvalidArgument(SheetgenError):
    """An argument to a library call (or a command-line option) that cannot be honoured.

    `argument` names the parameter as the library knows it (`players`,
    `names`, `game`, `what`, `code`, ...); the CLI shows the matching option.
    """

    exit_code = 2

    def __init__(self, argument: str, message: str, mentions: Sequence[str] = ()):
        """`mentions`: other arguments the message names, each written as `name` (in
        backquotes), so that a caller with other names for them (the CLI's options) can
        say them its way (see `worded`)."""
        self.argument = argument
        self.message = message
        self.mentions = tuple(mentions)
        super().__init__(f"{argument}: {message}" if argument else message)

    def worded(self, names: Mapping[str, str]) -> str:
        """The message with each mentioned argument called by its name in `names`."""
        message = self.message
        for argument in self.mentions:
            message = message.replace(f"`{argument}`", names.get(argument, argument))
        return message

    @property
    def option(self) -> str:
        """The same name, as older callers knew it."""
        return self.argument


# The command line's name for the same error; kept so both read naturally.
UsageProblem = InvalidArgument


def player_range(title: str, low: int, high: int) -> str:
    """The one wording of a game's table size, for a refused count of players, given as an
    argument ('..., not 9') or found in a file ('...; this file has 5')."""
    return f"{title} is for {low}-{high} players"


def check_player_count(argument: str, title: str, low: int, high: int, count: object, hint: str = "",
                       mentions: Sequence[str] = ()) -> int:
    """`count` when the game is played by that many; else the one wording of the refusal,
    whichever argument gave the count (`hint` may add what to do instead, naming the
    arguments in `mentions` as InvalidArgument does)."""
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise InvalidArgument(argument, f"{player_range(title, low, high)}, not {count}{hint}", mentions)
    return count

class OutputFailed(SheetgenError):
    """A result could not be written (full disk, I/O error, broken pipe); no partial file is left."""

    exit_code = 1


class StdoutFailed(OutputFailed):
    """OutputFailed on standard output: the CLI must not try to write there again."""


class StdoutGone(StdoutFailed):
    """Standard output's reader went away (`sheetgen ... | head -1`): the command ends quietly,
    as other Unix tools do, with the exit code of a process ended by SIGPIPE (128 + 13)."""

    exit_code = 141
