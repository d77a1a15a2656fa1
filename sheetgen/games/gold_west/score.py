"""Gold West: check a filled-in results file and tally it.

The results file (DESIGN.md, "Results files") holds, per player, the score
track before final scoring, the influence tracks, settlements and mining
tokens per terrain, the sizes of the building groups and the other counts the
Boomtown offices ask for, the camps in the Wanted area and the resources left
on the supply track; then who holds each Boomtown space.

How a file is read (the template says the same to the players):

- Every field but `name` may be left out (or left empty): numbers count as 0,
  per-terrain maps as all 0, `groups` as no groups, `boomtown` as nobody in it.
- Camps are derived, not written: in each terrain,
  camps = (influence - settlement influence x settlements - investment influence) / camp influence.
  An investment's extra influence is written per terrain in the optional
  `investment_influence: {silver: 1}` (default: none).
- Buildings = camps + settlements. Each building took the mining token of its
  hex, so `mining_tokens` per terrain must equal the buildings there, and
  buildings + camps in Wanted must be every camp piece the player count uses.
- `points` is the score track as it stands before final scoring. With the
  data's `free_cell_in_points` (the rulebook's way: the 4VP is scored when the
  token is placed) the track already holds the 4VP, so the tally moves those
  points from `points` into the `4VP` column; the total is unchanged.
- A Boomtown office lists the holders of its spaces (a player twice for both
  spaces); one extra token may sit on an opponent's (an investment card), so an
  office lists at most its spaces plus the stacked tokens the data allows.

Every number comes from the rule data. Names (terrains, offices, players) are
matched case-insensitively, curly apostrophes accepted.

Scoring categories: points, group, offices, 4VP, terrains, wanted; they add up
to the total (the Wanted penalty is negative). Ranks follow the totals, then the
data's tie-breakers (fewest camps in Wanted, most supply left); players still
level share a rank, and a tie at the top that stands is a shared win.
"""

from __future__ import annotations

import difflib
import itertools
from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.errors import InvalidInput, Problem, UsageProblem
from sheetgen.games.gold_west import hexes
from sheetgen.schema import Any_, Check, Dict, Field, Int, List, Map, Schema, Str, describe
from sheetgen.scoring import ScoredPlayer, ScoreReport, competition_ranks, read_players, total_mismatch
from sheetgen.yamlio import Document

CATEGORIES = ("points", "group", "offices", "4VP", "terrains", "wanted")
TERRAIN_FIELDS = ("influence", "settlements", "mining_tokens", "investment_influence")
COUNT_FIELDS = ("points", "edge", "next_to_opponent", "line", "investments", "shipping_tiles", "wanted", "supply")
# The free cell is a single Boomtown space; the offices share the other cells equally.
_FREE_CELL_SPACES = 1
_TIE_WORDS = {
    "fewest_wanted": ("fewest camps in Wanted", "wanted", min),
    "most_supply": ("most resources left on the supply track", "supply", max),
}


