"""`jarvis forget QUERY|ID --purge-history`: make a fact unrecoverable from this repository.

After the fragment is forgotten (a normal commit), every occurrence of its text is replaced
with `[forgotten]` in every blob and commit message of every ref, by git-filter-repo (the
tool git's own documentation recommends for this). Open proposals that mention it are
dropped first; reflogs are expired and unreachable objects pruned, so no object in the
repository holds it any more; the search index is rebuilt from the files. What jarvis
cannot reach (remotes, other clones, session transcripts) is reported, not hidden.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from jarvis.errors import NotFound, UncommittedEdit, UsageError
from jarvis.events import track
from jarvis.fragment import Fragment, parse_fragment
from jarvis.gitstore import GitStore
from jarvis.notes import NOTES_REL, find_fragment, iter_fragments, summary
from jarvis.reflect.proposals import delete_branch, list_open
from jarvis.rewritten import note_purge
from jarvis.workspace import Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder

REPLACEMENT = "[forgotten]"
MIN_LITERAL = 6
MIN_LINE = 12  # shorter lines of a fact ("## Notes") are too common to erase everywhere
_ID_RE = re.compile(r"^mem-\d{8}-\d{6}-[0-9a-f]{6}$")
_SCAN_LIMIT = 20_000_000
STASH_KEEP = "refs/jarvis-purge/stash-"


def _is_ref(query: str) -> bool:
    q = query.strip()
    return bool(_ID_RE.match(q)) or q.startswith(NOTES_REL + "/") or q.endswith(".md")


def resolve(ws: Workspace, query: str) -> list[tuple[str, Fragment]]:
    """Fragments meant by QUERY: an id, a path under memory/notes, or text they contain."""
    q = query.strip()
    if not q:
        raise UsageError("forget needs an id, a path or some text of the fact")
    if _is_ref(q):
        return [find_fragment(ws, q)]
    needle = " ".join(q.split()).casefold()
    return [(rel, f) for rel, f in iter_fragments(ws) if needle in " ".join(f.body.split()).casefold()]


def resolve_one(ws: Workspace, query: str) -> str:
    """What `forget` should remove: an id or path as given, else the one fragment containing the text."""
    if _is_ref(query):
        return query.strip()  # notes.forget checks it (and records the failure as its event)
    found = resolve(ws, query)
    if not found:
        raise NotFound(f"{query}: no fragment contains this text; search with `jarvis recall`")
    if len(found) > 1:
        listing = ", ".join(f.id for _, f in found[:5]) + (" …" if len(found) > 5 else "")
        raise UsageError(f"{query}: {len(found)} fragments match ({listing}); forget one by id")
    return found[0][0]


def literals_for(body: str, query: str | None = None) -> list[str]:
    """The exact strings to erase: the query, each line of the fact, its one-line and summary forms."""
    found: list[str] = []
    one = " ".join(body.split())
    lines = [line.strip() for line in body.splitlines() if len(line.strip()) >= MIN_LINE]
    candidates = [query or "", one, one[:237], *lines]  # one[:237]: the daily log's truncated line
    for width in (50, 60):  # the summaries commit messages use (`remember: …`, `forget: … (…)`)
        short = summary(one, width)
        candidates.append(short.removesuffix("…"))
    for text in candidates:
        text = text.strip()
        if len(text) >= MIN_LITERAL and "\n" not in text and text not in found:
            found.append(text)
    return sorted(found, key=len, reverse=True)


def fragment_history(store: GitStore, rel: str) -> tuple[set[str], list[str]]:
    """Every path a fragment had and the body of every version of it, across all refs."""
    out = store.git_bytes(
        "log", "--all", "--follow", "--name-only", "--format=%x1e%H", "--", rel, what="git log"
    ).decode("utf-8", errors="replace")
    paths, bodies = {rel}, []
    for record in out.split("\x1e"):
        lines = [line for line in record.splitlines() if line.strip()]
        if len(lines) < 2:
            continue
        sha, path = lines[0], lines[1]
        paths.add(path)
        text = store.show_file(sha, path)
        if text:
            body = parse_fragment(text, path).body
            if body.strip() and body not in bodies:
                bodies.append(body)
    return paths, bodies


def _mentions(store: GitStore, sha: str, rel: str, literals: list[str]) -> bool:
    text = store.raw("cat-file", "commit", sha)[1].decode("utf-8", errors="replace")
    text += store.show_file(sha, rel) or ""
    return any(lit in text for lit in literals)


def _scrub_state(ws: Workspace, literals: list[str]) -> list[str]:
    """Drop lines mentioning it from jarvis's own reflect logs; list other state files that still do."""
    remaining: list[str] = []
    for path in sorted(ws.state_dir.rglob("*")) if ws.state_dir.is_dir() else []:
        if not path.is_file() or path.stat().st_size > _SCAN_LIMIT:
            continue
        try:
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not any(lit in text for lit in literals):
            continue
        rel = path.relative_to(ws.root).as_posix()
        if rel.startswith(".jarvis/reflect/"):
            kept = [
                line for line in text.splitlines(keepends=True) if not any(lit in line for lit in literals)
            ]
            path.write_text("".join(kept), encoding="utf-8")
        else:
            remaining.append(rel)
    return remaining


