"""How people phrase things in a chat: sentences, clauses, and what is not theirs to learn from.

The offline observer (`jarvis.observe.offline`) reads what a person typed. Before any
phrasing family looks at it, the message is cleaned here:

- typographic quotes and apostrophes become plain ones ("I’m" reads as "I'm");
- code blocks, `> quoted` lines, pasted chat lines ("Tom: I prefer tabs"), stage directions and
  lines that look like config or logs (`KEY=value`, stack traces) are dropped: they are
  somebody else's words or machine text;
- quoted speech holding a first person ('she said "I love sushi"') is blanked;
- the rest is split into sentences (a decision followed by a question in one message is two
  sentences) and each sentence into clauses ("I use fish, and my editor is neovim").

`refused` says why a clause is no statement at all: a question, a hypothetical ("what if we
moved to …", "if I were …", "I'd …"), or a hedge ("maybe", "might", "not sure").
"""

from __future__ import annotations

import re

from jarvis.observe.lexicon import DECIDED_ABROAD

IC = re.IGNORECASE
_TYPOGRAPHIC = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ", "…": "..."})
_FENCE_RE = re.compile(r"```.*?(?:```|$)", re.DOTALL)
_STAGE_RE = re.compile(r"\[(?:shares|sends|posts|shows)\b[^\]]*\]", IC)
# cue words that may open a line with a colon without it being a pasted chat line
_LABEL_WORDS = (
    "note remember fyi decision rule update reminder ps p.s todo context background project bio intro about "
    "btw also important heads info summary correction clarification edit warning caveat constraint constraints "
    "requirement requirements preference preferences rules decided answer done goal goals plan problem issue "
    "question status situation setup stack deadline budget honestly basically seriously anyway finally first second "
    "third lastly plus tldr edit addendum reason result results schedule availability location timing "
    # ("Decided: lithium", "Honestly: I don't mind", "Booking: I'll do it Friday"); a name in -ly or -ing
    # ("Emily: I love sushi", "Sterling: …") is still who said the line
    "agreed updated confirmed fixed solved settled obviously personally currently ideally briefly booking "
    "pricing shipping billing hosting testing staging routing logging parking training funding housing meeting "
    "spelling formatting naming licensing branding scheduling reporting sizing tooling setting wording heading "
    # what a turn opens with ("Next: make me the loss-curve plots", "Ok: …", "Step 2: …")
    "next then now later step task tasks ok okay fair great cool thanks yes no sure right well so but oh again "
    "tip hint example aside meanwhile "
    # what a list or a detail is called ("Staff: me, Chaya (my wife) …", "Hours: we open at 7", "Kids: my two boys"):
    # a common noun before the colon, nobody's name
    "staff team crew members people kids children family pets guests customers clients patients students address "
    "hours times days dates date time place venue where who what why how when menu products items prices price "
    "rates fees costs contact phone email languages language age ages size level audience format tone style length "
    "ingredients tools equipment details info facts background names shifts rota roster opening closing "
    # what comes in a list of asks ("Last: a short talk for parents … My wife is a dietitian so she will check it")
    "last another extra bonus followup fix bug feature idea request ask part point sidenote"
)
_LABEL_OK = frozenset(_LABEL_WORDS.split()) | DECIDED_ABROAD
_PASTED_RE = re.compile(r"^\s*(?:\[[\d:]+\]\s*)?(?P<who>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)?):\s+(?P<said>.+)$")
_FIRST_PERSON_RE = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|we|our)\b")
_MACHINE_RE = re.compile(
    r"^\s*(?:[A-Z][A-Z0-9_]{2,}\s*=|export\s+\w+=|\$ |Traceback|File \"|at [\w.$]+\(|\w+Error:|"
    # a bracket opens JSON or code, but not words about an empty value or a checkbox ("[] is fine. From now on …",
    # "[x] we always invoice on the 1st")
    r"(?!\[\s?[xX]?\s?\]\s+[A-Za-z`'\"]|\{\s?\}\s+[A-Za-z`'\"])[{}\[\]]|<\/?\w+[^>]*>\s*$|\d+\s*→)"
)
_QUOTED_RE = re.compile(r"\"[^\"\n]{1,300}\"")
_ABBREV = (
    r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\bSt\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDra\.)(?<!\bSra\.)(?<!\bSr\.)(?<!\bMme\.)"
    r"(?<!\bProf\.)(?<!\bprof\.)(?<!\bdr\.)(?<!\bmr\.)(?<!\bmrs\.)(?<!\bms\.)(?<!\bMx\.)(?<!\bincl\.)(?<!\bexcl\.)(?<!\bapprox\.)(?<!\bapt\.)"
    # titles before a name, in English and the person's own language ("Always write Adv. before my name", "sign as
    # Ing. Pérez", "Avv. Rossi", "Lic. Gómez")
    r"(?<!\bAdv\.)(?<!\bAvv\.)(?<!\bDott\.)(?<!\bIng\.)(?<!\bLic\.)(?<!\bArq\.)(?<!\bAtty\.)(?<!\bEsq\.)(?<!\bSgt\.)"
    r"(?<!\bCapt\.)(?<!\bRev\.)(?<!\bHon\.)(?<!\bMag\.)(?<!\bDipl\.)(?<!\bJr\.)(?<!\bMgr\.)(?<!\bDrs\.)"
)
# the words after which "my friend Kofi uses …" goes on the same say ("because my wife Ana works nights",
# "I told my boss Li is away", "with my sister Ama"): anything else before it is the end of a run-on one
_GOES_ON_WORDS = (
    "because since as and but so that when while if until cause bc cuz coz cos where whereas though although "
    "with to for of from by at on in about like than into onto after before without told tell ask asked call "
    "called meet met visit see saw help helps helped think thought guess know knew say said says hope mean "
    # a verb that takes the person as its object ("tag my lead Yerlan as reviewer"), or a filler before the
    # say ("wait brb my roommate Yasmine is yelling about the dishes again")
    "tag cc ping email text message add invite let make get pay give send show remind bring take thank "
    "wait brb ok okay lol haha sorry hmm oh ah well btw also plus then now"
)
_STILL_SAYING = "".join(rf"(?<!\b{w})" for w in _GOES_ON_WORDS.split())
# an initial before a surname ("I sign paintings as 'K. Lis'", "my name is A. Nowak") ends no sentence; a capital
# letter that ends one goes on with a word that opens one ("I take vitamin D. Then …"), or with no capital at all
_INITIAL = (
    r"(?:(?<![\s'\"(‘“][A-Z]\.)|(?=\s+(?-i:I|The|My|It|Then|We|And|But|So|This|That|Also|Please|Can|Could|Should|"
    r"Would|Will|Do|Does|Is|Are|You|They|He|She|Our|Your|A|An|In|On|At|For|If|When|Ok|Okay|Yes|No|Now|Here|There|"
    r"What|How|Why|Where|Which|Who|Thanks|Thank|Sorry|Oh|Btw|Also|Not|Never|Always|Only|Just|Let's|Lets)\b)"
    # (a surname starts with a capital: "all my notes are in F. the node reports C" goes on to a new sentence)
    r"|(?=\s+(?-i:(?![A-Z]))))"
)
_SPLIT_RE = re.compile(
    _ABBREV + _INITIAL + r"(?<=[.!?])\s+(?=\S)|(?<=\?)(?=\w)|\n+"
    # an emoji ends a thought when a new one is announced after it ("the prompt shows up TWICE on
    # android 😩 fyi we're on Expo SDK 52"); elsewhere it sits inside one ("not a beginner 😅 they've …")
    r"|(?<=\w)\s*[\U0001F300-\U0001FAFF\u2600-\u27BF][\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]*\s+"
    r"(?=(?:fyi|btw|ps|p\.s\.|also|oh and|anyway|anyways|note to self|remember|rule|heads up|by the way|last thing|"
    r"one more thing)\b)"
)
# clause boundaries: the joints where one statement ends and the next begins
_CLAUSE_RE = re.compile(
    r"\s*;\s*|\s+[—–]\s+|\s+-\s+|,\s+(?:and|but|so|because|since|which|while|though|although|whereas)\s+"
    r"(?!it\s+(?:stays|remains)\b)"
    r"|\s+(?:but|so|because|whereas)\s+(?!it\s+(?:stays|remains)\b)(?!(?:you|u)\s+know\b)"
    r"(?=(?:I|I'm|I've|we|we're|my|our|he|she|they|it|that|this|you|you're|u)\b)"
    # ("I'm lactose intolerant myself so if you can keep the dairy low"): what the person is, then the ask
    r"|\s+so\s+(?=if\s+(?:you|u)\s+(?:can|could|would)\b)"
    # a standing rule or a move after a comma ("open the PR against develop please, we never PR straight
    # to main"; "… but please ignore that, we moved to Snowflake in 2024")
    # ("the db password … is in group_vars/webservers/vault.yml, we use ansible-vault for every secret")
    r"|,\s+(?=(?:we|I)\s+(?:never|always|don't|do not|moved|switched|migrated|use|keep|store|run|travel|commute)\s)"
    # other people after a "but" ("I only know scanpy well but reviewers sometimes ask for Seurat")
    r"|\s+but\s+(?=(?:(?:my|our|the|some|most|many|all|other)\s+)?(?:reviewers|people|clients|customers|colleagues|"
    r"coworkers|friends|users|students|parents|everyone|everybody|others|folks)\b)"
    # the same typed fast ("i need a lefty version bc im a leftie")
    r"|\s+(?:bc|b/c|cause|cos|coz|cuz)\s+(?=(?:I'm|im|I am)\b)"
    # ("got a nikon d7500 body but the kit lens is rubbish"): a new subject and its verb
    r"|\s+but\s+(?=the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were|has|have|keeps|doesn't|don't|isn't|aren't)\b)"
    # ("im a scaffolder so money is ok but not flash")
    r"|\s+so\s+(?=[a-z]+\s+(?:is|are|was|were)\b)"
    r"|,\s+as\s+(?=(?:I|I'm|I've|we|we're|my|our)\b)"
    r"|,?\s+and\s+(?=(?:I|I'm|I've|my|we|we're|our|im|ive)\b)"
    # ("We've got plot 14 up at Penparcau and this year I'd like to plan it properly"): a new time, a new say
    r"|,?\s+and\s+(?=(?:this|next|last)\s+(?:year|week|month|season|summer|spring|autumn|fall|winter|time)\s+"
    r"(?:I|I'm|I'd|I'll|we|we're|we'd)\b)"
    # ("because I'm coeliac and as a kid I could never eat a normal cone"): a story after a fact
    r"|,?\s+and\s+(?=(?:as\s+a\s+(?:kid|child|teen|teenager|little girl|little boy)|when\s+I\s+was)\b)"
    # ("it'll sit until Thursday anyway since I don't work Wednesdays"): why, a standing fact of its own
    r"|,?\s+since\s+(?=(?:I|we)\s+(?:don't|do not|dont|never|can't|cannot|only|always)\b)"
    # ("we've got like 40 vms on the proxmox cluster, no need to touch the rest today")
    r"|,\s+(?=no need\b)"
    # ("call me Joaco pls, nobody says Joaquín except my grandma"): everyone else's, a clause of its own
    r"|,\s+(?=(?:nobody|no one|noone|everyone|everybody)\s)"
    # ("I need help planning my dissertation chapters, the hand-in deadline is 14 August")
    # ("… at salford, pharmacology exam is on 9 march"; "The paper goes to ICES …, deadline is 30 October" is one say)
    r"|,\s+(?=(?:(?:the|my|our)\s+(?:[\w-]+\s+){0,2}|[\w-]+\s+(?:[\w-]+\s+)?)(?:deadline|due date|exam|appointment|wedding|interview|surgery|operation|"
    r"flight|hearing|defen[cs]e|viva)\s+is\s)"
    # ("he leave two years ago and since then I am alone in the IT here")
    r"|,?\s+and\s+(?=(?:since then|now|these days|nowadays|today)\s+(?:I|I'm|we|we're)\b)"
    r"|,\s+(?=(?:she|he|they|it|that|this)(?:'s|'ll|'d| is| will| was| would| wants| thinks|\s)\b)"
    r"(?!(?:it's|its|it is)\s+(?:called|named)\b)"  # "I run a casa rural …, it's called La Pumarada": one clause
    r"|,\s+(?=(?:don't|do not|please)\s)"
    # ("… can you look at _targets.R and fix the paths and also please remember I use biblatex"): a request to
    # keep something, run on after a question or an errand
    r"|,?\s+and\s+(?=(?:also\s+)?(?:please\s+|pls\s+|plz\s+)?(?:remember|note|keep in mind|don't forget|do not forget)"
    r"\s+(?:that\s+)?(?:I|I'm|I've|my|we|we're|our)\b)"
    # ("… ate my weekdays for no money 🙃 ok decision made: full day is £1,850"): the decision after a turn
    r"|\s+(?=(?:ok(?:ay)?\s+|so\s+|right\s+)?(?:decision made|decided|final decision)\s*:)"
    # ("… in our app (the whole frontend here is SvelteKit + Tailwind, in case you're wondering …)"): a
    # statement in brackets is a clause of its own
    r"|\s+\((?=(?:the|our|my|we|we're|I|I'm|everything|all)\s[^()]{8,}\)(?:[\s,]*(?:by the way|btw|lol|though|haha))?"
    r"[\s.!]*$)"
    # ("want to get into bird photography, got a nikon d7500 body …"): "I" left out of the next one
    r"|,\s+(?=(?:got|bought|picked up)\s+(?:a|an|my|the|two|three)\s)"
    # ("I don't read on screens, paper only"): a short "X only" after a comma is a clause of its own
    r"|,\s+(?=[\w.+#-]+(?:\s+[\w.+#-]+)?\s+only(?:,?\s+(?:by the way|btw|though|fr|pls|please|lol))?[.!]*$)"
    # ("my instagram is serkan35 and password is …"): the credential is cut off, and refused alone
    r"|(?:,?\s+and\s+|,\s+)(?=(?:my\s+|the\s+|its\s+)?(?:password|passcode|passphrase|pin|pw|pwd|pass)\s+(?:is|=|:))"
    # ("feeding me + 2 kids, Mateo is 9 and Luz is 6"): a name and an age open a clause of their own
    r"|,\s+(?!(?-i:January|February|March|April|May|June|July|August|September|October|November|December)\b)"
    r"(?=(?-i:[A-ZÀ-Ý][a-zà-ÿ]+)\s+(?:is|'s)\s+\d{1,2}\b(?!\s*(?:weeks?|days?|months?|hours?|minutes?|%)))"
    # ("I'm the SRE lead at Mchango Pay and there are 4 other fires today")
    r"|\s+and\s+(?=there\s+(?:is|are|was|were|'s)\s)"
    # ("I'm a PhD student at Mila, my supervisor is Prof. Gauthier")
    # ("I have to leave at 17h30 today, my son has football training in Matosinhos")
    r"|,\s+(?=my\s+(?:\w+\s+){0,2}(?:is|are|was|has|have|goes|plays|works|lives|studies|trains)\s)"
    # ("from Portugal please, not Brazilian, the words are different"): a new subject, a new clause
    r"|,\s+(?=the\s+(?:[\w-]+\s+){0,2}(?:is|are|was|were)\s+(?!(?:on|in|at)\s))"
    # ("Yerlan … was moving cables this morning, the backups storage is on our TrueNAS there")
    r"|,\s+(?=(?:the|our)\s+(?:[\w-]+\s+){0,3}(?:is|are|lives|sits|runs)\s+(?:on|in|at)\s+(?:our|the|a|an)\s)"
    r"|,\s+(?=(?:I|I'm|I've|I'd|I'll|im|ive)\s)"
    # ("I do nothing for two days my batchmate Dilini does the Pomodoro thing"): another person's say, run on
    # (what follows is looked at first, the words before only then: the look back is long)
    # (not a thing of the person's with where it is: "all my sites in Elementor years ago")
    r"|(?<=[\w)])(?=\s+my\s+(?:(?!(?:in|on|at|for|with|from|to|of|by|into|onto)\b)[a-z-]+\s+){1,2}(?-i:[A-ZÀ-Ý][\w'-]+)\s+(?:(?!(?:as|us|its|his|this|thus|plus|yes|less|"
    rf"unless|across)\b)[a-z]+s|is|was|has)\s){_STILL_SAYING}\s+"
    # ("… send it to her not me is it worth getting a drone for mustering"): a question run on without a stop
    r"|(?<=[\w)])(?=\s+(?:(?:is|are)\s+(?:it|that|this|there|they)\s+(?:\w+\s+)?(?:worth|better|ok|okay|fine|safe|enough|"
    r"possible)\b|(?:should|shall|can|could)\s+(?:i|we)\s+(?:\w+\s+)?(?:get|buy|use|try|add|switch|go|take|do|book|move|"
    # ("… so the cooperative does the grading should i plant macadamia also between the rows")
    r"plant|grow|start|sell|hire|build|change|put|make|learn|apply|keep|raise|rent|open|spray)\b"
    rf"|do\s+(?:i|we)\s+(?:really\s+)?need\b)){_STILL_SAYING}(?<!\bwhat)(?<!\bhow)(?<!\bwhy)(?<!\bwhether)(?<!\bwonder)"
    r"(?<!\bsure)\s+"
    # ("… nothing with pork or regular gelatin please and he doesn't have a thermos yet"): a state for now, run on
    r"|\s+and\s+(?=(?:he|she|they|I|we|it)\s+(?:doesn't|does not|don't|do not|hasn't|has not|haven't|have not|isn't|"
    r"is not|aren't|are not|can't|cannot|didn't)\b[^,;.]{0,40}\byet\b)"
    # ("… never APA, the jury would kill me, also today i'm panicking a bit"): a new say about the person
    r"|,\s+(?:also|plus|oh\s+and|and\s+also)\s+(?=(?:(?:today|tonight|now|rn|btw|anyway)\s+)?(?:I|I'm|I've|I'd|im|ive|we|"
    r"we're|my|our)\s)"
    # ("… the 550 hp version, the Scania dealer in Bodø offered a discount but no"): an offer turned down
    # closes a clause of its own
    r"|,\s+(?=[^,;.]{3,80}?\bbut\s+(?:no|nah|nope)[.!]*(?:,|$))"
    r"|,\s+(?=(?:full stop|end of story|never)[.!]*$)"
    # ("I used to do crossfit 4 times a week before the kids, now I'm lucky to walk the dog"): what holds now is a
    # say of its own, and what was given up another
    r"|,\s+(?:and\s+)?(?=now\s+(?:I'm|im|we're)\s+(?:lucky|happy|glad|too|so|just|barely|only|more|mostly)\b)"
    # ("I'm so stressed today I can't think straight, anyway for context I'm a pharmacy technician …"): a turn
    # to a new say
    r"|,\s+(?=(?:anyway|anyways|btw|by the way|fyi|for context)[,:\s]+(?:for context[,:\s]+)?(?:I|I'm|im|we|we're|my|our)\b)"
    # ("my supervisor is prof. laurent béland btw …, can i do that from one main.tex"): a question of the
    # person's after a comma, its "?" left off, is a clause of its own ("…, could I ask you to please not use
    # abbreviations" asks for a rule, and "could you …" too: both read whole)
    r"|,\s+(?=(?:can|could|should|shall)\s+(?:i|we)\s+(?!ask\b)\w)"
    r"|\s+[\U0001F300-\U0001FAFF\u2600-\u27BF][\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]*\s+(?=\w)",
    IC,
)
LEAD_FILLER_RE = re.compile(
    # (an emoji or a mark first: "❤️ and remember my daughter …")
    r"^(?:[^\w\s\"'`(\[<*#>~@$/\\-]+\s*)?(?:(?:yes|yeah|yep|ok|okay|sure|right|hey|hi|hello|oh|ah|hmm+|mm+|um+|well|wait|oh wait|so|and|also|anyway|btw|"
    # the ok of the person's own language ("Bueno, we go with the sprinklers", "Tamam, …", "Vale, …")
    r"bueno|vale|dale|listo|tamam|d'accord|okej|okei|goed|"
    # a sigh first ("ugh no cilantro, it tastes like soap to me")
    r"ugh+|argh+|urgh+|meh|ugh\s+god|"
    # thanks for what the assistant said, with what it was about ("thank you about the JR Pass, Adanna will …")
    r"(?:thanks|thank you|thank u|thx|cheers)\s+(?:(?:so|very)\s+much\s+)?(?:for|about|re|on)\b[^,.;:!?]{1,60}(?=,)|"
    r"by the way|honestly|actually|quick context|context|for context|great|thanks|thank you|cool|"
    # ("right I forgot to say we don't have an oven in this flat")
    r"I\s+(?:forgot|meant|wanted)\s+to\s+(?:say|mention|tell you|add)(?:\s+that)?(?=\s+(?:I|I'm|we|we're|my|our)\b)|"
    # the moment of the ask, no condition ("and while you're editing, FQCN for every module please")
    r"while\s+(?:you're|you are|youre|ur|u r)\s+(?:at it|in there|editing|there|in that file|in the file|in that)(?=\s*,)|"
    # politeness, no condition ("context if it helps u: PhD on ASR for Igbo", "Context in case it helps: …")
    r"(?:if|in case)\s+(?:it|that|this)\s+helps(?:\s+(?:u|you))?|if\s+(?:it's\s+)?useful|"
    r"(?:if|in case)\s+(?:u|you)\s+need\s+(?:it|to know)|"
    # ("Last thing, please remember my thesis deadline: …")
    r"(?:(?:one\s+)?(?:last|final|first)\s+thing|one more thing)(?=\s*,)|first of all|firstly|"
    # the person set against someone else, before a colon ("But not for me: I grow everything organic")
    r"(?:not\s+)?(?:for|as for)\s+me\s*(?=:\s*(?:I|I'm|im|we|my|our)\b)|"
    # the day job named with when ("By day I am a tax advisor; …", "in real life I'm a nurse")
    r"(?:by day|during the day|in (?:my\s+)?real life|irl|in my day job|professionally)(?=,?\s+(?:I'm|I am|im|I work)\b)|"
    # a reason pointed back at ("thats also why i dont do sessions longer than 4 hrs"): what follows is said
    r"(?:that's|thats|that is)\s+(?:also\s+|partly\s+|exactly\s+|kind of\s+|kinda\s+)?why(?=\s+(?:I|i|we|my|our)\b)|"
    r"sounds good|later|not great|good(?!\s+(?:start|try|effort|job|point|call|catch|idea|luck)\b)|fine|alright|basically|essentially|in short|long story short|"
    r"for what it's worth|fwiw|tbh|to be honest|to be fair|ah right|oh right|right then|omg|lol|haha|but|"
    # ("also add a line that I don't shoot on a Sunday, ever": what the line says is the person's)
    r"(?:add|put|include)\s+(?:a\s+)?(?:line|note|sentence|bit)\s+(?:that|saying)(?=\s+(?:I|we|my|our)\b)|"
    # a word on the last answer before the point ("that's useful but", "looks great, but")
    r"(?:that's|that is|this is|it's|looks|sounds|seems)\s+(?:\w+\s+)?(?:useful|good|great|nice|fine|helpful|"
    r"better|perfect|cool|lovely|amazing|brilliant|the vibe|spot on)[\s,!.]*but)\b[\s,.:!—–-]*)+",
    IC,
)
_TRAIL_FILLER_RE = re.compile(
    r"[\s,—–-]+(?:by the way|btw|though|anyway|already|as well|too|these days|nowadays|for now|"
    r"whatever|honestly|in case you need (?:it|them|the \w+)|just so you know|"
    r"in case (?:you're|you are|youre|u r) wondering\b.*)\s*$",
    IC,
)
_QUESTION_START_RE = re.compile(
    # ("Is a small bakery, the name is Panadería La Espiga": "it" left out, no question mark anywhere)
    # ("What I do want you to remember: …" says what follows, it asks nothing)
    # ("What I do want: booleans in the YAML always as true/false" says what is wanted)
    r"^(?!is\s+(?:a|an)\s+[^?]*$)(?!what\s+I\s+(?:do\s+|really\s+)?(?:want|need)\s+you\s+to\s+(?:remember|know|note)\b[^?]*$)"
    r"(?!what\s+(?:I|we)\s+(?:do\s+|really\s+|actually\s+|would\s+|'d\s+)?(?:want|need|like|prefer|ask)"
    r"(?:\s+(?:from|of)\s+(?:you|u))?\s*[:—–][^?]*$)"
    r"(?:(?:(?:last|quick|one|another|small|random|dumb|silly|stupid|final|other)\s+)?(?:q|qn|question)\s*[:.,)-]\s*)?(?:what|why|how|who|whom|whose|where|which|when(?!\s+(?:I|you|u|we)\b)|whether|do|does|did|is|are|was|were|can|could|"
    r"would|will|shall|should|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|"
    r"shouldn't|can't|couldn't)\s+(?:I|we|you|he|she|they|it|this|that|there|my|our|the|a|an|us|anyone)\b"
    # an option weighed without its "?" ("what about the continuous glucose monitor, my son told me about it")
    r"|^(?:what|how)\s+about\s+(?!(?:it|that|this)\s*[:—–])"
    # a tool or a name asked about without its "?" ("Would bf16 break the vocab", "Does Traefik do that")
    # ("do NOT restart nginx" shouts a rule)
    r"|^(?:would|could|should|will|can|does|do|did)\s+(?!not\b|never\b)(?:(?-i:[A-Z][\w.-]*)|[\w.-]*\d[\w.-]*)\s+(?-i:[a-z]+)\b",
    IC,
)
# a question put to oneself, without its "?" ("Sometimes I think, should I rewrite all the training in
# JAX …", "I keep wondering whether we should move to Bun")
_WONDERING_RE = re.compile(
    r"^(?:(?:and|but|so|also|honestly|sometimes|often)[,\s]+)*I\s+(?:sometimes\s+|often\s+|always\s+|keep\s+)?"
    r"(?:think|thought|wonder|wondered|wondering|ask\s+myself|asked\s+myself|asking\s+myself)\s*[,:]?\s*"
    r"(?:if\s+|whether\s+|maybe\s+)?(?:should|shall|could|would|can|must|do|is|are)\s+(?:I|we)\b"
    r"|^(?:(?:and|but|so|also|honestly|sometimes|often)[,\s]+)*I\s+(?:sometimes\s+|often\s+|keep\s+)?"
    r"(?:wonder|wondered|wondering|ask\s+myself|asked\s+myself|asking\s+myself)\s+(?:if|whether)\b",
    IC,
)
_HYPOTHETICAL_RE = re.compile(
    r"^(?:what if|if|unless|suppose|supposing|imagine|assuming|in case|say we|let's say|were I|had I|"
    r"in theory|hypothetically|ideally|i wonder|i was wondering|wondering|thinking about|thinking of|"
    r"not sure|i'm not sure|i am not sure|maybe|perhaps|possibly|probably|one day|someday|at some point"
    # the same in the languages people mix in ("Falls wir irgendwann …", "si me dan la beca …")
    r"|falls|wenn|vielleicht|irgendwann|si (?:me|te|nos|le|les|lo|la|el|no|yo|tú|tu)|quizás|quizas|tal vez|"
    r"algún día|se eu|se nós|talvez|peut-être|au cas où|si jamais|"
    # "si consigo la beca", "si je pars", "se vinco la borsa", "se conseguir a bolsa", "als ik de baan krijg"
    r"si\s+(?:je|j'|on|nous|vous|il|elle|ils|elles)|si\s+[a-záéíóúñ]{2,}o|"
    r"se\s+(?!lo\b|no\b)[a-zàèéìòù]{2,}(?:o|iamo)|se\s+[a-zãõç]{3,}(?:ar|er|ir)|als\s+(?:ik|we|wij|je|jij)|stel dat)\b"
    # ("I'd rather you asked first" is a preference, said now)
    r"|\b(?:I'd(?!\s+(?:rather|prefer|like you to|ask you to))|we'd(?!\s+(?:rather|prefer))|"
    r"I would(?!\s+(?:rather|prefer|like you to|ask you to))|we would(?!\s+(?:rather|prefer))|I might|we might|we could|(?<!before )(?<!so )(?<!than )(?<!until )(?<!till )I could|might be|could be|would be|"
    r"would it|not sure|I guess|I suppose|I think we should|should we|shall we|or maybe|"
    # a daydream ("I dream of living in a tiny house"); a goal said as one stays ("my dream is to open a bakery")
    r"dream(?:s|ing|ed|t)?\s+(?:of|about)|"
    # a guess at what someone will do ("Dr. Nakoa will probably ask you for a notebook version")
    r"will probably|'ll probably|will likely|'ll likely|will prob|'ll prob|will prolly|'ll prolly)\b",
    IC,
)


