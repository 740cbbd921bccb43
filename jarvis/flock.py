"""File locks with a named holder: the workspace lock and the index lock share this.

The holder writes `pid start-time` into the lock file; a waiter gives up at once when that
process is stopped (`kill -STOP`) and after `timeout` seconds otherwise. The kernel drops a
dead holder's flock, so a lock file left on disk never blocks anyone.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class Holder:
    pid: str
    since: str
    stopped: bool

    @property
    def text(self) -> str:
        return f"{self.pid} {self.since}"


def process_state(pid: str) -> str | None:
    """The kernel's one-letter state of a process (R, S, T stopped, Z …), or None when unknown."""
    try:
        stat = Path(f"/proc/{int(pid)}/stat").read_text()
    except (OSError, ValueError):
        return None
    fields = stat.rsplit(")", 1)[-1].split()
    return fields[0] if fields else None


def _read_holder(fd: int) -> Holder:
    pid, since = [*os.pread(fd, 128, 0).decode(errors="replace").split(), "unknown", "?"][:2]
    return Holder(pid, since, process_state(pid) == "T")


def holder(path: Path) -> Holder | None:
    """Who holds the lock at `path`, or None when nobody does."""
    if not path.exists():
        return None
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _read_holder(fd)
    finally:
        os.close(fd)
    return None


@contextlib.contextmanager
def exclusive(path: Path, timeout: float, busy: Callable[[Holder, bool], Exception]) -> Iterator[None]:
    """Hold the lock at `path`; `busy(holder, timed_out)` is raised for a stopped holder or a timeout."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                current = _read_holder(fd)
                if current.stopped or time.monotonic() > deadline:
                    raise busy(current, not current.stopped) from None
                time.sleep(0.05)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {datetime.now(UTC).isoformat(timespec='seconds')}".encode(), 0)
        yield
    finally:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
