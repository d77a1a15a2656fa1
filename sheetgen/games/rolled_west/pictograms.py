"""Rolled West's own pictograms: Wood a log, a camp, a settlement, and the neighbours whose
rolls you bank from (the metals and the star are core icons).

Coordinates are PDF points, (cx, cy) the centre, `size` the width (see icons.py).
"""

from __future__ import annotations

from typing import Any

from sheetgen import ink
from sheetgen.icons import letter_size, paint, polygon
from sheetgen.sheet import Painter, pictograms
from sheetgen.typeface import FONTS


def _wood(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    w, h = size / 2, size * 0.26
    path = c.beginPath()
    path.roundRect(cx - w, cy - h, size, 2 * h, h)
    paint(c, path, "wood", max(0.5, size / 30), palette)
    ring = c.beginPath()
    ring.circle(cx + w - h, cy, h * 0.55)
    paint(c, ring, "wood_end", max(0.4, size / 40), palette)
    letter = letter_size(size, 0.36, 0.46)
    if letter is not None:
        ink.fill(c, palette["ink"] if palette.get("wood") is None else palette["paper"])
        c.setFont(FONTS[True], letter)
        c.drawCentredString(cx - h * 0.6, cy - letter * 0.34, "W")


def _camp(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    r = size / 2
    points = [(cx, cy + r), (cx + r, cy - r * 0.8), (cx - r, cy - r * 0.8)]
    paint(c, polygon(c, points), None, max(0.7, size / 18), palette)


def _settlement(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    path = c.beginPath()
    path.circle(cx, cy, size / 2)
    paint(c, path, None, max(0.7, size / 18), palette)


def _people(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """Two figures: the neighbours whose rolls you bank from."""
    for dx, scale in ((-size * 0.2, 0.85), (size * 0.2, 1.0)):
        head = c.beginPath()
        head.circle(cx + dx, cy + size * 0.18 * scale, size * 0.14 * scale)
        paint(c, head, "people", max(0.4, size / 40), palette)
        body = c.beginPath()
        w = size * 0.22 * scale
        body.moveTo(cx + dx - w, cy - size * 0.4)
        body.curveTo(cx + dx - w, cy, cx + dx + w, cy, cx + dx + w, cy - size * 0.4)
        body.close()
        paint(c, body, "people", max(0.4, size / 40), palette)


PAINTERS: dict[str, Painter] = {
    "wood": _wood,
    "camp": _camp,
    "settlement": _settlement,
    "people": _people,
}

icon = pictograms(PAINTERS)  # an icon on this game's sheets: its own pictogram, or else the core icon
