"""Fragments on disk: remember, read, forget, and the helpers every write path shares.

A fragment is one fact in `memory/notes/<category>/<slug>.md` with YAML
frontmatter. Remembering it also adds a line to today's daily log; both land in
one commit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from jarvis.doc import Fragment, new_fragment_id, parse_fragment, render_fragment, slugify
from jarvis.errors import InputError, NotFound, UsageError
from jarvis.events import track
from jarvis.fsutil import read_text
from jarvis.gitstore import GitStore
from jarvis.redact import Finding, redact
from jarvis.taxonomy import DEFAULT_CATEGORY, classify
from jarvis.transaction import Transaction
from jarvis.workspace import Workspace

NOTES_REL = "memory/notes"
_ID_RE = re.compile(r"^mem-\d{8}-\d{6}-[0-9a-f]{6}$")
_CATEGORY_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def local_now() -> datetime:
    return datetime.now().astimezone()


# ------------------------------------------------------------------------ dates
# The date of a note a person wrote (adr/0088-session-time.md), first that is known:
# 1. its frontmatter (`created`, then `date`); 2. a date in its file name (`2024-05-01 standup.md`,
# `20240501-notes.md`); 3. the commit that added it — unless that was the commit adopting a folder
# that had no git history, which says when jarvis arrived, not when the note was written;
# 4. the file's modification time.
ADOPT_TRAILER = "jarvis-adopt: notes keep their own dates"
_NAME_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)-?(\d\d)-?(\d\d)(?!\d)")
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _valid(y: str, m: str, d: str) -> str | None:
    try:
        return date(int(y), int(m), int(d)).isoformat()
    except ValueError:
        return None


def date_in_name(rel: str) -> str | None:
    """A calendar date in the file's name (`2024-05-01 standup.md`, `20240501.md`), or None."""
    stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    for match in _NAME_DATE.finditer(stem):
        if found := _valid(*match.groups()):
            return found
    return None


def frontmatter_date(meta: Mapping[str, Any]) -> str | None:
    for key in ("created", "date"):
        value = str(meta.get(key) or "").strip()
        if _ISO_DAY.match(value) and (found := _valid(value[:4], value[5:7], value[8:10])):
            return found
    return None


def first_added(store: GitStore) -> dict[str, str | None]:
    """Path -> date of the commit that added it; None when that commit adopted a folder without history."""
    if store.head() is None:
        return {}
    out = store.run("log", "--diff-filter=A", "--name-only", "--format=%x1e%aI%x1f%B%x1f", what="git log")
    dates: dict[str, str | None] = {}
    for record in out.split("\x1e"):
        if not record.strip():
            continue
        stamp, body, names = [*record.split("\x1f"), "", ""][:3]
        day = None if ADOPT_TRAILER in body else stamp.strip()[:10]
        for rel in names.split("\n"):
            if rel.strip():
                dates[rel.strip()] = day  # newest first: the last one seen is the add
    return dates


def note_date(rel: str, meta: Mapping[str, Any], added: str | None, mtime: float) -> tuple[str, str]:
    """(YYYY-MM-DD, how: frontmatter | name | commit | mtime) for a file a person wrote."""
    if found := frontmatter_date(meta):
        return found, "frontmatter"
    if found := date_in_name(rel):
        return found, "name"
    if added:
        return added, "commit"
    return datetime.fromtimestamp(mtime).astimezone().date().isoformat(), "mtime"


def normalise(text: str) -> str:
    """Text as compared for exact duplicates: case and whitespace folded."""
    return " ".join(text.lower().split())


def check_category(category: str) -> str:
    category = category.strip().lower()
    if redact(category)[0] != category:
        raise UsageError(
            "category looks like it holds a secret; use a plain word (e.g. preferences, projects)"
        )
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


def fragment_rel(fragment: Fragment) -> str:
    """The preferred path `memory/notes/<category>/<slug>.md` of a new fragment.

    The slug comes from the (already redacted) body; `Transaction.create` adds a suffix when
    the name is taken, under the lock.
    """
    base = slugify(fragment.body.splitlines()[0] if fragment.body.strip() else fragment.id) or fragment.id
    if redact(base)[0] != base:  # joining words with dashes can make a token look like a key
        base = slugify(redact(base)[0])
        base = base if redact(base)[0] == base else fragment.id
    return f"{NOTES_REL}/{fragment.category or DEFAULT_CATEGORY}/{base}.md"