# A clause that gives a credential's value the redactor did not recognise ("the service principal
# secret is Bf-Sp-…") is never a fact to keep: git history is forever. Once redacted ("my key is
# [REDACTED:…] for the staging box") the rest of the statement may stay.
_CREDENTIAL_RE = re.compile(
    r"\b(?:password|passphrase|passcode|pass code|pw|pwd|secret|token|api[ _-]?key|access[ _-]?key|"
    r"private[ _-]?key|pin|pin code|credentials?|client secret|auth code|otp|2fa code|recovery code|"
    r"seed phrase|login|combination|(?:door|gate|alarm|locker|safe|garage|lock|entry|keypad|building)\s+code|"
    r"(?<!dress )(?<!post )(?<!zip )(?<!area )(?<!source )code\s+(?:for|to|of)\s+(?:the\s+)?[^.]{0,30}?"
    r"\b(?:door|gate|alarm|locker|safe|garage|lock|entrance|building|keypad|flat|office|shed|padlock)"
    r")\b[^.]{0,40}?(?:\b(?:is|are|was)\b|=|:)\s*(?!\[REDACTED)[^\s\[]"
    # the value right after the word, with no "is" ("…, password Pumpkin!Rain88)"): a word with a
    # digit or a symbol in it, so "my password manager" and "password reset" are no credential
    r"|\b(?:password|passphrase|passcode|pw|pwd|pin)\s+(?!\[REDACTED)(?=[^\s\[]*[\d!@#$%^&*])[^\s\[]{6,}"
    r"|\b(?:pin|pin code|passcode)\s+\d{4,8}\b",
    IC,
)


