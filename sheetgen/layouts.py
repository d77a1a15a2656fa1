"""Reading sheet layouts (positions and sizes in millimetres) from layouts/.

A layout is laid out for each paper it prints on. What the papers share is
written once; a `papers:` block holds, per paper (`letter`, `a4`), the values
that differ: the content box and whatever a part sizes to fill it (taller
rows on A4's longer page, say). `load(name, paper)` gives the shared layout
with that paper's values laid over it, key by key; a list is replaced whole.
A paper's value must be one the shared layout has, or one every paper sets
(the content box is each paper's own): a key misspelt in one paper's block
would otherwise be ignored without a word.
"""

from __future__ import annotations

from typing import Any, Optional

from sheetgen import paths
from sheetgen.errors import SheetgenError
from sheetgen.results.yaml import read_yaml

PAPERS = ("letter", "a4")

_files: dict[str, dict[str, Any]] = {}  # name -> the file's plain values, read once per process
_cache: dict[tuple[str, Optional[str]], dict[str, Any]] = {}  # (name, paper) -> the layout for that paper


class LayoutError(SheetgenError):
    """A layout file that cannot be laid out for a paper: a bug in the package, named with its key."""


def load(name: str, paper: Optional[str] = None) -> dict[str, Any]:
    """layouts/<name>.yaml for `paper` (its `papers:` values over the shared ones) as plain values.

    Without `paper`, the shared layout alone; a layout that has a `papers:` block
    then has no content box (nothing may draw without knowing its paper)."""
    key = (name, paper)
    if key not in _cache:
        _cache[key] = _resolve(name, _file(name), paper)
    return _cache[key]


def _file(name: str) -> dict[str, Any]:
    if name not in _files:
        values: dict[str, Any] = read_yaml(paths.bundled("layouts") / f"{name}.yaml").value
        _files[name] = values
    return _files[name]


def _resolve(name: str, layout: dict[str, Any], paper: Optional[str]) -> dict[str, Any]:
    if paper is not None and paper not in PAPERS:
        raise LayoutError(f"layouts/{name}.yaml: no layout for paper '{paper}' (papers: {', '.join(PAPERS)})")
    papers = layout.get("papers")
    shared = {k: v for k, v in layout.items() if k != "papers"}
    if papers is None:
        return shared
    unknown = sorted(set(papers) - set(PAPERS))
    if unknown:
        raise LayoutError(f"layouts/{name}.yaml: papers.{unknown[0]} is not a paper ({', '.join(PAPERS)})")
    missing = [p for p in PAPERS if p not in papers]
    if missing:
        raise LayoutError(f"layouts/{name}.yaml: papers has no {missing[0]} layout")
    # every paper is laid out, whichever is asked for: a bad key is found the same way on either
    laid: dict[str, dict[str, Any]] = {p: _over(shared, papers[p], {o: papers[o] for o in PAPERS if o != p}, f"papers.{p}", name)
            for p in PAPERS}
    return shared if paper is None else laid[paper]


def _over(base: Any, override: Any, others: dict[str, Any], where: str, name: str) -> Any:
    """`override` laid over `base`: mappings key by key, anything else whole. A key not in `base`
    must be set by each of `others` (the other papers' values at the same place, by paper)."""
    if not isinstance(override, dict):
        return override
    if base is not None and not isinstance(base, dict):
        raise LayoutError(f"layouts/{name}.yaml: {where} is a mapping, but the shared layout's value is not")
    out = dict(base or {})
    for key, value in override.items():
        below = {p: o[key] for p, o in others.items() if isinstance(o, dict) and key in o}
        if key not in out and len(below) < len(others):
            lacking = next(p for p in others if p not in below)
            raise LayoutError(f"layouts/{name}.yaml: {where}.{key} is not in the shared layout, nor set for "
                              f"{lacking} (a misspelt key? a value only the papers set must be set for each)")
        out[key] = _over(out.get(key), value, below, f"{where}.{key}", name)
    return out
