"""Fillable sheets: form fields as one more face of a game's results model.

A sheet that can be filled in on screen (`sheetgen sheet GAME --fillable`)
declares its form in one place (for Rolled West:
`games/rolled_west/board_form.py`): a `SheetForm` of `Slot`s, the fields of
one page in tab order, and `Binding`s that say which fields make which value
of a player's entry in a results file. Nothing here checks a rule. Reading a
filled PDF turns each filled page into the plain values a YAML results file
would hold (`{game, players: [{name, ...}, ...]}`), with a map from each
value's path to its page and field, and hands that `FormDocument` to the game's
`Scorer.examine`, the same as a YAML file: every problem comes back as
`FILE:page N:FIELD: message`.

What a form can hold that a results file cannot (a claim drawn after an empty
space, a mark that is not one of the field's choices) is a problem of the
form itself, found here and reported with the checks' own problems.

PDF files are read with pypdf, imported only when a PDF is read.

Field names: in the PDF, page N's field F of the GAME's PART sheet is
`GAME.PART.pN.F` (a hierarchy, so the same box on two pages is two fields).
Only F is the sheet's business; it is what messages, `--fields` and the
documentation show.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Optional, Sequence, Union

from sheetgen.errors import InvalidInput, Problem
from sheetgen.yamlio import Document, PathKey, read_limited

if TYPE_CHECKING:
    from sheetgen.api import Game
    from sheetgen.sheet import FormField, Rect

MAX_PDF_BYTES = 10_000_000  # a 4-page fillable board is about 210 kB
MAX_DEPTH = 32  # parent fields above a widget; more is a loop or a hostile file
MAX_VALUE = 1000  # characters of one field's value kept (a name is at most 40)
_PAGE_NODE = re.compile(r"p[1-9][0-9]{0,5}")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
MISSING = object()  # a binding read nothing: the key is left out of the entry


# -- a sheet's form ------------------------------------------------------------------

@dataclass(frozen=True)
class Slot:
    """One form field of a sheet's page: its stable name, kind, choices and meaning."""

    name: str
    kind: str  # text, number, check or choice
    label: str  # what the box is for, in words
    choices: tuple = ()  # a choice field: the marks it may hold (empty is always allowed)
    read: bool = True  # False: kept for play (banked resources, sums), never read
    names: bool = False  # names the page's player: a page with nothing else filled in is unused


class Binding:
    """Some fields of a page and one value of a player's results entry (`key`), both ways."""

    key: str = ""

    def cells(self) -> list:
        """The names of the fields this value is made of."""
        raise NotImplementedError

    def read(self, page: "PageValues") -> Any:
        """The value the fields hold (MISSING: leave the key out); problems go to `page.fail`."""
        raise NotImplementedError

    def write(self, value: Any) -> dict:
        """The fields' values that show `value` (a value as `read` gives it)."""
        raise NotImplementedError


class TextValue(Binding):
    """One text field, one text value (a name)."""

    def __init__(self, key: str, cell: str):
        self.key, self.cell = key, cell

    def cells(self) -> list:
        return [self.cell]

    def read(self, page: "PageValues") -> Any:
        page.place((self.key,), self.cell)
        text = page.text(self.cell)
        return text if text else MISSING

    def write(self, value: Any) -> dict:
        return {self.cell: str(value)}


class NumberValue(TextValue):
    """One text field, one whole number. Anything else written there is kept as text, so the
    results model says what is wrong with it, as it would in a YAML file."""

    def read(self, page: "PageValues") -> Any:
        text = super().read(page)
        if text is not MISSING and _WHOLE_NUMBER.fullmatch(text):
            return int(text)
        return text


class Checks(Binding):
    """Check boxes, one per item; the value lists the items checked, in the boxes' order."""

    def __init__(self, key: str, items: Sequence[tuple]):
        self.key = key
        self.items = list(items)  # (field, item)

    def cells(self) -> list:
        return [cell for cell, _ in self.items]

    def read(self, page: "PageValues") -> Any:
        page.place((self.key,), self.items[0][0])
        chosen: list = []
        for cell, item in self.items:
            if page.checked(cell):
                page.place((self.key, len(chosen)), cell)
                chosen.append(item)
        return chosen

    def write(self, value: Any) -> dict:
        wanted = set(value or ())
        return {cell: item in wanted for cell, item in self.items}


