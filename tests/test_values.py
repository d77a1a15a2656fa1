"""Value correctness across the input paths: every box a sheet holds is read (or says why not),
numbers are bounded by what the game allows, duplicates are refused, and each problem names the
place the player wrote in (FILE:LINE:COLUMN in YAML, FILE:page N:FIELD in a form)."""

from __future__ import annotations

import pytest
import yaml

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.errors import InvalidInput
from sheetgen.api import fillable_sheets

from formfill import fill_pdf, write

FORMS = [(key, part) for key, parts in fillable_sheets().items() for part in parts]


def _form(game: str, part: str):
    return sheetgen.game(game).form(part)


def _base(form) -> dict:
    """Every field of a page, empty, with a name in each player's name box (every column in use)."""
    values: dict = {}
    for name, slot in form.slots.items():
        values[name] = False if slot.kind == "check" else ""
        if slot.names and slot.kind == "text" and slot.column or (slot.names and form.scope == "player"):
            values[name] = f"P{slot.column or 1}"
    return values


def _mark(slot) -> object:
    return True if slot.kind == "check" else slot.choices[-1] if slot.kind == "choice" else "7"


# -- every box is read, or says why not -------------------------------------------------

@pytest.mark.parametrize("game,part", FORMS)
def test_every_field_is_read_by_one_binding_or_declared_not_read_with_a_reason(run, game, part):
    form = _form(game, part)
    bound = [cell for binding in form.all_bindings() for cell in binding.cells()]
    assert len(bound) == len(set(bound))
    listing = run("sheet", game, part, "--fields")
    assert listing.code == 0, listing
    rows = {line.split()[0]: line for line in listing.out.splitlines()[3:] if line and not line.startswith("choice")}
    for name, slot in form.slots.items():
        if slot.read:
            assert name in bound, name
        else:
            assert name not in bound and slot.why, name
            assert f"(not read: {slot.why})" in rows[name], rows[name]


@pytest.mark.parametrize("game,part", FORMS)
def test_a_value_written_in_any_read_field_changes_what_is_read(game, part):
    """A bound field whose binding ignores it (the pad's laps box once) is a silent misread: each
    read field written alone on an otherwise empty page changes the entry or gives a problem."""
    form = _form(game, part)
    base = _base(form)
    before = form.read(base)
    seen = (repr(before.entry), repr(getattr(before, "players", None)), before.problems)
    for name, slot in form.slots.items():
        if not slot.read or slot.names and base[name]:
            continue
        after = form.read({**base, name: _mark(slot)})
        assert (repr(after.entry), repr(getattr(after, "players", None)), after.problems) != seen, name


CG = sheetgen.game("carcassonne-gold-rush")


def _pad(tmp_path, values: dict):
    base = {"players.1": "Ann", "players.2": "Ben", "points.2": "3"}
    data = fill_pdf(CG.sheet(None, SheetOptions(fillable=True, players=2)).pdf, "carcassonne-gold-rush.pad", {1: {**base, **values}})
    return write(tmp_path, "pad.pdf", data)


def test_the_pads_laps_box_is_read_with_its_points(tmp_path):
    """laps 1, points 34 once scored 34: the points box is laps x 50 + space, so 34 under 1 lap is
    refused at the points box (a space, or a sum not made: never guessed)."""
    with pytest.raises(InvalidInput) as caught:
        CG.score(_pad(tmp_path, {"laps.1": "1", "points.1": "34"}))
    assert [str(p) for p in caught.value.problems] == [
        f"{tmp_path / 'pad.pdf'}:page 1:points.1: points 34 does not go with 1 lap: points is laps x 50 + space, "
        f"50 to 99; write 84 if the marker stands on space 34"]
    report = CG.score(_pad(tmp_path, {"laps.1": "1", "points.1": "84"}))
    assert [(p.name, p.total) for p in report.players] == [("Ann", 84), ("Ben", 3)]


@pytest.mark.parametrize("values,field,words", [
    ({"laps.1": "1"}, "points.1", "laps is 1 but points is empty; write laps x 50 + space (50 to 99)"),
    ({"laps.1": "one", "points.1": "60"}, "laps.1", "expected how many times the marker passed 50 (0 or more), "
                                                    "got 'one'"),
    ({"laps.1": "2", "points.1": "60"}, "points.1", "points 60 does not go with 2 laps: points is laps x 50 + "
                                                    "space, 100 to 149"),
])
def test_laps_that_disagree_with_points_are_refused_at_the_box(tmp_path, values, field, words):
    with pytest.raises(InvalidInput) as caught:
        CG.score(_pad(tmp_path, values))
    found = [(p.field, p.message) for p in caught.value.problems]
    assert (field, words) in found and {f for f, _ in found} == {field}, found


