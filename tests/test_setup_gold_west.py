"""Seeded and coded Gold West setups (sheetgen.games.gold_west.setup) and their text
(sheetgen.games.gold_west.picture through sheetgen.setuptext).

Every setup is checked against the rule data by `assert_legal`, written from
the rules and data/gold-west.yaml, not from the generator's own tables.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest
import yaml

from sheetgen import ruledata, setupcode, setuptext
from sheetgen.errors import InvalidInput, UsageProblem
from sheetgen.games import get_game
from sheetgen.games.gold_west import hexes
from sheetgen.games.gold_west import setup as gw
from sheetgen.setupcode import SetupCodeError

from conftest import examples

ROOT = Path(__file__).resolve().parent.parent
GAME = "gold-west"


@pytest.fixture(scope="module")
def rules():
    return ruledata.load(get_game(GAME))


def generate(rules, players, seed, names=None):
    return gw.generate(rules, players, seed, names=names)


def render(setup, fmt="text", rules=None, reveal=False):
    """The setup as text, Gold West's spec handed down as sheetgen.api does."""
    return setuptext.render(setup, get_game(GAME), fmt, rules, reveal=reveal)


# ---- what a legal setup is ---------------------------------------------------------------------

def _cells_adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def assert_legal(setup: dict, rules, players: int) -> None:
    data = rules.values
    assert setup["game"] == GAME and setup["players"] == players
    assert list(setup) == ["game", "title", "players", "seed", "code", "data_version", "boomtown",
                           "investments", "investment_bonus", "shipping_bonus", "terrain", "tokens",
                           "revealed", "seating", "camps_per_player", "hexes"]

    # Boomtown: 4 distinct offices as dominoes of neighbouring cells, 4VP in a corner or the centre.
    town = data["boomtown"]
    grid = setup["boomtown"]["grid"]
    assert len(grid) == len(town["rows"]) and all(len(row) == len(town["columns"]) for row in grid)
    where: dict = {}
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            where.setdefault(name, []).append((r, c))
    free = town["free_cell"]["name"]
    assert len(where.pop(free)) == 1
    hole = next((r, c) for r, row in enumerate(grid) for c, name in enumerate(row) if name == free)
    assert hole in {(0, 0), (0, 2), (2, 0), (2, 2), (1, 1)}
    offices = setup["boomtown"]["offices"]
    assert len(offices) == town["offices_in_play"] == len(set(offices))
    assert set(offices) == set(where) and set(offices) <= {o["name"] for o in town["offices"]}
    for name, cells in where.items():
        assert len(cells) == 2 and _cells_adjacent(*cells), (name, cells)

    # Investments, bonus tiles, shipping stacks, camps.
    inv = setup["investments"]
    assert len(inv) == 8 == len(set(inv)) and inv == sorted(inv) and all(1 <= n <= 20 for n in inv)
    assert setup["investment_bonus"] == data["investments"]["bonus_tiles"][players]
    assert setup["shipping_bonus"] == data["shipping"]["stacks"]
    assert all(stack == sorted(stack, reverse=True) for stack in setup["shipping_bonus"].values())
    assert setup["camps_per_player"] == data["pieces"]["camps_per_player"][players]

    # Terrain: each tile once, rotation 0-5; with 2 players the end slots 0 and 4 are face down.
    terrain = setup["terrain"]
    assert [t["slot"] for t in terrain] == list(range(8))
    assert sorted(t["tile"] for t in terrain) == sorted(t["tile"] for t in data["board"]["tiles"])
    out_slots = {0, 4} if players == 2 else set()
    for t in terrain:
        assert list(t) == ["slot", "tile", "rotation", "in_play"]
        assert t["in_play"] is (t["slot"] not in out_slots)
        assert t["rotation"] in range(6)
        if not t["in_play"]:
            assert t["rotation"] == 0

    # Tokens: one per in-play hex, of the hex's colour; 14 per colour in play + box.
    playing = hexes.land(rules, hexes.in_play_slots(rules, players))
    assert len(playing) == (42 if players == 2 else 56)
    colours = hexes.colours(rules, terrain)
    table = {code: tokens for code, tokens in data["mining_tokens"].items() if code != "source"}
    terrain_of = {}
    for code, tokens in table.items():
        for token in tokens:
            assert token not in terrain_of, "a token's content names its terrain"
            terrain_of[token] = code
    tokens = setup["tokens"]
    assert {hexes.parse(k) for k in tokens} == playing
    assert list(tokens) == [hexes.key(h) for h in hexes.order(playing)]
    in_play = {code: Counter() for code in table}
    for key, token in tokens.items():
        assert terrain_of[token] == colours[hexes.parse(key)], (key, token)
        in_play[terrain_of[token]][token] += 1
    every_colour = Counter(colours.values())
    for code, counts in table.items():
        assert sum(counts.values()) == 14 == every_colour[code]
        box = Counter(counts) - in_play[code]
        assert sum(in_play[code].values()) + sum(box.values()) == 14
        assert all(in_play[code][t] <= n for t, n in counts.items())
        out_hexes = sum(1 for h, c in colours.items() if c == code and h not in playing)
        assert sum(box.values()) == out_hexes
        if players > 2:
            assert in_play[code] == Counter(counts)

    # The 12 hexes touching the water start face up, all in play.
    wet = hexes.touching_water(rules)
    assert len(wet) == 12 and wet <= playing
    assert setup["revealed"] == [hexes.key(h) for h in hexes.order(wet)]
    assert all(key in tokens for key in setup["revealed"])

    # Every cell once, in reading order: its label, terrain word and whether it is in play.
    water = hexes.water(rules)
    words = {k["code"]: k["name"].lower() for k in data["terrains"]["kinds"]}
    cells = setup["hexes"]
    assert list(cells) == [hexes.key(h) for h in hexes.order(hexes.land(rules) | water)]
    assert len({c["label"] for c in cells.values()}) == len(cells) == 60
    for key, cell in cells.items():
        h = hexes.parse(key)
        assert list(cell) == ["label", "terrain", "in_play"]
        assert hexes.parse_label(rules, cell["label"]) == h
        assert cell["terrain"] == ("water" if h in water else words[colours[h]])
        assert cell["in_play"] is (h in water or h in playing)
    assert sum(not c["in_play"] for c in cells.values()) == (14 if players == 2 else 0)

    # Seating: turn order with each order's starting supply.
    seating = setup["seating"]
    assert [s["order"] for s in seating] == list(range(1, players + 1))
    assert sorted(s["name"] for s in seating) == sorted(f"Player {i}" for i in range(1, players + 1))
    starts = {s["order"]: s["sections"] for s in data["supply"]["start"]}
    for seat in seating:
        assert list(seat) == ["order", "name", "supply"]
        assert len(seat["supply"]) == data["supply"]["sections"]
        expected = [starts[seat["order"]].get(i, []) for i in range(data["supply"]["sections"])]
        assert seat["supply"] == expected


