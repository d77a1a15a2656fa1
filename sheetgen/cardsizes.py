"""The card sizes a card sheet is offered in, by name; the first is the default.

Their millimetres live in the card layout's `sizes` (layouts/). The names sit in a
module of their own so that the command line can list them without loading the
drawing code.
"""

CARD_SIZES = ("half-business", "mini-euro")
