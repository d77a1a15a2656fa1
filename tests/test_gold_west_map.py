"""The Gold West map: board facts, hex labels, and the counts derived from where players built
(sheetgen.games.gold_west.hexes and sheetgen.games.gold_west.mapcount).

The board facts are the oracles of shared/reference/gold-west.md; the boards
in "hand-worked boards" were counted by hand from data/gold-west.yaml (the
working is in the comments), not by the code under test.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen import ruledata
from sheetgen.games import get_game
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west import mapcount as mc
from sheetgen.games.gold_west import setup as gw

from conftest import examples

RULES = ruledata.load(get_game("gold-west"))
SLOTS = sorted(RULES["board"]["slots"], key=lambda s: s["slot"])
TILES = [t["tile"] for t in RULES["board"]["tiles"]]
LAND = hexes.land(RULES)
WATER = hexes.water(RULES)
LABELS = hexlabels.labels(RULES)


def at(label: str):
    hex_ = LABELS.parse(label)
    assert hex_ is not None, label
    return hex_


def terrain(players: int = 4, tiles=TILES, rotations=(0,) * 8) -> list:
    """A setup's `terrain`: tiles (by letter) in slots 0.. with these rotations."""
    playing = set(hexes.in_play_slots(RULES, players))
    return [{"slot": s["slot"], "tile": tile, "rotation": turn, "in_play": s["slot"] in playing}
            for s, tile, turn in zip(SLOTS, tiles, rotations)]


def derive(players: int, written: dict, layout=None) -> dict:
    """Counts for buildings written by label, checked first (no problems expected)."""
    board = mc.board(RULES, {"terrain": layout or terrain(players)})
    placed, problems = mc.check(board, written)
    assert problems == []
    return mc.count(RULES, board, placed)


def zeros(**given) -> dict:
    out = {k["code"]: 0 for k in RULES["terrains"]["kinds"]}
    out.update(given)
    return out


# ---- board facts ----------------------------------------------------------------------------------

def test_56_land_hexes_in_8_tiles_of_7_and_a_strip_of_4_water():
    slot_sets = [set(hexes.slot_hexes(s)) for s in SLOTS]
    assert [len(found) for found in slot_sets] == [7] * 8
    assert len(LAND) == 56 == sum(len(found) for found in slot_sets)   # no hex in two slots
    assert len(WATER) == 4 and not WATER & LAND
    assert len({y for _, y in WATER}) == 1 and sorted(x for x, _ in WATER) == [-1, 0, 1, 2]
    assert len(hexes.land(RULES, hexes.in_play_slots(RULES, 2))) == 42


def test_12_land_hexes_touch_the_water():
    listed = {(-2, -1), (-2, 0), (-1, -1), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1),
              (3, 0), (3, 1)}    # shared/reference/gold-west.md
    assert hexes.touching_water(RULES) == listed
    for players in (2, 3, 4):
        assert mc.board(RULES, {"terrain": terrain(players)}).wet == listed   # all in play, even with 2


@pytest.mark.parametrize("players, edge, land", [(2, 24, 42), (3, 30, 56), (4, 30, 56)])
def test_edge_hexes(players, edge, land):
    board = mc.board(RULES, {"terrain": terrain(players)})
    assert len(board.terrain) == land
    assert len(board.edge) == edge
    assert board.edge == hexes.edge(RULES, players)


@pytest.mark.parametrize("players, longest", [(2, 7), (3, 8), (4, 8)])
def test_the_longest_straight_line_of_land(players, longest):
    """8 land hexes with the whole board (the line may cross the water), 7 with the ends face down."""
    land = hexes.land(RULES, hexes.in_play_slots(RULES, players))
    assert mc.line(land) == longest


