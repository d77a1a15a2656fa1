"""The results model and tally: nuggets and claims per player."""

from sheetgen.results.model import Example, Model, Scorer
from sheetgen.schema import Field, Int, Map, Str


class NuggetRaceScorer(Scorer):
    def model(self) -> Model:
        scoring = self.rules["scoring"]
        nuggets = Int(0, scoring["most_nuggets"], "the nuggets in the game")
        return Model(self.game, self.title, Map({
            "name": Field(Str(), help="the player's name", default=lambda ctx, i: ctx.names[i]),
            "nuggets": Field(nuggets, help=f"nuggets held ({scoring['per_nugget']} points each)", default=0),
            "claims": Field(Int(0, 20), help=f"claims staked ({scoring['per_claim']} point each)", default=0),
            "total": Field(Int(0), required=False, default=Example(0), help="optional: your own sum"),
        }), {})

    def read_player(self, r, entry, value, broken):
        entry.counts = {k: value[k] for k in ("nuggets", "claims") if isinstance(value.get(k), int)}

    def breakdown(self, table):
        scoring = self.rules["scoring"]
        return [{"nuggets": e.counts.get("nuggets", 0) * scoring["per_nugget"],
                 "claims": e.counts.get("claims", 0) * scoring["per_claim"]} for e in table.players]

    def tie_value(self, entry, name):
        return entry.counts.get(name, 0)
