"""Gold West (J. Alex Kevern, Tasty Minstrel Games, 2015).

Rule data: the board (slots, terrain tiles, mining tokens), Boomtown's offices,
the investments, the shipping and supply tracks, and final scoring.
"""

from sheetgen.games import GameSpec, SheetPart
from sheetgen.games.gold_west.rules import DATA_FIELDS, check_data

GAME = GameSpec(
    key="gold-west",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    sheets=(
        SheetPart("pad", "final-scoring pad: one game per page, a column per player",
                  "sheetgen.games.gold_west.pad:build"),
    ),
    default_sheet="pad",
    setup="sheetgen.games.gold_west.setup:generate",
    setup_card="sheetgen.games.gold_west.setup_card:draw",
    setup_text="sheetgen.games.gold_west.picture:text_lines",
    setup_markdown="sheetgen.games.gold_west.picture:markdown_context",
    score="sheetgen.games.gold_west.score:GoldWestScorer",
)
