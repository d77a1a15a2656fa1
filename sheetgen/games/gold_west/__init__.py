"""Gold West (J. Alex Kevern, Tasty Minstrel Games, 2015).

Rule data: the board (slots, terrain tiles, mining tokens), Boomtown's offices,
the investments, the shipping and supply tracks, and final scoring.
"""

from sheetgen.games import GameSpec, SheetPart

GAME = GameSpec(
    "gold-west", __name__, score=".score:GoldWestScorer", enter=".enter:ask",
    sheets=(SheetPart("pad", "final-scoring pad: one game per page, a column per player, the results file's rows "
                             "(--code: that setup's offices)", ".pad:build", form=".pad_form:form", takes_code=True),
            SheetPart("board", "board record sheet: every hex labelled, to mark where everyone built "
                               "(--code: that setup's terrains; --fillable: a field on every hex)", ".board:build",
                      per_player=False, takes_code=True, form=".board_form:form", form_needs_code=True)),
    setup_card=".setup_card:draw", setup_text=".picture:text_lines", setup_markdown=".picture:markdown_context",
    face_down=".setup_code:face_down",
)
