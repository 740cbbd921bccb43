"""The document model: markdown with optional YAML frontmatter, parsed once at the boundary.

`parse_document` never fails: frontmatter that is not valid YAML, or not a mapping, becomes a
warning and the whole text is read as plain markdown (nothing lost, nothing rewritten).
Values are normalised so downstream code sees one shape: dates -> ISO strings, text-typed keys
keep the scalar exactly as written (`title: yes` -> "yes", `id: 0123` -> "0123"), tags -> list[str].

Fragments (memory/notes/**.md) live in `jarvis.fragment`; their names are re-exported here.
See adr/0010-document-model.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from jarvis.fsutil import read_text

if TYPE_CHECKING:  # re-exported lazily below (jarvis.fragment imports this module)
    from jarvis.fragment import Fragment, new_fragment_id, parse_fragment, render_fragment, slugify

__all__ = [
    "Document",
    "Fragment",
    "first_heading",
    "new_fragment_id",
    "parse_document",
    "parse_fragment",
    "read_document",
    "render_fragment",
    "slugify",
    "split_frontmatter",
    "title_of",
]
_FRAGMENT_NAMES = frozenset({"Fragment", "new_fragment_id", "parse_fragment", "render_fragment", "slugify"})

# Keys whose value is text whatever YAML thinks it is: the scalar is kept exactly as written.
TEXT_KEYS = frozenset(
    {"title", "id", "category", "type", "priority", "gate", "status", "superseded_by", "source", "slug"}
)
# Keys holding a date: a YAML date/datetime becomes its ISO string, any other scalar is kept as written.
DATE_KEYS = frozenset({"created", "updated", "date"})
MAX_YAML_NODES = 5000
# libyaml's parser when PyYAML was built with it (about 10x faster), same SafeConstructor rules.
YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def split_frontmatter(text: str) -> tuple[str, str] | None:
    """(frontmatter_raw, body) when `text` opens with a `---` line and has a closing one, else None.

    The body is exactly the text after the closing `---` line (its newline included in neither).
    """
    first, sep, rest = text.partition("\n")
    if first.rstrip() != "---" or not sep:
        return None
    pos = 0
    while pos <= len(rest):
        end = rest.find("\n", pos)
        line = rest[pos:] if end == -1 else rest[pos:end]
        if line.rstrip() == "---":
            return rest[:pos], ("" if end == -1 else rest[end + 1 :])
        if end == -1:
            return None
        pos = end + 1
    return None


def load_yaml_mapping(raw: str) -> tuple[dict[str, Any], list[str]]:
    """Load frontmatter YAML into a normalised dict. Raises ValueError with a one-line reason."""
    loader = YAML_LOADER(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}, []
        if not isinstance(node, yaml.MappingNode):
            kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            raise ValueError(f"it is {kind}, not a mapping of keys")
        if _count_nodes(node) > MAX_YAML_NODES:
            raise ValueError(f"more than {MAX_YAML_NODES} values")
        return _mapping(loader, node)
    except yaml.YAMLError as exc:
        raise ValueError(_yaml_reason(exc)) from None
    except (RecursionError, OverflowError, ValueError, TypeError) as exc:
        raise ValueError(str(exc) or type(exc).__name__) from None
    finally:
        loader.dispose()


def normalise(value: Any) -> Any:
    """Dates -> ISO strings, mapping keys -> str, sequences -> lists, recursively."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, dict):
        return {_key_text(k): normalise(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [normalise(v) for v in items]
    return value


def split_tags(value: Any) -> list[str] | None:
    """Tags given as a list or as "a, b" / "a b" text -> list[str] (order kept, no duplicates).

    None when the value cannot be read as tags (a mapping, nested lists).
    """
    if value is None:
        return []
    if isinstance(value, str):
        parts: list[Any] = re.split(r"[,\s]+", value)
    elif isinstance(value, list):
        parts = value
    else:
        parts = [value]
    tags: list[str] = []
    for part in parts:
        if isinstance(part, dict | list):
            return None
        if part is None:
            continue
        tag = str(part).strip()
        if tag and tag not in tags:
            tags.append(tag)
    return tags


def parse_document(text: str, name: str) -> Document:
    """Parse decoded text (see `jarvis.fsutil.decode_text`) into a Document. Never raises."""
    split = split_frontmatter(text)
    if split is None:
        return Document(meta={}, body=text, has_frontmatter=False, frontmatter_raw=None)
    raw, body = split
    try:
        meta, notes = load_yaml_mapping(raw)
    except ValueError as exc:
        reason = f"frontmatter is not valid YAML ({exc}); read as plain markdown"
        return Document(
            meta={},
            body=text,
            has_frontmatter=False,
            frontmatter_raw=None,
            warnings=(f"{name}: {reason}",),
            frontmatter_error=str(exc),
        )
    return Document(
        meta=meta,
        body=body,
        has_frontmatter=True,
        frontmatter_raw=raw,
        warnings=tuple(f"{name}: {note}" for note in notes),
    )


def read_document(path: Path, max_bytes: int, name: str | None = None) -> Document:
    """Read and parse a file. InputError (binary, not UTF-8, too large) propagates."""
    label = name or str(path)
    text, warnings = read_text(path, max_bytes, label)
    doc = parse_document(text, label)
    if not warnings:
        return doc
    return Document(
        meta=doc.meta,
        body=doc.body,
        has_frontmatter=doc.has_frontmatter,
        frontmatter_raw=doc.frontmatter_raw,
        warnings=(*warnings, *doc.warnings),
        frontmatter_error=doc.frontmatter_error,
    )


def first_heading(body: str) -> str | None:
    """The text of the first ATX heading outside code fences (`# Title` -> "Title")."""
    fence: str | None = None
    for line in body.split("\n"):
        m = _FENCE.match(line)
        if m:
            fence = None if fence == m.group(1) else (fence or m.group(1))
            continue
        if fence is None:
            h = _HEADING.match(line)
            if h:
                return h.group(2).strip()
    return None


def title_of(doc: Document, path: Path | str) -> str:
    """Frontmatter title, else the first heading, else the file name without extension."""
    title = doc.meta.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    return first_heading(doc.body) or Path(path).stem


def _count_nodes(node: yaml.Node) -> int:
    """Nodes with aliases expanded, stopping early past the limit (guards alias bombs)."""
    count, stack = 0, [node]
    while stack and count <= MAX_YAML_NODES:
        current = stack.pop()
        count += 1
        if isinstance(current, yaml.MappingNode):
            for k, v in current.value:
                stack.extend((k, v))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
    return count


def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> tuple[dict[str, Any], list[str]]:
    notes: list[str] = []
    if any(k.tag == "tag:yaml.org,2002:merge" for k, _ in node.value):
        data = loader.construct_document(node)
        return {_key_text(k): normalise(v) for k, v in data.items()}, notes
    meta: dict[str, Any] = {}
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode):
            key = key_node.value
        else:
            key = _key_text(normalise(loader.construct_object(key_node, deep=True)))
        if key in meta:
            notes.append(f"key '{key}' appears twice in the frontmatter; the last one is used")
        meta[key] = _value(loader, key, value_node)
    return meta, notes


def _value(loader: yaml.SafeLoader, key: str, node: yaml.Node) -> Any:
    value = loader.construct_object(node, deep=True)
    if key == "tags":
        if isinstance(node, yaml.SequenceNode):
            value = [
                _scalar_text(n) if isinstance(n, yaml.ScalarNode) else _construct(loader, n)
                for n in node.value
            ]
        tags = split_tags(normalise(value))
        return normalise(value) if tags is None else tags
    if isinstance(node, yaml.ScalarNode) and value is not None:
        if key in DATE_KEYS and isinstance(value, datetime | date):
            return value.isoformat()
        if key in TEXT_KEYS or key in DATE_KEYS:
            return node.value
    return normalise(value)


def _construct(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    return normalise(loader.construct_object(node, deep=True))


def _scalar_text(node: yaml.ScalarNode) -> str | None:
    """A scalar as written; YAML null (`~`, `null`, empty) stays None."""
    if node.tag == "tag:yaml.org,2002:null":
        return None
    return str(node.value)


def _key_text(key: Any) -> str:
    if isinstance(key, bool):
        return str(key).lower()
    return key if isinstance(key, str) else str(key)


def _yaml_reason(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).split("\n", 1)[0]
    mark = getattr(exc, "problem_mark", None)
    where = f" at line {mark.line + 2}" if mark is not None else ""
    return f"{problem}{where}".replace("\n", " ")


@dataclass(frozen=True)
class Document:
    """A parsed markdown file. `body` is exactly the text after the closing `---` line."""

    meta: dict[str, Any]
    body: str
    has_frontmatter: bool
    frontmatter_raw: str | None
    warnings: tuple[str, ...] = ()
    frontmatter_error: str | None = field(default=None, compare=False)


def __getattr__(name: str) -> Any:
    if name in _FRAGMENT_NAMES:
        from jarvis import fragment

        return getattr(fragment, name)
    raise AttributeError(f"module 'jarvis.doc' has no attribute {name!r}")
