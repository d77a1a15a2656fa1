"""Rolled West's part of guided entry (sheetgen/entry.py): a score board, row by row."""

from __future__ import annotations

from typing import Any, Callable, Optional

from sheetgen.games.rolled_west.score import RolledWestScorer
from sheetgen.results.entry import Interview, Retry, pick, whole
from sheetgen.schema import Int


def ask(scorer: RolledWestScorer, talk: Interview, key: str, index: Optional[int]) -> Any:
    if key == "claims":
        builds = list(scorer.builds)

        def fits(row: dict[str, Any]) -> Callable[[list[str]], Optional[str]]:
            def why(kinds: list[str]) -> Optional[str]:
                filled, size = scorer.filled(kinds), len(row["spaces"])
                return f"{row['name']}: these claims fill {filled} spaces, but the row has {size}" \
                    if filled > size else None
            return why

        return {row["key"]: talk.items(
            f"claims {row['key']} ({row['name']} row, left to right: {'/'.join(builds)}; comma-separated, "
            f"empty for none)", lambda text: pick(text, builds, "building"), most=len(row["spaces"]),
            fits=fits(row)) for row in scorer.rows}
    if key == "shipping":
        return {row["metal"]: _shipping(scorer, talk, row) for row in scorer.ship_rows}
    if key == "contracts":
        first, last = min(scorer.contracts), max(scorer.contracts)

        def contract(text: str) -> int:
            number = whole(text)
            if number not in scorer.contracts:
                raise Retry(f"no contract {number}; contracts are numbered {first} to {last}")
            return number

        return talk.items(f"contracts (the numbers you circled, {first}-{last}; comma-separated, empty for none)",
                          contract, spaces=True, once=lambda n: n)
    if key == "offices":
        codes = [scorer.code(cell) for cell in scorer.office_order]

        def office(text: str) -> str:
            cell = scorer.office(text)
            if cell is None:
                raise Retry(f"unknown office '{text}'; write its row letter then its column letter: "
                            f"{', '.join(codes)}")
            return scorer.code(cell)

        return talk.items("offices (Boomtown offices you circled, e.g. CS; comma-separated, empty for none)", office,
                          once=lambda code: code)
    return NotImplemented


def _shipping(scorer: RolledWestScorer, talk: Interview, row: dict[str, Any]) -> Any:
    size, word = len(row["boxes"]), scorer.word(row["metal"])
    boxes = talk.number(f"shipping {row['metal']} ({word} boxes checked, 0-{size})", Int(0, size), 0)
    doubles = [box for box in scorer.doubles(row) if box <= boxes]
    if not doubles:
        return boxes

    def box(text: str) -> int:
        number = whole(text)
        if number not in doubles:
            raise Retry(f"box {number} is not a checked two-number box; those are {', '.join(map(str, doubles))}")
        return number

    high = talk.items(f"shipping {row['metal']}: of boxes {', '.join(map(str, doubles))}, those where you circled "
                      f"the high number (comma-separated, empty for none)", box, spaces=True,
                      once=lambda n: n)
    return {"boxes": boxes, "high": high} if high else boxes
