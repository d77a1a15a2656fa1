"""Scoring at every scale: one results file, many files in one run, and one huge file.

Run: python bench/bench_batch.py [--files 1000] [--repeat 5] [--players 10000] [--cli PATH]

Prints medians, each beside its floor (the figure it should stay within):

* single file: `Game.score` of each bundled example, in process;
* batch, in process: `batch.run` + `show.show` over a folder of --files
  results files (piecepack Gold Rush and Rolled West games, names varied),
  check and score, output to /dev/null; floor 1,000 files per second;
* batch, command line: `sheetgen check DIR` and `sheetgen score DIR` as a
  fresh process, start-up included (this checkout's code through
  `python -m sheetgen`, or --cli PATH); floor 500 files per second;
* validation stays linear: a results file of --players players with one bad
  field each, refused by `Game.score` (parse + check) in under 0.5 s, wall
  and CPU time, with the time for a quarter of the players beside it (a ratio
  near 4 is linear; near 16 would be quadratic); then `sheetgen check` of the
  same file as a fresh process, start-up and printing every problem included.
  Piecepack Gold Rush and Rolled West, the games on the shared results core.

Not a test: it asserts nothing, it measures. Rule data is loaded once per process
(each figure is a median of --repeat runs after one warm-up). Machine load
matters: compare figures taken under the same `uptime`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sheetgen  # noqa: E402
from sheetgen.results import batch, show  # noqa: E402
from sheetgen.errors import InvalidInput  # noqa: E402
from sheetgen.cli import results as cli  # noqa: E402  (the check and score commands: their _lookup)

GAMES = ("piecepack-gold-rush", "rolled-west")


def load() -> str:
    return f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs" \
        if hasattr(os, "getloadavg") else "load average unknown"


def median_of(repeat: int, work) -> float:
    return timed(repeat, work)[0]


def timed(repeat: int, work) -> tuple[float, float]:
    """Median wall and CPU seconds of `work` over `repeat` runs, after one warm-up run."""
    work()  # warm-up: imports, rule data, caches
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def make_folder(folder: Path, count: int) -> None:
    """`count` results files: the bundled examples of GAMES, turn about, with the names varied."""
    examples = [(ROOT / "examples" / f"{game}-game.yaml").read_text(encoding="utf-8") for game in GAMES]
    names = {"piecepack-gold-rush": ("Dolores", "Eli", "Fern", "Gus"), "rolled-west": ("Ann", "Gabriel")}
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        text = examples[i % len(GAMES)]
        for name in names[game]:
            text = text.replace(f"name: {name}\n", f"name: {name} {i}\n")
        (folder / f"game-{i:05d}.yaml").write_text(text, encoding="utf-8")


def huge(game: str, players: int) -> str:
    """A results file of `players` players, each with one bad field."""
    lines = [f"game: {game}", "players:"]
    for i in range(players):
        if game == "piecepack-gold-rush":
            lines.append(f"  - {{name: P{i}, ore: x, gold: 1, food: 1, buildings: [Farm]}}")
        else:
            lines.append(f"  - {{name: P{i}, claims: {{woods: [camp]}}, shipping: {{copper: x}}}}")
    return "\n".join(lines) + "\n"


def refuse(game: str, text: str) -> int:
    try:
        sheetgen.game(game).score(text=text, name="huge.yaml")
    except InvalidInput as exc:
        return len(exc.problems)
    raise AssertionError("the file was not refused")


def quietly(work):
    def run():
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
            try:
                work()
            except SystemExit:
                pass
    return run


def cli_command(given: str | None) -> tuple[list[str], dict]:
    """The command to time and its environment: --cli, else this checkout through python -m sheetgen."""
    env = dict(os.environ)
    if given:
        return [given], env
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return [sys.executable, "-m", "sheetgen"], env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--cli", help="the sheetgen command to time (default: the one beside this Python, "
                                      "else python -m sheetgen with this checkout first on the path)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {load()}")

    print("single file, in process (Game.score of the bundled example):")
    for game in ("gold-west", "rolled-west", "carcassonne-gold-rush", "piecepack-gold-rush"):
        path = ROOT / "examples" / f"{game}-game.yaml"
        g = sheetgen.game(game)
        try:
            g.score(path)
        except Exception as exc:  # noqa: BLE001 - a game being ported may not score yet
            print(f"  {game:22} (does not score here: {type(exc).__name__})")
            continue
        t = median_of(args.repeat * 20, lambda: g.score(path))
        print(f"  {game:22} {t * 1000:7.2f} ms   (floor 2 ms)")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "season"
        folder.mkdir()
        make_folder(folder, args.files)
        names = batch.expand([str(folder)])
        print(f"batch of {args.files} files, in process (batch.run + show.show, output to /dev/null):")
        for score in (False, True):
            what = "score" if score else "check"
            t = median_of(args.repeat, quietly(lambda: show.show(batch.run(names, cli._lookup(None), score), "text", score)))
            print(f"  {what}: {t * 1000:7.1f} ms, {args.files / t:7.0f} files/s   (floor 1,000 files/s)")
            t = median_of(args.repeat, quietly(lambda: show.show(batch.run(names, cli._lookup(None), score), "json", score)))
            print(f"  {what} --format json: {t * 1000:7.1f} ms, {args.files / t:7.0f} files/s   "
                  f"(floor 1,000 files/s)")

        command, env = cli_command(args.cli)
        shown = " ".join(Path(command[0]).name if i == 0 else c for i, c in enumerate(command))
        print(f"batch of {args.files} files, command line ({shown} ..., start-up included):")
        for what in ("check", "score"):
            def run_cli(what=what):
                subprocess.run(command + [what, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env, check=True)
            t = median_of(args.repeat, run_cli)
            print(f"  sheetgen {what} DIR: {t * 1000:7.1f} ms, {args.files / t:7.0f} files/s   (floor 500 files/s)")
        shutil.rmtree(folder)

    print(f"validation stays linear: {args.players:,} players, one bad field each, refused by Game.score "
          f"(parse + check):")
    command, env = cli_command(args.cli)
    for game in GAMES:
        big, small = huge(game, args.players), huge(game, args.players // 4)
        found = refuse(game, big)
        t_big, c_big = timed(args.repeat, lambda: refuse(game, big))
        t_small, c_small = timed(args.repeat, lambda: refuse(game, small))
        print(f"  {game:20} {t_big * 1000:5.0f} ms wall, {c_big * 1000:5.0f} ms CPU (floor 500 ms) for "
              f"{len(big.encode()):,} bytes, {found:,} problems; a quarter of the players: {t_small * 1000:4.0f} ms "
              f"wall, ratio {t_big / t_small:.1f} (CPU {c_big / c_small:.1f}; linear: 4)")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "huge.yaml"
            path.write_text(big, encoding="utf-8")

            def check_cli():
                subprocess.run(command + ["check", str(path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=env)

            t_cli = median_of(args.repeat, check_cli)
            print(f"  {'':20} sheetgen check huge.yaml: {t_cli * 1000:5.0f} ms wall (start-up and "
                  f"{found:,} printed problems included)")


if __name__ == "__main__":
    main()
