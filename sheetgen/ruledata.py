"""Loading and validating the rule data in data/<game>.yaml.

Each file starts with the same header (game, version, meta); the rest is the
game's own sections, checked by the schema and cross-checks its game module
declares. Problems are reported all at once, by file, line and column.

Validated data is cached between runs (see "The cache" below): a command
reads the YAML file every time, and only the parsing and checking are
skipped when a cache entry for exactly those bytes, that folder and that
validating code is found. `data check` never uses the cache.
"""

from __future__ import annotations

import marshal
import os
import stat
import sys
from typing import TYPE_CHECKING, Any, Optional, Union

from sheetgen import paths
from sheetgen._version import __version__
from sheetgen.errors import InvalidInput, Problem
from sheetgen.hashing import sha256
from sheetgen.record import FrozenRecord
from sheetgen.schema import Bool, Check, Field, Int, List, Map, Str, check
from sheetgen.results.yaml import MAX_BYTES, MAX_NODES, parse_yaml, read_limited

if TYPE_CHECKING:
    from pathlib import Path

    from sheetgen.results.report import TieBreakers

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


class RuleData(FrozenRecord):
    """One game's validated rule data (a frozen record, sheetgen.record: every command defines it)."""

    __slots__ = _fields = ("game", "source", "values", "digest")
    game: str
    source: str
    values: dict
    digest: str

    def __init__(self, game: str, source: str, values: dict, digest: str):
        self._set(game, source, values, digest)

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
        from sheetgen.results.report import TieBreakers

        return TieBreakers.from_data(self.values["tie_breakers"])

    @property
    def version(self) -> str:
        """The file's own version plus a content hash, so a house-rule edit shows."""
        return f"{self.values['version']}-{self.digest[:8]}"


def default_dir() -> "Path":
    return paths.bundled("data")


