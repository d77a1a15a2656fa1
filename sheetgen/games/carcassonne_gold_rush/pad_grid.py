"""Where the Carcassonne: Gold Rush pad's player columns and running-score cells are.

The drawing (pad.py) places its boxes by it and the form (pad_form.py) counts
its fields by it, so neither imports the other for the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LAYOUT = "carcassonne-gold-rush-pad"


@dataclass(frozen=True)
class Columns:
    """Where the table's columns are for a player count (the form and the drawing share it)."""

    left: float  # the table's left edge
    table: float  # its width
    label_right: float
    col: float  # a player's column width
    xs: tuple[float, ...]  # each player column's left edge
    count_w: float  # a row's count box
    points_x: float  # a row's points box, from the column's left edge


def columns(layout: dict[str, Any], players: int) -> Columns:
    gap, label = layout["column_gap"], layout["label_width"]
    width = layout["content"]["width"]
    col = min(layout["column_max"], (width - label) / players - gap)
    table = label + players * (col + gap)
    left = (width - table) / 2
    label_right = left + label
    xs = tuple(label_right + gap + i * (col + gap) for i in range(players))
    count_w = max(layout["count"]["min"], col * layout["count"]["share"])
    return Columns(left, table, label_right, col, xs, count_w, count_w + layout["points"]["cell_gap"])


@dataclass(frozen=True)
class Running:
    """The running score: each player's own line (or lines) of cells across the whole table, headed
    by a tag with the player's column number; the page's `running_lines` are shared out."""

    left: float  # the tags' left edge (the table's)
    tag: float  # a tag's width
    x: float  # the first cell's left edge
    lines: int  # lines per player
    across: int  # cells a line
    cell: float  # a cell's width


def running(layout: dict[str, Any], players: int) -> Running:
    grid, spec = columns(layout, players), layout["points"]
    gap = spec["cell_gap"]
    x = grid.left + spec["tag"] + gap
    room = grid.left + grid.table - x
    across = max(1, int((room + gap) // (spec["cell_min"] + gap)))
    cell = (room - (across - 1) * gap) / across
    return Running(grid.left, spec["tag"], x, max(1, spec["running_lines"] // players), across, cell)


def running_cells(layout: dict[str, Any], players: int) -> int:
    """Running-score cells per player for a player count."""
    shape = running(layout, players)
    return shape.lines * shape.across
