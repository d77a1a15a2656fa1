"""Gold West from the map: a results file that lists each player's buildings as hexes.

A face of the Gold West results model (sheetgen/games/gold_west/score.py), not
a second reader: with `setup: CODE` and per player `camps: [D4, ...]` and
`settlements: [C2, ...]`, the counts the model holds (influence, settlements
and mining tokens per terrain, groups, edge, next to an opponent, water,
line) are derived from the map (`mapcount.py`), counts written as well are
checked against it, and the scorer's checks and tally run on the result.
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Protocol, Sequence

from sheetgen.games.gold_west import mapcount
from sheetgen.games.gold_west.entries import GoldWestTable, Sheet
from sheetgen.games.gold_west.setup_code import from_code
from sheetgen.results.model import Reader, and_list, plural
from sheetgen.ruledata import RuleData
from sheetgen.setupcode import SetupCodeError


class MapScorer(Protocol):
    """What the map form needs of the scorer (score.py, which calls it): the rule data and its
    terrains, by code."""

    @property
    def rules(self) -> RuleData: ...
    @property
    def terrains(self) -> Sequence[str]: ...  # the terrain codes, in the data's order
    @property
    def word(self) -> Mapping[str, str]: ...  # code -> the terrain's name
    @property
    def terrain_key(self) -> Mapping[str, str]: ...  # code -> the name as a results file writes it
    @property
    def camps_per_player(self) -> Mapping[int, int]: ...  # player count -> camp pieces each

# The counts a map gives (written as well, they are checked against it).
MAP_DERIVED = ("influence", "settlements", "mining_tokens", "groups", "edge", "next_to_opponent", "water", "line")


def _setup(scorer: MapScorer, r: Reader, table: GoldWestTable) -> None:
    """Decode `setup:`: the board and the offices in play, or a problem at `setup:`."""
    value = r.doc.value if isinstance(r.doc.value, dict) else {}
    code = value.get("setup")
    if not isinstance(code, str) or "setup" in r.broken(()):
        return
    try:
        setup = from_code(scorer.rules, code.strip())
    except SetupCodeError as refused:
        r.fail(("setup",), f"setup: {refused.message}")
        return
    low, high = scorer.rules.players
    if setup["players"] != table.listed:
        if low <= table.listed <= high:  # else the player count is the problem
            r.fail(("setup",), f"setup: this code is for a {setup['players']}-player game, but the file "
                               f"lists {plural(table.listed, 'player')}")
        return
    table.board = mapcount.board(scorer.rules, setup)
    table.offices = list(setup["boomtown"]["offices"])

def read_map(scorer: MapScorer, r: Reader, table: GoldWestTable) -> None:
    """Derive the counts of the players who list their buildings' hexes; check any written too."""
    _setup(scorer, r, table)
    sheets = [s for s in table.players if s.map_form]
    if not sheets:
        return
    for s in table.players:
        if not s.map_form:
            r.fail(s.path(), f"{s.label} gives counts, but {and_list(x.label for x in sheets)} list "
                             f"{'their' if len(sheets) > 1 else 'a'} map: list every player's buildings as "
                             f"hexes (camps: [] for none), or give every player's counts")
    board = table.board
    if board is None:
        value = r.doc.value if isinstance(r.doc.value, dict) else {}
        if "setup" in value and value["setup"] is None:  # written empty (a record sheet's cleared field)
            r.fail(("setup",), "the hexes need their board: write the setup code of this game here (sheetgen "
                               "setup printed it)", at_key=True)
        elif value.get("setup") is None:
            first = sheets[0]
            r.fail(first.path(next(iter(first.hexes))), "the hexes need their board: add setup: CODE "
                                                        "(the setup code of this game) at the top level",
                   at_key=True)
        for s in sheets:  # nothing derived: the checks that need the counts stand aside
            s.given |= set(MAP_DERIVED)
            s.broken |= set(MAP_DERIVED)
        return
    written = {s.index: s.hexes for s in sheets}
    placed, problems = mapcount.check(board, written, {s.index: s.label for s in sheets})
    table.placed = placed
    by_index = {s.index: s for s in sheets}
    trouble: set[Hashable] = set()
    for p in problems:
        s = by_index[p.player]
        trouble.add(p.player)
        if p.position not in r.broken(s.path(p.which)):  # else the schema said so
            r.fail(s.path(p.which, p.position), p.message)
    counts = mapcount.count(scorer.rules, board, placed)
    for s in sheets:
        _derive(scorer, r, s, counts[s.index], broken=s.index in trouble, players=table.listed)

