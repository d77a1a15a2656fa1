"""Gold West's part of guided entry (sheetgen/entry.py): investment influence per terrain,
and Boomtown: the offices of the setup (with --code), or each office named in turn."""

from __future__ import annotations

from typing import Any, Optional

from sheetgen.results.entry import Interview, Retry, pick
from sheetgen.games.gold_west.score import FREE_CELL_SPACES, GoldWestScorer
from sheetgen.schema import Int


def ask(scorer: GoldWestScorer, talk: Interview, key: str, index: Optional[int]) -> Any:
    if key == "investment_influence":
        got = {scorer.terrain_key[code]: talk.number(f"investment_influence {scorer.terrain_key[code]} "
                                                     f"(+1 from investment cards)", Int(0), 0)
               for code in scorer.terrains}
        return {terrain: n for terrain, n in got.items() if n}
    if key == "boomtown":
        return _boomtown(scorer, talk)
    return NotImplemented


def _holders(scorer: GoldWestScorer, talk: Interview, place: str, spaces: int) -> list[str]:
    where = f"the players on its {spaces} spaces, a player twice for both" if spaces > 1 else "the player on it"
    most = spaces + min(spaces, scorer.stacked_tokens)  # a token may sit on another's (the check says when)
    return talk.items(f"boomtown {place} ({where}; comma-separated, empty for none)", talk.player, most=most)


def _boomtown(scorer: GoldWestScorer, talk: Interview) -> dict[str, list[str]]:
    free = scorer.free_name
    if talk.ctx.setup:
        town = {office["name"]: _holders(scorer, talk, office["name"], scorer.office_spaces)
                for office in scorer.offices_in(talk.ctx.setup)}
        town[free] = _holders(scorer, talk, free, FREE_CELL_SPACES)
        return {place: held for place, held in town.items() if held}
    places = [office["name"] for office in scorer.offices] + [free]

    def spaces(place: str) -> int:
        return FREE_CELL_SPACES if place == free else scorer.office_spaces

    given: set[str] = set()

    def place(text: str) -> str:
        chosen = pick(text, places, "Boomtown office")
        if chosen in given:
            raise Retry(f"{chosen} is given already; each office once, with all the players on it")
        given.add(chosen)
        return chosen

    return dict(talk.repeat(f"boomtown: an office with tokens on it, or {free} (empty to finish)", place,
                            lambda place: (place, _holders(scorer, talk, place, spaces(place)))))
