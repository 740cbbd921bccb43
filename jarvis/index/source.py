"""Reading the workspace for the index: which files, their stat, and their chunks.

`scan` stats every indexable markdown/text file (hidden folders, editor temp files
and `[index] exclude` globs left out; symlinks leading outside are skipped with a
warning). `load_file` reads, hashes, parses (jarvis.doc) and chunks one file; a
file that cannot be read as text gives a warning naming it and no chunks.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from jarvis.errors import InputError
from jarvis.index.chunk import Chunk, FileInfo, chunk_text
from jarvis.index.manifest import FileRow
from jarvis.workspace import EVERGREEN, Workspace

SUFFIXES = (".md", ".markdown", ".txt")
GATES = ("allow", "hold")
STATUSES = ("active", "stale", "archived", "superseded")


@dataclass
class Plan:
    current: dict[str, tuple[int, int]]
    skipped: list[str] = field(default_factory=list)


def _excluded(rel: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(rel, p) for p in patterns)


def scan(ws: Workspace, paths: list[str] | None = None) -> Plan:
    """Stat every indexable file: rel -> (size, mtime_ns). One lstat per file (scandir).

    Symlinks leading outside the workspace are skipped with a warning; a link inside it is
    left out silently (its target is indexed under its own path).
    """
    root = ws.root
    plan = Plan(current={})
    patterns = ws.config.index.exclude
    root_real = root.resolve()

    def outside(abs_path: str, rel: str) -> None:
        target = Path(abs_path).resolve()
        if root_real != target and root_real not in target.parents:
            plan.skipped.append(f"{rel}: symlink to {target}, outside the workspace; skipped")

    def wanted(name: str, rel: str) -> bool:
        return (
            name.endswith(SUFFIXES)
            and not name.startswith((".", "~"))
            and not (patterns and _excluded(rel, patterns))
        )

    if paths is not None:
        for rel in paths:
            abs_path = str(root / rel)
            if not wanted(rel.rsplit("/", 1)[-1], rel):
                continue
            try:
                st = os.lstat(abs_path)
            except OSError:
                continue
            if os.path.islink(abs_path):
                outside(abs_path, rel)
            else:
                plan.current[rel] = (st.st_size, st.st_mtime_ns)
        return plan
    stack = [(str(root), "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            rel = prefix + name
            try:
                if entry.is_symlink():
                    if entry.is_dir() or wanted(name, rel):
                        outside(entry.path, rel + ("/" if entry.is_dir() else ""))
                    continue
                if entry.is_dir(follow_symlinks=False):
                    if not name.startswith(".") and name not in ("node_modules", "__pycache__"):
                        stack.append((entry.path, rel + "/"))
                    continue
                if wanted(name, rel):
                    st = entry.stat(follow_symlinks=False)
                    plan.current[rel] = (st.st_size, st.st_mtime_ns)
            except OSError:
                continue
    return plan


def git_first_dates(ws: Workspace) -> dict[str, str]:
    """Path -> date of the commit that added it (one git call for the whole repo); a commit
    that adopted a folder without history dates nothing (its date is not the notes' date)."""
    if not (ws.root / ".git").exists():
        return {}
    from jarvis.errors import JarvisError
    from jarvis.gitstore import GitStore
    from jarvis.notes import first_added

    try:
        return {rel: day for rel, day in first_added(GitStore(ws.root)).items() if day}
    except JarvisError:
        return {}


def _file_info(
    ws: Workspace,
    rel: str,
    meta: dict[str, Any],
    dates: Callable[[str], str | None],
    mtime_ns: int | None = None,
) -> FileInfo:
    """What the index keeps of a file. Its date, in order (adr/0088): frontmatter (`created`,
    `date`), a date in the file name (daily logs, `2024-05-01 standup.md`), the commit that
    added it, the file's modification time."""
    from jarvis.notes import date_in_name, frontmatter_date

    date = frontmatter_date(meta) or date_in_name(rel) or dates(rel)
    if date is None and mtime_ns is not None:
        date = datetime.fromtimestamp(mtime_ns / 1e9).astimezone().date().isoformat()
    category = meta.get("category")
    parts = rel.split("/")
    if not category and len(parts) >= 4 and parts[:2] == ["memory", "notes"]:
        category = parts[2]
    gate = str(meta.get("gate", "allow")).lower()
    status = str(meta.get("status", "active")).lower()
    pinned = meta.get("pinned") is True or str(meta.get("pinned", "")).lower() == "true"
    return FileInfo(
        path=rel,
        date=date,
        category=str(category) if category else None,
        gate=gate if gate in GATES else "allow",
        status=status if status in STATUSES else "active",
        pinned=pinned,
        evergreen=rel in EVERGREEN or pinned,
        fragment_id=str(meta["id"]) if meta.get("id") and rel.startswith("memory/notes/") else None,
    )


def load_file(
    ws: Workspace, rel: str, stat: tuple[int, int], dates: Callable[[str], str | None]
) -> tuple[FileRow, list[Chunk], list[str]]:
    """Read, hash, parse and chunk one file. Unreadable files give a row with a warning and no chunks."""
    from jarvis.doc import parse_document
    from jarvis.fsutil import decode_text
    from jarvis.taxonomy import category_for_section

    cfg = ws.config.index
    path = ws.root / rel
    size, mtime = stat
    if size > cfg.max_file_bytes:
        warning = (
            f"{rel}: {size:,} bytes is over the {cfg.max_file_bytes:,}-byte limit; skipped "
            "(split the file or raise [index] max_file_bytes in jarvis.toml)"
        )
        return FileRow(rel, size, mtime, f"size:{size}:{mtime}", 0, warning), [], [warning]
    try:
        raw = path.read_bytes()
    except OSError as exc:
        warning = f"{rel}: cannot read ({exc.strerror}); skipped"
        return FileRow(rel, size, mtime, f"error:{size}:{mtime}", 0, warning), [], [warning]
    sha = hashlib.sha256(raw).hexdigest()
    try:
        text, warnings = decode_text(raw, rel)
    except InputError as exc:
        return FileRow(rel, size, mtime, sha, 0, str(exc)), [], [str(exc)]
    doc = parse_document(text, rel)
    warnings += list(doc.warnings)
    body_line = text[: len(text) - len(doc.body)].count("\n") if doc.has_frontmatter else 0
    info = _file_info(ws, rel, doc.meta, dates, mtime)
    chunks = chunk_text(
        info,
        text,
        body_line,
        unit=cfg.chunk_unit,
        limit=cfg.chunk_chars,
        overlap=cfg.chunk_overlap,
        whole=rel.startswith("memory/notes/"),
        context=cfg.embed_context_chars,
        lexical_context=cfg.lexical_context,
    )
    if rel == "MEMORY.md":
        chunks = [
            replace(c, info=replace(info, category=category_for_section(c.heading.rsplit(" > ", 1)[-1])))
            for c in chunks
        ]
    boilerplate = template_text(rel)
    if boilerplate:
        # The template's own instructions are not memories: unchanged, they never answer a recall.
        chunks = [c for c in chunks if " ".join(c.text.split()) not in boilerplate]
    note = "; ".join(warnings) if warnings else None
    return FileRow(rel, size, mtime, sha, len(chunks), note), chunks, warnings


@functools.cache
def _template_texts() -> dict[str, str]:
    from jarvis.init import template_dir, template_files

    root = template_dir()
    return {rel: " ".join((root / rel).read_text(encoding="utf-8").split()) for rel in template_files()}


def template_text(rel: str) -> str:
    """The whitespace-folded text of the shipped template file at `rel`, or ""."""
    return _template_texts().get(rel, "")
