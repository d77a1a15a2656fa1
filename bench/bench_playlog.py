"""The play log at the size of a long-lived club: 10,000 logged games.

Run: python bench/bench_playlog.py [--plays 10000] [--repeat 5] [--keep DIR]
(with --keep, a log already built there is used again: building one takes minutes,
most of it waiting for the disk, as every play is its own synced transaction)

Builds a log of --plays piecepack Gold Rush games (3 or 4 of 12 players, random
holdings, a game every few days from 2000 on; each game really scored), then
prints medians, each beside its floor (docs/DESIGN.md, "The play log"):

* logging a game beyond scoring it: `PlayLog.add` of a scored game into the full
  log, in process (fingerprint, duplicate check, one transaction with a full
  sync); and `sheetgen score FILE --log` minus `sheetgen score FILE` as fresh
  processes (imports of sqlite3 and platformdirs, opening the log, the write).
  Floor 20 ms.
* `plays` filters: `PlayLog.plays` by game, by player, by a year's dates, in
  process; and `sheetgen plays --player NAME --since ... --until ...` as a
  process, start-up included. Floor 0.2 s.
* `standings` of all 10,000 games (openskill ratings replayed over every play):
  `PlayLog.standings` in process, and `sheetgen standings GAME` as a process.
  Floor 0.5 s.

Not a test: it asserts nothing, it measures. Machine load matters: compare
figures taken under the same `uptime`.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
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
from sheetgen.playlog import PlayLog  # noqa: E402

NAMES = ["Ann", "Ben", "Cat", "Dolores", "Eli", "Fern", "Gus", "Hana", "Ivo", "Jo", "Kit", "Lena"]
BUILDINGS = ["Farm", "Windmill", "Market", "Trade Route", "Mine", "Gold Mine", "Warehouse"]
GAME = "piecepack-gold-rush"


def results(rng: random.Random) -> str:
    players = rng.sample(NAMES, rng.choice((3, 4)))
    lines = [f"game: {GAME}", "players:"]
    for name in players:
        built = ", ".join(rng.choice(BUILDINGS) for _ in range(rng.randint(0, 4)))
        lines += [f"  - name: {name}", f"    ore: {rng.randint(0, 30)}", f"    gold: {rng.randint(0, 15)}",
                  f"    food: {rng.randint(0, 5)}", f"    buildings: [{built}]"]
    return "\n".join(lines) + "\n"


def build(path: Path, count: int) -> list:
    """A log of `count` scored games; returns a few texts not in it, for the logging figures."""
    rng = random.Random(22)
    game = sheetgen.game(GAME)
    scorer, version = game.scorer(), game.rules.version

    day = datetime.date(2000, 1, 1)
    started = time.perf_counter()
    with PlayLog(path) as log:
        made = 0
        while made < count:
            text = results(rng)
            doc = game.read(text=text, name="bench")
            report = scorer.tally(doc)
            if log.add(report, doc.value, date=day, data_version=version).added:
                made += 1
                day += datetime.timedelta(days=rng.randint(0, 3))
    print(f"built a log of {count} games in {time.perf_counter() - started:.1f} s "
          f"({path.stat().st_size / 1e6:.1f} MB)")
    return [results(rng) for _ in range(60)]


def median_ms(samples: list) -> str:
    return f"{statistics.median(samples) * 1000:7.1f} ms"


def timed(fn, repeat: int) -> list:
    """Wall times of `repeat` calls; their CPU times go to CPU."""
    out = []
    for _ in range(repeat):
        cpu = time.process_time()
        started = time.perf_counter()
        fn()
        wall = time.perf_counter() - started
        CPU[wall] = time.process_time() - cpu
        out.append(wall)
    return out


CPU: dict = {}  # the CPU time (user + system) of each process run, by the run's wall time


def process(args: list, repeat: int, cwd: Path) -> list:
    """Wall times of `repeat` runs of sheetgen as a fresh process; their CPU times go to CPU."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = []
    for _ in range(repeat + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, env=env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        CPU[wall] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        out.append(wall)
    return out[1:]  # the first run warms the rule-data cache and the page cache


def cpu_ms(samples: list) -> str:
    return f"{statistics.median(CPU[s] for s in samples) * 1000:7.1f} ms CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", help="Build the log in this folder and keep it.")
    options = parser.parse_args()
    folder = Path(options.keep) if options.keep else Path(tempfile.mkdtemp(prefix="sheetgen-bench-log-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        run(folder, options.plays, options.repeat)
    finally:
        if not options.keep:
            shutil.rmtree(folder, ignore_errors=True)


def run(folder: Path, count: int, repeat: int) -> None:
    path = folder / "bench.db"
    reused = False
    if path.exists():
        with PlayLog(path) as log:
            reused = len(log.plays(until="2098-12-31")) == count
        if not reused:
            for leftover in folder.glob("bench.db*"):
                leftover.unlink()
    if reused:
        rng = random.Random(23)
        spare = [results(rng) for _ in range(60)]
        print(f"using the log of {count} games in {path}")
        with PlayLog(path) as log:  # the figures below add plays dated 2099: take them out again
            for play in log.plays(since="2099-01-01"):
                log.remove(play.id)
    else:
        spare = build(path, count)
    game = sheetgen.game(GAME)
    scorer, version = game.scorer(), game.rules.version

    print(f"\n-- logging a game into a log of {count} (floor 20 ms beyond scoring it)")
    scored = []
    for text in spare[:max(repeat, 20)]:
        doc = game.read(text=text, name="bench")
        scored.append((scorer.tally(doc), doc.value))
    samples = []
    with PlayLog(path) as log:
        for report, value in scored:
            samples += timed(lambda: log.add(report, value, date="2099-01-01", data_version=version), 1)
    print(f"PlayLog.add (in process, {len(samples)} games)          {median_ms(samples)}  {cpu_ms(samples)}")
    extra = folder / "tonight.yaml"
    plain, logged = [], []
    for text in spare[40:40 + repeat]:
        extra.write_text(text, encoding="utf-8")
        plain += process(["score", str(extra)], 1, folder)
        logged += process(["score", str(extra), "--log", str(path), "--date", "2099-01-02"], 1, folder)
    print(f"sheetgen score FILE             (process)            {median_ms(plain)}  {cpu_ms(plain)}")
    print(f"sheetgen score FILE --log       (process)            {median_ms(logged)}  {cpu_ms(logged)}")
    print(f"  difference: logging beyond scoring                  "
          f"{(statistics.median(logged) - statistics.median(plain)) * 1000:7.1f} ms  "
          f"{(statistics.median(CPU[s] for s in logged) - statistics.median(CPU[s] for s in plain)) * 1000:7.1f} ms CPU")

    print(f"\n-- plays filters over {count} games (floor 200 ms)")
    with PlayLog(path) as log:
        for label, kwargs in (("by game", {"game": GAME}), ("by player", {"player": "ann"}),
                              ("by a year", {"since": "2010-01-01", "until": "2010-12-31"}),
                              ("player and year", {"player": "Ann", "since": "2010-01-01", "until": "2010-12-31"})):
            found: list = []
            samples = timed(lambda: found.append(len(log.plays(**kwargs))), repeat)
            print(f"PlayLog.plays {label:<16} ({found[-1]:5d} plays)      {median_ms(samples)}  {cpu_ms(samples)}")
    samples = process(["plays", "--log", str(path), "--player", "Ann", "--since", "2010-01-01",
                       "--until", "2010-12-31"], repeat, folder)
    print(f"sheetgen plays --player --since --until (process)    {median_ms(samples)}  {cpu_ms(samples)}")
    samples = process(["plays", "--log", str(path), "--player", "Ann"], repeat, folder)
    print(f"sheetgen plays --player (process, every play of Ann)  {median_ms(samples)}  {cpu_ms(samples)}")

    print(f"\n-- standings over {count} games (floor 500 ms)")
    with PlayLog(path) as log:
        cold = []
        for _ in range(max(1, repeat // 2)):
            log.db.execute("DELETE FROM ratings_cache")
            cold += timed(lambda: log.standings(GAME), 1)
        print(f"PlayLog.standings, no kept ratings (in process)      {median_ms(cold)}  {cpu_ms(cold)}")
        samples = timed(lambda: log.standings(GAME), repeat)
        print(f"PlayLog.standings, ratings kept (in process)         {median_ms(samples)}  {cpu_ms(samples)}")
        report, value = scored[-1]
        one_more = []
        for i in range(repeat):  # a game logged, then the standings: only that game is rated
            log.add(report, {**value, "night": i}, date="2099-02-01", data_version=version)
            one_more += timed(lambda: log.standings(GAME), 1)
        print(f"PlayLog.standings after one more game (in process)   {median_ms(one_more)}  {cpu_ms(one_more)}")
        samples = timed(lambda: log.standings(GAME, since="2010-01-01", until="2010-12-31"), repeat)
        print(f"PlayLog.standings, one year (in process)             {median_ms(samples)}  {cpu_ms(samples)}")
        samples = timed(lambda: log.standings(GAME, history=True), max(1, repeat // 2))
        print(f"PlayLog.standings with history (the picture's)       {median_ms(samples)}  {cpu_ms(samples)}")
    samples = process(["standings", GAME, "--log", str(path)], repeat, folder)
    print(f"sheetgen standings GAME (process, ratings kept)      {median_ms(samples)}  {cpu_ms(samples)}")
    print(f"\nuptime: {os.getloadavg()[0]:.2f} (1-minute load), {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
