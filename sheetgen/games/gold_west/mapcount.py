"""Gold West final-scoring counts read off the map: which hexes each player built on.

Given the board a setup laid out and every player's camps and settlements by
hex, this derives what a results file otherwise asks the players to count by
hand: influence, settlements and mining tokens per terrain, the sizes of the
groups of buildings, and the counts the Boomtown offices ask for (`edge`,
`next_to_opponent`, `water`, `line`). Investment influence is not on the map;
the caller adds it.

Three pure steps:

- `board(rules, setup)`: the board a setup laid out (or build a `Board` from
  its parts: terrain per in-play land hex, the water, the face-down hexes).
- `check(board, written)`: reads each written hex (a label such as "D4" in any
  case, or "x,y") and reports every building that cannot stand there, as
  `MapProblem(player, list, index, message)` for the caller to locate: a hex
  the board lacks (with the nearest name), water, a face-down tile, or a hex
  already built on (by the same or another player). It returns the buildings
  that can stand, as hexes.
- `count(rules, board, buildings)`: the counts for buildings that passed.

Each building is looked at once, with its six neighbours, so every step is
linear in the number of buildings (plus the fixed board, once per `Board`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west.hexes import Hex
from sheetgen.results.model import closest
from sheetgen.ruledata import RuleData

KINDS = hexes.BUILDING_LISTS                           # the lists a player's buildings are written in
_PIECE = {"camps": "camp", "settlements": "settlement"}   # their keys in the data's `influence`

Buildings = Mapping[Hashable, Mapping[str, Sequence[Hex]]]  # player -> {"camps": [hex], "settlements": [hex]}
Placed = dict[Hashable, dict[str, list[Hex]]]               # the same, as `check` builds it


# ---- the board ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    """The board in play: terrain per in-play land hex, the water, the face-down hexes, the labels."""

    terrain: Mapping[Hex, str]     # in-play land hex -> terrain code
    water: frozenset[Hex]
    out: frozenset[Hex]            # land of the face-down tiles (two players)
    labels: hexlabels.Labels
    edge: frozenset[Hex] = field(init=False)   # in-play land next to anything but in-play land or water
    wet: frozenset[Hex] = field(init=False)    # in-play land next to water

    def __post_init__(self) -> None:
        inside = set(self.terrain) | self.water
        edge = {h for h in self.terrain if any(n not in inside for n in hexes.neighbours(h))}
        wet = {h for h in self.terrain if any(n in self.water for n in hexes.neighbours(h))}
        object.__setattr__(self, "edge", frozenset(edge))   # derived once; the dataclass stays frozen
        object.__setattr__(self, "wet", frozenset(wet))


def board(rules: RuleData, setup: Mapping[str, Any]) -> Board:
    """The board of a setup (its `terrain`: slot, tile, rotation, in_play)."""
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    colours = hexes.colours(rules, setup["terrain"])
    out = {h for t in setup["terrain"] if not t["in_play"] for h in hexes.slot_hexes(slots[t["slot"]])}
    return Board({h: c for h, c in colours.items() if h not in out}, frozenset(hexes.water(rules)),
                 frozenset(out), hexlabels.labels(rules))


# ---- reading and checking where the buildings stand ------------------------------------------------

class MapProblem(NamedTuple):
    """A building that cannot stand where it is written: item `position` of `player`'s `which` list."""

    player: Hashable
    which: str       # "camps" or "settlements"
    position: int    # in that list, from 0
    message: str


def check(board: Board, written: Mapping[Hashable, Mapping[str, Sequence[Any]]],
          names: Optional[Mapping[Hashable, str]] = None) -> tuple[Placed, list[MapProblem]]:
    """The buildings that can stand (player -> {"camps": [hex], "settlements": [hex]}) and the problems.

    `written` holds each player's lists as written: labels ("D4", any case) or
    "x,y" (an (x, y) tuple is taken as it is). The first building on a hex, in
    player order, then camps before settlements, keeps it; a later one is the
    problem. `names` words a player in messages (default: str(player)).
    """
    def who(player: Hashable) -> str:
        return names[player] if names and player in names else str(player)

    taken: dict[Hex, tuple[Hashable, str]] = {}
    placed: Placed = {}
    problems: list[MapProblem] = []
    for player, lists in written.items():
        mine: dict[str, list[Hex]] = {kind: [] for kind in KINDS}
        for kind in KINDS:
            for i, text in enumerate(lists.get(kind) or ()):
                found = _stand(board, text)
                if not isinstance(found, str) and found in taken:
                    first, first_kind = taken[found]
                    found = (f"{_named(board, text, found)} already holds {who(first)}'s {_PIECE[first_kind]}; "
                             f"one building per hex")
                if isinstance(found, str):
                    problems.append(MapProblem(player, kind, i, found))
                    continue
                taken[found] = (player, kind)
                mine[kind].append(found)
        placed[player] = mine
    return placed, problems


