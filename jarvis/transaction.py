"""The write protocol: lock -> plan -> journal -> write -> commit -> clear.

Every change jarvis makes to tracked files runs inside `GitStore.transaction()`:

1. lock: the workspace flock is taken first; taking it finishes or undoes whatever an
   interrupted jarvis process left (`recover_journal`);
2. plan: the caller reads (`tx.read`) and picks names (`tx.create`) under the lock, so two
   writers never plan against the same world;
3. journal: before a file changes, `.jarvis/journal.json` records its blob before and after;
4. write: atomic replace, or exclusive create for a new file; a file a person changed since
   the plan read it is refused;
5. commit: exactly the bytes written, built in a temporary index (`GitStore.commit_blobs`);
6. clear: the journal is removed.

A crash at any point leaves a journal the next jarvis process reads: all written and the
commit not landed -> it commits (forward); a half-written plan -> it puts back what was there
(back); files a person touched since are left alone. See adr/0075-write-protocol.md.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, UncommittedEdit, WorkspaceError
from jarvis.fsutil import atomic_write, staged_file
from jarvis.gitstore import GitStore, check_rel_name

JOURNAL = "journal.json"


def blob_id(data: bytes | None) -> str | None:
    """git's object id for a blob of these bytes (None for an absent file)."""
    if data is None:
        return None
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError as exc:
        raise WorkspaceError(f"{path}: is a folder where jarvis expects a file; move it away") from exc


def journal_path(store: GitStore) -> Path:
    return store.root / ".jarvis" / JOURNAL


def safe_target(store: GitStore, rel: str) -> Path:
    """The path for `rel`, refusing symlinks anywhere on the way (they may lead outside)."""
    check_rel_name(rel)
    path = store.root / rel
    current = store.root
    for part in Path(rel).parts:
        current = current / part
        if current.is_symlink():
            shown = current.relative_to(store.root).as_posix()
            raise WorkspaceError(
                f"{shown}: is a symbolic link; jarvis does not write through links "
                "(replace it with a regular file or folder) — nothing was changed"
            )
    return path


def _create_whole(path: Path, data: bytes) -> bool:
    """Create `path` with `data` exclusively and whole: a crash leaves the full file or none.

    The bytes go to a temp file first, then a hard link gives them the name (link fails if the
    name exists, like O_EXCL). False when the name was taken.
    """
    with staged_file(path, data, 0o644) as tmp:
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            return _create_exclusive(path, data)  # a filesystem without hard links
        return True


def _create_exclusive(path: Path, data: bytes) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    return True


