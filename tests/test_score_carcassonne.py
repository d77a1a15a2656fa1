"""Carcassonne: Gold Rush results: checking and tallying (sheetgen.games.carcassonne_gold_rush.score)."""

from __future__ import annotations

import json
import random
import textwrap
import time

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen import ruledata
from sheetgen.errors import InvalidInput, UsageProblem
from sheetgen.games import get_game
from conftest import by_rules as score
from sheetgen.games.carcassonne_gold_rush.score import CATEGORIES
from sheetgen.results.yaml import parse_yaml

from conftest import Scoring, assert_breakdowns_add_up, check_report_data, by_name, examples, standings

GAME_KEY = "carcassonne-gold-rush"
CG = get_game(GAME_KEY)
SCORING = Scoring(GAME_KEY)
RULES = SCORING.rules
COLOURS = list(RULES["colours"])


doc_of, check_of, problems_of, tally_of, tally_data = SCORING.doc, SCORING.check, SCORING.problems, SCORING.tally, SCORING.tally_data


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(textwrap.dedent(text).lstrip("\n").splitlines(), 1) if needle in line)


def game(features: str = "", completed: str = "", tokens: str = "", points: str = None) -> str:
    """A five-colour results file around the given sections (each already indented YAML).

    `points` replaces the score-track line (all 0 by default; "" leaves it out)."""
    text = f"game: {GAME_KEY}\nplayers: [{', '.join(COLOURS)}]\n"
    text += "points: {" + ", ".join(f"{c}: 0" for c in COLOURS) + "}\n" if points is None else points
    if tokens:
        text += "tokens:\n" + tokens
    if features:
        text += "features:\n" + features
    if completed:
        text += "completed:\n" + completed
    return text


# ---------------------------------------------------------------------------
# Rulebook examples (shared/reference/carcassonne-gold-rush.md)

def test_rulebook_blue_nine_tokens_score_16():
    # "3 points + 8 points + 5 points + 0 points = 16 points": three 1s, four 2s, a 5 and a rock
    report = tally_of(game(tokens="  Blue: {1: 3, 2: 4, 5: 1, 0: 1}\n"))
    assert by_name(report)["Blue"].breakdown["tokens"] == 16
    assert sum(by_name(report)["Blue"].breakdown.values()) == 16


def test_rulebook_farmer_scoring():
    # Green and Yellow own the left prairie (1 camp, 1 herd): 6 each. Red owns the top right
    # (2 camps): 4. Blue's 2 farmers own the large prairie (2 camps, 3 herds): 16; Yellow's lone
    # farmer there scores nothing.
    report = tally_of(game(features="""\
  - prairie: {tipis: 1, horses: 1, farmers: {Green: 1, Yellow: 1}}
  - prairie: {tipis: 2, farmers: {Red: 1}}
  - prairie: {tipis: 2, horses: 3, farmers: {Blue: 2, Yellow: 1}}
"""))
    prairies = {name: p.breakdown["prairies"] for name, p in by_name(report).items()}
    assert prairies == {"Blue": 16, "Red": 4, "Green": 6, "Yellow": 6, "Black": 0}


def test_rulebook_incomplete_features():
    # Green 10 for the large mountain (2 miners beat Black's 1), Black 0; Blue 3 for a 3-nugget
    # mountain; Red 2 for a 2-tile railroad; Yellow 3 for a city with 1 completed railroad.
    report = tally_of(game(features="""\
  - mountain: {nuggets: 10, miners: {Green: 2, Black: 1}}
  - mountain: {nuggets: 3, miners: {Blue: 1}}
  - railroad: {tiles: 2, workers: {Red: 1}}
  - city: {railroads: 1, merchant: Yellow}
"""))
    players = by_name(report)
    assert players["Green"].breakdown["mountains"] == 10
    assert players["Black"].total == 0
    assert players["Blue"].breakdown["mountains"] == 3
    assert players["Red"].breakdown["railroads"] == 2
    assert players["Yellow"].breakdown["cities"] == 3


def test_rulebook_locomotives_on_completed_railroads():
    # 4 tiles with one locomotive: 8. 6 tiles with two locomotives: 6 (not doubled).
    # Without a locomotive: Blue 4 and Blue 3.
    report = tally_of(game(points="", completed="""\
  - railroad: {tiles: 4, locomotives: 1, workers: {Blue: 1}}
  - railroad: {tiles: 6, locomotives: 2, workers: {Red: 1}}
  - railroad: {tiles: 4, workers: {Green: 1}}
  - railroad: {tiles: 3, locomotives: 0, workers: {Yellow: 1}}
"""))
    in_game = {name: p.breakdown["in-game"] for name, p in by_name(report).items()}
    assert in_game == {"Blue": 8, "Red": 6, "Green": 4, "Yellow": 3, "Black": 0}