def plain(text: str) -> str:
    """Typographic quotes and apostrophes made plain; spaces collapsed."""
    return " ".join(text.translate(_TYPOGRAPHIC).split())


def _keep_line(line: str) -> bool:
    stripped = line.strip()
    if not stripped or stripped.startswith(">") or _MACHINE_RE.match(stripped):
        return False
    pasted = _PASTED_RE.match(stripped)
    # "Tom: I prefer tabs" pasted from another chat is Tom's, not the person's
    if not pasted:
        return True
    who = pasted.group("who")
    # "Fair. Next: make me the plots": a sentence ended before the label, no speaker
    first = who.split()[0]
    ended = (
        " " in who
        and first.endswith(".")
        and first.lower() not in ("dr.", "mr.", "mrs.", "ms.", "st.", "prof.")
    )
    return not (who.lower() not in _LABEL_OK and not ended and _FIRST_PERSON_RE.search(pasted.group("said")))


def _blank_quoted_speech(text: str) -> str:
    """Quoted words with a first person in them are someone else's ('she said "I love sushi"')."""
    return _QUOTED_RE.sub(lambda m: '"…"' if _FIRST_PERSON_RE.search(m.group(0)) else m.group(0), text)


# a word of a few letters held down ("glmmTMB.jjjjjjjjjjjkkkkk sorry, my cat walked across the keyboard")
_MASH_RE = re.compile(r"(?<![\w'])[a-z]*([a-z])\1{4,}[a-z]*(?![\w'])")


