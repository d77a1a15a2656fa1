"""Print every PDF sheetgen makes through the command line and list each file's SHA-256.

A refactor that must not change what is printed is checked by running this before and after
and comparing the two lists (PDFs are byte-identical whatever the environment):

    python tools/pdf_corpus.py > output/before.txt
    ... change the code ...
    python tools/pdf_corpus.py > output/after.txt
    diff output/before.txt output/after.txt

It covers every part of every game on Letter and A4, in colour and low ink, plain and fillable
(where the part has a form), card sheets with and without backs in every card size, each game's
setup card and referee copy, the Gold West board drawn for a setup code, and each game's fillable
sheet filled in from its example results file. It goes through the command line only, so the list
stays comparable while the library's API moves.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PAPERS = ("letter", "a4")
INKS = ("color", "low")
CARD_SIZES = ("half-business", "mini-euro")


def sheetgen(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "sheetgen", *args], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"sheetgen {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def games() -> list[dict]:
    """Each game's key and parts, read from `sheetgen games --format json` when it has it, else the table."""
    rows = []
    for line in sheetgen("games").splitlines()[1:]:
        cells = [c for c in line.split("  ") if c.strip()]
        key, sheets, setup = cells[0].strip(), cells[-3].strip(), cells[-2].strip()
        rows.append({"key": key, "parts": [p.strip() for p in sheets.split(",")], "setup": setup == "yes"})
    return rows


def jobs() -> list[tuple[str, list[str]]]:
    """(name, command-line arguments without -o) of every PDF in the corpus."""
    out: list[tuple[str, list[str]]] = []
    for g in games():
        key = g["key"]
        code = sheetgen("setup", key, "--seed", "corpus", "--format", "json") if g["setup"] else ""
        setup_code = json.loads(code)["code"] if code else ""
        for part in g["parts"]:
            fields = subprocess.run([sys.executable, "-m", "sheetgen", "sheet", key, part, "--fields"]
                                    + (["--code", setup_code] if setup_code and key == "gold-west" and part == "board"
                                       else []),
                                    capture_output=True, text=True, cwd=ROOT)
            fillable = fields.returncode == 0
            coded = ["--code", setup_code] if (key == "gold-west" and part == "board") else []
            for paper in PAPERS:
                for ink in INKS:
                    base = ["sheet", key, part, "--paper", paper, "--ink", ink]
                    name = f"{key}-{part}-{paper}-{ink}"
                    out.append((name, base))
                    if coded:
                        out.append((name + "-coded", base + coded))
                    if fillable:
                        out.append((name + "-fillable", base + ["--fillable"] + coded))
                    if part == "cards":
                        for size in CARD_SIZES:
                            sized = base + ["--card-size", size]
                            out.append((f"{name}-{size}", sized))
                            out.append((f"{name}-{size}-backs", sized + ["--backs"]))
                            out.append((f"{name}-{size}-back-names", sized + ["--back-names"]))
        if g["setup"]:
            for paper in PAPERS:
                for ink in INKS:
                    out.append((f"{key}-setup-card-{paper}-{ink}",
                                ["setup", key, "--seed", "corpus", "--paper", paper, "--ink", ink]))
            out.append((f"{key}-setup-card-referee", ["setup", key, "--seed", "corpus", "--reveal"]))
        example = EXAMPLES / f"{key}-game.yaml"
        if example.exists():
            first = g["parts"][0]
            out.append((f"{key}-{first}-from-example", ["sheet", key, first, "--from", str(example)]))
    return out


def run(name: str, args: list[str], folder: Path) -> str:
    target = folder / f"{name}.pdf"
    sheetgen(*args, "-o", str(target))
    return f"{hashlib.sha256(target.read_bytes()).hexdigest()}  {name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", type=Path, help="also keep the PDFs in this folder")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="commands run at once (default 2)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = options.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        todo = jobs()
        with ThreadPoolExecutor(options.jobs) as pool:
            lines = list(pool.map(lambda job: run(job[0], job[1], folder), todo))
    print("\n".join(sorted(lines, key=lambda line: line.split("  ", 1)[1])))


if __name__ == "__main__":
    main()
