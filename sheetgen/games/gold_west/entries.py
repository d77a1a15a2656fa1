"""What the Gold West scorer reads a results file into: one player's `Sheet` and the
`GoldWestTable` of all players. Both the scorer (score.py) and the map form (mapform.py),
which derives a sheet's counts from the hexes, fill them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.games.gold_west import mapcount
from sheetgen.results.document import Key, PathKey
from sheetgen.results.model import Entry, Table


@dataclass
class Sheet(Entry):
    """One player's entry as read, with where each terrain was written (for messages)."""

    counts: dict[str, int] = field(default_factory=dict)  # COUNT_FIELDS -> int
    terrain: dict[str, dict[str, int]] = field(default_factory=dict)  # field -> {code: int}
    keys: dict[tuple[str, str], str] = field(default_factory=dict)  # (field, code) -> key as written
    groups: list[int] = field(default_factory=list)
    water_camps: int = 0
    water_settlements: int = 0
    broken: set[Key] = field(default_factory=set)  # fields that could not be read
    # derived by the checks
    camps: dict[str, int] = field(default_factory=dict)  # code -> camps
    buildings: Optional[int] = None  # camps + settlements (from influence)
    builds: set[int] = field(default_factory=set)  # the building counts the file allows
    boomtown: list[dict[str, Any]] = field(default_factory=list)  # places held: offices' data, {} the free cell
    reported: set[str] = field(default_factory=set)  # fields whose absence a check here already reported
    # the map form: the hexes as written ("camps", "settlements" -> list), the counts derived from them
    hexes: dict[str, list[Any]] = field(default_factory=dict)
    derived: Optional[dict[str, Any]] = None  # field -> value, as a results file writes it
    written: set[str] = field(default_factory=set)  # the fields written with a value, before the map added its own
    pieces_reported: bool = False  # too many pieces already reported at the building that is one too many

    @property
    def map_form(self) -> bool:
        return bool(self.hexes)

    def at(self, name: str, code: Optional[str] = None) -> PathKey:
        """Where a field (and a terrain in it) was written; its player when it was not."""
        if code is not None and (name, code) in self.keys:
            return self.path(name, self.keys[(name, code)])
        return self.path(name) if name in self.given and (not self.map_form or name in self.written) \
            else self.path()

    def count(self, name: str) -> int:
        return self.counts.get(name, 0)

    def of(self, name: str, code: str) -> int:
        return self.terrain.get(name, {}).get(code, 0)

    def sound(self, *names: str) -> bool:
        return not any(n in self.broken for n in names)

    @property
    def settlements(self) -> int:
        return sum(self.terrain.get("settlements", {}).values())


@dataclass
class GoldWestTable(Table):
    """The players, and the setup the file names (map form), once decoded."""

    board: Optional[mapcount.Board] = None
    offices: Optional[list[str]] = None  # the offices in play, by the setup's code
    placed: Optional[mapcount.Placed] = None  # map form: player index -> {"camps": [hex], "settlements": [hex]}
