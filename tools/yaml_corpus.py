"""Dump what the located YAML reader makes of a large corpus, to compare two versions of it.

    python tools/yaml_corpus.py dump output/yaml-corpus-before.jsonl.gz
    (change sheetgen/results/yaml.py)
    python tools/yaml_corpus.py dump output/yaml-corpus-after.jsonl.gz
    python tools/yaml_corpus.py compare output/yaml-corpus-before.jsonl.gz output/yaml-corpus-after.jsonl.gz

The corpus is made afresh each time, the same from the same seed: every YAML file of the
checkout (data/, layouts/, examples/, tests/), every string constant in tests/test_yaml*.py,
generated documents full of scalars the resolver treats specially, random mutations of all of
those (most of them malformed), and the limit cases (nesting, node count, problem count, sizes).
Each case is read with the C loader (and the small ones also with PyYAML's pure-Python one);
what is written per case is the repr of everything a caller can see: the value (dict order and
types included), positions and key_positions, or the problems in order.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Iterator, Union

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.errors import InvalidInput  # noqa: E402
from sheetgen.results import yaml as yamlio  # noqa: E402

Case = tuple[str, Union[bytes, str]]

# scalars the resolver or the reader treats specially, plain as they are written
TRICKY = [
    "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "FALSE", "on", "On", "ON", "off",
    "Off", "y", "n", "Y", "N", "~", "null", "Null", "NULL", "nil", "0", "7", "-7", "+7", "1_000", "0x1F", "-0x_1f",
    "0b101", "0b", "0x", "012", "-007", "09", "08.5", "0.", "999999999999999999", "1000000000000000000",
    "-999999999999999999", "9" * 30, "0x" + "f" * 20, "1:30", "190:20:30.15", "-1:30", "1.5", "-2.", "1_0.2_5",
    ".inf", "-.Inf", "+.INF", ".NaN", ".nan", "6.0e+3", "1e5", "1.0e5", "2001-02-03", "2001-02-30",
    "2001-02-03 12:00:00", "2001-12-14t21:59:43.10-05:00", "<<", "=", "²", "-²", "٣", "１２", "1²", "①", "x²",
    "word", "two words", "a-b", "a_b", "Copper", "gold-west", "x1", "1x", "+", "-", ".", "..", "1..2",
    "0o17", "+0", "-0", "00", "1,000", "$5", "%", "é", "naïve", "1 2", "--1", "+-1", "0.0.1", "1e", "e5",
]
KEYS = ["a", "b", "name", "points", "players", "1", "2", "0x10", "012", "yes", "~", "1.5", "<<", "=", "²", "a b",
        "2001-02-03", "-1", "1_0", "1:30", "k", "k"]  # k twice: duplicates are more likely
MUTATIONS = ["- ", ": ", "? ", "&a ", "*a", "*a ", "!!str ", "!!int ", "!x ", "! ", "<<: ", "[", "]", "{", "}", ",",
             "\t", "\x01", "\x85", "\u2028", "'", '"', "\n", "\n---\n", "\n...\n", "#", "|", ">", "%YAML 1.1\n",
             "  ", "012", "1:30", "yes", "~", "²", "9" * 25, "\ufeff", "\\", "@", "`", "\r\n", "\r"]


def _files() -> Iterator[Case]:
    patterns = ["data/*.yaml", "layouts/*.yaml", "examples/*.yaml", "tests/**/*.yaml", "tests/**/*.yml"]
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            yield f"file:{path.relative_to(ROOT)}", path.read_bytes()


def _test_strings() -> Iterator[Case]:
    """Every string and bytes constant in the YAML tests (most are YAML snippets)."""
    for path in sorted(ROOT.glob("tests/test_yaml*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and len(node.value) < 5000:
                yield f"const:{path.name}:{node.lineno}:{node.col_offset}", node.value


def _scalar(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(TRICKY)
    if pick < 0.6:
        return str(rng.randrange(-10**6, 10**6))
    if pick < 0.7:
        return repr(rng.choice(TRICKY))  # single-quoted
    if pick < 0.75:
        return '"' + rng.choice(TRICKY) + '\\t"'
    return "".join(rng.choice("abcdefghijk_-") for _ in range(rng.randrange(1, 10)))


def _node(rng: random.Random, depth: int, indent: int, flow: bool) -> str:
    """A random node as YAML text, block or flow, with tricky plain scalars."""
    kind = rng.random() if depth < 5 else 0.0
    if kind < 0.5:
        return _scalar(rng)
    items = rng.randrange(0, 6)
    if kind < 0.75:
        if flow or rng.random() < 0.3:
            return "[" + ", ".join(_node(rng, depth + 1, indent, True) for _ in range(items)) + "]"
        if not items:
            return "[]"
        pad = " " * indent
        return "".join(f"\n{pad}- " + _node(rng, depth + 1, indent + 2, False) for _ in range(items))
    keys = [rng.choice(KEYS) if rng.random() < 0.6 else _scalar(rng) for _ in range(items)]
    if flow or rng.random() < 0.3:
        return "{" + ", ".join(f"{k}: {_node(rng, depth + 1, indent, True)}" for k in keys) + "}"
    if not items:
        return "{}"
    pad = " " * indent
    return "".join(f"\n{pad}{k}: " + _node(rng, depth + 1, indent + 2, False) for k in keys)


def _generated(rng: random.Random, count: int) -> Iterator[Case]:
    for i in range(count):
        yield f"gen:{i}", _node(rng, 0, 0, False).lstrip("\n") + "\n"
    for i in range(count // 4):  # what PyYAML itself writes, of random trees
        tree = _tree(rng, 0)
        style = rng.choice([None, True, False])
        yield f"dump:{i}", yaml.safe_dump(tree, default_flow_style=style, allow_unicode=rng.random() < 0.5)


def _tree(rng: random.Random, depth: int) -> Any:
    pick = rng.random() if depth < 5 else 0.0
    if pick < 0.5:
        return rng.choice([rng.choice(TRICKY), rng.randrange(-10**18 + 1, 10**18), rng.random() * 1e6, None, True,
                           False, "", "x\ny", rng.choice(TRICKY) + " " + rng.choice(TRICKY)])
    if pick < 0.75:
        return [_tree(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    return {rng.choice([rng.choice(KEYS), rng.randrange(-100, 100)]): _tree(rng, depth + 1)
            for _ in range(rng.randrange(0, 5))}


def _mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(text) + 1)
        action = rng.random()
        if action < 0.5:
            text = text[:at] + rng.choice(MUTATIONS) + text[at:]
        elif action < 0.7:
            text = text[:at] + text[at + rng.randrange(1, 8):]
        elif action < 0.85:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[i])  # a duplicate line: duplicate keys
            text = "\n".join(lines)
        else:
            text = text[:at] + rng.choice(TRICKY) + text[at:]
    return text


def _limits() -> Iterator[Case]:
    for depth in (63, 64, 65, 999, 1000, 1001, 1500, 30_000):
        yield f"deep-flow:{depth}", "[" * depth + "]" * depth
        yield f"deep-flow-map:{depth}", "{a: " * depth + "1" + "}" * depth
        yield f"deep-block:{depth}", "".join("  " * i + "-\n" for i in range(min(depth, 1200)))
        yield f"deep-in-doc:{depth}", "game: gold-west\nplayers: " + "[" * depth + "]" * depth + "\n"
    yield "many-nodes", "[" + "1, " * 200_001 + "1]"
    yield "many-nodes-map", "".join(f"k{i}: {i}\n" for i in range(100_001))
    yield "many-aliases", "- &a x\n" + "- *a\n" * 300
    yield "many-tags", "- !!int x\n" * 300
    yield "many-dups", "a: 1\n" * 300
    yield "problems-then-syntax", "a: [*x, *x, *x]\n" * 60 + "b: [1\n"
    yield "problems-then-second-doc", "- *a\n" * 150 + "---\n- 1\n"
    yield "long-number", "a: " + "9" * 100_000
    yield "long-float", "a: 1." + "9" * 100_000
    yield "long-string", "a: " + "x" * 100_000
    yield "too-big", b"a: 1\n" * (yamlio.MAX_BYTES // 5 + 1)
    yield "too-big-str", "a: 1\n" * (yamlio.MAX_BYTES // 5 + 1)
    yield "bom", b"\xef\xbb\xbfa: 1\n"
    yield "bad-utf8", b"a: 1\nb: caf\xe9\n"
    yield "utf16", b"\xff\xfea\x00:\x00"
    yield "controls", "a: \x1b[31mred\x1b[0m\n\x07\n"
    yield "empty", ""
    yield "empty-bytes", b""
    yield "comment-only", "# nothing\n"
    yield "explicit-doc", "--- \na: 1\n...\n"
    yield "two-docs", "a: 1\n---\nb: 2\n"


def _digest(raw: Union[bytes, str]) -> str:
    return hashlib.sha256(raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def corpus(seed: int = 27) -> Iterator[Case]:
    """The cases; each random part has its own seed (a mutant's is its source's text), so that
    a test string added or moved changes only its own cases."""
    files = list(_files())
    strings = list(_test_strings())
    generated = list(_generated(random.Random(f"{seed}:generated"), 6000))
    yield from files
    yield from strings
    yield from generated
    yield from _limits()
    for name, raw in files:  # the data files: many mutants each, most malformed
        text = raw.decode("utf-8", "replace")
        rng = random.Random(f"{seed}:{_digest(raw)}")
        for i in range(300 if name.startswith("file:data") else 60):
            yield f"mut:{name}:{i}", _mutate(rng, text)
    for name, raw in strings + generated:
        if isinstance(raw, str) and raw:
            rng = random.Random(f"{seed}:{_digest(raw)}")
            for i in range(2):
                yield f"mut:{name}:{i}", _mutate(rng, raw)
    rng = random.Random(f"{seed}:soup")
    for i in range(3000):  # text from the mutation alphabet alone
        yield f"soup:{i}", "".join(rng.choice(MUTATIONS + TRICKY) for _ in range(rng.randrange(1, 30)))


def outcome(raw: Union[bytes, str]) -> str:
    """The repr of everything parse_yaml gives back for `raw`."""
    try:
        doc = yamlio.parse_yaml(raw, "f.yaml")
    except InvalidInput as exc:
        return "problems " + repr([(p.file, p.message, p.line, p.column) for p in exc.problems])
    except Exception as exc:  # noqa: BLE001 - a crash is an outcome to compare too
        return f"crash {type(exc).__name__}: {exc}"
    return "doc " + repr((doc.name, doc.value, doc.positions, doc.key_positions, doc.problems))


def dump(target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    count = slow_count = 0
    start = time.perf_counter()
    with gzip.open(target, "wt", encoding="utf-8") as out:
        for name, raw in corpus():
            record = {"case": name, "input": _digest(raw), "type": type(raw).__name__, "c": outcome(raw)}
            if len(raw) < 3000 or name.startswith("file:"):  # the pure-Python parser as well
                saved, yamlio._Loader = yamlio._Loader, yaml.SafeLoader  # type: ignore[misc]
                try:
                    record["py"] = outcome(raw)
                finally:
                    yamlio._Loader = saved  # type: ignore[misc]
                slow_count += 1
            out.write(json.dumps(record) + "\n")
            count += 1
    print(f"{count} cases ({slow_count} also with the pure-Python parser) in "
          f"{time.perf_counter() - start:.0f} s -> {target}")


def compare(before: Path, after: Path) -> int:
    """Compare the cases both dumps have (the same input given the same way); a test string
    changed between the two makes a case that only one of them has."""
    def load(path: Path) -> dict[tuple[str, str], dict[str, str]]:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            return {(r["input"], r["type"]): r for r in map(json.loads, lines)}

    old, new = load(before), load(after)
    both = [key for key in old if key in new]
    kinds: dict[str, int] = {}
    differ = 0
    for key in both:
        a, b = old[key], new[key]
        kind = a["c"].split(" ", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
        if (a["c"], a.get("py")) != (b["c"], b.get("py")):
            differ += 1
            if differ <= 10:
                print(f"DIFFERS {b['case']}:\n  before {str(a)[:600]}\n  after  {str(b)[:600]}")
    outcomes = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    print(f"{len(both)} distinct inputs in both ({outcomes}; {sum('py' in old[k] for k in both)} also read with "
          f"the pure-Python parser), {len(old) - len(both)} only before, {len(new) - len(both)} only after: "
          f"{differ} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("dump").add_argument("target", type=Path)
    both = sub.add_parser("compare")
    both.add_argument("before", type=Path)
    both.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.target)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