def _unmashed(match: re.Match[str]) -> str:
    """A keyboard mash is no word: it ends the sentence before it ("word.jjjjkkk sorry")."""
    word = match.group(0)
    # each letter held ("jjjjjkkkk"); not a word drawn out ("sooooo", "nooooo", "hmmmmm")
    return "\n" if len(set(word)) <= 3 and all(word.count(c) >= 3 for c in set(word)) else word


# a line that only draws a rule ("---", "=====", "***"): what two of them frame was pasted
_RULE_LINE_RE = re.compile(r"^\s*(?:-{3,}|={3,}|\*{3,}|_{3,}|~{3,})\s*$", re.MULTILINE)
# what someone else wrote, announced ("Here is the plan the travel agent sent, please check it:",
# "my landlord emailed this:"): not what the person "I sent" or wrote themselves
_THEIRS_RE = re.compile(
    r"(?<!\bI )(?<!\bwe )(?<!\bi )\b(?:sent|wrote|forwarded|emailed|drafted|prepared|proposed|put together|"
    r"came back with|replied|posted)\b|\b(?:from|by)\s+(?:my|our|the|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?\s*:\s*$",
    IC,
)


def _their_documents(text: str) -> list[tuple[int, int]]:
    """Where a document someone else wrote sits in a message: pasted between two rule lines after words
    that say so ("Here is the plan the travel agent sent:\n---\nDay 5–6 Hakone: ryokan …\n---")."""
    rules = list(_RULE_LINE_RE.finditer(text))
    spans: list[tuple[int, int]] = []
    # rules pair up in order; an odd last one frames nothing
    for first, last in zip(rules[::2], rules[1::2], strict=False):
        intro = text[spans[-1][1] if spans else 0 : first.start()].rstrip().rsplit("\n", 1)[-1]
        if _THEIRS_RE.search(intro.rsplit(".", 1)[-1] or intro):
            spans.append((first.start(), last.end()))
    return spans


