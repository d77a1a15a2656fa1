"""Printed like a publisher: every text readable and in its room, every font embedded, any script's names.

Checked over every sheet part x paper x ink (cards with backs too) and the setup card of every game at
every player count: in the display list (every text at or above its minimum size, no text wider than its
room, every paragraph inside its box) and in the rendered PDF (only embedded subset fonts, never one of
the 14 built-in ones; every size set in a content stream at or above the minimum).
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen import playernames, typeface
from sheetgen.sheet import MIN_FOOTER, MIN_TEXT, PT, Para, Text, para_lines

from printed import setup_games, sheet_parts

PAPERS, INKS = ("letter", "a4"), ("color", "low")
STANDARD_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica", "Helvetica-Bold",
               "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold", "Times-Italic",
               "Times-BoldItalic", "Symbol", "ZapfDingbats"}
MIXED = ["Łukasz", "Ödön", "Ψυχή", "Жанна", "Bjørn", "Ayşe Gül"]
SEEDS = ("print-1", "print-2", "print-3")


def sheet_cases() -> list:
    return [(key, part.name, backs) for key, part in sheet_parts()
            for backs in ((False, True) if part.has_backs else (False,))]


def card_cases() -> list:
    return [(key, players) for key, low, high in setup_games() for players in range(low, high + 1)]


def _id(case) -> str:
    return "-".join(str(v) for v in case if v is not False).replace("True", "backs")


def sheet_documents(key: str, part: str, backs: bool, names_given=None) -> list:
    """The display lists of a part for every paper and ink (as drawn for them)."""
    g = sheetgen.game(key)
    spec = g.spec.sheet(part)
    docs = []
    for paper in PAPERS:
        for ink in INKS:
            plan = g.sheet(part, SheetOptions(names=names_given if spec.per_player else None, paper=paper, ink=ink, backs=backs))
            docs.append(((paper, ink), spec.builder()(g.rules, plan.request)))
    return docs


def card_documents(key: str, players: int) -> list:
    from sheetgen import setupcard

    g = sheetgen.game(key)
    docs = []
    for seed in SEEDS:
        setup = g.setup(players=players, seed=seed)
        docs.append((seed, setupcard.build(setup.data, g.rules, g.spec)))
    return docs


def texts(doc) -> list:
    return [item for items in [*doc.backdrops.values(), *(p.items for p in doc.pages)] for item in items
            if isinstance(item, (Text, Para))]


def unreadable(doc) -> list:
    """Every text with a character the font lacks, below its minimum size, wider than its room, or outside its
    box: (why, text)."""
    out = []
    for item in texts(doc):
        lacking = sorted({c for c in item.text if not playernames.printable_by_font(c)})
        if lacking:
            out.append((f"the font lacks {lacking}", item.text))
        if item.size < item.min_size - 1e-9:
            out.append((f"{item.size:g} pt, below {item.min_size:g}", item.text))
        if isinstance(item, Text) and item.max_width is not None:
            wide = typeface.text_width(item.text, item.size, item.bold)
            if wide > item.max_width + 0.05:
                out.append((f"{wide:.1f} mm wide in {item.max_width:.1f}", item.text))
        if isinstance(item, Para):
            lines = para_lines(item)
            tall = len(lines) * item.size * 1.15 * PT
            wide = max(typeface.text_width(line, item.size, item.bold) for line in lines)
            if tall > item.rect.h + 0.5 * PT or wide > item.rect.w + 0.05:
                out.append((f"{len(lines)} lines at {item.size:g} pt in {item.rect.w:.1f} x {item.rect.h:.1f} mm",
                            item.text))
    return out


# -- sizes and room ---------------------------------------------------------------------------------

@pytest.mark.parametrize("case", sheet_cases(), ids=_id)
def test_every_text_on_every_sheet_is_readable_and_fits(case):
    key, part, backs = case
    for names_given in (None, MIXED[:sheetgen.game(key).rules.players[1]]):
        for where, doc in sheet_documents(key, part, backs, names_given):
            assert unreadable(doc) == [], (where, names_given)


@pytest.mark.parametrize("case", card_cases(), ids=_id)
def test_every_text_on_every_setup_card_is_readable_and_fits(case):
    for seed, doc in card_documents(*case):
        assert unreadable(doc) == [], seed


def test_every_part_marks_its_footer_and_it_is_no_fine_print():
    """Every part marks its footer: the line naming the game and the part. Since issue 21 it is held to the
    same 6.5 pt floor as every other text (it was 6 pt fine print before)."""
    for key, part, backs in sheet_cases():
        title = sheetgen.game(key).title
        for _, doc in sheet_documents(key, part, backs)[:1]:
            footers = [t for t in texts(doc) if isinstance(t, Text) and t.footer]
            assert footers, (key, part)
            assert all(t.size >= MIN_FOOTER and t.text.startswith(title) for t in footers), (key, part)
    assert MIN_TEXT == 6.5 and MIN_FOOTER == 6.5


def test_a_text_too_wide_or_too_small_is_refused_not_shrunk():
    from sheetgen import pdf
    from sheetgen.sheet import Page, Rect, SheetDocument

    def render(*items):
        return pdf.render(SheetDocument(title="t", subject="s", width=100, height=100,
                                        pages=[Page(backdrop=None, items=items)]))

    assert render(Text(0, 10, "fits", 8, max_width=20)).startswith(b"%PDF")
    for item in (Text(0, 10, "a rather long label", 8, max_width=10), Text(0, 10, "tiny", 6),
                 Text(0, 10, "tiny footer", 5.5, footer=True),
                 Text(0, 10, "fine print", 6, footer=True),
                 Para(Rect(0, 0, 20, 4), "a paragraph of many words that cannot fit so small a box", 8)):
        with pytest.raises(pdf.LayoutOverflow):
            render(item)
    assert render(Text(0, 10, "footer", 6.5, footer=True)).startswith(b"%PDF")


def test_multiplication_is_printed_with_the_times_sign_everywhere():
    """'×' for multiplication on every sheet and card, never a letter x."""
    letter_x = re.compile(r"(?<![\w-])x\s?\d|\d\s?x(?![\w])")
    printed = [t.text for case in sheet_cases() for _, doc in sheet_documents(*case)[:1] for t in texts(doc)]
    printed += [t.text for case in card_cases() for _, doc in card_documents(*case)[:1] for t in texts(doc)]
    assert [t for t in printed if letter_x.search(t)] == []
    assert any("×" in t for t in printed)


# -- names -----------------------------------------------------------------------------------------

def test_a_row_of_names_is_one_size_as_large_as_the_room_allows():
    from sheetgen.sheet import LEADING, fit_names

    size, lines = fit_names(["Ann", "Bo"], 30, 12, "a test")
    assert size == 12 and lines == [["Ann"], ["Bo"]]
    size, lines = fit_names(["Ann", "Maximiliane Wolkenstein"], 30, 12, "a test")   # one line: shrunk, both
    assert MIN_TEXT <= size < 12 and lines == [["Ann"], ["Maximiliane Wolkenstein"]]
    assert typeface.text_width("Maximiliane Wolkenstein", size, True) <= 30
    assert typeface.text_width("Maximiliane Wolkenstein", size + 0.25, True) > 30
    # room for two lines of 10.5 pt: the long name breaks there instead of shrinking further
    size, lines = fit_names(["Ann", "Maximiliane Wolkenstein"], 30, 12, "a test", height=2 * 10.5 * PT * LEADING)
    assert size == 10.5 and lines == [["Ann"], ["Maximiliane", "Wolkenstein"]]
    size, lines = fit_names(["Anna-Lena Schmidt-Kowalczyk"], 40, 10, "a test", height=8)
    assert lines == [["Anna-Lena", "Schmidt-Kowalczyk"]]
    with pytest.raises(sheetgen.InvalidArgument) as caught:
        fit_names(["W" * 40], 30, 12, "the test sheet", height=20)
    assert caught.value.argument == "names" and "the test sheet" in caught.value.message


@pytest.mark.parametrize("key", ["rolled-west", "gold-west", "carcassonne-gold-rush", "piecepack-gold-rush"])
def test_names_in_latin_greek_and_cyrillic_print_and_can_be_found_in_the_pdf(key):
    from pypdf import PdfReader

    g = sheetgen.game(key)
    given = MIXED[:g.rules.players[1]]
    reader = PdfReader(io.BytesIO(g.sheet(None, SheetOptions(names=given)).pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for name in given:
        assert name in text, name
    if g.spec.setup:
        setup = g.setup(names=given, seed="mixed")
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(g.setup_card(setup))).pages)
        for name in given:
            assert name in text, name


def test_the_longest_names_fit_every_sheet_or_are_refused_saying_where():
    """40 characters of ordinary words fit every sheet and card, beside short names (one size for a row);
    40 wide capitals fit the wide name boxes and are refused by the narrow ones, never squeezed."""
    long_name = "Maximiliane Alexandra von Wolkenstein-Ro"
    assert len(long_name) == playernames.MAX_LENGTH
    refused: list = []
    for key in sheetgen.game_keys():
        g = sheetgen.game(key)
        table = [long_name, "Ann", "Ben", "Cat", "Dee"][:g.rules.players[1]]
        for part in g.spec.sheets:
            if part.per_player:
                for _, doc in sheet_documents(key, part.name, False, table):
                    assert unreadable(doc) == [], key
                try:
                    for _, doc in sheet_documents(key, part.name, False, ["W" * 40, *table[1:]]):
                        assert unreadable(doc) == [], key
                except sheetgen.InvalidArgument as caught:
                    assert caught.argument == "names" and "too long to print on" in caught.message
                    refused.append(key)
        if g.spec.setup:
            from sheetgen import setupcard

            setup = g.setup(names=table, seed="long")
            assert unreadable(setupcard.build(setup.data, g.rules, g.spec)) == [], key
    assert "gold-west" in refused and "rolled-west" not in refused


def test_a_seed_of_any_length_or_script_prints_on_the_card_in_its_room():
    """A seed is free text: the card shows what fits, escapes what the font lacks; the code rebuilds it."""
    from sheetgen import setupcard

    g = sheetgen.game("rolled-west")
    for seed, shown in (("x" * 300, "seed: xxx"), ("\u738b-1", "seed: \\u738b-1"), ("Ψυχή", "seed: Ψυχή")):
        setup = g.setup(seed=seed)
        doc = setupcard.build(setup.data, g.rules, g.spec)
        assert unreadable(doc) == []
        lines = {t.text for t in texts(doc) if t.text.startswith("seed: ")}  # a half-page card prints twice
        (line,) = lines
        assert line.startswith(shown) and (line.endswith("\u2026") == (len(seed) > 100))
        assert g.setup_card(setup).startswith(b"%PDF")


def test_what_the_font_lacks_is_refused_naming_the_character():
    for name, char in (("Ann\u05e2", "U+05E2"), ("Zoe\u0301\u0301", "U+0301"), ("\u738b", "U+738B")):
        why = playernames.problem(playernames.clean(name))
        assert why and char in why and "font cannot print" in why
    for name in MIXED + ["Nguyễn", "Ștefan", "Ğülşen", "Øystein", "Ærø", "Đorđe", "Ἀθηνᾶ"]:
        assert playernames.problem(playernames.clean(name)) is None, name


def test_the_coverage_file_is_what_both_shipped_fonts_draw():
    from reportlab.pdfbase.ttfonts import TTFontFile

    drawn = None
    for file in typeface.FONT_FILES.values():
        cmap = set(TTFontFile(str(typeface.FONT_FOLDER / file)).charToGlyph)
        drawn = cmap if drawn is None else drawn & cmap
    listed = {cp for cp in range(0x30000) if playernames.printable_by_font(chr(cp))}
    assert listed == drawn - {0xFFFF}  # FFFF: a cmap terminator, not a character
    assert {"Ł", "ő", "ğ", "ø", "×", "\u2212", "–", "·", "…", "Ψ", "ж"} <= {chr(cp) for cp in listed}


def test_the_name_check_reads_the_font_coverage_without_reportlab(tmp_path):
    import subprocess
    import sys

    code = ("import sys, sheetgen; sheetgen.game('rolled-west').setup(names=['Ψυχή', 'Łukasz'], seed='x'); "
            "print('reportlab' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**__import__("os").environ, "PYTHONPATH": str(__import__("pathlib").Path(
                              sheetgen.__file__).resolve().parent.parent)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


# -- the rendered PDFs -----------------------------------------------------------------------------

_TF = re.compile(rb"/([A-Za-z0-9+_.-]+)\s+(-?[0-9.]+)\s+Tf")


def _fonts_of(resources, seen: dict) -> None:
    """Every font dictionary reachable from `resources`, forms included, into `seen`."""
    if not resources:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        seen[font["/BaseFont"]] = font
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        _fonts_of(xobject.get("/Resources"), seen)


def _streams(page) -> list:
    out = [page.get_contents().get_data()] if page.get_contents() is not None else []
    for xobject in ((page.get("/Resources") or {}).get_object().get("/XObject") or {}).values():
        out.append(xobject.get_object().get_data())
    return out


@lru_cache(maxsize=None)
def _rendered(key: str, part: str, backs: bool, paper: str, ink: str) -> bytes:
    return sheetgen.game(key).sheet(part, SheetOptions(paper=paper, ink=ink, backs=backs)).pdf


def check_pdf(data: bytes) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    fonts: dict = {}
    sizes = set()
    for page in reader.pages:
        _fonts_of(page.get("/Resources"), fonts)
        for stream in _streams(page):
            sizes |= {float(m.group(2)) for m in _TF.finditer(stream)}
    assert fonts, "no fonts"
    for name, font in fonts.items():
        assert name.lstrip("/") not in STANDARD_14 and "+" in name, name   # a subset, not a built-in font
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, name                             # embedded TrueType
        assert name.split("+", 1)[1] in ("Arimo-Regular", "Arimo-Bold"), name
    assert sizes and min(sizes) >= MIN_FOOTER, sorted(sizes)[:5]


@pytest.mark.parametrize("case", sheet_cases(), ids=_id)
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ink", INKS)
def test_every_sheet_pdf_embeds_its_fonts_and_sets_no_tiny_text(case, paper, ink):
    check_pdf(_rendered(*case, paper, ink))


@pytest.mark.parametrize("key", [k for k, p in card_cases() if p == sheetgen.game(k).rules.players[0]])
@pytest.mark.parametrize("ink", INKS)
def test_every_setup_card_pdf_embeds_its_fonts_and_sets_no_tiny_text(key, ink):
    g = sheetgen.game(key)
    for paper in PAPERS:
        check_pdf(g.setup_card(g.setup(seed="pdf"), paper=paper, ink=ink))


def test_pdfs_with_embedded_fonts_are_byte_identical_across_runs():
    g = sheetgen.game("gold-west")
    first = g.sheet(None, SheetOptions(names=MIXED[:4])).pdf
    assert g.sheet(None, SheetOptions(names=MIXED[:4])).pdf == first
    setup = g.setup(seed="same", names=MIXED[:4])
    assert g.setup_card(setup) == g.setup_card(setup)
