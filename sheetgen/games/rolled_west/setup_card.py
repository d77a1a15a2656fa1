"""The Rolled West setup card: seating, the rulebook's setup in short with the setup's reminders,
and a turn in the score board's words (layouts/rolled-west-board.yaml) with the rule data's numbers.
Short enough for a half-page card at every player count."""

from __future__ import annotations

from typing import Any

from sheetgen import layouts
from sheetgen.ruledata import RuleData
from sheetgen.setupcard import Card, seating

ONE_LINE, TWO_LINES = 4.2, 7.6  # mm: a paragraph of one or two lines at the card's 8.5 pt


def draw(card: Card, setup: dict[str, Any], rules: RuleData) -> None:
    seating(card, setup)
    dice, bank = rules["dice"], rules["banking"]
    resources = dice["count"] - dice["terrain_dice"]
    card.heading("Set up", "from the rulebook, in short")
    card.paragraph("Give each player a score board and a dry-erase pen (or a printed board and a pencil).",
                   height=ONE_LINE)
    for text in setup.get("reminders") or ():
        card.paragraph(text, height=ONE_LINE if len(text) < 110 else TWO_LINES)
    steps = [step.format(dice=dice["count"], resources=resources)
             for step in layouts.load("rolled-west-board", "letter")["text"]["turn_steps"]]
    card.heading("A turn")
    for pair in range(0, len(steps), 2):
        card.paragraph("  ·  ".join(steps[pair:pair + 2]), height=ONE_LINE)
    card.paragraph(f"Bank 1 of your own resources on your turn, and 1 from a neighbour's roll between your turns "
                   f"({bank['between_turns']} in all); cross off what you spend.", height=ONE_LINE)
