"""Corrections: the person puts the assistant (or the record) right, and says what about.

- correction/topic: "Formatting: ruff format, not black" — the topic is in the sentence, so it
  counts after an assistant turn or not;
- correction/values: right after an assistant message, "no, it's fish not bash", "No, 3, not 5":
  only values are named, so the topic comes from the tool kind ("Shell: uses fish, not bash")
  or from the words before the wrong value in the assistant's message ("the HTTP timeout to 30s"
  -> "HTTP timeout: 10 seconds, not 30");
- correction/no, correction/said: "no, that's wrong …", "actually …", "I said X, not Y".
"""

from __future__ import annotations

import re

from jarvis.observe.declined import Suggested, offered
from jarvis.observe.families import Found, cap
from jarvis.observe.judge import others_habit, someone_elses, turned_down
from jarvis.observe.lexicon import IC, NO_NEED, RULE_LABELS, TRIM, WONT_HAVE, tool_kind
from jarvis.observe.perspective import third_person
from jarvis.observe.phrasing import clauses, refused, trim
from jarvis.taxonomy import subject_of

# correction/topic: "Formatting: ruff format, not black"
_TOPIC_RE = re.compile(
    r"^(?P<topic>[A-Za-z][\w/+-]*(?: [\w/+-]+){0,2}):\s*(?P<right>[^:;?]{1,80}?),?\s+(?:not|never|instead of|rather than)\s+"
    r"(?P<wrong>[^:;?]{1,80}?)$"
)
_NOT_TOPICS = frozenset(
    [
        "note",
        "remember",
        "fyi",
        "decision",
        "rule",
        "update",
        "reminder",
        "ps",
        "todo",
        "context",
        "question",
        "idea",
        # a turn to the next point, not a topic ("Last thing: if the Kickstarter ever happens, …")
        "last thing",
        "one more thing",
        "another thing",
        "other thing",
        "final thing",
        "also",
        "btw",
        "oh and",
    ]
)
# a rule's label is no topic ("One rule pls: prices are always in pesos with 2 decimals, not round them")
_RULE_LABEL_RE = re.compile(rf"(?:{RULE_LABELS})(?:\s+(?:pls|plz|please|here|for you|for this))?", IC)
# corrections after an assistant message
# ("no no, this repo is ledger-sync", "nono. it's 5433", "no, no — …": the no said twice)
_NO_RE = re.compile(
    r"^(?:no(?:no+)?|nope|nah|wrong|non|nein|não|nao|nee)(?:[\s,.!—–-]*(?:no|nope|nah|non|nein|não|nao|nee))*"
    # the one it is said to ("no mate, it's 18", "nah bro", "no sorry", "No dear")
    r"(?:\s+(?:mate|bro|bruh|dude|man|love|luv|hun|babe|buddy|pal|sorry|sir|lah|yaar|bhai|chief|boss|my friend|fam|g|"
    r"dear|darling|sweetie|honey|pet|po|ma'am|madam))?"
    r"(?:\s*[,.!—–-]+|\s+(?=(?:it's|its|it is|that's|thats|they're|theyre|they are|these are|those are|"
    r"this is|this repo is|we use|we're on|I use|I'm on|the|my|our|we|we're|we have|I have|I'm|im)\b))"
    r"\s*(?:actually[,\s]+)?(?P<x>.{3,})$",
    IC,
)
_WRONG_RE = re.compile(
    r"\b(?:that's|that is|it's|it is|this is|you're|you are|you got (?:it|that))\s+"
    r"(?:wrong|not right|incorrect|not correct|not true|mistaken)\b[\s,.;:!—–-]*(?P<x>.*)$",
    IC,
)
# a correction named as one ("a correction to your summary earlier: backups go to the Synology", "one
# small correction: …"): what follows the colon is the right version
_LABELLED_RE = re.compile(
    r"^(?:(?:and|also|oh and|just|ok|okay|but|sorry|oops|wait)[,\s]+)*(?:(?:a|one|another)\s+)?(?:(?:small|quick|tiny|little|"
    r"important|last)\s+)?correction(?:\s+(?:to|on|about|for|of)\s+[^:,]{2,60}?)?\s*[:—–,]+\s*(?P<x>.{3,})$",
    IC,
)
# "no Celery." right after the assistant proposed Celery: a rejection; the next sentence says why
_NO_THING_RE = re.compile(r"^no\s+(?P<thing>[\w.+-]+(?:\s+[\w.+-]+)?)$", IC)
# "lol ok no harpsichord", "fine, no Kubernetes then": the person takes the assistant's advice against
# an idea of their own; nothing the assistant said is put right
_AGREED_NO_RE = re.compile(
    r"^\W*(?:(?:lol|haha+|ha|lmao|ah+|oh|hmm+|well)[\s,!.]+)*(?:ok|okay|k|kk|alright|all right|fine|right|fair|"
    r"fair enough|got it|gotcha|makes sense|understood|sure|yeah|yep|good point|true)[\s,!.]+(?:then[\s,]+)?no\s+[\w.+-]",
    IC,
)
# thanks, in the languages people sign off in: no reason for a no ("no harpsichord. diolch!")
_THANKS_RE = re.compile(
    r"^(?:thanks|thank you|thanks a lot|many thanks|thx|ty|tysm|cheers|ta|merci|merci beaucoup|gracias|muchas gracias|"
    r"danke|danke schön|grazie|grazie mille|obrigad[oa]|diolch|diolch yn fawr|dank je|dankjewel|dank u|tack|takk|"
    r"kiitos|dzięki|dziękuję|spasibo|спасибо|arigato|arigatou|xie xie|xièxie|shukran|asante|toda|efharisto|"
    r"teşekkürler|sağol|mahalo|hvala|děkuji|díky|köszönöm|mulțumesc|multumesc|salamat|terima kasih|makasih|"
    r"dhanyavaad|dhanyavad|shukriya|gràcies|eskerrik asko|go raibh maith agat|tapadh leat|kia ora|ngiyabonga|"
    r"dankie|aitäh|paldies|ačiū|faleminderit|blagodaram|mersi|grazas|trugarez|tapadh leibh)"
    r"(?:\s+(?:so much|a lot|again|mate|friend))?[\s!.🙏🙂😊❤️]*$",
    IC,
)


def agreed_no(sentence: str) -> bool:
    """True when the sentence agrees, then says "no X" ("ok no harpsichord"): advice taken, no correction."""
    return bool(_AGREED_NO_RE.match(sentence))


