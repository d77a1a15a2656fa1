"""Safe YAML reading that remembers where every value came from.

Every value read gets a path (a tuple of keys and indexes from the document
root) and the line and column it started at, so that checks further down can
report `FILE:LINE:COLUMN: message`. Only plain YAML is accepted: no explicit
tags, no aliases (they can make a tiny file expand without bound), no
duplicate keys, and nothing over MAX_BYTES.

PyYAML's composer and constructors are not used: the composer recurses (a
deeply nested file overflows the stack, in the C loader the C stack) and a
constructor raises whatever it likes (an impossible date raises ValueError).
Instead `_Reader` walks the parser's event stream with an explicit stack and
turns each scalar into a value itself, from the tag the resolver picked. It
stops at MAX_DEPTH levels of nesting or MAX_NODES values, so reading takes
time linear in the input, and the only exception it raises is InvalidInput.
"""

from __future__ import annotations

import math
import os
import re
import stat
from typing import Any, Callable, Optional, Union, cast

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, SequenceStartEvent, StreamEndEvent)

from sheetgen.errors import InvalidInput, Problem
from sheetgen.results.document import Document, Key, PathKey

try:  # the C parser is several times faster; fall back when libyaml is absent
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_BYTES = 1_000_000
MAX_DEPTH = 64  # lists and mappings inside each other; the bundled files need 6
TOO_DEEP = f"lists and mappings are nested more than {MAX_DEPTH} deep; stopped reading here"
_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"  # libyaml's own limit (0.2.6 and later: 1,000)
MAX_NODES = 200_000  # keys and values in one file; the bundled files have under 1,000
MAX_PROBLEMS = 100  # problems listed from one file; any more are only counted
INT_LIMIT = 10**18  # whole numbers must be smaller than this, either sign

_YAML_TAG = "tag:yaml.org,2002:"
_STR_TAG = _YAML_TAG + "str"
_MERGE_TAG = _YAML_TAG + "merge"
# not YAML tags: a quoted or block scalar (always text); plain digits 1-9... (an int)
_QUOTED, _DIGITS = "quoted", "digits"
_ALIAS = "YAML anchors and aliases (&name, *name) are not allowed; write the value out"


# --- reading files -----------------------------------------------------------

_NOT_FILES = ((stat.S_ISDIR, "is a folder, not a file"),
              (stat.S_ISFIFO, "is a FIFO (named pipe), not a file"),
              (stat.S_ISSOCK, "is a socket, not a file"),
              (stat.S_ISCHR, "is a device, not a file"),
              (stat.S_ISBLK, "is a device, not a file"))
# O_NONBLOCK: should a FIFO be swapped in after the stat, opening it must not
# wait for a writer (the fstat after opening then refuses it).
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_NOCTTY", 0))


def _refusal(info: os.stat_result, limit: int) -> Optional[str]:
    """Why a file with this stat cannot be read as input, or None if it can."""
    if not stat.S_ISREG(info.st_mode):
        return next((why for test, why in _NOT_FILES if test(info.st_mode)), "is not a regular file")
    if info.st_size > limit:
        return f"file is {info.st_size:,} bytes; the limit is {limit:,} (is this the right file?)"
    return None


