"""Gold Rush, a game for the piecepack (Seth Jaffee and Jason Smulevitch, 2004).

Its rule data holds the piecepack (suits, ranks), the board (rows, columns and
the coin suit of each row) and the round plan; setups are seeded and coded.
"""

from __future__ import annotations

from sheetgen.errors import Problem
from sheetgen.games import Game
from sheetgen.schema import Dict, Int, List, Map, Str
from sheetgen.yamlio import Document

DATA_FIELDS = {
    "suits": List(Map({"letter": Str(), "name": Str(), "resource": Str()}), min=1),
    "ranks": List(Map({"letter": Str(), "name": Str(), "value": Int(0, 100)}), min=1),
    "board": Map({
        "rows": Int(1, 20),
        "columns": Int(1, 20),
        "coin_rows": List(Str(), min=1),
    }),
    "rounds": Int(1, 100),
    "next_start_player": Str(choices=("left", "right")),
    "stake_claim_skipped_last": Dict(Int(1, 12), Int(0, 100)),
}


def check_data(doc: Document) -> list[Problem]:
    """Cross-checks: the board holds every tile once, and each row one suit's coins."""
    d = doc.value
    out: list[Problem] = []
    for section in ("suits", "ranks"):
        letters = [item["letter"] for item in d[section]]
        if len(set(letters)) != len(letters):
            out.append(doc.problem((section,), f"a letter appears twice among the {section}"))
    suits = [s["letter"] for s in d["suits"]]
    board = d["board"]
    tiles = len(d["suits"]) * len(d["ranks"])
    if board["rows"] * board["columns"] != tiles:
        out.append(doc.problem(("board",), f"{board['rows']} x {board['columns']} spaces for "
                                           f"{tiles} tiles ({len(suits)} suits x {len(d['ranks'])} ranks)"))
    if board["columns"] != len(d["ranks"]):
        out.append(doc.problem(("board", "columns"), f"a row holds the {len(d['ranks'])} coins of one "
                                                     f"suit, so the board needs {len(d['ranks'])} columns"))
    rows = board["coin_rows"]
    if len(rows) != board["rows"] or sorted(rows) != sorted(suits):
        out.append(doc.problem(("board", "coin_rows"), f"name each suit ({', '.join(suits)}) once, "
                                                       f"one per row ({board['rows']} rows)"))
    low, high = d["meta"]["players"]["min"], d["meta"]["players"]["max"]
    skipped = d["stake_claim_skipped_last"]
    for count in range(low, high + 1):
        if count not in skipped:
            out.append(doc.problem(("stake_claim_skipped_last",),
                                   f"missing the number of rounds without Stake Claim for {count} players"))
    for count, last in skipped.items():
        if last > d["rounds"]:
            out.append(doc.problem(("stake_claim_skipped_last", count),
                                   f"{last} rounds skipped, but the game has {d['rounds']}"))
    return out


GAME = Game(
    key="piecepack-gold-rush",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    setup="sheetgen.games.piecepack_gold_rush.setup:generate",
)
