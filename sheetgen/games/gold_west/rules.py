"""The shape of data/gold-west.yaml and the cross-checks a schema cannot say."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Hashable, Optional, Sequence

from sheetgen.errors import Problem
from sheetgen.games.gold_west import hexes
from sheetgen.schema import Bool, Check, Dict, Field, Int, List, Map, Str
from sheetgen.results.document import Document, PathKey

# What an office can count; gold-west scoring gives each its meaning.
OFFICE_TERMS = ("mining_tokens_strongest", "terrain_bonuses", "edge", "least_influence",
                "next_to_opponent", "shipping_tiles", "second_group", "water_settlements",
                "water_camps", "boomtown_influence_pairs", "investments", "line", "settlements")
_CODE = re.compile(r"[A-Z][a-z]")


def _hex(value: Any) -> Optional[str]:
    return None if hexes.parse(value) is not None else 'a hex is written "x,y", e.g. "-1,2"'


HEX = Check(Str(), _hex)
PER_PLAYERS = Dict(Int(1, 10), Int(0, 100))

DATA_FIELDS = {
    "resources": List(Map({"code": Str(), "name": Str(), "metal": Bool()}), min=1),
    "terrains": Map({
        "source": Str(),
        "kinds": List(Map({"code": Str(), "name": Str(), "first": Int(0), "second": Int(0)}), min=1),
        "two_player_leader_takes": Str(choices=("first", "second")),
    }),
    "pieces": Map({
        "source": Str(),
        "camps_per_player": PER_PLAYERS,
        "influence_tokens": Int(1, 100),
        "stagecoaches": Int(1, 10),
    }),
    "influence": Map({"camp": Int(1, 10), "settlement": Int(1, 10)}),
    "board": Map({
        "source": Str(),
        "water": List(HEX, min=1),
        "slots": List(Map({
            "slot": Int(0, 100),
            "where": Str(),
            "centre": HEX,
            "ring": List(HEX, min=6, max=6),
            "two_players": Bool(),
        }), min=1),
        "tiles": List(Map({"tile": Str(), "ring": List(Str(), min=6, max=6), "centre": Str()}), min=1),
    }),
    "mining_tokens": Map({"source": Str()}, extra=Dict(Str(), Int(1, 100))),
    "boomtown": Map({
        "source": Str(),
        "rows": List(Str(), min=1),
        "columns": List(Str(), min=1),
        "offices_in_play": Int(1, 20),
        "free_cell": Map({"name": Str(), "points": Int(0, 100)}),
        "offices": List(Map({
            "name": Str(),
            "points": Int(0, 100),
            "per": Str(choices=OFFICE_TERMS),
            "also": Field(Map({"points": Int(0, 100), "per": Str(choices=OFFICE_TERMS)}), required=False),
            "text": Str(),
        }), min=1),
    }),
    "investments": Map({
        "source": Str(),
        "in_play": Int(1, 100),
        "bonus_tiles": Dict(Int(1, 10), List(Int(0, 100))),
        "cards": List(Map({
            "number": Int(1),
            "cost": Dict(Str(), Int(1, 20)),
            "points": Int(0, 100),
            "ability": Field(Str(), required=False),
            "influence": Field(Str(), required=False),
        }), min=1),
    }),
    "shipping": Map({
        "source": Str(),
        "spaces": Int(1, 20),
        "sections": Int(0, 10),
        "stacks": Dict(Str(), List(Int(0, 100), min=1)),
        "line_points": List(Int(0, 100), max=20),
    }),
    "supply": Map({
        "source": Str(),
        "sections": Int(1, 10),
        "start": List(Map({"order": Int(1, 10), "sections": Dict(Int(0, 10), List(Str(), min=1))}), min=1),
    }),
    "scoring": Map({
        "source": Str(),
        "largest_group": Int(0, 100),
        "wanted": Map({
            "most": Map({"lose": Int(0, 100), "per": Int(1, 100)}),
            "second": Map({"lose": Int(0, 100), "per": Int(1, 100)}),
        }),
        "free_cell_in_points": Bool(),
        "boomtown_pair": Int(1, 100),
        "stacked_tokens": Int(0, 100),
    }),
}


def token_resources(token: str) -> list[str]:
    """"AuAuAg" -> ["Au", "Au", "Ag"]."""
    return _CODE.findall(token)


def check_data(doc: Document) -> list[Problem]:
    """Rules that tie sections together; runs only on structurally valid data."""
    return _DataCheck(doc).run()


class _DataCheck:
    """The cross-checks of Gold West's rule data, section by section, into `out`."""

    def __init__(self, doc: Document):
        self.doc, self.data = doc, doc.value
        self.out: list[Problem] = []
        self.resources = [r["code"] for r in self.data["resources"]]
        self.metals = [r["code"] for r in self.data["resources"] if r["metal"]]
        self.terrains = [t["code"] for t in self.data["terrains"]["kinds"]]
        self.low, self.high = self.data["meta"]["players"]["min"], self.data["meta"]["players"]["max"]

    def run(self) -> list[Problem]:
        self.kinds()
        self.player_tables()
        self.tokens(self.board())
        self.boomtown()
        self.investments()
        self.shipping()
        self.supply()
        return self.out

    def fail(self, path: PathKey, message: str, at_key: bool = False) -> None:
        self.out.append(self.doc.problem(path, message, at_key=at_key))

    def unique(self, path: PathKey, items: Sequence[Hashable], what: str) -> None:
        for item, n in Counter(items).items():
            if n > 1:
                self.fail(path, f"{what} '{item}' appears {n} times")

    def kinds(self) -> None:
        """Resources and terrains once each; a majority's 1st place worth at least its 2nd."""
        self.unique(("resources",), self.resources, "resource")
        self.unique(("terrains", "kinds"), self.terrains, "terrain")
        for i, kind in enumerate(self.data["terrains"]["kinds"]):
            if kind["first"] < kind["second"]:
                self.fail(("terrains", "kinds", i), "1st place is worth less than 2nd")

    def player_tables(self) -> None:
        """Tables by player count: an entry for every count."""
        for section, table in ((("pieces", "camps_per_player"), self.data["pieces"]["camps_per_player"]),
                               (("investments", "bonus_tiles"), self.data["investments"]["bonus_tiles"])):
            for count in range(self.low, self.high + 1):
                if count not in table:
                    self.fail(section, f"missing the entry for {count} players")

    def board(self) -> Counter[str]:
        """The board: slots hold distinct hexes, rings circle their centres, tiles use known terrains."""
        board = self.data["board"]
        self.unique(("board", "slots"), [s["slot"] for s in board["slots"]], "slot")
        seen = Counter(hexes.must_parse(h) for h in board["water"])
        for i, slot in enumerate(board["slots"]):
            centre = hexes.must_parse(slot["centre"])
            ring = [hexes.must_parse(h) for h in slot["ring"]]
            around = hexes.neighbours(centre)
            if not any(ring == around[k:] + around[:k] for k in range(6)):
                self.fail(("board", "slots", i, "ring"),
                          f"the ring must be the six neighbours of {slot['centre']} in cyclic order, "
                          f"e.g. " + " ".join(f'"{hexes.key(h)}"' for h in around))
            seen.update([centre, *ring])
        for hex_, n in seen.items():
            if n > 1:
                self.fail(("board",), f"hex {hexes.key(hex_)} is used {n} times")
        if len(board["tiles"]) != len(board["slots"]):
            self.fail(("board", "tiles"), f"{len(board['tiles'])} tiles for {len(board['slots'])} slots")
        self.unique(("board", "tiles"), [t["tile"] for t in board["tiles"]], "tile")
        hex_count: Counter[str] = Counter()
        for i, tile in enumerate(board["tiles"]):
            for j, code in enumerate(tile["ring"] + [tile["centre"]]):
                if code not in self.terrains:
                    where = ("board", "tiles", i, "ring", j) if j < 6 else ("board", "tiles", i, "centre")
                    self.fail(where, f"unknown terrain '{code}'; expected one of: {', '.join(self.terrains)}")
                hex_count[code] += 1
        return hex_count

    def tokens(self, hex_count: Counter[str]) -> None:
        """Mining tokens: one per hex of each colour, made of known resources."""
        tokens = {k: v for k, v in self.data["mining_tokens"].items() if k != "source"}
        for code in self.terrains:
            if code not in tokens:
                self.fail(("mining_tokens",), f"no tokens for terrain {code}")
        for code, table in tokens.items():
            if code not in self.terrains:
                self.fail(("mining_tokens", code), f"unknown terrain '{code}'", at_key=True)
                continue
            if sum(table.values()) != hex_count[code]:
                self.fail(("mining_tokens", code), f"{sum(table.values())} tokens for the "
                          f"{hex_count[code]} {code} hexes")
            for token in table:
                parts = token_resources(token)
                if "".join(parts) != token or any(p not in self.resources for p in parts):
                    self.fail(("mining_tokens", code, token), f"token '{token}' is not made of "
                              f"resource codes ({', '.join(self.resources)})", at_key=True)

    def boomtown(self) -> None:
        """Boomtown: the drawn offices and the free cell fill the grid exactly."""
        town = self.data["boomtown"]
        for axis in ("rows", "columns"):
            for j, code in enumerate(town[axis]):
                if code not in self.metals:
                    self.fail(("boomtown", axis, j), f"'{code}' is not a metal ({', '.join(self.metals)})")
        cells = len(town["rows"]) * len(town["columns"])
        if 2 * town["offices_in_play"] + 1 != cells:
            self.fail(("boomtown", "offices_in_play"), f"{town['offices_in_play']} two-cell offices and "
                      f"the free cell do not fill {cells} cells")
        if town["offices_in_play"] > len(town["offices"]):
            self.fail(("boomtown", "offices_in_play"), "more offices in play than there are offices")
        self.unique(("boomtown", "offices"), [o["name"].casefold() for o in town["offices"]], "office")

    def investments(self) -> None:
        """Investments: numbered in order, metal costs, known terrains, enough cards."""
        inv = self.data["investments"]
        for i, card in enumerate(inv["cards"]):
            if card["number"] != i + 1:
                self.fail(("investments", "cards", i, "number"),
                          f"cards are numbered 1, 2, 3... in order; expected {i + 1}")
            for metal in card["cost"]:
                if metal not in self.metals:
                    self.fail(("investments", "cards", i, "cost", metal),
                              f"'{metal}' is not a metal ({', '.join(self.metals)})", at_key=True)
            if "influence" in card and card["influence"] not in self.terrains:
                self.fail(("investments", "cards", i, "influence"), f"unknown terrain '{card['influence']}'")
        if inv["in_play"] > len(inv["cards"]):
            self.fail(("investments", "in_play"), f"{inv['in_play']} in play but only "
                      f"{len(inv['cards'])} cards")
        for count, tiles in inv["bonus_tiles"].items():
            if tiles != sorted(tiles, reverse=True):
                self.fail(("investments", "bonus_tiles", count), "list the tiles highest first")

    def shipping(self) -> None:
        """The shipping bonus stacks: one per metal, highest on top."""
        ship = self.data["shipping"]
        for metal, stack in ship["stacks"].items():
            if metal not in self.metals:
                self.fail(("shipping", "stacks", metal), f"'{metal}' is not a metal", at_key=True)
            elif stack != sorted(stack, reverse=True):
                self.fail(("shipping", "stacks", metal), "list each stack top first, highest on top")
        for metal in self.metals:
            if metal not in ship["stacks"]:
                self.fail(("shipping", "stacks"), f"no shipping bonus stack for {metal}")

    def supply(self) -> None:
        """The supply track's start: player orders in order, known sections and resources."""
        supply = self.data["supply"]
        orders = [s["order"] for s in supply["start"]]
        if orders != list(range(1, self.high + 1)):
            self.fail(("supply", "start"), f"list the player orders 1 to {self.high} in order")
        for i, start in enumerate(supply["start"]):
            for section, items in start["sections"].items():
                if section >= supply["sections"]:
                    self.fail(("supply", "start", i, "sections", section),
                              f"the supply track has sections 0 to {supply['sections'] - 1}", at_key=True)
                for j, code in enumerate(items):
                    if code not in self.resources:
                        self.fail(("supply", "start", i, "sections", section, j),
                                  f"unknown resource '{code}'")
