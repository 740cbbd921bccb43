"""MEMORY.md: `## Section` headings holding dated bullets `- (YYYY-MM-DD) text`.

Edits are minimal diffs: adding, replacing or removing a bullet touches only that bullet's lines;
every other line (a person's odd formatting, comments, blank lines, other headings) stays
byte-for-byte. Bullets are matched by normalised text (date prefix, whitespace and case ignored).
Text is not redacted here: callers pass what they write through `jarvis.redact` first.
See adr/0011-memory-md-model.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from jarvis.errors import NotFound, UsageError

_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$|^ {0,3}(#{1,6})[ \t]*$")
_BULLET = re.compile(r"^[-*+](?:[ \t]+|$)")
_DATED = re.compile(r"^[-*+][ \t]+\((\d{4}-\d{2}-\d{2})\)[ \t]*")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_DATE_PREFIX = re.compile(r"^\s*(?:[-*+]\s+)?(?:\(\d{4}-\d{2}-\d{2}\)\s*)?")
SECTION_LEVEL = 2


def normalise_bullet(text: str) -> str:
    """Key for matching bullets: no bullet marker or date prefix, whitespace collapsed, casefolded."""
    return " ".join(_DATE_PREFIX.sub("", text, count=1).split()).casefold()


def parse_memory(text: str) -> MemoryDoc:
    """Sections (`## Heading` up to the next `#`/`##` heading) and their top-level bullets."""
    lines = _lines(text)
    kinds = _classify(lines)
    sections: list[Section] = []
    current: dict[str, object] | None = None
    bullets: list[Bullet] = []
    i = 0
    while i < len(lines):
        kind = kinds[i]
        if kind.startswith("h"):
            level = int(kind[1:])
            if level <= SECTION_LEVEL:
                if current is not None:
                    sections.append(_section(current, i, bullets))
                current = (
                    {"name": _heading_text(lines[i]), "level": level, "start": i} if level == 2 else None
                )
                bullets = []
        elif kind == "bullet" and current is not None:
            end = _bullet_end(lines, kinds, i)
            bullets.append(_bullet(lines, i, end))
            i = end
            continue
        i += 1
    if current is not None:
        sections.append(_section(current, len(lines), bullets))
    return MemoryDoc(sections=tuple(sections), line_count=len(lines))


def find_section(text: str, section: str) -> Section | None:
    wanted = " ".join(section.split()).casefold()
    for sec in parse_memory(text).sections:
        if " ".join(sec.name.split()).casefold() == wanted:
            return sec
    return None


def find_bullet(text: str, bullet: str, section: str | None = None) -> tuple[Section, Bullet] | None:
    """The first bullet whose normalised text matches, in `section` or (None) anywhere."""
    key = normalise_bullet(bullet)
    wanted = None if section is None else " ".join(section.split()).casefold()
    for sec in parse_memory(text).sections:
        if wanted is not None and " ".join(sec.name.split()).casefold() != wanted:
            continue
        for b in sec.bullets:
            if normalise_bullet(b.text) == key:
                return sec, b
    return None


def count_bullets(text: str) -> int:
    """Top-level bullets under `##` sections."""
    return sum(len(sec.bullets) for sec in parse_memory(text).sections)


def format_bullet(bullet: str, day: date | str) -> str:
    """`- (YYYY-MM-DD) text\\n`; extra lines of a multi-line text are indented as continuation."""
    stamp = day.isoformat() if isinstance(day, date) else str(day)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", stamp):
        raise UsageError(f"{stamp!r} is not a date; use YYYY-MM-DD")
    body = _DATE_PREFIX.sub("", bullet.strip(), count=1)
    rows = [row.rstrip() for row in body.split("\n")]
    rows = [row for row in rows if row.strip()]
    if not rows:
        raise UsageError("the bullet text is empty; give the fact to record")
    first, rest = rows[0], [f"  {row.strip()}" for row in rows[1:]]
    return "\n".join([f"- ({stamp}) {first}", *rest]) + "\n"


def add_bullet(text: str, section: str, bullet: str, day: date | str) -> str:
    """Append a dated bullet after the section's last bullet; create the section at the end if missing.

    An exact duplicate (normalised) already in the section leaves the text unchanged.
    """
    new = format_bullet(bullet, day)
    sec = find_section(text, section)
    lines = _lines(text)
    if sec is None:
        prefix = "" if not text or text.endswith("\n") else "\n"
        gap = "\n" if text.strip() and not text.endswith("\n\n") else ""
        return _checked(f"{text}{prefix}{gap}## {' '.join(section.split())}\n\n{new}", section, new)
    if any(normalise_bullet(b.text) == normalise_bullet(new) for b in sec.bullets):
        return text
    if sec.bullets:
        at = sec.bullets[-1].end_line
        return _checked(_splice(lines, at, at, new), section, new)
    at = sec.start_line  # after the heading, or after the last non-blank line of the section
    for i in range(sec.start_line, sec.end_line):
        if lines[i].strip():
            at = i + 1
    padded = "\n" + new if at == sec.start_line and at < len(lines) and not lines[at].strip() else new
    return _checked(_splice(lines, at, at, padded), section, new)  # padded: heading, blank, bullet, blank


def _checked(result: str, section: str, bullet: str) -> str:
    if find_bullet(result, bullet, section) is None:
        raise UsageError(
            "MEMORY.md: a code block or HTML comment is left open, so a new bullet would be hidden; "
            "close it (``` or -->), then retry"
        )
    return result


def replace_bullet(text: str, section: str | None, old: str, new: str, day: date | str) -> str:
    """Replace the bullet matching `old` (normalised) by `- (day) new`; NotFound when absent."""
    _sec, b = _require(text, section, old)
    return _splice(_lines(text), b.start_line - 1, b.end_line, format_bullet(new, day))


def remove_bullet(text: str, section: str | None, old: str) -> str:
    """Remove the bullet matching `old` (normalised), continuation lines included; NotFound when absent."""
    sec, b = _require(text, section, old)
    lines = _lines(text)
    start = b.start_line - 1
    if (
        len(sec.bullets) == 1
        and start - 2 == sec.start_line - 1
        and not lines[start - 1].strip()
        and b.end_line < len(lines)
        and not lines[b.end_line].strip()
    ):
        start -= 1  # the section's only bullet sat between two blank lines: keep one of them
    return _splice(lines, start, b.end_line, "")


def _require(text: str, section: str | None, old: str) -> tuple[Section, Bullet]:
    if section is not None and find_section(text, section) is None:
        raise NotFound(f"MEMORY.md: no section '## {section}'; check the heading in MEMORY.md")
    found = find_bullet(text, old, section)
    if found is None:
        where = f"under '## {section}'" if section is not None else "in any section"
        short = old.strip().replace("\n", " ")
        short = short if len(short) <= 60 else short[:57] + "..."
        raise NotFound(
            f"MEMORY.md: no bullet {short!r} {where}; see the bullets with `jarvis read MEMORY.md`"
        )
    return found


def _lines(text: str) -> list[str]:
    """Lines split on "\\n" only, each keeping its newline (the last may have none)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def _splice(lines: list[str], start: int, end: int, insert: str) -> str:
    """Replace lines[start:end] by `insert`, keeping the file's final-newline style."""
    lines = list(lines)
    new = _lines(insert)
    if lines and not lines[-1].endswith("\n") and end == len(lines):
        if start == end and new:  # appending after an unterminated last line
            lines[-1] += "\n"
            new[-1] = new[-1].rstrip("\n")
        elif new:  # replacing the last line(s)
            new[-1] = new[-1].rstrip("\n")
        elif start > 0:  # removing the last line(s): the line before becomes the last
            lines[start - 1] = lines[start - 1].rstrip("\n")
    return "".join(lines[:start] + new + lines[end:])


