"""Scoring leaves the garbage collector as the host program set it (sheetgen tunes no gc)."""

from conftest import ROOT


def test_reading_a_file_leaves_a_host_programs_frozen_objects_frozen():
    """A program that froze objects (before forking, say) finds them still frozen after a score;
    with nothing frozen, none is frozen after.

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
