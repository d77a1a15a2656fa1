r"""A Gold West setup drawn in plain text: the board as a hex map, Boomtown as a grid, and tables.

Used by sheetgen/setuptext.py for the text and Markdown formats. Everything
here takes the setup dict and the rule data it was made with; nothing draws
randomness. ASCII only, so any terminal shows it; the map is 88 columns wide.

The map uses flat-topped hexes in "odd-q" columns (odd columns half a hex
lower, y up), laid out as the coordinates in the setup's `tokens` and
`revealed`; neighbours share their edges:

      ____
     / Au \      line 1: the hex's terrain
    / AuAg \     line 2: the token's resources when it starts face up
    \E3 [C]/     line 3: the hex's label; on a tile's centre hex, the tile's letter too
     \____/

Water hexes are filled with ~, the hexes of a face-down tile with :::: (out);
they are labelled too, so every cell can be named. The label goes inside the
hex rather than along axes: with odd columns half a hex lower, a row number at
the margin would be ambiguous for half the columns, and a two-character label
fits the hex's six-character bottom line without widening the 88-column map.
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterable

from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.games.gold_west.hexes import Hex
from sheetgen.ruledata import RuleData
from sheetgen.setuptext import table

WIDTH = 98                   # the longest line of prose around the map
INNER = 4                    # width of a hex's top edge; its middle lines hold INNER + 2 characters
STEP = INNER + 2             # columns from one hex column to the next
WATER = "~"


def names(rules: RuleData) -> dict[str, str]:
    """Resource and terrain codes -> names."""
    out = {r["code"]: r["name"] for r in rules["resources"]}
    out.update({t["code"]: t["name"] for t in rules["terrains"]["kinds"]})
    return out


def spaced(codes: Iterable[str]) -> str:
    return " ".join(codes)


# ---- the board -------------------------------------------------------------------------------------

class _Canvas:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}

    def put(self, row: int, column: int, text: str) -> None:
        for i, ch in enumerate(text):
            self.cells[(row, column + i)] = ch

    def lines(self) -> list[str]:
        rows = [r for r, _ in self.cells]
        width = max(c for _, c in self.cells) + 1
        out = []
        for r in range(min(rows), max(rows) + 1):
            out.append("".join(self.cells.get((r, c), " ") for c in range(width)).rstrip())
        return out


def board_map(setup: dict[str, Any], rules: RuleData) -> list[str]:
    """The board, one hex per 5 x 8 characters (neighbours share edges)."""
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    placed = {t["slot"]: t for t in setup["terrain"]}
    owner = {h: n for n, s in slots.items() for h in hexes.slot_hexes(s)}
    centres = {hexes.parse(s["centre"]): n for n, s in slots.items()}
    water = hexes.water(rules)
    colours = hexes.colours(rules, setup["terrain"])
    revealed = set(setup["revealed"])
    named = hexlabels.labels(rules)
    every = list(owner) + sorted(water)
    left = min(x for x, _ in every)
    top = max(y for _, y in every)

    def corner(h: Hex) -> tuple[int, int]:
        x, y = h
        return (top - y) * 4 + (2 if x % 2 else 0), (x - left) * STEP

    canvas = _Canvas()
    for h in every:
        r, c = corner(h)
        canvas.put(r, c + 2, "_" * INNER)
        canvas.put(r + 1, c + 1, "/" + " " * INNER + "\\")
        canvas.put(r + 2, c, "/" + " " * (INNER + 2) + "\\")
        canvas.put(r + 3, c, "\\" + " " * (INNER + 2) + "/")
        canvas.put(r + 4, c + 1, "\\" + "_" * INNER + "/")
    wide = INNER + 2
    for h in every:
        r, c = corner(h)
        label = named.label(h)
        if h in water:
            canvas.put(r + 1, c + 2, WATER * INNER)
            canvas.put(r + 2, c + 1, WATER * wide)
            canvas.put(r + 3, c + 1, f" {label} ".center(wide, WATER))
            continue
        tile = placed[owner[h]]
        where = hexes.key(h)
        if h in centres:
            label = centre_label(label, tile["tile"], wide)
        if tile["in_play"]:
            token = setup["tokens"].get(where, "")
            canvas.put(r + 1, c + 2, colours[h].center(INNER))
            canvas.put(r + 2, c + 1, (token if where in revealed else "").center(wide))
        else:
            canvas.put(r + 1, c + 2, "::::")
            canvas.put(r + 2, c + 1, "(out)".center(wide))
        canvas.put(r + 3, c + 1, label.center(wide))
    return canvas.lines()


def centre_label(label: str, tile: str, wide: int = INNER + 2) -> str:
    """A tile's centre hex, named: "E3 [B]", without the space when a long label needs the room."""
    spaced = f"{label} [{tile}]"
    return spaced if len(spaced) <= wide else f"{label}[{tile}]"


