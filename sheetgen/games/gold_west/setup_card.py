"""The Gold West setup card: the board as real hexes, Boomtown, investments and seating.

The map is drawn with flat-topped hexes ("odd-q" columns, odd columns half a
hex lower, y up), so it matches the coordinates in the setup output. Each hex
shows its terrain as the sheets' symbol (a Copper hexagon, a Silver diamond, a
Gold ingot, a Forest fir; the same icons as the score pads) with its code, its
token (the resources when it starts face up) and, at the bottom, its label as
in the text map (hexlabels.Labels; "E3 [B]" on the centre of tile B). The symbols
and the water's waves tell terrains apart without colour (low ink). Each
tile is outlined heavy, so the eight tiles can be laid out; a tile that is out
of play is drawn as it lies, face down: hatched, no terrain. A legend under
the map names the symbols.

Face-down tokens show as "?" unless the card is a referee's (`card.reveal`),
which prints them in brackets.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional, Sequence, Union

from sheetgen import setupcard
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west.hexes import Hex
from sheetgen.games.gold_west.picture import centre_label, cost
from sheetgen.games.gold_west import pictograms
from sheetgen.sheet import LEADING, PT, Box, Line, Para, Polygon, Rect, Text, fit_names
from sheetgen.ruledata import RuleData
from sheetgen.typeface import text_width

FILL = {"Cu": "copper", "Ag": "silver", "Au": "gold", "Fo": "forest"}
NAME_ROOM = 36.0  # mm for a name in the seating list
ROOT3 = math.sqrt(3)

Point = tuple[float, float]   # (x, y) in mm on the card
# A hex's token as the card prints it: (text, bold, on a paper patch).
TokenLook = tuple[str, bool, bool]


def _spaced(token: str) -> str:
    return " ".join(token[i:i + 2] for i in range(0, len(token), 2))


class HexMap:
    """Hex centres in mm on the card, for hexes of the setup's board."""

    def __init__(self, every: list[Hex], width: float, top: float, size: float):
        self.s = size
        raw = {h: self._raw(h) for h in every}
        xs = [p[0] for p in raw.values()]
        ys = [p[1] for p in raw.values()]
        self.width = max(xs) - min(xs) + 2 * size
        self.height = max(ys) - min(ys) + ROOT3 * size
        self.dx = (width - self.width) / 2 + size - min(xs)
        self.dy = top + ROOT3 * size / 2 - min(ys)
        self.at = {h: self.point(h) for h in every}

    def point(self, h: Hex) -> Point:
        """The centre of any hex, on the board or off it."""
        x, y = self._raw(h)
        return x + self.dx, y + self.dy

    def _raw(self, h: Hex) -> Point:
        x, y = h
        return x * 1.5 * self.s, -y * ROOT3 * self.s + (ROOT3 / 2 * self.s if x % 2 else 0)

    def corners(self, h: Hex, inset: float = 0.0) -> tuple[Point, ...]:
        cx, cy = self.at[h]
        r = self.s - inset
        return tuple((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                     for a in range(0, 360, 60))

    def edge(self, a: Hex, b: Hex) -> tuple[float, float, float, float]:
        """The shared side of neighbouring hexes a and b."""
        (ax, ay), (bx, by) = self.point(a), self.point(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay)
        px, py = -(by - ay) / length * self.s / 2, (bx - ax) / length * self.s / 2
        return mx - px, my - py, mx + px, my + py


def draw(card: setupcard.Card, setup: dict[str, Any], rules: RuleData) -> None:
    _board(card, setup, rules)
    _boomtown_and_seating(card, setup, rules)
    _investments(card, setup, rules)


ICON = {"Cu": "copper", "Ag": "silver", "Au": "gold", "Fo": "forest"}
HATCH = 1.9  # mm between the hatch lines of a face-down tile


def hatch(points: tuple[Point, ...], spacing: float = HATCH, inset: float = 0.5) -> list[Line]:
    """Diagonal lines filling the convex polygon `points`, kept `inset` mm off its sides."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    dx, dy = math.cos(math.radians(60)), math.sin(math.radians(60))  # the lines' direction
    nx, ny = -dy, dx
    reach = max(math.hypot(x - cx, y - cy) for x, y in points)
    out: list[Line] = []
    steps = int(reach / spacing)
    for k in range(-steps, steps + 1):
        ox, oy = cx + k * spacing * nx, cy + k * spacing * ny
        low, high = -reach, reach
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
            # keep the part of the line on the inner side of this edge, `inset` mm in
            ex, ey = bx - ax, by - ay
            length = math.hypot(ex, ey)
            inx, iny = -ey / length, ex / length
            if (cx - ax) * inx + (cy - ay) * iny < 0:
                inx, iny = -inx, -iny
            start = (ox - ax) * inx + (oy - ay) * iny - inset
            rate = dx * inx + dy * iny
            if abs(rate) < 1e-12:
                if start < 0:
                    low, high = 1.0, 0.0
                continue
            cut = -start / rate
            if rate > 0:
                low = max(low, cut)
            else:
                high = min(high, cut)
        if high - low > 0.3:
            out.append(Line(ox + low * dx, oy + low * dy, ox + high * dx, oy + high * dy, 0.35, "muted"))
    return out


def _board(card: setupcard.Card, setup: dict[str, Any], rules: RuleData) -> None:
    revealed = set(setup["revealed"])
    out = [t for t in setup["terrain"] if not t["in_play"]]
    # short enough for the heading bar with both parts (a referee's copy of a 2-player setup)
    note = "face-down tokens in (brackets), face-up in bold" if card.reveal else "? = a face-down token"
    if out:
        note = f"hatched tiles: face down, out of play; {note}"
    card.heading("The board", note)
    # a referee's copy sets every hex label on a patch of paper, readable on any terrain's colour
    board = hex_map(card, rules, setup["terrain"], size=8.4, token=lambda where: _token(card, setup, where),
                    patch=card.reveal)
    card.y += board.height + 0.4
    legend(card, rules, bool(out))
    names = {r["code"]: r["name"] for r in rules["resources"]}
    tokens = ", ".join(f"{code} {name}" for code, name in names.items())
    hidden = "(in brackets) = face down, shown on this copy only" if card.reveal else "? = face down"
    card.line(f"Tokens: {tokens}; {hidden}. The {len(revealed)} tokens touching the water start face up.",
              size=7.5)
    named = hexlabels.labels(rules)
    card.line(f"Hex labels: {named.span()}; [B] marks the centre of tile B.", size=7.5)
    card.gap(0.5)


def _token(card: setupcard.Card, setup: dict[str, Any], where: str) -> TokenLook:
    """A hex's token as the setup card prints it: (text, bold, on a paper patch). A referee's face-down
    token is in brackets on a patch of paper: readable on any terrain's colour."""
    token = setup["tokens"].get(where)
    shown = where in set(setup["revealed"])
    if token is None:
        label = "-"
    elif shown:
        label = _spaced(token)
    elif card.reveal:
        label = f"({_spaced(token)})"
    else:
        label = "?"
    return label, shown, card.reveal and not shown and token is not None

def hex_map(card: setupcard.Card, rules: RuleData, terrain: Optional[list[dict[str, Any]]], size: float,
            token: Optional[Callable[[str], TokenLook]] = None,
            label_size: float = 6.5, code_size: float = 6.5, patch: bool = False) -> HexMap:
    """The board at the card's `y`, hexes `size` mm from centre to corner, each labelled, each tile
    outlined heavy. `terrain` (a setup's): the terrains, and the face-down tiles hatched; None: the
    land left blank. `token(where)` -> (text, bold, on a paper patch) for a hex's token (None: no tokens).
    `patch`: every hex label on a patch of paper, readable on any terrain's colour."""
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    laid = terrain if terrain is not None else [{"slot": s, "tile": None, "in_play": True} for s in slots]
    owner = {h: t["slot"] for t in laid for h in hexes.slot_hexes(slots[t["slot"]])}
    water = hexes.water(rules)
    colours = hexes.colours(rules, terrain) if terrain is not None else {}
    playing = {t["slot"] for t in laid if t["in_play"]}
    board = HexMap(list(owner) + list(water), card.width, card.y, size=size)
    named = hexlabels.labels(rules)
    for h in water:
        x, y = board.at[h]
        card.add(Polygon(board.corners(h), fill="water", stroke="ink", width=0.4),
                 pictograms.icon("water", x, y - 3.0, 3.4),
                 Text(x, y + 1.4, "water", 6.5, role="muted", align="center"))
    face_down: set[Hex] = set()
    for h, slot in owner.items():
        cx, cy = board.at[h]
        if slot not in playing:  # the tile's back: no terrain to show
            face_down.add(h)
            card.add(Polygon(board.corners(h), fill="unused", stroke="ink", width=0.4), *hatch(board.corners(h)))
            continue
        if h not in colours:  # no setup: blank land
            card.add(Polygon(board.corners(h), fill="paper", stroke="ink", width=0.4))
            continue
        code = colours[h]
        card.add(Polygon(board.corners(h), fill=FILL[code], stroke="ink", width=0.4),
                 pictograms.icon(ICON[code], cx - 1.6, cy - 3.5, 3.6),
                 Text(cx + 0.7, cy - 2.4, code, code_size, bold=code_size > 6.5, align="left"))
        if token is not None:
            label, bold, on_paper = token(hexes.key(h))
            if on_paper:
                w = text_width(label, 6.5, bold) + 1.2
                card.add(Box(Rect(cx - w / 2, cy - 1.0, w, 3.2), fill="paper", stroke=None, radius=0.6))
            card.add(Text(cx, cy + 1.4, label, 6.5, bold=bold, align="center", max_width=board.s * 1.6))
    # Each hex's label on its bottom line, low enough to clear the token and high enough to fit the hex;
    # on a face-down tile, on a patch of paper over the hatching.
    tiles = {hexes.parse(slots[t["slot"]]["centre"]): t["tile"] for t in laid if t["tile"] is not None}
    for h, (cx, cy) in board.at.items():
        label = named.label(h)
        if h in tiles:
            label = centre_label(label, tiles[h])
        if patch:
            w = text_width(label, label_size, True) + 1.6
            card.add(Box(Rect(cx - w / 2, cy + 5.9 - label_size * 0.4, w, label_size * 0.43), fill="paper",
                         stroke=None, radius=0.6))
        elif h in face_down:
            card.add(Box(Rect(cx - board.s / 2, cy + 3.4, board.s, 2.9), fill="paper", stroke=None))
        card.add(Text(cx, cy + 5.6, label, label_size, bold=True, align="center", max_width=board.s * 1.5))
    # Each tile outlined heavy: where it meets another tile, the water or the board's edge.
    for h, slot in owner.items():
        for n in hexes.neighbours(h):
            if owner.get(n) != slot and (n not in owner or h < n):
                x1, y1, x2, y2 = board.edge(h, n)
                card.add(Line(x1, y1, x2, y2, width=1.8))
    return board


def legend(card: setupcard.Card, rules: RuleData, with_face_down: bool) -> None:
    """One row: each terrain's symbol and name, the water, a face-down tile."""
    y = card.y + 2.2
    size = 3.6
    entries = [(ICON[t["code"]], f"{t['name']} ({t['code']})") for t in rules["terrains"]["kinds"]]
    entries.append(("water", "water"))
    card.add(Text(0, y + 1.0, "KEY", 6.5, role="muted", bold=True))
    x = 9.0
    for kind, words in entries:
        card.add(pictograms.icon(kind, x + size / 2, y, size), Text(x + size + 1.0, y + 1.0, words, 7))
        x += size + 4.5 + len(words) * 1.45
    if with_face_down:
        r = 2.4
        corners = tuple((x + r + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                        for a in range(0, 360, 60))
        card.add(Polygon(corners, fill="unused", stroke="ink", width=0.4), *hatch(corners, 1.2, 0.3),
                 Text(x + 2 * r + 1.0, y + 1.0, "face down, out of play", 7))
    card.y += 4.6


def _boomtown_and_seating(card: setupcard.Card, setup: dict[str, Any], rules: RuleData) -> None:
    town = rules["boomtown"]
    names = {r["code"]: r["name"] for r in rules["resources"]}
    grid = setup["boomtown"]["grid"]
    top = card.y
    left_w = 84.0
    card.add(Box(Rect(0, top, left_w, 6.5), fill="header", stroke="header_edge", width=0.6),
             Text(2.5, top + 4.6, "BOOMTOWN", 9.5, role="header_text", bold=True),
             Text(left_w - 2.5, top + 4.6, "a space costs its column + row metal", 7, role="header_text",
                  align="right", max_width=48))
    cell_w, cell_h = 22.0, 12.0
    gx, gy = 4.0, top + 13.5
    for j, metal in enumerate(town["columns"]):
        card.add(Text(gx + (j + 0.5) * cell_w, gy - 2, names[metal], 7.5, bold=True, align="center"))
    for i, metal in enumerate(town["rows"]):
        card.add(Text(gx + 3 * cell_w + 2, gy + (i + 0.5) * cell_h + 1, names[metal], 7.5, bold=True))
    done: set[tuple[int, int]] = set()
    for i, row in enumerate(grid):
        for j, name in enumerate(row):
            if (i, j) in done:
                continue
            if name == town["free_cell"]["name"]:
                rect = Rect(gx + j * cell_w + 1, gy + i * cell_h + 1, cell_w - 2, cell_h - 2)
                card.add(Box(rect, fill="light", width=0.6, radius=1.5),
                         pictograms.icon("star", rect.x + 5, rect.cy, 5),
                         Text(rect.cx + 3, rect.cy + 1.3, name, 9, bold=True, align="center"))
                done.add((i, j))
                continue
            other = (i, j + 1) if j + 1 < len(row) and row[j + 1] == name else (i + 1, j)
            done |= {(i, j), other}
            w = cell_w * (other[1] - j + 1)
            h = cell_h * (other[0] - i + 1)
            rect = Rect(gx + j * cell_w + 1, gy + i * cell_h + 1, w - 2, h - 2)
            card.add(Box(rect, fill="shade", width=0.8, radius=1.5),
                     Para(Rect(rect.x + 1, rect.y + 1, rect.w - 2, rect.h - 2), name, 8.5, bold=True))
    bottom = gy + 3 * cell_h

    # Seating beside Boomtown.
    x0 = left_w + 6
    width = card.width - x0
    card.add(Box(Rect(x0, top, width, 6.5), fill="header", stroke="header_edge", width=0.6),
             Text(x0 + 2.5, top + 4.6, "SEATING AND SUPPLY", 9.5, role="header_text", bold=True),
             Text(card.width - 2.5, top + 4.6, "turn order", 7, role="header_text", align="right"))
    y = top + 12
    card.add(Text(x0 + 2, y, "order", 7, role="muted", bold=True),
             Text(x0 + 14, y, "player", 7, role="muted", bold=True),
             Text(x0 + 52, y, "supply track, section: resources", 7, role="muted", bold=True))
    size, lines = fit_names([seat["name"] for seat in setup["seating"]], NAME_ROOM, 8.5, "the setup card's seating",
                            bold=False, height=5.6)
    for seat_index, seat in enumerate(setup["seating"]):
        y += 6
        card.add(Text(x0 + 2, y, str(seat["order"]), 8.5, bold=True),
                 *_name_lines(x0 + 14, y, seat["name"], size, lines[seat_index]),
                 Text(x0 + 52, y, _supply(seat["supply"]), 8, max_width=width - 53))
    y += 6
    camps = setup["camps_per_player"]
    card.add(Text(x0 + 2, y, f"Each player: {camps} camps, {rules['pieces']['influence_tokens']} influence "
                             f"tokens, {rules['pieces']['stagecoaches']} stagecoaches.", 8, max_width=width - 3))
    card.y = max(bottom, y) + 2.5


def _name_lines(x: float, y: float, name: str, size: float, lines: Sequence[str]) -> list[Text]:
    """A seat's name on its row (baseline `y` for one line at 8.5 pt), on one line or two around its middle."""
    middle = y - 0.36 * 8.5 * PT
    step = size * PT * LEADING
    first = middle + 0.36 * size * PT - step * (len(lines) - 1) / 2
    return [Text(x, first + i * step, line, size, max_width=NAME_ROOM) for i, line in enumerate(lines)]


def _supply(supply: Union[dict[int, Sequence[str]], Sequence[Sequence[str]]]) -> str:
    """"0: Wd | 1: St Cu" from {section: [codes]} (or a list indexed by section)."""
    items = supply.items() if isinstance(supply, dict) else enumerate(supply)
    parts = [f"{section}: {' '.join(codes) if not isinstance(codes, str) else _spaced(codes)}"
             for section, codes in items if codes]
    return " | ".join(parts)


def _investments(card: setupcard.Card, setup: dict[str, Any], rules: RuleData) -> None:
    cards = {c["number"]: c for c in rules["investments"]["cards"]}
    bonus = " ".join(str(v) for v in setup["investment_bonus"])
    card.heading("Investments", f"bonus tiles {bonus}: the buyer also takes the highest left")
    rows = []
    for number in setup["investments"]:
        c = cards[number]
        rows.append([f"#{number}", cost(rules, c["cost"]), f"{c['points']} VP", c.get("ability", "-")])
    card.table(["card", "cost", "points", "ability"], rows, (14, 44, 16), row_height=5.4)
    names = {r["code"]: r["name"] for r in rules["resources"]}
    stacks = "; ".join(f"{names[m]} {'/'.join(str(v) for v in tiles)}"
                       for m, tiles in setup["shipping_bonus"].items())
    card.line(f"Shipping bonus stacks (top first, one stack in each of a track's two sections): {stacks}.",
              size=8)