# the wrong value first: "Not Air India, it is Lufthansa via Frankfurt"
_NOT_FIRST_RE = re.compile(
    r"^(?:(?:no|nah|nope)[,.]?\s+)?(?:it's\s+|it is\s+|its\s+|that's\s+)?not\s+(?P<wrong>[^,;]{1,40}?)"
    r"(?:\s+(?:honey|dear|love|mate|bro|pal|hun))?,\s*(?:it's|it is|its|it was|that's|we use|I use|"
    r"we're on|I'm on|(?:I'm|im|I am|we're)\s+(?:aiming|going|shooting)\s+for|make it|it should be)\s+"
    r"(?P<right>[^;]{2,60})$",
    IC,
)
# "nah not vegan, vegetarian.": what it is not, then in one or two words what it is
_NOT_THEN_RE = re.compile(
    r"^(?:(?:no|nah|nope)[,.]?\s+)?not\s+(?P<wrong>[\w.+#-]+(?:\s+[\w.+#-]+)?),\s*(?P<right>[\w.+#-]+(?:\s+[\w.+#-]+)?)$",
    IC,
)
_EMOJI_JOINT_RE = re.compile(
    r"\s*[\U0001F300-\U0001FAFF\u2600-\u27BF][\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]*\s+(?=(?:it's|it is|its|that's|we use|I use)\b)",
    re.I,
)
# an offer turned down after the no ("not bringing TCA in", "I'm not buying a chest strap")
_DECLINING_RE = re.compile(
    r"^(?:(?:not|never)\s+(?:doing|using|going|bothering|touching|switching|bringing|adding|installing|pulling|"
    r"introducing|moving|buying|getting|paying)"
    r"|(?:I'm|I am|im|we're|we are)\s+not\s+(?:buying|getting|paying for|installing|adding|switching to|going with|"
    r"bringing in|signing up for|doing|using|going to (?:buy|get|use|install|add|pay))"
    r"|(?:I|we)\s+(?:won't|will not|wont|don't|do not|dont)\s+(?:buy|get|pay for|install|add|switch to|go with|"
    r"bring in|sign up for|need)"
    rf"|{WONT_HAVE}"
    # ("no, skip the Dockerfile stuff, I run postgres natively"): the offer dropped, nothing set right
    r"|(?:just\s+)?(?:skip|drop|forget|ditch|leave out|leave off|scrap|lose)\s+(?:the|that|this|those|all the|any)\b"
    # ("Skip flox, I'm not adding dependencies two weeks before submission"): a thing named alone
    r"|(?:just\s+)?(?:skip|drop|forget|ditch|scrap)\s+[\w.+-]+(?=\s*[,.;!—–]|\s*$))\b",
    IC,
)
# the next sentence opens a topic of its own ("And about portions: my husband's sister swears by …")
_NEW_TOPIC_RE = re.compile(
    r"^(?:(?:and|also|oh|now|btw)[\s,]+)*(?:about|as for|regarding|as to|on the topic of|one more thing|another thing|"
    r"by the way|separately)\b",
    IC,
)
# what it is not, said alone ("here we don't sell by the dozen"), waiting for the sentence after
_ONLY_NOT_RE = re.compile(
    r"\b(?:don't|dont|do not|doesn't|does not|isn't|is not|aren't|are not|no longer|never)\b(?!.*,\s*not\b)",
    IC,
)
# "we're not 40 any more", "it isn't Ubuntu anymore"
_NOT_ANYMORE_RE = re.compile(
    r"^(?:.*?[,;]\s*)?(?:we're|we are|I'm|I am|im|it's|it is|its|there are|they're|they are)\s+not\s+"
    r"(?P<wrong>[\w.-]+(?:\s+[\w.-]+)?)\s+any\s*more$",
    IC,
)
# the person's own slip, told after the right value
# where the wrong value stands, said after it ("2 x 30 minutes not 2 x 35 like in the code", "… not 6 as you have it
# in the draft"): no part of what is put right
WHERE_WRONG_RE = re.compile(
    r"(?<=\w)\s+(?:like|as)\s+(?:it\s+(?:is|was|says|stands)\s+|you\s+(?:have|had|wrote|put|said|did)\s+(?:it\s+)?)?"
    r"(?:in|on)\s+(?:the|your|my|our)\s+(?:code|script|file|text|draft|sheet|spreadsheet|doc|document|form|template|app|"
    r"post|letter|list|table|page|readme|config|website|site|menu|flyer|email|bot|header|footer|plan)"
    r"(?=\s*(?:[,;.!]|$))",
    IC,
)


