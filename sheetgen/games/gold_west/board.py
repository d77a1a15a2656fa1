"""The Gold West board record sheet: the board with every hex labelled, for marking at the table
where each player built, then copying the hexes into a map-form results file.

With a setup code the hexes show their terrains and the face-down tiles are hatched (the setup
card's map, drawn by `setup_card.hex_map`, without the tokens: they are gone by the end); without
one the land is left blank, labels only. Below the map, a row per player to copy the hexes into.
Positions and words are in layouts/gold-west-board.yaml. The sheet is one form, drawn once.

Fillable (`--fillable`, needs the setup: `--code`, or `--from` a map-form results file): a field on
every land hex for a player's letter, the setup code in a field, and a block of fields per player
for what the map does not show; board_form.py says what each field means.
"""

from __future__ import annotations

from typing import Any, Optional

from sheetgen import layouts, setupcard
from sheetgen._version import __version__
from sheetgen.errors import InvalidArgument
from sheetgen.games.gold_west import board_form, hexes, hexlabels
from sheetgen.games.gold_west.setup_code import from_code
from sheetgen.games.gold_west.score import GoldWestScorer
from sheetgen.games.gold_west.setup_card import HexMap, hex_map, legend
from sheetgen.results.forms import SheetForm
from sheetgen.ruledata import RuleData
from sheetgen.sheet import Box, FormField, Line, Page, Rect, SheetDocument, SheetRequest, Text, baseline

LAYOUT = "gold-west-board"
BACKDROP = "gold-west-board"


def build(rules: RuleData, request: SheetRequest) -> SheetDocument:
    layout = layouts.load(LAYOUT, request.paper)
    values: dict[str, Any] = dict(request.values[0]) if request.fillable and request.values else {}
    code = request.code
    if request.fillable:
        code = _fillable_code(code, values)
    setup: Optional[dict[str, Any]] = from_code(rules, code) if code else None
    card = setupcard.Card(request.paper)
    card.add(Text(0, setupcard.TITLE_BASELINE, layout["title"], 16, bold=True, max_width=card.width))
    fields: list[FormField] = []
    form: Optional[SheetForm] = None
    if request.fillable and setup is not None:  # a fillable sheet always has its setup (_fillable_code)
        form = board_form.form(rules)
        fill = layout["fillable"]
        x, y, w, h = fill["code_field"]
        card.add(Text(0, baseline(y + h / 2, 10), fill["code_label"], 10, bold=True),
                 Box(Rect(x, y, w, h), fill="paper", width=0.5, radius=0.8, writable=True),
                 Text(x + w + 2, baseline(y + h / 2, 10), fill["players_text"].format(players=setup["players"]), 10,
                      bold=True))
        fields.append(form.field(board_form.SETUP, Rect(x + 0.4, y + 0.4, w - 0.8, h - 0.8), size=fill["field_size"],
                                 bold=True, align="left"))
        values.setdefault(board_form.SETUP, code)
    else:
        sub = layout["subtitle_code"].format(code=code, players=setup["players"]) if setup else \
            layout["subtitle_blank"]
        card.add(Text(0, 13, sub, 10, bold=bool(setup), max_width=card.width))
    card.add(Line(0, 16, card.width, 16, 0.8))
    card.y = 19
    out = setup is not None and any(not t["in_play"] for t in setup["terrain"])
    card.heading(layout["heading"], layout["note_code"] if out else layout["note_blank"])
    board = hex_map(card, rules, setup["terrain"] if setup else None, size=layout["hex_size"],
                    label_size=layout["label_size"], code_size=layout["code_size"], patch=True)
    card.y += board.height + 0.4
    legend(card, rules, out)
    card.line(f"Hex labels: {rules_span(rules)}; [B] marks the centre of tile B." if setup else
              f"Hex labels: {rules_span(rules)}.", size=7.5)
    if form is not None and setup is not None:
        fields += _hex_fields(card, rules, setup, board, form, layout["fillable"])
        for words in layout["fillable"]["how"]:
            card.line(words, size=8)
        card.gap(2)
        fields += _player_fields(card, rules, setup, form, layout["fillable"])
    else:
        for words in layout["how"]:
            card.line(words, size=8)
        card.gap(2)
        table = layout["table"]
        card.heading(table["heading"], table["note"])
        _rows(card, table, setup["players"] if setup else table["rows"], card.height - setupcard.FOOTER - 1)
    foot = card.height - setupcard.FOOTER
    card.add(Line(0, foot, card.width, foot, 0.4, "muted"))
    if code:
        card.add(Text(0, foot + 3.9, layout["footer"].format(code=code), 7.5, role="muted", max_width=card.width))
    card.add(Text(0, foot + 7.7, layout["fine_print"].format(title=rules.title, data_version=rules.version,
                                                             version=__version__),
                  7, role="muted", max_width=card.width, footer=True))
    if card.y > foot - 1:
        raise ValueError(f"the {rules.game} board sheet runs {card.y - foot + 1:.1f} mm past its footer")
    copies = f", {request.copies} copies" if request.copies > 1 else ""
    page_fields = form.filled(fields, values) if form is not None else ()
    return SheetDocument(
        title=f"{rules.title} board record" + (f" {code}" if code else ""),
        subject=f"Board record sheet{f' for setup {code}' if code else ''}{copies}, {request.paper}, "
                f"{request.ink} ink, rule data {rules.version}",
        width=card.width, height=card.height, backdrops={BACKDROP: tuple(card.items)},
        pages=[Page(BACKDROP, page_fields) for _ in range(request.copies)],
        form_id=form.id if form is not None else "")


