"""A learned judge for the clauses no phrasing family reads: a lasting fact about the person, or not?

The phrasing families (`jarvis.observe.families`, `selfdesc`, …) are exact about whose words
and which category, but each new person says things in shapes no family foresaw ("I am
beekeeper since 20 years", "we only have excel 2016 on the hospital pcs", "sand to 240 then two
coats of Feast Watson like always"). A clause that no family matched and that is a statement at
all (not a question, hypothetical, credential, a passing state, or another person's taste) is
scored here by a logistic regression over two views of it:

- its words: tf-idf of lower-cased words and word pairs ("like always", "i am", "we only");
- its meaning: the all-MiniLM-L6-v2 sentence vector jarvis already uses for recall (local, no
  download; the ONNX copy when present).

The weights are trained offline by `bench/train_judge.py` (`make train-judge`) on the labelled
sessions in tests/data/learning/ and shipped as `judge.json` beside this file: vocabulary,
idf, coefficients, the decision threshold and how it was measured (adr/0091). No sklearn at run
time: the tf-idf transform is sklearn's (smooth idf, raw counts, l2 norm), reproduced in a few
lines of numpy and checked against sklearn in tests/test_observe_judge.py.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jarvis.observe.lexicon import (
    APPOINTMENT,
    AWAY_FOR_NOW,
    BY_ROLE,
    IC,
    PAST_WAYS,
    PETS,
    RELATIONS,
    ROLES,
    SHIP_CREW,
    THEIRS_NEARBY,
    TIME,
    TODAY_OR_TOMORROW,
    TRANSIENT,
    WAY_VERBS,
    WEEKDAY,
    WHEN_FOUND,
    WONT_HAVE,
)
from jarvis.observe.perspective import IRREGULAR_PAST
from jarvis.observe.phrasing import refused

if TYPE_CHECKING:
    import numpy as np

    from jarvis.config import EmbeddingConfig

WEIGHTS = Path(__file__).with_name("judge.json")
# sklearn's token_pattern for this model: words (with apostrophes) and the marks ? and !
TOKEN_RE = re.compile(r"(?u)\b\w[\w']*\b|[?!]")

# Another person's taste, wish or opinion ("my sister Lena hates coriander", "Sanjay prefers
# Turborepo", "Siobhán on graphics keeps saying D3 would look nicer", "my labmate Oskar … keeps
# telling me to switch", "neighbour swears by texel rams", "her cousin did intermittent fasting"):
# a verb of liking, wanting or saying whose subject has no "I" or "we" in it. Their lasting facts
# ("my apprentice Jake does the sanding") are not refused. A few other languages' verbs too, since
# people mix them in ("mi compañero quiere pasar todo a kubernetes").
_OPINION_RE = re.compile(
    r"\b(?:loves?|loved|adores?|adored|hates?|hated|likes|liked|prefers?|preferred|wants?|wanted|wishes|thinks?|believes?|says?|said|"
    # ("my sister adores the Postojna caves and tells everyone to go")
    r"raves?\s+about|tells?\s+everyone|"
    # ("my mother always insisted that children must play from memory"); not what someone made the person do ("the
    # compounds my supervisor Anders insisted I add")
    r"insist(?:s|ed)?\s+(?:that|on)\b|"
    r"(?:was|were|is|are|keeps?)\s+sayin[g']?|keeps?\s+(?:tellin|askin|pushin|naggin|goin on)\b'?|(?:was|were|is|are|keeps?)\s+telling\s+(?:me|us|the user)\b|"
    r"told\s+(?:me|us)\s+(?:to|I|we|that|[\w.+-]+\s+(?:is|are|was|were|would|will))\b|would\s+(?:tell|say|suggest|recommend|insist|want)|"
    r"(?:would|'d)\s+(?:honestly\s+|really\s+|much\s+|rather\s+)?(?:rather|prefer)|keeps?\s+(?:on\s+)?(?!(?:every|any|no|some)thing\b)"
    # ("the jobs on elbe keep getting preempted": what happens to things, no say)
    r"(?!(?:getting|being|failing|crashing|breaking|timing|dying|hanging|dropping|losing|running|happening|"
    r"freezing|disconnecting|restarting|rebooting|stalling)\b)\w+ing|"
    # ("the finance guys are obsessed with Looker", "my principal like PowerPoint very much")
    r"like\s+(?:[\w.+-]+\s+){1,3}(?:very\s+much|so\s+much|a\s+lot|more|better|best)\b|"
    # ("my manager Mr. Khiem like everything in Google Sheets": the verb without its -s)
    # ("on wandb like everything else", "like every Monday": a comparison, no taste)
    r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )(?<!,\s)like\s+(?:everything(?!\s+else)|every\s+(?!(?:other|odd|even|"
    r"single|day|week|month|year|time|morning|evening|night|weekend|season|summer|winter|spring|autumn|"
    rf"{WEEKDAY})\b)\w+|all\s+(?:the|our|his|her|their|of)\b)|"
    # ("my cousin Farida is always banging on about how Linux is better", "Juno goes on about sourdough")
    r"(?:is\s+|are\s+|keeps?\s+)?(?:always\s+|forever\s+|constantly\s+)?(?:banging|going|harping|rabbiting)\s+on\s+"
    r"(?:again\s+|and\s+on\s+|still\s+)?about|"
    r"goes\s+on\s+about|bangs\s+on\s+about|harps\s+on\s+about|"
    r"lobbying|campaigning|pushing for|insists?|swears?|swore|reckons?|"
    # ("my husband is very excited about the port wine cellars", "my daughter is a massive Taylor Swift fan",
    # "my partner is really into bouldering")
    r"(?:is|are|'s|'re)\s+(?:(?:very|really|so|super|totally|quite|extremely|absolutely|pretty|such|also|all|"
    r"completely|seriously|kinda|kind of|a bit|a little)\s+)*(?:obsessed|excited|hyped|thrilled|stoked|"
    r"an?\s+(?:[\w/+.'-]+\s+){0,4}?(?:fan|lover|nerd|buff|junkie|addict|enthusiast|fanatic)|"
    r"into|convinced|keen|mad\s+about|crazy\s+about|nuts\s+about|dying\s+to|desperate\s+to|addicted\s+to|hooked\s+on)|"
    # ("my partner can't live without espresso")
    r"(?:can't|cannot|can not|couldn't)\s+(?:live|survive|function|do)\s+without|can't\s+get\s+enough\s+of|"
    r"did|tried|suggested|"
    # ("my supervisor, Prof. Verhoeven, is very fond of the passive voice"; "my colleague Dilfuza learned
    # only with Duolingo and she passed B2": their taste, and what they once did)
    r"(?:is|are|'s|'re|was|were)\s+(?:very\s+|really\s+|so\s+|quite\s+|extremely\s+|awfully\s+)?(?:fond\s+of|big\s+on|partial\s+to)|"
    r"learned|learnt|studied|recommended|"
    # what kind of person they are, as a taste ("my supervisor is very much a base R plots and frequentist person")
    r"(?:is|'s)\s+(?:very much\s+|really\s+|totally\s+|such\s+|more of\s+|definitely\s+)?an?\s+"
    r"(?:(?:huge|big|massive|real|total|proper|hardcore|die-hard|diehard)\s+)?(?:[\w/+.'-]+\s+){1,6}(?:person|guy|gal|girl|type)|"
    r"quiere|prefiere|piensa|dice|veut|pr[ée]f[èe]re|pense|dit|m[öo]chte|findet|sagt|quer|acha|diz|"
    # ("Meu colega Thiago vive dizendo que Dagster resolveria tudo")
    r"dizendo|diciendo|disant|sagend)\b",
    IC,
)
# what everyone around the person does ("everyone in my cohort is applying for NHS jobs")
_EVERYONE_RE = re.compile(
    r"^(?:everyone|everybody|nobody|no one|people|most people|reviewers|(?:some|most|many)\s+reviewers|other people|"
    # ("The other mothers give Nutella sandwiches")
    r"the\s+other\s+(?:\w+\s+)?(?:mothers|mums|moms|fathers|dads|parents|kids|children|families|students|nurses|teachers|"
    r"drivers|vendors|sellers|stalls|farmers|guys|girls|players|members|traders|shops|bakeries|devs|developers|teams)|"
    r"others|folks|some(?:one|body)\s+(?:on|in|at|from)\s+[\w.-]+|(?:all|most|half) (?:of )?my (?:friends|mates|"
    r"colleagues|coworkers|co-workers|classmates|cohort|team|family|relatives|neighbou?rs|students|patients|"
    r"clients|customers|peers|kids|siblings|cousins|class|year|course|batch|unit|ward|department|squad)|"
    # ("my kabayan here all use Western Union", "the guys at work all swear by Garmin")
    r"(?:my|our|the)\s+[\w-]+(?:\s+(?:here|there|at\s+work|at\s+the\s+\w+|in\s+the\s+\w+))?\s+all\s+"
    r"(?!(?:of\s+)?(?:me|us|mine)\b)(?:use|do|go|buy|send|have|say|think|prefer|swear|love|like|want|drive|eat|play|"
    r"run|shop|bank|watch|listen|pay)|"
    # a share of the people around the person ("Half the lads in my discussion group went OAD", "a lot of the guys
    # at my gym do keto", "some of my colleagues switched to Linux"); a share of the person's own clients or herd
    # is how their business is ("half my clients are oumas with old nokias")
    r"(?:all|most|half|some|many|a\s+lot|lots|loads|plenty|several|a\s+few|a\s+couple|none|a\s+third|a\s+quarter|"
    r"two|three|four|five|\d+)\s+(?:of\s+)?(?:the|my|our)\s+(?:other\s+)?(?:[\w-]+\s+)?"
    r"(?:lads|guys|girls|blokes|fellas|chaps|people|folks|men|women|ladies|farmers|growers|producers|members|parents|"
    r"mums|moms|mothers|dads|fathers|friends|mates|colleagues|co-?workers|neighbou?rs|classmates|teachers|nurses|"
    r"doctors|drivers|players|devs|developers|engineers|others|vendors|sellers|traders|owners|peers|coaches|runners|"
    r"riders|climbers|beekeepers|fishermen|brewers|bakers|growers|breeders|artists|writers|musicians)"
    r"(?=\s+(?:in|at|from|on|of)\s+(?:my|our|the)\b|\s+(?:\w+ly\s+)?(?:went|switched|moved|use|do|did|swear|say|think|"
    r"buy|have|got|prefer|run|sell|are|were|all)\b))\b"
    r"(?!\s+(?:calls|call)\s+me\b)",
    IC,
)
# somebody else's people ("James's father tells jokes in every speech", "her sister hates flying")
_THEIR_PEOPLE_RE = re.compile(
    rf"^(?:(?-i:[A-Z])[\w-]+'s|his|her|their)\s+(?:\w+\s+)?(?:{RELATIONS})\b"
    # ("the neighbours' kids play Roblox all day", "my wife's brother runs everything on Proxmox"): their people's way
    rf"|^(?:the|my|our)\s+(?:[\w-]+s'|(?:{RELATIONS})'s)\s+(?:\w+\s+)?(?:{RELATIONS})\b(?=\s+(?:\w+ly\s+)?"
    rf"(?:always\s+|never\s+|usually\s+|only\s+)?(?:{WAY_VERBS}|[a-z]{{2,}}[^s\W]s|play|use|eat|drink)\b)"
    # a story of a relative's thing ("my cousin's CV in Qatar had photo", "my sister's flat was tiny")
    rf"|^(?:my|our)\s+(?:{RELATIONS})'s\s+[\w-]+(?:\s+[\w-]+){{0,4}}?\s+(?:had|was|were|looked|used\s+to)\b",
    IC,
)
_FIRST_PERSON_SUBJECT_RE = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|im|ive|we|we're|we've|we'd|us)\b", IC)
# "he'd put it in a dashboard if he could", "I'm wondering whether I ought to sell", "my manager
# wants everything in Power BI eventually": not decided, or not yet
_UNDECIDED_RE = re.compile(
    r"\b(?:he|she|they|you|it)'d\b|\bif\s+\w+\s+(?:could|would|had)\b|\b(?:wondering|considering|debating|"
    # ("every time nginx + certbot bites me I think about moving everything to Caddy")
    r"torn|undecided|thinking (?:about|of)|think (?:about|of) (?:moving|switching|migrating|going|getting|buying|"
    r"quitting|leaving|changing)|(?:were|was|we're|I'm|im)\s+thinking|looked into|toyed with|ought to|tempted|"
    r"eventually|someday|some day|(?<!in )(?<!a )one day|at some point|"
    r"sooner or later|in the long run|dreaming|daydreaming)\b"
    # options weighed ("We have two options, Chilexpress is cheap but …")
    r"|\b(?:we|I)\s+(?:have|'ve got|got|see)\s+(?:two|three|a few|several|some|2|3)\s+options\b"
    # a choice not yet made ("I have not decided about MultiQC yet", "still on the fence about a heat pump")
    r"|(?:\bnot|n't|\bnever)\s+(?:yet\s+|really\s+|quite\s+|fully\s+)?(?:decided|settled on|made up (?:my|our) minds?|"
    r"made (?:a|the|any) (?:decision|choice|call))\b|\byet to (?:decide|choose|pick|settle|make up)\b"
    r"|\bstill\s+(?:deciding|choosing|figuring out|weighing up|weighing|undecided|unsure)\b|\bon the fence\b"
    r"|\bup in the air\b|\bno decision\s+(?:yet|on|about)\b"
    # ("Japan is on the table for October, nothing booked")
    r"|\b(?:is|are|'s|'re)\s+(?:still\s+)?on the table\b|\bnothing\s+(?:booked|decided|confirmed|fixed|settled|"
    r"signed)\s*(?:yet|so far)?\b|\bnot\s+(?:booked|confirmed|signed)\s+yet\b"
    # a choice put off ("I'll think about glmmTMB", "let me sleep on the heat pump", "will mull it over")
    r"|\b(?:i'll|i will|ill|i'd like to|i want to|i need to|i have to|i've got to|i gotta|let me|we'll|we will|we need to|"
    r"(?<!\w)will)\s+(?:(?:have|need|want)\s+to\s+)?(?:(?:first|properly|still|maybe|probably)\s+)?"
    r"(?:think\s+(?:about|over|on|it over|that over|this over)|sleep on|mull\s+(?:over|on)|mull it over|chew on|"
    r"consider)\b"
    # a choice waiting on someone else ("I'll talk to Orna about Hiroshima and let you know", "let me check with
    # my wife first")
    r"|\b(?:and|then)\s+(?:i'll\s+|i\s+will\s+|will\s+)?(?:let\s+you\s+know|get\s+back\s+to\s+you|come\s+back\s+to\s+you|"
    r"report\s+back|circle\s+back)\b"
    r"|\b(?:i'll|i will|ill|let me|we'll|we will|i need to|i have to|i gotta)\s+(?:first\s+)?(?:talk|speak|check)\s+"
    r"(?:to|with)\s+(?:my\s+|our\s+)?[\w'-]+\s+first\b",
    IC,
)
# a plan for later, not how things are ("wants us to move to Dagster next year, from January");
# a change said as settled ("from June on the maintenance window is the last Wednesday") stays
_LATER_RE = re.compile(
    r"\bnext\s+(?:year|yr|month|week|term|semester|quarter|season|spring|summer|autumn|fall|winter)\b"
    r"|\bfrom\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b(?!\s+to\b)",
    IC,
)
_PLANNING_RE = re.compile(
    r"\b(?:wants?|wanted|plan|plans|planning|hope|hoping|would like|'d like|aim|aiming|intend|intends|"
    r"might|maybe|probably|considering|keen|gonna|going to)\b",
    IC,
)
# how the person is this minute or was lately, not what is true of them ("ugh stuck in traffic
# again", "running on four hours of sleep", "so sunburnt from Saturday", "bit of a rough night")
_STATE_RE = re.compile(
    r"^(?:(?:ugh|argh|man|god|so|and|oh|sorry)[\s,]+)*(?:I'm\s+|I\s+am\s+|im\s+)?(?:so\s+|really\s+|completely\s+)?"
    r"(?:stuck|exhausted|knackered|wiped|shattered|running (?:late|on)|hungover|starving|freezing|bored|fed up|"
    r"sick of|stressed|sleepy|sunburnt|sunburned|jet-?lagged|nervous|anxious|scared|gutted|buzzing|terrified|"
    r"freaking out|panicking)\b"
    # the same state after what brought it on ("deadline is friday and im lowkey panicking")
    r"|\b(?:and|so)\s+(?:I'm|im|I am)\s+(?:so\s+|really\s+|lowkey\s+|low-key\s+|kinda\s+|a bit\s+|totally\s+)?"
    r"(?:panicking|freaking out|stressing|stressed out|losing it|spiralling|spiraling|dying inside)\b"
    r"|\b(?:rough|bad)\s+(?:night|day|morning|week)\b"
    r"|\b(?:from|since|after)\s+(?:yesterday|last night|last week|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"|\b(?:last night|yesterday|this week|earlier|all night)\b"
    # on a hotspot, or on coffee, for now ("I'm on my phone's hotspot", "im on like 4 coffees")
    r"|\bon\s+(?:(?:my|the|a|our)\s+)?(?:[\w'-]+\s+)?(?:hotspot|mobile\s+data)\b"
    r"|\bon\s+(?:like\s+|about\s+|maybe\s+|only\s+)?\d+\s+(?:coffees|cups\s+of\s+coffee|espressos|energy\s+drinks|"
    r"hours?\s+(?:of\s+)?sleep)\b"
    r"|\bon\s+(?:my|the)\s+(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th)|umpteenth|nth)\s+(?:[\w-]+\s+)?"
    r"(?:coffee|cup|tea|espresso|red\s*bull|energy\s+drink|cigarette)\b"
    # something of the person's that gave out ("the printer at home ran out of ink again", "the van broke down")
    # ("the staging box keeps running out of disk" is how things go; "stopped working after I upgraded pandas" tells
    # which box is theirs, and is read)
    r"|\b(?:ran|has\s+run|have\s+run)\s+out\s+of\b|\bbroke\s+down\b"
    # a one-off event at a clock time ("the smoke alarm went off at 3am"; not "I prep at 6am")
    r"|\b(?:went off|was|were|had|happened|rang|called)\b[^,;]{0,30}\bat\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
    # ("last year" stays: "since my knee operation last year I can't carry heavy things" lasts)
    # ("It's GoodJob since last autumn": since then and still, no state of the moment)
    r"|(?<!since\s)\blast\s+(?:spring|summer|autumn|fall|winter|month|week|time)\b",
    IC,
)
# a move that still holds ("we moved everything over to Dagster last spring", "I switched to fish last
# winter"): when it happened is no passing state
_MOVED_RE = re.compile(
    r"\b(?:moved|switched|migrated|changed|went over|converted|upgraded)\s+(?:\w+\s+){0,3}?(?:over\s+)?to\b",
    IC,
)
# an impression of something in front of the person ("to me it feels a bit car yard")
_IMPRESSION_RE = re.compile(
    # ("use the talk test or how it feels", "go by how it feels": a way to judge effort, no impression)
    r"(?<!\bhow\s)(?<!\bwhat\s)\b(?:it|this|that)\s+(?:feels|seems|sounds)\b|\bfeels?\s+(?:a bit|like|kind of|kinda)\b"
    # ("St Fagans is lovely but we did it two years ago"): a named place or thing found lovely
    r"|^(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,3}\s+(?:is|was|looks)\s+(?:so\s+|really\s+|very\s+)?"
    r"(?:lovely|nice|beautiful|gorgeous|amazing|cute|pretty|stunning|great|cool)\b"
    # what is on the screen ("I see Emirates with a stop in Dubai"); "I see a physio weekly" stays
    r"|^I\s+(?:see|can see)\s+(?!(?:a|my|the)\s+(?:doctor|therapist|physio|gp|counsell?or|specialist|dentist|"
    r"psychologist|psychiatrist|chiropractor|osteopath|nurse)\b)",
    IC,
)
# a decision made at some past time still holds ("we decided last month that rev D drops FreeRTOS")
_DECIDED_RE = re.compile(
    # ("not 7 days like in README, we changed it last spring": the change still holds)
    r"\b(?:decided|agreed|switched|chose|settled on|standardi[sz]ed|moved to|migrated to|went with|"
    r"changed\s+(?:it|that|this|them))\b",
    IC,
)
# Considered and turned down: not what the person does ("nah not doing Addressables, way overkill",
# "thought about moving to Puppet, nah, too heavy", "we trialled Karpenter and binned it").
_REJECTED_RE = re.compile(
    r"\b(?:binned|dropped|ditched|scrapped)\s+(?:it|them|that|this|the idea|the plan)\b"
    r"|\b(?:abandoned|gave up on|ruled out|rejected|trialled|trialed|overkill|not worth (?:it|the)|no point|"
    r"not (?:now|yet|for now|today|this time)|maybe later|(?:I'll|I will|let me|we'll) think about it|we'll see|"
    r"had a go (?:with|at)|gave (?:it|them|that|\w+(?:\s+\w+)?) a (?:go|try|whirl|shot))\b"
    # "I did keto back in 2022 and was miserable, never again": tried once, and hated
    r"|\b(?:i|we)\s+(?:did|tried|had|used|ran|went on)\s+[\w\s/-]{1,30}?\s+(?:back\s+)?(?:in\s+\d{4}|last\s+(?:year|month|"
    r"spring|summer|autumn|fall|winter)|years\s+ago|once|before)\b[^.;]{0,60}?\b(?:never again|miserable|hated it|"
    r"awful|a nightmare|a disaster|didn't work|did not work|gave up)"
    # a thing named, then a no ("the Jardin Etnobotanico trip no, the paperwork takes months", "Bitwarden no, the
    # associates will never use another app"); "oh no," and "ok no," are no thing named
    # (a why in the first person goes on about the person: "Warm milk no, I'm lactose intolerant")
    r"|^(?!(?:oh|ok|okay|so|and|but|yes|yeah|well|haha|lol|sorry|hmm|um|uh|ah|er|no|nope|nah|sadly|unfortunately|"
    r"definitely|absolutely|honestly|then|that|this|it|i|we|you|hell|god|omg|wait|please|pls|just|also|again|say|said|"
    r"answer|answered|saying|mean|means|meant|or|jaja|jeje|ay|aw|pues|mais|ach|och|oi|ai|uy|haha\w*|lol\w*)\b)"
    # (an answer to a list, which often corrects after it: "the second no, careful: our fiscal week starts on Sunday")
    r"(?!(?:the\s+)?(?:first|second|third|fourth|fifth|last|other|former|latter|next|1st|2nd|3rd|4th)\b)"
    r"(?:the\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+\s+no\s*[,.!]\s+(?!(?:I|I'm|im|I've|ive|I'd|we|we're|my|our|me|us)\b)"
    r"|^(?:(?:lol|haha|ok|okay)[,\s]+)?(?:nah|nope|no)\b[,\s]+(?:not|never)\s+(?:doing|using|going|bothering|touching|"
    r"switching|bringing|adding|installing|pulling|introducing|moving)\b"
    # "… but our registrar has no DNS API so forget that idea", "scrap that"
    # ("because I forget it at 4am" tells what the person does, no dismissal)
    r"|(?<!don't )(?<!dont )(?<!do not )(?<!never )(?<!\bI )(?<!\bi )(?<!\bwe )(?<!\bmight )(?<!\bmay )(?<!'ll )"
    r"(?<!\balways )(?<!\boften )\bforget (?:that|this|it|about it|the idea|that idea|about that)\b"
    r"(?!\s+one\b)|\bscrap (?:that|this|the idea)\b"
    r"|^(?:(?:ok|okay|so|no|nah|yeah)[,\s]+)*forget\s+(?:about\s+)?(?-i:[A-Z])[\w-]+"
    # "no, skip the Dockerfile stuff", "nah drop the cover letter part": the offer, dropped
    r"|^(?:(?:ok|okay|so|yeah|and)[,\s]+)*(?:no|nah|nope)\b[,\s]+(?:just\s+)?(?:skip|drop|ditch|leave out|scrap)\s+"
    r"(?:the|that|this|those|all the|any)\b"
    # "No, I will not run Mosquitto or any of that", "no, my customers will not eat cauliflower rice": said as a no
    # to the offer ("I won't use slug pellets, not any kind, I'm firm on that" is a rule of the person's)
    rf"|^(?:no|nah|nope)[,.!\s]+(?:{WONT_HAVE})\b"
    # "no creatine for now grazie", "nah, no Docker for the moment": turned down for now
    r"|^(?:no|nah|nope)\b[^,.;]{1,40}?\bfor (?:now|the moment|the time being)\b"
    # "nah on the foreground service, not doing that"
    r"|^(?:nah|nope)\b.{0,60}?\bnot\s+(?:doing|using|bothering with|touching)\s+(?:that|it|this|those|them)\b"
    r"|\b(?:thought about|considered|looked at|looked into|toyed with)\b.{0,60}\b(?:nah|nope|too\s+\w+|not for)\b"
    # "novated lease nah, not for me", "I'm not paying for Booksy", "Terragrunt we tried in 2024, it was pain"
    r"|\b(?:won't|wont|will not|not gonna|not going to|wouldn't|wouldnt|would not)\s+bother\b|\bnot bothering\b"
    # "Swarm is dead, not going there", "Auth0 is too pricey, not happening", "hard pass on Jira"
    # ("please don't suggest care homes, that's not happening" makes a rule firmer)
    r"|(?<!that's )(?<!thats )(?<!that is )\bnot\s+(?:going there|happening|gonna happen|going to happen|a chance)\b"
    r"|\bhard pass\b|\bnot\s+(?:really\s+)?interested\b"
    # ("Verdaccio, non merci, we're not going to host a registry ourselves")
    r"|\b(?:non merci|nein danke|no gracias|não obrigad[oa]|nee dank je|no grazie|nej tack)\b"
    # "the CB500F is too boring for me" (or "to boring"): a suggestion weighed and dropped
    # ("3 times a week, every day is too much for me" says why, it turns nothing down)
    r"|\btoo\s+(?!much\b|many\b)\w+\s+for\s+(?:me|us)\b|\bto\s+(?:boring|expensive|pricey|big|heavy|slow|small|"
    r"complicated|fiddly|old|risky|loud|dear)\s+for\s+(?:me|us)\b"
    r"|\btoo much (?:for (?:the|a) (?:start|beginning|first year)|right now|at the start|to start|for now)\b"
    # "incremental is more hassle than it's worth for us right now"
    r"|\bmore\s+(?:hassle|trouble|work|effort|faff|pain)\s+than\s+(?:it's|its|it is|they're|they are)\s+worth\b"
    r"|^no\s+[\w.+-]+(?:\s+[\w.+-]+)?\s+then[.!]*$|,\s*not\s+(?:for|in)\s+this\s+one\b|[,.]\s*no[.!]*$|[,.]\s*(?:so\s+)?(?:no thanks|no thank you|thanks but no|not for (?:us|me))[.!]*$|\b(?:don't|do not|dont)\s+think\b.{0,40}\bworth\b"
    # "I said no to Jira", "said no, it's overkill"; "the cardiologist said no flat-out efforts" is theirs
    r"|(?:\b(?:I|we|i)\s+(?:just\s+|already\s+)?|^(?:and\s+)?|\band\s+)said no\b(?!\s+(?:more|less|longer|fewer|later|earlier|"
    r"sooner|further|\d))|\bsaid no\b(?=\s*(?:to\b|[,.;!]|$))|\bdecided against\b|\bpassed on (?:it|that|this)\b|\bnot for (?:me|us)\b|^(?!(?:ja|je|ha|he|lol|lmao|kk|rs|no|nope|nah)+\b)[\w.+ -]{1,30}?[,\s]+(?:nah|nope)\b|\b(?:not|no|never)\s+paying\s+for\b"
    r"|\b(?:tried|used|had)\b.{0,60}\b(?:was|were)\s+(?:a\s+|such\s+a\s+)?(?:pain|awful|terrible|horrible|"
    r"nightmare|hell|rubbish|garbage|useless|a mess|painful)\b",
    IC,
)
# what everyone knows is the world's, not the person's ("iron sheets always go up in rainy season,
# everybody knows that", "like I told you, the olive tree lives 2000 years")
_COMMON_KNOWLEDGE_RE = re.compile(
    r"\b(?:everybody|everyone|every\s?one|we all|the whole world)\s+knows\b|\bcommon knowledge\b|"
    # what everybody somewhere is on or uses ("Here in Douala everybody is on whatsapp, not so much telegram")
    r"\b(?:everybody|everyone|every\s?one|all\s+the\s+(?:people|kids|locals|clients|customers))\s+(?:here\s+)?"
    r"(?:is|are)\s+(?:on|using|into)\b|\b(?:everybody|everyone)\s+(?:here\s+)?(?:uses|pays\s+with|has)\b|"
    r"\bas (?:you|we all|everyone) know\b|^(?:like|as)\s+I\s+(?:told|said to)\s+you\b",
    IC,
)
# advice from someone not named, or from everyone ("one person from an NGO tell us to export quinoa with organic
# certificate", "a guy at the market told me to plant macadamia", "people keep telling me to get a Kindle"): theirs.
# What a doctor told the person to do is how they live (a named role is no "someone")
_UNNAMED_ADVICE_RE = re.compile(
    r"(?:^|[,;:]\s*)(?:(?:and|but|so|also|oh|plus|for\s+\w+)[\s,]+)*(?:(?:one|a|an|some|another|this|that)\s+"
    r"(?:person|guy|man|woman|lady|fellow|chap|bloke|dude|girl|boy|trader|farmer|seller|buyer|customer|stranger|"
    r"people|folks|ppl)|somebody|some\s?one|people|everybody|every\s?one|folks|ppl)\b"
    r"[^,;]{0,40}?\s+(?:tells?|told|tell|keeps?\s+telling|kept\s+telling|advised?|advises|recommends?|"
    r"recommended|suggests?|suggested)\s+(?:me|us)\s+to\b",
    IC,
)
# another person's habit ("catarina always pushes straight to main on fridays", "my pal Lorraine
# double-books herself every single week", "Seun always writes his tests after the merge"): theirs.
# What "my son" or "my wife" does stays: it is often the person's own week.
_FRIENDS = (
    r"friend|best friend|pal|mate|buddy|bestie|neighbou?r|classmate|coursemate|batchmate|batch mate|schoolmate|"
    r"dormmate|ex"
)
_HOUSEMATES = r"flatmate|roommate|housemate"
_WORKMATES = (
    r"colleague|co-?worker|labmate|lab mate|officemate|office mate|deskmate|groupmate|bandmate|lab partner|"
    r"teammate|boss|oga|manager|lead|team lead|tech lead|landlord|landlady|client|co-?author|collaborator|associate|"
    r"predecessor|former\s+partner|old\s+boss"
)
_NOT_FAMILY = f"{_FRIENDS}|{_HOUSEMATES}|{_WORKMATES}"
_FAMILY = (
    r"wife|husband|partner|girlfriend|boyfriend|gf|bf|fianc[ée]e?|son|daughter|mother|mom|mum|mam|father|dad|"
    r"brother|sister|kids?|child|children|sons|daughters|twins|baby|grandson|granddaughter|grandchild|grandma|"
    r"grandpa|grandmother|grandfather|parents|stepson|stepdaughter|grandkids|grandchildren|grandsons|granddaughters"
)
# the wider family: what they do often shapes the person's week ("my nephew Manaia usually does the
# posts"), what they say is theirs ("my cousin Stelios says the certification is a waste of money")
_WIDER_FAMILY = (
    r"nephew|niece|aunt|auntie|uncle|cousin|in-laws?|mother-in-law|father-in-law|brother-in-law|sister-in-law|"
    r"son-in-law|daughter-in-law|stepmother|stepfather|stepmum|"
    r"stepmom|stepdad|godson|goddaughter"
)
# where a colleague sits, said after their name
_UNITS = (
    r"team|squad|department|dept|office|desk|accounts|accounting|purchasing|procurement|payroll|engineering|"
    r"HR|IT|finance|legal|sales|marketing|support|ops|lab|group|floor|reception|dispatch|logistics|warehouse|"
    # ("my friend on the surgical ward", "a nurse at the other clinic", "Tomas on the night shift")
    r"ward|unit|clinic|shift|crew|site|branch|station|faculty"
)
# where a named colleague sits ("Priyanka from accounts", "Dev on the infra team", "Bence in our group")
_WHERE_THEY_SIT = rf"\s+(?:from|on|in|at)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+){{0,2}}?(?:{_UNITS})"
# a habit said by its verb ("keeps …", "swears by …"), and with its adverbs
_HABIT_VERBS = (
    r"keeps|swears by|swore by|used to|lives on|lived on|does everything|did everything|"
    # a way of old ("my former associate, Julien, wrote everything by hand")
    r"wrote everything|typed everything|printed everything|kept everything"
)
_HABIT_WORDS = rf"always|never|usually|constantly|forever|every single|do everything|{_HABIT_VERBS}"
_OTHERS_HABIT_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh)[\s,]+)*"
    # ("the professor uses MATLAB in lecture": a teacher's way, named by their role)
    r"(?:(?:the|our|my)\s+(?:professor|prof|teacher|lecturer|tutor|instructor|coach|examiner|trainer)\s+"
    r"(?:\w+ly\s+)?(?:uses|prefers|likes|loves|wants|teaches\s+(?:in|with)|insists)\b|"
    rf"(?:my|our)\s+(?:\w+\s+)?(?:{_NOT_FAMILY})\b[^;]{{0,40}}?\s+(?:\w+\s+)?(?:{_HABIT_WORDS}|uses|is using|"
    rf"works in|codes in|studies with|runs everything on)\b"
    # a bare name: one word, then the habit, then a verb in -s ("Seun always writes …"); a plural
    # ("deploys always go through Atlantis") or a rule ("amounts always in ARS") is no person
    # ("please always tabs": an instruction, not a person called Please)
    rf"|(?!(?:I|we|it|this|that|there|everything|nothing|something|everyone|everybody|he|she|they|you|u|"
    rf"please|pls|plz|kindly|just|and|so|then|now)\b)"
    rf"[^\W\d_][\w'-]*"
    # the name may carry where they sit ("Priyanka from accounts", "Dev on the infra team", "Jo (our lead)")
    rf"(?:{_WHERE_THEY_SIT}|\s*\([^)]{{1,30}}\)"
    rf"|,\s*(?:the|my|our)\s+[^,]{{1,30}},)?"  # "Markus, the other postdoc, keeps …"
    rf"\s+(?:(?:{_HABIT_WORDS})\s+(?:\w+ly\s+)?[a-z]+[^s\W]s\b"
    # or the habit is the verb itself ("Markus, the other postdoc, keeps everything in notebooks")
    rf"|(?<=,\s)(?:{_HABIT_VERBS})\b))",
    IC,
)
_ADVICE_RE = re.compile(
    r"^[\s,]*(?:(?:also|always|really|just|still|keeps?)\s+)*(?:thinks?|believes?|reckons?|feels?|insists?|"
    r"(?:says?|said|keeps saying)\s+(?:that\s+)?(?:I|we|you|me)\s+(?:should|must|need|ought|have to)|"
    # ("my sister Gertrud says flying alone at my age is foolish and I should go with a tour group")
    r"(?:says?|said|keeps saying|told me)\s+[^.;?]{3,80}?\b(?:and|so)\s+(?:I|we)\s+(?:should|must|need to|ought to|"
    r"have to|shouldn't)|"
    r"wants?\s+(?:me|us)\s+to|prefers?|loves?|hates?|is\s+convinced|swears\s+by|swore\s+by|"
    # their verdict on what the person uses ("my brother Caio says youtube is better than twitch")
    r"(?:says?|said|swears?|reckons?)\s+(?:that\s+)?[\w.' -]{1,30}?\s+(?:is|are)\s+(?:so\s+|way\s+|much\s+)?(?:better|best|worse|"
    r"the best|the worst|overrated|underrated|a waste|useless|rubbish|amazing|terrible|enough|foolish|stupid|silly|"
    r"crazy|mad|dangerous|pointless|a bad idea|a good idea|too\s+\w+))\b",
    IC,
)
_HABIT_AFTER_RE = re.compile(rf"^[\s,]*(?:\w+\s+)?(?:{_HABIT_WORDS})\b", IC)
# a pasted message from someone else ("my friend sent this in the gc: '…'", "Kasper wrote: "…"")
_PASTED_RE = re.compile(
    r"\b(?:sent|forwarded|wrote|texted|posted|messaged|replied)\b[^:\"“.]{0,40}(?::\s*['\"“‘]|\s[\"“])", IC
)
_THEY_RE = re.compile(r"^(?:and\s+|but\s+|so\s+)?(?:he|she|they|him|her|them|his)\b(?!'d)", IC)
_HABIT_RE = re.compile(r"\b(?:always|every|usually|normally|often|whenever|each)\b", IC)
_TRANSIENT_RE = re.compile(TRANSIENT, IC)
_NO_SUBJECT_RE = re.compile(r"^(?:thanks|thank you|ok|okay|perfect|great|cool|nice|yes|sure)\b", IC)
# what a boss, client or supervisor wants is a requirement of the person's work, not a taste
# ("my manager Sunita wants a weekly forecast every Monday", "Prof. Lindqvist wants figures in SVG")
_BOSSES = (
    r"boss|manager|supervisor|advisor|adviser|head of \w+|team lead|tech lead|lead|client|customer|editor|professor|prof\.?|"
    r"director|pi|principal|publisher|landlord|partner at|ceo|cto|cfo"
)
_AUTHORITY_RE = re.compile(rf"\b(?:{_BOSSES})\b[^,;]{{0,30}}?(?:,\s*[^,;]{{1,30}},)?\s*$", IC)


_FEW = r"one|two|three|four|five|six"
_PAST = "|".join(sorted(IRREGULAR_PAST))
_RECENT = (
    r"last night|yesterday|this morning|earlier today|the other day|over the weekend|last weekend|"
    r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day(?!s)|on the weekend|at the weekend"
)
# the task at hand, not a standing scope ("this repo", "this project", "this house" last)
_TASKS = (
    r"rollout|run|pr|mr|pull request|letter|email|e-mail|message|one|time|slip|summary|figure|plot|chart|table|"
    r"task|ticket|commit|draft|post|caption|reply|answer|change|fix|hotfix|batch|job|release|deploy|"
    r"deployment|migration|script|page|slide|deck|order|meeting|call|invoice|quote|session|sprint|experiment|"
    r"notebook|query|report|exercise|assignment|essay|speech|recipe|dinner|party|event"
)
# an illness that passes in days or weeks
_PASSING_ILLS = (
    r"fever|temperature|cold|flu|covid|covid-19|cough|tummy bug|stomach bug|chickenpox|chicken pox|ear infection|"
    r"strep|strep throat|norovirus|noro|conjunctivitis|pink eye|sniffles|croup|hand foot and mouth|tonsillitis|"
    r"bronchitis|sore throat|runny nose|food poisoning|virus|gastro|lice|nits|headache|migraine|hangover|"
    r"sunburn|sprained \w+|twisted ankle"
)
_LASTING = r"always|never|every|whole|entire|permanently|from now on|going forward|ever|all"
_DECIDING = r"decided|agreed|switched|chose|settled|moved|migrated|went with|started|signed|booked|joined"


# The narrow part of a passing state that holds for the rule families too: "rn", "atm", "with
# 40 min left", "on the generator now" ("I live in Lisbon now" is a family's, and stays a fact).
_ROLE_NOW_RE = re.compile(
    rf"^(?:so\s+|and\s+)?(?:rn|right now|atm|currently|at the moment)\s+(?:I'm|I am|im)\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}\w*(?:{ROLES})\b"
    # a measure of the person as it stands ("my fide rating is 1840 rn, was 1790 in june")
    r"|^(?:so\s+|and\s+)?my\s+(?:[\w-]+\s+){0,2}(?:rating|elo|handicap|pb|level|weight|ranking|rank|grade|belt)\s+"
    r"(?:is|'s)\s+(?:now\s+|about\s+|around\s+)?\d",
    IC,
)
_MOMENT_RE = re.compile(
    # ("bare RN" is React Native, "an ATM" a cash machine: only the typed-fast lower case is "right now")
    r"\b(?-i:rn|Rn|atm|Atm)\b|\bwith\s+(?:maybe\s+|about\s+|only\s+)?\d+\s*(?:min|mins|minutes|hours|hrs|%)\s+left\b"
    r"|\bon\s+(?:the|a|my|our)\s+[\w-]+\s+now\b"
    # where this very message is typed ("im typing on the bus back from the tournament in Kajaani, 3 hours")
    r"|\b(?:I'm|im|I\s+am|I’m)\s+(?:(?:typing|texting|messaging)(?:\s+(?:this|you))?|(?:writing|sending)\s+(?:this|you))\s+"
    r"(?:on|from|in|at)\s+(?:the|a|my|our)\b"
    # something gone wrong since yesterday, however often it recurs since ("since yesterday evening every callback
    # is 500 and the treasurer is calling me nonstop")
    r"|^(?:(?:and|but|so|also|oh|btw|ugh)[\s,]+)*since\s+(?:yesterday|last\s+night|this\s+morning)(?:\s+(?:evening|morning|"
    r"afternoon|night))?\b"
    # on the way somewhere ("I'm on the Hurtigruten down to Bodø for a conference", "we're on the night bus up to
    # Hanoi"), and the power gone since an hour of today ("brownout here in Jaro since 2pm")
    r"|\b(?:I'm|I am|im|we're|we are)\s+on\s+(?:the|a|an|my|our)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:down|up|over|out|back|across|home|on\s+(?:the|my|our)\s+way)\s+to\s+"
    # a passing illness, the person's or a relative's ("my son has a fever so I'm home", "the baby's got croup");
    # a condition that lasts ("my husband has diabetes") is no such thing, nor is a flu shot
    rf"|\b(?:has|have|'s got|'ve got|has got|have got|got|caught|is down with|is off with|is home with|is sick with)\s+"
    rf"(?:a\s+|the\s+)?(?:bad\s+|nasty\s+|high\s+|slight\s+|mild\s+|little\s+|bit of\s+a\s+)?(?:{_PASSING_ILLS})\b"
    r"(?!\s+(?:shot|jab|vaccine|vaccination|booster|test|room|storage|store|frame|press|brew|plunge|shower|season)\b)"
    # a mishap of the person's own, told with its recent time ("I failed the mock exam on Tuesday",
    # "we missed the ferry this afternoon"), or coffee spilled on something
    rf"|^(?:(?:so|and|but|btw|ugh|lol|oh|also|well)[\s,]+)*(?:I|we)\s+(?:just\s+|totally\s+|completely\s+|also\s+)?"
    r"(?:failed|flunked|missed|forgot|lost|dropped|broke|burnt|burned|cracked|smashed|crashed|locked\s+(?:myself|"
    rf"ourselves)\s+out)\b[^.;]{{0,50}}?\b(?:{_RECENT}|this\s+(?:afternoon|evening|week)|today|tonight|an?\s+hour\s+ago|"
    r"\d+\s+(?:minutes|mins|hours|hrs)\s+ago|just now)\b"
    r"|\b(?:spilled|spilt)\s+(?:\w+\s+){0,3}?(?:on|over|all over|into)\b"
    # someone else's stretch of this month or week ("my husband is doing keto this month"); the person's own
    # ("I'm doing my CELTA in the evenings this month") and a turn that comes round ("on call this week, like
    # every odd week") are facts
    r"|\b(?!(?:I|it|that|this|there|what|where|who)\b)[\w-]+(?:\s+is|'s)\s+(?:doing|trying|on)\s+[^,;.]{1,30}?"
    r"\bthis\s+(?:month|week)\b"
    r"(?![^;.]*\b(?:every|each)\b)"
    r"|\b(?:brownout|blackout|power\s+cut|power\s+outage|outage|load\s?shedding|no\s+power|no\s+electricity)\b"
    r"[^,;.]{0,30}\bsince\s+(?:\d{1,2}(?::\d\d)?\s*(?:am|pm|h)?|this\s+\w+|noon|lunch|morning|yesterday|last\s+night)\b"
    # a state said with today ("my eyes are fried today", "the kids are feral tonight")
    r"|\b(?:is|are|'s|'re|'m|am|feel|feels)\b[^,;]{0,25}\b(?:today|tonight|right now|this (?:morning|afternoon|evening))\b"
    # ("the queue has been awful this week", "the runner has been flaky all morning"): how a stretch of
    # today or this week has gone
    r"|\b(?:has|have|'s|'ve)\s+been\b[^,;]{0,25}\b(?:this\s+(?:week|morning|afternoon|evening)|today|"
    r"all\s+(?:morning|day|afternoon|evening|night|week)|since\s+(?:this morning|yesterday|last night|lunch|noon))\b"
    # ("The pipeline was red whole morning because of GitHub API rate limit")
    r"|\b(?:was|were)\b[^,;]{0,25}\b(?:the\s+)?(?:whole|all)\s+(?:morning|afternoon|evening|day|night)\b"
    # a stretch still to come, bounded ("I'm on nights all next fortnight", "for the whole of next week")
    r"|\b(?:all|for the|the whole|for all of|for the whole of)\s+(?:of\s+)?(?:this|next|the coming)\s+"
    r"(?:week|fortnight|month|weekend)\b|\bnext\s+fortnight\b"
    # a shift or a post for tomorrow or tonight ("i'm on the noodle station tomorrow", "I'm on the till tonight")
    r"|^(?:I'm|I am|im)\s+(?:on|doing|working|covering)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:station|shift|duty|call|rota|"
    r"desk|counter|till|door|bar|pass|grill|fryer|line|register|section)\s+(?:tomorrow|tmrw|tmr|tonight|this weekend)\b"
    # running on battery while the power is out ("the electricity is cut again so I am on the laptop battery")
    r"|\b(?:I'm|I am|im|we're|we are)\s+(?:now\s+|still\s+|just\s+)?(?:on|running on|working on|running off|working off)\s+"
    r"(?:the\s+|my\s+|a\s+)?(?:laptop\s+|phone\s+|ups\s+|backup\s+)?"
    r"(?:battery|batteries|battery power|power bank|generator)(?:\s+(?:now|today|again|atm|rn))?[.!]*$"
    # hands or feet frozen or numb, from a night out ("my hands are frozen, went out last night for 3 hrs")
    r"|\b(?:is|are|'s|'re)\s+(?:\w+\s+)?(?:frozen|numb|freezing|ice cold|like ice(?:blocks)?)\b"
    # a state tomorrow, said and done ("the cluster is under maintenance tomorrow")
    r"|^(?:the|my|our|this|that|it)\b(?:\s*[\w-]+){0,4}?\s*(?:is|are|'s|'re)\s+(?:[\w-]+\s+){0,3}(?:tomorrow|tmrw|tmr|"
    r"this weekend)[.!]*$"
    # sore from one occasion ("my knee is sore from coaching on Saturday", "legs are stiff from the race yesterday")
    r"|\b(?:is|are|'s|'re|feel|feels)\s+(?:\w+\s+)?(?:sore|aching|achy|stiff|bruised|swollen|wrecked|killing me)\s+"
    r"(?:from|after)\s+[^,;.]{0,40}?\b(?:on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|last\s+(?:night|week|"
    r"weekend)|this\s+(?:morning|week|weekend)|at\s+the\s+weekend|the\s+other\s+day)\b"
    # on somebody else's machine for now ("my laptop died this morning so I'm on my partner's MacBook")
    r"|^(?:I'm|I am|im)\s+(?:now\s+|still\s+|just\s+|temporarily\s+)?(?:on|using|working on|borrowing)\s+(?:my\s+)?"
    rf"(?:[\w-]+\s+)?(?:{RELATIONS}|friend|flatmate|roommate|colleague|neighbou?r)(?:'s|s')\s+(?:old\s+|spare\s+)?"
    r"(?:laptop|macbook|computer|pc|desktop|phone|tablet|ipad|machine|mac|chromebook|car)\b"
    # away for a while ("my laptop is at repair till friday")
    rf"|{AWAY_FOR_NOW}"
    # a thing acting up right now ("my laptop fan is screaming", "my phone is dying sorry")
    r"|\b(?:is|are|'s|'re)\s+(?:\w+\s+)?(?:screaming|dying|overheating|crashing|lagging|acting up|playing up|"
    r"misbehaving|freezing up|struggling|melting|on fire|about to die|"
    # a body this minute ("my eyes are burning, 4th hour staring at nginx logs")
    r"burning|throbbing|pounding|watering|stinging|killing me)\b"
    # on the way somewhere ("I'm on the ferry to Stord and the wifi is garbage")
    r"|\b(?:I'm|I am|im|we're|we are)\s+(?:on|in)\s+(?:the\s+|a\s+|my\s+)?(?:ferry|train|bus|plane|flight|boat|tram|metro|"
    r"subway|taxi|uber|cab|coach)\b(?!\s+(?:every|each|daily)\b)"
    r"|\b(?:I'm|I am|im|we're|we are)\s+(?:on|running on)\s+(?:the\s+|a\s+|my\s+)?(?:ups|generator|battery|batteries|"
    r"hotspot|backup power|inverter|mobile data|power ?bank|powerbank|tethering|car charger|phone data|data)\b"
    # last night's sleep, today's coffee, how wrecked ("only slept 3 hours", "running on 4h sleep",
    # "on my third coffee", "so wrecked")
    rf"|\b(?:only\s+)?(?:slept|got)\s+(?:like\s+|maybe\s+|about\s+)?(?:\d+|{_FEW})\s*(?:h|hrs?|hours?)\b"
    rf"|\b(?:running\s+)?on\s+(?:like\s+|maybe\s+|about\s+|only\s+|barely\s+)?(?:\d+|{_FEW})\s*(?:h|hrs?|hours?)"
    r"(?:\s+of)?\s+(?:sleep|kip)\b|\brunning on\s+(?:like\s+|maybe\s+|about\s+)?(?:\d+|{_FEW})\s*(?:h|hrs?|hours?)\b"
    r"|\bon\s+(?:my|their|his|her|the|a)\s+(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))\s+"
    r"(?:(?:iced|double|large|oat|cold|strong)\s+)*(?:coffee|cup|tea|espresso|americano|latte|flat white|cappuccino|"
    r"matcha|mate|cola|coke|can|energy drink|red bull|monster|beer|pint|glass|attempt|try|go)\b"
    r"|\b(?:so|totally|completely|absolutely|proper|well)\s+(?:wrecked|knackered|shattered|exhausted|fried|wiped)\b"
    # one day's weather ("We had 41 mm of rain on Monday", "got 20cm of snow last night")
    rf"|\b(?:had|got|measured|recorded)\s+(?:like\s+|about\s+|almost\s+|over\s+)?\d+(?:[.,]\d+)?\s*(?:mm|cm|in|inches)\s+of\s+"
    rf"(?:rain|snow|rainfall|snowfall|hail)\b(?=.*\b(?:on\s+{WEEKDAY}|yesterday|last\s+night|today|tonight|this\s+"
    r"(?:morning|week|weekend)|overnight)\b)"
    # a tired head ("just got off a 12-hour shift and my brain is mush", "my head's fried")
    # ("I'm at the shop from 4am so by afternoon my brain is mush", "by the third one my brain is soup": how
    # every such day goes)
    r"|^(?!.*\b(?:usually|always|often|every|by\s+(?:the\s+)?\w+)\b).*"
    r"\b(?:brain|head|mind)\s*(?:is|'s|feels|feel)\s+(?:\w+\s+)?(?:mush|fried|toast|dead|porridge|jelly|scrambled|"
    r"soup|melting|melted|foggy|fuzzy|spinning|gone|done)\b"
    # a bad night, told as done ("load shedding kept us up, stage 4 all night", "the baby kept me awake")
    r"|\bkept\s+(?:me|us|him|her|them|everyone)\s+(?:up|awake)\b|\b(?:was|were|been)\s+up\s+all\s+night\b"
    # scoped to the task at hand ("serial 5 for this rollout only", "use Szanowny Panie for this
    # letter", "solo para este run"); "for this repo/project/team" is a standing scope and stays
    # ("in this paper we report macro F1, always": a subject ends the scope, and a closing "always" lasts)
    # ("we're going with the Kyoto, Hakone and Tokyo route then, in that order": a sequence, no purchase order)
    rf"|^(?![^,;]*\b(?:{_LASTING})\b)(?!.*,\s*(?:always|every time|from now on|going forward)\W*$)"
    r"(?!.*\bin\s+(?:that|this)\s+order\b(?!\s+(?:number|no|id|form)\b))"
    rf"(?:.*\b(?:for|in|on)\s+(?:this|that|the current|today's)\s+(?:(?!(?:I|we|you|they|he|she)\b)[\w-]+\s+){{0,2}}"
    rf"(?:{_TASKS})\b"
    # ("Use viridis for everything, always, not only in this paper" says the opposite)
    r"|.*(?<!\bnot\s)\b(?:only|just)\s+(?:for|in|on)\s+(?:this|that)\b(?!\s+(?:repo|codebase|project|team|company|house|org|"
    # a machine is a standing place too ("Client data stays only on this Mac and on the Synology")
    r"workspace|app|site|monorepo|lab|office|shop|business|mac|macbook|laptop|computer|pc|machine|server|phone|tablet|"
    r"box|pi|nas|drive|disk|device|network|instance|cluster)\b))"
    r"|\b(?:solo|sólo|nur|seulement|só|apenas)\s+(?:para|für|pour|por)\s+(?:este|esta|diesen|diese|dieses|ce|cette)\b"
    # waiting somewhere for a few more days ("at anchorage in Qingdao waiting for berth, maybe 4 more days")
    r"|\b(?:waiting for|waiting on)\b[^,;]{0,40}[,;]?\s*(?:maybe\s+|another\s+|about\s+)?(?:\d+|a few|few|two|three)\s+more\s+"
    r"(?:days|hours|weeks|minutes)\b"
    # a power cut or a battery this morning ("NEPA took light since morning, my laptop is at 20%")
    r"|\b(?:laptop|phone|battery|charge)\b[^,.;]{0,20}\bat\s+\d{1,2}\s*%|\bsince\s+(?:this\s+)?morning\b|\btook light\b"
    # "I made 200 empanadas for a funeral since 5 in the morning"
    r"|\bsince\s+(?:\d{1,2}(?::\d\d)?\s*(?:am|in the morning)|dawn|sunrise|first light)\b"
    # away for a while today ("I'll be offline from 13:00 for an hour, dentist")
    r"|\b(?:I'll|I will|I'm going to|im gonna|I'm gonna|ill)\s+be\s+(?:offline|away|out|afk|unavailable|off|"
    r"in meetings)\b"
    r"|\b(?:power|light|electricity)\s+(?:is\s+|has\s+)?(?:gone|out|off|cut)\b"
    # an incident told with its day and its cause ("The nightly run failed on Tuesday because of a full disk")
    r"|\b(?:failed|crashed|broke|died|went down|timed out|stopped|fell over|errored|blew up)\b[^.;]{0,40}?\b(?:on\s+"
    rf"{WEEKDAY}|yesterday|last\s+night|this\s+morning|earlier\s+today|overnight)\b[^.;]{{0,15}}?\b(?:because\s+of|due\s+to|"
    r"thanks\s+to|caused\s+by|because)\b"
    # something broke with its day ("since the air conditioning in the server room died on Friday")
    r"|\b(?:died|broke|broke down|crashed|went down|blew up|burst|flooded|caught fire|fell over|gave up|stopped working)\b"
    r"[^,;]{0,25}\b(?:on (?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|last night|this morning|earlier today)\b"
    # what nearly happened once ("I almost cried at the bus station")
    r"|\b(?:I|we)\s+(?:almost|nearly)\s+(?!(?:always|never|every|everything|all|exclusively|entirely|only|completely|"
    r"certainly|definitely|constantly)\b)\w+"
    # something that just happened ("my cat just knocked over my matcha", "the baby just woke up")
    rf"|\b(?:my|the|our)\s+[\w-]+\s+just\s+(?:\w+ed|{_PAST})\b"
    # a one-off event told with its recent time ("last night i dropped my phone in the canal",
    # "on Saturday I locked my keys in the car"); "last year I had knee surgery" is history, kept
    # (with someone doing something in the past: "On Saturday I run with Mapo Runners" and "on
    # Friday the atelier is closed after 13h" tell a week's habit)
    rf"|^(?:[^:]{{1,30}}:\s*)?(?:(?:so|and|but|btw|fyi|lol|oh|also)[\s,]+)*(?:{_RECENT})\b"
    # "On Monday when we are closed I do the accounts": a day said with "when" is every such day
    r"(?!,?\s+(?:when|whenever|as)\b)"
    rf"(?![^,;]{{0,40}}\b(?:{_DECIDING})\b)(?=[^,;]{{0,40}}\b(?:I|we|he|she|they|my|our|it)\s+(?:\w+\s+)?(?:\w+ed|{_PAST})\b)"
    # a body or a phone this minute ("my back is killing me after Saturday's wedding", "phone battery
    # is on 4%"), a morning spent ("read the Czech manual all morning")
    r"|\b(?:is|are|'s|'re)\s+(?:absolutely\s+|really\s+)?killing\s+(?:me|us|them)\b"
    r"|\bbattery\b[^,.;]{0,20}?\b\d{1,2}\s*%"
    r"|\b(?:\w+ed|read|spent|sat|slept|was|were|did|made|wrote)\b[^,.;]{0,50}?\ball\s+(?:morning|afternoon|evening|night)\b",
    IC,
)


def impression(text: str) -> bool:
    """True when the clause gives an impression of something in front of the person ("to me it feels a
    bit car yard", "St Fagans is lovely"), not a lasting fact."""
    return bool(_IMPRESSION_RE.search(text))


def of_the_moment(text: str) -> bool:
    """True when the clause says how things are this minute ("im tethering off my phone rn"); "rn
    I'm a junior copywriter at …" says what the person is these days."""
    return bool(_MOMENT_RE.search(text)) and not _ROLE_NOW_RE.match(text) and not _PER_PERIOD_RE.search(text)


# an amount each month or week lasts whatever "rn" says ("putting 400 a month away rn")
_PER_PERIOD_RE = re.compile(
    r"\b[$€£₦₹]?\d[\d,.]*\s*(?:k\s+)?(?:[$€£]|euros?|dollars?|bucks|quid|pounds?|rand|naira|pesos?|rupees?\s+)?\s*"
    r"(?:a|per|each|every)\s+(?:month|week|fortnight|year|paycheck|payday)\b",
    IC,
)


# what someone caring for the person's health told them to do ("the doctor told me to keep salt under 5 grams",
# "my physio Dervla said to keep 48 hours between hard sessions")
_CARE_ADVICE_RE = re.compile(
    # ("doctor in Shymkent said i have sleep apnea": the article left out, the town said)
    rf"^(?:(?:and|but|so|also|oh|plus)[\s,]+)*(?:{WHEN_FOUND}[,\s]+)?(?:(?:the|my|our)\s+(?:\w+\s+)?)?(?:doctor|doc|gp|cardiologist|physio|"
    r"physiotherapist|dentist|nurse|dietitian|dietician|nutritionist|consultant|specialist|surgeon|midwife|oncologist|"
    r"endocrinologist|rheumatologist|neurologist|dermatologist|psychiatrist|pharmacist|optician|optometrist|"
    r"audiologist|hepatologist|gastroenterologist|pulmonologist|urologist|gynae?cologist|obstetrician|paediatrician|"
    r"pediatrician|podiatrist|chiropractor|vet|veterinarian|farrier)(?:\s+(?-i:[A-Z])[\w'-]+){0,2}(?:\s+(?:in|at|from)\s+(?:the\s+)?(?-i:[A-Z])[\w'-]+)?"
    r",?\s+(?:has\s+|had\s+|also\s+)?"
    r"(?:told|tells|advised|advises|said|says|wants|recommended|recommends)\s+(?:me|us|that\s+I|I|to)\b"
    # what they found ("doc says my cholestrol is high", "the GP said my iron is low")
    rf"|^(?:(?:and|but|so|also|oh|plus)[\s,]+)*(?:{WHEN_FOUND}[,\s]+)?(?:(?:the|my|our)\s+)?(?:doctor|doc|gp|cardiologist|specialist|consultant|"
    r"nurse|dentist|physio|optician|optometrist)\s+(?:says|said|told\s+me|found|thinks)\s+(?:that\s+)?my\s+",
    IC,
)


def someone_elses(text: str, requirements: bool = True) -> bool:
    """True when the clause says what another person likes, wants, thinks or once did (with
    `requirements`, what a boss or client wants is the person's work, not someone else's taste)."""
    if _EVERYONE_RE.match(text):
        return True
    if _DEVICE_SAYS_RE.match(text) or _THING_SAYS_RE.search(text):
        return False  # "My Forerunner 255 says my VO2 max is 48": a reading, not a person's opinion
    if _CARE_ADVICE_RE.match(text):
        return False  # "the doctor told me to keep salt under 5 grams a day": how the person lives now
    # "Moloney, who has kept bees longer than I have been alive, says …": the aside is no subject
    text = re.sub(r",\s*(?:who|whose|whom|which)\b[^,]{1,80},", ",", text, flags=IC)
    # 'end every message with "Warm wishes from Lotus Lantern"': quoted words are to be written
    text = re.sub(r"\"[^\"]{1,120}\"", '""', text)
    # "While you're in there, my PI thinks we should port it to Nextflow": the lead-in is no subject
    text = _LEAD_IN_RE.sub("", text)
    opinion = _OPINION_RE.search(text)
    if not opinion or _FIRST_PERSON_SUBJECT_RE.search(text[: opinion.start()]):
        return False
    if not re.sub(
        # ("so always prefer solutions that do not need LaTeX": an instruction, no one's taste)
        r"^(?:(?:and|but|so|also|anyway|well|ok|okay|oh|please|pls|always|never|just|only)\b[\s,]*)*",
        "",
        text[: opinion.start()],
        flags=IC,
    ).strip(" ,"):
        return False  # "want to get into bird photography, got a nikon …": the person, "I" left out
    if re.search(
        r"\b(?:you|u)\s+(?:can|could|should|may|might|must|need to)?\s*$", text[: opinion.start()], IC
    ):
        return False  # "you can say plainly that Morag has Parkinson's": what the assistant may say
    head = text.split(",", 1)[0]
    subject = (
        re.match(rf"^(?:my|our)\s+(?:\w+\s+)?(?:{RELATIONS})\b", head, IC)
        or re.match(
            # "One of the partners, Gerlinde, wants …": one of a group is a subject too
            r"^(?:one|some|two|both|all|most|none|a couple)\s+of\s+(?:the|my|our|his|her|their)\s",
            head,
            IC,
        )
        or (
            # "The judge on this case, Judge Okonkwo-Baird, really hates …": a subject, no statement
            re.match(r"^(?:the|my|our|his|her|their|a|an)\s", head, IC)
            and not re.search(
                r"\b(?:is|are|was|were|has|have|had|do|does|did|use|uses|put|make|keep|need|needs)\b",
                head,
                IC,
            )
        )
    )
    named = re.fullmatch(
        r"(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+))?", text[: opinion.start()].rsplit(",", 1)[-1].strip()
    )
    # ("IRSA is on the backlog, Edson wants Pod Identity instead, his call": a person named right before)
    if len(head) < opinion.start() and len(head.split()) >= 4 and not subject and not named:
        return False  # "put the prices in cedis, nobody here thinks in dollars": an aside after a statement
    wants = opinion.group(0).lower().startswith("want")
    # ("the director, Pereyra, wants everything in Kubernetes now": a direction for all of it is a taste)
    required = (
        wants
        and _AUTHORITY_RE.search(text[: opinion.start()])
        and not _DISMISSED_RE.search(text)
        and not re.search(
            r"\bwants?\s+(?:us\s+|me\s+)?(?:to\s+\w+\s+)?(?:everything|every\s+\w+|all\b|[\w.+-]+\s+(?:everywhere|for everything)\b|"
            r"(?:the\s+)?(?:whole|entire)\s+\w+)"
            # ("the director of school wants everybody to use the app Tonara": for all, not the person's work)
            r"|\bwants?\s+(?:everybody|everyone|all of us|the whole (?:team|school|office|lab|department))\s+to\b",
            text,
            IC,
        )
    )
    return not (requirements and required)


_DEVICE_SAYS_RE = re.compile(
    rf"^(?:my|the)\s+(?:old\s+|new\s+)?(?!(?:{RELATIONS})\b)(?:(?-i:[A-Z][\w-]*)(?:\s+\d[\w-]*)?|[a-z][\w-]*\s+\d[\w-]*)\s+(?:app\s+)?"
    r"(?:says|said|shows|showed|tells me|told me|reckons|thinks)\b",
    IC,
)


# what is said to the assistant before the sentence proper ("while you're in there, …", "btw, …")
_LEAD_IN_RE = re.compile(
    r"^(?:(?:while|since|as|when|once|now that|if)\s+(?:you|u)\b[^,]{0,40}|btw|by the way|also|oh and|fyi|ps|"
    r"anyway|and|but)\s*,\s*",
    IC,
)
# what a thing reads ("Galaxy Tab, the box says S9 FE", "the label says 40 degrees only")
_THING_SAYS_RE = re.compile(
    r"\b(?:the|my|its|it's|on the)\s+(?:[\w/.-]+\s+)?(?:box|label|screen|sticker|tag|sign|receipt|invoice|bill|manual|"
    r"website|site|page|settings|display|packaging|package|bottle|packet|readme|docs?|error|log|spec sheet|specs|form|"
    r"meter|gauge|plate|badge|certificate|letter|email|ticket|card|text|message|header|footer|title|heading|button|"
    r"menu|banner|caption|code|file|script|template|draft|post|bot|app|output|report|subject(?:\s+line)?)\s+"
    r"(?:says|said|shows|showed|reads)\b"
    # what a part of the person's document is to say ("the footer should say Fysio Trøjborg, not Kinesis")
    r"|\b(?:the|my|our|each|every|all\s+the)\s+(?:[\w-]+\s+)?(?:footer|header|heading|title|subject(?:\s+line)?|"
    r"signature|caption|label|sign|banner|logo|letterhead|invoice|receipt|slide|cover|byline|credit|tagline|"
    r"greeting|closing|sign-?off|watermark|filename|file\s+name|address|website|site|page|menu|flyer|poster|card|"
    r"text|email|post|bio|profile|listing|note|message|sticker|form)s?\s+(?:should|must|has\s+to|needs\s+to|will|"
    r"shall|is\s+to)\s+(?:always\s+)?(?:say|read|show|state|mention)\b",
    IC,
)


# said with a shrug: what the boss wants is noted, not followed ("wants it all in the cloud anyway, bless him")
_DISMISSED_RE = re.compile(
    r"\b(?:anyway|bless (?:him|her|them)|as if|whatever|good luck with that|lol|(?:his|her|their) call)\b"
    # "… wants every result in Power BI, but I'm keeping the reports as PNGs": not what is done
    # ("… wants a weekly report, but I'm not sure what format" still asks for the report)
    r"|,?\s+but\s+(?:I'm|I am|im|we're|we are|I|we|I'll|we'll)\s+(?:still\s+)?(?:keeping|sticking|staying|"
    r"not\s+(?:doing|going|using|following|changing|switching)|keep|stick|stay|won't|don't)\b",
    IC,
)


# an opinion verb, with its adverbs ("also says", "really wants")
_OPINION_VERB = (
    r"[\s,]*(?:(?:also|always|really|just|still|even|totally|absolutely|apparently|now|honestly)\s+)*"
    + _OPINION_RE.pattern
)
# the verb right after the name
_THEIR_VERB_NOW_RE = re.compile("^" + _OPINION_VERB, IC)
_THEIR_VERB_RE = re.compile(
    # right after the name, or after an aside and "he/she/they" ("my friend Karim, he has a bakery, he says …")
    # ("my neighbour Herr Pfister uses the formic acid strips and he says it is the best thing")
    r"^(?:[^.;]{0,60}?(?:,\s*(?:and\s+)?|\s+and\s+)(?:he|she|they)\s+|"
    # ("My friend Bisi who is an accountant says I should register anyway")
    r"\s+who\s+[^,.;]{2,40}?\s+(?=(?:says|said|thinks|reckons|wants|swears|told)\b))?" + _OPINION_VERB,
    IC,
)


_GREETING_RE = re.compile(
    r"^[\s,]*(?:also\s+)?(?:says?|said|sends?|sent)\s+(?:hi|hello|hey|hiya|howdy|his love|her love|their love|"
    r"love|(?:his|her|their)\s+regards|regards|greetings)\b",
    IC,
)
_WORKS_FOR_RE = re.compile(rf"\b(?:{_BOSSES}|I work for|we work for|I report to|I support)\b", IC)


def work_asks(who: str, after: str) -> bool:
    """True when the words after someone the person works for say what the work needs ("[My supervisor Dr.
    Nusrat Jahan] wants everything to work fully offline"): a requirement, not their taste."""
    return bool(
        _WORKS_FOR_RE.search(who)
        and re.match(
            r"^[\s,]*(?:\w+ly\s+)?(?:wants?|needs?|expects?|requires?|insists?|asked|asks)\b", after, IC
        )
        and not _DISMISSED_RE.search(after)
    )


def their_opinion_follows(after: str, who: str = "") -> bool:
    """True when the words right after a person's name say what they like, want or think
    ("[my neighbour Dale] says I'm wasting my time", "[Dr Patel, my GP,] says to walk more").
    What someone the person works for wants is a requirement of the work, unless shrugged off."""
    if _GREETING_RE.match(after):
        return False  # "Biscuit (my lurcher) says hi": a greeting passed on is no opinion
    if re.search(rf"\b(?:my|our)\s+(?:{PETS})\b", who, IC):
        # "pancha (our cat) keeps sitting on my notebook": what a pet does is no opinion; who it is stays
        return bool(re.match(r"^[\s,]*(?:\w+\s+)?(?:loves?|hates?|prefers?|likes?|adores?)\b", after, IC))
    if who and _THEIR_WAY_AFTER_RE.match(after) and _FRIENDS_RE.search(who):
        return True  # "[my friend Dovydas] writes his whole thesis in word": all of it his
    if _HABIT_AFTER_RE.match(after) and who and not re.search(rf"\b(?:{_FAMILY}|{_WIDER_FAMILY})\b", who, IC):
        # "my friend Bronwen always books the cheapest flight", "Markus, the other postdoc, keeps
        # everything in notebooks": their habit, kept whole as theirs (a child's or a partner's
        # habit is often the person's own week)
        return True
    if re.search(rf"\b(?:{_FAMILY})\b", who, IC):
        # "my husband Jihoon says he'll make kimbap": who he is stays; "my sister Erzsébet thinks I
        # should grow only flowers": her advice on the person's life, kept whole as hers
        return bool(_ADVICE_RE.match(after))
    m = _THEIR_VERB_RE.match(after)
    direct = _THEIR_VERB_NOW_RE.match(after)
    if direct and not re.search(r"\b(?:did|tried)\b", direct.group(0), IC):
        m = direct  # "my colleague Hasan said the test is easy, he did it with no learning": what he said
    elif not m or re.search(r"\b(?:did|tried)\b", m.group(0), IC):
        return False  # "my late wife Lupe always did these things": what they did is no taste
    wants = re.search(r"\bwants?\b", m.group(0), IC) is not None
    return not (wants and _WORKS_FOR_RE.search(who) and not _DISMISSED_RE.search(after))


def their_peoples(text: str) -> bool:
    """True when the clause is about what somebody else's people do ("James's father tells jokes in
    every speech"); who they are stays ("her dentist is Dr Amadi on Bath Road")."""
    return bool(_THEIR_PEOPLE_RE.match(text)) and (
        not re.match(r"^\S+\s+(?:\w+\s+)?\w+\s+(?:is|was|'s)\b", text)
        # ("Callum's wife Jen is vegan and she'll have the whole house eating lentils"): a diet is their way
        or _THEIR_DIET_RE.search(text) is not None
    )


_THEIR_DIET_RE = re.compile(
    r"\b(?:is|'s|went|became|has\s+gone|turned)\s+(?:a\s+)?(?:fully\s+|strict\s+|strictly\s+|totally\s+)?(?:vegan|vegetarian|"
    r"veggie|pescatarian|keto|paleo|gluten-free|dairy-free|teetotal|sober|carnivore|plant-based)\b",
    IC,
)


# "… like he always does", "as she always does": told as another person's habit, whatever the words
_LIKE_THEY_ALWAYS_RE = re.compile(
    r"\b(?:like|as)\s+(?:he|she|they)\s+(?:always|usually|normally|typically)\s+(?:does|do|did)\b",
    IC,
)


# what someone of before did, in the past ("wrote everything in Latin maxims", "always sent checklists as PDFs")
_DEED_DONE = r"wrote|did|kept|made|ran|used|sent|put|filed|signed|typed|read|[a-z]{2,}ed"


# someone met through a place or a group, by no name ("The guy from our beekeeping club uses a Raspberry Pi",
# "a lady at the market sells hers at 4 euros"): theirs
_SOMEONE_FROM_RE = re.compile(
    # someone who did a job for the person before ("My old secretary always added the clauses in Word with track changes")
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?:my|our|the)\s+(?:old|former|previous|last|ex-?)\s+(?:\w+\s+)?"
    rf"(?:{_NOT_FAMILY}|secretary|assistant|accountant|designer|developer|dev|agency|nanny|cleaner|supervisor|teacher|coach)\b"
    r"(?!\s+(?:is|was)\b)|"
    # anyone of before, by any role, then all of a thing or their own way, nothing of the person in it ("My former
    # pupil master wrote everything in Latin maxims", "our previous landlord always did the repairs himself")
    # ("my old principal at the big firm always sent checklists as PDFs with watermarks": a habit word says it too)
    r"^(?:(?:and|but|so|also|oh|btw|plus|last\s+thing:?)[\s,]+)*(?:my|our|the)\s+(?:old|former|previous|last|ex-?)\s+"
    r"(?:[\w-]+\s+){1,6}?"
    rf"(?:(?:always|never|usually|only)\s+(?:{_DEED_DONE})\b|"
    rf"(?:just\s+)?(?:{_DEED_DONE})\s+(?=[^,;.]*\b(?:everything|all|every|his|her|their|himself|herself|themselves)\b))"
    r"(?![^,;.]*\b(?:I|me|my|mine|we|us|our|ours|myself|you|your)\b)|"
    # a shop or a trade nearby ("The dry cleaner next door charges 12 for a hem")
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?:the|a|that)\s+(?:[\w-]+\s+){1,2}?(?:next\s+door|across\s+the\s+(?:street|road|hall)|"
    r"down\s+the\s+(?:road|street)|around\s+the\s+corner|on\s+the\s+corner)"
    # (and its name: "The bakery across the street, Golden Crust, uses premix")
    r"(?:\s*,\s*(?-i:[A-Z])[\w'&-]+(?:\s+(?-i:[A-Z])[\w'&-]+){0,3}\s*,)?\s+(?:(?:\w+ly|always|never|usually|only|also)\s+)*"
    r"[a-z]{2,}[^s\W]s\b|"
    # someone by their title and name, then a habit ("Coach marcy always starts every practice with suicides")
    # ("coach Ramirez from Belgrade still does the scoring by hand on a clipboard")
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?:coach|teacher|sensei|pastor|mr|mrs|ms|miss|auntie|uncle|prof|professor)"
    r"\.?\s+[\w-]+(?:\s+(?:from|at|in)\s+(?-i:[A-Z])[\w'-]+)?\s+(?:(?:always|never|usually|only|still|just|also)\s+)+"
    r"(?:[a-z]{2,}[^s\W]s|does)\b|"
    # someone named by where they sit ("Ferri across the hall dictates everything to Dragon")
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?-i:[A-Z][\w-]+)\s+(?:across\s+the\s+(?:hall|corridor|street|road|way)|"
    r"next\s+door|down\s+the\s+(?:hall|corridor|street|road)|upstairs|downstairs|in\s+the\s+next\s+(?:office|room|desk))\s+"
    r"(?:(?:\w+ly|always|never|usually|only|also|still|just)\s+)*[a-z]{2,}[^s\W]s\b|"
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?:the|a|an|one|this|that)\s+(?:\w+\s+)?(?:guy|man|woman|lady|bloke|fellow|"
    r"fella|girl|boy|person|chap|dude|lad|gentleman|couple|family|folks|people)\s+(?:from|at|in|on|down|up|next)\s+"
    r"[^,;.]{1,40}?\s+(?:(?:\w+ly|always|never|usually|only|also|still|just)\s+)*"
    r"(?:uses|swears by|runs|does|sells|buys|grows|keeps|feeds|has|makes|built|bought|got|drives|plays|charges|gets)\b",
    IC,
)
# a colleague or friend named by no name ("coworker does ultramarathons, 100k trail stuff, crazy guy")
_BARE_OTHER_RE = re.compile(
    r"^(?:a\s+|one\s+)?(?:coworker|co-worker|colleague|workmate|friend|mate|buddy|pal)\s+(?:of mine\s+)?"
    r"(?:does|runs|plays|loves|swears|goes|did|is into)\b",
    IC,
)


