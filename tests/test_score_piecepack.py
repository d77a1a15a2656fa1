"""Gold Rush (piecepack) results: every check, the tally, the tie-breaker and the template."""

import json
import re
import shutil
import textwrap

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen import ruledata
from sheetgen.errors import InvalidInput, UsageProblem
from sheetgen.games import get_game
from conftest import by_rules as score
from sheetgen.paths import bundled
from sheetgen.results.yaml import parse_yaml

from conftest import examples

GAME = get_game("piecepack-gold-rush")
RULES = ruledata.load(GAME)
BUILDINGS = [b["name"] for b in RULES["buildings"]]
CIVIC = [b["name"] for b in RULES["buildings"] if b["kind"] == "non-production"]
MAKERS = [b["name"] for b in RULES["buildings"] if b["kind"] == "production"]


def doc(text):
    return parse_yaml(textwrap.dedent(text), "r.yaml")


def tally(text, rules=RULES):
    return score.tally(doc(text), rules)


def problems(text, rules=RULES):
    found, _ = score.check(doc(text), rules)
    return [str(p) for p in found]


def totals(report):
    return {p.name: p.total for p in report.players}


# -- the rules, as written ------------------------------------------------------------------------

def test_scoring_numbers_come_from_the_rulebook():
    """Scoring: 1 per Ore, 3 per Gold, 8 per Non-Production Building; tie: most Food."""
    assert RULES["scoring"]["points"] == {"ore": 1, "gold": 3}
    assert RULES["scoring"]["non_production_building"] == 8
    assert RULES["tie_breakers"]["order"] == [{"most": "food"}]
    assert RULES["player_start"]["ownership_markers"] == 8
    assert sorted(CIVIC) == ["Market", "Trade Route", "Warehouse"]
    assert sorted(MAKERS) == ["Farm", "Gold Mine", "Mine", "Windmill"]
    # Assay, Optimize and Upgrade are Development actions, not buildings
    assert sorted(a["name"] for a in RULES["actions"]) == ["Assay", "Optimize", "Upgrade"]


def test_the_design_example_scores_by_the_rulebook():
    """DESIGN.md's player: 4 Ore (4) + 3 Gold (9) + a Market (8); a Farm and a Mine score nothing."""
    report = tally("""\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: 4, gold: 3, food: 2, buildings: [Market, Farm, Mine]}
          - {name: Ben, ore: 0, gold: 7, food: 0, buildings: [Gold Mine, Gold Mine, Windmill]}
          - {name: Cat, ore: 9, gold: 0, food: 5, buildings: [Farm]}
        """)
    ann = report.players[0]
    assert ann.name == "Ann" and ann.breakdown == {"ore": 4, "gold": 9, "buildings": 8} and ann.total == 21
    assert totals(report) == {"Ann": 21, "Ben": 21, "Cat": 9}
    # Ann and Ben tie on 21: "the tied player with the most total Food is the winner"
    assert report.winners == ["Ann"]
    assert [p.rank for p in report.players] == [1, 2, 3]
    assert report.tie_breaker == "tied on 21; most Food: Ann 2, Ben 0"


def test_a_hand_worked_four_player_game():
    """Worked by hand: Ore x1 + Gold x3 + 8 per Trade Route, Market or Warehouse.

    Dolores: 7 + 3x5=15 + Market, Trade Route = 16           -> 38
    Eli:     2 + 3x8=24 + Warehouse = 8                      -> 34
    Fern:   11 + 3x2=6  + Trade Route, Warehouse, Market=24  -> 41
    Gus:     0 + 3x12=36 + nothing                           -> 36
    """
    report = tally("""\
        game: piecepack-gold-rush
        players:
          - name: Dolores
            ore: 7
            gold: 5
            food: 1
            buildings: [Farm, Windmill, Market, trade route, Mine, Farm]
            total: 38
          - name: Eli
            ore: 2
            gold: 8
            food: 4
            buildings: [Gold Mine, Gold Mine, Windmill, Warehouse, Farm]
          - name: Fern
            ore: 11
            gold: 2
            food: 0
            buildings: [TRADE ROUTE, Warehouse, Market, Mine, Farm, Windmill]
            total: 41
          - name: Gus
            ore: 0
            gold: 12
            food: 3
            buildings: [Gold-Mine, GoldMine, gold mine, Windmill, Farm]
        """)
    assert [(p.name, p.total, p.rank) for p in report.players] == [
        ("Fern", 41, 1), ("Dolores", 38, 2), ("Gus", 36, 3), ("Eli", 34, 4)]
    assert report.players[0].breakdown == {"ore": 11, "gold": 6, "buildings": 24}
    assert report.players[0].claimed_total == 41
    assert report.winners == ["Fern"] and report.tie_breaker == "highest total"


