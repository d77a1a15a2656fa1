"""Read a phone photo of a marked Rolled West board into the fillable form's field values.

The steps: the file checked before it is decoded (size, dimensions, a whole
PNG or JPEG); the four corner markers found (ArUco; those missed searched for
again where two or more found put them) and the page mapped onto a flat
raster by a homography (at least MIN_MARKERS of them); the QR code read there
from either of its two copies, top and foot (by OpenCV, else module by module
where the markers put it; both read, they must agree) and checked against what
this sheetgen prints (game, part, paper, layout and rule data); the light
evened out (the paper's own white, measured across the page); the blank board subtracted, so only what a pen added is left; each
box re-aligned to its printed outline and its ink classified by a small model
(model.npz, rebuilt by tools/build_scan_model.py) with a confidence. A box is
sure only above SURE and with no glare over it; rule checks along a row (filled
from the left, a circle only right after a triangle) turn a contradiction into
"not sure", never into a guess.

Needs the scan extra (OpenCV, NumPy, pypdfium2); callers check `available()`.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

import cv2
import numpy as np
import pypdfium2 as pdfium

from sheetgen import api
from sheetgen.api import Ink, Paper, SheetOptions
from sheetgen.scan import geometry, marks, qr
from sheetgen.sheet import Rect

MAX_BYTES = 40_000_000
MAX_PIXELS = 50_000_000
MIN_MARKERS = 3
PPM = 6.0  # px per mm of the flattened page the reader works on
SURE = 0.99  # a box's confidence at least this, and no glare: sure
GLARE = 0.03  # share of a box's pixels washed out by glare above which it is not sure
SEARCH = 1.5  # mm a box may be off its place on a curled sheet (re-aligned within this)
GRID = 16  # the ink of a box, resized to GRID x GRID, is what the model sees
MODEL = Path(__file__).resolve().parent / "model.npz"


class PhotoError(Exception):
    """A photo that cannot be read: the message says why, for `FILE: message`."""


@dataclass
class FieldReading:
    field: str
    value: Any
    sure: bool
    confidence: float
    why: str = ""  # not sure: the reason


@dataclass
class PhotoReading:
    file: str
    game: str = "rolled-west"
    part: str = "board"
    paper: str = ""
    ink: str = ""
    page: int = 0
    fields: list[FieldReading] = field(default_factory=list)  # in the form's order
    problems: list[str] = field(default_factory=list)  # the photo could not be read
    markers: int = 0
    crops: dict[str, np.ndarray] = field(default_factory=dict)  # field -> BGR crop of its box (for asking)

    def values(self) -> dict[str, Any]:
        return {f.field: f.value for f in self.fields}


class Page(NamedTuple):
    """A photo's page flattened and checked: what the boxes are read from."""

    photo: np.ndarray  # the darkest channel over the paper's white, 0-1.2
    printed: np.ndarray  # the blank board, 0-1
    printed_min: np.ndarray  # the blank widened by a pixel
    glare: np.ndarray  # True where glare washed the paper out
    geo: geometry.PageGeometry
    flat: np.ndarray  # the page, BGR


BoxInk = tuple[geometry.Cell, np.ndarray, float, float]  # (cell, features, glare share, alignment match)
Guess = tuple[str, float, str]  # (mark, confidence, why not sure or "")


# -- the file, before it is decoded --------------------------------------------------

def _png_size(raw: bytes) -> tuple[int, int]:
    if len(raw) < 33 or raw[12:16] != b"IHDR":
        raise PhotoError("a PNG without its header (IHDR): the file is damaged")
    width, height = struct.unpack(">II", raw[16:24])
    at, seen_end = 8, False
    while at + 8 <= len(raw):  # walk the chunks: a cut file has no IEND
        length = struct.unpack(">I", raw[at:at + 4])[0]
        kind = raw[at + 4:at + 8]
        if at + 12 + length > len(raw):
            break
        if kind == b"IEND":
            seen_end = True
            break
        at += 12 + length
    if not seen_end:
        raise PhotoError("the PNG is cut short (no IEND chunk): copy the photo again")
    return width, height