def their_documents(text: str) -> list[str]:
    """The documents someone else wrote that a message pastes (see `_their_documents`)."""
    text = text.translate(_TYPOGRAPHIC)
    return [text[a:b] for a, b in _their_documents(text)]


def _without_their_document(text: str) -> str:
    """The message without the documents someone else wrote: their lines are not the person's statements."""
    at, out = 0, []
    for a, b in _their_documents(text):
        out.append(text[at:a])
        at = b
    return "".join(out) + text[at:]


# a "?" that is a word of code, not the end of a question ("propagate the error with ?", "use anyhow and the ?":
# Rust's operator); no question ends on "with" or "the"
_CODE_MARK_RE = re.compile(
    r"\b(?:with|use|using|via|the|an?|and|or|to|of)\s+\?(?:[.!,\s]*(?:by the way|btw|though|lol|haha|pls|please))?[.!\s]*$",
    re.IGNORECASE,
)


def code_mark(text: str) -> bool:
    """True when the "?" the words end on is a word of code ("… or propagate with ?."), no question."""
    return bool(_CODE_MARK_RE.search(text))


def split_sentences(text: str, own: bool = True) -> list[str]:
    """The person's own sentences in a message: code, quotes, pasted and machine lines removed
    (with `own` False, as for the assistant's words, only code is removed: "Done: …" is its own)."""
    text = _STAGE_RE.sub(" ", _FENCE_RE.sub("\n", text.translate(_TYPOGRAPHIC)))
    if own:
        text = _without_their_document(text)
        text = _MASH_RE.sub(_unmashed, re.sub(r"(?<=\w[.!?])(?=[a-z]*([a-z])\1{4,})", " ", text))
    lines = [ln.strip().lstrip("-*•").strip() for ln in text.split("\n")]
    kept = "\n".join(_blank_quoted_speech(ln) for ln in lines if _keep_line(ln)) if own else "\n".join(lines)
    parts = (" ".join(p.split()) for p in _SPLIT_RE.split(kept))
    return [p for p in parts if len(p) >= 3]


