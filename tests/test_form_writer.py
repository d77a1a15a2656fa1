"""How sheetgen writes form fields (sheetgen/pdfform.py): the embedded Unicode font, text that is
never cut, choice marks that are plain text fields, the appearance policy, and the file's size.

Engines: PDFium through pypdfium2 (keys typed one by one, as in Chrome), poppler's pdftoppm and
pdffonts, MuPDF's mutool, pypdf. Tests needing a program that is missing are skipped."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader, PdfWriter

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import pdf, pdfform
from sheetgen.errors import InvalidArgument
from sheetgen.sheet import FormField, Page, Rect, SheetDocument

from conftest import ROOT
from formfill import PDFTOPPM, fill_pdf, write

RW = sheetgen.game("rolled-west")
CC = sheetgen.game("carcassonne-gold-rush")
PREFIX = "rolled-west.board"
MUTOOL = shutil.which("mutool")
PDFFONTS = shutil.which("pdffonts")
NAMES = ["Жанна", "Ψυχή", "Łukasz", "Maximilian Bartholomew"]


def widgets(data: bytes) -> dict:
    """{full field name: (page index, widget dictionary)} of a PDF's widgets."""
    reader = PdfReader(io.BytesIO(data))
    out = {}
    for index, page in enumerate(reader.pages):
        for ref in page.get("/Annots") or []:
            widget = ref.get_object()
            names, node = [], widget
            while node is not None:
                names.append(str(node["/T"]))
                node = node["/Parent"].get_object() if "/Parent" in node else None
            out[".".join(reversed(names))] = (index, widget)
    return out


def inherited(widget, key):
    node = widget
    while node is not None:
        if key in node:
            return node[key]
        node = node["/Parent"].get_object() if "/Parent" in node else None
    return None


def render(engine: str, data: bytes, tmp_path, dpi: int = 72, page: int = 1) -> tuple:
    """(width, height, RGB bytes) of one page as poppler (pdftoppm) or MuPDF (mutool draw) draws it."""
    source = tmp_path / "render.pdf"
    source.write_bytes(data)
    target = tmp_path / "render.ppm"
    if engine == "poppler":
        subprocess.run([PDFTOPPM, "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(source),
                        str(tmp_path / "render")], check=True, capture_output=True)
    else:
        subprocess.run([MUTOOL, "draw", "-q", "-r", str(dpi), "-c", "rgb", "-o", str(target), str(source), str(page)],
                       check=True, capture_output=True)
    raw = target.read_bytes()
    target.unlink()
    magic, width, height, depth, pixels = raw.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    return int(width), int(height), pixels


def changed_pixels(before: tuple, after: tuple, rects: list, page_height: float, dpi: int, inside: bool) -> int:
    """Pixels that differ between two renderings inside any of `rects` (each x0, y0, x1, y1 in points;
    inside=True) or outside all of them, each grown by a pixel (inside=False)."""
    width, height, a = before
    b = after[2]
    scale = dpi / 72
    boxes = [(r[0] * scale - 1, r[2] * scale + 1, (page_height - r[3]) * scale - 1, (page_height - r[1]) * scale + 1)
             for r in rects]
    count = 0
    for y in range(height):
        row = y * width * 3
        if a[row:row + width * 3] == b[row:row + width * 3]:
            continue
        for x in range(width):
            i = row + x * 3
            if a[i:i + 3] != b[i:i + 3] and any(x0 <= x <= x1 and y0 <= y <= y1 for x0, x1, y0, y1 in boxes) == inside:
                count += 1
    return count


needs_poppler = pytest.mark.skipif(PDFTOPPM is None, reason="needs poppler's pdftoppm")
needs_mupdf = pytest.mark.skipif(MUTOOL is None, reason="needs MuPDF's mutool")


# -- the font ----------------------------------------------------------------------------------

