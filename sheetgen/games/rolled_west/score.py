"""Rolled West: the results model, its checks and its tally.

A results file holds, per player, the claims drawn in each terrain row, the
shipping boxes checked per metal (with the two-number boxes where the player
circled the high number), the contracts and the Boomtown offices circled, and
optionally the total the player added up:

    game: rolled-west
    players:
      - {name: Ann, claims: {woods: [camp, settlement]}, shipping: {copper: {boxes: 3, high: [3]}},
         contracts: [2], offices: [SS]}

Every number comes from the rule data: row spaces and stars, majority values,
shipping boxes, contract costs and points, office scoring terms, the number
of rounds, dice and banking boxes. Names (rows, metals, builds, offices) are
matched in any letter case. Claims, shipping, contracts and offices are marks
on the board: one left out is nothing marked there (a board with nothing
marked at all is pointed out). Scoring categories: claims, majorities,
shipping, contracts, boomtown; they add up to the total.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, TypeVar

from sheetgen.results.model import (Block, Context, Entry, Example, Model, Reader, Scorer, Table, is_int, norm, plural,
                              unknown)
from sheetgen.results.document import Key, PathKey
from sheetgen.schema import Any_, Dict, Field, Int, List, Map, Str, describe

CATEGORIES = ("claims", "majorities", "shipping", "contracts", "boomtown")
T = TypeVar("T")
_SEPARATORS = str.maketrans(dict.fromkeys(" -/,+_", " "))  # between an office's row and column


Office = tuple[str, str]  # an office's (row, column) metals


@dataclass
class Board(Entry):
    """One player's score board as read, with where each mark was written (for messages)."""

    claims: dict[str, list[str]] = field(default_factory=dict)  # row key -> builds ("camp"/"settlement"), in order
    claim_keys: dict[str, str] = field(default_factory=dict)  # row key -> the key as written
    boxes: dict[str, int] = field(default_factory=dict)  # metal -> boxes checked
    high: dict[str, dict[int, int]] = field(default_factory=dict)  # metal -> {box: position in the `high` list}
    ship_keys: dict[str, str] = field(default_factory=dict)  # metal -> the key as written
    contracts: list[tuple[int, int]] = field(default_factory=list)  # (number, position)
    offices: list[tuple[Office, int]] = field(default_factory=list)  # ((row, column), position)

    def ship_path(self, metal: str, *rest: Any) -> PathKey:
        return self.path("shipping", self.ship_keys[metal], *rest)


