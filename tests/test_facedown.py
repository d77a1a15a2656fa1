"""What lies face down is the game's to say (its GameSpec's `face_down` hook), not read from keys by the core."""

import sheetgen
from sheetgen import facedown
from sheetgen.games import all_games


def test_a_game_without_the_hook_hides_nothing_whatever_its_setup_holds():
    hookless = [key for key, spec in all_games().items() if spec.face_down is None]
    assert hookless  # Rolled West and Carcassonne: Gold Rush lay nothing face down
    for key in hookless:
        # keys another game hides mean nothing here: the core reads no game's keys
        setup = {"game": key, "grid": [[{"tile": "S1", "coin": "C2"}]], "tokens": {"a": 1}, "revealed": []}
        hider = all_games()[key].face_down_hider()
        assert hider is None
        assert facedown.for_players(setup, hider) is setup and not facedown.has_face_down(setup, hider), key


def test_each_hook_hides_something_and_leaves_the_rest_as_it_was():
    hooked = [key for key, spec in all_games().items() if spec.face_down is not None and spec.setup]
    assert hooked  # Gold West and piecepack Gold Rush
    for key in hooked:
        setup = sheetgen.game(key).setup(seed="facedown").to_dict(reveal=True)
        hider = all_games()[key].face_down_hider()
        seen = facedown.for_players(setup, hider)
        assert facedown.has_face_down(setup, hider) and seen["face_down"] == "hidden", key
        changed = [k for k in setup if seen[k] != setup[k]]
        assert len(changed) == 1 and facedown.HIDDEN in repr(seen[changed[0]]), (key, changed)
        assert "face_down" not in setup  # the setup itself is left as it was
