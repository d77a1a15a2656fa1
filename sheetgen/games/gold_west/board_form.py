"""The fillable Gold West board record sheet: every field's name, and what it makes of a results file.

`sheetgen sheet gold-west board --code CODE --fillable` puts a field on every land hex and a row of
fields per player under the map (board.py places them). The page is the whole game (a form of scope
"game", see forms.py), read as a results file in map form:

    setup                         text    the setup code (printed in)     -> setup
    hex.LABEL (D4, ...)           text    a player's initial: upper case a settlement, lower case a camp
                                                                          -> players[].settlements / camps
    pN.name                       text    player N's name                 -> players[].name
    pN.initial                    text    the letter player N marks hexes with (blank: the first letter of
                                          the name no one else has)
    pN.points                     number  the score track                 -> players[].points
    pN.investment_influence.T     number  investment influence on terrain T -> players[].investment_influence
    pN.investments, .shipping_tiles, .wanted, .supply, .total
                                  number                                  -> players[].KEY
    pN.boomtown.1 ... .4          number  player N's tokens on the setup's office 1..4 (in the setup's
                                          order, named on the sheet)      -> boomtown: {OFFICE: [names]}
    pN.boomtown.free              number  player N's tokens on the free cell (4VP) -> boomtown: {4VP: [...]}

N is 1 to the most players the rules allow; a sheet printed for fewer players has fewer rows, and a
row left empty is skipped. Water has no field (nothing stands on it); a face-down tile
has fields, so a mark there is reported rather than lost. Everything the map gives (influence,
settlements and mining tokens per terrain, groups, edge, water, line) is worked out by the scorer.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, Optional, Sequence

from sheetgen.results.forms import (MISSING, Column, digits, GameBinding, NumberMap, NumberValue, PageValues, SheetForm,
                                    Slot, TextValue)
from sheetgen.games.gold_west import hexes, hexlabels
from sheetgen.errors import InvalidInput, Problem
from sheetgen.games.gold_west.asciimap import LETTERS, initials
from sheetgen.games.gold_west.score import GoldWestScorer
from sheetgen.games.gold_west.setup_code import from_code
from sheetgen.results.model import Outcome, and_list, norm
from sheetgen.ruledata import RuleData
from sheetgen.setupcode import SetupCodeError
from sheetgen.sheet import field_name

PART = "board"
SETUP = "setup"
COUNTS = ("points", "investments", "shipping_tiles", "wanted", "supply", "total")
MOST_TOKENS = 9  # a Boomtown count above this is a slip (an office has 2 spaces), refused before it is read


# the fields' names (board.py draws the boxes under the same names)
hex_field: Callable[[str], str] = partial(field_name, "hex")


def player(column: int, key: str) -> str:
    return field_name(f"p{column}", key)


def office(column: int, position: int) -> str:
    return field_name(f"p{column}", "boomtown", position)


def free(column: int) -> str:
    return field_name(f"p{column}", "boomtown", "free")


def land_labels(rules: RuleData) -> list[str]:
    """The labels of every land hex (face-down tiles too), in reading order: the fields' tab order."""
    named = hexlabels.labels(rules)
    return [named.label(h) for h in hexes.order(hexes.land(rules))]


class SetupCode(GameBinding):
    """The setup code, one text field (printed in when the sheet is drawn for a setup)."""

    key = SETUP

    def cells(self) -> list[str]:
        return [SETUP]

    def read(self, page: Any) -> Any:
        page.place((self.key,), SETUP)
        return page.text(SETUP) or None  # empty: the scorer says the map needs a code, at this field

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, str]:
        return {SETUP: str(value)}


