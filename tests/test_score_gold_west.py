"""Gold West results: checking and tallying (sheetgen.games.gold_west.score)."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen import ruledata
from sheetgen.errors import InvalidInput, UsageProblem
from sheetgen.games import get_game
from conftest import by_rules as score
from sheetgen.games.gold_west import score as gold_west
from sheetgen.results.yaml import parse_yaml

from conftest import Scoring, assert_breakdowns_add_up, check_report_data, by_name, examples, nodes, standings

ROOT = Path(__file__).resolve().parent.parent
SCORING = Scoring("gold-west")
RULES = SCORING.rules
doc_of, problems_of = SCORING.doc, SCORING.problems


# ---------------------------------------------------------------------------
# Rulebook examples (SCORING, "Terrain bonuses")

def test_rulebook_example_1_silver_tie_broken_by_settlements():
    # Sara 4 camps (4), Levi 2 camps + 1 settlement (4): Levi wins on settlements.
    # A third player has less than 4.
    assert gold_west.terrain_points(RULES, "silver", [(4, 0), (4, 1), (2, 0)]) == [6, 10, 0]


def test_rulebook_example_2_gold_split():
    # Sara and Levi 3 camps each, no settlements: split 1st + 2nd (9 + 5) -> 7 each.
    assert gold_west.terrain_points(RULES, "Gold", [(3, 0), (3, 0), (1, 0)]) == [7, 7, 0]


def test_rulebook_example_3_two_players_leader_scores_second():
    # Two players: the leader in Silver scores 6 (the 2nd place value), the other nothing.
    assert gold_west.terrain_points(RULES, "silver", [(4, 0), (2, 0)]) == [6, 0]
    assert gold_west.terrain_points(RULES, "silver", [(2, 0), (4, 0)]) == [0, 6]
    # still tied after settlements: the 2nd value is split, rounded down
    assert gold_west.terrain_points(RULES, "silver", [(3, 1), (3, 1)]) == [3, 3]
    assert gold_west.terrain_points(RULES, "silver", [(3, 0), (3, 1)]) == [0, 6]


def test_rulebook_examples_through_the_hand_worked_game():
    players = by_name(score.tally(doc_of(GAME), RULES))
    # Silver 10 to Levi (settlement), 6 to Sara; Sara and Levi also split Gold's 2nd place.
    assert players["Levi"].breakdown["terrains"] == 10 + 2
    assert players["Sara"].breakdown["terrains"] == 6 + 2


def test_majority_decisions_from_the_reference():
    # three tied for 1st share 1st + 2nd: (11 + 7) // 3 = 6, nobody is 2nd
    assert gold_west.terrain_points(RULES, "copper", [(3, 0), (3, 0), (3, 0), (1, 0)]) == [6, 6, 6, 0]
    # a single 1st, two tied for 2nd: 7 // 2 = 3 each
    assert gold_west.terrain_points(RULES, "copper", [(5, 0), (2, 0), (2, 0), (1, 0)]) == [11, 3, 3, 0]
    # settlements break the tie for 2nd too
    assert gold_west.terrain_points(RULES, "forest", [(5, 0), (2, 1), (2, 0)]) == [8, 4, 0]
    # no influence, no bonus; a lone player takes only 1st
    assert gold_west.terrain_points(RULES, "forest", [(2, 0), (0, 0), (0, 0)]) == [8, 0, 0]
    assert gold_west.terrain_points(RULES, "forest", [(0, 0), (0, 0)]) == [0, 0]
    # terrains by code as well as by name
    assert gold_west.terrain_points(RULES, "Fo", [(1, 0), (2, 0), (3, 0)]) == [0, 4, 8]
    with pytest.raises(ValueError):
        gold_west.terrain_points(RULES, "iron", [(1, 0), (2, 0)])


@pytest.mark.parametrize("wanted, penalties", [
    ([3, 2, 1, 0], [-3, -1, 0, 0]),      # Most loses 1 per camp, Second 1 per 2 camps
    ([3, 3, 1, 0], [-3, -3, 0, 0]),      # tie for Most: both take it, no Second
    ([4, 2, 2, 0], [-4, -1, -1, 0]),     # tie for Second: all tied take it
    ([5, 3, 0], [-5, -1, 0]),            # 3 // 2 = 1
    ([2, 1], [-2, 0]),                   # 1 // 2 = 0
    ([0, 0, 0], [0, 0, 0]),              # nobody in Wanted
    ([0, 4], [0, -4]),                   # 0 camps: no penalty, even as "second"
    ([1, 1], [-1, -1]),
])
def test_wanted_penalties(wanted, penalties):
    assert gold_west.wanted_penalties(RULES, wanted) == penalties


# ---------------------------------------------------------------------------
# A whole game worked by hand: 4 players (10 camp pieces each). Sara's and
# Levi's influence are the rulebook's example boards.

GAME = """
game: gold-west
players:
  - name: Sara
    points: 61
    influence: {copper: 2, silver: 4, gold: 3, forest: 1}
    mining_tokens: {copper: 2, silver: 4, gold: 3, forest: 1}
    groups: [6, 3, 1]
    edge: 3
    next_to_opponent: 2
    water: {camps: 1}
    line: 4
    investments: 2
    shipping_tiles: 1
    supply: 3
    total: 92
  - name: Levi
    points: 58
    influence: {copper: 1, silver: 4, gold: 3, forest: 2}
    settlements: {silver: 1}
    mining_tokens: {copper: 1, silver: 3, gold: 3, forest: 2}
    groups: [5, 4]
    edge: 2
    next_to_opponent: 4
    water: {camps: 2, settlements: 1}
    line: 5
    investments: 3
    shipping_tiles: 2
    wanted: 1
    supply: 1
    total: 87
  - name: Ann
    points: 55
    influence: {Copper: 4, Silver: 1, Gold: 1, Forest: 3}
    settlements: {Copper: 1}
    investment_influence: {Forest: 1}
    mining_tokens: {Copper: 3, Silver: 1, Gold: 1, Forest: 2}
    groups: [4, 2, 1]
    edge: 4
    next_to_opponent: 1
    water: {settlements: 1}
    line: 3
    investments: 2
    wanted: 3
    supply: 4
    total: 79
  - name: Ben
    points: 52
    influence: {copper: 3, silver: 2, gold: 3, forest: 3}
    settlements: {silver: 1, gold: 1, forest: 1}
    mining_tokens: {copper: 3, silver: 1, gold: 2, forest: 2}
    groups: [8]
    edge: 1
    next_to_opponent: 3
    water: {camps: 2}
    line: 6
    investments: 1
    shipping_tiles: 3
    wanted: 2
    supply: 2
    total: 100
boomtown:
  Courthouse: [Sara, Ben]
  Deeds Office: [Ben, Levi, Sara]
  Homestead Office: [Ann, Ann]
  Mayor's Office: [Levi, Sara]
  4VP: [Levi]
