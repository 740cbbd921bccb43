"""The offline observer: rule-based extraction of what a person states, no model, no network.

It reads what the person typed (user-role messages), cleaned and cut into sentences and
clauses by `jarvis.observe.phrasing`, and keeps statements that match a phrasing family
(`jarvis.observe.families`). Sentence-level families, checked first:

- request/*: a request to remember with any object, at either end of the sentence ("remember
  this rule: X", "remember that X", "note to self: X", "make a note: X", "for the record, X",
  "FYI X", "please remember …", "X — worth having somewhere"); the object is read again by
  the clause families, so "remember that I'm vegetarian" is a health fact said explicitly;
- rule/from-now-on: "from now on X" and "X, from now on" (also "going forward", "in future");
- correction/topic: "Formatting: ruff format, not black" (the topic is in the sentence);
- correction/*: right after an assistant message, "no, it's fish not bash", "that's wrong …",
  "actually …", "I said X, not Y". A correction that names only values takes its topic from
  the tool kind ("Shell: uses fish, not bash") or from the words before the wrong value in
  the assistant's message ("HTTP timeout: 10 seconds, not 30").

Then each clause: rules, decisions, self-descriptions, environment facts, preferences, and a
relation named with a person ("my partner Sam …" -> the user's partner is Sam). One fact per
clause, at most one per family per sentence. Refused: questions, hypotheticals and hedges,
the assistant's words, quoted or pasted text, code, other people's preferences (families
only read a first-person subject, or a thing, never "Tom prefers …").

Limits (adr/0032, adr/0085): English only, no coreference, nothing implied across sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from jarvis.config import ObserveConfig
from jarvis.observe.corrections import (
    OWN_SLIP_TAIL_RE,
    WHERE_WRONG_RE,
    agreed_no,
    chose,
    cleft_correction,
    correcting,
    correction,
    enough_said,
    named_correction,
    no_then_choice,
    own_slip,
    the_other_turned_down,
    topic_correction,
)
from jarvis.observe.declined import (
    LET_GO_TAIL_RE,
    NO_AFTER,
    OTHER_CHOICE_RE,
    Suggested,
    fold,
    mention_re,
    mentions,
    offered_words,
    only_put_forward,
    words,
)
from jarvis.observe.families import (
    AGE_ROLE,
    APPOSITIVES,
    BUDGET,
    DECISIONS,
    ENVIRONMENT,
    LIFE,
    READS_ON,
    RULES,
    SETUP,
    SHIFTS,
    STACK,
    WORLD,
    Family,
    Found,
    cap,
)
from jarvis.observe.judge import (
    TOKEN_RE,
    Judge,
    admissible,
    given_up,
    hearsay,
    impression,
    of_the_moment,
    others_habit,
    outsider_first,
    passing,
    someone_elses,
    their_opinion_follows,
    their_peoples,
    their_say_starts,
    turned_down,
    turned_down_at,
    work_asks,
)
from jarvis.observe.legacy import LEGACY, legacy_ok
from jarvis.observe.lexicon import (
    DECIDED_ABROAD,
    IC,
    KIN_HE,
    KIN_SHE,
    MONTHS,
    PLAIN_LABELS,
    RELATIONS,
    RULE_LABELS,
    TRANSIENT,
    TRIM,
    WEEKDAYS,
)
from jarvis.observe.perspective import possessive, sentence, third_person
from jarvis.observe.phrasing import (
    IS_IT_OK,
    LEAD_FILLER_RE,
    before_question,
    clauses,
    code_mark,
    plain,
    refused,
    split_sentences,
    their_documents,
    trim,
)
from jarvis.observe.schema import Fact, ObserverOutput, Segment
from jarvis.observe.selfdesc import (
    ACTIVITY_AFTER,
    ACTIVITY_AT,
    CAN_ONLY,
    HOME_IN,
    IDENTITY,
    IN_PASSING,
    MY_DEVICE,
    OUR_NAMED,
    OWN_RIDERS,
    OWNED,
    PAYDAY,
    PERSON_FACTS,
    RELATION_FACTS,
    RIDER_NAMES,
    SELF,
    STATEMENT,
    STUDY,
    WE_PLACE,
    WORK_AND_HAVE,
    plain_statement,
)
from jarvis.observe.sessions import SessionEvent
from jarvis.taxonomy import subject_of

__all__ = ["OfflineObserver", "extract_sentence", "split_sentences"]

USER_NAMES = frozenset({"", "user", "human", "me", "you"})
CLAUSE_FAMILIES: tuple[Family, ...] = (
    *RULES,
    *DECISIONS,
    *SELF,
    *ENVIRONMENT,
    *OWNED,
    *IDENTITY,
    WE_PLACE,
    PAYDAY,
    CAN_ONLY,
    RELATION_FACTS,
    STUDY,
    *WORK_AND_HAVE,
    PERSON_FACTS,
    *IN_PASSING,
    *LEGACY,
    STATEMENT,
    BUDGET,
    SHIFTS,
    SETUP,
    READS_ON,
    AGE_ROLE,
    *LIFE,
    WORLD,
    STACK,
)
# rule/label: "Rule of thumb here: X", "House rule: X"; "X, that's a house rule" at the end
# "house rule: X", "convention here: X", "house rule and I should have said earlier: X"
# "I mean this for everything you write in this repo, not just today: …" names what follows a rule
_LASTING_LABEL_RE = re.compile(
    r"^(?:(?:and|also|one thing|and one thing)[,\s]+)*I\s+mean\s+(?:this|it)\s+for\s+(?:everything|all|every|anything)"
    r"[^:]{0,60}?\s*:\s*(?=\S)",
    IC,
)
_LABEL_RE = re.compile(
    # ("Rule, and please remember it because I forget it at 4am: never run …")
    # ("Yes please, and this is a rule for you in this repo from now on: anything that can reboot a host, …")
    r"^(?:(?:yes|yeah|yep|ok|okay|right|sure|also|and|oh|please|so|great|thanks)\b[\s,!.]+)*"
    rf"(?:(?P<rule>{RULE_LABELS})(?:\s+(?:here|first|(?:for|in|from|going|across|on)\s+(?:[^:.?!—–-]|(?<=\w)-(?=\w)){{1,50}}?)|"
    rf",?\s+and [^:]{{1,80}})?(?:\s+(?:btw|by the way|too|though|pls|plz|please))?|{PLAIN_LABELS})"
    # ("the rule in infra-live is …": a hyphen inside a word is no dash)
    r"(?:\s*[:—–]|\s+-|(?<!\w)-)[:—–-]*\s*(?P<x>.{3,})$",
    IC,
)
_RULE_TAG_RE = re.compile(
    r"^(?P<x>.{4,}?)[\s,;—–-]+(?:that's|that is|it's|it is)\s+(?:a|the|our|my)\s+(?:\w+\s+)?(?:rule|convention|policy)"
    # ("…, that is a rule for the whole package, the dependencies must stay small": its scope and why)
    r"(?:(?:\s+(?:for|in|across)\s+[^,.;]{2,40})?[,;]\s*[^,;]{3,80})?[.!]*$",
    IC,
)
# decision/answer: the assistant asked "X or Y?" and the person answered with one of them
_CHOICE_RE = re.compile(
    r"(?P<a>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+or\s+(?P<b>[\w.+#-]+(?:\s+[\w.+#-]+)?)(?P<tail>\s+(?:for|in|on|as)\s+[^?]+)?\?",
    IC,
)
# Families that address the listener ("never …", "stop …", "let's …"): an instruction to the
# assistant, but only advice when friends talk to each other ("never give up", "let's keep going").
ADDRESSED = frozenset(
    [
        "rule/imperative",
        "rule/dont-ever",
        "rule/dont",
        "rule/stop",
        "rule/must",
        "rule/general",
        "rule/please",
        "world/habitual",
        "environment/stack",
        "rule/none",
        "rule/never-x",
        "rule/no-x",
        "rule/not",
        "rule/only-in",
        "rule/only-please",
        "rule/max",
        "rule/keep-it-no",
        "rule/languages",
        "decision/lets",
        "decision/stay",
    ]
)

# request/start: "remember this rule: X", "note to self: X", "for the record, X", "FYI X"
# cues that tell rather than ask to keep: what they carry is kept only when it lasts
_TELLING_CUES = r"fyi|f\.y\.i\.?|just so you know|for your information|heads up|(?:some |quick |for |a bit of )?(?:context|background)"
_REQUEST_CUES = (
    rf"{_TELLING_CUES}|remember|memori[sz]e|note to self|make a note|take a note|note|for the record|"
    r"for future reference|keep in mind|bear in mind|"
    r"don't forget|do not forget|never forget|jot (?:this |that )?down|save this|log this|"
    r"remind me(?: (?:that|about))?|"
    r"(?:hobby|side|current|main|work|day-job) project|"
    # "one more thing for the future: the statistics are in another repo"
    r"(?:(?:one more|another|a|something)\s+(?:thing|note)\s+)?for (?:the future|later|next time|future sessions)"
)
_REQUEST_RE = re.compile(
    # ("What I do want you to remember: Flutter is pinned to 3.24")
    r"^(?:(?:please|can you|could you|would you|will you|i want you to|i'd like you to|i need you to|"
    r"what i (?:do |really )?(?:want|need) you to)\s+)*"
    rf"(?P<cue>{_REQUEST_CUES})"
    # "just so you know for later: …", "fyi for the future: …"
    r"(?:\s+for\s+(?:later|the future|next time|future reference|future sessions))?"
    r"(?P<what>\s+(?:this|that|the following|a|one more|another)?\s*(?P<rule>rule|convention)?"
    r"(?:\s*(?:fact|preference|decision|thing|one))?\b(?=\s*[:—–-])|\s+(?:of|about)\s+(?:this|that))?"
    r"(?:\s*[:,—–-]+\s*|\s+that\s+|\s+(?=(?:I|I'm|I've|my|we|we're|our|he|she|they)\b)"
    r"|(?P<bare>\s+)(?=\w+\s+\w+))"
    r"(?P<x>.{3,})$",
    IC,
)
# request/end: "I'm allergic to penicillin — worth having somewhere", "…, remember that"
_REQUEST_END_RE = re.compile(
    r"^(?P<x>.{6,}?)[\s,;—–-]+(?:please\s+|pls\s+)?(?:(?:remember|note|don't forget|do not forget) (?:that|this|it)"
    # "…, please remember that date", "… - note that one"
    r"(?: (?:date|day|one|number|name|time|address|path|bit))?(?: (?:please|pls|for me|for later|too))?|"
    r"keep (?:that|this|it) in mind|for the record|make a note of (?:that|it)|"
    r"worth (?:having|keeping|noting|remembering|knowing)"
    r"(?: (?:that|this|it))?(?: somewhere| down| on file)?|for future reference|fyi)"
    # and why it is asked ("— please remember this, because I will ask you more things about it")
    r"(?:,?\s+(?:because|cause|cos|as|since|so)\s+(?:I|I'll|we|we'll|you)\b[^.!?:]{3,120})?"
    r"[.!]*$",
    IC,
)
_TELLING_CUE_RE = re.compile(_TELLING_CUES, IC)
_BARE_CUES = frozenset(
    [
        "remember",
        "don't forget",
        "do not forget",
        "never forget",
        "keep in mind",
        "bear in mind",
        "fyi",
        "heads up",
        "remind me",
        "remind me that",
        "remind me about",
    ]
)
_NOSTALGIA_RE = re.compile(r"^(?:when|the time|how|what|who|where|back when|those|that day|us)\b", IC)
# rule/from-now-on, at either end
_FROM_NOW_LATER_RE = re.compile(
    r"[,;—–]\s*(?:and\s+)?((?:from now on|going forward|from here on(?: out)?|henceforth|starting today)\b)",
    IC,
)
_FROM_NOW_RE = re.compile(
    # "keep to it from now on: metric, please": the "it" is what follows the colon
    r"^(?:please\s+)?(?:(?:keep|stick|hold)\s+to\s+(?:it|this|that)\s+|do\s+(?:it|this)\s+)?(?:from now on|going forward|from here on(?: out)?|in (?:the )?future|henceforth|"
    r"starting today|as a rule|(?:from\s+)?next time(?: on)?|every time after this)[,:]?\s+(?P<x>.{4,})$"
    # ("please short answers from now"): "on" left off at the end
    r"|^(?P<y>.{4,}?)[,\s]+(?:from now on|from now|going forward|from here on(?: out)?|in (?:the )?future|henceforth)[.!]*$",
    IC,
)


def subject_for(event: SessionEvent) -> str:
    return "the user" if event.name.strip().lower() in USER_NAMES else event.name.strip()


# "Small thing about me: I prefer CTEs", "A little background first: I flew for Qantas": a short
# lead-in before a colon, then a first-person statement; the lead-in is no part of it
_LEAD_IN_RE = re.compile(
    r"^[^:]{1,120}?:\s+(?P<x>(?:I|I'm|I've|I am|my|we|we're|we are|our|please|pls|don't|do not|"
    r"never|always|no|remember|keep in mind|bear in mind|anything|everything|every|all)\b.{3,})$",
    IC,
)
# "Last thing: backups of web02 go to bkp03", "one more thing - …": a turn to the next point
_FILLER_LEAD_RE = re.compile(
    r"^(?:(?:and|oh|also|ok|okay)[,\s]+)?(?:last|one more|another|final|small|quick|side|other)\s+"
    r"(?:thing|note|point|detail|bit)\s*(?::|,|—|–|-)\s*(?=\S)",
    IC,
)
# a trailing aside after the statement: ", definitely not a programmer", ", six years now",
# ", we're in South Africa"; dropped (up to two) when the whole clause matches no family
_ASIDE_RE = re.compile(r"^(?P<x>.{6,}?)\s*,\s*(?P<aside>[^,]{2,48})$")
# a self-description, then a comma and what is going on this minute ("…, using the house knives rn")
_MOMENT_TAIL_RE = re.compile(
    r"^(?P<x>(?:I'm|I am|I've|I have|I work|I live|I teach|I study)\b[^,]{6,}?)"
    # ("im a staff nurse on a cardiac ward in leicester and the rota is killing me": "and" then another subject)
    r"(?:\s*,\s*|\s+(?:and|but|so)\s+(?=(?:the|my|our|this|that|it|everything)\b))\S",
    re.IGNORECASE,
)
# a consequence run on with "so" and no comma
_SO_TAIL_RE = re.compile(
    r"^(?P<x>\S.{10,}?)\s+(?:and\s+)?so\s+(?=(?:the|my|our|it|this|that|everything|I|I'm|im)\b)\S", IC
)
# "im a teacher", "ive been a nurse": the apostrophe left out
_TYPED = {"im": "I'm", "ive": "I've", "pls": "please", "plz": "please", "plse": "please", "kindly": "please"}
# the apostrophe left out of a negation ("nah dont rewrite it in ur words")
_NO_APOSTROPHE = "dont doesnt didnt isnt arent wasnt shouldnt wouldnt couldnt havent hasnt"
_TYPED |= {w: w[:-1] + "'t" for w in _NO_APOSTROPHE.split()}
# the g left off ("my girl keeps sayin i need …"): read as "saying"
_DROPPED_G = "sayin tellin askin pushin talkin goin doin tryin gettin makin workin naggin buggin"
_TYPED.update({w: w + "g" for w in _DROPPED_G.split()})
_TYPED_RE = re.compile(
    rf"^(?:im|ive)\b(?!')|\b(?:pls|plz|plse)\b|^kindly\b|\b(?:{'|'.join(_DROPPED_G.split())})\b'?"
    rf"|\b(?:{'|'.join(_NO_APOSTROPHE.split())})\b",
    IC,
)
# a subject with nothing to say about it: "new one is X", "it is X", "that one is X"
_VAGUE_SUBJECT_RE = re.compile(
    r"^(?:the\s+)?(?:(?:new|old|other|next|last|first|second|same|latest|current|right|wrong)\s+one|"
    r"it|this|that|this one|that one|one|which)\s+(?:is|was|'s|will be|should be)\s+\S+(?:\s+\S+)?$",
    IC,
)


# rule/standing-tag: a tag that makes the statement before it a standing instruction ("Short lists,
# no big paragraphs, that goes for everything you send me"; "Give me the numbers first. That's how
# I like stuff laid out, every time."; "explain it in Ukrainian, please always like this")
_THATS = r"(?:that's|that is|thats|it's|its|it is|this is)"
_STANDING_TAG_RE = re.compile(
    r"^(?:and\s+)?(?:that's|that is|thats|this is|it's|its)\s+how\s+(?:I|we|i|my\s+(?:brain|head|mind))\s+[^.?]{2,60}$"
    r"|^(?:and\s+)?(?:that|this)\s+goes\s+for\s+(?:everything|all|every|anything|any)\b[^.?]{0,50}$"
    # ("Please make it viridis, and please make that the rule for every figure you ever touch for me")
    r"|^(?:and\s+)?(?:please\s+)?make\s+(?:that|this|it)\s+(?:the|a)\s+(?:\w+\s+)?(?:rule|default|standard)\b[^.?]{0,60}$"
    r"|^(?:please\s+)?(?:always|every time|each time)(?:\s+like\s+(?:this|that))?(?:,?\s*please)?$"
    r"|^(?:please\s+)?like\s+(?:this|that),?\s+(?:always|every time|from now on)(?:,?\s*please)?$"
    r"|^(?:full stop|period|end of story|no exceptions|no ifs or buts|non-negotiable|never)[.!]*$"
    # "…, that's a rule for this repo", "that's team policy", "that's our convention here"
    rf"|^(?:and\s+)?{_THATS}\s+(?:a|the|our|my|team|house)\s+(?:\w+\s+)?(?:rule|policy|"
    r"convention|standard)s?\b[^.?]{0,40}$"
    # a comment on the rule before, then "always" ("keep it in Spanglish, that's our whole vibe, always")
    r"|^(?:that's|that is|thats|it's|its|this is)\b[^,.]{0,40},\s*(?:always|every time)[.!]*$"
    # "change it to TRANSFORM_S — that's the only warehouse we're allowed to use for dev work"
    rf"|^(?:and\s+)?{_THATS}\s+the\s+only\s+[\w-]+(?:\s+[\w-]+)?\s+(?:we're|we are|I'm|I am|you're|you are)\s+"
    r"allowed\s+to\s+(?:use|touch|run|deploy to|push to)\b[^.?]{0,120}$"
    # ("So it's decided, Big Pit it is" announces its own decision; it tags nothing before it)
    rf"|^(?:and\s+)?{_THATS}\s+(?:decided|final|settled|non-negotiable|not up for debate)\b"
    r"(?![,:;—–-]\s*\w)[^.?]{0,40}$"
    # "use numpy-style docstrings, that is what the rest of the repo uses": the house way, a rule
    rf"|^(?:and\s+)?{_THATS}\s+what\s+(?:the\s+rest\s+of\s+)?(?:the|this|our|my|every|all)\s+(?:other\s+)?(?:repo|repos|"
    r"codebase|project|projects|team|company|code|org|house|lab|office)\s+(?:uses|use|does|do|expects|expect|"
    r"follows|follow)\b[^.?]{0,40}$",
    IC,
)
# a rule about "it" alone ("don't propose it again", "do not change this"): it says nothing on its
# own; after a statement in the same sentence it belongs to that statement, else it is dropped
_ABOUT_IT_RE = re.compile(
    r"^(?:do not|don't|dont|never|stop|please don't|pls dont)\s+(?:\w+\s+){1,2}?(?:it|this|that|them|those)"
    r"(?:\s+(?:again|anymore|any more|ever|up|either|yet))*[.!]?$",
    IC,
)
_NOW_RE = re.compile(r"\b(?:today|tonight|now|right now|this time)\b", IC)
# a tag naming the clauses before a rule, all of them ("…, that's a rule for this repo")
_RULE_TAG_CLAUSE_RE = re.compile(rf"^(?:and\s+)?{_THATS}\s+(?:a|the|our|my|team|house)\b", IC)
# a comment on the clause before ("that's our whole vibe", "it's just my thing")
_COMMENT_RE = re.compile(rf"^(?:{_THATS}|this is)\b", IC)
# rule/asked: a standing instruction asked as a question ("please can you not use bullet points with
# me?", "could you always answer in Spanish?"); not a one-off about this or that ("can you not
# delete that file?")
# "(please) can you (please) …": how a standing instruction is asked (rule/asked)
_CAN_YOU = (
    r"^(?:please\s+|pls\s+)?(?:can|could|would|will|cud|wud|do)\s+(?:you|u)\s+(?:please\s+|pls\s+)?"
    r"(?:(?<=would you )mind\s+|(?<=do you )mind\s+|(?<=would u )mind\s+)?"
)
# ("would you give me the temperatures in Celsius always?")
_POLITE_LASTING_RE = re.compile(
    _CAN_YOU
    + r"(?P<x>(?:give|write|use|answer|reply|show|put|keep|send|explain|talk|speak)\b[^?,;]{3,80}?)\s+"
    r"(?:always|from now on|every time|going forward|in future|in the future)\s*\?*\s*$",
    IC,
)
# "can you keep it runnable on python 3.9, the trust laptops are locked down": what the work must keep working on
_KEEP_IT_ON_RE = re.compile(
    _CAN_YOU
    + r"(?P<x>keep\s+(?:it|this|everything|all\s+of\s+it|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:runnable|compatible|working|running|"
    r"supported|usable|installable|buildable)\s+(?:on|with|in|under|for)\s+[^?,;]{2,40}?)\s*(?:[,;—–]\s*(?P<why>[^?]{3,120}?))?"
    r"[.!?]*\s*$",
    IC,
)
_POLITE_RULE_RE = re.compile(
    _CAN_YOU + r"(?P<how>not|never|stop|always)\s+"
    r"(?P<x>(?!(?:[\w'\"-]+\s+){0,3}(?:this|that|it|these|now|yet|again|today|here)\b)"
    # "those" points at something here, unless at a kind of formatting ("not doing those bullet points")
    r"(?!(?:[\w'\"-]+\s+){0,3}those\s+(?!(?:little\s+|long\s+|big\s+|bold\s+)?(?:bullet|emoji|heading|header|table|"
    r"list|abbreviation|link|exclamation|hashtag|dash|em dash|smiley|caps|pictures|icons|symbols|faces)))"
    r"[a-z][^?,;]{3,80}?)\s*(?:[,;][^?]*)?\?*\s*$",
    IC,
)
# the verb after "would you mind not …", in its plain form
_ING_RE = re.compile(r"^(\w+?)ing\b", IC)
_BASE_FORMS = {
    "doing": "do",
    "using": "use",
    "putting": "put",
    "writing": "write",
    "making": "make",
    "giving": "give",
    "including": "include",
    "sending": "send",
    "adding": "add",
    "calling": "call",
    "asking": "ask",
    "leaving": "leave",
    "bolding": "bold",
    "starting": "start",
    "ending": "end",
    "being": "be",
}
# "would you please not put those little emoji pictures in your answers?": every answer, whatever "those" says
_POLITE_ANSWERS_RE = re.compile(
    _CAN_YOU
    + r"(?P<how>not|never|stop|always)\s+(?P<x>[a-z][^?]{3,80}?\b(?:in|from|to|with)\s+(?:your|ur)\s+"
    r"(?:answers|replies|messages|responses|texts|emails|explanations)\b[^?]{0,40}?)[?!.\s]*"
    r"(?:,?\s*(?:by the way|btw|though|lol))?[.!]*$",
    IC,
)
# rule/asked, for how to talk: "can you talk to me like a mate texting, not like a travel brochure?"
# a condition that only softens a request ("… if you can", "… if possible")
_IF_YOU_CAN = (
    r"if you can|if possible|if you could|if you don't mind|if that's ok|if that's okay|when you can"
)
_STYLE_ASK_RE = re.compile(
    # "please put answers in bullet points (if you can)": every answer, said as a wish
    r"^(?:please\s+|pls\s+)?(?P<y>(?:put|write|give|format|keep|send)\s+(?:your\s+|the\s+|all\s+|me\s+)?(?:answers|replies|responses)"
    r"\s+(?:in|as)\s+[^,?]{3,40}?)(?:\s+(?:please|pls))?(?:,?\s+(?:" + _IF_YOU_CAN + r"))?"
    r"(?:[.!]*$|,\s+(?P<rest>(?:I|I'm|my|since|because|as)\b.{6,}))|"
    + _CAN_YOU
    + r"(?P<x>(?:always\s+)?(?:talk|speak|write|explain|answer|reply|respond|text)\s+(?:to me\s+|with me\s+|me\s+)?"
    r"(?:like|in|using|as if)\b[^?]{3,80}?"
    # "can you keep answers shorter?", "could you make your replies simpler": every answer, not this one
    r"|(?:keep|make)\s+(?:your\s+|the\s+|all\s+)?(?:answers|replies|responses|messages|explanations)\s+(?:a\s+bit\s+|much\s+|way\s+)?"
    r"(?:shorter|short|brief|briefer|simpler|simple|plainer|plain|clearer|concise|more concise|less formal|casual|"
    # ("can you keep replies to bullet points pls??")
    r"friendlier|(?:to|in|as)\s+(?:bullet\s*points|bullets|a\s+list|lists|a\s+table|tables))\b(?:\s+(?:please|pls))?(?=\W*(?:by the way|btw|though|thanks)?[.!?\s]*$))\W*"
    r"(?:by the way|btw|though|thanks)?[.!]*\s*\?*"
    # and why, after an emoji ("… not like a travel brochure 😂 'unforgettable' made me cringe")
    r"(?:\s+[\U0001F300-\U0001FAFF\u2600-\u27BF][^?]*)?\s*$",
    IC,
)
# "if it is a complicated medical thing you can write in Spanish": a clause that says what to do when
_IF_THEN_YOU_RE = re.compile(
    r"^(?:and\s+|but\s+|also\s+)?(?:if|when|whenever)\s+(?!(?:you|u)\b)[^,?]{3,80}?,?\s+(?:then\s+)?(?:you|u)\s+"
    r"(?:can|could|should|may|must|have to|need to)\s+(?:always\s+|just\s+)?(?:answer|write|reply|respond|use|keep|give|"
    r"put|explain|show|send|add|include|switch|translate|skip|ask|say|call|leave)\b[^?]{2,120}$"
    # what to do when a thing is so ("if the output table shows any dates or times, use Pacific/Auckland")
    r"|^(?:and\s+|so\s+|also\s+)?(?:if|when|whenever)\s+(?!(?:you|u|I|we)\b)[^,?]{3,80},\s*(?:please\s+)?(?:always\s+)?"
    r"(?:use|give|write|put|show|answer|reply|format|keep|convert|round|send|add|include)\b[^?]{3,120}$",
    IC,
)
# rule/if-you: a rule for when the assistant does something ("if you write something long, answer me
# in French please", "when you show me Lua, use 2-space indent"): the condition, then an instruction
_IF_YOU_RULE_RE = re.compile(
    # ("For fuelling: whenever you suggest carbs, give them in grams per hour": what it is about first)
    r"^(?:[^:,]{2,40}:\s*)?(?:please[,\s]+|pls[,\s]+|plz[,\s]+)?(?:if|when|whenever)\s+(?:you|u)\s+[^,?]{3,60},\s*(?:then\s+)?(?:please\s+|pls\s+)?"
    r"(?:always\s+|never\s+|just\s+)?(?:answer|write|reply|respond|use|keep|give|put|explain|show|send|make|add|"
    r"include|cite|mark|name|format|ask|check|run|stick|avoid|leave|don't|do not|dont|"
    # the chores that go with a change ("whenever you touch native config, bump versionCode in app.json")
    r"bump|update|regenerate|rebuild|rerun|re-run|restart|increment|tag|document|note|lint|test|commit|"
    r"mention|flag|warn|summari[sz]e|number|list|translate|convert|rename|remove|delete|clean)\b[^?]{3,120}$"
    # the chore first, then when ("translate them to english when you touch a file", "bump the version whenever you
    # change the API"): a change the assistant makes to the person's work is the condition
    r"|^(?:please\s+|pls\s+)?(?:always\s+)?(?:translate|update|bump|regenerate|rebuild|rerun|re-run|increment|tag|document|"
    r"lint|test|add|remove|delete|rename|convert|fix|clean(?:\s+up)?|format|check|run)\s+[^,?]{3,80}?\s+(?:when|whenever|every\s+time|"
    r"each\s+time|any\s+time)\s+(?:you|u)\s+(?:touch|edit|change|open|modify|add|write|create|update|commit|deploy|release|"
    r"push|refactor|rewrite|work\s+on)\b[^?]{2,60}$"
    # what to do whenever the person does something ("please when I write something, correct all my
    # mistakes", "whenever I paste a log, summarise it first")
    # ("if I ever do an ultra after this, remind me this was hard enough": a joke about a someday)
    r"|^(?:please\s+|pls\s+)?(?:when|whenever|every time|each time|if)\s+I\s+(?!ever\b)[^,?]{3,60},\s*(?:then\s+)?(?:please\s+|pls\s+)?"
    r"(?:always\s+|just\s+)?(?:correct|answer|write|reply|respond|use|keep|give|explain|show|summari[sz]e|check|"
    r"translate|point out|tell|remind|fix|mark)\b[^?]{3,120}$"
    # any condition, then what the assistant may or should do for the person ("If something is
    # difficult, you may explain it to me in isiZulu", "when a word is hard, please give me the Polish
    # one too"); "if you want to stop the overbooking, you could use Booksy" is advice, no rule
    r"|^(?:if|when|whenever)\s+(?!(?:you|u)\s+(?:want|wanna|need|would|'d|like)\b)[^,?]{3,60},\s*(?:then\s+)?"
    r"(?:you\s+(?:may|can|should|must)\s+|please\s+|pls\s+)(?:always\s+|just\s+)?(?:answer|write|reply|respond|use|"
    r"give|explain|show|translate|say|tell|add|include|put|mark|remind|ask)\b(?=[^?]*\b(?:me|my|I)\b)[^?]{3,120}$",
    IC,
)
# "do me a favour and keep answers short going forward": the favour is the rule that follows
_FAVOUR_RE = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+|pls\s+)?do\s+me\s+a\s+(?:fav(?:ou?r)?|solid)"
    r"(?:\s+and|\s*[,:—–-])\s+(?P<x>.{6,})$"
    # a wish said as a request to the assistant, after a short lead-in ("One small thing, and I'd be
    # grateful if you'd keep to it from now on: metric, please"); no "if" of a hypothetical left
    # ("I should be obliged if you would always …", "it would be great if you could always …")
    r"|^(?:[^,]{1,50},\s*(?:and\s+|but\s+|so\s+)?)?(?:I(?:'d|\s+would|\s+should)\s+(?:be\s+(?:very\s+|really\s+|"
    r"most\s+|much\s+)?(?:grateful|obliged|thankful|glad|happy)|appreciate\s+it|like\s+it|love\s+it|prefer\s+it)"
    r"|it(?:'d|\s+would)\s+be\s+(?:great|nice|helpful|lovely|good))"
    r"\s+if\s+(?:you|u)(?:'d|\s+would|\s+could)?\s+(?P<y>[a-z].{5,})$",
    IC,
)
# a statement with a tag question asking for agreement ("max two emojis per caption always ok?",
# "tabs not spaces, yeah?", "we deploy from main only, right?")
_TAG_QUESTION_RE = re.compile(
    r"^(?P<x>.{8,}?)[,\s]+(?:ok|okay|k|right|yeah|yes|alright|all right|got it|understood|agreed|deal|clear|"
    r"capisce|savvy|cool)\s*\?+\s*$"
    # a statement, a short aside on it, and "no?" ("I am celiac myself, funny for a baker no?")
    r"|^(?P<y>.{8,}?),\s+(?:[^,?]{1,30}?\s+)?(?:no|eh|innit|non|né|na|ne|nein)\s*\?+\s*$",
    IC,
)
_ASKED_RE = re.compile(r"^(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?", IC)


# "Remember this path for the future", "note that one", "keep that in mind, and …": a request to
# remember the sentence before, and maybe more after a comma
_POINTER_RE = re.compile(
    r"^(?:ok\s+|so\s+|and\s+|please\s+|pls\s+)*(?:remember|note|memori[sz]e|save|keep|bear)\s+(?:this|that|these|those|it)"
    r"(?:\s+(?:path|file|one|ones|number|address|name|command|url|link|port|value|setting|location|folder|dir|"
    r"directory|host|server|trick|rule|detail|info|bit))?(?:\s+in\s+mind)?"
    r"(?:\s+(?:for\s+(?:the\s+future|next\s+time|later|good)|too|as\s+well|please|pls|always))*[.!]*"
    r"(?:[,;—–-]\s*(?:and\s+)?(?P<rest>.{6,}))?$",
    IC,
)


# what makes the rule before it exact: "like under 150 words", "e.g. max 3 bullets", "say 2 paragraphs"
_EXAMPLE_RE = re.compile(
    r"^(?:like|e\.?g\.?|i\.?e\.?|say|so|max|maximum|at most|no more than)\s+(?P<x>(?:under|max|at most|no more than|"
    r"below|around|about|less than|fewer than)?\s*\d+[^,;.!?]{0,30})(?:[,;]\s*(?P<rest>.{6,}))?[.!]*$",
    IC,
)


def _worth_pinning(sentence: str) -> bool:
    """The sentence before "remember that" says something that lasts (not "Great job", not a
    question, not how today is)."""
    said = trim(plain(sentence)).strip(TRIM)
    return (
        len(said.split()) >= 3
        and not refused(said)
        and not of_the_moment(said)
        and not re.search(TRANSIENT, said, IC)
    )


def _pinned(body: str, turn: int, who: str, quote: str) -> Fact:
    text = cap(third_person(trim(plain(body)).rstrip("?!. ").strip(TRIM), who))
    return _fact(
        Found(
            text,
            "remember-request",
            "request/pointer",
            subject_of(text) or "",
            confidence=0.85,
            priority="high",
        ),
        quote,
        turn,
    )


def _standing(body: str, tag: str, turn: int, who: str, quote: str) -> Fact:
    body = _ASKED_RE.sub("", trim(plain(body))).rstrip("?!. ").strip(TRIM)
    text = f"{cap(third_person(body, who))} ({third_person(tag.strip(TRIM), who)})"
    return _fact(Found(text, "rule", "rule/standing-tag", "rule", priority="high"), quote, turn)


_PLEASE_NO_RE = re.compile(
    r"^(?:(?:and|so|also|oh|but)[\s,]+)?(?:please|kindly)[\s,]+(?=(?:no|never|nothing|zero)\b)", IC
)
# "First please, always give me …", "And please, plots only in grayscale": the please and what comes
# after it, as if said alone
_PLEASE_LEAD_RE = re.compile(
    r"^(?:(?:first|firstly|second|secondly|third|thirdly|also|and|but|so|oh|lastly|finally)[\s,]+)*(?:please)\s*,\s*",
    IC,
)
_IF_YOU_CAN_RE = re.compile(rf"(?<=\w)[\s,]+(?:{_IF_YOU_CAN})[.!]*$", IC)
_LATE_PLEASE_RE = re.compile(
    r"^(?P<x>(?:correct|answer|reply|respond|write|explain|keep|use|format|call|address|show|give|translate|"
    r"include|speak|talk|send|sign|spell)\b.{2,60}?)[,\s]+(?:please|pls|plz|would you|will you|could you|can you|"
    # ("write it in short lines would you, my eyes aren't what they were"): the why after it
    r"would you mind)(?P<why>,\s*[^,]{3,80})?[.!?]*$",
    IC,
)
# permission that sets how to answer ("u can reply in taglish its ok", "you may write to me in Dutch")
_MAY_RE = re.compile(
    r"^(?:you|u)\s+(?:can|may|could)\s+(?:always\s+)?(?P<x>(?:reply|write|answer|talk|speak|respond|text)\s+"
    r"(?:to me\s+|with me\s+)?(?:in|using)\s+(?:(?:plain|simple|easy|basic|formal|informal|british|american|"
    r"brazilian|european|mexican|swiss|short)\s+)?[\w-]+)\b",
    IC,
)


def _as_typed(clause: str) -> str:
    """The statement without a short lead-in ("Small thing about me: I …") and with "im"/"ive" as
    "I'm"/"I've", as both the families and the judge's facts read it."""
    lead = _LEAD_IN_RE.match(clause)
    clause = lead.group("x") if lead else _FILLER_LEAD_RE.sub("", clause)
    clause = _TYPED_RE.sub(lambda m: _TYPED[m.group(0).lower().rstrip("'")], clause)
    clause = _PLEASE_NO_RE.sub("", clause)  # "And please, no melatonin" reads as "no melatonin"
    clause = _PLEASE_LEAD_RE.sub("please ", clause)
    clause = _IF_YOU_CAN_RE.sub("", clause)  # "please put answers in bullet points if you can": no condition
    late = _LATE_PLEASE_RE.match(clause)  # "Use metric please" reads as "please use metric"
    return f"please {late.group('x')}{late.group('why') or ''}" if late else clause


