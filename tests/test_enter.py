"""`sheetgen enter GAME`: guided entry, driven by piped answers.

Each game's example results file is typed in as a table would from its sheets (the answers
below are written from the file, in the order the sheets and the template list the fields),
and the score of what `enter` wrote must equal the score of the example itself.
"""

import yaml
import pytest

import sheetgen
from conftest import ROOT, answering, run_process
from sheetgen.results.entry import EndOfInput, Interview

EXAMPLES = ROOT / "examples"


def example(game: str) -> dict:
    return yaml.safe_load((EXAMPLES / f"{game}-game.yaml").read_text(encoding="utf-8"))


def lower_keys(mapping) -> dict:
    return {str(k).lower(): v for k, v in (mapping or {}).items()}


def listed(items) -> str:
    return ", ".join(str(i) for i in items)


def rolled_west_answers(data: dict) -> list:
    scorer = sheetgen.game("rolled-west").scorer()
    out = []
    for p in data["players"]:
        claims = lower_keys(p.get("claims"))
        out += [listed(claims.get(row["key"], [])) for row in scorer.rows]
        shipping = lower_keys(p.get("shipping"))
        for row in scorer.ship_rows:
            value = shipping.get(row["metal"], 0)
            boxes, high = (value["boxes"], value.get("high", [])) if isinstance(value, dict) else (value, [])
            out.append(str(boxes))
            if any(box <= boxes for box in scorer.doubles(row)):
                out.append(listed(high))
        out += [listed(p.get("contracts", [])), listed(p.get("offices", [])), str(p.get("total", ""))]
    return out


def piecepack_answers(data: dict) -> list:
    out = []
    for p in data["players"]:
        out += [str(p["ore"]), str(p["gold"]), str(p["food"]), listed(p["buildings"]), str(p.get("total", ""))]
    return out


def carcassonne_answers(data: dict) -> list:
    scorer = sheetgen.game("carcassonne-gold-rush").scorer()
    names = data["players"]
    out = [str(data["points"][n]) for n in names]
    for n in names:
        tokens = data["tokens"].get(n, {})
        out += [str(tokens.get(value, 0)) for value in scorer.token_counts]
    for feature in data["features"]:
        ((kind, body),) = feature.items()
        out.append(kind)
        out += [str(body.get(f, 0)) for f in {"railroad": ("tiles", "locomotives"), "mountain": ("nuggets",),
                                              "city": ("railroads",), "prairie": ("tipis", "horses")}[kind]]
        role = {"railroad": "workers", "mountain": "miners", "city": "merchant", "prairie": "farmers"}[kind]
        who = body.get(role)
        out.append(who if isinstance(who, str) else listed(f"{k} {v}" for k, v in (who or {}).items()))
    out.append("")  # no more features
    out += [str(data.get("totals", {}).get(n, "")) for n in names]
    return out


def gold_west_answers(data: dict, boomtown_by_office: bool = False) -> list:
    scorer = sheetgen.game("gold-west").scorer()
    terrains = [scorer.terrain_key[c] for c in scorer.terrains]
    out = []
    for p in data["players"]:
        out.append(str(p.get("points", 0)))
        for key in ("influence", "settlements", "mining_tokens", "investment_influence"):
            values = lower_keys(p.get(key))
            out += [str(values.get(t, 0)) for t in terrains]
        out.append(listed(p.get("groups", [])))
        out += [str(p.get("edge", 0)), str(p.get("next_to_opponent", 0))]
        water = p.get("water") or {}
        out += [str(water.get("camps", 0)), str(water.get("settlements", 0))]
        out += [str(p.get(k, 0)) for k in ("line", "investments", "shipping_tiles", "wanted", "supply")]
        out.append(str(p.get("total", "")))
    for office, holders in data["boomtown"].items():
        out += [office, listed(holders)]
    out.append("")
    return out


ANSWERS = {"rolled-west": rolled_west_answers, "piecepack-gold-rush": piecepack_answers,
           "carcassonne-gold-rush": carcassonne_answers, "gold-west": gold_west_answers}


def names_of(data: dict) -> list:
    return [p if isinstance(p, str) else p["name"] for p in data["players"]]


def enter(tmp_path, game: str, lines: list, *args: str):
    return run_process("enter", game, *args, cwd=tmp_path, stdin=("\n".join(lines) + "\n").encode())


def same_report(a, b) -> None:
    assert [(p.name, p.total, p.rank, p.breakdown, p.claimed_total) for p in a.players] == \
        [(p.name, p.total, p.rank, p.breakdown, p.claimed_total) for p in b.players]
    assert a.winners == b.winners and a.tie_breaker == b.tie_breaker


