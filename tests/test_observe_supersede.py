"""A changed fact is never merged away: the new value supersedes the old (issue 10, item 10)."""

from __future__ import annotations

from typing import Any

import pytest
from test_observe_pipeline import fragments, git, session

from jarvis.index.recall import recall
from jarvis.observe.pipeline import observe_sessions
from jarvis.observe.plan import same_frame, specifics_differ
from jarvis.workspace import Workspace

CHANGED = [
    ("My gym locker code is 4812", "My gym locker code is 5530 now"),
    ("I live in Lisbon", "I live in Porto now"),
    ("Standup is on Tuesday at 9:30", "Standup is on Thursday at 9:30"),
    ("Standup is at 9:30", "Standup is at 10:15"),
    ("I like jazz", "I no longer like jazz"),
    ("The wifi runs on 5 GHz", "The wifi runs on 2.4 GHz"),
    ("We are on release v2.3.1", "We are on release v2.4.0"),
    ("The dentist appointment is on 2026-03-04", "The dentist appointment is on 2026-03-11"),
    ("My manager is Priya Raman", "My manager is Tomasz Nowak"),
    ("Send invoices to billing@northwind.example", "Send invoices to ap@northwind.example"),
]
NOT_THE_SAME_STATEMENT = [
    ("The user lives in Lisbon.", "The user works in Porto."),
    ("The user lives in Lisbon.", "The user's manager lives in Porto."),
    ("The user's editor is neovim", "The user's shell is fish"),
]

SAME = [
    ("We deploy with Ansible", "Deployment is done with Ansible"),
    ("My manager is Priya Raman", "Priya Raman is my manager"),
    ("I prefer tea over coffee", "I prefer tea to coffee in the mornings"),
    ("The staging database listens on port 5433", "Staging database: port 5433"),
]


@pytest.mark.parametrize(("old", "new"), CHANGED)
def test_changed_specifics_are_seen_both_ways(old: str, new: str) -> None:
    assert specifics_differ(new, old) and specifics_differ(old, new)


@pytest.mark.parametrize(("old", "new"), CHANGED)
def test_a_changed_value_keeps_the_frame(old: str, new: str) -> None:
    assert same_frame(new, old)


@pytest.mark.parametrize(("old", "new"), NOT_THE_SAME_STATEMENT)
def test_a_different_statement_is_not_a_new_value(old: str, new: str) -> None:
    assert not same_frame(new, old)


@pytest.mark.parametrize(("old", "new"), SAME)
def test_rewordings_with_the_same_specifics_are_the_same_fact(old: str, new: str) -> None:
    assert not specifics_differ(new, old)


@pytest.mark.parametrize(
    ("first", "second", "old_value", "new_value"),
    [
        (
            "Remember that the staging database is on port 5433.",
            "Remember that the staging database is on port 5434 now.",
            "5433",
            "5434",
        ),
        ("Remember that I live in Lisbon.", "Remember that I live in Porto now.", "Lisbon", "Porto"),
    ],
)
def test_a_later_session_with_a_new_value_supersedes_the_old_fragment(
    ws: Workspace, embedder: Any, first: str, second: str, old_value: str, new_value: str
) -> None:
    session(ws, "monday", ("user", first))
    observe_sessions(ws, ["monday"], embedder=embedder)
    session(ws, "friday", ("user", second))
    report = observe_sessions(ws, ["friday"], embedder=embedder)
    assert report.counts["superseded"] == 1 and report.counts["merged"] == 0
    by_value = {v: [f for f in fragments(ws).values() if v in f.body] for v in (old_value, new_value)}
    [new] = by_value[new_value]
    [old] = [f for f in by_value[old_value] if new_value not in f.body]
    assert new.status == "active" and old.status == "superseded" and old.superseded_by == new.id
    assert "1 superseded" in git(ws, "log", "-1", "--format=%s")
    hits = recall(ws, first.removeprefix("Remember that "), embedder=embedder, k=3).hits
    assert new_value in hits[0].text
    assert not any(old_value in h.text and new_value not in h.text for h in hits)
