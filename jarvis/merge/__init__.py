"""Merge drivers for memory files, so two devices' edits meet without conflict markers.

`git` calls `jarvis merge-driver KIND %O %A %B %P` for the paths `.gitattributes` assigns to
each kind (installed by `jarvis init`, `init --adopt`, `jarvis sync` and `doctor --fix`), so
a plain `git pull` uses them too. Each kind is a pure function of (ancestor, ours, theirs).
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from jarvis.fsutil import atomic_write

ATTRIBUTES_BEGIN = "# jarvis merge drivers (jarvis sync; keep these lines)"
ATTRIBUTES_END = "# end of jarvis merge drivers"
ATTRIBUTES = {
    "MEMORY.md": "memory",
    "memory/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md": "daily",
    "memory/notes/**/*.md": "fragment",
    "learnings/*.md": "learnings",
    "*.jsonl": "jsonl",
}
DESCRIPTIONS = {
    "memory": "MEMORY.md by entry",
    "daily": "daily log: union of entries in time order",
    "fragment": "fragment: frontmatter key by key, body three-way",
    "learnings": "learnings: union of entries",
    "jsonl": "append-only log: union sorted by time",
}


def merge_text(kind: str, base: str, ours: str, theirs: str, name: str = "") -> tuple[str, bool]:
    """(merged text, needs a person) for one kind of memory file."""
    from jarvis.merge import entries
    from jarvis.merge.fragment import merge_fragment
    from jarvis.merge.memory import merge_memory

    simple: dict[str, Callable[[str, str, str], str]] = {
        "daily": entries.merge_daily,
        "learnings": entries.merge_learnings,
        "jsonl": entries.merge_jsonl,
    }
    if kind == "memory":
        return merge_memory(base, ours, theirs)
    if kind == "fragment":
        return merge_fragment(base, ours, theirs, name or "fragment.md"), False
    if kind in simple:
        return simple[kind](base, ours, theirs), False
    raise ValueError(f"unknown merge kind {kind!r}; use one of {', '.join(DESCRIPTIONS)}")


def run_driver(kind: str, base: Path, ours: Path, theirs: Path, name: str = "") -> int:
    """git's merge-driver protocol: write the result over `ours`; exit 0 when clean."""

    def read(path: Path) -> str:
        return path.read_bytes().decode("utf-8", "surrogateescape") if path.exists() else ""

    merged, clash = merge_text(kind, read(base), read(ours), read(theirs), name)
    atomic_write(ours, merged.encode("utf-8", "surrogateescape"))
    return 1 if clash else 0


def driver_command() -> str:
    """The command git runs: this Python and this jarvis, wherever `jarvis` is on PATH or not."""
    return f"{shlex.quote(sys.executable)} -m jarvis merge-driver"


def install_drivers(root: Path, *, attributes: bool = True) -> list[str]:
    """Register the drivers in the repository's config (and `.gitattributes`); returns what changed."""
    changed: list[str] = []
    command = driver_command()
    for kind, description in DESCRIPTIONS.items():
        key = f"merge.jarvis-{kind}"
        want = f"{command} {kind} %O %A %B %P"
        now = subprocess.run(
            ["git", "-C", str(root), "config", "--local", "--get", f"{key}.driver"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        if now != want:
            for field, value in (("name", f"jarvis: {description}"), ("driver", want)):
                subprocess.run(
                    ["git", "-C", str(root), "config", "--local", f"{key}.{field}", value], check=True
                )
            changed.append(f"git config {key}")
    if attributes:
        path = root / ".gitattributes"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        block = "\n".join(
            [
                ATTRIBUTES_BEGIN,
                *(f"{pattern} merge=jarvis-{kind}" for pattern, kind in ATTRIBUTES.items()),
                ATTRIBUTES_END,
            ]
        )
        if block not in old:
            if ATTRIBUTES_BEGIN in old and ATTRIBUTES_END in old:
                before, rest = old.split(ATTRIBUTES_BEGIN, 1)
                old = before + rest.split(ATTRIBUTES_END, 1)[1].lstrip("\n")
            text = (old.rstrip("\n") + "\n\n" if old.strip() else "") + block + "\n"
            atomic_write(path, text)
            changed.append(".gitattributes")
    return changed


def drivers_installed(root: Path) -> bool:
    path = root / ".gitattributes"
    if not path.exists() or ATTRIBUTES_BEGIN not in path.read_text(encoding="utf-8", errors="replace"):
        return False
    now = subprocess.run(
        ["git", "-C", str(root), "config", "--local", "--get", "merge.jarvis-memory.driver"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return now == f"{driver_command()} memory %O %A %B %P"


def needs_review(root: Path) -> list[str]:
    """What a merge kept twice for a person to settle: MEMORY.md bullets marked as edited on
    two devices, and fragments flagged `review: edited on two devices` (paths, one line each)."""
    from jarvis.merge.fragment import REVIEW_VALUE
    from jarvis.merge.memory import REVIEW_MARK

    out: list[str] = []
    memory = root / "MEMORY.md"
    if memory.is_file():
        for n, line in enumerate(memory.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if REVIEW_MARK in line:
                out.append(f"MEMORY.md:{n}: {line.replace(REVIEW_MARK, '').strip()}")
    notes = root / "memory" / "notes"
    if notes.is_dir():
        for path in sorted(notes.rglob("*.md")):
            head = path.read_text(encoding="utf-8", errors="replace")[:4000]
            if f"review: {REVIEW_VALUE}" in head:
                out.append(f"{path.relative_to(root).as_posix()}: edited on two devices; keep one version")
    return out
