"""Gold Rush (piecepack): check a filled-in results file and tally it.

The results file (DESIGN.md, "Results files") holds, per player, the Ore,
Gold and Food held at the end, the buildings on the player's plots, and
optionally the total the player added up:

    game: piecepack-gold-rush
    players:
      - {name: Ann, ore: 4, gold: 3, food: 2, buildings: [Market, Farm, Mine]}

Every number comes from the rule data: points per resource, points per
non-production building, the ownership markers (one per plot, one building
per plot), the rounds with a Stake Claim phase and the tie-breaker resource.
Building names are matched in any letter case, with curly apostrophes and
spaces or hyphens alike.

Scoring categories: one per scored resource (ore, gold), then buildings;
they add up to the total. A tie on the total goes to the most Food; players
tied on that too share the win. The rulebook breaks ties only for the win;
the same rule orders the places below it, so a report never ranks two
players differently from how the win would have been decided between them.

Limits checked: a player owns at most one plot per ownership marker and
stakes at most one claim per round with a Stake Claim phase (so at most 6
plots with 4 players), with one building per plot. Assay, Optimize and
Upgrade are actions, not buildings, and are named as such when listed.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from typing import Any, Optional

from sheetgen.errors import InvalidInput, Problem, UsageProblem
from sheetgen.games.piecepack_gold_rush.rules import norm
from sheetgen.schema import Any_, Check, Field, Int, List, Map, Str, describe
from sheetgen.scoring import ScoredPlayer, ScoreReport, competition_ranks, read_players, total_mismatch
from sheetgen.yamlio import Document

BUILDINGS = "buildings"  # the breakdown category of non-production buildings


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class _Rules:
    """The rule data, indexed the way the checks and the tally need it."""

    def __init__(self, rules: Any):
        self.game = rules.game
        self.title = rules.title
        self.players = rules.players
        self.rounds = rules["rounds"]
        self.skipped = rules["stake_claim_skipped_last"]
        self.markers = rules["player_start"]["ownership_markers"]
        self.resource_names = {r["key"]: r["name"] for r in rules["resources"]}
        scoring = rules["scoring"]
        self.points: dict = dict(scoring["points"])  # resource -> points each
        self.per_building = scoring["non_production_building"]
        tie = scoring["tie_breaker"]
        self.tie_resource = tie["most"]
        # the counts a player writes: the scored resources, then the tie-breaker
        self.counted = list(self.points) + [self.tie_resource]
        self.buildings = {norm(b["name"]): b for b in rules["buildings"]}
        self.building_names = [b["name"] for b in rules["buildings"]]
        self.actions = {norm(a["name"]): a for a in rules["actions"]}
        self.unscored = [r["key"] for r in rules["resources"] if r["key"] not in self.counted]

    def word(self, resource: str) -> str:
        return self.resource_names.get(resource, resource)

    def claims(self, players: int) -> Optional[int]:
        """Stake Claim phases in a game of `players`, if the data knows that count."""
        if players not in self.skipped:
            return None
        return self.rounds - self.skipped[players]

    def categories(self) -> list[str]:
        return [r for r in self.counted if r in self.points] + [BUILDINGS]

    @property
    def tie_words(self) -> str:
        return f"most {self.word(self.tie_resource)} wins; still tied, the win is shared"


@dataclass
class _Sheet:
    """One player's mat as read."""

    index: int
    name: str = ""
    counts: dict = field(default_factory=dict)  # resource -> count
    buildings: list = field(default_factory=list)  # building entries from the rules, in file order
    total: Optional[int] = None

    def path(self, *rest: Any) -> tuple:
        return ("players", self.index, *rest)

    @property
    def label(self) -> str:
        return self.name or f"player {self.index + 1}"


# -- structure ---------------------------------------------------------------

def _schema(R: _Rules) -> Map:
    def game_test(value: Any) -> Optional[str]:
        if isinstance(value, str) and value.strip().lower() == R.game:
            return None
        return f"this checker reads {R.game} results, got {describe(value)}"

    fields: dict = {"name": Str()}
    for resource in R.counted:
        fields[resource] = Int(0)
    fields["buildings"] = List(Any_())
    fields["total"] = Field(Int(0), required=False)
    return Map({"game": Check(Any_(), game_test), "players": List(Map(fields))})


def _friendlier(R: _Rules, path: tuple, message: str, at_key: bool) -> str:
    """Reword a few schema messages for this file's readers."""
    key = path[-1] if path else None
    if at_key and len(path) == 3 and path[0] == "players" and key in R.unscored:
        return (f"{R.word(key)} scores nothing at the end (only "
                f"{', '.join(R.word(r) for r in R.points)} and non-production buildings do); leave it out")
    if len(path) == 3 and path[0] == "players" and key in R.counted and "too small" in message:
        return f"{R.word(key)}: a count of what you hold cannot be negative"
    if len(path) == 3 and path[0] == "players" and key == "buildings" and message.startswith("expected a list"):
        return f"{message}; write the buildings on your plots as a list, e.g. [Farm, Mine, Market]"
    return message