# ---- properties over thousands of seeds --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seed_gives_a_legal_setup_that_its_code_rebuilds(rules, players):
    codes = set()
    count = examples(150, 1000)  # the same seeds; --full runs all thousand
    for i in range(count):
        seed = f"legal-{players}-{i}"
        setup = generate(rules, players, seed)
        assert_legal(setup, rules, players)
        assert setup["seed"] == seed and setup["data_version"] == rules.version
        assert gw.from_code(rules, setup["code"]) == {**setup, "seed": None}
        codes.add(setup["code"])
    assert len(codes) == count


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_number_in_range_is_a_legal_setup_with_that_code(rules, players):
    """The code is dense: any digits below their radices decode to a legal setup that encodes back."""
    radices = gw.layout(rules, players).radices()
    pick = random.Random(f"dense-{players}")
    for _ in range(150):
        digits = [pick.randrange(r) for r in radices]
        if pick.random() < 0.2:  # the ends of the range too
            digits = [r - 1 for r in radices] if pick.random() < 0.5 else [0] * len(radices)
        code = setupcode.encode(gw.PREFIX, players, digits, radices)
        setup = gw.from_code(rules, code)
        assert_legal({**setup, "seed": None}, rules, players)
        assert setup["code"] == code


def test_same_seed_same_setup(rules):
    a = generate(rules, 4, "same")
    assert a == generate(rules, 4, "same")
    assert a != generate(rules, 4, "other")


@pytest.mark.parametrize("players", [2, 4])
def test_draws_follow_the_documented_order(rules, players):
    """Replays the module docstring's draw order on a bare stream and compares the setup."""
    from sheetgen import rng
    data = rules.values
    stream = rng.Stream("order", GAME)
    seating = stream.shuffle(range(players))
    tiling = stream.below(18)
    offices = stream.sample(range(12), 4)
    investments = sorted(stream.sample(range(20), 8))
    tiles = stream.shuffle(range(8))
    periods = {"E": 3}
    turns = [stream.below(periods.get(data["board"]["tiles"][t]["tile"], 6)) if players > 2 or s not in (0, 4)
             else 0 for s, t in enumerate(tiles)]
    setup = generate(rules, players, "order")
    assert [s["name"] for s in setup["seating"]] == [f"Player {i + 1}" for i in seating]
    hole, dominoes = gw.tilings(3, 3)[tiling]
    names = [data["boomtown"]["offices"][i]["name"] for i in offices]
    cells = [c for row in setup["boomtown"]["grid"] for c in row]
    assert cells[hole] == "4VP" and setup["boomtown"]["offices"] == names
    assert all(cells[a] == cells[b] == name for (a, b), name in zip(dominoes, names))
    assert setup["investments"] == [i + 1 for i in investments]
    assert [t["tile"] for t in setup["terrain"]] == [data["board"]["tiles"][t]["tile"] for t in tiles]
    assert [t["rotation"] for t in setup["terrain"]] == turns
    colours = hexes.colours(rules, setup["terrain"])
    playing = hexes.land(rules, hexes.in_play_slots(rules, players))
    for kind in data["terrains"]["kinds"]:
        table = data["mining_tokens"][kind["code"]]
        pool = [token for token, n in table.items() for _ in range(n)]
        mine = hexes.order(h for h in playing if colours[h] == kind["code"])
        drawn = stream.sample(pool, len(mine))
        assert [setup["tokens"][hexes.key(h)] for h in mine] == drawn


def test_default_players_names_and_fresh_seed(rules):
    assert generate(rules, None, "x")["players"] == 4
    fresh = generate(rules, 2, None)
    assert isinstance(fresh["seed"], str) and len(fresh["seed"]) == 8
    assert generate(rules, 2, fresh["seed"]) == fresh
    names = ["Ann", "Ben", "Cat"]
    named = generate(rules, None, "names", names=names)
    plain = generate(rules, 3, "names")
    assert named["code"] == plain["code"]
    assert [s["name"] for s in named["seating"]] == \
        [names[int(s["name"].split()[1]) - 1] for s in plain["seating"]]
    seats = [s["name"] for s in named["seating"]]  # names given with a code take its seats in order
    assert gw.from_code(rules, named["code"], names=seats) == {**named, "seed": None}
    with pytest.raises(UsageProblem, match="is for 2-4 players, not 5"):
        generate(rules, 5, "x")
    with pytest.raises(UsageProblem, match="2 names for 3 players"):
        gw.from_code(rules, plain["code"], names=["A", "B"])


# ---- Boomtown tilings -----------------------------------------------------------------------------

def test_the_3x3_grid_has_18_tilings_16_with_a_corner_hole_2_with_the_centre(rules):
    town = rules["boomtown"]
    rows, columns = len(town["rows"]), len(town["columns"])
    found = gw.tilings(rows, columns)
    assert len(found) == 18 and len(set(found)) == 18
    holes = Counter(hole for hole, _ in found)
    assert holes == {0: 4, 2: 4, 6: 4, 8: 4, 4: 2}
    for hole, dominoes in found:
        assert len(dominoes) == town["offices_in_play"]
        covered = [cell for pair in dominoes for cell in pair]
        assert sorted(covered + [hole]) == list(range(9))
        for a, b in dominoes:
            assert _cells_adjacent(divmod(a, columns), divmod(b, columns))
    assert len(gw.tilings(1, 3)) == 2 and len(gw.tilings(3, 1)) == 2
    assert len(gw.tilings(1, 1)) == 1


def test_tilings_are_drawn_uniformly(rules):
    """Chi-square over 18000 fixed seeds (17 degrees of freedom, p = 0.001: 40.79)."""
    n = 18000
    counts = Counter(gw.draw(rules, 3, f"chi-{i}").tiling for i in range(n))
    expected = n / 18
    chi2 = sum((counts[t] - expected) ** 2 / expected for t in range(18))
    assert chi2 < 40.79, (chi2, counts)
    found = gw.tilings(3, 3)
    centre = sum(counts[t] for t, (hole, _) in enumerate(found) if hole == 4)
    # corner : centre = 16 : 2; centre share 1/9, sd = sqrt(n * 1/9 * 8/9) ~ 42
    assert abs(centre - n / 9) < 4.5 * (n * 8 / 81) ** 0.5, centre
    # all 18 show up in whole setups too
    assert len({_shape(generate(rules, 4, f"shape-{i}")["boomtown"]["grid"]) for i in range(400)}) == 18


