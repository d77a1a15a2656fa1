"""The inks a sheet prints with, and how a colour is set on a reportlab canvas.

Print colour, decided: in colour, text and black line work are pure black ink
(DeviceCMYK 0 0 0 1) and grey text a tint of black alone, so a printer puts
them down with the black cartridge or plate only, never as a composite of
colour inks that can mis-register; white text on a coloured band is
0 0 0 0. Colour fills (metals, terrain, headers) stay RGB. In low ink every
role is a grey level (DeviceGray): nothing asks for colour ink at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Gray:
    """A DeviceGray level: 0 is black, 1 is white (no ink)."""

    level: float


@dataclass(frozen=True)
class Black:
    """A tint of black ink alone (DeviceCMYK 0 0 0 tint): 1 is full black, 0 no ink."""

    tint: float


def _num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


def operators(colour: Any) -> tuple[str, str]:
    """(fill, stroke) PDF operators setting `colour`: a Gray, a Black or a reportlab RGB colour."""
    if isinstance(colour, Gray):
        level = _num(colour.level)
        return f"{level} g", f"{level} G"
    if isinstance(colour, Black):
        tint = _num(colour.tint)
        return f"0 0 0 {tint} k", f"0 0 0 {tint} K"
    red, green, blue = (_num(v) for v in colour.rgb())
    return f"{red} {green} {blue} rg", f"{red} {green} {blue} RG"


def fill(c: Any, colour: Any) -> None:
    """Set the canvas's fill colour."""
    _set(colour, c.setFillGray, c.setFillColorCMYK, c.setFillColor)


def stroke(c: Any, colour: Any) -> None:
    """Set the canvas's stroke colour."""
    _set(colour, c.setStrokeGray, c.setStrokeColorCMYK, c.setStrokeColor)


def _set(colour: Any, gray: Callable[[float], None], cmyk: Callable[[float, float, float, float], None],
         other: Callable[[Any], None]) -> None:
    """Set `colour` with the canvas's setter for its kind (its fill or its stroke setters)."""
    if isinstance(colour, Gray):
        gray(colour.level)
    elif isinstance(colour, Black):
        cmyk(0, 0, 0, colour.tint)
    else:
        other(colour)


def as_rgb(colour: Any) -> tuple[float, float, float]:
    """(red, green, blue) from 0 to 1 as `colour` looks on paper (a tint of black as that share of
    grey), for contrast checks."""
    if isinstance(colour, Gray):
        return colour.level, colour.level, colour.level
    if isinstance(colour, Black):
        grey = 1 - colour.tint
        return grey, grey, grey
    red, green, blue = colour.rgb()
    return red, green, blue
