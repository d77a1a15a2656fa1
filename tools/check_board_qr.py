"""Decode every Rolled West board page's QR codes (the top's and the foot's copy) with OpenCV: the
proof that the codes qr.py makes read back.

For each paper (Letter, A4), ink (colour, low) and kind (plain, fillable) it prints the bulk print
(400 boards: 100 copies of the 4-player set), renders each page's two QR codes with PDFium at the
photo reader's scale (sheetgen.scan.read.PPM px/mm, with the bare paper around it: the top's 4 modules, the foot's
foot_qr.quiet mm) and
decodes it with cv2.QRCodeDetector. Both codes of every page must decode to exactly its page code's text
(marks.PageCode: the page number counts from 1 in print order). Exit 1 on any page that does not.

Run: python tools/check_board_qr.py [--copies 100] [--ppm 6]   (needs the scan extra)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import pypdfium2 as pdfium  # noqa: E402

import sheetgen  # noqa: E402
from sheetgen import layouts  # noqa: E402
from sheetgen.api import Ink, Paper, SheetOptions  # noqa: E402
from sheetgen.scan import marks, read  # noqa: E402

PT_PER_MM = 72 / 25.4


def check(paper: Paper, ink: Ink, fillable: bool, copies: int, ppm: float) -> tuple[int, list[str]]:
    """(pages checked, a line for each page that did not decode to its text)."""
    game = sheetgen.game("rolled-west")
    layout = layouts.load("rolled-west-board", paper)
    pdf = game.sheet("board", SheetOptions(copies=copies, paper=paper, ink=ink, fillable=fillable)).pdf
    dx, dy = marks.content_origin(layout, paper)
    width, height = marks.PAPERS[paper]
    detector = cv2.QRCodeDetector()
    failures = []
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            number = index + 1
            text = marks.PageCode("rolled-west", "board", paper, ink, marks.layout_hash(layout),
                                  marks.data_hash(game.rules), number).text()
            places = marks.qr_rects(layout, len(marks.qr_matrix(text)))
            rooms = (4 * places[0][1], layout["scan"]["foot_qr"]["quiet"])  # the foot's: its bare paper
            for (rect, _), quiet, where in zip(places, rooms, ("top", "foot")):
                left, top = dx + rect.x - quiet, dy + rect.y - quiet
                right, bottom = dx + rect.right + quiet, dy + rect.bottom + quiet
                crop = (left * PT_PER_MM, (height - bottom) * PT_PER_MM, (width - right) * PT_PER_MM,
                        top * PT_PER_MM)
                bitmap = document[index].render(scale=ppm / PT_PER_MM, crop=crop)
                gray = cv2.cvtColor(np.ascontiguousarray(bitmap.to_numpy()[:, :, :3]), cv2.COLOR_BGR2GRAY)
                found, _, _ = detector.detectAndDecode(gray)
                if found != text:
                    failures.append(f"{paper} {ink} {'fillable' if fillable else 'plain'} page {number} ({where}): "
                                    f"decoded {found!r}, printed {text!r}")
        return len(document), failures
    finally:
        document.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=100, help="copies of the 4-player set (100: 400 pages)")
    parser.add_argument("--ppm", type=float, default=read.PPM, help="px per mm of the render")
    args = parser.parse_args()
    total = 0
    failures: list[str] = []
    papers: tuple[Paper, ...] = ("letter", "a4")
    inks: tuple[Ink, ...] = ("color", "low")
    for paper in papers:
        for ink in inks:
            for fillable in (False, True):
                start = time.perf_counter()
                pages, failed = check(paper, ink, fillable, args.copies, args.ppm)
                total += pages
                failures += failed
                print(f"{paper:6} {ink:5} {'fillable' if fillable else 'plain   '}: {2 * pages - len(failed)} of "
                      f"{2 * pages} codes ({pages} pages) decode to their page's code "
                      f"({time.perf_counter() - start:.1f} s)", flush=True)
    for line in failures:
        print(line)
    print(f"{2 * total - len(failures)} of {2 * total} codes ({total} pages, two each) decoded to exactly their "
          f"page code at {args.ppm:g} px/mm")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
