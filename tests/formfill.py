"""What the fillable-sheet tests share: filling a PDF's fields as a viewer would, and the
check that each field of a sheet sits in exactly one of its drawn writing boxes."""

from __future__ import annotations

import functools
import io
import itertools
import re
import shutil
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import pypdf
import pytest
import yaml
from pypdf import PdfReader, PdfWriter

import sheetgen
from sheetgen.api import SheetOptions, fillable_sheets
from sheetgen import pdf, ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import get_game
from sheetgen.results.pdf import open_pdf
from sheetgen.sheet import Box, FormField, SheetDocument, SheetRequest


@contextmanager
def read_once(writer: PdfWriter) -> Iterator[None]:
    """While `writer` fills fields: pypdf (6 and later) reads a field's font (its ToUnicode map and
    widths, about 0.1 s) again for every field it writes, and works out every annotation's full
    name again for every field it looks for; here each is done once. What pypdf writes is the same."""
    names: dict = {}
    qualified = writer._get_qualified_field_name

    def qualified_name(*args, **kwargs):
        parent = kwargs.get("parent", args[0] if args else None)
        if parent is None or len(args) + len(kwargs) > 1:  # pypdf's own walk up the parents
            return qualified(*args, **kwargs)
        if id(parent) not in names:
            names[id(parent)] = (parent, qualified(*args, **kwargs))  # holds the key's object
        return names[id(parent)][1]

    writer._get_qualified_field_name = qualified_name  # type: ignore[method-assign]
    font = getattr(getattr(pypdf.generic, "_font", None), "Font", None)  # private: absent, nothing is shared
    original = vars(font).get("from_font_resource") if font else None
    if not isinstance(original, classmethod):
        yield
        return
    fonts: dict = {}

    def from_font_resource(cls, resource):
        if id(resource) not in fonts:
            fonts[id(resource)] = (resource, original.__func__(cls, resource))
        return fonts[id(resource)][1]

    font.from_font_resource = classmethod(from_font_resource)
    try:
        yield
    finally:
        font.from_font_resource = original


@functools.lru_cache(maxsize=16)
def blank_reader(data: bytes) -> PdfReader:
    """A reader of a blank sheet, kept: a writer cloned from it copies its objects and changes none,
    and a reader parses each object once (cloning a fresh reader costs seconds per fill)."""
    return PdfReader(io.BytesIO(data))


