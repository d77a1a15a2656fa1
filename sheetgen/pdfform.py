"""Form fields (an AcroForm) on a fillable sheet, written with reportlab's PDF objects.

`pdf.render` hands every `FormField` of a page to `FormWriter.add`, and passes
the finished PDF through `pack`.

Field names are hierarchical, as the PDF standard wants them (a partial name
never holds a period): `rolled-west.board.p2.claims.woods.3` is the field `3`
under `woods` under `claims` under the page node `p2` under `board` under
`rolled-west`. The page node keeps the same box on two pages two fields.

Decided, and checked with PDFium (pypdfium2, typing keys), poppler (pdftoppm),
MuPDF (mutool draw) and pypdf (tests/test_form_writer.py):

* Font: text fields are set in the sheets' own Arimo, each weight a field
  uses embedded once per file, whole (every glyph of sheetgen/fonts/, so a
  viewer can type any Latin, Greek or Cyrillic name), as a Type0 font with
  Identity-H encoding and a ToUnicode map: engines that draw what a user
  types look characters up through that map. Check boxes keep ZapfDingbats
  in their /DA and /MK for a viewer that redraws them; their two looks are
  sheetgen's own (a stroked check mark), so no built-in font is ever drawn.
* Size: a text field's /DA size is 0 (auto): every engine fits what is typed
  to the box instead of cutting it, and the field may scroll (no DoNotScroll).
  The appearance sheetgen writes (`--from`) sets the field's own size, shrunk
  to fit the box's width (never below MIN_SIZE, and a text too long even then
  is refused rather than cut).
* Choices (a claim space, a two-number shipping box, a feature's kind, a
  building) are plain text fields taking the word or any unique start of it
  ("s" for settlement); combo boxes are not used, since PDFium draws and saves
  a drop-down arrow into their appearance and cuts the word.
* Appearances: NeedAppearances is NOT set. Every filled field carries its own
  appearance and every engine writes one for what a user types (with the flag
  set, pdf.js and poppler save values without one, which print blank once a
  later tool clears the flag). An empty text field has no appearance at all:
  it draws nothing, an engine makes one when the field is filled, and pypdf,
  which replaces a field's appearance object in place, can never change two
  fields at once. Each filled text field has its own appearance stream; a
  check box's two looks are shared by every box of its size (fillers only
  switch /AS between them).
* File: `pack` moves every object that is not a stream into compressed
  object streams with a cross-reference stream (PDF 1.5), so a widget costs a
  few dozen bytes; the fonts are written once however many pages there are.

reportlab's own `acroForm.textfield/checkbox/choice` are not used: they cannot
nest names or align text, and they share one appearance stream among fields
that look alike. The AcroForm dictionary is still reportlab's (`canvas.acroForm`),
with our own default resources.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObject, PDFObjectReference, PDFString
from reportlab.pdfbase.ttfonts import TTFontFile

from sheetgen.errors import InvalidArgument
from sheetgen.sheet import FIELD_PAD as PAD, FormField
from sheetgen.typeface import FONT_FILES, FONT_FOLDER

_TAGS = {False: "Arimo", True: "ArimoBd"}  # the form fonts' resource names
_CHECK_TAG = "ZaDb"
_FLAGS = {"print": 1 << 2}
_FIELD_FLAGS = {"no_spell_check": 1 << 22}
_ALIGN = {"left": 0, "center": 1, "right": 2}
PdfRect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points
MIN_SIZE = 4.0  # points: text sheetgen fills in shrinks to fit its field, never below this
# Objects a compressed object stream holds. Widgets are alike, and deflate packs alike text better
# the more of it one stream holds: 400 Rolled West boards are 1.65 MB at 400 objects a stream,
# 1.43 MB at 5,000 (a viewer inflates one stream of under 1 MB to find an object).
_OBJECTS_PER_STREAM = 5000


@dataclass(frozen=True)
class FormFont:
    """One weight of the sheets' font as a form font: its file, glyphs and widths."""

    name: str  # PostScript name
    data: bytes  # the whole TrueType file
    glyphs: dict[int, int]  # code point -> glyph id
    widths: tuple[int, ...]  # glyph id -> advance, 1/1000 em
    bbox: tuple[int, ...]
    ascent: int
    descent: int
    cap_height: int
    stem_v: int

    def missing(self, text: str) -> Optional[str]:
        """The first character of `text` the font has no glyph for, or None."""
        return next((char for char in text if ord(char) not in self.glyphs), None)

    def width(self, text: str, size: float) -> float:
        """Points `text` takes at `size`."""
        return sum(self.widths[self.glyphs.get(ord(c), 0)] for c in text) * size / 1000

    def encode(self, text: str) -> str:
        """`text` as a hex string of glyph ids (Identity-H)."""
        return "<" + "".join(f"{self.glyphs.get(ord(c), 0):04X}" for c in text) + ">"

    def to_unicode(self) -> bytes:
        """The ToUnicode CMap: each glyph id to the lowest code point drawn with it."""
        first: dict[int, int] = {}
        for code, glyph in sorted(self.glyphs.items()):
            first.setdefault(glyph, code)
        lines = []
        pairs = sorted(first.items())
        for start in range(0, len(pairs), 100):  # at most 100 entries a block
            chunk = pairs[start:start + 100]
            lines.append(f"{len(chunk)} beginbfchar")
            lines += [f"<{glyph:04X}> <{_utf16(code)}>" for glyph, code in chunk]
            lines.append("endbfchar")
        return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
                + "\n".join(lines) + "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
                ).encode("ascii")


