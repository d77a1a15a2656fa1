"""Time and size of every fillable sheet against the same sheet printed plain.

Run: python bench/bench_fillable.py [--repeat 3] [--game KEY]

For each sheet part with a form (Rolled West board, Gold West pad, Gold West board record with a
setup code, Carcassonne pad, piecepack mat), through the library (`Game.print_sheet`: plan, build,
render), plain and fillable: one set, and the issue-18 bulk prints (100 Carcassonne pads, 400 Rolled
West boards; about 400 pages of the others). Prints the median of --repeat runs after a warm-up
(seconds of process time, so other programs' load counts less), the bytes, the cost of each extra
page, and the fillable/plain ratios, beside the targets:

* the bulk prints each under 1.5 MB and 3 s;
* each extra page of a fillable sheet within 3x the plain sheet's bytes and time (a page of fields
  holds hundreds of widgets, so this one is reported, not expected: see the ratio).

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

BULK_BYTES = 1_500_000
BULK_SECONDS = 3.0
BULK_PAGES = {"carcassonne-gold-rush": 100, "rolled-west": 400}  # the bulk prints


def load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs"


def render(game: str, part: str, copies: int, fillable: bool, code) -> tuple:
    """(process seconds, bytes, pages) of one print."""
    start = time.process_time()
    job = sheetgen.game(game).sheet(part, SheetOptions(copies=copies, fillable=fillable, code=code))
    data = job.pdf  # the job draws when its PDF is first read: timed with the rest
    return time.process_time() - start, len(data), job.pages


def median_run(repeat: int, *args) -> tuple:
    runs = [render(*args) for _ in range(repeat)]
    return statistics.median(t for t, _, _ in runs), runs[0][1], runs[0][2]


def setup_code(game: str) -> str:
    """A setup code for a sheet drawn for one setup (the game's example seed)."""
    return sheetgen.game(game).setup(players=3, seed="bench").code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--game", help="only this game (default: every game)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {load()}")
    print(f"targets: bulk print under {BULK_BYTES:,} bytes and {BULK_SECONDS} s; extra page within 3x plain")
    for key, spec in all_games().items():
        if args.game and key != args.game:
            continue
        for part in spec.sheets:
            if not part.form:
                continue
            code = setup_code(key) if part.takes_code else None
            render(key, part.name, 1, True, code)  # warm-up: imports, rule data, layouts, fonts
            rows = {}
            for fillable in (False, True):
                one = median_run(args.repeat, key, part.name, 1, fillable, code)
                copies = max(2, BULK_PAGES.get(key, 400) // one[2])
                many = median_run(args.repeat, key, part.name, copies, fillable, code)
                extra = many[2] - one[2]
                rows[fillable] = (one, many, (many[0] - one[0]) / extra, (many[1] - one[1]) / extra)
            print(f"{key} {part.name}{' --code' if code else ''}:")
            for fillable, (one, many, page_s, page_b) in rows.items():
                print(f"  {'fillable' if fillable else 'plain   '}: one set {one[0] * 1000:7.1f} ms {one[1]:>10,} B"
                      f" ({one[2]} pages); {many[2]} pages {many[0]:6.2f} s {many[1]:>10,} B;"
                      f" extra page {page_s * 1000:6.2f} ms {page_b:>8,.0f} B")
            (_, plain_many, plain_s, plain_b), (_, fill_many, fill_s, fill_b) = rows[False], rows[True]
            bulk = "no target"
            if key in BULK_PAGES:
                bulk = "ok" if fill_many[1] < BULK_BYTES and fill_many[0] < BULK_SECONDS else "OVER"
            print(f"  fillable/plain: bulk {fill_many[1] / plain_many[1]:.1f}x bytes {fill_many[0] / plain_many[0]:.1f}x"
                  f" time; extra page {fill_b / plain_b:.1f}x bytes {fill_s / plain_s:.1f}x time;"
                  f" bulk target {bulk}")


if __name__ == "__main__":
    main()
