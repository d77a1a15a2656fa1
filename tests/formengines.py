"""Filling sheetgen's fillable sheets through PDF engines as a user would, through the public
interfaces only: `sheetgen sheet ... --fillable` for the empty sheet, `--from` for the values that
correspond to an example results file, `sheetgen score --format json` for the verdict. Fields and
their kinds are found in the PDF itself (by each engine, the way that engine sees them), so the
harness does not depend on today's widget design: a claim space may be a combo box, a radio group
or a text field.

Used by tests/test_form_engines.py (PDFium and pypdf) and tools/form_interop.py (all engines).
"""

from __future__ import annotations

import ctypes
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Union

import yaml
from pypdf import PdfReader, PdfWriter

from sheetgen.cli import main

from formfill import read_once

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

Value = Union[str, bool]  # the text or option of a field, or whether a check box is checked


@dataclass(frozen=True)
class Sheet:
    """One fillable sheet, filled from one example results file."""

    key: str        # short name in matrices and test ids
    game: str
    part: str
    example: str    # file in examples/
    by_code: bool = False  # drawn for the example's setup (`--code`), not for a number of players

    def blank_args(self) -> list:
        """`sheetgen sheet` arguments of the empty sheet for the example's game."""
        data = yaml.safe_load((EXAMPLES / self.example).read_text(encoding="utf-8"))
        players = ["--code", data["setup"]] if self.by_code else ["-p", str(len(data["players"]))]
        return ["sheet", self.game, self.part, "--fillable", *players]


SHEETS = (
    Sheet("rolled-west-board", "rolled-west", "board", "rolled-west-game.yaml"),
    Sheet("gold-west-pad", "gold-west", "pad", "gold-west-game.yaml"),
    Sheet("gold-west-board", "gold-west", "board", "gold-west-map.yaml", by_code=True),
    Sheet("carcassonne-pad", "carcassonne-gold-rush", "pad", "carcassonne-gold-rush-game.yaml"),
    Sheet("piecepack-mat", "piecepack-gold-rush", "mat", "piecepack-gold-rush-game.yaml"),
)


@dataclass
class Ran:
    code: int
    out: str
    err: str


