"""Guided entry: a game's results asked for one field at a time (`sheetgen enter`).

For a table with paper sheets and one laptop. The questions are the results
model (sheetgen/results/model.py) read in template order: player by player, field by
field, then the game-level fields. Each answer is checked as it is typed
against the field's schema (types, ranges, choices); a bad one is asked again
with the reason. The answers make the same results data a template filled in
by hand makes; the caller writes it and scores it with the one pipeline.

Most fields are asked from their schema and their template default (a number,
a mapping of numbers by key, a list written on one line). Where a model holds a
game-level list with its own structure (Carcassonne's features, Gold West's
Boomtown) or a value the schema leaves loose, the game asks it (its enter.py,
named by `GameSpec.enter` and handed here by the caller), with the helpers here.

Nothing here reads the terminal: `ask(prompt, default)` returns the answer's
text (the default for an empty answer) and raises EndOfInput when input ends;
`tell(text)` shows a reason or a hint.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence, TypeVar

from sheetgen.playernames import clean, key as name_key, text_problem, twice
from sheetgen.errors import SheetgenError
from sheetgen.results.document import PathKey
from sheetgen.results.model import Block, Context, Example, Scorer
from sheetgen.schema import MISSING, Check, Dict, Either, Field, Int, List, Map, OrNull, Schema

Ask = Callable[[str, Optional[str]], str]
MAX_ANSWER = 1000  # characters of one answer: a sheet's longest line (a row of claims, names) is far less
Tell = Callable[[str], None]
# (scorer, interview, key, player index or None) -> the answer, or NotImplemented: ask it from the model
AskOwn = Callable[[Scorer, "Interview", str, Optional[int]], Any]
T = TypeVar("T")


class EndOfInput(SheetgenError):
    """Input ended before every question was answered: nothing is written."""

    exit_code = 1


class Retry(Exception):
    """An answer that cannot be taken; the question is asked again with `reason`."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


SKIP: Any = type("Skip", (), {"__repr__": lambda self: "SKIP"})()  # an optional field left out


def unwrap(schema: Any) -> Schema:
    """The schema under a Field, OrNull or Check."""
    inner: Schema = schema
    while isinstance(inner, (Field, OrNull, Check)):
        inner = inner.schema
    return inner


def problem(schema: Any, value: Any) -> Optional[str]:
    """What the model says is wrong with `value` (None: nothing)."""
    found: list[tuple[PathKey, str, bool]] = []
    (schema.schema if isinstance(schema, Field) else schema).walk(value, (), found)
    return found[0][1] if found else None


