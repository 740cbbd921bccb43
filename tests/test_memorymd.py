"""MEMORY.md sections and dated bullets: parsing, minimal-diff edits, round-trips."""

from __future__ import annotations

import difflib
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jarvis.errors import NotFound, UsageError
from jarvis.memorymd import (
    add_bullet,
    count_bullets,
    find_bullet,
    normalise_bullet,
    parse_memory,
    remove_bullet,
    replace_bullet,
)
from jarvis.taxonomy import SECTIONS

TEMPLATE = (Path(__file__).parents[1] / "workspace" / "MEMORY.md").read_text(encoding="utf-8")

PERSON = """# Memory
Some intro.
- a preamble bullet, not in any section

## Preferences
<!-- what I like -->
*   (2024-01-02)   Likes   green tea
- Undated bullet
  with an indented continuation
lazy continuation line
  - a nested bullet belongs to its parent

- (2024-02-01) After a blank line

Trailing paragraph of the section.

## Projects   ##
```
- not a bullet (code)
## not a heading
```
<!--
- not a bullet (comment)
-->
### Sub heading
+ (2024-03-03) bullet under a sub heading counts for Projects
# Appendix
- outside every ## section"""


def diff(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.split("\n"), after.split("\n"), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_template_has_one_empty_section_per_category() -> None:
    doc = parse_memory(TEMPLATE)
    assert [s.name for s in doc.sections] == list(SECTIONS.values())
    assert count_bullets(TEMPLATE) == 0


def test_parse_a_persons_file() -> None:
    doc = parse_memory(PERSON)
    prefs, projects = doc.sections
    assert (prefs.name, prefs.start_line, prefs.end_line) == ("Preferences", 5, 16)
    assert [(b.date, b.text, b.start_line, b.end_line) for b in prefs.bullets] == [
        ("2024-01-02", "Likes   green tea", 7, 7),
        (
            None,
            "Undated bullet\nwith an indented continuation\nlazy continuation line\n- a nested bullet belongs to its parent",
            8,
            11,
        ),
        ("2024-02-01", "After a blank line", 13, 13),
    ]
    assert projects.name == "Projects"
    assert [b.text for b in projects.bullets] == ["bullet under a sub heading counts for Projects"]
    assert count_bullets(PERSON) == 4
    assert doc.section("  preferences ") is prefs


def test_frontmatter_lines_are_not_bullets() -> None:
    text = "---\ntags:\n- memory\n---\n## S\n- (2024-01-01) real\n"
    assert count_bullets(text) == 1


@pytest.mark.parametrize("query", ["likes green tea", "(2099-01-01) LIKES GREEN TEA", "- Likes  green\ttea "])
def test_bullets_match_by_normalised_text(query: str) -> None:
    found = find_bullet(PERSON, query, "preferences")
    assert found is not None and found[1].start_line == 7
    assert normalise_bullet(query) == "likes green tea"


def test_add_appends_after_the_last_bullet_and_changes_nothing_else() -> None:
    out = add_bullet(PERSON, "Preferences", "Prefers dark mode", date(2024, 5, 6))
    assert diff(PERSON, out) == ["+- (2024-05-06) Prefers dark mode"]
    lines = out.split("\n")
    assert (
        lines[13] == "- (2024-05-06) Prefers dark mode" and lines[12] == "- (2024-02-01) After a blank line"
    )
    assert remove_bullet(out, "Preferences", "prefers dark mode") == PERSON


def test_add_multiline_bullet_indents_continuation() -> None:
    out = add_bullet(PERSON, "Projects", "jarvis: memory agent\nlives in ~/src/jarvis", "2024-05-06")
    assert diff(PERSON, out) == ["+- (2024-05-06) jarvis: memory agent", "+  lives in ~/src/jarvis"]
    assert remove_bullet(out, "Projects", "jarvis: memory agent lives in ~/src/jarvis") == PERSON


def test_add_duplicate_leaves_the_text_unchanged() -> None:
    assert add_bullet(PERSON, "preferences", "likes green TEA", "2030-01-01") is PERSON


def test_add_to_an_empty_template_section_then_remove_restores() -> None:
    out = add_bullet(TEMPLATE, "Operations", "Deploys run on Fridays", "2026-11-22")
    assert out == TEMPLATE.replace(
        "## Operations\n", "## Operations\n\n- (2026-11-22) Deploys run on Fridays\n"
    )
    assert "## Operations\n\n- (2026-11-22) Deploys run on Fridays\n\n## Memory system" in out
    assert remove_bullet(out, "Operations", "deploys run on fridays") == TEMPLATE


def test_add_creates_a_missing_section_at_the_end() -> None:
    out = add_bullet(TEMPLATE, "Health", "Allergic to peanuts", "2026-11-22")
    assert out == TEMPLATE + "\n## Health\n\n- (2026-11-22) Allergic to peanuts\n"
    assert add_bullet("", "Health", "x y z", "2026-11-22") == "## Health\n\n- (2026-11-22) x y z\n"
    assert add_bullet("# M", "Health", "x y z", "2026-11-22") == "# M\n\n## Health\n\n- (2026-11-22) x y z\n"


def test_file_without_final_newline_keeps_that_style() -> None:
    text = "## S\n- (2024-01-01) one"
    out = add_bullet(text, "S", "two", "2024-01-02")
    assert out == "## S\n- (2024-01-01) one\n- (2024-01-02) two"
    assert remove_bullet(out, "S", "two") == text
    assert remove_bullet(text, "S", "one") == "## S"
    assert replace_bullet(text, "S", "one", "uno", "2024-01-03") == "## S\n- (2024-01-03) uno"


def test_replace_changes_only_that_bullet() -> None:
    out = replace_bullet(
        PERSON,
        "Preferences",
        "undated bullet with an indented continuation lazy continuation line - a nested bullet belongs to its parent",
        "Now dated",
        "2024-06-01",
    )
    assert diff(PERSON, out) == [
        "-- Undated bullet",
        "-  with an indented continuation",
        "-lazy continuation line",
        "-  - a nested bullet belongs to its parent",
        "+- (2024-06-01) Now dated",
    ]
    assert (
        replace_bullet(PERSON, None, "likes green tea", "Likes black tea", "2024-06-01").count("black tea")
        == 1
    )


def test_missing_bullet_or_section_is_a_clear_error() -> None:
    with pytest.raises(NotFound, match=r"no bullet 'nothing like this' under '## Preferences'"):
        remove_bullet(PERSON, "Preferences", "nothing like this")
    with pytest.raises(NotFound, match=r"no section '## Nope'"):
        replace_bullet(PERSON, "Nope", "x", "y", "2024-01-01")
    with pytest.raises(NotFound, match="in any section"):
        remove_bullet(PERSON, None, "outside every ## section")


def test_bad_input_to_add() -> None:
    with pytest.raises(UsageError, match="empty"):
        add_bullet(TEMPLATE, "Operations", "   \n ", "2024-01-01")
    with pytest.raises(UsageError, match="not a date"):
        add_bullet(TEMPLATE, "Operations", "x", "yesterday")
    with pytest.raises(UsageError, match="left open"):
        add_bullet("## A\n- (2024-01-01) a\n```\nunclosed", "B", "new fact", "2024-01-01")


def test_add_into_a_section_ending_in_an_unclosed_fence_is_refused() -> None:
    with pytest.raises(UsageError, match="left open"):
        add_bullet("## A\nintro\n```\n- code", "A", "fact", "2024-01-01")


# ------------------------------------------------------------------ properties

_words = st.text(st.sampled_from(list("abcdefghijklmnoprstuvwxyz  ")), min_size=1, max_size=20).filter(
    str.strip
)
_line = st.one_of(
    _words.map(lambda w: f"- (2024-01-01) {w}"),
    _words.map(lambda w: f"* {w}"),
    _words.map(lambda w: f"  {w}"),  # indented continuation
    _words.map(lambda w: f"    - {w}"),
    _words,  # a paragraph / lazy continuation
    st.just(""),
    st.just("   "),
    st.just("<!-- a comment -->"),
    st.just("<!--"),
    st.just("-->"),
    st.just("```"),
    st.just("---"),
    st.just("### Sub"),
    st.just("# Title"),
    st.sampled_from(["## Alpha", "## Beta", "##   beta  ##"]),
)
documents = st.tuples(
    st.booleans(),
    st.lists(_line, max_size=30),
    st.booleans(),
).map(lambda t: ("---\ntitle: m\n---\n" if t[0] else "") + "\n".join(t[1]) + ("\n" if t[2] else ""))
sections = st.sampled_from(["Alpha", "beta", "Gamma"])
new_facts = st.text(st.sampled_from(list("qQ0123 xyz")), min_size=1, max_size=20).map(lambda s: "q" + s)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, sections, new_facts)
def test_add_then_remove_restores_the_text_exactly(text: str, section: str, fact: str) -> None:
    try:
        added = add_bullet(text, section, fact, "2025-05-05")
    except UsageError:
        return  # an unclosed fence/comment at the end of the file: refused, nothing written
    assert find_bullet(added, fact, section) is not None
    assert count_bullets(added) == count_bullets(text) + 1
    if parse_memory(text).section(section) is not None:
        assert remove_bullet(added, section, fact) == text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, sections, new_facts)
def test_add_never_changes_lines_outside_the_insertion(text: str, section: str, fact: str) -> None:
    try:
        added = add_bullet(text, section, fact, "2025-05-05")
    except UsageError:
        return
    old, new = text.split("\n"), added.split("\n")
    k = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), len(old))
    inserted = len(new) - len(old)
    assert inserted >= 1
    assert new[:k] == old[:k] and new[k + inserted :] == old[k:]  # one block of lines inserted, nothing else


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_bullets_are_found_again_by_their_own_text(text: str) -> None:
    for sec in parse_memory(text).sections:
        for bullet in sec.bullets:
            found = find_bullet(text, bullet.text, sec.name)
            assert found is not None
            assert normalise_bullet(found[1].text) == normalise_bullet(bullet.text)
            removed = remove_bullet(text, sec.name, bullet.text)
            assert count_bullets(removed) == count_bullets(text) - 1