def _classify(lines: list[str]) -> list[str]:
    """Per line: h1..h6, bullet, blank, text, or code (inside frontmatter, fences or HTML comments)."""
    kinds: list[str] = []
    fence: str | None = None
    comment = False
    frontmatter = bool(lines) and lines[0].rstrip() == "---"
    for i, line in enumerate(lines):
        stripped = line.strip()
        if frontmatter:
            kinds.append("code")
            if i > 0 and line.rstrip() == "---":
                frontmatter = False
            continue
        if comment:
            kinds.append("code")
            comment = "-->" not in line
            continue
        m = _FENCE.match(line)
        if fence is not None or m:
            kinds.append("code")
            if m and (fence is None or m.group(1) == fence):
                fence = None if fence is not None else m.group(1)
            continue
        if stripped.startswith("<!--") and "-->" not in stripped:
            kinds.append("code")
            comment = True
            continue
        h = _HEADING.match(line.rstrip("\n"))
        if h:
            kinds.append(f"h{len(h.group(1) or h.group(3))}")
        elif _BULLET.match(line):
            kinds.append("bullet")
        else:
            kinds.append("blank" if not stripped else "text")
    return kinds


def _bullet_end(lines: list[str], kinds: list[str], start: int) -> int:
    """Index after the bullet's last line: lazy and indented continuation, blank lines before indented ones."""
    end = start + 1
    i = start + 1
    while i < len(lines):
        kind = kinds[i]
        if kind == "blank":
            i += 1
            continue
        indented = lines[i][:1] in (" ", "\t")
        gap = i > end  # blank lines between
        if kind.startswith("h") or (kind == "bullet" and not indented):
            break
        if not indented and (lines[i].lstrip().startswith("<!--") or _RULE.match(lines[i])):
            break
        if gap and not indented:
            break
        if kind == "code" and not indented and lines[i].lstrip().startswith(("```", "~~~")):
            break
        i += 1
        end = i
    return end


