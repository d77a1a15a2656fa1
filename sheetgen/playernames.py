"""One policy for player names, wherever they appear: sheets, setups, cards, score tables.

- `clean`: how a name is kept: NFC, zero-width characters dropped, outer spaces
  trimmed (so "Zoë" typed two ways, or with a zero-width space, is one name).
- `key`: how names are compared: `clean`, then any letter case, curly
  apostrophes straight, runs of spaces as one.
- `text_problem`: why a name is refused everywhere (text, JSON, YAML, prompts,
  results files), or None: empty, a control character, or longer than
  MAX_LENGTH (what the sheets' name boxes hold).
- `font_problem`: why a printed sheet or card cannot show it: a character the
  sheets' font lacks (named). Only what prints a PDF asks (`check_printable`).
  What the font draws is read from sheetgen/fonts/coverage.txt, made with the
  fonts, so a command that draws nothing still knows it without loading reportlab.
- `problem`: both, for a name about to be printed.
- `printable`: any text made safe for a terminal: control and format characters
  (escape sequences, bidi overrides) shown as \\x.. / \\u.... escapes.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from pathlib import Path
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


COVERAGE = Path(__file__).resolve().parent / "fonts" / "coverage.txt"


@functools.cache
def _ranges() -> tuple[list[int], list[int]]:
    """(starts, ends) of the code point ranges both weights of the sheets' font draw, read once."""
    starts: list[int] = []
    ends: list[int] = []
    for line in COVERAGE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            low, _, high = line.partition("-")
            starts.append(int(low, 16))
            ends.append(int(high or low, 16))
    return starts, ends


def printable_by_font(char: str) -> bool:
    """Whether the sheets' font (regular and bold) draws `char`."""
    starts, ends = _ranges()
    at = bisect.bisect_right(starts, ord(char)) - 1
    return at >= 0 and ord(char) <= ends[at]


def text_problem(name: str) -> Optional[str]:
    """Why `name` (already cleaned) cannot be a player's name anywhere, or None: empty, a
    control character, or longer than any sheet's name box holds."""
    if not name:
        return "a name is empty"
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            return f"'{printable(name)}' has a control character ({_code(char)}); type the name plainly"
    if len(name) > MAX_LENGTH:
        return f"'{name[:20]}...' is longer than {MAX_LENGTH} characters; shorten it"
    return None


def font_problem(name: str) -> Optional[str]:
    """Why a printed sheet cannot show `name` (already cleaned), or None: a character the
    sheets' font lacks (named), with what to do."""
    for char in name:
        if not printable_by_font(char):
            return f"'{name}' has '{char}' ({_code(char)}, {unicodedata.name(char, 'unnamed')}), which the " \
                   f"sheets' font cannot print; spell it in Latin, Greek or Cyrillic letters for a printed " \
                   f"sheet or card (text, JSON and YAML take it as it is)"
    return None


def problem(name: str) -> Optional[str]:
    """Why `name` (already cleaned) cannot be printed on a sheet, or None."""
    return text_problem(name) or font_problem(name)


def twice(name: str) -> str:
    """The one wording of a name given for two players."""
    return f"the name {name} is used twice; give each player a different name"


def check_all(given: Sequence[str]) -> list[str]:
    """Names as kept, each once; else InvalidArgument('names', why). Any name a results file
    takes passes: what only a printed page cannot show is `check_printable`'s."""
    parsed = [clean(n) for n in given]
    seen: set[str] = set()
    for n in parsed:
        why = text_problem(n)
        if why == "a name is empty":
            why += "; separate names with single commas, e.g. Ann,Ben"
        if why:
            raise InvalidArgument("names", why)
        if key(n) in seen:
            raise InvalidArgument("names", twice(n))
        seen.add(key(n))
    return parsed


def check_printable(given: Sequence[str], argument: str = "names") -> None:
    """InvalidArgument(argument, why) when a name has a character the sheets' font lacks:
    for what prints a PDF."""
    for n in given:
        why = font_problem(n)
        if why:
            raise InvalidArgument(argument, why)


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
