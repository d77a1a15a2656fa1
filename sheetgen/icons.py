"""Vector symbols drawn with reportlab paths.

Metals differ by shape as well as colour, so they read in black and white:
Copper is a hexagon, Silver a diamond, Gold an ingot, Wood a log. A
resource's initial is lettered inside its shape when the shape is big enough
to hold it at a readable size (sheet.MIN_TEXT); a smaller icon is the shape
alone.
Coordinates here are PDF points, (cx, cy) the centre, `size` the width.
"""

from __future__ import annotations

import math
from typing import Optional

from sheetgen import ink
from sheetgen.sheet import MIN_TEXT
from sheetgen.typeface import FONTS

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
    ink.stroke(c, palette["ink"])
    c.setLineWidth(stroke_width)
    if colour is not None:
        ink.fill(c, colour)
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


def _letter_size(size: float, ratio: float, most: float) -> Optional[float]:
    """The initial's size in a `size` pt icon: `ratio` of it, raised to MIN_TEXT while the shape holds
    that (up to `most` of the icon); None when even that is too small: the shape alone then."""
    if size * most < MIN_TEXT:
        return None
    return max(size * ratio, MIN_TEXT)


def _letter(c, kind, cx, cy, size, palette):
    letter = _letter_size(size, 0.42, 0.5)
    if letter is None:
        return
    ink.fill(c, palette["ink"])
    c.setFont(FONTS[True], letter)
    c.drawCentredString(cx, cy - letter * 0.36, RESOURCE_LETTERS[kind])


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
    letter = _letter_size(size, 0.36, 0.46)
    if letter is not None:
        ink.fill(c, palette["ink"] if palette.get("wood") is None else palette["paper"])
        c.setFont(FONTS[True], letter)
        c.drawCentredString(cx - h * 0.6, cy - letter * 0.34, "W")


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


def _forest(c, cx, cy, size, palette):
    """A fir tree: three stacked boughs on a trunk (the Forest terrain)."""
    r = size / 2
    trunk_w, trunk_h = size * 0.16, size * 0.2
    trunk = c.beginPath()
    trunk.rect(cx - trunk_w / 2, cy - r, trunk_w, trunk_h)
    _paint(c, trunk, "wood", max(0.4, size / 40), palette)
    base = cy - r + trunk_h
    tiers = ((0.92, 0.0, 0.42), (0.74, 0.27, 0.36), (0.54, 0.5, 0.34))  # (width, lift, height) of the span
    span = 2 * r - trunk_h
    for width, lift, height in tiers:
        bottom = base + span * lift
        w = r * width
        points = [(cx - w, bottom), (cx + w, bottom), (cx, bottom + span * height + span * 0.08)]
        _paint(c, _polygon(c, points), "forest", max(0.4, size / 35), palette)


# -- piecepack Gold Rush: Food an apple, Energy a lightning bolt, Ore a rough
# rock (Gold is the ingot above); a flag marks a Stake Claim.

def _food(c, cx, cy, size, palette):
    r = size * 0.42
    body = c.beginPath()
    body.moveTo(cx, cy + r * 0.72)
    body.curveTo(cx + r * 0.55, cy + r * 1.12, cx + r * 1.12, cy + r * 0.6, cx + r * 1.0, cy - r * 0.1)
    body.curveTo(cx + r * 0.9, cy - r * 0.75, cx + r * 0.45, cy - r * 1.05, cx, cy - r * 0.88)
    body.curveTo(cx - r * 0.45, cy - r * 1.05, cx - r * 0.9, cy - r * 0.75, cx - r * 1.0, cy - r * 0.1)
    body.curveTo(cx - r * 1.12, cy + r * 0.6, cx - r * 0.55, cy + r * 1.12, cx, cy + r * 0.72)
    body.close()
    _paint(c, body, "food", max(0.5, size / 30), palette)
    stem = c.beginPath()
    stem.moveTo(cx, cy + r * 0.72)
    stem.lineTo(cx + r * 0.12, cy + r * 1.18)
    _paint(c, stem, None, max(0.5, size / 25), palette)
    leaf = c.beginPath()
    leaf.moveTo(cx + r * 0.1, cy + r * 1.0)
    leaf.curveTo(cx + r * 0.35, cy + r * 1.3, cx + r * 0.7, cy + r * 1.2, cx + r * 0.75, cy + r * 1.05)
    leaf.curveTo(cx + r * 0.5, cy + r * 0.9, cx + r * 0.3, cy + r * 0.9, cx + r * 0.1, cy + r * 1.0)
    _paint(c, leaf, "food", max(0.4, size / 40), palette)
    letter = _letter_size(size, 0.4, 0.47)
    if letter is not None:
        ink.fill(c, palette["ink"])
        c.setFont(FONTS[True], letter)
        c.drawCentredString(cx, cy - size * 0.056 - letter * 0.36, "F")


