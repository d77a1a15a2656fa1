"""Loading and validating the rule data in data/<game>.yaml.

Each file starts with the same header (game, version, meta); the rest is the
game's own sections, checked by the schema and cross-checks its game module
declares. Problems are reported all at once, by file, line and column.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from sheetgen import paths
from sheetgen.errors import InvalidInput, Problem
from sheetgen.schema import Bool, Check, Field, Int, List, Map, Str, check
from sheetgen.yamlio import parse_yaml, read_limited

if TYPE_CHECKING:
    from sheetgen.scoring import TieBreakers

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


@dataclass(frozen=True)
class RuleData:
    """One game's validated rule data."""

    game: str
    source: str
    values: dict
    digest: str

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def title(self) -> str:
        return self.values["meta"]["title"]

    @property
    def players(self) -> tuple[int, int]:
        p = self.values["meta"]["players"]
        return p["min"], p["max"]

    @property
    def tie_breakers(self) -> "TieBreakers":
        from sheetgen.scoring import TieBreakers

        return TieBreakers.from_data(self.values["tie_breakers"])

    @property
    def version(self) -> str:
        """The file's own version plus a content hash, so a house-rule edit shows."""
        return f"{self.values['version']}-{self.digest[:8]}"


def default_dir() -> Path:
    return paths.bundled("data")


def display(path: Path) -> str:
    """A path as the user will recognise it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


_cache: dict[tuple[str, Path], RuleData] = {}


def load(game: Any, data_dir: Optional[Path] = None) -> RuleData:
    """Read, validate and cache `game`'s rule data from `data_dir` (default: bundled)."""
    folder = Path(data_dir) if data_dir else default_dir()
    key = (game.key, folder.resolve())
    if key not in _cache:
        path = folder / f"{game.key}.yaml"
        if not os.path.lexists(path):  # anything else there (a folder, a FIFO) read_limited names
            raise InvalidInput([Problem(display(path), f"no rule data for {game.key} here; "
                                        f"copy it from {display(default_dir() / path.name)}")])
        _cache[key] = parse_and_check(read_limited(path, name=display(path)), display(path), game)
    return _cache[key]


def parse_and_check(raw: bytes, name: str, game: Any) -> RuleData:
    """Validate one rule-data file's bytes for `game`; raise InvalidInput listing every problem."""
    doc = parse_yaml(raw, name)
    schema = Map({"game": Str(choices=[game.key]), "version": Int(1), "meta": META,
                  "tie_breakers": TIE_BREAKERS, **game.data_fields})
    problems = check(doc, schema)
    if not problems and game.check_data is not None:
        problems = sorted(game.check_data(doc), key=lambda p: (p.line or 0, p.column or 0))
    if not problems:
        meta = doc.value["meta"]["players"]
        if meta["min"] > meta["max"]:
            problems = [doc.problem(("meta", "players"), "players: min is larger than max")]
    if problems:
        raise InvalidInput(problems)
    return RuleData(game.key, name, doc.value, hashlib.sha256(raw).hexdigest())


def check_folder(folder: Path, games: dict, fit: bool = False) -> tuple[list[str], list[Problem]]:
    """Check every <game>.yaml in `folder`: (names of good files, all problems). With `fit`,
    data that passes is also drawn into every sheet part and setup card (sheetgen.datafit)."""
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
        unfit = []
        if fit:
            from sheetgen import datafit  # draws: only `data check` asks for it

            unfit = datafit.check(game, rules, name)
        problems.extend(unfit)
        if not unfit:
            good.append(name)
    return good, problems
