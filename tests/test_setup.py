"""Seeded setups, setup codes and setup text for piecepack Gold Rush, Rolled West
and Carcassonne: Gold Rush (sheetgen.rng, sheetgen.setupcode, the games' setup
modules, sheetgen.setuptext)."""

from __future__ import annotations

import collections
import hashlib
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen import rng, ruledata, setupcode, setuptext
from sheetgen.errors import InvalidInput, UsageProblem
from sheetgen.games import get_game
from sheetgen.setupcode import SetupCodeError

from conftest import check_every_format, examples, golden_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("piecepack-gold-rush", "rolled-west", "carcassonne-gold-rush")
PROPS = settings(max_examples=examples(25, 300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules(game):
    return ruledata.load(get_game(game))


def module(game):
    return importlib.import_module(f"sheetgen.games.{game.replace('-', '_')}.setup")


def generate(game, players, seed, names=None):
    return module(game).generate(rules(game), players, seed, names=names)


def from_code(game, code, names=None):
    return module(game).from_code(rules(game), code, names=names)


def render(setup, fmt="text", reveal=False):
    """The setup as text, its game's spec handed down as sheetgen.api does."""
    return setuptext.render(setup, get_game(setup["game"]), fmt, reveal=reveal)


def assert_seated(setup: dict, players: int) -> None:
    """Player 1 to N each sit once, and the first seated starts."""
    assert sorted(setup["seating"]) == sorted(f"Player {i}" for i in range(1, players + 1))
    assert setup["first_player"] == setup["seating"][0]


def game_and_players():
    return st.sampled_from(GAMES).flatmap(
        lambda g: st.tuples(st.just(g), st.integers(*rules(g).players)))


# ---- golden text ----------------------------------------------------------------------------
# The data version (file version + content hash) is filled in, so a data edit
# that changes nothing drawn here does not break these; everything else is pinned.

GOLDEN = [("carcassonne-gold-rush", 3, "Wild West"), ("carcassonne-gold-rush", 5, "golden"),
          ("piecepack-gold-rush", 3, "Klondike 1897"), ("piecepack-gold-rush", 4, "golden"),
          ("rolled-west", 2, "golden"), ("rolled-west", 4, "Boomtown")]  # each in tests/golden/


@pytest.mark.parametrize("game, players, seed", GOLDEN)
def test_golden_text(game, players, seed):
    expected = golden_text(game, players, seed, rules(game).version)
    assert render(generate(game, players, seed), "text", reveal=True) == expected


@pytest.mark.parametrize("game, players, seed", GOLDEN)
def test_golden_code_rebuilds_the_same_drawing(game, players, seed):
    setup = generate(game, players, seed)
    rebuilt = render(from_code(game, setup["code"]), "text")
    assert rebuilt == render(setup, "text").replace(
        f"Seed: {seed}\n", "Seed: none (rebuilt from its setup code)\n")


# ---- the random stream ---------------------------------------------------------------------------

def test_stream_is_pinned():
    stream = rng.Stream("sheetgen")
    assert [stream.below(1000) for _ in range(5)] == [242, 440, 501, 157, 966]
    assert rng.Stream("abc").shuffle(range(10)) == [6, 0, 3, 8, 5, 4, 1, 9, 2, 7]
    assert rng.Stream("abc", "x").sample("abcdefgh", 3) == ["a", "h", "d"]
    assert rng.Stream("abc").choice("abcdefgh") == "h"
    assert rng.Stream("").read(8).hex() == "bba25149d61a4b98"


def test_stream_follows_its_documented_construction():
    key = hashlib.sha256(b"sheetgen-rng-v1\0purpose\0s\xc3\xa9ed").digest()
    blocks = b"".join(hashlib.sha256(key + i.to_bytes(8, "big")).digest() for i in range(3))
    assert rng.Stream("s\u00e9ed", "purpose").read(96) == blocks
    # below(6): 3 bits from one byte each attempt, values 6 and 7 rejected
    expected = [b & 7 for b in blocks if b & 7 < 6][:20]
    stream = rng.Stream("s\u00e9ed", "purpose")
    assert [stream.below(6) for _ in range(20)] == expected


def test_stream_separates_seeds_and_purposes_and_leaves_inputs_alone():
    items = list(range(20))
    a = rng.Stream("one", "game").shuffle(items)
    assert items == list(range(20)) and sorted(a) == items
    assert a == rng.Stream("one", "game").shuffle(items)
    assert a != rng.Stream("two", "game").shuffle(items)
    assert a != rng.Stream("one", "other").shuffle(items)
    assert rng.Stream("x").below(1) == 0
    with pytest.raises(ValueError):
        rng.Stream("x").below(0)
    with pytest.raises(ValueError):
        rng.Stream("x").choice([])
    with pytest.raises(ValueError):
        rng.Stream("x").sample([1, 2], 3)


def test_below_is_roughly_uniform():
    stream = rng.Stream("uniform")
    counts = [0] * 5
    for _ in range(5000):
        counts[stream.below(5)] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_fresh_seed_is_short_readable_text():
    seeds = {rng.fresh_seed() for _ in range(20)}
    assert len(seeds) == 20
    for seed in seeds:
        assert len(seed) == 8 and set(seed) <= set(rng.SEED_ALPHABET)
    # a random byte picks a letter without bias only while the letters divide 256 (and are distinct)
    assert 256 % len(rng.SEED_ALPHABET) == 0 and len(set(rng.SEED_ALPHABET)) == len(rng.SEED_ALPHABET)
    letters = collections.Counter("".join(rng.fresh_seed() for _ in range(1000)))
    assert set(letters) == set(rng.SEED_ALPHABET) and max(letters.values()) < 2 * 8000 / 32


def test_missing_seed_draws_a_fresh_one_and_prints_it():
    setup = generate("rolled-west", 3, None)
    assert isinstance(setup["seed"], str) and len(setup["seed"]) == 8
    assert generate("rolled-west", 3, setup["seed"]) == setup


# ---- properties over seeds ---------------------------------------------------------------------------

@PROPS
@given(seed=st.text(max_size=30), players=st.integers(3, 4))
def test_piecepack_setup_is_legal(seed, players):
    data = rules("piecepack-gold-rush")
    setup = generate("piecepack-gold-rush", players, seed)
    suits = [s["letter"] for s in data["suits"]]
    ranks = [r["letter"] for r in data["ranks"]]
    every_piece = sorted(s + r for s in suits for r in ranks)
    grid = setup["grid"]
    assert len(grid) == 4 and all(len(row) == 6 for row in grid)
    tiles = [cell["tile"] for row in grid for cell in row]
    coins = [cell["coin"] for row in grid for cell in row]
    assert sorted(tiles) == every_piece          # 24 distinct tiles, each once
    assert sorted(coins) == every_piece          # each coin once
    for row, suit in zip(grid, ["C", "A", "M", "S"]):  # Crowns top ... Suns bottom
        assert sorted(cell["coin"] for cell in row) == sorted(suit + r for r in ranks)
    names = [f"Player {i}" for i in range(1, players + 1)]
    assert sorted(setup["seating"]) == names and setup["first_player"] == setup["seating"][0]
    plan = setup["rounds"]
    assert [r["round"] for r in plan] == list(range(1, 10))
    seating = setup["seating"]
    for before, after in zip(plan, plan[1:]):  # the player to the right: counter-clockwise
        assert seating.index(after["start_player"]) == (seating.index(before["start_player"]) - 1) % players
    assert plan[0]["start_player"] == setup["first_player"]
    skipped = [r["round"] for r in plan if not r["stake_claim"]]
    assert skipped == ([9] if players == 3 else [7, 8, 9])
    assert setup["seed"] == seed and setup["data_version"] == data.version
    assert setup["players"] == players and setup["game"] == "piecepack-gold-rush"


@PROPS
@given(seed=st.text(max_size=30), players=st.integers(2, 5))
def test_carcassonne_setup_is_legal(seed, players):
    setup = generate("carcassonne-gold-rush", players, seed)
    assert_seated(setup, players)
    assert list(setup["colours"]) == setup["seating"]
    colours = list(setup["colours"].values())
    assert len(set(colours)) == players
    assert set(colours) <= {"Blue", "Red", "Green", "Yellow", "Black"}


@PROPS
@given(seed=st.text(max_size=30), players=st.integers(2, 4))
def test_rolled_west_setup_is_legal(seed, players):
    setup = generate("rolled-west", players, seed)
    assert_seated(setup, players)
    ghost = [r for r in setup["reminders"] if r.startswith("Ghost roll")]
    assert len(ghost) == (1 if players == 2 else 0)
    if ghost:
        assert f"roll {rules('rolled-west')['banking']['ghost_roll_dice']} of the dice" in ghost[0]


@PROPS
@given(gp=game_and_players(), seed=st.text(max_size=30))
def test_codes_round_trip(gp, seed):
    game, players = gp
    setup = generate(game, players, seed)
    assert setup == generate(game, players, seed)            # same seed, same setup
    assert from_code(game, setup["code"]) == {**setup, "seed": None}
    # forgiving input: lower case, no hyphens, spaces
    sloppy = " ".join(setup["code"].replace("-", "").lower())
    assert from_code(game, sloppy)["code"] == setup["code"]


@PROPS
@given(gp=game_and_players(), seed=st.text(max_size=10), data=st.data())
def test_mistyped_codes_are_refused_or_legal(gp, seed, data):
    game, players = gp
    code = generate(game, players, seed)["code"]
    at = data.draw(st.integers(0, len(code) - 1))
    new = data.draw(st.sampled_from(setupcode.ALPHABET + "-UX!?"))
    mistyped = code[:at] + new + code[at + 1:]
    try:
        setup = from_code(game, mistyped)
    except SetupCodeError as exc:
        assert exc.exit_code == 1 and exc.message and str(exc).startswith("setup code: ")
    else:  # a rare typo that still checks out must still be a whole, legal setup
        assert setup["players"] in range(rules(game).players[0], rules(game).players[1] + 1)
        assert from_code(game, setup["code"]) == setup


@settings(max_examples=examples(25, 200), deadline=None)
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))).flatmap(
    lambda nk: st.tuples(st.just(nk[0]), st.permutations(range(nk[0])).map(lambda p: p[:nk[1]]))))
