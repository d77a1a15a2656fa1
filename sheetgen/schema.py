"""A small declarative checker for parsed YAML, reporting problems by position.

Schemas are plain objects (`Map`, `List`, `Int`, ...). `check(doc, schema)`
walks the document and returns every problem at once, each placed at the line
and column of the offending value (or key). It is deliberately small: the
structural rules live here, cross-field rules live next to the game that needs
them and use `Document.problem` for placement.

The same objects describe a game's results file (see `sheetgen.results.model`):
a `Field` also carries the words and default a template prints, the label
a message or a tie-breaker uses, and the scoring categories or offices that
need it; every schema can state itself as JSON Schema (`json_schema()`).
"""

from __future__ import annotations

import difflib
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from sheetgen.errors import Problem
from sheetgen.results.document import Document, PathKey

# what a walk finds: (where, message, whether it is the key rather than the value that is wrong)
Found = list[tuple[PathKey, str, bool]]


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

    def walk(self, value: Any, path: PathKey, out: Found) -> None:  # pragma: no cover
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        """This schema as JSON Schema (draft 2020-12), for editors' completion and checks."""
        return {}


class Any_(Schema):
    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        return None


class Int(Schema):
    """A whole number in [min, max]; `why` says where the largest comes from (a game's pieces)."""

    def __init__(self, min: Optional[int] = None, max: Optional[int] = None, why: str = ""):
        self.min, self.max, self.why = min, max, why

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            out.append((path, f"expected a whole number, got {describe(value)}", False))
        elif self.min is not None and value < self.min:
            out.append((path, f"{value} is too small (at least {self.min})", False))
        elif self.max is not None and value > self.max:
            out.append((path, f"{value} is too large (at most {self.max}{': ' + self.why if self.why else ''})",
                        False))

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.min is not None:
            out["minimum"] = self.min
        if self.max is not None:
            out["maximum"] = self.max
        return out


class Bool(Schema):
    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if not isinstance(value, bool):
            out.append((path, f"expected true or false, got {describe(value)}", False))

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


class Str(Schema):
    def __init__(self, choices: Optional[Iterable[str]] = None, allow_empty: bool = False):
        self.choices, self.allow_empty = choices, allow_empty

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if not isinstance(value, str):
            out.append((path, f"expected text, got {describe(value)}", False))
        elif not value.strip() and not self.allow_empty:
            out.append((path, "expected text, got an empty string", False))
        elif self.choices is not None and value not in self.choices:
            out.append((path, _unknown("value", value, self.choices), False))

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.choices is not None:
            out["enum"] = list(self.choices)
        elif not self.allow_empty:
            out["minLength"] = 1
        return out


class List(Schema):
    def __init__(self, item: Schema, min: int = 0, max: Optional[int] = None):
        self.item, self.min, self.max = item, min, max

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if not isinstance(value, list):
            out.append((path, f"expected a list, got {describe(value)}", False))
            return
        if len(value) < self.min or (self.max is not None and len(value) > self.max):
            out.append((path, f"expected {_count(self.min, self.max)} items, got {len(value)}", False))
        for i, item in enumerate(value):
            self.item.walk(item, path + (i,), out)

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min:
            out["minItems"] = self.min
        if self.max is not None:
            out["maxItems"] = self.max
        return out


class OrNull(Schema):
    """`schema`, or nothing at all: a key written with no value counts as left out."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if value is not None:
            self.schema.walk(value, path, out)

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.schema.json_schema(), {"type": "null"}]}


MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()
Help = Union[str, Sequence[str], Callable[..., Sequence[str]]]


class Field:
    """A Map entry: its schema, whether it must be there, and what a person reads about it.

    - `help`: the words a template prints beside (one line) or above (more
      lines) the field; text, lines, or a function of the template context
      (see `sheetgen.results.Context`) giving lines.
    - `default`: the value a blank template writes (or a function of the
      context and the player's index); MISSING leaves the field out of it.
    - `label`: the field in words ("camps in Wanted"), for messages and
      tie-breakers.
    - `needs`: the scoring categories or offices that read this field; a
      needed field left out is a problem, never a silent zero.
    """

    def __init__(self, schema: Schema, required: bool = True, *, help: Help = "", default: Any = MISSING,
                 label: str = "", needs: Sequence[str] = ()):
        self.schema, self.required = schema, required
        self.help, self.default, self.label, self.needs = help, default, label, tuple(needs)

    def help_lines(self, *context: Any) -> list[str]:
        """The help as lines of text."""
        text = self.help(*context) if callable(self.help) else self.help
        return [text] if isinstance(text, str) else list(text)


class Map(Schema):
    """A mapping with known keys. Values may be Schema (required) or Field."""

    def __init__(self, fields: dict[str, Union[Schema, Field]], extra: Optional[Schema] = None):
        self.fields = fields
        self.extra = extra  # schema for keys not listed, or None to reject them

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
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

    def json_schema(self) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        required: list[str] = []
        for name, spec in self.fields.items():
            spec = spec if isinstance(spec, Field) else Field(spec)
            prop = spec.schema.json_schema()
            lines = [] if callable(spec.help) else [line for line in spec.help_lines() if line]
            if lines:
                prop = {"description": " ".join(line.strip() for line in lines), **prop}
            properties[str(name)] = prop
            if spec.required:
                required.append(str(name))
        out: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            out["required"] = required
        out["additionalProperties"] = self.extra.json_schema() if self.extra is not None else False
        return out


class Dict(Schema):
    """A mapping whose keys are data (names, numbers) rather than a fixed set."""

    def __init__(self, key: Schema, value: Schema):
        self.key, self.value = key, value

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
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

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.value.json_schema()}


class Check(Schema):
    """A schema plus a predicate on the value: `test(value)` returns a message or None."""

    def __init__(self, schema: Schema, test: Callable[[Any], Optional[str]] = lambda v: None):
        self.schema, self.test = schema, test

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        before = len(out)
        self.schema.walk(value, path, out)
        if len(out) == before:
            message = self.test(value)
            if message:
                out.append((path, message, False))

    def json_schema(self) -> dict[str, Any]:
        return self.schema.json_schema()


def check(doc: Document, schema: Schema, root: PathKey = ()) -> list[Problem]:
    """Every structural problem of `doc` against `schema`, in file order."""
    found: Found = []
    schema.walk(doc.value, root, found)
    problems = [doc.problem(path, message, at_key=at_key) for path, message, at_key in found]
    return sorted(problems, key=lambda p: (p.line or 0, p.column or 0))


def _unknown(what: str, got: Any, allowed: Iterable[Any]) -> str:
    names = [str(a) for a in allowed]
    hint = difflib.get_close_matches(str(got), names, n=1)
    if hint:
        return f"unknown {what} '{got}'; did you mean '{hint[0]}'?"
    return f"unknown {what} '{got}'; expected one of: {', '.join(names)}"


def _count(low: int, high: Optional[int]) -> str:
    if high is None:
        return f"at least {low}"
    if low == high:
        return f"exactly {low}"
    return f"{low} to {high}"


class Either(Schema):
    """A list or a mapping, each with its own schema: two written forms of one field."""

    def __init__(self, listed: Schema, mapped: Schema, words: str):
        self.listed, self.mapped, self.words = listed, mapped, words

    def walk(self, value: Any, path: PathKey, out: Found) -> None:
        if isinstance(value, list):
            self.listed.walk(value, path, out)
        elif isinstance(value, dict):
            self.mapped.walk(value, path, out)
        else:
            out.append((path, f"expected {self.words}, got {describe(value)}", False))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.listed.json_schema(), self.mapped.json_schema()]}