class Runs(Binding):
    """Rows of choice fields filled from the left; a row reads as its marks in order, each mark
    covering `widths[mark]` fields (a Rolled West settlement fills two claim spaces)."""

    def __init__(self, key: str, rows: Sequence[tuple], widths: dict, unit: str = "space"):
        self.key = key
        self.rows = list(rows)  # (row key, row name, [fields, left to right])
        self.widths = dict(widths)
        self.unit = unit

    def cells(self) -> list:
        return [cell for _, _, cells in self.rows for cell in cells]

    def read(self, page: "PageValues") -> Any:
        out: dict = {}
        for row, label, cells in self.rows:
            page.place((self.key, row), cells[0])
            filled = page.from_left(cells, label, self.unit)
            marks: list = []
            i = 0
            while i < len(filled):
                mark = filled[i]
                width = self.widths.get(mark, 1) if mark is not None else 1
                if mark is not None:
                    page.place((self.key, row, len(marks)), cells[i])
                    marks.append(mark)
                    covered = filled[i:i + width]
                    if len(covered) < width or any(m != mark for m in covered):
                        page.fail(cells[i], self._short(mark, width, label, i, len(cells)))
                        width = 1
                i += width
            out[row] = marks
        return out

    def _short(self, mark: str, width: int, label: str, i: int, size: int) -> str:
        if i + width > size:
            return f"a {mark} fills {width} {self.unit}s, but {label} {self.unit} {i + 1} is the row's last"
        wanted = ", ".join(str(n) for n in range(i + 2, i + width + 1))
        return f"a {mark} fills {width} {self.unit}s: mark {label} {self.unit} {wanted} {mark} too"

    def write(self, value: Any) -> dict:
        out = {}
        for row, _, cells in self.rows:
            marks = [m for mark in (value or {}).get(row, []) for m in [mark] * self.widths.get(mark, 1)]
            out.update({cell: marks[i] if i < len(marks) else "" for i, cell in enumerate(cells)})
        return out


class SheetForm:
    """The form of one sheet page: its fields in tab order, and the bindings that read them.

    `plain(entry)` turns a checked player entry (the game's `results.Entry`) into the
    plain values the bindings write, so that `--from` can fill a form from a results file.
    """

    def __init__(self, game: str, part: str, slots: Sequence[Slot], bindings: Sequence[Binding],
                 plain: Callable[[Any], dict]):
        self.game, self.part = game, part
        self.slots = {slot.name: slot for slot in slots}
        self.order = {name: i for i, name in enumerate(self.slots)}
        self.bindings = list(bindings)
        self.plain = plain
        from sheetgen.sheet import FIELD_KINDS

        odd = [slot.name for slot in slots
               if slot.kind not in FIELD_KINDS or bool(slot.choices) != (slot.kind == "choice")]
        if odd:  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: fields {odd} need a kind of {FIELD_KINDS}, choices for a choice")
        bound = [cell for binding in self.bindings for cell in binding.cells()]
        reading = [name for name, slot in self.slots.items() if slot.read]
        if sorted(bound) != sorted(reading) or len(set(bound)) != len(bound):  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: the bindings read {sorted(set(bound) ^ set(reading))} "
                             f"wrongly; bind every read field once")

    @property
    def id(self) -> str:
        return f"{self.game}.{self.part}"

    def field(self, name: str, rect: "Rect", **style: Any) -> "FormField":
        """The display-list item for field `name` at `rect` (a sheet's builder places it)."""
        from sheetgen.sheet import FormField

        slot = self.slots[name]
        return FormField(rect, name, slot.kind, slot.choices, label=slot.label, **style)

    def blank(self, values: dict) -> bool:
        """Whether nothing that is read is filled in but maybe a name (an unused page: a board
        printed with its player's name stays in everyone's copy of the PDF). A filled field
        the form does not know counts: it is reported."""
        return not any(_filled(value) for name, value in values.items()
                       if name not in self.slots or (self.slots[name].read and not self.slots[name].names))

    def read(self, values: dict) -> "PageValues":
        """A page's fields (name -> str, bool or None) as one player's entry, with places and problems."""
        page = PageValues(self, values)
        for name in values:
            if name not in self.slots:
                page.fail(name, f"a {self.game} {self.part} has no field '{name}'; was it printed by another "
                                f"version of sheetgen or with other rule data (--data)?")
        lacking = [name for name, slot in self.slots.items() if slot.read and name not in values]
        if lacking:
            page.fail(None, f"this page lacks {len(lacking)} of the {self.game} {self.part}'s fields (such as "
                            f"{lacking[0]}); was it printed by another version of sheetgen or with other rule "
                            f"data (--data)?")
        for binding in self.bindings:
            value = binding.read(page)
            if value is not MISSING:
                page.entry[binding.key] = value
        return page

    def write(self, entry: dict) -> dict:
        """The fields' values that show a player's plain entry."""
        out: dict = {}
        for binding in self.bindings:
            if entry.get(binding.key) is not None:
                out.update(binding.write(entry[binding.key]))
        return out