# -- enter: duplicates and answers bounded by the sheet ---------------------------------------

from sheetgen.results.entry import MAX_ANSWER, EndOfInput  # noqa: E402

from conftest import answering, nodes, run_process, whole_number  # noqa: E402


def scripted(answers: list, told: list):
    return answering(answers), told.append


def test_the_same_player_twice_among_a_features_cowboys_is_asked_again():
    """`Ben, Ben, Cat` for prairie farmers was taken as {Ben: 1, Cat: 1} (Cat 68, not 58); the YAML
    file with Ben twice is refused, and so is the answer, which is asked again."""
    told: list = []
    answers = ["10", "20", "31", *["0"] * 15, "prairie", "2", "1", "Ben, Ben, Cat", "Ben 2, Cat", "", "", "", ""]
    text = CG.enter(*scripted(answers, told), names=["Ann", "Ben", "Cat"])
    assert any("item 2 ('Ben'): Ben is given twice (item 1 too); give each once" in line for line in told), told
    data = yaml.safe_load(text)
    assert data["features"] == [{"prairie": {"tipis": 2, "horses": 1, "farmers": {"Ben": 2, "Cat": 1}}}]
    scores = {p.name: p.total for p in CG.score(text=text).players}
    assert scores == {"Ann": 10, "Ben": 20 + 2 * 2 + 4, "Cat": 31}  # 2 tipis, 1 herd: Ben alone


