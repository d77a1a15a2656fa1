"""Seeded and coded setups: only the seating."""

from typing import Optional, Sequence

from sheetgen import rng, setupcode

PREFIX = "NR"


def generate(rules, players: Optional[int] = None, seed: Optional[str] = None,
             names: Optional[Sequence[str]] = None) -> dict:
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seed = rng.fresh_seed() if seed is None else seed
    seating = rng.Stream(seed, rules.game).shuffle(range(len(people)))
    return _build(rules, people, seed, seating)


def from_code(rules, code: str, names: Optional[Sequence[str]] = None) -> dict:
    players, digits = setupcode.decode(code, prefix=PREFIX, game=rules.game, players=rules.players,
                                       radices_for=lambda n: setupcode.arrangement_radices(n, n))
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seating = setupcode.Digits(digits).arrangement(players, players)
    return _build(rules, setupcode.seat_given_names(people, seating, names), None, seating)


def _build(rules, people: list, seed: Optional[str], seating: list) -> dict:
    players = len(people)
    code = setupcode.encode(PREFIX, players, setupcode.arrangement_digits(seating, players),
                            setupcode.arrangement_radices(players, players))
    order = [people[i] for i in seating]
    return {**setupcode.header(rules, players, seed, code), "seating": order, "first_player": order[0]}
