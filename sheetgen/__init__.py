"""sheetgen: play materials, setups and scoring for four Wild-West mining games.

    import sheetgen
    sheetgen.games()                       # the game keys
    g = sheetgen.game("rolled-west")       # data="house/" for house rules
    g.setup(players=3, seed="friday").code
    g.score("tonight.yaml").winners

See `sheetgen.api` for every call. Errors are `ValueError`s: `InvalidInput`
(its `.problems` carry file, line, column and message) and `InvalidArgument`.

The names below load on first use, so `python -m sheetgen` can catch a Ctrl-C
from its very first moment and a bare `import sheetgen` stays cheap.
`sheetgen.games` is the registry package itself, made callable: `games()`
lists the game keys, and `sheetgen.games.get_game` is still there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetgen._version import __version__

if TYPE_CHECKING:
    from sheetgen.api import Game, Setup, SheetJob, game
    from sheetgen.errors import InvalidArgument, InvalidInput, Problem, SheetgenError
    from sheetgen.playlog import LogRefused, Play, PlayerResult, PlayLog, Standing, Standings
    from sheetgen.results.report import ScoredPlayer, ScoreReport



_HOMES = {
    "Game": "api", "Setup": "api", "SheetJob": "api", "game": "api",
    "InvalidArgument": "errors", "InvalidInput": "errors", "Problem": "errors", "SheetgenError": "errors",
    "ScoredPlayer": "scoring", "ScoreReport": "scoring",
    "PlayLog": "playlog", "Play": "playlog", "PlayerResult": "playlog", "Standing": "playlog",
    "Standings": "playlog", "LogRefused": "playlog",
}

__all__ = ["__version__", "games", *sorted(_HOMES)]


def __getattr__(name: str) -> Any:
    import importlib

    if name == "games":  # the registry package, which is callable: sheetgen.games() lists the keys
        return importlib.import_module("sheetgen.games")
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'sheetgen' has no attribute {name!r}")
    return getattr(importlib.import_module(f"sheetgen.{home}"), name)
