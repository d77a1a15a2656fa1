"""Setup codes: a short string that holds a realised setup (not its seed).

A code reads `<PREFIX><players>-<body><check>`, grouped by fours with hyphens,
e.g. `PG4-7K2M-...`. The prefix names the game, `players` is the player count
in decimal, the body is one number in base 32 (Crockford's alphabet: digits and
A-Z without I, L, O, U), and the last two characters are check characters.

The number packs the setup's choices as mixed-radix digits, most significant
first. A game lists its digits as (digit, radix) pairs; orderings are written
as Lehmer codes (`arrangement_digits`), so every in-range number is a legal
setup and a code cannot name a piece twice. The body's length is fixed by the
product of the radices, so a code of the wrong length is refused too.

The check (code version 2). Every character of a code except the hyphens is a
symbol of the 32-letter alphabet: the prefix letters, the player-count digits,
the body and the check characters. Read each symbol as an element of GF(32),
the field of 5-bit values (addition is XOR, multiplication is modulo the
primitive polynomial x^5 + x^2 + 1, so x = 2 generates all 31 non-zero
values). Number the symbols from 1 (position 0 is the code version, a symbol
the code does not print), and write a_i for the symbol at position i. The two
check characters are chosen so that

    S0 = sum of a_i = 0    and    S1 = sum of x^i * a_i = 0.

A code is read only if both sums are 0, which catches
  - every single substitution: a_i -> a_i + e with e != 0 changes S0 by e;
  - every transposition of neighbours a != b at i, i + 1: S0 stays, S1 changes
    by (x^i + x^(i+1)) * (a + b) = x^i * (1 + x) * (a + b), a product of three
    non-zero field elements (x != 1, a + b != 0 as a != b), so not 0;
  - more generally any two wrong symbols, or any swap, at positions whose
    distance is not a multiple of 31 (x^i = x^j only when 31 divides i - j).
Codes of 31 symbols or fewer thus catch every double error; longer ones
(Gold West) still catch every single substitution and neighbour swap whatever
their length, since the weights x^i and x^(i+1) always differ. Random garbage
of the right length passes with odds 1 in 1024. Hyphens are layout, not
symbols: moving one only regroups the same code.

Codes of version 1 (printed before this check came in) carried the first
10 bits of a SHA-256 instead, which let about 1 typo in 1,100 through as some
other legal setup. They are refused with a
message of their own: the setup behind a seed is unchanged, so its current
code comes from the same seed.

Decoding tolerates lower case, spaces, missing hyphens, and reads I and L as 1
and O as 0. Every refusal is a `SetupCodeError` (an InvalidInput: exit code 1)
with one message saying what is wrong.
"""

from __future__ import annotations

from hashlib import sha256
from typing import Any, Callable, Optional, Sequence

from sheetgen.errors import InvalidArgument, InvalidInput, Problem, check_player_count
from sheetgen.playernames import check_all

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_LOOKALIKE = {"I": "1", "L": "1", "O": "0"}
CODE_VERSION = 2
CHECK_LENGTH = 2
GROUP = 4
PLACE = "setup code"
_COUNT_DIGITS = 9  # a player count longer than this is refused before int() sees it


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


# ---- the check: two symbols of GF(32) (see the module docstring) ------------------------------

_MODULUS = 0b100101  # x^5 + x^2 + 1, primitive over GF(2)
_ORDER = 31          # the powers of x run through the 31 non-zero elements


def _power_table() -> tuple[list[int], list[int]]:
    """(exp, log): exp[i] = x^i for i in 0..61 (doubled, so exp[log a + log b] needs no modulo)."""
    exp = [0] * (2 * _ORDER)
    log = [0] * 32
    value = 1
    for i in range(_ORDER):
        exp[i] = exp[i + _ORDER] = value
        log[value] = i
        value <<= 1
        if value & 32:
            value ^= _MODULUS
    return exp, log


_EXP, _LOG = _power_table()


