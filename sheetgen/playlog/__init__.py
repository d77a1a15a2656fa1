"""The play log: games scored with `--log` kept in SQLite, standings, and exports.

Imported only by the commands and calls that use the log (`score --log`, `plays`,
`standings`, `from sheetgen.playlog import PlayLog`), so sqlite3, platformdirs and openskill cost the
other commands nothing.
"""

from sheetgen.playlog.model import Change, Logged, Play, PlayerResult
from sheetgen.playlog.standings import RatingPoint, Standing, Standings
from sheetgen.playlog.store import LogRefused, PlayLog, default_path

__all__ = ["Change", "LogRefused", "Logged", "Play", "PlayLog", "PlayerResult", "RatingPoint", "Standing",
           "Standings", "default_path"]