OWN_SLIP_TAIL_RE = re.compile(
    r"[,;—–-]\s*(?:sorry[,\s]+)?(?:I|i)\s+(?:mis(?:counted|typed|read|spoke|remembered|heard|spelled|spelt)|"
    r"(?:wrote|typed|said|counted|read)\s+(?:it\s+|that\s+)?wrong|made\s+a\s+(?:typo|mistake)|"
    # a digit or a word dropped or added ("I missed a zero", "I forgot a digit", "I mixed them up")
    r"(?:missed|forgot|dropped|left\s+(?:out|off)|added|skipped)\s+(?:a|an|one|the)\s+(?:zero|digit|number|letter|word|decimal)|"
    r"mixed\s+(?:(?:them|it|those|the\s+two)\s+)?up|confused\s+(?:them|the\s+two|(?:her|him|it|them)\s+with\b)|"
    # what was left out before ("his school also bans nuts, I forgot to say")
    r"forgot\s+to\s+(?:say|mention|tell\s+you|add|write))\b[^.;,:]*[.!]*$"
    # … or the device's ("the phone autocorrects it and he hates the Italian version", "autocorrect again")
    r"|[,;—–-]\s*(?:(?:the|my|stupid|damn)\s+)?(?:phone|keyboard|autocorrect|auto-correct|spellcheck|spell\s+check)\s+"
    r"(?:(?:always|keeps|again|did\s+it|changes|changed|autocorrects|autocorrected|corrects|corrected)\b)[^.;:]*[.!]*$",
    IC,
)
_ACTUALLY_RE = re.compile(r"^actually[,\s]+(?P<x>.{8,})$", IC)
# the person puts their own words right ("Sorry, I made a mistake, it's four groups this year", "my bad,
# it's the 14th", "oops I was wrong, we have 6 kiosks")
_MY_MISTAKE_RE = re.compile(
    r"^(?:(?:sorry|oops|ah|oh|ugh)[,!.\s]+)*(?:I\s+made\s+a\s+mistake|my\s+mistake|my\s+bad|I\s+was\s+wrong|"
    r"I\s+got\s+(?:it|that)\s+wrong|I\s+(?:typed|wrote|said)\s+(?:it|that)\s+wrong|I\s+mis(?:typed|spoke|read))"
    r"[\s,.:;!—–-]+(?P<x>.{3,})$",
    IC,
)
# the person puts a number or a name of their own right ("I said 120 mothers but it's actually 86 in the final
# sample", "sorry I wrote Tuesday but it is actually Wednesday")
_SAID_BUT_RE = re.compile(
    r"^(?:(?:sorry|oops|ah|oh|ugh|wait|no wait|hmm+)[,!.\s]+)*(?P<x>I\s+(?:said|wrote|typed|told you|put)\s+[^,;]{1,50}?,?\s+"
    # ("i said i play for Athenry earlier but its Craughwell", "I said Vlisco earlier but it's mostly GTP and Woodin")
    r"but\s+(?:it's|it is|its|it was|that's|they're|they are|there are|there were|we have|I have)(?:\s+actually)?\b.{1,80})$",
    IC,
)
_SAID_NOT_RE = re.compile(r"\bI (?:said|meant|asked for) (?P<right>[^,;]+?),? not (?P<wrong>[^,;.]+)", IC)
_VALUES_RE = re.compile(
    r"^(?:it's|it is|that's|that is|it should be|should be|make it|use|we use|I use|it was)?\s*"
    # a dot inside a value is no full stop ("9.6.4, not 9.4", "Node 22, not 20.x")
    r"(?P<right>[^,]{1,40}?),?\s+(?:not|instead of|rather than)\s+(?P<wrong>(?:[^,.]|\.(?=\w)){1,40}?)"
    r"(?:\s+(?:lol|haha|lmao|tbh|pls|please|ok|okay))?"
    # where the wrong one was said ("its osaka not tokyo lol, u wrote tokyo in the TOS")
    r"(?:,\s*(?:whenever|when|unless|if|where|wherever|as long as|(?:u|you)\s+(?:wrote|said|put|typed|used|have|had))\b.*)?$",
    IC,
)
_VERBISH = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "use",
        "uses",
        "run",
        "runs",
        "has",
        "have",
        "do",
        "does",
        "lives",
        "live",
        "works",
        "work",
        "goes",
        "go",
    ]
)
_FUNCTION_WORDS = frozenset(
    [
        "to",
        "at",
        "on",
        "in",
        "of",
        "for",
        "from",
        "with",
        "by",
        "is",
        "be",
        "as",
        "it",
        "set",
        "use",
        "using",
        "into",
        "onto",
        "up",
        "down",
        "the",
        "a",
        "an",
        "and",
        "or",
        "was",
        "were",
        "about",
        "around",
        "roughly",
        "approximately",
        "approx",
        "some",
        "like",
        "maybe",
        "with",
    ]
)
_DETERMINERS = frozenset(
    ["the", "a", "an", "your", "my", "our", "this", "that", "its", "their", "his", "her"]
)


# words that stand where a value would, but name none
_NO_VALUE = frozenset(
    [
        "nah",
        "nope",
        "yeah",
        "yep",
        "i'm",
        "im",
        "it's",
        "its",
        "we're",
        "that's",
        "thats",
        "he's",
        "she's",
        "they're",
        "you're",
        "please",
        "pls",
        "ok",
        "okay",
        "yes",
        "no",
        "sure",
        "thanks",
        "maybe",
        "just",
        "also",
        "still",
        "but",
        "and",
        "so",
        # "Let's not add Dask, …": a no to an offer, no value set right
        "let's",
        "lets",
        "let us",
    ]
)


_FOR_NOW_RE = re.compile(
    r"^(?:not (?:now|yet|today|for now|this time|right now)|maybe later|later maybe|later|another time|"
    r"some other time|for now no|not at the moment)"
    # ("Not now, not as part of an upgrade, too much moving at once": for now, with why)
    r"(?:[.!]*$|\s*,\s*.+)",
    IC,
)


# what people say before they put the assistant right ("Close, but no, …", "good start but it's 26",
# "First, no, …", "Two things. First, …")
_CORRECTING_RE = re.compile(
    r"^(?:(?:first|firstly|second|secondly|also|and|ok|okay|hmm+|haha|lol|ha|thanks|"
    r"(?:close|nearly|almost|not quite|good start|nice try|good try|good effort|looks good|great|good|nice)"
    r"(?=[,!.]*\s+(?:but|no|nope|nah)\b))[,!.]*\s+(?:but\s+)?)+"
    # only before a correction ("First, let us not add X" is a request)
    r"(?=(?:no|nope|nah|non|nein|não|wrong|it's|its|it is|that's|thats|actually)\b|(?:the|our|my)\s+[^,]{1,40}?\s+"
    r"(?:isn't|is not|aren't|are not)\b)",
    IC,
)


def correcting(sent: str) -> str:
    """The sentence without what is said before a correction ("Close, but no, it's Sunday May 17")."""
    return _CORRECTING_RE.sub("", sent, count=1) or sent


def _without_article(value: str) -> str:
    """ "an iPhone" -> "iPhone": the thing as the assistant may have named it."""
    return re.sub(r"^(?:a|an|the)\s+", "", value, flags=IC)


def _named_in(value: str, assistant: str) -> bool:
    """True when the assistant's message names the value, as a whole word ("Ubuntu", "40")."""
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", assistant, IC) is not None


# a clause saying what is used or had ("we use the MitoFish reference", "it's Rocky", "we have R 4.4.1")
_USING_RE = re.compile(
    r"^(?:so\s+|and\s+|but\s+)?(?:(?:we|I)(?:'re|'ve|\s+are|\s+have|\s+am)?\s+(?:\w+\s+)?(?:use|have|run|are on|on|"
    r"went with|switched to|moved to|need|want)\b|(?:it's|its|it is|that's|thats)\s)",
    IC,
)


def _right_after(nxt: str, wrong: str, who: str) -> Found | None:
    """ "not 4.3. We have R 4.4.1 …", "we're not 40 any more. We're 28 members now": the next
    sentence's first clause is the right value; when the sentence first says why the wrong one is
    wrong ("SILVA is for 16S/18S, we are doing fish, so we use the MitoFish reference"), the clause
    that says what is used."""
    parts = clauses(nxt) or [nxt]
    other = [c for c in parts if not re.search(rf"(?<![\w-]){re.escape(wrong)}(?![\w-])", c, IC)]
    using = [c for c in other if _USING_RE.match(c)]
    first = parts[0] if _USING_RE.match(parts[0]) else (using or other or parts)[0]
    if someone_elses(first) or others_habit(first) or refused(first):
        return None  # "no, not GORM. Ifeoma swears by Bazel …": what follows is someone else's, no right half
    # "No, not online. I thought about Takealot before, too much admin": a second thing turned down
    if turned_down(", ".join(parts[parts.index(first) : parts.index(first) + 2])):
        return None
    right = third_person(trim(first).strip(TRIM), who)
    return Found(f"Correction: {cap(right)}, not {wrong}", "correction", "correction/no", subject_of(right) or "",
                 confidence=0.85, priority="high")  # fmt: skip


