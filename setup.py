"""Package discovery that pyproject.toml cannot say alone.

Every package under sheetgen/ is found (a new game is just a new folder), and
the top-level data/, layouts/ and examples/ folders ship inside the package as
sheetgen.data, sheetgen.layouts and sheetgen.examples (mapped in
pyproject.toml's package-dir).
Everything else about the build is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["sheetgen", "sheetgen.*"]) + ["sheetgen.data", "sheetgen.layouts", "sheetgen.examples"])
