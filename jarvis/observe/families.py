"""Phrasing families: the ways people state a durable fact about themselves or their work.

Each family is a small set of phrasings of one kind of statement, named for what it covers;
the name travels with the fact (`Fact.family`) so a reader can see why it was kept. A family
also names the statement's subject (place, person, tool, rule …: see `jarvis.taxonomy`), which
decides its category. Families work on one clause at a time (see `jarvis.observe.phrasing`);
the sentence-level ones (requests to remember, "from now on", "Topic: X, not Y") live in
`jarvis.observe.offline`, which also handles corrections of the assistant.

Lexicons are closed word lists (roles, relations, traits, tool slots): a word outside them
falls through to a weaker family, or to none — the observer would rather miss than invent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from jarvis.observe.lexicon import (
    BODY,
    DAYS,
    DOCUMENTS,
    IC,
    INFRA,
    LOWER_NAME,
    NAME,
    PLACE_VERBS,
    RELATIONS,
    ROLES,
    SCHEDULE_SLOTS,
    TOOL_SLOTS,
    TOOL_VERBS,
    TRAITS,
    TRIM,
    VAGUE_OBJECT,
)
from jarvis.observe.perspective import possessive, third_person


@dataclass(frozen=True)
class Found:
    """A statement a family produced, before it becomes a Fact."""

    text: str
    kind: str
    family: str
    subject: str
    gate: str = "allow"
    confidence: float = 0.8
    priority: str = "medium"


# ------------------------------------------------------------------ families
Builder = Callable[[re.Match[str], str], str]


@dataclass(frozen=True)
class Family:
    """One phrasing of one kind of statement; `build` turns a match into a third-person statement."""

    name: str
    regex: re.Pattern[str]
    kind: str
    subject: str | Callable[[re.Match[str]], str]
    build: Builder
    gate: str = "allow"
    confidence: float = 0.8
    priority: str = "medium"

    def subject_of(self, m: re.Match[str]) -> str:
        return self.subject if isinstance(self.subject, str) else self.subject(m)


def fam(
    name: str,
    regex: str,
    kind: str,
    subject: str | Callable[[re.Match[str]], str],
    build: Builder,
    **kw: object,
) -> Family:
    return Family(name, re.compile(regex, IC), kind, subject, build, **kw)  # type: ignore[arg-type]


def v(m: re.Match[str], group: str = "v") -> str:
    """A captured value, trimmed, with any first person in it turned into they/their."""
    return third_person((m.group(group) or "").strip(TRIM), "they")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rel(m: re.Match[str]) -> str:
    return " ".join(m.group("rel").lower().split())


def _slot_subject(m: re.Match[str]) -> str:
    rel = _rel(m)
    if re.fullmatch(SCHEDULE_SLOTS, rel, IC):
        return "schedule" if "zone" not in rel else "place"
    if re.fullmatch(DOCUMENTS, rel, IC):
        return "documents"
    return "tool"


def _as_is(m: re.Match[str], s: str) -> str:
    """The clause itself, first person rewritten (for rules: "I always …" -> "The user always …")."""
    return cap(third_person(m.group(0).strip(TRIM), s))


# Rules: how things must be done, anywhere in a clause.
RULES: tuple[Family, ...] = (
    # "Always run the tests first", "never schedule anything before 1pm" (imperative)
    fam(
        "rule/imperative",
        r"^(?:please\s+)?(?:you should\s+|you must\s+)?(?P<x>(?:always|never)\s+(?!(?:here|there|been|had|was|"
        r"were|did|a|an|the|gonna|too|so|in|at|on|mind|again|ever)\b)(?![a-z]+ed\b)[a-z]+\b.{3,})$",
        "rule",
        "rule",
        lambda m, s: cap(third_person(m.group("x").strip(TRIM), s)),
        priority="high",
    ),
    # "don't ever run terraform apply locally", "never ever …"
    fam(
        "rule/dont-ever",
        r"^(?:please\s+)?(?:don't|do not|dont|never)\s+ever\s+(?P<x>.{4,})$",
        "rule",
        "rule",
        lambda m, s: "Never " + third_person(m.group("x").strip(TRIM), s),
        priority="high",
    ),
    # "please stop suggesting hotel upgrades", "stop adding emojis"
    fam(
        "rule/stop",
        r"^(?:please\s+)?stop\s+(?P<x>[a-z]+ing\b.{3,})$",
        "rule",
        "rule",
        lambda m, s: "Stop " + third_person(m.group("x").strip(TRIM), s),
        priority="high",
    ),
    # "I always write the docstring first", "we never use SELECT * here"
    fam(
        "rule/habit",
        r"^(?:I|we)\s+(?:always|never|usually|generally|normally|typically|tend to|don't ever|won't ever)\s+"
        r"(?!(?:been|had|was|were|did|thought|knew|got|look forward|love|loved|enjoy|feel|felt|think|want|wanted|"
        r"wish|try|have fun|remember|miss|appreciate|hope|say|said)\b).{4,}$",
        "rule",
        "rule",
        _as_is,
        priority="high",
    ),
    # "we use pnpm in this repo, never npm", "we deploy with Terraform Cloud, never by hand"
    fam(
        "rule/we-use",
        r"^(?:here\s+)?we\s+(?:use|run|deploy(?:\s+(?:with|via|through|using|to))?|build\s+with|format\s+with|"
        r"write|host\s+(?:on|with)|keep|stick\s+(?:to|with)|rely\s+on|standardi[sz]e\s+on|test\s+with|"
        r"don't use|do not use|never use|only use)\s+(?!" + VAGUE_OBJECT + r").+?"
        r"(?:,?\s+(?:never|not|no|instead of|rather than|over)\s+.+|\s+(?:here|in (?:this|the|our) "
        r"(?:repo|project|codebase|team|app|service)|for (?:all|every|everything|any)\b.*|across\b.*|at [A-Z]\w+).*)$",
        "rule",
        "rule",
        _as_is,
        priority="high",
    ),
    # "every migration needs a down script", "the eval set must never be used for early stopping"
    fam(
        "rule/must",
        r"^(?!(?:I|we|you|he|she|they|it|this|that)\b)(?:the\s+|all\s+|every\s+|each\s+|our\s+|any\s+)?"
        r"[\w*/ -]{2,40}?\s+(?:must(?:\s+always|\s+never|\s+not)?(?!\s+(?:be|have|feel|'ve|seem)\b)|"
        r"needs?\s+(?:a|an|to)|has to|have to|"
        r"should always|should never)\s+.{3,}$",
        "rule",
        "rule",
        _as_is,
        confidence=0.7,
        priority="high",
    ),
)

# Self-descriptions: who the person is, where, with whom, with what, on which days.
SELF: tuple[Family, ...] = (
    # "I'm on the payments team at Northwind", "I work on the platform team"
    fam(
        "self/team",
        r"^I(?:'m| am|\s+work)\s+(?:currently\s+|now\s+|still\s+)?(?:on|in|part of|with|for)\s+(?:the\s+)?"
        r"(?P<team>[\w&/ -]{2,40}?)\s+team(?P<org>\s+(?:at|@|in|for)\s+[^,]+)?(?:,.*)?$",
        "fact",
        "work",
        lambda m, s: f"{s} is on the {m.group('team').strip()} team{(m.group('org') or '').rstrip(TRIM)}",
    ),
    # "I'm a night-shift nurse at St Mary's", "I work as a data analyst"
    fam(
        "self/role",
        rf"^I(?:'m| am|\s+work\s+as)\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?P<art>a|an|the)\s+"
        rf"(?P<v>(?:[\w-]+\s+){{0,3}}?(?:{ROLES}))\b(?P<rest>\s+(?:at|for|in|with|on)\s+[^,;]+)?(?:[,;].*)?$",
        "fact",
        "work",
        lambda m, s: f"{s} is {m.group('art').lower()} {v(m)}{(m.group('rest') or '').rstrip(TRIM)}",
    ),
    # "I work at Acme", "I work four days a week", "I work remotely from Porto"
    fam(
        "self/works",
        r"^I\s+(?:currently\s+|now\s+|still\s+|only\s+|mostly\s+)?work\s+(?P<v>(?:at|for|as|from|remotely|"
        r"from home|part-time|full-time|nights|weekends|(?:\w+|\d+)\s+days\s+a\s+week|(?:\w+|\d+)\s+hours)\b.*)$",
        "fact",
        lambda m: "work" if re.match(r"at|for|as", m.group("v"), IC) else "schedule",
        lambda m, s: f"{s} works {v(m)}",
    ),
    # "I live in Lisbon now", "I'm based in Montreal", "I moved to Leeds", "I'm from Quito"
    fam(
        "self/place",
        r"^I(?:\s+(?:currently|now|still|just|recently))?\s*(?P<verb>live|reside|'m based|am based|"
        r"'m living(?= in| at| near)|am living(?= in| at| near)|moved|'m from|am from|'m originally from|am originally from|was born|grew up)\s+"
        r"(?P<v>(?:in|at|near|on|to|up to|down to|back to|over to|from)?\s*.+)$",
        "fact",
        "place",
        lambda m, s: f"{s} {PLACE_VERBS.get(m.group('verb').lower().lstrip(chr(39)), 'lives')} {v(m)}",
    ),
    # "I'm vegetarian", "I'm lactose intolerant", "I'm colour-blind (deuteranopia)"
    fam(
        "self/trait",
        rf"^I(?:'m| am)\s+(?:(?:a|an)\s+)?(?:strict\s+|mostly\s+|completely\s+|fully\s+)?(?P<t>{TRAITS})\b"
        r"(?P<rest>\s*\([^)]{1,60}\))?",
        "fact",
        "health",
        lambda m, s: f"{s} is {m.group('t').lower()}{(m.group('rest') or '').rstrip()}",
        confidence=0.85,
    ),
    fam(
        "self/allergy",
        r"^I(?:'m| am)\s+(?:(?:very|quite|severely|mildly)\s+)?allergic\s+to\s+(?P<v>.+)$",
        "fact",
        "health",
        lambda m, s: f"{s} is allergic to {v(m)}",
        confidence=0.9,
        priority="high",
    ),
    # "I use fish", "I mostly code in Rust", "I'm on macOS"
    fam(
        "self/tool",
        r"^I\s+(?:mostly\s+|mainly\s+|only\s+|always\s+|usually\s+|now\s+)?(?P<verb>use|code in|program in|"
        rf"develop on|'m on|am on)\s+(?!{VAGUE_OBJECT}|(?:for|to|as|with|in|on|at|by)\b)(?P<v>.{{2,60}})$",
        "preference",
        "tool",
        lambda m, s: f"{s} {TOOL_VERBS.get(m.group('verb').lower(), 'uses')} {v(m)}",
    ),
    # "my manager is Priya Raman", "My agent is Hélène Dubois"
    fam(
        "self/relation-is",
        rf"^my\s+(?P<rel>{RELATIONS})\s+(?:is|'s)\s+(?:(?P<name>{NAME})|(?P<low>{LOWER_NAME})$)",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {_rel(m)} is {m.group('name') or m.group('low').title()}",
        confidence=0.85,
    ),
    # "my editor is neovim", "my on-call week is the first week of every month", "my passport is Irish"
    fam(
        "self/slot",
        rf"^my\s+(?P<rel>{TOOL_SLOTS}|{SCHEDULE_SLOTS}|{DOCUMENTS})\s+(?:is|are|'s)\s+(?P<v>.{{2,}})$",
        "fact",
        _slot_subject,
        lambda m, s: f"{possessive(s)} {_rel(m)} is {v(m)}",
    ),
    # "my passport expires in March 2027", "our car insurance renews on 2 March"
    fam(
        "self/document-date",
        rf"^(?P<who>my|our)\s+(?P<rel>{DOCUMENTS})\s+(?P<verb>expires?|renews?|runs out|ends|is due|lapses)"
        r"\s+(?P<v>.{2,})$",
        "fact",
        "documents",
        lambda m, s: f"{possessive(s)} {_rel(m)} {m.group('verb').lower()} {v(m)}",
        priority="high",
    ),
    # "my left knee has been dodgy since April", "my back is bad"
    fam(
        "self/body",
        rf"^my\s+(?P<rel>(?:(?:left|right|lower|upper|bad)\s+)?(?:{BODY}))\s+(?P<v>(?:is|are|has been|"
        r"have been|was|hurts|aches|gets|isn't|keeps|flares)\b.{2,})$",
        "fact",
        "health",
        lambda m, s: f"{possessive(s)} {_rel(m)} {v(m)}",
    ),
    # "I run with my club on Tuesdays", "I write every morning from 6 to 9"
    fam(
        "self/routine",
        r"^I\s+(?:also\s+|usually\s+|normally\s+)?(?!(?:will|would|might|could|should|can|want|need|hope|plan|"
        r"'ll|'d|wish|try|tried|think|guess)\b)(?P<v>[a-z]+\b.{0,60}?\b(?:(?:every|each)\s+(?:other\s+)?"
        rf"(?:day|morning|afternoon|evening|night|week|weekday|weekend|month|year|{DAYS})|on\s+{DAYS}|"
        r"on\s+weekends|on\s+weekdays|daily|weekly|monthly)\b.*)$",
        "fact",
        "schedule",
        lambda m, s: f"{s} {third_person('I ' + m.group('v').strip(TRIM), s)[len(s) + 1 :]}",
    ),
)

# Environment: where things run (no first person needed).
ENVIRONMENT = fam(
    "environment/where",
    rf"^(?:the\s+|our\s+)?(?P<subj>(?:[\w./-]+\s+){{0,3}}?(?:{INFRA}))\s+(?:is|are|runs|run|lives|live|sits|"
    r"listens|'s)\s+(?:on|at|in|under|behind|reachable at|available at)?\s*(?P<v>.*?(?:port\s+\d+|\b\d{2,5}\b|"
    r"/[\w/.-]+|\b[a-z]+-\d+\b|\b[\w-]+\.[a-z][\w.-]+\b|\b[a-z]{2}-[a-z]+-\d\b).*)$",
    "fact",
    "environment",
    lambda m, s: cap(m.group(0).strip(TRIM)),
)

# Decisions: what was settled ("we decided to …", "let's go with …").
DECISIONS: tuple[Family, ...] = (
    fam(
        "decision/decided",
        r"^(?P<x>(?:we|I)(?:'ve| have)?\s+(?:finally\s+|just\s+)?(?:decided|agreed|settled)\s+(?:to|that|on)\s+.{4,})$",
        "decision",
        "decision",
        lambda m, s: cap(third_person(m.group("x").strip(TRIM), s)),
        confidence=0.75,
    ),
    fam(
        "decision/lets",
        r"^(?:ok(?:ay)?[,\s]+)?let's\s+(?P<x>(?:go with|use|stick with|pick|choose|switch to|ship|keep|adopt|"
        rf"move to|migrate to|standardi[sz]e on|put|set|drop|retire)\s+(?!{VAGUE_OBJECT}|[a-z]+in[g']\b|"
        r"going\b|each other\b|on\b|up\b).{3,})$",
        "decision",
        "decision",
        lambda m, s: "Decision: " + cap(third_person(m.group("x").strip(TRIM), s)),
        confidence=0.75,
    ),
    fam(
        "decision/going-with",
        r"^(?P<x>we(?:'re| are|'ll| will)\s+(?:going with|going to use|switching to|moving to|sticking with)\s+.{3,})$",
        "decision",
        "decision",
        lambda m, s: cap(m.group("x").strip(TRIM)),
        confidence=0.75,
    ),
    fam(
        "decision/label",
        r"^(?:the\s+)?decision(?:\s+is)?:\s*(?P<x>.{4,})$",
        "decision",
        "decision",
        lambda m, s: "Decision: " + cap(third_person(m.group("x").strip(TRIM), s)),
        confidence=0.75,
    ),
)

# Another person named next to their relation ("my partner Sam eats fish" -> the user's partner is
# Sam): what they like or think is theirs, and is not kept.
APPOSITIVE = fam(
    "person/appositive",
    rf"\bmy\s+(?P<rel>{RELATIONS})\s+(?P<name>{NAME})(?!')\b",
    "fact",
    "person",
    lambda m, s: f"{possessive(s)} {_rel(m)} is {m.group('name')}",
    confidence=0.75,
)
