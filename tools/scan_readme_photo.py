"""Make docs/images/scan-photo.jpg, the README's stand-in for a phone photo of a played board.

The generator's photo of board page 1 of the seeded game the README scores
(sheetgen/scan/synthetic.py, seed 600000, mild), shrunk to 900 px for the
page; the README's commands read the full-size photo. Needs the scan extra.

    python tools/scan_readme_photo.py [FOLDER]   (FOLDER: also write the full-size photos there)
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from sheetgen.scan import synthetic

SEED = 600_000


def main() -> None:
    boards = synthetic.game(SEED, players=2, paper="letter", ink="color")
    shots = [synthetic.photo(board, SEED, "mild", 2000) for board in boards]
    if len(sys.argv) > 1:
        folder = Path(sys.argv[1])
        folder.mkdir(parents=True, exist_ok=True)
        for board, shot in zip(boards, shots):
            (folder / f"board{board.page}.jpg").write_bytes(shot.jpeg)
    image = cv2.imdecode(np.frombuffer(shots[0].jpeg, np.uint8), cv2.IMREAD_COLOR)
    scale = 900 / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    target = Path(__file__).resolve().parent.parent / "docs" / "images" / "scan-photo.jpg"
    cv2.imwrite(str(target), small, [cv2.IMWRITE_JPEG_QUALITY, 80])
    print(f"wrote {target} ({target.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