def _energy(c, cx, cy, size, palette):
    h = size / 2
    points = [(cx + h * 0.25, cy + h), (cx - h * 0.55, cy - h * 0.08), (cx - h * 0.02, cy - h * 0.08),
              (cx - h * 0.25, cy - h), (cx + h * 0.6, cy + h * 0.18), (cx + h * 0.06, cy + h * 0.18),
              (cx + h * 0.42, cy + h)]
    _paint(c, _polygon(c, points), "energy", max(0.5, size / 30), palette)


def _ore(c, cx, cy, size, palette):
    r = size / 2
    points = [(cx - r * 0.95, cy - r * 0.55), (cx - r * 0.7, cy + r * 0.3), (cx - r * 0.2, cy + r * 0.62),
              (cx + r * 0.45, cy + r * 0.5), (cx + r * 0.95, cy + r * 0.05), (cx + r * 0.8, cy - r * 0.55)]
    _paint(c, _polygon(c, points), "ore", max(0.5, size / 30), palette)
    facet = c.beginPath()
    facet.moveTo(cx - r * 0.7, cy + r * 0.3)
    facet.lineTo(cx - r * 0.1, cy + r * 0.05)
    facet.lineTo(cx + r * 0.45, cy + r * 0.5)
    facet.moveTo(cx - r * 0.1, cy + r * 0.05)
    facet.lineTo(cx + r * 0.1, cy - r * 0.55)
    _paint(c, facet, None, max(0.35, size / 45), palette)


def _flag(c, cx, cy, size, palette):
    h = size / 2
    pole = c.beginPath()
    pole.moveTo(cx - h * 0.5, cy - h)
    pole.lineTo(cx - h * 0.5, cy + h)
    _paint(c, pole, None, max(0.6, size / 16), palette)
    points = [(cx - h * 0.5, cy + h), (cx + h * 0.75, cy + h * 0.55), (cx - h * 0.5, cy + h * 0.1)]
    _paint(c, _polygon(c, points), "header", max(0.5, size / 30), palette)


# -- Carcassonne: Gold Rush score pad -------------------------------------------------

def _rail(c, cx, cy, size, palette):
    """A railroad track: four sleepers under two rails."""
    w, h = size / 2, size * 0.3
    for i in range(4):
        x = cx - w * 0.8 + i * w * 1.6 / 3
        _paint(c, _polygon(c, [(x - size * 0.05, cy - h), (x + size * 0.05, cy - h),
                               (x + size * 0.05, cy + h), (x - size * 0.05, cy + h)]),
               "wood", max(0.3, size / 60), palette)
    ink.stroke(c, palette["ink"])
    c.setLineWidth(max(0.8, size / 12))
    for dy in (-h * 0.55, h * 0.55):
        c.line(cx - w, cy + dy, cx + w, cy + dy)


def _mountain(c, cx, cy, size, palette):
    """Two peaks."""
    r = size / 2
    small = [(cx - r, cy - r * 0.7), (cx - r * 0.45, cy + r * 0.2), (cx + r * 0.1, cy - r * 0.7)]
    big = [(cx - r * 0.5, cy - r * 0.7), (cx + r * 0.15, cy + r * 0.75), (cx + r, cy - r * 0.7)]
    _paint(c, _polygon(c, small), "mountain", max(0.5, size / 30), palette)
    _paint(c, _polygon(c, big), "mountain", max(0.5, size / 30), palette)


