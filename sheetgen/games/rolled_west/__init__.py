"""Rolled West (Daniel Newman, Tasty Minstrel Games, 2019)."""

from sheetgen.games import GameSpec, SheetPart

GAME = GameSpec(
    "rolled-west", __name__, score=".score:RolledWestScorer", enter=".enter:ask", setup_card=".setup_card:draw",
    sheets=(SheetPart("board", "dry-erase score board, one page per player", ".board:build",
                      form=".board_form:form"),),
)