def label_key(rules: RuleData) -> str:
    """How to read the labels on the map, from the board's own frame."""
    named = hexlabels.labels(rules)
    lower = [named.column(x) for x in sorted({x for x, _ in named.cells}) if x % 2][:3]   # odd x: drawn lower
    return (f"Labels: {named.span()}; columns {', '.join(lower)}... sit half a hex lower. "
            f"[B]: the centre hex of tile B.")


def terrain_rows(setup: dict[str, Any], rules: RuleData) -> list[list[str]]:
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    rows = []
    for t in setup["terrain"]:
        slot = slots[t["slot"]]
        rows.append([str(t["slot"]), slot["where"], slot["centre"], t["tile"],
                     str(t["rotation"]) if t["in_play"] else "-",
                     "yes" if t["in_play"] else "no: face down"])
    return rows


# ---- Boomtown --------------------------------------------------------------------------------------

def boomtown_grid(setup: dict[str, Any], rules: RuleData) -> list[str]:
    """The 3 x 3 grid with its metals, each office drawn across its two cells."""
    town = rules["boomtown"]
    called = names(rules)
    grid = setup["boomtown"]["grid"]
    rows, columns = len(grid), len(grid[0])
    width = max(len(n) for row in grid for n in row) + 4
    margin = "  "

    def same(a: str, b: str) -> bool:
        return a == b and a != town["free_cell"]["name"]

    out = [margin + " " + " ".join(called[m].center(width) for m in town["columns"]).rstrip()]
    for r in range(rows + 1):
        # the border above row r (r == rows: the bottom edge)
        line = "+"
        for c in range(columns):
            inside = 0 < r < rows and same(grid[r - 1][c], grid[r][c])
            if inside:
                name = grid[r][c]
                line += name.center(width)
            else:
                line += "-" * width
            line += "+"
        out.append(margin + line)
        if r == rows:
            break
        line = "|"
        c = 0
        while c < columns:
            name = grid[r][c]
            span = 2 if c + 1 < columns and same(name, grid[r][c + 1]) else 1
            vertical = (r > 0 and same(grid[r - 1][c], name)) or (r + 1 < rows and same(grid[r + 1][c], name))
            text = "" if vertical else name
            line += text.center(width * span + span - 1) + "|"
            c += span
        out.append(margin + line + " " + called[town["rows"][r]])
    return out


def office_rows(setup: dict[str, Any], rules: RuleData) -> list[tuple[str, str]]:
    town = rules["boomtown"]
    texts = {o["name"]: o["text"] for o in town["offices"]}
    free = town["free_cell"]
    rows = [(name, texts[name]) for name in setup["boomtown"]["offices"]]
    rows.append((free["name"], f"{free['points']} points at once for the influence placed there"))
    return rows


# ---- investments, shipping, seating ---------------------------------------------------------------

def cost(rules: RuleData, paid: dict[str, int]) -> str:
    """"1 Copper + 2 Wood": an investment card's cost, in the resources' names."""
    called = {r["code"]: r["name"] for r in rules["resources"]}
    return " + ".join(f"{n} {called[m]}" for m, n in paid.items())


def investment_rows(setup: dict[str, Any], rules: RuleData) -> list[list[str]]:
    cards = {c["number"]: c for c in rules["investments"]["cards"]}
    return [[f"#{n}", cost(rules, cards[n]["cost"]), str(cards[n]["points"]), cards[n].get("ability", "-")]
            for n in setup["investments"]]


def shipping_line(setup: dict[str, Any], rules: RuleData) -> str:
    called = names(rules)
    return ", ".join(f"{called[m]} {'/'.join(str(v) for v in stack)}"
                     for m, stack in setup["shipping_bonus"].items())


