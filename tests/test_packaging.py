"""A plain (non-editable) install must carry data/ and layouts/ inside the package."""

import subprocess
import sys
import zipfile

from conftest import ROOT


def test_wheel_contains_rule_data_and_layouts(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-q", "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    (wheel,) = tmp_path.glob("sheetgen-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("rolled-west", "gold-west", "carcassonne-gold-rush", "piecepack-gold-rush"):
        assert f"sheetgen/data/{game}.yaml" in names
    assert "sheetgen/layouts/rolled-west-board.yaml" in names
    assert "sheetgen/games/rolled_west/board.py" in names
    assert "sheetgen/py.typed" in names
    assert any(n.endswith("licenses/LICENSE") for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in metadata and "Classifier: Typing :: Typed" in metadata
    assert "SetuptoolsDeprecationWarning" not in proc.stderr
    # the sheets' fonts, their licence and the coverage the name check reads
    for file in ("Arimo-Regular.ttf", "Arimo-Bold.ttf", "OFL.txt", "README.txt", "coverage.txt"):
        assert f"sheetgen/fonts/{file}" in names
    # every game package ships though no build file lists it (a fifth game needs no entry)
    for package in (ROOT / "sheetgen" / "games").iterdir():
        if (package / "__init__.py").is_file():
            assert f"sheetgen/games/{package.name}/__init__.py" in names
    build_files = (ROOT / "pyproject.toml").read_text() + (ROOT / "setup.py").read_text()
    assert "gold_west" not in build_files and "rolled_west" not in build_files


def test_one_oldest_python_everywhere():
    """reportlab 5 refuses to import on 3.9: the package, the README and the type check all say 3.10."""
    import re

    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^requires-python = ">=3\.10"$', pyproject, re.M)
    assert re.search(r'^python_version = "3\.10"$', pyproject, re.M)  # mypy checks against the oldest
    assert '"Programming Language :: Python :: 3.10"' in pyproject and ":: 3.9" not in pyproject
    assert "Python 3.10 or newer" in (ROOT / "README.md").read_text()
