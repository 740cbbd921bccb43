"""Suggestions the person declines: the assistant offered X, the person says "no X".

"I'd also suggest registering workers with gproc" -> "no, leave the registry alone, I don't
want gproc pulled in for a hotfix": the person turned down one idea for this piece of work.
That is no fact about them, and "No gproc" in MEMORY.md would read as a standing ban. A
decline is kept only when it says it lasts ("never", "again", "in this repo", "only") or
says what to use instead ("no pandas, polars" is a correction and the corrections read it).

`Suggested` remembers the distinctive words of the assistant's suggestion sentences over a
session; `turned_down(sentence)` names those the sentence says no to, and `lasts(sentence)` tells a no
for now from a standing one.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from jarvis.observe.lexicon import IC
from jarvis.observe.phrasing import split_sentences

# how the assistant marks the choice it puts forward ("the obvious pick", "a sensible default")
_CHOICE_ADJ = r"(?:obvious|natural|popular|safe|easy|sensible|solid|standard|go-to)"
# an assistant sentence that offers something rather than states or does it
_SUGGESTION_RE = re.compile(
    r"\b(?:suggest|suggestions?|recommend|recommendations?|could|might|consider|how about|what about|"
    r"have you (?:thought|considered|tried)|"
    # what the change would do for the person ("adding a fastp rule would clean up adapters")
    r"(?:would|'d)\s+(?:clean|speed|tidy|fix|improve|simplify|reduce|catch|save|cut|make)\b|"
    r"worth|option|idea|alternatively|(?:an|one|another)\s+alternative|instead|i'd|you'd|try|may want|want to|if you're not already|"
    # ("Would you also like me to set up a small Snakemake pipeline …?")
    r"would you (?:also\s+|maybe\s+|perhaps\s+)?like|(?:want|like) me to|do you (?:also\s+|maybe\s+)?want|"
    r"shall i|should i|happy to|for later|stronger|better|^(?:want|need|fancy)\s+(?:one|it|that|them|this)\b|"
    # ("Longer term, this kind of state is cleaner with Riverpod's AsyncNotifier")
    r"longer[- ]term|long-term|in the long run|would let|(?:is|are|gets|get|would be|'d be)\s+(?:much\s+|a lot\s+|way\s+|far\s+)?"
    r"(?:cleaner|nicer|simpler|easier|neater|safer|faster)\s+(?:with|in|using)|"
    # the one fix the assistant puts first ("the quickest clean-up is the `dbt_utils.deduplicate` macro")
    r"\bthe\s+(?:quickest|simplest|easiest|fastest|cleanest|cheapest)\s+(?:\w+\s+)?(?:fix|way|clean-?up|option|route|"
    r"thing|solution|approach)\s+(?:today\s+|here\s+|now\s+|for\s+you\s+)?(?:is|would be)|"
    # the step the assistant sees next ("moving to Postgres would be the next step, but not now")
    r"(?:would|could|might|will)\s+be\s+the\s+(?:next|natural|logical|obvious|right|best|usual)\s+(?:step|move|choice|"
    r"option|upgrade|way to go)|"
    r"(?:would|could|might|will|can)\s+(?:\w+ly\s+)?help|would give you|"
    # what a choice gives the person ("renting a car gives you the most flexibility with a wheelchair")
    r"(?:gives?|offers?)\s+you\s+(?:the\s+)?(?:most|more|much more|a lot more|a lot of|lots of)\s+"
    r"(?:flexibility|freedom|control|options|room|comfort)|an? (?:[\w-]+\s+){0,2}(?:app|tool|library|plugin|service|crate|package) like|"
    # what the assistant offers to do ("I can also set this up in a budgeting app like YNAB")
    r"\bI\s+(?:can|could)\s+(?:also\s+)?(?:set\s+(?:this|it|that|one|them)\s+up|set\s+up|add|build|wire|hook)\b|"
    r"optional|optionally|"
    # the choice the assistant puts forward ("Vercel is the path of least resistance for Next.js")
    rf"path of least resistance|(?:the|an?)\s+{_CHOICE_ADJ}\s+(?:choice|pick|option|default|fit|answer)|"
    r"nice-to-have|nice to have|down the line|later on|tips?|(?:lets|let|helps|saves) you|"
    # what others like the person do, offered ("many small bakeries add a loyalty card")
    r"(?:many|most|lots of|a lot of|plenty of)\s+(?:\w+\s+){0,2}?(?:\w+s|people|folks)\s+(?:add|use|do|have|try|run|offer|"
    r"swear by|like|keep|store|save|put)|"
    # what others find useful, offered ("many people find dictation software helpful")
    r"(?:find|finds)\s+[\w\s-]{1,40}?\s+(?:helpful|useful|handy|easier|works?\s+well)|"
    # "this upgrade would be a natural moment to replace the node groups with Karpenter"
    r"would be (?:a |an )?(?:good|great|natural|nice|perfect|ideal|easy)\s+(?:moment|time|opportunity|chance|fit|place|idea)|"
    r"would be (?:a lot |much |way )?(?:faster|better|easier|quicker|simpler|safer|cleaner)|"
    # an offer on a condition ("If you ever want a cross-check, UDPipe also ships a Nynorsk model")
    r"if you (?:ever\s+|still\s+)?(?:want|need|like|prefer|fancy)|if you(?:'d| would) (?:like|prefer|want)|if needed|if (?:it|that|this) helps|"
    r"(?:you|we) can (?:also\s+)?(?:buy|get|try|use|install|add|switch|book|order|download|rent|hire)|"
    # what the assistant can do (besides): "I can also add django-silk for profiling", "I can add Redis as a cache"
    r"i can (?:also\s+)?(?:add|set up|install|write|make|wire up|include|put|build|configure|enable|turn|draft|prepare))\b",
    IC,
)
# the person weighing an option aloud: "should I …?", "what about …?", "is X worth it?"
_WEIGHS_RE = re.compile(
    r"^(?:(?:so|and|but|ok|okay|also|hmm+|then|or)[\s,]+)*(?:(?:should|shall|could|would|can)\s+(?:i|we)\b|"
    r"(?:what|how)\s+about\b|(?:is|are)\s+[^?]{1,40}?\bworth\b|do\s+(?:i|we)\s+(?:even\s+)?need\b|"
    r"(?:would|could|will)\s+[^?]{1,40}?\s+(?:help|work|be\s+(?:better|worth\s+it|a\s+good\s+idea))|"
    # the option told first, then weighed ("Felix said I could also install Zoom as a backup, is that necessary?")
    r"[^?]{3,150}?,\s*(?:is|would)\s+(?:that|it|this)\s+(?:really\s+|even\s+)?(?:necessary|needed|worth\s+it|useful|"
    r"a\s+good\s+idea)\b)",
    IC,
)
# what turns something down on its own after "no," ("nah, skip the docker stuff"): the no leaves it be
_SAYS_NO = r"(?:not|skip|without|don't|dont|do not|let's|lets|let us)\b"
# words turning something down, right before the thing: "no X" opening a clause, "I don't want
# X", "skip X", "without X". Not "it's not X" or "there's no X": those state how things are.
_DECLINE_RE = re.compile(
    # "Not data.table, it is too cryptic for the team": the offer named first, turned down
    # ("Thank you, but not the Interrail pass; I will book individual tickets")
    r"(?:^(?:(?:but|and|so|ok|okay|thank you|thanks|thx|no)[\s,]+)*not"
    r"(?=\s+(?:the\s+|a\s+|an\s+|any\s+)?[\w.+-]+(?:\s+[\w.+-]+)?\s*(?:[,.;!—–-]|$))|"
    rf"(?:^|[,;:—–(]|\bbut|\band|\bso|\bok|\bthanks)\s*(?:(?:please|pls|plz)[\s,]+)?(?:no|nah|nope)(?:[\s,.!]+not(?!\s+(?:adding|using|installing|bringing in|pulling in)\b)|,(?=\s+(?!{_SAYS_NO})))?|\bwithout|\bskip|"
    # ("No water on the land only the rain so ok forget the avocado"), not "don't forget the avocado"
    r"(?<!don't )(?<!dont )(?<!do not )(?<!never )\bforget(?:\s+about)?|"
    r"\b(?:i|we) (?:don't|dont|do not|won't|wont) (?:want|need)|\b(?:don't|dont|do not) (?:make|turn) (?:it|this|that)|"
    r"\blet(?:'s|s| us) not (?:add|use|pull in|bring in|pull|bring|drag|drag in|introduce|adopt|include|"
    r"go with|do|install)|\b(?:won't|wont|will not|not gonna|not going to) bother with|"
    # ("I'd rather not pull dbt_utils in just for dedup")
    r"\b(?:(?:i'd|i would|we'd|we would)\s+(?:rather\s+not|prefer\s+not\s+to|prefer\s+to\s+not)|(?:i|we)\s+(?:prefer|want)"
    r"\s+not\s+to)\s+(?:pull|bring|drag|add|use|install|introduce|take on|depend on|go with|bother with|do|try|set up|"
    r"go for|deal with|mess with|get into)(?:\s+in)?|"
    r"\bnot (?:adding|using|installing|bringing in|pulling in|rewriting (?:it |this |everything )?in|porting (?:it |this )?to|"
    r"switching to|moving to|migrating to)|"
    r"\b(?:i|we) (?:will not|won't|wont|shall not|shan't|am not going to|'m not going to|am not gonna|'m not gonna|do not|"
    r"don't) "
    r"(?:install|use|add|buy|get|try|download|pay for|switch to)|"
    # ("Please don't restructure it into MassDownloader", "Don't migrate to Riverpod"): the offered
    # rewrite or addition, turned down
    r"\b(?:don't|dont|do not)\s+(?:(?:restructure|rewrite|refactor|port|convert|migrate|move|switch|change|turn|redo)\s+"
    r"(?:(?:it|this|that|them|these|those|everything|the\s+[\w-]+)\s+)?(?:in)?to|"
    r"(?:add|install|set up|bother with|pull in|bring in|introduce)\b))"
    # ("no its svelte 5 with runes" sets something right; it declines nothing)
    r"\s+(?!(?:it's|its|it is|that's|thats|we|we're|i|i'm|im|this is|they're|don't|dont|do not)\b)"
    # ("no, the state bucket is kudipay-tfstate-prod": what is so, no decline)
    # (but "nah the Lofoten ferry is too long" says why the offer is no good)
    r"(?!(?:the|our|my)\s+[\w.+-]+(?:\s+[\w.+-]+)?\s+(?:is|are|was|were|lives|sits)\b"
    r"(?!\s+(?:(?:way|far|much|just|a bit|a little|kinda|really|simply)\s+)?(?:too\b|overkill|overpriced|not worth)))"
    # ("nah cluster is on 1.31 not 1.29": the article left out, where or what it is; not why the offer is no
    # good: "no, tikzplotlib is basically unmaintained")
    r"(?![\w.+-]+(?:\s+[\w.+-]+)?\s+(?:is|are|was|were|lives|sits)\s+(?:(?:on|in|at|under|behind|from|a|an|the|our|"
    # … a name or a value ("no, deployment target is iOS 16"), or one set right ("no, deadline is june 12 not june 21")
    r"my)\b|(?-i:[A-Z\d]|[a-z]+[A-Z])|[^,;.]{1,30}?\s+not\b))"
    # ("No thank you for the packing list, Concetta does the packing"): the thanks first, then the thing
    r"(?:(?:thank\s+you|thanks|thx|ty|grazie|merci|danke|gracias|obrigad[oa])\s+(?:(?:for|on|about|re)\s+)?)?"
    r"(?:the\s+|a\s+|an\s+|any\s+|more\s+)?(?P<rest>[\w.+-]+(?:\s+[\w.+-]+)?)",
    IC,
)
# options laid out for the person to pick from
_OPTIONS = r"ways|options|approaches|choices|routes|paths"
# extras offered in a list ("Two optional extras before I run it: 1. a partial index … 2. batching …")
_EXTRAS = r"extras|add-ons|addons|additions|improvements|tweaks|follow-ups|nice-to-haves"
# how many are laid out ("Two ways …", "A few possible improvements:")
_SOME = r"two|three|four|a few|several|some|2|3|4"
_HEADING = (
    rf"(?m:^[ \t]*(?:\*\*|#+[ \t]*)?(?:(?:{_SOME}|possible|other|more)[ \t]+)?(?:{_OPTIONS}|{_EXTRAS}|ideas|alternatives)"
    r"(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*$)"
)
_CHOICE_RE = re.compile(
    rf"\b(?:{_SOME})\s+(?:optional\s+|possible\s+|small\s+|quick\s+|more\s+|other\s+)?"
    rf"(?:{_OPTIONS}|{_EXTRAS})\b[^.?!]{{0,40}}[:.]"
    r"|\bwhich\s+(?:one\s+)?(?:do you prefer|would you prefer|would you like|do you want|sounds better|works better)\b"
    # ("These are the good choices for you:", "here are your options:")
    rf"|\b(?:these|here|those)\s+are\s+(?:the\s+|your\s+|some\s+|my\s+)?(?:\w+\s+)?(?:{_OPTIONS})\b[^.?!]{{0,30}}:"
    # a plan laid out for the person to take or change ("Here is a suggested plan: … Stay the night in Trabzon")
    # ("Here's a first day-by-day draft (6 nights):")
    r"|\b(?:here(?:'s|\s+is)\s+(?:a|my|the|an)\s+(?:first\s+|rough\s+|quick\s+)?(?:suggested\s+|proposed\s+|possible\s+|"
    r"draft\s+|rough\s+|day-by-day\s+|week-by-week\s+)?|(?:suggested|proposed)\s+)(?:plan|route|itinerary|schedule|outline|"
    r"menu|meal plan|timetable|draft)\b",
    IC,
)
# the head of a list of extras: the items after it are each offered, named by their first words; or a heading of
# its own line ("Options:", "**Some ideas:**"), whose items offer the names in them
_EXTRAS_HEAD_RE = re.compile(
    rf"\b(?:{_SOME})\s+(?:\w+\s+)?(?:{_EXTRAS}|{_OPTIONS})\b[^.?!]{{0,40}}:\s*$|{_HEADING}",
    IC,
)
# what a list item names first ("a partial index `ON shipments …` for the dashboard", "batching the backfill in
# chunks"): up to a code span, a bracket, a colon, a dash or a small word
_SMALL_WORDS = r"for|to|so|that|which|on|with|in|of|from|the|a|an|and|or|it|them"
_ITEM_HEAD_RE = re.compile(
    rf"^(?:\*\*)?(?:a|an|the|some)?\s*(?P<head>[\w-]+(?:\s+(?!(?:{_SMALL_WORDS})\b)[\w-]+){{0,2}})"
    rf"(?=\s*(?:[`(:—–,*]|$)|\s+(?:{_SMALL_WORDS})\b)",
    IC,
)
# an offer that points back at the sentence before ("Want me to add it to the workflow?")
_POINTS_BACK_RE = re.compile(
    r"\b(?:want me to|shall i|should i|do you want me to|happy to|i can)\s+(?:add|set up|install|configure|enable|"
    r"switch to|try|wire up|put|plug in|bring in|pull in|port|rewrite|convert|migrate|move|change|swap|redo|"
    r"do|make)\s+(?:it|this|that|them|one)\b|"
    # "… add a loyalty card. Would that interest you?"
    # "… with seaborn's `viridis` heatmap and a colour bar. Want one?"
    r"^(?:want|need|fancy)\s+(?:one|it|that|them|this)\b|"
    r"\b(?:would|does|could)\s+(?:that|this|it|one)\s+(?:interest you|appeal|be (?:useful|helpful|of interest|"
    r"something for you))|\binterested\?|"
    # "… some growers bridge the months with a small microloan. Could be worth asking about if cashflow is tight."
    r"^(?:it\s+)?(?:could|might|may|would)\s+be\s+worth\s+(?:a\s+look|asking about|asking|trying|considering|"
    r"checking|looking into|a try|a thought)\b",
    IC,
)
# the person will do the offered thing themselves: "nah I'll sort the shopping list myself, thanks"
_MYSELF_RE = re.compile(
    r"\b(?:i'll|i will|ill|i can|i'd rather|i prefer to|i'm going to|im going to)\s+(?:just\s+)?"
    r"(?:sort|do|handle|make|write|draft|plan|build|set up|take care of|deal with|work out|figure out|manage|book|"
    r"cook|fix|pick|choose|find|organi[sz]e|arrange)\s+(?:out\s+)?(?:the\s+|a\s+|an\s+|my\s+|our\s+|that\s+|those\s+)?"
    r"(?P<rest>[\w.+-]+(?:\s+[\w.+-]+){0,2}?)\s+(?:out\s+)?(?:myself|on my own|by hand|ourselves)\b",
    IC,
)
# the offer, named, does not fit the person's case: "Abeg, 50/30/20 doesn't work with Lagos prices"
_DOESNT_FIT_RE = re.compile(
    r"^(?:[\w']+[,!]\s+)?(?:the\s+|that\s+|this\s+|your\s+|an?\s+)?(?P<rest>[\w./:+-]+(?:\s+[\w./:+-]+)?)\s+"
    r"(?:doesn't|does not|won't|will not|wouldn't|can't|cannot|isn't going to)\s+work\s+(?:with|for|here|in|at)\b",
    IC,
)
# the offered change turned down by keeping things as they are ("no, leave it in pandas, nobody else on
# the team knows polars", "nah keep it as is", "no let's stick with Excel"): what the offer named is declined
_AS_IT_IS_RE = re.compile(
    r"^(?:(?:ok|okay|hmm+|lol|haha)[\s,!.]+)?(?:no|nah|nope|no thanks|no thank you)\b[\s,.!]*(?:just\s+)?"
    r"(?:(?:leave|keep)\s+(?:it|them|this|that|everything|things|the code|the script)\b(?:\s+(?:as\s+(?:is|it is)|in|on|with|"
    r"the way|like|alone))?|(?:let's\s+|lets\s+|we'll\s+|i'll\s+)?(?:stick|stay)\s+with)\b",
    IC,
)
# the person will see to the offered thing some other time ("No, don't set up pre-commit, I'll do it some
# other time", "leave the CI bit, we'll sort that later"): turned down for now
_PUT_OFF_RE = re.compile(
    r"\b(?:i'll|i will|ill|we'll|we will|i can|i'd rather)\s+(?:do|handle|sort|set up|add|look at|deal with|"
    r"configure|write|install)\s+(?:it|that|this|them|those)\s+(?:out\s+)?(?:myself\s+|ourselves\s+)?(?:later|some other time|"
    r"another time|another day|next week|tomorrow|some day|one day|after)\b",
    IC,
)
_NO_AT_END_RE = re.compile(
    r"(?:[,;:—–-]\s*|\bso\s+|\bthen\s+|(?:^|[,;:]\s*)[\w.+-]+(?:\s+[\w.+-]+)?\s+)(?:no|nah|nope|pass)[.!]*$",
    IC,
)
# a no said after the thing it turns down ("Image upload no, thank you", "apple pay not need")
NO_AFTER = r"no|nah|nope|not\s+needed|not\s+need|no\s+need|not\s+necessary|not\s+required|unnecessary"
# the offer named first, then the no ("Image upload no, thank you, my daughter …", "the newsletter: nope")
_NAMED_THEN_NO_RE = re.compile(
    r"^(?:(?:ok|okay|and|but|so|hmm+|well)[\s,]+)*(?:the\s+|that\s+|this\s+|your\s+)?"
    # ("apple pay not need, 95% of customer use QRIS")
    rf"(?P<rest>[\w.+-]+(?:\s+[\w.+-]+)?)\s*[:,—–-]?\s+(?:{NO_AFTER})\b"
    r"(?=\s*(?:[,;:.!—–-]|$|\s+(?:thanks|thank you|thx|ty|please|pls|for now|not now|i think)\b))",
    IC,
)
# a thing let go by name at the end, whoever brought it up ("no water on the land only the rain so ok forget the
# avocado"); not a reminder ("don't forget the charger")
_FORGET_IT_RE = re.compile(
    r"(?<!don't )(?<!dont )(?<!do not )(?<!never )(?<!not )(?<!\bI )(?<!\bwe )"
    r"\bforget(?:\s+about)?\s+(?:the\s+|a\s+|an\s+|any\s+|all\s+the\s+)?(?P<rest>[\w.+-]+(?:\s+[\w.+-]+)?)"
    r"(?:\s+(?:then|too|for now|please|pls))?[\s.!]*$",
    IC,
)
# the thing named first, then let go as "it" ("the animal shelter was one weekend with my university group, skip
# it, it would be fake", "the garden bit is too much, leave it out")
_NAMED_THEN_SKIP_RE = re.compile(
    r"^(?:(?:ok|okay|and|but|so|hmm+|well|no|nah)[\s,]+)*(?:the\s+|that\s+|this\s+|your\s+|my\s+)?"
    r"(?P<rest>[\w.+-]+(?:\s+[\w.+-]+){0,2}?)\s+(?:was|is|were|are|'s)\b[^;.]{0,80}?[,;—–]\s*(?:so\s+)?"
    r"(?:(?:just|please|pls|better|then)\s+)?(?:skip|drop|forget|leave out|cut|remove|ditch|scrap)\s+(?:it|that|this|them)\b",
    IC,
)
# the decline lasts, or names the alternative: a rule or a correction, not a one-off no
_LASTING_RE = re.compile(
    # ("No giveaways, that only attracts people who want free stuff": why, no standing "only")
    r"\b(?:never|ever|again|always|(?<!that )(?<!it )(?<!which )(?<!this )(?<!'re )(?<!\bare )(?<!'m )(?<!\bam )(?<!\bis )(?<!'s )(?<!\bwas )(?<!\bwere )only(?!\s+(?:after|since|because|when|if|until|till|once|for now|recently|just|today|yesterday|tonight|this|last|from)\b)|anymore|any more|"
    r"in this (?:repo|project|codebase|house|team)|"
    # ("No Tailwind — this codebase sticks to scoped <style> blocks, keep it that way", "No Firebase in any of my
    # client apps")
    r"keep it (?:that way|like that|as it is)|(?:any|none|all) of (?:my|our)|"
    # ("my toolchain is stable rust and it stays that way", "this is my rule"); "that's the whole point of having the
    # tank" says why the offer is not needed, and is labelled both ways
    r"stays? (?:that way|like that|as it is)|for the record|for good|"
    r"(?:this|that|it)(?:'s|\s+is)\s+(?:my|our|a|the)\s+(?:\w+\s+)?rule|"
    # ("please no hotels without an elevator, keep this in mind for every suggestion")
    r"keep (?:this|that|it) in mind|(?:for|in) (?:every|all|any) (?:\w+\s+)?(?:suggestions?|recommendations?|plans?|answers?|"
    r"trips?|bookings?|recipes?|menus?)|"
    r"(?:this|the|our) (?:codebase|repo|project|app|house|team) (?:sticks|stays|uses)|"
    # a no with a standing condition ("do not add new crates without asking me first")
    r"without\s+(?:asking|checking with|telling|talking to|my\s+ok|my\s+okay)|unless\s+(?:i|we)\b|"
    # "no X here", "we use X here for all of it"; not "people here don't like cards" (where they live)
    r"here(?!\s+(?:don't|dont|do|does|doesn't|like|love|hate|are|is|prefer|want|buy|use|eat|have|pay|say|think|"
    r"know|won't|wont|never|always|usually)\b)|we use|i use|decided|banned|forbidden|instead|rather than|allerg\w*|vegan|vegetarian|religio\w*|"
    # "no instant pot, i have a crockpot": what the person has in its place
    r"(?:i|we)\s+(?:have|'ve got|got|own)\s+(?:a|an|my|our)\b|"
    # "no godotenv, we dont add deps just for tests": a standing no says why
    r"(?:we|i)\s+(?:don't|dont|do not)\s+(?:add|use|install|allow|pull in|take on|do)\b)\b|"
    # "no pandas, polars" names the alternative; "nah, not X" and "no X, not going there" do not
    r"\b(?!(?:no|nah|nope|ok|okay|yeah|yes|thanks|sorry)\b)\w+,\s*not\b(?!\s+(?:going|doing|now|yet|today|"
    r"for|worth|needed|necessary|interested|bothering|happening|a fan|my|our|really|sure|until|till|before|"
    # ("skip silk, not this sprint": a time, no alternative)
    r"(?:in\s+)?(?:this|that|the)\s+(?:time|sprint|week|month|year|release|round|quarter|term|one|moment)))",
    IC,
)
# words that say outright a no stands
_STANDS_RE = re.compile(r"\b(?:never|ever|always|only|anymore|any more|all of (?:them|it|our|my|the))\b", IC)
# a thing let go at the end of a sentence, after why ("… so ok forget the avocado")
LET_GO_TAIL_RE = re.compile(
    r"\s+(?:so|then)[\s,]+(?:(?:ok|okay|then|just|yeah)[\s,]+)*(?=(?:forget|skip|drop|ditch|scrap)\b)", IC
)
# why, said of another thing with its own "never", "always" or "only" ("the data never leaves the hospital network",
# "the kids only eat rice"); "this codebase sticks to …" names what is used instead and stays
_WHY_OF_ANOTHER_RE = re.compile(
    r"^(?:(?:because|cause|cos|since|as)\s+)?(?:the|our|my|its|their|his|her|it|they|that|this|these|those)\b"
    r"(?:\s+(?!(?:codebase|repo|project|app|house|team)\b)[\w'-]+){0,3}?\s+(?:never|always|only|rarely)\b"
    # … or of a person named before it, later in the reason ("my father must be able to use it and he only knows
    # this one page")
    r"|^(?:(?:because|cause|cos|since|as)\s+)?(?:my|our|the)\s[^,;]*?\b(?:he|she)\s+(?:\w+\s+)?(?:never|always|only|rarely)\b",
    IC,
)
# a choice of another thing, begun after the no ("…, ok we're going with Kakheti", "…; we'll stick to Hugo")
OTHER_CHOICE_RE = re.compile(
    r"[,;.!—–]\s*(?:(?:ok|okay|so|and|then|but|instead)[\s,]+)*(?:we're|we are|we'll|we will|i'm|im|i am|i'll|i will|"
    r"let's|lets|we|i)\s+(?:(?:going|gonna|will|shall)\s+)?(?:go|going|goes|stick|sticking|stay|staying|pick|picking|"
    r"choose|choosing|take|taking|book|booking)\s+(?:with|for|to|on)\b",
    IC,
)
# a limit in time outweighs a word that would make the no last ("only the monthly payment is enough for now")
_FOR_NOW_RE = re.compile(
    r"\b(?:for now|for the moment|for the time being|this time|at this stage|right now)\b", IC
)
# words, and ratios or splits named by their numbers ("the 50/30/20 split")
_TOKEN_RE = re.compile(r"[A-Za-z][\w.+-]*[\w+]|[A-Za-z]|\d+(?:[/:]\d+)+")
_STOP_WORDS = """the a an and or but to of in on at for with from by is are be it this that these those you your
    i we our my me they them their he she his her its as so if then than also just like one some any all
    can could would should will might may do does did have has had not no get use using make add set
    run keep try want need way thing things something more less very really much well here there
    about into over out up down what which who when where how why yes ok okay sure good great idea
    option suggest recommend consider worth instead alternatively happy shall let lets i'd you'd"""
_STOP = frozenset(_STOP_WORDS.split())


# letters that keep no base letter apart under NFKD
_FOLD_EXTRA = {
    "ı": "i",
    "ł": "l",
    "Ł": "L",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ð": "d",
    "ß": "s",
    "æ": "a",
    "œ": "o",
}


@cache
def _fold_char(char: str) -> str:
    if char in _FOLD_EXTRA:
        return _FOLD_EXTRA[char]
    base = unicodedata.normalize("NFKD", char)[:1]
    return base if base.isalpha() else char


def fold(text: str) -> str:
    """The text with each letter's accents dropped, one character for one ("Paraşüt" -> "Parasut"): the
    assistant writes a name with its accents, the person types it without, or the other way round."""
    return "".join(_fold_char(c) for c in text) if not text.isascii() else text


def words(text: str) -> set[str]:
    """Distinctive words, with their accents and without ("Paraşüt" -> also "parasut"), and the parts of
    hyphened ones ("django-silk" -> also "silk")."""
    found = {w.lower() for w in _TOKEN_RE.findall(text)}
    found |= {fold(w) for w in found}
    found |= {part for w in list(found) if "-" in w or "_" in w for part in re.split(r"[-_]", w)}
    # a module's member named with its module ("dbt_utils.deduplicate" -> also "dbt_utils")
    found |= {w.split(".")[0] for w in list(found) if re.fullmatch(r"[a-z]\w{2,}\.[a-z]\w*", w)}
    # a crate or package named with its variant ("bevy_rapier2d" -> also "rapier")
    found |= {m.group(1) for w in list(found) if (m := re.fullmatch(r"([a-z]{4,})\d+[a-z]{0,2}", w))}
    # one word, singular or plural ("run a giveaway" -> "No giveaways")
    found |= {
        w[:-3] + "y" if w.endswith("ies") else w[:-1] for w in list(found) if len(w) > 4 and w.endswith("s")
    }
    return {w for w in found if len(w) > 1 and w not in _STOP}


def _names(sentence: str) -> set[str]:
    """The words of a sentence that name a thing: with a capital past the first word, an inner capital, an
    underscore, a digit or a dot ("MassDownloader", "Airflow", "bevy_transform_interpolation"), or set as code."""
    tokens = _TOKEN_RE.findall(sentence)
    named = [
        t
        for i, t in enumerate(tokens)
        if re.search(r"[_\d.]|[a-z][A-Z]", t) or (i > 0 and t[0].isupper() and t != "I")
    ]
    # or set as code ("around `embassy`")
    named += re.findall(r"`([^`\s]{2,40})`", sentence)
    return words(" ".join(named))


class Suggested:
    """The distinctive words of what the assistant has suggested so far in a session."""

    def __init__(self) -> None:
        self.words: set[str] = set()
        # options or plans laid out, folded: "no X" to a phrase of one turns it down
        self.plans: list[str] = []
        # the assistant's last message, offered or not: "forget the X" at the end lets go of anything it named
        self.last = ""

    def add(self, assistant_text: str) -> None:
        sentences = split_sentences(assistant_text, own=False)
        self.last = " ".join(sentences)
        before = ""
        # ("Two ways to fix it: 1. … 2. Rewrite it with MassDownloader … Which do you prefer?"): each is offered
        choice = _CHOICE_RE.search(assistant_text) is not None
        if choice:
            self.plans.append(fold(assistant_text))
        listed = False  # past the head of a list of extras, before the question that closes it
        for sent in sentences:
            offer = _SUGGESTION_RE.search(sent) is not None
            if choice and not offer:
                # an option's names ("2. **Crate:** add bevy_transform_interpolation": the crate's name, not "crate")
                self.words |= _names(sent)
                head = _ITEM_HEAD_RE.match(sent) if listed else None
                if head:  # "no index, the table is like 40k rows" to "1. a partial index `ON …`"
                    self.words |= words(head.group("head"))
            elif offer:
                self.words |= words(sent)
                if _POINTS_BACK_RE.search(sent):
                    # "CI builds would be faster with sccache. Want me to add it?": "it" is the sentence before
                    self.words |= words(before)
            elif listed:
                # an item under a heading of its own line ("Options:", "**Some ideas:**"): the names it offers
                # ("3. Restructure the main loop around `embassy`")
                self.words |= _names(sent)
            listed = (listed or _EXTRAS_HEAD_RE.search(sent) is not None) and not sent.rstrip().endswith("?")
            before = sent

    def add_document(self, document: str) -> None:
        """A plan someone else wrote, pasted by the person to check ("the plan the travel agent sent"):
        what each line names is offered, as the assistant's options are."""
        for line in document.splitlines():
            self.words |= _names(f"- {line}")

    def add_asked(self, question: str) -> None:
        """An option the person weighs aloud ("Should I put it on Foodpanda?", "what about Wise for the
        transfer?"): what it names is offered, as the assistant's options are ("No, no Foodpanda, the
        commission will eat all the profit")."""
        if _WEIGHS_RE.match(question) and question.rstrip().endswith("?"):
            self.words |= _names(question)

    @staticmethod
    def stands(sentence: str) -> bool:
        """True when the sentence after a bare no says outright that it stands ("no snap. every box here
        … I keep snapd off all of them, apt only"), not only why or what is used ("SILVA is for 16S, we
        use MitoFish")."""
        return _STANDS_RE.search(sentence) is not None and not _FOR_NOW_RE.search(sentence)

    @staticmethod
    def lasts(sentence: str) -> bool:
        """True when a no in `sentence` lasts or names what is used instead (a rule or a correction, kept).
        A choice of something else made after it is its own ("no Mestia way too far for the kids, ok we're
        going with Kakheti …, that's decided": what is decided is Kakheti)."""
        choice = OTHER_CHOICE_RE.search(sentence)
        sentence = sentence[: choice.start()] if choice else sentence
        # ("No water on the land only the rain so ok forget the avocado"): a let-go at the end is said on its own
        let_go = LET_GO_TAIL_RE.search(sentence)
        sentence = sentence[let_go.start() :] if let_go else sentence
        # ("no GitHub Action, the data never leaves the hospital network"): a "never" of another thing is why
        pieces = re.split(r"[,;—–]\s+", sentence)
        if any(_WHY_OF_ANOTHER_RE.match(p) for p in pieces):
            sentence = ", ".join(p for p in pieces if not _WHY_OF_ANOTHER_RE.match(p))
        return _LASTING_RE.search(sentence) is not None and not _FOR_NOW_RE.search(sentence)

    def turned_down(self, sentence: str) -> set[str]:
        """The suggested words `sentence` says no to, for now or for good ("no parasut, we have an
        accountant who does the e-fatura": the no lasts, but what follows is quoted without it)."""
        out: set[str] = set()
        # ("About avocado: it can grow in the warmest coastal parts …" -> "… so ok forget the avocado")
        for m in _FORGET_IT_RE.finditer(sentence):
            out |= words(m.group("rest")) & words(self.last)
        if not self.words and not self.plans:
            return out
        if _NO_AT_END_RE.search(sentence) or _AS_IT_IS_RE.match(sentence) or _PUT_OFF_RE.search(sentence):
            # "dbatools means PowerShell on the RHEL boxes, so no.", "no, leave it in pandas, … polars"
            out |= words(sentence) & self.words
        for m in (
            *_DECLINE_RE.finditer(sentence),
            *_MYSELF_RE.finditer(sentence),
            *_DOESNT_FIT_RE.finditer(sentence),
            *_NAMED_THEN_NO_RE.finditer(sentence),
            *_NAMED_THEN_SKIP_RE.finditer(sentence),
        ):
            named = words(m.group("rest"))
            out |= named & self.words
            if named and not named & self.words and self._in_a_plan(m.group("rest")):
                # "No overnight train please" to a day-by-day draft with "evening overnight train to Batumi"
                out |= named
        return out

    def _in_a_plan(self, phrase: str) -> bool:
        """True when a plan or options the assistant laid out name `phrase` word for word."""
        phrase = re.sub(r"\s+(?:please|pls|plz|thanks|either|then)$", "", fold(phrase.strip()), flags=IC)
        said = re.compile(rf"(?<![\w-]){re.escape(phrase)}(?:s|es)?(?![\w-])", IC)
        return bool(phrase) and any(said.search(plan) for plan in self.plans)


