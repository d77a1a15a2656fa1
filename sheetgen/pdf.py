"""Render a SheetDocument to PDF bytes with reportlab.

Backdrops (the art pages share) are drawn once as PDF form XObjects and
placed on each page; only per-page items (names, form fields) are drawn page by page.

Reproducibility, decided: the same sheetgen, reportlab and input give the same
bytes whatever the environment. Every PDF is dated 2000-01-01 00:00:00 UTC
(reportlab's invariant-mode date) and its file ID is seeded from that date,
so SOURCE_DATE_EPOCH, the clock, TZ, the locale (LANG, LC_ALL), the working
folder and PYTHONHASHSEED change nothing. SOURCE_DATE_EPOCH is deliberately
not honoured: reportlab would otherwise write it as the creation date even in
invariant mode, and a sheet's content, not its build time, is what should fix
its bytes. The environment itself is never touched; the date is pinned on
the document after reportlab has read it. reportlab's own configuration
(RL_* variables, a reportlab_settings module or ~/.reportlab_settings) is
the user's to keep alike.

Fonts, decided: every text is set in Arimo (typeface.py), embedded as a
subset of the glyphs each PDF uses, so Latin, Greek and Cyrillic names print
alike on every machine and no PDF leans on a viewer's stand-in for a built-in
font. Subsets are made in drawing order, so the same document gives the same
bytes.
"""

from __future__ import annotations

import hashlib
import io
from contextlib import contextmanager
from typing import Any, Iterator, Union

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib import units
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from sheetgen import icons
from sheetgen._version import __version__
from sheetgen import ink as paint
from sheetgen.errors import SheetgenError
from sheetgen.pdfform import FormWriter, pack
from sheetgen.sheet import Box, FormField, Icon, Item, Line, Palette, Para, Polygon, SheetDocument, Text, para_lines
from sheetgen.typeface import FONTS, register, text_width

PAPER = {"letter": LETTER, "a4": A4}
mm: float = units.mm  # points per millimetre (typed here: reportlab has no type stubs)

_COLOUR = {
    "ink": "#1e1915", "muted": "#5f554d", "paper": "#ffffff",
    "header": "#7c3a12", "header_edge": None, "header_text": "#ffffff",
    "shade": "#d9cbb7", "light": "#f6efe4", "panel_edge": "#7c3a12",
    "copper": "#c06a2b", "silver": "#b9bec4", "gold": "#e8b93a", "wood": "#7a4b27",
    "wood_end": "#c9965f", "star": "#f0c53c", "people": "#5f554d", "low_mark": None,
    "food": "#8fb04a", "energy": "#d8503a", "ore": "#a39e97", "civic": "#2f5d62",
    "forest": "#5d8a48", "water": "#9cc7e4", "unused": "#d4d0cb",
    "mountain": "#9c8f80",
    "player_blue": "#2f62b0", "player_red": "#c8322b", "player_green": "#3d8b3d", "player_yellow": "#f2cf2e",
    "player_black": "#1e1915",
}
_LOW_INK = {
    "ink": "#000000", "muted": "#444444", "paper": "#ffffff",
    "header": None, "header_edge": "#000000", "header_text": "#000000",
    "shade": None, "light": None, "panel_edge": "#000000",
    "copper": None, "silver": None, "gold": None, "wood": None,
    "wood_end": None, "star": None, "people": None, "low_mark": "#000000",
    "food": None, "energy": None, "ore": None, "civic": None,
    "forest": None, "water": None, "unused": None,
    "mountain": None,
    "player_blue": None, "player_red": None, "player_green": None, "player_yellow": None, "player_black": None,
}
# colour mode: these roles are text and black line work, printed in black ink alone (see ink.py)
_BLACK_ROLES = {"ink": 1.0, "muted": 0.7, "header_text": 0.0, "low_mark": 1.0}


def _grey(value: str) -> paint.Gray:
    """The grey level of a hex colour (its luminance)."""
    red, green, blue = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return paint.Gray(round(0.299 * red + 0.587 * green + 0.114 * blue, 4))


PALETTES: dict[str, Palette] = {
    "color": {role: (paint.Black(_BLACK_ROLES[role]) if role in _BLACK_ROLES and v else HexColor(v) if v else None)
              for role, v in _COLOUR.items()},
    "low": {role: (_grey(v) if v else None) for role, v in _LOW_INK.items()},
}
register()  # the fonts are drawn by name from here on

