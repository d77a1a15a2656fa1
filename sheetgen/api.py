"""The Python API: one front door per game.

    import sheetgen
    g = sheetgen.game("gold-west")            # or data="house/" for house rules
    s = g.setup(players=3, seed="friday")     # s.code, s.to_dict(), s.text()
    report = g.score("tonight.yaml")          # or text="..."; report.text(), report.to_dict()
    result = g.check("tonight.yaml")          # result.ok, result.problems, result.warnings
    g.template(players=3)                     # the commented results file
    options = sheetgen.SheetOptions(names=("Ann", "Ben"), paper="a4", ink="low")
    g.sheet("board", options).pdf             # PDF bytes
    g.sheet("board", sheetgen.SheetOptions(fillable=True))   # form fields to fill in on screen
    g.score(["board-ann.pdf", "board-ben.pdf"])   # filled forms: the boards of one game
    g.export(["board-ann.pdf", "board-ben.pdf"]).text   # the same as a results file

Everything here raises library errors (`sheetgen.InvalidInput` with located
problems, `sheetgen.InvalidArgument` naming the argument); none of it knows a
command-line option. This module and the command line are the only ones that
look a game up in the registry (sheetgen.games); the results pipeline below
them is handed what it needs. Drawing code (reportlab) is imported only by
the calls that draw, and the PDF-reading side (sheetgen.results.pdf, its form
model and the display list below it) only by the calls that read a filled form
or plan a sheet: checking or scoring a results file loads neither.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Optional, Sequence, Union

from sheetgen import ruledata, setuptext
from sheetgen.cardsizes import CARD_SIZES
from sheetgen.errors import InvalidArgument, InvalidInput
from sheetgen.facedown import for_players
from sheetgen.games import GameSpec, SheetPart, all_games, get_game
from sheetgen.playernames import check_all, check_printable
from sheetgen.paths import bundled, is_pdf
from sheetgen.results import entry
from sheetgen.results.document import Document
from sheetgen.results.model import CheckResult, Scorer
from sheetgen.results.report import ScoreReport
from sheetgen.results.writer import results_yaml
from sheetgen.results.yaml import parse_yaml, read_yaml
from sheetgen.ruledata import RuleData
from sheetgen.schema import Int
from sheetgen.setupcode import SetupCodeError

if TYPE_CHECKING:  # loaded by the calls that read a filled PDF form or plan a sheet (see the module docstring)
    from sheetgen.results.forms import SheetForm
    from sheetgen.results.pdf import FilledPdf
    from sheetgen.sheet import SheetRequest

PathLike = Union[str, "os.PathLike[str]"]
# a results file, or filled PDF forms: one, or several (the sheets of one game)
Source = Union[PathLike, "FilledPdf", Sequence[Union[PathLike, "FilledPdf"]]]
Paper = Literal["letter", "a4"]
Ink = Literal["color", "low"]
PAPERS: tuple[Paper, ...] = ("letter", "a4")
INKS: tuple[Ink, ...] = ("color", "low")


def game_keys() -> list[str]:
    """The keys of every game sheetgen knows, in name order."""
    return list(all_games())


def game(key: str, data: Optional[PathLike] = None) -> Game:
    """The game called `key` (forgiving: `goldwest`, `carcassonne`, ...); `data` is a
    folder of house-rule data to use instead of the bundled data.

    :raises InvalidArgument: on `game` for a name that fits no game, or several.
    """
    return Game(get_game(key), None if data is None else Path(data))


def game_of(doc: Document) -> str:
    """The key of the game a results document names in its `game:`.

    :raises InvalidInput: (located) when the document is not a mapping, or has no or an
        unknown `game:`.
    """
    value = doc.value
    written = value.get("game") if isinstance(value, dict) else None
    if isinstance(written, str) and _is_key(written.strip().lower()):
        return written.strip().lower()
    known = ", ".join(all_games())
    if not isinstance(value, dict):
        raise InvalidInput([doc.problem((), "expected a results file: a mapping that starts with "
                                             f"'game: NAME' (one of {known})")])
    if "game" not in value:
        raise InvalidInput([doc.problem((), f"missing key 'game'; name the game played, one of {known}")])
    raise InvalidInput([doc.problem(("game",), f"unknown game {written!r}; expected one of {known}")])


def _is_key(key: str) -> bool:
    """Whether `key` is exactly a game's key (looked up by its name: only that game's package loads)."""
    try:
        return get_game(key).key == key
    except InvalidArgument:
        return False


def fillable_sheets() -> dict[str, tuple[str, ...]]:
    """Game key -> the names of its sheets that print with form fields (and read back)."""
    return {spec.key: tuple(part.name for part in spec.sheets if part.form) for spec in all_games().values()}


@dataclass(frozen=True)
class Setup:
    """A realised setup: `code` rebuilds it exactly; `to_dict()` is `setup --format json`
    (face-down values hidden), `data` all of it."""

    game: str
    data: dict[str, Any]
    rules: RuleData

    @property
    def code(self) -> str:
        return str(self.data["code"])

    @property
    def players(self) -> int:
        return int(self.data["players"])

    @property
    def seed(self) -> Optional[str]:
        seed = self.data.get("seed")
        return None if seed is None else str(seed)

    @property
    def seating(self) -> list[str]:
        """The players' names in seating order (first player first)."""
        return [seat["name"] if isinstance(seat, dict) else str(seat) for seat in self.data["seating"]]

    def to_dict(self, reveal: bool = False) -> dict[str, Any]:
        """The setup as data, as the players see it (face-down values as "?"); `reveal`: with
        what lies face down too (a referee's copy)."""
        return copy.deepcopy(self.data if reveal else for_players(self.data, get_game(self.game).face_down_hider()))

    def text(self, fmt: str = "text", reveal: bool = False) -> str:
        """The setup as text, json, yaml or markdown, as the players see it; `reveal`: with what
        lies face down too (a referee's copy).

        :raises InvalidArgument: on `format` for another format.
        """
        return setuptext.render(self.data, get_game(self.game), fmt, self.rules, reveal=bool(reveal))


