"""Pictograms: the core icons (icons.py) and each game's own (games/<game>/pictograms.py).

A game's pictogram travels with its Icon (the painter), so the core never names a game; these
tests hold the two sets apart and draw every symbol in both inks.
"""

from __future__ import annotations

import importlib

import pytest

from sheetgen import icons, pdf
from sheetgen.games import all_games
from sheetgen.sheet import Icon, Page, SheetDocument


def _game_pictograms() -> list:
    """(game key, its pictograms module) for every game that has one."""
    found = []
    for spec in all_games().values():
        try:
            found.append((spec.key, importlib.import_module(f"{spec.package}.pictograms")))
        except ModuleNotFoundError as missing:
            if missing.name != f"{spec.package}.pictograms":
                raise
    return found


GAMES = _game_pictograms()


def test_some_game_has_its_own_pictograms():
    assert GAMES, "no game package has a pictograms module"


@pytest.mark.parametrize("key,module", GAMES, ids=[key for key, _ in GAMES])
def test_a_games_pictograms_never_shadow_a_core_icon(key, module):
    assert module.PAINTERS, f"{key}: a pictograms module without pictograms"
    assert not set(module.PAINTERS) & set(icons.KINDS), f"{key} redefines a core icon"


def test_no_two_games_name_different_pictograms_alike():
    seen: dict = {}
    for key, module in GAMES:
        for kind in module.PAINTERS:
            assert kind not in seen, f"{kind!r} is a pictogram of both {seen[kind]} and {key}: share it in icons.py"
            seen[kind] = key


@pytest.mark.parametrize("key,module", GAMES, ids=[key for key, _ in GAMES])
def test_a_games_icon_carries_its_own_painter_and_a_core_one_none(key, module):
    own = next(iter(module.PAINTERS))
    assert module.icon(own, 1, 2, 3) == Icon(own, 1, 2, 3, module.PAINTERS[own])
    assert module.icon("gold", 1, 2, 3).painter is None


@pytest.mark.parametrize("ink", ["color", "low"])
def test_every_pictogram_draws_in_a_pdf(ink):
    items = [Icon(kind, 10 + 12 * i, 10, 8) for i, kind in enumerate(icons.KINDS)]
    for row, (_, module) in enumerate(GAMES, 1):
        items += [module.icon(kind, 10 + 12 * i, 10 + 12 * row, 8) for i, kind in enumerate(module.PAINTERS)]
    doc = SheetDocument(title="t", subject="s", width=150, height=80, pages=[Page(None, tuple(items))])
    data = pdf.render(doc, "letter", ink)
    assert data.startswith(b"%PDF") and len(data) > 1000


def test_an_unknown_core_icon_is_refused_by_name():
    with pytest.raises(ValueError, match="no core icon called 'forest'"):
        icons.core("forest")
