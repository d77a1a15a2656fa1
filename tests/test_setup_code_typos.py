"""Setup codes refuse every single-character substitution and every swap of two
neighbouring characters (the GF(32) check of sheetgen.setupcode, code version 2).

Shown twice: the algebra, exhaustively over the field and every position class
(and on synthetic codes longer than the weights' period of 31); then on real
codes of every game and every table size, where every such typo is typed in
and must be refused.
"""

from __future__ import annotations

import importlib
import random
from functools import lru_cache
from typing import Iterator

import pytest

from sheetgen import ruledata, setupcode
from sheetgen.games import get_game
from sheetgen.setupcode import ALPHABET, SetupCodeError

from conftest import run_process

GAMES = ("rolled-west", "piecepack-gold-rush", "carcassonne-gold-rush", "gold-west")
SEEDS_PER_TABLE = 15


@lru_cache(maxsize=None)
def rules(game: str):
    return ruledata.load(get_game(game))


def module(game: str):
    return importlib.import_module(f"sheetgen.games.{game.replace('-', '_')}.setup")


def from_code(game: str, code: str) -> dict:
    return module(game).from_code(rules(game), code)


def tables() -> list[tuple[str, int]]:
    """Every (game, player count) the games allow."""
    return [(game, n) for game in GAMES for n in range(rules(game).players[0], rules(game).players[1] + 1)]


def sample_codes(game: str, players: int) -> list[str]:
    return [module(game).generate(rules(game), players, f"typo-{i}")["code"] for i in range(SEEDS_PER_TABLE)]


# ---- every typo of a code ---------------------------------------------------------------------------

def substitutions(code: str) -> Iterator[tuple[int, str]]:
    """(position, code) with one character replaced by each other alphabet symbol; hyphens too."""
    for at, old in enumerate(code):
        for new in ALPHABET:
            if new != old:
                yield at, code[:at] + new + code[at + 1:]


def neighbour_swaps(code: str) -> Iterator[str]:
    """The code with two neighbouring symbols swapped, hyphens left where they are
    (so a swap across a group boundary is one too); equal neighbours skipped."""
    places = [i for i, c in enumerate(code) if c != "-"]
    for p, q in zip(places, places[1:]):
        if code[p] != code[q]:
            chars = list(code)
            chars[p], chars[q] = chars[q], chars[p]
            yield "".join(chars)


def hyphen_swaps(code: str) -> Iterator[str]:
    """The code with a hyphen swapped with a neighbouring symbol (a regrouping, not a new symbol)."""
    for i in range(len(code) - 1):
        if (code[i] == "-") != (code[i + 1] == "-"):
            yield code[:i] + code[i + 1] + code[i] + code[i + 2:]


def refused(game: str, code: str) -> bool:
    try:
        from_code(game, code)
    except SetupCodeError:
        return True
    return False


def typo_counts(game: str, code: str) -> dict:
    """Tries every typo of `code` on `game` and asserts each is refused; returns how many of each kind."""
    prefix = module(game).PREFIX
    counts = {"substitutions": 0, "swaps": 0, "hyphen moves": 0}
    for at, typo in substitutions(code):
        counts["substitutions"] += 1
        assert refused(game, typo), (code, typo)
        if at < len(prefix):  # a prefix typo must not slip into another game either
            assert all(refused(other, typo) for other in GAMES), (code, typo)
    for typo in neighbour_swaps(code):
        counts["swaps"] += 1
        assert refused(game, typo), (code, typo)
    for typo in hyphen_swaps(code):
        counts["hyphen moves"] += 1
        assert refused(game, typo) or from_code(game, typo)["code"] == code, (code, typo)
    return counts


@pytest.mark.parametrize("game, players", tables())
def test_every_substitution_and_neighbour_swap_of_real_codes_is_refused(game, players):
    for code in sample_codes(game, players):
        counts = typo_counts(game, code)
        # every character (hyphens too) against every other symbol of the alphabet
        assert counts["substitutions"] == 31 * len(code) + code.count("-")
        assert counts["swaps"] >= 1


@pytest.mark.parametrize("game", GAMES)
def test_look_alike_and_lower_case_typos_are_refused_or_read_as_meant(game):
    code = sample_codes(game, rules(game).players[1])[0]
    for at, old in enumerate(code):
        if old == "-":
            continue
        for new in "ILOUilou":
            typo = code[:at] + new + code[at + 1:]
            meant = {"I": "1", "L": "1", "O": "0"}.get(new.upper(), new.upper())
            if meant == old:
                assert from_code(game, typo)["code"] == code
            else:
                assert refused(game, typo), typo


# ---- the algebra behind it -----------------------------------------------------------------------------

def _slow_times(a: int, b: int) -> int:
    """GF(32) product by shift-and-add, reduced by x^5 + x^2 + 1: a reference for the tables."""
    out = 0
    for bit in range(5):
        if b >> bit & 1:
            out ^= a << bit
    for bit in range(9, 4, -1):
        if out >> bit & 1:
            out ^= 0b100101 << (bit - 5)
    return out