def test_arrangement_digits_round_trip(case):
    n, chosen = case
    k = len(chosen)
    digits = setupcode.arrangement_digits(chosen, n)
    radices = setupcode.arrangement_radices(k, n)
    assert len(digits) == len(radices) and all(0 <= d < r for d, r in zip(digits, radices))
    assert setupcode.from_arrangement(digits, k, n) == list(chosen)


# ---- malformed codes -------------------------------------------------------------------------------------

def _overflow_code():
    """A piecepack code whose check characters are right but whose number is too big."""
    radices = setupcode.arrangement_radices(4, 4) + setupcode.arrangement_radices(24, 24) \
        + setupcode.arrangement_radices(6, 6) * 4
    body = "Z" * setupcode.body_length(radices)
    return "PG4-" + body + setupcode.check_characters("PG4", body)


GOOD = "PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HA"   # seed "golden", pinned above
VERSION_1 = "PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4CG"   # the same setup's code before version 2


@pytest.mark.parametrize("code, message", [
    ("", "empty"),
    ("   ", "empty"),
    ("RW2-114", "not a piecepack-gold-rush setup code: those start with 'PG'"),
    ("PG-1NXE-E2M2", "followed by the number of players"),
    ("PG5-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HA", "for 5 players, but piecepack-gold-rush is for 3-4"),
    ("PG2-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HA", "for 2 players"),
    ("PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4H", "too short: a 4-player piecepack-gold-rush code has 27"),
    ("PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HAA", "too long"),
    ("PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HU", "'U' cannot appear in a setup code"),
    ("PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4H!", "'!' cannot appear"),
    ("PG4-1NXE-E2M2-Q3E1-2RGE-YET8-67R6-4HB", "check characters do not match"),
    ("PG4-N1XE-E2M2-Q3E1-2RGE-YET8-67R6-4HA", "check characters do not match"),
    (VERSION_1, "this code is from an older sheetgen version"),
])
def test_malformed_codes_are_refused_with_a_message(code, message):
    with pytest.raises(SetupCodeError) as caught:
        from_code("piecepack-gold-rush", code)
    assert message in caught.value.message
    assert isinstance(caught.value, InvalidInput) and caught.value.exit_code == 1
    assert str(caught.value) == f"setup code: {caught.value.message}"


