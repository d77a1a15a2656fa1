"""What the fillable-sheet tests share: filling a PDF's fields as a viewer would, and the
check that each field of a sheet sits in exactly one of its drawn writing boxes."""

from __future__ import annotations

import io
import itertools
import re
import shutil
import subprocess

from pypdf import PdfReader, PdfWriter

from sheetgen.sheet import Box, FormField


def fill_pdf(data: bytes, prefix: str, pages: dict) -> bytes:
    """Fill page N's fields {name: value} (True/False for a check box) with pypdf; names are the
    sheet's own (`prefix` is GAME.PART)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for number, values in pages.items():
        named = {f"{prefix}.p{number}.{k}": ("/Yes" if v is True else "/Off" if v is False else v)
                 for k, v in values.items()}
        writer.update_page_form_field_values(writer.pages[number - 1], named, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def fields_in_boxes(doc) -> tuple:
    """(fields, writable boxes) of a sheet document's first page, after checking that every
    field lies inside exactly one writable box, no box holds two fields, and no fields overlap."""
    (art,) = doc.backdrops.values()
    boxes = [item.rect for item in art if isinstance(item, Box) and item.writable]
    fields = [item for item in doc.pages[0].items if isinstance(item, FormField)]
    holders = {f.name: [b for b in boxes if f.rect.inside(b)] for f in fields}
    assert all(len(found) == 1 for found in holders.values()), {k: v for k, v in holders.items() if len(v) != 1}
    assert len({id(found[0]) for found in holders.values()}) == len(fields)  # one field per box
    for a, b in itertools.combinations(fields, 2):
        assert not a.rect.overlaps(b.rect), (a.name, b.name)
    return fields, boxes


def refused_everywhere(run, tmp_path, files: list, expected: str) -> None:
    """`check`, `score` and `export` of the filled PDFs `files` (names in tmp_path, where `run`
    works) each exit 1 with the line `expected`, no traceback, and export writes nothing."""
    for command in ("check", "score"):
        result = run(command, *files)
        assert result.code == 1, result
        assert expected in result.err.splitlines(), result.err
        assert "Traceback" not in result.err
    result = run("export", *files, "-o", "out.yaml")
    assert result.code == 1 and expected in result.err.splitlines()
    assert not (tmp_path / "out.yaml").exists()


def without_places(problems) -> list:
    """Problem messages with the references to other places taken out ('(line 12)', '(a.pdf, page 1)')."""
    return sorted(re.sub(r" \((line \d+|[^()]*, page \d+)\)", "", p.message) for p in problems)


PDFTOPPM = shutil.which("pdftoppm")


def ppm(data: bytes, tmp_path, dpi: int = 50) -> tuple:
    """(width, height, pixels) of a PDF's first page, rendered by poppler's pdftoppm."""
    source = tmp_path / "render.pdf"
    source.write_bytes(data)
    subprocess.run([PDFTOPPM, "-r", str(dpi), "-f", "1", "-l", "1", str(source), str(tmp_path / "page")],
                   check=True, capture_output=True)
    (image,) = tmp_path.glob("page*.ppm")
    raw = image.read_bytes()
    image.unlink()
    magic, width, height, depth, pixels = raw.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    return int(width), int(height), pixels
