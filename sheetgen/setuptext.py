"""A setup (the dict a game's `generate`/`from_code` returns) as text, JSON, YAML or Markdown.

Text and Markdown are drawn from the setup's keys, not from the game's name:
`seating` (with `colours` when present), `first_player`, `reminders`, `grid`
(cells with `tile` and `coin`; `legend` names the letters), `rounds`, then the
seed, setup code and data version, which every format shows. Every format
shows only what the players see (`for_players`, sheetgen.facedown: what the
game's `face_down` hook names as face down shows as "?", with a line saying
that the seed and code rebuild it) unless asked to reveal. A game that
draws more (Gold West: the hex map, Boomtown, investments, ...) names its own
text and markdown bodies in its registry entry (`setup_text`,
`setup_markdown`); they are drawn from the rule data the setup was made with,
passed in (or the bundled data when it is that version). JSON and YAML are the
dict itself. Only Markdown imports jinja2 (layouts/setup.md.j2). The caller hands
the game's spec down (`SetupGame`: sheetgen.games.GameSpec is one); nothing here
looks a game up.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Protocol, TypeVar

import yaml

from sheetgen import paths, ruledata
from sheetgen.errors import InvalidArgument, InvalidInput, Problem
from sheetgen.facedown import HIDDEN, Hider, for_players
from sheetgen.ruledata import RuleData

# a game's own bodies: (setup, rules) -> the text's lines / the Markdown template's context
TextBody = Callable[[dict[str, Any], RuleData], list[str]]
MarkdownBody = Callable[[dict[str, Any], RuleData], dict[str, Any]]
Body = TypeVar("Body", TextBody, MarkdownBody)

FORMATS = ("text", "json", "yaml", "markdown")
TEMPLATE = "setup.md.j2"

# the line a player's copy adds when it hides something: the seed and code it prints rebuild it
REBUILDS_HIDDEN = "The seed and code below rebuild the face-down pieces too: keep them from players who must not look."


class SetupGame(ruledata.DataGame, Protocol):
    """What a setup's text needs of its game (sheetgen.games.GameSpec has it)."""

    def setup_text_drawer(self) -> Optional[TextBody]: ...

    def setup_markdown_drawer(self) -> Optional[MarkdownBody]: ...

    def face_down_hider(self) -> Optional[Hider]: ...


def render(setup: dict[str, Any], game: SetupGame, fmt: str = "text", rules: Optional[RuleData] = None,
           reveal: bool = False) -> str:
    """`setup` of `game` in one of FORMATS; always ends with a newline. `rules`: the rule data it
    was made with (default: the bundled data, if the setup's data version is theirs).
    What lies face down is shown only with `reveal` (see `for_players`)."""
    if not reveal:
        setup = for_players(setup, game.face_down_hider())
    if fmt == "json":
        return json.dumps(setup, indent=2, ensure_ascii=False) + "\n"
    if fmt == "yaml":
        return yaml.safe_dump(setup, sort_keys=False, allow_unicode=True, width=100)
    if fmt == "text":
        return _text(setup, _made_with(setup, game, game.setup_text_drawer(), rules))
    if fmt == "markdown":
        return _markdown(setup, _made_with(setup, game, game.setup_markdown_drawer(), rules))
    raise InvalidArgument("format", f"unknown format '{fmt}'; choose one of: {', '.join(FORMATS)}")


def _made_with(setup: dict[str, Any], game: SetupGame, draw: Optional[Body],
               rules: Optional[RuleData]) -> Optional[tuple[Body, RuleData]]:
    """The game's own body drawer `draw` and the rule data to draw with, if it has one."""
    if draw is None:
        return None
    if rules is None:
        rules = ruledata.load(game)
    if rules.version != setup.get("data_version"):
        raise InvalidInput([Problem("setup", f"made with {setup['game']} rule data version "
                                             f"{setup.get('data_version')}, but the data here is version "
                                             f"{rules.version}")])
    return draw, rules


# ---- shared pieces ------------------------------------------------------------------------

def heading(setup: dict[str, Any]) -> str:
    count = setup["players"]
    return f"{setup.get('title', setup['game'])}, setup for {count} player{'s' if count != 1 else ''}"


def seed_line(setup: dict[str, Any]) -> str:
    seed: Optional[str] = setup.get("seed")
    return seed if seed is not None else "none (rebuilt from its setup code)"


def row_label(setup: dict[str, Any], row: list[dict[str, str]]) -> str:
    """A grid row named after its coins' suit when every coin shares one (e.g. 'Crowns')."""
    suits = {cell["coin"][0] for cell in row}
    legend = setup.get("legend", {})
    return legend.get(suits.pop(), "") if len(suits) == 1 else ""


