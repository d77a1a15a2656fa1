"""The shape of data/piecepack-gold-rush.yaml and the cross-checks a schema cannot say."""

from __future__ import annotations

from typing import Any

from sheetgen.errors import Problem
from sheetgen.schema import Bool, Dict, Field, Int, List, Map, Str
from sheetgen.results.document import Document, PathKey

KINDS = ("production", "non-production")

_COUNTS = Dict(Str(), Int(1, 100))  # resource key -> how many

DATA_FIELDS = {
    "suits": List(Map({"letter": Str(), "name": Str(), "resource": Str()}), min=1),
    "ranks": List(Map({"letter": Str(), "name": Str(), "value": Int(0, 100)}), min=1),
    "board": Map({
        "rows": Int(1, 20),
        "columns": Int(1, 20),
        "coin_rows": List(Str(), min=1),
    }),
    "rounds": Int(1, 100),
    "next_start_player": Str(choices=("left", "right")),
    "stake_claim_skipped_last": Dict(Int(1, 12), Int(0, 100)),
    "resources": List(Map({
        "key": Str(),
        "name": Str(),
        "letter": Str(),
        "spoils": Bool(),
    }), min=1),
    "spoilage": Map({"keep": Int(0, 100)}),
    "player_start": Map({
        "ownership_markers": Int(1, 100),
        "resources": Dict(Str(), Int(0, 100)),
    }),
    "buildings": List(Map({
        "name": Str(),
        "cost": _COUNTS,
        "kind": Str(choices=KINDS),
        "produces": Field(Str(), required=False),
        "upkeep": Field(_COUNTS, required=False),
        "use": Field(_COUNTS, required=False),
        "text": Str(),
        "card": Str(),
    }), min=1),
    "actions": List(Map({"name": Str(), "cost": _COUNTS, "text": Str()}), min=1),
    "scoring": Map({
        "points": Dict(Str(), Int(0, 1000)),
        "non_production_building": Int(0, 1000),
    }),
    "cards": Map({"copies": Int(1, 100), "blanks": Bool()}),
}


_SEPARATORS = str.maketrans({"\u2019": "'", "\u2018": "'", " ": None, "-": None, "_": None, "\t": None})


def norm(text: str) -> str:
    """A name as matched: any letter case, curly apostrophes, spaces/hyphens/underscores alike."""
    return text.strip().lower().translate(_SEPARATORS)  # one pass: a file may name 10,000 buildings


def check_data(doc: Document) -> list[Problem]:
    """Cross-checks: the board holds every tile once, and each row one suit's coins;
    every resource named anywhere is one of `resources`; names are unique."""
    d = doc.value
    out: list[Problem] = []
    for section in ("suits", "ranks"):
        letters = [item["letter"] for item in d[section]]
        if len(set(letters)) != len(letters):
            out.append(doc.problem((section,), f"a letter appears twice among the {section}"))
    suits = [s["letter"] for s in d["suits"]]
    board = d["board"]
    tiles = len(d["suits"]) * len(d["ranks"])
    if board["rows"] * board["columns"] != tiles:
        out.append(doc.problem(("board",), f"{board['rows']} x {board['columns']} spaces for "
                                           f"{tiles} tiles ({len(suits)} suits x {len(d['ranks'])} ranks)"))
    if board["columns"] != len(d["ranks"]):
        out.append(doc.problem(("board", "columns"), f"a row holds the {len(d['ranks'])} coins of one "
                                                     f"suit, so the board needs {len(d['ranks'])} columns"))
    rows = board["coin_rows"]
    if len(rows) != board["rows"] or sorted(rows) != sorted(suits):
        out.append(doc.problem(("board", "coin_rows"), f"name each suit ({', '.join(suits)}) once, "
                                                       f"one per row ({board['rows']} rows)"))
    low, high = d["meta"]["players"]["min"], d["meta"]["players"]["max"]
    skipped = d["stake_claim_skipped_last"]
    for count in range(low, high + 1):
        if count not in skipped:
            out.append(doc.problem(("stake_claim_skipped_last",),
                                   f"missing the number of rounds without Stake Claim for {count} players"))
    for count, last in skipped.items():
        if last > d["rounds"]:
            out.append(doc.problem(("stake_claim_skipped_last", count),
                                   f"{last} rounds skipped, but the game has {d['rounds']}"))
    out += _check_resources(doc)
    return out


