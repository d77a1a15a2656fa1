"""Loading and validating the rule data in data/<game>.yaml.

Each file starts with the same header (game, version, meta); the rest is the
game's own sections, checked by the schema and cross-checks its game module
declares. Problems are reported all at once, by file, line and column.

Validated data is kept in memory for the rest of the process (one entry per
game and data folder); nothing is cached on disk: every run reads and checks
the file again. Whether the data also fits what is drawn with it is a separate
check (sheetgen.datafit), which `sheetgen data check` runs after this one.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Protocol, Union

from sheetgen import paths, playernames
from sheetgen.errors import InvalidInput, Problem
from sheetgen.schema import Bool, Check, Field, Int, List, Map, Str, check
from sheetgen.results.document import Document, PathKey
from sheetgen.results.report import TieBreakers
from sheetgen.results.yaml import parse_yaml, read_limited

META = Map({
    "title": Str(),
    "designers": List(Str(), min=1),
    "publisher": Str(),
    "year": Int(1900, 2100),
    "players": Map({"min": Int(1, 12), "max": Int(1, 12)}),
    "bgg_id": Field(Int(1), required=False),
    "sources": List(Map({"what": Str(), "where": Str()}), min=1),
    # facts we could not confirm from the rulebooks: each one named, kept visible
    "unverified": Field(List(Str()), required=False),
})


def _one_breaker(item: Any) -> Optional[str]:
    if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in ("most", "fewest") \
            and isinstance(next(iter(item.values())), str):
        return None
    return "a tie-breaker is one of {most: FIELD} or {fewest: FIELD}, e.g. {fewest: wanted}"


# Every game breaks a tie on the total the same way: the fields in `order`
# (most or fewest of a results-file field), then `then` for a tie that stands.
TIE_BREAKERS = Map({
    "order": List(Check(Map({}, extra=Str()), _one_breaker)),
    "then": Str(choices=("shared", "rematch")),
    "note": Field(Str(), required=False),
    "unverified": Field(Bool(), required=False),
})


class DataGame(Protocol):
    """What reading a game's rule data needs of the game (sheetgen.games.GameSpec has it)."""

    @property
    def key(self) -> str: ...

    @property
    def data_fields(self) -> dict[str, Any]: ...

    @property
    def check_data(self) -> Optional[Callable[[Any], list[Problem]]]: ...


@dataclass(frozen=True)
class RuleData:
    """One game's validated rule data: `source` names its file, `digest` is the SHA-256 of its bytes."""

    game: str
    source: str
    values: dict[str, Any]
    digest: str
    # where each value stands in the file: what draws the data can still place a problem in it
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)

    def problem(self, path: PathKey, message: str) -> Problem:
        """A Problem of this file placed at `path` (or its nearest parent), as the rule-data check places one."""
        return Document(self.source, self.values, self.positions).problem(path, message)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def title(self) -> str:
        title: str = self.values["meta"]["title"]
        return title

    @property
    def players(self) -> tuple[int, int]:
        p = self.values["meta"]["players"]
        return p["min"], p["max"]

    @property
    def tie_breakers(self) -> TieBreakers:
        return TieBreakers.from_data(self.values["tie_breakers"])

    @property
    def version(self) -> str:
        """The file's own version plus a content hash, so a house-rule edit shows."""
        return f"{self.values['version']}-{self.digest[:8]}"


def default_dir() -> Path:
    return paths.bundled("data")


