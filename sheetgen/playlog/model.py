"""What the play log holds, as typed values: a logged play and each player's result in it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Optional


# Plain (not frozen) dataclasses: a frozen one sets each field through object.__setattr__,
# which made loading 10,000 plays several times slower.
@dataclass
class PlayerResult:
    """One player's result in a logged play. `seat` is 1 for the first player listed in the
    results (the seating order of the file), `breakdown` adds up to `total`."""

    name: str
    seat: int
    total: int
    rank: int
    winner: bool
    breakdown: dict[str, int] = field(default_factory=dict)


@dataclass
class Play:
    """A logged game: when, what, who (in seating order), how it scored, and the results it
    was scored from (so it can be scored again after a rule-data change)."""

    id: int
    date: datetime.date
    game: str
    players: tuple[PlayerResult, ...]  # in seating order
    winners: tuple[str, ...]  # their names
    tie_breaker: str
    data_version: str
    setup: Optional[str] = None
    warnings: tuple[str, ...] = ()
    results: Any = None
    logged_at: str = ""
    fingerprint: str = ""

    def ranked(self) -> list[PlayerResult]:
        """The players best first (seating order among equals)."""
        return sorted(self.players, key=lambda p: (p.rank, p.seat))


@dataclass(frozen=True)
class Logged:
    """What logging one game did: `play` is the play in the log; `added` is False when the
    same game was already there (it is not counted twice)."""

    play: Play
    added: bool


@dataclass(frozen=True)
class Change:
    """What scoring a logged play again with the current rule data changed (`rescore`)."""

    play: Play  # as it is now in the log
    before: Play
    lines: tuple[str, ...]  # what changed, in words ("Ann 43 -> 45", "winner Ben -> Ann")
    problems: tuple[str, ...] = ()  # the results no longer pass the checks: the play is kept as it was