def test_text_fields_use_the_embedded_arimo_once_a_file():
    data = RW.sheet(None, SheetOptions(names=NAMES, fillable=True, copies=3)).pdf
    reader = PdfReader(io.BytesIO(data))
    form = reader.trailer["/Root"]["/AcroForm"]
    fonts = form["/DR"]["/Font"]
    assert set(fonts) <= {"/Arimo", "/ArimoBd", "/ZaDb"}
    for tag, base in (("/Arimo", "/Arimo-Regular"), ("/ArimoBd", "/Arimo-Bold")):
        if tag not in fonts:
            continue  # a weight no field uses is not embedded
        font = fonts[tag].get_object()
        assert (font["/Subtype"], font["/Encoding"], font["/BaseFont"]) == ("/Type0", "/Identity-H", base)
        assert "/ToUnicode" in font
        descendant = font["/DescendantFonts"][0].get_object()
        assert descendant["/Subtype"] == "/CIDFontType2"
        assert len(descendant["/FontDescriptor"]["/FontFile2"].get_data()) > 100_000  # the whole font
    used = {}
    for name, (_, widget) in widgets(data).items():
        if inherited(widget, "/FT") == "/Tx":
            tag = str(widget["/DA"]).split()[0]
            assert str(widget["/DA"]).split()[1] == "0", name  # auto size: engines fit what is typed
            assert tag in ("/Arimo", "/ArimoBd"), name
            if "/AP" in widget:  # sheetgen's own appearance uses the very font of /DR
                ap = widget["/AP"]["/N"].get_object()
                used[name] = ap["/Resources"]["/Font"].raw_get(tag).idnum
                assert used[name] == fonts.raw_get(tag).idnum
    assert len(used) == 3 * len(NAMES)  # the names printed in the name fields, each copy
    assert "/NeedAppearances" not in form
    assert str(form["/DA"]).split()[0] in fonts


@pytest.mark.skipif(PDFFONTS is None, reason="needs poppler's pdffonts")
def test_pdffonts_lists_the_form_font_embedded(tmp_path):
    path = write(tmp_path, "names.pdf", RW.sheet(None, SheetOptions(names=NAMES, fillable=True)).pdf)
    listing = subprocess.run([PDFFONTS, str(path)], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:]]
    form = [row for row in rows if row[1:3] == ["CID", "TrueType"]]
    assert form and all(row[4] == "yes" and row[6] == "yes" for row in form), listing  # embedded, ToUnicode
    assert all(row[4] == "yes" for row in rows), listing  # nothing left to a viewer's stand-in


def test_sheetgen_appearances_hold_every_glyph_of_the_names():
    """The appearance of each name field draws the name's own glyphs, none missing (glyph 0)."""
    data = RW.sheet(None, SheetOptions(names=NAMES, fillable=True)).pdf
    font = pdfform.form_font(True)
    back = {glyph: chr(code) for code, glyph in sorted(font.glyphs.items(), reverse=True)}
    for index, name in enumerate(NAMES):
        _, widget = widgets(data)[f"{PREFIX}.p{index + 1}.name"]
        assert widget["/V"] == name
        content = widget["/AP"]["/N"].get_object().get_data().decode("ascii")
        (shown,) = re.findall(r"<([0-9A-F]+)> Tj", content)
        glyphs = [int(shown[i:i + 4], 16) for i in range(0, len(shown), 4)]
        assert 0 not in glyphs
        assert "".join(back[g] for g in glyphs) == name


@needs_poppler
@needs_mupdf
@pytest.mark.parametrize("engine", ["poppler", "mupdf"])
def test_greek_and_cyrillic_names_render(tmp_path, engine):
    """Each name field of a sheet printed with names draws ink in its box, in poppler and MuPDF."""
    dpi = 50
    blank = RW.sheet(None, SheetOptions(players=4, fillable=True)).pdf
    named = RW.sheet(None, SheetOptions(names=NAMES, fillable=True)).pdf
    for index in range(len(NAMES)):
        _, widget = widgets(named)[f"{PREFIX}.p{index + 1}.name"]
        rect = [float(v) for v in widget["/Rect"]]
        before = render(engine, blank, tmp_path, dpi, index + 1)
        after = render(engine, named, tmp_path, dpi, index + 1)
        assert changed_pixels(before, after, [rect], 792, dpi, inside=True) > 40, NAMES[index]
        assert changed_pixels(before, after, [rect], 792, dpi, inside=False) == 0


