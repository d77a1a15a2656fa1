"""The results pipeline as a batch walks it: the batch reads, hands the document to the scorer's
`verdict`, and the caller shows the outcomes (sheetgen.results.show)."""

from __future__ import annotations

import json

import pytest

from sheetgen import ruledata
from sheetgen.errors import InvalidInput, Problem
from sheetgen.games import get_game
from sheetgen.results import show
from sheetgen.results.batch import FileOutcome
from sheetgen.results.yaml import parse_yaml

RULES = ruledata.load(get_game("gold-west"))


def scorer():
    return get_game("gold-west").scorer(RULES)


def two(ann_supply: str, ben_supply: str) -> str:
    """Two Gold West players, all their buildings camps in Copper, tied on the total; Ann holds
    the 4VP, which her score track (2) does not show: a warning."""
    def player(name: str, supply: str) -> str:
        return (f"  - {{name: {name}, points: 2, influence: {{copper: 11}}, mining_tokens: {{copper: 11}}, "
                f"groups: [11], wanted: 1{supply}}}\n")

    return "game: gold-west\nplayers:\n" + player("Ann", ann_supply) + player("Ben", ben_supply) + \
        "boomtown:\n  4VP: [Ann]\n"


def test_verdict_checks_and_with_score_ranks():
    doc = parse_yaml(two(", supply: 4", ", supply: 9"), "tie.yaml")
    checked, report = scorer().verdict(doc, score=True)
    assert checked.ok and report is not None and checked.warnings
    assert report.winners == ["Ben"]  # tied on the total, more supply left
    assert report == scorer().tally(doc)  # the same report as the library's one call
    checked, report = scorer().verdict(doc, score=False)
    assert checked.ok and report is None


def test_verdict_gives_a_problem_found_while_ranking_with_the_checks_warnings():
    # Ben's supply decides the tie but is left out: the check passes, ranking refuses
    doc = parse_yaml(two(", supply: 4", ""), "tie.yaml")
    assert scorer().check(doc).ok
    warnings = scorer().check(doc).warnings
    assert warnings and "Ann holds the 4VP" in warnings[0]
    checked, report = scorer().verdict(doc, score=True)
    assert report is None
    (problem,) = checked.problems
    assert "missing key 'supply'" in problem.message and "for Ben" in problem.message
    assert checked.warnings == warnings
    with pytest.raises(InvalidInput) as refused:
        scorer().tally(doc)
    assert refused.value.problems == checked.problems


def test_one_file_with_problems_is_raised_as_text_and_listed_as_json():
    bad = FileOutcome("bad.yaml", problems=[Problem("bad.yaml", "wrong", 3, 1)], warnings=["careful"])
    with pytest.raises(InvalidInput) as refused:
        show.lines([bad], "text", score=True)
    assert refused.value.problems == bad.problems
    ((text, err),) = show.lines([bad], "json", score=True)
    assert not err
    assert json.loads(text) == {"file": "bad.yaml", "warnings": ["careful"],
                                "problems": [{"file": "bad.yaml", "line": 3, "column": 1, "message": "wrong"}]}


def test_several_files_list_problems_and_end_with_a_summary():
    good = FileOutcome("good.yaml", warnings=["careful"])
    bad = FileOutcome("bad.yaml", problems=[Problem("bad.yaml", "wrong", 3, 1)])
    assert show.lines([good, bad], "text", score=False) == [
        ("warning: good.yaml: careful", True), ("good.yaml: ok", False),
        ("bad.yaml:3:1: wrong", True), ("2 files: 1 ok, 1 with problems", True)]