class Map(GameBinding):
    """The hex fields and the players' initials: each mark goes into its player's camps (lower
    case) or settlements (upper case), in the hexes' tab order. Key `players`: it adds to the
    columns' entries rather than making a value of its own."""

    key = "players"

    def __init__(self, labels: Sequence[str], columns: int):
        self.labels = list(labels)
        self.columns = columns

    @property
    def words(self) -> str:
        return "players[].camps, settlements"

    def cells(self) -> list[str]:
        return [player(c, "initial") for c in range(1, self.columns + 1)] + [hex_field(x) for x in self.labels]

    def read(self, page: Any) -> Any:
        used = list(page.players)  # (column, PageValues) of the rows in use
        letters = self._initials(page, used)
        owner = {letter: (column, entry) for letter, (column, entry) in zip(letters, used)}
        for _, entry in used:
            entry.entry["camps"], entry.entry["settlements"] = [], []
        for label in self.labels:
            cell = hex_field(label)
            mark = page.text(cell)
            if not mark:
                continue
            letter = _letter(mark)
            if letter is None or letter.upper() not in owner:
                page.fail(cell, self._refuse(mark, letter, letters, used, page))
                continue
            column, entry = owner[letter.upper()]
            kind = "settlements" if letter.isupper() else "camps"
            entry.place((kind, len(entry.entry[kind])), cell)
            entry.entry[kind].append(label)
        return MISSING

    def _initials(self, page: Any, used: list[tuple[int, PageValues]]) -> list[str]:
        """Each row's letter: its initial field, else the first letter of its name free."""
        chosen: list[Optional[str]] = []
        for column, entry in used:
            cell = player(column, "initial")
            text = page.text(cell)
            letter = _letter(text) if text else None
            if text and letter is None:
                page.fail(cell, f"an initial is one letter A-Z, not '{text}'")
            elif letter is not None and letter.upper() in chosen:
                first = used[chosen.index(letter.upper())][0]
                page.fail(cell, f"{letter.upper()} is already {player(first, 'initial')}'s letter; give each "
                                f"player a letter of their own")
                letter = None
            chosen.append(letter.upper() if letter else None)
        names = [_text(entry.entry.get("name")) for _, entry in used]
        return initials(names, chosen)

    @staticmethod
    def _refuse(mark: str, letter: Optional[str], letters: list[str], used: list[tuple[int, PageValues]],
                page: Any) -> str:
        whose = and_list(f"{letter} ({page.name_of(column) or f'row {column}'})"
                         for letter, (column, _) in zip(letters, used))
        known = f"the players' letters are {whose}" if used else "no player's row is filled in"
        if letter is None:
            if sum(c.isalpha() for c in mark) > 1:
                return (f"'{mark}' is more than one mark: one building stands on a hex; write one letter "
                        f"(upper case a settlement, lower case a camp)")
            return f"'{mark}' is not a player's letter; {known}"
        return f"no player marks with {letter.upper()}; {known}"

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, str]:
        players = [p for p in value if isinstance(p, dict)] if isinstance(value, list) else []
        letters = initials([str(p.get("name", "")) for p in players])
        out: dict[str, str] = {hex_field(x): "" for x in self.labels}
        for column, (p, letter) in enumerate(zip(players, letters), 1):
            out[player(column, "initial")] = letter
            for kind, mark in (("camps", letter.lower()), ("settlements", letter)):
                for label in p.get(kind) or ():
                    out[hex_field(str(label))] = mark
        return out


class Boomtown(GameBinding):
    """Each row's tokens per office of the setup (named by the setup field's code) and on the
    free cell, as `boomtown: {OFFICE: [names]}`: each holder listed once per token."""

    key = "boomtown"

    def __init__(self, rules: RuleData, columns: int):
        self.rules = rules
        self.columns = columns
        self.offices = rules["boomtown"]["offices_in_play"]
        self.free_name = rules["boomtown"]["free_cell"]["name"]

    def cells(self) -> list[str]:
        return [cell for c in range(1, self.columns + 1)
                for cell in [office(c, i) for i in range(1, self.offices + 1)] + [free(c)]]

    def read(self, page: Any) -> Any:
        named = self._offices(page.text(SETUP))
        out: dict[str, list[str]] = {}
        for column, entry in page.players:
            who = page.name_of(column) or f"row {column}"
            places = [(office(column, i), named[i - 1] if named else None) for i in range(1, self.offices + 1)]
            for cell, place in places + [(free(column), self.free_name)]:
                text = page.text(cell)
                if not text:
                    continue
                if not digits(text) or int(text) > MOST_TOKENS:
                    page.fail(cell, f"write how many tokens {who} has there: a whole number 0 to {MOST_TOKENS}, "
                                    f"not '{text}'")
                    continue
                if place is None:
                    page.fail(cell, "the offices are those of the setup code: write the code in the setup field "
                                    "(or print the sheet for that setup's code)")
                    continue
                holders = out.setdefault(place, [])
                for _ in range(int(text)):
                    page.place((self.key, place), cell)
                    page.place((self.key, place, len(holders)), cell)
                    holders.append(who)
        return out or MISSING

    def _offices(self, code: str) -> Optional[list[str]]:
        """The setup's offices in its order, or None when the code cannot be read (the setup
        field's own problem says why)."""
        if not code:
            return None
        try:
            return list(from_code(self.rules, code)["boomtown"]["offices"])
        except SetupCodeError:
            return None

    def write(self, value: Any, names: Sequence[str] = ()) -> dict[str, str]:
        """`value` as `plain` gives it: the setup's offices in order, then the free cell."""
        out: dict[str, str] = {cell: "" for cell in self.cells()}
        held = dict(value) if isinstance(value, dict) else {}
        free_holders = held.pop(self.free_name, [])
        for position, holders in enumerate(held.values(), 1):
            for column, name in enumerate(names, 1):
                count = sum(1 for h in holders if norm(h) == norm(name))
                if count and position <= self.offices:
                    out[office(column, position)] = str(count)
        for column, name in enumerate(names, 1):
            count = sum(1 for h in free_holders if norm(h) == norm(name))
            if count:
                out[free(column)] = str(count)
        return out