def _jpeg_size(raw: bytes) -> tuple[int, int]:
    at = 2
    while at + 4 <= len(raw):
        if raw[at] != 0xFF:
            raise PhotoError("a damaged JPEG (no marker where one should be)")
        kind = raw[at + 1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", raw[at + 2:at + 4])[0]
        if kind in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            if at + 9 > len(raw):
                break
            height, width = struct.unpack(">HH", raw[at + 5:at + 9])
            if b"\xff\xd9" not in raw[-4096:]:
                raise PhotoError("the JPEG is cut short (no end marker): copy the photo again")
            return width, height
        at += 2 + length
    raise PhotoError("a JPEG without a frame header: the file is damaged")


def image_size(raw: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's or JPEG's header; PhotoError if it is neither or is damaged."""
    if raw.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png_size(raw)
    if raw.startswith(b"\xff\xd8\xff"):
        return _jpeg_size(raw)
    raise PhotoError("not a JPEG or PNG photo")


def decode(raw: bytes) -> np.ndarray:
    """The photo as BGR pixels, after its size and dimensions were checked (bounded time and memory)."""
    if len(raw) > MAX_BYTES:
        raise PhotoError(f"{len(raw) / 1e6:.0f} MB is more than a photo of a board needs (at most "
                         f"{MAX_BYTES // 1_000_000} MB): send a smaller copy")
    width, height = image_size(raw)
    if width == 0 or height == 0:
        raise PhotoError("an empty image (0 pixels)")
    if width * height > MAX_PIXELS:
        raise PhotoError(f"{width} x {height} is {width * height / 1e6:.0f} megapixels, more than "
                         f"{MAX_PIXELS // 1_000_000}: send a smaller copy of the photo")
    if raw.startswith(b"\x89PNG"):
        try:  # a PNG's pixels could still be a bomb whose header lies: zlib says what IDAT inflates to
            _check_png_data(raw, width, height)
        except zlib.error:
            raise PhotoError("the PNG's image data is damaged") from None
    image = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError("the image cannot be decoded: the file is damaged")
    return image


def _check_png_data(raw: bytes, width: int, height: int) -> None:
    at, data = 8, []
    while at + 8 <= len(raw):
        length = struct.unpack(">I", raw[at:at + 4])[0]
        if raw[at + 4:at + 8] == b"IDAT":
            data.append(raw[at + 8:at + 8 + length])
        at += 12 + length
    limit = height * (1 + width * 8) + 1  # 16-bit RGBA at most
    inflater = zlib.decompressobj()
    total = 0
    for chunk in data:
        total += len(inflater.decompress(chunk, limit + 1 - total))
        if total > limit or inflater.unconsumed_tail:
            raise PhotoError("the PNG's data inflates to more than its dimensions hold (a PNG bomb)")


# -- the page ------------------------------------------------------------------------

def _marker_detector(threshold_constant: Optional[float] = None) -> cv2.aruco.ArucoDetector:
    """An ArUco detector of the board's markers (DICT_4X4_50), corners refined to a fraction of a
    pixel; `threshold_constant` lowers its adaptive threshold's (OpenCV's default 7)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    if threshold_constant is not None:
        params.adaptiveThreshConstant = threshold_constant
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def _find_markers(gray: np.ndarray) -> dict[int, np.ndarray]:
    """marker id -> its 4 corners (photo px), from a search at two scales."""
    detector = _marker_detector()
    found: dict[int, np.ndarray] = {}
    for longest in (1600, 2600):
        scale = min(1.0, longest / max(gray.shape))
        small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
        corners, ids, _ = detector.detectMarkers(small)
        if ids is not None:
            for quad, marker in zip(corners, ids.ravel()):
                if int(marker) < 8 and int(marker) not in found:
                    found[int(marker)] = quad.reshape(4, 2) / scale
        if len({m // 4 for m in found}) == 1 and len(found) == 4:
            break
    return found


def _homography(geo: geometry.PageGeometry, found: dict[int, np.ndarray], ppm: float) -> Optional[np.ndarray]:
    """The map from the page (at `ppm` px a mm) to the photo that the `found` markers' corners make,
    or None when they make none."""
    src, dst = [], []
    for marker, rect in geo.markers:
        if marker in found:
            src += [(rect.x, rect.y), (rect.right, rect.y), (rect.right, rect.bottom), (rect.x, rect.bottom)]
            dst += list(found[marker])
    matrix, _ = cv2.findHomography(np.array(src, np.float32) * ppm, np.array(dst, np.float32), 0)
    return None if matrix is None else np.asarray(matrix)


SEARCH_PPM = 8.0  # px per mm of the patch a missed marker is searched for again in
SEARCH_MARGIN = 10.0  # mm of the page around a missed marker's predicted place that the patch shows
SEARCH_OFF = 4.0  # mm a marker found again may sit from where the others predict it (a curled corner)


def _search_again(gray: np.ndarray, found: dict[int, np.ndarray], paper: str) -> dict[int, np.ndarray]:
    """`found` with the markers the first search missed that sit where the found ones (two or more)
    predict them. Each missed marker's place on the page, mapped through the found markers'
    homography, is flattened into a patch at SEARCH_PPM; the patch is searched as it is, with its
    contrast evened out (a marker half washed out by glare or in shadow) and as what is darker than
    its brightest paper (a glare's saturated white around the marker), with a lower threshold. A
    marker counts only if it has the id printed there, sits within SEARCH_OFF mm of the predicted
    place and is the printed size within a quarter: anything else in the patch is not taken."""
    geo = geometry.page(paper)
    to_photo = _homography(geo, found, 1.0)
    if to_photo is None:
        return found
    detector = _marker_detector(threshold_constant=3)  # the patch's contrast is low under glare
    out = dict(found)
    for marker, rect in geo.markers:
        if marker in found:
            continue
        x0, y0 = rect.x - SEARCH_MARGIN, rect.y - SEARCH_MARGIN
        size = int(round((rect.w + 2 * SEARCH_MARGIN) * SEARCH_PPM))
        patch_to_photo = to_photo @ np.array([[1 / SEARCH_PPM, 0, x0], [0, 1 / SEARCH_PPM, y0], [0, 0, 1]])
        patch = cv2.warpPerspective(gray, patch_to_photo, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=128)
        level = patch.astype(np.float32)
        reach = np.ones((int(1.5 * rect.w * SEARCH_PPM),) * 2, np.uint8)  # past a marker's width: its paper
        light = cv2.GaussianBlur(cv2.dilate(level, reach), (0, 0), 5)
        dark = cv2.GaussianBlur(cv2.erode(level, reach), (0, 0), 5)
        evened = np.clip((level - dark) / np.maximum(light - dark, 8) * 255, 0, 255).astype(np.uint8)
        # what glare left: darker than the patch's brightest paper (a marker whose edge the glare washed
        # out to nearly the paper's white, the paper itself saturated)
        smooth = cv2.GaussianBlur(patch, (0, 0), 1.0)
        left = np.where(smooth >= np.percentile(smooth, 95) - 6, 255, 0).astype(np.uint8)
        for variant in (patch, evened, left):
            corners, ids, _ = detector.detectMarkers(variant)
            hits = [quad.reshape(4, 2) for quad, i in zip(corners, ids.ravel() if ids is not None else ())
                    if int(i) == marker]
            if len(hits) != 1:
                continue
            quad = hits[0]
            centre = quad.mean(axis=0) / SEARCH_PPM + (x0, y0)
            sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1) / SEARCH_PPM
            if (np.hypot(centre[0] - rect.cx, centre[1] - rect.cy) <= SEARCH_OFF
                    and np.all(np.abs(sides / rect.w - 1) <= 0.25)):
                out[marker] = cv2.perspectiveTransform(quad[None].astype(np.float64), patch_to_photo)[0]
                break
    return out


def rasterise(pdf: bytes, ppm: float) -> list[np.ndarray]:
    """Every page of `pdf` at `ppm` pixels a millimetre, BGR uint8, by PDFium."""
    document = pdfium.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(document)):
            bitmap = document[index].render(scale=ppm * 25.4 / 72)
            array = np.array(bitmap.to_numpy())[:, :, :3]  # BGRx from PDFium
            out.append(np.ascontiguousarray(array))
    finally:
        document.close()
    return out



@lru_cache(maxsize=4)
def blank(paper: Paper, ink: Ink) -> np.ndarray:
    """The unmarked board, darkest channel, 0-1 float, at PPM (page 1's art; QR codes differ)."""
    pdf = api.game("rolled-west").sheet(None, SheetOptions(players=2, paper=paper, ink=ink)).pdf
    page = rasterise(pdf, PPM)[0]
    darkest: np.ndarray = page.min(axis=2).astype(np.float32) / 255
    return darkest


def _read_qr(image: np.ndarray, matrix: np.ndarray, geo: geometry.PageGeometry,
             places: Sequence[tuple[Rect, float]], margin: float = 3.0) -> Optional[str]:
    """The text of the QR code printed at one of `places` (each a Rect paper mm and its module mm:
    page 1's code, then a longer one of a page from 100 on), or None. First as OpenCV finds it in the
    flattened patch (`margin` mm around the code); else module by module: the page's geometry says
    where each module is, so each is sampled there, the code is redrawn clean and decoded at its
    known corners (the decoder's own error correction, no search for the code); last, the sampled
    modules of page 1's code matched against this sheetgen's codes (`_nearest_code`), those under
    glare left out."""
    ppm = 12.0
    q, module = places[0]
    # room for 33 modules: `q` and `module` are page 1's code's (29 modules), a page from 100 on prints
    # 33 (at the top 16.5 mm; in the foot the same side, smaller modules). Round a 29-module code the
    # patch reaches 2 mm further right and below, to the edge of the name box (top) or a tally box
    # (foot); cut to its own side, OpenCV decoded the top's at once less often (of 120 hard photos:
    # 91 against 97; the foot's 89 against 87; all 60 mild either way)
    x0, y0, side = q.x - margin, q.y - margin, 33 * module + 2 * margin
    to_page = np.array([[PPM / ppm, 0, x0 * PPM], [0, PPM / ppm, y0 * PPM], [0, 0, 1]])
    size = int(side * ppm)
    patch = cv2.warpPerspective(image, matrix @ to_page, (size, size), flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    detector = cv2.QRCodeDetector()
    text, _, _ = detector.detectAndDecode(gray)
    if text:
        return str(text)
    # sharpened (an unsharp mask): a blurred photo's modules run into each other
    plain = gray.astype(np.float32)
    smooth = np.clip(3 * plain - 2 * cv2.GaussianBlur(plain, (0, 0), 3), 0, 255)
    samplers = []
    for rect, step in places:
        x_at, y_at = (rect.x - x0) * ppm, (rect.y - y0) * ppm
        count = int(round(rect.w / step))
        sample = _sampler(gray, smooth, step * ppm, count)
        samplers.append((sample, x_at, y_at))
        starts = [(x_at, y_at)]
        template = _finders(count, step, ppm)
        slack = int(1.2 * ppm)
        wx, wy = max(0, int(x_at) - slack), max(0, int(y_at) - slack)
        window = gray[wy:int(y_at) + template.shape[0] + slack, wx:int(x_at) + template.shape[1] + slack]
        if window.shape[0] >= template.shape[0] and window.shape[1] >= template.shape[1]:
            scores = cv2.matchTemplate(window.astype(np.float32), template, cv2.TM_CCOEFF_NORMED)
            _, _, _, (bx, by) = cv2.minMaxLoc(scores)
            starts.insert(0, (float(wx + bx), float(wy + by)))
        fixed = _fixed_modules(count)
        for left, top in starts:
            for dy, dx in [(0, 0)] + [(dy, dx) for dy in (-2, 0, 2) for dx in (-2, 0, 2) if dy or dx]:
                for black in sample(left + dx, top + dy)[:2]:
                    decoded = _decode_modules(detector, black, fixed)
                    if decoded:
                        return decoded
    # last resort: page 1's code's modules sampled at every place within 1 mm of where it is printed,
    # matched against this sheetgen's codes
    sample, x_at, y_at = samplers[0]
    grids, masks = [], []
    for dy in range(-12, 13, 2):
        for dx in range(-12, 13, 2):
            black, _, seen = sample(x_at + dx, y_at + dy)
            grids.append(black.ravel())
            masks.append(seen.ravel())
    return _nearest_code(grids, geo.paper, masks)


Sampler = Callable[[float, float], tuple[np.ndarray, np.ndarray, np.ndarray]]


def _sampler(gray: np.ndarray, smooth: np.ndarray, cell: float, count: int) -> Sampler:
    """sample(left, top): the modules of a code `count` wide, `cell` px a module, in the patch `gray`
    (`smooth` sharpened) at a grid whose top left is (left, top) px: dark by Otsu's level, by the
    local level, and whether each is clear of glare."""
    size = gray.shape[0]
    washed = cv2.blur((gray >= 250).astype(np.float32), (max(1, int(cell)), max(1, int(cell))))
    # a dark and a light level around each place (7 modules, a finder's width): shadow and haze evened out
    reach = np.ones((int(7 * cell), int(7 * cell)), np.uint8)
    light, dark = cv2.dilate(smooth, reach), cv2.erode(smooth, reach)
    centres = (np.arange(count) + 0.5) * cell

    def sample(left: float, top: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        xs = np.clip(np.round(left + centres).astype(int), 0, size - 1)
        ys = np.clip(np.round(top + centres).astype(int), 0, size - 1)
        values = smooth[np.ix_(ys, xs)]
        middle = (light[np.ix_(ys, xs)] + dark[np.ix_(ys, xs)]) / 2
        otsu = cv2.threshold(values.astype(np.uint8), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[0]
        return values < otsu, values < middle, washed[np.ix_(ys, xs)] < 0.3

    return sample


def _page_code(image: np.ndarray, matrix: np.ndarray, geo: geometry.PageGeometry) -> str:
    """The page code's text, from either of its two copies (top, foot): one under glare, the other
    says it. Both read, they must say the same: a code pasted over one of them is refused."""
    (top, foot), (long_top, long_foot) = geo.codes, geo.long_codes
    first = _read_qr(image, matrix, geo, (top, long_top))
    # the margin: the foot's bare paper around its code (the marker, the tally's bar and boxes beyond)
    second = _read_qr(image, matrix, geo, (foot, long_foot), margin=geo.layout["scan"]["foot_qr"]["quiet"])
    if first is not None and second is not None and first != second:
        raise PhotoError(f"the board's two QR codes say different things (top: {first[:60]!r}, foot: "
                         f"{second[:60]!r}): refused (a forged or pasted QR code?)")
    text = first if first is not None else second
    if text is None:
        raise PhotoError("neither QR code (top of the board, left of the name; foot, left of the final score) "
                         "can be read: photograph the board again, sharper and without glare on them")
    return text


@lru_cache(maxsize=4)
def _fixed_modules(count: int) -> Optional[tuple[np.ndarray, np.ndarray]]:
    """The modules of a code `count` wide that carry no data, and how sheetgen draws them (scan/qr.py)."""
    fixed = qr.fixed_modules(count)
    if fixed is None:
        return None
    where, dark = fixed
    mask = np.array(where, bool)
    return mask, np.array(dark, bool)[mask]


def _decode_modules(detector: Any, black: np.ndarray,
                    fixed: Optional[tuple[np.ndarray, np.ndarray]] = None) -> Optional[str]:
    """The text of a QR code given as its modules (True: dark), redrawn clean with a quiet zone and
    decoded at its known corners: as sampled, then with its non-data modules (a misread finder or
    format bit stops the decoder) set as this sheetgen draws them. The data modules are left as
    read: the code's own error correction decides, so a forged code still decodes to its own text."""
    count = black.shape[0]
    candidates = [black]
    if fixed is not None:
        mask, pattern = fixed
        repaired = black.copy()
        repaired[mask] = pattern
        candidates.append(repaired)
    scale, quiet = 8, 4
    a, b = quiet * scale, (quiet + count) * scale
    corners = np.array([[[a, a], [b, a], [b, b], [a, b]]], np.float32)
    for modules in candidates:
        clean = np.full((count + 2 * quiet, count + 2 * quiet), 255, np.uint8)
        clean[quiet:quiet + count, quiet:quiet + count][modules] = 0
        big = cv2.resize(clean, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
        try:
            text, _ = detector.decode(big, corners)
        except cv2.error:
            continue
        if text:
            return str(text)
    return None


NEAREST_PAGES = 64  # a QR code too blurred to decode is matched against pages 1-64 of this sheetgen's codes


@lru_cache(maxsize=2)
def _codes(paper: str) -> tuple[list[str], np.ndarray]:
    texts, grids = [], []
    for ink in ("color", "low"):
        for page in range(1, NEAREST_PAGES + 1):
            text = geometry.expected_code(paper, ink, page).text()
            rows = marks.qr_matrix(text)
            if len(rows) == 29:
                texts.append(text)
                grids.append(np.array([[c == "0" for c in row] for row in rows]).ravel())
    return texts, np.array(grids)


def _nearest_code(grids: list[np.ndarray], paper: str, masks: Optional[list[np.ndarray]] = None) -> Optional[str]:
    """The code of this sheetgen's page (1-NEAREST_PAGES, either ink) whose modules the sampled ones
    match: at most 5% of the modules seen differ from it, and at least 6 points more from every other
    code. Codes of two pages share their text but the page and differ in 10.2% or more of their
    modules; a code of another layout or rule data (or forged) differs from all of them by 11.7% or
    more (one fixed mask, scan/qr.py): within 5%, no other code can be the one printed. Anything less
    clear is not read. With `masks`, only the modules marked True (not under glare) count, and at
    least 60% must be seen."""
    if not grids:
        return None
    texts, codes = _codes(paper)
    best: Optional[tuple[float, float, str]] = None
    for index, grid in enumerate(grids):
        if codes.shape[1] != grid.shape[0]:
            continue
        seen = masks[index] if masks is not None else np.ones(grid.shape, bool)
        if seen.mean() < 0.6:
            continue
        distance = (codes[:, seen] != grid[seen]).mean(axis=1)
        order = np.argsort(distance)
        if best is None or distance[order[0]] < best[0]:
            best = (float(distance[order[0]]), float(distance[order[1]]), texts[int(order[0])])
    if best is not None and best[0] <= 0.05 and best[1] >= best[0] + 0.06:
        return str(best[2])
    return None


def _finders(count: int, module: float, ppm: float) -> np.ndarray:
    """A QR code's three finder squares (and nothing else, grey) at `ppm`, as a template."""
    side = int(round(count * module * ppm))
    out = np.full((side, side), 128, np.float32)
    finder = np.zeros((7, 7), np.float32)
    finder[1:6, 1:6] = 255
    finder[2:5, 2:5] = 0
    cell = module * ppm
    for r0, c0 in ((0, 0), (0, count - 7), (count - 7, 0)):
        for r in range(7):
            for c in range(7):
                y, x = int(round((r0 + r) * cell)), int(round((c0 + c) * cell))
                out[y:int(round((r0 + r + 1) * cell)), x:int(round((c0 + c + 1) * cell))] = finder[r, c]
    return out


def _illumination(dark: np.ndarray) -> np.ndarray:
    """The paper's white at each pixel: the brightest nearby, smoothed (shadows and light falloff)."""
    step = 8
    small = cv2.resize(dark, (dark.shape[1] // step, dark.shape[0] // step), interpolation=cv2.INTER_AREA)
    white = cv2.dilate(small, np.ones((11, 11), np.uint8))
    white = cv2.GaussianBlur(white, (0, 0), 3)
    return cv2.resize(white, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_LINEAR)


def read_photo(source: Union[str, Path, bytes], name: Optional[str] = None, crops: bool = False) -> PhotoReading:
    """Read one photo; a photo that cannot be read comes back with `problems` (and no fields)."""
    label = name or (str(source) if not isinstance(source, bytes) else "photo")
    reading = PhotoReading(label)
    try:
        if isinstance(source, bytes):
            raw = source
        else:
            path = Path(source)
            if path.stat().st_size > MAX_BYTES:
                raise PhotoError(f"{path.stat().st_size / 1e6:.0f} MB is more than a photo of a board needs "
                                 f"(at most {MAX_BYTES // 1_000_000} MB): send a smaller copy")
            raw = path.read_bytes()
        _read(decode(raw), reading, crops)
    except PhotoError as problem:
        reading.problems.append(str(problem))
        reading.fields = []
    except OSError as problem:
        reading.problems.append(f"cannot be read: {problem.strerror or problem}")
    return reading


def _read(image: np.ndarray, reading: PhotoReading, crops: bool) -> None:
    photo, printed, printed_min, glare, geo, flat = page_of(image, reading)
    _classify(photo, printed, printed_min, glare, geo, reading, flat if crops else None)


def page_of(image: np.ndarray, reading: PhotoReading) -> "Page":
    """The page flattened and checked: (photo 0-1, blank, blank widened, glare mask, geometry, flat BGR)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found = _find_markers(gray)
    if not found:
        raise PhotoError("no scan marks found: not a photo of a sheetgen Rolled West board (the whole board, "
                         "its four black corner squares in view)")
    papers = {m // 4 for m in found}
    if len(papers) > 1:
        raise PhotoError("scan marks of a Letter and an A4 board in one photo: photograph one board at a time")
    paper = "letter" if papers == {0} else "a4"
    if 2 <= len(found) < 4:
        found = _search_again(gray, found, paper)
    reading.markers = len(found)
    if len(found) < MIN_MARKERS:
        raise PhotoError(f"only {len(found)} of 4 scan marks found: photograph the whole board, its four black "
                         f"corner squares in view and not under glare")
    geo = geometry.page(paper)
    matrix = _homography(geo, found, PPM)
    if matrix is None:
        raise PhotoError("the scan marks do not make a page (a folded or badly curled sheet?)")
    width, height = int(round(geo.size[0] * PPM)), int(round(geo.size[1] * PPM))
    flat = cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    text = _page_code(image, matrix, geo)
    code = marks.parse(text)
    if code is None:
        raise PhotoError(f"the QR code is not a sheetgen page code ({text[:40]!r}): not a board sheetgen printed")
    if code.game != "rolled-west" or code.part != "board":
        raise PhotoError(f"the QR code names a {code.game} {code.part}, not a Rolled West board")
    if code.paper != paper:
        raise PhotoError(f"the QR code says {code.paper} but the scan marks are a {paper} board's: refused "
                         f"(a forged or pasted QR code?)")
    expected = geometry.expected_code(paper, code.ink, code.page)
    if code.layout != expected.layout:
        raise PhotoError(f"printed from another board layout (L{code.layout}, this sheetgen prints "
                         f"L{expected.layout}): read it with the sheetgen that printed it")
    if code.data != expected.data:
        raise PhotoError(f"printed for other rule data (D{code.data}, this sheetgen has D{expected.data}): "
                         f"read it with the rule data it was printed for")
    if code.page < 1:
        raise PhotoError("the QR code names page 0: refused")
    reading.paper, reading.ink, reading.page = paper, code.ink, code.page
    dark = flat.min(axis=2).astype(np.float32)
    white = _illumination(dark)
    # glare: paper washed out to white (the sensor saturated; noise smoothed away, widened by 1 mm)
    # where the page is brighter than its own paper elsewhere. A page evenly at white (a scan, an
    # overexposed photo) shows no glare: its marks are not washed out by it.
    paper_white = float(np.median(white[white > 0])) if np.any(white > 0) else 0.0
    saturated = cv2.medianBlur(dark.astype(np.uint8), 5) >= 250
    hot = saturated & (white > 1.08 * paper_white) if paper_white < 245 else np.zeros_like(saturated)
    glare = cv2.dilate(hot.astype(np.uint8), np.ones((int(PPM), int(PPM)), np.uint8)) > 0
    photo = np.clip(dark / np.maximum(white, 1.0), 0, 1.2)
    printed = blank(paper, code.ink)
    printed_min = cv2.erode(printed, np.ones((3, 3), np.uint8))
    return Page(photo, printed, printed_min, glare, geo, flat)


# -- the boxes -----------------------------------------------------------------------

def _box_ink(photo: np.ndarray, printed: np.ndarray, printed_min: np.ndarray,
            rect: Rect) -> tuple[np.ndarray, float, tuple[int, int]]:
    """(ink map of the box's inside, how well the box matched its outline 0-1), re-aligned to the outline."""
    pad = int(SEARCH * PPM)
    x0, y0 = int(round(rect.x * PPM)), int(round(rect.y * PPM))
    x1, y1 = int(round(rect.right * PPM)), int(round(rect.bottom * PPM))
    edge = 3
    template = printed[y0 - edge:y1 + edge, x0 - edge:x1 + edge]
    window = photo[y0 - edge - pad:y1 + edge + pad, x0 - edge - pad:x1 + edge + pad]
    dx = dy = 0
    match = 0.0
    if window.shape[0] >= template.shape[0] and window.shape[1] >= template.shape[1] and template.std() > 0:
        scores = cv2.matchTemplate(window.astype(np.float32), template.astype(np.float32), cv2.TM_CCOEFF_NORMED)
        _, match, _, (bx, by) = cv2.minMaxLoc(scores)
        dx, dy = bx - pad, by - pad
    inset = int(0.9 * PPM)
    inner = photo[y0 + dy + inset:y1 + dy - inset, x0 + dx + inset:x1 + dx - inset]
    clean = printed_min[y0 + inset:y1 - inset, x0 + inset:x1 - inset]
    if inner.shape != clean.shape or inner.size == 0:
        return np.zeros((GRID, GRID), np.float32), 0.0, (dx, dy)
    ink = np.clip(clean - inner, 0, 1)
    return ink, float(match), (dx, dy)


def features(ink: np.ndarray) -> np.ndarray:
    """What the model sees of a box's ink: a GRID x GRID picture of the box, the same of the ink's
    own extent (where in the box a mark sits does not change its shape), three sums and the shape
    of the ink's convex hull (a triangle fills less of its enclosing circle and rectangle than a
    ring does, however it is turned or cut by the box's edge)."""
    grid = cv2.resize(ink, (GRID, GRID), interpolation=cv2.INTER_AREA)
    strong_mask = ink > 0.25
    strong = float(strong_mask.mean())
    shape = np.zeros(5, np.float32)
    own: np.ndarray = np.zeros((GRID, GRID), np.float32)
    ys, xs = np.nonzero(strong_mask)
    if len(xs) >= 12:
        y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        side = max(y1 - y0, x1 - x0)  # a square around the ink: its proportions kept
        cy, cx = (y0 + y1) // 2, (x0 + x1) // 2
        square = np.zeros((side, side), np.float32)
        top, left = cy - side // 2, cx - side // 2
        sy0, sx0 = max(0, top), max(0, left)
        sy1, sx1 = min(ink.shape[0], top + side), min(ink.shape[1], left + side)
        square[sy0 - top:sy1 - top, sx0 - left:sx1 - left] = ink[sy0:sy1, sx0:sx1]
        own = cv2.resize(square, (GRID, GRID), interpolation=cv2.INTER_AREA)
        points = np.stack([xs, ys], axis=1).astype(np.float32)
        hull = cv2.convexHull(points)
        area = float(cv2.contourArea(hull))
        _, radius = cv2.minEnclosingCircle(points)
        (_, (rw, rh), _) = cv2.minAreaRect(points)
        size = float(max(ink.shape))
        shape[:] = [area / max(1.0, np.pi * radius * radius), area / max(1.0, rw * rh),
                    len(xs) / max(1.0, area), radius / size, min(rw, rh) / max(1.0, rw, rh)]
    return np.concatenate([grid.ravel() * 4, own.ravel() * 4,
                           [float(ink.mean()) * 10, strong * 10, float(ink.max())], shape * 4]).astype(np.float32)


@lru_cache(maxsize=1)
def _model() -> dict[str, np.ndarray]:
    with np.load(MODEL) as saved:
        return {key: saved[key] for key in saved.files}


def predict(kind: str, rows: np.ndarray) -> np.ndarray:
    """Class probabilities for feature rows of boxes of `kind` (the model's MLP)."""
    m = _model()
    x = (rows - m[f"{kind}.mean"]) / m[f"{kind}.std"]
    hidden = np.maximum(0, x @ m[f"{kind}.w1"] + m[f"{kind}.b1"])
    logits = hidden @ m[f"{kind}.w2"] + m[f"{kind}.b2"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    probabilities: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return probabilities


def extract(photo: np.ndarray, printed: np.ndarray, printed_min: np.ndarray, glare: np.ndarray,
            geo: geometry.PageGeometry) -> list[BoxInk]:
    """(cell, features, glare share, alignment match) for every read box."""
    out = []
    for cell in geo.cells:
        ink, match, (dx, dy) = _box_ink(photo, printed, printed_min, cell.rect)
        r = cell.rect
        g = glare[int(r.y * PPM) + dy:int(r.bottom * PPM) + dy, int(r.x * PPM) + dx:int(r.right * PPM) + dx]
        out.append((cell, features(ink), float(g.mean()) if g.size else 1.0, match))
    return out


def _classify(photo: np.ndarray, printed: np.ndarray, printed_min: np.ndarray, glare: np.ndarray,
              geo: geometry.PageGeometry, reading: PhotoReading, flat: Optional[np.ndarray]) -> None:
    boxes = extract(photo, printed, printed_min, glare, geo)
    guess: dict[str, Guess] = {}
    for kind in geometry.CLASSES:
        chosen = [b for b in boxes if b[0].kind == kind]
        probs = predict(kind, np.stack([b[1] for b in chosen]))
        for (cell, _, glared, match), p in zip(chosen, probs):
            k = int(p.argmax())
            why = ""
            if glared > GLARE:
                why = "glare over the box"
            elif match < 0.3:
                why = "the box's outline was not found where it should be"
            elif p[k] < SURE:
                why = f"looks most like {geometry.CLASSES[kind][k]} ({p[k]:.0%})"
            guess[cell.field] = (geometry.CLASSES[kind][k], float(p[k]), why)
    fields = _values(geo, guess)
    order = {slot: i for i, slot in enumerate(_form_order())}
    reading.fields = sorted(fields, key=lambda f: order.get(f.field, 10_000))
    if flat is not None:
        for cell in geo.cells:
            r = cell.rect
            pad = 3
            reading.crops[cell.field] = flat[max(0, int((r.y - pad) * PPM)):int((r.bottom + pad) * PPM),
                                             max(0, int((r.x - pad) * PPM)):int((r.right + pad) * PPM)].copy()


@lru_cache(maxsize=1)
def _form_order() -> tuple[str, ...]:
    from sheetgen.games.rolled_west import board_form

    return tuple(board_form.form(api.game("rolled-west").rules).slots)


def _values(geo: geometry.PageGeometry, guess: dict[str, Guess]) -> list[FieldReading]:
    """The form's values from the marks read, with the rule checks along each row."""
    out: list[FieldReading] = []
    rows: dict[tuple[bool, str], list[geometry.Cell]] = {}
    for cell in geo.cells:
        if cell.kind in ("claim", "check", "double"):
            rows.setdefault((cell.kind == "claim", cell.row), []).append(cell)
        else:
            mark, conf, why = guess[cell.field]
            out.append(FieldReading(cell.field, mark == "circled", not why, conf, why))
    for (claims, _), cells in rows.items():
        cells.sort(key=lambda c: c.position)
        marks_ = [guess[c.field][0] for c in cells]
        doubt = {c.field: guess[c.field][2] for c in cells}
        values: list[Union[str, bool]]
        if claims:
            values = [""] * len(cells)
            i = 0
            while i < len(cells) and marks_[i] != "empty":
                if marks_[i] == "triangle":
                    if i + 1 < len(cells) and marks_[i + 1] == "circle":
                        values[i] = values[i + 1] = "settlement"
                        i += 2
                        continue
                    values[i] = "camp"
                    i += 1
                else:  # a circle with no triangle before it
                    for c in cells[max(0, i - 1):i + 1]:
                        doubt[c.field] = doubt[c.field] or "a circle (settlement) with no triangle (camp) before it"
                    i += 1
            filled = [m != "empty" for m in marks_]
        else:
            values = []
            filled = []
            for c, m in zip(cells, marks_):
                if c.kind == "check":
                    values.append(m == "marked")
                    filled.append(m == "marked")
                else:
                    values.append(m if m in ("high", "low") else "")
                    filled.append(m in ("high", "low"))
        for j in range(1, len(cells)):  # filled from the left: nothing after a gap
            if filled[j] and not filled[j - 1]:
                for c in (cells[j - 1], cells[j]):
                    doubt[c.field] = doubt[c.field] or "the row is not filled from the left here"
        for c, value in zip(cells, values):
            out.append(FieldReading(c.field, value, not doubt[c.field], guess[c.field][1], doubt[c.field]))
    return out
