"""The games sheetgen knows, discovered from the subpackages of this package.

Each game package defines `GAME = Game(...)`: its key, the schema of its rule
data and what it can do. Heavy code (drawing, scoring) is named by dotted path
and imported only when used, so listing games stays cheap. A new game is a new
subpackage plus data/<key>.yaml; nothing else needs to learn its name.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Callable, Optional

from sheetgen.errors import UsageProblem


def _resolve(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class SheetPart:
    """A printable part: `build` names a function (rules, layouts, request) -> Document."""

    name: str
    summary: str
    build: str
    has_backs: bool = False  # the part can print back pages (--backs)
    per_player: bool = True  # one page per player (False: the same set whatever the table)

    def builder(self) -> Callable:
        return _resolve(self.build)


@dataclass(frozen=True)
class Game:
    key: str
    data_fields: dict
    check_data: Optional[Callable] = None
    sheets: tuple = ()
    default_sheet: Optional[str] = None
    setup: Optional[str] = None  # "module:function", once the game has setups
    score: Optional[str] = None  # "module:function", once the game has scoring
    setup_card: str = "sheetgen.setupcard:basic"  # draws the setup's PDF card body

    def sheet(self, what: Optional[str]) -> SheetPart:
        if not self.sheets:
            raise UsageProblem("GAME", f"{self.key} has no printable sheets yet; see 'sheetgen games'")
        name = what or self.default_sheet or self.sheets[0].name
        for part in self.sheets:
            if part.name == name:
                return part
        names = ", ".join(f"{p.name} ({p.summary})" for p in self.sheets)
        raise UsageProblem("WHAT", f"{self.key} has no sheet '{name}'; choose one of: {names}")

    def setup_functions(self) -> tuple:
        """(generate, from_code) of the game's setup module, or a usage problem if it has none."""
        if not self.setup:
            raise UsageProblem("GAME", f"{self.key} has no setups yet; see 'sheetgen games'")
        generate = _resolve(self.setup)
        return generate, _resolve(self.setup.partition(":")[0] + ":from_code")

    def setup_card_drawer(self) -> Callable:
        """draw(card, setup, rules) for the game's printable setup card."""
        return _resolve(self.setup_card)

    def score_functions(self) -> tuple:
        """(check, tally, template) of the game's scoring module, or a usage problem if it has none."""
        if not self.score:
            raise UsageProblem("GAME", f"{self.key} has no scoring yet; see 'sheetgen games'")
        module = self.score.partition(":")[0]
        return tuple(_resolve(f"{module}:{name}") for name in ("check", "tally", "template"))

    def supports(self) -> dict[str, str]:
        return {
            "sheets": ", ".join(p.name for p in self.sheets) or "-",
            "setup": "yes" if self.setup else "-",
            "score": "yes" if self.score else "-",
        }


_registry: Optional[dict[str, Game]] = None


def all_games() -> dict[str, Game]:
    """Every game package's GAME, keyed by game name, in name order."""
    global _registry
    if _registry is None:
        import pkgutil  # only listing every game needs to walk the package

        found = {}
        for info in pkgutil.iter_modules(__path__):
            if info.ispkg:
                game = importlib.import_module(f"{__name__}.{info.name}").GAME
                found[game.key] = game
        _registry = dict(sorted(found.items()))
    return _registry


def get_game(key: str) -> Game:
    """The game called `key`, importing only its own package when the name fits one."""
    wanted = key.strip().lower()
    if _registry is None and re.fullmatch(r"[a-z][a-z0-9-]*", wanted):
        try:
            game = importlib.import_module(f"{__name__}.{wanted.replace('-', '_')}").GAME
        except (ImportError, AttributeError):
            game = None
        if game is not None and game.key == wanted:
            return game
    games = all_games()
    if wanted not in games:
        raise UsageProblem("GAME", f"unknown game '{key}'; choose one of: {', '.join(games)}")
    return games[wanted]
