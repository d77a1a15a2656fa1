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

Filled PDF files are read back by sheetgen.results.pdf.

Field names: in the PDF, page N's field F of the GAME's PART sheet is
`GAME.PART.pN.F` (a hierarchy, so the same box on two pages is two fields).
Only F is the sheet's business; it is what messages, `--fields` and the
documentation show.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from sheetgen.results.document import PathKey
from sheetgen.sheet import FIELD_KINDS, FormField, Rect

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
MISSING = object()  # a binding read nothing: the key is left out of the entry

# A form field's value: its text (a choice field holds its mark as text), True or False for a
# check box, None for a field given no value.
FieldValue = Union[str, bool, None]
BindingKey = Union[str, tuple[str, ...]]  # a key of a results entry, or a path of keys to a nested value


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
    choices: tuple[str, ...] = ()  # a choice field: the marks it may hold (empty is always allowed)
    read: bool = True  # False: kept for play (banked resources, sums), never read
    why: str = ""  # why a field is not read (read=False): shown by --fields, so a player knows
    names: bool = False  # names the page's player: a page with nothing else filled in is unused
    column: int = 0  # a game page: the player column (1, 2, ...) the field belongs to; 0 for the whole game


class Binding:
    """Some fields of a page and one value of a player's results entry (`key`), both ways."""

    key: BindingKey = ""

    @property
    def path(self) -> tuple[str, ...]:
        """The key as a path inside the entry: ("water", "camps") for a nested value."""
        return self.key if isinstance(self.key, tuple) else (self.key,)

    @property
    def words(self) -> str:
        """The key as a results file writes it, for listings: water.camps."""
        return ".".join(str(k) for k in self.path)

    def cells(self) -> list[str]:
        """The names of the fields this value is made of."""
        raise NotImplementedError

    def read(self, page: "PageValues") -> Any:
        """The value the fields hold (MISSING: leave the key out); problems go to `page.fail`."""
        raise NotImplementedError

    def write(self, value: Any) -> Mapping[str, FieldValue]:
        """The fields' values that show `value` (a value as `read` gives it)."""
        raise NotImplementedError


class TextValue(Binding):
    """One text field, one text value (a name)."""

    def __init__(self, key: BindingKey, cell: str):
        self.key, self.cell = key, cell

    def cells(self) -> list[str]:
        return [self.cell]

    def read(self, page: "PageValues") -> Any:
        page.place(self.path, self.cell)
        text = page.text(self.cell)
        return text if text else MISSING

    def write(self, value: Any) -> dict[str, FieldValue]:
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

    def __init__(self, key: str, items: Sequence[tuple[str, str]]):
        self.key = key
        self.items = list(items)  # (field, item)

    def cells(self) -> list[str]:
        return [cell for cell, _ in self.items]

    def read(self, page: "PageValues") -> Any:
        page.place(self.path, self.items[0][0])
        chosen: list[str] = []
        for cell, item in self.items:
            if page.checked(cell):
                page.place(self.path + (len(chosen),), cell)
                chosen.append(item)
        return chosen

    def write(self, value: Any) -> dict[str, FieldValue]:
        wanted = set(value or ())
        return {cell: item in wanted for cell, item in self.items}


class Runs(Binding):
    """Rows of choice fields filled from the left; a row reads as its marks in order, each mark
    covering `widths[mark]` fields (a Rolled West settlement fills two claim spaces)."""

    def __init__(self, key: str, rows: Sequence[tuple[str, str, list[str]]], widths: Mapping[str, int],
                 unit: str = "space"):
        self.key = key
        self.rows = list(rows)  # (row key, row name, [fields, left to right])
        self.widths = dict(widths)
        self.unit = unit

    def cells(self) -> list[str]:
        return [cell for _, _, cells in self.rows for cell in cells]

    def read(self, page: "PageValues") -> Any:
        out: dict[str, list[Union[str, bool]]] = {}
        for row, label, cells in self.rows:
            page.place(self.path + (row,), cells[0])
            filled = page.from_left(cells, label, self.unit)
            marks: list[Union[str, bool]] = []
            i = 0
            while i < len(filled):
                mark = filled[i]
                width = self.widths.get(mark, 1) if isinstance(mark, str) else 1  # a check, or None, is one
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

    def _short(self, mark: Union[str, bool], width: int, label: str, i: int, size: int) -> str:
        if i + width > size:
            return f"a {mark} fills {width} {self.unit}s, but {label} {self.unit} {i + 1} is the row's last"
        wanted = ", ".join(str(n) for n in range(i + 2, i + width + 1))
        return f"a {mark} fills {width} {self.unit}s: mark {label} {self.unit} {wanted} {mark} too"

    def write(self, value: Any) -> dict[str, FieldValue]:
        out: dict[str, FieldValue] = {}
        for row, _, cells in self.rows:
            marks = [m for mark in (value or {}).get(row, []) for m in [mark] * self.widths.get(mark, 1)]
            out.update({cell: marks[i] if i < len(marks) else "" for i, cell in enumerate(cells)})
        return out


class NumberMap(Binding):
    """One number field per item of a mapping ({copper: 3, gold: 1}); an empty field leaves its
    item out, as a results file may, and a row left wholly empty leaves the key out."""

    def __init__(self, key: BindingKey, items: Sequence[tuple[str, str]]):
        self.key = key
        self.items = list(items)  # (field, item key)

    def cells(self) -> list[str]:
        return [cell for cell, _ in self.items]

    def read(self, page: "PageValues") -> Any:
        page.place(self.path, self.items[0][0])
        out: dict[str, Any] = {}
        for cell, item in self.items:
            value = NumberValue(self.path + (item,), cell).read(page)
            if value is not MISSING:
                out[item] = value
        return out if out else MISSING

    def write(self, value: Any) -> dict[str, FieldValue]:
        value = value if isinstance(value, dict) else {}
        return {cell: "" if value.get(item) is None else str(value[item]) for cell, item in self.items}


