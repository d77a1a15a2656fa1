"""The located-value document: the plain values a results file (or rule data) holds, and
where each was written, so a check further down can say `FILE:LINE:COLUMN: message`.

The YAML reader (sheetgen.results.yaml) makes one from a file; the filled-form reader
(sheetgen.results.pdf) makes a `FormDocument`, whose places are `FILE:page N:FIELD`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from sheetgen.errors import Problem

Key = Union[str, int]  # a mapping's key or a list's index
PathKey = tuple[Key, ...]  # where a value stands: the keys and indexes down to it


@dataclass
class Document:
    """A read file: plain Python values plus where each one stood."""

    name: str
    value: Any
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    # problems found while reading that leave the values readable (a form field
    # that cannot be a results value); the checks report them with their own
    problems: list[Problem] = field(default_factory=list)

    def problem(self, path: PathKey, message: str, *, at_key: bool = False) -> Problem:
        """A Problem placed at `path` (at its key when `at_key`), or its nearest parent."""
        table = self.key_positions if at_key else self.positions
        probe = tuple(path)
        while probe not in table and probe:
            probe = probe[:-1]
            table = self.positions
        line, column = table.get(probe, (None, None))
        return Problem(self.name, message, line, column)

    def order(self, problem: Problem) -> tuple[int, ...]:
        """Where `problem` sorts in a list of this document's problems."""
        return (problem.line or 0, problem.column or 0)