# who someone is, said outright, then what they want or think ("… and he wants …")
_WHO_THEN_THEIRS_RE = re.compile(
    rf"^(?P<x>(?:my|our)\s+(?:{RELATIONS})\s+(?:is|'s)\s+(?:(?:Prof|Dr|Mr|Mrs|Ms)\.?\s+)?"
    r"[^\W\d_][\w'-]+(?:\s+[^\W\d_][\w'-]+){0,2}?)\s+and\s+(?:he|she|they)\b",
    IC,
)


def _who_then_theirs(clause: str) -> list[str]:
    """ "My supervisor is Prof. Ulrich Seidemann and he wants the pipeline offline": who he is, said
    outright, is a clause of its own; what he wants is his (and is not read as the person's). So is
    someone else's way, or an unreal "if", after the person's own words."""
    m = _WHO_THEN_THEIRS_RE.match(clause)
    if m and someone_elses(clause):
        return [m.group("x"), clause[m.end("x") :].strip().removeprefix("and ").strip()]
    # "I write everything in LaTeX, my advisor uses Word for everything": the person's part, then theirs
    own = _without_their_say(clause)
    if own != clause and len(own.split()) >= 3:
        return [own, clause[len(own) :].strip(" \t,;:—–-")]
    return [clause]


def _match_clause(
    clause: str, who: str, to_assistant: bool = True, skip: frozenset[str] = frozenset()
) -> Found | None:
    """The first clause family that matches (and is not refused) -> a statement; when none does,
    the same without a short trailing aside (", six years now"), at most twice."""
    clause = _as_typed(clause)  # a lead-in ("one rule, and I'd ask you to stick to it:") is no hypothetical
    if len(clause) < 3 or refused(clause) or _VAGUE_SUBJECT_RE.match(clause.strip(TRIM)):
        return None
    head = _MOMENT_TAIL_RE.match(clause)
    if head and of_the_moment(clause) and not of_the_moment(head.group("x")):
        # "im a 2nd year apprentice chef in hobart, using the shared house knives rn": the passing
        # state is the tail's; what the person is stands before it
        return _match_clause(head.group("x"), who, to_assistant, skip)
    if (
        someone_elses(clause)
        or their_peoples(clause)
        or (of_the_moment(clause) and not SETUP.regex.search(clause))  # "rn its a ryzen 5 3600, …" lasts
        or turned_down(clause)
        or others_habit(clause)
        or impression(clause)
        or hearsay(clause)
        or given_up(clause)  # "I used to smoke a pipe on the veranda every evening"
    ):
        return None  # "Siobhán on graphics keeps saying D3 would look nicer", "on the UPS with 40 min left"
    for _ in range(3):
        found = _match_families(clause, who, to_assistant, skip)
        aside = None if found else _ASIDE_RE.match(clause.strip(TRIM))
        if aside and _TOPIC_RE.match(aside.group("x")):
            return None  # "every script that deletes files, you show it to me first": no aside, the point
        if found or not aside:
            return found
        clause = aside.group("x")
    return None