"""
# Camps = influence - 2 x settlements - investment influence; buildings = camps + settlements:
#   Sara 2+4+3+1 = 10 camps, 0 in Wanted                               -> 10 pieces
#   Levi copper 1, silver 4-2 = 2 camps + 1 settlement, gold 3, forest 2 -> 9 buildings + 1 Wanted
#   Ann  copper 4-2 = 2 camps + 1 settlement, silver 1, gold 1, forest 3-1 = 2 -> 7 + 3 Wanted
#   Ben  copper 3, silver 1 settlement, gold 1 s + 1 camp, forest 1 s + 1 camp -> 8 + 2 Wanted
#   mining tokens per terrain equal those buildings.
# Points: the score track; Levi's holds the 4VP he took, so 58 - 4 = 54 in "points", 4 in "4VP".
# Group (2 per building in the largest): Sara 6 -> 12, Levi 5 -> 10, Ann 4 -> 8, Ben 8 -> 16.
# Terrains (4 players: 1st / 2nd), standings (influence, settlements):
#   Copper 11/7: Sara 2, Levi 1, Ann (4, 1), Ben 3        -> Ann 11, Ben 7
#   Silver 10/6: Sara (4, 0), Levi (4, 1), Ann 1, Ben (2, 1) -> Levi 10, Sara 6   (rulebook example 1)
#   Gold 9/5: Sara (3, 0), Levi (3, 0), Ann 1, Ben (3, 1)  -> Ben 9; Sara, Levi tied 2nd: 5 // 2 = 2 each
#   Forest 8/4: Sara 1, Levi 2, Ann (3, 0), Ben (3, 1)     -> Ben 8, Ann 4
#   -> Sara 6+2 = 8 (2 bonuses), Levi 10+2 = 12 (2), Ann 11+4 = 15 (2), Ben 7+9+8 = 24 (3)
# Wanted: Ann 3 is Most Wanted -> -3; Ben 2 is Second -> -(2 // 2) = -1; Levi 1 -> 0.
# Offices:
#   Courthouse (1 per mining token in your strongest terrain):
#     Sara: strongest Silver (4) -> 4 tokens = 4
#     Ben: Copper, Gold, Forest tie at 3 -> the best count, Copper's 3 tokens = 3
#   Deeds Office (2 per terrain bonus won), Levi's token stacked on one of the two spaces:
#     Ben 2 x 3 = 6, Levi 2 x 2 = 4, Sara 2 x 2 = 4
#   Homestead Office (2 per influence in your least terrain), both spaces Ann's:
#     Ann's least is Silver or Gold, 1 -> 2 x 1, twice = 4
#   Mayor's Office (3 per 2 of your tokens in Boomtown):
#     Levi: Deeds, Mayor's, 4VP = 3 tokens -> 3 x 1 = 3; Sara: Courthouse, Deeds, Mayor's = 3 -> 3
#   -> Sara 4+4+3 = 11, Levi 4+3 = 7, Ann 4, Ben 3+6 = 9
# Totals: Sara 61 + 12 + 11 + 0 + 8 + 0  = 92
#         Levi 54 + 10 +  7 + 4 + 12 + 0 = 87
#         Ann  55 +  8 +  4 + 0 + 15 - 3 = 79
#         Ben  52 + 16 +  9 + 0 + 24 - 1 = 100


def test_hand_worked_four_player_game():
    problems, warnings = score.check(doc_of(GAME), RULES)
    assert problems == [] and warnings == []
    report = score.tally(doc_of(GAME), RULES)
    players = by_name(report)
    assert players["Sara"].breakdown == {"points": 61, "group": 12, "offices": 11, "4VP": 0, "terrains": 8,
                                         "wanted": 0}
    assert players["Levi"].breakdown == {"points": 54, "group": 10, "offices": 7, "4VP": 4, "terrains": 12,
                                         "wanted": 0}
    assert players["Ann"].breakdown == {"points": 55, "group": 8, "offices": 4, "4VP": 0, "terrains": 15,
                                        "wanted": -3}
    assert players["Ben"].breakdown == {"points": 52, "group": 16, "offices": 9, "4VP": 0, "terrains": 24,
                                        "wanted": -1}
    assert [(p.name, p.total, p.rank) for p in report.players] == [
        ("Ben", 100, 1), ("Sara", 92, 2), ("Levi", 87, 3), ("Ann", 79, 4)]
    assert report.winners == ["Ben"] and report.tie_breaker == "highest total"
    assert players["Sara"].claimed_total == 92


def boomtown(game: str, town: str) -> str:
    """The hand-worked game with another Boomtown and no totals written."""
    head = game.split("boomtown:")[0]
    head = "\n".join(line for line in head.splitlines() if not line.strip().startswith("total:"))
    return head + "\nboomtown:\n" + town.lstrip("\n")


# The same boards with the other eight offices (names in other spellings, too).
TOWN_B = """
  frontier office: [Sara, Ann]
  Sheriff\u2019s Office: [Levi, levi]
  Shipping Office: [Ben, Sara]
  Depot: [Levi, Ann, Ben]
  4vp: [Ann]
"""
# Frontier (1 per edge building): Sara 3, Ann 4.
# Sheriff's (1 per building next to an opponent's), both spaces Levi's: 4 x 2 = 8.
# Shipping Office (2 per shipping tile): Ben 2 x 3 = 6, Sara 2 x 1 = 2.
# Depot (2 per building in the 2nd largest group; one token stacked): Levi 2 x 4 = 8,
#   Ann 2 x 2 = 4, Ben has one group -> 0.
# 4VP Ann: points 55 - 4 = 51, 4VP 4.
# Offices: Sara 3+2 = 5, Levi 8+8 = 16, Ann 4+4 = 8, Ben 6+0 = 6.
# Totals: Sara 61+12+5+0+8 = 86, Levi 58+10+16+0+12 = 96, Ann 51+8+8+4+15-3 = 83,
#         Ben 52+16+6+0+24-1 = 97.
TOWN_C = """
  Docks: [Levi, Ben]
  Saloon: [Sara, Levi]
  Surveyor's: [Ben, Ann]
  Town Hall: [Ben, Ben, Ann]
  4VP: [Sara]
