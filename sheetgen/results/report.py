"""The score report: scored players ranked with the data's tie-breakers, the winners named,
and the report rendered as the text and JSON the design fixes (docs/DESIGN.md, "File
formats"). It knows nothing about any one game's rules."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional, Sequence

from sheetgen.playernames import printable

NO_PICTURE = "(no map: only a Gold West results file that lists the hexes of the buildings has one)"


@dataclass(frozen=True)
class ScoredPlayer:
    """One player's tally. `breakdown` (category -> points) adds up to `total`."""

    name: str
    total: int
    rank: int = 0  # 0 until ranked; 1 = first
    breakdown: dict[str, int] = field(default_factory=dict)
    claimed_total: Optional[int] = None  # what the player wrote, if anything
    derived: Optional[dict[str, Any]] = None  # counts the scorer worked out rather than read (e.g. from a map)


@dataclass(frozen=True)
class ScoreReport:
    """A scored game: the players best first, the winners, and what decided the win."""

    game: str
    players: list[ScoredPlayer]  # best first
    winners: list[str]
    tie_breaker: str  # what decided the winner(s), in words
    warnings: list[str] = field(default_factory=list)
    picture: Optional[str] = None  # a text map of the game's end, when the file gives one (`score --map`)

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape of docs/DESIGN.md (`score --format json`)."""
        return {
            "game": self.game,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": p.rank,
                    "breakdown": dict(p.breakdown),
                    "claimed_total": p.claimed_total,
                    **({"derived": p.derived} if p.derived is not None else {}),
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "warnings": list(self.warnings),
        }

    def text(self, picture: bool = False) -> str:
        """A plain-text table (one row per player, a column per category), then the winners.

        With `picture`, the report's picture (a map of the game's end) follows, or a
        line saying the file gives none.
        """
        categories: list[str] = []
        for p in self.players:
            for name in p.breakdown:
                if name not in categories:
                    categories.append(name)
        header = ["player", *categories, "total", "rank"]
        rows = [[printable(p.name), *(str(p.breakdown.get(c, 0)) for c in categories), str(p.total), str(p.rank)]
                for p in self.players]
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

        def line(cells: list[str]) -> str:
            # names left-aligned, numbers right-aligned
            out = [cells[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]
            return "  ".join(out).rstrip()

        lines = [line(header), "  ".join("-" * w for w in widths)]
        lines += [line(r) for r in rows]
        lines.append("")
        if self.winners:
            label = "Winner" if len(self.winners) == 1 else "Winners"
            lines.append(printable(f"{label}: {', '.join(self.winners)} ({self.tie_breaker})"))
        for warning in self.warnings:
            lines.append(printable(f"warning: {warning}"))
        if picture:
            lines.append("")
            lines.append(self.picture.rstrip("\n") if self.picture else NO_PICTURE)
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class TieBreakers:
    """The data's `tie_breakers`: what breaks a tie on the total, in order, then what a standing tie means."""

    order: tuple[tuple[str, str], ...]  # ("most" | "fewest", field name) pairs
    then: str  # "shared" or "rematch"
    note: str = ""

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TieBreakers:
        order = tuple(next(iter(item.items())) for item in data.get("order", []))
        return cls(order, data["then"], data.get("note", ""))


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """Rank per key, highest first; equal keys share a rank ("1, 2, 2, 4")."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rank(game: str, players: Sequence[ScoredPlayer], ties: TieBreakers, values: Sequence[Sequence[int]],
         labels: Sequence[str], warnings: Sequence[str] = ()) -> ScoreReport:
    """Rank `players` by total, then by the tie-breakers, and name the winners.

    `values[i][k]` is player i's number for tie-breaker k (`labels[k]` in
    words). Players equal on the total and every tie-breaker share a rank; a
    tie at the top that stands is a shared win, said once as a warning.
    """
    for p in players:
        if sum(p.breakdown.values()) != p.total:
            raise ValueError(f"{p.name}: breakdown adds up to {sum(p.breakdown.values())}, not {p.total}")
    signs = [1 if way == "most" else -1 for way, _ in ties.order]
    keys = [(p.total, *(s * v for s, v in zip(signs, row))) for p, row in zip(players, values)]
    ranks = competition_ranks(keys)
    order = sorted(range(len(players)), key=lambda i: ranks[i])  # stable: file order among equals
    ranked = [replace(players[i], rank=ranks[i]) for i in order]
    winners = [p.name for p in ranked if p.rank == 1]
    decided = _decided(players, ties, values, labels)
    notes = list(warnings)
    if len(winners) > 1:
        names = ", ".join(winners[:-1]) + " and " + winners[-1]
        best = ranked[0].total
        notes.append(f"{names} tie for the win on {best}" + decided[len(f"tied on {best}"):])
    return ScoreReport(game, ranked, winners, decided, notes)


def _decided(players: Sequence[ScoredPlayer], ties: TieBreakers, values: Sequence[Sequence[int]],
             labels: Sequence[str]) -> str:
    """What decided the win, in words: each tie-breaker consulted, and the end of the tie."""
    if not players:
        return "no players"
    best = max(p.total for p in players)
    tied = [i for i, p in enumerate(players) if p.total == best]
    if len(tied) == 1:
        return "highest total"
    said = [f"tied on {best}"]
    for k, ((way, _), label) in enumerate(zip(ties.order, labels)):
        counts = {i: values[i][k] for i in tied}
        target = (max if way == "most" else min)(counts.values())
        if all(c == target for c in counts.values()):
            said.append(f"{way} {label}: tied at {target}")
            continue
        said.append(f"{way} {label}: " + ", ".join(f"{players[i].name} {counts[i]}" for i in tied))
        tied = [i for i in tied if counts[i] == target]
        if len(tied) == 1:
            return "; ".join(said)
    if ties.then == "rematch":
        end = "the win is shared (the rulebook calls for a rematch)"
    else:
        # the note says why the win is shared; after tie-breakers that were tried, it would only repeat them
        end = "tied players share the win" + (f" ({ties.note})" if ties.note and len(said) == 1 else "")
    return "; ".join(said) + ("; " if len(said) > 1 else ": ") + end