def _times(a: int, b: int) -> int:
    """a * b in GF(32)."""
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _over(a: int, b: int) -> int:
    """a / b in GF(32), b non-zero."""
    return 0 if a == 0 else _EXP[_LOG[a] - _LOG[b] + _ORDER]


def _sums(text: str) -> tuple[int, int]:
    """(S0, S1) of the module docstring over the code version and then `text`'s symbols."""
    s0 = s1 = 0
    for position, value in enumerate([CODE_VERSION] + [_VALUE[c] for c in text]):
        s0 ^= value
        s1 ^= _times(_EXP[position % _ORDER], value)
    return s0, s1


def check_characters(head: str, body: str) -> str:
    """The two check characters that make both sums of head + body + check zero.

    With P0, P1 the sums so far and the checks c1, c2 at positions m, m + 1:
    c1 + c2 = P0 and x^m c1 + x^(m+1) c2 = P1, so (1 + x) c2 = P0 + P1 / x^m.
    """
    p0, p1 = _sums(head + body)
    m = 1 + len(head) + len(body)
    c2 = _over(p0 ^ _over(p1, _EXP[m % _ORDER]), 1 ^ _EXP[1])
    return ALPHABET[p0 ^ c2] + ALPHABET[c2]


def checks_out(symbols: str) -> bool:
    """Whether a whole code's symbols (no hyphens, check characters last) pass the check."""
    return _sums(symbols) == (0, 0)


def _version_1_check(head: str, body: str) -> str:
    """The check characters codes of version 1 carried: only to recognise such codes."""
    digest = sha256(f"sheetgen-setup-code\0{head}\0{body}".encode("ascii")).digest()
    bits = int.from_bytes(digest[:2], "big") >> 6  # the first 10 bits: two symbols
    return ALPHABET[bits >> 5] + ALPHABET[bits & 31]


def _group(text: str) -> str:
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def encode(prefix: str, players: int, digits: Sequence[int], radices: Sequence[int]) -> str:
    """The setup code for `digits` (each below its radix), for `players` players."""
    if not prefix or any(c not in _VALUE or c.isdigit() for c in prefix):
        raise ValueError(f"prefix {prefix!r}: letters of the code alphabet only")
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
    count_text, body = _split_count(text[len(prefix):])
    count = _player_count(count_text, prefix, game, players)
    body = _symbols(body)
    radices = list(radices_for(count))
    head = f"{prefix}{count}"
    want = body_length(radices) + CHECK_LENGTH
    if len(body) != want:
        how = "short" if len(body) < want else "long"
        raise SetupCodeError(f"too {how}: a {count}-player {game} code has {want} characters after "
                             f"'{head}-', this one has {len(body)}")
    _verify(head, body)
    return count, _digits(body[:-CHECK_LENGTH], radices)


def _split_count(rest: str) -> tuple[str, str]:
    """(player count as typed, body with hyphens dropped) from what follows the prefix.

    The count runs to the first hyphen; with no hyphen right after the count
    (all typed together, or only the first hyphen left out) it is one digit.
    """
    count_text, hyphen, body = rest.partition("-")
    if not (hyphen and count_text.isdigit()):
        count_text, body = rest[:1], rest[1:]
    return count_text, body.replace("-", "")


def _player_count(count_text: str, prefix: str, game: str, players: tuple[int, int]) -> int:
    low, high = players
    if not _plain_number(count_text):
        raise SetupCodeError(f"'{prefix}' should be followed by the number of players, "
                             f"e.g. '{prefix}{low}-'; got {_shown(count_text)}")
    count = int(count_text)
    if not low <= count <= high:
        raise SetupCodeError(f"this code is for {count} players, but {game} is for {low}-{high} players")
    return count


def _plain_number(text: str) -> bool:
    """ASCII digits without leading zeros, short enough for int() (which refuses 4,300+ digits)."""
    return (0 < len(text) <= _COUNT_DIGITS and text.isascii() and text.isdigit()
            and (text == "0" or not text.startswith("0")))


