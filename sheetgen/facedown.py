"""What a setup places face down, as its game says (its GameSpec's `face_down` hook).

A player's copy of a setup (text, Markdown, JSON, the setup card) shows a
face-down value as HIDDEN; only the referee's copy (`reveal`) shows it. Which
values lie face down is the game's own knowledge: Gold West's mining tokens away
from the water, piecepack Gold Rush's tiles and coin values on the land plots.
The caller hands the hook down (`GameSpec.face_down_hider()`); None: the game
lays nothing face down.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

HIDDEN = "?"  # what a player's copy shows for a value that lies face down

# the game's hook: (setup) -> the players' copy, or None when nothing in this setup lies face down
Hider = Callable[[dict[str, Any]], Optional[dict[str, Any]]]


def has_face_down(setup: dict[str, Any], hider: Optional[Hider]) -> bool:
    """Whether the setup places pieces face down whose values it knows."""
    return hider is not None and hider(setup) is not None


def for_players(setup: dict[str, Any], hider: Optional[Hider]) -> dict[str, Any]:
    """The setup as the players see it: each face-down value replaced by HIDDEN (keeping what
    shows, a piecepack coin's suit: "C?"), and `face_down: hidden` saying so. A setup with
    nothing face down is returned as it is."""
    seen = None if hider is None else hider(setup)
    return setup if seen is None else {**seen, "face_down": "hidden"}