def _match_families(
    clause: str, who: str, to_assistant: bool, skip: frozenset[str] = frozenset()
) -> Found | None:
    for family in CLAUSE_FAMILIES:
        if (not to_assistant and family.name in ADDRESSED) or family.name in skip:
            continue
        m = family.regex.search(clause)
        if (
            not m
            or (family in LEGACY and not legacy_ok(m))
            or (family is STATEMENT and not plain_statement(m))
        ):
            continue
        text = family.build(m, who)
        subject = family.subject_of(m) or subject_of(text) or ""
        return Found(text, family.kind, family.name, subject, family.gate, family.confidence, family.priority)
    return None


def _named_people(text: str, who: str) -> list[tuple[Found, str]]:
    """Every "my sister Lena" / "Beatriz (my lead)" / "my shift at Lawson" in a sentence no other
    family may read (a question: who someone is, and where the person goes, hold even so)."""
    out: list[tuple[Found, str]] = []
    for m in ACTIVITY_AT.regex.finditer(text):
        if re.search(r"\b(?:my|our)\s+own\b", m.group(0), IC):
            continue  # "If I won the lottery I would open my own clinic in Kisumu": a dream, nothing had
        out.append(
            (Found(ACTIVITY_AT.build(m, who), "fact", ACTIVITY_AT.name, "work", confidence=0.7), m.group(0))
        )
    # "our self-hosted GitLab pipeline", "my Garmin Forerunner 255 says …, is this ok?": hold in a question too
    out += _own_riders(text, who, (OUR_NAMED, MY_DEVICE))
    out += _homes(text, who, here=True) + _twins(text, who)
    for m in ACTIVITY_AFTER.regex.finditer(text):
        if re.search(r"\bmy\s", m.group(0), IC):  # "after my bridge club": theirs, even in a plan
            out.append(
                (
                    Found(ACTIVITY_AFTER.build(m, who), "fact", ACTIVITY_AFTER.name, "", confidence=0.65),
                    m.group(0),
                )
            )
    for family in APPOSITIVES:
        for m in family.regex.finditer(text):
            if their_opinion_follows(text[m.end() :], m.group(0)):
                continue
            out.append(
                (Found(family.build(m, who), "fact", family.name, "person", confidence=0.7), m.group(0))
            )
    return out


# twins or triplets are one family's ("gotta go get the twins from school", "the twins are home")
_TWINS_RE = re.compile(
    r"\b(?:my|our|the)\s+(?P<k>twins|triplets)\b(?!\s+(?:next door|upstairs|downstairs)\b)", IC
)


def _homes(text: str, who: str, here: bool = False) -> list[tuple[Found, str]]:
    """Where the person's home is, said in passing ("There is park near my flat in Podgórze, is good?");
    with `here`, where they are too ("if I go quiet it's loadshedding here in Hyderabad")."""
    return [
        (Found(HOME_IN.build(m, who), "fact", HOME_IN.name, "place", confidence=0.65), m.group(0))
        for m in HOME_IN.regex.finditer(text)
        if (here and m.group("here"))
        or re.match(r"(?:my|our)\s+(?:place|house|flat|apartment|home)\b", m.group(0), IC)
    ]


def _twins(text: str, who: str) -> list[tuple[Found, str]]:
    """The twins or triplets the person has, said in passing ("the twins are home for the holidays"),
    once; not someone else's ("Maria's twins")."""
    return [
        (
            Found(
                f"{cap(who)} has {m.group('k').lower()}", "fact", "person/twins", "person", confidence=0.65
            ),
            m.group(0),
        )
        for m in _TWINS_RE.finditer(text)
        if not re.search(r"\b(?:his|her|their|[A-Z]\w+'s)\s*$", text[: m.start()])
    ][:1]


# riders that say what the person has or belongs to, true whatever the rest of the clause says of it
def _named_by(rule: str, offers: str) -> bool:
    """A word of a "no X" rule the assistant's message named ("No WhatsApp" after "The easiest way is WhatsApp")."""
    said = words(rule) - {"no", "zero", "none", "please", "pls", "plz"}
    return bool(offers and said and said & words(offers))


_HAD_RIDERS = frozenset(
    [
        "self/member-of",
        "self/at-home",
        "self/my-device",
        "self/home-in",
        "self/had-surgery",
        "self/condition-with",
        "self/takes-medicine",
        "environment/our-named",
        "environment/our-on",
    ]
)
# what befell a thing today, said right after it ("… ran out of ink again", "… broke down on the N2")
_BEFELL_RE = re.compile(
    # (not what ended it: "the printer at home died after we moved out to Kvaløya in April" tells where they live)
    r"^\s+(?:(?:just|has|have|had|finally|totally|completely)\s+)*(?:ran\s+out\s+of|run\s+out\s+of|is\s+out\s+of|"
    r"is\s+(?:jammed|acting\s+up|playing\s+up|down\s+again)|jammed|went\s+offline|crashed\s+again)\b",
    IC,
)


def _own_riders(text: str, who: str, families: tuple[Family, ...] = OWN_RIDERS) -> list[tuple[Found, str]]:
    """What the person has, said with "my" inside someone else's words ("since my bypass …")."""
    return [
        (
            Found(
                family.build(m, who), family.kind, family.name, family.subject_of(m) or "", confidence=0.65
            ),
            m.group(0),
        )
        for family in families
        for m in family.regex.finditer(text)
        # ("… says I should just open my own practice in Nowa Huta": "my own" is someone's idea of what to have)
        if re.search(r"\b(?:my|our)\b", m.group(0), IC)
        and not re.search(r"\b(?:my|our)\s+own\b", m.group(0), IC)
    ]


# families whose words the clause splitter parts: "Divya gave me this key — she's my wife" (the name
# opens the sentence), "tag Chidinma as reviewer, she's my lead"; and "Femi (my PM, he owns Looker)
# will read it" when the cut fell inside the brackets (checked where they are used)
_ACROSS_CLAUSES = (
    "person/named-later",
    "person/named-then-is-my",
    "person/named-has-been",
    "person/named-then-as-my",
)


def _from_clause(family: Family, clause: str, whole: str) -> re.Match[str] | None:
    """The family's match in the whole sentence, starting inside this clause."""
    at = whole.find(clause)
    m = family.regex.search(whole, at) if at >= 0 else None
    return m if m and m.start() < at + len(clause) else None


_SAID_OUTRIGHT = ("person/named-then-is-my", "person/named-later")


_SPOUSE_NAMED_RE = re.compile(r"^(?:my|our)\s+(?:wife|husband|spouse|partner)\s+(?-i:[A-Z])[\w'-]+,?$", IC)


def _appositive(clause: str, who: str, sentence: str = "") -> tuple[Found, str] | None:
    """("the user's sister is Lena", "my sister Lena"): the quote stops at the name, because what
    follows ("… hates coriander") is the other person's, not something to keep."""
    whole = plain(sentence)
    for family in APPOSITIVES:
        m = family.regex.search(clause)
        if not m and (
            family.name in _ACROSS_CLAUSES
            or (family.name == "person/bracketed" and "(" in clause and ")" not in clause)
        ):
            m = _from_clause(family, clause, whole)
        if not m:
            continue
        at = sentence.find(m.group(0)) if sentence else -1
        after = sentence[at + len(m.group(0)) :] if at >= 0 else clause[m.end() :]
        # ("… for Gagnon on Friday, he's my supervisor and he likes to annotate on paper"): who he is was
        # said outright; a taste after it does not make the sentence his
        if (
            family.name in _SAID_OUTRIGHT
            or not their_opinion_follows(after, m.group(0))
            # ("My wife Solveig thinks I am crazy to do it"): whose the opinion is, a spouse is named for good;
            # a sister or a neighbour who says so is the opinion's, whole (adr/0116)
            or _SPOUSE_NAMED_RE.match(m.group(0))
        ):
            # "my neighbour Dale says I'm wasting my time": the sentence is Dale's opinion, and
            # nothing of it is kept, not even who Dale is (labellers read it as Dale's, whole)
            found = Found(family.build(m, who), "fact", family.name, "person", confidence=family.confidence)
            return found, m.group(0).rstrip(",")
    return None


def _without_their_say(obj: str) -> str:
    """The object up to a later clause that is someone else's wish or habit ("since I became team
    lead all the cost tickets land on my desk, and our CFO wants the bill under 8k": the CFO's is cut)."""
    parts = clauses(obj)
    # ("I'm organic all the way, period, my neighbor uses Roundup on everything": one clause, read at its
    # commas for a neighbour, friend or colleague only)
    whole = len(parts) > 1
    for part in (parts if whole else re.split(r",\s+", obj))[1:]:
        if re.match(r"(?:so\s+)?(?:please|pls|don't|do not|never|always)\b", part, IC):
            continue  # "… so please don't go adding a project.clj like the last tool did": to the assistant
        if (whole or outsider_first(part)) and (
            someone_elses(part, requirements=False) or others_habit(part)
        ):
            head = _up_to(obj, obj.find(part))
            return head if len(head.split()) >= 3 else obj
    # run-on words with no comma ("… and never again my brother-in-law keeps saying to buy gold"), or a
    # wish run on after them ("… 29 litres per cow per day and if we ever went organic would the subsidy …")
    said = their_say_starts(obj)
    if said is None:
        said = _run_on_if_starts(obj)
    return obj if said is None else _up_to(obj, said)


# "… and if we ever went organic would …", "… but if I had the money I'd …": an unreal if, run on
_RUN_ON_IF_RE = re.compile(
    r"\b(?:and|but|or|so|plus)\s+(?:what\s+)?if\s+(?:\w+\s+){1,2}?(?:ever|one day|someday|were|was|had|went|did|got|"
    r"could|would|decided|wanted|moved|switched|bought|sold)\b"
    # dictated with no joint at all ("… in winter it's like butter if I had a greenhouse I could maybe …")
    r"|(?<=\w\s)if\s+(?:i|we)\s+(?:ever\s+)?(?:had|were|could|won|bought|got)\b",
    IC,
)


def _run_on_if_starts(text: str) -> int | None:
    """Where an unreal "if" run on with no comma begins, past the first three words, or None."""
    m = _RUN_ON_IF_RE.search(text)
    return m.start() if m and len(text[: m.start()].split()) >= 3 else None


def _up_to(text: str, at: int) -> str:
    """`text` before `at`, without the joint left hanging ("…, and")."""
    return re.sub(r"[\s,;:—–-]*(?:\b(?:and|but|so|while|whereas)\b)?[\s,;:—–-]*$", "", text[:at], flags=IC)


def _asked_after(text: str) -> int | None:
    """Where a question run on after what is to be kept starts ("remember that my wife Huia does the lambing
    records … send it to her not me is it worth getting a drone"): the question is no part of it."""
    asked = next((p for p in clauses(text)[1:] if refused(p) == "question"), None)
    at = -1 if asked is None else text.find(asked)
    return at if at > 0 else None


def _request(sent: str, who: str) -> Found | None:
    """request/start and request/end: the object is read by the clause families when it can be."""
    m = _REQUEST_RE.match(sent)
    end = None if m else _REQUEST_END_RE.match(sent)
    if not m and not end:
        return None
    if m and m.group("bare") and m.group("cue").lower() not in _BARE_CUES:
        return None  # "note the date" is an instruction; "remember rehearsals move to May" is a request
    obj = trim((m or end).group("x")).strip(" \t\"'`.,;:!?-—–")  # type: ignore[union-attr]
    at = _asked_after(obj)
    obj = obj if at is None else _up_to(obj, at)
    if len(obj) < 3 or _NOSTALGIA_RE.match(obj) or refused(obj):
        return None
    if of_the_moment(obj) or turned_down(obj) or others_habit(obj) or someone_elses(obj) or given_up(obj):
        return None  # "fyi last night i dropped my phone in the canal": no lasting fact, said or not
    if m and _TELLING_CUE_RE.fullmatch(m.group("cue")) and passing(obj):
        return None  # "fyi prod had a 5xx spike this morning": news of today, told, not asked to be kept
    obj = _without_their_say(obj)
    named = next(
        (hit for family in APPOSITIVES if (hit := family.regex.search(obj)) and hit.start() < 3), None
    )
    if named and their_opinion_follows(obj[named.end() :], named.group(0)):
        return None  # "heads up, Gunnar (my lead) keeps pushing us to move to dbt Cloud": his, not theirs
    is_rule = bool(m and m.group("rule"))
    family = "request/start" if m else "request/end"
    if m and m.group("cue").lower() == "remember" and obj.lower().startswith("to "):
        obj, is_rule = obj[3:], True  # "remember to X" asks for a habit
    inner = _match_clause(obj, who)
    if inner is not None and inner.kind != "rule" and _cut_short(inner.text, obj):
        inner = None  # "remember I'm the only backend dev here, Mariana does all the React front": all of it
    if inner is not None:
        kind = "rule" if is_rule or inner.kind == "rule" else "remember-request"
        return Found(
            inner.text, kind, f"{family}+{inner.family}", inner.subject, confidence=0.9, priority="high"
        )
    text = cap(third_person(obj, who))
    subject = "rule" if is_rule else (subject_of(text) or "")
    return Found(
        text, "rule" if is_rule else "remember-request", family, subject, confidence=0.9, priority="high"
    )


# decision/announced: "ok decided, im closing the mashreq card", "decided: we move alerting to
# PagerDuty next quarter", "I'm making the call now: we're dropping rumble", "going incremental on
# fct_payments, decided". Said as decided, so a date to come ("next quarter") is no hesitation.
_ANNOUNCED_RE = re.compile(
    r"^(?:(?:ok|okay|right|so|alright|well|fine|yes|yeah|and|also|then|good)[,.!\s]+)*"
    r"(?:(?:about|re|regarding|on|for|as for)\s+[^:,]{2,40}:\s*)?"  # "About the threshold: we decide, …"
    # ("the final decision from the group meeting last week: the paper goes to EMNLP"): where it was made
    r"(?:(?:the|our|my)\s+(?:final\s+)?decision\s+(?:from|at|in|of|after)\s+[^:,.]{2,50}?(?=\s*:)|"
    # ("one decision I made last week: from next year I'm not doing weekday elopements anymore")
    r"(?:one|a|another|the|my|big|final)\s+(?:big\s+|final\s+)?decision\s+(?:I|we)(?:'ve|\s+have)?\s+(?:made|took|taken)"
    r"(?:\s+[^:,.]{2,30}?)?(?=\s*:)|"
    # ("I've made my mind up that it's staying original"): the that-clause is the decision
    r"(?:i|we)(?:'ve|\s+have)?\s+made\s+(?:my|our)\s+minds?\s+up(?:\s+that)?(?=[\s,:]+\S)|"
    r"(?:(?:after|at|in)\s+[^,:]{3,40}?\s+)?"  # "After the lab meeting yesterday we made the call: …"
    # ("we decided last week: blue/green for this one": when, before the colon)
    r"(?:(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?decided(?=\s*[:.,!—–-]|\s+(?:last\s+\w+|yesterday|this\s+\w+|"
    r"on\s+\w+|today|earlier)\s*[:—–-])(?:\s+(?:last\s+\w+|yesterday|this\s+\w+|on\s+\w+|today|earlier))?|"
    # ("I have decided something also, from this month no more credit to clients": the something is what follows)
    r"(?:i|we)(?:'ve| have)?\s+(?:just\s+|also\s+|finally\s+)?decided\s+(?:something|one thing|two things|a few things|"
    r"some things)(?:\s+(?:also|too|else|new|important|today))?|"
    r"(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?decided|decided|decision(?:\s+made)?|(?:i|we) decide(?:\s+now)?|"
    # the word in the person's own language, before a colon ("Decidi: I'm going with pickup only")
    # ("ok decidido, from January the technical visit costs 35.000 pesos"): or before a comma, after an ok
    rf"(?:{'|'.join(sorted(DECIDED_ABROAD))})(?=\s*[:,.!—–-])|"
    # the deal struck, then what it is ("Ok we do it: dal bhat 950 with free refill", "let's do it: …")
    r"(?:(?:i|we)(?:'ll|\s+will)?\s+do\s+(?:it|that|this)|let'?s\s+do\s+(?:it|that|this))(?=\s*[:—–])|"
    # ("ok deal, gym on monday wednesday friday and tuesday stays for shooting")
    r"deal(?=\s*[:—–,])|"
    r"(?:i|we)\s+made\s+the\s+call|"
    # "I've made up my mind: raised beds", "I'm deciding right now: no more work on spec, ever"
    r"(?:i|we)(?:'ve|\s+have)?\s+made\s+up\s+(?:my|our)\s+minds?|(?:my|our)\s+mind\s+is\s+made\s+up|"
    r"(?:i'm|im|i am|we're|we are)\s+deciding(?:\s+(?:right\s+)?now|\s+here|\s+today)?|"
    r"(?:i'm|im|i am|we're|we are)\s+(?:making|taking)\s+the\s+call(?:\s+now)?|(?:final|my)\s+(?:decision|answer)|"
    r"it's decided|that's decided|it is decided|that is decided|call made))(?:\s*[:.,!—–-]+\s*(?P<x>.{6,})|(?<=\bup)\s+(?P<y>.{6,})|(?<=\bthat)\s+(?P<z>.{6,})|[.!]*$)",
    IC,
)
_DECIDED_TAIL_RE = re.compile(
    r"^(?P<x>.{6,}?)[,;—–-]+\s*(?:decided|that's decided|it's decided|(?:that|it|this) is decided|final decision|"
    # ("Ok, on va installer the sprinklers over the feed bunk, decision is made, fans alone are not enough")
    r"(?:the\s+)?decision\s+(?:is\s+)?made|"
    # ("Ok, I'll price the big bowls at 65 euro, final.")
    r"final(?:\s+answer)?(?=[.!]*$|\s*[,;])|(?:that's|thats|it's|its)\s+final|(?:that|it|this)\s+is\s+final|"
    # ("From January I want 21 euro per hour, I decided already, petrol is more expensive")
    r"I(?:'ve|\s+have)?\s+(?:already\s+)?decided(?:\s+already)?)\b[.!]*(?P<rest>(?:[,;]\s*.+)?)$",
    IC,
)


# the talk turning to the next thing ("…, now the money, should I go for …")
_TOPIC_TURN_RE = re.compile(r"^(?:and\s+)?(?:now|next|then)\s+(?:the|about|for)\s+[\w' -]{1,30}$", IC)


# a choice said as one before the option let go ("ok going with the DS18B20", "we'll take the 8 GB one", "I pick the
# second hosting plan")
_CHOSE_FIRST_RE = re.compile(
    r"^(?:(?:ok|okay|right|so|alright|fine|yes|yeah|then)[,.!\s]+)*(?:(?:I|we)(?:'ll|\s+will|'m|\s+am|'re|\s+are)?\s+)?"
    r"(?:going\s+with|go\s+with|gonna\s+go\s+with|take|taking|pick|picking|choose|choosing|opt\s+for|opting\s+for)\s+"
    r"(?!(?:it|that|this|them|those|these|one|either|whatever|your|yours|you)\b)\S.{2,}$",
    IC,
)
# words too common to name what an offer was about
_EVERYDAY_WORDS = frozenset(
    [
        "time",
        "times",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "year",
        "years",
        "way",
        "ways",
        "thing",
        "things",
        "part",
        "parts",
        "home",
        "work",
        "people",
        "today",
        "now",
        "one",
        "ones",
        "lot",
        "bit",
        "place",
    ]
)
_OWN_WAY_FIRST_RE = re.compile(
    # ("Also I'm doing my Honours in maths education part time at UKZN, …, but not today")
    r"^(?:(?:and|but|so|well|ok|okay|also|plus|btw)[\s,]+)*(?:I|we)(?:'m|'re|\s+am|\s+are)?\s+"
    r"(?:\w+ly\s+|only\s+|always\s+|never\s+)*"
    r"(?!(?:thought|considered|looked|was|were|tried|had|did|used|wanted|wonder|wondered|might|may|could|would|"
    r"should|will|'ll|'d|going|gonna|planning|thinking|hoping|considering|about|trying)\b)[a-z]+\b",
    IC,
)


