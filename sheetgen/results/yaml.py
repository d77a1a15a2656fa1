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
from typing import Any, Callable, Optional, Union

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
# In UTF-8 a byte below 0x80 is always that ASCII character itself, so deleting these bytes
# (printable ASCII, tab, LF, CR, and every byte of a longer character) leaves only C0 controls and DEL
_HARMLESS_BYTES = bytes([0x09, 0x0A, 0x0D, *range(0x20, 0x7F), *range(0x80, 0x100)])
# the UTF-8 of the forbidden characters beyond ASCII starts with one of these (so does
# more that is allowed, e.g. U+00A0-U+00BF, U+FFFD: such a text goes to the pattern)
_C1_LEAD, _FFFX_LEAD = b"\xc2", b"\xef\xbf"


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
    # the common case, decided without compiling the pattern (that costs as much as reading
    # a data file) and without a Python loop over the characters
    try:
        encoded = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, only in text given as str: the pattern finds it
        encoded = b"\x00"
    if not encoded.translate(None, _HARMLESS_BYTES) and _C1_LEAD not in encoded and _FFFX_LEAD not in encoded:
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
    """Plain ASCII digits, no leading 0: the commonest scalar, read without the resolver's patterns."""
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
    _STR_TAG: _text,
    _YAML_TAG + "int": _int,
    _YAML_TAG + "float": _float,
    _YAML_TAG + "bool": lambda text: _BOOLS.get(text.lower(), text),
    _YAML_TAG + "null": lambda text: None,
}


def _convert(text: str, tag: str) -> Any:
    """The value of a plain scalar (no explicit tag), read by `tag`; _Refused if unreadable."""
    read = _CONVERT.get(tag)
    return text if read is None else read(text)


def _tag_message(tag: str) -> str:
    shown = "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else tag
    return (f"explicit YAML tags such as {_preview(shown)} are not allowed; "
            "write the plain value (in quotes if it is text)")


# --- structure ---------------------------------------------------------------

# What the innermost open node expects next (_Frame.state): the document its
# one root; a list an item; a mapping a key, the value of the key just read,
# or a value to skip (its key was refused). A dropped frame stands for a list or
# mapping being skipped (one used as a key, or the value of a refused key): its
# contents are read, counted and dropped.
_ROOT, _ITEM, _KEY, _VALUE, _SKIP, _DROP = range(6)  # the two that read nothing last


class _Frame:
    """An open list or mapping (or the document): its path, the value being filled, what comes next."""

    __slots__ = ("path", "value", "state", "key", "key_path")

    def __init__(self, path: PathKey, value: Any, state: int):
        self.path = path
        self.value = value  # the list or dict being filled, as `state` says (None when dropped)
        self.state = state
        self.key: Key = ""  # the accepted key whose value comes next,
        self.key_path: PathKey = ()  # and that value's path


_DROPPED = _Frame((), None, _DROP)  # shared: a dropped frame is never changed
_UNKNOWN = object()  # not in a cache


class _Stop(Exception):
    """Reading ends early (a limit reached, a second document); the reason is in `fatal`."""


