"""Results as the command line shows them: each game's outcome of a batch (`sheetgen.results.batch`)
as text or JSON, and a closing summary when there are several."""

from __future__ import annotations

import json
import sys
from typing import Any, Sequence

from sheetgen.errors import InvalidInput, problem_lines
from sheetgen.output import say
from sheetgen.results.batch import FileOutcome


def show(outcomes: Sequence[FileOutcome], fmt: str, score: bool, picture: bool = False) -> None:
    """Print the outcomes; exit 1 when any file has problems. `picture`: each text report ends
    with its map (`score --map`). One file with problems raises InvalidInput (the command
    line lists them)."""
    for text, err in lines(outcomes, fmt, score, picture):
        say(text, err=err)
    if any(not o.ok for o in outcomes):
        sys.exit(1)


def lines(outcomes: Sequence[FileOutcome], fmt: str, score: bool, picture: bool = False) -> list[tuple[str, bool]]:
    """What `show` prints: (text, whether it goes to standard error), in order. As text, one
    file with problems raises InvalidInput instead (the command line lists them)."""
    if fmt == "json":
        return [(json.dumps(_json(outcomes), indent=2, ensure_ascii=False), False)]
    if len(outcomes) == 1:
        return _one(outcomes[0], score, picture)
    counts = _summary(outcomes)
    out: list[tuple[str, bool]] = []
    for o in outcomes:
        if score and o.report is not None:
            out += [(f"== {o.name} ==", False), (o.report.text(picture), False)]
        elif o.ok:
            out += [(f"warning: {o.name}: {warning}", True) for warning in o.warnings]
            out.append((f"{o.name}: ok", False))
        else:
            out += [(line, True) for line in problem_lines(o.problems)]
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
    if o.problems:
        raise InvalidInput(o.problems)
    if score and o.report is not None:
        return [(o.report.text(picture).rstrip("\n"), False)]
    return [(f"warning: {warning}", True) for warning in o.warnings] + [(f"{o.name}: ok", False)]


def _summary(outcomes: Sequence[FileOutcome]) -> dict[str, int]:
    bad = sum(1 for o in outcomes if not o.ok)
    return {"files": len(outcomes), "ok": len(outcomes) - bad, "with_problems": bad}