def test_a_name_the_font_cannot_show_is_refused(run):
    result = run("sheet", "rolled-west", "--names", "Ann,李", "--fillable", "-o", "x.pdf")
    assert result.code == 2 and "cannot print" in result.err and "Traceback" not in result.err


def test_a_name_too_long_for_its_field_is_refused_as_a_name(run, tmp_path):
    result = run("sheet", "carcassonne-gold-rush", "--names", "W" * 40 + ",Ben", "--fillable", "-o", "pad.pdf")
    assert result.code == 2 and result.err.startswith("Error: --names: ") and "too long" in result.err, result.err
    assert not (tmp_path / "pad.pdf").exists()


def test_the_writer_refuses_what_it_cannot_draw():
    """A value outside the font, or too long even at the smallest size, is refused, never drawn
    with missing glyphs or cut."""
    def one(value: str, width: float = 40) -> bytes:
        doc = SheetDocument("t", "t", 100, 100, pages=[Page(None, (FormField(Rect(0, 0, width, 8), "x", "text",
                                                                                   value=value),))])
        return pdf.render(doc)

    assert one("Ann")
    with pytest.raises(InvalidArgument, match="cannot print"):
        one("李")
    with pytest.raises(InvalidArgument, match="too long"):
        one("W" * 40, width=10)


# -- text never cut -------------------------------------------------------------------------------

def test_sheetgen_shrinks_a_long_value_to_its_box():
    field = FormField(Rect(0, 0, 30, 6), "name", "text", value="Maximilian Bartholomew", size=12, bold=True)
    data = pdf.render(SheetDocument("t", "t", 100, 100, pages=[Page(None, (field,))]))
    (_, widget), = widgets(data).values()
    content = widget["/AP"]["/N"].get_object().get_data().decode("ascii")
    size = float(re.search(r"/ArimoBd ([0-9.]+) Tf", content).group(1))
    width = float(widget["/Rect"][2]) - float(widget["/Rect"][0])
    assert pdfform.MIN_SIZE <= size < 12
    assert pdfform.form_font(True).width("Maximilian Bartholomew", size) <= width - 2 * 1.5
    assert not int(widget["/Ff"]) & (1 << 23)  # may scroll: never DoNotScroll


def test_pdfium_keeps_a_long_typed_name_and_scores_it_whole(tmp_path):
    from formengines import SHEETS, fill_pdfium, prepare, score

    case = prepare(next(s for s in SHEETS if s.key == "rolled-west-board"), tmp_path / "case")
    values = dict(case.targets)
    name = f"{PREFIX}.p1.name"
    values[name] = "Maximilian Bartholomew"
    saved = write(tmp_path, "typed.pdf", fill_pdfium(case.blank, values))
    assert widgets(saved.read_bytes())[name][1]["/V"] == "Maximilian Bartholomew"
    result = score(saved)
    assert "Maximilian Bartholomew" in [p["name"] for p in result["players"]], result


# -- choice marks ----------------------------------------------------------------------------------

