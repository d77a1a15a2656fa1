"""Gold West's cells named for people: column letter, then row number ("D4").

Every cell of the board (land and water) has a label: its column letter, A at
the leftmost column, then its row number, 1 at the top (`Labels`). A row is one
value of y, so in an odd column row n sits half a hex below row n of the even
columns, as on a wargame map. The frame comes from the cells in the data, so a
changed board relabels itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from sheetgen.games.gold_west import hexes
from sheetgen.games.gold_west.hexes import Hex
from sheetgen.ruledata import RuleData

_LABEL = re.compile(r"([a-z]+)([0-9]+)")


def _letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: column names that never run out."""
    out = ""
    index += 1
    while index:
        index, digit = divmod(index - 1, 26)
        out = chr(ord("A") + digit) + out
    return out


def _index(letters: str) -> int:
    """The inverse of `_letters` (upper case)."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n - 1


@dataclass(frozen=True)
class Labels:
    """Names for the cells of one board: column letter from the left, row number from the top."""

    cells: frozenset[Hex]
    left: int      # x of column A
    top: int       # y of row 1

    @classmethod
    def of(cls, every: Iterable[Hex]) -> "Labels":
        found = frozenset(every)
        return cls(found, min(x for x, _ in found), max(y for _, y in found))

    def column(self, x: int) -> str:
        return _letters(x - self.left)

    def row(self, y: int) -> int:
        return self.top - y + 1

    def label(self, hex_: Hex) -> str:
        x, y = hex_
        return f"{self.column(x)}{self.row(y)}"

    def span(self) -> str:
        """"columns A-N left to right, rows 1-7 top to bottom" for this board."""
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        return (f"columns {self.column(min(xs))}-{self.column(max(xs))} left to right, "
                f"rows {self.row(max(ys))}-{self.row(min(ys))} top to bottom")

    def coordinates(self, text: object) -> Optional[Hex]:
        """The hex a label ("d4", any case, spaces ignored) or "x,y" names, on the board or not."""
        written = str(text).strip()
        if "," in written:
            return hexes.parse(written)
        match = _LABEL.fullmatch("".join(written.lower().split()))
        if match is None or int(match.group(2)) < 1:
            return None
        return _index(match.group(1).upper()) + self.left, self.top - int(match.group(2)) + 1

    def parse(self, text: object) -> Optional[Hex]:
        """The board cell a label or "x,y" names; None for anything else."""
        found = self.coordinates(text)
        return found if found in self.cells else None

    def nearest(self, hex_: Hex) -> Hex:
        """The board cell closest to any hex (ties: the first in reading order)."""
        return min(hexes.order(self.cells), key=lambda h: hexes.distance(h, hex_))


def labels(rules: RuleData) -> Labels:
    return Labels.of(hexes.cells(rules))


def label(rules: RuleData, hex_: Hex) -> str:
    """A cell's label, e.g. "D4" (see `Labels`)."""
    return labels(rules).label(hex_)


def parse_label(rules: RuleData, text: object) -> Optional[Hex]:
    """The cell named by its label (any case) or by "x,y"; None when no cell has that name."""
    return labels(rules).parse(text)
