"""A Gold West setup as the numbers its code holds, and back.

The setup a seed draws (setup.py: `draw`, `generate`) or a code names (`from_code`
here, which needs no random numbers) is built the same way, by `build`, from a
`Deal`: indexes into the counts a rule data and player count fix (`Layout`).

Nothing but setup.py's draws is random: the face-up tokens (on the in-play
hexes touching the water), the bonus tiles, shipping stacks, starting supplies
and camps come straight from data/gold-west.yaml, as does every count the draws
take. So does `hexes`,
the last key: every cell of the board, land and water, in reading order,
"x,y" -> its label (hexlabels.Labels, e.g. "D4"), its terrain word (a terrain's
name in lower case, or "water") and whether it is in play (a face-down tile's
hexes are not; they keep the terrain of the tile's face).

The setup code `GW<players>-...` holds the realised setup as mixed-radix digits
(see sheetgen.setupcode): the seating (Lehmer digits), the tiling, the offices
(Lehmer digits), the investments (one combination rank), then the whole board
as one number below the count of all possible boards. That number packs, for
the face-down end tiles (2 players) a weighted choice of which tile lies in
each, then the in-play tiles' order (Lehmer), their rotations (radix = period)
and each terrain's token layout. Identical tokens are interchangeable, so a
layout is ranked by content, never by token identity: first which contents
stay in the box (2 players), then, content by content in data order, the
combination of hexes it covers. Every number in range is thus a different
legal setup, and a setup has exactly one code: 40 characters after `GW4-` or
`GW3-` (38 for the number, 2 check characters), 36 after `GW2-`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from math import comb, factorial
from typing import Any, Optional, Sequence, TypedDict

from sheetgen import setupcode
from sheetgen.facedown import HIDDEN
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west.hexes import Hex
from sheetgen.ruledata import RuleData

PREFIX = "GW"

Domino = tuple[int, int]                  # two grid cells, numbered row by row
Tiling = tuple[int, tuple[Domino, ...]]   # (the free cell, the dominoes)


# ---- counting and ranking helpers ---------------------------------------------------------------

def tilings(rows: int, columns: int) -> list[Tiling]:
    """Every tiling of a rows x columns grid by dominoes plus one empty cell.

    Cells are numbered row by row from the top left. Each tiling is (hole,
    dominoes), dominoes as (first cell, second cell) in order of their first
    cell; tilings are listed by hole, then as a depth-first search laying the
    first free cell's domino to the right before downwards finds them.
    """
    cells = rows * columns
    found: list[Tiling] = []

    def fill(free: list[bool], laid: list[Domino], hole: int) -> None:
        try:
            cell = free.index(True)
        except ValueError:
            found.append((hole, tuple(laid)))
            return
        r, c = divmod(cell, columns)
        for other in ((cell + 1) if c + 1 < columns else None, (cell + columns) if r + 1 < rows else None):
            if other is not None and free[other]:
                free[cell] = free[other] = False
                laid.append((cell, other))
                fill(free, laid, hole)
                laid.pop()
                free[cell] = free[other] = True

    for hole in range(cells):
        free = [True] * cells
        free[hole] = False
        fill(free, [], hole)
    return found


def combination_rank(chosen: Sequence[int]) -> int:
    """Rank of a set of whole numbers in the combinatorial number system (colex order)."""
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(chosen)))


def combination_unrank(rank: int, k: int, n: int) -> list[int]:
    """The k-subset of range(n) with this colex rank, ascending."""
    out: list[int] = []
    top = n
    for size in range(k, 0, -1):
        top -= 1
        while comb(top, size) > rank:
            top -= 1
        out.append(top)
        rank -= comb(top, size)
    return out[::-1]


def _pack(digits: Sequence[int], radices: Sequence[int]) -> int:
    number = 0
    for digit, radix in zip(digits, radices):
        number = number * radix + digit
    return number


def _unpack(number: int, radices: Sequence[int]) -> list[int]:
    digits: list[int] = []
    for radix in reversed(radices):
        number, digit = divmod(number, radix)
        digits.append(digit)
    return digits[::-1]


def _multinomial(counts: Sequence[int]) -> int:
    out = factorial(sum(counts))
    for c in counts:
        out //= factorial(c)
    return out


class TokenLayouts:
    """The distinct layouts of one terrain's tokens on k hexes (the rest in the box).

    `counts` is how many tokens of each content the terrain has. A layout is the
    content index on each hex, in hex order. Layouts are ranked by the box's
    contents first (each box, in lexicographic order of its counts, weighted by
    the layouts of what is left), then content by content, by the colex rank of
    the hexes it covers among those still free.
    """

    def __init__(self, counts: Sequence[int], k: int):
        self.counts = tuple(counts)
        self.k = k
        self.boxes: list[tuple[int, ...]] = []
        self._room = [sum(self.counts[i:]) for i in range(len(self.counts) + 1)]
        self._boxes(0, sum(self.counts) - k, [])
        self.offsets: list[int] = []
        total = 0
        for box in self.boxes:
            self.offsets.append(total)
            total += _multinomial([c - b for c, b in zip(self.counts, box)])
        self.total = total
        self._where = {box: i for i, box in enumerate(self.boxes)}

    def _boxes(self, i: int, left: int, prefix: list[int]) -> None:
        """Every way to leave `left` more tokens in the box from contents i onwards, in order."""
        if left > self._room[i]:
            return
        if i == len(self.counts):
            self.boxes.append(tuple(prefix))
            return
        for b in range(min(self.counts[i], left) + 1):
            self._boxes(i + 1, left - b, prefix + [b])

    def rank(self, layout: Sequence[int]) -> int:
        have = [0] * len(self.counts)
        for content in layout:
            have[content] += 1
        box = tuple(c - h for c, h in zip(self.counts, have))
        number = 0
        free = list(range(self.k))
        for content, need in enumerate(have):
            covered = [i for i, hex_ in enumerate(free) if layout[hex_] == content]
            number = number * comb(len(free), need) + combination_rank(covered)
            free = [hex_ for hex_ in free if layout[hex_] != content]
        return self.offsets[self._where[box]] + number

    def unrank(self, rank: int) -> list[int]:
        at = bisect_right(self.offsets, rank) - 1
        box = self.boxes[at]
        have = [c - b for c, b in zip(self.counts, box)]
        radices, size = [], self.k
        for need in have:
            radices.append(comb(size, need))
            size -= need
        digits = _unpack(rank - self.offsets[at], radices)
        layout = [-1] * self.k
        free = list(range(self.k))
        for content, (need, digit) in enumerate(zip(have, digits)):
            covered = combination_unrank(digit, need, len(free))
            for i in covered:
                layout[free[i]] = content
            taken = set(covered)
            free = [hex_ for i, hex_ in enumerate(free) if i not in taken]
        return layout


# ---- what the rule data fixes for one table size --------------------------------------------------

def _period(tile: dict[str, Any]) -> int:
    """How many sixths a tile turns before it shows the same colours again."""
    ring = tile["ring"]
    return next(p for p in range(1, 7) if 6 % p == 0 and ring[p:] + ring[:p] == ring)


class Layout:
    """The counts a setup is drawn and coded from, for one rule data and player count."""

    def __init__(self, rules: RuleData, players: int):
        self.players = players
        town = rules["boomtown"]
        self.rows, self.columns = len(town["rows"]), len(town["columns"])
        self.tilings = tilings(self.rows, self.columns)
        self.offices = [o["name"] for o in town["offices"]]
        self.offices_in_play = town["offices_in_play"]
        inv = rules["investments"]
        self.cards = len(inv["cards"])
        self.cards_in_play = inv["in_play"]

        board = rules["board"]
        self.slots = sorted(board["slots"], key=lambda s: s["slot"])
        self.slot_hexes = [hexes.slot_hexes(s) for s in self.slots]
        self.reading = {h: i for i, h in enumerate(hexes.order(h for found in self.slot_hexes for h in found))}
        self.keys = {h: hexes.key(h) for h in self.reading}
        self.water = hexes.water(rules)
        self.cells = hexes.order(set(self.reading) | self.water)   # land and water, reading order
        self.labels = hexlabels.labels(rules)
        self.terrain_names = {k["code"]: k["name"].lower() for k in rules["terrains"]["kinds"]}
        playing = set(hexes.in_play_slots(rules, players))
        self.in_play = [s["slot"] in playing for s in self.slots]
        face_up = hexes.touching_water(rules) & hexes.land(rules, playing)
        self.revealed = [hexes.key(h) for h in hexes.order(face_up)]
        self.out_at = [i for i, on in enumerate(self.in_play) if not on]
        self.tiles = board["tiles"]
        self.periods = [_period(t) for t in self.tiles]
        self.terrains = [k["code"] for k in rules["terrains"]["kinds"]]
        self.tokens = {code: list(rules["mining_tokens"][code]) for code in self.terrains}
        self.counts = {code: [rules["mining_tokens"][code][t] for t in self.tokens[code]]
                       for code in self.terrains}
        self.tile_colours = [{code: (t["ring"] + [t["centre"]]).count(code) for code in self.terrains}
                             for t in self.tiles]

        # The face-down tiles: every ordered choice, weighted by the boards it leaves.
        self.out_choices = _ordered_choices(len(self.tiles), len(self.out_at))
        self.out_offsets: list[int] = []
        total = 0
        self._spaces: dict[tuple[str, int], TokenLayouts] = {}
        for out in self.out_choices:
            self.out_offsets.append(total)
            total += self._inner_total(out)
        self.board_total = total
        self._out_index = {out: i for i, out in enumerate(self.out_choices)}

    def space(self, code: str, k: int) -> TokenLayouts:
        key = (code, k)
        if key not in self._spaces:
            self._spaces[key] = TokenLayouts(self.counts[code], k)
        return self._spaces[key]

    def hexes_per_colour(self, tiles_in_play: Sequence[int]) -> dict[str, int]:
        return {code: sum(self.tile_colours[t][code] for t in tiles_in_play) for code in self.terrains}

    def _inner_radices(self, out: tuple[int, ...]) -> list[int]:
        rest = [t for t in range(len(self.tiles)) if t not in out]
        radices = setupcode.arrangement_radices(len(rest), len(rest))
        radices += [self.periods[t] for t in rest]   # rotations: a product, whatever the order
        counts = self.hexes_per_colour(rest)
        radices += [self.space(code, counts[code]).total for code in self.terrains]
        return radices

    def _inner_total(self, out: tuple[int, ...]) -> int:
        return setupcode.capacity(self._inner_radices(out))

    def radices(self) -> list[int]:
        """The code's radices: seating, tiling, offices, investments, board."""
        out = setupcode.arrangement_radices(self.players, self.players)
        out += [len(self.tilings)]
        out += setupcode.arrangement_radices(self.offices_in_play, len(self.offices))
        out += [comb(self.cards, self.cards_in_play)]
        out += [self.board_total]
        return out

    # -- the board as one number --

    def board_number(self, deal: "Deal") -> int:
        out = tuple(deal.tiles[i] for i in self.out_at)
        rest = sorted(t for t in range(len(self.tiles)) if t not in out)
        placed = [deal.tiles[i] for i, on in enumerate(self.in_play) if on]
        digits = setupcode.arrangement_digits([rest.index(t) for t in placed], len(rest))
        # rotations are listed by tile (not slot), so their radices do not depend on the order
        turned = {deal.tiles[i]: deal.rotations[i] for i, on in enumerate(self.in_play) if on}
        digits += [turned[t] for t in rest]
        counts = self.hexes_per_colour(rest)
        digits += [self.space(code, counts[code]).rank(deal.tokens[code]) for code in self.terrains]
        return self.out_offsets[self._out_index[out]] + _pack(digits, self._inner_radices(out))

    def board_from_number(self, number: int) -> tuple[list[int], list[int], dict[str, list[int]]]:
        at = bisect_right(self.out_offsets, number) - 1
        out = self.out_choices[at]
        radices = self._inner_radices(out)
        digits = _unpack(number - self.out_offsets[at], radices)
        rest = sorted(t for t in range(len(self.tiles)) if t not in out)
        n = len(rest)
        order = setupcode.from_arrangement(digits[:len(setupcode.arrangement_radices(n, n))], n, n)
        digits = digits[len(setupcode.arrangement_radices(n, n)):]
        turned = dict(zip(rest, digits[:n]))
        layouts = digits[n:]
        placed = iter(rest[i] for i in order)
        outs = iter(out)
        tiles = [next(placed) if on else next(outs) for on in self.in_play]
        rotations = [turned[t] if on else 0 for t, on in zip(tiles, self.in_play)]
        counts = self.hexes_per_colour(rest)
        tokens = {code: self.space(code, counts[code]).unrank(r) for code, r in zip(self.terrains, layouts)}
        return tiles, rotations, tokens