# a no, then what the person does or likes ("nah i prefer writing flashcards by hand", "no i hate dark mode")
_NO_THEN_OWN_RE = re.compile(
    r"^(?:no|nah|nope|naw|nay|na)\b[,.!]*\s+(?P<x>(?:I|we)\s+(?:(?:really|much|just|only|always|still|usually|mostly|"
    r"actually|honestly)\s+)*(?:prefer|like|love|hate|enjoy|dislike|write|do|work|keep|read|learn|study|cook|pay|"
    r"(?:'m|am)\s+(?:a|an)\s)\b.{3,})$",
    IC,
)


_NO_LEAD_RE = re.compile(r"^(?:(?:no|nah|nope|naw|na|non|nee|nein|não|nao)\b[,.!]*\s*)+(?P<x>.{3,})$", IC)


_ADD_THAT_RE = re.compile(
    r"^(?:(?:also|and|pls|please|can\s+you|could\s+you|oh)[\s,]+)*(?:add|mention|say|write|put|include|note|state|explain)"
    r"(?:\s+(?:in|to|into)\s+(?:the|my)\s+[\w-]+)?\s+that\s+(?P<x>(?:my|our|I|I'm|im|we|we're)\b.{6,})$",
    IC,
)


def _still_open_at(text: str) -> int | None:
    """Where, in run-on words after a decision, the talk turns to what is still open: a question, a choice not yet
    made, or the next topic ("alright decided, we'll buy the rotary dryer, …, now the money, should I go for the
    Pronaf loan or the bank's own line, I haven't decided yet")."""
    pieces = re.split(r",\s+", text)
    for i, piece in enumerate(pieces[1:], start=1):
        if refused(piece) == "question" or admissible(piece) == "undecided" or _TOPIC_TURN_RE.match(piece):
            return len(", ".join(pieces[:i]))
    return None


def _announced(sent: str, nxt: str, who: str) -> Found | None:
    """decision/announced: a decision said to be one; "ok decided." alone takes the next sentence."""
    m = _ANNOUNCED_RE.match(trim(sent).strip())
    if m:
        body = m.group("x") or m.group("y") or m.group("z") or nxt
    else:
        tail = _DECIDED_TAIL_RE.match(trim(sent).strip())
        if not tail:
            return None
        body = tail.group("x") + tail.group("rest")
    body = trim(body or "").strip(TRIM)
    open_at = _still_open_at(body)
    body = body if open_at is None else _up_to(body, open_at)
    # ("im cancelling spotify and keeping yt premium, no point paying for both": the why turns nothing down)
    # ("Decided. What if later we rewrite everything in Kotlin, will Riverpod be a problem?": no decision follows)
    asked = body == trim(nxt or "").strip(TRIM) and (nxt or "").rstrip().endswith("?")
    if (
        len(body) < 6
        or asked
        or refused(body) in ("question", "hypothetical")
        or turned_down(re.split(r"[,;]", body)[0])
    ):
        return None
    text = "Decision: " + cap(third_person(body, who))
    return Found(text, "decision", "decision/announced", "decision", confidence=0.8, priority="high")


# where a message turns to something else ("… oh and", "… also", "… btw", "… one more thing")
_NEW_TOPIC_RE = re.compile(
    r"(?:[,;.!]\s*|\s+[^\w\s,.;:!?'\"()\[\]-]+\s*|\s+)(?:oh\s+and|and\s+also|also|btw|by the way|"
    r"one more thing|another thing|(?=(?:ok(?:ay)?\s+|so\s+|right\s+)?(?:decision made|decided|final decision)\s*:))\b[\s,:]*",
    IC,
)


def _after_new_topic(text: str) -> str:
    """What follows a turn to a new topic after the words that turned something down ("… oh and
    rule for this repo: …"), or a rule in a clause of its own ("god no, not now — never reboot lab
    machines during school hours"), or ""."""
    rejected = turned_down_at(text)
    for m in _NEW_TOPIC_RE.finditer(text):
        if rejected and m.start() >= rejected.end():
            rest = LEAD_FILLER_RE.sub("", text[m.end() :]).strip()
            return rest if len(rest) > 8 and not turned_down(rest) else ""
    parts = clauses(text)
    for at in range(1, len(parts)):
        # ("no, skip the Dockerfile stuff, I run postgres natively on this laptop"): what they do instead
        if turned_down(" ".join(parts[:at])) and (
            _LASTING_RULE_RE.match(parts[at]) or _INSTEAD_RE.match(parts[at])
        ):
            rest = ", ".join(parts[at:])
            return rest if not turned_down(rest) else ""
    return ""


_INSTEAD_RE = re.compile(
    r"^(?:(?:i|we)\s+(?:already\s+|just\s+)?(?:run|use|have|host|keep|do it|do that|do everything)|(?:i've|we've)\s+got)\b",
    IC,
)
_LASTING_RULE_RE = re.compile(
    r"^(?:please\s+)?(?:never|always|don't ever|do not ever|from now on)\b"
    # ("please don't give me calorie counts or macros, i'm not interested in tracking any of that")
    r"|^(?:(?:also|and)\s+)?(?:please\s+)?(?:don't|do not|dont)\s+(?:give|send|suggest|show|recommend|offer)\s+me\b",
    IC,
)


def _from_now_on(sent: str, who: str) -> Found | None:
    m = _FROM_NOW_RE.match(sent)
    if not m:
        return None
    body = trim(m.group("x") or m.group("y") or "").strip(TRIM)
    if len(body) < 4 or refused(body):
        return None
    return Found(cap(third_person(body, who)), "rule", "rule/from-now-on", "rule", priority="high")


def _fact(found: Found, quote: str, turn: int, context: str = "") -> Fact:
    text = found.text + ('"' if found.text.count('"') % 2 else "")  # a quote the trimming opened
    text += ")" * max(0, text.count("(") - text.count(")"))  # and brackets
    return Fact(
        text=sentence(text),
        priority=found.priority,
        gate=found.gate,
        confidence=found.confidence,
        kind=found.kind,
        turn_start=turn,
        turn_end=turn,
        quote=quote.strip(),
        context=context,
        family=found.family,
        subject=found.subject,
    )


# a question mark at the end, whatever follows it ("can you see why?!!", "why?... by the way")
_ASKED_END_RE = re.compile(
    r"\?[!?.\s]*(?:,?\s*(?:by the way|btw|though|lol|haha)[.!]*)?$"
    # a question with its "?" left off, after a comma ("going fishing in april, is walleye season open then")
    rf"|,\s+{IS_IT_OK}[^,.;!?]{{0,20}}[.!]*$",
    IC,
)


_CORRECT_LEAD_RE = re.compile(
    r"^(?:(?:sorry|oh|ah|wait|and|also|one\s+more\s+thing)[,!.\s]+)*I\s+(?:need|have|want|must)\s+to\s+correct\s+"
    r"(?:something|one\s+thing|a\s+thing|that|myself|something\s+I\s+(?:said|wrote))[,:;.!—–\s]+(?=\w)",
    IC,
)


def extract_sentence(
    sent: str,
    nxt: str,
    event: SessionEvent,
    after_assistant: str,
    to_assistant: bool = True,
    pending: list[Unread] | None = None,
    said_before: str = "",
) -> list[Fact]:
    """The facts one sentence states (sentence-level families first, then clause by clause).

    `to_assistant` is False when people talk to each other (named speakers, no assistant):
    requests, instructions and corrections are then meant for a friend, not for memory.
    Clauses no family read are added to `pending` (when given) for the learned judge.
    `said_before` is the whole assistant message this reply answers (`after_assistant` is its opening, and only
    for the reply's first sentences).
    """
    who, turn = subject_for(event), event.turn
    # "And could you always …", "ok that's useful but can you stop …": the opener is no part of it
    text = LEAD_FILLER_RE.sub("", plain(sent)).strip() or plain(sent)
    if re.search(r"\bnot\b", text, IC):
        text = WHERE_WRONG_RE.sub("", text)  # "… not 2 x 35 like in the code, 35 is for U15"
    # ("I need to correct something, my father came from Udine, not from Trieste"): said to be a correction
    text = _CORRECT_LEAD_RE.sub("Correction: ", text, count=1)
    # ("Also add that my wife has problem with breathing, …"): what goes into the letter is the person's own fact
    into = _ADD_THAT_RE.match(text) if to_assistant else None
    text = into.group("x") if into else text
    tagged = _TAG_QUESTION_RE.match(text)
    said = tagged.group("x") or tagged.group("y") if tagged else ""
    if tagged and not refused(said):
        text = said  # "max two emojis per caption always, ok?": a statement, checked
    if len(text) < 3:
        return []
    if to_assistant and no_then_choice(text, plain(nxt), said_before or after_assistant):
        return []  # "No Postgres. Ok, we keep SQLite, …": the choice, read on its own, is what is kept
    # ("ok decision, im cancelling spotify and keeping yt premium, no point paying for both": a decision,
    # and why the other is dropped)
    # ("Please never recommend crypto to me, I'm not interested": a standing rule, and why)
    down = turned_down_at(text)
    if (
        down
        and not _announced(text, plain(nxt), who)
        and not _LASTING_RULE_RE.match(text)
        # "No, the target is churned_90d, not churn_flag — … and we dropped it": what became of the wrong one
        and not _CORRECTED_FIRST_RE.match(text[: down.start()])
    ):
        # "Excel or Google Sheets?" -> "google sheets, dont have office and not paying for it": the
        # choice is made; what is turned down is the other option
        chosen = (
            (_answer(text, after_assistant) or _picked(text, said_before or after_assistant, who))
            if after_assistant
            else None
        )
        if chosen:
            return [_fact(chosen, text, turn, context=after_assistant)]
        # "maybe later idk, rn just the ci pls 🙏 oh and rule for this repo: …": a new topic after it
        rest = _after_new_topic(text)
        if rest:
            return extract_sentence(rest, nxt, event, "", to_assistant, pending)
        # "I paint only with watercolor, never acrylic, I don't like the smell and it dries too fast for me": what
        # turns something down is in a later clause, why the person's own way is theirs; the clauses before it stand
        parts = clauses(text)
        first = next((i for i, part in enumerate(parts) if turned_down(part)), 0)
        before_no = ", ".join(parts[:first])
        # ("ok going with the DS18B20 probe on both, skip the analog thermistor, it drifts in the sun"): the choice
        # made, then the other option dropped; the choice is named in the offer, and kept
        chose_first = bool(first and _CHOSE_FIRST_RE.match(before_no) and not turned_down(before_no))
        if chose_first or (
            first
            # the person's own way, said in the present ("I paint only with …", "I do the books myself in …"), not
            # someone else's, nor what was once weighed ("For the record I thought about using dbt snapshots")
            and _OWN_WAY_FIRST_RE.match(before_no)
            and len(before_no.split()) >= 4
            and not turned_down(before_no)
            # ("the Moomin flask is cute, but no, too expensive for me": what is turned down was named first; "part
            # time" names no "compile time" of the assistant's)
            and not (
                after_assistant and (words(before_no) & offered_words(after_assistant)) - _EVERYDAY_WORDS
            )
        ):
            return extract_sentence(before_no, nxt, event, "", to_assistant, pending)
        # ("oh and my son Taras plays goalkeeper in U12 of the club so the reminder for kids team also later, not
        # now"): who someone is, said before a "so" that leads to what is put off
        so_at = list(re.finditer(r"\s+so\s+", text[: down.start()], IC))
        before_so = text[: so_at[-1].start()] if so_at else ""
        if before_so and not turned_down(before_so) and _appositive(before_so, who, before_so):
            return extract_sentence(before_so, nxt, event, "", to_assistant, pending)
        # "nah not doing Addressables, way overkill": considered and turned down; what the person has, said with
        # "my" on the way ("… 11 is too small for me to proofread since my cataract surgery last year"), stays
        return [
            _fact(rider, quote, turn)
            for rider, quote in _own_riders(text, who)
            if rider.family in _HAD_RIDERS
        ]
    conditional = _IF_YOU_RULE_RE.match(trim(text)) if to_assistant else None
    if conditional:  # "If you write something long, answer me in French please"
        body = third_person(conditional.group(0).strip(TRIM), who)
        return [_fact(Found(cap(body), "rule", "rule/if-you", "rule", priority="high"), text, turn)]
    favour = _FAVOUR_RE.match(text) if to_assistant else None
    if favour:
        text = favour.group("x") or favour.group("y")
    style = _STYLE_ASK_RE.match(text) if to_assistant else None
    if style:
        body = third_person((style.group("x") or style.group("y")).strip(TRIM), who)
        asked = _fact(Found(cap(body), "rule", "rule/asked", "rule", priority="high"), text, turn)
        rest = style.group("rest")  # "…, I mostly read them on my phone": said besides
        return [asked, *(extract_sentence(rest, nxt, event, "", to_assistant, pending) if rest else [])]
    lasting = (
        (_POLITE_LASTING_RE.match(text) or _MAY_RE.match(text) or _KEEP_IT_ON_RE.match(text))
        if to_assistant
        else None
    )
    if lasting:
        body = cap(third_person(lasting.group("x").strip(TRIM), who))
        return [_fact(Found(body, "rule", "rule/asked", "rule", priority="high"), text, turn)]
    polite = (_POLITE_RULE_RE.match(text) or _POLITE_ANSWERS_RE.match(text)) if to_assistant else None
    if polite:
        verb = {"not": "Do not", "never": "Never", "stop": "Stop", "always": "Always"}[
            polite.group("how").lower()
        ]
        body = third_person(polite.group("x").strip(TRIM), who)
        if polite.group("how").lower() != "stop":  # "would you mind not doing X" -> "Do not do X"
            body = _ING_RE.sub(lambda m: _BASE_FORMS.get(m.group(0).lower(), m.group(1)), body, count=1)
        return [_fact(Found(f"{verb} {body}", "rule", "rule/asked", "rule", priority="high"), text, turn)]
    asking = bool(_ASKED_END_RE.search(text) and not code_mark(text)) or (
        # "What I wanted to ask is whether …, and on my library days I …" asks only in its opener
        refused(text) == "question" and len(clauses(text)) < 2
    )
    if asking:
        head = before_question(text)
        if head:  # "Visits are stored in UTC — so the cron fires at 18:00, which Oban can do?"
            return extract_sentence(head, nxt, event, after_assistant, to_assistant, pending)
        # "when my husband Quang takes the baby, can I sleep till 1?": who someone is holds even so
        said = "; ".join(c for c in clauses(text) if refused(c) != "hypothetical")  # "If I won the lottery …"
        return [_fact(found, quote, turn) for found, quote in _named_people(said, who)]
    if not to_assistant:
        return _clause_facts(text, who, turn, to_assistant)  # the judge learned from talk to an assistant
    lead = _LEAD_IN_RE.match(trim(text))  # "For the reminder emails: remember I hate phone calls"
    found = _request(trim(text), who) or (_request(lead.group("x"), who) if lead else None)
    if found:
        # the quote ends where the request's object did, before someone else's run-on say
        quote, at = text, their_say_starts(text)
        if at is not None and third_person(text[at:], who).split()[1] not in found.text.split():
            quote = _up_to(text, at)
        question = _asked_after(quote)  # and before a question run on after it
        return [_fact(found, quote if question is None else _up_to(quote, question), turn)]
    found = _announced(text, plain(nxt), who)
    if found:
        open_at = _still_open_at(text)
        return [_fact(found, text if open_at is None else _up_to(text, open_at), turn)]
    # "Sorry, it is 500 birds not 400, I miscounted the second crate": how the slip happened is no part of it
    put_right = OWN_SLIP_TAIL_RE.sub("", text) or text
    # carries its own topic, after an assistant turn or not
    found = topic_correction(trim(put_right)) or cleft_correction(trim(put_right), who) or own_slip(text, who)
    if not found and after_assistant:
        # "Close, but no, it's May 17", "First, no, the web tier isn't Ubuntu"
        setting = correcting(put_right)
        found = (
            # what was offered is looked for in the whole message: it may sit past its opening (a numbered list)
            correction(trim(setting), plain(nxt), after_assistant, who, said_before)
            or _answer(text, after_assistant)
            or _told(text, after_assistant, who)
            or _placed(text, after_assistant, who)
            or _which_kind(text, said_before or after_assistant, who)
            or _picked(text, said_before or after_assistant, who)
        )
        parts = clauses(setting)
        if not found and len(parts) > 1:
            # "it's 9.6.4, not 9.4 - 9.4 was the old CI image": the correction, then why
            found = correction(parts[0], " ".join(parts[1:]), after_assistant, who, said_before)
    if found and found.family == "correction/no-thing" and agreed_no(plain(sent)):
        return []  # "lol ok no harpsichord": the assistant's advice taken, nothing put right, no rule
    if not found and to_assistant and (said_before or after_assistant):
        found = named_correction(trim(put_right), said_before or after_assistant, who)
        after_assistant = said_before if found and said_before else after_assistant
    if found:
        # ("Correction: his school also bans nuts, I forgot to say"): what the person left out is no answer to
        # anything the assistant said, so none of its words go beside it
        # (nor a slip of the person's own put right: "Sorry, It was 1979 that I started, not 1981")
        left_out = _FORGOT_TO_SAY_RE.search(text) is not None or found.family == "correction/cleft"
        # (a decision/enough quotes what will do, not the offer turned down: "no need for a gantt chart, a list is fine")
        quote = (enough_said(text) or text) if found.family == "decision/enough" else text
        return [_fact(found, quote, turn, context="" if left_out else after_assistant)]
    found = _from_now_on(trim(text), who)
    parts = clauses(text)
    if not found and len(parts) > 1:  # "keep replies short going forward, I read them on the bus"
        found = _from_now_on(trim(parts[0]), who)
    if found:
        return [_fact(found, text, turn)]
    # ("Yes let's switch the remote to SSH, from now on this repo is only SSH"): what is done now, then the rule
    # it starts, in a later clause of its own
    cut = _FROM_NOW_LATER_RE.search(text)
    later = _from_now_on(text[cut.start(1) :], who) if cut else None
    if cut and later is not None:
        return [
            *extract_sentence(text[: cut.start()], nxt, event, after_assistant, to_assistant, pending),
            _fact(later, text[cut.start(1) :], turn),
        ]
    # "nah i prefer writing flashcards by hand": the no, then the person's own way in its place (unless that
    # way is the offer itself: "nah i hate zoom")
    own = _NO_THEN_OWN_RE.match(text)
    if (
        own
        and not turned_down(own.group("x"))
        and not (after_assistant and words(own.group("x")) & offered_words(after_assistant))
    ):
        text = own.group("x")
    # ("nah we stay with sms, …": a choice among what was put forward, which may well name one of them)
    lead = _NO_LEAD_RE.match(text)
    if lead and chose(lead.group("x")):
        text = lead.group("x")
    return _clause_facts(text, who, turn, to_assistant, pending, offers=said_before or after_assistant)


def _answer(sent: str, assistant: str) -> Found | None:
    """decision/answer: "Should I use RSpec or Minitest for the tests?" -> "Minitest." """
    m = _CHOICE_RE.search(assistant.rsplit(".", 1)[-1] if assistant.rstrip().endswith("?") else "")
    if not m:
        return None
    a, b = m.group("a").strip(), m.group("b").strip()
    a = (
        a.split()[-1]
        if len(a.split()) > 1 and a.split()[0].lower() in ("use", "using", "pick", "choose", "want", "prefer")
        else a
    )
    first = trim(sent).lower()
    for chosen, other in ((a, b), (b, a)):
        if (
            first == chosen.lower()
            or first.startswith(chosen.lower() + " ")
            or first.startswith(chosen.lower() + ".")
            or first.startswith(chosen.lower() + ",")
        ):
            tail = (m.group("tail") or "").strip()
            return Found(f"Decision: {chosen}, not {other}" + (f", {tail}" if tail else ""), "decision",
                         "decision/answer", "decision", confidence=0.7)  # fmt: skip
    return None


