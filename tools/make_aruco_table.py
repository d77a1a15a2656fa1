"""Write sheetgen/scan/aruco.py: the bit patterns of the ArUco markers the boards print.

The patterns are facts of OpenCV's DICT_4X4_50 dictionary; printing a board
needs only this small table, never OpenCV. Run once (needs `pip install
'sheetgen[scan]'`):  python tools/make_aruco_table.py
"""

from __future__ import annotations

from pathlib import Path

import cv2

COUNT = 8  # ids 0-3: a Letter board's corners, 4-7: an A4 board's

HEAD = '''"""The ArUco markers a board prints (OpenCV's DICT_4X4_50), as data: no OpenCV needed to print.

Written by tools/make_aruco_table.py. Each marker is 4 x 4 bits inside a black
border one cell wide; a row is a string of "1" (white) and "0" (black), top row first.
"""

DICTIONARY = "DICT_4X4_50"
BITS = {
'''


def main() -> None:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    lines = [HEAD]
    for marker in range(COUNT):
        image = dictionary.generateImageMarker(marker, 6)
        rows = ["".join("1" if image[r, c] > 127 else "0" for c in range(1, 5)) for r in range(1, 5)]
        lines.append(f"    {marker}: {tuple(rows)!r},\n")
    lines.append("}\n")
    target = Path(__file__).resolve().parent.parent / "sheetgen" / "scan" / "aruco.py"
    target.write_text("".join(lines))
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