def test_neighbours_are_mutual_and_share_exactly_one_straight_line():
    every = LAND | WATER
    for h in every:
        around = hexes.neighbours(h)
        assert len(set(around)) == 6
        for n in around:
            assert h in hexes.neighbours(n)
            assert hexes.distance(h, n) == 1
            assert len(set(hexes.lines_through(h)) & set(hexes.lines_through(n))) == 1
        q, r, s = hexes.cube(h)
        assert q + r + s == 0


# ---- labels ---------------------------------------------------------------------------------------

def test_labels_are_unique_and_round_trip():
    every = LAND | WATER
    names = {LABELS.label(h): h for h in every}
    assert len(names) == len(every) == 60
    for name, h in names.items():
        assert hexlabels.label(RULES, h) == name
        for written in (name, name.lower(), f"  {name[0]} {name[1:]} ", hexes.key(h), f" {h[0]} , {h[1]} "):
            assert hexlabels.parse_label(RULES, written) == h, written


def test_labels_read_like_a_printed_map():
    """Columns A.. left to right, rows 1.. top to bottom; the water is the middle of row 4."""
    assert [LABELS.label(h) for h in sorted(WATER)] == ["F4", "G4", "H4", "I4"]
    assert LABELS.label((1, 3)) == "H1"                          # the top hex
    assert LABELS.label((0, -3)) == "G7"                         # the bottom hex
    assert LABELS.label((-6, 0)) == "A4" and LABELS.label((7, -1)) == "N5"   # the two ends
    columns = sorted({x for x, _ in LAND | WATER})
    assert [LABELS.column(x) for x in columns] == list("ABCDEFGHIJKLMN")
    for x, y in LAND | WATER:               # one row further down for each step of y down
        if (x, y - 1) in LAND | WATER:
            assert LABELS.row(y - 1) == LABELS.row(y) + 1
    assert LABELS.span() == "columns A-N left to right, rows 1-7 top to bottom"


def test_labels_come_from_the_board_frame_not_a_table():
    """The same board moved (by an even number of columns, so its shape stays) keeps its labels."""
    moved = hexlabels.Labels.of((x + 4, y - 3) for x, y in LAND | WATER)
    for x, y in LAND | WATER:
        assert moved.label((x + 4, y - 3)) == LABELS.label((x, y))
    wide = hexlabels.Labels.of([(0, 0), (27, 0)])
    assert wide.label((25, 0)) == "Z1" and wide.label((26, 0)) == "AA1" and wide.label((27, 0)) == "AB1"
    assert wide.coordinates("aa1") == (26, 0) and wide.parse("ab 1") == (27, 0)
    assert wide.parse("aa1") is None      # named, but not a cell of this board


@pytest.mark.parametrize("text", ["O4", "D8", "A0", "D", "4", "", "zz", "4,4", "-1", None, "D4x", "1,2,3"])
def test_names_of_no_cell_parse_to_nothing(text):
    assert hexlabels.parse_label(RULES, text) is None


def test_setup_json_lists_every_cell(run):
    cells = json.loads(run("setup", "gold-west", "-p", "2", "--seed", "map", "--format", "json").out)["hexes"]
    assert len(cells) == 60
    assert sum(not c["in_play"] for c in cells.values()) == 14
    assert {c["label"] for c in cells.values() if c["terrain"] == "water"} == {"F4", "G4", "H4", "I4"}
    assert {c["terrain"] for c in cells.values()} == {"copper", "silver", "gold", "forest", "water"}
    for key, cell in cells.items():
        assert LABELS.parse(cell["label"]) == hexes.parse(key)


