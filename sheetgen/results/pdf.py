"""Filled PDF forms read back: each filled page of a sheetgen form becomes the plain values
a YAML results file would hold, in a `FormDocument` that places every value at
`FILE:page N:FIELD`. The game's scorer checks it as it checks a YAML file.

A filled PDF comes from anyone, so what is read is what every viewer shows, and the cost
is bounded before pypdf parses anything (docs/DESIGN.md, "Results"). pypdf is imported
only when a PDF is read.

This module knows no game: `open_pdf` is told which sheets of which games read back
(`fillable`), and `document` is told each part's form (`form_of`) by its caller.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import io
import os
import re
import warnings
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from sheetgen.errors import InvalidInput, Problem
from sheetgen.playernames import printable
from sheetgen.results.document import Document, PathKey
from sheetgen.results.forms import FieldValue, GamePage, PageValues, SheetForm
from sheetgen.results.yaml import read_limited

MAX_PDF_BYTES = 10_000_000  # a 4-page fillable board is about 210 kB
MAX_DEPTH = 32  # parent fields above a widget; more is a loop or a hostile file
MAX_VALUE = 1000  # characters a field may hold (a name is at most 40)
MAX_NAME = 80  # characters of a field name a message shows (sheetgen's are under 40)
MAX_NAME_READ = 1000  # characters of one partial field name read; longer is not sheetgen's anyway
MAX_WIDGETS = 20_000  # form fields in one PDF (a 4-page board has about 400)
_HIDDEN_FLAGS = 1 | 2 | 32  # an annotation's Invisible, Hidden and NoView flags
_PAGE_NODE = re.compile(r"p[1-9][0-9]{0,5}")

# game key -> the names of its sheets that read back as filled forms
Fillable = Mapping[str, Iterable[str]]
# a sheet part's name -> its form (the game's own)
FormOf = Callable[[str], SheetForm]

@dataclass
class FilledPage:
    """One page of a sheetgen form as filled in: whose form, and its fields' values."""

    number: int  # 1-based, in its file
    game: str
    part: str
    values: dict[str, FieldValue]  # field name (as the sheet names it) -> str, bool (a check box) or None


@dataclass
class FilledPdf:
    name: str
    pages: list[FilledPage]  # in page order
    subject: str = ""  # the PDF's Subject (metadata): what sheetgen printed it as

    @property
    def game(self) -> str:
        return self.pages[0].game


def open_pdf(path: Union[str, "os.PathLike[str]"], fillable: Fillable, *, name: Optional[str] = None) -> FilledPdf:
    """Read a filled sheetgen form of one of the `fillable` sheets (game key -> part names).

    :raises InvalidInput: for every reason it cannot be read; the size is checked before
        anything is parsed (MAX_PDF_BYTES).
    """
    name = name or str(path)
    return parse_pdf(read_limited(path, MAX_PDF_BYTES, name=name), name, fillable)


def parse_pdf(raw: bytes, name: str, fillable: Fillable) -> FilledPdf:
    """`open_pdf` for the bytes of a PDF already read."""
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
    import logging  # with pypdf, whose warnings it silences: the commands that read no PDF load neither

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # pypdf logs every repair it makes; the problem below says enough
    try:
        with warnings.catch_warnings(), _pypdf_limits():
            warnings.simplefilter("ignore")
            return _read_form(raw, name, refuse, fillable)
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


def _inflate(data: bytes, at: int, budget: list[int]) -> int:
    """Take from `budget[0]` what zlib (or gzip) data at data[at:] inflates to, stopping once it
    is spent; where the compressed data ends (`at` when there is none there)."""
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


def _read_form(raw: bytes, name: str, refuse: Callable[[str], InvalidInput], fillable: Fillable) -> FilledPdf:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(raw), strict=False)
    if reader.is_encrypted:
        _decrypt(reader, refuse)
    _check_objects(reader, refuse)
    pages = _Widgets(name, _redrawn(reader), refuse).read(reader.pages)
    _check_sheets(pages, refuse, fillable)
    info: Any = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else None
    subject = info.get("/Subject") if hasattr(info, "get") else None
    return FilledPdf(name, pages, subject=str(subject)[:MAX_VALUE] if isinstance(subject, str) else "")


def _redrawn(reader: Any) -> bool:
    """Whether the form asks viewers to draw each value anew (NeedAppearances): then the value is
    what they show; without it they show the appearance streams, which must agree with the values."""
    from pypdf.generic import BooleanObject

    root: Any = reader.trailer.get("/Root")
    root = root.get_object() if root is not None else None
    form: Any = root.get("/AcroForm") if hasattr(root, "get") else None
    form = form.get_object() if form is not None else None
    flag = form.get("/NeedAppearances") if hasattr(form, "get") else None
    return isinstance(flag, BooleanObject) and flag.value is True  # bool(BooleanObject(False)) is True