def _shape(grid) -> tuple:
    """A grid with office names replaced by domino numbers in reading order."""
    seen: dict = {}
    return tuple(tuple(name if name == "4VP" else seen.setdefault(name, len(seen)) for name in row)
                 for row in grid)


# ---- ranking identical tokens ---------------------------------------------------------------------------

@pytest.mark.parametrize("counts, k", [((2, 1, 1), 4), ((2, 1, 1), 3), ((2, 1, 1), 2), ((3, 3, 1), 5),
                                       ((1, 1, 1, 1), 4), ((4,), 2), ((2, 2), 0)])
def test_token_layouts_rank_every_distinct_layout_once(counts, k):
    space = gw.TokenLayouts(counts, k)
    pool = [i for i, n in enumerate(counts) for _ in range(n)]
    layouts = sorted(set(p[:k] for p in permutations(pool)))
    assert space.total == len(layouts)
    ranks = [space.rank(list(layout)) for layout in layouts]
    assert sorted(ranks) == list(range(len(layouts)))
    for layout, rank in zip(layouts, ranks):
        assert space.unrank(rank) == list(layout)


def test_combination_ranks_round_trip():
    from itertools import combinations
    from math import comb
    chosen = list(combinations(range(20), 8))
    sample = chosen[::997] + [chosen[0], chosen[-1]]
    for c in sample:
        rank = gw.combination_rank(c)
        assert 0 <= rank < comb(20, 8)
        assert gw.combination_unrank(rank, 8, 20) == list(c)


def test_code_lengths_and_format(rules):
    for players, length in ((2, 36), (3, 40), (4, 40)):
        code = generate(rules, players, "length")["code"]
        head, body = code.split("-", 1)
        assert head == f"GW{players}"
        assert len(body.replace("-", "")) == length
        assert all(len(group) <= 4 for group in body.split("-"))


def test_a_symmetric_tile_has_one_rotation_per_look(rules):
    """Tile E repeats every half turn: rotations 0-2 only, so a board has one code."""
    e = next(t for t in rules["board"]["tiles"] if t["tile"] == "E")
    assert hexes.tile_colours(e, 1) == hexes.tile_colours(e, 4)
    seen = {t["rotation"] for i in range(300) for t in generate(rules, 4, f"e-{i}")["terrain"]
            if t["tile"] == "E"}
    assert seen == {0, 1, 2}
    others = {t["rotation"] for i in range(100) for t in generate(rules, 4, f"e-{i}")["terrain"]
              if t["tile"] == "A"}
    assert others == set(range(6))


# ---- codes: forgiving input, refusals -----------------------------------------------------------

def test_codes_survive_sloppy_typing(rules):
    code = generate(rules, 3, "sloppy")["code"]
    assert gw.from_code(rules, " ".join(code.replace("-", "").lower()))["code"] == code


def _out_of_range(rules, players=4) -> str:
    radices = gw.layout(rules, players).radices()
    body = "Z" * setupcode.body_length(radices)
    head = f"GW{players}"
    return f"{head}-{body}{setupcode.check_characters(head, body)}"


def _swapped(code: str) -> str:
    """The code with its first two different neighbouring characters of the body swapped."""
    at = next(i for i in range(4, len(code) - 1)
              if "-" not in code[i:i + 2] and code[i] != code[i + 1])
    return code[:at] + code[at + 1] + code[at] + code[at + 2:]


@pytest.mark.parametrize("make, message", [
    (lambda c, r: "", "empty"),
    (lambda c, r: "PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HA", "not a gold-west setup code: those start with 'GW'"),
    (lambda c, r: "RW2-114", "not a gold-west setup code"),
    (lambda c, r: "GW5" + c[3:], "for 5 players, but gold-west is for 2-4 players"),
    (lambda c, r: "GW1" + c[3:], "for 1 players"),
    (lambda c, r: "GW" + c[3:], "followed by the number of players"),
    (lambda c, r: c[:-1], "too short: a 4-player gold-west code has 40 characters"),
    (lambda c, r: c[:20], "too short"),
    (lambda c, r: c + "7", "too long"),
    (lambda c, r: c[:-1] + ("0" if c[-1] != "0" else "1"), "check characters do not match"),
    (lambda c, r: _swapped(c), "check characters do not match"),
    (lambda c, r: c[:-1] + "U", "'U' cannot appear"),
    (lambda c, r: "GW3" + c[3:], "check characters do not match"),   # 3 and 4 players: same length
    (lambda c, r: _out_of_range(r), "no setup has this code"),
])
def test_bad_codes_are_refused_with_one_clear_line(rules, run, make, message):
    code = make(generate(rules, 4, "refuse")["code"], rules)
    with pytest.raises(SetupCodeError) as caught:
        gw.from_code(rules, code)
    assert message in caught.value.message
    assert isinstance(caught.value, InvalidInput) and caught.value.exit_code == 1
    # on the command line, as every command refuses a bad --code: one line, a usage error
    for command in (("setup", GAME), ("template", GAME), ("sheet", GAME, "pad")):
        result = run(*command, "--code", code)
        assert result.code == 2 and result.out == ""
        assert result.err.splitlines() == [f"Error: --code: {caught.value.message}"]


def test_a_code_for_another_player_count_than_asked_is_a_usage_error(rules, run):
    code = generate(rules, 3, "count")["code"]
    result = run("setup", GAME, "--code", code, "-p", "4")
    assert result.code == 2 and "the code is for 3 players, not 4" in result.err
    assert run("setup", GAME, "--code", code, "--seed", "x").code == 2


def test_cli_code_rebuilds_the_seeded_setup(rules, run):
    seeded = run("setup", GAME, "-p", "2", "--seed", "dusty", "--format", "json")
    assert seeded.code == 0
    setup = json.loads(seeded.out)
    rebuilt = run("setup", GAME, "--code", setup["code"].lower(), "--format", "json")
    assert rebuilt.code == 0
    assert json.loads(rebuilt.out) == {**setup, "seed": None}


# ---- golden text ---------------------------------------------------------------------------------------
# A change to the random stream, the draw order or the drawing shows here.

