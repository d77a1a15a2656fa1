"""What the tests of printed sheets share: reading a PDF back."""

from __future__ import annotations

import io
import itertools
import re

from pypdf import PdfReader

import sheetgen
from sheetgen.sheet import Box, Icon, Para, Rect


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def colour_fills(data: bytes) -> set:
    """Non-grey RGB fill colours set in any page or form content stream."""
    found = set()
    for page in reader(data).pages:
        streams = [page.get_contents().get_data()]
        xobjects = page["/Resources"].get("/XObject", {})
        streams += [xobjects[name].get_object().get_data() for name in xobjects]
        for body in streams:
            for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", body):
                if not r == g == b:
                    found.add((r, g, b))
    return found


def sheet_parts() -> list:
    """(game, part) of every sheet part of every game (the part's spec: has_backs, per_player, ...)."""
    return [(key, part) for key in sheetgen.game_keys() for part in sheetgen.game(key).spec.sheets]


def setup_games() -> list:
    """(game, fewest players, most players) of every game that deals a setup."""
    return [(key, *sheetgen.game(key).rules.players) for key in sheetgen.game_keys() if sheetgen.game(key).spec.setup]


def check_nesting(items) -> None:
    """Boxes and paragraphs of a display list may nest (a frame around its cells) but never partly
    overlap; icons sit in clear space or inside one box, never across a box edge."""
    shapes = [i.rect for i in items if isinstance(i, (Box, Para))]
    for a, b in itertools.combinations(shapes, 2):
        if a.overlaps(b):
            assert a.inside(b) or b.inside(a), (a, b)
    for icon in (i for i in items if isinstance(i, Icon)):
        half = icon.size / 2 * 0.98
        r = Rect(icon.cx - half, icon.cy - half, 2 * half, 2 * half)
        for shape in shapes:
            if r.overlaps(shape):
                assert r.inside(shape), (icon, shape)


def check_inside(items, doc) -> None:
    """Every box, paragraph and icon of a display list lies inside the document's content box."""
    content = Rect(0, 0, doc.width, doc.height)
    for item in items:
        if isinstance(item, (Box, Para)):
            assert item.rect.inside(content), item
        elif isinstance(item, Icon):
            half = item.size / 2
            assert Rect(item.cx - half, item.cy - half, item.size, item.size).inside(content), item
