"""Results files written by an attacker: each class of hostile input, bounded (the long run is
bench/fuzz_results.py). Every run ends in exit 0 or 1 with a message, in bounded time."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SCALARS = ["2001-02-30", "!!int abc", "!!binary AAAA", "9" * 4301, "²", "012", "1:30", ".nan", "1e400",
           "\"\\e[2J\"", "\"a\\nb\"", "*alias", "!!set {a}"]
NAMES = ["\"Ann\\e]0;owned\\a\"", "\"Zoe\\u0308\"", "\"Ann\\u200b\"", "\"\\u202eBen\"", "\"" + "A" * 300 + "\""]


def first_name(text: str) -> str:
    """The line with the first player's name, as written."""
    return next(line for line in text.splitlines() if "name:" in line or line.startswith("players: ["))


def with_first_number(text: str, scalar: str) -> str:
    """`text` with its first plain number value (`key: 12`, block or flow) written as `scalar`."""
    found = re.search(r"(?m)^(?!\s*#).*?\b[A-Za-z_]\w*: (\d+)\b", text)
    assert found, "the example has a number"
    return text[:found.start(1)] + scalar + text[found.end(1):]


def clean(run, path: Path, seconds: float = 2.0) -> None:
    for command in ("check", "score"):
        start = time.process_time()
        result = run(command, str(path))
        took = time.process_time() - start
        assert result.code in (0, 1), result
        assert "Traceback" not in result.err and (result.code == 0 or result.err.strip())
        assert "\x1b" not in result.out + result.err  # escape sequences never reach the terminal raw
        assert took < seconds, f"{command} took {took:.2f} s"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("scalar", SCALARS)
def test_scalars_the_reader_must_not_trust(run, tmp_path, example, scalar):
    target = tmp_path / "r.yaml"
    target.write_text(with_first_number(example.read_text(encoding="utf-8"), scalar), encoding="utf-8")
    clean(run, target)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("name", NAMES)
def test_names_that_attack_the_terminal_or_look_alike(run, tmp_path, example, name):
    text = example.read_text(encoding="utf-8")
    line = first_name(text)
    written = line.split("name:")[0] + "name: " + name if "name:" in line else line.replace("[", f"[{name}, ", 1)
    target = tmp_path / "r.yaml"
    target.write_text(text.replace(line, written, 1), encoding="utf-8")
    clean(run, target)


@pytest.mark.parametrize("depth", [100, 30000])
def test_deep_nesting_in_a_results_file(run, tmp_path, depth):
    target = tmp_path / "r.yaml"
    target.write_text("game: rolled-west\nplayers: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    clean(run, target)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_a_megabyte_of_broken_entries_is_answered_in_time(run, tmp_path, example):
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    listed = "features" if "features" in data else "players"
    entry = data[listed][0]
    broken = {k: "x" for k in entry} if isinstance(entry, dict) else "x"
    data[listed] = [broken] * 30000
    text = yaml.safe_dump(data, sort_keys=False)[:990_000]
    text = text[:text.rfind("\n- ")] + "\n"  # end on a whole entry
    target = tmp_path / "big.yaml"
    target.write_text(text, encoding="utf-8")
    assert len(text) > 200_000
    clean(run, target)


@pytest.mark.parametrize("game", ["rolled-west", "piecepack-gold-rush", "gold-west"])
def test_ten_thousand_players_with_one_bad_field_each_are_refused_fast(run, tmp_path, game):
    example = yaml.safe_load((ROOT / "examples" / f"{game}-game.yaml").read_text(encoding="utf-8"))
    player = dict(example["players"][0])
    players = []
    for i in range(10_000):
        entry = dict(player, name=f"P{i}")
        entry["total" if "total" in entry else "name"] = "bad" if "total" in entry else 7
        players.append(entry)
    target = tmp_path / "many.yaml"
    # libyaml's emitter when PyYAML has it: the same text as safe_dump's, several times faster
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    target.write_text(yaml.dump({"game": game, "players": players}, sort_keys=False, Dumper=dumper), encoding="utf-8")
    start = time.process_time()
    result = run("check", str(target))
    parse_and_check = time.process_time() - start
    assert result.code == 1 and "Traceback" not in result.err
    assert parse_and_check < 3.0  # reading 10,000 entries included; the checks alone are well under 0.5 s
