"""Markdown-aware chunking.

A file becomes blocks (a list item with its continuation lines, a paragraph, a
fenced code block) grouped under their heading trail. Two shapes:

- `block` (default): every block is its own chunk (one daily-log entry, one bullet);
- `section`: consecutive blocks of one section are packed up to `chunk_chars`.

A fragment (memory/notes/…) is one chunk, whole. Anything longer than
`chunk_chars` is split on line, then sentence, boundaries with `chunk_overlap`
characters carried over. Every chunk keeps its exact source line range.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace

from jarvis.index.terms import COMMENT

CHUNKER_VERSION = 5
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s+|$)")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)|!?\[([^\]]*)\]\[[^\]]*\]")
BARE_URL = re.compile(r"<?(?:[a-z][a-z0-9+.-]*://|www\.|mailto:)[^\s>]*>?", re.I)
HEADING_LINE = re.compile(r"^ {0,3}#{1,6}(?:\s.*)?$", re.M)
WORD = re.compile(r"[^\W\d_]{2,}|[\u2e80-\U0002ffff]")  # a word of letters, or one CJK character
LABEL_WORDS = 2  # link texts this short ("source", "docs", "see here") are labels, not content
UNITS = ("block", "section")


@dataclass(frozen=True)
class FileInfo:
    """What a file tells every one of its chunks."""

    path: str
    date: str | None = None  # ISO date (YYYY-MM-DD) or None
    category: str | None = None
    gate: str = "allow"
    status: str = "active"
    pinned: bool = False
    evergreen: bool = False
    fragment_id: str | None = None


@dataclass(frozen=True)
class Chunk:
    chunk_id: str
    path: str
    start_line: int  # 1-based, inclusive
    end_line: int
    heading: str  # heading trail, " > " joined
    text: str  # the source text of the lines (what a person reads)
    info: FileInfo
    context: str = ""  # the block before it in the same section
    after: str = ""  # the block after it in the same section
    lexical_context: bool = False  # neighbours also go into the BM25 text

    @property
    def _neighbours(self) -> tuple[str, str]:
        return (
            " ".join(COMMENT.sub(" ", self.context).split()),
            " ".join(COMMENT.sub(" ", self.after).split()),
        )

    @property
    def own_text(self) -> str:
        """The chunk's words: HTML comments (invisible in rendered markdown) removed."""
        return " ".join(COMMENT.sub(" ", self.text).split())

    @property
    def search_text(self) -> str:
        """Text given to BM25's body field."""
        return self.own_text

    @property
    def context_text(self) -> str:
        """Neighbours for BM25's lower-weighted context field (empty unless lexical_context)."""
        return " ".join(t for t in self._neighbours if t) if self.lexical_context else ""

    @property
    def embed_text(self) -> str:
        """Text given to the embedding model: heading trail, the block before, own words."""
        before = self._neighbours[0]
        body = f"{before}\n{self.own_text}" if before else self.own_text
        return f"{self.heading}\n{body}" if self.heading else body


@dataclass(frozen=True)
class _Block:
    start: int  # 0-based line index in the file
    lines: tuple[str, ...]
    heading: str


def _blocks(lines: list[str], first: int) -> list[_Block]:
    """Split lines[first:] into blocks under their heading trail."""
    trail: list[tuple[int, str]] = []
    blocks: list[_Block] = []
    current: list[str] = []
    start = first
    in_fence = ""
    in_item = False

    def flush() -> None:
        nonlocal current
        while current and not current[-1].strip():
            current.pop()
        if current:
            heading = " > ".join(t for _, t in trail)
            blocks.append(_Block(start, tuple(current), heading))
        current = []

    for index in range(first, len(lines)):
        line = lines[index]
        if in_fence:
            current.append(line)
            if line.strip().startswith(in_fence):
                in_fence = ""
            continue
        fence = FENCE.match(line)
        heading = HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            trail = [(lvl, t) for lvl, t in trail if lvl < level] + [(level, heading.group(2).strip())]
            in_item = False
            continue
        if not line.strip():
            if current and not in_item:
                flush()
            elif current:
                current.append(line)
            continue
        indented = line.startswith(("  ", "\t"))
        if LIST_ITEM.match(line) and not indented:
            flush()
            start, in_item = index, True
        elif in_item and current and not current[-1].strip() and not indented:
            flush()
            start, in_item = index, False
        elif not current:
            start, in_item = index, False
        current.append(line)
        if fence:
            in_fence = fence.group(1)
    flush()
    return blocks


def _split_long(text: str, limit: int, overlap: int) -> list[str]:
    """Pieces of at most ~limit characters, cut at sentence ends, sharing ~overlap characters."""
    sentences = [s for s in SENTENCE_END.split(text) if s]
    pieces: list[str] = []
    for sentence in sentences:
        while len(sentence) > limit:  # one enormous sentence: hard cut
            pieces.append(sentence[:limit])
            sentence = sentence[max(1, limit - overlap) :]
        pieces.append(sentence)
    out: list[str] = []
    current = ""
    for piece in pieces:
        if current and len(current) + 1 + len(piece) > limit:
            out.append(current)
            tail = current[-overlap:] if overlap else ""
            cut = tail.find(" ")
            current = tail[cut + 1 :] if cut >= 0 and overlap else ""
        current = f"{current} {piece}" if current else piece
    if current:
        out.append(current)
    return out