GOLDEN = {
    (2, 'golden'): """\
Gold West, setup for 2 players

The board: terrain tiles in their slots (letters are ours; the map below shows how each lies;
turned = sixths of a turn anticlockwise from the tile as the rule data lists it).
  slot  where          centre  tile  turned  in play
  ----  -------------  ------  ----  ------  -------------
  0     left end       -5,1    E     -       no: face down
  1     top left       -2,1    B     3       yes
  2     top middle     1,2     D     4       yes
  3     top right      4,1     C     0       yes
  4     right end      6,-1    H     -       no: face down
  5     bottom right   3,-1    F     1       yes
  6     bottom middle  0,-2    G     3       yes
  7     bottom left    -3,-1   A     4       yes

Map: each hex's terrain; the 12 tokens touching the water start face up and show their resources.
                                              ____
                                             / Au \\
                            ____        ____/      \\____        ____
                           / Ag \\      / Cu \\  H1  / Ag \\      / Cu \\
          ____        ____/      \\____/      \\____/      \\____/      \\____
         /::::\\      / Au \\  E2  / Ag \\  G2  / Cu \\  I2  / Fo \\  K2  / Fo \\
    ____/(out) \\____/      \\____/      \\____/      \\____/      \\____/      \\
   /::::\\  B2  /::::\\  D2  / Fo \\  F2  / Ag \\H2 [D]/ Au \\  J2  / Au \\  L2  /
  /(out) \\____/(out) \\____/      \\____/AgStWd\\____/ AuAu \\____/      \\____/
  \\  A3  /::::\\  C3  / Au \\E3 [B]/ Au \\  G3  / Fo \\  I3  / Cu \\K3 [C]/ Au \\
   \\____/(out) \\____/      \\____/AuAuAu\\____/ WdSt \\____/ CuCu \\____/      \\____
   /::::\\B3 [E]/::::\\  D3  / Cu \\  F3  /~~~~\\  H3  /~~~~\\  J3  / Ag \\  L3  /::::\\
  /(out) \\____/(out) \\____/CuCuAg\\____/~~~~~~\\____/~~~~~~\\____/      \\____/(out) \\____
  \\  A4  /::::\\  C4  / Au \\  E4  /~~~~\\~ G4 ~/~~~~\\~ I4 ~/ Au \\  K4  /::::\\  M4  /::::\\
   \\____/(out) \\____/      \\____/~~~~~~\\____/~~~~~~\\____/ AuAu \\____/(out) \\____/(out) \\
        \\  B4  / Fo \\  D4  / Cu \\~ F4 ~/ Ag \\~ H4 ~/ Fo \\  J4  / Cu \\  L4  /::::\\  N4  /
         \\____/      \\____/ CuCu \\____/AgAgCu\\____/WdWdWd\\____/      \\____/(out) \\____/
              \\  C5  / Ag \\  E5  / Fo \\  G5  / Ag \\  I5  / Ag \\  K5  /::::\\M5 [H]/::::\\
               \\____/      \\____/StStWd\\____/AgAgAg\\____/      \\____/(out) \\____/(out) \\
               / Cu \\D5 [A]/ Fo \\  F5  / Au \\  H5  / Fo \\J5 [F]/ Fo \\  L5  /::::\\  N5  /
              /      \\____/      \\____/      \\____/      \\____/      \\____/(out) \\____/
              \\  C6  / Cu \\  E6  / Cu \\G6 [G]/ Cu \\  I6  / Cu \\  K6  /    \\  M6  /
               \\____/      \\____/      \\____/      \\____/      \\____/      \\____/
                    \\  D6  /    \\  F6  / Fo \\  H6  /    \\  J6  /
                     \\____/      \\____/      \\____/      \\____/
                                      \\  G7  /
                                       \\____/
  Labels: columns A-N left to right, rows 1-7 top to bottom; columns B, D, F... sit half a hex
  lower. [B]: the centre hex of tile B.
  Codes: Cu Copper, Ag Silver, Au Gold, Fo Forest, Wd Wood, St Stone.
  :::: (out): a face-down tile, out of play; its hexes count as the board's edge.

Boomtown: a space costs its column metal plus its row metal.
           Copper                Silver                 Gold
  +---------------------+---------------------+---------------------+
  |                     |                   Depot                   | Gold
  +     Deeds Office    +---------------------+---------------------+
  |                     |                     |                     | Silver
  +---------------------+  Surveyor's Office  +      Courthouse     +
  |         4VP         |                     |                     | Copper
  +---------------------+---------------------+---------------------+
  Deeds Office       2 points per terrain bonus (1st or 2nd) you win
  Depot              2 points per building in your 2nd largest group
  Surveyor's Office  1 point per building on your best straight line of hexes
  Courthouse         1 point per mining token in the terrain where you have the most influence
  4VP                4 points at once for the influence placed there

Investments (8 face up; bonus tiles 3 2 1: the buyer also takes the highest left):
  card  cost                 VP  ability
  ----  -------------------  --  ---------------------------------------------------
  #3    4 Silver             5   place influence on top of an opponent's in Boomtown
  #7    2 Copper + 2 Gold    10  -
  #8    4 Silver             10  -
  #11   5 Copper             11  -
  #13   1 Copper + 3 Gold    8   +1 influence in Copper terrain
  #15   4 Gold               12  -
  #16   2 Silver + 2 Gold    11  -
  #20   3 Copper + 1 Silver  7   move one stagecoach 1 space

Shipping bonus tiles, top first, a stack of two on each of a track's two bonus sections:
  Gold 9/6, Silver 8/5, Copper 7/4.

Seating, in turn order (clockwise, first player first), with the starting supply track:
  order  player    section 0  section 1      section 2  section 3
  -----  --------  ---------  -------------  ---------  ---------
  1      Player 2  Wood       Stone, Copper  -          -
  2      Player 1  Wood       Stone, Silver  -          -
  Each player: 12 camps, 12 influence tokens, 3 stagecoaches.

The seed and code below rebuild the face-down pieces too: keep them from players who must not look.
Seed: golden
Setup code: GW2-3DR3-NVNE-ZVRM-BZ2V-T7VT-038Z-1PVY-3ET5-0JSA
Rule data: gold-west version {data_version}
""",
    (3, 'Boomtown'): """\
Gold West, setup for 3 players

The board: terrain tiles in their slots (letters are ours; the map below shows how each lies;
turned = sixths of a turn anticlockwise from the tile as the rule data lists it).
  slot  where          centre  tile  turned  in play
  ----  -------------  ------  ----  ------  -------
  0     left end       -5,1    G     0       yes
  1     top left       -2,1    B     0       yes
  2     top middle     1,2     D     5       yes
  3     top right      4,1     H     1       yes
  4     right end      6,-1    C     4       yes
  5     bottom right   3,-1    E     1       yes
  6     bottom middle  0,-2    F     0       yes
  7     bottom left    -3,-1   A     1       yes

Map: each hex's terrain; the 12 tokens touching the water start face up and show their resources.
                                              ____
                                             / Ag \\
                            ____        ____/      \\____        ____
                           / Cu \\      / Au \\  H1  / Au \\      / Ag \\
          ____        ____/      \\____/      \\____/      \\____/      \\____
         / Fo \\      / Au \\  E2  / Au \\  G2  / Cu \\  I2  / Au \\  K2  / Cu \\
    ____/      \\____/      \\____/      \\____/      \\____/      \\____/      \\
   / Cu \\  B2  / Cu \\  D2  / Fo \\  F2  / Cu \\H2 [D]/ Fo \\  J2  / Fo \\  L2  /
  /      \\____/      \\____/      \\____/CuCuAg\\____/StStSt\\____/      \\____/
  \\  A3  / Au \\  C3  / Ag \\E3 [B]/ Au \\  G3  / Ag \\  I3  / Ag \\K3 [H]/ Ag \\
   \\____/      \\____/      \\____/ AuAu \\____/AgAgCu\\____/AgAgCu\\____/      \\____
   / Ag \\B3 [G]/ Fo \\  D3  / Ag \\  F3  /~~~~\\  H3  /~~~~\\  J3  / Au \\  L3  / Cu \\
  /      \\____/      \\____/ AgAg \\____/~~~~~~\\____/~~~~~~\\____/      \\____/      \\____
  \\  A4  / Ag \\  C4  / Cu \\  E4  /~~~~\\~ G4 ~/~~~~\\~ I4 ~/ Au \\  K4  / Ag \\  M4  / Fo \\
   \\____/      \\____/      \\____/~~~~~~\\____/~~~~~~\\____/AuStWd\\____/      \\____/      \\
        \\  B4  / Fo \\  D4  / Cu \\~ F4 ~/ Fo \\~ H4 ~/ Fo \\  J4  / Ag \\  L4  / Au \\  N4  /
         \\____/      \\____/CuCuCu\\____/WdWdWd\\____/ StAu \\____/      \\____/      \\____/
              \\  C5  / Ag \\  E5  / Fo \\  G5  / Au \\  I5  / Cu \\  K5  / Au \\M5 [C]/ Cu \\
               \\____/      \\____/ WdSt \\____/AuAuAg\\____/      \\____/      \\____/      \\
               / Cu \\D5 [A]/ Fo \\  F5  / Ag \\  H5  / Ag \\J5 [E]/ Fo \\  L5  / Fo \\  N5  /
              /      \\____/      \\____/      \\____/      \\____/      \\____/      \\____/
              \\  C6  / Au \\  E6  / Cu \\G6 [F]/ Cu \\  I6  / Au \\  K6  /    \\  M6  /
               \\____/      \\____/      \\____/      \\____/      \\____/      \\____/
                    \\  D6  /    \\  F6  / Fo \\  H6  /    \\  J6  /
                     \\____/      \\____/      \\____/      \\____/
                                      \\  G7  /
                                       \\____/
  Labels: columns A-N left to right, rows 1-7 top to bottom; columns B, D, F... sit half a hex
  lower. [B]: the centre hex of tile B.
  Codes: Cu Copper, Ag Silver, Au Gold, Fo Forest, Wd Wood, St Stone.

Boomtown: a space costs its column metal plus its row metal.
          Copper               Silver                Gold
  +--------------------+--------------------+--------------------+
  |                    |                  Saloon                 | Gold
  +  Shipping Office   +--------------------+--------------------+
  |                    |        4VP         |                    | Silver
  +--------------------+--------------------+  Homestead Office  +
  |             Sheriff's Office            |                    | Copper
  +--------------------+--------------------+--------------------+
  Shipping Office   2 points per shipping bonus tile
  Saloon            2 points per investment fulfilled
  Homestead Office  2 points per influence in the terrain where you have the least
  Sheriff's Office  1 point per building touching an opponent's building
  4VP               4 points at once for the influence placed there

Investments (8 face up; bonus tiles 4 3 2 1: the buyer also takes the highest left):
  card  cost                 VP  ability
  ----  -------------------  --  ---------------------------------
  #1    4 Copper             8   -
  #4    2 Silver + 2 Gold    9   look at 2 face-down mining tokens
  #6    5 Silver             13  -
  #11   5 Copper             11  -
  #16   2 Silver + 2 Gold    11  -
  #17   3 Silver + 1 Gold    9   +1 influence in Gold terrain
  #18   1 Copper + 3 Silver  7   upgrade one camp to a settlement
  #20   3 Copper + 1 Silver  7   move one stagecoach 1 space

Shipping bonus tiles, top first, a stack of two on each of a track's two bonus sections:
  Gold 9/6, Silver 8/5, Copper 7/4.

Seating, in turn order (clockwise, first player first), with the starting supply track:
  order  player    section 0  section 1      section 2  section 3
  -----  --------  ---------  -------------  ---------  ---------
  1      Player 3  Wood       Stone, Copper  -          -
  2      Player 2  Wood       Stone, Silver  -          -
  3      Player 1  Wood       Stone, Gold    -          -
  Each player: 12 camps, 12 influence tokens, 3 stagecoaches.

The seed and code below rebuild the face-down pieces too: keep them from players who must not look.
Seed: Boomtown
Setup code: GW3-1EKA-YCQZ-VM7F-XYC5-XY5H-CC70-MMFV-RBGZ-E3YK-ZG6X
Rule data: gold-west version {data_version}
""",
    (4, 'golden'): """\
Gold West, setup for 4 players

The board: terrain tiles in their slots (letters are ours; the map below shows how each lies;
turned = sixths of a turn anticlockwise from the tile as the rule data lists it).
  slot  where          centre  tile  turned  in play
  ----  -------------  ------  ----  ------  -------
  0     left end       -5,1    E     0       yes
  1     top left       -2,1    B     0       yes
  2     top middle     1,2     D     1       yes
  3     top right      4,1     C     3       yes
  4     right end      6,-1    H     4       yes
  5     bottom right   3,-1    F     0       yes
  6     bottom middle  0,-2    G     5       yes
  7     bottom left    -3,-1   A     1       yes

Map: each hex's terrain; the 12 tokens touching the water start face up and show their resources.
                                              ____
                                             / Fo \\
                            ____        ____/      \\____        ____
                           / Cu \\      / Au \\  H1  / Ag \\      / Ag \\
          ____        ____/      \\____/      \\____/      \\____/      \\____
         / Fo \\      / Au \\  E2  / Au \\  G2  / Cu \\  I2  / Au \\  K2  / Cu \\
    ____/      \\____/      \\____/      \\____/      \\____/      \\____/      \\
   / Ag \\  B2  / Au \\  D2  / Fo \\  F2  / Ag \\H2 [D]/ Cu \\  J2  / Au \\  L2  /
  /      \\____/      \\____/      \\____/ AgSt \\____/CuCuCu\\____/      \\____/
  \\  A3  / Cu \\  C3  / Ag \\E3 [B]/ Au \\  G3  / Au \\  I3  / Fo \\K3 [C]/ Fo \\
   \\____/      \\____/      \\____/AuAuAg\\____/AuAuAg\\____/StStWd\\____/      \\____
   / Au \\B3 [E]/ Ag \\  D3  / Ag \\  F3  /~~~~\\  H3  /~~~~\\  J3  / Cu \\  L3  / Au \\
  /      \\____/      \\____/ AgAg \\____/~~~~~~\\____/~~~~~~\\____/      \\____/      \\____
  \\  A4  / Fo \\  C4  / Cu \\  E4  /~~~~\\~ G4 ~/~~~~\\~ I4 ~/ Fo \\  K4  / Ag \\  M4  / Ag \\
   \\____/      \\____/      \\____/~~~~~~\\____/~~~~~~\\____/StStSt\\____/      \\____/      \\
        \\  B4  / Fo \\  D4  / Cu \\~ F4 ~/ Cu \\~ H4 ~/ Fo \\  J4  / Au \\  L4  / Fo \\  N4  /
         \\____/      \\____/ CuCu \\____/CuCuAu\\____/ WdAu \\____/      \\____/      \\____/
              \\  C5  / Ag \\  E5  / Ag \\  G5  / Fo \\  I5  / Ag \\  K5  / Cu \\M5 [H]/ Au \\
               \\____/      \\____/AgAgAg\\____/ WdAg \\____/      \\____/      \\____/      \\
               / Cu \\D5 [A]/ Fo \\  F5  / Au \\  H5  / Cu \\J5 [F]/ Cu \\  L5  / Ag \\  N5  /
              /      \\____/      \\____/      \\____/      \\____/      \\____/      \\____/
              \\  C6  / Au \\  E6  / Ag \\G6 [G]/ Cu \\  I6  / Fo \\  K6  /    \\  M6  /
               \\____/      \\____/      \\____/      \\____/      \\____/      \\____/
                    \\  D6  /    \\  F6  / Fo \\  H6  /    \\  J6  /
                     \\____/      \\____/      \\____/      \\____/
                                      \\  G7  /
                                       \\____/
  Labels: columns A-N left to right, rows 1-7 top to bottom; columns B, D, F... sit half a hex
  lower. [B]: the centre hex of tile B.
  Codes: Cu Copper, Ag Silver, Au Gold, Fo Forest, Wd Wood, St Stone.

Boomtown: a space costs its column metal plus its row metal.
           Copper                Silver                 Gold
  +---------------------+---------------------+---------------------+
  |         4VP         |                 Town Hall                 | Gold
  +---------------------+---------------------+---------------------+
  |                     |             Surveyor's Office             | Silver
  +        Depot        +---------------------+---------------------+
  |                     |                Deeds Office               | Copper
  +---------------------+---------------------+---------------------+
  Town Hall          1 point per settlement
  Depot              2 points per building in your 2nd largest group
  Surveyor's Office  1 point per building on your best straight line of hexes
  Deeds Office       2 points per terrain bonus (1st or 2nd) you win
  4VP                4 points at once for the influence placed there

Investments (8 face up; bonus tiles 5 4 3 2 1: the buyer also takes the highest left):
  card  cost                 VP  ability
  ----  -------------------  --  ---------------------------------------------------
  #3    4 Silver             5   place influence on top of an opponent's in Boomtown
  #7    2 Copper + 2 Gold    10  -
  #8    4 Silver             10  -
  #11   5 Copper             11  -
  #13   1 Copper + 3 Gold    8   +1 influence in Copper terrain
  #15   4 Gold               12  -
  #16   2 Silver + 2 Gold    11  -
  #20   3 Copper + 1 Silver  7   move one stagecoach 1 space

Shipping bonus tiles, top first, a stack of two on each of a track's two bonus sections:
  Gold 9/6, Silver 8/5, Copper 7/4.

Seating, in turn order (clockwise, first player first), with the starting supply track:
  order  player    section 0  section 1      section 2  section 3
  -----  --------  ---------  -------------  ---------  ---------
  1      Player 3  Wood       Stone, Copper  -          -
  2      Player 2  Wood       Stone, Silver  -          -
  3      Player 4  Wood       Stone, Gold    -          -
  4      Player 1  Wood       Stone, Gold    Copper     -
  Each player: 10 camps, 12 influence tokens, 3 stagecoaches.

The seed and code below rebuild the face-down pieces too: keep them from players who must not look.
Seed: golden
Setup code: GW4-3ZD6-93PB-QGM8-TYRQ-HXVZ-KWJK-FQW1-STW7-8903-696A
Rule data: gold-west version {data_version}
""",
}


