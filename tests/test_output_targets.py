"""Where results go: only regular files, kept permissions, part files, failed writes and Ctrl-C."""

import ast
import errno
import functools
import io
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest

from conftest import ROOT

TEMPLATE = ("template", "rolled-west")
SETUP = ("setup", "rolled-west", "--seed", "x")
TEMPLATE_START = "# Rolled West results"
NOT_REGULAR = "is not a regular file ({}); give a file name, or -o - for standard output"


def one_line(err):
    """The single line a failure prints (no traceback, no 'Exception ignored' noise)."""
    assert "Traceback" not in err and "Exception ignored" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def parts(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".part"))


def sheetgen(*args, cwd, stdout, preexec_fn=None):
    """`python -m sheetgen ARGS` with stdout wherever the test says; stderr is captured."""
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=stdout, stderr=subprocess.PIPE, preexec_fn=preexec_fn, timeout=60)


# Every write below passes --force: these tests replace files the test made (not sheetgen),
# and --force must never weaken the regular-files-only rule.

# ---- only regular files ---------------------------------------------------------------------------

@pytest.mark.parametrize("command,name", [(TEMPLATE, "t.yaml"), (SETUP, "s.txt"),
                                          (("sheet", "rolled-west"), "b.pdf")])
@pytest.mark.parametrize("dangling", [False, True])
def test_a_symlink_target_is_refused_and_left_alone(run, tmp_path, command, name, dangling):
    real = tmp_path / f"real-{name}"
    if not dangling:
        real.write_bytes(b"old")
    (tmp_path / name).symlink_to(real.name)
    before = sorted(os.listdir(tmp_path))
    result = run(*command, "-o", name, "--force")
    assert result.code == 2, result
    assert one_line(result.err) == (f"Error: -o: '{name}' is a symbolic link; give the real path instead "
                                    f"('{os.path.realpath(real)}')")
    assert os.readlink(tmp_path / name) == real.name
    assert real.read_bytes() == b"old" if not dangling else not real.exists()
    assert sorted(os.listdir(tmp_path)) == before


def test_a_fifo_target_is_refused_without_writing_to_it(run, tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so a regression that writes fails, not hangs
    try:
        result = run(*TEMPLATE, "-o", "pipe.yaml", "--force")
        received = os.read(reader, 100)
    finally:
        os.close(reader)
    assert result.code == 2, result
    assert one_line(result.err) == "Error: -o: 'pipe.yaml' " + NOT_REGULAR.format("a named pipe")
    assert received == b""
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe.yaml"]


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
@pytest.mark.parametrize("command", [TEMPLATE, SETUP, ("sheet", "rolled-west")])
def test_a_device_target_is_refused_and_never_replaced(run, monkeypatch, device, command):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")

    def must_not_replace(real):
        """`real`, refusing the device: as root, a regression would turn it into a plain file.
        Other files may be replaced (a cold rule-data cache is written so)."""
        def replace(source, target, *args, **kwargs):
            if os.path.abspath(os.fspath(target)) == device:
                raise AssertionError(f"tried to replace {device}")
            return real(source, target, *args, **kwargs)
        return replace

    monkeypatch.setattr(os, "replace", must_not_replace(os.replace))
    monkeypatch.setattr(os, "rename", must_not_replace(os.rename))
    before = os.stat(device)
    result = run(*command, "-o", device, "--force")
    assert result.code == 2, result
    assert one_line(result.err) == f"Error: -o: '{device}' " + NOT_REGULAR.format("a character device")
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout here")
def test_dev_stdout_as_a_target_points_to_dash(tmp_path):
    proc = sheetgen(*TEMPLATE, "-o", "/dev/stdout", "--force", cwd=tmp_path, stdout=subprocess.PIPE)
    assert proc.returncode == 2
    assert proc.stderr.decode() == "Error: -o: '/dev/stdout' " + NOT_REGULAR.format("a named pipe") + "\n"
    assert proc.stdout == b"" and os.listdir(tmp_path) == []


@pytest.mark.parametrize("swap", ["symlink", "fifo"])
def test_a_target_that_turns_into_a_link_or_pipe_mid_write_is_not_replaced(run, tmp_path, monkeypatch, swap):
    target, other = tmp_path / "t.yaml", tmp_path / "other.yaml"
    target.write_text("old")
    other.write_text("other")
    real_fsync = os.fsync

    def swap_target(fd):  # fsync runs after the data is written and before the rename
        real_fsync(fd)
        target.unlink()
        if swap == "symlink":
            target.symlink_to(other.name)
        else:
            os.mkfifo(target)

    monkeypatch.setattr(os, "fsync", swap_target)
    result = run(*TEMPLATE, "-o", "t.yaml", "--force")
    assert result.code == 2, result
    assert one_line(result.err).startswith("Error: -o: 't.yaml' is ")
    mode = os.lstat(target).st_mode
    assert stat.S_ISLNK(mode) if swap == "symlink" else stat.S_ISFIFO(mode)
    assert other.read_text() == "other"
    assert parts(tmp_path) == []


# ---- permissions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command,name", [(TEMPLATE, "t.yaml"), (("sheet", "rolled-west", "-p", "2"), "b.pdf")])
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o604])
def test_a_replaced_file_keeps_its_permissions(run, tmp_path, command, name, mode):
    target = tmp_path / name
    target.write_bytes(b"old")
    os.chmod(target, mode)
    assert run(*command, "-o", name, "--force").code == 0
    assert target.read_bytes().startswith(b"%PDF-" if name.endswith(".pdf") else TEMPLATE_START.encode())
    assert stat.S_IMODE(os.stat(target).st_mode) == mode


