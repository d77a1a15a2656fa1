"""A QR code encoder for the codes a board prints: upper-case text in alphanumeric mode, error
correction level M, versions 1-6 (the smallest that holds the text), and one fixed mask pattern.

Per ISO/IEC 18004 any of the eight mask patterns makes a valid code; the encoder's usual search
for the one with the lowest penalty score costs eight trial codes a page, for a code a reader
decodes just as well (tools/check_board_qr.py decodes every page of the bulk prints to prove it).
Versions 1-6 need no version information blocks and hold up to 154 characters.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
# version: (data codewords in a block, blocks, error correction codewords in a block), level M
BLOCKS = {1: (16, 1, 10), 2: (28, 1, 16), 3: (44, 1, 26), 4: (32, 2, 18), 5: (43, 2, 24), 6: (27, 4, 16)}
ALIGNMENT = {1: None, 2: 18, 3: 22, 4: 26, 5: 30, 6: 34}  # the one alignment pattern's centre (row = column)
# mask pattern 1: the data modules of even rows inverted. On the 1,600 page codes of the bulk prints
# drawn clean at 3, 4, 6 and 8 px a module, OpenCV's detector missed 5 of the 6,400 with it, 3 with
# mask 0 and 40 with the lowest-penalty mask that reportlab picks for each code
MASK = 1
FORMAT_M = 0b00  # level M's two bits in the format information


class QRError(ValueError):
    """Text that a QR code of this encoder cannot hold."""


def _gf_tables() -> tuple[list[int], list[int]]:
    """Powers of 2 and their logarithms in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    exp, log = [0] * 512, [0] * 256
    value = 1
    for power in range(255):
        exp[power] = value
        log[value] = power
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    for power in range(255, 512):  # no modulo 255 when two logarithms are added
        exp[power] = exp[power - 255]
    return exp, log


EXP, LOG = _gf_tables()


@lru_cache(maxsize=None)
def _generator(degree: int) -> tuple[int, ...]:
    """The Reed-Solomon generator polynomial (x - 2^0)...(x - 2^(degree-1)), highest power first,
    as the logarithms of its coefficients after the leading 1 (none of them is 0)."""
    poly = [1]
    for power in range(degree):
        out = poly + [0]
        for i, coefficient in enumerate(poly):
            if coefficient:
                out[i + 1] ^= EXP[LOG[coefficient] + power]
        poly = out
    return tuple(LOG[coefficient] for coefficient in poly[1:])


def _error_correction(data: list[int], degree: int) -> list[int]:
    """The remainder of data(x) * x^degree divided by the generator: the block's check codewords."""
    generator = _generator(degree)
    rest = data + [0] * degree
    for i in range(len(data)):
        lead = rest[i]
        if lead:
            shift = LOG[lead]
            for k, power in enumerate(generator, i + 1):
                rest[k] ^= EXP[power + shift]
    return rest[len(data):]