@pytest.mark.parametrize("players, seed", [(2, "golden"), (3, "Boomtown"), (4, "golden")])
def test_golden_text(rules, players, seed):
    expected = GOLDEN[(players, seed)].replace("{data_version}", rules.version)
    assert render(generate(rules, players, seed), "text") == expected


@pytest.mark.parametrize("players, seed", [(2, "golden"), (3, "Boomtown"), (4, "golden")])
def test_golden_code_rebuilds_the_same_drawing(rules, players, seed):
    setup = generate(rules, players, seed)
    rebuilt = render(gw.from_code(rules, setup["code"]), "text")
    assert rebuilt == render(setup, "text").replace(
        f"Seed: {seed}\n", "Seed: none (rebuilt from its setup code)\n")


def test_text_fits_100_columns_and_draws_what_it_should(rules):
    for players in (2, 3, 4):
        for i in range(30):
            setup = generate(rules, players, f"width-{i}")
            text = render(setup, "text")
            assert max(len(line) for line in text.splitlines()) <= 100
            board = text[text.index("Map:"):text.index("Codes:")]
            assert len(re.findall(r"[A-Z][0-9] \[[A-H]\]", board)) == 8 and board.count("~~~~~~") == 4
            assert {c["label"] for c in setup["hexes"].values()} <= set(re.findall(r"[A-Z]+[0-9]+", board))
            assert board.count("(out)") == (14 if players == 2 else 0)
            for key in setup["revealed"]:
                assert setup["tokens"][key] in board
            for name in setup["boomtown"]["offices"]:
                assert name in text
            assert f"Setup code: {setup['code']}" in text


