"""Seeded and coded setups for Gold Rush (piecepack).

Draws, in this order, from the stream `rng.Stream(seed, "piecepack-gold-rush")`:
the seating (a shuffle of the players), the tiles (a shuffle of all tiles,
laid row by row from the top left), then each row's coins from the top row
down (a shuffle of the ranks of that row's suit). Everything countable comes
from data/piecepack-gold-rush.yaml.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from sheetgen import rng, setupcode
from sheetgen.ruledata import RuleData
from sheetgen.facedown import HIDDEN

PREFIX = "PG"


def _pieces(rules: RuleData) -> tuple[list[str], list[str]]:
    suits = [s["letter"] for s in rules["suits"]]
    ranks = [r["letter"] for r in rules["ranks"]]
    return suits, ranks


def _radices(rules: RuleData, players: int) -> list[int]:
    suits, ranks = _pieces(rules)
    board = rules["board"]
    tiles = len(suits) * len(ranks)
    out = setupcode.arrangement_radices(players, players)
    out += setupcode.arrangement_radices(tiles, tiles)
    for _ in range(board["rows"]):
        out += setupcode.arrangement_radices(board["columns"], len(ranks))
    return out


def generate(rules: RuleData, players: Optional[int] = None, seed: Optional[str] = None,
             names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """A random setup for `players` (default: the most the game allows) from `seed` (default: fresh)."""
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seed = rng.fresh_seed() if seed is None else seed
    stream = rng.Stream(seed, rules.game)
    suits, ranks = _pieces(rules)
    board = rules["board"]
    seating = stream.shuffle(range(len(people)))
    tiles = stream.shuffle(range(len(suits) * len(ranks)))
    coins = [stream.sample(range(len(ranks)), board["columns"]) for _ in range(board["rows"])]
    return _build(rules, people, seed, seating, tiles, coins)


def from_code(rules: RuleData, code: str, names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """Exactly the setup a code was printed for; SetupCodeError if the code is not a possible one."""
    players, digits = setupcode.decode(code, prefix=PREFIX, game=rules.game, players=rules.players,
                                       radices_for=lambda n: _radices(rules, n))
    people = setupcode.player_names(rules.title, rules.players, players, names)
    suits, ranks = _pieces(rules)
    board = rules["board"]
    read = setupcode.Digits(digits)
    seating = read.arrangement(players, players)
    tiles = read.arrangement(len(suits) * len(ranks), len(suits) * len(ranks))
    coins = [read.arrangement(board["columns"], len(ranks)) for _ in range(board["rows"])]
    return _build(rules, setupcode.seat_given_names(people, seating, names), None, seating, tiles, coins)


def face_down(setup: dict[str, Any]) -> dict[str, Any]:
    """The players' copy (the GameSpec's `face_down` hook): each land plot's tile lies face down
    under a coin lying suit side up, so the tile shows as HIDDEN and the coin as its suit only ("C?")."""
    grid = [[{"tile": HIDDEN, "coin": str(cell["coin"])[:1] + HIDDEN} for cell in row] for row in setup["grid"]]
    return {**setup, "grid": grid}


def _build(rules: RuleData, people: list[str], seed: Optional[str], seating: list[int],
           tiles: list[int], coins: list[list[int]]) -> dict[str, Any]:
    suits, ranks = _pieces(rules)
    board = rules["board"]
    players = len(people)
    digits = setupcode.arrangement_digits(seating, players)
    digits += setupcode.arrangement_digits(tiles, len(tiles))
    for suit_coins in coins:
        digits += setupcode.arrangement_digits(suit_coins, len(ranks))
    code = setupcode.encode(PREFIX, players, digits, _radices(rules, players))

    order = [people[i] for i in seating]
    grid = []
    for r in range(board["rows"]):
        row = []
        for c in range(board["columns"]):
            tile = tiles[r * board["columns"] + c]
            suit, rank = divmod(tile, len(ranks))
            row.append({"tile": suits[suit] + ranks[rank],
                        "coin": board["coin_rows"][r] + ranks[coins[r][c]]})
        grid.append(row)

    step = -1 if rules["next_start_player"] == "right" else 1
    skipped = rules["stake_claim_skipped_last"][players]
    plan = []
    for number in range(1, rules["rounds"] + 1):
        plan.append({"round": number,
                     "start_player": order[(step * (number - 1)) % players],
                     "stake_claim": number <= rules["rounds"] - skipped})

    legend = {s["letter"]: s["name"] for s in rules["suits"]}
    legend.update({r["letter"]: r["name"] for r in rules["ranks"] if r["name"] != r["letter"]})
    return {
        **setupcode.header(rules, players, seed, code),
        "seating": order,
        "first_player": order[0],
        "grid": grid,
        "rounds": plan,
        "legend": legend,
    }
