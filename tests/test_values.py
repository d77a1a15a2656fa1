"""Value correctness across the input paths: every box a sheet holds is read (or says why not),
numbers are bounded by what the game allows, duplicates are refused, and each problem names the
place the player wrote in (FILE:LINE:COLUMN in YAML, FILE:page N:FIELD in a form)."""

from __future__ import annotations

import pytest
import yaml

import sheetgen
from sheetgen.errors import InvalidInput
from sheetgen.games import fillable_parts

from formfill import fill_pdf, write

FORMS = [tuple(part.split()) for part in fillable_parts()]


def _form(game: str, part: str):
    return sheetgen.game(game).form(part)


def _base(form) -> dict:
    """Every field of a page, empty, with a name in each player's name box (every column in use)."""
    values: dict = {}
    for name, slot in form.slots.items():
        values[name] = False if slot.kind == "check" else ""
        if slot.names and slot.kind == "text" and slot.column or (slot.names and form.scope == "player"):
            values[name] = f"P{slot.column or 1}"
    return values


def _mark(slot) -> object:
    return True if slot.kind == "check" else slot.choices[-1] if slot.kind == "choice" else "7"


# -- every box is read, or says why not -------------------------------------------------

@pytest.mark.parametrize("game,part", FORMS)
def test_every_field_is_read_by_one_binding_or_declared_not_read_with_a_reason(run, game, part):
    form = _form(game, part)
    bound = [cell for binding in form.all_bindings() for cell in binding.cells()]
    assert len(bound) == len(set(bound))
    listing = run("sheet", game, part, "--fields")
    assert listing.code == 0, listing
    rows = {line.split()[0]: line for line in listing.out.splitlines()[3:] if line and not line.startswith("choice")}
    for name, slot in form.slots.items():
        if slot.read:
            assert name in bound, name
        else:
            assert name not in bound and slot.why, name
            assert f"(not read: {slot.why})" in rows[name], rows[name]


@pytest.mark.parametrize("game,part", FORMS)
def test_a_value_written_in_any_read_field_changes_what_is_read(game, part):
    """A bound field whose binding ignores it (the pad's laps box once) is a silent misread: each
    read field written alone on an otherwise empty page changes the entry or gives a problem."""
    form = _form(game, part)
    base = _base(form)
    before = form.read(base)
    seen = (repr(before.entry), repr(getattr(before, "players", None)), before.problems)
    for name, slot in form.slots.items():
        if not slot.read or slot.names and base[name]:
            continue
        after = form.read({**base, name: _mark(slot)})
        assert (repr(after.entry), repr(getattr(after, "players", None)), after.problems) != seen, name


CG = sheetgen.game("carcassonne-gold-rush")


def _pad(tmp_path, values: dict):
    base = {"players.1": "Ann", "players.2": "Ben", "points.2": "3"}
    data = fill_pdf(CG.sheet(fillable=True, players=2), "carcassonne-gold-rush.pad", {1: {**base, **values}})
    return write(tmp_path, "pad.pdf", data)


def test_the_pads_laps_box_is_read_with_its_points(tmp_path):
    """laps 1, points 34 once scored 34: the points box is laps x 50 + space, so 34 under 1 lap is
    refused at the points box (a space, or a sum not made: never guessed)."""
    with pytest.raises(InvalidInput) as caught:
        CG.score(_pad(tmp_path, {"laps.1": "1", "points.1": "34"}))
    assert [str(p) for p in caught.value.problems] == [
        f"{tmp_path / 'pad.pdf'}:page 1:points.1: points 34 does not go with 1 lap: points is laps x 50 + space, "
        f"50 to 99; write 84 if the marker stands on space 34"]
    report = CG.score(_pad(tmp_path, {"laps.1": "1", "points.1": "84"}))
    assert [(p.name, p.total) for p in report.players] == [("Ann", 84), ("Ben", 3)]


@pytest.mark.parametrize("values,field,words", [
    ({"laps.1": "1"}, "points.1", "laps is 1 but points is empty; write laps x 50 + space (50 to 99)"),
    ({"laps.1": "one", "points.1": "60"}, "laps.1", "expected how many times the marker passed 50 (0 or more), "
                                                    "got 'one'"),
    ({"laps.1": "2", "points.1": "60"}, "points.1", "points 60 does not go with 2 laps: points is laps x 50 + "
                                                    "space, 100 to 149"),
])
def test_laps_that_disagree_with_points_are_refused_at_the_box(tmp_path, values, field, words):
    with pytest.raises(InvalidInput) as caught:
        CG.score(_pad(tmp_path, values))
    found = [(p.field, p.message) for p in caught.value.problems]
    assert (field, words) in found and {f for f, _ in found} == {field}, found