def test_locomotives_are_ignored_at_game_end():
    report = tally_of(game(features="  - railroad: {tiles: 4, locomotives: 1, workers: {Blue: 1}}\n"))
    assert by_name(report)["Blue"].breakdown["railroads"] == 4


def test_rulebook_ties_and_completed_mountains_and_cities():
    # Yellow and Blue tie with 1 worker each on a 5-tile railroad: 5 each. Yellow alone on a
    # 7-nugget mountain: 7. Blue and Red tie on a 5-nugget mountain: 5 each. Blue's merchant in a
    # city connected by 2 completed railroads: 6.
    report = tally_of(game(points="", completed="""\
  - railroad: {tiles: 5, workers: {Yellow: 1, Blue: 1}}
  - mountain: {nuggets: 7, miners: {Yellow: 1}}
  - mountain: {nuggets: 5, miners: {Blue: 1, Red: 1}}
  - city: {railroads: 2, merchant: Blue}
"""))
    in_game = {name: p.breakdown["in-game"] for name, p in by_name(report).items()}
    assert in_game == {"Blue": 5 + 5 + 6, "Red": 5, "Green": 0, "Yellow": 5 + 7, "Black": 0}


def test_rulebook_score_track_lap():
    # Yellow's marker lying down on space 1 means 51 points.
    points = "points: {Blue: 0, Red: 0, Green: 0, Yellow: {laps: 1, space: 1}, Black: 51}\n"
    players = by_name(tally_of(game(points=points)))
    assert players["Yellow"].breakdown["in-game"] == 51 == players["Black"].breakdown["in-game"]


# ---------------------------------------------------------------------------
# A whole game worked by hand

GAME = """
game: carcassonne-gold-rush
players: [Ann, Ben, Cat]
points: {Ann: 28, Ben: 17, Cat: 13}
tokens:
  Ann: {1: 3, 2: 4, 5: 1, 0: 1}
  Ben: {2: 2, 3: 1}
  cat: {1: 2, 3: 2, rock: 3}
features:
  - railroad: {tiles: 2, locomotives: 1, workers: {Ben: 1}}
  - mountain: {nuggets: 10, miners: {Cat: 2, Ann: 1}}
  - city: {railroads: 1, merchant: Cat}
  - prairie: {tipis: 2, horses: 3, farmers: {Ann: 2}}
  - prairie: {tipis: 1, horses: 1, farmers: {Ben: 1, CAT: 1}}
  - Prairie: {tipis: 2, farmers: {ben: 1}}
completed:
  - railroad: {tiles: 4, locomotives: 1, workers: {Ann: 1}}
  - railroad: {tiles: 6, locomotives: 2, workers: {Ben: 1, Cat: 1}}
  - railway: {tiles: 3, workers: {Ann: 2, Ben: 1}}
  - mountain: {nuggets: 7, miners: {Cat: 1}}
  - mountain: {nuggets: 5, miners: {Ann: 1, Ben: 1}}
  - city: {railroads: 2, merchant: Ben}
  - city: {railroads: 4, merchant: ann}
totals: {Ann: 60, Ben: 36, Cat: 40}
"""
# In game (completed): Ann 8 (4 tiles, 1 locomotive) + 3 + 5 (tied mountain) + 12 (city, 4) = 28
#                      Ben 6 (tied, 2 locomotives: not doubled) + 5 (tied mountain) + 6 (city, 2) = 17
#                      Cat 6 (tied) + 7 (mountain) = 13; the score track says the same.
# Game end: Ben railroad 2 (locomotive ignored); Cat mountain 10 (2 miners beat Ann's 1);
#   Cat city 3; Ann prairie 2x2 + 3x4 = 16; Ben and Cat tie on a prairie: 2 + 4 = 6 each;
#   Ben prairie 2x2 = 4.
# Tokens: Ann 3 + 8 + 5 + 0 = 16; Ben 4 + 3 = 7; Cat 2 + 6 + 0 = 8.
# Cowboys left on the board: Ann 3, Ben 3, Cat 4.
# Totals: Ann 28 + 16 + 16 = 60; Ben 17 + 2 + 10 + 7 = 36; Cat 13 + 10 + 3 + 6 + 8 = 40.


