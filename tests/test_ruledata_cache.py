"""The cache of validated rule data: used only for the very bytes it was made from, in the
folder it was made for, by the code that made it; anything odd about it is a miss."""

import marshal
import os
import stat
import subprocess
import sys
import types

import pytest

from sheetgen import ruledata
from sheetgen.errors import InvalidInput
from sheetgen.games import all_games, get_game
from sheetgen.paths import bundled

RW = get_game("rolled-west")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder, nothing remembered in this process, and a count of real validations."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SHEETGEN_CACHE", str(folder))
    monkeypatch.setattr(ruledata, "_cache", {})
    calls = []
    real = ruledata.parse_and_check

    def counting(raw, name, game):
        calls.append(name)
        return real(raw, name, game)

    monkeypatch.setattr(ruledata, "parse_and_check", counting)
    return types.SimpleNamespace(dir=folder, validations=calls)


def house(tmp_path, name="house", text=None):
    """A data folder holding Rolled West's rule data (or `text`)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "rolled-west.yaml").write_text(text or (bundled("data") / "rolled-west.yaml").read_text())
    return folder


def fresh_load(folder):
    """Load as a new process would: nothing remembered in memory."""
    ruledata._cache.clear()
    return ruledata.load(RW, folder)


def entries(cache):
    folder = cache.dir
    return sorted(p for p in folder.iterdir() if p.name.endswith(".rules")) if folder.exists() else []


def test_the_second_load_comes_from_the_cache_and_gives_the_same_rules(cache, tmp_path):
    data = house(tmp_path)
    first = fresh_load(data)
    assert len(cache.validations) == 1 and len(entries(cache)) == 1
    second = fresh_load(data)
    assert len(cache.validations) == 1  # not parsed or checked again
    assert second.values == first.values and second.version == first.version and second.game == "rolled-west"
    assert second.source == first.source


def test_every_bundled_game_reads_back_exactly_what_was_validated(cache):
    for key, game in all_games().items():
        ruledata._cache.clear()
        validated = ruledata.load(game)
        ruledata._cache.clear()
        cached = ruledata.load(game)
        assert cached.values == validated.values and cached.digest == validated.digest, key
    assert len(cache.validations) == len(all_games())


def test_an_edited_file_is_validated_again(cache, tmp_path):
    data = house(tmp_path)
    assert fresh_load(data)["rounds"] == 6
    path = data / "rolled-west.yaml"
    path.write_text(path.read_text().replace("rounds: 6", "rounds: 7"))
    assert fresh_load(data)["rounds"] == 7
    assert len(cache.validations) == 2 and len(entries(cache)) == 1  # the entry is replaced, not added to
    path.write_text(path.read_text().replace("rounds: 7", "rounds: seven"))
    with pytest.raises(InvalidInput, match="expected a whole number, got 'seven'"):
        fresh_load(data)
    path.write_text(path.read_text().replace("rounds: seven", "rounds: 7"))
    assert fresh_load(data)["rounds"] == 7
    # an invalid file is never cached, so the entry of the good bytes outlived it: they are back, it is used
    assert len(cache.validations) == 3


def test_data_folders_never_share_an_entry(cache, tmp_path):
    one, two = house(tmp_path, "one"), house(tmp_path, "two")
    fresh_load(one)
    fresh_load(two)
    assert len(entries(cache)) == 2 and len(cache.validations) == 2  # same bytes, still validated per folder
    path = two / "rolled-west.yaml"
    path.write_text(path.read_text().replace("rounds: 6", "rounds: 8"))
    assert fresh_load(one)["rounds"] == 6 and fresh_load(two)["rounds"] == 8
    assert fresh_load(one)["rounds"] == 6 and fresh_load(two)["rounds"] == 8


def test_invalid_data_is_never_cached(cache, tmp_path):
    text = (bundled("data") / "rolled-west.yaml").read_text().replace("rounds: 6", "rounds: -1")
    data = house(tmp_path, text=text)
    for _ in range(2):
        with pytest.raises(InvalidInput, match="too small"):
            fresh_load(data)
    assert entries(cache) == [] and len(cache.validations) == 2


def _record(entry_path):
    blob = entry_path.read_bytes()
    return marshal.loads(blob[len(ruledata.MAGIC) + 32:])


def _write_entry(entry_path, record):
    payload = marshal.dumps(record)
    entry_path.write_bytes(ruledata.MAGIC + ruledata.sha256(payload).digest() + payload)


def _damage(kind, entry_path):
    blob = entry_path.read_bytes()
    if kind == "truncated":
        entry_path.write_bytes(blob[:len(blob) // 2])
    elif kind == "empty":
        entry_path.write_bytes(b"")
    elif kind == "garbage":
        entry_path.write_bytes(os.urandom(len(blob)))
    elif kind == "a flipped byte":
        entry_path.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0x40]) + blob[-9:])
    elif kind == "other magic":
        entry_path.write_bytes(b"X" + blob[1:])
    elif kind == "not marshal":
        payload = b"\xff\x00 not marshal data"
        entry_path.write_bytes(ruledata.MAGIC + ruledata.sha256(payload).digest() + payload)
    elif kind == "a set inside":
        record = _record(entry_path)
        record[5]["meta"]["designers"] = {"Daniel Newman"}
        _write_entry(entry_path, record)
    elif kind == "a code object inside":
        record = _record(entry_path)
        record[5]["rounds"] = compile("import os; os._exit(99)", "evil", "exec")
        _write_entry(entry_path, record)
    elif kind == "bytes for text":
        record = _record(entry_path)
        record[5]["game"] = b"rolled-west"
        _write_entry(entry_path, record)
    elif kind == "another format":
        record = _record(entry_path)
        _write_entry(entry_path, (ruledata.FORMAT + 1, *record[1:]))
    elif kind == "another digest":
        record = _record(entry_path)
        _write_entry(entry_path, (*record[:4], "0" * 64, record[5]))
    elif kind == "another folder":
        record = _record(entry_path)
        _write_entry(entry_path, (*record[:3], "/elsewhere", *record[4:]))
    elif kind == "a list":
        _write_entry(entry_path, list(_record(entry_path)))
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["truncated", "empty", "garbage", "a flipped byte", "other magic", "not marshal",
                                  "a set inside", "a code object inside", "bytes for text", "another format",
                                  "another digest", "another folder", "a list"])
def test_a_damaged_or_foreign_entry_is_ignored_and_rebuilt(cache, tmp_path, kind):
    data = house(tmp_path)
    good = fresh_load(data)
    [entry] = entries(cache)
    _damage(kind, entry)
    again = fresh_load(data)
    assert again.values == good.values and again.version == good.version
    assert len(cache.validations) == 2  # validated again, not taken from the damaged entry
    fresh_load(data)
    assert len(cache.validations) == 2  # and the entry written anew is good


def test_an_entry_made_by_other_code_is_ignored(cache, tmp_path, monkeypatch):
    data = house(tmp_path)
    fresh_load(data)
    monkeypatch.setattr(ruledata, "__version__", "99.0")  # an upgrade
    fresh_load(data)
    assert len(cache.validations) == 2
    rules_module = sys.modules[RW.check_data.__module__].__file__
    os.utime(rules_module, ns=(0, os.stat(rules_module).st_mtime_ns + 1))  # an edited validator
    try:
        fresh_load(data)
    finally:
        os.utime(rules_module, ns=(0, os.stat(rules_module).st_mtime_ns - 1))
    assert len(cache.validations) == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_data_file_that_became_a_fifo_is_refused_whatever_the_cache_holds(cache, tmp_path):
    data = house(tmp_path)
    fresh_load(data)
    (data / "rolled-west.yaml").unlink()
    os.mkfifo(data / "rolled-west.yaml")
    with pytest.raises(InvalidInput, match="rolled-west.yaml: is a FIFO"):
        fresh_load(data)


def test_a_missing_data_file_is_missing_whatever_the_cache_holds(cache, tmp_path):
    data = house(tmp_path)
    fresh_load(data)
    (data / "rolled-west.yaml").unlink()
    with pytest.raises(InvalidInput, match="no rule data for rolled-west here"):
        fresh_load(data)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX ownership")
def test_a_cache_folder_others_can_write_is_not_used(cache, tmp_path):
    data = house(tmp_path)
    fresh_load(data)
    os.chmod(cache.dir, 0o777)
    [entry] = entries(cache)
    fresh_load(data)
    assert len(cache.validations) == 2
    os.chmod(cache.dir, 0o700)
    os.chmod(entry, 0o666)  # an entry others can write is not trusted either
    fresh_load(data)
    assert len(cache.validations) == 3


def test_an_entry_that_is_a_symbolic_link_is_not_followed(cache, tmp_path):
    data = house(tmp_path)
    fresh_load(data)
    [entry] = entries(cache)
    elsewhere = tmp_path / "elsewhere.rules"
    entry.rename(elsewhere)
    entry.symlink_to(elsewhere)
    fresh_load(data)
    assert len(cache.validations) == 2
    assert not entry.is_symlink()  # replaced by a file of our own; the link's target is left alone


def test_entries_are_private(cache, tmp_path):
    fresh_load(house(tmp_path))
    [entry] = entries(cache)
    if hasattr(os, "geteuid"):
        assert stat.S_IMODE(cache.dir.stat().st_mode) & 0o077 == 0
        assert stat.S_IMODE(entry.stat().st_mode) & 0o077 == 0
    assert [p.name for p in cache.dir.iterdir() if p.name.endswith(".part")] == []


@pytest.mark.parametrize("setting", ["off", "0", ""])
def test_the_cache_can_be_turned_off(cache, tmp_path, monkeypatch, setting):
    monkeypatch.setenv("SHEETGEN_CACHE", setting)
    data = house(tmp_path)
    fresh_load(data)
    fresh_load(data)
    assert len(cache.validations) == 2 and not cache.dir.exists()


def test_a_cache_that_cannot_be_written_changes_nothing(cache, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SHEETGEN_CACHE", str(blocker / "cache"))
    data = house(tmp_path)
    assert fresh_load(data)["rounds"] == 6
    assert fresh_load(data)["rounds"] == 6
    assert len(cache.validations) == 2


def test_the_default_place_follows_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.delenv("SHEETGEN_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert ruledata.cache_dir() == str(tmp_path / "xdg" / "sheetgen")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if os.name != "nt":
        assert ruledata.cache_dir() == str(tmp_path / "home" / ".cache" / "sheetgen")


def test_data_check_never_uses_or_fills_the_cache(tmp_path):
    env = {**os.environ, "SHEETGEN_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-m", "sheetgen", "data", "check"], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert not (tmp_path / "cache").exists()


def test_commands_fill_the_cache_once_and_print_the_same_thereafter(tmp_path):
    env = {**os.environ, "SHEETGEN_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-m", "sheetgen", "games", "--format", "json"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, timeout=120) for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[0].stdout == runs[1].stdout and '"data_version"' in runs[0].stdout
    assert len([p for p in (tmp_path / "cache").iterdir() if p.name.endswith(".rules")]) == len(all_games())