"""
# Docks (2 per settlement, 1 per camp touching water): Levi 2x1 + 1x2 = 4, Ben 0 + 2 = 2.
# Saloon (2 per investment): Sara 2 x 2 = 4, Levi 2 x 3 = 6.
# Surveyor's (1 per building on your best line): Ben 6, Ann 3.
# Town Hall (1 per settlement): Ben's two spaces 3 + 3 = 6, Ann's token on top of Ben's 1.
# 4VP Sara: points 61 - 4 = 57, 4VP 4.
# Offices: Sara 4, Levi 4+6 = 10, Ann 3+1 = 4, Ben 2+6+6 = 14.
# Totals: Sara 57+12+4+4+8 = 85, Levi 58+10+10+0+12 = 90, Ann 55+8+4+0+15-3 = 79,
#         Ben 52+16+14+0+24-1 = 105.


@pytest.mark.parametrize("town, offices, free, totals", [
    (TOWN_B, {"Sara": 5, "Levi": 16, "Ann": 8, "Ben": 6}, "Ann", {"Sara": 86, "Levi": 96, "Ann": 83, "Ben": 97}),
    (TOWN_C, {"Sara": 4, "Levi": 10, "Ann": 4, "Ben": 14}, "Sara", {"Sara": 85, "Levi": 90, "Ann": 79, "Ben": 105}),
])
def test_the_other_eight_offices(town, offices, free, totals):
    report = score.tally(doc_of(boomtown(GAME, town)), RULES)
    players = by_name(report)
    assert {n: p.breakdown["offices"] for n, p in players.items()} == offices
    assert {n: p.breakdown["4VP"] for n, p in players.items()} == {n: 4 if n == free else 0 for n in players}
    assert {n: p.total for n, p in players.items()} == totals


def test_each_office_alone():
    # One space each, for the player `who`, in the hand-worked game; points per office.
    expected = {
        ("Courthouse", "Ben"): 3, ("Deeds Office", "Ben"): 6, ("Frontier Office", "Ann"): 4,
        ("Homestead Office", "Sara"): 2, ("Sheriff's Office", "Levi"): 4, ("Shipping Office", "Ben"): 6,
        ("Depot", "Sara"): 6, ("Docks", "Levi"): 4, ("Mayor's Office", "Levi"): 0,
        ("Saloon", "Levi"): 6, ("Surveyor's Office", "Ben"): 6, ("Town Hall", "Ben"): 3,
    }
    assert {o["name"] for o in RULES["boomtown"]["offices"]} == {office for office, _ in expected}
    for (office, who), points in expected.items():
        report = score.tally(doc_of(boomtown(GAME, f"  {office}: [{who}]\n")), RULES)
        assert by_name(report)[who].breakdown["offices"] == points, office
    # Mayor's counts the 4VP and a stacked token: Levi with 4 tokens -> 3 x 2 = 6
    report = score.tally(doc_of(boomtown(GAME, "  Mayor's Office: [Levi, Levi]\n  4VP: [Levi]\n"
                                               "  Saloon: [Sara, Sara, Levi]\n")), RULES)
    # Mayor's, both spaces: 2 x (3 x 4 // 2) = 12; Saloon (stacked on Sara's): 2 x 3 investments = 6
    assert by_name(report)["Levi"].breakdown["offices"] == 2 * (3 * 2) + 2 * 3


def test_hand_worked_game_as_text():
    text = score.tally(doc_of(GAME), RULES).text()
    lines = text.splitlines()
    assert lines[0].split() == ["player", "points", "group", "offices", "4VP", "terrains", "wanted", "total",
                                "rank"]
    assert lines[2].split() == ["Ben", "52", "16", "9", "0", "24", "-1", "100", "1"]
    assert lines[4].split() == ["Levi", "54", "10", "7", "4", "12", "0", "87", "3"]
    assert lines[5].split() == ["Ann", "55", "8", "4", "0", "15", "-3", "79", "4"]
    assert "Winner: Ben (highest total)" in text


def test_json_breakdown_sums_to_total():
    data = score.tally(doc_of(GAME), RULES).to_dict()
    check_report_data(data, "gold-west", ["Ben"], gold_west.CATEGORIES)
    assert data["players"][3] == {"name": "Ann", "total": 79, "rank": 4, "claimed_total": 79,
                                  "breakdown": {"points": 55, "group": 8, "offices": 4, "4VP": 0,
                                                "terrains": 15, "wanted": -3}}
    assert json.loads(json.dumps(data)) == data


def test_wrong_total_names_each_category():
    problems = problems_of(GAME.replace("total: 79", "total: 82"))
    assert len(problems) == 1
    assert (problems[0].line, problems[0].column) == (45, 12)
    assert problems[0].message == ("total: you wrote 82, the tally is 79 (points 55, group 8, offices 4, "
                                   "4VP 0, terrains 15, wanted -3); 3 too many")
    with pytest.raises(InvalidInput):
        score.tally(doc_of(GAME.replace("total: 79", "total: 82")), RULES)


# ---------------------------------------------------------------------------
# Winner ties: fewest camps in Wanted, then most supply, else shared

def two(a: dict, b: dict) -> str:
    """A 2-player file: each player's buildings all camps in Copper, in one group."""
    def entry(p: dict) -> str:
        camps = 12 - p["wanted"]
        return (f"  - {{name: {p['name']}, points: {p['points']}, influence: {{copper: {camps}}}, "
                f"mining_tokens: {{copper: {camps}}}, groups: [{camps}], wanted: {p['wanted']}, "
                f"supply: {p['supply']}}}\n")
    return "game: gold-west\nplayers:\n" + entry(a) + entry(b)


def test_tie_broken_by_fewest_wanted():
    # Ann: 12 camps -> group 24, Copper lead 7 -> 10 + 31 = 41.
    # Ben: 11 camps -> group 22, Most Wanted -1 -> 20 + 21 = 41.
    report = score.tally(doc_of(two({"name": "Ann", "points": 10, "wanted": 0, "supply": 0},
                                    {"name": "Ben", "points": 20, "wanted": 1, "supply": 9})), RULES)
    assert [(p.name, p.total, p.rank) for p in report.players] == [("Ann", 41, 1), ("Ben", 41, 2)]
    assert report.winners == ["Ann"]
    assert report.tie_breaker == "tied on 41; fewest camps in Wanted: Ann 0, Ben 1"
    assert "Winner: Ann (tied on 41; fewest camps in Wanted: Ann 0, Ben 1)" in report.text()


def test_tie_broken_by_supply():
    # Both: 11 camps (group 22), Copper tie -> 7 // 2 = 3, both Most Wanted -1: 30 + 24 = 54.
    report = score.tally(doc_of(two({"name": "Ann", "points": 30, "wanted": 1, "supply": 2},
                                    {"name": "Ben", "points": 30, "wanted": 1, "supply": 5})), RULES)
    assert [(p.name, p.total, p.rank) for p in report.players] == [("Ben", 54, 1), ("Ann", 54, 2)]
    assert report.winners == ["Ben"]
    assert report.tie_breaker == ("tied on 54; fewest camps in Wanted: tied at 1; "
                                  "most resources left on the supply track: Ann 2, Ben 5")
    assert report.warnings == []


