"""Standings over logged plays: plays, wins, win rate, average and best score, skill rating.

The rating is openskill's Plackett-Luce model (Weng and Lin's Bayesian rating for
multiplayer games, the family TrueSkill belongs to): every player starts at mu 25,
sigma 25/3, and each play, oldest first, updates the ratings of those who played
it from their ranks (a shared rank is a tie). The number shown is the
conservative estimate mu - 3 sigma (openskill's `ordinal`), which starts at 0 and
rises as a player wins and as the model grows sure of them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

from sheetgen import playernames
from sheetgen.playlog.model import Play

if TYPE_CHECKING:  # openskill is imported when standings are made
    from openskill.models import PlackettLuceRating


@dataclass(frozen=True)
class Standing:
    """One player's record in a game's logged plays. A shared win counts as a win."""

    name: str
    plays: int
    wins: int
    win_rate: float  # wins / plays
    average: float  # mean total
    best: int  # highest total
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating just after a play they were in."""

    play: int
    date: datetime.date
    name: str
    rating: float
    total: int


@dataclass(frozen=True)
class Standings:
    """A game's standings: players leader first (most wins, then win rate, average score,
    rating), and the rating history the picture draws."""

    game: str
    plays: int
    players: tuple[Standing, ...]
    history: tuple[RatingPoint, ...]  # oldest first
    first: Optional[datetime.date] = None
    last: Optional[datetime.date] = None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "plays": self.plays,
                "first": self.first.isoformat() if self.first else None,
                "last": self.last.isoformat() if self.last else None,
                "players": [{"name": s.name, "plays": s.plays, "wins": s.wins, "win_rate": round(s.win_rate, 4),
                             "average": round(s.average, 2), "best": s.best, "rating": round(s.rating, 2),
                             "mu": round(s.mu, 3), "sigma": round(s.sigma, 3)} for s in self.players]}


def standings(game: str, plays: Sequence[Play]) -> Standings:
    """The standings of `plays` (all of `game`, oldest first)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    shown: dict[str, str] = {}  # name key -> the spelling of the latest play
    totals: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    ratings: dict[str, PlackettLuceRating] = {}
    history: list[RatingPoint] = []
    for play in plays:
        keys = [playernames.key(p.name) for p in play.players]
        for k, p in zip(keys, play.players):
            shown[k] = p.name
            totals.setdefault(k, []).append(p.total)
            wins[k] = wins.get(k, 0) + (1 if p.winner else 0)
            if k not in ratings:
                ratings[k] = model.rating()
        if len(keys) > 1:
            rated = model.rate([[ratings[k]] for k in keys], ranks=[p.rank for p in play.players])
            for k, team in zip(keys, rated):
                ratings[k] = team[0]
        for k, p in zip(keys, play.players):
            history.append(RatingPoint(play.id, play.date, p.name, ratings[k].ordinal(), p.total))
    rows = []
    for k, scores in totals.items():
        r = ratings[k]
        rows.append(Standing(shown[k], len(scores), wins[k], wins[k] / len(scores), sum(scores) / len(scores),
                             max(scores), r.ordinal(), r.mu, r.sigma))
    rows.sort(key=lambda s: (-s.wins, -s.win_rate, -s.average, -s.rating, playernames.key(s.name)))
    return Standings(game, len(plays), tuple(rows), tuple(history),
                     plays[0].date if plays else None, plays[-1].date if plays else None)


Ratings = dict[str, list[float]]  # name key -> [mu, sigma]


def from_counts(game: str, span: Sequence[Any], counts: Sequence[tuple[str, int, int, int, int]],
                spelled: dict[str, str], rows: Sequence[tuple[int, str, int]],
                start: Optional[Ratings]) -> tuple[Standings, Ratings]:
    """Standings from the log's own sums, and the ratings after the last play.

    `span` is (plays, first date, last date, ...); `counts` a row per player (name key,
    plays, wins, sum of totals, best total); `spelled` each name key's latest spelling;
    `rows` the seats (play id, name key, rank) of the plays to rate, oldest first; `start`
    the ratings ({name key: [mu, sigma]}) kept from the plays before those, if any.
    Returns (Standings without history, the ratings after the last play).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {k: model.rating(mu=mu, sigma=sigma) for k, (mu, sigma) in (start or {}).items()}
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j][0] == rows[i][0]:
            j += 1
        keys = [row[1] for row in rows[i:j]]
        for k in keys:
            if k not in ratings:
                ratings[k] = model.rating()
        if len(keys) > 1:
            rated = model.rate([[ratings[k]] for k in keys], ranks=[row[2] for row in rows[i:j]])
            for k, team in zip(keys, rated):
                ratings[k] = team[0]
        i = j
    out = []
    for k, plays, wins, points, best in counts:
        r = ratings.get(k) or model.rating()
        out.append(Standing(spelled.get(k, k), plays, wins, wins / plays, points / plays, best, r.ordinal(), r.mu,
                            r.sigma))
    out.sort(key=lambda s: (-s.wins, -s.win_rate, -s.average, -s.rating, playernames.key(s.name)))
    first = datetime.date.fromisoformat(span[1]) if span[1] else None
    last = datetime.date.fromisoformat(span[2]) if span[2] else None
    return (Standings(game, span[0], tuple(out), (), first, last),
            {k: [r.mu, r.sigma] for k, r in ratings.items()})


def to_text(table: Standings, title: str) -> str:
    """The standings as a table for people."""
    header = ["player", "plays", "wins", "win rate", "average", "best", "rating"]
    rows = [[playernames.printable(s.name), str(s.plays), str(s.wins), f"{s.win_rate:.0%}", f"{s.average:.1f}",
             str(s.best), f"{s.rating:.1f}"] for s in table.players]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join([cells[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]).rstrip()

    span = ""
    if table.first and table.last:
        span = f", {table.first.isoformat()} to {table.last.isoformat()}"
    plural = "s" if table.plays != 1 else ""
    lines = [f"{title}: {table.plays} play{plural}{span}", line(header), "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in rows]
    return "\n".join(lines)