class _Widgets:
    """The widgets of a PDF read page by page: sheetgen's fields kept, the rest counted."""

    def __init__(self, name: str, redrawn: bool, refuse: Callable[[str], InvalidInput]):
        self.name, self.redrawn, self.refuse = name, redrawn, refuse
        self.count = 0
        self.foreign: list[str] = []
        self.problems: list[Problem] = []
        self.first: dict[str, int] = {}  # a field's full name -> the page its first widget is on

    def read(self, reader_pages: Any) -> list[FilledPage]:
        pages: list[FilledPage] = []
        for number, page in enumerate(reader_pages, 1):
            filled = self._page(number, page)
            if filled is not None:
                pages.append(filled)
        if self.problems:
            raise InvalidInput(self.problems)
        if not pages:
            if not self.count:
                raise self.refuse("has no form to read: print a fillable sheet with 'sheetgen sheet GAME --fillable', "
                                  "fill it in and save it")
            sample = ", ".join(f"'{n}'" for n in sorted(set(self.foreign))[:3])
            raise self.refuse(f"its form was not made by sheetgen (fields such as {sample}); fill in a sheet printed "
                              f"by 'sheetgen sheet GAME --fillable'")
        return pages

    def _page(self, number: int, page: Any) -> Optional[FilledPage]:
        annotations = page.get("/Annots")
        annotations = annotations.get_object() if annotations is not None else []
        found: dict[str, FieldValue] = {}
        owners: set[tuple[str, str]] = set()
        box = _page_box(page)
        for annotation in annotations if isinstance(annotations, list) else []:
            widget = annotation.get_object()
            if not hasattr(widget, "get") or widget.get("/Subtype") != "/Widget":
                continue
            self.count += 1
            if self.count > MAX_WIDGETS:
                raise self.refuse(f"has more than {MAX_WIDGETS:,} form fields; a sheetgen sheet has a few hundred "
                                  f"a page")
            self._widget(number, widget, box, found, owners)
        if len(owners) > 1:
            sheets = ", ".join(sorted(shown(".".join(owner)) for owner in owners))
            raise self.refuse(f"page {number} mixes fields of several sheets ({sheets})")
        if not owners:
            return None
        game, part = owners.pop()
        return FilledPage(number, game, part, found)

    def _widget(self, number: int, widget: Any, box: Optional[Box], found: dict[str, FieldValue],
                owners: set[tuple[str, str]]) -> None:
        read = _field(widget, self.redrawn)
        parts = read.name.split(".")
        if len(parts) < 4 or not _PAGE_NODE.fullmatch(parts[2]):
            self.foreign.append(shown(read.name))
            return
        owners.add((parts[0], parts[1]))
        cell = shown(".".join(parts[3:]))
        hidden = _hidden(widget, box)
        if read.name in self.first:
            where = "" if self.first[read.name] == number else f" (and on page {self.first[read.name]})"
            self.problems.append(Problem(self.name, f"this box is in the PDF twice{where}; a viewer shows one, and "
                                                    f"the other may hold another value: the form was changed after "
                                                    f"sheetgen made it; fill in a fresh sheet", page=number,
                                         field=cell))
            return
        self.first[read.name] = number
        if hidden:
            self.problems.append(Problem(self.name, f"this box is {hidden}, so a viewer does not show what it "
                                                    f"holds: the form was changed after sheetgen made it; fill in "
                                                    f"a fresh sheet", page=number, field=cell))
        elif read.problem:
            self.problems.append(Problem(self.name, read.problem, page=number, field=cell))
        else:
            found[cell] = read.value


def _check_sheets(pages: list[FilledPage], refuse: Callable[[str], InvalidInput], fillable: Fillable) -> None:
    """The pages are sheets of one game that sheetgen knows and can read back."""
    games = sorted({page.game for page in pages})
    if len(games) > 1:
        raise refuse(f"holds sheets of several games ({', '.join(map(shown, games))}); score each game on its own")
    parts = fillable.get(pages[0].game)
    if parts is None:
        raise refuse(f"its form names a game sheetgen does not know ('{shown(pages[0].game)}')")
    readable = set(parts)
    for page in pages:
        if page.part not in readable:
            raise refuse(f"its form is a {page.game} '{shown(page.part)}' sheet, which this sheetgen cannot read")


def shown(field_name: str) -> str:
    """A field name as every message shows it: control, bidi and line-separator characters
    escaped, and cut to MAX_NAME characters (a form from another player may hold anything)."""
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
    value: FieldValue = None  # str, bool for a check box, or None
    problem: str = ""  # why the value cannot be trusted (then value is None)