def test_tie_that_stands_is_shared():
    report = score.tally(doc_of(two({"name": "Ann", "points": 30, "wanted": 1, "supply": 4},
                                    {"name": "Ben", "points": 30, "wanted": 1, "supply": 4})), RULES)
    assert report.winners == ["Ann", "Ben"]
    assert [p.rank for p in report.players] == [1, 1]
    assert report.tie_breaker.endswith("most resources left on the supply track: tied at 4; "
                                       "the win is shared (the rulebook calls for a rematch)")
    assert any(w.startswith("Ann and Ben tie for the win on 54") for w in report.warnings)
    assert "Winners: Ann, Ben (tied on 54" in report.text()


# ---------------------------------------------------------------------------
# Checks: one problem each, at the right line and column

BASE = """
game: gold-west
players:
  - name: Sara
    points: 40
    influence: {copper: 4, silver: 4, gold: 3, forest: 2}
    settlements: {silver: 1}
    mining_tokens: {copper: 4, silver: 3, gold: 3, forest: 2}
    groups: [8, 4]
    edge: 3
    next_to_opponent: 2
    water: {camps: 1, settlements: 1}
    line: 4
    investments: 1
    shipping_tiles: 1
    wanted: 0
    supply: 2
  - name: Levi
    points: 38
    influence: {copper: 2, silver: 3, gold: 4, forest: 3}
    investment_influence: {forest: 1}
    mining_tokens: {copper: 2, silver: 3, gold: 4, forest: 2}
    groups: [11]
    wanted: 1
    investments: 2
boomtown:
  Saloon: [Sara, Levi]
  4VP: [Levi]
"""
# Sara: 4 + (2 camps + 1 settlement) + 3 + 2 = 12 buildings; Levi: 2 + 3 + 4 + (3 - 1) = 11 + 1 Wanted.
# Terrains (2 players, the leader takes the 2nd value): Copper, Silver Sara 7 + 6 = 13; Gold, Forest
# Levi 5 + 4 = 9. Sara 40 + 16 + 2 (Saloon) + 13 = 71; Levi 34 + 22 + 4 (Saloon) + 4 (4VP) + 9 - 1 = 72.


def test_base_is_clean():
    assert problems_of(BASE) == []
    players = by_name(score.tally(doc_of(BASE), RULES))
    assert (players["Sara"].total, players["Levi"].total) == (71, 72)
    assert players["Sara"].breakdown["terrains"] == 13  # leader in Silver scores 6 (example 3)


CHECKS = [
    # structure
    ("    supply: 2\n", "    supply: 2\n    colour: red\n", 17, 5, "unknown key 'colour'; expected one of: name,"),
    ("    supply: 2\n", "    supply: 2\n    wantd: 1\n", 17, 5, "unknown key 'wantd'; did you mean 'wanted'?"),
    ("points: 40", "points: lots", 4, 13, "expected a whole number, got 'lots'"),
    ("next_to_opponent: 2", "next_to_opponent: -2", 10, 23, "-2 is too small (at least 0)"),
    ("groups: [8, 4]", "groups: [8, 0]", 8, 17, "0 is too small (at least 1)"),
    ("groups: [8, 4]", "groups: 12", 8, 13, "expected a list, got the number 12"),
    ("game: gold-west", "game: rolled-west", 1, 7, "this checker reads gold-west results"),
    ("name: Levi", "name: sara", 17, 11, "the name sara is used twice"),
    ("game: gold-west\nplayers:\n", "game: gold-west\nplayers:\n  - {name: A, points: 0}\n  - {name: B, points: 0}\n"
                                  "  - {name: C, points: 0}\n",
     2, 1, "Gold West is for 2-4 players; this file has 5"),
    # terrains
    ("settlements: {silver: 1}", "settlements: {silvr: 1}", 6, 19, "unknown terrain 'silvr'; did you mean 'silver'?"),
    ("settlements: {silver: 1}", "settlements: {silver: 1, Ag: 0}", 6, 30, "Silver is already listed as 'silver'"),
    # camps, buildings and mining tokens
    ("settlements: {silver: 1}", "settlements: {silver: 3}", 5, 36,
     "Silver: influence 4, but your 3 settlements (2 each) give 6"),
    ("forest: 2}\n    groups: [8", "forest: 3}\n    groups: [8", 7, 60,
     "Forest: 3 mining tokens, but influence 2 means 2 buildings (2 camps, 0 settlements)"),
    ("influence: {copper: 4,", "influence: {copper: 5,", 7, 29,
     "Copper: 4 mining tokens, but influence 5 means 5 buildings (5 camps, 0 settlements); each building "
     "holds the token of its hex; if an investment gave you +1 Copper influence, write "
     "investment_influence: {copper: 1}"),
    ("    mining_tokens: {copper: 4, silver: 3, gold: 3, forest: 2}\n", "", 3, 5,
     "missing key 'mining_tokens': your influence shows 12 buildings (11 camps, 1 settlement)"),
    ("wanted: 0", "wanted: 1", 3, 5, "Sara: 12 buildings (11 camps, 1 settlement) + 1 in Wanted = 13 camp "
                                     "pieces, but each player places all 12 in a 2-player game"),
    ("    wanted: 1\n", "", 17, 5, "Levi: 11 buildings (11 camps, 0 settlements) + 0 in Wanted = 11"),
    # investments
    ("investment_influence: {forest: 1}", "investment_influence: {forest: 2}", 20, 36,
     "2 investment influence in Forest, but only investment 12 gives it (+1 each)"),
    ("investments: 2", "investments: 0", 20, 27,
     "1 influence from investments, but only 0 investments fulfilled; each card gives at most +1"),
    ("investments: 1", "investments: 9", 13, 18, "9 investments fulfilled, but only 8 investment cards are in play"),
    ("investments: 1", "investments: 7", 24, 18, "the players list 9 investments in all, but only 8 investment "
                                               "cards are in play"),
    ("shipping_tiles: 1", "shipping_tiles: 7", 14, 21,
     "7 shipping bonus tiles, but a stagecoach takes at most one per bonus section: 2 sections on each of "
     "3 tracks = 6"),
    # counts against the buildings and the board
    ("groups: [8, 4]", "groups: [8, 3]", 8, 13,
     "groups add up to 11 buildings, but you have 12 buildings (11 camps, 1 settlement)"),
    ("    groups: [8, 4]\n", "", 3, 5, "missing key 'groups': the sizes of your contiguous groups"),
    ("edge: 3", "edge: 13", 9, 11, "edge: 13 buildings touching the edge, but you have 12 buildings"),
    ("next_to_opponent: 2", "next_to_opponent: 13", 10, 23, "next_to_opponent: 13 buildings next to an "
                                                           "opponent's, but you have 12 buildings"),
    ("line: 4", "line: 9", 12, 11,
     "line: 9 buildings on one line, but only 7 hexes make the longest straight line on a 2-player board"),
    ("water: {camps: 1, settlements: 1}", "water: {camps: 1, settlements: 2}", 11, 36,
     "water: 2 settlements touching the water, but you have 1 settlement"),
    ("water: {camps: 1, settlements: 1}", "water: {camps: 12, settlements: 1}", 11, 20,
     "water: 12 camps touching the water, but you have 11 camps on the board"),
    ("water: {camps: 1, settlements: 1}", "water: {camps: 1, settlements: 1, wharf: 1}", 11, 39,
     "unknown key 'wharf'"),
    # Boomtown
    ("Saloon: [Sara, Levi]", "Salon: [Sara, Levi]", 26, 3, "unknown Boomtown office 'Salon'; did you mean 'Saloon'?"),
    ("4VP: [Levi]", "4VP: [Levi]\n  saloon: []", 28, 3, "Saloon is already listed as 'Saloon' (line 26)"),
    ("Saloon: [Sara, Levi]", "Saloon: [Sarah, Levi]", 26, 12, "'Sarah' is not a player in this file; "
                                                              "did you mean 'Sara'?"),
    ("Saloon: [Sara, Levi]", "Saloon: [Sara, Levi, Sara, Levi]", 26, 11,
     "Saloon: 4 tokens, but it has 2 spaces, one token each and 1 token may sit on an opponent's "
     "(an investment card): at most 3"),
    ("Saloon: [Sara, Levi]", "Saloon: [Sara, Sara, Sara]", 26, 11,
     "Saloon: 3 tokens on 2 spaces; Sara holds every space and a token on top, but a stacked token goes on "
     "an opponent's"),
    ("4VP: [Levi]", "4VP: [Levi, Levi]", 27, 8, "4VP: 2 tokens on 1 space; Levi holds every space"),
    ("4VP: [Levi]", "4VP: [Levi, Sara]\n  Depot: [Sara, Sara, Levi]", 28, 10,
     "Depot: 3 tokens on 2 spaces, but only 1 token may sit on another in all of Boomtown, and 4VP has one "
     "(line 27)"),
    ("4VP: [Levi]", "4VP: [Levi]\n  Depot: []\n  Docks: []\n  Town Hall: []\n  Courthouse: []", 31, 3,
     "Courthouse makes 5 offices, but only 4 are drawn each game (Saloon, Depot, Docks and Town Hall are "
     "listed before)"),
    ("4VP: [Levi]", "4VP: Levi", 27, 8, "expected a list, got 'Levi'"),
    # the total
    ("    supply: 2\n", "    supply: 2\n    total: 70\n", 17, 12,
     "total: you wrote 70, the tally is 71 (points 40, group 16, offices 2, 4VP 0, terrains 13, wanted 0); "
     "1 short"),
]