# -- reading ------------------------------------------------------------------

class _Reader:
    def __init__(self, doc: Document, R: _Rules):
        self.doc = doc
        self.R = R
        self.problems: list[Problem] = []

    def fail(self, path: tuple, message: str, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, at_key=at_key))

    def player(self, index: int, value: dict, broken: set) -> _Sheet:
        """Read what is well-formed; `broken` names the keys the schema rejected."""
        sheet = _Sheet(index)
        if isinstance(value.get("name"), str):
            sheet.name = value["name"].strip()
        for resource in self.R.counted:
            if resource in value and resource not in broken:
                sheet.counts[resource] = value[resource]
        if isinstance(value.get("buildings"), list) and "buildings" not in broken:
            self.buildings(sheet, value["buildings"])
        if "total" in value and "total" not in broken:
            sheet.total = value["total"]
        return sheet

    def buildings(self, sheet: _Sheet, written: list) -> None:
        R = self.R
        for j, raw in enumerate(written):
            where = sheet.path("buildings", j)
            if not isinstance(raw, str) or not raw.strip():
                self.fail(where, f"expected a building name, got {describe(raw)}")
                continue
            key = norm(raw)
            building = R.buildings.get(key)
            if building is not None:
                sheet.buildings.append(building)
                continue
            action = R.actions.get(key)
            if action is not None:
                self.fail(where, f"{action['name']} is an action, not a building: it takes no plot and "
                                 f"scores nothing; leave it out")
                continue
            hint = difflib.get_close_matches(key, list(R.buildings), n=1, cutoff=0.6)
            if hint:
                self.fail(where, f"unknown building '{raw}'; did you mean '{R.buildings[hint[0]]['name']}'?")
            else:
                self.fail(where, f"unknown building '{raw}'; expected one of {', '.join(R.building_names)}")


# -- cross-player checks ---------------------------------------------------------

def _cross_checks(R: _Rules, sheets: list[_Sheet], players: int, fail) -> None:
    names: dict = {}
    for s in sheets:
        if not s.name:
            continue
        key = s.name.casefold()
        if key in names:
            fail(s.path("name"), f"the name {s.name} is used twice; give each player a different name")
        names[key] = s

    claims = R.claims(players)
    for s in sheets:
        count = len(s.buildings)
        if count > R.markers:
            fail(s.path("buildings"), f"{s.label} has {count} buildings, but a player has "
                                      f"{R.markers} ownership markers: at most {R.markers} plots, "
                                      f"one building each", at_key=True)
        elif claims is not None and count > claims:
            fail(s.path("buildings"), f"{s.label} has {count} buildings, but with {players} players a "
                                      f"player stakes at most {claims} claims (one per round with a Stake "
                                      f"Claim phase: {R.rounds} rounds, the last {R.skipped[players]} "
                                      f"without), one building per plot", at_key=True)


# -- tally ----------------------------------------------------------------------

def breakdown(rules: Any, counts: dict, buildings: list) -> dict:
    """Points by category for one player: `counts` maps resource -> count held,
    `buildings` lists building names (as in the rule data) or entries."""
    R = rules if isinstance(rules, _Rules) else _Rules(rules)
    out = {r: counts.get(r, 0) * R.points[r] for r in R.categories() if r != BUILDINGS}
    kinds = [b["kind"] if isinstance(b, dict) else R.buildings[norm(b)]["kind"] for b in buildings]
    out[BUILDINGS] = sum(1 for k in kinds if k == "non-production") * R.per_building
    return out


def _detail(R: _Rules, s: _Sheet, parts: dict) -> str:
    out = []
    for category, points in parts.items():
        if category == BUILDINGS:
            civic = sum(1 for b in s.buildings if b["kind"] == "non-production")
            out.append(f"buildings {points} ({civic} non-production x {R.per_building})")
        else:
            out.append(f"{category} {points} ({s.counts.get(category, 0)} x {R.points[category]})")
    return ", ".join(out)


def _examine(doc: Document, rules: Any) -> tuple[list[Problem], list[str], list[_Sheet], list[dict]]:
    R = _Rules(rules)
    low, high = R.players
    found: list = []
    _schema(R).walk(doc.value, (), found)
    problems = [doc.problem(path, _friendlier(R, path, message, at_key), at_key=at_key)
                for path, message, at_key in found]
    reader = _Reader(doc, R)
    sheets, listed = read_players(doc, found, reader.player, (low, high), R.title, reader.fail)
    if listed is not None:
        _cross_checks(R, sheets, listed, reader.fail)
    problems = list(dict.fromkeys(problems + reader.problems))

    breakdowns: list[dict] = []
    if not problems:
        breakdowns = [breakdown(R, s.counts, s.buildings) for s in sheets]
        for s, parts in zip(sheets, breakdowns):
            message = total_mismatch(s.total, parts, detail=_detail(R, s, parts)) if s.total is not None else None
            if message:
                problems.append(doc.problem(s.path("total"), message))

    warnings = []
    for s in sheets:
        if not s.buildings and not any(s.counts.values()):
            warnings.append(f"{s.label}: nothing is written for this player")
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems, warnings, sheets, breakdowns