def _text(value: Any) -> str:
    """A value read as a name: itself when it is a string, else empty."""
    return value if isinstance(value, str) else ""


def _letter(text: str) -> Optional[str]:
    """One letter A-Z (either case) written alone, else None."""
    mark = text.strip()
    return mark if len(mark) == 1 and mark.upper() in LETTERS else None


def form(rules: RuleData) -> SheetForm:
    """The board record sheet's form for these rules: fields in tab order and how they read."""
    scorer = GoldWestScorer(rules)
    most = rules.players[1]
    terrains = [(code, scorer.terrain_key[code], scorer.word[code]) for code in scorer.terrains]
    offices = rules["boomtown"]["offices_in_play"]
    labels = land_labels(rules)
    # The code is printed in: like a name, it alone does not make a sheet filled in.
    slots = [Slot(SETUP, "text", "the setup code of this game", names=True)]
    # Tab order as printed: the code, the map, then the players' rows.
    slots += [Slot(hex_field(x), "text", f"hex {x}: a player's letter (upper case a settlement, lower case a camp)")
              for x in labels]
    columns: list[Column] = []
    for c in range(1, most + 1):
        # A name alone makes a row in use: its player's hexes may be all there is besides.
        slots += [Slot(player(c, "name"), "text", f"player {c}'s name", column=c),
                  Slot(player(c, "initial"), "text", f"player {c}'s letter on the map", column=c),
                  Slot(player(c, "points"), "number", f"player {c}: the score track", column=c)]
        slots += [Slot(player(c, f"investment_influence.{key}"), "number",
                       f"player {c}: investment influence on {word}", column=c) for _, key, word in terrains]
        slots += [Slot(player(c, key), "number", f"player {c}: {key.replace('_', ' ')}", column=c)
                  for key in COUNTS[1:]]
        slots += [Slot(office(c, i), "number", f"player {c}: tokens on the setup's office {i}", column=c)
                  for i in range(1, offices + 1)]
        slots.append(Slot(free(c), "number", f"player {c}: tokens on the {scorer.free_name}", column=c))
        columns.append(Column(c, (
            TextValue("name", player(c, "name")),
            NumberValue("points", player(c, "points")),
            NumberMap("investment_influence", [(player(c, f"investment_influence.{key}"), key)
                                               for _, key, _ in terrains]),
            *(NumberValue(key, player(c, key)) for key in COUNTS[1:]),
        )))

    def plain(outcome: Outcome) -> dict[str, Any]:
        """A checked map-form results file as the plain values the sheet shows."""
        table = outcome.table
        code = outcome.doc.value.get(SETUP) if isinstance(outcome.doc.value, dict) else None
        if table.placed is None or not isinstance(code, str):
            raise InvalidInput([Problem(outcome.doc.name, "the board record sheet shows the map: fill it from a "
                                                          "results file in map form (setup: CODE, and each "
                                                          "player's camps and settlements as hexes)")])
        named = table.board.labels
        players = []
        for s in table.players:
            entry: dict[str, Any] = {"name": s.name}
            for key in COUNTS:
                value = s.claimed if key == "total" else s.counts.get(key)
                if value is not None and (key == "total" or key in s.written):
                    entry[key] = value
            influence = s.terrain.get("investment_influence", {})
            if influence:
                entry["investment_influence"] = {scorer.terrain_key[code]: n for code, n in influence.items()}
            placed = table.placed.get(s.index, {})
            for kind in hexes.BUILDING_LISTS:
                entry[kind] = [named.label(h) for h in placed.get(kind, ())]
            players.append(entry)
        boomtown: dict[str, list[str]] = {name: [] for name in table.offices}
        boomtown[scorer.free_name] = []
        for s in table.players:
            for place in s.boomtown:
                boomtown[place.get("name", scorer.free_name)].append(s.name)
        return {SETUP: code.strip(), "players": players, "boomtown": boomtown}

    return SheetForm(rules.game, PART, slots, [SetupCode(), Map(labels, most), Boomtown(rules, most)], plain,
                     scope="game", columns=columns, printed=printed_code)


_PRINTED = re.compile(r"^Board record sheet for setup ([0-9A-Za-z-]+)")  # the Subject board.py writes


def printed_code(text: str) -> dict[str, str]:
    """{setup field: the code} a board sheet was printed for, from its Subject (PDF metadata)."""
    found = _PRINTED.match(text)
    return {SETUP: found.group(1)} if found else {}
