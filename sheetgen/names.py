"""One policy for player names, wherever they appear: sheets, setups, cards, score tables.

- `clean`: how a name is kept: NFC, zero-width characters dropped, outer spaces
  trimmed (so "Zoë" typed two ways, or with a zero-width space, is one name).
- `key`: how names are compared: `clean`, then any letter case, curly
  apostrophes straight, runs of spaces as one.
- `problem`: why a name cannot be printed, or None: empty, too long, a control
  character, or a character the sheets' font lacks (named). What the font
  draws is read from sheetgen/fonts/coverage.txt, made with the fonts, so a
  command that draws nothing still knows it without loading reportlab.
- `printable`: any text made safe for a terminal: control and format characters
  (escape sequences, bidi overrides) shown as \\x.. / \\u.... escapes.
"""

from __future__ import annotations

import bisect
import os
import unicodedata
from typing import Optional, Sequence

from sheetgen.errors import InvalidArgument

MAX_LENGTH = 40
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))  # zero-width, soft hyphen


def clean(name: str) -> str:
    text = str(name)
    if text.isascii():  # NFC leaves ASCII as it is, and every invisible character is beyond it
        return text.strip()
    return unicodedata.normalize("NFC", text).translate(_INVISIBLE).strip()


def key(name: str) -> str:
    text = clean(name).replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.casefold().split())


# a plain path: pathlib (with urllib.parse and ipaddress behind it) would cost every command its import
COVERAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts", "coverage.txt")
_coverage: Optional[tuple] = None


def _ranges() -> tuple:
    """(starts, ends) of the code point ranges both weights of the sheets' font draw, read once."""
    global _coverage
    if _coverage is None:
        starts, ends = [], []
        with open(COVERAGE, encoding="utf-8") as listing:  # ASCII; utf-8 is the codec already loaded
            lines = listing.read().splitlines()
        for line in lines:
            line = line.strip()
            if line and not line.startswith("#"):
                low, _, high = line.partition("-")
                starts.append(int(low, 16))
                ends.append(int(high or low, 16))
        _coverage = (starts, ends)
    return _coverage


def printable_by_font(char: str) -> bool:
    """Whether the sheets' font (regular and bold) draws `char`."""
    starts, ends = _ranges()
    at = bisect.bisect_right(starts, ord(char)) - 1
    return at >= 0 and ord(char) <= ends[at]


def problem(name: str) -> Optional[str]:
    """Why `name` (already cleaned) cannot be printed, or None."""
    if not name:
        return "a name is empty"
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            return f"'{printable(name)}' has a control character ({_code(char)}); type the name plainly"
    if len(name) > MAX_LENGTH:
        return f"'{name[:20]}...' is longer than {MAX_LENGTH} characters"
    for char in name:
        if not printable_by_font(char):
            return f"'{name}' has '{char}' ({_code(char)}, {unicodedata.name(char, 'unnamed')}), which the " \
                   f"sheets' font cannot print"
    return None


def check_all(given: Sequence[str]) -> list:
    """Names as printed, each once; else InvalidArgument('names', why)."""
    parsed = [clean(n) for n in given]
    seen: set = set()
    for n in parsed:
        why = problem(n)
        if why == "a name is empty":
            why += "; separate names with single commas, e.g. Ann,Ben"
        if why:
            raise InvalidArgument("names", why)
        if key(n) in seen:
            raise InvalidArgument("names", f"'{n}' is listed twice")
        seen.add(key(n))
    return parsed


def printable(text: str) -> str:
    """`text` with every control or format character escaped, safe to print to a terminal."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable() or char == " ":
            out.append(char)
        elif ord(char) < 0x100:
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(f"\\u{ord(char):04x}")
    return "".join(out)


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"
