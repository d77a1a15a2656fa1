"""SHA-256 for the commands that draw nothing, without loading OpenSSL.

`hashlib` links OpenSSL's libcrypto when it is imported, which costs a start-up
several milliseconds for the few kilobytes sheetgen hashes (rule data, random
streams, setup codes). CPython also ships its own SHA-256 as a small built-in
module (`_sha256` up to 3.11, `_sha2` from 3.12); it gives the same digests, so
it is used when present and `hashlib` only when it is not (a build without it).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable


def _constructor() -> Callable[..., Any]:
    for name in ("_sha2", "_sha256"):
        try:
            return getattr(importlib.import_module(name), "sha256")
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256  # pragma: no cover - a Python built without its own hashes

    return sha256


sha256: Callable[..., Any] = _constructor()
