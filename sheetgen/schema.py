"""A small declarative checker for parsed YAML, reporting problems by position.

Schemas are plain objects (`Map`, `List`, `Int`, ...). `check(doc, schema)`
walks the document and returns every problem at once, each placed at the line
and column of the offending value (or key). It is deliberately small: the
structural rules live here, cross-field rules live next to the game that needs
them and use `Document.problem` for placement.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from sheetgen.errors import Problem
from sheetgen.yamlio import Document, PathKey


def describe(value: Any) -> str:
    """How a value reads in a message: its type, and the value itself when short."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


class Schema:
    """Base class: `walk` appends (path, message, at_key) triples to `out`.

    Plain classes rather than dataclasses: every command builds these at import
    time, and a dataclass costs a quarter of a millisecond to define.
    """

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"

    def walk(self, value: Any, path: PathKey, out: list) -> None:  # pragma: no cover
        raise NotImplementedError


class Any_(Schema):
    def walk(self, value, path, out):
        return None


class Int(Schema):
    def __init__(self, min: Optional[int] = None, max: Optional[int] = None):
        self.min, self.max = min, max

    def walk(self, value, path, out):
        if isinstance(value, bool) or not isinstance(value, int):
            out.append((path, f"expected a whole number, got {describe(value)}", False))
        elif self.min is not None and value < self.min:
            out.append((path, f"{value} is too small (at least {self.min})", False))
        elif self.max is not None and value > self.max:
            out.append((path, f"{value} is too large (at most {self.max})", False))


class Bool(Schema):
    def walk(self, value, path, out):
        if not isinstance(value, bool):
            out.append((path, f"expected true or false, got {describe(value)}", False))


class Str(Schema):
    def __init__(self, choices: Optional[Iterable[str]] = None, allow_empty: bool = False):
        self.choices, self.allow_empty = choices, allow_empty

    def walk(self, value, path, out):
        if not isinstance(value, str):
            out.append((path, f"expected text, got {describe(value)}", False))
        elif not value.strip() and not self.allow_empty:
            out.append((path, "expected text, got an empty string", False))
        elif self.choices is not None and value not in self.choices:
            out.append((path, _unknown("value", value, self.choices), False))


class List(Schema):
    def __init__(self, item: Schema, min: int = 0, max: Optional[int] = None):
        self.item, self.min, self.max = item, min, max

    def walk(self, value, path, out):
        if not isinstance(value, list):
            out.append((path, f"expected a list, got {describe(value)}", False))
            return
        if len(value) < self.min or (self.max is not None and len(value) > self.max):
            out.append((path, f"expected {_count(self.min, self.max)} items, got {len(value)}", False))
        for i, item in enumerate(value):
            self.item.walk(item, path + (i,), out)


class Field:
    """A Map entry that may be optional."""

    def __init__(self, schema: Schema, required: bool = True):
        self.schema, self.required = schema, required


class Map(Schema):
    """A mapping with known keys. Values may be Schema (required) or Field."""

    def __init__(self, fields: dict, extra: Optional[Schema] = None):
        self.fields = fields
        self.extra = extra  # schema for keys not listed, or None to reject them

    def walk(self, value, path, out):
        if not isinstance(value, dict):
            out.append((path, f"expected a mapping of keys to values, got {describe(value)}", False))
            return
        for name, spec in self.fields.items():
            spec = spec if isinstance(spec, Field) else Field(spec)
            if name in value:
                spec.schema.walk(value[name], path + (name,), out)
            elif spec.required:
                out.append((path, f"missing key '{name}'", False))
        for key in value:
            if key in self.fields:
                continue
            if self.extra is None:
                out.append((path + (key,), _unknown("key", key, self.fields), True))
            else:
                self.extra.walk(value[key], path + (key,), out)


class Dict(Schema):
    """A mapping whose keys are data (names, numbers) rather than a fixed set."""

    def __init__(self, key: Schema, value: Schema):
        self.key, self.value = key, value

    def walk(self, value, path, out):
        if not isinstance(value, dict):
            out.append((path, f"expected a mapping, got {describe(value)}", False))
            return
        for key, item in value.items():
            before = len(out)
            self.key.walk(key, path + (key,), out)
            for i in range(before, len(out)):
                p, msg, _ = out[i]
                out[i] = (p, f"key {msg}", True)
            self.value.walk(item, path + (key,), out)


class Check(Schema):
    """A schema plus a predicate on the value: `test(value)` returns a message or None."""

    def __init__(self, schema: Schema, test: Callable[[Any], Optional[str]] = lambda v: None):
        self.schema, self.test = schema, test

    def walk(self, value, path, out):
        before = len(out)
        self.schema.walk(value, path, out)
        if len(out) == before:
            message = self.test(value)
            if message:
                out.append((path, message, False))


def check(doc: Document, schema: Schema, root: PathKey = ()) -> list[Problem]:
    """Every structural problem of `doc` against `schema`, in file order."""
    found: list = []
    schema.walk(doc.value, root, found)
    problems = [doc.problem(path, message, at_key=at_key) for path, message, at_key in found]
    return sorted(problems, key=lambda p: (p.line or 0, p.column or 0))


def _unknown(what: str, got: Any, allowed: Iterable) -> str:
    allowed = [str(a) for a in allowed]
    import difflib  # only an error needs a hint

    hint = difflib.get_close_matches(str(got), allowed, n=1)
    if hint:
        return f"unknown {what} '{got}'; did you mean '{hint[0]}'?"
    return f"unknown {what} '{got}'; expected one of: {', '.join(allowed)}"


def _count(low: int, high: Optional[int]) -> str:
    if high is None:
        return f"at least {low}"
    if low == high:
        return f"exactly {low}"
    return f"{low} to {high}"
