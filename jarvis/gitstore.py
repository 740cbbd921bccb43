"""The git store: the only module that imports gitpython.

Every change jarvis makes to tracked files goes through `GitStore.transaction`:
take the workspace lock, make sure the person has no uncommitted edit in the
files about to change, write them atomically, commit exactly those paths.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jarvis.errors import GitError, LockBusy, UncommittedEdit, WorkspaceError
from jarvis.fsutil import atomic_write

DEFAULT_IDENTITY = ("jarvis", "jarvis@localhost")
LOCK_TIMEOUT_S = 30.0


def _git() -> Any:
    os.environ.setdefault("GIT_PYTHON_REFRESH", "quiet")
    import git

    return git


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    date: datetime
    author: str
    message: str
    files: tuple[str, ...]


def _fail(what: str, exc: Exception) -> GitError:
    git = _git()
    if isinstance(exc, git.exc.GitCommandNotFound):
        return GitError(
            "git is not installed or not on PATH; install it (e.g. apt-get install git) and run again"
        )
    if isinstance(exc, git.exc.GitCommandError):
        stderr = (exc.stderr or "").strip().replace("\n", " ")
        if "index.lock" in stderr:
            return GitError(
                f"{what}: .git/index.lock exists (another git process, or one that crashed); "
                "if no git command is running, delete .git/index.lock and run again"
            )
        return GitError(f"{what}: `git {' '.join(str(a) for a in exc.command[1:])}` failed: {stderr}")
    return GitError(f"{what}: {exc}")


class GitStore:
    def __init__(self, root: Path):
        self.root = root
        git = _git()
        try:
            self.repo: Any = git.Repo(root)
        except git.exc.InvalidGitRepositoryError as exc:
            raise WorkspaceError(f"{root}: not a git repository; run `jarvis init --adopt {root}`") from exc
        except git.exc.NoSuchPathError as exc:
            raise WorkspaceError(f"{root}: does not exist") from exc
        except Exception as exc:  # GitCommandNotFound and friends
            raise _fail("open repository", exc) from exc

    # ----------------------------------------------------------------- setup
    @classmethod
    def init(cls, root: Path) -> GitStore:
        git = _git()
        try:
            git.Repo.init(root, initial_branch="main")
        except TypeError:  # very old git without --initial-branch
            git.Repo.init(root)
        except Exception as exc:
            raise _fail("git init", exc) from exc
        return cls(root)

    def _env(self) -> dict[str, str]:
        """Author env when the person has no git identity configured."""
        try:
            reader = self.repo.config_reader()
            name = reader.get_value("user", "name", default="")
            email = reader.get_value("user", "email", default="")
        except Exception:
            name = email = ""
        env: dict[str, str] = {}
        if not name:
            env["GIT_AUTHOR_NAME"] = env["GIT_COMMITTER_NAME"] = DEFAULT_IDENTITY[0]
        if not email:
            env["GIT_AUTHOR_EMAIL"] = env["GIT_COMMITTER_EMAIL"] = DEFAULT_IDENTITY[1]
        return env

    def run(self, *args: str, what: str = "git") -> str:
        """Run a git command in the workspace; raise GitError with its stderr."""
        try:
            with self.repo.git.custom_environment(**self._env()):
                return str(self.repo.git.execute(["git", *args]))
        except Exception as exc:
            raise _fail(what, exc) from exc

    # ------------------------------------------------------------------ lock
    @contextlib.contextmanager
    def lock(self, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
        """Exclusive workspace lock (flock: released by the kernel if the process dies)."""
        state = self.root / ".jarvis"
        try:
            state.mkdir(exist_ok=True)
            fd = os.open(state / "lock", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise WorkspaceError(
                f"{state}: cannot create the lock file ({exc.strerror}); make the workspace writable"
            ) from exc
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "unknown"
                        raise LockBusy(
                            f"{state / 'lock'}: held by another jarvis process (pid {holder}) for over "
                            f"{timeout:.0f} s; wait for it or stop it"
                        ) from None
                    time.sleep(0.05)
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
            yield
        finally:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    # ----------------------------------------------------------------- state
    def head(self) -> str | None:
        try:
            return self.repo.head.commit.hexsha
        except ValueError:
            return None

    def is_busy(self) -> str | None:
        """Name the git operation in progress (merge, rebase, …) or None."""
        gitdir = Path(self.repo.git_dir)
        for marker, name in (
            ("MERGE_HEAD", "a merge"),
            ("rebase-merge", "a rebase"),
            ("rebase-apply", "a rebase"),
            ("CHERRY_PICK_HEAD", "a cherry-pick"),
            ("REVERT_HEAD", "a revert"),
            ("BISECT_LOG", "a bisect"),
        ):
            if (gitdir / marker).exists():
                return name
        return None

    def dirty_paths(self, paths: Iterable[str]) -> list[str]:
        """Of `paths`, those whose working tree or index differs from HEAD (or are untracked)."""
        rels = sorted(set(paths))
        if not rels:
            return []
        out = self.run(
            "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", *rels, what="git status"
        )
        dirty: list[str] = []
        entries = out.split("\0")
        i = 0
        while i < len(entries):
            entry = entries[i]
            i += 1
            if len(entry) < 4:
                continue
            status, path = entry[:2], entry[3:]
            if status[0] in "RC":
                i += 1  # the rename source follows
            dirty.append(path)
        return dirty

    def changed_tracked(self) -> list[str]:
        """Tracked files modified or deleted in the working tree (not staged by the person)."""
        out = self.run("diff", "--name-only", "-z", what="git diff")
        return [p for p in out.split("\0") if p]

    def staged(self) -> list[str]:
        out = self.run("diff", "--cached", "--name-only", "-z", what="git diff --cached")
        return [p for p in out.split("\0") if p]

    # ---------------------------------------------------------------- commit
    def commit_paths(self, rels: Iterable[str], message: str) -> str | None:
        """Commit exactly `rels` (added, changed or deleted); other staged work is untouched.

        Returns the new commit sha, or None when nothing changed.
        """
        rels = sorted(set(rels))
        if not rels:
            return None
        self.run("add", "-A", "--", *rels, what="git add")
        if not self.run("diff", "--cached", "--name-only", "--", *rels, what="git diff"):
            return None
        self.run("commit", "-q", "--only", "-m", message, "--", *rels, what="git commit")
        return self.head()

    @contextlib.contextmanager
    def transaction(self, rels: Iterable[str], *, allow_dirty: bool = False) -> Iterator[Transaction]:
        """Lock, refuse to overwrite a person's uncommitted edit, then let the caller write and commit.

        If the block raises, the files it wrote that were clean before are put back as
        they were, so a failed operation never leaves half of its writes behind.
        """
        with self.lock():
            busy = self.is_busy()
            if busy:
                raise UncommittedEdit(
                    f"{self.root}: git is in the middle of {busy}; finish or abort it, then run again"
                )
            tx = Transaction(self, [], allow_dirty=allow_dirty)
            tx.claim(list(rels))
            try:
                yield tx
            except BaseException:
                self._restore(sorted(tx.written & tx.clean))
                raise

    def refuse_dirty(self, rels: list[str]) -> None:
        dirty = self.dirty_paths(rels)
        if dirty:
            raise UncommittedEdit(
                f"{', '.join(dirty)}: has uncommitted edits; commit them first "
                f"(git -C {self.root} commit {' '.join(dirty)}) — nothing was changed"
            )

    def _restore(self, rels: list[str]) -> None:
        """Put files that were clean back to their committed state (or remove them if new)."""
        if not rels:
            return
        tracked = set()
        if self.head() is not None:
            out = self.run("ls-tree", "-z", "--name-only", "HEAD", "--", *rels, what="git ls-tree")
            tracked = {p for p in out.split("\0") if p}
            if tracked:
                self.run("checkout", "HEAD", "--", *sorted(tracked), what="git checkout")
        for rel in rels:
            if rel not in tracked:
                with contextlib.suppress(OSError):
                    (self.root / rel).unlink()

    # --------------------------------------------------------------- history
    def log(self, path: str | None = None, limit: int = 50) -> list[CommitInfo]:
        if self.head() is None:
            return []
        args = ["log", f"-n{limit}", "--name-only", "--format=%x1e%H%x1f%aI%x1f%an%x1f%B%x1f"]
        if path:
            args += ["--follow", "--", path]
        out = self.run(*args, what="git log")
        commits: list[CommitInfo] = []
        for record in out.split("\x1e"):
            if not record.strip():
                continue
            sha, when, author, message, files = record.split("\x1f", 4)
            commits.append(
                CommitInfo(
                    sha=sha.strip(),
                    date=datetime.fromisoformat(when.strip()).astimezone(UTC),
                    author=author,
                    message=message.strip(),
                    files=tuple(f for f in files.strip().splitlines() if f),
                )
            )
        return commits

    # ------------------------------------- plumbing: branches without checkout
    def raw(
        self, *args: str, env: dict[str, str] | None = None, ok: tuple[int, ...] = (0,)
    ) -> tuple[int, bytes]:
        """Run git and return (status, exact stdout bytes); a status outside `ok` raises GitError."""
        try:
            with self.repo.git.custom_environment(**self._env(), **(env or {})):
                status, out, err = self.repo.git.execute(
                    ["git", *args],
                    with_extended_output=True,
                    with_exceptions=False,
                    stdout_as_string=False,
                    strip_newline_in_stdout=False,
                )
        except Exception as exc:
            raise _fail(f"git {args[0]}", exc) from exc
        if status not in ok:
            text = err.decode(errors="replace") if isinstance(err, bytes) else str(err)
            raise GitError(f"`git {' '.join(args)}` failed: {text.strip()}")
        return status, out if isinstance(out, bytes) else str(out).encode()

    def show_file(self, rev: str, rel: str) -> str | None:
        """The text of `rel` at `rev`, or None when the file does not exist there."""
        status, out = self.raw("cat-file", "blob", f"{rev}:{rel}", ok=(0, 128))
        return out.decode("utf-8", errors="replace") if status == 0 else None

    def commit_file(self, parent: str, rel: str, text: str | None, message: str) -> str:
        """A new commit: `parent`'s tree with `rel` set to `text` (or removed when None).

        Built with a temporary index, so the person's HEAD, index and working tree are untouched.
        """
        git_dir = Path(self.repo.git_dir)
        with tempfile.TemporaryDirectory(dir=git_dir, prefix="jarvis-") as tmp:
            env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
            self.raw("read-tree", parent, env=env)
            if text is None:
                self.raw("update-index", "--force-remove", "--", rel, env=env)
            else:
                blob_path = Path(tmp) / "blob"
                blob_path.write_bytes(text.encode("utf-8"))
                blob = self.raw("hash-object", "-w", f"--path={rel}", str(blob_path))[1].decode().strip()
                mode = self.raw("ls-tree", parent, "--", rel)[1].decode().split(" ", 1)[0] or "100644"
                self.raw("update-index", "--add", "--cacheinfo", f"{mode},{blob},{rel}", env=env)
            tree = self.raw("write-tree", env=env)[1].decode().strip()
            msg_path = Path(tmp) / "message"
            msg_path.write_bytes(message.encode("utf-8"))
            return self.raw("commit-tree", tree, "-p", parent, "-F", str(msg_path))[1].decode().strip()

    def refs(self, prefix: str) -> dict[str, str]:
        """{ref name: commit sha} for refs under `prefix` (e.g. refs/heads/proposals/)."""
        out = self.raw("for-each-ref", "--format=%(refname) %(objectname)", prefix)[1].decode()
        return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)

    def set_ref(self, ref: str, sha: str, old: str | None = None) -> None:
        """Point `ref` at `sha`; with `old` ("" = must not exist yet) only if it still holds that."""
        self.raw("update-ref", "-m", "jarvis", ref, sha, *([] if old is None else [old]))

    def delete_ref(self, ref: str) -> None:
        self.raw("update-ref", "-d", ref)

    def merge_text(self, base: str, ours: str, theirs: str) -> tuple[str, int]:
        """Three-way merge of file texts (`git merge-file`): (merged text, number of conflicts)."""
        with tempfile.TemporaryDirectory(dir=Path(self.repo.git_dir), prefix="jarvis-") as tmp:
            paths = []
            for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
                path = Path(tmp) / name
                path.write_bytes(text.encode("utf-8"))
                paths.append(str(path))
            status, out = self.raw("merge-file", "-p", *paths, ok=tuple(range(128)))
        return out.decode("utf-8", errors="replace"), status

    def remotes(self) -> list[str]:
        return self.run("remote", what="git remote").split()

    def filter_repo(self, *args: str) -> str:
        """Run git-filter-repo (the PyPI package) on the workspace; returns its output."""
        proc = subprocess.run(
            [sys.executable, "-m", "git_filter_repo", *args],
            cwd=self.root,
            capture_output=True,
            text=True,
            env={**os.environ, **self._env()},
            check=False,
        )
        if proc.returncode != 0:
            detail = (proc.stderr or proc.stdout).strip().replace("\n", " ")
            raise GitError(f"git filter-repo failed: {detail}")
        return proc.stdout


@dataclass
class Transaction:
    store: GitStore
    rels: list[str]
    allow_dirty: bool = False
    clean: set[str] = field(default_factory=set)  # checked free of the person's edits
    written: set[str] = field(default_factory=set)

    def claim(self, rels: list[str]) -> None:
        """Take paths into the transaction, refusing any with an uncommitted edit."""
        new = [rel for rel in rels if rel not in self.rels]
        if not self.allow_dirty:
            self.store.refuse_dirty(new)
            self.clean.update(new)
        self.rels.extend(new)

    def write(self, rel: str, text: str) -> None:
        self.claim([rel])
        path = self.store.root / rel
        self.written.add(rel)
        try:
            atomic_write(path, text)
        except OSError as exc:
            raise WorkspaceError(
                f"{rel}: cannot write ({exc.strerror}); make the workspace writable"
            ) from exc

    def delete(self, rel: str) -> None:
        self.claim([rel])
        self.written.add(rel)
        try:
            (self.store.root / rel).unlink(missing_ok=True)
        except OSError as exc:
            raise WorkspaceError(
                f"{rel}: cannot delete ({exc.strerror}); make the workspace writable"
            ) from exc

    def commit(self, message: str) -> str | None:
        return self.store.commit_paths(self.rels, message)