def check(doc: Document, rules: Any) -> tuple[list[Problem], list[str]]:
    """Every problem of a Gold Rush results file (located), plus warnings."""
    problems, warnings, _, _ = _examine(doc, rules)
    return problems, warnings


def rank(R: _Rules, players: list, tie_counts: list) -> tuple[list, list, str]:
    """(players ranked best first, winners, what decided): by total, then the
    tie-breaker resource; players equal on both share a rank."""
    keys = [(p.total, tie) for p, tie in zip(players, tie_counts)]
    ranks = competition_ranks(keys)
    ranked = [dataclasses.replace(p, rank=r) for p, r in zip(players, ranks)]
    order = sorted(range(len(ranked)), key=lambda i: ranked[i].rank)  # stable: ties keep file order
    winners = [ranked[i].name for i in order if ranked[i].rank == 1]
    if not players:
        return [], [], "no players"
    best = max(p.total for p in players)
    top = [i for i, p in enumerate(players) if p.total == best]
    word = R.word(R.tie_resource)
    if len(top) == 1:
        decided = "highest total"
    else:
        held = ", ".join(f"{players[i].name} {tie_counts[i]}" for i in top)
        if len(winners) == 1:
            decided = f"tied on {best}: most {word} wins ({held})"
        else:
            decided = f"tied on {best} and on {word} ({max(tie_counts[i] for i in top)} each): the win is shared"
    return [ranked[i] for i in order], winners, decided


def tally(doc: Document, rules: Any) -> ScoreReport:
    """Check, then score; raise InvalidInput listing every problem."""
    problems, warnings, sheets, breakdowns = _examine(doc, rules)
    if problems:
        raise InvalidInput(problems)
    R = _Rules(rules)
    players = [ScoredPlayer(s.name, sum(parts.values()), 0, dict(parts), s.total)
               for s, parts in zip(sheets, breakdowns)]
    ranked, winners, decided = rank(R, players, [s.counts.get(R.tie_resource, 0) for s in sheets])
    if len(winners) > 1:
        names = ", ".join(winners[:-1]) + " and " + winners[-1]
        warnings.append(f"{names} tie for the win on {ranked[0].total} and on {R.word(R.tie_resource)}: "
                        f"they share it")
    return ScoreReport(R.game, ranked, winners, decided, warnings)


def template(rules: Any, players: int) -> str:
    """A commented results file for `players` players; blank, it already passes check."""
    R = _Rules(rules)
    low, high = R.players
    if not _is_int(players) or not low <= players <= high:
        raise UsageProblem("--players", f"{R.game} is played by {low} to {high} players, not {players}")
    claims = R.claims(players)
    limit = min(R.markers, claims) if claims is not None else R.markers
    civic = [b["name"] for b in rules["buildings"] if b["kind"] == "non-production"]
    making = [b["name"] for b in rules["buildings"] if b["kind"] == "production"]
    actions = [a["name"] for a in rules["actions"]]
    scored = ", ".join(f"{_plural(R.points[r], 'point')} per {R.word(r)}" for r in R.points)

    def line(code: str, comment: str = "") -> str:
        return f"{code:<28}# {comment}" if comment else code

    out = [
        f"# {R.title} results: one entry per player, copied from the player mats at the end",
        "# of the last round. Check and tally it with:  sheetgen score THIS-FILE",
        f"# Scoring: {scored}, {_plural(R.per_building, 'point')} per non-production building.",
        f"# A tie goes to the player with the most {R.word(R.tie_resource)}; still tied, they share the win.",
        line(f"game: {R.game}", "which game this file is for; leave as it is"),
        "players:",
    ]
    for n in range(1, players + 1):
        first = n == 1  # explain each field once, on the first player
        out.append(line(f"  - name: Player {n}", "the player's name, as it should be printed" if first else ""))
        for resource in R.counted:
            if resource in R.points:
                note = f"{R.word(resource)} held at the end ({_plural(R.points[resource], 'point')} each)"
            else:
                note = f"{R.word(resource)} held at the end (scores nothing; breaks a tie)"
            out.append(line(f"    {resource}: 0", note if first else ""))
        if first:
            out += [
                f"    # buildings: one name per plot you own (at most {limit} with {players} players), in any",
                "    # letter case, e.g. [Farm, Farm, Mine, Market].",
                f"    # Production: {', '.join(making)}.",
                f"    # Non-production ({_plural(R.per_building, 'point')} each): {', '.join(civic)}.",
                f"    # {', '.join(actions[:-1])} and {actions[-1]} are actions, not buildings: leave them out.",
            ]
        out.append("    buildings: []")
        out.append(line("    # total: 0", "optional: your own sum; the check compares it with the tally"
                        if first else ""))
    return "\n".join(out) + "\n"