# one of the options the assistant put forward, taken in the person's own words ("ok we store it in localStorage,
# no server", "we'll host it on Hetzner then", "I go for the Anker one"): where it is kept or which is picked
_PICKED_RE = re.compile(
    r"^(?:(?:ok(?:ay)?|so|then|fine|alright|right|yes|yeah|good)[,.!\s]+)*(?P<x>(?:(?:we|I)(?:'ll|\s+will)?|let's|lets)\s+"
    r"(?:(?:store|keep|save|put|host|run|deploy|back\s+up|do)\s+(?:it|them|everything|all|the\s+[\w-]+(?:\s+[\w-]+)?)"
    # ("Okay, I will use the red cabbage indicator, it's cheap", "ok lets keep tokio, no point rewriting to sync now")
    r"\s+(?:in|on|at|with|via|through)|go\s+for|pick|take|choose|use|keep)\s+"
    r"(?P<what>(?:the\s+)?(?!(?:it|them|that|this|those|these|one|both)\b)[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)"
    r"(?:\s+(?:then|for\s+now))?(?:\s*[,;]\s*(?P<tail>[^,;]{2,40}))?"
    # the same bid as an order, with its "then" ("ok use the Open-Meteo then, no key is better")
    r"|(?:use|go\s+with|go\s+for|take|pick|keep)\s+(?P<what2>(?:the\s+)?(?!(?:it|them|that|this|those|these|one|both)\b)"
    r"[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s+then(?:\s*[,;]\s*(?P<tail2>[^,;]{2,40}))?)[.!]*$",
    IC,
)


def _picked(sent: str, offers: str, who: str) -> Found | None:
    """decision/picked: one of the options the assistant put forward, taken ("Two realistic options: 1. localStorage
    … 2. Firebase …" -> "ok we store it in localStorage, no server"); a thing the assistant never named is no choice
    among them."""
    m = _PICKED_RE.match(trim(sent))
    if not m or refused(m.group("x")):
        return None
    named = (
        words(m.group("what") or m.group("what2"))
        - _EVERYDAY_WORDS
        - {"the", "one", "first", "second", "other", "same", "option"}
    )
    if not named or not named <= words(offers):
        return None
    return Found(f"Decision: {cap(third_person(m.group('x').strip(TRIM), who))}", "decision", "decision/picked",
                 "decision", confidence=0.75)  # fmt: skip


# the assistant asks where or what something of the person's is ("Where does the inventory live?",
# "What's your shell?", "Which region are you in?")
_WHERE_WHAT_RE = re.compile(
    r"(?:^|[.!?:]\s+|\n)(?:(?:so|and|ok|okay)[,\s]+)?(?:where|what|which)(?:'s|\s+is|\s+are|\s+does|\s+do)\s+"
    r"(?P<topic>(?:the|your|our)\s+(?:[\w/.-]+\s+){0,3}?[\w/.-]+?)"
    r"(?:\s+(?P<where>live|lives|stored|kept|located|running|run|hosted|installed|called|named|set to|set|sit|sits))?"
    r"\s*\?\s*$"
    r"|(?:^|[.!?:]\s+|\n)which\s+(?P<kind>[\w -]{2,30}?)\s+(?:do|are|is)\s+(?:you|we)\s+(?:use|using|on|in|run|running)\s*\?\s*$",
    IC,
)
# the person's answer: "its inventories/prod.yml", "it's fish", "it lives in /srv/inv", "called Sunny Crumb"
_ITS_RE = re.compile(
    r"^(?:(?:oh|ah|ok|okay|yeah|yes|well|so|sorry)[,\s]+)*(?:it's called|its called|it is called|it lives in|it lives on|"
    r"it's|its|it is|they're|they are|we're on|we are on|we use|I use|called)\s+(?P<v>[^,;]{1,60}?)[.!]*$",
    IC,
)


def _told(sent: str, assistant: str, who: str) -> Found | None:
    """answer/asked: the assistant asked where or what a thing of theirs is; "its X" answers it
    ("Where does the inventory live?" -> "its inventories/prod.yml" -> "Inventory: inventories/prod.yml")."""
    asked = _WHERE_WHAT_RE.search(assistant.strip())
    said = _ITS_RE.match(re.split(r"[,;]\s|\s[—–]\s", trim(sent))[0].strip())
    if not asked or not said or refused(said.group("v")) or re.search(TRANSIENT, said.group("v"), IC):
        return None
    value = said.group("v").strip(TRIM)
    topic = asked.group("topic") or asked.group("kind") or ""
    # the person's own thing ("your shell", "which cloud do you use") or where a thing is kept;
    # not "what's the error message?", which asks about this minute
    if not (asked.group("kind") or asked.group("where") or re.search(r"\b(?:your|our)\b", topic, IC)):
        return None
    if (
        len(value.split()) > 8
        or value.lower() in ("fine", "ok", "okay", "good", "that", "this", "it", "right")
        or re.match(r"^\w+ing$", value)  # "it's raining"
        or re.search(r"\b(?:like|about|for|with|problem|issue|plan|weather|time|matter)$", topic, IC)
    ):
        return None
    topic = re.sub(r"^(?:the|our)\s+", "", topic.strip(), flags=IC)
    topic = re.sub(r"\byour\b", possessive(who), topic, flags=IC)  # the assistant's "your" is the person's
    text = f"{cap(third_person(topic, who))}: {third_person(value, who)}"
    return Found(
        text, "fact", "answer/asked", subject_of(f"{topic} {value}") or "", confidence=0.75, priority="medium"
    )


# the assistant asks which make or model a thing of the person's is, anywhere in its message ("Which Raspberry Pi
# model is it?", "What printer do you have?"); "It is Raspberry Pi 3B from 2017" answers it
_WHICH_KIND_RE = re.compile(
    r"\b(?:which|what)\s+(?P<kind>(?:[\w-]+\s+){0,3}?(?:model|version|make|brand|kind|type|edition|generation|distro|"
    r"os|phone|laptop|printer|router|car|board|tractor|camera|machine|sewing machine|kiln|boiler|inverter))\s+"
    r"(?:is\s+it|is\s+that|is\s+yours|do\s+you\s+(?:have|use|own|run)|are\s+you\s+(?:using|on|running))\s*\?",
    IC,
)
_ITS_KIND_RE = re.compile(
    r"^(?:(?:oh|ah|ok|okay|yeah|yes|well|so|sorry)[,\s]+)*(?:it's|its|it is|it was|that's|thats|mine is|I have|I've got|"
    r"I got|we have|I use|we use)\s+(?:an?\s+|the\s+)?(?P<v>(?!(?:not|no|fine|ok|okay|good|that|this|old|new)\b)"
    r"[^,;.!?]{2,40}?)(?=\s*(?:[,;.!]|\band\b|\bbut\b|\bso\b|$))",
    IC,
)


def _which_kind(sent: str, assistant: str, who: str) -> Found | None:
    """answer/which: "Which Raspberry Pi model is it?" -> "It is Raspberry Pi 3B from 2017 and …" ->
    "The user's Raspberry Pi model: Raspberry Pi 3B from 2017"."""
    asked = _WHICH_KIND_RE.search(assistant)
    said = _ITS_KIND_RE.match(trim(sent))
    if not asked or not said or refused(said.group("v")) or re.search(TRANSIENT, said.group("v"), IC):
        return None
    kind, value = asked.group("kind").strip(), said.group("v").strip(TRIM)
    return Found(f"{cap(possessive(who))} {kind}: {value}", "fact", "answer/which", subject_of(f"{kind} {value}") or "",
                 confidence=0.75)  # fmt: skip


# the assistant asks where the person lives ("Where are you renting, and when does your tenancy end?",
# "Which city are you in?"); a bare place answers it ("phibsborough, dublin 7.")
_WHERE_YOU_RE = re.compile(
    r"\bwhere\s+(?:are|do)\s+(?:you|u)\s+(?:currently\s+|now\s+)?(?P<v>live|living|based|located|renting|rent|"
    r"staying|from|come from)\b"
    r"|\b(?:which|what)\s+(?:city|town|village|country|area|neighbou?rhood|part of(?:\s+\w+){1,2})\s+(?:are|do)\s+"
    r"(?:you|u)\s+(?P<v2>live in|living in|in|based in|from|renting in)\b",
    IC,
)
_BARE_PLACE_RE = re.compile(
    r"^(?:(?:in|near|just outside|outside)\s+)?(?!(?:yes|yeah|no|nope|ok|okay|sorry|idk|dunno|not|home|here|there|"
    r"it|the|a|an|my|our|i|we|you|he|she|they|both|either|neither|nowhere|somewhere|same|why|what|well)\b)"
    r"(?P<p>[^\W\d_][\w'.-]*(?:\s+[\w'.-]+){0,2}(?:,\s*[^\W\d_][\w'.-]*(?:\s+[\w'.-]+){0,2})?)[.!]*$",
    IC,
)
_VERBISH_RE = re.compile(
    r"\b(?:is|are|was|were|am|be|have|has|had|do|does|did|will|would|can|could|should|think|know|live|work|"
    r"rent|go|get|got|want|need|like|sure|maybe|please|thanks)\b",
    IC,
)


def _placed(sent: str, assistant: str, who: str) -> Found | None:
    """answer/where: the assistant asked where the person lives and a bare place answered it."""
    asked = _WHERE_YOU_RE.search(assistant)
    said = _BARE_PLACE_RE.match(trim(sent))
    if not asked or not said or _VERBISH_RE.search(said.group("p")) or refused(said.group("p")):
        return None
    verb = (asked.group("v") or asked.group("v2") or "").lower()
    place = ", ".join(  # "phibsborough, dublin 7" -> "Phibsborough, Dublin 7"; "near the river" stays
        p if re.match(r"(?:near|by|off|next|close|on|in|at)\b", p, IC) else p[:1].upper() + p[1:]
        for p in (part.strip() for part in said.group("p").split(","))
    )
    how = "is from" if "from" in verb else "rents in" if "rent" in verb else "lives in"
    return Found(f"{cap(who)} {how} {place}.", "fact", "answer/where", "place", confidence=0.7)


@dataclass(frozen=True)
class Unread:
    """A clause no phrasing family read, left for the learned judge (jarvis.observe.judge)."""

    clause: str
    quote: str
    turn: int
    who: str
    # who someone is, said in the same clause ("my son Bao is studying in Osaka now"): when the
    # judge keeps the clause, it holds that fact too
    instead: Fact | None = None


# a clause that tells the assistant how to work: an imperative or a bare "no X" / "only X"
_ADDRESSED_RE = re.compile(
    r"^(?:please\s+)?(?:always|never|don't|do not|dont|no|only|keep|use|make|put|write|give|send|avoid|stick|"
    r"explain|answer|reply|format|show|call|name|round|sort|stay|leave|ask)\b",
    IC,
)


# how things should be done, said to last ("anything stochastic should get seed 1729, always")
_SHOULD_ALWAYS_RE = re.compile(
    r"\b(?:should|must)\b[^.;]{3,120}?,\s*(?:always|every\s+time|no\s+exceptions)[.!]*$", IC
)


def judged(unread: Unread, score: float) -> Fact:
    """The fact a judged clause states, in the third person; a rule when it tells the assistant how to work."""
    clause = _as_typed(unread.clause.strip(TRIM))
    text = cap(third_person(clause, unread.who))
    rule = bool(_ADDRESSED_RE.match(clause) or _SHOULD_ALWAYS_RE.search(clause))
    found = Found(
        text,
        "rule" if rule else "fact",
        "learned/judge",
        "rule" if rule else (subject_of(text) or ""),
        confidence=round(min(0.9, max(0.5, score)), 2),
    )
    return _fact(found, unread.quote, unread.turn)


# the person's "I don't have X" said back to someone else's way with X, in the same sentence
_NOT_MINE_RE = re.compile(
    r"^(?:(?:but|and|though|yet|so)[\s,]+)*(?:I|we)\s+(?:don't|do not|dont|can't|cannot|never|won't)\s+(?:really\s+)?"
    r"(?:have|use|own|grow|need|do|buy|get|keep|plant|feed)\s+(?:any\s+|the\s+|a\s+|an\s+)?(?P<x>[\w.+-]+)",
    IC,
)


def _answers_their_way(clause: str, before: list[str]) -> bool:
    """True when the clause only says the person lacks what someone else, just named, swears by ("My
    neighbour swears by Napier grass silage, … but I don't have Napier")."""
    m = _NOT_MINE_RE.match(clause)
    if m is None:
        return False
    named = mention_re(m.group("x"))
    return any(named.search(part) and (others_habit(part) or someone_elses(part)) for part in before)


def _clause_facts(
    text: str,
    who: str,
    turn: int,
    to_assistant: bool,
    pending: list[Unread] | None = None,
    offers: str = "",
) -> list[Fact]:
    """The facts of a sentence, clause by clause; `offers` is the assistant message it answers, where a thing
    the person says no to may have been put forward."""
    facts: list[Fact] = []
    tagged = _RULE_TAG_RE.match(trim(text)) if to_assistant else None
    if tagged and (of_the_moment(tagged.group("x")) or _NOW_RE.search(tagged.group("x"))):
        tagged = None  # "it's after 6 now so you're fine today, that's the rule": today's, not a rule
    lasting = _LASTING_LABEL_RE.match(trim(text)) if to_assistant and not tagged else None
    if lasting:
        text = "rule: " + trim(text)[lasting.end() :]
    labelled = _LABEL_RE.match(trim(text)) if to_assistant and not tagged else None
    if labelled and labelled.group("rule"):
        text = labelled.group("x")  # the label names the whole sentence a rule, before it is cut
    else:
        labelled = None
    parts = [
        piece
        for part in clauses(tagged.group("x") if tagged else text)
        for piece in (
            _AND_HE_RE.split(part, 1) if _KIN_RE["he"].search(part) or _KIN_RE["she"].search(part) else [part]
        )
        for piece in _who_then_theirs(piece)
    ]
    parts = _undislocated(parts)
    # "My principal wants all of us on Canvas, she's obsessed, anyway not relevant": noted, not followed
    shrugged = any(_SHRUG_RE.match(part) for part in parts[1:])
    previous: str | None = None  # the clause before, when nothing read it
    before: str | None = None  # and the one before that, when nothing read it either
    queued = len(pending) if pending is not None else 0  # where this sentence's unread clauses start
    short_rule_at: int | None = None  # the clause of a rule too short to stand alone, said just before
    for at, clause in enumerate(parts):
        if at and _answers_their_way(clause, parts[:at]):
            continue  # "My neighbour swears by Napier grass silage, …, but I don't have Napier": about theirs
        # "My fiancé is Tomás and he's vegan": he is the one family member named before
        said = clause
        clause = _resolved(clause, " ".join(parts[:at])) if at else clause
        if (
            to_assistant
            and previous
            and _STANDING_TAG_RE.match(clause)
            and not of_the_moment(previous)
            and not _NOW_RE.search(previous)  # "it's after 6 now so you're fine today, that's the rule"
        ):
            read = {previous, before}
            # "keep it in Spanglish, that's our whole vibe, always": the rule, not the comment;
            # "keep the sql in queries/ — no SQL inline, that's a rule": both clauses are the rule
            if before and _COMMENT_RE.match(previous):
                previous = before
            elif before and _RULE_TAG_CLAUSE_RE.match(clause):
                previous = f"{before}; {previous}"
            if (
                pending is not None
            ):  # the tag made it a rule; the judge need not read what this sentence queued
                pending[queued:] = [u for u in pending[queued:] if u.clause not in read]
            # its words are the clauses it was read from ("My boss Dr Hargreaves reckons raffles make more,
            # but … so we're doing trivia, end of story" keeps no word of the boss's)
            facts.append(_standing(previous, clause, turn, who, f"{previous}, {clause}"))
            previous = before = None
            continue
        label = _LABEL_RE.match(clause)
        rule_label = bool(label and label.group("rule") and to_assistant) or bool(tagged) or bool(labelled)
        clause = label.group("x") if label else clause
        found = _match_clause(clause, who, to_assistant)
        lead = _COLON_LEAD_RE.match(clause) if found is None and to_assistant and not label else None
        if lead and not someone_elses(lead.group("lead")):
            # "the last tool I tried kept doing this: R only, with renv for the packages": a lead-in of
            # the person's, then a rule of its own
            led = _match_clause(lead.group("x"), who, to_assistant)
            if led is not None and led.kind == "rule":
                found, clause = led, lead.group("x")
        # a rider read one thing in passing ("here in Wommels"); what the clause says besides may be a fact too
        besides = (
            _match_clause(clause, who, to_assistant, RIDER_NAMES)
            if found and found.family in RIDER_NAMES
            else None
        )
        if (
            found
            and besides
            and besides.family not in ("self/statement", "world/habitual")
            and all(
                re.search(rf"(?<!\w){re.escape(word)}(?!\w)", besides.text, IC)
                for word in {found.text.split()[-1].strip(TRIM), *_NAMED_WORD_RE.findall(found.text[4:])}
            )
        ):
            found, besides = besides, None  # "I love hiking with my kids": the kids are in the other fact
        rider = (
            next(family for family in IN_PASSING if family.name == found.family)
            if found and found.family in _HAD_RIDERS
            else None
        )
        held = rider.regex.search(clause) if rider else None
        if (
            found
            and held
            and not re.search(r"\bmy\s+own\b", held.group(0), IC)
            and (someone_elses(clause) or _BEFELL_RE.match(clause[held.end() :]))
        ):
            # ("Half the lads in my discussion group went OAD last autumn", "the printer at home ran out of ink
            # again"): the group or the thing is the person's; what its members do, or what befell it today, is
            # not, and the fact quotes only its own words. ("my own practice" in someone's advice is no practice)
            facts.append(_fact(found, held.group(0), turn))
            previous = before = None
            continue
        if found and clause != said and found.family == "self/relation-is":
            found = None  # "she's afraid of the heart" named her before; "afraid" is no name
        if rule_label:
            # the label names all of it a rule ("hard rule: no malloc anywhere, no k_malloc, no heap"):
            # a family's text stands only when it left nothing of the clause out
            body = found.text if found is not None and not _stems(clause) - _stems(found.text) else None
            if body is None or found is None or found.kind != "rule":
                body = body or cap(third_person(clause.strip(TRIM), who))
                found = Found(body, "rule", "rule/label", "rule", priority="high")
        # who someone is, unless the family already said it ("my son Vikram is writing JEE" is held;
        # "the user's son is Vikram" is not)
        extra = (
            _appositive(clause, who, text)
            if found is None or found.subject != "person" or found.gate == "hold"
            else None
        )
        if (
            short_rule_at == at - 1
            # ("No psyllium, I tried it last year …" to an offer of psyllium): an offer turned down, with why
            and not _named_by(facts[-1].text, offers)
            and (found is None or found.kind != "rule")
            and not clause.rstrip().endswith("?")
            and not someone_elses(clause)
        ):
            # ("No emojis please, my style is minimal"): a rule too short to stand alone as a note keeps the
            # person's why, said right after it
            last = facts[-1]
            facts[-1] = replace(
                last,
                text=f"{last.text.rstrip('.')} ({third_person(clause.strip(TRIM), who)}).",
                quote=f"{last.quote.strip()}, {clause.strip()}",
            )
            short_rule_at = None
            previous = None
            continue
        short_rule_at = None
        if found and found.kind == "rule" and _ABOUT_IT_RE.match(clause.strip(TRIM)):
            if facts:  # "We stay on MapKit (that's decided); don't propose it again"
                last = facts[-1]
                facts[-1] = replace(last, text=f"{last.text.rstrip('.')}; {clause.strip(TRIM)}.")
            previous = None
            continue
        if found and extra and found.gate == "hold":
            found = None  # "my daughter Emi is a doctor": the relation is the fact; the rest stays unsure
        unread_why = admissible(clause) if found is None else None  # why the judge may not read it
        so = _SO_TAIL_RE.match(clause) if unread_why in ("impression", "passing state") else None
        if so and admissible(so.group("x")) is None:
            # "moved here from enugu in 2021 so the nhs interview style still feels a bit weird to me": how it
            # feels is the tail's; where the person came from stands before it, and is read, and quoted, alone
            clause, unread_why = so.group("x"), None
        said_in = clause if len(parts) > 1 or so else text  # what a fact of this clause quotes
        if found:
            if found.kind == "rule" and previous and _pair_opens(previous, clause):
                # "run the tests with make test-fast — never call pytest directly": one rule, both halves
                body = cap(third_person(previous.strip(TRIM), who))
                found = replace(found, text=f"{body}; {found.text[:1].lower()}{found.text[1:]}")
                if pending is not None:
                    pending[queued:] = [u for u in pending[queued:] if u.clause != previous]
                clause = f"{previous} — {clause}"
            if (
                found.family == "rule/none"
                and _PLEASE_RE.search(clause)
                and not _named_by(found.text, offers)
            ):
                # ("no gels with caffeine please"): a no with a please, to nothing the assistant named, is an
                # instruction put as one, which the decoy veto leaves (adr/0101)
                found = replace(found, family="rule/none-asked")
            facts.append(_fact(found, said_in, turn))
            if found.kind == "rule" and len(found.text) < ObserveConfig.min_chars:
                short_rule_at = at
            if besides is not None and besides.text.lower() != found.text.lower():
                facts.append(_fact(besides, said_in, turn))
            if (
                pending is not None
                and found.kind == "fact"
                and (_cut_short(found.text, clause) or (found.gate == "hold" and admissible(clause) is None))
            ):
                # a held "my X is Y" ("my exam is on 14 June") is allowed when the judge reads it as a fact
                # "I'm a frontend contractor, currently placed at Saltmarsh Insurance": the family kept
                # the first half; the judge weighs the whole clause, which then stands for both
                pending.append(Unread(clause, said_in, turn, who, facts[-1]))
        elif (
            extra is None
            and pending is not None
            and not rule_label
            and unread_why is None
            # "pacifique studies everything with anki, he says its the best": all of it is his
            and not (
                at + 1 < len(parts)
                and _THEIR_SAY_RE.match(parts[at + 1])
                and not _FIRST_PERSON_RE.match(clause)
            )
            and not any(family.regex.search(clause) for family in APPOSITIVES)  # someone named, and their say
            and not (shrugged and someone_elses(clause, requirements=False))
        ):
            # ("I'm organic all the way, period, my neighbor uses Roundup on everything": the person's part was
            # cut from the neighbour's by _who_then_theirs, so the judge reads, and the fragment quotes, it alone)
            pending.append(Unread(clause, said_in, turn, who))
        passing = found is None and (
            someone_elses(clause) or of_the_moment(clause) or unread_why == "passing state"
        )
        if found is None and extra is None and not refused(clause) and not passing:
            # "There is park near my flat in Podgórze, Bednarski park": where the home is, said in passing
            had = _homes(clause, who) + _twins(clause, who)
            facts.extend(_fact(rider, quote, turn) for rider, quote in had)
        if found is None and extra is None and refused(clause) == "hypothetical":
            # ("… so if you ever give me bookkeeping tips, make them QuickBooks tips")
            when = (
                _IF_THEN_YOU_RE.match(clause) or _IF_YOU_RULE_RE.match(clause)
                if to_assistant and not rule_label
                else None
            )
            if when:  # "… and if it is a medical thing you can write in Spanish": what to do, when
                body = cap(third_person(when.group(0).strip(TRIM), who))
                facts.append(_fact(Found(body, "rule", "rule/if-you", "rule", priority="high"), clause, turn))
            else:  # "I was thinking I'd ring them after my bridge club": the plan is unsure, the club is not
                facts.extend(_fact(rider, quote, turn) for rider, quote in _named_people(clause, who))
        elif found is None and extra is None and passing and not refused(clause):
            # "since my bypass in 2023 the cardiologist said no flat-out efforts": what the doctor said is
            # theirs; the bypass is the person's
            had = _own_riders(clause, who) + _twins(clause, who)
            facts.extend(_fact(rider, quote, turn) for rider, quote in had)
        if extra and (not found or extra[0].text.lower() not in found.text.lower()):
            fact = _fact(extra[0], extra[1], turn)
            # said again through "she" ("My wife is Ana and she is great"): one fact
            named = None if fact.text in [f.text for f in facts] else fact
            if named is not None:
                facts.append(named)
            if found is None and pending is not None and not rule_label and _says_more(clause, extra[1]):
                # "Penelope (my wife) is coeliac", "my son Timur has his dombra concert at 17:00":
                # who she is, and what is true of her, which the judge weighs like any clause
                pending.append(Unread(clause, said_in, turn, who, named))
        before, previous = (previous, None) if found or extra else (previous, clause)
    return facts