def display(path: Union[str, "os.PathLike[str]"]) -> str:
    """A path as the user will recognise it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


_cache: dict[tuple[str, str], RuleData] = {}


def load(game: Any, data_dir: Union[str, "os.PathLike[str]", None] = None) -> RuleData:
    """Read, validate and cache `game`'s rule data from `data_dir` (default: bundled).

    The file is read (and refused when it is not a regular file) on every call
    that is not answered from this process's memory; its validated values come
    from the cache folder when an entry for these very bytes is there.
    """
    folder = os.fspath(data_dir) if data_dir else paths.locate("data")
    real = os.path.realpath(folder)
    key = (game.key, real)
    if key not in _cache:
        path = os.path.join(folder, f"{game.key}.yaml")
        if not os.path.lexists(path):  # anything else there (a folder, a FIFO) read_limited names
            bundled = os.path.join(paths.locate("data"), f"{game.key}.yaml")
            raise InvalidInput([Problem(display(path), f"no rule data for {game.key} here; "
                                        f"copy it from {display(bundled)}")])
        name = display(path)
        raw = read_limited(path, name=name)
        digest = sha256(raw).hexdigest()
        entry = _Entry(game, real, digest)
        values = entry.read()
        if values is None:
            rules = parse_and_check(raw, name, game)
            entry.write(rules.values)
        else:
            rules = RuleData(game.key, name, values, digest)
        _cache[key] = rules
    return _cache[key]


def parse_and_check(raw: bytes, name: str, game: Any) -> RuleData:
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
    return RuleData(game.key, name, doc.value, sha256(raw).hexdigest())


_CONTROL = ("Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn")  # control, format (bidi), separators, private, unassigned


def unprintable(doc: Any) -> list:
    """Every text of the data (keys too) holding a character a terminal or a sheet must not be given
    raw (an escape sequence, a bidi override, a line separator), placed where it is written."""
    import unicodedata

    from sheetgen import names

    out: list = []
    stack: list = [((), doc.value)]
    while stack:
        path, value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            for text, at_key in ((key, True), (item, False)):
                if isinstance(text, str) and not text.isprintable():
                    bad = next((c for c in text if unicodedata.category(c) in _CONTROL), None)
                    if bad is not None:
                        out.append(doc.problem(path + (key,), f"'{names.printable(text)[:60]}' holds a control "
                                                              f"character (U+{ord(bad):04X}); rule data is printed "
                                                              f"on sheets and terminals: write it plainly",
                                               at_key=at_key))
            if isinstance(item, (dict, list)):
                stack.append((path + (key,), item))
    return sorted(out, key=lambda p: (p.line or 0, p.column or 0))


def check_folder(folder: Union[str, "os.PathLike[str]"], games: dict, fit: bool = False) -> tuple[list[str], list[Problem]]:
    """Check every <game>.yaml in `folder`: (names of good files, all problems). No cache is used.
    With `fit`, data that passes is also drawn into every sheet part and setup card (sheetgen.datafit)."""
    from pathlib import Path

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
        unfit = []
        if fit:
            from sheetgen import datafit  # draws: only `data check` asks for it

            unfit = datafit.check(game, rules, name)
        problems.extend(unfit)
        if not unfit:
            good.append(name)
    return good, problems


# -- The cache ----------------------------------------------------------------------------
#
# Parsing and checking a rule-data file costs a command that draws nothing as
# much as all its other work, so the validated values are kept between runs,
# one file per game and data folder in a per-user folder:
#
#   $SHEETGEN_CACHE (a folder, or "off" to turn the cache off), else
#   $XDG_CACHE_HOME/sheetgen, else ~/.cache/sheetgen (%LOCALAPPDATA% on Windows).
#
# An entry is marshal data of plain values (dicts, lists, text, numbers, booleans,
# None), never pickle: loading it cannot run code. It is used only when all of
# these hold, and is otherwise ignored and written anew:
#
# - the folder is a real folder owned by this user and not writable by others,
#   and the entry a regular file owned by this user (not a symbolic link);
# - it starts with MAGIC and the SHA-256 of the rest matches (a truncated or
#   damaged file is never unmarshalled);
# - it holds this FORMAT, the same game, the same data folder (its real path:
#   two folders never share an entry), the SHA-256 of the very bytes just read
#   from the YAML file (an edited file is validated again), and the same stamp
#   of the validating code: sheetgen's version, the Python that wrote it, and
#   the size and modification time of the schema modules and of the game's own
#   package (an edited or upgraded validator validates again);
# - the values are plain as listed above, with text or whole-number keys, and
#   at most MAX_NODES of them.
#
# Writing goes to a private temporary file renamed over the entry, so a reader
# sees a whole entry or none. Any failure to read or write the cache is silent:
# the data is then parsed and checked as if there were no cache.

MAGIC = b"sheetgen rule-data cache\n"
FORMAT = 1
_CACHE_LIMIT = 16 * MAX_BYTES  # bytes in one entry; the bundled ones are a few kilobytes
_PLAIN = (str, int, float, bool, type(None))
_OFF = ("", "0", "off", "no", "false", "none")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def cache_dir() -> Optional[str]:
    """The folder validated rule data is cached in, or None when caching is off or has no home."""
    chosen = os.environ.get("SHEETGEN_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in _OFF else os.path.abspath(chosen)
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative (which the XDG rules say to ignore)
        if os.name == "nt":
            base = os.environ.get("LOCALAPPDATA", "")
        else:
            home = os.path.expanduser("~")
            base = os.path.join(home, ".cache") if os.path.isabs(home) else ""
    return os.path.join(base, "sheetgen") if base else None


def _owned(info: os.stat_result) -> bool:
    """Whether a cache file or folder with this stat is this user's own and not writable by others."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:  # Windows: the per-user folder is private by default
        return True
    return info.st_uid == geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _plain(values: Any) -> bool:
    """Whether `values` is a mapping of plain values only (no other types, at most MAX_NODES)."""
    if type(values) is not dict:
        return False
    stack = [values]
    seen = 0
    while stack:
        value = stack.pop()
        seen += 1
        if seen > MAX_NODES:  # also ends a list that contains itself
            return False
        kind = type(value)
        if kind is dict:
            for k, item in value.items():
                if type(k) is not str and type(k) is not int:
                    return False
                stack.append(item)
        elif kind is list:
            stack.extend(value)
        elif kind not in _PLAIN:
            return False
    return True


