"""Seeded and coded setups for Rolled West: who sits where, who starts, reminders.

Draws from `rng.Stream(seed, "rolled-west")` one shuffle of the players: the
turn order, clockwise, first player first. Numbers (rounds, dice, the 2-player
ghost roll) come from data/rolled-west.yaml.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from sheetgen import rng, setupcode
from sheetgen.ruledata import RuleData

PREFIX = "RW"


def _radices(players: int) -> list[int]:
    return setupcode.arrangement_radices(players, players)


def generate(rules: RuleData, players: Optional[int] = None, seed: Optional[str] = None,
             names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """A random seating for `players` (default: the most the game allows) from `seed` (default: fresh)."""
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seed = rng.fresh_seed() if seed is None else seed
    seating = rng.Stream(seed, rules.game).shuffle(range(len(people)))
    return _build(rules, people, seed, seating)


def from_code(rules: RuleData, code: str, names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """Exactly the setup a code was printed for; SetupCodeError if the code is not a possible one."""
    players, digits = setupcode.decode(code, prefix=PREFIX, game=rules.game, players=rules.players,
                                       radices_for=_radices)
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seating = setupcode.Digits(digits).arrangement(players, players)
    return _build(rules, setupcode.seat_given_names(people, seating, names), None, seating)


def _build(rules: RuleData, people: list[str], seed: Optional[str], seating: list[int]) -> dict[str, Any]:
    players = len(people)
    code = setupcode.encode(PREFIX, players, setupcode.arrangement_digits(seating, players),
                            _radices(players))
    order = [people[i] for i in seating]
    dice = rules["dice"]
    reminders = [
        f"{order[0]} takes all {dice['count']} dice and plays first; after each turn the dice "
        f"pass clockwise. The game lasts {rules['rounds']} rounds.",
    ]
    if players == 2:
        reminders.append(
            f"Ghost roll: each round, after both players' turns, roll "
            f"{rules['banking']['ghost_roll_dice']} of the dice once more; each player may bank one "
            f"of those resources, but only one bank between turns in total.")
    faces = ", ".join(f"{f['d12'][0]}-{f['d12'][1]} {f['name']}" for f in dice["faces"])
    reminders.append(f"No custom dice? Roll ordinary d{dice['sides']}s: {faces}.")
    return {
        **setupcode.header(rules, players, seed, code),
        "seating": order,
        "first_player": order[0],
        "reminders": reminders,
    }
