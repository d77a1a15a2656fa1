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

import os
import sys
from typing import TYPE_CHECKING, Any, Optional, Sequence

from sheetgen.collector import paused
from sheetgen.errors import InvalidInput, Problem, problem_lines
from sheetgen.output import say
from sheetgen.record import Record
from sheetgen.scoring import ScoreReport

if TYPE_CHECKING:
    from pathlib import Path

STDIN = "-"


class FileOutcome(Record):
    """What one results file gave: problems, or warnings and (when scored) a report."""

    __slots__ = _fields = ("name", "problems", "warnings", "report", "files", "results")
    name: str
    problems: list
    warnings: list
    report: Optional[ScoreReport]
    files: int  # PDFs that made this game
    results: Any  # the plain values of the results read (what `score --log` keeps), once read

    def __init__(self, name: str, problems: Optional[list] = None, warnings: Optional[list] = None,
                 report: Optional[ScoreReport] = None, files: int = 1):
        self.name, self.report, self.files = name, report, files
        self.results = None
        self.problems = [] if problems is None else problems
        self.warnings = [] if warnings is None else warnings

    @property
    def ok(self) -> bool:
        return not self.problems


SUFFIXES = (".yaml", ".yml", ".pdf")


class Source(str):
    """A file to read, and the folder argument it was found in (PDFs of one folder are one game)."""

    folder: Optional[str] = None


def expand(arguments: Sequence[str]) -> list:
    """The files named: folders opened up (their .yaml, .yml and .pdf files, sorted), '-' kept."""
    out: list = []
    for argument in arguments:
        if argument != STDIN and os.path.isdir(argument):
            from pathlib import Path  # folders only: a command naming files does without pathlib

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


def run(names: Sequence[str], data: Optional[Path], score: bool) -> list:
    """Check (and, with `score`, tally) each game; a game's problems never stop the others."""
    import sheetgen

    scorers: dict = {}
    outcomes: list = []
    groups: dict = {}  # (folder, game) -> (outcome, forms)
    photos: list = []  # photos of boards (sheetgen scan): read together below, each becomes a filled form
    for name in names:
        if name != STDIN and str(name).lower().endswith((".jpg", ".jpeg", ".png")):
            photos.append(name)
            continue
        outcome = FileOutcome("<stdin>" if name == STDIN else name)
        # Reading and checking a file makes many small containers that live until its outcome
        # is made: the collector is paused per file (see sheetgen.collector).
        with paused():
            try:
                if name != STDIN and str(name).lower().endswith(".pdf") and not os.path.isdir(name):
                    from sheetgen.forms import open_pdf

                    pdf = open_pdf(name)
                    key = (getattr(name, "folder", None), pdf.game)
                    if key not in groups:
                        groups[key] = (outcome, [])
                        outcomes.append(outcome)
                    groups[key][1].append(pdf)
                    continue
                doc = _read_yaml(name, outcome.name)
                _examine(doc, scorers, sheetgen, data, score, outcome)
            except InvalidInput as exc:
                outcome.problems = exc.problems
        outcomes.append(outcome)
    if photos:
        _read_photos(photos, groups, outcomes)
    for (_, game), (outcome, pdfs) in groups.items():
        from sheetgen import forms  # PDFs only: a run of results files never loads the form reader

        outcome.name = " + ".join(dict.fromkeys(pdf.name for pdf in pdfs))
        outcome.files = len(pdfs)
        try:
            doc = forms.document(pdfs, sheetgen.game(game, data))
            _examine(doc, scorers, sheetgen, data, score, outcome)
        except InvalidInput as exc:
            outcome.problems = exc.problems
    return outcomes