@pytest.mark.parametrize("old, new, line, column, words", CHECKS, ids=[c[4][:40] for c in CHECKS])
def test_each_check_is_located(old, new, line, column, words):
    text = BASE.replace(old, new, 1)
    assert text != BASE
    problems = problems_of(text)
    if words.startswith("the name sara"):  # Levi's tokens in Boomtown now name nobody
        assert all("'Levi' is not a player" in p.message for p in problems[1:])
        problems = problems[:1]
    assert len(problems) == 1, problems
    assert (problems[0].line, problems[0].column) == (line, column), problems
    assert words in problems[0].message, problems
    assert str(problems[0]).startswith(f"results.yaml:{line}:{column}: ")


def test_an_office_held_needs_its_count():
    # Nothing scores silently on a missing number: the Frontier Office scores `edge`, which Levi left out.
    text = BASE.replace("4VP: [Levi]", "4VP: [Levi]\n  Frontier Office: [Levi]")
    problems = problems_of(text)
    assert [(p.line, p.column, p.message) for p in problems] == [
        (17, 5, "missing key 'edge' (buildings touching the edge) for Levi: Frontier Office needs it; "
                "write 0 if there are none")]
    # written blank (null) is the same as left out; written 0, it scores 0
    blank = text.replace("    investments: 2\n", "    investments: 2\n    edge:\n")
    assert [(p.line, p.column, p.message) for p in problems_of(blank)] == [(17, 5, problems[0].message)]
    assert problems_of(text.replace("    investments: 2\n", "    investments: 2\n    edge: 0\n")) == []


def test_a_count_no_office_of_the_player_scores_may_stay_out():
    # Sara holds the Frontier Office and wrote edge; Levi holds none that reads it and left it out.
    text = BASE.replace("4VP: [Levi]", "4VP: [Levi]\n  Frontier Office: [Sara]")
    assert problems_of(text) == []
    assert problems_of(text.replace("    investments: 2\n", "    investments: 2\n    edge:\n")) == []
    assert by_name(score.tally(doc_of(text), RULES))["Sara"].breakdown["offices"] == 2 * 1 + 1 * 3


@pytest.mark.parametrize("field, office, words", [
    ("    groups: [8, 4]\n", "Depot", "missing key 'groups': the sizes of your contiguous groups"),
    ("    mining_tokens: {copper: 4, silver: 3, gold: 3, forest: 2}\n", "Courthouse",
     "missing key 'mining_tokens': your influence shows 12 buildings"),
])
def test_an_office_need_already_reported_is_said_once(field, office, words):
    problems = problems_of(BASE.replace(field, "").replace("4VP: [Levi]", f"4VP: [Levi]\n  {office}: [Sara]"))
    assert [(p.line, p.column) for p in problems] == [(3, 5)]
    assert problems[0].message.startswith(words)


def test_stacked_token_needs_an_investment():
    # Ann holds no investment, so she cannot have put her token on Ben's; Ben could have stacked on Ann's.
    text = BASE.replace("investments: 1", "investments: 0").replace(
        "Saloon: [Sara, Levi]", "Saloon: [Sara, Levi, Levi]")
    assert problems_of(text) == []
    text = text.replace("investments: 2", "investments: 0").replace("investment_influence: {forest: 1}",
                                                                    "investment_influence: {}")
    text = text.replace("influence: {copper: 2, silver: 3, gold: 4, forest: 3}",
                        "influence: {copper: 2, silver: 3, gold: 4, forest: 2}")
    problems = problems_of(text)
    assert len(problems) == 1 and problems[0].line == 26
    assert "needs a fulfilled investment, and none of Levi and Sara can have placed it" in problems[0].message