def sheetgen(*args: str) -> Ran:
    """Run the sheetgen command line in this process (give it absolute paths)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())


# --- what a PDF holds, seen by pypdf -------------------------------------------------------------

@dataclass
class FieldInfo:
    """A terminal form field as the PDF declares it."""

    name: str
    kind: str                   # text, check, radio, combo, list, push or other
    value: Optional[Value]      # None: empty / off
    options: tuple = ()         # a choice field's export values
    widgets: list = field(default_factory=list)  # (page index, rect, on-state or None, /AS or None)


def _kind(ft, flags: int) -> str:
    if ft == "/Tx":
        return "text"
    if ft == "/Btn":
        return "push" if flags & (1 << 16) else "radio" if flags & (1 << 15) else "check"
    if ft == "/Ch":
        return "combo" if flags & (1 << 17) else "list"
    return "other"


def _inherited(obj, key):
    while obj is not None:
        if key in obj:
            return obj[key].get_object()
        obj = obj.get("/Parent")
        obj = obj.get_object() if obj is not None else None
    return None


def _full_name(obj) -> str:
    parts = []
    while obj is not None:
        if "/T" in obj:
            parts.append(str(obj["/T"]))
        parent = obj.get("/Parent")
        obj = parent.get_object() if parent is not None else None
    return ".".join(reversed(parts))


def _field_of(widget):
    """The field a widget belongs to: itself when it has a name, else its parent."""
    return widget if "/T" in widget else widget["/Parent"].get_object()


def read_fields(data: Union[bytes, PdfReader]) -> dict:
    """{full name: FieldInfo} of every field with a widget on a page, in page order."""
    reader = data if isinstance(data, PdfReader) else PdfReader(io.BytesIO(data))
    fields: dict = {}
    for index, page in enumerate(reader.pages):
        for ref in page.get("/Annots") or []:
            widget = ref.get_object()
            if widget.get("/Subtype") != "/Widget":
                continue
            owner = _field_of(widget)
            name = _full_name(owner)
            ft = _inherited(owner, "/FT")
            flags = int(_inherited(owner, "/Ff") or 0)
            kind = _kind(ft, flags)
            info = fields.get(name)
            if info is None:
                raw = _inherited(owner, "/V")
                options = tuple(str(o[0] if isinstance(o, list) else o) for o in (_inherited(owner, "/Opt") or []))
                info = fields[name] = FieldInfo(name, kind, _value(kind, raw), options)
            ap = widget.get("/AP")
            normal = ap.get_object().get("/N") if ap is not None else None
            normal = normal.get_object() if normal is not None else None
            on = None
            if kind in ("check", "radio") and normal is not None and hasattr(normal, "keys"):
                on = next((str(k)[1:] for k in normal.keys() if k != "/Off"), None)
            state = widget.get("/AS")
            rect = tuple(float(v) for v in widget["/Rect"])
            info.widgets.append((index, rect, on, str(state)[1:] if state is not None else None))
    return fields


def _value(kind: str, raw) -> Optional[Value]:
    if raw is None:
        return None
    if kind == "check":
        return str(raw) not in ("/Off", "Off", "")
    if kind == "radio":
        text = str(raw)
        return None if text in ("/Off", "Off", "") else text.lstrip("/")
    if isinstance(raw, list):
        raw = raw[0] if raw else ""
    text = str(raw)
    return text if text else None


@dataclass
class Case:
    """A sheet ready to fill: the empty PDF, what to put where, and the score to expect."""

    sheet: Sheet
    blank: bytes
    targets: dict          # {field name: Value}, only the fields the example fills in
    kinds: dict            # {field name: kind} of every field of the blank sheet
    preset: dict           # {field name: Value} of the fields the blank sheet already holds
    expected: dict         # `sheetgen score --format json` of the example: players and winners


def prepare(sheet: Sheet, work: Path) -> Case:
    """The empty sheet, the field values of the example (from `--from`), and its score."""
    work.mkdir(parents=True, exist_ok=True)
    example = EXAMPLES / sheet.example
    for args in ([*sheet.blank_args(), "-o", str(work / "blank.pdf"), "--force"],
                 ["sheet", sheet.game, sheet.part, "--from", str(example), "-o", str(work / "filled.pdf"), "--force"]):
        done = sheetgen(*args)
        assert done.code == 0, done.err
    blank = (work / "blank.pdf").read_bytes()
    empty = read_fields(blank)
    filled = read_fields((work / "filled.pdf").read_bytes())
    assert set(empty) == set(filled), sorted(set(empty) ^ set(filled))[:10]
    targets = {name: info.value for name, info in filled.items()
               if info.value not in (None, False) and empty[name].value != info.value}
    return Case(sheet, blank, targets, {n: i.kind for n, i in empty.items()},
                {n: i.value for n, i in empty.items() if i.value not in (None, False)}, score(example))


def score(path: Path) -> dict:
    """What `sheetgen score --format json` says of a results file or filled PDF: {players, winners},
    or {error: its messages}."""
    done = sheetgen("score", "--format", "json", str(path))
    if done.code != 0:
        return {"error": done.err.strip()}
    result = json.loads(done.out)
    return {"players": result["players"], "winners": result["winners"]}


def differences(case: Case, data: bytes, wanted: Optional[dict] = None) -> list:
    """What a saved PDF holds that differs from the values wanted (default: all the targets),
    and check boxes whose appearance state disagrees with their value: ["FIELD: ..."]."""
    wanted = case.targets if wanted is None else wanted
    try:
        fields = read_fields(data)
    except Exception as exc:  # an engine may write a file pypdf cannot read: that is the finding
        return [f"pypdf cannot read the saved file: {type(exc).__name__}: {exc}"]
    found = []
    for name, value in wanted.items():
        info = fields.get(name)
        if info is None:
            found.append(f"{name}: field gone")
        elif info.value != value:
            found.append(f"{name}: {value!r} became {info.value!r}")
    for name, info in fields.items():
        if name not in wanted and info.value not in (None, False) and info.value != case.preset.get(name):
            found.append(f"{name}: not filled in, holds {info.value!r}")
        if info.kind in ("check", "radio"):
            for _, _, on, state in info.widgets:
                shown = state is not None and state == on and on is not None
                meant = info.value is True if info.kind == "check" else (info.value is not None and info.value == on)
                if shown != meant:
                    found.append(f"{name}: value {info.value!r} but the box shows {state!r}")
    return found


def verdict(case: Case, data: bytes, work: Path, wanted: Optional[dict] = None) -> list:
    """Problems with a saved PDF: values lost or changed, and a score unlike the example's."""
    problems = differences(case, data, wanted)
    path = work / "saved.pdf"
    path.write_bytes(data)
    got = score(path)
    if got != case.expected:
        if "error" in got:
            problems.append(f"score refused: {got['error'][:300]}")
        else:
            problems.append("score differs: " + _score_line(got) + " instead of " + _score_line(case.expected))
    return problems


