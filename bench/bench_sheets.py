"""Time and size of Rolled West boards: per extra page, for 1000 pages.

Run: python bench/bench_sheets.py [--pages 1000] [--repeat 5]
Prints medians. Not a test: it asserts nothing, it measures.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sheetgen import pdf, ruledata
from sheetgen.games import get_game
from sheetgen.sheet import SheetRequest


def render(pages: int, ink: str) -> tuple[float, int]:
    game = get_game("rolled-west")
    rules = ruledata.load(game)
    builder = game.sheet("board").builder()
    start = time.perf_counter()
    document = builder(rules, SheetRequest(4, ("Ann", "Ben", "Cat", "Dan"), copies=pages // 4))
    data = pdf.render(document, "letter", ink)
    return time.perf_counter() - start, len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    render(4, "color")  # warm caches: imports, data and layout loading
    for ink in ("color", "low"):
        small = [render(4, ink) for _ in range(args.repeat)]
        large = [render(args.pages, ink) for _ in range(args.repeat)]
        t_small = statistics.median(t for t, _ in small)
        t_large = statistics.median(t for t, _ in large)
        size_small, size_large = small[0][1], large[0][1]
        extra = args.pages - 4
        print(f"{ink:>5} ink: {args.pages} pages in {t_large * 1000:.0f} ms (median of {args.repeat}); "
              f"4 pages in {t_small * 1000:.1f} ms")
        print(f"       per extra page: {(t_large - t_small) / extra * 1000:.3f} ms, "
              f"{(size_large - size_small) / extra:.0f} bytes; "
              f"whole file {size_large / args.pages:.0f} bytes per page ({size_large:,} bytes)")


if __name__ == "__main__":
    main()
