"""Issue 21's proof, read from the printed PDFs themselves (not the display lists).

Every part (card sheets with and without backs, in every card size) and every game's setup card (and its
referee copy), on Letter and A4, in colour and low ink, is rendered once per session; each page's content
streams, the form XObjects they place and the form fields' appearance streams are scanned operator by operator, keeping the
graphics state (q/Q, cm, Tm, Tf, colours). Asserted: no text shown below 6.5 pt, every font embedded,
text in pure black (colour: black ink alone, DeviceCMYK 0 0 0 k, or DeviceGray; low ink: DeviceGray only),
black line work never composite RGB, and low ink setting no colour other than a grey level at all.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pytest

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.sheet import CARD_SIZES, MIN_TEXT

PAPERS, INKS = ("letter", "a4"), ("color", "low")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHOW = {b"Tj", b"TJ", b"'", b'"'}
STROKE_PAINT = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
FILL_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
FILL_OPS = {b"g": "g", b"rg": "rg", b"k": "k", b"sc": "other", b"scn": "other", b"cs": "other"}
STROKE_OPS = {b"G": "g", b"RG": "rg", b"K": "k", b"SC": "other", b"SCN": "other", b"CS": "other"}


def documents() -> list:
    """(game, kind, part, backs or reveal, paper, ink) of every PDF the proof covers."""
    out = []
    for key in sheetgen.game_keys():
        g = sheetgen.game(key)
        for part in g.spec.sheets:
            for backs in ((False, True) if part.has_backs else (False,)):
                out += [(key, "sheet", part.name, backs, paper, ink) for paper in PAPERS for ink in INKS]
                if part.has_backs:  # card sheets: the other card sizes too
                    out += [(key, size, part.name, backs, paper, ink) for size in CARD_SIZES[1:]
                            for paper in PAPERS for ink in INKS]
        if g.spec.setup:
            out += [(key, "card", "", False, paper, ink) for paper in PAPERS for ink in INKS]
            out += [(key, "card", "", True, "letter", ink) for ink in INKS]  # the referee copy
    # form fields' looks (filled in from the example results file, so every kind of field shows a value)
    out += [("rolled-west", "filled", "board", False, "letter", ink) for ink in INKS]
    return out


@lru_cache(maxsize=None)
def pdf(key: str, kind: str, part: str, flag: bool, paper: str, ink: str) -> bytes:
    g = sheetgen.game(key)
    if kind == "card":
        return g.setup_card(g.setup(seed="proof"), paper=paper, ink=ink, reveal=flag)
    if kind == "filled":
        return g.sheet(part, SheetOptions(paper=paper, ink=ink, results=EXAMPLES / f"{key}-game.yaml")).pdf
    if kind in CARD_SIZES:
        return g.sheet(part, SheetOptions(paper=paper, ink=ink, backs=flag, card_size=kind)).pdf
    return g.sheet(part, SheetOptions(paper=paper, ink=ink, backs=flag, fillable=kind == "fillable")).pdf


@dataclass
class Found:
    """What a document's streams show: one entry per text shown, stroke and fill painted."""

    texts: list = field(default_factory=list)    # (fill colour, size in pt, font name)
    strokes: list = field(default_factory=list)  # stroke colour
    fills: list = field(default_factory=list)    # fill colour
    colours: set = field(default_factory=set)    # every colour space operator used ("g", "rg", "k", "other")
    fonts: dict = field(default_factory=dict)    # font name -> embedded?


def _det(m: list) -> float:
    return abs(m[0] * m[3] - m[1] * m[2])


