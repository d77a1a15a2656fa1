"""PDFs are byte-identical whatever the environment (sheetgen.pdf's docstring):
SOURCE_DATE_EPOCH, TZ, locale, working folder and PYTHONHASHSEED change nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sheetgen
from sheetgen import pdf
from sheetgen.sheet import Page, SheetDocument, Text

FIXED = b"/CreationDate (D:20000101000000+00'00')"
VARIABLES = ("SOURCE_DATE_EPOCH", "TZ", "LC_ALL", "LANG", "PYTHONHASHSEED")

# (changes to the environment, working folder below tmp_path)
ENVIRONMENTS = [
    ({"PYTHONHASHSEED": "1"}, "plain"),
    ({"SOURCE_DATE_EPOCH": "0", "PYTHONHASHSEED": "2"}, "epoch-0"),
    ({"SOURCE_DATE_EPOCH": "1700000000", "TZ": "Asia/Tokyo", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "1"},
     "deeper/still"),
    ({"TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8", "PYTHONHASHSEED": "2"}, "tokyo"),
]

# the suite's representative: every variable above changed at once, against the first environment
EVERYTHING_CHANGED = ({"SOURCE_DATE_EPOCH": "0", "TZ": "Asia/Tokyo", "LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8",
                       "PYTHONHASHSEED": "2"}, "deeper/still")

COMMANDS = {
    "sheet part": ["sheet", "rolled-west", "-o", "x.pdf"],
    "setup card": ["setup", "gold-west", "--seed", "s", "-o", "card.pdf"],
}


def environment(changes: dict) -> dict:
    """This process's environment without the variables under test, plus `changes`; the
    sheetgen under test first on the path."""
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    here = str(Path(sheetgen.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    return {**env, **changes}


def render_in(folder: Path, changes: dict, args: list) -> bytes:
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=folder, env=environment(changes),
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    return (folder / args[-1]).read_bytes()


def same_in(tmp_path, what: str, environments: list) -> None:
    args = COMMANDS[what]
    outputs = {folder: render_in(tmp_path / what.replace(" ", "-") / folder, changes, args)
               for changes, folder in environments}
    first = next(iter(outputs.values()))
    assert FIXED in first and first.startswith(b"%PDF-")
    for folder, data in outputs.items():
        assert data == first, f"{what} differs when made in {folder}"


@pytest.mark.parametrize("what", sorted(COMMANDS))
def test_pdfs_are_byte_identical_with_every_variable_changed(tmp_path, what):
    same_in(tmp_path, what, [ENVIRONMENTS[0], EVERYTHING_CHANGED])


@pytest.mark.full
@pytest.mark.parametrize("what", sorted(COMMANDS))
def test_pdfs_are_byte_identical_in_every_environment(tmp_path, what):
    same_in(tmp_path, what, ENVIRONMENTS)


def test_render_ignores_source_date_epoch_and_leaves_the_environment_alone(monkeypatch):
    doc = SheetDocument(title="t", subject="s", width=100, height=100,
                        pages=[Page(backdrop=None, items=(Text(10, 10, "hello", 12),))])
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = pdf.render(doc)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    before = dict(os.environ)
    assert pdf.render(doc) == plain
    assert dict(os.environ) == before
    assert FIXED in plain
