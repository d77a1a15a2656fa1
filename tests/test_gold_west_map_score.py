"""Gold West results written as the map: `setup:` and each player's camps and settlements as hexes.

The counts the map gives are mapcount's (tested in test_gold_west_map.py); here: a map-form file
scores exactly as its count-form twin, every bad input is located at the item that is wrong, and the
map form does not depend on the order the hexes are listed in.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west import mapcount as mc
from sheetgen.games.gold_west import setup as gw

from conftest import ROOT, examples
from test_gold_west_map import RULES

GAME = sheetgen.game("gold-west")
KEY = {k["code"]: k["name"].lower() for k in RULES["terrains"]["kinds"]}
PIECES = RULES["pieces"]["camps_per_player"]


def flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) and "," in value else str(value)


def results(players: list, setup: str = "", boomtown: str = "") -> str:
    lines = ["game: gold-west"] + ([f"setup: {setup}"] if setup else []) + ["players:"]
    for p in players:
        first = True
        for key, value in p.items():
            lines.append(f"{'  - ' if first else '    '}{key}: {flow(value)}")
            first = False
    return "\n".join(lines + ([boomtown] if boomtown else [])) + "\n"


def report(text: str) -> list:
    out = GAME.score(text=text)
    return [(p.name, p.total, p.rank, p.breakdown) for p in out.players] + [out.winners, out.tie_breaker]


def problems(text: str) -> list:
    found = GAME.check(text=text).problems
    return [(p.line, p.column, p.message) for p in found]


def at(text: str, needle: str, nth: int = 0) -> tuple:
    """(line, column) of the nth occurrence of `needle`, both from 1."""
    spots = [m.start() for m in re.finditer(re.escape(needle), text)]
    where = spots[nth]
    line = text.count("\n", 0, where) + 1
    return line, where - (text.rfind("\n", 0, where) + 1) + 1


# ---- the example, both forms ---------------------------------------------------------------------

def test_the_example_game_scores_the_same_from_the_map_and_from_the_counts():
    counted = (ROOT / "examples" / "gold-west-game.yaml").read_text()
    mapped = (ROOT / "examples" / "gold-west-map.yaml").read_text()
    assert report(mapped) == report(counted)
    assert GAME.check(text=mapped) == sheetgen.CheckResult([], [])


def test_score_json_shows_the_derived_counts_only_for_the_map_form(run):
    result = run("score", str(ROOT / "examples" / "gold-west-map.yaml"), "--format", "json")
    assert result.code == 0, result.err
    players = {p["name"]: p for p in json.loads(result.out)["players"]}
    ben = players["Ben"]["derived"]
    # Ben: camps H2 I2 I3 J3 L4, settlements G2 H3 K4 on the example's board: one group of 8.
    assert ben["groups"] == [8] and sum(ben["mining_tokens"].values()) == 8
    assert ben["settlements"] == {"copper": 0, "silver": 1, "gold": 1, "forest": 1}
    assert players["Ann"]["derived"]["influence"]["forest"] == 3   # 2 camps + 1 from an investment
    counted = run("score", str(ROOT / "examples" / "gold-west-game.yaml"), "--format", "json")
    assert all("derived" not in p for p in json.loads(counted.out)["players"])


# ---- twins ---------------------------------------------------------------------------------------

@st.composite
def tables(draw):
    """A setup code and a legal map: every player's pieces placed (buildings + Wanted)."""
    players = draw(st.sampled_from([2, 3, 4]))
    setup = gw.generate(RULES, players, draw(st.text("abcdefgh", min_size=1, max_size=6)))
    board = mc.board(RULES, setup)
    land = sorted(board.terrain)
    order = draw(st.permutations(land))
    pieces = PIECES[players]
    out, start = [], 0
    for i in range(players):
        n = draw(st.integers(0, min(pieces, (len(land) - start))))
        settled = draw(st.integers(0, min(n, 3)))
        mine = order[start:start + n]
        start += n
        out.append({"name": f"P{i}", "points": draw(st.integers(0, 80)),
                    "camps": [hexlabels.label(RULES, h) for h in mine[settled:]],
                    "settlements": [hexlabels.label(RULES, h) for h in mine[:settled]],
                    "wanted": pieces - n, "supply": i})
    return setup, board, out


