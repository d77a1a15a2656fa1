"""The Python API: one front door per game.

    import sheetgen
    g = sheetgen.game("gold-west")            # or data="house/" for house rules
    s = g.setup(players=3, seed="friday")     # s.code, s.to_dict(), s.text()
    report = g.score("tonight.yaml")          # or text="..."
    problems, warnings = g.check("tonight.yaml")
    g.template(players=3)                     # the commented results file
    g.sheet("board", names=["Ann", "Ben"], paper="a4", ink="low")   # PDF bytes

Everything here raises library errors (`sheetgen.InvalidInput` with located
problems, `sheetgen.InvalidArgument` naming the argument); none of it knows a
command-line option. Drawing code is imported only by the calls that draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence, Union

from sheetgen import ruledata
from sheetgen.errors import InvalidArgument, InvalidInput
from sheetgen.names import check_all
from sheetgen.games import GameSpec, SheetPart, all_games, get_game
from sheetgen.ruledata import RuleData

if TYPE_CHECKING:  # for the annotations only: a setup never loads the results model or the ranking
    from pathlib import Path

    from sheetgen.results import Scorer
    from sheetgen.scoring import ScoreReport
    from sheetgen.sheet import SheetRequest
    from sheetgen.yamlio import Document

PathLike = Union[str, "Path"]


def games() -> list:
    """The keys of every game sheetgen knows, in name order."""
    return list(all_games())


def game(key: str, data: Optional[PathLike] = None) -> "Game":
    """The game called `key` (forgiving: `goldwest`, `carcassonne`, ...); `data` is a
    folder of house-rule data to use instead of the bundled data."""
    if data is None:
        return Game(get_game(key))
    from pathlib import Path  # only house rules need it

    return Game(get_game(key), Path(data))


@dataclass(frozen=True)
class Setup:
    """A realised setup: `code` rebuilds it exactly; `to_dict()` is `setup --format json`."""

    game: str
    data: dict
    rules: RuleData

    @property
    def code(self) -> str:
        return str(self.data["code"])

    @property
    def players(self) -> int:
        return int(self.data["players"])

    @property
    def seed(self) -> Optional[str]:
        return self.data.get("seed")

    def to_dict(self) -> dict:
        import copy

        return copy.deepcopy(self.data)

    def text(self, fmt: str = "text") -> str:
        """The setup as text, json, yaml or markdown."""
        from sheetgen import setuptext

        return setuptext.render(self.data, fmt, self.rules)


@dataclass(frozen=True)
class SheetJob:
    """A printed sheet: the PDF and what it holds."""

    pdf: bytes
    pages: int
    players: int
    copies: int
    per_player: bool


class Game:
    """One game with its rule data: setups, results and sheets."""

    def __init__(self, spec: GameSpec, data: Optional["Path"] = None):
        self.spec = spec
        self.key = spec.key
        self._data = data
        self._rules: Optional[RuleData] = None

    def __repr__(self) -> str:
        return f"sheetgen.game({self.key!r})"

    @property
    def rules(self) -> RuleData:
        """The validated rule data (bundled, or the house-rule folder's)."""
        if self._rules is None:
            self._rules = ruledata.load(self.spec, self._data)
        return self._rules

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def player_counts(self) -> tuple:
        """(fewest, most) players."""
        return self.rules.players

    # -- setups -------------------------------------------------------------------
    def setup(self, players: Optional[int] = None, seed: Optional[str] = None, code: Optional[str] = None,
              names: Optional[Sequence[str]] = None) -> Setup:
        """A fair random setup from `seed` (default: a fresh one), or exactly the one `code` names."""
        generate, from_code = self.spec.setup_functions()
        listed = check_all(names) if names is not None else None
        if code is not None:
            if seed is not None:
                raise InvalidArgument("code", "give a seed or a code, not both: a code already fixes the "
                                              "whole setup")
            made = from_code(self.rules, code, listed)
            if players is not None and players != made["players"]:
                raise InvalidArgument("players", f"the code is for {made['players']} players, not {players}")
        else:
            made = generate(self.rules, players, seed, listed)
        return Setup(self.key, made, self.rules)

    def setup_card(self, setup: Setup, paper: str = "letter", ink: str = "color") -> bytes:
        """A setup as a printable one-page PDF card."""
        from sheetgen import pdf, setupcard

        document = setupcard.build(setup.data, self.rules, self.spec.setup_card_drawer())
        return pdf.render(document, _choice("paper", paper, ("letter", "a4")), _ink(ink))

    # -- results ------------------------------------------------------------------
    def scorer(self) -> Scorer:
        return self.spec.scorer(self.rules)

    def read(self, path: Optional[PathLike] = None, *, text: Optional[str] = None,
             name: Optional[str] = None) -> Document:
        """A results file of this game, read and located (not yet checked)."""
        from sheetgen.scoring import read_results
        from sheetgen.yamlio import parse_yaml

        if path is not None and text is None:
            doc = read_results(path, display_name=name)
        elif text is not None and path is None:
            doc = read_results(parse_yaml(text, name or "<text>"))
        else:
            raise InvalidArgument("path", "give a results file's path or its text (one of them)")
        written = str(doc.value["game"]).strip().lower()
        if written != self.key:
            raise InvalidInput([doc.problem(("game",), f"this file holds {written} results, not {self.key}; "
                                                       f"score it with sheetgen.game({written!r})")])
        return doc

    def check(self, path: Optional[PathLike] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> tuple:
        """(problems, warnings) of a results file; a file that cannot be read raises InvalidInput."""
        return self.scorer().check(self.read(path, text=text, name=name))

    def score(self, path: Optional[PathLike] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> ScoreReport:
        """The ranked report of a results file; raises InvalidInput listing every problem."""
        return self.scorer().tally(self.read(path, text=text, name=name))

    def template(self, players: Optional[int] = None, names: Optional[Sequence[str]] = None) -> str:
        """A blank, commented results file to fill in after a game."""
        return self.scorer().template(players, names)

    def schema(self) -> dict:
        """The JSON Schema of this game's results files."""
        return self.scorer().model().json_schema()

    # -- sheets -------------------------------------------------------------------
    def sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
              names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
              ink: str = "color", backs: bool = False) -> bytes:
        """A printable part (see `sheetgen games GAME`) as PDF bytes."""
        return self.print_sheet(what, players=players, names=names, copies=copies, paper=paper, ink=ink,
                                backs=backs).pdf

    def print_sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
                    names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
                    ink: str = "color", backs: bool = False) -> SheetJob:
        """Like `sheet`, with the page and player counts of what was printed."""
        return self.render_sheet(self.plan_sheet(what, players=players, names=names, copies=copies, paper=paper,
                                                 ink=ink, backs=backs))

    def plan_sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
                   names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
                   ink: str = "color", backs: bool = False) -> "SheetPlan":
        """Every argument of a sheet checked, before anything is drawn."""
        from sheetgen.sheet import SheetRequest, plan_players

        part = self.spec.sheet(what)
        if backs and not part.has_backs:
            with_backs = [p.name for g in all_games().values() for p in g.sheets if p.has_backs]
            raise InvalidArgument("backs", f"the {self.key} {part.name} sheet has no back side; backs are "
                                            f"for card sheets ({', '.join(with_backs) or 'none yet'})")
        if not part.per_player and (players is not None or names is not None):
            raise InvalidArgument("players" if players is not None else "names",
                                  f"the {self.key} {part.name} sheet is one set for the whole table; "
                                  f"print more copies for more sets")
        if not isinstance(copies, int) or not 1 <= copies <= 1000:
            raise InvalidArgument("copies", f"copies must be 1 to 1000, not {copies}")
        count, parsed = plan_players(players, names, self.rules.players, self.rules.title)
        request = SheetRequest(count, parsed, copies, _choice("paper", paper, ("letter", "a4")), _ink(ink),
                               backs)
        return SheetPlan(part, request)

    def render_sheet(self, plan: "SheetPlan") -> SheetJob:
        """Draw a planned sheet."""
        from sheetgen import pdf  # the drawing stack loads only for calls that draw

        document = plan.part.builder()(self.rules, plan.request)
        request = plan.request
        return SheetJob(pdf.render(document, request.paper, request.ink), len(document.pages), request.players,
                        request.copies, plan.part.per_player)


@dataclass(frozen=True)
class SheetPlan:
    """A sheet part and its checked request, ready to draw."""

    part: SheetPart
    request: SheetRequest


def _choice(argument: str, value: str, choices: Sequence[str]) -> str:
    low = str(value).lower()
    if low not in choices:
        raise InvalidArgument(argument, f"'{value}' is not one of {', '.join(choices)}")
    return low


def _ink(value: str) -> str:
    """'color' or 'low'; the British spelling is welcome."""
    return _choice("ink", "color" if str(value).lower() == "colour" else value, ("color", "low"))


__all__ = ["Game", "Setup", "SheetJob", "game", "games"]