def test_hand_worked_game():
    problems, warnings = check_of(GAME)
    assert problems == [] and warnings == []
    report = tally_of(GAME)
    players = by_name(report)
    assert players["Ann"].breakdown == {"in-game": 28, "railroads": 0, "mountains": 0, "cities": 0,
                                        "prairies": 16, "tokens": 16}
    assert players["Ben"].breakdown == {"in-game": 17, "railroads": 2, "mountains": 0, "cities": 0,
                                        "prairies": 10, "tokens": 7}
    assert players["Cat"].breakdown == {"in-game": 13, "railroads": 0, "mountains": 10, "cities": 3,
                                        "prairies": 6, "tokens": 8}
    assert [(p.name, p.total, p.rank) for p in report.players] == [("Ann", 60, 1), ("Cat", 40, 2),
                                                                   ("Ben", 36, 3)]
    assert report.winners == ["Ann"] and report.tie_breaker == "highest total"
    assert players["Cat"].claimed_total == 40


def test_hand_worked_game_from_the_score_track_alone():
    start, end = GAME.index("completed:"), GAME.index("totals:")
    track_only = GAME[:start] + GAME[end:]
    assert {p.name: p.total for p in tally_of(track_only).players} == {"Ann": 60, "Ben": 36, "Cat": 40}


def test_hand_worked_game_as_text():
    text = tally_of(GAME).text()
    lines = text.splitlines()
    assert lines[0].split() == ["player", "in-game", "railroads", "mountains", "cities", "prairies", "tokens",
                                "total", "rank"]
    assert lines[2].split() == ["Ann", "28", "0", "0", "0", "16", "16", "60", "1"]
    assert lines[4].split() == ["Ben", "17", "2", "0", "0", "10", "7", "36", "3"]
    assert "Winner: Ann (highest total)" in text


def test_json_breakdowns_add_up():
    data = tally_of(GAME).to_dict()
    check_report_data(data, GAME_KEY, ["Ann"], CATEGORIES)
    assert json.loads(json.dumps(data)) == data


def test_wrong_total_names_each_category():
    text = GAME.replace("Ben: 36", "Ben: 40")
    problems = problems_of(text)
    assert len(problems) == 1
    assert problems[0].line == line_of(text, "totals:")
    assert problems[0].message.startswith("total: you wrote 40 for Ben, the tally is 36 (in-game 17, "
                                          "railroads 2, mountains 0, cities 0, prairies 10, tokens 7); 4 too many")


# ---------------------------------------------------------------------------
# In-game points: the score track, the completed features, or both

def test_track_and_completed_disagree_is_a_warning_and_completed_counts():
    text = GAME.replace("points: {Ann: 28, Ben: 17, Cat: 13}", "points: {Ann: 30, Ben: 17}") \
               .replace("Ann: 60", "Ann: 60")
    problems, warnings = check_of(text)
    assert problems == []
    assert len(warnings) == 1
    assert warnings[0].startswith("Ann: the score track says 30, the completed features give 28; "
                                  "the tally uses the completed features")
    assert by_name(tally_of(text))["Ann"].breakdown["in-game"] == 28


def test_the_track_warning_stays_beside_a_wrong_total():
    # the warning explains the tally that the written total is compared with
    text = GAME.replace("points: {Ann: 28,", "points: {Ann: 30,").replace("Ann: 60", "Ann: 62")
    problems, warnings = check_of(text)
    assert len(problems) == 1 and problems[0].message.startswith("total: you wrote 62 for Ann, the tally is 60 ")
    assert len(warnings) == 1 and warnings[0].startswith("Ann: the score track says 30")


def test_points_may_be_left_out_when_completed_features_are_listed():
    text = GAME.replace("points: {Ann: 28, Ben: 17, Cat: 13}\n", "")
    assert check_of(text) == ([], [])
    assert by_name(tally_of(text))["Ann"].total == 60


def test_an_empty_completed_list_leaves_the_score_track_in_charge():
    text = GAME[:GAME.index("completed:")] + "completed: []\n"
    players = by_name(tally_of(text))
    assert players["Ann"].breakdown["in-game"] == 28


def test_neither_points_nor_completed_is_a_problem():
    problems = problems_of(f"game: {GAME_KEY}\nplayers: [Blue, Red]\n")
    assert len(problems) == 1 and "missing key 'points'" in problems[0].message


def test_a_player_missing_from_points():
    problems = problems_of(f"game: {GAME_KEY}\nplayers: [Blue, Red]\npoints: {{Blue: 4}}\n")
    assert len(problems) == 1
    assert problems[0].line == 3 and "no points for Red" in problems[0].message


