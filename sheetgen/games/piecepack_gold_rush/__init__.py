"""Gold Rush, a game for the piecepack (Seth Jaffee and Jason Smulevitch, 2004).

Its rule data holds the piecepack (suits, ranks), the board (rows, columns and
the coin suit of each row), the round plan, the resources, buildings, actions,
scoring and the building cards; setups are seeded and coded, results checked
and tallied, and the player mat and building cards printed.
"""

from __future__ import annotations

from sheetgen.games import GameSpec, SheetPart
from sheetgen.games.piecepack_gold_rush.rules import DATA_FIELDS, check_data

GAME = GameSpec(
    key="piecepack-gold-rush",
    data_fields=DATA_FIELDS,
    check_data=check_data,
    sheets=(
        SheetPart("mat", "player mat with resource tracks, plots, costs and score box, one page per player",
                  "sheetgen.games.piecepack_gold_rush.mat:build"),
        SheetPart("cards", "building cards with crop and registration marks; --backs adds bled back pages for "
                           "double-sided printing (--back-names names each back)",
                  "sheetgen.games.piecepack_gold_rush.cards:build", has_backs=True, per_player=False),
    ),
    default_sheet="mat",
    setup="sheetgen.games.piecepack_gold_rush.setup:generate",
    setup_card="sheetgen.games.piecepack_gold_rush.setup_card:draw",
    score="sheetgen.games.piecepack_gold_rush.score:GoldRushScorer",
)
