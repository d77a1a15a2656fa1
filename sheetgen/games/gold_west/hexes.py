"""Gold West board geometry: hex coordinates, neighbours, and the board a setup lays out.

Hexes are "odd-q" offset columns as in data/gold-west.yaml: x to the right,
y up, odd columns drawn half a hex lower. A hex is written "x,y" in data and
setup output and is an (x, y) tuple here.

Every cell of the board also has a label for people, such as "D4"
(hexlabels.py).
"""

from __future__ import annotations

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