def _chunk_id(path: str, start: int, end: int, part: int, text: str) -> str:
    return hashlib.sha1(f"{path}\0{start}\0{end}\0{part}\0{text}".encode()).hexdigest()[:16]


def _emit(
    info: FileInfo, start: int, lines: list[str], heading: str, limit: int, overlap: int
) -> list[Chunk]:
    """Chunks for one run of source lines (0-based start), split when over the limit."""
    text = "\n".join(lines).strip("\n")
    end = start + len(lines)
    if len(text) <= limit:
        return [
            Chunk(_chunk_id(info.path, start, end, 0, text), info.path, start + 1, end, heading, text, info)
        ]
    # Long: group whole lines up to the limit, splitting a single long line by sentences.
    out: list[Chunk] = []
    group: list[str] = []
    group_start = start
    for offset, line in enumerate(lines):
        if len(line) > limit:
            if group:
                out += _emit(info, group_start, group, heading, limit, overlap)
                group = []
            for part, piece in enumerate(_split_long(line, limit, overlap)):
                line_no = start + offset + 1
                cid = _chunk_id(info.path, line_no, line_no, part, piece)
                out.append(Chunk(cid, info.path, line_no, line_no, heading, piece, info))
            group_start = start + offset + 1
            continue
        if group and sum(len(g) + 1 for g in group) + len(line) > limit:
            out += _emit(info, group_start, group, heading, limit, overlap)
            carried: list[str] = []
            for prev in reversed(group):
                if sum(len(c) + 1 for c in carried) + len(prev) > overlap:
                    break
                carried.insert(0, prev)
            group_start = start + offset - len(carried)
            group = carried
        if not group:
            group_start = start + offset
        group.append(line)
    if group and any(g.strip() for g in group):
        out += _emit(info, group_start, group, heading, limit, overlap)
    return out


def chunk_text(
    info: FileInfo,
    text: str,
    body_line: int = 0,
    *,
    unit: str = "block",
    limit: int = 1200,
    overlap: int = 150,
    whole: bool = False,
    context: int = 0,
    lexical_context: bool = False,
) -> list[Chunk]:
    """Chunks of a file's text; `body_line` is the 0-based line where the body starts (after frontmatter).

    `whole` keeps the body as one chunk (fragments) unless it is over the limit. With
    `context` > 0 (block unit), each chunk carries up to that many characters of the
    blocks before and after it in its section, embedded with it (a reply is understood with
    its question); `lexical_context` puts them in the BM25 text too.
    """
    if unit not in UNITS:
        raise ValueError(f"unknown chunk unit {unit!r}")
    lines = text.split("\n")
    blocks = _blocks(lines, body_line)
    if not blocks:
        return []
    if whole:
        first, last = blocks[0], blocks[-1]
        span = lines[first.start : last.start + len(last.lines)]
        return _emit(info, first.start, span, first.heading, limit, overlap)
    chunks: list[Chunk] = []
    if unit == "block":
        for n, block in enumerate(blocks):
            made = _emit(info, block.start, list(block.lines), block.heading, limit, overlap)
            if context:
                prev = blocks[n - 1] if n and blocks[n - 1].heading == block.heading else None
                nxt = (
                    blocks[n + 1] if n + 1 < len(blocks) and blocks[n + 1].heading == block.heading else None
                )
                before = "\n".join(prev.lines)[-context:] if prev else ""
                after = "\n".join(nxt.lines)[:context] if nxt else ""
                made = [
                    replace(c, context=before, after=after, lexical_context=lexical_context) for c in made
                ]
            chunks += made
        return chunks
    group: list[_Block] = []

    def flush() -> None:
        if group:
            span = lines[group[0].start : group[-1].start + len(group[-1].lines)]
            chunks.extend(_emit(info, group[0].start, span, group[0].heading, limit, overlap))
            group.clear()

    size = 0
    for block in blocks:
        length = sum(len(line) + 1 for line in block.lines)
        if group and (block.heading != group[0].heading or size + length > limit):
            flush()
            size = 0
        group.append(block)
        size += length
    flush()
    return chunks


def with_info(chunks: list[Chunk], info: FileInfo) -> list[Chunk]:
    return [replace(c, info=info) for c in chunks]


def has_own_words(text: str) -> bool:
    """False for a chunk with no words of its own: bare links, short-labelled links, a lone heading.

    Such a chunk may join a passage around it, but is never a result by itself.
    """

    def label(match: re.Match[str]) -> str:
        words = (match.group(1) or match.group(2) or "").split()
        return " ".join(words) if len(words) > LABEL_WORDS else " "

    body = COMMENT.sub(" ", text)
    body = HEADING_LINE.sub(" ", body)
    body = MD_LINK.sub(label, body)
    body = BARE_URL.sub(" ", body)
    return WORD.search(body) is not None
