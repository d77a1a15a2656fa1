"""Logged plays as files: JSON for programs, CSV for spreadsheets, a BG Stats play file.

The BG Stats file follows the structure of the app's own exports and play files
(docs/bg-stats.md says what each field is and where that is known from). Its ids
are small integers numbered in the file; its UUIDs are made from the play's
fingerprint, the player's name key and the game's key (uuid5), so exporting the
same plays twice gives the same UUIDs and BG Stats sees the same plays again
rather than new ones.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import uuid
from typing import Any, Callable, Optional, Sequence

from sheetgen import playernames
from sheetgen.errors import InvalidArgument
from sheetgen.playlog.model import Play, PlayerResult
from sheetgen.ruledata import RuleData

# uuid5 namespace of everything sheetgen exports: uuid5(NAMESPACE_URL, "sheetgen play log")
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "sheetgen play log")
ABOUT = ("This file contains one or more plays exported by sheetgen, to be imported by "
         "Board Game Stats (BG Stats).")
# BG Stats plays have a time; the log knows the day only. Noon keeps the day the same in
# any time zone BG Stats may show it in.
PLAY_TIME = "12:00:00"
CSV_COLUMNS = ["play", "date", "game", "setup", "seat", "player", "score", "rank", "winner", "breakdown"]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def to_json(plays: Sequence[Play]) -> str:
    """`{"plays": [...]}`: each play with its players in seating order."""
    return json.dumps({"plays": [play_dict(p) for p in plays]}, indent=2, ensure_ascii=False) + "\n"


def play_dict(play: Play) -> dict[str, Any]:
    return {
        "id": play.id, "date": play.date.isoformat(), "game": play.game, "setup": play.setup,
        "data_version": play.data_version,
        "players": [{"name": p.name, "seat": p.seat, "total": p.total, "rank": p.rank, "winner": p.winner,
                     "breakdown": dict(p.breakdown)} for p in play.players],
        "winners": list(play.winners), "tie_breaker": play.tie_breaker, "warnings": list(play.warnings),
    }


# -- CSV ---------------------------------------------------------------------------------------

def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: one starting like a formula gets a leading
    apostrophe (and one starting with an apostrophe another), which `read_csv` takes off."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") and text[1:].startswith(_FORMULA_START) else text


def to_csv(plays: Sequence[Play]) -> str:
    """A row per player per play (seating order), the columns of CSV_COLUMNS; `breakdown` is
    the points per category as JSON."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for p in play.players:
            writer.writerow([play.id, play.date.isoformat(), _cell(play.game), _cell(play.setup or ""), p.seat,
                             _cell(p.name), p.total, p.rank, "yes" if p.winner else "no",
                             json.dumps(p.breakdown, ensure_ascii=False)])
    return out.getvalue()


def read_csv(text: str) -> list[Play]:
    """The plays of a CSV that `to_csv` wrote (players and scores; no results or versions)."""
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames != CSV_COLUMNS:
        raise ValueError(f"not a sheetgen plays CSV: the columns are {reader.fieldnames}")
    grouped: dict[int, dict[str, Any]] = {}  # a play's id -> its date, game, setup and players
    for row in reader:
        key = int(row["play"])
        entry = grouped.setdefault(key, {"date": row["date"], "game": _uncell(row["game"]),
                                         "setup": _uncell(row["setup"]) or None, "players": []})
        entry["players"].append(PlayerResult(_uncell(row["player"]), int(row["seat"]), int(row["score"]),
                                             int(row["rank"]), row["winner"] == "yes", json.loads(row["breakdown"])))
    plays: list[Play] = []
    for key, entry in grouped.items():
        players = tuple(entry["players"])
        plays.append(Play(id=key, date=datetime.date.fromisoformat(entry["date"]), game=entry["game"],
                          players=players, winners=tuple(p.name for p in players if p.winner), tie_breaker="",
                          data_version="", setup=entry["setup"]))
    return plays


# -- BG Stats ----------------------------------------------------------------------------------

def to_bgstats(plays: Sequence[Play], games: Callable[[str], RuleData]) -> dict[str, Any]:
    """A BG Stats play file of `plays`. `games(key)` gives a game's rule data (its title and
    BoardGameGeek id, meta.bgg_id); a game without an id is refused, never guessed."""
    missing = sorted({p.game for p in plays if _bgg_id(games(p.game)) is None})
    if missing:
        raise InvalidArgument("format", f"BG Stats matches a game by its BoardGameGeek id, and the rule data of "
                                        f"{', '.join(missing)} has none (sheetgen could not verify one); export "
                                        f"the other games only, or add meta.bgg_id to a house-rule copy of the "
                                        f"rule data")
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}
    out_games: list[dict[str, Any]] = []
    out_players: list[dict[str, Any]] = []
    out_plays: list[dict[str, Any]] = []
    for play in plays:
        if play.game not in game_ids:
            rules = games(play.game)
            game_ids[play.game] = len(game_ids) + 1
            out_games.append({
                "id": game_ids[play.game], "uuid": _uuid("game", play.game), "name": rules.title,
                "modificationDate": _stamp(play.logged_at, play), "cooperative": False, "highestWins": True,
                "noPoints": False, "usesTeams": False, "bggId": _bgg_id(rules), "bggName": rules.title,
                "bggYear": rules["meta"]["year"],
            })
        scores: list[dict[str, Any]] = []
        for p in play.players:
            k = playernames.key(p.name)
            if k not in player_ids:
                player_ids[k] = len(player_ids) + 1
                out_players.append({"id": player_ids[k], "uuid": _uuid("player", k), "name": p.name,
                                    "isAnonymous": False, "modificationDate": _stamp(play.logged_at, play),
                                    "bggUsername": ""})
            scores.append({"playerRefId": player_ids[k], "score": str(p.total), "winner": p.winner, "rank": p.rank,
                           "seatOrder": p.seat, "startPlayer": False, "newPlayer": False})
        out_plays.append({
            "uuid": _uuid("play", play.fingerprint or f"{play.game}/{play.id}"),
            "playDate": f"{play.date.isoformat()} {PLAY_TIME}", "entryDate": _stamp(play.logged_at, play),
            "modificationDate": _stamp(play.logged_at, play), "durationMin": 0, "gameRefId": game_ids[play.game],
            "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False, "scoringSetting": 0,
            "board": play.setup or "", "playerScores": scores,
        })
    return {"about": ABOUT, "games": out_games, "players": out_players, "locations": [], "plays": out_plays}


def _bgg_id(rules: RuleData) -> Optional[int]:
    value = rules["meta"].get("bgg_id")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _uuid(kind: str, text: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{text}")).upper()


def _stamp(logged_at: str, play: Play) -> str:
    """The moment a play was logged, as BG Stats writes dates ("YYYY-MM-DD HH:MM:SS")."""
    return logged_at or f"{play.date.isoformat()} {PLAY_TIME}"
