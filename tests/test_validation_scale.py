"""Refusing a huge results file takes time linear in its size.

A file of thousands of players, each with one bad field, is read and checked
(parse, schema, the game's own checks) and refused with a problem per player.
Timing is CPU time, the least of a few runs, with the garbage collector paused
(its full passes grow with the heap, whatever our code does), so a loaded
machine does not fail it: four times the players must cost well under sixteen
times the time (what a quadratic step would cost), and the largest file stays
far inside an absolute bound (bench/bench_batch.py measures the real figure,
collector running, against its floor of 0.5 s for 10,000 players).
"""

import gc
import time

import pytest

import sheetgen
from sheetgen.errors import InvalidInput

SMALL, LARGE = 2_000, 8_000
RATIO_LIMIT = 7  # linear is 4 (a little more as memory grows); a quadratic step drives it towards 16
ABSOLUTE_LIMIT = 4.0  # seconds of CPU for LARGE players: about ten times the figure on a quiet machine


def results_file(game: str, players: int) -> str:
    lines = [f"game: {game}", "players:"]
    for i in range(players):
        if game == "piecepack-gold-rush":
            lines.append(f"  - {{name: P{i}, ore: x, gold: 1, food: 1, buildings: [Farm]}}")
        else:
            lines.append(f"  - {{name: P{i}, claims: {{woods: [camp]}}, shipping: {{copper: x}}}}")
    return "\n".join(lines) + "\n"


def refuse(game: str, text: str) -> list:
    """The problems `score` refuses the file with."""
    with pytest.raises(InvalidInput) as info:
        sheetgen.game(game).score(text=text, name="huge.yaml")
    return info.value.problems


def cpu_time(work, runs: int = 3) -> float:
    best = float("inf")
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(runs):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
    finally:
        if collecting:
            gc.enable()
    return best


@pytest.mark.parametrize("game", ["piecepack-gold-rush", "rolled-west"])
def test_refusing_a_huge_file_takes_linear_time(game):
    small, large = results_file(game, SMALL), results_file(game, LARGE)
    problems = refuse(game, large)
    bad = [p for p in problems if "got 'x'" in p.message]
    assert len(bad) == LARGE  # one problem per player, each placed at its own line
    assert len({p.line for p in bad}) == LARGE
    assert any(f"this file has {LARGE}" in p.message for p in problems)
    t_small = cpu_time(lambda: refuse(game, small))
    t_large = cpu_time(lambda: refuse(game, large), runs=2)
    assert t_large < RATIO_LIMIT * t_small, f"{LARGE} players took {t_large / t_small:.1f}x {SMALL} players"
    assert t_large < ABSOLUTE_LIMIT


def test_a_text_listing_prints_the_first_problems_and_counts_the_rest(run, tmp_path):
    (tmp_path / "huge.yaml").write_text(results_file("piecepack-gold-rush", 500), encoding="utf-8")
    (tmp_path / "small.yaml").write_text(results_file("piecepack-gold-rush", 3), encoding="utf-8")
    shown = run("check", "huge.yaml")
    lines = shown.err.splitlines()
    assert shown.code == 1 and len(lines) == 102
    assert lines[99].startswith("huge.yaml:") and lines[100] == "... and 401 more problems, not listed: fix these first"
    assert lines[101] == "501 problems found."
    several = run("check", "huge.yaml", "small.yaml").err.splitlines()
    assert several.count("... and 401 more problems, not listed: fix these first") == 1
    assert sum(1 for line in several if line.startswith("small.yaml:")) == 3  # a short list is listed whole
    import json

    assert len(json.loads(run("check", "huge.yaml", "--format", "json").out)["problems"]) == 501
