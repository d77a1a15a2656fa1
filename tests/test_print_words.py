"""Game words on game paper: no program words on any printed page.

Every part of every game and every setup card, on Letter, with and without names (and a setup code
where the part takes one), plain and fillable: no snake_case word and no results-file syntax in the
text a PDF reader extracts from any page. The one exception is a results file's key printed on
purpose for whoever copies a sheet across: a `Text` marked `results_key`, set at the layout's key
size (6.5 pt) in the regular weight, whose words are keys of the game's results file. The display
list says which texts those are; the check on the PDF allows exactly those words, so a snake_case
word printed any other way fails.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from pypdf import PdfReader

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import setupcard
from sheetgen.sheet import MIN_TEXT, Para, Text

from printed import setup_games, sheet_parts

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
SNAKE = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")
# results-file syntax: `key: [..]`, `key: {..}`, `setup: CODE`, a `- name:` entry
SYNTAX = re.compile(r"\b[a-z_]+: ?[\[{]|\bsetup: ?[A-Z]|-\s*name:")


@lru_cache(maxsize=None)
def results_keys(key: str) -> frozenset:
    """Every key a results file of the game takes (from its template, commented keys too)."""
    text = sheetgen.game(key).template()
    return frozenset(re.findall(r"^\s*(?:- )?(?:# )?([a-z][a-z_]*):", text, re.M))


def _setup_code(key: str) -> str:
    return sheetgen.game(key).setup(players=3, seed="words").code


def sheet_cases() -> list:
    return [(key, part.name, names, code, fillable) for key, part in sheet_parts()
            for names in ((False, True) if part.per_player else (False,))
            for code in ((False, True) if part.takes_code else (False,))
            for fillable in ((False, True) if part.form else (False,))
            if not (fillable and part.form_needs_code and not code)]


def card_cases() -> list:
    return [(key, players, named, reveal) for key, low, high in setup_games() for players in sorted({low, high})
            for named in (False, True) for reveal in (False, True)]


def _id(case) -> str:
    flags = ("names", "code", "fillable")
    return "-".join([str(case[0]), str(case[1])] + [f for f, on in zip(flags, case[2:]) if on])


def _card_id(case) -> str:
    key, players, named, reveal = case
    return f"{key}-{players}" + ("-names" if named else "") + ("-reveal" if reveal else "")


def texts(doc) -> list:
    return [item for items in [*doc.backdrops.values(), *(p.items for p in doc.pages)] for item in items
            if isinstance(item, (Text, Para))]


def pages_text(pdf: bytes) -> list:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def check(key: str, doc, pdf: bytes) -> None:
    allowed = set()
    for item in texts(doc):
        words = SNAKE.findall(item.text)
        if isinstance(item, Text) and item.results_key:
            # a key printed on purpose: small, regular weight, a key of the results file
            assert item.size == MIN_TEXT and not item.bold, item
            assert item.text in results_keys(key), f"{item.text!r} is no key of a {key} results file"
            allowed.add(item.text)
            continue
        assert not words, f"{key}: program word(s) {words} in {item.text!r}"
        assert not SYNTAX.search(item.text), f"{key}: results-file syntax in {item.text!r}"
    for number, text in enumerate(pages_text(pdf), 1):
        stray = [w for w in SNAKE.findall(text) if w not in allowed]
        assert not stray, f"{key} page {number}: program word(s) {sorted(set(stray))}"
        assert not SYNTAX.search(text), f"{key} page {number}: results-file syntax {SYNTAX.search(text)}"


@pytest.mark.parametrize("case", sheet_cases(), ids=_id)
def test_sheet_prints_game_words_only(case):
    key, part, named, code, fillable = case
    g = sheetgen.game(key)
    plan = g.sheet(part, SheetOptions(names=NAMES[:3] if named else None, fillable=fillable, code=_setup_code(key) if code else None))
    doc = plan.part.builder()(g.rules, plan.request)
    check(key, doc, plan.pdf)


@pytest.mark.parametrize("case", card_cases(), ids=_card_id)
def test_setup_card_prints_game_words_only(case):
    key, players, named, reveal = case
    g = sheetgen.game(key)
    setup = g.setup(players=players, seed="words", names=NAMES[:players] if named else None)
    doc = setupcard.build(setup.data, g.rules, g.spec, reveal=reveal)
    check(key, doc, g.setup_card(setup, reveal=reveal))


def test_the_check_catches_a_program_word():
    """The check fails on a snake_case word that is not a marked key, and on results-file syntax."""
    from sheetgen.sheet import Page, SheetDocument

    def doc(*items):
        return SheetDocument(title="t", subject="s", width=190, height=262, backdrops={},
                             pages=[Page(None, tuple(items))])

    with pytest.raises(AssertionError, match="program word"):
        check("gold-west", doc(Text(0, 10, "mining_tokens", 8)), b"")
    with pytest.raises(AssertionError, match="syntax"):
        check("gold-west", doc(Text(0, 10, "camps: [D4, E5]", 8)), b"")
    with pytest.raises(AssertionError):  # a marked key must be small
        check("gold-west", doc(Text(0, 10, "mining_tokens", 8, results_key=True)), b"")
    with pytest.raises(AssertionError, match="no key"):
        check("gold-west", doc(Text(0, 10, "not_a_key", 6.5, results_key=True)), b"")


def test_gold_west_pad_prints_its_keys_small():
    """The pad is the sheet that carries the keys: they are in the PDF's text, beside the game words."""
    g = sheetgen.game("gold-west")
    text = " ".join(pages_text(g.sheet("pad", SheetOptions(players=3)).pdf))
    for key in ("mining_tokens", "investment_influence", "next_to_opponent", "shipping_tiles"):
        assert key in text
    for words in ("Mining tokens", "Next to opponents", "Shipping tiles"):
        assert words in text
