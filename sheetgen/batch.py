"""Checking and scoring many results files in one process, and showing the outcome.

`expand` turns command-line FILE arguments into sources (a folder is every
.yaml/.yml file in it, `-` is standard input); `run` checks (and tallies)
each one on its own; `show` prints one file exactly as a single-file run
does, and several files one after another with a closing summary.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Optional, Sequence, Union

from sheetgen.errors import InvalidInput, Problem
from sheetgen.output import say

if TYPE_CHECKING:
    from pathlib import Path

    from sheetgen.scoring import ScoreReport

STDIN = "-"


class FileOutcome:
    """What one results file gave: problems, or warnings and (when scored) a report.

    A plain class rather than a dataclass: defining a dataclass costs every
    check or score command a start-up of about half a millisecond.
    """

    __slots__ = ("name", "problems", "warnings", "report")

    def __init__(self, name: str, problems: Optional[list] = None, warnings: Optional[list] = None,
                 report: Optional["ScoreReport"] = None):
        self.name = name
        self.problems: list = [] if problems is None else problems
        self.warnings: list = [] if warnings is None else warnings
        self.report = report

    def __repr__(self) -> str:
        return (f"FileOutcome(name={self.name!r}, problems={self.problems!r}, warnings={self.warnings!r}, "
                f"report={self.report!r})")

    def __eq__(self, other: object) -> bool:
        if type(other) is not FileOutcome:
            return NotImplemented
        return (self.name, self.problems, self.warnings, self.report) == \
            (other.name, other.problems, other.warnings, other.report)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it was

    @property
    def ok(self) -> bool:
        return not self.problems


def expand(arguments: Sequence[str]) -> list:
    """The files named: folders opened up (their .yaml and .yml files, sorted), '-' kept."""
    out: list = []
    for argument in arguments:
        if argument != STDIN and os.path.isdir(argument):
            from pathlib import Path  # only a folder needs it: a command naming files never loads it

            path = Path(argument)
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file())
            out += [str(p) for p in found] or [argument]  # an empty folder is reported as such
        else:
            out.append(argument)
    return out


def run(names: Sequence[str], data: Union[str, "Path", None], score: bool) -> list:
    """Check (and, with `score`, tally) each file; a file's problems never stop the others."""
    import sheetgen
    from sheetgen.scoring import read_results
    from sheetgen.yamlio import parse_yaml

    games: dict = {}
    outcomes = []
    collecting = gc.isenabled()
    for name in names:
        outcome = FileOutcome("<stdin>" if name == STDIN else name)
        # Reading and checking a file makes a container per list, mapping and player and a
        # tuple per position, all alive until its outcome is made: a collector pass in
        # between frees nothing and walks them all (a tenth of the time of a file of
        # thousands of players). Paused per file; what a file leaves is collected after it.
        gc.disable()
        try:
            if name == STDIN:
                doc = read_results(parse_yaml(sys.stdin.buffer.read(), outcome.name))
            elif os.path.isdir(name):
                raise InvalidInput([Problem(name, "a folder with no .yaml or .yml results files")])
            else:
                doc = read_results(name)
            key = str(doc.value["game"]).strip().lower()
            if key not in games:
                games[key] = sheetgen.game(key, data).scorer()
            result = games[key].examine(doc)
            outcome.problems, outcome.warnings = result.problems, result.warnings
            if score and not result.problems:
                outcome.report = games[key].report(result)
        except InvalidInput as exc:
            outcome.problems = exc.problems
        finally:
            if collecting:
                gc.enable()
        outcomes.append(outcome)
    return outcomes


def show(outcomes: Sequence[FileOutcome], fmt: str, score: bool) -> None:
    """Print the outcomes; exit 1 when any file has problems."""
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
        _show_one(outcomes[0], score)
        return
    else:
        from sheetgen.scoring import report_to_text

        for o in outcomes:
            if score and o.report is not None:
                say(f"== {o.name} ==")
                say(report_to_text(o.report))
            elif o.ok:
                for warning in o.warnings:
                    say(f"warning: {o.name}: {warning}", err=True)
                say(f"{o.name}: ok")
            else:
                for problem in o.problems:
                    say(str(problem), err=True)
        counts = _summary(outcomes)
        say(f"{counts['files']} files: {counts['ok']} ok, {counts['with_problems']} with problems",
                   err=counts["with_problems"] > 0)
    if any(not o.ok for o in outcomes):
        sys.exit(1)


def _show_one(o: FileOutcome, score: bool) -> None:
    from sheetgen.scoring import report_to_text

    if o.problems:
        raise InvalidInput(o.problems)
    if score and o.report is not None:
        say(report_to_text(o.report).rstrip("\n"))
        return
    for warning in o.warnings:
        say(f"warning: {warning}", err=True)
    say(f"{o.name}: ok")


def _summary(outcomes: Sequence[FileOutcome]) -> dict:
    bad = sum(1 for o in outcomes if not o.ok)
    return {"files": len(outcomes), "ok": len(outcomes) - bad, "with_problems": bad}
