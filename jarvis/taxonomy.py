"""The memory taxonomy: categories of fragments and the MEMORY.md section each maps to."""

from __future__ import annotations

TAXONOMY_VERSION = 1

# category slug -> MEMORY.md section heading
SECTIONS: dict[str, str] = {
    "preferences": "Preferences",
    "rules-conventions": "Rules and conventions",
    "system-architecture": "System architecture",
    "operations": "Operations",
    "memory-system": "Memory system",
    "projects": "Projects",
    "people-relationships": "People and relationships",
}
CATEGORIES: tuple[str, ...] = tuple(SECTIONS)
DEFAULT_CATEGORY = "projects"


def section_for(category: str | None) -> str:
    return SECTIONS.get(category or "", SECTIONS[DEFAULT_CATEGORY])


def category_for_section(section: str) -> str | None:
    wanted = section.strip().lower()
    for slug, title in SECTIONS.items():
        if title.lower() == wanted:
            return slug
    return None


# Keyword cues per category, checked first; the LLM decides only when none match.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "preferences": (
        "prefer",
        "favourite",
        "favorite",
        "i like",
        "i love",
        "i hate",
        "i dislike",
        "i enjoy",
        "rather than",
        "instead of",
        "my taste",
    ),
    "rules-conventions": (
        "always",
        "never",
        "convention",
        "must",
        "rule",
        "style guide",
        "naming",
        "don't ever",
    ),
    "system-architecture": (
        "architecture",
        "database",
        "schema",
        "service",
        "api",
        "module",
        "server",
        "index",
        "design",
        "component",
    ),
    "operations": (
        "deploy",
        "backup",
        "cron",
        "install",
        "command",
        "run ",
        "ci ",
        "pipeline",
        "restart",
        "password manager",
        "ssh",
        "docker",
    ),
    "memory-system": ("jarvis", "memory.md", "recall", "fragment", "remember how", "soul.md"),
    "projects": ("project", "deadline", "milestone", "release", "working on", "launch", "roadmap"),
    "people-relationships": (
        "wife",
        "husband",
        "partner",
        "son",
        "daughter",
        "mother",
        "father",
        "mom",
        "dad",
        "friend",
        "colleague",
        "boss",
        "brother",
        "sister",
        "cat",
        "dog",
        "birthday",
        "married",
        "kids",
    ),
}


def classify(text: str) -> str | None:
    """The category whose keywords match `text` most often, or None when none match."""
    lowered = f" {text.lower()} "
    best: tuple[int, str] | None = None
    for category, words in KEYWORDS.items():
        hits = sum(lowered.count(word) for word in words)
        if hits and (best is None or hits > best[0]):
            best = (hits, category)
    return best[1] if best else None
