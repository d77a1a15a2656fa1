"""Gold West: the plain-text map of who built where (`score --map`, asciimap.draw)."""

from __future__ import annotations

from sheetgen.games.gold_west import asciimap
from sheetgen.games.gold_west import mapcount as mc

from conftest import ROOT
from test_gold_west_map import BOARD_2, RULES, terrain

# The two-player board of test_gold_west_map.py, worked by hand. Columns A-N, each two characters
# and a space wide; even columns (A, C, ...) on one line, odd ones (B, D, ...) on the next, half a
# hex lower, as printed. Slot 0 (A3 A4 B2 B3 B4 C3 C4) and slot 4 (L4 L5 M4 M5 M6 N4 N5) are face
# down: "##". Water is G4 and I4 (the even line of row 4) and F4 and H4 (the odd line below): "~~".
# Ann (A): camps C5, D3, K4 -> "a"; settlement L3 -> "A". Bob (B): camps D4, J4 -> "b";
# settlement K5 -> "B". H1 is the only hex of row 1 (odd column H, so no even line above it).
TWO_PLAYERS = """\
A  B  C  D  E  F  G  H  I  J  K  L  M  N
                     H1
            E2    G2    I2    K2
   ##    D2    F2    H2    J2    L2
##    ##    E3    G3    I3    K3
   ##    a     F3    H3    J3    A
##    ##    E4    ~~    ~~    a     ##
   ##    b     ~~    ~~    b     ##    ##
      a     E5    G5    I5    B     ##
         D5    F5    H5    J5    ##    ##
      C6    E6    G6    I6    K6    ##
         D6    F6    H6    J6
                  G7

Key: A Ann, B Bob (upper case a settlement, lower case a camp); ~~ water, ## face down
"""


def test_the_two_player_hand_worked_board():
    board = mc.board(RULES, {"terrain": terrain(2)})
    placed, problems = mc.check(board, BOARD_2)
    assert problems == []
    assert asciimap.draw(board, placed, {"Ann": "Ann", "Bob": "Bob"}) == TWO_PLAYERS


def test_every_cell_is_where_its_column_and_row_put_it():
    # Each cell's text sits at column index * 3 on line 1 + 2 * (row - 1) (+1 for odd columns,
    # which are drawn half a hex lower), counted from the line below the column letters.
    board = mc.board(RULES, {"terrain": terrain(4)})
    lines = asciimap.draw(board, {}, {}).split("\n")
    first = min(board.labels.row(y) for _, y in board.labels.cells)
    top_offset = 0 if any(x % 2 == 0 and board.labels.row(y) == first for x, y in board.labels.cells) else 1
    for hex_ in board.labels.cells:
        x, y = hex_
        line = 1 + 2 * (board.labels.row(y) - first) + (x % 2) - top_offset
        column = 3 * (x - board.labels.left)
        text = lines[line][column:column + 2]
        want = "~~" if hex_ in board.water else board.labels.label(hex_)
        assert text == want, (hex_, want, lines[line])


def test_letters_are_distinct_the_names_own_first():
    assert asciimap.initials(["Sara", "Levi", "Ann", "Ben"]) == ["S", "L", "A", "B"]
    assert asciimap.initials(["Sam", "Sara", "Sue", "Sy"]) == ["S", "A", "U", "Y"]
    assert asciimap.initials(["Ann", "ann", "N", "A"]) == ["A", "N", "B", "C"]
    assert asciimap.initials(["Émile", "42"]) == ["M", "A"]


def test_score_map_prints_the_map_under_the_table(run):
    result = run("score", str(ROOT / "examples" / "gold-west-map.yaml"), "--map")
    assert result.code == 0, result.err
    table, picture = result.out.split("\nA  B  C  D")
    assert table.rstrip().endswith("Winner: Ben (highest total)")
    # Ben's settlements G2, H3, K4 are "B"; his camp H2 is "b"; Sara's camp D2 is "s".
    lines = ("A  B  C  D" + picture).split("\n")
    assert lines[2][3 * 6:3 * 6 + 2] == "B "   # G2 (even column: the first line of row 2)
    assert lines[3][3 * 7:3 * 7 + 2] == "b "   # H2 (odd column: half a hex lower)
    assert lines[3][3 * 3:3 * 3 + 2] == "s "   # D2
    assert lines[-2] == ("Key: S Sara, L Levi, A Ann, B Ben (upper case a settlement, lower case a camp); "
                         "~~ water")
    # without --map the text is the table alone
    plain = run("score", str(ROOT / "examples" / "gold-west-map.yaml"))
    assert plain.out == table.rstrip("\n") + "\n"


def test_score_map_of_a_file_without_a_map_says_so(run):
    for name in ("gold-west-game.yaml", "rolled-west-game.yaml"):
        result = run("score", str(ROOT / "examples" / name), "--map")
        assert result.code == 0, result.err
        assert result.out.rstrip("\n").endswith("\n\n" + asciimap_none())


def asciimap_none() -> str:
    from sheetgen.results.report import NO_PICTURE

    return NO_PICTURE


def test_score_map_with_json_is_refused(run):
    result = run("score", str(ROOT / "examples" / "gold-west-map.yaml"), "--map", "--format", "json")
    assert result.code == 2 and "--map" in result.err and "Traceback" not in result.err


def test_report_text_without_the_picture_is_unchanged():
    import sheetgen

    report = sheetgen.game("gold-west").score(path=str(ROOT / "examples" / "gold-west-map.yaml"))
    assert report.picture is not None
    assert report.text() + "\n" + report.picture == report.text(picture=True)