FIXED_DATE = (2000, 1, 1, 0, 0, 0)  # UTC, reportlab's invariant date
_FIXED_EPOCH = 946684800.0          # the same moment in seconds, as invariant mode keeps it


class LayoutOverflow(SheetgenError):
    """Text wider or taller than its room at its size, or smaller than the minimum: a layout bug."""


class _Placer:
    """Converts millimetres from the content box's top-left into page points."""

    def __init__(self, doc: SheetDocument, pagesize: tuple[float, float]):
        self.left: float = (pagesize[0] - doc.width * mm) / 2
        self.top: float = pagesize[1] - (pagesize[1] - doc.height * mm) / 2

    def x(self, value: float) -> float:
        return self.left + value * mm

    def y(self, value: float) -> float:
        return self.top - value * mm


@contextmanager
def flate_only() -> Iterator[None]:
    """While reportlab writes a PDF, its streams are Flate-compressed only. By default it also wraps
    each in ASCII85 (a 7-bit text layer no PDF reader needs), which makes every stream a quarter
    larger and costs time; the setting is put back after, for other reportlab users in the process."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def render(doc: SheetDocument, paper: str = "letter", ink: str = "color") -> bytes:
    """The whole document as PDF bytes."""
    with flate_only():
        return _render(doc, paper, ink)


def canvas(buffer: io.BytesIO, pagesize: tuple[float, float], title: str, **options: Any) -> Canvas:
    """A reportlab canvas writing into `buffer` as every sheetgen PDF is written: the sheets' font
    embedded from the first text on, dated FIXED_DATE (the same input gives the same bytes), titled
    `title` and named as sheetgen's. Write it within `flate_only`."""
    c = Canvas(buffer, pagesize=pagesize, invariant=1, initialFontName=FONTS[False], **options)
    _pin_date(c)
    c.setTitle(title)
    c.setCreator(f"sheetgen {__version__}")
    return c


def _render(doc: SheetDocument, paper: str, ink: str) -> bytes:
    pagesize = PAPER[paper]
    palette = PALETTES[ink]
    buffer = io.BytesIO()
    c = canvas(buffer, pagesize, doc.title, pageCompression=1)
    c.setSubject(doc.subject)
    c.setAuthor("sheetgen")
    placer = _Placer(doc, pagesize)
    for name, items in doc.backdrops.items():
        c.beginForm(name)
        for item in items:
            _draw(c, item, placer, palette)
        c.endForm()
    form_writer = None
    for number, page in enumerate(doc.pages, 1):
        # a page that only places a backdrop has a few dozen bytes of content: compressed they
        # would only grow
        c.setPageCompression(1 if page.items or not page.backdrop else 0)
        if page.backdrop:
            c.doForm(page.backdrop)
        for item in page.items:
            if isinstance(item, FormField):  # a form field, filed under its page (see pdfform.py)
                if form_writer is None:
                    form_writer = FormWriter(c, paint.operators(palette["ink"]))
                r = item.rect
                form_writer.add(item, f"{doc.form_id}.p{number}.{item.name}" if doc.form_id else item.name,
                           (placer.x(r.x), placer.y(r.bottom), placer.x(r.right), placer.y(r.y)))
            else:
                _draw(c, item, placer, palette)
        c.showPage()
    c.setPageCompression(1)  # what is written at the end (embedded fonts) is compressed
    c.save()
    if form_writer is not None:
        return pack(buffer.getvalue())
    return buffer.getvalue()


class _FixedTime:
    """Stands in for reportlab's TimeStamp: the fields its PDF dates are made from."""

    t = _FIXED_EPOCH
    YMDhms = FIXED_DATE
    dhh = dmm = 0
    tzname = "UTC"


def _pin_date(c: Canvas) -> None:
    """Date the document FIXED_DATE whatever SOURCE_DATE_EPOCH says.

    reportlab reads the variable when it makes the document, even in invariant
    mode, and uses the time twice: for CreationDate/ModDate and as the first
    thing hashed into the file ID. Both are set to what invariant mode gives
    without the variable, so the bytes match a run where it is unset.
    """
    pdf_document = c._doc
    pdf_document._timeStamp = _FixedTime()
    pdf_document.signature = hashlib.md5(b"a reportlab document" + ascii(_FIXED_EPOCH).encode("ascii"),
                                usedforsecurity=False)


