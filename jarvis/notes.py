"""Fragments on disk: remember, read, forget, and the helpers every write path shares.

A fragment is one fact in `memory/notes/<category>/<slug>.md` with YAML
frontmatter. Remembering it also adds a line to today's daily log; both land in
one commit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from jarvis.doc import Fragment, new_fragment_id, parse_fragment, render_fragment, slugify
from jarvis.errors import InputError, NotFound, UsageError
from jarvis.events import track
from jarvis.fsutil import read_text
from jarvis.gitstore import GitStore, Transaction
from jarvis.redact import redact
from jarvis.taxonomy import DEFAULT_CATEGORY, classify
from jarvis.workspace import Workspace

NOTES_REL = "memory/notes"
_ID_RE = re.compile(r"^mem-\d{8}-\d{6}-[0-9a-f]{6}$")
_CATEGORY_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def local_now() -> datetime:
    return datetime.now().astimezone()


def normalise(text: str) -> str:
    """Text as compared for exact duplicates: case and whitespace folded."""
    return " ".join(text.lower().split())


def check_category(category: str) -> str:
    category = category.strip().lower()
    if not _CATEGORY_RE.match(category):
        raise UsageError(
            f"category {category!r}: use lowercase letters, digits and dashes (e.g. preferences, projects)"
        )
    return category


# --------------------------------------------------------------------- reading
def iter_fragments(ws: Workspace) -> Iterator[tuple[str, Fragment]]:
    """Every readable fragment under memory/notes (unreadable files are skipped)."""
    if not ws.notes_dir.is_dir():
        return
    limit = ws.config.index.max_file_bytes
    for path in sorted(ws.notes_dir.rglob("*.md")):
        if path.is_symlink() or not path.is_file():
            continue
        rel = path.relative_to(ws.root).as_posix()
        try:
            text, _ = read_text(path, limit, rel)
        except InputError:
            continue
        yield rel, parse_fragment(text, rel)


def find_fragment(ws: Workspace, ident: str) -> tuple[str, Fragment]:
    """A fragment by id (`mem-…`) or by workspace-relative path."""
    ident = ident.strip()
    if _ID_RE.match(ident):
        for rel, fragment in iter_fragments(ws):
            if fragment.id == ident:
                return rel, fragment
        raise NotFound(
            f"{ident}: no fragment with this id; list them with `jarvis recall` or `ls memory/notes`"
        )
    path = ws.resolve(ident)
    rel = ws.rel(path)
    if not rel.startswith(NOTES_REL + "/"):
        raise UsageError(f"{rel}: not a fragment (fragments live under {NOTES_REL}/); edit the file yourself")
    if not path.is_file():
        raise NotFound(f"{rel}: no such fragment")
    text, _ = read_text(path, ws.config.index.max_file_bytes, rel)
    return rel, parse_fragment(text, rel)


@dataclass(frozen=True)
class ReadResult:
    rel: str
    lines: tuple[str, ...]
    offset: int
    total: int

    @property
    def next_offset(self) -> int | None:
        end = self.offset + len(self.lines)
        return end if end < self.total else None


def read_memory(ws: Workspace, ident: str, offset: int = 0, limit: int = 200) -> ReadResult:
    """Lines of a fragment (by id) or any workspace file (by path), paginated."""
    if offset < 0 or limit <= 0:
        raise UsageError("offset must be >= 0 and limit > 0")
    if _ID_RE.match(ident.strip()):
        rel, _ = find_fragment(ws, ident)
        path = ws.root / rel
    else:
        path = ws.resolve(ident)
        rel = ws.rel(path)
        if not path.is_file():
            raise NotFound(f"{rel}: no such file in the workspace")
    text, _ = read_text(path, ws.config.index.max_file_bytes, rel)
    lines = text.splitlines()
    return ReadResult(rel, tuple(lines[offset : offset + limit]), offset, len(lines))


# --------------------------------------------------------------------- writing
def build_fragment(
    text: str,
    *,
    category: str | None = None,
    tags: tuple[str, ...] = (),
    pinned: bool = False,
    type: str | None = None,
    priority: str | None = None,
    gate: str | None = "allow",
    confidence: float | None = None,
    source: Any = None,
    now: datetime | None = None,
) -> Fragment:
    now = now or local_now()
    stamp = now.isoformat(timespec="seconds")
    return Fragment(
        id=new_fragment_id(now),
        body=text.strip() + "\n",
        category=check_category(category) if category else (classify(text) or DEFAULT_CATEGORY),
        type=type,
        priority=priority,
        gate=gate,
        confidence=confidence,
        created=stamp,
        updated=stamp,
        source=source,
        tags=tuple(tags),
        pinned=pinned,
    )


def fragment_rel(ws: Workspace, fragment: Fragment, taken: set[str] | None = None) -> str:
    """A free path `memory/notes/<category>/<slug>.md` for a new fragment."""
    base = slugify(fragment.body.splitlines()[0] if fragment.body.strip() else fragment.id) or fragment.id
    folder = f"{NOTES_REL}/{fragment.category or DEFAULT_CATEGORY}"
    taken = taken or set()
    rel = f"{folder}/{base}.md"
    n = 2
    while rel in taken or (ws.root / rel).exists():
        rel = f"{folder}/{base}-{n}.md"
        n += 1
    return rel


def daily_line(text: str, fragment_id: str | None, now: datetime) -> str:
    one_line = " ".join(text.split())
    if len(one_line) > 240:
        one_line = one_line[:237] + "..."
    marker = f" <!-- {fragment_id} -->" if fragment_id else ""
    return f"- {now:%H:%M} {one_line}{marker}\n"


def append_daily(ws: Workspace, tx: Transaction, lines: list[str], now: datetime) -> str:
    """Append lines to today's daily log inside a transaction; returns its relative path."""
    path = ws.daily_log(now.date())
    rel = path.relative_to(ws.root).as_posix()
    old = path.read_text(encoding="utf-8") if path.exists() else f"# {now.date().isoformat()}\n\n"
    if old and not old.endswith("\n"):
        old += "\n"
    tx.write(rel, old + "".join(lines))
    return rel


