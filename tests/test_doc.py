"""The document and fragment model: edge cases a person's files really have, and round-trips."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jarvis.doc import (
    Fragment,
    first_heading,
    new_fragment_id,
    parse_document,
    parse_fragment,
    read_document,
    render_fragment,
    slugify,
    title_of,
)
from jarvis.errors import InputError
from jarvis.fragment import FRAGMENT_KEYS
from jarvis.fsutil import decode_text


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


# ------------------------------------------------------------------ documents


def test_no_frontmatter_is_plain_markdown() -> None:
    doc = parse_document("# Notes\n\nhello\n", "a.md")
    assert (doc.has_frontmatter, doc.meta, doc.body, doc.frontmatter_raw, doc.warnings) == (
        False,
        {},
        "# Notes\n\nhello\n",
        None,
        (),
    )


def test_body_is_exactly_the_text_after_the_closing_line() -> None:
    text = "---\ntitle: T\n---\n\n  body with trailing spaces  \n\n\n"
    doc = parse_document(text, "a.md")
    assert doc.meta == {"title": "T"}
    assert doc.body == "\n  body with trailing spaces  \n\n\n"
    assert doc.frontmatter_raw == "title: T\n"


def test_bom_nul_and_crlf_are_normalised_before_parsing() -> None:
    raw = b"\xef\xbb\xbf---\r\ntitle: Caf\xc3\xa9\r\ntags: [a, b]\r\n---\r\nbo\x00dy\r\n"
    text, warnings = decode_text(raw, "n.md")
    doc = parse_document(text, "n.md")
    assert doc.meta == {"title": "Café", "tags": ["a", "b"]}
    assert doc.body == "body\n"
    assert warnings == ["n.md: 1 NUL byte(s) ignored"]


def test_crlf_text_given_directly_still_parses() -> None:
    doc = parse_document("---\r\ntitle: x\r\n---\r\nbody\r\n", "a.md")
    assert doc.has_frontmatter and doc.meta == {"title": "x"}
    assert doc.body == "body\r\n"


@pytest.mark.parametrize(
    ("yaml_line", "key", "expected"),
    [
        ("created: 2024-01-01", "created", "2024-01-01"),
        ("created: 2024-01-01 10:30:00", "created", "2024-01-01T10:30:00"),
        ("updated: 2024-01-01T10:30:00+02:00", "updated", "2024-01-01T10:30:00+02:00"),
        ("due: 2024-05-01", "due", "2024-05-01"),  # unknown keys: dates still become ISO text
        ("title: yes", "title", "yes"),  # YAML 1.1 would say True
        ("title: no", "title", "no"),
        ("id: 123", "id", "123"),
        ("id: 0123", "id", "0123"),  # YAML 1.1 would read octal 83
        ("category: 1.50", "category", "1.50"),
        ("status: null", "status", None),
        ("priority: ~", "priority", None),
        ("title: 'quoted: text'", "title", "quoted: text"),
        ("count: 3", "count", 3),  # unknown keys keep their YAML type
        ("flag: true", "flag", True),
    ],
)
def test_yaml_types_are_normalised(yaml_line: str, key: str, expected: object) -> None:
    doc = parse_document(f"---\n{yaml_line}\n---\nbody\n", "a.md")
    assert doc.warnings == ()
    assert doc.meta[key] == expected


@pytest.mark.parametrize(
    ("value", "tags"),
    [
        ("[a, b]", ["a", "b"]),
        ("a, b", ["a", "b"]),
        ("a b  c", ["a", "b", "c"]),
        ("[2024, yes, ' x ']", ["2024", "yes", "x"]),
        ("[a, a, ~]", ["a"]),
        ("", []),
        ("solo", ["solo"]),
    ],
)
def test_tags_become_a_list_of_text(value: str, tags: list[str]) -> None:
    assert parse_document(f"---\ntags: {value}\n---\n", "a.md").meta["tags"] == tags


@pytest.mark.parametrize(
    ("front", "reason"),
    [
        ("title: [unclosed\n", "not valid YAML"),
        ("a: b: c\n", "not valid YAML"),
        ("\tkey: tab-indented\n", "not valid YAML"),
        ("- just\n- a list\n", "a list, not a mapping"),
        ("just a sentence\n", "a single value, not a mapping"),
    ],
)
def test_bad_frontmatter_is_a_warning_and_the_whole_text_is_the_body(front: str, reason: str) -> None:
    text = f"---\n{front}---\n\n# Kept\nall of it\n"
    doc = parse_document(text, "notes/x.md")
    assert doc.body == text
    assert not doc.has_frontmatter and doc.meta == {}
    assert len(doc.warnings) == 1
    assert doc.warnings[0].startswith("notes/x.md: frontmatter is not valid YAML (")
    assert reason in doc.warnings[0] and doc.warnings[0].endswith("; read as plain markdown")


def test_unclosed_frontmatter_is_plain_markdown() -> None:
    text = "---\ntitle: x\nno closing line\n"
    doc = parse_document(text, "a.md")
    assert doc.body == text and not doc.has_frontmatter


def test_empty_frontmatter_and_comment_only_frontmatter() -> None:
    assert parse_document("---\n---\nbody", "a.md").meta == {}
    doc = parse_document("---\n# just a comment\n---\nbody", "a.md")
    assert doc.has_frontmatter and doc.meta == {} and doc.body == "body"


def test_duplicate_key_warns_and_last_wins() -> None:
    doc = parse_document("---\ntitle: a\ntitle: b\n---\n", "a.md")
    assert doc.meta == {"title": "b"}
    assert doc.warnings == ("a.md: key 'title' appears twice in the frontmatter; the last one is used",)


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i, name in enumerate("bcdefghij"):
        prev = "abcdefghij"[i]
        lines.append(
            f"{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]"
        )
    doc = parse_document("---\n" + "\n".join(lines) + "\n---\nbody\n", "bomb.md")
    assert not doc.has_frontmatter
    assert "more than" in doc.warnings[0]


def test_non_text_keys_and_merge_keys() -> None:
    doc = parse_document("---\n1: one\ntrue: yes\nbase: &b {x: 1}\nchild:\n  <<: *b\n  y: 2\n---\n", "a.md")
    assert doc.meta == {"1": "one", "true": True, "base": {"x": 1}, "child": {"x": 1, "y": 2}}


def test_read_document_reports_binary_and_huge_files(tmp_path: Path) -> None:
    binary = tmp_path / "b.md"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    with pytest.raises(InputError, match="looks binary"):
        read_document(binary, 10_000, "b.md")
    big = tmp_path / "big.md"
    big.write_text("x" * 2000)
    with pytest.raises(InputError, match="over the 1,000-byte limit"):
        read_document(big, 1000, "big.md")
    latin = tmp_path / "latin.md"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8"):
        read_document(latin, 1000, "latin.md")


def test_read_document_keeps_decode_warnings(tmp_path: Path) -> None:
    path = tmp_path / "n.md"
    path.write_bytes(b"---\ntitle: [x\n---\nte\x00xt\n")
    doc = read_document(path, 10_000, "n.md")
    assert doc.body == "---\ntitle: [x\n---\ntext\n"
    assert doc.warnings[0] == "n.md: 1 NUL byte(s) ignored"
    assert "not valid YAML" in doc.warnings[1]


def test_first_heading_and_title() -> None:
    body = "```\n# not this\n```\ntext\n## Real heading ##\n# Later\n"
    assert first_heading(body) == "Real heading"
    assert title_of(parse_document(body, "x.md"), "notes/x.md") == "Real heading"
    assert title_of(parse_document("---\ntitle: yes\n---\n# H\n", "x.md"), "x.md") == "yes"
    assert title_of(parse_document("plain", "x.md"), "notes/some-file.md") == "some-file"


# ------------------------------------------------------------------ fragments

PERSON_FILE = """---
# written by hand
id: mem-20240101-101010-abcdef
category: preferences
my_rating:   5    # odd spacing, kept
tags:
  - tea
  - mornings
