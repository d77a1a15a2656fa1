"""Rolled West: check a filled-in results file and tally it.

The results file (DESIGN.md, "Results files") holds, per player, the claims
drawn in each terrain row, the shipping boxes checked per metal (with the
two-number boxes where the player circled the high number), the contracts and
the Boomtown offices circled, and optionally the total the player added up.

Every number comes from the rule data: row spaces and stars, majority values,
shipping boxes, contract costs and points, office scoring terms, the number
of rounds, dice and banking boxes. Names (rows, metals, builds, offices) are
matched case-insensitively.

Scoring categories: claims, majorities, shipping, contracts, boomtown; they
add up to the total.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.errors import InvalidInput, Problem, UsageProblem
from sheetgen.schema import Any_, Check, Dict, Field, Int, List, Map, Str, describe
from sheetgen.scoring import ScoredPlayer, ScoreReport, build_report, read_players, total_mismatch
from sheetgen.yamlio import Document

CATEGORIES = ("claims", "majorities", "shipping", "contracts", "boomtown")
_SEPARATORS = " -/,+_"


def _norm(text: str) -> str:
    return text.strip().lower().replace("\u2019", "'").replace("\u2018", "'")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Rules:
    """The rule data, indexed the way the checks and the tally need it."""

    def __init__(self, rules: Any):
        self.game = rules.game
        self.players = rules.players
        self.rounds = rules["rounds"]
        dice = rules["dice"]
        resource_dice = dice["count"] - dice["terrain_dice"]
        self.resource_dice = resource_dice
        self.banked_between = rules["banking"]["between_turns"]
        self.resource_limit = self.rounds * resource_dice + self.banked_between
        self.resource_names = {f["resource"]: f["name"] for f in dice["faces"]}
        self.letters = {f["letter"].upper(): f["resource"] for f in dice["faces"]}
        self.letter_of = {f["resource"]: f["letter"].upper() for f in dice["faces"]}

        claims = rules["claims"]
        self.builds = {"camp": claims["camp"], "settlement": claims["settlement"]}
        self.rows = claims["rows"]
        self.row_by_name: dict[str, dict] = {}
        for row in self.rows:
            self.row_by_name[_norm(row["key"])] = row
            self.row_by_name[_norm(row["name"])] = row

        self.ship_rows = rules["shipping"]["rows"]
        self.box_cost = rules["shipping"]["box_cost"]
        self.ship_by_name: dict[str, dict] = {}
        for row in self.ship_rows:
            self.ship_by_name[_norm(row["metal"])] = row
            self.ship_by_name[_norm(self.resource_names.get(row["metal"], row["metal"]))] = row

        self.contracts = {c["number"]: c for c in rules["contracts"]}
        town = rules["boomtown"]
        self.offices = {(o["row"], o["column"]): o for o in town["offices"]}
        self.office_cost = town["cost"]
        self.office_order = [(r, c) for r in town["rows"] for c in town["columns"]]
        self.tie_rule = _tie_words(rules["tie_breaker"])

    def office_code(self, cell: tuple[str, str]) -> str:
        return self.letter_of[cell[0]] + self.letter_of[cell[1]]

    def metal_word(self, metal: str) -> str:
        return self.resource_names.get(metal, metal)

    def parse_office(self, text: str) -> Optional[tuple[str, str]]:
        """'CS', 'c s', 'Copper-Silver' -> ('copper', 'silver'); None when not an office."""
        raw = _norm(text)
        squeezed = "".join(ch for ch in raw if ch not in _SEPARATORS)
        parts: list[str]
        if len(squeezed) == 2:
            parts = list(squeezed)
        else:
            for sep in _SEPARATORS:
                raw = raw.replace(sep, " ")
            parts = raw.split()
        if len(parts) != 2:
            return None
        metals = []
        for part in parts:
            metal = self.letters.get(part.upper())
            if metal is None:
                metal = next((m for m, n in self.resource_names.items() if _norm(n) == part or m == part), None)
            metals.append(metal)
        cell = (metals[0], metals[1])
        return cell if cell in self.offices else None


def _tie_words(tie: dict) -> str:
    words = {"shared": "tied players share the win"}.get(tie["rule"], tie["rule"])
    return f"{words} ({tie['note']})" if tie.get("note") else words


@dataclass
class _Sheet:
    """One player's sheet as read, with the paths of what was written (for messages)."""

    index: int
    name: str = ""
    # row key -> builds ("camp"/"settlement"), in the order written
    claims: dict = field(default_factory=dict)
    claim_keys: dict = field(default_factory=dict)  # row key -> key as written
    # metal -> boxes checked; metal -> {box: position in the `high` list}
    boxes: dict = field(default_factory=dict)
    high: dict = field(default_factory=dict)
    ship_keys: dict = field(default_factory=dict)  # metal -> key as written
    contracts: list = field(default_factory=list)  # (number, position)
    offices: list = field(default_factory=list)  # ((row, column), position)
    total: Optional[int] = None

    def path(self, *rest: Any) -> tuple:
        return ("players", self.index, *rest)

    def ship_path(self, metal: str, *rest: Any) -> tuple:
        return self.path("shipping", self.ship_keys[metal], *rest)


