"""Markdown to HTML for the file view: raw HTML off, every block anchored at its file line.

Each top block and list item gets `id="L<n>"` (its first line in the file, frontmatter
counted), so recall can link to `/file/<path>#L12`; blocks inside a highlighted line range
get the class `hit`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

ANCHORED = {
    "heading_open",
    "paragraph_open",
    "list_item_open",
    "blockquote_open",
    "table_open",
    "fence",
    "code_block",
    "hr",
}


@lru_cache(maxsize=1)
def _parser() -> Any:
    from markdown_it import MarkdownIt

    # "html": False escapes any HTML in a note; markdown-it refuses javascript: and data: links.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def render_block(body: str, first_line: int = 1, lines: tuple[int, int] | None = None) -> str:
    """HTML of `body`, whose first line is line `first_line` of its file."""
    md = _parser()
    tokens = md.parse(body)
    used: set[int] = set()
    for token in tokens:
        if token.type not in ANCHORED or not token.map or token.nesting < 0:
            continue
        start = token.map[0] + first_line
        end = token.map[1] + first_line - 1
        if start not in used:
            used.add(start)
            token.attrSet("id", f"L{start}")
        if lines and start <= lines[1] and end >= lines[0] and token.type != "list_item_open":
            token.attrJoin("class", "hit")
    html: str = md.renderer.render(tokens, md.options, {})
    return html


def render_inline(text: str) -> str:
    """One line of markdown (a MEMORY.md bullet) as inline HTML."""
    html: str = _parser().renderInline(text)
    return html
