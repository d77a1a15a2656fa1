"""The plain records that stand in for dataclasses (sheetgen.record) behave as frozen dataclasses do."""

import copy
import pickle

import pytest

from conftest import ROOT
from sheetgen.errors import Problem
from sheetgen.record import FrozenRecord


def test_a_frozen_record_compares_hashes_copies_and_refuses_assignment():
    a = Problem("f.yaml", "bad", 3, 4)
    assert a == Problem("f.yaml", "bad", line=3, column=4) and a != Problem("f.yaml", "bad", 3, 5)
    assert len({a, Problem("f.yaml", "bad", 3, 4)}) == 1
    assert repr(a) == "Problem(file='f.yaml', message='bad', line=3, column=4, page=None, field=None)"
    assert pickle.loads(pickle.dumps(a)) == a == copy.deepcopy(a)
    with pytest.raises(AttributeError):
        a.line = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.line  # type: ignore[misc]


class Tally(FrozenRecord):
    __slots__ = _fields = ("name", "total", "rank", "breakdown")

    def __init__(self, name, total, rank=0, breakdown=None):
        self._set(name, total, rank, {} if breakdown is None else breakdown)


def test_replace_makes_a_changed_copy_and_refuses_an_unknown_field():
    p = Tally("Ann", 5, breakdown={"a": 5})
    q = p.replace(rank=1)
    assert (q.rank, q.name, q.breakdown, p.rank) == (1, "Ann", {"a": 5}, 0)
    with pytest.raises(TypeError):
        p.replace(colour="red")


def test_reading_a_file_leaves_a_host_programs_frozen_objects_frozen():
    """A program that froze objects (before forking, say) finds them still frozen after a score;
    with nothing frozen, what the reading made is moved to the oldest generation, none frozen.

    Run in a fresh process: in the suite's shared worker, objects another test left behind may be
    frozen here and freed during the score, which lowers the count without unfreezing anything."""
    import subprocess
    import sys

    probe = f"""
import gc, sys
sys.path.insert(0, {str(ROOT)!r})
import sheetgen
text = open({str(ROOT / "examples" / "rolled-west-game.yaml")!r}, encoding="utf-8").read()
game = sheetgen.game("rolled-west")
assert gc.get_freeze_count() == 0
game.score(text=text)
assert gc.get_freeze_count() == 0
kept = [object() for _ in range(10)]  # something of the host's own
gc.freeze()
frozen = gc.get_freeze_count()
assert frozen > 0
game.score(text=text)
assert gc.get_freeze_count() == frozen, (gc.get_freeze_count(), frozen)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
