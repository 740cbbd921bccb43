"""Three-way merge of MEMORY.md by entry: sections of bullets, never a conflict marker for a bullet.

Per `## Section`:
- a section only one side changed is taken whole from that side (its bytes kept);
- otherwise bullets merge one by one against the ancestor: kept by both stays, added by
  either arrives, removed by either goes, changed by one side takes the change, and changed
  differently by both keeps both versions, each marked `<!-- jarvis: edited on two devices,
  review -->` (`jarvis review` lists them);
- free text in a section both sides changed merges line by line (`git merge-file`); only
  that can still conflict, and then the driver reports a conflict for the person.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from jarvis.gitstore import merge_file
from jarvis.memorymd import normalise_bullet

REVIEW_MARK = "<!-- jarvis: edited on two devices, review -->"
_SECTION = re.compile(r"^ {0,3}##[ \t]+(.*?)[ \t]*#*[ \t]*$")
_TOP = re.compile(r"^ {0,3}#[ \t]")
_BULLET = re.compile(r"^[-*+][ \t]")


@dataclass
class _Section:
    heading: str  # the heading line itself ("" for the text before the first section)
    free: list[str] = field(default_factory=list)  # lines that are not bullets, in order
    bullets: list[str] = field(default_factory=list)  # each bullet with its continuation lines
    raw: str = ""

    @property
    def name(self) -> str:
        """`## Heading` -> "heading"; a top `# Title` -> "# title" (never the preface's "")."""
        line = self.heading.rstrip("\n")
        found = _SECTION.match(line)
        if found:
            return " ".join(found.group(1).split()).casefold()
        return "# " + " ".join(line.lstrip(" #").split()).casefold() if line.strip() else ""


def _parse(text: str) -> list[_Section]:
    sections = [_Section("")]
    in_list = False
    for line in text.splitlines(keepends=True):
        if _SECTION.match(line.rstrip("\n")) or _TOP.match(line):
            sections.append(_Section(line))
            sections[-1].raw = line
            continue
        current = sections[-1]
        current.raw += line
        if _BULLET.match(line):
            current.bullets.append(line)
            in_list = True
        elif current.bullets and line.strip() and line[:1] in " \t" and in_list:
            current.bullets[-1] += line
        elif not line.strip() and current.bullets and in_list:
            continue  # blank lines around bullets are layout, not text
        else:
            current.free.append(line)
            in_list = False
    return sections


def _tidy(lines: list[str]) -> str:
    """Free text as compared and written: no blank lines at its edges, no runs of them."""
    out: list[str] = []
    for line in lines:
        blank = not line.strip()
        if blank and (not out or not out[-1].strip()):
            continue
        out.append("\n" if blank else line if line.endswith("\n") else line + "\n")
    while out and not out[-1].strip():
        out.pop()
    return "".join(out)


def _fates(base: list[str], side: list[str]) -> tuple[dict[int, str | None], list[tuple[int, str]]]:
    """What one side did to each ancestor bullet (kept: same text, None: removed, else the
    new text), and the bullets it added (with the ancestor position they follow)."""
    keys = [normalise_bullet(b) for b in base]
    side_keys = [normalise_bullet(b) for b in side]
    fate: dict[int, str | None] = {}
    added: list[tuple[int, str]] = []
    matcher = difflib.SequenceMatcher(a=keys, b=side_keys, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                fate[i1 + k] = side[j1 + k]
        else:
            for k in range(i1, i2):
                fate[k] = None
            added += [(i2, side[j]) for j in range(j1, j2)]
    return fate, added


def _mark(bullet: str) -> str:
    first, _, rest = bullet.partition("\n")
    if REVIEW_MARK in first:
        return bullet
    return f"{first.rstrip()} {REVIEW_MARK}\n{rest}"


def _merge_bullets(base: list[str], ours: list[str], theirs: list[str]) -> list[str]:
    our_fate, our_added = _fates(base, ours)
    their_fate, their_added = _fates(base, theirs)
    out: list[tuple[int, str]] = []  # (position in ancestor order, bullet)
    for i, original in enumerate(base):
        mine, other = our_fate.get(i), their_fate.get(i)
        same_mine = mine is not None and mine == original
        same_other = other is not None and other == original
        if mine is None and other is None:
            continue
        if mine is None or other is None:
            survivor = mine if other is None else other
            assert survivor is not None
            if survivor != original:  # removed on one side, edited on the other: the edit is kept
                out.append((i, survivor))
            continue
        if same_mine:
            out.append((i, other))
        elif same_other or normalise_bullet(mine) == normalise_bullet(other):
            out.append((i, mine))
        else:
            out += [(i, _mark(mine)), (i, _mark(other))]
    seen = {normalise_bullet(b) for _, b in out}
    for position, bullet in sorted([*our_added, *their_added], key=lambda pb: pb[0]):
        key = normalise_bullet(bullet)
        if key not in seen:
            seen.add(key)
            out.append((position, bullet))
    out.sort(key=lambda pb: pb[0])  # stable: ancestor order, additions after what they followed
    return [b if b.endswith("\n") else b + "\n" for _, b in out]


def merge_lines(base: str, ours: str, theirs: str) -> tuple[str, bool]:
    """git's own line merge; True when it left a conflict."""
    merged, conflicts = merge_file(base, ours, theirs)
    return merged, conflicts > 0


def merge_memory(base: str, ours: str, theirs: str) -> tuple[str, bool]:
    """(merged MEMORY.md, True if free text conflicted and needs a person)."""
    if ours == theirs or theirs == base:
        return ours, False
    if ours == base:
        return theirs, False
    b, o, t = _parse(base), _parse(ours), _parse(theirs)
    by_name = {
        "base": {s.name: s for s in b},
        "theirs": {s.name: s for s in t},
    }
    names = [s.name for s in o] + [s.name for s in t if s.name not in {x.name for x in o}]
    ours_by = {s.name: s for s in o}
    out: list[str] = []
    conflicted = False
    for name in names:
        mine, other, old = ours_by.get(name), by_name["theirs"].get(name), by_name["base"].get(name)
        if mine is None or other is None:
            survivor = mine or other
            assert survivor is not None
            if old is None or survivor.raw != old.raw:  # new on one side, or removed vs edited
                out.append(survivor.raw)
            continue
        if old is None:
            old = _Section(mine.heading)
        if other.raw == old.raw or mine.raw == other.raw:
            out.append(mine.raw)
            continue
        if mine.raw == old.raw:
            out.append(other.raw)
            continue
        free, clash = merge_lines(_tidy(old.free), _tidy(mine.free), _tidy(other.free))
        conflicted |= clash
        bullets = _merge_bullets(old.bullets, mine.bullets, other.bullets)
        parts = [mine.heading] if mine.heading else []
        if free.strip():
            parts.append(("\n" if mine.heading else "") + free.rstrip("\n") + "\n")
        if bullets:
            parts.append("\n" + "".join(bullets))
        out.append("".join(parts) + "\n")
    return "".join(out), conflicted