def _rebuild_index(ws: Workspace, embedder: Embedder | None) -> None:
    from jarvis.index.sync import index_dir, index_lock, reconcile

    folder = index_dir(ws)
    with index_lock(ws):  # old segments and free pages may still hold the text: start afresh
        for child in folder.iterdir():
            if child.name != "lock":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    reconcile(ws, embedder=embedder)


def stash_entries(store: GitStore) -> list[tuple[str, str]]:
    """(sha, message) of every stash, oldest first."""
    status, out = store.raw("reflog", "show", "--format=%H%x1f%gs", "refs/stash", "--", ok=(0, 128))
    if status != 0:
        return []
    entries = [line.split("\x1f", 1) for line in out.decode("utf-8", errors="replace").splitlines() if line]
    return [(sha, msg) for sha, msg in reversed(entries)]


def reflog_count(store: GitStore) -> int:
    """Reflog entries outside the stash: they point at the old history and are cleared."""
    _, out = store.raw("reflog", "show", "--all", "--format=%gd", ok=(0, 128))
    return sum(1 for line in out.decode(errors="replace").splitlines() if line and "stash" not in line)


def _preflight(ws: Workspace, store: GitStore) -> None:
    busy = store.is_busy()
    dirty = store.run("status", "--porcelain", "--untracked-files=no", what="git status").strip()
    if busy or dirty:
        what = f"git is in the middle of {busy}" if busy else "there are uncommitted changes"
        raise UncommittedEdit(
            f"{ws.root}: {what}; commit or discard them first (rewriting history resets the "
            "working tree) — nothing was changed"
        )


def _expressions(literals: list[str], ids: tuple[str, ...]) -> str:
    rules = [f"regex:(?m)^[^\\n]*<!-- {re.escape(i)} -->[^\\n]*\\n?==>\n" for i in ids]
    return "".join(rules) + "".join(f"literal:{lit}==>{REPLACEMENT}\n" for lit in literals)


def _rewrite(store: GitStore, literals: list[str], paths: tuple[str, ...], ids: tuple[str, ...]) -> str:
    """Run filter-repo over every ref, stashes included (kept alive by temporary refs)."""
    stashes = stash_entries(store)
    for n, (sha, _) in enumerate(stashes):
        store.set_ref(f"{STASH_KEEP}{n}", sha)
    if stashes:
        store.delete_ref("refs/stash")
    with tempfile.TemporaryDirectory(prefix="jarvis-purge-") as tmp:
        expressions = Path(tmp) / "expressions.txt"
        expressions.write_text(_expressions(literals, ids), encoding="utf-8")
        args = ["--force", "--sensitive-data-removal", "--no-fetch"]
        args += ["--replace-text", str(expressions), "--replace-message", str(expressions)]
        if paths:
            args += ["--invert-paths", *(a for rel in sorted(paths) for a in ("--path", rel))]
        output = store.filter_repo(*args)
    shutil.rmtree(store.git_dir / "filter-repo", ignore_errors=True)
    (store.git_dir / "ORIG_HEAD").unlink(missing_ok=True)
    store.run("reflog", "expire", "--expire=now", "--all", what="git reflog expire")
    store.run("gc", "--prune=now", "--quiet", what="git gc")
    restore_stashes(store, [message for _, message in stashes])
    return output


def pinned_stashes(store: GitStore) -> list[tuple[str, str]]:
    """(ref, sha) of stashes a purge pinned, oldest first (left behind only if a purge was killed)."""
    kept = store.refs(STASH_KEEP.rsplit("/", 1)[0] + "/")
    return sorted(kept.items(), key=lambda item: int(item[0].rsplit("-", 1)[-1]))


def restore_stashes(store: GitStore, messages: list[str] | None = None) -> int:
    """Put pinned stashes back on refs/stash in order (stash@{0} the newest); returns how many."""
    pinned = pinned_stashes(store)
    for n, (ref, sha) in enumerate(pinned):
        message = (
            messages[n]
            if messages and n < len(messages)
            else store.git_bytes("log", "-1", "--format=%s", sha).decode().strip()
        )
        store.git_bytes("update-ref", "--create-reflog", "-m", message, "refs/stash", sha)
        store.delete_ref(ref)
    return len(pinned)


