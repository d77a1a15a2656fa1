"""Fill every fillable sheet in every PDF engine people fill forms in, alone and in chains, and
check that the saved file scores as its example and shows each value in every renderer.

Engines (what fills and saves):
  pdfium   PDFium, as in Chrome and Edge (pypdfium2: clicks, keys, FPDF_SaveAsCopy)
  pdfjs    pdf.js, as in Firefox (pdfjs-dist under node: annotationStorage.setValue, saveDocument)
  poppler  poppler, as in Evince and Okular (poppler-glib through the system Python: set, save)
  mupdf    MuPDF, as in SumatraPDF and many phone apps (PyMuPDF: widget.field_value, update, save)
  pypdf    pypdf, as a script does (update_page_form_field_values, auto_regenerate)
Renderers (what shows the saved file): pdftoppm (poppler), mutool draw (MuPDF), PDFium (pypdfium2,
with its form layer, as Chrome draws), pdf.js (print intent: the appearances it prints).

For each engine x sheet: fill all the example's values into the empty sheet (`sheetgen sheet
--fillable`), save, `sheetgen score --format json`, compare with the example's score, compare every
value (pypdf reads them), and check that every filled field's box differs from the empty sheet's in
every renderer (and every empty box looks as on the empty sheet). Each engine also types Łukasz,
Σοφία and Дмитрий into one sheet's name fields (kept and shown, not scored). For each ordered pair
of engines A, B (the chain sheets): A fills every other value and saves, B opens A's file, fills
the rest and saves; the same checks on B's file.

Installs (Debian 12; see docs/form-interop.md):
  apt-get install poppler-utils mupdf-tools python3-gi gir1.2-poppler-0.18   # pdftoppm, mutool, poppler-glib
  pip install -e '.[test]' pymupdf                                            # pypdfium2, pypdf, PyMuPDF
  (cd tools/pdfjs && npm ci)                                                  # pdf.js for node 20 (package-lock.json)

Run:  python tools/form_interop.py                          (all sheets, chains on the Rolled West board)
      python tools/form_interop.py --chain-sheets all --doc docs/form-interop.md
About 6 minutes on a busy 2-core machine (18 with chains on every sheet); work files (each saved
PDF) go to output/form-interop/.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from formengines import SHEETS, Case, differences, fill_pdfium, fill_pypdf, listed_fields, prepare, read_fields, \
    verdict  # noqa: E402

PDFJS = ROOT / "tools" / "pdfjs"
SYSTEM_PYTHON = "/usr/bin/python3"
DPI = 50
WORK = ROOT / "output" / "form-interop"


# --- engines that fill ------------------------------------------------------------------------------

def fill_pdfjs(data: bytes, values: dict, log: list) -> bytes:
    return _external(["node", str(PDFJS / "fill.mjs")], data, values, log)


def fill_poppler(data: bytes, values: dict, log: list) -> bytes:
    # poppler-glib cannot tell a radio button's on-state: choose it by where it is
    fields = read_fields(data)
    placed = {}
    for name, value in values.items():
        info = fields[name]
        if info.kind == "radio":
            page, rect, _, _ = next(w for w in info.widgets if w[2] == value)
            value = {"radio": [page, (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2]}
        placed[name] = value
    return _external([SYSTEM_PYTHON, str(ROOT / "tools" / "poppler_fill.py")], data, placed, log)


def _external(command: list, data: bytes, values: dict, log: list) -> bytes:
    WORK.mkdir(parents=True, exist_ok=True)
    source, target, named = WORK / "in.pdf", WORK / "out.pdf", WORK / "values.json"
    source.write_bytes(data)
    target.unlink(missing_ok=True)
    named.write_text(json.dumps(values), encoding="utf-8")
    done = subprocess.run([*command, str(source), str(target), str(named)], capture_output=True, text=True,
                          timeout=120, cwd=PDFJS)
    if done.returncode != 0 or not target.exists():
        raise RuntimeError(f"{command[-1]} failed: {done.stderr.strip()[-400:]}")
    log.extend(json.loads(done.stdout.strip().splitlines()[-1])["log"])
    return target.read_bytes()


def fill_mupdf(data: bytes, values: dict, log: list) -> bytes:
    import pymupdf

    doc = pymupdf.open(stream=data, filetype="pdf")
    done = set()
    for page in doc:
        for widget in page.widgets():
            name = widget.field_name
            if name not in values:
                continue
            value = values[name]
            kind = widget.field_type
            if kind == pymupdf.PDF_WIDGET_TYPE_TEXT:
                widget.field_value = str(value)
            elif kind == pymupdf.PDF_WIDGET_TYPE_CHECKBOX:
                widget.field_value = widget.on_state() if value else "Off"
            elif kind == pymupdf.PDF_WIDGET_TYPE_RADIOBUTTON:
                if widget.on_state() != value:
                    continue
                widget.field_value = True
            elif kind in (pymupdf.PDF_WIDGET_TYPE_COMBOBOX, pymupdf.PDF_WIDGET_TYPE_LISTBOX):
                if value not in (widget.choice_values or []):
                    log.append(f"{name}: MuPDF lists no option {value!r}")
                widget.field_value = value
            else:
                log.append(f"{name}: MuPDF field type {widget.field_type_string} is not one a user fills")
                continue
            widget.update()
            done.add(name)
    log.extend(f"{name}: MuPDF found no such field" for name in values if name not in done)
    out = doc.tobytes()
    doc.close()
    return out


def _fill_pdfium(data: bytes, values: dict, log: list) -> bytes:
    return fill_pdfium(data, values, log)


def _fill_pypdf(data: bytes, values: dict, log: list) -> bytes:
    return fill_pypdf(data, values)


ENGINES: dict = {"pdfium": _fill_pdfium, "pdfjs": fill_pdfjs, "poppler": fill_poppler, "mupdf": fill_mupdf,
                 "pypdf": _fill_pypdf}


def versions() -> dict:
    import pypdf
    import pypdfium2
    import pymupdf

    def first_line(*command: str) -> str:
        done = subprocess.run(command, capture_output=True, text=True)
        return (done.stdout + done.stderr).strip().splitlines()[0]

    pdfjs = json.loads((PDFJS / "node_modules" / "pdfjs-dist" / "package.json").read_text())["version"]
    poppler = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Poppler', '0.18'); "
                              "from gi.repository import Poppler; print(Poppler.get_version())"],
                             capture_output=True, text=True).stdout.strip()
    return {
        "pdfium": f"PDFium {pypdfium2.PDFIUM_INFO.build} (pypdfium2 {pypdfium2.PYPDFIUM_INFO})",
        "pdfjs": f"pdfjs-dist {pdfjs} (node {first_line('node', '--version')})",
        "poppler": f"poppler-glib {poppler} (python3-gi)",
        "mupdf": f"MuPDF {pymupdf.VersionFitz} (PyMuPDF {pymupdf.VersionBind})",
        "pypdf": f"pypdf {pypdf.__version__}",
        "pdftoppm": first_line("pdftoppm", "-v"),
        "mutool": first_line("mutool", "-v"),
    }


# --- renderers ---------------------------------------------------------------------------------------

@dataclass
class Image:
    width: int
    height: int
    channels: int
    stride: int
    pixels: bytes

    def region(self, rect: tuple, page_height: float) -> bytes:
        """The pixels of a PDF rectangle (points, y up), one pixel in from its edges."""
        scale = self.width / self.page_width
        left, right = int(rect[0] * scale) + 1, int(rect[2] * scale) - 1
        top, bottom = int((page_height - rect[3]) * scale) + 1, int((page_height - rect[1]) * scale) - 1
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(max(right, left + 1), self.width), min(max(bottom, top + 1), self.height)
        return b"".join(self.pixels[y * self.stride + left * self.channels:y * self.stride + right * self.channels]
                        for y in range(top, bottom))

    page_width: float = 612.0


def _pnm_pages(folder: Path) -> list:
    """The pages a renderer wrote to `folder` as binary PPMs (p1, p2, ...), then the folder removed."""
    images = []
    for path in sorted(folder.iterdir(), key=lambda p: int("".join(ch for ch in p.stem if ch.isdigit()) or 0)):
        magic, width, height, depth, pixels = path.read_bytes().split(maxsplit=4)
        assert magic == b"P6" and depth == b"255", path
        images.append(Image(int(width), int(height), 3, 3 * int(width), pixels))
    shutil.rmtree(folder)
    return images


def render_pdftoppm(path: Path) -> list:
    folder = path.parent / (path.stem + "-pdftoppm")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    subprocess.run(["pdftoppm", "-r", str(DPI), str(path), str(folder / "p")], check=True, capture_output=True,
                   timeout=120)
    return _pnm_pages(folder)


def render_mutool(path: Path) -> list:
    folder = path.parent / (path.stem + "-mutool")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    subprocess.run(["mutool", "draw", "-q", "-c", "rgb", "-r", str(DPI), "-o", str(folder / "p%d.pnm"), str(path)],
                   check=True, capture_output=True, timeout=120)
    return _pnm_pages(folder)


def render_pdfium(path: Path) -> list:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path)
    pdf.init_forms()  # as Chrome draws: the form layer (FPDF_FFLDraw) over the page
    images = []
    for page in pdf:
        bitmap = page.render(scale=DPI / 72, may_draw_forms=True)
        images.append(Image(bitmap.width, bitmap.height, bitmap.n_channels, bitmap.stride, bytes(bitmap.buffer)))
    pdf.close()
    return images


def render_pdfjs(path: Path) -> list:
    folder = path.parent / (path.stem + "-pdfjs")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    subprocess.run(["node", str(PDFJS / "render.mjs"), str(path), str(folder), str(DPI)], check=True,
                   capture_output=True, timeout=120, cwd=PDFJS)
    return _pnm_pages(folder)


RENDERERS: dict = {"pdftoppm": render_pdftoppm, "mutool": render_mutool, "pdfium": render_pdfium,
                   "pdfjs": render_pdfjs}


def render_all(path: Path) -> dict:
    from pypdf import PdfReader

    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages]
    shown = {}
    for name, render in RENDERERS.items():
        try:
            images = render(path)
        except (subprocess.SubprocessError, OSError, RuntimeError) as exc:
            shown[name] = f"render failed: {exc}"
            continue
        for image, (width, _) in zip(images, sizes):
            image.page_width = width
        shown[name] = (images, sizes)
    return shown


def not_shown(case: Case, blank: dict, saved: dict, values: dict) -> list:
    """["FIELD: ... not shown by RENDERER"] for each filled field whose every widget looks as on
    the empty sheet in that renderer, and ["FIELD: empty, but drawn unlike ..."] for each field
    left empty whose box looks different (an engine saved an appearance for it: a drop-down
    arrow, a placeholder)."""
    fields = read_fields(case.blank)
    problems = []
    for renderer, rendered in saved.items():
        if isinstance(rendered, str):
            problems.append(f"{renderer}: {rendered}")
            continue
        images, sizes = rendered
        before, _ = blank[renderer]
        for name, value in values.items():
            widgets = [w for w in fields[name].widgets if fields[name].kind != "radio" or w[2] == value]
            if value is False or not widgets:
                continue
            if all(images[page].region(rect, sizes[page][1]) == before[page].region(rect, sizes[page][1])
                   for page, rect, _, _ in widgets):
                problems.append(f"{name}: {value!r} not shown by {renderer}")
        for name, info in fields.items():
            if name in values or info.value is not None:
                continue
            if any(images[page].region(rect, sizes[page][1]) != before[page].region(rect, sizes[page][1])
                   for page, rect, _, _ in info.widgets):
                problems.append(f"{name}: empty, but drawn unlike the empty sheet by {renderer}")
    return problems


# --- running -----------------------------------------------------------------------------------------

@dataclass
class Outcome:
    problems: list = field(default_factory=list)
    seconds: float = 0.0

    def cell(self) -> str:
        """"ok", or the kinds of failure with their counts: "values lost 16; score; no AP 10"."""
        if not self.problems:
            return "ok"
        counts: dict = {}
        for problem in self.problems:
            kind = _kind_of(problem)
            counts[kind] = counts.get(kind, 0) + _count_in(problem)
        return "; ".join(kind if kind in ("score wrong", "engine failed") else f"{kind} {count}"
                         for kind, count in counts.items())


def _kind_of(problem: str) -> str:
    if problem.startswith("["):
        return "engine could not set"
    if " failed: " in problem and problem.split(" ", 1)[0] in ENGINES:
        return "engine failed"
    if problem.startswith(("score differs", "score refused")):
        return "score wrong"
    if "saved without an appearance stream" in problem:
        return "no AP"
    if "empty, but drawn unlike the empty sheet by " in problem:
        return "empty box redrawn by " + problem.rsplit(" by ", 1)[1]
    if " not shown by " in problem:
        return "not shown by " + problem.rsplit(" by ", 1)[1]
    if "but the box shows" in problem:
        return "mark unlike value"
    if "render failed" in problem:
        return "render failed"
    return "values lost"


def _count_in(problem: str) -> int:
    """How many fields a problem line stands for (the no-appearance line counts them itself)."""
    if "saved without an appearance stream" in problem:
        return int(problem.split(" ", 1)[0])
    return 1


def attempt(case: Case, steps: list, work: Path, blank_renders: dict, label: str,
            wanted: Optional[dict] = None) -> Outcome:
    """Fill `case.blank` by each (engine, values) step in turn, saving between; check the result:
    the example's values and score, or (`wanted`) just those values. The file is kept as
    work/saved-LABEL.pdf."""
    started = time.monotonic()
    outcome = Outcome()
    data = case.blank
    for engine, values in steps:
        log: list = []
        try:
            data = ENGINES[engine](data, values, log)
        except Exception as exc:  # an engine that fails is the finding, not the end of the run
            outcome.problems.append(f"{engine} failed: {type(exc).__name__}: {str(exc)[:300]}")
            outcome.seconds = time.monotonic() - started
            return outcome
        outcome.problems.extend(f"[{engine}] {line}" for line in log)
    outcome.problems.extend(verdict(case, data, work) if wanted is None else differences(case, data, wanted))
    path = work / f"saved-{label}.pdf"
    path.write_bytes(data)
    outcome.problems.extend(not_shown(case, blank_renders, render_all(path), wanted or case.targets))
    outcome.problems.extend(appearance_notes(data, wanted or case.targets))
    outcome.seconds = time.monotonic() - started
    return outcome


def appearance_notes(data: bytes, values: dict) -> list:
    """Filled fields a saved file keeps no appearance stream for (they print blank where a tool
    does not draw them itself), with whether NeedAppearances is set."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    form = reader.trailer["/Root"].get("/AcroForm")
    need = bool(form.get_object().get("/NeedAppearances")) if form is not None else False
    fields = read_fields(data)
    missing = []
    for page in reader.pages:
        for ref in page.get("/Annots") or []:
            widget = ref.get_object()
            owner = widget if "/T" in widget else widget.get("/Parent", {})
            name = _name(owner)
            if name in values and fields[name].kind in ("text", "combo", "list") and "/AP" not in widget:
                missing.append(name)
    if not missing:
        return []
    return [f"{len(missing)} filled fields saved without an appearance stream (NeedAppearances "
            f"{'set' if need else 'not set'}), e.g. {missing[0]}"]