def topic_correction(sent: str) -> Found | None:
    m = _TOPIC_RE.match(sent.strip(" .!"))
    if not m or m.group("topic").strip().lower() in _NOT_TOPICS:
        return None
    right, wrong = m.group("right").strip(TRIM), m.group("wrong").strip(TRIM)
    if _RULE_LABEL_RE.fullmatch(m.group("topic").strip()):
        # "House rule: tabs, not spaces" is a rule; "One rule pls: prices are always in pesos …, not round
        # them …" is read clause by clause
        if len(right.split()) > 3 or len(wrong.split()) > 3:
            return None
        return Found(f"{cap(right)}, not {wrong}", "rule", "rule/label", "rule", priority="high")
    if refused(right):
        return None  # "Plans: if the Kickstarter ever happens, a real composer, not …": a someday
    subject = "tool" if tool_kind(right) or tool_kind(wrong) else "preference"
    text = f"{cap(m.group('topic').strip())}: {right}, not {wrong}"
    return Found(text, "correction", "correction/topic", subject, confidence=0.85, priority="high")


# a slip put right, said as a cleft ("Sorry, It was 1979 that I started, not 1981", "it's Tuesdays when we meet,
# not Thursdays"): what happened, the right value, and the wrong one
_CLEFT_RE = re.compile(
    r"^(?:(?:sorry|oops|no|nope|actually|wait|correction|my bad|ah)[\s,:!.]+)*(?:it|that)(?:\s+(?:was|is)|'s)\s+"
    r"(?:actually\s+|really\s+)?(?:in\s+|on\s+|at\s+)?(?P<right>[^,;]{1,30}?)\s+(?:that|when)\s+"
    r"(?P<what>(?:I|we|my|our)\b[^,;]{2,50}?),?\s+not\s+(?:in\s+|on\s+|at\s+)?(?P<wrong>[^,;.!]{1,30}?)[.!]*$",
    IC,
)


def cleft_correction(sent: str, who: str) -> Found | None:
    """correction/cleft: "Sorry, It was 1979 that I started, not 1981" -> "The user started: 1979, not 1981"."""
    m = _CLEFT_RE.match(sent.strip(TRIM))
    if not m:
        return None
    what = third_person(m.group("what").strip(TRIM), who)
    text = f"Correction: {cap(what)}: {m.group('right').strip(TRIM)}, not {m.group('wrong').strip(TRIM)}"
    return Found(
        text, "correction", "correction/cleft", subject_of(what) or "", confidence=0.85, priority="high"
    )


def topic_from(wrong: str, assistant: str) -> str | None:
    """What a bare "X, not Y" is about: the words before Y in the assistant's message ("the HTTP timeout")."""
    m = re.search(rf"(?<![\w-]){re.escape(wrong)}", assistant, IC)
    if not m:
        return None
    before = re.split(r"[.!?:]\s+|\n", assistant[: m.start()])[-1]  # within the sentence naming it
    words = re.findall(r"[\w'/.-]+", before)[-7:]
    while words and words[-1].lower() in _FUNCTION_WORDS:
        words.pop()
    cut = max((i for i, w in enumerate(words) if w.lower() in _DETERMINERS), default=len(words) - 3)
    topic = [
        w
        for w in words[cut + 1 if cut >= 0 else 0 :]
        if w.lower() not in _FUNCTION_WORDS
        and "'" not in w
        # (nor a question word: "What about raised beds?", "How about a Honda?")
        and w.lower()
        not in ("i", "we", "you", "it", "what", "how", "which", "why", "who", "when", "where", "whether")
    ][-3:]
    return cap(" ".join(topic)) if topic else None


_NO_NEED_RE = re.compile(rf"^{NO_NEED}$", IC)
# an offer let go with a verb ("skip the debug toolbar", "drop the Redis cache", "forget the emojis")
_DROP_RE = re.compile(
    r"^(?:(?:no|nah|ok|okay|and|but|so|just)[,\s]+)*(?:skip|drop|forget|ditch|leave out|omit)\b", IC
)


def _values_correction(x: str, assistant: str, who: str) -> Found | None:
    """correction/values: "it's fish not bash" names only values; the topic comes from context."""
    first, *rest = clauses(x) or [x]
    m = _VALUES_RE.match(first.strip(TRIM))
    if not m:
        return None
    right, wrong = m.group("right").strip(TRIM), m.group("wrong").strip(TRIM)
    if re.match(
        r"^(?:for|in|on)?\s*(?:this|that)\s+(?:one|time|project|repo)$|^(?:now|yet|today|here)$"
        # ("ill think about barnes-hut, not decided"): a choice still open, no value set right
        r"|^(?:(?:yet|really|fully|quite|100%)\s+)?(?:decided|sure|certain|settled|final|confirmed|fixed|set in stone|"
        r"definite|promised|a priority|urgent|important)(?:\s+yet)?$",
        wrong,
        IC,
    ):
        return None  # "Storybook, not for this one": turned down for now, no value set right
    if _NO_NEED_RE.match(wrong) or _DROP_RE.match(right):
        return None  # "skip the debug toolbar, not needed": an offer let go, and why; no value set right
    if re.search(r"\b(?:rather|prefer|better)$", right, IC) or re.match(r"to\s", wrong, IC):
        return None  # "I'd rather not use Zapier", "we'd prefer not to add lodash": a no, no value set right
    right = re.sub(r"^(?:(?:no|nah|nope|yeah|yes|ok|okay|well|so|and)[,\s]+)+", "", right, flags=IC) or right
    if right.lower() in _NO_VALUE or re.match(
        r"^(?:I|we|you|u|it|he|she|they)(?:'ll|'d|'m|\s+(?:will|would|can|do|did|am|was|have|had|could|should|shall|"
        r"must|may|might))?$",
        right,
        IC,
    ):
        return None  # "I'm not the PI, I'm a postdoc", "Please not Plots.jl": no value set right
    if len(right.split()) > 4 or any(w.lower() in _VERBISH for w in right.split()):
        return None  # "we use uv here, not conda" says what it is about itself
    kind_name = tool_kind(right) or tool_kind(wrong)
    why = f" ({third_person(rest[0], who)})" if rest and len(rest[0]) < 100 else ""
    if kind_name:
        return Found(f"{kind_name}: uses {right}, not {wrong}{why}", "correction", "correction/values", "tool",
                      confidence=0.85, priority="high")  # fmt: skip
    topic = topic_from(wrong, assistant)
    if not topic:  # the assistant's words are kept next to it (Fact.context)
        return Found(f"Correction: {cap(right)}, not {wrong}{why}", "correction", "correction/values",
                     subject_of(right) or "", confidence=0.8, priority="high")  # fmt: skip
    return Found(f"{topic}: {right}, not {wrong}{why}", "correction", "correction/values", subject_of(topic) or "",
                  confidence=0.85, priority="high")  # fmt: skip


