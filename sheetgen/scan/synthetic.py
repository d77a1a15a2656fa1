"""Seeded synthetic phone photos of marked Rolled West boards (tests, bench/bench_scan.py, the model).

`game(seed, players)` deals a random legal game's boards: what a pen draws in
each read box (a triangle for a camp, a circle after it for a settlement,
check/X/slash or the printed 2 circled, high circled / high crossed and low
circled / high crossed alone, contracts and offices circled or crossed) and
the values the fillable form holds for it. `photo(board, seed, preset)` draws
those marks by hand (jittered strokes, four pen colours, ghosts of erased
marks) on the real board PDF rasterised, then takes a phone photo of it:
perspective, a turn by a multiple of 90 degrees plus skew, curl, shadow,
glare hotspots from the sleeve, blur, noise, JPEG 50-92, 2,000-4,000 px.
"hard" has everything; "mild" has no glare, shadow or curl. Same seed, same
photo (NumPy's PCG64 and OpenCV's drawing are deterministic).

Needs the scan extra (OpenCV, NumPy, pypdfium2).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional, Sequence

import cv2
import numpy as np

from sheetgen import api
from sheetgen.api import Ink, Paper, SheetOptions
from sheetgen.errors import InvalidInput
from sheetgen.results.pdf import FilledPage, FilledPdf
from sheetgen.ruledata import RuleData
from sheetgen.scan import geometry, read

PAGE_PPM = 8.0  # px per mm of the page the marks are drawn on
PENS = {"black": (35, 35, 40), "blue": (170, 70, 25), "red": (45, 40, 185), "green": (60, 125, 35)}  # BGR
PRESETS = ("hard", "mild")


@dataclass
class Board:
    """One player's board in a synthetic game: what each read box holds."""

    page: int
    paper: str
    ink: str
    marks: dict[str, str]  # field -> class name (geometry.CLASSES) of what is drawn there
    values: dict[str, Any]  # field -> the fillable form's value ("camp", "high", True, ...)
    styles: dict[str, str] = field(default_factory=dict)  # check boxes: check, x, slash or ring


@dataclass
class Photo:
    jpeg: bytes
    board: Board
    preset: str
    markers_in_view: int  # corner markers wholly inside the frame


def _rules() -> RuleData:
    return api.game("rolled-west").rules


def game(seed: int, players: Optional[int] = None, paper: Optional[str] = None,
         ink: Optional[str] = None) -> list[Board]:
    """A random legal game's boards, one per player (pages 1..players): drawn until sheetgen's own
    checks find nothing wrong with it."""
    rng = np.random.default_rng([seed, 1])
    players = players or int(rng.integers(2, 5))
    paper = paper or str(rng.choice(["letter", "a4"]))
    ink = ink or str(rng.choice(["color", "low"]))
    for _ in range(100):
        boards = _deal(rng, players, paper, ink)
        if legal(boards):
            return boards
    raise AssertionError(f"no legal game drawn from seed {seed}")  # pragma: no cover


def legal(boards: list[Board]) -> bool:
    """Whether sheetgen's checks pass the game these boards hold (as filled forms)."""
    forms = [FilledPdf(f"board {b.page}", [FilledPage(1, "rolled-west", "board",
                                                      {"name": f"P{b.page}", "total": "", **b.values})]) for b in boards]
    try:
        result = api.game("rolled-west").check(forms)
    except InvalidInput:  # a board with nothing on it: the pipeline refuses it, so draw again
        return False
    return result.ok


def _deal(rng: np.random.Generator, players: int, paper: str, ink: str) -> list[Board]:
    """The boards of a random game: claims, then shipping, then contracts and offices (in this
    order: a seed gives the same game)."""
    rules = _rules()
    boards = [Board(p + 1, paper, ink, {}, {}) for p in range(players)]
    _deal_claims(rng, rules, boards)
    _deal_shipping(rng, rules, boards)
    _deal_taken(rng, rules, boards)
    return boards