def test_the_map_shows_each_hex_where_its_coordinates_put_it(rules):
    """Reads the map back: flat-topped hexes 8 wide, 4 rows apart, odd columns 2 rows lower,
    each with its label on its bottom line (and its tile's letter on a tile's centre)."""
    water = hexes.water(rules)
    land = hexes.land(rules)
    every = land | water
    top, left = max(y for _, y in every), min(x for x, _ in every)
    first = min((top - y) * 4 + (2 if x % 2 else 0) for x, y in every)
    for players in (2, 3, 4):
        for seed in ("map-a", "map-b"):
            setup = generate(rules, players, seed)
            lines = render(setup, "text").splitlines()
            start = lines.index(next(line for line in lines if line.startswith("Map:"))) + 1
            board = [line[2:] for line in lines[start:]]
            colours = hexes.colours(rules, setup["terrain"])
            playing = hexes.land(rules, hexes.in_play_slots(rules, players))
            centres = {hexes.parse(s["centre"]): s["slot"] for s in rules["board"]["slots"]}

            def at(row, column, width):
                line = board[row] if row < len(board) else ""
                return line[column:column + width].ljust(width)

            for x, y in every:
                r = (top - y) * 4 + (2 if x % 2 else 0) - first
                c = (x - left) * 6
                assert at(r, c + 2, 4) == "____"
                label = setup["hexes"][hexes.key((x, y))]["label"]
                if (x, y) in water:
                    assert at(r + 2, c + 1, 6) == "~~~~~~"
                    assert at(r + 3, c + 1, 6) == f" {label} ".center(6, "~")
                    continue
                key = hexes.key((x, y))
                if (x, y) in playing:
                    assert at(r + 1, c + 2, 4) == colours[(x, y)].center(4)
                    shown = setup["tokens"][key] if key in setup["revealed"] else ""
                    assert at(r + 2, c + 1, 6) == shown.center(6), key
                else:
                    assert at(r + 1, c + 2, 4) == "::::" and at(r + 2, c + 1, 6) == "(out)".center(6)
                if (x, y) in centres:
                    assert at(r + 3, c + 1, 6) == f"{label} [{setup['terrain'][centres[(x, y)]]['tile']}]"
                else:
                    assert at(r + 3, c + 1, 6) == label.center(6)