def _score_line(result: dict) -> str:
    return ", ".join(f"{p['name']} {p['total']} (#{p['rank']})" for p in result["players"])


def listed_fields(sheet: Sheet) -> tuple:
    """(prefix, {F: what it is read as}) from `sheetgen sheet GAME PART --fields`: page N's field F
    is named prefix + "pN." + F in the PDF; "- (for play)" fields are never read."""
    listing = sheetgen("sheet", sheet.game, sheet.part, "--fields")
    assert listing.code == 0, listing.err
    lines = listing.out.splitlines()
    named = re.search(r"is named (\S+)pN\.F", lines[1])
    assert named, lines[1]
    read_as = lines[2].index("READ AS")
    return named.group(1), {line.split()[0]: line[read_as:].split("  ")[0].strip() for line in lines[3:]}


def short_name(prefix: str, name: str) -> str:
    """F of a PDF field named prefix + "pN." + F."""
    return name[len(prefix):].split(".", 1)[1]


# --- pypdf -----------------------------------------------------------------------------------------

def fill_pypdf(data: bytes, values: dict, auto_regenerate: bool = True) -> bytes:
    """Fill with pypdf's PdfWriter.update_page_form_field_values, as a script using pypdf does:
    text and choices by value, a check box by its on-state, a radio group by the chosen state."""
    reader = PdfReader(io.BytesIO(data))
    fields = read_fields(reader)
    writer = PdfWriter(clone_from=reader)
    pages: dict = {}
    for name, value in values.items():
        info = fields[name]
        if info.kind == "check":
            on = next((w[2] for w in info.widgets if w[2]), "Yes")
            value = f"/{on}" if value else "/Off"
        elif info.kind == "radio":
            value = f"/{value}"
        pages.setdefault(info.widgets[0][0], {})[name] = value
    with read_once(writer):
        for index, named in pages.items():
            writer.update_page_form_field_values(writer.pages[index], named, auto_regenerate=auto_regenerate)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# --- PDFium, as in Chrome and Edge -----------------------------------------------------------------

