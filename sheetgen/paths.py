"""Where the bundled rule data, layouts and examples are, installed or in a checkout; and what a
command-line FILE is read as by its name."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Union

_PACKAGE = Path(__file__).resolve().parent


def bundled(folder: str) -> Path:
    """`data`, `layouts` or `examples`: inside the package when installed, beside it in a checkout."""
    inside = _PACKAGE / folder
    return inside if inside.is_dir() else _PACKAGE.parent / folder


def is_pdf(path: Union[str, "os.PathLike[str]"]) -> bool:
    """Whether a command-line FILE is read as a filled PDF form (by its name: *.pdf)."""
    return str(path).lower().endswith(".pdf")
