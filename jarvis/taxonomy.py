"""The memory taxonomy: categories of fragments, the MEMORY.md section of each, and what maps where.

A fact is filed by what it is *about* (its subject: a place, a person, a tool, a rule, a
schedule, a health matter, a document …), through one fixed table (`SUBJECT_CATEGORY`), so
a city is never filed under people and a passport never under projects. The observer names
the subject when its phrasing family knows it ("I live in X" is a place); otherwise
`subject_of` finds it from cue words, and `classify` maps text to a category the same way.
"""

from __future__ import annotations

import re

TAXONOMY_VERSION = 2  # 2: subjects; "personal" (About me) and "admin" (Documents and admin) added

# category slug -> MEMORY.md section heading
SECTIONS: dict[str, str] = {
    "preferences": "Preferences",
    "rules-conventions": "Rules and conventions",
    "system-architecture": "System architecture",
    "operations": "Operations",
    "memory-system": "Memory system",
    "projects": "Projects",
    "people-relationships": "People and relationships",
    "personal": "About me",
    "admin": "Documents and admin",
}
CATEGORIES: tuple[str, ...] = tuple(SECTIONS)
DEFAULT_CATEGORY = "projects"

# What a statement is about -> where it is filed. Fixed: tested row by row.
SUBJECT_CATEGORY: dict[str, str] = {
    "place": "personal",  # where the person lives, comes from, moved to
    "identity": "personal",  # name, age, pronouns, nationality
    "work": "personal",  # their job, team, employer, working pattern
    "schedule": "personal",  # their routine: days, hours, on-call weeks
    "health": "personal",  # allergies, conditions, injuries, diet
    "home": "personal",  # their house, kitchen, garden, car
    "person": "people-relationships",  # family, friends, manager, colleagues, pets
    "tool": "preferences",  # the tools they use: shell, editor, OS, package manager
    "preference": "preferences",
    "rule": "rules-conventions",  # how things must be done, by them or the assistant
    "environment": "operations",  # hosts, ports, regions, paths: where things run
    "documents": "admin",  # passports, visas, insurance, contracts, renewals, taxes
    "project": "projects",
    "decision": "projects",
    "architecture": "system-architecture",
    "memory": "memory-system",
}
SUBJECTS: tuple[str, ...] = tuple(SUBJECT_CATEGORY)


def _cues(*words: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])(?:" + "|".join(words) + r")(?![\w-])", re.IGNORECASE)