def test_code_out_of_range_is_refused():
    with pytest.raises(SetupCodeError, match="no setup has this code"):
        from_code("piecepack-gold-rush", _overflow_code())


def test_good_code_and_lookalike_letters():
    assert from_code("piecepack-gold-rush", GOOD)["code"] == GOOD
    # O is read as 0 and I, L as 1 (the alphabet has none of them)
    assert from_code("piecepack-gold-rush", GOOD.replace("1", "l"))["code"] == GOOD
    assert from_code("rolled-west", "rw2-il4")["code"] == "RW2-114"


def test_other_games_reject_foreign_and_out_of_range_codes():
    with pytest.raises(SetupCodeError, match="start with 'CG'"):
        from_code("carcassonne-gold-rush", GOOD)
    with pytest.raises(SetupCodeError, match="for 6 players, but carcassonne-gold-rush is for 2-5"):
        from_code("carcassonne-gold-rush", "CG6-AFGK-X")
    with pytest.raises(SetupCodeError, match="for 1 players, but rolled-west is for 2-4"):
        from_code("rolled-west", "RW1-0")


def test_encode_refuses_impossible_digits():
    with pytest.raises(ValueError):
        setupcode.encode("XX", 2, [2], [2])
    with pytest.raises(ValueError):
        setupcode.encode("XX", 2, [0, 0], [2])


