"""Rule data checked against what it feeds: every sheet part and every setup card.

Rule data can be well-formed and still not print: a number wider than its box,
more rounds than the banking row holds, a count that makes a setup impossible.
`check` draws each printable part (every player count, both papers) and a
setup card for every player count with the data, and turns each failure into a
problem naming the file, the part and what does not fit. It is what
`sheetgen data check` runs after the schema and cross-checks pass; it loads the
drawing stack, so nothing else calls it.
"""

from __future__ import annotations

from typing import Any, Iterator

from sheetgen.errors import InvalidArgument, InvalidInput, Problem, SheetgenError
from sheetgen.ruledata import RuleData

_TOLERANCE = 0.01  # mm


def check(game: Any, rules: RuleData, name: str) -> list:
    """Every way `rules` fails to print for `game`, as problems of the file `name`: one per
    printable part, naming the first thing that does not fit and where else it fails."""
    problems: list = []
    low, high = rules.players
    for part in game.sheets:
        counts = list(range(low, high + 1)) if part.per_player else [high]
        found: dict = {}  # first complaint -> (the cases it was seen in, how many other complaints)
        for paper in ("letter", "a4"):
            for players in counts:
                complaints = _try(lambda: _sheet(part, rules, players, paper))
                if complaints:
                    seen = found.setdefault(complaints[0], [[], 0])
                    seen[0].append(f"{paper}, {players} players" if part.per_player else paper)
                    seen[1] = max(seen[1], len(complaints) - 1)
        for complaint, (cases, more) in found.items():
            also = f", and {more} more item{'s' if more != 1 else ''}" if more else ""
            problems.append(Problem(name, f"the {part.name} ({'; '.join(cases)}): {complaint}{also}"))
    if game.setup:
        generate, _ = game.setup_functions()
        for players in range(low, high + 1):
            for complaint in _try(lambda: _card(game, rules, generate(rules, players, "data check")))[:1]:
                problems.append(Problem(name, f"the setup card ({players} players): {complaint}"))
    return problems


def _try(draw) -> list:
    """What is wrong with one drawing: each thing off the paper, or why it cannot be drawn at all."""
    try:
        return [f"{where}" for where in draw()]
    except (InvalidInput, InvalidArgument) as exc:
        detail = "; ".join(p.message for p in exc.problems) if isinstance(exc, InvalidInput) else exc.message
        return [f"cannot be made with this data: {detail}"]
    except SheetgenError as exc:  # LayoutOverflow: a text wider or taller than its room
        return [f"does not fit: {exc}"]
    except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
        return [f"cannot be drawn with this data ({type(exc).__name__}: {exc})"]


def _sheet(part: Any, rules: RuleData, players: int, paper: str) -> list:
    from sheetgen import pdf
    from sheetgen.sheet import SheetRequest

    request = SheetRequest(players if part.per_player else 1, (), 1, paper, "color", part.has_backs)
    document = part.builder()(rules, request)
    pdf.render(document, paper, "color")
    return list(_off_paper(document, paper))


def _card(game: Any, rules: RuleData, setup: dict) -> list:
    from sheetgen import pdf, setupcard

    document = setupcard.build(setup, rules, game.setup_card_drawer())
    pdf.render(document, "letter", "color")
    return list(_off_paper(document, "letter"))


def _off_paper(document: Any, paper: str) -> Iterator[str]:
    """Items that reach past the paper's edge (the content box is centred on it)."""
    from reportlab.lib.units import mm

    from sheetgen.pdf import PAPER  # the paper the content box is centred on

    width, height = (side / mm for side in PAPER[paper])
    dx, dy = (width - document.width) / 2, (height - document.height) / 2
    items = [i for form in document.forms.values() for i in form] + \
        [i for page in document.pages for i in page.items]
    for item in items:
        for x, y in _corners(item):
            if not (-dx - _TOLERANCE <= x <= document.width + dx + _TOLERANCE
                    and -dy - _TOLERANCE <= y <= document.height + dy + _TOLERANCE):
                yield (f"does not fit: {type(item).__name__.lower()} {_describe(item)}reaches "
                       f"{x:.1f}, {y:.1f} mm (from the content's top left), off the paper")
                break


def _corners(item: Any) -> list:
    rect = getattr(item, "rect", None)
    if rect is not None:
        return [(rect.x, rect.y), (rect.x + rect.w, rect.y + rect.h)]
    if hasattr(item, "points"):
        return list(item.points)
    if hasattr(item, "x1"):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    if hasattr(item, "cx"):
        half = item.size / 2
        return [(item.cx - half, item.cy - half), (item.cx + half, item.cy + half)]
    if hasattr(item, "x"):
        return [(item.x, item.y)]
    return []


def _describe(item: Any) -> str:
    text = getattr(item, "text", None)
    return repr(text[:30]) + " " if isinstance(text, str) else ""
