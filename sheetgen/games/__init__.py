"""The games sheetgen knows, discovered from the subpackages of this package.

Each game package defines `GAME = GameSpec(...)`: its key, the schema of its
rule data and what it can do. Heavy code (drawing, scoring) is named by dotted
path and imported only when used, so listing games stays cheap. A new game is
a new subpackage plus data/<key>.yaml (and its layouts); nothing else needs to
learn its name: the packaging config finds the subpackage, and so does this
registry.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Optional

from sheetgen.errors import InvalidArgument
from sheetgen.facedown import Hider


def _resolve(target: str) -> Callable[..., Any]:
    """The function a "module:name" target names (its module imported now)."""
    module, _, name = target.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


@dataclass(frozen=True)
class SheetPart:
    """A printable part: `build` names a function (rules, request) -> SheetDocument."""

    name: str
    summary: str
    build: str
    has_backs: bool = False  # the part can print back pages (--backs)
    per_player: bool = True  # one page per player (False: the same set whatever the table)
    form: Optional[str] = None  # "module:function" (rules) -> results.forms.SheetForm: the part prints fillable
    takes_code: bool = False  # drawn for one setup when given its code (--code)
    form_needs_code: bool = False  # fillable only for one setup (its fields depend on the setup)

    def form_builder(self) -> Callable[..., Any]:
        return _resolve(str(self.form))

    def builder(self) -> Callable[..., Any]:
        return _resolve(self.build)


@dataclass(frozen=True)
class GameSpec:
    """What a game package declares: its key and its faces.

    Targets are "module:name"; one starting with "." is in the game's own
    package (`package`, its `__name__`). By convention a game has
    `.rules` (DATA_FIELDS, check_data: the schema and cross-checks of its rule
    data) and `.setup:generate`/`from_code`; the first sheet is the default.
    """

    key: str
    package: str
    sheets: tuple[SheetPart, ...] = ()
    setup: Optional[str] = ".setup:generate"
    score: Optional[str] = None  # the game's results.model.Scorer, once it has scoring
    setup_card: str = "sheetgen.setupcard:basic"  # draws the setup's PDF card body
    # (setup, rules) -> lines: the text format's body, when the game draws more
    # than seating, reminders, a grid and rounds
    setup_text: Optional[str] = None
    # (setup, rules) -> dict merged into layouts/setup.md.j2's context
    setup_markdown: Optional[str] = None
    # (setup) -> the players' copy with each face-down value as facedown.HIDDEN, or None
    # when nothing in the setup lies face down (no hook: nothing ever does)
    face_down: Optional[str] = None
    # (scorer, talk, key, index) -> an answer: guided entry's questions that the game asks its own
    # way (results.entry), or NotImplemented to have a field asked from the model
    enter: Optional[str] = None

    def __post_init__(self) -> None:
        def absolute(target: Optional[str]) -> Optional[str]:
            return self.package + target if target and target.startswith(".") else target

        parts = tuple(replace(p, build=self.package + p.build if p.build.startswith(".") else p.build,
                              form=absolute(p.form)) for p in self.sheets)
        object.__setattr__(self, "sheets", parts)
        for name in ("setup", "score", "setup_card", "setup_text", "setup_markdown", "face_down", "enter"):
            object.__setattr__(self, name, absolute(getattr(self, name)))

    @property
    def data_fields(self) -> dict[str, Any]:
        """The schema of this game's sections of its rule data."""
        fields: dict[str, Any] = importlib.import_module(f"{self.package}.rules").DATA_FIELDS
        return fields

    @property
    def check_data(self) -> Optional[Callable[..., Any]]:
        """Cross-checks of the rule data that a schema cannot say."""
        checks: Optional[Callable[..., Any]] = getattr(importlib.import_module(f"{self.package}.rules"), "check_data",
                                                        None)
        return checks

    @property
    def default_sheet(self) -> Optional[str]:
        return self.sheets[0].name if self.sheets else None

    def sheet(self, what: Optional[str]) -> SheetPart:
        if not self.sheets:
            raise InvalidArgument("game", f"{self.key} has no printable sheets yet; see 'sheetgen games'")
        name = what or self.default_sheet or self.sheets[0].name
        for part in self.sheets:
            if part.name == name:
                return part
        names = ", ".join(f"{p.name} ({p.summary})" for p in self.sheets)
        raise InvalidArgument("what", f"{self.key} has no sheet '{name}'; choose one of: {names}")

    def setup_functions(self) -> tuple[Callable[..., Any], Callable[..., Any]]:
        """(generate, from_code) of the game's setup module, or a usage problem if it has none."""
        if not self.setup:
            raise InvalidArgument("game", f"{self.key} has no setups yet; see 'sheetgen games'")
        generate = _resolve(self.setup)
        return generate, _resolve(self.setup.partition(":")[0] + ":from_code")

    def setup_card_drawer(self) -> Callable[..., Any]:
        """draw(card, setup, rules) for the game's printable setup card."""
        return _resolve(self.setup_card)

    def setup_text_drawer(self) -> Optional[Callable[[dict[str, Any], Any], list[str]]]:
        """(setup, rules) -> lines: the game's own body of a setup's text, if it draws one."""
        return _resolve(self.setup_text) if self.setup_text else None

    def setup_markdown_drawer(self) -> Optional[Callable[[dict[str, Any], Any], dict[str, Any]]]:
        """(setup, rules) -> the game's own context for a setup's Markdown, if it has one."""
        return _resolve(self.setup_markdown) if self.setup_markdown else None

    def face_down_hider(self) -> Optional[Hider]:
        """(setup) -> the players' copy, or None: the game's face_down hook, if it has one."""
        return _resolve(self.face_down) if self.face_down else None

    def scorer(self, rules: Any) -> Any:
        """The game's `results.model.Scorer` for `rules`, or an error if it has no scoring."""
        if not self.score:
            raise InvalidArgument("game", f"{self.key} has no scoring yet; see 'sheetgen games'")
        return _resolve(self.score)(rules)

    def asker(self) -> Optional[Callable[..., Any]]:
        """The game's own questions of guided entry (results.entry), if it has any."""
        return _resolve(self.enter) if self.enter else None

    def supports(self) -> dict[str, str]:
        return {
            "sheets": ", ".join(p.name for p in self.sheets) or "-",
            "setup": "yes" if self.setup else "-",
            "score": "yes" if self.score else "-",
        }


