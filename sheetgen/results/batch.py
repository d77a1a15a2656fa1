"""Checking and scoring many results files in one process.

`expand` turns command-line FILE arguments into sources (a folder is every
.yaml/.yml/.pdf file and every photo in it, `-` is standard input); `run` reads each source,
hands what was read to the game's scorer and keeps what it gives (problems, or
warnings and a report) in a `FileOutcome` per game, for the caller to show
(sheetgen.results.show). The batch calls nothing above the readers and the scorer.

What makes a game: a results file (YAML) is one game. Filled PDF forms are
the sheets of players, so PDFs make a game together: all the PDFs given as
files that were printed for the same game (rolled-west, ...) are one game,
and so are those of one folder. A photo of a board (sheetgen.scan) is read as
the filled form it shows and joins the PDFs given beside it (or of its folder)
printed for the same game. A PDF that cannot be read is reported on its own;
the rest of its game is still checked.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence

from sheetgen.errors import InvalidInput, Problem
from sheetgen.paths import is_pdf
from sheetgen.results.document import Document
from sheetgen.results.model import Scorer
from sheetgen.results.report import ScoreReport
from sheetgen.results.yaml import parse_yaml, read_yaml
from sheetgen.scan import photos

if TYPE_CHECKING:  # the PDF-reading side (its form model and the display list below it) loads with a PDF
    from sheetgen.results.forms import SheetForm
    from sheetgen.results.pdf import Fillable, FilledPdf

STDIN = "-"


class ResultsGame(Protocol):
    """What a batch needs of one game: its key, its scorer and its sheets' forms (sheetgen.Game)."""

    @property
    def key(self) -> str: ...

    def scorer(self) -> Scorer: ...

    def form(self, what: Optional[str] = None) -> SheetForm: ...


@dataclass(frozen=True)
class Lookup:
    """The games, as a batch needs them, handed down by its caller above the registry (the API)."""

    game_of: Callable[[Document], ResultsGame]  # the game a results file names; InvalidInput if none
    game: Callable[[str], ResultsGame]  # a game by its key
    fillable: Callable[[], Fillable]  # game key -> its sheets that read back as filled forms (PDFs only)


@dataclass
class FileOutcome:
    """What one results file gave: problems, or warnings and (when scored) a report."""

    name: str
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    report: Optional[ScoreReport] = None
    files: int = 1  # PDFs that made this game
    results: Any = None  # the plain values of the results read (what `score --log` keeps), once read

    @property
    def ok(self) -> bool:
        return not self.problems


SUFFIXES = (".yaml", ".yml", ".pdf", *photos.SUFFIXES)


class Source(str):
    """A file to read, and the folder argument it was found in (PDFs and photos of one folder are one game)."""

    folder: Optional[str] = None


def expand(arguments: Sequence[str]) -> list[str]:
    """The files named: folders opened up (their .yaml, .yml and .pdf files and photos, sorted), '-' kept."""
    out: list[str] = []
    for argument in arguments:
        if argument != STDIN and os.path.isdir(argument):
            path = Path(argument)
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
            for p in found:
                source = Source(p)
                source.folder = argument
                out.append(source)
            if not found:
                out.append(argument)  # an empty folder is reported as such
        else:
            out.append(argument)
    return out


def run(arguments: Sequence[str], games: Lookup, score: bool) -> list[FileOutcome]:
    """Check (and, with `score`, tally) each game of the files named (`expand`); a game's
    problems never stop the others."""
    run = _Run(games, score)
    for source in expand(arguments):
        run.add(source)
    return run.finish()


class _Run:
    """One batch: a results file is examined as it comes; filled PDFs wait for the rest of their game."""

    def __init__(self, games: Lookup, score: bool):
        self.games, self.score = games, score
        self.scorers: dict[str, Scorer] = {}
        self.outcomes: list[FileOutcome] = []
        # (folder, game) -> the outcome and the forms of that game
        self.groups: dict[tuple[Optional[str], str], tuple[FileOutcome, list[FilledPdf]]] = {}
        # photos of boards (sheetgen scan), by the folder they were found in (None: given as files):
        # read together, each a filled form
        self.photos: dict[Optional[str], list[str]] = {}

    def add(self, source: str) -> None:
        if source != STDIN and photos.is_photo(source):
            self.photos.setdefault(getattr(source, "folder", None), []).append(str(source))
            return
        outcome = FileOutcome("<stdin>" if source == STDIN else source)
        if source != STDIN and os.path.isdir(source):  # `expand` keeps a folder that has nothing to read
            outcome.problems = [Problem(source, f"a folder with no results files, PDF forms or photos of boards "
                                                f"({', '.join(SUFFIXES)})")]
            self.outcomes.append(outcome)
            return
        try:
            if source != STDIN and is_pdf(source):
                from sheetgen.results.pdf import open_pdf  # heavy: a batch of results files never loads it

                pdf = open_pdf(source, self.games.fillable())
                key = (getattr(source, "folder", None), pdf.game)
                if key not in self.groups:
                    self.groups[key] = (outcome, [])
                    self.outcomes.append(outcome)
                self.groups[key][1].append(pdf)
                return
            if source == STDIN:
                doc = parse_yaml(sys.stdin.buffer.read(), outcome.name)
            else:
                doc = read_yaml(source)
            game = self.games.game_of(doc)
            checked, report = self._scorer(game).verdict(doc, self.score)
            outcome.problems, outcome.warnings, outcome.report = checked.problems, checked.warnings, report
            outcome.results = doc.value
        except InvalidInput as exc:
            outcome.problems = exc.problems
        self.outcomes.append(outcome)

    def finish(self) -> list[FileOutcome]:
        for folder, names in self.photos.items():
            self._read_photos(folder, names)
        if self.groups:
            self._examine_forms()
        return self.outcomes

    def _examine_forms(self) -> None:
        """Each group of filled forms (the PDFs and photos of one game) as one game."""
        from sheetgen.results.pdf import document  # loaded already: a group holds a PDF read

        for (_, key), (outcome, pdfs) in self.groups.items():
            outcome.name = " + ".join(dict.fromkeys(pdf.name for pdf in pdfs))
            outcome.files = len(pdfs)
            try:
                game = self.games.game(key)
                doc = document(pdfs, game.key, game.form)
                checked, report = self._scorer(game).verdict(doc, self.score)
                outcome.problems, outcome.warnings, outcome.report = checked.problems, checked.warnings, report
                outcome.results = doc.value
            except InvalidInput as exc:
                outcome.problems = exc.problems

    def _read_photos(self, folder: Optional[str], names: list[str]) -> None:
        """The photos (given as files, or of one folder) as filled forms, joining the PDFs of their
        game given beside them; at a terminal a box the reader is not sure of is asked, else it is a
        problem."""
        try:
            filled = photos.read(names, ask=photos.at_terminal())
        except InvalidInput as exc:
            outcome = FileOutcome(" + ".join(names))
            outcome.problems = exc.problems
            self.outcomes.append(outcome)
            return
        for pdf in filled:
            key = (folder, pdf.game)
            if key not in self.groups:
                self.groups[key] = (FileOutcome(pdf.name), [])
                self.outcomes.append(self.groups[key][0])
            self.groups[key][1].append(pdf)

    def _scorer(self, game: ResultsGame) -> Scorer:
        """The game's scorer, made once per batch (it builds the game's model once)."""
        if game.key not in self.scorers:
            self.scorers[game.key] = game.scorer()
        return self.scorers[game.key]
