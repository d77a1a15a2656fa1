"""The sheets' typeface: Arimo's files, the names reportlab draws it under, and its metrics.

Every text on a sheet is set in Arimo (sheetgen/fonts/, SIL Open Font License),
regular or bold. The display list (sheet.py) measures names with it, the PDF
writer (pdf.py) draws with it, the form writer (pdfform.py) embeds its files
whole, and the icons letter their shapes in it: they all take it from here, so
none of them imports another for a font. reportlab is loaded only when a text
is first measured or drawn.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FONTS = {False: "Sheetgen-Arimo", True: "Sheetgen-Arimo-Bold"}  # the names reportlab knows them by (register)
FONT_FOLDER = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: "Arimo-Regular.ttf", True: "Arimo-Bold.ttf"}


@lru_cache(maxsize=1)
def register() -> None:
    """Register the two weights with reportlab, once a process (loading both takes ~10 ms)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    known = set(pdfmetrics.getRegisteredFontNames())
    for bold, name in FONTS.items():
        if name not in known:
            # asciiReadable and shapable pinned: the same bytes whatever reportlab's settings or
            # optional shaping library; the fonts carry no shaping tables anyway
            pdfmetrics.registerFont(TTFont(name, str(FONT_FOLDER / FONT_FILES[bold]), asciiReadable=1,
                                           shapable=False))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide `text` prints at `size` points, in millimetres."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register()
    width: float = stringWidth(text, FONTS[bold], size) / mm  # reportlab is untyped
    return width


def wrap(text: str, size: float, bold: bool, width: float) -> list[str]:
    """The lines `text` wraps to at `size` points in `width` millimetres."""
    from reportlab.lib.units import mm
    from reportlab.lib.utils import simpleSplit

    register()
    lines: list[str] = simpleSplit(text, FONTS[bold], size, width * mm)
    return lines
