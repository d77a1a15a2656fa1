"""Start-up of every command that draws nothing, against `python -c "import click, yaml"`.

Run: python bench/bench_cli.py [--runs 21] [--quick] [--venv DIR] [--python PY] [--instructions]

Builds a clean virtual environment (`python -m venv`, then `pip install` of this
checkout; --venv DIR keeps it there for the next run, --python PY uses an
environment that already has sheetgen installed), then times, as fresh
processes, the floor `python -c "import click, yaml"` and each command:
--version, games (text and JSON), setup --format json for every game with
setups, template for every game with scoring, and check and score of each
bundled example (--quick: only --version, games and check of the Rolled West
example). Prints the median wall time and CPU time of each and its ratio to
the floor's; the goal for every command is 1.6x. Runs are interleaved (one
of each command per round) so a change in machine load hits all alike, and
the machine's load average is printed: figures from a loaded machine are
noisier, the CPU ratios less so. Not a test: it asserts nothing.

--parts times, instead of the commands, what `--version` is made of: the floor plus the
standard library sheetgen's modules import, `import sheetgen.cli` with every dataclass left a
plain class (an experiment: nothing is run after the imports), `import sheetgen.cli`, and
`--version`.

--instructions counts instead the instructions each command runs (valgrind's
callgrind, one run each, two at a time): the same figure on a busy machine as
on an idle one, to within a few tenths of a percent, where times move by 0.2x.
It is not time (a cache miss costs more than an instruction), but it says what
a change saved while other work shares the machine.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = 1.6  # the goal: each command within this ratio of the floor
BROKEN = "  (ends in a traceback here: not the real path)"


def load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs"


def venv_python(folder: Path) -> Path:
    """The Python of a venv at `folder` with this checkout installed (built when missing)."""
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"building a clean venv in {folder} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], check=True)
    return python


def commands(python: Path, quick: bool = False) -> list[tuple[str, list[str], dict]]:
    """(label, argv, extra environment) of the floor and every command timed."""
    script = python.parent / ("sheetgen.exe" if os.name == "nt" else "sheetgen")
    sheetgen = [str(script)] if script.exists() else [str(python), "-m", "sheetgen"]
    found = subprocess.run([str(python), "-c", "import json, sheetgen.games as g; print(json.dumps("
                            "{k: [bool(s.setup), bool(s.score)] for k, s in g.all_games().items()}))"],
                           capture_output=True, text=True, check=True).stdout
    import json

    games = json.loads(found)
    out = [("python -c 'import click, yaml'", [str(python), "-c", "import click, yaml"], {}),
           ("--version", sheetgen + ["--version"], {}),
           ("games", sheetgen + ["games"], {})]
    if quick:
        example = ROOT / "examples" / "rolled-west-game.yaml"
        return out + [(f"check {example.name}", sheetgen + ["check", str(example)], {})]
    out.append(("games --format json", sheetgen + ["games", "--format", "json"], {}))
    for key, (setup, score) in games.items():
        if setup:
            out.append((f"setup {key} --format json", sheetgen + ["setup", key, "--seed", "1", "--format", "json"],
                        {}))
    for key, (setup, score) in games.items():
        if score:
            out.append((f"template {key}", sheetgen + ["template", key], {}))
    for key, (setup, score) in games.items():
        example = ROOT / "examples" / f"{key}-game.yaml"
        if score and example.exists():
            out.append((f"check {example.name}", sheetgen + ["check", str(example)], {}))
            out.append((f"score {example.name}", sheetgen + ["score", str(example)], {}))
    return out


# what every command pays before sheetgen's own code: the standard library its modules import
STDLIB = "pathlib, hashlib, json, dataclasses, difflib, pkgutil, copy, unicodedata, importlib.util"
# an experiment, not a build: every dataclass left a plain class (nothing runs after the imports)
NO_DATACLASSES = ("import dataclasses; dataclasses.dataclass = lambda cls=None, **kw: "
                  "(lambda c: c) if cls is None else cls; ")


def parts(python: Path) -> list[tuple[str, list[str], dict]]:
    """(label, argv, extra environment) of the floor and the pieces of `--version`'s cost (--parts)."""
    script = python.parent / ("sheetgen.exe" if os.name == "nt" else "sheetgen")
    sheetgen = [str(script)] if script.exists() else [str(python), "-m", "sheetgen"]
    return [("python -c 'import click, yaml'", [str(python), "-c", "import click, yaml"], {}),
            ("python -c 'import click, yaml' + the stdlib", [str(python), "-c", f"import click, yaml, {STDLIB}"], {}),
            ("python -c 'import sheetgen.cli', no dataclasses",
             [str(python), "-c", NO_DATACLASSES + "import sheetgen.cli"], {}),
            ("python -c 'import sheetgen.cli'", [str(python), "-c", "import sheetgen.cli"], {}),
            ("--version", sheetgen + ["--version"], {})]


