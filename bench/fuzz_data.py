"""Fuzz rule-data folders (not a test): mutate one game's data file, then run what users run with it.

Each of N folders (default 1,000) holds the bundled data with one file mutated
(a number made huge, negative, zero or text; a list emptied or doubled; a key
dropped; a line garbled). Then `data check`, `sheet GAME` and `setup GAME`
run in this process with `--data FOLDER`. A run must end in exit 0, 1 or 2 with
a message, never a traceback. Usage:

    python bench/fuzz_data.py [N] [--seed S]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shutil
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.cli import main  # noqa: E402

NUMBER = re.compile(r"(?<![\w.-])(\d+)(?![\w.])")


def mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    kind = rng.choice(["number", "number", "number", "text", "drop", "garble", "double"])
    spots = [i for i, line in enumerate(lines) if NUMBER.search(line) and not line.lstrip().startswith("#")]
    if kind == "number" and spots:
        i = rng.choice(spots)
        found = list(NUMBER.finditer(lines[i]))
        m = rng.choice(found)
        new = rng.choice(["0", "1", "-1", "999", "100000", "10" * 9, "2", "13", "50"])
        lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    elif kind == "text" and spots:
        i = rng.choice(spots)
        m = rng.choice(list(NUMBER.finditer(lines[i])))
        lines[i] = lines[i][:m.start()] + rng.choice(["x", "''", "[]", "{}", "null"]) + lines[i][m.end():]
    elif kind == "drop":
        del lines[rng.randrange(len(lines))]
    elif kind == "double":
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    else:
        i = rng.randrange(len(lines))
        if lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice(list(":-[]{},'\"#x9 ")) + lines[i][j + 1:]
    return "\n".join(lines) + "\n"


def run(args: list) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(args)
        outcome = "ok"
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
        outcome = "refused" if code in (1, 2) and err.getvalue().strip() else ("ok" if code == 0 else f"exit {code}")
    except BaseException:  # noqa: B902 - any exception is a finding
        outcome = "TRACEBACK " + traceback.format_exc().strip().splitlines()[-1][:160]
    return outcome, time.process_time() - start


def main_fuzz() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=1000, help="folders (default 1,000)")
    parser.add_argument("--seed", default="sheetgen")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path("output") / "fuzz-data"
    bundled = sorted((ROOT / "data").glob("*.yaml"))
    tally: dict = {}
    findings = 0
    slowest = 0.0
    for n in range(args.n):
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        for path in bundled:
            shutil.copy(path, work / path.name)
        target = rng.choice(bundled)
        (work / target.name).write_text(mutate(rng, target.read_text(encoding="utf-8")), encoding="utf-8")
        game = target.stem
        for command in (["data", "check", str(work)], ["--data", str(work), "sheet", game, "-o", "-"],
                        ["--data", str(work), "setup", game, "--seed", str(n), "-o", str(work / "card.pdf")]):
            if command[-2:] == ["-o", "-"]:
                command = command[:-1] + [str(work / "sheet.pdf")]
            outcome, seconds = run(command)
            slowest = max(slowest, seconds)
            key = outcome if not outcome.startswith("TRACEBACK") else "traceback"
            tally[key] = tally.get(key, 0) + 1
            if outcome.startswith("TRACEBACK") or outcome.startswith("exit"):
                findings += 1
                keep = Path("output") / f"fuzz-data-finding-{n}-{target.name}"
                shutil.copy(work / target.name, keep)
                print(f"  {outcome}: {' '.join(command)} ({keep})", file=sys.stderr)
    print(f"{args.n} mutated data folders, {sum(tally.values())} runs: " +
          ", ".join(f"{k} {v}" for k, v in sorted(tally.items())) + f"; slowest {slowest:.2f} s CPU")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main_fuzz())
