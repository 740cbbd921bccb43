"""What the reading pages show: Memory, a file with its history, and Recall.

Each function gathers plain data for one template from the same library functions the
CLI uses (parse_memory, parse_fragment, GitStore, recall's request handler).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, NotFound, UsageError
from jarvis.fsutil import read_text
from jarvis.workspace import Workspace

SUMMARY_CHARS = 140
CACHE_FILE = "ui-fragments.json"
CACHE_VERSION = 1
Recaller = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class FragmentRow:
    rel: str
    id: str
    category: str
    type: str
    priority: str
    created: str
    updated: str
    tags: tuple[str, ...]
    status: str
    summary: str
    search: str  # lower-case text the filter matches against


def _row(rel: str, text: str) -> FragmentRow:
    from jarvis.fragment import parse_fragment

    f = parse_fragment(text, rel)
    parts = rel.split("/")
    category = f.category or (parts[2] if len(parts) > 3 else "uncategorised")
    summary = " ".join(f.body.split())
    if len(summary) > SUMMARY_CHARS:
        summary = summary[: SUMMARY_CHARS - 1].rsplit(" ", 1)[0] + " …"
    row = FragmentRow(
        rel=rel,
        id=f.id,
        category=category,
        type=f.type or "",
        priority=f.priority or "",
        created=(f.created or "")[:10],
        updated=(f.updated or "")[:10],
        tags=f.tags,
        status=f.status or "active",
        summary=summary,
        search="",
    )
    words = [row.id, category, row.type, row.priority, row.status, *row.tags, " ".join(f.body.split())]
    return FragmentRow(**{**row.__dict__, "search": " ".join(words).lower()})


class FragmentCache:
    """Fragment rows kept between requests; a file is parsed again only when its size or mtime moves.

    The rows are also kept in `.jarvis/ui-fragments.json` (derived state, safe to delete), so a
    restarted UI does not parse 2,000 YAML headers again for its first page.
    """

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._rows: dict[str, tuple[tuple[int, int], FragmentRow]] | None = None
        self._lock = threading.Lock()

    def rows(self) -> list[FragmentRow]:
        limit = self.ws.config.index.max_file_bytes
        seen: dict[str, tuple[tuple[int, int], FragmentRow]] = {}
        with self._lock:
            known = self._rows if self._rows is not None else self._load()
            parsed = 0
            for path in _markdown_files(self.ws.notes_dir):
                rel = path.relative_to(self.ws.root).as_posix()
                try:
                    st = path.stat()
                except OSError:
                    continue
                key = (st.st_mtime_ns, st.st_size)
                cached = known.get(rel)
                if cached is not None and cached[0] == key:
                    seen[rel] = cached
                    continue
                try:
                    text, _ = read_text(path, limit, rel)
                except InputError:
                    continue
                seen[rel] = (key, _row(rel, text))
                parsed += 1
            if parsed or len(seen) != len(known):
                self._save(seen)
            self._rows = seen
        return [row for _, row in sorted(seen.values(), key=lambda item: item[1].rel)]

    def _load(self) -> dict[str, tuple[tuple[int, int], FragmentRow]]:
        try:
            data = json.loads((self.ws.state_dir / CACHE_FILE).read_text(encoding="utf-8"))
            if data.get("version") != CACHE_VERSION:
                return {}
            return {
                rel: ((int(m), int(n)), FragmentRow(**{**fields, "tags": tuple(fields["tags"])}))
                for rel, (m, n, fields) in data["rows"].items()
            }
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}  # missing or from another version: parse again

    def _save(self, rows: dict[str, tuple[tuple[int, int], FragmentRow]]) -> None:
        from dataclasses import asdict

        from jarvis.fsutil import atomic_write

        data = {
            "version": CACHE_VERSION,
            "rows": {rel: [key[0], key[1], asdict(row)] for rel, (key, row) in rows.items()},
        }
        with contextlib.suppress(OSError):  # a read-only .jarvis only costs speed
            atomic_write(self.ws.state(CACHE_FILE), json.dumps(data, ensure_ascii=False), mode=0o600)


def _markdown_files(top: Path) -> list[Path]:
    """Every regular `*.md` under `top`, symlinks skipped (they may lead out of the workspace)."""
    out: list[Path] = []
    stack = [top]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink():
                continue
            if entry.is_dir():
                stack.append(Path(entry.path))
            elif entry.name.endswith(".md") and entry.is_file():
                out.append(Path(entry.path))
    return out


# ------------------------------------------------------------------- memory
def memory_view(ws: Workspace, cache: FragmentCache, q: str, category: str, status: str) -> dict[str, Any]:
    from jarvis.memorymd import parse_memory
    from jarvis.ui.markdown import render_inline

    try:
        text, _ = read_text(ws.memory_md, ws.config.index.max_file_bytes, "MEMORY.md")
    except InputError as exc:
        text, problem = "", str(exc)
    else:
        problem = ""
    doc = parse_memory(text)
    sections = [
        {
            "name": s.name,
            "line": s.start_line,
            "bullets": [
                {"date": b.date, "html": render_inline(_bullet_text(b.raw)), "line": b.start_line}
                for b in s.bullets
            ],
        }
        for s in doc.sections
    ]
    rows = cache.rows()
    categories = sorted({r.category for r in rows})
    statuses = sorted({r.status for r in rows})
    words = q.lower().split()
    shown = [
        r
        for r in rows
        if (not category or r.category == category)
        and (not status or r.status == status)
        and all(w in r.search for w in words)
    ]
    groups: dict[str, list[FragmentRow]] = {}
    for r in shown:
        groups.setdefault(r.category, []).append(r)
    return {
        "sections": sections,
        "bullets": doc.bullet_count,
        "problem": problem,
        "groups": sorted(groups.items()),
        "total": len(rows),
        "shown": len(shown),
        "categories": categories,
        "statuses": statuses,
        "q": q,
        "category": category,
        "status": status,
    }


def _bullet_text(raw: str) -> str:
    first = raw.strip().split("\n")
    line = " ".join(part.strip() for part in first)
    for marker in ("- ", "* ", "+ "):
        if line.startswith(marker):
            line = line[2:]
            break
    if line.startswith("(") and line[11:12] == ")":
        line = line[12:].lstrip()
    return line


# --------------------------------------------------------------------- file
def parse_lines(value: str) -> tuple[int, int] | None:
    """`12` or `12-18` -> (12, 18); anything else -> None."""
    start, _, end = value.partition("-")
    try:
        a = int(start)
        b = int(end) if end else a
    except ValueError:
        return None
    return (a, b) if 0 < a <= b else None


def file_view(ws: Workspace, rel: str, lines: tuple[int, int] | None) -> dict[str, Any]:
    from jarvis.doc import parse_document
    from jarvis.gitstore import GitStore
    from jarvis.ui.diff import history
    from jarvis.ui.markdown import render_block
    from jarvis.ui.security import workspace_file

    path, rel = workspace_file(ws, rel)
    if path.is_dir():
        return {"rel": rel, "listing": _listing(ws, path), "history": []}
    if not path.is_file():
        raise NotFound(f"{rel}: no such file in the workspace")
    text, warnings = read_text(path, ws.config.index.max_file_bytes, rel)
    doc = parse_document(text, rel)
    offset = text.count("\n", 0, len(text) - len(doc.body)) if doc.has_frontmatter else 0
    is_markdown = rel.endswith((".md", ".markdown"))
    return {
        "rel": rel,
        "meta": [(k, _shown(v)) for k, v in doc.meta.items()],
        "warnings": [*warnings, *doc.warnings],
        "html": render_block(doc.body, offset + 1, lines) if is_markdown else "",
        "plain": [] if is_markdown else list(enumerate(text.splitlines(), 1)),
        "lines": lines,
        "history": history(GitStore(ws.root), rel),
    }


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return "" if value is None else str(value)


def _listing(ws: Workspace, folder: Path) -> list[tuple[str, bool]]:
    from jarvis.workspace import PRIVATE_DIRS

    out = []
    for entry in sorted(folder.iterdir()):
        if entry.name.lower() in PRIVATE_DIRS or entry.is_symlink():
            continue
        out.append((entry.relative_to(ws.root).as_posix(), entry.is_dir()))
    return out


def fragment_path(ws: Workspace, ident: str) -> str:
    from jarvis.notes import find_fragment

    rel, _ = find_fragment(ws, ident)
    return rel


# ------------------------------------------------------------------- recall
def recall_view(recall: Recaller, q: str, explain: bool, k: int | None = None) -> dict[str, Any]:
    from jarvis.index.render import freshness_line, snippet

    q = q.strip()
    if not q:
        return {"q": "", "hits": [], "explain": explain}
    if len(q) > 2000:
        raise UsageError("the query is over 2,000 characters; ask something shorter")
    request: dict[str, Any] = {"query": q, "record": True, "explain": explain}
    if k:
        request["k"] = k
    result = recall(request)
    hits = []
    for hit in result.get("hits", []):
        window, spans = snippet(hit["text"], q)
        pieces, last = [], 0
        for start, end in spans:
            pieces += [(window[last:start], False), (window[start:end], True)]
            last = end
        pieces.append((window[last:], False))
        hits.append({**hit, "pieces": pieces})
    return {
        "q": q,
        "hits": hits,
        "explain": explain,
        "ranking": result.get("explain") or {},
        "rewrite": result.get("rewrite"),
        "freshness": freshness_line(result),
        "took_ms": result.get("took_ms"),
    }