def test_a_tie_on_total_and_food_is_shared():
    game = """\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: 3, gold: 0, food: 2, buildings: [Market]}
          - {name: Ben, ore: 8, gold: 1, food: 2, buildings: []}
          - {name: Cat, ore: 11, gold: 0, food: 9, buildings: []}
          - {name: Dan, ore: 1, gold: 0, food: 9, buildings: []}
        """
    report = tally(game)
    assert totals(report) == {"Ann": 11, "Ben": 11, "Cat": 11, "Dan": 1}
    # Cat has the most Food of the three tied on 11
    assert report.winners == ["Cat"]
    assert [(p.name, p.rank) for p in report.players] == [("Cat", 1), ("Ann", 2), ("Ben", 2), ("Dan", 4)]
    # without Cat, Ann and Ben are tied on 11 and on Food too
    shared = tally("".join(line for line in game.splitlines(keepends=True) if "Cat" not in line))
    assert totals(shared) == {"Ann": 11, "Ben": 11, "Dan": 1}
    assert shared.winners == ["Ann", "Ben"]
    # the data's note (most Food, then shared) is not said again after the tie-breaker it names
    assert shared.tie_breaker == "tied on 11; most Food: tied at 2; tied players share the win"
    assert any("share" in w for w in shared.warnings)


# -- every check ----------------------------------------------------------------------------------

def test_every_problem_at_once_with_line_and_column():
    found = problems("""\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: -1, gold: 3, food: 2, buildings: [Farn, Upgrade, 3, Market]}
          - {name: Ben, ore: four, gold: 3.5, food: 1, buildings: Farm, colour: red}
          - {name: ann, ore: 1, gold: 1, food: 1, buildings: [], energy: 2}
        """)
    assert found == [
        "r.yaml:3:22: Ore: a count of what you hold cannot be negative",
        "r.yaml:3:56: unknown building 'Farn'; did you mean 'Farm'?",
        "r.yaml:3:62: Upgrade is an action, not a building: it takes no plot and scores nothing; leave it out",
        "r.yaml:3:71: expected a building name, got the number 3",
        "r.yaml:4:22: expected a whole number, got 'four'",
        "r.yaml:4:34: expected a whole number, got the number 3.5",
        "r.yaml:4:59: expected a list, got 'Farm'; write the buildings on your plots as a list, "
        "e.g. [Farm, Mine, Market]",
        "r.yaml:4:65: unknown key 'colour'; expected one of: name, ore, gold, food, buildings, total",
        "r.yaml:5:12: the name ann is used twice; give each player a different name",
        "r.yaml:5:58: Energy scores nothing at the end (only Ore, Gold and non-production buildings do); "
        "leave it out",
    ]


@pytest.mark.parametrize("written,message", [
    ("Farn", "did you mean 'Farm'?"),
    ("Gold Mien", "did you mean 'Gold Mine'?"),
    ("Warehose", "did you mean 'Warehouse'?"),
    ("Saloon", "unknown building 'Saloon'; expected one of Farm, Windmill, Mine, Gold Mine, Trade Route, "
               "Market, Warehouse"),
    ("Assay", "Assay is an action, not a building"),
    ("optimize", "Optimize is an action, not a building"),
    ("''", "expected a building name, got ''"),
    ("{Farm: 2}", "expected a building name, got a mapping"),
])
def test_unknown_buildings(written, message):
    found = problems(f"""\
        game: piecepack-gold-rush
        players:
          - {{name: Ann, ore: 0, gold: 0, food: 0, buildings: [Farm, {written}]}}
          - {{name: Ben, ore: 0, gold: 0, food: 0, buildings: []}}
          - {{name: Cat, ore: 0, gold: 0, food: 0, buildings: []}}
        """)
    assert len(found) == 1 and found[0].startswith("r.yaml:3:") and message in found[0], found


