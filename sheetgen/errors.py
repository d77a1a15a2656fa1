"""Errors that carry a user-facing message instead of a traceback.

Library code raises these (all are `ValueError`s); only `cli.py` turns them
into exit codes and command-line option names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can.

    `line`/`column` place it in a YAML file; `page`/`field` in a PDF form.
    """

    file: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {self.message}"

    def to_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message}


class SheetgenError(ValueError):
    """Base class: the message is meant for the user; exit_code says how a command leaves."""

    exit_code = 1


class InvalidInput(SheetgenError):
    """An input file (rule data, layout, results) has one or more problems."""

    exit_code = 1

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class InvalidArgument(SheetgenError):
    """An argument to a library call (or a command-line option) that cannot be honoured.

    `argument` names the parameter as the library knows it (`players`,
    `names`, `game`, `what`, `code`, ...); the CLI shows the matching option.
    """

    exit_code = 2

    def __init__(self, argument: str, message: str):
        self.argument = argument
        self.message = message
        super().__init__(f"{argument}: {message}" if argument else message)

    @property
    def option(self) -> str:
        """The same name, as older callers knew it."""
        return self.argument


# The command line's name for the same error; kept so both read naturally.
UsageProblem = InvalidArgument

class OutputFailed(SheetgenError):
    """A result could not be written (full disk, I/O error, broken pipe); no partial file is left."""

    exit_code = 1


class StdoutFailed(OutputFailed):
    """OutputFailed on standard output: the CLI must not try to write there again."""
