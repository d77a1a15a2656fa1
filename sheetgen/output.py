"""Where generated files go, and writing them so that a failure leaves nothing behind.

Decisions, each checked by tests/test_output_targets.py:

* Only regular files are written. An -o that names a symbolic link, a named pipe,
  a device or a socket is refused before any work, with the fix in the message.
  Writing through a link would either replace the link with a plain file or write
  somewhere the user did not name; a pipe or a device (/dev/stdout, /dev/null) is
  no place for an atomic rename, which would replace the node itself (as root,
  /dev/null becomes a plain file). Standard output is `-o -`. The check runs again
  just before the final rename, so a target that turned into a link or a pipe
  while we worked is left alone as well.
* A file is written beside its target as `.NAME.<pid>.<random>.part`, synced to
  disk, then renamed over the target: readers see the old file or the new one,
  never part of one. Any failure or Ctrl-C removes the part file.
* A run killed outright (SIGKILL, power cut) cannot clean up, so every write first
  removes part files that earlier runs left for the same target: those whose
  process is gone, and, from versions without a pid in the name, those older than
  an hour. Nothing that does not match our own naming is touched.
* A replaced file keeps its permission bits (a 0600 file stays 0600); a new file
  gets 0666 minus the umask, like any other program's. Owner and group are not
  carried over, and hard links to the old file keep the old content.
* A failed write (full disk, I/O error, closed or broken standard output) raises
  OutputFailed, which the CLI shows as one line with exit code 1.
* One rule for every output: without `force`, an existing file is replaced only
  when it is provably a blank sheetgen PDF (a sheet or setup card nobody has filled
  in or changed since). Anything else may hold a player's work and is kept: a PDF
  with a value in any form field (other than one sheetgen printed there), a PDF
  saved again by a viewer or made by another program, a results file, an export,
  any text. The target is checked before any work and again just before the
  rename. `blank_sheetgen_pdf` decides it from the bytes alone (no pypdf):
  sheetgen's PDFs are one revision, so a value cannot hide;
  anything it cannot be sure of (incremental saves, encryption, escaped names,
  an object stream it cannot unpack, a file too big to scan) counts as holding
  values. Object streams (as sheetgen packs fillable sheets) are unpacked and
  read like the rest.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
import zlib
from pathlib import Path
from typing import Optional, Union

import click

from sheetgen.errors import OutputFailed, StdoutFailed, StdoutGone, UsageProblem

DEFAULT_FOLDER = "output"
STALE_AFTER = 3600  # seconds until a part file without a pid counts as abandoned
PART_SUFFIX = ".part"
_NAME_BYTES = 200  # of the target's name kept in a part file's name, so it stays under NAME_MAX (255)
_LEGACY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # tempfile's random part, used before
_HEX = frozenset("0123456789abcdef")
_STREAM_LINKS = ("/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/fd/", "/proc/self/fd/")
_DISK_ERRNOS = {errno.ENOSPC, errno.EIO, getattr(errno, "EDQUOT", errno.ENOSPC)}


def pdf_target(option: Optional[str], default_name: str, force: bool = False) -> Optional[Path]:
    """The path a PDF goes to, checked before any work is done; None means stdout."""
    if option == "-":
        if sys.stdout is None:
            raise stdout_closed()
        if sys.stdout.isatty():
            raise UsageProblem("-o", "will not write a PDF to the terminal; redirect it or give a file name")
        return None
    path = Path(option) if option else Path(DEFAULT_FOLDER, default_name)
    refuse_unusual(path)
    if path.suffix.lower() != ".pdf":
        raise UsageProblem("-o", f"'{path}' is not a .pdf name; sheets are PDFs (or use -o - for stdout)")
    if not force:
        keep_work(path, pdf=True)
    return check_writable(path, create_folder=option is None)


def keep_work(path: Path, *, pdf: bool) -> None:
    """Refuse to replace `path` (without --force) unless it is missing or, for a PDF output, a
    blank sheetgen PDF: the one rule of the module docstring."""
    if not path.is_file():
        return
    if not pdf:
        raise UsageProblem("-o", f"'{path}' exists; give another name, or add --force to replace it")
    why = blank_sheetgen_pdf(path)
    if why:
        raise UsageProblem("-o", f"'{path}' exists and {why}; give another name, or add --force to replace it")


MAX_SCAN = 64_000_000  # bytes of an existing PDF read to tell whether it is blank; a bigger one is kept
# Patterns, compiled (and cached by `re`) the first time an existing PDF is looked at: most
# commands never replace one, and compiling them all costs every start-up.
_OBJECT = rb"(?s)(?<![0-9])[0-9]+\s+[0-9]+\s+obj\b(.*?)\bendobj"
_VALUE_KEY = rb"/(D?V)(?=[\s/(<\[])\s*"
_STRING = rb"(?s)\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>"  # literal (no bare parentheses) or hex
_FIRST = rb"/First\s+([0-9]{1,9})\b"
_NAME = rb"/[^\s/<>\[\](){}%]*"
_ESCAPED_NAME = rb"/[^\s/<>\[\](){}%]*#[0-9A-Fa-f]{2}"
_UNSURE = (b"/Encrypt", b"/Prev")


def blank_sheetgen_pdf(path: Path) -> Optional[str]:
    """None when the PDF at `path` is provably a sheet sheetgen wrote that holds no one's values
    (so replacing it loses nothing); else why it is kept (see the module docstring)."""
    theirs = "was not written by sheetgen"
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SCAN + 1)
    except OSError:
        return theirs
    if len(data) > MAX_SCAN or not data.startswith(b"%PDF-") or b"/Creator (sheetgen " not in data:
        return theirs
    changed = "may hold values filled in (it was saved again after sheetgen wrote it)"
    if data.count(b"%%EOF") != 1 or data.count(b"startxref") != 1 or any(word in data for word in _UNSURE):
        return changed
    budget = [MAX_SCAN]  # bytes object streams may inflate to, all together
    for found in re.finditer(_OBJECT, data):
        body = found.group(1).split(b"stream", 1)[0]  # the dictionary; a stream's data is no field
        objects = [body]
        if b"/ObjStm" in body:  # objects packed in a compressed stream (as sheetgen packs fillable sheets)
            packed = _unpacked(data, found.start(1) + len(body), body, budget)
            if packed is None:
                return changed
            objects += packed
        for text in objects:
            if re.search(_ESCAPED_NAME, text):
                return changed
            if b"/V" in text and not _printed_value(text):
                return "holds values filled in"
    return None


def _unpacked(data: bytes, at: int, head: bytes, budget: list[int]) -> Optional[list[bytes]]:
    """The objects of the object stream whose data follows `data[at:]` ("stream", a line end),
    each as bytes; None when they cannot be read for sure (then the file counts as changed)."""
    first = re.search(_FIRST, head)
    start = re.match(rb"stream(\r\n|\n)", data[at:at + 8])
    if first is None or start is None or b"/Filter /FlateDecode" not in head or b"DecodeParms" in head:
        return None
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(data[at + start.end():], budget[0] + 1)
    except zlib.error:
        return None
    budget[0] -= len(text)
    if budget[0] < 0 or not inflater.eof:
        return None
    offset = int(first.group(1))
    numbers = text[:offset].split()
    starts = [int(n) for n in numbers[1::2] if n.isdigit()]
    if len(starts) * 2 != len(numbers) or starts != sorted(starts):
        return None
    bounds = [offset + n for n in starts] + [len(text)]
    return [text[bounds[i]:bounds[i + 1]] for i in range(len(starts))]


def _printed_value(body: bytes) -> bool:
    """Whether one object's /V (if any) is empty, an unchecked box, or the very value sheetgen
    printed in the field (its /DV, as a name field printed with --names)."""
    values: dict[bytes, bytes] = {}
    for key in re.finditer(_VALUE_KEY, body):
        rest = body[key.end():]
        token = re.match(_STRING, rest) or re.match(_NAME, rest)
        if token is None or key.group(1) in values:
            return False  # a value of another kind, or two: not what sheetgen writes
        values[key.group(1)] = token.group(0)
    value = values.get(b"V")
    return value in (None, b"/Off", b"()") or value == values.get(b"DV")


def text_target(option: Optional[str], force: bool = False) -> Optional[Path]:
    """The path a text result goes to, checked before any work is done; None means stdout."""
    if option in (None, "-"):
        if sys.stdout is None:
            raise stdout_closed()
        return None
    path = Path(option)
    refuse_unusual(path)
    if not force:
        keep_work(path, pdf=False)
    return check_writable(path)


def check_writable(path: Path, *, create_folder: bool = False) -> Path:
    """Fail early, with the reason, if `path` cannot be written."""
    folder = _folder_of(path)
    refuse_unusual(path)
    if create_folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageProblem("-o", f"cannot create folder '{folder}': {exc.strerror}") from None
    if not folder.exists():
        raise UsageProblem("-o", f"folder '{folder}' does not exist; create it first")
    if not folder.is_dir():
        raise UsageProblem("-o", f"'{folder}' is not a folder")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageProblem("-o", f"no permission to write '{path}'")
    return path


def refuse_unusual(path: Path) -> None:
    """Refuse a target that exists and is not a regular file (see the module docstring)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return  # missing (fine), or a folder problem that check_writable explains
    if stat.S_ISREG(mode):
        return
    if stat.S_ISLNK(mode):
        try:
            mode = os.stat(path).st_mode  # what the link leads to decides the advice
        except OSError:
            mode = stat.S_IFREG  # dangling: the advice for a link to a file fits
        if stat.S_ISREG(mode):
            advice = ("use -o - for standard output" if str(path).startswith(_STREAM_LINKS)
                      else f"give the real path instead ('{os.path.realpath(path)}')")
            raise UsageProblem("-o", f"'{path}' is a symbolic link; {advice}")
    if stat.S_ISDIR(mode):
        raise UsageProblem("-o", f"'{path}' is a folder; give a file name")
    raise UsageProblem("-o", f"'{path}' is not a regular file ({_kind(mode)}); give a file name, "
                             f"or -o - for standard output")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def write_atomic(path: Optional[Path], data: bytes, *, force: Optional[bool] = None) -> None:
    """Write `data` to `path` all at once, or to standard output when `path` is None. `force`
    False: the target is checked again just before it is replaced (`keep_work`), as a file may
    have been saved there while we worked (a viewer, or another run)."""
    if path is None:
        _write_stdout(data)
        return
    folder = _folder_of(path)
    _remove_stale_parts(folder, path.name)
    keep_mode = _existing_mode(path)
    fd, part = _create_part(folder, path.name)
    try:
        try:
            _write_all(fd, data)
            if keep_mode is not None:
                _set_mode(fd, part, keep_mode)
            os.fsync(fd)  # the data is on disk before the rename makes it the target
        finally:
            os.close(fd)
        refuse_unusual(path)  # it may have become a link or a pipe while we worked
        if force is False:
            keep_work(path, pdf=data.startswith(b"%PDF-"))
        os.replace(part, path)
    except BaseException as exc:  # Ctrl-C included: no part file survives us
        _remove_quietly(part)
        if isinstance(exc, OSError):
            raise OutputFailed(f"cannot write '{path}': {_reason(exc)}") from None
        raise


