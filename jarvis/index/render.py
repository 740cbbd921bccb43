"""Recall results for people: a rich table and a line saying how fresh the index is.

Works on the JSON-ready dict (`RecallResult.to_dict()`), so an answer from the
server and one computed in-process print the same.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from jarvis.index.terms import COMMENT, query_terms

SNIPPET_CHARS = 180
WIDE = 100  # narrower terminals get a stacked list instead of the table
STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "me",
        "my",
        "of",
        "on",
        "or",
        "the",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "with",
        "you",
        "your",
    ]
)


def snippet(text: str, query: str, width: int = SNIPPET_CHARS) -> tuple[str, list[tuple[int, int]]]:
    """A window of `text` around the first query word, and the (start, end) spans of matches in it."""
    clean = " ".join(COMMENT.sub(" ", text).split())
    stems = [t[:5] if len(t) > 5 else t for t in query_terms(query) if t not in STOP]
    pattern = re.compile(r"\b(" + "|".join(re.escape(s) for s in stems) + r")\w*", re.I) if stems else None
    start = 0
    if pattern and (first := pattern.search(clean)) and first.start() > width // 3:
        start = clean.rfind(" ", 0, first.start() - width // 3) + 1
    window = clean[start : start + width]
    if start + width < len(clean):
        window = window.rsplit(" ", 1)[0] + " …"
    if start:
        window = "… " + window
    spans = [(m.start(), m.end()) for m in pattern.finditer(window)] if pattern else []
    return window, spans


def _ago(iso: str | None) -> str:
    if not iso:
        return "never"
    try:
        then = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    seconds = (datetime.now(then.tzinfo) - then).total_seconds()
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{int(seconds // size)} {unit} ago"
    return "just now"


def freshness_line(result: dict[str, Any]) -> str:
    fresh = result.get("freshness", {})
    synced = result.get("synced")
    base = f"index: {fresh.get('chunks', 0)} chunks from {fresh.get('files', 0)} files"
    waiting = int(fresh.get("unembedded") or 0)
    if waiting:
        base += (
            f" ({waiting:,} not embedded yet, matched by keywords only; "
            "`jarvis index` or the server fills them in)"
        )
    if synced:
        changed = len(synced["new"]) + len(synced["modified"]) + len(synced["deleted"]) + len(synced["moved"])
        return f"{base}; brought up to date before answering ({changed} changed file(s))"
    if fresh.get("busy"):
        return f"{base}; answered from the last complete index while {fresh['busy'].split(': ', 1)[-1]}"
    if fresh.get("stale"):
        return f"{base}; STALE ({len(fresh.get('new', [])) + len(fresh.get('modified', []))} changed file(s))"
    return f"{base}; fresh (last change indexed {_ago(fresh.get('indexed_at'))})"


def _highlighted(hit: dict[str, Any], query: str, width: int = SNIPPET_CHARS) -> Any:
    from rich.text import Text

    window, spans = snippet(hit["text"], query, width)
    text = Text(window)
    for start, end in spans:
        text.stylize("bold yellow", start, end)
    return text


def _score(hit: dict[str, Any], explain: bool, sep: str) -> str:
    score = f"{hit['score']:.3f}"
    if explain:
        s = hit["signals"]
        score += f"{sep}bm25 {s['bm25']:.2f} vec {s['vector']:.2f}{sep}decay {s['decay']:.2f}"
    return score


def render_plain(result: dict[str, Any], width: int, explain: bool = False) -> str:
    """The stacked layout as plain text, for pipes and files (no rich, no colour)."""
    import textwrap

    lines: list[str] = []
    hits = result.get("hits", [])
    query = result.get("query", "")
    if not hits:
        lines.append(f"no memory matches {query!r}")
    for n, hit in enumerate(hits, 1):
        window, _ = snippet(hit["text"], query)
        wrapped = textwrap.wrap(window, max(20, width - 4)) or [""]
        lines.append(f"{n:>2}  {wrapped[0]}")
        lines += [f"    {line}" for line in wrapped[1:]]
        heading = (hit.get("heading") or "").rsplit(" > ", 1)[-1]
        where = f"{hit['path']}:{hit['start_line']}" + (f"  {heading}" if heading else "")
        lines.append(f"    {where}  {_score(hit, explain, ' · ')}")
        if n < len(hits):
            lines.append("")
    rewrite = result.get("rewrite")
    if explain and rewrite:
        lines.append(f"query rewrite ({rewrite['how']}): {rewrite['query']}")
    lines += textwrap.wrap(freshness_line(result), max(20, width))
    return "\n".join(lines)


def render_result(result: dict[str, Any], console: Any, explain: bool = False) -> None:
    """Print a recall result: a table on wide terminals, a stacked list on narrow ones."""
    from rich.table import Table
    from rich.text import Text

    hits = result.get("hits", [])
    query = result.get("query", "")
    if not hits:
        console.print(f"no memory matches {query!r}")
    elif console.width < WIDE:
        # snippet first (the reason to look), then where it is and its score on a line of its own
        from rich.console import Group

        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="dim")
        grid.add_column(ratio=1, overflow="fold")
        for n, hit in enumerate(hits, 1):
            heading = (hit.get("heading") or "").rsplit(" > ", 1)[-1]
            where = Text(f"{hit['path']}:{hit['start_line']}", style="cyan")
            if heading:
                where.append(f"  {heading}", style="magenta")
            where.append(f"  {_score(hit, explain, ' · ')}", style="dim")
            grid.add_row(str(n), Group(_highlighted(hit, query), where))
            if n < len(hits):
                grid.add_row("", "")
        console.print(grid)
    else:
        table = Table(show_lines=False, expand=False, pad_edge=False)
        table.add_column("#", justify="right", style="dim")
        table.add_column("where", style="cyan", no_wrap=True)
        table.add_column("heading", style="magenta", max_width=28)
        table.add_column("snippet", ratio=1)
        table.add_column("score", justify="right")
        for n, hit in enumerate(hits, 1):
            heading = hit.get("heading") or ""
            table.add_row(
                str(n),
                f"{hit['path']}:{hit['start_line']}",
                heading.rsplit(" > ", 1)[-1],
                _highlighted(hit, query),
                _score(hit, explain, "\n"),
            )
        console.print(table)
    rewrite = result.get("rewrite")
    if explain and rewrite:
        console.print(Text(f"query rewrite ({rewrite['how']}): {rewrite['query']}", style="dim"))
    console.print(Text(freshness_line(result), style="dim"))