# one of the person's family, by relation ("my cousin", "our youngest daughter")
_MY_KIN = rf"(?:my|our)\s+(?:\w+\s+)?(?:{_FAMILY}|{_WIDER_FAMILY})\b"
# … opening a clause, perhaps with where they live, their name or a pronoun after it ("my cousin in karakol",
# "my sister Ana, she")
_KIN_SUBJECT = (
    rf"^(?:(?:and|but|so|also|lol|plus|oh|like)[\s,]+)*{_MY_KIN}"
    r"(?:\s+(?:in|from|at|back in|back home in)\s+[^\W\d_][\w'-]*)?(?:\s+[A-Z][\w'-]+)?(?:,?\s+(?:he|she|they))?"
)
# nothing of the person's in the rest of the clause ("… signs off on everything I send out" is the person's work)
_NONE_OF_MINE = r"(?![^,;.]*\b(?:I|me|my|we|our|us)\b)"


# a relative's own choice of where things go ("my brother-in-law puts everything in gold coins", "my
# brother in Casablanca he sells only on Instagram"): theirs, however close they are
_KIN_CHOICE_RE = re.compile(
    _KIN_SUBJECT
    + r"\s+(?:\w+ly\s+)?(?:puts|keeps|invests|sells|buys|spends|saves|stores|orders|banks|gets)\s+"
    r"(?:\w+\s+){0,2}?(?:everything|all|only)\b",
    IC,
)


