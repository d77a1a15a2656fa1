"""The shape of data/rolled-west.yaml and the cross-checks a schema cannot say."""

from __future__ import annotations

from typing import Any, Optional

from sheetgen.errors import Problem
from sheetgen.schema import Any_, Check, Dict, Int, List, Map, Str
from sheetgen.results.document import Document

METALS = ("copper", "silver", "gold")
RESOURCES = ("copper", "wood", "silver", "gold")
# What a Boomtown office can count; rolled-west scoring gives each its meaning.
OFFICE_TERMS = ("fixed", "offices", "contracts", "majority_firsts", "shipping_rows",
                "settlements", "copper_shipped", "copper_in_contracts",
                "shipping_stars", "claim_stars")


def _shipping_box(value: Any) -> Optional[str]:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return None
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        high, low = value
        return None if high > low >= 0 else "a two-number box is [high, low] with high > low >= 0"
    return "a shipping box is null (no number), a number, or [high, low]"


def _space(value: Any) -> Optional[str]:
    ok = value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
    return None if ok else "a claim space is a number of points or null (no number)"


_BUILD = Map({"wood": Int(1, 10), "spaces": Int(1, 10)})

DATA_FIELDS = {
    "rounds": Int(1, 20),
    "dice": Map({
        "count": Int(1, 10),
        "sides": Int(2, 100),
        "faces": List(Map({
            "resource": Str(choices=RESOURCES),
            "name": Str(),
            "letter": Str(),
            "count": Int(1, 100),
            "d12": List(Int(1, 100), min=2, max=2),
        }), min=1),
        "terrain_dice": Int(1, 10),
    }),
    "banking": Map({
        "own_turn_rounds": Int(0, 20),
        "between_turns": Int(0, 20),
        "ghost_roll_dice": Int(1, 10),
    }),
    "claims": Map({
        "camp": _BUILD,
        "settlement": _BUILD,
        "rows": List(Map({
            "key": Str(),
            "name": Str(),
            "terrain": Str(choices=RESOURCES),
            "spaces": List(Check(Any_(), _space), min=1, max=20),
            "stars": List(Int(1, 20)),
            "majority": Map({"first": Int(0), "second": Int(0)}),
        }), min=1),
    }),
    "shipping": Map({
        "box_cost": Int(1, 10),
        "rows": List(Map({
            "metal": Str(choices=METALS),
            "boxes": List(Check(Any_(), _shipping_box), min=1, max=20),
            "stars": List(Int(1, 20)),
        }), min=1),
    }),
    "contracts": List(Map({
        "number": Int(1),
        "cost": Dict(Str(choices=METALS), Int(1, 20)),
        "points": Int(0),
    }), min=1),
    "boomtown": Map({
        "cost": Map({"row": Int(0, 10), "column": Int(0, 10)}),
        "rows": List(Str(choices=METALS), min=1),
        "columns": List(Str(choices=METALS), min=1),
        "offices": List(Map({
            "row": Str(choices=METALS),
            "column": Str(choices=METALS),
            "score": Dict(Str(choices=OFFICE_TERMS), Int(0, 100)),
            "text": Str(),
        }), min=1),
    }),
}


def check_data(doc: Document) -> list[Problem]:
    """Rules that tie sections together; runs only on structurally valid data."""
    d = doc.value
    out: list[Problem] = []
    for step in (_check_dice, _check_claims, _check_shipping, _check_contracts, _check_boomtown):
        out += step(doc, d)
    return out


def _check_dice(doc: Document, d: dict[str, Any]) -> list[Problem]:
    """The dice: each resource once, face counts, d12 ranges."""
    out: list[Problem] = []
    dice = d["dice"]
    faces = dice["faces"]
    if sorted(f["resource"] for f in faces) != sorted(RESOURCES):
        out.append(doc.problem(("dice", "faces"), f"faces must name each of {', '.join(RESOURCES)} once"))
    if sum(f["count"] for f in faces) != dice["sides"]:
        out.append(doc.problem(("dice", "faces"), f"face counts add up to {sum(f['count'] for f in faces)}, "
                                                  f"not the {dice['sides']} sides of a die"))
    expected_low = 1
    for i, face in enumerate(sorted(faces, key=lambda f: f["d12"][0])):
        low, high = face["d12"]
        where = ("dice", "faces", faces.index(face), "d12")
        if low != expected_low or high - low + 1 != face["count"]:
            out.append(doc.problem(where, f"{face['name']}: d12 range {low}-{high} should be "
                                          f"{expected_low}-{expected_low + face['count'] - 1} "
                                          f"(ranges follow on from each other and match the face count)"))
        expected_low = high + 1
    if dice["terrain_dice"] >= dice["count"]:
        out.append(doc.problem(("dice", "terrain_dice"), "at least one die must be left as a resource"))
    return out


