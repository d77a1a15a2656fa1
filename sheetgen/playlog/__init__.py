"""The play log: games scored with `--log` kept in SQLite, standings, and exports.

Imported only by the commands and calls that use the log (`score --log`, `plays`,
`standings`, `sheetgen.PlayLog`), so sqlite3, platformdirs and openskill cost the
other commands nothing.
"""

from typing import TYPE_CHECKING, Any

from sheetgen.playlog.model import Change, Logged, Play, PlayerResult
from sheetgen.playlog.store import LogRefused, PlayLog, default_path

if TYPE_CHECKING:
    from sheetgen.playlog.standings import RatingPoint, Standing, Standings

__all__ = ["Change", "LogRefused", "Logged", "Play", "PlayLog", "PlayerResult", "RatingPoint", "Standing",
           "Standings", "default_path"]


def __getattr__(name: str) -> Any:
    # the standings' records load with the standings: `score --log` does without them
    if name in ("RatingPoint", "Standing", "Standings"):
        from sheetgen.playlog import standings

        return getattr(standings, name)
    raise AttributeError(f"module 'sheetgen.playlog' has no attribute {name!r}")