class Interview:
    """Asks questions through `ask`, checking each answer; the game's scorer asks what it owns."""

    def __init__(self, ask: Ask, tell: Tell, scorer: Scorer, ctx: Context, own: Optional[AskOwn] = None):
        self.ask, self.tell, self.scorer, self.ctx = ask, tell, scorer, ctx
        self.own = own  # the game's own questions (GameSpec.enter), asked before the model's

    # -- one answer ---------------------------------------------------------------------
    def value(self, prompt: str, parse: Callable[[str], T], default: Optional[str] = None) -> T:
        """Ask until `parse` takes the answer (it raises Retry with the reason otherwise)."""
        while True:
            try:
                text = self.ask(prompt, default).strip()
                if len(text) > MAX_ANSWER:
                    raise Retry(f"the answer is {len(text):,} characters long; no box of the sheet holds more "
                                f"than {MAX_ANSWER}")
                return parse(text)
            except Retry as refused:
                self.tell(f"  {refused.reason}; try again")

    def number(self, prompt: str, schema: Any = None, default: Any = None, optional: bool = False) -> Any:
        """A whole number the schema (an Int, possibly wrapped) accepts; empty: the default, or SKIP
        when `optional`."""
        def parse(text: str) -> Any:
            if not text:
                if optional:
                    return SKIP
                raise Retry("expected a whole number")
            return checked(schema, whole(text))

        shown = None if default is None or default is SKIP else str(default)
        return self.value(prompt + (" (empty to skip)" if optional and shown is None else ""), parse, shown)

    def items(self, prompt: str, one: Callable[[str], Any], spaces: bool = False,
              once: Optional[Callable[[Any], Any]] = None, most: Optional[int] = None,
              fits: Optional[Callable[[list[Any]], Optional[str]]] = None) -> list[Any]:
        """A list on one line, items separated by commas (with `spaces`, by spaces too: numbers);
        empty: none. `once(item)`: what may not be given twice (a results file refuses it too);
        `most`: the most items the sheet holds; `fits(items)`: why the whole list cannot be (or None)."""
        def parse(text: str) -> list[Any]:
            parts = [p.strip() for p in (text.split(",") if "," in text or not spaces else text.split()) if p.strip()]
            if most is not None and len(parts) > most:
                raise Retry(f"{len(parts)} items, but the sheet holds at most {most}")
            out: list[Any] = []
            seen: dict[Any, int] = {}  # what may not be given twice -> the item that gave it
            for n, part in enumerate(parts):
                try:
                    item = one(part)
                except Retry as refused:
                    raise Retry(f"item {n + 1} ('{part}'): {refused.reason}") from None
                if once is not None:
                    key = once(item)
                    if key in seen:
                        raise Retry(f"item {n + 1} ('{part}'): {key} is given twice (item {seen[key] + 1} "
                                    f"too); give each once")
                    seen[key] = n
                out.append(item)
            why = fits(out) if fits is not None else None
            if why:
                raise Retry(why)
            return out

        return self.value(prompt, parse)

    def repeat(self, prompt: str, first: Callable[[str], Any], rest: Callable[[Any], Any],
               most: Optional[int] = None) -> list[Any]:
        """Items asked one at a time until an empty answer: `first` reads the answer to `prompt`
        (an empty answer ends the list), `rest` asks what follows it and returns the item; after
        `most` items the list ends."""
        out: list[Any] = []
        while most is None or len(out) < most:
            head = self.value(prompt, lambda text: None if not text else first(text))
            if head is None:
                return out
            out.append(rest(head))
        self.tell(f"  that is {most}, the most there can be")
        return out

    def explain(self, lines: Sequence[str]) -> None:
        """A field's longer help, shown as the template shows it (comment lines)."""
        self.tell("\n".join(f"# {line}" for line in lines))

    def player(self, text: str) -> str:
        """A player's name as the table has it (any letter case)."""
        return pick(text, self.ctx.names, what="player")

    # -- the model ------------------------------------------------------------------------
    def field(self, key: str, spec: Any, label: str, index: Optional[int] = None) -> Any:
        """The answer to one field of the model (SKIP: leave it out of the file)."""
        spec = spec if isinstance(spec, Field) else Field(spec)
        if not self.ctx.asked(spec):
            return SKIP
        asked = self.own(self.scorer, self, key, index) if self.own is not None else NotImplemented
        if asked is not NotImplemented:
            return asked
        extra = () if index is None else (index,)
        default = spec.default(self.ctx, *extra) if callable(spec.default) else spec.default
        if default is MISSING or default is None or (isinstance(default, Example) and
                                                      isinstance(default.value, (list, str))):
            return SKIP  # nothing to ask in this form (another written form: hexes, completed features)
        if isinstance(default, str):  # known already (a setup's code): written as it is
            return default
        hint = spec.help_lines(self.ctx, *extra)
        if len(hint) > 1 and index in (None, 0):  # a long help once, before the first player's answer
            self.explain(hint)
        note = hint[0] if len(hint) == 1 and hint[0] else spec.label
        return self.shaped(label, spec.schema, default, note)

    def shaped(self, label: str, schema: Any, default: Any, note: str = "") -> Any:
        """A value shaped as `default` (the template's), checked by `schema`."""
        optional = isinstance(default, Example)
        if optional:
            default = default.value
        inner = unwrap(schema)
        if isinstance(inner, Either):
            inner = unwrap(inner.mapped if isinstance(default, dict) else inner.listed)
        shown = f": {note}" if note else ""
        if isinstance(default, Block):
            return {k: self.shaped(f"{label} {k}", part(inner, k), v, comment) for k, v, comment in default.rows}
        if isinstance(default, dict):
            out = {}
            for k, v in default.items():
                got = self.shaped(f"{label} {k}", part(inner, k), Example(v) if optional else v)
                if got is not SKIP:
                    out[k] = got
            return SKIP if optional and not out else out
        if isinstance(default, list) and isinstance(inner, List):
            item = inner.item
            kind = unwrap(item)
            words = "numbers" if isinstance(kind, Int) else "names"
            return self.items(f"{label}{shown} ({words}, comma-separated; empty for none)",
                              lambda text: checked(item, whole(text) if isinstance(kind, Int) else text),
                              spaces=isinstance(kind, Int))
        if isinstance(default, bool) or not isinstance(default, int):
            return SKIP  # nothing this model asks for in this form
        # a number the model leaves loose (its checks read it) is at least a count
        return self.number(f"{label}{shown}", schema if isinstance(inner, Int) else Int(0),
                           None if optional else default, optional=optional)


