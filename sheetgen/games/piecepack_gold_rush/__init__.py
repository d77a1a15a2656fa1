"""Gold Rush, a game for the piecepack (Seth Jaffee and Jason Smulevitch, 2004).

Its rule data holds the piecepack (suits, ranks), the board (rows, columns and
the coin suit of each row), the round plan, the resources, buildings, actions,
scoring and the building cards; setups are seeded and coded, results checked
and tallied, and the player mat and building cards printed.
"""

from __future__ import annotations

from sheetgen.games import GameSpec, SheetPart

GAME = GameSpec(
    "piecepack-gold-rush", __name__, score=".score:GoldRushScorer", enter=".enter:ask",
    setup_card=".setup_card:draw",
    sheets=(SheetPart("mat", "player mat with resource tracks, plots, costs and score box, one page per player",
                      ".mat:build", form=".mat_form:form"),
            SheetPart("cards", "building cards with crop and registration marks; --backs adds bled back pages for "
                               "double-sided printing (--back-names names each back)",
                      ".cards:build", has_backs=True, per_player=False)),
    face_down=".setup:face_down",
)
