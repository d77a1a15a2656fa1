"""Printer's marks as sheet items: a scale bar and registration targets.

Nothing here knows a game; sizes and words come from layouts/print-marks.yaml.
A sheet that is cut out or has to print at full size (cards, boards, mats)
puts a scale bar in a margin of every page, so that a print shrunk by "fit to
page" is caught with a ruler before anything is cut. Card sheets printed on
both sides carry registration targets at the same place on both sides.
"""

from __future__ import annotations

from typing import Any

from sheetgen import layouts
from sheetgen.sheet import PT, Box, Item, Line, Rect, Text


def _spec(name: str) -> dict[str, Any]:
    spec: dict[str, Any] = layouts.load("print-marks")[name]
    return spec


def scale_bar(x: float, y: float, vertical: bool = False) -> list[Item]:
    """The bar from (x, y): along the x axis with its label above it, or (vertical)
    down the page with its ticks to the left and its label reading upwards on the right."""
    spec = _spec("scale_bar")
    length, every, width = spec["length"], spec["tick_every"], spec["width"]
    out: list[Item] = []
    steps = int(round(length / every))
    if vertical:
        out.append(Line(x, y, x, y + length, width))
        for i in range(steps + 1):
            tick = spec["end_tick"] if i in (0, steps) else spec["tick"]
            out.append(Line(x - tick, y + i * every, x, y + i * every, width))
        baseline = x + spec["gap"] + spec["font"] * PT * 0.75  # the glyphs' tops point left, away from the baseline
        out.append(Text(baseline, y + length / 2, spec["label"], spec["font"], role="muted", align="center",
                        max_width=length, angle=90))
    else:
        out.append(Line(x, y, x + length, y, width))
        for i in range(steps + 1):
            tick = spec["end_tick"] if i in (0, steps) else spec["tick"]
            out.append(Line(x + i * every, y - tick, x + i * every, y, width))
        out.append(Text(x + length / 2, y - spec["end_tick"] - spec["gap"], spec["label"], spec["font"],
                        role="muted", align="center", max_width=length - 2 * spec["gap"]))
    return out


def scale_bar_length() -> float:
    return float(_spec("scale_bar")["length"])


def footer(width: float, y: float, text: str, size: float) -> list[Item]:
    """A page's footer line: the scale bar at the left end, the footer text right-aligned after it."""
    length = scale_bar_length()
    room = 4.0
    return [*scale_bar(0.0, y, vertical=False),
            Text(width, y, text, size, role="muted", align="right", max_width=width - length - room, footer=True)]


def target(cx: float, cy: float) -> list[Item]:
    """A registration target centred on (cx, cy): a circle with a cross reaching past it."""
    spec = _spec("registration")
    r, over, width = spec["size"] / 2, spec["overshoot"], spec["width"]
    return [Box(Rect(cx - r, cy - r, 2 * r, 2 * r), fill=None, stroke="ink", width=width, radius=r),
            Line(cx - r - over, cy, cx + r + over, cy, width),
            Line(cx, cy - r - over, cx, cy + r + over, width)]


def target_reach() -> float:
    """How far a target's marks reach from its centre."""
    spec = _spec("registration")
    return float(spec["size"] / 2 + spec["overshoot"])