def _utf16(code: int) -> str:
    return chr(code).encode("utf-16-be").hex().upper()


@lru_cache(maxsize=2)
def form_font(bold: bool) -> FormFont:
    """The sheets' font (regular or bold) as a form font, read once a process."""
    path = FONT_FOLDER / FONT_FILES[bold]
    face = TTFontFile(str(path))
    scale = 1000 / face.unitsPerEm
    name = face.name.decode("ascii") if isinstance(face.name, bytes) else str(face.name)
    return FormFont(name, path.read_bytes(), dict(face.charToGlyph),
                    tuple(round(advance * scale) for advance, _ in face.hmetrics),
                    tuple(round(v) for v in face.bbox), round(face.ascent), round(face.descent),
                    round(face.capHeight), round(face.stemV))


class FormWriter:
    """Adds form fields to the pages of one reportlab canvas, as they are drawn."""

    def __init__(self, canvas: Any, ink: tuple[str, str]):
        self.c = canvas
        self.pdf_document = canvas._doc
        self.acro_form = canvas.acroForm  # registers /AcroForm in the catalog
        self._ink, self._ink_stroke = ink  # the ink's PDF operators (fill, stroke): see ink.operators
        self._nodes: dict[tuple[str, ...], _Node] = {}  # a name's leading parts -> its _Node
        self._streams: dict[tuple[str, str, bool], Any] = {}  # (width, height, on) -> reference, a check box's looks
        self._own: dict[tuple[FormField, str, PdfRect], list[Any]] = {}  # -> the widget's own parts, for the next copy
        self._widgets = 0  # widgets added, which names each one's annotation
        self._resources: dict[str, Any] = {}  # font tag -> reference, the form's /DR
        self.acro_form.extras.update(DR=_FontResources(self._resources), DA=_DefaultLook(self._resources))

    def add(self, field: FormField, name: str, rect: PdfRect) -> None:
        """The field `name` (a full, dotted name) at `rect` (x0, y0, x1, y1 in points) on the current page."""
        *parents, partial = name.split(".")
        # written as PDF source, not reportlab dictionaries: a sheet has tens of thousands of widgets,
        # and all but the page and the parent are the same on every copy of a page
        key = (field, partial, rect)
        own = self._own.get(key)
        if own is None:
            own = self._widget(field, name, partial, rect)
            if field.kind == "check" or field.value in (None, ""):
                self._own[key] = own
        head, *rest = own
        if parents:
            node = self._node(tuple(parents))
            rest = [*rest, b" /Parent ", node.ref]
        annotation = _Source([head, self.pdf_document.thisPageRef(), *rest, b" >>"])
        self._widgets += 1
        tag = f"W{self._widgets}"
        self.c._addAnnotation(annotation, tag)
        ref = self.pdf_document.refAnnotation(tag)
        if parents:
            node.kids.append(ref)
        else:
            self.acro_form.fields.append(ref)

    def _widget(self, field: FormField, name: str, partial: str, rect: PdfRect) -> list[Any]:
        """A widget's dictionary as PDF source without its /P (first gap) and /Parent: bytes and references."""
        x0, y0, x1, y1 = rect
        width, height = x1 - x0, y1 - y0
        parts: list[Any] = [f"<< /Type /Annot /Subtype /Widget /Rect [{_num(x0)} {_num(y0)} {_num(x1)} {_num(y1)}] "
                       f"/F {_FLAGS['print']} /P ".encode("ascii")]
        words = f" /T {_string(partial)}"
        label = field.label
        if field.kind == "choice" and field.choices:
            label = f"{label}: {' or '.join(field.choices)}" if label else " or ".join(field.choices)
        if label:
            words += f" /TU {_string(label)}"
        if field.kind == "check":
            state = "/Yes" if field.value else "/Off"
            # ZapfDingbats' check in /MK, for viewers that redraw the box
            parts += [f"{words} /FT /Btn /V {state} /AS {state} /DA (/{self._check_font()} 0 Tf {self._colour()}) "
                      f"/MK << /CA (4) >> /AP << /N << /Yes ".encode("ascii"), self._shared(width, height, True),
                      b" /Off ", self._shared(width, height, False), b" >> >>"]
            return parts
        text = "" if field.value is None else str(field.value)
        tag = self._font(field.bold)
        words += f" /FT /Tx /DA (/{tag} 0 Tf {self._colour()}) /Q {_ALIGN[field.align]} " \
                 f"/Ff {_FIELD_FLAGS['no_spell_check']}"
        if not text:
            return parts + [words.encode("ascii")]
        font = form_font(field.bold)
        lacking = font.missing(text)
        if lacking is not None:
            raise InvalidArgument("results", f"'{text}' has '{lacking}' (U+{ord(lacking):04X}), which the "
                                             f"sheets' font cannot print")
        size = _fit(text, font, field.size, width)
        if font.width(text, size) > width - 2 * PAD + 0.01:
            raise InvalidArgument("results", f"'{text}' is too long for its box ({field.label or name}) "
                                             f"even at {MIN_SIZE:g} pt; shorten it")
        body = self._text(text, tag, font, size, width, height, field.align)
        return parts + [f"{words} /V {_string(text)} /DV {_string(text)} /AP << /N ".encode("ascii"),
                        self._stream(width, height, f"/Tx BMC\n{body}EMC", tag), b" >>"]

    # -- the field tree ------------------------------------------------------------
    def _node(self, path: tuple[str, ...]) -> _Node:
        if path not in self._nodes:
            node = self._nodes[path] = _Node(path[-1])
            node.ref = self.pdf_document.Reference(node)
            if len(path) > 1:
                parent = self._node(path[:-1])
                node.parent = parent.ref
                parent.kids.append(node.ref)
            else:
                self.acro_form.fields.append(node.ref)
        return self._nodes[path]

    # -- fonts -------------------------------------------------------------------------
    def _font(self, bold: bool) -> str:
        """The resource tag of a weight of the form font, embedded on first use."""
        tag = _TAGS[bold]
        if tag not in self._resources:
            self._resources[tag] = self._type0(form_font(bold))
        return tag

    def _check_font(self) -> str:
        if _CHECK_TAG not in self._resources:
            font = PDFDictionary({"Type": PDFName("Font"), "Subtype": PDFName("Type1"),
                                  "BaseFont": PDFName("ZapfDingbats"), "Name": PDFName(_CHECK_TAG)})
            self._resources[_CHECK_TAG] = self.pdf_document.Reference(font)
        return _CHECK_TAG

    def _type0(self, font: FormFont) -> Any:
        ref = self.pdf_document.Reference
        file = ref(_Stream({"Length1": len(font.data)}, font.data))
        descriptor = PDFDictionary({
            "Type": PDFName("FontDescriptor"), "FontName": PDFName(font.name), "Flags": 32,
            "FontBBox": PDFArray(list(font.bbox)), "ItalicAngle": 0, "Ascent": font.ascent,
            "Descent": font.descent, "CapHeight": font.cap_height, "StemV": font.stem_v, "FontFile2": file})
        cid = PDFDictionary({
            "Type": PDFName("Font"), "Subtype": PDFName("CIDFontType2"), "BaseFont": PDFName(font.name),
            "CIDSystemInfo": PDFDictionary({"Registry": PDFString("Adobe"), "Ordering": PDFString("Identity"),
                                            "Supplement": 0}),
            "FontDescriptor": ref(descriptor), "DW": 1000,
            "W": _Raw("[0 [" + " ".join(map(str, font.widths)) + "]]"), "CIDToGIDMap": PDFName("Identity")})
        type0 = PDFDictionary({
            "Type": PDFName("Font"), "Subtype": PDFName("Type0"), "BaseFont": PDFName(font.name),
            "Encoding": PDFName("Identity-H"), "DescendantFonts": PDFArray([ref(cid)]),
            "ToUnicode": ref(_Stream({}, font.to_unicode()))})
        return ref(type0)

    # -- appearances -------------------------------------------------------------------
    def _colour(self) -> str:
        return self._ink

    def _shared(self, width: float, height: float, on: bool) -> Any:
        """A check box's look, one stream for every box of its size (fillers only switch /AS)."""
        key = (_num(width), _num(height), on)
        if key not in self._streams:
            self._streams[key] = self._stream(width, height, self._check(width, height) if on else "")
        return self._streams[key]

    def _stream(self, width: float, height: float, body: str, font: Optional[str] = None) -> Any:
        entries: dict[str, Any] = {"Type": PDFName("XObject"), "Subtype": PDFName("Form"),
                         "BBox": PDFArray([0, 0, _num(width), _num(height)])}
        if font is not None:
            entries["Resources"] = PDFDictionary({"Font": PDFDictionary({font: self._resources[font]})})
        return self.pdf_document.Reference(_Stream(entries, body.encode("ascii")))

    def _text(self, text: str, tag: str, font: FormFont, size: float, width: float, height: float,
              align: str) -> str:
        wide = font.width(text, size)
        x = {"left": PAD, "center": (width - wide) / 2, "right": width - PAD - wide}[align]
        y = (height - size * 0.7) / 2  # capitals centred
        return (f"q {_num(PAD / 2)} {_num(PAD / 2)} {_num(width - PAD)} {_num(height - PAD)} re W n\n"
                f"BT /{tag} {_num(size)} Tf {self._colour()} {_num(x)} {_num(y)} Td {font.encode(text)} Tj ET\n"
                f"Q\n")

    def _check(self, width: float, height: float) -> str:
        side = min(width, height) * 0.9
        x, y = (width - side) / 2, (height - side) / 2
        points = [(0.16, 0.52), (0.4, 0.22), (0.86, 0.84)]
        path = " ".join(f"{_num(x + px * side)} {_num(y + py * side)} {op}"
                        for (px, py), op in zip(points, ("m", "l", "l")))
        return f"q {self._ink_stroke} {_num(side * 0.13)} w 1 J 1 j {path} S Q"


