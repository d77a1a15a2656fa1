"""The Gold West board record sheet: the board with every hex labelled, for marking at the table
where each player built, then copying the hexes into a map-form results file.

With a setup code the hexes show their terrains and the face-down tiles are hatched (the setup
card's map, drawn by `setup_card.hex_map`, without the tokens: they are gone by the end); without
one the land is left blank, labels only. Below the map, a row per player to copy the hexes into.
Positions and words are in layouts/gold-west-board.yaml. The sheet is one form, drawn once.
"""

from __future__ import annotations

from typing import Optional

from sheetgen import __version__, layouts, setupcard
from sheetgen.games.gold_west import setup as gw
from sheetgen.games.gold_west.setup_card import hex_map, legend
from sheetgen.sheet import Line, Page, SheetDocument, SheetRequest, Text

FORM = "gold-west-board"


def build(rules, request: SheetRequest) -> SheetDocument:
    layout = layouts.load(FORM, request.paper)
    code = request.code
    setup: Optional[dict] = gw.from_code(rules, code) if code else None
    card = setupcard.Card(request.paper)
    card.add(Text(0, setupcard.TITLE_BASELINE, layout["title"], 16, bold=True, max_width=card.width))
    sub = layout["subtitle_code"].format(code=code, players=setup["players"]) if setup else layout["subtitle_blank"]
    card.add(Text(0, 13, sub, 10, bold=bool(setup), max_width=card.width),
             Line(0, 16, card.width, 16, 0.8))
    card.y = 19
    out = setup is not None and any(not t["in_play"] for t in setup["terrain"])
    card.heading(layout["heading"], layout["note_code"] if out else layout["note_blank"])
    board = hex_map(card, rules, setup["terrain"] if setup else None, size=layout["hex_size"])
    card.y += board.height + 0.4
    legend(card, rules, out)
    card.line(f"Hex labels: {rules_span(rules)}; [B] marks the centre of tile B." if setup else
              f"Hex labels: {rules_span(rules)}.", size=7.5)
    for words in layout["how"]:
        card.line(words, size=8)
    card.gap(2)
    table = layout["table"]
    card.heading(table["heading"], table["note"])
    _rows(card, table, setup["players"] if setup else table["rows"])
    command = f"sheetgen sheet {rules.game} board" + (f" --code {code}" if code else "")
    foot = card.height - setupcard.FOOTER
    card.add(Line(0, foot, card.width, foot, 0.4, "muted"),
             Text(0, foot + 3.9, layout["footer"].format(command=command), 7.5, role="muted", max_width=card.width),
             Text(0, foot + 7.7, layout["fine_print"].format(title=rules.title, data_version=rules.version,
                                                             version=__version__),
                  7, role="muted", max_width=card.width, footer=True))
    if card.y > foot - 1:
        raise ValueError(f"the {rules.game} board sheet runs {card.y - foot + 1:.1f} mm past its footer")
    copies = f", {request.copies} copies" if request.copies > 1 else ""
    return SheetDocument(
        title=f"{rules.title} board record" + (f" {code}" if code else ""),
        subject=f"Board record sheet{f' for setup {code}' if code else ''}{copies}, {request.paper}, "
                f"{request.ink} ink, rule data {rules.version}",
        width=card.width, height=card.height, forms={FORM: tuple(card.items)},
        pages=[Page(FORM) for _ in range(request.copies)])


def _rows(card, table: dict, rows: int) -> None:
    """The column heads, then a ruled row per player to write the hexes on."""
    x = [2.0]
    for w in table["widths"]:
        x.append(x[-1] + w)
    for left, words in zip(x, table["columns"]):
        card.add(Text(left, card.y + 3, words, 8, role="muted", bold=True))
    card.y += 4
    for _ in range(rows):
        card.y += table["row_height"]
        card.add(Line(2, card.y, card.width - 2, card.y, 0.4))
        for left in x[1:]:
            card.add(Line(left - 2, card.y - table["row_height"] + 1.5, left - 2, card.y, 0.3, "muted"))
    card.y += 2


def rules_span(rules) -> str:
    from sheetgen.games.gold_west import hexes

    return hexes.labels(rules).span()
