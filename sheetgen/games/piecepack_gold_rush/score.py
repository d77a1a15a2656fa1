"""Gold Rush (piecepack): the results model, its checks and its tally.

A results file holds, per player, the Ore, Gold and Food held at the end,
the buildings on the player's plots, and optionally the total the player
added up:

    game: piecepack-gold-rush
    players:
      - {name: Ann, ore: 4, gold: 3, food: 2, buildings: [Market, Farm, Mine]}

Every number comes from the rule data: points per resource, points per
non-production building, the ownership markers (one per plot, one building
per plot), the rounds with a Stake Claim phase and the tie-breaker (the most
Food; still tied, a shared win). Building names are matched in any letter
case, with curly apostrophes and spaces or hyphens alike.

Scoring categories: one per scored resource (ore, gold), then buildings;
they add up to the total. Limits checked: at most one plot per ownership
marker and one claim per round with a Stake Claim phase (so at most 6 plots
with 4 players), one building per plot. Assay, Optimize and Upgrade are
actions, not buildings, and are named as such when listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from sheetgen.games.piecepack_gold_rush.rules import norm
from sheetgen.results.model import Context, Entry, Example, Model, Reader, Scorer, Table, plural, unknown
from sheetgen.results.document import Key, PathKey
from sheetgen.schema import Any_, Field, Int, List, Map, Schema, Str, describe

BUILDINGS = "buildings"  # the breakdown category of non-production buildings
PER_PRODUCTION = 2  # a production building yields from its plot's tile and its coin (the buildings' text)


@dataclass
class Mat(Entry):
    """One player's mat as read."""

    counts: dict[str, int] = field(default_factory=dict)  # resource -> count held
    buildings: list[dict[str, Any]] = field(default_factory=list)  # building entries from the rules, in file order


