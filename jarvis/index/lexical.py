"""The lexical index: tantivy BM25 with English stemming.

Fields: `id` (the chunk's row id in the store), `path` (raw, for deletes and
filters), `path_words`, `body` and `heading` (stemmed), `category` and `date`.
A pointer file `lexical.json` names the live tantivy folder and the store
generation it matches; it is rewritten (atomically) only after a tantivy commit.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jarvis.fsutil import atomic_write
from jarvis.index.terms import query_terms

POINTER = "lexical.json"
HEAP_BYTES = 64_000_000
FIELD_BOOSTS = {"body": 1.0, "context": 0.5, "heading": 0.3, "path_words": 0.2}


def _schema() -> Any:
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_unsigned_field("id", stored=True, indexed=True, fast=True)
    builder.add_text_field("path", stored=False, tokenizer_name="raw")
    builder.add_text_field("path_words", stored=False, tokenizer_name="default")
    builder.add_text_field("body", stored=False, tokenizer_name="en_stem")
    builder.add_text_field("heading", stored=False, tokenizer_name="en_stem")
    builder.add_text_field("context", stored=False, tokenizer_name="en_stem")
    builder.add_text_field("category", stored=False, tokenizer_name="raw")
    builder.add_text_field("date", stored=False, tokenizer_name="raw")
    return builder.build()


def read_pointer(index_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((index_dir / POINTER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not (index_dir / str(data.get("dir", ""))).is_dir():
        return None
    return data


def write_pointer(index_dir: Path, folder: str, generation: int) -> None:
    atomic_write(index_dir / POINTER, json.dumps({"dir": folder, "generation": generation}))


def _add(writer: Any, rows: Iterable[tuple[Any, ...]]) -> int:
    import tantivy

    n = 0
    for rowid, path, heading, text, context, category, date in rows:
        doc = tantivy.Document()
        doc.add_unsigned("id", int(rowid))
        doc.add_text("path", path)
        doc.add_text("path_words", path.replace("/", " ").replace("-", " ").replace("_", " "))
        doc.add_text("body", text)
        doc.add_text("heading", heading or "")
        doc.add_text("context", context or "")
        doc.add_text("category", category or "")
        doc.add_text("date", date or "")
        writer.add_document(doc)
        n += 1
    return n


def rebuild(index_dir: Path, rows: Iterable[tuple[Any, ...]], generation: int) -> None:
    """Build a fresh tantivy folder from store rows, then switch the pointer to it."""
    import tantivy

    folder = f"lexical-{generation}"
    target = index_dir / folder
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    index = tantivy.Index(_schema(), path=str(target))
    writer = index.writer(heap_size=HEAP_BYTES, num_threads=1)
    _add(writer, rows)
    writer.commit()
    writer.wait_merging_threads()
    write_pointer(index_dir, folder, generation)
    for stale in index_dir.glob("lexical-*"):
        if stale.name != folder:
            with contextlib.suppress(OSError):
                shutil.rmtree(stale)


def update(index_dir: Path, remove: Iterable[str], rows: Iterable[tuple[Any, ...]], generation: int) -> None:
    """Delete the chunks of `remove` paths, add `rows`, commit, then advance the pointer."""
    import tantivy

    pointer = read_pointer(index_dir)
    if pointer is None:
        raise FileNotFoundError("no lexical index")
    index = tantivy.Index(_schema(), path=str(index_dir / pointer["dir"]))
    writer = index.writer(heap_size=HEAP_BYTES, num_threads=1)
    for path in remove:
        writer.delete_documents_by_term("path", path)
    _add(writer, rows)
    writer.commit()
    writer.wait_merging_threads()
    write_pointer(index_dir, pointer["dir"], generation)


def open_index(index_dir: Path) -> tuple[Any, int] | None:
    """(tantivy Index, generation) of the live lexical index, or None."""
    import tantivy

    pointer = read_pointer(index_dir)
    if pointer is None:
        return None
    try:
        return tantivy.Index.open(str(index_dir / pointer["dir"])), int(pointer["generation"])
    except ValueError:
        return None


def search(index: Any, text: str, limit: int) -> list[tuple[int, float]]:
    """(chunk row id, BM25 score) best first; an empty list when the query has no words."""
    terms = query_terms(text)
    if not terms:
        return []
    query, _errors = index.parse_query_lenient(" ".join(terms), list(FIELD_BOOSTS), field_boosts=FIELD_BOOSTS)
    searcher = index.searcher()
    result = searcher.search(query, limit, count=False)
    out: list[tuple[int, float]] = []
    for score, address in result.hits:
        doc = searcher.doc(address)
        out.append((int(doc["id"][0]), float(score)))
    return out