# the last item of a list after ", and" ("ggplot, theme_classic, and the Okabe-Ito palette"): a few
# words with no verb of their own
_LAST_ITEM_RE = re.compile(
    r"^(?:(?:the|a|an|my|our|some|its|their)\s+)?(?!(?:I|I'm|we|you|he|she|they|it|that|this|there)\b)"
    r"(?:(?!(?:is|are|was|were|has|have|had|do|does|did|will|would|can|could|should|must|'s)\b)[\w.+#/-]+\s*){1,4}$",
    re.IGNORECASE,
)


_WHERE_IT_IS_RE = re.compile(
    r"(?:the|our)\s+(?:[\w-]+\s+){0,3}(?:is|are|lives|sits|runs)\s+(?:on|in|at)\s+(?:our|the|a|an)\s",
    re.IGNORECASE,
)
_TODAY_RE = re.compile(
    r"\b(?:today|tonight|right now|rn|atm|this (?:morning|afternoon|evening|week))\b", re.IGNORECASE
)


def clauses(sentence: str) -> list[str]:
    """A sentence cut at its joints (";", " — ", ", and I …", ", so …"), fillers trimmed."""
    pieces: list[str] = []
    at = 0
    joints = list(_CLAUSE_RE.finditer(sentence))
    for i, joint in enumerate(joints):
        end = joints[i + 1].start() if i + 1 < len(joints) else len(sentence)
        head = sentence[at : joint.start()]
        if sentence[: joint.start()].count("(") > sentence[: joint.start()].count(")"):
            continue  # inside brackets: "Chaya (my wife, she does the books, so the totals …)" is said of one
        if (
            re.fullmatch(r",\s+and\s+", joint.group(0), re.IGNORECASE)
            and "," in head
            and _LAST_ITEM_RE.match(sentence[joint.end() : end].strip(" .!"))
        ):
            continue  # one list, not two clauses
        if (
            re.match(r",\s+(?:the|our)\s", sentence[joint.start() :], re.IGNORECASE)
            and _TODAY_RE.search(head)
            and not _WHERE_IT_IS_RE.match(sentence[joint.end() :])
        ):
            # "cluster is super slow today, the scheduler queue is like 300 jobs deep": today's, both; where
            # a thing is stays ("… this morning, the backups storage is on our TrueNAS there")
            continue
        pieces.append(head)
        at = joint.end()
    pieces.append(sentence[at:])
    out = []
    for part in pieces:
        part = trim(part)
        if len(part) >= 3:
            out.append(part)
    return out


