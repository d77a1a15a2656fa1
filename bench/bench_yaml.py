"""Cost of the located YAML reader (parse_yaml) per kB, next to libyaml's own event stream.

    python bench/bench_yaml.py                  # time.perf_counter loops: µs per kB
    python bench/bench_yaml.py --instructions   # CPU instructions under callgrind: M per kB (steady)

Inputs: each data/*.yaml, each examples/*.yaml, and a large generated results file (the
players of examples/gold-west-game.yaml repeated, about 200 kB). "events" is the cost of
pulling every event from the C loader and nothing else, the floor under any reader; "parse" is
parse_yaml on the bytes. With --instructions each figure is the difference between a Python
that reads the file and does the work once and one that only reads the file.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_cli import instructions as count  # the benches' one valgrind runner (bench/ is on sys.path)

ROOT = Path(__file__).resolve().parent.parent

SETUP = """
import sys
sys.path.insert(0, {root!r})
from sheetgen.results.yaml import parse_yaml, _Loader
raw = open({path!r}, 'rb').read()
def events():
    loader = _Loader(raw.decode())
    try:
        while loader.get_event() is not None:
            pass
    finally:
        loader.dispose()
"""
WORK = {"events": "events()", "parse": "parse_yaml(raw, 'f.yaml')"}


def large_results() -> Path:
    """A results file of about 200 kB: the players of the Gold West example, many times over."""
    text = (ROOT / "examples" / "gold-west-game.yaml").read_text()
    head, _, rest = text.partition("players:\n")
    players = rest[:re.search(r"(?m)^\S", rest).start()]  # up to the next top-level key
    blocks = re.split(r"(?m)^  - name: .*\n", players)[1:]  # each player's lines after the name
    body = "".join(f"  - name: P{i}\n" + blocks[i % len(blocks)] for i in range(600))
    target = Path(tempfile.gettempdir()) / "bench-yaml-large-results.yaml"
    target.write_text(head + "players:\n" + body)
    return target


def inputs(data_only: bool = False) -> list[Path]:
    if data_only:
        return sorted((ROOT / "data").glob("*.yaml"))
    return sorted((ROOT / "data").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml")) + [large_results()]


def instructions(python: str, code: str) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([python, "-c", code], env=env, check=True)  # .pyc files written before counting
    return count([python, "-c", code], env)


def by_instructions(python: str, paths: list[Path]) -> None:
    totals = {"events": 0.0, "parse": 0.0}
    data_kb = 0.0
    print(f"{'file':38} {'kB':>6} {'events M':>9} {'M/kB':>6} {'parse M':>8} {'M/kB':>6}")
    for path in paths:
        setup = SETUP.format(root=str(ROOT), path=str(path))
        base = instructions(python, setup)
        got = {what: (instructions(python, setup + code + "\n") - base) / 1e6 for what, code in WORK.items()}
        kb = path.stat().st_size / 1000
        print(f"{path.name:38} {kb:6.1f} {got['events']:9.2f} {got['events'] / kb:6.2f} "
              f"{got['parse']:8.2f} {got['parse'] / kb:6.2f}", flush=True)
        if path.parent.name == "data":
            data_kb += kb
            for what in totals:
                totals[what] += got[what]
    print(f"{'all four data files (sum)':38} {data_kb:6.1f} {totals['events']:9.2f} "
          f"{totals['events'] / data_kb:6.2f} "
          f"{totals['parse']:8.2f} {totals['parse'] / data_kb:6.2f}")
    # as `sheetgen games` reads them: one after the other in one process
    data = sorted((ROOT / "data").glob("*.yaml"))
    setup = SETUP.format(root=str(ROOT), path=str(data[0]))
    setup += f"raws = [open(p, 'rb').read() for p in {list(map(str, data))!r}]\n"
    base = instructions(python, setup)
    together = (instructions(python, setup + "for raw in raws: parse_yaml(raw, 'f.yaml')\n") - base) / 1e6
    print(f"{'all four data files, in one process':38} {data_kb:6.1f} {'':>9} {'':>6} {together:8.2f} "
          f"{together / data_kb:6.2f}")


def by_time(paths: list[Path]) -> None:
    sys.path.insert(0, str(ROOT))
    namespace: dict[str, object] = {}
    print(f"{'file':38} {'kB':>6} {'events µs/kB':>13} {'parse µs/kB':>12}")
    for path in paths:
        exec(SETUP.format(root=str(ROOT), path=str(path)), namespace)
        kb = path.stat().st_size / 1000
        best = {}
        for what, code in WORK.items():
            compiled = compile(code, what, "eval")
            runs = max(3, int(2000 / kb))
            times = []
            for _ in range(5):
                start = time.perf_counter()
                for _ in range(runs):
                    eval(compiled, namespace)
                times.append((time.perf_counter() - start) / runs)
            best[what] = min(times) * 1e6 / kb
        print(f"{path.name:38} {kb:6.1f} {best['events']:13.1f} {best['parse']:12.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind")
    parser.add_argument("--python", default=sys.executable, help="the Python to count (with --instructions)")
    parser.add_argument("--data", action="store_true", help="only the four data files")
    args = parser.parse_args()
    if args.instructions:
        by_instructions(args.python, inputs(args.data))
    else:
        by_time(inputs(args.data))


if __name__ == "__main__":
    main()