def legend_line(setup: dict[str, Any]) -> str:
    return ", ".join(f"{letter} {name}" for letter, name in setup.get("legend", {}).items())


def seat_rows(setup: dict[str, Any]) -> list[tuple[int, str, str]]:
    colours = setup.get("colours", {})
    names = [seat["name"] if isinstance(seat, dict) else seat for seat in setup["seating"]]
    return [(i, name, colours.get(name, "")) for i, name in enumerate(names, 1)]


# ---- text -----------------------------------------------------------------------------------

def table(header: list[str], rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]

    def line(cells: list[str]) -> str:
        return (indent + "  ".join(str(c).ljust(w) for c, w in zip(cells, widths))).rstrip()

    return [line(header), line(["-" * w for w in widths])] + [line(r) for r in rows]


def _grid(setup: dict[str, Any]) -> list[str]:
    grid = setup["grid"]
    labels = [row_label(setup, row) for row in grid]
    margin = max(len(label) for label in labels) + 2
    cells = [[f"{cell['tile']} {cell['coin']}" for cell in row] for row in grid]
    width = max(len(c) for row in cells for c in row) + 2
    columns = len(grid[0])
    rule = " " * margin + "+" + "+".join("-" * width for _ in range(columns)) + "+"
    out = [" " * margin + " " + " ".join(str(c).center(width) for c in range(1, columns + 1)).rstrip(), rule]
    for label, row in zip(labels, cells):
        out.append(f" {label}".ljust(margin) + "|" + "|".join(c.center(width) for c in row) + "|")
        out.append(rule)
    return out


def _footer(setup: dict[str, Any]) -> list[str]:
    note = [REBUILDS_HIDDEN] if setup.get("face_down") == "hidden" else []
    return ["", *note, f"Seed: {seed_line(setup)}",
            f"Setup code: {setup['code']}",
            f"Rule data: {setup['game']} version {setup['data_version']}"]


def _text(setup: dict[str, Any], own: Optional[tuple[TextBody, RuleData]]) -> str:
    if own is not None:
        draw, made_with = own
        return "\n".join([heading(setup), ""] + draw(setup, made_with) + _footer(setup)) + "\n"
    out = [heading(setup), ""]
    seats = seat_rows(setup)
    has_colours = "colours" in setup
    out.append("Seating, in turn order (clockwise, first player first):")
    for i, name, colour in seats:
        out.append(f"  {i}. {name}" + (f" ({colour})" if has_colours else ""))
    if "first_player" in setup:
        out.append(f"First player: {setup['first_player']}")
    if setup.get("reminders"):
        out += ["", "Reminders:"] + [f"  - {r}" for r in setup["reminders"]]
    if setup.get("grid"):
        if setup.get("face_down") == "hidden":
            out += ["", f"Land plots: each cell holds a tile face down ({HIDDEN}), then the coin placed face down "
                        f"on it: its suit shows, its value does not."]
        else:
            out += ["", "Land plots: each cell shows its tile, then the coin placed face down (suit side up) on it."]
        out += _grid(setup)
        if setup.get("legend"):
            out.append(f"  {legend_line(setup)}")
    if setup.get("rounds"):
        out += ["", "Rounds:"]
        out += table(["round", "start player", "Stake Claim"],
                     [[str(r["round"]), r["start_player"], "yes" if r["stake_claim"] else "skipped"]
                      for r in setup["rounds"]])
    out += _footer(setup)
    return "\n".join(out) + "\n"


# ---- markdown (jinja2, imported only here) ----------------------------------------------------

def _cell(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _markdown(setup: dict[str, Any], own: Optional[tuple[MarkdownBody, RuleData]]) -> str:
    import jinja2

    body: dict[str, Any] = {}
    if own is not None:
        draw, made_with = own
        body = draw(setup, made_with)
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.bundled("layouts"))),
        autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["cell"] = _cell
    # a game's own template (layouts/<game>-setup.md.j2) extends the shared one
    page = env.select_template([f"{setup['game']}-{TEMPLATE}", TEMPLATE]).render(
        setup=setup, heading=heading(setup), seats=seat_rows(setup), seed=seed_line(setup),
        hidden=setup.get("face_down") == "hidden", rebuilds_hidden=REBUILDS_HIDDEN,
        rows=[(row_label(setup, row), row) for row in setup.get("grid", [])],
        legend=legend_line(setup),
        **body,
    )
    return page.rstrip("\n") + "\n"