# -- structure ---------------------------------------------------------------

def _schema(R: _Rules) -> Map:
    def game_test(value: Any) -> Optional[str]:
        if isinstance(value, str) and _norm(value) == R.game:
            return None
        return f"this checker reads {R.game} results, got {describe(value)}"

    player = Map({
        "name": Str(),
        "claims": Field(Dict(Str(), List(Str())), required=False),
        "shipping": Field(Dict(Str(), Any_()), required=False),
        "contracts": Field(List(Int()), required=False),
        "offices": Field(List(Str()), required=False),
        "total": Field(Int(0), required=False),
    })
    return Map({"game": Check(Any_(), game_test), "players": List(player)})


# -- reading one player ----------------------------------------------------------

class _Reader:
    def __init__(self, doc: Document, R: _Rules):
        self.doc = doc
        self.R = R
        self.problems: list[Problem] = []

    def fail(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, at_key=at_key))

    def player(self, index: int, value: dict, broken: set) -> _Sheet:
        """Read what is well-formed; `broken` names the sections the schema rejected."""
        sheet = _Sheet(index)
        sheet.name = value.get("name", "") if isinstance(value.get("name"), str) else ""
        sheet.name = sheet.name.strip()
        if "claims" in value and "claims" not in broken:
            self.claims(sheet, value["claims"])
        if "shipping" in value and "shipping" not in broken:
            self.shipping(sheet, value["shipping"])
        if "contracts" in value and "contracts" not in broken:
            self.contracts(sheet, value["contracts"])
        if "offices" in value and "offices" not in broken:
            self.offices(sheet, value["offices"])
        if "total" in value and "total" not in broken:
            sheet.total = value["total"]
        return sheet

    def claims(self, sheet: _Sheet, claims: dict) -> None:
        R = self.R
        row_names = ", ".join(r["name"] for r in R.rows)
        build_names = " or ".join(R.builds)
        count = 0
        for key, builds in claims.items():
            where = sheet.path("claims", key)
            row = R.row_by_name.get(_norm(key))
            if row is None:
                self.fail(where, f"unknown claim row '{key}'; expected one of {row_names}", at_key=True)
                continue
            if row["key"] in sheet.claims:
                self.fail(where, f"the {row['name']} row is already listed as "
                                 f"'{sheet.claim_keys[row['key']]}'", at_key=True)
                continue
            kinds = []
            for j, build in enumerate(builds):
                kind = _norm(build)
                if kind not in R.builds:
                    self.fail(where + (j,), f"unknown claim '{build}'; expected {build_names}")
                    continue
                kinds.append(kind)
            filled = sum(R.builds[k]["spaces"] for k in kinds)
            if filled > len(row["spaces"]):
                self.fail(where, f"{row['name']}: these claims fill {filled} spaces, "
                                 f"but the row has {len(row['spaces'])}")
            sheet.claims[row["key"]] = kinds
            sheet.claim_keys[row["key"]] = key
            count += len(kinds)
        if count > R.rounds:
            self.fail(sheet.path("claims"), f"{count} claims, but a player makes at most one per turn "
                                            f"and {R.rounds} turns in a game")

    def shipping(self, sheet: _Sheet, shipping: dict) -> None:
        R = self.R
        metal_names = ", ".join(R.metal_word(r["metal"]) for r in R.ship_rows)
        for key, value in shipping.items():
            where = sheet.path("shipping", key)
            row = R.ship_by_name.get(_norm(key))
            if row is None:
                self.fail(where, f"unknown shipping row '{key}'; expected one of {metal_names}", at_key=True)
                continue
            metal = row["metal"]
            word = R.metal_word(metal)
            if metal in sheet.boxes:
                self.fail(where, f"the {word} row is already listed as '{sheet.ship_keys[metal]}'", at_key=True)
                continue
            size = len(row["boxes"])
            high_list: Any = []
            if isinstance(value, dict):
                for extra in value:
                    if extra not in ("boxes", "high"):
                        self.fail(where + (extra,), f"unknown key '{extra}'; expected boxes, high", at_key=True)
                if "boxes" not in value:
                    self.fail(where, "missing key 'boxes' (how many boxes of this row are checked)")
                    continue
                boxes = value["boxes"]
                high_list = value.get("high", [])
                box_path = where + ("boxes",)
            else:
                boxes = value
                box_path = where
            if not _is_int(boxes):
                self.fail(box_path, f"expected the number of boxes checked (0 to {size}) or "
                                    f"{{boxes: N, high: [...]}}, got {describe(boxes)}")
                continue
            if not 0 <= boxes <= size:
                self.fail(box_path, f"{word}: {boxes} boxes checked, but the row has {size}")
                continue
            sheet.boxes[metal] = boxes
            sheet.ship_keys[metal] = key
            sheet.high[metal] = {}
            if not isinstance(high_list, list):
                self.fail(where + ("high",), f"expected a list of box numbers, got {describe(high_list)}")
                continue
            doubles = [b for b, spec in enumerate(row["boxes"], 1) if isinstance(spec, list)]
            doubles_text = ", ".join(map(str, doubles))
            for j, box in enumerate(high_list):
                hp = where + ("high", j)
                if not _is_int(box):
                    self.fail(hp, f"expected a box number, got {describe(box)}")
                elif not 1 <= box <= size or box not in doubles:
                    self.fail(hp, f"{word} box {box} has no high number; "
                                  f"the two-number boxes are {doubles_text}")
                elif box > boxes:
                    self.fail(hp, f"high number in {word} box {box}, but only {boxes} boxes are checked")
                elif box in sheet.high[metal]:
                    self.fail(hp, f"{word} box {box} is listed twice")
                else:
                    sheet.high[metal][box] = j

    def contracts(self, sheet: _Sheet, numbers: list) -> None:
        R = self.R
        sheet.contracts = self._exclusive(
            sheet, "contracts", numbers, "takes",
            parse=lambda number: number if number in R.contracts else None,
            name=lambda number: f"contract {number}",
            unknown=lambda number: (f"no contract {number}; contracts are numbered "
                                    f"{min(R.contracts)} to {max(R.contracts)}"))

    def offices(self, sheet: _Sheet, offices: list) -> None:
        R = self.R
        codes = ", ".join(R.office_code(c) for c in R.office_order)
        sheet.offices = self._exclusive(
            sheet, "offices", offices, "buys",
            parse=R.parse_office,
            name=lambda cell: f"office {R.office_code(cell)}",
            unknown=lambda text: f"unknown office '{text}'; write its row letter then its column letter: {codes}")

    def _exclusive(self, sheet: _Sheet, key: str, written: list, verb: str, *, parse, name, unknown) -> list:
        """Contracts or offices: each known and listed once, at most one per turn.

        Returns (item, position in the list) for every item accepted."""
        accepted: list = []
        seen: set = set()
        for j, raw in enumerate(written):
            item = parse(raw)
            if item is None:
                self.fail(sheet.path(key, j), unknown(raw))
            elif item in seen:
                self.fail(sheet.path(key, j), f"{name(item)} is listed twice")
            else:
                seen.add(item)
                accepted.append((item, j))
        if len(written) > self.R.rounds:
            self.fail(sheet.path(key), f"{len(written)} {key}, but a player {verb} at most one "
                                       f"per turn and {self.R.rounds} turns in a game")
        return accepted