@pytest.mark.parametrize("game", sorted(ANSWERS))
def test_the_example_typed_in_scores_as_the_example_does(tmp_path, game):
    data = example(game)
    names = names_of(data)
    done = enter(tmp_path, game, ANSWERS[game](data), "--names", ",".join(names), "-o", "entered.yaml")
    out = done.stdout.decode()
    assert done.returncode == 0, out + done.stderr.decode()
    assert "Traceback" not in done.stderr.decode()
    g = sheetgen.game(game)
    entered = g.score(tmp_path / "entered.yaml")
    same_report(entered, g.score(EXAMPLES / f"{game}-game.yaml"))
    assert "wrote entered.yaml" in out and f"Winner: {entered.winners[0]}" in out  # the report is printed


def test_a_bad_answer_is_asked_again_with_the_reason(tmp_path):
    data = example("piecepack-gold-rush")
    answers = piecepack_answers(data)
    answers[0:1] = ["seven", "-1", "\u00b3", answers[0]]  # Dolores's ore ('³' passes str.isdigit())
    answers[6:6] = ["Farm, Assay, Mine"]  # before her buildings: an action is not a building
    done = enter(tmp_path, "piecepack-gold-rush", answers, "--names", ",".join(names_of(data)), "-o", "e.yaml")
    out = done.stdout.decode()
    assert done.returncode == 0, out + done.stderr.decode()
    assert "expected a whole number, got 'seven'; try again" in out
    assert "-1 is too small (at least 0); try again" in out
    assert "expected a whole number, got '\u00b3'; try again" in out
    assert "item 2 ('Assay'): Assay is an action, not a building" in out
    g = sheetgen.game("piecepack-gold-rush")
    same_report(g.score(tmp_path / "e.yaml"), g.score(EXAMPLES / "piecepack-gold-rush-game.yaml"))


def test_answers_that_run_out_write_nothing(tmp_path):
    answers = piecepack_answers(example("piecepack-gold-rush"))[:7]
    done = enter(tmp_path, "piecepack-gold-rush", answers, "--names", "Dolores,Eli,Fern,Gus", "-o", "e.yaml")
    assert done.returncode == 1
    err = done.stderr.decode()
    assert "Error: the answers ran out at 'food'; nothing was written" in err and "Traceback" not in err
    assert not (tmp_path / "e.yaml").exists() and not list(tmp_path.iterdir())


def test_an_existing_file_is_kept_without_force_before_anything_is_asked(tmp_path):
    (tmp_path / "e.yaml").write_text("mine\n")
    done = enter(tmp_path, "piecepack-gold-rush", ["1"], "--names", "A,B,C", "-o", "e.yaml")
    assert done.returncode == 2 and done.stdout == b""
    assert "Error: -o: 'e.yaml' exists; give another name, or add --force" in done.stderr.decode()
    assert (tmp_path / "e.yaml").read_text() == "mine\n"
    data = example("piecepack-gold-rush")
    done = enter(tmp_path, "piecepack-gold-rush", piecepack_answers(data), "--names", ",".join(names_of(data)),
                 "-o", "e.yaml", "--force")
    assert done.returncode == 0 and yaml.safe_load((tmp_path / "e.yaml").read_text())["game"] == \
        "piecepack-gold-rush"


def test_the_count_and_the_names_are_asked_when_not_given(tmp_path):
    data = example("rolled-west")
    answers = ["2", "Ann", "Gabriel", *rolled_west_answers(data)]
    done = enter(tmp_path, "rolled-west", answers, "-o", "e.yaml")
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    out = done.stdout.decode()
    assert "players (2-4) [4]: 2" in out and "player 1 name [Player 1]: Ann" in out
    g = sheetgen.game("rolled-west")
    same_report(g.score(tmp_path / "e.yaml"), g.score(EXAMPLES / "rolled-west-game.yaml"))


def test_a_gold_west_setup_asks_its_offices_and_only_the_counts_they_score(tmp_path):
    data = example("gold-west")
    names = names_of(data)
    made = sheetgen.game("gold-west").setup(seed="saloon", names=names)
    prompts = []

    def ask(prompt, default):
        prompts.append(prompt)
        if prompt.startswith("boomtown "):
            return ""
        return default if default is not None else ("" if "empty" in prompt else "0")

    text = sheetgen.game("gold-west").enter(ask, lambda text: None, names=names, code=made.code)
    written = yaml.safe_load(text)
    assert written["setup"] == made.code
    assert [p["name"] for p in written["players"]] == names  # the code's seats, in the order given
    offices = made.data["boomtown"]["offices"]
    asked_town = [p.split(" (")[0][len("boomtown "):] for p in prompts if p.startswith("boomtown ")]
    assert asked_town == [*offices, "4VP"]
    template = yaml.safe_load(sheetgen.game("gold-west").template(code=made.code, names=names))
    for key in ("edge", "water", "line", "investments", "shipping_tiles", "next_to_opponent"):
        assert (key in template["players"][0]) == any(p.startswith(key + " ") or p.startswith(key + ":")
                                                      for p in prompts), key


