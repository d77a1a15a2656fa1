"""Fuzz setup codes: mutate N real codes per game at random and decode every mutant.

Run: python bench/fuzz_setup_codes.py [--n 10000] [--seed fuzz] [--game gold-west ...]

Each of the N codes per game comes from a fresh seed and a random player count;
each is mutated once, by one kind of edit drawn at random:

  substitution   one character (hyphens too) replaced by another code symbol
  transposition  two neighbouring, different characters swapped
  insertion      a code symbol or hyphen inserted anywhere
  deletion       one character left out
  junk           garbage: stray punctuation, control and non-Latin characters,
                 look-alikes, huge player counts (4,300+ digits), odd spacing
                 and case, empty text, a code of another game
  burst          2-4 neighbouring symbols replaced at random  } beyond what the
  double         two substitutions anywhere                   } check promises

Reports, per game and kind: how many were refused (SetupCodeError), read as
the very same setup (a regrouping, a look-alike, lower case), ACCEPTED AS A
DIFFERENT SETUP, or raised anything else (a traceback), and the slowest
single decode. The check promises no different setup for the first five kinds;
burst and double are shown to measure the rest (a random pass is 1 in 1024).
Not a test: the exit status is 1 only if a promised kind let a typo through or
anything raised.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetgen import ruledata  # noqa: E402
from sheetgen.games import get_game  # noqa: E402
from sheetgen.setupcode import ALPHABET, SetupCodeError  # noqa: E402

GAMES = ("rolled-west", "piecepack-gold-rush", "carcassonne-gold-rush", "gold-west")
PROMISED = ("substitution", "transposition", "insertion", "deletion", "junk")
KINDS = PROMISED + ("burst", "double")
OUTCOMES = ("refused", "same", "DIFFERENT", "traceback")
JUNK = "!?.,;:_+*/\\|'\"()[]{}<>#@~` \t\n\x00\x1b\u00e9\u00df\u0130\u0131\u2013\u2014\u00a0\u0661\u0969\u00b2\uff21\U0001f600"


# ---- mutations -----------------------------------------------------------------------------------------

def substitution(code: str, pick: random.Random) -> str:
    at = pick.randrange(len(code))
    return code[:at] + pick.choice(ALPHABET.replace(code[at], "")) + code[at + 1:]


def transposition(code: str, pick: random.Random) -> str:
    places = [i for i in range(len(code) - 1) if code[i] != code[i + 1]]
    at = pick.choice(places)
    return code[:at] + code[at + 1] + code[at] + code[at + 2:]


def insertion(code: str, pick: random.Random) -> str:
    at = pick.randrange(len(code) + 1)
    return code[:at] + pick.choice(ALPHABET + "-") + code[at:]


def deletion(code: str, pick: random.Random) -> str:
    at = pick.randrange(len(code))
    return code[:at] + code[at + 1:]


def junk(code: str, pick: random.Random) -> str:
    at = pick.randrange(len(code) + 1)
    prefix = code[:2]
    choices: list[Callable[[], str]] = [
        lambda: code[:at] + "".join(pick.choice(JUNK) for _ in range(pick.randint(1, 4))) + code[at:],
        lambda: code[:at] + pick.choice("ILOUilou") + code[at + 1:],
        lambda: prefix + "9" * pick.randint(4300, 6000) + code[3:],
        lambda: prefix + "0" * pick.randint(1, 3) + code[2:],
        lambda: " ".join(code.replace("-", "").lower()) if pick.random() < 0.5 else code.swapcase(),
        lambda: code * pick.randint(2, 50),
        lambda: "",
        lambda: "".join(pick.choice(JUNK + ALPHABET) for _ in range(pick.randint(1, 80))),
        lambda: pick.choice(("GW", "PG", "RW", "CG")) + code[2:],
    ]
    return pick.choice(choices)()


def burst(code: str, pick: random.Random) -> str:
    places = [i for i, c in enumerate(code) if c != "-"]
    width = pick.randint(2, 4)
    start = pick.randrange(len(places) - width + 1)
    chars = list(code)
    for i in places[start:start + width]:
        chars[i] = pick.choice(ALPHABET)
    return "".join(chars)


def double(code: str, pick: random.Random) -> str:
    places = [i for i, c in enumerate(code) if c != "-"]
    chars = list(code)
    for i in pick.sample(places, 2):
        chars[i] = pick.choice(ALPHABET.replace(code[i], ""))
    return "".join(chars)


MUTATE = {"substitution": substitution, "transposition": transposition, "insertion": insertion,
          "deletion": deletion, "junk": junk, "burst": burst, "double": double}


# ---- running -------------------------------------------------------------------------------------------

class Tally:
    def __init__(self) -> None:
        self.counts: dict[str, Counter] = defaultdict(Counter)
        self.slowest: dict[str, float] = defaultdict(float)
        self.examples: list[str] = []

    def add(self, kind: str, outcome: str, seconds: float, example: str = "") -> None:
        self.counts[kind][outcome] += 1
        self.slowest[kind] = max(self.slowest[kind], seconds)
        if example and len(self.examples) < 5:
            self.examples.append(example)


def decode_one(from_code: Callable, rules, original: str, typo: str) -> tuple[str, float, str]:
    """(outcome, seconds, example text for a surprise)."""
    start = time.perf_counter()
    try:
        setup = from_code(rules, typo)
    except SetupCodeError:
        return "refused", time.perf_counter() - start, ""
    except Exception:  # noqa: BLE001 - the point is to catch anything that is not a clean refusal
        took = time.perf_counter() - start
        return "traceback", took, f"{typo[:80]!r}\n{traceback.format_exc(limit=3)}"
    took = time.perf_counter() - start
    if setup["code"] == original:
        return "same", took, ""
    return "DIFFERENT", took, f"{original} -> {typo!r} read as {setup['code']}"


def fuzz_game(game: str, n: int, seed: str) -> Tally:
    module = importlib.import_module(f"sheetgen.games.{game.replace('-', '_')}.setup")
    rules = ruledata.load(get_game(game))
    low, high = rules.players
    pick = random.Random(f"{seed}-{game}")
    tally = Tally()
    for i in range(n):
        original = module.generate(rules, pick.randint(low, high), f"{seed}-{i}")["code"]
        kind = pick.choice(KINDS)
        typo = MUTATE[kind](original, pick)
        outcome, seconds, example = decode_one(module.from_code, rules, original, typo)
        tally.add(kind, outcome, seconds, example and f"[{kind}] {example}")
    return tally


def report(game: str, tally: Tally) -> None:
    print(f"\n{game}")
    print(f"  {'kind':<14} {'tried':>6} {'refused':>8} {'same':>6} {'DIFFERENT':>10} {'traceback':>10} "
          f"{'max ms':>7}")
    total = Counter()
    for kind in KINDS:
        c = tally.counts[kind]
        total.update(c)
        print(f"  {kind:<14} {sum(c.values()):>6} {c['refused']:>8} {c['same']:>6} {c['DIFFERENT']:>10} "
              f"{c['traceback']:>10} {tally.slowest[kind] * 1000:>7.2f}")
    print(f"  {'all':<14} {sum(total.values()):>6} {total['refused']:>8} {total['same']:>6} "
          f"{total['DIFFERENT']:>10} {total['traceback']:>10} {max(tally.slowest.values()) * 1000:>7.2f}")
    for example in tally.examples:
        print("  surprise:", example)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="codes to mutate per game (default 10000)")
    parser.add_argument("--seed", default="fuzz", help="seed for the codes and the mutations")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    args = parser.parse_args(argv)
    broken = False
    for game in args.game or GAMES:
        tally = fuzz_game(game, args.n, args.seed)
        report(game, tally)
        broken |= any(tally.counts[k]["DIFFERENT"] for k in PROMISED)
        broken |= any(c["traceback"] for c in tally.counts.values())
    print("\npromised kinds (substitution .. junk): "
          + ("a typo got through or something raised" if broken else "no typo read as another setup, no traceback"))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
