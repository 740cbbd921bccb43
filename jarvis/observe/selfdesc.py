"""Self-descriptions: who the person is, where, with whom, with what, on which days.

Each family reads one clause with a first-person subject ("I …", "my …") and turns it into a
third-person statement with its subject (work, place, health, tool, person, schedule,
documents) for the category. Another person's words never match: the subject must be the
person themself.
"""

from __future__ import annotations

import re

from jarvis.observe.families import NAME_WORD, NOT_NAMES, Family, cap, fam, rel, said_whole, said_x, v
from jarvis.observe.lexicon import (
    BODY,
    CONDITIONS,
    DAYS,
    DEMONYMS,
    DEVICE_BRANDS,
    DOCUMENTS,
    DOSE,
    DRUG,
    HEALTH_SLOTS,
    IC,
    IDENTITY_SLOTS,
    LANGUAGES,
    LOWER_NAME,
    MOMENTARY,
    NAME,
    NOT_STATEMENT_VERBS,
    ONGOING_VERBS,
    PETS,
    PLACE_VERBS,
    RELATIONS,
    ROLES,
    SCHEDULE_SLOTS,
    TAKEN_TO,
    TIME,
    TITLE,
    TODAY_OR_TOMORROW,
    TOOL_SLOTS,
    TOOL_VERBS,
    TRADES,
    TRAITS,
    TRANSIENT,
    TRIM,
    VAGUE_OBJECT,
    WEEKDAY,
    WHEN_FOUND,
)
from jarvis.observe.perspective import possessive, third_person

# what "no longer" makes of the verb a person stops ("I'm not taking new clients any more")
_NO_LONGER = {
    "doing": "does",
    "taking": "takes",
    "offering": "offers",
    "accepting": "accepts",
    "selling": "sells",
    "making": "makes",
    "shipping": "ships",
    "delivering": "delivers",
    "teaching": "teaches",
    "running": "runs",
}


def _slot_subject(m: re.Match[str]) -> str:
    slot = rel(m)
    if re.fullmatch(SCHEDULE_SLOTS, slot, IC):
        return "schedule" if "zone" not in slot else "place"
    if re.fullmatch(DOCUMENTS, slot, IC):
        return "documents"
    if re.fullmatch(HEALTH_SLOTS, slot, IC):
        return "health"
    if re.fullmatch(IDENTITY_SLOTS, slot, IC):
        return "identity"
    return "tool"


_ROLE_VERB = {"used to be": "used to be", "was": "was", "'ve been": "has been", "have been": "has been"}
# "I have been made treasurer", "I was elected chair": a role given, said as such
_ROLE_VERB |= {
    f"{have} {given}": f"{said} {given}"
    for have, said in (("'ve been", "has been"), ("have been", "has been"), ("was", "was"))
    for given in ("made", "appointed", "elected", "named")
}


def _plural(what: str) -> str:
    """ "dombra lesson" -> "dombra lessons"; "kendo practice" stays."""
    return re.sub(r"\b(lesson|rehearsal)$", r"\1s", re.sub(r"\bclass$", "classes", what))


def _activity(what: str) -> str:
    """ "dombra lesson" -> "has dombra lessons"; "bridge club" -> "goes to a bridge club"."""
    if re.search(r"\b(?:club|group|circle|meetup)$", what, IC):
        return f"goes to {_article_of(what)} {what}"
    if re.search(r"\b(?:prayers?|mass|service)$", what, IC):
        return f"goes to {what}"
    return f"has {_plural(what)}"


def _weak_part(m: re.Match[str], s: str) -> str:
    """ "my knees are bad since the fall" -> "the user's knees are bad since the fall" (self/body-weak)."""
    verb = "is" if m.group("verb").lower() in ("is", "'s") else "are"
    why = third_person((m.group("why") or "").rstrip(TRIM), s)
    return f"{possessive(s)} {m.group('part').lower()} {verb} {m.group('how').lower()}{why}"


def _counted(what: str) -> str:
    """ "disc hernia" -> "a disc hernia", "bad knee" -> "a bad knee"; "asthma" and "allergies" stay bare."""
    if re.search(r"\b(?:hernia|injury|condition|disability|back|knee|hip|shoulder|allergy)$", what, IC):
        return f"{_article_of(what)} {what}"
    return what


_THAT_RE = re.compile(r"^(?:that|this)\b", IC)


def _credential(m: re.Match[str]) -> str:
    """ "I have the SEC license class B" -> "the SEC license class B"; "my" becomes "their"."""
    head = re.search(r"\b(a|an|the|my|two|both)\s+(?=\S)", m.group(0), IC)
    det = head.group(1) if head else ""
    det = "their" if det.lower() == "my" else det
    return f"{det} {v(m)}".strip()


def _statement(m: re.Match[str], s: str) -> str:
    return third_person(m.group(0).strip(TRIM), s)


# a language level: CEFR, JLPT, HSK ("B1", "N3", "HSK 4")
_LEVEL = r"[ABC][12]|N[1-5]|HSK\s*[1-6]"
_UNITS = r"(?:%|percent|minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|km|miles?|m|kg|lbs?|pounds?|times?|x)"


# Self-descriptions: who the person is, where, with whom, with what, on which days.
def _abstains_bare(m: re.Match[str], s: str) -> str:
    """ "I never smoke" -> "the user never smokes"; "we don't fly" -> "We don't fly"."""
    neg, verb = m.group("neg").lower(), m.group("verb").lower()
    tail = f"{(m.group('rest') or '').rstrip()}{(m.group('aside') or '').rstrip()}"
    if m.group("who").lower() == "we":
        return f"We {'do not' if neg == 'dont' else neg} {verb}{tail}"
    said = {"no longer": f"no longer {verb}s", "never": f"never {verb}s"}.get(neg, f"doesn't {verb}")
    return f"{s} {said}{tail}"


def _lacks(m: re.Match[str], s: str) -> str:
    """ "I don't have one of those smartphone things" -> "the user doesn't have a smartphone"."""
    thing = re.sub(r"\s+(?:things?|thingies|ones?)$", "", m.group("x").strip(TRIM), flags=re.IGNORECASE)
    if m.group("det").lower() == "one of those" and re.search(r"[^s]s$", thing):
        thing = thing[:-1]  # "one of those smartphones" -> "a smartphone"
    article = "any" if m.group("det").lower() == "any" else ("an" if thing[:1].lower() in "aeiou" else "a")
    verb = m.group("verb").lower()
    verb = {"had": "have", "owned": "own"}.get(verb, verb)
    if m.group("who").lower() == "we":
        return f"We don't {verb} {article} {thing}"
    return f"{s} doesn't {verb} {article} {thing}"