@pytest.mark.parametrize("umask,expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_mode_minus_the_umask(run, tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        result = run(*TEMPLATE, "-o", "t.yaml", "--force")
    finally:
        os.umask(old)
    assert result.code == 0, result
    assert stat.S_IMODE(os.stat(tmp_path / "t.yaml").st_mode) == expected


# ---- part files -----------------------------------------------------------------------------------

def test_the_part_file_sits_beside_the_target_named_with_our_pid(run, tmp_path, monkeypatch):
    seen = []
    real_fsync = os.fsync

    def look(fd):
        seen.extend(parts(tmp_path))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", look)
    assert run(*TEMPLATE, "-o", "t.yaml", "--force").code == 0
    (name,) = seen
    assert re.fullmatch(rf"\.t\.yaml\.{os.getpid()}\.[0-9a-f]{{8}}\.part", name), name
    assert os.listdir(tmp_path) == ["t.yaml"]


def test_a_very_long_target_name_still_gets_a_part_file(run, tmp_path):
    name = "x" * 245 + ".yaml"  # 250 bytes: ".NAME.<pid>.<random>.part" would pass the 255-byte limit
    assert run(*TEMPLATE, "-o", name, "--force").code == 0
    assert (tmp_path / name).read_text().startswith(TEMPLATE_START)
    assert os.listdir(tmp_path) == [name]


def dead_pid():
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                           text=True, timeout=60)
    pid = int(child.stdout)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return pid
    pytest.skip("the pid was taken again at once")


def test_part_files_of_dead_runs_are_removed_and_nothing_else(run, tmp_path):
    dead = dead_pid()
    removed = [f".t.yaml.{dead}.0123abcd.part",  # its writer is gone
               ".t.yaml.ab_c12xy.part"]  # an earlier version's tempfile name, two hours old
    kept = [f".t.yaml.{os.getpid()}.0123abcd.part",  # its writer (this process) is alive
            f".other.yaml.{dead}.0123abcd.part",  # another target's
            f".t.yaml.{dead}.0123ABCD.part", f".t.yaml.{dead}.0123abcd.part.bak",
            f"t.yaml.{dead}.0123abcd.part", f".t.yaml.x{dead}.0123abcd.part", ".t.yaml.notes.part",
            ".t.yaml.part", "..t.yaml.part"]
    fresh = ".t.yaml.ab_c12xz.part"  # an earlier version's name, but recent: its writer may be at work
    folder = f".t.yaml.{dead}.deadbeef.part"  # our pattern, but not a file
    two_hours_ago = time.time() - 7200
    for name in removed + kept:
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (two_hours_ago, two_hours_ago))
    (tmp_path / fresh).write_text("x")
    (tmp_path / folder).mkdir()
    assert run(*TEMPLATE, "-o", "t.yaml", "--force").code == 0
    assert sorted(os.listdir(tmp_path)) == sorted(kept + [fresh, folder, "t.yaml"])


KILLED_MID_WRITE = """
import os, signal, sys
real_write = os.write
def write_half_then_die(fd, data):
    real_write(fd, bytes(data[: len(data) // 2]))
    os.kill(os.getpid(), signal.SIGKILL)
os.write = write_half_then_die
from sheetgen.cli import main
main(["template", "rolled-west", "-o", "t.yaml", "--force"])
"""