# -- cross-player checks -----------------------------------------------------------

def _line(doc: Document, path: tuple) -> str:
    where = doc.problem(path, "")
    return f" (line {where.line})" if where.line else ""


def _spent(sheet: _Sheet, R: _Rules) -> dict:
    """Resources this sheet spent, by resource."""
    spent: dict = {}

    def add(resource: str, n: int) -> None:
        spent[resource] = spent.get(resource, 0) + n

    for kinds in sheet.claims.values():
        for kind in kinds:
            for resource, n in R.builds[kind].items():
                if resource != "spaces":
                    add(resource, n)
    for metal, boxes in sheet.boxes.items():
        add(metal, boxes * R.box_cost)
    for number, _ in sheet.contracts:
        for metal, n in R.contracts[number]["cost"].items():
            add(metal, n)
    for (row, column), _ in sheet.offices:
        add(row, R.office_cost["row"])
        add(column, R.office_cost["column"])
    return spent


def _cross_checks(doc: Document, R: _Rules, sheets: list[_Sheet], fail) -> None:
    # names
    names: dict = {}
    for s in sheets:
        if not s.name:
            continue
        key = _norm(s.name)
        if key in names:
            fail(s.path("name"), f"the name {s.name} is used twice; give each player a different name")
        names[key] = s

    # contracts and offices: one holder each
    holders: dict = {}
    for s in sheets:
        for key, taken, name in (("contracts", s.contracts, lambda n: f"contract {n}"),
                                 ("offices", s.offices, lambda c: f"office {R.office_code(c)}")):
            for item, j in taken:
                if (key, item) not in holders:
                    holders[(key, item)] = (s, j)
                    continue
                first, fj = holders[(key, item)]
                fail(s.path(key, j), f"{name(item)} is also circled by {first.name}"
                                     f"{_line(doc, first.path(key, fj))}; each {key[:-1]} goes to one player")

    # shipping: each high number to one player; a low number means someone holds the high one
    for row in R.ship_rows:
        metal, word = row["metal"], R.metal_word(row["metal"])
        for box, spec in enumerate(row["boxes"], 1):
            if not isinstance(spec, list):
                continue
            high, low = spec
            owners = [s for s in sheets if box in s.high.get(metal, {})]
            for s in owners[1:]:
                first = owners[0]
                fail(s.ship_path(metal, "high", s.high[metal][box]),
                     f"the high number {high} of {word} box {box} is also circled by {first.name}"
                     f"{_line(doc, first.ship_path(metal, 'high', first.high[metal][box]))}; "
                     f"only the first player to reach a box takes it")
            if owners:
                continue
            for s in sheets:
                if s.boxes.get(metal, 0) >= box:
                    fail(s.ship_path(metal),
                         f"{s.name or 'this player'} reached {word} box {box} and scores its low number "
                         f"{low}, but nobody circled its high number {high}; the first player to reach "
                         f"it did (add {box} to that player's high list)")

    # resources
    limit_text = (f"a player gets at most {R.resource_limit} in a game ({R.rounds} turns x "
                  f"{R.resource_dice} resource dice + {R.banked_between} banked between turns)")
    for s in sheets:
        spent = _spent(s, R)
        total = sum(spent.values())
        if total > R.resource_limit:
            parts = ", ".join(f"{R.metal_word(r).lower()} {n}" for r, n in spent.items() if n)
            fail(s.path(), f"{s.name or 'this player'} spends {total} resources ({parts}); {limit_text}")