def _deal_claims(rng: np.random.Generator, rules: RuleData, boards: list[Board]) -> None:
    """Each player's claim rows, filled from the left: one claim a turn at most."""
    rounds = rules["rounds"]
    rows = rules["claims"]["rows"]
    for b in boards:
        used = {row["key"]: 0 for row in rows}
        for _ in range(int(rng.integers(0, rounds + 1))):  # one claim a turn at most
            row = rows[int(rng.integers(0, len(rows)))]
            key, at = row["key"], used[row["key"]]
            room = len(row["spaces"]) - at
            if room >= 2 and rng.random() < 0.4:
                b.marks[f"claims.{key}.{at + 1}"], b.values[f"claims.{key}.{at + 1}"] = "triangle", "settlement"
                b.marks[f"claims.{key}.{at + 2}"], b.values[f"claims.{key}.{at + 2}"] = "circle", "settlement"
                used[key] += 2
            elif room >= 1:
                b.marks[f"claims.{key}.{at + 1}"], b.values[f"claims.{key}.{at + 1}"] = "triangle", "camp"
                used[key] += 1
        for row in rows:
            for j in range(used[row["key"]], len(row["spaces"])):
                name = f"claims.{row['key']}.{j + 1}"
                b.marks[name], b.values[name] = "empty", ""


def _deal_shipping(rng: np.random.Generator, rules: RuleData, boards: list[Board]) -> None:
    """How far each player shipped each metal; a two-number box is high for the first there, low
    for the others, and crossed out on most boards of players not there yet."""
    for row in rules["shipping"]["rows"]:
        counts = [int(min(len(row["boxes"]), rng.geometric(0.35) - 1)) for _ in boards]
        for box, spec in enumerate(row["boxes"], 1):
            name = f"shipping.{row['metal']}.{box}"
            if isinstance(spec, list):
                reached = [i for i, c in enumerate(counts) if c >= box]
                order = list(rng.permutation(reached))
                for i, b in enumerate(boards):
                    if i in reached:
                        first = order[0] == i
                        b.marks[name], b.values[name] = ("high", "high") if first else ("low", "low")
                    elif reached and rng.random() < 0.9:  # someone took the high number: crossed out here
                        b.marks[name], b.values[name] = "crossed", ""
                    else:
                        b.marks[name], b.values[name] = "empty", ""
            else:
                for i, b in enumerate(boards):
                    marked = counts[i] >= box
                    b.marks[name], b.values[name] = ("marked", True) if marked else ("empty", False)
                    if marked:
                        styles = ["check", "x", "slash"] + (["ring", "ring"] if spec == 2 else [])
                        b.styles[name] = str(rng.choice(styles))


def _deal_taken(rng: np.random.Generator, rules: RuleData, boards: list[Board]) -> None:
    """Contracts and Boomtown offices: circled by the player who took one, crossed out on most
    other boards."""
    players = len(boards)
    cells = [f"contracts.{c['number']}" for c in rules["contracts"]]
    letters = {f["resource"]: f["letter"].upper() for f in rules["dice"]["faces"]}
    cells += [f"offices.{letters[o['row']]}{letters[o['column']]}" for o in rules["boomtown"]["offices"]]
    for name in cells:
        owner = int(rng.integers(0, players)) if rng.random() < 0.4 else -1
        for i, b in enumerate(boards):
            if i == owner:
                b.marks[name], b.values[name] = "circled", True
            elif owner >= 0 and rng.random() < 0.8:  # someone else took it: crossed out here
                b.marks[name], b.values[name] = "crossed", False
            else:
                b.marks[name], b.values[name] = "empty", False


def scramble(seed: int) -> Board:
    """A board whose every box holds a mark drawn at random from what that kind of box can hold
    (not a legal game: the model learns each kind of mark equally often)."""
    rng = np.random.default_rng([seed, 3])
    board = Board(int(rng.integers(1, 5)), str(rng.choice(["letter", "a4"])), str(rng.choice(["color", "low"])),
                  {}, {})
    for cell in geometry.page(board.paper).cells:
        options = geometry.CLASSES[cell.kind]
        weights = np.array([2.0] + [1.0] * (len(options) - 1))  # empty boxes are the most common on a board
        board.marks[cell.field] = str(rng.choice(options, p=weights / weights.sum()))
        if cell.kind == "check":
            board.styles[cell.field] = str(rng.choice(["check", "x", "slash", "ring"]))
    return board


