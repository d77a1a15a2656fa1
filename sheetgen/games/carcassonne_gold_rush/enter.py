"""Carcassonne: Gold Rush's part of guided entry (sheetgen/entry.py): the score track, the
mining tokens, then the features left on the board, one at a time."""

from __future__ import annotations

from typing import Any, Optional

from sheetgen.results.entry import SKIP, Interview, Retry, checked, pick, whole
from sheetgen.games.carcassonne_gold_rush.score import KINDS, ROLES, CarcassonneGoldRushScorer
from sheetgen.schema import Field, Int


def ask(scorer: CarcassonneGoldRushScorer, talk: Interview, key: str, index: Optional[int]) -> Any:
    names = talk.ctx.names
    if key == "points":
        def points(name: str) -> Any:
            def parse(text: str) -> int:
                value: int = checked(Int(0), whole(text))
                if value > scorer.most_points:
                    raise Retry(scorer.too_many_points(name, value))
                return value
            return talk.value(f"points {name} (score track before final scoring, laps of {scorer.lap} included)",
                              parse, "0")

        return {name: points(name) for name in names}
    if key == "tokens":
        def word(value: int) -> str:
            named = scorer.token_names.get(value)
            return named if named else f"worth {value}"

        return {name: {value: talk.number(f"tokens {name}: {word(value)}", scorer.token_count, 0)
                       for value in scorer.token_counts} for name in names}
    if key == "features":
        talk.tell("# features: every railroad, mountain, city and prairie with cowboys on it at the end")
        # no more features than tiles: each lies on at least one
        return talk.repeat(f"features: type ({'/'.join(KINDS)}, empty to finish)",
                           lambda text: pick(text, KINDS, "feature"), lambda kind: _feature(scorer, talk, kind),
                           most=scorer.tiles)
    return NotImplemented


def _feature(scorer: CarcassonneGoldRushScorer, talk: Interview, kind: str) -> dict[str, Any]:
    details: dict[str, Any] = {}
    for name, spec in scorer.features[kind].items():
        optional = isinstance(spec, Field) and not spec.required
        value = talk.number(f"  {kind} {name}", spec, 0 if optional else None)
        if value is not SKIP and (value or not optional):
            details[name] = value
    role, words = ROLES[kind]
    if role == "merchant":
        merchant = talk.value(f"  {kind} merchant (the player, empty for none)",
                              lambda text: talk.player(text) if text else None)
        if merchant is not None:
            details[role] = merchant
    else:
        most = scorer.in_play

        def cowboys(text: str) -> tuple[str, int]:
            who, _, count = text.rpartition(" ")
            if not who or not count.strip().isdigit():
                who, count = text, "1"
            number = whole(count)
            name = talk.player(who)
            if number > most:  # as a results file is told; 0 is taken, as there, and scores nothing
                raise Retry(f"{name}: {number} {words} on one {kind}, but a player has only {most} cowboys in play "
                            f"({scorer.cowboy_note})")
            return name, number

        found = talk.items(f"  {kind} {role} (player and count, e.g. {talk.ctx.names[0]} 2; comma-separated, "
                           f"empty for none)", cowboys,
                           once=lambda found: found[0])
        if found:
            details[role] = dict(found)
    return {kind: details}
