"""Carcassonne: Gold Rush (Hans im Glück, 2014).

Only the game's description is here so far: its rule data holds the metadata,
and setups, sheets and scoring arrive with their issues.
"""

from sheetgen.games import Game

GAME = Game(key="carcassonne-gold-rush", data_fields={})