# a relative's own way with everyone, often where they live ("my cousin in karakol gives free horse ride to everybody,
# i think its stupid", "my uncle sells on credit to anyone who asks"): how they run their things, not the person's
_KIN_TO_ALL_RE = re.compile(
    _KIN_SUBJECT
    + r"\s+(?:\w+ly\s+|always\s+|still\s+|just\s+)?(?:gives|offers|sells|lets|charges|serves|sends|hands\s+out|rents|lends)\s+"
    r"(?![^,;.]*\b(?:me|us|my|our|I)\b)[^,;.]{0,40}?\b(?:to|for|with)\s+(?:everybody|everyone|every\s+\w+|all\s+(?:the\s+)?\w+|"
    r"anyone|anybody|free|nothing)\b",
    IC,
)


# a shop, a titled name or a child of the house, then what they do ("The boulangerie at the corner sells the croissant
# at 1,10 € but with margarine", "Mr Nicolson next door always takes his class to the Kelvingrove")
_NEARBY_DOES_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh)[\s,]+)*(?:{THEIRS_NEARBY}){_NONE_OF_MINE}"
    r"(?:\s+(?!(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could)\b)[\w'-]+){0,3}?\s+"
    r"(?:\w+ly\s+|always\s+|never\s+|only\s+|still\s+|just\s+)*(?!(?:is|has|was|does|ours|yours|hers|theirs)\b)"
    r"[a-z]{2,}[^s\W]s\b",
    IC,
)


