"""The Carcassonne: Gold Rush score pad's form: every field's name, and what it means in a results file.

In the PDF, page N's field F is `carcassonne-gold-rush.pad.pN.F`; F is one of
these (rows, then P, the player's column, 1 to 5, left to right):

    date                          text    date / game          (for play; not read)
    players.P                     text    the player's name    -> players: [...]
    running.P.K                   number  running score        (for play; not read)
    laps.P                        number  laps of the track    -> checks points.P (laps x 50 + space)
    points.P                      number  the score track      -> points: {NAME: N}
    tokens.V.P                    number  tokens worth V       -> tokens: {NAME: {V: N}}
    tokens.V.points.P             number  their points         (for play; not read)
    features.N.kind               choice  railroad, mountain, city or prairie
    features.N.size               number  tiles, nuggets, railroads or tipis
    features.N.horses             number  a prairie's wild-horse herds
    features.N.cowboys.P          number  the player's cowboys on it (a city: 1, its merchant)
                                          -> features: [{KIND: {SIZE: N, ROLE: {NAME: N}}}]
    features.N.points.P           number  their points         (for play; not read)
    completed.N.kind              choice  railroad, mountain or city
    completed.N.size              number  tiles, nuggets or railroads
    completed.N.locomotives       number  a railroad's locomotives
    completed.N.cowboys.P         number  -> completed: [...], as features
    completed.N.points.P          number  their points         (for play; not read)
    totals.P                      number  what the player added up -> totals: {NAME: N}

V is a mining token's value (1, 2, 3, 5, 0 for crushed rock: from the rule
data); N numbers the rows of a section from 1. A box "for play" is there to
use while playing; the scorer works those numbers out itself.

The page is the whole game (a form of scope "game", players by name): a
column with a name, or anything read filled in, is a player; the others are
left out. A feature row is read when anything but its points is filled in;
its size goes under the kind's key (railroad tiles, mountain nuggets, city
railroads, prairie tipis), its cowboys under the kind's role (workers,
miners, merchant, farmers). What a results file cannot say is a problem of
the form, at its field: a row with no kind, horses on anything but a prairie,
locomotives on anything but a railroad, a city's merchant written as more
than 1 or in two columns. `--from` refuses a file with more features than
the pad has rows.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional, Sequence

from sheetgen import layouts
from sheetgen.sheet import field_name
from sheetgen.errors import InvalidInput
from sheetgen.results.forms import (Column, FieldValue, GameBinding, GamePage, MISSING, NumberValue, SheetForm, Slot, TextValue)
from sheetgen.games.carcassonne_gold_rush import pad_grid
from sheetgen.games.carcassonne_gold_rush.score import _FEATURE_FIELDS, _KIND_NAMES, KINDS, ROLES
from sheetgen.results.model import Entry, norm

PART = "pad"
DATE = "date"
LAPS, POINTS, TOTALS = "laps", "points", "totals"
KIND, SIZE, COWBOYS, ROW_POINTS = "kind", "size", "cowboys", "points"
COMPLETED_KINDS = tuple(kind for kind in KINDS if kind != "prairie")  # prairies are never completed
SIZE_KEY = {kind: next(iter(fields)) for kind, fields in _FEATURE_FIELDS.items()}  # each kind's size: its first field
# the section's extra box, and the one kind it belongs to
EXTRA = {"features": ("horses", "prairie"), "completed": ("locomotives", "railroad")}
# why the boxes for play are not read (sheetgen sheet ... --fields shows it)
PLAY = "for play"
RUNNING = "the score track is read"
SUM = "a sum the tally makes"
EXTRA_WORDS = {"horses": "wild-horse herds", "locomotives": "locomotives"}


# the fields' names (pad.py draws the boxes under the same names)
cell: Callable[[str, int], str] = field_name  # a row's box in player column `column` (1-based)
player: Callable[[int], str] = partial(field_name, "players")
running: Callable[[int, int], str] = partial(field_name, "running")  # column, k
token: Callable[[int], str] = partial(field_name, "tokens")
feature: Callable[[str, int, str], str] = field_name  # section, n, part
total: Callable[[int], str] = partial(field_name, TOTALS)


def token_points(value: int) -> str:
    return field_name("tokens", value, "points")


def token_values(rules: Any) -> list[int]:
    """The mining tokens' values in the results file's order: the nuggets rising, then the rocks."""
    values = [v["value"] for v in rules["mining_tokens"]["values"]]
    return sorted(v for v in values if v > 0) + [v for v in values if v == 0]


# -- reading and writing ----------------------------------------------------------------

def at(*parts: Any) -> Any:
    """A path into the results document (player names may be missing: None, reported by the model)."""
    return parts


class PerPlayer(GameBinding):
    """One number box per player column, read as {NAME: N} (points:, totals:)."""

    def __init__(self, key: str, row: str, columns: int):
        self.key, self.row, self.count = key, row, columns

    def cells(self) -> list[str]:
        return [cell(self.row, c) for c in range(1, self.count + 1)]

    def read(self, page: Any) -> Any:
        assert isinstance(page, GamePage)
        out: dict[Optional[str], Any] = {}
        for column, _ in page.players:
            name = page.name_of(column)
            value = NumberValue(at(self.key, name), cell(self.row, column)).read(page)
            if value is not MISSING:
                out[name] = value
        if page.players:  # a problem with the whole key (a player left out) points at the first empty box
            empty = [column for column, _ in page.players if not page.text(cell(self.row, column))]
            page.place(at(self.key), cell(self.row, (empty or [page.players[0][0]])[0]))
        return out if out else MISSING

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, FieldValue]:
        return {cell(self.row, c): "" if (value or {}).get(name) is None else str(value[name])
                for c, name in enumerate(names, 1) if c <= self.count}


class TrackPoints(PerPlayer):
    """The score track: a laps box and a points box per column, read as {NAME: N}. Points is
    "laps x LAP + space", laps included: with laps written, points must lie in that lap, or the
    pad is refused at the points box (34 under 1 lap is a space or a sum not made: never guessed)."""

    def __init__(self, columns: int, lap: int):
        super().__init__("points", POINTS, columns)
        self.lap = lap

    def cells(self) -> list[str]:
        return [c for column in range(1, self.count + 1) for c in (cell(LAPS, column), cell(POINTS, column))]

    def read(self, page: Any) -> Any:
        out = super().read(page)
        for column, _ in page.players:
            laps_cell, points_cell = cell(LAPS, column), cell(POINTS, column)
            written = page.text(laps_cell)
            if not written:
                continue
            laps = NumberValue(at("laps"), laps_cell).read(page)
            if not isinstance(laps, int) or laps < 0:
                page.fail(laps_cell, f"expected how many times the marker passed {self.lap} (0 or more), "
                                     f"got '{written}'")
                continue
            name = page.name_of(column)
            points = out.get(name) if isinstance(out, dict) else None
            low, high = laps * self.lap, laps * self.lap + self.lap - 1
            if points is None:
                page.fail(points_cell, f"laps is {laps} but points is empty; write laps x {self.lap} + space "
                                       f"({low} to {high})")
            elif isinstance(points, int) and not low <= points <= high:
                space = (f"; write {low + points} if the marker stands on space {points}"
                         if 0 <= points < self.lap else "")
                page.fail(points_cell, f"points {points} does not go with {laps} lap{'s' if laps != 1 else ''}: "
                                       f"points is laps x {self.lap} + space, {low} to {high}{space}")
        return out


class Tokens(GameBinding):
    """A row per token value, a box per player column: {NAME: {VALUE: N}}."""

    key = "tokens"

    def __init__(self, values: list[int], columns: int):
        self.values, self.count = values, columns

    def cells(self) -> list[str]:
        return [cell(token(v), c) for v in self.values for c in range(1, self.count + 1)]

    def read(self, page: Any) -> Any:
        assert isinstance(page, GamePage)
        out: dict[Optional[str], dict[int, Any]] = {}
        for column, _ in page.players:
            name = page.name_of(column)
            counts = {}
            for value in self.values:
                got = NumberValue(at("tokens", name, value), cell(token(value), column)).read(page)
                if got is not MISSING:
                    counts[value] = got
            if counts:
                page.place(at("tokens", name), cell(token(next(iter(counts))), column))
                out[name] = counts
        if out:  # a problem of all the tokens (more than the game has) is the section's: its first box in use
            first = next(iter(out))
            column = next(c for c, _ in page.players if page.name_of(c) == first)
            page.place(at("tokens"), cell(token(next(iter(out[first]))), column))
        return out if out else MISSING

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, FieldValue]:
        out: dict[str, FieldValue] = {}
        for c, name in enumerate(names, 1):
            counts = (value or {}).get(name) or {}
            for v in self.values:
                out[cell(token(v), c)] = "" if counts.get(v) is None else str(counts[v])
        return out


class Features(GameBinding):
    """The rows of a features section, each read as one feature: [{KIND: {SIZE: N, EXTRA: N,
    ROLE: {NAME: N} (a city: merchant: NAME)}}], rows left empty skipped."""

    def __init__(self, key: str, rows: int, columns: int, kinds: tuple[str, ...]):
        self.key, self.rows, self.count, self.kinds = key, rows, columns, kinds
        self.extra, self.extra_kind = EXTRA[key]

    def row_cells(self, n: int) -> list[str]:
        parts = [feature(self.key, n, part) for part in (KIND, SIZE, self.extra)]
        return parts + [cell(feature(self.key, n, COWBOYS), c) for c in range(1, self.count + 1)]

    def cells(self) -> list[str]:
        return [c for n in range(1, self.rows + 1) for c in self.row_cells(n)]

    def read(self, page: Any) -> Any:
        assert isinstance(page, GamePage)
        out: list[dict[str, dict[str, Any]]] = []
        for n in range(1, self.rows + 1):
            item = self._row(page, n, len(out))
            if item is not None:
                out.append(item)
        if out:
            page.place(at(self.key), feature(self.key, 1, KIND))
        return out if out else MISSING

    def _row(self, page: GamePage, n: int, index: int) -> Optional[dict[str, dict[str, Any]]]:
        kind_cell, size_cell, extra_cell = (feature(self.key, n, part) for part in (KIND, SIZE, self.extra))
        cowboy_cells = [(c, cell(feature(self.key, n, COWBOYS), c)) for c, _ in page.players]
        kind = page.mark(kind_cell)
        filled = [c for c in [size_cell, extra_cell] + [x for _, x in cowboy_cells] if page.text(c)]
        if kind == "" and not filled:
            return None  # an empty row
        if kind == "":
            page.fail(kind_cell, f"row {n} is filled in but has no kind; choose {', '.join(self.kinds)}")
            return None
        if kind is None:  # not one of the choices: reported by mark
            return None
        path = at(self.key, index, kind)
        page.place(at(self.key, index), kind_cell)
        page.place(path, size_cell)  # a missing size is reported at the feature: its size box
        body: dict[str, Any] = {}
        size = NumberValue(path + (SIZE_KEY[kind],), size_cell).read(page)
        if size is not MISSING:
            body[SIZE_KEY[kind]] = size
        if page.text(extra_cell):
            if kind != self.extra_kind:
                page.fail(extra_cell, f"a {kind} has no {EXTRA_WORDS[self.extra]}; leave {self.extra} empty "
                                      f"(only a {self.extra_kind} has them)")
            else:
                body[self.extra] = NumberValue(path + (self.extra,), extra_cell).read(page)
        role = ROLES[kind][0]
        cowboys: dict[Optional[str], Any] = {}
        for column, where in cowboy_cells:
            name = page.name_of(column)
            count = NumberValue(path + (role, name), where).read(page)
            if count is MISSING:
                continue
            if kind == "city":
                if count == 0:
                    continue
                if count != 1:
                    page.fail(where, "a city has one merchant: write 1 in its owner's column, nothing in the others")
                    continue
                if cowboys:
                    page.fail(where, "a city has one merchant, but 1 is written in two columns; keep its owner's")
                    continue
            if not cowboys:
                page.place(path + (role,), where)
            cowboys[name] = count
        if kind == "city" and cowboys:
            body[role] = next(iter(cowboys))
        elif cowboys:
            body[role] = cowboys
        return {kind: body}

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, FieldValue]:
        out: dict[str, FieldValue] = {c: "" for c in self.cells()}
        for n, item in enumerate(value or [], 1):
            if n > self.rows:
                break
            ((kind, body),) = item.items()
            out[feature(self.key, n, KIND)] = kind
            if body.get(SIZE_KEY[kind]) is not None:
                out[feature(self.key, n, SIZE)] = str(body[SIZE_KEY[kind]])
            if kind == self.extra_kind and body.get(self.extra) is not None:
                out[feature(self.key, n, self.extra)] = str(body[self.extra])
            held = body.get(ROLES[kind][0])
            held = {held: 1} if isinstance(held, str) else held or {}
            for c, name in enumerate(names, 1):
                if held.get(name) is not None and c <= self.count:
                    out[cell(feature(self.key, n, COWBOYS), c)] = str(held[name])
        return out


# -- the form ---------------------------------------------------------------------------

def form(rules: Any) -> SheetForm:
    """The pad's form for these rules: its fields in tab order and how they read."""
    # One form for every paper (field names do not depend on the paper): a paper's pad
    # draws the fields it has room for; the form knows the most any paper draws.
    papers = [layouts.load(pad_grid.LAYOUT, paper) for paper in layouts.PAPERS]
    layout = papers[0]
    words = layout["text"]["fields"]
    low, high = rules.players
    values = token_values(rules)
    rows = {key: layout[key]["rows"] for key in ("features", "completed")}
    # running cells: as many as any paper and player count gives the column's player
    cells = {c: max(pad_grid.running_cells(each, n) for each in papers for n in range(max(c, low), high + 1))
             for c in range(1, high + 1)}
    columns = range(1, high + 1)
    slots = [Slot(DATE, "text", words["date"], read=False, why=PLAY)]
    slots += [Slot(player(c), "text", words["player"].format(column=c), names=True, column=c) for c in columns]
    for c in columns:  # a player's line(s), left to right
        slots += [Slot(running(c, k), "number", words["running"].format(column=c), read=False, why=RUNNING,
                       column=c) for k in range(1, cells[c] + 1)]
    for c in columns:
        slots += [Slot(cell(LAPS, c), "number", words["laps"].format(column=c), column=c),
                  Slot(cell(POINTS, c), "number", words["points"].format(column=c), column=c)]
    for v in values:
        for c in columns:
            slots.append(Slot(cell(token(v), c), "number", words["token"].format(value=v, column=c), column=c))
            if v:
                slots.append(Slot(cell(token_points(v), c), "number", words["row_points"].format(column=c),
                                  read=False, why=SUM, column=c))
    for key, kinds in (("features", KINDS), ("completed", COMPLETED_KINDS)):
        extra = EXTRA[key][0]
        for n in range(1, rows[key] + 1):
            slots += [Slot(feature(key, n, KIND), "choice", words["kind"].format(n=n), kinds),
                      Slot(feature(key, n, SIZE), "number", words["size"].format(n=n)),
                      Slot(feature(key, n, extra), "number", words[extra].format(n=n))]
            for c in columns:
                slots += [Slot(cell(feature(key, n, COWBOYS), c), "number", words["cowboys"].format(n=n, column=c),
                               column=c),
                          Slot(cell(feature(key, n, ROW_POINTS), c), "number", words["row_points"].format(column=c),
                               read=False, why=SUM, column=c)]
    slots += [Slot(total(c), "number", words["total"].format(column=c), column=c) for c in columns]
    bindings = [TrackPoints(high, rules["score_track"]["spaces"]), Tokens(values, high),
                Features("features", rows["features"], high, KINDS),
                Features("completed", rows["completed"], high, COMPLETED_KINDS),
                PerPlayer("totals", TOTALS, high)]

    def plain(outcome: Any) -> dict[str, Any]:
        return _plain(outcome, rows)

    return SheetForm(rules.game, PART, slots, bindings, plain, scope="game", by_name=True,
                     columns=[Column(c, (TextValue("name", player(c)),)) for c in columns])