# ---- players and names ----------------------------------------------------------------------------

def test_names_are_seated_by_the_seed():
    names = ["Ann", "Gabriel", "Levi"]
    setup = generate("carcassonne-gold-rush", None, "names", names=names)
    plain = generate("carcassonne-gold-rush", 3, "names")
    assert setup["players"] == 3 and sorted(setup["seating"]) == sorted(names)
    # the same draw, with names standing in for "Player 1".."Player 3"
    assert setup["seating"] == [names[int(p.split()[1]) - 1] for p in plain["seating"]]
    assert setup["code"] == plain["code"]
    # names given with a code take the seats in the order given: the seating as printed rebuilds it
    assert from_code("carcassonne-gold-rush", setup["code"], names=setup["seating"]) == {**setup, "seed": None}


def test_default_player_count_is_the_largest_table():
    assert generate("piecepack-gold-rush", None, "x")["players"] == 4
    assert generate("carcassonne-gold-rush", None, "x")["players"] == 5


@pytest.mark.parametrize("game, players, names, option, message", [
    ("piecepack-gold-rush", 2, None, "players", "Gold Rush (piecepack) is for 3-4 players, not 2"),
    ("piecepack-gold-rush", 5, None, "players", "not 5"),
    ("rolled-west", 1, None, "players", "Rolled West is for 2-4 players, not 1"),
    ("carcassonne-gold-rush", 6, None, "players", "Carcassonne: Gold Rush is for 2-5 players, not 6"),
    ("rolled-west", None, ["Ann", "ann"], "names", "the name ann is used twice"),
    ("rolled-west", 3, ["Ann", "Bo"], "names", "2 names for 3 players"),
    ("rolled-west", None, ["Ann", " "], "names", "empty"),
    ("rolled-west", None, ["A", "B", "C", "D", "E"], "names", "not 5"),
])
def test_bad_player_counts_and_names_are_usage_problems(game, players, names, option, message):
    with pytest.raises(UsageProblem) as caught:
        generate(game, players, "x", names=names)
    assert caught.value.exit_code == 2 and caught.value.option == option
    assert message in str(caught.value)


def test_code_and_names_must_agree():
    with pytest.raises(UsageProblem, match="2 names for 3 players"):
        from_code("rolled-west", generate("rolled-west", 3, "x")["code"], names=["A", "B"])


# ---- output formats --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_format_shows_seed_code_and_data_version(game):
    setup = generate(game, None, "formats")
    check_every_format(setup, "formats")
    hidden = json.loads(render(setup, "json"))
    assert (hidden == setup) == (game in ("rolled-west", "carcassonne-gold-rush"))  # nothing lies face down
    stable = ["game", "title", "players", "seed", "code", "data_version", "seating", "first_player"]
    assert list(setup)[:len(stable)] == stable


def test_markdown_draws_the_board_and_escapes_names():
    setup = generate("piecepack-gold-rush", 3, "md", names=["A|B", "C", "D"])
    out = render(setup, "markdown", reveal=True)
    assert out.startswith("# Gold Rush (piecepack), setup for 3 players\n")
    assert "A\\|B" in out and "| Crowns |" in out and "| Suns |" in out
    first = setup["grid"][0][0]
    assert f"| Crowns | {first['tile']} / {first['coin']} |" in out
    assert "| Crowns | ? / C? | ? / C? |" in render(setup, "markdown")
    assert out.count("| skipped |") == 1
    rebuilt = render(from_code("piecepack-gold-rush", setup["code"]), "markdown")
    assert "Seed: none (rebuilt from its setup code)" in rebuilt


def test_unknown_format_is_a_usage_problem():
    with pytest.raises(UsageProblem, match="unknown format 'html'"):
        render(generate("rolled-west", 2, "x"), "html")