# a name with where they work or what they are, then a habit over all of a thing ("Lindiwe at the shop next door posts
# like 10 times a day", "Marcus (other physio) still writes all his passwords on a sticky note")
_NAMED_PLACED_HABIT_RE = re.compile(
    r"^(?:(?:and|but|so|also|lol|plus|oh)[\s,]+)*(?!(?:I|I'm|Im|We|It|This|That|There|He|She|They|The|My|Our)\b)"
    # (one of the person's own people, in brackets, is their work's way: "Lucía (our artist) exports everything …")
    r"(?-i:[A-Z])[\w'-]+(?:\s*\((?![^)]*\b(?:our|my)\b)[^)]{1,30}\)|\s+(?:at|from|in|on)\s+the\s+"
    # (a unit of the person's own place is their work's way: "Dana on the infra team reviews every PR")
    r"(?![\w\s'-]{0,25}?\b(?:team|squad|crew|desk|ward|unit|department|dept|board|committee|project|lab|office)\b)"
    r"[\w\s'-]{1,30}?)\s+(?:still\s+|always\s+|usually\s+|just\s+|literally\s+)?(?!(?:is|has|was|does)\b)(?-i:[a-z]{2,}[^s\W]s)\s+"
    r"(?:all|everything|every|each|like\s+\d+|about\s+\d+|\d+\s+times|his|her|their)\b",
    IC,
)
# a relative's old way with all of a thing ("my father still writes every order in a paper notebook")
_KIN_STILL_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh)[\s,]+)*{_MY_KIN}"
    r"(?:\s+(?-i:[A-Z])[\w'-]+)?\s+still\s+(?!(?:is|has|lives|works)\b)[a-z]{2,}[^s\W]s\s+(?:all|every|everything|each)\b",
    IC,
)
# a titled name and what they once did ("Frau Pichler paid in cash at the Stammtisch in September")
_TITLED_DID_RE = re.compile(
    r"^(?:(?:and|but|so|also|lol|plus|oh)[\s,]+)*(?-i:Mr|Mrs|Ms|Miss|Dr|Mx|Frau|Herr|Mme|Madame|Monsieur|Señor|Señora|"
    r"Signor|Signora)\.?\s+(?-i:[A-Z])[\w'-]+\s+(?:\w+ly\s+|already\s+|also\s+)?(?:[a-z]+ed|paid|sent|gave|took|brought|came|"
    r"went|left|said|told|wrote|made|did|got|bought|sold|rang|called)\b" + _NONE_OF_MINE,
)