def offered_words(assistant_text: str) -> set[str]:
    """The distinctive words of what one assistant message suggested."""
    suggested = Suggested()
    suggested.add(assistant_text)
    return suggested.words


def offered(thing: str, assistant_text: str) -> bool:
    """True when the assistant's message suggested `thing` ("Want me to set up a Prophet baseline?")."""
    named = words(thing)
    # one thing, singular or plural: "not Google Sheets" to "a shared Google Sheet would also work"
    named -= {
        w
        for w in named
        if (w[:-1] in named and w.endswith("s")) or (w[:-3] + "y" in named and w.endswith("ies"))
    }
    return bool(named) and named <= offered_words(assistant_text)


# an option the assistant puts forward, said outright: stricter than `_SUGGESTION_RE`, whose "I'd" or "do you want"
# also open sentences that take something for granted
_PUT_FORWARD_RE = re.compile(
    r"\b(?:want me to|would you like|shall I|should I|do you want|you could|we could|I could|I'd suggest|I suggest|"
    r"I'd recommend|I recommend|how about|what about|consider|one idea|an idea|one option|another option|"
    rf"alternatively|path of least resistance|(?:the|an?)\s+{_CHOICE_ADJ}\s+(?:choice|pick|option|default)|"
    r"if you (?:want|like|prefer)|happy to|worth (?:a look|trying|considering))\b",
    IC,
)
# what the assistant took for granted, said as a reason ("since you're a physics teacher", "Since Fivetran lands
# timestamps in UTC", "as your repo uses …")
_ASSUMED_RE = re.compile(
    r"\b(?:since|because|given(?:\s+that)?|now that|as\s+(?=you\b|your\b|you're\b))\b|\byou(?:'re|\s+are|\s+use|\s+have)\b"
    r"|\byour\s+\w+\s+(?:is|are|uses|has|runs)\b",
    IC,
)