def test_three_players_board_totals():
    # 3 players, 12 camps each: buildings on the edge and by the water, added over the players.
    def player(name, edge, water):
        return (f"  - {{name: {name}, points: 0, influence: {{gold: 12}}, mining_tokens: {{gold: 12}}, "
                f"groups: [12], edge: {edge}, water: {{camps: {water}}}}}\n")
    text = "game: gold-west\nplayers:\n" + player("A", 10, 4) + player("B", 10, 4) + player("C", 10, 4)
    assert problems_of(text) == []
    problems = problems_of(text.replace("edge: 10, water: {camps: 4}}\n", "edge: 11, water: {camps: 5}}\n", 1))
    assert [(p.line, p.column, p.message) for p in problems] == [
        (5, 96, "the players list 31 buildings on the edge in all, but only 30 hexes touch the edge of the board"),
        (5, 107, "the players list 13 buildings on the water in all, but only 12 hexes touch the water")]


def test_shipping_tiles_over_all_players():
    text = BASE.replace("shipping_tiles: 1", "shipping_tiles: 6").replace(
        "    investments: 2\n", "    investments: 2\n    shipping_tiles: 6\n")
    assert problems_of(text) == []
    text = text.replace("game: gold-west\nplayers:\n", "game: gold-west\nplayers:\n"
                        "  - {name: Cat, points: 0, influence: {gold: 12}, mining_tokens: {gold: 12}, "
                        "groups: [12], shipping_tiles: 1}\n")
    problems = problems_of(text)
    assert [(p.line, p.message) for p in problems] == [
        (26, "the players list 13 shipping tiles in all, but there are only 12 shipping bonus tiles")]


def test_influence_tokens_run_out():
    # 6 settlements + 1 from investments + 6 in Boomtown = 13 tokens, but a player has 12.
    text = """
        game: gold-west
        players:
          - name: Sara
            influence: {copper: 6, silver: 6, gold: 1, forest: 6}
            settlements: {copper: 2, silver: 2, forest: 2}
            investment_influence: {gold: 1}
            mining_tokens: {copper: 4, silver: 4, forest: 4}
            groups: [12]
            investments: 1
            water: {camps: 0}
            points: 0
          - {name: Levi, points: 0, influence: {gold: 12}, mining_tokens: {gold: 12}, groups: [12],
             water: {camps: 0}}
        boomtown:
          Saloon: [Sara, Sara]
          Depot: [Sara, Sara]
          Docks: [Sara, Sara]
    """
    problems = problems_of(text)
    assert [(p.line, p.column) for p in problems] == [(3, 5)]
    assert problems[0].message == ("Sara uses 13 influence tokens (6 under settlements, 1 on the influence "
                                   "tracks from investments, 6 in Boomtown), but each player has 12")
    assert problems_of(text.replace("Docks: [Sara, Sara]", "Docks: [Sara, Levi]")) == []


def test_all_problems_at_once_in_file_order():
    text = (BASE.replace("points: 40", "points: -1").replace("edge: 3", "edge: 13")
            .replace("Saloon: [Sara, Levi]", "Saloon: [Sara, Bob]"))
    problems = problems_of(text)
    assert [(p.line, p.column) for p in problems] == [(4, 13), (9, 11), (26, 18)]


def test_names_match_loosely():
    text = (BASE.replace("Saloon: [Sara, Levi]", "SALOON: [sara, LEVI]\n  sheriff\u2019s office: [Levi]\n"
                                                 "  Surveyor: [Sara]\n  Mayor's: [Sara]")
            .replace("influence: {copper: 4,", "influence: {Cu: 4,")
            .replace("    investments: 2\n", "    investments: 2\n    next_to_opponent: 0\n"))  # Sheriff's reads it
    assert problems_of(text) == []
    players = by_name(score.tally(doc_of(text), RULES))
    # Sara: Saloon 2, Surveyor's line 4, Mayor's 3 tokens -> 3; Levi: Saloon 4, Sheriff's 0
    assert players["Sara"].breakdown["offices"] == 2 + 4 + 3
    assert players["Levi"].breakdown["offices"] == 4


def test_empty_and_omitted_fields_count_as_nothing():
    # Every field no category or held office needs may be empty or left out; the score
    # track (`points`) is always needed (see test_a_score_track_left_out_is_a_problem).
    text = """
        game: gold-west
        players:
          - name: Ann
            influence: {silver: 12}
            mining_tokens: {silver: 12, gold: }
            groups: [12]
            settlements:
            water:
            points: 0
            boomtown:
          - {name: Ben, wanted: 12, settlements: {}, points: 0}
        boomtown:
    """
    problems = problems_of(text)  # `boomtown` inside a player is not a player field
    assert [(p.line, p.column) for p in problems] == [(10, 5)]
    assert "unknown key 'boomtown'" in problems[0].message
    report = score.tally(doc_of(text.replace("            boomtown:\n", "", 1)), RULES)
    players = by_name(report)
    # Ann: group 24, Silver leader 6; Ben: Most Wanted, 12 camps -> -12
    assert players["Ann"].breakdown == {"points": 0, "group": 24, "offices": 0, "4VP": 0, "terrains": 6,
                                        "wanted": 0}
    assert players["Ben"].total == -12


def test_a_score_track_left_out_is_a_problem():
    # Nothing scores silently on a missing number: the points category needs the score track.
    for written in ("", "    points:\n"):  # left out, or written with no value
        problems = problems_of(BASE.replace("    points: 38\n", written))
        assert len(problems) == 1 and "missing key 'points' (your score track) for Levi" in problems[0].message
        assert problems[0].line == 17


def test_a_tie_breaker_left_out_is_a_problem_only_where_it_decides():
    tied = two({"name": "Ann", "points": 30, "wanted": 1, "supply": 4},
               {"name": "Ben", "points": 30, "wanted": 1, "supply": 9}).replace(", supply: 9}", "}")
    with pytest.raises(InvalidInput) as caught:
        score.tally(doc_of(tied), RULES)
    (problem,) = caught.value.problems
    assert "missing key 'supply' (resources left on the supply track) for Ben: Ann and Ben tie on" in problem.message
    # Wanted decides first: supply is never read, so it may stay out
    decided = two({"name": "Ann", "points": 20, "wanted": 0, "supply": 4},  # 20 + 24 + 7 = 30 + 22 - 1
                  {"name": "Ben", "points": 30, "wanted": 1, "supply": 9}).replace(", supply: 9}", "}")
    assert score.tally(doc_of(decided), RULES).winners == ["Ann"]


def test_warnings_do_not_fail():
    text = BASE.replace("points: 38", "points: 2").replace("    line: 4\n", "    line: 0\n").replace(
        "4VP: [Levi]", "4VP: [Levi]\n  Surveyor's Office: [Sara]")
    problems, warnings = score.check(doc_of(text), RULES)
    assert problems == []
    assert warnings == [
        "Sara holds the Surveyor's Office but line is 0; any of your buildings is on a line of at least 1",
        "Levi holds the 4VP but the score track shows only 2; the 4VP is scored when placed, so the track "
        "should hold it"]
    assert by_name(score.tally(doc_of(text), RULES))["Levi"].breakdown["points"] == -2


