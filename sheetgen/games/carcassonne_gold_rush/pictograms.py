"""Carcassonne: Gold Rush's own pictograms: the cowboy (score marker), the gold nugget, and
the features (railroad, mountain, city, tipi camp, wild horses).

Coordinates are PDF points, (cx, cy) the centre, `size` the width (see icons.py).
"""

from __future__ import annotations

import math
from typing import Any

from sheetgen import ink
from sheetgen.icons import paint, polygon
from sheetgen.sheet import Painter, pictograms


def _rail(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A railroad track: four sleepers under two rails."""
    w, h = size / 2, size * 0.3
    for i in range(4):
        x = cx - w * 0.8 + i * w * 1.6 / 3
        paint(c, polygon(c, [(x - size * 0.05, cy - h), (x + size * 0.05, cy - h),
                               (x + size * 0.05, cy + h), (x - size * 0.05, cy + h)]),
               "wood", max(0.3, size / 60), palette)
    ink.stroke(c, palette["ink"])
    c.setLineWidth(max(0.8, size / 12))
    for dy in (-h * 0.55, h * 0.55):
        c.line(cx - w, cy + dy, cx + w, cy + dy)


def _mountain(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """Two peaks."""
    r = size / 2
    small = [(cx - r, cy - r * 0.7), (cx - r * 0.45, cy + r * 0.2), (cx + r * 0.1, cy - r * 0.7)]
    big = [(cx - r * 0.5, cy - r * 0.7), (cx + r * 0.15, cy + r * 0.75), (cx + r, cy - r * 0.7)]
    paint(c, polygon(c, small), "mountain", max(0.5, size / 30), palette)
    paint(c, polygon(c, big), "mountain", max(0.5, size / 30), palette)


def _nugget(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A gold nugget: an irregular lump."""
    r = size / 2
    shape = [(-0.95, -0.2), (-0.6, 0.45), (-0.05, 0.62), (0.55, 0.5), (0.95, 0.05), (0.7, -0.5),
             (0.05, -0.62), (-0.6, -0.55)]
    paint(c, polygon(c, [(cx + x * r, cy + y * r) for x, y in shape]), "gold", max(0.5, size / 30), palette)


def _city(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A western town: three false-front buildings."""
    r = size / 2
    for left, right, top in ((-1.0, -0.35, 0.25), (-0.35, 0.35, 0.75), (0.35, 1.0, 0.05)):
        paint(c, polygon(c, [(cx + left * r, cy - r * 0.75), (cx + right * r, cy - r * 0.75),
                               (cx + right * r, cy + top * r), (cx + left * r, cy + top * r)]),
               "copper", max(0.5, size / 30), palette)
    ink.fill(c, palette["ink"])
    c.rect(cx - r * 0.12, cy - r * 0.75, r * 0.24, r * 0.45, stroke=0, fill=1)


def _tipi(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A tipi: a tent of hides with its poles crossing above."""
    r = size / 2
    paint(c, polygon(c, [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx, cy + r * 0.6)]),
           "wood_end", max(0.5, size / 30), palette)
    c.setLineWidth(max(0.5, size / 30))
    c.line(cx - r * 0.12, cy + r * 0.4, cx + r * 0.3, cy + r * 0.95)
    c.line(cx + r * 0.12, cy + r * 0.4, cx - r * 0.3, cy + r * 0.95)
    ink.fill(c, palette["ink"])
    door = polygon(c, [(cx - r * 0.22, cy - r * 0.8), (cx + r * 0.22, cy - r * 0.8), (cx, cy - r * 0.2)])
    c.drawPath(door, stroke=0, fill=1)


def _horse(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A herd of wild horses, drawn as a horseshoe (open side down)."""
    outer, inner = size * 0.46, size * 0.26
    angles = [math.radians(a) for a in range(-55, 236, 15)]
    points = [(cx + outer * math.cos(a), cy + outer * math.sin(a)) for a in angles]
    points += [(cx + inner * math.cos(a), cy + inner * math.sin(a)) for a in reversed(angles)]
    paint(c, polygon(c, points), "silver", max(0.5, size / 30), palette)


def _meeple(c: Any, cx: float, cy: float, size: float, palette: dict[str, Any]) -> None:
    """A cowboy: the score marker."""
    r = size / 2
    body = [(-0.95, 0.1), (-0.3, 0.32), (0.3, 0.32), (0.95, 0.1), (0.4, -0.12), (0.75, -0.95), (0.12, -0.95),
            (0, -0.6), (-0.12, -0.95), (-0.75, -0.95), (-0.4, -0.12)]
    paint(c, polygon(c, [(cx + x * r, cy + y * r) for x, y in body]), "people", max(0.5, size / 30), palette)
    head = c.beginPath()
    head.circle(cx, cy + r * 0.6, r * 0.3)
    paint(c, head, "people", max(0.5, size / 30), palette)


PAINTERS: dict[str, Painter] = {
    "rail": _rail,
    "mountain": _mountain,
    "nugget": _nugget,
    "city": _city,
    "tipi": _tipi,
    "horse": _horse,
    "meeple": _meeple,
}

icon = pictograms(PAINTERS)  # an icon on this game's sheets: its own pictogram, or else the core icon