def _check_claims(doc: Document, d: dict[str, Any]) -> list[Problem]:
    """The claim rows: terrains once, stars on spaces, majorities."""
    out: list[Problem] = []
    claims = d["claims"]
    seen_terrain: dict[str, str] = {}
    for i, row in enumerate(claims["rows"]):
        if row["terrain"] in seen_terrain:
            out.append(doc.problem(("claims", "rows", i, "terrain"),
                                   f"terrain {row['terrain']} already selects row {seen_terrain[row['terrain']]}"))
        seen_terrain[row["terrain"]] = row["name"]
        for j, star in enumerate(row["stars"]):
            if star > len(row["spaces"]):
                out.append(doc.problem(("claims", "rows", i, "stars", j),
                                       f"star on space {star}, but the row has {len(row['spaces'])} spaces"))
        if row["majority"]["first"] < row["majority"]["second"]:
            out.append(doc.problem(("claims", "rows", i, "majority"), "1st place is worth less than 2nd"))
    if claims["settlement"]["spaces"] < claims["camp"]["spaces"]:
        out.append(doc.problem(("claims", "settlement"), "a settlement fills fewer spaces than a camp"))
    return out


def _check_shipping(doc: Document, d: dict[str, Any]) -> list[Problem]:
    """The shipping rows: metals once, stars on boxes."""
    out: list[Problem] = []
    metals_seen: set[str] = set()
    for i, row in enumerate(d["shipping"]["rows"]):
        if row["metal"] in metals_seen:
            out.append(doc.problem(("shipping", "rows", i, "metal"), f"a second {row['metal']} shipping row"))
        metals_seen.add(row["metal"])
        for j, star in enumerate(row["stars"]):
            if star > len(row["boxes"]):
                out.append(doc.problem(("shipping", "rows", i, "stars", j),
                                       f"star on box {star}, but the row has {len(row['boxes'])} boxes"))
    return out


def _check_contracts(doc: Document, d: dict[str, Any]) -> list[Problem]:
    """The contracts: numbered in order, each costing something."""
    out: list[Problem] = []
    for i, contract in enumerate(d["contracts"]):
        if contract["number"] != i + 1:
            out.append(doc.problem(("contracts", i, "number"),
                                   f"contracts are numbered 1, 2, 3... in order; expected {i + 1}"))
        if not contract["cost"]:
            out.append(doc.problem(("contracts", i, "cost"), "a contract must cost something"))
    return out


def _check_boomtown(doc: Document, d: dict[str, Any]) -> list[Problem]:
    """Boomtown: metals once per axis, one office per cell, each scoring."""
    out: list[Problem] = []
    town = d["boomtown"]
    for axis in ("rows", "columns"):
        if len(set(town[axis])) != len(town[axis]):
            out.append(doc.problem(("boomtown", axis), f"a metal appears twice in {axis}"))
    cells: dict[tuple[str, str], int] = {}
    for i, office in enumerate(town["offices"]):
        cell = (office["row"], office["column"])
        if cell in cells:
            out.append(doc.problem(("boomtown", "offices", i),
                                   f"a second office in row {cell[0]}, column {cell[1]}"))
        cells[cell] = i
        if not office["score"]:
            out.append(doc.problem(("boomtown", "offices", i, "score"), "an office must score something"))
    for row in town["rows"]:
        for column in town["columns"]:
            if (row, column) not in cells:
                out.append(doc.problem(("boomtown", "offices"), f"no office in row {row}, column {column}"))
    return out
