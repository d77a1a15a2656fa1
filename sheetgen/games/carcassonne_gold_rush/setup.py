"""Seeded and coded setups for Carcassonne: Gold Rush: seating, start player, colours.

Draws from `rng.Stream(seed, "carcassonne-gold-rush")`: a shuffle of the
players (turn order, clockwise, first player first), then a sample of as many
colours as players, dealt along that order. Colours come from
data/carcassonne-gold-rush.yaml.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from sheetgen import rng, setupcode
from sheetgen.ruledata import RuleData

PREFIX = "CG"


def _radices(rules: RuleData, players: int) -> list[int]:
    return (setupcode.arrangement_radices(players, players)
            + setupcode.arrangement_radices(players, len(rules["colours"])))


def generate(rules: RuleData, players: Optional[int] = None, seed: Optional[str] = None,
             names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """A random seating and colours for `players` (default: the most allowed) from `seed`."""
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seed = rng.fresh_seed() if seed is None else seed
    stream = rng.Stream(seed, rules.game)
    seating = stream.shuffle(range(len(people)))
    colours = stream.sample(range(len(rules["colours"])), len(people))
    return _build(rules, people, seed, seating, colours)


def from_code(rules: RuleData, code: str, names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """Exactly the setup a code was printed for; SetupCodeError if the code is not a possible one."""
    players, digits = setupcode.decode(code, prefix=PREFIX, game=rules.game, players=rules.players,
                                       radices_for=lambda n: _radices(rules, n))
    people = setupcode.player_names(rules.title, rules.players, players, names)
    read = setupcode.Digits(digits)
    seating = read.arrangement(players, players)
    colours = read.arrangement(players, len(rules["colours"]))
    return _build(rules, setupcode.seat_given_names(people, seating, names), None, seating, colours)


def _build(rules: RuleData, people: list[str], seed: Optional[str], seating: list[int],
           colours: list[int]) -> dict[str, Any]:
    players = len(people)
    digits = (setupcode.arrangement_digits(seating, players)
              + setupcode.arrangement_digits(colours, len(rules["colours"])))
    code = setupcode.encode(PREFIX, players, digits, _radices(rules, players))
    order = [people[i] for i in seating]
    return {
        **setupcode.header(rules, players, seed, code),
        "seating": order,
        "first_player": order[0],
        "colours": {name: rules["colours"][c] for name, c in zip(order, colours)},
    }