def _field(widget: Any, redrawn: bool) -> _Read:
    """The field a widget shows, its value read as the PDF standard says (on the terminal field,
    inherited by its widgets) and checked against what the widget shows: a disagreement or a
    value of the wrong type is a problem, never a value."""
    chain: list[Any] = []  # the widget, then its parents (pypdf objects)
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


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points


def _page_box(page: Any) -> Optional[Box]:
    """The page's visible area (x0, y0, x1, y1), or None when it cannot be read."""
    try:
        box = page.cropbox
        return (float(box.left), float(box.bottom), float(box.right), float(box.top))
    except Exception:
        return None


def _hidden(widget: Any, page: Optional[Box]) -> str:
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

@dataclass
class FormDocument(Document):
    """Filled forms read as a results file: the plain values, and where each came from.

    `places` maps a path in the values to (file, page, field); a problem at a path
    without a place of its own takes its nearest parent's (a player's page)."""

    places: dict[PathKey, tuple[str, int, Optional[str]]] = field(default_factory=dict)  # (file, page, field)
    files: list[str] = field(default_factory=list)  # file names in the order given
    tab: dict[str, int] = field(default_factory=dict)  # field name -> position in its sheet's tab order

    def problem(self, path: PathKey, message: str, *, at_key: bool = False) -> Problem:
        probe = tuple(path)
        while probe and probe not in self.places:
            probe = probe[:-1]
        if probe not in self.places:
            return Problem(self.name, message)
        file, page, cell = self.places[probe]
        return Problem(file, message, page=page, field=cell)

    def order(self, problem: Problem) -> tuple[int, ...]:
        if problem.page is None:
            return (-1, 0, 0)
        where = self.files.index(problem.file) if problem.file in self.files else len(self.files)
        return (where, problem.page, self.tab.get(problem.field or "", -1))


def document(pdfs: Sequence[FilledPdf], game: str, form_of: FormOf) -> FormDocument:
    """The filled pages of `pdfs` (the boards of one game, `game` its key) as one results
    document; `form_of(part)` is the game's form of a sheet part.

    Unused pages (nothing that is read filled in) are left out.

    :raises InvalidInput: a file with no filled page, or printed for another game.
    """
    files = [pdf.name for pdf in pdfs]
    doc = FormDocument(" + ".join(dict.fromkeys(files)), {"game": game, "players": []},
                       files=list(dict.fromkeys(files)))
    refused: list[Problem] = []
    sheet_forms: dict[str, SheetForm] = {}
    seen: dict[str, tuple[str, int, str]] = {}  # a player's entry -> where it was first read
    given: dict[str, tuple[str, int]] = {}  # a game-level key -> where it was first read
    for pdf in pdfs:
        if pdf.game != game:
            refused.append(Problem(pdf.name, f"this PDF holds {pdf.game} sheets, not {game}; score it "
                                             f"with the other {pdf.game} sheets"))
            continue
        used = 0
        for page in pdf.pages:
            if page.part not in sheet_forms:
                sheet_forms[page.part] = form_of(page.part)
            form = sheet_forms[page.part]
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
            entries: list[tuple[Optional[int], PageValues]] = [(None, read)] if not isinstance(read, GamePage) \
                else list(read.players)
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
                for path, place in entry.places.items():
                    doc.places[("players", index) + tuple(path)] = (pdf.name, page.number, place)
            if isinstance(read, GamePage):
                # a problem of the players as a whole (their count, a total across them) is the pad's
                doc.places.setdefault(("players",), (pdf.name, page.number, None))
                for key, value in read.entry.items():
                    cell = read.places.get((key,)) or next((c for p, c in read.places.items() if p[:1] == (key,)),
                                                           None)
                    if key in given:
                        file, number = given[key]
                        doc.problems.append(Problem(pdf.name, f"{key} is filled in here and on {file} page "
                                                              f"{number}; fill it in on one page only",
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


def read(sources: Iterable[Union[str, "os.PathLike[str]", FilledPdf]], game: str, form_of: FormOf,
         fillable: Fillable) -> FormDocument:
    """Filled PDF forms of `game` (paths, or forms already opened), as one results document.

    :raises InvalidInput: listing everything that cannot be read.
    """
    pdfs, refused = [], []
    for source in sources:
        try:
            pdfs.append(source if isinstance(source, FilledPdf) else open_pdf(source, fillable))
        except InvalidInput as exc:
            refused += exc.problems
    if refused:
        raise InvalidInput(refused)
    return document(pdfs, game, form_of)