def test_a_code_of_another_game_is_refused_naming_the_code(tmp_path):
    done = enter(tmp_path, "gold-west", [], "--code", "RW3-4EF", "-o", "e.yaml")
    assert done.returncode == 2 and "Error: --code: 'RW3-4EF' is not a gold-west setup code" in done.stderr.decode()
    assert not (tmp_path / "e.yaml").exists()


def test_the_library_raises_end_of_input_and_takes_answers_in_any_case():
    g = sheetgen.game("carcassonne-gold-rush")
    answers = iter(["3", "4", *["0"] * 10, "MOUNT", "7", "ann 2, Ben", "", "", ""])

    def ask(prompt, default):
        try:
            return next(answers)
        except StopIteration:
            raise EndOfInput("out") from None

    text = g.enter(ask, lambda text: None, names=["Ann", "Ben"])
    data = yaml.safe_load(text)
    assert data["features"] == [{"mountain": {"nuggets": 7, "miners": {"Ann": 2, "Ben": 1}}}]
    assert data["points"] == {"Ann": 3, "Ben": 4}
    report = g.score(text=text)
    assert [p.total for p in report.players] == [3 + 7, 4]
    with pytest.raises(EndOfInput):
        g.enter(ask, lambda text: None, names=["Ann", "Ben"])


def test_a_player_not_at_the_table_is_asked_again():
    told = []
    answers = iter(["Zed", "ann"])
    talk = Interview(lambda prompt, default: next(answers), told.append, sheetgen.game("gold-west").scorer(),
                     sheetgen.game("gold-west").scorer().context(names=["Ann", "Ben"]))
    got = talk.items("who", talk.player)
    assert got == ["Ann"] and "'Zed' is not a player here; choose one of Ann, Ben" in told[0]


def test_answers_each_fine_but_breaking_a_rule_are_written_and_the_problems_located(tmp_path):
    """Every answer passes its own check, but Ann's total is not the tally's: the file is written
    (nothing typed is lost) and the problem is shown at its line, exit 1. (Nine buildings, once
    this test's example, are refused at the prompt now: the mat has 8 plots.)"""
    answers = ["1", "1", "1", "Farm", "99", *["0", "0", "0", "", ""] * 2]
    done = enter(tmp_path, "piecepack-gold-rush", answers, "--names", "Ann,Ben,Cat", "-o", "e.yaml")
    assert done.returncode == 1
    err = done.stderr.decode()
    assert "e.yaml:10:12: total: you wrote 99, the tally is 4" in err, err
    assert "1 problem found." in err and "Traceback" not in err
    assert (tmp_path / "e.yaml").is_file()


def test_standard_output_is_no_place_for_the_file_and_the_help_shows_an_example(tmp_path):
    done = enter(tmp_path, "rolled-west", [], "-o", "-")
    assert done.returncode == 2 and "Error: -o: enter reads the answers from standard input" in done.stderr.decode()
    helped = run_process("enter", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and b"sheetgen enter rolled-west --names Ann,Ben -o tonight.yaml" in helped.stdout


ANSWER_WORDS = ["", "0", "1", "2", "3", "7", "-1", "x", "Ann", "ben", "Ann 2", "1, 2", "camp, settlement", "cs",
                "railroad", "mountain", "city", "prairie", "Farm", "Assay", "Courthouse", "4VP", "Depot", "99"]


@pytest.mark.parametrize("game", sorted(ANSWERS))
def test_any_answers_give_a_results_file_or_end_of_input_never_a_crash(game):
    from hypothesis import given, settings, strategies as st

    g = sheetgen.game(game)
    low = g.player_counts[0]
    names = ["Ann", "Ben", "Cat", "Dee"][:max(low, 2)]

    @settings(max_examples=12, deadline=None)
    @given(st.lists(st.sampled_from(ANSWER_WORDS), max_size=150))
    def run(words):
        try:
            text = g.enter(answering(words), lambda text: None, names=names)
        except EndOfInput:
            return
        data = yaml.safe_load(text)
        assert data["game"] == game and names_of(data) == names
        g.check(text=text)  # problems are fine; a crash is not

    run()


def test_an_asked_name_is_any_name_a_results_file_takes():
    """The prompts take a name the sheets' font lacks (a results file does); too long or
    twice is asked again, in the name policy's words."""
    from sheetgen.results.entry import ask_names

    told = []
    answers = iter(["\u738b\u82b3", "A" * 41, "\u738b\u82b3", "Ann"])
    talk = Interview(lambda prompt, default: next(answers), told.append, sheetgen.game("rolled-west").scorer(),
                     sheetgen.game("rolled-west").scorer().context(players=2))
    assert ask_names(talk, ["Player 1", "Player 2"]) == ["\u738b\u82b3", "Ann"]
    assert "longer than 40 characters" in told[0]
    assert "the name \u738b\u82b3 is used twice; give each player a different name" in told[1]