# what a thing is like, said of an offer turned down ("too cryptic for the team", "way overkill")
_A_REASON_RE = re.compile(
    r"^(?:(?:way|far|much|a bit|just|really|so)\s+)?(?:too\s+\w+|overkill|not worth|more hassle|a pain|pointless|"
    r"unnecessary|not needed|not necessary)\b",
    IC,
)


# "not" in English and in the person's own language ("Non, pas Etsy", "nicht Etsy")
_NOT_WORDS = r"not|pas|nicht|n[ãa]o|niet|nie|inte|ikke|ei"


# "not X, <why>": the wrong half, then a reason with a subject of its own and a verb that says it cannot, must
# or only does ("not Grafana, my father must be able to use it", "not Kafka, we're three people")
_NOT_THEN_WHY_RE = re.compile(
    # ("Non, pas Etsy, the fees are crazy": "not" in the person's own language too)
    rf"^(?:{_NOT_WORDS})\s+(?P<wrong>[^,;]{{1,30}}?)\s*[,;:—–]\s*(?P<why>(?:because\s+|since\s+|as\s+)?(?:my|our|we|we're|i|i'm|im|he|she|"
    r"they|the|it|it's|its|that|this)\b[^,;]*?\b(?:must|has to|have to|needs? to|can't|cannot|cant|won't|wont|doesn't|"
    r"dont|don't|isn't|only|too|never|hates?)\b.*)$",
    IC,
)


# what is used instead, said by the person ("we use Zabbix", "I run it on Hetzner"); not "it is 34 degrees"
_WE_USE_RE = re.compile(
    r"^(?:so\s+|and\s+|but\s+)?(?:we|I)(?:'re|'ve|\s+are|\s+have|\s+am)?\s+(?:\w+\s+)?(?:use|run|are on|went with|"
    r"switched to|moved to|stay with|stick with|keep)\b",
    IC,
)


# "no, no spreadsheet, the IB has her own system": the offer turned down, and why, which is someone else's or the
# thing's, with nothing of the person in it
_NO_X_THEIR_WHY_RE = re.compile(
    r"^no\s+(?P<wrong>[^,;]{1,30}?)\s*[,;:—–]\s*(?P<why>(?![^.]*\b(?:I|I'm|im|my|me|we|we're|our|us)\b)[^.]{3,80})[.!]*$",
    IC,
)


# "no X for me, <why>" to an offer ("No, no YubiKey for me, such small things I lose")
_NONE_FOR_ME_RE = re.compile(
    r"^(?:no|not)\s+(?:a\s+|an\s+|the\s+)?(?P<wrong>[^,;]{1,30}?)\s+for\s+(?:me|us)\b\s*(?:[,;:—–]\s*(?P<why>.*))?$",
    IC,
)


# a choice after the no, with nothing named as wrong ("nah we stay with sms, half my clients have old nokias",
# "no, we stick with Vercel, the church pays for it"): the person chose among what the assistant put forward,
# and nothing the assistant said was wrong; "no, we keep invoices 7 years, not 5" still puts a value right
_CHOSE_RE = re.compile(
    r"^(?:(?:so|ok|okay|then)[\s,]+)?(?:we|I|let's|lets|let\s+us)(?:'ll|\s+will|'re|\s+are|'m|\s+am)?\s+"
    r"(?:just\s+|still\s+|rather\s+)?"
    r"(?:(?:stay|stick|remain)(?:ing)?\s+(?:with|on|to)|go(?:ing)?\s+with|keep(?:ing)?\s+(?:using\b|with\b|"
    r"(?:the|our|my)\s+(?:old|current|same|existing|own)\b))"
    r"(?![^.;]*\b(?:not|never|n't)\b)",
    IC,
)


# the same with no one named ("no ok staying with astro then")
_CHOSE_BARE_RE = re.compile(
    r"^(?:(?:so|ok|okay|then|fine)[\s,]+)*(?:staying|sticking|going|keeping)\s+(?:with|on|to)\s+(?!(?:you|your|it|that|this)\b)",
    IC,
)


def chose(rest: str) -> bool:
    """What follows a no is a choice the person made, with nothing named as wrong."""
    return _CHOSE_RE.match(rest) is not None or _CHOSE_BARE_RE.match(rest) is not None


def no_then_choice(sent: str, nxt: str, assistant: str) -> bool:
    """ "No Postgres." to "PostgreSQL would be more robust", then "Ok, we keep SQLite": what was put forward is
    turned down and a choice is said in its place; the choice is kept, read on its own, and the no is not."""
    m = _NO_THING_RE.match(sent.strip(TRIM))
    # (the thing as the assistant spelled it, or the short of it: "Postgres" in "PostgreSQL")
    if not m or not re.search(rf"(?<!\w){re.escape(m.group('thing'))}\w{{0,4}}(?!\w)", assistant, IC):
        return False
    why = re.sub(r"^(?:(?:ok|okay|so|then|fine|right)[\s,.!]+)+", "", trim(nxt).strip(TRIM), flags=IC)
    return chose(why) or _WE_USE_RE.match(why) is not None


# "non, pas Firebase, I dont want the kids names on google servers": an option turned down, with or without why
_NOT_THE_OTHER_RE = re.compile(
    rf"^(?:(?:no|non|nope|nah|nein|não|nao|nee)[\s,.!—–-]+)?(?:{_NOT_WORDS})\s+(?P<wrong>[^,;.:]{{1,30}}?)"
    r"(?:\s*[,;:.—–]\s*.*)?$",
    IC,
)


def the_other_turned_down(sent: str, offers: str) -> bool:
    """ "not X, <why>" where X is one of the options the assistant put forward: said right after the person took
    another of them, it is why that one was taken, and nothing of the person's own is put right."""
    m = _NOT_THE_OTHER_RE.match(trim(sent).strip(TRIM))
    if not m:
        return False
    named = set(re.findall(r"\w+", m.group("wrong").lower())) - {"the", "a", "an", "that", "this", "it"}
    return bool(named) and named <= set(re.findall(r"\w+", offers.lower()))


