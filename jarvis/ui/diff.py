"""Unified diffs as side-by-side rows, and a file's history with one patch per commit.

`side_by_side` reads git's unified diff: a run of removed lines next to the run of added
lines that follows it is shown as changed pairs, the rest as context, removal or addition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from jarvis.gitstore import GitStore

_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$")
_KIND = re.compile(r"^([a-z][a-z-]*(?:\([a-z-]+\))?):")
HISTORY_LIMIT = 30
MAX_PATCH_CHARS = 200_000  # a huge patch is cut, with a note: the page stays quick


@dataclass(frozen=True)
class Row:
    kind: str  # ctx | del | add | chg | hunk
    left_no: int | None = None
    left: str = ""
    right_no: int | None = None
    right: str = ""


@dataclass
class FileDiff:
    old: str
    new: str
    rows: list[Row] = field(default_factory=list)
    binary: bool = False

    @property
    def name(self) -> str:
        if self.old == self.new or self.old == "/dev/null":
            return self.new
        return self.old if self.new == "/dev/null" else f"{self.old} → {self.new}"


@dataclass(frozen=True)
class Change:
    sha: str
    date: datetime
    message: str
    kind: str
    files: list[FileDiff]
    truncated: bool = False

    @property
    def subject(self) -> str:
        return self.message.splitlines()[0] if self.message else ""


def commit_kind(message: str) -> str:
    """`promote`, `observe`, `edit`, `patch(soul)`, … : the word before the first colon."""
    m = _KIND.match(message)
    return m.group(1) if m else "other"


def _path(line: str) -> str:
    value = line[4:].strip()
    if value.startswith(("a/", "b/")):
        value = value[2:]
    return value


def side_by_side(patch: str) -> list[FileDiff]:
    files: list[FileDiff] = []
    current: FileDiff | None = None
    removed: list[tuple[int, str]] = []
    added: list[tuple[int, str]] = []
    left = right = 0

    def flush() -> None:
        if current is None:
            return
        for n in range(max(len(removed), len(added))):
            old = removed[n] if n < len(removed) else None
            new = added[n] if n < len(added) else None
            kind = "chg" if old and new else ("del" if old else "add")
            current.rows.append(
                Row(
                    kind,
                    old[0] if old else None,
                    old[1] if old else "",
                    new[0] if new else None,
                    new[1] if new else "",
                )
            )
        removed.clear()
        added.clear()

    for line in patch.splitlines():
        if line.startswith("diff --git "):
            flush()
            parts = line.split(" b/", 1)
            name = parts[1] if len(parts) == 2 else line[11:]
            current = FileDiff(name, name)
            files.append(current)
        elif current is None:
            continue
        elif line.startswith("--- ") and not current.rows:
            current.old = _path(line)
        elif line.startswith("+++ ") and not current.rows:
            current.new = _path(line)
        elif line.startswith("Binary files "):
            current.binary = True
        elif m := _HUNK.match(line):
            flush()
            left, right = int(m.group(1)), int(m.group(2))
            current.rows.append(Row("hunk", left=line, right=m.group(3).strip()))
        elif not current.rows:
            continue  # index, mode and rename lines before the first hunk
        elif line.startswith("-"):
            removed.append((left, line[1:]))
            left += 1
        elif line.startswith("+"):
            added.append((right, line[1:]))
            right += 1
        elif line.startswith("\\"):
            continue  # "\ No newline at end of file"
        else:
            flush()
            text = line[1:] if line.startswith(" ") else line
            current.rows.append(Row("ctx", left, text, right, text))
            left += 1
            right += 1
    flush()
    return files


def history(store: GitStore, rel: str, limit: int = HISTORY_LIMIT) -> list[Change]:
    """The last commits touching `rel` (renames followed), each with its patch: one git call."""
    if store.head() is None:
        return []
    out = store.run(
        "log",
        f"-n{limit}",
        "--follow",
        "--no-color",
        "--no-ext-diff",
        "-p",
        "--format=%x1e%H%x1f%aI%x1f%B%x1f",
        "--",
        rel,
        what="git log",
    )
    changes: list[Change] = []
    for record in out.split("\x1e"):
        if not record.strip():
            continue
        sha, when, message, patch = record.split("\x1f", 3)
        message = message.strip()
        cut = len(patch) > MAX_PATCH_CHARS
        changes.append(
            Change(
                sha=sha.strip(),
                date=datetime.fromisoformat(when.strip()),
                message=message,
                kind=commit_kind(message),
                files=side_by_side(patch[:MAX_PATCH_CHARS]),
                truncated=cut,
            )
        )
    return changes