_registry: Optional[dict[str, GameSpec]] = None


def all_games() -> dict[str, GameSpec]:
    """Every game package's GAME, keyed by game name, in name order."""
    global _registry
    if _registry is None:
        found: dict[str, GameSpec] = {}
        for name in _subpackages():
            game = importlib.import_module(f"{__name__}.{name}").GAME
            found[game.key] = game
        _registry = dict(sorted(found.items()))
    return _registry


def _subpackages() -> list[str]:
    """The names of this package's subpackages."""
    return sorted({info.name for info in pkgutil.iter_modules(__path__) if info.ispkg})


def get_game(key: str) -> GameSpec:
    """The game called `key`, importing only its own package when the name fits one.

    Names are forgiving: any case, `_` or spaces for `-`, the hyphens left out
    (`goldwest`), the title `sheetgen games` prints (its words in any order,
    punctuation aside: `Gold Rush (piecepack)`), or the start of a name that
    fits one game only (`carcassonne`, `rolled`). A start that fits several
    (`gold`) is refused listing them; anything else suggests the nearest.
    """
    wanted = "-".join(str(key).strip().lower().replace("_", " ").replace("-", " ").split())
    if _registry is None and re.fullmatch(r"[a-z][a-z0-9-]*", wanted):
        try:
            game: Optional[GameSpec] = importlib.import_module(f"{__name__}.{wanted.replace('-', '_')}").GAME
        except (ImportError, AttributeError):
            game = None
        if game is not None and game.key == wanted:
            return game
    games = all_games()
    if wanted in games:
        return games[wanted]
    words = re.findall(r"[a-z0-9]+", wanted)
    squeezed = "".join(words)
    matches = [k for k in games if k.replace("-", "") == squeezed] or \
              [k for k in games if sorted(k.split("-")) == sorted(words)]
    if len(matches) == 1:
        return games[matches[0]]
    starts = [k for k in games if words and (k.startswith(wanted) or _words_begin(words, k.split("-")))]
    if len(starts) == 1:
        return games[starts[0]]
    if len(starts) > 1:
        raise InvalidArgument("game", f"'{key}' could be any of {', '.join(starts)}; give more of the name")
    hint = difflib.get_close_matches(wanted, list(games), n=1, cutoff=0.5)
    nearest = f"did you mean '{hint[0]}'? " if hint else ""
    raise InvalidArgument("game", f"unknown game '{key}'; {nearest}choose one of: {', '.join(games)}")


def _words_begin(typed: list[str], name: list[str]) -> bool:
    """Whether each typed word begins a different word of `name` (in any order)."""
    left = list(name)
    for word in typed:
        found = next((w for w in left if w.startswith(word)), None)
        if found is None:
            return False
        left.remove(found)
    return True
