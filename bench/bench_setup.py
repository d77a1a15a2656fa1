"""Start-up cost of a JSON setup: `sheetgen setup gold-west --seed 1 --format json`
against a bare `python -c "import click, yaml"` (the floor any sheetgen command pays).

Run: python bench/bench_setup.py [--runs 21] [--game gold-west]
Prints the median wall time of each (fresh processes, one warm-up run each) and
their ratio; the goal is a ratio of at most 1.5. Not a test: it asserts nothing.

Two rounds: with bytecode caching (as after `pip install`: compiled modules
kept, here in a temporary PYTHONPYCACHEPREFIX so the source tree stays
clean), and as this shell is set up; with PYTHONDONTWRITEBYTECODE=1 every run
compiles every sheetgen module it imports, while click and yaml come
precompiled from site-packages.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def sheetgen_command() -> list[str]:
    """The installed console script next to this Python (not a shell shim), else `python -m sheetgen`."""
    here = Path(sys.executable).parent / ("sheetgen.exe" if os.name == "nt" else "sheetgen")
    if here.is_file():
        return [str(here)]
    found = shutil.which("sheetgen")
    return [found] if found and "shims" not in found else [sys.executable, "-m", "sheetgen"]


def median_time(command: list[str], runs: int, env: dict) -> float:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)  # warm caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def compare(floor: list[str], setup: list[str], runs: int, env: dict) -> tuple[float, float]:
    """Medians of both commands, interleaved in three rounds so drift in machine load hits both alike."""
    base, ours = [], []
    for _ in range(3):
        base.append(median_time(floor, max(runs // 3, 1), env))
        ours.append(median_time(setup, max(runs // 3, 1), env))
    return statistics.median(base), statistics.median(ours)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--game", default="gold-west")
    args = parser.parse_args()
    floor = [sys.executable, "-c", "import click, yaml"]
    setup = sheetgen_command() + ["setup", args.game, "--seed", "1", "--format", "json"]
    shown = " ".join(Path(setup[0]).name if i == 0 else a for i, a in enumerate(setup))
    with tempfile.TemporaryDirectory() as cache:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = cache
        rounds = [("bytecode cached", cached)]
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            rounds.append(("as this shell runs it (PYTHONDONTWRITEBYTECODE set: no bytecode cache)",
                           dict(os.environ)))
        for title, env in rounds:
            t_base, t_ours = compare(floor, setup, args.runs, env)
            print(f"{title}:")
            print(f"  python -c 'import click, yaml': {t_base * 1000:6.1f} ms (median)")
            print(f"  {shown}: {t_ours * 1000:6.1f} ms (median)")
            print(f"  ratio: {t_ours / t_base:.2f} (goal: at most 1.5)")


if __name__ == "__main__":
    main()
