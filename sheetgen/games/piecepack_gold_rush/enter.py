"""Gold Rush (piecepack)'s part of guided entry (sheetgen/entry.py): a mat's buildings, each
named as the rule data names it."""

from __future__ import annotations

from typing import Any, Optional

from sheetgen.games.piecepack_gold_rush.score import GoldRushScorer
from sheetgen.results.entry import Interview, Retry, pick
from sheetgen.results.model import norm


def ask(scorer: GoldRushScorer, talk: Interview, key: str, index: Optional[int]) -> Any:
    if key != "buildings":
        return NotImplemented
    names = [b["name"] for b in scorer.buildings.values()]
    if index == 0:
        talk.explain(scorer.model().player_fields()["buildings"].help_lines(talk.ctx, index))

    def building(text: str) -> str:
        action = scorer.actions.get(norm(text))
        if action is not None:
            raise Retry(f"{action['name']} is an action, not a building: leave it out")
        return pick(text, names, "building")

    players, claims = talk.ctx.players, scorer.claims(talk.ctx.players)

    def fits(built: list[str]) -> Optional[str]:  # as the check counts plots
        if claims is not None and len(built) > claims:
            return (f"{len(built)} buildings, but with {players} players a player stakes at most {claims} claims, "
                    f"one building per plot")
        return None

    return talk.items("buildings: one per plot you own (comma-separated, empty for none)", building,
                      most=scorer.markers, fits=fits)