_OUTSIDE_FAMILY = (
    r"\b(?:friend|pal|mate|buddy|neighbou?r|colleague|co-?worker|classmate|flatmate|roommate|housemate|"
    r"teammate|boss|manager|lead|supervisor|advisor|landlord|landlady|client|coach|mentor|editor)\b"
)
_HABITUAL_RE = re.compile(r"\b(?:always|never|still|every|usually|keeps|constantly|forever|insists)\b", IC)


_DO_RE = re.compile(
    r"^(?:please\s+|pls\s+)?(?:always\s+)?(?:use|run|keep|put|write|call|build|deploy|commit|push|test|format|"
    r"name|store|send|go through|stick to|stick with|import|install|pin)\b",
    IC,
)
_DONT_RE = re.compile(r"^(?:please\s+|pls\s+)?(?:never|don't|dont|do not|no)\b", IC)


_THEIR_SAY_RE = re.compile(
    r"^(?:and\s+|but\s+)?(?:he|she|they)\s+(?:also\s+|always\s+)?(?:says?|said|thinks?|reckons?|swears?|believes?|"
    r"claims?|insists?)\b",
    IC,
)
_FIRST_PERSON_RE = re.compile(r"^(?:I|I'm|I've|im|ive|my|we|we're|our|me)\b", IC)


def _pair_opens(previous: str, clause: str) -> bool:
    """True when an instruction nothing read comes right before a ban that completes it ("use
    pnpm — never npm", "run the tests with make test-fast, never call pytest directly")."""
    return bool(_DO_RE.match(previous) and _DONT_RE.match(clause)) and admissible(previous) is None


def _stems(text: str) -> set[str]:
    """Distinctive words, cut to four letters and without "'s" ("cat's name" ~ "cat is named")."""
    return {w.removesuffix("'s")[:4] for w in words(text)}


def _cut_short(fact: str, clause: str) -> bool:
    """True when a family's fact leaves out three or more distinctive words of its clause, none of
    them about somebody else ("my cat's name is Whiskerino and she sleeps all day" is hers)."""
    return (
        # ("I am colour-blind, deuteranopia": one word left out of a short clause counts too)
        len(_stems(clause) - _stems(fact) - {"i'm", "im", "i've", "user", "got", "get", "gets"})
        >= (1 if len(clause.split()) <= 8 else 3)
        and not re.search(r"\b(?:he|she|they|his|her|their|him|them)\b", clause, IC)
        and admissible(clause) is None
    )


def _says_more(clause: str, named: str) -> bool:
    """True when a clause naming someone goes on to say something of them ("my son Bao is studying
    in Osaka now"), not only who they are ("my son Bao"); what they think is never read."""
    at = clause.find(named)
    rest = clause[at + len(named) :] if at >= 0 else ""
    return (
        len(TOKEN_RE.findall(clause.replace(named, " ", 1))) >= 2
        and admissible(clause) is None
        and not re.search(r"^\W*(?:and|,)?\s*(?:he|she|they)?\s*(?:is|'s)\s+(?:my|our)\b", rest, IC)
        # what they want or think is theirs, even a boss's ("my boss Helena wants us on TikTok daily")
        and not their_opinion_follows(rest)
        # and so is what someone outside the family keeps doing ("my line manager Urs still prints every table")
        and not (re.search(_OUTSIDE_FAMILY, named, IC) and _HABITUAL_RE.search(rest))
    )


_KIN_RE = {
    pronoun: re.compile(rf"\b(?P<kin>my\s+(?:late\s+|little\s+|older\s+|younger\s+|big\s+|eldest\s+|youngest\s+)?"
                        rf"(?:{kin}))\b(?:,?\s+(?:is\s+)?(?P<name>(?-i:[A-Z])[\w'-]+))?", IC)
    for pronoun, kin in (("he", KIN_HE), ("she", KIN_SHE))
}  # fmt: skip
_PRONOUN_FACT_RE = re.compile(
    r"^(?P<p>he|she)(?:'s|\s+(?:is|has|was|had|can't|cannot|can not|can|does|doesn't|needs|takes|lives|works|"
    r"uses|gets|goes|eats|drinks|walks|stays|only)\b)"
    # what they are, not how they feel about things ("she's never tired of it", "he's so proud")
    r"(?!\s*(?:always|never|usually|also|so|really|very|not|still|just|too|quite|a bit|great|amazing|lovely|"
    r"wonderful|the best|awesome|brilliant|a saint|fine|ok|okay|happy|sad|tired|busy|excited|nervous|worried|"
    r"annoyed|upset|proud|right|wrong|back|here|there|away|out|home|asleep|sick|ill|coming|going)\b)",
    IC,
)
# "My fiancé is Tomás and he's vegan": cut before "he"/"she" when the clause named one of the family
_AND_HE_RE = re.compile(r",?\s+and\s+(?=(?:he|she)(?:'s|\s+is|\s+has)\s)", IC)


# "I'll review it tomorrow from Switchyards, I'm there every Friday": "there" is the one place named
_THERE_RE = re.compile(
    r"^(?P<who>I'm|I am|im|I|we're|we are|we)\s+(?:(?:usually|normally|always|also|mostly|only)\s+)?"
    r"(?P<verb>work|live|go|volunteer|train|teach|study|swim|climb|play|be|'m|am|are|'re)?\s*there\b(?=.*\b(?:every|on|"
    r"most|each|usually|normally|always|weekdays|weekends|mondays|tuesdays|wednesdays|thursdays|fridays|"
    r"saturdays|sundays|since|for)\b|\s*$)",
    IC,
)
_PLACE_NAMED_RE = re.compile(
    r"\b(?:at|from|in|to)\s+(?:the\s+)?(?P<place>(?-i:[A-ZÀ-Ý])[\w'&-]+(?:\s+(?-i:[A-ZÀ-Ý])[\w'&-]+){0,2})"
    # a place of their own, by what it is ("my shift at my uncle's plov restaurant")
    r"|\b(?:at|from|in)\s+(?P<own>(?:my|our)\s+(?:[\w-]+'s\s+)?(?:[\w-]+\s+)?(?:restaurant|shop|cafe|café|bakery|"
    r"salon|clinic|studio|office|gym|school|church|mosque|temple|farm|garage|pharmacy|store|bar|pub|hospital|"
    r"warehouse|lab|library|market|stall|workshop|allotment))\b",
    IC,
)


def _there_resolved(sent: str, before: str) -> str:
    """ "I'm there every Friday" right after "from Switchyards": the one place named before."""
    m = re.search(r"\bthere\b", sent, IC)
    if not m or not _THERE_RE.match(sent):
        return sent
    places = {
        p.group("place") or p.group("own")
        for p in _PLACE_NAMED_RE.finditer(before)
        if (p.group("place") or p.group("own")).lower() not in (*MONTHS, *WEEKDAYS)
    }
    if len(places) != 1:
        return sent
    return f"{sent[: m.start()]}at {places.pop()}{sent[m.end() :]}"


_NAMED_WORD_RE = re.compile(r"\b(?-i:[A-Z][\w'-]*|\w*\d\w*)")
_SHRUG_RE = re.compile(
    r"^(?:anyway\s+|but\s+)?(?:(?:that's\s+|it's\s+)?not relevant|irrelevant|doesn't matter|never mind|whatever|"
    r"(?:he|she|they)(?:'s|\s+is|'re|\s+are)\s+(?:obsessed|mad|crazy|nuts)|not my problem|not happening)\b",
    IC,
)
# "the comments, they stay in French please": the topic first, then "they" for it
_DISLOCATED_RE = re.compile(
    r"^(?:(?:and|also|oh|but)\s+)*(?P<np>(?:the|my|our|all|these|those|all the|all my)\s+(?:[\w-]+\s+){0,2}[\w-]+)$",
    IC,
)
_TAKEN_UP_RE = re.compile(
    r"^(?:they|it|these|those)\s+(?P<rest>(?!(?:is|are|was|were|'s|'re)\s+(?:so|really|very)\b).{3,})$", IC
)

# a topic of any kind, then what is done with it ("anything that can reboot a host, I run it in check
# mode first", "every script that deletes files, you show it to me before running it")
_TOPIC_RE = re.compile(
    r"^(?:(?:and|also|but)\s+)*(?:anything|everything|whatever|(?:any|every|each)\s+[\w-]+)\s+"
    r"(?:that|which|who|with|in|on|under|touching|going|from)\b[^,;]{3,60}$",
    IC,
)
_TOPIC_TAKEN_RE = re.compile(r"^(?:I|we|you|u)\s+(?:[\w'-]+\s+){1,4}?(?:it|them)\b", IC)

# a lead-in of the person's before a colon ("A quick note on how I work: …", "the last tool I tried
# kept doing this: …"), never another's say ("my PI says: …", "Lars's rule: …")
_COLON_LEAD_RE = re.compile(
    r"^(?P<lead>(?=[^:]*\b(?:I|I'm|me|my|we|our|you|this|these|the following)\b)"
    r"(?![^:]*(?:\b(?:says?|said|tells?|told|thinks?|thought|wants?|asks?|asked|he|she|they|his|her|their)\b|"
    # it points at what follows ("… kept doing this:"); "remember my thesis deadline: …" names its topic
    r"\w's\s))[^:]{3,80}\b(?:this|these|the following|as follows|how I work|how we work|one thing|something|"
    r"a favou?r)):\s+(?P<x>\S.{4,})$",
    IC,
)


def _undislocated(parts: list[str]) -> list[str]:
    """["the comments", "they stay in French please"] -> ["the comments stay in French please"]."""
    out: list[str] = []
    for part in parts:
        np = _DISLOCATED_RE.match(out[-1]) if out else None
        taken = _TAKEN_UP_RE.match(part) if np else None
        if np and taken and not re.search(r"\b(?:me|us)\b", taken.group("rest"), IC):
            # ("the Deliveroo, they call me every week": what others do to the person stays theirs)
            out[-1] = f"{np.group('np')} {taken.group('rest')}"
        elif out and _TOPIC_RE.match(out[-1]) and _TOPIC_TAKEN_RE.match(part):
            out[-1] = f"{out[-1]}, {part}"
        else:
            out.append(part)
    return out


def _resolved(sent: str, before: str) -> str:
    """ "He is type 2 diabetic" right after "dinner ideas for my appa": the person's family member is
    named again, so the clause reads as theirs; only when one family member of that kind was named.
    "I'm there every Friday" after "from Switchyards" reads as "I'm at Switchyards every Friday"."""
    m = _PRONOUN_FACT_RE.match(sent)
    if not m and before:
        return _there_resolved(sent, before)
    if not m or not before:
        return sent
    named = {
        f"{k.group('kin')} {k.group('name')}" if k.group("name") else k.group("kin")
        for k in _KIN_RE[m.group("p").lower()].finditer(before)
    }
    if len(named) != 1 or someone_elses(before):
        # ("my sister says I should raise the prices, she lives in Barcelona": told to give her
        # advice, so who she is and where she lives are not kept either)
        return sent
    rest = sent[len(m.group("p")) :]
    if rest.startswith("'s"):  # "he's vegan" / "he's lived with us since …"
        has = re.match(r"'s\s+(?:been|got|had|\w+ed)\b", rest)
        rest = (" has" if has else " is") + rest[2:]
    return named.pop() + rest


# a correction that says what is right and what is wrong ("Web tier: Rocky Linux 9, not Ubuntu")
_BOTH_HALVES_RE = re.compile(
    r"^(?:Correction: |[\w /-]{1,40}: ).+,\s+not\s+\S|\b(?:isn't|is not|aren't|are not)\b[^,]+,\s*(?:it's|it is)\b"
)
# a stay that ends, said in the message that says "here in X" ("network is very bad here in ghandruk, i am
# with a group from holland till friday"): where the person is this week, not where they live
_AWAY_RE = re.compile(
    r"\b(?:till|until|untill|til|through)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend|"
    r"next\s+\w+|tomorrow|the end of|end of|\d)"
    r"|\bfor\s+(?:the|this|a|another|two|three|four|five|a few|a couple of|\d+)\s+(?:more\s+)?(?:days?|nights?|weeks?|weekend)\b"
    r"|\bon\s+(?:a|the|my|our|this)\s+(?:\w+\s+)?(?:trek|trip|tour|holiday|holidays|vacation|visit|conference|retreat|"
    r"course|expedition|assignment|secondment|placement|field trip|business trip|work trip)\b"
    r"|\b(?:visiting|on holiday|on vacation|away from home|travell?ing (?:for|with|through|around)|"
    r"(?:with|guiding|leading)\s+(?:a|my|our|the)\s+(?:\w+\s+)?(?:group|tour|clients?|guests))\b"
    r"|\b(?:back|home)\s+(?:on|next|by)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend)\b",
    IC,
)
# what the person said of themselves, given back to someone else ("ah no wait, sorry, lactose intolerant is my
# sister Amra, not me", "the vegan one is my wife, not me")
_NOT_ME_RE = re.compile(
    r"^(?:(?:ah|oh|no|nope|wait|sorry|oops|my bad|correction|actually)[\s,!.:]+)*(?:the\s+)?(?P<x>[\w' -]{3,60}?)"
    rf"\s+(?:is|was|'s|are|were)\s+(?:actually\s+|really\s+)?(?:my|our)\s+(?:\w+\s+)?(?:{RELATIONS})s?"
    r"(?:\s+(?-i:[A-Z])[\w'-]+)?\s*,?\s+not\s+(?:me|mine|myself|us)\b",
    IC,
)
# where a sentence with a no to an offer falls apart to be read again: its commas, and a let-go run on at its end
_OFFER_PIECES_RE = re.compile(rf"[,;]\s+|{LET_GO_TAIL_RE.pattern}", IC)
# a "what if" question ("What if I later add Russian translations too?")
_WHAT_IF_RE = re.compile(
    r"^(?:(?:and|but|so|hmm+|also|ok|okay)[\s,]+)*(?:what if|what about if|how about if)\b.*\?$", IC
)
_HERE_IN_RE = re.compile(r"\bhere\s+(?:up\s+|down\s+|out\s+)?in\b", IC)
_DISMISSED_NEXT_RE = re.compile(
    r"^(?:(?:but\s+)?(?:she|he|they)(?:'s|\s+is|'re|\s+are)\s+not\s+getting\s+(?:it|that|them|her way|his way)|"
    r"(?:that's\s+|it's\s+)?not\s+(?:happening|gonna happen|going to happen)|no chance|no way|over my dead body|"
    r"(?:that|it)\s+(?:won't|will not|ain't)\s+happen|ain't happening|dream on|fat chance)[.!]*$",
    IC,
)
_PASSED_OVER_RE = re.compile(r",\s+not\s+(?P<x>[^,.;()]{2,40}?)(?:[,.;()]|$)", IC)


