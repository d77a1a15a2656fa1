"""Form fields (an AcroForm) on a fillable sheet, written with reportlab's PDF objects.

`pdf.render` hands every `FormField` of a page to `FormWriter.add`. Each field
is a widget annotation on its page with its own appearance streams, so a
filled value shows in any viewer, and an empty field draws nothing at all: an
empty fillable sheet prints exactly like the plain one. `NeedAppearances` is
also set, so a viewer may redraw values that another program filled in
without appearances.

Field names are hierarchical, as the PDF standard wants them (a partial name
never holds a period): `rolled-west.board.p2.claims.woods.3` is the field `3`
under `woods` under `claims` under the page node `p2` under `board` under
`rolled-west`. The page node keeps the same box on two pages two fields.

reportlab's own `acroForm.textfield/checkbox/choice` are not used for the
widgets: they cannot nest names, align or centre text, or leave a choice
empty (`choice(value='')` fails in reportlab 5); they also share one
appearance stream among fields that look alike, which a filler that rewrites
a field's appearance in place (pypdf does) then changes for all of them. The
AcroForm dictionary is still reportlab's (`canvas.acroForm`), with our own
default resources: reportlab writes several fonts as repeated /Font keys, of
which viewers keep one.
"""

from __future__ import annotations

from typing import Any, Optional

from reportlab.pdfbase.acroform import PDFFromString
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObject, PDFString
from reportlab.pdfbase.pdfmetrics import stringWidth

from sheetgen.sheet import FIELD_PAD as PAD, FormField

FONTS = {False: "Helvetica", True: "Helvetica-Bold"}
_TAGS = {False: ("Helv", "Helvetica"), True: ("HeBo", "Helvetica-Bold"), None: ("ZaDb", "ZapfDingbats")}
_FLAGS = {"print": 1 << 2}
_FIELD_FLAGS = {"no_spell_check": 1 << 22, "no_scroll": 1 << 23, "combo": 1 << 17}
_ALIGN = {"left": 0, "center": 1, "right": 2}
MIN_SIZE = 4.0  # points: text shrinks to fit its field, never below this


