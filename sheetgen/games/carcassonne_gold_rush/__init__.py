"""Carcassonne: Gold Rush (Hans im Glück, 2014).

Its rule data holds the metadata, the player colours, the components the
checks count with and every scoring number. Setups deal seats and colours from
a seed; the score pad prints a game's running and final scores; results files
are checked and tallied by the score module.
"""

from sheetgen.games import GameSpec, SheetPart

__all__ = ["GAME"]

GAME = GameSpec(
    "carcassonne-gold-rush", __name__, score=".score:CarcassonneGoldRushScorer", enter=".enter:ask",
    setup_card=".setup_card:draw",
    sheets=(SheetPart("pad", "score pad: one page per game, a column per player; --copies for more games",
                      ".pad:build", form=".pad_form:form"),),
)