def display(path: Union[str, "os.PathLike[str]"]) -> str:
    """A path as the user will recognise it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


_cache: dict[tuple[str, Path], RuleData] = {}


def load(game: DataGame, data_dir: Union[str, "os.PathLike[str]", None] = None) -> RuleData:
    """Read and validate `game`'s rule data from `data_dir` (default: bundled), once per process.

    The file is refused when it is missing or not a regular file; a second call
    for the same game and folder is answered from this process's memory.
    """
    folder = Path(data_dir) if data_dir else default_dir()
    key = (game.key, folder.resolve())
    if key not in _cache:
        path = folder / f"{game.key}.yaml"
        if not os.path.lexists(path):  # anything else there (a folder, a FIFO) read_limited names
            bundled = default_dir() / f"{game.key}.yaml"
            raise InvalidInput([Problem(display(path), f"no rule data for {game.key} here; "
                                        f"copy it from {display(bundled)}")])
        name = display(path)
        _cache[key] = parse_and_check(read_limited(path, name=name), name, game)
    return _cache[key]


def parse_and_check(raw: bytes, name: str, game: DataGame) -> RuleData:
    """Validate one rule-data file's bytes for `game`; raise InvalidInput listing every problem."""
    doc = parse_yaml(raw, name)
    schema = Map({"game": Str(choices=[game.key]), "version": Int(1), "meta": META,
                  "tie_breakers": TIE_BREAKERS, **game.data_fields})
    text = raw.decode("utf-8", "replace").replace("\n", "").replace("\r", "").replace("\t", "")
    plain = text.isprintable() and "\\" not in text  # most files: one quick look (a YAML escape may hide one)
    problems = ([] if plain else unprintable(doc)) + check(doc, schema)
    if not problems and game.check_data is not None:
        problems = sorted(game.check_data(doc), key=lambda p: (p.line or 0, p.column or 0))
    if not problems:
        meta = doc.value["meta"]["players"]
        if meta["min"] > meta["max"]:
            problems = [doc.problem(("meta", "players"), "players: min is larger than max")]
    if problems:
        raise InvalidInput(problems)
    return RuleData(game.key, name, doc.value, sha256(raw).hexdigest(), doc.positions)


_CONTROL = ("Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn")  # control, format (bidi), separators, private, unassigned


def unprintable(doc: Document) -> list[Problem]:
    """Every text of the data (keys too) holding a character a terminal or a sheet must not be given
    raw (an escape sequence, a bidi override, a line separator), placed where it is written."""
    out: list[Problem] = []
    stack: list[tuple[PathKey, Any]] = [((), doc.value)]
    while stack:
        path, value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            for text, at_key in ((key, True), (item, False)):
                if isinstance(text, str) and not text.isprintable():
                    bad = next((c for c in text if unicodedata.category(c) in _CONTROL), None)
                    if bad is not None:
                        out.append(doc.problem(path + (key,), f"'{playernames.printable(text)[:60]}' holds a control "
                                                              f"character (U+{ord(bad):04X}); rule data is printed "
                                                              f"on sheets and terminals: write it plainly",
                                               at_key=at_key))
            if isinstance(item, (dict, list)):
                stack.append((path + (key,), item))
    return sorted(out, key=lambda p: (p.line or 0, p.column or 0))


def check_folder(folder: Union[str, "os.PathLike[str]"], games: Mapping[str, DataGame],
                 fit: Optional[Callable[[Any, RuleData, str], list[Problem]]] = None) -> tuple[list[str], list[Problem]]:
    """Check every <game>.yaml in `folder`: (names of good files, all problems). Nothing is kept.
    `fit(game, rules, name)`, when given, is run on data that passes and names every way it does
    not fit what is drawn with it (sheetgen.datafit.check: `data check` passes it in)."""
    folder = Path(folder)
    good: list[str] = []
    problems: list[Problem] = []
    files = sorted(folder.glob("*.yaml"))
    if not files:
        problems.append(Problem(display(folder), "no .yaml rule data files in this folder"))
    for path in files:
        name = display(path)
        game = games.get(path.stem)
        if game is None:
            problems.append(Problem(name, f"no game is called '{path.stem}'; rule data files are named "
                                          f"after their game: {', '.join(sorted(games))}"))
            continue
        try:
            rules = parse_and_check(read_limited(path, name=name), name, game)
        except InvalidInput as exc:
            problems.extend(exc.problems)
            continue
        unfit = fit(game, rules, name) if fit else []
        problems.extend(unfit)
        if not unfit:
            good.append(name)
    return good, problems
