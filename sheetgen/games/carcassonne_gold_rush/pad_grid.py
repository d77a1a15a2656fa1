"""Where the Carcassonne: Gold Rush pad's player columns and running-score cells are.

The drawing (pad.py) places its boxes by it and the form (pad_form.py) counts
its fields by it, so neither imports the other for the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

LAYOUT = "carcassonne-gold-rush-pad"


@dataclass(frozen=True)
class Columns:
    """Where the table's columns are for a player count (the form and the drawing share it)."""

    left: float  # the table's left edge
    table: float  # its width
    label_right: float
    col: float  # a player's column width
    xs: tuple  # each player column's left edge
    count_w: float  # a row's count box
    points_x: float  # a row's points box, from the column's left edge
    across: int  # running-score cells across a column
    cell: float  # their width


def columns(layout: dict, players: int) -> Columns:
    gap, label = layout["column_gap"], layout["label_width"]
    width = layout["content"]["width"]
    col = min(layout["column_max"], (width - label) / players - gap)
    table = label + players * (col + gap)
    left = (width - table) / 2
    label_right = left + label
    xs = tuple(label_right + gap + i * (col + gap) for i in range(players))
    count_w = max(layout["count"]["min"], col * layout["count"]["share"])
    spec = layout["points"]
    across = max(1, int((col + spec["cell_gap"]) // (spec["cell_min"] + spec["cell_gap"])))
    cell = (col - (across - 1) * spec["cell_gap"]) / across
    return Columns(left, table, label_right, col, xs, count_w, count_w + spec["cell_gap"], across, cell)


def running_cells(layout: dict, players: int) -> int:
    """Running-score cells per player for a player count."""
    return layout["points"]["running_rows"] * columns(layout, players).across
