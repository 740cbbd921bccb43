"""Closed word lists the phrasing families are built from (roles, relations, traits, slots …).

A word outside a list falls through to a weaker family, or to none: the observer would rather
miss a fact than invent one. `TOOL_KINDS` also names what a correction between two tools is
about ("it's fish, not bash" -> Shell).
"""

from __future__ import annotations

import re

IC = re.IGNORECASE
TRIM = " \t\"'`.,;:!?-—–)("

ROLES = (
    # ("I'm also the faculty advisor for the debate club", "I'm a school governor", "I'm a trustee of the food bank")
    r"advisor|adviser|trustee|governor|organi[sz]er|moderator|deacon|chaperone|"
    r"engineer|developer|dev|programmer|teacher|nurse|doctor|designer|manager|student|writer|novelist|author|"
    r"sysadmin|admin|maintainer|postdoc|phd student|freelance \w+|dba|qa|devops|ux researcher|"
    r"artist|lawyer|scientist|researcher|consultant|accountant|chef|cook|musician|counsell?or|photographer|"
    r"architect|pilot|firefighter|dancer|painter|therapist|professor|founder|co-?founder|analyst|"
    r"administrator|sre|freelancer|contractor|journalist|editor|translator|pharmacist|paramedic|electrician|"
    r"plumber|carpenter|farmer|gardener|mechanic|librarian|social worker|civil servant|entrepreneur|lead|"
    r"intern|economist|statistician|physicist|chemist|biologist|mathematician|surgeon|vet|veterinarian|"
    r"dentist|midwife|carer|caregiver|cto|ceo|cfo|coo|vp|director|officer|specialist|technician|tester|"
    r"scrum master|product owner|owner|retiree|pensioner|homemaker|paralegal|clerk|secretary|receptionist|"
    r"cashier|driver|baker|butcher|barista|waiter|waitress|bartender|cleaner|carer|porter|courier|"
    r"apprentice|trainee|associate|assistant|coordinator|co-ordinator|planner|dispatcher|buyer|"
    r"supervisor|foreman|inspector|auditor|surveyor|captain|sailor|soldier|officer|constable|gp|medic|"
    r"trader|sole trader|dealer|roofer|joiner|welder|fitter|decorator|childminder|nanny|tutor|coach|"
    r"instructor|lecturer|volunteer|guide|agent|broker|banker|undergrad|graduate|registrar|locum|matron|"
    r"shepherd|fisherman|beekeeper|housekeeper|bookkeeper|caretaker|postie|postman|postwoman|mail carrier|miner|"
    r"treasurer|chair|chairperson|chairman|chairwoman|president|vice-president|warden|churchwarden|steward|"
    r"[a-z]+(?:ist|ician|ologist)"
)
# the trades of a workshop or a stall, said without an article ("I am tailor, I have my atelier in the Médina");
# with one ("I'm a mobile hairdresser, mostly care homes round Paisley") the person is told whole elsewhere
TRADES = (
    r"tailor|seamstress|dressmaker|cobbler|shoemaker|weaver|potter|blacksmith|jeweller|jeweler|goldsmith|"
    r"hairdresser|barber|beautician|florist|fishmonger|grocer|shopkeeper|hawker|mason|bricklayer|tiler|glazier|"
    r"upholsterer"
)
# a way someone had, said in the past after "always", "only", "never" ("Arvo always used Agfa film")
PAST_WAYS = r"used|preferred|liked|loved|hated|did|wrote|drank|ate|drove|kept|bought|shot|made|took|wore|painted|played"
# people the person knows by their role or trade, not by kin ("my vet Bartek", "our treasurer Semisi", "my
# compadre Tatay Boyet", "my running partner Rhiannon")
# the officers of a ship, by their role alone ("the chief still does his calculations on a Casio": the chief engineer)
SHIP_CREW = r"chief|skipper|bosun"
BY_ROLE = (
    rf"{SHIP_CREW}|"
    rf"{ROLES}|{TRADES}|PI|TA|RA|GP|physio|penpal|pen pal|tenant|lodger|customer|patient|sponsor|sensei|pastor|"
    r"priest|imam|rabbi|compadre|comadre|kumpare|kumare|godfather|godmother|godparent|mentee|babysitter|"
    r"(?:scout\s+|team\s+|group\s+|youth\s+)?leader|"
    r"(?:running|training|business|dance|study|sparring|climbing|tennis|squash|chess|gym|hiking|cycling|lab)\s+"
    r"(?:partner|buddy)"
)
RELATIONS = (
    r"wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|son|daughter|mother|mom|mum|father|dad|brother|"
    r"sister|boss|manager|team lead|tech lead|line manager|lead|best friend|friend|colleague|co-?worker|"
    r"co-?founder|mentor|agent|doctor|dentist|therapist|landlord|landlady|neighbou?r|accountant|lawyer|"
    r"cat|dog|kid|child|grandmother|grandfather|grandma|grandpa|aunt|uncle|cousin|nephew|niece|"
    r"mother-in-law|father-in-law|sister-in-law|brother-in-law|stepson|stepdaughter|baby|puppy|kitten|pet|"
    r"parrot|rabbit|horse|direct report|client|tutor|coach|physio|GP|flatmate|roommate|housemate|assistant|"
    r"supervisor|advisor|adviser|student|phd student|grad student|masters student|intern|mentee|postdoc|apprentice|"
    r"pm|PM|product manager|project manager|professor|contractor|builder|plumber|"
    # the head of a lab or a department ("My PI is Dr. Nawwaf Haddad")
    r"PI|principal investigator|group leader|lab head|HOD|head of department|foreman|"
    r"electrician|vet|nanny|babysitter|cleaner|trainer|personal trainer|book editor|publisher|director|ceo|cto|"
    r"head of \w+|kids|children|sons|daughters|parents|twins|granddaughter|grandson|grandchild|grandkids|"
    r"grandchildren|godson|goddaughter|stepmother|stepfather|stepmum|stepdad|"
    # the family words people keep from home ("my appa", "my abuela", "my oma")
    r"appa|amma|papa|mama|abuela|abuelo|oma|opa|nana|granny|grandad|granddad|hubby|missus|"
    # what people call their children and partners ("my little boy Jaylen", "my lass Jade")
    r"boy|girl|lad|lass|little one|wee one|youngest|eldest|other half"
)
# pets by kind or breed ("Tinde, our husky,", "pancha (our cat)")
PETS = (
    r"cat|dog|kitten|puppy|pup|bunny|rabbit|parrot|budgie|hamster|guinea pig|tortoise|turtle|horse|pony|husky|"
    r"labrador|lab|collie|spaniel|terrier|retriever|poodle|beagle|dachshund|pug|greyhound|lurcher|whippet|heeler|"
    r"sheepdog|shepherd|boxer|corgi|tabby"
)
# who "he" or "she" is when the sentence before named one of the person's family
KIN_HE = (
    r"father|dad|appa|papa|abuelo|opa|grandfather|grandpa|grandad|granddad|husband|hubby|son|brother|"
    r"stepson|stepdad|stepfather|father-in-law|brother-in-law|uncle|nephew|grandson|boyfriend|fianc[ée](?!e)"
)
KIN_SHE = (
    r"mother|mom|mum|amma|mama|abuela|oma|nana|granny|grandmother|grandma|wife|missus|daughter|sister|"
    r"stepdaughter|stepmum|stepmother|mother-in-law|sister-in-law|aunt|niece|granddaughter|girlfriend|fianc[ée]e"
)
# titles before a name ("my supervisor, Dr. Anke de Vries")
TITLE = r"(?:(?:Dr|Dra|Prof|Profa|Mr|Mrs|Ms|Mx|Sir|Dame|Sr|Sra|Herr|Frau|Mme)\.?\s+)?"
# long-running things a person is in the middle of ("I'm doing a PhD", "we're renovating a house")
ONGOING_VERBS = (
    r"doing|studying|renovating|building|rewriting|migrating|moving|planning|organi[sz]ing|writing|developing|"
    r"making|creating|designing|producing|recording|composing|directing|drafting|coding|"
    r"launching|training for|preparing for|learning|running|restoring|converting|raising|caring for|"
    r"recovering from|applying for|working towards|saving for|getting married|expecting|retiring|relocating|"
    r"emigrating|graduating"
)
# labels that open a statement ("Rule of thumb here: …", "House rule: …")
RULE_LABELS = (
    r"rule of thumb(?: here)?|(?:(?:that's|that is|thats|this is|here's|here is|heres)\s+)?(?:(?:house|ground|team|golden|one|a|the|our|my|some)\s+)?"
    r"(?:(?:new|another|one more|hard|strict|firm|important|big|main|simple|general|iron|absolute|golden|number one)\s+)?rules?|"
    r"(?:(?:team|house|our|the|a)\s+)?(?:policy|convention)"
)
PLAIN_LABELS = (
    r"(?:some |quick |for )?(?:context|background|info|note|fyi|btw|also|reminder|important|heads up|ps|intro)"
    r"|by way of (?:introduction|background)|to introduce myself|about me"
    # "One thing before you touch anything at all: …"
    r"|(?:one|first) thing(?: before (?:you|u) (?:touch|start|do|change|run) anything(?: at all)?)?"
    # what is wanted, said before a colon ("What I do want: booleans in the YAML always as true/false")
    r"|what (?:I|we) (?:do |really |actually |would |'d )?(?:want|need|like|prefer|ask)(?: (?:from|of) (?:you|u))?"
    # what orders a list of asks ("next: the site needs to be hebrew and english", "Last: …", "step 2: …")
    r"|next|then|now|last|lastly|finally|another|one more|extra|bonus|(?:step|part|point) \d+"
)
TRAITS = (
    r"vegetarian|vegan|pescatarian|lactose[- ]intolerant|gluten[- ]intolerant|gluten[- ]free|coeliac|celiac|"
    r"diabetic|type \d diabetic|colou?r[- ]?blind|left[- ]handed|deaf|hard of hearing|dyslexic|autistic|"
    r"pregnant|breastfeeding|breast-feeding|teetotal|sober|(?:a )?non-drinker|epileptic|asthmatic|halal|kosher|short-sighted|"
    r"near-sighted|long-sighted|intolerant to \w+(?: \w+)?|"
    # what a person's faith means at the table ("I am Jain, so no onion, no garlic")
    r"jain|muslim|jewish|hindu|sikh|buddhist|mormon|adventist|seventh-day adventist|orthodox jewish|"
    r"(?:a )?(?:strict )?(?:vegetarian|vegan)|blind|partially sighted|wheelchair user|a wheelchair user|"
    r"dyspraxic|adhd|on the spectrum|hypermobile|anaemic|anemic"
)
TOOL_SLOTS = (
    r"editor|text editor|shell|terminal|os|operating system|laptop|machine|computer|browser|ide|phone|"
    r"keyboard(?: layout)?|font|theme|stack|setup|distro|window manager|package manager|"
    r"formatter|linter|language|main language|go-to \w+"
)
SCHEDULE_SLOTS = (
    r"on-call(?: week| shift| rotation| day)?|days? off|working hours|work hours|hours|shifts?|lunch break|"
    r"stand-?up|commute|weekly \w+|time ?zone|pattern|shift pattern|rota|roster|rotation|schedule|routine|"
    r"working week|work week|opening hours|closed day|day off"
)
DOCUMENTS = (
    r"passport|visa|(?:driving |driver's )?licen[cs]e|(?:[\w-]+ )?insurance|lease|contract|tax return|"
    r"id card|residence permit|(?:[\w-]+ )?permit|mortgage|(?:[\w-]+ )?policy|warranty|subscription|membership|"
    r"(?:[\w-]+ )?card|(?:[\w-]+ )?registration|(?:[\w-]+ )?certificate|accreditation|tenancy|(?:[\w-]+ )?loan"
)
BODY = (
    r"knee|back|shoulder|hip|ankle|wrist|neck|eyes?|eyesight|hearing|elbow|foot|feet|hand|blood pressure|"
    r"heart|hay ?fever|asthma|migraines?|stomach"
)
HEALTH_SLOTS = (
    r"(?:[\w-]+ ){0,2}medications?|(?:[\w-]+ ){0,2}medicine|(?:[\w-]+ )?meds|prescription|blood type|(?:[\w-]+ )?allerg(?:y|ies)|"
    r"diet|gp|doctor|dentist|condition|inhaler|dose"
)
IDENTITY_SLOTS = r"pronouns|name|full name|nickname|nationality|first language|native language|age|birthday"
# lasting conditions said as "I have X" (without "for N years")
CONDITIONS = (
    r"(?:type \d )?diabetes|asthma|adhd|add|epilepsy|migraines?|arthritis|dyslexia|coeliac disease|celiac disease|"
    r"hypertension|high blood pressure|low blood pressure|anxiety|depression|tinnitus|a bad back|a pacemaker|"
    r"eczema|psoriasis|ibs|crohn's|long covid|sleep apnea|sleep apnoea|a heart condition|hay ?fever|anemia|anaemia|"
    r"high cholesterol|gout|lupus|multiple sclerosis|parkinson's|glaucoma|osteoporosis|hypothyroidism|"
    r"hyperthyroidism|pcos|endometriosis|sciatica|carpal tunnel|fibromyalgia|gerd|acid reflux|deuteranopia|"
    r"hypermobility|hypermobile joints|ehlers-danlos|raynaud's|vertigo|"
    r"protanopia|(?:red-green\s+)?colou?r[- ]?blindness|insomnia|ptsd|ocd|bipolar disorder|narcolepsy|celiac|coeliac|"
    r"macular degeneration|cataracts?|osteoarthritis|rheumatoid arthritis|copd|kidney disease|heart failure|"
    r"a stammer|a stutter|a hearing aid|hearing aids|a prosthetic \w+|a replaced \w+|a new (?:hip|knee)|"
    r"(?:a\s+)?(?:dodgy|bad|weak|wonky|dicky)\s+(?:(?:left|right)\s+)?(?:knee|back|hip|ankle|achilles|shoulder|wrist|neck|heart)s?|"
    r"(?:an?\s+)?(?:disc\s+|inguinal\s+|hiatal\s+|hiatus\s+|umbilical\s+)?hernia|a slipped disc|kidney stones|a heart murmur|"
    r"atrial fibrillation|afib|a-fib|angina|vertigo|scoliosis|tendonitis|tendinitis|plantar fasciitis|shin splints|"
    r"astigmatism|myopia|presbyopia|keratoconus|short-?sightedness|long-?sightedness|"
    # "I have a terrible fear of flying", "a phobia of needles"
    r"(?:an?\s+)?(?:terrible\s+|real\s+|big\s+|huge\s+|bad\s+)?(?:fear|phobia)\s+of\s+[\w-]+|[a-z]+phobia"
)
# what people call themselves by country ("I am Moroccan", "I'm Filipino by birth")
DEMONYMS = (
    r"Afghan|Albanian|Algerian|American|Angolan|Argentine|Argentinian|Armenian|Australian|Austrian|Azerbaijani|"
    r"Bangladeshi|Belarusian|Belgian|Bolivian|Bosnian|Brazilian|British|Bulgarian|Burmese|Cambodian|Cameroonian|"
    r"Canadian|Chilean|Chinese|Colombian|Congolese|Costa Rican|Croatian|Cuban|Cypriot|Czech|Danish|Dominican|Dutch|"
    r"Ecuadorian|Egyptian|Emirati|English|Eritrean|Estonian|Ethiopian|Filipino|Filipina|Finnish|French|Georgian|"
    r"German|Ghanaian|Greek|Guatemalan|Haitian|Honduran|Hungarian|Icelandic|Indian|Indonesian|Iranian|Iraqi|Irish|"
    r"Israeli|Italian|Ivorian|Jamaican|Japanese|Jordanian|Kazakh|Kenyan|Korean|Kosovar|Kurdish|Kuwaiti|Kyrgyz|"
    r"Lao|Latvian|Lebanese|Libyan|Lithuanian|Luxembourgish|Macedonian|Malagasy|Malawian|Malaysian|Maltese|Mexican|"
    r"Moldovan|Mongolian|Montenegrin|Moroccan|Mozambican|Namibian|Nepali|Nepalese|New Zealander|Nicaraguan|Nigerian|"
    r"Norwegian|Omani|Pakistani|Palestinian|Panamanian|Paraguayan|Peruvian|Polish|Portuguese|Puerto Rican|Qatari|"
    r"Romanian|Russian|Rwandan|Salvadoran|Saudi|Scottish|Senegalese|Serbian|Singaporean|Slovak|Slovenian|Somali|"
    r"South African|Spanish|Sri Lankan|Sudanese|Swedish|Swiss|Syrian|Taiwanese|Tajik|Tanzanian|Thai|Tunisian|"
    r"Turkish|Turkmen|Ugandan|Ukrainian|Uruguayan|Uzbek|Venezuelan|Vietnamese|Welsh|Yemeni|Zambian|Zimbabwean|"
    r"Kiwi|Aussie|Brit|Quebecois|Québécois|Catalan|Basque|Galician|Flemish|Sicilian|Sardinian|Tamil|Punjabi|"
    r"Gujarati|Bengali|Yoruba|Igbo|Hausa|Zulu|Xhosa|Maori|Māori|Samoan|Tongan|Fijian|Hawaiian"
)
# what people speak: the demonyms that name a language, and languages no country names
LANGUAGES = (
    rf"{DEMONYMS}|Mandarin|Cantonese|Hindi|Urdu|Arabic|Farsi|Persian|Hebrew|Afrikaans|Amharic|Tigrinya|Swahili|"
    r"Kiswahili|isiZulu|isiXhosa|Sesotho|Setswana|Twi|Ewe|Malay|Bahasa|Tagalog|Telugu|Kannada|Malayalam|Marathi|"
    r"Sinhala|Pashto|Dari|Esperanto|Latin|Creole|Patois|Papiamento|Quechua|Guarani|Guaraní|Nahuatl|Wolof|Lingala|Shona"
)
# verbs after "I" that say what the person thinks, wants or is doing this minute, not what is true of them
_NOT_STATEMENT = """want need think guess mean see know hope wonder feel agree understand suppose believe assume
    got wanna gotta just am was have had do did would will can could should might must may shall love
    like hate prefer enjoy adore remember forgot forget try tried promise bet doubt wish appreciate
    apologize apologise reckon figure imagine found expect plan intend meant heard saw say said tell
    told ask asked recall mind care owe bought made went came left started stopped finished kinda
    sorta really also still honestly totally definitely actually probably maybe never always usually
    often sometimes already even only dunno miss missed keep kept let read watched thank thanks hear
    noticed realise realize learnt dreamt spent lost won"""
