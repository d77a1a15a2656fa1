"""sheetgen: play materials, setups and scoring for four Wild-West mining games.

    import sheetgen
    sheetgen.game_keys()                   # the game keys
    g = sheetgen.game("rolled-west")       # data="house/" for house rules
    g.setup(players=3, seed="friday").code
    g.score("tonight.yaml").winners

See `sheetgen.api` for every call. Errors are `ValueError`s: `InvalidInput`
(its `.problems` carry file, line, column and message) and `InvalidArgument`
(its `.argument` names the parameter). `sheetgen.games` is the registry of
game packages (one subpackage per game).

Subsystems a script imports when it needs them, as submodules:

    from sheetgen.playlog import PlayLog    # the play log (SQLite), standings, exports
    from sheetgen.results import pdf        # the filled-PDF-form reader, on its own
    from sheetgen.scan import photos        # phone photos of marked boards (the scan extra)
"""

from sheetgen._version import __version__ as __version__
from sheetgen.api import Export as Export
from sheetgen.api import Game as Game
from sheetgen.api import Ink as Ink
from sheetgen.api import Paper as Paper
from sheetgen.api import Setup as Setup
from sheetgen.api import SheetJob as SheetJob
from sheetgen.api import SheetOptions as SheetOptions
from sheetgen.api import Source as Source
from sheetgen.api import game as game
from sheetgen.api import game_keys as game_keys
from sheetgen.errors import InvalidArgument as InvalidArgument
from sheetgen.errors import InvalidInput as InvalidInput
from sheetgen.errors import Problem as Problem
from sheetgen.errors import SheetgenError as SheetgenError
from sheetgen.results.document import Document as Document
from sheetgen.results.model import CheckResult as CheckResult
from sheetgen.results.model import Scorer as Scorer
from sheetgen.results.report import ScoredPlayer as ScoredPlayer
from sheetgen.results.report import ScoreReport as ScoreReport
from sheetgen.ruledata import RuleData as RuleData

__all__ = [
    "CheckResult",
    "Document",
    "Export",
    "Game",
    "Ink",
    "InvalidArgument",
    "InvalidInput",
    "Paper",
    "Problem",
    "RuleData",
    "ScoreReport",
    "ScoredPlayer",
    "Scorer",
    "Setup",
    "SheetJob",
    "SheetOptions",
    "SheetgenError",
    "Source",
    "__version__",
    "game",
    "game_keys",
]