def _bits(text: str, version: int) -> list[int]:
    """The data codewords: mode, character count, the characters in pairs, terminator and padding."""
    out: list[tuple[int, int]] = [(0b0010, 4), (len(text), 9)]  # alphanumeric mode; a 9-bit count (v1-9)
    values = [ALPHANUMERIC.index(ch) for ch in text]
    for i in range(0, len(values) - 1, 2):
        out.append((values[i] * 45 + values[i + 1], 11))
    if len(values) % 2:
        out.append((values[-1], 6))
    stream = 0
    length = 0
    for value, width in out:
        stream = (stream << width) | value
        length += width
    per_block, blocks, _ = BLOCKS[version]
    capacity = per_block * blocks * 8
    terminator = min(4, capacity - length)
    stream <<= terminator
    length += terminator
    stream <<= -length % 8  # to a whole byte
    length += -length % 8
    codewords = list(stream.to_bytes(length // 8, "big"))
    pad = (0xEC, 0x11)
    codewords += [pad[i % 2] for i in range(capacity // 8 - len(codewords))]
    return codewords


def _capacity(version: int) -> int:
    """How many alphanumeric characters fit in a version at level M."""
    per_block, blocks, _ = BLOCKS[version]
    bits = per_block * blocks * 8 - 13
    return bits // 11 * 2 + (1 if bits % 11 >= 6 else 0)


def version_for(text: str) -> int:
    """The smallest version that holds `text`; QRError when it is not alphanumeric or too long."""
    if any(ch not in ALPHANUMERIC for ch in text):
        raise QRError(f"{text!r} has characters outside the QR alphanumeric set (upper case, digits, ' $%*+-./:')")
    for version in BLOCKS:
        if len(text) <= _capacity(version):
            return version
    raise QRError(f"{len(text)} characters: more than a version {max(BLOCKS)} QR code holds at level M")


def _format_bits() -> int:
    """The 15 format information bits for level M and MASK (a BCH(15,5) code, masked with 0x5412)."""
    data = FORMAT_M << 3 | MASK
    rest = data << 10
    for bit in range(14, 9, -1):
        if rest >> bit & 1:
            rest ^= 0x537 << (bit - 10)
    return (data << 10 | rest) ^ 0x5412


def _masked(row: int, col: int) -> bool:
    return row % 2 == 0  # MASK


@lru_cache(maxsize=None)
def _template(version: int) -> tuple[tuple[str, ...], tuple[tuple[int, int, bool], ...]]:
    """A version's function patterns (rows of "0" dark, "1" light) and its data modules in placement
    order, each as (row, column, whether the mask inverts it)."""
    n = version * 4 + 17
    dark = [[False] * n for _ in range(n)]
    used = [[False] * n for _ in range(n)]

    def put(row: int, col: int, value: bool) -> None:
        dark[row][col] = value
        used[row][col] = True

    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):  # finder squares with their white separators
        for r in range(-1, 8):
            for c in range(-1, 8):
                if 0 <= top + r < n and 0 <= left + c < n:
                    ring = max(abs(r - 3), abs(c - 3))
                    put(top + r, left + c, ring != 2 and ring != 4)
    for i in range(8, n - 8):  # timing patterns
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    centre = ALIGNMENT[version]
    if centre is not None:
        for r in range(-2, 3):
            for c in range(-2, 3):
                put(centre + r, centre + c, max(abs(r), abs(c)) != 1)
    fmt = _format_bits()
    for i in range(15):
        bit = bool(fmt >> i & 1)
        # first copy: down column 8 (skipping the timing row), then left along row 8
        if i < 6:
            put(i, 8, bit)
        elif i < 8:
            put(i + 1, 8, bit)
        elif i == 8:
            put(8, 7, bit)
        else:
            put(8, 14 - i, bit)
        # second copy: right to left along row 8 at the top right, then down column 8 at the bottom left
        if i < 8:
            put(8, n - 1 - i, bit)
        else:
            put(n - 15 + i, 8, bit)
    put(n - 8, 8, True)  # the dark module
    order = []
    right = n - 1
    while right >= 1:
        if right == 6:  # the vertical timing pattern's column is skipped
            right = 5
        upward = (right + 1) & 2 == 0
        for step in range(n):
            row = n - 1 - step if upward else step
            for col in (right, right - 1):
                if not used[row][col]:
                    order.append((row, col, _masked(row, col)))
        right -= 2
    return tuple("".join("0" if cell else "1" for cell in line) for line in dark), tuple(order)


def fixed_modules(count: int) -> Optional[tuple[list[list[bool]], list[list[bool]]]]:
    """For a code `count` modules wide (versions 1-6): which modules carry no data (finders and their
    separators, timing, the alignment square, the format information, the dark module) and how this
    encoder draws each (True: dark); None for another width."""
    version, rest = divmod(count - 17, 4)
    if rest or version not in BLOCKS:
        return None
    function, order = _template(version)
    fixed = [[True] * count for _ in range(count)]
    for row, col, _ in order:
        fixed[row][col] = False
    return fixed, [[cell == "0" for cell in line] for line in function]


def matrix(text: str) -> list[str]:
    """The QR code for `text` as rows of "0" (dark) and "1" (light), top row first, no quiet zone."""
    version = version_for(text)
    per_block, blocks, degree = BLOCKS[version]
    data = _bits(text, version)
    split = [data[i * per_block:(i + 1) * per_block] for i in range(blocks)]
    checks = [_error_correction(block, degree) for block in split]
    codewords = [block[i] for i in range(per_block) for block in split]
    codewords += [check[i] for i in range(degree) for check in checks]
    function, order = _template(version)
    rows = [list(line) for line in function]
    bits = len(codewords) * 8
    for index, (row, col, inverted) in enumerate(order):
        bit = index < bits and bool(codewords[index >> 3] >> (7 - (index & 7)) & 1)  # remainder bits: 0
        rows[row][col] = "0" if bit != inverted else "1"
    return ["".join(line) for line in rows]