def test_a_feature_with_a_player_twice_is_refused_in_yaml_too(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("game: carcassonne-gold-rush\nplayers: [Ann, Ben]\npoints: {Ann: 1, Ben: 2}\n"
                    "features:\n  - prairie: {tipis: 2, farmers: {Ben: 1, ben: 1}}\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        CG.score(path)
    assert "Ben is listed twice here" in str(caught.value)


@pytest.mark.parametrize("game,before,answer,after,reason", [
    ("rolled-west", [], ", ".join(["camp"] * 9), "", "9 items, but the sheet holds at most 8"),
    ("rolled-west", [], "settlement, " * 4 + "camp", "", "Woods: these claims fill 9 spaces, but the row has 8"),
    ("piecepack-gold-rush", ["1", "1", "1"], ", ".join(["Farm"] * 9), "Farm",
     "9 items, but the sheet holds at most 8"),
    ("piecepack-gold-rush", ["1", "1", "1"], ", ".join(["Farm"] * 8), "Farm",
     "8 buildings, but with 4 players a player stakes at most 6 claims, one building per plot"),
])
def test_an_answer_the_sheet_cannot_hold_is_asked_again(game, before, answer, after, reason):
    told: list = []
    g = sheetgen.game(game)
    with pytest.raises(EndOfInput):
        g.enter(*scripted([*before, answer], told), names=["Ann", "Ben", "Cat", "Dee"])
    assert any(reason in line for line in told), told


def test_rolled_west_contracts_twice_are_asked_again():
    told: list = []
    g = sheetgen.game("rolled-west")
    scorer = g.scorer()
    answers = [""] * len(scorer.rows) + ["0"] * len(scorer.ship_rows) + ["3 3"]
    with pytest.raises(EndOfInput):
        g.enter(*scripted(answers, told), names=["Ann", "Ben"])
    assert any("item 2 ('3'): 3 is given twice (item 1 too)" in line for line in told), told


def test_an_answer_longer_than_any_box_is_refused_quickly_and_nothing_is_replaced(tmp_path):
    """A 12 MB line (2,000,000 camps in an 8-space row) took 19 s and replaced a good file (with
    --force) by one that check refuses; now it is read in bounded memory and asked again, and with
    the answers run out the good file is kept."""
    import time

    good = tmp_path / "r.yaml"
    good.write_text("kept\n", encoding="utf-8")
    answers = (", ".join(["camp"] * 2_000_000) + "\n").encode()
    started = time.perf_counter()
    done = run_process("enter", "rolled-west", "--names", "Ann,Ben", "-o", "r.yaml", "--force", cwd=tmp_path,
                       stdin=answers)
    assert time.perf_counter() - started < 10
    err, out = done.stderr.decode(), done.stdout.decode()
    assert done.returncode == 1 and "Traceback" not in err
    assert f"bytes long; no box of the sheet holds more than {MAX_ANSWER} characters; try again" in out
    assert "the answers ran out at 'claims woods'; nothing was written" in err
    assert good.read_text(encoding="utf-8") == "kept\n"


def test_invalid_utf8_in_an_answer_is_asked_again_without_a_traceback(tmp_path):
    done = run_process("enter", "piecepack-gold-rush", "--names", "Ann,Ben,Cat", "-o", "e.yaml", cwd=tmp_path,
                       stdin=b"\xff\xfe4\n")
    err, out = done.stderr.decode(), done.stdout.decode()
    assert done.returncode == 1 and "Traceback" not in err, err
    assert "the answer is not utf-8 text at byte 1; try again" in out
    assert not (tmp_path / "e.yaml").exists()


# -- every number is bounded by what the game allows, and refused where it is written ---------


GAMES = ["gold-west", "rolled-west", "carcassonne-gold-rush", "piecepack-gold-rush"]
HUGE = 9_999_999_999_999


def _numbers(value):
    """Every whole number in a results document, with its path (totals excepted: they are compared
    with the tally, so any wrong total is refused at its own place already)."""
    return [path for path, item in nodes(value) if whole_number(item) and "total" not in path and "totals" not in path]


def _set(value, path, new):
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


@pytest.mark.parametrize("game", GAMES)
def test_an_absurd_number_anywhere_in_the_example_is_refused_at_its_line(tmp_path, game):
    """Gold West supply 9999999999999 passed; each number of each example, made absurd, is refused
    and the problem is on the number's own line."""
    from conftest import ROOT

    source = ROOT / "examples" / f"{game}-game.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    g = sheetgen.game(game)
    missed = []
    for path in _numbers(data):
        changed = yaml.safe_load(source.read_text(encoding="utf-8"))
        _set(changed, path, HUGE)
        target = tmp_path / "absurd.yaml"
        text = yaml.safe_dump(changed, sort_keys=False, allow_unicode=True)
        target.write_text(text, encoding="utf-8")
        line = next(n for n, row in enumerate(text.splitlines(), 1) if str(HUGE) in row)
        problems = g.check(target).problems
        if not any(p.line == line for p in problems):
            missed.append((path, [str(p) for p in problems]))
    assert not missed, missed


def _located(problems) -> list:
    return [(p.page, p.field, p.message) for p in problems]


def test_an_absurd_number_on_a_form_is_refused_at_the_box_written_in(tmp_path):
    """Absurd points were blamed on the total box, a Carcassonne token count of 1000 on no box at
    all, and piecepack food.laps 1000 passed: each is refused at the box the player wrote in."""
    pad = _pad(tmp_path, {"tokens.2.1": "1000", "points.1": "9999999", "totals.1": "9999999"})
    with pytest.raises(InvalidInput) as caught:
        CG.score(pad)
    assert _located(caught.value.problems) == [
        (1, "points.1", "Ann: 9999999 points is more than the game can give during play (at most 2304)"),
        (1, "tokens.2.1", "1000 is too large (at most 63: the mining tokens in the game)")]

    gw = sheetgen.game("gold-west")
    filled = fill_pdf(gw.sheet(None, SheetOptions(fillable=True, players=2)).pdf, "gold-west.pad",
                      {1: {"p1.name": "Ann", "p1.points": "99999999", "p1.total": "99999999", "p1.supply": "99999",
                           "p2.name": "Ben", "p2.points": "3"}})
    with pytest.raises(InvalidInput) as caught:
        gw.score(write(tmp_path, "gw.pdf", filled))
    found = _located(caught.value.problems)
    assert (1, "p1.points", "99999999 is too large (at most 314: every placement, investment, shipping tile and "
                            "VP line)") in found, found
    assert (1, "p1.supply", "99999 is too large (at most 174: every mining token's resources, every start, and 2 "
                            "a card in play)") in found, found
    assert not any(field == "p1.total" for _, field, _ in found), found

    pp = sheetgen.game("piecepack-gold-rush")
    mat = {"name": "Ann", "ore.0": True, "gold.0": True, "food.3": True, "food.laps": "1000"}
    others = [{"name": n, "ore.0": True, "gold.0": True, "food.0": True} for n in ("Ben", "Cat")]
    filled = fill_pdf(pp.sheet(None, SheetOptions(fillable=True, players=3)).pdf, "piecepack-gold-rush.mat",
                      {1: mat, 2: others[0], 3: others[1]})
    with pytest.raises(InvalidInput) as caught:
        pp.score(write(tmp_path, "mats.pdf", filled))
    assert [(p.field, p.message.split(" (")[0]) for p in caught.value.problems] == [
        ("food.laps", "20003 is too large")]


def test_more_tokens_in_all_than_the_game_has_is_placed_on_the_pads_tokens(tmp_path):
    pad = _pad(tmp_path, {"points.1": "1", "tokens.2.1": "40", "tokens.2.2": "30"})
    with pytest.raises(InvalidInput) as caught:
        CG.score(pad)
    assert _located(caught.value.problems) == [
        (1, "tokens.2.1", "70 mining tokens collected in all (Ann 40, Ben 30), but the game has 63")]


# -- rule data: nothing raw to a terminal, no more than a sheet can print ----------------------

def _data_folder(tmp_path, game: str, change, everything: bool = False) -> object:
    from conftest import ROOT

    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    for other in GAMES if everything else ():
        (folder / f"{other}.yaml").write_bytes((ROOT / "data" / f"{other}.yaml").read_bytes())
    text = (ROOT / "data" / f"{game}.yaml").read_text(encoding="utf-8")
    (folder / f"{game}.yaml").write_text(change(text), encoding="utf-8")
    return folder


def test_rule_data_with_terminal_escapes_is_refused_where_written(run, tmp_path):
    folder = _data_folder(tmp_path, "gold-west", lambda t: t.replace("title: Gold West",
                                                                     'title: "Gold \\e[31mWest\\u202e"'),
                          everything=True)
    for args in (("data", "check", str(folder)), ("--data", str(folder), "games")):
        result = run(*args)
        assert result.code == 1, result
        assert "\x1b" not in result.out + result.err and "\u202e" not in result.out + result.err
        assert ("data/gold-west.yaml:8:10: 'Gold \\x1b[31mWest\\u202e' holds a control character "
                f"(U+001B); rule data is printed on sheets and terminals: write it plainly") in result.err


def test_rule_data_with_more_contracts_than_the_board_holds_is_refused_quickly(run, tmp_path):
    """20,000 contracts passed `data check` (35 s) and drew a smear of boxes; now the count is held
    to the board's room before anything is drawn, at the line of the first that does not fit."""
    import re
    import time

    from conftest import ROOT

    def more(text: str) -> str:
        last = max(int(n) for n in re.findall(r"\{number: (\d+), cost", text))
        anchor = text.index(f"  - {{number: {last},")
        end = text.index("\n", anchor) + 1
        extra = "".join(f"  - {{number: {n}, cost: {{copper: 4}}, points: 8}}\n" for n in range(last + 1, 20_001))
        return text[:end] + extra + text[end:]

    folder = _data_folder(tmp_path, "rolled-west", more)
    started = time.perf_counter()
    result = run("data", "check", str(folder))
    assert time.perf_counter() - started < 15
    assert result.code == 1
    line = next(n for n, row in enumerate((folder / "rolled-west.yaml").read_text().splitlines(), 1)
                if row.startswith("  - {number: 16,"))
    placed = f"rolled-west.yaml:{line}:5: the board has room for 15 contracts; this file lists 20000"
    assert placed in result.err and result.err.count(placed) == 1  # said once, not per paper and player count
    # the board's room is the drawing's business: the board refuses the file the same way, before drawing ...
    result = run("--data", str(folder), "sheet", "rolled-west", "-o", "board.pdf")
    assert result.code == 1 and placed in result.err, result
    assert not (tmp_path / "board.pdf").exists()
    # ... and scoring, which needs no board, scores with it
    result = run("--data", str(folder), "check", str(ROOT / "examples" / "rolled-west-game.yaml"))
    assert result.code == 0, result


def test_the_board_builder_refuses_more_contracts_than_it_has_room_for():
    from sheetgen import ruledata
    from sheetgen.games import get_game
    from sheetgen.sheet import SheetRequest

    from conftest import ROOT

    spec = get_game("rolled-west")
    rules = ruledata.load(spec)
    values = dict(rules.values)
    values["contracts"] = rules["contracts"] + [{"number": n, "cost": {"copper": 1}, "points": 1} for n in range(10, 17)]
    crowded = ruledata.RuleData(rules.game, rules.source, values, rules.digest, rules.positions)
    with pytest.raises(InvalidInput) as refused:
        spec.sheet("board").builder()(crowded, SheetRequest(2, ()))
    line = (ROOT / "data" / "rolled-west.yaml").read_text().splitlines().index("contracts:") + 2
    # the 16th contract is not in the file: the problem stands at the contracts list
    assert [str(p) for p in refused.value.problems] == [
        f"data/rolled-west.yaml:{line}:3: the board has room for 15 contracts; this file lists 16"]