def _nugget(c, cx, cy, size, palette):
    """A gold nugget: an irregular lump."""
    r = size / 2
    shape = [(-0.95, -0.2), (-0.6, 0.45), (-0.05, 0.62), (0.55, 0.5), (0.95, 0.05), (0.7, -0.5),
             (0.05, -0.62), (-0.6, -0.55)]
    _paint(c, _polygon(c, [(cx + x * r, cy + y * r) for x, y in shape]), "gold", max(0.5, size / 30), palette)


def _city(c, cx, cy, size, palette):
    """A western town: three false-front buildings."""
    r = size / 2
    for left, right, top in ((-1.0, -0.35, 0.25), (-0.35, 0.35, 0.75), (0.35, 1.0, 0.05)):
        _paint(c, _polygon(c, [(cx + left * r, cy - r * 0.75), (cx + right * r, cy - r * 0.75),
                               (cx + right * r, cy + top * r), (cx + left * r, cy + top * r)]),
               "copper", max(0.5, size / 30), palette)
    ink.fill(c, palette["ink"])
    c.rect(cx - r * 0.12, cy - r * 0.75, r * 0.24, r * 0.45, stroke=0, fill=1)


def _tipi(c, cx, cy, size, palette):
    """A tipi: a tent of hides with its poles crossing above."""
    r = size / 2
    _paint(c, _polygon(c, [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx, cy + r * 0.6)]),
           "wood_end", max(0.5, size / 30), palette)
    c.setLineWidth(max(0.5, size / 30))
    c.line(cx - r * 0.12, cy + r * 0.4, cx + r * 0.3, cy + r * 0.95)
    c.line(cx + r * 0.12, cy + r * 0.4, cx - r * 0.3, cy + r * 0.95)
    ink.fill(c, palette["ink"])
    door = _polygon(c, [(cx - r * 0.22, cy - r * 0.8), (cx + r * 0.22, cy - r * 0.8), (cx, cy - r * 0.2)])
    c.drawPath(door, stroke=0, fill=1)


def _horse(c, cx, cy, size, palette):
    """A herd of wild horses, drawn as a horseshoe (open side down)."""
    outer, inner = size * 0.46, size * 0.26
    angles = [math.radians(a) for a in range(-55, 236, 15)]
    points = [(cx + outer * math.cos(a), cy + outer * math.sin(a)) for a in angles]
    points += [(cx + inner * math.cos(a), cy + inner * math.sin(a)) for a in reversed(angles)]
    _paint(c, _polygon(c, points), "silver", max(0.5, size / 30), palette)


def _meeple(c, cx, cy, size, palette):
    """A cowboy: the score marker."""
    r = size / 2
    body = [(-0.95, 0.1), (-0.3, 0.32), (0.3, 0.32), (0.95, 0.1), (0.4, -0.12), (0.75, -0.95), (0.12, -0.95),
            (0, -0.6), (-0.12, -0.95), (-0.75, -0.95), (-0.4, -0.12)]
    _paint(c, _polygon(c, [(cx + x * r, cy + y * r) for x, y in body]), "people", max(0.5, size / 30), palette)
    head = c.beginPath()
    head.circle(cx, cy + r * 0.6, r * 0.3)
    _paint(c, head, "people", max(0.5, size / 30), palette)


# -- Gold West setup card -------------------------------------------------------------

def _water(c, cx, cy, size, palette):
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


_PAINTERS = {
    "copper": _copper,
    "silver": _silver,
    "gold": _gold,
    "wood": _wood,
    "star": _star,
    "camp": _camp,
    "settlement": _settlement,
    "people": _people,
    "food": _food,
    "energy": _energy,
    "ore": _ore,
    "flag": _flag,
    "forest": _forest,
    "rail": _rail,
    "mountain": _mountain,
    "nugget": _nugget,
    "city": _city,
    "tipi": _tipi,
    "horse": _horse,
    "meeple": _meeple,
    "water": _water,
}

KINDS = tuple(_PAINTERS)
