"""Gold West's part of guided entry (sheetgen/entry.py): investment influence per terrain,
and Boomtown: the offices of the setup (with --code), or each office named in turn."""

from __future__ import annotations

from typing import Any, Optional

from sheetgen.entry import Interview, pick
from sheetgen.games.gold_west.score import FREE_CELL_SPACES
from sheetgen.schema import Int


def ask(scorer: Any, talk: Interview, key: str, index: Optional[int]) -> Any:
    if key == "investment_influence":
        got = {scorer.terrain_key[code]: talk.number(f"investment_influence {scorer.terrain_key[code]} "
                                                     f"(+1 from investment cards)", Int(0), 0)
               for code in scorer.terrains}
        return {terrain: n for terrain, n in got.items() if n}
    if key == "boomtown":
        return _boomtown(scorer, talk)
    return NotImplemented


def _holders(talk: Interview, place: str, spaces: int) -> list:
    where = f"the players on its {spaces} spaces, a player twice for both" if spaces > 1 else "the player on it"
    return talk.items(f"boomtown {place} ({where}; comma-separated, empty for none)", talk.player)


def _boomtown(scorer: Any, talk: Interview) -> dict:
    free = scorer.free_name
    if talk.ctx.setup:
        town = {office["name"]: _holders(talk, office["name"], scorer.office_spaces)
                for office in scorer.offices_in(talk.ctx.setup)}
        town[free] = _holders(talk, free, FREE_CELL_SPACES)
        return {place: held for place, held in town.items() if held}
    places = [office["name"] for office in scorer.offices] + [free]

    def spaces(place: str) -> int:
        return FREE_CELL_SPACES if place == free else scorer.office_spaces

    return dict(talk.repeat(f"boomtown: an office with tokens on it, or {free} (empty to finish)",
                            lambda text: pick(text, places, "Boomtown office"),
                            lambda place: (place, _holders(talk, place, spaces(place)))))