# what a relative lives on ("My partner Lukas lives on Leberkäse semmel from the Spar when he works"): their diet,
# not the person's; where they live is kept ("my sister lives on a boat in Utrecht")
_KIN_LIVES_ON_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh|like)[\s,]+)*(?:my|our)\s+(?:\w+\s+)?(?:{_FAMILY}|{_WIDER_FAMILY}|partner|flatmate|"
    r"roommate|housemate)\b(?:\s+(?-i:[A-Z])[\w'-]+)?,?\s+(?:basically\s+|practically\s+|just\s+|only\s+|mostly\s+)?"
    r"(?:lives|lived|survives|survived|runs)\s+(?:on|off)\s+(?!(?:a|an|the)\s+(?:[\w-]+\s+)?(?:boat|farm|island|ranch|estate|"
    r"barge|houseboat|street|road|base|campus|coast)\b)"
    # (an island by its name: "my mum lives on Hvar and I go over most weekends")
    r"(?!(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?(?:\s*[,.;!]|\s+(?:and|with|in|now|since|near)\b|$))",
    IC,
)


# someone else's say starting mid-clause in run-on speech, no comma before it ("… and never again my
# brother-in-law keeps saying to buy gold he has gold coins"); "… that my boss says" reports it
_RUN_ON_SAY_RE = re.compile(
    rf"(?<!\bthat )(?<!\bwhat )(?<!\bbecause )(?<!\bsince )(?<!\bas )(?<!\bif )\b(?:my|our)\s+(?:\w+\s+)?"
    rf"(?:{_FAMILY}|{_WIDER_FAMILY}|{_NOT_FAMILY})\b(?:\s+[A-Z][\w'-]+)?"
    r"\s+(?:always\s+|still\s+)?(?:keeps? (?:saying|telling|pushing|nagging)|says|said|told me|tells me|thinks|reckons|"
    r"wants me|insists|swears by)\b",
    IC,
)


