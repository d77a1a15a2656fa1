"""Seeded and coded Gold West setups (sheetgen.games.gold_west.setup, .setup_code) and their text
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
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west import setup as gw
from sheetgen.games.gold_west import setup_code as coded
from sheetgen.setupcode import SetupCodeError

from conftest import check_every_format, examples, golden_text

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
        assert hexlabels.parse_label(rules, cell["label"]) == h
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
    radices = coded.layout(rules, players).radices()
    pick = random.Random(f"dense-{players}")
    for _ in range(150):
        digits = [pick.randrange(r) for r in radices]
        if pick.random() < 0.2:  # the ends of the range too
            digits = [r - 1 for r in radices] if pick.random() < 0.5 else [0] * len(radices)
        code = setupcode.encode(coded.PREFIX, players, digits, radices)
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
    hole, dominoes = coded.tilings(3, 3)[tiling]
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
    found = coded.tilings(rows, columns)
    assert len(found) == 18 and len(set(found)) == 18
    holes = Counter(hole for hole, _ in found)
    assert holes == {0: 4, 2: 4, 6: 4, 8: 4, 4: 2}
    for hole, dominoes in found:
        assert len(dominoes) == town["offices_in_play"]
        covered = [cell for pair in dominoes for cell in pair]
        assert sorted(covered + [hole]) == list(range(9))
        for a, b in dominoes:
            assert _cells_adjacent(divmod(a, columns), divmod(b, columns))
    assert len(coded.tilings(1, 3)) == 2 and len(coded.tilings(3, 1)) == 2
    assert len(coded.tilings(1, 1)) == 1


def test_tilings_are_drawn_uniformly(rules):
    """Chi-square over 18000 fixed seeds (17 degrees of freedom, p = 0.001: 40.79)."""
    n = 18000
    counts = Counter(gw.draw(rules, 3, f"chi-{i}").tiling for i in range(n))
    expected = n / 18
    chi2 = sum((counts[t] - expected) ** 2 / expected for t in range(18))
    assert chi2 < 40.79, (chi2, counts)
    found = coded.tilings(3, 3)
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
    space = coded.TokenLayouts(counts, k)
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
        rank = coded.combination_rank(c)
        assert 0 <= rank < comb(20, 8)
        assert coded.combination_unrank(rank, 8, 20) == list(c)


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
    radices = coded.layout(rules, players).radices()
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


@pytest.mark.parametrize("players, seed", [(2, "golden"), (3, "Boomtown"), (4, "golden")])
def test_golden_text(rules, players, seed):
    expected = golden_text(GAME, players, seed, rules.version)
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
    check_every_format(setup, "formats")


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