NOT_STATEMENT_VERBS = frozenset(_NOT_STATEMENT.split())
# today or tomorrow, said of one event ("I have exam tomorrow", "I'm out on the boat tomorrow")
TODAY_OR_TOMORROW = r"today|tonight|tomorrow|tmrw|this (?:morning|afternoon|evening)"
MOMENTARY = (
    r"\b(?:today|tonight|tomorrow|yesterday|right now|at the moment|this (?:morning|afternoon|evening|week|"
    r"weekend|time)|later|soon|just now|then|in a (?:bit|minute|sec|second)|for now|for a (?:bit|while|minute))\b"
)
# "decided" in the person's own language, said as a label ("Decidi: I'm going with pickup only")
_DECIDED_ABROAD = (
    "decidi decidí decidido decidida decidimos décidé décidée deciso decisa entschieden besloten beslutat "
    "besluttet päätetty postanowione rozhodnuto odlučeno"
)
DECIDED_ABROAD = frozenset(_DECIDED_ABROAD.split())
# what will not be done with an offer, by the person or by their people ("No, I will not run Mosquitto or any of
# that", "No, my customers will not eat cauliflower rice, they will laugh at me"); "I don't use Windows" says how
# things are, and may correct
WONT_HAVE = (
    r"(?:I|we)\s+(?:won't|will not|wont)\s+(?:run|use|set up|host|maintain|learn|try)"
    r"|(?:my|our)\s+(?:\w+\s+)?(?:customers|clients|kids|children|family|guests|students|users|team|staff|players)\s+"
    r"(?:won't|will not|wont|wouldn't|would not)\s+(?:eat|like|use|buy|drink|touch|want|accept|wear|play)"
)
# what a person thinks of an offer, after "not" ("not needed", "not really necessary", "not worth it"): a
# reason to let it go, never the other half of a correction or a rule
NO_NEED = (
    r"(?:really\s+|very\s+|that\s+|so\s+|strictly\s+|actually\s+)?(?:needed|necessary|required|important|urgent|"
    r"essential|useful|helpful|relevant|wanted|worth\s+(?:it|the\s+\w+)|a\s+priority|a\s+must|my\s+priority|"
    r"interested|bothered|a\s+big\s+deal)"
)
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"  # one day's name, without its plural
# away for a while: "my laptop is at repair till friday", "in the shop until Monday"
AWAY_FOR_NOW = (
    rf"\b(?:till|til|until|untill)\s+(?:next\s+)?(?:{WEEKDAY}|tomorrow|tonight|the weekend)\b"
    r"|\b(?:at|in(?: for)?)\s+(?:the\s+)?repairs?\b|\bbeing\s+(?:repaired|fixed)\b"
)
# what holds only for now, whatever else the sentence says ("load shedding is killing me today")
TRANSIENT = (
    # ("not bare RN": React Native; "I'm an RN": a nurse) only "rn" in small letters is "right now"
    r"\b(?:today|tonight|right now|(?-i:rn|Rn)|at the moment|this (?:morning|afternoon|evening)|just now|atm)\b"
    rf"|{AWAY_FOR_NOW}"
    # running late: "its 2 hours late", "3 trains cancelled"
    r"|\b\d+\s*(?:min|mins|minutes|hours?|hrs?|h)\s+(?:late|delayed)\b|\b(?:trains?|flights?|bus|buses)\s+(?:\w+\s+)?(?:cancell?ed|delayed)\b"
    r"|\b(?:is|are|'s)\s+(?:killing|driving|doing|wrecking)\s+(?:me|my)\b"
    # today said in the person's own language ("Hoy hay zonda, 35 grados"); the body after yesterday's effort ("Legs are
    # destroyed after yesterday's race"); just back from something ("just came down from setting"); bored now
    r"|\b(?:hoy|heute|aujourd'hui|oggi|hoje|vandaag|idag|tänään|dzisiaj|bugün)\b"
    # ("My hands are stiff from the arthritis" lasts: only after an effort or with its day)
    r"|\b(?:legs|back|arms|feet|body|calves|quads|shoulders|neck)\s+(?:are|is|feel|feels|'re)\s+(?:\w+\s+)?"
    r"(?:destroyed|dead|sore|wrecked|toast|shot|jelly|aching|stiff|killing\s+me)\b"
    r"(?=[^,.;]*\b(?:after|today|yesterday|yesterdays|this\s+morning|tonight)\b)"
    # a joint swollen or sore from yesterday's game ("my knee is kinda swollen after yesterdays game"); a knee
    # swollen since an operation lasts, so only with the day or the effort
    r"|\b(?:knees?|ankles?|wrists?|hips?|elbows?|foot|hands?|fingers?|toes?|shins?|hamstrings?|calf|groin)\s+"
    r"(?:is|are|'s|feels?)\s+(?:\w+\s+)?(?:swollen|bruised|sore|stiff|throbbing|tender|killing\s+me|wrecked|busted)\b"
    r"(?=[^,.;]*\b(?:today|yesterday'?s?|last\s+night'?s?|this\s+morning|after\s+(?:the\s+|my\s+|our\s+|that\s+)?"
    r"(?:game|match|race|run|ride|training|practice|session|gym|hike|shift|workout|tournament|climb))\b)"
    # the same tight from a day of this week ("my calf is tight from saturday anyway")
    r"|\b(?:calf|calves|hamstrings?|quads?|legs|back|knees?|shoulders?|neck|hips?)\s+(?:is|are|'s|feels?)\s+(?:\w+\s+)?"
    r"(?:tight|sore|stiff|aching|wrecked|dead|heavy)\s+(?:from|since|after)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"the\s+weekend|yesterday|last\s+night)\b"
    # a hand still tingling, not slept yet ("my hand is still tingling so Im not thinking straight", "its 4am i havent
    # slept"); "typing with one hand" and "sorry for typos" are not here: who sleeps on the person's arm, or the bus
    # home to where, ride on them
    r"|\b(?:hands?|arms?|fingers?|thumbs?|legs?|feet|foot|face|lips?|eyes?)\s+(?:is|are|'s|feels?)\s+still\s+"
    r"(?:tingling|numb|shaking|swollen|burning|throbbing|sore|stiff|stinging|itching|watering)\b"
    r"|\b(?:i\s+)?(?:haven'?t|have\s+not|havent)\s+slept\b"
    # the heat or the cold of today, said as a temperature indoors or out, in any language ("täällä on helle, 31
    # astetta sisällä", "it's 34 degrees in my office", "hay 38 grados"); how warm a greenhouse is kept is no weather
    r"|\b(?:heatwave|heat\s+wave|helle|hitzewelle|canicule|ola\s+de\s+calor|onda\s+de\s+calor|hittebølge|värmebölja|"
    r"hetebølge|upał|kuuma)\b"
    # ("on 30° incline" is an angle: a bare ° counts only with C or F, and English "on" is no copula)
    r"|\b(?:it's|it\s+is|its|hay|es|ist|c'est|fa|är|jest|és)\s+(?:[\w-]+[,\s]+){0,3}?-?\d{1,2}\s*(?:°\s*[cf]\b|degrees|"
    r"grados|grad|degrés|gradi|graus|astetta|stopni|derece|grader|fok)(?![^,.;]*\b(?:average|usually|normally|every|"
    r"always|a\s+year|in\s+(?:summer|winter|july|august|january))\b)"
    # ("just got off night shift at corniche medical" carries where the person works)
    r"|\bjust\s+came\s+(?:back|home|down|in)\b|\bjust\s+(?:woke\s+up|landed)\b"
    r"|\b(?:and|so|i'm|im|i am)\s+bored\b"
    # a voice lost for now ("My voice is gone", "lost my voice")
    r"|\b(?:voice\s+is\s+(?:gone|shot|dead)|lost\s+my\s+voice|no\s+voice\s+(?:today|left))\b"
    # an event called off by the weather or a strike ("Our match on Saturday got cancelled because of snow")
    r"|\b(?:cancell?ed|postponed|called\s+off|rained\s+off)\s+(?:\w+\s+)?(?:because\s+of|due\s+to)\s+(?:the\s+)?(?:snow|rain|"
    r"weather|storm|wind|heat|heatwave|strike|flood|fog|ice|flooding)\b"
    # up since dawn with a teething baby; stuck somewhere on the way; a disaster nearby again
    r"|\b(?:has|have|'s|'ve)\s+been\s+up\s+since\b|\bteething\b|\bstuck\s+(?:at|in|on|behind)\s+(?:the\s+)?(?:\w+\s+){0,2}?"
    r"(?:traffic|station|border|airport|queue|jam|checkpoint|tunnel|crossing|depot|port|lights)\b"
    r"|\bthere(?:'s|\s+(?:are|is|were|was))\s+(?:\w+\s+){0,2}?(?:fires?|floods?|storms?|protests?|strikes?|riots?|roadworks|"
    r"power\s+cuts?|outages?)\s+(?:near|in|around|at|on)\b"
    # someone come this minute: "the courier is at the door, brb" ("brb walking mochi" and "Pixel is whining at the door"
    # carry who the dog is)
    r"|\b(?:is|are|'s|'re)\s+(?:here\s+|now\s+|already\s+|just\s+)?at\s+the\s+(?:door|gate)\b"
    # a night's sleep: "I barely slept", "didn't sleep a wink", "only slept 3 hours", "up all night"
    r"|\b(?:barely|hardly|only|just)\s+slept\b|\b(?:didn't|did not|couldn't|could not|haven't|have not)\s+"
    r"(?:really\s+)?sleep\b|\bslept\s+(?:badly|terribly|like\s+(?:crap|rubbish|garbage)|\d+\s*h)|\bup\s+all\s+night\b"
)
INFRA = (
    r"postgres(?:ql)?|mysql|sqlite|redis|db|database|cluster|server|box|host|api|bucket|queue|datasets?|"
    r"vpn|cache|mongo(?:db)?|kafka|elasticsearch|opensearch|service|registry|instance|machine|gpu|node|"
    r"endpoint|proxy|broker|grafana|prometheus|storage|volume|backups?|logs?|wiki|dashboard|runner|"
    r"s3|nas|printer|router|domain|dns|smtp|mail server|rabbitmq|scheduler|workers?|cron|jobs?|pipelines?|"
    r"ci|builds?|deploys?|runners?|website|site|blog|app|frontend|backend|repo|repository|monorepo|"
    r"k8s|kubernetes|containers?|vms?|airflow|jenkins|tokens|secrets|config|configs|docs"
)
# tool kinds: a correction that names only the tool ("it's fish, not bash") is about this
TOOL_KINDS: dict[str, tuple[str, ...]] = {
    "Shell": ("bash", "zsh", "fish", "sh", "powershell", "nushell", "ksh", "tcsh"),
    "Editor": ("vim", "neovim", "nvim", "emacs", "vscode", "vs code", "helix", "nano", "sublime", "zed"),
    "Package manager": (
        "npm", "pnpm", "yarn", "bun", "pip", "uv", "poetry", "conda", "pipenv", "cargo", "cocoapods",
        "swift package manager", "spm", "homebrew", "brew", "apt", "gradle", "maven",
    ),
    "Formatter": ("black", "ruff format", "ruff", "prettier", "gofmt", "rustfmt", "autopep8", "yapf", "biome"),
    "Test runner": ("jest", "vitest", "pytest", "mocha", "unittest", "nose", "rspec"),
    "Database": ("postgres", "postgresql", "mysql", "sqlite", "mongodb", "mariadb"),
    "Operating system": ("macos", "linux", "windows", "ubuntu", "debian", "arch", "fedora", "nixos"),
}  # fmt: skip
NAME = r"(?-i:[A-ZÀ-Ý][\w'-]+(?:\s+(?:[A-ZÀ-Ý][\w'-]+|de|da|van|von|del|di|le|la)){0,3})"
# a name typed in lower case ("my manager is priya raman"): one to three words, none of them a
# word that describes rather than names ("my boss is really nice", "my sister is away")
# words that describe or place rather than name, where a name typed in lower case could stand
DESCRIBING_WORDS = (
    r"a|an|the|very|so|really|quite|pretty|too|not|always|never|still|also|just|away|out|off|on|in|at|"
    r"back|home|here|there|great|nice|good|bad|cool|fine|busy|sick|ill|new|old|amazing|awesome|lovely|kind|"
    r"strict|annoying|difficult|terrible|happy|sad|angry|tired|late|early|leaving|retiring|coming|going|"
    r"called|named|from|obsessed|into|mad|crazy|big|huge|keen|fond|sure|convinced"
)
LOWER_NAME = (
    rf"(?!(?:{DESCRIBING_WORDS})\b)"
    # a name is no -ed/-ing/-ly word ("my boss is obsessed with Looker", "… is really into golf")
    r"(?![a-z'-]+(?:ed|ing|ly)\b)"
    r"[a-zà-ÿ][a-zà-ÿ'-]+(?:\s+[a-zà-ÿ][a-zà-ÿ'-]+){0,2}"  # ("laurent béland")
)
# a device named by its brand alone ("on my old Xiaomi", "my Kindle")
DEVICE_BRANDS = (
    r"Xiaomi|Redmi|Samsung|Huawei|Pixel|iPhone|iPad|Kindle|Kobo|ThinkPad|MacBook|iMac|Chromebook|Nokia|Motorola|"
    r"Oppo|OnePlus|Realme|Tecno|Infinix|Garmin|Fitbit|Surface|Lenovo|Dell|Asus|Acer|Fairphone|Steam Deck|Switch|"
    # instruments, cameras, watches, sewing machines, bikes ("on my Yamaha at home", "my Juki")
    r"Yamaha|Roland|Casio|Korg|Fender|Gibson|Squier|Ibanez|Canon|Nikon|Fujifilm|Olympus|Coros|Suunto|Oura|Whoop|"
    r"Wahoo|Juki|Bernina|Brompton|Peloton|Thermomix|Raspberry Pi"
)
DAYS = rf"{WEEKDAY}s?"
# one date ahead, an appointment rather than how things are ("my flight to Oslo is on Thursday", "the
# demo is next Tuesday"); "our closed day is Monday", "practice is Wednesday evenings", "from next week" stay
APPOINTMENT = (
    rf"\b(?:is|are|'s)\s+(?:on\s+{WEEKDAY}(?!s)|next\s+(?:week|{WEEKDAY}))\b"
    # an appointment at an hour of the day ("I have a hearing at 11", "got a dentist appointment at 3pm")
    # ("I have my dombra lesson at 7" tells a lesson the person takes)
    r"|\b(?:have|has|got)\s+(?:a|an)\s+(?:\w+\s+)?(?:hearing|appointment|meeting|interview|call)\s+at\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)?\b(?!\s+(?:every|each|on\s+\w+days))"
)
# a time of day ("6:30", "14:00", "4pm", "10 am")
TIME = r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)?"
# a word shaped like a medicine's name ("warfarin", "sertraline", "lisinopril", "atorvastatin")
DRUG = (
    r"(?!(?:alpine|online|offline|line|machine|engine|routine|pipeline|deadline|magazine|vaccine|cuisine|"
    r"discipline|baseline|timeline|genuine|medicine|examine|determine|combine|define|decline|\w*phone|"
    r"someone|everyone|anyone|none|done|gone|one|alone|zone|tone|drone|standalone|console|control|patrol|"
    r"school|protocol|pool|tool|cool|wool|stool|begin|within|again|plugin|login|admin|domain|main|"
    r"train|rain|plain|chain|brain|certain|mountain|captain|cabin|basin|margin|origin|penguin|violin|"
    r"cousin|raisin|muffin|robin|pumpkin|skin|thin|twin|coin|join|spin|win|bin|pin|tin|kin|in)\b)"
    r"[a-z]{3,}(?:in|ine|ol|pril|sartan|statin|mab|azole|pam|lam|done|cillin|mycin|xetine|pine|zide|mide|"
    r"one|olol|afil|tide|fen|profen|xaban|gliptin|parin|thyroxine)\b"
)
# a dose or a medicine's form: "5mg", "2 puffs", "one tablet"
DOSE = r"\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ug|ml|g|iu|units?|puffs?|tablets?|pills?|capsules?|drops?)\b"
VAGUE_OBJECT = r"(?:it|this|that|them|these|those|a lot|the same|one|some|any|both)\b"