def _symbols(body: str) -> str:
    """The body in the code alphabet (look-alike letters read as digits); refuses other characters."""
    body = "".join(_LOOKALIKE.get(c, c) for c in body)
    bad = sorted({c for c in body if c not in _VALUE})
    if bad:
        shown = ", ".join(f"'{c}'" if c.isprintable() else f"U+{ord(c):04X}" for c in bad[:8])
        more = f" and {len(bad) - 8} more" if len(bad) > 8 else ""
        raise SetupCodeError(f"{shown}{more} cannot appear in a setup code; codes use the digits and the "
                             "letters A-Z except I, L, O and U")
    return body


def _verify(head: str, body: str) -> None:
    """Refuses a code whose check characters do not match; names codes of version 1 as such."""
    if checks_out(head + body):
        return
    number, check = body[:-CHECK_LENGTH], body[-CHECK_LENGTH:]
    if _version_1_check(head, number) == check:
        raise SetupCodeError("this code is from an older sheetgen version, whose codes are no longer "
                             "read; make the setup again from its seed for a current code (or, if it "
                             "was not printed by an older sheetgen, it is mistyped)")
    raise SetupCodeError("the check characters do not match: the code is mistyped "
                         "(or a character is swapped)")


def _digits(number_text: str, radices: Sequence[int]) -> list[int]:
    """The mixed-radix digits of the body's number; SetupCodeError when it names no setup."""
    number = 0
    for c in number_text:
        number = number * 32 + _VALUE[c]
    if number >= capacity(radices):
        raise SetupCodeError("no setup has this code (its number is out of range); is it mistyped?")
    digits = []
    for radix in reversed(radices):
        number, digit = divmod(number, radix)
        digits.append(digit)
    return digits[::-1]


def _shown(text: str) -> str:
    """Typed text for a message: quoted, cut short when long."""
    if not text:
        return "'(nothing)'"
    return f"'{text}'" if len(text) <= 12 else f"'{text[:12]}...' ({len(text)} characters)"


def _short(code: str) -> str:
    code = code.strip()
    return code if len(code) <= 24 else code[:21] + "..."


# ---- shared by the games' setup modules ------------------------------------------------------

def player_names(title: str, allowed: tuple[int, int], players: Optional[int],
                 names: Optional[Sequence[str]] = None) -> list[str]:
    """The players' names in the order given: `names`, or "Player 1".."Player N".

    `players` None means len(names), or the game's largest table when no names
    are given. A count outside the game's range or a name the name policy refuses
    is an InvalidArgument (exit code 2) on the argument that carries it.
    """
    low, high = allowed
    if names is not None:
        names = check_all(names)
        if players is not None and players != len(names):
            raise InvalidArgument("names", f"{len(names)} names for {players} players")
        players = len(names)
    if players is None:
        players = high
    check_player_count("names" if names is not None else "players", title, low, high, players)
    return list(names) if names is not None else [f"Player {i}" for i in range(1, players + 1)]


def seat_given_names(people: list[str], seating: Sequence[int], names: Optional[Sequence[str]]) -> list[str]:
    """`people` placed so that a coded setup seats the names given with its code in the order
    given (first name, first seat): `[result[i] for i in seating] == names`. A code keeps the
    seating as an arrangement of whatever names the setup was made with, which a later table
    does not know; names typed in seat order, as every output prints them, keep their seats."""
    if names is None:
        return people
    placed = list(people)
    for seat, index in enumerate(seating):
        placed[index] = people[seat]
    return placed


def header(rules: Any, players: int, seed: Optional[str], code: str) -> dict[str, Any]:
    """The keys every setup starts with, in their stable order."""
    return {
        "game": rules.game,
        "title": rules.title,
        "players": players,
        "seed": seed,
        "code": code,
        "data_version": rules.version,
    }