def _name(obj) -> str:
    parts = []
    while obj is not None and hasattr(obj, "get"):
        if "/T" in obj:
            parts.append(str(obj["/T"]))
        parent = obj.get("/Parent")
        obj = parent.get_object() if parent is not None else None
    return ".".join(reversed(parts))


NAMES = ("Łukasz", "Σοφία", "Дмитрий")  # Latin Extended, Greek, Cyrillic: what --names prints on plain sheets


def unicode_names(case: Case) -> dict:
    """{PDF field: name} for the player-name fields of the sheet's first page (from --fields)."""
    prefix, listed = listed_fields(case.sheet)
    fields = [f"{prefix}p1.{name}" for name, reading in listed.items()
              if reading in ("name", "players[]", "players[].name")]
    fields = [name for name in fields if name in case.kinds]
    return {name: NAMES[i % len(NAMES)] for i, name in enumerate(fields)}


def halves(values: dict) -> tuple:
    """Every other value (in page and field order, so each kind falls in both), and the rest."""
    names = list(values)
    first = {n: values[n] for n in names[0::2]}
    return first, {n: values[n] for n in names[1::2]}


def main(argv: Optional[list] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sheets", default="all", help="comma-separated sheet keys, or all")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated engines")
    parser.add_argument("--chain-sheets", default="rolled-west-board",
                        help="sheets to run the engine-pair chains on (comma-separated, all, or none)")
    parser.add_argument("--names-sheet", default="carcassonne-pad",
                        help=f"sheet whose name fields each engine fills with {', '.join(NAMES)} (none: skip)")
    parser.add_argument("--doc", type=Path, help="also write the report as Markdown to this file")
    args = parser.parse_args(argv)
    pick: Callable = lambda text: [s for s in SHEETS if text == "all" or s.key in text.split(",")]
    sheets = pick(args.sheets)
    chain_sheets = [] if args.chain_sheets == "none" else pick(args.chain_sheets)
    engines = [e for e in args.engines.split(",") if e]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        parser.error(f"--engines: no engine {', '.join(unknown)} (there are {', '.join(ENGINES)})")

    names_sheet = next((s for s in SHEETS if s.key == args.names_sheet), None)
    if names_sheet is None and args.names_sheet != "none":
        parser.error(f"--names-sheet: no sheet {args.names_sheet} (there are {', '.join(s.key for s in SHEETS)})")

    started = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    found = versions()
    cases, blanks = {}, {}
    for sheet in {s.key: s for s in [*sheets, *chain_sheets]}.values():
        case = cases[sheet.key] = prepare(sheet, WORK / sheet.key)
        blanks[sheet.key] = render_all(WORK / sheet.key / "blank.pdf")
        for renderer, rendered in blanks[sheet.key].items():
            if isinstance(rendered, str):
                raise SystemExit(f"{renderer} cannot render {sheet.key}: {rendered}")

    singles: dict = {}
    for sheet in sheets:
        for engine in engines:
            outcome = attempt(cases[sheet.key], [(engine, cases[sheet.key].targets)], WORK / sheet.key,
                              blanks[sheet.key], engine)
            singles[(engine, sheet.key)] = outcome
            print(f"{engine:8} {sheet.key:18} {outcome.cell():10} {outcome.seconds:5.1f}s", flush=True)
    names: dict = {}
    if names_sheet is not None:
        case = cases.get(names_sheet.key) or prepare(names_sheet, WORK / names_sheet.key)
        if names_sheet.key not in blanks:
            cases[names_sheet.key], blanks[names_sheet.key] = case, render_all(WORK / names_sheet.key / "blank.pdf")
        typed = unicode_names(case)
        for engine in engines:
            outcome = attempt(case, [(engine, typed)], WORK / names_sheet.key, blanks[names_sheet.key],
                              f"names-{engine}", wanted=typed)
            names[engine] = outcome
            print(f"{engine:8} names    {names_sheet.key:18} {outcome.cell():10} {outcome.seconds:5.1f}s", flush=True)
    chains: dict = {}
    for sheet in chain_sheets:
        first, rest = halves(cases[sheet.key].targets)
        for a in engines:
            for b in engines:
                if a != b:
                    outcome = attempt(cases[sheet.key], [(a, first), (b, rest)], WORK / sheet.key, blanks[sheet.key],
                                      f"{a}-{b}")
                    chains[(a, b, sheet.key)] = outcome
                    print(f"{a:8} -> {b:8} {sheet.key:18} {outcome.cell():10} {outcome.seconds:5.1f}s", flush=True)

    report = markdown(found, sheets, engines, chain_sheets, singles, names, chains, time.monotonic() - started,
                      " ".join(["python tools/form_interop.py", *(argv if argv is not None else sys.argv[1:])]))
    print()
    print(report)
    if args.doc:
        write_doc(args.doc, report)
    failed = any(o.problems for o in [*singles.values(), *names.values(), *chains.values()])
    return 1 if failed else 0


