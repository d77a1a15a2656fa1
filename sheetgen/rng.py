"""A seeded random stream whose every output is fixed by this file alone.

Same seed text, same purpose -> same numbers on every machine and every Python
version, because nothing here comes from `random`:

- key    = SHA-256( b"sheetgen-rng-v1" 0x00 purpose 0x00 seed ), texts in UTF-8
- block i = SHA-256( key || i as 8 bytes big-endian ), i = 0, 1, 2, ...
- the stream is block 0, block 1, ... concatenated and read byte by byte.

`below(n)` takes k = bit length of (n - 1) bits per attempt: it reads
ceil(k / 8) bytes as a big-endian number, keeps its low k bits, and returns it
when it is below n, else reads again (rejection sampling: no bias).
`below(1)` returns 0 and reads nothing. `shuffle` is Fisher-Yates from the
last position down (j = below(i + 1) for i = n-1 .. 1), `sample` is the
partial Fisher-Yates from the front (j = i + below(n - i) for i = 0 .. k-1),
`choice` is one `below(len)`.

Changing any of this changes every seeded setup: bump the "v1" tag if it must.
"""

from __future__ import annotations

import os
from hashlib import sha256
from typing import Sequence, TypeVar


T = TypeVar("T")

VERSION_TAG = b"sheetgen-rng-v1"
SEED_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no l, o, 0, 1: easy to read aloud
SEED_LENGTH = 8


def fresh_seed() -> str:
    """A short, readable random seed (8 lowercase letters and digits) from the system's random source."""
    # one byte a character: 256 is a multiple of the alphabet's 32 letters, so each is as likely
    return "".join(SEED_ALPHABET[byte % len(SEED_ALPHABET)] for byte in os.urandom(SEED_LENGTH))


class Stream:
    """The random stream for one seed; `purpose` (e.g. the game key) separates streams."""

    def __init__(self, seed: str, purpose: str = ""):
        if not isinstance(seed, str):
            raise TypeError("a seed is text")
        self.seed = seed
        self.purpose = purpose
        self._key = sha256(
            VERSION_TAG + b"\0" + purpose.encode("utf-8") + b"\0" + seed.encode("utf-8")).digest()
        self._counter = 0
        self._buffer = b""

    def read(self, count: int) -> bytes:
        """The next `count` bytes of the stream."""
        while len(self._buffer) < count:
            block = sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, n: int) -> int:
        """An unbiased whole number in [0, n)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"below() needs a whole number of at least 1, got {n!r}")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self.read(size), "big") & mask
            if value < n:
                return value

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list: `items` in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` distinct positions of `items`, in random order (partial Fisher-Yates)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"sample() of {k} from {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