def test_tie_for_the_win_is_shared():
    report = tally_of(f"game: {GAME_KEY}\nplayers: [Blue, Red, Green]\npoints: {{Blue: 40, Red: 40, Green: 3}}\n")
    assert report.winners == ["Blue", "Red"]
    assert [p.rank for p in report.players] == [1, 1, 3]
    assert report.tie_breaker.startswith("tied on 40: tied players share the win")
    assert any("Blue and Red tie for the win on 40" in w for w in report.warnings)
    assert "Winners: Blue, Red (tied on 40" in report.text()


# ---------------------------------------------------------------------------
# Checks: one problem each, at the right line

BASE = """
game: carcassonne-gold-rush
players: [Blue, Red]
points: {Blue: 10, Red: 12}
tokens:
  Blue: {1: 2}
  Red: {2: 1}
features:
  - railroad: {tiles: 2, workers: {Red: 1}}
  - mountain: {nuggets: 4, miners: {Blue: 1}}
  - city: {railroads: 1, merchant: Blue}
  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}
"""


def test_base_is_clean():
    assert check_of(BASE) == ([], [])
    assert {p.name: p.total for p in tally_of(BASE).players} == {"Blue": 10 + 4 + 3 + 2, "Red": 12 + 2 + 6 + 2}


@pytest.mark.parametrize("old, new, needle, words", [
    ("players: [Blue, Red]", "players: [Blue, Red]\ncolour: red", "colour", "unknown key 'colour'"),
    ("game: carcassonne-gold-rush", "game: rolled-west", "game:", "reads carcassonne-gold-rush results"),
    ("players: [Blue, Red]", "players: [Blue, Red, blue]", "players", "the name blue is used twice"),
    ("players: [Blue, Red]", "players: [Blue, Red, 7]", "players", "expected text, got the number 7"),
    ("{Blue: 10, Red: 12}", "{Bleu: 10, Red: 12}", "points", "'Bleu' is not a player; did you mean 'Blue'?"),
    ("{Blue: 10, Red: 12}", "{Blue: -1, Red: 12}", "points", "expected Blue's score-track points"),
    ("{Blue: 10, Red: 12}", "{Blue: ten, Red: 12}", "points", "got 'ten'"),
    ("{Blue: 10, Red: 12}", "{Blue: {laps: 1, space: 50}, Red: 12}", "points", "(0 to 49), got the number 50"),
    ("{Blue: 10, Red: 12}", "{Blue: {laps: 1, spaces: 5}, Red: 12}", "points", "unknown key 'spaces'"),
    ("{Blue: 10, Red: 12}", "{Blue: 10, red: 1, Red: 12}", "points", "Red is listed twice here"),
    ("{Blue: 10, Red: 12}", "{Blue: 10}", "points", "no points for Red"),
    ("Blue: {1: 2}", "Blue: {4: 2}", "Blue: {4", "no mining token is worth 4"),
    ("Blue: {1: 2}", "Blue: {1: -2}", "Blue: {1", "-2 is too small (at least 0)"),
    ("Blue: {1: 2}", "Blue: {1: 2, '1': 1}", "Blue: {1", "tokens worth 1 are listed twice for Blue"),
    ("Blue: {1: 2}", "Bob: {1: 2}", "Bob", "'Bob' is not a player"),
    ("Blue: {1: 2}", "Blue: [1, 1]", "Blue: [", "expected a mapping"),
    ("railroad: {tiles: 2,", "railrod: {tiles: 2,", "railrod",
     "unknown feature 'railrod'; did you mean 'railroad'?"),
    ("railroad: {tiles: 2,", "railroad: {tiles: two,", "railroad", "expected a whole number, got 'two'"),
    ("railroad: {tiles: 2,", "railroad: {tiles: 0,", "railroad", "a railroad has at least 1 tile, got 0"),
    ("railroad: {tiles: 2,", "railroad: {tiles: 73,", "railroad", "a railroad of 73 tiles, but the game has 72"),
    ("workers: {Red: 1}}", "workers: {Rde: 1}}", "railroad", "'Rde' is not a player; did you mean 'Red'?"),
    ("workers: {Red: 1}}", "workrs: {Red: 1}}", "railroad", "unknown key 'workrs'; did you mean 'workers'?"),
    ("workers: {Red: 1}}", "workers: {Red: 5}}", "railroad",
     "Red: 5 railway workers on one railroad, but a player has only 4 cowboys in play"),
    ("workers: {Red: 1}}", "workers: {Red: -1}}", "railroad",
     "Red: -1 railway workers; a count cannot be negative"),
    ("workers: {Red: 1}}", "workers: [Red]}", "railroad", "expected railway workers per player"),
    ("{nuggets: 4,", "{nuggets: 0,", "mountain", "a mountain shows at least 1 gold nugget symbol, got 0"),
    ("{nuggets: 4,", "{", "mountain", "missing key 'nuggets'"),
    ("{railroads: 1, merchant: Blue}", "{railroads: 4, merchant: Blue}", "city",
     "an incomplete city connects 0 to 3 completed railroads"),
    ("{railroads: 1, merchant: Blue}", "{railroads: 1, merchant: Bleu}", "city", "did you mean 'Blue'?"),
    ("{railroads: 1, merchant: Blue}", "{railroads: 1, merchant: {Blue: 1}}", "city",
     "expected the merchant's player name"),
    ("tipis: 1, horses: 1,", "tipis: 1, horses: -1,", "prairie", "-1 is too small (at least 0)"),
    ("  - prairie: {tipis", "  - [prairie]\n  - prairie: {tipis", "[prairie]",
     "a feature is one kind and its details"),
    ("  - prairie: {tipis", "  - {prairie: {}, city: {}}\n  - prairie: {tipis", "{prairie: {}, city",
     "a mapping of 2 keys"),
    ("  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}",
     "  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}\n"
     "completed:\n  - prairie: {tipis: 2, farmers: {Red: 1}}",
     "prairie: {tipis: 2", "prairies are never completed"),
    ("  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}",
     "  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}\ncompleted:\n  - city: {railroads: 1, merchant: Red}",
     "city: {railroads: 1, merchant: Red", "a completed city connects 2 to 4 completed railroads"),
    ("  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}",
     "  - prairie: {tipis: 1, horses: 1, farmers: {Red: 1}}\ntotals: {Blue: 19, Red: 20}", "totals",
     "total: you wrote 20 for Red, the tally is 22"),
])
def test_each_check_is_located(old, new, needle, words):
    text = textwrap.dedent(BASE).lstrip("\n").replace(old, new, 1)
    assert text != textwrap.dedent(BASE).lstrip("\n")
    problems = problems_of(text)
    assert len(problems) == 1, problems
    assert problems[0].line == line_of(text, needle), problems
    assert words in problems[0].message, problems
    assert str(problems[0]).startswith(f"results.yaml:{problems[0].line}:{problems[0].column}: ")


