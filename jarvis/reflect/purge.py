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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jarvis.errors import NotFound, UncommittedEdit, UsageError
from jarvis.events import track
from jarvis.fragment import Fragment
from jarvis.gitstore import GitStore
from jarvis.notes import NOTES_REL, find_fragment, iter_fragments, summary
from jarvis.reflect.proposals import delete_branch, list_open
from jarvis.workspace import Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder

REPLACEMENT = "[forgotten]"
MIN_LITERAL = 6
_ID_RE = re.compile(r"^mem-\d{8}-\d{6}-[0-9a-f]{6}$")
_SCAN_LIMIT = 20_000_000


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
    candidates = [query or "", one, *(line.strip() for line in body.splitlines())]
    for width in (50, 60):  # the summaries commit messages use (`remember: …`, `forget: … (…)`)
        short = summary(one, width)
        candidates.append(short.removesuffix("…"))
    for text in candidates:
        text = text.strip()
        if len(text) >= MIN_LITERAL and "\n" not in text and text not in found:
            found.append(text)
    return sorted(found, key=len, reverse=True)


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


def purge_history(ws: Workspace, literals: list[str], embedder: Embedder | None = None) -> PurgeResult:
    """Erase `literals` from every commit of every ref; see the module docstring."""
    literals = [lit for lit in literals if len(lit) >= MIN_LITERAL]
    if not literals:
        raise UsageError(f"nothing to purge: give at least {MIN_LITERAL} characters of the text to erase")
    store = GitStore(ws.root)
    with track(ws, "forget", "purge-history") as ev:
        with store.lock():
            busy = store.is_busy()
            dirty = store.run("status", "--porcelain", "--untracked-files=no", what="git status").strip()
            if busy or dirty:
                what = f"git is in the middle of {busy}" if busy else "there are uncommitted changes"
                raise UncommittedEdit(
                    f"{ws.root}: {what}; commit or discard them first (rewriting history resets the "
                    "working tree) — nothing was changed"
                )
            dropped = [
                op.proposal.id
                for op in list_open(store)
                if _mentions(store, op.sha, op.proposal.target, literals)
            ]
            for pid in dropped:
                delete_branch(store, pid)
            with tempfile.TemporaryDirectory(prefix="jarvis-purge-") as tmp:
                expressions = Path(tmp) / "expressions.txt"
                expressions.write_text(
                    "".join(f"literal:{lit}==>{REPLACEMENT}\n" for lit in literals), encoding="utf-8"
                )
                output = store.filter_repo(
                    "--force",
                    "--sensitive-data-removal",
                    "--no-fetch",
                    "--replace-text",
                    str(expressions),
                    "--replace-message",
                    str(expressions),
                )
            shutil.rmtree(Path(store.repo.git_dir) / "filter-repo", ignore_errors=True)
            store.run("reflog", "expire", "--expire=now", "--all", what="git reflog expire")
            store.run("gc", "--prune=now", "--quiet", what="git gc")
        m = re.search(r"You rewrote (\d+) \(of (\d+)\) commits", output)
        rewritten, total = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        remaining = _scrub_state(ws, literals)
        _rebuild_index(ws, embedder)
        ev.counts.update(rewritten=rewritten, commits=total, proposals_dropped=len(dropped))
    return PurgeResult(rewritten, total, tuple(dropped), tuple(remaining), tuple(store.remotes()))


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
    forgotten = []
    for rel, fragment in targets:
        forget(ws, rel)
        forgotten.append(fragment.id)
        literals += literals_for(fragment.body)
    if not literals:
        raise NotFound(f"{query}: no fragment matches and there is no text to purge; check the id or path")
    return forgotten, purge_history(ws, list(dict.fromkeys(literals)), embedder)


@dataclass(frozen=True)
class PurgeResult:
    rewritten: int
    commits: int
    dropped_proposals: tuple[str, ...]
    remaining_state: tuple[str, ...]
    remotes: tuple[str, ...]
