"""Vector symbols drawn with reportlab paths (never font glyphs).

Metals differ by shape as well as colour, so they read in black and white:
Copper is a hexagon, Silver a diamond, Gold an ingot, Wood a log.
Coordinates here are PDF points, (cx, cy) the centre, `size` the width.
"""

from __future__ import annotations

import math

RESOURCE_LETTERS = {"copper": "C", "silver": "S", "gold": "G", "wood": "W"}


def draw(c, kind: str, cx: float, cy: float, size: float, palette: dict) -> None:
    """Draw symbol `kind` on canvas `c`."""
    try:
        painter = _PAINTERS[kind]
    except KeyError:
        raise ValueError(f"no icon called {kind!r}") from None
    c.saveState()
    c.setLineJoin(1)
    painter(c, cx, cy, size, palette)
    c.restoreState()


def _paint(c, path, fill, stroke_width, palette) -> None:
    colour = palette.get(fill) if fill else None
    c.setStrokeColor(palette["ink"])
    c.setLineWidth(stroke_width)
    if colour is not None:
        c.setFillColor(colour)
        c.drawPath(path, stroke=1, fill=1)
    else:
        c.drawPath(path, stroke=1, fill=0)


def _polygon(c, points):
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _letter(c, kind, cx, cy, size, palette):
    if size < 9:  # below ~3 mm the shape alone is clearer
        return
    c.setFillColor(palette["ink"])
    c.setFont("Helvetica-Bold", size * 0.42)
    c.drawCentredString(cx, cy - size * 0.15, RESOURCE_LETTERS[kind])


def _copper(c, cx, cy, size, palette):
    r = size / 2
    points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
              for a in range(0, 360, 60)]
    _paint(c, _polygon(c, points), "copper", max(0.5, size / 30), palette)
    _letter(c, "copper", cx, cy, size, palette)


def _silver(c, cx, cy, size, palette):
    r = size / 2
    points = [(cx, cy + r), (cx + r * 0.85, cy), (cx, cy - r), (cx - r * 0.85, cy)]
    _paint(c, _polygon(c, points), "silver", max(0.5, size / 30), palette)
    _letter(c, "silver", cx, cy, size, palette)


def _gold(c, cx, cy, size, palette):
    w, h = size / 2, size * 0.32
    points = [(cx - w, cy - h), (cx + w, cy - h), (cx + w * 0.62, cy + h), (cx - w * 0.62, cy + h)]
    _paint(c, _polygon(c, points), "gold", max(0.5, size / 30), palette)
    _letter(c, "gold", cx, cy, size, palette)


def _wood(c, cx, cy, size, palette):
    w, h = size / 2, size * 0.26
    path = c.beginPath()
    path.roundRect(cx - w, cy - h, size, 2 * h, h)
    _paint(c, path, "wood", max(0.5, size / 30), palette)
    ring = c.beginPath()
    ring.circle(cx + w - h, cy, h * 0.55)
    _paint(c, ring, "wood_end", max(0.4, size / 40), palette)
    if size >= 9:
        c.setFillColor(palette["ink"] if palette.get("wood") is None else palette["paper"])
        c.setFont("Helvetica-Bold", size * 0.36)
        c.drawCentredString(cx - h * 0.6, cy - size * 0.12, "W")


def _star(c, cx, cy, size, palette):
    outer, inner = size / 2, size / 2 * 0.45
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(90 + i * 36)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle) - size * 0.04))
    _paint(c, _polygon(c, points), "star", max(0.4, size / 35), palette)


def _camp(c, cx, cy, size, palette):
    r = size / 2
    points = [(cx, cy + r), (cx + r, cy - r * 0.8), (cx - r, cy - r * 0.8)]
    _paint(c, _polygon(c, points), None, max(0.7, size / 18), palette)


def _settlement(c, cx, cy, size, palette):
    path = c.beginPath()
    path.circle(cx, cy, size / 2)
    _paint(c, path, None, max(0.7, size / 18), palette)


def _people(c, cx, cy, size, palette):
    """Two figures: the neighbours whose rolls you bank from."""
    for dx, scale in ((-size * 0.2, 0.85), (size * 0.2, 1.0)):
        head = c.beginPath()
        head.circle(cx + dx, cy + size * 0.18 * scale, size * 0.14 * scale)
        _paint(c, head, "people", max(0.4, size / 40), palette)
        body = c.beginPath()
        w = size * 0.22 * scale
        body.moveTo(cx + dx - w, cy - size * 0.4)
        body.curveTo(cx + dx - w, cy, cx + dx + w, cy, cx + dx + w, cy - size * 0.4)
        body.close()
        _paint(c, body, "people", max(0.4, size / 40), palette)


_PAINTERS = {
    "copper": _copper,
    "silver": _silver,
    "gold": _gold,
    "wood": _wood,
    "star": _star,
    "camp": _camp,
    "settlement": _settlement,
    "people": _people,
}

KINDS = tuple(_PAINTERS)