def test_all_problems_at_once_in_file_order():
    text = """
        game: carcassonne-gold-rush
        players: [Blue, Red]
        points: {Blue: 10, Rde: 1}
        tokens: {Blue: {7: 1}}
        features:
          - swamp: {size: 2}
          - railroad: {tiles: 80}
    """
    problems = problems_of(text)
    assert [p.line for p in problems] == [3, 4, 6, 7]
    assert "'Rde' is not a player; did you mean 'Red'?" in problems[0].message  # and no "no points for Red"
    assert "no mining token is worth 7" in problems[1].message
    assert "unknown feature 'swamp'" in problems[2].message
    assert "a railroad of 80 tiles" in problems[3].message
    assert all(str(p).startswith(f"results.yaml:{p.line}:") for p in problems)


def test_player_count():
    one = f"game: {GAME_KEY}\nplayers: [Blue]\npoints: {{Blue: 3}}\n"
    problems = problems_of(one)
    assert [(p.line, p.column) for p in problems] == [(2, 1)]
    assert problems[0].message == "Carcassonne: Gold Rush is for 2-5 players; this file has 1"
    names = ["A", "B", "C", "D", "E", "F"]
    six = f"game: {GAME_KEY}\nplayers: {names}\npoints: {{{', '.join(n + ': 1' for n in names)}}}\n"
    problems = problems_of(six)
    assert len(problems) == 1 and problems[0].message.endswith("5 players; this file has 6")


def test_names_are_matched_case_insensitively():
    text = BASE.replace("workers: {Red: 1}", "workers: {RED: 1}").replace("merchant: Blue", "merchant: blue") \
               .replace("  Blue: {1: 2}", "  bLuE: {1: 2}")
    assert problems_of(text) == []
    assert [p.name for p in tally_of(text).players] == ["Red", "Blue"]


def test_feature_with_nobody_on_it_is_a_warning():
    problems, warnings = check_of(BASE + "  - mountain: {nuggets: 3}\n")
    assert problems == []
    assert warnings == [f"line {line_of(BASE, 'prairie') + 1}: a mountain left on the board with no cowboys "
                        f"on it scores for nobody"]


def test_token_names_and_string_keys():
    text = BASE.replace("Blue: {1: 2}", "Blue: {'5': 1, crushed rock: 2, rocks: 1}")
    assert "listed twice" in problems_of(text)[0].message
    text = BASE.replace("Blue: {1: 2}", "Blue: {'5': 1, Rock: 2}")
    assert by_name(tally_of(text))["Blue"].breakdown["tokens"] == 5