MARKER = "<!-- Everything below is written by tools/form_interop.py --doc; edit above this line. -->"


def write_doc(path: Path, report: str) -> None:
    """Replace the part of `path` below MARKER by the report (the part above is written by hand)."""
    head = path.read_text(encoding="utf-8").split(MARKER)[0] if path.exists() else "# Form interop\n\n"
    path.write_text(head.rstrip("\n") + "\n\n" + MARKER + "\n\n## The last run\n\n" + report, encoding="utf-8")


def markdown(found: dict, sheets: list, engines: list, chain_sheets: list, singles: dict, names: dict,
             chains: dict, seconds: float, command: str) -> str:
    lines = [f"Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC "
             f"in {seconds:.0f} s: `{command}`", "", "Versions:", ""]
    lines += [f"- {name}: {version}" for name, version in found.items()]
    lines += ["", "### Each engine alone (rows: engine that fills and saves; columns: sheet)", ""]
    lines += ["| engine | " + " | ".join(s.key for s in sheets) + " |", "|---" * (len(sheets) + 1) + "|"]
    for engine in engines:
        lines.append(f"| {engine} | " + " | ".join(singles[(engine, s.key)].cell() for s in sheets) + " |")
    if names:
        lines += ["", f"### Names typed in ({', '.join(NAMES)}; values kept and shown, not scored)", ""]
        lines += ["| engine | names |", "|---|---|"]
        lines += [f"| {engine} | {outcome.cell()} |" for engine, outcome in names.items()]
    for sheet in chain_sheets:
        lines += ["", f"### Chains on {sheet.key} (row A fills every other value and saves, column B "
                  "opens A's file, fills the rest and saves)", ""]
        lines += ["| A \\ B | " + " | ".join(engines) + " |", "|---" * (len(engines) + 1) + "|"]
        for a in engines:
            lines.append(f"| {a} | " + " | ".join("-" if a == b else chains[(a, b, sheet.key)].cell()
                                                   for b in engines) + " |")
    lines += ["", "### What failed", ""]
    for (engine, key), outcome in singles.items():
        lines += _details(f"{engine} alone, {key}", outcome)
    for engine, outcome in names.items():
        lines += _details(f"{engine}, names", outcome)
    for (a, b, key), outcome in chains.items():
        lines += _details(f"{a} then {b}, {key}", outcome)
    return "\n".join(lines) + "\n"


def _details(title: str, outcome: Outcome, most: int = 12) -> list:
    if not outcome.problems:
        return []
    shown = [f"  - {p}" for p in outcome.problems[:most]]
    if len(outcome.problems) > most:
        shown.append(f"  - ... and {len(outcome.problems) - most} more")
    return [f"- {title}:", *shown]


if __name__ == "__main__":
    sys.exit(main())
