"""Game-independent scoring pieces: scored players, reports, ranking, output.

Each game's `score` module checks a results file and tallies it into a
`ScoreReport`; this module ranks the players, picks the winners and renders
the report as the JSON and text the design fixes (docs/DESIGN.md, "File
formats"). It knows nothing about any one game's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from sheetgen.errors import InvalidArgument, InvalidInput
from sheetgen.names import printable
from sheetgen.record import FrozenRecord
from sheetgen.results.yaml import Document, read_yaml

if TYPE_CHECKING:
    import os


# The records below are frozen records (sheetgen.record), not dataclasses: a command
# that scores defines them, and defining a dataclass costs start-up.

class ScoredPlayer(FrozenRecord):
    """One player's tally. `breakdown` (category -> points) adds up to `total`."""

    __slots__ = _fields = ("name", "total", "rank", "breakdown", "claimed_total", "derived")
    name: str
    total: int
    rank: int  # 0 until ranked; 1 = first
    breakdown: dict
    claimed_total: Optional[int]  # what the player wrote, if anything
    derived: Optional[dict]  # counts the scorer worked out rather than read (e.g. from a map)

    def __init__(self, name: str, total: int, rank: int = 0, breakdown: Optional[dict] = None,
                 claimed_total: Optional[int] = None, derived: Optional[dict] = None):
        self._set(name, total, rank, {} if breakdown is None else breakdown, claimed_total, derived)


class ScoreReport(FrozenRecord):
    __slots__ = _fields = ("game", "players", "winners", "tie_breaker", "warnings", "picture")
    game: str
    players: list  # of ScoredPlayer, best first
    winners: list  # of names
    tie_breaker: str  # what decided the winner(s), in words
    warnings: list  # of str
    picture: Optional[str]  # a text map of the game's end, when the file gives one (`score --map`)

    def __init__(self, game: str, players: list, winners: list, tie_breaker: str, warnings: Optional[list] = None,
                 picture: Optional[str] = None):
        self._set(game, players, winners, tie_breaker, [] if warnings is None else warnings, picture)


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """Rank per key, highest first; equal keys share a rank ("1, 2, 2, 4")."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rank(game: str, players: Sequence[ScoredPlayer], ties: "TieBreakers", values: Sequence[Sequence[int]],
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
    ranked = [players[i].replace(rank=ranks[i]) for i in order]
    winners = [p.name for p in ranked if p.rank == 1]
    decided = _decided(players, ties, values, labels)
    notes = list(warnings)
    if len(winners) > 1:
        names = ", ".join(winners[:-1]) + " and " + winners[-1]
        best = ranked[0].total
        notes.append(f"{names} tie for the win on {best}" + decided[len(f"tied on {best}"):])
    return ScoreReport(game, ranked, winners, decided, notes)


def _decided(players: Sequence[ScoredPlayer], ties: "TieBreakers", values: Sequence[Sequence[int]],
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


class TieBreakers(FrozenRecord):
    """The data's `tie_breakers`: what breaks a tie on the total, in order, then what a standing tie means."""

    __slots__ = _fields = ("order", "then", "note")
    order: tuple  # ("most" | "fewest", field name) pairs
    then: str  # "shared" or "rematch"
    note: str

    def __init__(self, order: tuple, then: str, note: str = ""):
        self._set(order, then, note)

    @classmethod
    def from_data(cls, data: dict) -> "TieBreakers":
        order = tuple(next(iter(item.items())) for item in data.get("order", []))
        return cls(order, data["then"], data.get("note", ""))


def report_to_json(report: ScoreReport) -> dict:
    """The stable JSON shape of docs/DESIGN.md."""
    return {
        "game": report.game,
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "rank": p.rank,
                "breakdown": dict(p.breakdown),
                "claimed_total": p.claimed_total,
                **({"derived": p.derived} if p.derived is not None else {}),
            }
            for p in report.players
        ],
        "winners": list(report.winners),
        "warnings": list(report.warnings),
    }


def report_to_text(report: ScoreReport, picture: bool = False) -> str:
    """A plain-text table (one row per player, a column per category), then the winners.

    With `picture`, the report's picture (a map of the game's end) follows, or a
    line saying the file gives none.
    """
    categories: list[str] = []
    for p in report.players:
        for name in p.breakdown:
            if name not in categories:
                categories.append(name)
    header = ["player", *categories, "total", "rank"]
    rows = [[printable(p.name), *(str(p.breakdown.get(c, 0)) for c in categories), str(p.total), str(p.rank)]
            for p in report.players]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        # names left-aligned, numbers right-aligned
        out = [cells[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]
        return "  ".join(out).rstrip()

    lines = [line(header), "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in rows]
    lines.append("")
    if report.winners:
        label = "Winner" if len(report.winners) == 1 else "Winners"
        lines.append(printable(f"{label}: {', '.join(report.winners)} ({report.tie_breaker})"))
    for warning in report.warnings:
        lines.append(printable(f"warning: {warning}"))
    if picture:
        lines.append("")
        lines.append(report.picture.rstrip("\n") if report.picture else NO_PICTURE)
    return "\n".join(lines) + "\n"


NO_PICTURE = "(no map: only a Gold West results file that lists the hexes of the buildings has one)"


def read_results(source: Union[str, "os.PathLike[str]", Document], *, display_name: Optional[str] = None) -> Document:
    """Read a results file (or take a parsed one) and make sure its `game:` names a known game.

    Raises InvalidInput (located problems) when the file cannot be read, is not
    a mapping, or has no or an unknown `game:`. The game's own check comes next.
    """
    doc = source if isinstance(source, Document) else read_yaml(source, display_name=display_name)
    value = doc.value
    game = value.get("game") if isinstance(value, dict) else None
    if isinstance(game, str) and _is_game(game.strip().lower()):
        return doc
    from sheetgen.games import all_games  # naming them all imports every game package

    known = ", ".join(all_games())
    if not isinstance(value, dict):
        raise InvalidInput([doc.problem((), "expected a results file: a mapping that starts with "
                                             f"'game: NAME' (one of {known})")])
    if "game" not in value:
        raise InvalidInput([doc.problem((), f"missing key 'game'; name the game played, one of {known}")])
    raise InvalidInput([doc.problem(("game",), f"unknown game {game!r}; expected one of {known}")])


def _is_game(key: str) -> bool:
    """Whether `key` is exactly a game's key, importing only that game's package when it is."""
    from sheetgen.games import get_game

    try:
        return get_game(key).key == key
    except InvalidArgument:
        return False


def total_mismatch(written: int, parts: dict, who: str = "", detail: Optional[str] = None) -> Optional[str]:
    """The message for a written total that differs from the tally of `parts`, else None.

    `detail` replaces the default "category points, ..." explanation.
    """
    tally = sum(parts.values())
    if written == tally:
        return None
    detail = detail if detail is not None else ", ".join(f"{k} {v}" for k, v in parts.items())
    diff = tally - written
    return (f"total: you wrote {written}{f' for {who}' if who else ''}, the tally is {tally} ({detail}); "
            f"{abs(diff)} {'short' if diff > 0 else 'too many'}")

