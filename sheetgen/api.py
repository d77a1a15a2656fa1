"""The Python API: one front door per game.

    import sheetgen
    g = sheetgen.game("gold-west")            # or data="house/" for house rules
    s = g.setup(players=3, seed="friday")     # s.code, s.to_dict(), s.text()
    report = g.score("tonight.yaml")          # or text="..."
    problems, warnings = g.check("tonight.yaml")
    g.template(players=3)                     # the commented results file
    g.sheet("board", names=["Ann", "Ben"], paper="a4", ink="low")   # PDF bytes
    g.sheet("board", fillable=True)           # with form fields to fill in on screen
    g.score(["board-ann.pdf", "board-ben.pdf"])   # filled forms: the boards of one game
    g.export(["board-ann.pdf", "board-ben.pdf"]).text   # the same as a results file

Everything here raises library errors (`sheetgen.InvalidInput` with located
problems, `sheetgen.InvalidArgument` naming the argument); none of it knows a
command-line option. Drawing code is imported only by the calls that draw.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from sheetgen import ruledata
from sheetgen.errors import InvalidArgument, InvalidInput
from sheetgen.names import check_all, check_printable
from sheetgen.games import GameSpec, SheetPart, all_games, get_game
from sheetgen.record import FrozenRecord
from sheetgen.ruledata import RuleData
from sheetgen.cardsizes import CARD_SIZES

if TYPE_CHECKING:
    from pathlib import Path

    from sheetgen.results.forms import FilledPdf, SheetForm
    from sheetgen.results.model import Scorer
    from sheetgen.results.report import ScoreReport
    from sheetgen.sheet import SheetRequest
    from sheetgen.results.yaml import Document

PathLike = Union[str, "os.PathLike[str]"]  # pathlib is not imported: a Path is an os.PathLike
# a results file, or filled PDF forms: one, or several (the sheets of one game)
Source = Union[PathLike, "FilledPdf", Sequence[Union[PathLike, "FilledPdf"]]]


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


class Setup(FrozenRecord):
    """A realised setup: `code` rebuilds it exactly; `to_dict()` is `setup --format json`
    (face-down values hidden), `data` all of it."""

    __slots__ = _fields = ("game", "data", "rules")
    game: str
    data: dict
    rules: RuleData

    def __init__(self, game: str, data: dict, rules: RuleData):
        self._set(game, data, rules)

    @property
    def code(self) -> str:
        return str(self.data["code"])

    @property
    def players(self) -> int:
        return int(self.data["players"])

    @property
    def seed(self) -> Optional[str]:
        return self.data.get("seed")

    @property
    def seating(self) -> list:
        """The players' names in seating order (first player first)."""
        return [seat["name"] if isinstance(seat, dict) else str(seat) for seat in self.data["seating"]]

    def to_dict(self, reveal: bool = False) -> dict:
        """The setup as data, as the players see it (face-down values as "?"); `reveal`: with
        what lies face down too (a referee's copy)."""
        import copy

        from sheetgen import setuptext

        return copy.deepcopy(self.data if reveal else setuptext.for_players(self.data))

    def text(self, fmt: str = "text", reveal: bool = False) -> str:
        """The setup as text, json, yaml or markdown, as the players see it; `reveal`: with what
        lies face down too (a referee's copy)."""
        from sheetgen import setuptext

        return setuptext.render(self.data, fmt, self.rules, reveal=bool(reveal))


class Export(FrozenRecord):
    """Filled PDF forms as a results file: its text, and the checks' warnings."""

    __slots__ = _fields = ("text", "warnings")
    text: str
    warnings: list

    def __init__(self, text: str, warnings: Optional[list] = None):
        self._set(text, [] if warnings is None else warnings)


