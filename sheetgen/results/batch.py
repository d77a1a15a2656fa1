"""Checking and scoring many results files in one process, and showing the outcome.

`expand` turns command-line FILE arguments into sources (a folder is every
.yaml/.yml/.pdf file in it, `-` is standard input); `run` checks (and
tallies) each game on its own; `show` prints one game exactly as a
single-file run does, and several one after another with a closing summary.

What makes a game: a results file (YAML) is one game. Filled PDF forms are
the sheets of players, so PDFs make a game together: all the PDFs given as
files that were printed for the same game (rolled-west, ...) are one game,
and so are those of one folder. A PDF that cannot be read is reported on its
own; the rest of its game is still checked.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence

from sheetgen.errors import InvalidInput, Problem, problem_lines
from sheetgen.output import say
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


SUFFIXES = (".yaml", ".yml", ".pdf")


class Source(str):
    """A file to read, and the folder argument it was found in (PDFs of one folder are one game)."""

    folder: Optional[str] = None


def expand(arguments: Sequence[str]) -> list[str]:
    """The files named: folders opened up (their .yaml, .yml and .pdf files, sorted), '-' kept."""
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
        self.photos: list[str] = []  # photos of boards (sheetgen scan): read together, each a filled form

    def add(self, source: str) -> None:
        if source != STDIN and photos.is_photo(source):
            self.photos.append(str(source))
            return
        outcome = FileOutcome("<stdin>" if source == STDIN else source)
        try:
            if source != STDIN and str(source).lower().endswith(".pdf") and not os.path.isdir(source):
                from sheetgen.results.pdf import open_pdf  # heavy: a batch of results files never loads it

                pdf = open_pdf(source, self.games.fillable())
                key = (getattr(source, "folder", None), pdf.game)
                if key not in self.groups:
                    self.groups[key] = (outcome, [])
                    self.outcomes.append(outcome)
                self.groups[key][1].append(pdf)
                return
            doc = _read_yaml(source, outcome.name)
            self._examine(doc, self.games.game_of(doc), outcome)
        except InvalidInput as exc:
            outcome.problems = exc.problems
        self.outcomes.append(outcome)

    def finish(self) -> list[FileOutcome]:
        if self.photos:
            self._read_photos()
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
                self._examine(document(pdfs, game.key, game.form), game, outcome)
            except InvalidInput as exc:
                outcome.problems = exc.problems

    def _read_photos(self) -> None:
        """The photos as filled forms, joining the PDFs of their game; at a terminal a box the
        reader is not sure of is asked, else it is a problem."""
        ask = input if sys.stdin.isatty() and sys.stdout.isatty() else None
        try:
            filled = photos.read(self.photos, ask=ask)
        except InvalidInput as exc:
            outcome = FileOutcome(" + ".join(self.photos))
            outcome.problems = exc.problems
            self.outcomes.append(outcome)
            return
        for pdf in filled:
            key = (None, pdf.game)
            if key not in self.groups:
                self.groups[key] = (FileOutcome(pdf.name), [])
                self.outcomes.append(self.groups[key][0])
            self.groups[key][1].append(pdf)

    def _examine(self, doc: Document, game: ResultsGame, outcome: FileOutcome) -> None:
        if game.key not in self.scorers:
            self.scorers[game.key] = game.scorer()
        scorer = self.scorers[game.key]
        result = scorer.examine(doc)
        outcome.problems, outcome.warnings, outcome.results = result.problems, result.warnings, doc.value
        if self.score and not result.problems:
            outcome.report = scorer.report(result)


def _read_yaml(name: str, shown: str) -> Document:
    if name == STDIN:
        return parse_yaml(sys.stdin.buffer.read(), shown)
    if os.path.isdir(name):
        raise InvalidInput([Problem(name, "a folder with no .yaml, .yml or .pdf files")])
    return read_yaml(name)


def show(outcomes: Sequence[FileOutcome], fmt: str, score: bool, picture: bool = False) -> None:
    """Print the outcomes; exit 1 when any file has problems. `picture`: each text report ends
    with its map (`score --map`). One file with problems raises InvalidInput (the command
    line lists them)."""
    if fmt != "json" and len(outcomes) == 1 and outcomes[0].problems:
        raise InvalidInput(outcomes[0].problems)
    for text, err in lines(outcomes, fmt, score, picture):
        say(text, err=err)
    if any(not o.ok for o in outcomes):
        sys.exit(1)


def lines(outcomes: Sequence[FileOutcome], fmt: str, score: bool, picture: bool = False) -> list[tuple[str, bool]]:
    """What `show` prints: (text, whether it goes to standard error), in order."""
    if fmt == "json":
        return [(json.dumps(_json(outcomes), indent=2, ensure_ascii=False), False)]
    if len(outcomes) == 1:
        return _one(outcomes[0], score, picture)
    out: list[tuple[str, bool]] = []
    for o in outcomes:
        if score and o.report is not None:
            out += [(f"== {o.name} ==", False), (o.report.text(picture), False)]
        elif o.ok:
            out += [(f"warning: {o.name}: {warning}", True) for warning in o.warnings]
            out.append((f"{o.name}: ok", False))
        else:
            out += [(line, True) for line in problem_lines(o.problems)]
    counts = _summary(outcomes)
    files = sum(o.files for o in outcomes)
    what = f"{counts['files']} games from {files} files" if files != counts["files"] else f"{files} files"
    out.append((f"{what}: {counts['ok']} ok, {counts['with_problems']} with problems", counts["with_problems"] > 0))
    return out


def _json(outcomes: Sequence[FileOutcome]) -> dict[str, Any]:
    def as_json(o: FileOutcome) -> dict[str, Any]:
        if o.problems:
            return {"file": o.name, "problems": [p.to_dict() for p in o.problems], "warnings": o.warnings}
        if o.report is not None:
            return {"file": o.name, **o.report.to_dict()}
        return {"file": o.name, "ok": True, "warnings": o.warnings}

    if len(outcomes) == 1:
        body = as_json(outcomes[0])
        if outcomes[0].ok:
            body.pop("file")
        return body
    return {"files": [as_json(o) for o in outcomes], "summary": _summary(outcomes)}


def _one(o: FileOutcome, score: bool, picture: bool) -> list[tuple[str, bool]]:
    if score and o.report is not None:
        return [(o.report.text(picture).rstrip("\n"), False)]
    return [(f"warning: {warning}", True) for warning in o.warnings] + [(f"{o.name}: ok", False)]


def _summary(outcomes: Sequence[FileOutcome]) -> dict[str, int]:
    bad = sum(1 for o in outcomes if not o.ok)
    return {"files": len(outcomes), "ok": len(outcomes) - bad, "with_problems": bad}