class PageValues:
    """One page's field values as a binding sees them; collects the entry, places and problems."""

    def __init__(self, form: SheetForm, values: dict):
        self.form = form
        self.values = values
        self.entry: dict = {}
        self.places: dict = {}  # path inside the entry -> field name
        self.problems: list = []  # (field name or None, message)

    def place(self, path: PathKey, cell: str) -> None:
        self.places.setdefault(tuple(path), cell)

    def fail(self, cell: Optional[str], message: str) -> None:
        if (cell, message) not in self.problems:
            self.problems.append((cell, message))

    def _kind(self, cell: str, wanted: str) -> Any:
        value = self.values.get(cell)
        if value is None:
            return None
        if isinstance(value, bool) != (wanted == "check"):
            what = "a check box" if wanted == "check" else "a box to write in"
            self.fail(cell, f"this field should be {what}; the form was changed after sheetgen made it")
            return None
        return value

    def text(self, cell: str) -> str:
        value = self._kind(cell, "text")
        return value.strip() if value else ""

    def checked(self, cell: str) -> bool:
        return bool(self._kind(cell, "check"))

    def mark(self, cell: str) -> Optional[str]:
        """The choice in `cell`: '' when empty, None when it is not one of the choices (a problem)."""
        text = self.text(cell)
        if not text:
            return ""
        choices = self.form.slots[cell].choices
        for choice in choices:
            if choice.casefold() == text.casefold():
                return choice
        self.fail(cell, f"unknown mark '{text}'; choose {' or '.join(choices)}, or leave it empty")
        return None

    def from_left(self, cells: Sequence[str], label: str, unit: str) -> list:
        """The leading filled fields of a row, left to right: True for a check, the mark of a
        choice (None: an unknown one). A field filled after an empty one is a problem."""
        filled: list = []
        gap: Optional[int] = None
        for i, cell in enumerate(cells):
            kind = self.form.slots[cell].kind
            value: Any = self.checked(cell) if kind == "check" else self.mark(cell)
            if value is False or value == "":
                gap = i if gap is None else gap
            elif gap is not None:
                self.fail(cell, f"{label} {unit} {i + 1} is marked, but {unit} {gap + 1} before it is empty; "
                                f"fill the row from the left")
            else:
                filled.append(value)
        return filled


def _filled(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip() != "")


# -- filled PDFs -------------------------------------------------------------------

@dataclass
class FilledPage:
    """One page of a sheetgen form as filled in: whose form, and its fields' values."""

    number: int  # 1-based, in its file
    game: str
    part: str
    values: dict  # field name (as the sheet names it) -> str, bool (a check box) or None


@dataclass
class FilledPdf:
    name: str
    pages: list  # of FilledPage, in page order

    @property
    def game(self) -> str:
        return self.pages[0].game


def is_pdf(path: Union[str, Path]) -> bool:
    """Whether a command-line FILE is read as a PDF form (by its name: *.pdf)."""
    return str(path).lower().endswith(".pdf")


def open_pdf(path: Union[str, Path], *, name: Optional[str] = None) -> FilledPdf:
    """Read a filled sheetgen form; every reason it cannot be read is an InvalidInput.

    The size is checked before anything is parsed (MAX_PDF_BYTES).
    """
    name = name or str(path)
    return parse_pdf(read_limited(path, MAX_PDF_BYTES, name=name), name)


def parse_pdf(raw: bytes, name: str) -> FilledPdf:
    def refuse(message: str) -> InvalidInput:
        return InvalidInput([Problem(name, message)])

    if len(raw) > MAX_PDF_BYTES:
        raise refuse(f"file is {len(raw):,} bytes; the limit is {MAX_PDF_BYTES:,} (is this the right file?)")
    if b"%PDF-" not in raw[:1024]:
        raise refuse("not a PDF file (it does not start with %PDF-); give a results file (.yaml) or a filled "
                     "PDF form")
    if b"%%EOF" not in raw[-1024:]:
        raise refuse("the PDF is cut short (no %%EOF at its end); copy or download it again")
    import logging
    import warnings

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # pypdf logs every repair it makes; the problem below says enough
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _read_form(raw, name, refuse)
    except InvalidInput:
        raise
    except Exception as exc:  # pypdf raises many kinds of error on a damaged file; each means the same
        detail = " ".join(str(exc).split())[:120]
        raise refuse(f"cannot read this PDF ({type(exc).__name__}{': ' + detail if detail else ''}); is it "
                     f"damaged?") from None
    finally:
        quiet.setLevel(level)


