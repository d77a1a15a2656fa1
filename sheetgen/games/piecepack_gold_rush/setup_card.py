"""The piecepack Gold Rush setup card: seating, the 4x6 land plots and the round plan.

Player-safe by default: the plots show what the players see at the start, a
face-down tile under a coin lying suit side up (so each row's coin suit), and
not which tile or coin value the setup put there. `card.reveal` (a referee's
or a solo player's card) names every tile and coin.
"""

from __future__ import annotations

from typing import Any

from sheetgen import setupcard
from sheetgen.ruledata import RuleData
from sheetgen.sheet import Box, Rect, Text


def draw(card: setupcard.Card, setup: dict[str, Any], rules: RuleData) -> None:
    setupcard.seating(card, setup)
    names = {s["letter"]: s["name"] for s in rules["suits"]}
    ranks = {r["letter"]: r["name"] for r in rules["ranks"]}

    if card.reveal:
        card.heading("Land plots", "referee's copy: each plot's face-down tile, and the coin on it suit side up")
    else:
        card.heading("Land plots", "each plot: a tile face down, a coin on it suit side up")
    grid = setup["grid"]
    columns = len(grid[0])
    label_w = 22
    cell_w = min(26.0, (card.width - label_w - 4) / columns)
    cell_h = 19.0 if card.reveal else 14.0
    left = label_w + (card.width - label_w - cell_w * columns) / 2
    for c in range(columns):
        card.add(Text(left + (c + 0.5) * cell_w, card.y + 3, str(c + 1), 8, role="muted", align="center"))
    card.y += 4.5
    for r, row in enumerate(grid):
        top = card.y + r * cell_h
        coin_suit = row[0]["coin"][0]
        card.add(Text(left - 2, top + cell_h / 2 + 1, f"{names[coin_suit]} coins", 8.5, bold=True,
                      align="right", max_width=label_w))
        for c, cell in enumerate(row):
            box = Rect(left + c * cell_w, top, cell_w, cell_h)
            if card.reveal:
                card.add(Box(box, fill="light", width=0.6))
                tile_suit, tile_rank = cell["tile"][0], cell["tile"][1:]
                card.add(Text(box.cx, top + 6.5, f"{names[tile_suit]} {ranks[tile_rank]}", 9, bold=True,
                              align="center", max_width=cell_w - 2))
                card.add(Text(box.cx, top + 10.5, "tile", 6.5, role="muted", align="center"))
                coin = Rect(box.cx - 6.5, top + 12, 13, 5.5)
                card.add(Box(coin, fill="paper", width=0.4, radius=2.7))
                card.add(Text(coin.cx, coin.y + 4, f"coin {ranks[cell['coin'][1:]]}", 7, align="center",
                              max_width=coin.w - 1))
            else:  # what the table shows: a tile back, and the coin's suit
                card.add(Box(box, fill="shade", width=0.6))
                card.add(Text(box.cx, top + 4.2, "face down", 6.5, role="muted", align="center",
                              max_width=cell_w - 2))
                coin = Rect(box.cx - 8, top + 6.2, 16, 6.0)
                card.add(Box(coin, fill="paper", width=0.4, radius=3.0))
                card.add(Text(coin.cx, coin.y + 4.2, names[cell["coin"][0]], 7.5, bold=True, align="center",
                              max_width=coin.w - 1.5))
    card.y += len(grid) * cell_h + 4
    legend = ", ".join(f"{s['name']} = {s['resource']}" for s in rules["suits"])
    card.line(f"Resources by suit: {legend}. Tiles and coins start face down; turn one up only by an action.",
              size=8)
    card.gap()

    card.heading("Rounds", "the start player passes to the right each round")
    card.table(["round", "start player", "Stake Claim"],
               [[str(r["round"]), r["start_player"], "yes" if r["stake_claim"] else "skipped"]
                for r in setup["rounds"]], (16, 50), names=1)