def test_a_killed_run_leaves_a_part_file_that_the_next_run_removes(run, tmp_path):
    target = tmp_path / "t.yaml"
    target.write_text("old")
    # no rule-data cache: with a cold one (this file run alone) the first write, and the kill, were the cache's
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_WRITE], cwd=tmp_path, capture_output=True,
                            timeout=60, env=dict(os.environ))
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    (left,) = parts(tmp_path)
    assert left.startswith(".t.yaml.") and target.read_text() == "old"
    assert run(*TEMPLATE, "-o", "t.yaml", "--force").code == 0
    assert os.listdir(tmp_path) == ["t.yaml"]
    assert target.read_text().startswith(TEMPLATE_START)


# ---- failed writes --------------------------------------------------------------------------------

@pytest.mark.parametrize("code,reason", [(errno.ENOSPC, "No space left on device"),
                                         (errno.EIO, "Input/output error")])
@pytest.mark.parametrize("command,name", [(TEMPLATE, "t.yaml"), (("sheet", "rolled-west", "-p", "2"), "b.pdf")])
@pytest.mark.parametrize("existing", [True, False])
def test_a_disk_error_while_writing_a_file_leaves_no_partial_file(run, tmp_path, monkeypatch, code, reason,
                                                                 command, name, existing):
    target = tmp_path / name
    if existing:
        target.write_bytes(b"old")
    real_write = os.write

    def fail_half_way(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", fail_half_way)
    result = run(*command, "-o", name, "--force")
    assert result.code == 1, result
    assert one_line(result.err) == f"Error: cannot write '{name}': {reason}"
    assert os.listdir(tmp_path) == ([name] if existing else [])
    assert not existing or target.read_bytes() == b"old"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [SETUP, ("sheet", "rolled-west", "-p", "2", "-o", "-"), ("games",),
                                  TEMPLATE, ("--help",)])
def test_a_full_disk_on_stdout_is_one_line_and_exit_1(tmp_path, args):
    with open("/dev/full", "wb") as full:
        proc = sheetgen(*args, cwd=tmp_path, stdout=full)
    assert proc.returncode == 1
    assert proc.stderr.decode() == "Error: cannot write to standard output: No space left on device\n"
    assert os.listdir(tmp_path) == []


class FailingStream(io.RawIOBase):
    """A stdout whose every write fails with `code` until told otherwise."""

    def __init__(self, code):
        self.code, self.failing = code, True

    def writable(self):
        return True

    def write(self, data):
        if self.failing:
            raise OSError(self.code, os.strerror(self.code))
        return len(data)


@pytest.mark.parametrize("args", [SETUP, ("games",)])
def test_an_io_error_on_stdout_is_one_line_and_exit_1(run, monkeypatch, args):
    stream = FailingStream(errno.EIO)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(stream), encoding="utf-8"))
    try:
        result = run(*args)
    finally:
        stream.failing = False  # the wrapper's flush when it is collected must not fail
    assert result.code == 1
    assert one_line(result.err) == "Error: cannot write to standard output: Input/output error"


@pytest.mark.parametrize("args", [SETUP, ("games",), ("sheet", "rolled-west", "--fields"), ("--help",),
                                  ("sheet", "rolled-west", "-o", "-")])
def test_a_broken_pipe_ends_quietly_as_unix_tools_do(tmp_path, args):
    """`sheetgen ... | head -1`: the reader is gone, which is no error: nothing on stderr
    but what the command says anyway, exit 141 as a process ended by SIGPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before we write: `| head -0` at its quickest
    try:
        proc = sheetgen(*args, cwd=tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    assert proc.returncode == 141
    assert "Error" not in proc.stderr.decode() and "Broken pipe" not in proc.stderr.decode()
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args", [SETUP, ("games",), ("sheet", "rolled-west", "-o", "-")])
def test_a_closed_stdout_is_one_line_and_exit_1(tmp_path, args):
    proc = sheetgen(*args, cwd=tmp_path, stdout=None, preexec_fn=lambda: os.close(1))  # like `>&-`
    assert proc.returncode == 1
    assert proc.stderr.decode() == "Error: cannot write to standard output: Bad file descriptor\n"
    assert os.listdir(tmp_path) == []


def test_the_cli_prints_on_stdout_only_through_say():
    """Every stdout line goes through cli.common._say, which turns a failed write into one error line."""
    to_stdout = []
    for path in sorted((ROOT / "sheetgen" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text())
        to_stdout += [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.Call) and ast.unparse(node.func) in ("click.echo", "print")
                      and not any(k.arg == "err" and ast.unparse(k.value) == "True" for k in node.keywords)]
    assert to_stdout == [], f"sheetgen/cli lines {to_stdout}: use _say(...) for stdout"


# ---- Ctrl-C --------------------------------------------------------------------------------------

def ctrl_c_as_at_a_terminal() -> None:
    """In the child: SIGINT as a terminal leaves it. A shell's background job (`pytest ... &`) starts
    with SIGINT ignored, which Python then keeps, and the Ctrl-C below would do nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