def part(schema: Schema, key: Any) -> Any:
    """The schema of `key` inside a mapping schema."""
    if isinstance(schema, Map):
        spec = schema.fields.get(key)
        return spec.schema if isinstance(spec, Field) else spec
    if isinstance(schema, Dict):
        return schema.value
    return None


_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def whole(text: str) -> int:
    """A whole number as typed, or Retry with the reason."""
    text = text.strip()
    if not _WHOLE.fullmatch(text):  # ASCII digits, as a results file reads them ('³' is not 3)
        raise Retry(f"expected a whole number, got '{text}'")
    return int(text)


def checked(schema: Any, value: Any) -> Any:
    """`value` if the schema takes it, else Retry with the model's reason."""
    reason = problem(schema, value) if schema is not None else None
    if reason:
        raise Retry(reason)
    return value


def pick(text: str, choices: Sequence[str], what: str = "answer") -> str:
    """The choice `text` names (letter case aside; a unique beginning will do)."""
    key = name_key(text)
    exact = [c for c in choices if name_key(c) == key]
    if exact:
        return exact[0]
    begun = [c for c in choices if name_key(c).startswith(key)] if key else []
    if len(begun) == 1:
        return begun[0]
    raise Retry(f"'{text}' is not a {what} here; choose one of {', '.join(choices)}")


def interview(scorer: Scorer, ctx: Context, ask: Ask, tell: Tell, asked_names: bool = False,
              own: Optional[AskOwn] = None) -> dict[str, Any]:
    """Every answer of a game's results, as the results file's data (in template order); `own`
    asks the fields the game asks its own way (GameSpec.enter).

    With `asked_names`, each player's name is asked first (the context's are the defaults)."""
    model = scorer.model()
    talk = Interview(ask, tell, scorer, ctx, own)
    if asked_names:
        ctx = talk.ctx = Context(ctx.rules, ctx.players, ask_names(talk, ctx.names), ctx.setup, ctx.unused)
    data: dict[str, Any] = {"game": model.game}
    if model.player is None:
        data["players"] = list(ctx.names)
    else:
        data["players"] = []
        for index, name in enumerate(ctx.names):
            tell(f"-- {name} ({index + 1} of {ctx.players}) --")
            entry: dict[str, Any] = {"name": name}
            for key, spec in model.player.fields.items():
                if key == "name":
                    continue
                value = talk.field(key, spec, key, index)
                if value is not SKIP:
                    entry[key] = value
            data["players"].append(entry)
    if model.fields:
        tell("-- the table --")
    for key, spec in model.fields.items():
        value = talk.field(key, spec, key)
        if value is not SKIP:
            data[key] = value
    return data


def read_line(stream: Any) -> Optional[str]:
    """One answer from `stream` (a text stream, read through its bytes when it has them), without
    its line end; None when input has ended. A line longer than MAX_ANSWER is read to its end in
    bounded memory and dropped, and a line that is not text in the stream's encoding is dropped:
    each is a Retry, so the question is asked again."""
    raw = getattr(stream, "buffer", None)
    source = raw if raw is not None else stream
    limit = MAX_ANSWER * 4 + 2  # bytes: 4 a character at most, and the line end
    line = source.readline(limit)
    if not line:
        return None
    ending = b"\n" if raw is not None else "\n"
    if len(line) >= limit and not line.endswith(ending):
        dropped = len(line)
        while True:  # the rest of an over-long line, in chunks
            more = source.readline(1 << 16)
            dropped += len(more)
            if not more or more.endswith(ending):
                break
        raise Retry(f"the answer is {dropped:,} bytes long; no box of the sheet holds more than {MAX_ANSWER} "
                    f"characters")
    if raw is not None:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            line = line.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            where = f" at byte {exc.start + 1}" if isinstance(exc, UnicodeDecodeError) else ""
            raise Retry(f"the answer is not {encoding} text{where}") from None
    answer: str = line.rstrip("\r\n")
    return answer


def ask_names(talk: Interview, defaults: Sequence[str]) -> list[str]:
    """Each player's name, in seating order (empty: the default shown)."""
    chosen: list[str] = []

    def parse(text: str) -> str:
        name = clean(text)
        why = text_problem(name)  # the names a results file takes: not empty, plain, short
        if why:
            raise Retry(why)
        if name_key(name) in {name_key(n) for n in chosen}:
            raise Retry(twice(name))
        return name

    for n, default in enumerate(defaults):
        chosen.append(talk.value(f"player {n + 1} name", parse, default))
    return chosen


__all__ = ["EndOfInput", "Interview", "Retry", "SKIP", "interview"]
