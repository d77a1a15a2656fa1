"""Who imports whom in the sheetgen package, read from the code: its modules on floors, and any circle.

Run: python tools/import_map.py [--modules]

Every import statement of every module under sheetgen/ is read with `ast` (those inside
functions too: a lazily imported module is still depended on; those under `if TYPE_CHECKING:`
are not, and are left out). A module stands on the floor above the highest module it imports, so
the ground floor imports nothing of the package. Prints the modules floor by floor from the top,
and with --modules what each imports; also counts the rooms (a top-level module, or a subpackage
taken whole) and the arrows between them. Exits 1, naming them, if modules import each other in a
circle. Names loaded by string (`importlib.import_module`: the game registry's "module:function"
hooks, the command line's lazily loaded commands) are not imports and are not followed.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sheetgen"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import in `tree` but those under `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def imported(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that the module at `path` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from a import b`: b is a module of a, or a name defined in a
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name: its nearest module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def room_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "sheetgen/__init__.py"
    if (PACKAGE / parts[1]).is_dir():
        return f"sheetgen/{parts[1]}/"
    return f"sheetgen/{parts[1]}.py"


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of `graph` with more than one node (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's floor: 1 for one that imports nothing of the package, else one above the
    highest it imports (`graph` has no circle)."""
    floor: dict[str, int] = {}
    for start in sorted(graph):
        stack = [start]
        while stack:
            node = stack[-1]
            waiting = [t for t in graph[node] if t not in floor]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            floor[node] = 1 + max((floor[t] for t in graph[node]), default=0)
    return floor


def short(module: str) -> str:
    """sheetgen.results.yaml -> results/yaml; the package itself -> __init__."""
    parts = module.split(".")[1:]
    return "/".join(parts) if parts else "__init__"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="also list each module's imports")
    args = parser.parse_args()
    paths = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    modules = set(paths)
    graph = {name: imported(path, modules) for name, path in paths.items()}
    module_circles = circles(graph)
    for circle in module_circles:
        print(f"IMPORT CIRCLE: {' <-> '.join(circle)}")
    if module_circles:
        return 1
    floor = floors(graph)
    rooms: dict[str, set[str]] = defaultdict(set)
    for name, targets in graph.items():
        rooms[room_of(name)] |= {room_of(t) for t in targets} - {room_of(name)}
    arrows = sum(len(t) for t in graph.values())
    print(f"{len(modules)} modules on {max(floor.values())} floors, {arrows} imports, no circle; "
          f"{len(rooms)} rooms (a subpackage is one room) and {sum(len(t) for t in rooms.values())} arrows between them")
    for height in range(max(floor.values()), 0, -1):
        here = sorted(short(m) for m in graph if floor[m] == height)
        print(f"floor {height:2}  {', '.join(here)}")
    if args.modules:
        for name in sorted(graph):
            print(f"{short(name)}: {', '.join(sorted(short(t) for t in graph[name])) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
