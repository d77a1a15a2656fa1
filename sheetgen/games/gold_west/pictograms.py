"""Gold West's own pictograms: the Forest fir and the water (the metals are core icons).

Coordinates are PDF points, (cx, cy) the centre, `size` the width (see icons.py).
"""

from __future__ import annotations

from typing import Any

from sheetgen import ink
from sheetgen.icons import paint, polygon
from sheetgen.sheet import Painter, pictograms


def _forest(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A fir tree: three stacked boughs on a trunk (the Forest terrain)."""
    r = size / 2
    trunk_w, trunk_h = size * 0.16, size * 0.2
    trunk = c.beginPath()
    trunk.rect(cx - trunk_w / 2, cy - r, trunk_w, trunk_h)
    paint(c, trunk, "wood", max(0.4, size / 40), palette)
    base = cy - r + trunk_h
    tiers = ((0.92, 0.0, 0.42), (0.74, 0.27, 0.36), (0.54, 0.5, 0.34))  # (width, lift, height) of the span
    span = 2 * r - trunk_h
    for width, lift, height in tiers:
        bottom = base + span * lift
        w = r * width
        points = [(cx - w, bottom), (cx + w, bottom), (cx, bottom + span * height + span * 0.08)]
        paint(c, polygon(c, points), "forest", max(0.4, size / 35), palette)


def _water(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """Water: three short waves, drawn in ink so they read without colour."""
    w, step = size / 2, size * 0.26
    ink.stroke(c, palette["ink"])
    c.setLineWidth(max(0.4, size / 28))
    c.setLineCap(1)
    for row in (-1, 0, 1):
        y = cy + row * step
        x0 = cx - w * (0.8 if row else 1.0)
        x1 = cx + w * (0.8 if row else 1.0)
        third = (x1 - x0) / 4
        wave = c.beginPath()
        wave.moveTo(x0, y)
        for i in range(4):
            a = x0 + i * third
            lift = size * 0.09 * (1 if i % 2 == 0 else -1)
            wave.curveTo(a + third * 0.3, y + lift, a + third * 0.7, y + lift, a + third, y)
        c.drawPath(wave, stroke=1, fill=0)


PAINTERS: dict[str, Painter] = {
    "forest": _forest,
    "water": _water,
}

icon = pictograms(PAINTERS)  # an icon on this game's sheets: its own pictogram, or else the core icon
