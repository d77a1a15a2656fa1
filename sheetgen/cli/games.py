"""sheetgen games: the games and what sheetgen can do for each."""

from __future__ import annotations

import json
from typing import Any, Optional

import click

from sheetgen import ruledata
from sheetgen.cli.common import _complete_game, _data, _say
from sheetgen.games import GameSpec, all_games, get_game
from sheetgen.ruledata import RuleData


@click.command()
@click.argument("game", required=False, shell_complete=_complete_game)
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="A table for people, or JSON for programs.")
@click.pass_context
def games(ctx: click.Context, game: Optional[str], fmt: str) -> None:
    """List the games and what sheetgen can do for each; with GAME, its printable parts in detail.

    \b
    Examples:
      sheetgen games
      sheetgen games piecepack-gold-rush
      sheetgen games --format json
    """
    listed = [get_game(game)] if game is not None else list(all_games().values())
    facts = [_game_facts(spec, ruledata.load(spec, _data(ctx))) for spec in listed]
    if fmt.lower() == "json":
        _say(json.dumps(facts[0] if game is not None else facts, indent=2, ensure_ascii=False))
    elif game is not None:
        one = facts[0]
        _say(f"{one['title']} ({one['game']}), {one['players']['min']}-{one['players']['max']} players, "
                   f"rule data {one['data_version']}")
        _say(f"Printable parts (sheetgen sheet {one['game']} WHAT):")
        width = max((len(p["name"]) for p in one["sheets"]), default=0)
        for part in one["sheets"]:
            _say(f"  {part['name'].ljust(width)}  {part['summary']}{' (default)' if part['default'] else ''}"
                 f"{'; fillable' if part['fillable'] else ''}")
        for part in (p for p in one["sheets"] if p["fillable"]):
            code = " --code CODE" if part["fillable_needs_code"] else ""
            _say(f"Fill in on screen: sheetgen sheet {one['game']} {part['name']}{code} --fillable (its fields: "
                 f"--fields); 'sheetgen score' reads the saved PDFs")
        _say(f"Setups: {'sheetgen setup ' + one['game'] if one['setup'] else 'not yet'}")
        _say("Scoring: " + (f"sheetgen template {one['game']}, then check and score" if one["score"]
                                  else "not yet"))
    else:
        rows = [("GAME", "TITLE", "PLAYERS", "SHEETS", "SETUP", "SCORE")]
        for f in facts:
            rows.append((f["game"], f["title"], f"{f['players']['min']}-{f['players']['max']}",
                         ", ".join(p["name"] for p in f["sheets"]) or "-", "yes" if f["setup"] else "-",
                         "yes" if f["score"] else "-"))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for row in rows:
            _say("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


def _game_facts(spec: GameSpec, rules: RuleData) -> dict[str, Any]:
    low, high = rules.players
    default = spec.default_sheet or (spec.sheets[0].name if spec.sheets else None)
    return {"game": spec.key, "title": rules.title, "players": {"min": low, "max": high},
            "data_version": rules.version,
            "sheets": [{"name": p.name, "summary": p.summary, "default": p.name == default, "fillable": bool(p.form),
                        "fillable_needs_code": p.form_needs_code} for p in spec.sheets],
            "setup": bool(spec.setup), "score": bool(spec.score)}
