"""Errors that carry a user-facing message instead of a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    file: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class SheetgenError(Exception):
    """Base class: the message is meant for the user; exit_code says how to leave."""

    exit_code = 1


class InvalidInput(SheetgenError):
    """An input file (rule data, layout, results) has one or more problems."""

    exit_code = 1

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageProblem(SheetgenError):
    """A command-line option or argument that cannot be honoured."""

    exit_code = 2

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(f"{option}: {message}" if option else message)


class OutputFailed(SheetgenError):
    """A result could not be written (full disk, I/O error, broken pipe); no partial file is left."""

    exit_code = 1


class StdoutFailed(OutputFailed):
    """OutputFailed on standard output: the CLI must not try to write there again."""