class SheetJob(FrozenRecord):
    """A printed sheet: the PDF and what it holds."""

    __slots__ = _fields = ("pdf", "pages", "players", "copies", "per_player")
    pdf: bytes
    pages: int
    players: int
    copies: int
    per_player: bool

    def __init__(self, pdf: bytes, pages: int, players: int, copies: int, per_player: bool):
        self._set(pdf, pages, players, copies, per_player)


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
            from sheetgen.setupcode import SetupCodeError

            try:
                made = from_code(self.rules, code, listed)
            except SetupCodeError as refused:  # the argument the caller got wrong: one wording everywhere
                raise InvalidArgument("code", refused.message) from None
            if players is not None and players != made["players"]:
                raise InvalidArgument("players", f"the code is for {made['players']} players, not {players}")
        else:
            made = generate(self.rules, players, seed, listed)
        return Setup(self.key, made, self.rules)

    def setup_card(self, setup: Setup, paper: str = "letter", ink: str = "color", reveal: bool = False) -> bytes:
        """A setup as a printable one-page PDF card. It shows what the players see at the start;
        `reveal` also shows what the setup places face down (a referee's or a solo player's copy)."""
        from sheetgen import pdf, setupcard

        paper = _choice("paper", paper, ("letter", "a4"))
        check_printable(setup.seating)  # the card prints them; the text formats took them
        document = setupcard.build(setup.data, self.rules, self.spec.setup_card_drawer(), reveal=bool(reveal),
                                   paper=paper)
        return pdf.render(document, paper, _ink(ink))

    # -- results ------------------------------------------------------------------
    def scorer(self) -> Scorer:
        return self.spec.scorer(self.rules)

    def read(self, path: Optional[Source] = None, *, text: Optional[str] = None,
             name: Optional[str] = None) -> Document:
        """A results file of this game, or its filled PDF forms (one PDF, or several: the
        sheets of one game), read and located (not yet checked)."""
        from sheetgen.results.report import read_results
        from sheetgen.results.yaml import parse_yaml

        forms = _pdf_sources(path) if text is None else None
        if forms is not None:
            from sheetgen.results import forms as form_reader

            return form_reader.read(forms, self)
        if path is not None and text is None:
            if not isinstance(path, (str, os.PathLike)):
                raise InvalidArgument("path", "several files must all be filled PDF forms (*.pdf); a results "
                                              "file (.yaml) is a game on its own")
            doc = read_results(path, display_name=name)
        elif text is not None and path is None:
            doc = read_results(parse_yaml(text, name or "<text>"))
        else:
            raise InvalidArgument("path", "give a results file's path or its text (one of them)")
        written = str(doc.value["game"]).strip().lower()
        if written != self.key:
            raise InvalidInput([doc.problem(("game",), f"this file holds {written} results, not {self.key}; "
                                                       f"use it with {written}")])
        return doc

    def check(self, path: Optional[Source] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> tuple:
        """(problems, warnings) of a results file (or filled forms); a file that cannot be read
        raises InvalidInput."""
        return self.scorer().check(self.read(path, text=text, name=name))

    def score(self, path: Optional[Source] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> ScoreReport:
        """The ranked report of a results file (or filled forms); raises InvalidInput listing every problem."""
        return self.scorer().tally(self.read(path, text=text, name=name))

    def export(self, forms: Source) -> Export:
        """Filled PDF forms (the sheets of one game) as the results file they amount to.

        The forms are checked first: any problem raises InvalidInput, and nothing is made."""
        from sheetgen.results import forms as form_reader

        sources = _pdf_sources(forms)
        if sources is None:
            raise InvalidArgument("path", "export reads filled PDF forms (*.pdf)")
        doc = form_reader.read(sources, self)
        problems, warnings = self.scorer().check(doc)
        if problems:
            raise InvalidInput(problems)
        return Export(form_reader.results_yaml(doc.value, self.title), warnings)

    def template(self, players: Optional[int] = None, names: Optional[Sequence[str]] = None, *,
                 code: Optional[str] = None) -> str:
        """A blank, commented results file to fill in after a game. With `code` (a setup code of
        this game) it is that setup's: names in its seating order, and for Gold West its setup line,
        its offices in play and only the counts they score."""
        scorer = self.scorer()
        if code is None:
            return scorer.template(players, names)
        setup = self.coded_setup(code, players, names)
        return scorer.template(names=setup.seating, setup=setup.data)

    def coded_setup(self, code: str, players: Optional[int] = None,
                    names: Optional[Sequence[str]] = None) -> Setup:
        """The setup `code` names, seating `names`; a code that is not one of this game's setups
        is an InvalidArgument on `code` (the argument a caller got wrong), as `setup` says."""
        return self.setup(players=players, code=str(code), names=names)

    def enter(self, ask: Any, tell: Any, *, players: Optional[int] = None, names: Optional[Sequence[str]] = None,
              code: Optional[str] = None) -> str:
        """Guided entry: ask each field of the results model in sheet order, checking each answer
        (a bad one is asked again with the reason), and return the results file's text.

        `ask(prompt, default)` returns an answer's text (`default` for an empty answer, when not
        None) and raises `sheetgen.results.entry.EndOfInput` when input ends; `tell(text)` shows a reason
        or a hint. The players are `names` (in seating order), else asked, `players` of them (asked
        too when neither is given); with `code` (a setup code) they sit in that setup's order and,
        for Gold West, only its offices and the counts they score are asked."""
        from sheetgen.results import entry, forms
        from sheetgen.schema import Int

        scorer = self.scorer()
        listed = check_all(names) if names is not None else None
        setup: Optional[dict] = None
        seated: Optional[list] = listed
        if code is not None:
            made = self.coded_setup(code, players, listed)
            setup, seated = made.data, made.seating
        elif players is None and listed is None:
            low, high = self.rules.players
            players = entry.Interview(ask, tell, scorer, scorer.context()).number(
                f"players ({low}-{high})", Int(low, high), high)
        ctx = scorer.context(players, seated, setup)
        data = entry.interview(scorer, ctx, ask, tell, asked_names=listed is None)
        return forms.results_yaml(data, self.title, "entered at the table")

    def example(self) -> str:
        """A filled-in results file of this game (the one in examples/), as text."""
        from sheetgen import paths

        return (paths.bundled("examples") / f"{self.key}-game.yaml").read_text(encoding="utf-8")

    def schema(self) -> dict:
        """The JSON Schema of this game's results files."""
        return self.scorer().model().json_schema()

    def form(self, what: Optional[str] = None) -> "SheetForm":
        """The form fields of a fillable sheet part (`sheet(what, fillable=True)`): names, kinds, meaning."""
        from sheetgen.games import fillable_parts

        part = self.spec.sheet(what)
        if not part.form:
            raise InvalidArgument("fillable", f"the {self.key} {part.name} sheet has no form fields yet; "
                                              f"fillable sheets: {', '.join(fillable_parts()) or 'none'}")
        return part.form_builder()(self.rules)

    # -- sheets -------------------------------------------------------------------
    def sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
              names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
              ink: str = "color", backs: bool = False, back_names: bool = False, fillable: bool = False,
              results: Optional[Source] = None, code: Optional[str] = None,
              card_size: str = CARD_SIZES[0]) -> bytes:
        """A printable part (see `sheetgen games GAME`) as PDF bytes; `back_names` (card sheets)
        prints each card's name on its back and implies `backs`; `card_size` (card sheets) is one of
        sheet.CARD_SIZES; `fillable` adds form fields, `results` (a results file, or filled forms) fills
        them in."""
        return self.print_sheet(what, players=players, names=names, copies=copies, paper=paper, ink=ink,
                                backs=backs, back_names=back_names, fillable=fillable, results=results,
                                code=code, card_size=card_size).pdf

    def print_sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
                    names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
                    ink: str = "color", backs: bool = False, back_names: bool = False, fillable: bool = False,
                    results: Optional[Source] = None, code: Optional[str] = None,
                    card_size: str = CARD_SIZES[0]) -> SheetJob:
        """Like `sheet`, with the page and player counts of what was printed."""
        return self.render_sheet(self.plan_sheet(what, players=players, names=names, copies=copies, paper=paper,
                                                 ink=ink, backs=backs, back_names=back_names, fillable=fillable,
                                                 results=results, code=code, card_size=card_size))

    def plan_sheet(self, what: Optional[str] = None, *, players: Optional[int] = None,
                   names: Optional[Sequence[str]] = None, copies: int = 1, paper: str = "letter",
                   ink: str = "color", backs: bool = False, back_names: bool = False, fillable: bool = False,
                   results: Optional[Source] = None, code: Optional[str] = None,
                   card_size: str = CARD_SIZES[0]) -> "SheetPlan":
        """Every argument of a sheet checked (and a results file to fill it with read), before
        anything is drawn."""
        from sheetgen.sheet import SheetRequest, plan_players

        part = self.spec.sheet(what)
        values: tuple = ()
        if fillable or results is not None:
            form = self.form(part.name)
            if results is not None:
                if players is not None or names is not None:
                    raise InvalidArgument("players" if players is not None else "names",
                                          "the results file names the players; leave this out")
                names, values = self._fill(form, results)
        if (backs or back_names) and not part.has_backs:
            with_backs = [p.name for g in all_games().values() for p in g.sheets if p.has_backs]
            raise InvalidArgument("backs" if backs else "back_names",
                                  f"the {self.key} {part.name} sheet has no back side; backs are "
                                  f"for card sheets ({', '.join(with_backs) or 'none yet'})")
        if card_size != CARD_SIZES[0] and not part.has_backs:
            raise InvalidArgument("card_size", f"the {self.key} {part.name} sheet is not a card sheet; a card size "
                                               f"is for card sheets")
        card_size = _choice("card_size", card_size, CARD_SIZES)
        if not part.per_player and results is None and (players is not None or names is not None):
            raise InvalidArgument("players" if players is not None else "names",
                                  f"the {self.key} {part.name} sheet is one set for the whole table; "
                                  f"print more copies for more sets")
        if code is not None:
            if not part.takes_code:
                raise InvalidArgument("code", f"the {self.key} {part.name} sheet is the same for every setup; "
                                              f"a code is for {', '.join(p.name for p in self.spec.sheets if p.takes_code) or 'no sheet'}")
            made = self.setup(code=code)  # checked now, before anything is drawn
            code = made.code
            if part.per_player:  # a sheet for that table: its player count
                count = len(names) if names is not None else players
                if count is None:
                    players = made.players
                elif count != made.players:
                    raise InvalidArgument("names" if names is not None else "players",
                                          f"the code is for {made.players} players, not {count}")
        if not isinstance(copies, int) or not 1 <= copies <= 1000:
            raise InvalidArgument("copies", f"copies must be 1 to 1000, not {copies}")
        try:
            count, parsed = plan_players(players, names, self.rules.players, self.rules.title)
        except InvalidArgument as exc:
            raise InvalidArgument("results", exc.message) if values else exc
        request = SheetRequest(count, parsed, copies, _choice("paper", paper, ("letter", "a4")), _ink(ink),
                               backs or back_names, back_names, fillable or results is not None, values, code,
                               count_given=players is not None or names is not None, card_size=card_size)
        return SheetPlan(part, request)

    def _fill(self, form: "SheetForm", results: Source) -> tuple:
        """(names, each player's field values) of a results file with no problems."""
        scorer = self.scorer()
        outcome = scorer.examine(self.read(results))
        if outcome.problems:
            raise InvalidInput(outcome.problems)
        entries = outcome.table.players
        if form.scope == "game":  # one page holds the game: its fields' values, once
            return [e.name for e in entries], (form.write(form.plain(outcome)),)
        return [e.name for e in entries], tuple(form.write(form.plain(e)) for e in entries)

    def render_sheet(self, plan: "SheetPlan") -> SheetJob:
        """Draw a planned sheet."""
        from sheetgen import pdf  # the drawing stack loads only for calls that draw

        document = plan.part.builder()(self.rules, plan.request)
        request = plan.request
        try:
            data = pdf.render(document, request.paper, request.ink)
        except InvalidArgument as exc:  # a value a form field cannot show: from --names when no results file
            if exc.argument == "results" and not request.values:
                raise InvalidArgument("names", exc.message) from None
            raise
        return SheetJob(data, len(document.pages), request.players, request.copies, plan.part.per_player)


class SheetPlan(FrozenRecord):
    """A sheet part and its checked request, ready to draw."""

    __slots__ = _fields = ("part", "request")
    part: SheetPart
    request: SheetRequest

    def __init__(self, part: SheetPart, request: SheetRequest):
        self._set(part, request)


def _pdf_sources(source: Any) -> Optional[list]:
    """The filled forms `source` names (a .pdf path, a FilledPdf, or a list of them), or None."""
    from sheetgen.results.forms import FilledPdf, is_pdf

    items = list(source) if isinstance(source, (list, tuple)) else [source]
    if not items or not all(isinstance(i, FilledPdf) or (isinstance(i, (str, os.PathLike)) and is_pdf(os.fspath(i)))
                            for i in items):
        return None
    return items


def _choice(argument: str, value: str, choices: Sequence[str]) -> str:
    low = str(value).lower()
    if low not in choices:
        raise InvalidArgument(argument, f"'{value}' is not one of {', '.join(choices)}")
    return low


def _ink(value: str) -> str:
    """'color' or 'low'; the British spelling is welcome."""
    return _choice("ink", "color" if str(value).lower() == "colour" else value, ("color", "low"))


__all__ = ["Export", "Game", "Setup", "SheetJob", "game", "games"]
