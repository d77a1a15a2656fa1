"""What the tests of printed sheets share: reading a PDF back."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

import sheetgen


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
    return [(key, part) for key in sheetgen.games() for part in sheetgen.game(key).spec.sheets]


def setup_games() -> list:
    """(game, fewest players, most players) of every game that deals a setup."""
    return [(key, *sheetgen.game(key).rules.players) for key in sheetgen.games() if sheetgen.game(key).spec.setup]