# -- tally ----------------------------------------------------------------------

def majorities(rules: Any, claims: list) -> list[tuple[int, int]]:
    """Claim-row majority bonuses: (points, rows won 1st) for each player.

    `claims` holds one mapping per player: row key -> builds ("camp" or
    "settlement"). Strength in a row is the number of spaces filled; a tie is
    won by more settlements; a tie still standing gives all of them the full
    value; 2nd place goes to the next strongest even when 1st was shared. A
    player with no claim in a row scores nothing there.
    """
    R = rules if isinstance(rules, _Rules) else _Rules(rules)
    points = [0] * len(claims)
    firsts = [0] * len(claims)
    for row in R.rows:
        strength = {}
        for index, rows in enumerate(claims):
            kinds = rows.get(row["key"], [])
            filled = sum(R.builds[k]["spaces"] for k in kinds)
            if filled:
                strength[index] = (filled, kinds.count("settlement"))
        levels = sorted(set(strength.values()), reverse=True)
        for place, value in zip(levels, (row["majority"]["first"], row["majority"]["second"])):
            for index, level in strength.items():
                if level == place:
                    points[index] += value
                    firsts[index] += place == levels[0]
    return list(zip(points, firsts))


def _breakdowns(R: _Rules, sheets: list[_Sheet]) -> list[dict]:
    bonus = majorities(R, [s.claims for s in sheets])
    out = []
    for s, (majority_points, majority_firsts) in zip(sheets, bonus):
        claim_points = claim_stars = settlements = 0
        for row in R.rows:
            kinds = s.claims.get(row["key"], [])
            filled = sum(R.builds[k]["spaces"] for k in kinds)
            claim_points += sum(v or 0 for v in row["spaces"][:filled])
            claim_stars += sum(1 for star in row["stars"] if star <= filled)
            settlements += kinds.count("settlement")

        ship_points = ship_stars = rows_done = 0
        for row in R.ship_rows:
            metal = row["metal"]
            boxes = s.boxes.get(metal, 0)
            for box, spec in enumerate(row["boxes"][:boxes], 1):
                if isinstance(spec, list):
                    ship_points += spec[0] if box in s.high.get(metal, {}) else spec[1]
                else:
                    ship_points += spec or 0
            ship_stars += sum(1 for star in row["stars"] if star <= boxes)
            rows_done += boxes == len(row["boxes"])

        contracts = [R.contracts[n] for n, _ in s.contracts]
        counts = {
            "fixed": 1,
            "offices": len(s.offices),
            "contracts": len(contracts),
            "majority_firsts": majority_firsts,
            "shipping_rows": rows_done,
            "settlements": settlements,
            "copper_shipped": s.boxes.get("copper", 0),
            "copper_in_contracts": sum(c["cost"].get("copper", 0) for c in contracts),
            "shipping_stars": ship_stars,
            "claim_stars": claim_stars,
        }
        boomtown = sum(per * counts[term]
                       for cell, _ in s.offices
                       for term, per in R.offices[cell]["score"].items())
        out.append({
            "claims": claim_points,
            "majorities": majority_points,
            "shipping": ship_points,
            "contracts": sum(c["points"] for c in contracts),
            "boomtown": boomtown,
        })
    return out