def _ordered_choices(n: int, k: int) -> list[tuple[int, ...]]:
    """Every ordered choice of k of range(n), in lexicographic order."""
    if k == 0:
        return [()]
    return [(first,) + rest for first in range(n)
            for rest in _ordered_choices(n, k - 1) if first not in rest]


_LAYOUTS: dict[tuple[str, str, int], Layout] = {}


def layout(rules: RuleData, players: int) -> Layout:
    key = (rules.game, rules.version, players)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = Layout(rules, players)
    return _LAYOUTS[key]


# ---- the setup ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """A realised setup as indexes: what the stream draws and the code holds."""

    seating: list[int]             # player indexes in turn order
    tiling: int                    # index into Layout.tilings
    offices: list[int]             # office indexes, one per domino of the tiling
    investments: list[int]         # card indexes (0-based), ascending
    tiles: list[int]               # tile index per slot position (slots sorted by number)
    rotations: list[int]           # per slot position; 0 for face-down tiles
    tokens: dict[str, list[int]]   # terrain code -> content index per in-play hex of that colour, reading order


def from_code(rules: RuleData, code: str, names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """Exactly the setup a code was printed for; SetupCodeError if the code is not a possible one."""
    players, digits = setupcode.decode(code, prefix=PREFIX, game=rules.game, players=rules.players,
                                       radices_for=lambda n: layout(rules, n).radices())
    people = setupcode.player_names(rules.title, rules.players, players, names)
    plan = layout(rules, players)
    read = setupcode.Digits(digits)
    seating = read.arrangement(players, players)
    tiling = read.take(1)[0]
    offices = read.arrangement(plan.offices_in_play, len(plan.offices))
    investments = combination_unrank(read.take(1)[0], plan.cards_in_play, plan.cards)
    tiles, rotations, tokens = plan.board_from_number(read.take(1)[0])
    return build(rules, setupcode.seat_given_names(people, seating, names), None,
                 Deal(seating, tiling, offices, investments, tiles, rotations, tokens))


def face_down(setup: dict[str, Any]) -> dict[str, Any]:
    """The players' copy (the GameSpec's `face_down` hook): each mining token away from the water
    lies face down, so its value shows as HIDDEN; the tokens in `revealed` start face up."""
    up = set(setup["revealed"])
    return {**setup, "tokens": {where: token if where in up else HIDDEN for where, token in setup["tokens"].items()}}


def colour_hexes(plan: Layout, tiles: Sequence[int], rotations: Sequence[int]) -> dict[str, list[Hex]]:
    """Terrain code -> its in-play hexes in reading order."""
    out: dict[str, list[Hex]] = {code: [] for code in plan.terrains}
    for found, tile, turn, on in zip(plan.slot_hexes, tiles, rotations, plan.in_play):
        if on:
            for hex_, code in zip(found, hexes.tile_colours(plan.tiles[tile], turn)):
                out[code].append(hex_)
    return {code: sorted(found, key=plan.reading.__getitem__) for code, found in out.items()}


def build(rules: RuleData, people: list[str], seed: Optional[str], deal: Deal) -> dict[str, Any]:
    """The setup (the JSON format's dict, its code included) that `deal` lays out for `people`."""
    players = len(people)
    plan = layout(rules, players)
    digits = setupcode.arrangement_digits(deal.seating, players)
    digits += [deal.tiling]
    digits += setupcode.arrangement_digits(deal.offices, len(plan.offices))
    digits += [combination_rank(deal.investments)]
    digits += [plan.board_number(deal)]
    setup_code = setupcode.encode(PREFIX, players, digits, plan.radices())

    town = rules["boomtown"]
    hole, dominoes = plan.tilings[deal.tiling]
    cells = [town["free_cell"]["name"]] * (plan.rows * plan.columns)
    names = [plan.offices[i] for i in deal.offices]
    for name, pair in zip(names, dominoes):
        for cell in pair:
            cells[cell] = name
    grid = [cells[r * plan.columns:(r + 1) * plan.columns] for r in range(plan.rows)]

    terrain = [{"slot": slot["slot"], "tile": plan.tiles[t]["tile"], "rotation": turn, "in_play": on}
               for slot, t, turn, on in zip(plan.slots, deal.tiles, deal.rotations, plan.in_play)]
    colours = colour_hexes(plan, deal.tiles, deal.rotations)
    placed: dict[Hex, str] = {}
    for code in plan.terrains:
        kinds = plan.tokens[code]
        for hex_, content in zip(colours[code], deal.tokens[code]):
            placed[hex_] = kinds[content]
    tokens = {plan.keys[h]: placed[h] for h in sorted(placed, key=plan.reading.__getitem__)}

    starts = {s["order"]: s["sections"] for s in rules["supply"]["start"]}
    sections = rules["supply"]["sections"]
    seating = [{"order": i, "name": people[p],
                "supply": [list(starts[i].get(s, [])) for s in range(sections)]}
               for i, p in enumerate(deal.seating, 1)]
    return {
        **setupcode.header(rules, players, seed, setup_code),
        "boomtown": {"grid": grid, "offices": names},
        "investments": [rules["investments"]["cards"][i]["number"] for i in deal.investments],
        "investment_bonus": list(rules["investments"]["bonus_tiles"][players]),
        "shipping_bonus": {metal: list(stack) for metal, stack in rules["shipping"]["stacks"].items()},
        "terrain": terrain,
        "tokens": tokens,
        "revealed": list(plan.revealed),
        "seating": seating,
        "camps_per_player": rules["pieces"]["camps_per_player"][players],
        "hexes": _cells(rules, plan, terrain),
    }


WATER = "water"   # the terrain word of a water cell in the setup's `hexes`


class Cell(TypedDict):
    """One cell of the setup's `hexes`."""

    label: str
    terrain: str
    in_play: bool


def _cells(rules: RuleData, plan: Layout, terrain: list[dict[str, Any]]) -> dict[str, Cell]:
    """Every cell of the board, "x,y" -> its label, terrain word and whether it is in play.

    A face-down tile's hexes keep the terrain of the tile's face (the setup
    knows which tile lies there) and are out of play; water is in play.
    """
    slots = {s["slot"]: s for s in plan.slots}
    colours = hexes.colours(rules, terrain)
    playing = {h for t in terrain if t["in_play"] for h in hexes.slot_hexes(slots[t["slot"]])}
    out: dict[str, Cell] = {}
    for h in plan.cells:
        wet = h in plan.water
        out[hexes.key(h)] = {"label": plan.labels.label(h),
                             "terrain": WATER if wet else plan.terrain_names[colours[h]],
                             "in_play": wet or h in playing}
    return out
