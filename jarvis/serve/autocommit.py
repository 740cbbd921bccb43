"""Autocommit of hand edits: `git log MEMORY.md` shows a person's editor saves too.

Runs only when the person asked for it (they started `jarvis serve`, or `[serve]
autocommit = true`). After a quiet period it commits tracked files a person changed and
new files they created under memory/, as `edit: <files>`. It never commits a
git-ignored file, a symlink, a file still being written (size and mtime must hold
still), anything while git is in the middle of a merge or rebase, a file the person
has staged (their staged work is left exactly as it is), nor a file that looks like it
holds a secret anywhere in it, in any of its plausible encodings (UTF-8, UTF-16/32,
latin-1). The bytes checked are the bytes committed: read once, scanned, hashed and
committed from memory (`GitStore.commit_blobs`), so a write between check and commit
cannot slip a secret in.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jarvis.events import track
from jarvis.gitstore import GitStore
from jarvis.redact import find_secrets, redact
from jarvis.serve.watcher import ignored
from jarvis.workspace import Workspace

SETTLE_PAUSE_S = 0.3
MAX_NAMES_IN_MESSAGE = 5


@dataclass(frozen=True)
class AutocommitResult:
    sha: str | None = None
    files: tuple[str, ...] = ()
    skipped: dict[str, str] = field(default_factory=dict)  # path -> reason
    busy: str | None = None  # the git operation in progress, when nothing was done


def edit_message(files: list[str]) -> str:
    shown = files[:MAX_NAMES_IN_MESSAGE]
    more = len(files) - len(shown)
    return "edit: " + ", ".join(shown) + (f" and {more} more" if more else "")


def _stat(path: os.PathLike[str] | str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_size, st.st_mtime_ns)


def decodings(raw: bytes) -> list[str]:
    """Every plausible reading of a file's bytes, so a secret saved as UTF-16 is still seen."""
    texts = []
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe\x00\x00", "utf-32"),
        (b"\x00\x00\xfe\xff", "utf-32"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if raw.startswith(bom):
            texts.append(raw.decode(codec, errors="replace"))
            break
    texts.append(raw.decode("utf-8", errors="replace"))
    if raw.count(b"\x00") > len(raw) // 4:  # UTF-16 without a BOM: every other byte is NUL
        texts += [raw.decode("utf-16-le", errors="replace"), raw.decode("utf-16-be", errors="replace")]
    texts.append(raw.decode("latin-1"))
    return texts


def secret_kinds(raw: bytes) -> list[str]:
    """Kinds of secrets in these bytes, read every plausible way; the whole file, not a prefix."""
    kinds: list[str] = []
    for text in decodings(raw):
        kinds += [f.kind for f in find_secrets(text)]
    return sorted(set(kinds))


def _candidates(store: GitStore) -> tuple[list[str], dict[str, str]]:
    """Changed tracked files and new files under memory/ that are ours to commit, and why others are not."""
    changed = store.changed_tracked()
    new = [
        p
        for p in store.run(
            "ls-files", "-z", "--others", "--exclude-standard", "--", "memory/", what="git ls-files"
        ).split("\0")
        if p
    ]
    if not changed and not new:
        return [], {}
    staged = set(store.staged())
    git_ignored = {
        p for p in store.run("ls-files", "-z", "--cached", "--ignored", "--exclude-standard").split("\0") if p
    }
    picked: list[str] = []
    skipped: dict[str, str] = {}
    for rel in [*changed, *new]:
        if rel in staged:
            skipped[rel] = "also staged by you: left for your own commit"
        elif rel in git_ignored:
            skipped[rel] = "matches .gitignore"
        elif ignored(rel):
            skipped[rel] = "editor or jarvis state file"
        elif (store.root / rel).is_symlink():
            skipped[rel] = "a symbolic link: commit it yourself"
        elif redact(rel)[0] != rel:
            skipped[rel] = "its file name looks like it holds a secret: rename it"
        else:
            picked.append(rel)
    return picked, skipped


def _check(path: Path, limit: int) -> tuple[bytes | None, str | None]:
    """The bytes to commit (None: deleted), or why not; the bytes checked are the bytes committed."""
    try:
        if path.stat().st_size > limit:
            return None, f"over {limit:,} bytes: commit it yourself"
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"cannot read it ({exc.strerror})"
    kinds = secret_kinds(raw)
    if kinds:
        return None, f"looks like it holds a secret ({', '.join(kinds)}); commit it yourself"
    return raw, None


def commit_hand_edits(
    ws: Workspace, *, min_age_s: float = 2.0, pause_s: float = SETTLE_PAUSE_S
) -> AutocommitResult:
    """Commit the person's settled edits (and new files under memory/) as one `edit: …` commit."""
    store = GitStore(ws.root)
    limit = ws.config.index.max_file_bytes
    with track(ws, "autocommit", "commit") as ev, store.lock():
        busy = store.is_busy()
        if busy:
            ev.detail["busy"] = busy
            return AutocommitResult(busy=busy)
        picked, skipped = _candidates(store)
        if not picked:
            ev.counts.update(files=0, skipped=len(skipped))
            return AutocommitResult(skipped=skipped)
        before = {rel: _stat(ws.root / rel) for rel in picked}
        time.sleep(pause_s)
        now_ns = time.time_ns()
        changes: dict[str, bytes | None] = {}
        for rel in picked:
            current = _stat(ws.root / rel)
            if current != before[rel]:
                skipped[rel] = "still being written"
            elif current is not None and now_ns - current[1] < min_age_s * 1e9:
                skipped[rel] = "changed moments ago"
            else:
                data, why = _check(ws.root / rel, limit)
                if why:
                    skipped[rel] = why
                elif data is not None and _stat(ws.root / rel) != current:
                    skipped[rel] = "still being written"  # changed while it was read
                else:
                    changes[rel] = data
        if store.is_busy() or not changes:
            ev.counts.update(files=0, skipped=len(skipped))
            return AutocommitResult(skipped=skipped, busy=store.is_busy())
        ready = sorted(changes)
        sha = store.commit_blobs(changes, edit_message(ready))
        ev.counts.update(files=len(ready), skipped=len(skipped))
        ev.detail["files"] = ready[:50]
        return AutocommitResult(sha=sha, files=tuple(ready), skipped=skipped)


class AutoCommitter:
    """Runs `commit_hand_edits` once the workspace has been quiet for `quiet_s`."""

    def __init__(
        self,
        ws: Workspace,
        quiet_s: float,
        commit: Callable[[], AutocommitResult] | None = None,
    ) -> None:
        self.ws = ws
        self.quiet_s = quiet_s
        self._commit = commit or (lambda: commit_hand_edits(ws, min_age_s=min(quiet_s, 2.0)))
        self._cond = threading.Condition()
        self._due: float | None = None
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.stats: dict[str, Any] = {
            "enabled": True,
            "quiet_s": quiet_s,
            "commits": 0,
            "last_commit": None,
            "last_files": [],
            "last_skipped": {},
            "last_check": None,
            "errors": 0,
            "last_error": None,
        }

    def poke(self) -> None:
        """Something changed: check again after `quiet_s` without further pokes."""
        with self._cond:
            self._due = time.monotonic() + self.quiet_s
            self._cond.notify()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="jarvis-autocommit", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def health(self) -> dict[str, Any]:
        with self._cond:
            return dict(self.stats)

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._stopping and (self._due is None or time.monotonic() < self._due):
                    timeout = None if self._due is None else self._due - time.monotonic()
                    self._cond.wait(timeout)
                if self._stopping:
                    return
                self._due = None
            self._run_once()

    def _run_once(self) -> None:
        try:
            result = self._commit()
        except Exception as exc:
            with self._cond:
                self.stats["errors"] += 1
                self.stats["last_error"] = f"{type(exc).__name__}: {exc}"
                self._due = self._due or time.monotonic() + max(self.quiet_s, 5.0)
            return
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._cond:
            self.stats["last_check"] = now
            self.stats["last_skipped"] = dict(result.skipped)
            if result.sha:
                self.stats["commits"] += 1
                self.stats["last_commit"] = now
                self.stats["last_files"] = list(result.files)
            retry = result.busy is not None or any(
                reason in ("still being written", "changed moments ago") for reason in result.skipped.values()
            )
            if retry and self._due is None:
                self._due = time.monotonic() + max(self.quiet_s, 1.0)