# -- public ---------------------------------------------------------------------

def _examine(doc: Document, rules: Any) -> tuple[list[Problem], list[str], list[_Sheet], list[dict]]:
    R = _Rules(rules)
    low, high = R.players
    found: list = []
    _schema(R).walk(doc.value, (), found)
    problems = [doc.problem(path, message, at_key=at_key) for path, message, at_key in found]
    reader = _Reader(doc, R)
    sheets, _ = read_players(doc, found, reader.player, (low, high), R.game, reader.fail)
    _cross_checks(doc, R, sheets, reader.fail)
    problems = list(dict.fromkeys(problems + reader.problems))

    breakdowns: list[dict] = []
    if not problems:
        breakdowns = _breakdowns(R, sheets)
        for s, parts in zip(sheets, breakdowns):
            message = total_mismatch(s.total, parts) if s.total is not None else None
            if message:
                problems.append(doc.problem(s.path("total"), message))

    warnings = []
    for s in sheets:
        if not (s.claims and any(s.claims.values())) and not any(s.boxes.values()) \
                and not s.contracts and not s.offices:
            warnings.append(f"{s.name or 'player ' + str(s.index + 1)}: nothing is marked on this sheet")
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems, warnings, sheets, breakdowns


def check(doc: Document, rules: Any) -> tuple[list[Problem], list[str]]:
    """Every problem of a Rolled West results file (located), plus warnings."""
    problems, warnings, _, _ = _examine(doc, rules)
    return problems, warnings