def stdout_failed(exc: OSError) -> StdoutFailed:
    """The error for a write to standard output that did not go through (StdoutGone: a broken pipe)."""
    if exc.errno == errno.EPIPE:
        return StdoutGone("standard output was closed by its reader")
    return StdoutFailed(f"cannot write to standard output: {_reason(exc)}")


def stdout_closed() -> StdoutFailed:
    """The error for a run started with standard output closed (`>&-`)."""
    return stdout_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))


def _write_stdout(data: bytes) -> None:
    if sys.stdout is None:
        raise stdout_closed()
    try:
        sys.stdout.flush()  # text printed earlier comes first
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except OSError as exc:
        raise stdout_failed(exc) from None


def _reason(exc: OSError) -> str:
    return exc.strerror or (os.strerror(exc.errno) if exc.errno else str(exc))


def _folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _existing_mode(path: Path) -> Optional[int]:
    """Permission bits to keep, or None for a new file (os.open then applies the umask)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def _create_part(folder: Path, name: str) -> tuple[int, Path]:
    """Create our part file beside the target; O_EXCL so nothing already there is reused."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(10):
        part = folder / f".{_name_part(name)}.{os.getpid()}.{os.urandom(4).hex()}{PART_SUFFIX}"
        try:
            return os.open(part, flags, 0o666), part
        except FileExistsError:
            continue  # a leftover with our pid and the same random part: draw again
        except OSError as exc:
            message = f"cannot write in '{folder}': {_reason(exc)}"
            if exc.errno in _DISK_ERRNOS:
                raise OutputFailed(message) from None
            raise UsageProblem("-o", message) from None
    raise OutputFailed(f"cannot write in '{folder}': no free name for a temporary file")


