"""Gold West: the results model, its checks and its tally.

Per player: the score track before final scoring, the influence tracks,
settlements and mining tokens per terrain, the building groups, the counts the
Boomtown offices score, the camps in Wanted and the supply left; then who holds
each Boomtown space. How it is read is in docs/RULES.md, "Gold West" (the template says the same).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Optional, Union

from sheetgen.games.gold_west import asciimap, hexes, mapform
from sheetgen.games.gold_west.entries import GoldWestTable, Sheet
from sheetgen.results.document import Key, PathKey
from sheetgen.results.model import (Block, Context, Example, Model, Outcome, Reader, Scorer, Table, and_list,
                                    closest, norm, plural, unknown)
from sheetgen.results.report import ScoreReport
from sheetgen.ruledata import RuleData
from sheetgen.schema import Any_, Check, Dict, Either, Field, Int, List, Map, OrNull, Str, describe

CATEGORIES = ("points", "group", "offices", "4VP", "terrains", "wanted")
TERRAIN_FIELDS = ("influence", "settlements", "mining_tokens", "investment_influence")
COUNT_FIELDS = ("points", "edge", "next_to_opponent", "line", "investments", "shipping_tiles", "wanted", "supply")
# The counts checked against the buildings, in words (messages and labels).
ON_BOARD = {"edge": "buildings touching the edge", "next_to_opponent": "buildings next to an opponent's",
            "line": "buildings on one line"}
# The count each office term (the data's `per`) reads; the other terms read the terrain maps,
# which the checks hold against one another, or Boomtown itself.
TERM_FIELD = {"mining_tokens_strongest": "mining_tokens", "edge": "edge", "next_to_opponent": "next_to_opponent",
              "shipping_tiles": "shipping_tiles", "second_group": "groups", "water_settlements": "water",
              "water_camps": "water", "investments": "investments", "line": "line"}
# What the map form derives from where the buildings stand (the rest is written as in the count form).
# The free cell is a single Boomtown space; the offices share the other cells equally.
FREE_CELL_SPACES = 1


# What the board of a player count allows: edge hexes, hexes by the water, the longest line.
@dataclass(frozen=True)
class Board:
    edge: int
    water: int
    line: int


@dataclass
class _TownRead:
    """What reading Boomtown has found so far."""

    names: dict[str, Sheet]  # a player's name as compared -> their Sheet
    player_names: list[str]
    in_play: Optional[list[str]]  # the setup's offices, when the file gives its setup
    hints: bool = True  # suggest names (not when the player count is the problem)
    seen: dict[str, str] = field(default_factory=dict)  # office name (or free cell) -> key as written
    offices: int = 0
    # (key as written, name) of the places holding a stacked token
    stacked: list[tuple[str, str]] = field(default_factory=list)


def limits(rules: RuleData) -> dict[str, Int]:
    """The most each count of a results file can be, from the pieces: a player's camp pieces
    (buildings, Wanted), settlements (an influence token each), the resources every mining token,
    start and investment can bring to a supply track, and the points play can give (placing in the
    supply track's last section, every investment, every shipping tile and VP line, the free cell).
    Finer limits (the board, the investments in play, the tiles a stagecoach takes) are the
    scorer's checks."""
    pieces = max(rules["pieces"]["camps_per_player"].values())
    settled = min(pieces, rules["pieces"]["influence_tokens"])
    influence = rules["influence"]
    cards = rules["investments"]["cards"]
    from_cards = max((sum(1 for c in cards if c.get("influence") == k["code"]) for k in rules["terrains"]["kinds"]),
                     default=0)
    ship, supply = rules["shipping"], rules["supply"]
    resources = sum(len(code) // 2 * n for tokens in rules["mining_tokens"].values() if isinstance(tokens, dict)
                    for code, n in tokens.items() if isinstance(n, int))
    started = sum(len(held) for start in supply["start"] for held in start["sections"].values())
    in_play = rules["investments"]["in_play"]
    points = (pieces * (supply["sections"] - 1) + sum(c["points"] for c in cards)
              + ship["sections"] * sum(sum(stack) for stack in ship["stacks"].values())
              + len(ship["stacks"]) * sum(ship["line_points"]) + rules["boomtown"]["free_cell"]["points"])
    camps = f"{pieces} camp pieces"
    hexes = sum(1 + len(slot["ring"]) for slot in rules["board"]["slots"])
    return {
        "buildings": Int(0, pieces, camps),
        "hexes": Int(0, hexes, f"the board's {hexes} land hexes"),  # the scorer's checks say more
        "group": Int(1, pieces, camps),
        "settlements": Int(0, settled, f"{settled} influence tokens under camp pieces"),
        "mining_tokens": Int(0, pieces, f"one a building, {camps}"),
        "influence": Int(0, settled * influence["settlement"] + (pieces - settled) * influence["camp"] + from_cards,
                         f"{camps} as settlements, and investments"),
        "supply": Int(0, resources + started + 2 * in_play, "every mining token's resources, every start, "
                                                             "and 2 a card in play"),
        "points": Int(0, points, "every placement, investment, shipping tile and VP line"),
    }


class GoldWestScorer(Scorer):
    entry_type = Sheet
    table_type = GoldWestTable

    def __init__(self, rules: RuleData):
        super().__init__(rules)
        kinds = rules["terrains"]["kinds"]
        self.terrains = [k["code"] for k in kinds]
        self.terrain = {k["code"]: k for k in kinds}
        self.word = {k["code"]: k["name"] for k in kinds}
        self.terrain_key = {k["code"]: norm(k["name"]) for k in kinds}  # how the template writes it
        self.terrain_by_name = {norm(k[f]): k["code"] for k in kinds for f in ("name", "code")}
        self.leader_takes = rules["terrains"]["two_player_leader_takes"]
        self.camps_per_player = rules["pieces"]["camps_per_player"]
        self.influence_tokens = rules["pieces"]["influence_tokens"]
        self.camp_influence, self.settlement_influence = rules["influence"]["camp"], rules["influence"]["settlement"]
        town = rules["boomtown"]
        self.offices, self.offices_in_play = town["offices"], town["offices_in_play"]
        self.free_name, self.free_points = town["free_cell"]["name"], town["free_cell"]["points"]
        self.office_spaces = (len(town["rows"]) * len(town["columns"]) - FREE_CELL_SPACES) // self.offices_in_play
        self.office_by_name: dict[str, dict[str, Any]] = {}
        self.office_needs: dict[str, list[str]] = {}  # field -> the offices that score it
        for office in self.offices:
            full = norm(office["name"])
            self.office_by_name[full] = office
            if full.endswith(" office"):
                stem = full[: -len(" office")]
                self.office_by_name.setdefault(stem, office)
                if stem.endswith("'s"):
                    self.office_by_name.setdefault(stem[:-2], office)
            for term in (office["per"], office.get("also", {}).get("per")):
                if term in TERM_FIELD and office["name"] not in self.office_needs.setdefault(TERM_FIELD[term], []):
                    self.office_needs[TERM_FIELD[term]].append(office["name"])
        self.investments_in_play = rules["investments"]["in_play"]
        self.influence_cards: dict[str, list[int]] = {}
        for card in rules["investments"]["cards"]:
            if "influence" in card:
                self.influence_cards.setdefault(card["influence"], []).append(card["number"])
        ship = rules["shipping"]
        self.ship_metals, self.ship_sections = len(ship["stacks"]), ship["sections"]
        self.ship_per_player = self.ship_metals * self.ship_sections
        self.ship_tiles = ship["sections"] * sum(len(stack) for stack in ship["stacks"].values())
        scoring = rules["scoring"]
        self.largest_group = scoring["largest_group"]
        self.wanted_most, self.wanted_second = scoring["wanted"]["most"], scoring["wanted"]["second"]
        self.free_in_points, self.boomtown_pair = scoring["free_cell_in_points"], scoring["boomtown_pair"]
        self.stacked_tokens = scoring["stacked_tokens"]
        self._boards: dict[int, Board] = {}
        self.limits = limits(rules)

    def parse_terrain(self, key: Any) -> Optional[str]:
        return self.terrain_by_name.get(norm(key)) if isinstance(key, str) else None

    def parse_place(self, key: str) -> Optional[dict[str, Any]]:
        """A Boomtown key -> the office's data, {} for the free cell, None when unknown."""
        if norm(key).replace(" ", "") == norm(self.free_name).replace(" ", ""):
            return {}
        return self.office_by_name.get(norm(key))

    def board(self, players: int) -> Board:
        if players not in self._boards:
            land = hexes.land(self.rules, hexes.in_play_slots(self.rules, players))
            # cube coordinates of "odd-q" hexes; a line keeps one of q, r, s
            lines: Counter[tuple[str, int]] = Counter()
            for x, y in land:
                q, r = x, -y - (x - (x & 1)) // 2
                lines.update([("q", q), ("r", r), ("s", -q - r)])
            self._boards[players] = Board(len(hexes.edge(self.rules, players)),
                                          len(hexes.touching_water(self.rules) & land), max(lines.values(), default=0))
        return self._boards[players]


    # -- the model ------------------------------------------------------------------
    def model(self) -> Model:
        zeros = {self.terrain_key[c]: 0 for c in self.terrains}
        ties = [name for _, name in self.rules.tie_breakers.order]

        def opt(key: str, schema: Any, help: Any, default: Any, *always: str, label: str = "") -> Field:
            needs = [*always, *self.office_needs.get(key, []), *(["the tie-breaker"] if key in ties else [])]
            return Field(OrNull(schema), required=False, help=help, default=default, label=label, needs=needs)

        most = self.limits

        def terrain(key: str) -> Dict:
            return Dict(Str(), OrNull(most[key]))

        places = List(Check(Any_(), _hex_item))
        cards = ", ".join(f"{' and '.join(str(n) for n in self.influence_cards[c])} ({self.word[c]})"
                          for c in self.terrains if c in self.influence_cards)
        example = self.terrain_key[self.terrains[1 % len(self.terrains)]]
        track = "points: your score track before final scoring"
        return Model(self.game, self.title, Map({
            "name": Field(Str(), default=lambda ctx, i: ctx.names[i]),
            "points": opt("points", most["points"], [f"{track}; the {self.free_name} you took is on it",
                                             "(it is scored when placed)"] if self.free_in_points else
                          [track, f"(the {self.free_name} is added at the end)"], 0, "points",
                          label="your score track"),
            "influence": opt("influence", terrain("influence"), ["influence: each influence track, per terrain", (
                f"(camp {self.camp_influence}, settlement {self.settlement_influence}, investment +1)")], zeros,
                "terrains", label="influence per terrain"),
            "camps": opt("camps", places, "map form (with setup:): your camps' hexes, e.g. [D4, E5]",
                         Example([]), label="your camps' hexes"),
            "settlements": opt("settlements", Either(places, terrain("settlements"),
                                                     "a list of hexes or a mapping of terrains"), [
                "settlements: per terrain (a camp with an influence token under it);",
                "a settlement is a building, as a camp is; map form: their hexes, e.g. [C2]"], zeros, "terrains",
                label="settlements per terrain"),
            "mining_tokens": opt("mining_tokens", terrain("mining_tokens"), [
                "mining_tokens: on your influence tracks, per terrain: one per building",
                "(each building took the mining token of its hex)"], zeros, "the building count",
                label="mining tokens per terrain"),
            "investment_influence": opt("investment_influence", Dict(Str(), OrNull(Int(0))), [
                "investment_influence: the +1 influence of investment cards, per terrain,",
                f"e.g. {{{example}: 1}}; cards {cards}"], {}),
            "groups": opt("groups", List(most["group"], max=most["group"].max), [
                "groups: the size of each of your contiguous groups of buildings, e.g. [6, 2, 1];",
                "they add up to your buildings (camps + settlements)"], [], "group", label="the sizes of your groups"),
            "edge": opt("edge", most["hexes"], "buildings touching the edge of the board", 0, label=ON_BOARD["edge"]),
            "next_to_opponent": opt("next_to_opponent", most["hexes"], "buildings touching an opponent's building", 0,
                                    label=ON_BOARD["next_to_opponent"]),
            "water": opt("water", Map({k: Field(OrNull(most["hexes"]), required=False)
                                       for k in ("camps", "settlements")}),
                         "camps and settlements touching the water", {"camps": 0, "settlements": 0},
                         label="buildings touching the water"),
            "line": opt("line", most["hexes"], "most of your buildings on one straight line of hexes", 0,
                        label=ON_BOARD["line"]),
            "investments": opt("investments", Int(0), f"investment cards fulfilled (at most "
                               f"{self.investments_in_play})", 0, "investment influence",
                               label="investment cards fulfilled"),
            "shipping_tiles": opt("shipping_tiles", Int(0), f"shipping bonus tiles taken (at most "
                                  f"{self.ship_per_player})", 0, label="shipping bonus tiles"),
            "wanted": opt("wanted", most["buildings"], "your camps in the Wanted area", 0, "wanted", label="camps in Wanted"),
            "supply": opt("supply", most["supply"], "resources left on your supply track (breaks ties)", 0,
                          label="resources left on the supply track"),
            "total": Field(OrNull(Int()), required=False, default=Example(0),
                           help="optional: your own sum; the check compares it"),
        }), {"setup": Field(OrNull(Str()), required=False, help=_SETUP_HELP,
                            default=lambda ctx: ctx.setup["code"] if ctx.setup else Example(f"GW{ctx.players}-...")),
             "boomtown": Field(OrNull(Dict(Str(), OrNull(List(Str())))), required=False, default=self._boomtown_default,
                               help=self._boomtown_help)},
            intro=self._intro, outro=self._outro)

    def offices_in(self, setup: dict[str, Any]) -> list[dict[str, Any]]:
        """The offices a realised setup puts in play, as the rule data has them."""
        return [self.office_by_name[norm(name)] for name in setup["boomtown"]["offices"]]

    def unused_needs(self, setup: dict[str, Any]) -> frozenset[str]:
        """The offices a setup leaves out: the counts only they score are not asked for."""
        in_play = {office["name"] for office in self.offices_in(setup)}
        return frozenset(office["name"] for office in self.offices if office["name"] not in in_play)

    def _boomtown_default(self, ctx: Context) -> Optional[Block]:
        """Blank (the outro shows how it is written), or for one setup its offices and the free cell."""
        if not ctx.setup:
            return None
        return Block([*((office["name"], [], office["text"]) for office in self.offices_in(ctx.setup)),
                      (self.free_name, [], f"{self.free_points} points")])

    def _intro(self, ctx: Context) -> list[str]:
        return [
            f"# {self.title} results: one entry per player, copied from the board and the player",
            "# boards at the end of the game, before final scoring. Check and tally it with:",
            "#   sheetgen score THIS-FILE",
            f"# Terrains: {', '.join(self.terrain_key[c] for c in self.terrains)} (any letter case). Write every",
            "# count an office you hold scores; any other left out or empty counts as 0.",
            "# Every camp piece is placed by the end: camps + settlements on the board + camps in",
            f"# Wanted = {self.camps_per_player[ctx.players]} per player with {ctx.players} players. Camps are not "
            f"written: in each terrain",
            f"# they are the influence left after settlements ({self.settlement_influence} each) and investment",
            f"# influence, at {self.camp_influence} per camp.",
        ]

    def _boomtown_help(self, ctx: Context) -> list[str]:
        free, stacked = self.free_name, self.stacked_tokens
        stack = [f"A token placed on an opponent's (an investment card; {plural(stacked, 'such token')}",
                 "in all of Boomtown) is listed too: both players score that space."] if stacked else []
        return [f"Boomtown: each of the {self.offices_in_play} offices in play and the {free}, with the players",
                f"on its spaces. An office has {plural(self.office_spaces, 'space')} (list a player twice for both), "
                f"the {free} one.", *stack,
                f"The {free} is worth {self.free_points}." + "".join(
                    f" {o['name']} counts all your tokens in {self.boomtown_pair}s, the {free} included."
                    for o in (self.offices_in(ctx.setup) if ctx.setup else self.offices)
                    if o["per"] == "boomtown_influence_pairs")]

    def _outro(self, ctx: Context) -> list[str]:
        names = ctx.names
        if ctx.setup:  # the offices in play are listed above, with what they score
            return []
        return [f"  # {self.offices[0]['name']}: [{names[0]}, {names[1 % len(names)]}]",
                f"  # {self.free_name}: [{names[0]}]", "", "# The offices (points per space held at game end):",
                *(f"#   {office['name']}: {office['text']}" for office in self.offices)]

    # -- reading one player -----------------------------------------------------------
    def read_player(self, r: Reader, s: Sheet, value: dict[str, Any], broken: set[Key]) -> None:
        """Read what is well-formed; `broken` names the fields the schema rejected."""
        s.broken = set(broken)
        usable = {key for key, v in value.items() if v is not None and key not in broken}
        s.counts = {key: value[key] for key in COUNT_FIELDS if key in usable}
        s.written = set(s.given)
        for key in hexes.BUILDING_LISTS:
            if isinstance(value.get(key), list):
                s.hexes[key] = value[key]
        if s.map_form:
            s.hexes.setdefault("camps", [])
        for key in TERRAIN_FIELDS:
            s.terrain[key] = {}
            if key in s.hexes:
                continue
            for written, n in (value[key].items() if key in usable else ()):
                code = self.parse_terrain(written)
                if code is None:
                    r.fail(s.path(key, written), unknown("terrain", written, list(self.terrain_key.values())),
                           at_key=True)
                    s.broken.add(key)
                elif (key, code) in s.keys:
                    r.fail(s.path(key, written), f"{self.word[code]} is already listed as '{s.keys[(key, code)]}'",
                           at_key=True)
                    s.broken.add(key)
                else:
                    s.keys[(key, code)] = written
                    s.terrain[key][code] = n or 0
        if "groups" in usable:
            s.groups = list(value["groups"])
        if "water" in usable:
            s.water_camps = value["water"].get("camps") or 0
            s.water_settlements = value["water"].get("settlements") or 0

    def _check_player(self, r: Reader, s: Sheet, players: int) -> None:
        self._check_investments(r, s)
        derived = self._derive_buildings(r, s)
        self._check_shipping_tiles(r, s)
        self._check_pieces_and_groups(r, s, players)
        low, high = self.rules.players
        board = self.board(players) if low <= players <= high else None
        self._check_board_counts(r, s, players, board)
        self._check_water(r, s, board, derived)

    def _check_investments(self, r: Reader, s: Sheet) -> None:
        """Investments fulfilled, and the influence they gave, within the cards in play."""
        fail = r.fail
        investments = s.count("investments")
        if investments > self.investments_in_play:
            fail(s.at("investments"), f"{investments} investments fulfilled, but only "
                                      f"{self.investments_in_play} investment cards are in play")
        if s.sound("investment_influence"):
            extra = s.terrain["investment_influence"]
            for code, n in extra.items():
                cards = [str(c) for c in self.influence_cards.get(code, [])]
                if n > len(cards):
                    s.broken.add("investment_influence")  # camps cannot be derived from it
                    which = (f"only investment {cards[0]} gives it" if len(cards) == 1 else
                             f"only investments {and_list(cards)} give it" if cards else "no investment card gives it")
                    fail(s.at("investment_influence", code),
                         f"{n} investment influence in {self.word[code]}, but {which} (+1 each)")
            if sum(extra.values()) > investments and s.sound("investments"):
                s.broken.add("investment_influence")
                fail(s.at("investment_influence"),
                     f"{sum(extra.values())} influence from investments, but only "
                     f"{plural(investments, 'investment')} fulfilled; each card gives at most +1 "
                     f"(write investments: N)")

    def _derive_buildings(self, r: Reader, s: Sheet) -> bool:
        """Camps from influence; the building counts the file allows, from them and from the
        mining tokens (`s.builds`). False when camps cannot be derived."""
        buildings = self._camps(r, s)
        if buildings is not None and s.sound("mining_tokens"):
            self._tokens(r, s, buildings)
        elif buildings is not None:
            s.builds = {buildings}
        elif s.sound("mining_tokens") and "mining_tokens" in s.given:
            s.builds = {sum(s.terrain["mining_tokens"].values())}
        return buildings is not None

    def _check_shipping_tiles(self, r: Reader, s: Sheet) -> None:
        fail = r.fail
        tiles = s.count("shipping_tiles")
        if tiles > self.ship_per_player:
            fail(s.at("shipping_tiles"), f"{tiles} shipping bonus tiles, but a stagecoach takes at most one "
                                         f"per bonus section: {self.ship_sections} sections on each of "
                                         f"{self.ship_metals} tracks = {self.ship_per_player}")

    def _check_pieces_and_groups(self, r: Reader, s: Sheet, players: int) -> None:
        """Buildings and Wanted use every camp piece; the groups add up to the buildings."""
        fail = r.fail
        b = s.buildings if s.buildings is not None else min(s.builds) if s.builds else 0
        what = self._buildings_text(s) if s.buildings is not None else plural(b, "building")
        if players in self.camps_per_player and s.builds and s.sound("wanted") and not s.pieces_reported:
            pieces, wanted = self.camps_per_player[players], s.count("wanted")
            if not any(n + wanted == pieces for n in s.builds):
                fail(s.path(), f"{s.label}: {what} + {wanted} in Wanted = {b + wanted} camp pieces, "
                               f"but each player places all {pieces} in a {players}-player game")
        if s.sound("groups") and s.builds and sum(s.groups) not in s.builds:
            if "groups" not in s.given:
                s.reported.add("groups")
                fail(s.path(), f"missing key 'groups': the sizes of your contiguous groups of buildings, "
                               f"which add up to your {plural(b, 'building')}")
            else:
                fail(s.at("groups"), f"groups add up to {plural(sum(s.groups), 'building')}, but you have "
                                     f"{what if s.buildings is not None else b}")

    def _check_board_counts(self, r: Reader, s: Sheet, players: int, board: Optional[Board]) -> None:
        """Edge, next-to-opponent and line counts within the buildings and the board."""
        fail = r.fail
        most = max(s.builds) if s.builds else None
        for key, limit, limit_words in (
                ("edge", board.edge if board else None, f"hexes touch the edge of a {players}-player board"),
                ("next_to_opponent", None, ""),
                ("line", board.line if board else None,
                 f"hexes make the longest straight line on a {players}-player board")):
            n = s.count(key)
            if most is not None and n > most:
                fail(s.at(key), f"{key}: {n} {ON_BOARD[key]}, but you have {plural(most, 'building')}")
            elif limit is not None and n > limit:
                fail(s.at(key), f"{key}: {n} {ON_BOARD[key]}, but only {limit} {limit_words}")

    def _check_water(self, r: Reader, s: Sheet, board: Optional[Board], derived: bool) -> None:
        """Buildings touching the water within the buildings and the board's water hexes."""
        fail = r.fail
        wet = False
        if derived and s.water_camps > sum(s.camps.values()):
            fail(s.path("water", "camps"), f"water: {plural(s.water_camps, 'camp')} touching the water, but "
                                           f"you have {plural(sum(s.camps.values()), 'camp')} on the board")
            wet = True
        if s.sound("settlements") and s.water_settlements > s.settlements:
            fail(s.path("water", "settlements"), f"water: {plural(s.water_settlements, 'settlement')} touching "
                                                 f"the water, but you have {plural(s.settlements, 'settlement')}")
            wet = True
        if not wet and board and s.water_camps + s.water_settlements > board.water:
            fail(s.path("water"), f"water: {s.water_camps + s.water_settlements} buildings touching the water, "
                                  f"but only {board.water} hexes do")

    def _camps(self, r: Reader, s: Sheet) -> Optional[int]:
        """Derive camps per terrain from influence, and so the buildings (`s.buildings`, returned);
        None when the file does not allow it."""
        if not s.sound("influence", "settlements", "investment_influence"):
            return None
        ok = True
        for code in self.terrains:
            influence, settled = s.of("influence", code), s.of("settlements", code)
            extra = s.of("investment_influence", code)
            rest = influence - self.settlement_influence * settled - extra
            word = self.word[code]
            where = next((s.at(key, code) for key in ("influence", "settlements") if (key, code) in s.keys),
                         s.at("investment_influence", code))
            if rest < 0:
                parts = [f"{plural(settled, 'settlement')} ({self.settlement_influence} each)"] if settled else []
                if extra:
                    parts.append(f"{extra} from investments")
                r.fail(where, f"{word}: influence {influence}, but your {and_list(parts)} give {influence - rest}")
                ok = False
            elif rest % self.camp_influence:
                r.fail(where, f"{word}: influence {influence} leaves {rest} for camps after settlements "
                              f"and investments, not a whole number of camps ({self.camp_influence} each)")
                ok = False
            s.camps[code] = max(rest, 0) // self.camp_influence
        if not ok:
            return None
        s.buildings = sum(s.camps.values()) + s.settlements
        return s.buildings

    def _tokens(self, r: Reader, s: Sheet, buildings: int) -> None:
        """Mining tokens per terrain = buildings there (`buildings` in all, from influence); note the
        building counts the file allows."""
        if "mining_tokens" not in s.given:
            if buildings:
                s.reported.add("mining_tokens")
                r.fail(s.path(), f"missing key 'mining_tokens': your influence shows "
                                 f"{self._buildings_text(s)}, each holding the mining token of its hex")
            s.builds = {buildings}
            return
        for code in self.terrains:
            tokens = s.of("mining_tokens", code)
            camps, settled = s.camps[code], s.of("settlements", code)
            if tokens == camps + settled:
                continue
            word, hint = self.word[code], ""
            if tokens < camps + settled and s.count("investments") and not s.of("investment_influence", code) \
                    and self.influence_cards.get(code):
                hint = (f"; if an investment gave you +1 {word} influence, write "
                        f"investment_influence: {{{self.terrain_key[code]}: 1}}")
            r.fail(s.at("mining_tokens", code),
                   f"{word}: {plural(tokens, 'mining token')}, but influence {s.of('influence', code)} means "
                   f"{plural(camps + settled, 'building')} ({plural(camps, 'camp')}, "
                   f"{plural(settled, 'settlement')}); each building holds the token of its hex{hint}")
        s.builds = {buildings, sum(s.terrain["mining_tokens"].values())}

    @staticmethod
    def _buildings_text(s: Sheet) -> str:
        return (f"{plural(s.buildings or 0, 'building')} ({plural(sum(s.camps.values()), 'camp')}, "
                f"{plural(s.settlements, 'settlement')})")

    # -- across players ---------------------------------------------------------------
    def read(self, r: Reader, table: GoldWestTable) -> None:
        sheets, players = table.players, table.listed
        if "setup" in (r.doc.value if isinstance(r.doc.value, dict) else {}) or \
                any(s.map_form for s in table.players):
            mapform.read_map(self, r, table)
        for s in sheets:
            self._check_player(r, s, players)
        for key, each, limit, words in (
                ("investments", self.investments_in_play, self.investments_in_play,
                 f"only {self.investments_in_play} investment cards are in play"),
                ("shipping_tiles", self.ship_per_player, self.ship_tiles,
                 f"there are only {self.ship_tiles} shipping bonus tiles")):
            total = sum(s.count(key) for s in sheets)
            if total > limit and all(s.count(key) <= each for s in sheets):  # else already reported
                # at the last player who lists any: on a pad, a box the player wrote in
                last = [s for s in sheets if s.count(key)][-1]
                r.fail(last.path() + (key,), f"the players list {total} {key.replace('_', ' ')} in all, but {words}")
        low, high = self.rules.players
        if low <= players <= high:
            board = self.board(players)
            for what, counts, limit, words in (
                    ("edge", [s.count("edge") for s in sheets], board.edge, "hexes touch the edge of the board"),
                    ("water", [s.water_camps + s.water_settlements for s in sheets], board.water,
                     "hexes touch the water")):
                if sum(counts) > limit and max(counts) <= limit:
                    last = [s for s, n in zip(sheets, counts) if n][-1]
                    r.fail(last.path() + (what,), f"the players list {sum(counts)} buildings on the {what} in all, "
                                                  f"but only {limit} {words}")
        self._boomtown(r, sheets, table.offices)
        for s in sheets:
            if not s.sound("settlements", "investment_influence"):
                continue
            inv = sum(s.terrain["investment_influence"].values())
            used = s.settlements + inv + len(s.boomtown)
            if used > self.influence_tokens:
                r.fail(s.path(), f"{s.label} uses {used} influence tokens ({s.settlements} under settlements, "
                                 f"{inv} on the influence tracks from investments, {len(s.boomtown)} in Boomtown), "
                                 f"but each player has {self.influence_tokens}")

    def derived(self, s: Sheet) -> Optional[dict[str, Any]]:
        return s.derived

    def report(self, outcome: Outcome) -> ScoreReport:
        """The ranked report; a file that gives the map has a picture of it too (`score --map`)."""
        report = super().report(outcome)
        table = outcome.table
        if table.board is None or table.placed is None:
            return report
        names = {s.index: s.label for s in table.players}
        return replace(report, picture=asciimap.draw(table.board, table.placed, names))

    def _boomtown(self, r: Reader, sheets: list[Sheet], in_play: Optional[list[str]] = None) -> None:
        value = r.doc.value.get("boomtown") if isinstance(r.doc.value, dict) else None
        if not isinstance(value, dict):
            return
        town = _TownRead(names={norm(s.name): s for s in reversed(sheets) if s.name},  # the first of a name twice
                         player_names=[s.name for s in sheets if s.name], in_play=in_play)
        town.hints = len(town.player_names) <= self.rules.players[1]  # else the player count is the problem
        for key, holders in value.items():
            if not isinstance(key, str):
                continue  # the schema said so
            place = self._town_place(r, town, key)
            if place is None or not isinstance(holders, list):
                continue
            held = self._town_holders(r, town, ("boomtown", key), holders)
            if self._town_tokens_fit(r, town, key, place, holders, held):
                for s in held:
                    s.boomtown.append(place)

    def _town_place(self, r: Reader, town: _TownRead, key: str) -> Optional[dict[str, Any]]:
        """The office (or the free cell: {}) a Boomtown key names, once, in play; None if it is not."""
        where = ("boomtown", key)
        place = self.parse_place(key)
        if place is None:
            r.fail(where, unknown("Boomtown office", key, [o["name"] for o in self.offices] + [self.free_name]),
                   at_key=True)
            return None
        label = place.get("name", self.free_name)
        if label in town.seen:
            r.fail(where, f"{label} is already listed as '{town.seen[label]}'"
                          f"{r.on_line(('boomtown', town.seen[label]), True)}", at_key=True)
            return None
        town.seen[label] = key
        if place and town.in_play is not None and place["name"] not in town.in_play:
            r.fail(where, f"{label} is not in play in this game: the setup's offices are {and_list(town.in_play)}",
                   at_key=True)
        elif place:
            town.offices += 1
            if town.offices == self.offices_in_play + 1:
                drawn = [k for k in town.seen if k != self.free_name][:-1]
                r.fail(where, f"{label} makes {town.offices} offices, but only {self.offices_in_play} are drawn each "
                              f"game ({and_list(drawn)} {'is' if len(drawn) == 1 else 'are'} listed before)",
                       at_key=True)
        return place

    def _town_holders(self, r: Reader, town: _TownRead, where: PathKey, holders: list[Any]) -> list[Sheet]:
        """The players a place's list names (each a name of this file)."""
        held: list[Sheet] = []
        for j, holder in enumerate(holders):
            s = town.names.get(norm(holder)) if isinstance(holder, str) else None
            if s is not None:
                held.append(s)
            elif isinstance(holder, str):  # else the schema said so
                hint = closest(holder, town.player_names) if town.hints else None
                r.fail(where + (j,), f"'{holder}' is not a player in this file" + (
                    f"; did you mean '{hint}'?" if hint else f"; the players are {and_list(town.player_names)}"
                    if town.hints else ""))
        return held

    def _town_tokens_fit(self, r: Reader, town: _TownRead, key: str, place: dict[str, Any], holders: list[Any],
                         held: list[Sheet]) -> bool:
        """Whether the tokens fit the place's spaces (and the stacked tokens the game allows);
        False for a list too long to hold."""
        where = ("boomtown", key)
        label = place.get("name", self.free_name)
        spaces = self.office_spaces if place else FREE_CELL_SPACES
        most = min(spaces, self.stacked_tokens)
        if len(holders) > spaces + most:  # longer lists never reach the stacking check
            stack = (f" and {plural(most, 'token')} may sit on an opponent's (an investment card)"
                     if self.stacked_tokens else "")
            r.fail(where, f"{label}: {len(holders)} tokens, but it has {plural(spaces, 'space')}, "
                          f"one token each{stack}: at most {spaces + most}")
            return False
        if len(holders) <= spaces:
            return True
        town.stacked.append((key, label))
        if len(town.stacked) > self.stacked_tokens:
            first, first_label = town.stacked[0]
            r.fail(where, f"{label}: {len(holders)} tokens on {plural(spaces, 'space')}, but only "
                          f"{plural(self.stacked_tokens, 'token')} may sit on another in all of Boomtown, "
                          f"and {first_label} has one{r.on_line(('boomtown', first), True)}")
        elif len(held) == len(holders) and not _can_stack(held, spaces):
            who = and_list(sorted({s.label for s in held}))
            if len({s.index for s in held}) == 1:
                why = f"{who} holds every space and a token on top, but a stacked token goes on an opponent's"
            else:
                why = (f"a stacked token goes on an opponent's and needs a fulfilled investment, "
                       f"and none of {who} can have placed it")
            r.fail(where, f"{label}: {len(holders)} tokens on {plural(spaces, 'space')}; {why}")
        return True

    def needed(self, table: Table, s: Sheet) -> set[str]:
        """The offices this player holds (a count one of them scores must be written), less those
        whose count a check here already reported missing. See the module's docstring for the rest."""
        covered = {office for key in s.reported for office in self.office_needs.get(key, [])}
        return {"points", *(place["name"] for place in s.boomtown if place)} - covered

    # -- the tally --------------------------------------------------------------------
    def breakdown(self, table: Table) -> list[dict[str, int]]:
        sheets = table.players
        n = len(sheets)
        bonus, places = [0] * n, [0] * n
        for code in self.terrains:
            standings = [(s.of("influence", code), s.of("settlements", code)) for s in sheets]
            for i, (points, placed) in enumerate(_majority(self.place_values(code, n), standings)):
                bonus[i] += points
                places[i] += placed
        penalties = wanted_penalties(self, [s.count("wanted") for s in sheets])
        out: list[dict[str, int]] = []
        for i, s in enumerate(sheets):
            influence = [s.of("influence", c) for c in self.terrains]
            strongest = max(influence)
            groups = sorted(s.groups, reverse=True)
            terms = {
                "mining_tokens_strongest": max((s.of("mining_tokens", c) for c in self.terrains
                                                if s.of("influence", c) == strongest), default=0) if strongest else 0,
                "terrain_bonuses": places[i],
                "least_influence": min(influence),
                "second_group": groups[1] if len(groups) > 1 else 0, "settlements": s.settlements,
                "water_settlements": s.water_settlements, "water_camps": s.water_camps,
                "boomtown_influence_pairs": len(s.boomtown) // self.boomtown_pair,
                **{key: s.count(key) for key in ("edge", "next_to_opponent", "shipping_tiles", "investments", "line")},
            }
            offices = sum(rule["points"] * terms[rule["per"]]
                          for place in s.boomtown if place for rule in (place, place.get("also")) if rule)
            free = self.free_points * sum(1 for place in s.boomtown if not place)
            out.append({"points": s.count("points") - (free if self.free_in_points else 0),
                        "group": self.largest_group * (groups[0] if groups else 0), "offices": offices, "4VP": free,
                        "terrains": bonus[i], "wanted": penalties[i]})
        return out

    def place_values(self, code: str, players: int) -> list[int]:
        kind = self.terrain[code]
        return [kind[self.leader_takes]] if players == 2 else [kind["first"], kind["second"]]

    def warnings(self, table: Table, ok: bool) -> list[str]:
        out: list[str] = []
        for s in table.players if ok else ():
            free = sum(1 for place in s.boomtown if not place) * self.free_points
            if self.free_in_points and free and s.count("points") < free:
                out.append(f"{s.label} holds the {self.free_name} but the score track shows only "
                           f"{s.count('points')}; the {self.free_name} is scored when placed, so the track "
                           f"should hold it")
            surveyor = next((p for p in s.boomtown if p and p["per"] == "line"), None)
            if surveyor and not s.count("line") and s.buildings:
                out.append(f"{s.label} holds the {surveyor['name']} but line is 0; any of your buildings "
                           f"is on a line of at least 1")
        return out

    def tie_value(self, s: Sheet, name: str) -> int:
        return s.count(name)

    def entry_has(self, s: Sheet, name: str) -> bool:
        """Camps in Wanted left out are known all the same once the pieces add up (the check passed
        with 0): buildings + Wanted = every camp piece."""
        return name == "wanted" and bool(s.builds)


_SETUP_HELP = [
    "Map form: the setup code (sheetgen setup printed it). With it, each player lists the hexes",
    "of their buildings (camps: [D4, E5], settlements: [C2]; a label, or \"x,y\" quoted) and the map",
    "gives influence, settlements, mining tokens, groups, edge, next_to_opponent, water and line",
    "(counts written as well are checked against it); investment_influence is still written."]


def _hex_item(value: Any) -> Optional[str]:
    """A hex in a list of buildings: a label or "x,y" (what it names is checked against the board)."""
    if value is None or isinstance(value, (bool, list, dict)):
        return f"expected a hex such as D4 or \"-2,1\", got {describe(value)}"
    return None


def _can_stack(held: list[Sheet], spaces: int) -> bool:
    """Whether some tokens can lie on the spaces and the rest on top of an opponent's, each
    by a player who fulfilled an investment. The tokens on top go to distinct tokens below of
    other players; such a placement exists exactly when no player has more tokens than there
    are spaces (Hall's condition: one player's tokens on top need as many others below) and the
    players with an investment hold at least as many tokens as lie on top. Linear in `held`."""
    most = max(Counter(s.index for s in held).values(), default=0)
    return most <= spaces and sum(1 for s in held if s.count("investments")) >= len(held) - spaces


def _majority(values: list[int], standings: list[tuple[int, int]]) -> list[tuple[int, bool]]:
    """(points, placed) per player: `values` are the places' bonuses, best first.

    Standings compare as tuples (influence, settlements); players with no
    influence take no place. Players still tied share the places they cover,
    rounded down: two tied for 1st split 1st + 2nd, and nobody is 2nd.
    """
    out = [(0, False)] * len(standings)
    place = 0
    for level in sorted({st for st in standings if st[0] > 0}, reverse=True):
        if place >= len(values):
            break
        tied = [i for i, st in enumerate(standings) if st == level]
        share = sum(values[place:place + len(tied)]) // len(tied)
        for i in tied:
            out[i] = (share, True)
        place += len(tied)
    return out


def terrain_points(rules: Union[RuleData, GoldWestScorer], terrain: str,
                   standings: list[tuple[int, int]]) -> list[int]:
    """Terrain bonus per player, from each player's (influence, settlements) in `terrain`.

    The number of players is len(standings) (the two-player rule applies to two).
    """
    scorer = rules if isinstance(rules, GoldWestScorer) else GoldWestScorer(rules)
    code = scorer.parse_terrain(terrain)
    if code is None:
        raise ValueError(unknown("terrain", terrain, list(scorer.terrain_key.values())))
    return [p for p, _ in _majority(scorer.place_values(code, len(standings)), standings)]


def wanted_penalties(rules: Union[RuleData, GoldWestScorer], wanted: list[int]) -> list[int]:
    """The Wanted penalty per player (0 or negative), from each player's camps in Wanted.

    Most Wanted (all tied for most) lose per the data's `most`; when one player
    is Most Wanted alone, the next highest (all tied there) lose per `second`.
    Players with no camp in Wanted lose nothing.
    """
    scorer = rules if isinstance(rules, GoldWestScorer) else GoldWestScorer(rules)
    levels = sorted({w for w in wanted if w > 0}, reverse=True)
    out = [0] * len(wanted)
    if not levels:
        return out
    by_level = [(levels[0], scorer.wanted_most)]
    if wanted.count(levels[0]) == 1 and len(levels) > 1:
        by_level.append((levels[1], scorer.wanted_second))
    for level, rule in by_level:
        for i, w in enumerate(wanted):
            if w == level:
                out[i] = -(rule["lose"] * (w // rule["per"]))
    return out