def supply_cells(seat: dict[str, Any], rules: RuleData) -> list[str]:
    called = names(rules)
    return [", ".join(called[c] for c in section) or "-" for section in seat["supply"]]


def pieces_line(setup: dict[str, Any], rules: RuleData) -> str:
    pieces = rules["pieces"]
    return (f"Each player: {setup['camps_per_player']} camps, {pieces['influence_tokens']} influence "
            f"tokens, {pieces['stagecoaches']} stagecoaches.")


def legend(rules: RuleData) -> str:
    """"Codes: Cu Copper, ..." for every terrain and resource code, once each."""
    called = names(rules)
    codes = [t["code"] for t in rules["terrains"]["kinds"]] + [r["code"] for r in rules["resources"]]
    return "Codes: " + ", ".join(f"{c} {called[c]}" for c in dict.fromkeys(codes)) + "."


# ---- the whole setup, for sheetgen/setuptext.py --------------------------------------------------

def text_lines(setup: dict[str, Any], rules: RuleData) -> list[str]:
    """The text format's body: everything between the heading and the seed, code and data lines."""
    face_down = [t for t in setup["terrain"] if not t["in_play"]]
    out = ["The board: terrain tiles in their slots (letters are ours; the map below shows how each lies;",
           "turned = sixths of a turn anticlockwise from the tile as the rule data lists it)."]
    out += table(["slot", "where", "centre", "tile", "turned", "in play"], terrain_rows(setup, rules))
    out += ["", f"Map: each hex's terrain; the {len(setup['revealed'])} tokens touching the water start face up "
                "and show their resources."]
    out += ["  " + line if line else "" for line in board_map(setup, rules)]
    out += textwrap.wrap(label_key(rules), WIDTH, initial_indent="  ", subsequent_indent="  ")
    out.append(f"  {legend(rules)}")
    if face_down:
        out.append("  :::: (out): a face-down tile, out of play; its hexes count as the board's edge.")
    out += ["", "Boomtown: a space costs its column metal plus its row metal."]
    out += boomtown_grid(setup, rules)
    offices = office_rows(setup, rules)
    width = max(len(name) for name, _ in offices)
    out += [f"  {name.ljust(width)}  {text}" for name, text in offices]
    bonus = " ".join(str(v) for v in setup["investment_bonus"])
    out += ["", f"Investments ({len(setup['investments'])} face up; bonus tiles {bonus}: "
                "the buyer also takes the highest left):"]
    out += table(["card", "cost", "VP", "ability"], investment_rows(setup, rules))
    out += ["", "Shipping bonus tiles, top first, a stack of two on each of a track's two bonus sections:",
            f"  {shipping_line(setup, rules)}."]
    out += ["", "Seating, in turn order (clockwise, first player first), with the starting supply track:"]
    sections = len(setup["seating"][0]["supply"])
    header = ["order", "player"] + [f"section {i}" for i in range(sections)]
    out += table(header, [[str(seat["order"]), seat["name"]] + supply_cells(seat, rules)
                          for seat in setup["seating"]])
    out.append(f"  {pieces_line(setup, rules)}")
    return out


def markdown_context(setup: dict[str, Any], rules: RuleData) -> dict[str, dict[str, Any]]:
    """What layouts/setup.md.j2 draws for a Gold West setup (as `gw`)."""
    called = names(rules)
    sections = len(setup["seating"][0]["supply"])
    return {"gw": {
        "terrain": terrain_rows(setup, rules),
        "map": board_map(setup, rules),
        "legend": legend(rules),
        "label_key": label_key(rules),
        "face_down": any(not t["in_play"] for t in setup["terrain"]),
        "town_columns": [called[m] for m in rules["boomtown"]["columns"]],
        "town_rows": list(zip([called[m] for m in rules["boomtown"]["rows"]], setup["boomtown"]["grid"])),
        "offices": office_rows(setup, rules),
        "investments": investment_rows(setup, rules),
        "bonus": " ".join(str(v) for v in setup["investment_bonus"]),
        "shipping": shipping_line(setup, rules),
        "sections": list(range(sections)),
        "seats": [(seat["order"], seat["name"], supply_cells(seat, rules)) for seat in setup["seating"]],
        "pieces": pieces_line(setup, rules),
    }}