@dataclass
class Transaction:
    store: GitStore
    head: str | None
    claimed: dict[str, bytes | None] = field(default_factory=dict)  # bytes when claimed (== HEAD)
    after: dict[str, bytes | None] = field(default_factory=dict)  # what this transaction wrote
    committed: bool = False

    # ------------------------------------------------------------------ plan
    def claim(self, rels: list[str]) -> None:
        """Take paths into the transaction, refusing any a person has changed and not committed."""
        new = [rel for rel in dict.fromkeys(rels) if rel not in self.claimed]
        if not new:
            return
        for rel in new:
            safe_target(self.store, rel)
        self.store.refuse_dirty(new)
        for rel in new:
            self.claimed[rel] = _read_bytes(self.store.root / rel)

    def read(self, rel: str) -> str | None:
        """The text of `rel` as this transaction sees it (None when absent)."""
        self.claim([rel])
        data = self.after[rel] if rel in self.after else self.claimed[rel]
        if data is None:
            return None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{rel}: not UTF-8 (byte {exc.start}); jarvis will not rewrite it — re-save it as UTF-8"
            ) from exc

    def read_bytes(self, rel: str) -> bytes | None:
        """The exact bytes of `rel` as this transaction sees it (None when absent)."""
        self.claim([rel])
        return self.after[rel] if rel in self.after else self.claimed[rel]

    def free_name(self, rel: str) -> str:
        """`rel`, or `<stem>-2<suffix>`, `-3`, … : the first name no file, plan or git entry uses."""
        path = Path(rel)
        n = 1
        candidate = rel
        while True:
            target = self.store.root / candidate
            taken = (
                candidate in self.after
                or target.exists()
                or target.is_symlink()
                or self.store.dirty_paths([candidate])
            )
            if not taken:
                return candidate
            n += 1
            candidate = path.with_name(f"{path.stem}-{n}{path.suffix}").as_posix()

    # ----------------------------------------------------------------- write
    def _check_unchanged(self, rel: str) -> Path:
        path = safe_target(self.store, rel)
        expected = self.after[rel] if rel in self.after else self.claimed[rel]
        if blob_id(_read_bytes(path)) != blob_id(expected):
            raise UncommittedEdit(
                f"{rel}: changed on disk while jarvis was writing it; nothing of yours was overwritten — "
                "run the command again"
            )
        return path

    def _journal(self, rel: str, data: bytes | None, phase: str = "writing", message: str = "") -> None:
        entries = {
            r: {"before": blob_id(self.claimed[r]), "after": blob_id(a)} for r, a in self.after.items()
        }
        entries[rel] = {"before": blob_id(self.claimed[rel]), "after": blob_id(data)}
        write_journal(self.store, self.head, phase, entries, message)

    def write(self, rel: str, text: str | bytes) -> None:
        self.claim([rel])
        path = self._check_unchanged(rel)
        data = text.encode("utf-8") if isinstance(text, str) else text
        self._journal(rel, data)
        try:
            atomic_write(path, data)
        except OSError as exc:
            raise WorkspaceError(
                f"{rel}: cannot write ({exc.strerror}); make the workspace writable"
            ) from exc
        self.after[rel] = data

    def create(self, rel: str, text: str | bytes) -> str:
        """Write a new file exclusively under `rel` or a free variant of it; returns the path used."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        while True:
            rel = self.free_name(rel)
            self.claim([rel])
            path = safe_target(self.store, rel)
            self._journal(rel, data)
            try:
                created = _create_whole(path, data)
            except OSError as exc:
                raise WorkspaceError(
                    f"{rel}: cannot write ({exc.strerror}); make the workspace writable"
                ) from exc
            if not created:
                del self.claimed[rel]  # someone else made it a moment ago: try the next name
                continue
            self.after[rel] = data
            return rel

    def delete(self, rel: str) -> None:
        self.claim([rel])
        path = self._check_unchanged(rel)
        self._journal(rel, None)
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            raise WorkspaceError(
                f"{rel}: cannot delete ({exc.strerror}); make the workspace writable"
            ) from exc
        self.after[rel] = None

    # ---------------------------------------------------------------- commit
    def commit(self, message: str) -> str | None:
        """Commit what this transaction wrote, byte for byte."""
        changes = {
            rel: data for rel, data in self.after.items() if blob_id(data) != blob_id(self.claimed[rel])
        }
        if not changes:
            return None
        entries = {
            r: {"before": blob_id(self.claimed[r]), "after": blob_id(a)} for r, a in self.after.items()
        }
        write_journal(self.store, self.head, "committing", entries, message)
        sha = self.store.commit_blobs(changes, message)
        self.committed = True
        clear_journal(self.store)
        self.claimed.update(changes)
        self.after.clear()
        self.head = self.store.head()
        return sha


def write_journal(
    store: GitStore, head: str | None, phase: str, paths: dict[str, dict[str, str | None]], message: str
) -> None:
    record = {
        "pid": os.getpid(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "head": head,
        "phase": phase,
        "message": message,
        "paths": paths,
    }
    atomic_write(journal_path(store), json.dumps(record, indent=1), mode=0o600)


def clear_journal(store: GitStore) -> None:
    with contextlib.suppress(FileNotFoundError):
        journal_path(store).unlink()


@contextlib.contextmanager
def run_transaction(store: GitStore, rels: list[str]) -> Iterator[Transaction]:
    with store.lock():
        busy = store.is_busy()
        if busy:
            raise UncommittedEdit(
                f"{store.root}: git is in the middle of {busy}; finish or abort it, then run again"
            )
        tx = Transaction(store, store.head())
        tx.claim(rels)
        try:
            yield tx
        except BaseException:
            # Ctrl-C or an error mid-plan: put back what this transaction wrote, as a crash would.
            recover_journal(store, interrupted=True)
            raise
        clear_journal(store)


def _blob(store: GitStore, sha: str) -> bytes:
    return store.git_bytes("cat-file", "blob", sha, what="git cat-file")


def recover_journal(store: GitStore, *, interrupted: bool = False) -> str | None:
    """Finish or undo the write a journal describes; returns what was done, or None."""
    path = journal_path(store)
    try:
        record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        paths: dict[str, dict[str, str | None]] = record["paths"]
    except FileNotFoundError:
        return None
    except (ValueError, KeyError, OSError):
        clear_journal(store)  # unreadable: an atomic write never leaves one; nothing to act on
        return None
    message = str(record.get("message", ""))
    disk = {rel: _read_bytes(store.root / rel) for rel in paths}
    written = all(blob_id(disk[rel]) == entry["after"] for rel, entry in paths.items())
    head = store.head()
    if record.get("phase") == "committing" and head == record.get("head") and written and not interrupted:
        store.commit_blobs(disk, message)
        done = f"finished an interrupted write ({message.splitlines()[0] if message else 'no message'})"
    elif record.get("phase") == "committing" and head != record.get("head") and _landed(store, paths):
        store.sync_index(list(paths))
        done = "finished an interrupted write (its commit had landed)"
    else:
        kept = []
        for rel, entry in paths.items():
            now = blob_id(disk[rel])
            if now == entry["before"]:
                continue
            if now != entry["after"]:
                kept.append(rel)  # changed by someone since: theirs, leave it
                continue
            if entry["before"] is None:
                (store.root / rel).unlink(missing_ok=True)
            else:
                atomic_write(store.root / rel, _blob(store, entry["before"]))
        store.sync_index([rel for rel in paths if rel not in kept])
        done = "undid an interrupted write" + (f" (left {', '.join(kept)} as found)" if kept else "")
    clear_journal(store)
    return done


def _landed(store: GitStore, paths: dict[str, dict[str, str | None]]) -> bool:
    for rel, entry in paths.items():
        out = store.git_bytes("ls-tree", "HEAD", "--", rel).decode().split()
        if (out[2] if len(out) >= 3 else None) != entry["after"]:
            return False
    return True
