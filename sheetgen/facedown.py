"""What a setup places face down, as its game says (its GameSpec's `face_down` hook).

A player's copy of a setup (text, Markdown, JSON, the setup card) shows a
face-down value as HIDDEN; only the referee's copy (`reveal`) shows it. Which
values lie face down is the game's own knowledge: Gold West's mining tokens away
from the water, piecepack Gold Rush's tiles and coin values on the land plots.
"""

from __future__ import annotations

from typing import Optional

from sheetgen.games import _resolve, get_game

HIDDEN = "?"  # what a player's copy shows for a value that lies face down


def _hidden(setup: dict) -> Optional[dict]:
    hook = get_game(setup["game"]).face_down
    return None if hook is None else _resolve(hook)(setup)


def has_face_down(setup: dict) -> bool:
    """Whether the setup places pieces face down whose values it knows."""
    return _hidden(setup) is not None


def for_players(setup: dict) -> dict:
    """The setup as the players see it: each face-down value replaced by HIDDEN (keeping what
    shows, a piecepack coin's suit: "C?"), and `face_down: hidden` saying so. A setup with
    nothing face down is returned as it is."""
    seen = _hidden(setup)
    return setup if seen is None else {**seen, "face_down": "hidden"}