def _norm(text: str) -> str:
    return " ".join(str(text).replace("\u2019", "'").replace("\u2018", "'").casefold().split())


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plural(n: int, word: str, many: Optional[str] = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _names(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Rules:
    """The rule data, indexed the way the checks and the tally need it."""

    def __init__(self, rules: Any):
        self.game = rules.game
        self.title = rules.title
        self.players = rules.players
        self.rules = rules
        kinds = rules["terrains"]["kinds"]
        self.terrains = [k["code"] for k in kinds]
        self.terrain = {k["code"]: k for k in kinds}
        self.terrain_word = {k["code"]: k["name"] for k in kinds}
        self.terrain_key = {k["code"]: _norm(k["name"]) for k in kinds}  # how the template writes it
        self.terrain_by_name: dict[str, str] = {}
        for k in kinds:
            self.terrain_by_name[_norm(k["name"])] = k["code"]
            self.terrain_by_name[_norm(k["code"])] = k["code"]
        self.leader_takes = rules["terrains"]["two_player_leader_takes"]

        pieces = rules["pieces"]
        self.camps_per_player = pieces["camps_per_player"]
        self.influence_tokens = pieces["influence_tokens"]
        self.camp_influence = rules["influence"]["camp"]
        self.settlement_influence = rules["influence"]["settlement"]

        town = rules["boomtown"]
        self.offices = town["offices"]
        self.offices_in_play = town["offices_in_play"]
        self.free_name = town["free_cell"]["name"]
        self.free_points = town["free_cell"]["points"]
        cells = len(town["rows"]) * len(town["columns"])
        self.office_spaces = (cells - _FREE_CELL_SPACES) // self.offices_in_play
        self.office_by_name: dict[str, dict] = {}
        for office in self.offices:
            full = _norm(office["name"])
            self.office_by_name[full] = office
            if full.endswith(" office"):
                stem = full[: -len(" office")]
                self.office_by_name.setdefault(stem, office)
                if stem.endswith("'s"):
                    self.office_by_name.setdefault(stem[:-2], office)

        inv = rules["investments"]
        self.investments_in_play = inv["in_play"]
        self.influence_cards: dict[str, list[int]] = {}
        for card in inv["cards"]:
            if "influence" in card:
                self.influence_cards.setdefault(card["influence"], []).append(card["number"])

        ship = rules["shipping"]
        self.ship_per_player = len(ship["stacks"]) * ship["sections"]
        self.ship_tiles = ship["sections"] * sum(len(stack) for stack in ship["stacks"].values())
        self.ship_metals = len(ship["stacks"])
        self.ship_sections = ship["sections"]

        scoring = rules["scoring"]
        self.largest_group = scoring["largest_group"]
        self.wanted_most = scoring["wanted"]["most"]
        self.wanted_second = scoring["wanted"]["second"]
        self.tie_breakers = scoring["tie_breakers"]
        self.free_in_points = scoring["free_cell_in_points"]
        self.boomtown_pair = scoring["boomtown_pair"]
        self.stacked_tokens = scoring["stacked_tokens"]
        self._boards: dict[int, _Board] = {}

    def parse_terrain(self, key: Any) -> Optional[str]:
        return self.terrain_by_name.get(_norm(key)) if isinstance(key, str) else None

    def terrain_hint(self, key: Any) -> str:
        names = [self.terrain_key[c] for c in self.terrains]
        close = difflib.get_close_matches(_norm(key), names, n=1)
        if close:
            return f"unknown terrain '{key}'; did you mean '{close[0]}'?"
        return f"unknown terrain '{key}'; expected one of: {', '.join(names)}"

    def parse_place(self, key: Any) -> Optional[dict]:
        """A Boomtown key -> the office's data, {} for the free cell, None when unknown."""
        if not isinstance(key, str):
            return None
        text = _norm(key)
        if text.replace(" ", "") == _norm(self.free_name).replace(" ", ""):
            return {}
        return self.office_by_name.get(text)

    def place_hint(self, key: Any) -> str:
        names = [o["name"] for o in self.offices] + [self.free_name]
        close = difflib.get_close_matches(_norm(key), [_norm(n) for n in names], n=1)
        if close:
            match = next(n for n in names if _norm(n) == close[0])
            return f"unknown Boomtown office '{key}'; did you mean '{match}'?"
        return f"unknown Boomtown office '{key}'; expected one of: {', '.join(names)}"

    def board(self, players: int) -> "_Board":
        if players not in self._boards:
            self._boards[players] = _Board(self.rules, players)
        return self._boards[players]


class _Board:
    """Limits the board sets for a player count: edge hexes, hexes by the water, longest line."""

    def __init__(self, rules: Any, players: int):
        land = hexes.land(rules, hexes.in_play_slots(rules, players))
        self.edge = len(hexes.edge(rules, players))
        self.water = len(hexes.touching_water(rules) & land)
        # cube coordinates of "odd-q" hexes; a straight line keeps one of q, r, s fixed
        lines: dict = {}
        for x, y in land:
            q, r = x, -y - (x - (x & 1)) // 2
            for axis, value in (("q", q), ("r", r), ("s", -q - r)):
                lines[(axis, value)] = lines.get((axis, value), 0) + 1
        self.line = max(lines.values(), default=0)


@dataclass
class _Sheet:
    """One player's entry as read, with where each value was written (for messages)."""

    index: int
    name: str = ""
    counts: dict = field(default_factory=dict)  # COUNT_FIELDS -> int
    terrain: dict = field(default_factory=dict)  # field -> {code: int}
    keys: dict = field(default_factory=dict)  # (field, code) -> key as written
    groups: list = field(default_factory=list)
    water_camps: int = 0
    water_settlements: int = 0
    total: Optional[int] = None
    given: set = field(default_factory=set)  # fields written (and not empty)
    broken: set = field(default_factory=set)  # fields that could not be read
    # derived by the checks
    camps: dict = field(default_factory=dict)  # code -> camps
    buildings: Optional[int] = None  # camps + settlements (from influence)
    builds: set = field(default_factory=set)  # the building counts the file allows
    boomtown: list = field(default_factory=list)  # places held: office dicts, {} for the free cell

    def path(self, *rest: Any) -> tuple:
        return ("players", self.index, *rest)

    def at(self, name: str, code: Optional[str] = None) -> tuple:
        """Where a field (and a terrain in it) was written; its player when it was not."""
        if code is not None and (name, code) in self.keys:
            return self.path(name, self.keys[(name, code)])
        return self.path(name) if name in self.given else self.path()

    def count(self, name: str) -> int:
        return self.counts.get(name, 0)

    def of(self, name: str, code: str) -> int:
        return self.terrain.get(name, {}).get(code, 0)

    def sound(self, *names: str) -> bool:
        return not any(n in self.broken for n in names)

    @property
    def label(self) -> str:
        return self.name or f"player {self.index + 1}"

    @property
    def settlements(self) -> int:
        return sum(self.terrain.get("settlements", {}).values())


class _OrNone(Schema):
    """An optional field that may also be written empty (null): it then counts as left out."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def walk(self, value, path, out):
        if value is not None:
            self.schema.walk(value, path, out)


# -- structure ---------------------------------------------------------------

def _schema(R: _Rules) -> Map:
    def game_test(value: Any) -> Optional[str]:
        if isinstance(value, str) and _norm(value) == R.game:
            return None
        return f"this checker reads {R.game} results, got {describe(value)}"

    def opt(schema: Schema) -> Field:
        return Field(_OrNone(schema), required=False)

    fields: dict = {"name": Str()}
    for name in ("points", *TERRAIN_FIELDS, "groups", "edge", "next_to_opponent", "water", *COUNT_FIELDS[3:],
                 "total"):
        if name in TERRAIN_FIELDS:
            fields[name] = opt(Dict(Str(), _OrNone(Int(0))))
        elif name == "groups":
            fields[name] = opt(List(Int(1)))
        elif name == "water":
            fields[name] = opt(Map({"camps": opt(Int(0)), "settlements": opt(Int(0))}))
        else:
            fields[name] = opt(Int(0) if name in COUNT_FIELDS else Int())
    return Map({
        "game": Check(Any_(), game_test),
        "players": List(Map(fields)),
        "boomtown": opt(Dict(Str(), _OrNone(List(Str())))),
    })


# -- reading one player ------------------------------------------------------

class _Reader:
    def __init__(self, doc: Document, R: _Rules):
        self.doc = doc
        self.R = R
        self.problems: list[Problem] = []

    def fail(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, at_key=at_key))

    def player(self, index: int, value: dict, broken: set) -> _Sheet:
        """Read what is well-formed; `broken` names the fields the schema rejected."""
        R = self.R
        sheet = _Sheet(index, broken=set(broken))
        name = value.get("name")
        sheet.name = name.strip() if isinstance(name, str) else ""

        def usable(key: str) -> bool:
            return value.get(key) is not None and key not in broken

        for key in COUNT_FIELDS:
            if usable(key):
                sheet.counts[key] = value[key]
                sheet.given.add(key)
        for key in TERRAIN_FIELDS:
            sheet.terrain[key] = {}
            if not usable(key):
                continue
            sheet.given.add(key)
            for written, n in value[key].items():
                where = sheet.path(key, written)
                code = R.parse_terrain(written)
                if code is None:
                    self.fail(where, R.terrain_hint(written), at_key=True)
                    sheet.broken.add(key)
                elif (key, code) in sheet.keys:
                    self.fail(where, f"{R.terrain_word[code]} is already listed as "
                                     f"'{sheet.keys[(key, code)]}'", at_key=True)
                    sheet.broken.add(key)
                else:
                    sheet.keys[(key, code)] = written
                    sheet.terrain[key][code] = n or 0
        if usable("groups"):
            sheet.groups = list(value["groups"])
            sheet.given.add("groups")
        if usable("water"):
            sheet.given.add("water")
            sheet.water_camps = value["water"].get("camps") or 0
            sheet.water_settlements = value["water"].get("settlements") or 0
        if usable("total"):
            sheet.total = value["total"]
        return sheet

    # -- one player's numbers ------------------------------------------------

    def player_checks(self, s: _Sheet, players: int) -> None:
        R = self.R
        fail = self.fail
        # investments and their influence
        investments = s.count("investments")
        if investments > R.investments_in_play:
            fail(s.at("investments"), f"{investments} investments fulfilled, but only "
                                      f"{R.investments_in_play} investment cards are in play")
        if s.sound("investment_influence"):
            extra = s.terrain["investment_influence"]
            for code, n in extra.items():
                cards = R.influence_cards.get(code, [])
                if n > len(cards):
                    s.broken.add("investment_influence")  # camps cannot be derived from it
                    which = (f"only investment {_names([str(c) for c in cards])} gives it" if len(cards) == 1 else
                             f"only investments {_names([str(c) for c in cards])} give it" if cards else
                             "no investment card gives it")
                    fail(s.at("investment_influence", code),
                         f"{n} investment influence in {R.terrain_word[code]}, but {which} (+1 each)")
            if sum(extra.values()) > investments and s.sound("investments"):
                s.broken.add("investment_influence")
                fail(s.at("investment_influence"),
                     f"{sum(extra.values())} influence from investments, but only "
                     f"{_plural(investments, 'investment')} fulfilled; each card gives at most +1 "
                     f"(write investments: N)")

        # camps from influence; buildings from them and from the mining tokens
        derived = self._camps(s)
        if derived and s.sound("mining_tokens"):
            self._tokens(s)
        elif derived:
            s.builds = {s.buildings}
        elif s.sound("mining_tokens") and "mining_tokens" in s.given:
            s.builds = {sum(s.terrain["mining_tokens"].values())}

        tiles = s.count("shipping_tiles")
        if tiles > R.ship_per_player:
            fail(s.at("shipping_tiles"), f"{tiles} shipping bonus tiles, but a stagecoach takes at most one "
                                         f"per bonus section: {R.ship_sections} sections on each of "
                                         f"{R.ship_metals} tracks = {R.ship_per_player}")

        if players in R.camps_per_player and s.builds and s.sound("wanted"):
            pieces = R.camps_per_player[players]
            wanted = s.count("wanted")
            if not any(b + wanted == pieces for b in s.builds):
                b = s.buildings if s.buildings is not None else min(s.builds)
                what = self._buildings_text(s) if s.buildings is not None else _plural(b, "building")
                fail(s.path(), f"{s.label}: {what} + {wanted} in Wanted = {b + wanted} camp pieces, "
                               f"but each player places all {pieces} in a {players}-player game")

        if s.sound("groups") and s.builds:
            size = sum(s.groups)
            if size not in s.builds:
                b = s.buildings if s.buildings is not None else min(s.builds)
                if "groups" not in s.given:
                    fail(s.path(), f"missing key 'groups': the sizes of your contiguous groups of buildings, "
                                   f"which add up to your {_plural(b, 'building')}")
                else:
                    fail(s.at("groups"), f"groups add up to {_plural(size, 'building')}, but you have "
                                         f"{self._buildings_text(s) if s.buildings is not None else b}")

        board = R.board(players) if R.players[0] <= players <= R.players[1] else None
        most = max(s.builds) if s.builds else None
        for key, words, limit, limit_words in (
                ("edge", "buildings touching the edge", board and board.edge,
                 f"hexes touch the edge of a {players}-player board"),
                ("next_to_opponent", "buildings next to an opponent's", None, ""),
                ("line", "buildings on one line", board and board.line,
                 f"hexes make the longest straight line on a {players}-player board")):
            n = s.count(key)
            if most is not None and n > most:
                fail(s.at(key), f"{key}: {n} {words}, but you have {_plural(most, 'building')}")
            elif limit is not None and n > limit:
                fail(s.at(key), f"{key}: {n} {words}, but only {limit} {limit_words}")
        wet = False
        if derived and s.water_camps > sum(s.camps.values()):
            fail(s.path("water", "camps"), f"water: {_plural(s.water_camps, 'camp')} touching the water, but "
                                           f"you have {_plural(sum(s.camps.values()), 'camp')} on the board")
            wet = True
        if s.sound("settlements") and s.water_settlements > s.settlements:
            fail(s.path("water", "settlements"), f"water: {_plural(s.water_settlements, 'settlement')} touching "
                                                 f"the water, but you have {_plural(s.settlements, 'settlement')}")
            wet = True
        if not wet and board and s.water_camps + s.water_settlements > board.water:
            fail(s.path("water"), f"water: {s.water_camps + s.water_settlements} buildings touching the water, "
                                  f"but only {board.water} hexes do")

    def _camps(self, s: _Sheet) -> bool:
        """Derive camps per terrain from influence; False when the file does not allow it."""
        R = self.R
        if not s.sound("influence", "settlements", "investment_influence"):
            return False
        ok = True
        for code in R.terrains:
            influence = s.of("influence", code)
            settled = s.of("settlements", code)
            extra = s.of("investment_influence", code)
            rest = influence - R.settlement_influence * settled - extra
            word = R.terrain_word[code]
            where = s.at("influence", code) if ("influence", code) in s.keys else \
                s.at("settlements", code) if ("settlements", code) in s.keys else s.at("investment_influence", code)
            if rest < 0:
                parts = [f"{_plural(settled, 'settlement')} ({R.settlement_influence} each)"] if settled else []
                if extra:
                    parts.append(f"{extra} from investments")
                fail_text = f"{word}: influence {influence}, but your {_names(parts)} give {influence - rest}"
                self.fail(where, fail_text)
                ok = False
            elif rest % R.camp_influence:
                self.fail(where, f"{word}: influence {influence} leaves {rest} for camps after settlements "
                                 f"and investments, not a whole number of camps ({R.camp_influence} each)")
                ok = False
            s.camps[code] = max(rest, 0) // R.camp_influence
        if ok:
            s.buildings = sum(s.camps.values()) + s.settlements
        return ok

    def _tokens(self, s: _Sheet) -> None:
        """Mining tokens per terrain = buildings there; note the building counts the file allows."""
        R = self.R
        if "mining_tokens" not in s.given:
            if s.buildings:
                self.fail(s.path(), f"missing key 'mining_tokens': your influence shows "
                                    f"{self._buildings_text(s)}, each holding the mining token of its hex")
            s.builds = {s.buildings}
            return
        for code in R.terrains:
            tokens = s.of("mining_tokens", code)
            camps, settled = s.camps[code], s.of("settlements", code)
            if tokens == camps + settled:
                continue
            word = R.terrain_word[code]
            hint = ""
            if tokens < camps + settled and s.count("investments") and not s.of("investment_influence", code) \
                    and R.influence_cards.get(code):
                hint = (f"; if an investment gave you +1 {word} influence, write "
                        f"investment_influence: {{{R.terrain_key[code]}: 1}}")
            self.fail(s.at("mining_tokens", code),
                      f"{word}: {_plural(tokens, 'mining token')}, but influence {s.of('influence', code)} means "
                      f"{_plural(camps + settled, 'building')} ({_plural(camps, 'camp')}, "
                      f"{_plural(settled, 'settlement')}); each building holds the token of its hex{hint}")
        s.builds = {s.buildings, sum(s.terrain["mining_tokens"].values())}

    @staticmethod
    def _buildings_text(s: _Sheet) -> str:
        camps = sum(s.camps.values())
        return (f"{_plural(s.buildings, 'building')} ({_plural(camps, 'camp')}, "
                f"{_plural(s.settlements, 'settlement')})")


# -- across players ------------------------------------------------------------

def _line(doc: Document, path: tuple, at_key: bool = False) -> str:
    where = doc.problem(path, "", at_key=at_key)
    return f" (line {where.line})" if where.line else ""


def _cross_checks(doc: Document, R: _Rules, reader: _Reader, sheets: list[_Sheet], players: int) -> None:
    fail = reader.fail
    names: dict = {}
    for s in sheets:
        if not s.name:
            continue
        key = _norm(s.name)
        if key in names:
            fail(s.path("name"), f"the name {s.name} is used twice; give each player a different name")
        else:
            names[key] = s

    for key, each, limit, words in (
            ("investments", R.investments_in_play, R.investments_in_play,
             f"only {R.investments_in_play} investment cards are in play"),
            ("shipping_tiles", R.ship_per_player, R.ship_tiles,
             f"there are only {R.ship_tiles} shipping bonus tiles")):
        total = sum(s.count(key) for s in sheets)
        if total > limit and all(s.count(key) <= each for s in sheets):  # else already reported
            fail(("players",), f"the players list {total} {key.replace('_', ' ')} in all, but {words}", at_key=True)

    if R.players[0] <= players <= R.players[1]:
        board = R.board(players)
        for what, count, limit, words in (
                ("edge", lambda s: s.count("edge"), board.edge, "hexes touch the edge of the board"),
                ("water", lambda s: s.water_camps + s.water_settlements, board.water, "hexes touch the water")):
            total = sum(count(s) for s in sheets)
            if total > limit and all(count(s) <= limit for s in sheets):
                fail(("players",), f"the players list {total} buildings on the {what} in all, but only "
                                   f"{limit} {words}", at_key=True)

    _boomtown(doc, R, reader, sheets, names)

    for s in sheets:
        if not s.sound("settlements", "investment_influence"):
            continue
        inv = sum(s.terrain["investment_influence"].values())
        used = s.settlements + inv + len(s.boomtown)
        if used > R.influence_tokens:
            fail(s.path(), f"{s.label} uses {used} influence tokens ({s.settlements} under settlements, "
                           f"{inv} on the influence tracks from investments, {len(s.boomtown)} in Boomtown), "
                           f"but each player has {R.influence_tokens}")


def _boomtown(doc: Document, R: _Rules, reader: _Reader, sheets: list[_Sheet], names: dict) -> None:
    fail = reader.fail
    value = doc.value.get("boomtown") if isinstance(doc.value, dict) else None
    if not isinstance(value, dict):
        return
    player_names = [s.name for s in sheets if s.name]
    seen: dict = {}  # office name (or free cell) -> key as written
    offices = 0
    stacked: list = []  # (key as written, name) of the places holding a stacked token
    for key, holders in value.items():
        if not isinstance(key, str):
            continue  # the schema said so
        where = ("boomtown", key)
        place = R.parse_place(key)
        if place is None:
            fail(where, R.place_hint(key), at_key=True)
            continue
        label = place.get("name", R.free_name)
        if label in seen:
            fail(where, f"{label} is already listed as '{seen[label]}'"
                        f"{_line(doc, ('boomtown', seen[label]), True)}", at_key=True)
            continue
        seen[label] = key
        if place:
            offices += 1
            if offices == R.offices_in_play + 1:
                drawn = [k for k in seen if k != R.free_name][:-1]
                fail(where, f"{label} makes {offices} offices, but only {R.offices_in_play} are drawn each "
                            f"game ({_names(drawn)} {'is' if len(drawn) == 1 else 'are'} listed before)",
                     at_key=True)
        if not isinstance(holders, list):
            continue
        held: list[_Sheet] = []
        for j, holder in enumerate(holders):
            if not isinstance(holder, str):
                continue  # the schema said so
            s = names.get(_norm(holder))
            if s is None:
                close = difflib.get_close_matches(str(holder), player_names, n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"the players are {_names(player_names)}"
                fail(where + (j,), f"'{holder}' is not a player in this file; {hint}")
                continue
            held.append(s)
        spaces = R.office_spaces if place else _FREE_CELL_SPACES
        room = spaces + min(spaces, R.stacked_tokens)
        if len(holders) > room:
            stack = (f" and {_plural(min(spaces, R.stacked_tokens), 'token')} may sit on an opponent's "
                     f"(an investment card)") if R.stacked_tokens else ""
            fail(where, f"{label}: {len(holders)} tokens, but it has {_plural(spaces, 'space')}, "
                        f"one token each{stack}: at most {room}")
            continue
        extra = len(holders) - spaces
        if extra > 0:
            stacked.append((key, label))
            if len(stacked) > R.stacked_tokens:
                first, first_label = stacked[0]
                fail(where, f"{label}: {len(holders)} tokens on {_plural(spaces, 'space')}, but only "
                            f"{_plural(R.stacked_tokens, 'token')} may sit on another in all of Boomtown, "
                            f"and {first_label} has one{_line(doc, ('boomtown', first), True)}")
            elif len(held) == len(holders) and not _can_stack(held, spaces):
                who = _names(sorted({s.label for s in held}))
                if len({s.index for s in held}) == 1:
                    why = f"{who} holds every space and a token on top, but a stacked token goes on an opponent's"
                else:
                    why = (f"a stacked token goes on an opponent's and needs a fulfilled investment, "
                           f"and none of {who} can have placed it")
                fail(where, f"{label}: {len(holders)} tokens on {_plural(spaces, 'space')}; {why}")
        for s in held:
            s.boomtown.append(place)


def _can_stack(held: list[_Sheet], spaces: int) -> bool:
    """Whether some tokens can lie on the spaces and the rest on top of an opponent's,
    each by a player who fulfilled an investment."""
    n = len(held)
    for bottom in itertools.combinations(range(n), spaces):
        top = [held[i] for i in range(n) if i not in bottom]
        if any(not t.count("investments") for t in top):
            continue
        under = [held[i] for i in bottom]
        for chosen in itertools.permutations(under, len(top)):
            if all(t.index != u.index for t, u in zip(top, chosen)):
                return True
    return False


# -- tally -------------------------------------------------------------------------

def _majority(values: list[int], standings: list[tuple]) -> list[tuple[int, bool]]:
    """(points, placed) per player: `values` are the places' bonuses, best first.

    Standings compare as tuples (influence, settlements); players with no
    influence take no place. Players still tied share the places they cover,
    rounded down: two tied for 1st split 1st + 2nd, and nobody is 2nd.
    """
    out = [(0, False)] * len(standings)
    ranked = sorted({st for st in standings if st[0] > 0}, reverse=True)
    place = 0
    for level in ranked:
        if place >= len(values):
            break
        tied = [i for i, st in enumerate(standings) if st == level]
        share = sum(values[place:place + len(tied)]) // len(tied)
        for i in tied:
            out[i] = (share, True)
        place += len(tied)
    return out


def _place_values(R: _Rules, code: str, players: int) -> list[int]:
    kind = R.terrain[code]
    if players == 2:
        return [kind[R.leader_takes]]
    return [kind["first"], kind["second"]]


def terrain_points(rules: Any, terrain: str, standings: list[tuple[int, int]]) -> list[int]:
    """Terrain bonus per player, from each player's (influence, settlements) in `terrain`.

    The number of players is len(standings) (the two-player rule applies to two).
    """
    R = rules if isinstance(rules, _Rules) else _Rules(rules)
    code = R.parse_terrain(terrain)
    if code is None:
        raise ValueError(R.terrain_hint(terrain))
    return [p for p, _ in _majority(_place_values(R, code, len(standings)), standings)]


def wanted_penalties(rules: Any, wanted: list[int]) -> list[int]:
    """The Wanted penalty per player (0 or negative), from each player's camps in Wanted.

    Most Wanted (all tied for most) lose per the data's `most`; when one player
    is Most Wanted alone, the next highest (all tied there) lose per `second`.
    Players with no camp in Wanted lose nothing.
    """
    R = rules if isinstance(rules, _Rules) else _Rules(rules)
    levels = sorted({w for w in wanted if w > 0}, reverse=True)
    out = [0] * len(wanted)
    if not levels:
        return out
    most = [i for i, w in enumerate(wanted) if w == levels[0]]
    rules_by_level = [(levels[0], R.wanted_most)]
    if len(most) == 1 and len(levels) > 1:
        rules_by_level.append((levels[1], R.wanted_second))
    for level, rule in rules_by_level:
        for i, w in enumerate(wanted):
            if w == level:
                out[i] = -(rule["lose"] * (w // rule["per"]))
    return out


def _breakdowns(R: _Rules, sheets: list[_Sheet]) -> list[dict]:
    n = len(sheets)
    bonus = [0] * n
    places = [0] * n
    for code in R.terrains:
        standings = [(s.of("influence", code), s.of("settlements", code)) for s in sheets]
        for i, (points, placed) in enumerate(_majority(_place_values(R, code, n), standings)):
            bonus[i] += points
            places[i] += placed
    penalties = wanted_penalties(R, [s.count("wanted") for s in sheets])

    out = []
    for i, s in enumerate(sheets):
        influence = [s.of("influence", c) for c in R.terrains]
        strongest = max(influence)
        groups = sorted(s.groups, reverse=True)
        terms = {
            "mining_tokens_strongest": max((s.of("mining_tokens", c) for c in R.terrains
                                            if s.of("influence", c) == strongest), default=0) if strongest else 0,
            "terrain_bonuses": places[i],
            "edge": s.count("edge"),
            "least_influence": min(influence),
            "next_to_opponent": s.count("next_to_opponent"),
            "shipping_tiles": s.count("shipping_tiles"),
            "second_group": groups[1] if len(groups) > 1 else 0,
            "water_settlements": s.water_settlements,
            "water_camps": s.water_camps,
            "boomtown_influence_pairs": len(s.boomtown) // R.boomtown_pair,
            "investments": s.count("investments"),
            "line": s.count("line"),
            "settlements": s.settlements,
        }
        offices = 0
        free = 0
        for place in s.boomtown:
            if not place:
                free += R.free_points
                continue
            offices += place["points"] * terms[place["per"]]
            if "also" in place:
                offices += place["also"]["points"] * terms[place["also"]["per"]]
        points = s.count("points") - (free if R.free_in_points else 0)
        out.append({
            "points": points,
            "group": R.largest_group * (groups[0] if groups else 0),
            "offices": offices,
            "4VP": free,
            "terrains": bonus[i],
            "wanted": penalties[i],
        })
    return out


def _warnings(R: _Rules, sheets: list[_Sheet]) -> list[str]:
    out = []
    for s in sheets:
        free = sum(1 for place in s.boomtown if not place) * R.free_points
        if R.free_in_points and free and s.count("points") < free:
            out.append(f"{s.label} holds the {R.free_name} but the score track shows only {s.count('points')}; "
                       f"the {R.free_name} is scored when placed, so the track should hold it")
        for place in s.boomtown:
            if place and place["per"] == "line" and not s.count("line") and s.buildings:
                out.append(f"{s.label} holds the {place['name']} but line is 0; any of your buildings "
                           f"is on a line of at least 1")
                break
    return out


# -- public ---------------------------------------------------------------------

def _examine(doc: Document, rules: Any) -> tuple[list[Problem], list[str], list[_Sheet], list[dict]]:
    R = _Rules(rules)
    low, high = R.players
    found: list = []
    _schema(R).walk(doc.value, (), found)
    problems = [doc.problem(path, message, at_key=at_key) for path, message, at_key in found]
    reader = _Reader(doc, R)
    sheets, listed = read_players(doc, found, reader.player, (low, high), R.game, reader.fail)
    count = listed or 0
    for s in sheets:
        reader.player_checks(s, count)
    _cross_checks(doc, R, reader, sheets, count)
    problems = list(dict.fromkeys(problems + reader.problems))

    breakdowns: list[dict] = []
    if not problems:
        breakdowns = _breakdowns(R, sheets)
        for s, parts in zip(sheets, breakdowns):
            message = total_mismatch(s.total, parts) if s.total is not None else None
            if message:
                problems.append(doc.problem(s.path("total"), message))
    warnings = _warnings(R, sheets) if not problems else []
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems, warnings, sheets, breakdowns


def check(doc: Document, rules: Any) -> tuple[list[Problem], list[str]]:
    """Every problem of a Gold West results file (located), plus warnings."""
    problems, warnings, _, _ = _examine(doc, rules)
    return problems, warnings


def _decide(R: _Rules, sheets: list[_Sheet], totals: list[int]) -> tuple[list[tuple], str]:
    """Sort keys for ranking (total, then the tie-breakers) and the words for what decided the win."""
    keys = []
    for s, total in zip(sheets, totals):
        key = [total]
        for breaker in R.tie_breakers:
            _, field_name, pick = _TIE_WORDS[breaker]
            key.append(-s.count(field_name) if pick is min else s.count(field_name))
        keys.append(tuple(key))
    if not sheets:
        return keys, "no players"
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return keys, "highest total"
    said = []
    for breaker in R.tie_breakers:
        words, field_name, pick = _TIE_WORDS[breaker]
        counts = {i: sheets[i].count(field_name) for i in tied}
        target = pick(counts.values())
        if all(c == target for c in counts.values()):
            said.append(f"{words}: tied at {target}")
            continue
        detail = ", ".join(f"{sheets[i].label} {counts[i]}" for i in tied)
        said.append(f"{words}: {detail}")
        tied = [i for i in tied if counts[i] == target]
        if len(tied) == 1:
            return keys, f"tied on {best}; " + "; ".join(said)
    return keys, f"tied on {best}; " + "; ".join(said) + "; the win is shared (the rulebook calls for a rematch)"


def tally(doc: Document, rules: Any) -> ScoreReport:
    """Check, then score; raise InvalidInput listing every problem."""
    problems, warnings, sheets, breakdowns = _examine(doc, rules)
    if problems:
        raise InvalidInput(problems)
    R = _Rules(rules)
    totals = [sum(parts.values()) for parts in breakdowns]
    keys, decided = _decide(R, sheets, totals)
    ranks = competition_ranks(keys)
    players = [ScoredPlayer(s.name, total, rank, dict(parts), s.total)
               for s, total, rank, parts in zip(sheets, totals, ranks, breakdowns)]
    players.sort(key=lambda p: p.rank)  # stable: file order among equals
    winners = [p.name for p in players if p.rank == 1]
    if len(winners) > 1:
        warnings.append(f"{_names(winners)} tie for the win on {players[0].total}: {decided}")
    return ScoreReport(R.game, players, winners, decided, warnings)


def template(rules: Any, players: int) -> str:
    """A commented results file for `players` players, to fill in after the game."""
    R = _Rules(rules)
    low, high = R.players
    if not _is_int(players) or not low <= players <= high:
        raise UsageProblem("--players", f"{R.game} is played by {low} to {high} players, not {players}")
    pieces = R.camps_per_player[players]
    terrain_names = [R.terrain_key[c] for c in R.terrains]
    zeros = "{" + ", ".join(f"{t}: 0" for t in terrain_names) + "}"
    cards = ", ".join(f"{' and '.join(str(n) for n in R.influence_cards[c])} ({R.terrain_word[c]})"
                      for c in R.terrains if c in R.influence_cards)
    example = R.terrain_key[R.terrains[1 % len(R.terrains)]]
    free = R.free_points
    out = [
        f"# {R.title} results: one entry per player, copied from the board and the player",
        "# boards at the end of the game, before final scoring. Check and tally it with:",
        "#   sheetgen score THIS-FILE",
        f"# Terrains: {', '.join(terrain_names)} (any letter case). A field left out or empty",
        "# counts as 0 (or as nothing); only name is needed.",
        f"# Every camp piece is placed by the end: camps + settlements on the board + camps in",
        f"# Wanted = {pieces} per player with {players} players. Camps are not written: in each terrain",
        f"# they are the influence left after settlements ({R.settlement_influence} each) and investment",
        f"# influence, at {R.camp_influence} per camp.",
        "game: gold-west",
        "players:",
    ]
    for n in range(1, players + 1):
        first = n == 1  # explain each field once, on the first player
        out.append(f"  - name: Player {n}")
        if first:
            note = (f"; the {R.free_name} you took is on it" if R.free_in_points else "")
            out.append(f"    # points: your score track before final scoring{note}")
        out.append("    points: 0")
        if first:
            out.append(f"    # influence: each influence track: camp {R.camp_influence}, settlement "
                       f"{R.settlement_influence}, investment +1")
        out.append(f"    influence: {zeros}")
        if first:
            out.append("    # settlements: per terrain (a camp with an influence token under it)")
        out.append(f"    settlements: {zeros}")
        if first:
            out.append("    # mining_tokens: on your influence tracks, per terrain: one per building")
        out.append(f"    mining_tokens: {zeros}")
        if first:
            out += ["    # investment_influence: the +1 influence of investment cards, per terrain,",
                    f"    # e.g. {{{example}: 1}}; cards {cards}"]
        out.append("    investment_influence: {}")
        if first:
            out += ["    # groups: the size of each of your contiguous groups of buildings, e.g. [6, 2, 1];",
                    "    # they add up to your buildings (camps + settlements)"]
        out.append("    groups: []")
        comments = {
            "edge": "buildings touching the edge of the board",
            "next_to_opponent": "buildings touching an opponent's building",
            "water": "camps and settlements touching the water",
            "line": "most of your buildings on one straight line of hexes",
            "investments": f"investment cards fulfilled (at most {R.investments_in_play})",
            "shipping_tiles": f"shipping bonus tiles taken (at most {R.ship_per_player})",
            "wanted": "your camps in the Wanted area",
            "supply": "resources left on your supply track (breaks ties)",
        }
        for key in ("edge", "next_to_opponent", "water", "line", "investments", "shipping_tiles", "wanted",
                    "supply"):
            code = "    water: {camps: 0, settlements: 0}" if key == "water" else f"    {key}: 0"
            out.append(f"{code:<40}# {comments[key]}" if first else code)
        out.append(f"{'    # total: 0':<40}# optional: your own sum; the check compares it"
                   if first else "    # total: 0")
    pair = R.boomtown_pair
    stack = [f"# A token placed on an opponent's (an investment card; {_plural(R.stacked_tokens, 'such token')}",
             "# in all of Boomtown) is listed too: both players score that space."] if R.stacked_tokens else []
    out += [
        "",
        f"# Boomtown: each of the {R.offices_in_play} offices in play and the {R.free_name}, with the players",
        f"# on its spaces. An office has {_plural(R.office_spaces, 'space')} (list a player twice for both), "
        f"the {R.free_name} one.",
        *stack,
        f"# The {R.free_name} is worth {free}." + "".join(
            f" {o['name']} counts all your tokens in {pair}s, the {R.free_name} included."
            for o in R.offices if o["per"] == "boomtown_influence_pairs"),
        "boomtown:",
        f"  # {R.offices[0]['name']}: [Player 1, Player 2]",
        f"  # {R.free_name}: [Player 1]",
        "",
        "# The offices (points per space held at game end):",
    ]
    for office in R.offices:
        out.append(f"#   {office['name']}: {office['text']}")
    return "\n".join(out) + "\n"