def _inside(point, polygon) -> bool:
    """Whether a point lies inside a convex polygon (corners in either turning order)."""
    px, py = point
    sides = []
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        sides.append((bx - ax) * (py - ay) - (by - ay) * (px - ax))
    return all(v > 0 for v in sides) or all(v < 0 for v in sides)


@pytest.mark.parametrize("players", [2, 4])
def test_the_card_labels_every_hex_inside_it(rules, players):
    """Each cell's label is drawn once, its whole text box inside that cell's hex; the caption
    explains the labels instead of promising coordinates."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from sheetgen import pdf, setupcard
    from sheetgen.sheet import PT, Polygon, Text

    setup = generate(rules, players, "card-labels")
    items = setupcard.build(setup, rules, get_game(GAME)).pages[0].items
    hex_shapes = [item.points for item in items if isinstance(item, Polygon)]
    texts = [item for item in items if isinstance(item, Text)]
    centres = {hexes.parse(s["centre"]): s["slot"] for s in rules["board"]["slots"]}
    for key, cell in setup["hexes"].items():
        h = hexes.parse(key)
        want = cell["label"] + (f" [{setup['terrain'][centres[h]]['tile']}]" if h in centres else "")
        found = [t for t in texts if t.text == want]
        assert len(found) == 1, want
        t = found[0]
        size = t.size  # texts print at their size (nothing shrinks to fit)
        half = stringWidth(t.text, pdf.FONTS[t.bold], size) / 72 * 25.4 / 2
        box = [(t.x - half, t.y - 0.75 * size * PT), (t.x + half, t.y - 0.75 * size * PT),
               (t.x - half, t.y + 0.25 * size * PT), (t.x + half, t.y + 0.25 * size * PT)]
        holders = [shape for shape in hex_shapes if all(_inside(p, list(shape)) for p in box)]
        assert len(holders) == 1, want
        cx = sum(x for x, _ in holders[0]) / 6
        assert abs(cx - t.x) < 0.01, want    # in its own hex, not a neighbour's
    caption = " ".join(t.text for t in texts)
    assert "Hex labels: columns A-N left to right, rows 1-7 top to bottom" in caption
    assert "Coordinates are x,y" not in caption


def _card_items(rules, setup, reveal=False):
    from sheetgen import setupcard

    return setupcard.build(setup, rules, get_game(GAME), reveal=reveal).pages[0].items


def _hex_contents(items, setup):
    """label -> (centre, the items drawn inside that hex), found from each hex's label."""
    from sheetgen.sheet import Box, Icon, Line, Text

    labels = {cell["label"] for cell in setup["hexes"].values()}
    size = 8.4
    found = {}
    for t in items:
        if isinstance(t, Text) and t.bold and t.text.split(" [")[0] in labels and abs(t.size - 6.5) < 1e-9:
            cx, cy = t.x, t.y - 5.6
            inside = []
            for i in items:
                if isinstance(i, Icon):
                    x, y = i.cx, i.cy
                elif isinstance(i, Text):
                    x, y = i.x, i.y - 1
                elif isinstance(i, Line):
                    x, y = (i.x1 + i.x2) / 2, (i.y1 + i.y2) / 2
                elif isinstance(i, Box):
                    x, y = i.rect.cx, i.rect.cy
                else:
                    continue
                if (x - cx) ** 2 + (y - cy) ** 2 < (size * 0.8) ** 2:
                    inside.append(i)
            found[t.text.split(" [")[0]] = ((cx, cy), inside)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_card_shows_terrains_by_symbol_and_out_of_play_tiles_face_down(rules, players):
    """Each hex in play carries its terrain's icon (the sheets' metal shapes), so terrains differ
    without colour; a tile out of play is hatched with no terrain, icon or code; water has waves."""
    from sheetgen.sheet import Icon, Line, Text

    setup = generate(rules, players, "symbols")
    items = _card_items(rules, setup)
    contents = _hex_contents(items, setup)
    assert len(contents) == len(setup["hexes"])
    codes = {t["name"].lower(): t["code"] for t in rules["terrains"]["kinds"]}
    out = 0
    for cell in setup["hexes"].values():
        _, inside = contents[cell["label"]]
        icons = [i.kind for i in inside if isinstance(i, Icon)]
        words = {i.text for i in inside if isinstance(i, Text)}
        if cell["terrain"] == "water":
            assert icons == ["water"]
        elif cell["in_play"]:
            assert icons == [cell["terrain"]] and codes[cell["terrain"]] in words
        else:
            out += 1
            assert icons == [] and not words & set(codes.values()), cell
            assert len([i for i in inside if isinstance(i, Line) and i.role == "muted"]) >= 4  # hatching
    assert out == (14 if players == 2 else 0)