def _pdfium_text(call: Callable, *args) -> str:
    """A UTF-16LE string out of one of PDFium's (…, buffer, length) getters."""
    size = call(*args, None, 0)
    if size <= 2:
        return ""
    buffer = (ctypes.c_ushort * (size // 2))()
    call(*args, buffer, size)
    return ctypes.string_at(buffer, size - 2).decode("utf-16-le")


def fill_pdfium(data: bytes, values: dict, log: Optional[list] = None) -> bytes:
    """Fill as a user does in Chrome: click each text field and type its value key by key (select
    all first), click a check box or the chosen radio button, pick a choice field's option; then
    leave the field and save a copy (FPDF_SaveAsCopy). `log` collects what could not be done."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as c

    log = [] if log is None else log
    pdf = pdfium.PdfDocument(data)
    info = c.FPDF_FORMFILLINFO(version=2)
    form = c.FPDFDOC_InitFormFillEnvironment(pdf.raw, info)
    assert form, "PDFium found no form"
    pending = dict(values)
    try:
        for index in range(c.FPDF_GetPageCount(pdf.raw)):
            page = c.FPDF_LoadPage(pdf.raw, index)
            c.FORM_OnAfterLoadPage(page, form)
            c.FORM_DoPageAAction(page, form, c.FPDFPAGE_AACTION_OPEN)
            for number in range(c.FPDFPage_GetAnnotCount(page)):
                annot = c.FPDFPage_GetAnnot(page, number)
                try:
                    if c.FPDFAnnot_GetSubtype(annot) != c.FPDF_ANNOT_WIDGET:
                        continue
                    name = _pdfium_text(c.FPDFAnnot_GetFormFieldName, form, annot)
                    if name in pending:
                        if _pdfium_act(c, form, page, annot, pending[name], log, name):
                            del pending[name]
                finally:
                    c.FPDFPage_CloseAnnot(annot)
            c.FORM_ForceToKillFocus(form)
            c.FORM_DoPageAAction(page, form, c.FPDFPAGE_AACTION_CLOSE)
            c.FORM_OnBeforeClosePage(page, form)
            c.FPDF_ClosePage(page)
    finally:
        c.FPDFDOC_ExitFormFillEnvironment(form)
    log.extend(f"{name}: PDFium found no widget it could set" for name in pending)
    out = io.BytesIO()
    pdf.save(out)
    pdf.close()
    return out.getvalue()


def _pdfium_act(c, form, page, annot, value: Value, log: list, name: str) -> bool:
    """Set one widget's field as a user would; True when that field is done."""
    kind = c.FPDFAnnot_GetFormFieldType(form, annot)
    rect = c.FS_RECTF()
    c.FPDFAnnot_GetRect(annot, rect)
    x, y = (rect.left + rect.right) / 2, (rect.bottom + rect.top) / 2

    def click() -> None:
        c.FORM_OnMouseMove(form, page, 0, x, y)
        c.FORM_OnLButtonDown(form, page, 0, x, y)
        c.FORM_OnLButtonUp(form, page, 0, x, y)

    if kind == c.FPDF_FORMFIELD_TEXTFIELD:
        click()
        c.FORM_SelectAllText(form, page)
        for char in str(value):
            for unit in _utf16_units(char):
                c.FORM_OnChar(form, page, unit, 0)
        c.FORM_ForceToKillFocus(form)
        return True
    if kind == c.FPDF_FORMFIELD_CHECKBOX:
        if bool(c.FPDFAnnot_IsChecked(form, annot)) != bool(value):
            click()
        c.FORM_ForceToKillFocus(form)
        return True
    if kind == c.FPDF_FORMFIELD_RADIOBUTTON:
        if _pdfium_text(c.FPDFAnnot_GetFormFieldExportValue, form, annot) != value:
            return False  # another button of the group
        click()
        c.FORM_ForceToKillFocus(form)
        return True
    if kind in (c.FPDF_FORMFIELD_COMBOBOX, c.FPDF_FORMFIELD_LISTBOX):
        labels = [_pdfium_text(c.FPDFAnnot_GetOptionLabel, form, annot, i)
                  for i in range(c.FPDFAnnot_GetOptionCount(form, annot))]
        if value not in labels:
            log.append(f"{name}: PDFium lists no option {value!r} (it has {labels})")
            return True
        c.FORM_SetFocusedAnnot(form, annot)
        if not c.FORM_SetIndexSelected(form, page, labels.index(value), True):
            log.append(f"{name}: PDFium would not select {value!r}")
        c.FORM_ForceToKillFocus(form)
        return True
    log.append(f"{name}: PDFium field type {kind} is not one a user fills")
    return True


def _utf16_units(char: str) -> list:
    raw = char.encode("utf-16-le")
    return [int.from_bytes(raw[i:i + 2], "little") for i in range(0, len(raw), 2)]


def pdfium_value(data: bytes, name: str) -> str:
    """The value PDFium reads from a saved PDF's field (FPDFAnnot_GetStringValue of its /V)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as c

    pdf = pdfium.PdfDocument(data)
    info = c.FPDF_FORMFILLINFO(version=2)
    form = c.FPDFDOC_InitFormFillEnvironment(pdf.raw, info)
    try:
        for index in range(c.FPDF_GetPageCount(pdf.raw)):
            page = c.FPDF_LoadPage(pdf.raw, index)
            try:
                for number in range(c.FPDFPage_GetAnnotCount(page)):
                    annot = c.FPDFPage_GetAnnot(page, number)
                    try:
                        if _pdfium_text(c.FPDFAnnot_GetFormFieldName, form, annot) == name:
                            return _pdfium_text(c.FPDFAnnot_GetFormFieldValue, form, annot)
                    finally:
                        c.FPDFPage_CloseAnnot(annot)
            finally:
                c.FPDF_ClosePage(page)
    finally:
        c.FPDFDOC_ExitFormFillEnvironment(form)
        pdf.close()
    raise KeyError(name)

