"""Plain record classes: `repr`, `==` (and for frozen ones `hash` and no assignment) over
`_fields`, as a dataclass has them.

Classes that every command defines are written this way rather than as dataclasses:
defining a dataclass compiles its methods from source text at import, about half a
millisecond each (a frozen one more), which a command that draws nothing pays in its
start-up. Each class lists its fields in `__slots__` and `_fields` and writes its own
`__init__`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar


class Record:
    """`repr` and `==` over `_fields`."""

    __slots__ = ()
    _fields: ClassVar[tuple] = ()
    _values: ClassVar[Any] = staticmethod(lambda record: ())  # record -> its fields' values, a tuple

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # the fields' values as a tuple, read in C (compared and hashed often: a file's problems)
        get = attrgetter(*cls._fields) if cls._fields else (lambda record: ())
        cls._values = staticmethod(get if len(cls._fields) != 1 else (lambda record: (get(record),)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == other._values(other)

    __hash__ = None  # type: ignore[assignment]


class FrozenRecord(Record):
    """A Record whose fields are set once, by `__init__` through `_set`, and hash together."""

    __slots__ = ()

    def _set(self, *values: Any) -> None:
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}'")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._values(self))

    def __reduce__(self) -> tuple:  # copy and pickle through __init__, not by setting slots
        return type(self), self._values(self)

    def replace(self, **changes: Any) -> Any:
        """A copy with `changes` (as dataclasses.replace makes one)."""
        values = [changes.pop(n, getattr(self, n)) for n in self._fields]
        return type(self)(*values, **changes)  # a name left in `changes` is not a field: TypeError