def test_choices_are_text_fields_read_by_the_start_of_a_word(tmp_path):
    blank = RW.sheet(None, SheetOptions(players=2, fillable=True)).pdf
    found = widgets(blank)
    assert not any(inherited(w, "/FT") == "/Ch" for _, w in found.values())  # no combo boxes
    claim = found[f"{PREFIX}.p1.claims.woods.1"][1]
    assert inherited(claim, "/FT") == "/Tx" and "camp or settlement" in str(claim["/TU"])
    assert "/AP" not in claim  # empty: nothing drawn, any engine makes its own when filled
    values = {"name": "Ann", "claims.woods.1": "S", "claims.woods.2": "set", "claims.woods.3": "c",
              "shipping.copper.1": True, "shipping.copper.2": True, "shipping.copper.3": "h"}
    other = {"name": "Ben", "claims.hills.1": "camp"}
    path = write(tmp_path, "a.pdf", fill_pdf(blank, PREFIX, {1: values, 2: other}))
    text = RW.export([str(path)]).text
    assert "woods: [settlement, camp]" in text.replace("'", ""), text
    assert "high: [3]" in text, text
    bad = write(tmp_path, "b.pdf", fill_pdf(blank, PREFIX, {1: dict(values, **{"claims.woods.3": "x"}), 2: other}))
    problems = RW.check([str(bad)]).problems
    assert any("unknown mark 'x'" in p.message and p.field == "claims.woods.3" for p in problems), problems


@needs_poppler
@needs_mupdf
def test_pdfium_saved_marks_stay_in_their_boxes(tmp_path):
    """Typed in PDFium and saved, claim and shipping marks draw only inside their own fields (a strip
    below the printed numbers), in poppler and MuPDF: no drop-down arrow, nothing over a number."""
    from formengines import fill_pdfium

    blank = RW.sheet(None, SheetOptions(players=2, fillable=True)).pdf
    marks = {"claims.woods.1": "settlement", "claims.woods.2": "settlement", "claims.valley.1": "camp",
             "shipping.copper.1": True, "shipping.copper.2": True, "shipping.copper.3": "high",
             "shipping.silver.1": True, "shipping.silver.2": True, "shipping.silver.3": "low"}
    saved = fill_pdfium(blank, {f"{PREFIX}.p1.{k}": v for k, v in marks.items()})
    found = widgets(saved)
    for name, value in marks.items():
        assert (found[f"{PREFIX}.p1.{name}"][1]["/V"] == value) or value is True
    dpi = 72
    for engine in ("poppler", "mupdf"):
        before, after = render(engine, blank, tmp_path, dpi), render(engine, saved, tmp_path, dpi)
        for name in marks:
            rect = [float(v) for v in found[f"{PREFIX}.p1.{name}"][1]["/Rect"]]
            assert changed_pixels(before, after, [rect], 792, dpi, inside=True) > 0, (engine, name)
        rects = [[float(v) for v in found[f"{PREFIX}.p1.{name}"][1]["/Rect"]] for name in marks]
        # every changed pixel lies in one of the filled fields
        assert changed_pixels(before, after, rects, 792, dpi, inside=False) == 0, engine


# -- appearances -------------------------------------------------------------------------------------