def _check_resources(doc: Document) -> list[Problem]:
    d = doc.value
    out: list[Problem] = []
    keys = [r["key"] for r in d["resources"]]
    known = ", ".join(keys)
    for field in ("key", "name", "letter"):
        values = [norm(r[field]) for r in d["resources"]]
        if len(set(values)) != len(values):
            out.append(doc.problem(("resources",), f"a resource {field} appears twice"))
    names = {norm(r["name"]) for r in d["resources"]}
    for i, suit in enumerate(d["suits"]):
        if norm(suit["resource"]) not in names:
            out.append(doc.problem(("suits", i, "resource"), f"'{suit['resource']}' is not one of the "
                                                             f"resources ({', '.join(r['name'] for r in d['resources'])})"))
    if sorted(norm(s["resource"]) for s in d["suits"]) != sorted(names):
        out.append(doc.problem(("suits",), "each resource needs exactly one suit (its production die)"))

    def known_keys(path: PathKey, counts: dict[str, Any], what: str) -> None:
        for key in counts:
            if key not in keys:
                out.append(doc.problem(path + (key,), f"{what}: unknown resource '{key}'; expected one of {known}",
                                       at_key=True))

    known_keys(("player_start", "resources"), d["player_start"]["resources"], "start")
    seen: dict[str, str] = {}
    for i, building in enumerate(d["buildings"]):
        where = ("buildings", i)
        name = building["name"]
        if norm(name) in seen:
            out.append(doc.problem(where + ("name",), f"a second building called {name}"))
        seen[norm(name)] = "building"
        for field in ("cost", "upkeep", "use"):
            if field in building:
                known_keys(where + (field,), building[field], f"{name} {field}")
        if not building["cost"]:
            out.append(doc.problem(where + ("cost",), f"{name}: a building must cost something"))
        produces = building.get("produces")
        if building["kind"] == "production":
            if produces is None:
                out.append(doc.problem(where, f"{name}: a production building needs 'produces: RESOURCE'"))
            elif produces not in keys:
                out.append(doc.problem(where + ("produces",), f"{name}: unknown resource '{produces}'; "
                                                              f"expected one of {known}"))
        elif produces is not None:
            out.append(doc.problem(where + ("produces",), f"{name}: a non-production building produces nothing"))
    for i, action in enumerate(d["actions"]):
        name = action["name"]
        if norm(name) in seen:
            out.append(doc.problem(("actions", i, "name"), f"{name} is already a {seen[norm(name)]}"))
        seen[norm(name)] = "action"
        known_keys(("actions", i, "cost"), action["cost"], name)
        if not action["cost"]:
            out.append(doc.problem(("actions", i, "cost"), f"{name}: an action must cost something"))

    scoring = d["scoring"]
    known_keys(("scoring", "points"), scoring["points"], "points")
    for k, breaker in enumerate(d["tie_breakers"]["order"]):
        (way, most), = breaker.items()
        place = ("tie_breakers", "order", k, way)
        if most not in keys:
            out.append(doc.problem(place, f"unknown resource '{most}'; expected one of {known}"))
        elif most in scoring["points"]:
            out.append(doc.problem(place, f"{most} already scores points; a tie-breaker counts a resource "
                                          f"that does not"))
    if not any(b["kind"] == "production" for b in d["buildings"]):
        out.append(doc.problem(("buildings",), "no production building: nothing could produce resources"))
    return out