# ---- hand-worked boards ---------------------------------------------------------------------------
# The layout: tile A in slot 0, B in 1, ... H in 7, none turned. From the data (ring in slot order,
# then centre) the hexes these boards use are:
#   slot 0 (A): B3 Ag, C3 Cu, B2 Fo, A3 Cu, A4 Au, B4 Fo, C4 Cu
#   slot 1 (B): E3 Fo, F2 Au, E2 Cu, D2 Au, D3 Ag, E4 Ag, F3 Au
#   slot 2 (C): H2 Au, I2 Fo, H1 Cu, G2 Fo, G3 Cu, H3 Ag, I3 Au
#   slot 3 (D): K3 Cu, L2 Fo, K2 Au, J2 Ag, J3 Au, K4 Cu, L3 Ag
#   slot 4 (E): M5 Cu, N4 Au, M4 Fo, L4 Ag, L5 Au, M6 Fo, N5 Ag
#   slot 5 (F): J5 Ag, K5 Au, J4 Fo, I5 Fo, I6 Cu, J6 Fo, K6 Cu
#   slot 6 (G): G6 Au, H5 Cu, G5 Fo, F5 Cu, F6 Ag, G7 Ag, H6 Fo
#   slot 7 (H): D5 Fo, E5 Ag, D4 Au, C5 Ag, C6 Au, D6 Ag, E6 Cu
#   water: F4 G4 H4 I4
# Neighbours by label: a hex in column A, C, E, ... (even x) touches the next and previous columns
# at its own row and the row above; in column B, D, F, ... (odd x, drawn half a hex lower) at its
# own row and the row below; and its own column a row up and down.


def test_hand_worked_board_three_players():
    counts = derive(3, {
        "Ann": {"camps": ["E3", "F3", "D3"], "settlements": ["E4", "C5"]},
        "Bob": {"camps": ["G3", "H3"], "settlements": ["E5"]},
        "Cat": {"camps": ["A4", "K4", "G7"], "settlements": ["M5"]},
    })
    # Ann: camps E3 Fo, F3 Au, D3 Ag (1 each); settlements E4 Ag, C5 Ag (2 each).
    #   E3 touches F3, D3, E4: a group of 4; C5 touches D5 D4 C4 B4 C6, none hers: [4, 1].
    #   Edge: only C5, whose lower-left neighbour (-5,-1) is not on the board.
    #   Next to an opponent: F3 (Bob's G3), E4 (Bob's E5) = 2.
    #   Water: F3 (F4, G4) a camp, E4 (F4) a settlement.
    #   Line: F3, E4, D4, C5 run down-left in one line; she holds 3 of them.
    ann = counts["Ann"]
    assert ann.influence == zeros(Ag=1 + 2 + 2, Au=1, Fo=1)
    assert ann.settlements == zeros(Ag=2)
    assert ann.mining_tokens == zeros(Ag=3, Au=1, Fo=1)
    assert (ann.groups, ann.edge, ann.next_to_opponent, ann.line) == ([4, 1], 1, 2, 3)
    assert ann.water == {"camps": 1, "settlements": 1}
    # Bob: camps G3 Cu, H3 Ag; settlement E5 Ag. G3-H3 touch: [2, 1]. No edge: all their
    #   neighbours are land or water. Next to Ann: G3 (F3), E5 (E4) = 2. Water: G3 (G4) and
    #   H3 (G4, H4, I4) camps, E5 (F4) a settlement. Line: G3, H3 share a row line; H3, G4, F4,
    #   E5 one down-left line: 2.
    bob = counts["Bob"]
    assert bob.influence == zeros(Cu=1, Ag=1 + 2) and bob.settlements == zeros(Ag=1)
    assert bob.mining_tokens == zeros(Cu=1, Ag=2)
    assert (bob.groups, bob.edge, bob.next_to_opponent, bob.line) == ([2, 1], 0, 2, 2)
    assert bob.water == {"camps": 2, "settlements": 1}
    # Cat: camps A4 Au, K4 Cu, G7 Ag; settlement M5 Cu (slot 4 is in play with 3). No two touch:
    #   [1, 1, 1, 1]. Edge: A4 (nothing to its left) and G7 (nothing below). Nobody next to her.
    #   No water. Line: K4, L4, M5 are one line, so K4 and M5 make 2 (as do A4 and G7).
    cat = counts["Cat"]
    assert cat.influence == zeros(Cu=1 + 2, Ag=1, Au=1) and cat.settlements == zeros(Cu=1)
    assert cat.mining_tokens == zeros(Cu=2, Ag=1, Au=1)
    assert (cat.groups, cat.edge, cat.next_to_opponent, cat.line) == ([1, 1, 1, 1], 2, 0, 2)
    assert cat.water == {"camps": 0, "settlements": 0}