def _without_passed_over(facts: list[Fact]) -> list[Fact]:
    """Drop what was said of an option the person then decided against ("I see Emirates with a stop
    in Dubai …" before "Decision: Qatar, not Emirates"): it describes what they did not choose."""
    passed = {
        m.group("x").strip()
        for f in facts
        if f.kind == "decision"
        for m in _PASSED_OVER_RE.finditer(f.text)
        # an option by its name ("not Emirates", "not PG 15"); "not dental" is no option named
        if re.search(r"(?-i:[A-Z])|\d", m.group("x"))
    }
    if not passed:
        return facts
    return [f for f in facts if f.kind in ("decision", "correction", "rule") or not mentions(f.text, passed)]


# what it is now, said right after a correction that only said what it is not ("its stats now")
_IT_IS_NOW_RE = re.compile(r"^(?:it's|its|it is)\s+(?P<v>[\w .+/-]{1,40}?)\s+now[.!]*$", IC)
# a decision that names only what it is about ("has decided on the title"), and the next sentence
# that says it ("It's going to be "Rain, Hail and Dogs".")
_DECIDED_ON_RE = re.compile(
    r"\b(?:decided|settled|agreed)\s+on\s+(?P<thing>(?:the|a|my|our|their)\s+[\w -]{1,30}?)[.!]*$", IC
)
_IT_WILL_BE_RE = re.compile(
    r"^(?:it's going to be|its going to be|it is going to be|it's gonna be|its gonna be|it'll be|it will be|"
    r"it's|its|it is|they're|they are|we're going with|going with)\s+(?P<v>\"[^\"]{1,80}\"|[^,;]{2,80}?)(?:[,;].*)?$",
    IC,
)


def _with_next(fact: Fact, nxt: str) -> Fact | None:
    """`fact` completed by the sentence after it, or None when that sentence says something else:
    the right half of a correction that only said what is not ("its not calc, … its stats now"),
    what a decision named only by its topic decided ("decided on the title. It's going to be …"),
    or the right version a correction or decision took as its body. Its quote then holds both
    sentences ("No, this is wrong." alone reads like chatter to the decoy veto)."""
    said = trim(plain(nxt))
    quote = f"{fact.quote} {nxt}".strip()
    now_is = _IT_IS_NOW_RE.match(said) if fact.kind == "correction" and " not " in fact.text else None
    if now_is and not _used(nxt, fact.text):
        return replace(fact, text=f"{fact.text.rstrip('.')}; it's {now_is.group('v')} now.", quote=quote)
    told = _DECIDED_ON_RE.search(fact.text) if fact.kind == "decision" else None
    what = _IT_WILL_BE_RE.match(said) if told else None
    if told and what:
        return replace(
            fact, text=f"Decision: {told.group('thing')} is {what.group('v').strip(TRIM)}.", quote=quote
        )
    if fact.kind in ("correction", "decision") and _used(nxt, fact.text):
        return replace(fact, quote=quote)
    return None


def _used(sentence_text: str, statement: str) -> bool:
    """True when a statement already holds this sentence (a correction that took it as its body)."""
    core = trim(plain(sentence_text)).strip(TRIM).lower()
    return bool(core) and core[:40] in statement.lower()


def _tool_failure(event: SessionEvent, calls: dict[str, SessionEvent]) -> Fact:
    call = calls.get(event.id)
    name = event.name or (call.name if call else "") or "a tool"
    first = next((ln.strip() for ln in event.text.splitlines() if ln.strip()), "no error text")
    detail = ""
    if call and call.data:
        args = call.data.get("command") or call.data.get("path") or call.data.get("query") or ""
        if isinstance(args, str) and args:
            detail = f" on `{args[:120]}`"
    return Fact(
        text=sentence(f"Tool {name} failed{detail}: {first[:200]}"),
        priority="low",
        confidence=0.9,
        kind="tool-failure",
        turn_start=event.turn,
        turn_end=event.turn,
        quote=event.text[:300].strip(),
        family="tool-failure",
        subject="environment",
    )


# A list said under a heading that names what it is ("My preferences for all figures, please remember
# these:" then "- viridis colour scale", "- 300 dpi"): each item is read under its heading, which alone
# says nothing
_LIST_HEAD_RE = re.compile(
    r"^(?:(?:here are|these are|here's|a few|some|the following|and|also|ok|okay)\s+)*(?P<topic>.{0,80}?)[,.\s]*"
    r"(?P<remember>(?:please\s+|pls\s+)?(?:remember|note|keep in mind|memori[sz]e|bear in mind)"
    r"(?:\s+(?:these|this|them|the following|that))?(?:\s+(?:please|pls|for me|for later))?)?\s*:\s*$",
    IC,
)
_LIST_KIND_RE = re.compile(
    r"\b(?:rules?|preferences?|conventions?|house style|style|defaults|requirements|dos and don'?ts|guidelines)\b",
    IC,
)
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(?P<item>\S.*?)\s*$")


def _with_list_heads(text: str) -> str:
    """Each item of a list under a heading that names rules or things to remember, said with its
    heading ("Rule: my preferences for all figures: 300 dpi"); the heading line itself is dropped."""
    if ":" not in text or "\n" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    head: tuple[str, str] | None = None  # (label, topic) of the heading the items are under
    for i, line in enumerate(lines):
        item = _LIST_ITEM_RE.match(line)
        if head is not None and item:
            label, topic = head
            out.append(f"- {label}: {topic + ': ' if topic else ''}{item.group('item')}")
            continue
        if head is not None and not line.strip() and i + 1 < len(lines) and _LIST_ITEM_RE.match(lines[i + 1]):
            continue  # a blank line between items
        head = None
        m = _LIST_HEAD_RE.match(line.strip()) if "?" not in line else None
        nxt = next((lines[k] for k in range(i + 1, len(lines)) if lines[k].strip()), "") if m else ""
        if m and _LIST_ITEM_RE.match(nxt):
            topic = m.group("topic").strip(" ,.")
            if _LIST_KIND_RE.search(topic):
                head = ("Rule", topic)
            elif m.group("remember"):
                head = ("Remember this", "")
            if head is not None:
                continue
        out.append(line)
    return "\n".join(out)


class OfflineObserver:
    """Rule-based extraction, then the learned judge on what no rule read; deterministic, no network."""

    name = "offline"

    def __init__(self, judge: Judge | None = None):
        self.judge = judge

    def extract(self, batch: list[SessionEvent]) -> ObserverOutput:
        facts: list[Fact] = []
        pending: list[Unread] | None = [] if self.judge is not None else None
        calls: dict[str, SessionEvent] = {}
        last_assistant = assistant_said = ""
        said_lines: dict[str, str] = {}
        suggested = Suggested()  # what the assistant offered; "no X" to it is no fact (declined.py)
        speakers = {e.name.strip().lower() for e in batch if e.type == "message" and e.role == "user"}
        to_assistant = any(e.role == "assistant" for e in batch) or len(speakers) <= 1
        for event in batch:
            if event.type == "tool_call":
                calls[event.id] = event
            elif event.type == "tool_result" and event.is_error:
                facts.append(_tool_failure(event, calls))
            elif event.type == "message" and event.role == "assistant":
                assistant_said = " ".join(event.text.split())
                last_assistant = assistant_said[:600]
                # the same words with their line breaks, kept as a correction's context: a list item's last
                # line and the question under it are two sentences ("… tap a phone or card instead" /
                # "What register system do you use?")
                lines = "\n".join(" ".join(line.split()) for line in event.text.splitlines() if line.strip())
                said_lines.update({assistant_said: lines, last_assistant: lines[:600]})
                suggested.add(event.text)
            elif event.type == "message" and event.role == "user":
                for document in their_documents(event.text):
                    suggested.add_document(document)  # "no Hakone" to the travel agent's plan is no rule
                sentences = split_sentences(_with_list_heads(event.text))
                for sent in sentences:
                    suggested.add_asked(plain(sent))  # "Should I put it on Foodpanda?", then "no Foodpanda"
                # "… Just thinking, I have not decided.": the message muses; the why of a "what if" is no fact
                # (the cheap test first: most messages ask no "what if")
                musing = any(_WHAT_IF_RE.match(plain(s)) for s in sentences) and any(
                    admissible(trim(plain(s))) == "undecided" for s in sentences
                )
                away = _AWAY_RE.search(plain(event.text)) is not None  # the stay ends: "here in X" is no home
                skip = -1
                previous, mark = "", 0  # the sentence before when nothing read it, and the judge's queue then
                since = 0  # where the judge's queue stood when `previous` began
                carried: set[str] = set()  # what the sentence before declined
                rule_at: int | None = None  # the sentence that last ended in a rule
                # an instruction nothing read, kept past one sentence of why ("Write one step at a time. My
                # eyes are not good any more. This is how I would like it always.")
                asked = ""
                start, declined_here = len(facts), set[str]()  # what this message turned down
                decided_at = -2  # the sentence that last took a decision
                for i, sent in enumerate(sentences):
                    if i == skip:
                        continue
                    tag = trim(plain(sent)).rstrip(".!")
                    if to_assistant and previous and _STANDING_TAG_RE.match(tag):
                        if pending is not None:
                            del pending[since:]  # the tag made it a rule; the judge need not read it
                        facts.append(
                            _standing(previous, tag, event.turn, subject_for(event), f"{previous} {sent}")
                        )
                        previous = asked = ""
                        continue
                    if to_assistant and asked and not previous and _STANDING_TAG_RE.match(tag):
                        if pending is not None:
                            pending[:] = [u for u in pending if u.quote != asked and u.clause not in asked]
                        facts.append(_standing(asked, tag, event.turn, subject_for(event), f"{asked} {sent}"))
                        asked = ""
                        continue
                    pointer = _POINTER_RE.match(trim(plain(sent))) if to_assistant and i > 0 else None
                    if pointer:
                        # "Use --vault-password-file ~/.vault_pass. Remember this path for the future, and
                        # never print it": what to remember is the sentence before; the rest is read as said
                        if previous and _worth_pinning(previous):
                            if pending is not None:
                                del pending[since:]
                            facts.append(
                                _pinned(previous, event.turn, subject_for(event), f"{previous} {sent}")
                            )
                        previous = ""
                        if not pointer.group("rest"):
                            continue
                        sent = pointer.group("rest")
                    example = _EXAMPLE_RE.match(trim(plain(sent)))
                    if example and rule_at == i - 1 and facts[-1].kind == "rule":
                        # "can you keep answers shorter? like under 150 words": the rule, made exact
                        facts[-1] = replace(
                            facts[-1],
                            text=f"{facts[-1].text.rstrip('.')} ({example.group('x').strip(TRIM)}).",
                            quote=f"{facts[-1].quote} {sent}".strip(),
                        )
                        rest = example.group("rest")
                        if not rest:
                            continue
                        sent = rest
                    nxt = sentences[i + 1] if i + 1 < len(sentences) else ""
                    sent = _resolved(sent, " ".join(sentences[max(0, i - 2) : i]))
                    sent = _without_passing_reason(sent)
                    mark = len(pending) if pending is not None else 0
                    found = extract_sentence(
                        sent,
                        nxt,
                        event,
                        last_assistant if i < 2 else "",
                        to_assistant,
                        pending,
                        # the whole message: what is set right may sit past its opening ("… Meinrad Aebischer,
                        # Luca Aebischer" at the end of a letter -> "my son is Lukas, not Luca")
                        assistant_said,
                    )
                    found = _with_its_why(found, sent, subject_for(event))
                    if (
                        to_assistant
                        and decided_at == i - 1
                        and the_other_turned_down(plain(sent), assistant_said)
                    ):
                        # "ok we store it in localStorage, no server. non, pas Firebase, I dont want the kids names
                        # on google servers": the option not taken, and why, after the one taken; nothing put right
                        # (who someone named is stays)
                        found = [f for f in found if f.family.startswith(("person/", "self/relation"))]
                        if pending is not None:
                            del pending[mark:]
                    if any(f.kind == "decision" for f in found):
                        decided_at = i
                    if _THEIR_BUSINESS_RE.search(plain(sent)) or _HEARSAY_OPENS_RE.match(plain(sent)):
                        # ("Hannelore drinks Rooibos with three sugars, I cannot understand it, but that is her
                        # business"): a way said to be someone else's; who they are stays
                        found = [f for f in found if f.family.startswith(("person/", "self/relation"))]
                        if pending is not None:
                            del pending[mark:]
                    not_me = _NOT_ME_RE.match(plain(sent)) if to_assistant else None
                    if not_me:
                        # "… lactose intolerant is my sister Amra, not me": what was said of the person before,
                        # in this session, is taken back; who the sister is stays
                        taken = {w for w in words(not_me.group("x")) if len(w) > 3}
                        facts = [f for f in facts if not mentions(f.text, taken)]
                        found = [f for f in found if not mentions(f.text, taken)]
                        if pending is not None:
                            pending[:] = [u for u in pending if not mentions(u.clause, taken)]
                    if i > 0 and _WHAT_IF_RE.match(plain(sentences[i - 1])):
                        # "What if they want an iOS version later? I don't have an Apple developer account.": what the
                        # what-if would take, not a lack to keep; in a musing message the why of it is no fact
                        # either ("What if I later add Russian translations too? Many parents speak Russian better …")
                        found = [
                            f
                            for f in found
                            if f.family != "self/lacks" and not (musing and f.family.startswith("world/"))
                        ]
                        if musing and pending is not None:
                            del pending[mark:]
                    if away:
                        found = [
                            f for f in found if not (f.family == HOME_IN.name and _HERE_IN_RE.search(f.quote))
                        ]
                    if _DISMISSED_NEXT_RE.match(trim(plain(nxt))):
                        # "The practice manager wants it all on OneDrive instead. She's not getting it."
                        found = [f for f in found if f.kind in ("rule", "correction")]
                        if pending is not None:
                            del pending[mark:]
                    no_to = suggested.turned_down(plain(sent)) if to_assistant else set()
                    # a semicolon ends the no ("not the Interrail pass; I will book tickets as I always do")
                    said_with = [p for p in plain(sent).split(";") if mentions(p, no_to)] or [plain(sent)]
                    lasting = suggested.lasts(";".join(said_with)) or (
                        # "no snap. every box here is debian 12 … apt only.": a bare no, the next sentence says it lasts
                        bool(no_to)
                        and len(plain(sent).split()) <= 3
                        and suggested.stands(plain(nxt))
                        # about the same thing ("snapd"), not a rule of its own ("No Stripe please. We take
                        # payment only by UPI")
                        and any(re.search(rf"(?<!\w){re.escape(w)}", fold(plain(nxt)), IC) for w in no_to)
                    )
                    said_no, turned = (set(), no_to) if lasting else (no_to, set())
                    declined_here |= said_no
                    if turned:  # a lasting no: what else the sentence says is quoted without it
                        found = [
                            f
                            if mentions(f.text, turned)
                            else replace(f, quote=_quote_without(f.quote, turned))
                            for f in found
                        ]
                    # "No dbatools. Dbatools means PowerShell …": the next sentence, about the same thing, says why
                    opens = " ".join(plain(sent).split()[:3])
                    gone = said_no | {w for w in carried if mentions(opens, {w})}
                    carried = said_no
                    if gone:  # "cute but no H3, the deliverable is per comune": H3 was only offered
                        # "no, the web tier isn't Ubuntu, it's Rocky": a correction names the wrong one too
                        left = [
                            f for f in found if _BOTH_HALVES_RE.search(f.text) or not mentions(f.text, gone)
                        ]
                        again: list[str] = []
                        if pending is not None:
                            pending[mark:], again = _unread_without(pending[mark:], gone)
                        for rest in again:
                            # "don't bother with staging yet, the grafana on our OVH box shows everything": what
                            # follows the no is read on its own
                            more = extract_sentence(rest, nxt, event, "", to_assistant, pending)
                            left += [f for f in more if not mentions(f.text, gone)]
                        parts = clauses(plain(sent))
                        if len(parts) > 1 and mentions(parts[0], gone):
                            # "no PR, im freelance, solo on this": the no took the sentence along; why
                            # the person says no may be a fact about them, read on its own, and so may a
                            # choice of another thing at a comma in the first clause ("no Mestia way too far
                            # for the kids, ok we're going with Kakheti …, also I don't eat pork")
                            again_read = [
                                p
                                for p in re.split(r",\s+", parts[0])
                                if not mentions(p, gone) and OTHER_CHOICE_RE.match(f", {p}")
                            ] + parts[1:]
                        else:
                            # so is what comes before it ("no no, we stay with Provider for state management,
                            # no migration"): the clauses, or the pieces of one, that do not name the offer
                            pieces = (
                                parts
                                if len(parts) > 1
                                else [p for p in _OFFER_PIECES_RE.split(parts[0]) if p]
                            )
                            again_read = [
                                p
                                for p in pieces
                                if not mentions(p, gone)
                                and not re.fullmatch(r"(?:(?:no|nah|nope|ok|okay)\W*)+", p, IC)
                            ]
                            again_read = again_read if len(again_read) < len(pieces) else []
                        if len(left) < len(found) and again_read:
                            rest = extract_sentence(
                                ", ".join(again_read), nxt, event, "", to_assistant, pending
                            )
                            seen = {f.text for f in left}
                            left += [f for f in rest if not mentions(f.text, gone) and f.text not in seen]
                        # ("no PGBL then how do I buy the Tesouro my daughter set up my Nubank account"): the
                        # fact kept is quoted without what was turned down
                        found = [
                            f if mentions(f.text, gone) else replace(f, quote=_quote_without(f.quote, gone))
                            for f in left
                        ]
                    if found:
                        # a why after the instruction keeps it open for a tag; a rule or a second fact closes it
                        asked = previous if previous and all(f.kind == "fact" for f in found) else ""
                        previous = ""
                    elif previous and len(sent.split()) <= 2:
                        previous = f"{previous} {sent}"  # "Everything's in ap-southeast-2. Sydney. Always."
                    else:
                        previous, since, asked = sent, mark, ""
                    # "No, that's wrong. <the right version>", "ok decided. <what>", "… its stats now": the next
                    # sentence completes the last statement, and is not read again
                    merged = _with_next(found[-1], nxt) if found and nxt else None
                    if (
                        merged is not None
                        and to_assistant
                        and suggested.turned_down(plain(nxt))
                        and not suggested.lasts(plain(nxt))
                    ):
                        # ("… that's a hard rule. and no embassy, keep it simple like it is": a no to an offer, for
                        # now, completes nothing)
                        merged = None
                    if merged is not None:
                        found[-1], skip = merged, i + 1
                    if (
                        found
                        and facts
                        and _too_short_alone(found[0], facts[-1], event.turn)
                        and to_assistant
                        and found[0].family.startswith("rule/none")
                        and _named_by(_without_why(found[0].text), assistant_said)
                    ):
                        # ("always use the native pipe |> not %>%, … and no brms." to an offer of brms): the offer
                        # turned down is no half of the rule before it (adr/0116)
                        found = found[1:]
                    if found and facts and _too_short_alone(found[0], facts[-1], event.turn):
                        # "Never run terraform apply yourself. Plan only, I apply.": one rule, both halves
                        first, found = found[0], found[1:]
                        last = facts[-1]
                        facts[-1] = replace(
                            last,
                            text=f"{last.text.rstrip('.')}; {_without_why(first.text)[:1].lower()}"
                            f"{_without_why(first.text)[1:]}.",
                            quote=f"{last.quote} {first.quote}".strip(),
                        )
                    if to_assistant:
                        found = [_without_offered_half(f, suggested.last) for f in found]
                    facts += found
                    if found and found[-1].kind == "rule":
                        rule_at = i
                if declined_here:
                    # "No, staging is Postgres 16, not 15. And nah, skip the docker stuff": the assistant's words
                    # a correction keeps beside it leave out the offer the same message turned down (unless the
                    # correction is about that offer: "No, not SILVA. … we use the MitoFish reference")
                    facts[start:] = [
                        replace(f, context=_said_without(said_lines.get(f.context, f.context), gone))
                        if f.context and (gone := {w for w in declined_here if not mentions(f.text, {w})})
                        else f
                        for f in facts[start:]
                    ]
                # no reset here: a second message in a row still answers the same assistant turn
                # ("im celiac …", then "and no instant pot, i have a crockpot")
        if self.judge is not None and pending:
            # a clause queued twice (read again past a no) is judged once
            pending = list(dict.fromkeys(pending))
            scores = self.judge.scores([u.clause for u in pending])
            kept = [(u, p) for u, p in zip(pending, scores, strict=True) if p >= self.judge.threshold]
            # the judged clause stands for who someone is only when it says it too ("my son Bao is studying
            # in Osaka now"); "i'll ask Chidinma to review" does not say she is the tech lead
            held = {
                id(u.instead)
                for u, _ in kept
                if u.instead is not None and _says_all(u.clause, u.instead.text)
            }
            facts = [f for f in facts if id(f) not in held] + [judged(u, p) for u, p in kept]
            facts.sort(key=lambda f: f.turn_start)  # stable: a turn's rule facts first, then its judged ones
        if self.judge is not None:
            open_to_veto = [f for f in facts if _vetoable(f)]
            vetoed = self.judge.decoys([f.quote for f in open_to_veto])
            # who someone is has as its words only "my sister Gertrud": the veto reads the sentence
            # too ("My sister Gertrud says flying alone is foolish" is her say, not a relation to keep)
            # ("My supervisor Dr. Nusrat Jahan wants everything to work fully offline": what the work needs)
            named = [
                (f, sentence)
                for f in open_to_veto
                if f.family.startswith("person/")
                # (a spouse named is theirs for good, whoever's say follows: "My wife Solveig thinks I am crazy")
                and not _SPOUSE_NAMED_RE.match(f.quote)
                and not work_asks(f.quote, (sentence := _sentence_of(f.quote, batch)).partition(f.quote)[2])
            ]
            whole = self.judge.decoys([sentence for _, sentence in named])
            dropped = {id(f) for f, no in zip(open_to_veto, vetoed, strict=True) if no}
            dropped |= {id(f) for (f, _), no in zip(named, whole, strict=True) if no}
            facts = [f for f in facts if id(f) not in dropped]
        # (last: the judge's queue points at the facts as they were made)
        facts = [replace(f, context=said_lines[f.context]) if f.context in said_lines else f for f in facts]
        facts = _without_passed_over(facts)
        if not batch:
            return ObserverOutput(())
        return ObserverOutput((Segment(narrate(batch, facts), tuple(facts), batch[0].turn, batch[-1].turn),))


