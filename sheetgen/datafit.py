"""Rule data checked against what it feeds: every sheet part and every setup card.

Rule data can be well-formed and still not print: a number wider than its box,
more rounds than the banking row holds, a count that makes a setup impossible.
`check` draws each printable part (every player count, both papers) and a
setup card for every player count with the data, and turns each failure into a
problem naming the file, the part and what does not fit; what a builder
refuses before drawing, placed in the file (Rolled West's board: more
contracts than it has room for, at the first that does not fit), is said as
FILE:LINE:COLUMN, once. Each drawn page is
also held to the paper's rules (layouts/paper.yaml): nothing within 6 mm of
an edge (an item that is names itself and its overflow in mm), even margins,
and a content box that uses its paper. It is what
`sheetgen data check` runs after the schema and cross-checks pass (it hands
`check` to ruledata.check_folder: loading rule data never calls up into the
drawing); it loads the drawing stack, so nothing else calls it.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Callable, Iterable, Iterator, Optional

from sheetgen import layouts, pdf, setupcard
from sheetgen.cardsizes import CARD_SIZES
from sheetgen.errors import InvalidArgument, InvalidInput, Problem, SheetgenError
from sheetgen.layouts import PAPERS
from sheetgen.pdf import PAPER
from sheetgen.typeface import text_width
from sheetgen.ruledata import RuleData
from sheetgen.sheet import PT, Box, FormField, Icon, Item, Line, Para, Polygon, SheetDocument, SheetRequest, Text

_TOLERANCE = 0.01  # mm
Extent = tuple[float, float, float, float]  # (left, top, right, bottom) in mm


def check(game: Any, rules: RuleData, name: str) -> list[Problem]:
    """Every way `rules` fails to print for `game`, as problems of the file `name`: one per
    printable part, naming the first thing that does not fit and where else it fails."""
    problems: list[Problem] = []
    # what a builder refuses before drawing, placed in the file itself (FILE:LINE:COLUMN): said once
    placed: dict[Problem, None] = {}
    low, high = rules.players
    for part in game.sheets:
        counts = list(range(low, high + 1)) if part.per_player else [high]
        found: dict[str, list[Any]] = {}  # first complaint -> (the cases it was seen in, how many other complaints)
        sizes = CARD_SIZES if part.has_backs else CARD_SIZES[:1]  # a card sheet: every card size
        for paper, players, size in itertools.product(PAPERS, counts, sizes):
            complaints = _try(lambda: _sheet(part, rules, players, paper, size), placed)
            if complaints:
                seen = found.setdefault(complaints[0], [[], 0])
                case = f"{paper}, {players} players" if part.per_player else paper
                seen[0].append(case + (f", {size} cards" if len(sizes) > 1 else ""))
                seen[1] = max(seen[1], len(complaints) - 1)
        for complaint, (cases, more) in found.items():
            also = f", and {more} more item{'s' if more != 1 else ''}" if more else ""
            problems.append(Problem(name, f"the {part.name} ({'; '.join(cases)}): {complaint}{also}"))
    if game.setup:
        generate, _ = game.setup_functions()
        made: dict[int, dict[str, Any]] = {}  # players -> the setup, generated once for both papers

        def setup_of(players: int) -> dict[str, Any]:
            if players not in made:
                made[players] = generate(rules, players, "data check")
            return made[players]

        for players in range(low, high + 1):
            for paper in PAPERS:
                for complaint in _try(lambda: _card(game, rules, setup_of(players), paper), placed)[:1]:
                    problems.append(Problem(name, f"the setup card ({paper}, {players} players): {complaint}"))
    return sorted(placed, key=lambda p: (p.line or 0, p.column or 0)) + problems


def _try(draw: Callable[[], Iterable[str]], placed: dict[Problem, None]) -> list[str]:
    """What is wrong with one drawing: each thing off the paper, or why it cannot be drawn at all.
    A refusal the drawing places in the rule data's own lines goes to `placed` instead, as it is."""
    try:
        return [f"{where}" for where in draw()]
    except InvalidInput as exc:
        if exc.problems and all(p.line is not None for p in exc.problems):
            placed.update(dict.fromkeys(exc.problems))
            return []
        return [f"cannot be made with this data: {'; '.join(p.message for p in exc.problems)}"]
    except InvalidArgument as exc:
        return [f"cannot be made with this data: {exc.message}"]
    except SheetgenError as exc:  # LayoutOverflow: a text wider or taller than its room
        return [f"does not fit: {exc}"]
    except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
        return [f"cannot be drawn with this data ({type(exc).__name__}: {exc})"]


def _sheet(part: Any, rules: RuleData, players: int, paper: str, card_size: str) -> list[str]:
    request = SheetRequest(players if part.per_player else 1, (), 1, paper, "color", part.has_backs,
                           card_size=card_size)
    document: SheetDocument = part.builder()(rules, request)
    pdf.render(document, paper, "color")
    return page_fit(document, paper)