class GameBinding(Binding):
    """Fields of a game page and one value of the results document itself (`key`: a key beside
    `players`), which may name the players of the page's columns."""

    key: str = ""  # a key of the results document itself

    def read(self, page: "PageValues") -> Any:  # page is a GamePage
        raise NotImplementedError

    def write(self, value: Any, names: Sequence[str] = ()) -> Mapping[str, FieldValue]:
        """The fields' values that show `value`; `names`: the players' names, column by column."""
        raise NotImplementedError


@dataclass(frozen=True)
class Column:
    """One player's column of a game page: the bindings of that player's entry."""

    number: int  # 1-based, left to right
    bindings: tuple[Binding, ...]

    def cells(self) -> list[str]:
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
                 plain: Callable[[Any], dict[str, Any]], *, scope: str = "player", columns: Sequence[Column] = (),
                 by_name: bool = False, printed: Optional[Callable[[str], dict[str, Any]]] = None):
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

    def all_bindings(self) -> list[Binding]:
        return [b for column in self.columns for b in column.bindings] + self.bindings

    def reads(self) -> dict[str, str]:
        """Field name -> the results key it makes (players[].KEY on a game page), for listings."""
        out = {cell: ("players[]" if self.by_name else ("players[]." if self.scope == "game" else "") + b.words)
               for column in self.columns for b in column.bindings for cell in b.cells()}
        out.update({cell: b.words for b in self.bindings for cell in b.cells()})
        return out

    def field(self, name: str, rect: Rect, **style: Any) -> FormField:
        """The display-list item for field `name` at `rect` (a sheet's builder places it)."""
        slot = self.slots[name]
        return FormField(rect, name, slot.kind, slot.choices, label=slot.label, **style)

    def _blank(self, values: Mapping[str, FieldValue], names: Iterable[str]) -> bool:
        return not any(_filled(values.get(name)) for name in names
                       if name not in self.slots or (self.slots[name].read and not self.slots[name].names))

    def filled(self, fields: Iterable[FormField], values: Mapping[str, Any]) -> tuple[FormField, ...]:
        """A page's form fields (as a builder placed them) in the form's tab order, each holding its
        value in `values` (a field without one is empty)."""
        return tuple(f if f.value is None and values.get(f.name) is None
                     else dataclasses.replace(f, value=values.get(f.name))
                     for f in sorted(fields, key=lambda f: self.order[f.name]))

    def blank(self, values: Mapping[str, FieldValue]) -> bool:
        """Whether nothing that is read is filled in but maybe a name (an unused page: a board
        printed with its player's name stays in everyone's copy of the PDF). A filled field
        the form does not know counts: it is reported."""
        return self._blank(values, values)

    def read(self, values: dict[str, FieldValue]) -> "PageValues":
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

    def write(self, entry: dict[str, Any]) -> dict[str, FieldValue]:
        """The fields' values that show a player's plain entry (scope "player"), or a plain
        results document (scope "game": {players: [...], KEY: ...})."""
        out: dict[str, FieldValue] = {}
        if self.scope == "game":
            players = [p for p in entry.get("players", []) if isinstance(p, dict)]
            for column, player in zip(self.columns, players):
                out.update(self._write(column.bindings, player))
            names = [str(p.get("name", "")) for p in players]
            for binding in self.bindings:  # a game form's are GameBindings (see __init__)
                if isinstance(binding, GameBinding) and entry.get(binding.key) is not None:
                    out.update(binding.write(entry[binding.key], names))
            return out
        return self._write(self.bindings, entry)

    @staticmethod
    def _write(bindings: Sequence[Binding], entry: dict[str, Any]) -> dict[str, FieldValue]:
        out: dict[str, FieldValue] = {}
        for binding in bindings:
            value = _get(entry, binding.path)
            if value is not None:
                out.update(binding.write(value))
        return out


def _put(entry: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    if value is MISSING:
        return
    for key in path[:-1]:
        entry = entry.setdefault(key, {})
    entry[path[-1]] = value


def _get(entry: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = entry
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


class PageValues:
    """One page's field values as a binding sees them; collects the entry, places and problems."""

    def __init__(self, form: SheetForm, values: dict[str, FieldValue]):
        self.form = form
        self.values = values
        self.entry: dict[str, Any] = {}
        self.places: dict[PathKey, str] = {}  # path inside the entry -> field name
        self.problems: list[tuple[Optional[str], str]] = []  # (field name or None, message)

    def place(self, path: PathKey, cell: str) -> None:
        self.places.setdefault(tuple(path), cell)

    def fail(self, cell: Optional[str], message: str) -> None:
        if (cell, message) not in self.problems:
            self.problems.append((cell, message))

    def _kind(self, cell: str, wanted: str) -> FieldValue:
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
        return value.strip() if isinstance(value, str) else ""  # _kind gives no bool for text

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

    def from_left(self, cells: Sequence[str], label: str, unit: str) -> list[Union[str, bool, None]]:
        """The leading filled fields of a row, left to right: True for a check, the mark of a
        choice (None: an unknown one). A field filled after an empty one is a problem."""
        filled: list[Union[str, bool, None]] = []
        gap: Optional[int] = None
        for i, cell in enumerate(cells):
            kind = self.form.slots[cell].kind
            value: Union[str, bool, None] = self.checked(cell) if kind == "check" else self.mark(cell)
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

    def __init__(self, form: SheetForm, values: dict[str, FieldValue]):
        super().__init__(form, values)
        self.players: list[tuple[int, PageValues]] = []

    def read_columns(self, printed: set[int]) -> None:
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
