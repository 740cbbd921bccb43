"""File I/O at the boundary: one atomic write helper and one careful text reader."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from jarvis.errors import InputError

BINARY_NUL_RATIO = 0.01


@contextlib.contextmanager
def staged_file(path: Path, payload: bytes, mode: int) -> Iterator[str]:
    """A synced temp file beside `path` holding `payload`; removed afterwards unless renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        yield tmp
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def atomic_write(path: Path, data: str | bytes, mode: int | None = None) -> None:
    """Write `data` to `path` so readers see the old or the new file, never half of one."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if mode is None:
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    with staged_file(path, payload, mode) as tmp:
        os.replace(tmp, path)


def decode_text(raw: bytes, name: str) -> tuple[str, list[str]]:
    """Decode file bytes as UTF-8 text.

    Returns (text, warnings). Strips a BOM, normalises CRLF to LF and drops stray
    NUL bytes (with a warning). Raises InputError for binary or non-UTF-8 data.
    """
    warnings: list[str] = []
    nuls = raw.count(b"\x00")
    # A stray NUL or two is damage in a text file; many of them mean binary data.
    if raw and ((nuls > 8 and nuls / len(raw) > BINARY_NUL_RATIO) or nuls / len(raw) > 0.3):
        raise InputError(
            f"{name}: looks binary; skipped (move it out of the workspace or add it to [index] exclude)"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name}: not UTF-8 (byte {exc.start}); skipped (re-save it as UTF-8, e.g. iconv -t UTF-8)"
        ) from exc
    if text.startswith("\ufeff"):
        text = text[1:]
    if nuls:
        text = text.replace("\x00", "")
        warnings.append(f"{name}: {nuls} NUL byte(s) ignored")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, warnings


def read_text(path: Path, max_bytes: int, name: str | None = None) -> tuple[str, list[str]]:
    """Read a text file with a size bound. See `decode_text` for the rules."""
    label = name or str(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"{label}: cannot read ({exc.strerror})") from exc
    if size > max_bytes:
        raise InputError(
            f"{label}: {size:,} bytes is over the {max_bytes:,}-byte limit; skipped "
            "(split the file or raise [index] max_file_bytes in jarvis.toml)"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{label}: cannot read ({exc.strerror})") from exc
    return decode_text(raw, label)
