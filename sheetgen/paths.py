"""Where the bundled rule data, layouts and examples are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled(folder: str) -> Path:
    """`data`, `layouts` or `examples`: inside the package when installed, beside it in a checkout."""
    inside = _PACKAGE / folder
    return inside if inside.is_dir() else _PACKAGE.parent / folder