class _Stream(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs: PDFObject is Any
    """A stream, Flate-compressed, with the dictionary `entries` (values as reportlab formats them)."""

    __RefOnly__ = 1

    def __init__(self, entries: dict[str, Any], data: bytes):
        self.entries = entries
        self.data = data

    def format(self, document: Any) -> bytes:
        packed = zlib.compress(self.data, 9)
        head = PDFDictionary(dict(self.entries, Filter=PDFName("FlateDecode"), Length=len(packed)))
        formatted: bytes = head.format(document)
        return formatted + b"\nstream\n" + packed + b"\nendstream"


class _Source(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs
    """PDF source (bytes) with references (or other objects) in it, formatted when the file is written."""

    def __init__(self, parts: list[Any]):
        self.parts = parts

    def format(self, document: Any) -> bytes:
        return b"".join(part if type(part) is bytes else
                        _ref(document, part) if isinstance(part, PDFObjectReference) else part.format(document)
                        for part in self.parts)


def _ref(document: Any, reference: Any) -> bytes:
    """A reference as the file writes it (reportlab's own way is slow for tens of thousands)."""
    return b"%d %d R" % document.idToObjectNumberAndVersion[reference.name]


class _Node(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs
    """A field that only holds other fields: a part of their names."""

    def __init__(self, name: str):
        self.name = name
        self.kids: list[Any] = []
        self.ref: Any = None
        self.parent: Optional[PDFObject] = None

    def format(self, document: Any) -> bytes:
        kids = b" ".join(_ref(document, kid) for kid in self.kids)
        parent = b" /Parent " + _ref(document, self.parent) if self.parent is not None else b""
        return b"<< /T " + _string(self.name).encode("ascii") + b" /Kids [" + kids + b"]" + parent + b" >>"


class _DefaultLook(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs
    """The form's default /DA: a form font in use (only weights a field uses are embedded)."""

    def __init__(self, fonts: dict[str, Any]):
        self.fonts = fonts

    def format(self, document: Any) -> bytes:
        tag = next((tag for tag in sorted(self.fonts) if tag in _TAGS.values()), _CHECK_TAG)
        return f"(/{tag} 0 Tf 0 g)".encode("ascii")


class _Raw(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs
    """PDF source text written as it is."""

    def __init__(self, text: str):
        self.text = text

    def format(self, document: Any) -> bytes:
        return self.text.encode("ascii")


class _FontResources(PDFObject):  # type: ignore[misc]  # reportlab has no type stubs
    """The form's default resources: its fonts, as they stand when the document is written."""

    def __init__(self, fonts: dict[str, Any]):
        self.fonts = fonts

    def format(self, document: Any) -> bytes:
        listed = " ".join(f"/{tag} {ref.format(document).decode('ascii')}" for tag, ref in sorted(self.fonts.items()))
        return f"<< /Font << {listed} >> >>".encode("ascii")


def _string(text: str) -> str:
    """`text` as a PDF text string: literal if it is printable ASCII, else UTF-16BE with its mark."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _fit(text: str, font: FormFont, size: float, width: float) -> float:
    while size > MIN_SIZE and font.width(text, size) > width - 2 * PAD:
        size = max(MIN_SIZE, size - 0.25)
    return size


def _num(value: float) -> str:
    """A number as PDF writes it: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- packing -------------------------------------------------------------------------------

_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_TRAILER = re.compile(rb"trailer\s*(<<.*>>)\s*startxref", re.S)


def pack(pdf: bytes) -> bytes:
    """A PDF as reportlab writes it (one xref table, objects numbered 1..N, generation 0), with its
    objects that are not streams moved into compressed object streams and a cross-reference
    stream (PDF 1.5). The same input gives the same bytes."""
    start = int(_XREF.search(pdf[-64:]).group(1))  # type: ignore[union-attr]
    table = pdf[start:].split(b"trailer", 1)[0].split(b"\n")
    first, count = map(int, table[1].split())
    offsets = [int(line[:10]) for line in table[2:2 + count]]
    assert first == 0 and len(offsets) == count, "pack: an unexpected cross-reference table"
    ends = sorted(offsets[1:]) + [start]
    bounds = dict(zip(sorted(offsets[1:]), ends[1:]))
    trailer = _TRAILER.search(pdf, start).group(1)  # type: ignore[union-attr]
    head = pdf[:pdf.index(b"\n", pdf.index(b"\n") + 1) + 1].replace(b"%PDF-1.4", b"%PDF-1.7", 1)
    out = bytearray(head)
    where: dict[int, tuple[int, ...]] = {}  # object number -> (1, offset) or (2, object stream, index)
    loose: list[tuple[int, bytes]] = []  # (number, body) to pack
    info_object = b""
    info = int(re.search(rb"/Info (\d+) 0 R", trailer).group(1))  # type: ignore[union-attr]
    for number in range(1, count):
        at = offsets[number]
        raw = pdf[at:bounds[at]].rstrip()
        body = raw[raw.index(b"obj") + 3:-len(b"endobj")].strip()
        if number == info:
            info_object = raw + b"\n"
        elif body.endswith(b"endstream"):
            where[number] = (1, len(out))
            out += raw + b"\n"
        else:
            loose.append((number, body))
    next_number = count
    for chunk_start in range(0, len(loose), _OBJECTS_PER_STREAM):
        chunk = loose[chunk_start:chunk_start + _OBJECTS_PER_STREAM]
        index, bodies, at = [], [], 0
        for i, (number, body) in enumerate(chunk):
            index.append(f"{number} {at}")
            bodies.append(body)
            at += len(body) + 1
            where[number] = (2, next_number, i)
        prefix = (" ".join(index) + "\n").encode("ascii")
        packed = zlib.compress(prefix + b"\n".join(bodies), 9)
        where[next_number] = (1, len(out))
        out += (f"{next_number} 0 obj\n<< /Type /ObjStm /N {len(chunk)} /First {len(prefix)} /Filter /FlateDecode "
                f"/Length {len(packed)} >>\nstream\n").encode("ascii") + packed + b"\nendstream\nendobj\n"
        next_number += 1
    where[info] = (1, len(out))  # the Info dictionary stays readable, near the end, where output.py looks
    out += info_object
    xref_number = next_number
    where[xref_number] = (1, len(out))
    rows = [b"\x00\x00\x00\x00\x00\xff\xff"]
    for number in range(1, xref_number + 1):
        kind, *rest = where[number]
        if kind == 1:
            rows.append(b"\x01" + rest[0].to_bytes(4, "big") + b"\x00\x00")
        else:
            rows.append(b"\x02" + rest[0].to_bytes(4, "big") + rest[1].to_bytes(2, "big"))
    # the PNG "Up" predictor: each row less the one above, which deflate packs to almost nothing
    previous = bytes(7)
    predicted = bytearray()
    for row in rows:
        predicted.append(2)
        predicted += bytes((a - b) & 0xFF for a, b in zip(row, previous))
        previous = row
    packed = zlib.compress(bytes(predicted), 6)
    keys = b" ".join(re.findall(rb"/(?:Root|Info) \d+ 0 R|/ID\s*\[[^\]]*\]", trailer))
    out += (f"{xref_number} 0 obj\n<< /Type /XRef /Size {xref_number + 1} /W [1 4 2] ".encode("ascii") + keys
            + f" /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> /Length {len(packed)} >>"
              f"\nstream\n".encode("ascii") + packed
            + f"\nendstream\nendobj\nstartxref\n{where[xref_number][1]}\n%%EOF\n".encode("ascii"))
    return bytes(out)
