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
    APPOINTMENT,
    BY_ROLE,
    DESCRIBING_WORDS,
    IC,
    INFRA,
    MOMENTARY,
    NAME,
    NO_NEED,
    PAST_WAYS,
    PETS,
    RELATIONS,
    ROLES,
    THEIRS_NEARBY,
    TITLE,
    TODAY_OR_TOMORROW,
    TRANSIENT,
    TRIM,
    VAGUE_OBJECT,
    WAY_VERBS_BASE,
    WEEKDAY,
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


def rel(m: re.Match[str]) -> str:
    """The relation or slot as the person wrote it, lower case except acronyms ("PM", "GP") and
    names after the first word ("son Leo")."""
    words = m.group("rel").split()
    return " ".join(
        w if (w.isupper() and len(w) > 1) or (i and w[:1].isupper()) else w.lower()
        for i, w in enumerate(words)
    )


def said_whole(m: re.Match[str], s: str) -> str:
    """The clause itself, first person rewritten (for rules: "I always …" -> "The user always …")."""
    return cap(third_person(m.group(0).strip(TRIM), s))


def said_x(m: re.Match[str], s: str) -> str:
    """What the `x` group holds, first person rewritten ("please keep all prices in cedis" -> "Keep …")."""
    return cap(third_person(m.group("x").strip(TRIM), s))


def decided_x(m: re.Match[str], s: str) -> str:
    """What the `x` group holds, as a decision ("let's go with option B" -> "Decision: Go with option B")."""
    return "Decision: " + said_x(m, s)


# units and currencies an answer is asked in, for rule/keep-in and rule/in-unit (each adds its own)
_MEASURES = (
    r"km|kilometres|kilometers|miles|kg|kilos|celsius|fahrenheit|metric|imperial|litres|liters|24h|24-hour time|"
    r"cm|centimetres|centimeters|mm|millimetres|millimeters|metres|meters|inches|feet|min/km|min/mile"
)
_MONEY = r"rands?|euros?|dollars?|cedis|naira|pesos|rupees|shillings"

