"""Reading a phone photo of a marked Rolled West board (`sheetgen scan`).

marks.py says where a board prints its scan marks (four ArUco markers and a
QR code naming the page) and draws them as plain filled squares: printing
needs no OpenCV. Everything that reads a photo (read.py, synthetic.py) needs
the scan extra (`pip install 'sheetgen[scan]'`: OpenCV, NumPy, pypdfium2),
imported only there.
"""

from __future__ import annotations

INSTALL = "reading photos needs: pip install 'sheetgen[scan]'"