# ---------------------------------------------------------------------------
# Limits: cowboys and mining tokens

def test_more_than_four_cowboys_of_a_colour_on_the_board():
    # Blue: 1 miner + 1 merchant + 2 farmers + 1 railway worker = 5 (merchants are cowboys too)
    text = BASE + "  - prairie: {tipis: 0, farmers: {Blue: 2}}\n  - railroad: {tiles: 1, workers: {Blue: 1}}\n"
    problems = problems_of(text)
    assert len(problems) == 1
    p = problems[0]
    assert p.line == line_of(text, "features:") and p.column == 1
    assert p.message == ("Blue has 5 cowboys on the board at game end (lines 9, 10, 12, 13), but only 4 are "
                         "in play (5 per colour, 1 the score marker)")
    # four are fine; cowboys on completed features went home and do not count
    text = BASE + "  - prairie: {tipis: 0, farmers: {Blue: 2}}\ncompleted:\n" \
                  "  - railroad: {tiles: 1, workers: {Blue: 4}}\n"
    assert problems_of(text) == []


def test_cowboy_limit_follows_the_rule_data(tmp_path):
    raw = (ruledata.default_dir() / f"{GAME_KEY}.yaml").read_text(encoding="utf-8")
    (tmp_path / f"{GAME_KEY}.yaml").write_text(raw.replace("per_colour: 5", "per_colour: 7"), encoding="utf-8")
    house = ruledata.load(CG, tmp_path)
    text = BASE + "  - prairie: {tipis: 0, farmers: {Blue: 2}}\n  - railroad: {tiles: 1, workers: {Blue: 2}}\n"
    assert problems_of(text)
    assert score.check(doc_of(text), house)[0] == []


def test_63_mining_tokens_at_most():
    full = BASE.replace("  Blue: {1: 2}\n  Red: {2: 1}\n",
                        "  Blue: {1: 10, 2: 30}\n  Red: {3: 10, 5: 3, 0: 10}\n")
    assert check_of(full) == ([], [])
    over = full.replace("{3: 10, 5: 3, 0: 10}", "{3: 10, 5: 3, 0: 11}")
    problems, warnings = check_of(over)
    assert len(problems) == 1
    assert problems[0].line == line_of(over, "tokens:") and problems[0].column == 1
    assert problems[0].message == "64 mining tokens collected in all (Blue 40, Red 24), but the game has 63"
    assert warnings == ["11 crushed rock tokens collected in all; the rulebook's count of them (unverified) is 10"]


def test_more_of_one_value_than_the_unverified_count_is_only_a_warning():
    text = BASE.replace("Blue: {1: 2}", "Blue: {5: 4}")
    problems, warnings = check_of(text)
    assert problems == []
    assert warnings == ["4 tokens worth 5 collected in all; the rulebook's count of them (unverified) is 3"]
    assert by_name(tally_of(text))["Blue"].breakdown["tokens"] == 20


def test_a_long_broken_file_is_checked_in_linear_time():
    # 10,000 broken features, none with a readable cowboy: each one's "scores for nobody" warning
    # asks whether its line already has a problem, which must not rescan the problems so far
    broken = ["railroad: {tiles: 0, workers: {Rde: 1}}", "mountain: {nuggets: x}", "swamp: {size: 2}",
              "city: {railroads: 9, merchant: Bleu}", "prairie: {tipis: -1, farmers: {Blue: 9}}"]
    doc = doc_of(game(features="".join(f"  - {broken[i % 5]}\n" for i in range(10_000))))
    start = time.process_time()  # CPU time: the same on a busy machine
    problems, warnings = score.check(doc, RULES)
    assert time.process_time() - start < 1
    assert len(problems) == 8 * 2_000 and warnings == []  # 8 in each 5 features
    assert problems[0].message == "a railroad has at least 1 tile, got 0"
    assert problems[-1].message.startswith("Blue: 9 farmers on one prairie, but a player has only 4 cowboys")


def test_tally_refuses_an_invalid_file():
    with pytest.raises(InvalidInput) as err:
        tally_of(BASE.replace("tiles: 2", "tiles: -2"))
    assert "results.yaml:8:" in str(err.value)


# ---------------------------------------------------------------------------
# Template

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_blank_template_passes_check(players):
    text = score.template(RULES, players)
    doc = parse_yaml(text, "template.yaml")
    assert score.check(doc, RULES) == ([], [])
    assert doc.value["players"] == COLOURS[:players]
    assert all(len(line) <= 110 for line in text.splitlines())