def test_house_rule_4vp_scored_at_the_end():
    # With free_cell_in_points: false the track does not hold the 4VP: it is added on top.
    from sheetgen.paths import bundled
    text = (bundled("data") / "gold-west.yaml").read_text(encoding="utf-8")
    assert "free_cell_in_points: true" in text
    house = ruledata.parse_and_check(text.replace("free_cell_in_points: true", "free_cell_in_points: false")
                                     .encode(), "house.yaml", get_game("gold-west"))
    levi = by_name(score.tally(doc_of(BASE), house))["Levi"]
    assert (levi.breakdown["points"], levi.breakdown["4VP"], levi.total) == (38, 4, 76)
    assert "the 4VP you took is on it" not in score.template(house, 2)


def test_tally_refuses_an_invalid_file():
    with pytest.raises(InvalidInput) as err:
        score.tally(doc_of(BASE.replace("wanted: 0", "wanted: 2")), RULES)
    assert "results.yaml:3:5:" in str(err.value)


# ---------------------------------------------------------------------------
# Template and the CLI

def fill(text: str) -> str:
    """A 3-player template filled in: every player 12 camps; Player 1 holds the Saloon and the 4VP."""
    text = text.replace("influence: {copper: 0, silver: 0, gold: 0, forest: 0}",
                        "influence: {copper: 3, silver: 3, gold: 4, forest: 2}")
    text = text.replace("settlements: {copper: 0, silver: 0, gold: 0, forest: 0}",
                        "settlements: {copper: 0, silver: 0, gold: 1, forest: 0}")
    text = text.replace("mining_tokens: {copper: 0, silver: 0, gold: 0, forest: 0}",
                        "mining_tokens: {copper: 3, silver: 3, gold: 3, forest: 2}")
    text = text.replace("groups: []", "groups: [7, 4]")
    text = text.replace("wanted: 0 ", "wanted: 1 ").replace("    wanted: 0\n", "    wanted: 1\n")
    text = text.replace("points: 0", "points: 50", 1)
    text = text.replace("investments: 0 ", "investments: 2 ", 1)
    return text.replace("boomtown:\n", "boomtown:\n  Saloon: [Player 1]\n  4VP: [Player 1]\n")


def test_template_mentions_the_numbers_of_the_data():
    text = score.template(RULES, 4)
    assert "Wanted = 10 per player with 4 players" in text
    assert "cards 13 (Copper), 2 (Silver), 17 (Gold), 12 (Forest)" in text
    assert "The 4VP is worth 4. Mayor's Office counts all your tokens in 2s" in text
    for office in RULES["boomtown"]["offices"]:
        assert f"#   {office['name']}: " in text
    doc = parse_yaml(text, "template.yaml")
    assert len(doc.value["players"]) == 4 and doc.value["boomtown"] is None
    with pytest.raises(UsageProblem):
        score.template(RULES, 5)


def test_template_filled_in_checks_and_scores(run):
    result = run("template", "gold-west", "-p", "3", "-o", "t.yaml")
    assert result.code == 0, result
    assert run("check", "t.yaml").code == 1  # blank: nobody placed a camp
    with open("t.yaml", encoding="utf-8") as handle:
        text = fill(handle.read())
    with open("t.yaml", "w", encoding="utf-8") as handle:
        handle.write(text)
    result = run("check", "t.yaml")
    assert (result.code, result.out.strip()) == (0, "t.yaml: ok"), result
    result = run("score", "t.yaml", "--format", "json")
    assert result.code == 0, result
    report = json.loads(result.out)
    # everyone: group 7 -> 14, Copper/Silver/Gold/Forest all tied three ways (Gold on settlements too):
    # (11+7)//3 + (10+6)//3 + (9+5)//3 + (8+4)//3 = 6 + 5 + 4 + 4 = 19, all Most Wanted -1.
    # Player 1: 50 - 4 + 14 + 4 (Saloon 2 x 2) + 4 (4VP) + 19 - 1 = 86; the others 14 + 19 - 1 = 32.
    assert [(p["name"], p["total"], p["rank"]) for p in report["players"]] == [
        ("Player 1", 86, 1), ("Player 2", 32, 2), ("Player 3", 32, 2)]
    result = run("score", "t.yaml")
    assert result.code == 0 and "Winner: Player 1 (highest total)" in result.out


def test_cli_reports_problems_located(run):
    with open("bad.yaml", "w", encoding="utf-8") as handle:
        handle.write(textwrap.dedent(BASE).lstrip("\n").replace("edge: 3", "edge: 13"))
    for command in ("check", "score"):
        result = run(command, "bad.yaml")
        assert result.code == 1
        assert "bad.yaml:9:11: edge: 13 buildings touching the edge, but you have 12 buildings" in result.err
        assert "Traceback" not in result.err
    assert run("template", "gold-west", "-p", "5").code == 2


def test_the_example_file_is_the_hand_worked_game():
    example = ROOT / "examples" / "gold-west-game.yaml"
    assert yaml.safe_load(example.read_text(encoding="utf-8")) == yaml.safe_load(GAME)


def test_cli_scores_the_hand_worked_game(run):
    with open("game.yaml", "w", encoding="utf-8") as handle:
        handle.write(textwrap.dedent(GAME).lstrip("\n"))
    result = run("score", "game.yaml")
    assert result.code == 0, result
    assert result.out.splitlines()[2].split() == ["Ben", "52", "16", "9", "0", "24", "-1", "100", "1"]
    data = json.loads(run("score", "game.yaml", "--format", "json").out)
    assert all(sum(p["breakdown"].values()) == p["total"] for p in data["players"])


# ---------------------------------------------------------------------------
# Property: random legal games

TERRAINS = RULES["terrains"]["kinds"]
OFFICES = [o["name"] for o in RULES["boomtown"]["offices"]]
FREE = RULES["boomtown"]["free_cell"]["name"]
INFLUENCE_CARDS = {c["influence"] for c in RULES["investments"]["cards"] if "influence" in c}
NEEDS = {key: spec.needs for key, spec in gold_west.GoldWestScorer(RULES).model().player_fields().items()}