def count_twin(board, players: list) -> list:
    """The same players with the counts the map gives written by hand."""
    placed = {p["name"]: {k: [hexlabels.parse_label(RULES, t) for t in p[k]] for k in mc.KINDS} for p in players}
    counts = mc.count(RULES, board, placed)
    out = []
    for p in players:
        c = counts[p["name"]]
        out.append({"name": p["name"], "points": p["points"],
                    "influence": {KEY[k]: v for k, v in c.influence.items()},
                    "settlements": {KEY[k]: v for k, v in c.settlements.items()},
                    "mining_tokens": {KEY[k]: v for k, v in c.mining_tokens.items()},
                    "groups": c.groups, "edge": c.edge, "next_to_opponent": c.next_to_opponent,
                    "water": c.water, "line": c.line, "wanted": p["wanted"], "supply": p["supply"]})
    return out


@settings(max_examples=examples(20, 40), deadline=None)
@given(tables())
def test_a_map_form_file_scores_like_its_count_form_twin(table):
    setup, board, players = table
    mapped = results(players, setup["code"])
    assert problems(mapped) == []
    assert report(mapped) == report(results(count_twin(board, players)))
    # the hand counts written as well agree with the map
    both = [{**twin, **{k: p[k] for k in ("camps", "settlements")}}
            for p, twin in zip(players, count_twin(board, players))]
    assert report(results(both, setup["code"])) == report(mapped)