def run_once(argv: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def instructions(argv: list[str], env: dict) -> int:
    """The instructions one run of `argv` executes, as valgrind's callgrind counts them."""
    # one string hashing for every run: dict and set orders, and so the count, do not move with it
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                          capture_output=True, text=True, env={**env, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(argv)}:\n{done.stderr[-500:]}")
    return int(found.group(1))


def count_all(timed: list[tuple[str, list[str], dict]], envs: list[dict], broken: list[bool]) -> None:
    """Print each command's instruction count and its ratio to the floor's (`broken`: which end in a
    traceback, marked as the timed table marks them)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    with ThreadPoolExecutor(2) as pool:
        counts = list(pool.map(lambda job: instructions(job[0][1], job[1]), zip(timed, envs)))
    width = max(len(label) for label, _, _ in timed)
    print(f"{'':{width}}  instructions  ratio   (floor: ratio {FLOOR})")
    for (label, _, _), count, failed in zip(timed, counts, broken):
        ratio = count / counts[0]
        mark = "" if label.startswith("python") else ("  ok" if ratio <= FLOOR else "  OVER")
        print(f"{label:{width}}  {count / 1e6:10.1f} M  {ratio:5.2f}{mark}{BROKEN if failed else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--quick", action="store_true", help="only --version, games and one check")
    parser.add_argument("--venv", type=Path, help="keep the clean venv here (built when missing)")
    parser.add_argument("--python", type=Path, help="a Python whose environment already has sheetgen")
    parser.add_argument("--parts", action="store_true",
                        help="instead of the commands: the floor with the standard library sheetgen imports, "
                             "`import sheetgen.cli` with and without its dataclasses, and --version")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing (steady on a busy machine)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        python = args.python or venv_python(args.venv or Path(tmp) / "venv")
        base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
        timed = parts(python) if args.parts else commands(python, args.quick)
        envs = [{**base, **extra} for _, _, extra in timed]
        # warm-up (compiles the bytecode); a command that ends in a traceback is timed but marked
        broken = [b"Traceback" in subprocess.run(argv, capture_output=True, env=env).stderr
                  for (_, argv, _), env in zip(timed, envs)]
        if args.instructions:
            print(f"{python} ({sys.version.split()[0]}); instructions, one run each")
            count_all(timed, envs, broken)
            return
        walls: list[list[float]] = [[] for _ in timed]
        cpus: list[list[float]] = [[] for _ in timed]
        print(f"{python} ({sys.version.split()[0]}); {args.runs} runs each; {load()} at the start")
        for _ in range(args.runs):
            for i, ((_, argv, _), env) in enumerate(zip(timed, envs)):
                wall, cpu = run_once(argv, env)
                walls[i].append(wall)
                cpus[i].append(cpu)
        floor_wall, floor_cpu = statistics.median(walls[0]), statistics.median(cpus[0])
        width = max(len(label) for label, _, _ in timed)
        print(f"{'':{width}}  wall ms  ratio   cpu ms  ratio   (floor: ratio {FLOOR})")
        for (label, _, _), w, c, failed in zip(timed, walls, cpus, broken):
            mw, mc = statistics.median(w), statistics.median(c)
            note = BROKEN if failed else ""
            mark = "" if label.startswith("python") else \
                ("  ok" if min(mw / floor_wall, mc / floor_cpu) <= FLOOR else "  OVER")
            print(f"{label:{width}}  {mw * 1000:7.1f}  {mw / floor_wall:5.2f}  {mc * 1000:7.1f}  "
                  f"{mc / floor_cpu:5.2f}{mark}{note}")
        print(f"{load()} at the end")


if __name__ == "__main__":
    main()
