"""Pausing the cyclic garbage collector while a results file is read and checked.

Reading a file makes a container per list and mapping, a tuple per recorded
position, and checking it makes an entry per player; nearly all of them live
on (in the document, the outcome) or die by reference counting. None is cyclic
garbage, so a collector pass in the middle frees nothing and walks them all.

Pausing alone only defers that walk: the collector counts what was made while
paused, and its next young pass walks every survivor (for a file of 10,000
players, a sixth of the time of refusing it). So on leaving, what the collector
tracks is moved straight to its oldest generation (gc.freeze then
gc.unfreeze, each a constant-time list splice, which also resets the young
count): it is walked only by the rare full collections, which still free any
cycle made in the meantime.
"""

from __future__ import annotations

import gc
from typing import Any


def settle() -> None:
    """Move every object the collector tracks to its oldest generation and reset the young count.

    A program using sheetgen as a library may have frozen objects for reasons of its own
    (before forking workers, say): then nothing is moved (unfreezing would thaw them too),
    and what a file makes is left to the young collections, as without the pause."""
    if gc.get_freeze_count():
        return
    gc.freeze()
    gc.unfreeze()


class paused:
    """`with paused():` runs its body with the collector off, then settles what it made (see above).

    Nested uses are fine: only the outermost (the one that found the collector on) turns it back on.
    """

    __slots__ = ("collecting",)

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self.collecting:
            settle()
            gc.enable()
