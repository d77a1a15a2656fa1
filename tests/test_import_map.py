"""No two modules of the package import each other, directly or through others (issue 19)."""

from __future__ import annotations

import importlib.util
import sys

from conftest import ROOT


def _tool():
    spec = importlib.util.spec_from_file_location("import_map", ROOT / "tools" / "import_map.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["import_map"] = module
    spec.loader.exec_module(module)
    return module


def test_no_module_imports_itself_through_others():
    tool = _tool()
    paths = {tool.module_name(p): p for p in sorted(tool.PACKAGE.rglob("*.py"))}
    graph = {name: tool.imported(path, set(paths)) for name, path in paths.items()}
    assert len(graph) > 100 and "sheetgen.results.yaml" in graph["sheetgen.ruledata"]
    assert tool.circles(graph) == []


def test_a_circle_is_found_and_named(tmp_path):
    tool = _tool()
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert tool.circles(graph) == [["a", "b", "c"]]  # a module importing itself is no circle of modules
    assert tool.floors({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == {"a": 3, "b": 2, "c": 1}


def test_what_a_module_imports_is_read_from_its_code():
    tool = _tool()
    modules = {tool.module_name(p) for p in tool.PACKAGE.rglob("*.py")}
    # `from sheetgen import layouts` is the module layouts, `from sheetgen.sheet import PT` the module sheet
    assert tool.imported(tool.PACKAGE / "marks.py", modules) == {"sheetgen.layouts", "sheetgen.sheet"}
    batch = tool.imported(tool.PACKAGE / "results" / "batch.py", modules)
    assert "sheetgen.scan.photos" in batch  # a plain import
    assert "sheetgen.results.forms" not in batch  # named under TYPE_CHECKING only: not a dependency
    api = tool.imported(tool.PACKAGE / "api.py", modules)
    assert "sheetgen.results.pdf" in api  # imported inside the calls that read a PDF: still depended on
