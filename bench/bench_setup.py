"""Setups: made in process for every game, and the start-up cost of a JSON setup.

Run: python bench/bench_setup.py [--runs 21] [--game gold-west] [--count 200]

In process, for every game with setups: a seeded setup (`Game.setup`), the
same setup rebuilt from its code, and its text in each format, at the game's
fewest and most players; median per setup over --count seeds, beside the
floor of 5 ms per setup.

Start-up: `sheetgen setup GAME --seed 1 --format json` against a bare
`python -c "import click, yaml"` (the floor any sheetgen command pays).
Prints the median wall time of each (fresh processes, one warm-up run each) and
their ratio; the goal is a ratio of at most 1.6 (bench/bench_cli.py times every
command that draws nothing this way, in a clean venv). Not a test: it asserts nothing.

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


ROOT = Path(__file__).resolve().parent.parent


def sheetgen_command(installed: bool) -> list[str]:
    """This checkout through `python -m sheetgen` (see main's PYTHONPATH); with `installed`, the
    console script next to this Python (not a shell shim)."""
    if not installed:
        return [sys.executable, "-m", "sheetgen"]
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


FLOOR_SETUP_MS = 5.0
FORMATS = ("text", "json", "yaml", "markdown")


def in_process(count: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import sheetgen
    from sheetgen.games import all_games

    print(f"in process, median per setup over {count} seeds (floor {FLOOR_SETUP_MS} ms):")
    for key, spec in all_games().items():
        if not spec.setup:
            continue
        game = sheetgen.game(key)
        for players in sorted(set(game.player_counts)):
            made = game.setup(players, "warm-up")
            for fmt in FORMATS:
                made.text(fmt)  # warm-up: imports, templates
            seeded, coded, texts = [], [], {fmt: [] for fmt in FORMATS}
            for n in range(count):
                start = time.perf_counter()
                made = game.setup(players, f"seed {n}")
                seeded.append(time.perf_counter() - start)
                start = time.perf_counter()
                game.setup(code=made.code)
                coded.append(time.perf_counter() - start)
                for fmt in FORMATS:
                    start = time.perf_counter()
                    made.text(fmt)
                    texts[fmt].append(time.perf_counter() - start)
            worst = max(statistics.median(seeded), statistics.median(coded))
            shown = ", ".join(f"{fmt} {statistics.median(t) * 1000:.2f}" for fmt, t in texts.items())
            print(f"  {key} ({players} players): seeded {statistics.median(seeded) * 1000:.2f} ms, from its code "
                  f"{statistics.median(coded) * 1000:.2f} ms [{'ok' if worst * 1000 <= FLOOR_SETUP_MS else 'OVER'}]; "
                  f"as text (ms): {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--game", default="gold-west")
    parser.add_argument("--count", type=int, default=200, help="seeds per game and player count, in process")
    parser.add_argument("--installed", action="store_true", help="time the installed sheetgen command "
                                                                 "instead of this checkout")
    args = parser.parse_args()
    in_process(args.count)
    floor = [sys.executable, "-c", "import click, yaml"]
    setup = sheetgen_command(args.installed) + ["setup", args.game, "--seed", "1", "--format", "json"]
    shown = " ".join(Path(setup[0]).name if i == 0 else a for i, a in enumerate(setup))
    with tempfile.TemporaryDirectory() as cache:
        here = dict(os.environ)
        if not args.installed:
            here["PYTHONPATH"] = str(ROOT) + os.pathsep + here.get("PYTHONPATH", "")
        cached = {k: v for k, v in here.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = cache
        rounds = [("bytecode cached", cached)]
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            rounds.append(("as this shell runs it (PYTHONDONTWRITEBYTECODE set: no bytecode cache)", here))
        for title, env in rounds:
            t_base, t_ours = compare(floor, setup, args.runs, env)
            print(f"{title}:")
            print(f"  python -c 'import click, yaml': {t_base * 1000:6.1f} ms (median)")
            print(f"  {shown}: {t_ours * 1000:6.1f} ms (median)")
            print(f"  ratio: {t_ours / t_base:.2f} (goal: at most 1.6)")


if __name__ == "__main__":
    main()