# is a thing open, ok, allowed: asked without its "?" ("going fishing w my brother in april, is walleye
# season open then")
IS_IT_OK = r"(?:is|are)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:open|closed|ok|okay|allowed|legal|safe|possible|available|on|worth\s+it)\b"
# "I have a pacemaker since 2019, can I go through the scanner?": a question joined on by a comma
# (or by an emoji or a "like": "… can't do am/pm 🙈 like is 12 AM midnight or noon??")
_ASKING_JOINT_RE = re.compile(
    # ("the corolla is on finance till 2028 so can i claim the monthly payments?")
    r"(?:,\s+|\s+[^\w\s,.;:!?'\"()\[\]-]+\s+(?:like,?\s+|so\s+)?|\s+like,?\s+|,?\s+so\s+(?=\w+\s+(?:i|we|you|u)\b))"
    r"(?=(?:(?:how|what|which|where|when|why|who)\s+(?:\w+\s+)?|(?:can|could|should|would|will|do|does|is|are|am|"
    r"may)\s+)(?:I|we|you|u|it|they|he|she|my|our|the|this|that|there|\d\w*)\b"
    rf"|{IS_IT_OK}"
    # "it" left out ("There is park near my flat in Podgórze, Bednarski park, is good?")
    r"|(?:is|are)\s+(?:good|ok|okay|fine|safe|nice|possible|better|enough|normal|bad|worth\s+it)\b[^,]{0,30}\?*$)",
    IC,
)


