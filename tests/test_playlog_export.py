"""Logged plays as files: the BG Stats play file held to the structure of real BG Stats
exports (docs/bg-stats.md), the CSV read back, the JSON."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

import sheetgen
from conftest import ROOT
from sheetgen.errors import InvalidArgument
from sheetgen.playlog import PlayLog, export

EXAMPLES = ROOT / "examples"
RW = (EXAMPLES / "rolled-west-game.yaml").read_text(encoding="utf-8")
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")
STAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")

# The structure of docs/bg-stats.md: each record's keys and their JSON types.
GAME_KEYS = {"id": int, "uuid": str, "name": str, "modificationDate": str, "cooperative": bool,
             "highestWins": bool, "noPoints": bool, "usesTeams": bool, "bggId": int, "bggName": str, "bggYear": int}
PLAYER_KEYS = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str}
PLAY_KEYS = {"uuid": str, "playDate": str, "entryDate": str, "modificationDate": str, "durationMin": int,
             "gameRefId": int, "ignored": bool, "manualWinner": bool, "rounds": int, "usesTeams": bool,
             "scoringSetting": int, "board": str, "playerScores": list}
SCORE_KEYS = {"playerRefId": int, "score": str, "winner": bool, "rank": int, "seatOrder": int, "startPlayer": bool,
              "newPlayer": bool}


def bgstats_problems(data) -> list:
    """Every way `data` departs from the BG Stats play-file structure; [] when it fits."""
    out = []

    def record(where, value, keys):
        if not isinstance(value, dict):
            out.append(f"{where}: not an object")
            return
        for key, kind in keys.items():
            if key not in value:
                out.append(f"{where}: no {key}")
            elif not isinstance(value[key], kind) or (kind is int and isinstance(value[key], bool)):
                out.append(f"{where}.{key}: {value[key]!r} is not {kind.__name__}")

    if not isinstance(data, dict):
        return ["not an object"]
    if not (isinstance(data.get("about"), str) and "BG Stats" in data["about"]):
        out.append("about: missing")
    for key in ("games", "players", "locations", "plays"):
        if not isinstance(data.get(key), list):
            out.append(f"{key}: not a list")
    if out:
        return out
    for i, g in enumerate(data["games"]):
        record(f"games[{i}]", g, GAME_KEYS)
    for i, p in enumerate(data["players"]):
        record(f"players[{i}]", p, PLAYER_KEYS)
    game_ids = [g.get("id") for g in data["games"]]
    player_ids = [p.get("id") for p in data["players"]]
    for name, ids in (("games", game_ids), ("players", player_ids)):
        if len(set(ids)) != len(ids):
            out.append(f"{name}: ids repeat")
    for i, play in enumerate(data["plays"]):
        record(f"plays[{i}]", play, PLAY_KEYS)
        if play.get("gameRefId") not in game_ids:
            out.append(f"plays[{i}].gameRefId: no such game")
        for key in ("playDate", "entryDate", "modificationDate"):
            if not STAMP.match(str(play.get(key))):
                out.append(f"plays[{i}].{key}: {play.get(key)!r} is not YYYY-MM-DD HH:MM:SS")
        scores = play.get("playerScores") or []
        if not scores:
            out.append(f"plays[{i}]: no players")
        for j, s in enumerate(scores):
            record(f"plays[{i}].playerScores[{j}]", s, SCORE_KEYS)
            if s.get("playerRefId") not in player_ids:
                out.append(f"plays[{i}].playerScores[{j}].playerRefId: no such player")
        if scores and not any(s.get("winner") for s in scores):
            out.append(f"plays[{i}]: no winner")
    for what in ("games", "players", "plays"):
        uuids = [r.get("uuid") for r in data[what]]
        if not all(isinstance(u, str) and UUID.match(u) for u in uuids) or len(set(uuids)) != len(uuids):
            out.append(f"{what}: uuids not upper-case, distinct UUIDs")
    return out


def test_the_checker_finds_what_breaks_the_structure():
    good = {"about": "plays for BG Stats", "games": [], "players": [], "locations": [], "plays": [
        {"uuid": "X", "playerScores": []}]}
    problems = bgstats_problems(good)
    assert "plays[0]: no players" in problems and "plays[0]: no playDate" in problems
    assert "plays[0].gameRefId: no such game" in problems


@pytest.fixture
def season(tmp_path):
    with PlayLog(tmp_path / "plays.db") as log:
        log.score(EXAMPLES / "rolled-west-game.yaml", date="2026-11-06")
        log.score(text=RW.replace("Gabriel", "Cat"), date="2026-11-13")
        log.score(EXAMPLES / "gold-west-game.yaml", date="2026-11-14")
        log.score(EXAMPLES / "gold-west-map.yaml", date="2026-11-15")
        log.score(EXAMPLES / "carcassonne-gold-rush-game.yaml", date="2026-11-20")
        yield log


def rules(key):
    return sheetgen.game(key).rules


def test_a_bgstats_file_has_the_structure_of_real_bg_stats_exports(season):
    data = json.loads(json.dumps(export.to_bgstats(season.plays(), rules)))  # as written and read back
    assert bgstats_problems(data) == []
    assert [g["name"] for g in data["games"]] == ["Rolled West", "Gold West", "Carcassonne: Gold Rush"]
    assert {g["name"]: g["bggId"] for g in data["games"]} == {
        "Rolled West": 280041, "Gold West": 154086, "Carcassonne: Gold Rush": 163370}
    # players once each, by name key; scores in seating order with the winner marked
    assert [p["name"] for p in data["players"]] == ["Ann", "Gabriel", "Cat", "Sara", "Levi", "Ben"]
    first = data["plays"][0]
    assert first["playDate"] == "2026-11-06 12:00:00"
    assert [(s["playerRefId"], s["score"], s["rank"], s["winner"], s["seatOrder"]) for s in first["playerScores"]] \
        == [(1, "43", 2, False, 1), (2, "47", 1, True, 2)]
    assert data["plays"][3]["board"] == "GW4-1YTC-HWPW-8Y2P-B9V5-6TXM-ZQDB-W9XF-GTJE-9P83-5WJF"


def test_the_same_plays_exported_twice_carry_the_same_uuids(season):
    once = export.to_bgstats(season.plays(), rules)
    again = export.to_bgstats(season.plays(), rules)
    assert [p["uuid"] for p in once["plays"]] == [p["uuid"] for p in again["plays"]]
    assert len({p["uuid"] for p in once["plays"]}) == 5


def test_a_game_without_a_boardgamegeek_id_is_refused_not_guessed(season):
    season.score(EXAMPLES / "piecepack-gold-rush-game.yaml", date="2026-11-21")
    assert sheetgen.game("piecepack-gold-rush").rules["meta"].get("bgg_id") is None
    with pytest.raises(InvalidArgument) as refused:
        export.to_bgstats(season.plays(), rules)
    assert "piecepack-gold-rush" in refused.value.message and "the other games only" in refused.value.message
    assert bgstats_problems(export.to_bgstats(season.plays(game="rolled-west"), rules)) == []


def test_the_csv_round_trips(season):
    season.score(text=RW.replace("name: Ann", 'name: "=HYPERLINK(1)"').replace("name: Gabriel", 'name: "\'quoted"'),
                 date="2026-11-22")
    season.score(text=RW.replace("name: Ann", 'name: "-minus"').replace("name: Gabriel", 'name: "+plus"'),
                 date="2026-11-23")
    plays = season.plays()
    text = export.to_csv(plays)
    back = export.read_csv(text)
    assert [(p.id, p.date, p.game, p.setup, p.players, p.winners) for p in back] == \
        [(p.id, p.date, p.game, p.setup, p.players, p.winners) for p in plays]
    # a spreadsheet sees no formula: a cell starting like one starts with an apostrophe
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0].keys() == set(export.CSV_COLUMNS)
    names = [r["player"] for r in rows]
    assert "'=HYPERLINK(1)" in names and "''quoted" in names and "'-minus" in names and "'+plus" in names
    assert all(not n.startswith(("=", "+", "-", "@")) for n in names)
    assert rows[0]["score"] == "43" and json.loads(rows[0]["breakdown"])["contracts"] == 9


def test_the_json_lists_plays_with_players_in_seating_order(season):
    data = json.loads(export.to_json(season.plays(game="carcassonne-gold-rush")))
    (play,) = data["plays"]
    assert play["date"] == "2026-11-20" and play["winners"] == ["Ann"]
    assert [(p["seat"], p["name"], p["total"], p["rank"]) for p in play["players"]] == [
        (1, "Ann", 60, 1), (2, "Ben", 36, 3), (3, "Cat", 40, 2)]
    assert all(sum(p["breakdown"].values()) == p["total"] for p in play["players"])
