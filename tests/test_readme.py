"""Every console block in the README is run, in order, and its output compared.

Each block runs in a fresh folder holding a copy of examples/ (files a command
writes are there for the next one). A `$ ` line is a command; the lines after
it, up to the next command, are what it prints (stdout, then stderr). A line
`...` in the expected output stands for any number of lines. `sheetgen` runs
this checkout.
"""

from __future__ import annotations

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
    """The console blocks this test runs: all but those marked `<!-- run by tests/FILE -->` just
    above (a block that needs what a shell cannot make, such as PDFs filled in a viewer, is run by
    that file's own test)."""
    text = README.read_text(encoding="utf-8")
    found = re.findall(r"(<!-- run by (tests/\S+) -->\n)?```console\n(.*?)```", text, flags=re.S)
    for _, runner, _ in found:
        assert not runner or (ROOT / runner).is_file(), runner
    return [block for marker, _, block in found if not marker]


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


@pytest.fixture(scope="module")
def sheetgen_bin(tmp_path_factory) -> Path:
    """A folder whose `sheetgen` runs this checkout (whatever is installed)."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "sheetgen"
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                      "from sheetgen.__main__ import main\nmain()\n", encoding="utf-8")
    script.chmod(0o755)
    return folder


@pytest.mark.parametrize("index", range(len(console_blocks())))
def test_readme_console_block(index, tmp_path, sheetgen_bin):
    block = console_blocks()[index]
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = dict(os.environ, PATH=f"{sheetgen_bin}{os.pathsep}{os.environ['PATH']}", COLUMNS="100",
               PYTHONPATH=str(ROOT))
    for command, expected in steps(block):
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
        actual = (done.stdout + done.stderr).rstrip("\n").splitlines() if (done.stdout + done.stderr).strip() \
            else []
        assert matches([e.rstrip() for e in expected], [a.rstrip() for a in actual]), (
            f"README block {index + 1}, `{command}` printed:\n" + "\n".join(actual))