def _read_form(raw: bytes, name: str, refuse: Callable[[str], InvalidInput]) -> FilledPdf:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(raw), strict=False)
    if reader.is_encrypted:
        opened = False
        try:  # a PDF locked only against changes opens with an empty password, as viewers open it
            opened = bool(reader.decrypt(""))
        except Exception:
            opened = False
        if not opened:
            raise refuse("the PDF is encrypted (password protected); save an unprotected copy and give that")
    pages: list = []
    foreign: list = []
    widgets = 0
    for number, page in enumerate(reader.pages, 1):
        annotations = page.get("/Annots")
        annotations = annotations.get_object() if annotations is not None else []
        found: dict = {}
        owners: set = set()
        for annotation in annotations if isinstance(annotations, list) else []:
            widget = annotation.get_object()
            if not hasattr(widget, "get") or widget.get("/Subtype") != "/Widget":
                continue
            widgets += 1
            full, value = _field(widget)
            parts = full.split(".")
            if len(parts) < 4 or not _PAGE_NODE.fullmatch(parts[2]):
                foreign.append(full)
                continue
            owners.add((parts[0], parts[1]))
            found[".".join(parts[3:])] = value
        if len(owners) > 1:
            raise refuse(f"page {number} mixes fields of several sheets ({', '.join(sorted(map('.'.join, owners)))})")
        if owners:
            game, part = owners.pop()
            pages.append(FilledPage(number, game, part, found))
    if not pages:
        if not widgets:
            raise refuse("has no form to read: print a fillable sheet with 'sheetgen sheet GAME --fillable', fill "
                         "it in and save it")
        sample = ", ".join(f"'{n}'" for n in sorted(set(foreign))[:3])
        raise refuse(f"its form was not made by sheetgen (fields such as {sample}); fill in a sheet printed by "
                     f"'sheetgen sheet GAME --fillable'")
    games = sorted({page.game for page in pages})
    if len(games) > 1:
        raise refuse(f"holds sheets of several games ({', '.join(games)}); score each game on its own")
    from sheetgen.games import all_games

    spec = all_games().get(pages[0].game)
    if spec is None:
        raise refuse(f"its form names a game sheetgen does not know ('{pages[0].game}')")
    for page in pages:
        if not any(part.name == page.part and part.form for part in spec.sheets):
            raise refuse(f"its form is a {page.game} '{page.part}' sheet, which this sheetgen cannot read")
    return FilledPdf(name, pages)


def _field(widget: Any) -> tuple:
    """(full name, value) of the field a widget shows: str, bool for a check box, or None."""
    names: list = []
    kind = value = state = None
    node, seen = widget, set()
    for _ in range(MAX_DEPTH):
        if id(node) in seen:
            break
        seen.add(id(node))
        if "/T" in node:
            names.append(str(node["/T"]))
        kind = kind if kind is not None else node.get("/FT")
        value = value if value is not None else node.get("/V")
        state = state if state is not None else node.get("/AS")
        parent = node.get("/Parent")
        if parent is None:
            break
        node = parent.get_object()
        if not hasattr(node, "get"):
            break
    full = ".".join(reversed(names))
    if kind == "/Btn":
        shown = value if value is not None else state
        return full, shown is not None and str(shown) not in ("/Off", "Off", "")
    if value is None:
        return full, None
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    elif isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    text = str(value)
    return full, text[:MAX_VALUE]


# -- filled PDFs as one results document ---------------------------------------------

class FormDocument(Document):
    """Filled forms read as a results file: the plain values, and where each came from.

    `places` maps a path in the values to (file, page, field); a problem at a path
    without a place of its own takes its nearest parent's (a player's page)."""

    __slots__ = ("places", "files", "tab")
    _fields: ClassVar[tuple] = Document._fields + __slots__
    places: dict
    files: list  # file names in the order given
    tab: dict  # field name -> position in its sheet's tab order

    def __init__(self, name: str, value: Any, *, places: Optional[dict] = None, files: Optional[list] = None,
                 tab: Optional[dict] = None):
        super().__init__(name, value)
        self.places = {} if places is None else places
        self.files = [] if files is None else files
        self.tab = {} if tab is None else tab

    def problem(self, path: PathKey, message: str, *, at_key: bool = False) -> Problem:
        probe = tuple(path)
        while probe and probe not in self.places:
            probe = probe[:-1]
        if probe not in self.places:
            return Problem(self.name, message)
        file, page, cell = self.places[probe]
        return Problem(file, message, page=page, field=cell)

    def order(self, problem: Problem) -> tuple:
        if problem.page is None:
            return (-1, 0, 0)
        where = self.files.index(problem.file) if problem.file in self.files else len(self.files)
        return (where, problem.page, self.tab.get(problem.field, -1))