def test_pypdf_filling_one_field_changes_no_other_appearance():
    """pypdf replaces a text field's appearance object in place: no other field may share it."""
    filled = RW.sheet(None, SheetOptions(results=str(ROOT / "examples" / "rolled-west-game.yaml"))).pdf
    before = {name: (w.get("/AS"), w["/AP"]["/N"].get_object().get_data() if "/AP" in w and "/Yes" not in w["/AP"]["/N"]
                     else None) for name, (_, w) in widgets(filled).items()}
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled)))
    target = f"{PREFIX}.p1.total"
    writer.update_page_form_field_values(writer.pages[0], {target: "999", f"{PREFIX}.p1.bank.1": "W"},
                                         auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    after = {name: (w.get("/AS"), w["/AP"]["/N"].get_object().get_data() if "/AP" in w and "/Yes" not in w["/AP"]["/N"]
                    else None) for name, (_, w) in widgets(out.getvalue()).items()}
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {target, f"{PREFIX}.p1.bank.1"}
    assert sum(1 for v in before.values() if v[1]) > 10  # the check is about real appearances


def test_check_boxes_share_their_two_looks():
    data = RW.sheet(None, SheetOptions(players=2, fillable=True)).pdf
    looks = set()
    boxes = 0
    for _, widget in widgets(data).values():
        if inherited(widget, "/FT") == "/Btn":
            boxes += 1
            normal = widget["/AP"]["/N"]
            looks.add((normal.raw_get("/Yes").idnum, normal.raw_get("/Off").idnum))
    assert boxes > 50 and len(looks) < 10


# -- size --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, players, pages, limit", [(CC, 5, 100, 1_500_000), (RW, 4, 400, 2_000_000)])
def test_bulk_fillable_prints_stay_small(game, players, pages, limit):
    """100 Carcassonne pads under 1.5 MB and 400 Rolled West boards under 2 MB (each board page has
    its own QR code for sheetgen scan, about 1.2 kB), projected from one set and three (the fonts
    are written once; each set adds its pages' fields)."""
    one = len(game.sheet(None, SheetOptions(players=players, fillable=True)).pdf)
    three = len(game.sheet(None, SheetOptions(players=players, fillable=True, copies=3)).pdf)
    per_set = (three - one) / 2
    sets = pages / (1 if game is CC else players)
    assert one + per_set * (sets - 1) < limit, (one, per_set)


def test_packed_pdf_reads_everywhere_it_is_read(tmp_path):
    """The object streams and cross-reference stream: pypdf reads every field, and the file is
    still sheetgen's own to replace (its Info dictionary is outside the object streams)."""
    data = RW.sheet(None, SheetOptions(players=2, fillable=True, copies=2)).pdf
    assert data.startswith(b"%PDF-1.7") and b"/Type /ObjStm" in data and b"/Type /XRef" in data
    assert b"/Creator (sheetgen " in data[-64_000:]
    assert len(PdfReader(io.BytesIO(data)).get_fields()) > 4 * 91
    assert data == RW.sheet(None, SheetOptions(players=2, fillable=True, copies=2)).pdf  # reproducible
    assert json.dumps(sorted(widgets(data))) == json.dumps(sorted(widgets(data)))


def _system_poppler() -> bool:
    """Whether the system Python has poppler-glib (what tools/poppler_fill.py drives)."""
    try:
        done = subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Poppler', '0.18'); "
                               "from gi.repository import Poppler"], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


@pytest.mark.skipif(not _system_poppler(), reason="needs poppler-glib in the system Python (python3-gi)")
def test_a_chrome_saved_board_edited_in_evince_keeps_both(tmp_path):
    """PDFium (Chrome) types half the values and saves; poppler (Evince) sets the rest and saves: every
    value is kept, and what poppler set has an appearance of its own (no NeedAppearances to lean on)."""
    from formengines import fill_pdfium

    blank = RW.sheet(None, SheetOptions(players=2, fillable=True)).pdf
    chrome = {f"{PREFIX}.p1.name": "Ann", f"{PREFIX}.p1.claims.woods.1": "camp", f"{PREFIX}.p1.contracts.2": True}
    evince = {f"{PREFIX}.p2.name": "Ben", f"{PREFIX}.p2.claims.hills.1": "s", f"{PREFIX}.p2.claims.hills.2": "s",
              f"{PREFIX}.p2.total": "12"}
    first = write(tmp_path, "chrome.pdf", fill_pdfium(blank, chrome))
    values = write(tmp_path, "values.json", json.dumps(evince).encode("utf-8"))
    second = tmp_path / "evince.pdf"
    done = subprocess.run(["/usr/bin/python3", str(ROOT / "tools" / "poppler_fill.py"), str(first), str(second),
                           str(values)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["log"] == [], done
    found = widgets(second.read_bytes())
    for name, value in {**chrome, **evince}.items():
        widget = found[name][1]
        if value is True:
            assert widget["/V"] == "/Yes" and widget["/AS"] == "/Yes", name
        else:
            assert widget["/V"] == value and "/AP" in widget, name
    assert "/NeedAppearances" not in PdfReader(io.BytesIO(second.read_bytes())).trailer["/Root"]["/AcroForm"] or \
        not PdfReader(io.BytesIO(second.read_bytes())).trailer["/Root"]["/AcroForm"]["/NeedAppearances"]