def _draw(c: Any, item: Item, at: _Placer, palette: Palette) -> None:
    if isinstance(item, Box):
        _box(c, item, at, palette)
    elif isinstance(item, Text):
        _text(c, item, at, palette)
    elif isinstance(item, Para):
        _para(c, item, at, palette)
    elif isinstance(item, Icon):
        icons.draw(c, item.painter or icons.core(item.kind), at.x(item.cx), at.y(item.cy), item.size * mm, palette)
    elif isinstance(item, Line):
        colour = palette.get(item.role)
        if colour is not None:
            paint.stroke(c, colour)
            c.setLineWidth(item.width)
            c.line(at.x(item.x1), at.y(item.y1), at.x(item.x2), at.y(item.y2))
    elif isinstance(item, Polygon):
        _polygon(c, item, at, palette)
    else:  # pragma: no cover - a new item type without a painter
        raise TypeError(f"cannot draw {type(item).__name__}")


def _box(c: Any, box: Box, at: _Placer, palette: Palette) -> None:
    fill = palette.get(box.fill) if box.fill else None
    stroke = palette.get(box.stroke) if box.stroke else None
    if fill is None and stroke is None:
        return
    if fill is not None:
        paint.fill(c, fill)
    if stroke is not None:
        paint.stroke(c, stroke)
        c.setLineWidth(box.width)
    r = box.rect
    args = (at.x(r.x), at.y(r.bottom), r.w * mm, r.h * mm)
    if box.radius:
        c.roundRect(*args, box.radius * mm, stroke=int(stroke is not None), fill=int(fill is not None))
    else:
        c.rect(*args, stroke=int(stroke is not None), fill=int(fill is not None))


def _polygon(c: Any, item: Polygon, at: _Placer, palette: Palette) -> None:
    fill = palette.get(item.fill) if item.fill else None
    stroke = palette.get(item.stroke) if item.stroke else None
    if fill is None and stroke is None:
        return
    path = c.beginPath()
    (x0, y0), *rest = item.points
    path.moveTo(at.x(x0), at.y(y0))
    for x, y in rest:
        path.lineTo(at.x(x), at.y(y))
    path.close()
    if fill is not None:
        paint.fill(c, fill)
    if stroke is not None:
        paint.stroke(c, stroke)
        c.setLineWidth(item.width)
    c.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))


def _readable(item: Union[Text, Para]) -> None:
    if item.size < item.min_size - 1e-9:
        raise LayoutOverflow(f"layout: '{item.text}' is set at {item.size:g} pt, below the {item.min_size:g} pt "
                             f"minimum")


def _text(c: Any, item: Text, at: _Placer, palette: Palette) -> None:
    _readable(item)
    font = FONTS[item.bold]
    if item.max_width is not None and stringWidth(item.text, font, item.size) > item.max_width * mm + 0.1:
        raise LayoutOverflow(f"layout: '{item.text}' at {item.size:g} pt is "
                             f"{text_width(item.text, item.size, item.bold):.1f} mm wide, "
                             f"{item.max_width:.1f} mm is its room")
    paint.fill(c, palette.get(item.role) or palette["ink"])
    c.setFont(font, item.size)
    x, y = at.x(item.x), at.y(item.y)
    if item.angle:
        c.saveState()
        c.translate(x, y)
        c.rotate(item.angle)
        x = y = 0
    if item.align == "center":
        c.drawCentredString(x, y, item.text)
    elif item.align == "right":
        c.drawRightString(x, y, item.text)
    else:
        c.drawString(x, y, item.text)
    if item.angle:
        c.restoreState()


def _para(c: Any, item: Para, at: _Placer, palette: Palette) -> None:
    _readable(item)
    r, size = item.rect, item.size
    lines = para_lines(item)
    leading = size * 1.15
    if len(lines) * leading > r.h * mm + 0.5 or any(stringWidth(line, FONTS[item.bold], size) > r.w * mm + 0.1
                                                    for line in lines):
        raise LayoutOverflow(f"layout: '{item.text}' at {size:g} pt does not fit a {r.w:.1f} x {r.h:.1f} mm box "
                             f"({len(lines)} lines)")
    paint.fill(c, palette.get(item.role) or palette["ink"])
    c.setFont(FONTS[item.bold], size)
    block = len(lines) * leading
    y = at.y(r.y) - (r.h * mm - block) / 2 - size * 0.85
    for line in lines:
        if item.align == "left":
            c.drawString(at.x(r.x), y, line)
        else:
            c.drawCentredString(at.x(r.cx), y, line)
        y -= leading