def daily_line(text: str, fragment_id: str | None, now: datetime) -> str:
    one_line = " ".join(text.split())
    if len(one_line) > 240:
        one_line = one_line[:237] + "..."
    marker = f" <!-- {fragment_id} -->" if fragment_id else ""
    return f"- {now:%H:%M} {one_line}{marker}\n"


def append_daily(ws: Workspace, tx: Transaction, lines: list[str], now: datetime) -> str:
    """Append lines to the day's log inside a transaction (read under the lock); returns its path."""
    rel = ws.daily_log(now.date()).relative_to(ws.root).as_posix()
    old = tx.read(rel)
    if old is None:
        old = f"# {now.date().isoformat()}\n\n"
    newline = "\r\n" if "\r\n" in old else "\n"
    if old and not old.endswith("\n"):
        old += newline
    added = "".join(lines)
    tx.write(rel, old + (added.replace("\n", newline) if newline != "\n" else added))
    return rel


def redact_meta(values: tuple[str, ...]) -> tuple[tuple[str, ...], list[Finding]]:
    """Tags, types and other short fields go through redaction like the body does."""
    out: list[str] = []
    findings: list[Finding] = []
    for value in values:
        clean, found = redact(_printable(value))
        out.append(clean)
        findings.extend(found)
    return tuple(out), findings


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
        clean, findings = redact(_printable(text).strip())
        if not clean.strip():
            raise UsageError("nothing to remember: the text is empty")
        tags, tag_findings = redact_meta(tuple(tags))
        (type_,), type_findings = redact_meta((type,)) if type else ((None,), [])
        findings = [*findings, *tag_findings, *type_findings]
        kinds = tuple(f.kind for f in findings)
        store = GitStore(ws.root)
        with store.transaction() as tx:
            duplicate = _find_duplicate(ws, clean)
            if duplicate:
                ev.counts = {"duplicate": 1, "redacted": len(findings)}
                return RememberResult(duplicate[1].id, duplicate[0], True, None, kinds)
            now = now or local_now()
            fragment = build_fragment(
                clean,
                category=category,
                tags=tags,
                pinned=pinned,
                type=type_,
                priority=priority,
                gate=gate,
                confidence=confidence,
                source=source,
                now=now,
            )
            rel = tx.create(fragment_rel(fragment), render_fragment(fragment))
            append_daily(ws, tx, [daily_line(clean, fragment.id, now)], now)
            sha = tx.commit(f"remember: {summary(clean)}") if commit else None
        ev.counts = {"duplicate": 0, "redacted": len(findings)}
        return RememberResult(fragment.id, rel, False, sha, kinds)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _printable(text: str) -> str:
    """Text without NUL and other control characters (they break YAML, git diffs and terminals)."""
    return _CONTROL.sub("", text.replace("\r\n", "\n"))


def _find_duplicate(ws: Workspace, text: str) -> tuple[str, Fragment] | None:
    key = normalise(text)
    for rel, existing in iter_fragments(ws):
        if normalise(existing.body) == key:
            return rel, existing
    return None


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
    store = GitStore(ws.root)
    with store.transaction() as tx:
        rel, fragment = find_fragment(ws, ident)
        marker = f"<!-- {fragment.id} -->"
        logs: list[str] = []
        for log in sorted(ws.memory_dir.glob("*.md")):
            log_rel = log.relative_to(ws.root).as_posix()
            try:
                if marker not in log.read_text(encoding="utf-8"):
                    continue
            except (OSError, UnicodeDecodeError):
                continue
            text = tx.read(log_rel) or ""
            tx.write(log_rel, "".join(line for line in text.splitlines(keepends=True) if marker not in line))
            logs.append(log_rel)
        tx.delete(rel)
        sha = tx.commit(f"forget: {fragment.id} ({summary(fragment.body, 50)})")
    return ForgetResult(fragment.id, rel, tuple(logs), sha)