def purge_history(
    ws: Workspace,
    literals: list[str],
    embedder: Embedder | None = None,
    *,
    paths: tuple[str, ...] = (),
    ids: tuple[str, ...] = (),
) -> PurgeResult:
    """Erase `literals`, the files at `paths` and daily-log lines of `ids` from every commit of every ref."""
    literals = sorted({lit for lit in literals if len(lit) >= MIN_LITERAL}, key=len, reverse=True)
    if not literals:
        raise UsageError(f"nothing to purge: give at least {MIN_LITERAL} characters of the text to erase")
    store = GitStore(ws.root)
    with track(ws, "forget", "purge-history") as ev:
        with store.lock():
            _preflight(ws, store)
            dropped = [
                op.proposal.id
                for op in list_open(store)
                if _mentions(store, op.sha, op.proposal.target, literals)
            ]
            for pid in dropped:
                delete_branch(store, pid)
            cleared = reflog_count(store)
            note_purge(ws.root)  # so `jarvis sync` publishes this history instead of merging the old one
            output = _rewrite(store, literals, paths, ids)
            survivors = scan(store, [*literals, *(Path(p).stem for p in paths if len(Path(p).stem) >= 8)])
        m = re.search(r"You rewrote (\d+) \(of (\d+)\) commits", output)
        rewritten, total = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        remaining = _scrub_state(ws, literals)
        _rebuild_index(ws, embedder)
        ev.counts.update(rewritten=rewritten, commits=total, proposals_dropped=len(dropped))
    return PurgeResult(
        rewritten,
        total,
        tuple(dropped),
        tuple(remaining),
        tuple(store.remotes()),
        len(stash_entries(store)),
        cleared,
        survivors,
    )


def scan(store: GitStore, needles: list[str]) -> dict[str, int]:
    """Where any needle survives: objects (reachable or not), ref names, messages, reflogs, file names."""
    encoded = [n.encode("utf-8") for n in needles if n]

    def hits(data: bytes, split: bytes = b"\n") -> int:
        return sum(1 for part in data.split(split) if any(n in part for n in encoded))

    objects = store.git_bytes("cat-file", "--batch-all-objects", "--batch", what="git cat-file")
    refs = store.git_bytes("for-each-ref", "--format=%(refname)", what="git for-each-ref")
    messages = store.git_bytes("log", "--all", "--format=%B%x00", what="git log")
    status, reflog = store.raw("reflog", "show", "--all", "--format=%gs", ok=(0, 128))
    names = store.git_bytes("log", "--all", "--name-only", "--format=", what="git log")
    return {
        "objects": _object_hits(objects, encoded),
        "refs": hits(refs),
        "messages": hits(messages, b"\x00"),
        "reflog": hits(reflog) if status == 0 else 0,
        "file names": hits(names),
    }


def _object_hits(batch: bytes, needles: list[bytes]) -> int:
    """Objects in `git cat-file --batch` output that hold a needle."""
    count, pos = 0, 0
    while pos < len(batch):
        end = batch.index(b"\n", pos)
        header = batch[pos:end].split()
        size = int(header[2]) if len(header) >= 3 else 0
        body = batch[end + 1 : end + 1 + size]
        count += any(n in body for n in needles)
        pos = end + 1 + size + 1
    return count


def forget_and_purge(
    ws: Workspace, query: str, embedder: Embedder | None = None
) -> tuple[list[str], PurgeResult]:
    """Forget every fragment QUERY names (one commit each), then purge their text from history."""
    from jarvis.notes import forget

    try:
        targets = resolve(ws, query)
    except NotFound:
        targets = []
    literals: list[str] = []
    if not _is_ref(query):
        literals.append(" ".join(query.split()))
    forgotten, paths, ids = [], set(), []
    store = GitStore(ws.root)
    for rel, fragment in targets:
        history_paths, bodies = fragment_history(store, rel)
        forget(ws, rel)
        forgotten.append(fragment.id)
        ids.append(fragment.id)
        paths |= history_paths
        for body in [fragment.body, *bodies]:
            literals += literals_for(body)
    if not literals:
        raise NotFound(f"{query}: no fragment matches and there is no text to purge; check the id or path")
    return forgotten, purge_history(
        ws, list(dict.fromkeys(literals)), embedder, paths=tuple(sorted(paths)), ids=tuple(ids)
    )


@dataclass(frozen=True)
class PurgeResult:
    rewritten: int
    commits: int
    dropped_proposals: tuple[str, ...]
    remaining_state: tuple[str, ...]
    remotes: tuple[str, ...]
    stashes_kept: int = 0
    reflog_cleared: int = 0
    survivors: dict[str, int] = field(default_factory=dict)

    @property
    def verified(self) -> bool:
        return not any(self.survivors.values())