BOARD_2 = {
    "Ann": {"camps": ["C5", "D3", "K4"], "settlements": ["L3"]},
    "Bob": {"camps": ["D4", "J4"], "settlements": ["K5"]},
}


def test_hand_worked_board_two_players_the_face_down_ends_are_edge():
    counts = derive(2, BOARD_2)
    # Slots 0 (A..C columns) and 4 (L..N) are face down.
    # Ann: camps C5 Ag, D3 Ag, K4 Cu; settlement L3 Ag. Groups: K4-L3 touch; C5 and D3 do not
    #   touch each other (C5's neighbours are D5 D4 C4 B4 C6): [2, 1, 1].
    #   Edge: C5 (B4, C4 face down), D3 (C3, C4 face down), K4 (L4 face down), L3 (M4 face down,
    #   nothing above-right): all 4.
    #   Next to Bob: C5 (D4), D3 (D4), K4 (J4, K5) = 3; L3 touches only Ann's K4.
    #   Water: none. Line: K4 and L3 share a line: 2.
    ann = counts["Ann"]
    assert ann.influence == zeros(Cu=1, Ag=1 + 1 + 2) and ann.settlements == zeros(Ag=1)
    assert ann.mining_tokens == zeros(Cu=1, Ag=3)
    assert (ann.groups, ann.edge, ann.next_to_opponent, ann.line) == ([2, 1, 1], 4, 3, 2)
    assert ann.water == {"camps": 0, "settlements": 0}
    # Bob: camps D4 Au, J4 Fo; settlement K5 Au. J4-K5 touch: [2, 1]. Edge: D4 (C4 face down),
    #   K5 (L4, L5 face down); J4's neighbours are all in play or water. Next to Ann: D4 (D3, C5),
    #   J4 (K4), K5 (K4) = 3. Water: J4 (I4) a camp. Line: J4, K5 share a line: 2.
    bob = counts["Bob"]
    assert bob.influence == zeros(Au=1 + 2, Fo=1) and bob.settlements == zeros(Au=1)
    assert bob.mining_tokens == zeros(Au=2, Fo=1)
    assert (bob.groups, bob.edge, bob.next_to_opponent, bob.line) == ([2, 1], 2, 3, 2)
    assert bob.water == {"camps": 1, "settlements": 0}


def test_the_same_buildings_with_the_ends_in_play_touch_less_edge():
    # Three players: C4, C3, L4, M4, L5 are in play. Ann keeps C5 (the hex below-left of it is off
    # the board) and L3 (nothing above-right): 2. Bob: D4 and K5 now have in-play neighbours: 0.
    counts = derive(3, BOARD_2)
    assert (counts["Ann"].edge, counts["Bob"].edge) == (2, 0)
    assert counts["Ann"].groups == [2, 1, 1] and counts["Bob"].next_to_opponent == 3


