"""The rule data's own sections: how a nugget and a claim score."""

from sheetgen.errors import Problem
from sheetgen.results.document import Document
from sheetgen.schema import Int, Map

DATA_FIELDS = {"scoring": Map({"per_nugget": Int(1, 10), "per_claim": Int(0, 10), "most_nuggets": Int(1, 1000)})}


def check_data(doc: Document) -> list[Problem]:
    scoring = doc.value["scoring"]
    if scoring["per_claim"] > scoring["per_nugget"]:
        return [doc.problem(("scoring", "per_claim"), "a claim scores more than a nugget")]
    return []
