"""piecepack Gold Rush's own pictograms: Food an apple, Energy a lightning bolt, and a flag
for a Stake Claim (Gold is the core ingot, Ore the core rock).

Coordinates are PDF points, (cx, cy) the centre, `size` the width (see icons.py).
"""

from __future__ import annotations

from typing import Any

from sheetgen import ink
from sheetgen.icons import letter_size, paint, polygon
from sheetgen.sheet import Painter, pictograms
from sheetgen.typeface import FONTS


def _food(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    r = size * 0.42
    body = c.beginPath()
    body.moveTo(cx, cy + r * 0.72)
    body.curveTo(cx + r * 0.55, cy + r * 1.12, cx + r * 1.12, cy + r * 0.6, cx + r * 1.0, cy - r * 0.1)
    body.curveTo(cx + r * 0.9, cy - r * 0.75, cx + r * 0.45, cy - r * 1.05, cx, cy - r * 0.88)
    body.curveTo(cx - r * 0.45, cy - r * 1.05, cx - r * 0.9, cy - r * 0.75, cx - r * 1.0, cy - r * 0.1)
    body.curveTo(cx - r * 1.12, cy + r * 0.6, cx - r * 0.55, cy + r * 1.12, cx, cy + r * 0.72)
    body.close()
    paint(c, body, "food", max(0.5, size / 30), palette)
    stem = c.beginPath()
    stem.moveTo(cx, cy + r * 0.72)
    stem.lineTo(cx + r * 0.12, cy + r * 1.18)
    paint(c, stem, None, max(0.5, size / 25), palette)
    leaf = c.beginPath()
    leaf.moveTo(cx + r * 0.1, cy + r * 1.0)
    leaf.curveTo(cx + r * 0.35, cy + r * 1.3, cx + r * 0.7, cy + r * 1.2, cx + r * 0.75, cy + r * 1.05)
    leaf.curveTo(cx + r * 0.5, cy + r * 0.9, cx + r * 0.3, cy + r * 0.9, cx + r * 0.1, cy + r * 1.0)
    paint(c, leaf, "food", max(0.4, size / 40), palette)
    letter = letter_size(size, 0.4, 0.47)
    if letter is not None:
        ink.fill(c, palette["ink"])
        c.setFont(FONTS[True], letter)
        c.drawCentredString(cx, cy - size * 0.056 - letter * 0.36, "F")


def _energy(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    h = size / 2
    points = [(cx + h * 0.25, cy + h), (cx - h * 0.55, cy - h * 0.08), (cx - h * 0.02, cy - h * 0.08),
              (cx - h * 0.25, cy - h), (cx + h * 0.6, cy + h * 0.18), (cx + h * 0.06, cy + h * 0.18),
              (cx + h * 0.42, cy + h)]
    paint(c, polygon(c, points), "energy", max(0.5, size / 30), palette)


def _flag(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    h = size / 2
    pole = c.beginPath()
    pole.moveTo(cx - h * 0.5, cy - h)
    pole.lineTo(cx - h * 0.5, cy + h)
    paint(c, pole, None, max(0.6, size / 16), palette)
    points = [(cx - h * 0.5, cy + h), (cx + h * 0.75, cy + h * 0.55), (cx - h * 0.5, cy + h * 0.1)]
    paint(c, polygon(c, points), "header", max(0.5, size / 30), palette)


PAINTERS: dict[str, Painter] = {
    "food": _food,
    "energy": _energy,
    "flag": _flag,
}

icon = pictograms(PAINTERS)  # an icon on this game's sheets: its own pictogram, or else the core icon