# the same after "and", by anyone not the person ("our minSdk is 24 and product said we're not raising it")
_AND_THEY_SAID_RE = re.compile(
    r"\s(?:and|but)\s+(?:the\s+|our\s+|my\s+)?(?!(?:I|we|you|u|it|this|that|there|he|she|they)\b)[\w-]+(?:\s+team)?\s+"
    r"(?:said|says|told\s+(?:us|me)|decided|insists|insisted)\b",
    IC,
)


def their_say_starts(text: str) -> int | None:
    """Where someone else's say begins inside run-on words, past the first three words, or None."""
    m = _RUN_ON_SAY_RE.search(text) or _AND_THEY_SAID_RE.search(text)
    return m.start() if m and len(text[: m.start()].split()) >= 3 else None


# what someone else brought up ("A reviewer on my last paper mentioned censored regression in tidymodels")
_MENTIONED_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw)[\s,]+)*(?:a|the|my|our|one|some)\s+(?:\w+\s+)?(?:reviewer|examiner|referee|editor|"
    r"colleague|friend|someone|somebody|guy|person|student|customer|client|lecturer|professor|auditor|consultant|"
    r"inspector|rep|salesman|saleswoman|salesperson|agent)\b[^,;]{0,40}?\s+"
    # ("A colleague told me QuickBooks now supports Kosovo VAT"); "told me to …" is advice, read elsewhere; what
    # they told someone else ("The auditor told my boss that all big companies … will move to SAP")
    r"(?:mentioned|suggested|recommended|brought up|pointed (?:me|us) to|told (?:me|us)(?!\s+to\b)|"
    r"told\s+(?:my|our|the)\s+\w+(?:\s+\w+)?\s+that)\b",
    IC,
)


def others_habit(text: str) -> bool:
    """True when the clause tells what somebody else habitually does, or what everyone knows."""
    return bool(
        _OTHERS_HABIT_RE.match(text)
        or _KIN_CHOICE_RE.match(text)
        or _KIN_TO_ALL_RE.match(text)
        or _KIN_LIVES_ON_RE.match(text)
        or _NEARBY_DOES_RE.match(text)
        or _NAMED_PLACED_HABIT_RE.match(text)
        or _KIN_STILL_RE.match(text)
        or _TITLED_DID_RE.match(text)
        or _THE_ONE_RE.match(text)
        or _OTHER_TRADER_RE.match(text)
        or _NAMED_TASTE_RE.match(text)
        or _NAMED_UNIT_HABIT_RE.match(text)
        or _NEIGHBOURS_RE.match(text)
        or _NAMED_ROLE_ALL_RE.match(text)
        or _THEIR_WAY_RE.match(text)
        or _NAMED_UNIT_WAY_RE.match(text)
        or _OUTSIDER_DOES_RE.match(text)
        or _MENTIONED_RE.match(text)
        or _BARE_OTHER_RE.match(text)
        or _SOMEONE_FROM_RE.match(text)
        or _COMMON_KNOWLEDGE_RE.search(text)
        or _UNNAMED_ADVICE_RE.search(text)
        or _PASTED_RE.search(text)
        or _LIKE_THEY_ALWAYS_RE.search(text)
    )


def turned_down_at(text: str) -> re.Match[str] | None:
    """Where the clause says something was considered and turned down ("nah not doing X, overkill")."""
    return _REJECTED_RE.search(text)


# "no need for a Dockerfile", "And no need Flask-Login, only the one computer …": an offer turned down, in a
# clause of its own ("no need for long answers" asks for a way of answering). What the rest of the sentence says
# stays ("no need for the calendar thank you, … and I've decided to grow only Basque heirlooms")
_NOT_NEEDED_RE = re.compile(
    r"^(?:(?:and|so|ok|okay|also|oh|but|thanks|thank you)[,\s]+)*no\s+need\s+(?!to\b|(?:for\s+)?(?:me|you|u|us)\b)"
    r"(?!(?:for\s+)?(?:a\s+|an\s+|the\s+|any\s+)?(?:long|longer|short|detailed|lengthy|whole|full|formal)\b)"
    r"(?=[\w\"'`])",
    IC,
)


def not_needed(clause: str) -> bool:
    """True when the clause opens by saying a thing is not needed ("no need for the shopping list")."""
    return bool(_NOT_NEEDED_RE.match(clause))


def turned_down(text: str) -> bool:
    """True when the clause says something was considered and turned down."""
    return turned_down_at(text) is not None


# a question somebody asked, passed on ("Ola from my team asked if we should move to Podman")
_ASKED_IF_RE = re.compile(
    r"\b(?:asked|asks|wondered|wonders|was asking|is asking|wants to know|wanted to know)\s+(?:me\s+|us\s+|you\s+)?"
    r"(?:if|whether)\b",
    IC,
)
# a story told of one occasion ("At the engagement, Kwabena's uncle brought a goat", "it was Tomas who
# set up the VPN")
_OCCASION_RE = re.compile(
    r"^it\s+was\s+(?:\w+\s+){1,3}?(?:who|that)\s+\w+|"
    r"^(?:at|during|after)\s+(?:the|our|my|his|her|their|(?-i:[A-Z])[\w-]*'s)\s+(?:\w+\s+)?(?:engagement|wedding|"
    r"party|funeral|reunion|christening|baptism|naming ceremony|ceremony|reception|barbecue|bbq|picnic|dinner|"
    r"conference|festival|concert|match|game|trip|holiday|graduation|birthday|housewarming|launch|offsite)\b"
    rf"[^.;]*\b(?:\w+ed|{_PAST})\b"
    # a hurt, told as what happened ("I cut my finger on the mandoline at lunch service")
    r"|^(?:and\s+|so\s+)?I\s+(?:just\s+|also\s+)?(?:cut|burnt|burned|bruised|banged|stubbed|sliced|scalded|trapped)"
    r"\s+my\b"
    # a gift, told as a story ("My son bought me that Dragon program a few Christmases back")
    r"|\b(?:bought|gave|got|sent|lent|gifted|showed)\s+(?:me|us)\b[^.;]*\b(?:ago|back|last\s+(?:year|month|week|"
    r"christmas|summer|winter|spring|autumn|birthday))\b"
    r"|\ba\s+(?:few|couple(?:\s+of)?)\s+(?:christmases|birthdays|summers|winters|easters)\s+(?:back|ago)\b",
    IC,
)


# someone or something else due at a time, once ("gotta run, the inspector from the ministry comes at 3",
# "Sziget tickets go on sale at noon tomorrow"); what the person does then is theirs ("bouldering at 7")
# the person on their way out ("gotta run", "I'm off")
_LEAVING = (
    # ("I have to go, the vet comes at 9 tomorrow for the ram with the bad leg")
    r"(?:(?:i|we)(?:'ve|ve|\s+have)?\s+)?(?:gotta|got to|have to|need to|must)\s+(?:run|go|dash|fly)|(?:i'm|im|i am)\s+off"
)
_VISIT_RE = re.compile(
    # ("the extract from the Meditech replica lands around 02:30 every night" comes back)
    r"^(?!.*\b(?:every|each|nightly|daily|weekly|usually|always|normally|often)\b)"
    rf"(?:(?:{_LEAVING})[\s,!.]+)?"
    r"(?:(?:and|but|so|because|cause|coz|cuz)\s+)?(?!(?:i|we|my|me|you)\b)(?:(?:the|a|an|our|some)\s+)?"
    r"(?:[\w-]+\s+){0,5}?(?:comes|is coming|are coming|arrives|is arriving|are arriving|turns up|shows up|drops by|"
    r"goes on sale|go on sale|lands|is landing|is due|are due|is here|are here|visits|is visiting)\s+"
    rf"(?:at|around|by|in|this|tomorrow|tonight|today|soon|any minute|on\s+{WEEKDAY}\b)",
    IC,
)
# the person's own errand at a time, once, as they leave ("Then I'm off, dentist at 11", "gotta run, vet at
# 4:30", "I have the physio at 9 tomorrow")
_ERRAND_RE = re.compile(
    rf"^(?:(?:then|so|ok|okay|and|anyway|right)[\s,]+)*(?:(?:{_LEAVING}|(?:i'm|im|i am)\s+(?:leaving|out)|"
    r"(?:i|we)\s+(?:have|got|'ve got|have got))[\s,!.]*)?"
    r"(?:(?:the|a|an|my|our)\s+)?(?:dentist|doctor|gp|physio|vet|appointment|check-?up|hairdresser|haircut|barber|"
    r"optician|scan|x-ray|blood test|dr\.?\s+[a-z]\w*)(?:'s)?(?:\s+appointment)?\s+(?:at|around|by)\s+"
    rf"{TIME}\b",
    IC,
)
# one event of the person's, soon ("I have exam tomorrow in discrete math", "tonight I've got a recital")
_SOON = rf"{TODAY_OR_TOMORROW}|tmr|in (?:an|one|two|three|\d+) (?:hours?|hrs?)"
_ONE_EVENT_RE = re.compile(
    rf"^(?:(?:and|but|so|also|btw|plus|because|cause|coz|cuz|ok|okay)[\s,]+)*(?:(?:{_SOON})\s*,?\s*)?(?:i|we)\s+"
    r"(?:have|got|'ve got|have got|'ve|ve got)\s+(?:an?\s+|my\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:exam|test|quiz|interview|presentation|viva|defen[cs]e|deadline|meeting|appointment|match|game|flight|surgery|"
    rf"operation|recital|audition)s?\b(?=.*\b(?:{_SOON})\b)",
    IC,
)
# "coaching the under-12s tonight, thursdays and saturdays": tonight is one of the days it recurs on
# ("I'm offline most weekends, every second Friday I drive out to Dunquin", "odd weeks are my on call weeks")
_RECURRING_RE = re.compile(
    rf"\b{WEEKDAY}s\b|\b{WEEKDAY}\s+(?:mornings|afternoons|evenings|nights)\b|\bevery\s+(?:other\s+|second\s+|2nd\s+|third\s+|single\s+)?(?:{WEEKDAY}|weekend|week|month)\b"
    r"|\b(?:most|all|on)\s+weekends\b|\b(?:odd|even|alternate)\s+weeks\b|" + _PER_PERIOD_RE.pattern,
    IC,
)


# what a sentence is about, with nothing said of it yet ("As for the Bitwarden business", "Regarding
# the invoices", "About your suggestion")
_TOPIC_ONLY_RE = re.compile(
    r"^(?:and\s+|but\s+|now\s+)?(?:as for|as to|as regards|regarding|re|about|concerning|on the subject of|"
    r"with regard to|with regards to)\s+(?:the\s+|your\s+|my\s+|that\s+|this\s+)?[\w' -]{1,40}[.!]*$",
    IC,
)


# the topic named first, then what is said of it ("About Grammarly, …", "As for the invoices, …"); not an amount
# ("About 60 to 90 orders a month, more in December")
_TOPIC_FIRST_RE = re.compile(
    r"^(?:and\s+|but\s+|now\s+|ok\s+|okay\s+)?(?:as for|as to|as regards|regarding|re|about|concerning|on the subject of|"
    r"with regard to|with regards to)\s+(?!\d)(?:the\s+|your\s+|my\s+|that\s+|this\s+)?[^,\d]{1,40},\s*(?=\S)",
    IC,
)


# a time that is over ("in bachelor studies", "back in my masters", "at my old job", "years ago")
_PAST_TIME = (
    r"(?:in|during|back in|at|for)\s+(?:my\s+|our\s+|the\s+)?(?:bachelor'?s?|bachelor studies|undergrad\w*|"
    r"masters?|master'?s|phd|school|high school|uni|university|college|previous job|old job|last job|first job|"
    r"old company|previous company|old lab|previous lab|the old days|the past)\b(?:\s+(?:studies|degree|days|years))?"
    r"|\b(?:years ago|back then|as a (?:student|kid|teen|teenager))"
    # ("At work long ago I programmed Fortran on the big computers")
    r"|\b(?:at\s+(?:work|school|uni|the office)\s+)?(?:long ago|a long time ago|decades ago|ages ago)"
)
# what the person did once and no more ("i used to play poker online … quit that tho", "we used to run
# a diesel engine on the borehole but its finished now"); who they were stays ("I used to be a
# librarian in Swansea", "the cluster I used to run at Souqline")
_GIVEN_UP_RE = re.compile(
    # ("At the university I used to program in Fortran": a time that is over, first)
    rf"^(?:(?:and|but|so|also|lol|plus|oh|yeah|well)[\s,]+)*(?:(?:{_PAST_TIME})[\s,]+)?(?:i|we)\s+(?:\w+ly\s+)?used to\s+"
    # ("I used to run everything through Pulumi at my last job" is a way left behind, not a post held)
    r"(?!be\b|work|live|teach|study|lecture|manage|lead|run\s+(?!everything\b|all\b)(?:the\s+|a\s+)?(?:[\w-]+\s+){1,3}"
    r"(?:at|for)\b(?!\s+(?:my|our|the)\s+(?:last|old|previous|former|first)\b))[a-z]+\b"
    # ("I used to use vim but now I use helix": what holds now is said too; not "I used to do WordPress sites
    # before I moved to Laravel", all of it told of the past)
    r"(?!.*\b(?:now\s+(?:I|I'm|im|we|we're)|nowadays|these days|currently|instead|(?<!before i )(?<!before we )"
    r"(?:switched|moved) to)\b)",
    IC,
)


# a tool or a way left behind, said with when ("we left Jira last year thank god", "we ditched Jenkins in 2022"):
# what was, not what is; where the person lived or worked stays ("we left London for Lisbon in 2019")
_LEFT_BEHIND_RE = re.compile(
    # a team leaves a tool; a person who left a firm tells where they worked ("I left Google in 2020 to freelance")
    r"^(?:(?:and|but|so|also|oh|well|yeah|btw)[\s,]+)*(?:we|i(?!\s+(?:finally\s+|already\s+|just\s+)?left\b))\s+"
    r"(?:finally\s+|already\s+|just\s+)?"
    r"(?:left|ditched|dropped|got rid of|moved off|migrated off|moved away from|stopped using|gave up on|killed)\s+"
    r"(?:the\s+|our\s+|my\s+)?[\w.+-]+(?:\s+[\w.+-]+)?\s+(?!for\b|to\b)"
    r"(?:last\s+(?:year|month|spring|summer|autumn|fall|winter|quarter)|in\s+\d{4}|(?:a\s+few\s+|two\s+|\d+\s+)?"
    r"(?:years?|months?)\s+ago|a\s+while\s+ago|ages\s+ago|long\s+ago)\b"
    # what holds now, or what came with it, is said too ("we moved off AWS last year, everything runs on Fly.io now",
    # "we dropped the old ones last year when I became the only mobile dev left at Cuentaclara")
    r"(?!.*\b(?:now|nowadays|these days|instead|when|since|after|because)\b)",
    IC,
)


# what the person used in a time that is over ("In bachelor studies I used SPSS", "I used Eviews back in my
# masters"): what they used then, not now; what they learned or where they studied stays
_PAST_USE_RE = re.compile(
    rf"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?P<then>(?:{_PAST_TIME})[\s,]+)?(?:i|we)\s+"
    r"(?:mostly\s+|only\s+|also\s+|just\s+)?(?:used(?!\s+to\b)|was using|were using|tried|played with|worked with|"
    r"programmed|coded|wrote)\b"
    rf"(?(then)|(?=.*(?:{_PAST_TIME})))",
    IC,
)