class _Entry:
    """The cache entry of one game's rule data in one data folder."""

    def __init__(self, game: Any, folder: str, digest: str):
        self.game, self.folder, self.digest = game.key, folder, digest
        home = cache_dir()
        self.home = home or ""
        self.stamp = _code_stamp(game) if home else None
        self.path: Optional[str] = None  # None: no cache
        if not home or self.stamp is None:
            return
        tag = sys.implementation.cache_tag or sys.implementation.name
        where = sha256(f"{folder}\0{tag}".encode("utf-8", "surrogateescape")).hexdigest()[:24]
        self.path = os.path.join(home, f"{self.game}-{where}.rules")

    def _record(self, values: dict) -> tuple:
        return (FORMAT, self.stamp, self.game, self.folder, self.digest, values)

    def read(self) -> Optional[dict]:
        """The cached values for these bytes, or None (no entry, or one that is not to be trusted)."""
        if self.path is None:
            return None
        try:
            info = os.lstat(self.home)
            if not stat.S_ISDIR(info.st_mode) or not _owned(info):
                return None
            fd = os.open(self.path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or not _owned(info) or info.st_size > _CACHE_LIMIT:
                return None
            blob = os.read(fd, info.st_size + 1)
            if len(blob) != info.st_size:  # being written as we read: take it as a miss
                return None
        except OSError:
            return None
        finally:
            os.close(fd)
        head = len(MAGIC)
        check = blob[head:head + 32]
        payload = blob[head + 32:]
        if not blob.startswith(MAGIC) or sha256(payload).digest() != check:
            return None
        try:
            record = marshal.loads(payload)
        except Exception:  # noqa: BLE001 - damaged data of any kind is a miss
            return None
        if type(record) is not tuple or len(record) != 6:
            return None
        values = record[5]
        if record[:5] != self._record(values)[:5] or not _plain(values):
            return None
        return values

    def write(self, values: dict) -> None:
        """Keep `values` for the next run; a cache that cannot be written is left alone."""
        target = self.path
        if target is None:
            return
        try:
            payload = marshal.dumps(self._record(values))
        except ValueError:  # not plain data: nothing to keep
            return
        if not _plain(values) or len(payload) + len(MAGIC) + 32 > _CACHE_LIMIT:
            return
        home = self.home
        part = os.path.join(home, f".{os.path.basename(target)}.{os.getpid()}.{os.urandom(4).hex()}.part")
        try:
            os.makedirs(home, mode=0o700, exist_ok=True)
            info = os.lstat(home)
            if not stat.S_ISDIR(info.st_mode) or not _owned(info):
                return
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        except OSError:
            return
        try:
            try:
                data = memoryview(MAGIC + sha256(payload).digest() + payload)
                while data:
                    data = data[os.write(fd, data):]
            finally:
                os.close(fd)
            os.replace(part, target)
            _remove_abandoned(home, os.path.basename(target))
        except BaseException as exc:  # a full disk, or a Ctrl-C: no part file is left
            try:
                os.unlink(part)
            except OSError:
                pass
            if not isinstance(exc, OSError):
                raise


def _remove_abandoned(home: str, name: str) -> None:
    """Part files of `name` that a killed run left behind (older than an hour)."""
    import time

    prefix = f".{name}."
    try:
        with os.scandir(home) as entries:
            for entry in entries:
                if entry.name.startswith(prefix) and entry.name.endswith(".part") \
                        and entry.is_file(follow_symlinks=False) \
                        and entry.stat(follow_symlinks=False).st_mtime < time.time() - 3600:
                    os.unlink(entry.path)
    except OSError:
        pass


def _code_stamp(game: Any) -> Optional[tuple]:
    """What validated the data: sheetgen's version, the Python, and the size and time of the
    validating modules (the schema modules and every module of the game's package); None
    when a module's source cannot be found (then nothing is cached)."""
    from sheetgen import schema
    from sheetgen.results import yaml as yamlio

    files = [__file__, schema.__file__, yamlio.__file__]
    module = sys.modules.get(getattr(game.check_data, "__module__", "") or "")
    if module is None:
        module = sys.modules.get(f"sheetgen.games.{game.key.replace('-', '_')}")
    stamp: list = [__version__, FORMAT, sys.version]
    try:
        if module is not None and module.__file__:
            package = os.path.dirname(module.__file__)
            files += sorted(os.path.join(package, n) for n in os.listdir(package) if n.endswith(".py"))
        for name in files:
            info = os.stat(name)
            stamp.append((os.path.basename(name), info.st_size, info.st_mtime_ns))
    except (OSError, TypeError):
        return None
    return tuple(stamp)
