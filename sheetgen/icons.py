"""Vector symbols drawn with reportlab paths: the core icons several games share, and the
helpers every pictogram is drawn with.

Metals differ by shape as well as colour, so they read in black and white:
Copper is a hexagon, Silver a diamond, Gold an ingot (Rolled West's Wood is
a log). A resource's initial is lettered inside its shape when the shape is
big enough to hold it at a readable size (sheet.MIN_TEXT); a smaller icon is
the shape alone.

A symbol only one game draws is that game's pictogram
(games/<game>/pictograms.py): its drawing modules place it as an `Icon`
carrying its painter, so nothing here names a game. A core icon is placed
by its kind alone.
Coordinates here are PDF points, (cx, cy) the centre, `size` the width.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

from sheetgen import ink
from sheetgen.sheet import MIN_TEXT, Painter, Palette
from sheetgen.typeface import FONTS

RESOURCE_LETTERS = {"copper": "C", "silver": "S", "gold": "G"}


def core(kind: str) -> Painter:
    """The painter of the core icon `kind`."""
    try:
        return _PAINTERS[kind]
    except KeyError:
        raise ValueError(f"no core icon called {kind!r} (a game's own pictogram carries its painter)") from None


def draw(c: Any, painter: Painter, cx: float, cy: float, size: float, palette: Palette) -> None:
    """Draw a symbol with `painter` on canvas `c`."""
    c.saveState()
    c.setLineJoin(1)
    painter(c, cx, cy, size, palette)
    c.restoreState()


def paint(c: Any, path: Any, fill: Optional[str], stroke_width: float, palette: Palette) -> None:
    """Stroke `path` in ink, filled with the colour role `fill` where the palette has it."""
    colour = palette.get(fill) if fill else None
    ink.stroke(c, palette["ink"])
    c.setLineWidth(stroke_width)
    if colour is not None:
        ink.fill(c, colour)
        c.drawPath(path, stroke=1, fill=1)
    else:
        c.drawPath(path, stroke=1, fill=0)


def polygon(c: Any, points: Sequence[tuple[float, float]]) -> Any:
    """A closed path through `points`."""
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def letter_size(size: float, ratio: float, most: float) -> Optional[float]:
    """The initial's size in a `size` pt icon: `ratio` of it, raised to MIN_TEXT while the shape holds
    that (up to `most` of the icon); None when even that is too small: the shape alone then."""
    if size * most < MIN_TEXT:
        return None
    return max(size * ratio, MIN_TEXT)


def _letter(c: Any, kind: str, cx: float, cy: float, size: float, palette: Palette) -> None:
    letter = letter_size(size, 0.42, 0.5)
    if letter is None:
        return
    ink.fill(c, palette["ink"])
    c.setFont(FONTS[True], letter)
    c.drawCentredString(cx, cy - letter * 0.36, RESOURCE_LETTERS[kind])


def _copper(c: Any, cx: float, cy: float, size: float, palette: Palette) -> None:
    r = size / 2
    points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
              for a in range(0, 360, 60)]
    paint(c, polygon(c, points), "copper", max(0.5, size / 30), palette)
    _letter(c, "copper", cx, cy, size, palette)


def _silver(c: Any, cx: float, cy: float, size: float, palette: Palette) -> None:
    r = size / 2
    points = [(cx, cy + r), (cx + r * 0.85, cy), (cx, cy - r), (cx - r * 0.85, cy)]
    paint(c, polygon(c, points), "silver", max(0.5, size / 30), palette)
    _letter(c, "silver", cx, cy, size, palette)


def _gold(c: Any, cx: float, cy: float, size: float, palette: Palette) -> None:
    w, h = size / 2, size * 0.32
    points = [(cx - w, cy - h), (cx + w, cy - h), (cx + w * 0.62, cy + h), (cx - w * 0.62, cy + h)]
    paint(c, polygon(c, points), "gold", max(0.5, size / 30), palette)
    _letter(c, "gold", cx, cy, size, palette)


def _star(c: Any, cx: float, cy: float, size: float, palette: Palette) -> None:
    outer, inner = size / 2, size / 2 * 0.45
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(90 + i * 36)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle) - size * 0.04))
    paint(c, polygon(c, points), "star", max(0.4, size / 35), palette)


def _ore(c: Any, cx: float, cy: float, size: float, palette: Palette) -> None:
    r = size / 2
    points = [(cx - r * 0.95, cy - r * 0.55), (cx - r * 0.7, cy + r * 0.3), (cx - r * 0.2, cy + r * 0.62),
              (cx + r * 0.45, cy + r * 0.5), (cx + r * 0.95, cy + r * 0.05), (cx + r * 0.8, cy - r * 0.55)]
    paint(c, polygon(c, points), "ore", max(0.5, size / 30), palette)
    facet = c.beginPath()
    facet.moveTo(cx - r * 0.7, cy + r * 0.3)
    facet.lineTo(cx - r * 0.1, cy + r * 0.05)
    facet.lineTo(cx + r * 0.45, cy + r * 0.5)
    facet.moveTo(cx - r * 0.1, cy + r * 0.05)
    facet.lineTo(cx + r * 0.1, cy - r * 0.55)
    paint(c, facet, None, max(0.35, size / 45), palette)


_PAINTERS = {
    "copper": _copper,
    "silver": _silver,
    "gold": _gold,
    "star": _star,
    "ore": _ore,
}

KINDS = tuple(_PAINTERS)