# Rules: how things must be done, anywhere in a clause.
RULES: tuple[Family, ...] = (
    # "Always run the tests first", "never schedule anything before 1pm" (imperative)
    fam(
        "rule/imperative",
        r"^(?:please\s+)?(?:you should\s+|you must\s+)?(?P<x>(?:always|never)\s+(?!(?:here|there|been|had|was|"
        r"were|did|a|an|the|gonna|too|so|in|at|on|mind|again|ever)\b)(?![a-z]+ed\b)[a-z]+\b.{3,})$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # how to answer, said as an instruction with a style ("answer me short pls", "write to me in simple
    # english", "explain things simply, without jargon"): how the person wants to be spoken to
    fam(
        "rule/style",
        r"^(?:please\s+)?(?P<x>(?:answer|reply|write|talk|respond|explain(?:\s+(?:things|stuff|everything))?|speak)"
        r"(?:\s+(?:to\s+)?(?:me|us))?\s+(?:short|shorter|briefly|simply|plainly|slowly|in\s+(?:short|simple|plain)\b|"
        r"in\s+(?:english|spanish|french|german|portuguese|italian|dutch|polish|[a-z]+ish)\b|like\s+(?:a|an|you)\b|"
        r"without\s+(?:jargon|emojis?|bullet|lists?)|in\s+(?:bullet points|lists?|tables?|paragraphs))[^?]{0,80})$",
        "rule",
        "rule",
        said_x,
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
    # "please don't suggest recipes with white rice" (not "don't worry", not "don't run it now")
    fam(
        "rule/dont",
        # "don't be sending me web links" is a rule; "don't be late" is not
        r"^(?:please\s+)?(?:don't|do not|dont)\s+(?!(?:ever|worry|bother|forget|mind|be(?!\s+(?!(?:worrying|bothering|fussing|minding|getting)\b)\w+ing\b)|"
        r"get|you|we|I)\b)"
        rf"(?P<x>[a-z]+\b(?!.*{MOMENTARY}).{{3,}})$",
        "rule",
        "rule",
        lambda m, s: "Do not " + third_person(m.group("x").strip(TRIM), s),
        priority="high",
    ),
    # what rules out a whole kind of thing ("First, nothing that needs shore power", "nothing that runs
    # on mains", "no recipes that need an oven"): the condition is the rule
    fam(
        "rule/nothing-that",
        r"^(?:(?:first|firstly|also|and|but|so|ok|okay|oh and|btw)[,:]?\s+)?(?P<x>(?:nothing|no\s+[\w-]+(?:\s+[\w-]+)?)\s+"
        r"(?:that|which)\s+(?:needs|need|uses|use|requires|require|runs on|run on|involves|involve|plugs into|"
        r"plug into|takes|take)\s+[^,;?]{3,60}?)(?:\s*,?\s*(?:please|pls|thanks|honestly|ok))?$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # "No sugary cereals in the house", "no force pushes to main" (not "no worries", "no idea")
    fam(
        "rule/no-x",
        r"^(?:no|nothing)\s+(?!(?:worries|problem|problems|idea|thanks|way|clue|rush|need|pressure|big deal|doubt|matter|"
        r"one|more|longer|chance|luck)\b)(?P<x>[\w#+-]+(?:\s+[\w-]+){0,2},?\s+ever$|"
        r"[a-z][\w-]*(?:\s+[\w-]+){0,4}?\s+(?:in|on|at|for|before|after|during|"
        r"without|past|over|to|near|inside|outside|within|between|under|of)\s+.+|(?:in|with|from|before|after|on)\s+.+)$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "please avoid suggesting clean builds", "dates in DD/MM/YYYY everywhere": durable by their words
    fam(
        "rule/general",
        r"^(?:please\s+)?(?P<x>(?:avoid|refrain from)\s+.{4,})$"
        r"|^(?!(?:I|we|you|he|she|they|it|this|that|my|our|his|her|their)\b)(?!(?-i:[A-Z])[a-z]+\s+(?-i:[A-Z]))"
        rf"(?!.*(?:{TRANSIENT}))"  # "today very busy, cruise ship tourists everywhere"
        r"(?!.*\b(?:prefers?|likes?|loves?|hates?|wants?|thinks?|says?|believes?|feels?|enjoys?)\b)"
        # "keep that in mind, always", "do it this way, always": points back at what was said, no rule of its own
        r"(?!\w+\s+(?:that|this|it|them)(?:\s+in\s+mind|\s+this\s+way|\s+like\s+that)?\s*,)"
        r".{3,60}?(?:\b(?:everywhere|across the board|by default|at all times|in every \w+|in all \w+|"
        r"without exception|no matter what|every single time|throughout|consistently)(?=\s*(?::\s*[^:]{3,80})?[.!]*$)"
        r"|,\s*(?:always|no exceptions|never otherwise))(?:\s*:\s*[^:]{3,80})?[.!]*$"
        r"|^(?:everything|all\s+(?:the\s+)?[\w -]{2,30}?)\s+(?:in|as)\s+[\w/ -]{2,30}?(?:,?\s*please)$"
        # an instruction with "always" at its end, no comma ("Please make it like a table always")
        r"|^(?:please\s+|pls\s+|plz\s+)?(?P<y>(?:make|write|put|use|give|answer|reply|format|show|send|do|"
        r"add|list|sort|round|spell|sign|end|start)\b[^,;]{3,60}?\s+always)(?:\s+(?:please|pls|plz))?[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(third_person((m.group("x") or m.group("y") or m.group(0)).strip(TRIM), s)),
        priority="high",
    ),
    # "we don't mock the DB, we use testcontainers": a team practice and what is done instead
    fam(
        "rule/we-instead",
        r"^we\s+(?:don't|do not|never|no longer)\s+[a-z]+\b.{2,}?,\s+we\s+[a-z]+\b.{2,}$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "we deploy from main only", "we only merge with a green pipeline": a team practice with its limit
    fam(
        "rule/we-only",
        r"^(?!.*\b(?:it|this|that|them|these|those)\s+only$)"
        r"we\s+(?:only\s+)?(?:deploy|release|ship|push|merge|commit|test|build|publish|branch|tag|rebase|write|"
        r"use|run|work)\b.{2,60}?\bonly$|^we\s+only\s+(?:deploy|release|ship|push|merge|commit|test|build|publish|"
        r"branch|tag|rebase)\b.{2,60}$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "naming convention here is snake_case with the stg_ prefixes", "our convention is one CTE per step"
    fam(
        "rule/convention",
        r"^(?:(?:for|about|on)\s+[^:,]{2,30}:\s*)?(?:the\s+|our\s+)?(?P<what>(?:[\w-]+\s+){0,2}?)"
        r"(?:convention|conventions|house style|style guide|rule|policy)\s+"
        r"(?:here\s+|in this (?:repo|project|team)\s+|(?:in|for|on)\s+[\w./-]+\s+)?(?:is|are)\s+(?P<x>.{3,})$",
        "rule",
        "rule",
        lambda m, s: (
            f"{cap((m.group('what') or '').strip() + ' convention' if m.group('what') else 'Convention')}: "
            f"{third_person(m.group('x').strip(TRIM), s)}"
        ),
        priority="high",
    ),
    # "I don't shoot on a Sunday, ever", "we don't deploy on Fridays, ever": a standing no of the person's
    fam(
        "rule/i-dont-ever",
        r"^(?P<who>I|we)\s+(?:don't|do not|dont)\s+(?!(?:want|need|like|think|know|care|mind)\b)"
        r"(?P<x>[a-z]+\b.{2,60}?),?\s+(?:ever|never ever|no exceptions)[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(third_person(f"{m.group('who')} never {m.group('x').strip(TRIM)}", s)),
        priority="high",
    ),
    # "please not more than 4 runs a week", "no more than 3 bullet points": a limit
    fam(
        "rule/limit",
        r"^(?:please\s+|pls\s+)?(?:not|no|never)\s+more\s+than\s+(?P<x>\d+\s+[\w-]+.{0,40}?)(?:\s+please)?[.!]*$",
        "rule",
        "rule",
        lambda m, s: f"No more than {third_person(m.group('x').strip(TRIM), s)}",
        priority="high",
    ),
    # "Keep it in rand please", "keep it all in km": the unit or currency everything is given in
    fam(
        "rule/keep-in",
        r"^(?:please\s+)?(?:keep|put|give)\s+(?:it|them|it all|everything|all|all of it)\s+in\s+"
        rf"(?P<x>(?-i:[A-Z]{{3}})|{_MONEY}|pounds?|lira|won|yen|reais|{_MEASURES}|min/km|(?:\w+\s+)?time)\b"
        r"(?:\s+please)?(?=[\s,.!]|$)",
        "rule",
        "rule",
        lambda m, s: f"Keep amounts in {m.group('x')}",
        priority="high",
    ),
    # "and keep it python 3.9, i dont want to upgrade raspbian now": the version the work must stay on
    fam(
        "rule/keep-version",
        r"^(?:(?:and|also|please|pls|plz|ok|okay|so)[,\s]+)*(?P<x>keep\s+(?:it|this|everything|all\s+of\s+it|the\s+[\w-]+(?:\s+[\w-]+)?)\s+"
        r"(?:(?:on|at|in|to|compatible\s+with|running\s+on|working\s+on)\s+)?(?:python|py|node(?:\.?js)?|php|java|ruby|go|rust|\.net|"
        r"dotnet|perl|r|julia|django|rails|react|vue|angular|debian|ubuntu|raspbian|postgres(?:ql)?|mysql|ios|android|excel|office)"
        r"\s*v?\d+(?:\.\d+)*)\b(?:\s+please)?(?=\s*(?:[,;.!]|$))",
        "rule",
        "rule",
        lambda m, s: cap(m.group("x").strip(TRIM)),
        priority="high",
    ),
    # the same said of what is asked for ("Give me the plan in kilometres and minutes per km", "the schedule
    # should show times in IST obviously"): a unit, a currency or a clock is kept for every answer
    fam(
        "rule/in-unit",
        r"^(?:(?:also|and|so|ok|okay|please|pls|plz)[\s,]+)*(?:(?:give|write|show|list|put|send|do)\s+(?:me\s+|us\s+)?"
        # ("Give portions in cups and spoons, I don't own a kitchen scale")
        r"(?:the|all|every|my|our|it|them|everything|portions|amounts|quantities|measurements|measures|weights|"
        r"distances|temperatures|prices|ingredients|sizes)\b[^,;?]{0,40}?"
        # the thing measured alone, first ("Measures in centimeters please, I never worked with inches", "Paces in min/km")
        r"|(?:measures|measurements|sizes|dimensions|distances|paces|temperatures|weights|amounts|quantities|portions|"
        r"lengths|heights|widths|speeds)"
        r"|(?:the|all|every|our|my)\s+[\w/-]+(?:\s+[\w/-]+){0,2}\s+should\s+(?:always\s+)?(?:show|display|be|give|list|use|"
        r"have|come)\b[^,;?]{0,30}?)\s+in\s+"
        r"(?P<x>(?-i:[A-Z]{2,4})(?![\w-])|usd|eur|gbp|chf|jpy|inr|zar|kes|ngn|ghs|aud|cad|nzd|sek|nok|dkk|pln|czk|huf|brl|mxn|"
        r"ars|clp|cop|php|idr|myr|thb|aed|sar|gmt|cet|cest|eet|ist|est|edt|pst|pdt|jst|kst|aest|wat|eat|sast|"
        rf"grams|cups|spoons|tablespoons|teaspoons|ounces|oz|ml|millilitres|milliliters|{_MEASURES}|{_MONEY}|pounds|"
        r"local time|utc|iso(?:\s+format)?)(?![\w-])"
        r"(?:\s+and\s+[\w\s/]{1,25}?)?(?:\s+(?:please|pls|plz|obviously|always|thanks|too))?(?:\s*[,;(].*)?[.!]*$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "Small PRs, one module per PR", "one topic per email", "a single migration per release": how
    # work is cut up
    fam(
        "rule/one-per",
        r"^(?:[^,;]{2,40},\s*)?(?:one|a single|max(?:imum)? one|at most one|only one)\s+[\w-]+(?:\s+[\w-]+)?\s+per\s+"
        r"(?!(?:day|week|month|year|hour|person|head|kg|km|night)\b)[\w-]+(?:\s+[\w-]+)?[.!]*$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "GDScript only, no C# in this project", "metric only please"
    fam(
        "rule/only",
        # (not a time or an amount: "for today only", "one only", "4 hours only")
        # "it's Dagster only now", "we're Postgres only these days": the same, said of how things are
        r"^(?:(?:it's|its|it is|we're|we are|everything's|everything is)\s+(?=\S+(?:\s+\S+){0,2}\s+only\s+"
        r"(?:now|these days|nowadays|here)\b))?"
        r"(?!(?:for|today|tonight|now|this|that|it|just|once|twice|me|you|us)\b|one\s+only|\d+\s+(?:min|minute|hour|day|week)s?\b)"
        r"(?P<x>[\w#+./-]+(?:\s+[\w#+./-]+){0,2}\s+only)(?:\s+(?:here|now|these days|nowadays|in this \w+))?(?:\s*,\s*.+|\s+please|"
        r"\s+(?:fr|pls|plz|lol|ok|okay|obviously|always))?$",
        "rule",
        "rule",
        lambda m, s: (
            cap(m.group("x").strip(TRIM)) + m.group(0)[m.end("x") :].rstrip(TRIM)
            if not re.match(r"^\s+(?:fr|pls|plz|lol|ok|okay)$", m.group(0)[m.end("x") :], IC)
            else cap(m.group("x").strip(TRIM))
        ),
        priority="high",
    ),
    # "please keep it plain, no art school words like liminal", "keep it short, no emojis": a way of writing and a
    # ban beside it, the two halves of one rule of style
    fam(
        "rule/keep-it-no",
        r"^(?:please\s+|pls\s+)?(?P<x>keep\s+(?:it|them|things|everything|the\s+(?:text|language|tone|wording|words))\s+"
        r"(?:very\s+|really\s+|super\s+)?(?:plain|simple|short|brief|clean|minimal|casual|formal|light|neutral|factual|"
        r"friendly|professional|sober|warm|dry|calm|honest|direct)(?:\s+please|\s+pls)?\s*,\s*(?:and\s+)?"
        r"(?:no|zero|without)\s+[\w'-]+(?:\s+[\w'-]+){0,5}"
        r"(?:\s+(?:like|such\s+as|e\.g\.)\s+[\w'-]+(?:\s*(?:,|or|and|,\s*or|,\s*and)\s*[\w'-]+){0,3})?)"
        # (and why, after it: "keep it plain, no flash words, councillors here are farmers too")
        r"(?:\s*,?\s*(?:please|pls))?(?:[.!]*$|\s*[,;—–-]\s+\S.*$)",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # "Only plain python please", "only metric units pls, no imperial": the one kind allowed, asked as a rule ("only
    # the code please", "only for today please" ask for one answer)
    fam(
        "rule/only-please",
        r"^(?:please[,\s]+)?only\s+(?P<x>(?!(?:for|today|tonight|now|this|that|these|those|it|once|me|you|us|the|a|an|"
        r"one|two|three|\d+|if|when|after|before|until|till|a\s+few|some|half)\b)[\w#+./-]+(?:\s+[\w#+./-]+){0,2}?)"
        r"(?:\s*,?\s*(?:please|pls|plz)\b(?P<rest>\s*,\s*(?:no|without|nothing)\s+[^,;]{2,60})?"
        # (what is not to be used, before the please: "only standard python, no pandas please")
        r"|(?P<rest2>\s*,\s*(?:no|without|nothing)\s+[^,;]{2,40}?)\s+(?:please|pls|plz))[.!]*$",
        "rule",
        "rule",
        lambda m, s: (
            f"Only {m.group('x').strip(TRIM)}"
            + (
                f", {(m.group('rest') or m.group('rest2')).strip(TRIM + ',')}"
                if m.group("rest") or m.group("rest2")
                else ""
            )
        ),
        priority="high",
    ),
    # "Year 5 reading level max.", "300 words max please": a cap on what is written; not time ("20 minutes max")
    fam(
        "rule/max",
        r"^(?:(?:and|also|oh|btw|plus)[\s,]+)*(?!.*\b(?:min|mins|minutes?|hours?|hrs?|h|secs?|seconds?|days?|weeks?|months?|"
        r"euros?|dollars?|pounds?|bucks|quid|kg|km|miles?)\s+(?:max|maximum|tops|at\s+most)\b)"
        r"(?P<x>(?!(?:I|we|it|that|this|you|he|she|they)\b)[\w-]+(?:\s+[\w-]+){1,4}\s+(?:max|maximum|tops|at\s+most))"
        r"(?:\s*,?\s*(?:please|pls|plz))?[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(m.group("x").strip(TRIM)),
        priority="high",
    ),
    # "please, plots only in grayscale", "answers only in English": the form a kind of thing takes
    fam(
        "rule/only-in",
        r"^(?:please[,\s]+)?(?!(?:I|we|you|he|she|they|it|this|that|there|the|my|our|his|her|their|a|an)\b)"
        r"(?!(?:[\w-]+\s+)?(?:speaks|talks|runs|works|opens|closes|comes|goes|eats|drinks|sells|pays|buys|plays|"
        r"lives|writes|reads|arrives|leaves|sleeps|trains|swims|travels|is|are|was|were)\s)"
        r"(?P<x>[\w-]+(?:\s+[\w-]+)?\s+only\s+(?:in|as)\s+[^,;]{2,40}?)(?P<rest>\s*,\s*(?:with|without|no|and|using)\s+[^,;]{2,60})?"
        r"(?:\s+please|\s*,\s*please)?[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(m.group("x").strip(TRIM)) + (m.group("rest") or "").rstrip(TRIM),
        priority="high",
    ),
    # "Keep all budget figures in pounds", "write every date as ISO 8601": an instruction for all cases
    fam(
        "rule/for-all",
        r"^(?:please\s+)?(?P<x>(?:keep|put|write|show|give|use|format|round|list|sort|send|name|label|spell|quote|"
        r"convert|express)\s+(?:all|every|each|any|everything|anything)\b.{4,}"
        # other verbs ("do all the figures in shillings") when they say in what form
        r"|(?:do|make|present|report|price|measure|state|print|date)\s+(?:all|every|each|any)\b"
        r"(?:\s+the)?.{2,}?\s+(?:in|as|to|with|at|into|using)\s+.{2,}"
        # what to use for every one of a kind, asked ("FQCN for every module please, ansible.builtin.dnf etc")
        r"|(?!(?:I|we|you|he|she|they|it|this|that)\b)[\w.+#/-]+(?:\s+[\w.+#/-]+)?\s+for\s+(?:every|each|all|any)\s+"
        r"[\w-]+(?:\s+[\w-]+)?\s*,?\s*(?:please|pls|plz)(?:\s*,\s*[^,]{2,60})?)$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # the same asked in the person's own language ("Escríbeme siempre en español por favor", "Réponds-moi en
    # français", "Bitte antworte mir immer auf Deutsch", "responde-me sempre em português")
    fam(
        "rule/language-abroad",
        r"^(?:(?:por\s+favor|bitte|s'il\s+(?:te|vous)\s+pla[iî]t|per\s+favore|alors|entonces|also|ok)[\s,]+)*"
        r"(?P<v>escr[ií]beme|resp[oó]ndeme|cont[eé]stame|h[aá]blame|escr[ií]bime|respondeme|escreva(?:-me)?|escreve(?:-me)?|"
        r"responda(?:-me)?|responde(?:-me)?|fala\s+comigo|r[ée]ponds(?:-moi)?|[ée]cris(?:-moi)?|r[ée]pondez(?:-moi)?|"
        r"[ée]crivez(?:-moi)?|parle(?:-moi)?|antworte|schreib(?:e)?|antworten\s+Sie|schreiben\s+Sie|rispondimi|scrivimi|"
        r"rispondi|scrivi|antwoord|schrijf)"
        r"(?:\s+(?:mir|me|moi|siempre|sempre|toujours|immer|altijd|bitte|por\s+favor|solo|nur|seulement|apenas|s[óo]|"
        r"s[óo]lo|solamente|uniquement|mij|mi)){0,3}\s+(?:en|in|em|auf|op)\s+(?P<lang>[^\W\d_]{4,})\b",
        "rule",
        "rule",
        lambda m, s: f'Answer in {m.group("lang")} ("{m.group(0).strip(TRIM)}")',
        priority="high",
    ),
    # "Please correct my grammar gently", "please answer in Spanish": how the assistant should behave
    fam(
        "rule/please",
        # ("please, when you answer me, use short paragraphs": when it applies, put before the ask)
        r"^please\s+(?:,\s*)?(?:(?P<when>(?:when|whenever|every time|if)\s+(?:you|u)\s+(?:answer|reply|write|explain|"
        r"respond|talk)(?:\s+(?:to\s+)?(?:me|us))?)\s*,?\s+)?"
        r"(?P<x>(?:correct|answer|reply|respond|write|explain|keep|use|format|call|address|show|give|"
        r"summari[sz]e|translate|include|mention|check|ask|speak|talk|suggest|recommend|send|sign|spell|"
        # ("Please stick to base R plus data.table")
        r"stick\s+(?:to|with)|stay\s+with|default\s+to)\b"
        # "those" points at something here, unless at a kind of thing ("without those little smileys")
        r"(?!.*\b(?:this|that|it|these|here|now|again|today|those(?!\s+(?:little\s+|silly\s+|long\s+|big\s+)?"
        r"(?:smileys?|smilies|emojis?|emoticons?|bullet|bullets|tables?|headings?|headers?|exclamation)))\b).{4,})$",
        "rule",
        "rule",
        lambda m, s: (
            said_x(m, s).rstrip(".") + " " + third_person(m.group("when"), s).lower()
            if m.group("when")
            else said_x(m, s)
        ),
        priority="high",
    ),
    # "Never inches.", "never tabs": a bare ban, standing by its word
    fam(
        "rule/never-x",
        r"^(?P<x>never\s+(?!(?:mind|again|ever|know|ending|before|once|give up|say never|forget|stop)\b)[\w-]+(?:\s+[\w-]+){0,2})[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(m.group("x").strip(TRIM)),
        priority="high",
    ),
    # "No pesticides", "Zero dependencies beyond the standard library, please": a short standing ban
    fam(
        "rule/none",
        # ("no leave them, thats rodrigo's thing": a no, then what to do this time)
        r"^(?P<x>(?:no|zero)\s+(?!(?:worries|problem|problems|idea|thanks|way|clue|rush|need|pressure|doubt|"
        r"leave|keep|just|wait|stop|do|don't|dont|skip|go|use|try|let|make|ignore|forget|"
        r"its|it's|it|thats|that's|this|we|i|im|i'm|you|u|the|no|nope|"
        r"matter|one|more|longer|chance|luck|big deal|offence|offense|comment|mate|bro|bruh|dude|man|love|hun|babe|"
        r"buddy|pal|sorry|sir|lah|yaar|bhai|chief|boss|fam)\b)[\w-]+(?:\s+[\w-]+){0,5}?"
        # and what it means, by example ("no art school words like liminal or interrogates")
        r"(?:\s+(?:like|such\s+as|e\.g\.)\s+[\w'-]+(?:\s*(?:,|or|and|,\s*or|,\s*and)\s*[\w'-]+){0,3})?"
        # a list of them ("No tablets, no apps, no videos")
        r"(?:\s*,\s*(?:and\s+|or\s+)?no\s+[\w-]+(?:\s+[\w-]+){0,2}?)*)"
        r"(?:\s*,\s*please|\s+please|\s*,?\s*(?:obviously|of course|thanks|ever|at all))?$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # "I always write the docstring first", "we never use SELECT * here"
    fam(
        "rule/habit",
        r"^(?:I|we)\s+(?:always|never|usually|generally|normally|typically|tend to|don't ever|won't ever)\s+"
        r"(?!(?:been|had|was|were|did|thought|knew|got|look forward|love|loved|enjoy|feel|felt|think|wanted|"
        r"wish|try|have fun|remember|miss|appreciate|hope|say|said|"
        # what the person once saw or ran into, or not ("I never saw the Safari thing myself", "we never hit
        # that error on staging")
        r"saw|seen|noticed|experienced|heard|ran into|encountered|reproduced|came across|"
        r"found|met|hit\s+(?:that|this|the|any)\b)\b).{4,}$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "I only travel with a carry-on", "we only buy organic veg": the person's way, and no other
    fam(
        "preference/only",
        rf"^(?:I|we)\s+(?:(?:really|mostly|basically|pretty much|now)\s+)?only\s+(?:{WAY_VERBS_BASE})\b"
        r"(?!\s+(?:it|this|that|them|once|twice|a bit|a little|today|tonight|now|here)\b).{3,}$",
        "preference",
        "preference",
        said_whole,
        confidence=0.75,
    ),
    # what the person does not want a thing or a person to do, or to have ("I don't want the letter to mention my
    # father's business", "I don't want you to use emojis", "I do not want the app to store card numbers"); not
    # a wish of the moment ("I don't want pizza tonight") nor a bare "I don't want to …" (how they feel)
    fam(
        "preference/dont-want",
        rf"^(?!.*(?:{TRANSIENT}))(?!.*\b(?:{TODAY_OR_TOMORROW})\b)"
        r"I\s+(?:really\s+|just\s+|honestly\s+|also\s+|definitely\s+|absolutely\s+)?(?:don't|dont|do not|do NOT)\s+want\s+"
        r"(?P<x>(?:you|u|the\s+[\w-]+(?:\s+[\w-]+)?|my\s+[\w-]+(?:\s+[\w-]+)?|our\s+[\w-]+(?:\s+[\w-]+)?|"
        r"it|them|anyone|anybody|people|customers|clients|guests)\s+to\s+\w+.{3,}"
        r"|any\s+[\w-]+.{0,60}?\s+(?:in|on|anywhere|near|from)\b.{2,})(?<!\?)$",
        "preference",
        "preference",
        lambda m, s: f"{cap(s)} doesn't want " + third_person(m.group("x").strip(TRIM), s),
        confidence=0.75,
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
        said_whole,
        priority="high",
    ),
    # "we don't serve alcohol, obviously", "we don't do refunds", "we never work weekends": what the
    # person's household or business does not do, as a standing practice
    fam(
        "rule/we-dont",
        r"^(?:(?:and|also|oh|but)[\s,]+)?(?:here\s+)?we\s+(?:don't|do not|dont|never|no longer)\s+(?:ever\s+)?"
        r"(?P<verb>serve|sell|stock|allow|accept|take|offer|ship|deliver|do|eat|drink|work|open|celebrate|keep|cook|"
        # ("we dont use certbot, certs come from our internal step-ca": a tool not used, and what is instead)
        r"charge|give|lend|hire|use|run|install|support)\s+"
        r"(?!(?:it|that|this|them|those|these|anything|much|well|enough|yet|now|today|so|the|a|an|my|your)\b)"
        r"(?P<x>[\w'.+-]+(?:\s+[\w'-]+){0,5}?)(?:,?\s*(?:obviously|of course|at all|ever|anymore|any more|either))?"
        r"(?:,\s+(?!(?:but|so|though)\b)[^,]{3,60}\b(?:from|on|in|through|via|instead)\b[^,]{2,60})?[.!]*$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "it's Terragrunt for everything", "its pnpm everywhere": the one tool used, said after a no
    fam(
        "rule/its-for-everything",
        r"^(?:it's|its|it is)\s+(?!\w+ing\b|(?:fine|ok|okay|good|great|bad|same|the|busy|quiet|free|closed|open|cold|hot|"
        r"warm|sunny|wet|dry|all|everything|nothing|one|true|false|like|just|so|too|very|really)\b)"
        r"(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s+(?:for\s+everything|for\s+all\s+(?:of\s+)?\w+|"
        r"everywhere|across the board|all the way(?: down)?)[.!]*$",
        "rule",
        "rule",
        lambda m, s: f"{m.group('x')} for everything",
        priority="high",
    ),
    # "in the lib crate errors go through thiserror, not anyhow": where a kind of thing goes, and
    # where it does not
    fam(
        "rule/goes-through-not",
        r"^(?:(?:in|for)\s+[^,]{3,40}?[\s,]+)?(?:the\s+|all\s+)?(?!(?:we|I|you|they|he|she|my|our|his|her|their)\b)"
        r"[\w-]+(?:\s+[\w-]+)?\s+(?:go|goes|run|runs|live|lives|"
        r"belong|belongs)\s+(?:through|via|in|on|under)\s+[\w.+#/:-]+(?:\s+[\w.+#/:-]+)?,?\s+not\s+[\w.+#/:-]+[.!]*$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "we target WCAG 2.2 AA", "we support iOS 16 and up", "we follow PEP 8": a standard the work
    # is held to, named by its name or number
    fam(
        "rule/we-target",
        r"^(?:here\s+)?we\s+(?:always\s+)?(?:target|support|comply\s+with|follow|adhere\s+to|aim\s+for|"
        r"have\s+to\s+meet|must\s+meet|need\s+to\s+meet|are\s+certified\s+(?:to|for))\s+"
        r"(?P<v>(?=.*(?:\d|(?-i:[A-Z])))(?:the\s+)?[\w.+-]+(?:\s+[\w.+-]+){0,4})$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "we lint with biome in this monorepo", "we review every PR here": how things are done here
    fam(
        "rule/we-here",
        r"^we\s+(?!(?:could|should|might|would|may|can|'d|had|were|was|did|need|want|have to|got|just|"
        r"probably|maybe|are|'re|will|'ll)\b)[a-z]+\b.{2,}?\s+(?:here|in\s+(?:this|the|our)\s+(?:repo|repository|"
        r"project|codebase|monorepo|team|company|org|app|service|house|family|office|lab)|at\s+(?-i:[A-Z])\w+|"
        r"every|each(?! other)|all)\b.*$",
        "rule",
        "rule",
        said_whole,
        priority="high",
    ),
    # "British spelling please, not American", "Celsius, never Fahrenheit": a choice and what it replaces
    fam(
        "rule/not",
        r"^(?!(?:I|we|you|he|she|they|it|this|that|there|my|our|no|not|yes|ok|okay|thanks|sorry)\b)"
        # ("the bug was in the parser, not the lexer" tells what happened once)
        r"(?!.*\b(?:was|were|did|had)\b)(?P<x>[\w/.+#' -]{3,60}?)(?:,?\s+please)?,\s+(?P<neg>not|never)\s+"
        # ("drop the changelog, not really necessary": why an offer is let go)
        rf"(?!{NO_NEED}$)(?P<y>[\w/.+#' -]{{2,30}}?)"
        # (and when it holds all the same: "Always the vouvoiement in client letters, never the tutoiement, even when …")
        r"(?:\s*,\s*(?:even|also|especially|unless|except)\b[^;]*)?$",
        "rule",
        "rule",
        lambda m, s: f"{cap(m.group('x').strip(TRIM))}, {m.group('neg').lower()} {m.group('y').strip(TRIM)}",
        confidence=0.7,
        priority="high",
    ),
    # "my packages start at $3,800 now, not $2,800", "the rent is 720 now, not 680": a value that changed
    fam(
        "correction/now-not",
        r"^(?!(?:I|we|you|he|she|they|it|this|that|there)\b)(?P<x>(?:my|our|the)\s+.{3,60}?\d.{0,20}?)\s+now,?\s+"
        r"(?:not|no longer|instead of)\s+(?P<y>(?:[^,;]|,(?=\d{3}))+?)$",
        "correction",
        "",
        lambda m, s: (
            f"Correction: {cap(third_person(m.group('x').strip(TRIM), s))} now, not {m.group('y').strip(TRIM)}"
        ),
        confidence=0.8,
        priority="high",
    ),
    # "gameplay code stays GDScript", "the team knows pandas so it stays pandas": what is kept as it is
    fam(
        "rule/stays",
        r"^(?:.{0,60}?\b(?P<tool>[\w.+#-]{2,30})\b.{0,30}?\s*,?\s+(?:so|and)\s+it\s+(?:stays|remains)\s+(?P=tool)"
        r"|(?!(?:I|we|you|he|she|they|it|this|that|let's|lets)\b)(?:the\s+|our\s+)?[\w./+# -]{2,40}?\s+(?:stays|stay|remains|"
        r"remain|is staying|are staying)\s+(?:on\s+|in\s+|with\s+)?"
        r"(?P<v>(?-i:[A-Z])[\w.+#-]*|[\w-]*[._#+\d][\w.+#-]*))\b(?:\s*,.*)?$",
        "rule",
        "rule",
        said_whole,
        confidence=0.75,
        priority="high",
    ),
    # "every migration needs a down script", "the eval set must never be used for early stopping"
    fam(
        "rule/must",
        # ("no need to touch the rest today": nothing must)
        r"^(?!(?:I|we|you|he|she|they|it|this|that|no)\b)(?:the\s+|all\s+|every\s+|each\s+|our\s+|any\s+)?"
        r"[\w*/ -]{2,40}?\s+(?:must(?:\s+always|\s+never|\s+not)?(?!\s+(?:be|have|feel|'ve|seem)\b)|"
        r"needs?\s+(?:a|an|to)|has to|have to|"
        r"should always|should never)\s+.{3,}$|^(?:all|every|each|any)\s+[\w*/ -]{2,40}?\s+needs?\s+.{3,}$",
        "rule",
        "rule",
        said_whole,
        confidence=0.7,
        priority="high",
    ),
)

# Environment: where things run (no first person needed).
_WHERE_VERB = (
    r"(?:is|are|runs|run|lives|live|sits|sit|listens|'s|is hosted|are hosted|is deployed|are deployed|"
    r"is stored|are stored|is kept|are kept|go|goes|land|lands|are sent|is sent|get sent|end up|ends up)"
)
# a value that can only be a place where things run: port, path, host-like name, cloud region
_STRONG_WHERE = (
    r"port\s+\d+|(?<![\w/])(?:~|\.{1,2})?/[\w.-]+(?:/[\w.-]*)*|\b[\w-]+/[\w.-]+/?|\b[a-z]+-\d+\b|"
    r"\b[\w-]+\.(?:internal|local|lan|io|com|net|org|dev|cloud|corp|home)\b|\b[a-z]{2}-[a-z]+-\d\b|:\d{2,5}\b|"
    r"\b\w+-[\w-]+\s+(?:bucket|repo|channel|table|queue|topic|index|project|namespace|folder|dataset|drive)\b"
)
# an environment and what it runs on; a state is no setup ("test is failing", "staging is down")
_STAGE_ON = (
    r"(?:local(?:ly)?|dev|development|prod|production|staging|test|testing|qa|uat)\s+(?:is|runs|uses|runs on|is on)\s+"
    r"(?!(?:failing|down|broken|up|fine|ok|okay|green|red|slow|fast|done|ready|passing|running|gone|empty|full|"
    r"flaky|dead|live|out|back|blocked|stuck|busy|weird|wrong|fixed|the|a|an|not|still|also|now|currently)\b)"
    r"[\w./:+-]+(?:\s+\d[\w.]*)?"
)
ENVIRONMENT: tuple[Family, ...] = (
    # "Staging Postgres is on port 5433", "the GPU box is gpu-03", "the cluster runs on Hetzner"
    fam(
        "environment/where",
        # ("the cluster is down for maintenance from 14:00 today": for today)
        rf"^(?!(?:my|his|her|their)\b)(?!.*(?:{TRANSIENT}))(?:the\s+|our\s+)?(?P<subj>(?:[\w./-]+\s+){{0,3}}?(?:{INFRA}))\s+"
        rf"{_WHERE_VERB}\s+"
        r"(?:on|at|in|under|behind|reachable at|available at|with|to|into)?\s*"
        rf"(?P<v>.*?(?:{_STRONG_WHERE}|\b\d{{2,5}}\b|\b[\w-]+\.[a-z][\w.-]+\b|(?-i:\b[A-Z][\w-]+)).*)$",
        "fact",
        "environment",
        lambda m, s: cap(m.group(0).strip(TRIM)),
    ),
    # "it has to go through SLURM on Rackham", "everything must run via Airflow": where work is run
    fam(
        "environment/goes-through",
        r"^(?:it|everything|all jobs|jobs|all of it|anything heavy|this)\s+(?:has to|have to|must|needs to|should always)"
        r"\s+(?:go|run|be run|be submitted|be deployed)\s+(?:through|on|via|with|in)\s+"
        r"(?P<v>.*(?-i:\b[A-Z][\w.-]+).*)$",
        "fact",
        "environment",
        lambda m, s: cap(m.group(0).strip(TRIM)),
        confidence=0.7,
    ),
    # "this repo uses polars", "this codebase is written in Rust": what the work is built with
    fam(
        "environment/this-uses",
        r"^(?:this|the|our)\s+(?:repo|repository|project|codebase|code base|app|service|site|backend|frontend|api|"
        r"pipeline|stack|monorepo|package|library|plugin|game|bot)\s+(?:uses|is written in|is built (?:with|on)|"
        r"runs on|is on|is in)\s+(?!(?:a|an|the|it|this|that|production|prod|staging)\b)"
        r"(?P<v>[\w.+#/-]+(?:\s+[\d.]+)?)(?:[,\s].*)?$",
        "fact",
        "environment",
        said_whole,
        confidence=0.8,
    ),
    # "the on-call rota is in PagerDuty", "the feature store is on Feast": a named product or service
    fam(
        "environment/product",
        r"^(?:the\s+|our\s+|most\s+|all\s+|some\s+)?(?!(?:I|we|my|he|she|they|it|this|that)\b)"
        r"(?!.*\b(?:meeting|call|party|appointment|dinner|lunch|trip|flight|visit|interview|"
        r"class|lesson|session|event|wedding|birthday|holiday|concert|match|game)\b)"
        r"(?P<subj>(?:[\w.-]+\s+){0,3}[\w.-]+)\s+(?:is|are|runs|run|lives|live|is hosted|"
        r"are hosted|goes|go)\s+(?:on|in|to|with|through)\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
        r"january|february|march|april|may|june|july|august|september|october|november|december)"
        r"(?P<v>(?-i:[A-Z][\w.-]*)(?:\s+(?-i:[A-Z0-9][\w.-]*))*)"
        r"(?:[,\s].*)?$",
        "fact",
        "environment",
        lambda m, s: cap(m.group(0).strip(TRIM)),
        confidence=0.7,
    ),
    # "the design tokens live in packages/tokens": any subject, a value that can only be a location
    fam(
        "environment/located",
        rf"^(?:the\s+|our\s+)?(?P<subj>(?:[\w.-]+\s+){{0,3}}[\w.-]+)\s+{_WHERE_VERB}\s+"
        rf"(?:on|at|in|under|inside|behind|to|into)\s+(?P<v>.*?(?:{_STRONG_WHERE}).*)$",
        "fact",
        "environment",
        lambda m, s: cap(m.group(0).strip(TRIM)),
        confidence=0.7,
    ),
    # "Classes start at 8:15", "releases go out every Tuesday", "the backup runs nightly"
    fam(
        "environment/recurring",
        r"^(?:the\s+|our\s+|my\s+)?(?P<subj>(?:[\w-]+\s+){0,3}[\w-]+)\s+(?:(?:start|starts|begin|begins|end|ends|"
        r"open|opens|close|closes|finish|finishes)\s+(?:at|around|by)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)?"
        r"|(?:run|runs|happen|happens|go out|goes out|ship|ships|release|releases|is|are|take place|takes place|"
        rf"meet|meets)\s+(?:every\s+\S+|on\s+{WEEKDAY}s|daily|weekly|nightly|"
        # "is on Friday at 3" is one appointment; "is Thursdays at 7", "are Thursday 7–9am" come back
        rf"monthly|fortnightly|each\s+\S+|(?:on\s+)?{WEEKDAY}s\s+(?:at\s+)?\d|"
        rf"{WEEKDAY}\s+(?:at\s+)?\d))\b.*$"
        r"|^(?!.*\byou\b)(?!(?:I|we|my|our|I'm|we're)\b).{3,80}\b(?:every|each)\s+(?:other\s+)?(?:day|morning|"
        rf"evening|night|week|weekday|weekend|month|year|{WEEKDAY})s?$",
        "fact",
        "schedule",
        said_whole,
        confidence=0.7,
    ),
    # what each environment runs on ("local is duckdb and prod is bigquery", "dev is sqlite, prod is postgres")
    fam(
        "environment/stages",
        rf"^(?P<x>{_STAGE_ON}(?:\s*(?:,|and|,\s*and)\s+{_STAGE_ON})*)[.!]*$",
        "fact",
        "environment",
        lambda m, s: cap(m.group("x").strip(TRIM)),
    ),
)

# What the person can spend: "max 150 bin TL budget", "budget is $6,000 and that is firm", "my budget
# for the whole build is 400 quid"; a number is needed ("budget looks good" says nothing)
BUDGET = fam(
    "self/budget",
    r"^(?!.*\b(?:you|your|their|his|her)\b)(?:.{0,60}?,\s*)?(?P<x>(?:(?:max(?:imum)?|up to|under|around|about|no more than)\s+)?"
    r"[$€£₺]?\s?\d[\d.,]*(?:\s*(?:k|mil|bin|grand|quid|euros?|dollars?|pounds?|tl|lira|rand|r|usd|eur|gbp|pesos?|"
    r"reais|rupees?|naira|shillings?|cedis?)\b){0,2}\s+budget\b.*"
    r"|(?:my\s+|our\s+|the\s+)?budget\b[^,;]{0,40}?(?:\s+(?:is|of|:|=|was set at)|:)\s+(?:(?:max(?:imum)?|about|around|roughly)\s+)?"
    r"[$€£₺]?\s?\d.*"
    # an amount said as the most ("$850 is the max for rent, thats my hard line")
    r"|[$€£₺₹₦]\s?\d[\d.,]*\s*k?\s+is\s+(?:the|my)\s+(?:absolute\s+)?(?:max|maximum|limit|ceiling|cap|top)\b.*)$",
    "fact",
    "",
    lambda m, s: (
        cap(third_person(m.group("x").strip(TRIM), s))
        if re.match(r"(?:my\s+|our\s+|the\s+)?budget\b|[$€£₺₹₦]", m.group("x"), IC)
        else "Budget: "
        + third_person(re.sub(r"\s+budget\b", "", m.group("x"), count=1, flags=IC).strip(TRIM), s)
    ),
    confidence=0.75,
)


# How things are, said of things rather than the person: "Index changes always go in with CREATE
# INDEX CONCURRENTLY", "all model calls go through our gateway service", "Our coffee comes from a
# roaster in Trieste". Kept only with a sign of lasting truth (always, never, only, every, all, no …,
# or a named thing), never a failure report ("the tests fail on CI") and never a remark to "you".
WORLD = fam(
    "world/habitual",
    # "nothing is decided yet": an open question, no fact
    # "Too Good To Go I tried one month last year": a trial, told as past
    r"^(?!.*\bI\s+(?:\w+\s+)?tried\b)"
    r"(?!nothing\s+(?:is|'s|has\s+been|was)\s+(?:\w+\s+)?(?:decided|settled|final|confirmed|certain|sure|fixed|"
    r"set in stone|booked|signed)\b)"
    rf"(?!.*(?:{TRANSIENT}))"
    rf"(?!.*{APPOINTMENT})"  # "the demo is next Tuesday"
    # a thing away or shut for a day or a week ("the road to Akureyri was closed yesterday because of the snow",
    # "the J-Link is out with the field team this week"); where things run stays ("the nodes in sa-east-1 were
    # OOMKilling pods last night", "the jobs on Narval sit in the queue this week"), and so does what goes on
    # ("since yesterday the Lely robot loses connection")
    r"(?!(?=.*\b(?:(?:is|are|was|were|got|has\s+been|have\s+been)\s+(?:\w+\s+)?(?:out|closed|shut|away|off|down|"
    r"cancell?ed|booked|gone|broken|blocked|flooded|unavailable)|broke(?:\s+down)?|went\s+down)\b)"
    r"(?=.*\b(?<!since\s)(?:yesterday|last\s+night)\b|.*\bthis\s+(?:week|weekend)\b))"
    # out of order since a day of late ("the station at Dalanzadgad has been offline since Sunday")
    r"(?!.*\b(?:has|have|'s|'ve)\s+been\s+(?:\w+\s+)?(?:offline|down|dead|silent|unreachable|out|broken|stuck|frozen|"
    r"flaky|failing|crashing|not\s+\w+ing)\s+(?:since|for)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|"
    r"last\s+\w+|this\s+\w+|the\s+(?:storm|weekend|update|outage|power\s+cut)|(?:a|two|three|four|five|\d+)\s+"
    r"(?:days?|hours?|weeks?)))"
    # the rest of a clause before it, without its verb ("… swears by it, and by QuickBooks for the books")
    r"(?!(?:by|with|via|plus)\s)"
    # "The Snowflake section in there is from 2023": what a document says is stale, not how things are
    r"(?!.*\b(?:section|part|page|paragraph|chapter|bit|docs|readme|comment|entry|wiki)s?\b(?:\s+(?:in|of)\s+(?:there|it|"
    r"here|the\s+[\w.-]+))?\s+(?:is|are|was|were)\s+(?:\w+\s+)?(?:from\s+\d{4}|out of date|outdated|stale|old|wrong|"
    r"obsolete|dead|left over|leftover)\b)"
    # what things cost at the moment ("Flour is very expensive now, a 50 kg sack … is 1,450 lira this month", "diesel
    # went up again this week"): a price of the day, not how things are
    r"(?!(?=.*\b(?:expensive|pricey|cheap|costly|dear|(?:went|gone|going|shot|goes)\s+(?:\w+\s+)?(?:up|down))\b)"
    r"(?=.*\b(?:now|this\s+(?:month|week|season)|these\s+days|at\s+the\s+moment)\b))"
    # a shop or a person placed by what is near, a titled name, a child of the house by age: theirs (adr/0116)
    rf"(?!{THEIRS_NEARBY})"
    # a machine acting up again ("the decanter is making the noise again, every day this week the same thing", "the
    # boiler is leaking again"), or a spell of days bounded by now ("every day this week"): a trouble of the moment
    r"(?!.*\b(?:is|are|'s|'re|was|were)\s+(?:\w+\s+)?(?:making|doing|acting|playing|leaking|beeping|dripping|throwing|"
    r"giving|rattling|squeaking|smoking|overheating|tripping|stalling|jamming|skipping|buzzing)\b[^,.;]*\bagain\b)"
    r"(?!.*\bevery\s+(?:single\s+)?(?:day|night|morning|evening|time)\s+(?:this|last)\s+(?:week|month)\b)"
    # "the kids have been in Vienna already two times": where others have been is theirs
    r"(?!.*\b(?:has|have|'ve)\s+(?:already\s+)?been\s+(?:in|to)\b)"
    # someone by their role, then what they do ("The M17 coach does 2 hour sessions with full contact every time",
    # "the other teacher gives homework every day"): their way, not how the person's things are
    rf"(?!(?:the|my|our)\s+(?:[\w-]+\s+){{0,2}}?(?!(?-i:Pi|pi)\b)(?:{BY_ROLE})(?:\s+(?-i:[A-Z][\w-]+))?\s+(?:\w+ly\s+|always\s+|never\s+|"
    r"only\s+|usually\s+|still\s+)*[a-z]{2,}[^s\W]s\b)"
    # what is common out there ("Half the teacher scripts I find online are Python", "most recipes online use cups")
    r"(?!(?:about\s+|like\s+)?(?:half|most|many|a\s+lot|lots|plenty|loads|tons|some|all)\s+(?:of\s+)?(?:the\s+)?(?:[\w.-]+\s+){0,4}?"
    r"(?:(?:I|you|we|people)\s+(?:\w+\s+)?(?:find|found|see|saw|read|come\s+across|get)\b|online\b|out\s+there\b|"
    r"on\s+(?:the\s+)?(?:internet|web|youtube|reddit|tiktok|instagram|google|forums?)\b))"
    # where a value came from ("53000 is from some qlab example I copied"): how a slip happened, no fact
    r"(?!.*\b(?:is|are|was|were|came|comes)\s+(?:\w+\s+)?from\s+(?:some|an?|that|this|the|one)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:example|tutorial|snippet|answer|template|blog|post|video|guide|gist|thread|sample|demo|course|article|forum)s?\b"
    r"(?:\s+(?:that\s+)?(?:I|we)\s+(?:\w+\s+)?(?:copied|found|grabbed|took|pasted|followed|saw|used|read))?)"
    rf"(?=.*(?:\b(?:always|usually|mostly|only|never|every|each|all|any|no|nothing|before|by default)\b|"
    r"(?<=\s)(?-i:[A-Z][\w.-]+)|\d|\b[\w-]+\.[a-z]{2,}\b))"
    # "Sarah always uses vim": one capitalised word with a singular verb is a person, not a thing
    r"(?!(?!(?:Everything|Nothing|Each|Every|Most|All)\b)(?-i:[A-Z][a-z]*[a-rt-z])\s+"
    r"(?:(?:always|usually|mostly|only|never|generally|normally)\s+)?(?:uses|prefers|likes|loves|hates|thinks|wants|"
    r"says|does|has|goes|works|lives|runs|knows|plays|writes|reads|eats|drinks|drives|codes|keeps|gets|"
    # the same in the past, as a habit ("Arvo always used Agfa film")
    rf"(?:always|usually|only|never)\s+(?:{PAST_WAYS}|went|worked|read|got|ran))\b)"
    r"(?!(?:I|we|you|he|she|they|it|this|that|there|here|what|which|who|my|his|her|their|no|yes|thanks|thank|"
    r"ok|okay|sure|sorry|please|hi|hello|hey|well|oh|great|cool|nice|good|sounds|looks|seems)\b)"
    r"(?!.*\b(?:you|fails?|failing|failed|passing|passes|broken|breaks|crash(?:es|ed)?|hangs|slow|wrong|bug|"
    r"doesn't work|isn't working|not working|timed? out|times out|meeting|call|appointment|party|dinner|lunch|"
    r"trip|flight|visit|interview|event|wedding|prefers?|likes?|loves?|hates?|wants?|thinks?|says?|believes?|"
    r"feels?|enjoys?|wish(?:es)?|hopes?|reckons?|suggests?|recommends?|insists?|argues?|should|could|might)\b)"
    # an impression of a thing is no fact about it ("the Japanese DeBERTa v2 checkpoints look good on paper",
    # "the Sarpos sound good"), unless it is the condition for one ("once staging looks ok it goes to prod")
    r"(?!(?:(?!\b(?:once|when|whenever|if|until|after|before|as soon as)\b).)*\b(?:looks?|looked|seems?|seemed|"
    r"sounds?|sounded)\s+(?:\w+\s+)?(?:good|great|nice|promising|fine|ok|okay|better|worse|interesting|solid|decent|"
    r"cool|amazing|impressive|bad|risky|perfect|lovely|fun|brilliant|awful|terrible|tempting|best|ideal|weird|"
    r"strange|cheap|expensive|pricey)\b)"
    r"(?:the\s+|our\s+|all\s+|every\s+|each\s+|most\s+)?(?:[\w.-]+\s+){0,3}[\w.-]+\s+"
    r"(?:(?:always|usually|mostly|only|never|all|generally|normally)\s+)?"
    r"(?:[a-z]+s|are|is|go|come|run|live|need|get|have|use|stay|ship|sync|land|end)\s+"
    r".{3,}$",
    "fact",
    "",
    said_whole,
    confidence=0.6,
)
# A shift pattern: "i do nights mostly, 3 nights on and 2 off", "4 on 4 off", "two days on, three off"
SHIFTS = fam(
    "self/shift-pattern",
    r"^(?=.*\b(?:nights?|days?|shifts?|work|works|working|rota|roster|on-?call)\b).*?"
    r"(?P<x>\b(?:\d+|one|two|three|four|five|six|seven)\s+(?:(?:nights?|days?|shifts?|earlies|lates)\s+)?on"
    r"\s*(?:,|and|/|then|,\s*then)?\s*(?:\d+|one|two|three|four|five|six|seven)\s+(?:(?:nights?|days?)\s+)?off)\b",
    "fact",
    "schedule",
    lambda m, s: f"{s} works shifts: {m.group('x')}",
    confidence=0.75,
)
# Where the person reads the answers: "I read this on my phone half the time", "I mostly read on phone
# between the lab rooms" (why answers should be short)
READS_ON = fam(
    "self/reads-on",
    r"^I\s+(?:mostly\s+|usually\s+|often\s+|always\s+|only\s+)?read\s+(?:this|these|it|them|your answers|the answers|"
    r"answers|everything|most of (?:this|it))?\s*(?:mostly\s+|usually\s+)?on\s+(?:my\s+|the\s+|a\s+)?"
    r"(?P<d>phone|mobile|cell|tablet|ipad|kindle|watch)\b(?P<rest>.*)$",
    "fact",
    "tool",
    lambda m, s: (
        f"{s} reads answers on their {m.group('d').lower()}"
        + (f", {m.group('rest').strip(TRIM)}" if len(m.group("rest").strip(TRIM)) > 3 else "")
    ),
    confidence=0.75,
)
# "41, accountant", "67, retired teacher, Cork": an age and a role, said as a fragment
AGE_ROLE = fam(
    "self/age-role",
    rf"^(?P<age>[1-9]\d),\s+(?P<role>(?:(?:a|an)\s+)?(?:[\w-]+\s+){{0,2}}?\w*(?:{ROLES}))\b",
    "fact",
    "person",
    lambda m, s: f"{s} is {m.group('age')}, {m.group('role')}",
    confidence=0.75,
)
# What the person earns, enters or has retired from, said plainly: "take home about 1900 a month", "I
# finally entered the Comrades", "I retired from the council six years ago", "the bike i want is a honda
# CB500F"
LIFE = (
    fam(
        "self/income",
        r"^(?:I\s+|we\s+)?(?:take home|make|earn|get paid|bring home|clear|net)\s+(?:about|around|roughly|like|maybe|just)?\s*"
        r"(?P<x>[$€£₺R]?\s?\d[\d,.]*\s*(?:k|grand|quid|bucks|euros?|pounds?|dollars?|rand|mil|bin)?\s+(?:a|per|every|each)\s+"
        r"(?:month|week|year|fortnight|two weeks|shift|day))\b",
        "fact",
        "work",
        lambda m, s: f"{s} takes home about {m.group('x').strip(TRIM)}",
        confidence=0.75,
    ),
    fam(
        "self/entered",
        r"^(?:(?:this|next|last)\s+year\s+)?I(?:'ve| have)?\s+(?:finally\s+|just\s+|already\s+)?(?:entered|signed up for|registered for|"
        r"got a place in|got into|qualified for)\s+(?P<x>(?:the|my)\s+.{3,60}|(?-i:[A-Z])\S+(?:\s+\S+){0,5})$",
        "fact",
        "",
        lambda m, s: f"{s} entered {m.group('x').strip(TRIM)}",
        confidence=0.75,
    ),
    fam(
        "self/retired-from",
        r"^I\s+(?:retired|took early retirement)\s+from\s+(?P<x>.{3,80})$",
        "fact",
        "work",
        lambda m, s: f"{s} retired from {third_person(m.group('x').strip(TRIM), s)}",
        confidence=0.8,
    ),
    fam(
        "preference/the-one-i-want",
        r"^the\s+(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+(?:i|we)\s+(?:want|like|prefer|have my eye on|am after|'m after|'m getting|am getting)"
        r"\s+is\s+(?P<x>(?:a|an|the)\s+.{2,60}?|(?-i:[A-Z])\S+(?:\s+\S+){0,4}?)(?=,|$)",
        "preference",
        "preference",
        lambda m, s: cap(third_person(f"the {m.group('what')} I want is {m.group('x').strip(TRIM)}", s)),
        confidence=0.75,
    ),
)
# A machine listed by its parts: "rn its a ryzen 5 3600, rtx 3060 12gb, 16gb ram", "my rig is an i5-12400,
# 32GB, RTX 4070": what the person has until they change it, so "rn" here is no passing state
_SPEC_PART = r"(?:\d+(?:\.\d+)?\s*(?:gb|tb|mb|ghz|mhz|hz|mah|mp|inch|in|\")\b|\b[a-z]+-?\d+|\b\d{3,})"
SETUP = fam(
    "environment/setup",
    r"^(?:(?:rn|right now|currently|atm|at the moment)\s+)?(?:it's|its|it is|i have|i've got|ive got|i got|i'm on|im on|"
    r"(?:my|the)\s+(?:pc|rig|setup|laptop|machine|build|desktop|server|box)\s+(?:is|has))\s+(?:an?\s+)?"
    # two parts at least with a size, a clock or a model number ("16gb", "3.6ghz", "3600", "i5-12400")
    rf"(?P<x>(?=(?:[^,]*?{_SPEC_PART}[^,]*,)(?:[^,]*,)*?[^,]*?{_SPEC_PART})"
    r"[^,;]{3,40}(?:,\s*(?:and\s+)?[^,;]{2,40}){1,6})$",
    "fact",
    "tool",
    lambda m, s: f"{possessive(s)} machine: {m.group('x').strip(TRIM)}",
    confidence=0.7,
)
# A stack listed on its own: "Python 3.12, FastAPI, pgvector."
STACK = fam(
    "environment/stack",
    r"^(?=.*(?:\d|[.+#/]\w|\b\w+(?-i:[A-Z])\w*))"
    r"(?P<x>[\w.+#/-]+(?:\s+\d[\w.]*)?(?:\s*,\s*(?:and\s+)?[\w.+#/-]+(?:\s+\d[\w.]*)?){2,7})$",
    "fact",
    "environment",
    lambda m, s: "Stack: " + m.group("x").strip(TRIM),
    confidence=0.6,
)


# Decisions: what was settled ("we decided to …", "let's go with …").
DECISIONS: tuple[Family, ...] = (
    fam(
        "decision/decided",
        # "we decided last month that …", "we agreed as a team to …": when and how may sit between
        r"^(?P<x>(?:we|I)(?:'ve| have)?\s+(?:finally\s+|just\s+)?(?:decided|agreed|settled)"
        r"(?:\s+(?!(?:to|that|on)\b)[\w,' -]{1,30}?)?\s+(?:to|that|on)\s+.{4,})$",
        "decision",
        "decision",
        said_x,
        confidence=0.75,
    ),
    fam(
        "decision/lets",
        r"^(?:ok(?:ay)?[,\s]+)?(?:let's|lets)\s+(?P<x>(?:go with|use|stick with|stick to|stay on|stay with|pick|choose|switch to|"
        r"ship|keep|adopt|"
        r"target|aim for|support|require|go for|plan for|name|call|"
        rf"move to|migrate to|standardi[sz]e on|put|set|drop|retire)\s+(?!{VAGUE_OBJECT}|[a-z]+in[g']\b|"
        r"going\b|each other\b|on\b|up\b).{3,})$",
        "decision",
        "decision",
        decided_x,
        confidence=0.75,
    ),
    # "Stay on 1.8, the version is pinned", "stick with Flask for now": a choice told to the assistant,
    # short and named (not "stay with me", "go with your gut")
    fam(
        "decision/stay",
        # ("Keep using SQLite, I don't want to run any server on this old HP laptop")
        r"^(?:(?:ok(?:ay)?|no|nah|nope|yeah|right)[,.!\s]+)*(?P<x>(?:(?:stay|stick)\s+(?:on|with|to)|keep\s+using)\s+"
        rf"(?!{VAGUE_OBJECT}|(?:the\s+|a\s+)?(?:me|us|him|her|you|your|my|the plan|plan|track|top|topic|point|course|target|schedule|hold|"
        r"the line|call|board|mute|speaker|the phone|it)\b)[\w.+#-]+(?:\s+[\w.+#-]+){0,2})$",
        "decision",
        "decision",
        decided_x,
        confidence=0.75,
    ),
    fam(
        "decision/chose",
        r"^(?P<x>we(?:'ve| have)?\s+(?:already\s+|finally\s+|just\s+)?(?:chose|chosen|picked|went with|gone with|"
        r"settled on|opted for|switched to|migrated to|moved (?:over )?to|standardi[sz]ed on)\s+.{3,})$",
        "decision",
        "decision",
        said_x,
        confidence=0.75,
    ),
    fam(
        "decision/going-with",
        r"^(?P<x>(?P<who>we|I)(?:(?:'re| are|'m| am|'ll| will)\s+(?:going with|going to use|switching to|moving to|sticking with|"
        r"staying on|staying with|keeping|standardi[sz]ing on)|(?<=we)\s+(?:stay|stick|remain)\s+(?:on|with)|'ll\s+stick\s+(?:with|to)"
        # ("We'll swap to the BME280 then", "I'll switch over to Bitwarden")
        r"|(?:'ll|\s+will)\s+(?:swap|switch|move|migrate|change)\s+(?:over\s+)?to(?=\s+(?!(?:that|this|it|them|your|yours)\b))"
        # the "are" left out ("ok we going with ducks")
        r"|(?<=we)\s+going\s+with"
        # ("we'll go with the Lorentz pump", "I will go with Kakheti"), not with what the assistant said ("I'll go
        # with your first option", "we'll go with that")
        # ("ok we go with one sheet per year then": the present said for the choice)
        r"|(?:'ll|\s+will|(?<=we)\s+(?:now\s+)?)\s*go\s+with(?=\s+(?!(?:that|this|it|them|those|these|"
        # ("one sheet per year" is a choice named; "that one", "one of them" are not)
        r"one(?=\s*(?:$|[,.!?;]|of\b|you\b|then\b|too\b))|either|whatever|"
        r"whichever|your|yours|"
        r"what|option|flow|the\s+(?:first|second|third|last|other|former|latter|same|one|option|suggestion|flow)|you|him|her|my\s+gut)\b))"
        # ("No, thank you, I stay with plain matplotlib": not a person one stays with)
        r"|(?<=I)\s+(?:stay|stick)\s+(?:with|to)(?=\s+(?!(?:my|our|a|an|friends|family|him|her|them|you|relatives)\b)))"
        r"\s+.{3,})$",
        "decision",
        "decision",
        # ("I'm sticking with snakemake, I prefer it over nextflow"): the person's own choice too
        lambda m, s: (
            cap(m.group("x").strip(TRIM))
            if m.group("who").lower() == "we"
            else cap(third_person(m.group("x").strip(TRIM), s))
        ),
        confidence=0.75,
    ),
    # ("ok staying on firebase then", "sticking with the Pi 4 then"): the choice, said with no one before it
    fam(
        "decision/staying-on",
        # ("no ok staying with astro then": the no to what was weighed, then the choice)
        r"^(?:(?:ok(?:ay)?|alright|fine|right|then|so|yeah|yes|no|nah)[,.!\s]+)*(?P<x>(?:staying\s+(?:on|with)|sticking\s+(?:with|to))\s+"
        r"(?!(?:my|our|a|an|friends|family|him|her|them|you|relatives|track|top|it|that|this|the\s+(?:plan|same|first|"
        r"second|other|one))\b)[^,;.!?]{2,50}?)(?:\s+(?:then|for\s+now|for\s+good))?[.!]*$",
        "decision",
        "decision",
        lambda m, s: f"Decision: {cap(m.group('x').strip(TRIM))}",
        confidence=0.75,
    ),
    # "ok doing paper not fabric", "alright, using pnpm instead of yarn": a choice after an ok, with what it is not
    fam(
        "decision/ok-doing",
        r"^(?:(?:ok(?:ay)?|alright|fine|right|then|bueno|vale|dale|listo|tamam)[,.!\s]+)*"
        r"(?P<x>(?:doing|using|going\s+for|picking|taking)\s+(?!(?:it|that|this|them|one|either|great|good|well|fine|ok|"
        r"the\s+(?:first|second|other|same))\b)[\w.+#/-]+(?:\s+[\w.+#/-]+){0,3}?\s*,?\s+(?:not|instead\s+of|over)\s+"
        r"[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)(?:\s*[,;.!].*)?$",
        "decision",
        "decision",
        lambda m, s: f"Decision: {cap(m.group('x').strip(TRIM))}",
        confidence=0.75,
    ),
    # "okay, we will use the QR code to the video instead of printing all the photos", "I'll send a PDF rather than the
    # docx": one way taken over another, said outright
    fam(
        "decision/instead",
        r"^(?:(?:ok(?:ay)?|fine|alright|right|so|then|yes|yeah|good)[,.!\s]+)*(?P<x>(?:we|I)(?:'ll|\s+will|'re\s+going\s+to|"
        r"\s+are\s+going\s+to|'m\s+going\s+to|\s+am\s+going\s+to)\s+(?:use|do|take|print|send|make|put|hand\s+out|"
        r"show|offer|sell|book|pay)\s+(?!(?:it|that|this|them|yours?)\s+(?:instead|rather)\b)[^,;]{2,60}?\s+(?:instead\s+of|"
        r"rather\s+than)\s+[^,;.]{2,60})(?:\s*[,;.!].*)?$",
        "decision",
        "decision",
        decided_x,
        confidence=0.75,
    ),
    # "ok we keep cron.", "fine, we'll keep using Trello then": a choice said as keeping what is there
    fam(
        "decision/we-keep",
        r"^(?:(?:ok(?:ay)?|fine|alright|right|so|then|yes|yeah|good|no)[,.!\s]+)*(?:then\s+)?(?P<x>we(?:\s+will|'ll)?\s+keep"
        r"(?:\s+using)?\s+(?!(?:\w+ing|it|them|that|this|those|these|in\s+touch|an\s+eye|a\s+few|some|\d+|hens|chickens|bees|"
        r"goats|sheep|pigs|ducks|rabbits|horses|cows|cattle|bees|dogs|cats)\b)[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)"
        r"(?:\s+(?:then|for\s+now|as\s+it\s+is))?[.!]*$",
        "decision",
        "decision",
        decided_x,
        confidence=0.75,
    ),
    # "fine, sqlite it is", "ok, Hetzner it is then": the choice named, then "it is"
    fam(
        "decision/it-is",
        r"^(?:(?:ok(?:ay)?|fine|alright|right|great|cool|perfect|so|then|yes|yeah|good)[,.!\s]+)*"
        r"(?P<x>(?!(?:true|fine|easy|hard|good|great|done|simple|ok|okay|so|that|this|what|here|there|where|how|which|"
        r"it|he|she|they|funny|strange|weird|sad|nice|lovely|whatever)\b)[\w.+#/-]+(?:\s+[\w.+#/-]+){0,3}?)"
        r"\s+it\s+is(?:\s+then)?[.!]*$",
        "decision",
        "decision",
        lambda m, s: f"Decision: {m.group('x')}",
        confidence=0.7,
    ),
    fam(
        "decision/label",
        r"^(?:the\s+)?decision(?:\s+is)?:\s*(?P<x>.{4,})$",
        "decision",
        "decision",
        decided_x,
        confidence=0.75,
    ),
)

NOT_NAMES = (
    r"(?-i:The|This|That|These|Those|It|There|Here|What|Who|Which|When|Where|Why|How|My|Our|Your|His|Her|"
    r"Their|Ok|Okay|So|And|But|Yes|No|Also|Then|Now|Today|Tomorrow|Everyone|Everything|Nobody|Someone|"
    r"Python|Java|Rust|Go|Excel|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
)
_WHEN_WORDS = (
    r"(?-i:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
)
NAME_WORD = r"(?-i:[A-ZÀ-Ý][\w-]+)"  # one capitalised word, without a possessive 's
# the roles people name by their letters ("my QA Lwazi", "our SRE Tomasz", "my PO Ines")
ROLE_ACRONYMS = r"(?-i:QA|SRE|DBA|PO|EM|TL|PI|PM|UX|BA|SDET|CFO|COO|CTO|CEO|HR|GP)"
_WORK_RELATIONS = (
    r"junior|senior|intern|deputy|apprentice|trainee|student|report|second|number two|backup|buddy"
)

_WHOSE_RE = re.compile(r"['’]s$")  # "Fiona's up there": the name without its 's
# what no lower-case name is ("my sister even does …", "my son sometimes takes …")
_NOT_A_LOWER_NAME = (
    rf"{DESCRIBING_WORDS}|"
    r"is|was|has|had|does|did|will|can|could|would|should|and|or|but|who|that|which|even|now|then|sometimes|"
    r"often|only|usually|mostly|actually|basically|literally|apparently|says|said|thinks|wants|loves|hates|likes|"
    r"prefers|keeps|used|got|gets|went|goes|doesn't|didn't|isn't|wasn't|won't|can't|cannot|little|older|"
    r"younger|eldest|youngest|best|other|own|first|second|ex|she|he|they|it|we|you|her|him|them|his|their|our|my|"
    # what follows a relation word to make a thing of it ("my dog food runs out", "my client meeting takes")
    r"food|bowl|bed|toy|toys|litter|school|meeting|call|calls|appointment|birthday|party|wedding|car|phone|room|"
    r"account|insurance|bill|visit|class|lesson|lessons|practice|training|team|group|chat|work|job|shift|office|"
    r"house|flat|place|stuff|thing|things|schedule|rota|plan|plans|project|business|shop|company"
)
_RELATION_WORDS = {"gf": "girlfriend", "bf": "boyfriend", "bff": "best friend", "bestie": "best friend"}
# Another person named next to their relation ("my partner Sam eats fish" -> the user's partner is
# Sam): what they like or think is theirs, and is not kept.
# a person's name: a capital, then small letters ("Chidinma", not "PR"), and up to eight small words
# to the comma, with no other name among them
_PERSON_WORD = r"(?-i:[A-ZÀ-Ý][a-zà-ÿ][\w-]*)"
_PERSON_NAME = rf"{_PERSON_WORD}(?:\s+(?:{_PERSON_WORD}|de|da|van|von|del|di|le|la|bin|al)){{0,3}}"
# (a day or a month may sit in it: "the curves for Gagnon on Friday, he's my supervisor")
_LOWER_GAP = (
    r"(?:\s+(?:(?!(?-i:[A-ZÀ-Ý]))[^\s.;!?,()]+|(?-i:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?:'s)?|January|February|"
    r"March|April|June|July|August|September|October|November|December)\b)){0,8}"
)
APPOSITIVES: tuple[Family, ...] = (
    fam(
        "person/appositive",
        rf"\b(?:my|our)\s+(?:(?!(?:{RELATIONS}|{BY_ROLE})\b)[a-z-]+\s+){{0,2}}(?P<rel>{RELATIONS}|{BY_ROLE}|editor|co-?organi[sz]er|organi[sz]er|"
        rf"co-?host|bandmate|teammate|classmate|{ROLE_ACRONYMS})\s+{TITLE}(?!{_WHEN_WORDS}\b)(?P<name>{NAME})(?!')\b",
        "fact",
        "person",
        # ("my daughter Fiona's up there with the grandkids": Fiona is)
        lambda m, s: f"{possessive(s)} {rel(m)} is {_WHOSE_RE.sub('', m.group('name'))}",
        confidence=0.75,
    ),
    # the name typed in lower case, told apart by what comes after it: a verb of what they do ("my gf
    # selin does the visuals", "my lad fraser'll do the scanning", "my wife fernanda is cooking")
    fam(
        "person/appositive-lower",
        rf"\b(?:my|our)\s+(?P<rel>{RELATIONS}|gf|bf|bff|bestie|{_WORK_RELATIONS})\s+"
        rf"(?!(?:{_NOT_A_LOWER_NAME}|{RELATIONS}|{_WORK_RELATIONS})\b)(?![a-z'-]+(?:ed|ing|ly)\b)(?P<name>(?-i:[a-z][a-z-]{{2,}}))"
        # (not "is", "has": "my dentist appointment is on Friday" names no dentist)
        r"(?='ll\b|\s+(?:does|did|takes|took|works|worked|lives|helps|helped|runs|handles|draws|makes|made|cooks|"
        r"drives|picks|sorts|fixes|looks after|pays|teaches|plays)\b)",
        "fact",
        "person",
        lambda m, s: (
            f"{possessive(s)} {_RELATION_WORDS.get(m.group('rel').lower(), rel(m))} is {m.group('name').capitalize()}"
        ),
        confidence=0.7,
    ),
    # "Leah Kim, the partner I support, wants …", "Dr Osei, my GP, says …": a name, then who they are
    fam(
        "person/named-role",
        rf"^(?P<name>{TITLE}{NAME}),\s+(?P<rel>(?:the|my|our)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+"
        r"(?:\s+(?:I|we)\s+(?:support|work for|work with|report to|assist|help|look after|care for|see|use))?),",
        "fact",
        "person",
        lambda m, s: f"{m.group('name')} is {third_person(m.group('rel'), s)}",
        confidence=0.7,
    ),
    # "Zbigniew is my manager and he approves …": a name, then "is my <relation>"
    fam(
        "person/is-my",
        rf"(?:^|,\s+)(?:(?:ok|so|and|also|btw|oh)[\s,]+)*(?!{NOT_NAMES}\b)(?P<name>{TITLE}{NAME})\s+(?:is|was)\s+(?:also\s+)?"
        rf"my\s+(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{_WORK_RELATIONS}))\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.75,
    ),
    # "she's my accountant, Birgitta Lund at Tjörns Redovisning", "he is my landlord: Mr. Okafor": who, then the name
    fam(
        "person/is-my-then-name",
        rf"^(?:(?:ok|so|and|also|btw|oh|yes|yeah|right)[\s,]+)*(?:he|she|they)(?:'s|\s+is|'re|\s+are)\s+(?:also\s+)?"
        rf"(?:my|our)\s+(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{_WORK_RELATIONS}))\s*[,:—–-]\s*(?!{NOT_NAMES}\b)"
        rf"(?P<name>{TITLE}{NAME})",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.7,
    ),
    # "Divya gave me this key — she's my wife", "Bożena's gonna want a postmortem (she's my lead)":
    # the sentence opens with a name, and "she's my …" says later who that is
    fam(
        "person/named-later",
        # ("perfecto 🙌 Mariano will be happy, he is my supervisor": a word of thanks and an emoji first)
        rf"^(?:(?:ok|so|and|also|btw|oh|perfect|perfecto|great|cool|nice|thanks|thank you|yes|yeah|super|genial|"
        rf"gracias|merci|danke|lovely|brilliant)(?:[\s,!.]|[^\w\s])+)*(?!{NOT_NAMES}\b)(?P<name>{NAME_WORD})(?:'s)?\s[^.;!?]{{3,100}}?"
        rf"[(,—–-]\s*(?:and\s+)?(?:he|she|they)(?:'s|\s+is|\s+are)\s+(?:also\s+)?my\s+"
        rf"(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{_WORK_RELATIONS}))\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.7,
    ),
    # "tag Chidinma as reviewer, she's my lead", "cc Tomasz on it, he's our DBA": a name inside the
    # sentence, and right after its clause "she's my …" says who that is
    fam(
        "person/named-then-is-my",
        rf"(?<=[a-z,]\s)(?!{NOT_NAMES}\b)(?P<name>{_PERSON_NAME}){_LOWER_GAP},\s*(?:and\s+)?(?:he|she|they)"
        rf"(?:'s|(?<=he)s|\s+is|\s+are)\s+(?:also\s+)?(?:my|our)\s+"
        rf"(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{_WORK_RELATIONS}|{ROLE_ACRONYMS}))\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.7,
    ),
    # "Teodor (he's doing all the music + sfx) just sent the rain ambience": who someone is, by the part
    # of the work they do
    fam(
        "person/bracketed-does",
        rf"(?P<name>{TITLE}{NAME})\s*\(\s*(?:he|she|they)(?:'s|\s+is|'re|\s+are|\s+does|\s+do)\s+"
        r"(?P<what>(?:doing|making|writing|drawing|running|handling|in charge of|our|my|the)\s+[^()]{3,50}?)\s*\)",
        "fact",
        "person",
        lambda m, s: f"{m.group('name')} is {third_person(m.group('what').strip(), s)}",
        confidence=0.7,
    ),
    # "Yerlan from network team was moving cables this morning": a colleague, by the team they are on
    fam(
        "person/from-team",
        rf"(?:^|(?<=\s))(?!{NOT_NAMES}\b)(?P<name>{_PERSON_NAME})\s+(?:from|in|on)\s+(?:the\s+|our\s+)?"
        r"(?P<team>(?!(?:my|your|his|her|their)\b)[\w-]+(?:\s+[\w-]+)?)\s+(?:team|department|dept)\b",
        "fact",
        "person",
        lambda m, s: f"{m.group('name')} is on the {m.group('team')} team",
        confidence=0.7,
    ),
    # "i'll ask Chidinma to review, as my tech lead she has to approve anything under reconcile": who the
    # one named is, said as why they are asked
    fam(
        "person/named-then-as-my",
        # ("Lindiwe wants these in Friday's slides and as my PI she will go through every panel")
        rf"(?:(?<=[a-z,]\s)|^)(?!{NOT_NAMES}\b)(?P<name>{_PERSON_NAME}){_LOWER_GAP}(?:,\s*|\s+and\s+)(?:since\s+|because\s+)?"
        r"as\s+(?:my|our)\s+"
        rf"(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{_WORK_RELATIONS}|{ROLE_ACRONYMS}))\s*,?\s+(?:he|she|they)\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.7,
    ),
    # "I'll send this plan to Dana, she's been coaching me since the half": who someone is to the
    # person, told by what they have done for them for a while
    fam(
        "person/named-has-been",
        rf"(?<=[a-z,]\s)(?!{NOT_NAMES}\b)(?P<name>{_PERSON_NAME}){_LOWER_GAP},\s*(?:and\s+)?(?:he|she|they)"
        r"(?:'s|\s+has|'ve|\s+have)\s+been\s+(?P<v>(?:coaching|teaching|training|treating|mentoring|tutoring|"
        r"supervising|managing|cutting|doing|looking after|cleaning for|babysitting|fixing)\s+(?:me|us|my\s+[\w-]+)"
        r"(?:\s+[\w-]+)?\s+(?:since|for)\s+(?:(?!\s+(?:and|but|so)\s)[^.;!?,]){2,40})",
        "fact",
        "person",
        lambda m, s: f"{m.group('name')} has been {third_person(m.group('v'), s)}",
        confidence=0.7,
    ),
    # "it's just three of us: me, Camila and Joaquín", "we're a team of four, me, Ana, Rui and Bea": the
    # people the person works or lives with, by name
    fam(
        "person/us-named",
        r"(?:\b(?:it's|it is|its|we're|we are|there are|there's)\s+(?:just\s+|only\s+)?(?P<n>two|three|four|five|six|\d)\s+"
        r"of\s+us|\bwe(?:'re|\s+are)\s+(?:just\s+|only\s+)?a\s+team\s+of\s+(?P<m>two|three|four|five|six|\d))"
        r"(?:\s+(?:here|in the team|on the team|in the lab|at home))?\s*[:,—–-]\s*(?:me|myself|I)\s*(?:,|and)\s*"
        rf"(?P<v>{_PERSON_NAME}(?:\s*,\s*{_PERSON_NAME})*(?:,?\s+and\s+{_PERSON_NAME})?)",
        "fact",
        "person",
        lambda m, s: f"{s} is one of {m.group('n') or m.group('m')}, with {m.group('v')}",
        confidence=0.7,
    ),
    # "Beatriz (my lead) will kill me", "Biscuit (my lurcher) says hi": a name, then who they are in brackets
    fam(
        "person/bracketed",
        # "Lwazi (our QA, absolute legend) filed it": what follows the comma is a comment on them
        rf"(?P<name>{TITLE}{NAME})\s*\(\s*(?:my|our)\s+(?P<rel>(?:[\w-]+\s+){{0,2}}?[\w-]+)\s*(?:\)|,[^()]{{0,40}}\))"
        # a pet's name typed in lower case ("pancha (our cat) keeps sitting on my notebook")
        rf"|(?<![\w'])(?P<pet>(?!(?:the|a|an|my|our|and|or|but|with|it|this|that)\b)[a-zà-ÿ][\w-]{{2,}})\s*\(\s*(?:my|our)\s+"
        rf"(?P<kind>{PETS})\s*\)",
        "fact",
        "person",
        lambda m, s: (
            f"{possessive(s)} {m.group('kind').lower()} is {m.group('pet').title()}"
            if m.group("pet")
            else f"{possessive(s)} {rel(m)} is {m.group('name')}"
        ),
        confidence=0.75,
    ),
    # "after I take Tinde, our husky, out", "Ola, my flatmate, says hi": a name, then who they are, in commas
    fam(
        "person/named-then-who",
        rf"(?<![\w'])(?!{NOT_NAMES}\b)(?P<name>{NAME_WORD}),\s+(?:my|our)\s+(?P<rel>(?:[a-z-]+\s+)?(?:{RELATIONS}|{PETS}))\s*,",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.75,
    ),
    # "my head of department, Marisa, wants …": any relation, set off by commas
    fam(
        "person/appositive",
        rf"\bmy\s+(?P<rel>(?:[a-z-]+\s+){{0,3}}[a-z-]+),\s+{TITLE}(?P<name>{NAME}),",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} is {m.group('name')}",
        confidence=0.75,
    ),
)