def _read_at_most(fd: int, count: int) -> bytes:
    chunks: list[bytes] = []
    while count > 0:
        chunk = os.read(fd, min(count, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def read_limited(path: Union[str, "os.PathLike[str]"], limit: int = MAX_BYTES, *, name: Optional[str] = None) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them.

    Folders, FIFOs, devices and sockets are refused before they are opened (a
    FIFO would block, /dev/zero never ends), and so is anything bigger than
    `limit`; every refusal is an InvalidInput naming the file as `name`.
    """
    name = name or str(path)

    def refuse(message: str) -> InvalidInput:
        return InvalidInput([Problem(name, message)])

    try:
        why = _refusal(os.stat(path), limit)
        if why:
            raise refuse(why)
        fd = os.open(path, _OPEN_FLAGS)
        try:
            why = _refusal(os.fstat(fd), limit)  # the path may have changed since the stat
            if why:
                raise refuse(why)
            raw = _read_at_most(fd, limit + 1)
        finally:
            os.close(fd)
    except (FileNotFoundError, NotADirectoryError):
        raise refuse("no such file") from None
    except IsADirectoryError:
        raise refuse("is a folder, not a file") from None
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > limit:  # it grew after the stat
        raise refuse(f"file is more than {limit:,} bytes; the limit is {limit:,}")
    return raw


def read_yaml(path: Union[str, "os.PathLike[str]"], *, display_name: Optional[str] = None) -> Document:
    """Read and parse one YAML file; raise InvalidInput with located problems."""
    name = display_name or str(path)
    return parse_yaml(read_limited(path, name=name), name)


# --- text --------------------------------------------------------------------

_BOM = b"\xef\xbb\xbf"
# YAML's line breaks, which the parser counts for its line numbers
_BREAK = "\r\n|[\r\n\x85\u2028\u2029]"  # compiled (and kept by re) when a problem is placed
# what YAML does not allow in a stream: C0 and C1 controls (but tab, line
# feed, carriage return and NEL), DEL, surrogates, U+FFFE and U+FFFF. Listed as
# what is forbidden, not as the complement of what is allowed: a class with the
# huge allowed ranges takes 8 ms to compile, as long as a whole `check` of a file
_FORBIDDEN = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
_LINE_CONTROLS = str.maketrans("", "", "\t\n\r")  # the C0 controls YAML allows


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of text[offset], counting lines as the parser does."""
    line, start = 1, 0
    for match in re.compile(_BREAK).finditer(text, 0, offset):
        line, start = line + 1, match.end()
    return line, offset - start + 1


def _decode(raw: bytes, name: str) -> str:
    """UTF-8 bytes (an initial byte-order mark dropped) as text; a bad byte is a located problem."""
    if raw.startswith(_BOM):
        raw = raw[len(_BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8")  # good up to the bad byte
        line, column = _position(before, len(before))
        message = f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8"
        raise InvalidInput([Problem(name, message, line, column)]) from None


def _check_characters(text: str, name: str) -> None:
    """Refuse a control character (or other character YAML forbids) at its line and column.

    Only the first is reported, with a count of the rest: a binary file has thousands.
    """
    if text.isascii() and text.translate(_LINE_CONTROLS).isprintable():
        # the common case, decided without compiling the pattern: in ASCII, what Python
        # does not print is exactly the C0 controls and DEL, and tab, LF, CR are removed
        return
    forbidden = re.compile(_FORBIDDEN)
    found = forbidden.search(text)
    if found is None:
        return
    code = ord(found.group())
    what = "control character" if code < 0xA0 else "character"
    message = f"{what} U+{code:04X} is not allowed; delete it"
    others = sum(1 for _ in forbidden.finditer(text, found.end()))
    if others:
        message += f" ({others:,} more like it in this file)"
    raise InvalidInput([Problem(name, message, *_position(text, found.start()))])


def parse_yaml(raw: Union[bytes, str], name: str) -> Document:
    """Parse YAML text (bytes must be UTF-8) into a located Document."""
    if len(raw) > MAX_BYTES:
        unit = "bytes" if isinstance(raw, bytes) else "characters"
        raise InvalidInput([Problem(name, f"input is {len(raw):,} {unit}; the limit is {MAX_BYTES:,}")])
    text = _decode(raw, name) if isinstance(raw, bytes) else raw
    _check_characters(text, name)
    return _Reader(name, text).read()


# --- scalars -----------------------------------------------------------------

class _Refused(Exception):
    """A scalar that cannot be read; the message says why."""


def _preview(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _text(text: str) -> str:
    """A plain scalar the resolver left as text."""
    digits = text[1:] if text[:1] in "+-" else text
    # '²' or '٣' pass str.isdigit() yet int() refuses them (or reads them):
    # written where a number goes, they are almost surely a slip
    if digits.isdigit() and not digits.isascii():
        raise _Refused(f"'{_preview(text)}' is written with digits other than 0-9; "
                       "write the number with 0-9, or in quotes if it is text")
    return text


def _int(text: str) -> Union[int, str]:
    """A YAML 1.1 integer: decimal, 0x hexadecimal, 0b binary, _ between digits."""
    sign = "-" if text[0] == "-" else ""
    body = text.lstrip("+-").replace("_", "")
    if ":" in body:
        return text  # YAML 1.1 base 60 (1:30 would be 90): kept as written, as YAML 1.2 does
    prefix = body[:2]
    base, digits = (16, body[2:]) if prefix == "0x" else (2, body[2:]) if prefix == "0b" else (10, body)
    if base == 10 and len(body) > 1 and body[0] == "0":
        raise _Refused(f"YAML reads a number that starts with 0 ({_preview(text)}) as octal; "
                       f"write {sign}{body.lstrip('0') or '0'}, or put it in quotes if it is text")
    if not digits:
        return text
    # the length test first: int() of a long digit string is slow, or refused
    if len(digits) > 64 or int(digits, base) >= INT_LIMIT:
        raise _Refused(_too_large(text))
    return -int(digits, base) if sign else int(digits, base)


def _digits(text: str) -> int:
    """Plain ASCII digits, no leading 0: the commonest scalar, read without the regexes."""
    if len(text) > 18:
        raise _Refused(_too_large(text))
    return int(text)


def _too_large(text: str) -> str:
    return f"number too large: {_preview(text)} (whole numbers here are below 10^18)"


def _float(text: str) -> Union[float, str]:
    body = text.replace("_", "").lower()
    if ":" in body:
        return text  # base 60, as for whole numbers
    if body.endswith(".inf"):
        return -math.inf if body[0] == "-" else math.inf
    if body == ".nan":
        return math.nan
    try:
        return float(body)
    except ValueError:
        raise _Refused(f"cannot read '{_preview(text)}' as a number") from None


_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}

# Tags the resolver can pick, and how to read each. Any other (timestamp, the
# value tag '=', merge '<<' outside a key) keeps the text as written: a name
# that looks like a date is still a name.
_CONVERT: dict[str, Callable[[str], Any]] = {
    _QUOTED: lambda text: text,
    _DIGITS: _digits,
    _STR_TAG: _text,
    _YAML_TAG + "int": _int,
    _YAML_TAG + "float": _float,
    _YAML_TAG + "bool": lambda text: _BOOLS.get(text.lower(), text),
    _YAML_TAG + "null": lambda text: None,
}


def _convert(text: str, tag: str) -> Any:
    """The value of a scalar with no explicit tag, read by `tag`; _Refused if unreadable."""
    read = _CONVERT.get(tag)
    return text if read is None else read(text)


def _tag_message(tag: str) -> str:
    shown = "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else tag
    return (f"explicit YAML tags such as {_preview(shown)} are not allowed; "
            "write the plain value (in quotes if it is text)")


# --- structure ---------------------------------------------------------------

# What an open frame expects next: a list an item; a mapping a key, its value,
# or a value to skip (its key was refused). A skipped frame always says _ITEM.
_ITEM, _KEY, _VALUE, _SKIP = range(4)


class _Frame:
    """An open list or mapping: its path, the value being filled, what comes next.

    A frame with keep=False stands for something being skipped (a list used as
    a key, the value of a refused key): its contents are read and dropped.
    """

    __slots__ = ("path", "value", "keep", "state", "key")

    def __init__(self, path: PathKey, value: Union[list[Any], dict[Key, Any], None], keep: bool):
        self.path, self.value, self.keep = path, value, keep
        self.state = _KEY if isinstance(value, dict) else _ITEM
        self.key: Union[str, int] = ""  # the accepted key whose value comes next


_SKIPPED = _Frame((), None, False)  # shared: a skipped frame is never changed


class _Stop(Exception):
    """Reading ends early (a limit reached, a second document); the reason is in `fatal`."""


class _Reader:
    """Builds a Document from the parser's events, with an explicit stack and limits."""

    def __init__(self, name: str, text: str):
        self.name = name
        self.doc = Document(name, None)
        self.problems: list[Problem] = []
        self.unlisted = 0  # problems beyond MAX_PROBLEMS, only counted
        self.fatal: Optional[Problem] = None  # why reading stopped early
        self.stack: list[_Frame] = []
        self.nodes = 0
        self.documents = 0
        self.text = text
        self.retried = False
        self.loader = _Loader(text)
        # first character -> (tag, pattern) pairs, as PyYAML's resolver keeps them
        self.implicit: dict[str, list[tuple[str, re.Pattern[str]]]] = self.loader.yaml_implicit_resolvers

    def read(self) -> Document:
        try:
            self._walk()
        except _Stop:
            pass
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            where = (mark.line + 1, mark.column + 1) if mark is not None else ()
            if exc.problem == _LIBYAML_TOO_DEEP and mark is not None and not self.retried:
                return self._too_deep(mark.index, where)
            self.fatal = Problem(self.name, f"invalid YAML: {exc.problem or exc.context or 'syntax'}", *where)
        except yaml.YAMLError as exc:
            self.fatal = Problem(self.name, f"invalid YAML: {exc}")
        finally:
            self.loader.dispose()
        if self.problems or self.fatal:
            raise InvalidInput(self._listed())
        return self.doc

    def _too_deep(self, index: int, where: Union[tuple[int, int], tuple[()]]) -> Document:
        """libyaml 0.2.6 and later refuse more than 1,000 levels as they scan ahead, before the
        walk reaches the MAX_DEPTH-th: the text up to that point is read again and stops where
        MAX_DEPTH is passed, as with an older libyaml or the pure-Python parser."""
        again = _Reader(self.name, self.text[:index])
        again.retried = True  # the shorter text is not cut again
        try:
            again.read()
        except InvalidInput as exc:
            if any(problem.message == TOO_DEEP for problem in exc.problems):
                raise
        self.fatal = Problem(self.name, TOO_DEEP, *where)  # not passed in the shorter text: here, then
        raise InvalidInput(self._listed())

    def _listed(self) -> list[Problem]:
        listed = list(self.problems)
        if self.unlisted:
            listed.append(Problem(self.name, f"... and {self.unlisted:,} more problems"))
        if self.fatal:
            listed.append(self.fatal)
        return listed

    def _walk(self) -> None:
        handlers: dict[type, Callable[[Any], None]] = {
            ScalarEvent: self._scalar, AliasEvent: self._alias,
            SequenceStartEvent: self._start, MappingStartEvent: self._start,
            SequenceEndEvent: self._end, MappingEndEvent: self._end,
            DocumentStartEvent: self._document,
        }
        while True:
            event: Any = self.loader.get_event()
            if event is None or type(event) is StreamEndEvent:
                return
            handler = handlers.get(type(event))
            if handler is not None:  # stream start and document end need nothing
                handler(event)

    # problems

    def _fail(self, event: Any, message: str) -> None:
        mark = event.start_mark
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(self.name, message, mark.line + 1, mark.column + 1))
        else:
            self.unlisted += 1

    def _stop(self, event: Any, message: str) -> None:
        mark = event.start_mark
        self.fatal = Problem(self.name, message, mark.line + 1, mark.column + 1)
        raise _Stop

    # events

    def _document(self, event: Any) -> None:
        self.documents += 1
        if self.documents > 1:
            self._stop(event, "invalid YAML: a file holds one document; a second one starts here")

    def _scalar(self, event: Any) -> None:
        top = self._count(event)
        if top is not None and top.state == _KEY:
            self._key(top, event)
            return
        path = self._slot(top, event)
        if path is not None:
            self._attach(top, path, self._value(event))

    def _alias(self, event: Any) -> None:
        top = self._count(event)
        if top is not None and top.state == _KEY:
            top.state = _SKIP
        else:
            path = self._slot(top, event)
            if path is None:
                return  # inside something already skipped
            self._attach(top, path, None)
        self._fail(event, _ALIAS)

    def _start(self, event: Any) -> None:
        top = self._count(event)
        if len(self.stack) >= MAX_DEPTH:
            self._stop(event, TOO_DEEP)
        if top is not None and top.state == _KEY:
            top.state = _SKIP
            self._fail(event, "a key must be a plain word or number, not a list or mapping")
            self.stack.append(_SKIPPED)
            return
        path = self._slot(top, event)
        if path is None:
            self.stack.append(_SKIPPED)
            return
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
        value: Union[list[Any], dict[Key, Any]] = {} if type(event) is MappingStartEvent else []
        self._attach(top, path, value)
        self.stack.append(_Frame(path, value, True))

    def _end(self, event: Any) -> None:
        self.stack.pop()

    # building

    def _count(self, event: Any) -> Optional[_Frame]:
        """Count one more node against MAX_NODES; the open list or mapping it goes in."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self._stop(event, f"more than {MAX_NODES:,} keys and values in one file; stopped reading here")
        return self.stack[-1] if self.stack else None

    def _slot(self, top: Optional[_Frame], event: Any) -> Optional[PathKey]:
        """The path of the node `event` starts, its position recorded; None to skip it."""
        if top is None:
            path: PathKey = ()
        elif not top.keep:
            return None
        elif isinstance(top.value, list):
            path = top.path + (len(top.value),)
        else:
            wanted = top.state == _VALUE
            top.state = _KEY
            if not wanted:
                return None
            path = top.path + (top.key,)
        mark = event.start_mark
        self.doc.positions[path] = (mark.line + 1, mark.column + 1)
        return path

    def _attach(self, top: Optional[_Frame], path: PathKey, value: Any) -> None:
        if top is None:
            self.doc.value = value
        elif isinstance(top.value, list):
            top.value.append(value)
        else:
            cast(dict[Key, Any], top.value)[path[-1]] = value

    def _value(self, event: Any) -> Any:
        """A scalar's value, or None after reporting why it has none."""
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
            return None
        try:
            return _convert(event.value, self._tag(event))
        except _Refused as refused:
            self._fail(event, str(refused))
            return None

    def _tag(self, event: Any) -> str:
        """The tag the resolver gives a scalar without an explicit tag (or _QUOTED, _DIGITS)."""
        if not event.implicit[0]:
            return _QUOTED
        text = event.value
        if text.isdigit() and text.isascii() and text[0] != "0":
            return _DIGITS  # the resolver would say int
        # Resolver.resolve, less its generality: the safe loader has no path
        # resolvers and no wildcard ones, so only the table by first character
        for tag, pattern in self.implicit.get(text[:1], ()):
            if pattern.match(text):
                return tag
        return _STR_TAG

    def _key(self, top: _Frame, event: Any) -> None:
        """A scalar key of the mapping `top`; until it proves good, its value is skipped."""
        top.state = _SKIP
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
            return
        tag = self._tag(event)
        if tag == _MERGE_TAG:
            self._fail(event, "YAML merge keys (<<) are not allowed; write the keys out")
            return
        try:
            key = _convert(event.value, tag)
        except _Refused as refused:
            self._fail(event, str(refused))
            return
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            self._fail(event, f"a key must be a word or a whole number, not '{_preview(event.value)}'")
            return
        if key in cast(dict[Key, Any], top.value):
            self._fail(event, f"duplicate key '{_preview(str(key))}'")
            return
        top.key, top.state = key, _VALUE
        mark = event.start_mark
        self.doc.key_positions[top.path + (key,)] = (mark.line + 1, mark.column + 1)