def only_put_forward(gone: set[str], assistant_text: str) -> bool:
    """True when the assistant's message names `gone` and every sentence that names it puts it forward as an option,
    none taking it for granted ("Vercel is the path of least resistance" offers Vercel; "Since Fivetran lands
    timestamps in UTC, … I'd focus on …" assumes UTC, and "no, it's Europe/Warsaw, not UTC" corrects it)."""
    named = [s for s in split_sentences(assistant_text, own=False) if mentions(s, gone)]
    return bool(named) and all(_PUT_FORWARD_RE.search(s) and not _ASSUMED_RE.search(s) for s in named)


def mentions(text: str, words: set[str]) -> bool:
    """True when `text` names one of `words`, accents or not."""
    text = fold(text)
    return any(mention_re(w).search(text) for w in words)


@cache
def mention_re(word: str) -> re.Pattern[str]:
    """`word` named in a folded text, alone or plural, "-ies" for a "-y" ("battery" -> "batteries")."""
    word = fold(word)
    if len(word) > 3 and word.endswith("y") and word[-2] not in "aeiou":
        said = rf"{re.escape(word[:-1])}(?:y|ies)"
    else:
        said = rf"{re.escape(word)}(?:s|es)?"
    return re.compile(rf"(?<![\w.-]){said}(?![\w-])", IC)