class _Reader:
    """Builds a Document from the parser's events, with an explicit stack and limits.

    The walk is the cost of reading, so it is written for the common case: a
    scalar is handled in the loop itself, with locals, and a plain one's value
    or key is remembered by its text for the rest of the file (a data file says
    `name`, `cost` or `2` hundreds of times), so that the resolver's patterns
    run once per distinct text. Anything else (a first sight, a quoted or
    tagged scalar, lists, mappings, aliases) goes to a method.
    """

    def __init__(self, name: str, text: str):
        self.name = name
        self.doc = Document(name, None)
        self.problems: list[Problem] = []
        self.unlisted = 0  # problems beyond MAX_PROBLEMS, only counted
        self.fatal: Optional[Problem] = None  # why reading stopped early
        self.stack: list[_Frame] = [_Frame((), None, _ROOT)]  # never empty: the document is at the bottom
        self.documents = 0
        self.text = text
        self.retried = False
        self.loader = _Loader(text)
        # first character -> (tag, pattern) pairs, as PyYAML's resolver keeps them
        self.implicit: dict[str, list[tuple[str, re.Pattern[str]]]] = self.loader.yaml_implicit_resolvers
        # plain scalars already read in this file: text -> value, text -> key (only the good ones)
        self.known_values: dict[str, Any] = {}
        self.known_keys: dict[str, Key] = {}

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
        next_event = self.loader.get_event
        stack = self.stack
        top = stack[-1]  # the innermost open frame
        positions, key_positions = self.doc.positions, self.doc.key_positions
        known_values, known_keys = self.known_values, self.known_keys
        max_nodes = MAX_NODES
        nodes = 0  # every scalar, alias, list and mapping counts against MAX_NODES, first
        while True:
            event: Any = next_event()
            kind = type(event)
            if kind is ScalarEvent:
                nodes += 1
                if nodes > max_nodes:
                    self._too_many(event)
                state = top.state
                if state >= _SKIP:  # the value of a refused key (not read), or inside something dropped
                    if state == _SKIP:
                        top.state = _KEY
                    continue
                # a plain scalar without a tag, seen before: its value or key is known
                plain = event.tag is None and event.implicit[0]
                if state == _KEY:
                    top.state = _SKIP  # until the key proves good
                    key = known_keys.get(event.value) if plain else None
                    if key is None:
                        key = self._key(event)
                        if key is None:
                            continue
                    if key in top.value:
                        self._fail(event, f"duplicate key '{_preview(str(key))}'")
                        continue
                    top.key, top.state = key, _VALUE
                    path = top.key_path = top.path + (key,)
                    mark = event.start_mark
                    key_positions[path] = (mark.line + 1, mark.column + 1)
                    continue
                value = known_values.get(event.value, _UNKNOWN) if plain else _UNKNOWN
                if value is _UNKNOWN:
                    value = self._value(event)
                mark = event.start_mark
                if state == _VALUE:
                    top.state = _KEY
                    positions[top.key_path] = (mark.line + 1, mark.column + 1)
                    top.value[top.key] = value
                elif state == _ITEM:
                    positions[top.path + (len(top.value),)] = (mark.line + 1, mark.column + 1)
                    top.value.append(value)
                else:  # _ROOT
                    positions[()] = (mark.line + 1, mark.column + 1)
                    self.doc.value = value
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                stack.pop()
                top = stack[-1]
            elif kind is MappingStartEvent or kind is SequenceStartEvent or kind is AliasEvent:
                nodes += 1
                if nodes > max_nodes:
                    self._too_many(event)
                if kind is AliasEvent:
                    self._alias(top, event)
                else:
                    self._start(top, event)
                    top = stack[-1]
            elif kind is DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    self._stop(event, "invalid YAML: a file holds one document; a second one starts here")
            elif event is None or kind is StreamEndEvent:
                return
            # stream start and document end need nothing

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

    def _too_many(self, event: Any) -> None:
        self._stop(event, f"more than {MAX_NODES:,} keys and values in one file; stopped reading here")

    # lists, mappings, aliases: what they do depends on what the frame `top` expects

    def _alias(self, top: _Frame, event: Any) -> None:
        if top.state == _KEY:
            top.state = _SKIP
        elif self._place(top, event, None) is None:
            return  # inside something skipped
        self._fail(event, _ALIAS)

    def _start(self, top: _Frame, event: Any) -> None:
        stack = self.stack
        if len(stack) > MAX_DEPTH:  # the document's frame and MAX_DEPTH open lists and mappings
            self._stop(event, TOO_DEEP)
        if top.state == _KEY:
            top.state = _SKIP
            self._fail(event, "a key must be a plain word or number, not a list or mapping")
            stack.append(_DROPPED)
            return
        mapping = type(event) is MappingStartEvent
        value: Union[dict[Key, Any], list[Any]] = {} if mapping else []
        path = self._place(top, event, value)
        if path is None:
            stack.append(_DROPPED)
            return
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
        stack.append(_Frame(path, value, _KEY if mapping else _ITEM))

    def _place(self, top: _Frame, event: Any, value: Any) -> Optional[PathKey]:
        """Put `value` where the node `event` starts goes in `top`, its position recorded;
        its path, or None if it is skipped."""
        state = top.state
        if state == _ITEM:
            path = top.path + (len(top.value),)
            top.value.append(value)
        elif state == _VALUE:
            path = top.key_path
            top.value[top.key] = value
            top.state = _KEY
        elif state == _ROOT:
            path = ()
            self.doc.value = value
        else:  # _SKIP or _DROP
            if state == _SKIP:
                top.state = _KEY
            return None
        mark = event.start_mark
        self.doc.positions[path] = (mark.line + 1, mark.column + 1)
        return path

    # scalars the walk does not know yet

    def _value(self, event: Any) -> Any:
        """A scalar's value, or None after reporting why it has none."""
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
            return None
        text: str = event.value
        if not event.implicit[0]:
            return text  # quoted or a block: text as written
        try:
            value = self._plain(text)
        except _Refused as refused:
            self._fail(event, str(refused))
            return None
        self.known_values[text] = value
        return value

    def _key(self, event: Any) -> Optional[Key]:
        """A scalar key: a word or a whole number, or None after reporting why not."""
        if event.tag is not None:
            self._fail(event, _tag_message(event.tag))
            return None
        text: str = event.value
        if not event.implicit[0]:
            return text  # quoted: text as written
        try:
            key = self._plain(text, key=True)
        except _Refused as refused:
            self._fail(event, str(refused))
            return None
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            self._fail(event, f"a key must be a word or a whole number, not '{_preview(text)}'")
            return None
        self.known_keys[text] = key
        return key

    def _plain(self, text: str, *, key: bool = False) -> Any:
        """A plain scalar's value (as a key, << is refused); _Refused if unreadable.

        The two commonest kinds are read without the resolver's patterns.
        """
        first = text[:1]
        if first.isascii() and first.isalpha() and first not in self.implicit:
            return text  # a word no resolver pattern starts with (and no number: it starts with a letter)
        if text.isdigit() and text.isascii() and first != "0":
            return _digits(text)  # the resolver would say int
        tag = self._tag(text)
        if key and tag == _MERGE_TAG:
            raise _Refused("YAML merge keys (<<) are not allowed; write the keys out")
        return _convert(text, tag)

    def _tag(self, text: str) -> str:
        """The tag the resolver gives a plain scalar."""
        # Resolver.resolve, less its generality: the safe loader has no path
        # resolvers and no wildcard ones, so only the table by first character
        for tag, pattern in self.implicit.get(text[:1], ()):
            if pattern.match(text):
                return tag
        return _STR_TAG
