"""The Carcassonne: Gold Rush score pad's form: every field's name, and what it means in a results file.

In the PDF, page N's field F is `carcassonne-gold-rush.pad.pN.F`; F is one of
these (rows, then P, the player's column, 1 to 5, left to right):

    date                          text    date / game          (for play; not read)
    players.P                     text    the player's name    -> players: [...]
    running.P.K                   number  running score        (for play; not read)
    laps.P                        number  laps of the track    (for play; not read)
    points.P                      number  the score track      -> points: {NAME: N}
    tokens.V.P                    number  tokens worth V       -> tokens: {NAME: {V: N}}
    tokens.V.points.P             number  their points         (for play; not read)
    features.N.kind               choice  railroad, mountain, city or prairie
    features.N.size               number  tiles, nuggets, railroads or tipis
    features.N.horses             number  a prairie's wild-horse herds
    features.N.cowboys.P          number  the player's cowboys on it (a city: 1, its merchant)
                                          -> features: [{KIND: {SIZE: N, ROLE: {NAME: N}}}]
    features.N.points.P           number  their points         (for play; not read)
    completed.N.kind              choice  railroad, mountain or city
    completed.N.size              number  tiles, nuggets or railroads
    completed.N.locomotives       number  a railroad's locomotives
    completed.N.cowboys.P         number  -> completed: [...], as features
    completed.N.points.P          number  their points         (for play; not read)
    totals.P                      number  what the player added up -> totals: {NAME: N}

V is a mining token's value (1, 2, 3, 5, 0 for crushed rock: from the rule
data); N numbers the rows of a section from 1. A box "for play" is there to
use while playing; the scorer works those numbers out itself.
"""

from __future__ import annotations

PART = "pad"
DATE = "date"
LAPS, POINTS, TOTALS = "laps", "points", "totals"
KIND, SIZE, COWBOYS, ROW_POINTS = "kind", "size", "cowboys", "points"


def cell(row: str, column: int) -> str:
    """A row's box in player column `column` (1-based)."""
    return f"{row}.{column}"


def player(column: int) -> str:
    return cell("players", column)


def running(column: int, k: int) -> str:
    return f"running.{column}.{k}"


def token(value: int) -> str:
    return f"tokens.{value}"


def token_points(value: int) -> str:
    return f"tokens.{value}.points"


def feature(section: str, n: int, part: str) -> str:
    return f"{section}.{n}.{part}"


def total(column: int) -> str:
    return cell(TOTALS, column)
