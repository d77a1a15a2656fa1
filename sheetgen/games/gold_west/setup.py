"""Seeded setups for Gold West: the draws (the setup and its code: setup_code.py).

Draws, in this order, from the stream `rng.Stream(seed, "gold-west")`:

1. the seating: a shuffle of the players (turn order, clockwise, first player
   first; player order tokens 1, 2, ... dealt along it);
2. the Boomtown tiling: one `below(T)` over the T tilings of the rows x columns
   grid by two-cell offices plus one free cell (18 for 3 x 3), listed as
   `setup_code.tilings()` lists them;
3. the offices: a sample of `offices_in_play` of the offices, laid on that
   tiling's dominoes in its order (by first cell, reading order);
4. the investments: a sample of `in_play` cards (reported sorted);
5. the terrain tiles: a shuffle of all tiles, dealt to the slots in slot order;
6. the rotations: for each in-play slot in slot order, `below(p)` where p is the
   tile's period (6 sixths, or fewer when turning it shows the same colours,
   e.g. 3 for a ring repeating every half turn); face-down tiles keep rotation 0;
7. the mining tokens: for each terrain in data order, a sample of as many of
   its tokens (listed in data order, each repeated its count) as the terrain
   has in-play hexes, laid on those hexes in reading order (top row first,
   left to right). With 2 players the rest stay in the box.

What the draws lay out, and how a setup is coded: sheetgen.games.gold_west.setup_code.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from sheetgen import rng, setupcode
from sheetgen.games.gold_west.setup_code import PREFIX, Deal, build, colour_hexes, from_code, layout
from sheetgen.ruledata import RuleData

# a game's setup module has generate, from_code and its codes' PREFIX (the GameSpec finds from_code here)
__all__ = ["PREFIX", "draw", "generate", "from_code"]


def draw(rules: RuleData, players: int, seed: str) -> Deal:
    """The draws of the module docstring, in that order."""
    plan = layout(rules, players)
    stream = rng.Stream(seed, rules.game)
    seating = stream.shuffle(range(players))
    tiling = stream.below(len(plan.tilings))
    offices = stream.sample(range(len(plan.offices)), plan.offices_in_play)
    investments = sorted(stream.sample(range(plan.cards), plan.cards_in_play))
    tiles = stream.shuffle(range(len(plan.tiles)))
    rotations = [stream.below(plan.periods[t]) if on else 0 for t, on in zip(tiles, plan.in_play)]
    colours = colour_hexes(plan, tiles, rotations)
    tokens: dict[str, list[int]] = {}
    for code in plan.terrains:
        pool = [i for i, n in enumerate(plan.counts[code]) for _ in range(n)]
        tokens[code] = stream.sample(pool, len(colours[code]))
    return Deal(seating, tiling, offices, investments, tiles, rotations, tokens)


def generate(rules: RuleData, players: Optional[int] = None, seed: Optional[str] = None,
             names: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """A random setup for `players` (default: the most the game allows) from `seed` (default: fresh)."""
    people = setupcode.player_names(rules.title, rules.players, players, names)
    seed = rng.fresh_seed() if seed is None else seed
    return build(rules, people, seed, draw(rules, len(people), seed))
