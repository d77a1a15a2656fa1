"""Time and size of every printable part of every game: one set, and many pages.

Run: python bench/bench_sheets.py [--pages 400] [--repeat 3] [--game KEY] [--ink color,low]

For each sheet part (`sheetgen games GAME` lists them), through the library
(`Game.print_sheet`: plan, build, render): one set (a page per player at the
game's most players, or one copy of a card sheet, with backs where the part
has them) and about --pages pages (--copies of that set). Prints the median
of --repeat runs after a warm-up, each beside its floor:

* one set in at most 500 ms (what `sheetgen sheet` adds to start-up);
* each extra page at most 5 ms and 5,000 bytes (art shared by every page is a
  PDF form drawn once, so a page adds only its own text and marks).

Not a test: it asserts nothing, it measures. Note the machine's load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sheetgen  # noqa: E402
from sheetgen.games import all_games  # noqa: E402
from sheetgen.api import SheetOptions  # noqa: E402

FLOOR_SET_MS = 500
FLOOR_PAGE_MS = 5.0
FLOOR_PAGE_BYTES = 5000


def load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs"


def render(game: str, part, copies: int, ink: str) -> tuple[float, int, int]:
    """Seconds, bytes and pages of one print of `part`."""
    start = time.perf_counter()
    job = sheetgen.game(game).sheet(part.name, SheetOptions(copies=copies, ink=ink, backs=part.has_backs))
    return time.perf_counter() - start, len(job.pdf), job.pages


def median_run(repeat: int, game: str, part, copies: int, ink: str) -> tuple[float, int, int]:
    runs = [render(game, part, copies, ink) for _ in range(repeat)]
    return statistics.median(t for t, _, _ in runs), runs[0][1], runs[0][2]


def mark(ok: bool) -> str:
    return "ok" if ok else "OVER"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--game", help="only this game (default: every game)")
    parser.add_argument("--ink", default="color,low", help="inks to time, comma-separated")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {load()}")
    print(f"floors: one set {FLOOR_SET_MS} ms; per extra page {FLOOR_PAGE_MS} ms and {FLOOR_PAGE_BYTES:,} bytes")
    for key, spec in all_games().items():
        if args.game and key != args.game:
            continue
        for part in spec.sheets:
            for ink in args.ink.split(","):
                render(key, part, 1, ink)  # warm-up: imports, rule data, layouts, fonts
                t_one, size_one, pages_one = median_run(args.repeat, key, part, 1, ink)
                copies = max(2, args.pages // pages_one)
                t_many, size_many, pages_many = median_run(args.repeat, key, part, copies, ink)
                extra = pages_many - pages_one
                per_page = (t_many - t_one) / extra * 1000
                per_bytes = (size_many - size_one) / extra
                print(f"{key} {part.name} ({ink} ink):")
                print(f"  one set, {pages_one} page{'s' if pages_one != 1 else ''}: {t_one * 1000:7.1f} ms, "
                      f"{size_one:,} bytes   [{mark(t_one * 1000 <= FLOOR_SET_MS)}]")
                print(f"  {pages_many} pages: {t_many * 1000:7.0f} ms, {size_many:,} bytes; per extra page "
                      f"{per_page:.2f} ms [{mark(per_page <= FLOOR_PAGE_MS)}], {per_bytes:,.0f} bytes "
                      f"[{mark(per_bytes <= FLOOR_PAGE_BYTES)}]")


if __name__ == "__main__":
    main()