def before_question(sentence: str) -> str | None:
    """The statement a sentence opens with when only its last clause asks something ("Visits
    are stored in UTC — so the cron should fire at 18:00, which the plugin can do?"), or None."""
    # the joint before the asking words when there is one ("last thing — on my days off I go to
    # Zumba …, what should I eat before that?"), else the last clause joint
    joints = list(_ASKING_JOINT_RE.finditer(sentence)) or list(_CLAUSE_RE.finditer(sentence))
    if not joints:
        return None
    head = sentence[: joints[-1].start()].strip()
    if len(head.split()) < 4 or "?" in head or refused(head) == "question":
        return None
    pieces = re.split(r"[,:;—–]\s*", head)
    if refused(pieces[-1]) == "hypothetical":
        # ("I study after I put my three boys to sleep, so maybe 1 hour every night, can you make me a plan?"): a
        # hedge that leads to the question goes with it; what stands before it is said
        if len(pieces) > 1 and re.match(
            r"(?:so|and)\s+(?:maybe|probably|perhaps)\b", pieces[-1], re.IGNORECASE
        ):
            said = ", ".join(pieces[:-1]).strip()
            return said if len(said.split()) >= 4 and not refused(said) else None
        return None  # "purely hypothetical: if I end up in Edinburgh, would this port?": the question's if
    return head


_PLEASE_ALSO_RE = re.compile(r"^(please|pls|plz|kindly)\s+(?:also|additionally|too)\s+", re.IGNORECASE)
_LEAD_SYMBOLS_RE = re.compile(r"^[^\w\s\"'(\[`*~<>/#@$€£+-]+\s*")


def trim(text: str) -> str:
    """Leading fillers ("ok, so", "by the way") and trailing ones ("… already", "… though") removed."""
    # ("😂 if I get the exchange to Korea …"): a leading emoji or symbol is no word of the statement
    text = LEAD_FILLER_RE.sub("", _LEAD_SYMBOLS_RE.sub("", text.strip())).strip()
    # ("Please also do not use dashes of the long kind"): "also" after the please adds nothing
    text = _PLEASE_ALSO_RE.sub(r"\1 ", text)
    previous = None
    while previous != text:
        previous = text
        text = _TRAIL_FILLER_RE.sub("", text.rstrip(" .!,;:")).strip()
    return text


def refused(clause: str) -> str | None:
    """Why a clause is not a statement to learn from ('question', 'hypothetical', 'credential'), or None."""
    body = trim(clause)
    after = trim(body.rsplit(":", 1)[-1]) if ":" in body else body  # "Other question, only dream: if I …"
    if (
        (clause.rstrip().endswith("?") and not code_mark(clause))
        or _QUESTION_START_RE.match(body)
        or _QUESTION_START_RE.match(after)
        or _WONDERING_RE.match(body)
    ):
        return "question"
    if _HYPOTHETICAL_RE.search(body) or _HYPOTHETICAL_RE.search(after):
        return "hypothetical"
    if _CREDENTIAL_RE.search(body):
        return "credential"
    if _JOKE_RE.search(body):
        return "joke"
    return None


# said in jest, or taken back as such ("the goats was a joke mostly", "just kidding about the tattoo")
_JOKE_RE = re.compile(
    # ("the bus is a joke" says it is bad: no jest)
    r"\b(?:(?:was|were)\s+(?:just|only|mostly|half|partly)\s+(?:a\s+)?joke|(?:was|were)\s+(?:a\s+)?joke\s+"
    r"(?:mostly|really|obviously|lol|haha)|(?:that|it|this)\s+was\s+(?:a\s+)?joke|(?:was|were|i'm|im|i am)\s+"
    r"(?:just\s+|only\s+|half\s+)?(?:joking|kidding)|just kidding|jk)\b",
    re.IGNORECASE,
)