# "no, no Postgres, sqlite is enough for me, we make maybe 30 quotes a month": the offer turned down, and what will do
# instead, said as enough
_NO_X_ENOUGH_RE = re.compile(
    rf"^(?:(?:no|nah|nope|non|nein)[\s,.!—–-]+)?(?:no|not|{_NOT_WORDS})\s+(?P<wrong>[^,;]{{1,30}}?)\s*[,;:—–]\s*"
    r"(?P<choice>(?:the\s+|a\s+|plain\s+|just\s+)?[\w.+#-]+(?:\s+[\w.+#-]+){0,2}\s+(?:is|are|'s)\s+(?:more\s+than\s+|really\s+|"
    r"totally\s+|easily\s+)?(?:enough|fine|plenty|good\s+enough|all\s+(?:I|we)\s+need)\b.*)$",
    IC,
)


def enough_said(sent: str) -> str | None:
    """What will do, as said ("sqlite is enough for me, …"): the quote of a decision/enough, without the offer."""
    m = _NO_X_ENOUGH_RE.match(trim(sent).strip(TRIM))
    return m.group("choice") if m else None


def enough_instead(sent: str, offers: str, who: str) -> Found | None:
    """decision/enough: "no Postgres, sqlite is enough for me" to an offer of Postgres: what will do is the decision,
    and the offer is no part of it."""
    m = _NO_X_ENOUGH_RE.match(trim(sent).strip(TRIM))
    if not m or not offered(m.group("wrong"), offers):
        return None
    return Found(f"Decision: {cap(third_person(m.group('choice').strip(TRIM), who))}", "decision", "decision/enough",
                 "decision", confidence=0.75)  # fmt: skip


# what the person wrote before, then what it is ("Sorry, I wrote 22 singers, it is 26, four new altos joined in
# September", "I wrote that we moved to Stellenbosch in 1979 but it was 1981, the year Marietjie was born")
_I_WROTE_RE = re.compile(
    r"^(?:(?:sorry|oops|my\s+bad|wait|ah)[,!.\s]+)*I\s+(?P<said>wrote|said|typed|put|told\s+you|gave\s+you)\s+(?:that\s+)?"
    r"(?P<wrong>[^,;]{2,80}?)(?:\s*,\s*|\s*;\s*)(?:(?:actually|in\s+fact|really)\s+)?"
    r"(?P<it>it|that|they|there|he|she)\s*(?P<verb>is|was|'s|are|were|should\s+be|has\s+to\s+be)\s+(?:actually\s+|really\s+)?"
    r"(?P<right>[^,;.]{1,60}?)\s*(?:[,;.]\s*(?P<rest>.*))?$",
    IC,
)


# "and the limit, 6 is wrong actually, it should be 4 degrees, the dairy changed the rule last spring": a value said
# to be wrong, then what it should be
_WRONG_SHOULD_RE = re.compile(
    r"^(?:(?:and|also|oh|ah|wait|sorry)[,\s]+)*(?:(?:the\s+)?(?P<topic>[\w\s-]{2,30}?)\s*[,:]\s+)?(?P<wrong>[^,;]{1,30}?)\s+"
    r"(?:is|was|'s)\s+wrong(?:\s+actually)?\s*[,;:—–]\s*(?:(?:it|that|this|they)\s+should\s+be|(?:it|that)'?s|(?:it|that)\s+is)\s+"
    r"(?P<right>[^,;.]{1,40}?)\s*(?:[,;.]\s*(?P<why>.*))?$",
    IC,
)


def own_slip(sent: str, who: str) -> Found | None:
    """correction/own-slip: what the person wrote before, put right by them ("I wrote 22 singers, it is 26"), or a
    value said to be wrong and what it should be ("6 is wrong actually, it should be 4 degrees")."""
    body = trim(sent).strip(TRIM)
    wrong = _WRONG_SHOULD_RE.match(body)
    if wrong and not refused(wrong.group("wrong")):
        topic = f"{cap(wrong.group('topic').strip())}: " if wrong.group("topic") else ""
        why = (wrong.group("why") or "").strip(TRIM)
        said = wrong.group("wrong").strip(TRIM)
        text = (
            f"Correction: {said} should be {wrong.group('right').strip(TRIM)}"  # "the date is wrong, it should be …"
            if re.match(r"(?:the|my|our|your|this|that)\s", said, IC)
            else f"Correction: {topic}{wrong.group('right').strip(TRIM)}, not {said}"
        )
        return _slip(text + (f"; {third_person(why, who)}" if why else ""), sent)
    # (what is asked after it is no part of it: "…, so please fix that everywhere it appears, also in the timeline")
    asked = re.split(
        r",\s*(?:so\s+)?(?:please|pls|can\s+you|could\s+you)\b", trim(sent), maxsplit=1, flags=IC
    )[0]
    # (and when it runs long, its first clause: "I said Vlisco earlier but it's mostly GTP and Woodin that I stock, …")
    said_but = _SAID_BUT_RE.match(asked.strip(TRIM)) or _SAID_BUT_RE.match(asked.split(", ")[0].strip(TRIM))
    if said_but:
        # ("I wrote that we moved to Stellenbosch in 1979 but it was 1981", anywhere in a message: as `correction`
        # reads it right after the assistant)
        return _slip("Correction: " + cap(third_person(said_but.group("x").strip(TRIM), who)), sent)
    m = _I_WROTE_RE.match(body)
    if not m or refused(m.group("wrong")):
        return None
    why = (m.group("rest") or "").strip(TRIM)
    why = (
        ""
        if not why or re.match(r"(?:so\s+)?(?:please|pls|can\s+you|could\s+you|fix|change)\b", why, IC)
        else why
    )
    why = re.split(r",\s*(?:so\s+)?(?:please|pls)\b", why, maxsplit=1, flags=IC)[0].strip(TRIM)
    said = third_person(m.group("wrong").strip(TRIM), who)
    text = f"Correction: {m.group('it').lower()} {m.group('verb')} {m.group('right').strip(TRIM)}, not as {who} {m.group('said').split()[0].lower()} ({said})"
    return _slip(text + (f"; {third_person(why, who)}" if why else ""), sent)


def _slip(text: str, sent: str) -> Found:
    return Found(
        text, "correction", "correction/own-slip", subject_of(sent) or "", confidence=0.8, priority="high"
    )