class RolledWestScorer(Scorer):
    entry_type = Board

    def __init__(self, rules: Any):
        super().__init__(rules)
        self.rounds = rules["rounds"]
        dice = rules["dice"]
        self.resource_dice = dice["count"] - dice["terrain_dice"]
        self.banked = rules["banking"]["between_turns"]
        self.resource_limit = self.rounds * self.resource_dice + self.banked
        self.words: dict[str, str] = {f["resource"]: f["name"] for f in dice["faces"]}
        self.letter_of: dict[str, str] = {f["resource"]: f["letter"].upper() for f in dice["faces"]}
        self.metal_by_word: dict[str, str] = {norm(w): m for m, word in self.words.items() for w in (m, word)}
        self.metal_by_word.update({norm(letter): m for m, letter in self.letter_of.items()})
        claims = rules["claims"]
        self.builds = {"camp": claims["camp"], "settlement": claims["settlement"]}
        self.rows = claims["rows"]
        self.row_by_name = {norm(row[k]): row for row in self.rows for k in ("key", "name")}
        self.ship_rows = rules["shipping"]["rows"]
        self.box_cost = rules["shipping"]["box_cost"]
        self.ship_by_name = {norm(n): row for row in self.ship_rows for n in (row["metal"], self.word(row["metal"]))}
        self.contracts = {c["number"]: c for c in rules["contracts"]}
        town = rules["boomtown"]
        self.offices: dict[Office, dict[str, Any]] = {(o["row"], o["column"]): o for o in town["offices"]}
        self.office_cost = town["cost"]
        self.office_order: list[Office] = [(r, c) for r in town["rows"] for c in town["columns"]]

    def word(self, metal: str) -> str:
        return self.words.get(metal, metal)

    def code(self, cell: Office) -> str:
        return self.letter_of[cell[0]] + self.letter_of[cell[1]]

    def office(self, text: str) -> Optional[Office]:
        """'CS', 'c s', 'Copper-Silver' -> ('copper', 'silver'); None when not an office."""
        raw = norm(text).translate(_SEPARATORS)
        parts = raw.split() if len(raw.replace(" ", "")) != 2 else list(raw.replace(" ", ""))
        metals = [self.metal_by_word.get(part) for part in parts]
        if len(metals) != 2 or metals[0] is None or metals[1] is None:
            return None
        cell = (metals[0], metals[1])
        return cell if cell in self.offices else None

    def filled(self, kinds: list[str]) -> int:
        return sum(self.builds[k]["spaces"] for k in kinds)

    @staticmethod
    def doubles(row: dict[str, Any]) -> dict[int, list[int]]:
        """A shipping row's two-number boxes: box number -> [high, low]."""
        return {box: spec for box, spec in enumerate(row["boxes"], 1) if isinstance(spec, list)}


    # -- the model ------------------------------------------------------------------
    def model(self) -> Model:
        camp, settlement = self.builds["camp"], self.builds["settlement"]
        doubles = ", ".join(map(str, sorted({b for row in self.ship_rows for b in self.doubles(row)})))
        sizes = sorted({len(row["boxes"]) for row in self.ship_rows})
        size_text = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
        numbers = sorted(self.contracts)
        player = Map({
            "name": Field(Str(), help="the player's name, as it should be printed",
                          default=lambda ctx, i: ctx.names[i]),
            "claims": Field(Dict(Str(), List(Str())), required=False, help=[
                "claims: per terrain row, each camp and settlement drawn, left to right,",
                f"e.g. [camp, settlement]. A camp ({camp['wood']} wood) fills "
                f"{plural(camp['spaces'], 'space')}; a settlement",
                f"({settlement['wood']} wood) fills {plural(settlement['spaces'], 'space')}."],
                default=Block([(row["key"], [], f"{row['name']} row: {len(row['spaces'])} spaces")
                               for row in self.rows])),
            "shipping": Field(Dict(Str(), Any_()), required=False, help=[
                f"shipping: boxes checked per metal (0-{size_text}). Boxes {doubles} have two numbers;",
                f"where you circled the high one, write {{boxes: N, high: [{doubles}]}} listing those",
                "boxes. A plain number means no high number circled."],
                default=Block([(row["metal"], 0, f"{self.word(row['metal'])} boxes checked")
                               for row in self.ship_rows])),
            "contracts": Field(List(Int()), required=False, default=[],
                               help=f"contracts you circled, by number ({numbers[0]}-{numbers[-1]}), "
                                    f"e.g. [{numbers[0]}, {numbers[-1]}]"),
            "offices": Field(List(Str()), required=False, default=[],
                             help="Boomtown offices you circled, row letter then column letter, "
                                  f"e.g. [{self.code(self.office_order[1])}]"),
            "total": Field(Int(0), required=False, default=Example(0),
                           help="optional: your own sum; the check compares it with the tally"),
        })
        intro = [f"# {self.title} results: one entry per player, copied from the score boards.",
                 "# Check and tally it with:  sheetgen score THIS-FILE",
                 "# Row, metal and office names may be written in any letter case."]
        return Model(self.game, self.title, player, {}, intro=lambda ctx: intro, outro=self._outro,
                     comment_column=34)

    def _outro(self, ctx: Context) -> list[str]:
        return ["", "# Boomtown offices, row letter then column letter:",
                *(f"#   {self.code(cell)}: {self.offices[cell]['text']}" for cell in self.office_order),
                "# Contracts (number: points):",
                "#   " + ", ".join(f"{n}: {self.contracts[n]['points']}" for n in sorted(self.contracts))]

    # -- one player's board -------------------------------------------------------------
    def read_player(self, r: Reader, board: Board, value: dict[str, Any], broken: set[Key]) -> None:
        live = value.keys() - broken  # a section the schema rejected is skipped
        if "claims" in live:
            self._claims(r, board, value["claims"])
        if "shipping" in live:
            self._shipping(r, board, value["shipping"])
        if "contracts" in live:
            first, last = min(self.contracts), max(self.contracts)
            board.contracts = self._marks(
                r, board, "contracts", value["contracts"], "takes", lambda n: n if n in self.contracts else None,
                lambda n: f"no contract {n}; contracts are numbered {first} to {last}")
        if "offices" in live:
            codes = ", ".join(self.code(c) for c in self.office_order)
            board.offices = self._marks(
                r, board, "offices", value["offices"], "buys", self.office,
                lambda text: f"unknown office '{text}'; write its row letter then its column letter: {codes}")

    def _claims(self, r: Reader, board: Board, claims: dict[Any, Any]) -> None:
        count = 0
        for key, builds in claims.items():
            where = board.path("claims", key)
            row = self.row_by_name.get(norm(key))
            if row is None:
                r.fail(where, unknown("claim row", key, [row["name"] for row in self.rows]), at_key=True)
                continue
            if row["key"] in board.claims:
                r.fail(where, f"the {row['name']} row is already listed as '{board.claim_keys[row['key']]}'",
                       at_key=True)
                continue
            kinds = [norm(build) for build in builds]
            for j, build in enumerate(builds):
                if kinds[j] not in self.builds:
                    r.fail(where + (j,), unknown("claim", build, list(self.builds)))
            kinds = [kind for kind in kinds if kind in self.builds]
            if self.filled(kinds) > len(row["spaces"]):
                r.fail(where, f"{row['name']}: these claims fill {self.filled(kinds)} spaces, "
                              f"but the row has {len(row['spaces'])}")
            board.claims[row["key"]], board.claim_keys[row["key"]] = kinds, key
            count += len(kinds)
        if count > self.rounds:
            r.fail(board.path("claims"), f"{count} claims, but a player makes at most one per turn "
                                         f"and {self.rounds} turns in a game")

    def _shipping(self, r: Reader, board: Board, shipping: dict[Any, Any]) -> None:
        for key, value in shipping.items():
            where = board.path("shipping", key)
            row = self.ship_by_name.get(norm(key))
            if row is None:
                r.fail(where, unknown("shipping row", key, [self.word(row["metal"]) for row in self.ship_rows]),
                       at_key=True)
                continue
            metal, size = row["metal"], len(row["boxes"])
            word = self.word(metal)
            if metal in board.boxes:
                r.fail(where, f"the {word} row is already listed as '{board.ship_keys[metal]}'", at_key=True)
                continue
            boxes, highs, box_path = value, [], where
            if isinstance(value, dict):
                for extra in value:
                    if extra not in ("boxes", "high"):
                        r.fail(where + (extra,), unknown("key", extra, ["boxes", "high"]), at_key=True)
                if "boxes" not in value:
                    r.fail(where, "missing key 'boxes' (how many boxes of this row are checked)")
                    continue
                boxes, highs, box_path = value["boxes"], value.get("high", []), where + ("boxes",)
            if not is_int(boxes):
                r.fail(box_path, f"expected the number of boxes checked (0 to {size}) or "
                                 f"{{boxes: N, high: [...]}}, got {describe(boxes)}")
                continue
            if not 0 <= boxes <= size:
                r.fail(box_path, f"{word}: {boxes} boxes checked, but the row has {size}")
                continue
            board.boxes[metal], board.ship_keys[metal], board.high[metal] = boxes, key, {}
            if not isinstance(highs, list):
                r.fail(where + ("high",), f"expected a list of box numbers, got {describe(highs)}")
                continue
            doubles = self.doubles(row)
            for j, box in enumerate(highs):
                at = where + ("high", j)
                if not is_int(box):
                    r.fail(at, f"expected a box number, got {describe(box)}")
                elif box not in doubles:
                    r.fail(at, f"{word} box {box} has no high number; the two-number boxes are "
                               f"{', '.join(map(str, doubles))}")
                elif box > boxes:
                    r.fail(at, f"high number in {word} box {box}, but only {boxes} boxes are checked")
                elif box in board.high[metal]:
                    r.fail(at, f"{word} box {box} is listed twice")
                else:
                    board.high[metal][box] = j

    def _marks(self, r: Reader, board: Board, key: str, written: list[Any], verb: str,
               parse: Callable[[Any], Optional[T]], unknown_words: Callable[[Any], str]) -> list[tuple[T, int]]:
        """Contracts or offices: each known and listed once, at most one per turn.
        Returns (item, position in the list) for every item accepted."""
        accepted: list[tuple[T, int]] = []
        seen: set[T] = set()
        for j, raw in enumerate(written):
            item = parse(raw)
            if item is None:
                r.fail(board.path(key, j), unknown_words(raw))
            elif item in seen:
                r.fail(board.path(key, j), f"{self.mark(key, item)} is listed twice")
            else:
                seen.add(item)
                accepted.append((item, j))
        if len(written) > self.rounds:
            r.fail(board.path(key), f"{len(written)} {key}, but a player {verb} at most one "
                                    f"per turn and {self.rounds} turns in a game")
        return accepted

    def mark(self, key: str, item: Any) -> str:
        return f"contract {item}" if key == "contracts" else f"office {self.code(item)}"

    # -- across players ---------------------------------------------------------------
    def read(self, r: Reader, table: Table) -> None:
        holders: dict[tuple[str, Any], tuple[Board, int]] = {}  # contracts and offices: one holder each
        for board in table.players:
            for key in ("contracts", "offices"):
                for item, j in getattr(board, key):
                    first, fj = holders.setdefault((key, item), (board, j))
                    if first is not board:
                        r.fail(board.path(key, j), f"{self.mark(key, item)} is also circled by {first.label}"
                                                   f"{r.on_line(first.path(key, fj))}; each {key[:-1]} goes "
                                                   f"to one player")
        # shipping: each high number to one player; a low number means someone holds the high one
        for row in self.ship_rows:
            metal, word = row["metal"], self.word(row["metal"])
            for box, (high, low) in self.doubles(row).items():
                owners = [b for b in table.players if box in b.high.get(metal, {})]
                for board in owners[1:]:
                    first = owners[0]
                    r.fail(board.ship_path(metal, "high", board.high[metal][box]),
                           f"the high number {high} of {word} box {box} is also circled by {first.label}"
                           f"{r.on_line(first.ship_path(metal, 'high', first.high[metal][box]))}; "
                           f"only the first player to reach a box takes it")
                for board in [] if owners else table.players:
                    if board.boxes.get(metal, 0) >= box:
                        r.fail(board.ship_path(metal),
                               f"{board.label} reached {word} box {box} and scores its low number {low}, but "
                               f"nobody circled its high number {high}; the first player to reach it did "
                               f"(add {box} to that player's high list)")
        for board in table.players:
            spent = self.spent(board)
            if sum(spent.values()) > self.resource_limit:
                parts = ", ".join(f"{self.word(k).lower()} {n}" for k, n in spent.items() if n)
                r.fail(board.path(), f"{board.label} spends {sum(spent.values())} resources ({parts}); a player "
                                     f"gets at most {self.resource_limit} in a game ({self.rounds} turns x "
                                     f"{self.resource_dice} resource dice + {self.banked} banked between turns)")

    def spent(self, board: Board) -> Counter[str]:
        """Resources a board spent, by resource."""
        spent: Counter[str] = Counter()
        for kinds in board.claims.values():
            for kind in kinds:
                for k, n in self.builds[kind].items():
                    if k != "spaces":
                        spent[k] += n
        for metal, boxes in board.boxes.items():
            spent[metal] += boxes * self.box_cost
        for number, _ in board.contracts:
            spent.update(self.contracts[number]["cost"])
        for (row, column), _ in board.offices:
            spent[row] += self.office_cost["row"]
            spent[column] += self.office_cost["column"]
        return spent

    def warnings(self, table: Table, ok: bool) -> list[str]:
        return [f"{b.label}: nothing is marked on this sheet" for b in table.players
                if not any(b.claims.values()) and not any(b.boxes.values()) and not b.contracts and not b.offices]

    # -- the tally ------------------------------------------------------------------
    def breakdown(self, table: Table) -> list[dict[str, int]]:
        bonus = majorities(self, [b.claims for b in table.players])
        return [self._tally(b, points, firsts) for b, (points, firsts) in zip(table.players, bonus)]

    def _tally(self, board: Board, majority_points: int, majority_firsts: int) -> dict[str, int]:
        claim_points = claim_stars = settlements = 0
        for row in self.rows:
            kinds = board.claims.get(row["key"], [])
            filled = self.filled(kinds)
            claim_points += sum(v or 0 for v in row["spaces"][:filled])
            claim_stars += sum(1 for star in row["stars"] if star <= filled)
            settlements += kinds.count("settlement")
        ship_points = ship_stars = rows_done = 0
        for row in self.ship_rows:
            metal = row["metal"]
            boxes = board.boxes.get(metal, 0)
            for box, spec in enumerate(row["boxes"][:boxes], 1):
                if isinstance(spec, list):
                    ship_points += spec[0] if box in board.high.get(metal, {}) else spec[1]
                else:
                    ship_points += spec or 0
            ship_stars += sum(1 for star in row["stars"] if star <= boxes)
            rows_done += boxes == len(row["boxes"])
        contracts = [self.contracts[n] for n, _ in board.contracts]
        counts = {
            "fixed": 1,
            "offices": len(board.offices),
            "contracts": len(contracts),
            "majority_firsts": majority_firsts,
            "shipping_rows": rows_done,
            "settlements": settlements,
            "copper_shipped": board.boxes.get("copper", 0),
            "copper_in_contracts": sum(c["cost"].get("copper", 0) for c in contracts),
            "shipping_stars": ship_stars,
            "claim_stars": claim_stars,
        }
        boomtown = sum(per * counts[term] for cell, _ in board.offices
                       for term, per in self.offices[cell]["score"].items())
        return {"claims": claim_points, "majorities": majority_points, "shipping": ship_points,
                "contracts": sum(c["points"] for c in contracts), "boomtown": boomtown}


def majorities(rules: Any, claims: list[dict[str, list[str]]]) -> list[tuple[int, int]]:
    """Claim-row majority bonuses: (points, rows won 1st) for each player.

    `rules`: the rule data (or a scorer); `claims`: per player, row key ->
    builds ("camp"/"settlement"). Strength in a row is the spaces filled, a
    tie won by more settlements; a tie still standing gives each the full
    value, and 2nd place goes to the next strongest even when 1st was shared.
    A player with no claim in a row scores nothing there.
    """
    s = rules if isinstance(rules, RolledWestScorer) else RolledWestScorer(rules)
    points = [0] * len(claims)
    firsts = [0] * len(claims)
    for row in s.rows:
        strength = {}
        for index, rows in enumerate(claims):
            kinds = rows.get(row["key"], [])
            if s.filled(kinds):
                strength[index] = (s.filled(kinds), kinds.count("settlement"))
        levels = sorted(set(strength.values()), reverse=True)
        for place, value in zip(levels, (row["majority"]["first"], row["majority"]["second"])):
            for index, level in strength.items():
                if level == place:
                    points[index] += value
                    firsts[index] += place == levels[0]
    return list(zip(points, firsts))