def tool_kind(word: str) -> str | None:
    low = " ".join(word.lower().split()).strip(TRIM)
    return next((kind for kind, names in TOOL_KINDS.items() if low in names), None)


PLACE_VERBS = {
    "live": "lives",
    "reside": "lives",
    "m based": "is based",
    "am based": "is based",
    "m living": "is living",
    "am living": "is living",
    "moved": "moved",
    "m from": "is from",
    "am from": "is from",
    "m originally from": "is originally from",
    "am originally from": "is originally from",
    "was born": "was born",
    "came from": "came from",
    "came here from": "came from",
    "emigrated from": "emigrated from",
    "grew up": "grew up",
    "ve lived": "has lived",
    "have lived": "has lived",
}
TOOL_VERBS = {"use": "uses", "code in": "codes in", "program in": "programs in", "develop on": "develops on"}
TOOL_VERBS.update({"'m on": "is on", "am on": "is on", "on": "is on"})

# the days and months a label or a note names
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


# the verbs of a habit, with -s and without ("writes", "write"): somebody's way of doing a thing
_WAY_VERBS_S = (
    r"does|writes|codes|programs|scripts|runs|puts|keeps|sprays|spends|buys|sells|makes|builds|posts|plays|"
    r"drinks|eats|cooks|bakes|brews|grows|edits|types|drafts|reads|listens to|watches|trains|drives|rides|"
    r"shoots|records|prints|stores|saves|invests|orders|paints|draws|knits|sews|tracks|logs|plots|deploys|"
    r"pushes|tests|charges|rents|files|books|organi[sz]es|teaches|studies|learns|practi[sc]es|goes|swims|"
    r"cycles|walks|smokes|vapes|wears|shops|flies|travels|streams|feeds|fertili[sz]es|ships|prices|sends|delivers|"
    r"accepts|answers|replies|emails|texts|invoices|bills|gives|offers|hands out"
)


