"""The shape of data/carcassonne-gold-rush.yaml and the cross-checks a schema cannot say."""

from __future__ import annotations

from sheetgen.errors import Problem
from sheetgen.schema import Field, Int, List, Map, Str
from sheetgen.results.document import Document

DATA_FIELDS = {
    "colours": List(Str(), min=1),
    "cowboys": Map({"per_colour": Int(1, 20), "score_markers": Int(0, 20)}),
    "tents_per_colour": Int(0, 20),
    "tiles": Int(1, 1000),
    "score_track": Map({"spaces": Int(2, 1000)}),
    "railroad": Map({
        "per_tile": Int(0, 100),
        "locomotive": Map({"exactly": Int(0, 100), "multiplier": Int(1, 100)}),
    }),
    "mountain": Map({"per_nugget": Int(0, 100), "min_nuggets": Int(0, 100), "max_nuggets": Int(1, 100)}),
    "city": Map({
        "per_railroad": Int(0, 100),
        "tracks": Map({"min": Int(1, 20), "max": Int(1, 20)}),
    }),
    "prairie": Map({"per_tipi": Int(0, 100), "per_horses": Int(0, 100)}),
    "mining_tokens": Map({
        "total": Int(1, 10000),
        "values": List(Map({
            "value": Int(0, 100),
            "count": Int(0, 10000),
            "name": Field(Str(), required=False),
        }), min=1),
    }),
}


def check_data(doc: Document) -> list[Problem]:
    """Every colour once and one per player; numbers that must agree with each other."""
    d = doc.value
    out: list[Problem] = []
    colours = d["colours"]
    if len({c.casefold() for c in colours}) != len(colours):
        out.append(doc.problem(("colours",), "a colour appears twice"))
    most = d["meta"]["players"]["max"]
    if len(colours) < most:
        out.append(doc.problem(("colours",), f"{len(colours)} colours for up to {most} players"))

    cowboys = d["cowboys"]
    if cowboys["score_markers"] >= cowboys["per_colour"]:
        out.append(doc.problem(("cowboys", "score_markers"),
                               f"{cowboys['score_markers']} score markers leave none of the "
                               f"{cowboys['per_colour']} cowboys to play"))
    mountain = d["mountain"]
    if mountain["min_nuggets"] > mountain["max_nuggets"]:
        out.append(doc.problem(("mountain", "max_nuggets"), "max_nuggets is smaller than min_nuggets"))
    tracks = d["city"]["tracks"]
    if tracks["min"] > tracks["max"]:
        out.append(doc.problem(("city", "tracks"), "tracks: min is larger than max"))

    tokens = d["mining_tokens"]
    seen: dict[int, int] = {}
    for i, entry in enumerate(tokens["values"]):
        if entry["value"] in seen:
            out.append(doc.problem(("mining_tokens", "values", i, "value"),
                                   f"token value {entry['value']} is listed twice"))
        seen[entry["value"]] = i
    counted = sum(e["count"] for e in tokens["values"])
    if counted != tokens["total"]:
        out.append(doc.problem(("mining_tokens", "values"),
                               f"the token counts add up to {counted}, not the total {tokens['total']}"))
    return out