def _fillable_code(code: Optional[str], values: dict[str, Any]) -> str:
    """The setup a fillable sheet is drawn for: --code, or the results file's (--from)."""
    given = values.get(board_form.SETUP)
    if code and given and code != given:
        raise InvalidArgument("code", f"the results file is for setup {given}; leave out `code`", ("code",))
    if not (code or given):
        raise InvalidArgument("fillable", "a fillable board record is drawn for one setup (its board, face-down "
                                          "tiles and Boomtown offices): give `code` (its setup code), or `results`: a "
                                          "results file with setup: CODE", ("code", "results"))
    return str(code or given)


def _hex_fields(card: setupcard.Card, rules: RuleData, setup: dict[str, Any], board: HexMap, form: SheetForm,
                fill: dict[str, Any]) -> list[FormField]:
    """A field on every land hex, on a white patch where a building can stand. A face-down hex
    keeps its field without the patch (every sheet has the same fields; a mark there is reported)."""
    w, h, below = fill["hex_field"]
    named = hexlabels.labels(rules)
    slots = {s["slot"]: s for s in rules["board"]["slots"]}
    out_of_play = {h for t in setup["terrain"] if not t["in_play"] for h in hexes.slot_hexes(slots[t["slot"]])}
    out: list[FormField] = []
    for hex_ in hexes.order(hexes.land(rules)):
        cx, cy = board.at[hex_]
        rect = Rect(cx - w / 2, cy + below - h / 2, w, h)
        if hex_ not in out_of_play:
            card.add(Box(rect, fill="paper", width=0.4, radius=0.8, writable=True))
        out.append(form.field(board_form.hex_field(named.label(hex_)), Rect(rect.x + 0.3, rect.y + 0.3, w - 0.6,
                                                                            h - 0.6),
                              size=fill["field_size"], bold=True))
    return out


def _player_fields(card: setupcard.Card, rules: RuleData, setup: dict[str, Any], form: SheetForm,
                   fill: dict[str, Any]) -> list[FormField]:
    """Under a heading, one block per player: a row of name, letter and counts, then a row of
    investment influence per terrain and Boomtown tokens per office of the setup."""
    scorer = GoldWestScorer(rules)
    card.heading(fill["heading"], fill["note"])
    width = card.width
    first = fill["first"]
    fixed = sum(c[2] for c in first if len(c) > 2)
    loose = (width - fixed) / sum(1 for c in first if len(c) == 2)
    top_row = [(key, words, c[2] if len(c) > 2 else loose) for c in first for key, words in [c[:2]]]
    terrain_w = fill["influence_width"]
    offices = list(setup["boomtown"]["offices"]) + [scorer.free_name]
    office_w = (width - terrain_w * len(scorer.terrains)) / len(offices)
    second = [(f"investment_influence.{scorer.terrain_key[c]}", c, terrain_w) for c in scorer.terrains]
    second += [(f"boomtown.{i}", name, office_w) for i, name in enumerate(offices[:-1], 1)]
    second += [("boomtown.free", offices[-1], office_w)]
    head, row = fill["header_height"], fill["row_height"]

    def heads(columns: list[tuple[str, str, float]], y: float) -> None:
        x = 0.0
        for _, words, w in columns:
            card.add(Text(x + 1, y + head - 1.2, words, 6.5, role="muted", bold=True, max_width=w - 1.5))
            x += w

    heads(top_row, card.y)
    card.y += head
    card.add(Text(1, card.y + head - 1.2, fill["influence"], 6.5, role="muted", bold=True),
             Text(terrain_w * len(scorer.terrains) + 1, card.y + head - 1.2, fill["boomtown"], 6.5, role="muted",
                  bold=True))
    card.y += head - 1.0
    heads(second, card.y)
    card.y += head + 0.6
    out: list[FormField] = []
    for column in range(1, setup["players"] + 1):
        for columns in (top_row, second):
            x = 0.0
            for key, _, w in columns:
                rect = Rect(x + 0.5, card.y, w - 1.0, row - 1.2)
                card.add(Box(rect, fill="paper", width=0.5, radius=0.8, writable=True))
                inner = Rect(rect.x + 0.4, rect.y + 0.4, rect.w - 0.8, rect.h - 0.8)
                out.append(form.field(board_form.player(column, key), inner, size=fill["field_size"],
                                      bold=key in ("name", "initial"), align="left" if key == "name" else "center"))
                x += w
            card.y += row
        card.y += 1.6
    return out


def _rows(card: setupcard.Card, table: dict[str, Any], rows: int, bottom: float) -> None:
    """The column heads, then a ruled row per player to write the hexes on: the rows share the page
    down to `bottom` (at least the layout's row_height each)."""
    x = [2.0]
    for w in table["widths"]:
        x.append(x[-1] + w)
    for left, words in zip(x, table["columns"]):
        card.add(Text(left, card.y + 3, words, 8, role="muted", bold=True))
    card.y += 4
    height = max(table["row_height"], (bottom - 2 - card.y) / rows)
    for _ in range(rows):
        card.y += height
        card.add(Line(2, card.y, card.width - 2, card.y, 0.4))
        for left in x[1:]:
            card.add(Line(left - 2, card.y - height + 1.5, left - 2, card.y, 0.3, "muted"))
    card.y += 2


def rules_span(rules: RuleData) -> str:
    return hexlabels.labels(rules).span()
