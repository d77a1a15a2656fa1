"""Rolled West (Daniel Newman, Tasty Minstrel Games, 2019)."""

from sheetgen.games import GameSpec, SheetPart
from sheetgen.games.rolled_west.rules import DATA_FIELDS, check_data

GAME = GameSpec(
    key="rolled-west",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    sheets=(
        SheetPart("board", "dry-erase score board, one page per player",
                  "sheetgen.games.rolled_west.board:build",
                  form="sheetgen.games.rolled_west.board_form:form"),
    ),
    default_sheet="board",
    setup="sheetgen.games.rolled_west.setup:generate",
    score="sheetgen.games.rolled_west.score:RolledWestScorer",
)