def _card(game: Any, rules: RuleData, setup: dict[str, Any], paper: str) -> list[str]:
    document = setupcard.build(setup, rules, game, paper=paper)
    pdf.render(document, paper, "color")
    return page_fit(document, paper)


def page_fit(document: SheetDocument, paper: str) -> list[str]:
    """How the drawn page misses the paper's rules (layouts/paper.yaml): each item that reaches
    into the margin, by how many mm; margins that are not even; a content box that leaves more
    paper empty than a layout for this paper should."""
    rules = layouts.load("paper")["margin"]
    least, most, even = rules["least"], rules["most"], rules["even"]
    width, height = (side * PT for side in PAPER[paper])  # points to mm
    # where the content box sits on the paper (centred: the layout for this paper sets its size)
    dx, dy = (width - document.width) / 2, (height - document.height) / 2
    where = "A4" if paper == "a4" else "Letter"
    out: list[str] = []
    for side, margin, across in (("left and right", dx, width), ("top and bottom", dy, height)):
        if margin > most + _TOLERANCE:
            out.append(f"does not use the paper: the content box leaves {margin:.1f} mm at the {side} "
                       f"of {where} ({across - 2 * margin:.1f} of {across:g} mm used); "
                       f"at most {most:g} mm")
    room = (least - dx, least - dy, document.width + dx - least, document.height + dy - least)
    for item, (left, top, right, bottom) in _drawn(document):
        over = max((room[0] - left, "left"), (room[1] - top, "top"), (right - room[2], "right"),
                   (bottom - room[3], "bottom"))
        if over[0] > _TOLERANCE:
            out.append(f"does not fit {where}: {_describe(item)} reaches {over[0]:.1f} mm into the {over[1]} "
                       f"margin ({least:g} mm must stay clear on every side)")
    empty = margins(document, paper)
    for (a, b), side in (((0, 2), "left and right"), ((1, 3), "top and bottom")):
        if abs(empty[a] - empty[b]) > even + _TOLERANCE:
            out.append(f"uneven margins on {where}: {empty[a]:.1f} and {empty[b]:.1f} mm at the {side} "
                       f"(at most {even:g} mm apart)")
    return out


def margins(document: SheetDocument, paper: str) -> Extent:
    """(left, top, right, bottom): the paper left empty around everything drawn, in mm."""
    width, height = (side * PT for side in PAPER[paper])  # points to mm
    dx, dy = (width - document.width) / 2, (height - document.height) / 2
    boxes = [box for _, box in _drawn(document)]
    if not boxes:
        return (width / 2, height / 2, width / 2, height / 2)
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return (dx + left, dy + top, dx + document.width - right, dy + document.height - bottom)


def _drawn(document: SheetDocument) -> Iterator[tuple[Item, Extent]]:
    """(item, its extent) for every item the document draws, backdrops first, then each page's own."""
    for items in [*document.backdrops.values(), *(page.items for page in document.pages)]:
        for item in items:
            box = extent(item)
            if box is not None:
                yield item, box


_CAP, _DESCENT = 0.72, 0.21  # of a text's size: how far its capitals rise above and its descenders fall below the baseline


def extent(item: Item) -> Optional[Extent]:
    """(left, top, right, bottom) in mm from the content box's top left: what `item` covers."""
    if isinstance(item, (Box, Para, FormField)):
        r = item.rect
        return (r.x, r.y, r.right, r.bottom)
    if isinstance(item, Icon):
        half = item.size / 2
        return (item.cx - half, item.cy - half, item.cx + half, item.cy + half)
    if isinstance(item, Line):
        return (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2))
    if isinstance(item, Polygon):
        xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Text):
        length = text_width(item.text, item.size, item.bold)
        start = {"left": 0.0, "center": -length / 2, "right": -length}[item.align]
        rise, fall = item.size * PT * _CAP, item.size * PT * _DESCENT
        # corners along the text (u) and up from its baseline (v), turned by its angle (y runs down the page)
        turn = math.radians(item.angle)
        cos, sin = math.cos(turn), math.sin(turn)
        corners = [(item.x + u * cos + v * sin, item.y - u * sin + v * cos)
                   for u in (start, start + length) for v in (-rise, fall)]
        return (min(x for x, _ in corners), min(y for _, y in corners),
                max(x for x, _ in corners), max(y for _, y in corners))
    return None


def _describe(item: Item) -> str:
    kind = type(item).__name__.lower()
    text = getattr(item, "text", None)
    if isinstance(text, str):
        return f"{kind} {text[:30]!r}"
    box = extent(item)
    if box is None:
        return kind
    left, top, right, bottom = box
    return f"{kind} {right - left:.1f} x {bottom - top:.1f} mm at {left:.1f}, {top:.1f} mm (from the content's top left)"