def _base(verb: str) -> str:
    """The verb without its -s ("does" -> "do", "swears by" -> "swear by"), as people who write English as a
    second language often say it ("my brother lamin he sell every year to the indian buyers")."""
    word, _, rest = verb.partition(" ")
    if word in ("does", "goes"):
        word = word[:-2]
    elif word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(("shes", "ches", "sses", "xes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("]es"):
        word = word[:-1]
    return f"{word} {rest}".strip()


WAY_VERBS = "|".join(v for verb in _WAY_VERBS_S.split("|") for v in dict.fromkeys((verb, _base(verb))))
# the same verbs said of oneself ("I only travel with a carry-on", "we only buy organic")
WAY_VERBS_BASE = "|".join(dict.fromkeys(_base(verb) for verb in _WAY_VERBS_S.split("|")))


# when something about the person's health came to be ("last month", "two years ago", "in 2019", "back in March")
WHEN_FOUND = (
    r"(?:(?:last|this|early|late)\s+(?:month|year|week|spring|summer|autumn|fall|winter|january|february|march|april|may|"
    r"june|july|august|september|october|november|december)|(?:back\s+)?in\s+(?:\d{4}|(?-i:[A-Z])[a-z]+)|"
    r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few|a\s+couple\s+of|some)\s+(?:years?|months?|weeks?)\s+ago|"
    r"recently|lately)"
)