class GoldRushScorer(Scorer):
    entry_type = Mat

    def __init__(self, rules: Any):
        super().__init__(rules)
        self.rounds: int = rules["rounds"]
        self.skipped: dict[int, int] = rules["stake_claim_skipped_last"]
        self.markers = rules["player_start"]["ownership_markers"]
        self.words: dict[str, str] = {r["key"]: r["name"] for r in rules["resources"]}
        scoring = rules["scoring"]
        self.points: dict[str, int] = dict(scoring["points"])  # resource -> points each
        self.per_building = scoring["non_production_building"]
        self.tie_fields = [name for _, name in rules.tie_breakers.order]
        # the counts a player writes: the scored resources, then the tie-breakers
        self.counted = list(self.points) + [r for r in self.tie_fields if r not in self.points]
        self.buildings = {norm(b["name"]): b for b in rules["buildings"]}
        self.actions = {norm(a["name"]): a for a in rules["actions"]}
        self.unscored = [r["key"] for r in rules["resources"] if r["key"] not in self.counted]
        # the most of one resource a player can hold: all that every player's buildings produce (a
        # plot's tile and its coin, each production) and every start, traded to one player
        high = rules.players[1]
        started = sum(rules["player_start"]["resources"].values())
        most = high * (PER_PRODUCTION * self.markers * self.rounds + started)
        self.held = Int(0, most, f"{high} players' {self.markers} plots producing {PER_PRODUCTION} a round for "
                                 f"{self.rounds} rounds, and their starts")

    def claims(self, players: int) -> Optional[int]:
        """Stake Claim phases in a game of `players`, if the data knows that count."""
        if players not in self.skipped:
            return None
        return self.rounds - self.skipped[players]

    # -- the model ------------------------------------------------------------------

    def model(self) -> Model:
        fields: dict[str, Union[Schema, Field]] = {"name": Field(Str(), help="the player's name, as it should be printed",
                                      default=lambda ctx, i: ctx.names[i])}
        for r in self.counted:
            if r in self.points:
                note = f"{self.words[r]} held at the end ({plural(self.points[r], 'point')} each)"
                needs = [r]
            else:
                note = f"{self.words[r]} held at the end (scores nothing; breaks a tie)"
                needs = ["the tie-breaker"]
            fields[r] = Field(self.held, help=note, default=0, label=self.words[r], needs=needs)
        fields["buildings"] = Field(List(Any_()), help=self._buildings_help, default=[], needs=[BUILDINGS])
        fields["total"] = Field(Int(0), required=False, default=Example(0),
                                help="optional: your own sum; the check compares it with the tally")
        return Model(self.game, self.title, Map(fields), {}, intro=self._intro, comment_column=28)

    def _intro(self, ctx: Context) -> list[str]:
        scored = ", ".join(f"{plural(self.points[r], 'point')} per {self.words[r]}" for r in self.points)
        tie = self.words[self.tie_fields[0]] if self.tie_fields else ""
        return [
            f"# {self.title} results: one entry per player, copied from the player mats at the end",
            "# of the last round. Check and tally it with:  sheetgen score THIS-FILE",
            f"# Scoring: {scored}, {plural(self.per_building, 'point')} per non-production building.",
            f"# A tie goes to the player with the most {tie}; still tied, they share the win.",
        ]

    def _buildings_help(self, ctx: Context, index: int = 0) -> list[str]:
        claims = self.claims(ctx.players)
        limit = min(self.markers, claims) if claims is not None else self.markers
        kinds = {kind: [b["name"] for b in self.rules["buildings"] if b["kind"] == kind]
                 for kind in ("production", "non-production")}
        actions = [a["name"] for a in self.rules["actions"]]
        return [
            f"buildings: one name per plot you own (at most {limit} with {ctx.players} players), in any",
            "letter case, e.g. [Farm, Farm, Mine, Market].",
            f"Production: {', '.join(kinds['production'])}.",
            f"Non-production ({plural(self.per_building, 'point')} each): {', '.join(kinds['non-production'])}.",
            f"{', '.join(actions[:-1])} and {actions[-1]} are actions, not buildings: leave them out.",
        ]

    def reword(self, path: PathKey, message: str, at_key: bool) -> str:
        key = path[-1] if len(path) == 3 and path[0] == "players" else None
        if at_key and isinstance(key, str) and key in self.unscored:
            return (f"{self.words[key]} scores nothing at the end (only "
                    f"{', '.join(self.words[r] for r in self.points)} and non-production buildings do); "
                    f"leave it out")
        if isinstance(key, str) and key in self.counted and "too small" in message:
            return f"{self.words[key]}: a count of what you hold cannot be negative"
        if key == "buildings" and message.startswith("expected a list"):
            return f"{message}; write the buildings on your plots as a list, e.g. [Farm, Mine, Market]"
        return message

    # -- the checks -----------------------------------------------------------------
    def read_player(self, r: Reader, mat: Mat, value: dict[str, Any], broken: set[Key]) -> None:
        for resource in self.counted:
            if resource in value and resource not in broken:
                mat.counts[resource] = value[resource]
        if isinstance(value.get("buildings"), list) and "buildings" not in broken:
            for j, raw in enumerate(value["buildings"]):
                self._building(r, mat, mat.path("buildings", j), raw)

    def _building(self, r: Reader, mat: Mat, where: PathKey, raw: Any) -> None:
        if not isinstance(raw, str) or not raw.strip():
            r.fail(where, f"expected a building name, got {describe(raw)}")
            return
        key = norm(raw)
        if key in self.buildings:
            mat.buildings.append(self.buildings[key])
        elif key in self.actions:
            r.fail(where, f"{self.actions[key]['name']} is an action, not a building: it takes no plot and "
                          f"scores nothing; leave it out")
        else:
            r.fail(where, unknown("building", raw, [b["name"] for b in self.buildings.values()]))

    def read(self, r: Reader, table: Table) -> None:
        players = table.listed
        claims = self.claims(players)
        for mat in table.players:
            count = len(mat.buildings)
            if count > self.markers:
                r.fail(mat.path("buildings"), f"{mat.label} has {count} buildings, but a player has "
                                              f"{self.markers} ownership markers: at most {self.markers} plots, "
                                              f"one building each", at_key=True)
            elif claims is not None and count > claims:
                r.fail(mat.path("buildings"), f"{mat.label} has {count} buildings, but with {players} players a "
                                              f"player stakes at most {claims} claims (one per round with a "
                                              f"Stake Claim phase: {self.rounds} rounds, the last "
                                              f"{self.skipped[players]} without), one building per plot",
                       at_key=True)

    def needed(self, table: Table, mat: Mat) -> set[str]:
        return {*self.points, BUILDINGS, "the tie-breaker"}

    def warnings(self, table: Table, ok: bool) -> list[str]:
        return [f"{m.label}: nothing is written for this player" for m in table.players
                if not m.buildings and not any(m.counts.values())]

    # -- the tally ------------------------------------------------------------------
    def breakdown(self, table: Table) -> list[dict[str, int]]:
        return [breakdown(self, m.counts, m.buildings) for m in table.players]

    def total_detail(self, mat: Mat, parts: dict[str, int]) -> str:
        out = []
        for category, points in parts.items():
            if category == BUILDINGS:
                civic = sum(1 for b in mat.buildings if b["kind"] == "non-production")
                out.append(f"buildings {points} ({civic} non-production x {self.per_building})")
            else:
                out.append(f"{category} {points} ({mat.counts.get(category, 0)} x {self.points[category]})")
        return ", ".join(out)

    def tie_value(self, mat: Mat, name: str) -> int:
        return mat.counts.get(name, 0)


def breakdown(scorer: GoldRushScorer, counts: dict[str, int],
              buildings: Sequence[Union[str, dict[str, Any]]]) -> dict[str, int]:
    """Points by category for one player: `counts` maps resource -> count held,
    `buildings` lists building names (as in the rule data) or entries."""
    out = {r: counts.get(r, 0) * points for r, points in scorer.points.items()}
    kinds = [b["kind"] if isinstance(b, dict) else scorer.buildings[norm(b)]["kind"] for b in buildings]
    out[BUILDINGS] = sum(1 for k in kinds if k == "non-production") * scorer.per_building
    return out
