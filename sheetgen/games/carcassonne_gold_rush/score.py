"""Carcassonne: Gold Rush: check a filled-in results file and tally it.

The results file (DESIGN.md, "Results files") names the players, their
score-track points before final scoring (`points`), the mining tokens each
collected by value (`tokens`), and the features left on the board at game end
(`features`): railroads, mountains, cities and prairies with the cowboys on
them. Optional `completed` lists the features completed and scored during
play, and optional `totals` what each player added up.

Rule decisions (the rulebooks in shared/rules, publisher's text first):
- In-game points come from `completed` when it lists anything; `points` is
  then optional, and when given it is only compared with the completed
  features: a disagreement is a warning, the completed features count. Without
  `completed`, `points` is required for every player.
- A feature is scored by the majority of the cowboys on it; tied players all
  score in full; a feature with no cowboys scores for nobody (a warning).
- Completed railroads: 1 per tile, doubled with exactly one locomotive.
  Incomplete railroads: 1 per tile, locomotives ignored (accepted, unused).
- Mountains: 1 per nugget symbol, completed or not. Tokens a majority took
  from a completed mountain belong in that player's `tokens`.
- Cities: the merchant scores 3 per completed railroad connected.
- Prairies (game end only; never in `completed`): most farmers own them,
  2 per tipi camp, 4 per wild-horse herd.
- Tokens: their nugget values, crushed rock 0.
- At most 4 cowboys of a colour in play (5, one the score marker): merchants,
  railway workers, miners and farmers left on the board at game end add up to
  4 at most. Tents are not cowboys and are not listed.
- 63 mining tokens in all: more collected is a problem; more of one value than
  the rulebook's (unverified) count is a warning only.

Every number comes from the rule data (data/carcassonne-gold-rush.yaml).
Player names are matched case-insensitively.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.errors import InvalidInput, Problem, UsageProblem
from sheetgen.schema import Any_, Check, Dict, Field, Int, List, Map, Schema, Str, describe
from sheetgen.scoring import ScoredPlayer, ScoreReport, build_report, total_mismatch
from sheetgen.yamlio import Document

CATEGORIES = ("in-game", "railroads", "mountains", "cities", "prairies", "tokens")
KINDS = ("railroad", "mountain", "city", "prairie")
# what a feature kind may be called in a results file (after case folding)
_KIND_NAMES = {
    "railroad": "railroad", "railroads": "railroad", "railway": "railroad", "railway line": "railroad",
    "mountain": "mountain", "mountains": "mountain",
    "city": "city", "cities": "city",
    "prairie": "prairie", "prairies": "prairie",
}
ROLES = {"railroad": "workers", "mountain": "miners", "city": "merchant", "prairie": "farmers"}
_ROLE_WORDS = {"workers": "railway workers", "miners": "miners", "farmers": "farmers", "merchant": "merchant"}
# feature kind -> final-scoring category
_FINAL_CATEGORY = {"railroad": "railroads", "mountain": "mountains", "city": "cities", "prairie": "prairies"}


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().replace("\u2019", "'").replace("\u2018", "'").split())


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Maybe(Schema):
    """`schema`, or nothing at all (a key written with no value counts as empty)."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def walk(self, value, path, out):
        if value is not None:
            self.schema.walk(value, path, out)


