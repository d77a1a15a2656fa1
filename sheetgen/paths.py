"""Where the bundled rule data and layouts are, installed or in a checkout."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

# os.path rather than pathlib: the commands that draw nothing never need pathlib,
# and importing it (with urllib.parse and ipaddress behind it) costs a start-up
# several milliseconds
_PACKAGE = os.path.dirname(os.path.realpath(__file__))


def locate(folder: str) -> str:
    """`data` or `layouts` as a path string: inside the package when installed, beside it in a checkout."""
    inside = os.path.join(_PACKAGE, folder)
    if os.path.isdir(inside):
        return inside
    return os.path.join(os.path.dirname(_PACKAGE), folder)


def bundled(folder: str) -> "Path":
    """`data` or `layouts` as a Path: inside the package when installed, beside it in a checkout."""
    from pathlib import Path

    return Path(locate(folder))