def test_json_setup_does_not_import_pdf_or_template_machinery():
    script = (
        "import sys\n"
        "from sheetgen import ruledata, setuptext\n"
        "from sheetgen.games import all_games, get_game\n"
        "all_games()\n"
        "for key in ('piecepack-gold-rush', 'carcassonne-gold-rush', 'rolled-west'):\n"
        "    game = get_game(key)\n"
        "    mod = __import__('sheetgen.games.' + key.replace('-', '_') + '.setup', fromlist=['x'])\n"
        "    setup = mod.generate(ruledata.load(game), None, 'x')\n"
        "    setuptext.render(setup, game, 'json'); setuptext.render(setup, game, 'yaml'); setuptext.render(setup, game, 'text')\n"
        "    mod.from_code(ruledata.load(game), setup['code'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'jinja2')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# ---- registry and data ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["piecepack-gold-rush", "carcassonne-gold-rush"])
def test_games_register_their_setup(game):
    from sheetgen.games import _resolve
    assert get_game(game).supports()["setup"] == "yes"
    assert _resolve(get_game(game).setup) is module(game).generate


def test_piecepack_data_cross_checks():
    game = get_game("piecepack-gold-rush")
    raw = (ROOT / "data" / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    broken = raw.replace("coin_rows: [C, A, M, S]", "coin_rows: [C, A, M, M]") \
                .replace("  4: 3\n", "")
    with pytest.raises(InvalidInput) as caught:
        ruledata.parse_and_check(broken.encode(), "pp.yaml", game)
    messages = " / ".join(p.message for p in caught.value.problems)
    assert "name each suit (S, M, C, A) once" in messages
    assert "without Stake Claim for 4 players" in messages


def test_carcassonne_data_needs_a_colour_per_player():
    game = get_game("carcassonne-gold-rush")
    raw = (ROOT / "data" / "carcassonne-gold-rush.yaml").read_text(encoding="utf-8")
    broken = raw.replace("colours: [Blue, Red, Green, Yellow, Black]", "colours: [Blue, Red, blue]")
    with pytest.raises(InvalidInput) as caught:
        ruledata.parse_and_check(broken.encode(), "cg.yaml", game)
    messages = " / ".join(p.message for p in caught.value.problems)
    assert "a colour appears twice" in messages and "3 colours for up to 5 players" in messages


def test_house_rule_data_changes_the_setup(tmp_path):
    """Numbers come from the data folder: fewer rounds there, fewer rounds in the plan."""
    raw = (ROOT / "data" / "piecepack-gold-rush.yaml").read_text(encoding="utf-8")
    (tmp_path / "piecepack-gold-rush.yaml").write_text(
        raw.replace("rounds: 9", "rounds: 8").replace("next_start_player: right", "next_start_player: left"),
        encoding="utf-8")
    data = ruledata.load(get_game("piecepack-gold-rush"), tmp_path)
    setup = module("piecepack-gold-rush").generate(data, 3, "house")
    seating = setup["seating"]
    assert [r["start_player"] for r in setup["rounds"]] == [seating[i % 3] for i in range(8)]
    assert [r["stake_claim"] for r in setup["rounds"]] == [True] * 7 + [False]
    assert setup["data_version"] != rules("piecepack-gold-rush").version


@pytest.mark.parametrize("fmt", ["text", "json", "yaml", "markdown"])
def test_a_players_copy_of_the_piecepack_plots_shows_only_the_coins_suits(run, fmt):
    """`sheetgen setup piecepack-gold-rush` without --reveal: no tile and no coin value, as the card."""
    setup = generate("piecepack-gold-rush", 3, "secret")
    values = {cell["tile"] for row in setup["grid"] for cell in row} | \
        {cell["coin"] for row in setup["grid"] for cell in row}
    shown = run("setup", "piecepack-gold-rush", "-p", "3", "--seed", "secret", "--format", fmt)
    revealed = run("setup", "piecepack-gold-rush", "-p", "3", "--seed", "secret", "--format", fmt, "--reveal")
    assert shown.code == revealed.code == 0
    words = set(re.findall(r"\b[SMCA][1-5an]\b", shown.out))
    assert not words & values and values <= set(re.findall(r"\b[SMCA][1-5an]\b", revealed.out))
    assert ("The seed and code below rebuild the face-down pieces too" in shown.out) == (fmt in ("text", "markdown"))
    if fmt == "json":
        assert json.loads(shown.out)["face_down"] == "hidden" and "face_down" not in json.loads(revealed.out)