def _derive(scorer: MapScorer, r: Reader, s: Sheet, c: mapcount.Counts, broken: bool, players: int) -> None:
    """Check the counts written against the map's `c`, then score on the map's."""
    inv = s.terrain.get("investment_influence", {})
    influence = {code: c.influence[code] + inv.get(code, 0) for code in scorer.terrains}
    given = {key for key in MAP_DERIVED if key in s.written and key not in s.broken and key not in s.hexes}
    for key, mine in (("influence", influence), ("mining_tokens", c.mining_tokens)):
        if key not in given:
            continue
        for code in scorer.terrains:
            wrote = s.of(key, code)
            if wrote != mine[code]:
                more = " (with investment influence)" if key == "influence" and inv.get(code) else ""
                r.fail(s.at(key, code), f"{key}: you wrote {scorer.word[code]} {wrote}, the map gives "
                                        f"{mine[code]}{more}")
    hand: tuple[tuple[str, Any, Any], ...] = (
            ("groups", sorted(s.groups, reverse=True), c.groups),
            ("edge", s.count("edge"), c.edge), ("next_to_opponent", s.count("next_to_opponent"),
                                                c.next_to_opponent),
            ("line", s.count("line"), c.line))
    for key, said, gives in hand:
        if key in given and said != gives:
            r.fail(s.at(key), f"{key}: you wrote {shown(said)}, the map gives {shown(gives)}")
    if "water" in given:
        for kind, wrote in (("camps", s.water_camps), ("settlements", s.water_settlements)):
            if wrote != c.water[kind]:
                r.fail(s.path("water", kind), f"water: you wrote {plural(wrote, kind[:-1])} touching the "
                                              f"water, the map gives {c.water[kind]}")
    # Score on the map's counts.
    s.terrain["influence"] = influence
    s.terrain["settlements"] = dict(c.settlements)
    s.terrain["mining_tokens"] = dict(c.mining_tokens)
    s.groups = list(c.groups)
    s.counts.update(edge=c.edge, next_to_opponent=c.next_to_opponent, line=c.line)
    s.water_camps, s.water_settlements = c.water["camps"], c.water["settlements"]
    s.given |= set(MAP_DERIVED)
    s.broken -= {"settlements"} if "settlements" in s.hexes else set()
    terrain = scorer.terrain_key
    s.derived = {
        "influence": {terrain[code]: influence[code] for code in scorer.terrains},
        "settlements": {terrain[code]: c.settlements[code] for code in scorer.terrains},
        "mining_tokens": {terrain[code]: c.mining_tokens[code] for code in scorer.terrains},
        "groups": list(c.groups), "edge": c.edge, "next_to_opponent": c.next_to_opponent,
        "water": dict(c.water), "line": c.line,
    }
    if broken:  # a building left off the map: its counts are short, and the checks stand aside
        s.broken |= set(MAP_DERIVED)
        return
    pieces = scorer.camps_per_player.get(players)
    wanted = s.count("wanted")
    built = [(kind, i) for kind in mapcount.KINDS for i in range(len(s.hexes.get(kind, ())))]
    if pieces is not None and s.sound("wanted") and len(built) + wanted > pieces:
        kind, i = built[max(pieces - wanted, 0)]
        s.pieces_reported = True
        r.fail(s.path(kind, i), f"{s.label}: {plural(len(built), 'building')} + {wanted} in Wanted = "
                                f"{len(built) + wanted} camp pieces, but each player has {pieces} in a "
                                f"{players}-player game; this one is more than that")



def shown(value: Any) -> str:
    return "[" + ", ".join(str(v) for v in value) + "]" if isinstance(value, list) else str(value)