# Cue words per subject, whole words only ("cat" is not found in "category"). Checked when
# the phrasing did not name the subject; the subject with most cues wins, ties in this order.
SUBJECT_CUES: dict[str, re.Pattern[str]] = {
    "documents": _cues(
        r"passports?",
        r"visas?",
        r"driving licen[cs]e",
        r"licen[cs]e renewal",
        r"insurance",
        r"tax return",
        r"tax(?:es)?",
        r"contracts?",
        r"lease",
        r"mortgage",
        r"id card",
        r"residence permit",
        r"renew(?:s|al)?",
        r"expires?",
        r"warranty",
        r"invoices?",
        r"bills?",
    ),
    "health": _cues(
        r"allergic",
        r"allergy",
        r"allergies",
        r"intolerant",
        r"vegetarian",
        r"vegan",
        r"pescatarian",
        r"gluten",
        r"diabetic",
        r"colou?r-?blind",
        r"medication",
        r"physio",
        r"knee",
        r"back pain",
        r"asthma",
        r"migraines?",
        r"doctor",
        r"dentist",
        r"injur(?:y|ies)",
        r"diet",
    ),
    "identity": _cues(r"pronouns", r"years old", r"nationality", r"my name", r"name is", r"native language"),
    "place": _cues(
        r"lives? in",
        r"living in",
        r"moved to",
        r"based in",
        r"is from",
        r"am from",
        r"grew up in",
        r"was born in",
        r"hometown",
        r"relocat\w+",
    ),
    "person": _cues(
        r"wife",
        r"husband",
        r"partner",
        r"sons?",
        r"daughters?",
        r"mother",
        r"father",
        r"mom",
        r"mum",
        r"dad",
        r"friends?",
        r"colleagues?",
        r"boss",
        r"manager",
        r"team lead",
        r"cofounder",
        r"co-founder",
        r"mentor",
        r"brother",
        r"sister",
        r"cat",
        r"dog",
        r"kids",
        r"children",
        r"married",
        r"birthday",
        r"agent",
        r"grand(?:mother|father|ma|pa)",
        r"in-laws?",
        r"mother-in-law",
        r"father-in-law",
    ),
    "work": _cues(
        r"works? (?:at|for|as)",
        r"team at",
        r"on the \w+ team",
        r"job",
        r"employer",
        r"freelance",
        r"contractor",
        r"consultant",
        r"days a week",
        r"part-time",
        r"full-time",
        r"remotely",
        r"retired",
    ),
    "schedule": _cues(
        r"every (?:day|morning|evening|night|week|weekday|weekend|month|year)",
        r"on-call",
        r"mondays?",
        r"tuesdays?",
        r"wednesdays?",
        r"thursdays?",
        r"fridays?",
        r"saturdays?",
        r"sundays?",
        r"mornings?",
        r"weekends?",
        r"each year",
        r"every year",
    ),
    "home": _cues(
        r"oven",
        r"fridge",
        r"freezer",
        r"kitchen",
        r"boiler",
        r"heating",
        r"garden",
        r"house",
        r"flat",
        r"apartment",
        r"car",
        r"bike",
        r"washing machine",
        r"dishwasher",
        r"alarm",
        r"wifi",
        r"landlord",
    ),
    "rule": _cues(
        r"always", r"never", r"conventions?", r"must", r"rule", r"style guide", r"naming", r"don't ever"
    ),
    "tool": _cues(
        r"shell",
        r"editor",
        r"ide",
        r"terminal",
        r"bash",
        r"zsh",
        r"fish",
        r"vim",
        r"neovim",
        r"emacs",
        r"vs ?code",
        r"helix",
        r"npm",
        r"pnpm",
        r"yarn",
        r"pip",
        r"uv",
        r"poetry",
        r"conda",
        r"homebrew",
        r"formatter",
        r"linter",
        r"black",
        r"ruff",
        r"prettier",
        r"eslint",
        r"cocoapods",
    ),
    "preference": _cues(
        r"prefers?",
        r"favou?rite",
        r"i like",
        r"i love",
        r"i hate",
        r"i dislike",
        r"i enjoy",
        r"rather than",
        r"instead of",
        r"my taste",
        r"likes",
        r"loves",
        r"hates",
    ),
    "environment": _cues(
        r"staging",
        r"production",
        r"prod",
        r"port",
        r"host(?:name)?",
        r"cluster",
        r"region",
        r"eu-\w+-\d",
        r"us-\w+-\d",
        r"vpn",
        r"gpu box",
        r"localhost",
    ),
    "architecture": _cues(
        r"architecture",
        r"database",
        r"schema",
        r"service",
        r"api",
        r"module",
        r"server",
        r"index",
        r"design",
        r"component",
    ),
    "project": _cues(
        r"project",
        r"deadline",
        r"milestone",
        r"release",
        r"working on",
        r"launch",
        r"roadmap",
        r"due",
        r"manuscript",
    ),
    "memory": _cues(r"jarvis", r"memory\.md", r"recall", r"fragment", r"remember how", r"soul\.md"),
}
_OPERATIONS = _cues(
    r"deploy\w*",
    r"backups?",
    r"cron",
    r"install",
    r"command",
    r"run",
    r"ci",
    r"pipeline",
    r"restart",
    r"password manager",
    r"ssh",
    r"docker",
)


def section_for(category: str | None) -> str:
    return SECTIONS.get(category or "", SECTIONS[DEFAULT_CATEGORY])


def category_for_section(section: str) -> str | None:
    wanted = section.strip().lower()
    for slug, title in SECTIONS.items():
        if title.lower() == wanted:
            return slug
    return None


def category_for_subject(subject: str | None) -> str | None:
    return SUBJECT_CATEGORY.get(subject or "")


def subject_of(text: str) -> str | None:
    """The subject whose cue words occur most often in `text` (ties: table order), or None."""
    best: tuple[int, str] | None = None
    for subject, cues in SUBJECT_CUES.items():
        hits = len(cues.findall(text))
        if hits and (best is None or hits > best[0]):
            best = (hits, subject)
    return best[1] if best else None


def classify(text: str) -> str | None:
    """The category for `text` by its subject's cue words (operations words count too), or None."""
    subject = subject_of(text)
    ops = len(_OPERATIONS.findall(text))
    if ops and (subject is None or ops > len(SUBJECT_CUES[subject].findall(text))):
        return "operations"
    return category_for_subject(subject)
