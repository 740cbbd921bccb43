"""Category of a fact: keywords first (jarvis.taxonomy), then the kind, then the observer's guess."""

from __future__ import annotations

from jarvis.observe.schema import Fact
from jarvis.taxonomy import CATEGORIES, DEFAULT_CATEGORY, TAXONOMY_VERSION, classify

# Used when no taxonomy keyword matches.
KIND_CATEGORY = {
    "preference": "preferences",
    "rule": "rules-conventions",
    "correction": "preferences",
    "decision": "projects",
    "tool-failure": "operations",
}
# Facts about the person's own life that the taxonomy keywords miss.
PERSONAL_CUES = (
    "lives in",
    "lives at",
    "moved to",
    "is from",
    "was born",
    "works at",
    "works for",
    "works as",
    "years old",
    "allergic",
    "birthday",
    "'s name is",
    "is named",
    "name is",
)


def categorise(fact: Fact) -> tuple[str, str]:
    """(category, how it was chosen: keywords | kind | observer | default)."""
    if fact.kind in ("preference", "rule"):
        return KIND_CATEGORY[fact.kind], "kind"
    by_words = classify(fact.text)
    if by_words:
        return by_words, "keywords"
    lowered = fact.text.lower()
    if any(cue in lowered for cue in PERSONAL_CUES):
        return "people-relationships", "keywords"
    if fact.category in CATEGORIES:
        return fact.category, "observer"
    if fact.kind in KIND_CATEGORY:
        return KIND_CATEGORY[fact.kind], "kind"
    return DEFAULT_CATEGORY, "default"


__all__ = ["TAXONOMY_VERSION", "categorise"]