def test_hand_worked_board_four_players_a_turned_tile_and_an_empty_player():
    # Slot 2 holds tile C turned one sixth: ring position i shows the colour printed at i - 1,
    # so I2 Au, H1 Fo, G2 Cu, G3 Fo, H3 Cu, I3 Ag; the centre H2 stays Au.
    layout = terrain(4, rotations=(0, 0, 1, 0, 0, 0, 0, 0))
    counts = derive(4, {
        "Dee": {"camps": ["H1", "G2", "I2"], "settlements": ["G3", "H3", "I3"]},
        "Eve": {"settlements": ["H2"]},
        "Fay": {"camps": ["E2", "e4", "-2,-2"]},
        "Gus": {},
    }, layout)
    # Dee holds the ring of slot 2, Eve its centre. Dee: camps H1 Fo, G2 Cu, I2 Au; settlements
    #   G3 Fo, H3 Cu, I3 Ag. The ring is one group of 6; every ring hex touches Eve's H2: 6.
    #   Edge: H1, G2, I2 (nothing above them). Water: G3, H3, I3 (settlements). A line meets a
    #   ring of six in at most 2 hexes: 2.
    dee = counts["Dee"]
    assert dee.influence == zeros(Cu=1 + 2, Ag=2, Au=1, Fo=1 + 2)
    assert dee.settlements == zeros(Cu=1, Ag=1, Fo=1) and dee.mining_tokens == zeros(Cu=2, Ag=1, Au=1, Fo=2)
    assert (dee.groups, dee.edge, dee.next_to_opponent, dee.line) == ([6], 3, 6, 2)
    assert dee.water == {"camps": 0, "settlements": 3}
    # Eve: one settlement, H2 Au: a group of 1, on a line of 1, next to Dee, inside the board.
    eve = counts["Eve"]
    assert eve.influence == zeros(Au=2) and eve.settlements == zeros(Au=1) and eve.mining_tokens == zeros(Au=1)
    assert (eve.groups, eve.edge, eve.next_to_opponent, eve.line) == ([1], 0, 1, 1)
    # Fay: camps E2 Cu, E4 Ag, E6 Cu (-2,-2) in column E, a hex apart: [1, 1, 1] but a line of 3.
    #   Edge: E2 (nothing above), E6 (nothing below). Water: E4 (F4).
    fay = counts["Fay"]
    assert fay.influence == zeros(Cu=2, Ag=1) and fay.mining_tokens == zeros(Cu=2, Ag=1)
    assert (fay.groups, fay.edge, fay.next_to_opponent, fay.line) == ([1, 1, 1], 2, 0, 3)
    assert fay.water == {"camps": 1, "settlements": 0}
    # Gus built nothing.
    gus = counts["Gus"]
    assert gus.influence == zeros() and gus.groups == [] and (gus.edge, gus.line) == (0, 0)


# ---- problems ---------------------------------------------------------------------------------------

def test_buildings_that_cannot_stand_are_located_and_explained():
    board = mc.board(RULES, {"terrain": terrain(2)})
    placed, problems = mc.check(board, {
        "ann": {"camps": ["E3", "-2,1", "O4", "D9", "E33", "zz", "G4", "b3", None],
                "settlements": ["e3", "D4"]},
        "bob": {"camps": ["d4", "F2"]},
    }, names={"ann": "Ann"})
    assert placed == {"ann": {"camps": [at("E3")], "settlements": [at("D4")]},
                      "bob": {"camps": [at("F2")], "settlements": []}}
    said = {(p.player, p.which, p.position): p.message for p in problems}
    assert list(said) == [("ann", "camps", i) for i in range(1, 9)] + [("ann", "settlements", 0),
                                                                       ("bob", "camps", 0)]
    assert said[("ann", "camps", 1)] == "'-2,1' (E3) already holds Ann's camp; one building per hex"
    assert said[("ann", "camps", 2)] == "no hex 'O4' on the board; did you mean N4 (7,0)?"   # off the right end
    assert said[("ann", "camps", 3)] == "no hex 'D9' on the board; did you mean D6 (-3,-2)?"  # below column D
    assert said[("ann", "camps", 4)] == "no hex 'E33' on the board; did you mean E3 (-2,1)?"  # a typo
    assert said[("ann", "camps", 5)] == ("no hex 'zz' on the board: name a hex by its label "
                                         "(columns A-N left to right, rows 1-7 top to bottom) or by x,y")
    assert said[("ann", "camps", 6)] == "G4 is water; buildings stand on land"
    assert said[("ann", "camps", 7)] == "B3 is on a face-down tile, out of play in this game"
    assert said[("ann", "camps", 8)].startswith("no hex 'None' on the board")
    assert said[("ann", "settlements", 0)] == "E3 already holds Ann's camp; one building per hex"
    assert said[("bob", "camps", 0)] == "D4 already holds Ann's settlement; one building per hex"


