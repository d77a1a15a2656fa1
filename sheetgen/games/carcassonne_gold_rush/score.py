"""Carcassonne: Gold Rush: the results model, its checks and its tally.

The results file lists the players' names, then their score-track points
before final scoring (`points`), the mining tokens each collected by value
(`tokens`), and the features left on the board at game end (`features`):
railroads, mountains, cities and prairies with the cowboys on them. Optional `completed` lists the features completed and scored during
play, and optional `totals` what each player added up.

How each rule is read (the rulebook is silent or ambiguous on several) is in
docs/RULES.md, "Carcassonne: Gold Rush". Every number comes from the rule data (data/carcassonne-gold-rush.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from sheetgen.results.model import (Block, Context, Entry, Example, Model, Reader, Scorer, Table, closest, is_int,
                                    norm)
from sheetgen.results.document import PathKey
from sheetgen.schema import Any_, Dict, Field, Int, List, Map, OrNull, Schema, Str, describe

CATEGORIES = ("in-game", "railroads", "mountains", "cities", "prairies", "tokens")
KINDS = ("railroad", "mountain", "city", "prairie")
FINAL_CATEGORY = dict(zip(KINDS, CATEGORIES[1:]))  # feature kind -> its final-scoring category
# what a feature kind may be called in a results file (after case folding)
_KIND_NAMES = {**{kind: kind for kind in KINDS}, "railroads": "railroad", "railway": "railroad",
               "railway line": "railroad", "mountains": "mountain", "cities": "city", "prairies": "prairie"}
# feature kind -> the key of its cowboys, and their name in messages
ROLES = {"railroad": ("workers", "railway workers"), "mountain": ("miners", "miners"),
         "city": ("merchant", "merchant"), "prairie": ("farmers", "farmers")}
# a feature's numbers (the rule data's tile count bounds them: see feature_fields)
_FEATURE_FIELDS: dict[str, dict[str, Union[Schema, Field]]] = {
    "railroad": {"tiles": Int(), "locomotives": Field(Int(0), required=False)},
    "mountain": {"nuggets": Int()},
    "city": {"railroads": Int(0)},
    "prairie": {"tipis": Field(Int(0), required=False), "horses": Field(Int(0), required=False)},
}
EDGES = 4  # a square tile: at most 4 parts of one kind of feature meet its edges


def feature_fields(rules: Any) -> dict[str, dict[str, Union[Schema, Field]]]:
    """Each feature kind's numbers, bounded by the tiles: a railroad's locomotives and a prairie's
    camps and herds are drawn on its tiles (at most one a tile part), a mountain's nuggets at most
    `max_nuggets` a segment. The tiles, the railroads of a city and the least nuggets are checked
    by the scorer, with their own words."""
    tiles, nuggets = rules["tiles"], rules["mountain"]["max_nuggets"]
    drawn = tiles * EDGES
    on_tiles = f"{tiles} tiles, {EDGES} parts each"
    return {
        "railroad": {"tiles": Int(), "locomotives": Field(Int(0, drawn, on_tiles), required=False)},
        "mountain": {"nuggets": Int(None, drawn * nuggets, f"{on_tiles}, {nuggets} nuggets a segment")},
        "city": {"railroads": Int(0)},
        "prairie": {"tipis": Field(Int(0, drawn, on_tiles), required=False),
                    "horses": Field(Int(0, drawn, on_tiles), required=False)},
    }


def in_game_most(rules: Any) -> int:
    """More points than the game can give during play: every tile's 4 edge parts in a railroad
    (doubled) and in a mountain of the most nuggets, and every tile a city of the most tracks."""
    tiles, railroad, mountain, city = rules["tiles"], rules["railroad"], rules["mountain"], rules["city"]
    per_part = railroad["per_tile"] * railroad["locomotive"]["multiplier"] + mountain["max_nuggets"] * \
        mountain["per_nugget"]
    most: int = tiles * EDGES * per_part + tiles * city["per_railroad"] * city["tracks"]["max"]
    return most


@dataclass
class Feature:
    kind: str
    value: int = 0  # points for each player of the majority
    cowboys: dict[int, tuple[int, PathKey]] = field(default_factory=dict)  # player index -> (count, where it is written)

    def winners(self) -> list[int]:
        top = max((count for count, _ in self.cowboys.values()), default=0)
        return [i for i, (count, _) in self.cowboys.items() if count == top and top > 0]


@dataclass
class Board(Table):
    """The file as read, beyond the names list (players are numbered in the list's order)."""

    by_key: dict[str, Entry] = field(default_factory=dict)  # normalised name -> Entry
    hints: dict[tuple[str, tuple[str, ...]], str] = field(default_factory=dict)  # (misspelling, choices) -> "did you mean" words
    points: Optional[dict[int, int]] = None  # player index -> score-track points (None: no points written)
    tokens: dict[int, dict[int, int]] = field(default_factory=dict)  # player index -> {value: count}, in file order
    features: list[Feature] = field(default_factory=list)  # left on the board at game end
    completed: list[Feature] = field(default_factory=list)  # completed during play
    completed_given: bool = False


class CarcassonneGoldRushScorer(Scorer):
    table_type = Board

    def __init__(self, rules: Any):
        super().__init__(rules)
        cowboys, railroad, city = rules["cowboys"], rules["railroad"], rules["city"]
        self.colours, self.tiles, self.lap = list(rules["colours"]), rules["tiles"], rules["score_track"]["spaces"]
        self.cowboys, self.markers = cowboys["per_colour"], cowboys["score_markers"]
        self.in_play = self.cowboys - self.markers
        self.cowboy_note = f"{self.cowboys} per colour" + (f", {self.markers} the score marker"
                                                           if self.markers else "")
        self.per_tile, self.locomotive = railroad["per_tile"], railroad["locomotive"]  # {exactly, multiplier}
        self.per_nugget, self.min_nuggets = rules["mountain"]["per_nugget"], rules["mountain"]["min_nuggets"]
        self.per_railroad, self.tracks = city["per_railroad"], city["tracks"]  # {min, max}
        self.per_tipi, self.per_horses = rules["prairie"]["per_tipi"], rules["prairie"]["per_horses"]
        self.token_total, tokens = rules["mining_tokens"]["total"], rules["mining_tokens"]["values"]
        self.token_counts = {t["value"]: t["count"] for t in tokens}
        self.token_names: dict[int, str] = {t["value"]: t.get("name", "") for t in tokens}
        self.features = feature_fields(rules)
        self.details = {kind: Map({**fields, ROLES[kind][0]: Field(Any_(), required=False)})
                        for kind, fields in self.features.items()}
        self.most_points = in_game_most(rules)
        self.token_count = Int(0, self.token_total, "the mining tokens in the game")  # one player's, one value

    def token_value(self, key: Any) -> Optional[int]:
        """A token key as written (5, '5', 'rock', 'crushed rocks') -> its value, or None."""
        text = norm(key) if isinstance(key, str) else ""
        number = key if is_int(key) else int(text) if text.isdecimal() and len(text) < 9 else None
        if number is not None or not text:
            return number if number in self.token_counts else None
        for value, name in self.token_names.items():
            words = {norm(name), norm(name).split()[-1]} if name else set()
            if text in words or text.rstrip("s") in words:
                return value
        return None


    # -- the model ------------------------------------------------------------------
    def model(self) -> Model:
        low, high = self.rules.players
        lap = self.lap

        def by_name(value: Schema) -> OrNull:
            return OrNull(Dict(Str(), value))

        blank = {v: 0 for v in self.token_counts}
        return Model(self.game, self.title, None, {
            "points": Field(by_name(Any_()), False, default=lambda ctx: dict.fromkeys(ctx.names, 0), help=[
                "points: each player's score track BEFORE final scoring, laps included: a marker",
                f"lying down has passed {lap} (write {lap + 1}, or {{laps: 1, space: 1}}). You may leave points",
                "out when 'completed:' below lists every feature scored during play; if you give",
                "both, the completed features count and points are only compared (a warning",
                "names each player whose track disagrees)."]),
            "tokens": Field(by_name(OrNull(Dict(Any_(), self.token_count))),
                            False, help=self._tokens_help,
                            default=lambda ctx: Block([(name, blank, "") for name in ctx.names])),
            "features": Field(OrNull(List(Any_())), False, help=self._features_help, default=[]),
            "completed": Field(OrNull(List(Any_())), False, help=lambda ctx: self._features_help(ctx, True),
                               default=Example([])),
            "totals": Field(by_name(Int(0)), False, default=lambda ctx: Example(dict.fromkeys(ctx.names, 0)),
                            help=["totals: optional, what each player added up;",
                                  "the check compares it with the tally."]),
        }, players_help=f"{low}-{high} names (colours or people), each once", comment_column=44, intro=lambda _: [
            f"# {self.title} results, copied from the board at the end of the game.",
            "# Check and tally it with:  sheetgen score THIS-FILE",
            "# Player names may be written in any letter case, but must match the players list."])

    def default_names(self, count: int) -> list[str]:
        return self.colours[:count]

    def _tokens_help(self, ctx: Context) -> list[str]:
        rock = next((f"{v} = {n}" for v, n in self.token_names.items() if n), "")
        # the rulebook's example: Blue's nine tokens, three 1s, four 2s, a 5 and a rock
        shown = {v: c for v, c in ((1, 3), (2, 4), (5, 1), (0, 1)) if v in self.token_counts}
        example = ", ".join(f"{v}: {c}" for v, c in shown.items())
        return [f"tokens: mining tokens each player collected, by value ({rock}); {self.token_total} in the game.",
                f"Each nugget scores 1 point: e.g. {ctx.names[0]}: {{{example}}} is "
                f"{sum(v * c for v, c in shown.items())} points."]

    def examples(self, a: str, b: str) -> dict[tuple[str, bool], tuple[str, str]]:
        """Example features, (kind, completed) -> (details, what they score), players `a` and `b` on them."""
        exactly, connected = self.locomotive["exactly"], f"{self.per_railroad} per completed railroad connected"
        return {
            ("railroad", False): (f"{{tiles: 2, workers: {{{b}: 1}}}}",
                                  f"{self.per_tile} per tile, locomotives ignored"),
            ("mountain", False): (f"{{nuggets: 10, miners: {{{a}: 2, {b}: 1}}}}",
                                  f"{self.per_nugget} per gold nugget symbol"),
            ("city", False): (f"{{railroads: 1, merchant: {b}}}", connected),
            ("prairie", False): (f"{{tipis: 2, horses: 3, farmers: {{{a}: 2}}}}",
                                 f"{self.per_tipi} per tipi camp, {self.per_horses} per wild-horse herd"),
            ("railroad", True): (f"{{tiles: 4, locomotives: 1, workers: {{{a}: 1}}}}",
                                 f"{self.per_tile} per tile, x{self.locomotive['multiplier']} with exactly "
                                 f"{exactly} locomotive{'s' if exactly != 1 else ''}"),
            ("mountain", True): (f"{{nuggets: 7, miners: {{{b}: 1}}}}", f"{self.per_nugget} per nugget symbol"),
            ("city", True): (f"{{railroads: 2, merchant: {a}}}", connected)}

    def _features_help(self, ctx: Context, completed: bool = False) -> list[str]:
        shown = [(f"{kind}: {details}", note) for (kind, done), (details, note)
                 in self.examples(*ctx.names[:2]).items() if done == completed]
        width = max(len(code) for code, _ in shown) + 2
        rows = [f"  - {code:<{width}}# {note}" for code, note in shown]
        if completed:
            return ["completed: optional, the features completed and scored during play (never prairies).",
                    "Mining tokens a majority took from a completed mountain go under tokens: above.", *rows]
        return ["features: every railroad, mountain, city and prairie with cowboys on it at the end,",
                "one line each; the player(s) with the most cowboys on it score it (ties: all score).", *rows,
                f"At most {self.in_play} cowboys of a colour are on the board ({self.cowboy_note});",
                "tents are not cowboys and are not listed."]

    # -- the checks -----------------------------------------------------------------
    def read(self, r: Reader, t: Board) -> None:
        top = r.doc.value if isinstance(r.doc.value, dict) else {}
        t.by_key = {norm(p.name): p for p in t.players}
        t.completed_given = isinstance(top.get("completed"), list) and bool(top["completed"])
        if isinstance(top.get("points"), dict):
            self._points(r, t, top["points"])
        elif not t.completed_given and t.players:
            r.fail((), "missing key 'points': each player's score-track points before final scoring "
                       "(or list the features scored during play under 'completed:')")
        if isinstance(top.get("tokens"), dict):
            for p, counts, path in self._each(r, t, top["tokens"], ("tokens",)):
                for key, count in counts.items() if isinstance(counts, dict) else ():  # else the schema said
                    self._token(r, p, t.tokens.setdefault(p.index, {}), key, count, path + (key,))
        for section in ("features", "completed"):
            if isinstance(top.get(section), list):
                read = (self._feature(r, t, item, (section, i), section == "completed")
                        for i, item in enumerate(top[section]))
                setattr(t, section, [feature for feature in read if feature is not None])
        if isinstance(top.get("totals"), dict):
            for p, total, path in self._each(r, t, top["totals"], ("totals",)):
                if is_int(total) and total >= 0:
                    p.claimed, p.claimed_at = total, path
        self._across(r, t)

    def _who(self, r: Reader, t: Board, name: Any, path: PathKey, at_key: bool) -> Optional[Entry]:
        """The player a name refers to, or None after reporting why not."""
        if not isinstance(name, str) or not name.strip():
            r.fail(path, f"expected a player's name, got {describe(name)}", at_key)
            return None
        found = t.by_key.get(norm(name))
        if found is None and t.players:  # no players: the list itself is broken, and reported
            names = [p.name for p in t.players]
            r.fail(path, f"'{name.strip()}' is not a player; {_near(t, name, names)}players: {', '.join(names)}",
                   at_key)
        return found

    def _each(self, r: Reader, t: Board, mapping: dict[Any, Any], path: PathKey) -> list[tuple[Entry, Any, PathKey]]:
        """{name as written: value} -> [(player, value, path)], names resolved and each listed once."""
        out: list[tuple[Entry, Any, PathKey]] = []
        seen: set[int] = set()
        for key, value in mapping.items():
            p = self._who(r, t, key, path + (key,), at_key=True)
            if p is not None and p.index in seen:
                r.fail(path + (key,), f"{p.name} is listed twice here", at_key=True)
            elif p is not None:
                seen.add(p.index)
                out.append((p, value, path + (key,)))
        return out

    def _points(self, r: Reader, t: Board, value: dict[Any, Any]) -> None:
        t.points, lap = {}, self.lap
        readable = self._each(r, t, value, ("points",))
        most = self.most_points
        too_many = f"is more than the game can give during play (at most {most})"
        for p, points, path in readable:
            if is_int(points) and points > most:
                r.fail(path, self.too_many_points(p.name, points))
            elif is_int(points) and points >= 0:
                t.points[p.index] = points
            elif isinstance(points, dict) and set(points) == {"laps", "space"}:
                laps, space = points["laps"], points["space"]
                if not (is_int(laps) and laps >= 0):
                    r.fail(path + ("laps",), f"laps: expected how many times the marker passed {lap} "
                                             f"(0 or more), got {describe(laps)}")
                elif not (is_int(space) and 0 <= space < lap):
                    r.fail(path + ("space",), f"space: expected the space the marker stands on "
                                              f"(0 to {lap - 1}), got {describe(space)}")
                elif laps * lap + space > most:
                    r.fail(path + ("laps",), f"{p.name}: {laps} laps of {lap} {too_many}")
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
        if not t.completed_given and len(readable) == len(value):  # else a name is wrong, and reported
            named = {p.index for p, _, _ in readable}
            for p in t.players:
                if p.index not in named:
                    r.fail(("points",), f"no points for {p.name}; write {p.name}: 0 if that marker never left 0",
                           at_key=True)

    def too_many_points(self, name: str, points: int) -> str:
        """Why a score track's points cannot be (a results file and a prompt say it alike)."""
        return f"{name}: {points} points is more than the game can give during play (at most {self.most_points})"

    def _token(self, r: Reader, p: Entry, got: dict[int, int], key: Any, count: Any, path: PathKey) -> None:
        token = self.token_value(key)
        if token is None:
            nuggets = [str(v) for v in self.token_counts if v and not self.token_names[v]]
            named = [f"{v} ({n})" for v, n in self.token_names.items() if n]
            r.fail(path, f"no mining token is worth {key!r}; tokens are worth {', '.join(nuggets)}"
                         f"{' or ' + ', '.join(named) if named else ''}", at_key=True)
        elif token in got:
            r.fail(path, f"tokens worth {token} are listed twice for {p.name}", at_key=True)
        elif is_int(count) and 0 <= count <= self.token_total:  # else the model said what is wrong
            got[token] = count

    def _feature(self, r: Reader, t: Board, item: Any, path: PathKey, completed: bool) -> Optional[Feature]:
        kind_body = self._feature_kind(r, t, item, path, completed)
        if kind_body is None:
            return None
        kind, body, where = kind_body
        found: list[tuple[PathKey, str, bool]] = []
        self.details[kind].walk(body, where, found)
        for at, message, at_key in found:
            r.fail(at, message, at_key)
        broken = {at[len(where)] if len(at) > len(where) else "" for at, _, _ in found}  # "": a key is missing
        number = {k: v for k, v in body.items() if k not in broken and is_int(v)}  # the counts that can be read
        feature = self._feature_value(r, Feature(kind), number, where, completed)
        role, _ = ROLES[kind]
        if body.get(role) is not None:
            self._cowboys(r, t, feature, body[role], where + (role,))
        if not feature.cowboys and not r.failed_at(where):
            r.warn(f"{r.where(where)}: a {kind} {'completed' if completed else 'left on the board'} with no "
                   f"cowboys on it scores for nobody")
        return feature

    def _feature_kind(self, r: Reader, t: Board, item: Any, path: PathKey,
                      completed: bool) -> Optional[tuple[str, dict[Any, Any], PathKey]]:
        """(kind, details, where) of a feature written as `kind: {details}`, or None after saying why not."""
        if not isinstance(item, dict) or len(item) != 1:
            got = f"a mapping of {len(item)} keys" if isinstance(item, dict) else describe(item)
            example = self.examples(*self.colours[:2])["railroad", completed][0]
            r.fail(path, f"a feature is one kind and its details, e.g. '- railroad: {example}'; got {got}")
            return None
        ((key, body),) = item.items()
        where = path + (key,)
        kind = _KIND_NAMES.get(norm(key)) if isinstance(key, str) else None
        if kind is None:
            r.fail(where, f"unknown feature '{key}'; {_near(t, str(key), KINDS)}expected one of: "
                          f"{', '.join(KINDS)}", at_key=True)
            return None
        if completed and kind == "prairie":
            r.fail(where, "prairies are never completed: farmers score only at game end; "
                          "list this prairie under 'features:'", at_key=True)
            return None
        if not isinstance(body, dict):
            examples = self.examples(*self.colours[:2])
            example = examples.get((kind, completed), examples[kind, False])[0]
            r.fail(where, f"expected the {kind}'s details, e.g. {example}, got {describe(body)}")
            return None
        return kind, body, where

    def _feature_value(self, r: Reader, feature: Feature, number: dict[str, int], where: PathKey,
                       completed: bool) -> Feature:
        """The points of a feature of `feature.kind` from its readable counts `number`."""
        kind = feature.kind

        def fail(key: str, message: str) -> None:
            r.fail(where + (key,), message)

        if kind == "railroad" and "tiles" in number:
            tiles, locomotives = number["tiles"], number.get("locomotives", 0)
            if tiles < 1:
                fail("tiles", f"a railroad has at least 1 tile, got {tiles}")
            elif tiles > self.tiles:
                fail("tiles", f"a railroad of {tiles} tiles, but the game has {self.tiles} tiles")
            if tiles and locomotives > tiles:
                r.warn(f"{r.where(where)}: {locomotives} locomotives on a railroad of {tiles} tiles; "
                       "is that right?")
            doubled = completed and locomotives == self.locomotive["exactly"]
            feature.value = tiles * self.per_tile * (self.locomotive["multiplier"] if doubled else 1)
        elif kind == "mountain" and "nuggets" in number:
            if number["nuggets"] < self.min_nuggets:
                fail("nuggets", f"a mountain shows at least {self.min_nuggets} gold nugget "
                                f"symbol{'s' if self.min_nuggets != 1 else ''}, got {number['nuggets']}")
            feature.value = number["nuggets"] * self.per_nugget
        elif kind == "city" and "railroads" in number:
            # every track of a completed city lies on a completed railroad, and one railroad covers at
            # most 2 of them; an incomplete city has at least one track still open
            tracks = self.tracks
            low, high = (-(-tracks["min"] // 2), tracks["max"]) if completed else (0, tracks["max"] - 1)
            if not low <= number["railroads"] <= high:
                why = (f"{tracks['min']} or {tracks['max']} tracks leave a city, every one on a completed "
                       "railroad, and a railroad uses at most 2 of them" if completed else
                       f"{tracks['max']} tracks at most leave a city, and while it is incomplete at least one "
                       "of them is not on a completed railroad")
                fail("railroads", f"{'a completed' if completed else 'an incomplete'} city connects {low} to "
                                  f"{high} completed railroads ({why}); got {number['railroads']}")
            feature.value = number["railroads"] * self.per_railroad
        elif kind == "prairie":
            feature.value = number.get("tipis", 0) * self.per_tipi + number.get("horses", 0) * self.per_horses
        return feature

    def _cowboys(self, r: Reader, t: Board, feature: Feature, value: Any, path: PathKey) -> None:
        role, word = ROLES[feature.kind]
        if isinstance(value, str):  # one cowboy, named
            p = self._who(r, t, value, path, at_key=False)
            if p is not None:
                feature.cowboys[p.index] = (1, path)
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
                    feature.cowboys[p.index] = (count, where)

    def _across(self, r: Reader, t: Board) -> None:
        """Cowboys and tokens in all; the score track against the completed features (warnings)."""
        for p in t.players:  # the cowboys left on the board at game end (at most 5 players)
            here = [f.cowboys[p.index] for f in t.features if p.index in f.cowboys]
            count = sum(c for c, _ in here)
            if count > self.in_play:
                spots = [r.doc.problem(at, "") for _, at in here]  # lines of a file, or fields of a form
                lines = ", ".join(str(s.line) for s in spots if s.line)
                fields = ", ".join(str(s.field) for s in spots if s.page is not None and s.field)
                where = f" (lines {lines})" if lines else f" ({fields})" if fields else ""
                r.fail(("features",), f"{p.name} has {count} cowboys on the board at game end{where}, "
                                      f"but only {self.in_play} are in play ({self.cowboy_note})", at_key=True)
        held = {i: sum(counts.values()) for i, counts in t.tokens.items()}
        if sum(held.values()) > self.token_total:
            detail = ", ".join(f"{t.players[i].name} {n}" for i, n in held.items() if n)
            r.fail(("tokens",), f"{sum(held.values())} mining tokens collected in all ({detail}), but the game "
                                f"has {self.token_total}", at_key=True)
        for value, limit in self.token_counts.items():
            got = sum(counts.get(value, 0) for counts in t.tokens.values())
            if got > limit:
                what = f"{self.token_names[value]} tokens" if self.token_names[value] else f"tokens worth {value}"
                r.warn(f"{got} {what} collected in all; the rulebook's count of them (unverified) is {limit}")
        if not r.problems and t.completed_given and t.points is not None:  # it will be tallied: compare
            for p, during in zip(t.players, in_game(t)):
                if t.points.get(p.index, during) != during:
                    r.warn(f"{p.name}: the score track says {t.points[p.index]}, the completed features give "
                           f"{during}; the tally uses the completed features (list the missing ones, or drop "
                           f"'completed:' to use the track)")

    # -- the tally ------------------------------------------------------------------
    def breakdown(self, t: Board) -> list[dict[str, int]]:
        parts = [dict.fromkeys(CATEGORIES, 0) for _ in t.players]
        for part, points in zip(parts, in_game(t)):
            part["in-game"] = points
        for feature in t.features:
            for i in feature.winners():
                parts[i][FINAL_CATEGORY[feature.kind]] += feature.value
        for i, counts in t.tokens.items():
            parts[i]["tokens"] = sum(value * count for value, count in counts.items())
        return parts


def _near(t: Board, text: str, choices: Sequence[str]) -> str:
    """"did you mean 'X'? " or "": each misspelling is looked up once, however often it is written."""
    key = (norm(text), tuple(choices))
    if key not in t.hints:
        hint = closest(text, choices)
        t.hints[key] = f"did you mean '{hint}'? " if hint else ""
    return t.hints[key]


def in_game(t: Board) -> list[int]:
    """Points scored during play, per player: the completed features, else the score track."""
    if not t.completed_given:
        return [(t.points or {}).get(p.index, 0) for p in t.players]
    scored = [0] * len(t.players)
    for feature in t.completed:
        for i in feature.winners():
            scored[i] += feature.value
    return scored
