"""Safe YAML reading that remembers where every value came from.

Every value read gets a path (a tuple of keys and indexes from the document
root) and the line and column it started at, so that checks further down can
report `FILE:LINE:COLUMN: message`. Only plain YAML is accepted: no custom
tags, no anchors or aliases (they can make a tiny file expand without bound),
no duplicate keys, and nothing over MAX_BYTES.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from sheetgen.errors import InvalidInput, Problem

try:  # the C loader is several times faster; fall back when libyaml is absent
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader

MAX_BYTES = 1_000_000

PathKey = tuple[Union[str, int], ...]
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"


@dataclass
class Document:
    """A parsed YAML file: plain Python values plus where each one stood."""

    name: str
    value: Any
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def problem(self, path: PathKey, message: str, *, at_key: bool = False) -> Problem:
        """A Problem placed at `path` (at its key when `at_key`), or its nearest parent."""
        table = self.key_positions if at_key else self.positions
        probe = tuple(path)
        while probe not in table and probe:
            probe = probe[:-1]
            table = self.positions
        line, column = table.get(probe, (None, None))
        return Problem(self.name, message, line, column)


def read_yaml(path: Union[str, Path], *, display_name: str | None = None) -> Document:
    """Read and parse one YAML file; raise InvalidInput with located problems."""
    name = display_name or str(path)
    path = Path(path)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise InvalidInput([Problem(name, "not a file")])
        if size > MAX_BYTES:
            raise InvalidInput([Problem(
                name, f"file is {size:,} bytes; the limit is {MAX_BYTES:,} (is this the right file?)")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InvalidInput([Problem(name, "no such file")]) from None
    except IsADirectoryError:
        raise InvalidInput([Problem(name, "is a folder, not a file")]) from None
    except OSError as exc:
        raise InvalidInput([Problem(name, f"cannot read: {exc.strerror}")]) from None
    return parse_yaml(raw, name)


def parse_yaml(raw: Union[bytes, str], name: str) -> Document:
    """Parse YAML text (bytes must be UTF-8) into a located Document."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_BYTES:
            raise InvalidInput([Problem(name, f"input is {len(raw):,} bytes; the limit is {MAX_BYTES:,}")])
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidInput([Problem(
                name, f"not UTF-8 text (bad byte at offset {exc.start}); save the file as UTF-8")]) from None
    else:
        text = raw
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "invalid YAML"
        if mark is None:
            raise InvalidInput([Problem(name, f"invalid YAML: {what}")]) from None
        raise InvalidInput([Problem(name, f"invalid YAML: {what}", mark.line + 1, mark.column + 1)]) from None
    except yaml.YAMLError as exc:
        raise InvalidInput([Problem(name, f"invalid YAML: {exc}")]) from None
    finally:
        loader.dispose()

    doc = Document(name, None)
    problems: list[Problem] = []
    if root is not None:
        doc.value = _Builder(doc, problems, loader).build(root, ())
    if problems:
        raise InvalidInput(problems)
    return doc


class _Builder:
    """Turns composed nodes into plain values, recording positions as it goes."""

    def __init__(self, doc: Document, problems: list[Problem], loader: Any):
        self.doc = doc
        self.problems = problems
        self.loader = loader
        self.seen: set[int] = set()

    def _fail(self, node: Any, message: str) -> None:
        mark = node.start_mark
        self.problems.append(Problem(self.doc.name, message, mark.line + 1, mark.column + 1))

    def build(self, node: Any, path: PathKey) -> Any:
        mark = node.start_mark
        self.doc.positions[path] = (mark.line + 1, mark.column + 1)
        if id(node) in self.seen:
            self._fail(node, "YAML anchors and aliases (&name, *name) are not allowed; write the value out")
            return None
        self.seen.add(id(node))
        if isinstance(node, MappingNode):
            if node.tag != _MAP_TAG:
                self._fail(node, f"YAML tags such as {node.tag} are not allowed")
                return None
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ_TAG:
                self._fail(node, f"YAML tags such as {node.tag} are not allowed")
                return None
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: ScalarNode) -> Any:
        if node.tag.startswith("tag:yaml.org,2002:") is False:
            self._fail(node, f"YAML tags such as {node.tag} are not allowed")
            return None
        # Fast paths for the two commonest scalars; the resolver has already
        # decided the tag, so a str tag is the text itself and a plain run of
        # digits is that int. Everything else goes through PyYAML's constructor.
        if node.tag == _STR_TAG:
            return node.value
        value = node.value
        if node.tag == _INT_TAG and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
            return int(value)  # a leading 0 is YAML 1.1 octal: left to the constructor
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self._fail(node, f"cannot read this value: {getattr(exc, 'problem', None) or exc}")
            return None

    def _mapping(self, node: MappingNode, path: PathKey) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self._fail(key_node, "a key must be a plain word or number, not a list or mapping")
                continue
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._fail(key_node, "YAML merge keys (<<) are not allowed; write the keys out")
                continue
            key = self._scalar(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                self._fail(key_node, f"a key must be a word or a whole number, not {key_node.value!r}")
                continue
            kmark = key_node.start_mark
            if key in result:
                self._fail(key_node, f"duplicate key '{key}'")
                continue
            self.doc.key_positions[path + (key,)] = (kmark.line + 1, kmark.column + 1)
            result[key] = self.build(value_node, path + (key,))
        return result
