"""Every console block in the README is run, in order, in one folder, and its output compared.

The blocks run one after another in a single folder that starts with a copy of examples/ and
nothing else, as for a reader who follows the README top to bottom in the checkout: a file one
command writes is there for every command after it, so a block that uses a file no earlier
block makes, or that collides with one an earlier block wrote, fails here. A `$ ` line is a
command (run by bash); the lines after it, up to the next command, are what it prints (stdout,
then stderr, trailing spaces ignored). A line `...` in the expected output stands for any number
of lines. `sheetgen` runs this checkout.

A console block marked `<!-- filled in on screen by tests/FILE -->` just above prints a fillable
sheet that players fill in in a PDF viewer: after its first command, FILE's `readme_viewer(folder)`
saves the PDFs the text says they save (board-ann.pdf, ...), then the block's other commands run
on them. Other blocks are not run here: the ```python block by tests/test_api.py, ```sh install
lines and ```yaml excerpts not at all.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

README = ROOT / "README.md"


def console_blocks() -> list:
    """(viewer module or None, block text) of each console block, in the README's order."""
    text = README.read_text(encoding="utf-8")
    found = re.findall(r"(?:<!-- filled in on screen by tests/(\S+)\.py -->\n)?```console\n(.*?)```", text, flags=re.S)
    for viewer, _ in found:
        assert not viewer or (ROOT / "tests" / f"{viewer}.py").is_file(), viewer
    return [(viewer or None, block) for viewer, block in found]


def steps(block: str) -> list:
    """(command, expected lines) pairs of a console block."""
    out: list = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def matches(expected: list, actual: list) -> bool:
    """Whether `actual` lines fit `expected`, where a '...' line matches any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def contents(folder: Path) -> dict:
    """{path: SHA-256} of the files in `folder`, but those under output/ (where a sheet goes when no
    -o names a file: each print of a part replaces the last, as it does for a reader)."""
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.relative_to(folder).parts[0] != "output"}


@pytest.mark.long
def test_the_readme_runs_top_to_bottom_in_one_folder(tmp_path):
    bin_folder, folder = tmp_path / "bin", tmp_path / "walk"
    bin_folder.mkdir()
    script = bin_folder / "sheetgen"
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                      "from sheetgen.__main__ import main\nmain()\n", encoding="utf-8")
    script.chmod(0o755)
    shutil.copytree(ROOT / "examples", folder / "examples")
    examples = contents(folder)
    env = dict(os.environ, PATH=f"{bin_folder}{os.pathsep}{os.environ['PATH']}", COLUMNS="100",
               PYTHONPATH=str(ROOT))
    blocks = console_blocks()
    assert len(blocks) > 15 and sum(viewer is not None for viewer, _ in blocks) == 3
    for index, (viewer, block) in enumerate(blocks, 1):
        before = contents(folder)
        commands = steps(block)
        assert commands, f"README console block {index} has no command"
        for number, (command, expected) in enumerate(commands):
            done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                                  timeout=120)
            printed = done.stdout + done.stderr
            actual = printed.rstrip("\n").splitlines() if printed.strip() else []
            assert matches([e.rstrip() for e in expected], [a.rstrip() for a in actual]), (
                f"README block {index}, `{command}` printed:\n" + "\n".join(actual))
            if viewer and number == 0:
                importlib.import_module(viewer).readme_viewer(folder)
        # A block replaces what an earlier block wrote only where it says --force.
        after = contents(folder)
        forced = {word for command, _ in commands if "--force" in command for word in command.split()}
        changed = [path for path, digest in before.items() if after.get(path) != digest and path not in forced]
        assert not changed, f"README block {index} replaced or removed {changed}, made by an earlier block"
    assert {path: contents(folder)[path] for path in examples} == examples, "a README command changed examples/"