INTERRUPTING_SITECUSTOMIZE = """
import builtins, os, signal
real_import = builtins.__import__
def interrupting_import(name, *args, **kwargs):
    if name == "click":
        ACTION
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupting_import
"""


@pytest.mark.parametrize("action", ["raise KeyboardInterrupt",
                                    "exec('raise KeyboardInterrupt')",  # as if inside a dataclass's making
                                    "os.kill(os.getpid(), signal.SIGINT)"])
def test_ctrl_c_during_start_up_imports_is_one_line_and_exit_130(tmp_path, action):
    (tmp_path / "sitecustomize.py").write_text(INTERRUPTING_SITECUSTOMIZE.replace("ACTION", action))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    proc = subprocess.run([sys.executable, "-m", "sheetgen", "games"], cwd=tmp_path, env=env,
                          capture_output=True, timeout=60, preexec_fn=ctrl_c_as_at_a_terminal)
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr.decode() == "Interrupted.\n"
    assert proc.stdout == b""


LATE_SIGINT_SITECUSTOMIZE = """
import atexit, os, signal, time
def ctrl_c_while_exiting():
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)
atexit.register(ctrl_c_while_exiting)
"""


def test_ctrl_c_after_the_work_is_done_changes_nothing(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(LATE_SIGINT_SITECUSTOMIZE)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    proc = subprocess.run([sys.executable, "-m", "sheetgen", "games"], cwd=tmp_path, env=env,
                          capture_output=True, timeout=60, preexec_fn=ctrl_c_as_at_a_terminal)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert b"rolled-west" in proc.stdout


def test_the_console_script_starts_at_the_light_entry_point(tmp_path):
    """The entry point loads the library (`import sheetgen` imports its public names explicitly)
    but not the command line: click and the CLI load inside main(), where a Ctrl-C is caught."""
    assert re.search(r'^sheetgen = "sheetgen\.__main__:main"', (ROOT / "pyproject.toml").read_text(), re.M)
    code = ("import sys, sheetgen.__main__\n"
            "print(sorted(m for m in sys.modules if m.startswith(('click', 'yaml', 'sheetgen'))))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    loaded = ast.literal_eval(proc.stdout.strip())
    assert "sheetgen.__main__" in loaded and "sheetgen.api" in loaded, proc.stderr
    assert not [m for m in loaded if m.startswith("click") or m == "sheetgen.cli"], loaded


def test_ctrl_c_in_the_middle_of_a_write_keeps_the_old_file(run, tmp_path, monkeypatch):
    target = tmp_path / "t.yaml"
    target.write_bytes(b"old")
    real_write = os.write

    def interrupted_half_way(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", interrupted_half_way)
    result = run(*TEMPLATE, "-o", "t.yaml", "--force")
    assert result.code == 130
    assert result.err.strip() == "Interrupted."
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["t.yaml"]


# ---- what stays as it was -------------------------------------------------------------------------

def test_a_pdf_is_not_written_to_a_terminal(tmp_path):
    pty = pytest.importorskip("pty")
    try:
        main_end, terminal = pty.openpty()
    except OSError:
        pytest.skip("no pseudo-terminals here")
    try:
        proc = sheetgen("sheet", "rolled-west", "-o", "-", cwd=tmp_path, stdout=terminal)
    finally:
        os.close(main_end)
        os.close(terminal)
    assert proc.returncode == 2
    assert proc.stderr.decode() == ("Error: -o: will not write a PDF to the terminal; "
                                    "redirect it or give a file name\n")
    assert os.listdir(tmp_path) == []


def test_a_folder_without_write_permission_is_refused(run, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("this user may write anywhere (root)")
        result = run(*TEMPLATE, "-o", "locked/t.yaml", "--force")
    finally:
        os.chmod(locked, 0o755)
    assert result.code == 2
    assert one_line(result.err) == f"Error: -o: no permission to write '{os.path.join('locked', 't.yaml')}'"
    assert os.listdir(locked) == []


# ---- one rule: only a blank sheetgen PDF is replaced without --force --------------------------------

FILLABLE = ("sheet", "rolled-west", "--names", "Ann,Ben", "--fillable")


def _incremental_save(data: bytes, name: bytes, value: bytes) -> bytes:
    """`data` with one field's value changed in an appended revision, as viewers save a filled form."""
    from pypdf import PdfWriter

    writer = PdfWriter(io.BytesIO(data), incremental=True)
    writer.update_page_form_field_values(writer.pages[0], {name.decode(): value.decode()}, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_filled_and_saved_sheet_is_never_replaced_without_force(run, tmp_path):
    from formfill import fill_pdf

    target = tmp_path / "boards.pdf"
    assert run(*FILLABLE, "-o", "boards.pdf").code == 0
    assert run(*FILLABLE, "-o", "boards.pdf").code == 0  # blank, with the names sheetgen printed: replaced
    blank = target.read_bytes()
    for filled in (fill_pdf(blank, "rolled-west.board", {1: {"bank.1": "gold"}}),  # rewritten whole (pypdf)
                   _incremental_save(blank, b"rolled-west.board.p1.claims.woods.1", b"camp"),  # appended (viewers)
                   fill_pdf(blank, "rolled-west.board", {1: {"name": "Zed"}})):  # a printed name changed
        target.write_bytes(filled)
        refused = run(*FILLABLE, "-o", "boards.pdf")
        assert refused.code == 2, refused
        assert one_line(refused.err).startswith("Error: -o: 'boards.pdf' exists and ")
        assert refused.err.rstrip().endswith("give another name, or add --force to replace it")
        assert target.read_bytes() == filled
    assert run(*FILLABLE, "-o", "boards.pdf", "--force").code == 0
    assert target.read_bytes() != filled


@pytest.mark.parametrize("command", [("sheet", "gold-west", "pad", "--fillable"),
                                     ("sheet", "carcassonne-gold-rush", "--fillable"),
                                     ("sheet", "piecepack-gold-rush", "--fillable", "--names", "Ann,Ben,Cat"),
                                     ("sheet", "rolled-west"), ("setup", "gold-west", "--seed", "x")])
def test_every_blank_sheetgen_pdf_may_be_replaced(run, tmp_path, command):
    from sheetgen.output import blank_sheetgen_pdf

    assert run(*command, "-o", "x.pdf").code == 0
    assert blank_sheetgen_pdf(tmp_path / "x.pdf") is None
    assert run(*command, "-o", "x.pdf").code == 0


def test_a_sheet_filled_in_from_a_results_file_holds_values(run, tmp_path):
    results = str(ROOT / "examples" / "rolled-west-game.yaml")
    assert run("sheet", "rolled-west", "--from", results, "-o", "x.pdf").code == 0
    refused = run("sheet", "rolled-west", "--from", results, "-o", "x.pdf")
    assert refused.code == 2 and "holds values filled in" in refused.err and "--force" in refused.err
    assert run("sheet", "rolled-west", "--from", results, "-o", "x.pdf", "--force").code == 0


@functools.lru_cache(maxsize=None)
def _rewritten_blank() -> bytes:
    """A blank fillable board rewritten by pypdf in plain objects, whether or not sheetgen packs them
    (made once a process: every case changes its own copy)."""
    from sheetgen import SheetOptions, game

    from pypdf import PdfReader, PdfWriter

    out = io.BytesIO()
    sheet = game("rolled-west").sheet(None, SheetOptions(names=["Ann", "Ben"], fillable=True)).pdf
    PdfWriter(clone_from=PdfReader(io.BytesIO(sheet))).write(out)
    return out.getvalue()


@pytest.mark.parametrize("change", [
    (b"/Creator (sheetgen ", b"/Creator (another  "),  # another program's
    (b"%%EOF", b"%%EOF\n%%EOF"),  # saved again
    (b"/Type /Catalog", b"/Type /Catalog /Prev 0"),
    (b"/Type /Catalog", b"/Type /Catalog /Encrypt 0"),
    (b"/Type /Annot", b"/Type /Annot /V#20 (hidden)"),  # an escaped name: not what sheetgen writes
    (b"/Type /Annot", b"/Type /Annot /V 12 0 R"),  # a value elsewhere
    (b"/Type /Annot", b"/Type /Annot /V <4142>"),
    (b"/Type /Annot", b"/Type /Annot /V [(a)]"),
])
def test_anything_not_provably_blank_is_kept(tmp_path, change):
    from sheetgen.output import blank_sheetgen_pdf

    blank = _rewritten_blank()
    path = tmp_path / "b.pdf"
    path.write_bytes(blank)
    assert blank_sheetgen_pdf(path) is None
    old, new = change
    assert old in blank
    path.write_bytes(blank.replace(old, new, 1))
    assert blank_sheetgen_pdf(path) is not None


def test_values_in_object_streams_are_found(tmp_path, monkeypatch):
    """A sheet whose objects are packed in compressed object streams (as PDF writers save forms,
    and as sheetgen may pack fillable sheets) is read like the rest: blank, or holding values."""
    from test_hostile_forms import object_stream_pdf

    from sheetgen import SheetOptions, game, output
    from sheetgen.output import blank_sheetgen_pdf

    path = tmp_path / "b.pdf"
    for names, expected in ((["Ann", "Ben"], None), (["Ann", "Zoë"], None)):
        blank = game("rolled-west").sheet(None, SheetOptions(names=names, fillable=True)).pdf
        path.write_bytes(object_stream_pdf(blank, padding=0))
        assert b"/ObjStm" in path.read_bytes() and blank_sheetgen_pdf(path) is expected
    filled = game("rolled-west").sheet(None, SheetOptions(results=ROOT / "examples" / "rolled-west-game.yaml", fillable=True)).pdf
    path.write_bytes(object_stream_pdf(filled, padding=0))
    assert blank_sheetgen_pdf(path) == "holds values filled in"
    blank = game("rolled-west").sheet(None, SheetOptions(fillable=True)).pdf
    path.write_bytes(object_stream_pdf(blank, padding=200_000))  # inflates past the budget: kept, unsure
    monkeypatch.setattr(output, "MAX_SCAN", 2_000_000)
    assert blank_sheetgen_pdf(path) is not None


def test_a_huge_or_unreadable_pdf_is_kept(tmp_path, monkeypatch):
    from sheetgen import game, output

    path = tmp_path / "b.pdf"
    path.write_bytes(game("rolled-west").sheet().pdf)
    monkeypatch.setattr(output, "MAX_SCAN", 1000)
    assert output.blank_sheetgen_pdf(path) == "was not written by sheetgen"


def test_every_force_help_states_the_one_rule(run):
    for command in (("sheet",), ("setup",), ("template",), ("enter",), ("export",)):
        text = " ".join(run(*command, "--help").out.split())
        assert "--force Replace an existing FILE. Without it only a blank PDF sheetgen printed" in text, command
        assert "any other file (a filled form, a results file, an export, another program's) is kept" in text


@pytest.mark.parametrize("data", [b"%PDF-1.4 a new sheet", b"game: rolled-west\n"])
def test_a_file_saved_while_we_worked_is_kept_at_the_rename(tmp_path, data):
    """The target is checked again just before the rename: a viewer may have saved a filled sheet
    (or someone a results file) there after the first check."""
    from formfill import fill_pdf

    from sheetgen import SheetOptions, game
    from sheetgen.errors import UsageProblem
    from sheetgen.output import write_atomic

    target = tmp_path / ("x.pdf" if data.startswith(b"%PDF") else "x.yaml")
    blank = game("rolled-west").sheet(None, SheetOptions(fillable=True)).pdf
    saved = fill_pdf(blank, "rolled-west.board", {1: {"name": "Ann"}}) if target.suffix == ".pdf" else b"mine\n"
    target.write_bytes(saved)
    with pytest.raises(UsageProblem, match="--force"):
        write_atomic(target, data, force=False)
    assert target.read_bytes() == saved and parts(tmp_path) == []
    if target.suffix == ".pdf":
        target.write_bytes(blank)
        write_atomic(target, data, force=False)  # a blank sheet is replaced
        assert target.read_bytes() == data
        target.write_bytes(saved)
    write_atomic(target, data, force=True)
    assert target.read_bytes() == data
