"""Setup codes: a short string that holds a realised setup (not its seed).

A code reads `<PREFIX><players>-<body><check>`, grouped by fours with hyphens,
e.g. `PG4-7K2M-...`. The prefix names the game, `players` is the player count
in decimal, the body is one number in base 32 (Crockford's alphabet: digits and
A-Z without I, L, O, U), and the two check characters are the first 10 bits of
SHA-256 over the head and body, so a mistyped code is refused rather than
silently rebuilt into some other setup.

The number packs the setup's choices as mixed-radix digits, most significant
first. A game lists its digits as (digit, radix) pairs; orderings are written
as Lehmer codes (`arrangement_digits`), so every in-range number is a legal
setup and a code cannot name a piece twice. The body's length is fixed by the
product of the radices, so a code of the wrong length is refused too.

Decoding tolerates lower case, spaces, missing hyphens, and reads I and L as 1
and O as 0. Every refusal is a `SetupCodeError` (an InvalidInput: exit code 1)
with one message saying what is wrong.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Optional, Sequence

from sheetgen.errors import InvalidInput, Problem, UsageProblem

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_LOOKALIKE = {"I": "1", "L": "1", "O": "0"}
CHECK_LENGTH = 2
GROUP = 4
PLACE = "setup code"


class SetupCodeError(InvalidInput):
    """A setup code that is malformed or names no possible setup."""

    def __init__(self, message: str):
        super().__init__([Problem(PLACE, message)])
        self.message = message


# ---- orderings as digits -------------------------------------------------------------

def arrangement_radices(k: int, n: int) -> list[int]:
    """The radices of an ordered choice of k of n things (n, n-1, ...), radix-1 places dropped."""
    return [r for r in range(n, n - k, -1) if r > 1]


def arrangement_digits(chosen: Sequence[int], n: int) -> list[int]:
    """Lehmer digits of `chosen` (distinct indexes into range(n)), matching arrangement_radices."""
    left = list(range(n))
    digits = []
    for index in chosen:
        position = left.index(index)
        if len(left) > 1:
            digits.append(position)
        left.pop(position)
    return digits


def from_arrangement(digits: Sequence[int], k: int, n: int) -> list[int]:
    """The inverse of arrangement_digits: k distinct indexes into range(n)."""
    left = list(range(n))
    out = []
    it = iter(digits)
    for _ in range(k):
        position = next(it) if len(left) > 1 else 0
        out.append(left.pop(position))
    return out


class Digits:
    """Reads a decoded digit list back into the pieces a game wrote, in order."""

    def __init__(self, digits: Sequence[int]):
        self._digits = list(digits)
        self._at = 0

    def take(self, count: int) -> list[int]:
        part = self._digits[self._at:self._at + count]
        self._at += count
        return part

    def arrangement(self, k: int, n: int) -> list[int]:
        return from_arrangement(self.take(len(arrangement_radices(k, n))), k, n)


# ---- the number and its text ------------------------------------------------------------

def capacity(radices: Sequence[int]) -> int:
    total = 1
    for r in radices:
        total *= r
    return total


def body_length(radices: Sequence[int]) -> int:
    """Characters needed to write any number below capacity(radices) in base 32."""
    top = capacity(radices) - 1
    length = 1
    while top >= 32:
        top //= 32
        length += 1
    return length


def check_characters(head: str, body: str) -> str:
    """The check characters of a code with this head (prefix and players) and body."""
    digest = hashlib.sha256(f"sheetgen-setup-code\0{head}\0{body}".encode("ascii")).digest()
    bits = int.from_bytes(digest[:2], "big") >> (16 - 5 * CHECK_LENGTH)
    return "".join(ALPHABET[(bits >> (5 * (CHECK_LENGTH - 1 - i))) & 31] for i in range(CHECK_LENGTH))


def _group(text: str) -> str:
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def encode(prefix: str, players: int, digits: Sequence[int], radices: Sequence[int]) -> str:
    """The setup code for `digits` (each below its radix), for `players` players."""
    if len(digits) != len(radices):
        raise ValueError(f"{len(digits)} digits for {len(radices)} radices")
    number = 0
    for digit, radix in zip(digits, radices):
        if not 0 <= digit < radix:
            raise ValueError(f"digit {digit} outside radix {radix}")
        number = number * radix + digit
    length = body_length(radices)
    body = ""
    for _ in range(length):
        number, rest = divmod(number, 32)
        body = ALPHABET[rest] + body
    head = f"{prefix}{players}"
    return f"{head}-{_group(body + check_characters(head, body))}"


def decode(code: str, *, prefix: str, game: str, players: tuple[int, int],
           radices_for: Callable[[int], Sequence[int]]) -> tuple[int, list[int]]:
    """(player count, digits) from a code made by `encode`; SetupCodeError if it is not one."""
    if not isinstance(code, str) or not code.strip():
        raise SetupCodeError("empty; a setup code looks like " f"'{prefix}{players[1]}-XXXX-XXXX-...'")
    text = "".join(code.split()).upper()
    if not text.startswith(prefix):
        raise SetupCodeError(f"'{_short(code)}' is not a {game} setup code: those start with '{prefix}'")
    rest = text[len(prefix):]
    if "-" in rest:
        count_text, body = rest.split("-", 1)
        body = body.replace("-", "")
    else:
        count_text, body = rest[:1], rest[1:]
    if not count_text.isdigit() or not count_text.isascii():
        raise SetupCodeError(f"'{prefix}' should be followed by the number of players, "
                             f"e.g. '{prefix}{players[0]}-'; got '{count_text or '(nothing)'}'")
    count = int(count_text)
    low, high = players
    if not low <= count <= high:
        raise SetupCodeError(f"this code is for {count} players, but {game} is for {low}-{high} players")
    body = "".join(_LOOKALIKE.get(c, c) for c in body)
    bad = sorted({c for c in body if c not in _VALUE})
    if bad:
        shown = ", ".join(f"'{c}'" for c in bad)
        raise SetupCodeError(f"{shown} cannot appear in a setup code; codes use the digits and the "
                             "letters A-Z except I, L, O and U")
    radices = list(radices_for(count))
    want = body_length(radices) + CHECK_LENGTH
    head = f"{prefix}{count}"
    if len(body) != want:
        how = "short" if len(body) < want else "long"
        raise SetupCodeError(f"too {how}: a {count}-player {game} code has {want} characters after "
                             f"'{head}-', this one has {len(body)}")
    body, check = body[:-CHECK_LENGTH], body[-CHECK_LENGTH:]
    if check_characters(head, body) != check:
        raise SetupCodeError("the check characters do not match: the code is mistyped "
                             "(or a character is swapped)")
    number = 0
    for c in body:
        number = number * 32 + _VALUE[c]
    if number >= capacity(radices):
        raise SetupCodeError("no setup has this code (its number is out of range); is it mistyped?")
    digits = []
    for radix in reversed(radices):
        number, digit = divmod(number, radix)
        digits.append(digit)
    return count, digits[::-1]


def _short(code: str) -> str:
    code = code.strip()
    return code if len(code) <= 24 else code[:21] + "..."


# ---- shared by the games' setup modules ------------------------------------------------------

def player_names(game: str, allowed: tuple[int, int], players: Optional[int],
                 names: Optional[Sequence[str]] = None) -> list[str]:
    """The players' names in the order given: `names`, or "Player 1".."Player N".

    `players` None means len(names), or the game's largest table when no names
    are given. A count outside the game's range or a repeated name is a
    UsageProblem (exit code 2), named after the option that carries it.
    """
    low, high = allowed
    if names is not None:
        names = [str(n).strip() for n in names]
        if any(not n for n in names):
            raise UsageProblem("--names", "a player name is empty")
        folded = [n.casefold() for n in names]
        twice = sorted({n for n, f in zip(names, folded) if folded.count(f) > 1})
        if twice:
            raise UsageProblem("--names", f"{', '.join(twice)} named twice; each player needs their own name")
        if players is not None and players != len(names):
            raise UsageProblem("--names", f"{len(names)} names for {players} players")
        players = len(names)
    if players is None:
        players = high
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        option = "--names" if names is not None else "--players"
        raise UsageProblem(option, f"{game} is for {low}-{high} players, not {players}")
    return list(names) if names is not None else [f"Player {i}" for i in range(1, players + 1)]


def header(rules: Any, players: int, seed: Optional[str], code: str) -> dict:
    """The keys every setup starts with, in their stable order."""
    return {
        "game": rules.game,
        "title": rules.title,
        "players": players,
        "seed": seed,
        "code": code,
        "data_version": rules.version,
    }