class FormWriter:
    """Adds form fields to the pages of one reportlab canvas, as they are drawn."""

    def __init__(self, canvas: Any, ink: Any):
        self.c = canvas
        self.doc = canvas._doc
        self.form = canvas.acroForm  # registers /AcroForm in the catalog
        self.ink = ink
        self._nodes: dict = {}  # a name's leading parts -> (node dictionary, its kids)
        self._streams: dict = {}  # (width, height, body, font) -> reference
        self._resources: dict = {}  # font tag -> reference, the form's /DR
        self.form.extras.update(NeedAppearances=_PDFTrue(), DR=_FontResources(self._resources),
                                DA=PDFString(f"/{self._font(False)} 0 Tf 0 g"))

    def add(self, field: FormField, name: str, rect: tuple) -> None:
        """The field `name` (a full, dotted name) at `rect` (x0, y0, x1, y1 in points) on the current page."""
        *parents, partial = name.split(".")
        x0, y0, x1, y1 = rect
        width, height = x1 - x0, y1 - y0
        widget = {
            "Type": PDFName("Annot"), "Subtype": PDFName("Widget"),
            "Rect": PDFArray([_num(x0), _num(y0), _num(x1), _num(y1)]),
            "F": _FLAGS["print"], "P": self.doc.thisPageRef(),
            "T": PDFString(partial),
        }
        if field.label:
            widget["TU"] = PDFString(field.label)
        if field.kind == "check":
            on = bool(field.value)
            state = PDFName("Yes" if on else "Off")
            widget.update(FT=PDFName("Btn"), V=state, AS=state,
                          DA=PDFString(f"/{self._font(None)} 0 Tf {self._colour()} rg"),
                          MK=PDFDictionary({"CA": PDFString("4")}),  # ZapfDingbats' check, for viewers that redraw
                          AP=PDFDictionary({"N": PDFDictionary({
                              "Yes": self._stream(width, height, self._check(width, height), shared=True),
                              "Off": self._stream(width, height, "", shared=True)})}))
        else:
            text = "" if field.value is None else str(field.value)
            font = self._font(field.bold)
            size = _fit(text, FONTS[field.bold], field.size, width)
            flags = _FIELD_FLAGS["no_spell_check"] | _FIELD_FLAGS["no_scroll"]
            widget.update(FT=PDFName("Tx"), DA=PDFString(f"/{font} {_num(field.size)} Tf {self._colour()} rg"),
                          Q=_ALIGN[field.align], MK=PDFDictionary({}))
            if field.kind == "choice":
                flags = _FIELD_FLAGS["combo"]
                widget.update(FT=PDFName("Ch"), Opt=PDFArray([PDFString(c) for c in ("", *field.choices)]))
            widget["Ff"] = flags
            if text:
                widget["V"] = PDFString(text)
                if field.kind != "choice":
                    widget["DV"] = PDFString(text)
            body = self._text(text, font, FONTS[field.bold], size, width, height, field.align) if text else ""
            widget["AP"] = PDFDictionary({"N": self._stream(width, height, f"/Tx BMC\n{body}EMC", font)})
        annotation = PDFDictionary(widget)
        self.c._addAnnotation(annotation)
        self._file(annotation, parents)

    # -- the field tree ------------------------------------------------------------
    def _file(self, annotation: PDFDictionary, parents: list) -> None:
        ref = self.doc.Reference(annotation)
        if not parents:
            self.form.fields.append(ref)
            return
        node, kids = self._node(tuple(parents))
        annotation.dict["Parent"] = self.doc.Reference(node)
        kids.sequence.append(ref)

    def _node(self, path: tuple) -> tuple:
        if path in self._nodes:
            return self._nodes[path]
        kids = PDFArray([])
        node = PDFDictionary({"T": PDFString(path[-1]), "Kids": kids})
        ref = self.doc.Reference(node)
        if len(path) > 1:
            parent, siblings = self._node(path[:-1])
            node.dict["Parent"] = self.doc.Reference(parent)
            siblings.sequence.append(ref)
        else:
            self.form.fields.append(ref)
        self._nodes[path] = (node, kids)
        return self._nodes[path]

    # -- appearances -------------------------------------------------------------------
    def _font(self, bold: Optional[bool]) -> str:
        """The resource tag of a form font (None: ZapfDingbats, for check marks), made once."""
        tag, base = _TAGS[bold]
        if tag not in self._resources:
            encoding = "" if bold is None else " /Encoding /WinAnsiEncoding"
            font = PDFFromString(f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} /Name /{tag}{encoding} >>")
            self._resources[tag] = self.doc.Reference(font)
        return tag

    def _colour(self) -> str:
        red, green, blue = self.ink.rgb()
        return f"{_num(red)} {_num(green)} {_num(blue)}"

    def _stream(self, width: float, height: float, body: str, font: Optional[str] = None,
                shared: bool = False) -> Any:
        """An appearance stream. A check box's two looks are shared by every box of its size; a
        text field gets its own, since a program filling it in may rewrite it in place."""
        if not shared:
            return self._new_stream(width, height, body, font)
        key = (_num(width), _num(height), body, font)
        if key not in self._streams:
            self._streams[key] = self._new_stream(width, height, body, font)
        return self._streams[key]

    def _new_stream(self, width: float, height: float, body: str, font: Optional[str]) -> Any:
        resources = "<< /ProcSet [/PDF] >>"
        if font is not None:
            reference = self._resources[font].format(self.doc).decode("ascii")
            resources = f"<< /ProcSet [/PDF /Text] /Font << /{font} {reference} >> >>"
        stream = self.form.makeStream(_num(width), _num(height), body, Resources=PDFFromString(resources))
        return self.doc.Reference(stream)

    def _text(self, text: str, font: str, face: str, size: float, width: float, height: float, align: str) -> str:
        shown = _encode(text)
        wide = stringWidth(text, face, size)
        x = {"left": PAD, "center": (width - wide) / 2, "right": width - PAD - wide}[align]
        y = (height - size * 0.7) / 2  # capitals centred
        return (f"q {_num(PAD / 2)} {_num(PAD / 2)} {_num(width - PAD)} {_num(height - PAD)} re W n\n"
                f"BT /{font} {_num(size)} Tf {self._colour()} rg {_num(x)} {_num(y)} Td ({shown}) Tj ET\nQ\n")

    def _check(self, width: float, height: float) -> str:
        side = min(width, height) * 0.9
        x, y = (width - side) / 2, (height - side) / 2
        points = [(0.16, 0.52), (0.4, 0.22), (0.86, 0.84)]
        path = " ".join(f"{_num(x + px * side)} {_num(y + py * side)} {op}"
                        for (px, py), op in zip(points, ("m", "l", "l")))
        return f"q {self._colour()} RG {_num(side * 0.13)} w 1 J 1 j {path} S Q"


class _FontResources(PDFObject):
    """The form's default resources: its fonts, as they stand when the document is written."""

    def __init__(self, fonts: dict):
        self.fonts = fonts

    def format(self, document: Any) -> bytes:
        listed = " ".join(f"/{tag} {ref.format(document).decode('ascii')}" for tag, ref in sorted(self.fonts.items()))
        return f"<< /Font << {listed} >> >>".encode("ascii")


class _PDFTrue(PDFObject):
    """The PDF boolean `true` (reportlab has no object for it)."""

    def format(self, document: Any) -> bytes:
        return b"true"


def _fit(text: str, face: str, size: float, width: float) -> float:
    while size > MIN_SIZE and stringWidth(text, face, size) > width - 2 * PAD:
        size -= 0.25
    return size


def _encode(text: str) -> str:
    """`text` as a PDF string body in the form fonts' encoding (WinAnsi); '?' for what it lacks."""
    out = []
    for char in text:
        try:
            code = char.encode("cp1252")
        except UnicodeEncodeError:
            code = b"?"
        for byte in code:
            if chr(byte) in "()\\":
                out.append("\\" + chr(byte))
            elif 32 <= byte < 127:
                out.append(chr(byte))
            else:
                out.append(f"\\{byte:03o}")
    return "".join(out)


def _num(value: float) -> str:
    """A number as PDF writes it: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