def _bullet(lines: list[str], start: int, end: int) -> Bullet:
    first = lines[start].rstrip("\n")
    m = _DATED.match(first)
    day = m.group(1) if m else None
    head = first[m.end() :] if m else _BULLET.sub("", first, count=1)
    rest = [line.strip() for line in lines[start + 1 : end] if line.strip()]
    text = "\n".join([head.strip(), *rest]).strip()
    return Bullet(date=day, text=text, start_line=start + 1, end_line=end, raw="".join(lines[start:end]))


def _section(current: dict[str, object], end: int, bullets: list[Bullet]) -> Section:
    start = int(str(current["start"]))
    return Section(
        name=str(current["name"]), level=2, start_line=start + 1, end_line=end, bullets=tuple(bullets)
    )


def _heading_text(line: str) -> str:
    m = _HEADING.match(line.rstrip("\n"))
    return (m.group(2) or "").strip() if m else line.strip()


@dataclass(frozen=True)
class Bullet:
    """A top-level bullet. Lines are 1-based and inclusive; `raw` is the text as written."""

    date: str | None
    text: str
    start_line: int
    end_line: int
    raw: str


@dataclass(frozen=True)
class Section:
    """`## name` at `start_line`; the section runs to `end_line` (1-based, inclusive)."""

    name: str
    level: int
    start_line: int
    end_line: int
    bullets: tuple[Bullet, ...]


@dataclass(frozen=True)
class MemoryDoc:
    sections: tuple[Section, ...]
    line_count: int

    def section(self, name: str) -> Section | None:
        wanted = " ".join(name.split()).casefold()
        return next((s for s in self.sections if " ".join(s.name.split()).casefold() == wanted), None)

    @property
    def bullet_count(self) -> int:
        return sum(len(s.bullets) for s in self.sections)