def test_filled_template_tallies():
    text = score.template(RULES, 3)
    text = text.replace("points: {Blue: 0, Red: 0, Green: 0}",
                        "points: {Blue: 48, Red: {laps: 1, space: 1}, Green: 40}")
    text = text.replace("Blue:  {1: 0, 2: 0, 3: 0, 5: 0, 0: 0}", "Blue:  {1: 3, 2: 4, 3: 0, 5: 1, 0: 1}")
    text = text.replace("features: []", "features:\n  - mountain: {nuggets: 10, miners: {Green: 2, Red: 1}}\n"
                                         "  - prairie: {tipis: 2, horses: 3, farmers: {Blue: 2, Red: 1}}")
    text = text.replace("# totals: {Blue: 0, Red: 0, Green: 0}", "totals: {Blue: 80, Red: 51, Green: 50}")
    problems, warnings = score.check(parse_yaml(text, "t.yaml"), RULES)
    assert problems == [] and warnings == []
    report = score.tally(parse_yaml(text, "t.yaml"), RULES)
    assert {p.name: p.total for p in report.players} == {"Blue": 48 + 16 + 16, "Red": 51, "Green": 50}


def test_the_template_examples_are_valid_features():
    text = score.template(RULES, 5)
    examples = [line[len("#   "):].split("  #")[0].rstrip() for line in text.splitlines()
                if line.startswith("#   - ")]
    assert len(examples) == 7
    final, completed = examples[:4], examples[4:]
    filled = text.replace("features: []", "features:\n" + "\n".join(final)) \
                 .replace("# completed: []", "completed:\n" + "\n".join(completed))
    problems, warnings = score.check(parse_yaml(filled, "t.yaml"), RULES)
    assert problems == []
    # the blank score track (all 0) disagrees with the completed examples: Blue 8 + 6, Red 7
    assert [w.split(";")[0] for w in warnings] == [
        "Blue: the score track says 0, the completed features give 14",
        "Red: the score track says 0, the completed features give 7"]


def test_template_refuses_a_player_count():
    with pytest.raises(UsageProblem):
        score.template(RULES, 6)
    with pytest.raises(UsageProblem):
        score.template(RULES, 1)


# ---------------------------------------------------------------------------
# The command line

def test_cli_template_check_score(run, tmp_path):
    assert run("template", GAME_KEY, "-p", "3", "-o", "t.yaml").code == 0
    result = run("check", "t.yaml")
    assert result.code == 0 and "t.yaml: ok" in result.out
    (tmp_path / "game.yaml").write_text(textwrap.dedent(GAME), encoding="utf-8")
    result = run("score", "game.yaml")
    assert result.code == 0, result
    assert "Winner: Ann (highest total)" in result.out
    result = run("score", "game.yaml", "--format", "json")
    assert json.loads(result.out)["players"][0] == {
        "name": "Ann", "total": 60, "rank": 1, "claimed_total": 60,
        "breakdown": {"in-game": 28, "railroads": 0, "mountains": 0, "cities": 0, "prairies": 16, "tokens": 16}}


def test_cli_bad_file_lists_problems_without_a_traceback(run, tmp_path):
    (tmp_path / "bad.yaml").write_text(textwrap.dedent(BASE).lstrip("\n").replace("Red: 1}}", "Rde: 1}}", 1)
                                       .replace("tiles: 2", "tiles: lots"), encoding="utf-8")
    result = run("score", "bad.yaml")
    assert result.code == 1
    lines = result.err.splitlines()
    assert lines[0] == "bad.yaml:8:23: expected a whole number, got 'lots'"
    assert lines[1] == "bad.yaml:8:39: 'Rde' is not a player; did you mean 'Red'? players: Blue, Red"
    assert lines[-1] == "2 problems found."
    assert "Traceback" not in result.err


def test_cli_games_lists_the_pad_and_scoring(run):
    line = next(line for line in run("games").out.splitlines() if line.startswith(GAME_KEY))
    assert line.split()[-3:] == ["pad", "yes", "yes"]


# ---------------------------------------------------------------------------
# Rule data

def test_rule_data_cross_checks():
    raw = (ruledata.default_dir() / f"{GAME_KEY}.yaml").read_text(encoding="utf-8")
    broken = raw.replace("{value: 5, count: 3}", "{value: 5, count: 4}") \
                .replace("score_markers: 1", "score_markers: 5")
    with pytest.raises(InvalidInput) as caught:
        ruledata.parse_and_check(broken.encode(), "cg.yaml", CG)
    messages = [p.message for p in caught.value.problems]
    assert any("leave none of the 5 cowboys" in m for m in messages)
    assert any("the token counts add up to 64, not the total 63" in m for m in messages)


