"""The proposal model: stable ids, commit-message round trip (hypothesis), validation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarvis.errors import NotFound, UsageError
from jarvis.reflect.proposals import check_id, make_proposal, parse_message, proposal_id, render_message

line = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=80).filter(
    lambda s: s.strip()
)
ident = st.from_regex(r"[a-z0-9][a-z0-9.-]{0,20}", fullmatch=True)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(["add", "change", "remove"]),
    section=line,
    text=line,
    old=st.one_of(st.just(""), line),
    rationale=st.text(max_size=300),
    confidence=st.floats(0, 1),
    fragments=st.lists(ident, max_size=3),
    sessions=st.lists(ident, max_size=3),
)
def test_message_round_trip(
    kind: str,
    section: str,
    text: str,
    old: str,
    rationale: str,
    confidence: float,
    fragments: list[str],
    sessions: list[str],
) -> None:
    try:
        p = make_proposal(
            kind=kind, section=section, text=text, old_text=old, rationale=rationale, confidence=confidence,
            fragments=tuple(fragments), sessions=tuple(sessions),
        )  # fmt: skip
    except UsageError:
        return  # text that redaction or whitespace folding empties
    back = parse_message(render_message(p))
    assert back.id == p.id and back.kind == p.kind and back.section == p.section.strip()
    assert back.text == p.text and back.old_text == p.old_text
    assert back.fragments == p.fragments and back.sessions == p.sessions
    assert back.confidence == pytest.approx(p.confidence, abs=0.005)
    assert back.rationale == p.rationale.strip()


def test_ids_are_content_hashes() -> None:
    a = proposal_id("MEMORY.md", "add", "Preferences", "Prefers tea.")
    assert a == proposal_id("MEMORY.md", "add", "preferences", "  prefers   TEA")
    assert a != proposal_id("MEMORY.md", "add", "Preferences", "Prefers coffee")
    assert check_id(f"proposals/{a}") == a
    with pytest.raises(UsageError, match="not a proposal id"):
        check_id("p-xyz")


def test_validation_and_non_proposal_messages() -> None:
    with pytest.raises(UsageError, match="target"):
        make_proposal(target="USER.md", section="X", text="something long enough")
    with pytest.raises(UsageError, match="empty"):
        make_proposal(section="X", text="   ")
    with pytest.raises(NotFound, match="not a jarvis proposal"):
        parse_message("fix typo\n\njust a normal commit\n")
    secret = make_proposal(section="Ops", text="the token is ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2)
    assert "ghp_" not in secret.text and "[REDACTED" in secret.text