def test_the_field_tables_are_gf32_and_x_generates_it():
    assert sorted(setupcode._EXP[:31]) == list(range(1, 32))      # x has order 31: primitive
    for a in range(32):
        for b in range(32):
            assert setupcode._times(a, b) == _slow_times(a, b)
            if b:
                assert _slow_times(setupcode._over(a, b), b) == a


def test_every_substitution_and_swap_moves_a_sum_at_every_position_class():
    """The two facts the proof needs, for all values and all positions mod 31 (twice round)."""
    exp = setupcode._EXP
    for i in range(2 * 31 + 1):
        w, w_next = exp[i % 31], exp[(i + 1) % 31]
        assert w != w_next                                           # x^i != x^(i+1)
        for a in range(32):
            for b in range(32):
                if a != b:
                    assert a ^ b != 0                                 # substitution: S0 moves
                    assert setupcode._times(w ^ w_next, a ^ b) != 0   # swap: S1 moves


@pytest.mark.parametrize("length", [1, 2, 5, 29, 30, 31, 32, 40, 61, 62, 63])
def test_synthetic_codes_of_any_length_refuse_every_single_typo(length):
    """Strings of symbols (no game behind them), longer than the weights' period too."""
    pick = random.Random(length)
    for _ in range(3):
        head = "".join(pick.choice(ALPHABET) for _ in range(length))
        whole = head + setupcode.check_characters("", head)
        assert setupcode.checks_out(whole)
        for at, typo in substitutions(whole):
            assert not setupcode.checks_out(typo), (whole, at)
        for typo in neighbour_swaps(whole):
            assert not setupcode.checks_out(typo), whole


@pytest.mark.parametrize("game", ["rolled-west", "piecepack-gold-rush", "carcassonne-gold-rush"])
def test_short_codes_refuse_two_substitutions_too(game):
    """Codes of at most 31 symbols (all but Gold West) catch any two wrong symbols."""
    pick = random.Random(game)
    for code in sample_codes(game, rules(game).players[1])[:4]:
        assert len(code.replace("-", "")) <= 31
        places = [i for i, c in enumerate(code) if c != "-"]
        for _ in range(500):
            a, b = pick.sample(places, 2)
            typo = list(code)
            typo[a] = pick.choice(ALPHABET.replace(code[a], ""))
            typo[b] = pick.choice(ALPHABET.replace(code[b], ""))
            assert refused(game, "".join(typo)), typo


# ---- other ways in ------------------------------------------------------------------------------------

@pytest.mark.parametrize("count, message", [
    ("9" * 4301, "should be followed by the number of players"),
    ("4" * 5000, "(5000 characters)"),
    ("04", "got '04'"),
    ("0", "for 0 players"),
    ("١", "got '١'"),        # an Arabic-Indic digit: a digit to Python, not to a code
])
def test_absurd_player_counts_are_refused_cleanly(count, message):
    body = "1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HA"
    with pytest.raises(SetupCodeError) as caught:
        from_code("piecepack-gold-rush", f"PG{count}-{body}")
    assert message in caught.value.message and len(caught.value.message) < 200


def test_absurd_player_count_on_the_command_line_is_one_line_not_a_traceback(tmp_path):
    done = run_process("setup", "gold-west", "--code", "GW" + "9" * 5000 + "-1234", cwd=tmp_path)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert err.splitlines()[0].startswith("Error: --code: 'GW' should be followed by the number of players")
    assert len(err) < 300


def test_codes_of_version_1_are_refused_as_such(run):
    # README's example before version 2: the same setup, then with 10 bits of SHA-256 as its check
    old = "GW2-1VMQ-M06X-G9TJ-5ZGD-NETH-NQCY-B8M9-86YN-F9N0"
    result = run("setup", "gold-west", "--code", old)
    assert result.code == 2 and result.out == ""
    assert result.err.splitlines()[0].startswith("Error: --code: this code is from an older sheetgen version")
    fresh = run("setup", "gold-west", "--names", "Sara,Levi", "--seed", "saloon", "--format", "json")
    assert '"code": "GW2-1VMQ-M06X-G9TJ-5ZGD-NETH-NQCY-B8M9-86YN-F9P7"' in fresh.out


@pytest.mark.parametrize("game", GAMES)
def test_a_left_out_first_hyphen_still_reads(game):
    code = sample_codes(game, rules(game).players[0])[1]
    assert from_code(game, code.replace("-", "", 1))["code"] == code
    assert from_code(game, code.replace("-", ""))["code"] == code


def test_encode_refuses_a_prefix_outside_the_alphabet():
    for prefix in ("", "G1", "GI", "gw", "G-"):
        with pytest.raises(ValueError):
            setupcode.encode(prefix, 2, [0], [2])