def document(pdfs: Sequence[FilledPdf], game: "Game") -> FormDocument:
    """The filled pages of `pdfs` (one game's boards) as one results document.

    Unused pages (nothing that is read filled in) are left out; a file with no
    filled page, or printed for another game, is an InvalidInput.
    """
    names = [pdf.name for pdf in pdfs]
    doc = FormDocument(" + ".join(dict.fromkeys(names)), {"game": game.key, "players": []},
                       files=list(dict.fromkeys(names)))
    refused: list = []
    forms: dict = {}
    seen: dict = {}  # a page's entry -> where it was first read
    for pdf in pdfs:
        if pdf.game != game.key:
            refused.append(Problem(pdf.name, f"this PDF holds {pdf.game} sheets, not {game.key}; score it "
                                             f"with the other {pdf.game} sheets"))
            continue
        used = 0
        for page in pdf.pages:
            if page.part not in forms:
                forms[page.part] = game.form(page.part)
            form = forms[page.part]
            if form.blank(page.values):
                continue
            used += 1
            read = form.read(page.values)
            same = repr(read.entry)
            if same in seen:
                first = seen[same]
                refused.append(Problem(pdf.name, f"this board is the same as {first[0]} page {first[1]}: the same "
                                                 f"player's board twice? Give each board once",
                                       page=page.number))
                continue
            seen[same] = (pdf.name, page.number)
            index = len(doc.value["players"])
            doc.value["players"].append(read.entry)
            doc.places[("players", index)] = (pdf.name, page.number, None)
            for path, cell in read.places.items():
                doc.places[("players", index) + tuple(path)] = (pdf.name, page.number, cell)
            doc.problems += [Problem(pdf.name, message, page=page.number, field=cell)
                             for cell, message in read.problems]
            doc.tab.update(form.order)
        if not used:
            pages = f"its {len(pdf.pages)} pages" if len(pdf.pages) > 1 else "its page"
            refused.append(Problem(pdf.name, f"nothing is filled in on {pages}; fill a sheet in (in a PDF viewer) "
                                             f"and save it first"))
    if refused:
        raise InvalidInput(refused)
    return doc


def read(sources: Iterable[Union[str, Path, FilledPdf]], game: "Game") -> FormDocument:
    """Filled PDF forms of `game` (paths, or forms already opened), as one results document;
    InvalidInput lists everything that cannot be read."""
    pdfs, refused = [], []
    for source in sources:
        try:
            pdfs.append(source if isinstance(source, FilledPdf) else open_pdf(source))
        except InvalidInput as exc:
            refused += exc.problems
    if refused:
        raise InvalidInput(refused)
    return document(pdfs, game)


# -- back to a results file -------------------------------------------------------------

def results_yaml(doc: Document, title: str) -> str:
    """A results file holding `doc`'s values, laid out like `sheetgen template` (as `sheetgen export`
    writes it): one key a line down to each player's sections, each value below that on one line."""
    lines = [f"# {title} results, read from filled-in score sheets by sheetgen.",
             "# Check and tally it with:  sheetgen score THIS-FILE"]
    for key, value in doc.value.items():
        if key == "players" and isinstance(value, list):
            lines.append("players:")
            for entry in value:
                for n, (field_key, field_value) in enumerate(entry.items()):
                    lines += _block(field_key, field_value, "  - " if n == 0 else "    ")
        else:
            lines.append(f"{_flow(key)}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _block(key: Any, value: Any, indent: str) -> list:
    if isinstance(value, dict) and value:
        inner = " " * len(indent) + "  "
        return [f"{indent}{_flow(key)}:"] + [f"{inner}{_flow(k)}: {_flow(v)}" for k, v in value.items()]
    return [f"{indent}{_flow(key)}: {_flow(value)}"]


def _flow(value: Any) -> str:
    """One value in YAML flow style, quoted where YAML needs it."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20).strip()
    return text[:-4].rstrip() if text.endswith("\n...") else text