def _named(board: Board, text: Any, hex_: Hex) -> str:
    """The hex as the reader wrote it, with its label when they wrote something else."""
    label = board.labels.label(hex_)
    return label if str(text).strip().upper() == label else f"'{text}' ({label})"


def _given(text: Any) -> Optional[Hex]:
    """An (x, y) tuple passed as it is, rather than written."""
    if isinstance(text, tuple) and len(text) == 2 and all(type(v) is int for v in text):
        return text
    return None


def _stand(board: Board, text: Any) -> Union[Hex, str]:
    """The in-play land hex `text` names, or why a building cannot stand there."""
    given = _given(text)
    hex_ = board.labels.parse(text) if given is None else given if given in board.labels.cells else None
    if hex_ is None:
        return _unknown(board, text)
    if hex_ in board.water:
        return f"{_named(board, text, hex_)} is water; buildings stand on land"
    if hex_ in board.out:
        return f"{_named(board, text, hex_)} is on a face-down tile, out of play in this game"
    if hex_ not in board.terrain:
        return f"{_named(board, text, hex_)} is not in play"
    return hex_


def _unknown(board: Board, text: Any) -> str:
    """No such hex: say how hexes are named, and the likeliest one meant.

    A typo of a real name ("E33", "-5,l") is matched by spelling (`closest`);
    a well-formed name off the board ("O4", "9,0") by distance on the grid.
    """

    named = board.labels
    spelt = {named.label(h): h for h in named.cells}
    spelt.update({hexes.key(h): h for h in named.cells})
    hint = closest(str(text), list(spelt))
    where = spelt[hint] if hint else None
    if where is None:
        off = _given(text) or named.coordinates(text)
        where = named.nearest(off) if off is not None else None
    if where is not None:
        return f"no hex '{text}' on the board; did you mean {named.label(where)} ({hexes.key(where)})?"
    return f"no hex '{text}' on the board: name a hex by its label ({named.span()}) or by x,y"


# ---- the counts -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Counts:
    """What one player's buildings on the map give a results file (terrains by code)."""

    influence: dict[str, int]       # terrain -> camp and settlement influence (investment influence not included)
    settlements: dict[str, int]     # terrain -> settlements
    mining_tokens: dict[str, int]   # terrain -> buildings (each took its hex's token)
    groups: list[int]               # sizes of the groups of touching buildings, largest first
    edge: int                # buildings next to anything but in-play land or water
    next_to_opponent: int    # buildings next to another player's building
    water: dict[str, int]    # {"camps": n, "settlements": n} next to water
    line: int                # most buildings on one straight line of hexes (gaps allowed)


def count(rules: RuleData, board: Board, buildings: Buildings) -> dict[Hashable, Counts]:
    """player -> Counts, for buildings as `check` returns them (on in-play land, one per hex).

    Raises ValueError for a building `check` would have refused.
    """
    owner: dict[Hex, Hashable] = {}
    for player, lists in buildings.items():
        for kind in KINDS:
            for hex_ in lists.get(kind, ()):
                if hex_ not in board.terrain:
                    raise ValueError(f"{player}: {hexes.key(hex_)} is not in-play land")
                if hex_ in owner:
                    raise ValueError(f"{player}: {hexes.key(hex_)} already holds a building")
                owner[hex_] = player
    terrains = [k["code"] for k in rules["terrains"]["kinds"]]
    worth = {kind: rules["influence"][_PIECE[kind]] for kind in KINDS}
    return {player: _counts(board, terrains, worth, owner, player, lists)
            for player, lists in buildings.items()}


def _counts(board: Board, terrains: list[str], worth: dict[str, int], owner: Mapping[Hex, Hashable], player: Hashable,
            lists: Mapping[str, Sequence[Hex]]) -> Counts:
    influence = dict.fromkeys(terrains, 0)
    settlements = dict.fromkeys(terrains, 0)
    tokens = dict.fromkeys(terrains, 0)
    water = dict.fromkeys(KINDS, 0)
    for kind in KINDS:
        for hex_ in lists.get(kind, ()):
            code = board.terrain[hex_]
            influence[code] += worth[kind]
            tokens[code] += 1
            settlements[code] += kind == "settlements"
            water[kind] += hex_ in board.wet
    mine = [h for kind in KINDS for h in lists.get(kind, ())]
    return Counts(
        influence=influence,
        settlements=settlements,
        mining_tokens=tokens,
        groups=groups(mine),
        edge=sum(h in board.edge for h in mine),
        next_to_opponent=sum(any(owner.get(n, player) != player for n in hexes.neighbours(h)) for h in mine),
        water=water,
        line=line(mine),
    )


def groups(hexes_: Iterable[Hex]) -> list[int]:
    """Sizes of the groups of touching hexes, largest first."""
    left = set(hexes_)
    sizes = []
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            size += 1
            for n in hexes.neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def line(hexes_: Iterable[Hex]) -> int:
    """The most of these hexes on one straight line (any of the three directions, gaps allowed)."""
    on = Counter(key for h in hexes_ for key in hexes.lines_through(h))
    return max(on.values(), default=0)