def tally(doc: Document, rules: Any) -> ScoreReport:
    """Check, then score; raise InvalidInput listing every problem."""
    problems, warnings, sheets, breakdowns = _examine(doc, rules)
    if problems:
        raise InvalidInput(problems)
    R = _Rules(rules)
    players = [ScoredPlayer(s.name, sum(parts.values()), 0, dict(parts), s.total)
               for s, parts in zip(sheets, breakdowns)]
    report = build_report(R.game, players, R.tie_rule, warnings)
    if len(report.winners) > 1:
        names = ", ".join(report.winners[:-1]) + " and " + report.winners[-1]
        report.warnings.append(f"{names} tie for the win on {report.players[0].total}: {R.tie_rule}")
    return report


def template(rules: Any, players: int) -> str:
    """A commented results file for `players` players; blank, it already passes check."""
    R = _Rules(rules)
    low, high = R.players
    if not _is_int(players) or not low <= players <= high:
        raise UsageProblem("--players", f"{R.game} is played by {low} to {high} players, not {players}")
    camp, settlement = R.builds["camp"], R.builds["settlement"]
    doubles = ", ".join(str(b) for b in sorted({b for row in R.ship_rows
                                                for b, spec in enumerate(row["boxes"], 1)
                                                if isinstance(spec, list)}))
    sizes = sorted({len(row["boxes"]) for row in R.ship_rows})
    size_text = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
    numbers = sorted(R.contracts)
    key_width = max(len(r["key"]) for r in R.rows) + 1

    def plural(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    def line(code: str, comment: str = "") -> str:
        return f"{code:<34}# {comment}" if comment else code

    out = [
        f"# {rules.title} results: one entry per player, copied from the score boards.",
        "# Check and tally it with:  sheetgen score THIS-FILE",
        "# Row, metal and office names may be written in any letter case.",
        line(f"game: {R.game}", "which game this file is for; leave as it is"),
        "players:",
    ]
    for n in range(1, players + 1):
        first = n == 1  # explain each field once, on the first player
        out.append(line(f"  - name: Player {n}", "the player's name, as it should be printed" if first else ""))
        if first:
            out += [
                "    # claims: per terrain row, each camp and settlement drawn, left to right,",
                f"    # e.g. [camp, settlement]. A camp ({camp['wood']} wood) fills "
                f"{plural(camp['spaces'], 'space')}; a settlement",
                f"    # ({settlement['wood']} wood) fills {plural(settlement['spaces'], 'space')}.",
            ]
        out.append("    claims:")
        for row in R.rows:
            pad = " " * (key_width - len(row["key"]))
            out.append(line(f"      {row['key']}:{pad}[]",
                            f"{row['name']} row: {len(row['spaces'])} spaces" if first else ""))
        if first:
            out += [
                f"    # shipping: boxes checked per metal (0-{size_text}). Boxes {doubles} have two numbers;",
                f"    # where you circled the high one, write {{boxes: N, high: [{doubles}]}} listing those",
                "    # boxes. A plain number means no high number circled.",
            ]
        out.append("    shipping:")
        for row in R.ship_rows:
            out.append(line(f"      {row['metal']}: 0", f"{R.metal_word(row['metal'])} boxes checked" if first else ""))
        out.append(line("    contracts: []", f"contracts you circled, by number ({numbers[0]}-{numbers[-1]}), "
                                            f"e.g. [{numbers[0]}, {numbers[-1]}]" if first else ""))
        example = R.office_code(R.office_order[1])
        out.append(line("    offices: []", f"Boomtown offices you circled, row letter "
                                          f"then column letter, e.g. [{example}]" if first else ""))
        out.append(line("    # total: 0", "optional: your own sum; the check compares it with the tally"
                        if first else ""))
    out += ["", "# Boomtown offices, row letter then column letter:"]
    for cell in R.office_order:
        out.append(f"#   {R.office_code(cell)}: {R.offices[cell]['text']}")
    out.append("# Contracts (number: points):")
    out.append("#   " + ", ".join(f"{k}: {R.contracts[k]['points']}" for k in numbers))
    return "\n".join(out) + "\n"