@dataclass(frozen=True)
class Export:
    """Filled PDF forms as a results file: its text, and the checks' warnings."""

    text: str
    warnings: list[str]


@dataclass(frozen=True)
class SheetOptions:
    """How to print a sheet part (`Game.sheet`). `players` or `names` (in seating order) choose
    the table; `results` (a results file, or filled forms) fills a fillable sheet in and names
    the players; `code` (a setup code) draws the parts that take one for that setup. Card
    sheets: `backs` prints the back pages, `back_names` each card's name on its back (and
    implies `backs`), `card_size` is one of sheetgen.cardsizes.CARD_SIZES."""

    paper: Paper = "letter"
    ink: Ink = "color"
    players: Optional[int] = None
    names: Optional[Sequence[str]] = None
    copies: int = 1
    backs: bool = False
    back_names: bool = False
    card_size: str = CARD_SIZES[0]
    fillable: bool = False
    results: Optional[Source] = None
    code: Optional[str] = None


@dataclass(frozen=True)
class SheetJob:
    """A sheet part with every argument checked (and a results file to fill it with read);
    drawn when `pdf` or `pages` is first read."""

    part: SheetPart
    request: SheetRequest
    rules: RuleData

    @property
    def players(self) -> int:
        return self.request.players

    @property
    def copies(self) -> int:
        return self.request.copies

    @property
    def per_player(self) -> bool:
        return self.part.per_player

    @property
    def pdf(self) -> bytes:
        """The PDF.

        :raises InvalidArgument: on `names` (or `results`) for a value a form field cannot show.
        """
        return self._drawn[0]

    @property
    def pages(self) -> int:
        return self._drawn[1]

    @cached_property
    def _drawn(self) -> tuple[bytes, int]:
        from sheetgen import pdf  # the drawing stack (reportlab) loads only for calls that draw

        document = self.part.builder()(self.rules, self.request)
        try:
            data = pdf.render(document, self.request.paper, self.request.ink)
        except InvalidArgument as exc:  # a value a form field cannot show: from names when no results file
            if exc.argument == "results" and not self.request.values:
                raise InvalidArgument("names", exc.message) from None
            raise
        return data, len(document.pages)


