"""Gold West (J. Alex Kevern, Tasty Minstrel Games, 2015).

Only the game's description is here so far: its rule data holds the metadata,
and setups, sheets and scoring arrive with their issues.
"""

from sheetgen.games import Game

GAME = Game(key="gold-west", data_fields={})
