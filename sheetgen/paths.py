"""Where the bundled rule data and layouts are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled(folder: str) -> Path:
    """`data` or `layouts`: inside the package when installed, beside it in a checkout."""
    inside = _PACKAGE / folder
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / folder