# ---------------------------------------------------------------------------
# Property: random legal games

def random_game(seed: int) -> dict:
    """A random legal results file: within every limit, names in random letter case."""
    rng = random.Random(seed)
    n = rng.randint(*RULES.players)
    names = rng.sample(COLOURS + ["Ann", "Ben", "Zoë"], n)

    def spell(name):
        return rng.choice([name, name.lower(), name.upper()])

    def cowboys(budget: dict, most: int) -> dict:
        out = {}
        for name in rng.sample(names, rng.randint(0, min(3, n))):
            have = budget.get(name, 4) if budget is not None else 4
            if have:
                count = rng.randint(1, min(have, most))
                out[spell(name)] = count
                if budget is not None:
                    budget[name] = have - count
        return out

    def feature(final: bool, budget) -> dict:
        kinds = ["railroad", "mountain", "city"] + (["prairie"] if final else [])
        kind = rng.choice(kinds)
        if kind == "railroad":
            body = {"tiles": rng.randint(1, 20), "workers": cowboys(budget, 3)}
            if rng.random() < 0.5:
                body["locomotives"] = rng.randint(0, 2)
        elif kind == "mountain":
            body = {"nuggets": rng.randint(1, 20), "miners": cowboys(budget, 3)}
        elif kind == "city":
            body = {"railroads": rng.randint(0, 3) if final else rng.randint(2, 4)}
            merchant = cowboys(budget, 1)
            if merchant:
                body["merchant"] = next(iter(merchant))
        else:
            body = {"tipis": rng.randint(0, 4), "horses": rng.randint(0, 4), "farmers": cowboys(budget, 2)}
        return {kind: body}

    budget = {name: 4 for name in names}
    data: dict = {"game": GAME_KEY, "players": names,
                  "points": {spell(name): rng.randint(0, 120) for name in names}}
    left = 63
    tokens = {}
    for name in names:
        counts = {}
        for value in (1, 2, 3, 5, 0):
            take = rng.randint(0, min(left, 4))
            left -= take
            counts[value] = take
        tokens[spell(name)] = counts
    data["tokens"] = tokens
    data["features"] = [feature(True, budget) for _ in range(rng.randint(0, 10))]
    if rng.random() < 0.5:
        data["completed"] = [feature(False, None) for _ in range(rng.randint(1, 10))]
    return data


@settings(max_examples=examples(25, 120), deadline=None)
@given(st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_legal_games(seed, shuffler):
    data = random_game(seed)
    report = tally_data(data)
    assert_breakdowns_add_up(report, CATEGORIES)
    assert report.winners == [p.name for p in report.players if p.total == report.players[0].total]
    # the same game written in another order scores the same
    shuffled = dict(data)
    for key in ("players", "features", "completed"):
        if key in shuffled:
            shuffled[key] = list(shuffled[key])
            shuffler.shuffle(shuffled[key])
    shuffled["tokens"] = dict(shuffler.sample(list(data["tokens"].items()), len(data["tokens"])))
    again = tally_data(shuffled)
    assert standings(again) == standings(report)
    # writing the right totals in keeps the file valid
    data["totals"] = {p.name: p.total for p in report.players}
    assert {p.name: p.claimed_total for p in tally_data(data).players} == data["totals"]


# ---------------------------------------------------------------------------
# Property: junk never crashes the checker

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 100), st.sampled_from(
    ["Blue", "red", "Bleu", "railroad", "mountain", "city", "prairie", "rock", "5", "", "x"]))
_keys = st.one_of(st.integers(-1, 6), st.sampled_from(
    ["Blue", "Red", "railroad", "railway", "mountain", "city", "prairie", "tiles", "nuggets", "railroads",
     "tipis", "horses", "workers", "miners", "merchant", "farmers", "locomotives", "laps", "space", "zzz"]))
_junk = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(_keys, inner, max_size=4)), max_leaves=12)


@settings(max_examples=examples(25, 150), deadline=None)
@given(st.dictionaries(st.sampled_from(["players", "points", "tokens", "features", "completed", "totals",
                                        "extra"]), _junk, max_size=6))
def test_junk_gives_problems_not_crashes(sections):
    data = {"game": GAME_KEY, "players": ["Blue", "Red"], **sections}
    text = yaml.safe_dump(data, sort_keys=False)
    try:
        doc = parse_yaml(text, "junk.yaml")
    except InvalidInput:
        return
    problems, warnings = score.check(doc, RULES)
    assert all(isinstance(w, str) for w in warnings)
    if not problems:
        report = score.tally(doc, RULES)
        assert all(sum(p.breakdown.values()) == p.total for p in report.players)