# a shop or a person placed by what is near ("The boulangerie at the corner sells the croissant at 1,10 €", "the kebab
# place across the road opens at 6", "Mr Nicolson next door always takes his class to the Kelvingrove"), a titled name,
# or a child of the house by age ("The oldest boy watches Netflix all day"): what they do is theirs, not the person's
THEIRS_NEARBY = (
    r"(?:the|a|that|this)\s+(?:[\w'-]+\s+){0,2}?(?:at|on|across|down|up|round|around|by|near|opposite|next\s+to)\s+(?:the\s+)?"
    r"(?:corner|street|road|way|block|square|station|market|lane|avenue)\b"
    r"|(?:the|a)\s+(?:[\w'-]+\s+){0,2}?next\s+door\b"
    r"|(?-i:Mr|Mrs|Ms|Miss|Dr|Mx|Sir|Frau|Herr|Mme|Madame|Monsieur|Señor|Señora|Signor|Signora)\.?\s+(?-i:[A-Z])[\w'-]+"
    r"|the\s+(?:oldest|eldest|youngest|middle|little|older|younger|big|small)\s+(?:boy|girl|one|kid|child|son|daughter|"
    r"grandson|granddaughter|brother|sister|twin)s?\b"
)


# where someone close is taken every week, besides school ("after I drop my daughter at Bharatanatyam class", "after I take
# my father to dialysis", "pick the daughters from madrassa"): their lessons, sport, faith and care
TAKEN_TO = (
    r"class|classes|lessons?|rehearsal|judo|karate|taekwondo|ballet|swimming|football|soccer|rugby|hockey|volleyball|"
    r"basketball|netball|water\s+polo|gymnastics|dance|choir|orchestra|band\s+practice|scouts|guides|cubs|brownies|"
    r"madrassa|madrasa|madrasah|islamiyya|sunday\s+school|hebrew\s+school|cheder|catechism|dialysis|chemo|chemotherapy|"
    r"physio|physiotherapy|therapy|day\s+centre|day\s+center|tuition|tutoring|music\s+school|kumon|cricket|tennis|"
    r"athletics|chess\s+club"
)
