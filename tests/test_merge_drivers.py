"""Merge drivers for memory files: pure functions (hypothesis) and git really calling them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import CliFn
from hypothesis import given, settings
from hypothesis import strategies as st

from jarvis.fragment import parse_fragment
from jarvis.memorymd import normalise_bullet, parse_memory
from jarvis.merge import drivers_installed, merge_text
from jarvis.merge.entries import merge_daily, merge_jsonl, merge_learnings, split_entries
from jarvis.merge.fragment import BOTH_MARK, merge_fragment
from jarvis.merge.memory import REVIEW_MARK, merge_memory

MARKERS = ("<<<<<<<", ">>>>>>>", "=======\n")
WORDS = st.sampled_from(
    [
        "tea",
        "coffee",
        "rust",
        "python",
        "garden",
        "river",
        "deploy",
        "lisbon",
        "fish",
        "neovim",
        "pnpm",
        "kiln",
    ]
)
TEXTS = st.lists(WORDS, min_size=2, max_size=5, unique=True).map(" ".join)
TIMES = st.tuples(st.integers(0, 23), st.integers(0, 59)).map(lambda hm: f"{hm[0]:02}:{hm[1]:02}")


def daily(entries: list[tuple[str, str]]) -> str:
    return "# 2026-11-20\n\n" + "".join(f"- {t} {x}\n" for t, x in entries)


def keys(text: str) -> set[str]:
    return {" ".join(e.split()) for e in split_entries(text)[1]}


ENTRY_SETS = st.lists(st.tuples(TIMES, TEXTS), max_size=6, unique_by=lambda e: e[1])


@settings(max_examples=150, deadline=None)
@given(base=ENTRY_SETS, ours_add=ENTRY_SETS, theirs_add=ENTRY_SETS, drop=st.data())
def test_daily_logs_lose_nothing_keep_removals_commute_and_settle(base, ours_add, theirs_add, drop) -> None:  # type: ignore[no-untyped-def]
    ours_removed = drop.draw(st.sets(st.sampled_from(range(len(base))) if base else st.nothing()))
    theirs_removed = drop.draw(st.sets(st.sampled_from(range(len(base))) if base else st.nothing()))
    texts = {x for _, x in base}
    ours_add = [e for e in ours_add if e[1] not in texts]  # an addition is new text
    theirs_add = [e for e in theirs_add if e[1] not in texts]
    b = daily(base)
    o = daily([e for i, e in enumerate(base) if i not in ours_removed] + ours_add)
    t = daily([e for i, e in enumerate(base) if i not in theirs_removed] + theirs_add)
    merged = merge_daily(b, o, t)
    assert not any(m in merged for m in MARKERS)
    got = keys(merged)
    for text in (*keys(o), *keys(t)):
        if text not in keys(b):
            assert text in got  # nothing either side added is lost
    for i, entry in enumerate(base):
        line = f"- {entry[0]} {entry[1]}"
        assert (line in got) == (i not in ours_removed and i not in theirs_removed)
    assert merged == merge_daily(b, t, o)  # commutative
    assert merge_daily(b, merged, merged) == merged  # idempotent
    times = [e.split()[1] for e in split_entries(merged)[1]]
    assert times == sorted(times)


def test_daily_log_keeps_continuation_lines_and_header() -> None:
    base = "# 2026-11-20\n\n- 09:00 standup\n"
    ours = base + "- 10:00 wrote the deploy notes\n  with the rollback steps\n"
    theirs = base + "- 09:30 coffee with Priya\n"
    merged = merge_daily(base, ours, theirs)
    assert merged == (
        "# 2026-11-20\n\n- 09:00 standup\n- 09:30 coffee with Priya\n"
        "- 10:00 wrote the deploy notes\n  with the rollback steps\n"
    )


@settings(max_examples=100, deadline=None)
@given(
    base=st.lists(TEXTS, max_size=5, unique=True),
    ours=st.lists(TEXTS, max_size=4, unique=True),
    theirs=st.lists(TEXTS, max_size=4, unique=True),
)
def test_jsonl_is_a_time_sorted_union(base, ours, theirs) -> None:  # type: ignore[no-untyped-def]
    def log(items: list[str], day: int) -> str:
        return "".join(
            f'{{"ts": "2026-11-{day:02}T{i:02}:00", "detail": "{x}"}}\n' for i, x in enumerate(items)
        )

    b, o, t = log(base, 1), log(base, 1) + log(ours, 2), log(base, 1) + log(theirs, 3)
    merged = merge_jsonl(b, o, t)
    lines = merged.splitlines()
    assert len(lines) == len(set(lines))
    assert set(o.splitlines()) | set(t.splitlines()) == set(lines)
    assert merged == merge_jsonl(b, t, o)
    stamps = [line[8:24] for line in lines]
    assert stamps == sorted(stamps)


def memory(sections: dict[str, list[str]], preface: str = "# Memory\n\nIntro text.\n\n") -> str:
    return preface + "".join(
        f"## {name}\n\n" + "".join(f"- (2026-11-20) {b}\n" for b in items) + "\n"
        for name, items in sections.items()
    )


def bullets(text: str) -> dict[str, set[str]]:
    return {s.name: {normalise_bullet(b.text) for b in s.bullets} for s in parse_memory(text).sections}


SECTION_NAMES = st.sampled_from(["Preferences", "People and relationships", "Projects"])


@settings(max_examples=150, deadline=None)
@given(
    base=st.dictionaries(SECTION_NAMES, st.lists(TEXTS, max_size=4, unique=True), max_size=3),
    ours_new=st.dictionaries(SECTION_NAMES, st.lists(TEXTS, max_size=3, unique=True), max_size=3),
    theirs_new=st.dictionaries(SECTION_NAMES, st.lists(TEXTS, max_size=3, unique=True), max_size=3),
)
def test_memory_bullets_from_both_sides_all_arrive(base, ours_new, theirs_new) -> None:  # type: ignore[no-untyped-def]
    def plus(extra: dict[str, list[str]]) -> dict[str, list[str]]:
        out = {k: list(v) for k, v in base.items()}
        for k, v in extra.items():
            out.setdefault(k, [])
            out[k] += [x for x in v if x not in out[k]]
        return out

    b, o, t = memory(base), memory(plus(ours_new)), memory(plus(theirs_new))
    merged, conflict = merge_memory(b, o, t)
    assert not conflict and not any(m in merged for m in MARKERS)
    assert merged.count("# Memory\n") == 1 and merged.count("Intro text.") == 1  # the preface once
    got = bullets(merged)
    for side in (o, t):
        for name, items in bullets(side).items():
            assert items <= got.get(name, set()), (name, items, merged)
    swapped, _ = merge_memory(b, t, o)
    assert bullets(swapped) == got  # the same facts whichever side merges
    again, _ = merge_memory(b, merged, merged)
    assert again == merged


def test_memory_one_sided_change_wins_and_both_sided_change_keeps_both_for_review() -> None:
    base = memory({"Preferences": ["Drinks coffee", "Uses bash", "Likes rust"]})
    ours = base.replace("Uses bash", "Uses fish, not bash").replace("Likes rust", "Likes rust and zig")
    theirs = base.replace("Likes rust", "Likes rust a lot")
    merged, conflict = merge_memory(base, ours, theirs)
    assert not conflict
    assert "Uses fish, not bash" in merged and "Uses bash\n" not in merged
    assert f"Likes rust and zig {REVIEW_MARK}" in merged and f"Likes rust a lot {REVIEW_MARK}" in merged
    assert merged.count(REVIEW_MARK) == 2 and "Drinks coffee" in merged
    removed = base.replace("- (2026-11-20) Drinks coffee\n", "")
    merged, _ = merge_memory(base, removed, theirs)
    assert "Drinks coffee" not in merged and "Likes rust a lot" in merged


def test_memory_free_text_conflict_is_reported_not_hidden() -> None:
    base = memory({"Projects": ["Ships jarvis"]}, preface="# Memory\n\nIntro text.\n\n")
    ours = base.replace("Intro text.", "Intro text, edited here.")
    theirs = base.replace("Intro text.", "Intro text, edited there.")
    _, conflict = merge_memory(base, ours, theirs)
    assert conflict


FRAGMENT = """---
id: mem-20261120-0900-abcd
category: preferences
type: preference
created: 2026-11-20
updated: 2026-11-20
merged_count: 1
tags: [shell]
---
Uses fish as the login shell.
"""


def test_fragment_keys_merge_one_by_one_and_tags_union() -> None:
    ours = FRAGMENT.replace("tags: [shell]", "tags: [shell, terminal]").replace(
        "merged_count: 1", "merged_count: 2"
    )
    theirs = (
        FRAGMENT.replace("tags: [shell]", "tags: [shell, fish]")
        .replace("merged_count: 1", "merged_count: 3")
        .replace("type: preference", "type: fact")
    )
    merged = parse_fragment(merge_fragment(FRAGMENT, ours, theirs), "x.md")
    assert set(merged.tags) == {"shell", "terminal", "fish"}
    assert merged.merged_count == 4  # 1 + 1 + 2
    assert merged.type == "fact"
    assert merged.body == "Uses fish as the login shell.\n"


def test_fragment_bodies_both_rewritten_keep_both_for_review() -> None:
    ours = FRAGMENT.replace("Uses fish as the login shell.", "Uses zsh now.").replace(
        "updated: 2026-11-20", "updated: 2026-11-22"
    )
    theirs = FRAGMENT.replace("Uses fish as the login shell.", "Uses nushell now.").replace(
        "updated: 2026-11-20", "updated: 2026-11-21"
    )
    text = merge_fragment(FRAGMENT, ours, theirs)
    assert not any(m in text for m in MARKERS)
    merged = parse_fragment(text, "x.md")
    assert BOTH_MARK in merged.body and "Uses zsh now." in merged.body and "Uses nushell now." in merged.body
    assert merged.body.index("zsh") < merged.body.index("nushell")  # the newer version first
    assert merged.extra["review"] == "edited on two devices"
    assert merged.updated == "2026-11-22"
    swapped = parse_fragment(merge_fragment(FRAGMENT, theirs, ours), "x.md")
    assert swapped.body == merged.body and swapped.updated == merged.updated


def test_learnings_union_keeps_the_head() -> None:
    head = "# Corrections\n\nExplanation.\n\n"
    merged = merge_learnings(head, head + "- (2026-11-20) a\n", head + "- (2026-11-21) b\n")
    assert merged == head + "- (2026-11-20) a\n- (2026-11-21) b\n"
    assert merge_text("learnings", head, head, head)[0] == head


# ------------------------------------------------------------- git calls them


def git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    ident = ["-c", "user.name=Person", "-c", "user.email=p@example.org"]
    return subprocess.run(
        ["git", "-C", str(root), *ident, *args], capture_output=True, text=True, check=check
    )


def test_a_plain_git_pull_uses_the_drivers(tmp_path: Path, cli: CliFn) -> None:
    origin = tmp_path / "origin"
    assert cli("init", str(origin)).exit_code == 0
    assert drivers_installed(origin)
    bare = tmp_path / "remote.git"
    git(tmp_path, "clone", "--quiet", "--bare", str(origin), str(bare))
    a, b = tmp_path / "laptop", tmp_path / "desktop"
    for clone in (a, b):
        git(tmp_path, "clone", "--quiet", str(bare), str(clone))
        # a fresh clone has the .gitattributes; the driver command comes from `jarvis sync`/doctor
        from jarvis.merge import install_drivers

        install_drivers(clone, attributes=False)
    for clone, fact, log in (
        (a, "Uses fish", "- 09:00 laptop entry\n"),
        (b, "Lives in Lisbon", "- 08:00 desktop entry\n"),
    ):
        text = (clone / "MEMORY.md").read_text()
        (clone / "MEMORY.md").write_text(
            text.replace("## Preferences\n", f"## Preferences\n\n- (2026-11-20) {fact}\n", 1)
        )
        day = clone / "memory" / "2026-11-20.md"
        day.write_text("# 2026-11-20\n\n" + log)
        git(clone, "add", "-A")
        git(clone, "commit", "-qm", f"edit from {clone.name}")
    git(a, "push", "-q", "origin", "HEAD")
    pulled = git(b, "pull", "--no-rebase", "--no-edit", "-q", "origin", "HEAD", check=False)
    assert pulled.returncode == 0, pulled.stderr
    memory_text = (b / "MEMORY.md").read_text()
    assert "Uses fish" in memory_text and "Lives in Lisbon" in memory_text
    assert (
        b / "memory" / "2026-11-20.md"
    ).read_text() == "# 2026-11-20\n\n- 08:00 desktop entry\n- 09:00 laptop entry\n"
    for path in b.rglob("*.md"):
        assert "<<<<<<<" not in path.read_text()
    # the index follows files changed behind its back: recall checks them before answering
    found = cli("recall", "which shell do I use", "--json", "--no-record", workspace=b)
    assert found.exit_code == 0, found.output
    assert "Uses fish" in found.output


@pytest.mark.parametrize("gap", ["", "\n", "\n\n"])
def test_memory_bullets_added_with_blank_lines_on_both_sides_merge_cleanly(gap: str) -> None:
    """People and agents insert bullets with or without blank lines around them: layout is not text."""
    base = memory({"Projects": ["Shared bullet"], "Preferences": []})
    ours = base.replace("## Projects\n", f"## Projects\n\n- (2026-11-21) Added here{gap}\n", 1)
    theirs = base.replace("## Projects\n", f"## Projects\n{gap}\n- (2026-11-22) Added there\n\n", 1)
    theirs = theirs.replace("Shared bullet", "Shared bullet, changed there")
    merged, conflict = merge_memory(base, ours, theirs)
    assert not conflict and not any(m in merged for m in MARKERS)
    assert merged.count("# Memory") == 1 and merged.count("## Projects") == 1
    assert "Intro text." in merged and merged.count("Intro text.") == 1
    assert {"Added here", "Added there", "Shared bullet, changed there"} <= {
        b.split(") ", 1)[1].strip() for b in merged.splitlines() if b.startswith("- (")
    }
    assert merge_memory(base, merged, merged)[0] == merged
