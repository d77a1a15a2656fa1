"""Carcassonne: Gold Rush: the results model, its checks and its tally.

The results file (DESIGN.md, "Results files") lists the players' names, then
their score-track points before final scoring (`points`), the mining tokens
each collected by value (`tokens`), and the features left on the board at game
end (`features`): railroads, mountains, cities and prairies with the cowboys on
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
- A tie for the win: the rulebook names no tie-breaker, so tied players share it.

Every number comes from the rule data (data/carcassonne-gold-rush.yaml).
Players are named wherever the file names them (points, tokens, cowboys,
totals) as in the players list, in any letter case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.results import Block, Context, Entry, Example, Model, Reader, Scorer, Table, closest, is_int, norm
from sheetgen.schema import Any_, Dict, Field, Int, List, Map, OrNull, Str, describe

CATEGORIES = ("in-game", "railroads", "mountains", "cities", "prairies", "tokens")
KINDS = ("railroad", "mountain", "city", "prairie")
FINAL_CATEGORY = dict(zip(KINDS, CATEGORIES[1:]))  # feature kind -> its final-scoring category
# what a feature kind may be called in a results file (after case folding)
_KIND_NAMES = {
    "railroad": "railroad", "railroads": "railroad", "railway": "railroad", "railway line": "railroad",
    "mountain": "mountain", "mountains": "mountain",
    "city": "city", "cities": "city",
    "prairie": "prairie", "prairies": "prairie",
}
ROLES = {"railroad": "workers", "mountain": "miners", "city": "merchant", "prairie": "farmers"}
_ROLE_WORDS = {"workers": "railway workers", "miners": "miners", "farmers": "farmers", "merchant": "merchant"}
_DETAILS = {kind: Map({**fields, ROLES[kind]: Field(Any_(), required=False)}) for kind, fields in {
    "railroad": {"tiles": Int(), "locomotives": Field(Int(0), required=False)},
    "mountain": {"nuggets": Int()},
    "city": {"railroads": Int(0)},
    "prairie": {"tipis": Field(Int(0), required=False), "horses": Field(Int(0), required=False)},
}.items()}


def _example(kind: str, completed: bool = False) -> str:
    return {
        "railroad": "railroad: {tiles: 4, locomotives: 1, workers: {Red: 1}}" if completed
        else "railroad: {tiles: 2, workers: {Red: 1}}",
        "mountain": "mountain: {nuggets: 10, miners: {Green: 2, Black: 1}}",
        "city": "city: {railroads: 1, merchant: Yellow}",
        "prairie": "prairie: {tipis: 2, horses: 3, farmers: {Blue: 2}}",
    }[kind]


@dataclass
class Feature:
    kind: str
    completed: bool
    value: int = 0  # points for each player of the majority
    cowboys: dict = field(default_factory=dict)  # player index -> count
    count_paths: dict = field(default_factory=dict)  # player index -> path of the count

    def winners(self) -> list:
        top = max(self.cowboys.values(), default=0)
        return [i for i, count in self.cowboys.items() if count == top and top > 0]


@dataclass
class Board(Table):
    """The file as read, beyond the names list."""

    by_key: dict = field(default_factory=dict)  # normalised name -> Entry
    points: dict = field(default_factory=dict)  # player index -> score-track points
    points_given: bool = False
    points_for: set = field(default_factory=set)  # player indexes with a points entry
    points_unnamed: bool = False  # a points entry names no player (reported already)
    tokens: dict = field(default_factory=dict)  # player index -> {value: count}, file order
    features: list = field(default_factory=list)  # Feature, left on the board at game end
    completed: list = field(default_factory=list)  # Feature, completed during play
    completed_given: bool = False
    tallied: bool = False


class CarcassonneGoldRushScorer(Scorer):
    table_type = Board

    def __init__(self, rules: Any):
        super().__init__(rules)
        self.colours = list(rules["colours"])
        cowboys = rules["cowboys"]
        self.cowboys, self.markers = cowboys["per_colour"], cowboys["score_markers"]
        self.in_play = self.cowboys - self.markers
        self.tiles = rules["tiles"]
        self.lap = rules["score_track"]["spaces"]
        railroad = rules["railroad"]
        self.per_tile = railroad["per_tile"]
        self.loco_exactly, self.loco_multiplier = railroad["locomotive"]["exactly"], railroad["locomotive"]["multiplier"]
        self.per_nugget, self.min_nuggets = rules["mountain"]["per_nugget"], rules["mountain"]["min_nuggets"]
        self.per_railroad = rules["city"]["per_railroad"]
        self.tracks_min, self.tracks_max = rules["city"]["tracks"]["min"], rules["city"]["tracks"]["max"]
        self.per_tipi, self.per_horses = rules["prairie"]["per_tipi"], rules["prairie"]["per_horses"]
        tokens = rules["mining_tokens"]
        self.token_total = tokens["total"]
        self.token_counts = {t["value"]: t["count"] for t in tokens["values"]}
        self.token_names = {t["value"]: t.get("name", "") for t in tokens["values"]}
        self.cowboy_note = (f"{self.cowboys} per colour, {self.markers} the score marker" if self.markers
                            else f"{self.cowboys} per colour")

    def city_range(self, completed: bool) -> tuple:
        """Completed railroads a city can count: every track of a completed city lies on a
        completed railroad, and one railroad covers at most 2 of its tracks; an incomplete
        city has at least one track still open."""
        if completed:
            return -(-self.tracks_min // 2), self.tracks_max
        return 0, self.tracks_max - 1

    def token_value(self, key: Any) -> Optional[int]:
        """A token key as written (5, '5', 'rock', 'crushed rocks') -> its value, or None."""
        if is_int(key):
            return key if key in self.token_counts else None
        if not isinstance(key, str):
            return None
        text = norm(key)
        if text.isdigit():
            return int(text) if int(text) in self.token_counts else None
        for value, name in self.token_names.items():
            if name and (text in {norm(name), norm(name).split()[-1]} or
                         text.rstrip("s") in {norm(name), norm(name).split()[-1]}):
                return value
        return None

    def railroad_points(self, tiles: int, locomotives: int, completed: bool) -> int:
        points = tiles * self.per_tile
        if completed and locomotives == self.loco_exactly:
            points *= self.loco_multiplier
        return points

    # -- the model ------------------------------------------------------------------
    def model(self) -> Model:
        low, high = self.rules.players
        lap, names_of = self.lap, (lambda value: OrNull(Dict(Str(), value)))
        blank = {v: 0 for v in self.token_counts}
        return Model(self.game, self.title, None, {
            "points": Field(names_of(Any_()), required=False, default=lambda ctx: dict.fromkeys(ctx.names, 0), help=[
                "points: each player's score track BEFORE final scoring, laps included: a marker",
                f"lying down has passed {lap} (write {lap + 1}, or {{laps: 1, space: 1}}). You may leave points",
                "out when 'completed:' below lists every feature scored during play; if you give",
                "both, the completed features count and points are only compared (a warning",
                "names each player whose track disagrees)."]),
            "tokens": Field(names_of(OrNull(Dict(Any_(), Int(0)))), required=False, help=self._tokens_help,
                            default=lambda ctx: Block([(name, blank, "") for name in ctx.names])),
            "features": Field(OrNull(List(Any_())), required=False, help=self._features_help, default=[]),
            "completed": Field(OrNull(List(Any_())), required=False, help=self._completed_help,
                               default=Example([])),
            "totals": Field(names_of(Int(0)), required=False, default=lambda ctx: Example(dict.fromkeys(ctx.names, 0)),
                            help=["totals: optional, what each player added up;", "the check compares it with the tally."]),
        }, players_help=f"{low}-{high} names (colours or people), each once", intro=lambda ctx: [
            f"# {self.title} results, copied from the board at the end of the game.",
            "# Check and tally it with:  sheetgen score THIS-FILE",
            "# Player names may be written in any letter case, but must match the players list."],
            comment_column=44)

    def default_names(self, count: int) -> list:
        return self.colours[:count]

    def _tokens_help(self, ctx: Context) -> list:
        rock = next((f"{v} = {n}" for v, n in self.token_names.items() if n), "")
        # the rulebook's example: Blue's nine tokens, three 1s, four 2s, a 5 and a rock
        shown = {v: c for v, c in ((1, 3), (2, 4), (5, 1), (0, 1)) if v in self.token_counts}
        example = ", ".join(f"{v}: {c}" for v, c in shown.items())
        return [f"tokens: mining tokens each player collected, by value ({rock}); {self.token_total} in the game.",
                f"Each nugget scores 1 point: e.g. {ctx.names[0]}: {{{example}}} is "
                f"{sum(v * c for v, c in shown.items())} points."]

    @staticmethod
    def _rows(*pairs: tuple) -> list:
        width = max(len(code) for code, _ in pairs) + 2
        return [f"{code:<{width}}# {comment}" for code, comment in pairs]

    def _features_help(self, ctx: Context) -> list:
        first, second = ctx.names[:2]
        return [
            "features: every railroad, mountain, city and prairie with cowboys on it at the end,",
            "one line each; the player(s) with the most cowboys on it score it (ties: all score).",
            *self._rows((f"  - railroad: {{tiles: 2, workers: {{{second}: 1}}}}",
                         f"{self.per_tile} per tile, locomotives ignored"),
                        (f"  - mountain: {{nuggets: 10, miners: {{{first}: 2, {second}: 1}}}}",
                         f"{self.per_nugget} per gold nugget symbol"),
                        (f"  - city: {{railroads: 1, merchant: {second}}}",
                         f"{self.per_railroad} per completed railroad connected"),
                        (f"  - prairie: {{tipis: 2, horses: 3, farmers: {{{first}: 2}}}}",
                         f"{self.per_tipi} per tipi camp, {self.per_horses} per wild-horse herd")),
            f"At most {self.in_play} cowboys of a colour are on the board ({self.cowboy_note});",
            "tents are not cowboys and are not listed."]

    def _completed_help(self, ctx: Context) -> list:
        first, second = ctx.names[:2]
        loco = {1: "exactly 1 locomotive"}.get(self.loco_exactly, f"exactly {self.loco_exactly} locomotives")
        return [
            "completed: optional, the features completed and scored during play (never prairies).",
            "Mining tokens a majority took from a completed mountain go under tokens: above.",
            *self._rows((f"  - railroad: {{tiles: 4, locomotives: 1, workers: {{{first}: 1}}}}",
                         f"{self.per_tile} per tile, x{self.loco_multiplier} with {loco}"),
                        (f"  - mountain: {{nuggets: 7, miners: {{{second}: 1}}}}", f"{self.per_nugget} per nugget symbol"),
                        (f"  - city: {{railroads: 2, merchant: {first}}}",
                         f"{self.per_railroad} per completed railroad connected"))]

    # -- the checks -----------------------------------------------------------------
    def read(self, r: Reader, t: Board) -> None:
        top = r.doc.value if isinstance(r.doc.value, dict) else {}
        t.by_key = {norm(p.name): p for p in t.players}
        self._points(r, t, top.get("points"))
        if isinstance(top.get("tokens"), dict):
            for p, counts, path in self._each(r, t, top["tokens"], ("tokens",)):
                if isinstance(counts, dict):  # else the schema reported it
                    self._tokens(r, p, t.tokens.setdefault(p.index, {}), counts, path)
        t.features = self._features(r, t, "features", top.get("features"))
        t.completed = self._features(r, t, "completed", top.get("completed"))
        t.completed_given = bool(top.get("completed")) and isinstance(top.get("completed"), list)
        if isinstance(top.get("totals"), dict):
            for p, total, path in self._each(r, t, top["totals"], ("totals",)):
                if is_int(total) and total >= 0:
                    p.claimed, p.claimed_at = total, path
        self._limits(r, t)
        t.tallied = not r.problems  # it will be tallied: then a written total may still be wrong

    def _who(self, r: Reader, t: Board, name: Any, path: tuple, at_key: bool) -> Optional[Entry]:
        """The player a name refers to, or None after reporting why not."""
        if not isinstance(name, str) or not name.strip():
            r.fail(path, f"expected a player's name, got {describe(name)}", at_key)
            return None
        found = t.by_key.get(norm(name))
        if found is None and t.players:  # no players: the list itself is broken, and reported
            names = [p.name for p in t.players]
            hint = closest(name, names)
            r.fail(path, f"'{name.strip()}' is not a player; {f'did you mean {hint!r}? ' if hint else ''}"
                         f"players: {', '.join(names)}", at_key)
        return found

    def _each(self, r: Reader, t: Board, mapping: dict, path: tuple) -> list:
        """{name as written: value} -> [(player, value, path)], names resolved and each listed once."""
        out, seen = [], set()
        for key, value in mapping.items():
            p = self._who(r, t, key, path + (key,), at_key=True)
            if p is not None and p.index in seen:
                r.fail(path + (key,), f"{p.name} is listed twice here", at_key=True)
            elif p is not None:
                seen.add(p.index)
                out.append((p, value, path + (key,)))
        return out

    def _points(self, r: Reader, t: Board, value: Any) -> None:
        if not isinstance(value, dict):
            return
        t.points_given, lap = True, self.lap
        readable = self._each(r, t, value, ("points",))
        t.points_unnamed = len(readable) < len(value)
        for p, points, path in readable:
            t.points_for.add(p.index)
            if is_int(points) and points >= 0:
                t.points[p.index] = points
            elif isinstance(points, dict) and set(points) == {"laps", "space"}:
                laps, space = points["laps"], points["space"]
                if not (is_int(laps) and laps >= 0):
                    r.fail(path + ("laps",), f"laps: expected how many times the marker passed {lap} "
                                             f"(0 or more), got {describe(laps)}")
                elif not (is_int(space) and 0 <= space < lap):
                    r.fail(path + ("space",), f"space: expected the space the marker stands on "
                                              f"(0 to {lap - 1}), got {describe(space)}")
                else:
                    t.points[p.index] = laps * lap + space
            elif isinstance(points, dict):
                extra = [k for k in points if k not in ("laps", "space")]
                if extra:
                    r.fail(path + (extra[0],), f"unknown key '{extra[0]}'; expected laps, space", at_key=True)
                else:
                    r.fail(path, f"write both laps and space, e.g. {{laps: 1, space: 3}} for {lap + 3}")
            else:
                r.fail(path, f"expected {p.name}'s score-track points (0 or more, laps of {lap} included) "
                             f"or {{laps: N, space: M}}, got {describe(points)}")

    def _tokens(self, r: Reader, p: Entry, got: dict, counts: dict, path: tuple) -> None:
        for key, count in counts.items():
            token = self.token_value(key)
            if token is None:
                nuggets = [str(v) for v in self.token_counts if v and not self.token_names[v]]
                named = [f"{v} ({n})" for v, n in self.token_names.items() if n]
                r.fail(path + (key,), f"no mining token is worth {key!r}; tokens are worth "
                                      f"{', '.join(nuggets)}{' or ' + ', '.join(named) if named else ''}",
                       at_key=True)
            elif token in got:
                r.fail(path + (key,), f"tokens worth {token} are listed twice for {p.name}", at_key=True)
            elif is_int(count) and count >= 0:
                got[token] = count

    def _features(self, r: Reader, t: Board, section: str, value: Any) -> list:
        if not isinstance(value, list):
            return []
        read = (self._feature(r, t, item, (section, i), section == "completed") for i, item in enumerate(value))
        return [feature for feature in read if feature is not None]

    def _feature(self, r: Reader, t: Board, item: Any, path: tuple, completed: bool) -> Optional[Feature]:
        if not isinstance(item, dict) or len(item) != 1:
            got = f"a mapping of {len(item)} keys" if isinstance(item, dict) else describe(item)
            r.fail(path, f"a feature is one kind and its details, e.g. '- {_example('railroad', completed)}'; "
                         f"got {got}")
            return None
        ((key, body),) = item.items()
        where = path + (key,)
        kind = _KIND_NAMES.get(norm(key)) if isinstance(key, str) else None
        if kind is None:
            hint = closest(str(key), KINDS)
            r.fail(where, f"unknown feature '{key}'; {f'did you mean {hint!r}? ' if hint else ''}"
                          f"expected one of: {', '.join(KINDS)}", at_key=True)
            return None
        if completed and kind == "prairie":
            r.fail(where, "prairies are never completed: farmers score only at game end; "
                          "list this prairie under 'features:'", at_key=True)
            return None
        if not isinstance(body, dict):
            r.fail(where, f"expected the {kind}'s details, e.g. {_example(kind, completed).split(': ', 1)[1]}, "
                          f"got {describe(body)}")
            return None
        found: list = []
        _DETAILS[kind].walk(body, where, found)
        for at, message, at_key in found:
            r.fail(at, message, at_key)
        broken = {at[len(where)] if len(at) > len(where) else "" for at, _, _ in found}  # "": a key is missing
        number = {k: v for k, v in body.items() if k not in broken and is_int(v)}  # the counts that can be read
        feature = Feature(kind, completed)
        if kind == "railroad" and "tiles" in number:
            tiles, locomotives = number["tiles"], number.get("locomotives", 0)
            if tiles < 1:
                r.fail(where + ("tiles",), f"a railroad has at least 1 tile, got {tiles}")
            elif tiles > self.tiles:
                r.fail(where + ("tiles",), f"a railroad of {tiles} tiles, but the game has {self.tiles} tiles")
            if tiles and locomotives > tiles:
                r.warn(f"{r.where(where)}: {locomotives} locomotives on a railroad of {tiles} tiles; is that right?")
            feature.value = self.railroad_points(tiles, locomotives, completed)
        elif kind == "mountain" and "nuggets" in number:
            if number["nuggets"] < self.min_nuggets:
                r.fail(where + ("nuggets",), f"a mountain shows at least {self.min_nuggets} gold nugget "
                                             f"symbol{'s' if self.min_nuggets != 1 else ''}, got {number['nuggets']}")
            feature.value = number["nuggets"] * self.per_nugget
        elif kind == "city" and "railroads" in number:
            low, high = self.city_range(completed)
            if not low <= number["railroads"] <= high:
                why = (f"{self.tracks_min} or {self.tracks_max} tracks leave a city, every one on a completed "
                       f"railroad, and a railroad uses at most 2 of them" if completed else
                       f"{self.tracks_max} tracks at most leave a city, and while it is incomplete at least "
                       f"one of them is not on a completed railroad")
                r.fail(where + ("railroads",), f"{'a completed' if completed else 'an incomplete'} city connects "
                                               f"{low} to {high} completed railroads ({why}); got {number['railroads']}")
            feature.value = number["railroads"] * self.per_railroad
        elif kind == "prairie":
            feature.value = number.get("tipis", 0) * self.per_tipi + number.get("horses", 0) * self.per_horses
        role = ROLES[kind]
        if body.get(role) is not None:
            self._cowboys(r, t, feature, body[role], where + (role,), role)
        if not feature.cowboys and not r.failed_at(where):
            r.warn(f"{r.where(where)}: a {kind} {'completed' if completed else 'left on the board'} with no "
                   f"cowboys on it scores for nobody")
        return feature

    def _cowboys(self, r: Reader, t: Board, feature: Feature, value: Any, path: tuple, role: str) -> None:
        word = _ROLE_WORDS[role]
        if isinstance(value, str):  # one cowboy, named
            p = self._who(r, t, value, path, at_key=False)
            if p is not None:
                feature.cowboys[p.index], feature.count_paths[p.index] = 1, path
        elif role == "merchant":
            r.fail(path, f"expected the merchant's player name, e.g. merchant: {self.colours[0]}, "
                         f"got {describe(value)}")
        elif not isinstance(value, dict):
            r.fail(path, f"expected {word} per player, e.g. {{{self.colours[0]}: 1}}, got {describe(value)}")
        else:
            for p, count, where in self._each(r, t, value, path):
                if not is_int(count):
                    r.fail(where, f"expected how many {word} {p.name} has here, got {describe(count)}")
                elif count < 0:
                    r.fail(where, f"{p.name}: {count} {word}; a count cannot be negative")
                elif count > self.in_play:
                    r.fail(where, f"{p.name}: {count} {word} on one {feature.kind}, but a player has only "
                                  f"{self.in_play} cowboys in play ({self.cowboy_note})")
                elif count:
                    feature.cowboys[p.index], feature.count_paths[p.index] = count, where

    def _limits(self, r: Reader, t: Board) -> None:
        if not t.points_given and not t.completed_given and t.players:
            r.fail((), "missing key 'points': each player's score-track points before final scoring "
                       "(or list the features scored during play under 'completed:')")
        if t.points_given and not t.completed_given and not t.points_unnamed:
            for p in t.players:
                if p.index not in t.points_for:
                    r.fail(("points",), f"no points for {p.name}; write {p.name}: 0 if that marker never left 0",
                           at_key=True)
        # cowboys left on the board at game end
        places: dict = {}  # player index -> [(count, path)]
        for feature in t.features:
            for i, count in feature.cowboys.items():
                places.setdefault(i, []).append((count, feature.count_paths[i]))
        for i, here in ((p.index, places.get(p.index, ())) for p in t.players):
            count = sum(c for c, _ in here)
            if count > self.in_play:
                lines = ", ".join(str(r.line(at)) for _, at in here if r.line(at))
                r.fail(("features",), f"{t.players[i].name} has {count} cowboys on the board at game end (lines "
                                      f"{lines}), but only {self.in_play} are in play ({self.cowboy_note})", at_key=True)
        # mining tokens
        held = {i: sum(counts.values()) for i, counts in t.tokens.items()}
        if sum(held.values()) > self.token_total:
            detail = ", ".join(f"{t.players[i].name} {n}" for i, n in held.items() if n)
            r.fail(("tokens",), f"{sum(held.values())} mining tokens collected in all ({detail}), but the game has "
                                f"{self.token_total}", at_key=True)
        for value, limit in self.token_counts.items():
            got = sum(counts.get(value, 0) for counts in t.tokens.values())
            if got > limit:
                what = f"{self.token_names[value]} tokens" if self.token_names[value] else f"tokens worth {value}"
                r.warn(f"{got} {what} collected in all; the rulebook's count of them (unverified) is {limit}")

    def warnings(self, t: Board, ok: bool) -> list:
        if not (t.tallied and t.completed_given and t.points_given):  # said even beside a wrong total
            return []
        return [f"{p.name}: the score track says {t.points[p.index]}, the completed features give {during}; "
                f"the tally uses the completed features (list the missing ones, or drop 'completed:' to use "
                f"the track)" for p, during in zip(t.players, in_game(t))
                if p.index in t.points and t.points[p.index] != during]

    # -- the tally ------------------------------------------------------------------
    def breakdown(self, t: Board) -> list:
        parts = [dict.fromkeys(CATEGORIES, 0) for _ in t.players]
        for part, points in zip(parts, in_game(t)):
            part["in-game"] = points
        for feature in t.features:
            for i in feature.winners():
                parts[i][FINAL_CATEGORY[feature.kind]] += feature.value
        for i, counts in t.tokens.items():
            parts[i]["tokens"] = sum(value * count for value, count in counts.items())
        return parts


def in_game(t: Board) -> list:
    """Points scored during play, per player: the completed features, else the score track."""
    if not t.completed_given:
        return [t.points.get(p.index, 0) for p in t.players]
    scored = [0] * len(t.players)
    for feature in t.completed:
        for i in feature.winners():
            scored[i] += feature.value
    return scored