# a past habit said with "before" ("Before we did the markets in Donostia every Saturday")
_BEFORE_HABIT_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?:before|previously|formerly|in the past|back then|(?:many\s+|some\s+)?"
    r"years ago)\s*,?\s+(?:i|we)\s+"
    r"(?!(?:was|were|lived|worked|studied|taught|moved|came|arrived|left|started|got|had kids)\b)"
    # ("Years ago I kept everything in a paper ledger until 2019")
    rf"(?:did|went|had|ran|sold|made|took|kept|\w+ed)\b(?=.*\b(?:every|always|each|most|everything|all|on\s+{WEEKDAY}s?|"
    r"until\s+(?:\d{4}|recently|last\s+\w+))\b)|"
    # a habit of before, in the past continuous ("before i was keeping chicken also but i stop"); where the person
    # worked or lived stays ("before I was working as a nurse in Accra")
    r"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?:before|previously|formerly|in the past)\s*,?\s+(?:i|we)\s+(?:was|were)\s+"
    r"(?!(?:working|living|teaching|studying|lecturing|managing|leading|running\s+(?:the\s+|a\s+)?[\w-]+\s+(?:at|for))\b)"
    r"[a-z]+ing\b|"
    # ("Before 2021 we did everything in an Access database", "until last year I kept the books on paper")
    r"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?:before|until|till|up\s+(?:un)?til)\s+(?:\d{4}|last\s+(?:year|spring|summer|"
    r"autumn|fall|winter)|(?:the\s+)?(?:pandemic|covid|lockdown|move|merger|war|crisis))\s*,?\s+(?:i|we)\s+"
    r"(?!(?:was|were|lived|worked|studied|taught|moved|came|arrived|left|started|got|had kids)\b)"
    rf"(?:did|had|ran|sold|made|took|kept|used|wrote|\w+ed)\b|"
    # a past way given up, said so after it ("Before, I sold also argan oil cosmetics but I stopped, too many
    # fakes"); "I worked at the port but I stopped in 2019" tells where the person worked, and stays
    r"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?:(?:before|previously|formerly|in the past|back then|years ago)\s*,?\s+)?"
    r"(?:i|we)\s+(?!(?:was|were|lived|worked|studied|taught)\b)(?:also\s+)?(?:did|had|ran|sold|made|took|kept|used|"
    r"grew|raised|bred|\w+ed)\b[^.;]{0,60}?,?\s+but\s+(?:i|we)\s+(?:(?:have|had|'ve)\s+)?(?:stopped|quit|gave\s+"
    r"(?:it|that|them)\s+up|gave\s+up|dropped\s+(?:it|that|them))\b|"
    # the old way, and the new one better ("I used a daftari and counted everything on Sunday, now this is much
    # better"): a habit the person has dropped
    r"^(?:(?:and|but|so|also|oh|well)[\s,]+)*(?:i|we)\s+(?:used|did|kept|wrote|ran|had|\w+ed)\b[^.;]*,\s*"
    r"(?:but\s+|and\s+)?now\s+(?:this|it|that|the\s+\w+|everything)\s+(?:is|'s|works|feels)\s+"
    r"(?:so\s+|much\s+|way\s+|a lot\s+|far\s+)?(?:better|easier|faster|simpler|quicker)\b",
    IC,
)


def given_up(text: str) -> bool:
    """True when the clause tells only of a habit the person has dropped ("I used to smoke a pipe"), or of
    what they used in a time that is over ("In bachelor studies I used SPSS")."""
    return bool(
        _GIVEN_UP_RE.match(text)
        or _PAST_USE_RE.match(text)
        or _BEFORE_HABIT_RE.match(text)
        or _LEFT_BEHIND_RE.match(text)
    )


# what the person only read or heard ("I read that Zigbee sensors use much less battery", "heard that
# Yupo paper is good for beginners"): hearsay, not how things are for them
_HEARSAY_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|lol|plus)[\s,]+)*(?:i|we)?\s*(?:(?:once|also|just|recently|lately)\s+)?"
    # ("I have been reading in the Guardian about no-dig gardening", "was watching a video on how …")
    r"(?:(?:'ve|have|had|was|were)\s+)?(?:(?:also\s+|just\s+)?been\s+)?"
    r"(?:read|heard|saw|seen|reading|hearing|watching|watched)\s+(?:up\s+)?(?:(?:a lot|lately|recently)\s+)?"
    # ("I read in the Jornal do Commercio that …": a source of up to four words)
    # ('I read in newspaper "Postimees" about …': the source's name in quotes)
    r"(?:(?:somewhere\s+|online\s+|(?:on|in)\s+(?:a\s+|the\s+)?[\w\"“”«»'-]+(?:\s+[\w\"“”«»'-]+){0,3}?\s+)?"
    # ("I read something about hugelkultur in a magazine at the clinic")
    r"(?:(?:something|a bit|a little|a thing|stuff|a lot|loads)\s+)?"
    # ("I read in Kystmagasinet about epoxy sheathing over the whole hull")
    r"(?:that|how|about)|"
    r"(?:a|an|some|this|that)\s+(?:article|piece|column|post|thread|video|documentary|podcast|book|blog|study|paper|"
    r"story|report|interview)s?\s+(?:(?:on|in)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+)?(?:that|how|about|on))\b",
    IC,
)
# who does it, said as "X is the one doing …": about a friend or colleague ("my friend in toronto is the
# one doing nclex"); a relative's part in the person's life stays ("my abuela in Cusco is the one who
# checks my Quechua")
_THE_ONE_RE = re.compile(
    rf"^(?:(?:and|but|so|also)[\s,]+)*(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:{_NOT_FAMILY})\b[^,;]{{0,40}}?\s+"
    r"(?:is|'s|was)\s+the\s+one\s+(?:doing|who|that|taking|going|sitting|writing|with)\b",
    IC,
)
# what another shop or trader does ("la señora of the other papelería on the corner gives 10% to teachers")
_OTHER_TRADER_RE = re.compile(
    r"^(?:(?:and|but|so|also)[\s,]+)*(?:(?:the|la|el|le|a|an|this)\s+)?(?:[\w-]+\s+){0,3}?(?:of|at|from|in|with)?\s*"
    r"(?:the\s+other\s+[\w-]+"
    # ("The shop across road is using Tally and barcode scanner for everything")
    r"|the\s+(?:shop|store|bakery|stall|cafe|café|restaurant|salon|pharmacy|chemist|farm|butcher|garage|vendor|guy|lady|"
    r"man|woman|seller|trader|place)\s+(?:across|opposite|next door|down|up|over|round|around)\b(?:\s+[\w-]+){0,2}?"
    # a rival, wherever they are ("My competitor across the street sells everything on credit")
    r"|(?:my|our|the|a|one)\s+(?:(?:main|biggest|big|only|local|nearest)\s+)?(?:competitors?|rivals?|competition)\b"
    r"(?:\s+[\w-]+){0,4}?)"
    r"(?:\s+[\w-]+){0,4}?\s+(?:gives|sells|charges|does|offers|has|opens|closes|makes|uses|is using|takes|"
    r"pays|buys|puts|runs)\b",
    IC,
)


# a named person's own diet or taste ("Elspeth doesn't eat raw fish at all")
_NAMED_TASTE_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|plus)[\s,]+)*(?!(?:I|We|You|It|This|That|There|Nobody|Everyone|Everybody)\b)"
    r"(?-i:[A-Z])[\w'-]+\s+(?:doesn't|does not|won't|will not|can't|cannot|never|hardly ever)\s+"
    r"(?:eats?|drinks?|likes?|touch(?:es)?|do(?:es)? (?:spicy|dairy|meat|fish|pork|alcohol|sugar|gluten))\b"
)
# someone by name, and where they sit, then their way ("Bence in our group does everything in SPSS")
_NAMED_UNIT_HABIT_RE = re.compile(
    rf"^(?-i:[A-Z])[\w'-]+{_WHERE_THEY_SIT}\s+"
    rf"(?:{_HABIT_WORDS}|uses|does\s+(?:all|most)\b)",
    IC,
)


# what the people next door or around do ("the neighbours rent their cabin to German hunters in autumn")
_NEIGHBOURS_RE = re.compile(
    r"^(?:(?:and|but|so|also|plus)[\s,]+)*(?:the|my|our)\s+(?:\w+\s+)?(?:neighbou?rs|locals|people next door|folks next door|"
    r"people (?:around|round) here|guys next door)\s+(?:\w+ly\s+)?(?!(?:are|were|is|was|have|has|had|and|or|who|that)\b)[a-z]+\b",
    IC,
)


# a name with its role, then a verb of theirs over all of a thing ("Gergő, my team lead, writes all his SQL
# keywords in uppercase")
_NAMED_ROLE_ALL_RE = re.compile(
    r"^(?-i:[A-Z])[\w'-]+,\s*(?:the|my|our)\s+[^,]{1,30},\s+(?:\w+ly\s+)?[a-z]+s\s+(?:all|everything|every)\b"
)


# Someone outside the household and their own way with a thing, nothing of the person in it ("my
# supervisor Ruwan does literally everything in the QGIS console", "my friend Dovydas writes his whole
# thesis in word", "my neighbour Don Chuy he uses drones", "my sister who has a cafe in Durrës does a
# lot of Instagram ads"): theirs. Their way is a tool they use, a habit word, or all of a thing or their
# own thing; "my artist friend Kenta does the pixel art" is their share of the person's work and stays.
# What touches the person stays ("my coach plans my long runs"), and so does what a partner, a child, a
# roommate, an apprentice or a mechanic does, and who anyone is ("my sister lives in Tirana").
_OUTSIDERS = (
    rf"{_FRIENDS}|{_WORKMATES}|supervisor|advisor|adviser|mentor|professor|prof|teacher|lecturer|tutor|coach|"
    r"trainer|postdoc|supplier|wholesaler|distributor|vendor|courier|competitor|rival"
)
_SIBLINGS = rf"brother|sister|brothers|sisters|siblings?|{_WIDER_FAMILY}"
_AWAY_KIN = (
    r"son|daughter|kid|child|children|mum|mom|mother|dad|father|parent|grandson|granddaughter|grandkid|grandchild|"
    r"grandchildren"
)
_FIRST_PERSON = r"I|me|my|mine|we|us|our|ours|myself|ourselves|I'm|im|I've|ive|I'd|we're|we've"
_WAY_ADVERBS = r"\w+ly|just|also|still|basically|even|mostly|pretty much|kinda|lol"
# where someone sits, said after their name ("my colleague Avv. Ferri across the hall dictates everything to Dragon")
_NEARBY = (
    r"(?:\s+(?:across|down|up|along|over)\s+the\s+(?:hall|corridor|street|road|way|stairs|landing|yard|aisle)|"
    r"\s+(?:next\s+door|upstairs|downstairs)|\s+in\s+the\s+next\s+(?:office|room|desk|stall|shop|bed|bay))?"
)
# the place someone lives in, said after their name ("my compadre Lucho in Dalcahue sells everything to the plant");
# right after a role it may be the person's own post ("my postdoc at Universidad Austral ends next August")
_NAME_THEN_TOWN = r"(?:\s+(?:from|in|at|back\s+in|over\s+in|out\s+in|up\s+in|down\s+in)\s+(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)?"
_THEIR_WAY_VERB = (
    r"(?:,?\s+(?:who|that|whose)\s+[^,;.]{1,50}?)?,?(?:\s+(?:he|she|they))?"
    rf"(?:\s+(?:{_WAY_ADVERBS}))*\s+(?:"
    # a tool they use, or a habit word ("he uses drones", "always books the big room")
    rf"(?:uses?|swears? by|sticks? to)\b|"
    # what they charge ("my cousin Aminata in Paris charges 180 for knotless")
    r"(?:charges?|asks?)\s+(?:like\s+|about\s+|around\s+)?[$€£₦₹]?\d|"
    rf"(?:always|never|usually|only)(?:\s+(?:{_WAY_ADVERBS}))*\s+"
    # any verb in -s after the habit word ("always pays with M-Pesa")
    rf"(?:{WAY_VERBS}|[a-z]{{2,}}[^s\W]s)\b|"
    # all of a thing, or their own ("does literally everything in QGIS", "writes his whole thesis in word")
    # any verb in -s ("my mother-in-law plants everything by the moon phases"); what a boss wants or needs
    # is the person's work
    rf"(?:{WAY_VERBS}|(?!(?:wants|needs|expects|requires|asks|says|thinks|likes|loves|hates|prefers|means|"
    rf"gets|lets|makes sure)\b)[a-z]{{2,}}[^s\W]s)\b(?=[^,;.]*\b(?:his|her|their|everything|all|every|whole|entire|a lot|lots|only|"
    # a trick of their trade ("my cousin in Lukla gives free dal bhat refills to get good reviews there")
    r"to\s+(?:get|attract|keep|win|draw|lure|boost|pull)\s+(?:\w+\s+)?(?:reviews|customers|clients|guests|buyers|"
    r"followers|people|traffic|sales|business|them|more))\b)|"
    # a change of diet ("my sister Malika went vegan this year")
    # or a diet they keep, outside the household ("My sister-in-law Jikke is vegan"; "my wife is celiac" is the
    # person's kitchen, and says no family of this)
    # or one they are trying out ("my nephew Arman is doing this keto diet and lost 12 kilo")
    # ("my brother Aziz is training for a marathon")
    r"(?:is|'s)\s+training\s+for\b|"
    r"(?:went|became|turned|has gone|'s gone|switched to|has become|is|'s|is a|'s a|is doing|'s doing|is on|'s on|"
    r"started|tried|does)\s+(?:(?:this|that|the|a|an|some)\s+)?(?:fully\s+|completely\s+|"
    r"totally\s+|full\s+|strictly\s+|strict\s+|a strict\s+)?"
    r"(?:vegan|vegetarian|veggie|pescatarian|keto|paleo|gluten-free|dairy-free|sober|teetotal|carnivore|plant-based|"
    # a fasting plan ("does 16:8 and lost like 6 kg")
    r"16:8|18:6|20:4|5:2|OMAD|intermittent fasting|fasting|low[- ]carb|a juice cleanse|a detox)(?!\w))"
    # the person, in the same clause: it touches them; not past "and then" ("my roommate ayanda spends like R400 on uber
    # eats every week and then borrows from me": her way, then what it does to the person)
    rf"(?!(?:(?!\s(?:and\s+then|but|and\s+it)\s)[^,;.])*\b(?:{_FIRST_PERSON})\b)"
)
_THEIR_WAY_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh|like)[\s,]+)*(?:my|our)\s+(?:\w+\s+)?(?:(?:{_OUTSIDERS}|{_SIBLINGS})s?\b|"
    # a child or a parent who lives elsewhere ("My son in London uses Google Photos for everything")
    rf"(?:{_AWAY_KIN})s?(?=\s+(?:in|over in|back in|back home in|who lives in|living in)\s+(?-i:[A-Z]))|"
    # anyone the person knows by their role or trade, then named ("my vet Bartek does all her books in Excel",
    # "my compadre Tatay Boyet uses GCash for everything"): who they are stays, read from the appositive
    rf"(?:{BY_ROLE}|{_HOUSEMATES})(?=,?\s+(?-i:[A-Z])|\s+(?:from|in|at|on|back in|over in)\s"
    # a name in small letters right before their way ("my roommate ayanda spends …")
    rf"|\s+(?-i:[a-z][\w'-]+)\s+(?:(?:{_WAY_ADVERBS})\s+)*(?:{WAY_VERBS})\b))"
    # where they live or sit ("my friend on the surgical ward does all her rosters with Excel macros")
    # ("my roommate from nursing school Shraddha does 16:8": where from, in up to three words)
    rf"(?:\s+(?:from|in|at|back in|back home in|over in|who lives in|living in)\s+[^\W\d_][\w'-]*"
    rf"(?:(?:\s+(?-i:[a-z])[\w'-]+){{1,2}}(?=\s+(?-i:[A-Z])[\w'-]+))?|{_WHERE_THEY_SIT})?"
    # a name, or one word in small letters before "he"/"she" ("my brother lamin he sell …")
    # or right before their way ("my groupmate malika studies only from youtube videos")
    r"(?:(?:,?\s+(?-i:[A-Z])[\w'-]+){1,3}" + _NAME_THEN_TOWN + "|"
    r"\s+[^\W\d_][\w'-]*(?=,?\s+(?:he|she|they)\b)"
    rf"|\s+(?!(?:{WAY_VERBS}|who|that|always|never|usually|only|also|just|still)\b)(?-i:[a-z][\w'-]+)(?=\s+(?:{WAY_VERBS})\b))?"
    + _NEARBY
    + _THEIR_WAY_VERB,
    IC,
)
# someone by name and where they sit, then their own way with any verb ("Jarno from the network team still runs
# Ubuntu on his jump box")
_NAMED_UNIT_WAY_RE = re.compile(
    rf"^(?:(?:and|but|so|also|oh|plus)[\s,]+)*(?-i:[A-Z])[\w'-]+{_WHERE_THEY_SIT}(?:\s+(?:{_WAY_ADVERBS}))*\s+"
    # ("Tomasz from accounting only uses LibreOffice": a habit word says it all)
    rf"(?:(?:only|always|never|usually)\s+[a-z]{{2,}}[^s\W]s\b(?![^,;.]*\b(?:{_FIRST_PERSON})\b)|"
    rf"[a-z]{{2,}}[^s\W]s\b"
    # their own thing or all of it; who reviews or signs off is the person's process ("Dana on the infra team
    # reviews every PR")
    rf"(?=[^,;.]*\b(?:his|her|their|everything)\b)(?![^,;.]*\b(?:{_FIRST_PERSON})\b))",
    IC,
)
# someone outside the household, by role and no name, and a thing they do with nothing of the person in it
# ("my boss cycles to work on a Brompton", "my flatmate runs Arch btw", "our accountant swims at 6"); who
# anyone is stays ("my friend lives in Tirana"), and so does what they want of the work (`work_asks`)
_OUTSIDER_DOES_RE = re.compile(
    rf"^(?:(?:and|but|so|also|lol|plus|oh|btw)[\s,]+)*(?:my|our|the)\s+(?:[\w-]+\s+){{0,2}}?(?!(?-i:Pi|pi)\b)(?:{_OUTSIDERS}|{_HOUSEMATES}|"
    # ("the dev Airflow runs on the old Dell box": dev as a stage, not a person)
    r"accountant|bookkeeper|designer|developer|pm|cto|ceo|cfo|intern|contractor|PI|TA|GP|head|chef|principal|"
    rf"{SHIP_CREW}|foreman|"
    # nothing of the person in the rest of the clause ("my friend on the ward does all my rosters")
    # (… up to "and she", which goes on about them: "… sells her cakes only on Instagram and she charges double than me")
    rf"headteacher|dean|director|owner|matron|compadre|comadre|kumpare|kumare|vet|farrier|mechanic|plumber|electrician|"
    # ("The other provider in my building, Hodan, gives her kids juice every single day")
    rf"nurse|midwife|dentist|physio|hairdresser|barber|tailor|provider|childminder)s?"
    # (… up to "and it", what it does to the person: "my supervisor Gaz does the readings in a weird order and it messes
    # with my head")
    # (… or "and laughs", a second verb of theirs: "My flatmate writes everything in Word and laughs at me")
    rf"(?!(?:(?!\band\s+(?:(?:he|she|they|it)\b|[a-z]{{2,}}[^s\W]s\b))[^,;.])*\b(?:{_FIRST_PERSON}|you|your|u|ur)\b)"
    # … named after the role ("My neighbour Tibor has the Lely robots", "The colleague in the office next door,
    # Pavel, writes all his letters with ChatGPT")
    # (a title in small letters before the name: "the other physics teacher, pan Marek, makes everything in Word")
    r"(?:\s+(?:in|at|from|on|of)\s+(?:the|our|my)\s+[\w\s-]{1,30}?)?(?:,?(?:\s+(?-i:[A-Z][a-z]{1,4})\.)?"
    r"(?:\s+(?-i:pan|pani|herr|frau|señor|señora|senhor|senhora|don|doña|dona|signor|signora|monsieur|madame|mr|mrs|ms|"
    r"dr|sr|sra|bapak|pak|ibu|bu|mwalimu|mama|baba|bwana|sensei|hoca))?\s+(?-i:[A-Z][\w-]+)"
    # (and the honorific after the name: "Our PM Joshi sir prints every email")
    r"(?:\s+(?-i:[A-Z][\w-]+))?(?:\s+(?:sir|ji|san|sama|bhai|didi|madam|ma'am|sensei|hoca|abla|bey|hanım))?,?"
    + _NAME_THEN_TOWN
    + ")?"
    + _NEARBY
    + rf"(?:\s+(?:{_WAY_ADVERBS}))*\s+"
    # what they own ("has the Lely robots"), or do as a habit ("does all of this by hand in Excel", "does 2 hour
    # sessions … every time"); "has to review anything under internal/" is the person's work
    r"(?:has\s+(?:a|an|the|two|three|four|\d+|his|her|their|these|those|this|that|(?-i:[A-Z])[\w-]*)\s|does\s+(?:all|everything|every|his|her|their|"
    r"it|this|that|the\s+whole|only|nothing\s+but|\d+)\b|makes\s+(?:his|her|their|everyone|everybody|all|everything|them|"
    r"the\s+(?:kids|boys|girls|players|team|class|students|staff))\b|"
    r"(?!(?:wants|needs|expects|requires|asks|says|thinks|means|gets|lets|makes|is|has|was|does|lives|works|comes|"
    r"stays|moved|knows|seems|looks|sounds|feels|agrees|approves|signs|reviews|checks|reads|sees|calls|helps|"
    r"handles|owns|manages|runs\s+(?:the|our|my|this)\s+(?:team|lab|group|company|shop|business|office|project|"
    r"department|place|show))\b)"
    rf"[a-z]{{2,}}[^s\W]s\b)",
    IC,
)
# the same way said right after a friend or a neighbour is named ("[my friend Dovydas] writes his whole
# thesis in word"): all of it theirs. A colleague or a boss named stays: who they are is the person's work
_THEIR_WAY_AFTER_RE = re.compile("^" + _THEIR_WAY_VERB, IC)
_FRIENDS_RE = re.compile(rf"\b(?:{_FRIENDS})\b(?!-)", IC)