def test_counting_refuses_buildings_that_were_not_checked():
    board = mc.board(RULES, {"terrain": terrain(2)})
    with pytest.raises(ValueError, match="not in-play land"):
        mc.count(RULES, board, {"a": {"camps": [at("B3")]}})
    with pytest.raises(ValueError, match="already holds"):
        mc.count(RULES, board, {"a": {"camps": [at("E3")]}, "b": {"settlements": [at("E3")]}})


# ---- properties -------------------------------------------------------------------------------------

def half_turn(every) -> dict:
    """The board frame's point symmetry: each cell's centre turned half a turn about the centre of all.

    Centres as drawn: x across, y up, lowered half a hex in odd columns. The image
    of a cell must again be a cell centre (whole x, y).
    """
    drawn = {h: (Fraction(h[0]), h[1] - Fraction(h[0] % 2, 2)) for h in every}
    cx = sum(p[0] for p in drawn.values()) / len(drawn)
    cy = sum(p[1] for p in drawn.values()) / len(drawn)
    out = {}
    for h, (x, y) in drawn.items():
        tx, ty = 2 * cx - x, 2 * cy - y
        assert tx.denominator == 1
        ty += Fraction(int(tx) % 2, 2)
        assert ty.denominator == 1
        out[h] = (int(tx), int(ty))
    return out


TURN = half_turn(LAND | WATER)


def test_the_half_turn_is_a_symmetry_of_land_water_and_slots():
    assert TURN[(0, 0)] == (1, 0) and TURN[(-5, 1)] == (6, -1)    # (x, y) -> (1 - x, -y)
    assert all(TURN[TURN[h]] == h for h in TURN)
    assert {TURN[h] for h in LAND} == LAND and {TURN[h] for h in WATER} == WATER
    for h in TURN:
        assert {TURN[n] for n in hexes.neighbours(h) if n in TURN} == \
            {n for n in hexes.neighbours(TURN[h]) if n in TURN}
    # each slot onto a slot, centre onto centre, ring position i onto i + 3 (half of 6), two-player
    # play onto two-player play
    by_centre = {hexes.must_parse(s["centre"]): s for s in SLOTS}
    for s in SLOTS:
        image = by_centre[TURN[hexes.must_parse(s["centre"])]]
        assert image["two_players"] == s["two_players"]
        ring, turned = hexes.slot_hexes(s)[1:], hexes.slot_hexes(image)[1:]
        assert [TURN[h] for h in ring] == turned[3:] + turned[:3]


def turned_setup(layout: list) -> list:
    """The setup turned half a turn: each tile moves to the opposite slot, turned 3 more sixths."""
    by_centre = {hexes.must_parse(s["centre"]): s["slot"] for s in SLOTS}
    image = {s["slot"]: by_centre[TURN[hexes.must_parse(s["centre"])]] for s in SLOTS}
    moved = {image[t["slot"]]: {**t, "slot": image[t["slot"]], "rotation": (t["rotation"] + 3) % 6}
             for t in layout}
    return [moved[s["slot"]] for s in SLOTS]


@st.composite
def games(draw):
    """A board (tiles, turns, player count) and buildings on distinct in-play land hexes."""
    players = draw(st.sampled_from([2, 3, 4]))
    tiles = draw(st.permutations(TILES))
    turns = draw(st.lists(st.integers(0, 5), min_size=8, max_size=8))
    layout = terrain(players, tiles, turns)
    board = mc.board(RULES, {"terrain": layout})
    spots = draw(st.lists(st.sampled_from(sorted(board.terrain)), unique=True, max_size=40))
    owners = draw(st.lists(st.tuples(st.integers(0, players - 1), st.sampled_from(mc.KINDS)),
                           min_size=len(spots), max_size=len(spots)))
    buildings: dict = {f"P{i}": {kind: [] for kind in mc.KINDS} for i in range(players)}
    for spot, (who, kind) in zip(spots, owners):
        buildings[f"P{who}"][kind].append(spot)
    return layout, board, buildings


