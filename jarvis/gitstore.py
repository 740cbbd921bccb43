"""The git store: the only module that imports gitpython.

Every change jarvis makes to tracked files goes through `GitStore.transaction`:
take the workspace lock, make sure the person has no uncommitted edit in the
files about to change, write them atomically, commit exactly those paths.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jarvis import flock
from jarvis.errors import GitError, LockBusy, UncommittedEdit, WorkspaceError
from jarvis.flock import Holder
from jarvis.redact import redact

if TYPE_CHECKING:
    from jarvis.transaction import Transaction

DEFAULT_IDENTITY = ("jarvis", "jarvis@localhost")
LOCK_TIMEOUT_S = 30.0
INDEX_LOCK_RETRIES = 12


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
        said = stderr or f"exit status {exc.status} and no message"
        return GitError(f"{what}: `git {' '.join(str(a) for a in exc.command[1:])}` failed: {said}")
    return GitError(f"{what}: {exc}")


_LOCK_ERROR = re.compile(r"Unable to create '([^']+\.lock)': File exists")
_READ_ONLY_GIT = frozenset(
    [
        "cat-file",
        "rev-parse",
        "log",
        "show",
        "ls-tree",
        "ls-files",
        "for-each-ref",
        "rev-list",
        "hash-object",
        "commit-tree",
        "merge-file",
        "fetch",
        "push",
        "config",
        "remote",
        "var",
        "version",
        "help",
        "blame",
        "grep",
        "reflog",
    ]
)


# Commands `GitStore.run` may repeat after a silent failure: they only read.
_QUERIES = frozenset(["diff", "diff-tree", "status", "ls-files", "log", "rev-list", "reflog", "check-ignore"])


def _git_subcommand(argv: list[str]) -> str:
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in ("-c", "-C", "--git-dir", "--work-tree", "--namespace"):
            i += 2
            continue
        if arg.startswith("-"):
            i += 1
            continue
        return arg
    return ""


def stale_git_lock(root: Path, lock: Path, min_age_s: float = 1.0) -> bool:
    """True when `lock` is old and no git process that could own it runs in this repository.

    Linux only (/proc); elsewhere a lock counts as stale after ten minutes.
    """
    try:
        age = time.time() - lock.stat().st_mtime
    except OSError:
        return False
    if age < min_age_s:
        return False
    proc = Path("/proc")
    if not (proc / "self").is_dir():
        return age > 600
    real_root = root.resolve()
    me = os.getpid()
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            if not argv or not Path(argv[0].decode(errors="replace")).name.startswith("git"):
                continue
            if _git_subcommand([a.decode(errors="replace") for a in argv if a]) in _READ_ONLY_GIT:
                continue
            cwd = Path(os.readlink(entry / "cwd"))
        except OSError:
            continue
        if cwd == real_root or real_root in cwd.parents:
            return False
    return True


def check_rel_name(rel: str) -> None:
    """Refuse a path jarvis must never write: outside the workspace, inside .git/, or holding a secret."""
    parts = Path(rel).parts
    if any(ord(c) < 32 or c == "\x7f" for c in rel):
        raise WorkspaceError(f"{rel!r}: control characters in a file name; rename the file")
    if not rel or Path(rel).is_absolute() or ".." in parts or (parts and parts[0] == ".git"):
        raise WorkspaceError(f"{rel}: not a path inside the workspace; nothing was changed")
    clean = redact(rel)[0]
    if clean != rel:
        raise WorkspaceError(f"{clean}: this file name looks like it holds a secret; rename the file")


def git_in(root: Path, *args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    """`git -C root ARGS` as text with its exit status (see `GitStore.text`)."""
    return GitStore(root).text(*args, check=check)


def merge_file(base: str, ours: str, theirs: str, scratch: Path | None = None) -> tuple[str, int]:
    """git's line merge of three texts (`git merge-file -p`): (merged text, number of conflicts).

    Needs no repository; `scratch` is where the three temporary files go.
    """
    with tempfile.TemporaryDirectory(dir=scratch, prefix="jarvis-") as tmp:
        paths = []
        for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            path = Path(tmp) / name
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
            paths.append(str(path))
        proc = subprocess.run(["git", "merge-file", "-p", *paths], capture_output=True)
    if proc.returncode < 0 or proc.returncode > 127:
        raise GitError(f"git merge-file failed: {proc.stderr.decode(errors='replace').strip()}")
    return proc.stdout.decode("utf-8", errors="surrogateescape"), proc.returncode


class GitStore:
    def __init__(self, root: Path):
        self.root = root
        self.last_recovery: str | None = None
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

    def text(self, *args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
        """`git ARGS` here, as text, exit status and stderr kept for the caller to read (sync's
        fetch/merge/push plumbing); the same identity fallback as every jarvis commit."""
        env = {**os.environ, **self._env()}
        proc = subprocess.run(["git", "-C", str(self.root), *args], capture_output=True, text=True, env=env)
        if check and proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
            raise GitError(f"{self.root}: git {args[0]} failed: {last}")
        return proc

    def run(self, *args: str, what: str = "git") -> str:
        """Run a git command in the workspace; raise GitError with its stderr.

        A query that reads (diff, status, ls-files, log, ...) and fails without a word is run
        again, twice at most: git reading a file another process is rewriting can die that way,
        and the next look sees a settled file. A failure with a message is reported at once."""
        git = _git()
        for attempt in range(3):
            try:
                with self.repo.git.custom_environment(**self._env()):
                    return str(self.repo.git.execute(["git", *args]))
            except git.exc.GitCommandError as exc:
                silent = not (exc.stderr or "").strip()
                if not (silent and args and args[0] in _QUERIES) or attempt == 2:
                    raise _fail(what, exc) from exc
                time.sleep(0.05 * (attempt + 1))
            except Exception as exc:
                raise _fail(what, exc) from exc
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ lock
    @contextlib.contextmanager
    def lock(self, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
        """Exclusive workspace lock (flock: released by the kernel if the process dies).

        Taking it first finishes or undoes a write that a killed jarvis process left behind.
        """
        from jarvis.transaction import recover_journal

        state = self.root / ".jarvis"
        path = state / "lock"
        try:
            state.mkdir(exist_ok=True)
            path.touch(mode=0o600, exist_ok=True)
        except OSError as exc:
            raise WorkspaceError(
                f"{state}: cannot create the lock file ({exc.strerror}); make the workspace writable"
            ) from exc

        def busy(holder: Holder, timed_out: bool) -> LockBusy:
            if not timed_out:
                return LockBusy(
                    f"{path}: held by a stopped jarvis process (pid and start: {holder.text}); "
                    f"resume it (kill -CONT {holder.pid}) or end it (kill {holder.pid})"
                )
            return LockBusy(
                f"{path}: held by another jarvis process (pid and start: {holder.text}) "
                f"for over {timeout:.0f} s; wait for it, or stop that process"
            )

        with flock.exclusive(path, timeout, busy):
            self.last_recovery = recover_journal(self)
            yield

    # ----------------------------------------------------------------- state
    def head(self) -> str | None:
        """HEAD's commit sha, or None before the first commit (a plain git call: no lingering process)."""
        proc = self.spawn("rev-parse", "--verify", "-q", "HEAD")
        return proc.stdout.decode().strip() or None if proc.returncode == 0 else None

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
            "--literal-pathspecs",
            "status",
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--",
            *rels,
            what="git status",
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
    def git_bytes(
        self, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, what: str = "git"
    ) -> bytes:
        """Run git with exact bytes in and out; waits out a busy `.git/index.lock` briefly."""
        for attempt in range(INDEX_LOCK_RETRIES):
            proc = self.spawn(*args, stdin=stdin, env=env)
            if proc.returncode == 0:
                return proc.stdout
            err = proc.stderr.decode(errors="replace").strip().replace("\n", " ")
            lock = self.lock_in(err)
            if lock is None:
                raise GitError(f"{what}: `git {' '.join(args)}` failed: {err}")
            if attempt == INDEX_LOCK_RETRIES - 1:
                raise GitError(
                    f"{what}: {lock} is held by another git process; "
                    "wait for it to finish (or run `jarvis doctor --fix` if none is running)"
                )
            self.wait_git_lock(lock, attempt)
        raise AssertionError("unreachable")

    def lock_in(self, err: str) -> Path | None:
        """The git lock file an error message complains about (index.lock, HEAD.lock, a ref's .lock)."""
        match = _LOCK_ERROR.search(err)
        if match:
            return Path(match.group(1))
        return self.git_dir / "index.lock" if "index.lock" in err else None

    def spawn(
        self, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[bytes]:
        """One git process, its exit status left to the caller."""
        try:
            return subprocess.run(
                ["git", *args],
                cwd=self.root,
                input=stdin,
                capture_output=True,
                # jarvis names exact files: a file called `*.md` is that one file, not a glob
                env={**os.environ, **self._env(), "GIT_LITERAL_PATHSPECS": "1", **(env or {})},
                check=False,
            )
        except FileNotFoundError as exc:
            raise GitError(
                "git is not installed or not on PATH; install it (e.g. apt-get install git) and run again"
            ) from exc

    @property
    def git_dir(self) -> Path:
        return Path(self.repo.git_dir)

    def wait_git_lock(self, lock: Path, attempt: int) -> None:
        """Back off while another git holds `lock`; remove it when no git process is alive to own it."""
        if lock.exists() and stale_git_lock(self.root, lock):
            with contextlib.suppress(OSError):
                lock.unlink()
            return
        time.sleep(min(0.02 * 2**attempt, 0.5))

    def wait_index_unlocked(self) -> None:
        """Give a running git command holding index.lock a few seconds to finish."""
        lock = self.git_dir / "index.lock"
        for attempt in range(INDEX_LOCK_RETRIES - 1):
            if not lock.exists():
                return
            self.wait_git_lock(lock, attempt)

    def commit_blobs(self, changes: Mapping[str, bytes | None], message: str) -> str | None:
        """Commit exactly these bytes for these paths (None deletes) on top of HEAD.

        The commit is built in a temporary index and HEAD moves by compare-and-swap, so the
        person's index is never half-updated and the bytes committed are the bytes given, not
        whatever the file holds by then. Returns the new commit sha, or None when nothing changed.
        """
        for rel in changes:
            check_rel_name(rel)
        clean_message = redact(message)[0]
        for _ in range(5):
            head = self.head()
            with tempfile.TemporaryDirectory(dir=self.git_dir, prefix="jarvis-") as tmp:
                env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
                if head:
                    self.git_bytes("read-tree", head, env=env, what="git read-tree")
                lines = []
                blobs = self._hash_blobs(Path(tmp), [data for data in changes.values() if data is not None])
                modes = self._modes(head, list(changes))
                for rel, data in changes.items():
                    if data is None:
                        lines.append(f"0 {'0' * 40}\t{rel}")
                    else:
                        lines.append(f"{modes.get(rel, '100644')} {blobs.pop(0)}\t{rel}")
                self.git_bytes(
                    "update-index", "--index-info", stdin=("\n".join(lines) + "\n").encode(), env=env
                )
                tree = self.git_bytes("write-tree", env=env, what="git write-tree").decode().strip()
            if head and tree == self.git_bytes("rev-parse", f"{head}^{{tree}}").decode().strip():
                self.sync_index(list(changes))
                return None
            parents = ["-p", head] if head else []
            sha = (
                self.git_bytes("commit-tree", tree, *parents, stdin=clean_message.encode("utf-8"))
                .decode()
                .strip()
            )
            subject = clean_message.splitlines()[0] if clean_message else ""
            self.wait_index_unlocked()  # a person's `git commit` in progress moves HEAD itself
            moved = self._move_head(sha, head, subject)
            if not moved:
                continue
            self.sync_index(list(changes))
            return sha
        raise GitError(f"{self.root}: HEAD kept moving while jarvis committed; run again")

    def _move_head(self, sha: str, head: str | None, subject: str) -> bool:
        """Compare-and-swap HEAD to `sha`; False when HEAD moved meanwhile (the caller rebuilds)."""
        try:
            self.git_bytes("update-ref", "-m", f"commit: {subject}", "HEAD", sha, head or "0" * 40)
        except GitError:
            if self.head() != head:
                return False
            raise
        return True

    def _hash_blobs(self, tmp: Path, payloads: list[bytes]) -> list[str]:
        """Write these bytes as blobs in one git process; their ids in order."""
        if not payloads:
            return []
        names = []
        for i, data in enumerate(payloads):
            path = tmp / f"blob-{i}"
            path.write_bytes(data)
            names.append(str(path))
        out = self.git_bytes(
            "hash-object", "-w", "--no-filters", "--stdin-paths", stdin="\n".join(names).encode() + b"\n"
        )
        return out.decode().split()

    def _modes(self, head: str | None, rels: list[str]) -> dict[str, str]:
        """File modes of `rels` at `head` (so an executable file stays executable)."""
        if not head or not rels:
            return {}
        out = self.git_bytes("ls-tree", "-z", head, "--", *rels).decode()
        modes = {}
        for entry in out.split("\0"):
            if "\t" in entry:
                meta, rel = entry.split("\t", 1)
                if meta.split(" ", 1)[0] in ("100644", "100755"):
                    modes[rel] = meta.split(" ", 1)[0]
        return modes

    def sync_index(self, rels: list[str]) -> None:
        """Make the person's index match HEAD for `rels` (nothing else in the index changes)."""
        if not rels or self.head() is None:
            return
        self.git_bytes("reset", "-q", "HEAD", "--", *sorted(set(rels)), what="git reset")

    def commit_paths(self, rels: Iterable[str], message: str) -> str | None:
        """Commit the current content of exactly `rels` (added, changed or deleted)."""
        changes: dict[str, bytes | None] = {}
        for rel in sorted(set(rels)):
            path = self.root / rel
            changes[rel] = None if not path.exists() and not path.is_symlink() else path.read_bytes()
        return self.commit_blobs(changes, message) if changes else None

    @contextlib.contextmanager
    def transaction(self, rels: Iterable[str] = ()) -> Iterator[Transaction]:
        """Lock, then plan and write inside; see jarvis/transaction.py."""
        from jarvis.transaction import run_transaction

        with run_transaction(self, list(rels)) as tx:
            yield tx

    def refuse_dirty(self, rels: list[str]) -> None:
        dirty = self.dirty_paths(rels)
        if dirty:
            raise UncommittedEdit(
                f"{', '.join(dirty)}: has uncommitted edits; commit them first "
                f"(git -C {self.root} commit {' '.join(dirty)}) — nothing was changed"
            )

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
            msg_path.write_bytes(redact(message)[0].encode("utf-8"))
            return self.raw("commit-tree", tree, "-p", parent, "-F", str(msg_path))[1].decode().strip()

    def refs(self, prefix: str) -> dict[str, str]:
        """{ref name: commit sha} for refs under `prefix` (e.g. refs/heads/proposals/)."""
        out = self.raw("for-each-ref", "--format=%(refname) %(objectname)", prefix)[1].decode()
        return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)

    def set_ref(self, ref: str, sha: str, old: str | None = None) -> None:
        """Point `ref` at `sha`; with `old` ("" = must not exist yet) only if it still holds that."""
        if redact(ref)[0] != ref:
            raise WorkspaceError(
                f"{redact(ref)[0]}: a branch name must not hold a secret; nothing was changed"
            )
        self.git_bytes(
            "update-ref", "-m", "jarvis", ref, sha, *([] if old is None else [old]), what="git update-ref"
        )

    def delete_ref(self, ref: str) -> None:
        self.git_bytes("update-ref", "-d", ref, what="git update-ref")

    def merge_text(self, base: str, ours: str, theirs: str) -> tuple[str, int]:
        """Three-way merge of file texts (`git merge-file`): (merged text, number of conflicts)."""
        return merge_file(base, ours, theirs, Path(self.repo.git_dir))

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
