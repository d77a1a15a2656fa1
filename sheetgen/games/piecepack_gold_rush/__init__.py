"""Gold Rush, a game for the piecepack (Seth Jaffee and Jason Smulevitch, 2004).

Only the game's description is here so far: its rule data holds the metadata,
and setups, sheets and scoring arrive with their issues.
"""

from sheetgen.games import Game

GAME = Game(key="piecepack-gold-rush", data_fields={})
