"""`sheetgen template GAME --code CODE`: the blank results file of one setup.

Names come in the setup's seating order; for Gold West the setup line is filled, Boomtown lists
the four offices in play (and the free cell), and a count only offices out of play score is
left out, as the results model's `needs` say.
"""

import pytest
import yaml
from hypothesis import given, settings, strategies as st

import sheetgen
from sheetgen.errors import InvalidArgument
from sheetgen.schema import Field

GAMES = ["rolled-west", "gold-west", "carcassonne-gold-rush", "piecepack-gold-rush"]


def _names_in_file(game: str, data: dict) -> list:
    players = data["players"]
    return [p if isinstance(p, str) else p["name"] for p in players]


@pytest.mark.parametrize("game", GAMES)
def test_names_given_with_a_code_take_its_seats_in_the_order_given(game):
    """A code keeps the seating, not the names: names given with it fill its seats as typed
    (first name, first player), never reordered; the seating as printed rebuilds the setup."""
    g = sheetgen.game(game)
    made = g.setup(seed="table", names=["Ann", "Ben", "Cat"])
    assert g.setup(code=made.code, names=made.seating).to_dict() == {**made.to_dict(), "seed": None}
    for typed in (["Cat", "Ben", "Ann"], ["Ann", "Ben", "Cat"], ["Ben", "Ann", "Cat"]):
        again = g.setup(code=made.code, names=typed)
        assert again.seating == typed and again.code == made.code
        data = yaml.safe_load(g.template(code=made.code, names=typed))
        assert _names_in_file(game, data) == typed
    # without names, the seats carry the names a setup gives them
    plain = g.setup(code=made.code)
    assert _names_in_file(game, yaml.safe_load(g.template(code=made.code))) == plain.seating


@settings(max_examples=15, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), players=st.integers(2, 4))
def test_gold_west_lists_the_offices_in_play_and_only_the_counts_they_score(seed, players):
    g = sheetgen.game("gold-west")
    made = g.setup(players=players, seed=seed)
    text = g.template(code=made.code)
    data = yaml.safe_load(text)
    in_play = made.data["boomtown"]["offices"]
    assert data["setup"] == made.code
    assert list(data["boomtown"]) == [*in_play, "4VP"] and all(v == [] for v in data["boomtown"].values())
    out_of_play = {o["name"] for o in g.rules["boomtown"]["offices"]} - set(in_play)
    fields = g.scorer().model().player_fields()
    written = set(data["players"][0])
    for key, spec in fields.items():
        needs = set(spec.needs) if isinstance(spec, Field) else set()
        if needs and needs <= out_of_play:
            assert key not in written, f"{key} is scored only by {needs}, none in play"
        elif needs & set(in_play):
            assert key in written, f"{key} is scored by {needs & set(in_play)}, in play"
    # the plain template still has every count
    assert {"edge", "water", "line", "investments", "shipping_tiles", "next_to_opponent"} <= \
        set(yaml.safe_load(g.template(players=players))["players"][0])


def test_a_gold_west_template_of_a_setup_filled_in_scores():
    """The example game's counts, copied into the fields the template of a setup lists, with
    Boomtown held on its offices in play: no field is missing for the offices held."""
    g = sheetgen.game("gold-west")
    example = yaml.safe_load(g.example())
    names = [p["name"] for p in example["players"]]
    made = g.setup(seed="saloon", names=names)
    data = yaml.safe_load(g.template(code=made.code, names=made.seating))
    by_name = {p["name"]: p for p in example["players"]}
    for entry in data["players"]:
        counts = by_name[entry["name"]]
        for key in list(entry):
            if key != "name":
                entry[key] = counts.get(key, entry[key])
    offices = made.data["boomtown"]["offices"]
    seats = made.seating
    data["boomtown"] = {offices[0]: [seats[0], seats[1]], offices[1]: [seats[2]], offices[2]: [seats[3]],
                        offices[3]: [seats[1], seats[3]], "4VP": [seats[0]]}
    report = g.score(text=yaml.safe_dump(data, sort_keys=False))
    assert sorted(p.name for p in report.players) == sorted(names)


def test_another_games_code_or_a_broken_code_is_refused_naming_the_code():
    g = sheetgen.game("gold-west")
    rolled = sheetgen.game("rolled-west").setup(players=3, seed="x").code
    with pytest.raises(InvalidArgument) as refused:
        g.template(code=rolled)
    assert refused.value.argument == "code" and "not a gold-west setup code" in refused.value.message
    with pytest.raises(InvalidArgument) as refused:
        g.template(code="GW3-XXXX")
    assert refused.value.argument == "code"


@pytest.mark.parametrize("args,needle", [
    (["template", "gold-west", "--code", "RW3-4EF"], "Error: --code: 'RW3-4EF' is not a gold-west setup code"),
    (["template", "gold-west", "--code", "GW3-XXXX"], "Error: --code: too short"),
    (["template", "rolled-west", "--code", "RW3-4EF", "--names", "Ann,Ben"], "Error: --names: 2 names for 3"),
    (["template", "rolled-west", "--code", "RW3-4EF", "-p", "2"], "Error: -p: the code is for 3 players"),
    (["template", "rolled-west", "--code", "RW3-4EF", "--schema"], "Error: --code: a code fills in a blank"),
])
def test_cli_refusals_name_the_option_and_exit_2(run, args, needle):
    result = run(*args)
    assert result.code == 2 and needle in result.err and "Traceback" not in result.err
    assert result.out == ""


def test_cli_writes_the_template_of_a_setup(run, tmp_path):
    code = sheetgen.game("rolled-west").setup(names=["Ann", "Ben", "Cat"], seed="x").code
    result = run("template", "rolled-west", "--code", code, "--names", "Ann,Ben,Cat", "-o", "t.yaml")
    assert result.code == 0 and "wrote t.yaml" in result.out
    data = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert [p["name"] for p in data["players"]] == ["Ann", "Ben", "Cat"]


@pytest.mark.parametrize("command", ["setup", "template"])
def test_the_command_line_seats_names_given_with_a_code_as_typed(run, tmp_path, command):
    made = sheetgen.game("rolled-west").setup(names=["Ann", "Ben", "Cat"], seed="x")
    assert made.seating != ["Ann", "Ben", "Cat"]  # the code's arrangement is no identity: a reordering would show
    result = run(command, "rolled-west", "--code", made.code, "--names", "Cat,Ben,Ann", "-o", "out.txt")
    assert result.code == 0, result
    text = (tmp_path / "out.txt").read_text()
    if command == "setup":
        assert "  1. Cat\n  2. Ben\n  3. Ann\n" in text and made.code in text
    else:
        assert [p["name"] for p in yaml.safe_load(text)["players"]] == ["Cat", "Ben", "Ann"]
