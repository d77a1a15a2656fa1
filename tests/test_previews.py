"""The README's pictures: every sheet part and setup card has one, and the README shows each.

The pictures are made by tools/previews.py from the real PDFs and committed in
docs/images/; this test does not render them (see the script to remake them).
"""

import importlib.util
import re
import struct

import pytest

import sheetgen
from conftest import ROOT

IMAGES = ROOT / "docs" / "images"
MAX_BYTES = 80_000  # a preview is a small picture; the README shows about a dozen
MAX_WIDTH = 600


def _script():
    spec = importlib.util.spec_from_file_location("previews", ROOT / "tools" / "previews.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _planned() -> list:
    script = _script()
    return [stem for key in sheetgen.game_keys() for stem, _, _ in script.planned(sheetgen.game(key))]


def test_every_sheet_part_and_setup_card_is_planned():
    planned = set(_planned())
    for key in sheetgen.game_keys():
        spec = sheetgen.game(key).spec
        for part in spec.sheets:
            assert f"{key}-{part.name}" in planned
            if part.has_backs:
                assert f"{key}-{part.name}-back" in planned
        assert (f"{key}-setup" in planned) == bool(spec.setup)


@pytest.mark.parametrize("stem", _planned())
def test_the_picture_is_a_small_png(stem):
    path = IMAGES / f"{stem}.png"
    assert path.is_file(), f"{path.name} is missing: run python3 tools/previews.py and commit docs/images"
    raw = path.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n" and raw[12:16] == b"IHDR"
    width, height = struct.unpack(">II", raw[16:24])
    assert 100 <= width <= MAX_WIDTH and height > width  # a portrait page, shrunk
    assert len(raw) <= MAX_BYTES, f"{path.name} is {len(raw):,} bytes"


def test_the_readme_shows_every_picture_and_no_other():
    shown = set(re.findall(r"docs/images/([\w.-]+)\.png", (ROOT / "README.md").read_text(encoding="utf-8")))
    assert shown == set(_planned())
    on_disk = {p.stem for p in IMAGES.glob("*.png")}
    assert on_disk == shown, "a picture in docs/images is not shown in the README (or is gone from it)"
