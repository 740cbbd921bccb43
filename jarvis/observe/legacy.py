"""Families for conversation about one's life (names, pets, family, age, likes), checked last.

They come from the first offline observer (adr/0032) and were measured on LoCoMo's chats
between friends; `jarvis.observe.families` holds the ones for briefing an assistant. A bare
"my X is Y" that no family names is kept on hold, not allowed.
"""

from __future__ import annotations

import re

from jarvis.observe.families import RELATIONS, TRIM, Family, fam, v
from jarvis.observe.lexicon import APPOINTMENT, MOMENTARY, TRANSIENT
from jarvis.observe.perspective import possessive

_CONTEXT_BOUND_RE = re.compile(
    r"^(?:that|this|it|its|it's|those|these|them|you|your|yours|the way|how|what|when|hearing|"
    r"to hear|seeing|reading about|the idea|the sound of|the look of|the photo|the pic|the picture)\b",
    re.IGNORECASE,
)
_DULL_REL = frozenset(
    [
        "day",
        "week",
        "weekend",
        "month",
        "year",
        "morning",
        "evening",
        "night",
        "life",
        "time",
        "mind",
        "heart",
        "head",
        "schedule",
        "pleasure",
        "bad",
        "fault",
        "guess",
        "point",
        "question",
        "answer",
        "goal",
        "plan",
    ]
)
_TASTE_RE = re.compile(
    r"^(?:(?:really|so|totally|completely|absolutely|a bit|kind of|very)\s+)*(?:obsessed|into|mad about|crazy about|"
    r"nuts about|(?:a\s+)?(?:big\s+|huge\s+)?fan of|keen on|fond of|hooked on|addicted to|in love with|sold on)\b",
    re.IGNORECASE,
)
_PREF = (
    r"^I\s+(?:(?:really|much|strongly|generally|usually|absolutely|definitely|totally|also|just|still|"
    r"truly|kinda)\s+)*(?:(?P<adv>only|mostly|mainly)\s+)?(?P<verb>prefer|like|love|enjoy|hate|dislike|adore|detest|can't stand|cannot stand|"
    r"don't like|do not like|don't mind|(?:'m|am) (?:really |so )?(?:into|keen on|passionate about|a big fan of|fond of))"
    r"\s+(?P<v>.+)$"
)


def _named(m: re.Match[str], s: str) -> str:
    return f"{possessive(s)} {m.group('rel').lower()} is named {v(m)}"


def _pref(m: re.Match[str], s: str) -> str:
    verb = m.group("verb").lower()
    if verb.startswith(("'m ", "am ")):
        return f"{s} is {verb.split(' ', 1)[1]} {v(m)}"
    verb = {"don't like": "doesn't like", "do not like": "does not like", "don't mind": "doesn't mind"}.get(
        verb, verb if " " in verb else verb + ("s" if not verb.endswith("s") else "")
    )
    # ("i only like dry hoppy beers": the only stays)
    adv = f"{m.group('adv').lower()} " if m.group("adv") else ""
    return f"{s} {adv}{verb} {v(m)}"


# things that wear out ("my english is really bad" says something of the person and stays)
_THING_RE = re.compile(
    r"(?:\w+\s+)?(?:camera|laptop|phone|mobile|car|van|truck|bike|computer|pc|tv|printer|oven|fridge|house|flat|"
    r"kitchen|router|wifi|internet|connection|tablet|ipad|kindle|watch|boat|engine|stove|boiler|roof|desk|chair|"
    r"mouse|keyboard|screen|monitor|machine|mixer|tractor|scooter|motorbike|camper|caravan)",
    re.IGNORECASE,
)
_PLAIN_STATE_RE = re.compile(
    r"^(?:very|really|so|quite|pretty|a bit|super|too|kind of|kinda|getting|a little)?\s*(?:old|new|broken|slow|fast|"
    r"rubbish|crap|bad|good|fine|great|terrible|dead|dying|tiny|small|big|huge|cheap|expensive|ancient|full|empty|"
    r"dirty|clean|noisy|loud|quiet|busy|free|tired|sore|weird|annoying|useless)[.!]*$",
    re.IGNORECASE,
)