def random_game(seed: int) -> dict:
    """A random legal results file: every count within the rules, names spelled several ways."""
    rng = random.Random(seed)
    low, high = RULES.players
    n = rng.randint(low, high)
    pieces = RULES["pieces"]["camps_per_player"][n]
    board = gold_west.GoldWestScorer(RULES).board(n)
    investments_left = RULES["investments"]["in_play"]
    tiles_left = gold_west.GoldWestScorer(RULES).ship_tiles
    edge_left, water_left = board.edge, board.water
    players = []
    for i in range(n):
        wanted = min(pieces, rng.choice([0, 0, 0, 1, 2, 3, rng.randint(0, pieces)]))
        buildings = pieces - wanted
        investments = rng.randint(0, min(3, investments_left))
        investments_left -= investments
        per = [0] * len(TERRAINS)
        for _ in range(buildings):
            per[rng.randrange(len(TERRAINS))] += 1
        settlements = [0] * len(TERRAINS)
        for _ in range(rng.randint(0, 4)):
            t = rng.randrange(len(TERRAINS))
            if settlements[t] < per[t]:
                settlements[t] += 1
        extra = [0] * len(TERRAINS)
        for t in rng.sample(range(len(TERRAINS)), rng.randint(0, investments)):
            if TERRAINS[t]["code"] in INFLUENCE_CARDS:
                extra[t] = 1
        groups = []
        left = buildings
        while left:
            groups.append(rng.randint(1, left))
            left -= groups[-1]
        rng.shuffle(groups)
        camps = sum(per) - sum(settlements)

        def key(kind: dict) -> str:
            return rng.choice([kind["name"].lower(), kind["name"], kind["name"].upper(), kind["code"]])

        p: dict = {"name": f"P{i}", "points": rng.randint(0, 120)}
        names = [key(k) for k in TERRAINS]
        p["influence"] = {names[t]: per[t] - settlements[t] + 2 * settlements[t] + extra[t]
                          for t in range(len(TERRAINS)) if per[t] or extra[t] or rng.random() < 0.3}
        if any(settlements) or rng.random() < 0.5:
            p["settlements"] = {names[t]: settlements[t] for t in range(len(TERRAINS)) if settlements[t]}
        p["mining_tokens"] = {names[t]: per[t] for t in range(len(TERRAINS)) if per[t] or rng.random() < 0.3}
        if any(extra):
            p["investment_influence"] = {names[t]: 1 for t in range(len(TERRAINS)) if extra[t]}
        p["groups"] = groups
        p["edge"] = rng.randint(0, min(buildings, edge_left))
        edge_left -= p["edge"]
        p["next_to_opponent"] = rng.randint(0, buildings)
        water_camps = rng.randint(0, min(camps, water_left))
        water_settlements = rng.randint(0, min(sum(settlements), water_left - water_camps))
        water_left -= water_camps + water_settlements
        p["water"] = {"camps": water_camps, "settlements": water_settlements}
        p["line"] = rng.randint(min(1, buildings), min(buildings, board.line))
        p["investments"] = investments
        p["shipping_tiles"] = rng.randint(0, min(gold_west.GoldWestScorer(RULES).ship_per_player, tiles_left))
        tiles_left -= p["shipping_tiles"]
        p["wanted"] = wanted
        p["supply"] = rng.randint(0, 6)
        players.append(p)

    # Boomtown: the drawn offices, each space empty or someone's; at most 4 tokens a player
    # (settlements + investment influence stay under the 12 influence tokens).
    tokens = {p["name"]: 0 for p in players}

    def someone():
        free = [name for name, k in tokens.items() if k < 4]
        if not free or rng.random() < 0.2:
            return None
        name = rng.choice(free)
        tokens[name] += 1
        return name if rng.random() < 0.8 else name.lower()

    town: dict = {}
    office_of = {FREE: FREE}  # the key as spelled -> the office
    for office in rng.sample(OFFICES, RULES["boomtown"]["offices_in_play"]):
        spelled = rng.choice([office, office.upper(), office.replace("'", "\u2019")])
        town[spelled] = [h for h in (someone(), someone()) if h]
        office_of[spelled] = office
    town[FREE] = [h for h in (someone(),) if h]
    # maybe one token on top of an opponent's, by a player with an investment
    spaces = [(k, h) for k, hs in town.items() for h in hs]
    if spaces and rng.random() < 0.5:
        where, under = rng.choice(spaces)
        stackers = [p["name"] for p in players if p.get("investments") and p["name"].lower() != under.lower()
                    and tokens[p["name"]] < 4]
        if stackers:
            name = rng.choice(stackers)
            tokens[name] += 1
            town[where].append(name)
    for p in players:
        held = {office_of[k] for k, holders in town.items() if p["name"].lower() in (h.lower() for h in holders)}
        for field in list(p):
            always = field in ("name", "points", "supply")  # the score track; the tie-breaker's count
            if not always and not p[field] and not held & set(NEEDS[field]) and rng.random() < 0.3:
                del p[field]  # omitted fields count as 0, unless an office the player holds scores them
        if any(h.lower() == p["name"].lower() for h in town[FREE]):
            p["points"] = max(p.get("points", 0), 4)  # the 4VP is on the track
    return {"game": "gold-west", "players": players, "boomtown": town}


@settings(max_examples=examples(25, 150), deadline=None)
@given(st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_legal_games(seed, shuffler):
    data = random_game(seed)
    report = SCORING.tally_data(data)
    assert report.warnings == [] or all("tie for the win" in w or "line is 0" in w for w in report.warnings)
    assert_breakdowns_add_up(report, gold_west.CATEGORIES)
    for p in report.players:
        assert p.breakdown["wanted"] <= 0 and p.breakdown["terrains"] >= 0
    assert report.winners == [p.name for p in report.players if p.rank == 1]
    assert report.players[0].total == max(p.total for p in report.players)
    # the same players in another order score the same
    shuffled = dict(data, players=list(data["players"]))
    shuffler.shuffle(shuffled["players"])
    again = SCORING.tally_data(shuffled)
    assert standings(again) == standings(report)
    assert again.winners == sorted(again.winners, key=[p["name"] for p in shuffled["players"]].index)
    assert set(again.winners) == set(report.winners)
    # writing the right totals in keeps the file valid
    for p in data["players"]:
        p["total"] = by_name(report)[p["name"]].total
    assert by_name(SCORING.tally_data(data))["P0"].claimed_total == by_name(report)["P0"].total


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=8), st.lists(st.integers(-2, 3), max_size=3),
                 st.dictionaries(st.text(max_size=6), st.integers(-2, 3), max_size=3))


@settings(max_examples=examples(25, 100), deadline=None)
@given(st.data())
def test_junk_gives_located_problems_never_a_crash(data):
    base = yaml.safe_load(textwrap.dedent(GAME))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p, _ in nodes(base) if p and p != ("game",)]
        path = data.draw(st.sampled_from(paths))
        target = base
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = data.draw(JUNK)
    try:  # the reader itself refuses some junk (e.g. a key of Unicode digits): located problems too
        doc = parse_yaml(yaml.safe_dump(base, allow_unicode=True), "junk.yaml")
    except InvalidInput as refused:
        assert refused.problems and all(p.line is not None and p.message for p in refused.problems)
        return
    problems, warnings = score.check(doc, RULES)
    assert all(p.line is not None and p.message for p in problems)
    if not problems:
        report = score.tally(doc, RULES)
        assert all(sum(p.breakdown.values()) == p.total for p in report.players)