# the wrong half of a statement with both ("…, not Vercel", "…, not Machu Picchu"), at its end
_NOT_HALF_RE = re.compile(
    r",?\s+(?:and\s+|but\s+)?not\s+(?:the\s+|a\s+|an\s+)?(?P<y>[^,;.!?]{1,40}?)[.!]*$", IC
)


# a standing no said of the thing ("please don't bring pandas back in", "never Celery again")
_RULED_OUT_RE = re.compile(r"\b(?:don't|dont|do not|never|no more|stop)\b[^.;,]*", IC)


# a correction said first, both halves ("No, the target is churned_90d, not churn_flag — …")
_CORRECTED_FIRST_RE = re.compile(
    r"^(?:(?:no|nope|nah|actually|sorry|wait|correction)\b[\s,:!.—–-]*)+(?=\w)(?!not\b)[^.;?]*?,\s*not\s+\S",
    IC,
)


def _without_offered_half(f: Fact, last: str) -> Fact:
    """A statement with both halves whose wrong half is what the assistant just offered ("Where do you want to
    deploy? Vercel is the path of least resistance" -> "nah, not Vercel. We're hosting on Netlify"): the person
    turned an offer down and chose, nothing of the assistant's was wrong. What is kept is the choice, without the
    offer, as a decision when it was read as a correction. A correction of what the assistant did or assumed
    ("Shell: fish, not bash" after a bash snippet) keeps both halves and the assistant's words."""
    m = _NOT_HALF_RE.search(f.text)
    if not m or not last:
        return f
    gone = words(m.group("y"))
    if not only_put_forward(gone, last):
        return f  # "load both frames with pandas", "since you're a physics teacher": what it did or assumed, corrected
    if any(mentions(r.group(0), gone) for r in _RULED_OUT_RE.finditer(f.quote)):
        return f  # "We use polars here, not pandas, please don't bring pandas back in": a standing no, kept whole
    text = f.text[: m.start()].rstrip(" ,;:—–-")
    correction = f.kind == "correction" and text.startswith("Correction: ")
    if correction:
        text = text.removeprefix("Correction: ")
        text = text[:1].upper() + text[1:]
    if len(text.split()) < 3 or mentions(text, gone):
        return f
    quote = re.sub(
        rf",?\s+not\s+(?:the\s+|a\s+|an\s+)?{re.escape(m.group('y'))}\b", "", f.quote, count=1, flags=IC
    )
    return replace(
        f,
        text=f"{text}.",
        quote=quote if not mentions(quote, gone) else _quote_without(f.quote, gone),
        kind="decision" if correction else f.kind,
        context="" if correction else f.context,
    )


def _said_without(lines: str, gone: set[str]) -> str:
    """The assistant's lines without the sentences that name what was turned down."""
    kept = (" ".join(s for s in split_sentences(line) if not words(s) & gone) for line in lines.splitlines())
    return "\n".join(line for line in kept if line)


def _unread_without(pending: list[Unread], gone: set[str]) -> tuple[list[Unread], list[str]]:
    """The judge's clauses that do not name what was turned down, and what the others say past their
    last mention of it, to be read again."""
    kept, again = [], []
    for unread in pending:
        if not mentions(unread.clause, gone):
            kept.append(unread)
            continue
        rest = _quote_without(unread.clause, gone)
        if rest != unread.clause and not mentions(rest, gone) and rest not in again:
            again.append(rest)
    return kept, again


def _quote_without(quote: str, gone: set[str]) -> str:
    """`quote` without the clauses, or the run-on words up to the last mention, of what was turned down."""
    if not mentions(quote, gone):
        return quote
    kept = [c for c in clauses(quote) if not mentions(c, gone)]
    if len(kept) < len(clauses(quote)) and kept:
        return ", ".join(kept)
    # ("going with the DS18B20 probe on both, skip the analog thermistor"): the words before the comma that
    # first names it stand alone
    pieces = re.split(r",\s+", quote)
    first = next((i for i, piece in enumerate(pieces) if mentions(piece, gone)), 0)
    if first and len(", ".join(pieces[:first]).split()) >= 3:
        return ", ".join(pieces[:first])
    last = max(  # (folded: "no parasut" turns down the assistant's "Paraşüt"; one character for one)
        m.end() for w in gone for m in mention_re(w).finditer(fold(quote))
    )
    # ("… staging yet, if it's happening there …": the no's own "yet" goes with it)
    rest = re.sub(
        # ("apple pay not need, 95% of customer use QRIS": the no said after the thing goes with it too)
        rf"^(?:\s+(?:yet|for now|right now|either|anyway|though|too|{NO_AFTER})\b)?[\s,;:.!—–-]*"
        r"(?:(?:then|so|and|but|ok|okay|since|because|cause|cuz|coz|as)\b[\s,;:—–-]*)*",
        "",
        quote[last:],
        flags=IC,
    )
    return rest if len(rest.split()) >= 3 else quote


def _says_all(clause: str, statement: str) -> bool:
    """True when every content word of `statement` (bar the person) is in `clause`."""
    words = {w.lower() for w in re.findall(r"[^\W\d_][\w'-]{2,}", statement)} - {
        "the", "user", "user's", "is", "are", "has", "have", "their", "they", "them", "and", "was"
    }  # fmt: skip
    said = clause.lower()
    return all(re.search(r"(?<!\w)" + re.escape(w.removesuffix("'s")), said) for w in words)


# "I have migraine today so please short answers from now": today's state, then what follows from it
_SO_THEN_RE = re.compile(
    r"^(?P<why>[^,;]{3,80}?)\s*,?\s+so\s+(?P<x>(?:please|pls|plz|always|never|don't|do not|dont|no|just|keep|only|"
    r"from now on)\b.{3,})$",
    IC,
)


def _without_passing_reason(sent: str) -> str:
    """The instruction without a passing state said as its reason: the migraine is today's, the
    short answers are asked for from now on."""
    said = plain(sent).strip()
    # … and the rule, then the slip that brought it about ("dates must be day/month/year, never the American way, my
    # staff read it wrong last time"): what went wrong once is why, and the rule lasts
    for regex in (_SO_THEN_RE, _RULE_THEN_ONCE_RE):
        m = regex.match(said)
        if m and (of_the_moment(m.group("why")) or admissible(m.group("why")) == "passing state"):
            return m.group("x")
    return sent


# a sentence that opens with what someone outside said ("A man on NRK radio said passwords will disappear soon and we
# all will use passkeys"): every clause of it is theirs, the ones after "and" too
_HEARSAY_OPENS_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|well)[\s,]+)*(?:a|an|the|some|one|this)\s+(?:\w+\s+){0,2}?(?:man|woman|guy|lady|"
    r"person|people|someone|somebody|journalist|presenter|host|reporter|article|video|post|podcast|"
    r"influencer|youtuber|blog)\b[^,;.]{0,40}?\s+(?:said|says|told|claims?|claimed|wrote|writes|reckons?)\b",
    IC,
)


# a way said to be someone else's ("that is her business", "that's his thing, not mine", "their problem")
_THEIR_BUSINESS_RE = re.compile(
    r"\b(?:that's|that is|thats|it's|it is|its)\s+(?:(?:entirely|totally|all|really)\s+)?(?:her|his|their)\s+"
    r"(?:own\s+)?(?:business|thing|problem|choice|call|affair|lookout|funeral)\b",
    IC,
)


_FORGOT_TO_SAY_RE = re.compile(
    r"\b(?:I|i)\s+(?:forgot|forgotten|didn't|did not|never)\s+(?:to\s+)?(?:say|mention|tell\s+you|add|write)\b",
    IC,
)


_RULE_THEN_ONCE_RE = re.compile(
    r"^(?P<x>.{6,}?\b(?:must|never|always|don't|do not|dont|please|pls|only|no more)\b.*?)[,;—–]\s*"
    r"(?P<why>(?:because\s+|since\s+|as\s+|cause\s+)?(?:my|our|the|I|we|he|she|they)\b[^,;]{3,80}?\b"
    r"(?:last\s+(?:time|week|month|year)|yesterday|once|the\s+other\s+day)\b[^,;]*?)[.!]*$",
    IC,
)


def _sentence_of(quote: str, batch: list[SessionEvent]) -> str:
    """The person's sentence that holds these words (the words themselves when none does)."""
    for event in batch:
        if event.type == "message" and event.role == "user" and quote in event.text:
            return next((s for s in split_sentences(event.text) if quote in s), quote)
    return quote


# What the person said in a form that is its own warrant (adr/0101): asked to be kept, tagged as
# standing, decided ("I'm sticking with snakemake"), an instruction put as one ("please write simpler
# English", "don't …", "… must …", "answers only in X"), or their own taste ("I prefer green tea in
# the morning"). Over every labelled session the veto never caught a decoy in these; blind, it took
# explicit facts from them. A turned-down offer ("No psyllium.") is read by declined.py first.
_NOT_VETOED = (
    "request/",
    "rule/standing-tag",
    "decision/",
    "rule/please",
    "rule/style",
    "rule/asked",
    "rule/for-all",
    "rule/only-in",
    "rule/only-please",
    "rule/none-asked",
    "rule/if-you",
    "rule/dont",
    "rule/must",
    "rule/label",  # "Rule for this project: the app must be offline-first, load-shedding kills the towers"
    "preference/stated",
    "self/better-than",  # "I'd rather read code than prose": the person's own taste, like preference/stated
    "correction/own-slip",  # "I wrote 22 singers, it is 26": the person's own words, put right by them (adr/0116)
)


def _vetoable(fact: Fact) -> bool:
    """What the decoy veto may drop: statements read from the person's words, not what they asked
    to be kept ("remember …", a standing tag, "decided: …", a rule said to last), not their own
    stated taste, not tool failures, and not a correction of what the assistant said (adr/0098)."""
    return (
        bool(fact.quote)
        and fact.kind != "tool-failure"
        and not fact.family.startswith(_NOT_VETOED)
        and not (fact.kind == "rule" and _SAID_TO_LAST_RE.search(fact.quote))
        and not _corrects_the_assistant(fact)
    )


_PLEASE_RE = re.compile(r"\b(?:please|pls|plz|kindly)\b", IC)
# a rule that says it lasts ("no acrylic, ever", "always squash", "from now on …"): the person's words
# settle it, whatever it looks like
_SAID_TO_LAST_RE = re.compile(
    r"\b(?:ever|never|always|every\s+time|from\s+now\s+on|going\s+forward|any\s?more|no\s+exceptions|at\s+all\s+times)\b",
    IC,
)


# the wrong half of a correction ("We supply Open Country, not Fonterra")
_WRONG_HALF_RE = re.compile(
    r",\s+not\s+(?P<wrong>[^,;.]{1,40}?)[.;,]*$|,\s+not\s+(?P<mid>[^,;.]{1,40}?)[,;(]"
)


def _corrects_the_assistant(fact: Fact) -> bool:
    """A correction whose wrong half is the assistant's own word ("nah we supply Open Country not
    Fonterra" after the assistant said Fonterra): no turned-down offer ("Nextflow, not interested")."""
    m = _WRONG_HALF_RE.search(fact.text) if fact.kind == "correction" and fact.context else None
    wrong = (m.group("wrong") or m.group("mid") or "").strip(TRIM) if m else ""
    return bool(wrong) and mentions(fact.context, {wrong})


# what a repo or a place is, said right before its rule ("this repo is yarn berry, please never run npm
# install in here")
_SETTING_RE = re.compile(
    r"^(?:(?:this|the|our)\s+(?:repo|repository|project|codebase|app|monorepo|site|house|kitchen|shop|lab|office|"
    r"server|cluster|box|machine)\s+(?:is|uses|runs on|runs)|we(?:'re| are)\s+on|we\s+use)\s+\S",
    IC,
)
# an instruction with its please ("open the PR against develop please", "please use the staging bucket")
_PLEASE_DO_RE = re.compile(
    r"^(?:please\s+)?(?:open|use|run|put|push|send|target|deploy|merge|base|branch|commit|write|keep)\b[^,]{3,80}?"
    r"(?:\s+please)?$",
    IC,
)
# a rule's condition after it ("…, and if the tool has --dry-run, first run with --dry-run")
_IF_DO_RE = re.compile(
    r"^if\s+[^,]{3,80},\s*(?:then\s+)?(?:first\s+|always\s+|just\s+|also\s+)?(?:run|use|do|add|put|give|ask|check|"
    r"tell|write|make|send|call|keep|leave|skip|show|try|stop|wait|ping|warn)\b",
    IC,
)


def _with_its_why(found: list[Fact], sent: str, who: str) -> list[Fact]:
    """A rule with what the same sentence says around it that nothing else read: the setting before
    it ("this repo is yarn berry, please never run npm install in here"), why or when after it
    ("don't give me spreadsheet formulas, I'm useless with Excel"; "always give me full paths, and if
    the tool has --dry-run, first run with --dry-run"). Only a rule said alone in its sentence."""
    if len(found) != 1 or found[0].kind != "rule" or not found[0].family.startswith("rule/"):
        return found
    rule = found[0]
    parts = [p.strip(TRIM) for p in clauses(plain(sent))]
    at = next((i for i, p in enumerate(parts) if p and p == rule.quote.strip(TRIM)), None)
    if at is None:
        return [_rule_without_others(rule, parts, who)]
    rule = _rule_without_others(rule, parts[at : at + 1], who)
    before = parts[at - 1] if at > 0 and _SETTING_RE.match(parts[at - 1]) else ""
    if at > 0 and not before and rule.family == "rule/habit" and _PLEASE_DO_RE.match(parts[at - 1]):
        # "open the PR against develop please, we never PR straight to main": the two halves of one rule
        before = parts[at - 1]
    after: list[str] = []
    for part in parts[at + 1 : at + 3]:
        why = admissible(part)
        if _IF_DO_RE.match(part) or why is None or why in ("too short", "a story of one occasion"):
            if len(part.split()) < 3 or someone_elses(part) or of_the_moment(part):
                break
            after.append(part)
        else:
            break
    if not before and not after:
        return [rule]
    text = rule.text.rstrip(".")
    if before:
        text = f"{cap(third_person(before, who))}; {text[:1].lower()}{text[1:]}"
    if after:
        text = f"{text} ({'; '.join(third_person(part, who) for part in after)})"
    # its words are the clauses it was read from, not the whole sentence
    quote = ", ".join([*([before] if before else []), rule.quote.strip(), *after])
    return [replace(rule, text=f"{text}.", quote=quote)]


# a clause that starts with someone ("my boss loves Jira", "he prefers merge commits", "Lars says …")
_THEIRS_FIRST_RE = re.compile(
    r"^(?:(?:and|but|though|although|while|whereas)\s+)?(?:my|our|his|her|their|the|he|she|they|everyone|everybody|"
    r"people|(?-i:[A-Z][\w'-]+))\b",
    IC,
)


def _rule_without_others(rule: Fact, parts: list[str], who: str) -> Fact:
    """A rule read from several clauses, without a later one that is another person's say ("never
    deploy on fridays, my boss loves Jira" keeps no word of the boss's)."""
    if rule.family == "rule/standing-tag":
        return rule
    pieces = [p for part in parts for p in re.split(r"\s*[,;—–]\s*", part)]
    for part in pieces[1:]:
        if (
            len(part.split()) < 2
            or not _THEIRS_FIRST_RE.match(part)
            or not (someone_elses(part) or turned_down(part))
        ):
            continue  # ("never my home address, just say LE4": what to say instead is the rule's own)
        said = third_person(part, who)
        at = rule.text.lower().find(said[:24].lower())
        if at > 0:
            cut = rule.quote.find(part)
            quote = rule.quote[:cut].rstrip(" ,;:—–-") if cut > 0 else rule.quote
            return replace(rule, text=rule.text[:at].rstrip(" ,;:—–-") + ".", quote=quote)
    return rule


def _too_short_alone(fact: Fact, before: Fact, turn: int) -> bool:
    """A rule too short to stand alone ("Plan only.": under the write gate's 12 characters) right
    after another rule of the same message."""
    return (
        fact.kind == "rule"
        and before.kind == "rule"
        and before.turn_end == turn
        and fact.turn_start == turn
        # (a no to what the assistant put forward keeps the why said with it, and goes to the veto on its own: "No
        # JAX please, I don't want to fight with GPU drivers")
        and len(fact.text.strip(TRIM) if fact.family == "rule/none" else _without_why(fact.text)) < 12
    )


def _without_why(text: str) -> str:
    """A rule without the why said after it ("Plan only (the user applies)." -> "Plan only")."""
    return re.sub(r"\s*\([^()]*\)[.!]*$", "", text.strip()).strip(TRIM)


def narrate(batch: list[SessionEvent], facts: list[Fact]) -> str:
    """An extractive one-line narrative: how much was said, the user's opening line, what was noted."""
    said = [e for e in batch if e.type == "message" and e.text.strip()]
    if not said:
        return ""
    opening = next((e for e in said if e.role == "user"), said[0])
    first = " ".join(split_sentences(opening.text)[:1] or [opening.text]).strip()
    first = " ".join(first.split())
    if len(first) > 120:
        first = first[:117] + "..."
    failures = sum(1 for e in batch if e.type == "tool_result" and e.is_error)
    parts = [
        f'{len(said)} messages (turns {batch[0].turn}-{batch[-1].turn}), opening with {opening.speaker}: "{first}"'
    ]
    if facts:
        parts.append(f"{len(facts)} fact(s) noted")
    if failures:
        parts.append(f"{failures} tool failure(s)")
    return "; ".join(parts) + "."