@dataclass(frozen=True)
class RememberResult:
    id: str
    rel: str
    duplicate: bool
    sha: str | None
    redacted: tuple[str, ...] = ()


def remember(
    ws: Workspace,
    text: str,
    *,
    category: str | None = None,
    tags: tuple[str, ...] = (),
    pinned: bool = False,
    type: str | None = None,
    priority: str | None = None,
    gate: str | None = "allow",
    confidence: float | None = None,
    source: Any = None,
    commit: bool = True,
    now: datetime | None = None,
) -> RememberResult:
    """Save one fact as a fragment plus a daily-log line, in one commit `remember: …`."""
    with track(ws, "memory", "remember") as ev:
        clean, findings = redact(text.strip())
        if not clean.strip():
            raise UsageError("nothing to remember: the text is empty")
        key = normalise(clean)
        for rel, existing in iter_fragments(ws):
            if normalise(existing.body) == key:
                ev.counts = {"duplicate": 1, "redacted": len(findings)}
                return RememberResult(existing.id, rel, True, None, tuple(f.kind for f in findings))
        now = now or local_now()
        fragment = build_fragment(
            clean,
            category=category,
            tags=tags,
            pinned=pinned,
            type=type,
            priority=priority,
            gate=gate,
            confidence=confidence,
            source=source,
            now=now,
        )
        rel = fragment_rel(ws, fragment)
        daily_rel = ws.daily_log(now.date()).relative_to(ws.root).as_posix()
        store = GitStore(ws.root)
        with store.transaction([rel, daily_rel]) as tx:
            tx.write(rel, render_fragment(fragment))
            append_daily(ws, tx, [daily_line(clean, fragment.id, now)], now)
            sha = tx.commit(f"remember: {summary(clean)}") if commit else None
        ev.counts = {"duplicate": 0, "redacted": len(findings)}
        return RememberResult(fragment.id, rel, False, sha, tuple(f.kind for f in findings))


def summary(text: str, width: int = 60) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= width else one_line[: width - 1] + "…"


def touch_fragment(fragment: Fragment, now: datetime | None = None, **changes: Any) -> Fragment:
    """A changed copy of a fragment with `updated` set."""
    stamp = (now or local_now()).isoformat(timespec="seconds")
    return replace(fragment, updated=stamp, **changes)


@dataclass(frozen=True)
class ForgetResult:
    id: str
    rel: str
    daily_logs: tuple[str, ...]
    sha: str | None


def forget(ws: Workspace, ident: str) -> ForgetResult:
    """Remove a fragment and its daily-log lines, in one commit `forget: …`."""
    with track(ws, "memory", "forget") as ev:
        result = _forget(ws, ident)
        ev.counts = {"daily_logs": len(result.daily_logs)}
        return result


def _forget(ws: Workspace, ident: str) -> ForgetResult:
    rel, fragment = find_fragment(ws, ident)
    marker = f"<!-- {fragment.id} -->"
    logs: dict[str, str] = {}
    for log in sorted(ws.memory_dir.glob("*.md")):
        try:
            text = log.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if marker in text:
            kept = "".join(line for line in text.splitlines(keepends=True) if marker not in line)
            logs[log.relative_to(ws.root).as_posix()] = kept
    store = GitStore(ws.root)
    with store.transaction([rel, *logs]) as tx:
        tx.delete(rel)
        for log_rel, text in logs.items():
            tx.write(log_rel, text)
        sha = tx.commit(f"forget: {fragment.id} ({summary(fragment.body, 50)})")
    return ForgetResult(fragment.id, rel, tuple(logs), sha)
