"""A game's results file, declared once, and the one pipeline that scores it.

A game supplies a `Scorer` subclass (python-chess's variants are the model:
override only what the game changes):

- `model()`: the results model, a `Model` of `schema.Field`s with their
  types, ranges, defaults, help and the categories or offices that need them;
- `read_player()` / `read()`: the game's own checks, on top of the structural
  ones the model already makes;
- `breakdown()`: the pure tally, points per category for every player.

Everything else is here, once: structural validation with located problems,
reading the players list (names normalised, each once, the player count),
the rule that a needed field left out is a problem and never a zero, the
written-total check, ranking with the data's tie-breakers, the tie warning,
the commented template and the JSON Schema.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterable, Optional, Sequence

from sheetgen.errors import InvalidArgument, InvalidInput, Problem, check_player_count, player_range
from sheetgen.playernames import check_all, clean, key as name_key, text_problem, twice
from sheetgen.results.document import Document, Key, PathKey
from sheetgen.results.report import ScoredPlayer, ScoreReport, rank
from sheetgen.ruledata import RuleData
from sheetgen.schema import MISSING, Any_, Check, Field, List, Map, Str, describe

# -- small shared helpers ---------------------------------------------------------

# Names are cleaned and compared by the one name policy (sheetgen/playernames.py).
clean_name = clean


@lru_cache(maxsize=4096)
def _key(text: str) -> str:
    return name_key(text)


def norm(text: Any) -> str:
    """`sheetgen.playernames.key`: how a name or a word is compared. Remembered for text, as a file of
    thousands of players, or a batch of thousands of files, names the same rows and
    buildings again and again."""
    return _key(text) if type(text) is str else name_key(text)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def plural(n: int, word: str, many: Optional[str] = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def and_list(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def closest(text: str, choices: Sequence[str]) -> Optional[str]:
    """The choice nearest to `text` (compared as `norm` sees them), if any is near."""
    keys = {norm(c): c for c in choices}
    hit = difflib.get_close_matches(norm(text), list(keys), n=1, cutoff=0.6)
    return keys[hit[0]] if hit else None


def unknown(what: str, text: Any, choices: Sequence[str]) -> str:
    """"unknown building 'windmil'; did you mean 'Windmill'?" or the list of choices."""
    hint = closest(str(text), choices)
    if hint:
        return f"unknown {what} '{text}'; did you mean '{hint}'?"
    return f"unknown {what} '{text}'; expected one of {', '.join(choices)}"


# -- the model ------------------------------------------------------------------------

@dataclass(frozen=True)
class Context:
    """What a template is written for: the rule data, the player count and names (read-only);
    for a template of one setup (`--code`), the realised setup and the needs that cannot
    arise in it (offices not in play): a field only those need is left out."""

    rules: RuleData
    players: int
    names: list[str]
    setup: Optional[dict[str, Any]] = None
    unused: frozenset[str] = frozenset()

    def __hash__(self) -> int:  # names is a list, setup a dict: hashed by what names them
        setup = None if self.setup is None else self.setup.get("code")
        return hash((self.rules, self.players, tuple(self.names), setup, self.unused))

    def asked(self, spec: object) -> bool:
        """Whether a field belongs in this context: not when every need it serves cannot arise."""
        needs = getattr(spec, "needs", ())
        return not (needs and set(needs) <= self.unused)


class Example:
    """A template default written commented out: an optional field shown, not filled."""

    def __init__(self, value: Any):
        self.value = value


class Block:
    """A template default written one key a line, each with its own comment."""

    def __init__(self, rows: Sequence[tuple[Any, Any, str]]):
        self.rows = list(rows)  # (key, value, comment)


def _no_lines(ctx: Context) -> list[str]:
    return []


@dataclass(frozen=True)
class Model:
    """A game's results file: the top-level fields, with `players` either a list of
    per-player mappings (`player` given) or a list of names."""

    game: str
    title: str
    player: Optional[Map]  # the fields of one player's entry; None: `players` lists names
    fields: dict[str, Any]  # top-level fields after `game` and `players`
    players_help: Any = ""
    intro: Callable[[Context], list[str]] = _no_lines
    outro: Callable[[Context], list[str]] = _no_lines
    comment_column: int = 40

    def schema(self) -> Map:
        def game_test(value: Any) -> Optional[str]:
            if isinstance(value, str) and norm(value) == self.game:
                return None
            return f"this checker reads {self.game} results, got {describe(value)}"

        players = List(self.player) if self.player is not None else List(Str())
        return Map({
            "game": Field(Check(Any_(), game_test), help="which game this file is for; leave as it is"),
            "players": Field(players, help=self.players_help),
            **self.fields,
        })

    def player_fields(self) -> dict[str, Any]:
        return dict(self.player.fields) if self.player is not None else {}

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of a results file, for editors (`sheetgen template GAME --schema`)."""
        body = self.schema().json_schema()
        body["properties"]["game"] = {"description": "which game this file is for", "const": self.game}
        return {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": f"{self.title} results (sheetgen)", **body}

    def template(self, ctx: Context) -> str:
        """The commented results file for `ctx`: every field with its default and help."""
        return _TemplateWriter(self, ctx).text()


class _TemplateWriter:
    def __init__(self, model: Model, ctx: Context):
        self.model, self.ctx = model, ctx
        self.lines: list[str] = list(model.intro(ctx))

    def text(self) -> str:
        m, ctx = self.model, self.ctx
        self.field("game", Field(Str(), help="which game this file is for; leave as it is", default=m.game), "")
        if m.player is None:
            names = Field(List(Str()), help=m.players_help, default="[" + ", ".join(ctx.names) + "]")
            self.field("players", names, "")
        else:
            self.lines.append("players:")
            for index in range(ctx.players):
                for n, (key, spec) in enumerate(m.player.fields.items()):
                    self.field(key, _as_field(spec), "  - " if n == 0 else "    ", index, first=index == 0)
        for key, spec in m.fields.items():
            spec = _as_field(spec)
            if len(spec.help_lines(ctx)) > 1:
                self.lines.append("")
            self.field(key, spec, "")
        self.lines += m.outro(ctx)
        return "\n".join(self.lines) + "\n"

    def field(self, key: str, spec: Field, indent: str, *index: int, first: bool = True) -> None:
        ctx = self.ctx
        value = spec.default(ctx, *index) if callable(spec.default) else spec.default
        if value is MISSING or not ctx.asked(spec):
            return
        lines = spec.help_lines(ctx, *index) if first else []
        inner = " " * len(indent)
        if len(lines) > 1:
            self.lines += [f"{inner}# {line}" if line else f"{inner}#" for line in lines]
            lines = []
        comment = lines[0] if lines else ""
        if isinstance(value, Block):
            self.line(f"{indent}{key}:", comment)
            width = max((len(str(k)) for k, _, _ in value.rows), default=0) + 2
            for k, v, note in value.rows:
                self.line(f"{inner}  {(str(k) + ':').ljust(width)}{flow(v)}", note if first else "")
            return
        if isinstance(value, Example):
            self.line(f"{indent}# {key}: {flow(value.value)}", comment)
            return
        text = flow(value)
        self.line(f"{indent}{key}: {text}" if text else f"{indent}{key}:", comment)

    def line(self, code: str, comment: str = "") -> None:
        if comment:
            code = code.ljust(self.model.comment_column - 1) + " # " + comment
        self.lines.append(code)


def _as_field(spec: Any) -> Field:
    return spec if isinstance(spec, Field) else Field(spec)


def flow(value: Any) -> str:
    """A value in YAML flow style, as a template writes it ('' for nothing)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return str(value)


# -- reading --------------------------------------------------------------------------

@dataclass
class Entry:
    """One player as read from a results file. Games subclass it to add what they read."""

    index: int
    name: str = ""
    claimed: Optional[int] = None  # the total the player wrote, if any
    claimed_at: PathKey = ()  # where it was written
    given: set[str] = field(default_factory=set)  # the fields written with a value

    def path(self, *rest: Any) -> PathKey:
        return ("players", self.index, *rest)

    @property
    def label(self) -> str:
        return self.name or f"player {self.index + 1}"


@dataclass
class Table:
    """A results file as read: the players and whatever else the game reads."""

    players: list[Any]  # the game's Entry (sub)class, in file order
    listed: int = 0  # entries in the players list, unreadable ones included


class Reader:
    """Collects the problems and warnings of one file, each placed where it was written."""

    def __init__(self, doc: Document, found: Sequence[tuple[PathKey, str, bool]]):
        self.doc = doc
        self.problems: list[Problem] = []
        self.warnings: list[str] = []
        self._broken: dict[PathKey, set[Key]] = {}  # a path -> its children the schema rejected
        self._broken_here: set[PathKey] = set()  # paths the schema rejected themselves
        for path, _, _ in found:
            self._broken_here.add(tuple(path))
            for k in range(len(path)):
                self._broken.setdefault(tuple(path[:k]), set()).add(path[k])
        self._failed_spots: set[tuple[object, ...]] = set()

    def fail(self, path: PathKey, message: str, at_key: bool = False) -> None:
        problem = self.doc.problem(path, message, at_key=at_key)
        self.problems.append(problem)
        self._failed_spots.add(problem.spot)

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def broken(self, path: PathKey) -> set[Key]:
        """The keys under `path` that the structural check already rejected."""
        return self._broken.get(tuple(path), set())

    def failed_at(self, path: PathKey) -> bool:
        """Whether a problem was already reported on the line (or form field) of `path`."""
        return self.doc.problem(path, "").spot in self._failed_spots

    def line(self, path: PathKey, at_key: bool = False) -> Optional[int]:
        return self.doc.problem(path, "", at_key=at_key).line

    def where(self, path: PathKey) -> str:
        return self.doc.problem(path, "").place or "here"

    def on_line(self, path: PathKey, at_key: bool = False) -> str:
        """' (line N)' (or ' (FILE, page N)') for a reference to another place in the file."""
        place = self.doc.problem(path, "", at_key=at_key).place
        return f" ({place})" if place else ""


# -- the pipeline -----------------------------------------------------------------------

@dataclass
class Outcome:
    """What `Scorer.examine` found: problems, warnings, the file as read, the tally, and the document."""

    problems: list[Problem]
    warnings: list[str]
    table: Any
    breakdowns: list[dict[str, int]]  # per player, in file order; empty when there are problems
    doc: Document


@dataclass(frozen=True)
class CheckResult:
    """What checking a results file found: its problems (located) and its warnings."""

    problems: list[Problem]
    warnings: list[str]

    @property
    def ok(self) -> bool:
        """Whether the file has no problems (warnings do not count)."""
        return not self.problems


class Scorer:
    """A game's scoring: override the hooks the game needs; the pipeline is `examine`/`tally`."""

    entry_type: ClassVar[type] = Entry
    table_type: ClassVar[type] = Table

    def __init__(self, rules: RuleData):
        self.rules = rules
        self.game = rules.game
        self.title = rules.title

    # hooks ----------------------------------------------------------------------------
    def model(self) -> Model:
        """The results model. It may depend on the rule data only: the pipeline builds it (and
        its schema) once per scorer, and a batch scores every file of a game with one scorer."""
        raise NotImplementedError

    def reword(self, path: PathKey, message: str, at_key: bool) -> str:
        """A structural problem's words for this game's players (default: as they are)."""
        return message

    def read_player(self, r: Reader, entry: Any, value: dict[str, Any], broken: set[Key]) -> None:
        """Read one player's entry (a mapping); `broken` are the keys the schema rejected."""

    def read(self, r: Reader, table: Any) -> None:
        """Read the rest of the file and check across players."""

    def needed(self, table: Any, entry: Any) -> set[str]:
        """The categories and offices that score for `entry` (fields they need must be written)."""
        return set()

    def breakdown(self, table: Any) -> list[dict[str, int]]:
        """Points per category for every player, in file order (only for a file with no problems)."""
        raise NotImplementedError

    def total_detail(self, entry: Any, parts: dict[str, int]) -> Optional[str]:
        """How a written total's mismatch explains the tally (None: 'category points, ...')."""
        return None

    def warnings(self, table: Any, ok: bool) -> list[str]:
        return []

    def derived(self, entry: Any) -> Optional[dict[str, Any]]:
        """The counts worked out for `entry` rather than read from the file, shown with the
        scores (`score --format json`); None when everything was read as written."""
        return None

    def tie_value(self, entry: Any, name: str) -> int:
        """The number a tie-breaker compares (a field's value for the player)."""
        raise NotImplementedError(f"{self.game} has no value {name!r} for its tie-breakers")

    def field_label(self, name: str) -> str:
        spec = self._built()[0].player_fields().get(name)
        return spec.label if isinstance(spec, Field) and spec.label else name.replace("_", " ")

    # the pipeline ----------------------------------------------------------------------------
    def examine(self, doc: Document) -> Outcome:
        """Every problem and warning of a results file, and its tally when it has no problems."""
        model, schema = self._built()
        found: list[tuple[PathKey, str, bool]] = []
        schema.walk(doc.value, (), found)
        r = Reader(doc, found)
        r.problems = [*doc.problems, *(doc.problem(p, self.reword(p, m, k), at_key=k) for p, m, k in found)]
        table = self.table_type(players=[])
        self._read_players(r, model, table)
        self.read(r, table)
        self._check_needed(r, model, table)
        problems = list(dict.fromkeys(r.problems))
        breakdowns: list[dict[str, int]] = []
        if not problems:
            breakdowns = self.breakdown(table)
            for entry, parts in zip(table.players, breakdowns):
                if entry.claimed is None:
                    continue
                who = entry.name if model.player is None else ""
                message = total_mismatch(entry.claimed, parts, who=who, detail=self.total_detail(entry, parts))
                if message:
                    problems.append(doc.problem(entry.claimed_at, message))
        warnings = list(dict.fromkeys(r.warnings + self.warnings(table, not problems)))
        problems.sort(key=doc.order)
        return Outcome(problems, warnings, table, breakdowns, doc)

    def check(self, doc: Document) -> CheckResult:
        """The problems and warnings of a results file."""
        outcome = self.examine(doc)
        return CheckResult(outcome.problems, outcome.warnings)

    def tally(self, doc: Document) -> ScoreReport:
        """Check, then score and rank.

        :raises InvalidInput: listing every problem.
        """
        return self.report(self.examine(doc))

    def verdict(self, doc: Document, score: bool) -> tuple[CheckResult, Optional[ScoreReport]]:
        """What a batch keeps of a results file: its problems and warnings, and, with `score`
        and no problems, its ranked report (ranking may find a problem of its own: then no report)."""
        outcome = self.examine(doc)
        if not score or outcome.problems:
            return CheckResult(outcome.problems, outcome.warnings), None
        try:
            return CheckResult([], outcome.warnings), self.report(outcome)
        except InvalidInput as refused:
            return CheckResult(refused.problems, outcome.warnings), None

    def report(self, outcome: Outcome) -> ScoreReport:
        """The ranked report of an examined file; raise InvalidInput if it has problems, or if a
        tie-breaker that decides between players needs a field the file left out."""
        problems = outcome.problems
        if not problems:
            entries = outcome.table.players
            players = [ScoredPlayer(e.name, sum(parts.values()), 0, dict(parts), e.claimed, self.derived(e))
                       for e, parts in zip(entries, outcome.breakdowns)]
            ties = self.rules.tie_breakers
            written = [[self.tie_value(e, name) if name in e.given or self.entry_has(e, name) else None
                        for _, name in ties.order] for e in entries]
            problems = self._tie_value_problems(outcome, players, written)
            if not problems:
                values = [[0 if v is None else v for v in row] for row in written]  # no None is read: see above
                labels = [self.field_label(name) for _, name in ties.order]
                return rank(self.game, players, ties, values, labels, outcome.warnings)
        raise InvalidInput(problems)

    def entry_has(self, entry: Any, name: str) -> bool:
        """Whether a tie-breaker's field has a value though not written by that name (default: no)."""
        return False

    def _tie_value_problems(self, outcome: Outcome, players: list[ScoredPlayer],
                            values: list[list[Optional[int]]]) -> list[Problem]:
        """A tie-breaker that decides between players must not read a field left out as 0: a
        problem for each such field."""
        ties = self.rules.tie_breakers
        by_total: dict[int, list[int]] = {}
        for i, p in enumerate(players):
            by_total.setdefault(p.total, []).append(i)
        problems = []
        for tied in by_total.values():
            for k, (way, name) in enumerate(ties.order):
                if len(tied) < 2:
                    break
                missing = [i for i in tied if values[i][k] is None]
                if missing:
                    names = and_list(players[i].name for i in tied)
                    for i in missing:
                        entry = outcome.table.players[i]
                        problems.append(outcome.doc.problem(
                            entry.path(), f"missing key '{name}' ({self.field_label(name)}) for {entry.label}: "
                                          f"{names} tie on {players[i].total} and the tie-breaker "
                                          f"({way} {self.field_label(name)}) needs it"))
                    break
                known = [(i, v) for i in tied for v in [values[i][k]] if v is not None]  # all: none is missing
                best = (max if way == "most" else min)(v for _, v in known)
                tied = [i for i, v in known if v == best]
        return problems

    def template(self, players: Optional[int] = None, names: Optional[Sequence[str]] = None,
                 setup: Optional[dict[str, Any]] = None) -> str:
        """The commented results file for `players` players (default: the most), names optional;
        for a realised `setup` (its dict), the fields of that setup only (see `context`)."""
        return self.model().template(self.context(players, names, setup))

    def context(self, players: Optional[int] = None, names: Optional[Sequence[str]] = None,
                setup: Optional[dict[str, Any]] = None) -> Context:
        """What a template (or a guided entry) is written for. With `setup`, the player count is
        the setup's and `names` are in its seating order already."""
        low, high = self.rules.players
        if setup is not None:
            players = setup["players"]
        if names is not None:
            names = check_all(names)  # the name policy (sheetgen/playernames.py)
        count = len(names) if names and players is None else (high if players is None else players)
        check_player_count("names" if names and players is None else "players", self.title, low, high, count)
        if names and len(names) != count:
            raise InvalidArgument("names", f"{len(names)} names for {count} players")
        return Context(self.rules, count, list(names or self.default_names(count)), setup,
                       self.unused_needs(setup) if setup is not None else frozenset())

    def unused_needs(self, setup: dict[str, Any]) -> frozenset[str]:
        """The needs (categories, offices) that cannot arise in a realised setup (default: none)."""
        return frozenset()

    def default_names(self, count: int) -> list[str]:
        return [f"Player {n}" for n in range(1, count + 1)]

    def _built(self) -> tuple[Model, Map]:
        """(model, its schema), built on first use and kept: the model depends on the rules only."""
        built = self.__dict__.get("_model_and_schema")
        if built is None:
            model = self.model()
            built = self.__dict__["_model_and_schema"] = (model, model.schema())
        return built

    # the shared readers ------------------------------------------------------------------
    def _read_players(self, r: Reader, model: Model, table: Any) -> None:
        value = r.doc.value if isinstance(r.doc.value, dict) else {}
        listed = value.get("players")
        if not isinstance(listed, list):
            return
        table.listed = len(listed)
        seen: dict[str, Any] = {}  # a name's key -> its entry
        for i, item in enumerate(listed):
            if model.player is None:  # a list of names
                if not isinstance(item, str) or not item.strip():
                    continue
                entry = self.entry_type(len(table.players), clean_name(item))
                where: PathKey = ("players", i)
            else:
                if not isinstance(item, dict):
                    continue
                broken = r.broken(("players", i))
                entry = self.entry_type(i)
                name = item.get("name")
                entry.name = clean_name(name) if isinstance(name, str) else ""
                entry.given = {k for k, v in item.items() if v is not None}
                if is_int(item.get("total")) and "total" not in broken:
                    entry.claimed, entry.claimed_at = item["total"], entry.path("total")
                self.read_player(r, entry, item, broken)
                where = entry.path("name")
            why = text_problem(entry.name) if entry.name else None
            if why:  # the name policy's (sheetgen/playernames.py), as --names and `enter` refuse
                r.fail(where, why)
            elif entry.name:
                key = name_key(entry.name)  # not `norm`: each name is new, and would crowd the remembered words out
                if key in seen:
                    r.fail(where, twice(entry.name))
                    if model.player is None:
                        continue
                seen[key] = entry
            table.players.append(entry)
        low, high = self.rules.players
        if not low <= len(listed) <= high:
            r.fail(("players",), f"{player_range(self.title, low, high)}; this file has {len(listed)}",
                   at_key=True)

    def _check_needed(self, r: Reader, model: Model, table: Any) -> None:
        """An optional field that a scoring category, an office or a tie-breaker needs, left
        out: a problem naming the field and what needs it, never a silent zero."""
        fields = [(key, spec) for key, spec in model.player_fields().items()
                  if isinstance(spec, Field) and spec.needs and not spec.required]
        for entry in table.players:
            if not fields:
                break
            active = self.needed(table, entry)
            for key, spec in fields:
                wanting = [n for n in spec.needs if n in active]
                if key in entry.given or not wanting:
                    continue
                what = f" ({spec.label})" if spec.label else ""
                blank = spec.default if not callable(spec.default) and spec.default is not MISSING else 0
                r.fail(entry.path(), f"missing key '{key}'{what} for {entry.label}: {and_list(wanting)} "
                                     f"needs it; write {flow(blank)} if there are none")


def total_mismatch(written: int, parts: dict[str, int], who: str = "", detail: Optional[str] = None) -> Optional[str]:
    """The message for a written total that differs from the tally of `parts`, else None.

    `detail` replaces the default "category points, ..." explanation.
    """
    tally = sum(parts.values())
    if written == tally:
        return None
    detail = detail if detail is not None else ", ".join(f"{k} {v}" for k, v in parts.items())
    diff = tally - written
    return (f"total: you wrote {written}{f' for {who}' if who else ''}, the tally is {tally} ({detail}); "
            f"{abs(diff)} {'short' if diff > 0 else 'too many'}")
