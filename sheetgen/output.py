"""Where generated files go, and writing them so that a failure leaves nothing behind."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

from sheetgen.errors import UsageProblem

DEFAULT_FOLDER = Path("output")


def pdf_target(option: Optional[str], default_name: str) -> Optional[Path]:
    """The path a PDF goes to, checked before any work is done; None means stdout."""
    if option == "-":
        if sys.stdout.isatty():
            raise UsageProblem("-o", "will not write a PDF to the terminal; redirect it or give a file name")
        return None
    path = Path(option) if option else DEFAULT_FOLDER / default_name
    if path.is_dir():
        raise UsageProblem("-o", f"'{path}' is a folder; give a file name")
    if path.suffix.lower() != ".pdf":
        raise UsageProblem("-o", f"'{path}' is not a .pdf name; sheets are PDFs (or use -o - for stdout)")
    return check_writable(path, create_folder=option is None)


def text_target(option: Optional[str]) -> Optional[Path]:
    """The path a text result goes to, checked before any work is done; None means stdout."""
    if option in (None, "-"):
        return None
    path = Path(option)
    if path.is_dir():
        raise UsageProblem("-o", f"'{path}' is a folder; give a file name")
    return check_writable(path)


def check_writable(path: Path, *, create_folder: bool = False) -> Path:
    """Fail early, with the reason, if `path` cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise UsageProblem("-o", f"'{path}' is a folder; give a file name")
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


def write_atomic(path: Optional[Path], data: bytes) -> None:
    """Write to a temporary file beside `path` and rename it into place (None: stdout)."""
    if path is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    folder = path.parent if str(path.parent) else Path(".")
    try:
        import tempfile  # only file writes need it; stdout output skips its import cost

        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise UsageProblem("-o", f"cannot write in '{folder}': {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise UsageProblem("-o", f"cannot write '{path}': {exc.strerror}") from None
        raise