created: 2024-01-01
weird: {nested: [1, 2], when: 2024-02-03}
---
Prefers   green tea in the morning.
  (indented line kept)
"""


def test_fragment_parse_reads_known_and_unknown_keys() -> None:
    f = parse_fragment(PERSON_FILE, "memory/notes/preferences/tea.md")
    assert f.id == "mem-20240101-101010-abcdef"
    assert f.category == "preferences" and f.tags == ("tea", "mornings") and f.created == "2024-01-01"
    assert f.extra == {"my_rating": 5, "weird": {"nested": [1, 2], "when": "2024-02-03"}}
    assert f.body == "Prefers   green tea in the morning.\n  (indented line kept)\n"
    assert (f.pinned, f.merged_count, f.status, f.warnings) == (False, 0, "active", ())


def test_unchanged_fragment_renders_byte_for_byte() -> None:
    f = parse_fragment(PERSON_FILE, "tea.md")
    assert render_fragment(f) == PERSON_FILE
    assert render_fragment(replace(f, tags=("tea", "mornings"))) == PERSON_FILE


def test_changing_one_key_keeps_every_other_line() -> None:
    f = parse_fragment(PERSON_FILE, "tea.md")
    out = render_fragment(replace(f, merged_count=2, updated="2024-03-01"))
    assert changed_lines(PERSON_FILE, out) == ["+updated: 2024-03-01", "+merged_count: 2"]
    assert parse_fragment(out, "tea.md") == replace(f, merged_count=2, updated="2024-03-01")


def test_changing_a_value_rewrites_only_its_lines() -> None:
    f = parse_fragment(PERSON_FILE, "tea.md")
    out = render_fragment(replace(f, tags=("tea",)))
    assert changed_lines(PERSON_FILE, out) == ["-tags:", "-  - tea", "-  - mornings", "+tags: [tea]"]


def test_changing_the_body_keeps_frontmatter_and_separator() -> None:
    f = parse_fragment(PERSON_FILE, "tea.md")
    out = render_fragment(replace(f, body="Now prefers coffee.\n"))
    assert out == PERSON_FILE.split("---\nPrefers")[0] + "---\nNow prefers coffee.\n"


def test_unknown_key_removed_by_caller_is_dropped_others_kept() -> None:
    f = parse_fragment(PERSON_FILE, "tea.md")
    out = render_fragment(replace(f, extra={"weird": f.extra["weird"]}))
    assert changed_lines(PERSON_FILE, out) == ["-my_rating:   5    # odd spacing, kept"]


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ('pinned: "yes"', "pinned", True),
        ("pinned: on", "pinned", True),
        ("pinned: 0", "pinned", False),
        ('merged_count: "2"', "merged_count", 2),
        ("merged_count: 3.0", "merged_count", 3),
        ('confidence: "0.75"', "confidence", 0.75),
        ("confidence: 1", "confidence", 1.0),
        ("priority: High", "priority", "high"),
        ("gate: HOLD", "gate", "hold"),
        ("tags: a, b", "tags", ("a", "b")),
        ("id: 42", "id", "42"),
        ("created: 2024-01-01 09:00:00", "created", "2024-01-01T09:00:00"),
    ],
)
def test_reserved_keys_with_the_wrong_type_are_normalised_when_unambiguous(
    line: str, field: str, value: object
) -> None:
    f = parse_fragment(f"---\n{line}\n---\nbody\n", "x.md")
    assert getattr(f, field) == value
    assert f.warnings == () and f.extra == {}


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("pinned: maybe", "pinned"),
        ("confidence: high", "confidence"),
        ("confidence: 80", "confidence"),
        ("merged_count: two", "merged_count"),
        ("merged_count: -1", "merged_count"),
        ("priority: urgent", "priority"),
        ("created: last tuesday", "created"),
        ("tags: {a: 1}", "tags"),
        ("category: [a, b]", "category"),
    ],
)
def test_reserved_keys_that_cannot_be_read_are_kept_as_written_with_a_warning(line: str, key: str) -> None:
    text = f"---\nid: mem-1\n{line}\n---\nbody\n"
    f = parse_fragment(text, "x.md")
    assert key in f.extra
    assert len(f.warnings) == 1 and f.warnings[0].startswith(f"x.md: '{key}: ")
    assert render_fragment(f) == text
    # a later change elsewhere keeps the person's line as written
    assert changed_lines(text, render_fragment(replace(f, gate="hold"))) == ["+gate: hold"]


def test_setting_a_field_that_was_unreadable_replaces_the_bad_line() -> None:
    text = "---\nid: mem-1\nmerged_count: two\n---\nbody\n"
    f = parse_fragment(text, "x.md")
    out = render_fragment(replace(f, merged_count=3))
    assert out == "---\nid: mem-1\nmerged_count: 3\n---\nbody\n"


def test_fragment_without_frontmatter_gets_id_from_stem() -> None:
    text = "Just a note I wrote.\n"
    f = parse_fragment(text, "memory/notes/projects/my-note.md")
    assert f.id == "my-note" and f.body == text and render_fragment(f) == text
    out = render_fragment(replace(f, pinned=True))
    assert out == "---\nid: my-note\npinned: true\n---\n\nJust a note I wrote.\n"
    assert parse_fragment(out, "my-note.md") == replace(f, pinned=True)


def test_malformed_fragment_is_never_rewritten() -> None:
    text = "---\nid: [broken\n---\nbody\n"
    f = parse_fragment(text, "x.md")
    assert f.id == "x" and f.body == text and f.frontmatter_error is not None
    assert render_fragment(f) == text
    with pytest.raises(InputError, match=r"not valid YAML.*fix the file by hand"):
        render_fragment(replace(f, merged_count=1))


def test_new_fragment_renders_in_canonical_order() -> None:
    f = Fragment(
        id="mem-20260301-143022-ab1c4f",
        body="The cat is called Whiskerino.\n",
        category="people-relationships",
        priority="high",
        gate="allow",
        confidence=0.9,
        created=datetime(2026, 3, 1, 14, 30, 22, tzinfo=UTC),
        tags=["cat", "yes"],  # type: ignore[arg-type]  # lists are accepted and stored as tuples
        extra={"title": "Cat", "source_note": "chat"},
    )
    out = render_fragment(f)
    assert out == (
        "---\nid: mem-20260301-143022-ab1c4f\ncategory: people-relationships\npriority: high\ngate: allow\n"
        "confidence: 0.9\ncreated: 2026-03-01T14:30:22+00:00\ntags: [cat, 'yes']\ntitle: Cat\n"
        "source_note: chat\n---\n\nThe cat is called Whiskerino.\n"
    )
    assert parse_fragment(out, "x.md") == f


def test_new_fragment_id_and_slugify() -> None:
    ident = new_fragment_id(datetime(2026, 3, 1, 14, 30, 22))
    assert re.fullmatch(r"mem-20260301-143022-[0-9a-f]{6}", ident)
    assert slugify("Café au lait: the BEST drink!") == "cafe-au-lait-the-best-drink"
    assert slugify("a" * 30 + " " + "b" * 40, max_len=60) == "a" * 30
    assert slugify("x" * 80) == "x" * 60
    assert slugify("日本語") == "note"


# ------------------------------------------------------------------ properties

_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
_word = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=15).filter(
    lambda s: s.strip() == s and s.strip() != ""
)
_iso = st.one_of(
    st.dates().map(lambda d: d.isoformat()),
    st.datetimes(timezones=st.sampled_from([None, UTC])).map(lambda d: d.isoformat()),
)
_plain = st.one_of(
    st.none(), st.booleans(), st.integers(), _text, st.floats(allow_nan=False, allow_infinity=False)
)
_extra_value = st.recursive(
    _plain,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_word, inner, max_size=3),
    max_leaves=6,
)
_extra_key = _word.filter(
    lambda k: k not in FRAGMENT_KEYS and k not in {"title", "slug", "date"} and k != "<<"
)

fragments = st.builds(
    Fragment,
    id=_word,
    body=st.text(st.characters(blacklist_categories=("Cs",)), max_size=200),
    category=st.none() | _word,
    type=st.none() | _word,
    priority=st.none() | st.sampled_from(["high", "medium", "low"]),
    gate=st.none() | st.sampled_from(["allow", "hold"]),
    confidence=st.none() | st.floats(0, 1),
    created=st.none() | _iso,
    updated=st.none() | _iso,
    source=st.none() | _word | st.dictionaries(_word, _word, min_size=1, max_size=2),
    merged_count=st.integers(0, 10_000),
    tags=st.lists(_word, unique=True, max_size=5).map(tuple),
    pinned=st.booleans(),
    status=st.sampled_from(["active", "stale", "archived"]),
    superseded_by=st.none() | _word,
    extra=st.dictionaries(_extra_key, _extra_value, max_size=4),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fragments)
def test_parse_of_render_is_identity(f: Fragment) -> None:
    text = render_fragment(f)
    back = parse_fragment(text, "x.md")
    assert back == f
    assert back.warnings == ()
    assert render_fragment(back) == text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fragments, fragments)
def test_rewrite_after_a_change_round_trips(a: Fragment, b: Fragment) -> None:
    parsed = parse_fragment(render_fragment(a), "x.md")
    changed = replace(b, original=parsed.original)
    assert parse_fragment(render_fragment(changed), "x.md") == replace(b, original=None)


@settings(max_examples=300, deadline=None)
@given(
    st.text(st.sampled_from(list("-:#\n abc[]{}'\"&*!|>%@`\t0123456789")), max_size=80), st.text(max_size=40)
)
def test_any_text_parses_and_nothing_is_lost(front: str, body: str) -> None:
    for text in (f"---\n{front}\n---\n{body}", front + body):
        doc = parse_document(text, "x.md")
        if doc.has_frontmatter:
            assert doc.frontmatter_raw is not None
            assert text.startswith("---") and text.endswith(doc.body)
            assert doc.frontmatter_raw in text
        else:
            assert doc.body == text
        f = parse_fragment(text, "x.md")
        assert render_fragment(f) == text