def _times(a: list, b: list) -> list:
    """The matrix product a x b of two PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _embedded(font) -> bool:
    font = font.get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None and "/DescendantFonts" in font:
        descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


TOKEN = re.compile(rb"""\s*(?:
    (?P<str>\((?:\\.|[^\\()])*\))      # a literal string (reportlab escapes its parentheses)
  | (?P<open><<|\[) | (?P<close>>>|\])
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<num>[-+]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[A-Za-z'"][A-Za-z0-9*'"]*)
  | (?P<comment>%[^\r\n]*)
)""", re.X)


def operations(data: bytes) -> list:
    """(operands, operator) of a content stream, in order: numbers as floats, names as '/Name' strings,
    strings, arrays and dictionaries as placeholders (no check here reads them)."""
    out: list = []
    operands: list = []
    depth = 0
    at = 0
    data = data.rstrip()
    while at < len(data):
        token = TOKEN.match(data, at)
        assert token is not None and token.end() > at, f"cannot read the content stream at {data[at:at + 20]!r}"
        at = token.end()
        kind = token.lastgroup
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
            if depth == 0:
                operands.append("<array or dictionary>")
        elif depth or kind == "comment":
            continue
        elif kind == "num":
            operands.append(float(token.group(kind)))
        elif kind == "name":
            operands.append(token.group(kind).decode("latin-1"))
        elif kind in ("str", "hex"):
            operands.append("<string>")
        else:
            out.append((operands, token.group(kind)))
            operands = []
    return out


def scan(stream, resources, found: Found, reader, ctm=None, fill=("g", (0.0,)), stroke=("g", (0.0,)),
         depth: int = 0) -> None:
    assert depth < 8, "form XObjects nested too deep"
    resources = resources.get_object() if resources is not None else {}
    fonts = resources.get("/Font", {})
    xobjects = resources.get("/XObject", {})
    state = {"ctm": list(ctm or [1, 0, 0, 1, 0, 0]), "fill": fill, "stroke": stroke}
    stack: list = []
    tm, size, font = [1, 0, 0, 1, 0, 0], 0.0, ""
    for operands, op in operations(stream.get_data()):
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"cm":
            state["ctm"] = _times([float(v) for v in operands], state["ctm"])
        elif op in FILL_OPS:
            state["fill"] = (FILL_OPS[op], tuple(v for v in operands if isinstance(v, float)))
            found.colours.add(FILL_OPS[op])
        elif op in STROKE_OPS:
            state["stroke"] = (STROKE_OPS[op], tuple(v for v in operands if isinstance(v, float)))
            found.colours.add(STROKE_OPS[op])
        elif op == b"BT":
            tm = [1, 0, 0, 1, 0, 0]
        elif op == b"Tm":
            tm = [float(v) for v in operands]
        elif op == b"Tf":
            font, size = str(operands[0]), float(operands[1])
            if font not in found.fonts:
                found.fonts[font] = font in fonts and _embedded(fonts[font])
        elif op in SHOW:
            shown = size * math.sqrt(_det(tm)) * math.sqrt(_det(state["ctm"]))
            found.texts.append((state["fill"], round(shown, 3), font))
        elif op == b"Do":
            xobject = xobjects[operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                scan(xobject, xobject.get("/Resources", resources), found, reader, _times(matrix, state["ctm"]),
                     state["fill"], state["stroke"], depth + 1)
        if op in STROKE_PAINT:
            found.strokes.append(state["stroke"])
        if op in FILL_PAINT:
            found.fills.append(state["fill"])


@lru_cache(maxsize=None)
def proof(case: tuple) -> Found:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf(*case)))
    found = Found()
    for page in reader.pages:
        scan(page.get_contents(), page.get("/Resources"), found, reader)
        for annotation in page.get("/Annots", []):
            looks = annotation.get_object().get("/AP", {})
            for state in ("/N", "/D"):
                look = looks.get(state)
                if look is None:
                    continue
                look = look.get_object()
                streams = [look] if hasattr(look, "get_data") else [v.get_object() for v in look.values()]
                for stream in streams:
                    if stream.get_data():
                        scan(stream, stream.get("/Resources"), found, reader)
    return found


def pure_black(colour: tuple) -> bool:
    """Black ink alone (DeviceCMYK with no cyan, magenta or yellow) or a grey level."""
    space, values = colour
    return (space == "k" and values[:3] == (0.0, 0.0, 0.0)) or space == "g"


def composite_dark(colour: tuple) -> bool:
    """A dark RGB colour: black or near-black printed from colour inks."""
    space, values = colour
    return space == "rg" and max(values) < 0.35


def _id(case) -> str:
    key, kind, part, flag, paper, ink = case
    return "-".join(v for v in (key, kind, part, {"card": "reveal"}.get(kind, "backs") if flag else "",
                                paper, ink) if v)


CASES = documents()


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_every_printed_text_is_large_enough_embedded_and_pure_black(case):
    found = proof(case)
    ink = case[-1]
    assert found.texts, "no text found: the scan would prove nothing"
    small = sorted({(size, font) for _, size, font in found.texts if size < MIN_TEXT - 0.01})
    assert small == [], f"text below {MIN_TEXT} pt"
    assert found.fonts and all(found.fonts.values()), found.fonts
    if ink == "color":
        assert [c for c, _, _ in found.texts if not pure_black(c)] == []
        assert [c for c in found.strokes if composite_dark(c)] == [], "black line work in composite RGB"
        assert any(c[0] == "k" for c in found.strokes), "no black-ink line work at all"
    else:
        assert [c for c, _, _ in found.texts if c[0] != "g"] == []
        assert found.colours <= {"g"}, f"low ink sets {sorted(found.colours)}"


def test_the_proof_covers_every_part_and_card_on_both_papers_in_both_inks():
    for key in sheetgen.game_keys():
        g = sheetgen.game(key)
        for part in g.spec.sheets:
            for paper in PAPERS:
                for ink in INKS:
                    assert (key, "sheet", part.name, False, paper, ink) in CASES
        if g.spec.setup:
            assert all((key, "card", "", False, p, i) in CASES for p in PAPERS for i in INKS)


def test_the_scan_catches_rgb_near_black_text_small_text_and_colour_in_low_ink():
    """The checks above fail on what sheetgen printed before issue 21: warm near-black RGB text and rules."""
    from pypdf import PdfReader
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from sheetgen import pdf as sheet_pdf

    buffer = io.BytesIO()
    c = Canvas(buffer)
    c.setFillColor(HexColor("#1e1915"))
    c.setStrokeColor(HexColor("#1e1915"))
    c.setFont(sheet_pdf.FONTS[False], 6.0)
    c.drawString(72, 72, "near black")
    c.line(72, 80, 200, 80)
    c.saveState()
    c.scale(0.5, 0.5)  # 8 pt set, 4 pt printed
    c.setFont(sheet_pdf.FONTS[False], 8.0)
    c.drawString(72, 300, "scaled")
    c.restoreState()
    c.setFont("Helvetica", 9)  # a built-in font: not embedded
    c.drawString(72, 120, "built in")
    c.showPage()
    c.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    found = Found()
    scan(reader.pages[0].get_contents(), reader.pages[0].get("/Resources"), found, reader)
    assert [size for _, size, _ in found.texts] == [6.0, 4.0, 9.0]
    assert not pure_black(found.texts[0][0]) and composite_dark(found.strokes[0])
    assert found.colours == {"rg"}
    assert sorted(found.fonts.values()) == [False, True]


# -- running text --------------------------------------------------------------------------------------

RUNNING = 7.0  # pt: running text players read during play (issue 21)


def running_text_cases() -> list:
    return [(key, part.name) for key in sheetgen.game_keys() for part in sheetgen.game(key).spec.sheets]


@pytest.mark.parametrize("key, part", running_text_cases())
def test_running_text_is_at_least_7_pt(key, part):
    """A paragraph of three words or more (rules, instructions, building texts) is set at 7 pt or more."""
    from sheetgen.sheet import Para

    g = sheetgen.game(key)
    spec = g.spec.sheet(part)
    small = []
    for paper in PAPERS:
        plan = g.sheet(part, SheetOptions(paper=paper, backs=spec.has_backs))
        doc = spec.builder()(g.rules, plan.request)
        paras = [i for items in [*doc.backdrops.values(), *(p.items for p in doc.pages)] for i in items
                 if isinstance(i, Para) and len(i.text.split()) >= 3]
        small += [(paper, i.size, i.text[:40]) for i in paras if i.size < RUNNING]
    assert small == []
