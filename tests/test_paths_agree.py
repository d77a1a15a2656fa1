"""Random fillings agree: one game's results pushed through every input path (a YAML results
file, a filled fillable PDF, `enter` answers) give the same score, or the same problem in each
path's own terms (FILE:LINE:COLUMN, FILE:page N:FIELD, or the reason a prompt asks again).

Each game's example is the starting point; hypothesis changes some of its numbers, within what
the game allows or far beyond it. The PDF is a blank fillable sheet filled (with pypdf, as a
viewer saves it) with the values the sheet's own form writes for those results (`SheetForm.write`,
what `sheet --from` shows); the answers are those a table types from the same sheets
(tests/test_enter.py).
"""

from __future__ import annotations

import copy
import re

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.results.entry import EndOfInput
from sheetgen.errors import InvalidInput

from conftest import ROOT, answering, nodes, whole_number
from formfill import fill_pdf, opened, write
from test_enter import ANSWERS

PARTS = {"rolled-west": "board", "piecepack-gold-rush": "mat", "carcassonne-gold-rush": "pad", "gold-west": "pad"}


def example(game: str) -> dict:
    data = yaml.safe_load((ROOT / "examples" / f"{game}-game.yaml").read_text(encoding="utf-8"))
    if game == "gold-west":  # the pad's boxes are per terrain, by the template's key
        for entry in data["players"]:
            for key, value in entry.items():
                if isinstance(value, dict):
                    entry[key] = {str(k).lower(): v for k, v in value.items()}
    if game == "carcassonne-gold-rush":  # the pad has no box for an unfinished railroad's locomotives (unscored)
        for item in data["features"]:
            for body in item.values():
                body.pop("locomotives", None)
    return data


@st.composite
def changed(draw, game: str) -> dict:
    data = example(game)
    # what a sheet cannot show is left alone: a Rolled West row holds so many shipping boxes, its
    # contracts are check boxes 1 to 9 (`sheet --from` refuses a file with more or others); the
    # pad's "0" in the groups box means no groups
    paths = [p for p, item in nodes(data) if whole_number(item)
             and not (game == "rolled-west" and ("shipping" in p or "contracts" in p))]
    for path in draw(st.lists(st.sampled_from(paths), max_size=3, unique=True)):
        target = data
        for key in path[:-1]:
            target = target[key]
        low = 1 if "groups" in path else 0
        target[path[-1]] = draw(st.one_of(st.integers(low, 12), st.integers(low, 400), st.just(9_999_999)))
    return data


def names_of(data: dict) -> list:
    return [p if isinstance(p, str) else p["name"] for p in data["players"]]


# -- the three paths ------------------------------------------------------------------------

def by_yaml(g, data: dict):
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    problems = g.check(text=text).problems
    return problems, (None if problems else g.score(text=text))


_BLANKS: dict = {}


def by_pdf(g, game: str, data: dict, tmp_path):
    form = g.form(PARTS[game])
    names = names_of(data)
    key = (game, tuple(names))
    if key not in _BLANKS:
        table = {"names": names} if form.scope == "player" else {"players": len(names)}
        _BLANKS[key] = g.sheet(PARTS[game], SheetOptions(fillable=True, **table)).pdf
    blank = _BLANKS[key]
    if form.scope == "player":
        pages = {n: form.write(entry) for n, entry in enumerate(data["players"], 1)}
    else:
        plain = {**copy.deepcopy(data), "players": [{"name": n} if isinstance(p, str) else p
                                                    for n, p in zip(names, data["players"])]}
        pages = {1: form.write(plain)}
    (forms,) = opened([write(tmp_path, "filled.pdf", fill_pdf(blank, form.id, pages))])  # read once for both
    problems = g.check(forms).problems
    return problems, (None if problems else g.score(forms))


def by_enter(g, game: str, data: dict):
    """(the reason the first refused answer was asked again, or None; problems; report)."""
    refused: list = []

    def tell(text):
        if text.endswith("; try again"):
            refused.append(text.strip()[: -len("; try again")])
            raise EndOfInput("refused")  # the answers after it would answer the wrong questions

    try:
        text = g.enter(answering(ANSWERS[game](data)), tell, names=names_of(data))
    except EndOfInput:
        assert refused, "the answers ran out before enter finished"
        return refused[0], [], None
    problems = g.check(text=text).problems
    return None, problems, (None if problems else g.score(text=text))


def words(problems) -> list:
    """Problem messages without references to other places ('(line 12)', '(features.1.cowboys.2, ...)',
    '(a.pdf, page 1)'), which each path gives in its own terms."""
    return sorted(re.sub(r" \((lines? [\d, ]+|[^()]*, page \d+|[a-z0-9]+\.[^()]*)\)", "", p.message) for p in problems)


def bare(reason: str) -> str:
    """A prompt's reason without the item it names ("item 2 ('Ben'): ...")."""
    return re.sub(r"^item \d+ \('[^']*'\): ", "", reason)


@pytest.mark.parametrize("game", sorted(PARTS))
def test_random_results_agree_through_yaml_a_filled_pdf_and_enter(tmp_path_factory, game):
    g = sheetgen.game(game)

    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(data=changed(game))
    def run(data):
        tmp_path = tmp_path_factory.mktemp("agree")
        yaml_problems, yaml_report = by_yaml(g, data)
        pdf_problems, pdf_report = by_pdf(g, game, data, tmp_path)
        reason, enter_problems, enter_report = by_enter(g, game, data)
        if yaml_report is not None:
            assert pdf_report is not None and pdf_report.text() == yaml_report.text(), pdf_problems
            assert reason is None, reason  # a file that scores is never refused at a prompt
            assert enter_report is not None and enter_report.text() == yaml_report.text()
            return
        assert words(pdf_problems) == words(yaml_problems)
        assert all(p.page is not None and p.field for p in pdf_problems if p.line is None), pdf_problems
        if reason is not None:  # the prompt caught it: with the words a results file gets
            assert bare(reason) in [p.message for p in yaml_problems], (reason, words(yaml_problems))
        else:
            assert words(enter_problems) == words(yaml_problems)

    run()


def test_the_example_itself_agrees_in_every_path(tmp_path):
    for game in sorted(PARTS):
        g = sheetgen.game(game)
        data = example(game)
        _, report = by_yaml(g, data)
        assert report is not None
        _, from_pdf = by_pdf(g, game, data, tmp_path)
        reason, _, entered = by_enter(g, game, data)
        assert reason is None and from_pdf is not None and entered is not None
        assert from_pdf.text() == report.text() == entered.text()


def test_a_refused_yaml_value_is_refused_the_same_way_on_a_form_and_at_the_prompt(tmp_path):
    g = sheetgen.game("piecepack-gold-rush")
    data = example("piecepack-gold-rush")
    data["players"][1]["gold"] = 9_999_999
    yaml_problems, _ = by_yaml(g, data)
    pdf_problems, _ = by_pdf(g, "piecepack-gold-rush", data, tmp_path)
    reason, _, _ = by_enter(g, "piecepack-gold-rush", data)
    assert words(yaml_problems) == words(pdf_problems) and len(yaml_problems) == 1
    assert yaml_problems[0].line and pdf_problems[0].page == 2 and pdf_problems[0].field == "gold.laps"
    assert reason == yaml_problems[0].message
    with pytest.raises(InvalidInput):
        g.score(text=yaml.safe_dump(data))
