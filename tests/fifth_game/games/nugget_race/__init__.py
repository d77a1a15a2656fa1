"""Nugget Race: a made-up game that lives only in the tests, to prove that a fifth game is its
own package plus its data and example (tests/test_fifth_game.py puts it on the registry's path)."""

from sheetgen.games import GameSpec, SheetPart

GAME = GameSpec(
    "nugget-race", __name__, score=".score:NuggetRaceScorer",
    sheets=(SheetPart("pad", "score pad, one page per player", ".pad:build"),),
)
