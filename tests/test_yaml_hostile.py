"""Hostile YAML: every input is a Document or located problems, quickly; never a traceback.

By class: scalars the reader must build itself, nesting, node and problem
limits, aliases, bytes and characters, messages that must stay on one line,
things that are not regular files, and time on 1 MB inputs of several shapes.
"""

import math
import os
import re
import socket
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen import ruledata
from sheetgen.results import yaml as yamlio
from sheetgen.errors import InvalidInput, Problem
from sheetgen.games import all_games, get_game
from sheetgen.paths import bundled
from sheetgen.results.document import Document
from sheetgen.results.yaml import MAX_BYTES, MAX_DEPTH, MAX_NODES, parse_yaml, read_limited, read_yaml

from conftest import examples

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def value(text):
    return parse_yaml(text.encode(), "f.yaml").value


def problems(text):
    with pytest.raises(InvalidInput) as info:
        parse_yaml(text.encode() if isinstance(text, str) else text, "f.yaml")
    return [str(p) for p in info.value.problems]


def sheetgen(*args, cwd):
    """`python -m sheetgen ARGS` on this source tree, in a subprocess: a crash or hang shows."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


# --- scalar kinds -------------------------------------------------------------

def test_dates_and_timestamps_stay_as_written():
    assert value("name: 2001-02-30\nwhen: 2001-02-03 12:00:00\nday: 2024-01-31\n") == {
        "name": "2001-02-30", "when": "2001-02-03 12:00:00", "day": "2024-01-31"}
    assert value("2001-02-30: x\n") == {"2001-02-30": "x"}


@pytest.mark.parametrize("tagged", [
    "!!int abc", "!!int 3", "!!float", "!!float x", "!!binary abc", "!!binary '!!'", "!!timestamp 2001-02-30",
    "!!set {a}", "!!omap [a: 1]", "!!seq [1]", "!!map {a: 1}", "!!str 012", "!!bool maybe", "!!null x",
    "! x", "!custom 3", "!<tag:example.com,2024:x> y", "!!python/object:os.system {}",
])
def test_explicit_tags_are_one_problem_at_the_node(tagged):
    shown = tagged.split()[0].removeprefix("!<").removesuffix(">")
    assert problems(f"a: 1\nb: {tagged}\n") == [
        f"f.yaml:2:4: explicit YAML tags such as {shown} are not allowed; "
        "write the plain value (in quotes if it is text)"]


def test_explicit_tags_name_the_tag_and_reach_keys_and_list_items():
    assert problems("b: !!binary abc\n") == ["f.yaml:1:4: explicit YAML tags such as !!binary are not allowed; "
                                             "write the plain value (in quotes if it is text)"]
    assert [p.split(": ")[0] for p in problems("!!str a: 1\nb: [1, !x 2, !!int 3]\n")] == [
        "f.yaml:1:1", "f.yaml:2:8", "f.yaml:2:14"]


def test_whole_numbers_in_every_yaml_form_that_is_not_a_trap():
    assert value("a: [0, 7, -7, +7, 1_000, 0x1F, -0x_1f, 0b101, 999999999999999999, -999999999999999999]") == {
        "a": [0, 7, -7, 7, 1000, 31, -31, 5, 10**18 - 1, -(10**18 - 1)]}


@pytest.mark.parametrize("number", ["1000000000000000000", "-1000000000000000000", "9" * 5000, "-" + "9" * 5000,
                                    "0x" + "f" * 20, "1_000_000_000_000_000_000", "0b" + "1" * 70])
def test_too_large_numbers_are_located(number):
    found = problems(f"a: 1\nb: {number}\n")
    assert len(found) == 1 and found[0].startswith("f.yaml:2:4: number too large: ")
    assert len(found[0]) < 200  # the number itself is shortened


def test_leading_zero_is_octal_in_yaml_so_it_is_reported_with_the_fix():
    assert problems("a: 012\n") == ["f.yaml:1:4: YAML reads a number that starts with 0 (012) as octal; "
                                    "write 12, or put it in quotes if it is text"]
    assert "write -7," in problems("a: -007\n")[0]
    assert value("a: '012'\nb: 09\nc: 0\n") == {"a": "012", "b": "09", "c": 0}  # 09 is not octal: text


def test_base_60_stays_as_written():
    assert value("a: 1:30\nb: 190:20:30.15\n") == {"a": "1:30", "b": "190:20:30.15"}


def test_floats_stay_floats_so_a_schema_can_say_whole_number():
    got = value("a: 1.5\nb: -2.\nc: 1_0.2_5\nd: .inf\ne: -.Inf\nf: .NaN\ng: 6.0e+3\n")
    assert got["a"] == 1.5 and got["b"] == -2.0 and got["c"] == 10.25 and got["g"] == 6000.0
    assert got["d"] == math.inf and got["e"] == -math.inf and math.isnan(got["f"])
    assert all(type(v) is float for v in got.values())
    assert value("a: 1." + "9" * 500_000 + "\n")["a"] == 2.0


@pytest.mark.parametrize("digits", ["²", "-²", "٣", "１２", "1²", "①"])
def test_digits_other_than_0_to_9_are_located_where_unquoted(digits):
    assert problems(f"a: 1\nb: {digits}\n") == [
        f"f.yaml:2:4: '{digits}' is written with digits other than 0-9; "
        "write the number with 0-9, or in quotes if it is text"]
    assert problems(f"{digits}: 1\n")[0].startswith("f.yaml:1:1: ")
    assert value(f"a: '{digits}'\nb: x{digits}\n") == {"a": digits, "b": f"x{digits}"}


def test_booleans_nulls_and_text():
    assert value("a: [yes, No, on, OFF, true, False, ~, null, '', x, '1', <<, =]\nb:\n") == {
        "a": [True, False, True, False, True, False, None, None, "", "x", "1", "<<", "="], "b": None}


def test_keys_are_words_or_whole_numbers():
    assert value("1: a\nx: b\n0x10: c\n") == {1: "a", "x": "b", 16: "c"}
    for bad in ("yes: 1\n", "1.5: 1\n", "~: 1\n", "[a]: 1\n", "{a: 1}: 1\n", "? - a\n: 1\n"):
        found = problems(bad)
        assert len(found) == 1 and found[0].startswith("f.yaml:1:") and "a key must be" in found[0], bad
    assert problems("012: 1\n")[0].startswith("f.yaml:1:1: YAML reads a number that starts with 0")
    assert problems("a: 1\n<<: {b: 2}\n") == ["f.yaml:2:1: YAML merge keys (<<) are not allowed; write the keys out"]


def test_a_second_document_is_located():
    assert problems("a: 1\n---\nb: 2\n") == ["f.yaml:2:1: invalid YAML: a file holds one document; "
                                             "a second one starts here"]


# --- nesting and limits -------------------------------------------------------

@pytest.mark.parametrize("shape", ["flow", "block"])
def test_nesting_limit_is_one_located_problem(shape):
    def nested(depth):
        if shape == "flow":
            return "[" * depth + "]" * depth
        return "".join("  " * i + "-\n" for i in range(depth))

    parse_yaml(nested(MAX_DEPTH).encode(), "f.yaml")
    found = problems(nested(MAX_DEPTH + 1))
    where = "1:65" if shape == "flow" else "65:129"
    assert found == [f"f.yaml:{where}: lists and mappings are nested more than {MAX_DEPTH} deep; "
                     "stopped reading here"]


@pytest.mark.parametrize("depth", [500, 30_000])
def test_deep_nesting_from_the_command_line_is_exit_1_not_a_crash(tmp_path, depth):
    target = tmp_path / "deep.yaml"
    target.write_text("game: gold-west\nplayers: " + "[" * depth + "]" * depth + "\n")
    proc = sheetgen("check", str(target), cwd=tmp_path)
    assert proc.returncode == 1, proc  # a segfault is -11, a RecursionError a traceback
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [  # the file's mapping is the first level, the 64th [ the 65th
        f"{target}:2:73: lists and mappings are nested more than {MAX_DEPTH} deep; stopped reading here",
        "1 problem found."]


def test_node_count_limit_is_one_located_problem(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_NODES", 10)
    assert value("[1, 2, 3, 4, 5, 6, 7, 8, 9]") == list(range(1, 10))  # the list and 9 items
    assert problems("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]") == [
        "f.yaml:1:29: more than 10 keys and values in one file; stopped reading here"]
    assert problems("a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n")[-1].startswith("f.yaml:5:4: more than 10 keys")


def test_problems_are_capped_and_the_rest_counted(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_PROBLEMS", 3)
    found = problems("a: &x 1\nb: [*x, *x, *x, *x, *x]\n")
    assert found == ["f.yaml:2:5: YAML anchors and aliases (&name, *name) are not allowed; write the value out",
                     "f.yaml:2:9: YAML anchors and aliases (&name, *name) are not allowed; write the value out",
                     "f.yaml:2:13: YAML anchors and aliases (&name, *name) are not allowed; write the value out",
                     "f.yaml: ... and 2 more problems"]


def test_a_limit_or_syntax_error_is_listed_after_the_cap(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_PROBLEMS", 1)
    found = problems("a: [*x, *x, *x]\nb: [1\n")
    assert found[:2] == ["f.yaml:1:5: YAML anchors and aliases (&name, *name) are not allowed; write the value out",
                         "f.yaml: ... and 2 more problems"]
    assert len(found) == 3 and found[2].startswith("f.yaml:3:1: invalid YAML: ")


# --- aliases --------------------------------------------------------------------

def test_each_alias_is_reported_once_at_the_alias():
    assert [p.split(": ")[0] for p in problems("a: &x [1, 2]\nb: *x\nc: [*x, *x]\n*x : 1\n")] == [
        "f.yaml:2:4", "f.yaml:3:5", "f.yaml:3:9", "f.yaml:4:1"]
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(9))
    found = problems(laughs)
    assert len(found) == 36 == len(set(found))


def test_an_anchor_alone_is_harmless():
    assert value("a: &x 1\nb: &y [2]\n") == {"a": 1, "b": [2]}


# --- bytes, characters, one problem per line ------------------------------------

def test_non_utf8_is_located_at_the_bad_byte():
    assert problems(b"a: 1\nb: caf\xe9\n") == ["f.yaml:2:7: not UTF-8 text (byte 0xe9); save the file as UTF-8"]
    # the column counts characters, not bytes, and a byte-order mark is not one
    assert problems(b"\xef\xbb\xbfa: \xc3\xa9\xff\n") == [
        "f.yaml:1:5: not UTF-8 text (byte 0xff); save the file as UTF-8"]
    assert problems(b"\xff\xfea\x00:\x00")[0].startswith("f.yaml:1:1: not UTF-8")  # UTF-16


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x00", "\x7f", "\x9b", "\ufffe"])
def test_a_control_character_is_one_located_problem(char):
    found = problems(f"a: 1\nb: x{char}y\n")
    assert len(found) == 1
    assert re.fullmatch(rf"f\.yaml:2:5: (control )?character U\+{ord(char):04X} is not allowed; delete it", found[0])


def test_many_control_characters_are_counted_not_listed():
    assert problems("a: \x1b[31mred\x1b[0m\n\x07\n") == [
        "f.yaml:1:4: control character U+001B is not allowed; delete it (2 more like it in this file)"]


def test_a_problem_is_always_one_line():
    assert str(Problem("f.yaml", "unknown key 'a\nb'\r\t\x1b[2J\u2028", 3, 1)) == \
        "f.yaml:3:1: unknown key 'a\\nb'\\r\\t\\x1b[2J\\u2028"
    assert str(Problem("new\nline.yaml", "x")) == "new\\nline.yaml: x"
    assert str(Problem("f.yaml", "'\u202eevil'")) == "f.yaml: '\\u202eevil'"  # a bidi override
    doc = parse_yaml('"a\\nb\\e": 1\n', "f.yaml")
    key = next(iter(doc.value))
    assert str(doc.problem((key,), f"unknown key '{key}'", at_key=True)) == "f.yaml:1:1: unknown key 'a\\nb\\x1b'"


def test_a_key_with_a_newline_stays_on_one_line_from_the_command_line(tmp_path, run):
    target = tmp_path / "game.yaml"
    text = (ROOT / "examples" / "rolled-west-game.yaml").read_text()
    target.write_text(text + '"evil\\nkey\\e[2J": 1\n', encoding="utf-8")
    result = run("check", str(target))
    assert result.code == 1 and "\x1b" not in result.err
    lines = result.err.splitlines()
    assert any("evil\\nkey\\x1b[2J" in line for line in lines)
    assert all(line.startswith(str(target)) for line in lines[:-1]) and lines[-1].endswith("found.")


# --- things that are not regular files ------------------------------------------

def test_a_folder_is_refused(tmp_path):
    with pytest.raises(InvalidInput, match="is a folder, not a file"):
        read_yaml(tmp_path)


@needs_fifo
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "results.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InvalidInput) as info:
        read_limited(fifo, name="results.yaml")
    assert [str(p) for p in info.value.problems] == ["results.yaml: is a FIFO (named pipe), not a file"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_is_refused_not_read_forever(tmp_path):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(InvalidInput, match="is a device, not a file"):
        read_yaml(link)


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets")
def test_a_socket_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short relative name: socket paths are limited to ~100 bytes
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind("s.yaml")
        with pytest.raises(InvalidInput, match="is a socket, not a file"):
            read_yaml("s.yaml")
    finally:
        server.close()


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: 1\n" * 10)
    assert read_limited(big, 50) == b"a: 1\n" * 10
    with pytest.raises(InvalidInput, match="file is 50 bytes; the limit is 49"):
        read_limited(big, 49)


@needs_fifo
def test_check_of_a_fifo_from_the_command_line(tmp_path):
    os.mkfifo(tmp_path / "game.yaml")
    proc = sheetgen("check", "game.yaml", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == ["game.yaml: is a FIFO (named pipe), not a file", "1 problem found."]


@needs_fifo
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_data_check_names_each_data_file_that_is_not_a_file(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for path in bundled("data").glob("*.yaml"):
        (data / path.name).write_bytes(path.read_bytes())
    for name in ("gold-west", "rolled-west", "piecepack-gold-rush"):
        (data / f"{name}.yaml").unlink()
    (data / "gold-west.yaml").symlink_to("/dev/zero")
    os.mkfifo(data / "rolled-west.yaml")
    (data / "piecepack-gold-rush.yaml").mkdir()
    proc = sheetgen("--data", "data", "data", "check", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [f"ok  {os.path.join('data', 'carcassonne-gold-rush.yaml')}"]
    assert proc.stderr.splitlines() == [
        f"{os.path.join('data', 'gold-west.yaml')}: is a device, not a file",
        f"{os.path.join('data', 'piecepack-gold-rush.yaml')}: is a folder, not a file",
        f"{os.path.join('data', 'rolled-west.yaml')}: is a FIFO (named pipe), not a file",
        "3 problems found."]
    with pytest.raises(InvalidInput, match="rolled-west.yaml: is a FIFO"):
        ruledata.load(get_game("rolled-west"), data)


def test_missing_rule_data_still_says_where_to_copy_it_from(tmp_path):
    with pytest.raises(InvalidInput, match="no rule data for gold-west here; copy it from"):
        ruledata.load(get_game("gold-west"), tmp_path)


# --- time ---------------------------------------------------------------------

def _fill(unit, head="", tail=""):
    """head + unit repeated + tail, as close to MAX_BYTES as whole units allow."""
    return head + unit * ((MAX_BYTES - len(head) - len(tail)) // len(unit)) + tail


# each shape, and what reading it must end with (None: a Document)
SHAPES = {
    "deep": (lambda: "[" * (MAX_BYTES // 2) + "]" * (MAX_BYTES // 2), "nested more than"),
    "wide list": (lambda: _fill("1, ", "[", "1]"), f"more than {MAX_NODES:,} keys and values"),
    "deep and wide": (lambda: _fill("1, ", "[" * (MAX_DEPTH - 1), "1" + "]" * (MAX_DEPTH - 1)), "more than"),
    "many keys": (lambda: "".join(f"k{i:06}: v\n" for i in range(MAX_BYTES // 11)), None),
    "long string": (lambda: "a: " + "x" * (MAX_BYTES - 3), None),
    "long number": (lambda: "a: " + "9" * (MAX_BYTES - 3), "number too large"),
    "many aliases": (lambda: _fill("- *a\n", "- &a x\n"), "more problems"),
    "many problems": (lambda: _fill("- !!int x\n"), "more problems"),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_megabyte_of_any_shape_is_answered_quickly(shape):
    make, ending = SHAPES[shape]
    raw = make().encode()
    assert MAX_BYTES * 0.95 < len(raw) <= MAX_BYTES
    # CPU time, not the wall clock: other processes on a busy machine must not fail this
    start = time.process_time()
    try:
        parse_yaml(raw, "f.yaml")
        last = None
    except InvalidInput as exc:
        assert len(exc.problems) <= yamlio.MAX_PROBLEMS + 2  # the listed, the count of the rest, a limit
        last = str(exc.problems[-1])
    assert time.process_time() - start < 2.0
    assert last is None if ending is None else ending in last


# --- anything at all ------------------------------------------------------------

_PIECES = st.sampled_from(list("-:[]{},&*!|>'\"#%@`?\n\t ~.0123456789ayN_+<=\\") + [
    "\u00e9", "\x85", "\u2028", "\ufeff", "²", "\x1b", "\x00", "!!int ", "!!binary ", "!x ", "&a ", "*a", "---\n",
    "...\n", "0x", "0b", "012", ": ", "- ", "? ", "2001-02-30", "9" * 30, "%YAML 1.1\n", "<<: ", "\"\\e\""])
ANYTHING = st.one_of(st.lists(_PIECES, max_size=40).map("".join), st.text(max_size=80), st.binary(max_size=80))


@settings(max_examples=examples(25, 200), deadline=None)
@given(ANYTHING)
def test_anything_is_a_document_or_located_problems(raw):
    try:
        assert isinstance(parse_yaml(raw, "f.yaml"), Document)
    except InvalidInput as exc:
        assert exc.problems and all("\n" not in str(p) and str(p).startswith("f.yaml:") for p in exc.problems)


# words the resolver reads as something else (PyYAML quotes them), repeated often so that a
# value or key is met again after it was first read
_WORDS = st.sampled_from(["yes", "No", "on", "~", "null", "", "012", "09", "1:30", "<<", "=", "2001-02-03", "1_000",
                          "0x1F", ".inf", "1e5", "1.5", "name", "Copper", "a b", "-", "x\ny", "#", "é"])
_TEXT = st.text(alphabet=string.ascii_letters + string.digits + string.punctuation + " é", max_size=8)
_WHOLE = st.integers(-10**18 + 1, 10**18 - 1)
_TREES = st.recursive(
    st.one_of(_WORDS, _TEXT, _WHOLE, st.booleans(), st.none(), st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.one_of(_WORDS, _TEXT, _WHOLE), inner, max_size=5)),
    max_leaves=40)


def _places(tree, path=()):
    """(path, is it a mapping's key) for every value in `tree`, itself included."""
    yield path, False
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for key, item in items:
        for place, at_key in _places(item, path + (key,)):
            yield place, at_key or (place == path + (key,) and isinstance(tree, dict))


@settings(max_examples=examples(25, 500), deadline=None)
@given(_TREES, st.sampled_from([None, True, False]))
def test_what_pyyaml_writes_reads_back_with_every_place(tree, flow):
    text = yaml.safe_dump(tree, default_flow_style=flow, sort_keys=False, allow_unicode=True)
    doc = parse_yaml(text.encode(), "f.yaml")
    assert repr(doc.value) == repr(tree)  # types and order as well: True is not 1, 1.0 is not 1
    places = list(_places(tree))
    assert set(doc.positions) == {path for path, _ in places}
    assert set(doc.key_positions) == {path for path, at_key in places if at_key}
    lines = text.splitlines()
    for path, (line, column) in doc.key_positions.items():  # a key is where its text is
        assert lines[line - 1][column - 1:].startswith(("'", '"', str(path[-1])[:1])), (path, line, column)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_pure_python_parser_reads_the_same(monkeypatch, example):
    raw = example.read_bytes()
    fast = parse_yaml(raw, "f.yaml")
    assert fast.value == yaml.safe_load(raw)
    monkeypatch.setattr(yamlio, "_Loader", yaml.SafeLoader)
    slow = parse_yaml(raw, "f.yaml")
    assert (slow.value, slow.positions, slow.key_positions) == (fast.value, fast.positions, fast.key_positions)
    for text in ("[" * 100 + "]" * 100, "a: &x 1\nb: *x\n", "a: !!int 1\nb: 2001-02-30\n"):
        assert problems(text)  # still refused, by the same rules


def test_every_bundled_file_still_reads_as_before():
    good, found = ruledata.check_folder(bundled("data"), all_games())
    assert found == [] and len(good) == len(all_games())
    for path in bundled("layouts").glob("*.yaml"):
        assert read_yaml(path).value == yaml.safe_load(path.read_bytes())
