"""Carcassonne: Gold Rush (Hans im Glück, 2014).

Its rule data holds the metadata, the player colours, the components the
checks count with and every scoring number. Setups deal seats and colours from
a seed; the score pad prints a game's running and final scores; results files
are checked and tallied by the score module.
"""

from sheetgen.games import GameSpec, SheetPart
from sheetgen.games.carcassonne_gold_rush.rules import DATA_FIELDS, check_data

__all__ = ["DATA_FIELDS", "GAME", "check_data"]

GAME = GameSpec(
    key="carcassonne-gold-rush",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    sheets=(
        SheetPart("pad", "score pad: one page per game, a column per player; --copies for more games",
                  "sheetgen.games.carcassonne_gold_rush.pad:build"),
    ),
    default_sheet="pad",
    setup="sheetgen.games.carcassonne_gold_rush.setup:generate",
    score="sheetgen.games.carcassonne_gold_rush.score:CarcassonneGoldRushScorer",
)
