"""Long fuzz run of `check` and `score` over hostile results files (not a test).

For every game, N files (default 10,000) are made from its example in
examples/ by one of these mutation classes, then `check` and `score` run on
each in this process:

  structure   a value anywhere replaced, dropped or retyped (valid YAML)
  text        lines deleted, duplicated, garbled, re-indented or inserted
  scalar      a value replaced by YAML the reader must not trust: dates, explicit
              tags, huge or Unicode-digit numbers, floats, octal, control characters
  nesting     a value replaced by deeply nested lists (up to 30,000 levels)
  names       names with escape sequences, NFD/NFC twins, zero-width characters
  bulk        the players list (or features) repeated into many broken entries,
              up to the 1 MB size limit

A run fails when it ends in anything but exit 0 or 1 with a message (a
traceback) or takes over 2 s of CPU time (CPU, not wall-clock: on a shared
machine the wall clock measures the neighbours; the slowest wall time is
reported too). Usage:

    python bench/fuzz_results.py [N] [--seed S] [--games KEY,KEY]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import time
import traceback
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.cli import main  # noqa: E402

LIMIT_SECONDS = 2.0
HOSTILE_SCALARS = [
    "2001-02-30", "2001-02-03", "!!int abc", "!!float x", "!!binary AAAA", "!!timestamp x", "!!set {a}",
    "!!omap [a: 1]", "! plain", "9" * 4301, "-" + "9" * 5000, "²", "١٢", "１２", "012", "0x1F", "0o17",
    "1_000", "1:30", ".inf", "-.nan", "3.5", "1e400", "'\\x1b[2J'", "\"\\x1b]0;owned\\x07\"", "\"\\u202eabc\"",
    "\"a\\nb\"", "\"\\0\"", "yes", "off", "~", "[]", "{}", "*alias", "&anchor 1", "<<: {a: 1}",
]
HOSTILE_NAMES = ["\"Ann\\e[2J\"", "\"Zoe\\u0308\"", "\"Zo\\u00eb\"", "\"Ann\\u200b\"", "\"\\u202eBen\"",
                 "\"\\t\"", "\"\"", "\"" + "A" * 300 + "\"", "\"\\u738b\"", "\"Ann\\nBen\""]


def paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, here + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, here + (i,))


def replace(value, path, new, drop=False):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = replace(value[head], rest, new, drop)
    return copy


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data) -> bool:
        return True


def dump(value) -> str:
    return yaml.dump(value, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=10**9)


MARK = "@@HOSTILE@@"


def mutate(rng: random.Random, text: str, kind: str) -> str:
    data = yaml.safe_load(text)
    spots = list(paths(data))[1:]
    if kind == "structure":
        junk = rng.choice([None, True, -1, 10**12, 2.5, "", "x" * 50, [], {}, [1, "a", None], {"a": [1]}])
        return dump(replace(data, rng.choice(spots), junk, drop=rng.random() < 0.3))
    if kind == "text":
        lines = text.splitlines()
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            op = rng.choice(["delete", "duplicate", "garble", "indent", "insert"])
            if op == "delete" and len(lines) > 1:
                del lines[i]
            elif op == "duplicate":
                lines.insert(i, lines[i])
            elif op == "garble" and lines[i]:
                j = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:j] + rng.choice(list(":-[]{},&*!|>'\"#%@`\t0x9 \u00e9\ufffd\x00\x1b")) + \
                    lines[i][j + 1:]
            elif op == "indent":
                lines[i] = "  " + lines[i]
            else:
                lines.insert(i, "".join(rng.choice("ab: -[]{}'\"!&*\n\t") for _ in range(rng.randint(0, 20))))
        return "\n".join(lines) + "\n"
    if kind == "scalar":
        return dump(replace(data, rng.choice(spots), MARK)).replace(f"'{MARK}'", rng.choice(HOSTILE_SCALARS))\
            .replace(MARK, rng.choice(HOSTILE_SCALARS))
    if kind == "nesting":
        depth = rng.choice([50, 65, 500, 5000, 30000])
        deep = "[" * depth + "]" * depth
        return dump(replace(data, rng.choice(spots), MARK)).replace(f"'{MARK}'", deep).replace(MARK, deep)
    if kind == "names":
        named = [p for p in spots if p and p[-1] == "name"] or [p for p in spots if len(p) == 2]
        return dump(replace(data, rng.choice(named), MARK)).replace(f"'{MARK}'", rng.choice(HOSTILE_NAMES))\
            .replace(MARK, rng.choice(HOSTILE_NAMES))
    # bulk: many broken copies of one list entry, up to about 1 MB
    lists = [p for p in spots if isinstance(get(data, p), list) and get(data, p)]
    where = rng.choice(lists) if lists else ()
    entry = get(data, where)[0] if where else data
    broken = replace(entry, rng.choice(list(paths(entry))[1:] or [()]), "x") if isinstance(entry, (dict, list)) \
        else "x"
    count = rng.choice([1000, 10000, 20000])
    copies = [yaml.safe_load(dump(broken)) for _ in range(min(count, 50))]  # distinct objects: no YAML aliases
    big = dump(replace(data, where, [copies[i % len(copies)] for i in range(count)])) if where else text
    return big[:999_000]


def get(value, path):
    for key in path:
        value = value[key]
    return value


def run_one(path: Path, command: str) -> tuple:
    """(outcome, CPU seconds, wall seconds): outcome is 'ok', 'problems' or a traceback's last line."""
    out, err = io.StringIO(), io.StringIO()
    start, wall = time.process_time(), time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main([command, str(path)])
        outcome = "ok"
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
        outcome = {0: "ok", 1: "problems"}.get(code, f"exit {code}")
        if code == 1 and not err.getvalue().strip():
            outcome = "exit 1 without a message"
    except BaseException:  # noqa: B902 - any exception is a finding
        outcome = "TRACEBACK " + traceback.format_exc().strip().splitlines()[-1][:150]
    return outcome, time.process_time() - start, time.perf_counter() - wall