SELF: tuple[Family, ...] = (
    # "I've already got an Ancestry subscription", "I pay for a Canva Pro account": a service they have
    fam(
        "self/subscription",
        r"^I(?:'ve|\s+have)?\s+(?:already\s+|also\s+)?(?:got|have|pay\s+for|bought)\s+(?P<art>a|an)\s+"
        r"(?P<v>(?-i:[A-Z])[\w+.&-]*(?:\s+(?-i:[A-Z])[\w+.&-]*){0,2})\s+(?P<what>subscription|account|membership|plan|"
        r"licen[cs]e|pass)\b",
        "fact",
        "tool",
        lambda m, s: f"{s} has {_article_of(m.group('v'))} {m.group('v')} {m.group('what').lower()}",
        confidence=0.75,
    ),
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
        rf"^I(?P<was>'m| am|\s+work\s+as|\s+used\s+to\s+be|(?:'ve|\s+have)\s+been\s+(?:made|appointed|elected|named)"
        r"|\s+was\s+(?:made|appointed|elected|named)|\s+was|'ve\s+been|\s+have\s+been)\s+"
        r"(?:now\s+|currently\s+|still\s+|also\s+)?"
        r"(?:(?P<art>a|an|the)\s+|(?=(?:head|director|chair|lead|manager|captain|coordinator)\s+of\s+)"
        # "I am ticket agent for the ferries": the article left out, the job told by where it is
        rf"|(?=(?:[\w-]+\s+)?(?:{ROLES}|{TRADES})\s+(?:at|for|in|of)\s)"
        # "I am tailor, I have my atelier in the Médina": the article left out, the job alone
        # ("I am joiner 30 years, I have my own small workshop": and for how long)
        rf"|(?=(?:{ROLES}|{TRADES})(?:\s+(?:for\s+)?\d+\s+(?:years?|yrs?))?\s*(?:[,;.!]|$)))"
        rf"(?P<v>(?:[\w-]+\s+){{0,3}}?(?:(?:{ROLES})(?:\s+(?:{ROLES}))?|(?(art)(?!)|(?:{TRADES}))|(?:head|director|chair|lead|manager|captain|coordinator)\s+of\s+(?!(?:the|a|an|my|our|it|this|that)\b)[\w&-]+))\b(?P<rest>\s+(?:at|for|in|with|on|of)\s+[^,;]+)?(?:[,;\s].*)?$",
        "fact",
        "work",
        lambda m, s: " ".join(
            f"{s} {_ROLE_VERB.get(' '.join(m.group('was').split()).lower(), 'is')} {_role_article(m)} "
            f"{v(m)}{(m.group('rest') or '').rstrip(TRIM)}".split()
        ),
    ),
    # "I work at Acme", "I work four days a week", "I work remotely from Porto"
    fam(
        "self/works",
        r"^I\s+(?:currently\s+|now\s+|still\s+|only\s+|mostly\s+)?work\s+(?P<v>(?:at|for|as|from|remotely|"
        r"from home|part-time|full-time|nights|weekends|(?:\w+|\d+)\s+days\s+a\s+week|(?:\w+|\d+)\s+hours)\b.*"
        # a run of shifts ("I work four night shifts in a row then get three days off", "I do three 12-hour
        # shifts a week")
        r"|(?<=work\s)(?=(?:\w+|\d+)\s+(?:[\w-]+\s+)?(?:shifts|nights|lates|earlies|long days)\b).*"
        r")$|^I\s+(?:currently\s+|now\s+|still\s+|usually\s+|normally\s+)?(?:do|pull)\s+"
        r"(?P<w>(?:two|three|four|five|six|seven|\d+)\s+(?:[\w-]+\s+)?(?:shifts|nights|lates|earlies|long days)\b"
        r"(?=.*\b(?:a|per|each|every)\s+(?:week|fortnight|month)\b|.*\bin\s+a\s+row\b).*)$",
        "fact",
        lambda m: "work" if m.group("v") and re.match(r"at|for|as", m.group("v"), IC) else "schedule",
        lambda m, s: f"{s} works {v(m)}" if m.group("v") else f"{s} does {third_person(m.group('w'), s)}",
    ),
    # what works better for the person, said as a comparison ("I read diffs way faster than prose",
    # "I'd rather read code than prose", "I learn better from examples than from theory")
    fam(
        "self/better-than",
        r"^I(?:'d|\s+would)\s+(?:much\s+|far\s+)?rather\s+(?!die\b|not\b).{2,50}?\s+than\s+.{2,50}$"
        r"|^I\s+(?:read|understand|learn|follow|take in|process|remember|think|work)\s+.{0,50}?\b(?:way\s+|much\s+|a lot\s+|"
        r"far\s+)?(?:faster|better|easier|quicker|more easily)\s+(?:with|from|in|on|than)\s+.{2,50}$",
        "fact",
        "preference",
        said_whole,
        confidence=0.7,
    ),
    # the days the person never works ("I don't work Wednesdays", "i dont work on fridays or mondays")
    fam(
        "self/days-off",
        rf"^I\s+(?:don't|do not|dont|never|no longer)\s+work\s+(?:on\s+)?(?P<v>{WEEKDAY}s?(?:\s*(?:,|and|or|,\s*or)\s*"
        rf"{WEEKDAY}s?)*|weekends)\b(?P<rest>.{{0,40}})$",
        "fact",
        "schedule",
        lambda m, s: f"{s} doesn't work on {cap(m.group('v'))}{m.group('rest').rstrip(TRIM)}",
        confidence=0.75,
    ),
    # "I live in Lisbon now", "I'm based in Montreal", "I moved to Leeds", "I'm from Quito"
    fam(
        "self/place",
        r"^I(?:\s+(?:currently|now|still|just|recently))?\s*(?P<verb>live|reside|'m based|am based|"
        r"'m living(?= in| at| near)|am living(?= in| at| near)|moved|'m from|am from|'m originally from|am originally from|was born|grew up|"
        # ("I came from Shiraz in 2017")
        r"came from(?!\s+(?:work|school|uni|college|the|a|an|my|our|his|her|their|home|there|here|outside|lunch|"
        r"shopping|church|practice|training|class|town)\b)|came here from|emigrated from|"
        # "I've lived aboard Marigold for six years", "I have lived in Accra since 2015"
        r"'ve lived(?= in| on| aboard| near)|have lived(?= in| on| aboard| near)|live(?= aboard))\s+"
        r"(?P<v>(?:in|at|near|on|aboard|to|up to|down to|back to|over to|from)?\s*.+)$",
        "fact",
        "place",
        lambda m, s: f"{s} {PLACE_VERBS.get(m.group('verb').lower().lstrip(chr(39)), 'lives')} {v(m)}",
    ),
    # "home is timisoara", "my home is in Cusco", "home for me is Ballarat": where the person lives, said of home
    fam(
        "self/home-is",
        r"^(?:my\s+)?home(?:\s+for\s+(?:me|us))?\s+is\s+(?:in\s+|now\s+|still\s+)*"
        r"(?!(?:where|wherever|with|far|near|close|a\s+mess|fine|ok|empty|quiet|busy|cold|warm|hot|small|big|nice|"
        r"not|too|so|very|the\s+(?:best|worst))\b)(?P<v>(?-i:[A-Za-zÀ-ÿ])[\w'À-ÿ-]+(?:[ -][A-ZÀ-Ý][\w'À-ÿ-]+){0,2})"
        r"(?:,?\s+(?:in|near)\s+[A-ZÀ-Ý][\w'-]+)?[.!]*$",
        "fact",
        "place",
        lambda m, s: f"{s} lives in {cap(m.group('v'))}",
        confidence=0.75,
    ),
    # "I'm retired now", "I am semi-retired since 2021"
    fam(
        "self/retired",
        # ("… for 38 years and now I am retired": "and now" first)
        r"^(?:(?:and|but|so)\s+)?(?:now\s*,?\s+)?I(?:'m| am)\s+(?:now\s+|fully\s+|happily\s+)?(?P<v>(?:semi-)?retired)\b(?P<rest>(?!\s+(?:from|of)\s+(?:all|this|that|it|everything)\b).*)$",
        "fact",
        "work",
        lambda m, s: f"{s} is {m.group('v').lower()}{(m.group('rest') or '').rstrip(TRIM)}".replace(
            " now", ""
        ),
        confidence=0.8,
    ),
    # when the person is on call ("odd weeks are my on call weeks", "I'm on call every other weekend")
    fam(
        "self/on-call",
        r"(?:^|,\s*|\band\s+)(?P<x>(?:odd|even|alternate|every other|every second)\s+weeks?\s+(?:are|is)\s+my\s+"
        r"on[- ]?call(?:\s+weeks?)?|I(?:'m| am|m)\s+on[- ]?call\s+(?:every|on|most|odd|even|alternate)\b[^,.;]{2,30})"
        r"[.!]*$",
        "fact",
        "schedule",
        said_x,
        confidence=0.8,
    ),
    # the shifts the person works ("I'm on nights!", "im on earlies mostly", "I am on rotating shifts")
    fam(
        "self/shifts",
        r"^(?:and\s+|but\s+|also\s+)?(?P<x>I(?:'m| am|m)\s+(?:still\s+|mostly\s+|usually\s+|always\s+)?on\s+"
        r"(?:the\s+)?(?:nights|night\s+shifts?|nightshifts?|night\s+duty|earlies|lates|early\s+shifts?|late\s+shifts?|"
        r"rotating\s+shifts|rotas?|twelve-hour\s+shifts|12-hour\s+shifts|12h\s+shifts|shifts)\b"
        r"(?![^,.;!?]*\b(?:today|tonight|tomorrow|this\s+week|next\s+week|again)\b)[^,.;!?]{0,40})[.!]*$",
        "fact",
        "schedule",
        said_x,
        confidence=0.8,
    ),
    # what the person's work is about, named after it ("morphological tagging for kashubian, thats the whole thesis")
    fam(
        "self/whole-thesis",
        r"^(?P<x>[^,]{6,80}?),?\s+(?:that's|thats|that is|it's|its)\s+(?:the|my)\s+(?:whole|main|entire)\s+"
        r"(?P<what>thesis|phd|dissertation|project|research|job|business)\b[.!]*$",
        "fact",
        "work",
        lambda m, s: (
            f"{possessive(s)} {m.group('what').lower()}: {third_person(m.group('x').strip(TRIM), s)}"
        ),
        confidence=0.8,
    ),
    # animals the person keeps ("I keep hens, six of them", "we raise goats", "I breed border collies")
    fam(
        "self/keeps-animals",
        r"^(?:I|we)\s+(?:keep|raise|breed|have)\s+(?P<x>(?:a few\s+|some\s+)?(?:hens|chickens|bees|goats|sheep|pigs|ducks|"
        r"rabbits|pigeons|horses|ponies|cattle|cows|alpacas|llamas|quail|geese|turkeys|donkeys|[\w-]+\s+(?:collies|"
        r"terriers|hens|sheep|cattle|goats|bees|pigeons))(?:,\s*(?:\w+|\d+)\s+of\s+them)?)\b(?:[\s,;(].*)?$",
        "fact",
        "person",
        lambda m, s: cap(third_person(m.group(0).split(", and")[0].strip(TRIM), s)),
        confidence=0.8,
    ),
    # two languages for what is written, and their order ("Write it in Czech and English both, Czech first",
    # "do everything in Welsh and English, Welsh on top"): one language for one text is a request of the moment
    # "commit msg in english pls, team chats in korean but git history is english only", "code comments in German
    # please": what kind of text is written in which language
    fam(
        "rule/text-in-language",
        r"^(?:(?:and|also|ok|okay|so)[,\s]+)*(?:please\s+|pls\s+|always\s+)*(?P<x>(?:the\s+|all\s+|my\s+|our\s+)?(?:git\s+)?"
        r"(?:commit\s+(?:msgs?|messages?)|commits|code\s+comments|comments|docstrings|docs|documentation|the\s+readme|readme|"
        r"variable\s+names|identifiers|logs?|log\s+messages|error\s+messages|ui\s+texts?|labels|captions|posts|emails|letters|"
        r"invoices|replies|answers|summaries|notes|reports|slides|the\s+site|the\s+website|the\s+app)\s+(?:always\s+|only\s+)?"
        rf"in\s+(?:{LANGUAGES})(?:\s+(?:only|always))?)(?:\s+(?:please|pls|plz))?(?=\s*(?:[,;.!]|$))",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    fam(
        "rule/languages",
        rf"^(?:please\s+|pls\s+|always\s+)*(?P<x>(?:write|do|make|put|keep|answer|reply|post|send)\s+(?:it|them|this|these|"
        rf"everything|all|all\s+of\s+it|the\s+[\w-]+)\s+in\s+(?:(?:{LANGUAGES})\s*(?:,|and|&|\+|or)\s*)+(?:{LANGUAGES})"
        rf"(?:\s+both)?(?:\s*,?\s*(?:with\s+)?(?:{LANGUAGES})\s+(?:first|on\s+top|above|before))?)(?:\s+please|\s+pls)?[.!]*$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # what a doctor found in the person ("doc says my cholestrol is high", "the doctor said I have high blood pressure",
    # "my GP told me I'm prediabetic"): their health, as the doctor put it
    fam(
        "self/diagnosed",
        r"^(?:(?:and|but|so|also|oh|plus|well)[\s,]+)*"
        # when it was found ("Last month the doctor said I have severe sleep apnea")
        rf"(?:{WHEN_FOUND}[,\s]+)?"
        r"(?:(?:the|my|our)\s+)?(?P<who>doctor|doc|gp|cardiologist|specialist|"
        r"consultant|dentist|physio|optician|optometrist|dermatologist|endocrinologist|neurologist|rheumatologist|"
        r"nurse|midwife|dietitian|dietician)(?:\s+(?:in|at)\s+[\w'-]+)?\s+(?:says|said|told\s+me|found|thinks|confirmed)\s+"
        r"(?:that\s+)?(?P<x>my\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were)\s+(?:too\s+|very\s+|a\s+bit\s+|quite\s+|"
        r"slightly\s+|dangerously\s+)?(?:high|low|raised|elevated|borderline|up|off|bad|weak|damaged|worn)|"
        r"(?:I|i)\s+(?:have|'ve\s+got|got|had)\s+[^,;.]{3,50}?|(?:I'm|im|I\s+am)\s+(?:pre-?diabetic|diabetic|anaemic|"
        r"anemic|[\w-]+\s+deficient|deficient\s+in\s+[\w-]+|allergic\s+to\s+[^,;.]{2,30}?|lactose\s+intolerant|"
        r"asthmatic|hypertensive|overweight|obese))(?=\s*(?:[,;.!]|\b(?:and|so|but|because|since)\b|$))",
        "fact",
        "health",
        lambda m, s: (
            f"{cap(third_person(m.group('x').strip(TRIM), s))} (the "
            f"{'GP' if m.group('who').lower() == 'gp' else m.group('who').lower()} said)"
        ),
        confidence=0.75,
    ),
    # what someone gave the person, which they have since ("My son gave me a Nikon D7500 for Christmas", "got a Kindle
    # from my wife for my birthday")
    fam(
        "self/given",
        rf"^(?:(?:and|so|also|oh|btw|well)[\s,]+)*(?:(?:my|our)\s+(?:[\w-]+\s+)?(?P<who>{RELATIONS})|(?P<name>(?-i:[A-Z])[\w'-]+))"
        r"\s+(?:gave|bought|got|gifted|handed)\s+(?:me|us)\s+"
        # (what was never used is no thing kept: "my sister gave me her old Kindle two years ago and I never used it")
        r"(?![^.;]*\b(?:never|hardly|barely|rarely)\s+(?:used|use|touched|opened|read|wore|worn|played|tried)\b)"
        # (nor a gift of years ago, told for what became of it: "gave me her old Kindle two years ago and …")
        r"(?![^,;.!?]*\bago\b)"
        # (a thing named by its make, "a Nikon D7500", or a gift named by its day, "for Christmas")
        r"(?=[^,;.!?]*?(?-i:\b[A-Z0-9])|[^,;.!?]*?\s(?:for|as|on)\s+(?:my\s+|our\s+|a\s+)?(?:christmas|xmas|birthday|"
        r"\d+(?:st|nd|rd|th)\s+birthday|anniversary|eid|diwali|hanukkah|present|gift|retirement|graduation)\b)"
        r"(?P<x>(?:a|an|his|her|their|this|that)\s+"
        # (not a look, a hug, a lift or a cold)
        r"(?!(?:[\w-]+\s+)?(?:look|hug|call|ride|lift|hand|hard\s+time|chance|break|tip|idea|heads|lecture|kiss|smile|"
        r"shout|ring|minute|second|moment|sign|hint|headache|fright|scare|cold|flu|bug|virus|run|go|try|shot|warning|"
        r"discount|deal|quote|price|lesson|job|task|list)\b)[^,;.!?]{2,50}?)"
        r"(?P<when>\s+(?:for|as|on)\s+(?:my\s+|our\s+|a\s+)?(?:christmas|xmas|birthday|\d+(?:st|nd|rd|th)\s+birthday|"
        r"anniversary|eid|diwali|hanukkah|name\s+day|present|gift|retirement|graduation|[\w-]+\s+birthday))?"
        r"(?:\s*[,;.!].*)?$",
        "fact",
        "",
        lambda m, s: _given(m, s),  # (defined below the families)
        confidence=0.75,
    ),
    # what the person has stopped doing for good ("Also I'm not doing custom orders anymore, they eat all my time")
    fam(
        "rule/no-longer",
        r"^(?:(?:also|and|so|btw|oh)[\s,]+)*(?:I'm|I\s+am|im|we're|we\s+are)\s+not\s+(?P<v>doing|taking|offering|accepting|"
        r"selling|making|shipping|delivering|teaching|running)\s+(?P<x>(?!(?:it|that|this|them|anything|much)\b)[^,;.!?]{3,40}?)"
        r"\s+(?:any\s?more|any\s+longer)\b",
        "rule",
        "rule",
        lambda m, s: f"{s} no longer {_NO_LONGER[m.group('v').lower()]} {m.group('x').strip(TRIM)}",
        priority="high",
        confidence=0.8,
    ),
    # who the person's produce or work goes to ("we supply Dairygold", "I sell at the Saturday market in Ennis", "we
    # export most of it to Norway")
    fam(
        "self/supplies",
        r"^(?:(?:and|so|also|but|plus)[\s,]+)*(?:I|we)\s+(?:(?:mostly|mainly|only|also|still|all|just|now)\s+)?"
        r"(?:supply|sell\s+(?:to|at|through|on|via)|deliver\s+to|ship\s+to|export\s+to|"
        r"(?:sell|send|ship|export|deliver)\s+(?:our|my|the|most\s+of\s+(?:it|them|our|my|the)|all\s+of\s+(?:it|them)|it|them)"
        r"(?:\s+[\w-]+){0,2}?\s+(?:to|at|through|on|via))\s+(?P<x>(?!(?:you|u|him|her|them|it)\b).{2,80}?)[.!]*$",
        "fact",
        "work",
        said_whole,
        confidence=0.75,
    ),
    # someone the person took on, or an animal they adopted, which stays with them ("i hired an apprentice in
    # october", "we took on a second nurse last month", "we adopted her from the shelter in Debrecen"); hiring a
    # van or a hall is a rental of one day, so only people are hired
    fam(
        "self/took-on",
        r"^(?:(?:so|and|also|oh|btw|plus|well|actually|recently|(?:last|this)\s+(?:week|month|year|spring|summer|autumn|"
        r"fall|winter)|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|in\s+(?:spring|summer|autumn|"
        r"fall|winter))[\s,]+)*(?:I|we)\s+(?:just\s+|finally\s+|recently\s+|also\s+)?"
        r"(?:(?:hired|took\s+on|brought\s+on|onboarded)\s+(?:(?:a|an|another|one|two|three|four|five|\d+|our|my|a\s+second|"
        r"a\s+third|a\s+new|a\s+full-time|a\s+part-time)\s+)+(?:[\w-]+\s+)?"
        rf"(?:{ROLES}|{TRADES}|apprentice|trainee|assistant|guys?|girls?|people|staff|hands?|helpers?|nanny|au pair|"
        r"[a-z]{3,}(?:er|or|ist|ian))s?\b"
        # (for one day of theirs: "we hired a photographer for the wedding")
        r"(?![^,;.]*\bfor\s+(?:the|our|my|a|an|his|her|their)\s+(?:[\w'-]+\s+)?(?:wedding|party|event|weekend|day|night|move|"
        r"shoot|trip|job|gig|launch|birthday|funeral|ceremony|reception|show|concert|festival|conference|renovation)\b)|"
        rf"(?:adopted|rescued|took\s+in)\s+(?:(?:her|him|them)\b|(?:a|an|another|two|three|\d+|our|my|a\s+second)\s+)"
        rf"(?:(?!(?:idea|policy|approach|plan|method|framework|process|rule|standard|habit)\b)[\w-]+\s+){{0,2}}?"
        rf"(?:{PETS}|dog|cat|kids?|child|children|boy|girl|baby|son|daughter|her|him|them|[\w-]+\s+from\b)?)"
        r"(?:[\s,;(].*)?$",
        "fact",
        "person",
        said_whole,
        confidence=0.8,
    ),
    # what the person is training for ("training for the Ottawa marathon, May 24", "I'm training for my first 10k")
    fam(
        "self/training-for",
        r"^(?:I(?:'m| am|m)\s+|currently\s+)?training\s+for\s+(?P<x>(?:the|a|an|my)\s+[^,;()]{2,50}?)"
        r"(?P<when>,\s*(?:on\s+)?(?:\d{1,2}\s+\w+|\w+\s+\d{1,2}(?:st|nd|rd|th)?|in\s+\w+))?(?:\s*[,;(].*)?[.!]*$",
        "fact",
        "schedule",
        lambda m, s: f"{s} is training for {v(m, 'x')}{(m.group('when') or '').rstrip(TRIM)}",
        confidence=0.8,
    ),
    # how many of something the person keeps ("I have 14 colonies", "we run 40 hives", "I own 3 food trucks")
    fam(
        "self/have-count",
        r"^(?:now\s+)?(?:I|we)\s+(?:have|own|keep|run|manage|look after)\s+"
        # ("We have about 640 member farmers")
        r"(?:(?:about|around|roughly|nearly|almost|over|more than|just over|just under|some|like)\s+)?"
        r"(?P<n>\d{1,5}|two|three|four|five|six|seven|"
        r"eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|a hundred)\s+"
        r"(?!(?:questions?|things?|tabs?|minutes?|hours?|days?|weeks?|errors?|bugs?|issues?|files?|problems?|options?|ideas?|"
        r"points?|more|of|browser|windows?|meetings?|calls?|tickets?|prs?|commits?|tests?|left)\b)"
        # a pile to get through soon is no count kept ("I have 94 lab reports to mark this weekend", "we have 30
        # boxes to pack by Friday")
        r"(?![^,;]*\bto\s+(?:mark|grade|finish|write|read|review|sort|pack|ship|deliver|fix|check|answer|send|file|submit|"
        r"process|print|sign|clean|prepare|get through|go through)\b)"
        r"(?![^,;]*\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend)|by\s+(?:tomorrow|tonight|"
        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b)"
        r"(?P<x>[\w-]+)(?:[\s,;(].*)?$",
        "fact",
        "work",
        said_whole,
        confidence=0.75,
    ),
    # "I'm freelance so I bill by the hour", "I am self-employed since 2019", "im between jobs": how they work
    fam(
        "self/employment",
        r"^I(?:'m| am|m)\s+(?:now\s+|currently\s+|still\s+|fully\s+)?(?P<v>freelance|self-employed|unemployed|"
        r"between jobs|out of work)\b"
        r"(?P<rest>\s+(?:since|for)\s+[^,;]{2,30})?"
        # the sentence ends, or goes on to why ("so I bill by the hour"); "I'm freelance and this is
        # for Ferncliff Yoga, …" says more than the family would keep
        r"\s*(?:$|[,;.(—–-]|\b(?:so|because|since|now|these days|at the moment|atm)\b)",
        "fact",
        "work",
        lambda m, s: f"{s} is {m.group('v').lower()}{(m.group('rest') or '').rstrip(TRIM)}",
        confidence=0.8,
    ),
    # "I'm more comfortable in Russian", "i am most comfortable writing in Tagalog": the language to use
    fam(
        "self/language",
        rf"^I(?:'m| am|m)\s+(?:much\s+|way\s+|a lot\s+)?(?:more|most)\s+comfortable\s+(?:in|with|speaking|writing|"
        rf"reading)\s+(?:in\s+)?(?P<v>{LANGUAGES})\b",
        "fact",
        "preference",
        lambda m, s: f"{s} is more comfortable in {cap(m.group('v'))}",
        confidence=0.8,
    ),
    # a language being learnt, and the level reached ("I learn Polish, I have B1 now", "I'm learning
    # Japanese, N3 level", "I study German, at B2")
    fam(
        "self/learning-language",
        rf"^I(?:'m| am|m)?\s+(?:still\s+|now\s+)?(?:learn|learning|study|studying)\s+(?P<v>{LANGUAGES})\b"
        rf"(?P<level>,?\s+(?:(?:I\s+have|I'm\s+at|I\s+am\s+at|level|at)\s+)?(?:level\s+)?(?:{_LEVEL})\b"
        r"(?:\s+(?:level|now))?)?(?=[,.;!]|\s*$)",
        "fact",
        "preference",
        lambda m, s: f"{s} is learning {cap(m.group('v'))}{_level(m.group('level'))}",
        confidence=0.8,
    ),
    # who the person answers to ("I report to Achieng, she's head of risk", "I report directly to Dr Osei")
    fam(
        "self/reports-to",
        rf"^I\s+(?:now\s+|still\s+)?report\s+(?:directly\s+)?to\s+(?P<v>(?:Dr\.?\s+|Prof\.?\s+)?{NAME_WORD}(?:\s+{NAME_WORD})?)\b",
        "fact",
        "person",
        lambda m, s: f"{s} reports to {m.group('v')}",
        confidence=0.8,
    ),
    # the level alone, after the language ("I learn Polish, I have B1 now")
    fam(
        "self/language-level",
        # ("I am level A2", "I'm at B1 in German", "I passed N3 in 2024", "I have HSK 4")
        r"^I(?:\s+have|'m\s+at|\s+am\s+at|'m|\s+am|\s+got|(?P<passed>\s+passed|'ve\s+passed|\s+have\s+passed)|\s+hold)\s+"
        r"(?:the\s+|my\s+)?(?:level\s+|jlpt\s+|cefr\s+)?"
        r"(?P<v>[ABC][12]|N[1-5]|HSK\s*[1-9]|TOPIK\s*[1-6]|IELTS\s+\d(?:\.5)?|DELF\s+[ABC][12]|DELE\s+[ABC][12])\b"
        rf"(?P<rest>(?:\s+(?:now|level|already|in\s+(?:19|20)\d\d|in\s+(?:{LANGUAGES})|back in\s+(?:19|20)\d\d))*)[.!]*$",
        "fact",
        "preference",
        lambda m, s: (
            f"{s} {'passed' if m.group('passed') else 'has language level'} {m.group('v')}"
            f"{m.group('rest').rstrip(TRIM).replace(' now', '')}"
        ),
        confidence=0.7,
    ),
    # "I'm vegetarian", "I'm lactose intolerant", "I'm colour-blind (deuteranopia)"
    fam(
        "self/trait",
        rf"^(?:because\s+|since\s+|as\s+)?I(?:'m| am)\s+(?:still\s+)?(?:(?:a|an)\s+)?(?:strict\s+|mostly\s+|completely\s+|fully\s+|"
        rf"red-green\s+|partially\s+|mildly\s+|\d{{1,2}}\s+weeks\s+)?"
        rf"(?P<t>{TRAITS})\b"
        r"(?P<rest>\s*\([^)]{1,60}\))?",
        "fact",
        "health",
        lambda m, s: f"{s} is {m.group('t').lower()}{(m.group('rest') or '').rstrip()}",
        confidence=0.85,
    ),
    # the same said as a whole sentence with no subject ("lactose intolerant btw", "also vegan")
    fam(
        "self/trait-bare",
        rf"^(?:also\s+|oh\s+and\s+|and\s+)?(?:strict\s+|mostly\s+)?(?P<t>{TRAITS})(?:\s+(?:btw|fyi|too|also|here|myself))?$",
        "fact",
        "health",
        lambda m, s: f"{s} is {m.group('t').lower()}",
        confidence=0.75,
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
    # "I'm on amlodipine for my blood pressure, 5mg every morning", "I take levothyroxine, 50mcg daily",
    # "I don't have one of those smartphones", "I don't own a car": what the person goes without
    fam(
        "self/lacks",
        # ("we don't have an oven in this flat": the household's)
        r"^(?P<who>I|we)\s+(?:don't|do not|dont|never)\s+(?P<verb>have|had|own|owned|use|drive)\s+"
        r"(?P<det>a|an|any|one of those)\s+"
        r"(?!(?:clue|idea|time|chance|choice|problem|issue|preference|opinion|way|reason|moment|minute|second|"
        r"good|better|strong|big|lot)\b)"
        r"(?P<x>[\w-]+(?:\s+(?!(?:and|or|but|so|because|since|as|for|which|that|at|in|on|anymore|yet|today|now)\b)"
        r"[\w-]+){0,3})"
        # not for now ("we don't have a deadline yet", "I don't have a charger on me today")
        r"(?![^,;.]*\b(?:yet|today|tonight|right now|at the moment|atm|this week|on me|with me)\b)",
        "fact",
        "",
        _lacks,
        confidence=0.7,
    ),
    # "I quit smoking in 2015", "I dropped sugar from my diet in 2019": a habit given up, and when
    fam(
        "self/gave-up",
        r"^I\s+(?:quit|gave up|stopped|dropped|cut out|kicked)\s+(?P<x>(?!(?:it|that|this|them|the ball)\b)[\w -]{3,40}?)"
        r"(?:\s+from my diet)?\s+(?P<when>in \d{4}|\d+\s+(?:years?|months?)\s+ago|(?:a few|several|many)\s+years\s+ago|"
        r"last year|years ago)\b",
        "fact",
        "health",
        lambda m, s: f"{s} gave up {m.group('x').strip(TRIM)} {m.group('when')}",
        confidence=0.75,
    ),
    # "she put me on amlodipine 5 mg": the doctor's prescription is the person's medicine
    fam(
        "self/medication-given",
        r"^(?:she|he|they|the doctor|the gp|my (?:doctor|gp|consultant|cardiologist|specialist|endo\w*|psychiatrist|"
        r"dermatologist|neurologist|rheumatologist|nurse))\s+(?:has\s+|just\s+)?(?:put|started|switched)\s+me\s+"
        r"(?:on(?:to)?|over to)\s+(?P<v>(?!(?:a|the|my|it|this|that|hold|notice|leave)\b)[\w-]{4,}.*)$",
        "fact",
        "health",
        lambda m, s: f"{s} is on {m.group('v').strip(TRIM)}",
        confidence=0.8,
    ),
    # "I'm on metformin": a medicine, said with what it is for or a dose
    fam(
        "self/medication",
        r"^(?:(?:I(?:'m|\s+am)|im)\s+(?:(?:still|now|also|currently)\s+)?on"
        r"|I\s+(?:(?:still|now|also)\s+)?(?:take|have to take))\s+"
        # (a course that ends: "I am on antibiotics for an ear infection so no diving this week")
        r"(?!.*\b(?:this\s+week(?:end)?|for\s+now|for\s+(?:a|one|two|three|five|seven|ten|\d+)\s+(?:days?|weeks?))\b)"
        r"(?P<v>(?!(?:a|an|the|my|it|this|that|some|time|care|notes?|photos?|pictures?|the bus|the train|antibiotics?|"
        r"a\s+course|penicillin|amoxicillin)\b)"
        rf"(?:{DRUG}.*|[\w-]{{4,}}(?:\s+[\w-]+)?(?:\s+\d+\s*\w+)?(?:,?\s+(?:for\s+(?:my\s+)?(?:{BODY}|{CONDITIONS}|[\w -]{{3,30}})|"
        rf"{DOSE}|(?:once|twice|three times)\s+a\s+day|daily|every\s+(?:morning|evening|night|day)))\b.*))$",
        "fact",
        "health",
        lambda m, s: _statement(m, s),
        confidence=0.8,
    ),
    # "I use fish", "I mostly code in Rust", "I'm on macOS"
    fam(
        "self/tool",
        r"^I(?:'m|\s+am)?\s*(?:mostly\s+|mainly\s+|only\s+|always\s+|usually\s+|now\s+|still\s+)?"
        r"(?P<verb>use|code in|program in|develop on|'m on|am on|on)\s+"
        rf"(?!{VAGUE_OBJECT}|(?:for|to|as|with|in|on|at|by)\b)(?!.*{MOMENTARY})"
        r"(?!(?:(?:a|an|the|my)\s+)?(?:[\w-]+\s+)?(?:leave|call|holiday|vacation|break|duty|shift|nights|days|"
        r"earlies|lates|site|track|board|time|hold|mute|phone|way|road|train|bus|plane|fire|top|it|team|rota)\b)"
        # (a course of medicine that ends is no tool: "im on antibiotics for my chest"; nor is a hotspot or a count of
        # coffees: "I'm on my phone's hotspot", "im on like 4 coffees")
        r"(?!(?:a\s+course\s+of\s+)?(?:antibiotics?|penicillin|amoxicillin|painkillers|steroids)\b)"
        r"(?!(?:(?:a|an|the|my|our)\s+)?(?:[\w'-]+\s+)?(?:hotspot|mobile\s+data|data|4g|5g|3g|vpn)\b)"
        r"(?!(?:like\s+|about\s+|maybe\s+|only\s+)?\d+\s+(?:coffees?|cups?|beers?|pints?|drinks?|glasses|espressos?|"
        r"hours?|hrs?|mins?|minutes?|days?|nights?)\b)"
        # (nor which cup of the day it is: "I am on my third instant coffee, let's finish")
        r"(?!(?:my|the|a)\s+(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th)|last|umpteenth|nth|next)\s+"
        r"(?:[\w-]+\s+)?(?:coffees?|cups?|teas?|beers?|pints?|drinks?|glass|espressos?|red\s*bulls?|energy\s+drinks?|"
        r"cigarettes?|smokes?|attempts?|try|tries|draft|coffee\s+of\s+the\s+day)\b)"
        r"(?P<v>.{2,60})$",
        "preference",
        "tool",
        lambda m, s: f"{s} {TOOL_VERBS.get(m.group('verb').lower(), 'uses')} {v(m)}",
    ),
    # "my manager is Priya Raman", "My agent is Hélène Dubois"
    fam(
        "self/relation-is",
        rf"^(?:my\s+|our\s+|(?:the\s+)?(?=(?:vet|gp|doctor|dentist|accountant|lawyer|landlord|landlady|physio|mechanic|"
        rf"plumber|electrician|builder|farrier|tutor|coach)\b))(?P<rel>{RELATIONS})\s+(?:is|'s)\s+"
        rf"(?:(?P<name>{TITLE}{NAME})(?P<org>\s+(?:at|from|of|with)\s+{NAME})?"
        # (in small letters, with a title, and what they want after: "my supervisor is prof. laurent béland btw
        # and he wants chapters as separate pdfs")
        rf"|(?P<ltitle>(?:prof|dr|mr|mrs|ms|mx)\.?\s+)?(?P<low>{LOWER_NAME}?)"
        r"(?P<lorg>\s+(?:at|from|of|with)\s+[^,;.]{2,40})?(?:\s+btw)?(?:[,;].*|\s+and\s+(?:he|she|they)\s.*)?$)",
        "fact",
        "person",
        lambda m, s: (
            f"{possessive(s)} {rel(m)} is {m.group('name') or (m.group('ltitle') or '').title() + m.group('low').title()}"
            f"{(m.group('org') or m.group('lorg') or '').rstrip(TRIM)}"
        ),
        confidence=0.85,
    ),
    # "my editor is neovim", "my on-call week is the first week of every month", "my passport is Irish"
    fam(
        "self/slot",
        rf"^my\s+(?P<rel>{TOOL_SLOTS}|{SCHEDULE_SLOTS}|{DOCUMENTS}|{HEALTH_SLOTS}|{IDENTITY_SLOTS})\s+"
        r"(?P<verb>is|are|'s)\s+(?P<v>.{2,})$",
        "fact",
        _slot_subject,
        lambda m, s: f"{possessive(s)} {rel(m)} {'are' if m.group('verb').lower() == 'are' else 'is'} {v(m)}",
    ),
    # "my new job is at Danske Design", "my placement is with the NHS": where the person works
    fam(
        "self/job-at",
        r"^my\s+(?:new\s+|current\s+|day\s+|main\s+|first\s+|proper\s+)?(?P<rel>job|work|office|workplace|"
        r"employer|placement|internship|residency|apprenticeship)\s+(?:is|'s)\s+(?P<v>(?:at|with|for|in)\s+.{2,})$",
        "fact",
        "work",
        lambda m, s: (
            f"{possessive(s)} {_lower_first(m.group(0).split(None, 1)[1].split(' is', 1)[0].split(chr(39) + 's', 1)[0])} is {v(m)}"
        ),
    ),
    # "my passport expires in March 2027", "our car insurance renews on 2 March"
    fam(
        "self/document-date",
        rf"^(?P<who>my|our)\s+(?P<rel>{DOCUMENTS})(?P<where>\s+(?:in|for|on|at|with)\s+[\w' -]{{1,30}}?)?\s+"
        r"(?P<verb>expires?|renews?|runs out|ends|is due|lapses)"
        r"\s+(?P<v>.{2,})$",
        "fact",
        "documents",
        lambda m, s: f"{possessive(s)} {rel(m)}{m.group('where') or ''} {m.group('verb').lower()} {v(m)}",
        priority="high",
    ),
    # "my left knee has been dodgy since April", "my back is bad"
    fam(
        "self/body",
        rf"^(?:my\s+|(?=(?:(?:left|right|bad)\s+)?(?:{BODY})(?:'s|\s+has)\s+been\b.*\b(?:since|for)\b)"
        # "the left hand is still weak from the stroke last year": "the", and what befell the person
        rf"|the\s+(?=(?:(?:left|right|lower|upper|bad)\s+)?(?:{BODY})\s+(?:is|are|has\s+been|have\s+been)\s+(?:still\s+)?"
        r"(?:\w+\s+){0,2}?(?:from|since|after)\s+(?:the|my|a|an)\s+(?:\w+\s+)?(?:stroke|surgery|operation|accident|fall|"
        r"injury|fracture|crash|chemo|heart attack|transplant|replacement|break)\b))"
        rf"(?P<rel>(?:(?:left|right|lower|upper|bad)\s+)?(?:{BODY}))\s*(?P<v>(?:is|are|'s been|has been|"
        r"have been|was|hurts|aches|gets|isn't|keeps|flares)\b"
        # ("my back is very bad from lifting full supers yesterday" is how it is today)
        r"(?![^,;]*\b(?:yesterday|today|tonight|this morning|last night|right now|at the moment)\b)"
        # ("my hand is still tingling so Im not thinking straight")
        r"(?!\s+still\s+(?:tingling|numb|shaking|swollen|burning|throbbing|stinging|itching|watering)\b)"
        # how it is this minute ("my eyes are burning, 4th hour staring at nginx logs")
        r"(?!\s+(?:\w+\s+)?(?:burning|aching|killing me|throbbing|pounding|watering|stinging|"
        r"numb|tired|sore|fried|done|dead|gone)\b).{2,})$",
        "fact",
        "health",
        lambda m, s: f"{possessive(s)} {rel(m)} {re.sub(r'^s been', 'has been', v(m))}",
    ),
    # "I run with my club on Tuesdays", "I write every morning from 6 to 9"
    fam(
        "self/routine",
        r"^(?:I|we)\s+(?:also\s+|usually\s+|normally\s+)?(?!(?:will|would|might|could|should|can|want|need|hope|plan|"
        r"'ll|'d|wish|try|tried|think|guess|cant|can't|cannot|couldnt|couldn't|wont|won't|shouldnt|shouldn't)\b)(?P<v>[a-z]+\b.{0,60}?\b(?:(?:every|each)\s+(?:other\s+)?"
        rf"(?:day|morning|afternoon|evening|night|week|weekday|weekend|month|year|{DAYS})|on\s+{DAYS}|"
        r"on\s+weekends|on\s+weekdays|daily|weekly|monthly)\b.*)$",
        "fact",
        "schedule",
        lambda m, s: (
            cap(m.group(0).strip(TRIM))
            if m.group(0).lower().startswith("we")
            else f"{s} {third_person('I ' + m.group('v').strip(TRIM), s)[len(s) + 1 :]}"
        ),
    ),
    # an event the person has entered ("signed up for the loch ness marathon end of september", "doing
    # the loch ness marathon end of sept, first full one", "I'm running the Berlin half in April")
    fam(
        "self/entered",
        r"(?:^|,\s*)(?:(?:and|so|also|just|finally)\s+)*(?P<x>(?:(?:I(?:'ve|\s+have)?|I'm|I\s+am|im)\s+)?(?:just\s+|finally\s+)?"
        r"(?:signed\s+up\s+(?:for|to)|registered\s+for|entered|booked\s+(?:a\s+place|my\s+place|a\s+spot)\s+(?:in|on|for)|"
        r"(?:doing|running|riding|racing)(?=\s+(?:the|my\s+first|a|my)\s+[^,]{0,40}?\b(?:marathon|half|half-marathon|10k|5k|"
        # ("doing the great scottish run in october, first ever half")
        r"triathlon|ironman|ultra|sportive|relay|gran\s+fondo|trail\s+race|race|run(?=\s+(?:in|on|this|next)\s))\b))\s+"
        r"(?:the|my\s+first|a|my|an)\s+[^,;?]{3,60}?)"
        r"(?P<rest>,\s*(?:my\s+|the\s+)?first\s+(?:ever\s+|full\s+|real\s+)?(?:one|half|marathon|race|10k|triathlon))?[.!]*$",
        "fact",
        "schedule",
        lambda m, s: (
            cap(
                third_person(
                    re.sub(
                        r"^(?=signed|registered|entered|booked)",
                        "I ",
                        re.sub(r"^(?=doing|running|riding|racing)", "I'm ", m.group("x")),
                    ),
                    s,
                )
            )
            + (f" ({m.group('rest').strip(', ')})" if m.group("rest") else "")
        ),
    ),
    # what the body does not take ("gels make me boak", "dairy gives me migraines", "onions make me sick")
    fam(
        "self/makes-ill",
        r"^(?:(?:and|but|also|plus)\s+)?(?!(?:my|our|his|her|their|he|she|they|you|it|this|that|these|those|work|people|"
        r"everyone|everything|life|the\s+(?:boss|news|weather|kids|commute|job))\b)"
        r"(?P<x>[\w'-]+(?:\s+[\w'-]+){0,2}?\s+(?:make|makes|made|give|gives|gave)\s+me\s+(?:really\s+|so\s+|super\s+|proper\s+)?"
        r"(?:sick|ill|nauseous|queasy|boak|gag|throw\s+up|puke|bloated|sneeze|itch|itchy|a\s+migraine|migraines|"
        r"headaches|a\s+headache|heartburn|hives|a\s+rash|rashes|cramps|the\s+runs)\b[^,;]{0,30}?)(?:,.*)?[.!]*$",
        "fact",
        "health",
        said_x,
    ),
    # what the person is working towards ("the goal is law at aristotle uni", "my dream is to open a bakery")
    fam(
        "self/goal",
        r"^(?:(?:and|but|so|also)\s+)?(?P<whose>the|my)\s+(?P<x>(?:main\s+|big\s+|long-term\s+|ultimate\s+|end\s+|real\s+|"
        r"whole\s+)?(?:goal|dream|aim))\s+is\s+"
        # (not the task at hand: "the goal is to get this merged by friday")
        r"(?![^?]*\b(?:this|it|these|today|tonight|tomorrow|by\s+(?:the\s+end|eod|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b)"
        r"(?P<v>[^?]{3,80}?)[.!]*$",
        "fact",
        "preference",
        lambda m, s: f"{possessive(s)} {m.group('x')} is {third_person(m.group('v').strip(TRIM), s)}",
    ),
    # a weekly habit taken up ("ill do pilates on wednesdays instead", "I'll swim on Fridays from now")
    fam(
        "self/routine-new",
        r"^(?:so\s+|then\s+|ok\s+)?(?:I'll|I\s+will|ill)\s+(?P<v>(?:do|go\s+to|go|take|have|swim|run|ride|train|work|"
        r"play|practise|practice|teach)\b[^,;?]{0,40}?\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b[^,;?]{0,30}?)"
        r"(?:,.*)?[.!]*$",
        "fact",
        "schedule",
        lambda m, s: cap(third_person("I will " + m.group("v").strip(TRIM), s)),
    ),
    # "third-year PhD student here (Uppsala, single-cell RNA-seq)", "night nurse here, Leeds General":
    # a role said as a fragment, without "I am"
    fam(
        "self/role-here",
        rf"^(?:(?:a|an|the|just\s+a|just\s+an)\s+)?(?P<v>(?:[\w-]+\s+){{0,3}}?(?:{ROLES}))"
        rf"(?:\s+here\b(?P<rest>\s*\([^)]{{2,80}}\)|\s*,\s*[^,;]{{2,60}})?"
        # (the organisation ends the fragment: "the coach at Fatima College make his boys run laps" goes on about him)
        # (or in small letters, as typed: "master student at kaist, robotics lab.")
        rf"|(?P<org>\s+(?:at|for|with)\s+(?:{NAME}|(?!(?:the|a|an|night|nights|home|work|heart|times|first|least|best|most|"
        r"all|once|last|now|mind|moment|weekends?|school|uni|university|college)\b)(?-i:[a-z])[\w&-]{2,15}))"
        r"(?=\s*[,(.!;]|\s*$|\s+(?:here|now|since|for|and\s+I)\b))(?:[\s,(].*)?$",
        "fact",
        "work",
        lambda m, s: (
            f"{s} is {_article_of(v(m))} {_lower_first(v(m))}{(m.group('rest') or m.group('org') or '').rstrip(TRIM)}"
        ),
        confidence=0.8,
    ),
    # "As treasurer of the local farmers' cooperative, I …", "As a nurse, I work nights": the role the person
    # speaks from, said before what they say (a clause of its own, or run on before "I")
    fam(
        "self/as-role",
        rf"^as\s+(?P<art>a|an|the)?\s*(?P<v>(?:[\w-]+\s+){{0,2}}?(?:{ROLES}|{TRADES}))\b"
        r"(?P<rest>\s+(?:of|at|for|in|with)\s+(?!(?:me|you|us|him|her|them|it|this|that)\b)[^,;]{2,60}?)?"
        r"(?:\s*$|\s*,?\s+(?=(?:I|I'm|I've|we|we're|my|our)\b).*$)",
        "fact",
        "work",
        lambda m, s: (
            f"{s} is {(m.group('art') or _article_of(v(m))).lower()} {_lower_first(v(m))}"
            f"{third_person((m.group('rest') or '').rstrip(TRIM), 'they')}"
        ),
        confidence=0.8,
    ),
    # "retired postie, 38 yrs on the rounds", "ex-firefighter", "former nurse (27 years)": a past role
    # said as a fragment
    fam(
        "self/role-past",
        rf"^(?:(?:a|an|just\s+a|just\s+an)\s+)?(?P<v>(?:retired|former|ex-?|semi-retired)\s*(?:[\w-]+\s+){{0,2}}?(?:{ROLES}))"
        r"\b(?P<rest>\s*,\s*[^,;]{2,60})?(?:[\s,(.].*)?$",
        "fact",
        "work",
        lambda m, s: f"{s} is {_article_of(v(m))} {_lower_first(v(m))}{(m.group('rest') or '').rstrip(TRIM)}",
        confidence=0.8,
    ),
    # "I flew for Qantas for thirty-one years", "I taught chemistry for 35 years", "I worked at the
    # Met Office for a decade": a past career, said with how long
    fam(
        "self/career",
        r"^I\s+(?:(?:also|once|previously)\s+)?(?P<verb>[a-z]+ed|flew|taught|ran|drove|built|wrote|sold|led|"
        r"spent|sang|fought|was)\s+(?P<v>.{2,60}?)\s+for\s+(?:over\s+|nearly\s+|almost\s+|about\s+|more than\s+)?"
        r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+ty(?:-[a-z]+)?|a few|"
        r"many|several)\s+(?:years|decades|decade|seasons)\b.*$",
        "fact",
        "work",
        lambda m, s: _statement(m, s),
        confidence=0.75,
    ),
    # "i do the books in a spreadsheet", "I keep my notes in Obsidian", "I track expenses on paper"
    fam(
        "self/does-in",
        r"^I\s+(?:(?:still|always|only|mostly|just)\s+)?(?P<verb>do|keep|manage|track|write|plan|draw|record|"
        r"log|store|file)\s+(?:the|my|all|our|all my|all the)\s+[\w -]{2,30}?\s+(?:in|on|with)\s+"
        r"(?:a|an|the|my)?\s*(?!(?:head|morning|evening|weekend|meantime)\b)[\w .-]{2,30}$",
        "fact",
        "tool",
        lambda m, s: _statement(m, s),
        confidence=0.75,
    ),
    # "we are open from 6:30 until 14:00", "I'm at the shop 7 to 3", "I work 9-5"
    fam(
        "self/hours",
        r"^(?P<who>we|I)(?:'re|'m| are| am)\s+(?:usually\s+|normally\s+|only\s+)?(?P<how>open|closed|available|"
        rf"reachable|at work|in)\s+(?:from\s+)?{TIME}\s*(?:-|–|to|until|till)\s*{TIME}\b.*$",
        "fact",
        "schedule",
        said_whole,
    ),
    # "monday is our closed day", "Fridays are my admin day"
    fam(
        "self/day-is",
        rf"^(?P<day>{DAYS}|weekends?|weekdays?)\s+(?:is|are)\s+(?P<who>my|our)\s+(?P<v>[\w -]{{2,30}}?\s*days?)$",
        "fact",
        "schedule",
        lambda m, s: (
            f"{possessive(s) if m.group('who').lower() == 'my' else 'Our'} {m.group('v').strip()} "
            f"{'are' if m.group('day').lower().endswith('s') else 'is'} {m.group('day').capitalize()}"
        ),
    ),
    # "I'm Felix, data engineer at Brightwater"
    fam(
        "self/intro",
        rf"^I(?:'m| am)\s+(?P<name>{NAME}),\s+(?:(?P<art>a|an|the)\s+)?(?P<v>[\w -]{{2,40}}?)"
        r"(?P<rest>\s+(?:at|for|with|in|on)\s+[^,;]+)?$",
        "fact",
        "work",
        lambda m, s: (
            f"{s} is {m.group('name')}, {(m.group('art') or '').lower() + ' ' if m.group('art') else ''}"
            f"{m.group('v').strip()}{(m.group('rest') or '').rstrip(TRIM)}"
        ),
        confidence=0.85,
    ),
    # "I am Moroccan", "I'm half Korean", "im filipino by birth": where the person is from, by country
    fam(
        "self/nationality",
        rf"^I(?:'m| am)\s+(?P<v>(?:(?:half|originally|proudly|born|a)\s+)?(?:{DEMONYMS})(?:\s+(?:and|&)\s+(?:{DEMONYMS}))?"
        r"(?:\s+(?:by birth|originally|citizen|national|passport holder))?)$",
        "fact",
        "identity",
        lambda m, s: f"{s} is {v(m)}",
        confidence=0.8,
    ),
    # "I'm 68", "I am 41 years old", "I am 71 now" (not "I'm 5 minutes away")
    fam(
        "self/age",
        rf"^I(?:'m| am)\s+(?P<v>\d{{1,3}})(?:\s+years?\s+old)?(?!\s*{_UNITS}\b)"
        r"(?:\s+(?:now|already|this year))?(?:\s*$|\s*[,(]|\s+and\b)",
        "fact",
        "identity",
        lambda m, s: f"{s} is {m.group('v')} years old",
        confidence=0.85,
    ),
    # "I'm in Manchester", "I'm near Porto now" (a named place; not "I'm in a meeting")
    fam(
        "self/in-place",
        rf"^I(?:'m| am)\s+(?:now\s+|currently\s+|still\s+)?(?:in|near|outside)\s+(?P<v>{NAME}(?:,\s*{NAME})?)"
        rf"(?P<rest>(?!.*{MOMENTARY}).*)$",
        "fact",
        "place",
        lambda m, s: f"{s} is in {m.group('v')}{(m.group('rest') or '').rstrip(TRIM)}",
        confidence=0.7,
    ),
    # "I'm off every other Friday", "I'm away on Mondays"
    fam(
        "self/off",
        r"^I(?:'m| am)\s+(?:usually\s+|normally\s+|always\s+)?(?P<how>off|out|away|unavailable|offline|not around|"
        r"free(?: to \w+)?|available|busy|in the office|in office|remote|wfh|"
        rf"working from home|at the office|in the (?:[\w-]+\s+)?office|on (?:[\w-]+\s+)?leave)\s+"
        # once, soon, is no schedule ("I'm out on the boat at Cill Chiaráin tomorrow for sampling")
        rf"(?!(?!.*\bevery\b).*\b(?:{TODAY_OR_TOMORROW}|this weekend|next week)\b)"
        rf"(?P<v>(?:every|each|on|most|all|from|until|till|between|starting)\b.+|"
        rf"on\s+{DAYS}.*|(?:\w+|\d+)\s+days\s+a\s+week\b.*)$",
        "fact",
        "schedule",
        lambda m, s: f"{s} is {m.group('how')} {v(m)}",
    ),
    # "I can't eat nuts", "I don't drink alcohol"
    fam(
        "self/diet",
        r"^I\s+(?:can't|cannot|can not|don't|do not|never|no longer)\s+(?P<verb>eat|drink|have|tolerate|digest|"
        r"smoke|take|touch)\s+"
        rf"(?!{VAGUE_OBJECT})"
        # what one has that is no food ("I don't have the headspace to maintain two stacks")
        r"(?!(?:the\s+|any\s+|enough\s+|much\s+|a\s+lot\s+of\s+|a\s+|an\s+)?(?:time|headspace|energy|money|patience|"
        r"bandwidth|capacity|space|room|budget|access|car|kids|children|clue|idea|choice|option|skills?|nerve|"
        r"strength|luck|permission|rights?|license|licence|account)\b)"
        # not for now ("I don't have a charger on me today")
        r"(?![^,;.]*\b(?:today|tonight|right now|at the moment|atm|on me|with me)\b)"
        r"(?P<v>.{2,60})$",
        "fact",
        "health",
        lambda m, s: _statement(m, s),
    ),
    # "I don't drink, haven't in six years", "I never smoked", "I don't drive": the verb alone says it
    fam(
        "self/abstains-bare",
        # ("We don't fly – that's a firm family rule": the household's way)
        r"^(?P<who>I|we)\s+(?P<neg>don't|do not|dont|never|no longer)\s+(?P<verb>drink|smoke|drive|gamble|fly)"
        r"(?P<rest>\s+(?:at all|anymore|any\s?more|alcohol|either))?(?P<aside>\s*\([^)]{1,60}\))?"
        r"\s*(?:(?:[,;—–-]|\bso\b|\bbecause\b).*)?$",
        "fact",
        lambda m: "health" if m.group("verb").lower() in ("drink", "smoke") else "preference",
        _abstains_bare,
    ),
    # what the person is licensed or qualified for ("I have the SEC license class B", "i have my forklift ticket",
    # "I hold a CDL", "I've got a masters in horticulture"); not what they have on them today, nor what they
    # lack ("I have a license question", "I have my license renewal next week")
    fam(
        "self/credential",
        rf"^(?!.*(?:{TRANSIENT}))(?!.*\b(?:tomorrow|next\s+\w+|this\s+week|renewal|renew|expired?|expires|exam|test|"
        r"question|issue|problem|appointment)\b)"
        r"I(?:'ve|\s+have)?\s+(?:got\s+|hold\s+|have\s+|earned\s+|(?<=I)\s+(?:have|hold))\s*(?:a|an|the|my|two|both)\s+"
        r"(?P<v>(?:[\w.+/&-]+\s+){0,4}?(?:licen[cs]es?|certificates?|certification|cert|degree|diploma|masters?|master's|"
        r"phd|doctorate|bachelor'?s?|ticket|permit|registration|qualification|accreditation|CDL|HGV)\b"
        r"(?:[^,;.]{0,40}|,\s+class\s+\w+))$",
        "fact",
        "work",
        lambda m, s: f"{s} has {_credential(m)}",
        confidence=0.75,
    ),
    # "we travel everywhere by train", "I commute by bike": how the person gets about
    fam(
        "self/travels-by",
        rf"^(?!.*(?:{TRANSIENT}))(?:I|we)\s+(?:(?:always|usually|mostly|only|still|now)\s+)?"
        r"(?:travel|commute|get around|go|come)\s+"
        r"(?:everywhere\s+|to work\s+|to school\s+|in\s+|into town\s+)?(?:by|on)\s+(?:train|rail|bike|bicycle|bus|"
        r"coach|car|foot|public transport|tram|metro|scooter|motorbike|boat|ferry)\b[^,;]*",
        "fact",
        "preference",
        _statement,
        confidence=0.75,
    ),
    # "I don't drive", "I never use Shopify", "I don't do feet and inches": what they do without,
    # a preference or a way of living, not a health matter
    fam(
        "self/abstains",
        # ("I do not travel by plane, never", "we don't travel by car")
        # what the person's work does not do ("I don't ship Windows builds", "we don't accept cheques")
        r"^(?:I|we)\s+(?:can't|cannot|can not|don't|do not|never|no longer)\s+(?P<verb>own|drive|fly|wear|use|watch|do|"
        r"travel|ride|commute|ship|support|sell|offer|accept|deliver|publish|release|deploy|stock|serve|hire|lend|rent)\s+"
        rf"(?!{VAGUE_OBJECT})(?P<v>.{{2,60}})$",
        "fact",
        "preference",
        lambda m, s: _statement(m, s),
    ),
    # "I've got macular degeneration in my right eye", "i got a dodgy left achilles"
    fam(
        "self/condition-got",
        rf"^I(?:'ve|\s+have)?\s+got\s+(?P<v>(?:{CONDITIONS})\b.*)$",
        "fact",
        "health",
        lambda m, s: third_person("I have " + m.group("v").strip(TRIM), s),
    ),
    # what befell the person's health, and when ("I had a stroke last year", "Two years ago I got atrial fibrillation",
    # "in 2021 I had a heart attack"): their health history, which shapes what they can do
    fam(
        "self/condition-history",
        rf"^(?:(?:and|but|so|also|oh|plus|well|sorry)[\s,]+)*(?:{WHEN_FOUND}[,\s]+)?I\s+(?:had|got|developed|suffered|"
        r"was\s+diagnosed\s+with|survived)\s+(?P<v>(?:an?\s+)?(?:(?:mild|minor|major|massive|small|severe|bad|serious)\s+)?"
        rf"(?:stroke|heart attack|mini-?stroke|tia|cardiac arrest|brain bleed|aneurysm|(?:[\w-]+\s+)?cancer|"
        rf"(?:{CONDITIONS}))\b[^,;]*)$",
        "fact",
        "health",
        lambda m, s: cap(third_person(m.group(0).strip(TRIM), s)),
        confidence=0.75,
    ),
    # "I've had type 2 diabetes for ten years", "I have asthma"
    fam(
        "self/condition",
        rf"^I(?:'ve| have)(?:\s+had)?\s+(?:the\s+(?=(?:{CONDITIONS})\b))?(?P<v>(?:{CONDITIONS})\b.*|(?!(?:to|got|been|a lot|no idea|an idea|a "
        r"question|a meeting|time|fun|a feeling|the feeling)\b)[\w -]{3,60}?\s+(?:for\s+(?:\d+|a few|a couple of|"
        r"several|many|over|about|almost|nearly|more than|most of|one|two|three|four|five|six|seven|eight|nine|ten|"
        r"twenty|thirty|years|months|decades|ages)\b|since\s+(?:\d{4}|I was|childhood|birth|school|university|"
        r"college|(?-i:[A-Z])\w+)).*)$",
        "fact",
        "health",
        lambda m, s: _statement(m, s),
    ),
)
OWNED: tuple[Family, ...] = (
    # "My camera is a Sony A7 IV", "Our contractor is Bouw Verhaeghe", "our API is a NestJS app":
    # a possession or role with a specific value (a name, a number, a code) is a fact, not small talk
    fam(
        "self/my-x-is-specific",
        rf"^(?P<who>my|our|her|his|their)\s+(?!(?:absolute\s+|all-time\s+)?favou?rite)"
        r"(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
        r"\s+(?P<verb>is|are|'s)\s+"
        rf"(?P<v>(?:(?:a|an|the)\s+)?(?:{TITLE}{NAME}|\S*\d\S*|[\w.+-]+@[\w.-]+|\S+/\S+)\b.*)$",
        "fact",
        "",
        lambda m, s: (
            f"{possessive(s) if m.group('who').lower() in ('my', 'our') else cap(m.group('who').lower())} {rel(m)} "
            f"{'are' if m.group('verb').lower() == 'are' else 'is'} {m.group('v').strip(TRIM)}"
        ),
        confidence=0.75,
    ),
    # "I'm doing a PhD in computational biology at Utrecht", "we're renovating a 1930s house in Ghent"
    fam(
        "self/ongoing",
        rf"^(?P<who>I'm|I am|we're|we are)\s+(?:currently\s+|still\s+)?(?P<verb>{ONGOING_VERBS})\s+"
        rf"(?!.*{MOMENTARY})(?P<v>.*?(?-i:[A-Z]\w+|\d).*)$",
        "fact",
        "project",
        lambda m, s: (
            third_person(m.group(0).strip(TRIM), s)
            if m.group("who").lower().startswith("i")
            else cap(m.group(0).strip(TRIM))
        ),
        confidence=0.75,
    ),
)

# "We live in a flat in Lyon", "we're based in Porto": the household's place, in the person's words
WE_PLACE = fam(
    "self/place-we",
    r"^we(?:\s+(?:currently|now|still|just|recently))?\s*(?:live|'re based|are based|moved|'re living|are living)"
    r"\s+(?:in|at|near|to)\s+.{3,}$",
    "fact",
    "place",
    lambda m, s: cap(m.group(0).strip(TRIM)),
)
# "I'm paid on the 28th of each month", "I get paid every other Friday"
PAYDAY = fam(
    "self/payday",
    r"^I(?:'m| am| get)\s+paid\s+(?P<v>(?:on|every|each|monthly|weekly|fortnightly|twice)\b.+)$",
    "fact",
    "schedule",
    lambda m, s: f"{s} is paid {v(m)}",
)


# "I do QA automation at Parcelo", "I have an allotment in Hackney"
WORK_AND_HAVE: tuple[Family, ...] = (
    fam(
        "self/do-work",
        rf"^I\s+(?:mostly\s+|mainly\s+)?do\s+(?P<v>[\w -]{{2,40}}?)\s+(?:at|for|with)\s+(?P<org>{NAME}).*$",
        "fact",
        "work",
        lambda m, s: f"{s} does {m.group('v').strip()} at {m.group('org')}",
    ),
    fam(
        "self/have-place",
        # ("I have a small plot in the allotment garden in Andritz": the place may come after a place)
        rf"^I\s+(?:also\s+)?have\s+(?:a|an)\s+(?P<v>[\w -]{{2,30}}?\s+(?:in|at|on|near)\s+"
        rf"(?:(?:the|a|an)\s+[\w -]{{2,30}}?\s+(?:in|at|on|near)\s+)?{NAME}.*)$",
        "fact",
        "",
        lambda m, s: f"{s} has a {v(m)}" if not re.match(r"[aeiou]", v(m), IC) else f"{s} has an {v(m)}",
    ),
    # "But I have the Panasonic one": which make of the thing talked about is theirs
    fam(
        "self/has-make",
        r"^(?:but\s+|and\s+)?I\s+(?:have|own|got|use)\s+(?:the|a|an)\s+(?P<v>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z0-9])[\w-]*)?)"
        r"\s+one[.!]*$",
        "fact",
        "",
        lambda m, s: f"{s} has the {v(m)} one",
        confidence=0.65,
    ),
)
# Lasting facts said in passing, while talking about something else.
IN_PASSING: tuple[Family, ...] = (
    # "I have to leave at 4 to get my daughter from kindergarten", "I drop my son at school first":
    # where a child (or anyone close) goes, every day
    fam(
        "person/school-run",
        # ("pick the daughters from madrassa", "take my father to dialysis": lessons, sport, faith and care too)
        # ("the daughters" only to lessons, sport, faith or care: "collect the twins from their school" is read by
        # person/twins)
        rf"\b(?:get|getting|pick(?:ing)?(?:\s+up)?|collect(?:ing)?|fetch(?:ing)?|drop(?:ping)?(?: off)?|take|taking|bring(?:ing)?|"
        rf"driv(?:e|ing))\s+(?:my|the(?=\s+\w+\s+(?:up\s+|off\s+|back\s+)?"
        rf"(?:from|at|to)\s+(?:the\s+|her\s+|his\s+|their\s+)?(?:[\w'-]+\s+){{0,3}}?(?:{TAKEN_TO})\b))\s+(?P<rel>{RELATIONS})"
        rf"(?P<name>\s+(?:{NAME}|(?!(?:up|off|from|at|to|back)\b)[a-z]+))?"
        r"\s+(?:up\s+|off\s+|back\s+)?(?:from|at|to)\s+(?P<v>(?:the\s+|her\s+|his\s+|their\s+)?(?:[\w'-]+\s+){0,3}?"
        r"(?:kindergarten|nursery|school|daycare|day care|creche|crèche|preschool|childminder|college|"
        rf"after-school club|club|practice|training|{TAKEN_TO}))\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)}{(m.group('name') or '').title()} {_go(rel(m))} to {v(m)}",
        confidence=0.7,
    ),
    # "to pick up Sigrid from barnehage", "I collect Mateo at the Kita at 4": a child named without
    # "my", and where they go, every day
    fam(
        "person/school-run-named",
        # ("after I've picked up Freja and Asger from the børnehave": two of them, in the past)
        rf"\b(?:get|got|pick(?:ed)? up|collect(?:ed)?|fetch(?:ed)?|drop(?:ped)?(?: off)?|take|took|bring|brought)\s+"
        rf"(?!{NOT_NAMES}\b)(?P<name>{NAME_WORD}(?:\s+(?:and|&)\s+(?!{NOT_NAMES}\b){NAME_WORD})?)"
        r"(?:\s+(?:up|off|back))?\s+(?:from|at|to)\s+(?P<v>(?:the\s+|her\s+|his\s+|their\s+)?(?:[\w'-]+\s+){0,3}?"
        r"(?:kindergarten|kindy|kinder|nursery|school|daycare|day care|creche|crèche|preschool|pre-school|"
        r"børnehave|børnehaven|vuggestue|vuggestuen|skole|skolen|skolan|kiga|opvang|bso|peuterspeelzaal|"
        r"childminder|barnehage|kita|garderie|after-school club|after-school|judo|swimming|ballet|football|"
        r"scouts|brownies|cubs|hoikuen|yochien|guardería|guarderia|jardín|jardin|crèche|école|escola|creche|"
        rf"förskola|dagis|przedszkole|asilo|scuola|tuition|swim practice|swim club|gymnastics|karate|taekwondo|{TAKEN_TO}))\b",
        "fact",
        "person",
        lambda m, s: f"{s} picks up {m.group('name')} from {v(m)}",
        confidence=0.7,
    ),
    # "at my sons water polo practice", "after my daughter's volleyball game": what someone close does every week
    fam(
        "person/kid-activity",
        r"\b(?:at|after|before|to|from|for|it's|its|it\s+is)\s+my\s+(?P<rel>son|daughter|kid|child|boy|girl|twins|grandson|granddaughter|grandkid|"
        r"grandchild|niece|nephew|youngest|oldest|eldest|sons|daughters|kids|children|boys|girls|grandkids|grandchildren)"
        rf"(?:'s|’s|s')?\s+(?P<v>(?:[\w-]+\s+){{0,2}}?(?:{TAKEN_TO}|practice|game|match|training|recital|"
        r"tournament|meet|lesson))\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} {_go(rel(m))} to {v(m)}",
        confidence=0.65,
    ),
    # "after I come back from judo with my daughter": where someone close goes, with the person
    fam(
        "person/back-from-with",
        rf"\b(?:come|came|get|got)\s+back\s+from\s+(?P<v>(?:the\s+)?(?:[\w'-]+\s+){{0,2}}?(?:{TAKEN_TO}|practice|training|"
        rf"school|club))\s+with\s+my\s+(?P<rel>{RELATIONS})\b",
        "fact",
        "person",
        lambda m, s: f"{possessive(s)} {rel(m)} {_go(rel(m))} to {v(m)}",
        confidence=0.7,
    ),
    # "I gotta go walk Waffles before it gets dark", "back after I walk Biscuit": a pet, by its name
    fam(
        "person/walks-pet",
        rf"\b(?:walk|walking|walked|walks)\s+(?!{NOT_NAMES}\b)(?P<name>{NAME_WORD})(?!\s+(?:through|thru|over|around|"
        r"across|to|into|in|up|down|out|along|back|off)\b)(?=\s*(?:$|[,.;!?(—–-]|before|after|first|now|then|"
        r"again|later|quickly|real quick|tonight|\s+(?:in|at)\s+the\s+(?:park|woods|rain)))",
        "fact",
        "person",
        lambda m, s: f"{s} walks {m.group('name')}",
        confidence=0.65,
    ),
    # "sales dropped since I moved to Lyon in September", "after we moved back to Cork": where the
    # person lives now, said on the way to something else
    fam(
        "self/moved-to",
        r"\b(?:since|after|when|ever since)\s+(?:I|we)\s+(?:moved|relocated)\s+(?:back\s+|here\s+|over\s+)?to\s+"
        r"(?P<v>(?-i:[A-ZÀ-Ý])[\w'-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'-]+){0,2})",
        "fact",
        "place",
        lambda m, s: f"{s} moved to {v(m)}",
        confidence=0.7,
    ),
    # "once my Thursday morphology seminar is prepped", "before my Monday clinic": a weekly slot
    fam(
        "self/weekly-activity",
        r"\bmy\s+(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?P<what>(?:[\w-]+\s+){0,2}?(?:class|seminar|"
        r"lecture|lesson|practice|training|shift|clinic|rehearsal|tutorial|lab|league|surgery)|(?:[\w-]+\s+){1,2}?"
        # a group or a game says what it is only with a word before it ("my Tuesday badminton group")
        r"(?:group|club|session|run|game|match|market|service))\b",
        "fact",
        "schedule",
        lambda m, s: f"{s} has {_article_of(m.group('what'))} {m.group('what')} on {m.group('day').title()}s",
        confidence=0.7,
    ),
    # "Wednesdays I'm out on the water with the sailing club", "tuesday is futsal with the guys from
    # the office and I never miss it", "thursdays are choir": a day of the week kept for one thing
    fam(
        "self/weekday-activity",
        rf"\b(?P<day>{WEEKDAY})s\s+(?:I'm|I am|im)\s+(?:usually\s+|always\s+)?"
        r"(?P<what>(?:out|at|with|in|on)\s+[^,.;!?]{0,40}?\b(?:club|group|team|class|practice|training|choir|league|gym|pool|church|mosque|"
        r"temple|synagogue|allotment|studio|range|track|rink|court|pitch|dojo|lesson|lessons|rehearsal))\b"
        rf"|\b(?P<day2>{WEEKDAY})(?P<pl>s)?\s+(?:is|are)\s+(?!(?:the|a|an|my|our|when|because|no|not|off|free|busy|"
        r"fine|ok|okay|bad|good|better|worse|full|packed|out|deadline|due|payday|tomorrow|today)\b)"
        r"(?P<what2>[a-z][\w-]*(?:\s+(?:with|at|in)\s+[^,.;!?]{2,40}?)?)"
        r"(?:(?=\s+and\s+I\s+(?:never|don't|do not)\s+miss)|(?(pl)(?=\s*(?:[,.;!]|$))|(?!)))",
        "fact",
        "schedule",
        lambda m, s: (
            (f"{s} is {m.group('what')}" if m.group("what") else f"{s} has {m.group('what2')}")
            + f" on {(m.group('day') or m.group('day2')).title()}s"
        ),
        confidence=0.7,
    ),
    # "a revision worksheet for my Grade 11 maths class", "marking my year 9s' essays": a class the
    # person teaches, by its year
    fam(
        "self/teaches-class",
        r"\bmy\s+(?P<v>(?:grade|year|form|standard|std|class|primary|secondary|p|s)\s*\d{1,2}[a-z]?\s+(?:[\w-]+\s+){0,2}?"
        r"(?:class|classes|students|pupils|kids|learners|group|set|tutor group|homeroom|cohort)|(?:year|grade)\s*\d{1,2}s)"
        r"(?!\w)",
        "fact",
        "work",
        lambda m, s: f"{s} teaches their {m.group('v')}",
        confidence=0.7,
    ),
    # "after night shift I sleep until 2", "between my early shifts": the person works shifts
    fam(
        "self/works-shifts",
        r"\b(?:after|before|from|between|on)\s+(?:my\s+|a\s+|the\s+)?(?P<what>night|early|late|evening|weekend|double)"
        r"\s+shifts?\b",
        "fact",
        "work",
        lambda m, s: f"{s} works {m.group('what').lower()} shifts",
        confidence=0.65,
    ),
    # "after my shift at the Lidl tonight", "after my shifts at pak n save in mangere": where the person works shifts
    fam(
        "self/shift-at",
        r"\b(?:after|before|from|between|during)\s+my\s+(?:\w+\s+)?shifts?\s+(?:at|in)\s+"
        r"(?P<where>(?:the\s+)?(?!(?:home|work|night|the\s+moment)\b)[\w'&.-]+(?:\s+(?!(?:tonight|today|tomorrow|and|so|then|"
        r"later|i|I)\b)[\w'&.-]+){0,4}?)(?=\s*(?:[,.;!?]|$|\s+(?:tonight|today|tomorrow|this|and|so|then|later|i|I)\b))",
        "fact",
        "work",
        lambda m, s: f"{s} works shifts at {m.group('where').strip(TRIM)}",
        confidence=0.65,
    ),
    # "I have 26 hours of lessons a week", "I see about 30 patients a day": how much the person's work is
    fam(
        "self/per-week",
        r"\bI\s+(?:have|teach|work|do|see|drive|give|run)\s+(?P<v>(?:about\s+|around\s+|like\s+|over\s+)?\d+\s+(?:hours?|lessons?|classes|"
        r"shifts?|patients|clients|sessions|deliveries|lectures|tours|runs|kids|students)(?:\s+of\s+[\w\s]{2,20}?)?\s+(?:a|per|every|each)\s+"
        r"(?:week|day|month|shift))\b",
        "fact",
        "work",
        lambda m, s: f"{s} has {m.group('v').strip(TRIM)}",
        confidence=0.65,
    ),
    # "I'll submit after the twins are asleep", "once the kids are in bed": children at home
    fam(
        "person/children-asleep",
        r"\b(?:after|once|when|before|till|until)\s+(?:the|my)\s+(?P<who>twins|kids|children|baby|toddler|little ones|"
        r"boys|girls)\s+(?:are|is|go|goes|get|gets|have gone|has gone)\s+(?:asleep|to sleep|to bed|in bed|down|"
        r"to school|to nursery|off to school)\b",
        "fact",
        "person",
        lambda m, s: f"{s} has {m.group('who').lower()}",
        confidence=0.65,
    ),
    # "the knee I had ACL surgery on", "I had a hip replacement in 2019": what the body went through
    fam(
        "self/had-surgery",
        r"\bI\s+had\s+(?P<what>(?:an?\s+)?(?:[\w'-]+\s+){0,2}?(?:surgery|operation|replacement|transplant|"
        r"reconstruction|bypass|amputation|fusion|c-section))\b",
        "fact",
        "health",
        lambda m, s: f"{s} had {m.group('what')}",
        confidence=0.65,
    ),
    # "my knees are bad these days", "my eyes are not good any more": a part of the body that lets the
    # person down (what it is today, "my eyes are burning", is no such thing)
    fam(
        "self/body-weak",
        r"^(?:(?:and|but|also|plus)\s+)?my\s+(?P<part>knees?|back|hips?|shoulders?|wrists?|ankles?|eyes|eyesight|hearing|"
        r"feet|hands|fingers|joints|lungs|memory)\s+(?P<verb>is|are|'s|'re)\s+(?:(?:really|very|quite|pretty|so|getting|"
        r"a bit)\s+)?(?P<how>bad|weak|dodgy|shot|poor|terrible|wonky|failing|worse|not (?:good|great|what (?:they|it) (?:were|was)))\b"
        # and why, when said ("… since the left knee replacement in 2023", "… after 38 years on the wards")
        r"(?P<why>\s+(?:since|after|from|because of|due to|thanks to)\b[^,;]*)?",
        "fact",
        "health",
        _weak_part,
        confidence=0.65,
    ),
    # "my red-green colourblindness makes the default palette useless", "my asthma means no running in
    # smoke": a condition of the body, named as what shapes the request
    fam(
        "self/condition-shapes",
        rf"\bmy\s+(?P<what>(?:[\w'-]+\s+){{0,2}}?(?:{CONDITIONS}))\s+(?:makes|means|stops|keeps|rules out|"
        r"flares up|plays up|acts up)\b",
        "fact",
        "health",
        lambda m, s: f"{s} has {_counted(m.group('what'))}",
        confidence=0.65,
    ),
    # "with my disc hernia I can not lift heavy things", "because of my asthma": a condition of the body
    fam(
        "self/condition-with",
        rf"\b(?:with|because of|due to|thanks to)\s+my\s+(?P<what>(?:[\w'-]+\s+){{0,2}}?(?:hernia|{CONDITIONS}|"
        r"bad (?:back|knee|knees|hip|hips|shoulder)|dodgy (?:back|knee|knees|hip|hips|shoulder)|"
        r"(?:knee|back|hip|shoulder|wrist|ankle) injury|allergy|allergies|condition|disability|"
        # "with my deuteranopic eyes": the eyes the person reads with
        r"(?:deuteranopic|protanopic|tritanopic|colou?r-?blind|short-?sighted|long-?sighted|astigmatic) eyes))\b"
        # ("because of the arthritis in my fingers")
        rf"|\b(?:with|because of|due to|thanks to)\s+the\s+(?P<what2>{CONDITIONS})\s+in\s+my\s+(?P<where>[\w-]+)\b",
        "fact",
        "health",
        lambda m, s: (
            f"{s} has {_counted(m.group('what'))}"
            if m.group("what")
            else f"{s} has {m.group('what2')} in their {m.group('where')}"
        ),
        confidence=0.65,
    ),
    # "on my old Pixel 6", "My Forerunner 255 says", "from my ThinkPad X1": a device of theirs, by its name
    fam(
        "self/my-device",
        rf"\bmy\s+(?:(?:old|new|trusty|work|personal|own|little|ancient|current)\s+)?(?!(?:{RELATIONS})\b)"
        r"(?!(?-i:VO2|HRV|BMI|FTP|A1C|HbA1c|LDL|HDL))"
        # "my Garmin Forerunner 255", "my Samsung Galaxy A15": a brand, a line and a number
        rf"(?P<v>(?-i:{DEVICE_BRANDS})(?!\s+(?-i:[A-Z0-9]))|"
        r"(?-i:[A-Z][a-z]+\s+[A-Z][a-z]+\s+[A-Z]?\d[\w-]*|i[A-Z][a-z]+(?:\s+\d[\w-]*)?(?:\s+(?:mini|Mini|Pro|Max|Plus|Air|SE))?|[A-Z][a-z]+[A-Z][\w-]*(?:\s+[A-Z]?\d[\w-]*)?|[A-Z][\w-]+\s+[A-Z]?\d[\w-]*|[A-Z][\w-]*\d[\w-]*|[A-Z][a-z]+\s+(?:Air|Pro|Max|Mini|"
        # ("my Garmin (Forerunner 255) says …": the model in brackets)
        r"Plus|Ultra)))(?P<model>\s*\((?-i:[A-Z])[\w.-]*(?:\s+[\w.-]+){0,2}\))?"
        r"(?=\s*(?:$|[,.;:!?()—–]|\s(?:after|before|on|for|since|says|say|said|shows|showed|tells|told|"
        r"reads|is|was|has|which|that|and|but|to|in|at|with|when|because|so|though|tho|lol|keeps|died|crashed|tonight|"
        r"today|tomorrow|now|again|too|first|yesterday|later)\b))",
        "fact",
        "",
        lambda m, s: f"{s} has {_article_of(v(m))} {v(m)}{(m.group('model') or '').rstrip()}",
        confidence=0.65,
    ),
    # "my main client right now is a wine cooperative", "my current employer is Aviva": who the
    # person works for these days
    fam(
        "self/current-work",
        # "my" may be left out when a word says it is theirs ("I freelance — main client right now is …")
        r"^(?:my\s+|(?=(?:main|current|biggest|only)\s))(?P<what>(?:main\s+|current\s+|biggest\s+|only\s+|new\s+)?"
        r"(?:client|employer|contract|project|"
        r"placement|gig|day job|job|role|position))\s+(?:right now\s+|currently\s+|at the moment\s+|these days\s+|"
        r"for now\s+)?is\s+(?P<v>.{3,140})$",
        "fact",
        "work",
        lambda m, s: f"{possessive(s)} {m.group('what').lower()} is {v(m)}",
        confidence=0.75,
    ),
    # "We're SPM only", "this repo is pnpm only", "I'm Android only": the one thing used, a standing rule
    fam(
        "rule/only-x",
        r"^(?:we're|we are|I'm|I am|im|this repo is|this project is|the repo is|this codebase is)\s+"
        r"(?P<v>(?!(?:not|just|only|here|there|done|sure|good|fine|ok|okay|the|a|an)\b)[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+only$",
        "rule",
        "rule",
        lambda m, s: f"{s} uses {v(m)} only",
        priority="high",
        confidence=0.75,
    ),
    # "ill try it on the proxmox cluster at home tonight", "my 3D printer at home": kit the person has at home
    fam(
        "self/at-home",
        r"\b(?:the|my|our)\s+(?P<what>(?:[\w-]+\s+){0,2}?(?:cluster|server|servers|lab|homelab|nas|rig|setup|pi|"
        r"printer|greenhouse|workshop|studio|kiln|telescope|piano|synth))\s+at\s+home\b",
        "fact",
        "",
        lambda m, s: f"{s} has {_article_of(m.group('what'))} {m.group('what')} at home",
        confidence=0.65,
    ),
    # "the golangci-lint job in our self-hosted GitLab pipeline", "the k3s cluster in our iXAfrica rack":
    # the team's own systems, by name, whatever is wrong with them today
    fam(
        "environment/our-named",
        r"\b(?P<who>our|my)\s+(?P<how>(?:self-hosted|own|internal|on-prem|company|work)\s+)?"
        r"(?P<what>(?-i:[A-Z][\w.-]*[a-zA-Z][\w.-]*)(?:\s+(?-i:[A-Z][\w.-]+))?)\s+(?P<noun>pipeline|pipelines|cluster|rack|"
        r"server|instance|dashboard|dashboards|wiki|workspace|tenant|org|organisation|organization|registry|"
        r"monorepo|board|boards|vpn|cloud account|account|project)\b",
        "fact",
        "tool",
        lambda m, s: (
            f"{s if m.group('who').lower() == 'my' else possessive(s) + ' team'} has "
            f"{_article_of((m.group('how') or '') + m.group('what'))} {(m.group('how') or '').lower()}{m.group('what')} "
            f"{m.group('noun').lower()}"
        ),
        confidence=0.65,
    ),
    # "everything backs up with restic to the nas now", "all our services run on Nomad": how the
    # person's whole setup works
    fam(
        "environment/everything-via",
        r"^(?:and\s+|so\s+)?(?P<v>(?:everything|all\s+(?:of\s+)?(?:our|my|the)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:backs up|is backed up|"
        r"runs|run|goes|go|deploys|deploy|is deployed|are deployed|builds|syncs|sync|lives|live|is hosted|are hosted|"
        r"is stored|are stored|gets backed up)\s+(?:with|on|to|through|via|in|into|from)\s+.{3,120})$",
        "fact",
        "tool",
        lambda m, s: _statement(m, s),
        confidence=0.7,
    ),
    # "they operated me of the meniscus in 2019", "I was operated on my knee": surgery, in learners' words too
    fam(
        "self/operated-on",
        r"\b(?:they|doctors?|surgeons?|(?:I|i)\s+(?:was|got|have been|had been))\s+operated\s+(?:on\s+)?(?:me\s+)?"
        r"(?:of|on|for|in)?\s*(?:the|my|a)?\s*(?P<what>(?!me\b)[\w'-]{3,}(?:\s+(?!(?:in|on|at|last|when|and|so|but|because)\b)[\w'-]+)?)"
        r"(?P<when>\s+in\s+\d{4})?",
        "fact",
        "health",
        lambda m, s: f"{s} had surgery on the {m.group('what')}{m.group('when') or ''}",
        confidence=0.65,
    ),
    # "we're on Go 1.23", "I'm on Postgres 16": the version the person's work runs on
    fam(
        "environment/on-version",
        r"^(?:and\s+|but\s+|also\s+)?(?:we're|we are|I'm|I am|im|this repo is|the repo is|this project is|prod is|we run)\s+"
        r"(?:on\s+|still\s+on\s+|stuck\s+on\s+)?(?P<v>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?\s+v?\d+(?:\.\d+)*)\b",
        "fact",
        "tool",
        lambda m, s: f"{possessive(s)} work is on {v(m)}",
        confidence=0.75,
    ),
    # "keep it metric", "keep everything formal": how every answer should be
    fam(
        "rule/keep-it",
        r"^(?:and\s+|also\s+|please\s+|pls\s+)*(?P<x>keep\s+(?:it|everything|things|all|answers|replies)\s+(?:metric|imperial|"
        r"formal|informal|casual|british|american|"
        r"in (?:english|spanish|french|german|portuguese|british english|plain english|simple english|euros|dollars|"
        r"pounds|celsius|fahrenheit|metric)))\b",
        "rule",
        "rule",
        lambda m, s: cap(m.group("x")),
        priority="high",
    ),
    # "They can visit the studio in Alsancak", "my salon in Ponsonby": where the person's place of work is
    fam(
        "self/workplace-in",
        r"\b(?:my|our|the)\s+(?P<what>studio|salon|shop|workshop|bakery|stall|clinic|practice|surgery|garage|cafe|café|"
        r"restaurant|office|store|farm|barbershop|kitchen)\s+(?:is\s+)?in\s+(?P<v>(?-i:[A-ZÀ-Ý])[\w'-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'-]+){0,2})",
        "fact",
        "place",
        lambda m, s: f"{possessive(s)} {m.group('what').lower()} is in {v(m)}",
        confidence=0.65,
    ),
    # "keep wandb offline always": a standing instruction said with "always" at the end
    fam(
        "rule/keep-always",
        r"^(?:and\s+|also\s+|please\s+|pls\s+)*(?P<x>keep\s+(?!(?:that|this|it|these|those)\s+in\s+mind\b).{2,60}?),?\s+"
        r"(?:always|at all times|no matter what)[.!]*$",
        "rule",
        "rule",
        lambda m, s: cap(third_person(m.group("x"), s)) + ", always",
        priority="high",
    ),
    # "nothing ever gets written or overwritten in data/raw": a standing ban said of the thing
    fam(
        "rule/nothing-ever",
        r"^(?P<x>nothing\s+(?:ever\s+)?(?:gets|goes|is|should|must)\s+(?!(?:decided|settled|final|sure|certain|confirmed|"
        r"set|happening|wrong|working|broken|fixed|done|ready|planned|booked)\b).{5,120})$",
        "rule",
        "rule",
        said_x,
        priority="high",
    ),
    # "for me plain manifests are more clear", "for me tabs are easier": the person's preference
    fam(
        "preference/for-me",
        r"^(?:but\s+|and\s+)?for me,?\s+(?P<x>[\w .#+-]{2,40}?)\s+(?:is|are)\s+(?:much\s+|way\s+|a lot\s+)?(?:more clear|"
        r"clearer|better|easier|nicer|simpler|more readable|cleaner|faster)\b",
        "fact",
        "preference",
        lambda m, s: f"{s} prefers {m.group('x').strip()}",
        confidence=0.7,
    ),
    # "while my twins do their homework", "my kids are at school": children at home
    fam(
        "person/my-children",
        r"\bmy\s+(?P<who>twins|triplets|kids|children|toddler|newborn|teenagers|little ones)\b(?!\s+(?:book|books|"
        r"show|shows|menu|size|sizes|section|table|meal|meals|toys?|clothes)\b)",
        "fact",
        "person",
        lambda m, s: f"{s} has {m.group('who').lower()}",
        confidence=0.65,
    ),
    # "after I close the bakery at 14h", "before I open the salon": the place the person runs
    fam(
        "self/runs-place",
        r"\b(?:after|before|when|once|until|till)\s+I\s+(?P<verb>close|open|lock up|shut)\s+(?:up\s+)?(?P<v>(?:the|my|our)\s+"
        r"(?:bakery|shop|salon|cafe|café|restaurant|stall|studio|clinic|pharmacy|garage|store|bar|pub|kitchen|gym)"
        r"(?:\s+at\s+\d{1,2}(?:[:.h]\d{0,2})?\s*(?:am|pm|h)?)?)",
        "fact",
        "work",
        lambda m, s: f"{s} {m.group('verb').lower()}s {v(m)}",
        confidence=0.65,
    ),
    # "meanwhile our staging on DigitalOcean keeps OOMing": where the team's environments run
    fam(
        "environment/our-on",
        r"\bour\s+(?P<what>staging|prod|production|dev|test|uat|cluster|servers?|infra|backend|frontend|site|app|api|"
        r"database|db|storage|backups?)\s+(?:is\s+|are\s+|runs\s+|run\s+|lives\s+|live\s+)?(?:on|at|in)\s+"
        r"(?P<v>(?-i:[A-Z])[\w.-]+(?:\s+(?-i:[A-Z])[\w.-]+)?)",
        "fact",
        "tool",
        lambda m, s: f"{possessive(s)} team runs {m.group('what').lower()} on {v(m)}",
        confidence=0.7,
    ),
    # "we are closed Sundays anyway", "the shop is closed on Mondays": the person's closed day
    fam(
        "self/closed-day",
        r"\b(?:we're|we are|I'm|I am|the (?:shop|salon|bakery|cafe|café|restaurant|stall|studio|clinic) is)\s+(?:always\s+)?"
        r"closed\s+(?:on\s+)?(?P<v>(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b"
        # "On Monday when we are closed I do the accounts": the day, said with "when"
        rf"|\b(?:on\s+)?(?P<day>{WEEKDAY})s?\s+(?:when|as|because)\s+"
        r"(?:we're|we are|I'm|I am|the (?:shop|salon|bakery|cafe|café|restaurant|stall|studio|clinic) is)\s+closed\b"
        # "Sundays the bakery is closed", "mondays we're closed": the day first
        rf"|^(?:on\s+)?(?P<days>{WEEKDAY})s\s+(?:we're|we are|I'm|I am|(?:the|my|our) (?:shop|salon|bakery|cafe|café|"
        r"restaurant|stall|studio|clinic|workshop|practice|store) is)\s+(?:always\s+)?closed\b",
        "fact",
        "schedule",
        lambda m, s: (
            f"{possessive(s)} business is closed "
            + (
                f"on {m.group('v').title()}"
                if m.group("v")
                else f"on {m.group('days').title()}s"
                if m.group("days")
                else f"every {m.group('day').title()}"
            )
        ),
        confidence=0.75,
    ),
    # "I have small bakery name Sunny Crumb", "I run a salon called Lotus Nails": the person's business
    fam(
        "self/business-named",
        r"^I\s+(?:have|own|run)\s+(?:a\s+)?(?:small\s+|little\s+|tiny\s+)?(?P<what>bakery|shop|cafe|café|salon|restaurant|"
        r"business|company|farm|studio|stall|food truck|store|guesthouse|practice|agency|brand)\s+(?:called|named|name|"
        r"by the name)\s+(?P<v>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z&])[\w'&.-]*){0,3})"
        # "I run a casa rural with six rooms near Cangas de Onís, it's called La Pumarada": the name after
        r"|^I\s+(?:have|own|run|opened|started)\s+(?:a|an|my own)\s+(?:small\s+|little\s+|tiny\s+)?"
        r"(?P<what2>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:\s+(?:with|near|in|on|at|outside|by|for)\s+[^,]{2,60})?,\s+"
        r"(?:it's|its|it is)\s+(?:called|named)\s+(?P<v2>(?-i:[A-Z])[\w'&.-]*(?:\s+(?:(?-i:[A-Z&])[\w'&.-]*|de|del|la|le|di|da|d'\w+)){0,3})",
        "fact",
        "work",
        lambda m, s: (
            f"{s} has a {m.group('what').lower()} called {v(m)}"
            if m.group("what")
            else f"{s} has a {m.group('what2').lower()} called {m.group('v2').strip(TRIM)}"
        ),
        confidence=0.8,
    ),
    # "for my quilt guild's raffle", "with my running club": a group the person belongs to
    fam(
        "self/member-of",
        r"\bmy\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)(?P<what>(?:[\w-]+\s+){1,2}?(?:guild|club|choir|band|"
        r"league|society|congregation|parish|union|crew|"
        r"troupe|orchestra|circle|group))(?:'s)?\b",
        "fact",
        "",
        lambda m, s: f"{s} belongs to {_article_of(m.group('what'))} {m.group('what')}",
        confidence=0.65,
    ),
    # "Efua owns that module", "Priya maintains the billing service": who owns what at work
    fam(
        "person/owns",
        rf"^(?:(?:and|also|btw|oh)[\s,]+)*(?!{NOT_NAMES}\b)(?P<name>{NAME_WORD})\s+(?:owns|maintains|looks after|is in charge of)\s+"
        r"(?P<v>(?:that|the|this|our)\s+(?:[\w.-]+\s+){0,3}?(?:module|service|repo|repository|pipeline|dashboard|"
        r"project|codebase|component|stack|infra|infrastructure|api|app|cluster|database|db|role|playbook|model|"
        r"side|part|team|budget|account))\b",
        "fact",
        "person",
        lambda m, s: f"{m.group('name')} owns {_THAT_RE.sub('the', v(m))}",
        confidence=0.7,
    ),
    # "I'll submit it tonight from home in Almada", "back home in Kisumu my mum grows tea": where the
    # person's home is, said on the way to something else
    fam(
        "self/home-in",
        r"\b(?:(?:from|at|back)\s+home|(?:my|our)\s+(?:place|house|flat|apartment|home|cottage|farm)|"
        r"(?P<here>here)|"
        r"(?:my|our|the)\s+(?P<second>cabin|hytte|dacha|bach|chalet|summer house|holiday home|caravan|beach house))\s+(?:up\s+|down\s+|"
        r"out\s+)?in\s+(?P<v>(?-i:[A-ZÀ-Ý])[\w'-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'-]+){0,2}"
        # a place said in lower case after "here in" ("the shops here in graz")
        r"|(?<=here in )(?!(?:the|a|an|my|our|this|that|general|particular|advance|time|bed|person|public|private|"
        r"front|between|detail|case|order|short|fact|town|winter|summer|spring|autumn|total|full|part|theory|"
        r"practice|mind|there|here|it|which|what|terms|line|charge|touch)\b)(?-i:[a-zà-ÿ]{3,})\b(?!\s+(?:is|are|was|were)\b))"
        # "When I arrive home to Matosinhos", "I drive back home to Ikeja": home, and where it is
        r"|\b(?:arrive|arrives|get|gets|got|come|comes|go|goes|drive|drives|head|heads|cycle|ride|walk|fly)\s+"
        r"(?:back\s+)?home\s+(?:to|in)\s+(?P<v2>(?-i:[A-ZÀ-Ý])[\w'-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'-]+){0,2})",
        "fact",
        "place",
        lambda m, s: (
            f"{possessive(s)} home is in {m.group('v2')}"
            if m.group("v2")
            else f"{s} has a {m.group('second').lower()} in {v(m)}"
            if m.group("second")
            else f"{s} is based in {v(m)[:1].upper() + v(m)[1:]}"
            if m.group("here")
            else f"{possessive(s)} home is in {v(m)}"
        ),
        confidence=0.7,
    ),
    # "with my oven that only fits 6 trays", "my laptop only has 8GB so it swaps": what the person's
    # things can do, a number or a name said on the way to something else
    fam(
        "self/my-thing-has",
        r"^(?!.*\b(?:today|tonight|now|rn|atm|this (?:week|morning|afternoon|evening|time)|at the moment|currently|"
        r"again|yet|so far|left)\b).*?"
        r"\bmy\s+(?!(?:code|build|branch|test|tests|script|query|job|run|pr|commit|draft|essay|file|repo|question|"
        r"answer|inbox|order|ticket)\b)(?P<what>(?:(?!who\b)[\w-]+\s+){0,2}?(?!(?:"
        + RELATIONS
        + r"|who)\b)[\w-]+)\s+(?:(?:that|which)\s+)?"
        r"(?P<how>(?:only|just|still|also)\s+)?"
        r"(?P<verb>has|have|fits|holds|takes|runs on|runs|does|seats|sleeps|maxes out at|tops out at)\s+"
        r"(?P<v>(?:only\s+|just\s+|about\s+|like\s+)?(?:\d[\d.,]*\s*[\w-]*|(?-i:[A-Z])[\w.-]+)(?:\s+(?!(?:and|or|but|so|to|of|in|on|at|it|is|for|with)\b)(?-i:[a-z]+))?)",
        "fact",
        "",
        lambda m, s: (
            f"{possessive(s)} {m.group('what')} {(m.group('how') or '').lower()}"
            f"{'has' if m.group('verb').lower() == 'have' else m.group('verb').lower()} {v(m)}"
        ),
        confidence=0.65,
    ),
    # "Just got in from a long night in the ICU at Salford Royal", "back from another shift at the depot":
    # where the person works shifts
    fam(
        "self/shift-at",
        r"^(?:just\s+)?(?:got in|got back|got home|back|home|in)\s+from\s+(?:a|another|my|the)\s+(?:long\s+|late\s+|"
        r"early\s+|\d+-hour\s+|twelve-hour\s+)*(?P<what>night shift|night|day shift|shift|late shift|early shift|"
        r"nights|earlies|lates)\s+(?P<v>(?:in|at|on)\s+.{3,60})$",
        "fact",
        "work",
        lambda m, s: f"{s} works {'nights' if 'night' in m.group('what').lower() else 'shifts'} {v(m)}",
        confidence=0.7,
    ),
    # "after my shift at Lawson tonight", "my MAEd class at PNU starts at 1pm", "before my pottery
    # course at Clay Corner": a standing activity and where it happens, whatever the sentence is about
    fam(
        "self/activity-at",
        r"\bmy\s+(?P<what>(?:[\w-]+\s+){0,2}?(?:shift|shifts|class|classes|course|lesson|lessons|practice|training|"
        r"placement|rotation|lecture|lectures|rehearsal|rehearsals|clinic|seminar|choir|volunteering))\s+(?:at|in|with)\s+"
        r"(?P<v>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z0-9])[\w&'.-]*){0,3}|the\s+(?:[\w'-]+\s+){0,3}?(?:shop|cafe|café|"
        r"restaurant|store|hospital|clinic|factory|warehouse|bar|pub|hotel|library|gym|centre|center|bakery|salon|"
        r"pharmacy|supermarket|garage|depot|farm|kitchen|plant|mill|call centre|call center))\b",
        "fact",
        "",
        lambda m, s: f"{s} has {_article_of(m.group('what'))} {m.group('what')} at {v(m)}",
        confidence=0.7,
    ),
    # "I'll check back after my dombra lesson tonight", "after kendo practice", "before my Comrades
    # training run": a standing activity, named in passing, whatever the sentence is about
    fam(
        "self/activity-after",
        r"\b(?:after|before|during|from)\s+(?:I\s+(?:leave|go|head|head off|get back|come back)\s+(?:for|from|to)\s+)?"
        r"(?:my\s+)?(?P<what>(?!(?:the|a|an|this|that|their|his|her|our|your|work|"
        r"school|today's|tonight's|night|fight|strip|golf|sports|health|country|football)\b)[\w'-]+(?:\s+[\w'-]+)?\s+"
        r"(?:class|classes|lesson|lessons|practice|training|rehearsal|rehearsals|choir|course|club|group|circle|"
        r"meetup|prayers|prayer|mass|service)"
        # a group that needs no word before it ("I'll check the logs tonight after choir")
        r"|(?P<bare>choir|orchestra|evensong|bible study|scouts|guides|cubs|brownies|youth group|church|mass|"
        r"band practice|choir practice|catechism|madrasa|sunday school))\b",
        "fact",
        "",
        lambda m, s: (
            f"{s} goes to {m.group('bare').lower()}"
            if m.group("bare")
            else f"{s} {_activity(m.group('what'))}"
        ),
        confidence=0.65,
    ),
    # "Since my hip replacement I cannot walk far", "since my cataract operation last autumn": what
    # the body went through, said on the way to something else
    fam(
        "self/had-surgery",
        r"(?:\b(?:since|after|because of)\s+|^)my\s+(?P<what>(?:[\w'-]+\s+){0,2}?(?:replacement|operation|surgery|op|"
        r"transplant|stroke|heart attack|bypass|chemo|amputation|reconstruction|fusion))\b",
        "fact",
        "health",
        lambda m, s: f"{s} had {_article_of(m.group('what'))} {m.group('what')}",
        confidence=0.65,
    ),
    # ("after lunch my sugar tablets make me sleepy", "I forgot my blood pressure pills"): a medicine the person takes
    fam(
        "self/takes-medicine",
        r"\bmy\s+(?P<what>(?:sugar|diabetes|blood\s+pressure|bp|heart|thyroid|pain|sleeping|allergy|asthma|cholesterol|"
        r"iron|vitamin\s+[a-z]\d?|epilepsy|seizure|anxiety|depression|adhd|hay\s+fever|migraine|water|statin|blood\s+thinning|"
        r"arthritis|gout|kidney|liver|hormone|hrt|insulin|reflux|stomach|acid)\s+(?:tablets|pills|meds|medication|medicine|"
        r"injections?|jabs?|shots?|inhaler|puffer|spray|patch(?:es)?|drops))\b",
        "fact",
        "health",
        lambda m, s: f"{s} takes {m.group('what')}",
        confidence=0.65,
    ),
    # "We already put 20,000 a month into our SACCO", "I pay £50 a month into a pension"
    fam(
        "self/money-in",
        r"^(?:I|we)\s+(?:already\s+|also\s+|still\s+)?(?:put|pay|save|send|transfer|contribute|invest)\s+"
        r"(?P<v>(?:[£$€]|KES|KSh|R)?\s?\d[\d,.]*k?\s*(?:[a-z]{1,4}\s+)?(?:a|per|every|each)\s+(?:month|week|year|"
        r"fortnight)\s+(?:in|into|to|towards|on)\s+.{3,60})$",
        "fact",
        "",
        lambda m, s: _statement(m, s),
        confidence=0.75,
    ),
    # "400 ewes, welsh mountain mostly, a few mules", "12 hives, mostly Buckfast": a count of what
    # the person keeps, then what kind
    fam(
        "self/herd",
        r"^(?P<v>\d[\d,]*\s+(?!(?:minutes|hours|days|weeks|months|years|seconds|times|tests|files|errors|lines|"
        r"rows|items|results|people|messages|emails|pages|steps|issues|bugs|records|points|percent)\b)[a-z]+s"
        r"(?:,\s*[\w' -]{2,30}){1,3})$",
        "fact",
        "",
        lambda m, s: f"{s} has {v(m)}",
        confidence=0.65,
    ),
)
# "I'm in my third year of vet school at UCD"
ACTIVITY_AT = next(f for f in IN_PASSING if f.name == "self/activity-at")
ACTIVITY_AFTER = next(f for f in IN_PASSING if f.name == "self/activity-after")
OUR_NAMED = next(f for f in IN_PASSING if f.name == "environment/our-named")
HOME_IN = next(f for f in IN_PASSING if f.name == "self/home-in")
MY_DEVICE = next(f for f in IN_PASSING if f.name == "self/my-device")
# what the person has, said with "my" even inside someone else's words ("since my bypass the cardiologist said …")
OWN_RIDERS = tuple(
    f
    for f in IN_PASSING
    if f.name
    in (
        "self/had-surgery",
        "self/condition-with",
        "self/takes-medicine",
        "self/my-device",
        "self/home-in",
        "self/activity-at",
        "self/weekly-activity",
        "environment/our-named",
        "environment/our-on",
        "self/member-of",
    )
)
# families that read one thing said in passing; the rest of the clause may say more
RIDER_NAMES = frozenset(
    [
        "person/school-run-named",
        "self/home-in",
        "self/moved-to",
        "self/weekly-activity",
        "self/weekday-activity",
        "self/teaches-class",
        "self/works-shifts",
        "self/shift-at",
        "self/per-week",
        "person/children-asleep",
        "self/had-surgery",
        "self/condition-with",
        "self/takes-medicine",
        "self/my-device",
        "self/my-thing-has",
        "self/at-home",
        "person/walks-pet",
        "environment/our-named",
        "environment/our-on",
        "self/member-of",
        "self/operated-on",
        "self/workplace-in",
        "person/my-children",
        "self/runs-place",
    ]
)
STUDY = fam(
    "self/study-year",
    r"^I(?:'m| am)\s+in\s+(?:my|the)\s+(?P<v>\w+\s+year\s+(?:of|at)\s+.{3,})$",
    "fact",
    "work",
    lambda m, s: f"{s} is in their {v(m)}",
)
# "I can only run before 7am": a standing constraint
CAN_ONLY = fam(
    "self/can-only",
    r"^I\s+can\s+only\s+(?P<v>.{4,})$",
    "fact",
    "schedule",
    lambda m, s: _statement(m, s),
)
# "My husband works remotely for a company in Lisbon": lasting facts about people close to the
# person (where they live or work, what they do), never what they like or think
RELATION_FACTS = fam(
    "person/relation-fact",
    rf"^my\s+(?P<rel>{RELATIONS})(?P<name>\s+(?:{NAME}|(?!(?:still|now|also|just|already|currently|always|never|"
    r"usually|only|really)\b)[a-z]+))?\s+(?:(?:still|now|also|currently)\s+)?(?!is an?\s+(?:big\s+|huge\s+)?fan\b)(?P<v>(?:works|lives(?!\s+(?:on|off)\s+(?!(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?(?:\s*[,.;!]|\s+(?:and|with|in|now|since|near)\b|$))(?!(?:a|an|the|our|their|his|her)\s+(?:[\w-]+\s+)?(?:boat|farm|island|ranch|estate|barge|houseboat|"
    rf"street|road|lane|avenue|croft|kibbutz|base|campus|coast|border|outskirts|edge|other\s+side)\b))|is based|is from|was born|studies|teaches|"
    rf"runs|owns|is retired|retired|is a|is an|has (?:{CONDITIONS})|is allergic to|goes to|attends|"
    rf"is (?:at|in) (?!.*{MOMENTARY})(?=(?-i:[A-Z]))|"
    r"(?:has|is having|had)\s+(?:her|his|their|a|an|the)\s+(?:[\w-]+\s+){0,2}(?:replacement|surgery|operation|op|"
    r"transplant|treatment|chemo|chemotherapy|radiotherapy|scan|procedure|c-section|induction)|is due)\b.*)$",
    "fact",
    "person",
    lambda m, s: f"{possessive(s)} {rel(m)}{(m.group('name') or '').title()} {v(m)}",
    confidence=0.75,
)


# Self-categories without a role word ("I'm a night owl", "I'm a morning person"), and past events
# with a date ("I had knee surgery in 2023"): what the person is and what happened to them.
IDENTITY: tuple[Family, ...] = (
    fam(
        "self/kind-of-person",
        r"^I(?:'m| am)\s+(?P<neg>(?:really\s+|definitely\s+)?not\s+)?(?:a|an)\s+"
        r"(?!(?:bit|little|lot|tad|few|couple|fan|big fan|huge fan)\b)"
        r"(?P<v>(?:[\w-]+\s+){0,2}[\w-]+)(?:\s+at all)?$",
        "fact",
        "identity",
        lambda m, s: f"{s} is {'not ' if m.group('neg') else ''}{_article(m)} {v(m)}",
        confidence=0.65,
    ),
    fam(
        "self/history",
        r"^(?:(?:also|and|one more thing|btw|oh)[,\s]+)*I\s+(?P<verb>had|broke|tore|injured|was diagnosed with|got diagnosed with|"
        # ("I lost two fingers tips on the table saw in 2008", "I did ACL surgery in university")
        r"underwent|survived|graduated from|studied|lived|worked"
        r"|lost(?=\s+(?:[\w-]+\s+){0,3}?(?:fingers?|toes?|eyes?|legs?|arms?|hands?|foot|feet|hearing|sight|teeth|tooth|job|husband|"
        r"wife|son|daughter|mother|father|mum|mom|dad|brother|sister|partner|kidney|spleen|tips?)\b)"
        r"|did(?=\s+(?:[\w-]+\s+){0,3}?(?:surgery|operation|chemo|rehab|degree|phd|masters|apprenticeship|military\s+service)\b))"
        r"\s+(?P<v>.{3,60}?)\s+(?:in|since|until|from)\s+"
        r"(?P<when>(?:\d{4}|(?-i:[A-Z])\w+|university|uni|college|school|high\s+school|the\s+army|the\s+navy|my\s+(?:twenties|"
        r"teens|thirties|forties|youth))\b.*)$",
        "fact",
        "",
        lambda m, s: _statement(m, s),
        confidence=0.7,
    ),
    # what the person is, and where, said in their own language among English words ("soy bombero en Zaragoza, parque
    # 3", "je suis infirmière à Lyon", "ich bin Lehrerin in Graz", "sou enfermeira em Coimbra"): kept as said
    fam(
        "self/in-own-words",
        r"^(?:(?:bueno|pues|vale|alors|bon|also|ok|okay)[,\s]+)?(?P<x>(?:soy|je\s+suis|ich\s+bin|sou|sono|ik\s+ben|jestem)\s+"
        r"(?:(?:un|una|une|ein|eine|um|uma|een)\s+)?(?!(?:de|du|from|aus|da|van|z|all[ée]e?s?|venue?s?|arriv[ée]e?s?|partie?s?|n[ée]e?|rentr[ée]e?s?|gestern|heute|jetzt|morgen|"
        r"hoy|ayer|ma[ñn]ana|aujourd'hui|hier|demain|oggi|ieri|hoje|ontem|nu|vandaag|gisteren|dzisiaj|wczoraj|ahora|maintenant|"
        r"aqu[ií]|ici|qui|here|now|auch|aussi|tambi[ée]n|muy|tr[èe]s|sehr|molto|muito|noch|encore|todav[ií]a|ancora|"
        r"gerade|schon|d[ée]j[àa]|ya|gi[àa]|j[áa])\b)[^\W\d_][\w'-]+(?:\s+[^\W\d_][\w'-]+)?\s+"
        r"(?:en|à|a|in|em|no|na|w|bei|im|al|au)\s+(?:(?:el|la|le|der|die|das|o|il|het|de)\s+)?(?-i:[A-Z])[\w'-]+"
        r"(?:\s+(?-i:[A-Z])[\w'-]+)?)(?=\s*(?:[,;.!]|$|\band\b|\by\b|\bet\b|\bund\b|\be\b))",
        "fact",
        "identity",
        lambda m, s: f'{s} says of themselves: "{m.group("x").strip(TRIM)}"',
        confidence=0.7,
    ),
)


def _go(who: str) -> str:
    """ "goes" for one, "go" for several ("the user's daughters go to madrassa")."""
    last = who.split()[-1].lower() if who.split() else ""
    return "go" if last.endswith(("ren", "s")) and not last.endswith("ss") else "goes"


def _article(m: re.Match[str]) -> str:
    return _article_of(v(m))


def _level(said: str | None) -> str:
    """ ", I have B1 now" -> " (level B1)"."""
    level = re.search(_LEVEL, said or "")
    return f" (level {level.group(0)})" if level else ""


def _role_article(m: re.Match[str]) -> str:
    """The article the person said, or the one left out ("I am ticket agent for …" -> "a"); "head
    of …" takes "the"."""
    if m.group("art"):
        return m.group("art").lower()
    if re.search(r"made|appointed|elected|named", m.group("was")):
        return ""  # "the user has been made treasurer of …"
    one = re.match(_ONE_ROLE, v(m), IC) and (
        re.match(r"\w+\s+of\b", v(m)) or re.match(r"\s*of\b", m.group("rest") or "")
    )
    return "the" if one else _article(m)


# a role one person holds in a body ("head of …", "treasurer of our temple committee")
_ONE_ROLE = (
    r"(?:head|director|chair|chairperson|chairman|chairwoman|president|vice-president|captain|treasurer|secretary|"
    r"coordinator|lead|manager|warden|churchwarden|principal|founder|owner)\b"
)


def _given(m: re.Match[str], s: str) -> str:
    """ "My son gave me a Nikon D7500" -> "The user has a Nikon D7500 (from the user's son)"."""
    thing = re.sub(r"^(?:his|her|their|this|that)\b", "a", m.group("x").strip(TRIM), flags=IC)
    giver = f"{possessive(s)} {m.group('who').lower()}" if m.group("who") else m.group("name")
    return f"{s} has {thing} (from {giver})"


def _lower_first(text: str) -> str:
    """ "Retired teacher" -> "retired teacher", at the start of a fragment; "PhD student" stays."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _article_of(word: str) -> str:
    return "an" if re.match(r"[aeiou]", word, IC) else "a"


# Another person's lasting facts, stated as such ("Mateo's allergic to eggs", "Emi is a doctor in
# Kyoto"): kept; what they like, want or think is theirs and is not ("Tom prefers tabs").
PERSON_FACTS = fam(
    "person/fact",
    r"^(?!(?:It|That|This|There|Here|What|Who|Which|He|She|They|We|You|I|Everything|Nothing|Something|Life|"
    r"Today|Tomorrow|Yesterday|Now|Then|Where|When|Why|How|Mine|Yours|Ours|The|A|An|My|Our|Your|His|Her|Their|"
    r"One|Each|Every|All|Some|Any|No|Yes|Ok|Okay|Oh|Well|So|And|But|Or|Everyone|Someone|Nobody|Everybody)\b)"
    rf"(?P<who>{NAME})(?:(?:'s|\s+is|\s+was)\s+|\s+(?P<has>has)\s+(?=(?:a|an)\s+(?:severe\s+|serious\s+|bad\s+|mild\s+)?[\w-]+\s+allergy\b|{CONDITIONS}))(?P<v>(?:(?:very\s+|severely\s+|mildly\s+)?allergic to|(?:a|an)\s+(?:severe\s+|serious\s+|bad\s+|mild\s+)?[\w-]+\s+allergy|{CONDITIONS}|"
    rf"intolerant to|(?:a|an)\s+(?:[\w-]+\s+){{0,2}}(?:{ROLES})|\d{{1,3}}\b(?!\s*(?:weeks?|days?|months?|hours?|h|minutes?|mins?|km|miles?|%|percent|kg|euros?|dollars?|"
    rf"pounds?|am|pm|o'clock|:\d))|from|based in|born (?:in|on)|"
    rf"{TRAITS})\b.*)$",
    "fact",
    "person",
    lambda m, s: f"{m.group('who')} {m.group('has') or 'is'} {m.group('v').strip(TRIM)}".replace(
        " is born", " was born"
    ),
    confidence=0.75,
)


# Checked after every other family: a plain first-person statement in the present tense ("I teach
# maths at a school in Valencia", "I run the infra for Halyard"); not what the person wants,
# thinks or is doing this minute, and nothing said to "you".
STATEMENT = fam(
    "self/statement",
    # ("Now I bottle part of the oil myself and sell it to restaurants in Lisbon": these days)
    rf"^(?!.*(?:{TRANSIENT}))(?:now,?\s+|these days,?\s+|nowadays,?\s+)?I\s+"
    r"(?:(?:also|still|mostly|mainly|currently|now|only|usually|often|normally)\s+)?(?P<verb>[a-z]+)\s+"
    rf"(?!.*\byou\b)(?!.*{MOMENTARY})(?!(?:{VAGUE_OBJECT}|(?:for|to|as|with|that)\b))"
    r"(?P<rest>\S+(?:\s+\S+){2,}|\S+\s+(?-i:[A-Z])\S+)$",
    "fact",
    "",
    _statement,
    confidence=0.6,
)


def plain_statement(m: re.Match[str]) -> bool:
    """The statement family's verb is a present-tense fact verb ("teach", "run"), not "want", "went"."""
    from jarvis.observe.perspective import IRREGULAR_PAST, MODALS

    verb = m.group("verb").lower()
    # a verb alike in past and present, done to oneself, is one occasion ("I cut my finger on the mandoline")
    hurt = verb in ("cut", "hit", "put", "split", "burst") and re.match(
        r"(?:my|myself)\b", m.group("rest"), IC
    )
    return not (
        verb in NOT_STATEMENT_VERBS
        or verb in MODALS
        or verb in IRREGULAR_PAST
        or verb.endswith(("ed", "ing"))
        or hurt
    )