def _set_mode(fd: int, part: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)  # by descriptor: the name could be swapped for a link in a shared folder
    else:
        os.chmod(part, mode)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # would loop for ever; a real disk error raises instead
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[written:]


def _name_part(name: str) -> str:
    """The target's name as used in its part files' names, cut short for very long names."""
    raw = os.fsencode(name)
    return name if len(raw) <= _NAME_BYTES else os.fsdecode(raw[:_NAME_BYTES])


def _remove_stale_parts(folder: Path, name: str) -> None:
    """Remove the part files that killed runs left for target `name` in `folder`."""
    prefix = f".{_name_part(name)}."
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return  # only a courtesy: the write itself reports real problems with the folder
    for entry in entries:
        middle = _middle(entry.name, prefix)
        if middle is not None and _abandoned(entry, middle):
            _remove_quietly(entry.path)


def _middle(entry_name: str, prefix: str) -> Optional[str]:
    """What lies between `.NAME.` and `.part`, or None if the name is not one of ours."""
    if not (entry_name.startswith(prefix) and entry_name.endswith(PART_SUFFIX)):
        return None
    middle = entry_name[len(prefix):len(entry_name) - len(PART_SUFFIX)]
    return middle or None


def _abandoned(entry: os.DirEntry[str], middle: str) -> bool:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    pid = _writer_pid(middle)
    if pid is not None:
        return not _process_alive(pid)
    legacy = len(middle) == 8 and set(middle) <= _LEGACY_CHARS
    return legacy and time.time() - info.st_mtime > STALE_AFTER


def _writer_pid(middle: str) -> Optional[int]:
    """The pid in `<pid>.<8 hex digits>`, or None if `middle` is not in that form."""
    pid, dot, token = middle.partition(".")
    if not dot or len(token) != 8 or not set(token) <= _HEX:
        return None
    if not (pid.isascii() and pid.isdigit()) or not 0 < int(pid) < 2**31:
        return None
    return int(pid)


def _process_alive(pid: int) -> bool:
    if pid == os.getpid() or os.name != "posix":  # elsewhere os.kill(pid, 0) would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: alive, someone else's
        return True
    return True


def _remove_quietly(path: "Union[str, Path]") -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def say(text: str, err: bool = False, nl: bool = True) -> None:
    """Print a line (`nl` False: no line end, as a question); on standard output a failed write
    (full disk, broken pipe) is StdoutFailed."""
    if err:
        click.echo(text, err=True, nl=nl)
        return
    if sys.stdout is None:  # started with stdout closed: click.echo would drop the text silently
        raise stdout_closed()
    try:
        click.echo(text, nl=nl)
    except OSError as exc:  # caught before click, which turns a broken pipe into a silent exit
        raise stdout_failed(exc) from None