def fill_pdf(data: bytes, prefix: str, pages: dict) -> bytes:
    """Fill page N's fields {name: value} (True/False for a check box) with pypdf; names are the
    sheet's own (`prefix` is GAME.PART)."""
    writer = PdfWriter(clone_from=blank_reader(data))
    with read_once(writer):
        for number, values in pages.items():
            named = {f"{prefix}.p{number}.{k}": ("/Yes" if v is True else "/Off" if v is False else v)
                     for k, v in values.items()}
            writer.update_page_form_field_values(writer.pages[number - 1], named, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@dataclass(frozen=True)
class Fillable:
    """A game's fillable sheet part as its tests use it: the document the part's builder makes (for
    `build_players` players unless told), the blank PDF (`blank_players`, made once a process) and
    pypdf fills of it by the sheet's own field names."""

    game: str
    part: str
    build_players: int
    blank_players: int

    def build(self, players=None, names=(), values=(), paper="letter", **options) -> SheetDocument:
        request = SheetRequest(players or self.build_players, tuple(names), fillable=True, values=tuple(values),
                               paper=paper, **options)
        return get_game(self.game).sheet(self.part).builder()(ruledata.load(get_game(self.game)), request)

    def blank(self, players=None, names=()) -> bytes:
        return _blank(self.game, self.part, players or self.blank_players, tuple(names))

    def fill(self, data: bytes, pages: dict) -> bytes:
        return fill_pdf(data, f"{self.game}.{self.part}", pages)

    def check_tab_order(self, doc: SheetDocument) -> None:
        """Every page's fields follow the form's slots in order, each with its slot's kind, choices and label."""
        form = sheetgen.game(self.game).form(self.part)
        for page in doc.pages:
            fields = [item for item in page.items if isinstance(item, FormField)]
            assert [f.name for f in fields] == list(form.slots)
            for f in fields:
                slot = form.slots[f.name]
                assert (f.kind, f.choices, f.label) == (slot.kind, slot.choices, slot.label)


@functools.lru_cache(maxsize=None)
def _blank(game: str, part: str, players: int, names: tuple) -> bytes:
    return sheetgen.game(game).sheet(part, SheetOptions(fillable=True, players=None if names else players,
                                                    names=list(names) or None)).pdf


def write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def widget_names(page) -> list:
    """The full names of a PDF page's widgets (each partial name joined to its parents'), in the order
    a viewer tabs through them."""
    order = []
    for annotation in page["/Annots"]:
        node = annotation.get_object()
        names = [str(node["/T"])]
        while "/Parent" in node:
            node = node["/Parent"].get_object()
            names.append(str(node["/T"]))
        order.append(".".join(reversed(names)))
    return order


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


def opened(paths: list) -> list:
    """Filled PDFs read once, as `score`, `check` and `export` each read their paths (the library
    takes forms already opened too): a test that gives the same files to several of them reads
    each once. A file the reader refuses is given as its path, so each call refuses it again."""
    try:
        return [open_pdf(path, fillable_sheets()) for path in paths]
    except InvalidInput:
        return list(paths)


def done_or_located(call, path, forms=None):
    """`call(path)` of a PDF filled at random (or `call(forms)`, the same PDF opened: `opened`)
    returns something, or refuses it with problems each named FILE:... on one line: never anything
    else. What it returned, or None if it refused."""
    try:
        done = call(path if forms is None else forms)
    except InvalidInput as exc:
        assert exc.problems
        for problem in exc.problems:
            assert str(problem).startswith(f"{path}:") and "\n" not in str(problem)
        return None
    assert done is not None
    return done


def scores_or_is_located(score, path) -> None:
    """`score(path)` of a PDF filled at random gives a report of 2 to 4 players, or located problems."""
    report = done_or_located(score, path)
    assert report is None or 2 <= len(report.players) <= 4


def scores_like_its_results_file(game, pdfs, doc: dict, tmp_path, located, same_report: bool = True,
                                 unplaced=None) -> None:
    """Filled PDFs `pdfs` score as the results file `doc` does: the same report (equal, when
    `same_report`, and the same text), exported to a results file that reads back as `doc` and
    scores the same; or, when the results file is refused, the same problems, each placed on the
    sheet (`located(problem)`; `unplaced` takes the places out of the messages), and export refused too."""
    unplaced = unplaced or without_places
    results = write(tmp_path, "game.yaml", yaml.safe_dump(doc, sort_keys=False, allow_unicode=True).encode())
    forms = opened(pdfs if isinstance(pdfs, list) else [pdfs])  # score and export read the same files
    try:
        from_yaml = game.score(results)
    except InvalidInput as exc:  # too many buildings, a wrong total: the same problems, on the pages
        with pytest.raises(InvalidInput) as caught:
            game.score(forms)
        assert unplaced(caught.value.problems) == unplaced(exc.problems)
        assert all(located(p) for p in caught.value.problems)
        with pytest.raises(InvalidInput):
            game.export(forms)
        return
    from_pdf = game.score(forms)
    if same_report:
        assert from_pdf == from_yaml
    # a warning names its place in its source's own terms (a PDF's page, a results file's line)
    assert text_unplaced(from_pdf.text()) == text_unplaced(from_yaml.text())
    assert not re.search(r"^warning: line \d+:", from_pdf.text(), re.M), "a PDF's warning names a line"
    exported = game.export(forms).text
    assert yaml.safe_load(exported) == doc
    again = game.score(write(tmp_path, "exported.yaml", exported.encode()))
    if same_report:
        assert again == from_yaml
    assert text_unplaced(again.text()) == text_unplaced(from_yaml.text())  # its lines are laid out anew


def results_players(drawn: list, player) -> list:
    """Results-file players P1, P2... from hypothesis draws: `player(draw)`'s entries, and the drawn
    total when there is one."""
    players = []
    for index, d in enumerate(drawn, 1):
        entry = {"name": f"P{index}", **player(d)}
        if d["total"] is not None:
            entry["total"] = d["total"]
        players.append(entry)
    return players


def filled_sheets_score_like_results(sheet: Fillable, tmp_path, players: list, fields, split: bool, located) -> None:
    """`players` written on one blank sheet of as many players (their pages filled by `fields(player)`),
    as one PDF or one per player (`split`), score as their results file does (scores_like_its_results_file)."""
    game = sheetgen.game(sheet.game)
    blank = sheet.blank(players=len(players))
    if split:  # one PDF per player
        paths = [write(tmp_path, f"{sheet.part}-{n}.pdf", sheet.fill(blank, {n: fields(p)}))
                 for n, p in enumerate(players, 1)]
    else:
        paths = [write(tmp_path, f"{sheet.part}s.pdf",
                       sheet.fill(blank, {n: fields(p) for n, p in enumerate(players, 1)}))]
    scores_like_its_results_file(game, paths, {"game": sheet.game, "players": players}, tmp_path, located)


def check_fills_show_in_their_fields(doc: SheetDocument, empty: tuple, filled: tuple, values, dpi: int,
                                     least: int = 3):
    """A sheet's first page rendered empty and with `values` filled in (ppm()): each filled field
    changes pixels inside its own rectangle and nothing changes outside the fields (a little slack for
    rounding). Gives (changed, fields) for the caller's checks of fields left empty."""
    before, after = empty[2], filled[2]
    changed = pixels_changed(empty, filled, doc, dpi)
    fields = {f.name: f for f in doc.pages[0].items if isinstance(f, FormField)}
    for name in values:
        assert changed(fields[name].rect) > least, name
    everywhere = sum(a != b for a, b in zip(before[0::3], after[0::3]))
    inside = sum(changed(fields[name].rect) for name in values)
    assert everywhere <= inside * 1.2
    return changed, fields


def text_unplaced(text: str) -> str:
    """A report's text with each warning's place ('line 15: ', 'pad.pdf, page 1: ') taken out."""
    return re.sub(r"^warning: (line \d+|[^\n:]*, page \d+): ", "warning: ", text, flags=re.M)


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


def pixels_changed(empty: tuple, filled: tuple, doc: SheetDocument, dpi: int, paper: str = "letter"):
    """For a sheet's first page rendered empty and filled in (ppm(), at `dpi`): a function giving how
    many pixels differ inside a rectangle of the sheet (mm; the sheet centred on its paper)."""
    width, _, before = empty
    after = filled[2]
    page_w, page_h = pdf.PAPER[paper]
    left = (page_w - doc.width * 72 / 25.4) / 2
    top = (page_h - doc.height * 72 / 25.4) / 2
    scale = dpi / 72

    def changed(rect) -> int:
        x0, x1 = int((left + rect.x * 72 / 25.4) * scale), int((left + rect.right * 72 / 25.4) * scale) + 1
        y0, y1 = int((top + rect.y * 72 / 25.4) * scale), int((top + rect.bottom * 72 / 25.4) * scale) + 1
        at = [(y * width + x) * 3 for y in range(y0, y1) for x in range(x0, x1)]
        return sum(before[i:i + 3] != after[i:i + 3] for i in at)

    return changed
