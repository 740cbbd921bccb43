"""Category of a fact: by what it is about (its subject), through the taxonomy's fixed table.

Order: the subject the phrasing family named ("I live in X" is a place -> personal) ->
the kind for preferences and rules with no subject -> the subject found from cue words in the
text (jarvis.taxonomy.classify) -> the observer's category (an LLM's guess) -> the kind ->
the default. `how` records which step decided, in the fragment's `category_by`.
"""

from __future__ import annotations

from jarvis.observe.schema import Fact
from jarvis.taxonomy import CATEGORIES, DEFAULT_CATEGORY, TAXONOMY_VERSION, category_for_subject, classify

# Used when neither the family nor the words name a subject.
KIND_CATEGORY = {
    "preference": "preferences",
    "rule": "rules-conventions",
    "correction": "preferences",
    "decision": "projects",
    "tool-failure": "operations",
}


def categorise(fact: Fact) -> tuple[str, str]:
    """(category, how it was chosen: subject | kind | keywords | observer | default)."""
    by_subject = category_for_subject(fact.subject)
    if by_subject:
        return by_subject, "subject"
    if fact.kind in ("preference", "rule"):
        return KIND_CATEGORY[fact.kind], "kind"
    by_words = classify(fact.text)
    if by_words:
        return by_words, "keywords"
    if fact.category in CATEGORIES:
        return fact.category, "observer"
    if fact.kind in KIND_CATEGORY:
        return KIND_CATEGORY[fact.kind], "kind"
    return DEFAULT_CATEGORY, "default"


__all__ = ["TAXONOMY_VERSION", "categorise"]