class Game:
    """One game with its rule data: setups, results and sheets."""

    def __init__(self, spec: GameSpec, data: Optional[Path] = None):
        self.spec = spec
        self.key = spec.key
        self._data = data
        self._rules: Optional[RuleData] = None

    def __repr__(self) -> str:
        return f"sheetgen.game({self.key!r})"

    @property
    def rules(self) -> RuleData:
        """The validated rule data (bundled, or the house-rule folder's).

        :raises InvalidInput: for rule data that do not pass their checks.
        """
        if self._rules is None:
            self._rules = ruledata.load(self.spec, self._data)
        return self._rules

    @property
    def title(self) -> str:
        return str(self.rules.title)

    @property
    def player_counts(self) -> tuple[int, int]:
        """(fewest, most) players."""
        low, high = self.rules.players
        return low, high

    # -- setups -------------------------------------------------------------------
    def setup(self, players: Optional[int] = None, seed: Optional[str] = None, code: Optional[str] = None,
              names: Optional[Sequence[str]] = None) -> Setup:
        """A fair random setup from `seed` (default: a fresh one), or exactly the one `code` names.

        :raises InvalidArgument: on `players`, `names`, `code` or `game` (a game without setups).
        """
        generate, from_code = self.spec.setup_functions()
        listed = check_all(names) if names is not None else None
        if code is not None:
            if seed is not None:
                raise InvalidArgument("code", "give a seed or a code, not both: a code already fixes the "
                                              "whole setup")
            try:
                made = from_code(self.rules, code, listed)
            except SetupCodeError as refused:  # the argument the caller got wrong: one wording everywhere
                raise InvalidArgument("code", refused.message) from None
            if players is not None and players != made["players"]:
                raise InvalidArgument("players", f"the code is for {made['players']} players, not {players}")
        else:
            made = generate(self.rules, players, seed, listed)
        return Setup(self.key, made, self.rules)

    def setup_card(self, setup: Setup, paper: Paper = "letter", ink: Ink = "color", reveal: bool = False) -> bytes:
        """A setup as a printable one-page PDF card. It shows what the players see at the start;
        `reveal` also shows what the setup places face down (a referee's or a solo player's copy).

        :raises InvalidArgument: on `paper`, `ink`, or `names` that a card cannot print.
        """
        from sheetgen import pdf, setupcard  # drawing: reportlab loads only here

        chosen_paper = _choice("paper", paper, PAPERS)
        check_printable(setup.seating)  # the card prints them; the text formats took them
        document = setupcard.build(setup.data, self.rules, self.spec, reveal=bool(reveal), paper=chosen_paper)
        return bytes(pdf.render(document, chosen_paper, _ink(ink)))

    # -- results ------------------------------------------------------------------
    def scorer(self) -> Scorer:
        """The game's scorer, for its rule data.

        :raises InvalidArgument: on `game` for a game without scoring.
        """
        scorer: Scorer = self.spec.scorer(self.rules)
        return scorer

    def read(self, path: Optional[Source] = None, *, text: Optional[str] = None,
             name: Optional[str] = None) -> Document:
        """A results file of this game, or its filled PDF forms (one PDF, or several: the
        sheets of one game), read and located (not yet checked).

        :raises InvalidInput: for a file that cannot be read, or holds another game's results.
        :raises InvalidArgument: on `path` for several files that are not all PDFs, or for
            neither or both of `path` and `text`.
        """
        sources = _pdf_sources(path) if text is None else None
        if sources is not None:
            return self._read_forms(sources)
        if path is not None and text is None:
            if not isinstance(path, (str, os.PathLike)):
                raise InvalidArgument("path", "several files must all be filled PDF forms (*.pdf); a results "
                                              "file (.yaml) is a game on its own")
            doc = read_yaml(path, display_name=name)
        elif text is not None and path is None:
            doc = parse_yaml(text, name or "<text>")
        else:
            raise InvalidArgument("path", "give a results file's path or its text (one of them)")
        written = game_of(doc)
        if written != self.key:
            raise InvalidInput([doc.problem(("game",), f"this file holds {written} results, not {self.key}; "
                                                       f"use it with {written}")])
        return doc

    def _read_forms(self, sources: list[Union[PathLike, FilledPdf]]) -> Document:
        """Filled PDF forms of this game read as one document (its sheets located by page and field)."""
        from sheetgen.results.pdf import read as read_forms  # loaded by _pdf_sources already

        return read_forms(sources, self.key, self.form, fillable_sheets())

    def check(self, path: Optional[Source] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> CheckResult:
        """The problems and warnings of a results file (or filled forms).

        :raises InvalidInput: for a file that cannot be read (see `read`).
        """
        return self.scorer().check(self.read(path, text=text, name=name))

    def score(self, path: Optional[Source] = None, *, text: Optional[str] = None,
              name: Optional[str] = None) -> ScoreReport:
        """The ranked report of a results file (or filled forms).

        :raises InvalidInput: listing every problem.
        """
        return self.scorer().tally(self.read(path, text=text, name=name))

    def export(self, forms: Source) -> Export:
        """Filled PDF forms (the sheets of one game) as the results file they amount to.

        :raises InvalidInput: for any problem of the forms (checked first: nothing is made).
        :raises InvalidArgument: on `path` when `forms` are not filled PDF forms.
        """
        sources = _pdf_sources(forms)
        if sources is None:
            raise InvalidArgument("path", "export reads filled PDF forms (*.pdf)")
        doc = self._read_forms(sources)
        result = self.scorer().check(doc)
        if result.problems:
            raise InvalidInput(result.problems)
        return Export(results_yaml(doc.value, self.title), result.warnings)

    def template(self, players: Optional[int] = None, names: Optional[Sequence[str]] = None, *,
                 code: Optional[str] = None) -> str:
        """A blank, commented results file to fill in after a game. With `code` (a setup code of
        this game) it is that setup's: names in its seating order, and for Gold West its setup line,
        its offices in play and only the counts they score.

        :raises InvalidArgument: on `players`, `names` or `code`.
        """
        scorer = self.scorer()
        if code is None:
            return scorer.template(players, names)
        setup = self.coded_setup(code, players, names)
        return scorer.template(names=setup.seating, setup=setup.data)

    def coded_setup(self, code: str, players: Optional[int] = None,
                    names: Optional[Sequence[str]] = None) -> Setup:
        """The setup `code` names, seating `names`.

        :raises InvalidArgument: on `code` for a code that is not one of this game's setups (the
            argument a caller got wrong), as `setup` says.
        """
        return self.setup(players=players, code=str(code), names=names)

    def enter(self, ask: entry.Ask, tell: entry.Tell, *, players: Optional[int] = None,
              names: Optional[Sequence[str]] = None, code: Optional[str] = None) -> str:
        """Guided entry: ask each field of the results model in sheet order, checking each answer
        (a bad one is asked again with the reason), and return the results file's text.

        `ask(prompt, default)` returns an answer's text (`default` for an empty answer, when not
        None) and raises `sheetgen.results.entry.EndOfInput` when input ends; `tell(text)` shows a
        reason or a hint. The players are `names` (in seating order), else asked, `players` of them
        (asked too when neither is given); with `code` (a setup code) they sit in that setup's order
        and, for Gold West, only its offices and the counts they score are asked.

        :raises InvalidArgument: on `players`, `names` or `code`.
        """
        scorer = self.scorer()
        own = self.spec.asker()
        listed = check_all(names) if names is not None else None
        setup: Optional[dict[str, Any]] = None
        seated: Optional[list[str]] = listed
        if code is not None:
            made = self.coded_setup(code, players, listed)
            setup, seated = made.data, made.seating
        elif players is None and listed is None:
            low, high = self.rules.players
            players = entry.Interview(ask, tell, scorer, scorer.context(), own).number(
                f"players ({low}-{high})", Int(low, high), high)
        ctx = scorer.context(players, seated, setup)
        data = entry.interview(scorer, ctx, ask, tell, asked_names=listed is None, own=own)
        return results_yaml(data, self.title, "entered at the table")

    def example(self) -> str:
        """A filled-in results file of this game (the one in examples/), as text."""
        return (bundled("examples") / f"{self.key}-game.yaml").read_text(encoding="utf-8")

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this game's results files."""
        return self.scorer().model().json_schema()

    def form(self, what: Optional[str] = None) -> SheetForm:
        """The form fields of a fillable sheet part (`SheetOptions(fillable=True)`): names, kinds,
        meaning.

        :raises InvalidArgument: on `what` for no such part, on `fillable` for a part without fields.
        """
        part = self.spec.sheet(what)
        if not part.form:
            fillable = [f"{key} {name}" for key, names in fillable_sheets().items() for name in names]
            raise InvalidArgument("fillable", f"the {self.key} {part.name} sheet has no form fields yet; "
                                              f"fillable sheets: {', '.join(fillable) or 'none'}")
        form: SheetForm = part.form_builder()(self.rules)
        return form

    # -- sheets -------------------------------------------------------------------
    def sheet(self, what: Optional[str] = None, options: SheetOptions = SheetOptions()) -> SheetJob:
        """A printable part (see `sheetgen games`) with `options`, every one checked (and a
        results file to fill it with read) before anything is drawn; the job's `pdf` draws it.

        :raises InvalidArgument: naming the option that cannot be honoured (`what`, `players`,
            `names`, `copies`, `paper`, `ink`, `backs`, `back_names`, `card_size`, `code`, `results`).
        :raises InvalidInput: for a `results` file with problems.
        """
        from sheetgen.sheet import SheetRequest, plan_players  # the display list: for the calls that print

        part = self.spec.sheet(what)
        o = options
        values: tuple[Any, ...] = ()
        names = o.names
        if o.fillable or o.results is not None:
            form = self.form(part.name)
            if o.results is not None:
                if o.players is not None or o.names is not None:
                    raise InvalidArgument("players" if o.players is not None else "names",
                                          "the results file names the players; leave this out")
                names, values = self._fill(form, o.results)
        self._check_card_options(part, o)
        if not part.per_player and o.results is None and (o.players is not None or o.names is not None):
            raise InvalidArgument("players" if o.players is not None else "names",
                                  f"the {self.key} {part.name} sheet is one set for the whole table; "
                                  f"print more copies for more sets")
        players, code = self._coded_table(part, o, names)
        if not isinstance(o.copies, int) or not 1 <= o.copies <= 1000:
            raise InvalidArgument("copies", f"copies must be 1 to 1000, not {o.copies}")
        try:
            count, parsed = plan_players(players, names, self.rules.players, self.rules.title)
        except InvalidArgument as exc:
            raise InvalidArgument("results", exc.message) if values else exc
        request = SheetRequest(count, parsed, o.copies, _choice("paper", o.paper, PAPERS), _ink(o.ink),
                               o.backs or o.back_names, o.back_names, o.fillable or o.results is not None, values,
                               code, count_given=players is not None or names is not None,
                               card_size=_choice("card_size", o.card_size, CARD_SIZES))
        return SheetJob(part, request, self.rules)

    def _check_card_options(self, part: SheetPart, o: SheetOptions) -> None:
        """Backs and card sizes are for card sheets."""
        if (o.backs or o.back_names) and not part.has_backs:
            with_backs = [p.name for g in all_games().values() for p in g.sheets if p.has_backs]
            raise InvalidArgument("backs" if o.backs else "back_names",
                                  f"the {self.key} {part.name} sheet has no back side; backs are "
                                  f"for card sheets ({', '.join(with_backs) or 'none yet'})")
        if o.card_size != CARD_SIZES[0] and not part.has_backs:
            raise InvalidArgument("card_size", f"the {self.key} {part.name} sheet is not a card sheet; a card size "
                                               f"is for card sheets")
        _choice("card_size", o.card_size, CARD_SIZES)

    def _coded_table(self, part: SheetPart, o: SheetOptions,
                     names: Optional[Sequence[str]]) -> tuple[Optional[int], Optional[str]]:
        """(players, code): a sheet drawn for a setup code is for that setup's table."""
        players = o.players
        if o.code is None:
            return players, None
        if not part.takes_code:
            takes = ", ".join(p.name for p in self.spec.sheets if p.takes_code) or "no sheet"
            raise InvalidArgument("code", f"the {self.key} {part.name} sheet is the same for every setup; "
                                          f"a code is for {takes}")
        made = self.setup(code=o.code)  # checked now, before anything is drawn
        if part.per_player:  # a sheet for that table: its player count
            count = len(names) if names is not None else players
            if count is None:
                players = made.players
            elif count != made.players:
                raise InvalidArgument("names" if names is not None else "players",
                                      f"the code is for {made.players} players, not {count}")
        return players, made.code

    def _fill(self, form: SheetForm, results: Source) -> tuple[list[str], tuple[Any, ...]]:
        """(names, each player's field values) of a results file with no problems."""
        outcome = self.scorer().examine(self.read(results))
        if outcome.problems:
            raise InvalidInput(outcome.problems)
        entries = outcome.table.players
        if form.scope == "game":  # one page holds the game: its fields' values, once
            return [e.name for e in entries], (form.write(form.plain(outcome)),)
        return [e.name for e in entries], tuple(form.write(form.plain(e)) for e in entries)


def _pdf_sources(source: Any) -> Optional[list[Union[PathLike, FilledPdf]]]:
    """The filled forms `source` names (a .pdf path, a FilledPdf, or a list of them), or None."""
    items = list(source) if isinstance(source, (list, tuple)) else [source]
    if not items or any(isinstance(i, (str, os.PathLike)) and not is_pdf(i) for i in items):
        return None  # a results file: the PDF-reading side is not loaded for it
    from sheetgen.results.pdf import FilledPdf  # heavy (its form model, the display list): for PDFs only

    if not all(isinstance(i, (str, os.PathLike, FilledPdf)) for i in items):
        return None
    return items


def _choice(argument: str, value: str, choices: Sequence[str]) -> Any:
    low = str(value).lower()
    if low not in choices:
        raise InvalidArgument(argument, f"'{value}' is not one of {', '.join(choices)}")
    return low


def _ink(value: str) -> Ink:
    """'color' or 'low'; the British spelling is welcome."""
    chosen: Ink = _choice("ink", "color" if str(value).lower() == "colour" else value, INKS)
    return chosen


__all__ = ["Export", "Game", "Ink", "Paper", "Setup", "SheetJob", "SheetOptions", "Source", "fillable_sheets",
           "game", "game_keys", "game_of"]
