"""Chunking: markdown structure, exact line ranges, bounded size with overlap."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from jarvis.index.chunk import FileInfo, chunk_text

INFO = FileInfo(path="memory/2024-05-01.md", date="2024-05-01")
DOC = """# 2024-05-01

## 09:00 · standup

- Deployed the API to staging
  with the new cache layer
- Alice owns the migration

A closing paragraph
over two lines.

```
# not a heading
```
### Deep
- nested heading item
"""


def lines_of(text: str, start: int, end: int) -> str:
    return "\n".join(text.split("\n")[start - 1 : end])


def test_blocks_keep_heading_trail_and_exact_line_ranges() -> None:
    chunks = chunk_text(INFO, DOC)
    assert [c.text.split("\n")[0] for c in chunks] == [
        "- Deployed the API to staging",
        "- Alice owns the migration",
        "A closing paragraph",
        "```",
        "- nested heading item",
    ]
    first = chunks[0]
    assert (first.start_line, first.end_line) == (5, 6)
    assert first.heading == "2024-05-01 > 09:00 · standup"
    assert chunks[-1].heading == "2024-05-01 > 09:00 · standup > Deep"
    for c in chunks:
        assert lines_of(DOC, c.start_line, c.end_line) == c.text
    assert "# not a heading" in chunks[3].text  # fenced code is not a heading


def test_section_unit_packs_blocks_of_one_section() -> None:
    chunks = chunk_text(INFO, DOC, unit="section")
    assert len(chunks) == 2
    assert "Alice" in chunks[0].text and "closing paragraph" in chunks[0].text
    assert chunks[1].heading.endswith("Deep")


def test_html_comments_are_not_searched_but_kept_for_reading() -> None:
    text = "- <!-- conv-1:D1:3 --> **Ann:** I went to the support group"
    (chunk,) = chunk_text(INFO, text)
    assert "conv-1:D1:3" in chunk.text
    assert "conv-1" not in chunk.search_text
    assert chunk.embed_text == "- **Ann:** I went to the support group"


def test_long_text_is_split_with_overlap_and_bounded() -> None:
    sentences = " ".join(f"Sentence number {i} talks about topic {i}." for i in range(80))
    chunks = chunk_text(INFO, f"# Notes\n\n{sentences}\n", limit=300, overlap=60)
    assert len(chunks) > 5
    assert all(len(c.text) <= 300 for c in chunks)
    for before, after in itertools.pairwise(chunks):
        assert before.text[-20:].split(" ")[-1] in after.text  # carried over
    assert all(c.start_line == c.end_line == 3 for c in chunks)


def test_fragment_stays_whole() -> None:
    body = "---\nid: mem-1\n---\nUses tabs.\n\n- even in YAML\n- and JSON\n"
    chunks = chunk_text(INFO, body, body_line=3, whole=True)
    assert len(chunks) == 1
    assert chunks[0].start_line == 4 and "and JSON" in chunks[0].text


LINE = st.one_of(
    st.text(alphabet="abc XYZ.!?-#*`", max_size=400),
    st.sampled_from(["", "# h", "## h2", "- item", "  cont", "```", "1. one"]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINE, max_size=40), st.sampled_from(["block", "section"]))
def test_any_markdown_gives_bounded_chunks_inside_their_lines(lines: list[str], unit: str) -> None:
    text = "\n".join(lines)
    for c in chunk_text(INFO, text, unit=unit, limit=200, overlap=40):
        assert len(c.text) <= 200
        assert 1 <= c.start_line <= c.end_line <= len(lines)
        assert c.text.strip()
        source = lines_of(text, c.start_line, c.end_line)
        assert c.text in source
