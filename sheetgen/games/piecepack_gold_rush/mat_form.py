"""The Gold Rush (piecepack) player mat's form: every field's name, and what it means in a results file.

`sheetgen sheet piecepack-gold-rush --fillable` puts a form field over each box
a player writes in (mat.py places them, next to the boxes they cover). In the
PDF, page N's field F is `piecepack-gold-rush.mat.pN.F`; F is one of these
(`sheetgen sheet piecepack-gold-rush --fields` lists them all, in tab order):

    name                       text    the player's name             -> name
    RESOURCE.0 ... .19         check   the count held on the track   -> RESOURCE: N  (ore, gold, food)
    RESOURCE.laps              number  times past the track's end    -> adds 20 to RESOURCE each
    energy.0 ... .laps         check, number: the Energy track       (for play; not read)
    round.1 ... round.9        check   the round is played           (for play; not read)
    plot.N.building            choice  the plot's building           -> buildings: [...]
    plot.N.tile, .coin, .upgrades, .civic   text, number             (for play; not read)
    score.CATEGORY             number  the final score's parts       (for play; not read)
    total                      number  the total                     -> total
    tie.RESOURCE               number  the tie-breaker held          (for play; not read)

RESOURCE and CATEGORY come from the rule data (ore, gold, food; ore, gold,
buildings); N counts plots from 1. A track reads as the one checked cell
plus 20 for each lap written in its "+20" box, so 23 Ore is `ore.3` checked
and `ore.laps` 1. Buildings are read in plot order, empty plots skipped. A
box "for play" is there to use while playing; the scorer works those numbers
out itself.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, Sequence

from sheetgen import layouts
from sheetgen.sheet import field_name
from sheetgen.results.forms import Binding, FieldValue, NumberValue, PageValues, SheetForm, Slot, TextValue
from sheetgen.games.piecepack_gold_rush.rules import norm
from sheetgen.games.piecepack_gold_rush.score import BUILDINGS, GoldRushScorer, Mat

PART = "mat"
NAME, TOTAL = "name", "total"
PLOT_BOXES = ("tile", "coin", "building", "upgrades", "civic")  # a plot's boxes, in tab order
UNSCORED = "{resource} never scores"
_LAPS = re.compile(r"[0-9]{1,6}")


# the fields' names (mat.py draws the boxes under the same names)
cell: Callable[[str, int], str] = field_name  # resource, n


def laps(resource: str) -> str:
    return field_name(resource, "laps")


round_box: Callable[[int], str] = partial(field_name, "round")
plot: Callable[[int, str], str] = partial(field_name, "plot")  # n, box
score: Callable[[str], str] = partial(field_name, "score")
tie: Callable[[str], str] = partial(field_name, "tie")


class Track(Binding):
    """A resource track: one check box per cell (0 .. cells-1) and a number of laps past its end.
    It reads as the checked cell plus `cells` per lap; exactly one cell must be checked."""

    def __init__(self, key: str, word: str, cells: Sequence[str], lap: str):
        self.key, self.word = key, word
        self.boxes = list(cells)
        self.lap = lap

    def cells(self) -> list[str]:
        return [*self.boxes, self.lap]

    def read(self, page: PageValues) -> Any:
        checked = [n for n, name in enumerate(self.boxes) if page.checked(name)]
        lap_text = page.text(self.lap)
        # a problem with the count is the laps box's when laps are written (the count's larger part)
        at = self.lap if lap_text.strip("0") else self.boxes[checked[0]] if checked else self.boxes[0]
        page.place(self.path, at)
        if len(checked) > 1:
            shown = ", ".join(str(n) for n in checked[:-1]) + f" and {checked[-1]}"
            page.fail(self.boxes[checked[1]], f"{self.word}: cells {shown} are checked; check only the one "
                                              f"you hold")
        count = 0
        if lap_text:
            if not _LAPS.fullmatch(lap_text):
                page.fail(self.lap, f"{self.word}: write how many times the count went past "
                                    f"{len(self.boxes) - 1} (a whole number, 0 or more), not '{lap_text}'")
            else:
                count = int(lap_text)
        if not checked:
            if lap_text:
                page.fail(self.lap, f"{self.word}: laps are written but no cell is checked; check the cell "
                                    f"the count stands on (0 to {len(self.boxes) - 1})")
            else:
                page.fail(self.boxes[0], f"{self.word}: no cell is checked; check the one you hold at the end "
                                         f"(0 if none)")
            return count * len(self.boxes)  # not scored: the page has a problem
        return checked[0] + count * len(self.boxes)

    def write(self, value: Any) -> dict[str, FieldValue]:
        turns, at = divmod(int(value), len(self.boxes))
        out: dict[str, FieldValue] = {name: n == at for n, name in enumerate(self.boxes)}
        out[self.lap] = str(turns) if turns else ""
        return out


class Buildings(Binding):
    """The plots' building boxes: the buildings named, in plot order, empty plots skipped. A name
    that is not a choice is kept as written, so the results model says what is wrong with it."""

    key = "buildings"

    def __init__(self, boxes: Sequence[str], choices: Sequence[str]):
        self.boxes = list(boxes)
        self.choices = {norm(c): c for c in choices}

    def cells(self) -> list[str]:
        return list(self.boxes)

    def read(self, page: PageValues) -> Any:
        page.place(self.path, self.boxes[0])
        out: list[str] = []
        for name in self.boxes:
            text = page.text(name)
            if text:
                page.place(self.path + (len(out),), name)
                out.append(self.choices.get(norm(text), text))
        return out

    def write(self, value: Any) -> dict[str, FieldValue]:
        names = list(value or ())
        return {name: names[i] if i < len(names) else "" for i, name in enumerate(self.boxes)}


def form(rules: Any) -> SheetForm:
    """The mat's form for these rules: its fields in tab order and how they read."""
    scorer = GoldRushScorer(rules)
    layout = layouts.load("piecepack-gold-rush-mat")
    words, text = layout["text"]["fields"], layout["text"]
    cells = layout["tracks"]["cells"]
    slots = [Slot(NAME, "text", words["name"], names=True)]
    tracks: dict[str, Track] = {}
    for resource in rules["resources"]:
        key, word = resource["key"], resource["name"]
        read = key in scorer.counted
        boxes = [cell(key, n) for n in range(cells)]
        slots += [Slot(name, "check", words["cell"].format(resource=word, n=n), read=read,
                       why="" if read else UNSCORED.format(resource=word))
                  for n, name in enumerate(boxes)]
        slots.append(Slot(laps(key), "number", words["laps"].format(resource=word, last=cells - 1, cells=cells),
                          read=read, why="" if read else UNSCORED.format(resource=word)))
        if read:
            tracks[key] = Track(key, word, boxes, laps(key))
    slots += [Slot(round_box(n), "check", words["round"].format(n=n), read=False, why="for play")
              for n in range(1, rules["rounds"] + 1)]
    choices = tuple(b["name"] for b in rules["buildings"])
    markers = rules["player_start"]["ownership_markers"]
    for n in range(1, markers + 1):
        for box in PLOT_BOXES:
            if box == "building":
                slots.append(Slot(plot(n, box), "choice", words[box].format(n=n), choices))
            else:
                slots.append(Slot(plot(n, box), "number" if box in ("upgrades", "civic") else "text",
                                  words[box].format(n=n), read=False,
                                  why="its building is read"))
    labels = {key: text["score_resource"].format(name=scorer.words[key], points=points)
              for key, points in scorer.points.items()}
    labels[BUILDINGS] = text["score_buildings"].format(points=scorer.per_building)
    slots += [Slot(score(category), "number", words["score"].format(label=label), read=False,
                   why="a sum the tally makes")
              for category, label in labels.items()]
    slots.append(Slot(TOTAL, "number", words["total"]))
    slots += [Slot(tie(resource), "number", words["tie"].format(resource=scorer.words[resource]), read=False,
                   why=f"the {scorer.words[resource]} track is read")
              for resource in tie_resources(rules)]
    ordered = [tracks[key] for key in scorer.counted if key in tracks]  # the template's order
    bindings: list[Binding] = [TextValue("name", NAME), *ordered,
                      Buildings([plot(n, "building") for n in range(1, markers + 1)], choices),
                      NumberValue("total", TOTAL)]

    def plain(mat: Mat) -> dict[str, Any]:
        """A checked mat as the plain values the form shows."""
        entry: dict[str, Any] = {"name": mat.name}
        entry.update({key: mat.counts[key] for key in scorer.counted if key in mat.counts})
        entry["buildings"] = [b["name"] for b in mat.buildings]
        if mat.claimed is not None:
            entry["total"] = mat.claimed
        return entry

    return SheetForm(rules.game, PART, slots, bindings, plain)


def tie_resources(rules: Any) -> list[str]:
    """The resources of the score row's tie-breaker box: the first tie-breaker's (one box)."""
    (_, resource), = rules["tie_breakers"]["order"][0].items()
    return [resource]