def legacy_ok(m: re.Match[str]) -> bool:
    """Not a context-bound value ("I love that") nor a dull relation ("my day is going well")."""
    groups = m.groupdict()
    if "v" in groups and (len(v(m)) < 3 or _CONTEXT_BOUND_RE.match(v(m))):
        return False
    if "v" in groups and re.search(MOMENTARY, v(m), re.IGNORECASE):
        return False  # "my sister is in Paris this week": true for now, not a fact to keep
    if (
        "v" in groups
        and "rel" in groups
        and _THING_RE.fullmatch(m.group("rel"))
        and _PLAIN_STATE_RE.match(v(m))
    ):
        return False  # "my camera is very old", "my laptop is slow": how a thing is, no fact to keep
    if re.search(APPOINTMENT, m.group(0), re.IGNORECASE):
        return False  # "my dentist appointment is on Friday at 3": one date, not a fact
    if "v" in groups and _TASTE_RE.match(v(m)):
        return False  # "my boss is obsessed with Looker": another person's taste is theirs
    return not ("rel" in groups and m.group("rel").strip().lower() in _DULL_REL)


LEGACY: tuple[Family, ...] = (
    fam(
        "self/name-of",
        r"\bmy\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:'s|s')\s+name\s+is\s+(?P<v>.+)$",
        "fact", "person", _named, confidence=0.9,
    ),
    fam(
        "self/named",
        r"\bmy\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+is\s+(?:called|named)\s+(?P<v>.+)$",
        "fact", "person", _named, confidence=0.9,
    ),
    fam(
        "self/has-named",
        r"\bI\s+have\s+(?P<n>a|an|one|two|three|\d+)\s+(?P<rel>[\w\s-]{1,30}?)\s+(?:called|named)\s+(?P<v>.+)$",
        "fact", "person", lambda m, s: f"{s} has {m.group('n').lower()} {m.group('rel').lower()} named {v(m)}",
        confidence=0.9,
    ),
    fam(
        "self/my-name",
        r"\b(?:my name is|call me)\s+(?P<v>[\w' -]{2,40})$",
        "fact", "person", lambda m, s: f"{possessive(s)} name is {v(m)}", confidence=0.85,
    ),
    fam(
        "self/birthday",
        r"\bmy\s+birthday\s+is\s+(?:on\s+)?(?P<v>.+)$",
        "fact", "person", lambda m, s: f"{possessive(s)} birthday is on {v(m)}", confidence=0.85,
    ),
    fam(
        "self/age",
        r"\bI(?:'m| am)\s+(?P<v>\d{1,3})\s+years?\s+old\b",
        "fact", "person", lambda m, s: f"{s} is {v(m)} years old",
    ),
    fam(
        "self/has-family",
        rf"\b(?P<who>I|we)\s+have\s+(?P<v>(?:a|an|one|two|three|four|five|\d+)\s+(?:{RELATIONS}|kids|children|sons|"
        r"daughters|dogs|cats|pets|brothers|sisters)\b.*)$",
        "fact", "person", lambda m, s: f"{s} has {v(m)}" if m.group("who") == "I" else f"We have {v(m)}",
        confidence=0.75,
    ),
    fam(
        "self/been-doing",
        r"^I(?:'ve| have)\s+been\s+(?P<v>[a-z]+ing\b.{0,60}?\b(?:for|since)\s+.{2,})$",
        "fact", "work", lambda m, s: f"{s} has been {v(m)}", confidence=0.7,
    ),
    fam(
        "preference/favourite",
        r"\bmy\s+(?:absolute\s+|all-time\s+)?favou?rite\s+(?P<rel>[\w\s-]{1,30}?)\s+(?:is|are)\s+(?P<v>.+)$",
        "preference", "preference",
        lambda m, s: f"{possessive(s)} favourite {m.group('rel').strip().lower()} is {v(m)}", confidence=0.85,
    ),
    fam("preference/stated", _PREF, "preference", "preference", _pref, confidence=0.75),
    fam(
        "preference/is-favourite",
        r"^(?P<v>[\w' -]{3,60}?)\s+(?:is|are)\s+my\s+(?:absolute\s+|all-time\s+)?favou?rites?\b(?P<rest>.*)$",
        "preference", "preference",
        lambda m, s: f"{v(m)} is {possessive(s)} favourite{m.group('rest').rstrip(TRIM)}", confidence=0.75,
    ),
    fam(
        "self/my-x-is",
        # ("my legs are destroyed after the granfondo on sunday": a state of now)
        rf"^(?!.*(?:{TRANSIENT}))my\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}})\s+(?P<verb>is|are)\s+(?P<v>.{{3,}})$",
        "fact", "", lambda m, s: f"{possessive(s)} {m.group('rel').lower()} {m.group('verb').lower()} {v(m)}",
        gate="hold", confidence=0.45, priority="low",
    ),
)  # fmt: skip