@pytest.mark.parametrize("players", [2, 4])
def test_the_card_has_a_key_with_the_sheets_symbols(rules, players):
    from sheetgen.sheet import Icon, Polygon, Text

    setup = generate(rules, players, "key")
    items = _card_items(rules, setup)
    (key,) = [i for i in items if isinstance(i, Text) and i.text == "KEY"]
    row = [i for i in items if isinstance(i, Icon) and abs(i.cy - (key.y - 1.0)) < 0.01]
    assert sorted(i.kind for i in row) == ["copper", "forest", "gold", "silver", "water"]
    names = {i.text for i in items if isinstance(i, Text) and abs(i.y - key.y) < 0.01}
    for t in rules["terrains"]["kinds"]:
        assert f"{t['name']} ({t['code']})" in names
    hexes_below = [p for p in items if isinstance(p, Polygon) and min(y for _, y in p.points) > key.y - 5]
    assert ("face down, out of play" in names) == (players == 2) == (len(hexes_below) == 1)


def test_the_referee_card_shows_the_face_down_tokens(rules):
    from sheetgen.sheet import Text

    setup = generate(rules, 3, "referee")
    hidden = {k: v for k, v in setup["tokens"].items() if k not in set(setup["revealed"])}
    assert hidden
    spaced = {" ".join(v[i:i + 2] for i in range(0, len(v), 2)) for v in hidden.values()}
    safe = [i.text for i in _card_items(rules, setup) if isinstance(i, Text)]
    shown = [i.text for i in _card_items(rules, setup, reveal=True) if isinstance(i, Text)]
    assert safe.count("?") == len(hidden) and not any(t.strip("()") in spaced for t in safe if t.startswith("("))
    assert sorted(t[1:-1] for t in shown if t.startswith("(") and t.endswith(")")) == \
        sorted(" ".join(v[i:i + 2] for i in range(0, len(v), 2)) for v in hidden.values())
    assert "?" not in shown


# ---- other formats, imports, data ----------------------------------------------------------------------

def test_every_format_shows_seed_code_and_data_version(rules):
    setup = generate(rules, 2, "formats")
    for fmt in setuptext.FORMATS:
        out = render(setup, fmt)
        assert out.endswith("\n")
        for needle in ("formats", setup["code"], setup["data_version"]):
            assert needle in out, (fmt, needle)
    assert json.loads(render(setup, "json", reveal=True)) == setup
    assert yaml.safe_load(render(setup, "yaml", reveal=True)) == setup


def test_a_players_copy_in_any_format_hides_the_face_down_tokens(rules):
    setup = generate(rules, 3, "hidden")
    down = {where: token for where, token in setup["tokens"].items() if where not in setup["revealed"]}
    up = {where: setup["tokens"][where] for where in setup["revealed"]}
    for fmt in ("json", "yaml"):
        text = render(setup, fmt)
        seen = json.loads(text) if fmt == "json" else yaml.safe_load(text)
        assert seen["face_down"] == "hidden" and seen["tokens"] == {**{w: "?" for w in down}, **up}
        assert {**seen, "tokens": setup["tokens"], "face_down": None} == {**setup, "face_down": None}
    for fmt in ("text", "markdown"):
        assert setuptext.REBUILDS_HIDDEN in render(setup, fmt)
        assert setuptext.REBUILDS_HIDDEN not in render(setup, fmt, reveal=True)


def test_markdown_has_the_board_boomtown_investments_and_seating(rules):
    setup = generate(rules, 4, "md", names=["A|B", "C", "D", "E"])
    out = render(setup, "markdown")
    assert out.startswith("# Gold West, setup for 4 players\n")
    for part in ("## The board", "```text", "## Boomtown", "## Investments", "## Shipping", "## Seating",
                 "A\\|B", "| **Gold** |", "| order | player | section 0 |"):
        assert part in out, part
    grid = setup["boomtown"]["grid"]
    assert f"| **Gold** | {' | '.join(c.replace('|', chr(92) + '|') for c in grid[0])} |" in out
    for number in setup["investments"]:
        assert f"| #{number} |" in out
    assert "Seed: none (rebuilt from its setup code)" in render(
        gw.from_code(rules, setup["code"]), "markdown")


def test_json_setup_does_not_import_pdf_or_template_machinery(tmp_path):
    script = ("import sys\nfrom sheetgen.cli import main\n"
              "try:\n    main(['setup', 'gold-west', '--seed', '1', '--format', 'json'])\n"
              "except SystemExit as exc:\n    assert exc.code == 0, exc.code\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'jinja2')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert json.loads("\n".join(done.stdout.strip().splitlines()[:-1]))["game"] == "gold-west"


def test_the_game_registers_its_setup():
    from sheetgen.games import _resolve
    game = get_game(GAME)
    assert game.supports()["setup"] == "yes"
    generate_fn, from_code_fn = game.setup_functions()
    assert generate_fn is gw.generate and from_code_fn is gw.from_code
    assert _resolve(game.setup) is gw.generate


def test_house_rule_data_changes_the_setup_and_its_drawing(tmp_path):
    raw = (ROOT / "data" / "gold-west.yaml").read_text(encoding="utf-8")
    changed = raw.replace("camps_per_player: {2: 12, 3: 12, 4: 10}", "camps_per_player: {2: 11, 3: 12, 4: 10}")
    assert changed != raw
    (tmp_path / "gold-west.yaml").write_text(changed, encoding="utf-8")
    house = ruledata.load(get_game(GAME), tmp_path)
    setup = gw.generate(house, 2, "house")
    assert setup["camps_per_player"] == 11 and setup["data_version"] != ruledata.load(get_game(GAME)).version
    assert "Each player: 11 camps" in render(setup, "text", house)
    with pytest.raises(InvalidInput, match="made with gold-west rule data version"):
        render(setup, "text")  # the bundled data is another version


def test_drawing_a_setup_from_unknown_rule_data_is_refused(rules):
    setup = {**generate(rules, 2, "x"), "data_version": "9-00000000"}
    with pytest.raises(InvalidInput, match="made with gold-west rule data version 9-00000000"):
        render(setup, "text")
