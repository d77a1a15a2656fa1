"""Errors that carry a user-facing message instead of a traceback."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

# Characters that would break "one problem, one line" or drive the terminal:
# C0 and C1 controls (newline, escape, ...), the Unicode line separators, and
# the bidirectional controls that can make a line read differently than it is.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def one_line(text: str) -> str:
    """`text` with newlines and control characters written as escapes (\\n, \\x1b)."""
    return _UNSAFE.sub(_escape, text)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    file: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None

    def __str__(self) -> str:
        # a key or value quoted into the message may hold a newline or an escape
        # sequence: escaped, so that one problem is always exactly one line
        file, message = one_line(self.file), one_line(self.message)
        if self.line is None:
            return f"{file}: {message}"
        return f"{file}:{self.line}:{self.column}: {message}"


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
