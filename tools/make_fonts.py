"""Make the fonts sheetgen ships (sheetgen/fonts/), from Arimo's variable font.

A maintainer's tool, not run at install or run time. Arimo (SIL Open Font
License 1.1, no Reserved Font Name) comes as one variable font on PyPI
(`pip download --no-deps fontpkg-arimo`); reportlab embeds only static
TrueType, so this fixes the weight at 400 (Regular) and 700 (Bold) and keeps
what a printed sheet needs, which keeps the wheel small:

- the characters of Latin (Western, Central and Eastern European, Turkish,
  Vietnamese), Greek and Cyrillic, with the punctuation, currency, arrows and
  mathematical signs the font draws;
- not combining marks (reportlab places glyphs one after another, so a mark
  would not sit on its letter: such a name is refused instead), not Hebrew
  (right to left), no hinting, no OpenType layout tables (reportlab uses none).

It then writes coverage.txt, the code point ranges both weights draw, which
sheetgen.playernames reads to refuse a name the sheets cannot print without loading
reportlab.

    python3 tools/make_fonts.py PATH/TO/Arimo[wght].ttf   # needs fontTools

The output is the same bytes for the same input and fontTools version.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

OUT = Path(__file__).resolve().parent.parent / "sheetgen" / "fonts"
WEIGHTS = {"Regular": 400, "Bold": 700}
BLOCKS = [
    (0x0020, 0x007E), (0x00A0, 0x024F),   # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x0250, 0x02FF),                     # IPA (ə) and spacing modifier letters (ʻ ʼ)
    (0x0370, 0x03FF), (0x1F00, 0x1FFF),   # Greek, polytonic Greek
    (0x0400, 0x052F),                     # Cyrillic and its supplement
    (0x1E00, 0x1EFF),                     # Latin Extended Additional (Vietnamese, Welsh)
    (0x2000, 0x206F), (0x20A0, 0x20CF),   # punctuation, currency
    (0x2100, 0x214F), (0x2190, 0x21FF),   # letterlike (№), arrows
    (0x2200, 0x22FF), (0x25A0, 0x25FF),   # mathematical operators, geometric shapes
]
LEFT_OUT = {"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"}  # controls, formats, combining marks


def wanted(cmap: dict) -> list:
    return sorted(cp for lo, hi in BLOCKS for cp in range(lo, hi + 1)
                  if cp in cmap and unicodedata.category(chr(cp)) not in LEFT_OUT)


def make(source: Path, style: str, weight: int) -> set:
    font = TTFont(source, recalcTimestamp=False)
    font = instancer.instantiateVariableFont(font, {"wght": weight}, updateFontNames=True)
    codes = wanted(font.getBestCmap())
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "STAT", "gasp", "DSIG"]
    options.glyph_names = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    target = OUT / f"Arimo-{style}.ttf"
    font.save(target)
    return set(TTFont(target).getBestCmap())


def ranges(codes: set) -> list:
    out: list = []
    for cp in sorted(codes):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def main(source: str) -> None:
    covered = None
    for style, weight in WEIGHTS.items():
        codes = make(Path(source), style, weight)
        covered = codes if covered is None else covered & codes
    lines = [f"{lo:04X}-{hi:04X}" if lo != hi else f"{lo:04X}" for lo, hi in ranges(covered)]
    (OUT / "coverage.txt").write_text(
        "# Code points both sheetgen fonts draw (made by tools/make_fonts.py; do not edit)\n"
        + "\n".join(lines) + "\n", encoding="ascii")
    print(f"{len(covered)} characters in {len(lines)} ranges")


if __name__ == "__main__":
    main(sys.argv[1])
