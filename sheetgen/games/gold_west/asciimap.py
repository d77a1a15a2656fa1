"""Gold West: a small plain-text map of who built where, for the text output of `score --map`.

The board is drawn as it is printed: the hex columns side by side, each odd
column half a hex lower, so a column's hexes sit on every other line and its
neighbours on the lines between. Each cell shows its label (an empty in-play
hex), a player's letter (upper case a settlement, lower case a camp), "~" for
water or "#" for a face-down tile (two players). A line of column letters is
on top, and a key below names each player's letter.

Letters: each player gets the first letter of their name not taken by an
earlier player, else the first free letter of the alphabet.
"""

from __future__ import annotations

import string
from typing import Hashable, Mapping, Optional, Sequence

from sheetgen.games.gold_west import hexes
from sheetgen.games.gold_west.mapcount import KINDS, Board
from sheetgen.playernames import printable

WATER, FACE_DOWN = "~", "#"
LETTERS = string.ascii_uppercase  # a player's letter is one of these


def initials(names: Sequence[str], chosen: Sequence[Optional[str]] = ()) -> list[str]:
    """One distinct upper-case letter (A-Z) per name, in order: the name's own letters first.

    `chosen[i]`, where given (not None), is player i's letter already (a board record sheet's
    initial field); the others get the first letter of their name not chosen or taken before.
    """
    fixed = list(chosen) + [None] * (len(names) - len(chosen))
    taken: list[str] = [c for c in fixed if c]
    out: list[str] = []
    for name, mine in zip(names, fixed):
        if mine:
            out.append(mine)
            continue
        own = [c.upper() for c in str(name) if c.upper() in LETTERS]
        letter = next(c for c in [*own, *LETTERS] if c not in taken)
        taken.append(letter)
        out.append(letter)
    return out


def draw(board: Board, buildings: Mapping[Hashable, Mapping[str, Sequence[hexes.Hex]]],
         names: Mapping[Hashable, str]) -> str:
    """The map as lines of text (ending in a newline), then its key.

    `buildings` is player -> {"camps": [hex], "settlements": [hex]} (as
    `mapcount.check` returns them); `names` words each player in the key, in
    the order given, which is also the order letters are handed out in.
    """
    players = list(names)
    letter = dict(zip(players, initials([names[p] for p in players])))
    shown: dict[hexes.Hex, str] = {}
    for player, lists in buildings.items():
        for kind in KINDS:
            for hex_ in lists.get(kind, ()):
                shown[hex_] = letter[player] if kind == "settlements" else letter[player].lower()
    labels = board.labels
    width = max(len(labels.label(h)) for h in labels.cells)
    step = width + 1
    xs = [x for x, _ in labels.cells]
    ys = [y for _, y in labels.cells]
    left, right = min(xs), max(xs)

    def cell(hex_: hexes.Hex) -> str:
        if hex_ in shown:
            text = shown[hex_]
        elif hex_ in board.water:
            text = WATER * width
        elif hex_ in board.out:
            text = FACE_DOWN * width
        elif hex_ in labels.cells:
            text = labels.label(hex_)
        else:
            text = ""
        return text.ljust(width)

    lines = ["".join(labels.column(x).ljust(step) for x in range(left, right + 1)).rstrip()]
    for y in range(max(ys), min(ys) - 1, -1):
        for parity in (0, 1):   # even columns, then the odd ones half a hex lower
            row = "".join(cell((x, y)) + " " if x % 2 == parity else " " * step for x in range(left, right + 1))
            if row.strip():
                lines.append(row.rstrip())
    key = [f"{letter[p]} {printable(names[p])}" for p in players]
    lines.append("")
    lines.append("Key: " + ", ".join(key) + f" (upper case a settlement, lower case a camp); {WATER * width} water"
                 + (f", {FACE_DOWN * width} face down" if board.out else ""))
    return "\n".join(lines) + "\n"
