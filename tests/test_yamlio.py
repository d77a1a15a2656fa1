import pytest

from sheetgen.errors import InvalidInput
from sheetgen.results.yaml import MAX_BYTES, parse_yaml, read_yaml


def problems(text):
    with pytest.raises(InvalidInput) as info:
        parse_yaml(text.encode(), "f.yaml")
    return [str(p) for p in info.value.problems]


def test_positions_are_recorded_for_values_and_keys():
    doc = parse_yaml(b"a:\n  b: [1, 2]\n  c: x\n", "f.yaml")
    assert doc.value == {"a": {"b": [1, 2], "c": "x"}}
    assert doc.positions[("a", "b", 1)] == (2, 10)
    assert doc.key_positions[("a", "c")] == (3, 3)
    assert str(doc.problem(("a", "c"), "bad")) == "f.yaml:3:6: bad"
    assert str(doc.problem(("a", "c"), "bad", at_key=True)) == "f.yaml:3:3: bad"
    # a path that does not exist falls back to its nearest parent
    assert str(doc.problem(("a", "zzz"), "missing")) == "f.yaml:2:3: missing"


def test_syntax_error_is_located():
    assert problems("a: [1, 2\nb: 3\n")[0].startswith("f.yaml:2:")


def test_duplicate_keys_are_rejected():
    assert problems("a: 1\nb: 2\na: 3\n") == ["f.yaml:3:1: duplicate key 'a'"]


def test_aliases_are_rejected_so_a_small_file_cannot_explode():
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(9))
    found = problems(laughs)
    assert found and all("anchors and aliases" in p for p in found)


def test_tags_are_rejected():
    assert "tags" in problems("a: !!python/object:os.system {}\n")[0]
    assert "tags" in problems("a: !custom 3\n")[0]


def test_merge_keys_are_rejected():
    assert any("merge keys" in p for p in problems("a: {x: 1}\nb:\n  <<: {x: 1}\n"))


def test_non_utf8_is_reported():
    with pytest.raises(InvalidInput) as info:
        parse_yaml(b"a: \xff\xfe\n", "f.yaml")
    assert "not UTF-8" in str(info.value)


def test_size_limit(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(InvalidInput) as info:
        read_yaml(big)
    assert "limit" in str(info.value)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InvalidInput, match="no such file"):
        read_yaml(tmp_path / "nope.yaml")
    with pytest.raises(InvalidInput, match="folder"):
        read_yaml(tmp_path)


def test_boolean_keys_are_rejected():
    assert "a key must be" in problems("yes: 1\n")[0]


def test_the_forbidden_characters_are_exactly_what_yaml_does_not_allow():
    import re

    from sheetgen.results.yaml import _FORBIDDEN, _check_characters

    # YAML 1.1's printable set: tab, LF, CR, NEL and these ranges; everything else is refused
    allowed = [(0x09, 0x09), (0x0A, 0x0A), (0x0D, 0x0D), (0x20, 0x7E), (0x85, 0x85), (0xA0, 0xD7FF),
               (0xE000, 0xFFFD), (0x10000, 0x10FFFF)]
    every = "".join(map(chr, range(0x110000)))
    found = [m.start() for m in re.compile(_FORBIDDEN).finditer(every)]
    refused, start = [], 0  # every code point outside the ranges: the gaps between them (sorted, apart)
    for lo, hi in allowed:
        assert start <= lo <= hi
        refused.extend(range(start, lo))
        start = hi + 1
    refused.extend(range(start, 0x110000))
    assert found == refused
    # the shortcut that skips the pattern lets through none of them: each one's UTF-8 is a byte
    # below 0x80 or starts with a lead it sends to the pattern (a surrogate has no UTF-8 at all)
    from sheetgen.results.yaml import _C1_LEAD, _FFFX_LEAD
    for c in found:
        if not 0xD800 <= c <= 0xDFFF:
            utf8 = chr(c).encode()
            assert len(utf8) == 1 or utf8.startswith((_C1_LEAD, _FFFX_LEAD)), hex(c)
    # and agrees with the pattern, one character at a time (ASCII, the lead bytes, surrogates, the end)
    for c in [*range(0x800), *range(0xD7F0, 0xE010), *range(0xFDF0, 0x10010), *range(0x10FFF0, 0x110000)]:
        try:
            _check_characters(f"a: b{chr(c)}c\n", "f.yaml")
        except InvalidInput:
            assert c in found, hex(c)
        else:
            assert c not in found, hex(c)
