"""Fuzzing `check` and `score` with mutated results files: never a traceback.

Every example game in examples/ is the seed. Two kinds of mutation:
- text: delete, duplicate or garble lines and characters (broken YAML);
- structure: parse the file and replace, drop or retype one value anywhere
  in it (valid YAML, wrong content), which reaches the rule checks.
Each run must end with exit 0 (still valid) or 1 (problems listed, each on
a line with a place), never an exception.
"""

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples, nodes

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
FUZZ = settings(max_examples=examples(20, 60), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=12), st.just([]), st.just({}), st.lists(st.integers(-3, 60), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(-5, 99), max_size=3),
)


def _replace(value, path, new, drop):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _replace(value[head], rest, new, drop)
    return copy


def _assert_clean(run, path):
    for command in ("check", "score"):
        result = run(command, str(path))  # any exception other than SystemExit fails the test
        assert result.code in (0, 1), result
        assert "Traceback" not in result.err
        if result.code == 1:
            assert result.err.strip(), "a failure must say why"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_examples_are_valid(run, example):
    assert run("check", str(example)).code == 0


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@FUZZ
@given(data=st.data())
def test_structural_mutations_never_traceback(run, tmp_path, example, data):
    original = yaml.safe_load(example.read_text(encoding="utf-8"))
    paths = [path for path, _ in nodes(original)]
    path = data.draw(st.sampled_from(paths[1:]), label="path")
    drop = data.draw(st.booleans(), label="drop")
    new = data.draw(JUNK, label="new value")
    mutated = _replace(original, path, new, drop)
    target = tmp_path / "mutated.yaml"
    target.write_text(yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _assert_clean(run, target)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@FUZZ
@given(data=st.data())
def test_text_mutations_never_traceback(run, tmp_path, example, data):
    lines = example.read_text(encoding="utf-8").splitlines()
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        kind = data.draw(st.sampled_from(["delete", "duplicate", "garble", "indent", "insert"]), label="kind")
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "garble" and lines[i]:
            j = data.draw(st.integers(0, len(lines[i]) - 1), label="column")
            char = data.draw(st.sampled_from(list(":-[]{},&*!|>'\"#%@`\t0x9 ") + ["\u00e9", "\ufffd"]))
            lines[i] = lines[i][:j] + char + lines[i][j + 1:]
        elif kind == "indent":
            lines[i] = "  " + lines[i]
        else:
            lines.insert(i, data.draw(st.text(max_size=20), label="new line"))
    target = tmp_path / "mutated.yaml"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    _assert_clean(run, target)
