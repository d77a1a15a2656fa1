"""Building cards in bulk: the cost of an extra page against a bare reportlab form, and the CLI at 1000 copies.

Run: python bench/bench_cards.py [--copies 200] [--repeat 5] [--cli-copies 1000]
Prints medians. Not a test: it asserts nothing, it measures. In-process times are CPU
time (time.process_time), and sheetgen and the bare canvas are measured turn about, so
that a busy machine slows both alike.

Three measurements:
1. Marginal time and bytes per extra page of `sheetgen sheet piecepack-gold-rush cards`
   (--backs, and fronts only), from the builder and renderer called in-process.
2. The same for a bare reportlab canvas that draws one form and stamps it on every page
   (doForm + showPage), with reportlab's page compression on (as a plain canvas does) and
   off for the stamped pages (as sheetgen writes a page that only places a form).
3. The command line with --copies N in a fresh process: wall time and peak memory.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from sheetgen import pdf, ruledata
from sheetgen.games import get_game
from sheetgen.sheet import SheetRequest


def ours(copies: int, backs: bool) -> tuple[float, int, int]:
    game = get_game("piecepack-gold-rush")
    rules = ruledata.load(game)
    builder = game.sheet("cards").builder()
    start = time.process_time()
    document = builder(rules, SheetRequest(4, (), copies, "letter", "color", backs))
    data = pdf.render(document, "letter", "color")
    return time.process_time() - start, len(data), len(document.pages)


def bare(pages: int, compress_stamps: bool) -> tuple[float, int, int]:
    start = time.process_time()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=LETTER, invariant=1, pageCompression=1)
    c.beginForm("art")
    for i in range(20):  # something to stamp: twenty boxes with a line of text each
        c.rect(40 + (i % 4) * 130, 60 + (i // 4) * 140, 120, 130)
        c.drawString(50 + (i % 4) * 130, 170 + (i // 4) * 140, "a card")
    c.endForm()
    c.setPageCompression(1 if compress_stamps else 0)
    for _ in range(pages):
        c.doForm("art")
        c.showPage()
    c.setPageCompression(1)
    c.save()
    return time.process_time() - start, len(buffer.getvalue()), pages


def per_page(small: tuple, large: tuple) -> tuple[float, float]:
    """(ms, bytes) per extra page between two runs."""
    extra = large[2] - small[2]
    return (large[0] - small[0]) / extra * 1000, (large[1] - small[1]) / extra


def cli(copies: int, backs: bool) -> tuple[float, float, float]:
    """Wall time (s), CPU time (s, user + system) and peak memory (MB) of the command in a fresh
    process. On a loaded machine the wall time grows with the load and the CPU time much less."""
    with tempfile.TemporaryDirectory() as folder:
        args = [sys.executable, "-m", "sheetgen", "sheet", "piecepack-gold-rush", "cards", "--copies", str(copies),
                "-o", os.path.join(folder, "cards.pdf")] + (["--backs"] if backs else [])
        # a fresh parent per run, so the peak is this command's own (RUSAGE_CHILDREN keeps the largest child)
        probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
                 "subprocess.run(sys.argv[1:], check=True, capture_output=True); "
                 "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
                 "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss)")
        done = subprocess.run([sys.executable, "-c", probe, *args], check=True, capture_output=True, text=True)
        wall, cpu, peak = done.stdout.split()
    return float(wall), float(cpu), int(peak) / 1024  # ru_maxrss is in kB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=200, help="sets for the in-process measurement")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cli-copies", type=int, default=1000)
    args = parser.parse_args()
    ours(1, True)  # warm caches: imports, data and layout loading
    bare(3, True)
    for backs in (True, False):
        sets = 6 if backs else 3
        pages = sets * args.copies
        mine, plain, flat = [], [], []
        for _ in range(args.repeat):  # turn about, so that load from elsewhere falls on all three alike
            mine.append(per_page(ours(1, backs), ours(args.copies, backs)))
            plain.append(per_page(bare(sets, True), bare(pages, True)))
            flat.append(per_page(bare(sets, False), bare(pages, False)))
        ms, size = statistics.median(m for m, _ in mine), statistics.median(b for _, b in mine)
        print(f"sheetgen cards{' --backs' if backs else ''}: {ms:.3f} ms and {size:.0f} bytes per extra page "
              f"({pages} pages, CPU time, median of {args.repeat})")
        for name, runs in (("compressed", plain), ("uncompressed", flat)):
            bms, bsize = statistics.median(m for m, _ in runs), statistics.median(b for _, b in runs)
            print(f"  bare reportlab form, stamped pages {name}: {bms:.3f} ms and {bsize:.0f} bytes per extra "
                  f"page; sheetgen / bare = {ms / bms:.2f}")
    for backs in (True, False):
        runs = [cli(args.cli_copies, backs) for _ in range(3)]
        sets = 6 if backs else 3
        floor = statistics.median(bare(sets * args.cli_copies, False)[0] for _ in range(3))
        print(f"CLI --copies {args.cli_copies}{' --backs' if backs else ''}: "
              f"{statistics.median(w for w, _, _ in runs):.2f} s wall, "
              f"{statistics.median(c for _, c, _ in runs):.2f} s CPU (medians of 3; target under 2 s), "
              f"peak memory {max(p for _, _, p in runs):.0f} MB; the bare canvas alone stamps its "
              f"{sets * args.cli_copies} pages in {floor:.2f} s CPU, in process")


if __name__ == "__main__":
    main()