def _read_photos(names: list, groups: dict, outcomes: list) -> None:
    """Photos of boards as filled forms, joining the PDFs of their game; at a terminal a box the
    reader is not sure of is asked, else it is a problem."""
    from sheetgen.scan import photos

    ask = input if sys.stdin.isatty() and sys.stdout.isatty() else None
    try:
        pdfs = photos.read([str(n) for n in names], ask=ask)
    except InvalidInput as exc:
        outcome = FileOutcome(" + ".join(str(n) for n in names))
        outcome.problems = exc.problems
        outcomes.append(outcome)
        return
    for pdf in pdfs:
        key = (None, pdf.game)
        if key not in groups:
            groups[key] = (FileOutcome(pdf.name), [])
            outcomes.append(groups[key][0])
        groups[key][1].append(pdf)


def _read_yaml(name: str, shown: str) -> Any:
    from sheetgen.scoring import read_results
    from sheetgen.yamlio import parse_yaml

    if name == STDIN:
        return read_results(parse_yaml(sys.stdin.buffer.read(), shown))
    if os.path.isdir(name):
        raise InvalidInput([Problem(name, "a folder with no .yaml, .yml or .pdf files")])
    return read_results(name)


def _examine(doc: Any, scorers: dict, sheetgen: Any, data: Optional[Path], score: bool,
             outcome: FileOutcome) -> None:
    key = str(doc.value["game"]).strip().lower()
    if key not in scorers:
        scorers[key] = sheetgen.game(key, data).scorer()
    result = scorers[key].examine(doc)
    outcome.problems, outcome.warnings, outcome.results = result.problems, result.warnings, doc.value
    if score and not result.problems:
        outcome.report = scorers[key].report(result)


def show(outcomes: Sequence[FileOutcome], fmt: str, score: bool, picture: bool = False) -> None:
    """Print the outcomes; exit 1 when any file has problems. `picture`: each text report ends
    with its map (`score --map`)."""
    if fmt == "json":
        import json

        from sheetgen.scoring import report_to_json

        def as_json(o: FileOutcome) -> dict:
            if o.problems:
                return {"file": o.name, "problems": [p.to_dict() for p in o.problems], "warnings": o.warnings}
            if o.report is not None:
                return {"file": o.name, **report_to_json(o.report)}
            return {"file": o.name, "ok": True, "warnings": o.warnings}

        if len(outcomes) == 1:
            body = as_json(outcomes[0])
            if outcomes[0].ok:
                body.pop("file")
        else:
            body = {"files": [as_json(o) for o in outcomes], "summary": _summary(outcomes)}
        say(json.dumps(body, indent=2, ensure_ascii=False))
    elif len(outcomes) == 1:
        _show_one(outcomes[0], score, picture)
        return
    else:
        from sheetgen.scoring import report_to_text

        for o in outcomes:
            if score and o.report is not None:
                say(f"== {o.name} ==")
                say(report_to_text(o.report, picture))
            elif o.ok:
                for warning in o.warnings:
                    say(f"warning: {o.name}: {warning}", err=True)
                say(f"{o.name}: ok")
            else:
                for line in problem_lines(o.problems):
                    say(line, err=True)
        counts = _summary(outcomes)
        files = sum(o.files for o in outcomes)
        what = f"{counts['files']} games from {files} files" if files != counts["files"] else f"{files} files"
        say(f"{what}: {counts['ok']} ok, {counts['with_problems']} with problems", err=counts["with_problems"] > 0)
    if any(not o.ok for o in outcomes):
        sys.exit(1)


def _show_one(o: FileOutcome, score: bool, picture: bool = False) -> None:
    from sheetgen.scoring import report_to_text

    if o.problems:
        raise InvalidInput(o.problems)
    if score and o.report is not None:
        say(report_to_text(o.report, picture).rstrip("\n"))
        return
    for warning in o.warnings:
        say(f"warning: {warning}", err=True)
    say(f"{o.name}: ok")


def _summary(outcomes: Sequence[FileOutcome]) -> dict:
    bad = sum(1 for o in outcomes if not o.ok)
    return {"files": len(outcomes), "ok": len(outcomes) - bad, "with_problems": bad}
