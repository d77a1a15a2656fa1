"""Carcassonne: Gold Rush (Hans im Glück, 2014).

Its rule data holds the metadata and the player colours; setups deal seats and
colours from a seed. Sheets and scoring arrive with their issues.
"""

from __future__ import annotations

from sheetgen.errors import Problem
from sheetgen.games import Game
from sheetgen.schema import List, Str
from sheetgen.yamlio import Document

DATA_FIELDS = {
    "colours": List(Str(), min=1),
}


def check_data(doc: Document) -> list[Problem]:
    """Every colour once, and one for each player the game allows."""
    d = doc.value
    out: list[Problem] = []
    colours = d["colours"]
    if len({c.casefold() for c in colours}) != len(colours):
        out.append(doc.problem(("colours",), "a colour appears twice"))
    most = d["meta"]["players"]["max"]
    if len(colours) < most:
        out.append(doc.problem(("colours",), f"{len(colours)} colours for up to {most} players"))
    return out


GAME = Game(
    key="carcassonne-gold-rush",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    setup="sheetgen.games.carcassonne_gold_rush.setup:generate",
)
