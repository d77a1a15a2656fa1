"""sheetgen: play materials, setups and scoring for four Wild-West mining games.

    import sheetgen
    sheetgen.games()                       # the game keys
    g = sheetgen.game("rolled-west")       # data="house/" for house rules
    g.setup(players=3, seed="friday").code
    g.score("tonight.yaml").winners

See `sheetgen.api` for every call. Errors are `ValueError`s: `InvalidInput`
(its `.problems` carry file, line, column and message) and `InvalidArgument`.
"""

from sheetgen._version import __version__
from sheetgen.api import Game, Setup, SheetJob, game, games
from sheetgen.errors import InvalidArgument, InvalidInput, Problem, SheetgenError
from sheetgen.scoring import ScoredPlayer, ScoreReport

__all__ = [
    "Game", "InvalidArgument", "InvalidInput", "Problem", "ScoreReport", "ScoredPlayer", "Setup", "SheetJob",
    "SheetgenError", "__version__", "game", "games",
]
