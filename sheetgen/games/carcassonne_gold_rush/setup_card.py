"""The Carcassonne: Gold Rush setup card: seating with each player's colour (a swatch beside its
name), then the rulebook's setup in short with the component counts of the rule data, and a turn."""

from __future__ import annotations

from typing import Any

from sheetgen.ruledata import RuleData
from sheetgen.setupcard import Card, seating
from sheetgen.sheet import Box, Rect

ONE_LINE, TWO_LINES = 4.2, 7.6  # mm: a paragraph of one or two lines at the card's 8.5 pt
SWATCH = (12.0, 3.6)
SWATCH_AT = 22.0  # mm right of the colour's name: clear of the longest (Yellow)  # mm: a player's colour beside its name
ROLES = {"Blue": "player_blue", "Red": "player_red", "Green": "player_green", "Yellow": "player_yellow",
         "Black": "player_black"}  # a colour with no role prints its name only


def draw(card: Card, setup: dict[str, Any], rules: RuleData) -> None:
    colours = setup["colours"]
    widths = (14.0, 60.0)
    top = card.y
    seating(card, setup, lambda i, name: [colours[name]], ["colour"], widths=widths)
    first_row = top + 8.5 + 5.2  # below the heading and the column heads (Card.heading, Card.table)
    x = 2.0 + sum(widths) + SWATCH_AT
    for n, name in enumerate(colours):
        role = ROLES.get(colours[name])
        if role:
            card.add(Box(Rect(x, first_row + n * 5.2 - 0.4, *SWATCH), fill=role, stroke="ink", width=0.4,
                         radius=0.6))
    cowboys = rules["cowboys"]
    tokens = rules["mining_tokens"]
    first = setup["first_player"]
    card.heading("Set up", "from the rulebook, in short")
    card.paragraph(f"1. Place the start tile face up in the middle of the table and put 1 mining token face down on "
                   f"its mountain. Shuffle the other {rules['tiles'] - 1} land tiles into several face-down stacks.",
                   height=TWO_LINES)
    for text in (
        f"2. Mix the other {tokens['total'] - 1} mining tokens face down as a supply; the claim manager adds them "
        f"to mountains.",
        f"3. Each player takes the {cowboys['per_colour']} cowboys and {rules['tents_per_colour']} tent of their "
        f"colour; {cowboys['score_markers']} cowboy goes on space 0 of the scoring track.",
    ):
        card.paragraph(text, height=ONE_LINE)
    card.heading("A turn", f"{first} first, then clockwise in the order above")
    for text in (
        "1. Draw a land tile and place it next to the landscape, every edge matching; add its mining tokens.",
        "2. Then at most one: place a cowboy on it, place or move your tent to a mountain, or mine at your tent.",
        "3. Score every railroad, mountain and city the tile completed.",
    ):
        card.paragraph(text, height=ONE_LINE)