def main_fuzz() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=10_000, help="files per game (default 10,000)")
    parser.add_argument("--seed", default="sheetgen", help="random seed")
    parser.add_argument("--games", help="comma-separated game keys (default: every example)")
    args = parser.parse_args()
    rng = random.Random(f"{args.seed}/{args.games}")
    kinds = ["structure", "text", "scalar", "nesting", "names", "bulk"]
    weights = [30, 30, 20, 6, 10, 4]
    work = Path("output") / "fuzz"
    work.mkdir(parents=True, exist_ok=True)
    findings = 0
    print(f"{'game':24} {'files':>6} {'ok':>6} {'problems':>8} {'tracebacks':>10} {'over 2 s':>8} "
          f"{'max CPU s':>9} {'max wall s':>10}")
    chosen = set(args.games.split(",")) if args.games else None
    for example in sorted((ROOT / "examples").glob("*.yaml")):
        if chosen is not None and example.stem.replace("-game", "") not in chosen:
            continue
        text = example.read_text(encoding="utf-8")
        tally = {"ok": 0, "problems": 0, "bad": 0, "slow": 0}
        slowest = slowest_wall = 0.0
        for i in range(args.n):
            kind = rng.choices(kinds, weights)[0]
            target = work / f"{example.stem}.yaml"
            target.write_text(mutate(rng, text, kind), encoding="utf-8", errors="surrogatepass")
            for command in ("check", "score"):
                outcome, seconds, wall = run_one(target, command)
                slowest, slowest_wall = max(slowest, seconds), max(slowest_wall, wall)
                if seconds > LIMIT_SECONDS:
                    tally["slow"] += 1
                    keep = work / f"slow-{example.stem}-{i}.yaml"
                    keep.write_bytes(target.read_bytes())
                    print(f"  slow ({seconds:.2f} s CPU, {kind}): {command} {keep}", file=sys.stderr)
                if outcome in ("ok", "problems"):
                    tally[outcome] += 1
                else:
                    tally["bad"] += 1
                    keep = work / f"finding-{example.stem}-{i}.yaml"
                    keep.write_bytes(target.read_bytes())
                    print(f"  {outcome} ({kind}): {command} {keep}", file=sys.stderr)
        findings += tally["bad"] + tally["slow"]
        print(f"{example.stem.replace('-game', ''):24} {args.n:>6} {tally['ok']:>6} {tally['problems']:>8} "
              f"{tally['bad']:>10} {tally['slow']:>8} {slowest:>9.2f} {slowest_wall:>10.2f}")
    print("(each file is checked and scored: two runs per file)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main_fuzz())