# "Cud u, not use loads of abbreviations": a request to the assistant, not two values
_ASKING_RE = re.compile(r"^(?:can|could|cud|would|wud|will|pls|plz|please)\s+(?:you|u|ya|yu)\b", IC)


def correction(sent: str, nxt: str, assistant: str, who: str, whole: str = "") -> Found | None:
    """correction/*: only right after an assistant message. `assistant` is its opening, what a correction is read
    against; `whole` is all of it, where an option turned down may be found (the third item of a list)."""
    offers = whole or assistant
    sent = _EMOJI_JOINT_RE.sub(", ", sent)  # "not ICASSP 🙃 it's Interspeech": the emoji is a comma
    found = enough_instead(sent, offers, who)
    if found:
        return found
    m = _SAID_NOT_RE.search(sent)
    if m:
        text = f"{third_person(m.group('right').strip(TRIM), who)}, not {m.group('wrong').strip(TRIM)}"
        return Found("Correction: " + cap(text), "correction", "correction/said", subject_of(sent) or "",
                      confidence=0.85, priority="high")  # fmt: skip
    for regex in (_WRONG_RE, _NO_RE, _ACTUALLY_RE, _MY_MISTAKE_RE, _LABELLED_RE, _SAID_BUT_RE):
        m = regex.search(sent)
        if m:
            rest = trim(m.group("x") or "").strip(TRIM) or trim(nxt).strip(TRIM)
            if len(rest) < 3 or refused(rest) or _DECLINING_RE.match(rest):
                return None  # "no, not bringing TCA in", "No, I'm not buying a chest strap": an offer turned down
            if regex is _NO_RE and chose(rest):
                return None  # read as the person's choice, on its own
            # ("No, it's not Gmail. It's a btinternet address": what it is comes next)
            only_wrong = re.match(
                r"^(?:(?:it's|its|it is|that's|thats|that is|it was|they're|theyre|they are)\s+)?"
                rf"(?:{_NOT_WORDS})\s+(?P<wrong>[^,;]{{1,30}})$",
                rest,
                IC,
            )
            # the same with why after it ("No, not Grafana, my father must be able to use it and he only knows
            # this one page"): a reason names nothing in the offer's place ("not Grafana, we use Zabbix" does)
            with_why = (
                _NOT_THEN_WHY_RE.match(rest) or _NONE_FOR_ME_RE.match(rest) or _NO_X_THEIR_WHY_RE.match(rest)
            )
            why = (with_why.group("why") or "") if with_why else ""
            if (
                with_why
                and not _USING_RE.match(why)
                # ("no, not Terraform, we never add infra tooling on this team": a why that stands is a rule)
                and not Suggested.lasts(why)
                and offered(with_why.group("wrong"), offers)
            ):
                if not any(_WE_USE_RE.match(c) for c in clauses(nxt)):
                    # the why is said; what comes next is another matter ("No, not Quarto, I don't want to learn
                    # another tool now, pandoc works. There is a heatwave, it is 34 degrees in my office today")
                    return None
                only_wrong = with_why
            if (
                only_wrong
                and offered(only_wrong.group("wrong"), offers)
                and not any(_USING_RE.match(c) for c in clauses(nxt))
            ):
                # "Want me to set up a Prophet baseline?" -> "no, not Prophet. We tried it …": turned down,
                # nothing named in its place ("No, not SILVA. … so we use the MitoFish reference" corrects)
                return None
            if only_wrong and nxt and not refused(nxt):
                # "Non, not 4.3. We have R 4.4.1, on my laptop and on the cluster": the next sentence is right
                return _right_after(nxt, only_wrong.group("wrong"), who)
            found = _values_correction(rest, assistant, who) or _isnt_its(rest, assistant)
            if found:
                return found
            if len(rest) < 6:
                return None
            if (
                m.group("x")
                and _ONLY_NOT_RE.search(rest)
                and nxt
                and not refused(nxt)
                and not _ONLY_NOT_RE.search(nxt)
                and not _DECLINING_RE.match(trim(nxt))
                and not _NEW_TOPIC_RE.match(trim(nxt))
                # ("My labmate Kavya uses wandb for everything and keeps saying I should too")
                and not others_habit(trim(nxt))
                and not someone_elses(trim(nxt))
            ):
                # "No, here we don't sell by the dozen. We sell by the crate": what is not, then what is
                right = third_person(trim(nxt).strip(TRIM), who)
                right = right[:1].lower() + right[1:] if not re.match(r"(?-i:[A-Z]{2}|I\b)", right) else right
                return Found(f"Correction: {cap(third_person(rest, who))}; {right}", "correction", "correction/no",
                             subject_of(rest) or "", confidence=0.85, priority="high")  # fmt: skip
            return Found("Correction: " + cap(third_person(rest, who)), "correction", "correction/no",
                          subject_of(rest) or "", confidence=0.85, priority="high")  # fmt: skip
    m = _NOT_ANYMORE_RE.match(sent.strip(TRIM))
    if m and nxt and not refused(nxt) and _named_in(m.group("wrong"), assistant):
        # "we're not 40 any more. We're 28 members now": the number the assistant used, and the right one
        return _right_after(nxt, m.group("wrong"), who)
    m = _NOT_FIRST_RE.match(sent.strip(TRIM)) or _NOT_THEN_RE.match(sent.strip(TRIM))
    if m:
        right, wrong = m.group("right").strip(TRIM), m.group("wrong").strip(TRIM)
        if _A_REASON_RE.match(right):
            return None  # "Not data.table, it is too cryptic for the team": why an offer is turned down
        said = _values_correction(f"{right}, not {wrong}", assistant, who)
        named = _without_article(wrong)
        if said is None and "," in right and _named_in(named, assistant):
            # "It's not an iPhone honey, it's a Samsung, the Galaxy A15": the right one, said at length
            said = Found(f"Correction: {cap(third_person(right, who))}, not {wrong}", "correction", "correction/values",
                         subject_of(right) or "", confidence=0.8, priority="high")  # fmt: skip
        return said
    found = _pronoun_not(sent.strip(TRIM), assistant, who)
    if found:
        return found
    if _VALUES_RE.match(sent.strip(TRIM)) and not _ASKING_RE.match(sent.strip(TRIM)):
        return _values_correction(sent, assistant, who)
    m = _NO_THING_RE.match(sent.strip(TRIM))
    if m and re.search(rf"(?<!\w){re.escape(m.group('thing'))}(?!\w)", assistant, IC):
        why = trim(nxt).strip(TRIM)
        why = "" if _THANKS_RE.match(nxt.strip(TRIM)) or _THANKS_RE.match(why) else why
        if _FOR_NOW_RE.match(why):
            return None  # "no karpenter. not now.": turned down for now, no correction of anything
        return Found(f"No {m.group('thing')}" + (f" ({third_person(why, who)})" if why else ""), "correction",
                     "correction/no-thing", subject_of(m.group("thing")) or "", confidence=0.8, priority="high")  # fmt: skip
    return None


