"""[MEMORY:type] and [STATE:key] tags: extraction, streaming filter, state file."""

from __future__ import annotations

import itertools
from datetime import datetime

from hypothesis import given
from hypothesis import strategies as st

from jarvis.agent.tags import TAG_RE, TagFilter, category_for_type, extract_tags, read_state, save_state

REPLY = (
    "Sure, noted.\n[MEMORY:preference]Ana prefers tea over coffee.[/MEMORY]\n"
    "Anything else? [STATE:mood]cheerful[/STATE] [not a tag] and [MEMORYX] stays."
)


def test_extract_tags_saves_and_strips() -> None:
    tagged = extract_tags(REPLY)
    assert [(m.type, m.text) for m in tagged.memories] == [("preference", "Ana prefers tea over coffee.")]
    assert [(s.key, s.value) for s in tagged.states] == [("mood", "cheerful")]
    assert "[MEMORY:" not in tagged.clean and "[STATE" not in tagged.clean and "tea" not in tagged.clean
    assert (
        tagged.clean.startswith("Sure, noted.")
        and "[not a tag]" in tagged.clean
        and "[MEMORYX]" in tagged.clean
    )


def test_untyped_and_lowercase_tags() -> None:
    tagged = extract_tags("ok [memory]The build runs on Fridays.[/memory]")
    assert tagged.memories[0].type == "fact" and tagged.clean == "ok"
    assert category_for_type("preference") == "preferences" and category_for_type("fact") is None


def chunked(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
    return [text[a:b] for a, b in itertools.pairwise(points)]


@given(cuts=st.lists(st.integers(0, 10_000), max_size=30))
def test_stream_filter_matches_whole_text_for_any_chunking(cuts: list[int]) -> None:
    filt = TagFilter()
    out = "".join(filt.feed(piece) for piece in chunked(REPLY, cuts)) + filt.flush()
    assert out == TAG_RE.sub("", REPLY)


@given(
    text=st.text(alphabet="ab[]/:MEMORYSTAemoryst \n", max_size=60),
    cuts=st.lists(st.integers(0, 100), max_size=10),
)
def test_stream_filter_never_loses_plain_text(text: str, cuts: list[int]) -> None:
    filt = TagFilter()
    out = "".join(filt.feed(piece) for piece in chunked(text, cuts)) + filt.flush()
    assert out == TAG_RE.sub("", text)


def test_state_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from jarvis.workspace import Workspace

    ws = Workspace(tmp_path)
    save_state(ws, "last_topic", "cats", datetime(2026, 11, 22, 10, 0).astimezone())
    save_state(ws, "mood", "calm", datetime(2026, 11, 22, 10, 1).astimezone())
    state = read_state(ws)
    assert state["last_topic"]["value"] == "cats" and state["mood"]["value"] == "calm"
    assert (tmp_path / ".jarvis" / "state.json").stat().st_mode & 0o777 == 0o600