class _Rules:
    """The rule data, indexed the way the checks and the tally need it."""

    def __init__(self, rules: Any):
        self.game = rules.game
        self.title = rules.title
        self.players = rules.players
        self.colours = list(rules["colours"])
        cowboys = rules["cowboys"]
        self.cowboys = cowboys["per_colour"]
        self.markers = cowboys["score_markers"]
        self.in_play = self.cowboys - self.markers
        self.tiles = rules["tiles"]
        self.lap = rules["score_track"]["spaces"]
        railroad = rules["railroad"]
        self.per_tile = railroad["per_tile"]
        self.loco_exactly = railroad["locomotive"]["exactly"]
        self.loco_multiplier = railroad["locomotive"]["multiplier"]
        self.per_nugget = rules["mountain"]["per_nugget"]
        self.min_nuggets = rules["mountain"]["min_nuggets"]
        city = rules["city"]
        self.per_railroad = city["per_railroad"]
        self.tracks_min, self.tracks_max = city["tracks"]["min"], city["tracks"]["max"]
        self.per_tipi = rules["prairie"]["per_tipi"]
        self.per_horses = rules["prairie"]["per_horses"]
        tokens = rules["mining_tokens"]
        self.token_total = tokens["total"]
        self.token_counts = {t["value"]: t["count"] for t in tokens["values"]}
        self.token_names = {t["value"]: t.get("name", "") for t in tokens["values"]}
        tie = rules["tie_breaker"]
        words = {"shared": "tied players share the win"}.get(tie["rule"], tie["rule"])
        self.tie_rule = f"{words} ({tie['note']})" if tie.get("note") else words

    @property
    def cowboy_note(self) -> str:
        return (f"{self.cowboys} per colour, {self.markers} the score marker"
                if self.markers else f"{self.cowboys} per colour")

    def city_range(self, completed: bool) -> tuple[int, int]:
        """Completed railroads a city can count: every track of a completed city lies on a
        completed railroad, and one railroad covers at most 2 of its tracks; an incomplete
        city has at least one track still open."""
        if completed:
            return -(-self.tracks_min // 2), self.tracks_max
        return 0, self.tracks_max - 1

    def token_value(self, key: Any) -> Optional[int]:
        """A token key as written (5, '5', 'rock', 'crushed rocks') -> its value, or None."""
        if _is_int(key):
            return key if key in self.token_counts else None
        if not isinstance(key, str):
            return None
        text = _norm(key)
        if text.isdigit():
            return int(text) if int(text) in self.token_counts else None
        for value, name in self.token_names.items():
            if name:
                words = {_norm(name), _norm(name).split()[-1]}
                if text in words or text.rstrip("s") in words:
                    return value
        return None

    def token_list(self) -> str:
        nuggets = [str(v) for v in self.token_counts if v and not self.token_names[v]]
        named = [f"{v} ({self.token_names[v]})" for v in self.token_counts if self.token_names[v]]
        return ", ".join(nuggets) + (" or " + ", ".join(named) if named else "")

    def railroad_points(self, tiles: int, locomotives: int, completed: bool) -> int:
        points = tiles * self.per_tile
        if completed and locomotives == self.loco_exactly:
            points *= self.loco_multiplier
        return points


@dataclass
class _Feature:
    kind: str
    completed: bool
    value: int = 0  # points for each player of the majority
    cowboys: dict = field(default_factory=dict)  # player -> count
    count_paths: dict = field(default_factory=dict)  # player -> path of the count
    locomotives: int = 0
    tiles: int = 0

    def winners(self) -> list[str]:
        top = max(self.cowboys.values(), default=0)
        return [name for name, count in self.cowboys.items() if count == top and top > 0]


@dataclass
class _Results:
    """A results file as read: names resolved, numbers parsed."""

    players: list = field(default_factory=list)  # names as written, file order
    points: dict = field(default_factory=dict)  # player -> score track points
    points_given: bool = False
    points_unnamed: bool = False  # a points entry names no player (reported already)
    tokens: dict = field(default_factory=dict)  # player -> {value: count}
    features: list = field(default_factory=list)  # _Feature, final
    completed: list = field(default_factory=list)  # _Feature, during play
    completed_given: bool = False
    totals: dict = field(default_factory=dict)
    total_paths: dict = field(default_factory=dict)


# -- structure ---------------------------------------------------------------

def _schema(R: _Rules) -> Map:
    def game_test(value: Any) -> Optional[str]:
        if isinstance(value, str) and _norm(value) == R.game:
            return None
        return f"this checker reads {R.game} results, got {describe(value)}"

    return Map({
        "game": Check(Any_(), game_test),
        "players": List(Str()),
        "points": Field(_Maybe(Dict(Str(), Any_())), required=False),
        "tokens": Field(_Maybe(Dict(Str(), _Maybe(Dict(Any_(), Int(0))))), required=False),
        "features": Field(_Maybe(List(Any_())), required=False),
        "completed": Field(_Maybe(List(Any_())), required=False),
        "totals": Field(_Maybe(Dict(Str(), Int(0))), required=False),
    })


def _feature_schema(kind: str) -> Map:
    role = ROLES[kind]
    fields = {
        "railroad": {"tiles": Int(), "locomotives": Field(Int(0), required=False)},
        "mountain": {"nuggets": Int()},
        "city": {"railroads": Int(0)},
        "prairie": {"tipis": Field(Int(0), required=False), "horses": Field(Int(0), required=False)},
    }[kind]
    return Map({**fields, role: Field(Any_(), required=False)})


def _example(kind: str, completed: bool = False) -> str:
    return {
        "railroad": "railroad: {tiles: 4, locomotives: 1, workers: {Red: 1}}" if completed
        else "railroad: {tiles: 2, workers: {Red: 1}}",
        "mountain": "mountain: {nuggets: 10, miners: {Green: 2, Black: 1}}",
        "city": "city: {railroads: 1, merchant: Yellow}",
        "prairie": "prairie: {tipis: 2, horses: 3, farmers: {Blue: 2}}",
    }[kind]


class _Reader:
    def __init__(self, doc: Document, R: _Rules):
        self.doc = doc
        self.R = R
        self.problems: list[Problem] = []
        self.warnings: list[str] = []
        self.names: dict = {}  # normalised -> name as first written in players

    def fail(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, at_key=at_key))

    def line(self, path: tuple) -> Optional[int]:
        return self.doc.problem(path, "").line

    def where(self, path: tuple) -> str:
        line = self.line(path)
        return f"line {line}" if line else "here"

    # -- names ---------------------------------------------------------------
    def read_players(self, value: Any, res: _Results) -> None:
        if not isinstance(value, list):
            return
        low, high = self.R.players
        for i, name in enumerate(value):
            if not isinstance(name, str) or not name.strip():
                continue
            key = _norm(name)
            if key in self.names:
                self.fail(("players", i), f"the name {name.strip()} is listed twice; give each player "
                                          f"a different name")
                continue
            self.names[key] = name.strip()
            res.players.append(name.strip())
        if not low <= len(value) <= high:
            self.fail(("players",), f"{self.R.title} is played by {low} to {high} players; "
                                    f"this file has {len(value)}", at_key=True)

    def player(self, name: Any, path: tuple, at_key: bool) -> Optional[str]:
        """The player a name refers to, or None after reporting why not."""
        if not isinstance(name, str) or not name.strip():
            self.fail(path, f"expected a player's name, got {describe(name)}", at_key)
            return None
        found = self.names.get(_norm(name))
        if found is not None:
            return found
        if not self.names:
            return None  # the players list itself is broken; that is reported already
        known = list(self.names.values())
        close = difflib.get_close_matches(_norm(name), list(self.names), n=1, cutoff=0.5)
        hint = f"did you mean '{self.names[close[0]]}'? " if close else ""
        self.fail(path, f"'{name.strip()}' is not a player; {hint}players: {', '.join(known)}", at_key)
        return None

    def per_player(self, mapping: dict, path: tuple) -> dict:
        """{name as written: value} -> {player: (value, path)}, names resolved and each listed once."""
        out: dict = {}
        for key, value in mapping.items():
            name = self.player(key, path + (key,), at_key=True)
            if name is None:
                continue
            if name in out:
                self.fail(path + (key,), f"{name} is listed twice here", at_key=True)
                continue
            out[name] = (value, path + (key,))
        return out

    # -- sections --------------------------------------------------------------
    def read_points(self, value: Any, res: _Results) -> None:
        if not isinstance(value, dict):
            return
        res.points_given = True
        lap = self.R.lap
        readable = self.per_player(value, ("points",))
        res.points_unnamed = len(readable) < len(value)
        for name, (points, path) in readable.items():
            if _is_int(points) and points >= 0:
                res.points[name] = points
                continue
            if isinstance(points, dict) and set(points) <= {"laps", "space"} and "laps" in points \
                    and "space" in points:
                laps, space = points["laps"], points["space"]
                if not (_is_int(laps) and laps >= 0):
                    self.fail(path + ("laps",), f"laps: expected how many times the marker passed {lap} "
                                                f"(0 or more), got {describe(laps)}")
                elif not (_is_int(space) and 0 <= space < lap):
                    self.fail(path + ("space",), f"space: expected the space the marker stands on "
                                                 f"(0 to {lap - 1}), got {describe(space)}")
                else:
                    res.points[name] = laps * lap + space
                continue
            if isinstance(points, dict):
                extra = [k for k in points if k not in ("laps", "space")]
                if extra:
                    self.fail(path + (extra[0],), f"unknown key '{extra[0]}'; expected laps, space", at_key=True)
                else:
                    self.fail(path, f"write both laps and space, e.g. {{laps: 1, space: 3}} for {lap + 3}")
                continue
            self.fail(path, f"expected {name}'s score-track points (0 or more, laps of {lap} included) "
                            f"or {{laps: N, space: M}}, got {describe(points)}")

    def read_tokens(self, value: Any, res: _Results) -> None:
        if not isinstance(value, dict):
            return
        for name, (counts, path) in self.per_player(value, ("tokens",)).items():
            if counts is None:
                continue
            if not isinstance(counts, dict):
                continue  # the schema reported it
            got = res.tokens.setdefault(name, {})
            for key, count in counts.items():
                token = self.R.token_value(key)
                if token is None:
                    self.fail(path + (key,), f"no mining token is worth {key!r}; tokens are worth "
                                             f"{self.R.token_list()}", at_key=True)
                    continue
                if token in got:
                    self.fail(path + (key,), f"tokens worth {token} are listed twice for {name}", at_key=True)
                    continue
                if _is_int(count) and count >= 0:
                    got[token] = count

    def read_features(self, section: str, value: Any, res: _Results) -> list:
        if not isinstance(value, list):
            return []
        completed = section == "completed"
        out = []
        for i, item in enumerate(value):
            feature = self.feature(item, (section, i), completed)
            if feature is not None:
                out.append(feature)
        return out

    def feature(self, item: Any, path: tuple, completed: bool) -> Optional[_Feature]:
        R = self.R
        if not isinstance(item, dict) or len(item) != 1:
            got = f"a mapping of {len(item)} keys" if isinstance(item, dict) else describe(item)
            self.fail(path, f"a feature is one kind and its details, e.g. '- {_example('railroad', completed)}'; "
                            f"got {got}")
            return None
        ((key, body),) = item.items()
        where = path + (key,)
        kind = _KIND_NAMES.get(_norm(key)) if isinstance(key, str) else None
        if kind is None:
            close = difflib.get_close_matches(_norm(str(key)), KINDS, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            self.fail(where, f"unknown feature '{key}'; {hint}expected one of: {', '.join(KINDS)}", at_key=True)
            return None
        if completed and kind == "prairie":
            self.fail(where, "prairies are never completed: farmers score only at game end; "
                             "list this prairie under 'features:'", at_key=True)
            return None
        if not isinstance(body, dict):
            self.fail(where, f"expected the {kind}'s details, e.g. {_example(kind, completed).split(': ', 1)[1]}, "
                             f"got {describe(body)}")
            return None
        found: list = []
        _feature_schema(kind).walk(body, where, found)
        for p, message, at_key in found:
            self.fail(p, message, at_key)
        broken = {p[len(where)] for p, _, _ in found if len(p) > len(where)}
        if any(len(p) == len(where) for p, _, _ in found):
            broken.add("")  # a missing key: the value cannot be known
        feature = _Feature(kind, completed)

        if kind == "railroad":
            tiles, locomotives = body.get("tiles"), body.get("locomotives", 0)
            if "tiles" not in broken and _is_int(tiles):
                if tiles < 1:
                    self.fail(where + ("tiles",), f"a railroad has at least 1 tile, got {tiles}")
                elif tiles > R.tiles:
                    self.fail(where + ("tiles",), f"a railroad of {tiles} tiles, but the game has {R.tiles} tiles")
                feature.tiles = tiles
            if "locomotives" not in broken and _is_int(locomotives):
                feature.locomotives = locomotives
            if feature.tiles and feature.locomotives > feature.tiles:
                self.warnings.append(f"{self.where(where)}: {feature.locomotives} locomotives on a railroad of "
                                     f"{feature.tiles} tiles; is that right?")
            feature.value = R.railroad_points(feature.tiles, feature.locomotives, completed)
        elif kind == "mountain":
            nuggets = body.get("nuggets")
            if "nuggets" not in broken and _is_int(nuggets):
                if nuggets < R.min_nuggets:
                    self.fail(where + ("nuggets",), f"a mountain shows at least {R.min_nuggets} gold nugget "
                                                    f"symbol{'s' if R.min_nuggets != 1 else ''}, got {nuggets}")
                feature.value = nuggets * R.per_nugget
        elif kind == "city":
            railroads = body.get("railroads")
            if "railroads" not in broken and _is_int(railroads):
                low, high = R.city_range(completed)
                if not low <= railroads <= high:
                    why = (f"{R.tracks_min} or {R.tracks_max} tracks leave a city, every one on a completed "
                           f"railroad, and a railroad uses at most 2 of them" if completed else
                           f"{R.tracks_max} tracks at most leave a city, and while it is incomplete at least "
                           f"one of them is not on a completed railroad")
                    state = "a completed" if completed else "an incomplete"
                    self.fail(where + ("railroads",), f"{state} city connects {low} to {high} completed "
                                                      f"railroads ({why}); got {railroads}")
                feature.value = railroads * R.per_railroad
        else:
            tipis, horses = body.get("tipis", 0), body.get("horses", 0)
            feature.value = ((tipis * R.per_tipi if "tipis" not in broken and _is_int(tipis) else 0)
                             + (horses * R.per_horses if "horses" not in broken and _is_int(horses) else 0))

        role = ROLES[kind]
        if role in body:
            self.cowboys(feature, body[role], where + (role,), role)
        if not feature.cowboys and not self.problems_at(where):
            state = "completed" if completed else "left on the board"
            self.warnings.append(f"{self.where(where)}: a {kind} {state} with no cowboys on it scores for nobody")
        return feature

    def problems_at(self, path: tuple) -> bool:
        line = self.line(path)
        return any(p.line == line for p in self.problems)

    def cowboys(self, feature: _Feature, value: Any, path: tuple, role: str) -> None:
        R = self.R
        word = _ROLE_WORDS[role]
        if role == "merchant":
            if value is None:
                return
            name = self.player(value, path, at_key=False) if isinstance(value, str) else None
            if not isinstance(value, str):
                self.fail(path, f"expected the merchant's player name, e.g. merchant: {R.colours[0]}, "
                                f"got {describe(value)}")
            if name is not None:
                feature.cowboys[name] = 1
                feature.count_paths[name] = path
            return
        if isinstance(value, str):  # one cowboy, named
            name = self.player(value, path, at_key=False)
            if name is not None:
                feature.cowboys[name] = 1
                feature.count_paths[name] = path
            return
        if value is None:
            return
        if not isinstance(value, dict):
            self.fail(path, f"expected {word} per player, e.g. {{{R.colours[0]}: 1}}, got {describe(value)}")
            return
        for name, (count, where) in self.per_player(value, path).items():
            if not _is_int(count):
                self.fail(where, f"expected how many {word} {name} has here, got {describe(count)}")
            elif count < 0:
                self.fail(where, f"{name}: {count} {word}; a count cannot be negative")
            elif count > R.in_play:
                self.fail(where, f"{name}: {count} {word} on one {feature.kind}, but a player has only "
                                 f"{R.in_play} cowboys in play ({R.cowboy_note})")
            elif count:
                feature.cowboys[name] = count
                feature.count_paths[name] = where

    def read_totals(self, value: Any, res: _Results) -> None:
        if not isinstance(value, dict):
            return
        for name, (total, path) in self.per_player(value, ("totals",)).items():
            if _is_int(total) and total >= 0:
                res.totals[name] = total
                res.total_paths[name] = path


# -- cross checks ------------------------------------------------------------

def _cross_checks(reader: _Reader, R: _Rules, res: _Results, top: dict) -> None:
    fail = reader.fail
    if not res.points_given and not res.completed_given and res.players:
        fail((), "missing key 'points': each player's score-track points before final scoring "
                 "(or list the features scored during play under 'completed:')")
    if res.points_given and not res.completed_given and not res.points_unnamed:
        for name in res.players:
            if name not in res.points and not _points_broken(top, name):
                fail(("points",), f"no points for {name}; write {name}: 0 if that marker never left 0",
                     at_key=True)

    # cowboys on the board at game end
    for name in res.players:
        places = [(f, f.count_paths[name]) for f in res.features if name in f.cowboys]
        count = sum(f.cowboys[name] for f, _ in places)
        if count > R.in_play:
            lines = ", ".join(str(reader.line(p)) for _, p in places if reader.line(p))
            fail(("features",), f"{name} has {count} cowboys on the board at game end (lines {lines}), "
                                f"but only {R.in_play} are in play ({R.cowboy_note})", at_key=True)

    # mining tokens
    collected = sum(sum(counts.values()) for counts in res.tokens.values())
    if collected > R.token_total:
        detail = ", ".join(f"{n} {sum(c.values())}" for n, c in res.tokens.items() if sum(c.values()))
        fail(("tokens",), f"{collected} mining tokens collected in all ({detail}), but the game has "
                          f"{R.token_total}", at_key=True)
    for value, limit in R.token_counts.items():
        got = sum(counts.get(value, 0) for counts in res.tokens.values())
        if got > limit:
            what = f"{R.token_names[value]} tokens" if R.token_names[value] else f"tokens worth {value}"
            reader.warnings.append(f"{got} {what} collected in all; the rulebook's count of them "
                                   f"(unverified) is {limit}")


def _points_broken(top: dict, name: str) -> bool:
    """Whether the points entry of `name` was written but could not be read (already reported)."""
    points = top.get("points")
    return isinstance(points, dict) and any(isinstance(k, str) and _norm(k) == _norm(name) for k in points)


# -- tally -------------------------------------------------------------------

def _in_game(res: _Results) -> dict:
    """Points scored during play, per player: the completed features, else the score track."""
    if res.completed_given:
        scored = {name: 0 for name in res.players}
        for feature in res.completed:
            for name in feature.winners():
                scored[name] += feature.value
        return scored
    return {name: res.points.get(name, 0) for name in res.players}


def _breakdowns(R: _Rules, res: _Results) -> dict:
    parts = {name: dict.fromkeys(CATEGORIES, 0) for name in res.players}
    for name, points in _in_game(res).items():
        parts[name]["in-game"] = points
    for feature in res.features:
        for name in feature.winners():
            parts[name][_FINAL_CATEGORY[feature.kind]] += feature.value
    for name, counts in res.tokens.items():
        parts[name]["tokens"] = sum(value * count for value, count in counts.items())
    return parts


# -- public ------------------------------------------------------------------

def _examine(doc: Document, rules: Any) -> tuple[list[Problem], list[str], _Results, dict]:
    R = _Rules(rules)
    found: list = []
    _schema(R).walk(doc.value, (), found)
    reader = _Reader(doc, R)
    reader.problems = [doc.problem(path, message, at_key=at_key) for path, message, at_key in found]
    res = _Results()
    top = doc.value if isinstance(doc.value, dict) else {}
    reader.read_players(top.get("players"), res)
    reader.read_points(top.get("points"), res)
    reader.read_tokens(top.get("tokens"), res)
    res.features = reader.read_features("features", top.get("features"), res)
    res.completed = reader.read_features("completed", top.get("completed"), res)
    res.completed_given = bool(top.get("completed")) and isinstance(top.get("completed"), list)
    reader.read_totals(top.get("totals"), res)
    _cross_checks(reader, R, res, top)
    problems = list(dict.fromkeys(reader.problems))
    warnings = list(dict.fromkeys(reader.warnings))

    breakdowns: dict = {}
    if not problems:
        breakdowns = _breakdowns(R, res)
        if res.completed_given and res.points_given:
            for name, during in _in_game(res).items():
                track = res.points.get(name)
                if track is not None and track != during:
                    warnings.append(f"{name}: the score track says {track}, the completed features give "
                                    f"{during}; the tally uses the completed features (list the missing ones, "
                                    f"or drop 'completed:' to use the track)")
        for name, total in res.totals.items():
            message = total_mismatch(total, breakdowns[name], who=name)
            if message:
                problems.append(doc.problem(res.total_paths[name], message))
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems, warnings, res, breakdowns


def check(doc: Document, rules: Any) -> tuple[list[Problem], list[str]]:
    """Every problem of a Carcassonne: Gold Rush results file (located), plus warnings."""
    problems, warnings, _, _ = _examine(doc, rules)
    return problems, warnings


def tally(doc: Document, rules: Any) -> ScoreReport:
    """Check, then score; raise InvalidInput listing every problem."""
    problems, warnings, res, breakdowns = _examine(doc, rules)
    if problems:
        raise InvalidInput(problems)
    R = _Rules(rules)
    players = [ScoredPlayer(name, sum(breakdowns[name].values()), 0, dict(breakdowns[name]),
                            res.totals.get(name)) for name in res.players]
    report = build_report(R.game, players, R.tie_rule, warnings)
    if len(report.winners) > 1:
        names = ", ".join(report.winners[:-1]) + " and " + report.winners[-1]
        report.warnings.append(f"{names} tie for the win on {report.players[0].total}: {R.tie_rule}")
    return report


def template(rules: Any, players: int) -> str:
    """A commented results file for `players` players (named by colour); blank, it passes check."""
    R = _Rules(rules)
    low, high = R.players
    if not _is_int(players) or not low <= players <= high:
        raise UsageProblem("--players", f"{R.game} is played by {low} to {high} players, not {players}")
    names = R.colours[:players]
    first = names[0]
    second = names[1]
    values = list(R.token_counts)
    token_blank = "{" + ", ".join(f"{v}: 0" for v in values) + "}"
    width = max(len(n) for n in names) + 1
    lap = R.lap
    loco = {1: "exactly 1 locomotive"}.get(R.loco_exactly, f"exactly {R.loco_exactly} locomotives")
    rock = next((f"{v} = {n}" for v, n in R.token_names.items() if n), "")
    # the rulebook's example: Blue's nine tokens, three 1s, four 2s, a 5 and a rock
    shown = {v: c for v, c in ((1, 3), (2, 4), (5, 1), (0, 1)) if v in R.token_counts}
    example = ", ".join(f"{v}: {c}" for v, c in shown.items())
    example_points = sum(v * c for v, c in shown.items())

    def row(code: str, comment: str, width: int = 44) -> str:
        return f"{code:<{width}}# {comment}"

    def rows(*pairs: tuple) -> list:
        width = max(len(code) for code, _ in pairs) + 2
        return [row(code, comment, width) for code, comment in pairs]

    out = [
        f"# {R.title} results, copied from the board at the end of the game.",
        "# Check and tally it with:  sheetgen score THIS-FILE",
        "# Player names may be written in any letter case, but must match the players list.",
        row(f"game: {R.game}", "which game this file is for; leave as it is"),
        row(f"players: [{', '.join(names)}]", f"{low}-{high} names (colours or people), each once"),
        "",
        "# points: each player's score track BEFORE final scoring, laps included: a marker",
        f"# lying down has passed {lap} (write {lap + 1}, or {{laps: 1, space: 1}}). You may leave points",
        "# out when 'completed:' below lists every feature scored during play; if you give",
        "# both, the completed features count and points are only compared (a warning",
        "# names each player whose track disagrees).",
        "points: {" + ", ".join(f"{n}: 0" for n in names) + "}",
        "",
        f"# tokens: mining tokens each player collected, by value ({rock}); "
        f"{R.token_total} in the game.",
        f"# Each nugget scores 1 point: e.g. {first}: {{{example}}} is {example_points} points.",
        "tokens:",
    ]
    out += [f"  {n + ':':<{width}} {token_blank}" for n in names]
    out += [
        "",
        "# features: every railroad, mountain, city and prairie with cowboys on it at the end,",
        "# one line each; the player(s) with the most cowboys on it score it (ties: all score).",
        *rows((f"#   - railroad: {{tiles: 2, workers: {{{second}: 1}}}}",
               f"{R.per_tile} per tile, locomotives ignored"),
              (f"#   - mountain: {{nuggets: 10, miners: {{{first}: 2, {second}: 1}}}}",
               f"{R.per_nugget} per gold nugget symbol"),
              (f"#   - city: {{railroads: 1, merchant: {second}}}",
               f"{R.per_railroad} per completed railroad connected"),
              (f"#   - prairie: {{tipis: 2, horses: 3, farmers: {{{first}: 2}}}}",
               f"{R.per_tipi} per tipi camp, {R.per_horses} per wild-horse herd")),
        f"# At most {R.in_play} cowboys of a colour are on the board ({R.cowboy_note});",
        "# tents are not cowboys and are not listed.",
        "features: []",
        "",
        "# completed: optional, the features completed and scored during play (never prairies).",
        "# Mining tokens a majority took from a completed mountain go under tokens: above.",
        *rows((f"#   - railroad: {{tiles: 4, locomotives: 1, workers: {{{first}: 1}}}}",
               f"{R.per_tile} per tile, x{R.loco_multiplier} with {loco}"),
              (f"#   - mountain: {{nuggets: 7, miners: {{{second}: 1}}}}",
               f"{R.per_nugget} per nugget symbol"),
              (f"#   - city: {{railroads: 2, merchant: {first}}}",
               f"{R.per_railroad} per completed railroad connected")),
        "# completed: []",
        "",
        "# totals: optional, what each player added up; the check compares it with the tally.",
        "# totals: {" + ", ".join(f"{n}: 0" for n in names) + "}",
    ]
    return "\n".join(out) + "\n"