# "it is a classical guitar, with nylon strings, not steel": the right version, then what it is not
_ENDS_NOT_RE = re.compile(r"^(?P<right>.{6,120}?),?\s+not\s+(?P<wrong>[\w.+#-]+(?:\s+[\w.+#-]+)?)$", IC)


# "the web tier isn't Ubuntu, it's Rocky Linux 9": what it is about, what it is not, what it is
_ISNT_ITS_RE = re.compile(
    r"^(?:(?:no|nope|nah)[,.!]?\s+)?(?P<topic>(?:the|our|my|this|that)\s+[^,]{2,40}?)\s+(?:isn't|is not|isnt|aren't|"
    r"are not|wasn't|was not)\s+(?P<wrong>[^,]{1,30}),\s*(?:it's|it is|its|they're|they are|it was)\s+(?P<right>[^,;]{2,60})$",
    IC,
)


# "they're not raised beds, they're lazy beds", "Sorry, it isn't a Honda, it's a Yamaha": what it is not
# and what it is, both said of "it/they/that"; kept only when the assistant named the wrong one
_PRONOUN_NOT_RE = re.compile(
    r"^(?:(?:no|nah|nope|sorry|oops|ah|oh|actually|wait)[,.!]?\s+)*"
    r"(?:(?:it's|it is|its|it was|that's|that is|that was|they're|theyre|they are|they were|these are|those are)\s+not"
    r"|(?:it|that|they|these|those)\s+(?:isn't|isnt|aren't|arent|wasn't|wasnt|weren't|werent))"
    r"\s+(?P<wrong>[^,;]{1,40}?),\s*(?:but\s+)?(?:it's|it is|its|it was|that's|that is|they're|theyre|they are|"
    r"they were|these are|those are)\s+(?P<right>[^,;]{2,60})$",
    IC,
)


def _pronoun_not(body: str, assistant: str, who: str) -> Found | None:
    """ "Sorry, they're not raised beds, they're lazy beds" after the assistant wrote of raised beds ->
    "Raised beds: lazy beds, not raised beds" (or the assistant's topic)."""
    m = _PRONOUN_NOT_RE.match(body)
    if not m:
        return None
    wrong, right = m.group("wrong").strip(TRIM), m.group("right").strip(TRIM)
    if _A_REASON_RE.match(right) or not _named_in(_without_article(wrong), assistant):
        return None
    return _values_correction(f"{right}, not {wrong}", assistant, who)


def _isnt_its(body: str, assistant: str) -> Found | None:
    """ "the web tier isn't Ubuntu, it's Rocky Linux 9" after the assistant named Ubuntu -> "Web tier:
    Rocky Linux 9, not Ubuntu"."""
    isnt = _ISNT_ITS_RE.match(body)
    if not isnt:
        return None
    wrong, right = isnt.group("wrong").strip(TRIM), isnt.group("right").strip(TRIM)
    if not _named_in(wrong, assistant):
        return None
    topic = re.sub(r"^(?:the|our|my|this|that)\s+", "", isnt.group("topic"), flags=IC)
    return Found(f"{cap(topic)}: {right}, not {wrong}", "correction", "correction/named", subject_of(body) or "",
                 confidence=0.85, priority="high")  # fmt: skip


# what the assistant said a thing is, denied ("dinner is not included, only breakfast" to "… dinner and breakfast
# included"): a term of the person's own offer or rules, put right
_NOT_SO_RE = re.compile(
    r"^(?P<thing>(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:is|are)\s+not\s+(?P<so>included|free|extra|optional|"
    r"available|allowed|permitted|possible|required|needed|necessary|mandatory|compulsory|refundable|paid|public|private|"
    r"vegan|vegetarian|halal|kosher|gluten-free|online|weekly|monthly|daily|yearly|annual|fixed|shared|open\s+on\s+\w+)"
    r"(?P<rest>\s*(?:[,;]\s*(?:only|just|but)\s+[^,;.]{2,40}|[,;]?\s+(?:it's|its|it\s+is|they\s+are|they're)\s+[^,;.]{2,40})?)[.!]*$",
    IC,
)


def _not_so(body: str, assistant: str, who: str) -> Found | None:
    """correction/not-so: "dinner is not included, only breakfast" when the assistant named both the thing and
    what it was said to be."""
    m = _NOT_SO_RE.match(body)
    if not m or not _named_in(_without_article(m.group("thing")), assistant):
        return None
    if not _named_in(m.group("so").split()[0], assistant):
        return None
    return Found("Correction: " + cap(third_person(body.strip(TRIM), who)), "correction", "correction/not-so",
                 subject_of(body) or "", confidence=0.8, priority="high")  # fmt: skip


def named_correction(sent: str, assistant: str, who: str) -> Found | None:
    """correction/named: "It's a second-order lens up there, not first-order." later in a reply, when
    the assistant's message before it named the wrong value: the person set that right."""
    body = correcting(sent).strip(TRIM)
    # ("Sorry, my son is Lukas, not Luca"): the apology is no part of what is set right
    body = re.sub(r"^(?:(?:sorry|oops|ah|oh|my bad|whoops)\b[,!.\s]*)+(?=\w)", "", body, flags=IC) or body
    found = _isnt_its(body, assistant) or _not_so(OWN_SLIP_TAIL_RE.sub("", body).strip(TRIM), assistant, who)
    if found:
        return found
    m = _VALUES_RE.match(body) or _ENDS_NOT_RE.match(body)
    if not m or _ASKING_RE.match(body) or refused(body):
        return None
    wrong = m.group("wrong").strip(TRIM)
    if len(wrong) < 2 or not _named_in(wrong, assistant):
        return None
    if _NO_NEED_RE.match(wrong) or _DROP_RE.match(body):
        return None  # "Skip the Quarto report, not needed": an offer let go, whatever word the assistant used
    if re.fullmatch(
        r"(?:(?:lol|haha|ok|okay|oh)[\s,]+)*(?:no|nah|nope|non|nein)[.!]?,?\s*not\s+.+", body, IC
    ):
        return None  # "lol no, not GORM": a no with nothing said in its place
    found = _values_correction(body, assistant, who)
    if found:
        return found
    return Found("Correction: " + cap(third_person(body, who)), "correction", "correction/named",
                 subject_of(body) or "", confidence=0.8, priority="high")  # fmt: skip
