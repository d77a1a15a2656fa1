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

A form has a scope. A "player" form (the Rolled West board) is one player's
entry a page. A "game" form (a final-scoring pad) holds the whole game on a
page: `Column`s, one per player, each with its own bindings into that player's
entry, and game-level bindings (`GameBinding`) whose key is a key of the
results document itself (Gold West's `boomtown:`). A column with nothing read
filled in is skipped (a pad for 4 used by 3), and a column the page does not
print at all (a pad printed for fewer players) is not looked for. Two pages
giving the same game-level key is a problem located at the second.

A binding's key is a path: a string (`points`) or a tuple (`("water",
"camps")`) into the entry (or, for a game-level binding, the document).

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
from sheetgen.results.yaml import Document, PathKey, read_limited

if TYPE_CHECKING:
    from sheetgen.api import Game
    from sheetgen.sheet import FormField, Rect

MAX_PDF_BYTES = 10_000_000  # a 4-page fillable board is about 210 kB
MAX_DEPTH = 32  # parent fields above a widget; more is a loop or a hostile file
MAX_VALUE = 1000  # characters a field may hold (a name is at most 40)
MAX_NAME = 80  # characters of a field name a message shows (sheetgen's are under 40)
MAX_NAME_READ = 1000  # characters of one partial field name read; longer is not sheetgen's anyway
MAX_WIDGETS = 20_000  # form fields in one PDF (a 4-page board has about 400)
_HIDDEN_FLAGS = 1 | 2 | 32  # an annotation's Invisible, Hidden and NoView flags
_PAGE_NODE = re.compile(r"p[1-9][0-9]{0,5}")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
MISSING = object()  # a binding read nothing: the key is left out of the entry


def digits(text: str) -> bool:
    """Whether `text` is ASCII digits only: '³' and '٣' pass str.isdigit(), but int() refuses or
    misreads them."""
    return text.isascii() and text.isdigit()


# -- a sheet's form ------------------------------------------------------------------

@dataclass(frozen=True)
class Slot:
    """One form field of a sheet's page: its stable name, kind, choices and meaning."""

    name: str
    kind: str  # text, number, check or choice
    label: str  # what the box is for, in words
    choices: tuple = ()  # a choice field: the marks it may hold (empty is always allowed)
    read: bool = True  # False: kept for play (banked resources, sums), never read
    why: str = ""  # why a field is not read (read=False): shown by --fields, so a player knows
    names: bool = False  # names the page's player: a page with nothing else filled in is unused
    column: int = 0  # a game page: the player column (1, 2, ...) the field belongs to; 0 for the whole game


class Binding:
    """Some fields of a page and one value of a player's results entry (`key`), both ways."""

    key: Union[str, tuple] = ""

    @property
    def path(self) -> tuple:
        """The key as a path inside the entry: ("water", "camps") for a nested value."""
        return self.key if isinstance(self.key, tuple) else (self.key,)

    @property
    def words(self) -> str:
        """The key as a results file writes it, for listings: water.camps."""
        return ".".join(str(k) for k in self.path)

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

    def __init__(self, key: Union[str, tuple], cell: str):
        self.key, self.cell = key, cell

    def cells(self) -> list:
        return [self.cell]

    def read(self, page: "PageValues") -> Any:
        page.place(self.path, self.cell)
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
        page.place(self.path, self.items[0][0])
        chosen: list = []
        for cell, item in self.items:
            if page.checked(cell):
                page.place(self.path + (len(chosen),), cell)
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
            page.place(self.path + (row,), cells[0])
            filled = page.from_left(cells, label, self.unit)
            marks: list = []
            i = 0
            while i < len(filled):
                mark = filled[i]
                width = self.widths.get(mark, 1) if mark is not None else 1
                if mark is not None:
                    page.place(self.path + (row, len(marks)), cells[i])
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


class NumberMap(Binding):
    """One number field per item of a mapping ({copper: 3, gold: 1}); an empty field leaves its
    item out, as a results file may, and a row left wholly empty leaves the key out."""

    def __init__(self, key: Union[str, tuple], items: Sequence[tuple]):
        self.key = key
        self.items = list(items)  # (field, item key)

    def cells(self) -> list:
        return [cell for cell, _ in self.items]

    def read(self, page: "PageValues") -> Any:
        page.place(self.path, self.items[0][0])
        out: dict = {}
        for cell, item in self.items:
            value = NumberValue(self.path + (item,), cell).read(page)
            if value is not MISSING:
                out[item] = value
        return out if out else MISSING

    def write(self, value: Any) -> dict:
        value = value if isinstance(value, dict) else {}
        return {cell: "" if value.get(item) is None else str(value[item]) for cell, item in self.items}


class GameBinding(Binding):
    """Fields of a game page and one value of the results document itself (`key`: a key beside
    `players`), which may name the players of the page's columns."""

    key: str = ""  # a key of the results document itself

    def read(self, page: "PageValues") -> Any:  # page is a GamePage
        raise NotImplementedError

    def write(self, value: Any, names: Sequence[str] = ()) -> dict:
        """The fields' values that show `value`; `names`: the players' names, column by column."""
        raise NotImplementedError


@dataclass(frozen=True)
class Column:
    """One player's column of a game page: the bindings of that player's entry."""

    number: int  # 1-based, left to right
    bindings: tuple

    def cells(self) -> list:
        return [cell for binding in self.bindings for cell in binding.cells()]


SCOPES = ("player", "game")


class SheetForm:
    """The form of one sheet page: its fields in tab order, and the bindings that read them.

    scope "player" (a board): a page is one player's entry; `bindings` read it, and
    `plain(entry)` turns a checked player entry (the game's `results.Entry`) into the
    plain values the bindings write, so that `--from` can fill a form from a results file.

    scope "game" (a pad): a page is the whole game; each of `columns` reads one player's
    entry, `bindings` (GameBindings) read the document's other keys, and `plain(outcome)`
    turns an examined results file (`results.Outcome`) into a plain document
    ({players: [...], KEY: ...}) for `write`. `by_name`: the results file lists the players
    by name (Carcassonne: `players: [Ann, Ben]`, each player's values under game-level keys);
    a column then reads only its name, and the GameBindings key the rest by `name_of(column)`.
    """

    def __init__(self, game: str, part: str, slots: Sequence[Slot], bindings: Sequence[Binding],
                 plain: Callable[[Any], dict], *, scope: str = "player", columns: Sequence[Column] = (),
                 by_name: bool = False, printed: Optional[Callable[[str], dict]] = None):
        self.game, self.part = game, part
        # the values sheetgen printed into fields, found in the PDF's Subject (metadata): a field
        # changed from one of them is refused (a Gold West board is drawn for its setup code)
        self.printed = printed
        self.by_name = by_name  # a game form whose results file lists the players by name only (players: [A, B])
        self.slots = {slot.name: slot for slot in slots}
        self.order = {name: i for i, name in enumerate(self.slots)}
        self.bindings = list(bindings)
        self.plain = plain
        self.scope = scope
        self.columns = list(columns)
        from sheetgen.sheet import FIELD_KINDS

        if scope not in SCOPES or bool(self.columns) != (scope == "game"):  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: scope is one of {SCOPES}; a game form has columns, a player "
                             f"form none")
        odd = [slot.name for slot in slots
               if slot.kind not in FIELD_KINDS or bool(slot.choices) != (slot.kind == "choice")]
        if odd:  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: fields {odd} need a kind of {FIELD_KINDS}, choices for a choice")
        unexplained = [slot.name for slot in slots if not slot.read and not slot.why]
        if unexplained:  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: fields {unexplained[:3]} are not read; say why (Slot.why)")
        bound = [cell for binding in self.all_bindings() for cell in binding.cells()]
        reading = [name for name, slot in self.slots.items() if slot.read]
        if sorted(bound) != sorted(reading) or len(set(bound)) != len(bound):  # pragma: no cover - a form's bug
            raise ValueError(f"{game} {part} form: the bindings read {sorted(set(bound) ^ set(reading))} "
                             f"wrongly; bind every read field once")
        if scope == "game" and any(not isinstance(b, GameBinding) for b in self.bindings):  # pragma: no cover
            raise ValueError(f"{game} {part} form: a game form's own bindings are GameBindings")

    @property
    def id(self) -> str:
        return f"{self.game}.{self.part}"

    def all_bindings(self) -> list:
        return [b for column in self.columns for b in column.bindings] + self.bindings

    def reads(self) -> dict:
        """Field name -> the results key it makes (players[].KEY on a game page), for listings."""
        out = {cell: ("players[]" if self.by_name else ("players[]." if self.scope == "game" else "") + b.words)
               for column in self.columns for b in column.bindings for cell in b.cells()}
        out.update({cell: b.words for b in self.bindings for cell in b.cells()})
        return out

    def field(self, name: str, rect: "Rect", **style: Any) -> "FormField":
        """The display-list item for field `name` at `rect` (a sheet's builder places it)."""
        from sheetgen.sheet import FormField

        slot = self.slots[name]
        return FormField(rect, name, slot.kind, slot.choices, label=slot.label, **style)

    def _blank(self, values: dict, names: Iterable[str]) -> bool:
        return not any(_filled(values.get(name)) for name in names
                       if name not in self.slots or (self.slots[name].read and not self.slots[name].names))

    def filled(self, fields: Iterable["FormField"], values: dict) -> tuple:
        """A page's form fields (as a builder placed them) in the form's tab order, each holding its
        value in `values` (a field without one is empty)."""
        import dataclasses

        return tuple(f if f.value is None and values.get(f.name) is None else dataclasses.replace(f, value=values.get(f.name))
                     for f in sorted(fields, key=lambda f: self.order[f.name]))

    def blank(self, values: dict) -> bool:
        """Whether nothing that is read is filled in but maybe a name (an unused page: a board
        printed with its player's name stays in everyone's copy of the PDF). A filled field
        the form does not know counts: it is reported."""
        return self._blank(values, values)

    def read(self, values: dict) -> "PageValues":
        """A page's fields (name -> str, bool or None) as one player's entry (scope "player") or
        as the game's players and values (scope "game": a GamePage), with places and problems."""
        page: PageValues = PageValues(self, values) if self.scope == "player" else GamePage(self, values)
        for name in values:
            if name not in self.slots:
                page.fail(name, f"a {self.game} {self.part} has no field '{name}'; was it printed by another "
                                f"version of sheetgen or with other rule data (--data)?")
        printed = {self.slots[name].column for name in values if name in self.slots}
        lacking = [name for name, slot in self.slots.items()
                   if slot.read and name not in values and slot.column in printed | {0}]
        if lacking:
            page.fail(None, f"this page lacks {len(lacking)} of the {self.game} {self.part}'s fields (such as "
                            f"{lacking[0]}); was it printed by another version of sheetgen or with other rule "
                            f"data (--data)?")
        if isinstance(page, GamePage):
            page.read_columns(printed)
        for binding in self.bindings:
            _put(page.entry, binding.path, binding.read(page))
        return page

    def write(self, entry: dict) -> dict:
        """The fields' values that show a player's plain entry (scope "player"), or a plain
        results document (scope "game": {players: [...], KEY: ...})."""
        out: dict = {}
        if self.scope == "game":
            players = [p for p in entry.get("players", []) if isinstance(p, dict)]
            for column, player in zip(self.columns, players):
                out.update(self._write(column.bindings, player))
            names = [str(p.get("name", "")) for p in players]
            for binding in self.bindings:
                if entry.get(binding.key) is not None:
                    out.update(binding.write(entry[binding.key], names))  # type: ignore[call-arg]
            return out
        return self._write(self.bindings, entry)

    @staticmethod
    def _write(bindings: Sequence[Binding], entry: dict) -> dict:
        out: dict = {}
        for binding in bindings:
            value = _get(entry, binding.path)
            if value is not None:
                out.update(binding.write(value))
        return out


def _put(entry: dict, path: tuple, value: Any) -> None:
    if value is MISSING:
        return
    for key in path[:-1]:
        entry = entry.setdefault(key, {})
    entry[path[-1]] = value


def _get(entry: dict, path: tuple) -> Any:
    value: Any = entry
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


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
        """The choice in `cell`: '' when empty, None when it is not one of the choices (a problem).
        A choice is a text field: the word, or any start of it no other choice has ('s' for settlement)."""
        text = self.text(cell)
        if not text:
            return ""
        choices = self.form.slots[cell].choices
        typed = text.casefold()
        for choice in choices:
            if choice.casefold() == typed:
                return choice
        starting = [choice for choice in choices if choice.casefold().startswith(typed)]
        if len(starting) == 1:
            return starting[0]
        self.fail(cell, f"unknown mark '{text}'; write {' or '.join(choices)} (or the start of one), or leave "
                        f"it empty")
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


class GamePage(PageValues):
    """A game page as bindings see it: the players' columns in use, each read as one entry
    (`players`: (column number, PageValues), left to right), and the game's own values
    (`entry`, keyed by document key; `places` by document path)."""

    def __init__(self, form: SheetForm, values: dict):
        super().__init__(form, values)
        self.players: list = []

    def read_columns(self, printed: set) -> None:
        for column in self.form.columns:
            mine = [name for name, slot in self.form.slots.items() if slot.column == column.number]
            named = self.form.by_name and _filled(self.values.get(column.bindings[0].cells()[0]))
            if column.number not in printed or (self.form._blank(self.values, mine) and not named):
                continue  # not printed (fewer players), or nobody's: skipped (by name: a named column is a player)
            page = PageValues(self.form, self.values)
            for binding in column.bindings:
                _put(page.entry, binding.path, binding.read(page))
            self.players.append((column.number, page))
            for problem in page.problems:
                self.fail(*problem)

    def name_of(self, column: int) -> Optional[str]:
        """The name written in a column in use; None for a column not in use or without a name."""
        for number, page in self.players:
            if number == column:
                name = page.entry.get("name")
                return name if isinstance(name, str) and name else None
        return None


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
    subject: str = ""  # the PDF's Subject (metadata): what sheetgen printed it as

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
    _check_count(raw, refuse)
    _check_streams(raw, refuse)
    import logging
    import warnings

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # pypdf logs every repair it makes; the problem below says enough
    try:
        with warnings.catch_warnings(), _pypdf_limits():
            warnings.simplefilter("ignore")
            return _read_form(raw, name, refuse)
    except InvalidInput:
        raise
    except Exception as exc:  # pypdf raises many kinds of error on a damaged file; each means the same
        if type(exc).__name__ == "DependencyError" and "AES" in str(exc):  # decrypted as objects are read
            raise refuse(_NEEDS_AES) from None
        detail = shown(" ".join(str(exc).split())[:120])
        raise refuse(f"cannot read this PDF ({type(exc).__name__}{': ' + detail if detail else ''}); is it "
                     f"damaged?") from None
    finally:
        quiet.setLevel(level)


# What reading one PDF may cost. A filled 4-page board inflates to about 1 MB; a bomb (a few kB
# that inflate to hundreds of MB) is refused in one line before pypdf parses what it inflates to.
MAX_INFLATED = 32_000_000  # bytes that all the PDF's compressed streams may inflate to together
MAX_STREAM = 8_000_000  # bytes one stream may decode to (pypdf's own limit, lowered)
MAX_STREAMS = 100_000  # streams (and so objects kept in streams) in one PDF
MAX_OBJECTS = 100_000  # objects in one PDF (a 4-page board has about 2,000)
_STREAM_START = re.compile(rb"stream(?:\r\n|\n|\r)")
_INFLATE_STEP = 1 << 20  # bytes inflated at a time while counting: memory stays small
_INFLATE_INPUT = 1 << 16  # compressed bytes given at a time: garbage fails fast


def _check_streams(raw: bytes, refuse: Callable[[str], InvalidInput]) -> None:
    """Refuse a PDF whose compressed streams inflate to more than MAX_INFLATED bytes together,
    counted without keeping what they inflate to. Every place a stream may start is tried (but
    not one inside compressed data already counted: the time stays linear), so a stream is
    counted whatever its dictionary says, Flate data also behind an ASCII85 or hex layer (as
    reportlab writes pages). The object streams pypdf will inflate are counted exactly again by
    _check_objects; other streams pypdf decodes are capped one by one (_pypdf_limits)."""
    budget = [MAX_INFLATED]
    starts = [start.end() for _, start in zip(range(MAX_STREAMS + 1), _STREAM_START.finditer(raw))]
    if len(starts) > MAX_STREAMS:
        raise refuse(f"has more than {MAX_STREAMS:,} streams; a sheetgen sheet has a few a page")
    counted = 0  # compressed data up to here is counted
    for at, limit in zip(starts, starts[1:] + [len(raw)]):
        if at < counted:
            continue
        counted = _inflate(raw, at, budget)
        if counted == at:  # not zlib: maybe a text layer, which ends before the next stream
            _inflate(_text_layer(raw[at:limit]), 0, budget)
        if budget[0] < 0:
            raise refuse(_INFLATED)


_INFLATED = (f"its compressed parts inflate to more than {MAX_INFLATED // 1_000_000} MB, far more than any "
             f"score sheet (a filled board's are well under 1 MB); is this the right file?")


def _inflate(data: bytes, at: int, budget: list) -> int:
    """Take from `budget[0]` what zlib (or gzip) data at data[at:] inflates to, stopping once it
    is spent; where the compressed data ends (`at` when there is none there)."""
    import zlib

    head = data[at:at + 2]
    if len(head) < 2 or not (head == b"\x1f\x8b" or (head[0] & 0x0F == 8 and (head[0] << 8 | head[1]) % 31 == 0)):
        return at  # no zlib or gzip header: not compressed data
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 32)  # zlib or gzip, as pypdf accepts
    view = memoryview(data)  # slices without copies
    end = at
    try:
        while end < len(data) and not inflater.eof and budget[0] >= 0:
            chunk = view[end:end + _INFLATE_INPUT]
            budget[0] -= len(inflater.decompress(chunk, _INFLATE_STEP))
            end += len(chunk) - len(inflater.unconsumed_tail) - len(inflater.unused_data)
    except zlib.error:
        pass  # damaged, or not compressed data after all: pypdf decides
    return max(end, at + 1)


_A85 = re.compile(rb"[!-uz\s]{2,}?~>")
_HEX = re.compile(rb"[0-9A-Fa-f\s]{2,}?>")


def _text_layer(data: bytes) -> bytes:
    """The bytes an ASCII85 or hex layer at the start of `data` encodes (b"" when there is none)."""
    import base64
    import binascii

    text = _A85.match(data)
    if text:
        try:
            return base64.a85decode(b"".join(text.group()[:-2].split()))
        except ValueError:
            return b""
    text = _HEX.match(data)
    if text:
        digits = b"".join(text.group()[:-1].split())
        try:
            return binascii.unhexlify(digits + b"0" * (len(digits) % 2))
        except binascii.Error:
            return b""
    return b""


_XREF_ROW = re.compile(rb"[0-9]{10} [0-9]{5} [nf]")
_SIZE = re.compile(rb"/Size\s+([0-9]+)")
_INDEX = re.compile(rb"/Index\s*\[([0-9\s]*)\]")


def _check_count(raw: bytes, refuse: Callable[[str], InvalidInput]) -> None:
    """Refuse a PDF whose cross-reference tables or streams list more than MAX_OBJECTS objects,
    before pypdf reads them all (a 10 MB table of 450,000 rows took pypdf 12 s)."""
    claimed = [sum(1 for _ in _XREF_ROW.finditer(raw))] + [int(size) for size in _SIZE.findall(raw)]
    claimed += [sum(int(n) for n in index.split()[1::2]) for index in _INDEX.findall(raw)]
    if max(claimed) > MAX_OBJECTS:
        raise refuse(f"lists {max(claimed):,} objects; the limit is {MAX_OBJECTS:,} (a filled board has about "
                     f"2,000)")


def _pypdf_limits() -> Any:
    """pypdf's own limits on decoding, lowered to a score sheet's size (where pypdf has
    `apply_configuration`, as 7.1 has; older versions read with their own limits)."""
    import contextlib
    import dataclasses

    import pypdf

    apply = getattr(pypdf, "apply_configuration", None)
    if apply is None:
        return contextlib.nullcontext()
    wanted = {key: MAX_STREAM for key in (
        "maximum_declared_stream_length", "array_based_stream_maximum_output_length", "jbig2_maximum_output_length",
        "lzw_maximum_output_length", "run_length_maximum_output_length", "zlib_maximum_output_length",
        "brotli_maximum_output_length", "image_maximum_buffer_size", "stream_decoding_work_maximum_length")}
    wanted.update(array_maximum_element_count=MAX_WIDGETS, dictionary_maximum_element_count=MAX_WIDGETS,
                  form_fields_maximum_entries=MAX_WIDGETS)
    known = {field.name for field in dataclasses.fields(pypdf.Configuration)}
    return apply(**{key: value for key, value in wanted.items() if key in known})


def _check_objects(reader: Any, refuse: Callable[[str], InvalidInput]) -> None:
    """Refuse a PDF of too many objects, or whose object streams are compressed other than in
    one layer of Flate (as PDF writers do) or inflate to more than MAX_INFLATED together."""
    budget = [MAX_INFLATED]
    plain = sum(len(numbers) for numbers in reader.xref.values())
    packed = getattr(reader, "xref_objStm", {})
    if plain + len(packed) > MAX_OBJECTS:
        raise refuse(f"has {plain + len(packed):,} objects; the limit is {MAX_OBJECTS:,} (a filled board has "
                     f"about 2,000)")
    for number in sorted({where[0] for where in packed.values()}):
        if number in packed:
            raise refuse("an object stream is inside another one; the PDF is damaged")
        stream = reader.get_object(number)
        filters = stream.get("/Filter") if hasattr(stream, "get") else None
        filters = filters.get_object() if filters is not None else None
        names = list(filters) if isinstance(filters, list) else [filters] if filters is not None else []
        if len(names) > 1 or any(f != "/FlateDecode" for f in names):
            raise refuse(f"its objects are compressed in a way sheetgen does not read ("
                         f"{shown(' '.join(map(str, names)))}); save it again in a PDF viewer")
        if names:  # exactly what pypdf will inflate, wherever the cross-reference says it lies
            _inflate(bytes(stream._data), 0, budget)
            if budget[0] < 0:
                raise refuse(_INFLATED)


def _read_form(raw: bytes, name: str, refuse: Callable[[str], InvalidInput]) -> FilledPdf:
    from pypdf import PdfReader
    from pypdf.generic import BooleanObject

    reader = PdfReader(io.BytesIO(raw), strict=False)
    if reader.is_encrypted:
        _decrypt(reader, refuse)
    _check_objects(reader, refuse)
    root: Any = reader.trailer.get("/Root")
    root = root.get_object() if root is not None else None
    form: Any = root.get("/AcroForm") if hasattr(root, "get") else None
    form = form.get_object() if form is not None else None
    # NeedAppearances: viewers draw each value anew, so the value is what they show; without it they
    # show the appearance streams, which must then agree with the values
    flag = form.get("/NeedAppearances") if hasattr(form, "get") else None
    redrawn = isinstance(flag, BooleanObject) and flag.value is True  # bool(BooleanObject(False)) is True
    pages: list = []
    foreign: list = []
    problems: list = []
    widgets = 0
    first: dict = {}  # a field's full name -> the page its first widget is on
    for number, page in enumerate(reader.pages, 1):
        annotations = page.get("/Annots")
        annotations = annotations.get_object() if annotations is not None else []
        found: dict = {}
        owners: set = set()
        box = _page_box(page)
        for annotation in annotations if isinstance(annotations, list) else []:
            widget = annotation.get_object()
            if not hasattr(widget, "get") or widget.get("/Subtype") != "/Widget":
                continue
            widgets += 1
            if widgets > MAX_WIDGETS:
                raise refuse(f"has more than {MAX_WIDGETS:,} form fields; a sheetgen sheet has a few hundred a page")
            read = _field(widget, redrawn)
            parts = read.name.split(".")
            if len(parts) < 4 or not _PAGE_NODE.fullmatch(parts[2]):
                foreign.append(shown(read.name))
                continue
            owners.add((parts[0], parts[1]))
            cell = shown(".".join(parts[3:]))
            hidden = _hidden(widget, box)
            if read.name in first:
                where = "" if first[read.name] == number else f" (and on page {first[read.name]})"
                problems.append(Problem(name, f"this box is in the PDF twice{where}; a viewer shows one, and "
                                              f"the other may hold another value: the form was changed after "
                                              f"sheetgen made it; fill in a fresh sheet", page=number, field=cell))
                continue
            first[read.name] = number
            if hidden:
                problems.append(Problem(name, f"this box is {hidden}, so a viewer does not show what it holds: "
                                              f"the form was changed after sheetgen made it; fill in a fresh "
                                              f"sheet", page=number, field=cell))
            elif read.problem:
                problems.append(Problem(name, read.problem, page=number, field=cell))
            else:
                found[cell] = read.value
        if len(owners) > 1:
            sheets = ", ".join(sorted(shown(".".join(owner)) for owner in owners))
            raise refuse(f"page {number} mixes fields of several sheets ({sheets})")
        if owners:
            game, part = owners.pop()
            pages.append(FilledPage(number, game, part, found))
    if problems:
        raise InvalidInput(problems)
    if not pages:
        if not widgets:
            raise refuse("has no form to read: print a fillable sheet with 'sheetgen sheet GAME --fillable', fill "
                         "it in and save it")
        sample = ", ".join(f"'{n}'" for n in sorted(set(foreign))[:3])
        raise refuse(f"its form was not made by sheetgen (fields such as {sample}); fill in a sheet printed by "
                     f"'sheetgen sheet GAME --fillable'")
    games = sorted({page.game for page in pages})
    if len(games) > 1:
        raise refuse(f"holds sheets of several games ({', '.join(map(shown, games))}); score each game on its own")
    from sheetgen.games import all_games

    spec = all_games().get(pages[0].game)
    if spec is None:
        raise refuse(f"its form names a game sheetgen does not know ('{shown(pages[0].game)}')")
    for page in pages:
        if not any(part.name == page.part and part.form for part in spec.sheets):
            raise refuse(f"its form is a {page.game} '{shown(page.part)}' sheet, which this sheetgen cannot read")
    info: Any = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else None
    subject = info.get("/Subject") if hasattr(info, "get") else None
    return FilledPdf(name, pages, subject=str(subject)[:MAX_VALUE] if isinstance(subject, str) else "")


def shown(field_name: str) -> str:
    """A field name as every message shows it: control, bidi and line-separator characters
    escaped, and cut to MAX_NAME characters (a form from another player may hold anything)."""
    from sheetgen.names import printable

    text = printable(field_name[:MAX_NAME + 1])
    return text if len(text) <= MAX_NAME else text[:MAX_NAME] + "..."


_NEEDS_AES = ("the PDF is encrypted with AES (though it opens without a password); reading it needs the "
              "'cryptography' package: pip install cryptography, or save an unencrypted copy and give that")


def _decrypt(reader: Any, refuse: Callable[[str], InvalidInput]) -> None:
    """Open a PDF locked only against changes (an empty password), as viewers open it; refuse
    one that needs a password, or whose cipher needs a package that is not installed."""
    from pypdf.errors import DependencyError

    try:
        opened = bool(reader.decrypt(""))
    except DependencyError:
        raise refuse(_NEEDS_AES) from None
    except Exception:
        opened = False
    if not opened:
        raise refuse("the PDF is encrypted (password protected); save an unprotected copy and give that")


@dataclass
class _Read:
    name: str  # the field's full name, as in the PDF
    value: Any = None  # str, bool for a check box, or None
    problem: str = ""  # why the value cannot be trusted (then value is None)


def _field(widget: Any, redrawn: bool) -> _Read:
    """The field a widget shows, its value read as the PDF standard says (on the terminal field,
    inherited by its widgets) and checked against what the widget shows: a disagreement or a
    value of the wrong type is a problem, never a value."""
    chain: list = []  # the widget, then its parents
    node: Any = widget
    while len(chain) < MAX_DEPTH and hasattr(node, "get") and all(node is not n for n in chain):
        chain.append(node)
        parent = node.get("/Parent")
        node = parent.get_object() if parent is not None else None
    names = [str(n["/T"])[:MAX_NAME_READ] for n in chain if "/T" in n]
    read = _Read(".".join(reversed(names)))
    terminal = next((i for i, n in enumerate(chain) if "/T" in n), 0)
    kind = next((n.get("/FT") for n in chain if n.get("/FT") is not None), None)
    value = chain[terminal].get("/V")
    if any("/V" in n for n in chain[terminal + 1:]):
        read.problem = "a group of boxes above this one holds a value; the form was changed after sheetgen made it"
        return read
    if terminal > 0 and "/V" in widget and widget.get("/V") != value:
        read.problem = (f"this box's field holds {_quoted(value)} but its widget {_quoted(widget.get('/V'))} (the "
                        f"PDF disagrees with itself); fill the box in again in a PDF viewer and save")
        return read
    if kind == "/Btn":
        _check_box(read, widget, value)
    else:
        _text(read, widget, value, redrawn)
    return read


def _check_box(read: _Read, widget: Any, value: Any) -> None:
    from pypdf.generic import NameObject

    if value is not None and not isinstance(value, NameObject):
        read.problem = f"this check box holds {_quoted(value)}, not a check box's state (/Yes or /Off); the form " \
                       f"was changed after sheetgen made it"
        return
    state = widget.get("/AS")
    appearances: Any = widget.get("/AP")
    appearances = appearances.get_object().get("/N") if hasattr(appearances, "get_object") else None
    appearances = appearances.get_object() if appearances is not None else None
    on = value is not None and value != "/Off"
    shows = (isinstance(state, NameObject) and state != "/Off" and hasattr(appearances, "get")
             and state in appearances)
    if on != shows or (on and value != state):
        said = "checked" if on else "unchecked"
        read.problem = f"this check box holds '{said}' but shows {'checked' if shows else 'unchecked'} (its " \
                       f"state {_quoted(state)}; the PDF disagrees with itself); tick or clear it again in a " \
                       f"PDF viewer and save"
        return
    read.value = on


def _text(read: _Read, widget: Any, value: Any, redrawn: bool) -> None:
    from pypdf.generic import ByteStringObject, TextStringObject

    if value is None:
        text = ""
    elif isinstance(value, TextStringObject):
        text = str(value)
    elif isinstance(value, ByteStringObject):  # bytes no text encoding of PDF reads
        text = bytes(value).decode("latin-1")
    else:
        read.problem = f"this box holds {_quoted(value)}: expected text; the form was changed after sheetgen made it"
        return
    if len(text) > MAX_VALUE:
        read.problem = f"this box holds {len(text):,} characters; the most a box holds is {MAX_VALUE:,}"
        return
    if not redrawn and bool(text.strip()) != _shows_text(widget):
        read.problem = (f"this box holds '{shown(text)}' but shows nothing (it has no appearance of its value)"
                        if text.strip() else "this box shows text but holds no value")
        read.problem += "; the PDF disagrees with itself: type the box again in a PDF viewer and save"
        return
    read.value = text if value is not None else None


# a text-showing operator with its operand (a literal string, one level of parentheses inside,
# a hex string, or an array of them), or an XObject placed (it may draw anything)
_LITERAL = rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)"
_SHOWS = re.compile(rb"(?:" + _LITERAL + rb"|<[^<>]*>)\s*(?:Tj|'|\")|\[[^\]]*\]\s*TJ|\bDo\b")
_STRINGS = re.compile(_LITERAL + rb"|<[^<>]*>")


def _shows_text(widget: Any) -> bool:
    """Whether the widget's normal appearance draws anything (text, or an XObject that may)."""
    appearance: Any = widget.get("/AP")
    appearance = appearance.get_object().get("/N") if hasattr(appearance, "get_object") else None
    appearance = appearance.get_object() if appearance is not None else None
    if appearance is None or not hasattr(appearance, "get_data"):
        return appearance is not None  # a dictionary of states on a text box: not sheetgen's, maybe shown
    filters = appearance.get("/Filter")
    filters = filters.get_object() if filters is not None else None
    if filters not in (None, "/FlateDecode") and not (isinstance(filters, list) and filters == ["/FlateDecode"]):
        return True  # not counted by _check_streams, so not decoded: it may show anything
    for shown_text in _SHOWS.finditer(appearance.get_data()):
        operator = shown_text.group()
        if operator.endswith(b"Do") or any(text[1:-1].strip() for text in _STRINGS.findall(operator)):
            return True  # an empty string (pypdf draws "<> Tj" for an emptied box) shows nothing
    return False


def _quoted(value: Any) -> str:
    """A PDF value as a message shows it: text quoted, anything else named by its type."""
    if value is None:
        return "nothing"
    if type(value).__name__ in ("TextStringObject", "ByteStringObject"):
        return f"'{shown(str(value))}'"
    kinds = {"NameObject": "a PDF name", "NullObject": "a PDF null", "BooleanObject": "a true/false value",
             "NumberObject": "a number", "FloatObject": "a number", "ArrayObject": "a list",
             "DictionaryObject": "a dictionary", "IndirectObject": "a reference"}
    what = kinds.get(type(value).__name__, "a PDF object")
    if what in ("a PDF name", "a number", "a true/false value"):
        what += f" ({shown(str(value)[:40])})"
    return what


def _page_box(page: Any) -> Optional[tuple]:
    """The page's visible area (x0, y0, x1, y1), or None when it cannot be read."""
    try:
        box = page.cropbox
        return (float(box.left), float(box.bottom), float(box.right), float(box.top))
    except Exception:
        return None


def _hidden(widget: Any, page: Optional[tuple]) -> str:
    """Why a viewer does not show a widget ('' when it does): flags, no size, off the page."""
    flags = widget.get("/F", 0)
    if not isinstance(flags, int) or flags & _HIDDEN_FLAGS:
        return "hidden (its flags say so)"
    if "/OC" in widget:
        return "on a layer a viewer may hide"
    try:
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
    except Exception:
        return "without a place on the page"
    if min(abs(x1 - x0), abs(y1 - y0)) < 1:
        return "too small to see"
    if page is not None:
        left, bottom, right, top = page
        if min(x0, x1) >= right or max(x0, x1) <= left or min(y0, y1) >= top or max(y0, y1) <= bottom:
            return "off the page"
    return ""


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
    seen: dict = {}  # a player's entry -> where it was first read
    given: dict = {}  # a game-level key -> where it was first read
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
            changed = _changed_print(form, pdf, page)
            if changed:
                refused.append(changed)
                continue
            read = form.read(page.values)
            doc.problems += [Problem(pdf.name, message, page=page.number, field=cell)
                             for cell, message in read.problems]
            doc.tab.update(form.order)
            entries = [(None, read)] if not isinstance(read, GamePage) else read.players
            for column, entry in entries:
                same = repr(entry.entry)
                if same in seen:
                    first = seen[same]
                    what = page.part if column is None else "column"
                    again = f"Give each {page.part} once" if column is None else "Give each player once"
                    refused.append(Problem(pdf.name, f"this {what} is the same as {first[0]} page {first[1]}"
                                                     f"{first[2]}: the same player's {what} twice? {again}",
                                           page=page.number, field=_first_cell(entry, column)))
                    continue
                seen[same] = (pdf.name, page.number, "" if column is None else f" column {column}")
                index = len(doc.value["players"])
                if form.by_name:  # the results file lists names; the columns' other values are game-level
                    if not entry.entry.get("name"):
                        doc.problems.append(Problem(pdf.name, "this column is filled in but names no player; "
                                                              "write the player's name at its head",
                                                    page=page.number, field=_first_cell(entry, column)))
                        continue
                    doc.value["players"].append(entry.entry["name"])
                    doc.places[("players", index)] = (pdf.name, page.number, _first_cell(entry, column))
                    continue
                doc.value["players"].append(entry.entry)
                doc.places[("players", index)] = (pdf.name, page.number, _first_cell(entry, column))
                for path, cell in entry.places.items():
                    doc.places[("players", index) + tuple(path)] = (pdf.name, page.number, cell)
            if isinstance(read, GamePage):
                # a problem of the players as a whole (their count, a total across them) is the pad's
                doc.places.setdefault(("players",), (pdf.name, page.number, None))
                for key, value in read.entry.items():
                    cell = read.places.get((key,)) or next((c for p, c in read.places.items() if p[:1] == (key,)),
                                                           None)
                    if key in given:
                        first = given[key]
                        doc.problems.append(Problem(pdf.name, f"{key} is filled in here and on {first[0]} page "
                                                              f"{first[1]}; fill it in on one page only",
                                                    page=page.number, field=cell))
                        continue
                    given[key] = (pdf.name, page.number)
                    doc.value[key] = value
                    for path, where in read.places.items():
                        if path[:1] == (key,):
                            doc.places[tuple(path)] = (pdf.name, page.number, where)
        if not used:
            pages = f"its {len(pdf.pages)} pages" if len(pdf.pages) > 1 else "its page"
            refused.append(Problem(pdf.name, f"nothing is filled in on {pages}; fill a sheet in (in a PDF viewer) "
                                             f"and save it first"))
    if refused:
        raise InvalidInput(refused)
    return doc


def _changed_print(form: SheetForm, pdf: FilledPdf, page: FilledPage) -> Optional[Problem]:
    """The problem of a field that holds another value than the one sheetgen printed in it
    (a setup code the sheet's map was drawn for), or None."""
    for cell, printed in (form.printed(pdf.subject) if form.printed else {}).items():
        value = page.values.get(cell)
        if isinstance(value, str) and value.strip() and _same(value) != _same(printed):
            return Problem(pdf.name, f"this sheet was printed for {printed} (its map is drawn for it), but this "
                                     f"box was changed to '{shown(value.strip())}'; write {printed} back, or "
                                     f"fill in a sheet printed for the other one", page=page.number, field=cell)
    return None


def _same(text: str) -> str:
    return "".join(text.split()).upper()


def _first_cell(entry: PageValues, column: Optional[int]) -> Optional[str]:
    """The field a whole entry's problem points at: none for a player's page, the first field
    read (its name) for a column of a game page."""
    return None if column is None else next(iter(entry.places.values()), None)


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

def results_yaml(data: dict, title: str, source: str = "read from filled-in score sheets") -> str:
    """A results file holding `data` (a results file's plain values), laid out like `sheetgen
    template` (as `sheetgen export` writes it): one key a line down to each player's sections,
    each value below that on one line. `source` says where the values came from."""
    lines = [f"# {title} results, {source} by sheetgen.",
             "# Check and tally it with:  sheetgen score THIS-FILE"]
    for key, value in data.items():
        if key == "players" and isinstance(value, list) and all(isinstance(e, dict) for e in value):
            lines.append("players:")
            for entry in value:
                for n, (field_key, field_value) in enumerate(entry.items()):
                    lines += _block(field_key, field_value, "  - " if n == 0 else "    ")
        elif isinstance(value, dict) and value:  # a game-level mapping (Gold West's boomtown): a key a line
            lines += [f"{_flow(key)}:"] + [f"  {_flow(k)}: {_flow(v)}" for k, v in value.items()]
        elif key != "players" and isinstance(value, list) and value:  # a list of items (features): one a line
            lines += [f"{_flow(key)}:"] + [f"  - {_item(item)}" for item in value]
        else:
            lines.append(f"{_flow(key)}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _block(key: Any, value: Any, indent: str) -> list:
    if isinstance(value, dict) and value:
        inner = " " * len(indent) + "  "
        return [f"{indent}{_flow(key)}:"] + [f"{inner}{_flow(k)}: {_flow(v)}" for k, v in value.items()]
    return [f"{indent}{_flow(key)}: {_flow(value)}"]


def _item(item: Any) -> str:
    """A list item: a mapping of one key as `key: value` (as a template writes a feature), else flow."""
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        return f"{_flow(key)}: {_flow(value)}"
    return _flow(item)


def _flow(value: Any) -> str:
    """One value in YAML flow style, quoted where YAML needs it."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20, sort_keys=False).strip()
    return text[:-4].rstrip() if text.endswith("\n...") else text