@lru_cache(maxsize=4)
def _pages(paper: Paper, ink: Ink) -> tuple[np.ndarray, ...]:
    """The four board pages of a game on `paper` in `ink`, rasterised at PAGE_PPM (BGR, uint8)."""
    pdf = api.game("rolled-west").sheet(None, SheetOptions(players=4, paper=paper, ink=ink)).pdf
    return tuple(read.rasterise(pdf, PAGE_PPM))


# -- drawing a pen's marks -----------------------------------------------------------

def _wobble(rng: np.random.Generator, points: np.ndarray, amount: float) -> np.ndarray:
    """A hand's line: the points moved by a smooth random offset (amount: mm)."""
    n = len(points)
    t = np.linspace(0, 1, n)
    out: np.ndarray = points.copy()
    for axis in range(2):
        phase, freq = rng.uniform(0, 2 * math.pi, 2), rng.uniform(0.5, 2.0, 2)
        out[:, axis] += amount * (0.6 * np.sin(2 * math.pi * freq[0] * t + phase[0])
                                  + 0.4 * np.sin(2 * math.pi * freq[1] * t * 2.3 + phase[1]))
    return out


def _line(rng: np.random.Generator, a: Sequence[float], b: Sequence[float], n: int = 12) -> np.ndarray:
    start, end = np.asarray(a, float), np.asarray(b, float)
    t = np.linspace(0, 1, n)[:, None]
    points: np.ndarray = start + (end - start) * t
    return points


def _ellipse(rng: np.random.Generator, cx: float, cy: float, rx: float, ry: float) -> np.ndarray:
    start = rng.uniform(0, 2 * math.pi)
    sweep = rng.uniform(1.85, 2.12) * math.pi
    tilt = rng.uniform(-0.3, 0.3)
    t = start + np.linspace(0, sweep, 40)
    growth = 1 + rng.uniform(-0.08, 0.08) * np.linspace(0, 1, 40)  # the end misses the start
    x, y = rx * np.cos(t) * growth, ry * np.sin(t) * growth
    return np.stack([cx + x * math.cos(tilt) - y * math.sin(tilt), cy + x * math.sin(tilt) + y * math.cos(tilt)], 1)


def _triangle(rng: np.random.Generator, cx: float, cy: float, size: float) -> list[np.ndarray]:
    angle = rng.uniform(-0.25, 0.25)
    pts = []
    for k in range(3):
        a = angle - math.pi / 2 + k * 2 * math.pi / 3
        pts.append((cx + size * 0.58 * math.cos(a) + rng.normal(0, size * 0.05),
                    cy + size * 0.58 * math.sin(a) * 0.95 + rng.normal(0, size * 0.05)))
    pts.append((pts[0][0] + rng.normal(0, size * 0.04), pts[0][1] + rng.normal(0, size * 0.04)))
    path = np.concatenate([_line(rng, pts[i], pts[i + 1], 10) for i in range(3)])
    return [path]


def _cross(rng: np.random.Generator, cx: float, cy: float, rx: float, ry: float) -> list[np.ndarray]:
    return [_line(rng, (cx - rx, cy - ry), (cx + rx, cy + ry)), _line(rng, (cx + rx, cy - ry), (cx - rx, cy + ry))]