@settings(max_examples=examples(20, 40), deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_the_map_form_does_not_depend_on_listing_order_or_spelling(table, rnd):
    setup, board, players = table
    shuffled = []
    for p in players:
        p = dict(p)
        for kind in mc.KINDS:
            found = [rnd.choice([t, t.lower(), hexes.key(hexlabels.parse_label(RULES, t))]) for t in p[kind]]
            rnd.shuffle(found)
            p[kind] = found
        shuffled.append(p)
    assert report(results(shuffled, setup["code"])) == report(results(players, setup["code"]))


# ---- bad input, located --------------------------------------------------------------------------

EXAMPLE = (ROOT / "examples" / "gold-west-map.yaml").read_text()


def test_two_buildings_on_one_hex_is_located_at_the_second():
    text = EXAMPLE.replace("settlements: [F5]", "settlements: [D3]")
    assert problems(text) == [(*at(text, "D3", 1), "D3 already holds Sara's camp; one building per hex")]


def test_no_such_hex_names_the_nearest():
    text = EXAMPLE.replace("[N4, J5", "[O4, J5")
    assert problems(text) == [(*at(text, "O4"), "no hex 'O4' on the board; did you mean N4 (7,0)?")]


def test_water_is_located():
    text = EXAMPLE.replace("settlements: [H5]", "settlements: [G4]")
    assert problems(text) == [(*at(text, "G4"), "G4 is water; buildings stand on land")]


def test_a_face_down_hex_with_two_players():
    setup = gw.generate(RULES, 2, "faces")
    text = results([{"name": "Ann", "points": 9, "camps": ["E3", "B3"], "wanted": PIECES[2] - 2},
                    {"name": "Bob", "points": 9, "camps": ["J3"], "wanted": PIECES[2] - 1}], setup["code"])
    assert problems(text) == [(*at(text, "B3"), "B3 is on a face-down tile, out of play in this game")]


def test_more_buildings_and_wanted_than_pieces_is_located_at_the_first_too_many():
    text = EXAMPLE.replace("    wanted: 3\n", "    wanted: 5\n")   # Ann: 7 buildings + 5 = 12 of 10
    found = problems(text)
    assert len(found) == 1
    assert found[0][:2] == at(text, "M6")   # the sixth building: 5 buildings + 5 in Wanted is all 10
    assert found[0][2].startswith("Ann: 7 buildings + 5 in Wanted = 12 camp pieces, but each player has 10")


@pytest.mark.parametrize("code, words", [
    ("GW4-1YTC-HWPW", "setup: too short"),
    ("XX4-1YTC", "setup: 'XX4-1YTC' is not a gold-west setup code"),
])
def test_a_malformed_setup_code_is_located_at_setup(code, words):
    text = re.sub(r"setup: \S+", f"setup: {code}", EXAMPLE)
    found = problems(text)
    assert found and found[0][:2] == at(text, code) and found[0][2].startswith(words)
    assert all(p[:2] == at(text, code) for p in found)   # nothing derived, nothing else to say


def test_a_setup_code_for_another_player_count_is_located_at_setup():
    other = gw.generate(RULES, 3, "three")["code"]
    text = re.sub(r"setup: \S+", f"setup: {other}", EXAMPLE)
    assert problems(text) == [(*at(text, other), "setup: this code is for a 3-player game, but the file "
                                                  "lists 4 players")]


def test_a_boomtown_office_not_in_play_is_located_at_its_key():
    text = EXAMPLE.replace("Courthouse: [Sara, Ben]", "Saloon: [Sara, Ben]")
    assert problems(text) == [(*at(text, "Saloon"), "Saloon is not in play in this game: the setup's offices "
                                                     "are Deeds Office, Homestead Office, Mayor's Office and "
                                                     "Courthouse")]


def test_hand_counts_that_differ_from_the_map_are_located():
    text = EXAMPLE.replace("    supply: 3\n", "    supply: 3\n    groups: [6, 2, 2]\n    edge: 5\n"
                                              "    influence: {silver: 4, gold: 2}\n    water: {camps: 2}\n")
    assert sorted(problems(text)) == sorted([
        (at(text, "gold: 2")[0], at(text, "gold: 2")[1] + len("gold: "),
         "influence: you wrote Gold 2, the map gives 3"),
        (*at(text, "{silver: 4"), "influence: you wrote Copper 0, the map gives 2"),
        (*at(text, "{silver: 4"), "influence: you wrote Forest 0, the map gives 1"),
        (*at(text, "[6, 2, 2]"), "groups: you wrote [6, 2, 2], the map gives [6, 3, 1]"),
        (*at(text, "2}", 1), "water: you wrote 2 camps touching the water, the map gives 1"),
    ])


def test_hexes_without_a_setup_code_say_what_is_missing():
    text = re.sub(r"setup: \S+\n", "", EXAMPLE)
    found = problems(text)
    assert found == [(*at(text, "camps: [D2"), "the hexes need their board: add setup: CODE (the setup code of "
                                           "this game) at the top level")]


def test_a_file_half_map_half_counts_is_refused():
    counted = (ROOT / "examples" / "gold-west-game.yaml").read_text()
    ben = counted[counted.index("  - name: Ben"):counted.index("boomtown:")]
    text = EXAMPLE[:EXAMPLE.index("  - name: Ben")] + ben + EXAMPLE[EXAMPLE.index("boomtown:"):]
    found = problems(text)
    assert [p[:2] for p in found] == [at(text, "name: Ben")]
    assert found[0][2].startswith("Ben gives counts, but Sara, Levi and Ann list their map")


def test_a_hex_that_is_not_text_is_a_structural_problem():
    text = EXAMPLE.replace("[N4, J5", "[[N4], J5")
    found = problems(text)
    assert found[0][:2] == at(text, "[N4]") and "expected a hex such as D4" in found[0][2]


# ---- the board record sheet ------------------------------------------------------------------------

def test_the_board_record_sheet_prints_every_label_and_the_setups_terrains(tmp_path):
    from pypdf import PdfReader
    import io

    code = gw.generate(RULES, 2, "record")["code"]
    blank = GAME.sheet("board").pdf
    coded = GAME.sheet("board", SheetOptions(code=code, paper="a4", ink="low")).pdf
    assert GAME.sheet("board", SheetOptions(code=code, paper="a4", ink="low")).pdf == coded     # reproducible
    for pdf, terrains in ((blank, False), (coded, True)):
        text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
        for h in hexes.cells(RULES):
            assert hexlabels.label(RULES, h) in text
        assert ("Cu" in text.replace("Copper (Cu)", "")) == terrains
    assert code in PdfReader(io.BytesIO(coded)).pages[0].extract_text()


def test_the_board_sheet_takes_a_code_and_other_sheets_do_not(run):
    code = gw.generate(RULES, 3, "record")["code"]
    done = run("sheet", "gold-west", "board", "--code", code, "-o", "board.pdf")
    assert done.code == 0, done.err
    bad = run("sheet", "gold-west", "board", "--code", "GW3-XXXX")  # refused as setup and template refuse it
    assert bad.code == 2 and bad.err.startswith("Error: --code: too short")
    # the pad takes one too now (issue 13: it prints the setup's offices); a sheet of a game whose
    # sheets are the same for every setup refuses it, naming the option
    assert run("sheet", "gold-west", "pad", "--code", code, "-o", "pad.pdf").code == 0
    refused = run("sheet", "rolled-west", "board", "--code", code)
    assert refused.code == 2 and "--code" in refused.err and "a code is for no sheet" in refused.err
    with pytest.raises(sheetgen.InvalidArgument, match="a code is for no sheet"):
        sheetgen.game("rolled-west").sheet("board", SheetOptions(code=code)).pdf