def test_names_match_in_any_case_with_curly_apostrophes(tmp_path):
    """A house-rule building with an apostrophe: written with a curly one, in capitals, it still counts."""
    raw = (bundled("data") / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    raw = raw.replace("  - name: Warehouse\n", "  - name: Assayer's Office\n    cost: {food: 2}\n"
                      "    kind: non-production\n    text: House rule.\n    card: House rule.\n"
                      "  - name: Warehouse\n")
    (tmp_path / "piecepack-gold-rush.yaml").write_text(raw, encoding="utf-8")
    house = ruledata.load(GAME, tmp_path)
    report = tally("""\
        game: Piecepack-Gold-Rush
        players:
          - {name: Ann, ore: 0, gold: 0, food: 0, buildings: [ASSAYER\u2019S OFFICE, assayer's office]}
          - {name: Ben, ore: 0, gold: 0, food: 0, buildings: [trade route, Trade-Route, TradeRoute]}
          - {name: Cat, ore: 0, gold: 0, food: 0, buildings: [mArKeT]}
        """, house)
    assert totals(report) == {"Ann": 16, "Ben": 24, "Cat": 8}


def test_more_buildings_than_ownership_markers():
    nine = ", ".join(["Farm"] * 9)
    found = problems(f"""\
        game: piecepack-gold-rush
        players:
          - {{name: Ann, ore: 0, gold: 0, food: 0, buildings: [{nine}]}}
          - {{name: Ben, ore: 0, gold: 0, food: 0, buildings: [{", ".join(["Farm"] * 8)}]}}
          - {{name: Cat, ore: 0, gold: 0, food: 0, buildings: []}}
        """)
    assert found == ["r.yaml:3:43: Ann has 9 buildings, but a player has 8 ownership markers: "
                     "at most 8 plots, one building each"]


def test_more_buildings_than_stake_claims_with_four_players():
    """4 players: Stake Claim in rounds 1-6 only, so at most 6 plots each."""
    found = problems(f"""\
        game: piecepack-gold-rush
        players:
          - {{name: Ann, ore: 0, gold: 0, food: 0, buildings: [{", ".join(["Mine"] * 7)}]}}
          - {{name: Ben, ore: 0, gold: 0, food: 0, buildings: [{", ".join(["Mine"] * 6)}]}}
          - {{name: Cat, ore: 0, gold: 0, food: 0, buildings: []}}
          - {{name: Dan, ore: 0, gold: 0, food: 0, buildings: []}}
        """)
    assert len(found) == 1
    assert found[0].startswith("r.yaml:3:43: Ann has 7 buildings, but with 4 players a player stakes "
                               "at most 6 claims")
    assert "9 rounds, the last 3 without" in found[0]


@pytest.mark.parametrize("count", [2, 5])
def test_player_count_outside_three_to_four(count):
    rows = "\n".join(f"  - {{name: P{i}, ore: 0, gold: 0, food: 0, buildings: []}}" for i in range(count))
    found = problems(f"game: piecepack-gold-rush\nplayers:\n{rows}\n")
    assert found == [f"r.yaml:2:1: Gold Rush (piecepack) is for 3-4 players; this file has {count}"]


def test_missing_keys_and_wrong_game():
    found = problems("""\
        game: rolled-west
        players:
          - {name: Ann, ore: 0, gold: 0}
          - {name: Ben, ore: 0, gold: 0, food: 0, buildings: []}
          - {ore: 0, gold: 0, food: 0, buildings: []}
        """)
    assert found == [
        "r.yaml:1:7: this checker reads piecepack-gold-rush results, got 'rolled-west'",
        "r.yaml:3:5: missing key 'food'",
        "r.yaml:3:5: missing key 'buildings'",
        "r.yaml:5:5: missing key 'name'",
    ]


def test_a_written_total_that_differs_names_each_category():
    found = problems("""\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: 4, gold: 3, food: 2, buildings: [Market, Farm, Mine], total: 23}
          - {name: Ben, ore: 10, gold: 1, food: 5, buildings: [Trade Route, Warehouse], total: 20}
          - {name: Cat, ore: 0, gold: 0, food: 0, buildings: [], total: 0}
        """)
    assert found == [
        "r.yaml:3:83: total: you wrote 23, the tally is 21 (ore 4 (4 x 1), gold 9 (3 x 3), "
        "buildings 8 (1 non-production x 8)); 2 too many",
        "r.yaml:4:88: total: you wrote 20, the tally is 29 (ore 10 (10 x 1), gold 3 (1 x 3), "
        "buildings 16 (2 non-production x 8)); 9 short",
    ]


def test_tally_refuses_a_file_with_problems():
    with pytest.raises(InvalidInput) as caught:
        tally("game: piecepack-gold-rush\nplayers: []\n")
    assert "is for 3-4 players; this file has 0" in str(caught.value)


def test_a_blank_player_is_a_warning_not_a_problem():
    found, warnings = score.check(doc("""\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: 0, gold: 0, food: 0, buildings: []}
          - {name: Ben, ore: 1, gold: 0, food: 0, buildings: []}
          - {name: Cat, ore: 0, gold: 0, food: 3, buildings: []}
        """), RULES)
    assert found == [] and warnings == ["Ann: nothing is written for this player"]


# -- properties -----------------------------------------------------------------------------------

_player = st.fixed_dictionaries({
    "ore": st.integers(0, 40),
    "gold": st.integers(0, 30),
    "food": st.integers(0, 12),
    "buildings": st.lists(st.sampled_from(BUILDINGS), max_size=6),
})


@settings(max_examples=examples(25, 120), deadline=None)
@given(st.lists(_player, min_size=3, max_size=4), st.randoms(use_true_random=False))
def test_totals_are_breakdown_sums_and_seating_order_changes_nothing(players, random):
    named = [dict(p, name=f"P{i}") for i, p in enumerate(players)]
    report = score.tally(parse_yaml(yaml.safe_dump({"game": GAME.key, "players": named}), "p.yaml"), RULES)
    for p in report.players:
        assert p.total == sum(p.breakdown.values())
        given_player = next(x for x in named if x["name"] == p.name)
        civic = sum(1 for b in given_player["buildings"] if b in CIVIC)
        assert p.total == given_player["ore"] + 3 * given_player["gold"] + 8 * civic
    shuffled = list(named)
    random.shuffle(shuffled)
    again = score.tally(parse_yaml(yaml.safe_dump({"game": GAME.key, "players": shuffled}), "q.yaml"), RULES)
    assert {p.name: (p.total, p.rank) for p in again.players} == {p.name: (p.total, p.rank) for p in report.players}
    assert sorted(again.winners) == sorted(report.winners)
    total_of = {p.name: p.total for p in report.players}
    best = max(total_of.values())
    top = [x for x in named if total_of[x["name"]] == best]
    most_food = max(x["food"] for x in top)
    assert report.winners == [x["name"] for x in top if x["food"] == most_food]


# -- template and the command line ---------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_blank_template_passes_check(players):
    text = score.template(RULES, players)
    found, warnings = score.check(parse_yaml(text, "t.yaml"), RULES)
    assert found == [] and len(warnings) == players
    assert text.count("- name: Player") == players
    assert f"at most {8 if players == 3 else 6} with {players} players" in text
    assert "Upgrade are actions, not buildings" in text


def test_template_filled_in_then_checked_and_scored(run, tmp_path):
    assert run("template", "piecepack-gold-rush", "-p", "3", "-o", "t.yaml").code == 0
    text = (tmp_path / "t.yaml").read_text()
    fills = iter([("Ann", 4, 3, 2, "[Market, Farm, Mine]"), ("Ben", 10, 1, 5, "[Trade Route, Warehouse]"),
                  ("Cat", 0, 7, 1, "[Gold Mine, gold mine]")])
    blocks = text.split("  - name: ")
    out = [blocks[0]]
    for block, (name, ore, gold, food, buildings) in zip(blocks[1:], fills):
        block = re.sub(r"^Player \d+", name, block)
        block = re.sub(r"ore: 0", f"ore: {ore}", block)
        block = re.sub(r"gold: 0", f"gold: {gold}", block)
        block = re.sub(r"food: 0", f"food: {food}", block)
        block = block.replace("buildings: []", f"buildings: {buildings}")
        out.append(block)
    (tmp_path / "t.yaml").write_text("  - name: ".join(out))
    checked = run("check", "t.yaml")
    assert checked.code == 0 and "t.yaml: ok" in checked.out, checked
    result = run("score", "t.yaml", "--format", "json")
    report = json.loads(result.out)
    # Ann and Cat tie on 21; Ann has more Food (2 to 1), so she places ahead
    assert [(p["name"], p["total"], p["rank"]) for p in report["players"]] == [
        ("Ben", 29, 1), ("Ann", 21, 2), ("Cat", 21, 3)]
    assert report["winners"] == ["Ben"]
    assert report["players"][0]["breakdown"] == {"ore": 10, "gold": 3, "buildings": 16}
    text_out = run("score", "t.yaml").out
    assert text_out.splitlines()[0].split() == ["player", "ore", "gold", "buildings", "total", "rank"]
    assert "Winner: Ben (highest total)" in text_out


def test_cli_reports_problems_with_places_and_exit_1(run, tmp_path):
    (tmp_path / "bad.yaml").write_text("game: piecepack-gold-rush\nplayers:\n"
                                       "  - {name: Ann, ore: -2, gold: 0, food: 0, buildings: [Farn]}\n")
    result = run("score", "bad.yaml")
    assert result.code == 1 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert lines[0].startswith("bad.yaml:2:1: ") and "is for 3-4 players" in lines[0]
    assert lines[1] == "bad.yaml:3:22: Ore: a count of what you hold cannot be negative"
    assert lines[2] == "bad.yaml:3:56: unknown building 'Farn'; did you mean 'Farm'?"
    assert lines[-1] == "3 problems found."


@pytest.mark.parametrize("players", ["2", "5"])
def test_template_player_count_is_a_usage_error(run, players):
    result = run("template", "piecepack-gold-rush", "-p", players)
    assert result.code == 2 and f"-p: Gold Rush (piecepack) is for 3-4 players, not {players}" in result.err


def test_template_refuses_odd_counts_directly():
    with pytest.raises(UsageProblem):
        score.template(RULES, 7)


def test_house_rule_points_change_the_tally(tmp_path):
    shutil.copytree(bundled("data"), tmp_path / "house")
    path = tmp_path / "house" / "piecepack-gold-rush.yaml"
    path.write_text(path.read_text().replace("non_production_building: 8", "non_production_building: 10"))
    house = ruledata.load(GAME, tmp_path / "house")
    report = tally("""\
        game: piecepack-gold-rush
        players:
          - {name: Ann, ore: 4, gold: 3, food: 2, buildings: [Market, Farm, Mine]}
          - {name: Ben, ore: 0, gold: 0, food: 0, buildings: []}
          - {name: Cat, ore: 0, gold: 0, food: 0, buildings: []}
        """, house)
    assert totals(report)["Ann"] == 23


def test_rule_data_cross_checks_resources_and_names():
    raw = (bundled("data") / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    broken = (raw.replace("    cost: {food: 2, energy: 1, ore: 1}", "    cost: {food: 2, coal: 1, ore: 1}")
                 .replace("    produces: energy", "    produces: wind")
                 .replace("  - name: Assay\n", "  - name: Mine\n")
                 .replace("order: [{most: food}]", "order: [{most: gold}]")
                 .replace("  resources: {food: 2, energy: 2}", "  resources: {food: 2, water: 2}"))
    with pytest.raises(InvalidInput) as caught:
        ruledata.parse_and_check(broken.encode(), "pp.yaml", GAME)
    messages = [p.message for p in caught.value.problems]
    assert "Warehouse cost: unknown resource 'coal'; expected one of food, energy, ore, gold" in messages
    assert "Windmill: unknown resource 'wind'; expected one of food, energy, ore, gold" in messages
    assert "Mine is already a building" in messages
    assert "gold already scores points; a tie-breaker counts a resource that does not" in messages
    assert "start: unknown resource 'water'; expected one of food, energy, ore, gold" in messages
    assert all(p.line for p in caught.value.problems)


_junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.floats(allow_nan=False)
                     | st.text(max_size=8) | st.sampled_from(BUILDINGS + ["Upgrade", "Farn"]),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=12)


@settings(max_examples=examples(25, 100), deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["name", "ore", "gold", "food", "buildings", "total", "x"]),
                                _junk, max_size=7) | _junk, max_size=5))
def test_junk_players_give_located_problems_never_a_crash(players):
    text = yaml.safe_dump({"game": GAME.key, "players": players})
    found, _ = score.check(parse_yaml(text, "j.yaml"), RULES)
    for problem in found:
        assert problem.message and problem.line is not None
