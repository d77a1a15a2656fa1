"""Reading sheet layouts (positions and sizes in millimetres) from layouts/."""

from __future__ import annotations

from sheetgen import paths
from sheetgen.yamlio import read_yaml

_cache: dict = {}


def load(name: str) -> dict:
    """layouts/<name>.yaml as plain values (a layout error is a bug in the package)."""
    if name not in _cache:
        _cache[name] = read_yaml(paths.bundled("layouts") / f"{name}.yaml").value
    return _cache[name]