def strokes(rng: np.random.Generator, cell: geometry.Cell, mark: str, style: str = "") -> list[np.ndarray]:
    """The pen strokes (arrays of mm points on the paper) that draw `mark` in `cell`."""
    r = cell.rect

    def j(spread: float) -> float:  # a small jitter
        return float(rng.normal(0, spread))

    if mark == "empty":
        return []
    if cell.kind == "claim":
        size = min(r.w, r.h) * rng.uniform(0.5, 0.72)
        cx, cy = r.cx + j(0.8), r.cy + 0.6 + j(0.8)
        if mark == "triangle":
            return _triangle(rng, cx, cy, size)
        return [_ellipse(rng, cx, cy, size * 0.45, size * 0.43)]
    if cell.kind == "check":
        cx, cy = r.cx + j(0.6), r.cy + j(0.6)
        if style == "ring":
            return [_ellipse(rng, cx, cy, rng.uniform(3.6, 5.0), rng.uniform(3.6, 4.8))]
        s = rng.uniform(3.0, 4.8)
        if style == "x":
            return _cross(rng, cx, cy, s, s * 0.9)
        if style == "slash":
            return [_line(rng, (cx - s * 0.7, cy + s), (cx + s * 0.7, cy - s))]
        return [np.concatenate([_line(rng, (cx - s, cy), (cx - s * 0.3, cy + s * 0.8), 6),
                                _line(rng, (cx - s * 0.3, cy + s * 0.8), (cx + s * 1.1, cy - s), 10)])]
    if cell.kind == "double":
        hx, hy = r.x + r.w * 0.3 + j(0.4), r.cy + j(0.4)
        lx, ly = r.x + r.w * 0.72 + j(0.4), r.cy + 1.2 + j(0.4)
        if mark == "high":
            return [_ellipse(rng, hx, hy, rng.uniform(3.4, 4.4), rng.uniform(3.6, 4.6))]
        out = _cross(rng, hx, hy, rng.uniform(2.4, 3.4), rng.uniform(2.6, 3.6))
        if mark == "low":
            out.append(_ellipse(rng, lx, ly, rng.uniform(2.8, 3.6), rng.uniform(2.8, 3.6)))
        return out
    cx, cy = r.cx + j(0.8), r.cy + j(0.8)
    if mark == "circled":
        return [_ellipse(rng, cx, cy, r.w * rng.uniform(0.36, 0.46), r.h * rng.uniform(0.34, 0.44))]
    inset = rng.uniform(1.5, 3.5)
    return _cross(rng, cx, cy, r.w / 2 - inset, r.h / 2 - inset)


def draw_marks(rng: np.random.Generator, page: np.ndarray, board: Board, ppm: float) -> np.ndarray:
    """`page` (BGR uint8) with the board's marks drawn by hand in one pen, and ghosts of erased ones."""
    geo = geometry.page(board.paper)
    colour = np.array(PENS[str(rng.choice(list(PENS)))], np.float32)
    width = rng.uniform(0.6, 1.1) * ppm
    alpha = np.zeros(page.shape[:2], np.float32)
    ghost: Any = np.zeros(page.shape[:2], np.float32)
    shift = 4  # sub-pixel drawing
    for cell in geo.cells:
        mark = board.marks.get(cell.field, "empty")
        for path in strokes(rng, cell, mark, board.styles.get(cell.field, "")):
            path = _wobble(rng, path, rng.uniform(0.15, 0.45))
            pts = np.round(path * ppm * (1 << shift)).astype(np.int32)
            cv2.polylines(alpha, [pts], False, rng.uniform(0.8, 1.0), max(1, int(round(width))), cv2.LINE_AA, shift)
        if mark == "empty" and rng.random() < 0.08:  # a mark wiped off, not quite clean
            kind = {"claim": "triangle", "check": "marked", "double": "high", "take": "circled"}[cell.kind]
            for path in strokes(rng, cell, kind, "x"):
                pts = np.round(_wobble(rng, path, 0.3) * ppm * (1 << shift)).astype(np.int32)
                cv2.polylines(ghost, [pts], False, rng.uniform(0.06, 0.16), max(1, int(round(width * 1.5))),
                              cv2.LINE_AA, shift)
    ghost = cv2.GaussianBlur(ghost, (0, 0), ppm * 0.5)
    a = np.clip(np.maximum(alpha, ghost), 0, 1)[:, :, None]
    out: np.ndarray = page.astype(np.float32) * (1 - a) + colour * a
    return out


# -- the phone photo ----------------------------------------------------------------

