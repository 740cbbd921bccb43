"""Memory fragments: one fact per file under memory/notes/, YAML frontmatter + body.

`parse_fragment` never raises. `render_fragment` gives back the original text byte-for-byte while
nothing changed; after a change it reuses the person's own lines for every key whose value is
unchanged (comments, key order and unknown keys kept), writes changed or new keys fresh in
canonical order, and refuses to rewrite a file whose frontmatter it could not parse.
See adr/0010-document-model.md.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

from jarvis.doc import DATE_KEYS, YAML_LOADER, parse_document, split_frontmatter
from jarvis.errors import InputError

FRAGMENT_KEYS = (
    "id",
    "category",
    "type",
    "priority",
    "gate",
    "confidence",
    "created",
    "updated",
    "source",
    "merged_count",
    "tags",
    "pinned",
    "status",
    "superseded_by",
)
ENUMS = {
    "priority": ("high", "medium", "low"),
    "gate": ("allow", "hold", "discard"),
    "status": ("active", "stale", "archived", "superseded"),
}
_DEFAULTS: dict[str, Any] = {"merged_count": 0, "tags": [], "pinned": False, "status": "active"}
_TRUE = frozenset({"true", "yes", "y", "on", "1"})
_FALSE = frozenset({"false", "no", "n", "off", "0"})
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def new_fragment_id(now: datetime) -> str:
    """`mem-YYYYMMDD-HHMMSS-xxxxxx` with 6 random hex digits."""
    return f"mem-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def slugify(text: str, max_len: int = 60) -> str:
    """ASCII, lowercase, hyphenated, cut at a word boundary; "note" when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > max_len:
        cut = slug[:max_len]
        if slug[max_len] != "-" and "-" in cut[max_len // 2 :]:
            cut = cut.rsplit("-", 1)[0]
        slug = cut.strip("-")
    return slug or "note"


def parse_fragment(text: str, name: str) -> Fragment:
    """Parse a fragment file. Never raises; a missing id comes from the file name's stem.

    Known keys with a value of the wrong type are normalised when that is unambiguous
    (`pinned: "yes"`, `merged_count: "2"`), otherwise kept as written in `extra` with a warning.
    """
    doc = parse_document(text, name)
    warnings = list(doc.warnings)
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in doc.meta.items():
        if key not in FRAGMENT_KEYS:
            extra[key] = value
            continue
        ok, coerced = _coerce(key, value)
        if ok:
            if coerced is not None:
                values[key] = coerced
        else:
            extra[key] = value
            warnings.append(f"{name}: '{key}: {value}' is not a valid {key}; kept as written and ignored")
    body = doc.body
    if doc.has_frontmatter and body.startswith("\n"):
        body = body[1:]
    values.setdefault("id", Path(name).stem)
    return Fragment(
        body=body,
        extra=extra,
        original=text,
        warnings=tuple(warnings),
        frontmatter_error=doc.frontmatter_error,
        **values,
    )


def render_fragment(fragment: Fragment) -> str:
    """The file text for a fragment: the original text byte-for-byte while nothing changed.

    On a change the person's lines are reused for every key whose value is unchanged (comments
    and key order kept), changed and new keys are written fresh. Raises InputError rather than
    rewrite a file whose frontmatter could not be parsed.
    """
    before: Fragment | None = None
    segments: dict[str, str] | None = None
    if fragment.original is not None:
        before = parse_fragment(fragment.original, f"{fragment.id}.md")
        if before == fragment:
            return fragment.original
        if before.frontmatter_error is not None:
            raise InputError(
                f"fragment {fragment.id}: its frontmatter is not valid YAML ({before.frontmatter_error}); "
                "fix the file by hand, then retry"
            )
        segments = _segments(fragment.original)
    fields = _fields(fragment, before, segments)
    order = list(fields)
    if segments is not None:
        order = [k for k in segments if k in fields] + [k for k in fields if k not in segments]
    out = ["---\n", (segments or {}).get("", "")]
    for key in order:
        value, from_extra = fields[key]
        if (
            segments is not None
            and before is not None
            and key in segments
            and _same(before, fragment, key, from_extra)
        ):
            out.append(segments[key])
        else:
            # a changed key is written fresh; comment lines that followed it stay where they were
            out.append(_emit(key, value) + _trailing_comments((segments or {}).get(key, "")))
    glue = "\n"
    if before is not None and before.original is not None:
        split = split_frontmatter(before.original)
        if split is not None and not split[1].startswith("\n") and not fragment.body.startswith("\n"):
            glue = ""
    return "".join(out) + "---\n" + glue + fragment.body


def _coerce(key: str, value: Any) -> tuple[bool, Any]:
    """(ok, normalised value) for a known fragment key."""
    if value is None:
        return True, None
    if key == "tags":
        return (True, tuple(value)) if isinstance(value, list) else (False, None)
    if key == "pinned":
        if isinstance(value, bool):
            return True, value
        word = str(value).strip().lower() if isinstance(value, str | int) else ""
        return (True, word in _TRUE) if word in _TRUE | _FALSE else (False, None)
    if key == "source":  # free text ("session abc turns 3-7") or a mapping a tool wrote
        return True, value
    if isinstance(value, bool | dict | list):
        return False, None
    if key == "confidence":
        try:
            number = float(value)
        except ValueError:
            return False, None
        return (True, number) if 0.0 <= number <= 1.0 else (False, None)
    if key == "merged_count":
        text = str(value).strip()
        if isinstance(value, float) and value.is_integer():
            text = str(int(value))
        return (True, int(text)) if text.isdigit() else (False, None)
    text = str(value)
    if not text.strip():
        return True, None
    if key in ENUMS:
        word = text.strip().lower()
        return (True, word) if word in ENUMS[key] else (False, None)
    if key in DATE_KEYS:
        try:
            datetime.fromisoformat(text.strip())
        except ValueError:
            return False, None
    return True, text


def _known(fragment: Fragment, key: str) -> Any:
    value = getattr(fragment, key)
    return list(value) if key == "tags" else value


def _fields(
    fragment: Fragment, before: Fragment | None, segments: dict[str, str] | None
) -> dict[str, tuple[Any, bool]]:
    """key -> (value, from extra), in canonical order: set known keys, defaults the person wrote, extra.

    A known field that is set wins over an unreadable value of the same key kept in `extra`.
    """
    fields: dict[str, tuple[Any, bool]] = {}
    for key in FRAGMENT_KEYS:
        value = _known(fragment, key)
        written = segments is not None and before is not None and key in segments and key not in before.extra
        if value != _DEFAULTS.get(key) or (written and before is not None and _known(before, key) == value):
            fields[key] = (value, False)
    for key, value in fragment.extra.items():
        fields.setdefault(key, (value, True))
    return fields


def _same(before: Fragment, after: Fragment, key: str, from_extra: bool) -> bool:
    """Whether `key` has the value it was parsed with (so the person's lines can be reused)."""
    if from_extra:
        return key in before.extra and before.extra[key] == after.extra[key]
    return key not in before.extra and bool(_known(before, key) == _known(after, key))


def _trailing_comments(segment: str) -> str:
    """The comment and blank lines that end a key's segment (they belong to no value)."""
    lines = segment.splitlines(keepends=True)[1:]
    kept: list[str] = []
    for line in reversed(lines):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        kept.append(line)
    return "".join(reversed(kept))


def _segments(text: str) -> dict[str, str] | None:
    """The frontmatter lines belonging to each top-level key ("" = comments before the first key).

    None when lines cannot be attributed (flow mapping, two keys on a line, duplicates, merges).
    """
    split = split_frontmatter(text)
    if split is None:
        return {}
    raw = split[0]
    try:
        node = yaml.compose(raw, Loader=YAML_LOADER)
    except yaml.YAMLError:
        return None
    if not isinstance(node, yaml.MappingNode) or node.flow_style:
        return None
    lines = raw.splitlines(keepends=True)
    starts: list[tuple[str, int]] = []
    for key_node, _ in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
            return None
        line = key_node.start_mark.line
        if (starts and line <= starts[-1][1]) or key_node.value in dict(starts) or key_node.value == "":
            return None
        starts.append((key_node.value, line))
    segments = {"": "".join(lines[: starts[0][1]])} if starts else {"": raw}
    for i, (key, line) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else len(lines)
        segments[key] = "".join(lines[line:end])
    return segments


def _emit(key: str, value: Any) -> str:
    if isinstance(value, str) and _PLAIN_KEY.fullmatch(key) and _plain_date(value):
        return f"{key}: {value}\n"
    # Block style for the key, flow style for a list or mapping of plain values: `tags: [a, b]`.
    flow = None if isinstance(value, list | dict) and value else False
    out = yaml.safe_dump(
        {key: value}, allow_unicode=True, sort_keys=False, default_flow_style=flow, width=10**6
    )
    if any(c in out for c in "\x85\u2028\u2029"):  # PyYAML writes these raw but reads them as line breaks
        out = yaml.safe_dump({key: value}, sort_keys=False, default_flow_style=flow, width=10**6)
    return out


def _plain_date(text: str) -> bool:
    """True when YAML reads `text` unquoted as a date that normalises back to `text`."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]+)?", text):
        return False
    try:
        loaded = yaml.load(text, Loader=YAML_LOADER)
    except yaml.YAMLError:
        return False
    return isinstance(loaded, datetime | date) and loaded.isoformat() == text


@dataclass(frozen=True)
class Fragment:
    """One memory fragment. Equality ignores `original`, `warnings` and `frontmatter_error`."""

    id: str
    body: str
    category: str | None = None
    type: str | None = None
    priority: str | None = None
    gate: str | None = None
    confidence: float | None = None
    created: str | None = None
    updated: str | None = None
    source: Any = None
    merged_count: int = 0
    tags: tuple[str, ...] = ()
    pinned: bool = False
    status: str = "active"
    superseded_by: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    original: str | None = field(default=None, compare=False, repr=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)
    frontmatter_error: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # Accept the natural Python types from callers; store the normalised shape parse gives.
        for key in ("created", "updated"):
            value = getattr(self, key)
            if isinstance(value, datetime | date):
                object.__setattr__(self, key, value.isoformat())
        if not isinstance(self.tags, tuple):
            object.__setattr__(self, "tags", tuple(self.tags))
        if isinstance(self.confidence, int) and not isinstance(self.confidence, bool):
            object.__setattr__(self, "confidence", float(self.confidence))


def splice_frontmatter(raw: bytes, new_text: str) -> bytes:
    """`new_text`'s frontmatter on top of `raw`'s body, byte for byte.

    `render_fragment` works on decoded text (LF, no BOM, no NUL); a status flip must not turn a
    person's CRLF file into LF or drop its BOM. So only the frontmatter block is replaced, in the
    file's own line ending, and every byte after it is kept as it was on disk.
    """
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    data = raw[len(bom) :]
    lines = data.splitlines(keepends=True)
    body = data
    newline = b"\r\n" if b"\r\n" in data[:4096] else b"\n"
    if lines and lines[0].strip() == b"---":
        for i, line in enumerate(lines[1:], 1):
            if line.strip() == b"---":
                body = b"".join(lines[i + 1 :])
                newline = b"\r\n" if lines[0].endswith(b"\r\n") else b"\n"
                break
    split = split_frontmatter(new_text)
    if split is None:
        return bom + new_text.encode("utf-8")
    front, _ = split
    head = "---\n" + front + ("" if not front or front.endswith("\n") else "\n") + "---\n"
    return bom + head.encode("utf-8").replace(b"\n", newline) + body
