"""Rewrite first-person sentences in the third person, so a fact reads on its own.

"my cat's name is Whiskerino" -> "the user's cat's name is Whiskerino";
"I love my garden" -> "the user loves their garden". The first mention becomes
the subject ("the user" or the speaker's name), later ones become they/their/them.
A small verb table covers the common irregular forms; regular verbs take -s/-es.
"""

from __future__ import annotations

import re

_ADVERB_WORDS = (
    "really also usually always never often sometimes just still actually definitely totally absolutely "
    "mostly generally rarely truly strongly much kinda only even already currently now recently "
    "finally personally honestly seriously almost also rather ever seldom sorta lowkey def prob literally"
)
ADVERBS = frozenset(_ADVERB_WORDS.split())
# verbs that end like an -ly adverb ("I rely on …", "I apply …")
_LY_VERB_WORDS = "apply reply rely supply multiply imply comply fly ally bully rally tally"
_LY_VERBS = frozenset(_LY_VERB_WORDS.split())
_MODAL_WORDS = "can could will would should shall may might must cannot oughta gotta gonna wanna"
MODALS = frozenset(_MODAL_WORDS.split())
_PAST_WORDS = (
    "was were had did got made said took saw came knew thought told bought left felt found gave met ran wrote "
    "went began brought built caught chose drew drove ate fell fought flew forgot grew heard held kept lay led "
    "lost meant paid put read rode rose sang sat slept spoke spent stood stole swam taught threw understood "
    "woke wore won became sold sent shot stuck struck dug fed hung hid lent sought shook bent bit blew bred broke "
    "burnt dealt drank fled froze knelt leapt rang sank shrank slid sped spun sprang stung swept swore swung tore "
    "wept withdrew forgave mistook overtook undertook withheld"
)
IRREGULAR_PAST = frozenset(_PAST_WORDS.split())
SPECIAL = {
    "am": ("is", "are"),
    "was": ("was", "were"),
    "have": ("has", "have"),
    "do": ("does", "do"),
    "don't": ("doesn't", "don't"),
    "haven't": ("hasn't", "haven't"),
    "go": ("goes", "go"),
    "be": ("is", "are"),
    "wasn't": ("wasn't", "weren't"),
    # typed without the apostrophe
    "dont": ("doesn't", "don't"),
    "havent": ("hasn't", "haven't"),
}
# negations typed without the apostrophe keep their form ("I cant", "I didnt")
_BARE_NEGATION_WORDS = "cant wont didnt couldnt wouldnt shouldnt wasnt isnt aint"
_BARE_NEGATIONS = frozenset(_BARE_NEGATION_WORDS.split())
CONTRACTIONS = {
    "i'm": ("{S} is", "they're"),
    "i've": ("{S} has", "they've"),
    "i'd": ("{S} would", "they'd"),
    "i'll": ("{S} will", "they'll"),
    "im": ("{S} is", "they're"),  # typed without the apostrophe
    "ive": ("{S} has", "they've"),
}
POSSESSIVE = {
    "my": ("{P}", "their"),
    "mine": ("{P}", "theirs"),
    "me": ("{S}", "them"),
    "myself": ("{S}", "themself"),
}
_TOKEN_RE = re.compile(r"\S+|\s+")
_EDGE_RE = re.compile(r"^([^\w']*)(.*?)([^\w']*)$")


def conjugate(verb: str) -> str:
    """Third person singular present of a verb that followed "I" (past and modals unchanged)."""
    low = verb.lower()
    head, dash, last = verb.rpartition("-")
    if dash and head.replace("-", "").isalpha() and last.isalpha():
        return f"{head}-{conjugate(last)}"  # "I self-review" -> "self-reviews"
    if low in SPECIAL:
        return SPECIAL[low][0]
    if (
        low in MODALS
        or low in IRREGULAR_PAST
        or low in _BARE_NEGATIONS
        or low.endswith(("ed", "n't", "ing"))
        or not low.isalpha()
    ):
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def is_adverb(word: str) -> bool:
    """A word between "I" and its verb ("I really like", "I explicitly asked")."""
    low = word.lower()
    return low in ADVERBS or (len(low) > 4 and low.endswith("ly") and low not in _LY_VERBS)


def possessive(subject: str) -> str:
    return subject + ("'" if subject.endswith("s") and subject[:1].isupper() else "'s")


# words in quotes are somebody's words, kept as said ("stop ending with 'let me know if…'")
# (a quote the trimming left open runs to the end)
_QUOTED_RE = re.compile(r"[\"“][^\"”]{1,200}(?:[\"”]|$)|(?<![\w'])'[^']{1,200}(?:'(?![\w'])|$)")


def third_person(text: str, subject: str = "the user") -> str:
    """`text` with I/my/me rewritten; the first mention names `subject`, later ones use they.
    Quoted words stay as they were said."""
    quoted: list[str] = []

    def hide(m: re.Match[str]) -> str:
        quoted.append(m.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    hidden = _QUOTED_RE.sub(hide, text)
    if not quoted:
        return _third_person(text, subject)
    return re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m.group(1))], _third_person(hidden, subject))


def _third_person(text: str, subject: str) -> str:
    out: list[str] = []
    named = subject == "they"
    pending: str | None = None  # "S" after a named "I", "they" after a pronoun "I"
    for token in _TOKEN_RE.findall(text):
        if token.isspace():
            out.append(token)
            continue
        lead, core, trail = _EDGE_RE.match(token).groups()  # type: ignore[union-attr]
        low = core.lower()
        if pending and core:
            if low == "not":  # "I not use Shopify" (said without "do") -> "the user does not use"
                out.append(lead + ("does not" if pending == "S" else "do not") + trail)
                pending = None
                continue
            if is_adverb(low):
                out.append(token)
                continue
            if pending == "S":
                core = conjugate(core)
            elif low in SPECIAL:
                core = SPECIAL[low][1]
            pending = None
            out.append(lead + core + trail)
            continue
        replacement: str | None = None
        if low == "i":
            replacement = "they" if named else subject
            pending = "they" if named else "S"
        elif low in CONTRACTIONS:
            replacement = CONTRACTIONS[low][1] if named else CONTRACTIONS[low][0]
        elif low in POSSESSIVE:
            replacement = POSSESSIVE[low][1] if named else POSSESSIVE[low][0]
        if replacement is None:
            out.append(token)
            continue
        replacement = replacement.replace("{S}", subject).replace("{P}", possessive(subject))
        named = True
        out.append(lead + replacement + trail)
    return "".join(out)


def sentence(text: str) -> str:
    """Capitalised, single-spaced, ending with a full stop (unless it ends with ! or ?)."""
    text = " ".join(text.split()).strip(" ,;:-")
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
