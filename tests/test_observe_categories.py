"""Categories follow what a statement is about: one fixed table from subject to taxonomy category."""

from __future__ import annotations

import pytest

from jarvis.observe.classify import categorise
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.schema import Fact
from jarvis.observe.sessions import SessionEvent
from jarvis.taxonomy import CATEGORIES, SECTIONS, SUBJECT_CATEGORY, SUBJECTS, classify, subject_of


@pytest.mark.parametrize(
    ("subject", "category"),
    [
        ("place", "personal"),
        ("work", "personal"),
        ("schedule", "personal"),
        ("health", "personal"),
        ("home", "personal"),
        ("person", "people-relationships"),
        ("tool", "preferences"),
        ("preference", "preferences"),
        ("rule", "rules-conventions"),
        ("environment", "operations"),
        ("documents", "admin"),
        ("project", "projects"),
        ("decision", "projects"),
        ("architecture", "system-architecture"),
        ("memory", "memory-system"),
    ],
)
def test_subject_table(subject: str, category: str) -> None:
    assert SUBJECT_CATEGORY[subject] == category
    assert categorise(Fact(text="Some statement.", subject=subject)) == (category, "subject")


def test_every_subject_has_a_category_with_a_memory_section() -> None:
    assert set(SUBJECTS) == set(SUBJECT_CATEGORY)
    assert all(c in CATEGORIES and SECTIONS[c] for c in SUBJECT_CATEGORY.values())


# What the person said -> the category its fragment is filed under (through the real observer).
@pytest.mark.parametrize(
    ("said", "category"),
    [
        ("I live in Lisbon now.", "personal"),  # a city is a place, not a relationship
        ("I moved to Osaka last year", "personal"),
        ("My manager is Priya Raman.", "people-relationships"),  # a manager is a person, not a project
        ("my partner Sam is coming over", "people-relationships"),
        ("For the record, my passport expires in March 2027.", "admin"),  # a document, not a project
        ("Our car insurance renews on 2 March.", "admin"),
        ("I'm vegetarian.", "personal"),
        ("I'm allergic to penicillin.", "personal"),
        ("My left knee has been dodgy since April.", "personal"),
        ("I work four days a week.", "personal"),
        ("I'm on the payments team at Northwind.", "personal"),
        ("My on-call week is the first week of the month.", "personal"),
        ("I use fish.", "preferences"),
        ("My editor is neovim.", "preferences"),
        ("Shell: fish, not bash.", "preferences"),
        ("I prefer oat milk.", "preferences"),
        ("Never deploy on Fridays.", "rules-conventions"),
        ("We use pnpm in this repo, never npm.", "rules-conventions"),
        ("Staging Postgres is on port 5433.", "operations"),
        ("The GPU box is gpu-03.", "operations"),
        ("We decided to use SQLite for the cache.", "projects"),
        ("Note to self: the oven runs hot.", "personal"),
    ],
)
def test_what_was_said_files_under(said: str, category: str) -> None:
    events = [SessionEvent("message", turn=0, role="user", text=said)]
    facts = OfflineObserver().extract(events).facts
    assert facts, said
    assert categorise(facts[0])[0] == category, (facts[0].text, facts[0].subject)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("The user lives in Lisbon.", "personal"),
        ("The user's passport expires in March 2027.", "admin"),
        ("Priya is the user's manager.", "people-relationships"),
        ("Deploy with docker compose up.", "operations"),
        ("The category page lists every item.", None),  # "cat" is not found inside "category"
        ("The staging cluster is in eu-west-1.", "operations"),
    ],
)
def test_text_without_a_family_is_classified_by_whole_words(text: str, category: str | None) -> None:
    assert classify(text) == category


def test_subject_of_prefers_the_most_cues() -> None:
    assert subject_of("my visa and passport renew in May") == "documents"
    assert subject_of("nothing to see") is None
