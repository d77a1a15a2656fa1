"""`sheetgen scan PHOTO...`: what each photo of a board reads as, field by field, sure or not.

Exit 0 when every photo was read (sure or not), 1 when one cannot be (each a
`PHOTO: message` line, or a problem under --format json), or when the scan
extra is not installed (one line saying how to add it).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, Sequence

from sheetgen.scan import INSTALL

if TYPE_CHECKING:  # the reader needs OpenCV, loaded only when a photo is read
    from sheetgen.scan.read import PhotoReading


def available() -> bool:
    """Whether the scan extra (OpenCV, NumPy, pypdfium2) is installed."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
        import pypdfium2  # noqa: F401
    except ImportError:
        return False
    return True


def read_all(photos: Sequence[str], crops: bool = False) -> list["PhotoReading"]:
    """A PhotoReading per photo; a second photo of a page already read is refused (a problem)."""
    from sheetgen.scan.read import read_photo

    readings = []
    seen: dict[tuple[str, int], str] = {}
    for name in photos:
        reading = read_photo(name, crops=crops)
        if not reading.problems:
            page = (reading.paper, reading.page)
            if page in seen:
                reading.problems.append(f"a second photo of board page {reading.page} (the first: {seen[page]}): "
                                        f"give one photo a board")
                reading.fields = []
            else:
                seen[page] = name
        readings.append(reading)
    return readings


def _shown(value: Any) -> str:
    if value is True:
        return "checked"
    if value is False:
        return "-"
    return value or "-"


def print_readings(photos: Sequence[str], fmt: str) -> int:
    if not available():
        sys.stderr.write(INSTALL + "\n")
        return 1
    readings = read_all(photos)
    if fmt == "json":
        out = {"photos": [{"file": r.file, "game": r.game, "part": r.part, "paper": r.paper or None,
                           "page": r.page or None,
                           "fields": [{"field": f.field, "value": f.value, "sure": f.sure,
                                       "confidence": round(f.confidence, 4)} for f in r.fields],
                           "problems": [{"file": r.file, "field": None, "message": p} for p in r.problems]}
                          for r in readings]}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        lines = []
        for r in readings:
            if r.problems:  # on stderr, as every command's problems
                sys.stderr.write("".join(f"{r.file}: {p}\n" for p in r.problems))
                continue
            unsure = sum(not f.sure for f in r.fields)
            lines.append(f"{r.file}: Rolled West board, page {r.page}, {r.paper}, {r.markers} of 4 scan marks: "
                         f"{len(r.fields)} boxes, {unsure} not sure")
            for f in r.fields:
                state = "sure" if f.sure else f"NOT SURE: {f.why}"
                lines.append(f"  {f.field:<22} {_shown(f.value):<11} {f.confidence:4.0%}  {state}")
        if lines:
            sys.stdout.write("\n".join(lines) + "\n")
    return 1 if any(r.problems for r in readings) else 0
