"""Photos given to check, score, export and sheet --from: each becomes the filled form it shows.

The one place the results pipeline meets the photo reader: a photo of a board
becomes a `FilledPdf` of one page holding the same field names and values a
filled `--fillable` board would, so the boards of one game (photos, PDFs or
both) make one game and every rule check runs on the whole game. A box the
reader is not sure of is never guessed: at a terminal the command asks (it
shows the reading and writes a crop of the box under output/ to look at);
otherwise it is a `PHOTO:FIELD: message` problem. The player's name is not
read from a photo: a board is named by its page ("board page 2").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

from sheetgen.errors import InvalidInput, Problem
from sheetgen.scan import INSTALL

if TYPE_CHECKING:  # the reader needs OpenCV, loaded only when a photo is read
    from sheetgen.results.pdf import Fillable, FilledPdf
    from sheetgen.scan.read import FieldReading, PhotoReading

SUFFIXES = (".jpg", ".jpeg", ".png")
CROPS = Path("output") / "scan-crops"


def is_photo(name: Union[str, Path]) -> bool:
    return str(name).lower().endswith(SUFFIXES)


def _words(value: Any) -> str:
    if value is True:
        return "checked"
    if value is False:
        return "not checked"
    return repr(value) if value else "empty"


def _answers(choices: tuple[Union[str, bool], ...]) -> dict[str, Union[str, bool]]:
    return {("empty" if v == "" else "yes" if v is True else "no" if v is False else v): v for v in choices}


def _choices(field: str) -> tuple[Union[str, bool], ...]:
    from sheetgen.scan import geometry

    kind = {c.field: c.kind for c in geometry.page("letter").cells}[field]
    return {"claim": ("", "camp", "settlement"), "double": ("", "high", "low")}.get(kind, (False, True))


Ask = Callable[[str], str]


def at_terminal() -> Optional[Ask]:
    """`input` when someone at a terminal can answer (standard input and output both are one), else
    None: a box not sure is then a problem, never a question nobody sees."""
    return input if sys.stdin.isatty() and sys.stdout.isatty() else None


def read(names: Sequence[str], ask: Optional[Ask] = None, say: Callable[[str], None] = print) -> list["FilledPdf"]:
    """A FilledPdf per photo, or InvalidInput listing every photo that cannot be read and, when
    nobody can be asked (`ask` None), every box not sure."""
    from sheetgen.results.pdf import FilledPage, FilledPdf
    from sheetgen.scan.command import available, read_all

    if not available():
        raise InvalidInput([Problem(names[0], INSTALL)])
    readings = read_all(names, crops=ask is not None)
    problems: list[Problem] = []
    pdfs = []
    for reading in readings:
        if reading.problems:
            problems += [Problem(reading.file, message) for message in reading.problems]
            continue
        values: dict[str, Any] = {"name": f"board page {reading.page}", "total": ""}  # neither is read from a photo
        for f in reading.fields:
            if f.sure:
                values[f.field] = f.value
                continue
            if ask is None:
                problems.append(Problem(reading.file, f"read as {_words(f.value)} but not sure ({f.why}); "
                                                      f"look at the board and write it in a results file, or "
                                                      f"photograph it again", field=f.field))
                continue
            values[f.field] = _ask(reading, f, ask, say)
        pdfs.append(FilledPdf(reading.file, [FilledPage(1, reading.game, reading.part, values)],
                              subject=f"photo of board page {reading.page}"))
    if problems:
        raise InvalidInput(problems)
    return pdfs


def forms(names: Sequence[str], fillable: "Fillable", ask: Optional[Ask] = None) -> list["FilledPdf"]:
    """Each of `names` as the filled form it is: a PDF form opened (one of the `fillable` sheets),
    a photo read; the PDFs first, then the photos, each in the order given. InvalidInput lists
    every file that cannot be read (and every box not sure, when nobody can be asked)."""
    from sheetgen.results.pdf import open_pdf

    filled: list["FilledPdf"] = []
    problems: list[Problem] = []
    for name in names:
        if not is_photo(name):
            try:
                filled.append(open_pdf(name, fillable))
            except InvalidInput as exc:
                problems += exc.problems
    shots = [name for name in names if is_photo(name)]
    if shots:
        try:
            filled += read(shots, ask=ask)
        except InvalidInput as exc:
            problems += exc.problems
    if problems:
        raise InvalidInput(problems)
    return filled


def _ask(reading: "PhotoReading", f: "FieldReading", ask: Ask, say: Callable[[str], None]) -> Union[str, bool]:
    import cv2

    CROPS.mkdir(parents=True, exist_ok=True)
    crop = CROPS / f"{Path(reading.file).stem}-{f.field}.png"
    cv2.imwrite(str(crop), reading.crops[f.field])
    options = _answers(_choices(f.field))
    say(f"{reading.file}:{f.field}: read as {_words(f.value)} ({f.confidence:.0%}), not sure: {f.why}; "
        f"the box is in {crop}")
    while True:
        answer = ask(f"  {f.field} ({' / '.join(options)}): ").strip().lower()
        if answer in options:
            return options[answer]
        say(f"  one of: {', '.join(options)}")
