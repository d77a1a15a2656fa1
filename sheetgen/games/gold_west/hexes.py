"""Gold West board geometry: hex coordinates, neighbours, and the board a setup lays out.

Hexes are "odd-q" offset columns as in data/gold-west.yaml: x to the right,
y up, odd columns drawn half a hex lower. A hex is written "x,y" in data and
setup output and is an (x, y) tuple here.

Every cell of the board (land and water) also has a label for people: its
column letter, A at the leftmost column, then its row number, 1 at the top
(`Labels`). A row is one value of y, so in an odd column row n sits half a hex
below row n of the even columns, as on a wargame map. The frame comes from the
cells in the data, so a changed board relabels itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from sheetgen.ruledata import RuleData

Hex = tuple[int, int]  # (x, y)

# Neighbour offsets, in the same cyclic order as the rings in the data.
_EVEN = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (0, -1))
_ODD = ((1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1))


# The lists a player's buildings are written in (a results file's map form).
BUILDING_LISTS = ("camps", "settlements")

def must_parse(text: str) -> Hex:
    """(x, y) from "x,y" in validated rule data."""
    found = parse(text)
    if found is None:
        raise ValueError(f"not a hex: {text!r}")
    return found


def parse(text: str) -> Optional[Hex]:
    """(x, y) from "x,y", or None if `text` is not two integers."""
    parts = str(text).split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


def key(hex_: Hex) -> str:
    return f"{hex_[0]},{hex_[1]}"


def neighbours(hex_: Hex) -> list[Hex]:
    x, y = hex_
    return [(x + dx, y + dy) for dx, dy in (_ODD if x % 2 else _EVEN)]


def order(hexes: Iterable[Hex]) -> list[Hex]:
    """Reading order on the printed board: top row first, left to right."""
    return sorted(hexes, key=lambda h: (-h[1] + (h[0] % 2) * 0.5, h[0]))


def slot_hexes(slot: dict[str, Any]) -> list[Hex]:
    """A slot's centre, then its ring in cyclic order."""
    return [must_parse(slot["centre"])] + [must_parse(h) for h in slot["ring"]]


def tile_colours(tile: dict[str, Any], rotation: int) -> list[str]:
    """Terrain codes for a tile turned `rotation` sixths: centre first, then the ring.

    Turning by one sixth moves each ring colour one place on, so ring position
    i shows the colour printed at (i - rotation) mod 6.
    """
    ring = tile["ring"]
    return [tile["centre"]] + [ring[(i - rotation) % 6] for i in range(6)]


def in_play_slots(rules: RuleData, players: int) -> list[int]:
    """The slots whose tiles are used face up with this many players."""
    two = players == 2
    return [s["slot"] for s in rules["board"]["slots"] if s["two_players"] or not two]


def water(rules: RuleData) -> set[Hex]:
    return {must_parse(h) for h in rules["board"]["water"]}


def land(rules: RuleData, slots: Optional[Iterable[int]] = None) -> set[Hex]:
    """Every land hex of the given slots (default: all)."""
    wanted = None if slots is None else set(slots)
    return {h for s in rules["board"]["slots"] if wanted is None or s["slot"] in wanted
            for h in slot_hexes(s)}


def touching_water(rules: RuleData) -> set[Hex]:
    """Land hexes next to a water hex (their tokens start face up)."""
    wet = water(rules)
    return {h for h in land(rules) if any(n in wet for n in neighbours(h))}


def edge(rules: RuleData, players: int) -> set[Hex]:
    """In-play land hexes touching the edge of the board in play.

    The edge is anything that is neither in-play land nor water; with two
    players the face-down end tiles count as edge, as the rulebook says.
    """
    playing = land(rules, in_play_slots(rules, players))
    inside = playing | water(rules)
    return {h for h in playing if any(n not in inside for n in neighbours(h))}


def colours(rules: RuleData, terrain: list[dict[str, Any]]) -> dict[Hex, str]:
    """Hex -> terrain code for a laid-out board (`terrain` as in a setup: slot, tile, rotation)."""
    tiles = {t["tile"]: t for t in rules["board"]["tiles"]}
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    out: dict[Hex, str] = {}
    for placed in terrain:
        hexes = slot_hexes(slots[placed["slot"]])
        for hex_, code in zip(hexes, tile_colours(tiles[placed["tile"]], placed["rotation"])):
            out[hex_] = code
    return out


def cells(rules: RuleData) -> set[Hex]:
    """Every cell of the board: the land of all slots and the water."""
    return land(rules) | water(rules)


# ---- straight lines and distance ------------------------------------------------------------------

def cube(hex_: Hex) -> tuple[int, int, int]:
    """Cube coordinates (q, r, s), q + r + s = 0: a straight line of hexes keeps one of them fixed."""
    x, y = hex_
    r = -y - (x - (x & 1)) // 2
    return x, r, -x - r


def lines_through(hex_: Hex) -> tuple[tuple[int, int], ...]:
    """The three straight lines through a hex, one per direction, each as (axis, value)."""
    return tuple(enumerate(cube(hex_)))


def distance(a: Hex, b: Hex) -> int:
    """Steps from hex to hex."""
    return max(abs(p - q) for p, q in zip(cube(a), cube(b)))


# ---- labels -----------------------------------------------------------------------------------------

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
            return parse(written)
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
        return min(order(self.cells), key=lambda h: distance(h, hex_))


def labels(rules: RuleData) -> Labels:
    return Labels.of(cells(rules))


def label(rules: RuleData, hex_: Hex) -> str:
    """A cell's label, e.g. "D4" (see `Labels`)."""
    return labels(rules).label(hex_)


def parse_label(rules: RuleData, text: object) -> Optional[Hex]:
    """The cell named by its label (any case) or by "x,y"; None when no cell has that name."""
    return labels(rules).parse(text)