def _plain(outcome: Any, rows: dict[str, int]) -> dict[str, Any]:
    """A checked results file as the plain values the pad shows (names as the players list writes them)."""
    t, raw = outcome.table, outcome.doc.value
    names = [p.name for p in t.players]

    def who(name: Any) -> str:
        found: Entry = t.by_key[norm(name)]
        return found.name

    doc: dict[str, Any] = {"players": [{"name": name} for name in names]}
    if t.points is not None and isinstance(raw.get("points"), dict):
        doc["points"] = {names[i]: points for i, points in t.points.items()}
    if t.tokens:
        doc["tokens"] = {names[i]: dict(counts) for i, counts in t.tokens.items()}
    for key in ("features", "completed"):
        items = raw.get(key) or []
        if len(items) > rows[key]:
            raise InvalidInput([outcome.doc.problem((key, rows[key]), f"the pad has {rows[key]} rows for {key}; this "
                                                                      f"file lists {len(items)}: keep this game in "
                                                                      f"its results file")])
        out = []
        for item in items:
            ((written, body),) = item.items()
            kind = _KIND_NAMES[norm(written)]
            role = ROLES[kind][0]
            plain = {k: v for k, v in body.items() if k != role and v is not None}
            held = body.get(role)
            if isinstance(held, str):
                plain[role] = who(held)
            elif isinstance(held, dict):
                plain[role] = {who(name): count for name, count in held.items()}
            out.append({kind: plain})
        if out:
            doc[key] = out
    claimed = {p.name: p.claimed for p in t.players if p.claimed is not None}
    if claimed:
        doc["totals"] = claimed
    return doc