def photo(board: Board, seed: int, preset: str = "hard", long_side: Optional[int] = None) -> Photo:
    """A phone photo (JPEG bytes) of `board` marked by hand: the same seed, the same photo."""
    if preset not in PRESETS:
        raise ValueError(preset)
    rng = np.random.default_rng([seed, 2, PRESETS.index(preset)])
    hard = preset == "hard"
    page = _pages(board.paper, board.ink)[board.page - 1]
    ppm = PAGE_PPM
    img = draw_marks(rng, page, board, ppm)
    h, w = img.shape[:2]
    # a sleeve's haze and the light across the page
    haze = rng.uniform(0.0, 0.08 if hard else 0.03)
    img = img * (1 - haze) + 255 * haze
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx / w - 0.5) * math.cos(angle) + (yy / h - 0.5) * math.sin(angle)
    light = 1 - rng.uniform(0, 0.45 if hard else 0.15) * (ramp + 0.5)
    if hard and rng.random() < 0.7:  # a shadow (a hand, the phone) with a soft edge
        a2 = rng.uniform(0, 2 * math.pi)
        edge = (xx - rng.uniform(0.2, 0.8) * w) * math.cos(a2) + (yy - rng.uniform(0.2, 0.8) * h) * math.sin(a2)
        soft = rng.uniform(5, 25) * ppm
        light *= 1 - rng.uniform(0.2, 0.5) * (1 / (1 + np.exp(-edge / soft)))
    img = (img * light[:, :, None]).astype(np.float32)
    if hard:  # curl: a corner lifts, moving its part of the page up to 3 mm
        cx, cy = rng.choice([0, w]), rng.choice([0, h])
        reach = rng.uniform(50, 120) * ppm
        d = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
        lift = rng.uniform(0.8, 3.0) * ppm * np.clip(1 - d / reach, 0, 1) ** 2
        direction = rng.uniform(0, 2 * math.pi)
        img = cv2.remap(img.astype(np.float32), (xx + lift * math.cos(direction)).astype(np.float32),
                        (yy + lift * math.sin(direction)).astype(np.float32), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
    # the frame: 2,000-4,000 px on its long side, 4:3, the page 70-95% of it, turned and tilted
    long = int(rng.integers(2000, 4001))
    long = long_side or long  # tests: a fixed, smaller size
    fw, fh = long, long * 3 // 4
    turn = int(rng.integers(0, 4))
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    portrait = turn % 2 == 0
    frame_w, frame_h = (fh, fw) if portrait else (fw, fh)
    fill = rng.uniform(0.72, 0.95 if hard else 0.9)
    scale = min(frame_w / (w if portrait else h), frame_h / (h if portrait else w)) * fill
    skew = math.radians(rng.uniform(-8, 8) if hard else rng.uniform(-4, 4)) + turn * math.pi / 2
    centre = np.array([w / 2, h / 2], np.float32)
    rot = np.array([[math.cos(skew), -math.sin(skew)], [math.sin(skew), math.cos(skew)]], np.float32)
    dest = (corners - centre) @ rot.T * scale + np.array([frame_w / 2, frame_h / 2], np.float32)
    dest += rng.normal(0, (0.035 if hard else 0.02) * scale * w, dest.shape).astype(np.float32)  # perspective
    dest += rng.normal(0, 0.03 * frame_w, 2).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(corners, dest.astype(np.float32))
    background = np.empty((frame_h, frame_w, 3), np.float32)
    background[:] = rng.uniform(40, 150, 3)
    small = rng.normal(0, 18, (frame_h // 16 + 1, frame_w // 16 + 1, 3)).astype(np.float32)
    background += cv2.resize(small, (frame_w, frame_h), interpolation=cv2.INTER_LINEAR)
    shot: Any = cv2.warpPerspective(img, matrix, (frame_w, frame_h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_TRANSPARENT, dst=background)
    exposure = rng.uniform(0.78, 0.97)
    shot = shot * exposure
    photo_ppm = scale  # photo px per page px, roughly
    if hard:  # glare hotspots from the sleeve: 8-25 mm across, washed to white
        for _ in range(int(rng.integers(0, 3))):
            gx, gy = rng.uniform(0, w), rng.uniform(0, h)
            px = cv2.perspectiveTransform(np.array([[[gx, gy]]], np.float32), matrix)[0, 0]
            sigma = rng.uniform(8, 25) / 2.5 * ppm * photo_ppm
            r = int(3 * sigma) + 1
            x0, x1 = max(0, int(px[0]) - r), min(frame_w, int(px[0]) + r)
            y0, y1 = max(0, int(px[1]) - r), min(frame_h, int(px[1]) + r)
            strength = rng.uniform(150, 320)
            if x1 > x0 and y1 > y0:
                d2 = ((np.arange(x0, x1)[None, :] - px[0]) ** 2 + (np.arange(y0, y1)[:, None] - px[1]) ** 2)
                shot[y0:y1, x0:x1] += (strength * np.exp(-d2 / (2 * sigma ** 2)))[:, :, None].astype(np.float32)
    blur = rng.uniform(0.2, 1.6 if hard else 0.8) * max(1.0, long / 3000)
    shot = cv2.GaussianBlur(shot, (0, 0), blur)
    grain = rng.normal(0, rng.uniform(1.5, 6.0 if hard else 3.0), (frame_h // 2, frame_w // 2, 3)).astype(np.float32)
    shot += cv2.resize(grain, (frame_w, frame_h), interpolation=cv2.INTER_NEAREST)
    shot = np.clip(shot, 0, 255).astype(np.uint8)
    quality = int(rng.integers(50, 93))
    ok, encoded = cv2.imencode(".jpg", shot, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    geo = geometry.page(board.paper)
    in_view = 0
    for _, rect in geo.markers:
        pts = np.array([[[(rect.x + dx) * ppm, (rect.y + dy) * ppm] for dx in (0, rect.w) for dy in (0, rect.h)]],
                       np.float32)
        out = cv2.perspectiveTransform(pts, matrix)[0]
        in_view += bool(np.all((out >= 0) & (out < [frame_w, frame_h])))
    return Photo(encoded.tobytes(), board, preset, in_view)


def photos(seed: int, count: int, preset: str = "hard") -> list[Photo]:
    """`count` photos, each of one board of its own random game (seeded from `seed`)."""
    out = []
    for i in range(count):
        boards = game(seed * 100_003 + i)
        pick = boards[(seed + i) % len(boards)]
        out.append(photo(pick, seed * 100_003 + i, preset))
    return out


@dataclass
class Figures:
    """How the reader did on a set of synthetic photos."""

    photos: int = 0
    refused: int = 0
    refused_too_few_in_view: int = 0  # refused, and fewer markers than the reader needs were in the frame
    boxes: int = 0
    right: int = 0
    wrong_sure: int = 0
    not_sure: int = 0
    seconds: list[float] = field(default_factory=list)
    refusals: list[tuple[int, int, str]] = field(default_factory=list)  # (seed, in view, message)
    errors: list[tuple[int, str, Any, Any]] = field(default_factory=list)  # (seed, field, read, truth) wrong while sure

    def add(self, other: "Figures") -> None:
        for name in ("photos", "refused", "refused_too_few_in_view", "boxes", "right", "wrong_sure", "not_sure"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seconds += other.seconds
        self.refusals += other.refusals
        self.errors += other.errors


def measure(seed: int, preset: str, long_side: Optional[int] = None, crops: Optional[Path] = None) -> Figures:
    """Read one synthetic photo (game and photo from `seed`) and compare with what was drawn; with
    `crops`, each box read wrong (sure or not) is written there as a PNG to look at."""
    boards = game(seed)
    board = boards[seed % len(boards)]
    shot = photo(board, seed, preset, long_side)
    start = time.process_time()
    reading = read.read_photo(shot.jpeg, name=f"seed {seed}", crops=crops is not None)
    figures = Figures(photos=1, seconds=[time.process_time() - start])
    if reading.problems:
        figures.refused = 1
        figures.refused_too_few_in_view = int(shot.markers_in_view < read.MIN_MARKERS)
        figures.refusals.append((seed, shot.markers_in_view, reading.problems[0]))
        return figures
    if reading.page != board.page:
        figures.errors.append((seed, "page", reading.page, board.page))
    for f in reading.fields:
        truth = board.values[f.field]
        figures.boxes += 1
        figures.right += f.value == truth
        figures.not_sure += not f.sure
        if f.sure and f.value != truth:
            figures.wrong_sure += 1
            figures.errors.append((seed, f.field, f.value, truth))
        if crops is not None and f.value != truth:
            crops.mkdir(parents=True, exist_ok=True)
            sure = "sure" if f.sure else "unsure"
            name = f"{preset}-{seed}-{f.field}-read-{f.value or 'empty'}-drawn-{truth or 'empty'}-{sure}.png"
            cv2.imwrite(str(crops / name), cv2.resize(reading.crops[f.field], None, fx=4, fy=4,
                                                      interpolation=cv2.INTER_NEAREST))
    return figures