# someone outside the family: a friend, a colleague, a teacher ("…, my sister does all the tasting" is
# often the person's own shop)
_OUTSIDER_RE = re.compile(rf"^(?:(?:and|but|so|while)\s+)?(?:my|our)\s+(?:\w+\s+)?(?:{_OUTSIDERS})\b", IC)


# someone by name alone and their way of before ("Arvo always used Agfa film"): theirs, with nothing of the person
_NAMED_PAST_WAY_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|plus)[\s,]+)*(?!(?:I|We|You|It|This|That|There|He|She|They|My|Our)\b)"
    r"(?-i:[A-ZÀ-Ý][a-zà-ÿ'-]+)(?:\s+(?-i:[A-ZÀ-Ý][a-zà-ÿ'-]+))?\s+(?:always|usually|only|never)\s+"
    rf"(?:{PAST_WAYS})\b(?![^,;.]*\b(?:I|me|my|mine|we|us|our)\b)",
    IC,
)


def outsider_first(text: str) -> bool:
    """True when the words open with someone outside the family ("my neighbor uses Roundup …")."""
    return bool(_OUTSIDER_RE.match(text))


# the same with no "that" ("heard Zig is getting popular"), said as what goes around ("apparently the
# Mediterranean diet is good for cholesterol"; "apparently I'm allergic to penicillin" is the person's), or
# what a feed shows ("my feed is full of Bali villas")
_HEARD_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|btw|lol|plus)[\s,]+)*(?:"
    rf"(?:apparently|supposedly|allegedly|reportedly|rumou?r has it|word is|they say|people say)[\s,]+"
    rf"(?![^,;.]*\b(?:{_FIRST_PERSON})\b)"
    r"|(?:i\s+|we\s+)?(?:(?:also|just|once)\s+)?(?:heard|read)\s+(?!(?:that|how|about|it|the\s+docs?|up|through)\b)"
    r"(?:[\w.+#'-]+\s+){1,3}(?:is|are|was|were|has|have|can|will|makes?|helps?|works?|causes?|cures?|do|does|use|uses)\b"
    r"|(?:my|the)\s+(?:feed|timeline|fyp|for you page|explore page|insta|instagram|tiktok|youtube|news)\s+is\s+"
    r"(?:full of|all)\b)",
    IC,
)


def hearsay(text: str) -> bool:
    """True when the clause tells what the person only read or heard ("I read on some forum that …")."""
    return bool(_HEARSAY_RE.match(text) or _HEARD_RE.match(text))


def passing(text: str) -> bool:
    """True when the clause tells of today or this minute ("prod had a 5xx spike this morning"), not of
    what recurs ("every morning") or of a role held now."""
    # ("reminders go out 24 hours before, we decided this with the team today"): when a decision was made is no
    # state of the moment
    text = _DECIDED_WHEN_RE.sub("", text)
    return bool(
        _TRANSIENT_RE.search(text) and not _RECURRING_RE.search(text) and not _ROLE_NOW_RE.match(text)
    )


_DECIDED_WHEN_RE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:decided|agreed|settled|confirmed|voted)\b[^,;.]{0,40}?"
    r"\b(?:today|this\s+morning|this\s+afternoon|just\s+now)\b",
    IC,
)


def admissible(clause: str) -> str | None:
    """Why the judge must not read this clause at all, or None when it may."""
    text = clause.strip().lstrip("([\"'“‘").strip()  # "(i used to use mendeley back in my masters …)"
    if len(TOKEN_RE.findall(text)) < 3:
        return "too short"
    if _TOPIC_ONLY_RE.match(text):
        return "a topic, nothing said of it"  # "As for the Bitwarden business"
    # "About Grammarly, my classmate Yupa writes everything with ChatGPT": the topic first is no subject
    text = _TOPIC_FIRST_RE.sub("", text) or text
    why = refused(text)
    if why:
        return why
    if _ASKED_IF_RE.search(text):
        return "a question passed on"
    if _OCCASION_RE.search(text):
        return "a story of one occasion"
    if turned_down(text) or not_needed(text):
        return "turned down"
    if (
        re.search(APPOINTMENT, text, IC)
        or _VISIT_RE.match(text)
        or _ERRAND_RE.match(text)
        or _ONE_EVENT_RE.match(text)
    ) and not _RECURRING_RE.search(text):
        return "one appointment"
    if of_the_moment(text):  # "rn", "with 40 min left": refused whatever habit word is near
        return "passing state"
    if passing(text) or (
        _STATE_RE.search(text)
        and not _HABIT_RE.search(text)
        and not _DECIDED_RE.search(text)
        and not _MOVED_RE.search(text)
    ):
        return "passing state"
    if _UNDECIDED_RE.search(text) or (_LATER_RE.search(text) and _PLANNING_RE.search(text)):
        return "undecided"
    if given_up(text):
        return "a habit given up"
    if hearsay(text):
        return "hearsay"
    if impression(text):
        return "impression"
    if someone_elses(text):
        return "someone else's taste"
    if others_habit(text) or _NAMED_PAST_WAY_RE.match(text):
        return "someone else's habit"
    if their_peoples(text):
        return "someone else's"
    if _THEY_RE.match(text):
        return "someone else"  # "he has a bakery in Villeurbanne": who "he" is was said elsewhere
    if _NO_SUBJECT_RE.match(text) and len(text.split()) < 5:
        return "reply"
    return None


# Cues the tf-idf spreads over many rare terms, summed into a few columns: a standing rule says
# it holds in general ("always", "everything you send me", "like this"); a one-off request points
# at something here and now ("this file", "that hunk", "again").
CUES = (
    re.compile(
        r"\b(?:always|never|ever|every|everything|everywhere|all|each|whenever|only|like this|from now on|"
        r"no exceptions|by default|in general|any time|anytime|pls|please)\b",
        IC,
    ),
    re.compile(r"\b(?:this|that|these|those|it|here|now|again|above|below|just)\b", IC),
    re.compile(r"\b(?:I|I'm|I've|im|ive|my|me|we|we're|our|us)\b", IC),
    re.compile(r"\b(?:you|your|ur|u)\b", IC),
    re.compile(r"\d|\b(?-i:[A-Z][a-z]+)\b"),
)


def cues(texts: Sequence[str]) -> np.ndarray:
    """One column per cue: 1 when the clause has it."""
    import numpy as np

    body = [re.sub(r"^\W*\w+", "", t) for t in texts]  # the capital of the first word is no name
    return np.array(
        [[1.0 if cue.search(b if i == len(CUES) - 1 else t) else 0.0 for i, cue in enumerate(CUES)]
         for t, b in zip(texts, body, strict=True)],
    ).reshape(len(texts), len(CUES))  # fmt: skip


def terms(text: str) -> list[str]:
    """Lower-cased words and adjacent word pairs, as sklearn's TfidfVectorizer(ngram_range=(1, 2))."""
    words = TOKEN_RE.findall(text.lower())
    return words + [f"{a} {b}" for a, b in pairwise(words)]


@dataclass(frozen=True)
class Weights:
    """The trained judge: tf-idf vocabulary, coefficients and the threshold it was measured at."""

    model: str  # the embedding model the vector coefficients belong to
    vocab: dict[str, int]
    idf: np.ndarray
    coef_text: np.ndarray
    coef_vec: np.ndarray
    coef_cues: np.ndarray
    intercept: float
    threshold: float
    meta: dict[str, Any] = field(default_factory=dict)
    # the decoy veto trained beside the judge (the same kind of model, on other rows), when shipped
    veto: Weights | None = None

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> Weights:
        return cls.of(json.loads(path.read_text(encoding="utf-8")))

    @classmethod
    def of(cls, raw: dict[str, Any], model: str = "") -> Weights:
        """The weights in `raw` (judge.json's fields, or its "veto" part, which shares the judge's model)."""
        import numpy as np

        return cls(
            model=raw.get("model", model),
            vocab={t: i for i, t in enumerate(raw["terms"])},
            idf=np.asarray(raw["idf"], dtype=np.float64),
            coef_text=np.asarray(raw["coef_text"], dtype=np.float64),
            coef_vec=np.asarray(raw["coef_vec"], dtype=np.float64),
            coef_cues=np.asarray(raw["coef_cues"], dtype=np.float64),
            intercept=float(raw["intercept"]),
            threshold=float(raw["threshold"]),
            meta=raw.get("meta", {}),
            veto=cls.of(raw["veto"], raw.get("model", model)) if raw.get("veto") else None,
        )

    def tfidf(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of l2-normalised tf-idf over the vocabulary (sklearn's defaults: raw counts, smooth idf)."""
        import numpy as np

        out = np.zeros((len(texts), len(self.vocab)))
        for row, text in enumerate(texts):
            for term in terms(text):
                col = self.vocab.get(term)
                if col is not None:
                    out[row, col] += 1.0
        out *= self.idf
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)

    def scores(self, texts: Sequence[str], vectors: np.ndarray) -> np.ndarray:
        """P(a lasting fact about the person) for each clause, given its sentence vector."""
        import numpy as np

        z = (
            self.tfidf(texts) @ self.coef_text
            + np.asarray(vectors, dtype=np.float64) @ self.coef_vec
            + cues(texts) @ self.coef_cues
        )
        return 1.0 / (1.0 + np.exp(-(z + self.intercept)))


@cache
def weights() -> Weights:
    return Weights.load(WEIGHTS)


_MEMO = 4096  # vectors a judge keeps (a long session's clauses and statements)


class Judge:
    """Scores clauses with the shipped weights and the workspace's sentence model (loaded on first use)."""

    def __init__(self, weights: Weights, encode: Any, threshold: float | None = None):
        self.weights = weights
        self._encode = encode  # list[str] -> np.ndarray of unit vectors
        self.threshold = weights.threshold if threshold is None else threshold
        self._lock = threading.Lock()
        self._memo: dict[str, np.ndarray] = {}  # text -> vector, oldest first

    @classmethod
    def for_embedding(cls, cfg: EmbeddingConfig, threshold: float | None = None) -> Judge | None:
        """The judge for this model, or None when the weights were trained on another model's vectors."""
        from jarvis.index.embed import LazyEmbedder

        shipped = weights()
        if cfg.model != shipped.model:
            return None
        return cls(shipped, LazyEmbedder(cfg).encode, threshold)

    def scores(self, clauses: Sequence[str]) -> list[float]:
        """P(a lasting fact about the person) for each clause no family read."""
        return self._scores(self.weights, clauses)

    def decoys(self, quotes: Sequence[str]) -> list[bool]:
        """For each kept statement's own words: does the veto take it for a decoy (another person's
        taste, a suggestion turned down, a passing state, a plan that may never happen)?"""
        veto = self.weights.veto
        if veto is None:
            return [False] * len(quotes)
        return [p >= veto.threshold for p in self._scores(veto, quotes)]

    def _scores(self, model: Weights, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        return [float(p) for p in model.scores(texts, self._vectors(texts))]

    def _vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Sentence vectors, each text encoded once (the veto reads again what the judge just read)."""
        import numpy as np

        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._memo]
            if missing:
                self._memo.update(zip(missing, self._encode(missing), strict=True))
            vectors = np.stack([self._memo[t] for t in texts])
            while len(self._memo) > _MEMO:
                del self._memo[next(iter(self._memo))]
            return vectors