@settings(max_examples=examples(25, 100), deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_counts_do_not_depend_on_listing_order_or_spelling(game, rnd):
    layout, board, buildings = game
    counts = mc.count(RULES, board, buildings)
    shuffled = {}
    for player in reversed(list(buildings)):
        lists = {kind: list(found) for kind, found in buildings[player].items()}
        for found in lists.values():
            rnd.shuffle(found)
        shuffled[player] = lists
    assert mc.count(RULES, board, shuffled) == counts
    # written as labels in any case, or as x,y, the check reads back the same buildings
    written = {p: {k: [rnd.choice([LABELS.label(h), LABELS.label(h).lower(), hexes.key(h)]) for h in found]
                   for k, found in lists.items()} for p, lists in shuffled.items()}
    placed, problems = mc.check(board, written)
    assert problems == [] and placed == shuffled


@settings(max_examples=examples(25, 100), deadline=None)
@given(games())
def test_counts_add_up(game):
    layout, board, buildings = game
    worth = RULES["influence"]
    for player, c in mc.count(RULES, board, buildings).items():
        camps, settled = buildings[player]["camps"], buildings[player]["settlements"]
        n = len(camps) + len(settled)
        assert sum(c.groups) == n and all(size >= 1 for size in c.groups)
        assert c.groups == sorted(c.groups, reverse=True)
        assert sum(c.mining_tokens.values()) == n and sum(c.settlements.values()) == len(settled)
        assert sum(c.influence.values()) == worth["camp"] * len(camps) + worth["settlement"] * len(settled)
        assert c.water["camps"] + c.water["settlements"] <= n and c.edge <= n and c.next_to_opponent <= n
        assert (c.line >= 1) == (n >= 1) and c.line <= n
        if n == 1:
            assert c.groups == [1] and c.line == 1


@settings(max_examples=examples(25, 100), deadline=None)
@given(games(), st.data())
def test_a_lone_building_is_a_group_of_one(game, data):
    layout, board, buildings = game
    free = sorted(set(board.terrain) - {h for lists in buildings.values() for f in lists.values() for h in f})
    spot = data.draw(st.sampled_from(free or sorted(board.terrain)))
    alone = {"lone": {"camps": [spot]}}
    c = mc.count(RULES, board, alone)["lone"]
    assert c.groups == [1] and c.line == 1 and c.next_to_opponent == 0
    assert c.edge == (spot in board.edge)


@settings(max_examples=examples(25, 100), deadline=None)
@given(games())
def test_the_map_turned_half_a_turn_gives_the_same_counts(game):
    layout, board, buildings = game
    turned_board = mc.board(RULES, {"terrain": turned_setup(layout)})
    assert dict(turned_board.terrain) == {TURN[h]: code for h, code in board.terrain.items()}
    assert turned_board.out == {TURN[h] for h in board.out}
    turned = {p: {k: [TURN[h] for h in found] for k, found in lists.items()} for p, lists in buildings.items()}
    assert mc.count(RULES, turned_board, turned) == mc.count(RULES, board, buildings)


def test_a_seeded_setup_and_its_code_give_the_same_board():
    setup = gw.generate(RULES, 2, "map-board")
    board = mc.board(RULES, setup)
    assert board == mc.board(RULES, gw.from_code(RULES, setup["code"]))
    assert {hexes.key(h) for h in board.terrain} == {k for k, c in setup["hexes"].items()
                                                     if c["in_play"] and c["terrain"] != "water"}
